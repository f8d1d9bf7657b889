"""The lean state layer: what a state guarantees, its derived layout, the random playout.

The engine makes states with :func:`harbour.state.make_state` (and players with
:func:`harbour.state.make_player`) instead of the attrs constructors, and hands each new
state the :class:`harbour.state.Layout` of the state it came from while no building
changed place. These tests hold both to the values the constructors make (STATE-6,
STATE-7), and :func:`harbour.random_playout` to the loop of :func:`harbour.legal_moves` and
:func:`harbour.apply_move_unchecked` it stands for (PLAYOUT-1).
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import harbour
from harbour import GameState, PlayerState, RulesOptions
from harbour.state import Layout, make_player, make_state
from harbour.testing import rules_options
from meeplekit.rng import SplitMix64

#: A table and its readings (every reading drawn: purchases under both purchase limits,
#: free buildings with characters, the end of the deck are the ways a building changes
#: place).
_TABLES = st.integers(2, 4).flatmap(lambda n: st.tuples(st.just(n), rules_options(n)))


def _fields(value: GameState | PlayerState) -> list[object]:
    return [getattr(value, f.name) for f in attrs.fields(type(value))]


def _rebuilt(state: GameState) -> GameState:
    """The same state made by the public constructors (no engine involved)."""
    players = tuple(PlayerState(*_fields(p)) for p in state.players)  # type: ignore[arg-type]
    fields = _fields(state)
    fields[3] = players
    return GameState(*fields)  # type: ignore[arg-type]


def _game(seed: int, players: int, options: RulesOptions) -> list[GameState]:
    """Every state of a random game, each with its layout worked out before the next move
    (so that the engine carries a layout through every move, setup included).
    """
    rng = random.Random(seed)
    state = harbour.new_game(players, seed=seed, options=options)
    states = [state]
    while not state.is_over:
        assert state.layout is not None
        state = harbour.apply_move(state, rng.choice(harbour.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.rules("STATE-6")
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), table=_TABLES)
def test_engine_states_are_the_constructors_values(
    seed: int, table: tuple[int, RulesOptions]
) -> None:
    for state in _game(seed, *table)[::7]:
        rebuilt = _rebuilt(state)
        assert type(state) is GameState
        assert all(type(p) is PlayerState for p in state.players)
        assert state == rebuilt
        assert hash(state) == hash(rebuilt)
        assert [hash(p) for p in state.players] == [hash(p) for p in rebuilt.players]
        assert pickle.loads(pickle.dumps(state)) == state
        assert copy.deepcopy(state) == state


@pytest.mark.rules("STATE-6")
def test_states_refuse_changes_and_hide_their_caches() -> None:
    state = harbour.new_game(3, seed=5)
    hash(state)
    _ = state.layout
    for name in ("turn", "players", "_hash", "_layout"):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(state, name, 0)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.players[0].pawn = None  # type: ignore[misc]
    assert [f.name for f in attrs.fields(GameState)][-1] == "bought_this_turn"
    assert "_layout" not in harbour.to_json(state)


@pytest.mark.rules("STATE-6")
def test_the_engines_constructors_make_equal_values() -> None:
    state = harbour.new_game(2, seed=9)
    made = make_state(*_fields(state))  # type: ignore[arg-type]
    assert type(made) is GameState
    assert made == state
    assert hash(made) == hash(state)
    player = state.players[1]
    made_player = make_player(*_fields(player))  # type: ignore[arg-type]
    assert type(made_player) is PlayerState
    assert made_player == player
    assert hash(made_player) == hash(player)
    changed = make_state(*[*_fields(state)[:9], 4, *_fields(state)[10:]])  # type: ignore[arg-type]
    assert changed != state
    assert changed.turn == 4


@pytest.mark.rules("STATE-7")
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), table=_TABLES)
def test_a_carried_layout_is_the_layout_worked_out_anew(
    seed: int, table: tuple[int, RulesOptions]
) -> None:
    for state in _game(seed, *table):
        fresh = Layout(_rebuilt(state))
        assert state.layout.sites == fresh.sites
        assert state.layout.owners == fresh.owners
        assert state.layout.places == fresh.places
        assert state.layout.symbols == fresh.symbols


@pytest.mark.rules("STATE-7")
def test_the_layout_is_carried_until_a_building_changes_place() -> None:
    states = _game(11, 2, RulesOptions())
    carried = changed = 0
    for before, after in itertools.pairwise(states):
        owned = [(p.buildings, p.free_buildings) for p in before.players]
        moved = owned != [(p.buildings, p.free_buildings) for p in after.players] or (
            before.display != after.display
        )
        if after.layout is before.layout:
            carried += 1
            assert not moved
        else:
            changed += 1
    assert carried > 10 * changed > 0


@pytest.mark.rules("PLAYOUT-1")
@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1), players=st.integers(2, 4), limit=st.none() | st.integers(0, 60)
)
def test_a_random_playout_is_the_loop_it_stands_for(
    seed: int, players: int, limit: int | None
) -> None:
    start = harbour.new_game(players, seed=seed % 1000)
    reached, decisions = harbour.random_playout(start, SplitMix64(seed), limit)
    rng = SplitMix64(seed)
    state, count = start, 0
    while not state.is_over and (limit is None or count < limit):
        state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
        count += 1
    assert (reached, decisions) == (state, count)
    assert reached.is_over or decisions == limit
