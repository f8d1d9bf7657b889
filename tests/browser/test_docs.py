"""The built docs in Chromium, every page at a laptop's width and at a phone's (sources sampled).

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
from playwright.sync_api import Browser, Page

import bremerhaven.info
import harbour.info
import machikoro.info
from meeplekit.extras import Extras
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
from tests.support.alone import readme_commands

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

#: Each game's section: its index page and its extras (``<game>.info.EXTRAS``).
GAMES: dict[str, Extras] = {
    "harbour/index.html": harbour.info.EXTRAS,
    "machikoro/index.html": machikoro.info.EXTRAS,
    "bremerhaven/index.html": bremerhaven.info.EXTRAS,
}


def pages(build: Path) -> list[str]:
    """Every HTML page of the build, relative to it."""
    return sorted(
        path.relative_to(build).as_posix()
        for path in build.rglob("*.html")
        if path.relative_to(build).parts[0] not in ("_static", "_sources")
    )


#: At a phone's width, one in this many of the highlighted source pages (``_modules/``,
#: about 200 made by one template, each a code block that scrolls in its own box) is loaded,
#: with every other page; at a laptop's width, every page.
SOURCE_PAGES_EVERY = 5


def pages_at(build: Path, width: int) -> list[str]:
    """The pages measured at ``width``: :func:`pages`, a spread of the source pages on a phone."""
    every = pages(build)
    if width != PHONE:
        return every
    sources = [name for name in every if name.startswith("_modules/")]
    kept = set(sources[::SOURCE_PAGES_EVERY])
    return [name for name in every if not name.startswith("_modules/") or name in kept]


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
            for name in pages_at(self.build, width):
                page.goto(self.site + name, wait_until="load")
                found[name] = measure(page)
            page.close()
            self.widths[width] = found
        return self.widths[width]


@pytest.fixture(scope="session")
def measured(browser: Browser, site: str, docs_html: Path) -> Measured:
    return Measured(browser, site, docs_html)


#: The tests that read one width's measurements share an xdist group, so that a run with
#: ``-n 2 --dist loadgroup`` measures each width once, in its own worker; ``make docs`` runs
#: one worker (faster on 2 cores), where the groups change nothing.
ON_A_LAPTOP = pytest.mark.xdist_group("1280px")
WIDTHS = pytest.mark.parametrize(
    "width",
    [
        pytest.param(LAPTOP, marks=ON_A_LAPTOP, id="1280px"),
        pytest.param(PHONE, marks=pytest.mark.xdist_group("390px"), id="390px"),
    ],
)


def all_problems(
    measured: dict[str, Measurement], check: Callable[[Measurement], list[str]]
) -> list[str]:
    return [problem for m in measured.values() for problem in check(m)]


@ON_A_LAPTOP
def test_every_page_is_checked(measured: Measured, docs_html: Path) -> None:
    names = set(measured.at(LAPTOP))
    assert {"index.html", "genindex.html", "search.html", *PICTURED} <= names
    assert len(names) == len(pages(docs_html)) > 30
    phone = set(measured.at(PHONE))
    sources = [name for name in names if name.startswith("_modules/")]
    assert len(sources) > 100 and len(phone & set(sources)) * SOURCE_PAGES_EVERY >= len(sources)
    assert names - set(sources) <= phone


@WIDTHS
def test_no_page_scrolls_sideways(measured: Measured, width: int) -> None:
    assert all_problems(measured.at(width), sideways) == []


@pytest.mark.rules("PIC-2", "PIC-4")
@WIDTHS
def test_every_highlight_lies_on_the_card_it_marks(measured: Measured, width: int) -> None:
    for name in HIGHLIGHTED:
        assert measured.at(width)[name]["highlights"], f"{name}: no highlighted site found"
    assert all_problems(measured.at(width), stray_highlights) == []


@ON_A_LAPTOP
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


@ON_A_LAPTOP
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
    problems = all_problems(measured.at(width), repeated_navigation)
    # The sidebar is on every page: name each problem once, with how many pages show it.
    kinds = sorted({p.split(": ", 1)[1] for p in problems})
    assert problems == [], [f"{k} ({sum(p.endswith(k) for p in problems)} pages)" for k in kinds]


@WIDTHS
def test_the_games_lead_the_navigation(measured: Measured, width: int, site: str) -> None:
    """The sidebar starts with the three games, each its section's pages under it."""
    trees = measured.at(width)["index.html"]["trees"]
    (sidebar,) = [t["entries"] for t in trees if t["kind"] == ".sidebar-tree"]
    assert [e["page"] for e in sidebar[:3]] == [site + name for name in GAMES]
    for game in sidebar[:3]:
        assert len(game["children"]) >= 20, game["text"]
    # Every page of the sidebar, once (the check above): the project's pages, not a few.
    flat = [sidebar]
    while flat[-1]:
        flat.append([c for e in flat[-1] for c in e["children"]])
    assert sum(map(len, flat)) > 80


def _sections(page: Page) -> list[tuple[str, list[str], str]]:
    """The page's sections in order: each one's heading, its code blocks and its text."""
    found: list[tuple[str, list[str], str]] = page.evaluate(
        """() => Array.from(document.querySelectorAll('article section section')).map((s) => [
            s.querySelector('h2').firstChild.textContent.trim(),
            Array.from(s.querySelectorAll('pre')).map((p) => p.textContent),
            s.innerText,
        ])"""
    )
    return found


def _commands(block: str) -> list[str]:
    """The commands of a shell block, without its comments."""
    return [line for line in block.strip().splitlines() if not line.startswith("#")]


def test_the_landing_page_links_each_game_and_installs_it(browser: Browser, site: str) -> None:
    page = open_page(browser, LAPTOP)
    page.goto(site + "index.html", wait_until="load")
    sections = _sections(page)
    links = page.evaluate(
        "() => Array.from(document.querySelectorAll('article section section a')).map(a => a.href)"
    )
    title = page.title()
    page.close()
    assert "Harbour rules library" not in title
    for name in ("Harbour", "Machi", "Bremerhaven"):
        assert name in title
    assert [heading for heading, _, _ in sections][:3] == [
        "The games",
        "Install",
        "The shared layer",
    ]
    for name in GAMES:
        assert site + name in links, name
    # The README's command from a clone for each game, the table's, then the shared layer's
    # alone.
    readme = readme_commands()
    games = ("harbour-rules", "machikoro-rules", "bremerhaven-rules", "meepletable", "meeplekit")
    (install,) = sections[1][1]
    assert _commands(install) == [readme[("clone", name, None)] for name in games]


@pytest.mark.parametrize("index", list(GAMES), ids=[n.split("/")[0] for n in GAMES])
def test_each_game_starts_with_install_and_a_quick_start(
    browser: Browser, site: str, index: str
) -> None:
    extras = GAMES[index]
    game = extras.distribution.removesuffix("-rules")
    page = open_page(browser, LAPTOP)
    page.goto(site + index, wait_until="load")
    sections = _sections(page)
    page.close()
    (install, (clone, wheelhouse), text), (quick_start, (quick, *_), _) = sections[:2]
    assert (install, quick_start) == ("Install", "Quick start")
    # The README's commands, as make dist runs them, and each extra's as the game names it.
    readme = readme_commands()
    name = extras.distribution
    assert _commands(clone) == [readme[("clone", name, None)], readme[("clone", name, "cli")]]
    assert _commands(wheelhouse) == [readme[("wheelhouse", name, None)]]
    assert "not yet on the package index" in text
    for extra in extras.extras:
        assert extras.install_command(extra) in text, extra
    # The quick start: a game to its outcome, a move's notation and the position's code.
    calls = ("new_game", "legal_moves", "apply_move", "observe", "is_over", "outcome", "code")
    for call in calls:
        assert re.search(rf"{game}\.{call}\(", quick), call
    assert "format_move(" in quick and "GreedyBot(" in quick
    # The quick start runs as shown.
    test = doctest.DocTestParser().get_doctest(quick, {}, "quick start", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False) == doctest.TestResults(0, len(test.examples))
    assert len(test.examples) >= 12


@WIDTHS
def test_the_title_fits_the_sidebar_and_the_header(browser: Browser, site: str, width: int) -> None:
    """The project's title is shown whole in the sidebar and, on a phone, in the header.

    On a phone the sidebar is a drawer: it is opened (without its animation) to be measured.
    """
    page = open_page(browser, width)
    page.goto(site + "index.html", wait_until="load")
    page.add_style_tag(content="* { transition: none !important; }")
    page.evaluate("() => { document.getElementById('__navigation').checked = true; }")
    shown = page.evaluate(
        """() => Array.from(document.querySelectorAll('.sidebar-brand-text, .mobile-header .brand'))
            .filter((e) => e.getClientRects().length > 0)
            .map((e) => {
                const r = e.getBoundingClientRect();
                const line = parseFloat(getComputedStyle(e).lineHeight);
                return [e.className, e.textContent.trim(), e.scrollWidth <= e.clientWidth,
                        r.left >= 0 && r.right <= document.documentElement.clientWidth,
                        Math.round(r.height / line)];
            })"""
    )
    page.close()
    places = {name for name, *_ in shown}
    assert places == ({"sidebar-brand-text", "brand"} if width == PHONE else {"sidebar-brand-text"})
    for name, text, inside, on_screen, lines in shown:
        assert "Bremerhaven" in text and inside and on_screen, (name, text, inside, on_screen)
        assert lines <= 3, (name, text, lines)
