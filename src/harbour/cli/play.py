"""``harbour play``: a human against bots in the terminal.

The human sees the table as their seat sees it (:func:`harbour.render` with a viewer:
nothing another player keeps secret) when play passes to them, a menu of their legal moves
that fits the screen (a character board with its ability, a free building with its
action, a buy where nothing can be shipped marked so: :func:`menu_label`; in groups when
they do not all fit), and the narration of everyone's moves. They answer with a number or
with move notation (:doc:`/spec/notation`), shortened while it fits one move only;
``help`` (or ``?``) lists the commands: ``board`` (or ``table``), ``rule ID``, ``cards
NAME``, ``undo`` (their own last decision and what the bots did after it) and ``quit``
(or the end of input). Text that is not a move is answered "Not understood", a move a rule
forbids "Not allowed" with the rule, and the question is asked again. The game's seed
stays secret until the game ends unless the player chose it. :func:`play_game` is the
loop, with input, output and the screen's size as functions so that it can be driven
without a terminal; it is every game's (:mod:`meeplekit.cli.play`).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Final

from harbour.bots import Bot
from harbour.cli.pieces import PIECES, menu_label
from harbour.moves import Move
from harbour.state import GameState
from meeplekit.cli import play as shared

__all__ = ["COMMANDS", "PROMPT", "menu_label", "play", "play_game"]

#: The question asked at each of the human's decisions.
PROMPT: Final = shared.PROMPT

#: What the human may answer, shown by ``help`` (and ``?``).
COMMANDS: Final = shared.commands_help(PIECES)


def play_game(
    start: GameState,
    seat: int,
    bots: Sequence[Bot | None],
    ask: Callable[[str], str],
    say: Callable[[str], None],
    *,
    show_seed: bool = False,
    moves: list[Move] | None = None,
    thinking: Callable[[int], AbstractContextManager[object]] | None = None,
    screen: Callable[[], tuple[int, int]] | None = None,
) -> GameState:
    """Play ``start`` with the human in ``seat`` and ``bots[s]`` in every other seat.

    ``ask(prompt)`` returns the human's answer (``EOFError``: the input has ended, and the
    human leaves the game); ``say(text)`` shows text. The seed, which would let the human
    recompute the hidden deck and bonus cards, is shown at the start only with
    ``show_seed=True`` (when the human chose it), otherwise when the game ends or the
    human leaves. ``moves``, when given, receives the moves of the game as it stands at
    the end (undone moves left out), for a record. ``thinking(seat)``, when given, is a
    context manager entered while the bot of ``seat`` chooses (a spinner). ``screen()``
    gives the ``(columns, rows)`` the menus fit (default: the terminal's). Returns the
    last state (over, or where the human left).
    """
    return shared.play_game(
        PIECES,
        start,
        seat,
        bots,
        ask,
        say,
        seed=start.seed,
        show_seed=show_seed,
        moves=moves,
        thinking=thinking,
        screen=screen,
    )


def _interactive() -> bool:
    """Whether standard output is a terminal (then a spinner shows a bot thinking)."""
    return sys.stdout.isatty()


@contextlib.contextmanager
def _spinner(seat: int) -> Iterator[None]:
    """A spinner on standard error while the bot of ``seat`` thinks."""
    with shared.spinner(PIECES)(seat):
        yield


def _thinking() -> Callable[[int], AbstractContextManager[object]] | None:
    # Looked up when the game starts, so that a test may replace either.
    return _spinner if _interactive() else None


#: The ``harbour play`` command (:func:`meeplekit.cli.play.play_command`).
play = shared.play_command(PIECES, thinking=_thinking)
