"""An OpenSpiel game of Harbour (rules SPIEL-1 to SPIEL-7; extra ``[openspiel]``).

Importing this module registers the Python game ``python_harbour`` with ``pyspiel``; load
it by name with its parameters:

>>> import pyspiel
>>> import harbour
>>> from harbour import openspiel
>>> game = pyspiel.load_game("python_harbour", {"players": 3, "characters": True})
>>> game.num_players(), game.max_game_length() == openspiel.MAX_DECISIONS
(3, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()) == openspiel.SEEDS
(True, True)
>>> state.apply_action(7)  # the setup seed (SPIEL-2)
>>> state.current_player(), len(state.legal_actions()) > 0
(0, True)
>>> str(state) == harbour.render(state.state)  # the text view (SPIEL-7)
True
>>> pyspiel.load_game("python_harbour").num_players()  # the default (SPIEL-6)
3

The parameters (SPIEL-1) are ``players`` (2 to 4, default 3, the game the rulebooks' setup
examples lay out, SPIEL-6), ``max_decisions`` (the length cap, SPIEL-4, default
:data:`MAX_DECISIONS`) and one per field of :class:`~harbour.options.RulesOptions`, by the
field's name: a switch is a boolean, a reading the string value of its enum member
(``"last_round": "all-players"``). The game is played with the original card set
(:data:`harbour.cards.ORIGINAL_SET`).

- Chance is explicit (SPIEL-2): the first node of every game is a chance node that draws
  the setup seed among :data:`SEEDS` equally likely outcomes; every later node is a
  decision, and the action of a decision is its integer code of :mod:`harbour.actions`.
- Utilities (SPIEL-3): a zero-sum game; at the end each winner gets +1 divided by the
  number of winners and every other player -1 divided by their number (everyone 0 when all
  players tie), so utilities lie between -1 and +1.
- Observers (SPIEL-5): the observation and the information state of a player are both
  built from :func:`harbour.observe` alone: the tensor is
  :func:`harbour.tensors.observation_tensor`, the string
  :func:`harbour.tensors.information_state_string`.
- ``resample_from_infostate`` draws a state the player cannot tell from this one with
  :func:`harbour.determinize`.
- ``str(state)`` is the text view, :func:`harbour.render` (SPIEL-7); a state is
  serialized by its history.

The game is the shared OpenSpiel adapter (:mod:`meeplekit.openspiel`) registered with
Harbour's description (:data:`harbour.learning.LEARNING`).

This module needs ``open_spiel`` and ``numpy`` (``pip install 'harbour-rules[openspiel]'``);
``import harbour`` does not import it. Without them, importing it raises
:class:`~harbour.extras.MissingExtraError`, whose one line names the extra.
"""

from __future__ import annotations

from typing import Any, Final

from harbour.extras import require

require("openspiel")  # before the imports below: one line naming the extra if it is missing

import pyspiel

from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.learning import LEARNING, utilities
from harbour.options import RulesOptions
from harbour.state import GameState
from meeplekit import openspiel as shared

__all__ = [
    "GAME_TYPE",
    "MAX_DECISIONS",
    "SEEDS",
    "HarbourGame",
    "HarbourObserver",
    "HarbourState",
    "utilities",
]

#: The default cap on the decisions of one game (SPIEL-4). 300 random games per number of
#: players took at most 652 decisions (4 players; the docs list the distribution), but the
#: rules bound no game's length.
MAX_DECISIONS: Final = LEARNING.max_decisions

#: The number of equally likely setup seeds the chance node draws from (SPIEL-2).
SEEDS: Final = LEARNING.setup_seeds

#: The game's type: ``python_harbour``, sequential, explicit chance, imperfect
#: information, zero-sum, terminal rewards, 2 to 4 players (default 3, SPIEL-6), and its
#: parameters (SPIEL-1).
GAME_TYPE: Final = shared.game_type(LEARNING)


class HarbourState(shared.SpielState[GameState]):
    """A position of ``python_harbour``: a chance node, then a :class:`GameState` (SPIEL-2).

    :attr:`state` is ``None`` at the chance node that draws the setup seed, then the
    position; :attr:`decisions` counts the decisions taken (SPIEL-4). Chance outcomes are
    the setup seeds, each with probability ``1 / SEEDS``; a decision's action is its code
    (:mod:`harbour.actions`); :meth:`returns` are :func:`utilities` at the end (SPIEL-3);
    ``str(state)`` is the text view, :func:`harbour.render` (SPIEL-7).
    """

    learning = LEARNING


class HarbourObserver(shared.SpielObserver):
    """Observation tensors and strings of ``python_harbour`` (OpenSpiel's PyObserver; SPIEL-5).

    Whatever the observation type, a player sees :func:`harbour.observe` of the position:
    :attr:`tensor` is :func:`harbour.tensors.observation_tensor` as ``float32``,
    :meth:`string_from` gives :func:`harbour.tensors.information_state_string`. Before
    setup the tensor is all zeros and the string says so. Only the private information of
    the player observing (OpenSpiel's ``SINGLE_PLAYER``) is offered.
    """


class HarbourGame(shared.SpielGame):
    """The game ``python_harbour``: what :func:`pyspiel.load_game` makes (SPIEL-1)."""

    learning = LEARNING
    game_type = GAME_TYPE
    state_type = HarbourState
    observer_type = HarbourObserver

    @property
    def options(self) -> RulesOptions:
        """The rule readings every game is played under (from the parameters)."""
        options: RulesOptions = super().options
        return options

    @property
    def cards(self) -> CardSet:
        """The card set every game is played with: the original set."""
        return ORIGINAL_SET

    def new_initial_state(self) -> HarbourState:
        """A new game at its chance node, before the setup seed is drawn (SPIEL-2)."""
        return HarbourState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> HarbourObserver:
        """An observer of tensors and strings built from :func:`harbour.observe` (SPIEL-5)."""
        return HarbourObserver(self, iig_obs_type, params)


pyspiel.register_game(GAME_TYPE, HarbourGame)
