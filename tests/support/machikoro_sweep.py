"""Machi Koro's seeded sweep of random games: which game ``i`` is, and the sweep's states."""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterator
from functools import cache
from typing import Any

import attrs

import machikoro
from machikoro import GameState, RulesOptions
from machikoro.agents import actions as codes
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
    counts = machikoro.GAME.player_counts(expansion=options_for(index).expansion)
    return counts[seed_for(index) % len(counts)]


#: Options that reach every kind of decision: the owner orders majors, the base game, the
#: base marketplace, a Business Center that must trade.
SWEEP_OPTIONS = (
    RulesOptions(purple_order="owner-chooses", major_copies="per-player"),
    RulesOptions(expansion=False, business_center="must-trade", purple_order="owner-chooses"),
    RulesOptions(market="all-piles", reroll_dice="same", extra_turns="one"),
)


def _game(seed: int) -> Iterator[GameState]:
    options = SWEEP_OPTIONS[seed % len(SWEEP_OPTIONS)]
    players = 2 + seed % (4 if options.expansion else 3)
    state = machikoro.new_game(players, seed=seed, options=options)
    rng = SplitMix64(seed)
    yield state
    while not machikoro.is_over(state) and state.turn < 400:
        if machikoro.current_player(state) == machikoro.CHANCE:
            move = machikoro.sample_chance(state, rng)
        else:
            moves = machikoro.legal_moves(state)
            # Prefer building majors now and then, so that every decision comes up.
            majors = [m for m in moves if isinstance(m, machikoro.BuildEstablishment)]
            majors = [m for m in majors if m.establishment in codes.MAJORS]
            move = rng.choice(majors) if majors and rng.below(2) else rng.choice(moves)
        state = machikoro.apply_move(state, move)
        yield state


@cache
def sweep() -> tuple[GameState, ...]:
    """The positions of a seeded sweep of 12 random games under the options above."""
    return tuple(state for seed in range(12) for state in _game(seed))
