"""Starting a game (rules SETUP-1 to SETUP-7): :func:`new_game`.

The setup rules live in :mod:`harbour.rules.setup`; this module keeps the public names.
"""

from __future__ import annotations

from harbour.facts import GAME
from harbour.rules.setup import new_game

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "new_game"]

#: The fewest players (``GAME.min_players``).
MIN_PLAYERS = GAME.min_players
#: The most players (``GAME.max_players``).
MAX_PLAYERS = GAME.max_players
