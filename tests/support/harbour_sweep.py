"""Harbour's seeded sweep of random games: which game ``i`` is (players, options, cards, seed)."""

from __future__ import annotations

import enum
import itertools
from typing import Any

import attrs

from harbour import RulesOptions
from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from meeplekit.rng import SplitMix64
from tests.support.harbour import EVERY_ABILITY_SET
from tests.support.harbour_checks import playable

OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in attrs.fields(RulesOptions))


def _field_values(default: Any) -> tuple[Any, ...]:
    if isinstance(default, bool):
        return (default, not default)
    if isinstance(default, enum.Enum):
        return tuple(type(default))
    raise TypeError(f"no values for an option of type {type(default).__name__}")


#: Every combination of the values of the enum and bool fields of ``RulesOptions``.
COMBINATIONS: tuple[tuple[Any, ...], ...] = tuple(
    itertools.product(*(_field_values(f.default) for f in attrs.fields(RulesOptions)))
)


#: A prime: game ``i`` plays combination ``i * STRIDE`` modulo their number.
STRIDE = 10_007


GAMES = 6_000


#: Mixed into a game's seed to seed its own move generator.
MOVES_SALT = 0x9E3779B97F4A7C15


def requested_options(index: int) -> RulesOptions:
    values = COMBINATIONS[(index * STRIDE) % len(COMBINATIONS)]
    return RulesOptions(**dict(zip(OPTION_NAMES, values, strict=True)))


def players_for(index: int) -> int:
    # From the seed, not ``index % 3``: that would follow the combination's last digits.
    return 2 + seed_for(index) % 3


def options_for(index: int) -> RulesOptions:
    return playable(players_for(index), requested_options(index))


def seed_for(index: int) -> int:
    return SplitMix64(index).next_u64()


def cards_for(index: int) -> CardSet:
    """Every other game uses a character for every ability hook (ABIL-1 to ABIL-11)."""
    return EVERY_ABILITY_SET if index % 2 else ORIGINAL_SET
