"""The table's storage in PostgreSQL: for several server processes on one database.

:class:`PostgresStorage` is a :class:`~meepletable.storage.Storage` like
:class:`~meepletable.storage.SQLiteStorage`, on a PostgreSQL server named by a URL
(``postgresql://user@host:port/database``), with the same tables. Its schema is versioned
in a table of its own (``meepletable_schema``) and migrated when a storage is opened, under
an advisory lock, so that processes starting together migrate it once. A move is appended
in a transaction that locks its table's row first, and the moves' primary key (table,
version) makes one move per version whatever several processes send; the transaction also
notifies the channel :data:`CHANNEL` (``"<table> <version>"``), which PostgreSQL delivers to
every listening process once the move has committed.

It needs the ``postgresql`` extra (``pip install 'meepletable[postgresql]'``: psycopg).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator, Sequence
from typing import Any, Final

from meepletable.storage import (
    HUMAN,
    SCHEMA_VERSION,
    Seat,
    StaleMoveError,
    StorageError,
    StoredMove,
    TableRecord,
)

__all__ = ["CHANNEL", "PostgresStorage", "is_postgres_url"]

#: The channel a committed move is announced on (``NOTIFY``), its payload ``"<table> <version>"``.
CHANNEL: Final = "meepletable_moves"
#: The advisory lock that orders migrations between processes.
_MIGRATION_LOCK: Final = 0x6D656570

#: The schema at :data:`~meepletable.storage.SCHEMA_VERSION`, for a new database (PostgreSQL
#: storages began at that version; later versions add migrations after it).
_SCHEMA: Final = (
    """
    CREATE TABLE tables (
        table_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        cards TEXT,
        seed TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        finished BOOLEAN NOT NULL DEFAULT FALSE
    )
    """,
    """
    CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables(table_id),
        seat INTEGER NOT NULL,
        digest TEXT,
        kind TEXT NOT NULL DEFAULT 'human',
        PRIMARY KEY (table_id, seat)
    )
    """,
    """
    CREATE TABLE moves (
        table_id TEXT NOT NULL REFERENCES tables(table_id),
        version INTEGER NOT NULL,
        notation TEXT NOT NULL,
        made DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, version)
    )
    """,
    """
    CREATE TABLE snapshots (
        table_id TEXT NOT NULL REFERENCES tables(table_id),
        version INTEGER NOT NULL,
        document TEXT NOT NULL,
        PRIMARY KEY (table_id, version)
    )
    """,
    """
    CREATE TABLE replays (
        replay_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        record TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )
    """,
)


def is_postgres_url(db: object) -> bool:
    """Whether ``db`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StorageError(
            "PostgreSQL needs psycopg: pip install 'meepletable[postgresql]'"
        ) from None
    return psycopg


class PostgresStorage:
    """A :class:`~meepletable.storage.Storage` in a PostgreSQL database.

    ``url`` names the database; ``timeout`` is how long a write waits for another
    transaction's lock before it is refused. One object serves one thread. Every failure
    of the database is a :class:`~meepletable.storage.StorageError`.
    """

    def __init__(self, url: str, *, timeout: float = 5.0) -> None:
        psycopg = self._psycopg = _psycopg()
        try:
            self._db = psycopg.connect(url, autocommit=True, connect_timeout=10)
            self._db.execute(f"SET lock_timeout = {max(1, int(timeout * 1000))}")
            self._migrate()
        except psycopg.Error as error:
            raise StorageError(f"cannot open the table database: {_first_line(error)}") from None

    @property
    def schema_version(self) -> int:
        """The schema version of the database."""
        row = self._db.execute("SELECT version FROM meepletable_schema").fetchone()
        return int(row[0])

    def _migrate(self) -> None:
        with self._transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            self._db.execute("CREATE TABLE IF NOT EXISTS meepletable_schema (version INTEGER)")
            row = self._db.execute("SELECT version FROM meepletable_schema").fetchone()
            if row is None:
                for statement in _SCHEMA:
                    self._db.execute(statement)
                self._db.execute("INSERT INTO meepletable_schema VALUES (%s)", (SCHEMA_VERSION,))
            elif int(row[0]) > SCHEMA_VERSION:
                raise StorageError(
                    f"the database has schema version {row[0]}; this table knows up to "
                    f"{SCHEMA_VERSION}"
                )

    def create(self, record: TableRecord, seats: Sequence[Seat]) -> None:
        """Store a new table and its seats, in order."""
        if len(seats) != record.players:
            raise StorageError(f"a table of {record.players} players needs {record.players} seats")
        with self._transaction():
            found = self._db.execute(
                "SELECT 1 FROM tables WHERE table_id = %s", (record.table_id,)
            ).fetchone()
            if found is not None:
                raise StorageError(f"table {record.table_id} exists already")
            self._db.execute(
                "INSERT INTO tables VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    record.table_id,
                    record.game,
                    record.players,
                    record.options,
                    record.cards,
                    str(record.seed),
                    record.created,
                    record.finished,
                ),
            )
            with self._db.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO seats (table_id, seat, digest, kind) VALUES (%s, %s, %s, %s)",
                    [(record.table_id, n, seat.digest, seat.kind) for n, seat in enumerate(seats)],
                )

    def table(self, table_id: str) -> TableRecord:
        """The table's record; :class:`StorageError` for a table it does not have."""
        row = self._read("SELECT * FROM tables WHERE table_id = %s", (table_id,))
        if not row:
            raise StorageError(f"no table {table_id}")
        return _record(row[0])

    def seats(self, table_id: str) -> tuple[Seat, ...]:
        """The table's seats, in order; :class:`StorageError` for a table it does not have."""
        self.table(table_id)
        rows = self._read(
            "SELECT kind, digest FROM seats WHERE table_id = %s ORDER BY seat", (table_id,)
        )
        return tuple(
            Seat(str(kind), None if digest is None else str(digest)) for kind, digest in rows
        )

    def claim(self, table_id: str, seat: int, digest: str) -> None:
        """Give the open seat ``seat`` to the holder of the capability whose digest is ``digest``."""
        with self._transaction():
            done = self._db.execute(
                "UPDATE seats SET digest = %s WHERE table_id = %s AND seat = %s "
                "AND kind = %s AND digest IS NULL",
                (digest, table_id, seat, HUMAN),
            ).rowcount
            if done != 1:
                raise StorageError(f"seat {seat} of table {table_id} is not open")

    def moves(self, table_id: str) -> tuple[StoredMove, ...]:
        """The table's moves, in order (their versions are 0, 1, 2, ...)."""
        return self.moves_since(table_id, 0)

    def moves_since(self, table_id: str, version: int) -> tuple[StoredMove, ...]:
        """The table's moves from ``version`` on, in order."""
        rows = self._read(
            "SELECT version, notation FROM moves WHERE table_id = %s AND version >= %s "
            "ORDER BY version",
            (table_id, version),
        )
        return tuple(StoredMove(int(v), str(n)) for v, n in rows)

    def append(self, table_id: str, move: StoredMove, *, finished: bool = False) -> None:
        """Store ``move`` once its version is the table's current one, commit, and announce it."""
        psycopg = self._psycopg
        try:
            with self._transaction():
                row = self._db.execute(
                    "SELECT finished FROM tables WHERE table_id = %s FOR UPDATE", (table_id,)
                ).fetchone()
                if row is None:
                    raise StorageError(f"no table {table_id}")
                count = self._db.execute(
                    "SELECT COUNT(*) FROM moves WHERE table_id = %s", (table_id,)
                ).fetchone()
                current = int(count[0])
                if bool(row[0]) or move.version != current:
                    raise StaleMoveError(table_id, move.version, current)
                self._db.execute(
                    "INSERT INTO moves VALUES (%s, %s, %s, %s)",
                    (table_id, move.version, move.notation, time.time()),
                )
                if finished:
                    self._db.execute(
                        "UPDATE tables SET finished = TRUE WHERE table_id = %s", (table_id,)
                    )
                self._db.execute(
                    "SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} {move.version + 1}")
                )
        except psycopg.errors.UniqueViolation:
            raise StaleMoveError(table_id, move.version, move.version + 1) from None

    def save_snapshot(self, table_id: str, version: int, document: str) -> None:
        """Keep the state after ``version`` moves (the game's JSON document of it)."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO snapshots VALUES (%s, %s, %s) ON CONFLICT (table_id, version) "
                "DO UPDATE SET document = EXCLUDED.document",
                (table_id, version, document),
            )

    def snapshot(self, table_id: str) -> tuple[int, str] | None:
        """The latest snapshot: the number of moves it follows and its document, or ``None``."""
        rows = self._read(
            "SELECT version, document FROM snapshots WHERE table_id = %s "
            "ORDER BY version DESC LIMIT 1",
            (table_id,),
        )
        return None if not rows else (int(rows[0][0]), str(rows[0][1]))

    def unfinished(self) -> tuple[TableRecord, ...]:
        """Every table whose game is not over, oldest first: what a server resumes."""
        rows = self._read("SELECT * FROM tables WHERE NOT finished ORDER BY created, table_id", ())
        return tuple(_record(row) for row in rows)

    def save_replay(self, replay_id: str, game: str, record: str) -> None:
        """Keep a record a visitor uploaded (the text of a game of ``game``) as ``replay_id``."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO replays VALUES (%s, %s, %s, %s)",
                (replay_id, game, record, time.time()),
            )

    def replay(self, replay_id: str) -> tuple[str, str]:
        """An uploaded record: its game and its text; :class:`StorageError` when unknown."""
        rows = self._read("SELECT game, record FROM replays WHERE replay_id = %s", (replay_id,))
        if not rows:
            raise StorageError(f"no replay {replay_id}")
        return str(rows[0][0]), str(rows[0][1])

    def close(self) -> None:
        """Release the database."""
        self._db.close()

    def _read(self, query: str, params: tuple[object, ...]) -> list[tuple[Any, ...]]:
        try:
            rows: list[tuple[Any, ...]] = self._db.execute(query, params).fetchall()
        except self._psycopg.Error as error:
            raise StorageError(f"the table database refused a read: {_first_line(error)}") from None
        return rows

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One transaction; the database's errors become :class:`StorageError`."""
        psycopg = self._psycopg
        try:
            with self._db.transaction():
                yield
        except (psycopg.errors.UniqueViolation, StorageError):
            raise
        except psycopg.Error as error:
            raise StorageError(
                f"the table database refused a write: {_first_line(error)}"
            ) from None


def _first_line(error: BaseException) -> str:
    return str(error).strip().split("\n", 1)[0]


def _record(row: tuple[Any, ...]) -> TableRecord:
    table_id, game, players, options, cards, seed, created, finished = row
    return TableRecord(
        table_id=str(table_id),
        game=str(game),
        players=int(players),
        options=str(options),
        cards=None if cards is None else str(cards),
        seed=int(str(seed)),
        created=float(created),
        finished=bool(finished),
    )
