"""The ``meepletable`` command: ``meepletable serve --host --port --db`` runs the table.

The table is served by uvicorn (:mod:`meepletable.app`); the address is printed once it
listens. ``--db`` is the SQLite file the tables are kept in (default: ``tables.db`` in the
user's data folder, :func:`default_db`).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import urllib.parse
from collections.abc import Sequence
from pathlib import Path

__all__ = ["default_db", "main"]


def default_db() -> Path:
    """The default SQLite file: ``$XDG_DATA_HOME/meepletable/tables.db`` (``~/.local/share``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "meepletable" / "tables.db"


def _without_password(db: str) -> str:
    """``db`` as it may be printed: a URL's password left out."""
    parts = urllib.parse.urlsplit(db)
    if parts.password is None:
        return db
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{user}:***@{netloc}"))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="meepletable", description="The web table for every registered board game."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the table over HTTP and WebSockets")
    serve.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)"
    )
    serve.add_argument(
        "--port", type=int, default=8000, help="the port (default 8000; 0: any free one)"
    )
    serve.add_argument(
        "--db",
        default=None,
        help=f"the SQLite file, or a postgresql:// URL (default {default_db()})",
    )
    serve.add_argument(
        "--bot-processes", type=int, default=1, help="processes the bots think in (0: a thread)"
    )
    serve.add_argument(
        "--budget", type=float, default=1.0, help="a bot's seconds per decision (default 1)"
    )
    serve.add_argument(
        "--db-timeout",
        type=float,
        default=5.0,
        help="seconds a move waits for another process's lock on the database (default 5)",
    )
    serve.add_argument(
        "--max-db-bytes", type=int, default=None, help="a cap on the database file's size"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; its exit status."""
    args = _parser().parse_args(argv)
    if args.bot_processes < 0:
        print("meepletable: --bot-processes is 0 or more", file=sys.stderr)
        return 2
    if not args.budget > 0:
        print("meepletable: --budget is above 0", file=sys.stderr)
        return 2
    import uvicorn

    from meepletable.app import MAX_FRAME, Config, create_app

    db: Path | str = default_db() if args.db is None else args.db
    kept = _without_password(str(db))
    app = create_app(
        Config(
            db=db,
            budget=args.budget,
            bot_processes=args.bot_processes,
            db_timeout=args.db_timeout,
            max_db_bytes=args.max_db_bytes,
        )
    )
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=MAX_FRAME,
        ws_per_message_deflate=False,
        log_level="warning",
    )
    server = uvicorn.Server(config)

    async def run() -> None:
        task = asyncio.create_task(server.serve())
        while not server.started:
            if task.done():
                await task
                return
            await asyncio.sleep(0.05)
        for listener in server.servers:
            for sock in listener.sockets:
                host, port = sock.getsockname()[:2]
                shown = f"[{host}]" if ":" in host else host
                print(f"The table is at http://{shown}:{port}/ (tables kept in {kept})", flush=True)
        await task

    asyncio.run(run())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
