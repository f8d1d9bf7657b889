"""Bremerhaven's cards: the typed model, the official catalogue, card files and the original set.

- :mod:`~bremerhaven.cards.model`: the cards and boards as frozen values (BH-CARD-2 to
  BH-CARD-12);
- :mod:`~bremerhaven.cards.catalogue`: :data:`CATALOGUE`, every fact the rulebook gives about
  the published cards and boards with its line, and every unknown marked unknown
  (BH-CARD-1, BH-CARD-13);
- :mod:`~bremerhaven.cards.files`: card sets in TOML or JSON (BH-CARD-14);
- :mod:`~bremerhaven.cards.original`: :data:`ORIGINAL`, the library's invented set
  (BH-CARD-15).

>>> from bremerhaven.cards import ORIGINAL, read_cards, write_cards
>>> read_cards(write_cards(ORIGINAL), origin=ORIGINAL.origin) == ORIGINAL
True
"""

from __future__ import annotations

from bremerhaven.cards.catalogue import CATALOGUE, Catalogue, Known, Unknown
from bremerhaven.cards.files import (
    cards_from_data,
    cards_to_data,
    load_cards,
    read_cards,
    write_cards,
)
from bremerhaven.cards.model import (
    BoardData,
    BuildingCard,
    CardSet,
    Charge,
    ContractCard,
    Counted,
    Effect,
    EventEffect,
    FreeConversion,
    Good,
    HoldsGoods,
    IncomePerNewShip,
    MoneyStore,
    NewspaperCard,
    Origin,
    PriceCard,
    PriceChoiceWhenUnbid,
    Produce,
    Reward,
    ShipCard,
    Space,
    Stake,
    TrainBidBonus,
    deck_icon,
    in_play,
)
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.errors import CardFileError

__all__ = [
    "CATALOGUE",
    "ORIGINAL",
    "BoardData",
    "BuildingCard",
    "CardFileError",
    "CardSet",
    "Catalogue",
    "Charge",
    "ContractCard",
    "Counted",
    "Effect",
    "EventEffect",
    "FreeConversion",
    "Good",
    "HoldsGoods",
    "IncomePerNewShip",
    "Known",
    "MoneyStore",
    "NewspaperCard",
    "Origin",
    "PriceCard",
    "PriceChoiceWhenUnbid",
    "Produce",
    "Reward",
    "ShipCard",
    "Space",
    "Stake",
    "TrainBidBonus",
    "Unknown",
    "cards_from_data",
    "cards_to_data",
    "deck_icon",
    "in_play",
    "load_cards",
    "read_cards",
    "write_cards",
]
