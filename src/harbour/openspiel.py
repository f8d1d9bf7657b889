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
  decision, and the action of a decision is its integer code of :mod:`harbour.agents.actions`.
- Utilities (SPIEL-3): a zero-sum game; at the end each winner gets +1 divided by the
  number of winners and every other player -1 divided by their number (everyone 0 when all
  players tie), so utilities lie between -1 and +1.
- Observers (SPIEL-5): the observation and the information state of a player are both
  built from :func:`harbour.observe` alone: the tensor is
  :func:`harbour.agents.tensors.observation_tensor`, the string
  :func:`harbour.agents.tensors.information_state_string`.
- ``resample_from_infostate`` draws a state the player cannot tell from this one with
  :func:`harbour.determinize`.
- ``str(state)`` is the text view, :func:`harbour.render` (SPIEL-7); a state is
  serialized by its history.

The game is the shared OpenSpiel adapter (:mod:`meeplekit.openspiel`) serving the game's
description (:data:`harbour.info.INFO`); this module only names its parts. It needs
``open_spiel`` and ``numpy`` (``pip install 'harbour-rules[openspiel]'``); ``import harbour`` does
not import it. Without them, importing it raises :class:`~harbour.errors.MissingExtraError`,
whose one line names the extra.
"""

from __future__ import annotations

from typing import Final

from harbour.info import INFO
from harbour.scoring import utilities

INFO.require("openspiel")  # before the adapter: one line naming the extra if it is missing

from meeplekit.openspiel import served

_SERVED: Final = served("harbour")

__all__ = [
    "GAME_TYPE",
    "MAX_DECISIONS",
    "SEEDS",
    "HarbourGame",
    "HarbourObserver",
    "HarbourState",
    "utilities",
]

#: The game's type: ``python_harbour`` and its parameters (registered on import).
GAME_TYPE: Final = _SERVED.game_type
#: The default cap on the decisions of one game.
MAX_DECISIONS: Final = _SERVED.max_decisions
#: The number of equally likely setup seeds the first chance node draws from.
SEEDS: Final = _SERVED.seeds
#: The game: what :func:`pyspiel.load_game` makes.
HarbourGame: Final = _SERVED.game
#: A position of the game.
HarbourState: Final = _SERVED.state
#: Its observation tensors and strings.
HarbourObserver: Final = _SERVED.observer
