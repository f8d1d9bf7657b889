"""Machi Koro for the learning adapters: its :class:`~meeplekit.learning.Learning` description.

:data:`LEARNING` tells the shared OpenSpiel game (:mod:`meeplekit.openspiel`, registered
by :mod:`machikoro.openspiel`) and PettingZoo environment (:mod:`meeplekit.pettingzoo`,
made by :mod:`machikoro.pettingzoo`) how Machi Koro is set up, coded and seen: its action
codes (:mod:`machikoro.actions`, chance outcomes included), tensors
(:mod:`machikoro.tensors`), move notation, text view and position picture
(``machikoro.notation.format_move``, ``machikoro.view.render`` and
``machikoro.svg.position`` where the package has them; the notation and the text fall back
to ``repr``). A game is set up with its :class:`~machikoro.options.RulesOptions`;
all of its chance is explicit, the market drawn at setup included (:func:`start`,
MK-SPIEL-2). Needs no extra.

>>> from machikoro.learning import LEARNING, start
>>> LEARNING.name, LEARNING.min_players, LEARNING.max_players, LEARNING.default_players
('machikoro', 2, 5, 3)
>>> state = start(2, RulesOptions())
>>> machikoro.current_player(state) == machikoro.CHANCE  # the first card of the market
True
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any, Final

import attrs

import machikoro
from machikoro import actions, tensors
from machikoro.errors import InvalidValueError
from machikoro.moves import Move
from machikoro.observation import Observation
from machikoro.options import RulesOptions
from machikoro.rules.work import DRAW
from machikoro.scoring import returns
from machikoro.setup import new_game
from machikoro.state import GameState
from machikoro.tables import tables_for
from meeplekit.learning import Learning

__all__ = ["DEFAULT_PLAYERS", "LEARNING", "start", "utilities"]

#: The number of players both adapters play when none is given (MK-SPIEL-6): 3, the middle
#: of the base game's 2 to 4 (MK-PLAYERS-1), a count both editions allow, and the game the
#: demo plays.
DEFAULT_PLAYERS: Final = 3


def start(players: int, options: RulesOptions) -> GameState:
    """The position of a new game before its market is drawn (MK-SPIEL-2).

    It is :func:`machikoro.new_game`'s position with the market's cards back in the deck
    and the draws still to come, on top of Player 1's roll; its seed is 0 (no seed fills
    its market: the OpenSpiel game's chance nodes do). Drawing with
    ``SplitMix64(seed)`` from it (:func:`machikoro.chance.sample`) gives ``new_game(players,
    seed=seed)`` again, seed aside (MK-CHANCE-4). With the base game's market, whose piles
    are all laid out, it is ``new_game``'s position itself. Raises
    :class:`~machikoro.errors.InvalidValueError` as ``new_game`` does.
    """
    state = new_game(players, seed=0, options=options)
    if not tables_for(state.options, players).harbor_market:
        return state
    return attrs.evolve(
        state,
        market=(0,) * len(state.market),
        deck=tuple(shown + left for shown, left in zip(state.market, state.deck, strict=True)),
        stack=(*state.stack, DRAW),
    )


def utilities(state: GameState) -> tuple[float, ...]:
    """Each seat's utility of a game stopped at ``state`` (MK-SPIEL-3).

    Over: :func:`machikoro.returns` (+1 for the winner, -1/(n-1) for every other seat).
    Cut short by the cap on decisions (MK-SPIEL-4): 0 for every seat, a draw, since only
    completing every landmark wins.
    """
    if state.stack:
        return (0.0,) * len(state.coins)
    return returns(state)


def _new_game(players: int, seed: int, options: RulesOptions) -> GameState:
    return new_game(players, seed=seed, options=options)


def _move_repr(state: GameState, move: Move) -> str:
    return repr(move)


def _optional(module: str, name: str) -> Any:
    """The function ``module.name`` of the package, or ``None`` when it has none."""
    if importlib.util.find_spec(module) is None:
        return None
    found = getattr(importlib.import_module(module), name, None)
    return found if callable(found) else None


#: A move as text (an OpenSpiel action's string): ``machikoro.notation.format_move``, else
#: the move's ``repr``.
_FORMAT: Final[Callable[[GameState, Move], str]] = (
    _optional("machikoro.notation", "format_move") or _move_repr
)
#: The text view (MK-ENV-5): ``machikoro.view.render``, else the state's ``repr``.
_TEXT: Final[Callable[[GameState], str]] = _optional("machikoro.view", "render") or repr
#: The position picture as SVG (MK-ENV-5): ``machikoro.svg.position``, if the package has it.
_PICTURE: Final[Callable[[GameState], str] | None] = _optional("machikoro.svg", "position")

#: Machi Koro for the learning adapters (MK-SPIEL-1 to MK-SPIEL-5, MK-ENV-1 to MK-ENV-5).
LEARNING: Final[Learning[GameState, Move, Observation, RulesOptions]] = Learning(
    name="machikoro",
    title="Machi Koro",
    game=machikoro,
    min_players=2,
    max_players=5,
    default_players=DEFAULT_PLAYERS,
    perfect_information=True,
    options=RulesOptions,
    variant=lambda options: options,
    new_game=_new_game,
    start=start,
    chance_in_play=True,
    utilities=utilities,
    num_distinct_actions=actions.num_distinct_actions,
    encode=actions.encode,
    decode=actions.decode,
    legal_actions=actions.legal_actions,
    legal_action_mask=actions.legal_action_mask,
    observation_tensor_size=tensors.observation_tensor_size,
    observation_tensor=tensors.observation_tensor,
    information_state_string=tensors.information_state_string,
    format_move=_FORMAT,
    text=_TEXT,
    picture=_PICTURE,
    invalid_value=InvalidValueError,
)
