"""The library's ORIGINAL characters and bonus point cards (rules CHAR-1, BONUS-1).

Original content written for this library (names, starting buildings, abilities, bonus
cards and their rates are not the published ones, which are mostly unknown). With them a
full game with characters and bonus cards is playable from original content only.
"""

from __future__ import annotations

from harbour.cards.abilities import (
    CollectWhenShipped,
    ExtraGain,
    FreeBuildingAtSetup,
    GainOnPurchase,
    GainWhenOthersUseStart,
    OncePerTurnConversion,
    PointsForMarketValue,
    ShippingBonus,
)
from harbour.cards.effects import Buy, Effect, GainChoice, OneOf, Symbol
from harbour.cards.model import BonusCard, PlayerBoard
from harbour.goods import Good, Goods

__all__ = ["ORIGINAL_BONUS_CARDS", "ORIGINAL_CHARACTERS"]

_SOURCE = "original content of the Harbour rules library"


def _start(good: Good) -> Effect:
    """Gain 1 ``good`` and 1 good of choice, or buy: the shape of the published ones."""
    return OneOf((GainChoice(1, fixed=Goods.single(good)), Buy()))


#: Eight original characters (CHAR-3).
ORIGINAL_CHARACTERS: tuple[PlayerBoard, ...] = (
    PlayerBoard(
        "cooper",
        "Cooper",
        (Symbol.ANCHOR,),
        _start(Good.WOOD),
        ExtraGain(Good.WOOD),
        "When you gain wood from a building's action, gain 1 more wood.",
        _SOURCE,
    ),
    PlayerBoard(
        "cattle-baron",
        "Cattle Baron",
        (Symbol.COIN,),
        _start(Good.LIVESTOCK),
        CollectWhenShipped(Good.LIVESTOCK),
        "When anybody ships livestock to buy a building, collect 1 livestock.",
        _SOURCE,
    ),
    PlayerBoard(
        "tide-reader",
        "Tide Reader",
        (Symbol.WAREHOUSE,),
        _start(Good.FISH),
        ShippingBonus(square=3),
        "When you buy a building and ship the good on the $5 square, gain an extra $1.",
        _SOURCE,
    ),
    PlayerBoard(
        "harbour-gossip",
        "Harbour Gossip",
        (Symbol.TOP_HAT,),
        _start(Good.STONE),
        PointsForMarketValue(Good.FISH),
        "At the end of the game, score VP equal to the market value of fish.",
        _SOURCE,
    ),
    PlayerBoard(
        "heiress",
        "Heiress",
        (Symbol.ANCHOR,),
        _start(Good.LIVESTOCK),
        FreeBuildingAtSetup(3),
        "At the start, look at the top 3 buildings of the deck and take one for free; it is "
        "worth 0 VP and does not count towards the 4 buildings that end the game.",
        _SOURCE,
    ),
    PlayerBoard(
        "busker",
        "Busker",
        (Symbol.WAREHOUSE,),
        _start(Good.FISH),
        GainWhenOthersUseStart(1),
        "When another player gains goods from their starting building, gain 1 good of your choice.",
        _SOURCE,
    ),
    PlayerBoard(
        "tinker",
        "Tinker",
        (Symbol.COIN,),
        _start(Good.WOOD),
        OncePerTurnConversion(fee=0, spend=3, gain=2),
        "Once during your turn, you may turn 3 goods of one kind into 2 goods of one other kind.",
        _SOURCE,
    ),
    PlayerBoard(
        "patron",
        "Patron",
        (Symbol.ANCHOR,),
        _start(Good.STONE),
        GainOnPurchase(2),
        "Each time you buy a building, gain 2 goods of your choice.",
        _SOURCE,
    ),
)

#: Four original bonus point cards (BONUS-1).
ORIGINAL_BONUS_CARDS: tuple[BonusCard, ...] = (
    BonusCard("fish-ledger", "Fish Ledger", Good.FISH, goods=2, points=1),
    BonusCard("livestock-ledger", "Livestock Ledger", Good.LIVESTOCK, goods=2, points=1),
    BonusCard("wood-ledger", "Wood Ledger", Good.WOOD, goods=3, points=2),
    BonusCard("stone-ledger", "Stone Ledger", Good.STONE, goods=3, points=2),
)
