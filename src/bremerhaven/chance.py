"""Chance during play: the outcomes of a chance node (the game protocol's ``chance_outcomes``).

Bremerhaven has none: every chance of the game is drawn at setup from the seed
(BH-ENGINE-10), so :func:`chance_outcomes` is always empty. Every game keeps this function
in a module of this name (:mod:`harbour.chance`, :mod:`machikoro.chance`).

>>> import bremerhaven
>>> chance_outcomes(bremerhaven.new_game(2, seed=1))
()
"""

from __future__ import annotations

from fractions import Fraction

from bremerhaven.errors import InvalidValueError
from bremerhaven.moves import Move
from bremerhaven.state import GameState
from meeplekit.values import not_a

__all__ = ["chance_outcomes"]


def chance_outcomes(state: GameState) -> tuple[tuple[Move, Fraction], ...]:
    """Always empty: every chance of the game is drawn at setup (BH-ENGINE-10)."""
    if not isinstance(state, GameState):  # BH-INPUT-1
        raise not_a(GameState, state, InvalidValueError)
    return ()
