"""Rule readings a game is played under (the Interpretations page of the specification).

Where the three rulebooks disagree or are silent, :class:`RulesOptions` selects the
reading. The defaults are the documented readings; every field names the interpretation
``INT-n`` it selects.

Each field takes its enum member or that member's exact string value (as a JSON or TOML
configuration gives it), and a switch takes ``True`` or ``False``; anything else raises
:class:`~harbour.errors.InvalidValueError` listing the allowed values (INPUT-2):

>>> RulesOptions(reentry="kept").reentry
<ReentryOrder.KEPT: 'kept'>
>>> RulesOptions(reentry="reversed-order")
Traceback (most recent call last):
...
harbour.errors.InvalidValueError: ReentryOrder must be one of 'reversed', 'kept' (or ReentryOrder members), got 'reversed-order'
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

import attrs

from harbour.errors import InvalidValueError
from meeplekit import options as shared

__all__ = [
    "AlchemistReading",
    "BeggarTrigger",
    "BuyRule",
    "CoinDiscount",
    "EmptyDeck",
    "LastRound",
    "PurchaseLimit",
    "ReentryOrder",
    "RulesOptions",
    "TieBreak",
    "UnpayableToll",
    "WarehouseKeep",
    "field_meaning",
    "field_rule",
    "reading_meaning",
]


class _Reading(enum.Enum):
    """An enum of readings; a value that is none of them raises, listing those that are."""

    @classmethod
    def _missing_(cls, value: object) -> Any:
        raise InvalidValueError(shared.unknown_reading(cls, value))


class LastRound(_Reading):
    """Who takes a last turn after a player's 4th building (INT-1)."""

    #: Every other player takes one last turn (the English retail and German rulebooks; the
    #: "Winning" section of the earlier English rulebook).
    OTHER_PLAYERS = "other-players"
    #: Every player, the one who triggered it last (the "Gameplay" section of the earlier
    #: English rulebook).
    ALL_PLAYERS = "all-players"


class TieBreak(_Reading):
    """How ties on victory points are broken (INT-2)."""

    #: Most bought buildings, then most goods (the English retail and German rulebooks).
    BUILDINGS_THEN_GOODS = "buildings-then-goods"
    #: Most bought buildings only (the earlier English rulebook).
    BUILDINGS_ONLY = "buildings-only"


class ReentryOrder(_Reading):
    """The order in which several shipped goods re-enter the market (INT-3)."""

    #: The earlier English rulebook's worked example: the least-in-demand shipped good ends
    #: highest; order reverses.
    REVERSED = "reversed"
    #: A reading of the English retail and German rulebooks: the shipped goods keep their
    #: relative order.
    KEPT = "kept"


class UnpayableToll(_Reading):
    """What happens to a toll that cannot be paid (INT-5)."""

    #: A tolled building may be used only if the toll can be paid, before or after.
    CANNOT_ENTER = "cannot-enter"
    #: The player may go; a toll falling due when they hold nothing is not paid.
    FORGIVEN = "forgiven"


class BuyRule(_Reading):
    """Whether buying is optional when a building could be afforded (INT-6)."""

    #: In a buy action the player may ship nothing and buy nothing.
    OPTIONAL = "optional"
    #: If some shipment would pay for a display building, the player must ship and buy.
    MANDATORY = "mandatory"


class EmptyDeck(_Reading):
    """What an empty deck does when the display needs a card (INT-8)."""

    #: The display is not refilled and shrinks.
    NO_REFILL = "no-refill"
    #: The last round begins, as after a 4th building.
    LAST_ROUND = "last-round"


class CoinDiscount(_Reading):
    """How coins discount several buildings bought in one action (INT-9)."""

    #: The coins discount each building bought, each cost never below $0.
    EACH_BUILDING = "each-building"
    #: The coins reduce the total cost of the action's buildings once, never below $0.
    ONCE_PER_ACTION = "once-per-action"


class WarehouseKeep(_Reading):
    """Which shipped goods warehouse symbols may keep (INT-10)."""

    #: Up to one unit per symbol, from any shipped goods (several of one good allowed).
    ANY_SHIPPED = "any-shipped"
    #: At most one unit of each shipped good.
    ONE_PER_GOOD = "one-per-good"


class PurchaseLimit(_Reading):
    """How many buildings a player may buy, unless the action allows more (INT-36)."""

    #: One per buy action (the English retail rulebook, line 136: "one building at a time,
    #: unless the action taken specifies otherwise").
    PER_ACTION = "per-action"
    #: One per turn (the German rulebook, line 186: "nur ein Gebäude pro Zug", unless the
    #: action says otherwise).
    PER_TURN = "per-turn"


class AlchemistReading(_Reading):
    """The terms of the Alchemist's once-per-turn conversion (INT-24)."""

    #: Pay 1 good of any kind, then turn 2 goods of one kind into 2 goods of another kind.
    FEE_THEN_TWO_FOR_TWO = "fee-then-two-for-two"
    #: Turn 2 goods of one kind into 1 good of another kind.
    TWO_FOR_ONE = "two-for-one"
    #: Turn 1 good of one kind into 2 goods of another kind.
    ONE_FOR_TWO = "one-for-two"

    @property
    def terms(self) -> tuple[int, int, int]:
        """(fee, spend, gain) of the conversion under this reading."""
        return {
            AlchemistReading.FEE_THEN_TWO_FOR_TWO: (1, 2, 2),
            AlchemistReading.TWO_FOR_ONE: (0, 2, 1),
            AlchemistReading.ONE_FOR_TWO: (0, 1, 2),
        }[self]


class BeggarTrigger(_Reading):
    """Which starting-building gains trigger the Beggar's ability (INT-25)."""

    #: Another player gains goods from their own starting building.
    OWN_STARTING_BUILDING = "own-starting-building"
    #: Another player gains goods from any starting building (also someone else's).
    ANY_STARTING_BUILDING = "any-starting-building"


# Converters of the readings: a member, or its exact string value (INPUT-2).

_R = TypeVar("_R", bound=_Reading)


def _reading(kind: type[_R], value: object) -> _R:
    """The member of ``kind`` that ``value`` is or names by its string value (INPUT-2).

    The shared check (:func:`meeplekit.options.as_reading`): a member is recognised by
    identity, so a value made around the enum (``object.__new__(ReentryOrder)``) is none.
    """
    return shared.as_reading(kind, value, error=InvalidValueError)


def _last_round(value: LastRound | str) -> LastRound:
    return _reading(LastRound, value)


def _tie_break(value: TieBreak | str) -> TieBreak:
    return _reading(TieBreak, value)


def _reentry_order(value: ReentryOrder | str) -> ReentryOrder:
    return _reading(ReentryOrder, value)


def _unpayable_toll(value: UnpayableToll | str) -> UnpayableToll:
    return _reading(UnpayableToll, value)


def _buy_rule(value: BuyRule | str) -> BuyRule:
    return _reading(BuyRule, value)


def _empty_deck(value: EmptyDeck | str) -> EmptyDeck:
    return _reading(EmptyDeck, value)


def _coin_discount(value: CoinDiscount | str) -> CoinDiscount:
    return _reading(CoinDiscount, value)


def _warehouse_keep(value: WarehouseKeep | str) -> WarehouseKeep:
    return _reading(WarehouseKeep, value)


def _alchemist(value: AlchemistReading | str) -> AlchemistReading:
    return _reading(AlchemistReading, value)


def _beggar_trigger(value: BeggarTrigger | str) -> BeggarTrigger:
    return _reading(BeggarTrigger, value)


def _purchase_limit(value: PurchaseLimit | str) -> PurchaseLimit:
    return _reading(PurchaseLimit, value)


#: A switch takes ``True`` or ``False`` only (INPUT-2).
_switch = shared.switch("RulesOptions", error=InvalidValueError)


@attrs.frozen(slots=True, cache_hash=True)
class RulesOptions:
    """The rule readings and setup variant of a game; the defaults are the documented readings."""

    #: INT-1.
    last_round: LastRound = attrs.field(
        default=LastRound.OTHER_PLAYERS, converter=_last_round, metadata={"rule": "INT-1"}
    )
    #: INT-2.
    tie_break: TieBreak = attrs.field(
        default=TieBreak.BUILDINGS_THEN_GOODS, converter=_tie_break, metadata={"rule": "INT-2"}
    )
    #: INT-3.
    reentry: ReentryOrder = attrs.field(
        default=ReentryOrder.REVERSED, converter=_reentry_order, metadata={"rule": "INT-3"}
    )
    #: INT-5.
    unpayable_toll: UnpayableToll = attrs.field(
        metadata={"rule": "INT-5"}, default=UnpayableToll.CANNOT_ENTER, converter=_unpayable_toll
    )
    #: INT-6.
    buying: BuyRule = attrs.field(
        default=BuyRule.OPTIONAL, converter=_buy_rule, metadata={"rule": "INT-6"}
    )
    #: INT-7: may goods be shipped when no building is then bought?
    ship_without_buying: bool = attrs.field(
        default=False, validator=_switch, metadata={"rule": "INT-7"}
    )
    #: INT-8.
    empty_deck: EmptyDeck = attrs.field(
        default=EmptyDeck.NO_REFILL, converter=_empty_deck, metadata={"rule": "INT-8"}
    )
    #: INT-9.
    coin_discount: CoinDiscount = attrs.field(
        metadata={"rule": "INT-9"}, default=CoinDiscount.EACH_BUILDING, converter=_coin_discount
    )
    #: INT-10.
    warehouse_keep: WarehouseKeep = attrs.field(
        metadata={"rule": "INT-10"}, default=WarehouseKeep.ANY_SHIPPED, converter=_warehouse_keep
    )
    #: INT-11: reshuffle a display showing three or more buy symbols (SETUP-2).
    reshuffle_display: bool = attrs.field(
        default=True, validator=_switch, metadata={"rule": "INT-11"}
    )
    #: SETUP-5: the first-game setup.
    first_game: bool = attrs.field(default=False, validator=_switch, metadata={"rule": "SETUP-5"})
    #: CHAR-2: play with the character side of the player boards.
    characters: bool = attrs.field(default=False, validator=_switch, metadata={"rule": "CHAR-2"})
    #: BONUS-1: deal the bonus point cards.
    bonus_cards: bool = attrs.field(default=False, validator=_switch, metadata={"rule": "BONUS-1"})
    #: INLAND-1: use the Inland Traders side of the market board (3-4 players).
    inland_traders: bool = attrs.field(
        default=False, validator=_switch, metadata={"rule": "INLAND-1"}
    )
    #: INT-24.
    alchemist: AlchemistReading = attrs.field(
        metadata={"rule": "INT-24"},
        default=AlchemistReading.FEE_THEN_TWO_FOR_TWO,
        converter=_alchemist,
    )
    #: INT-25.
    beggar: BeggarTrigger = attrs.field(
        metadata={"rule": "INT-25"},
        default=BeggarTrigger.OWN_STARTING_BUILDING,
        converter=_beggar_trigger,
    )
    #: INT-36.
    purchase_limit: PurchaseLimit = attrs.field(
        metadata={"rule": "INT-36"}, default=PurchaseLimit.PER_ACTION, converter=_purchase_limit
    )
    #: INT-37: allow the Inland Traders side with 2 players too (the German rulebook says
    #: "should" not).
    inland_traders_two_players: bool = attrs.field(
        default=False, validator=_switch, metadata={"rule": "INT-37"}
    )
    #: BONUS-4: place the goods on the market squares by revealing the bonus point cards.
    market_from_bonus_cards: bool = attrs.field(
        default=False, validator=_switch, metadata={"rule": "BONUS-4"}
    )

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # Only the readings that differ from the default, by their plain values: a pickled
        # state stays small (the enums themselves would be pickled by class reference).
        return (_unpickle_options, (shared.changed_readings(self),))


def _unpickle_options(changed: tuple[tuple[str, object], ...]) -> RulesOptions:
    """Rebuild pickled :class:`RulesOptions` from the readings that differ from the default."""
    return RulesOptions(**dict(changed))  # type: ignore[arg-type]


def reading_meaning(member: enum.Enum) -> str:
    """What the reading ``member`` means, in one line: its documentation in this module.

    >>> reading_meaning(TieBreak.BUILDINGS_ONLY)
    'Most bought buildings only (the earlier English rulebook).'
    """
    if not isinstance(member, _Reading):
        raise InvalidValueError(f"not a rule reading: {member!r}")
    return shared.reading_meaning(member, error=InvalidValueError)


def field_rule(name: str) -> str:
    """The rule ID (``INT-3``, ``SETUP-5``, ...) that the :class:`RulesOptions` field selects."""
    return shared.field_rule(RulesOptions, name, error=InvalidValueError)


def field_meaning(name: str) -> str:
    """What the :class:`RulesOptions` field selects, in one line, without its rule ID.

    >>> field_meaning("reentry")
    'The order in which several shipped goods re-enter the market.'
    >>> field_meaning("ship_without_buying")
    'May goods be shipped when no building is then bought?'
    """
    return shared.field_meaning(RulesOptions, name, error=InvalidValueError)
