"""Moves: every decision, and every chance outcome, is one of these frozen values (MK-FLOW-1).

:func:`machikoro.legal_moves` lists the moves legal now; :func:`machikoro.apply_move`
applies one. A move checks its own fields when it is made (MK-INPUT-1): each field has an
exact type (an ``int`` field refuses ``bool`` and ``float``), establishments and landmarks
are members of their enums (or their numbers), dice are one or two faces from 1 to 6 in
ascending order (establishments and landmarks may be given by number or key). Anything else raises :class:`~machikoro.errors.InvalidMoveError`.

>>> from machikoro.moves import Dice, BuildEstablishment
>>> Dice((2, 5))
Dice(faces=(2, 5))
>>> BuildEstablishment(4)  # a number is taken for its establishment
BuildEstablishment(establishment=<Establishment.CAFE: 4>)
>>> Dice((5, 2))
Traceback (most recent call last):
...
machikoro.errors.InvalidMoveError: Dice.faces must be 1 or 2 faces from 1 to 6 in ascending order, got (5, 2)

Every move has a finite set of possible values, so the engine keeps one shared instance of
each (:func:`canonical`): the moves :func:`machikoro.legal_moves` lists are those shared
instances, and a move made by hand is checked and replaced by its shared equal.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any, TypeAlias

import attrs

from machikoro.cards.model import Establishment, Landmark
from machikoro.errors import InvalidMoveError
from machikoro.facts import GAME
from meeplekit.display import shown_by
from meeplekit.values import member_test, remaker, shown

__all__ = [
    "MOVE_TYPES",
    "Activate",
    "AddTwo",
    "BuildEstablishment",
    "BuildLandmark",
    "BuildNothing",
    "ChooseOpponent",
    "Dice",
    "Draw",
    "KeepRoll",
    "Move",
    "NoTrade",
    "RollDice",
    "Trade",
    "canonical",
    "well_formed",
]

_FACES = range(1, GAME.die_faces + 1)
_SEATS = range(GAME.max_players_expansion)


def _name(instance: object, attribute: attrs.Attribute[Any]) -> str:
    return f"{type(instance).__name__}.{attribute.name}"


#: The members of each card enum, by number, and by key (``"tv-station"``).
_MEMBERS: dict[type, tuple[object, ...]] = {kind: tuple(kind) for kind in (Establishment, Landmark)}
_KEYS: dict[type, dict[str, object]] = {
    kind: {member.key: member for member in kind} for kind in (Establishment, Landmark)
}
#: Whether a value is a member of each card enum itself (not one made around the enum).
_IS_MEMBER: dict[type, Callable[[object], bool]] = {
    kind: member_test(kind) for kind in (Establishment, Landmark)
}


def _member(kind: type[Establishment] | type[Landmark], value: object) -> object:
    """A member of ``kind`` from a member, its number or its key (else ``value``, refused later)."""
    if type(value) is int and 0 <= value < len(kind):
        return _MEMBERS[kind][value]
    if type(value) is str:
        return _KEYS[kind].get(value, value)
    return value


def _establishment(value: object) -> Any:
    return _member(Establishment, value)


def _landmark(value: object) -> Any:
    return _member(Landmark, value)


def _is_establishment(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not _IS_MEMBER[Establishment](value):
        raise InvalidMoveError(
            f"{_name(instance, attribute)} must be an Establishment (its number 0 to "
            f"{len(Establishment) - 1}, or its key such as 'cafe'), got {shown(value)}"
        )


def _is_landmark(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not _IS_MEMBER[Landmark](value):
        raise InvalidMoveError(
            f"{_name(instance, attribute)} must be a Landmark (its number 0 to "
            f"{len(Landmark) - 1}, or its key such as 'harbor'), got {shown(value)}"
        )


def _seat(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or value not in _SEATS:
        raise InvalidMoveError(
            f"{_name(instance, attribute)} must be a seat from 0 to {_SEATS[-1]}, "
            f"got {shown(value)}"
        )


def _dice_count(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or value not in (1, 2):
        raise InvalidMoveError(f"{_name(instance, attribute)} must be 1 or 2, got {shown(value)}")


def _switch(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not bool:
        raise InvalidMoveError(
            f"{_name(instance, attribute)} must be True or False, got {shown(value)}"
        )


def _faces(value: object) -> object:
    return tuple(value) if type(value) is list else value


def _are_faces(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if (
        type(value) is not tuple
        or not 1 <= len(value) <= GAME.max_dice
        or any(type(f) is not int or f not in _FACES for f in value)
        or list(value) != sorted(value)
    ):
        raise InvalidMoveError(
            f"{_name(instance, attribute)} must be 1 or 2 faces from 1 to 6 in ascending "
            f"order, got {shown(value)}"
        )


class _Move:
    """The base of every move: ``str(move)`` is what the move does, in words (MK-NOTE-5)."""

    __slots__ = ()

    __str__ = shown_by(
        "machikoro.interchange.notation:move_text",
        "What the move does, without a position (:func:`machikoro.interchange.notation.move_text`).",
    )


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class RollDice(_Move):
    """Roll ``dice`` dice: 1, or 2 with a Train Station (MK-ROLL-1); also the Radio Tower's re-roll."""

    dice: int = attrs.field(validator=_dice_count)


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class KeepRoll(_Move):
    """Keep the roll instead of the Radio Tower's re-roll (MK-LANDMARK-6)."""


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class AddTwo(_Move):
    """Add 2 to the total with the Harbor (``add=True``) or not (MKH-HARBOR-1)."""

    add: bool = attrs.field(validator=_switch)


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class Dice(_Move):
    """Chance: the dice show ``faces``, in ascending order (MK-CHANCE-2)."""

    faces: tuple[int, ...] = attrs.field(converter=_faces, validator=_are_faces)


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class Draw(_Move):
    """Chance: the card drawn from the deck is an ``establishment`` (MK-CHANCE-3)."""

    establishment: Establishment = attrs.field(
        converter=_establishment, validator=_is_establishment
    )


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class Activate(_Move):
    """Resolve this major establishment next (MK-INT-9, ``PurpleOrder.OWNER_CHOOSES``)."""

    establishment: Establishment = attrs.field(
        converter=_establishment, validator=_is_establishment
    )


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class ChooseOpponent(_Move):
    """Take the TV Station's coins from the player in seat ``opponent`` (MK-CARD-11)."""

    opponent: int = attrs.field(validator=_seat)


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class Trade(_Move):
    """Business Center: give your ``give`` for ``opponent``'s ``take`` (MK-CARD-12)."""

    give: Establishment = attrs.field(converter=_establishment, validator=_is_establishment)
    opponent: int = attrs.field(validator=_seat)
    take: Establishment = attrs.field(converter=_establishment, validator=_is_establishment)


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class NoTrade(_Move):
    """Decline the Business Center's trade (MK-INT-20)."""


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class BuildEstablishment(_Move):
    """Build an ``establishment`` from the market (MK-BUILD-1)."""

    establishment: Establishment = attrs.field(
        converter=_establishment, validator=_is_establishment
    )


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class BuildLandmark(_Move):
    """Complete a ``landmark`` (MK-BUILD-1)."""

    landmark: Landmark = attrs.field(converter=_landmark, validator=_is_landmark)


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class BuildNothing(_Move):
    """Build nothing this turn (MK-BUILD-1)."""


#: Any move.
Move: TypeAlias = (
    RollDice
    | KeepRoll
    | AddTwo
    | Dice
    | Draw
    | Activate
    | ChooseOpponent
    | Trade
    | NoTrade
    | BuildEstablishment
    | BuildLandmark
    | BuildNothing
)

#: Every move class.
MOVE_TYPES: tuple[type, ...] = typing.get_args(Move)

#: The shared instance of every move value, by value.
_CANONICAL: dict[Move, Move] = {}
#: The identities of the shared instances (they are never freed: the table holds them).
_CANONICAL_IDS: set[int] = set()
#: A move made again through its constructor (:func:`well_formed`).
_remake = remaker(MOVE_TYPES, error=InvalidMoveError)


def _intern(move: Move) -> Move:
    found = _CANONICAL.get(move)
    if found is None:
        _CANONICAL[move] = found = move
        _CANONICAL_IDS.add(id(move))
    return found


def canonical(move: Move) -> Move:
    """The shared instance equal to ``move``, a move made by its constructor."""
    return _intern(move)


def well_formed(value: object) -> Move:
    """``value`` as its constructor makes it, as the shared instance (MK-INPUT-1).

    A shared instance comes back as itself. Any other value is made again through its
    constructor, which checks every field, and must equal what the constructor makes; it
    is then replaced by its shared equal. Raises
    :class:`~machikoro.errors.InvalidMoveError` for anything that is not a move, for a
    field the constructor refuses, and for a value the constructor would keep in another
    form (a number where an establishment belongs). The shared layer makes it again
    (:func:`meeplekit.values.remaker`).
    """
    if id(value) in _CANONICAL_IDS:
        return value  # type: ignore[return-value]
    made: Move = _remake(value)
    return _intern(made)


# The shared instances the engine lists.

#: ``RollDice(1)`` and ``RollDice(2)``.
ROLL = (_intern(RollDice(1)), _intern(RollDice(2)))
#: ``KeepRoll()``.
KEEP = _intern(KeepRoll())
#: ``AddTwo(True)`` and ``AddTwo(False)``.
ADD_TWO = (_intern(AddTwo(True)), _intern(AddTwo(False)))
#: The outcomes of one die, ``Dice((1,))`` to ``Dice((6,))``.
ONE_DIE: tuple[Dice, ...] = tuple(_intern(Dice((a,))) for a in _FACES)  # type: ignore[misc]
#: The 21 outcomes of two dice, ``Dice((a, b))`` with a <= b.
TWO_DICE: tuple[Dice, ...] = tuple(
    _intern(Dice((a, b)))  # type: ignore[misc]
    for a in _FACES
    for b in _FACES
    if a <= b
)
#: ``Draw(e)`` for each establishment, by number.
DRAW: tuple[Draw, ...] = tuple(_intern(Draw(e)) for e in Establishment)  # type: ignore[misc]
#: ``Activate(e)`` for each establishment, by number.
ACTIVATE: tuple[Activate, ...] = tuple(_intern(Activate(e)) for e in Establishment)  # type: ignore[misc]
#: ``ChooseOpponent(seat)`` for each seat.
OPPONENT: tuple[ChooseOpponent, ...] = tuple(_intern(ChooseOpponent(s)) for s in _SEATS)  # type: ignore[misc]
#: ``NoTrade()``.
NO_TRADE = _intern(NoTrade())
#: ``BuildEstablishment(e)`` for each establishment, by number.
BUILD: tuple[BuildEstablishment, ...] = tuple(
    _intern(BuildEstablishment(e))  # type: ignore[misc]
    for e in Establishment
)
#: ``BuildLandmark(l)`` for each landmark, by number.
BUILD_LANDMARK: tuple[BuildLandmark, ...] = tuple(
    _intern(BuildLandmark(lm))  # type: ignore[misc]
    for lm in Landmark
)
#: ``BuildNothing()``.
NOTHING = _intern(BuildNothing())


#: ``Trade(give, opponent, take)`` as ``TRADE[give][opponent][take]``.
TRADE: tuple[tuple[tuple[Trade, ...], ...], ...] = tuple(
    tuple(
        tuple(_intern(Trade(give, seat, take)) for take in Establishment)  # type: ignore[misc]
        for seat in _SEATS
    )
    for give in Establishment
)


def trade(give: int, opponent: int, take: int) -> Trade:
    """The shared ``Trade(give, opponent, take)``."""
    return TRADE[give][opponent][take]
