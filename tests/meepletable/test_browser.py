"""The table in Debian's Chromium: games played to the end by clicking, secrecy, restarts.

The server runs as users run it (``meepletable serve`` on a loopback port, stopped by its
process id) or, where a test looks at the server's tables, under uvicorn in a thread.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocket

from bremerhaven.observation import bidding_open
from meeplekit.registry import load_info
from meeplekit.rng import SplitMix64
from meepletable import service
from tests.meepletable.conftest import InProcess, Served
from tests.support.bremerhaven import stacks_twin
from tests.support.table import post_table

pytestmark = pytest.mark.xdist_group("table-browser")

#: The window widths the pages are used at: a phone and a laptop, in CSS pixels.
PHONE, LAPTOP = 390, 1280
#: The most decisions a person makes in one of these games before the test gives up.
MOST_DECISIONS = 400


def new_page(browser: Browser, width: int) -> Page:
    """A page in a new context (its own storage and connections) ``width`` pixels wide."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def make_table(page: Page, url: str, game: str, seats: dict[int, str]) -> list[str]:
    """Make a table of ``game`` in the lobby's form; the links of its persons' seats."""
    page.goto(url)
    form = page.locator(f"#form-{game}")
    for seat in range(1, 9):
        select = form.locator(f"select[name=seat{seat}]")
        if select.count():
            select.select_option(seats.get(seat, ""))
    form.get_by_role("button", name="Make the table").click()
    page.wait_for_selector("h1:has-text('is ready')")
    links = page.locator("a.seat-link")
    return [str(links.nth(i).get_attribute("href")) for i in range(links.count())]


def wait_for_turn_or_end(page: Page, after: str | None) -> None:
    """Wait until the page shows a new decision of its seat (a version past ``after``) or the end."""
    page.wait_for_function(
        """(after) => document.body.dataset.over === "true" ||
            (document.body.dataset.version !== after &&
             document.querySelector("#moves button.move:not([disabled])") !== null)""",
        arg=after,
    )


def choose(page: Page, by_keyboard: bool) -> None:
    """Make the seat's first move: by clicks, or by the keyboard from the focused entry."""
    if by_keyboard:
        # The first entry has the focus when a decision begins: Enter opens a group, and
        # Tab moves into it, until a move's button has the focus; Enter plays it.
        for _ in range(10):
            tag = page.evaluate("document.activeElement && document.activeElement.tagName")
            if tag == "BUTTON":
                break
            page.keyboard.press("Enter")
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.classList.contains('move')")
        page.keyboard.press("Enter")
        return
    while True:
        closed = page.locator("#moves details:not([open]) > summary").first
        button = page.locator("#moves button.move").first
        if button.is_visible():
            button.click()
            return
        closed.click()


def play_to_end(page: Page, *, by_keyboard: bool = False) -> int:
    """Play the page's seat to the end of the game, choosing each first move; the decisions."""
    decisions = 0
    version: str | None = None
    while True:
        wait_for_turn_or_end(page, version)
        if page.evaluate("document.body.dataset.over") == "true":
            return decisions
        version = page.evaluate("document.body.dataset.version")
        choose(page, by_keyboard)
        decisions += 1
        assert decisions < MOST_DECISIONS


@pytest.mark.parametrize(
    ("game", "width", "by_keyboard"),
    [("harbour", PHONE, True), ("machikoro", LAPTOP, False), ("bremerhaven", PHONE, False)],
)
def test_a_person_finishes_a_game_against_bots_and_downloads_its_record(
    chromium_browser: Browser,
    served: Served,
    tmp_path: Path,
    game: str,
    width: int,
    by_keyboard: bool,
) -> None:
    page = new_page(chromium_browser, width)
    links = make_table(page, served.url, game, {1: "human", 2: "greedy", 3: "random"})
    assert len(links) == 1 and links[0].startswith("/tables/")
    page.goto(served.url.rstrip("/") + links[0])
    decisions = play_to_end(page, by_keyboard=by_keyboard)
    assert decisions > 5
    # The end: the standings, the seed, the record, which the game's replay accepts.
    standings = page.locator("#standings li")
    assert standings.count() == 3
    assert "(winner)" in standings.first.inner_text()
    assert re.fullmatch(r"\d+", page.locator("#seed").inner_text())
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
    with page.expect_download() as download:
        page.locator("#record").click()
    path = tmp_path / "record.txt"
    download.value.save_as(path)
    info = load_info(game)
    records = info.records
    assert records is not None
    record = records.read(path.read_text(encoding="utf-8"))
    final = records.replay(record)[-1]
    assert info.game.is_over(final)
    # ... and the game's command replays it, as a person who downloaded it would.
    command = Path(sys.executable).with_name(game)
    replayed = subprocess.run(
        [str(command), "replay", str(path)], capture_output=True, text=True, timeout=120
    )
    assert replayed.returncode == 0, replayed.stderr
    shown = [line.split(":")[0] for line in standings.all_inner_texts()]
    names = [info.narration.player_name(seat) for seat in info.game.outcome(final).ranking]
    assert shown == names
    page.context.close()


def test_a_server_stopped_mid_game_resumes_and_the_page_reconnects(
    chromium_browser: Browser, tmp_path: Path
) -> None:
    server = Served(tmp_path / "tables.db").start()
    try:
        page = new_page(chromium_browser, LAPTOP)
        link = make_table(page, server.url, "machikoro", {1: "human", 2: "random"})[0]
        page.goto(server.url.rstrip("/") + link)
        version: str | None = None
        for _ in range(4):
            wait_for_turn_or_end(page, version)
            version = page.evaluate("document.body.dataset.version")
            choose(page, by_keyboard=False)
        wait_for_turn_or_end(page, version)
        before = page.evaluate("document.body.dataset.version")
        shown = page.locator("#text").text_content()
        server.stop()
        page.wait_for_selector("#status:has-text('reconnecting')")
        server.start()  # the same port and file: the page reconnects by itself
        page.wait_for_function("() => document.body.dataset.version !== undefined")
        page.wait_for_selector("#status:not(:has-text('reconnecting'))")
        assert page.evaluate("document.body.dataset.version") == before
        assert page.locator("#text").text_content() == shown
        choose(page, by_keyboard=False)  # and the game goes on
        wait_for_turn_or_end(page, before)
        assert int(page.evaluate("document.body.dataset.version")) > int(before)
        page.context.close()
    finally:
        server.stop()


# --------------------------------------------------------------------------- secrecy


class Frames:
    """Every WebSocket frame a page receives, as text."""

    def __init__(self, page: Page) -> None:
        self.received: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: self.received.append(str(payload)))


def _table_dom(page: Page, table_id: str) -> str:
    html = str(page.evaluate("document.getElementById('table').outerHTML"))
    return html.replace(table_id, "TABLE")


def _notations(table: service.LiveTable) -> list[str]:
    notation = table.info.notation
    return [notation.format(table.state, m) for m in table.info.game.legal_moves(table.state)]


def _value(bid: str) -> int:
    return int(bid.split()[2])


def _bids_on(texts: list[str], space: str) -> list[str]:
    return [t for t in texts if t.startswith("bid ") and t.split()[1] == space]


def _twin_start(state: Any) -> Any:
    """The start with every hidden order drawn again: another deck, the same table in view."""
    twin = stacks_twin(state, SplitMix64(99))
    assert twin != state
    return twin


@pytest.mark.parametrize("watcher", [0, 1])
def test_two_seats_in_two_browsers_see_nothing_of_each_other_s_bids_or_the_decks(
    chromium_browser: Browser, tmp_path: Path, watcher: int
) -> None:
    """Twin tables: the same seed, but table B's hidden decks in another order, and the other
    seat bidding other values at B. The watching seat's frames and page are byte-identical
    at both tables while the bids lie face down, so they hold neither the other seat's bids
    nor the decks' order; the other seat's own pages do show its bids.
    """
    other = 1 - watcher
    with InProcess(tmp_path / "tables.db", seeds=lambda: 2013) as server:
        made = [
            post_table(server.url, {"game": "bremerhaven", "seat1": "human", "seat2": "human"})
            for _ in range(2)
        ]
        a, b = (server.tables.loaded(str(answer["table"])) for answer in made)
        assert a is not None and b is not None
        a_tokens, b_tokens = ({int(n): t for n, t in answer["seats"].items()} for answer in made)
        b.start = b.state = _twin_start(b.state)  # table B's hidden decks differ
        pages: dict[tuple[str, int], Page] = {}
        frames: dict[tuple[str, int], Frames] = {}
        for name, table, tokens in (("a", a, a_tokens), ("b", b, b_tokens)):
            for seat in (0, 1):
                page = new_page(chromium_browser, LAPTOP)
                frames[name, seat] = Frames(page)
                page.goto(f"{server.url}tables/{table.record.table_id}/seats/{seat}#{tokens[seat]}")
                page.wait_for_selector("#status:not(:has-text('Connecting'))")
                pages[name, seat] = page
        bids = 0
        while bids < 4 and bidding_open(a.state):
            decider = a.decider
            assert decider == b.decider and decider is not None
            texts = {name: _notations(table) for name, table in (("a", a), ("b", b))}
            if decider == watcher:  # the same move at both tables
                assert texts["a"] == texts["b"]
                chosen = {"a": texts["a"][0], "b": texts["a"][0]}
            else:  # the other seat bids its highest card at A, its lowest at B
                pairs = [
                    (
                        max(_bids_on(texts["a"], space), key=_value),
                        min(_bids_on(texts["b"], space), key=_value),
                    )
                    for space in dict.fromkeys(
                        t.split()[1] for t in texts["a"] if t.startswith("bid ")
                    )
                    if _bids_on(texts["b"], space)
                ]
                different = [(x, y) for x, y in pairs if x != y]
                if not different:
                    break
                chosen = {"a": different[0][0], "b": different[0][1]}
                bids += 1
            for name in ("a", "b"):
                page = pages[name, decider]
                version = page.evaluate("document.body.dataset.version")
                button = page.locator(f'#moves button[data-move="{chosen[name]}"]')
                while not button.is_visible():
                    page.locator("#moves details:not([open]) > summary").first.click()
                button.click()
                for seat in (0, 1):
                    pages[name, seat].wait_for_function(
                        "(v) => document.body.dataset.version !== v", arg=version
                    )
        assert bids >= 2
        assert frames["a", watcher].received == frames["b", watcher].received
        assert len(frames["a", watcher].received) >= 2 * bids
        dom_a = _table_dom(pages["a", watcher], a.record.table_id)
        dom_b = _table_dom(pages["b", watcher], b.record.table_id)
        assert dom_a == dom_b
        # ... while the other seat, which sees its own bids, was sent different frames.
        assert frames["a", other].received != frames["b", other].received
        for page in pages.values():
            page.context.close()
