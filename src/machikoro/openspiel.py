"""An OpenSpiel game of Machi Koro (rules MK-SPIEL-1 to MK-SPIEL-7; extra ``[openspiel]``).

Importing this module registers the Python game ``python_machikoro`` with ``pyspiel``; load
it by name with its parameters:

>>> import pyspiel
>>> from machikoro import openspiel
>>> game = pyspiel.load_game("python_machikoro", {"players": 3, "reroll_dice": "same"})
>>> game.num_players(), game.max_game_length() == openspiel.MAX_DECISIONS
(3, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node()  # the market's first card (MK-SPIEL-2)
True
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), state.legal_actions()  # Player 1 rolls one die
(0, [0])
>>> state.apply_action(0)
>>> [(state.action_to_string(a), p) for a, p in state.chance_outcomes()][:2]
[('dice 1 (1948)', 0.16666666666666666), ('dice 2 (1949)', 0.16666666666666666)]
>>> str(state) == str(state.state)  # the text view (MK-SPIEL-7)
True
>>> pyspiel.load_game("python_machikoro").num_players()  # the default (MK-SPIEL-6)
3

The parameters (MK-SPIEL-1) are ``players`` (2 to 5, default 3, MK-SPIEL-6; 2 to 4 in the
base game), ``max_decisions`` (the length cap, MK-SPIEL-4, default :data:`MAX_DECISIONS`)
and one per field of :class:`~machikoro.options.RulesOptions`, by the field's name: a
switch is a boolean (``"expansion": False``), a reading the string value of its enum member
(``"reroll_dice": "same"``).

- Chance is explicit (MK-SPIEL-2): a game begins at :func:`machikoro.learning.start`, the
  position before the market is drawn, and every chance node (a market draw, the dice, the
  Tuna Boat's roll) gives :func:`machikoro.chance_outcomes` by their codes of
  :mod:`machikoro.actions`, each with its exact probability as a float. A decision's action
  is its code; an action's string is the move in notation
  (:func:`machikoro.notation.format_move`) and its code.
- Utilities (MK-SPIEL-3): +1 for the winner and -1/(n-1) for every other player; a game
  cut short by the cap (MK-SPIEL-4) is a draw, 0 for everyone.
- Observers (MK-SPIEL-5): a game of perfect information; a player's observation and
  information state are both built from :func:`machikoro.observe`: the tensor
  :func:`machikoro.tensors.observation_tensor`, the string
  :func:`machikoro.tensors.information_state_string`.
- ``str(state)`` is the text view, ``machikoro.view.render`` (MK-SPIEL-7); a state is
  serialized by its history.

The game is the shared OpenSpiel adapter (:mod:`meeplekit.openspiel`) registered with
Machi Koro's description (:data:`machikoro.learning.LEARNING`). This module needs
``open_spiel`` and ``numpy`` (``pip install 'machikoro-rules[openspiel]'``); ``import
machikoro`` does not import it. Without them, importing it raises
:class:`~machikoro.extras.MissingExtraError`, whose one line names the extra.
"""

from __future__ import annotations

from typing import Any, Final

from machikoro.extras import require

require("openspiel")  # before the imports below: one line naming the extra if it is missing

import pyspiel  # noqa: E402

from machikoro.learning import LEARNING, utilities  # noqa: E402
from machikoro.options import RulesOptions  # noqa: E402
from machikoro.state import GameState  # noqa: E402
from meeplekit import openspiel as shared  # noqa: E402

__all__ = [
    "GAME_TYPE",
    "MAX_DECISIONS",
    "MachiKoroGame",
    "MachiKoroObserver",
    "MachiKoroState",
    "utilities",
]

#: The default cap on the decisions of one game (MK-SPIEL-4): 300 random games per row
#: took at most 513 decisions (the specification lists the distribution).
MAX_DECISIONS: Final = LEARNING.max_decisions

#: The game's type: ``python_machikoro``, sequential, explicit chance, perfect
#: information, zero-sum, terminal rewards, 2 to 5 players (default 3, MK-SPIEL-6), and its
#: parameters (MK-SPIEL-1).
GAME_TYPE: Final = shared.game_type(LEARNING)


class MachiKoroState(shared.SpielState[GameState]):
    """A position of ``python_machikoro``: a :class:`~machikoro.state.GameState` (MK-SPIEL-2).

    :attr:`state` is the position (never ``None``: the game begins at
    :func:`machikoro.learning.start`); :attr:`decisions` counts the decisions taken, chance
    outcomes not included (MK-SPIEL-4). At a chance node the actions are the codes of the
    outcomes (MK-SPIEL-2); :meth:`returns` are :func:`utilities` at the end (MK-SPIEL-3);
    ``str(state)`` is the text view (MK-SPIEL-7).
    """

    learning = LEARNING


class MachiKoroObserver(shared.SpielObserver):
    """Observation tensors and strings of ``python_machikoro`` (OpenSpiel's PyObserver).

    A player sees :func:`machikoro.observe` of the position (MK-SPIEL-5): :attr:`tensor` is
    :func:`machikoro.tensors.observation_tensor` as ``float32``, :meth:`string_from` gives
    :func:`machikoro.tensors.information_state_string`. Nothing is secret, so every
    observation type gets the same.
    """


class MachiKoroGame(shared.SpielGame):
    """The game ``python_machikoro``: what :func:`pyspiel.load_game` makes (MK-SPIEL-1)."""

    learning = LEARNING
    game_type = GAME_TYPE
    state_type = MachiKoroState
    observer_type = MachiKoroObserver

    @property
    def options(self) -> RulesOptions:
        """The edition, market and readings every game is played under (the parameters)."""
        options: RulesOptions = super().options
        return options

    def new_initial_state(self) -> MachiKoroState:
        """A new game, before its market is drawn (MK-SPIEL-2)."""
        return MachiKoroState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MachiKoroObserver:
        """An observer of tensors and strings built from :func:`machikoro.observe`."""
        return MachiKoroObserver(self, iig_obs_type, params)


pyspiel.register_game(GAME_TYPE, MachiKoroGame)
