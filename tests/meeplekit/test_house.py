"""Every game's package has the modules the developers' page lists, and no other.

The page ``docs/developers.md`` ("The house") has a table of the modules of a game: each
row a module, what it holds, and the games that have it ("every game" or the game names).
A game is a package of ``src`` other than the shared layer; so a third game is checked as
soon as it lands.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "developers.md"
GAMES = sorted(
    p.name
    for p in (ROOT / "src").iterdir()
    if (p / "__init__.py").is_file() and p.name != "meeplekit"
)
ROW = re.compile(r"^\| `(\w+)` \| [^|]+ \| ([\w ,]+) \|$")


def listed() -> dict[str, set[str]]:
    """Module -> the games the page says have it."""
    rows: dict[str, set[str]] = {}
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        found = ROW.match(line)
        if found:
            module, games = found.groups()
            assert module not in rows, f"{module} is listed twice"
            named = {g.strip() for g in games.split(",")}
            rows[module] = set(GAMES) if named == {"every game"} else named
    return rows


def modules(game: str) -> set[str]:
    """The top-level modules and subpackages of a game's package."""
    folder = ROOT / "src" / game
    found = {p.stem for p in folder.glob("*.py")}
    found |= {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}
    return found


def test_the_table_lists_the_modules_of_a_game() -> None:
    rows = listed()
    assert len(rows) > 30 and {"state", "moves", "engine", "rules", "cli", "info"} <= set(rows)
    assert all(games <= set(GAMES) for games in rows.values()), rows


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_the_modules_the_page_lists_and_no_other(game: str) -> None:
    expected = {module for module, games in listed().items() if game in games}
    actual = modules(game)
    assert sorted(expected - actual) == [], "listed for the game but missing"
    assert sorted(actual - expected) == [], "in the game but not on docs/developers.md"
