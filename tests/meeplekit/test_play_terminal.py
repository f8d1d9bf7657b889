"""``GAME play`` in a real terminal: tmux plays a few turns of every game at 80x24.

Each game's command runs in a detached tmux session 80 columns wide and 24 lines high, as
a player's terminal would be (its size from the terminal itself, no ``COLUMNS`` or
``LINES``). At every question the test reads the screen as the player sees it and checks
that what they need is on it: the table's or the summary's first line (the game's name,
who decides what), what the seat holds, the header of the menu and every entry of that
menu numbered from 1, then the question last; it answers with the first entry, a few
turns long, then asks for the board and leaves. No line the command wrote, in the whole
scroll-back, is wider than the 80 columns. tmux is Debian's, installed by ``make test``
(``scripts/ensure_package.sh``); without it the test is skipped, saying why.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator

import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

from tests.support.screens import COLUMNS, HEADER, PROMPT, ROWS, check_screen

TMUX = shutil.which("tmux")

pytestmark = pytest.mark.skipif(
    TMUX is None,
    reason=(
        "tmux is not installed and could not be installed here: make test installs Debian's "
        "tmux as root with apt-get (scripts/ensure_package.sh)"
    ),
)

#: What stops the test if the command never asks again (a hang, not a measure of speed).
PATIENCE = 120.0
#: The game's name, as its table's and summary's first line starts.
TITLES = {"harbour": "Harbour, ", "machikoro": "Machi Koro, ", "bremerhaven": "Bremerhaven, "}


class Pane:
    """A command running in a tmux session of its own, on a private tmux server."""

    def __init__(self, server: str, command: list[str]) -> None:
        self.server = server
        clean = ["env", "-u", "COLUMNS", "-u", "LINES", "PYTHONIOENCODING=utf-8", *command]
        size = ["-x", str(COLUMNS), "-y", str(ROWS)]
        self.tmux("-f", "/dev/null", "new-session", "-d", *size, "-s", "play", "--", *clean)
        self.tmux("set-option", "-t", "play", "remain-on-exit", "on")

    def tmux(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run(
            [TMUX, "-L", self.server, *args], capture_output=True, text=True, check=True
        )
        return done.stdout

    def screen(self) -> list[str]:
        """The 24 lines the player sees now."""
        return self.tmux("capture-pane", "-p", "-t", "play").split("\n")[:ROWS]

    def history(self) -> list[str]:
        """Every line written so far, the lines the terminal wrapped joined again."""
        return self.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "play").split("\n")

    def send(self, text: str) -> None:
        self.tmux("send-keys", "-t", "play", "-l", text)
        self.tmux("send-keys", "-t", "play", "Enter")

    def wait(self, ready: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + PATIENCE
        while not ready():
            if time.monotonic() > deadline:
                shown = "\n".join(self.screen())
                pytest.fail(f"the command never showed {what}; the screen:\n{shown}")
            time.sleep(0.05)


@pytest.fixture
def terminal() -> Iterator[Callable[[list[str]], Pane]]:
    """Starts commands in 80x24 tmux sessions on a private server, stopped afterwards."""
    server = f"meeplekit-play-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    started: list[Pane] = []

    def start(command: list[str]) -> Pane:
        pane = Pane(server, command)
        started.append(pane)
        return pane

    try:
        yield start
    finally:
        if started:
            subprocess.run([TMUX or "tmux", "-L", server, "kill-server"], capture_output=True)


def asked(pane: Pane, times: int) -> Callable[[], bool]:
    """Whether the command has asked ``times`` questions and waits for the answer."""

    def ready() -> bool:
        lines = [line.rstrip() for line in pane.screen() if line.strip()]
        if not lines or lines[-1] != PROMPT:
            return False
        return sum(line.startswith(PROMPT) for line in pane.history()) >= times

    return ready


@pytest.mark.parametrize("game", sorted(TITLES))
def test_a_few_turns_fit_an_80x24_terminal(
    game: str, terminal: Callable[[list[str]], Pane]
) -> None:
    command = [sys.executable, "-c", f"from {game}.cli import main; main()", "play"]
    pane = terminal([*command, "--players", "2", "--seed", "7", "--bot", "random"])
    answers = ["1"] * 12
    for count, answer in enumerate(answers, 1):
        pane.wait(asked(pane, count), f"question {count}")
        check_screen(TITLES[game], pane.screen())
        pane.send(answer)
    pane.wait(asked(pane, len(answers) + 1), "the question after the last answer")
    pane.send("board")
    pane.wait(asked(pane, len(answers) + 2), "the question after the board")
    screen = [line.rstrip() for line in pane.screen()]
    assert not any(HEADER.match(line) for line in screen[-ROWS // 2 :])  # the board, no menu
    pane.send("quit")
    pane.wait(lambda: any("You left the game." in line for line in pane.history()), "the end")
    written = pane.history()
    assert max(len(line.rstrip()) for line in written) <= COLUMNS, "a line wider than 80"
    assert "Traceback" not in "\n".join(written)
