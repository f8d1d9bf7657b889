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


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise ValueError(f"{attribute.name} must be at least 1, got {value}")


def _not_negative(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 0:
        raise ValueError(f"{attribute.name} must not be negative, got {value}")


@attrs.frozen(slots=True)
class ExtraGain:
    """When its owner gains ``good`` from a building action, they gain ``amount`` more."""

    good: Good
    amount: int = attrs.field(default=1, validator=_positive)


@attrs.frozen(slots=True)
class ShippingKeepsExcess:
    """When its owner ships, they keep the units beyond each good's minimum."""


@attrs.frozen(slots=True)
class ShippingKeepsOneEach:
    """When its owner ships, they keep ``amount`` unit(s) of each good shipped."""

    amount: int = attrs.field(default=1, validator=_positive)


@attrs.frozen(slots=True)
class ShippingBonus:
    """When its owner ships the good on market square ``square`` (0 = $2), +``amount`` dollars."""

    square: int = 0
    amount: int = attrs.field(default=1, validator=_positive)

    def __attrs_post_init__(self) -> None:
        if not 0 <= self.square <= 3:
            raise ValueError(f"square must be 0..3, got {self.square}")


@attrs.frozen(slots=True)
class CollectWhenShipped:
    """When anybody ships ``good`` to buy, its owner collects ``amount`` of it."""

    good: Good
    amount: int = attrs.field(default=1, validator=_positive)


@attrs.frozen(slots=True)
class GainOnPurchase:
    """Each time its owner buys a building, they gain ``amount`` good(s) of their choice."""

    amount: int = attrs.field(default=1, validator=_positive)


@attrs.frozen(slots=True)
class GainWhenOthersUseStart:
    """When another player gains goods from a starting building, its owner gains ``amount`` of choice."""

    amount: int = attrs.field(default=1, validator=_positive)


@attrs.frozen(slots=True)
class FreeBuildingAtSetup:
    """At setup its owner looks at the top ``look`` deck buildings and takes one for free.

    The building gives its action and symbols but is worth 0 VP and does not count
    towards the 4 buildings that end the game.
    """

    look: int = attrs.field(default=2, validator=_positive)


@attrs.frozen(slots=True)
class PointsForMarketValue:
    """At the end its owner scores VP equal to the market value of ``good``."""

    good: Good


@attrs.frozen(slots=True)
class ShareOccupiedBuildings:
    """Its owner may use a building another pawn is on; that player gains ``gift`` of choice."""

    gift: int = attrs.field(default=1, validator=_positive)


@attrs.frozen(slots=True)
class AlchemistConversion:
    """The published Alchemist's once-per-turn conversion; its terms follow ``RulesOptions.alchemist``."""


@attrs.frozen(slots=True)
class OncePerTurnConversion:
    """Once during its owner's turn, an extra conversion.

    Pay ``fee`` good(s) of any kind, then turn ``spend`` goods of one kind into ``gain``
    goods of one other kind.
    """

    fee: int = attrs.field(default=0, validator=_not_negative)
    spend: int = attrs.field(default=2, validator=_positive)
    gain: int = attrs.field(default=1, validator=_positive)


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
