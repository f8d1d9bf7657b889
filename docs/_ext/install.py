"""The install step of the docs' front page, from :mod:`harbour.extras` (the one home of the
distribution's name and of its extras).

``{harbour-install}`` makes the command that installs the library and a list of the
optional extras, each with the command that installs it and what it is for.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from harbour import extras


class HarbourInstall(SphinxDirective):
    """``pip install`` for the library, then one line per optional extra."""

    def run(self) -> list[nodes.Node]:
        command = f"pip install {extras.DISTRIBUTION}"
        out: list[nodes.Node] = [nodes.literal_block(command, command, language="sh")]
        intro = nodes.paragraph()
        intro += nodes.Text(
            "The library needs only attrs and cattrs. Optional extras add the rest; "
            "install one with its name in brackets:"
        )
        out.append(intro)
        items = nodes.bullet_list()
        for name, (_modules, purpose) in extras.EXTRAS.items():
            line = nodes.paragraph()
            line += nodes.strong(name, name)
            line += nodes.Text(f" ({purpose}): ")
            install = extras.install_command(name)
            line += nodes.literal(install, install)
            items += nodes.list_item("", line)
        out.append(items)
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("harbour-install", HarbourInstall)
    return {"parallel_read_safe": True}
