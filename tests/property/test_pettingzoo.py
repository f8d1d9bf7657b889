"""The PettingZoo environment (ENV-1 to ENV-4) passes PettingZoo's own API and seed tests.

Skipped when the ``[pettingzoo]`` extra is not installed.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

import harbour
from harbour import actions, tensors
from harbour import pettingzoo as harbour_pettingzoo


@pytest.mark.rules("ENV-1", "ENV-3")
@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoos_api_test(players: int) -> None:
    options = harbour.RulesOptions(characters=True, bonus_cards=True)
    api_test(harbour_pettingzoo.env(players=players, options=options), num_cycles=60)


@pytest.mark.rules("ENV-4")
def test_pettingzoos_seed_test() -> None:
    seed_test(lambda: harbour_pettingzoo.env(players=3), num_cycles=40)


@pytest.mark.rules("ENV-1", "ENV-2", "ENV-3")
def test_masks_match_legal_actions_and_a_game_ends_with_rewards() -> None:
    environment = harbour_pettingzoo.env(players=2)
    environment.reset(seed=5)
    rng = harbour.rng.SplitMix64(9)
    rewards: dict[str, float] = {}
    for agent in environment.agent_iter(max_iter=4000):
        observation, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            assert terminated and not truncated
            rewards[agent] = reward
            environment.step(None)
            continue
        state = environment.state
        seat = environment.possible_agents.index(agent)
        assert seat == state.decider
        mask = observation["action_mask"]
        assert mask.dtype == np.int8
        assert tuple(np.flatnonzero(mask)) == actions.legal_actions(state)
        seen = harbour.observe(state, seat)
        assert observation["observation"].tolist() == list(tensors.observation_tensor(seen))
        for other in environment.possible_agents:
            if other != agent:
                assert not environment.observe(other)["action_mask"].any()
        environment.step(rng.choice(actions.legal_actions(state)))
    assert environment.state.is_over
    assert not environment.agents
    winners = harbour.outcome(environment.state).winners
    assert len(rewards) == 2
    assert sum(rewards.values()) == pytest.approx(0.0)
    for seat, agent in enumerate(environment.possible_agents):
        assert (rewards[agent] > 0) == (seat in winners)


@pytest.mark.rules("ENV-3", "ENV-4")
def test_a_capped_game_is_truncated_and_equal_seeds_give_equal_games() -> None:
    environment = harbour_pettingzoo.env(players=2, max_decisions=10)
    environment.reset(seed=3)
    first = environment.state
    taken = 0
    for _ in environment.agent_iter(max_iter=100):
        _, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            environment.step(None)
            continue
        environment.step(actions.legal_actions(environment.state)[0])
        taken += 1
    assert taken == 10
    environment.reset(seed=3)
    assert environment.state == first
    assert environment.state == harbour.new_game(2, seed=3)
