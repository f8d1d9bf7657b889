"""The PettingZoo environment (MK-ENV-1 to MK-ENV-6) passes PettingZoo's own API, seed and render tests.

``raw_env`` and the wrapped ``env`` both pass ``api_test`` in the conformance suite
(``tests/property/test_conformance.py``, on the parameter sets of ``tests/support/machikoro.py``);
here, the game's own checks. Skipped when the
``[pettingzoo]`` extra is not installed.
"""

from __future__ import annotations

import importlib
import sys
import tomllib
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import render_test, seed_test

import machikoro
from machikoro import pettingzoo as machikoro_pettingzoo
from machikoro.agents import actions, tensors
from machikoro.info import INFO
from machikoro.views.svg import position
from machikoro.views.view import render
from meeplekit.rng import SplitMix64
from tests.meeplekit import adapter_checks


@pytest.mark.rules("MK-ENV-4")
def test_pettingzoos_seed_test() -> None:
    seed_test(lambda: machikoro_pettingzoo.env(players=3), num_cycles=60)


@pytest.mark.rules("MK-ENV-1", "MK-ENV-2", "MK-ENV-3", "MK-ENV-4")
@pytest.mark.parametrize("players", [2, 4])
def test_agents_act_only_at_decisions_and_a_game_ends_with_rewards(players: int) -> None:
    environment = machikoro_pettingzoo.raw_env(players=players)
    environment.reset(seed=5)
    assert environment.state == machikoro.new_game(players, seed=5)
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
        assert machikoro.current_player(state) == seat != machikoro.CHANCE
        mask = observation["action_mask"]
        assert mask.dtype == np.int8
        assert tuple(np.flatnonzero(mask)) == actions.legal_actions(state)
        seen = machikoro.observe(state, seat)
        assert observation["observation"].tolist() == list(tensors.observation_tensor(seen))
        for other in environment.possible_agents:
            if other != agent:
                assert not environment.observe(other)["action_mask"].any()
        environment.step(rng.choice(actions.legal_actions(state)))
        decisions += 1
    assert machikoro.is_over(environment.state)
    assert not environment.agents and environment.decisions == decisions
    (winner,) = machikoro.outcome(environment.state).winners
    assert len(rewards) == players
    for seat, agent in enumerate(environment.possible_agents):
        assert rewards[agent] == pytest.approx(1.0 if seat == winner else -1 / (players - 1))


@pytest.mark.rules("MK-ENV-4")
def test_chance_is_drawn_inside_step_from_the_environments_seeded_generator() -> None:
    def game(seed: int | None, first: int | None = None) -> list[machikoro.GameState]:
        environment = machikoro_pettingzoo.raw_env(players=3)
        if first is not None:
            environment.reset(seed=first)
        environment.reset(seed=seed)
        states = [environment.state]
        for _ in range(40):
            environment.step(actions.legal_actions(environment.state)[-1])
            states.append(environment.state)
        return states

    assert game(11) == game(11)
    assert game(11) != game(12)
    # The dice differ between two games of the same market only through the generator.
    assert game(11)[0] == game(11, first=3)[0]
    # Unseeded resets follow the last seed given.
    assert game(None, first=4) == game(None, first=4)
    # Every roll was drawn: each agent's step left a decision on top.
    for state in game(11):
        assert machikoro.current_player(state) != machikoro.CHANCE


@pytest.mark.rules("MK-ENV-3", "MK-ENV-4")
def test_a_capped_game_is_truncated_with_rewards_zero() -> None:
    environment = machikoro_pettingzoo.raw_env(players=2, max_decisions=10)
    environment.reset(seed=3)
    taken = 0
    for _ in environment.agent_iter(max_iter=100):
        _, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            environment.step(None)
            continue
        environment.step(actions.legal_actions(environment.state)[0])
        taken += 1
    assert taken == 10 and not machikoro.is_over(environment.state)
    with pytest.raises(machikoro.InvalidValueError, match="max_decisions"):
        machikoro_pettingzoo.env(max_decisions=0)


@pytest.mark.rules("MK-ENV-1")
def test_an_illegal_code_in_the_raw_environment_is_refused_naming_the_rule() -> None:
    environment = machikoro_pettingzoo.raw_env(players=2)
    environment.reset(seed=1)
    build = actions.encode(environment.state, machikoro.BuildLandmark("radio-tower"))
    with pytest.raises(machikoro.IllegalMoveError) as refused:
        environment.step(build)
    assert refused.value.rule_id.startswith("MK-")
    with pytest.raises(machikoro.InvalidValueError):
        machikoro_pettingzoo.env(players=6)


@pytest.mark.rules("MK-ENV-5")
def test_pettingzoos_render_test() -> None:
    assert set(machikoro_pettingzoo.RENDER_MODES) == {"human", "ansi", "rgb_array"}
    assert machikoro_pettingzoo.MachiKoroEnv.metadata["name"] == "machikoro_v0"
    render_test(
        lambda render_mode=None: machikoro_pettingzoo.env(players=3, render_mode=render_mode)
    )


@pytest.mark.rules("MK-ENV-5", "MK-VIEW-1", "MK-PIC-2")
def test_render_modes_draw_the_whole_table(capsys: pytest.CaptureFixture[str]) -> None:
    environment = machikoro_pettingzoo.raw_env(players=2, render_mode="ansi")
    environment.reset(seed=3)
    text = environment.render()
    assert isinstance(text, str) and text == render(environment.state)
    assert machikoro_pettingzoo.raw_env(players=2).render() is None
    wrapped = machikoro_pettingzoo.env(players=2, render_mode="ansi")
    wrapped.reset(seed=3)
    assert wrapped.render() == text
    human = machikoro_pettingzoo.raw_env(players=2, render_mode="human")
    human.reset(seed=3)
    assert human.render() is None
    assert capsys.readouterr().out == text + "\n"
    pixels = machikoro_pettingzoo.raw_env(players=2, render_mode="rgb_array")
    pixels.reset(seed=3)
    image = pixels.render()
    assert isinstance(image, np.ndarray)
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] > 100 and image.shape[1] > 100
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 10  # a picture, not a blank
    assert position(pixels.state).startswith("<svg")
    with pytest.raises(machikoro.InvalidValueError, match="render_mode"):
        machikoro_pettingzoo.env(render_mode="rgb")


@pytest.mark.rules("MK-ENV-6")
def test_env_is_raw_env_wrapped_as_pettingzoos_classic_environments() -> None:
    assert machikoro_pettingzoo.raw_env is machikoro_pettingzoo.MachiKoroEnv
    adapter_checks.check_classic_wrappers(
        INFO, machikoro_pettingzoo.raw_env, machikoro_pettingzoo.env
    )


@pytest.mark.rules("MK-ENV-6")
def test_the_wrapped_environment_enforces_the_order_with_pettingzoos_messages() -> None:
    adapter_checks.check_order_is_enforced(machikoro_pettingzoo.env)


@pytest.mark.rules("MK-ENV-6", "MK-ENV-4")
@pytest.mark.parametrize("players", [2, 5])
def test_an_illegal_action_in_the_wrapped_environment_ends_the_game(players: int) -> None:
    adapter_checks.check_illegal_action_ends_the_game(
        lambda: machikoro_pettingzoo.env(players=players), np.random.RandomState(players)
    )


@pytest.mark.parametrize(
    ("module", "extra", "blocked"),
    [
        ("machikoro.pettingzoo", "pettingzoo", "gymnasium"),
        ("machikoro.openspiel", "openspiel", "pyspiel"),
    ],
)
def test_a_missing_extra_is_one_line_naming_it(
    monkeypatch: pytest.MonkeyPatch, module: str, extra: str, blocked: str
) -> None:
    monkeypatch.setitem(sys.modules, blocked, None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(machikoro.MissingExtraError) as caught:
        importlib.import_module(module)
    line = str(caught.value)
    assert "\n" not in line and f"[{extra}]" in line and blocked in line
    assert f"pip install 'machikoro-rules[{extra}]'" in line
    assert isinstance(caught.value, machikoro.MachiKoroError) and isinstance(
        caught.value, ImportError
    )


def test_every_extra_is_declared_by_the_distribution_and_installed_here() -> None:
    pyproject = Path(__file__).resolve().parents[3] / "distributions/machikoro-rules/pyproject.toml"
    declared = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    extras = INFO.extras
    assert set(extras.extras) <= set(declared)
    assert extras.distribution == "machikoro-rules"
    for extra in extras.extras:
        extras.require(extra)  # make test installs every extra
        assert extras.install_command(extra) == f"pip install 'machikoro-rules[{extra}]'"
