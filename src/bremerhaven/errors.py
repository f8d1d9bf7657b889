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
- :class:`DocumentError`: a JSON document that cannot be read, naming the field.
"""

from __future__ import annotations

import meeplekit.errors as shared

__all__ = [
    "BremerhavenError",
    "CardFileError",
    "DocumentError",
    "GameNotOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
]


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
