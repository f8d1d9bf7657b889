"""Play one complete seeded game between bots and narrate it: ``python -m machikoro.demo``.

The output depends only on the arguments: the same arguments print the same text, byte
for byte, on every platform (the market, the bots and every roll and draw are seeded from
the game seed; nothing depends on the clock, on hashing or on dictionary order: MK-DEMO-1).

Run ``python -m machikoro.demo --help`` for the options; they have the names and
conventions of ``python -m harbour.demo``'s (``--players 3``, ``--seed``, ``--bot``,
``--record FILE`` and one option per field of :class:`machikoro.RulesOptions`, as every
game's demo names them: :mod:`meeplekit.demo`). Each rule-reading option takes the value of the matching enum (for
example ``--reroll-dice same`` selects :attr:`machikoro.RerollDice.SAME`), and
``--expansion``/``--no-expansion`` plays with or without the Harbor expansion. A number
of players the edition does not allow (5 without the expansion, MK-PLAYERS-1) is reported
as a usage error with exit status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Final, TextIO

import machikoro
from machikoro.agents.bots import Bot, GreedyBot, RandomBot
from machikoro.chance import sample_chance
from machikoro.errors import InvalidValueError
from machikoro.events import Event
from machikoro.moves import Move
from machikoro.state import GameState
from machikoro.views.narrate import (
    describe_events,
    describe_outcome,
    describe_player,
    describe_setup,
)
from machikoro.views.view import render
from meeplekit import demo as shared
from meeplekit.info import Demo
from meeplekit.registry import load_info
from meeplekit.rng import SplitMix64
from meeplekit.text import wrap

__all__ = ["BOTS", "DEMO", "MAX_MOVES", "build_parser", "main", "play", "tell"]

#: A safety limit: a game still running after this many moves is abandoned.
MAX_MOVES = shared.MAX_MOVES


#: The bots the demo can seat, by their ``--bot`` name, each made from its seed
#: (:mod:`machikoro.agents.bots`).
BOTS: dict[str, Callable[[int], Bot]] = {"greedy": GreedyBot, "random": RandomBot}
_DEFAULT_BOT = "greedy"


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser of the demo (:func:`meeplekit.demo.build_parser`).

    Its options are named as the other games' demos name theirs: ``--players``,
    ``--seed``, ``--bot``, ``--record`` and one option per
    :class:`~machikoro.options.RulesOptions` field (:func:`meeplekit.demo.add_reading_options`).
    """
    return shared.build_parser(load_info("machikoro"))


def _header(state: GameState) -> str:
    extra = ", an extra turn" if state.extra_turn else ""
    return f"Turn {state.turn} - Player {state.current + 1}{extra}"


def play(
    state: GameState,
    bots: Sequence[Bot],
    out: TextIO,
    chance: SplitMix64,
    moves: list[Move] | None = None,
    on_heading: Callable[[GameState], None] | None = None,
    draw: Callable[[GameState, SplitMix64], Move] = sample_chance,
    *,
    width: int | None = None,
) -> GameState:
    """Play ``state`` to the end with one bot per seat, writing the narration to ``out``.

    Each decision goes to the bot of the seat that decides it, given that seat's
    :func:`machikoro.observe` of the state; each chance outcome (a roll, a market draw) is
    drawn with its probability with ``chance`` (:func:`machikoro.sample_chance`). Moves are
    applied with the checked :func:`machikoro.apply_move_with_events` and narrated from
    their events (:func:`machikoro.views.narrate.describe_events`), one line per move under a
    heading per turn, and each turn ends with a line on its player's city. Each move,
    chance outcomes included, is appended to ``moves`` when given; ``on_heading`` is called with the state before each heading is written, so that a caller can show the
    position there (the docs' demo game does); ``draw(state, chance)`` draws each chance
    outcome (a replay gives the record's). The narration is wrapped at ``width`` columns,
    by default the terminal's when ``out`` is one and 80 otherwise
    (:func:`meeplekit.demo.demo_width`). The game is played by the loop every game's demo
    shares, :func:`meeplekit.demo.play_game`; it raises ``RuntimeError`` if the game runs
    past :data:`MAX_MOVES` moves.
    """
    columns = shared.demo_width(out, width, InvalidValueError)
    turn = 0

    def narrate(before: GameState, move: Move, events: tuple[Event, ...], after: GameState) -> None:
        nonlocal turn
        if before.turn != turn:
            turn = before.turn
            if on_heading is not None:
                on_heading(before)
            out.write(f"\n{_header(before)}\n")
        if moves is not None:
            moves.append(move)
        out.write(wrap(describe_events(before, move, events, after), columns, indent="  ") + "\n")
        if after.is_over or after.turn != turn:
            out.write(wrap(describe_player(after, before.current), columns, indent="  ") + "\n")

    return shared.play_game(
        machikoro, state, bots, narrate, chance=chance, sample=draw, max_moves=MAX_MOVES
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo with the command-line arguments ``argv`` (default: ``sys.argv[1:]``).

    Prints the setup, the game and the outcome to standard output; returns the exit status
    (0; 1 when the output is closed early, as by ``head``). Bad arguments make argparse
    print a one-line error to standard error and exit with status 2
    (:func:`meeplekit.demo.main`).
    """
    return shared.main("machikoro", argv)


def tell(
    args: argparse.Namespace, state: GameState, bots: Sequence[Bot], out: TextIO
) -> list[Move]:
    """The demo's narration of the game ``bots`` play from ``state``; the moves played.

    An introduction, the setup, the table as play begins, the game turn by turn
    (:func:`play`, chance drawn from the game seed: :func:`meeplekit.demo.chance_seed`),
    the final position and the outcome.
    """
    chance = SplitMix64(shared.chance_seed(args.seed))
    width = shared.demo_width(out, None, InvalidValueError)
    intro = (
        f"Machi Koro demo: {args.bot} bots, one per seat, each seeded from the game seed and "
        "its seat; the dice and the market's draws are drawn from the game seed."
    )
    out.write(wrap(intro, width) + "\n\n")
    out.write(wrap(describe_setup(state), width) + "\n")
    out.write("\nThe table as play begins:\n\n" + render(state, width=width))
    moves = list[Move]()
    state = play(state, bots, out, chance, moves, width=width)
    out.write("\nThe final position:\n\n" + render(state, width=width))
    out.write("\n" + wrap(describe_outcome(state), width) + "\n")
    return moves


#: Machi Koro's demo for the shared one (:class:`meeplekit.info.Demo`).
DEMO: Final[Demo[GameState, Move]] = Demo(
    bots=BOTS,
    seed=2014,
    tell=tell,
    players_help="; 2 to 4 without the expansion",
)


if __name__ == "__main__":
    raise SystemExit(main())
