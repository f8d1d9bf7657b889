"""The house: no package of ``src`` has an import circle, and every late-bound view exists.

Every import statement counts, at the top of a module or inside a function (a deferred
import is still a circle: the two modules need each other), except those under
``if TYPE_CHECKING:``, which never run. ``from a.b import c`` depends on ``a.b`` and, when
``c`` is a module, on ``a.b.c``; a package depends on what its ``__init__`` imports.
Values name their views by import path instead (:mod:`meeplekit.display`); the second
test resolves every such name.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from meeplekit.display import shown_by

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGES = sorted(p.name for p in SRC.iterdir() if (p / "__init__.py").is_file())
#: Packages of a few modules only (the web table, being built): the smallest graph read.
SMALL = {"meepletable": 2}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(tree: ast.Module) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for branch in node.body for n in ast.walk(branch))
    return skipped


def imported(name: str, path: Path) -> Iterator[str]:
    """Every module the file at ``path`` (module ``name``) imports, wherever it does."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_only(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, *([node.module] if node.module else [])])
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def import_graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports."""
    files = {module_name(p): p for p in sorted((SRC / package).rglob("*.py"))}
    return {
        name: {t for t in imported(name, path) if t in files and t != name}
        for name, path in files.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_circle_finder_finds_a_deferred_import_circle(tmp_path: Path) -> None:
    graph = {"g.a": {"g.b"}, "g.b": {"g.c"}, "g.c": {"g.a"}, "g.d": {"g.a"}}
    assert circles(graph) == [["g.a", "g.b", "g.c"]]
    assert circles({"g.a": {"g.b"}, "g.b": set()}) == []
    # A deferred import counts; one under TYPE_CHECKING does not.
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import g.c\n"
    source += "def f():\n    from g import b\n    from .c import x\n"
    path = tmp_path / "a.py"
    path.write_text(source, encoding="utf-8")
    assert set(imported("g.a", path)) == {
        "typing",
        "typing.TYPE_CHECKING",
        "g",
        "g.b",
        "g.c",
        "g.c.x",
    }


@pytest.mark.parametrize("package", PACKAGES)
def test_no_package_has_an_import_circle(package: str) -> None:
    graph = import_graph(package)
    assert len(graph) >= SMALL.get(package, 4), "the package was not read"
    assert circles(graph) == []


def test_the_shared_layer_imports_no_game() -> None:
    games = set(PACKAGES) - {"meeplekit"}
    for path in sorted((SRC / "meeplekit").rglob("*.py")):
        tops = {t.split(".")[0] for t in imported(module_name(path), path)}
        assert not tops & games, path


SHOWN = re.compile(r"shown_by\(\s*\"([\w.]+:\w+)\"")


def test_every_view_a_value_names_exists() -> None:
    targets = {
        target
        for package in PACKAGES
        for path in sorted((SRC / package).rglob("*.py"))
        for target in SHOWN.findall(path.read_text(encoding="utf-8"))
    }
    assert len(targets) >= 8  # cards, states, observations, moves and card sets of two games
    for target in sorted(targets):
        module, _, name = target.partition(":")
        assert callable(getattr(importlib.import_module(module), name)), target


def test_shown_by_calls_the_named_function_with_the_value() -> None:
    class Point:
        __str__ = shown_by("builtins:hex", "In hexadecimal.")

        def __index__(self) -> int:
            return 255

    assert str(Point()) == "0xff"
    assert Point.__str__.__doc__ == "In hexadecimal."
    with pytest.raises(ValueError, match="module:function"):
        shown_by("builtins.hex", "no colon")
    broken = shown_by("meeplekit.display:no_such_view", "")
    with pytest.raises(AttributeError):
        broken(object())


@pytest.mark.parametrize(
    ("package", "distribution"),
    [
        ("meeplekit", "meeplekit"),
        ("harbour", "harbour-rules"),
        ("machikoro", "machikoro-rules"),
        ("bremerhaven", "bremerhaven-rules"),
    ],
)
def test_each_package_has_its_distributions_version(package: str, distribution: str) -> None:
    assert importlib.import_module(package).__version__ == metadata.version(distribution)
