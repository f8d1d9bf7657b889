"""The library's exceptions.

Every exception :mod:`bremerhaven` raises on purpose is a :class:`BremerhavenError`, and
each one also subclasses the shared base of the same name in :mod:`meeplekit.errors`, so
code that serves several games catches one family:

- :class:`InvalidValueError` (a ``ValueError``): a value that is not well formed (an
  unknown option value, a player count out of range, a seed that is not a 64-bit whole
  number);
- :class:`CardFileError`: a card file that cannot be read, naming the field (BH-CARD-9);
- :class:`InvalidMoveError`: a value that is not a well-formed move at all;
- :class:`IllegalMoveError`: a well-formed move that a rule forbids now, naming the rule;
- :class:`InvalidStateError`: a position that breaks the rules' invariants;
- :class:`GameNotOverError`: the outcome of a game still going was asked for;
- :class:`DocumentError`: a JSON document that cannot be read, naming the field;
- :class:`MoveParseError` (an :class:`InvalidMoveError`) and :class:`AmbiguousMoveError`:
  text that is not a move in the notation, or a name that fits several things;
- :class:`RecordError`: a game record that cannot be read or does not replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import meeplekit.errors as shared
from meeplekit.values import shown

__all__ = [
    "AmbiguousMoveError",
    "BremerhavenError",
    "CardFileError",
    "DocumentError",
    "GameNotOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
    "MoveParseError",
    "RecordError",
]

#: How much of a bad line a :class:`RecordError` shows (BH-RECORD-5).
SHOWN_LINE: Final = 100


class BremerhavenError(shared.RulesError):
    """Base class of every exception :mod:`bremerhaven` raises on purpose."""


class InvalidValueError(BremerhavenError, shared.InvalidValueError):
    """A value that is not well formed, for example ``RulesOptions(game="medium")``."""


class CardFileError(InvalidValueError):
    """A card file (TOML or JSON) that cannot be read.

    :attr:`field` names the bad field (``"ships[3].lay_time"``), and the message says what was
    expected (BH-CARD-9).
    """

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        #: The path of the bad field in the file, or ``""`` for the file as a whole.
        self.field = field
        #: What is wrong with it.
        self.problem = problem


class InvalidMoveError(InvalidValueError, shared.InvalidMoveError):
    """A value that is not a well-formed move, whatever the state (BH-INPUT-4)."""


class IllegalMoveError(BremerhavenError, shared.IllegalMoveError):
    """A well-formed move that is not legal in the given state.

    :attr:`rule_id` names the clause of the specification that forbids it and
    :attr:`reason` says why in a plain sentence.
    """


class InvalidStateError(BremerhavenError, shared.InvalidStateError):
    """A position that breaks the invariants :func:`bremerhaven.validate` checks."""


class GameNotOverError(BremerhavenError, shared.GameNotOverError):
    """Asked for the outcome of a game that has not ended."""


class DocumentError(BremerhavenError, shared.DocumentError):
    """A JSON document that :func:`bremerhaven.from_json` cannot read, naming the field."""


class MoveParseError(InvalidMoveError, shared.MoveParseError):
    """Text that is not a move in the notation of :mod:`bremerhaven.notation` (BH-NOTATION-5).

    :attr:`text` is the text given; the message says what was expected. It is an
    :class:`~bremerhaven.errors.InvalidMoveError`.
    """


class AmbiguousMoveError(MoveParseError):
    """A name in move notation that fits more than one thing, for example ``start c``.

    :attr:`candidates` lists what it could mean, as the notation writes them (BH-NOTATION-3).
    """

    def __init__(self, text: str, abbreviation: str, candidates: Sequence[str]) -> None:
        super().__init__(text, f"{abbreviation!r} could mean {', '.join(candidates)}")
        #: The abbreviation that fits several names.
        self.abbreviation = abbreviation
        #: What it could mean.
        self.candidates = tuple(candidates)


class RecordError(BremerhavenError, shared.RecordError):
    """A game record (:mod:`bremerhaven.records`) that cannot be read or does not replay.

    :attr:`line` is the record's line (from 1) or ``None``; :attr:`turn` the round of the
    bad move (0: the short game's starting goods) or ``None``; :attr:`rule_id` the rule an
    illegal move breaks, or ``None``; :attr:`text` the bad line as read, or ``None``. The
    message ends with the line, cut to 100 characters (BH-RECORD-5).
    """

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        turn: int | None = None,
        rule_id: str | None = None,
        text: str | None = None,
    ) -> None:
        super().__init__(reason, line=line, turn=turn, rule_id=rule_id)
        #: The bad line of the record, as read, when known.
        self.text = text
        if text is not None:
            self.args = (f"{self.args[0]} (the line reads {shown(text, SHOWN_LINE)})",)
