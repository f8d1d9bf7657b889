"""Bremerhaven (Robert Auerochs, Lookout Spiele 2013) as a rules library.

The game's state is an immutable :class:`GameState`; :func:`new_game` starts one,
:func:`legal_moves` lists every legal move and :func:`apply_move` returns the state after
one. The rules follow the rulebook (``004_1ae39a76b32b2566.txt``) clause by clause, in the
specification shipped in ``bremerhaven/spec``. No card values of the printed game are
public: the game plays with the library's original card set, labelled original everywhere,
or with a card file (:mod:`bremerhaven.cards`).

>>> import bremerhaven
>>> state = bremerhaven.new_game(3, seed=1)
>>> while not bremerhaven.is_over(state):
...     state = bremerhaven.apply_move(state, bremerhaven.legal_moves(state)[0])
>>> len(bremerhaven.outcome(state).points)
3
"""

from __future__ import annotations

from bremerhaven import cards, chance, events
from bremerhaven.agents import actions, tensors
from bremerhaven.agents.search import ISMCTSBot
from bremerhaven.cards.model import CardSet, Good, Space
from bremerhaven.chance import chance_outcomes
from bremerhaven.determinize import determinize
from bremerhaven.engine import (
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
from bremerhaven.errors import (
    AmbiguousMoveError,
    BremerhavenError,
    CardFileError,
    DocumentError,
    GameNotOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    InvalidValueError,
    MissingExtraError,
    MoveParseError,
    RecordError,
)
from bremerhaven.facts import GAME, GameFacts
from bremerhaven.interchange import notation, records
from bremerhaven.interchange.poscode import code, from_code
from bremerhaven.interchange.serialization import from_json, to_json
from bremerhaven.moves import (
    Berth,
    Bid,
    Build,
    BuyPermit,
    ChoosePrice,
    ClearCover,
    Deliver,
    EndMovement,
    EndPermits,
    EndProduction,
    Move,
    Pack,
    PayDifference,
    PlaceBollard,
    PlaceContract,
    Produce,
    ResolveContract,
    RotatePrices,
    StartingGood,
    SwapRanks,
    Unload,
    Unpack,
)
from bremerhaven.observation import Observation, SeenBid, observe
from bremerhaven.options import RulesOptions
from bremerhaven.positions import position
from bremerhaven.scoring import Outcome, outcome, rating, returns, scores
from bremerhaven.setup import new_game
from bremerhaven.state import GameState, Harbour
from bremerhaven.validation import Violation, validate
from bremerhaven.views import svg
from bremerhaven.views.view import render
from meeplekit.rules import Refusal

#: The version of the ``bremerhaven-rules`` distribution (PEP 440): the ``Library`` tag of every
#: record (a test checks the two agree).
__version__ = "0.1.0"

__all__ = [
    "GAME",
    "AmbiguousMoveError",
    "Berth",
    "Bid",
    "BremerhavenError",
    "Build",
    "BuyPermit",
    "CardFileError",
    "CardSet",
    "ChoosePrice",
    "ClearCover",
    "Deliver",
    "DocumentError",
    "EndMovement",
    "EndPermits",
    "EndProduction",
    "GameFacts",
    "GameNotOverError",
    "GameState",
    "Good",
    "Harbour",
    "ISMCTSBot",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
    "MissingExtraError",
    "Move",
    "MoveParseError",
    "Observation",
    "Outcome",
    "Pack",
    "PayDifference",
    "PlaceBollard",
    "PlaceContract",
    "Produce",
    "RecordError",
    "Refusal",
    "ResolveContract",
    "RotatePrices",
    "RulesOptions",
    "SeenBid",
    "Space",
    "StartingGood",
    "SwapRanks",
    "Unload",
    "Unpack",
    "Violation",
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
    "rating",
    "records",
    "render",
    "returns",
    "scores",
    "svg",
    "tensors",
    "to_json",
    "validate",
    "verify_move",
]
