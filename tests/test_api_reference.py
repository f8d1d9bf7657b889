"""Every public name of every package in ``src/`` is in the API reference.

For every package in ``src/`` (found by listing the folder, so a new game is covered when
it arrives), every public module (no part of its dotted name starts with ``_``) declares
its names in ``__all__``, and the module and every name of its ``__all__`` are documented
by a Sphinx directive in a page of ``docs/`` (``**/*.md``, the pages Sphinx builds: not
those its ``exclude_patterns`` leave out):

- ``automodule:: m`` documents the module ``m`` and, as autodoc renders it, the names of
  its ``__all__`` that it shows: none under ``:no-members:``, not those under
  ``:exclude-members:``; a ``__dunder__`` name only under ``:special-members:``; and only
  names with a docstring (a value's docstring is a ``#:`` comment or a string after it in
  ``m``'s own source): autodoc leaves out the others. A ``:members: a, b`` list limits
  nothing here: the project's ``autodoc_default_options`` (``members: True``, read from
  ``docs/conf.py``) replace it, as autodoc merges them.
- ``autofunction``, ``autoclass``, ``autodata``, ``autoexception`` (and the other
  ``auto*`` directives) ``:: path`` document the object at ``path``.

A name is documented when a directive documents it under its own path, or under any path
that resolves to the same object (``harbour.new_game`` documents
``harbour.setup.new_game``); a value that is not a class, function or module must also
have the same name there (two constants that are both ``0`` are not one name).

Modules are imported with :mod:`importlib`. A module that cannot be imported here, such
as one whose optional extra is not installed, is reported as not checked, with why: it
never passes unseen.
"""

from __future__ import annotations

import ast
import fnmatch
import importlib
import importlib.util
import inspect
import os
import re
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import cast

import pytest

from meeplekit.extras import MissingExtraError

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
DOCS = ROOT / "docs"
PACKAGES = sorted(
    p.name for p in SRC.iterdir() if p.name.isidentifier() and (p / "__init__.py").is_file()
)

#: The first line of a directive: reStructuredText (``.. automodule:: m``, inside an
#: ``eval-rst`` block) or MyST (a fence such as ````` ```{autofunction} m.f `````).
_DIRECTIVE = re.compile(
    r"^(?P<indent>\s*)(?:\.\.\s+(?P<rst>auto\w+)::|(?P<fence>`{3,}|:{3,})\{(?P<myst>auto\w+)\})"
    r"\s*(?P<target>\S+)\s*$"
)
_OPTION = re.compile(r"^\s*:(?P<name>[\w-]+):\s*(?P<value>.*?)\s*$")


@dataclass(frozen=True)
class Directive:
    """One autodoc directive of a page: its kind, its target and its options."""

    kind: str
    target: str
    options: dict[str, str]
    where: str

    def names(self, option: str) -> set[str]:
        """The names an option lists (``:members: a, b``)."""
        return {n.strip() for n in self.options.get(option, "").split(",") if n.strip()}


def directives(text: str, where: str) -> list[Directive]:
    """The autodoc directives of a page's text, with the options that follow each."""
    found = []
    lines = text.splitlines()
    for number, line in enumerate(lines):
        match = _DIRECTIVE.match(line)
        if match is None:
            continue
        options = {}
        for following in lines[number + 1 :]:
            option = _OPTION.match(following)
            if option is None:
                break
            options[option["name"]] = option["value"]
        found.append(
            Directive(
                kind=match["rst"] or match["myst"],
                target=match["target"],
                options=options,
                where=f"{where}:{number + 1}",
            )
        )
    return found


def conf_value(name: str) -> object:
    """A setting of ``docs/conf.py`` that is a literal, read without running the file."""
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            return ast.literal_eval(node.value)
    return None


#: ``autodoc_default_options``: they change what a directive's own options mean.
DEFAULT_OPTIONS = cast(dict[str, object], conf_value("autodoc_default_options") or {})


def doc_pages() -> list[Path]:
    """Every Markdown page Sphinx builds (symbolic links followed: the specifications)."""
    patterns = [str(p) for p in cast(list[object], conf_value("exclude_patterns") or [])]
    pages = []
    for folder, _, files in os.walk(DOCS, followlinks=True):
        for name in files:
            path = Path(folder) / name
            if path.suffix != ".md":
                continue
            parts = path.relative_to(DOCS).parts
            prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
            if not any(fnmatch.fnmatch(p, pattern) for p in prefixes for pattern in patterns):
                pages.append(path)
    return sorted(pages)


def all_directives() -> list[Directive]:
    return [
        d
        for page in doc_pages()
        for d in directives(page.read_text(encoding="utf-8"), page.relative_to(DOCS).as_posix())
    ]


def public_modules(package: str) -> list[str]:
    """The package and its modules whose dotted names have no part starting with ``_``."""
    found = []
    for path in (SRC / package).rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if not any(part.startswith("_") for part in parts):
            found.append(".".join(parts))
    return sorted(found)


class NotImported(Exception):
    """A module that cannot be imported here, and why."""


@cache
def load(name: str) -> types.ModuleType:
    """Import module ``name``, or raise :class:`NotImported` saying why it cannot be."""
    try:
        return importlib.import_module(name)
    except MissingExtraError as error:
        raise NotImported(f"not checked: {error}") from error
    except ModuleNotFoundError as error:
        missing = (error.name or "").split(".")[0]
        if missing and missing not in PACKAGES:
            raise NotImported(
                f"not checked: importing it needs {missing!r}, which is not installed"
            ) from error
        raise NotImported(f"not checked: importing it fails: {error!r}") from error
    except Exception as error:  # any other failure is reported, not passed
        raise NotImported(f"not checked: importing it fails: {error!r}") from error


def resolve(path: str) -> object:
    """The object a directive's dotted path names: a module, then attributes of it."""
    parts = path.split(".")
    for end in range(len(parts), 0, -1):
        name = ".".join(parts[:end])
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is None:
            continue
        found: object = load(name)
        for attribute in parts[end:]:
            try:
                found = getattr(found, attribute)
            except AttributeError:
                raise NotImported(f"{path}: {name} has no {attribute!r}") from None
        return found
    raise NotImported(f"{path}: no such module")


_DOC_COMMENT = re.compile(r"^\s*#:")
_ASSIGNMENT = (ast.Assign, ast.AnnAssign)


def _assigned(target: ast.expr) -> set[str]:
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, ast.Tuple | ast.List):
        return {name for element in target.elts for name in _assigned(element)}
    return set()


@cache
def attribute_docs(module: str) -> frozenset[str]:
    """The module-level names with a docstring in ``module``'s source, as Sphinx reads them.

    A ``#:`` comment on the line before the assignment (the first of a block of such
    lines) or after it on its last line, or a string right after it (what autodoc's
    ``ModuleAnalyzer`` finds, read with :mod:`ast`, which is many times faster).
    """
    spec = importlib.util.find_spec(module)
    if spec is None or not (spec.origin or "").endswith(".py"):
        return frozenset()  # no source to read (a compiled module): no such docstrings
    source = Path(str(spec.origin)).read_text(encoding="utf-8")
    lines = source.splitlines()
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        previous: ast.stmt | None = None
        for node in body:
            if isinstance(node, _ASSIGNMENT):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = {name for target in targets for name in _assigned(target)}
                after = lines[(node.end_lineno or node.lineno) - 1][node.end_col_offset or 0 :]
                before = lines[node.lineno - 2] if node.lineno > 1 else ""
                first = lines[node.lineno - 1][: node.col_offset]
                if _DOC_COMMENT.match(after) or (not first.strip() and _DOC_COMMENT.match(before)):
                    found.update(names)
            elif (
                isinstance(node, ast.Expr)
                and isinstance(previous, _ASSIGNMENT)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
            ):
                targets = (
                    previous.targets if isinstance(previous, ast.Assign) else [previous.target]
                )
                found.update(name for target in targets for name in _assigned(target))
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                for block in ("body", "orelse", "finalbody"):  # if, try, with, for ...
                    visit(getattr(node, block, []))
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)
            previous = node

    visit(ast.parse(source).body)
    return frozenset(found)


def has_docstring(obj: object) -> bool:
    """Whether ``obj`` has a docstring of its own, as autodoc decides (not its type's)."""
    doc = getattr(obj, "__doc__", None)
    if not isinstance(doc, str):
        doc = inspect.getdoc(obj)
    if doc == getattr(type(obj), "__doc__", None):
        return False
    return bool(doc and doc.strip())


def _is_named(obj: object) -> bool:
    """A class, function or module: its identity names it, whatever it is bound to."""
    return inspect.isclass(obj) or inspect.isroutine(obj) or inspect.ismodule(obj)


def members(directive: Directive, defaults: dict[str, object]) -> set[str] | None:
    """The members an automodule documents: ``None`` for all, else the names listed.

    As autodoc merges its options: ``:no-members:`` documents none; otherwise a default
    ``members`` that is not a string (the project's is ``True``) replaces the directive's
    own ``:members:`` list, so the list does not limit anything, and a string default
    is used only when the directive gives none (or is extended by ``:members: +a``).
    """
    if "no-members" in directive.options:
        return set()
    value: object = directive.options.get("members")
    if "members" in defaults:
        default = defaults["members"]
        if "members" not in directive.options or not isinstance(default, str):
            value = default
        elif isinstance(value, str) and value.startswith("+"):
            value = f"{default},{value[1:]}"
    if value is None or value is False:
        return set()
    if value is True or (isinstance(value, str) and not value.strip(" +")):
        return None
    return {n.strip() for n in str(value).lstrip("+").split(",") if n.strip()}


@dataclass
class Reference:
    """What the pages document: paths and the objects at them, and what autodoc skips."""

    #: The project's ``autodoc_default_options``.
    defaults: dict[str, object] = field(default_factory=lambda: dict(DEFAULT_OPTIONS))
    #: Every documented path and the object at it (which keeps the objects alive).
    documented: list[tuple[str, object]] = field(default_factory=list)
    #: The same, by the object's ``id``.
    paths_of: dict[int, list[str]] = field(default_factory=dict)
    #: ``(module, name)`` of automodule members left out for want of a docstring.
    undocstringed: dict[tuple[str, str], str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def add(self, directive: Directive) -> None:
        try:
            target = resolve(directive.target)
        except NotImported as why:
            self.problems.append(f"{directive.where}: {directive.kind}:: {directive.target}: {why}")
            return
        self._note(directive.target, target)
        if directive.kind == "automodule" and isinstance(target, types.ModuleType):
            self._add_members(directive, target)

    def _add_members(self, directive: Directive, module: types.ModuleType) -> None:
        listed = members(directive, self.defaults)
        if listed is not None and not listed:
            return
        special = directive.names("special-members")
        private = directive.names("private-members")
        # :members: a, b: those names (and the special and private ones listed); else
        # every name of the module's __all__.
        wanted = (listed | special | private) if listed else set(getattr(module, "__all__", ()))
        wanted -= directive.names("exclude-members")
        with_docs = attribute_docs(module.__name__)
        for name in sorted(wanted):
            if not hasattr(module, name):
                continue
            obj = getattr(module, name)
            if inspect.ismodule(obj):
                continue  # autodoc documents no submodule as a member
            dunder = name.startswith("__") and name.endswith("__")
            if not listed and dunder and name not in special:
                continue  # a __special__ name only under :special-members:
            if not listed and not dunder and name.startswith("_") and name not in private:
                continue  # a _private name only under :private-members:
            own_doc = name in with_docs
            showable = inspect.isclass(obj) or inspect.isroutine(obj) or own_doc
            if showable and (own_doc or has_docstring(obj)):
                self._note(f"{module.__name__}.{name}", obj)
            else:
                self.undocstringed[(module.__name__, name)] = directive.where

    def _note(self, path: str, obj: object) -> None:
        self.documented.append((path, obj))
        self.paths_of.setdefault(id(obj), []).append(path)

    def documents(self, path: str, obj: object) -> bool:
        """Whether a directive documents ``obj``, bound to ``path``, under any path."""
        paths = self.paths_of.get(id(obj), [])
        name = path.rsplit(".", 1)[-1]
        return path in paths or any(
            _is_named(obj) or where.rsplit(".", 1)[-1] == name for where in paths
        )


@cache
def reference() -> Reference:
    found = Reference()
    for directive in all_directives():
        found.add(directive)
    return found


def undocumented(package: str, ref: Reference) -> Iterator[str]:
    """What of ``package``'s public modules and names ``ref`` does not document, and why."""
    for name in public_modules(package):
        try:
            module = load(name)
        except NotImported as why:
            yield f"{name}: {why}"
            continue
        if not ref.documents(name, module):
            yield f"{name}: the module (no automodule:: {name})"
        names = getattr(module, "__all__", None)
        if names is None:
            yield f"{name}: no __all__ (every public module declares its names)"
            continue
        for member in names:
            path = f"{name}.{member}"
            if not hasattr(module, member):
                yield f"{path}: in __all__ but not defined"
            elif not ref.documents(path, getattr(module, member)):
                skipped = ref.undocstringed.get((name, member))
                yield path + (
                    f": automodule:: {name} ({skipped}) leaves it out, it has no docstring"
                    if skipped
                    else ""
                )


def test_packages_are_found_by_listing_src() -> None:
    assert {"meeplekit", "harbour", "machikoro"} <= set(PACKAGES)
    assert "harbour.rules.step" in public_modules("harbour")
    assert not any("._" in m or m.startswith("_") for p in PACKAGES for m in public_modules(p))


@pytest.mark.parametrize("package", PACKAGES)
def test_every_public_name_is_in_the_api_reference(package: str) -> None:
    missing = list(undocumented(package, reference()))
    assert not missing, (
        f"{len(missing)} public modules or names of {package} the API reference "
        "(docs/**/*.md) does not document:\n  " + "\n  ".join(missing)
    )


def test_every_directive_names_an_object() -> None:
    ref = reference()
    assert len(ref.documented) > 500  # the pages were read
    assert not ref.problems, "\n".join(ref.problems)


# The checker itself, on made-up pages and on known modules.


def test_directives_are_read_with_their_options() -> None:
    page = """
```{eval-rst}
.. autofunction:: harbour.new_game
.. automodule:: harbour.interchange.serialization
   :members: FORMAT, converter
   :exclude-members: to_json
.. automodule:: harbour.rules
```

```{autoclass} harbour.GameState
:no-index:
```
"""
    found = directives(page, "page.md")
    assert [(d.kind, d.target) for d in found] == [
        ("autofunction", "harbour.new_game"),
        ("automodule", "harbour.interchange.serialization"),
        ("automodule", "harbour.rules"),
        ("autoclass", "harbour.GameState"),
    ]
    assert found[1].names("members") == {"FORMAT", "converter"}
    assert found[1].names("exclude-members") == {"to_json"}
    assert found[2].options == {}
    assert found[3].options == {"no-index": ""}
    assert found[0].where == "page.md:3"


def _reference(page: str, defaults: dict[str, object] | None = None) -> Reference:
    ref = Reference() if defaults is None else Reference(defaults=defaults)
    for directive in directives(page, "page.md"):
        ref.add(directive)
    return ref


def test_a_name_is_documented_under_any_path_to_the_same_object() -> None:
    ref = _reference(".. autofunction:: harbour.new_game")
    assert ref.documents("harbour.setup.new_game", load("harbour.setup").new_game)
    assert not ref.documents("harbour.legal_moves", load("harbour").legal_moves)
    # A value must also have the same name: MAX_PLAYERS is not MIN_PLAYERS.
    values = _reference(".. autodata:: harbour.setup.MAX_PLAYERS")
    setup = load("harbour.setup")
    assert values.documents("harbour.setup.MAX_PLAYERS", setup.MAX_PLAYERS)
    assert not values.documents("harbour.other.MIN_PLAYERS", setup.MAX_PLAYERS)


def test_automodule_options_limit_what_it_documents() -> None:
    serialization = load("harbour.interchange.serialization")
    page = """.. automodule:: harbour.interchange.serialization
   :members: FORMAT, to_json
   :exclude-members: to_json
"""
    # Without a default, the list is what autodoc documents, less what it excludes.
    ref = _reference(page, defaults={})
    assert ref.documents("harbour.interchange.serialization.FORMAT", serialization.FORMAT)
    assert not ref.documents("harbour.interchange.serialization.to_json", serialization.to_json)
    assert not ref.documents("harbour.interchange.serialization.from_data", serialization.from_data)
    # The project's default members=True replaces the list: every name but the excluded.
    assert DEFAULT_OPTIONS.get("members") is True
    ref = _reference(page)
    assert ref.documents("harbour.interchange.serialization.from_data", serialization.from_data)
    assert not ref.documents("harbour.interchange.serialization.to_json", serialization.to_json)
    bare = _reference(".. automodule:: harbour.interchange.serialization\n   :no-members:\n")
    assert bare.documents("harbour.interchange.serialization", serialization)
    assert not bare.documents("harbour.interchange.serialization.FORMAT", serialization.FORMAT)
    # Without a default, an automodule without :members: documents the module alone.
    assert not _reference(
        ".. automodule:: harbour.interchange.serialization", defaults={}
    ).documents("harbour.interchange.serialization.FORMAT", serialization.FORMAT)


def test_a_module_without_all_and_an_undocumented_name_are_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    empty = Reference()
    missing = list(undocumented("meeplekit", empty))
    assert "meeplekit.rng: the module (no automodule:: meeplekit.rng)" in missing
    assert "meeplekit.rng.SplitMix64" in missing
    monkeypatch.delattr(load("meeplekit.rng"), "__all__")
    assert "meeplekit.rng: no __all__ (every public module declares its names)" in list(
        undocumented("meeplekit", empty)
    )


def test_a_value_without_a_docstring_is_left_out_by_automodule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    setup = load("harbour.setup")
    monkeypatch.setattr(setup, "UNDOCUMENTED", 7, raising=False)
    monkeypatch.setattr(setup, "__all__", [*setup.__all__, "UNDOCUMENTED"])
    ref = _reference(".. automodule:: harbour.setup")
    assert ref.documents("harbour.setup.new_game", setup.new_game)
    assert not ref.documents("harbour.setup.UNDOCUMENTED", 7)
    assert ref.undocstringed == {("harbour.setup", "UNDOCUMENTED"): "page.md:1"}


def test_a_module_that_cannot_be_imported_is_reported_not_passed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "needs_an_extra.py").write_text("import no_such_extra\n", encoding="utf-8")
    monkeypatch.syspath_prepend(tmp_path)
    monkeypatch.delitem(sys.modules, "needs_an_extra", raising=False)
    with pytest.raises(NotImported, match="needs 'no_such_extra', which is not installed"):
        load.__wrapped__("needs_an_extra")


@pytest.mark.parametrize(
    "module",
    [
        "harbour.views.svg",
        "harbour.rules.setup",
        "harbour.interchange.gamerecord",
        "meeplekit.views.svg",
        "machikoro.tables",
    ],
)
def test_value_docstrings_are_found_as_sphinx_finds_them(module: str) -> None:
    from sphinx.pycode import ModuleAnalyzer

    docs = ModuleAnalyzer.for_module(module).find_attr_docs()
    expected = {name for (scope, name) in docs if scope == ""}
    assert expected, module
    assert attribute_docs(module) == expected
