"""A game record as a value, and what the shared records core needs of Bremerhaven.

:mod:`bremerhaven.interchange.records` writes, reads and replays a record's text (BH-RECORD-1 to
BH-RECORD-8) with what is here; the names are the records module's too:
:class:`bremerhaven.interchange.records.GameRecord` is :class:`GameRecord`.

>>> import bremerhaven
>>> RULES.turn(bremerhaven.new_game(2, seed=1, options=bremerhaven.RulesOptions(game="short")))
0
>>> RULES.turn(bremerhaven.new_game(2, seed=1))
1
"""

from __future__ import annotations

from typing import Final

import attrs

from bremerhaven.engine import apply_move
from bremerhaven.errors import (
    BremerhavenError,
    DocumentError,
    IllegalMoveError,
    InvalidStateError,
    InvalidValueError,
    RecordError,
)
from bremerhaven.interchange.notation import format_move, parse_move
from bremerhaven.moves import Move
from bremerhaven.scoring import outcome
from bremerhaven.state import GameState, PendingStartingGood
from bremerhaven.validation import validate
from meeplekit.interchange.records import RecordGame

__all__ = [
    "MAX_RECORD_CHARS",
    "RECORD_FORMAT",
    "RULES",
    "STANDARD_TAGS",
    "GameRecord",
    "Result",
    "turn",
]

#: The first line of every record names the format and its version (BH-RECORD-1).
RECORD_FORMAT: Final = "bremerhaven-record/1"
#: Tags the library writes and reads itself (BH-RECORD-2); any other tag is kept as given.
STANDARD_TAGS: Final = (
    "Format",
    "Library",
    "Players",
    "Seed",
    "Options",
    "Cards",
    "CardsData",
    "Position",
    "Scores",
    "Winners",
)
#: The longest record read, in characters (BH-RECORD-7): room for a card set in full.
MAX_RECORD_CHARS: Final = 1 << 20


@attrs.frozen(slots=True)
class Result:
    """The result a record states: each seat's score and the winning seats (BH-END-3, BH-END-4)."""

    #: Each seat's score: money times prestige.
    scores: tuple[int, ...]
    #: The winning seats (one in a game of 2 to 4; the solo seat only above 1250).
    winners: tuple[int, ...]


@attrs.frozen(slots=True)
class GameRecord:
    """A game: where it started, the moves played, and what the record says.

    ``seed`` is the seed :func:`bremerhaven.new_game` made ``start`` from, or ``None`` for a
    start given as a position (BH-RECORD-2). ``tags`` holds the header fields other than
    the library's (:data:`STANDARD_TAGS`), for example ``Event``, ``Date`` or ``Player1``.
    ``comments`` pairs a move count with a comment: ``(0, text)`` comes before the first
    move, ``(n, text)`` after the ``n``-th. ``result`` is the stated result, checked by
    :func:`~bremerhaven.interchange.records.replay`; ``None`` for a game not finished (or a solo game
    without a winner, BH-RECORD-4).
    """

    start: GameState
    moves: tuple[Move, ...]
    tags: tuple[tuple[str, str], ...] = ()
    comments: tuple[tuple[int, str], ...] = ()
    result: Result | None = None
    seed: int | None = None


def turn(state: GameState) -> int:
    """The turn a record labels ``state``'s moves with: the round, 0 for the starting goods.

    The short and solo games' starting goods come before the first round (BH-ENGINE-2);
    a record writes them on the line ``setup:`` (BH-RECORD-1).
    """
    stack = state.stack
    if stack and type(stack[-1]) is PendingStartingGood:
        return 0
    return state.round


def _parse(state: GameState, text: str) -> Move:
    """:func:`~bremerhaven.interchange.notation.parse_move`, an illegal move's reason naming its text."""
    try:
        return parse_move(state, text)
    except IllegalMoveError as exc:
        raise IllegalMoveError(exc.rule_id, f"{text!r} is not legal now: {exc.reason}") from None


def _result(end: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    final = outcome(end)
    return final.points, final.winners


#: Bremerhaven for the shared records core (:mod:`meeplekit.interchange.records`).
RULES: Final[RecordGame[GameState, Move]] = RecordGame(
    format=RECORD_FORMAT,
    standard_tags=STANDARD_TAGS,
    record_error=RecordError,
    value_error=InvalidValueError,
    document_error=DocumentError,
    game_error=BremerhavenError,
    illegal_move_error=IllegalMoveError,
    state_type=GameState,
    turn=turn,
    is_over=lambda state: not state.stack,
    players=lambda state: state.seats,
    apply_move=apply_move,
    format_move=format_move,
    parse_move=_parse,
    result=_result,
    unit="points",
    validate=validate,
    state_error=InvalidStateError,
    max_chars=MAX_RECORD_CHARS,
    reads_bytes=True,
    checks_every_line=True,
)
