"""Ceilings on card data, derived from the rules (FILE-3).

Every number a card may carry has a range that follows from the game: no amount of goods
above the goods cap of 6 (a player can never hold more, GOODS-2), no buy count above the
largest display (BUY-5), no ability money above the largest square value (BUY-2). Card
texts and card sets have sizes no printed game comes near. The ranges keep every legal
move list small (BOUND-1) whatever card set is played. Texts hold no control characters
(:func:`control_character`, INPUT-4; the shared layer's check,
:func:`meeplekit.text.control_character`), which would break pictures and terminals.

The effect, ability and card classes check their fields against these ranges when they
are made, and the card-file loader reports a value out of range with its file, card and
field (:mod:`harbour.cards.files`): the ranges are written once, here.

>>> from harbour.cards.effects import GainChoice
>>> GainChoice(400)
Traceback (most recent call last):
...
harbour.errors.InvalidValueError: GainChoice.amount must be a whole number from 1 to 6, got 400
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from harbour.errors import InvalidValueError
from harbour.facts import GAME
from meeplekit.text import control_character
from meeplekit.values import shown

__all__ = [
    "MAX_AMOUNT",
    "MAX_BONUS_CARDS",
    "MAX_BUILDINGS",
    "MAX_BUY",
    "MAX_CHARACTERS",
    "MAX_COST",
    "MAX_DEPTH",
    "MAX_DOLLARS",
    "MAX_GIFT",
    "MAX_KEY",
    "MAX_NAME",
    "MAX_OPTIONS",
    "MAX_POINTS",
    "MAX_PRICE",
    "MAX_TEXT",
    "Between",
    "check_text",
    "control_character",
    "range_of",
]

#: Goods any one amount on a card may name: the goods cap (GOODS-2).
MAX_AMOUNT: Final = GAME.goods_cap
#: Buildings one buy action may buy, and top deck buildings an ability may show: the
#: largest display (SETUP-1, BUY-5).
MAX_BUY: Final = GAME.display_size(GAME.max_players)
#: Dollars an ability may add to a shipment: the value of the highest square (BUY-2).
MAX_DOLLARS: Final = max(GAME.market_values)
#: The highest price of a building.
MAX_COST: Final = 30
#: The most victory points of a building or a bonus card's trade.
MAX_POINTS: Final = 30
#: The highest Inland Traders price (INLAND-2).
MAX_PRICE: Final = 30
#: How deeply actions nest (a two-part action of an either-or action of ... ; ACT-7, ACT-8).
MAX_DEPTH: Final = 4
#: Options of an either-or action (ACT-8).
MAX_OPTIONS: Final = 4
#: Characters of a card name.
MAX_NAME: Final = 60
#: Characters of a card key.
MAX_KEY: Final = 60
#: Characters of an ability's text or a source.
MAX_TEXT: Final = 1000
#: Buildings of a card set.
MAX_BUILDINGS: Final = 120
#: The largest gift of goods of choice an ability can give: the largest amount for each of
#: the most buildings one action buys (ABIL-6, INT-31).
MAX_GIFT: Final = MAX_AMOUNT * MAX_BUY
#: Character boards of a card set.
MAX_CHARACTERS: Final = 40
#: Bonus point cards of a card set.
MAX_BONUS_CARDS: Final = 40


@attrs.frozen(slots=True)
class Between:
    """An attrs validator: a whole number (an ``int``, not a ``bool``) from ``low`` to ``high``."""

    low: int
    high: int

    def __call__(self, instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        """Raise :class:`~harbour.errors.InvalidValueError` unless ``value`` is in range."""
        if type(value) is not int or not self.low <= value <= self.high:
            raise InvalidValueError(
                f"{type(instance).__name__}.{attribute.name} must be a whole number from "
                f"{self.low} to {self.high}, got {value!r}"
            )


def range_of(field: attrs.Attribute[Any]) -> tuple[int, int] | None:
    """The range of an ``int`` field checked by :class:`Between`, or ``None``."""
    check = field.validator
    return (check.low, check.high) if isinstance(check, Between) else None


def check_text(owner: str, name: str, value: object, limit: int, *, empty: bool = False) -> None:
    """A string of at most ``limit`` characters, not blank unless ``empty``.

    It holds no control characters (:func:`control_character`, INPUT-4).
    """
    if not isinstance(value, str) or (not empty and not value.strip()) or len(value) > limit:
        got = shown(value) if not isinstance(value, str) else f"{len(value)} characters"
        raise InvalidValueError(
            f"{owner}.{name} must be {'a' if empty else 'a non-empty'} string of at most "
            f"{limit} characters, got {got}"
        )
    control = control_character(value)
    if control is not None:
        raise InvalidValueError(
            f"{owner}.{name} must not hold control or bidirectional formatting characters, "
            f"got {control}"
        )
