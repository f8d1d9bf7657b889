"""Games stepped through: a finished table's and an uploaded record's, in-process and in Chromium."""

from __future__ import annotations

import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from starlette.testclient import TestClient

from meeplekit.registry import load_info
from meepletable import replays, service
from meepletable.app import Config, create_app
from meepletable.service import TableError
from meepletable.storage import SQLiteStorage
from tests.meepletable.conftest import Served
from tests.support.table import post_table, run_bots

GAMES = ("harbour", "machikoro", "bremerhaven")


def finished(storage: SQLiteStorage, game: str) -> service.LiveTable:
    table, _ = service.create_table(
        storage, service.table_setup(game, ["random", "greedy"]), seed=12
    )
    run_bots(storage, table)
    assert table.over
    return table


@pytest.mark.parametrize("game", GAMES)
def test_every_position_of_a_finished_table_is_each_viewer_s_view_of_it(
    tmp_path: Path, game: str
) -> None:
    storage = SQLiteStorage(tmp_path / "t.db")
    table = finished(storage, game)
    replay = replays.from_table(table)
    info = table.info
    assert replay.total == table.version and replay.states[-1] == table.state
    assert replay.notations == tuple(table.notations)
    assert replay.narration == tuple(table.narration)
    for number in (0, 1, replay.total // 2, replay.total):
        for viewer in (None, 0, 1):
            shown = replays.position(replay, number, viewer)
            seen = info.game.observe(replay.states[number], viewer)
            assert shown["text"] == info.views.render(seen)
            assert shown["move"] == (replay.notations[number - 1] if number else None)
    assert replays.position(replay, replay.total, None)["over"]
    for number, viewer in ((-1, None), (replay.total + 1, None), (0, 2), (0, -1)):
        with pytest.raises(TableError) as refused:
            replays.position(replay, number, viewer)
        assert refused.value.code == "not-found"
    # A record of the game, uploaded, steps through the same positions.
    uploaded = replays.from_record(game, service.record_text(table))
    assert uploaded.states == replay.states and uploaded.notations == replay.notations


def test_a_game_in_play_and_bad_records_are_refused(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "t.db")
    table, _ = service.create_table(storage, service.table_setup("harbour", ["human", "human"]))
    with pytest.raises(TableError) as refused:
        replays.from_table(table)
    assert refused.value.code == "not-over"
    for game, text, code in (
        ("harbour", "not a record", "bad-request"),
        ("chess", "1. e4", "bad-request"),
        ("harbour", "x" * (replays.RECORD_LIMIT + 1), "too-large"),
    ):
        with pytest.raises(TableError) as bad:
            replays.from_record(game, text)
        assert bad.value.code == code


def test_replays_over_http(tmp_path: Path) -> None:
    with TestClient(create_app(Config(db=tmp_path / "t.db", bot_processes=0))) as client:
        made = client.post(
            "/tables", data={"game": "machikoro", "seat1": "human", "seat2": "random"}
        )
        table = made.json()["table"]
        early = client.get(f"/tables/{table}/replay/0")
        assert early.status_code == 409 and early.json()["code"] == "not-over"
        bad = client.get(f"/tables/{table}/replay/0?viewer=<script>")
        assert bad.status_code in (400, 409) and bad.json()["type"] == "error"
        refused = client.post(
            "/replays", data={"game": "harbour"}, files={"record": ("r.txt", b"\xff\xfe")}
        )
        assert refused.status_code == 400 and refused.json()["code"] == "bad-request"
        assert client.get("/replays/nope/0").json()["code"] == "not-found"


def _wait_over(url: str, table: str) -> str:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}tables/{table}/record", timeout=10) as answer:
                return str(answer.read().decode())
        except urllib.error.HTTPError as error:
            assert error.code == 409
            time.sleep(0.2)
    raise AssertionError("the bots' game did not end in 60 s")


@pytest.mark.parametrize("game", GAMES)
def test_a_visitor_steps_through_a_game_in_the_browser(
    chromium_browser: Browser, served: Served, tmp_path: Path, game: str
) -> None:
    made = post_table(served.url, {"game": game, "seat1": "random", "seat2": "greedy"})
    record = _wait_over(served.url, made["table"])
    total = len(replays.from_record(game, record).notations)
    page = chromium_browser.new_page(viewport={"width": 390, "height": 900})
    page.set_default_timeout(20_000)
    # A finished table, from the link its play page gives at the end.
    page.goto(f"{served.url}tables/{made['table']}/replay")
    page.wait_for_function("() => document.body.dataset.number === '0'")
    assert "The start of the game." in page.locator("#move").inner_text()
    page.locator("#forward").click()
    page.wait_for_function("() => document.body.dataset.number === '1'")
    first = page.locator("#move").inner_text()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.body.dataset.number === '2'")
    assert page.locator("#move").inner_text() != first
    page.locator("#back").click()
    page.wait_for_function("() => document.body.dataset.number === '1'")
    assert page.locator("#move").inner_text() == first
    page.locator("#last").click()
    page.wait_for_function(f"() => document.body.dataset.number === '{total}'")
    assert "(the end)" in page.locator("#place").inner_text()
    page.locator("#viewer").select_option("1")
    page.wait_for_function("() => document.body.dataset.viewer === '1'")
    assert page.locator("#picture").is_visible()
    # Every position has its link: opened again, the page shows that position and viewer.
    page.goto(f"{served.url}tables/{made['table']}/replay#move=5&viewer=0")
    page.wait_for_function("() => document.body.dataset.number === '5'")
    assert page.locator("#viewer").input_value() == "0"
    # An uploaded record, from the lobby's form.
    path = tmp_path / "record.txt"
    path.write_text(record, encoding="utf-8")
    page.goto(served.url)
    form = page.locator("#form-replay")
    form.locator("select[name=game]").select_option(game)
    form.locator("input[name=record]").set_input_files(str(path))
    form.get_by_role("button", name="Step through it").click()
    page.wait_for_function("() => document.body.dataset.number === '0'")
    assert page.url.startswith(f"{served.url}replays/")
    page.locator("#number").fill("3")
    page.locator("#number").dispatch_event("change")
    page.wait_for_function("() => document.body.dataset.number === '3'")
    assert load_info(game).title in page.locator("h1").inner_text()
    page.context.close()
