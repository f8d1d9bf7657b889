"""Which storage a setting names: a SQLite file, or a PostgreSQL database by its URL."""

from __future__ import annotations

from pathlib import Path

from meepletable.postgres import PostgresStorage, is_postgres_url
from meepletable.storage import SQLiteStorage, Storage

__all__ = ["open_storage"]


def open_storage(db: str | Path, *, timeout: float = 5.0, max_bytes: int | None = None) -> Storage:
    """The storage ``db`` names: a PostgreSQL URL (``postgresql://...``), else a SQLite file.

    The SQLite file's folder is made when missing; ``max_bytes`` applies to SQLite only.
    """
    if is_postgres_url(db):
        return PostgresStorage(str(db), timeout=timeout)
    path = Path(db)
    path.parent.mkdir(parents=True, exist_ok=True)
    return SQLiteStorage(path, timeout=timeout, max_bytes=max_bytes)
