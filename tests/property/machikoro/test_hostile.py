"""Positions edited by hand, with any values: validate never raises, and what it accepts plays.

Each example takes a position from a seeded game and replaces one or two fields with
values drawn from a broad strategy (whole numbers of any size, bools, strings, nested
tuples, the right shapes with wrong values). ``validate`` must answer with violations,
never an exception; a position it accepts must list legal moves that all apply.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import machikoro
from machikoro import GameState
from meeplekit.rng import SplitMix64

FIELDS = [f.name for f in attrs.fields(GameState)]


def _positions() -> list[GameState]:
    found = []
    for seed in range(3):
        state = machikoro.new_game(2 + seed, seed=seed)
        rng = SplitMix64(seed)
        for step in range(120):
            if machikoro.is_over(state):
                break
            if step % 20 == 0:
                found.append(state)
            if machikoro.current_player(state) == machikoro.CHANCE:
                move = machikoro.sample_chance(state, rng)
            else:
                move = rng.choice(machikoro.legal_moves(state))
            state = machikoro.apply_move(state, move)
    return found


POSITIONS = _positions()
SCALARS = st.one_of(
    st.integers(-3, 30),
    st.integers(),
    st.booleans(),
    st.none(),
    st.text(max_size=3),
    st.floats(allow_nan=True),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=30).map(tuple),
    max_leaves=10,
)


def _like(value: object) -> st.SearchStrategy[object]:
    """Values of the same shape as ``value`` with some entries changed."""
    if isinstance(value, tuple) and value and not hasattr(value[0], "__attrs_attrs__"):
        return st.lists(
            st.one_of(st.sampled_from(value), SCALARS), min_size=len(value), max_size=len(value)
        ).map(tuple)
    return VALUES


@pytest.mark.rules("MK-STATE-1", "MK-STATE-6")
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_validate_never_raises_and_accepted_positions_play(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(POSITIONS))
    names = data.draw(st.lists(st.sampled_from(FIELDS), min_size=1, max_size=2, unique=True))
    changes = {name: data.draw(_like(getattr(state, name)), label=name) for name in names}
    edited = attrs.evolve(state, **changes)  # type: ignore[arg-type]
    violations = machikoro.validate(edited)
    assert all(v.rule_id.startswith("MK") for v in violations)
    if not violations:
        for move in machikoro.legal_moves(edited):
            machikoro.apply_move(edited, move)
