"""Starting a game (rules MK-SETUP-1 to MK-SETUP-3, MK-PLAYERS-1, MK-CHANCE-4): :func:`new_game`.

The setup rules live in :mod:`machikoro.rules.setup`; this module keeps the public name.
"""

from __future__ import annotations

from machikoro.options import RulesOptions
from machikoro.rules import setup as _setup
from machikoro.state import GameState

__all__ = ["new_game"]


def new_game(
    players: int, *, seed: int | None = None, options: RulesOptions | None = None
) -> GameState:
    """A new game of ``players`` players (2 to 4; 2 to 5 with the expansion), from ``seed``.

    Each player has 3 coins, a Wheat Field, a Bakery and their landmarks under construction
    (City Hall built, with the expansion). The Harbor marketplace is drawn with
    :class:`~meeplekit.rng.SplitMix64` seeded with ``seed`` (0 <= seed < 2**64) through the
    same chance nodes as during play, so the game begins at Player 1's first decision, the
    roll (MK-CHANCE-4). Without a ``seed`` the library draws a 64-bit one from the operating
    system (:mod:`secrets`). ``options`` selects the edition, market and readings (default:
    the Harbor expansion and the documented readings).

    Raises :class:`~machikoro.errors.InvalidValueError` (a ``ValueError``) for a bad
    argument, saying which and why (MK-INPUT-3).
    """
    return _setup.new_game(players, seed=seed, options=options)
