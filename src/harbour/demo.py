"""Play one complete seeded game between bots and narrate it: ``python -m harbour.demo``.

The output depends only on the arguments: the same arguments print the same text, byte
for byte, on every platform (the game and the bots are seeded; nothing depends on the
clock, on hashing or on dictionary order).

Run ``python -m harbour.demo --help`` for the options. Each rule-reading option takes the
value of the matching :class:`harbour.RulesOptions` enum (for example
``--reentry kept`` selects :attr:`harbour.ReentryOrder.KEPT`). ``--characters``,
``--bonus-cards`` and ``--inland-traders`` switch on the variants (CHAR-2, BONUS-1,
INLAND-1); a combination the rules refuse (the Inland Traders with 2 players, characters
with the first-game setup) is reported as a usage error with exit status 2.

The narrator is omniscient but keeps the secret bonus point cards for the final scoring.
"""

from __future__ import annotations

import argparse
import enum
import os
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO, TypeVar

from harbour.bots import Bot, GreedyBot, RandomBot
from harbour.engine import apply_move_with_events, current_player
from harbour.facts import GAME
from harbour.moves import Move
from harbour.narrate import (
    describe_characters,
    describe_events,
    describe_outcome,
    describe_player,
    describe_setup,
    player_name,
)
from harbour.observation import observe
from harbour.options import (
    AlchemistReading,
    BeggarTrigger,
    BuyRule,
    CoinDiscount,
    EmptyDeck,
    LastRound,
    PurchaseLimit,
    ReentryOrder,
    RulesOptions,
    TieBreak,
    UnpayableToll,
    WarehouseKeep,
)
from harbour.records import write_record
from harbour.rng import SplitMix64
from harbour.setup import new_game
from harbour.state import GameState, PendingCharacter, PendingFreeBuilding
from harbour.view import render

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
    ("purchase-limit", "purchase_limit", PurchaseLimit, "INT-36"),
)

#: ``--flag`` name, RulesOptions field, enum, interpretation and the ability it reads:
#: readings of character abilities, only meaningful with ``--characters``. The demo plays
#: the original card set, whose Busker has the Beggar's ability but where no character has
#: the Alchemist's: ``--alchemist`` is listed in the setup but changes no move.
_CHARACTER_OPTIONS: tuple[tuple[str, str, type[enum.Enum], str, str], ...] = (
    ("alchemist", "alchemist", AlchemistReading, "INT-24", "the Alchemist's conversion"),
    ("beggar", "beggar", BeggarTrigger, "INT-25", "the Beggar's (and Busker's) gift"),
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
        "--players",
        type=int,
        choices=tuple(GAME.player_counts),
        default=3,
        help="number of players (default: 3)",
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
    parser.add_argument(
        "--characters",
        action="store_true",
        help="play with the character side of the player boards (CHAR-2; not with --first-game)",
    )
    parser.add_argument(
        "--bonus-cards",
        action="store_true",
        help="deal a secret bonus point card to each player (BONUS-1)",
    )
    parser.add_argument(
        "--inland-traders",
        action="store_true",
        help="use the Inland Traders side of the market board (INLAND-1; 3 or 4 players)",
    )
    parser.add_argument(
        "--inland-traders-two-players",
        action="store_true",
        help="allow --inland-traders with 2 players too (INT-37)",
    )
    parser.add_argument(
        "--market-from-bonus-cards",
        action="store_true",
        help="place the market by revealing the bonus point cards (BONUS-4)",
    )
    for flag, field, kind, rule, what in _CHARACTER_OPTIONS:
        default = getattr(defaults, field).value
        parser.add_argument(
            f"--{flag}",
            dest=field,
            choices=[member.value for member in kind],
            default=None,
            help=f"the reading of {rule}, {what}; with --characters (default: {default})",
        )
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="also write the game's record (REC-1) to FILE",
    )
    return parser


def _combination_error(args: argparse.Namespace) -> str | None:
    """Why the arguments cannot make a game together, in one line, or ``None``."""
    fewest = GAME.inland_traders_min_players
    if args.inland_traders and args.players < fewest and not args.inland_traders_two_players:
        return (
            f"--inland-traders needs at least {fewest} players, not --players "
            f"{args.players} (INLAND-1), unless --inland-traders-two-players (INT-37)"
        )
    if args.characters and args.first_game:
        return (
            "--characters cannot be combined with --first-game: the first-game setup uses "
            "the generic side of the player boards (SETUP-5, CHAR-2)"
        )
    for flag, field, _, rule, _ in _CHARACTER_OPTIONS:
        if getattr(args, field) is not None and not args.characters:
            return f"--{flag} is a reading of a character ability ({rule}); it needs --characters"
    return None


def _reading(args: argparse.Namespace, field: str, kind: type[E]) -> E:
    value: str = getattr(args, field)
    return kind(value)


def _options(args: argparse.Namespace) -> RulesOptions:
    defaults = RulesOptions()
    return RulesOptions(
        last_round=_reading(args, "last_round", LastRound),
        tie_break=_reading(args, "tie_break", TieBreak),
        reentry=_reading(args, "reentry", ReentryOrder),
        unpayable_toll=_reading(args, "unpayable_toll", UnpayableToll),
        buying=_reading(args, "buying", BuyRule),
        empty_deck=_reading(args, "empty_deck", EmptyDeck),
        coin_discount=_reading(args, "coin_discount", CoinDiscount),
        warehouse_keep=_reading(args, "warehouse_keep", WarehouseKeep),
        purchase_limit=_reading(args, "purchase_limit", PurchaseLimit),
        inland_traders_two_players=bool(args.inland_traders_two_players),
        market_from_bonus_cards=bool(args.market_from_bonus_cards),
        ship_without_buying=bool(args.ship_without_buying),
        reshuffle_display=not args.no_reshuffle,
        first_game=bool(args.first_game),
        characters=bool(args.characters),
        bonus_cards=bool(args.bonus_cards),
        inland_traders=bool(args.inland_traders),
        alchemist=(
            defaults.alchemist
            if args.alchemist is None
            else _reading(args, "alchemist", AlchemistReading)
        ),
        beggar=defaults.beggar if args.beggar is None else _reading(args, "beggar", BeggarTrigger),
    )


def _in_character_setup(state: GameState) -> bool:
    """True while characters (and free buildings) are being chosen (CHAR-2, ABIL-8)."""
    return isinstance(state.pending, PendingCharacter | PendingFreeBuilding)


def _group(state: GameState) -> tuple[int, int]:
    """What a narration heading covers: a turn and its player, or a setup step."""
    if state.turn:
        return (state.turn, state.current)
    return (0, -1 if _in_character_setup(state) else 0)


def _header(state: GameState) -> str:
    if state.turn == 0:
        return "Characters" if _in_character_setup(state) else "Starting goods"
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


def play(
    state: GameState,
    bots: Sequence[Bot],
    out: TextIO,
    moves: list[Move] | None = None,
    on_heading: Callable[[GameState], None] | None = None,
) -> GameState:
    """Play ``state`` to the end with one bot per seat, writing the narration to ``out``.

    Each decision goes to the bot of the seat that decides it
    (:func:`harbour.current_player`), which is given that seat's :func:`harbour.observe`
    of the state, never the state itself: a gift of goods another player's move wakes is
    chosen by the receiver's bot, out of turn.
    Moves are applied with the checked :func:`harbour.apply_move_with_events` and narrated
    from their events, so a bot returning an illegal move raises
    :class:`harbour.IllegalMoveError`. Each move is appended to ``moves`` when given, and
    ``on_heading`` is called with the state before each heading (a turn or a setup step)
    is written, so that a caller can show the position there (the docs' demo game does).
    Raises ``RuntimeError`` if the
    game runs past :data:`MAX_MOVES` moves.
    """
    group: tuple[int, int] | None = None
    for _ in range(MAX_MOVES):
        if state.is_over:
            return state
        key = _group(state)
        if key != group:
            if group is not None and group[0] == 0 and key[0] == 1:
                out.write("\nThe table as play begins:\n\n" + render(state, public=True))
            group = key
            if on_heading is not None:
                on_heading(state)
            out.write(f"\n{_header(state)}\n")
        # The player who decides now: a gift of goods is decided out of turn (ABIL-7).
        # Each bot sees only what its player may see (OBS-1).
        seat = current_player(state)
        move = bots[seat].choose(observe(state, seat))
        after, events = apply_move_with_events(state, move)
        if moves is not None:
            moves.append(move)
        out.write(_wrap(describe_events(state, move, events, after)) + "\n")
        if _in_character_setup(state) and not _in_character_setup(after):
            out.write(_wrap(describe_characters(after)) + "\n")
        if state.turn and (after.is_over or (after.turn, after.current) != key):
            out.write(_wrap(describe_player(after, state.current)) + "\n")
        state = after
    if state.is_over:
        return state
    raise RuntimeError(f"the game did not end within {MAX_MOVES} moves")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo with the command-line arguments ``argv`` (default: ``sys.argv[1:]``).

    Prints the setup, the game turn by turn and the outcome to standard output; returns
    the exit status (0). Bad arguments, and variants the rules do not allow together, make
    argparse print a one-line error to standard error and exit with status 2.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    problem = _combination_error(args)
    if problem is not None:
        parser.error(problem)
    options = _options(args)
    try:
        state = new_game(args.players, seed=args.seed, options=options)
    except ValueError as error:  # any other combination the setup refuses
        parser.error(str(error))
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
    start, moves = state, list[Move]()
    state = play(state, bots, out, moves)
    out.write("\nThe final position:\n\n" + render(state, public=True))
    out.write("\n" + _wrap_block(describe_outcome(state)) + "\n")
    if args.record:
        seats = {f"Player{seat + 1}": f"{args.bot} bot" for seat in range(len(state.players))}
        text = write_record(start, moves, tags={"Event": "harbour demo", **seats})
        Path(args.record).write_text(text, encoding="utf-8")
        sys.stderr.write(f"The game's record is in {args.record}.\n")


if __name__ == "__main__":
    raise SystemExit(main())
