"""A game record as a value, and what the shared records core needs of Machi Koro (MK-REC-1..7).

:mod:`machikoro.interchange.records` writes and reads a record's text and :mod:`machikoro.interchange.serialization`
its JSON document; both use what is here, which imports neither, so neither imports the
other. The names are the records module's: :class:`machikoro.interchange.records.GameRecord` is
:class:`GameRecord`.
"""

from __future__ import annotations

from typing import Final

import attrs

from machikoro.engine import apply_move
from machikoro.errors import (
    DocumentError,
    IllegalMoveError,
    InvalidStateError,
    InvalidValueError,
    MachiKoroError,
    RecordError,
)
from machikoro.interchange.notation import format_move, parse_move
from machikoro.moves import Move
from machikoro.scoring import outcome
from machikoro.state import GameState
from machikoro.validation import validate
from meeplekit.interchange.records import RecordGame

__all__ = ["MAX_RECORD_CHARS", "RECORD_FORMAT", "RULES", "STANDARD_TAGS", "GameRecord", "Result"]

#: The first line of every record names the format and its version (MK-REC-1).
RECORD_FORMAT: Final = "machikoro-record/1"
#: Tags the library writes and reads itself (MK-REC-2); any other tag is kept as given.
STANDARD_TAGS: Final = (
    "Format",
    "Library",
    "Players",
    "Seed",
    "Options",
    "Position",
    "Scores",
    "Winners",
)
#: The longest record read, in characters (MK-REC-6).
MAX_RECORD_CHARS: Final = 1 << 20


@attrs.frozen(slots=True)
class Result:
    """The result a record states: each seat's landmarks and the winning seat (MK-WIN-1, MK-WIN-2)."""

    #: Landmarks completed by seat, City Hall not counted.
    scores: tuple[int, ...]
    #: The winning seat (one: the first to complete every landmark).
    winners: tuple[int, ...]


@attrs.frozen(slots=True)
class GameRecord:
    """A game: where it started, the moves played (chance outcomes too), and what the record says.

    ``tags`` holds the header fields other than those the library derives from the game
    (:data:`STANDARD_TAGS`), for example ``Event``, ``Date`` or ``Player1``.
    ``comments`` pairs a move count with a comment: ``(0, text)`` comes before the first
    move, ``(n, text)`` after the ``n``-th. ``result`` is the stated result, checked by
    :func:`~machikoro.interchange.records.replay`; ``None`` for a game not finished.
    """

    start: GameState
    moves: tuple[Move, ...]
    tags: tuple[tuple[str, str], ...] = ()
    comments: tuple[tuple[int, str], ...] = ()
    result: Result | None = None


def _result(end: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    final = outcome(end)
    return final.points, final.winners


#: Machi Koro for the shared records core (:mod:`meeplekit.interchange.records`).
RULES: Final[RecordGame[GameState, Move]] = RecordGame(
    format=RECORD_FORMAT,
    standard_tags=STANDARD_TAGS,
    record_error=RecordError,
    value_error=InvalidValueError,
    document_error=DocumentError,
    game_error=MachiKoroError,
    illegal_move_error=IllegalMoveError,
    state_type=GameState,
    turn=lambda state: state.turn,
    is_over=lambda state: not state.stack,
    players=lambda state: len(state.coins),
    apply_move=apply_move,
    format_move=format_move,
    parse_move=parse_move,
    result=_result,
    unit="landmarks",
    validate=validate,
    state_error=InvalidStateError,
    max_chars=MAX_RECORD_CHARS,
    reads_bytes=True,
    checks_every_line=True,
)
