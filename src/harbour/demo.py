"""Play one complete seeded game between bots and narrate it: ``python -m harbour.demo``.

The output depends only on the arguments: the same arguments print the same text, byte
for byte, on every platform (the game and the bots are seeded; nothing depends on the
clock, on hashing or on dictionary order).

Run ``python -m harbour.demo --help`` for the options. Each rule-reading option takes the
value of the matching :class:`harbour.RulesOptions` enum (for example
``--reentry kept`` selects :attr:`harbour.ReentryOrder.KEPT`).
"""

from __future__ import annotations

import argparse
import enum
import os
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import TextIO, TypeVar

from harbour.bots import Bot, GreedyBot, RandomBot
from harbour.engine import apply_move
from harbour.narrate import (
    describe_move,
    describe_outcome,
    describe_player,
    describe_setup,
    player_name,
)
from harbour.options import (
    BuyRule,
    CoinDiscount,
    EmptyDeck,
    LastRound,
    ReentryOrder,
    RulesOptions,
    TieBreak,
    UnpayableToll,
    WarehouseKeep,
)
from harbour.rng import SplitMix64
from harbour.setup import new_game
from harbour.state import GameState

__all__ = ["BOTS", "MAX_MOVES", "bot_seed", "build_parser", "main", "play"]

#: The bots the demo can seat, by their ``--bot`` name.
BOTS: dict[str, Callable[[int], Bot]] = {"greedy": GreedyBot, "random": RandomBot}

#: A safety limit: a game still running after this many moves is abandoned.
MAX_MOVES = 20_000

_WIDTH = 92

E = TypeVar("E", bound=enum.Enum)

#: ``--flag`` name, RulesOptions field, enum and interpretation: the rule readings offered.
_ENUM_OPTIONS: tuple[tuple[str, str, type[enum.Enum], str], ...] = (
    ("last-round", "last_round", LastRound, "INT-1"),
    ("tie-break", "tie_break", TieBreak, "INT-2"),
    ("reentry", "reentry", ReentryOrder, "INT-3"),
    ("unpayable-toll", "unpayable_toll", UnpayableToll, "INT-5"),
    ("buying", "buying", BuyRule, "INT-6"),
    ("empty-deck", "empty_deck", EmptyDeck, "INT-8"),
    ("coin-discount", "coin_discount", CoinDiscount, "INT-9"),
    ("warehouse-keep", "warehouse_keep", WarehouseKeep, "INT-10"),
)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat``: a SplitMix64 output mixing the game seed and seat."""
    return SplitMix64(game_seed ^ ((seat + 1) * 0x9E3779B97F4A7C15)).next_u64()


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"the seed must be from 0 to 2**64 - 1, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser of the demo."""
    parser = argparse.ArgumentParser(
        prog="python -m harbour.demo",
        description="Play one seeded game of Harbour between bots and narrate it.",
    )
    parser.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=3, help="number of players (default: 3)"
    )
    parser.add_argument(
        "--seed", type=_seed, default=2014, help="game seed, 0 to 2**64-1 (default: 2014)"
    )
    parser.add_argument(
        "--bot",
        choices=sorted(BOTS),
        default="greedy",
        help="the bot every seat plays (default: greedy)",
    )
    parser.add_argument(
        "--first-game", action="store_true", help="use the first-game setup (SETUP-5)"
    )
    defaults = RulesOptions()
    for flag, field, kind, rule in _ENUM_OPTIONS:
        default = getattr(defaults, field).value
        parser.add_argument(
            f"--{flag}",
            dest=field,
            choices=[member.value for member in kind],
            default=default,
            help=f"the reading of {rule} (default: {default})",
        )
    parser.add_argument(
        "--ship-without-buying",
        action="store_true",
        help="allow shipping when no building is bought (INT-7)",
    )
    parser.add_argument(
        "--no-reshuffle",
        action="store_true",
        help="keep a display showing three or more buy symbols (INT-11)",
    )
    return parser


def _reading(args: argparse.Namespace, field: str, kind: type[E]) -> E:
    value: str = getattr(args, field)
    return kind(value)


def _options(args: argparse.Namespace) -> RulesOptions:
    return RulesOptions(
        last_round=_reading(args, "last_round", LastRound),
        tie_break=_reading(args, "tie_break", TieBreak),
        reentry=_reading(args, "reentry", ReentryOrder),
        unpayable_toll=_reading(args, "unpayable_toll", UnpayableToll),
        buying=_reading(args, "buying", BuyRule),
        empty_deck=_reading(args, "empty_deck", EmptyDeck),
        coin_discount=_reading(args, "coin_discount", CoinDiscount),
        warehouse_keep=_reading(args, "warehouse_keep", WarehouseKeep),
        ship_without_buying=bool(args.ship_without_buying),
        reshuffle_display=not args.no_reshuffle,
        first_game=bool(args.first_game),
    )


def _header(state: GameState) -> str:
    if state.turn == 0:
        return "Starting goods"
    n = len(state.players)
    text = f"Turn {state.turn} - {player_name(state.current)} (round {(state.turn - 1) // n + 1})"
    if state.last_round_turns is not None:
        text += ", last round"
    return text


def _wrap(text: str) -> str:
    return textwrap.fill(
        text, width=_WIDTH, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False
    )


def _wrap_block(text: str) -> str:
    """Wrap each line, keeping its indentation and indenting continuation lines more."""
    out = []
    for line in text.splitlines():
        body = line.lstrip(" ")
        indent = " " * (len(line) - len(body))
        out.append(
            textwrap.fill(
                body,
                width=_WIDTH,
                initial_indent=indent,
                subsequent_indent=indent + "    ",
                break_on_hyphens=False,
            )
        )
    return "\n".join(out)


def play(state: GameState, bots: Sequence[Bot], out: TextIO) -> GameState:
    """Play ``state`` to the end with one bot per seat, writing the narration to ``out``.

    Moves are applied with the checked :func:`harbour.apply_move`, so a bot returning an
    illegal move raises :class:`harbour.IllegalMoveError`. Raises ``RuntimeError`` if the
    game runs past :data:`MAX_MOVES` moves.
    """
    group: tuple[int, int] | None = None
    for _ in range(MAX_MOVES):
        if state.is_over:
            return state
        key = (state.turn, state.current if state.turn else 0)
        if key != group:
            group = key
            out.write(f"\n{_header(state)}\n")
        move = bots[state.current].choose(state)
        after = apply_move(state, move)
        out.write(_wrap(describe_move(state, move, after)) + "\n")
        if state.turn and (after.is_over or (after.turn, after.current) != key):
            out.write(_wrap(describe_player(after, state.current)) + "\n")
        state = after
    if state.is_over:
        return state
    raise RuntimeError(f"the game did not end within {MAX_MOVES} moves")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo with the command-line arguments ``argv`` (default: ``sys.argv[1:]``).

    Prints the setup, the game turn by turn and the outcome to standard output; returns
    the exit status (0). Bad arguments make argparse exit with status 2.
    """
    args = build_parser().parse_args(argv)
    options = _options(args)
    state = new_game(args.players, seed=args.seed, options=options)
    bots = [BOTS[args.bot](bot_seed(args.seed, seat)) for seat in range(args.players)]
    out = sys.stdout
    try:
        _run(args, state, bots, out)
    except BrokenPipeError:  # piped into ``head``, say: stop quietly
        # The recipe of the signal module's documentation: point stdout at devnull so
        # that the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


def _run(args: argparse.Namespace, state: GameState, bots: Sequence[Bot], out: TextIO) -> None:
    out.write(
        f"Harbour demo: {args.bot} bots, one per seat, each seeded from the game seed "
        "and its seat.\n\n"
    )
    out.write(_wrap_block(describe_setup(state)) + "\n")
    state = play(state, bots, out)
    out.write("\n" + _wrap_block(describe_outcome(state)) + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
