"""Observation tensors and information-state strings (TENSOR-1 to TENSOR-5).

Over seeded random games (2 to 4 players, the sweep's rule readings, two games in three with
characters and bonus cards, every other game with a character for every ability hook), every
player's tensor of every position visited has the documented length and finite entries,
one-hot sections hold exactly one 1, and a state :func:`harbour.determinize` samples from the
player's observation (a twin that differs in the deck order, the other players' bonus cards
and hidden choices, and the seed) gives that player the same tensor and string. Positions a
player can tell apart give different tensors; a scenario changes each public field in turn.
"""

from __future__ import annotations

import functools
import math
from itertools import pairwise

import attrs
import pytest

import harbour
from harbour import GameState
from harbour.agents import tensors
from harbour.cards.original import ORIGINAL_SET
from harbour.observation import Observation
from harbour.positions import replace
from harbour.state import BoardSite, PendingTollAfter
from meeplekit.rng import SplitMix64
from tests.support.harbour_positions import game_options
from tests.support.harbour_sweep import cards_for, players_for, seed_for
from tests.support.soak import split

#: Games played: indices of the seeded sweep.
GAMES = range(100, 112)
#: Decisions played per game at most.
LIMIT = 160
SALT = 0x7E5504


@functools.cache
def game(index: int) -> tuple[GameState, ...]:
    """The positions of seeded game ``index``, up to :data:`LIMIT` decisions and the end."""
    state = harbour.new_game(
        players_for(index),
        seed=seed_for(index),
        options=game_options(index),
        cards=cards_for(index),
    )
    rng = SplitMix64(seed_for(index) ^ SALT)
    out = [state]
    for _ in range(LIMIT):
        if state.is_over:
            break
        state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
        out.append(state)
    return tuple(out)


def section(vector: tuple[float, ...], observation: Observation, name: str) -> tuple[float, ...]:
    for label, offset, size in tensors.tensor_layout(observation.cards, len(observation.players)):
        if label == name:
            return vector[offset : offset + size]
    raise KeyError(name)


@pytest.mark.rules("TENSOR-1", "TENSOR-2", "TENSOR-3")
@pytest.mark.parametrize("index", split(GAMES))
def test_tensors_have_the_documented_length_and_finite_entries(index: int) -> None:
    positions = game(index)
    n = len(positions[0].players)
    size = tensors.observation_tensor_size(positions[0].cards, n)
    layout = tensors.tensor_layout(positions[0].cards, n)
    assert layout[0][1] == 0
    assert all(a[1] + a[2] == b[1] for a, b in pairwise(layout))
    for state in positions[::3]:
        for viewer in range(n):
            seen = harbour.observe(state, viewer)
            vector = tensors.observation_tensor(seen)
            assert len(vector) == size
            assert all(type(x) is float and math.isfinite(x) for x in vector)
            assert section(vector, seen, "viewer")[viewer] == 1.0
            assert sum(section(vector, seen, "viewer")) == 1.0
            assert sum(section(vector, seen, "current")) == 1.0
            assert sum(section(vector, seen, "decider")) == (0.0 if state.is_over else 1.0)
            if not state.is_over:
                assert section(vector, seen, "decider")[state.decider] == 1.0
            for name, groups in (("goods", n * 4), ("pawns", n), ("boards", n)):
                part = section(vector, seen, name)
                width = len(part) // groups
                for g in range(groups):
                    assert sum(part[g * width : (g + 1) * width]) == 1.0, (name, g)
            assert section(vector, seen, "deck_size") == (float(len(state.deck)),)
            assert sum(section(vector, seen, "display")) == len(state.display)
            assert sum(section(vector, seen, "pending")) == (0.0 if state.is_over else 1.0)
            assert sum(section(vector, seen, "stack")) == len(state.stack)


@pytest.mark.rules("TENSOR-4", "TENSOR-5")
@pytest.mark.parametrize("index", split(GAMES))
def test_positions_a_player_cannot_tell_apart_give_equal_tensors_and_strings(index: int) -> None:
    rng = SplitMix64(seed_for(index) ^ SALT ^ 1)
    positions = game(index)
    n = len(positions[0].players)
    differed = 0
    for state in positions[::4]:
        for viewer in range(n):
            seen = harbour.observe(state, viewer)
            twin = harbour.determinize(seen, rng)
            differed += twin != replace(state, seed=twin.seed)
            twin_seen = harbour.observe(twin, viewer)
            assert tensors.observation_tensor(twin_seen) == tensors.observation_tensor(seen)
            string = tensors.information_state_string(seen)
            assert tensors.information_state_string(twin_seen) == string
            assert string == harbour.to_json(seen)
            assert harbour.from_json(string) == seen
    assert differed  # the twins do differ in hidden information


@pytest.mark.rules("TENSOR-4")
@pytest.mark.parametrize("index", split(GAMES))
def test_positions_a_player_can_tell_apart_give_different_tensors(index: int) -> None:
    positions = game(index)
    for viewer in range(len(positions[0].players)):
        found: dict[tuple[float, ...], Observation] = {}
        for state in positions:
            seen = harbour.observe(state, viewer)
            vector = tensors.observation_tensor(seen)
            other = found.setdefault(vector, seen)
            # Only the order of the buildings bought may differ (TENSOR-4).
            assert other == seen or all(
                sorted(a.buildings) == sorted(b.buildings)
                for a, b in zip(other.players, seen.players, strict=True)
            )
            if other != seen:  # then equal as sets, so the tensors must match
                assert (
                    attrs.evolve(
                        other,
                        players=tuple(
                            attrs.evolve(a, buildings=b.buildings)
                            for a, b in zip(other.players, seen.players, strict=True)
                        ),
                    )
                    == seen
                )


def _changes(state: GameState) -> dict[str, GameState]:
    """``state`` changed in one public field at a time."""
    p0 = state.players[0]
    cards = state.cards
    outside = next(c for c in range(len(cards.buildings)) if c in state.deck)
    return {
        "goods": replace(
            state,
            players=(
                replace(p0, goods=attrs.evolve(p0.goods, fish=(p0.goods.fish + 1) % 7)),
                *state.players[1:],
            ),
        ),
        "buildings": replace(
            state, players=(replace(p0, buildings=(outside,)), *state.players[1:])
        ),
        "free_buildings": replace(
            state, players=(replace(p0, free_buildings=(outside,)), *state.players[1:])
        ),
        "pawn": replace(
            state,
            players=(
                replace(p0, pawn=BoardSite(1) if p0.pawn != BoardSite(1) else None),
                *state.players[1:],
            ),
        ),
        "market": replace(state, market=state.market[::-1]),
        "display": replace(state, display=(*state.display[1:], outside)),
        "deck": replace(state, deck=state.deck[1:]),
        "current": replace(state, current=1 - state.current),
        "stack": replace(state, stack=(PendingTollAfter(1), *state.stack)),
        "turn": replace(state, turn=state.turn + 1),
        "last_round": replace(state, last_round_turns=2),
        "ability_used": replace(state, ability_used=not state.ability_used),
        "deck_ran_out": replace(state, deck_ran_out=not state.deck_ran_out),
        "bought": replace(state, bought_this_turn=state.bought_this_turn + 1),
    }


@pytest.mark.rules("TENSOR-2", "TENSOR-4")
def test_every_public_change_shows_in_every_players_tensor() -> None:
    state = harbour.new_game(2, seed=7, cards=ORIGINAL_SET)
    while state.turn == 0:
        state = harbour.apply_move(state, harbour.legal_moves(state)[0])
    assert state.market != state.market[::-1]
    for viewer in range(2):
        before = tensors.observation_tensor(harbour.observe(state, viewer))
        for field, changed in _changes(state).items():
            after = tensors.observation_tensor(harbour.observe(changed, viewer))
            assert after != before, (field, viewer)
