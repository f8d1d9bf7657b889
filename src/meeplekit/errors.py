"""The one family of errors every game shares.

Each game raises its own classes (Harbour's ``HarbourError`` family, Machi Koro's
``MachiKoroError`` family), made by one call of :func:`family` in its ``errors`` module,
and each of those subclasses the shared class of its kind below, so code that serves
several games (a frontend, a bot harness, the shared tools) catches one family, while
``except harbour.IllegalMoveError`` catches Harbour's alone:

- :class:`RulesError`: every exception a game raises on purpose;
- :class:`InvalidValueError` (a ``ValueError``): a value that is not well formed;
- :class:`InvalidMoveError`: a value that is not a well-formed move at all;
- :class:`IllegalMoveError` (a ``ValueError``): a well-formed move that a rule forbids now,
  naming the rule (:attr:`~IllegalMoveError.rule_id`) and why;
- :class:`InvalidStateError`: a position that breaks the rules' invariants;
- :class:`GameNotOverError`: the outcome of a game still going was asked for;
- :class:`MoveParseError`: text that is not a move in a game's notation, and
  :class:`AmbiguousMoveError` (one of them): a name there that abbreviates several;
- :class:`CardFileError` (an :class:`InvalidValueError`): a card file that cannot be read;
- :class:`DocumentError`: a JSON document that cannot be read, naming the field;
- :class:`RecordError`: a game record that cannot be read or replayed;
- :class:`MissingExtraError` (an ``ImportError``): an optional extra that a feature needs
  is not installed, its one line naming the extra and its install command
  (:class:`meeplekit.extras.Extras`).

>>> error = IllegalMoveError("TOLL-1", "The toll is owed.")
>>> str(error), error.rule_id
('[TOLL-1] The toll is owed.', 'TOLL-1')

Every class pickles and unpickles to an equal error, message and attributes included:

>>> import pickle
>>> pickle.loads(pickle.dumps(error)).args
('[TOLL-1] The toll is owed.',)
>>> toy = family("Toy", module=__name__, base="ToyError")
>>> issubclass(toy.IllegalMoveError, IllegalMoveError), issubclass(toy.IllegalMoveError, toy.base)
(True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Final, TypeVar, cast, final

from meeplekit.protocol import ViolationLike
from meeplekit.showing import shown

__all__ = [
    "SHOWN_LINE",
    "AmbiguousMoveError",
    "CardFileError",
    "DocumentError",
    "Family",
    "GameNotOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
    "MissingExtraError",
    "MoveParseError",
    "RecordError",
    "RulesError",
    "family",
]

#: How much of a bad line a :class:`RecordError` given its ``text`` shows (BH-RECORD-5).
SHOWN_LINE: Final = 100


def _rebuilt(cls: type[RulesError], args: tuple[Any, ...]) -> RulesError:
    """An error of class ``cls`` holding ``args``, its constructor not called (unpickling)."""
    error = cls.__new__(cls)
    error.args = args
    return error


class RulesError(Exception):
    """Base class of every exception a game of the project raises on purpose."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the class, the message and the attributes, whatever the constructor takes.

        (``Exception`` would call the constructor again with the message alone, which the
        classes taking a rule and a reason cannot take.)
        """
        return (_rebuilt, (type(self), self.args), self.__dict__)


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


class AmbiguousMoveError(MoveParseError):
    """A name in move notation that abbreviates more than one thing, for example ``go Ba``.

    :attr:`abbreviation` is the name given and :attr:`candidates` the full names it could
    mean, as the notation writes them.
    """

    def __init__(self, text: str, abbreviation: str, candidates: Sequence[str]) -> None:
        super().__init__(text, f"{abbreviation!r} could mean {', '.join(candidates)}")
        #: The abbreviation that matched several names.
        self.abbreviation = abbreviation
        #: The full names it matches.
        self.candidates = tuple(candidates)


class CardFileError(InvalidValueError):
    """A card file (TOML or JSON) that cannot be read or is not a valid card set.

    :attr:`field` is the path of the bad field (``"ships[3].lay_time"``), ``""`` for the
    file as a whole, or ``None``; :attr:`reason` says what was expected. Given the file's
    name (:attr:`path`), the message is ``PATH: CARD, field "FIELD": REASON`` (the card and
    the field left out when ``None``, as Harbour writes it); without, ``FIELD: REASON``
    (as Bremerhaven, which reads card data with no file name, writes it).
    """

    def __init__(
        self, field: str | None, reason: str, *, path: str | None = None, card: str | None = None
    ) -> None:
        if path is None:
            message = f"{field or ''}: {reason}"
        else:
            if card and field is not None:
                where = f'{card}, field "{field}": '
            elif card or field is not None:
                where = f"{card}: " if card else f'field "{field}": '
            else:
                where = ""
            message = f"{path}: {where}{reason}"
        super().__init__(message)
        #: The path of the bad field, ``""`` for the file as a whole, or ``None``.
        self.field = field
        #: What is wrong, without the location.
        self.reason = reason
        #: The file (or the ``source`` given), or ``None`` for data with no name.
        self.path = path
        #: The card, for example ``'building 3 ("Net Loft")'``, or ``None``.
        self.card = card


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
    bad move or ``None``; :attr:`rule_id` the rule an illegal move breaks, or ``None``;
    :attr:`text` the bad line as read, or ``None``: given, the message ends with it, cut to
    :data:`SHOWN_LINE` characters.
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
        #: The bad line of the record, as read, when known.
        self.text = text
        if text is not None:
            self.args = (f"{self.args[0]} (the line reads {shown(text, SHOWN_LINE)})",)


class MissingExtraError(RulesError, ImportError):
    """An optional extra that a feature needs is not installed.

    Its message is one line naming the extra and the command that installs it
    (:meth:`meeplekit.extras.Extras.require`).
    """


_E = TypeVar("_E", bound=RulesError)

#: Each shared class of a game's family and the shared class its game class also derives
#: from (``None``: the game's base), a parent always before its children.
_KINDS: Final[tuple[tuple[type[RulesError], type[RulesError] | None], ...]] = (
    (InvalidValueError, None),
    (InvalidMoveError, InvalidValueError),
    (MoveParseError, InvalidMoveError),
    (AmbiguousMoveError, MoveParseError),
    (CardFileError, InvalidValueError),
    (IllegalMoveError, None),
    (InvalidStateError, None),
    (GameNotOverError, None),
    (DocumentError, None),
    (RecordError, None),
    (MissingExtraError, None),
)


@final
@dataclasses.dataclass(frozen=True)
class Family:
    """One game's error classes, made by :func:`family`.

    Each attribute is the game's class of that name: a subclass of the shared class of the
    same name here and of the game's :attr:`base`, so ``except`` on the shared class
    catches every game's and ``except`` on a game's class catches that game's alone.
    """

    #: The game's base class (``HarbourError``), a :class:`RulesError`.
    base: type[RulesError]
    #: The game's :class:`InvalidValueError`.
    InvalidValueError: type[InvalidValueError]
    #: The game's :class:`InvalidMoveError`.
    InvalidMoveError: type[InvalidMoveError]
    #: The game's :class:`MoveParseError`.
    MoveParseError: type[MoveParseError]
    #: The game's :class:`AmbiguousMoveError`.
    AmbiguousMoveError: type[AmbiguousMoveError]
    #: The game's :class:`CardFileError`.
    CardFileError: type[CardFileError]
    #: The game's :class:`IllegalMoveError`.
    IllegalMoveError: type[IllegalMoveError]
    #: The game's :class:`InvalidStateError`.
    InvalidStateError: type[InvalidStateError]
    #: The game's :class:`GameNotOverError`.
    GameNotOverError: type[GameNotOverError]
    #: The game's :class:`DocumentError`.
    DocumentError: type[DocumentError]
    #: The game's :class:`RecordError`.
    RecordError: type[RecordError]
    #: The game's :class:`MissingExtraError`.
    MissingExtraError: type[MissingExtraError]

    def classes(self) -> dict[str, type[RulesError]]:
        """Every class of the family by its name, the base first."""
        members = (getattr(self, field.name) for field in dataclasses.fields(self))
        return {cls.__name__: cls for cls in members}


def family(title: str, *, module: str, base: str) -> Family:
    """Make one game's error classes: its base class named ``base`` and one of each kind.

    ``module`` is where the game binds them under their own names (its ``errors`` module:
    pickling and the documentation find them there) and ``title`` the game's name in their
    docstrings. Each class derives from the game's class of its shared parent and from the
    shared class of its name: Harbour's ``MoveParseError`` is Harbour's
    ``InvalidMoveError`` and a :class:`meeplekit.errors.MoveParseError`. Messages and
    attributes are the shared classes'.
    """

    def make(name: str, bases: tuple[type, ...], doc: str) -> Any:
        return type(name, bases, {"__module__": module, "__qualname__": name, "__doc__": doc})

    root = make(
        base,
        (RulesError,),
        f"Base class of every exception {title} raises on purpose "
        f"(a :class:`{__name__}.RulesError`).",
    )
    made: dict[type[RulesError], type[RulesError]] = {}
    for shared, parent in _KINDS:
        summary = (shared.__doc__ or "").strip()
        made[shared] = make(
            shared.__name__,
            (made[parent] if parent else root, shared),
            f"{title}'s :class:`{__name__}.{shared.__name__}` (``except`` on this class "
            f"catches {title}'s alone).\n\n{summary}",
        )

    def kind(shared: type[_E]) -> type[_E]:
        return cast("type[_E]", made[shared])

    return Family(
        root,
        kind(InvalidValueError),
        kind(InvalidMoveError),
        kind(MoveParseError),
        kind(AmbiguousMoveError),
        kind(CardFileError),
        kind(IllegalMoveError),
        kind(InvalidStateError),
        kind(GameNotOverError),
        kind(DocumentError),
        kind(RecordError),
        kind(MissingExtraError),
    )
