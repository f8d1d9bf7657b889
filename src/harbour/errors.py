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
  :mod:`harbour.interchange.notation` (both are :class:`InvalidMoveError` s);
- :class:`CardFileError`: a card file (:mod:`harbour.cards.files`) that cannot be read,
  naming the file, the card and the field (FILE-2);
- :class:`DocumentError`: a JSON document (:func:`harbour.from_json`) that cannot be read,
  naming the field;
- :class:`RecordError`: a game record (:mod:`harbour.interchange.records`) that cannot be read or
  replayed, naming the line or turn and, for an illegal move, the rule;
- :class:`MissingExtraError` (also an ``ImportError``): an optional extra a feature needs
  is not installed, naming the extra and its install command.

Each is also the shared layer's class of the same kind (:mod:`meeplekit.errors`): a
:class:`HarbourError` is a :class:`meeplekit.errors.RulesError`, Harbour's
:class:`IllegalMoveError` a :class:`meeplekit.errors.IllegalMoveError`, and so on, so code
serving several games catches one family; their messages and attributes are the shared
layer's.

The classes are made by one call of :func:`meeplekit.errors.family` (:data:`ERRORS`); their
messages and attributes are the shared ones, and each pickles. For the type checker each
name is the shared class it specialises.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import meeplekit.errors as shared

__all__ = [
    "ERRORS",
    "AmbiguousMoveError",
    "CardFileError",
    "DocumentError",
    "GameNotOverError",
    "HarbourError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
    "MissingExtraError",
    "MoveParseError",
    "RecordError",
]

#: Harbour's error classes, made once; every other name of ``__all__`` is one of them.
ERRORS: Final = shared.family("Harbour", module=__name__, base="HarbourError")

if TYPE_CHECKING:  # the type checker reads each name as the shared class it specialises
    from meeplekit.errors import AmbiguousMoveError as AmbiguousMoveError
    from meeplekit.errors import CardFileError as CardFileError
    from meeplekit.errors import DocumentError as DocumentError
    from meeplekit.errors import GameNotOverError as GameNotOverError
    from meeplekit.errors import IllegalMoveError as IllegalMoveError
    from meeplekit.errors import InvalidMoveError as InvalidMoveError
    from meeplekit.errors import InvalidStateError as InvalidStateError
    from meeplekit.errors import InvalidValueError as InvalidValueError
    from meeplekit.errors import MissingExtraError as MissingExtraError
    from meeplekit.errors import MoveParseError as MoveParseError
    from meeplekit.errors import RecordError as RecordError
    from meeplekit.errors import RulesError as HarbourError
else:  # at run time each name is the game's own class, made by the call above
    globals().update(ERRORS.classes())
