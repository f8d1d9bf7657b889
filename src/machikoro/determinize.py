"""A full state consistent with an observation: :func:`determinize` (minimal).

Nothing is hidden (:mod:`machikoro.observation`), so the only state consistent with an
observation is the state it shows; the generator is not used.

>>> import machikoro
>>> from machikoro.rng import SplitMix64
>>> state = machikoro.new_game(3, seed=2)
>>> machikoro.determinize(machikoro.observe(state, 0), SplitMix64(1)) == state
True
"""

from __future__ import annotations

from machikoro.observation import Observation
from machikoro.state import GameState
from meeplekit.rng import SplitMix64

__all__ = ["determinize"]


def determinize(observation: Observation, rng: SplitMix64) -> GameState:
    """A state consistent with ``observation``: the observed state itself."""
    return observation.state
