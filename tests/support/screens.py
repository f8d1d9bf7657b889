"""What a player of ``GAME play`` sees at each question, on a terminal of 80x24.

:class:`Terminal` stands in for one around :func:`meeplekit.cli.play.play_game`: what the
loop says is wrapped as the command wraps it and scrolls, and at each question the last
24 lines (the question last) are kept as the screen the player answers from.
:func:`check_screen` says whether a screen holds what the player needs: the first line of
the table or of its summary (the game's name: who decides what), what the seat holds, the
header of the menu shown and every entry of it numbered from 1, then the question. The
tmux test reads the same screens from a real terminal (``test_play_terminal.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from meeplekit.agents.bots import Bot
from meeplekit.cli.common import wrap
from meeplekit.cli.play import PROMPT as QUESTION
from meeplekit.cli.play import play_game
from meeplekit.info import GameInfo

__all__ = ["COLUMNS", "PROMPT", "ROWS", "Terminal", "check_screen", "play_on_screen"]

S = TypeVar("S")
M = TypeVar("M")

COLUMNS, ROWS = 80, 24
#: The question as the terminal shows it (click adds the colon).
PROMPT = f"{QUESTION}:"
#: The headers of a menu's level (:mod:`meeplekit.cli.play`).
HEADER = re.compile(r"^(Your moves \(|Your \d+ moves, in groups \(|.*\('0' goes back\):$)")
ENTRY = re.compile(r"^ +(\d+)\. \S")
#: What the seat holds: the summary's line, or the seat's own line in the table.
YOURS = re.compile(r"^You: |\(you\)")


class Terminal:
    """An 80x24 terminal for :func:`~meeplekit.cli.play.play_game`: ``say``, ``ask``, ``size``."""

    def __init__(self, answers: Iterable[str]) -> None:
        self.lines: list[str] = []
        #: The screen at each question, the question last.
        self.screens: list[list[str]] = []
        self._answers = iter(answers)

    def say(self, text: str) -> None:
        self.lines.extend(wrap(text, COLUMNS).split("\n"))

    def ask(self, prompt: str) -> str:
        self.screens.append([*self.lines[-(ROWS - 1) :], f"{prompt}:"])
        answer = next(self._answers)
        self.lines.append(f"{prompt}: {answer}")
        return answer

    def size(self) -> tuple[int, int]:
        return COLUMNS, ROWS


def check_screen(title: str, screen: list[str]) -> None:
    """Fail unless ``screen`` shows who decides what (a line starting with the game's
    ``title``), what the seat holds, the whole menu of the question, and the question last."""
    lines = [line.rstrip() for line in screen]
    while lines and not lines[-1]:
        lines.pop()
    shown = "\n".join(lines)
    assert len(lines) <= ROWS and lines[-1] == PROMPT, shown
    assert any(line.startswith(title) for line in lines), shown
    assert any(YOURS.search(line) for line in lines), shown
    headers = [i for i, line in enumerate(lines) if HEADER.match(line)]
    assert headers, shown
    entries = [ENTRY.match(line) for line in lines[headers[-1] + 1 : -1]]
    numbers = [int(match.group(1)) for match in entries if match]
    assert numbers and numbers == list(range(1, len(numbers) + 1)), shown
    assert all(len(line) <= COLUMNS for line in lines), shown


def play_on_screen(
    info: GameInfo[S, M],
    start: S,
    bots: Sequence[Bot[Any, M] | None],
    answers: Iterable[str],
    seed: int,
) -> tuple[Terminal, list[M]]:
    """Play ``start`` in seat 1 with ``answers`` on an 80x24 :class:`Terminal`, and check
    every screen (:func:`check_screen`); the terminal and the game's moves."""
    terminal = Terminal(answers)
    moves: list[M] = []
    play_game(
        info,
        start,
        0,
        bots,
        terminal.ask,
        terminal.say,
        seed=seed,
        moves=moves,
        screen=terminal.size,
    )
    title = info.title + ", "
    for screen in terminal.screens:
        check_screen(title, screen)
    return terminal, moves
