"""The table under load, over loopback only (``make load``; ``make bench-table`` is a small load).

Starts ``meepletable serve`` on a free 127.0.0.1 port with a new SQLite file, makes
``--tables`` tables (Harbour, Machi Koro and Bremerhaven in turn) with ``--people`` seats
played by scripted clients and the rest by bots (greedy, then random), and plays every
scripted seat as a browser does: connect by WebSocket, wait for the seat's decision,
choose a random legal move, send it, and take the view it is shown. Every table plays
until its game ends or ``--seconds`` have passed; then the server is stopped by its process
id. Reports the moves accepted per second, the latency of a person's move (sent, to the
view after it received) at the 50th, 95th and 99th percentiles, the errors (refusals,
lost connections) and the server's peak memory (``VmHWM``).

Usage: ``python scripts/load_table.py [--tables 100] [--people 3] [--seconds 60]
[--postgres] [--processes 2]``: with ``--postgres`` the tables are kept in a throwaway
PostgreSQL cluster (Debian's package) and ``--processes`` servers share it, each seat of a
table connecting to a process in turn.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import websockets

GAMES = ("harbour", "machikoro", "bremerhaven")
BOTS = ("greedy", "random")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _moves(entries: list[dict[str, Any]]) -> list[str]:
    found: list[str] = []
    for entry in entries:
        found.extend(_moves(entry["entries"]) if "group" in entry else [entry["move"]])
    return found


def _make(url: str, game: str, people: int) -> tuple[str, dict[int, str]]:
    seats = ["human"] * people + [BOTS[n % 2] for n in range(3 - people)]
    fields = {"game": game, **{f"seat{n}": kind for n, kind in enumerate(seats, 1)}}
    body = urllib.parse.urlencode(fields).encode()
    with urllib.request.urlopen(f"{url}tables", data=body, timeout=60) as answer:
        made = json.load(answer)
    return str(made["table"]), {int(n): str(t) for n, t in made["seats"].items()}


class Tally:
    """What the clients saw."""

    def __init__(self, reconnecting: bool = False) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.games_over = 0
        #: Whether a lost connection is expected (the server is killed): reconnect.
        self.reconnecting = reconnecting
        self.reconnects = 0
        #: Each move sent, and each acknowledged (its view received): (table, version, move).
        self.sent: set[tuple[str, int, str]] = set()
        self.kills = 0
        self.checked = 0
        self.acknowledged: dict[tuple[str, int], str] = {}


async def _seat(
    port: int, table: str, seat: int, token: str, rng: random.Random, until: float, tally: Tally
) -> None:
    """Play ``seat`` until the game ends or the time is up; with kills, reconnect when cut off."""
    while time.monotonic() < until:
        try:
            await _connection(port, table, seat, token, rng, until, tally)
            return
        except TimeoutError:  # the time is up
            return
        except (OSError, websockets.WebSocketException) as error:
            if not tally.reconnecting:
                tally.errors.append(f"{table} seat {seat}: {type(error).__name__}: {error}")
                return
            tally.reconnects += 1  # the server was killed: reconnect when it is back
            await asyncio.sleep(0.2)


async def _connection(
    port: int, table: str, seat: int, token: str, rng: random.Random, until: float, tally: Tally
) -> None:
    async with websockets.connect(
        f"ws://127.0.0.1:{port}/tables/{table}/ws", max_size=2**24, open_timeout=10
    ) as ws:

        async def receive() -> dict[str, Any]:
            left = until - time.monotonic()
            if left <= 0:
                raise TimeoutError
            frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), left))
            return frame

        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        view = await receive()
        while not view["over"]:
            if view["type"] != "view" or view["deciding"] != seat or not view["moves"]:
                view = await receive()
                continue
            move = rng.choice(_moves(view["moves"]))
            sent = time.perf_counter()
            tally.sent.add((table, view["version"], move))
            await ws.send(json.dumps({"type": "move", "version": view["version"], "move": move}))
            while True:
                answer = await receive()
                if answer["type"] == "error":
                    if tally.reconnecting and answer["code"] in ("stale", "unavailable"):
                        break  # after a restart: take the next view as it comes
                    tally.errors.append(
                        f"{table} seat {seat}: {answer['code']}: {answer['reason']}"
                    )
                    return
                if answer["version"] > view["version"]:
                    tally.latencies.append(time.perf_counter() - sent)
                    tally.acknowledged[table, view["version"]] = move
                    view = answer
                    break
        if view["over"] and seat == 0:
            tally.games_over += 1


def _peak_memory(pid: int) -> int:
    """The process's peak resident memory in bytes (``VmHWM``), 0 where it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


async def _run(
    args: argparse.Namespace,
    ports: list[int],
    tally: Tally,
    killer: Callable[[], Awaitable[None]] | None = None,
) -> float:
    """Make the tables on the first process and play them, each seat on a process in turn."""
    url = f"http://127.0.0.1:{ports[0]}/"
    made = [_make(url, GAMES[n % len(GAMES)], args.people) for n in range(args.tables)]
    print(f"{len(made)} tables made", flush=True)
    started = time.perf_counter()
    until = time.monotonic() + args.seconds
    await asyncio.gather(
        *([] if killer is None else [killer()]),
        *(
            _seat(
                ports[(n + seat) % len(ports)],
                table,
                seat,
                token,
                random.Random(f"{args.seed}/{n}/{seat}"),
                until,
                tally,
            )
            for n, (table, tokens) in enumerate(made)
            for seat, token in tokens.items()
        ),
    )
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--people", type=int, default=3, choices=(1, 2, 3))
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="keep the tables in a throwaway PostgreSQL cluster, not a SQLite file",
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes on the one database"
    )
    parser.add_argument(
        "--kill",
        type=int,
        default=0,
        metavar="N",
        help="SIGKILL the first server N times at random moments (restarting it), then check "
        "that every acknowledged move is stored once and no move appears that no one sent",
    )
    parser.add_argument(
        "--attach", type=int, metavar="PORT", help="load a table already served on PORT"
    )
    parser.add_argument(
        "--p95", type=float, default=None, help="a target for the 95th percentile, ms"
    )
    parser.add_argument(
        "--p99", type=float, default=None, help="a target for the 99th percentile, ms"
    )
    parser.add_argument("--rate", type=float, default=None, help="a target of accepted moves/s")
    args = parser.parse_args()
    tally = Tally(reconnecting=args.kill > 0)
    if args.attach is not None:
        spent = asyncio.run(_run(args, [args.attach], tally))
        return _report(args, tally, spent, [])
    with contextlib.ExitStack() as stack:
        if args.postgres:
            from meepletable import cluster

            db = cluster.new_database(stack.enter_context(cluster.throwaway()))
            print("tables kept in a throwaway PostgreSQL cluster")
        else:
            db = str(Path(tempfile.mkdtemp(prefix="load-table-")) / "t.db")
        ports = [_free_port() for _ in range(args.processes)]
        servers = [_serve(port, db) for port in ports]
        stack.callback(_stop_all, servers)

        async def killer() -> None:
            rng = random.Random(f"{args.seed}/kills")
            for _ in range(args.kill):
                await asyncio.sleep(rng.uniform(1.0, max(1.5, args.seconds / (args.kill + 1))))
                os.kill(servers[0].pid, signal.SIGKILL)
                await asyncio.to_thread(servers[0].wait, 30)
                _close(servers[0])
                servers[0] = await asyncio.to_thread(_serve, ports[0], db)
                tally.kills += 1

        spent = asyncio.run(_run(args, ports, tally, killer if args.kill else None))
        peaks = [_peak_memory(server.pid) for server in servers]
        if args.kill:
            _check(db, tally)
    return _report(args, tally, spent, peaks)


def _serve(port: int, db: str) -> subprocess.Popen[str]:
    """``meepletable serve`` on ``port`` and ``db``: running once it has printed its address."""
    server = subprocess.Popen(
        [sys.executable, "-m", "meepletable", "serve", "--port", str(port), "--db", db],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    print(server.stdout.readline().strip(), flush=True)
    return server


def _close(server: subprocess.Popen[str]) -> None:
    if server.stdout is not None:
        server.stdout.close()


def _check(db: str, tally: Tally) -> None:
    """Every acknowledged move stored once at its version; every stored person's move sent."""
    from meeplekit.protocol import CHANCE
    from meeplekit.registry import load_info
    from meepletable.databases import open_storage

    storage = open_storage(db)
    try:
        tables = {table for table, _ in tally.acknowledged} | {t for t, _, _ in tally.sent}
        for table in sorted(tables):
            stored = storage.moves(table)
            by_version = {m.version: m.notation for m in stored}
            for (where, version), move in tally.acknowledged.items():
                if where == table and by_version.get(version) != move:
                    tally.errors.append(f"{table}: acknowledged move {version} {move!r} lost")
            record = storage.table(table)
            info = load_info(record.game)
            state = info.new_game(record.players, record.seed)
            for made in stored:
                person = info.game.current_player(state) != CHANCE
                kind = storage.seats(table)[info.game.current_player(state)].kind if person else ""
                if kind == "human" and (table, made.version, made.notation) not in tally.sent:
                    tally.errors.append(f"{table}: move {made.version} {made.notation!r} unsent")
                state = info.game.apply_move(state, info.notation.parse(state, made.notation))
            tally.checked += len(stored)
    finally:
        storage.close()


def _stop_all(servers: list[subprocess.Popen[str]]) -> None:
    """Stop every server by its process id."""
    for server in servers:
        _stop(server)


def _stop(server: subprocess.Popen[str]) -> None:
    """Stop a server by its process id."""
    if server.poll() is None:
        os.kill(server.pid, signal.SIGTERM)
        server.wait(30)
    _close(server)


def _report(args: argparse.Namespace, tally: Tally, spent: float, peaks: list[int]) -> int:
    latencies = tally.latencies
    print(
        f"{args.tables} tables of {args.people} scripted people: {len(latencies)} moves accepted "
        f"in {spent:.1f} s ({len(latencies) / spent:.0f}/s); {tally.games_over} games ended"
    )
    if len(latencies) >= 20:
        cuts = statistics.quantiles(latencies, n=100)
        p50, p95, p99 = (1000 * cuts[i - 1] for i in (50, 95, 99))
        print(
            f"latency p50 {p50:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms, max {1000 * max(latencies):.1f} ms"
        )
    else:
        p95 = p99 = float("inf")
        print(f"only {len(latencies)} moves were answered: too few for percentiles")
    print(f"errors: {len(tally.errors)}{''.join(chr(10) + '  ' + e for e in tally.errors[:10])}")
    if tally.kills:
        print(
            f"faults: the server killed {tally.kills} times, {tally.reconnects} reconnection attempts, "
            f"{len(tally.acknowledged)} acknowledged moves and {tally.checked} stored moves "
            "checked (a lost or unsent move is an error)"
        )
    shown = ", ".join(f"{peak / 2**20:.0f} MB" for peak in peaks) or "not measured"
    print(f"server peak memory (each process): {shown}")
    verdicts = []
    if args.p95 is not None:
        verdicts.append(f"p95 <= {args.p95:g} ms: {'met' if p95 <= args.p95 else 'missed'}")
    if args.p99 is not None:
        verdicts.append(f"p99 <= {args.p99:g} ms: {'met' if p99 <= args.p99 else 'missed'}")
    if args.rate is not None:
        rate = len(latencies) / spent
        verdicts.append(f">= {args.rate:g} moves/s: {'met' if rate >= args.rate else 'missed'}")
    if verdicts:
        print("targets: " + "; ".join(verdicts))
    return 1 if tally.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
