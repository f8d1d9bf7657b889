"""The PettingZoo environment (ENV-1 to ENV-6) passes PettingZoo's own API, seed and render tests.

``raw_env`` and the wrapped ``env`` both pass ``api_test`` in the conformance suite
(``tests/property/test_conformance.py``, on the parameter sets of ``tests/support/harbour.py``);
here, the game's own checks. Skipped when the
``[pettingzoo]`` extra is not installed.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")


import numpy as np
from pettingzoo.test import render_test, seed_test

import harbour
from harbour import pettingzoo as harbour_pettingzoo
from harbour.agents import actions, tensors
from harbour.info import INFO
from meeplekit.rng import SplitMix64
from tests.meeplekit import adapter_checks


@pytest.mark.rules("ENV-4")
def test_pettingzoos_seed_test() -> None:
    seed_test(lambda: harbour_pettingzoo.env(players=3), num_cycles=40)


@pytest.mark.rules("ENV-1", "ENV-2", "ENV-3")
def test_masks_match_legal_actions_and_a_game_ends_with_rewards() -> None:
    environment = harbour_pettingzoo.raw_env(players=2)
    environment.reset(seed=5)
    rng = SplitMix64(9)
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
    environment = harbour_pettingzoo.raw_env(players=2, max_decisions=10)
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


@pytest.mark.rules("ENV-5")
def test_pettingzoos_render_test() -> None:
    assert set(harbour_pettingzoo.RENDER_MODES) == {"human", "ansi", "rgb_array"}
    render_test(lambda render_mode=None: harbour_pettingzoo.env(players=3, render_mode=render_mode))


@pytest.mark.rules("ENV-5", "VIEW-1", "PIC-2")
def test_render_modes_draw_the_referees_view(capsys: pytest.CaptureFixture[str]) -> None:
    options = harbour.RulesOptions(bonus_cards=True)
    environment = harbour_pettingzoo.raw_env(players=2, options=options, render_mode="ansi")
    environment.reset(seed=3)
    text = environment.render()
    assert isinstance(text, str)
    assert text == harbour.render(environment.state)
    assert "bonus card:" in text  # the referee's view shows every bonus card
    assert harbour_pettingzoo.raw_env(players=2).render() is None
    wrapped = harbour_pettingzoo.env(players=2, options=options, render_mode="ansi")
    wrapped.reset(seed=3)
    assert wrapped.render() == text
    human = harbour_pettingzoo.raw_env(players=2, options=options, render_mode="human")
    human.reset(seed=3)
    assert human.render() is None
    assert capsys.readouterr().out == text + "\n"
    pixels = harbour_pettingzoo.raw_env(players=2, render_mode="rgb_array")
    pixels.reset(seed=3)
    image = pixels.render()
    assert isinstance(image, np.ndarray)
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] > 100 and image.shape[1] > 100
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 10  # a picture, not a blank


@pytest.mark.rules("ENV-5")
def test_an_unknown_render_mode_is_refused() -> None:
    with pytest.raises(harbour.InvalidValueError, match="render_mode"):
        harbour_pettingzoo.env(render_mode="rgb")
    with pytest.raises(harbour.InvalidValueError, match="render_mode"):
        harbour_pettingzoo.raw_env(render_mode="rgb")


@pytest.mark.rules("ENV-1")
def test_an_illegal_code_in_the_raw_environment_is_refused_naming_the_rule() -> None:
    environment = harbour_pettingzoo.raw_env(players=2)
    environment.reset(seed=1)
    illegal = int(np.flatnonzero(environment.observe("player_0")["action_mask"] == 0)[0])
    before = environment.state
    with pytest.raises(harbour.IllegalMoveError) as refused:
        environment.step(illegal)
    assert refused.value.rule_id is not None
    assert environment.state is before and environment.decisions == 0


@pytest.mark.rules("ENV-6")
def test_env_is_raw_env_wrapped_as_pettingzoos_classic_environments() -> None:
    assert harbour_pettingzoo.raw_env is harbour_pettingzoo.HarbourEnv
    adapter_checks.check_classic_wrappers(INFO, harbour_pettingzoo.raw_env, harbour_pettingzoo.env)


@pytest.mark.rules("ENV-6")
def test_the_wrapped_environment_enforces_the_order_with_pettingzoos_messages() -> None:
    adapter_checks.check_order_is_enforced(harbour_pettingzoo.env)


@pytest.mark.rules("ENV-6")
@pytest.mark.parametrize("players", [2, 4])
def test_an_illegal_action_in_the_wrapped_environment_ends_the_game(players: int) -> None:
    adapter_checks.check_illegal_action_ends_the_game(
        lambda: harbour_pettingzoo.env(players=players), np.random.RandomState(players)
    )
