"""Checks of the built docs that Sphinx cannot make (run by ``make docs`` after the build).

- The card gallery shows a picture of every card of the original set (PIC-1), each one
  titled with the card's name.
- The gallery and the demo-game page cannot scroll sideways on a laptop screen: every
  picture is an SVG that scales down to its column (``max-width:100%``, a ``viewBox``),
  and the pages hold no table and no preformatted block, the elements that do not
  reflow with the page's width (Furo's content column is at most 46em wide at 1280 px).
- Every specification page (``spec/``, ``machikoro/spec/``, ``bremerhaven/spec/``) names
  the source documents as a reader reads them: no rulebook file name, no rulebook number
  (``004``, ``004:599``) and no research note's path in the page's text; the file names
  stay in the ``<abbr>`` titles (``docs/_ext/rulebook_citations.py``).

Usage: ``python scripts/check_docs.py [BUILD_DIR]`` (default ``docs/_build/html``); exits
1 and says what is wrong if a check fails.
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

from bremerhaven.specification import DOCUMENTS as BREMERHAVEN
from harbour.cards import ORIGINAL_SET
from harbour.cards.model import BonusCard, Building, PlayerBoard
from harbour.specification import DOCUMENTS as HARBOUR
from machikoro.specification import DOCUMENTS as MACHIKORO
from meeplekit.citations import find_citations

#: Every game's source documents, by the names the specifications cite them by.
DOCUMENTS = {**HARBOUR, **MACHIKORO, **BREMERHAVEN}
#: What a reader cannot open: a rulebook's file name, its number with a line, a note's path.
INTERNAL = re.compile(
    r"\d{3}_[0-9a-f]{16}\.txt|(?<![\w.,:/-])00[0-4]:\d|(?<![\w/])research/[a-z0-9-]+\.md"
)


class _Page(HTMLParser):
    """The parts of a page the checks look at."""

    def __init__(self) -> None:
        super().__init__()
        self.svg_styles: list[str] = []
        self.svg_boxes: list[str] = []
        self.svg_titles: list[str] = []
        self.wide: list[str] = []
        self._depth = 0  # inside an svg
        self._title = False
        self._first_title = False
        self._article = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "article":
            self._article += 1
        if tag == "svg" and (self._depth or self._article):  # the theme's icons are outside
            if self._depth == 0:
                self.svg_styles.append(found.get("style") or "")
                self.svg_boxes.append(found.get("viewbox") or "")
                self._first_title = True
            self._depth += 1
        elif tag == "title" and self._depth and self._first_title:
            self._title = True  # a picture's own title, not an icon's inside it
            self._first_title = False
        elif tag in ("table", "pre") and self._article:
            self.wide.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg" and self._depth:
            self._depth -= 1
        elif tag == "title":
            self._title = False
        elif tag == "article":
            self._article -= 1

    def handle_data(self, data: str) -> None:
        if self._title:
            self.svg_titles.append(data)


class _Text(HTMLParser):
    """A page's text inside its article (no attributes), and its abbreviations' titles."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.abbr: list[str] = []
        self._article = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self._article += 1
        elif tag == "abbr" and self._article:
            self.abbr.append(dict(attrs).get("title") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._article -= 1

    def handle_data(self, data: str) -> None:
        if self._article:
            self.text.append(data)


def citation_problems(build: Path) -> list[str]:
    """Every specification page's citations a reader cannot follow, and pages without any."""
    problems = []
    pages = sorted(build.glob("spec/*.html")) + sorted(build.glob("*/spec/*.html"))
    if len(pages) < 30:
        problems.append(f"only {len(pages)} specification pages")
    titled = 0
    for page in pages:
        found = _Text()
        found.feed(page.read_text(encoding="utf-8"))
        text = "".join(found.text)
        bad = [m.group() for m in INTERNAL.finditer(text)]
        bad += [text[c.start : c.end] for c in find_citations(text, DOCUMENTS)]
        if bad:
            problems.append(f"{page.relative_to(build)}: cites {sorted(set(bad))[:5]}")
        titled += sum(bool(re.match(r"\d{3}_[0-9a-f]{16}\.txt", t)) for t in found.abbr)
    if titled < 300:
        problems.append(f"only {titled} citations keep their file name in a title")
    return problems


def check(build: Path) -> list[str]:
    """What is wrong with the built pages (nothing when all is well)."""
    problems = citation_problems(build)
    pages = {}
    for name in ("gallery", "demo-game"):
        page = _Page()
        page.feed((build / f"{name}.html").read_text(encoding="utf-8"))
        pages[name] = page
        if not page.svg_styles:
            problems.append(f"{name}: no pictures")
        for style, box in zip(page.svg_styles, page.svg_boxes, strict=True):
            if "max-width:100%" not in style or not box:
                problems.append(f"{name}: a picture that does not scale ({style!r}, {box!r})")
        if page.wide:
            problems.append(f"{name}: elements that do not reflow: {sorted(set(page.wide))}")
    cards: list[Building | PlayerBoard | BonusCard] = [
        *ORIGINAL_SET.buildings,
        ORIGINAL_SET.board,
        *ORIGINAL_SET.characters,
        *ORIGINAL_SET.bonus_cards,
    ]
    titles = pages["gallery"].svg_titles
    missing = [c.name for c in cards if titles.count(c.name) != 1]
    if missing or len(titles) != len(cards):
        problems.append(f"gallery: {len(titles)} pictures for {len(cards)} cards; {missing}")
    return problems


def main() -> int:
    """Check the build and report."""
    build = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/_build/html")
    problems = check(build)
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(
            f"{build}: the gallery shows every card; no page scrolls sideways; the "
            "specification pages name their sources by title and line"
        )
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
