"""Play one complete seeded game between bots and narrate it: ``python -m harbour.demo``.

The output depends only on the arguments: the same arguments print the same text, byte
for byte, on every platform (the game and the bots are seeded; nothing depends on the
clock, on hashing or on dictionary order).

Run ``python -m harbour.demo --help`` for the options; they have the names and defaults
of ``harbour play``'s and ``harbour simulate``'s (``--players 3``, ``--seed``, ``--bot``,
``--record FILE`` and the rule readings, :func:`meeplekit.demo.add_reading_options`). Each rule-reading
option takes the value of the matching :class:`harbour.RulesOptions` enum (for example
``--reentry kept`` selects :attr:`harbour.ReentryOrder.KEPT`). ``--characters``,
``--bonus-cards`` and ``--inland-traders`` switch on the variants (CHAR-2, BONUS-1,
INLAND-1); a combination the rules refuse (the Inland Traders with 2 players, characters
with the first-game setup) is reported as a usage error with exit status 2.

The narrator is omniscient but keeps the secret bonus point cards for the final scoring.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Final, TextIO

import harbour
from harbour.agents.bots import Bot, GreedyBot, RandomBot
from harbour.errors import InvalidValueError
from harbour.events import Event
from harbour.facts import GAME
from harbour.moves import Move
from harbour.state import GameState, PendingCharacter, PendingFreeBuilding
from harbour.views.narrate import (
    describe_characters,
    describe_events,
    describe_outcome,
    describe_player,
    describe_setup,
    player_name,
)
from harbour.views.view import render
from meeplekit import demo as shared
from meeplekit.info import Demo
from meeplekit.registry import load_info
from meeplekit.text import wrap

__all__ = ["BOTS", "DEMO", "MAX_MOVES", "bot_seed", "build_parser", "main", "play", "tell"]

#: The bots the demo can seat, by their ``--bot`` name.
BOTS: dict[str, Callable[[int], Bot]] = {"greedy": GreedyBot, "random": RandomBot}

#: A safety limit: a game still running after this many moves is abandoned.
MAX_MOVES = shared.MAX_MOVES

#: The readings of character abilities, only meaningful with ``--characters``: option,
#: field and interpretation. The demo plays the original card set, whose Busker has the
#: Beggar's ability but where no character has the Alchemist's: ``--alchemist`` is listed
#: in the setup but changes no move.
_CHARACTER_READINGS: tuple[tuple[str, str, str], ...] = (
    ("alchemist", "alchemist", "INT-24"),
    ("beggar", "beggar", "INT-25"),
)


#: The seed of the bot in ``seat``: a SplitMix64 output mixing the game seed and seat
#: (:func:`meeplekit.demo.bot_seed`, every game's demo's).
bot_seed = shared.bot_seed


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser of the demo (:func:`meeplekit.demo.build_parser`).

    Its options are named as ``harbour play`` and ``harbour simulate`` name theirs
    (``--players``, ``--seed``, ``--bot``, ``--record`` and one option per
    :class:`~harbour.options.RulesOptions` field, as every game's demo names them:
    :func:`meeplekit.demo.add_reading_options`); ``--no-reshuffle``, the demo's first
    spelling of ``--no-reshuffle-display``, still works.
    """
    return shared.build_parser(load_info("harbour"))


def _first_spellings(parser: argparse.ArgumentParser) -> None:
    """The demo's first spelling of ``--no-reshuffle-display``, hidden: ``--no-reshuffle``."""
    parser.add_argument(
        "--no-reshuffle",
        dest="reshuffle_display",
        action="store_false",
        default=None,
        help=argparse.SUPPRESS,
    )


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
    for flag, field, rule in _CHARACTER_READINGS:
        if getattr(args, field) is not None and not args.characters:
            return f"--{flag} is a reading of a character ability ({rule}); it needs --characters"
    return None


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


def play(
    state: GameState,
    bots: Sequence[Bot],
    out: TextIO,
    moves: list[Move] | None = None,
    on_heading: Callable[[GameState], None] | None = None,
    *,
    width: int | None = None,
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
    The narration and the table are wrapped at ``width`` columns, by default the
    terminal's when ``out`` is one and 80 otherwise (:func:`meeplekit.demo.demo_width`).
    Raises ``RuntimeError`` if the
    game runs past :data:`MAX_MOVES` moves. The game is played by the loop every game's
    demo shares, :func:`meeplekit.demo.play_game`.
    """
    columns = shared.demo_width(out, width, InvalidValueError)
    group: tuple[int, int] | None = None

    def narrate(state: GameState, move: Move, events: tuple[Event, ...], after: GameState) -> None:
        nonlocal group
        key = _group(state)
        if key != group:
            if group is not None and group[0] == 0 and key[0] == 1:
                table = render(state, public=True, width=columns)
                out.write("\nThe table as play begins:\n\n" + table)
            group = key
            if on_heading is not None:
                on_heading(state)
            out.write(f"\n{_header(state)}\n")
        if moves is not None:
            moves.append(move)
        out.write(wrap(describe_events(state, move, events, after), columns, indent="  ") + "\n")
        if _in_character_setup(state) and not _in_character_setup(after):
            out.write(wrap(describe_characters(after), columns, indent="  ") + "\n")
        if state.turn and (after.is_over or (after.turn, after.current) != key):
            out.write(wrap(describe_player(after, state.current), columns, indent="  ") + "\n")

    # The player who decides now: a gift of goods is decided out of turn (ABIL-7).
    # Each bot sees only what its player may see (OBS-1).
    return shared.play_game(harbour, state, bots, narrate, max_moves=MAX_MOVES)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo with the command-line arguments ``argv`` (default: ``sys.argv[1:]``).

    Prints the setup, the game turn by turn and the outcome to standard output; returns
    the exit status (0). Bad arguments, and variants the rules do not allow together, make
    argparse print a one-line error to standard error and exit with status 2
    (:func:`meeplekit.demo.main`).
    """
    return shared.main("harbour", argv)


def tell(
    args: argparse.Namespace, state: GameState, bots: Sequence[Bot], out: TextIO
) -> list[Move]:
    """The demo's narration of the game ``bots`` play from ``state``; the moves played.

    An introduction naming the bots, the setup, the game turn by turn (:func:`play`), the
    final position as the table shows it to all and the outcome.
    """
    width = shared.demo_width(out, None, InvalidValueError)
    intro = (
        f"Harbour demo: {args.bot} bots, one per seat, each seeded from the game seed and its seat."
    )
    out.write(wrap(intro, width) + "\n\n")
    out.write(wrap(describe_setup(state), width) + "\n")
    moves = list[Move]()
    state = play(state, bots, out, moves, width=width)
    out.write("\nThe final position:\n\n" + render(state, public=True, width=width))
    out.write("\n" + wrap(describe_outcome(state), width) + "\n")
    return moves


#: Harbour's demo for the shared one (:class:`meeplekit.info.Demo`).
DEMO: Final[Demo[GameState, Move]] = Demo(
    bots=BOTS,
    seed=2014,
    tell=tell,
    check=_combination_error,
    arguments=_first_spellings,
)


if __name__ == "__main__":
    raise SystemExit(main())
