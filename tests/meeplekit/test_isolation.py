"""Import isolation: the shared layer imports no game, and a game imports no other game."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Every game package of the repository.
GAMES = ("harbour", "machikoro", "bremerhaven")


def _imported_roots(package: Path) -> set[str]:
    """The top-level names every module of ``package`` imports."""
    roots: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                roots.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                roots.add(node.module.split(".")[0])
    return roots


def test_the_shared_layer_names_no_game_in_its_imports() -> None:
    assert not _imported_roots(ROOT / "src" / "meeplekit") & set(GAMES)


@pytest.mark.parametrize("game", [g for g in GAMES if (ROOT / "src" / g).is_dir()])
def test_a_game_names_no_other_game_in_its_imports(game: str) -> None:
    others = set(GAMES) - {game}
    assert not _imported_roots(ROOT / "src" / game) & others


def _modules_after(code: str) -> set[str]:
    script = f"import sys\n{code}\nprint(' '.join(sorted(sys.modules)))\n"
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return {name.split(".")[0] for name in result.stdout.split()}


def test_importing_the_whole_shared_layer_imports_no_game() -> None:
    modules = [
        f"meeplekit.{path.stem}"
        for path in (ROOT / "src" / "meeplekit").glob("*.py")
        if path.stem != "__init__"
    ]
    loaded = _modules_after("\n".join(f"import {m}" for m in modules))
    assert not loaded & set(GAMES)


def test_importing_harbour_imports_no_other_game() -> None:
    loaded = _modules_after(
        "import harbour, harbour.testing, harbour.openspiel, harbour.pettingzoo\n"
        "from meeplekit.cli.app import command\ncommand('harbour')"
    )
    assert "harbour" in loaded and "meeplekit" in loaded
    assert not loaded & (set(GAMES) - {"harbour"})
