"""The typed vocabulary of building actions (rules ACT-1 to ACT-8, BUY-5).

Every action printed on a building or a starting building is a tree of these
effects. They are plain data: the rules engine interprets them, the narration and the
card reference describe them (:mod:`harbour.cards.describe`).
"""

from __future__ import annotations

import enum
from typing import TypeAlias

import attrs

from harbour.goods import GOODS, Good, Goods

__all__ = [
    "Buy",
    "Convert",
    "Effect",
    "Exchange",
    "Gain",
    "GainChoice",
    "GainPerSymbol",
    "OneOf",
    "SwapMarket",
    "Symbol",
    "TwoPart",
    "contains_buy",
]


class Symbol(enum.Enum):
    """Owner symbols printed on buildings (rules SYM-1 to SYM-5)."""

    #: Each coin lowers the price of a building its owner buys by $1 (SYM-1).
    COIN = "coin"
    #: Counted by some actions (SYM-2).
    ANCHOR = "anchor"
    #: Keeps one unit of shipped goods each; counted by some actions (SYM-3).
    WAREHOUSE = "warehouse"
    #: Its owner pays no tolls (SYM-4, TOLL-4).
    TOP_HAT = "top hat"


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise ValueError(f"{attribute.name} must be at least 1, got {value}")


def _nonempty_goods(instance: object, attribute: attrs.Attribute[Goods], value: Goods) -> None:
    if value.total < 1 or min(value.as_tuple()) < 0:
        raise ValueError(f"{attribute.name} must name at least one good and no negative count")


@attrs.frozen(slots=True)
class Gain:
    """Gain fixed goods (ACT-1), for example 2 fish."""

    goods: Goods = attrs.field(validator=_nonempty_goods)


@attrs.frozen(slots=True)
class GainChoice:
    """Gain ``fixed`` goods plus ``amount`` goods of your choice, any mix of ``kinds`` (ACT-2).

    ``fixed`` is empty for a plain choice; character starting buildings such as "+1 stone
    +1 any" use it.
    """

    amount: int = attrs.field(validator=_positive)
    kinds: tuple[Good, ...] = GOODS
    fixed: Goods = attrs.field(factory=Goods)

    def __attrs_post_init__(self) -> None:
        if not self.kinds or len(set(self.kinds)) != len(self.kinds):
            raise ValueError("kinds must be distinct goods, at least one")


@attrs.frozen(slots=True)
class GainPerSymbol:
    """Gain ``amount`` of ``good`` for each ``symbol`` you own (ACT-3, SYM-5)."""

    good: Good
    symbol: Symbol
    amount: int = attrs.field(default=1, validator=_positive)


@attrs.frozen(slots=True)
class Convert:
    """Spend fixed goods to gain fixed goods (ACT-4); skipped when you lack them."""

    spend: Goods = attrs.field(validator=_nonempty_goods)
    gain: Goods = attrs.field(validator=_nonempty_goods)


@attrs.frozen(slots=True)
class Exchange:
    """A flexible conversion (ACT-5).

    Spend ``spend_amount`` of one good of your choice; gain ``gain_amount`` each of
    ``gain_kinds`` different goods of your choice, which must differ from the spent good
    when ``other`` is true.
    """

    spend_amount: int = attrs.field(validator=_positive)
    gain_amount: int = attrs.field(validator=_positive)
    gain_kinds: int = attrs.field(default=1, validator=_positive)
    other: bool = True

    def __attrs_post_init__(self) -> None:
        limit = 3 if self.other else 4
        if self.gain_kinds > limit:
            raise ValueError(f"gain_kinds must be at most {limit}, got {self.gain_kinds}")


@attrs.frozen(slots=True)
class SwapMarket:
    """Swap the goods markers on two market squares of your choice (ACT-6)."""


@attrs.frozen(slots=True)
class Buy:
    """Buy a building by shipping goods (BUY-1 to BUY-8); ``count`` buildings at most (BUY-5)."""

    count: int = attrs.field(default=1, validator=_positive)


@attrs.frozen(slots=True)
class TwoPart:
    """Two independent parts, done in either order; both when possible (ACT-7)."""

    first: Effect
    second: Effect

    @property
    def parts(self) -> tuple[Effect, Effect]:
        """Both parts, in printed order."""
        return (self.first, self.second)


@attrs.frozen(slots=True)
class OneOf:
    """Choose one of several actions (ACT-8), as on a starting building."""

    options: tuple[Effect, ...]

    def __attrs_post_init__(self) -> None:
        if len(self.options) < 2:
            raise ValueError("OneOf needs at least two options")


#: Any building action.
Effect: TypeAlias = (
    Gain | GainChoice | GainPerSymbol | Convert | Exchange | SwapMarket | Buy | TwoPart | OneOf
)


def contains_buy(effect: Effect) -> bool:
    """True when the action includes buying a building (the "buy" symbol of SETUP-2)."""
    if isinstance(effect, Buy):
        return True
    if isinstance(effect, TwoPart):
        return contains_buy(effect.first) or contains_buy(effect.second)
    if isinstance(effect, OneOf):
        return any(contains_buy(option) for option in effect.options)
    return False
