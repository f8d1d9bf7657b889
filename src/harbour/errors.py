"""The library's exceptions.

Every exception the library raises on purpose is a :class:`HarbourError`; those about a
bad value are also ``ValueError``:

- :class:`InvalidValueError`: a value that is not well formed (a count of goods that is
  not a whole number from 0 up, a building index below 0, an unknown option value);
- :class:`InvalidMoveError`: a value that is not a well-formed move at all (not a move, a
  field of the wrong type, goods out of range, a building the card set does not have);
- :class:`IllegalMoveError`: a well-formed move that a rule forbids now, naming the rule;
- :class:`InvalidStateError`: a position that breaks the rules' invariants, listing the
  :class:`~harbour.validation.Violation` s;
- :class:`GameNotOverError`: the outcome of a game still going was asked for;
- :class:`MoveParseError` and :class:`AmbiguousMoveError`: text that is not a move in
  :mod:`harbour.notation` (both are :class:`InvalidMoveError` s);
- :class:`DocumentError`: a JSON document (:func:`harbour.from_json`) that cannot be read,
  naming the field;
- :class:`RecordError`: a game record (:mod:`harbour.records`) that cannot be read or
  replayed, naming the line or turn and, for an illegal move, the rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from harbour.validation import Violation

__all__ = [
    "AmbiguousMoveError",
    "DocumentError",
    "GameNotOverError",
    "HarbourError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
    "MoveParseError",
    "RecordError",
]


class HarbourError(Exception):
    """Base class of every exception the library raises on purpose."""


class InvalidValueError(HarbourError, ValueError):
    """A value that is not well formed, for example ``Goods(fish=-1)`` or ``Goods(fish=2.0)``."""


class InvalidMoveError(InvalidValueError):
    """A value that is not a well-formed move, whatever the state.

    For example ``ChooseStartingGoods(None)``, ``PayToll(7)``, a ``Ship`` listing a good
    twice, a move naming a building the game's card set does not have, or a move made
    around its constructor (``object.__setattr__``, a tampered pickle) that the
    constructor refuses (INPUT-1). A well-formed move that the rules forbid now is an
    :class:`IllegalMoveError` instead.
    """


class IllegalMoveError(HarbourError, ValueError):
    """A well-formed move that is not legal in the given state.

    :attr:`rule_id` names the clause of the rules specification that forbids it and
    :attr:`reason` says why in a plain sentence.
    """

    def __init__(self, rule_id: str, reason: str) -> None:
        super().__init__(f"[{rule_id}] {reason}")
        #: The rule ID (for example ``"TOLL-1"``) of the specification.
        self.rule_id = rule_id
        #: A plain-English explanation.
        self.reason = reason


class InvalidStateError(HarbourError, ValueError):
    """A position that breaks the invariants :func:`harbour.validate` checks."""

    def __init__(self, violations: Sequence[Violation]) -> None:
        listed = "; ".join(f"[{v.rule_id}] {v.reason}" for v in violations[:5])
        more = f" (and {len(violations) - 5} more)" if len(violations) > 5 else ""
        super().__init__(f"not a valid position: {listed}{more}")
        #: Every broken invariant, each naming its rule.
        self.violations = tuple(violations)


class GameNotOverError(HarbourError, ValueError):
    """Asked for the outcome of a game that has not ended."""


class MoveParseError(InvalidMoveError):
    """Text that is not a move in the notation of :mod:`harbour.notation`.

    :attr:`text` is the text given; the message says what was expected.
    """

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"cannot read {text!r} as a move: {reason}")
        #: The text that could not be read.
        self.text = text
        #: What was wrong, in a plain sentence.
        self.reason = reason


class AmbiguousMoveError(MoveParseError):
    """A name in move notation that abbreviates more than one thing, for example ``go Ba``.

    :attr:`candidates` lists the full names it could mean.
    """

    def __init__(self, text: str, abbreviation: str, candidates: Sequence[str]) -> None:
        listed = ", ".join(candidates)
        super().__init__(text, f"{abbreviation!r} could mean {listed}")
        #: The abbreviation that matched several names.
        self.abbreviation = abbreviation
        #: The full names it matches.
        self.candidates = tuple(candidates)


class DocumentError(HarbourError, ValueError):
    """A JSON document that :func:`harbour.from_json` cannot read.

    :attr:`field` is the path of the offending field (for example
    ``"state.players[0].goods.fish"``), or ``""`` for the document as a whole.
    """

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}" if field else reason)
        #: Where in the document the problem is.
        self.field = field
        #: What was wrong, in a plain sentence.
        self.reason = reason


class RecordError(HarbourError, ValueError):
    """A game record that cannot be read or does not replay.

    :attr:`line` is the record's line (1-based) or ``None``; :attr:`turn` the turn of the
    bad move or ``None``; :attr:`rule_id` the rule an illegal move breaks, or ``None``.
    """

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        turn: int | None = None,
        rule_id: str | None = None,
    ) -> None:
        where = []
        if line is not None:
            where.append(f"line {line}")
        if turn is not None:
            where.append(f"turn {turn}")
        prefix = f"{', '.join(where)}: " if where else ""
        rule = f"[{rule_id}] " if rule_id else ""
        super().__init__(f"{prefix}{rule}{reason}")
        #: The line of the record, 1-based, when known.
        self.line = line
        #: The turn of the move that failed, when known.
        self.turn = turn
        #: The rule an illegal move breaks, when that is the problem.
        self.rule_id = rule_id
        #: What was wrong, in a plain sentence.
        self.reason = reason
