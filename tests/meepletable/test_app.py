"""The table over HTTP and WebSockets: the application in-process, and as ``meepletable serve``."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import tempfile
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeplekit.registry import load_info, registered_names
from meepletable.app import CSP, MAX_FRAME, Config, create_app
from tests.meepletable.conftest import Served, free_port, wait_up


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Config(db=tmp_path / "tables.db", bot_processes=0, seeds=lambda: 11))
    with TestClient(app) as made:
        yield made


def make(client: TestClient, game: str, *seats: str) -> tuple[str, dict[int, str]]:
    fields = {"game": game, **{f"seat{n}": kind for n, kind in enumerate(seats, 1)}}
    answer = client.post("/tables", data=fields)
    assert answer.status_code == 201, answer.text
    made = answer.json()
    return made["table"], {int(n): t for n, t in made["seats"].items()}


def first_move(view: dict[str, Any]) -> str:
    entry = view["moves"][0]
    while "group" in entry:
        entry = entry["entries"][0]
    return str(entry["move"])


def test_the_lobby_offers_every_game_with_its_readings_as_fields(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-security-policy"] == CSP
    assert "'unsafe-inline'" not in CSP and "script-src 'self'" in CSP
    assert "<script>" not in page.text and " style=" not in page.text
    for name in registered_names():
        info = load_info(name)
        assert f'id="form-{name}"' in page.text
        for field in attrs.fields(info.readings):
            assert f'name="reading.{field.name}"' in page.text
        assert ('name="card_file"' in page.text) == any(
            load_info(n).variants is not None for n in registered_names()
        )


def test_a_seat_plays_over_its_websocket_and_every_refusal_is_structured(
    client: TestClient,
) -> None:
    table, tokens = make(client, "harbour", "human", "human")
    with (
        client.websocket_connect(f"/tables/{table}/ws") as first,
        client.websocket_connect(f"/tables/{table}/ws") as second,
    ):
        first.send_text(json.dumps({"type": "hello", "seat": 0, "token": tokens[0]}))
        second.send_text(json.dumps({"type": "hello", "seat": 1, "token": tokens[1]}))
        views = [json.loads(first.receive_text()), json.loads(second.receive_text())]
        decider = views[0]["deciding"]
        sockets = (first, second)
        mover, waiter = sockets[decider], sockets[1 - decider]
        move = first_move(views[decider])
        for bad, code in (
            ({"type": "move", "version": 0, "move": move, "seat": 1 - decider}, None),
            ({"type": "move", "version": 3, "move": move}, "stale"),
            ({"type": "move", "version": "0", "move": move}, "bad-request"),
            ({"type": "move", "version": 0, "move": 7}, "bad-request"),
            ({"type": "move", "version": 0, "move": "dance"}, "illegal"),
            ({"type": "shout"}, "bad-request"),
        ):
            if code is None:  # the waiting seat moves for the decider: not its turn
                waiter.send_text(json.dumps(bad))
                refused = json.loads(waiter.receive_text())
                assert refused["code"] == "not-your-turn"
                continue
            mover.send_text(json.dumps(bad))
            refused = json.loads(mover.receive_text())
            assert refused["type"] == "error" and refused["code"] == code, refused
            assert set(refused) == {"type", "code", "reason", "rule"}
        mover.send_text("{not json")
        assert json.loads(mover.receive_text())["code"] == "bad-request"
        mover.send_text("x" * (MAX_FRAME + 1))
        assert json.loads(mover.receive_text())["code"] == "too-large"
        mover.send_text(json.dumps({"type": "move", "version": 0, "move": move}))
        after = [json.loads(s.receive_text()) for s in sockets]
        assert [v["version"] for v in after] == [1, 1]
        mover.send_text(json.dumps({"type": "move", "version": 0, "move": move}))  # again
        assert json.loads(mover.receive_text())["code"] == "stale"


@pytest.mark.parametrize("hello", ["wrong", "truncated", "other", "missing", "seat"])
def test_a_hello_without_the_seat_s_capability_gets_nothing_of_the_seat(
    client: TestClient, hello: str
) -> None:
    table, tokens = make(client, "bremerhaven", "human", "human")
    message: dict[str, Any] = {
        "wrong": {"type": "hello", "seat": 0, "token": "A" * 43},
        "truncated": {"type": "hello", "seat": 0, "token": tokens[0][:-1]},
        "other": {"type": "hello", "seat": 0, "token": tokens[1]},
        "missing": {"type": "hello", "seat": 0},
        "seat": {"type": "hello", "seat": 7, "token": tokens[0]},
    }[hello]
    with client.websocket_connect(f"/tables/{table}/ws") as ws:
        ws.send_text(json.dumps(message))
        answer = json.loads(ws.receive_text())
        assert answer == {
            "type": "error",
            "code": "not-your-seat",
            "reason": answer["reason"],
            "rule": None,
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4403


def test_a_spectator_sees_the_public_view_and_makes_no_move(client: TestClient) -> None:
    table, _ = make(client, "bremerhaven", "human", "human")
    with client.websocket_connect(f"/tables/{table}/ws") as ws:
        ws.send_text(json.dumps({"type": "hello"}))
        view = json.loads(ws.receive_text())
        assert view["viewer"] is None and view["moves"] is None and view["summary"] is None
        ws.send_text(json.dumps({"type": "move", "version": 0, "move": "bid permit 5"}))
        assert json.loads(ws.receive_text())["code"] == "not-your-seat"


def test_pages_records_and_unknown_tables(client: TestClient) -> None:
    table, tokens = make(client, "machikoro", "human", "greedy")
    assert client.get(f"/tables/{table}").status_code == 200
    seat = client.get(f"/tables/{table}/seats/0")
    assert seat.status_code == 200 and tokens[0] not in seat.text
    assert 'src="/static/table.js"' in seat.text
    assert client.get("/static/table.js").status_code == 200
    refused = client.get(f"/tables/{table}/record")
    assert refused.status_code == 409 and refused.json()["code"] == "not-over"
    for path in ("/tables/nope", "/tables/nope/record", "/nowhere", f"/tables/{table}/seats/9"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json()["type"] == "error", path
    html = client.get("/tables/nope", headers={"accept": "text/html"})
    assert html.status_code == 404 and 'role="alert"' in html.text


def test_a_form_with_markup_or_a_bad_seat_is_refused_escaped(client: TestClient) -> None:
    answer = client.post(
        "/tables",
        data={"game": "<script>alert(1)</script>", "seat1": "human", "seat2": "human"},
        headers={"accept": "text/html"},
    )
    assert answer.status_code == 400
    assert "<script>alert" not in answer.text and "&lt;script&gt;" in answer.text
    assert client.post("/tables", data={"game": "harbour", "seat1": "x"}).json()["code"] == (
        "bad-request"
    )
    big = client.post(
        "/tables", data={"game": "harbour"}, files={"card_file": ("c.toml", b"#" * 400_000)}
    )
    assert big.status_code == 413 and big.json()["code"] == "too-large"


def test_a_card_file_uploaded_with_the_form_is_the_table_s_card_set(client: TestClient) -> None:
    example = Path(__file__).resolve().parents[2] / "docs/examples/my-cards.toml"
    answer = client.post(
        "/tables",
        data={"game": "harbour", "seat1": "human", "seat2": "random"},
        files={"card_file": ("my cards.toml", example.read_bytes(), "application/toml")},
    )
    assert answer.status_code == 201, answer.text
    server = client.app.state.server  # type: ignore[attr-defined]
    table = server.loaded(answer.json()["table"])
    info = load_info("harbour")
    assert info.variants is not None
    assert table.state.cards == info.variants.load(str(example))
    broken = client.post(
        "/tables",
        data={"game": "harbour", "seat1": "human", "seat2": "random"},
        files={"card_file": ("cards.toml", b"[buildings\n", "application/toml")},
    )
    assert broken.status_code == 400 and broken.json()["code"] == "bad-request"
    assert str(Path(tempfile.gettempdir())) not in broken.json()["reason"]


def test_make_table_serves_the_lobby_and_prints_its_address(tmp_path: Path) -> None:
    port = free_port()
    make = subprocess.Popen(
        ["make", "-s", "table", f"TABLE_PORT={port}", f"TABLE_DB={tmp_path / 'tables.db'}"],
        cwd=Path(__file__).resolve().parents[2],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,  # make and its server: one process group, stopped together
    )
    try:
        assert make.stdout is not None
        assert make.stdout.readline().startswith(f"The table is at http://127.0.0.1:{port}/")
        wait_up(f"http://127.0.0.1:{port}/")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
            assert "Lobby" in page.read().decode()
        assert (tmp_path / "tables.db").is_file()
    finally:
        os.killpg(make.pid, signal.SIGTERM)
        make.wait(20)
        if make.stdout is not None:
            make.stdout.close()


def test_an_open_seat_is_taken_from_the_lobby_once(client: TestClient) -> None:
    table, tokens = make(client, "harbour", "open", "greedy")
    assert tokens == {}
    lobby = client.get("/")
    assert f'action="/tables/{table}/seats/0"' in lobby.text
    taken = client.post(f"/tables/{table}/seats/0", follow_redirects=False)
    assert taken.status_code == 303
    location = taken.headers["location"]
    assert re.fullmatch(rf"/tables/{table}/seats/0#[\w-]{{43}}", location)
    again = client.post(f"/tables/{table}/seats/0", follow_redirects=False)
    assert again.status_code == 409 and again.json()["code"] == "seat-taken"
    with client.websocket_connect(f"/tables/{table}/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": 0, "token": location.split("#")[1]}))
        assert json.loads(ws.receive_text())["viewer"] == 0


def test_a_table_goes_on_after_the_application_is_started_again(tmp_path: Path) -> None:
    config = Config(db=tmp_path / "tables.db", bot_processes=0)
    with TestClient(create_app(config)) as client:
        table, tokens = make(client, "machikoro", "human", "random")
        with client.websocket_connect(f"/tables/{table}/ws") as ws:
            ws.send_text(json.dumps({"type": "hello", "seat": 0, "token": tokens[0]}))
            view = json.loads(ws.receive_text())
            while view["deciding"] != 0:
                view = json.loads(ws.receive_text())
            ws.send_text(
                json.dumps({"type": "move", "version": view["version"], "move": first_move(view)})
            )
            view = json.loads(ws.receive_text())
            while view["deciding"] != 0 and not view["over"]:
                view = json.loads(ws.receive_text())
    with (
        TestClient(create_app(config)) as client,  # a new server on the same file
        client.websocket_connect(f"/tables/{table}/ws") as ws,
    ):
        ws.send_text(json.dumps({"type": "hello", "seat": 0, "token": tokens[0]}))
        resumed = json.loads(ws.receive_text())
    assert resumed == view


def test_the_command_serves_the_lobby_and_says_where(served: Served) -> None:
    assert served.printed.startswith(f"The table is at {served.url} (tables kept in ")
    with urllib.request.urlopen(served.url, timeout=10) as answer:
        page = answer.read().decode()
        assert answer.headers["content-security-policy"] == CSP
    assert "New table of Harbour" in page
