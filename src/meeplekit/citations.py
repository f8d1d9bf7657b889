"""Citations of source documents: exact in the specification, by title and line for a reader.

A game's specification cites its source documents exactly: a rulebook by its file name
and line (```004_1ae39a76b32b2566.txt`:599-601``, or ``004:599-601`` for short), a
research note by its path (``research/harbour-official-data.md``). A reader cannot open
those files, so whatever a user reads (a clause printed by ``GAME rule``, a card's rules,
an option's help, a message, the documentation's specification pages) names each
document by its title instead: "the Bremerhaven rulebook, lines 599–601".

A game describes its documents once, as :class:`Source` values (its ``specification``
module); :func:`find_citations` finds the citations of a text and :func:`cite` writes the
text for a reader. The forms read:

- a file name, in backticks or not, with or without lines: ```004_….txt`:599-601``,
  ``004_….txt`` ``lines 15-31``, ``line 39``, ``:12, 136`` (a passage over lines that are
  not adjacent, as in an OCR of two columns);
- the file's number with lines, ``004:599-601``, ``004:599``; ``004:30, 004:225-228``
  reads "lines 30 and 225–228";
- the number alone, ``004``, and its possessive: ``001's "Winning" section`` reads 'the
  "Winning" section of' the document;
- a research note's path, ``research/NAME.md`` (or ``../research/NAME.md``), not its
  copy's under ``docs/``, which is what a reader reads.

Within a paragraph, a citation of the document the one before it cited, with nothing but
quotations, glosses and punctuation between them, gives only its lines: "the Bremerhaven
rulebook, line 352: "…"; lines 357–359: "…"". A number or name that is none of the
game's documents is left as it is.

>>> BREMERHAVEN = sources(Source("004_1ae39a76b32b2566.txt", "the Bremerhaven rulebook", 1233))
>>> cite('Source: `004_1ae39a76b32b2566.txt`:599-601: "..."', BREMERHAVEN)
'Source: the Bremerhaven rulebook, lines 599–601: "..."'
>>> cite("(004:30, 004:225-228; 003:7)", BREMERHAVEN)
'(the Bremerhaven rulebook, lines 30 and 225–228; 003:7)'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

__all__ = [
    "Citation",
    "Source",
    "cite",
    "find_citations",
    "line_text",
    "sources",
]

#: A rulebook's file name in the seed collection: its number, a hash, ``.txt``.
SEED: Final = re.compile(r"(\d{3})_[0-9a-f]{16}\.txt")
#: A research note's path as the specification cites it.
RESEARCH: Final = re.compile(r"(?:(?:\.\./|/work/shared/)?research/)([a-z0-9-]+)\.md")


@dataclass(frozen=True)
class Source:
    """A document a specification cites: the name it is cited by, and what a reader reads.

    ``name`` is the file name (``004_1ae39a76b32b2566.txt``) or research note path
    (``research/harbour-official-data.md``) the specification cites; ``title`` is the
    reader's name for it ("the Bremerhaven rulebook", "the project's research note");
    ``lines`` its number of lines (0: not counted), so that a test can check that every
    cited line lies in it. A research note also has ``note``, its own title, and
    ``page``, its page of the documentation (``research/harbour-official-data``).
    """

    name: str
    title: str
    lines: int = 0
    note: str = ""
    page: str = ""

    @property
    def key(self) -> str:
        """The short name a citation may use: a rulebook's number (``004``), else its name."""
        found = SEED.fullmatch(self.name)
        return found.group(1) if found else self.name

    @property
    def reference(self) -> str:
        """What a reader of plain text reads for it: its title, a note's title and page."""
        if not self.note:
            return self.title
        where = f" (docs/{self.page}.md)" if self.page else ""
        return f"{self.title} \u201c{self.note}\u201d{where}"


def sources(*found: Source) -> dict[str, Source]:
    """The documents ``found``, by the name the specification cites each by."""
    return {source.name: source for source in found}


@dataclass(frozen=True)
class Citation:
    """A citation found in a text: where it is, what it cites, and how a reader reads it.

    ``start`` and ``end`` delimit it in the text; ``lines`` holds the cited line ranges,
    each ``(first, last)`` (empty when it names the document only); ``text`` is what a
    reader reads in its place (``short`` when it gives only the lines, the document being
    the one cited just before).
    """

    start: int
    end: int
    source: Source
    lines: tuple[tuple[int, int], ...]
    text: str
    short: bool = False


_RANGE = r"\d+(?:\s*[-\u2013]\s*\d+)?"
#: Lines after a name: ``:599-601``, ``:12, 136``, `` lines 15-31``, `` line 39``. A
#: further range after a comma is no number that starts another citation (``004:…``).
_LINES = (
    rf"(?::|\s+lines?\s+)(?P<{{}}>{_RANGE}"
    rf"(?:,\s*{_RANGE}(?!\d|:\d))*)(?![\d\w])"
)
_NOUNS = "section|sentence|example|examples|text|texts|wording|rule|rules|table|list|page"
#: A possessive's noun phrase: up to two words or quotations, then a noun.
_POSSESSIVE = rf"(?P<own>'s(?:\s+(?P<np>(?:(?:\"[^\"]*\"|[A-Za-z-]+)\s+){{0,2}}(?:{_NOUNS}))\b)?)"
_NUMBER = re.compile(r"\d+")
#: What may stand between two citations of one document for the second to give only its
#: lines: quotations, parenthesised glosses, punctuation and a few joining words.
_QUOTED = re.compile(
    r"\"[^\"]*\"|\u201c[^\u201d]*\u201d|\u201e[^\u201c\u201d]*[\u201c\u201d]|\([^()]*\)"
)
#: A sentence going on after a citation with lines, as its subject: "lines 29 and 87, says".
_CLAUSE_GOES_ON = re.compile(r"\s+(?!(?:and|or|nor|but|to)\b)[a-z]")
#: The end of a sentence before a citation (so that its title starts with a capital), and an
#: abbreviation whose full stop ends none.
_ABBREVIATION = re.compile(r"\b(?:e\.g|i\.e|cf|etc|vs)\.\Z")
_JOINING = re.compile(r"[\s,;:.\-\u2013\u2014]|\b(?:and|or|also|then|see)\b")


@functools.cache
def _pattern(keys: frozenset[str]) -> re.Pattern[str]:
    numbers = "|".join(sorted(re.escape(key) for key in keys)) or r"(?!x)x"
    # Not inside a number, a word or a path; a number after another and a slash is one (000/002).
    edge = r"(?<![\w.,:\-])(?:(?<!/)|(?<=\d{3}/))"
    return re.compile(
        "|".join(
            [
                # A file name, in backticks or not, then its lines or nothing.
                rf"(?P<file>`?{edge}\d{{3}}_[0-9a-f]{{16}}\.txt`?)(?:{_LINES.format('lines')})?",
                # A research note's path.
                rf"(?P<note>`?{edge}{RESEARCH.pattern}`?)",
                # A rulebook's number with lines.
                rf"{edge}(?P<short>{numbers}){_LINES.format('short_lines')}",
                # A rulebook's number alone, or its possessive; not a "seed 004" that a
                # research note's words, quoted, call it.
                rf"{edge}(?<!seed )(?<!seeds )(?P<bare>{numbers}){_POSSESSIVE}?"
                r"(?![\w\u2019']|[.,:]\d)",
            ]
        )
    )


def _ranges(text: str | None) -> tuple[tuple[int, int], ...]:
    if not text:
        return ()
    found = []
    for part in text.split(","):
        numbers = [int(n) for n in _NUMBER.findall(part)]
        found.append((numbers[0], numbers[-1]))
    return tuple(found)


def line_text(ranges: Sequence[tuple[int, int]]) -> str:
    """Line ranges as a reader reads them: ``line 599``, ``lines 599–601``, ``lines 12 and 136``.

    >>> line_text([(5, 5), (9, 9), (28, 30)])
    'lines 5, 9 and 28–30'
    """
    parts = [str(a) if a == b else f"{a}\u2013{b}" for a, b in ranges]
    if not parts:
        return ""
    if len(parts) == 1:
        return f"{'line' if ranges[0][0] == ranges[0][1] else 'lines'} {parts[0]}"
    return f"lines {', '.join(parts[:-1])} and {parts[-1]}"


def _joined(between: str) -> bool:
    """Whether only quotations, glosses, punctuation and joining words are ``between``."""
    return not _JOINING.sub("", _QUOTED.sub("", between)).strip()


def find_citations(
    text: str, documents: Mapping[str, Source], *, bare: bool = True, titles: bool = True
) -> list[Citation]:
    """Every citation of ``documents`` in ``text``, in order, each with what a reader reads.

    ``documents`` maps the names the specification cites by to their :class:`Source`
    (:func:`sources`); a name or number that is not among them is no citation. A
    paragraph (text between blank lines) starts afresh: its first citation of a document
    names it. With ``bare=False`` a rulebook's number alone (``004``, ``004's``) is left as
    it is: a text that holds names from outside (a card file's card named "Pier 004") cites
    only by file name or by number and line. With ``titles=False`` a citation with lines
    gives only its lines, for a place that names the document already (a table's column "in
    the rulebook").
    """
    by_name = {source.name.rsplit("/", 1)[-1]: source for source in documents.values()}
    by_key = {source.key: source for source in documents.values() if SEED.fullmatch(source.name)}
    found: list[Citation] = []
    previous: Citation | None = None
    for match in _pattern(frozenset(by_key)).finditer(text):
        groups = match.groupdict()
        if groups["file"]:
            source = by_name.get(groups["file"].strip("`"))
        elif groups["note"]:
            source = by_name.get(groups["note"].strip("`").rsplit("/", 1)[-1])
        elif groups["bare"] and not bare:
            continue
        else:
            source = by_key.get(groups["short"] or groups["bare"])
        if source is None:
            continue
        lines = _ranges(groups["lines"] or groups["short_lines"])
        start, end = match.span()
        if previous is not None and "\n\n" in text[previous.end : start]:
            previous = None
        # The same document's lines again, just after: one citation ("lines 30 and 225–228").
        if (
            previous is not None
            and lines
            and previous.lines
            and previous.source == source
            and re.fullmatch(r",\s*(?:and\s+)?", text[previous.end : start])
        ):
            lines = previous.lines + lines
            start = previous.start
            found.pop()
            previous = found[-1] if found else None
        short = bool(
            lines
            and previous is not None
            and previous.source == source
            and _joined(text[previous.end : start])
        ) or bool(lines and not titles)
        if lines:
            shown = line_text(lines) if short else f"{source.reference}, {line_text(lines)}"
        elif groups["np"]:
            shown = f"the {groups['np']} of {source.reference}"
        elif groups["own"]:
            shown = f"{source.reference}'s"
        else:
            shown = source.reference
        if lines and _CLAUSE_GOES_ON.match(text, end):  # "…, lines 29 and 87, says both"
            shown += ","
        before = text[max(0, start - 80) : start].rstrip(" \t\n*_")
        if ((not before and start < 80) or before.endswith((".", "!", "?"))) and not (
            _ABBREVIATION.search(before)
        ):
            shown = shown[:1].upper() + shown[1:]
        citation = Citation(start, end, source, lines, shown, short)
        found.append(citation)
        previous = citation
    return found


def cite(
    text: str, documents: Mapping[str, Source], *, bare: bool = True, titles: bool = True
) -> str:
    """``text`` with every citation of ``documents`` written as a reader reads it.

    See :func:`find_citations` for the forms (and ``bare``, ``titles``); anything else is
    left as it is.
    """
    found = find_citations(text, documents, bare=bare, titles=titles)
    return "".join(_pieces(text, found))


def _pieces(text: str, found: Iterable[Citation]) -> Iterator[str]:
    last = 0
    for citation in found:
        yield text[last : citation.start]
        yield citation.text
        last = citation.end
    yield text[last:]
