"""What a player sees and the state a bot searches: observe and determinize (MK-OBS-1 to MK-OBS-3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import machikoro
from machikoro import GameState
from machikoro.agents.bots import GreedyBot, RandomBot
from machikoro.agents.search import ISMCTSBot
from machikoro.agents.tensors import information_state_string, observation_tensor
from machikoro.observation import Observation
from machikoro.views import svg
from meeplekit.rng import SplitMix64
from tests.support.machikoro import E, at_roll, play, roll
from tests.support.spectator import refuses_a_spectator


def positions(seed: int, players: int = 3, limit: int = 400) -> list[GameState]:
    """Every position of a seeded random game, chance drawn with its probabilities."""
    state = machikoro.new_game(players, seed=seed)
    rng = SplitMix64(seed + 1)
    found = [state]
    while not machikoro.is_over(state) and len(found) < limit:
        if machikoro.current_player(state) == machikoro.CHANCE:
            move = machikoro.sample_chance(state, rng)
        else:
            move = rng.choice(machikoro.legal_moves(state))
        state = machikoro.apply_move(state, move)
        found.append(state)
    return found


@pytest.mark.rules("MK-OBS-1")
def test_an_observation_holds_every_field_of_the_state_but_the_seed() -> None:
    state = machikoro.new_game(3, seed=7)
    seen = machikoro.observe(state, 2)
    state_fields = {f.name for f in attrs.fields(GameState)}
    seen_fields = {f.name for f in attrs.fields(Observation)}
    assert seen_fields == state_fields - {"seed"} | {"viewer"}
    for name in state_fields - {"seed"}:
        assert getattr(seen, name) == getattr(state, name), name
    assert seen.viewer == 2 and seen.players == 3 and seen.decider == 0
    assert seen.pending == state.pending and seen.dice == () and not seen.is_over
    assert seen.player(1) == state.player(1)


@pytest.mark.rules("MK-OBS-1")
def test_the_decider_is_chance_at_a_chance_node_and_the_winner_at_the_end() -> None:
    state = play(machikoro.new_game(2, seed=1), machikoro.RollDice(1))
    assert machikoro.observe(state, 1).decider == machikoro.CHANCE
    last = positions(3, players=2, limit=10_000)[-1]
    assert machikoro.is_over(last)
    seen = machikoro.observe(last, 0)
    assert seen.is_over and seen.pending is None
    assert seen.decider == machikoro.outcome(last).winners[0]


@pytest.mark.rules("MK-OBS-1")
@pytest.mark.parametrize("bad", [3, -1, True, 1.0, "0"])
def test_a_viewer_that_is_not_a_seat_is_refused(bad: object) -> None:
    with pytest.raises(machikoro.InvalidValueError, match="no seat"):
        machikoro.observe(machikoro.new_game(3, seed=1), bad)  # type: ignore[arg-type]


@pytest.mark.rules("MK-OBS-3", "MK-TENSOR-4")
@pytest.mark.parametrize("seed", [1, 2])
def test_twin_states_differing_only_in_the_seed_look_the_same_to_everyone(seed: int) -> None:
    for state in positions(seed)[::7]:
        twin = attrs.evolve(state, seed=state.seed ^ 0xDEADBEEF)
        assert twin != state  # the twins differ, in the seed alone
        for viewer in range(state.players):
            seen, twin_seen = machikoro.observe(state, viewer), machikoro.observe(twin, viewer)
            assert seen == twin_seen
            assert hash(seen) == hash(twin_seen)
            assert observation_tensor(seen) == observation_tensor(twin_seen)
            assert information_state_string(seen) == information_state_string(twin_seen)


@pytest.mark.rules("MK-OBS-3")
def test_twins_built_apart_look_the_same_and_states_that_differ_do_not() -> None:
    # The same position reached by two paths, with two seeds: equal observations.
    first = roll(at_roll([3, 3], current=0), 3)
    second = roll(at_roll([3, 3], current=0, seed=99), 3)
    assert first != second
    assert machikoro.observe(first, 1) == machikoro.observe(second, 1)
    # Anything public differs: the observations differ.
    other_roll = roll(at_roll([3, 3], current=0), 2)
    richer = attrs.evolve(first, coins=(first.coins[0] + 1, first.coins[1]))
    for state in (other_roll, richer):
        assert machikoro.observe(state, 1) != machikoro.observe(first, 1)
    assert machikoro.observe(first, 0) != machikoro.observe(first, 1)  # the viewer


@pytest.mark.rules("MK-OBS-3", "MK-BOT-2", "MK-BOT-4")
def test_seeded_bots_choose_alike_in_twin_states() -> None:
    state = next(
        s
        for s in positions(5, players=2)[40:]
        if machikoro.current_player(s) != machikoro.CHANCE and len(machikoro.legal_moves(s)) > 2
    )
    twin = attrs.evolve(state, seed=12345)
    seat = machikoro.current_player(state)
    for make in (lambda: RandomBot(3), lambda: GreedyBot(3), lambda: ISMCTSBot(20, seed=3)):
        picks = [make().choose(machikoro.observe(s, seat)) for s in (state, twin)]
        assert picks[0] == picks[1]
        assert picks[0] in machikoro.legal_moves(state)


@pytest.mark.rules("MK-OBS-2")
@pytest.mark.parametrize("seed", [3, 4])
def test_a_determinization_is_the_observed_position_with_a_fresh_seed(seed: int) -> None:
    rng = SplitMix64(seed)
    for state in positions(seed, players=4)[::5]:
        viewer = state.current
        seen = machikoro.observe(state, viewer)
        sample = machikoro.determinize(seen, rng)
        assert attrs.evolve(sample, seed=state.seed) == state
        assert machikoro.observe(sample, viewer) == seen
        assert machikoro.legal_moves(sample) == machikoro.legal_moves(state)
        assert machikoro.validate(sample) == ()
    # The seed comes from the generator: the same generator state, the same sample.
    state = positions(seed)[10]
    seen = machikoro.observe(state, 0)
    assert machikoro.determinize(seen, SplitMix64(8)) == machikoro.determinize(seen, SplitMix64(8))
    assert machikoro.determinize(seen, SplitMix64(8)).seed == SplitMix64(8).next_u64()


@pytest.mark.rules("MK-OBS-2")
def test_a_determinization_of_an_impossible_observation_is_refused() -> None:
    seen = machikoro.observe(machikoro.new_game(2, seed=1), 0)
    for bad in (
        attrs.evolve(seen, coins=(3, -1)),
        attrs.evolve(seen, establishments=(seen.establishments[0], (9,) * len(E))),
        attrs.evolve(seen, stack=()),
        attrs.evolve(seen, viewer=2),
        attrs.evolve(seen, viewer="0"),  # type: ignore[arg-type]
    ):
        with pytest.raises(machikoro.InvalidValueError, match=r"no position|no seat"):
            machikoro.determinize(bad, SplitMix64(1))
    with pytest.raises(machikoro.InvalidValueError, match="Observation"):
        machikoro.determinize(machikoro.new_game(2, seed=1), SplitMix64(1))  # type: ignore[arg-type]
    with pytest.raises(machikoro.InvalidValueError, match="SplitMix64"):
        machikoro.determinize(seen, 1)  # type: ignore[arg-type]
    assert machikoro.determinize(seen, SplitMix64(1)).coins == (3, 3)  # the good one still works


# --------------------------------------------------------------------------- MK-OBS-4


@pytest.mark.rules("MK-OBS-4", "MK-OBS-1")
@pytest.mark.parametrize("seed", [5, 6])
def test_a_spectator_sees_what_every_player_sees(seed: int) -> None:
    for state in positions(seed, limit=120):
        spectator = machikoro.observe(state, None)
        assert spectator.viewer is None
        for viewer in range(3):  # nothing is one player's: the same fields as every seat's
            assert attrs.evolve(machikoro.observe(state, viewer), viewer=None) == spectator
        twin = attrs.evolve(state, seed=state.seed + 1)  # what no player sees
        assert machikoro.observe(twin, None) == spectator
        assert spectator.decider == machikoro.current_player(state)


@pytest.mark.rules("MK-OBS-4")
def test_what_belongs_to_one_seat_is_refused_for_a_spectator() -> None:
    state = machikoro.new_game(2, seed=8)
    spectator = machikoro.observe(state, None)
    doors: list[Callable[[Any], object]] = [observation_tensor, information_state_string]
    doors.append(machikoro.code)
    doors.append(lambda seen: machikoro.determinize(seen, SplitMix64(1)))
    bots = [RandomBot(1), GreedyBot(1), ISMCTSBot(playouts=2, seed=1)]
    refuses_a_spectator(spectator, machikoro.InvalidValueError, doors, bots)


@pytest.mark.rules("MK-OBS-4", "MK-VIEW-1", "MK-PIC-2")
def test_the_views_of_a_spectators_observation_are_the_table_as_everyone_sees_it() -> None:
    for state in positions(9, limit=60)[::7]:
        spectator = machikoro.observe(state, None)
        assert machikoro.render(spectator) == machikoro.render(state, public=True)
        assert svg.position(spectator) == svg.position(state)
