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
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import bremerhaven
from bremerhaven.bots import GreedyBot, RandomBot
from bremerhaven.errors import InvalidValueError
from bremerhaven.events import Event
from bremerhaven.facts import GAME
from bremerhaven.moves import Move
from bremerhaven.narrate import describe_events, describe_outcome, describe_setup
from bremerhaven.observation import Observation
from bremerhaven.options import RulesOptions
from bremerhaven.records import write_record
from bremerhaven.setup import new_game
from bremerhaven.state import GameState
from bremerhaven.view import render
from meeplekit import demo as shared
from meeplekit.bots import Bot
from meeplekit.text import wrap

__all__ = ["BOTS", "MAX_MOVES", "build_parser", "main", "play"]

#: A safety limit: a game still running after this many moves is abandoned.
MAX_MOVES = shared.MAX_MOVES

#: The bots the demo can seat, by their ``--bot`` name, each made from its seed
#: (:mod:`bremerhaven.bots`).
BOTS: dict[str, Callable[[int], Bot[Observation, Move]]] = {
    "greedy": GreedyBot,
    "random": RandomBot,
}
_DEFAULT_BOT = "greedy"


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser of the demo.

    Its options are named as the other games' demos name theirs: ``--players``,
    ``--seed``, ``--bot``, ``--record`` and one option per
    :class:`~bremerhaven.options.RulesOptions` field
    (:func:`meeplekit.demo.add_reading_options`).
    """
    parser = argparse.ArgumentParser(
        prog="python -m bremerhaven.demo",
        description="Play one seeded game of Bremerhaven between bots and narrate it.",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=tuple(range(GAME.min_players, GAME.max_players + 1)),
        default=3,
        help="number of players (default: 3; 1 is the solo game against the dummy)",
    )
    parser.add_argument(
        "--seed",
        type=shared.seed_argument,
        default=2013,
        help="game seed, 0 to 2**64-1 (default: 2013)",
    )
    parser.add_argument(
        "--bot",
        choices=sorted(BOTS),
        default=_DEFAULT_BOT,
        help=f"the bot every seat plays (default: {_DEFAULT_BOT})",
    )
    shared.add_reading_options(parser, RulesOptions)
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="also write the game's record (BH-RECORD-1) to FILE",
    )
    return parser


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
    (:func:`bremerhaven.narrate.describe_events`), one paragraph per move under a heading
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

    Prints the setup, the game round by round and the outcome to standard output; returns
    the exit status (0; 1 when the output is closed early, as by ``head``). Bad arguments
    make argparse print a one-line error to standard error and exit with status 2.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    options = shared.chosen_options(args, RulesOptions)
    state = new_game(args.players, seed=args.seed, options=options)
    bots = [BOTS[args.bot](shared.bot_seed(args.seed, seat)) for seat in range(state.seats)]
    return shared.run_quietly(lambda: _run(args, state, bots, sys.stdout))


def _run(
    args: argparse.Namespace,
    state: GameState,
    bots: Sequence[Bot[Any, Move]],
    out: TextIO,
) -> None:
    width = shared.demo_width(out, None, InvalidValueError)
    intro = (
        f"Bremerhaven demo: {args.bot} bots, one per seat, each seeded from the game seed and "
        "its seat; the decks and the rank chits are drawn from the game seed."
    )
    out.write(wrap(intro, width) + "\n\n")
    out.write(wrap(describe_setup(state, seed=args.seed), width, indent="  ") + "\n")
    out.write("\nThe table as play begins:\n\n" + render(state, width=width))
    start, moves = state, list[Move]()
    state = play(state, bots, out, moves, width=width)
    out.write("\nThe final position:\n\n" + render(state, width=width))
    # The final position's view lists the scores: the outcome names the winner (and the
    # solo game's rating) without listing them again.
    out.write("\n" + wrap(describe_outcome(state, scores=False), width) + "\n")
    if args.record:
        seats = {f"Player{seat + 1}": f"{args.bot} bot" for seat in range(state.seats)}
        text = write_record(start, moves, tags={"Event": "bremerhaven demo", **seats})
        Path(args.record).write_text(text, encoding="utf-8")
        sys.stderr.write(f"The game's record is in {args.record}.\n")


if __name__ == "__main__":
    raise SystemExit(main())
