"""The tests' own house: every game's tests in the same two folders, and no test module
importing another (what tests share lives in ``tests/support/``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from meeplekit.registry import registered_names
from tests.support.soak import split, split_at

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"


def all_test_modules() -> list[Path]:
    return sorted(TESTS.rglob("test_*.py"))


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports (``from X import y`` counts as ``X`` and ``X.y``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def imports_a_test_module(path: Path) -> list[str]:
    return sorted(
        name
        for name in imported_modules(path)
        if name.startswith("tests.") and name.split(".")[-1].startswith("test_")
    )


def test_no_test_module_imports_another() -> None:
    offenders = {
        str(path.relative_to(ROOT)): names
        for path in all_test_modules()
        if (names := imports_a_test_module(path))
    }
    assert not offenders, f"test modules importing test modules: {offenders}"


def test_the_check_finds_an_import_of_a_test_module(tmp_path: Path) -> None:
    bad = tmp_path / "test_bad.py"
    bad.write_text(
        "from tests.property.harbour.test_random_sweep import seed_for\n"
        "from tests.property.harbour import test_state_machine\n"
        "import tests.meeplekit.test_text\n"
        "from tests.support.harbour import card\n",
        encoding="utf-8",
    )
    assert imports_a_test_module(bad) == [
        "tests.meeplekit.test_text",
        "tests.property.harbour.test_random_sweep",
        "tests.property.harbour.test_state_machine",
    ]


@pytest.mark.parametrize("kind", ["property", "scenarios"])
def test_every_game_has_its_property_and_scenario_folders(kind: str) -> None:
    games = {"harbour", "machikoro", "bremerhaven"} | {
        name for name in registered_names() if (ROOT / "src" / name).is_dir()
    }
    for game in sorted(games):
        folder = TESTS / kind / game
        assert (folder / "__init__.py").is_file(), f"no {folder.relative_to(ROOT)}/"
        assert any(folder.glob("test_*.py")), f"no tests in {folder.relative_to(ROOT)}/"
    # Only games' folders: a test of the shared layer belongs in tests/meeplekit/.
    assert {p.name for p in (TESTS / kind).iterdir() if p.is_dir()} - {"__pycache__"} <= games


def test_no_game_keeps_tests_outside_the_two_folders() -> None:
    for game in ("harbour", "machikoro", "bremerhaven"):
        assert not (TESTS / game).exists(), (
            f"tests/{game}/ should be tests/{{property,scenarios}}/{game}/"
        )


def _marked_soak(value: object) -> bool:
    return any(mark.name == "soak" for mark in getattr(value, "marks", ()))


def test_the_soak_splits_run_every_value_once_in_one_of_the_two_runs() -> None:
    values = list(range(7))
    for made, kept in ((split(values, 3), [0, 3, 6]), (split_at(values, 4), [0, 1, 2, 3])):
        plain = [v for v in made if not _marked_soak(v)]
        soaked = [v.values[0] for v in made if _marked_soak(v)]
        assert plain == kept
        assert sorted(plain + soaked) == values
