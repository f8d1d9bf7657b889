"""The table as a web application: Starlette over :mod:`meepletable.service`, served by uvicorn.

:func:`create_app` makes the ASGI application. The server is authoritative: it holds each
table's state and sends every connection the :func:`~meepletable.service.view` of its
viewer only. The flow of a move::

    browser (seat 2) --WebSocket {"type": "move", "version": 17, "move": "take 3W"}-->
      server: the table's lock; service.play checks seat, version and move
        -> storage.append commits it (a move is acknowledged only after the commit)
        -> each connection of the table gets view(table, its viewer): seat 2's, the
           other seats', the spectators' (one view made per viewer, sent to each of
           its connections)
      then the table's runner: chance drawn, bots asked in the bot pool (outside the
      event loop, within the time budget), each of their moves stored and sent the same way

Pages: ``/`` the lobby (make a table, join an open seat, watch), ``/tables/{id}`` a
spectator's page, ``/tables/{id}/seats/{n}`` a seat's page (its capability in the link's
fragment, which the browser never sends in a request: the page's script sends it over
the WebSocket), ``/tables/{id}/record`` the record once the game is over. Every refusal
is a structured error: JSON ``{"type": "error", "code", "reason", "rule"}`` (an HTML page
saying the same to a browser's form).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import functools
import json
import logging
import multiprocessing
import secrets
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs
from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from meeplekit.demo import option_flag
from meeplekit.info import BOT_KINDS, GameInfo
from meeplekit.options import field_meaning, field_rule, reading_meaning
from meeplekit.protocol import CHANCE
from meeplekit.registry import load_info, registered_names
from meepletable import replays, service
from meepletable.databases import open_storage
from meepletable.postgres import CHANNEL, is_postgres_url
from meepletable.service import LiveTable, TableError
from meepletable.storage import HUMAN, Storage, StorageError

__all__ = ["CSP", "MAX_FRAME", "Config", "TableServer", "create_app"]

#: The Content-Security-Policy of every response: scripts, styles and connections from the
#: table itself only; no inline script or style; pictures are data URLs.
CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
#: The largest WebSocket message a client may send, in bytes.
MAX_FRAME: Final = 4096
#: The largest form a client may send (a card file included), in bytes.
MAX_FORM: Final = service.CARD_FILE_LIMIT + 64 * 1024
_HERE: Final = Path(__file__).resolve().parent
_log = logging.getLogger("meepletable")


@attrs.frozen(kw_only=True)
class Config:
    """How a table server runs."""

    #: Where the tables are kept: a SQLite file (made with its folder when missing) or a
    #: PostgreSQL URL (``postgresql://user@host:port/database``, the ``postgresql`` extra).
    db: Path | str
    #: The bots' time budget per decision, in seconds (the search bot stops then).
    budget: float = 1.0
    #: Processes the bots think in; 0: a thread of the server's process.
    bot_processes: int = 1
    #: How long a write waits for another process's lock on the database, in seconds,
    #: before the move is refused as ``unavailable`` (nothing is applied; send it again).
    db_timeout: float = 5.0
    #: A cap on the database file's size in bytes (``None``: none): past it a move is
    #: refused as ``unavailable``, as on a full disk.
    max_db_bytes: int | None = None
    #: Messages a connection may send per second on average (:data:`RATE`), and in a burst
    #: (:data:`BURST`); past twice the burst the connection is closed.
    rate: float = 10.0
    #: See :attr:`rate`.
    burst: float = 30.0
    #: Where a new table's seed comes from (default: 64 random bits from the operating
    #: system); a test gives a fixed one to play twin games.
    seeds: Callable[[], int] | None = None


#: Frames waiting to be sent to one connection at most: a connection that falls further
#: behind (a client that does not read) is closed, and its page reconnects.
SEND_QUEUE: Final = 16
#: Messages a connection may send per second, on average, and in a burst.
RATE: Final = 10.0
#: See :data:`RATE`.
BURST: Final = 30.0
#: The runner's first wait after the database refused a move of chance or a bot, in seconds.
RETRY_FIRST: Final = 0.5
#: The runner's longest wait between tries.
RETRY_MOST: Final = 30.0
_T = TypeVar("_T")


class _Watcher:
    """A connection of a viewer: its frames are sent in order by its own task."""

    def __init__(
        self, socket: WebSocket, viewer: int | None, rate: float = RATE, burst: float = BURST
    ) -> None:
        self.socket = socket
        self.viewer = viewer
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(SEND_QUEUE)
        self.sender = asyncio.get_running_loop().create_task(self._send())
        self.rate, self.burst = rate, burst
        self.allowance = burst
        self.checked = time.monotonic()

    async def _send(self) -> None:
        while True:
            frame = await self.queue.get()
            if frame is None:
                return
            try:
                await self.socket.send_text(frame)
            except Exception:  # the connection is gone; the socket handler forgets it
                return

    def offer(self, frame: str) -> bool:
        """Queue ``frame``; ``False`` when the connection is too far behind."""
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            return False
        return True

    def spend(self) -> bool:
        """Count a message against the connection's rate; ``False`` when over it."""
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.checked) * self.rate)
        self.checked = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True

    def close(self) -> None:
        """Stop the sender after the frames queued."""
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)


class TableServer:
    """The live tables of one server process: their locks, connections and bot runners.

    The database is used from one thread of its own (:meth:`in_db`), so that a commit's
    wait for the disk or for another process's lock never holds up the event loop.
    """

    def __init__(self, config: Config) -> None:
        #: The server's settings.
        self.config = config
        self._storage: Storage | None = None
        self._tables: dict[str, LiveTable] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._watchers: dict[str, set[_Watcher]] = {}
        self._runners: dict[str, asyncio.Task[None]] = {}
        self._pool: Executor | None = None
        self._db = ThreadPoolExecutor(1, thread_name_prefix="meepletable-db")
        self._replays: dict[str, replays.Replay] = {}
        self._stopping = threading.Event()
        self._listening = threading.Event()
        self._listener: threading.Thread | None = None

    # ---------------------------------------------------------------- life

    @property
    def storage(self) -> Storage:
        """The open storage (between start and stop); use it in :meth:`in_db` only."""
        if self._storage is None:
            raise RuntimeError("the table server is not started")
        return self._storage

    async def in_db(self, call: Callable[..., _T], *args: Any) -> _T:
        """``call(*args)`` in the database's thread."""
        return await asyncio.get_running_loop().run_in_executor(
            self._db, functools.partial(call, *args)
        )

    def _open(self) -> list[LiveTable]:
        self._storage = open_storage(
            self.config.db, timeout=self.config.db_timeout, max_bytes=self.config.max_db_bytes
        )
        resumed = []
        for record in self.storage.unfinished():
            try:
                resumed.append(service.load_table(self.storage, record.table_id))
            except (TableError, StorageError, ValueError) as error:
                _log.error("table %s cannot be resumed: %s", record.table_id, error)
        return resumed

    async def start(self) -> None:
        """Open the storage and the bot pool, and resume every unfinished table."""
        if self.config.bot_processes > 0:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.config.bot_processes, mp_context=context)
        else:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="meepletable-bots")
        for table in await self.in_db(self._open):
            self._tables[table.record.table_id] = table
            self._kick(table.record.table_id)
        if is_postgres_url(self.config.db):
            self._listening = threading.Event()
            self._listener = threading.Thread(
                target=self._listen,
                args=(str(self.config.db), asyncio.get_running_loop()),
                name="meepletable-listen",
                daemon=True,
            )
            self._listener.start()

    def _listen(self, url: str, loop: asyncio.AbstractEventLoop) -> None:
        """Hear the moves other processes commit (PostgreSQL's LISTEN), in a thread of its own."""
        import psycopg

        while not self._stopping.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    while not self._stopping.is_set():
                        for note in connection.notifies(timeout=0.5):
                            table_id, _, version = note.payload.partition(" ")
                            loop.call_soon_threadsafe(self._heard, table_id, int(version))
            except (psycopg.Error, ValueError) as error:
                _log.error("listening for other processes' moves: %s", error)
                self._stopping.wait(1.0)

    def _heard(self, table_id: str, version: int) -> None:
        """Another process committed a move of ``table_id``: catch up if it is ours."""
        table = self._tables.get(table_id)
        if table is not None and version > table.version:
            asyncio.get_running_loop().create_task(self.catch_up(table_id))

    async def catch_up(self, table_id: str) -> None:
        """Apply the moves other processes stored for ``table_id``, tell its viewers, go on."""
        async with self.lock(table_id):
            table = self._tables.get(table_id)
            if table is None:
                return
            if await self.in_db(service.catch_up, self.storage, table):
                self._broadcast(table_id)
        self._kick(table_id)

    async def stop(self) -> None:
        """Stop the runners, the listener and the bot pool, and close the storage."""
        self._stopping.set()
        if self._listener is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._listener.join, 5.0)
        for task in self._runners.values():
            task.cancel()
        for task in list(self._runners.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        if self._storage is not None:
            await self.in_db(self._storage.close)
            self._storage = None
        self._db.shutdown(wait=True)

    # ---------------------------------------------------------------- tables

    async def table(self, table_id: str) -> LiveTable:
        """The live table ``table_id``, loaded from the storage when not in memory."""
        found = self._tables.get(table_id)
        if found is None:
            found = await self.in_db(service.load_table, self.storage, table_id)
            found = self._tables.setdefault(table_id, found)
            self._kick(table_id)
        return found

    def loaded(self, table_id: str) -> LiveTable | None:
        """The table ``table_id`` if it is in memory (for tools and tests; it may change)."""
        return self._tables.get(table_id)

    async def table_replay(self, table_id: str) -> replays.Replay:
        """The replay of the finished table ``table_id`` (made once, then kept)."""
        found = self._replays.get(f"table/{table_id}")
        if found is None:
            found = replays.from_table(await self.table(table_id))
            self._replays[f"table/{table_id}"] = found
        return found

    async def upload_replay(self, game: str, text: str) -> str:
        """Keep a visitor's record (checked first): its replay's identifier."""
        made = replays.from_record(game, text)
        replay_id = secrets.token_urlsafe(12)
        await self.in_db(self.storage.save_replay, replay_id, game, text)
        self._replays[f"record/{replay_id}"] = made
        return replay_id

    async def record_replay(self, replay_id: str) -> replays.Replay:
        """The replay of an uploaded record."""
        found = self._replays.get(f"record/{replay_id}")
        if found is None:
            try:
                game, text = await self.in_db(self.storage.replay, replay_id)
            except StorageError:
                raise TableError("not-found", f"no replay {replay_id}") from None
            found = self._replays[f"record/{replay_id}"] = replays.from_record(game, text)
        return found

    def watcher_count(self, table_id: str) -> int:
        """How many connections watch the table now."""
        return len(self._watchers.get(table_id, ()))

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock that orders the moves of ``table_id``."""
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def create(self, setup: service.Setup) -> tuple[LiveTable, dict[int, str]]:
        """Make a table (its seed from :attr:`Config.seeds`) and start its runner."""
        seed = None if self.config.seeds is None else self.config.seeds()
        table, tokens = await self.in_db(
            functools.partial(service.create_table, self.storage, setup, seed=seed)
        )
        self._tables[table.record.table_id] = table
        self._kick(table.record.table_id)
        return table, tokens

    async def claim(self, table_id: str, seat: int) -> str:
        """Take the open seat ``seat``: its new capability."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            return await self.in_db(service.claim_seat, self.storage, table, seat)

    def open_tables(self) -> list[LiveTable]:
        """The tables in memory whose game is not over, newest first."""
        found = [t for t in self._tables.values() if not t.over]
        return sorted(found, key=lambda t: -t.record.created)

    async def move(self, table_id: str, seat: int, version: int, text: str) -> None:
        """Apply a seat's move (refused with :class:`TableError`), tell every viewer, go on."""
        try:
            async with self.lock(table_id):
                table = await self.table(table_id)
                await self.in_db(service.play, self.storage, table, seat, version, text)
                self._broadcast(table_id)
        except TableError as error:
            if error.code == "stale":  # another process may have moved: catch up, then refuse
                await self.catch_up(table_id)
            raise
        self._kick(table_id)

    # ---------------------------------------------------------------- connections

    async def watch(self, table_id: str, socket: WebSocket, viewer: int | None) -> _Watcher:
        """Register a connection of ``viewer`` and send it the view now."""
        watcher = _Watcher(socket, viewer, self.config.rate, self.config.burst)
        async with self.lock(table_id):
            table = await self.table(table_id)
            self._watchers.setdefault(table_id, set()).add(watcher)
            watcher.offer(service.dumps(service.view(table, viewer)))
        return watcher

    def unwatch(self, table_id: str, watcher: _Watcher) -> None:
        """Forget a closed connection."""
        self._watchers.get(table_id, set()).discard(watcher)
        watcher.close()

    def _broadcast(self, table_id: str) -> None:
        table = self._tables[table_id]
        frames: dict[int | None, str] = {}
        for watcher in list(self._watchers.get(table_id, ())):
            frame = frames.get(watcher.viewer)
            if frame is None:
                frame = frames[watcher.viewer] = service.dumps(service.view(table, watcher.viewer))
            if not watcher.offer(frame):  # too far behind: closed; its page reconnects
                self.unwatch(table_id, watcher)
                asyncio.get_running_loop().create_task(_close(watcher.socket, 1013))

    # ---------------------------------------------------------------- chance and bots

    def _kick(self, table_id: str) -> None:
        """Make sure the table's runner runs when chance or a bot decides now."""
        running = self._runners.get(table_id)
        if running is not None and not running.done():
            return
        table = self._tables.get(table_id)
        if table is None or table.over:
            return
        if table.decider != CHANCE and table.bot_to_move() is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = loop.create_task(self._run(table_id))
        task.add_done_callback(functools.partial(_report, table_id))
        self._runners[table_id] = task

    async def _run(self, table_id: str) -> None:
        """Play chance and bots until a person decides or the game is over.

        When the database refuses a move of chance or a bot, every connection of the table
        is told (an ``unavailable`` error) and the runner tries again later, each wait
        twice the last, up to :data:`RETRY_MOST` seconds.
        """
        wait = RETRY_FIRST
        while True:
            try:
                if await self._step(table_id):
                    return
                wait = RETRY_FIRST
            except StorageError as error:
                _log.error("table %s: chance or a bot's move was not stored: %s", table_id, error)
                refusal = TableError("unavailable", "the table's database refused; play waits")
                for watcher in list(self._watchers.get(table_id, ())):
                    watcher.offer(service.dumps(refusal.as_dict()))
                await asyncio.sleep(wait)
                wait = min(RETRY_MOST, wait * 2)

    async def _step(self, table_id: str) -> bool:
        """One move of chance or a bot; ``True`` when none is due (a person decides, or the end)."""
        async with self.lock(table_id):
            table = self._tables[table_id]
            if table.over:
                return True
            decider = table.decider
            if decider == CHANCE:
                try:
                    await self.in_db(service.play_chance, self.storage, table)
                except TableError:  # another process drew it first: take its draw
                    await self.in_db(service.catch_up, self.storage, table)
                self._broadcast(table_id)
                return False
            kind = table.bot_to_move()
            if kind is None or decider is None:
                return True
            version = table.version
            observation = table.info.game.observe(table.state, decider)
            seed = service.bot_seed(table, decider)
        move = await asyncio.get_running_loop().run_in_executor(
            self._pool,
            service.bot_move,
            table.info.name,
            kind,
            seed,
            observation,
            self.config.budget,
        )
        async with self.lock(table_id):
            try:
                await self.in_db(service.play_bot, self.storage, table, version, move)
            except TableError as error:  # the table moved on meanwhile: think again
                _log.info("table %s: a bot's move was not applied: %s", table_id, error)
                if await self.in_db(service.catch_up, self.storage, table):
                    self._broadcast(table_id)
                return False
            self._broadcast(table_id)
        return False


async def _close(socket: WebSocket, code: int) -> None:
    with contextlib.suppress(Exception):
        await socket.close(code=code)


class _Flood(Exception):
    """A connection sent far more messages than its rate allows."""


def _report(table_id: str, task: asyncio.Task[None]) -> None:
    """Log a runner that failed (its table waits until a move or a restart starts it again)."""
    if not task.cancelled() and task.exception() is not None:
        _log.error("table %s: chance or a bot failed", table_id, exc_info=task.exception())


# --------------------------------------------------------------------------- pages


def _readings_fields(info: GameInfo[Any, Any]) -> list[dict[str, Any]]:
    """Each reading of the game as a form field: its name, rule, meaning and choices."""
    options = info.readings
    fields: list[dict[str, Any]] = []
    for field in attrs.fields(options):
        default = field.default
        if isinstance(default, enum.Enum):
            choices = [
                (
                    member.value,
                    f"{member.value}: {reading_meaning(member).rstrip('.')}",
                    member is default,
                )
                for member in type(default)
            ]
        else:
            choices = [("on", "on", bool(default)), ("off", "off", not default)]
        fields.append(
            {
                "name": field.name,
                "label": option_flag(field.name),
                "rule": field_rule(options, field.name),
                "meaning": field_meaning(options, field.name),
                "choices": choices,
            }
        )
    return fields


def _games() -> list[dict[str, Any]]:
    games = []
    for name in registered_names():
        info = load_info(name)
        default = info.players.default
        seats = [
            {
                "number": n + 1,
                "default": HUMAN if n == 0 else (info.bots.default if n < default else ""),
            }
            for n in range(info.players.most)
        ]
        games.append(
            {
                "name": name,
                "title": info.title,
                "fewest": info.players.fewest,
                "most": info.players.most,
                "seats": seats,
                "kinds": [HUMAN, service.OPEN, *[k for k in BOT_KINDS if k in info.bots.names]],
                "readings": _readings_fields(info),
                "cards": info.variants is not None,
            }
        )
    return games


def _wants_html(request: Request) -> bool:
    return "text/html" in request.headers.get("accept", "")


_STATUS: Final = {
    "no-table": 404,
    "not-found": 404,
    "not-your-seat": 403,
    "seat-taken": 409,
    "not-over": 409,
    "too-large": 413,
    "unavailable": 503,
}


def _error_response(request: Request, error: TableError) -> Response:
    status = _STATUS.get(error.code, 400)
    if _wants_html(request):
        templates: Jinja2Templates = request.app.state.templates
        return templates.TemplateResponse(
            request, "error.html", {"error": error.as_dict()}, status_code=status
        )
    return JSONResponse(error.as_dict(), status_code=status)


def _server(request: Request | WebSocket) -> TableServer:
    server: TableServer = request.app.state.server
    return server


async def lobby(request: Request) -> Response:
    """The lobby: make a table of any game, join an open seat, watch a table."""
    server = _server(request)
    tables = [
        {
            "id": t.record.table_id,
            "title": t.info.title,
            "version": t.version,
            "seats": [
                {"number": n, "name": service.seat_name(t, n), "open": s.is_open, "kind": s.kind}
                for n, s in enumerate(t.seats)
            ],
        }
        for t in server.open_tables()
    ]
    templates: Jinja2Templates = request.app.state.templates
    return templates.TemplateResponse(request, "lobby.html", {"games": _games(), "tables": tables})


async def create(request: Request) -> Response:
    """Make a table from the lobby's form: the page with each person's seat link."""
    length = int(request.headers.get("content-length", "0") or 0)
    if length > MAX_FORM:
        raise TableError("too-large", f"a table's form is at most {MAX_FORM} bytes")
    try:
        form = await request.form(max_files=1, max_fields=200, max_part_size=MAX_FORM)
    except Exception as error:  # a body python-multipart cannot read
        raise TableError("bad-request", f"the form cannot be read: {error}") from None
    game = str(form.get("game", ""))
    seats = [str(form.get(f"seat{n}", "")) for n in range(1, 9)]
    seats = [seat for seat in seats if seat]
    readings = {
        key.removeprefix("reading."): str(value)
        for key, value in form.multi_items()
        if key.startswith("reading.") and isinstance(value, str)
    }
    upload = form.get("card_file")
    card_file = None
    if isinstance(upload, UploadFile) and upload.filename:
        data = await upload.read(service.CARD_FILE_LIMIT + 1)
        card_file = (upload.filename, data)
    cards = form.get("cards")
    setup = service.table_setup(
        game, seats, readings, cards if isinstance(cards, str) else None, card_file=card_file
    )
    table, tokens = await _server(request).create(setup)
    table_id = table.record.table_id
    links = [
        {
            "seat": n + 1,
            "name": service.seat_name(table, n),
            "url": f"/tables/{table_id}/seats/{n}#{tokens[n]}",
        }
        for n in sorted(tokens)
    ]
    templates: Jinja2Templates = request.app.state.templates
    context = {"table": table_id, "title": table.info.title, "links": links}
    if not _wants_html(request):
        return JSONResponse(
            {"type": "created", "table": table_id, "seats": {str(n): t for n, t in tokens.items()}},
            status_code=201,
        )
    return templates.TemplateResponse(request, "created.html", context, status_code=201)


async def claim(request: Request) -> Response:
    """Take an open seat: a redirect to the seat's page, its new capability in the fragment."""
    server = _server(request)
    table_id = request.path_params["table_id"]
    seat = request.path_params["seat"]
    token = await server.claim(table_id, seat)
    return RedirectResponse(f"/tables/{table_id}/seats/{seat}#{token}", status_code=303)


async def _page(request: Request, seat: int | None) -> Response:
    server = _server(request)
    table_id = request.path_params["table_id"]
    table = await server.table(table_id)
    if seat is not None and not 0 <= seat < len(table.seats):
        raise TableError("not-found", "no such seat at this table")
    templates: Jinja2Templates = request.app.state.templates
    context = {
        "table": table_id,
        "title": table.info.title,
        "seat": "" if seat is None else str(seat),
        "who": "Spectator" if seat is None else service.seat_name(table, seat),
    }
    return templates.TemplateResponse(request, "play.html", context)


async def seat_page(request: Request) -> Response:
    """A seat's page: the script fills it from the WebSocket once the capability holds."""
    return await _page(request, request.path_params["seat"])


async def watch_page(request: Request) -> Response:
    """A spectator's page."""
    return await _page(request, None)


async def record(request: Request) -> Response:
    """The game's record once it is over (a game in play: refused, as it would tell the seed)."""
    server = _server(request)
    table = await server.table(request.path_params["table_id"])
    text = service.record_text(table)
    name = f"{table.info.name}-{table.record.table_id}.txt"
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


def _viewer(request: Request) -> int | None:
    text = request.query_params.get("viewer", "public")
    if text == "public":
        return None
    if not text.isdecimal() or len(text) > 3:
        raise TableError("bad-request", "a viewer is 'public' or a seat's number")
    return int(text)


async def _replay_page(request: Request, replay: replays.Replay, base: str, name: str) -> Response:
    templates: Jinja2Templates = request.app.state.templates
    seats = replays.position(replay, 0, None)["seats"]
    context = {
        "base": base,
        "title": replay.info.title,
        "name": name,
        "total": replay.total,
        "seats": seats,
    }
    return templates.TemplateResponse(request, "replay.html", context)


async def table_replay_page(request: Request) -> Response:
    """A finished table's game, to step through."""
    table_id = request.path_params["table_id"]
    replay = await _server(request).table_replay(table_id)
    return await _replay_page(request, replay, f"/tables/{table_id}/replay", f"table {table_id}")


async def table_replay_position(request: Request) -> Response:
    """A position of a finished table's game, as JSON."""
    replay = await _server(request).table_replay(request.path_params["table_id"])
    return JSONResponse(replays.position(replay, request.path_params["number"], _viewer(request)))


async def upload(request: Request) -> Response:
    """A record uploaded from the lobby: a redirect to its replay page."""
    length = int(request.headers.get("content-length", "0") or 0)
    if length > replays.RECORD_LIMIT + 64 * 1024:
        raise TableError("too-large", f"a record is at most {replays.RECORD_LIMIT} bytes")
    try:
        form = await request.form(
            max_files=1, max_fields=10, max_part_size=replays.RECORD_LIMIT + 1
        )
    except Exception as error:
        raise TableError("bad-request", f"the form cannot be read: {error}") from None
    upload = form.get("record")
    if not isinstance(upload, UploadFile):
        raise TableError("bad-request", "the form has no record file")
    data = await upload.read(replays.RECORD_LIMIT + 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise TableError("bad-request", "a record is UTF-8 text") from None
    replay_id = await _server(request).upload_replay(str(form.get("game", "")), text)
    return RedirectResponse(f"/replays/{replay_id}", status_code=303)


async def record_replay_page(request: Request) -> Response:
    """An uploaded record's game, to step through."""
    replay_id = request.path_params["replay_id"]
    replay = await _server(request).record_replay(replay_id)
    return await _replay_page(request, replay, f"/replays/{replay_id}", "an uploaded record")


async def record_replay_position(request: Request) -> Response:
    """A position of an uploaded record's game, as JSON."""
    replay = await _server(request).record_replay(request.path_params["replay_id"])
    return JSONResponse(replays.position(replay, request.path_params["number"], _viewer(request)))


async def health(request: Request) -> Response:
    """``{"ok": true}``: the server is up (what a test waits for)."""
    return JSONResponse({"ok": True})


# --------------------------------------------------------------------------- the WebSocket


def _message(text: str) -> dict[str, Any]:
    if len(text.encode("utf-8")) > MAX_FRAME:
        raise TableError("too-large", f"a message is at most {MAX_FRAME} bytes")
    try:
        message = json.loads(text)
    except ValueError:
        raise TableError("bad-request", "a message is a JSON object") from None
    if not isinstance(message, dict):
        raise TableError("bad-request", "a message is a JSON object")
    return message


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TableError("bad-request", f"{what} is a whole number")
    return value


async def socket(ws: WebSocket) -> None:
    """A table's WebSocket: a hello (seat and capability, or none: a spectator), then moves.

    The client sends ``{"type": "hello", "seat": 0, "token": "..."}`` (or ``{"type":
    "hello"}``) first, then ``{"type": "move", "version": 17, "move": "take 3W"}`` on its
    seat's decisions. The server sends ``view`` frames (:func:`meepletable.service.view`)
    and ``error`` frames; a hello that does not hold its seat is answered by an error and
    the connection is closed.
    """
    server = _server(ws)
    table_id = ws.path_params["table_id"]
    await ws.accept()
    watcher = None
    try:
        hello = _message(await ws.receive_text())
        if hello.get("type") != "hello":
            raise TableError("bad-request", "the first message is a hello")
        async with server.lock(table_id):
            table = await server.table(table_id)
            seat: int | None = None
            if hello.get("seat") is not None:
                seat = _whole(hello.get("seat"), "seat")
                token = hello.get("token")
                service.check_capability(table, seat, token if isinstance(token, str) else "")
        watcher = await server.watch(table_id, ws, seat)
        over = 0
        while True:
            text = await ws.receive_text()
            try:
                if not watcher.spend():
                    over += 1
                    if over > watcher.burst:  # a flood: the connection is closed
                        raise _Flood
                    raise TableError("too-many", f"at most {watcher.rate:g} messages a second")
                message = _message(text)
                if message.get("type") != "move":
                    raise TableError("bad-request", "a message is a move")
                if seat is None:
                    raise TableError("not-your-seat", "a spectator makes no moves")
                move = message.get("move")
                if not isinstance(move, str):
                    raise TableError("bad-request", "a move is the move's notation, as text")
                version = _whole(message.get("version"), "version")
                await server.move(table_id, seat, version, move)
            except TableError as error:
                watcher.offer(service.dumps(error.as_dict()))
            except StorageError as error:  # the database refused: nothing was applied
                _log.error("table %s: a move was not stored: %s", table_id, error)
                refusal = TableError("unavailable", "the move could not be stored; send it again")
                watcher.offer(service.dumps(refusal.as_dict()))
    except WebSocketDisconnect:
        pass
    except _Flood:
        await _close(ws, 1008)
    except TableError as error:
        with contextlib.suppress(Exception):
            await ws.send_text(service.dumps(error.as_dict()))
            await ws.close(code=4403 if error.code == "not-your-seat" else 4400)
    finally:
        if watcher is not None:
            server.unwatch(table_id, watcher)


# --------------------------------------------------------------------------- the application


class _Headers:
    """Adds the security headers to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                    (b"cache-control", b"no-store"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


def _handlers() -> Mapping[Any, Callable[[Request, Exception], Awaitable[Response]]]:
    async def table_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, TableError)
        return _error_response(request, error)

    async def storage_error(request: Request, error: Exception) -> Response:
        _log.error("the storage refused a request: %s", error)
        return _error_response(request, TableError("unavailable", "the tables' database refused"))

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        code = "not-found" if error.status_code == 404 else "bad-request"
        found = _error_response(request, TableError(code, str(error.detail)))
        found.status_code = error.status_code
        return found

    return {TableError: table_error, StorageError: storage_error, HTTPException: http_error}


def create_app(config: Config) -> Starlette:
    """The table's ASGI application: serve it with uvicorn (``meepletable serve`` does)."""
    server = TableServer(config)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    routes = [
        Route("/", lobby),
        Route("/health", health),
        Route("/tables", create, methods=["POST"]),
        Route("/tables/{table_id:str}", watch_page),
        Route("/tables/{table_id:str}/record", record),
        Route("/tables/{table_id:str}/replay", table_replay_page),
        Route("/tables/{table_id:str}/replay/{number:int}", table_replay_position),
        Route("/replays", upload, methods=["POST"]),
        Route("/replays/{replay_id:str}", record_replay_page),
        Route("/replays/{replay_id:str}/{number:int}", record_replay_position),
        Route("/tables/{table_id:str}/seats/{seat:int}", seat_page),
        Route("/tables/{table_id:str}/seats/{seat:int}", claim, methods=["POST"]),
        WebSocketRoute("/tables/{table_id:str}/ws", socket),
        Mount("/static", StaticFiles(directory=_HERE / "static"), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(_Headers)],
        exception_handlers=dict(_handlers()),
        lifespan=lifespan,
    )
    app.state.server = server
    app.state.templates = Jinja2Templates(directory=str(_HERE / "templates"))
    return app
