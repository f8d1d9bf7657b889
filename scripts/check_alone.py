"""Each distribution installed alone, as the READMEs say, works alone (run by ``make dist``).

No distribution of this repository is on the package index; the READMEs (``README.md`` and
``distributions/*/README.md``) give two ways to install one. This script runs every
``pip install`` line of their ``sh`` blocks as written, each distribution in new virtual
environments (pip fetches attrs, cattrs, click and rich from the package index):

- **from a clone**: the line runs in the top folder of a copy of the repository (its
  sources, distributions, scripts and top-level files, without ``build/`` or ``*.egg-info`` folders:
  what a fresh clone holds), for example ``pip install ./distributions/meeplekit .``;
- **from the wheelhouse** ``make dist`` writes: ``pip install --find-links dist <name>``
  (:data:`WHEELHOUSE`) runs in the folder holding ``DIST_DIR``.

Installed, each is used outside the repository, so only what was installed is importable:

- the table alone (``meepletable``) keeps a table in its storage and finds no game;
- the shared layer alone imports every module (a module that needs an extra fails with an
  ``ImportError`` that says what to install) and finds no game registered;
- a game alone is found by name (``meeplekit.registry.load_game``), is the only game
  registered, imports no other game, and plays a seeded random game to the end (players'
  moves drawn with SplitMix64, chance outcomes with their exact probabilities);
- from the wheelhouse, a game and the shared layer are the compiled build (their engine an
  extension module) where the wheelhouse holds their compiled wheels for this interpreter
  (``make dist`` builds them), and the pure build from a clone;
- the game's command without its ``cli`` extra exits with one line naming the command that
  installs the extra; then, from a clone, the README's line with ``[cli]`` runs, from the
  wheelhouse the command that line named runs as printed, and ``<game> --version`` prints
  the version.

A README's line that this script cannot classify, or two READMEs giving different lines for
the same install, is a failure too.

Usage: ``python scripts/check_alone.py [DIST_DIR]`` (default ``dist``); exits 1 and says
what failed.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import tomllib
import venv
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

#: The repository's top folder.
ROOT = Path(__file__).resolve().parents[1]

#: The wheelhouse command, as the READMEs write it and as this script runs it.
WHEELHOUSE = "pip install --find-links dist {}"

#: The shared layer's distribution: every game's command installs it first.
SHARED_DISTRIBUTION = "meeplekit"

#: The web table's distribution: no game, no command of a game (yet: its storage).
TABLE_DISTRIBUTION = "meepletable"

#: What runs inside an environment holding one game: a seeded random game to the end.
PLAY = """
import sys
from meeplekit.protocol import CHANCE, sample_chance
from meeplekit.registry import load_game, registered_names
from meeplekit.rng import SplitMix64

name = sys.argv[1]
assert registered_names() == (name,), registered_names()
game = load_game(name)
rng = SplitMix64(7)
state = game.new_game(2, seed=7)
moves = 0
while not game.is_over(state):
    if game.current_player(state) == CHANCE:
        move = sample_chance(game.chance_outcomes(state), rng)
    else:
        move = rng.choice(game.legal_moves(state))
    state = game.apply_move(state, move)
    moves += 1
others = {"harbour", "machikoro", "bremerhaven"} - {name}
assert not others & {m.split(".")[0] for m in sys.modules}, "another game was imported"
engine = sys.modules[f"{name}.engine"]
build = "compiled" if (engine.__file__ or "").endswith(".so") else "pure"
print(f"a seeded random game of {name} ended after {moves} moves;"
      f" winners {game.outcome(state).winners}; the {build} build")
"""

#: What runs inside an environment holding only the shared layer.
SHARED = """
import importlib, pkgutil, sys
import meeplekit
from meeplekit.registry import registered_names
extras = []
for info in pkgutil.iter_modules(meeplekit.__path__):
    try:
        importlib.import_module(f"meeplekit.{info.name}")
    except ImportError as error:  # a module of an extra must say how to install it
        assert "pip install" in str(error), (info.name, error)
        extras.append(info.name)
assert registered_names() == (), registered_names()
build = "compiled" if (sys.modules["meeplekit.engine"].__file__ or "").endswith(".so") else "pure"
print(f"every module imports or names its extra ({', '.join(extras)}); no game is registered;"
      f" the {build} build")
"""

#: What runs inside an environment holding the table alone: its storage keeps a table.
TABLE = """
import sys, tempfile
from pathlib import Path
from meeplekit.registry import registered_names
from meepletable.storage import Seat, SQLiteStorage, StoredMove, TableRecord
assert registered_names() == (), registered_names()
storage = SQLiteStorage(Path(tempfile.mkdtemp()) / "tables.db")
record = TableRecord(table_id="t", game="g", players=1, options="{}", cards=None, seed=1,
                     created=0.0)
storage.create(record, [Seat("random")])
storage.append("t", StoredMove(0, "a move"), finished=True)
assert storage.moves("t") == (StoredMove(0, "a move"),) and not storage.unfinished()
import meepletable
from meepletable.app import Config, create_app
create_app(Config(db=Path(tempfile.mkdtemp()) / "served.db"))
folder = Path(meepletable.__file__).parent
for page in ("templates/lobby.html", "templates/play.html", "static/table.js", "static/table.css"):
    assert (folder / page).is_file(), page
print("the storage keeps a table, the application and its pages are installed; no game is registered")
"""

#: The install command in the one line a game's command prints without its ``cli`` extra.
_HINT = re.compile(r"pip install '[^']+'")


class CheckFailed(Exception):
    """One check of one distribution failed; the message says which and why."""


@dataclass(frozen=True)
class Command:
    """A ``pip install`` line of a README: what it installs, and how."""

    #: The line as written.
    line: str
    #: Where it is written: ``README.md:34``.
    where: str
    #: ``clone`` (local folders), ``wheelhouse`` (:data:`WHEELHOUSE`) or ``extra`` (a
    #: distribution's extra added by name once the distribution is installed).
    route: str
    #: The distribution it is for: the last one it names (a game after meeplekit).
    distribution: str
    #: The extra it adds (``cli``), or ``None``.
    extra: str | None

    def __str__(self) -> str:
        """The command without its comment, and where it is written."""
        return f"{self.line.partition(' #')[0].rstrip()} ({self.where})"


def _blocks(text: str) -> Iterator[tuple[int, str]]:
    """Each line of the text's ``sh`` code blocks, with its line number."""
    inside = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip().startswith("```"):
            inside = not inside and line.strip() == "```sh"
        elif inside:
            yield number, line.strip()


def _folder_distribution(folder: str, root: Path) -> str:
    """The distribution a local folder holds (its ``pyproject.toml``'s name)."""
    pyproject = (root / folder / "pyproject.toml").resolve()
    if not pyproject.is_relative_to(root.resolve()) or not pyproject.is_file():
        raise ValueError(f"names {folder}, not a distribution's folder of this repository")
    name: str = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["name"]
    return name


def _requirement(text: str) -> tuple[str, str | None]:
    """``('harbour-rules', 'cli')`` for ``harbour-rules[cli]``, ``(text, None)`` without."""
    match = re.fullmatch(r"([^\[\]]+)(?:\[(\w+)\])?", text)
    if match is None:
        raise ValueError(f"names {text!r}, not a requirement this check knows")
    return match[1], match[2]


def parse(line: str, where: str, root: Path = ROOT) -> Command:
    """Classify a README's ``pip install`` line; :class:`ValueError` for one it cannot run."""
    try:
        return Command(line, where, *_classify(line, root))
    except ValueError as error:
        raise ValueError(f"{where}: {line!r} {error}") from None


def _classify(line: str, root: Path) -> tuple[str, str, str | None]:
    """The route, distribution and extra of a ``pip install`` line (see :class:`Command`)."""
    words = shlex.split(line, comments=True)
    if words[:2] != ["pip", "install"] or len(words) < 3:
        raise ValueError("is not a pip install line")
    arguments = words[2:]
    if arguments[:2] == ["--find-links", "dist"] and len(arguments) == 3:
        if line.partition("#")[0].strip() != WHEELHOUSE.format(shlex.quote(arguments[2])):
            raise ValueError(f"is not written as {WHEELHOUSE!r}")
        return ("wheelhouse", *_requirement(arguments[2]))
    if all(a.startswith(".") for a in arguments):
        names = []
        for argument in arguments:
            folder, extra = _requirement(argument)
            names.append((_folder_distribution(folder, root), extra))
        *first, (name, extra) = names
        if first != ([] if name == SHARED_DISTRIBUTION else [(SHARED_DISTRIBUTION, None)]):
            raise ValueError("does not name ./distributions/meeplekit, then one game's folder")
        return "clone", name, extra
    if len(arguments) == 1 and not arguments[0].startswith("-"):
        name, extra = _requirement(arguments[0])
        if extra is not None:
            return "extra", name, extra
    raise ValueError("is not a pip install line this check can run")


def readmes(root: Path = ROOT) -> list[Path]:
    """The READMEs whose install lines are checked: the repository's and each distribution's."""
    return [root / "README.md", *sorted(root.glob("distributions/*/README.md"))]


def documented(root: Path = ROOT) -> list[Command]:
    """Every ``pip install`` line of the READMEs' ``sh`` blocks, classified."""
    commands = []
    for path in readmes(root):
        text = path.read_text(encoding="utf-8")
        for number, line in _blocks(text):
            if line.startswith("pip "):
                where = f"{path.relative_to(root)}:{number}"
                commands.append(parse(line, where, root))
    return commands


def one_each(commands: list[Command]) -> dict[tuple[str, str, str | None], Command]:
    """The command for each (route, distribution, extra); :class:`ValueError` if two differ."""
    chosen: dict[tuple[str, str, str | None], Command] = {}
    for command in commands:
        key = (command.route, command.distribution, command.extra)
        first = chosen.setdefault(key, command)
        if shlex.split(first.line, comments=True) != shlex.split(command.line, comments=True):
            raise ValueError(
                f"two commands for the same install: {first.where}: {first.line!r} and "
                f"{command.where}: {command.line!r}"
            )
    return chosen


# --------------------------------------------------------------------------- running them


def _run(arguments: list[str], where: Path, what: str) -> str:
    """Run a process; its standard output, or :class:`CheckFailed` with its error output."""
    result = subprocess.run(arguments, capture_output=True, text=True, cwd=where)
    if result.returncode != 0:
        raise CheckFailed(f"{what} failed:\n{result.stdout}{result.stderr}")
    return result.stdout.strip()


def _pip(python: Path, line: str, where: Path) -> None:
    """Run a README's ``pip install`` line as written, with the environment's pip."""
    words = shlex.split(line, comments=True)
    _run([str(python), "-m", *words], where, f"{line!r} in {where}")


def _copy_clone(folder: Path) -> Path:
    """What a fresh clone holds for pip: the sources, distributions, top-level files and scripts.

    Every ``setup.py`` runs ``scripts/compiled_build.py``, pure build or compiled.
    """
    clone = folder / "clone"
    clone.mkdir()
    skip = shutil.ignore_patterns("build", "*.egg-info", "__pycache__", "*.py[cod]")
    for path in ROOT.iterdir():
        if path.is_file():
            shutil.copy2(path, clone / path.name)
    for name in ("src", "distributions", "scripts"):
        shutil.copytree(ROOT / name, clone / name, ignore=skip)
    return clone


def _use(python: Path, distribution: str, outside: Path) -> str:
    """Use what is installed, outside the repository; what it printed."""
    if distribution == SHARED_DISTRIBUTION:
        return _run([str(python), "-c", SHARED], outside, "the shared layer alone")
    if distribution == TABLE_DISTRIBUTION:
        return _run([str(python), "-c", TABLE], outside, "the table alone")
    name = distribution.removesuffix("-rules")
    return _run([str(python), "-c", PLAY, name], outside, f"{name} alone")


def _compiled_wheel(dist: Path, distribution: str) -> bool:
    """Whether the wheelhouse holds ``distribution``'s compiled wheel for this interpreter.

    pip prefers it to the pure wheel there, so that the wheelhouse's install takes it.
    """
    tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    stem = distribution.replace("-", "_")
    return any(dist.glob(f"{stem}-*-{tag}-{tag}-*.whl"))


def _without_cli(command: Path, outside: Path) -> str:
    """The install command a game's command names when its ``cli`` extra is missing."""
    result = subprocess.run(
        [str(command), "--version"], capture_output=True, text=True, cwd=outside
    )
    hint = _HINT.search(result.stderr)
    if result.returncode == 0 or hint is None or result.stderr.count("\n") != 1:
        raise CheckFailed(
            f"{command.name} without its cli extra did not exit with one line naming the "
            f"install command:\n{result.stdout}{result.stderr}"
        )
    return hint[0]


def _check(
    route: str,
    distribution: str,
    commands: dict[tuple[str, str, str | None], Command],
    dist: Path,
) -> list[str]:
    """Install one distribution by one route in a new environment and use it; what it did."""
    with tempfile.TemporaryDirectory(prefix="check-alone-") as temporary:
        folder = Path(temporary)
        where = _copy_clone(folder) if route == "clone" else dist.resolve().parent
        outside = folder / "elsewhere"
        outside.mkdir()
        venv.EnvBuilder(with_pip=True).create(folder / "venv")
        python = folder / "venv" / "bin" / "python"
        plain = commands[(route, distribution, None)]
        _pip(python, plain.line, where)
        used = _use(python, distribution, outside)
        build = (
            "compiled" if route == "wheelhouse" and _compiled_wheel(dist, distribution) else "pure"
        )
        if distribution != TABLE_DISTRIBUTION and not used.endswith(f"the {build} build"):
            raise CheckFailed(f"{plain} did not install the {build} build: {used}")
        done = [f"{plain}: {used}"]
        if distribution in (SHARED_DISTRIBUTION, TABLE_DISTRIBUTION):
            return done
        command = python.parent / distribution.removesuffix("-rules")
        hint = _without_cli(command, outside)
        done.append(f"without the cli extra, {command.name} names {hint}")
        if route == "clone":
            with_cli = commands.get((route, distribution, "cli"))
            if with_cli is None:
                raise CheckFailed(f"no README gives the command with {distribution}'s cli extra")
            _pip(python, with_cli.line, where)
            done.append(f"{with_cli}: ")
        else:
            written = commands.get(("extra", distribution, "cli"))
            if written and shlex.split(written.line, comments=True) != shlex.split(hint):
                raise CheckFailed(f"{command.name} names {hint!r}, not the command of {written}")
            _pip(python, hint, outside)
            done.append(f"{hint} as printed: ")
        done[-1] += _run([str(command), "--version"], outside, f"{command.name} --version")
        return done


def main(argv: list[str]) -> int:
    """Check every documented install of every distribution (``argv[0]``: the wheelhouse)."""
    dist = Path(argv[0] if argv else "dist")
    try:
        commands = one_each(documented())
    except ValueError as error:
        print(error, file=sys.stderr)
        return 1
    plans = sorted({(route, name) for route, name, _ in commands if route != "extra"})
    if dist.name != "dist":
        print(f"{dist}: the READMEs' wheelhouse is a folder named dist", file=sys.stderr)
        return 1

    def check(plan: tuple[str, str]) -> tuple[tuple[str, str], list[str] | CheckFailed]:
        try:
            return plan, _check(*plan, commands, dist)
        except CheckFailed as error:
            return plan, error

    failed = False
    # Two at a time: most of the time is spent waiting on pip's downloads and builds.
    with ThreadPoolExecutor(max_workers=2) as pool:
        for (route, name), result in pool.map(check, plans):
            if isinstance(result, CheckFailed):
                print(f"{name} from the {route}: {result}", file=sys.stderr)
                failed = True
            else:
                print(f"{name} from the {route}: " + "; ".join(result))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
