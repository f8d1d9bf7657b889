"""The PettingZoo environment (BH-ENV-1 to BH-ENV-6) passes PettingZoo's own API, seed and render tests.

``raw_env`` and the wrapped ``env`` both pass ``api_test`` in the conformance suite
(``tests/property/test_conformance.py``, on the parameter sets of ``tests/support/bremerhaven.py``);
here, the game's own checks. Skipped when the
``[pettingzoo]`` extra is not installed.
"""

from __future__ import annotations

import importlib
import sys

import attrs
import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from gymnasium import spaces
from pettingzoo.test import render_test, seed_test

import bremerhaven
from bremerhaven import RulesOptions
from bremerhaven import pettingzoo as bremerhaven_pettingzoo
from bremerhaven.agents import actions, tensors
from bremerhaven.cards import ORIGINAL
from bremerhaven.cards.model import CardSet
from bremerhaven.info import INFO
from bremerhaven.views.svg import position
from bremerhaven.views.view import render
from meeplekit.pettingzoo import CAN_RENDER_PIXELS
from meeplekit.rng import SplitMix64
from tests.meeplekit import adapter_checks

#: A smaller card set (7 Buildings, 5 Price cards): a shorter action space.
SMALL: CardSet = attrs.evolve(
    ORIGINAL, name="small", buildings=ORIGINAL.buildings[:7], prices=ORIGINAL.prices[:5]
)


@pytest.mark.rules("BH-ENV-4")
def test_pettingzoos_seed_test() -> None:
    seed_test(lambda: bremerhaven_pettingzoo.env(players=3), num_cycles=60)


@pytest.mark.rules("BH-ENV-1", "BH-ENV-2", "BH-ENV-3")
@pytest.mark.parametrize(
    ("players", "options", "cards"),
    [
        (1, None, ORIGINAL),
        (3, None, ORIGINAL),
        (2, RulesOptions(game="short"), SMALL),
    ],
)
def test_agents_act_at_every_decision_and_a_game_ends_with_rewards(
    players: int, options: RulesOptions | None, cards: CardSet
) -> None:
    environment = bremerhaven_pettingzoo.raw_env(players=players, options=options, cards=cards)
    codes = actions.num_distinct_actions(cards)
    assert environment.possible_agents == [f"player_{seat}" for seat in range(players)]
    size = tensors.observation_tensor_size(cards, players)
    for agent in environment.possible_agents:
        action_space = environment.action_space(agent)
        assert isinstance(action_space, spaces.Discrete) and action_space.n == codes
        observation_space = environment.observation_space(agent)
        assert isinstance(observation_space, spaces.Dict)
        assert observation_space["action_mask"].shape == (codes,)
        assert observation_space["observation"].shape == (size,)
    environment.reset(seed=5)
    assert environment.state == bremerhaven.new_game(players, seed=5, options=options, cards=cards)
    rng = SplitMix64(9)
    rewards: dict[str, float] = {}
    decisions = 0
    for agent in environment.agent_iter(max_iter=5000):
        observation, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            assert terminated and not truncated
            rewards[agent] = reward
            environment.step(None)
            continue
        state = environment.state
        seat = environment.possible_agents.index(agent)
        assert bremerhaven.current_player(state) == seat
        mask = observation["action_mask"]
        assert mask.dtype == np.int8
        assert tuple(np.flatnonzero(mask)) == actions.legal_actions(state)
        seen = bremerhaven.observe(state, seat)
        assert observation["observation"].dtype == np.float32
        vector = np.asarray(tensors.observation_tensor(seen), np.float32)
        assert observation["observation"].tolist() == vector.tolist()
        for other in environment.possible_agents:
            if other != agent:
                assert not environment.observe(other)["action_mask"].any()
        code = rng.choice(actions.legal_actions(state))
        environment.step(code)
        # Nothing is drawn in a step (BH-ENV-4): the move of the code, and only it.
        assert environment.state == bremerhaven.apply_move(state, actions.decode(state, code))
        decisions += 1
    assert bremerhaven.is_over(environment.state)
    assert not environment.agents and environment.decisions == decisions
    assert len(rewards) == players
    assert [rewards[agent] for agent in environment.possible_agents] == list(
        bremerhaven.returns(environment.state)
    )
    if players == 1:
        assert rewards == {"player_0": 0.0}
    else:
        (winner,) = bremerhaven.outcome(environment.state).winners
        for seat, agent in enumerate(environment.possible_agents):
            assert rewards[agent] == pytest.approx(1.0 if seat == winner else -1 / (players - 1))


@pytest.mark.rules("BH-ENV-3", "BH-ENV-4")
def test_a_capped_game_is_truncated_with_rewards_zero() -> None:
    environment = bremerhaven_pettingzoo.raw_env(players=2, max_decisions=10)
    assert bremerhaven_pettingzoo.MAX_DECISIONS == 1000
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
    assert taken == 10 and not bremerhaven.is_over(environment.state)
    environment.reset(seed=3)
    assert environment.state == first == bremerhaven.new_game(2, seed=3)
    with pytest.raises(bremerhaven.InvalidValueError, match="max_decisions"):
        bremerhaven_pettingzoo.env(max_decisions=0)


@pytest.mark.rules("BH-ENV-4")
def test_resets_without_a_seed_follow_the_last_seed_given() -> None:
    def unseeded(first: int) -> list[bremerhaven.GameState]:
        environment = bremerhaven_pettingzoo.raw_env(players=3)
        environment.reset(seed=first)
        states = []
        for _ in range(3):
            environment.reset()
            states.append(environment.state)
        return states

    assert unseeded(4) == unseeded(4)
    assert unseeded(4) != unseeded(5)
    games = unseeded(4)
    assert len(set(map(bremerhaven.to_json, games))) == 3  # each reset a new game
    assert bremerhaven.new_game(3, seed=4) not in games


@pytest.mark.rules("BH-ENV-1", "BH-CODE-6")
def test_an_illegal_code_in_the_raw_environment_is_refused_naming_the_rule() -> None:
    environment = bremerhaven_pettingzoo.raw_env(players=2)
    environment.reset(seed=1)
    end = actions.encode(environment.state, bremerhaven.EndMovement())
    assert end not in actions.legal_actions(environment.state)
    with pytest.raises(bremerhaven.IllegalMoveError) as refused:
        environment.step(end)
    assert refused.value.rule_id.startswith("BH-")
    for players in (0, 5):
        with pytest.raises(bremerhaven.InvalidValueError):
            bremerhaven_pettingzoo.env(players=players)


@pytest.mark.rules("BH-ENV-5")
def test_pettingzoos_render_test() -> None:
    assert CAN_RENDER_PIXELS  # make test installs the extra [pictures]
    assert set(bremerhaven_pettingzoo.RENDER_MODES) == {"human", "ansi", "rgb_array"}
    assert bremerhaven_pettingzoo.BremerhavenEnv.metadata["name"] == "bremerhaven_v0"
    render_test(
        lambda render_mode=None: bremerhaven_pettingzoo.env(players=3, render_mode=render_mode)
    )


@pytest.mark.rules("BH-ENV-5")
def test_render_modes_draw_the_whole_table(capsys: pytest.CaptureFixture[str]) -> None:
    environment = bremerhaven_pettingzoo.raw_env(players=2, render_mode="ansi")
    environment.reset(seed=3)
    for _ in range(3):  # a position with bids on the table
        environment.step(actions.legal_actions(environment.state)[-1])
    text = environment.render()
    assert isinstance(text, str) and text == render(environment.state)
    assert bremerhaven_pettingzoo.raw_env(players=2).render() is None
    wrapped = bremerhaven_pettingzoo.env(players=2, render_mode="ansi")
    wrapped.reset(seed=3)
    assert wrapped.render() == render(wrapped.unwrapped.state)
    human = bremerhaven_pettingzoo.raw_env(players=2, render_mode="human")
    human.reset(seed=3)
    assert human.render() is None
    assert capsys.readouterr().out == render(human.state) + "\n"
    pixels = bremerhaven_pettingzoo.raw_env(players=2, render_mode="rgb_array")
    pixels.reset(seed=3)
    image = pixels.render()
    assert isinstance(image, np.ndarray)
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] > 100 and image.shape[1] > 100
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 10  # a picture, not a blank
    assert INFO.views.picture is position and position(pixels.state).startswith("<svg")
    with pytest.raises(bremerhaven.InvalidValueError, match="render_mode"):
        bremerhaven_pettingzoo.env(render_mode="rgb")


@pytest.mark.rules("BH-ENV-6")
def test_env_is_raw_env_wrapped_as_pettingzoos_classic_environments() -> None:
    assert bremerhaven_pettingzoo.raw_env is bremerhaven_pettingzoo.BremerhavenEnv
    adapter_checks.check_classic_wrappers(
        INFO, bremerhaven_pettingzoo.raw_env, bremerhaven_pettingzoo.env
    )


@pytest.mark.rules("BH-ENV-6")
def test_the_wrapped_environment_enforces_the_order_with_pettingzoos_messages() -> None:
    adapter_checks.check_order_is_enforced(bremerhaven_pettingzoo.env)


@pytest.mark.rules("BH-ENV-6")
@pytest.mark.parametrize("players", [1, 3])
def test_an_illegal_action_in_the_wrapped_environment_ends_the_game(players: int) -> None:
    adapter_checks.check_illegal_action_ends_the_game(
        lambda: bremerhaven_pettingzoo.env(players=players), np.random.RandomState(players)
    )


@pytest.mark.parametrize(
    ("module", "extra", "blocked"),
    [
        ("bremerhaven.pettingzoo", "pettingzoo", "gymnasium"),
        ("bremerhaven.openspiel", "openspiel", "pyspiel"),
    ],
)
def test_a_missing_extra_is_one_line_naming_it(
    monkeypatch: pytest.MonkeyPatch, module: str, extra: str, blocked: str
) -> None:
    monkeypatch.setitem(sys.modules, blocked, None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(bremerhaven.MissingExtraError) as caught:
        importlib.import_module(module)
    line = str(caught.value)
    assert "\n" not in line and f"[{extra}]" in line and blocked in line
    assert f"pip install 'bremerhaven-rules[{extra}]'" in line
    assert isinstance(caught.value, bremerhaven.BremerhavenError)
    assert isinstance(caught.value, ImportError)
