"""Rule readings a game is played under (the Interpretations page of the specification).

Where the three rulebooks disagree or are silent, :class:`RulesOptions` selects the
reading. The defaults are the documented readings; every field names the interpretation
``INT-n`` it selects.
"""

from __future__ import annotations

import enum

import attrs

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


class PurchaseLimit(enum.Enum):
    """How many buildings a player may buy, unless the action allows more (INT-36)."""

    #: One per buy action (000: "one building at a time, unless the action taken specifies
    #: otherwise").
    PER_ACTION = "per-action"
    #: One per turn (002: "nur ein Gebäude pro Zug", unless the action says otherwise).
    PER_TURN = "per-turn"


class AlchemistReading(enum.Enum):
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


class BeggarTrigger(enum.Enum):
    """Which starting-building gains trigger the Beggar's ability (INT-25)."""

    #: Another player gains goods from their own starting building.
    OWN_STARTING_BUILDING = "own-starting-building"
    #: Another player gains goods from any starting building (also someone else's).
    ANY_STARTING_BUILDING = "any-starting-building"


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
    #: CHAR-2: play with the character side of the player boards.
    characters: bool = False
    #: BONUS-1: deal the bonus point cards.
    bonus_cards: bool = False
    #: INLAND-1: use the Inland Traders side of the market board (3-4 players).
    inland_traders: bool = False
    #: INT-24.
    alchemist: AlchemistReading = AlchemistReading.FEE_THEN_TWO_FOR_TWO
    #: INT-25.
    beggar: BeggarTrigger = BeggarTrigger.OWN_STARTING_BUILDING
    #: INT-36.
    purchase_limit: PurchaseLimit = PurchaseLimit.PER_ACTION
    #: INT-37: allow the Inland Traders side with 2 players too (002 says "should" not).
    inland_traders_two_players: bool = False
    #: BONUS-4: place the goods on the market squares by revealing the bonus point cards.
    market_from_bonus_cards: bool = False
