"""Chance during play: the outcomes of a chance node (the game protocol's ``chance_outcomes``).

Harbour has none: its chance is all in its setup (SETUP-7), drawn from the seed by
:func:`harbour.new_game`, so :func:`chance_outcomes` is always empty. Every game keeps
this function in a module of this name (:mod:`machikoro.chance`, :mod:`bremerhaven.chance`).

>>> import harbour
>>> chance_outcomes(harbour.new_game(2, seed=1))
()
"""

from __future__ import annotations

from harbour.state import GameState

__all__ = ["chance_outcomes"]


def chance_outcomes(state: GameState) -> tuple[()]:
    """The shared protocol's chance outcomes: none, as Harbour has no chance during play."""
    return ()
