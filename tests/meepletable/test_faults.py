"""The table's faults, survived: a server killed mid-game, a database locked or full.

A move is acknowledged when its seat receives the view after it (the server sends it only
once the move's transaction has committed). Whatever happens, every acknowledged move is in
its game exactly once, every person's move stored is one that its seat sent (no move
appears that no one made), and every game resumes where its database says.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from meeplekit.protocol import CHANCE
from meeplekit.registry import load_info
from meepletable.app import Config, create_app
from meepletable.storage import SQLiteStorage
from tests.meepletable.conftest import Served

GAMES = ("harbour", "machikoro", "bremerhaven")
#: How many times the server is killed in the test, and the longest it plays between kills.
KILLS, MOST_BETWEEN = 5, 1.5


def post_table(url: str, game: str) -> tuple[str, dict[int, str]]:
    body = urllib.parse.urlencode({"game": game, "seat1": "human", "seat2": "human"}).encode()
    with urllib.request.urlopen(f"{url}tables", data=body, timeout=30) as answer:
        made = json.load(answer)
    return str(made["table"]), {int(n): str(t) for n, t in made["seats"].items()}


def moves_of(entries: list[dict[str, Any]]) -> list[str]:
    found: list[str] = []
    for entry in entries:
        found.extend(moves_of(entry["entries"]) if "group" in entry else [entry["move"]])
    return found


class Player:
    """A scripted person at both seats of a table, reconnecting by itself when cut off."""

    def __init__(self, port: int, table: str, tokens: dict[int, str], seed: int) -> None:
        self.port, self.table, self.tokens = port, table, tokens
        self.rng = random.Random(seed)
        self.sent: set[tuple[int, str]] = set()
        self.acknowledged: dict[int, str] = {}
        self.reconnects = 0
        self.over = False

    def _hello(self, ws: ClientConnection, seat: int) -> dict[str, Any]:
        ws.send(json.dumps({"type": "hello", "seat": seat, "token": self.tokens[seat]}))
        view: dict[str, Any] = json.loads(ws.recv(timeout=10))
        return view

    def step(self) -> None:
        """One move of whichever seat decides (connection errors are left to the caller)."""
        url = f"ws://127.0.0.1:{self.port}/tables/{self.table}/ws"
        with connect(url, open_timeout=5) as ws:
            view = self._hello(ws, 0)
            while view["deciding"] is None and not view["over"]:  # chance: wait for it
                view = json.loads(ws.recv(timeout=10))
            if view["over"]:
                self.over = True
                return
            seat = view["deciding"]
            if seat == 0:
                self._move(ws, view)
                return
        with connect(url, open_timeout=5) as ws:
            view = self._hello(ws, seat)
            if view["deciding"] == seat:
                self._move(ws, view)

    def _move(self, ws: ClientConnection, view: dict[str, Any]) -> None:
        move = self.rng.choice(moves_of(view["moves"]))
        version = view["version"]
        self.sent.add((version, move))
        ws.send(json.dumps({"type": "move", "version": version, "move": move}))
        while True:
            answer = json.loads(ws.recv(timeout=10))
            assert answer["type"] == "view", answer
            if answer["version"] > version:
                self.acknowledged[version] = move
                return


def check_database(db: Path, players: list[Player]) -> int:
    """Every acknowledged move stored once, every person's stored move one that was sent."""
    storage = SQLiteStorage(db)
    checked = 0
    try:
        for player in players:
            record = storage.table(player.table)
            stored = storage.moves(player.table)
            assert [m.version for m in stored] == list(range(len(stored)))
            by_version = {m.version: m.notation for m in stored}
            for version, move in player.acknowledged.items():
                assert by_version.get(version) == move, (player.table, version)
                checked += 1
            info = load_info(record.game)
            state = info.new_game(record.players, record.seed)
            for made in stored:
                if info.game.current_player(state) != CHANCE:
                    assert (made.version, made.notation) in player.sent, (player.table, made)
                state = info.game.apply_move(state, info.notation.parse(state, made.notation))
    finally:
        storage.close()
    return checked


def test_a_server_killed_at_random_moments_loses_nothing_acknowledged(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    server = Served(db).start()
    rng = random.Random(2026)
    players: list[Player] = []
    try:
        for n, game in enumerate(GAMES):
            table, tokens = post_table(server.url, game)
            players.append(Player(server.port, table, tokens, n))
        stop = threading.Event()
        kills = 0

        def killer() -> None:
            nonlocal kills
            while kills < KILLS and not stop.wait(rng.uniform(0.3, MOST_BETWEEN)):
                server.kill()
                kills += 1
                time.sleep(rng.uniform(0.0, 0.3))
                server.start()  # the same port and file

        thread = threading.Thread(target=killer)
        thread.start()
        deadline = time.monotonic() + 90
        while thread.is_alive() and time.monotonic() < deadline:
            for player in players:
                if player.over:
                    continue
                try:
                    player.step()
                except (OSError, WebSocketException, TimeoutError):
                    player.reconnects += 1  # cut off: it reconnects at its next step
                    time.sleep(0.05)
        stop.set()
        thread.join(30)
        assert kills == KILLS
        assert sum(p.reconnects for p in players) >= 1
        # After the last restart every game goes on from where its database says.
        for player in players:
            if not player.over:
                player.step()
    finally:
        server.stop()
    checked = check_database(db, players)
    assert checked >= 20


#: Another process that holds the database's write lock for a while.
LOCKER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("ROLLBACK")
"""


def hold_lock(db: Path, seconds: float) -> subprocess.Popen[str]:
    """Start a process that locks ``db`` for ``seconds``; it returns once the lock is held."""
    locker = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(db), str(seconds)], stdout=subprocess.PIPE, text=True
    )
    assert locker.stdout is not None and locker.stdout.readline() == "locked\n"
    locker.stdout.close()
    return locker


@pytest.fixture
def locked_db(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    db = tmp_path / "tables.db"
    app = create_app(Config(db=db, bot_processes=0, db_timeout=0.5))
    with TestClient(app) as client:
        yield client, db


def _refusal_or_decision(client: TestClient, table: str, token: str) -> dict[str, Any] | None:
    """While chance is due: the error frame telling that it cannot be stored, or ``None``
    once it was stored after all (a later try of the runner found room) and a seat decides."""
    with client.websocket_connect(f"/tables/{table}/ws") as session:
        session.send_text(json.dumps({"type": "hello", "seat": 0, "token": token}))
        while True:
            frame: dict[str, Any] = json.loads(session.receive_text())
            if frame["type"] == "error":
                return frame
            if frame["deciding"] is not None or frame["over"]:
                return None


class NoDecision(Exception):
    """No seat decides: chance is due (and, in these tests, cannot be stored)."""


def _deciding(
    client: TestClient, stack: contextlib.ExitStack[Any], table: str, tokens: dict[int, str]
) -> tuple[Any, dict[str, Any]]:
    """A connection of the seat deciding now (in ``stack``) and its view."""
    for seat, token in tokens.items():
        session = client.websocket_connect(f"/tables/{table}/ws")
        inner = contextlib.ExitStack()
        connection = inner.enter_context(session)
        connection.send_text(json.dumps({"type": "hello", "seat": seat, "token": token}))
        view = json.loads(connection.receive_text())
        if view["deciding"] == seat:
            stack.push(inner)
            return connection, view
        inner.close()
    assert not view["over"], "the game ended before the database filled"
    raise NoDecision


def test_a_database_locked_by_another_process_delays_or_refuses_a_move_and_loses_none(
    locked_db: tuple[TestClient, Path],
) -> None:
    client, db = locked_db
    made = client.post("/tables", data={"game": "harbour", "seat1": "human", "seat2": "human"})
    table, tokens = made.json()["table"], {int(n): t for n, t in made.json()["seats"].items()}
    with contextlib.ExitStack() as stack:
        session, view = _deciding(client, stack, table, tokens)
        move = moves_of(view["moves"])[0]
        # Locked for longer than the server waits: refused clearly, nothing applied.
        locker = hold_lock(db, 2.0)
        session.send_text(json.dumps({"type": "move", "version": 0, "move": move}))
        refused = json.loads(session.receive_text())
        assert refused["type"] == "error" and refused["code"] == "unavailable"
        assert client.get("/health").json() == {"ok": True}  # the server still answers
        locker.wait(10)
        # Locked for less than the server waits: the move waits, then lands, once.
        locker = hold_lock(db, 0.2)
        session.send_text(json.dumps({"type": "move", "version": 0, "move": move}))
        landed = json.loads(session.receive_text())
        locker.wait(10)
        assert landed["type"] == "view" and landed["version"] == 1
    storage = SQLiteStorage(db)
    assert [m.notation for m in storage.moves(table)] == [move]
    storage.close()


def test_a_full_database_refuses_moves_clearly_and_nothing_is_corrupted(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    with TestClient(create_app(Config(db=db, bot_processes=0))) as client:
        made = client.post(
            "/tables", data={"game": "machikoro", "seat1": "human", "seat2": "human"}
        )
        table = made.json()["table"]
        tokens = {int(n): t for n, t in made.json()["seats"].items()}
    check = sqlite3.connect(db)
    pages, page = (
        check.execute(f"PRAGMA {name}").fetchone()[0] for name in ("page_count", "page_size")
    )
    check.close()
    cap = (pages + 1) * page  # room for a page of moves more
    acknowledged: dict[int, str] = {}
    refused = None
    with TestClient(create_app(Config(db=db, bot_processes=0, max_db_bytes=cap))) as client:
        for _ in range(3000):
            with contextlib.ExitStack() as stack:
                try:
                    session, view = _deciding(client, stack, table, tokens)
                except NoDecision:  # chance cannot be stored: every seat is told
                    refused = _refusal_or_decision(client, table, tokens[0])
                    if refused is None:
                        continue
                    break
                move = moves_of(view["moves"])[0]
                version = view["version"]
                session.send_text(json.dumps({"type": "move", "version": version, "move": move}))
                answer = json.loads(session.receive_text())
            if answer["type"] == "error":
                refused = answer
                break
            acknowledged[version] = move
    assert refused is not None and refused["code"] == "unavailable", refused
    assert len(acknowledged) >= 5
    check = sqlite3.connect(db)
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    check.close()
    storage = SQLiteStorage(db)  # every acknowledged move is there, once
    stored = {m.version: m.notation for m in storage.moves(table)}
    storage.close()
    assert all(stored.get(v) == m for v, m in acknowledged.items())
    with (
        TestClient(create_app(Config(db=db, bot_processes=0))) as client,  # no cap: it goes on
        contextlib.ExitStack() as stack,
    ):
        session, view = _deciding(client, stack, table, tokens)
        assert view["version"] >= len(stored)  # chance may have been drawn on resuming
        move = moves_of(view["moves"])[0]
        session.send_text(json.dumps({"type": "move", "version": view["version"], "move": move}))
        assert json.loads(session.receive_text())["version"] == view["version"] + 1
    storage = SQLiteStorage(db)
    again = {m.version: m.notation for m in storage.moves(table)}
    storage.close()
    assert {v: again[v] for v in stored} == stored
