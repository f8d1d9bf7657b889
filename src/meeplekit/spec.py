"""Specification tooling every game shares: clauses, rule lookup, plain text, coverage.

A game's specification is a folder of MyST Markdown pages shipped in its package
(``<package>/spec/*.md``). A clause is a heading ``### ID: title`` (levels 2 to 4) whose ID
is upper-case words joined by hyphens and ending in a number (``TOLL-2``, ``INT-3``,
``MKH-TUNA-3``), usually preceded by a label ``(rule-toll-2)=``; it runs to the next heading
of its level or above, or the next label. :class:`Specification` reads a game's pages and
looks clauses up; :func:`cited_ids` and :func:`named_ids` are what a game's coverage test
compares with :meth:`Specification.rule_ids` in both directions: every clause is cited by
a test (``@pytest.mark.rules("TOLL-2")``) and every ID a test cites or the code names is a
clause.

>>> HEADING.match("### MKH-TUNA-3: One roll").group(2)
'MKH-TUNA-3'
>>> normalize_rule_id("int3"), normalize_rule_id("mkh tuna 3")
('INT-3', 'MKH-TUNA-3')
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Final

from meeplekit.citations import Source, cite

__all__ = [
    "HEADING",
    "ID",
    "Clause",
    "Coverage",
    "Page",
    "Specification",
    "cited_ids",
    "coverage",
    "named_ids",
    "normalize_rule_id",
]

#: A rule ID: upper-case words (letters and digits, starting with a letter) joined by
#: hyphens, ending in a number.
ID: Final = r"[A-Z][A-Z0-9]*(?:-[A-Z][A-Z0-9]*)*-\d+"
#: A clause heading: ``### TOLL-2: title`` (groups: the hashes, the ID, the title).
HEADING: Final = re.compile(rf"^(#{{2,4}}) ({ID}): (.*)$", re.MULTILINE)
_QUOTED_ID: Final = re.compile(rf'"({ID})"')
_TITLE = re.compile(r"^# (.*)$", re.MULTILINE)
_LABEL = re.compile(r"^\(.*\)=$")


@dataclass(frozen=True)
class Page:
    """A page of a specification: its file's stem, its title and its Markdown."""

    stem: str
    title: str
    text: str


@dataclass(frozen=True)
class Clause:
    """A clause: its rule ID, title, page and Markdown (heading, text, sources, readings)."""

    rule_id: str
    title: str
    page: Page
    markdown: str


@dataclass(frozen=True)
class Specification:
    """The specification of a game: the pages in ``<package>/spec``.

    ``page_order`` lists page stems in the documentation's order (other pages follow,
    alphabetically); ``documents`` maps the names the clauses cite the source documents
    by (file names, research notes' paths) to their :class:`~meeplekit.citations.Source`,
    so that :meth:`clause_text` and :meth:`cite` name each by its title and lines.
    """

    package: str
    page_order: Sequence[str] = ()
    documents: Mapping[str, Source] = field(default_factory=dict)

    def pages(self) -> list[Page]:
        """Every page of the specification, in the documentation's order."""
        folder = resources.files(self.package) / "spec"
        order = list(self.page_order)

        def rank(name: str) -> tuple[int, str]:
            stem = name.removesuffix(".md")
            return (order.index(stem) if stem in order else len(order), stem)

        found = []
        for page in sorted(folder.iterdir(), key=lambda p: rank(p.name)):
            if page.name.endswith(".md"):
                text = page.read_text(encoding="utf-8")
                title = _TITLE.search(text)
                stem = page.name.removesuffix(".md")
                found.append(Page(stem, title.group(1) if title else stem, text))
        return found

    def clauses(self) -> Iterator[Clause]:
        """Every clause, page by page in the documentation's order."""
        for page in self.pages():
            for match in HEADING.finditer(page.text):
                level = len(match.group(1))
                ends = re.compile(rf"^#{{1,{level}}} |^\(.*\)=$", re.MULTILINE)
                end = ends.search(page.text, match.end())
                markdown = page.text[match.start() : end.start() if end else len(page.text)]
                yield Clause(match.group(2), match.group(3), page, markdown.rstrip() + "\n")

    def rule_ids(self) -> list[str]:
        """Every rule ID the specification defines, in page order."""
        return [c.rule_id for c in self.clauses()]

    def rule_titles(self) -> list[tuple[str, str]]:
        """Every rule ID with its clause's title, in page order."""
        return [(c.rule_id, c.title) for c in self.clauses()]

    def clause(self, rule_id: str) -> str | None:
        """The clause of ``rule_id`` as Markdown, or ``None``."""
        return next((c.markdown for c in self.clauses() if c.rule_id == rule_id), None)

    def clause_text(self, rule_id: str, width: int = 100) -> str | None:
        """The clause of ``rule_id`` as plain text wrapped to ``width`` columns, or ``None``.

        The heading reads ``"INT-3: title"``; cross-references become the IDs or titles
        they show, emphasis and code markers are dropped, each citation of a source
        document names it by its title and lines (:meth:`cite`), list items and tables
        keep their shape.
        """
        markdown = self.clause(rule_id)
        if markdown is None:
            return None
        titles = {page.stem: page.title for page in self.pages()}
        return _plain(markdown, width, titles, self.documents)

    def cite(self, text: str, *, bare: bool = True, titles: bool = True) -> str:
        """``text`` with every citation of :attr:`documents` as a reader reads it.

        "``004:599-601``" becomes "the Bremerhaven rulebook, lines 599–601"
        (:func:`meeplekit.citations.cite`, which says what ``bare=False`` leaves alone and
        ``titles=False`` leaves out); the commands' rules and card texts pass through it.
        """
        return cite(text, self.documents, bare=bare, titles=titles)


def normalize_rule_id(text: str) -> str:
    """A rule ID as typed (``int3``, ``int 3``, ``INT_3``, ``mkh tuna 3``) in its spelling."""
    words = [word for word in re.split(r"[\s_-]+", text.strip().upper()) if word]
    if words:
        split = re.fullmatch(r"([A-Z][A-Z0-9]*?)(\d+)", words[-1])
        if split:  # a number run on to its word: INT3
            words[-1:] = [split.group(1), split.group(2)]
    return "-".join(words)


@dataclass(frozen=True)
class Coverage:
    """How a game's tests and code cover its specification, in both directions."""

    #: Clauses no test cites.
    uncited: tuple[str, ...]
    #: IDs tests cite that no clause defines.
    unknown_cited: tuple[str, ...]
    #: IDs the code names that no clause defines.
    unknown_named: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """True when every clause is cited and every cited or named ID is a clause."""
        return not (self.uncited or self.unknown_cited or self.unknown_named)


def coverage(
    specification: Specification, test_files: Iterable[Path], source_files: Iterable[Path]
) -> Coverage:
    """The coverage of ``specification`` by a game's tests and the IDs its code names."""
    ids = set(specification.rule_ids())
    cited = cited_ids(test_files)
    named = named_ids(source_files)
    return Coverage(
        tuple(sorted(ids - cited)), tuple(sorted(cited - ids)), tuple(sorted(named - ids))
    )


def cited_ids(test_files: Iterable[Path]) -> set[str]:
    """The string arguments of every ``pytest.mark.rules(...)`` call in ``test_files``."""
    cited: set[str] = set()
    for path in test_files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "rules"
            ):
                cited.update(
                    a.value
                    for a in node.args
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)
                )
    return cited


def named_ids(source_files: Iterable[Path]) -> set[str]:
    """Every double-quoted string in ``source_files`` that is spelt as a rule ID."""
    return {
        found
        for path in source_files
        for found in _QUOTED_ID.findall(path.read_text(encoding="utf-8"))
    }


# --------------------------------------------------------------------------- MyST to plain text

_REF = re.compile(r"\{ref\}`([^`<]*?)\s*<([^`>]*)>`")
_ROLE = re.compile(r"\{(\w+)\}`([^`]*)`")
_CODE = re.compile(r"(`+)(.+?)\1", re.DOTALL)
_STRONG = re.compile(r"(?<![\w*])\*\*(?=\S)(.+?)(?<=\S)\*\*(?![\w*])", re.DOTALL)
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])", re.DOTALL)
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!$|<>])")
_ITEM = re.compile(r"(\s*)([-*]|\d+\.)\s+")


def _label_text(label: str) -> str:
    """What a reference to a label shows: ``rule-end-1`` is END-1, ``int-3`` INT-3."""
    return label.removeprefix("rule-").upper()


def _roles(text: str, titles: Mapping[str, str], documents: Mapping[str, Source]) -> str:
    text = cite(text, documents)
    text = _REF.sub(lambda m: " ".join(m.group(1).split()), text)

    def role(match: re.Match[str]) -> str:
        kind, target = match.group(1), match.group(2).strip()
        if kind == "ref":
            return _label_text(target)
        if kind == "doc":
            stem = target.rsplit("/", 1)[-1]
            return titles.get(stem, stem.replace("-", " ").capitalize())
        return target.lstrip("~!")

    return _ROLE.sub(role, text)


def _inline(text: str) -> str:
    """Markdown inline markup dropped: code keeps its text, emphasis loses its stars."""
    out = []
    last = 0
    for match in _CODE.finditer(text):
        out.append(_prose(text[last : match.start()]))
        out.append(match.group(2))
        last = match.end()
    out.append(_prose(text[last:]))
    return "".join(out)


def _prose(text: str) -> str:
    text = _STRONG.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\1", text)
    return _ESCAPE.sub(r"\1", text)


def _plain(
    markdown: str, width: int, titles: Mapping[str, str], documents: Mapping[str, Source]
) -> str:
    lines = _roles(markdown, titles, documents).splitlines()
    out: list[str] = []
    paragraph: list[str] = []
    hanging = ""

    def flush() -> None:
        nonlocal paragraph
        if paragraph:
            text = _inline(" ".join(part.strip() for part in paragraph))
            first = paragraph[0][: len(paragraph[0]) - len(paragraph[0].lstrip())]
            out.append(
                textwrap.fill(
                    text,
                    width=width,
                    initial_indent=first,
                    subsequent_indent=hanging,
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            )
        paragraph = []

    fenced = False
    header: list[str] | None = None  # the header row of the table being read
    for line in lines:
        if line.startswith("```"):
            flush()
            fenced = not fenced
            continue
        if fenced:
            out.append(f"    {line}" if line else "")
            continue
        if _LABEL.match(line):
            continue
        if line.startswith("#"):
            flush()
            out.append(_inline(line.lstrip("#").strip()))
            continue
        if line.startswith("|"):
            flush()
            cells = [_inline(cell.strip()) for cell in line.strip().strip("|").split("|")]
            if set(line) <= set("|-: "):
                continue
            if header is None:
                header = cells
                continue
            row = "; ".join(f"{h}: {c}" for h, c in zip(header, cells, strict=False))
            out.append(textwrap.fill(f"- {row}", width=width, subsequent_indent="  "))
            continue
        header = None
        if not line.strip():
            flush()
            if out and out[-1]:
                out.append("")
            continue
        item = _ITEM.match(line)
        if item:
            flush()
            hanging = " " * item.end()
        elif not paragraph:
            hanging = ""
        paragraph.append(line)
    flush()
    return "\n".join(out).strip("\n") + "\n"
