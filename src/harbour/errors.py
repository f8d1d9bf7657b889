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
- :class:`GameNotOverError`: the outcome of a game still going was asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from harbour.validation import Violation

__all__ = [
    "GameNotOverError",
    "HarbourError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
]


class HarbourError(Exception):
    """Base class of every exception the library raises on purpose."""


class InvalidValueError(HarbourError, ValueError):
    """A value that is not well formed, for example ``Goods(fish=-1)`` or ``Goods(fish=2.0)``."""


class InvalidMoveError(InvalidValueError):
    """A value that is not a well-formed move, whatever the state.

    For example ``ChooseStartingGoods(None)``, ``PayToll(7)``, a ``Ship`` listing a good
    twice, or a move naming a building the game's card set does not have. A well-formed
    move that the rules forbid now is an :class:`IllegalMoveError` instead.
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
