"""The browser checks find what they are for: pages made with each fault, and without it.

Each probe page is loaded into Chromium as it is (``set_content``) and measured as the
built docs are; a check must report the fault and stay quiet on the page without it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

import harbour
from harbour.cards import ORIGINAL_SET
from harbour.views import svg
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

#: A rule of the docs' theme for code blocks, which matched the pictures' highlights.
THEME = "<style>.highlight { width: 100%; }</style>"


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    opened = open_page(browser, LAPTOP)
    yield opened
    opened.close()


def probe(page: Page, body: str, width: int = LAPTOP) -> Measurement:
    page.set_viewport_size({"width": width, "height": 900})
    page.set_content(
        f'<!doctype html><html><head><base href="http://docs.invalid/">{THEME}</head>'
        f"<body>{body}</body></html>"
    )
    return measure(page)


@pytest.mark.parametrize("width", [LAPTOP, PHONE])
def test_a_page_wider_than_the_window_scrolls_sideways(page: Page, width: int) -> None:
    wide = probe(page, '<article><div class="wide" style="width:1400px">x</div></article>', width)
    (problem,) = sideways(wide)
    assert "div.wide reaches 14" in problem
    column = probe(page, "<article><p>Text that wraps.</p></article>", width)
    assert sideways(column) == []


def test_a_table_that_scrolls_in_its_own_box_does_not_count(page: Page) -> None:
    table = '<table style="width:1400px"><tr><td>x</td></tr></table>'
    boxed = probe(page, f'<article><div style="overflow-x:auto">{table}</div></article>', PHONE)
    assert sideways(boxed) == []
    bare = probe(page, f"<article>{table}</article>", PHONE)
    assert sideways(bare) != []


def picture_with_highlight() -> str:
    state = harbour.new_game(2, seed=2014)
    while state.in_setup:
        state = harbour.apply_move(state, harbour.legal_moves(state)[0])
    return svg.position(state, highlight=svg.destinations(state))


@pytest.mark.rules("PIC-4")
def test_an_unscoped_highlight_class_is_stretched_by_the_theme(page: Page) -> None:
    scoped = probe(page, f"<article>{picture_with_highlight()}</article>")
    assert len(scoped["highlights"]) > 3
    assert stray_highlights(scoped) == []
    # The pictures before their classes were scoped: the theme's .highlight matches.
    unscoped = picture_with_highlight().replace('class="harbour-highlight"', 'class="highlight"')
    stretched = probe(page, f"<article>{unscoped}</article>")
    problems = stray_highlights(stretched)
    assert len(problems) == len(stretched["highlights"]) > 3, problems


def test_a_highlight_must_mark_a_site_and_follow_its_edge(page: Page) -> None:
    site = '<rect data-site="card-1" x="10" y="10" width="100" height="140"/>'
    cases = {
        '<rect data-marks="card-1" x="12" y="12" width="96" height="136" fill="none"/>': 0,
        '<rect data-marks="card-2" x="12" y="12" width="96" height="136" fill="none"/>': 1,
        '<rect data-marks="card-1" x="5" y="5" width="110" height="150" fill="none"/>': 1,
        '<rect data-marks="card-1" x="40" y="40" width="20" height="20" fill="none"/>': 1,
    }
    for mark, found in cases.items():
        picture = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">{site}{mark}</svg>'
        )
        assert len(stray_highlights(probe(page, f"<article>{picture}</article>"))) == found, mark


def test_text_shrunk_below_9_px_is_found(page: Page) -> None:
    card = svg.card(ORIGINAL_SET.buildings[0], ORIGINAL_SET)
    assert small_text(probe(page, f"<article>{card}</article>")) == []
    # The same card squeezed into a narrower box: its small print shrinks below 9 px.
    narrow = probe(page, f'<article><div style="width:150px">{card}</div></article>')
    (problem,) = small_text(narrow)
    assert "picture 0 has text 6.8 px high" in problem
    # Text shrunk by a group's transform inside the picture.
    nested = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
        '<text x="0" y="20" font-size="12">big</text>'
        '<g transform="scale(0.7)"><text x="0" y="60" font-size="12">small</text></g></svg>'
    )
    (problem,) = small_text(probe(page, f"<article>{nested}</article>"))
    assert "8.4 px" in problem and "'small'" in problem
    # Pictures outside the article (the theme's icons) are not the docs' pictures.
    assert probe(page, nested)["smallest_texts"] == []


def nav(kind: str, items: str) -> str:
    return f'<div class="{kind}"><ul>{items}</ul></div>'


def test_repeated_navigation_entries_are_found(page: Page) -> None:
    # A game's section: its index page, its pages under it (the current page links to "#").
    clean = nav(
        "sidebar-tree",
        '<li><a href="harbour/index.html">Harbour</a><ul>'
        '<li><a href="usage.html">Using Harbour</a></li>'
        '<li><a href="#">Card gallery</a></li></ul></li>'
        '<li><a href="meeplekit.html">The shared layer</a></li>',
    )
    assert repeated_navigation(probe(page, clean)) == []
    # The API's class Goods in its section "Goods" is an object, not a repeated section.
    api = nav(
        "toc-tree",
        '<li><a href="#goods">Goods</a><ul>'
        '<li><a href="#harbour.goods.Goods"><code>Goods</code></a></li></ul></li>',
    )
    assert repeated_navigation(probe(page, api)) == []
    twice = nav(
        "sidebar-tree",
        '<li><a href="usage.html">Using the library</a></li>'
        '<li><a href="gallery.html">Card gallery</a></li>'
        '<li><a href="usage.html">Usage</a></li>',
    )
    (problem,) = repeated_navigation(probe(page, twice))
    assert "lists http://docs.invalid/usage.html 2 times" in problem
    # A page with two titles (a README included from its top): two entries, at the top
    # or among the pages of a game's section.
    titles = nav(
        "sidebar-tree",
        '<li><a href="usage.html">Using Harbour</a></li>'
        '<li><a href="usage.html#harbour-rules-library">Harbour rules library</a></li>',
    )
    (problem,) = repeated_navigation(probe(page, titles))
    assert "lists http://docs.invalid/usage.html 2 times" in problem
    nested = nav(
        "sidebar-tree",
        '<li><a href="harbour/index.html">Harbour</a><ul>'
        '<li><a href="usage.html">Using Harbour</a></li>'
        '<li><a href="usage.html#harbour-rules-library">Harbour rules library</a></li>'
        "</ul></li>",
    )
    (problem,) = repeated_navigation(probe(page, nested))
    assert "lists http://docs.invalid/usage.html 2 times" in problem
    # A page whose first section repeats its title (a heading included from the README).
    echo = nav(
        "toc-tree",
        '<li><a href="#">Using the library</a><ul>'
        '<li><a href="#id1">Using the library</a></li>'
        '<li><a href="#pictures">Pictures</a></li></ul></li>',
    )
    (problem,) = repeated_navigation(probe(page, echo))
    assert "'Using the library' under 'Using the library'" in problem
    siblings = nav(
        "toctree-wrapper",
        '<li><a href="a.html">Cards</a></li><li><a href="b.html">Cards</a></li>',
    )
    (problem,) = repeated_navigation(probe(page, siblings))
    assert "repeats 'Cards'" in problem


def test_a_text_view_wider_than_its_box_is_found(page: Page) -> None:
    style = "font: 12px/1.35 monospace; padding: 8px; margin: 0"
    line = "word " * 15 + "words"  # 80 columns
    fits = f'<pre class="harbour-text" style="{style}; width: 600px">{line}\n{line}\n</pre>'
    measured = probe(page, f"<article>{fits}</article>")
    assert measured["text_boxes"][0]["lines"] == 2 and text_views_fit(measured) == []
    # Wrapped again in a box too narrow for its lines (the views were once 100 columns wide).
    wrapped = fits.replace("600px", "500px").replace(style, f"{style}; white-space: pre-wrap")
    (problem,) = text_views_fit(probe(page, f"<article>{wrapped}</article>"))
    assert "its widest line has 80 columns" in problem and "2 lines shown as 4" in problem
    # Too wide, but scrolling in its box rather than wrapping: the box is still too narrow.
    scrolled = fits.replace("600px", "500px").replace(style, f"{style}; overflow-x: auto")
    (problem,) = text_views_fit(probe(page, f"<article>{scrolled}</article>"))
    assert "2 lines shown as 2" in problem
