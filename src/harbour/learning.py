"""Harbour for the learning adapters: its :class:`~meeplekit.learning.Learning` description.

:data:`LEARNING` tells the shared OpenSpiel game (:mod:`meeplekit.openspiel`, registered
by :mod:`harbour.openspiel`) and PettingZoo environment (:mod:`meeplekit.pettingzoo`,
made by :mod:`harbour.pettingzoo`) how Harbour is set up, coded and seen: its action codes
(:mod:`harbour.actions`), tensors (:mod:`harbour.tensors`), text view
(:func:`harbour.render`) and position picture (:func:`harbour.svg.position`). A game is
set up with a :class:`Variant` (rule options and card set); its setup chance is a seed
(SPIEL-2) and it has no chance during play. Needs no extra.

>>> from harbour.learning import LEARNING, Variant
>>> LEARNING.name, LEARNING.min_players, LEARNING.max_players, LEARNING.default_players
('harbour', 2, 4, 3)
>>> LEARNING.new_game(2, 42, Variant()) == harbour.new_game(2, seed=42)
True
"""

from __future__ import annotations

from typing import Final

import attrs

import harbour
from harbour import actions, tensors
from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.errors import InvalidValueError
from harbour.moves import Move
from harbour.notation import format_move
from harbour.observation import Observation
from harbour.options import RulesOptions
from harbour.positions import replace
from harbour.scoring import outcome, shares
from harbour.setup import new_game
from harbour.state import GameState
from harbour.view import render
from meeplekit.learning import Learning

__all__ = ["DEFAULT_PLAYERS", "LEARNING", "Variant", "utilities"]

#: The number of players both adapters play when none is given (SPIEL-6): 3, the game
#: the rulebooks' setup examples lay out ("for a 3 player game") and the demo plays.
DEFAULT_PLAYERS: Final = 3


@attrs.frozen
class Variant:
    """What a game of Harbour is set up with besides the players and the seed."""

    #: The rule readings (``None``: the defaults).
    options: RulesOptions | None = None
    #: The card set (the original set by default).
    cards: CardSet = ORIGINAL_SET


def utilities(state: GameState) -> tuple[float, ...]:
    """Each seat's utility from the scores of ``state`` as they stand (SPIEL-3).

    Each winner (:func:`harbour.outcome`, tie-breakers included) gets +1 divided by the
    number of winners, every other player -1 divided by their number; when all players
    tie, every one gets 0. The utilities add up to 0. A game cut short by the cap
    (SPIEL-4) is scored as if it ended now: its pending decisions are dropped.
    """
    if state.stack:
        state = replace(state, stack=())
    return shares(outcome(state).winners, len(state.players))


def _new_game(players: int, seed: int, variant: Variant) -> GameState:
    return new_game(players, seed=seed, options=variant.options, cards=variant.cards)


def _picture(state: GameState) -> str:
    from harbour.svg import position  # the pictures are drawn only when asked for

    return position(state)


#: Harbour for the learning adapters (SPIEL-1 to SPIEL-5, ENV-1 to ENV-5).
LEARNING: Final[Learning[GameState, Move, Observation, Variant]] = Learning(
    name="harbour",
    title="Harbour",
    game=harbour,
    min_players=2,
    max_players=4,
    default_players=DEFAULT_PLAYERS,
    perfect_information=False,
    options=RulesOptions,
    variant=lambda options: Variant(options, ORIGINAL_SET),
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
    format_move=format_move,
    text=render,
    picture=_picture,
    invalid_value=InvalidValueError,
)
