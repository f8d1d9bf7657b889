"""Standard input and input files that are not what a command expects, for every game.

``GAME play`` whose standard input is closed (``0<&-``) stops before any game with one
line, never a traceback (``input(): lost sys.stdin``); input that ends (``< /dev/null``)
leaves the game politely. ``GAME replay`` refuses what is not a regular file before
reading anything: a named pipe (FIFO) without a writer would otherwise wait for ever, a
device such as ``/dev/zero`` never ends, a socket is no file; a folder is refused by the
argument's check.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

import click
from click.testing import CliRunner

from meeplekit.cli import app

GAMES = ["harbour", "machikoro", "bremerhaven"]
ROOT = Path(__file__).resolve().parents[2]
CLOSED = "Error: standard input is closed; play reads your answers from it"


def process(game: str, args: list[str], shell: str = "") -> subprocess.CompletedProcess[str]:
    """The real command of ``game`` in a process; ``shell`` redirects, as ``0<&-`` in sh."""
    command = [sys.executable, "-c", f"from {game}.cli import main; main()", *args]
    return subprocess.run(
        ["sh", "-c", f'exec "$0" "$@" {shell}', *command],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "80"},
        timeout=120,  # a command that hangs fails the test instead of stopping the run
    )


def group(game: str) -> click.Group:
    """The game's command group (:func:`meeplekit.cli.app.command`)."""
    command: click.Group = app.command(game)
    return command


@pytest.mark.parametrize("game", GAMES)
def test_play_without_standard_input_stops_in_one_line_before_the_game(game: str) -> None:
    result = process(game, ["play", "--players", "2", "--seed", "3"], "0<&-")
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == CLOSED
    assert result.stdout == ""  # no game was dealt
    ended = process(game, ["play", "--players", "2", "--seed", "3"], "< /dev/null")
    assert ended.returncode == 0, ended.stderr
    assert "Traceback" not in ended.stderr
    assert ended.stdout.rstrip().endswith("End of input: you left the game.")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this system has no named pipes")
@pytest.mark.parametrize("game", GAMES)
def test_replay_refuses_a_named_pipe_without_waiting_for_a_writer(
    game: str, tmp_path: Path
) -> None:
    fifo = tmp_path / "game.rec"
    os.mkfifo(fifo)
    result = process(game, ["replay", str(fifo)])
    assert result.returncode == 1, result.stderr
    assert result.stderr.strip() == (
        f"Error: {fifo}: a named pipe (FIFO), not a regular file; a game record is read from a file"
    )


@pytest.fixture
def unix_socket() -> Iterator[Path]:
    """A listening Unix socket's path (short: the system limits its length)."""
    folder = Path(tempfile.mkdtemp(prefix="mk-"))
    path = folder / "s"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        yield path
    finally:
        server.close()
        shutil.rmtree(folder)


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="this system has no Unix sockets")
@pytest.mark.parametrize("game", GAMES)
def test_replay_refuses_devices_sockets_and_folders_before_reading(
    game: str, tmp_path: Path, unix_socket: Path
) -> None:
    command = group(game)
    runner = CliRunner(env={"COLUMNS": "80"})
    for path, kind in (("/dev/zero", "a device"), (str(unix_socket), "a socket")):
        result = runner.invoke(command, ["replay", path])
        assert result.exit_code == 1, result.output
        assert result.stderr.strip() == (
            f"Error: {path}: {kind}, not a regular file; a game record is read from a file"
        )
    folder = runner.invoke(command, ["replay", str(tmp_path)])
    assert folder.exit_code == 2 and "is a directory" in folder.stderr
