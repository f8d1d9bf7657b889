"""The library's ORIGINAL building set and generic player board (rule COMP-4).

This is original content written for this library: the names, prices, victory points,
symbols and actions are NOT those of the published Harbour cards (which are mostly
unknown; see the specification). It exercises every mechanic the rulebooks describe,
so that complete games can be played and tested with it.
"""

from __future__ import annotations

from harbour.cards.characters import ORIGINAL_BONUS_CARDS, ORIGINAL_CHARACTERS
from harbour.cards.effects import (
    Buy,
    Convert,
    Exchange,
    Gain,
    GainChoice,
    GainPerSymbol,
    OneOf,
    SwapMarket,
    Symbol,
    TwoPart,
)
from harbour.cards.model import Building, CardSet, PlayerBoard
from harbour.goods import Good, Goods

__all__ = ["ORIGINAL_BOARD", "ORIGINAL_BUILDINGS", "ORIGINAL_SET"]

A, C, W, H = Symbol.ANCHOR, Symbol.COIN, Symbol.WAREHOUSE, Symbol.TOP_HAT
F, L, WD, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE


def _g(fish: int = 0, livestock: int = 0, wood: int = 0, stone: int = 0) -> Goods:
    return Goods(fish, livestock, wood, stone)


#: The generic side of every player board (original; the published "Wharfs" is unknown).
ORIGINAL_BOARD = PlayerBoard(
    key="quayside-office",
    name="Quayside Office",
    symbols=(),
    action=OneOf((GainChoice(2), Buy())),
)

_B = Building

#: The 36 original buildings, in a fixed order (their indices identify them in a game).
ORIGINAL_BUILDINGS: tuple[Building, ...] = (
    # The first-game trio (SETUP-5).
    _B("net-loft", "Net Loft", 3, 1, (A,), Gain(_g(fish=2)), first_game=True),
    _B("quarry-steps", "Quarry Steps", 4, 2, (C,), Gain(_g(stone=2)), first_game=True),
    _B(
        "dockhands-hall",
        "Dockhands' Hall",
        5,
        2,
        (W,),
        TwoPart(Gain(_g(wood=1)), Buy()),
        first_game=True,
    ),
    # Fixed gains (ACT-1).
    _B("smokehouse", "Smokehouse", 3, 1, (W,), Gain(_g(fish=1, livestock=1))),
    _B("timber-wharf", "Timber Wharf", 4, 2, (A,), Gain(_g(wood=2))),
    _B("cattle-pens", "Cattle Pens", 4, 2, (C,), Gain(_g(livestock=2))),
    _B("stonecutters-yard", "Stonecutters' Yard", 6, 3, (H,), Gain(_g(wood=1, stone=1))),
    _B("herring-boats", "Herring Boats", 7, 4, (A, A), Gain(_g(fish=3))),
    _B("drovers-road", "Drovers' Road", 8, 5, (W,), Gain(_g(livestock=2, stone=1))),
    _B("salt-pans", "Salt Pans", 5, 3, (C,), Gain(_g(fish=1, stone=1))),
    _B("admiralty", "Admiralty", 13, 9, (H,), Gain(_g(1, 1, 1, 1))),
    _B("gull-rock-chapel", "Gull Rock Chapel", 12, 8, (W,), Gain(_g(fish=1))),
    # Gains of your choice (ACT-2).
    _B("chandlery", "Chandlery", 5, 2, (C,), GainChoice(2)),
    _B("barter-stall", "Barter Stall", 7, 4, (A,), GainChoice(2, (WD, S))),
    _B("guild-of-factors", "Guild of Factors", 10, 6, (H,), GainChoice(3)),
    # Gains per owned symbol (ACT-3).
    _B("mooring-posts", "Mooring Posts", 6, 3, (A,), GainPerSymbol(L, A)),
    _B("rope-walk", "Rope Walk", 6, 3, (A,), GainPerSymbol(WD, A)),
    _B("bonded-store", "Bonded Store", 6, 3, (W,), GainPerSymbol(F, W)),
    _B("customs-shed", "Customs Shed", 9, 5, (W, C), GainPerSymbol(S, W)),
    _B("beacon-tower", "Beacon Tower", 11, 7, (A,), GainPerSymbol(F, A, 2)),
    # Fixed conversions (ACT-4).
    _B("fishmongers-row", "Fishmonger's Row", 5, 3, (C,), Convert(_g(fish=1), _g(wood=2))),
    _B("kiln-works", "Kiln Works", 6, 4, (A,), Convert(_g(wood=2), _g(stone=3))),
    _B("tannery", "Tannery", 7, 4, (W,), Convert(_g(livestock=2), _g(fish=2, wood=2))),
    _B("grain-barge", "Grain Barge", 8, 5, (C,), Convert(_g(wood=1, stone=1), _g(fish=4))),
    _B("butchers-quay", "Butcher's Quay", 9, 6, (H,), Convert(_g(fish=3), _g(livestock=4))),
    # Flexible conversions (ACT-5).
    _B("money-changer", "Money Changer", 6, 3, (C,), Exchange(2, 3)),
    _B("rag-and-bone-yard", "Rag-and-Bone Yard", 8, 5, (A,), Exchange(4, 2, gain_kinds=2)),
    _B("brokers-office", "Broker's Office", 10, 6, (C, H), Exchange(1, 1, gain_kinds=2)),
    # Market swaps (ACT-6), one in a two-part action (ACT-7).
    _B("gossip-tavern", "Gossip Tavern", 4, 2, (H,), SwapMarket()),
    _B("harbour-crier", "Harbour Crier", 7, 4, (C,), TwoPart(SwapMarket(), GainChoice(1))),
    _B(
        "harbourmasters-house",
        "Harbourmaster's House",
        10,
        7,
        (C, A),
        TwoPart(Convert(_g(wood=1), _g(stone=2)), Gain(_g(livestock=1))),
    ),
    # Buying (BUY-1 to BUY-8): plain, gain-and-buy, and two at once (BUY-5).
    _B("counting-house", "Counting House", 6, 3, (C,), Buy()),
    _B("merchant-lodge", "Merchant Lodge", 9, 5, (A,), TwoPart(Gain(_g(fish=1)), Buy())),
    _B("auction-rooms", "Auction Rooms", 12, 7, (C,), Buy(2)),
    _B("dry-dock", "Dry Dock", 10, 6, (W,), TwoPart(GainChoice(1), Buy(2))),
    # A building without a price (BUY-7): it stays in the display for everyone's use.
    _B("town-pump", "Town Pump", None, 0, (A,), Gain(_g(wood=1))),
)

#: The default card set: the original buildings, generic board, characters and bonus cards.
ORIGINAL_SET = CardSet(
    name="Harbour library original set",
    buildings=ORIGINAL_BUILDINGS,
    board=ORIGINAL_BOARD,
    original=True,
    characters=ORIGINAL_CHARACTERS,
    bonus_cards=ORIGINAL_BONUS_CARDS,
)
