"""The library's own seeded shuffling (rule SETUP-7): the shared layer's generator.

The generator is :class:`meeplekit.rng.SplitMix64` (SplitMix64, rejection-sampled bounded
integers, the Fisher-Yates shuffle), shared by every game of the project; this module keeps
its old import path. The same seed gives the same game on every Python version and
platform. The generator object is created inside :func:`harbour.new_game` (or a bot) and
never shared: there is no module-level random state.
"""

from __future__ import annotations

from meeplekit.rng import SplitMix64

__all__ = ["SplitMix64"]
