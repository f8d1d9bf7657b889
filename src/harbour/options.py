"""Rule readings a game is played under (the Interpretations page of the specification).

Where the three rulebooks disagree or are silent, :class:`RulesOptions` selects the
reading. The defaults are the documented readings; every field names the interpretation
``INT-n`` it selects.
"""

from __future__ import annotations

import enum

import attrs

__all__ = [
    "BuyRule",
    "CoinDiscount",
    "EmptyDeck",
    "LastRound",
    "ReentryOrder",
    "RulesOptions",
    "TieBreak",
    "UnpayableToll",
    "WarehouseKeep",
]


class LastRound(enum.Enum):
    """Who takes a last turn after a player's 4th building (INT-1)."""

    #: Every other player takes one last turn (000, 002; 001's "Winning" section).
    OTHER_PLAYERS = "other-players"
    #: Every player, the one who triggered it last (001's "Gameplay" section).
    ALL_PLAYERS = "all-players"


class TieBreak(enum.Enum):
    """How ties on victory points are broken (INT-2)."""

    #: Most bought buildings, then most goods (000, 002).
    BUILDINGS_THEN_GOODS = "buildings-then-goods"
    #: Most bought buildings only (001).
    BUILDINGS_ONLY = "buildings-only"


class ReentryOrder(enum.Enum):
    """The order in which several shipped goods re-enter the market (INT-3)."""

    #: 001's worked example: the least-in-demand shipped good ends highest; order reverses.
    REVERSED = "reversed"
    #: A reading of 000/002: the shipped goods keep their relative order.
    KEPT = "kept"


class UnpayableToll(enum.Enum):
    """What happens to a toll that cannot be paid (INT-5)."""

    #: A tolled building may be used only if the toll can be paid, before or after.
    CANNOT_ENTER = "cannot-enter"
    #: The player may go; a toll falling due when they hold nothing is not paid.
    FORGIVEN = "forgiven"


class BuyRule(enum.Enum):
    """Whether buying is optional when a building could be afforded (INT-6)."""

    OPTIONAL = "optional"
    MANDATORY = "mandatory"


class EmptyDeck(enum.Enum):
    """What an empty deck does when the display needs a card (INT-8)."""

    #: The display is not refilled and shrinks.
    NO_REFILL = "no-refill"
    #: The last round begins, as after a 4th building.
    LAST_ROUND = "last-round"


class CoinDiscount(enum.Enum):
    """How coins discount several buildings bought in one action (INT-9)."""

    EACH_BUILDING = "each-building"
    ONCE_PER_ACTION = "once-per-action"


class WarehouseKeep(enum.Enum):
    """Which shipped goods warehouse symbols may keep (INT-10)."""

    #: Up to one unit per symbol, from any shipped goods (several of one good allowed).
    ANY_SHIPPED = "any-shipped"
    #: At most one unit of each shipped good.
    ONE_PER_GOOD = "one-per-good"


@attrs.frozen(slots=True)
class RulesOptions:
    """The rule readings and setup variant of a game; the defaults are the documented readings."""

    #: INT-1.
    last_round: LastRound = LastRound.OTHER_PLAYERS
    #: INT-2.
    tie_break: TieBreak = TieBreak.BUILDINGS_THEN_GOODS
    #: INT-3.
    reentry: ReentryOrder = ReentryOrder.REVERSED
    #: INT-5.
    unpayable_toll: UnpayableToll = UnpayableToll.CANNOT_ENTER
    #: INT-6.
    buying: BuyRule = BuyRule.OPTIONAL
    #: INT-7: may goods be shipped when no building is then bought?
    ship_without_buying: bool = False
    #: INT-8.
    empty_deck: EmptyDeck = EmptyDeck.NO_REFILL
    #: INT-9.
    coin_discount: CoinDiscount = CoinDiscount.EACH_BUILDING
    #: INT-10.
    warehouse_keep: WarehouseKeep = WarehouseKeep.ANY_SHIPPED
    #: INT-11: reshuffle a display showing three or more buy symbols (SETUP-2).
    reshuffle_display: bool = True
    #: SETUP-5: the first-game setup.
    first_game: bool = False
