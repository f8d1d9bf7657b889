"""Harbour: a typed, immutable, pure rules engine for the board game Harbour (Scott Almes, 2014).

>>> import harbour
>>> state = harbour.new_game(2, seed=1)
>>> state = harbour.apply_move(state, harbour.legal_moves(state)[0])

Only the engine (states, moves, rules, setup, scoring, options, errors) is imported with the
package. The rest of its names (documents, records, notation, pictures, text views,
observations, checks, positions, the action codes and the search bot) load on first use:
``harbour.to_json`` or ``from harbour import to_json`` imports :mod:`harbour.interchange.serialization`
then, so that ``import harbour`` stays cheap for programs that only play.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Final

from harbour import cards, chance, events
from harbour.chance import chance_outcomes
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
    random_playout,
    verify_move,
)
from harbour.errors import (
    AmbiguousMoveError,
    CardFileError,
    DocumentError,
    GameNotOverError,
    HarbourError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    InvalidValueError,
    MissingExtraError,
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
from harbour.rules.step import Refusal
from harbour.scoring import Outcome, outcome, returns, victory_points
from harbour.setup import new_game
from harbour.state import MARKET_VALUES, BoardSite, CardSite, GameState, PlayerState, Site

#: The version of the ``harbour-rules`` distribution (PEP 440): the ``Library`` tag of every
#: record (a test checks the two agree).
__version__ = "0.1.0"

if TYPE_CHECKING:
    # The submodules of the floors, as attributes of the package (``harbour.notation``).
    from harbour.agents import actions, tensors
    from harbour.agents import bots as bots
    from harbour.agents import search as search
    from harbour.agents.search import ISMCTSBot
    from harbour.interchange import gamerecord as gamerecord
    from harbour.interchange import notation, records
    from harbour.interchange import poscode as poscode
    from harbour.interchange import serialization as serialization
    from harbour.interchange.poscode import code, from_code
    from harbour.interchange.serialization import from_json, to_json
    from harbour.observation import Observation, PlayerView, observe
    from harbour.positions import position
    from harbour.validation import Violation, validate
    from harbour.views import svg
    from harbour.views import view as view
    from harbour.views.view import render

#: The public names loaded on first use, and the module each comes from. ``determinize``
#: cannot be one: importing the submodule :mod:`harbour.determinize` sets the package's
#: attribute of that name to the module, which would then hide the function.
_LAZY: Final = {
    "ISMCTSBot": "harbour.agents.search",
    "Observation": "harbour.observation",
    "PlayerView": "harbour.observation",
    "Violation": "harbour.validation",
    "code": "harbour.interchange.poscode",
    "from_code": "harbour.interchange.poscode",
    "from_json": "harbour.interchange.serialization",
    "observe": "harbour.observation",
    "position": "harbour.positions",
    "render": "harbour.views.view",
    "to_json": "harbour.interchange.serialization",
    "validate": "harbour.validation",
}

#: The submodules loaded on first use as attributes, and where each lives: the public ones and those an
#: ``import harbour`` used to bring in, so that ``harbour.agents.search.ISMCTSBot`` still works.
_SUBMODULES: Final = {
    "actions": "harbour.agents.actions",
    "bots": "harbour.agents.bots",
    "gamerecord": "harbour.interchange.gamerecord",
    "notation": "harbour.interchange.notation",
    "observation": "harbour.observation",
    "poscode": "harbour.interchange.poscode",
    "positions": "harbour.positions",
    "records": "harbour.interchange.records",
    "search": "harbour.agents.search",
    "serialization": "harbour.interchange.serialization",
    "svg": "harbour.views.svg",
    "tensors": "harbour.agents.tensors",
    "validation": "harbour.validation",
    "view": "harbour.views.view",
}


# Hidden from type checkers, which see the imports under TYPE_CHECKING instead: a visible
# module __getattr__ would make them accept any name as an attribute of the package.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        """The lazily loaded public names and submodules (PEP 562), imported on first use."""
        if name in _LAZY:
            value: object = getattr(importlib.import_module(_LAZY[name]), name)
        elif name in _SUBMODULES:
            value = importlib.import_module(_SUBMODULES[name])
        else:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    """Every name of the package, the lazily loaded ones included."""
    return sorted({*globals(), *_LAZY, *_SUBMODULES})


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
    "CardFileError",
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
    "MissingExtraError",
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
    "cards",
    "chance",
    "chance_outcomes",
    "code",
    "current_player",
    "determinize",
    "events",
    "explain",
    "from_code",
    "from_json",
    "is_over",
    "legal_moves",
    "new_game",
    "notation",
    "observe",
    "outcome",
    "position",
    "random_playout",
    "records",
    "render",
    "returns",
    "svg",
    "tensors",
    "to_json",
    "validate",
    "verify_move",
    "victory_points",
]
