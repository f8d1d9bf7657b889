"""The docs' install steps, made from the install lines of the READMEs (their one home).

No distribution of the project is on the package index. The READMEs (``README.md`` and
``distributions/*/README.md``) give the commands that work, and ``scripts/check_alone.py``
(run by ``make dist``) runs each of them as written in new virtual environments. The docs
do not write the commands again: these directives take them from the READMEs through that
script's own reading of them (:func:`check_alone.documented`), so that a command the docs
show is a command that script runs.

- ``{install} harbour-rules`` (a game's distribution): the commands from a clone, without
  and with the ``cli`` extra; the wheelhouse command; and each optional extra with what it
  is for and the command that adds it once the game is installed (the game's
  ``<game>.info.EXTRAS``, whose messages print the same command).
- ``{install-all}``: each game's command from a clone, as the repository's README writes
  it (with its comment naming the game), and the shared layer's alone.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from meeplekit.extras import Extras

ROOT = Path(__file__).resolve().parents[2]


def _check_alone() -> ModuleType:
    """``scripts/check_alone.py``, the reader and runner of the READMEs' install lines."""
    name = "check_alone"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "check_alone.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # registered first: its dataclasses look it up
        spec.loader.exec_module(module)
    return sys.modules[name]


CHECK_ALONE = _check_alone()

#: The shared layer's distribution.
SHARED: str = CHECK_ALONE.SHARED_DISTRIBUTION


def commands() -> dict[tuple[str, str, str | None], Any]:
    """Each install the READMEs document, by (route, distribution, extra): its command."""
    found: dict[tuple[str, str, str | None], Any] = CHECK_ALONE.one_each(
        CHECK_ALONE.documented(ROOT)
    )
    return found


def written(command: Any) -> str:
    """A README's command as written there, without its comment."""
    line: str = command.line.partition(" #")[0].rstrip()
    return line


def block(lines: list[tuple[str, str]]) -> nodes.literal_block:
    """A shell block of commands, each after its comment (a comment beside a command would
    push the block past the column's width on a laptop)."""
    text = "\n".join(
        f"# {comment}\n{command}" if comment else command for command, comment in lines
    )
    return nodes.literal_block(text, text, language="sh")


def paragraph(*parts: str | nodes.Node) -> nodes.paragraph:
    """A paragraph of text and inline nodes."""
    out = nodes.paragraph()
    for part in parts:
        out += nodes.Text(part) if isinstance(part, str) else part
    return out


def code(text: str) -> nodes.literal:
    """Inline code."""
    return nodes.literal(text, text)


class _Install(SphinxDirective):
    """A directive whose output depends on the READMEs: rebuilt when one changes."""

    def readmes(self) -> None:
        for path in CHECK_ALONE.readmes(ROOT):
            self.env.note_dependency(str(path))


class Install(_Install):
    """One game's install: from a clone, from the wheelhouse, and its optional extras."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        self.readmes()
        distribution = self.arguments[0]
        found = commands()
        games = {name for route, name, extra in found if route == "clone" and extra == "cli"}
        if distribution not in games:
            raise self.error(f"{distribution!r} is none of the games the READMEs install: {games}")
        command = distribution.removesuffix("-rules")
        extras: Extras = importlib.import_module(f"{command}.info").EXTRAS
        return [
            paragraph(
                code(distribution),
                " is not yet on the package index: install it from a clone "
                "of the repository, with Python 3.11 or later, by running one of these "
                "commands in the clone's top folder. The game needs the shared layer ",
                code(SHARED),
                ", which pip cannot find on its own, so each command names its folder first:",
            ),
            block(
                [
                    (written(found[("clone", distribution, None)]), "the library"),
                    (
                        written(found[("clone", distribution, "cli")]),
                        f"and the {command} command",
                    ),
                ]
            ),
            paragraph(
                "To work on the code, put ",
                code("-e"),
                " before each folder (an editable install). Or build the wheelhouse ",
                code("dist/"),
                " with ",
                code("make dist"),
                " and install the game from it, meeplekit coming along:",
            ),
            block([(written(found[("wheelhouse", distribution, None)]), "")]),
            paragraph(
                "Once the game is installed either way, an optional extra is added by its "
                "name in brackets (pip keeps the installed game and fetches only the "
                "extra's packages); a part that needs a missing extra says which command "
                "adds it:"
            ),
            self.extras(extras),
        ]

    @staticmethod
    def extras(extras: Extras) -> nodes.bullet_list:
        """Each optional extra: its name, what it is for, the command that adds it."""
        items = nodes.bullet_list()
        for name, (_modules, purpose) in extras.extras.items():
            items += nodes.list_item(
                "",
                paragraph(
                    nodes.strong(name, name),
                    f" ({purpose}): ",
                    code(extras.install_command(name)),
                ),
            )
        return items


class InstallAll(_Install):
    """Every game's command from a clone, as the repository's README writes it."""

    def run(self) -> list[nodes.Node]:
        self.readmes()
        games = [
            command
            for (route, name, extra), command in commands().items()
            if route == "clone" and extra is None and name != SHARED
        ]
        lines = [(written(c), c.line.partition(" #")[2].strip()) for c in games]
        lines.append(
            (written(commands()[("clone", SHARED, None)]), "meeplekit, the shared layer, alone")
        )
        return [block(lines)]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("install", Install)
    app.add_directive("install-all", InstallAll)
    return {"parallel_read_safe": True}
