"""Where the table keeps its games: one small interface, and SQLite behind it.

A table is stored as its game's record (the game, the number of players, the readings and
card set as the game's own JSON documents, the secret seed, the moves in order) plus, now
and then, a snapshot of the state for fast loading. A move is stored with the version of
the state it was chosen on (0 for the first): the pair (table, version) is the moves'
primary key, so a stale or repeated move cannot land twice, whichever process sends it.
A move counts as made only once its transaction has committed (:meth:`Storage.append`
returns then), so a move acknowledged to a player is never lost.

Each seat is a :class:`Seat`: a bot's (by its kind) or a person's. A person's seat is held by
a capability: a random token of 256 bits from the operating system (:func:`new_capability`),
given to the seat's player once; the storage keeps only its SHA-256 digest, compared in
constant time (:func:`holds`). A person's seat without a digest is open: the first visitor
to claim it (:meth:`Storage.claim`) holds it.

:class:`SQLiteStorage` is the first :class:`Storage`: the standard library's ``sqlite3`` in
WAL mode (readers do not block the writer), its schema versioned by ``PRAGMA
user_version`` and migrated when opened.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets
import sqlite3
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Protocol

import attrs

__all__ = [
    "HUMAN",
    "SCHEMA_VERSION",
    "SQLiteStorage",
    "Seat",
    "StaleMoveError",
    "Storage",
    "StorageError",
    "StoredMove",
    "TableRecord",
    "holds",
    "new_capability",
]

#: The version of the schema :class:`SQLiteStorage` writes (``PRAGMA user_version``).
SCHEMA_VERSION = 3

#: The kind of a person's seat (the others are bots' names: ``"random"``, ``"greedy"``, ...).
HUMAN = "human"


class StorageError(Exception):
    """The storage cannot do what was asked: a table it does not have, a file it cannot read."""


class StaleMoveError(StorageError):
    """A move chosen on a version of the state that is not the table's current one.

    Either another move landed first (the move is stale) or this one already landed (it is
    repeated); neither is applied.
    """

    def __init__(self, table_id: str, version: int, current: int) -> None:
        super().__init__(
            f"table {table_id} is at version {current}; a move chosen on version {version} "
            "is stale or repeated and was not applied"
        )
        #: The table.
        self.table_id = table_id
        #: The version the move was chosen on.
        self.version = version
        #: The table's version when the move came.
        self.current = current


@attrs.frozen(kw_only=True)
class TableRecord:
    """What a table is, besides its moves: enough to start its game again."""

    #: The table's identifier (random, URL-safe).
    table_id: str
    #: The registered name of its game (``"harbour"``, ``"machikoro"``, ...).
    game: str
    #: The number of players.
    players: int
    #: The readings in force, as the game's JSON document of its options.
    options: str
    #: The card set, as the game's JSON document, or ``None`` for the game's default set.
    cards: str | None
    #: The game's seed: secret until the game is over.
    seed: int
    #: When the table was made (seconds since the epoch).
    created: float
    #: Whether the game is over.
    finished: bool = False


@attrs.frozen
class Seat:
    """Who plays a seat: a person (:data:`HUMAN`) or a bot (its name), and the seat's capability."""

    #: :data:`HUMAN`, or the name of the bot that plays the seat (``"greedy"``).
    kind: str
    #: The SHA-256 digest of the capability that holds a person's seat; ``None`` for a
    #: bot's seat and for a person's seat no one has claimed yet (an open seat).
    digest: str | None = None

    @property
    def is_open(self) -> bool:
        """Whether the seat is a person's that no one holds yet."""
        return self.kind == HUMAN and self.digest is None


@attrs.frozen
class StoredMove:
    """A move of a table: the version of the state it was chosen on and the move as text."""

    #: The state's version when the move was chosen (0 for the first move).
    version: int
    #: The move as text: its notation, or the game's JSON document of it.
    notation: str


def new_capability() -> tuple[str, str]:
    """A new seat capability: the token to give its player, and the digest to store.

    The token is 256 random bits from the operating system (:mod:`secrets`), URL-safe;
    the digest is its SHA-256 in hexadecimal. Only the digest is stored.
    """
    token = secrets.token_urlsafe(32)
    return token, _digest(token)


def holds(token: str, digest: str) -> bool:
    """Whether ``token`` is the capability whose stored digest is ``digest`` (constant time)."""
    return hmac.compare_digest(_digest(token), digest)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Storage(Protocol):
    """What the table needs of a database; :class:`SQLiteStorage` is the first."""

    def create(self, record: TableRecord, seats: Sequence[Seat]) -> None:
        """Store a new table and its seats, in order."""
        ...

    def table(self, table_id: str) -> TableRecord:
        """The table's record; :class:`StorageError` for a table it does not have."""
        ...

    def seats(self, table_id: str) -> tuple[Seat, ...]:
        """The table's seats, in order; :class:`StorageError` for a table it does not have."""
        ...

    def claim(self, table_id: str, seat: int, digest: str) -> None:
        """Give the open seat ``seat`` to the holder of the capability whose digest is ``digest``.

        :class:`StorageError` when the seat is not open (a bot's, or held already): a
        seat is claimed once.
        """
        ...

    def moves(self, table_id: str) -> tuple[StoredMove, ...]:
        """The table's moves, in order (their versions are 0, 1, 2, ...)."""
        ...

    def moves_since(self, table_id: str, version: int) -> tuple[StoredMove, ...]:
        """The table's moves from ``version`` on, in order."""
        ...

    def append(self, table_id: str, move: StoredMove, *, finished: bool = False) -> None:
        """Store ``move`` once its version is the table's current one, and commit.

        :class:`StaleMoveError` when it is not (nothing is stored); ``finished`` marks the
        game over in the same transaction.
        """
        ...

    def save_snapshot(self, table_id: str, version: int, document: str) -> None:
        """Keep the state after ``version`` moves (the game's JSON document of it)."""
        ...

    def snapshot(self, table_id: str) -> tuple[int, str] | None:
        """The latest snapshot: the number of moves it follows and its document, or ``None``."""
        ...

    def unfinished(self) -> tuple[TableRecord, ...]:
        """Every table whose game is not over, oldest first: what a server resumes."""
        ...

    def save_replay(self, replay_id: str, game: str, record: str) -> None:
        """Keep a record a visitor uploaded (the text of a game of ``game``) as ``replay_id``."""
        ...

    def replay(self, replay_id: str) -> tuple[str, str]:
        """An uploaded record: its game and its text; :class:`StorageError` when unknown."""
        ...

    def close(self) -> None:
        """Release the database."""
        ...


_MIGRATIONS: tuple[str, ...] = (
    # Version 1: tables, their seats, their moves and their snapshots.
    """
    CREATE TABLE tables (
        table_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        cards TEXT,
        seed TEXT NOT NULL,
        created REAL NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables(table_id),
        seat INTEGER NOT NULL,
        digest TEXT,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE moves (
        table_id TEXT NOT NULL REFERENCES tables(table_id),
        version INTEGER NOT NULL,
        notation TEXT NOT NULL,
        made REAL NOT NULL,
        PRIMARY KEY (table_id, version)
    );
    CREATE TABLE snapshots (
        table_id TEXT NOT NULL REFERENCES tables(table_id),
        version INTEGER NOT NULL,
        document TEXT NOT NULL,
        PRIMARY KEY (table_id, version)
    );
    """,
    # Version 2: each seat's kind, a person's or a bot's (version 1 stored a bot's seat as
    # a seat without a digest, of no kind: the default bot's, greedy).
    """
    ALTER TABLE seats ADD COLUMN kind TEXT NOT NULL DEFAULT 'human';
    UPDATE seats SET kind = 'greedy' WHERE digest IS NULL;
    """,
    # Version 3: records visitors uploaded to step through.
    """
    CREATE TABLE replays (
        replay_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        record TEXT NOT NULL,
        created REAL NOT NULL
    );
    """,
)


class SQLiteStorage:
    """A :class:`Storage` in one SQLite file (WAL mode), its schema migrated when opened.

    One object serves one thread: a server gives each worker its own, on the same file.
    A file written by a newer schema than :data:`SCHEMA_VERSION` is refused. ``timeout``
    is how long a write waits for another connection's lock before it is refused;
    ``max_bytes`` caps the file's size (a full disk, as far as the table can tell). Every
    failure of the database (locked too long, full, unreadable) is a :class:`StorageError`,
    and a write that fails leaves nothing behind (its transaction is rolled back).
    """

    def __init__(
        self, path: str | Path, *, timeout: float = 5.0, max_bytes: int | None = None
    ) -> None:
        try:
            self._db = sqlite3.connect(str(path), timeout=timeout, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA synchronous=FULL")
            self._migrate()
            if max_bytes is not None:
                size = int(self._db.execute("PRAGMA page_size").fetchone()[0])
                self._db.execute(f"PRAGMA max_page_count = {max(1, max_bytes // size)}")
        except sqlite3.DatabaseError as error:
            raise StorageError(f"cannot open the table database {path}: {error}") from None

    @property
    def schema_version(self) -> int:
        """The schema version of the file (``PRAGMA user_version``)."""
        row = self._db.execute("PRAGMA user_version").fetchone()
        return int(row[0])

    def _migrate(self) -> None:
        found = self.schema_version
        if found > SCHEMA_VERSION:
            raise StorageError(
                f"the database has schema version {found}; this table knows up to {SCHEMA_VERSION}"
            )
        for version in range(found, SCHEMA_VERSION):
            with self._transaction():
                for statement in _MIGRATIONS[version].split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {version + 1}")

    def create(self, record: TableRecord, seats: Sequence[Seat]) -> None:
        """Store a new table and its seats, in order."""
        if len(seats) != record.players:
            raise StorageError(f"a table of {record.players} players needs {record.players} seats")
        with self._transaction():
            try:
                self._db.execute(
                    "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        record.table_id,
                        record.game,
                        record.players,
                        record.options,
                        record.cards,
                        str(record.seed),
                        record.created,
                        int(record.finished),
                    ),
                )
            except sqlite3.IntegrityError:
                raise StorageError(f"table {record.table_id} exists already") from None
            self._db.executemany(
                "INSERT INTO seats (table_id, seat, digest, kind) VALUES (?, ?, ?, ?)",
                [(record.table_id, n, seat.digest, seat.kind) for n, seat in enumerate(seats)],
            )

    def table(self, table_id: str) -> TableRecord:
        """The table's record; :class:`StorageError` for a table it does not have."""
        row = self._db.execute("SELECT * FROM tables WHERE table_id = ?", (table_id,)).fetchone()
        if row is None:
            raise StorageError(f"no table {table_id}")
        return _record(row)

    def seats(self, table_id: str) -> tuple[Seat, ...]:
        """The table's seats, in order; :class:`StorageError` for a table it does not have."""
        self.table(table_id)
        rows = self._db.execute(
            "SELECT kind, digest FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        ).fetchall()
        return tuple(
            Seat(str(kind), None if digest is None else str(digest)) for kind, digest in rows
        )

    def claim(self, table_id: str, seat: int, digest: str) -> None:
        """Give the open seat ``seat`` to the holder of the capability whose digest is ``digest``.

        :class:`StorageError` when the seat is not open (a bot's, or held already): a
        seat is claimed once, whichever process claims it.
        """
        with self._transaction():
            done = self._db.execute(
                "UPDATE seats SET digest = ? WHERE table_id = ? AND seat = ? "
                "AND kind = ? AND digest IS NULL",
                (digest, table_id, seat, HUMAN),
            ).rowcount
            if done != 1:
                raise StorageError(f"seat {seat} of table {table_id} is not open")

    def moves(self, table_id: str) -> tuple[StoredMove, ...]:
        """The table's moves, in order (their versions are 0, 1, 2, ...)."""
        return self.moves_since(table_id, 0)

    def moves_since(self, table_id: str, version: int) -> tuple[StoredMove, ...]:
        """The table's moves from ``version`` on, in order."""
        rows = self._db.execute(
            "SELECT version, notation FROM moves WHERE table_id = ? AND version >= ? "
            "ORDER BY version",
            (table_id, version),
        ).fetchall()
        return tuple(StoredMove(int(v), str(notation)) for v, notation in rows)

    def append(self, table_id: str, move: StoredMove, *, finished: bool = False) -> None:
        """Store ``move`` once its version is the table's current one, and commit.

        :class:`StaleMoveError` when it is not (nothing is stored); ``finished`` marks the
        game over in the same transaction. It returns once the transaction has committed.
        """
        with self._transaction():
            row = self._db.execute(
                "SELECT finished, (SELECT COUNT(*) FROM moves WHERE table_id = ?) "
                "FROM tables WHERE table_id = ?",
                (table_id, table_id),
            ).fetchone()
            if row is None:
                raise StorageError(f"no table {table_id}")
            done, current = bool(row[0]), int(row[1])
            if done or move.version != current:
                raise StaleMoveError(table_id, move.version, current)
            self._db.execute(
                "INSERT INTO moves VALUES (?, ?, ?, ?)",
                (table_id, move.version, move.notation, time.time()),
            )
            if finished:
                self._db.execute("UPDATE tables SET finished = 1 WHERE table_id = ?", (table_id,))

    def save_snapshot(self, table_id: str, version: int, document: str) -> None:
        """Keep the state after ``version`` moves (the game's JSON document of it)."""
        with self._transaction():
            self._db.execute(
                "INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?)", (table_id, version, document)
            )

    def snapshot(self, table_id: str) -> tuple[int, str] | None:
        """The latest snapshot: the number of moves it follows and its document, or ``None``."""
        row = self._db.execute(
            "SELECT version, document FROM snapshots WHERE table_id = ? "
            "ORDER BY version DESC LIMIT 1",
            (table_id,),
        ).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def unfinished(self) -> tuple[TableRecord, ...]:
        """Every table whose game is not over, oldest first: what a server resumes."""
        rows = self._db.execute(
            "SELECT * FROM tables WHERE finished = 0 ORDER BY created, table_id"
        ).fetchall()
        return tuple(_record(row) for row in rows)

    def save_replay(self, replay_id: str, game: str, record: str) -> None:
        """Keep a record a visitor uploaded (the text of a game of ``game``) as ``replay_id``."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO replays VALUES (?, ?, ?, ?)", (replay_id, game, record, time.time())
            )

    def replay(self, replay_id: str) -> tuple[str, str]:
        """An uploaded record: its game and its text; :class:`StorageError` when unknown."""
        row = self._db.execute(
            "SELECT game, record FROM replays WHERE replay_id = ?", (replay_id,)
        ).fetchone()
        if row is None:
            raise StorageError(f"no replay {replay_id}")
        return str(row[0]), str(row[1])

    def close(self) -> None:
        """Release the database."""
        self._db.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on any exception).

        The database's own errors become :class:`StorageError`.
        """
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as error:
            raise StorageError(f"the table database refused a write: {error}") from None
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException as error:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            if isinstance(error, sqlite3.DatabaseError):
                raise StorageError(f"the table database refused a write: {error}") from None
            raise


def _record(row: tuple[object, ...]) -> TableRecord:
    table_id, game, players, options, cards, seed, created, finished = row
    return TableRecord(
        table_id=str(table_id),
        game=str(game),
        players=int(str(players)),
        options=str(options),
        cards=None if cards is None else str(cards),
        seed=int(str(seed)),
        created=float(str(created)),
        finished=bool(finished),
    )
