"""The shared learning adapters serve any game: a toy game registered by its description.

(The race is registered by hand, :func:`meeplekit.registry.register`; the toy game of
``tests/meeplekit/toy`` is registered by its distribution's entry point.)

The toy (a dice race) is neither Harbour nor Machi Koro: its setup draws a seed (the first
player) and its play has chance nodes of unequal probabilities, so one game passes through
both kinds of chance of :mod:`meeplekit.openspiel`, and the PettingZoo environment must
resolve chance inside ``step``. Skipped without OpenSpiel or PettingZoo.
"""

from __future__ import annotations

import enum
import inspect
import json
from fractions import Fraction
from typing import Any, cast

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from meeplekit import openspiel as spiel  # noqa: E402
from meeplekit import pettingzoo as zoo  # noqa: E402
from meeplekit.agents.bots import BotGame, RandomBot  # noqa: E402
from meeplekit.errors import InvalidValueError, family  # noqa: E402
from meeplekit.extras import Extras, MissingExtraError  # noqa: E402
from meeplekit.info import (  # noqa: E402
    Bots,
    Chance,
    Evaluation,
    GameInfo,
    Narration,
    Notation,
    Players,
    Views,
)
from meeplekit.protocol import CHANCE, Game, sample_chance  # noqa: E402
from meeplekit.registry import registered, registered_names  # noqa: E402
from meeplekit.rng import SplitMix64  # noqa: E402

ROLL, STOP = 0, 1
#: Chance's outcomes: a step of 1, 2 or 3, with probabilities 1/2, 1/3 and 1/6.
STEPS: tuple[tuple[int, Fraction], ...] = (
    (2, Fraction(1, 2)),
    (3, Fraction(1, 3)),
    (4, Fraction(1, 6)),
)


class Target(enum.Enum):
    """How far the race goes: a reading whose values are numbers."""

    SHORT = "5"
    LONG = "9"


def _target(value: object) -> Target:
    try:
        return Target(value)
    except ValueError:
        raise InvalidValueError(f"no target {value!r}") from None


@attrs.frozen
class Options:
    target: Target = attrs.field(default=Target.SHORT, converter=_target)
    #: A switch the race ignores (a boolean parameter).
    quiet: bool = False


@attrs.frozen
class Race:
    totals: tuple[int, ...]
    seat: int
    rolling: bool
    target: int

    @property
    def over(self) -> bool:
        return max(self.totals) >= self.target


class RaceGame:
    """The functions of the protocol the adapters call, for the race."""

    def legal_moves(self, state: Race) -> tuple[int, ...]:
        if state.over:
            return ()
        return tuple(move for move, _ in STEPS) if state.rolling else (ROLL, STOP)

    def apply_move(self, state: Race, move: int) -> Race:
        if move not in self.legal_moves(state):
            raise ValueError(f"illegal {move}")
        if move == ROLL:
            return attrs.evolve(state, rolling=True)
        if move == STOP:
            return attrs.evolve(state, seat=(state.seat + 1) % len(state.totals))
        totals = list(state.totals)
        totals[state.seat] += move - 1
        return attrs.evolve(state, totals=tuple(totals), rolling=False)

    def current_player(self, state: Race) -> int:
        return CHANCE if state.rolling else state.seat

    def is_over(self, state: Race) -> bool:
        return state.over

    def returns(self, state: Race) -> tuple[float, ...]:
        n = len(state.totals)
        if not state.over:
            return (0.0,) * n
        return tuple(1.0 if seat == state.seat else -1.0 / (n - 1) for seat in range(n))

    def chance_outcomes(self, state: Race) -> tuple[tuple[int, Fraction], ...]:
        return STEPS if state.rolling and not state.over else ()

    def observe(self, state: Race, player: int) -> tuple[int, Race]:
        return (player, state)

    def determinize(self, observation: tuple[int, Race], rng: SplitMix64) -> Race:
        return observation[1]

    def to_json(self, value: object) -> str:
        return json.dumps(attrs.asdict(cast(Any, value)))

    def new_game(self, players: int, *, seed: int | None = None, options: Any = None) -> Race:
        return new_race(players, seed or 0, Options() if options is None else options)


def new_race(players: int, seed: int, options: Options) -> Race:
    if not 2 <= players <= 3:
        raise InvalidValueError(f"a race has 2 or 3 players, got {players}")
    return Race((0,) * players, seed % players, False, int(options.target.value))


def decode(state: Race, code: int) -> int:
    if not 0 <= code < 5:
        raise InvalidValueError(f"no action {code}")
    return code


def mask(state: Race) -> bytes:
    return bytes(1 if code in RACE.legal_moves(state) else 0 for code in range(5))


def tensor(observation: tuple[int, Race]) -> tuple[float, ...]:
    viewer, state = observation
    seats = len(state.totals)
    return (
        *map(float, state.totals),
        *(float(seat == viewer) for seat in range(seats)),
        float(state.rolling),
    )


RACE = RaceGame()
NAMES = ("roll", "stop", "+1", "+2", "+3")


class RaceCodes:
    """The race's action codes: a move is its own code."""

    def num_distinct_actions(self, setting: Any, /) -> int:
        return 5

    def encode(self, state: Race, move: int, /) -> int:
        return move

    def decode(self, state: Race, code: int, /) -> int:
        return decode(state, code)

    def legal_actions(self, state: Race, /) -> list[int]:
        return sorted(RACE.legal_moves(state))

    def legal_action_mask(self, state: Race, /) -> bytes:
        return mask(state)


class RaceTensors:
    """The race's tensors: the totals, the viewer, whether chance rolls."""

    def observation_tensor_size(self, setting: Any, players: int, /) -> int:
        return 2 * players + 1

    def observation_tensor(self, observation: tuple[int, Race], /) -> tuple[float, ...]:
        return tensor(observation)

    def information_state_string(self, observation: tuple[int, Race], /) -> str:
        return repr(observation)


def render_race(state: Race, viewer: int | None = None, /) -> str:
    return repr(state)


def picture(state: Race) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80">'
        + "".join(
            f'<rect x="{10 + 35 * seat}" y="{70 - 6 * total}" width="30" height="{6 * total + 2}"'
            f' fill="#{(seat * 5 + 3) % 10}8{seat}"/>'
            for seat, total in enumerate(state.totals)
        )
        + "</svg>"
    )


def _setup(state: Race, *, show_seed: bool) -> str:
    return f"A race of {len(state.totals)}."


PLAY: BotGame[Race, Any, int] = BotGame(
    name="race",
    determinize=RACE.determinize,
    legal_moves=RACE.legal_moves,
    apply_move=RACE.apply_move,
    current_player=RACE.current_player,
    is_over=RACE.is_over,
    winners=lambda state: (state.seat,),
    seats=lambda state: len(state.totals),
    turn=lambda state: 0,
    sample_chance=lambda state, rng: sample_chance(RACE.chance_outcomes(state), rng),
    evaluate=lambda state, seat: float(state.totals[seat]),
)

RACE_INFO: GameInfo[Race, int] = GameInfo(
    name="race",
    title="Race",
    version="0",
    game=cast(Game[Race, int], RACE),
    players=Players(fewest=2, most=3, default=2),
    perfect_information=True,
    readings=Options,
    chance=Chance(in_play=True, setup_seeds=3),
    play=PLAY,
    bots=Bots(random=lambda seed: RandomBot(PLAY, seed), default="random"),
    max_decisions=200,
    evaluation=Evaluation(points=lambda state: state.totals, utilities=RACE.returns),
    codes=RaceCodes(),
    tensors=RaceTensors(),
    notation=Notation(
        format=lambda state, move: NAMES[move],
        parse=lambda state, text: NAMES.index(text),
        label=lambda state, move: NAMES[move],
        examples="'roll'",
    ),
    views=Views(render=render_race, picture=picture),
    narration=Narration(
        describe_setup=_setup,
        describe_events=lambda before, move, events, after: NAMES[move],
        describe_outcome=lambda state: f"Player {state.seat + 1} wins.",
        player_name=lambda seat: f"Player {seat + 1}",
    ),
    errors=family("Race", module=__name__, base="RaceError"),
    extras=Extras("race-rules", {}),
)

# Served while registered (the classes keep the description); registered for this block
# only, so that the other tests' registered games stay those of the entry points.
with registered("race", RACE_INFO):
    SPIEL = spiel.served("race")
    ZOO = zoo.served("race")
RaceEnv = ZOO.raw_env
race_env = ZOO.env


def test_option_parameters_are_switches_readings_and_numbers() -> None:
    assert spiel.option_parameters(Options) == {"target": 5, "quiet": False}
    game = pyspiel.load_game("python_race", {"target": 9, "players": 3})
    assert game.options == Options(Target.LONG) and game.variant is None  # no variants
    assert pyspiel.load_game(str(game)).options == game.options
    for bad in ({"target": 7}, {"players": 4}, {"max_decisions": 0}, {"speed": 1}):
        with pytest.raises((InvalidValueError, RuntimeError)):
            pyspiel.load_game("python_race", bad)


def test_a_third_game_passes_openspiels_random_sim_test() -> None:
    for params in ({"players": 2}, {"players": 3, "target": 9}):
        game = pyspiel.load_game("python_race", params)
        pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_a_seed_node_then_chance_nodes_of_play_with_their_probabilities() -> None:
    game = pyspiel.load_game("python_race", {"players": 3})
    # Both kinds of chance: the seeds, and the outcomes of play by code.
    assert game.max_chance_outcomes() == 5 == game.num_distinct_actions()
    assert game.new_initial_state().state is None
    state = game.new_initial_state()
    assert str(state) == "setup: the seed is not drawn yet"
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "Seed 2"
    assert state.observation_tensor(0) == [0.0] * 7
    state.apply_action(2)
    assert state.state == new_race(3, 2, Options()) and state.current_player() == 2
    assert str(state) == repr(state.state)  # the game's text view (its render)
    assert state.action_to_string(2, ROLL) == "roll (0)"
    state.apply_action(ROLL)
    assert state.is_chance_node() and state.decisions == 1
    assert state.chance_outcomes() == [(2, 1 / 2), (3, 1 / 3), (4, 1 / 6)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 4) == "+3 (4)"
    state.apply_action(4)
    assert state.state.totals == (0, 0, 3) and state.decisions == 1  # chance is no decision
    clone = state.clone()
    assert clone.state is state.state  # an immutable position is shared, not copied
    clone.apply_action(STOP)
    assert clone.state != state.state and state.current_player() == 2


def test_the_cap_and_the_returns() -> None:
    game = pyspiel.load_game("python_race", {"players": 2, "max_decisions": 3})
    state = game.new_initial_state()
    for action in (0, STOP, STOP, STOP):
        state.apply_action(action)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    game = pyspiel.load_game("python_race", {"players": 2})
    state = game.new_initial_state()
    for action in (1, ROLL, 4, ROLL, 4):
        assert state.returns() == [0.0, 0.0]
        state.apply_action(action)
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]  # seed 1: seat 1 began


def test_a_third_game_passes_pettingzoos_api_and_seed_tests() -> None:
    api_test(RaceEnv(3, Options(), max_decisions=None), num_cycles=100)
    seed_test(lambda: RaceEnv(2, Options(Target.LONG), max_decisions=50), num_cycles=50)


def test_the_environment_draws_chance_inside_step_with_its_probabilities() -> None:
    environment = RaceEnv(2, Options(Target.LONG), max_decisions=None)
    steps: dict[int, int] = {}
    for seed in range(300):
        environment.reset(seed=seed)
        before = environment.state
        environment.step(ROLL)
        after = environment.state
        assert RACE.current_player(after) != CHANCE and environment.decisions == 1
        step = sum(after.totals) - sum(before.totals)
        steps[step] = steps.get(step, 0) + 1
    assert set(steps) == {1, 2, 3}
    assert steps[1] > steps[2] > steps[3]  # 1/2, 1/3, 1/6 (about 150, 100 and 50 of 300)


def test_render_modes_and_metadata() -> None:
    assert RaceEnv.metadata["name"] == "race_v0"
    assert zoo.render_modes(RACE_INFO) == ("human", "ansi", "rgb_array")
    no_picture = attrs.evolve(RACE_INFO.views, picture=None)
    assert zoo.render_modes(attrs.evolve(RACE_INFO, views=no_picture)) == ("human", "ansi")
    environment = RaceEnv(2, Options(), max_decisions=None, render_mode="rgb_array")
    environment.reset(seed=1)
    for action in (ROLL, STOP, ROLL):
        environment.step(action)
    image = environment.render()
    assert isinstance(image, np.ndarray) and image.shape == (80, 120, 3)
    assert len(np.unique(image.reshape(-1, 3), axis=0)) >= 2
    text = RaceEnv(2, Options(), max_decisions=None, render_mode="ansi")
    text.reset(seed=1)
    assert text.render() == repr(text.state)
    with pytest.raises(InvalidValueError, match=r"render_mode must be None or one of"):
        RaceEnv(2, Options(), max_decisions=None, render_mode="vector")


def test_a_missing_extra_is_one_line_naming_it_and_its_command() -> None:
    extras = Extras(
        "race-rules",
        {"fast": (("numpy", "no_such_module_for_this_test"), "going fast")},
        MissingExtraError,
    )
    assert extras.install_command("fast") == "pip install 'race-rules[fast]'"
    assert extras.missing("fast") == ("no_such_module_for_this_test",)
    with pytest.raises(MissingExtraError) as caught:
        extras.require("fast")
    assert str(caught.value) == (
        "the optional extra [fast] for going fast is not installed "
        "(no_such_module_for_this_test missing): pip install 'race-rules[fast]'"
    )
    assert isinstance(caught.value, ImportError)
    game = Extras.of_game("race-rules", "race", MissingExtraError, lab="the race's plots")
    assert list(game.extras) == [
        "cli",
        "pettingzoo",
        "openspiel",
        "testing",
        "pictures",
        "lab",
        "cluster",
    ]
    assert game.extras["cli"] == (("click", "rich"), "the race command")
    assert game.extras["lab"] == (("matplotlib",), "the race's plots")
    with pytest.raises(ValueError, match="no such extra of a game: fast"):
        Extras.of_game("race-rules", "race", MissingExtraError, fast="going fast")


def test_the_default_number_of_players_is_the_descriptions() -> None:
    assert pyspiel.load_game("python_race").num_players() == RACE_INFO.players.default == 2
    assert RaceEnv().players == race_env().unwrapped.players == 2
    for wrong in (1, 4):
        with pytest.raises(ValueError, match="fewest <= default <= most"):
            Players(fewest=2, most=3, default=wrong)


def test_a_third_game_wrapped_as_pettingzoos_classic_environments() -> None:
    api_test(race_env(3, Options(), max_decisions=None), num_cycles=100)
    assert inspect.signature(race_env) == inspect.signature(RaceEnv).replace(
        return_annotation="AECEnv"
    )
    assert race_env.__module__ == zoo.__name__ and "Race" in (race_env.__doc__ or "")
    assert RaceEnv.__name__ == "RaceEnv" and "race" not in registered_names()
    environment = race_env(2)
    environment.reset(seed=0)
    assert environment.observe("player_0")["action_mask"].tolist() == [1, 1, 0, 0, 0]
    environment.step(4)  # a step of chance: not an agent's action
    assert environment.rewards == {"player_0": zoo.ILLEGAL_REWARD, "player_1": 0}
    assert all(environment.terminations.values())
    with pytest.raises(TypeError, match="a subclass of GameEnv"):
        zoo.classic_env(lambda: RaceEnv())
