"""What the table's tests start: the server as users run it, an in-process one, Chromium.

- :class:`Served`: ``python -m meepletable serve`` on a loopback port the test picks, a
  SQLite file in the test's folder; stopped by its process id (``SIGTERM``, then
  ``SIGKILL`` if it lingers).
- :class:`InProcess`: the application under uvicorn in a thread of the test's process, for
  tests that look at the server's tables (twin games).
- ``postgres_server``: a throwaway PostgreSQL cluster from Debian's ``postgresql`` package
  in a temporary folder, on a loopback port, run as the package's ``postgres`` user when
  the tests run as root (PostgreSQL refuses root), stopped by its process id;
  ``postgres_url`` a new database on it for one test. Skipped, saying why, only where the
  package is not installed.
- ``chromium_browser``: Debian's Chromium driven by Playwright, as the docs' checks drive it;
  skipped, saying why, only where no Chromium is installed.
"""

from __future__ import annotations

import faulthandler
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser

from meepletable import cluster
from meepletable.app import MAX_FRAME, Config, TableServer, create_app
from tests.browser.conftest import launched_chromium

#: The longest one of the table's tests may run: past it the test's process prints every
#: thread's stack and exits, so that a test waiting on a socket for ever fails the run
#: rather than holding it until CI's limit.
TEST_DEADLINE = 300


@pytest.fixture(autouse=True)
def _deadline() -> Iterator[None]:
    faulthandler.dump_traceback_later(TEST_DEADLINE, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


def free_port() -> int:
    """A loopback port free now (the server binds it just after)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_up(url: str, seconds: float = 30.0) -> None:
    """Wait until ``url``/health answers (``AssertionError`` after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}health", timeout=2) as answer:
                if json.load(answer) == {"ok": True}:
                    return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"the table at {url} did not start in {seconds} s")


class Served:
    """``meepletable serve`` in a process of its own, on 127.0.0.1 at a port picked here."""

    def __init__(self, db: Path | str, port: int | None = None) -> None:
        self.db = db
        self.port = free_port() if port is None else port
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process: subprocess.Popen[str] | None = None
        self.printed = ""

    def start(self) -> Served:
        """Start the server and wait until it answers; its first line is kept in :attr:`printed`."""
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "meepletable",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--db",
                str(self.db),
                "--bot-processes",
                "0",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stdout is not None
        self.printed = self.process.stdout.readline()
        wait_up(self.url)
        return self

    def kill(self) -> None:
        """Kill the server by its process id (``SIGKILL``): no shutdown of any kind."""
        self.stop(signal.SIGKILL)

    def stop(self, how: signal.Signals = signal.SIGTERM) -> None:
        """Stop the server by its process id: ``how``, then ``SIGKILL`` after 10 s."""
        if self.process is None:
            return
        os.kill(self.process.pid, how)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.process = None


class InProcess:
    """The application under uvicorn in a thread, on a loopback port; its tables reachable."""

    def __init__(self, db: Path, **config: Any) -> None:
        self.app = create_app(Config(db=db, bot_processes=0, **config))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        settings = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, ws_max_size=MAX_FRAME, log_level="warning"
        )
        self.server = uvicorn.Server(settings)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def tables(self) -> TableServer:
        """The server's live tables."""
        server: TableServer = self.app.state.server
        return server

    def __enter__(self) -> InProcess:
        self.thread.start()
        wait_up(self.url)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(15)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """The table served by ``meepletable serve`` with a fresh SQLite file."""
    server = Served(tmp_path / "tables.db").start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Browser]:
    """Headless Chromium, as the docs' checks launch it (skips where none is installed)."""
    with launched_chromium() as launched:
        yield launched


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL cluster for the session: its URL without a database name."""
    if cluster.postgres_bin() is None:
        pytest.skip(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); "
            "on Debian: apt-get install postgresql"
        )
    with cluster.throwaway() as url:
        yield url


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """A new, empty database on the session's cluster, for one test."""
    return cluster.new_database(postgres_server)
