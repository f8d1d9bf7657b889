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
  its integer code of :mod:`bremerhaven.agents.actions`.
- Utilities (BH-SPIEL-3): a zero-sum game; at the end the winner gets +1 and every other
  player -1/(n-1) (:func:`bremerhaven.returns`; the solo seat 0); a game cut short by the
  cap (BH-SPIEL-4) is a draw, 0 for everyone.
- Observers (BH-SPIEL-5): the observation and the information state of a player are both
  built from :func:`bremerhaven.observe` alone: the tensor is
  :func:`bremerhaven.agents.tensors.observation_tensor`, the string
  :func:`bremerhaven.agents.tensors.information_state_string`.
- ``resample_from_infostate`` draws a state the player cannot tell from this one with
  :func:`bremerhaven.determinize`.
- ``str(state)`` is the text view, ``bremerhaven.views.view.render`` (BH-SPIEL-7); a state is
  serialized by its history.

The game is the shared OpenSpiel adapter (:mod:`meeplekit.openspiel`) serving the game's
description (:data:`bremerhaven.info.INFO`); this module only names its parts. It needs
``open_spiel`` and ``numpy`` (``pip install 'bremerhaven-rules[openspiel]'``); ``import bremerhaven`` does
not import it. Without them, importing it raises :class:`~bremerhaven.errors.MissingExtraError`,
whose one line names the extra.
"""

from __future__ import annotations

from typing import Final

from bremerhaven.info import INFO
from bremerhaven.scoring import utilities

INFO.require("openspiel")  # before the adapter: one line naming the extra if it is missing

from meeplekit.openspiel import served  # noqa: E402

_SERVED: Final = served("bremerhaven")

__all__ = [
    "GAME_TYPE",
    "MAX_DECISIONS",
    "SEEDS",
    "BremerhavenGame",
    "BremerhavenObserver",
    "BremerhavenState",
    "utilities",
]

#: The game's type: ``python_bremerhaven`` and its parameters (registered on import).
GAME_TYPE: Final = _SERVED.game_type
#: The default cap on the decisions of one game.
MAX_DECISIONS: Final = _SERVED.max_decisions
#: The number of equally likely setup seeds the first chance node draws from.
SEEDS: Final = _SERVED.seeds
#: The game: what :func:`pyspiel.load_game` makes.
BremerhavenGame: Final = _SERVED.game
#: A position of the game.
BremerhavenState: Final = _SERVED.state
#: Its observation tensors and strings.
BremerhavenObserver: Final = _SERVED.observer
