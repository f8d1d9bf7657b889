"""The library's exceptions.

Every exception :mod:`machikoro` raises on purpose is a :class:`MachiKoroError`, and each
one also subclasses the shared base of the same name in :mod:`meeplekit.errors`, so code
that serves several games catches one family:

- :class:`InvalidValueError` (a ``ValueError``): a value that is not well formed (an
  unknown option value, a player count out of range, a seed that is not a 64-bit whole
  number);
- :class:`InvalidMoveError`: a value that is not a well-formed move at all (MK-INPUT-1);
- :class:`IllegalMoveError`: a well-formed move that a rule forbids now, naming the rule;
- :class:`InvalidStateError`: a position that breaks the rules' invariants, listing the
  :class:`~machikoro.validation.Violation` s;
- :class:`GameNotOverError`: the outcome of a game still going was asked for;
- :class:`DocumentError`: a JSON document (:func:`machikoro.from_json`) that cannot be read,
  naming the field.

>>> import machikoro
>>> state = machikoro.new_game(2, seed=1)
>>> try:
...     machikoro.apply_move(state, machikoro.RollDice(2))
... except machikoro.IllegalMoveError as error:
...     print(error.rule_id)
MK-ROLL-1
"""

from __future__ import annotations

import meeplekit.errors as shared

__all__ = [
    "DocumentError",
    "GameNotOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
    "MachiKoroError",
]


class MachiKoroError(shared.RulesError):
    """Base class of every exception :mod:`machikoro` raises on purpose."""


class InvalidValueError(MachiKoroError, shared.InvalidValueError):
    """A value that is not well formed, for example ``RulesOptions(market="all")``."""


class InvalidMoveError(InvalidValueError, shared.InvalidMoveError):
    """A value that is not a well-formed move, whatever the state (MK-INPUT-1).

    For example ``RollDice(3)``, ``Dice((2, 1))`` (faces out of order), a move naming an
    establishment number that does not exist, or a move made around its constructor
    (``object.__setattr__``) that the constructor refuses.
    """


class IllegalMoveError(MachiKoroError, shared.IllegalMoveError):
    """A well-formed move that is not legal in the given state.

    :attr:`rule_id` names the clause of the specification that forbids it and
    :attr:`reason` says why in a plain sentence.
    """


class InvalidStateError(MachiKoroError, shared.InvalidStateError):
    """A position that breaks the invariants :func:`machikoro.validate` checks."""


class GameNotOverError(MachiKoroError, shared.GameNotOverError):
    """Asked for the outcome of a game that has not ended."""


class DocumentError(MachiKoroError, shared.DocumentError):
    """A JSON document that :func:`machikoro.from_json` cannot read, naming the field."""
