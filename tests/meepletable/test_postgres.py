"""The table's storage on a real PostgreSQL server (a throwaway cluster of Debian's package)."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.sync.client import ClientConnection, connect

from meeplekit.registry import load_info
from meepletable import service
from meepletable.app import Config, create_app
from meepletable.databases import open_storage
from meepletable.postgres import CHANNEL, PostgresStorage, is_postgres_url
from meepletable.storage import (
    HUMAN,
    SCHEMA_VERSION,
    Seat,
    StaleMoveError,
    StorageError,
    StoredMove,
    TableRecord,
    holds,
    new_capability,
)
from tests.meepletable.conftest import Served
from tests.support.table import play_out, post_table, record


def test_a_table_its_seats_and_moves_read_back(postgres_url: str) -> None:
    storage = open_storage(postgres_url)
    assert isinstance(storage, PostgresStorage) and storage.schema_version == SCHEMA_VERSION
    token, digest = new_capability()
    storage.create(record(), [Seat(HUMAN, digest), Seat("greedy")])
    storage.append("t1", StoredMove(0, "start 3F"))
    storage.append("t1", StoredMove(1, "start 3W"), finished=True)
    storage.close()
    again = PostgresStorage(postgres_url)  # another connection, as another process
    assert again.table("t1") == attrs_finished(record())
    assert again.moves("t1") == (StoredMove(0, "start 3F"), StoredMove(1, "start 3W"))
    seats = again.seats("t1")
    assert seats[1] == Seat("greedy") and seats[0].digest is not None
    assert holds(token, seats[0].digest) and again.unfinished() == ()
    again.close()


def attrs_finished(table: TableRecord) -> TableRecord:
    import attrs

    return attrs.evolve(table, finished=True)


def test_stale_repeated_and_racing_moves_land_once(postgres_url: str) -> None:
    first, second = PostgresStorage(postgres_url), PostgresStorage(postgres_url)
    first.create(record(), [Seat("random"), Seat("random")])
    first.append("t1", StoredMove(0, "a"))
    for version in (0, 5):
        with pytest.raises(StaleMoveError):
            second.append("t1", StoredMove(version, "b"))
    # Two processes send a move for the same version at once: exactly one is accepted.
    results: list[str] = []
    barrier = threading.Barrier(2)

    def send(storage: PostgresStorage, text: str) -> None:
        barrier.wait()
        try:
            storage.append("t1", StoredMove(1, text))
            results.append("accepted")
        except StaleMoveError:
            results.append("stale")

    threads = [threading.Thread(target=send, args=(s, t)) for s, t in ((first, "x"), (second, "y"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(results) == ["accepted", "stale"]
    assert len(first.moves("t1")) == 2
    first.close()
    second.close()


def test_a_committed_move_is_announced_to_listeners(postgres_url: str) -> None:
    import psycopg

    storage = PostgresStorage(postgres_url)
    storage.create(record(), [Seat("random"), Seat("random")])
    with psycopg.connect(postgres_url, autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        storage.append("t1", StoredMove(0, "a"))
        with pytest.raises(StaleMoveError):  # a refused move is not announced
            storage.append("t1", StoredMove(0, "b"))
        heard = [n.payload for n in listener.notifies(timeout=2, stop_after=2)]
    assert heard == ["t1 1"]
    storage.close()


def test_claims_snapshots_replays_and_refusals(postgres_url: str) -> None:
    storage = PostgresStorage(postgres_url)
    storage.create(record(), [Seat(HUMAN), Seat("greedy")])
    storage.claim("t1", 0, new_capability()[1])
    with pytest.raises(StorageError, match="not open"):
        storage.claim("t1", 0, new_capability()[1])
    storage.save_snapshot("t1", 10, "{ten}")
    storage.save_snapshot("t1", 10, "{ten again}")
    assert storage.snapshot("t1") == (10, "{ten again}")
    storage.save_replay("r1", "harbour", "text")
    assert storage.replay("r1") == ("harbour", "text")
    with pytest.raises(StorageError, match="no table"):
        storage.table("nope")
    with pytest.raises(StorageError, match="exists"):
        storage.create(record(), [Seat("greedy"), Seat("greedy")])
    with pytest.raises(StorageError, match="no replay"):
        storage.replay("r2")
    storage._db.execute("UPDATE meepletable_schema SET version = version + 1")
    storage.close()
    with pytest.raises(StorageError, match="schema version"):
        PostgresStorage(postgres_url)


def test_a_bad_url_is_a_storage_error() -> None:
    assert is_postgres_url("postgresql://x") and not is_postgres_url("/tmp/x.db")
    with pytest.raises(StorageError, match="cannot open"):
        PostgresStorage("postgresql://nobody@127.0.0.1:1/none")


@pytest.mark.parametrize("game", ["harbour", "machikoro", "bremerhaven"])
def test_a_game_is_played_and_resumed_on_postgresql(postgres_url: str, game: str) -> None:
    storage = PostgresStorage(postgres_url)
    table, _ = service.create_table(
        storage, service.table_setup(game, [HUMAN, "greedy"]), seed=9, table_id="t"
    )
    assert play_out(storage, table) > 0
    again = service.load_table(storage, "t")
    assert again.state == table.state and again.narration == table.narration
    info = load_info(game)
    assert info.records is not None
    assert info.records.replay(info.records.read(service.record_text(table)))[-1] == table.state
    storage.close()


def test_the_application_serves_from_postgresql(postgres_url: str) -> None:
    with TestClient(create_app(Config(db=postgres_url, bot_processes=0))) as client:
        made = client.post("/tables", data={"game": "harbour", "seat1": "human", "seat2": "human"})
        table, tokens = made.json()["table"], made.json()["seats"]
        with client.websocket_connect(f"/tables/{table}/ws") as ws:
            ws.send_text(json.dumps({"type": "hello", "seat": 0, "token": tokens["0"]}))
            view: dict[str, Any] = json.loads(ws.receive_text())
            assert view["version"] == 0
    with TestClient(create_app(Config(db=postgres_url, bot_processes=0))) as client:
        assert client.get(f"/tables/{table}").status_code == 200  # resumed by a new server


def _hello(ws: ClientConnection, seat: int, token: str) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
    view: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return view


def _first_move(view: dict[str, Any]) -> list[str]:
    found: list[str] = []

    def walk(entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            walk(entry["entries"]) if "group" in entry else found.append(entry["move"])

    walk(view["moves"])
    return found


def test_two_server_processes_serve_one_table_and_survive_each_other(postgres_url: str) -> None:
    a, b = Served(postgres_url).start(), Served(postgres_url).start()
    try:
        made = post_table(a.url, {"game": "harbour", "seat1": "human", "seat2": "human"})
        table, tokens = made["table"], {int(n): t for n, t in made["seats"].items()}
        ws_url = {server: f"ws://127.0.0.1:{server.port}/tables/{table}/ws" for server in (a, b)}
        # Seat 1 on process A, seat 2 on process B: each sees the other's move within 1 s.
        with connect(ws_url[a]) as on_a, connect(ws_url[b]) as on_b:
            views = [_hello(on_a, 0, tokens[0]), _hello(on_b, 1, tokens[1])]
            for _ in range(2):
                decider = views[0]["deciding"]
                mover, watcher = (on_a, on_b) if decider == 0 else (on_b, on_a)
                move = _first_move(views[decider])[0]
                sent = time.monotonic()
                mover.send(
                    json.dumps({"type": "move", "version": views[0]["version"], "move": move})
                )
                seen = json.loads(watcher.recv(timeout=5))
                assert time.monotonic() - sent <= 1.0
                mine = json.loads(mover.recv(timeout=5))
                assert seen["version"] == mine["version"] == views[0]["version"] + 1
                views = [mine, seen] if decider == 0 else [seen, mine]
        # The deciding seat sends two moves at once, one to each process: exactly one lands.
        decider = views[0]["deciding"]
        with connect(ws_url[a]) as first, connect(ws_url[b]) as second:
            va, vb = (
                _hello(first, decider, tokens[decider]),
                _hello(second, decider, tokens[decider]),
            )
            assert va["version"] == vb["version"]
            moves = _first_move(va)
            barrier = threading.Barrier(2)
            answers: list[dict[str, Any]] = []

            def send(ws: ClientConnection, move: str) -> None:
                barrier.wait()
                ws.send(json.dumps({"type": "move", "version": va["version"], "move": move}))
                answers.append(json.loads(ws.recv(timeout=10)))

            threads = [
                threading.Thread(target=send, args=(first, moves[0])),
                threading.Thread(target=send, args=(second, moves[-1])),
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(20)
            kinds = sorted(answer["type"] for answer in answers)
            codes = [answer.get("code") for answer in answers if answer["type"] == "error"]
            # The loser is told it was stale, or (having heard the winner first) is sent the
            # winner's view before its refusal: never two moves for one version.
            assert kinds in (["error", "view"], ["view", "view"])
            assert codes in ([], ["stale"])
        storage = PostgresStorage(postgres_url)
        assert [m.version for m in storage.moves(table)] == list(range(va["version"] + 1))
        storage.close()
        # Process A dies: its seat reconnects to process B and plays on.
        a.kill()
        with connect(ws_url[b]) as again:
            view = _hello(again, 0, tokens[0])
            assert view["version"] == va["version"] + 1
            if view["deciding"] == 0:
                again.send(
                    json.dumps(
                        {"type": "move", "version": view["version"], "move": _first_move(view)[0]}
                    )
                )
                assert json.loads(again.recv(timeout=5))["version"] == view["version"] + 1
    finally:
        a.stop()
        b.stop()
