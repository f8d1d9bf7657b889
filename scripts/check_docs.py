"""Checks of the built docs that Sphinx cannot make (run by ``make docs`` after the build).

- The card gallery shows a picture of every card of the original set (PIC-1), each one
  titled with the card's name.
- The gallery and the demo-game page cannot scroll sideways on a laptop screen: every
  picture is an SVG that scales down to its column (``max-width:100%``, a ``viewBox``),
  and the pages hold no table and no preformatted block, the elements that do not
  reflow with the page's width (Furo's content column is at most 46em wide at 1280 px).

Usage: ``python scripts/check_docs.py [BUILD_DIR]`` (default ``docs/_build/html``); exits
1 and says what is wrong if a check fails.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path

from harbour.cards import ORIGINAL_SET
from harbour.cards.model import BonusCard, Building, PlayerBoard


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


def check(build: Path) -> list[str]:
    """What is wrong with the built pages (nothing when all is well)."""
    problems = []
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
        print(f"{build}: the gallery shows every card; no page scrolls sideways")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
