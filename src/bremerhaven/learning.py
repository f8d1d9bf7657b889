"""Bremerhaven for the learning adapters: its :class:`~meeplekit.learning.Learning` description.

:data:`LEARNING` tells the shared OpenSpiel game (:mod:`meeplekit.openspiel`, registered
by :mod:`bremerhaven.openspiel`) and PettingZoo environment (:mod:`meeplekit.pettingzoo`,
made by :mod:`bremerhaven.pettingzoo`) how Bremerhaven is set up, coded and seen: its
action codes (:mod:`bremerhaven.actions`), tensors (:mod:`bremerhaven.tensors`), move
notation, text view and position picture (``bremerhaven.notation.format_move``,
``bremerhaven.view.render`` and ``bremerhaven.svg.position`` where the package has them;
the notation and the text fall back to ``repr``). A game is set up with a :class:`Variant`
(rule options and card set); every chance of the game is drawn at setup from its seed
(BH-ENGINE-10), so the OpenSpiel game's one chance node draws that seed (BH-SPIEL-2), and
play has no chance. One to four players: one is the solo game against the rule-driven
dummy (BH-ENGINE-12). Needs no extra.

>>> from bremerhaven.learning import LEARNING, Variant
>>> LEARNING.name, LEARNING.min_players, LEARNING.max_players, LEARNING.default_players
('bremerhaven', 1, 4, 3)
>>> LEARNING.new_game(2, 42, Variant()) == bremerhaven.new_game(2, seed=42)
True
>>> LEARNING.max_decisions
1000
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any, Final

import attrs

import bremerhaven
from bremerhaven import actions, tensors
from bremerhaven.cards.model import CardSet
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.errors import InvalidValueError
from bremerhaven.moves import Move
from bremerhaven.observation import Observation
from bremerhaven.options import RulesOptions
from bremerhaven.scoring import returns
from bremerhaven.setup import new_game
from bremerhaven.state import GameState
from meeplekit.learning import Learning

__all__ = ["DEFAULT_PLAYERS", "LEARNING", "MAX_DECISIONS", "Variant", "utilities"]

#: The number of players both adapters play when none is given (BH-SPIEL-6): 3, the
#: middle of the table game's 2 to 4 (the rulebook's "Even with 3 or 4 players"), not the
#: solo game, and the game the demo plays.
DEFAULT_PLAYERS: Final = 3

#: The default cap on the decisions of one game in both adapters (BH-SPIEL-4, BH-ENV-3):
#: 300 random games per number of players and game length took at most 456 decisions (the
#: specification lists the distribution).
MAX_DECISIONS: Final = 1000


@attrs.frozen
class Variant:
    """What a game of Bremerhaven is set up with besides the players and the seed."""

    #: The game's length and rule readings (``None``: the long game and the defaults).
    options: RulesOptions | None = None
    #: The card set (the library's original set by default, BH-CARD-15).
    cards: CardSet = ORIGINAL


def utilities(state: GameState) -> tuple[float, ...]:
    """Each seat's utility of a game stopped at ``state`` (BH-SPIEL-3).

    Over: :func:`bremerhaven.returns` (+1 for the winner, -1/(n-1) for every other seat;
    the solo seat 0, BH-ENGINE-13). Cut short by the cap on decisions (BH-SPIEL-4): 0 for
    every seat, a draw, since only the final score decides the game (BH-END-3).
    """
    if state.stack:
        return (0.0,) * state.seats
    return returns(state)


def _new_game(players: int, seed: int, variant: Variant) -> GameState:
    return new_game(players, seed=seed, options=variant.options, cards=variant.cards)


def _move_repr(state: GameState, move: Move) -> str:
    return repr(move)


def _optional(module: str, name: str) -> Any:
    """The function ``module.name`` of the package, or ``None`` when it has none."""
    if importlib.util.find_spec(module) is None:
        return None
    found = getattr(importlib.import_module(module), name, None)
    return found if callable(found) else None


#: A move as text (an OpenSpiel action's string): ``bremerhaven.notation.format_move``,
#: else the move's ``repr``.
_FORMAT: Final[Callable[[GameState, Move], str]] = (
    _optional("bremerhaven.notation", "format_move") or _move_repr
)
#: The text view (BH-ENV-5): ``bremerhaven.view.render``, else the state's ``repr``.
_TEXT: Final[Callable[[GameState], str]] = _optional("bremerhaven.view", "render") or repr
#: The position picture as SVG (BH-ENV-5): ``bremerhaven.svg.position``, if the package
#: has it.
_PICTURE: Final[Callable[[GameState], str] | None] = _optional("bremerhaven.svg", "position")

#: Bremerhaven for the learning adapters (BH-SPIEL-1 to BH-SPIEL-5, BH-ENV-1 to BH-ENV-5).
LEARNING: Final[Learning[GameState, Move, Observation, Variant]] = Learning(
    name="bremerhaven",
    title="Bremerhaven",
    game=bremerhaven,
    min_players=1,
    max_players=4,
    default_players=DEFAULT_PLAYERS,
    perfect_information=False,
    options=RulesOptions,
    variant=lambda options: Variant(options, ORIGINAL),
    new_game=_new_game,
    chance_in_play=False,
    utilities=utilities,
    num_distinct_actions=lambda variant: actions.num_distinct_actions(variant.cards),
    encode=actions.encode,
    decode=actions.decode,
    legal_actions=actions.legal_actions,
    legal_action_mask=actions.legal_action_mask,
    observation_tensor_size=lambda variant, players: tensors.observation_tensor_size(
        variant.cards, players
    ),
    observation_tensor=tensors.observation_tensor,
    information_state_string=tensors.information_state_string,
    format_move=_FORMAT,
    text=_TEXT,
    picture=_PICTURE,
    invalid_value=InvalidValueError,
    max_decisions=MAX_DECISIONS,
)
