"""The typed vocabulary of building actions (rules ACT-1 to ACT-8, BUY-5).

Every action printed on a building or a starting building is a tree of these
effects. They are plain data: the rules engine interprets them, the narration and the
card reference describe them (:mod:`harbour.cards.describe`).
"""

from __future__ import annotations

import enum
from typing import Any, TypeAlias

import attrs

from harbour.cards.limits import MAX_AMOUNT, MAX_BUY, MAX_DEPTH, MAX_OPTIONS, Between
from harbour.errors import InvalidValueError
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
    "depth",
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


def _goods(low_total: int) -> Any:
    """Goods on a card: each count at most 6, at least ``low_total`` in all (FILE-3)."""

    def check(instance: object, attribute: attrs.Attribute[Goods], value: Goods) -> None:
        name = f"{type(instance).__name__}.{attribute.name}"
        if type(value) is not Goods:
            raise InvalidValueError(f"{name} must be Goods, got {value!r}")
        if value.total < low_total or max(value.as_tuple()) > MAX_AMOUNT:
            least = "at least one good and " if low_total else ""
            raise InvalidValueError(
                f"{name} must name {least}at most {MAX_AMOUNT} of each good, got {value!r}"
            )

    return check


def _good(instance: object, attribute: attrs.Attribute[Good], value: Good) -> None:
    if not isinstance(value, Good):
        raise InvalidValueError(
            f"{type(instance).__name__}.{attribute.name} must be a Good, got {value!r}"
        )


def _symbol(instance: object, attribute: attrs.Attribute[Symbol], value: Symbol) -> None:
    if not isinstance(value, Symbol):
        raise InvalidValueError(
            f"{type(instance).__name__}.{attribute.name} must be a Symbol, got {value!r}"
        )


def depth(effect: Effect) -> int:
    """How deeply an action nests: 1 for a simple action (FILE-3 bounds it)."""
    if isinstance(effect, TwoPart):
        return 1 + max(depth(effect.first), depth(effect.second))
    if isinstance(effect, OneOf):
        return 1 + max(depth(option) for option in effect.options)
    return 1


def _part(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    """A part of a two-part or either-or action: an action, not nested too deeply."""
    if not isinstance(value, _EFFECT_CLASSES):
        raise InvalidValueError(
            f"{type(instance).__name__}.{attribute.name} must be an action, got {value!r}"
        )
    if depth(value) >= MAX_DEPTH:
        raise InvalidValueError(
            f"{type(instance).__name__}: actions may nest at most {MAX_DEPTH} deep"
        )


@attrs.frozen(slots=True, cache_hash=True)
class Gain:
    """Gain fixed goods (ACT-1), for example 2 fish."""

    goods: Goods = attrs.field(validator=_goods(1))


@attrs.frozen(slots=True, cache_hash=True)
class GainChoice:
    """Gain ``fixed`` goods plus ``amount`` goods of your choice, any mix of ``kinds`` (ACT-2).

    ``fixed`` is empty for a plain choice; character starting buildings such as "+1 stone
    +1 any" use it.
    """

    amount: int = attrs.field(validator=Between(1, MAX_AMOUNT))
    kinds: tuple[Good, ...] = GOODS
    fixed: Goods = attrs.field(factory=Goods, validator=_goods(0))

    def __attrs_post_init__(self) -> None:
        if (
            type(self.kinds) is not tuple
            or not self.kinds
            or not all(isinstance(k, Good) for k in self.kinds)
            or len(set(self.kinds)) != len(self.kinds)
        ):
            raise InvalidValueError(
                f"GainChoice.kinds must be distinct goods, at least one, got {self.kinds!r}"
            )


@attrs.frozen(slots=True, cache_hash=True)
class GainPerSymbol:
    """Gain ``amount`` of ``good`` for each ``symbol`` you own (ACT-3, SYM-5)."""

    good: Good = attrs.field(validator=_good)
    symbol: Symbol = attrs.field(validator=_symbol)
    amount: int = attrs.field(default=1, validator=Between(1, MAX_AMOUNT))


@attrs.frozen(slots=True, cache_hash=True)
class Convert:
    """Spend fixed goods to gain fixed goods (ACT-4); skipped when you lack them."""

    spend: Goods = attrs.field(validator=_goods(1))
    gain: Goods = attrs.field(validator=_goods(1))


@attrs.frozen(slots=True, cache_hash=True)
class Exchange:
    """A flexible conversion (ACT-5).

    Spend ``spend_amount`` of one good of your choice; gain ``gain_amount`` each of
    ``gain_kinds`` different goods of your choice, which must differ from the spent good
    when ``other`` is true.
    """

    spend_amount: int = attrs.field(validator=Between(1, MAX_AMOUNT))
    gain_amount: int = attrs.field(validator=Between(1, MAX_AMOUNT))
    gain_kinds: int = attrs.field(default=1, validator=Between(1, len(GOODS)))
    other: bool = True

    def __attrs_post_init__(self) -> None:
        if type(self.other) is not bool:
            raise InvalidValueError(f"Exchange.other must be True or False, got {self.other!r}")
        limit = 3 if self.other else 4
        if self.gain_kinds > limit:
            raise InvalidValueError(
                f"Exchange.gain_kinds must be at most {limit}, got {self.gain_kinds}"
            )


@attrs.frozen(slots=True, cache_hash=True)
class SwapMarket:
    """Swap the goods markers on two market squares of your choice (ACT-6)."""


@attrs.frozen(slots=True, cache_hash=True)
class Buy:
    """Buy a building by shipping goods (BUY-1 to BUY-8); ``count`` buildings at most (BUY-5)."""

    count: int = attrs.field(default=1, validator=Between(1, MAX_BUY))


@attrs.frozen(slots=True, cache_hash=True)
class TwoPart:
    """Two independent parts, done in either order; both when possible (ACT-7)."""

    first: Effect = attrs.field(validator=_part)
    second: Effect = attrs.field(validator=_part)

    @property
    def parts(self) -> tuple[Effect, Effect]:
        """Both parts, in printed order."""
        return (self.first, self.second)


@attrs.frozen(slots=True, cache_hash=True)
class OneOf:
    """Choose one of several actions (ACT-8), as on a starting building."""

    options: tuple[Effect, ...]

    def __attrs_post_init__(self) -> None:
        if type(self.options) is not tuple or not 2 <= len(self.options) <= MAX_OPTIONS:
            raise InvalidValueError(
                f"OneOf needs at least two options and at most {MAX_OPTIONS}, got {self.options!r}"
            )
        for option in self.options:
            _part(self, attrs.fields(OneOf).options, option)


#: Any building action.
Effect: TypeAlias = (
    Gain | GainChoice | GainPerSymbol | Convert | Exchange | SwapMarket | Buy | TwoPart | OneOf
)
_EFFECT_CLASSES = (
    Gain,
    GainChoice,
    GainPerSymbol,
    Convert,
    Exchange,
    SwapMarket,
    Buy,
    TwoPart,
    OneOf,
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
