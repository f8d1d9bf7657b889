"""Every page of the built docs in Chromium, at a laptop's and a phone's width.

Every HTML page of the build is checked, ``genindex``, ``search`` and ``py-modindex``
and the highlighted sources (``_modules``) included: a reader reaches them all from the
sidebar, the search box and the API's "[source]" links. Only the theme's files
(``_static``) and the sources as text (``_sources``) are not pages.
"""

from __future__ import annotations

import doctest
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from harbour import extras
from tests.browser.checks import (
    Measurement,
    measure,
    repeated_navigation,
    sideways,
    small_text,
    stray_highlights,
    text_views_fit,
)
from tests.browser.conftest import LAPTOP, PHONE, open_page

#: Pages whose pictures have highlighted sites (so the highlight check is never vacuous).
HIGHLIGHTED = ("usage.html",)
#: Pages with pictures of positions or cards.
PICTURED = (
    "usage.html",
    "demo-game.html",
    "gallery.html",
    "machikoro/demo-game.html",
    "machikoro/gallery.html",
    "bremerhaven/demo-game.html",
    "bremerhaven/gallery.html",
)


def pages(build: Path) -> list[str]:
    """Every HTML page of the build, relative to it."""
    return sorted(
        path.relative_to(build).as_posix()
        for path in build.rglob("*.html")
        if path.relative_to(build).parts[0] not in ("_static", "_sources")
    )


class Measured:
    """Every page of the build loaded at a width and measured, once per width."""

    def __init__(self, browser: Browser, site: str, build: Path) -> None:
        self.browser, self.site, self.build = browser, site, build
        self.widths: dict[int, dict[str, Measurement]] = {}

    def at(self, width: int) -> dict[str, Measurement]:
        """Page name -> its measurement in a window ``width`` pixels wide."""
        if width not in self.widths:
            page = open_page(self.browser, width)
            found = {}
            for name in pages(self.build):
                page.goto(self.site + name, wait_until="load")
                found[name] = measure(page)
            page.close()
            self.widths[width] = found
        return self.widths[width]


@pytest.fixture(scope="session")
def measured(browser: Browser, site: str, docs_html: Path) -> Measured:
    return Measured(browser, site, docs_html)


WIDTHS = pytest.mark.parametrize("width", [LAPTOP, PHONE], ids=["1280px", "390px"])


def all_problems(
    measured: dict[str, Measurement], check: Callable[[Measurement], list[str]]
) -> list[str]:
    return [problem for m in measured.values() for problem in check(m)]


def test_every_page_is_checked(measured: Measured, docs_html: Path) -> None:
    names = set(measured.at(LAPTOP))
    assert {"index.html", "genindex.html", "search.html", *PICTURED} <= names
    assert len(names) == len(pages(docs_html)) > 30


@WIDTHS
def test_no_page_scrolls_sideways(measured: Measured, width: int) -> None:
    assert all_problems(measured.at(width), sideways) == []


@pytest.mark.rules("PIC-2", "PIC-4")
@WIDTHS
def test_every_highlight_lies_on_the_card_it_marks(measured: Measured, width: int) -> None:
    for name in HIGHLIGHTED:
        assert measured.at(width)[name]["highlights"], f"{name}: no highlighted site found"
    assert all_problems(measured.at(width), stray_highlights) == []


@pytest.mark.rules("PIC-4")
def test_picture_text_is_at_least_9_px_on_a_laptop(measured: Measured) -> None:
    """At 1280 px every text of every picture is at least 9 CSS pixels (its font size).

    On a phone the pictures shrink to the column, and a reader zooms in.
    """
    laptop = measured.at(LAPTOP)
    for name in PICTURED:
        assert laptop[name]["pictures"] and laptop[name]["smallest_texts"], name
    assert all_problems(laptop, small_text) == []


#: Pages with text views under their pictures (VIEW-3, BH-VIEW-4).
TEXT_VIEWS = ("usage.html", "bremerhaven/gallery.html")


@pytest.mark.rules("VIEW-3", "BH-VIEW-4")
def test_the_text_views_fit_their_boxes_on_a_laptop(measured: Measured) -> None:
    """At 1280 px every line of a text view under a picture fits its box, wrapped once only.

    On a phone the box scrolls sideways instead of wrapping a line again.
    """
    laptop = measured.at(LAPTOP)
    for name in TEXT_VIEWS:
        assert laptop[name]["text_boxes"], f"{name}: no text view found"
    assert all_problems(laptop, text_views_fit) == []


@WIDTHS
def test_each_page_appears_once_in_the_navigation(measured: Measured, width: int) -> None:
    trees = measured.at(width)["index.html"]["trees"]
    sidebar = [t for t in trees if t["kind"] == ".sidebar-tree"]
    assert sidebar and len(sidebar[0]["entries"]) > 20
    problems = all_problems(measured.at(width), repeated_navigation)
    # The sidebar is on every page: name each problem once, with how many pages show it.
    kinds = sorted({p.split(": ", 1)[1] for p in problems})
    assert problems == [], [f"{k} ({sum(p.endswith(k) for p in problems)} pages)" for k in kinds]


def test_the_index_starts_with_install_and_a_quick_start(browser: Browser, site: str) -> None:
    page = open_page(browser, LAPTOP)
    page.goto(site + "index.html", wait_until="load")
    # The page's sections in order, each with its heading and its code blocks.
    sections: list[tuple[str, list[str], str]] = page.evaluate(
        """() => Array.from(document.querySelectorAll('article section section')).map((s) => [
            s.querySelector('h2').firstChild.textContent.trim(),
            Array.from(s.querySelectorAll('pre')).map((p) => p.textContent),
            s.innerText,
        ])"""
    )
    page.close()
    (install, blocks, text), (quick_start, (quick, *_), _) = sections[:2]
    assert (install, quick_start) == ("Install", "Quick start")
    assert blocks[0].strip() == f"pip install {extras.DISTRIBUTION}"
    for name in extras.EXTRAS:
        assert extras.install_command(name) in text, name
    assert 8 <= len(quick.strip().splitlines()) <= 14, quick
    for call in ("new_game", "legal_moves", "apply_move", "observe", "outcome"):
        assert re.search(rf"harbour\.{call}\(", quick), call
    # The quick start runs as shown.
    test = doctest.DocTestParser().get_doctest(quick, {}, "quick start", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False) == doctest.TestResults(0, len(test.examples))
    assert len(test.examples) >= 8
