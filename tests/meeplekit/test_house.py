"""The house: every package has the same floors, and no module imports from a floor above its own.

``docs/developers.md`` ("The house") describes the layers. Each package of ``src`` (every game
and the shared layer ``meeplekit``) is built the same way:

0. the **rules core**: the package's own modules and sub-packages (``state``, ``moves``,
   ``cards/``, ``rules/``, ``engine``, ``observation``, ...), except the tools below;
1. ``interchange/``: JSON, position codes, notation, records;
2. ``views/``: the text view, pictures, narration;
3. ``agents/``: action codes, tensors, bots, search, the learning adapters;
4. the **top**: the modules named :data:`TOP_MODULES`, which may use every floor: the
   game's description (``info``, read by every shared tool) and, in ``meeplekit``, the
   registry that hands descriptions out; the OpenSpiel and PettingZoo adapters, which serve
   a game from its description; and the tools (the demo, the command, the lab, the testing
   kit).

The package's ``__init__`` is its front door: it re-exports public names from every floor
(the views and agents lazily where the game keeps ``import`` cheap) and is not a floor.
An import, wherever it stands in a module (top level, a function, ``TYPE_CHECKING``), goes
to the same floor or one below, in the same package or in ``meeplekit``; no game imports
another game. The checks read the code's imports; nothing here lists a module by name except
the top's.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
SHARED = "meeplekit"
PACKAGES = sorted(p.name for p in SRC.iterdir() if (p / "__init__.py").is_file())
#: The frontends built on the libraries (the web table): no floors and no game's layout;
#: like every package they import the shared layer and no game (the check below).
FRONTENDS = ("meepletable",)
#: The libraries: the shared layer and the games.
LIBRARIES = [name for name in PACKAGES if name not in FRONTENDS]
GAMES = [name for name in LIBRARIES if name != SHARED]
#: The floors above the rules core, lowest first: each a sub-package of every package.
FLOORS = ("interchange", "views", "agents")
#: Top-level modules and sub-packages of a package on the top floor.
TOP_MODULES = frozenset(
    {"info", "registry", "openspiel", "pettingzoo", "demo", "cli", "lab", "lab_report", "testing"}
)
TOP = len(FLOORS) + 1
NAMES = ("rules core", *FLOORS, "the top")


def floor(module: str) -> int | None:
    """The floor of a dotted module name of ``src``; None for a package's front door."""
    parts = module.split(".")
    if len(parts) == 1:
        return None
    if parts[1] in FLOORS:
        return FLOORS.index(parts[1]) + 1
    if parts[1] in TOP_MODULES:
        return TOP
    return 0


def module_name(path: Path, src: Path) -> str:
    """The dotted name of a source file under ``src``."""
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(path: Path, name: str, packages: list[str]) -> Iterator[tuple[int, str]]:
    """(line, dotted module) for every import of a package of ``src`` in one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in packages:
                    yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if target.split(".")[0] not in packages:
                continue
            for alias in node.names:
                # `from pkg import views` names a floor: judge what is imported.
                yield node.lineno, f"{target}.{alias.name}" if "." not in target else target


def wrong_imports(src: Path) -> list[str]:
    """Every import of the tree ``src`` that goes up a floor or into another game."""
    packages = sorted(p.name for p in src.iterdir() if (p / "__init__.py").is_file())
    found = []
    for path in sorted(src.rglob("*.py")):
        name = module_name(path, src)
        mine = floor(name)
        if mine is None:
            continue
        for line, target in imported(path, name, packages):
            where = f"{path.relative_to(src)}:{line} imports {target}"
            home, theirs = target.split(".")[0], floor(target)
            if home not in (name.split(".")[0], SHARED):
                found.append(f"{where}: another game")
            elif name.split(".")[0] in FRONTENDS:
                continue  # a frontend has no floors: it stands above every floor
            elif theirs is not None and theirs > mine:
                found.append(f"{where}: {NAMES[theirs]} above {NAMES[mine]}")
    return found


def test_the_frontends_are_packages_of_the_house() -> None:
    assert set(FRONTENDS) <= set(PACKAGES) and {"harbour", "machikoro"} <= set(GAMES)


@pytest.mark.parametrize("package", LIBRARIES)
def test_every_package_has_the_floors(package: str) -> None:
    folder = SRC / package
    missing = [f for f in FLOORS if not (folder / f / "__init__.py").is_file()]
    assert missing == [], f"{package} lacks the floors {missing}"
    for name in FLOORS:
        doc = ast.get_docstring(ast.parse((folder / name / "__init__.py").read_text("utf-8")))
        assert doc, f"{package}.{name} has no docstring saying what the floor holds"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_keeps_the_required_layout(game: str) -> None:
    folder = SRC / game
    assert (folder / "state.py").is_file() and (folder / "moves.py").is_file()
    assert (folder / "cards" / "__init__.py").is_file()


def test_no_import_goes_up_a_floor_or_into_another_game() -> None:
    assert wrong_imports(SRC) == []


def test_every_floor_has_modules_in_every_package() -> None:
    for package in LIBRARIES:
        for name in FLOORS:
            modules = [p for p in (SRC / package / name).glob("*.py") if p.stem != "__init__"]
            assert modules, f"{package}.{name} is empty"


def test_the_check_finds_an_import_up_a_floor(tmp_path: Path) -> None:
    """The check itself: a made-up tree with one wrong import of each kind."""
    for package in ("game", "other", SHARED):
        for folder in ("", *FLOORS):
            (tmp_path / package / folder).mkdir(parents=True, exist_ok=True)
            (tmp_path / package / folder / "__init__.py").write_text('"""x."""\n')
    (tmp_path / "game" / "state.py").write_text("from game.views import svg\n")
    (tmp_path / "game" / "views" / "svg.py").write_text(
        "from game.state import x\nfrom meeplekit.agents.bots import y\n"
    )
    (tmp_path / "game" / "agents" / "bots.py").write_text(
        "def f():\n    from other.state import z\n    from game.views.svg import w\n"
    )
    (tmp_path / "game" / "demo.py").write_text("from game.agents import bots\n")
    (tmp_path / "game" / "__init__.py").write_text("from game.agents import bots\n")
    found = wrong_imports(tmp_path)
    assert found == [
        "game/agents/bots.py:2 imports other.state: another game",
        "game/state.py:1 imports game.views: views above rules core",
        "game/views/svg.py:2 imports meeplekit.agents.bots: agents above views",
    ]


def test_the_developers_page_names_the_floors_and_the_top() -> None:
    page = (ROOT / "docs" / "developers.md").read_text(encoding="utf-8")
    for name in (*FLOORS, *TOP_MODULES):
        assert f"`{name}" in page, f"docs/developers.md does not name {name}"
