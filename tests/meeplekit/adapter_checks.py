"""Checks of the learning adapters that every game passes: its ecosystems' manners.

Each game's tests call these with the game's own modules and name the game's own clauses
(SPIEL-6/7 and ENV-6 of Harbour, MK-… of Machi Koro, BH-… of Bremerhaven): the default
number of players, ``str(state)`` of the OpenSpiel game, and ``raw_env``/``env`` of the
PettingZoo environment, wrapped as PettingZoo's classic environments are. Needs OpenSpiel
and PettingZoo, each imported by the checks that use it (the callers skip without them).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

from meeplekit.info import GameInfo

if TYPE_CHECKING:
    from meeplekit.pettingzoo import GameEnv

#: What the OpenSpiel game's state prints before the setup seed is drawn.
BEFORE_SETUP = "setup: the seed is not drawn yet"


def play_randomly(state: Any, rs: np.random.RandomState, until: int | None = None) -> Any:
    """Random play from ``state`` (chance included) to the end, or for ``until`` actions."""
    taken = 0
    while not state.is_terminal() and (until is None or taken < until):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
        taken += 1
    return state


def check_default_players(
    info: GameInfo[Any, Any],
    raw_env: Callable[..., GameEnv[Any]],
    env: Callable[..., Any],
) -> None:
    """Both adapters play ``info.players.default`` when no number of players is given."""
    import pyspiel

    default = info.players.default
    assert info.players.fewest <= default <= info.players.most
    game = pyspiel.load_game(f"python_{info.name}")
    assert game.num_players() == default
    assert game.get_type().parameter_specification["players"] == default
    assert game.new_initial_state().num_players() == default
    assert raw_env().players == default
    assert env().unwrapped.players == default
    assert len(raw_env().possible_agents) == default


def check_str_is_the_text_view(game: Any, rs: np.random.RandomState, steps: int = 60) -> None:
    """``str`` of the OpenSpiel game's states is the game's text view, all along a game.

    The text view is ``str`` of the game's state (``<game>.view.render``, the referee's
    view), not a JSON document; before the setup seed is drawn a state says so. Clones and
    states rebuilt from OpenSpiel's serialization print the same.
    """
    import pyspiel

    info: GameInfo[Any, Any] = type(game).info
    state = game.new_initial_state()
    if state.state is None:
        assert str(state) == BEFORE_SETUP
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.state is not None:
            text = str(state)
            assert text == info.views.render(state.state) == str(state.state)
            assert not text.lstrip().startswith("{")
            assert str(state.clone()) == text
        play_randomly(state, rs, until=1)
    _, rebuilt = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(rebuilt) == str(state) == info.views.render(state.state)


def check_classic_wrappers(
    info: GameInfo[Any, Any],
    raw_env: type[GameEnv[Any]],
    env: Callable[..., Any],
) -> None:
    """``env`` is ``raw_env`` wrapped as PettingZoo's classic environments are.

    Outermost first: ``OrderEnforcingWrapper``, ``AssertOutOfBoundsWrapper``,
    ``TerminateIllegalWrapper`` with ``illegal_reward=-1``; ``env`` takes ``raw_env``'s
    arguments; the metadata are the classic environments' keys.
    """
    from pettingzoo.utils import wrappers

    from meeplekit.pettingzoo import ILLEGAL_REWARD, metadata

    environment = env()
    order = environment
    assert type(order) is wrappers.OrderEnforcingWrapper
    bounds = order.env
    assert type(bounds) is wrappers.AssertOutOfBoundsWrapper
    illegal = bounds.env
    assert type(illegal) is wrappers.TerminateIllegalWrapper
    assert illegal._illegal_value == ILLEGAL_REWARD == -1
    assert type(illegal.env) is raw_env and environment.unwrapped is illegal.env
    assert env.__module__ == raw_env.__module__ and env.__name__ == "env"
    assert list(inspect.signature(env).parameters) == list(inspect.signature(raw_env).parameters)
    assert info.title in (env.__doc__ or "")
    assert raw_env.metadata == metadata(info)
    assert raw_env.metadata["name"] == f"{info.name}_v0"
    assert raw_env.metadata["is_parallelizable"] is False
    assert environment.metadata == raw_env.metadata
    assert str(environment) == f"{info.name}_v0"


def check_order_is_enforced(env: Callable[..., Any]) -> None:
    """Before ``reset`` the wrapped environment refuses with PettingZoo's own messages."""
    environment = env(render_mode="ansi")
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        environment.step(0)
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before observe"):
        environment.observe("player_0")
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before render"):
        environment.render()
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        _ = environment.agent_selection
    environment.reset(seed=1)
    observation, *_ = environment.last()
    environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert environment.unwrapped.decisions == 1


def _random_position(environment: Any, rs: np.random.RandomState, moves: int) -> None:
    """``moves`` random legal actions in ``environment`` (fewer if the game ends)."""
    for _ in range(moves):
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            return
        environment.step(int(rs.choice(np.flatnonzero(observation["action_mask"]))))


def check_illegal_action_ends_the_game(
    env: Callable[..., Any], rs: np.random.RandomState, games: int = 4
) -> None:
    """In the wrapped environment an illegal action ends the game with PettingZoo's penalty.

    The agent that played it gets -1, every other agent 0; every agent is terminated (and
    truncated, as PettingZoo's wrapper marks both); the position is left as it was; then
    every agent steps out with ``None``. A code outside the action space fails PettingZoo's
    assertion and changes nothing.
    """
    from meeplekit.pettingzoo import ILLEGAL_REWARD

    for game in range(games):
        environment = env()
        environment.reset(seed=game)
        _random_position(environment, rs, int(rs.randint(1, 40)))
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            continue
        mask = observation["action_mask"]
        codes = environment.action_space(environment.agent_selection).n
        with pytest.raises(AssertionError, match="action is not in action space"):
            environment.step(codes)
        mover = environment.agent_selection
        before = environment.unwrapped.state
        decisions = environment.unwrapped.decisions
        environment.step(int(rs.choice(np.flatnonzero(mask == 0))))
        assert environment.unwrapped.state is before
        assert environment.unwrapped.decisions == decisions
        assert all(environment.terminations.values()) and all(environment.truncations.values())
        rewards: dict[str, float] = {}
        for agent in environment.agent_iter():
            _, reward, terminated, truncated, _ = environment.last()
            assert terminated and truncated
            rewards[agent] = reward
            environment.step(None)
        assert not environment.agents
        assert rewards == {
            agent: float(ILLEGAL_REWARD) if agent == mover else 0.0
            for agent in environment.possible_agents
        }
