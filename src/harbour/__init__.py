"""Harbour: a typed, immutable, pure rules engine for the board game Harbour (Scott Almes, 2014).

>>> import harbour
>>> state = harbour.new_game(2, seed=1)
>>> state = harbour.apply_move(state, harbour.legal_moves(state)[0])
"""

from harbour import actions, events, notation, records, svg
from harbour.determinize import determinize
from harbour.engine import (
    apply_move,
    apply_move_unchecked,
    apply_move_with_events,
    can_apply,
    current_player,
    explain,
    is_over,
    legal_moves,
    verify_move,
)
from harbour.errors import (
    AmbiguousMoveError,
    DocumentError,
    GameNotOverError,
    HarbourError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    InvalidValueError,
    MoveParseError,
    RecordError,
)
from harbour.facts import GAME, GameFacts
from harbour.goods import GOODS, MAX_GOODS, Good, Goods
from harbour.moves import (
    ChooseCharacter,
    ChooseFreeBuilding,
    ChooseOption,
    ChoosePart,
    ChooseStartingGoods,
    DeferToll,
    ExchangeGoods,
    Move,
    MovePawn,
    PayToll,
    Purchase,
    SellToTraders,
    Ship,
    SwapSquares,
    TakeGoods,
    UseAbility,
)
from harbour.observation import Observation, PlayerView, observe
from harbour.options import (
    AlchemistReading,
    BeggarTrigger,
    BuyRule,
    CoinDiscount,
    EmptyDeck,
    LastRound,
    PurchaseLimit,
    ReentryOrder,
    RulesOptions,
    TieBreak,
    UnpayableToll,
    WarehouseKeep,
)
from harbour.positions import position
from harbour.rules.step import Refusal
from harbour.scoring import Outcome, chance_outcomes, outcome, returns, victory_points
from harbour.search import ISMCTSBot
from harbour.serialization import from_json, to_json
from harbour.setup import new_game
from harbour.state import MARKET_VALUES, BoardSite, CardSite, GameState, PlayerState, Site
from harbour.validation import Violation, validate
from harbour.version import __version__
from harbour.view import render

__all__ = [
    "GAME",
    "GOODS",
    "MARKET_VALUES",
    "MAX_GOODS",
    "AlchemistReading",
    "AmbiguousMoveError",
    "BeggarTrigger",
    "BoardSite",
    "BuyRule",
    "CardSite",
    "ChooseCharacter",
    "ChooseFreeBuilding",
    "ChooseOption",
    "ChoosePart",
    "ChooseStartingGoods",
    "CoinDiscount",
    "DeferToll",
    "DocumentError",
    "EmptyDeck",
    "ExchangeGoods",
    "GameFacts",
    "GameNotOverError",
    "GameState",
    "Good",
    "Goods",
    "HarbourError",
    "ISMCTSBot",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
    "LastRound",
    "Move",
    "MoveParseError",
    "MovePawn",
    "Observation",
    "Outcome",
    "PayToll",
    "PlayerState",
    "PlayerView",
    "Purchase",
    "PurchaseLimit",
    "RecordError",
    "ReentryOrder",
    "Refusal",
    "RulesOptions",
    "SellToTraders",
    "Ship",
    "Site",
    "SwapSquares",
    "TakeGoods",
    "TieBreak",
    "UnpayableToll",
    "UseAbility",
    "Violation",
    "WarehouseKeep",
    "__version__",
    "actions",
    "apply_move",
    "apply_move_unchecked",
    "apply_move_with_events",
    "can_apply",
    "chance_outcomes",
    "current_player",
    "determinize",
    "events",
    "explain",
    "from_json",
    "is_over",
    "legal_moves",
    "new_game",
    "notation",
    "observe",
    "outcome",
    "position",
    "records",
    "render",
    "returns",
    "svg",
    "to_json",
    "validate",
    "verify_move",
    "victory_points",
]
