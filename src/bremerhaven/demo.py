"""Play one complete seeded game between bots and narrate it: ``python -m bremerhaven.demo``.

The output depends only on the arguments: the same arguments print the same text, byte
for byte, on every platform (the decks, the rank chits and the solo dummy's draws are drawn
from the game seed at setup, and each bot is seeded from the game seed and its seat;
nothing depends on the clock, on hashing or on dictionary order: BH-DEMO-1).

Run ``python -m bremerhaven.demo --help`` for the options; they have the names and
conventions of the other games' demos (``--players 3``, ``--seed``, ``--bot``,
``--record FILE`` and one option per field of :class:`bremerhaven.RulesOptions`, as every
game's demo names them: :mod:`meeplekit.demo`). Each reading option takes the value of
the matching enum (for example ``--game short`` plays the short game); ``--players 1`` is
the solo game against the rule-driven dummy.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any, Final, TextIO

import bremerhaven
from bremerhaven.agents.bots import GreedyBot, RandomBot
from bremerhaven.errors import InvalidValueError
from bremerhaven.events import Event
from bremerhaven.moves import Move
from bremerhaven.observation import Observation
from bremerhaven.state import GameState
from bremerhaven.views.narrate import describe_events, describe_outcome, describe_setup
from bremerhaven.views.view import render
from meeplekit import demo as shared
from meeplekit.agents.bots import Bot
from meeplekit.info import Demo
from meeplekit.registry import load_info
from meeplekit.text import wrap

__all__ = ["BOTS", "DEMO", "MAX_MOVES", "build_parser", "main", "play", "tell"]

#: A safety limit: a game still running after this many moves is abandoned.
MAX_MOVES = shared.MAX_MOVES

#: The bots the demo can seat, by their ``--bot`` name, each made from its seed
#: (:mod:`bremerhaven.agents.bots`).
BOTS: dict[str, Callable[[int], Bot[Observation, Move]]] = {
    "greedy": GreedyBot,
    "random": RandomBot,
}
_DEFAULT_BOT = "greedy"


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser of the demo (:func:`meeplekit.demo.build_parser`).

    Its options are named as the other games' demos name theirs: ``--players``,
    ``--seed``, ``--bot``, ``--record`` and one option per
    :class:`~bremerhaven.options.RulesOptions` field (:func:`meeplekit.demo.add_reading_options`).
    """
    return shared.build_parser(load_info("bremerhaven"))


def play(
    state: GameState,
    bots: Sequence[Bot[Any, Move]],
    out: TextIO,
    moves: list[Move] | None = None,
    on_heading: Callable[[GameState], None] | None = None,
    *,
    width: int | None = None,
) -> GameState:
    """Play ``state`` to the end with one bot per seat, writing the narration to ``out``.

    Each decision goes to the bot of the seat that decides it, given that seat's
    :func:`bremerhaven.observe` of the state. Moves are applied with the checked
    :func:`bremerhaven.apply_move_with_events` and narrated from their events
    (:func:`bremerhaven.views.narrate.describe_events`), one paragraph per move under a heading
    per round. Each move is appended to ``moves`` when given; ``on_heading`` is called
    with the state before each heading is written, so that a caller can show the position
    there (the docs' demo game does). The narration is wrapped at ``width`` columns, by
    default the terminal's when ``out`` is one and 80 otherwise
    (:func:`meeplekit.demo.demo_width`). The game is played by the loop every game's demo
    shares, :func:`meeplekit.demo.play_game`; it raises ``RuntimeError`` if the game runs
    past :data:`MAX_MOVES` moves.
    """
    columns = shared.demo_width(out, width, InvalidValueError)
    heading = 0

    def narrate(before: GameState, move: Move, events: tuple[Event, ...], after: GameState) -> None:
        nonlocal heading
        if before.round != heading:
            heading = before.round
            if on_heading is not None:
                on_heading(before)
            out.write(f"\nRound {before.round}\n")
        if moves is not None:
            moves.append(move)
        text = describe_events(before, move, events, after)
        if text:
            out.write(wrap(text, columns, indent="  ") + "\n")

    return shared.play_game(bremerhaven, state, bots, narrate, max_moves=MAX_MOVES)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo with the command-line arguments ``argv`` (default: ``sys.argv[1:]``).

    Prints the setup, the game and the outcome to standard output; returns the exit status
    (0; 1 when the output is closed early, as by ``head``). Bad arguments make argparse
    print a one-line error to standard error and exit with status 2
    (:func:`meeplekit.demo.main`).
    """
    return shared.main("bremerhaven", argv)


def tell(
    args: argparse.Namespace, state: GameState, bots: Sequence[Bot[Any, Move]], out: TextIO
) -> list[Move]:
    """The demo's narration of the game ``bots`` play from ``state``; the moves played.

    An introduction, the setup with the seed, the table as play begins, the game round by
    round (:func:`play`), the final position and the outcome.
    """
    width = shared.demo_width(out, None, InvalidValueError)
    intro = (
        f"Bremerhaven demo: {args.bot} bots, one per seat, each seeded from the game seed and "
        "its seat; the decks and the rank chits are drawn from the game seed."
    )
    out.write(wrap(intro, width) + "\n\n")
    out.write(wrap(describe_setup(state, seed=args.seed), width, indent="  ") + "\n")
    out.write("\nThe table as play begins:\n\n" + render(state, width=width))
    moves = list[Move]()
    state = play(state, bots, out, moves, width=width)
    out.write("\nThe final position:\n\n" + render(state, width=width))
    # The final position's view lists the scores: the outcome names the winner (and the
    # solo game's rating) without listing them again.
    out.write("\n" + wrap(describe_outcome(state, scores=False), width) + "\n")
    return moves


#: Bremerhaven's demo for the shared one (:class:`meeplekit.info.Demo`).
DEMO: Final[Demo[GameState, Move]] = Demo(
    bots=BOTS,
    seed=2013,
    tell=tell,
    players_help="; 1 is the solo game against the dummy",
)


if __name__ == "__main__":
    raise SystemExit(main())
