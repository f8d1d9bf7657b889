"""Bremerhaven's seeded sweep of random games: which game ``i`` is (players, options, seed)."""

from __future__ import annotations

import enum
import itertools
from typing import Any

import attrs

from bremerhaven import RulesOptions
from meeplekit.rng import SplitMix64

OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in attrs.fields(RulesOptions))


def _values(name: str) -> tuple[Any, ...]:
    default = getattr(RulesOptions(), name)
    if isinstance(default, bool):
        return (default, not default)
    assert isinstance(default, enum.Enum)
    return tuple(type(default))


#: Every combination of the values of the fields of ``RulesOptions``.
COMBINATIONS: tuple[tuple[Any, ...], ...] = tuple(
    itertools.product(*(_values(name) for name in OPTION_NAMES))
)


#: A prime: game ``i`` plays combination ``i * STRIDE`` modulo their number.
STRIDE = 1_009


def options_for(index: int) -> RulesOptions:
    values = COMBINATIONS[(index * STRIDE) % len(COMBINATIONS)]
    return RulesOptions(**dict(zip(OPTION_NAMES, values, strict=True)))


def seed_for(index: int) -> int:
    return SplitMix64(index).next_u64()


def players_for(index: int) -> int:
    return 1 + seed_for(index) % 4
