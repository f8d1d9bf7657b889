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
  :mod:`machikoro.interchange.notation` (both are :class:`InvalidMoveError` s);
- :class:`CardFileError`: a card file that cannot be read (Machi Koro reads none yet: the
  class completes the family every game has);
- :class:`DocumentError`: a JSON document (:func:`machikoro.from_json`) that cannot be read,
  naming the field;
- :class:`RecordError`: a game record (:mod:`machikoro.interchange.records`) that cannot be read or
  replayed, naming the line or turn and, for an illegal move, the rule;
- :class:`MissingExtraError` (an ``ImportError``): an optional extra a feature needs is not
  installed, naming the extra and its install command.

>>> import machikoro
>>> state = machikoro.new_game(2, seed=1)
>>> try:
...     machikoro.apply_move(state, machikoro.RollDice(2))
... except machikoro.IllegalMoveError as error:
...     print(error.rule_id)
MK-ROLL-1

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
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
    "MachiKoroError",
    "MissingExtraError",
    "MoveParseError",
    "RecordError",
]

#: Machi Koro's error classes, made once; every other name of ``__all__`` is one of them.
ERRORS: Final = shared.family("Machi Koro", module=__name__, base="MachiKoroError")

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
    from meeplekit.errors import RulesError as MachiKoroError
else:  # at run time each name is the game's own class, made by the call above
    globals().update(ERRORS.classes())
