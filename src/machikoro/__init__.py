"""Machi Koro with the Harbor expansion: a typed, immutable, pure rules engine.

The base game (Masao Suganuma; Grounding, 2012) and its Harbor expansion, with every
decision a move, chance (dice, market draws) as explicit decisions with exact
probabilities, a formal specification citing the expansion's rulebook and the public
sources of the base game (``machikoro/spec``), and every open reading selectable
(:class:`RulesOptions`).

>>> import machikoro
>>> from meeplekit.rng import SplitMix64
>>> state = machikoro.new_game(2, seed=1)  # the market is drawn with the seed
>>> machikoro.legal_moves(state)  # Player 1 rolls one die (no Train Station yet)
(RollDice(dice=1),)
>>> state = machikoro.apply_move(state, machikoro.RollDice(1))
>>> machikoro.current_player(state)  # chance decides the dice
-1
>>> state = machikoro.apply_move(state, machikoro.Dice((1,)))  # force a roll of 1
>>> state.coins  # each player's Wheat Field paid 1 coin
(4, 4)
>>> rng = SplitMix64(7)
>>> while not machikoro.is_over(state):
...     if machikoro.current_player(state) == machikoro.CHANCE:
...         move = machikoro.sample_chance(state, rng)
...     else:
...         move = rng.choice(machikoro.legal_moves(state))
...     state = machikoro.apply_move(state, move)
>>> machikoro.outcome(state).winners[0] in (0, 1)
True
"""

from machikoro import cards, chance, events
from machikoro.agents import actions, tensors
from machikoro.agents.search import ISMCTSBot
from machikoro.cards.model import Establishment, Landmark
from machikoro.chance import chance_outcomes, sample_chance
from machikoro.determinize import determinize
from machikoro.engine import (
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
from machikoro.errors import (
    AmbiguousMoveError,
    CardFileError,
    DocumentError,
    GameNotOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    InvalidValueError,
    MachiKoroError,
    MissingExtraError,
    MoveParseError,
    RecordError,
)
from machikoro.facts import GAME, GameFacts
from machikoro.interchange import notation, records
from machikoro.interchange.poscode import code, from_code
from machikoro.interchange.serialization import from_json, to_json
from machikoro.moves import (
    Activate,
    AddTwo,
    BuildEstablishment,
    BuildLandmark,
    BuildNothing,
    ChooseOpponent,
    Dice,
    Draw,
    KeepRoll,
    Move,
    NoTrade,
    RollDice,
    Trade,
)
from machikoro.observation import Observation, observe
from machikoro.options import (
    AmusementParkBuilt,
    AmusementParkRoll,
    BusinessCenter,
    ExtraTurns,
    FlowerShopMall,
    MajorCopies,
    Market,
    PurpleOrder,
    RerollDice,
    RulesOptions,
    SushiBarCost,
    TunaRoll,
)
from machikoro.positions import position
from machikoro.rules.step import Refusal
from machikoro.scoring import Outcome, outcome, returns
from machikoro.setup import new_game
from machikoro.state import GameState, PlayerView
from machikoro.validation import Violation, validate
from machikoro.views import svg
from machikoro.views.view import render
from meeplekit.protocol import CHANCE

#: The version of the ``machikoro-rules`` distribution (PEP 440): the ``Library`` tag of every
#: record (a test checks the two agree).
__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "GAME",
    "Activate",
    "AddTwo",
    "AmbiguousMoveError",
    "AmusementParkBuilt",
    "AmusementParkRoll",
    "BuildEstablishment",
    "BuildLandmark",
    "BuildNothing",
    "BusinessCenter",
    "CardFileError",
    "ChooseOpponent",
    "Dice",
    "DocumentError",
    "Draw",
    "Establishment",
    "ExtraTurns",
    "FlowerShopMall",
    "GameFacts",
    "GameNotOverError",
    "GameState",
    "ISMCTSBot",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvalidValueError",
    "KeepRoll",
    "Landmark",
    "MachiKoroError",
    "MajorCopies",
    "Market",
    "MissingExtraError",
    "Move",
    "MoveParseError",
    "NoTrade",
    "Observation",
    "Outcome",
    "PlayerView",
    "PurpleOrder",
    "RecordError",
    "Refusal",
    "RerollDice",
    "RollDice",
    "RulesOptions",
    "SushiBarCost",
    "Trade",
    "TunaRoll",
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
    "records",
    "render",
    "returns",
    "sample_chance",
    "svg",
    "tensors",
    "to_json",
    "validate",
    "verify_move",
]
