"""The frozen moves: every decision of the game is one value (BH-ENGINE-3 to BH-ENGINE-5).

A move is checked by its constructor for its own form (a space that exists, an influence
value of 1-9, a dock of 0-2, ...): a value that could never be a move raises
:class:`~bremerhaven.errors.InvalidMoveError` (BH-INPUT-4). Whether it is legal now is the
engine's question.

>>> Bid(Space.PERMIT, 5)
Bid(space=<Space.PERMIT: 2>, value=5)
>>> Deliver(0, Good.CRATE).good.key
'crate'
"""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from bremerhaven.cards.model import BOLLARD_WALLS, DOCKS, LOADING_DOCKS, SPACES, Good, Space
from bremerhaven.errors import InvalidMoveError
from meeplekit.display import shown_by
from meeplekit.values import member_test, remaker, shown

__all__ = [
    "Berth",
    "Bid",
    "Build",
    "BuyPermit",
    "ChoosePrice",
    "ClearCover",
    "Deliver",
    "EndMovement",
    "EndPermits",
    "EndProduction",
    "Move",
    "Pack",
    "PayDifference",
    "PlaceBollard",
    "PlaceContract",
    "Produce",
    "ResolveContract",
    "RotatePrices",
    "StartingGood",
    "SwapRanks",
    "Unload",
    "Unpack",
    "well_formed",
]


def _index(low: int, limit: int, what: str) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not low <= value < limit:
            raise InvalidMoveError(
                f"{type(instance).__name__}.{attribute.name} must be {what} from {low} to"
                f" {limit - 1}, got {shown(value)}"
            )

    return check


#: Whether a value is one of the enum's members itself, not one made around the enum.
_IS_MEMBER: Any = {Good: member_test(Good), Space: member_test(Space)}


def _member(kind: type[Good] | type[Space], value: object) -> Any:
    if _IS_MEMBER[kind](value):
        return value
    if type(value) is int and value in kind._value2member_map_:
        return kind(value)
    names = ", ".join(m.name for m in kind)
    raise InvalidMoveError(f"expected a {kind.__name__} ({names}), got {shown(value)}")


def _good(value: object) -> Good:
    """The :class:`Good` that ``value`` is or numbers (BH-INPUT-4)."""
    good: Good = _member(Good, value)
    return good


def _space(value: object) -> Space:
    """The :class:`Space` that ``value`` is or numbers (BH-INPUT-4)."""
    space: Space = _member(Space, value)
    return space


def _text(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if type(value) is not str:
        raise InvalidMoveError(
            f"{type(instance).__name__}.{attribute.name} must be a string, got {shown(value)}"
        )


def _switch(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise InvalidMoveError(f"{type(instance).__name__}.{attribute.name} must be True or False")


class _Move:
    """The base of every move: ``str(move)`` is what the move does, in words (BH-NOTATION-4)."""

    __slots__ = ()

    __str__ = shown_by(
        "bremerhaven.interchange.notation:move_text",
        "What the move does, without a position (:func:`bremerhaven.interchange.notation.move_text`).",
    )


@attrs.frozen
class StartingGood(_Move):
    """Short game setup: take one starting good (BH-SHORT-6)."""

    good: Good = attrs.field(converter=_good)


@attrs.frozen
class Bid(_Move):
    """Place the influence card of ``value`` face down on ``space``.

    On a space where the player already bid, this raises the bid (BH-BID-2, BH-BID-3).
    """

    space: Space = attrs.field(converter=_space)
    value: int = attrs.field(validator=_index(1, 10, "an influence value"))


@attrs.frozen
class BuyPermit(_Move):
    """1.2: buy a building permit (the first free to the top bidder, BH-PERMIT-1, BH-PERMIT-8)."""


@attrs.frozen
class PlaceBollard(_Move):
    """1.2: spend a permit on a bollard on quay wall ``wall`` (0 = top, BH-PERMIT-4)."""

    wall: int = attrs.field(validator=_index(0, BOLLARD_WALLS, "a quay wall"))


@attrs.frozen
class ClearCover(_Move):
    """1.2: spend a permit clearing the Cover card from harbour space ``space`` (BH-PERMIT-5)."""

    space: int = attrs.field(validator=_index(0, SPACES, "a harbour space"))


@attrs.frozen
class Build(_Move):
    """1.2: spend a permit building the held building ``building`` (its key).

    It goes on an empty cleared space (BH-PERMIT-6).
    """

    building: str = attrs.field(validator=_text)


@attrs.frozen
class EndPermits(_Move):
    """1.2: done with building permits; unused ones are lost (BH-PERMIT-7)."""


@attrs.frozen
class PayDifference(_Move):
    """1.3: pay the difference to the top bid and grow influence, or not (BH-GROW-1)."""

    pay: bool = attrs.field(validator=_switch)


@attrs.frozen
class ChoosePrice(_Move):
    """1.4: put the Price card at ``index`` of the stack on top (0 keeps the stack, BH-PRICE-1)."""

    index: int = attrs.field(validator=_index(0, 64, "a Price card position"))


@attrs.frozen
class SwapRanks(_Move):
    """1.5: swap ranks ``rank`` and ``rank + 1`` (0 = Captain), or none (BH-CAREER-1)."""

    rank: int | None = attrs.field(default=None)

    @rank.validator
    def _check(self, attribute: object, value: int | None) -> None:
        if value is not None and (type(value) is not int or not 0 <= value < 3):
            raise InvalidMoveError(f"SwapRanks.rank must be None or 0-2, got {shown(value)}")


@attrs.frozen
class Berth(_Move):
    """Sea: berth the won ship in dock ``dock`` with its cargo of type ``good``.

    ``good`` is the printed type, or the type chosen for a wild cargo (BH-SEA-2, BH-SEA-4).
    """

    dock: int = attrs.field(validator=_index(0, DOCKS, "a dock"))
    good: Good = attrs.field(converter=_good)


@attrs.frozen
class PlaceContract(_Move):
    """Land: place the won contract in loading dock ``loading_dock`` (BH-LAND-2)."""

    loading_dock: int = attrs.field(validator=_index(0, LOADING_DOCKS, "a loading dock"))


@attrs.frozen
class Produce(_Move):
    """4.1: run the production building on harbour space ``space`` (BH-PROD-3)."""

    space: int = attrs.field(validator=_index(0, SPACES, "a harbour space"))


@attrs.frozen
class EndProduction(_Move):
    """4.1: done producing."""


@attrs.frozen
class Unload(_Move):
    """4.2: move one good from the ship in dock ``dock`` to storage (BH-MOVE-3)."""

    dock: int = attrs.field(validator=_index(0, DOCKS, "a dock"))


@attrs.frozen
class Deliver(_Move):
    """4.2: move one ``good`` from storage to the contract in ``loading_dock`` (BH-MOVE-4)."""

    loading_dock: int = attrs.field(validator=_index(0, LOADING_DOCKS, "a loading dock"))
    good: Good = attrs.field(converter=_good)


@attrs.frozen
class Pack(_Move):
    """4.2: replace two crates in storage by one container (BH-MOVE-5)."""


@attrs.frozen
class Unpack(_Move):
    """4.2: replace one container in storage by two crates (BH-MOVE-5)."""


@attrs.frozen
class EndMovement(_Move):
    """4.2: done moving and converting goods."""


@attrs.frozen
class ResolveContract(_Move):
    """4.4 or the end: resolve the due contract in ``loading_dock`` next (BH-INT-16).

    Asked only under ``due_order="owner-chooses"``, when the order of several due contracts
    can change what they pay.
    """

    loading_dock: int = attrs.field(validator=_index(0, LOADING_DOCKS, "a loading dock"))


@attrs.frozen
class RotatePrices(_Move):
    """1.4 with no bid: the Commodity Exchange's owner lets the prices change by themselves.

    The top Price card goes to the bottom, as with no owner (BH-PRICE-2); offered only
    under ``exchange_may_rotate=True`` (BH-INT-17).
    """


#: Every move of the game. The moves added after the first are last, so that every
#: earlier move keeps its action code (BH-CODE-1).
Move: TypeAlias = (
    StartingGood
    | Bid
    | BuyPermit
    | PlaceBollard
    | ClearCover
    | Build
    | EndPermits
    | PayDifference
    | ChoosePrice
    | SwapRanks
    | Berth
    | PlaceContract
    | Produce
    | EndProduction
    | Unload
    | Deliver
    | Pack
    | Unpack
    | EndMovement
    | ResolveContract
    | RotatePrices
)

_MOVE_TYPES: tuple[type, ...] = Move.__args__


#: A move made again through its constructor (:func:`well_formed`).
_remake = remaker(_MOVE_TYPES, error=InvalidMoveError, what="a Bremerhaven move")


def well_formed(move: object) -> Move:
    """``move`` made again by its constructor (BH-INPUT-4).

    A value made around the constructor (a field never set, a number where an enum member
    belongs, a member made around its enum), or that is no move of this game, raises
    :class:`~bremerhaven.errors.InvalidMoveError` (:func:`meeplekit.values.remaker`).
    """
    made: Move = _remake(move)
    return made
