"""A throwaway PostgreSQL cluster on loopback, for the table's tests and its load target.

:func:`throwaway` starts Debian's PostgreSQL (``/usr/lib/postgresql/N/bin``) in a temporary
folder on a free 127.0.0.1 port, with trust authentication and no fsync (nothing in it is
kept), run as the package's ``postgres`` user when the caller is root (PostgreSQL refuses
to run as root), and stops it by its process id when the block ends::

    with throwaway() as url:          # postgresql://postgres@127.0.0.1:PORT
        ...                           # f"{url}/postgres" is its first database
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

__all__ = ["new_database", "postgres_bin", "throwaway"]


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's programs (Debian: ``/usr/lib/postgresql/N/bin``)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    return found[-1].parent if found else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def throwaway(max_connections: int = 200) -> Iterator[str]:
    """Run a new cluster for the block: its URL without a database name."""
    import psycopg

    bindir = postgres_bin()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="meepletable-pg-"))
    folder.chmod(0o755)
    data = folder / "data"
    data.mkdir()
    as_owner: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(data, "postgres", "postgres")
        as_owner = ["runuser", "-u", "postgres", "--"]
    server: subprocess.Popen[bytes] | None = None
    try:
        subprocess.run(
            [
                *as_owner,
                str(bindir / "initdb"),
                "-D",
                str(data),
                "-U",
                "postgres",
                "--auth=trust",
                "--no-sync",
                "-E",
                "UTF8",
            ],
            check=True,
            capture_output=True,
        )
        port = _free_port()
        server = subprocess.Popen(
            [
                *as_owner,
                str(bindir / "postgres"),
                "-D",
                str(data),
                "-p",
                str(port),
                "-h",
                "127.0.0.1",
                "-k",
                str(data),
                "-c",
                "fsync=off",
                "-c",
                f"max_connections={max_connections}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        url = f"postgresql://postgres@127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                psycopg.connect(f"{url}/postgres", connect_timeout=2).close()
                break
            except psycopg.OperationalError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.1)
        yield url
    finally:
        if server is not None:
            pidfile = data / "postmaster.pid"
            pid = int(pidfile.read_text().split()[0]) if pidfile.exists() else server.pid
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGINT)  # a fast shutdown, by the server's process id
            server.wait(30)
        shutil.rmtree(folder, ignore_errors=True)


def new_database(url: str) -> str:
    """A new, empty database on the cluster at ``url``: its URL."""
    import psycopg

    name = f"t_{secrets.token_hex(8)}"
    with psycopg.connect(f"{url}/postgres", autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    return f"{url}/{name}"
