"""A game record as a value, and what the shared records core needs of Harbour (REC-1..REC-5).

:mod:`harbour.interchange.records` writes and reads a record's text and :mod:`harbour.interchange.serialization`
its JSON document; both use what is here, which imports neither, so neither imports the
other. The names are the records module's: :class:`harbour.interchange.records.GameRecord` is
:class:`GameRecord`.
"""

from __future__ import annotations

from typing import Final

import attrs

from harbour.engine import apply_move
from harbour.errors import (
    DocumentError,
    HarbourError,
    IllegalMoveError,
    InvalidStateError,
    InvalidValueError,
    RecordError,
)
from harbour.interchange.notation import format_move, parse_move
from harbour.moves import Move
from harbour.scoring import outcome
from harbour.state import GameState
from harbour.validation import validate
from meeplekit.interchange.records import RecordGame

__all__ = ["RECORD_FORMAT", "RULES", "STANDARD_TAGS", "GameRecord", "Result"]

#: The first line of every record names the format and its version (REC-1).
RECORD_FORMAT: Final = "harbour-record/1"
#: Tags the library writes and reads itself (REC-2); any other tag is kept as given.
STANDARD_TAGS: Final = (
    "Format",
    "Library",
    "Players",
    "Seed",
    "Options",
    "Cards",
    "CardsDigest",
    "CardsData",
    "Position",
    "Scores",
    "Winners",
)


@attrs.frozen(slots=True)
class Result:
    """The result a record states: each seat's points and the winning seat(s) (END-3, END-5)."""

    #: Victory points by seat.
    scores: tuple[int, ...]
    #: The winning seats (several when tied).
    winners: tuple[int, ...]


@attrs.frozen(slots=True)
class GameRecord:
    """A game: where it started, the moves played, and what the record says about it.

    ``tags`` holds the header fields other than those the library derives from the game
    (:data:`STANDARD_TAGS`), for example ``Event``, ``Date`` or ``Player1``.
    ``comments`` pairs a move count with a comment: ``(0, text)`` comes before the first
    move, ``(n, text)`` after the ``n``-th. ``result`` is the stated result, checked by
    :func:`~harbour.interchange.records.replay`; ``None`` for a game not finished.
    """

    start: GameState
    moves: tuple[Move, ...]
    tags: tuple[tuple[str, str], ...] = ()
    comments: tuple[tuple[int, str], ...] = ()
    result: Result | None = None


def _result(end: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    final = outcome(end)
    return final.points, final.winners


#: Harbour for the shared records core (:mod:`meeplekit.interchange.records`).
RULES: Final[RecordGame[GameState, Move]] = RecordGame(
    format=RECORD_FORMAT,
    standard_tags=STANDARD_TAGS,
    record_error=RecordError,
    value_error=InvalidValueError,
    document_error=DocumentError,
    game_error=HarbourError,
    illegal_move_error=IllegalMoveError,
    state_type=GameState,
    turn=lambda state: state.turn,
    is_over=lambda state: state.is_over,
    players=lambda state: len(state.players),
    apply_move=apply_move,
    format_move=format_move,
    parse_move=parse_move,
    result=_result,
    unit="VP",
    validate=validate,
    state_error=InvalidStateError,
    max_chars=4 << 20,
)
