"""An OpenSpiel game of Bremerhaven (rules BH-SPIEL-1 to BH-SPIEL-7; extra ``[openspiel]``).

Importing this module registers the Python game ``python_bremerhaven`` with ``pyspiel``;
load it by name with its parameters:

>>> import pyspiel
>>> import bremerhaven
>>> from bremerhaven import openspiel
>>> game = pyspiel.load_game("python_bremerhaven", {"players": 3, "game": "short"})
>>> game.num_players(), game.max_game_length() == openspiel.MAX_DECISIONS
(3, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()) == openspiel.SEEDS
(True, True)
>>> state.apply_action(7)  # the setup seed (BH-SPIEL-2)
>>> state.state == bremerhaven.new_game(3, seed=7, options=game.options)
True
>>> state.is_chance_node(), len(state.legal_actions()) > 0
(False, True)
>>> str(state) == str(state.state)  # the text view (BH-SPIEL-7)
True
>>> pyspiel.load_game("python_bremerhaven").num_players()  # the default (BH-SPIEL-6)
3

The parameters (BH-SPIEL-1) are ``players`` (1 to 4, default 3, BH-SPIEL-6; 1 is the solo
game), ``max_decisions`` (the length cap, BH-SPIEL-4, default :data:`MAX_DECISIONS`) and
one per field of :class:`~bremerhaven.options.RulesOptions`, by the field's name: a switch
is a boolean (``"bank_counts": True``), a reading the string value of its enum member
(``"game": "short"``). The game is played with the library's original card set
(:data:`bremerhaven.cards.ORIGINAL`).

- Chance is explicit (BH-SPIEL-2): the first node of every game is a chance node that draws
  the setup seed among :data:`SEEDS` equally likely outcomes; every later node is a
  decision (the game has no chance in play, BH-ENGINE-10), and the action of a decision is
  its integer code of :mod:`bremerhaven.actions`.
- Utilities (BH-SPIEL-3): a zero-sum game; at the end the winner gets +1 and every other
  player -1/(n-1) (:func:`bremerhaven.returns`; the solo seat 0); a game cut short by the
  cap (BH-SPIEL-4) is a draw, 0 for everyone.
- Observers (BH-SPIEL-5): the observation and the information state of a player are both
  built from :func:`bremerhaven.observe` alone: the tensor is
  :func:`bremerhaven.tensors.observation_tensor`, the string
  :func:`bremerhaven.tensors.information_state_string`.
- ``resample_from_infostate`` draws a state the player cannot tell from this one with
  :func:`bremerhaven.determinize`.
- ``str(state)`` is the text view, ``bremerhaven.view.render`` (BH-SPIEL-7); a state is
  serialized by its history.

The game is the shared OpenSpiel adapter (:mod:`meeplekit.openspiel`) registered with
Bremerhaven's description (:data:`bremerhaven.learning.LEARNING`). This module needs
``open_spiel`` and ``numpy`` (``pip install 'bremerhaven-rules[openspiel]'``); ``import
bremerhaven`` does not import it. Without them, importing it raises
:class:`~bremerhaven.extras.MissingExtraError`, whose one line names the extra.
"""

from __future__ import annotations

from typing import Any, Final

from bremerhaven.extras import require

require("openspiel")  # before the imports below: one line naming the extra if it is missing

import pyspiel  # noqa: E402

from bremerhaven.cards.model import CardSet  # noqa: E402
from bremerhaven.cards.original import ORIGINAL  # noqa: E402
from bremerhaven.learning import LEARNING, utilities  # noqa: E402
from bremerhaven.options import RulesOptions  # noqa: E402
from bremerhaven.state import GameState  # noqa: E402
from meeplekit import openspiel as shared  # noqa: E402

__all__ = [
    "GAME_TYPE",
    "MAX_DECISIONS",
    "SEEDS",
    "BremerhavenGame",
    "BremerhavenObserver",
    "BremerhavenState",
    "utilities",
]

#: The default cap on the decisions of one game (BH-SPIEL-4): 300 random games per number
#: of players and game length took at most 456 decisions (the specification lists the
#: distribution).
MAX_DECISIONS: Final = LEARNING.max_decisions

#: The number of equally likely setup seeds the chance node draws from (BH-SPIEL-2).
SEEDS: Final = LEARNING.setup_seeds

#: The game's type: ``python_bremerhaven``, sequential, explicit chance, imperfect
#: information, zero-sum, terminal rewards, 1 to 4 players (default 3, BH-SPIEL-6), and
#: its parameters (BH-SPIEL-1).
GAME_TYPE: Final = shared.game_type(LEARNING)


class BremerhavenState(shared.SpielState[GameState]):
    """A position of ``python_bremerhaven``: a chance node, then a :class:`GameState`.

    :attr:`state` is ``None`` at the chance node that draws the setup seed (BH-SPIEL-2),
    then the position; :attr:`decisions` counts the decisions taken (BH-SPIEL-4). Chance
    outcomes are the setup seeds, each with probability ``1 / SEEDS``; a decision's action
    is its code (:mod:`bremerhaven.actions`); :meth:`returns` are :func:`utilities` at the
    end (BH-SPIEL-3); ``str(state)`` is the text view (BH-SPIEL-7).
    """

    learning = LEARNING


class BremerhavenObserver(shared.SpielObserver):
    """Observation tensors and strings of ``python_bremerhaven`` (OpenSpiel's PyObserver).

    Whatever the observation type, a player sees :func:`bremerhaven.observe` of the
    position (BH-SPIEL-5): :attr:`tensor` is :func:`bremerhaven.tensors.observation_tensor`
    as ``float32``, :meth:`string_from` gives
    :func:`bremerhaven.tensors.information_state_string`. Before setup the tensor is all
    zeros and the string says so. Only the private information of the player observing
    (OpenSpiel's ``SINGLE_PLAYER``) is offered.
    """


class BremerhavenGame(shared.SpielGame):
    """The game ``python_bremerhaven``: what :func:`pyspiel.load_game` makes (BH-SPIEL-1)."""

    learning = LEARNING
    game_type = GAME_TYPE
    state_type = BremerhavenState
    observer_type = BremerhavenObserver

    @property
    def options(self) -> RulesOptions:
        """The game's length and rule readings every game is played under (the parameters)."""
        options: RulesOptions = super().options
        return options

    @property
    def cards(self) -> CardSet:
        """The card set every game is played with: the library's original set."""
        return ORIGINAL

    def new_initial_state(self) -> BremerhavenState:
        """A new game at its chance node, before the setup seed is drawn (BH-SPIEL-2)."""
        return BremerhavenState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BremerhavenObserver:
        """An observer of tensors and strings built from :func:`bremerhaven.observe`."""
        return BremerhavenObserver(self, iig_obs_type, params)


pyspiel.register_game(GAME_TYPE, BremerhavenGame)
