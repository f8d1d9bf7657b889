"""The table's storage on a real SQLite file: records, moves once each, resumption, seats."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from meepletable.storage import (
    HUMAN,
    SCHEMA_VERSION,
    Seat,
    SQLiteStorage,
    StaleMoveError,
    StorageError,
    StoredMove,
    holds,
    new_capability,
)
from tests.support.table import record

#: Two bots' seats.
BOTS = [Seat("greedy"), Seat("random")]


def test_a_table_and_its_moves_read_back_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"
    storage = SQLiteStorage(path)
    token, digest = new_capability()
    storage.create(record(), [Seat(HUMAN, digest), Seat("ismcts")])
    storage.append("t1", StoredMove(0, "move pawn to Fish Market"))
    storage.append("t1", StoredMove(1, "take fish"))
    storage.close()
    again = SQLiteStorage(path)  # a new process would see the same
    assert again.table("t1") == record()
    assert again.moves("t1") == (
        StoredMove(0, "move pawn to Fish Market"),
        StoredMove(1, "take fish"),
    )
    seats = again.seats("t1")
    assert seats[1] == Seat("ismcts") and seats[0].kind == HUMAN
    assert seats[0].digest is not None and holds(token, seats[0].digest)
    assert token not in path.read_bytes().decode("latin-1")  # only the digest is stored


def test_a_stale_or_repeated_move_is_refused_and_nothing_is_stored(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "tables.db")
    storage.create(record(), BOTS)
    storage.append("t1", StoredMove(0, "a"))
    for version in (0, 2, -1):  # repeated, from the future, nonsense
        with pytest.raises(StaleMoveError) as refused:
            storage.append("t1", StoredMove(version, "b"))
        assert (refused.value.version, refused.value.current) == (version, 1)
    assert storage.moves("t1") == (StoredMove(0, "a"),)


def test_two_connections_on_one_file_apply_a_version_once(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"
    first, second = SQLiteStorage(path), SQLiteStorage(path)
    first.create(record(), BOTS)
    first.append("t1", StoredMove(0, "from the first"))
    with pytest.raises(StaleMoveError):
        second.append("t1", StoredMove(0, "from the second"))
    assert second.moves("t1") == (StoredMove(0, "from the first"),)


def test_the_unfinished_tables_are_what_a_server_resumes(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "tables.db")
    storage.create(record("late", created=2.0), BOTS)
    storage.create(record("early", created=1.0), BOTS)
    storage.create(record("done", created=0.5), BOTS)
    storage.append("done", StoredMove(0, "last"), finished=True)
    assert [r.table_id for r in storage.unfinished()] == ["early", "late"]
    assert storage.table("done").finished
    with pytest.raises(StaleMoveError):  # nothing is played after the end
        storage.append("done", StoredMove(1, "more"))


def test_snapshots_keep_the_latest_state(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "tables.db")
    storage.create(record(), BOTS)
    assert storage.snapshot("t1") is None
    storage.save_snapshot("t1", 10, "{ten}")
    storage.save_snapshot("t1", 20, "{twenty}")
    assert storage.snapshot("t1") == (20, "{twenty}")


def test_the_file_is_in_wal_mode_with_its_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"
    storage = SQLiteStorage(path)
    assert storage.schema_version == SCHEMA_VERSION
    storage.close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")  # written by a newer table
    db.commit()
    db.close()
    with pytest.raises(StorageError, match="schema version"):
        SQLiteStorage(path)


def test_unknown_tables_duplicates_and_wrong_seats_are_refused(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "tables.db")
    with pytest.raises(StorageError, match="no table"):
        storage.table("nope")
    with pytest.raises(StorageError, match="no table"):
        storage.append("nope", StoredMove(0, "a"))
    storage.create(record(), BOTS)
    with pytest.raises(StorageError, match="exists"):
        storage.create(record(), BOTS)
    with pytest.raises(StorageError, match="needs 3 seats"):
        storage.create(record("t3", players=3), [Seat("random")])
    (tmp_path / "junk.db").write_bytes(b"not a database at all" * 100)
    with pytest.raises(StorageError, match="cannot open"):
        SQLiteStorage(tmp_path / "junk.db")


def test_capabilities_are_random_and_only_their_own_digest_holds() -> None:
    tokens = {new_capability()[0] for _ in range(50)}
    assert len(tokens) == 50 and all(len(t) >= 43 for t in tokens)  # 256 bits, URL-safe
    token, digest = new_capability()
    assert holds(token, digest)
    assert not holds(token[:-1], digest) and not holds(token + "x", digest)
    assert not holds(new_capability()[0], digest)


def test_an_open_seat_is_claimed_once(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"
    first, second = SQLiteStorage(path), SQLiteStorage(path)
    first.create(record(), [Seat(HUMAN), Seat("greedy")])
    assert [seat.is_open for seat in first.seats("t1")] == [True, False]
    token, digest = new_capability()
    second.claim("t1", 0, digest)
    with pytest.raises(StorageError, match="not open"):  # held now, from either connection
        first.claim("t1", 0, new_capability()[1])
    with pytest.raises(StorageError, match="not open"):  # a bot's seat
        first.claim("t1", 1, new_capability()[1])
    held = first.seats("t1")[0]
    assert not held.is_open and held.digest is not None and holds(token, held.digest)


def test_a_version_1_file_is_migrated_its_bots_seats_kept(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(
        """
        CREATE TABLE tables (table_id TEXT PRIMARY KEY, game TEXT NOT NULL,
            players INTEGER NOT NULL, options TEXT NOT NULL, cards TEXT, seed TEXT NOT NULL,
            created REAL NOT NULL, finished INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(table_id),
            seat INTEGER NOT NULL, digest TEXT, PRIMARY KEY (table_id, seat));
        CREATE TABLE moves (table_id TEXT NOT NULL, version INTEGER NOT NULL,
            notation TEXT NOT NULL, made REAL NOT NULL, PRIMARY KEY (table_id, version));
        CREATE TABLE snapshots (table_id TEXT NOT NULL, version INTEGER NOT NULL,
            document TEXT NOT NULL, PRIMARY KEY (table_id, version));
        INSERT INTO tables VALUES ('t1', 'harbour', 2, '{}', NULL, '7', 1.0, 0);
        INSERT INTO seats VALUES ('t1', 0, 'abc'), ('t1', 1, NULL);
        PRAGMA user_version = 1;
        """
    )
    db.close()
    storage = SQLiteStorage(path)
    assert storage.schema_version == SCHEMA_VERSION == 3
    assert storage.seats("t1") == (Seat(HUMAN, "abc"), Seat("greedy"))


def test_an_uploaded_record_is_kept(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "tables.db")
    storage.save_replay("r1", "harbour", '[Format "harbour/1"]')
    assert storage.replay("r1") == ("harbour", '[Format "harbour/1"]')
    with pytest.raises(StorageError, match="no replay"):
        storage.replay("r2")
