"""Character abilities: small typed hooks that change the rules for their owner (ABIL-1 to ABIL-11).

Each class is plain data naming one hook of the engine and its parameters; the engine
interprets them at the hook points named below. No ability needs a callback: every choice
an ability offers is a move (for example :class:`harbour.TakeGoods` for a gift of goods).

Hook points: when its owner gains goods (:class:`ExtraGain`); when its owner ships
(:class:`ShippingKeepsExcess`, :class:`ShippingKeepsOneEach`, :class:`ShippingBonus`); when
anyone ships (:class:`CollectWhenShipped`); when its owner buys (:class:`GainOnPurchase`);
when another player gains goods from a starting building (:class:`GainWhenOthersUseStart`);
at setup (:class:`FreeBuildingAtSetup`); at scoring (:class:`PointsForMarketValue`); where
its owner may move (:class:`ShareOccupiedBuildings`); a once-per-turn extra action
(:class:`AlchemistConversion`, :class:`OncePerTurnConversion`).
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from harbour.cards.limits import MAX_AMOUNT, MAX_BUY, MAX_DOLLARS, Between
from harbour.errors import InvalidValueError
from harbour.facts import GAME
from harbour.goods import Good

__all__ = [
    "Ability",
    "AlchemistConversion",
    "CollectWhenShipped",
    "ExtraGain",
    "FreeBuildingAtSetup",
    "GainOnPurchase",
    "GainWhenOthersUseStart",
    "OncePerTurnConversion",
    "PointsForMarketValue",
    "ShareOccupiedBuildings",
    "ShippingBonus",
    "ShippingKeepsExcess",
    "ShippingKeepsOneEach",
]


def _good(instance: object, attribute: attrs.Attribute[Good], value: Good) -> None:
    if not isinstance(value, Good):
        raise InvalidValueError(
            f"{type(instance).__name__}.{attribute.name} must be a Good, got {value!r}"
        )


@attrs.frozen(slots=True)
class ExtraGain:
    """When its owner gains ``good`` from a building action, they gain ``amount`` more."""

    good: Good = attrs.field(validator=_good)
    amount: int = attrs.field(default=1, validator=Between(1, MAX_AMOUNT))


@attrs.frozen(slots=True)
class ShippingKeepsExcess:
    """When its owner ships, they keep the units beyond each good's minimum."""


@attrs.frozen(slots=True)
class ShippingKeepsOneEach:
    """When its owner ships, they keep ``amount`` unit(s) of each good shipped."""

    amount: int = attrs.field(default=1, validator=Between(1, MAX_AMOUNT))


@attrs.frozen(slots=True)
class ShippingBonus:
    """When its owner ships the good on market square ``square`` (0 = $2), +``amount`` dollars."""

    square: int = attrs.field(default=0, validator=Between(0, GAME.market_squares - 1))
    amount: int = attrs.field(default=1, validator=Between(1, MAX_DOLLARS))


@attrs.frozen(slots=True)
class CollectWhenShipped:
    """When anybody ships ``good`` to buy, its owner collects ``amount`` of it."""

    good: Good = attrs.field(validator=_good)
    amount: int = attrs.field(default=1, validator=Between(1, MAX_AMOUNT))


@attrs.frozen(slots=True)
class GainOnPurchase:
    """Each time its owner buys a building, they gain ``amount`` good(s) of their choice."""

    amount: int = attrs.field(default=1, validator=Between(1, MAX_AMOUNT))


@attrs.frozen(slots=True)
class GainWhenOthersUseStart:
    """When another player gains goods from a starting building, its owner gains ``amount`` of choice."""

    amount: int = attrs.field(default=1, validator=Between(1, MAX_AMOUNT))


@attrs.frozen(slots=True)
class FreeBuildingAtSetup:
    """At setup its owner looks at the top ``look`` deck buildings and takes one for free.

    The building gives its action and symbols but is worth 0 VP and does not count
    towards the 4 buildings that end the game.
    """

    look: int = attrs.field(default=2, validator=Between(1, MAX_BUY))


@attrs.frozen(slots=True)
class PointsForMarketValue:
    """At the end its owner scores VP equal to the market value of ``good``."""

    good: Good = attrs.field(validator=_good)


@attrs.frozen(slots=True)
class ShareOccupiedBuildings:
    """Its owner may use a building another pawn is on; that player gains ``gift`` of choice."""

    gift: int = attrs.field(default=1, validator=Between(1, MAX_AMOUNT))


@attrs.frozen(slots=True)
class AlchemistConversion:
    """The published Alchemist's once-per-turn conversion; its terms follow ``RulesOptions.alchemist``."""


@attrs.frozen(slots=True)
class OncePerTurnConversion:
    """Once during its owner's turn, an extra conversion.

    Pay ``fee`` good(s) of any kind, then turn ``spend`` goods of one kind into ``gain``
    goods of one other kind.
    """

    fee: int = attrs.field(default=0, validator=Between(0, MAX_AMOUNT))
    spend: int = attrs.field(default=2, validator=Between(1, MAX_AMOUNT))
    gain: int = attrs.field(default=1, validator=Between(1, MAX_AMOUNT))


#: Any character ability.
Ability: TypeAlias = (
    ExtraGain
    | ShippingKeepsExcess
    | ShippingKeepsOneEach
    | ShippingBonus
    | CollectWhenShipped
    | GainOnPurchase
    | GainWhenOthersUseStart
    | FreeBuildingAtSetup
    | PointsForMarketValue
    | ShareOccupiedBuildings
    | AlchemistConversion
    | OncePerTurnConversion
)
