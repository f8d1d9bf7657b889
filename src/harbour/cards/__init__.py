"""Card data: the effect vocabulary, card models, the original set and descriptions."""

from harbour.cards.describe import (
    describe_bonus_card,
    describe_building,
    describe_effect,
    describe_symbols,
)
from harbour.cards.effects import (
    Buy,
    Convert,
    Effect,
    Exchange,
    Gain,
    GainChoice,
    GainPerSymbol,
    OneOf,
    SwapMarket,
    Symbol,
    TwoPart,
    contains_buy,
)
from harbour.cards.model import Building, CardSet, PlayerBoard
from harbour.cards.original import ORIGINAL_BOARD, ORIGINAL_BUILDINGS, ORIGINAL_SET

__all__ = [
    "ORIGINAL_BOARD",
    "ORIGINAL_BUILDINGS",
    "ORIGINAL_SET",
    "Building",
    "Buy",
    "CardSet",
    "Convert",
    "Effect",
    "Exchange",
    "Gain",
    "GainChoice",
    "GainPerSymbol",
    "OneOf",
    "PlayerBoard",
    "SwapMarket",
    "Symbol",
    "TwoPart",
    "contains_buy",
    "describe_bonus_card",
    "describe_building",
    "describe_effect",
    "describe_symbols",
]
