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

- Chance is explicit (MK-SPIEL-2): a game begins at :func:`machikoro.setup.start`, the
  position before the market is drawn, and every chance node (a market draw, the dice, the
  Tuna Boat's roll) gives :func:`machikoro.chance_outcomes` by their codes of
  :mod:`machikoro.agents.actions`, each with its exact probability as a float. A decision's action
  is its code; an action's string is the move in notation
  (:func:`machikoro.interchange.notation.format_move`) and its code.
- Utilities (MK-SPIEL-3): +1 for the winner and -1/(n-1) for every other player; a game
  cut short by the cap (MK-SPIEL-4) is a draw, 0 for everyone.
- Observers (MK-SPIEL-5): a game of perfect information; a player's observation and
  information state are both built from :func:`machikoro.observe`: the tensor
  :func:`machikoro.agents.tensors.observation_tensor`, the string
  :func:`machikoro.agents.tensors.information_state_string`.
- ``str(state)`` is the text view, ``machikoro.views.view.render`` (MK-SPIEL-7); a state is
  serialized by its history.

The game is the shared OpenSpiel adapter (:mod:`meeplekit.openspiel`) serving the game's
description (:data:`machikoro.info.INFO`); this module only names its parts. It needs
``open_spiel`` and ``numpy`` (``pip install 'machikoro-rules[openspiel]'``); ``import machikoro`` does
not import it. Without them, importing it raises :class:`~machikoro.errors.MissingExtraError`,
whose one line names the extra.
"""

from __future__ import annotations

from typing import Final

from machikoro.info import INFO
from machikoro.scoring import utilities

INFO.require("openspiel")  # before the adapter: one line naming the extra if it is missing

from meeplekit.openspiel import served  # noqa: E402

_SERVED: Final = served("machikoro")

__all__ = [
    "GAME_TYPE",
    "MAX_DECISIONS",
    "MachiKoroGame",
    "MachiKoroObserver",
    "MachiKoroState",
    "utilities",
]

#: The game's type: ``python_machikoro`` and its parameters (registered on import).
GAME_TYPE: Final = _SERVED.game_type
#: The default cap on the decisions of one game.
MAX_DECISIONS: Final = _SERVED.max_decisions
#: The game: what :func:`pyspiel.load_game` makes.
MachiKoroGame: Final = _SERVED.game
#: A position of the game.
MachiKoroState: Final = _SERVED.state
#: Its observation tensors and strings.
MachiKoroObserver: Final = _SERVED.observer
