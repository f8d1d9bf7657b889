"""Hostile input, refused: every message and form field thrown anything, floods, slow readers,
markup in what is shown. Nothing crashes, nothing leaks, every refusal is a structured error.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Browser
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from meepletable.app import Config, create_app
from tests.meepletable.conftest import InProcess
from tests.support.table import post_table

#: The codes a refusal may carry (meepletable.service.TableError).
CODES = {
    "bad-request",
    "no-table",
    "not-found",
    "not-your-seat",
    "not-your-turn",
    "stale",
    "illegal",
    "over",
    "not-over",
    "seat-taken",
    "too-large",
    "too-many",
    "unavailable",
}
ROOT = Path(__file__).resolve().parents[2]

#: Any JSON value, nested a little.
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
#: A message as a client might send it: anything, or a move-like object with hostile fields.
MESSAGES = st.one_of(
    st.text(max_size=200),
    JSON.map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["move", "hello", "Move", ""]) | st.text(max_size=8)},
        optional={
            "version": JSON | st.integers(-(2**70), 2**70),
            "move": JSON | st.sampled_from(["", " ", "take", "go <script>", "\x00", "é" * 500]),
            "seat": JSON,
            "token": JSON,
        },
    ).map(json.dumps),
)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("attack") / "tables.db"
    app = create_app(Config(db=db, bot_processes=0, rate=1e6, burst=1e6))
    with TestClient(app) as made:
        yield made


def structured(frame: dict[str, Any]) -> bool:
    return frame.get("type") == "view" or (
        frame.get("type") == "error"
        and set(frame) == {"type", "code", "reason", "rule"}
        and frame["code"] in CODES
        and isinstance(frame["reason"], str)
        and "Traceback" not in frame["reason"]
    )


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(messages=st.lists(MESSAGES, min_size=1, max_size=6))
def test_any_message_from_a_seat_or_a_spectator_gets_a_structured_answer(
    client: TestClient, messages: list[str]
) -> None:
    made = client.post("/tables", data={"game": "bremerhaven", "seat1": "human", "seat2": "human"})
    table, token = made.json()["table"], made.json()["seats"]["0"]
    for hello in ({"type": "hello", "seat": 0, "token": token}, {"type": "hello"}):
        with client.websocket_connect(f"/tables/{table}/ws") as ws:
            ws.send_text(json.dumps(hello))
            first = json.loads(ws.receive_text())
            assert first["type"] == "view"
            for message in messages:
                ws.send_text(message)
                answer = json.loads(ws.receive_text())
                assert structured(answer), answer
                if answer["type"] == "view":  # a legal move landed: nothing else changed
                    assert answer["version"] == first["version"] + 1
                    first = answer
    assert client.get("/health").json() == {"ok": True}


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    hello=st.one_of(
        st.text(max_size=100),
        JSON.map(json.dumps),
        st.fixed_dictionaries({"type": st.just("hello"), "seat": JSON, "token": JSON}).map(
            json.dumps
        ),
    )
)
def test_a_hostile_hello_gets_nothing_of_any_seat(client: TestClient, hello: str) -> None:
    made = client.post("/tables", data={"game": "harbour", "seat1": "human", "seat2": "human"})
    table = made.json()["table"]
    with client.websocket_connect(f"/tables/{table}/ws") as ws:
        ws.send_text(hello)
        answer = json.loads(ws.receive_text())
        assert structured(answer), answer
        if answer["type"] == "view":  # only a spectator's hello may be answered by a view
            assert answer["viewer"] is None and answer["moves"] is None
            assert answer["summary"] is None


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    fields=st.dictionaries(
        st.sampled_from(
            ["game", "seat1", "seat2", "seat3", "cards", "reading.reentry", "reading.x"]
        )
        | st.text(max_size=12),
        st.text(max_size=60),
        max_size=6,
    ),
    html=st.booleans(),
)
def test_any_form_makes_a_table_or_gets_a_structured_refusal(
    client: TestClient, fields: dict[str, str], html: bool
) -> None:
    headers = {"accept": "text/html"} if html else {}
    answer = client.post("/tables", data=fields, headers=headers)
    assert answer.status_code in (201, 400, 404, 413), answer.text
    if answer.status_code != 201:
        if html:
            assert (
                'role="alert"' in answer.text and "<script" not in answer.text.split("</head>")[1]
            )
        else:
            assert structured(answer.json())


@pytest.mark.parametrize(
    "path",
    [
        "/tables/..%2F..%2Fetc%2Fpasswd",
        "/static/..%2F..%2Fapp.py",
        "/tables/%00/record",
        "/tables/x/seats/-1",
    ],
)
def test_path_tricks_find_nothing(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code in (400, 404), path
    assert "import" not in answer.text


def test_a_flood_is_refused_then_closed(tmp_path: Path) -> None:
    app = create_app(Config(db=tmp_path / "t.db", bot_processes=0, rate=1.0, burst=5.0))
    with TestClient(app) as client:
        made = client.post("/tables", data={"game": "harbour", "seat1": "human", "seat2": "human"})
        table, token = made.json()["table"], made.json()["seats"]["0"]
        with client.websocket_connect(f"/tables/{table}/ws") as ws:
            ws.send_text(json.dumps({"type": "hello", "seat": 0, "token": token}))
            ws.receive_text()
            codes = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(100):
                    ws.send_text(json.dumps({"type": "move", "version": 99, "move": "x"}))
                    codes.append(json.loads(ws.receive_text())["code"])
            assert closed.value.code == 1008
        assert codes[:5] == ["stale"] * 5 and set(codes[5:]) == {"too-many"}
        assert client.get("/health").json() == {"ok": True}


def raw_spectator(port: int, table: str, buffer: int = 4096) -> socket.socket:
    """A WebSocket spectator by hand, with a small receive buffer, that will never read again."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, buffer)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /tables/{table}/ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)  # the handshake's answer only, byte by byte
    assert answer.startswith(b"HTTP/1.1 101")
    payload = json.dumps({"type": "hello"}).encode()
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)
    return sock


def test_a_client_that_does_not_read_is_closed_and_the_others_play_on(tmp_path: Path) -> None:
    with InProcess(tmp_path / "tables.db") as server:
        made = post_table(server.url, {"game": "bremerhaven", "seat1": "random", "seat2": "random"})
        url = f"ws://127.0.0.1:{server.port}/tables/{made['table']}/ws"
        slow = raw_spectator(server.port, made["table"])
        try:
            with connect(url, max_size=2**24) as reader:
                reader.send(json.dumps({"type": "hello"}))
                versions = []
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline:
                    frame = json.loads(reader.recv(timeout=30))
                    versions.append(frame["version"])
                    if frame["over"]:
                        break
            assert versions[-1] > 50  # the reader saw the game go on to its end
            watchers = server.tables.watcher_count(made["table"])
            assert watchers == 0  # the slow one was dropped (and the reader has left)
        finally:
            slow.close()


def test_markup_in_a_card_file_is_shown_as_text(chromium_browser: Browser, tmp_path: Path) -> None:
    cards = (ROOT / "docs/examples/my-cards.toml").read_text(encoding="utf-8")
    name = 'name = "Fisher\'s Jetty"'  # the starting building: every seat's view names it
    assert name in cards
    hostile = '<img src=x onerror="document.title=1">'
    cards = cards.replace(name, f"name = {json.dumps(hostile)}", 1)
    with InProcess(tmp_path / "tables.db") as server:
        page = chromium_browser.new_page()
        dialogs: list[str] = []
        page.on("dialog", lambda dialog: dialogs.append(dialog.message))
        page.goto(server.url)
        form = page.locator("#form-harbour")
        form.locator("select[name=seat1]").select_option("human")
        form.locator("select[name=seat2]").select_option("random")
        path = tmp_path / "cards.toml"
        path.write_text(cards, encoding="utf-8")
        form.locator("input[name=card_file]").set_input_files(str(path))
        form.get_by_role("button", name="Make the table").click()
        page.locator("a.seat-link").first.click()
        page.wait_for_selector("#status:not(:has-text('Connecting'))")
        page.locator("#text-view summary").click()
        assert hostile in page.locator("#text").inner_text()  # shown as the text it is
        assert page.locator("img[src=x]").count() == 0  # text, never an element
        assert page.title() != "1" and not dialogs
        page.context.close()
