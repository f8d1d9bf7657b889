"""The random source every game shares: seeded, owned, the same on every platform.

Python's :mod:`random` does not promise the same sequence across versions, so the
libraries own their generator: SplitMix64 (Steele, Lea and Flood, 2014), bounded integers
by rejection sampling (no modulo bias) and the Fisher-Yates shuffle. The same seed gives
the same game on every Python version and platform.

A generator object is created where it is needed (a game's setup, a bot, a sampler of
chance outcomes) and never shared: there is no module-level random state.

>>> rng = SplitMix64(7)
>>> rng.below(6) in range(6)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["SplitMix64"]

_MASK = (1 << 64) - 1
T = TypeVar("T")


class SplitMix64:
    """SplitMix64 pseudo-random generator over 64-bit unsigned integers."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``range(bound)``, by rejection sampling."""
        if bound <= 0:
            raise ValueError(f"bound must be positive, got {bound}")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % bound

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """A Fisher-Yates shuffle of ``items`` (from the last position down)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out)

    def choice(self, items: Sequence[T]) -> T:
        """One uniformly chosen element of a non-empty sequence."""
        return items[self.below(len(items))]
