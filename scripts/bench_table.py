"""How fast the table answers a person's move with tables in play (``make bench-table``).

Starts ``meepletable serve`` on a free loopback port with a new SQLite file, makes
``--tables`` tables (Harbour, Machi Koro and Bremerhaven in turn; one person's seat and two
bots, greedy and random, each), and plays every person's seat from a scripted client over
its WebSocket, as a browser does: wait for the seat's decision, choose a random legal move,
send it, and time until the view after it arrives. Every table plays until its game ends
or ``--seconds`` have passed. Prints the moves answered and the latency's percentiles; the
target (issue 34) is a 95th percentile of at most 100 ms with 10 tables.

Usage: ``python scripts/bench_table.py [--tables 10] [--seconds 60] [--seed 1]``. Talks to
127.0.0.1 only and stops the server by its process id.
"""

from __future__ import annotations

import argparse
import asyncio
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
from pathlib import Path
from typing import Any

import websockets

GAMES = ("harbour", "machikoro", "bremerhaven")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _moves(entries: list[dict[str, Any]]) -> list[str]:
    found: list[str] = []
    for entry in entries:
        found.extend(_moves(entry["entries"]) if "group" in entry else [entry["move"]])
    return found


def _make(url: str, game: str) -> tuple[str, str]:
    fields = {"game": game, "seat1": "human", "seat2": "greedy", "seat3": "random"}
    body = urllib.parse.urlencode(fields).encode()
    with urllib.request.urlopen(f"{url}tables", data=body, timeout=30) as answer:
        made = json.load(answer)
    return str(made["table"]), str(made["seats"]["0"])


async def _play(
    port: int, table: str, token: str, rng: random.Random, until: float, latencies: list[float]
) -> None:
    async with websockets.connect(f"ws://127.0.0.1:{port}/tables/{table}/ws", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": 0, "token": token}))
        view = json.loads(await ws.recv())
        while not view["over"] and time.monotonic() < until:
            if view["type"] == "view" and view["deciding"] == 0 and view["moves"]:
                move = rng.choice(_moves(view["moves"]))
                sent = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "move", "version": view["version"], "move": move})
                )
                while True:
                    answer = json.loads(await ws.recv())
                    if answer["type"] == "error":
                        raise RuntimeError(f"a move was refused: {answer}")
                    if answer["version"] > view["version"]:
                        latencies.append(time.perf_counter() - sent)
                        view = answer
                        break
            else:
                view = json.loads(await ws.recv())


async def _run(args: argparse.Namespace, url: str, port: int) -> list[float]:
    tables = [_make(url, GAMES[n % len(GAMES)]) for n in range(args.tables)]
    latencies: list[float] = []
    until = time.monotonic() + args.seconds
    await asyncio.gather(
        *(
            _play(port, table, token, random.Random(args.seed + n), until, latencies)
            for n, (table, token) in enumerate(tables)
        )
    )
    return latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    folder = Path(tempfile.mkdtemp(prefix="bench-table-"))
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "meepletable",
            "serve",
            "--port",
            str(port),
            "--db",
            str(folder / "t.db"),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        print(server.stdout.readline().strip())
        started = time.perf_counter()
        latencies = asyncio.run(_run(args, url, port))
        spent = time.perf_counter() - started
    finally:
        os.kill(server.pid, signal.SIGTERM)
        server.wait(20)
    if len(latencies) < 20:
        print(f"only {len(latencies)} moves were answered: too few to measure", file=sys.stderr)
        return 1
    cuts = statistics.quantiles(latencies, n=100)
    p50, p95, p99 = (1000 * cuts[i - 1] for i in (50, 95, 99))
    print(
        f"{args.tables} tables, {len(latencies)} person's moves answered in {spent:.1f} s: "
        f"latency p50 {p50:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms, "
        f"max {1000 * max(latencies):.1f} ms"
    )
    print(f"target: p95 <= 100 ms: {'met' if p95 <= 100 else 'missed'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
