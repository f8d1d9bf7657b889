"""The error bases every game shares.

Each game raises its own classes (Harbour's ``HarbourError`` family, Machi Koro's
``MachiKoroError`` family), and each of those subclasses one of these, so code that serves
several games (a frontend, a bot harness, the shared tools) catches one family:

- :class:`RulesError`: every exception a game raises on purpose;
- :class:`InvalidValueError` (a ``ValueError``): a value that is not well formed;
- :class:`InvalidMoveError`: a value that is not a well-formed move at all;
- :class:`IllegalMoveError` (a ``ValueError``): a well-formed move that a rule forbids now,
  naming the rule (:attr:`~IllegalMoveError.rule_id`) and why;
- :class:`InvalidStateError`: a position that breaks the rules' invariants;
- :class:`GameNotOverError`: the outcome of a game still going was asked for;
- :class:`MoveParseError`: text that is not a move in a game's notation;
- :class:`DocumentError`: a JSON document that cannot be read, naming the field;
- :class:`RecordError`: a game record that cannot be read or replayed.

>>> error = IllegalMoveError("TOLL-1", "The toll is owed.")
>>> str(error), error.rule_id
('[TOLL-1] The toll is owed.', 'TOLL-1')
"""

from __future__ import annotations

from collections.abc import Sequence

from meeplekit.protocol import ViolationLike

__all__ = [
    "DocumentError",
    "GameNotOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
    "MoveParseError",
    "RecordError",
    "RulesError",
]


class RulesError(Exception):
    """Base class of every exception a game of the project raises on purpose."""


class InvalidValueError(RulesError, ValueError):
    """A value that is not well formed (a negative count, an unknown option value, ...)."""


class InvalidMoveError(InvalidValueError):
    """A value that is not a well-formed move of the game, whatever the state."""


class IllegalMoveError(RulesError, ValueError):
    """A well-formed move that is not legal in the given state.

    :attr:`rule_id` names the clause of the game's specification that forbids it and
    :attr:`reason` says why in a plain sentence.
    """

    def __init__(self, rule_id: str, reason: str) -> None:
        super().__init__(f"[{rule_id}] {reason}")
        #: The rule ID (for example ``"TOLL-1"``) of the specification.
        self.rule_id = rule_id
        #: A plain-English explanation.
        self.reason = reason


class InvalidStateError(RulesError, ValueError):
    """A position that breaks the invariants a game's ``validate`` checks."""

    def __init__(self, violations: Sequence[ViolationLike]) -> None:
        listed = "; ".join(f"[{v.rule_id}] {v.reason}" for v in violations[:5])
        more = f" (and {len(violations) - 5} more)" if len(violations) > 5 else ""
        super().__init__(f"not a valid position: {listed}{more}")
        #: Every broken invariant, each naming its rule.
        self.violations = tuple(violations)


class GameNotOverError(RulesError, ValueError):
    """Asked for the outcome of a game that has not ended."""


class MoveParseError(InvalidMoveError):
    """Text that is not a move in a game's notation.

    :attr:`text` is the text given; the message says what was expected.
    """

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"cannot read {text!r} as a move: {reason}")
        #: The text that could not be read.
        self.text = text
        #: What was wrong, in a plain sentence.
        self.reason = reason


class DocumentError(RulesError, ValueError):
    """A JSON document that a game's ``from_json`` cannot read.

    :attr:`field` is the path of the offending field (for example
    ``"state.players[0].coins"``), or ``""`` for the document as a whole.
    """

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}" if field else reason)
        #: Where in the document the problem is.
        self.field = field
        #: What was wrong, in a plain sentence.
        self.reason = reason


class RecordError(RulesError, ValueError):
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
