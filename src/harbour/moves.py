"""Moves: every decision a player takes is one of these frozen values (rule TURN-6).

:func:`harbour.legal_moves` lists the moves legal now; :func:`harbour.apply_move` applies
one. Each move class names the pending decision it answers.

A move checks its own fields when it is made (INPUT-1): each field has an exact type (an
``int`` field refuses ``bool`` and ``float``, a good is a :class:`~harbour.goods.Good`),
goods chosen are counts from 0 to 6, and a field that names several goods or buildings is
a set: it may be given in any order and is kept in the canonical order (goods: fish,
livestock, wood, stone; buildings: by index), but never with repeats. Anything else raises
:class:`~harbour.errors.InvalidMoveError`, so a move value is always well formed; whether
the rules allow it now is :func:`harbour.explain`'s question.

>>> from harbour import Good, Ship
>>> Ship((Good.STONE, Good.FISH)) == Ship((Good.FISH, Good.STONE))
True
>>> Ship((Good.FISH, Good.FISH))
Traceback (most recent call last):
...
harbour.errors.InvalidMoveError: Ship.goods must not list a good twice, got (<Good.FISH: 0>, <Good.FISH: 0>)
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any, TypeAlias

import attrs

from harbour.cards.limits import MAX_GIFT
from harbour.errors import InvalidMoveError
from harbour.facts import GAME
from harbour.goods import Good, Goods
from harbour.state import BoardSite, CardSite, Site

__all__ = [
    "MOVE_TYPES",
    "ChooseCharacter",
    "ChooseFreeBuilding",
    "ChooseOption",
    "ChoosePart",
    "ChooseStartingGoods",
    "DeferToll",
    "ExchangeGoods",
    "Move",
    "MovePawn",
    "PayToll",
    "Purchase",
    "SellToTraders",
    "Ship",
    "SwapSquares",
    "TakeGoods",
    "UseAbility",
    "out_of_range",
]


def _field_name(instance: object, attribute: attrs.Attribute[Any]) -> str:
    return f"{type(instance).__name__}.{attribute.name}"


def _index(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    """A whole number from 0 up (an ``int``, not a ``bool``)."""
    if type(value) is not int or value < 0:
        raise InvalidMoveError(
            f"{_field_name(instance, attribute)} must be a whole number >= 0, got {value!r}"
        )


def _good(instance: object, attribute: attrs.Attribute[Good], value: Good) -> None:
    if not isinstance(value, Good):
        raise InvalidMoveError(
            f"{_field_name(instance, attribute)} must be a Good (Good.FISH, Good.LIVESTOCK, "
            f"Good.WOOD or Good.STONE), got {value!r}"
        )


def _goods_up_to(most: int) -> Callable[[object, attrs.Attribute[Goods], Goods], None]:
    """Goods counting at most ``most`` of each good."""

    def check(instance: object, attribute: attrs.Attribute[Goods], value: Goods) -> None:
        if type(value) is not Goods:
            raise InvalidMoveError(
                f"{_field_name(instance, attribute)} must be Goods, got {value!r}"
            )
        if max(value.as_tuple()) > most:
            raise InvalidMoveError(
                f"{_field_name(instance, attribute)} must count at most {most} of each good, "
                f"got {value!r}"
            )

    return check


#: Goods a player can hold or pay: each count from 0 to 6 (GOODS-1, GOODS-2).
_goods = _goods_up_to(GAME.goods_cap)
#: Goods of choice: at most the largest gift (ABIL-6, INT-31), the rest lost over 6.
_chosen = _goods_up_to(MAX_GIFT)


def _site(instance: object, attribute: attrs.Attribute[Site], value: Site) -> None:
    if type(value) not in (CardSite, BoardSite):
        raise InvalidMoveError(
            f"{_field_name(instance, attribute)} must be a CardSite or a BoardSite, got {value!r}"
        )


def _set_of(
    item: Callable[[object, attrs.Attribute[Any], Any], None],
) -> Callable[[object, attrs.Attribute[Any], Any], None]:
    """A validator of a set given as a tuple: each item valid, no repeats."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is not tuple:
            raise InvalidMoveError(
                f"{_field_name(instance, attribute)} must be a tuple, got {value!r}"
            )
        for element in value:
            item(instance, attribute, element)
        if len(set(value)) != len(value):
            raise InvalidMoveError(
                f"{_field_name(instance, attribute)} must not list a "
                f"{'good' if item is _good else 'building'} twice, got {value!r}"
            )

    return check


def _canonical(value: Any) -> Any:
    """A set given as a tuple or list, as a sorted tuple; anything else is for the validator."""
    if type(value) not in (tuple, list):
        return value
    items = tuple(value)
    if all(type(v) is int or isinstance(v, Good) for v in items):
        return tuple(sorted(items))
    return items


@attrs.frozen(slots=True)
class ChooseStartingGoods:
    """Setup: start with these goods (SETUP-4, SETUP-5)."""

    goods: Goods = attrs.field(validator=_goods)


@attrs.frozen(slots=True)
class ChooseCharacter:
    """Setup: keep the character board with this index in ``CardSet.characters`` (CHAR-2)."""

    board: int = attrs.field(validator=_index)


@attrs.frozen(slots=True)
class ChooseFreeBuilding:
    """Setup: take this building (card index) from the top of the deck for free (ABIL-8)."""

    card: int = attrs.field(validator=_index)


@attrs.frozen(slots=True)
class MovePawn:
    """Move your pawn to a vacant building (TURN-1 to TURN-3)."""

    site: Site = attrs.field(validator=_site)


@attrs.frozen(slots=True)
class PayToll:
    """Pay the toll with one unit of ``good`` (TOLL-1, TOLL-2)."""

    good: Good = attrs.field(validator=_good)


@attrs.frozen(slots=True)
class DeferToll:
    """Pay the toll after the action instead of now (TOLL-2)."""


@attrs.frozen(slots=True)
class ChooseOption:
    """Choose option ``index`` of an either-or action (ACT-8)."""

    index: int = attrs.field(validator=_index)


def _part(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value not in (0, 1):
        raise InvalidMoveError(f"{_field_name(instance, attribute)} must be 0 or 1, got {value!r}")


@attrs.frozen(slots=True)
class ChoosePart:
    """Do part ``index`` (0 or 1) of a two-part action first (ACT-7)."""

    index: int = attrs.field(validator=_part)


@attrs.frozen(slots=True)
class TakeGoods:
    """The goods chosen for a gain of your choice (ACT-2) or an ability's gift (ABIL-6/7/10).

    For a gain with a fixed part (``GainChoice.fixed``) only the chosen part is given.
    """

    goods: Goods = attrs.field(validator=_chosen)


def _gains(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    _set_of(_good)(instance, attribute, value)
    if not value:
        raise InvalidMoveError(f"{_field_name(instance, attribute)} must name a good")


@attrs.frozen(slots=True)
class ExchangeGoods:
    """A flexible conversion: spend ``spend``, gain each of ``gain`` (ACT-5).

    ``gain`` is a set of different goods, kept in canonical order.
    """

    spend: Good = attrs.field(validator=_good)
    gain: tuple[Good, ...] = attrs.field(converter=_canonical, validator=_gains)


def _square(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value < GAME.market_squares:
        raise InvalidMoveError(
            f"{_field_name(instance, attribute)} must be a market square from 0 to "
            f"{GAME.market_squares - 1}, got {value!r}"
        )


@attrs.frozen(slots=True)
class SwapSquares:
    """Swap the goods on market squares ``first`` < ``second`` (0 = $2 .. 3 = $5) (ACT-6)."""

    first: int = attrs.field(validator=_square)
    second: int = attrs.field(validator=_square)

    def __attrs_post_init__(self) -> None:
        if self.first >= self.second:
            raise InvalidMoveError(
                f"SwapSquares needs first < second, got {self.first} and {self.second}"
            )


@attrs.frozen(slots=True)
class Ship:
    """Ship all of each good in ``goods`` and keep ``keep`` by warehouse symbols (BUY-1 to BUY-4).

    ``goods`` is a set of different goods, kept in canonical order, and may be empty (ship
    nothing).
    """

    goods: tuple[Good, ...] = attrs.field(converter=_canonical, validator=_set_of(_good))
    keep: Goods = attrs.field(factory=Goods, validator=_goods)


@attrs.frozen(slots=True)
class SellToTraders:
    """Sell one of each good to the Inland Traders, before shipping (INLAND-2)."""


@attrs.frozen(slots=True)
class UseAbility:
    """The once-per-turn conversion (ABIL-11): pay ``fee``, turn ``spend`` goods into ``gain``.

    ``fee`` holds the goods paid as the fee (empty when the ability has none).
    """

    fee: Goods = attrs.field(validator=_goods)
    spend: Good = attrs.field(validator=_good)
    gain: Good = attrs.field(validator=_good)


@attrs.frozen(slots=True)
class Purchase:
    """Buy these display buildings (by card index); empty to buy nothing (BUY-5, BUY-6).

    ``cards`` is a set of different buildings, kept in index order; the engine refills
    their places in the display's order (DISPLAY-1).
    """

    cards: tuple[int, ...] = attrs.field(converter=_canonical, validator=_set_of(_index))


#: Any move.
Move: TypeAlias = (
    ChooseCharacter
    | ChooseFreeBuilding
    | SellToTraders
    | UseAbility
    | ChooseStartingGoods
    | MovePawn
    | PayToll
    | DeferToll
    | ChooseOption
    | ChoosePart
    | TakeGoods
    | ExchangeGoods
    | SwapSquares
    | Ship
    | Purchase
)

#: Every move class.
MOVE_TYPES: tuple[type, ...] = typing.get_args(Move)


def out_of_range(move: Move, buildings: int, characters: int, players: int) -> str | None:
    """Why ``move`` names something a game of this size does not have (INPUT-1), or ``None``.

    ``buildings`` and ``characters`` are the card set's counts, ``players`` the seats.
    """
    match move:
        case MovePawn(site=CardSite(card=card)) | ChooseFreeBuilding(card=card):
            if card >= buildings:
                return f"there is no building {card}: the card set has {buildings}"
        case MovePawn(site=BoardSite(player=player)):
            if player >= players:
                return f"there is no seat {player}: the game has {players} players"
        case ChooseCharacter(board=board):
            if board >= characters:
                return f"there is no character board {board}: the card set has {characters}"
        case Purchase(cards=cards):
            for card in cards:
                if card >= buildings:
                    return f"there is no building {card}: the card set has {buildings}"
        case _:
            pass
    return None
