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
- :class:`MoveParseError` and :class:`AmbiguousMoveError`: text that is not a move in
  :mod:`machikoro.notation` (both are :class:`InvalidMoveError` s);
- :class:`DocumentError`: a JSON document (:func:`machikoro.from_json`) that cannot be read,
  naming the field;
- :class:`RecordError`: a game record (:mod:`machikoro.records`) that cannot be read or
  replayed, naming the line or turn and, for an illegal move, the rule.

>>> import machikoro
>>> state = machikoro.new_game(2, seed=1)
>>> try:
...     machikoro.apply_move(state, machikoro.RollDice(2))
... except machikoro.IllegalMoveError as error:
...     print(error.rule_id)
MK-ROLL-1
"""

from __future__ import annotations

from collections.abc import Sequence

import meeplekit.errors as shared

__all__ = [
    "AmbiguousMoveError",
    "DocumentError",
    "GameNotOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
    "MachiKoroError",
    "MoveParseError",
    "RecordError",
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


class MoveParseError(InvalidMoveError, shared.MoveParseError):
    """Text that is not a move in the notation of :mod:`machikoro.notation` (MK-NOTE-4).

    :attr:`text` is the text given; the message says what was expected.
    """


class AmbiguousMoveError(MoveParseError):
    """A card name in move notation that abbreviates more than one card, for example ``build f``.

    :attr:`candidates` lists the full names it could mean (MK-NOTE-2).
    """

    def __init__(self, text: str, abbreviation: str, candidates: Sequence[str]) -> None:
        listed = ", ".join(candidates)
        super().__init__(text, f"{abbreviation!r} could mean {listed}")
        #: The abbreviation that matched several names.
        self.abbreviation = abbreviation
        #: The full names it matches.
        self.candidates = tuple(candidates)


class RecordError(MachiKoroError, shared.RecordError):
    """A game record (:mod:`machikoro.records`) that cannot be read or does not replay.

    :attr:`line` is the record's line (1-based) or ``None``; :attr:`turn` the turn of the
    bad move or ``None``; :attr:`rule_id` the rule an illegal move breaks, or ``None``.
    """
