"""Observation tensors and information-state strings over a sweep (MK-TENSOR-1 to MK-TENSOR-5)."""

from __future__ import annotations

import itertools
import json
import math

import attrs
import pytest

import machikoro
from machikoro import RulesOptions
from machikoro.agents import tensors as t
from machikoro.agents.tensors import PENDING_KINDS
from tests.support.machikoro_sweep import sweep


@pytest.mark.rules("MK-TENSOR-1", "MK-TENSOR-2", "MK-TENSOR-3")
def test_every_tensor_of_the_sweep_has_its_fixed_size_and_finite_entries() -> None:
    sizes: set[tuple[int, int]] = set()
    for state in sweep()[::3]:
        n = state.players
        size = t.observation_tensor_size(state.options, n)
        assert size == 36 * n + 127 == t.observation_tensor_size(None, n)
        for viewer in range(n):
            vector = t.observation_tensor(machikoro.observe(state, viewer))
            assert len(vector) == size
            assert all(type(x) is float and math.isfinite(x) and x >= 0 for x in vector)
            sizes.add((n, len(vector)))
    assert {n for n, _ in sizes} == {2, 3, 4, 5}


@pytest.mark.rules("MK-TENSOR-2")
def test_the_layout_and_what_it_holds() -> None:
    layout = t.tensor_layout(None, 3)
    assert [name for name, _, _ in layout][:4] == ["viewer", "current", "decider", "chance"]
    assert all(a[1] + a[2] == b[1] for a, b in itertools.pairwise(layout))
    at = {name: (offset, size) for name, offset, size in layout}
    assert at["establishments"][1] == 75 and at["pending"][1] == len(PENDING_KINDS) == 10
    state = machikoro.new_game(3, seed=4)
    state = machikoro.apply_move(state, machikoro.RollDice(1))
    v = t.observation_tensor(machikoro.observe(state, 2))

    def section(name: str) -> list[float]:
        offset, size = at[name]
        return list(v[offset : offset + size])

    assert section("viewer") == [0, 0, 1] and section("current") == [1, 0, 0]
    assert section("decider") == [0, 0, 0] and section("chance") == [1]
    assert section("coins") == [3, 3, 3]
    assert section("establishments")[machikoro.Establishment.BAKERY] == 1
    assert section("landmarks")[machikoro.Landmark.CITY_HALL] == 1
    assert sum(section("market")) == sum(state.market) and section("deck")[0] == state.deck[0]
    assert section("pending")[PENDING_KINDS.index(type(state.pending))] == 1
    assert section("dice") == [1] and section("turn") == [1] and section("over") == [0]
    state = machikoro.apply_move(state, machikoro.Dice((5,)))
    v = t.observation_tensor(machikoro.observe(state, 0))
    assert section("rolls")[4] == 1 and sum(section("rolls")) == 1  # first roll, first die: 5
    assert section("total") == [5] and section("decider") == [1, 0, 0]


@pytest.mark.rules("MK-TENSOR-4")
def test_observations_that_differ_give_different_tensors_and_strings() -> None:
    state = machikoro.new_game(2, seed=2)
    seen = machikoro.observe(state, 0)
    others = [
        machikoro.observe(state, 1),
        machikoro.observe(attrs.evolve(state, coins=(4, 3)), 0),
        machikoro.observe(machikoro.apply_move(state, machikoro.RollDice(1)), 0),
    ]
    for other in others:
        assert t.observation_tensor(other) != t.observation_tensor(seen)
        assert t.information_state_string(other) != t.information_state_string(seen)
    # The options are in the string, not in the tensor.
    same = machikoro.observe(attrs.evolve(state, options=RulesOptions(reroll_dice="same")), 0)
    assert t.observation_tensor(same) == t.observation_tensor(seen)
    assert t.information_state_string(same) != t.information_state_string(seen)


@pytest.mark.rules("MK-TENSOR-5")
def test_the_string_is_the_state_document_with_the_viewer_and_without_the_seed() -> None:
    state = machikoro.new_game(3, seed=9)
    text = t.information_state_string(machikoro.observe(state, 1))
    document = json.loads(text)
    assert document["format"] == "machikoro/1" and document["kind"] == "observation"
    fields = document["observation"]
    assert next(iter(fields)) == "viewer" and fields["viewer"] == 1
    state_fields = json.loads(machikoro.to_json(state))["state"]
    del state_fields["seed"]
    assert {k: v for k, v in fields.items() if k != "viewer"} == state_fields
    assert t.information_state_string(machikoro.observe(state, 1)) == text


@pytest.mark.rules("MK-TENSOR-1", "MK-TENSOR-4")
def test_bad_arguments_are_refused() -> None:
    state = machikoro.new_game(2, seed=1)
    for bad in (1, 6, "2", True, None):
        with pytest.raises(machikoro.InvalidValueError, match="players"):
            t.tensor_layout(None, bad)  # type: ignore[arg-type]
    with pytest.raises(machikoro.InvalidValueError, match="RulesOptions"):
        t.observation_tensor_size("options", 2)  # type: ignore[arg-type]
    with pytest.raises(machikoro.InvalidValueError, match="Observation"):
        t.observation_tensor(state)  # type: ignore[arg-type]
    with pytest.raises(machikoro.InvalidValueError, match="Observation"):
        t.information_state_string(state)  # type: ignore[arg-type]
