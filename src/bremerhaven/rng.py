"""The seeded random source: the shared layer's SplitMix64 (:mod:`meeplekit.rng`).

The generator object is made where it is needed (:func:`bremerhaven.new_game`, a bot, a
sampler of chance outcomes) and never shared: there is no module-level random state.
"""

from __future__ import annotations

from meeplekit.rng import SplitMix64

__all__ = ["SplitMix64"]
