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

Each is also the shared layer's class of the same kind (:mod:`meeplekit.errors`): a
:class:`HarbourError` is a :class:`meeplekit.errors.RulesError`, Harbour's
:class:`IllegalMoveError` a :class:`meeplekit.errors.IllegalMoveError`, and so on, so code
serving several games catches one family; their messages and attributes are the shared
layer's.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeplekit import errors as shared

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


class HarbourError(shared.RulesError):
    """Base class of every exception the library raises on purpose."""


class InvalidValueError(HarbourError, shared.InvalidValueError):
    """A value that is not well formed, for example ``Goods(fish=-1)`` or ``Goods(fish=2.0)``."""


class InvalidMoveError(InvalidValueError, shared.InvalidMoveError):
    """A value that is not a well-formed move, whatever the state.

    For example ``ChooseStartingGoods(None)``, ``PayToll(7)``, a ``Ship`` listing a good
    twice, a move naming a building the game's card set does not have, or a move made
    around its constructor (``object.__setattr__``, a tampered pickle) that the
    constructor refuses (INPUT-1). A well-formed move that the rules forbid now is an
    :class:`IllegalMoveError` instead.
    """


class IllegalMoveError(HarbourError, shared.IllegalMoveError):
    """A well-formed move that is not legal in the given state.

    :attr:`rule_id` names the clause of the rules specification that forbids it and
    :attr:`reason` says why in a plain sentence.
    """


class InvalidStateError(HarbourError, shared.InvalidStateError):
    """A position that breaks the invariants :func:`harbour.validate` checks.

    :attr:`violations` lists every :class:`~harbour.validation.Violation`.
    """


class GameNotOverError(HarbourError, shared.GameNotOverError):
    """Asked for the outcome of a game that has not ended."""


class MoveParseError(InvalidMoveError, shared.MoveParseError):
    """Text that is not a move in the notation of :mod:`harbour.notation`.

    :attr:`text` is the text given; the message says what was expected.
    """


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


class DocumentError(HarbourError, shared.DocumentError):
    """A JSON document that :func:`harbour.from_json` cannot read.

    :attr:`field` is the path of the offending field (for example
    ``"state.players[0].goods.fish"``), or ``""`` for the document as a whole.
    """


class RecordError(HarbourError, shared.RecordError):
    """A game record that cannot be read or does not replay.

    :attr:`line` is the record's line (1-based) or ``None``; :attr:`turn` the turn of the
    bad move or ``None``; :attr:`rule_id` the rule an illegal move breaks, or ``None``.
    """
