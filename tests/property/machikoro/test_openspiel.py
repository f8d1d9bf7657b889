"""The OpenSpiel game ``python_machikoro`` (MK-SPIEL-1 to MK-SPIEL-7); skipped without ``[openspiel]``."""

from __future__ import annotations

import pickle
from fractions import Fraction
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402

import machikoro  # noqa: E402
from machikoro import openspiel as mo  # noqa: E402
from machikoro.agents import actions, tensors  # noqa: E402
from machikoro.chance import sample_chance  # noqa: E402
from machikoro.info import INFO  # noqa: E402
from machikoro.setup import start  # noqa: E402
from meeplekit.rng import SplitMix64  # noqa: E402
from tests.meeplekit import adapter_checks  # noqa: E402
from tests.meeplekit.adapter_checks import play_randomly  # noqa: E402
from tests.support.machikoro import OPENSPIEL_GAMES  # noqa: E402

#: The parameter sets of the game's tests (the conformance suite's too).
GAMES = OPENSPIEL_GAMES


@pytest.mark.rules("MK-SPIEL-1")
def test_parameters_are_the_players_the_cap_and_every_rules_option() -> None:
    game = pyspiel.load_game("python_machikoro", {"players": 3, "reroll_dice": "same"})
    assert game.options == machikoro.RulesOptions(reroll_dice="same")
    assert game.max_decisions == mo.MAX_DECISIONS == game.max_game_length() == 3000
    assert set(game.get_parameters()) == {"players", "max_decisions"} | {
        f.name for f in attrs.fields(machikoro.RulesOptions)
    }
    assert game.get_type().short_name == "python_machikoro"
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    codes = actions.num_distinct_actions(game.options)
    assert game.num_distinct_actions() == game.max_chance_outcomes() == codes
    assert game.observation_tensor_shape() == [tensors.observation_tensor_size(game.options, 3)]
    # A cost is a number, as OpenSpiel reads it back from the game's string.
    cheap = pyspiel.load_game("python_machikoro", {"sushi_bar_cost": 2})
    assert cheap.options.sushi_bar_cost == machikoro.SushiBarCost.TWO
    assert pyspiel.load_game(str(cheap)).options == cheap.options
    bad: list[dict[str, Any]] = [
        {"players": 6},
        {"players": 1},
        {"players": 5, "expansion": False},
        {"reroll_dice": "sideways"},
        {"max_decisions": 0},
        {"colour": "red"},
    ]
    for params in bad:
        with pytest.raises((machikoro.InvalidValueError, RuntimeError)):
            pyspiel.load_game("python_machikoro", params)


@pytest.mark.rules("MK-SPIEL-2")
@pytest.mark.parametrize("players", [2, 5])
def test_the_game_begins_before_the_market_and_its_draws_are_chance_nodes(players: int) -> None:
    game = pyspiel.load_game("python_machikoro", {"players": players})
    state = game.new_initial_state()
    assert state.state == start(players, machikoro.RulesOptions())
    assert sum(state.state.market) == 0 and state.state.seed == 0
    draws = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        engine = machikoro.chance_outcomes(state.state)
        assert outcomes == sorted(
            (actions.encode(state.state, move), float(p)) for move, p in engine
        )
        assert state.legal_actions() == [code for code, _ in outcomes]
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert sum(Fraction(p) for _, p in engine) == 1
        state.apply_action(outcomes[draws % len(outcomes)][0])
        draws += 1
    assert draws >= 10 and state.decisions == 0  # draws are not decisions
    assert sum(1 for n in state.state.market if n) == 10  # MKH-MARKET-4's ten kinds
    assert state.current_player() == 0


@pytest.mark.rules("MK-SPIEL-2")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_drawing_from_the_start_with_a_seed_gives_new_games_market(players: int) -> None:
    for seed in range(25):
        state = start(players, machikoro.RulesOptions())
        rng = SplitMix64(seed)
        while machikoro.current_player(state) == machikoro.CHANCE:
            state = machikoro.apply_move(state, sample_chance(state, rng))
        assert attrs.evolve(state, seed=seed) == machikoro.new_game(players, seed=seed)


@pytest.mark.rules("MK-SPIEL-2")
def test_the_base_market_has_no_setup_chance() -> None:
    options = machikoro.RulesOptions(expansion=False)
    assert start(3, options) == machikoro.new_game(3, seed=0, options=options)
    game = pyspiel.load_game("python_machikoro", {"players": 3, "expansion": False})
    assert game.new_initial_state().current_player() == 0


@pytest.mark.rules("MK-SPIEL-2")
def test_dice_and_draws_are_chance_nodes_with_exact_probabilities() -> None:
    game = pyspiel.load_game("python_machikoro", {"players": 2})
    rs = np.random.RandomState(4)
    kinds: set[str] = set()
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = dict(state.chance_outcomes())
                expected = {
                    actions.encode(state.state, move): float(p)
                    for move, p in machikoro.chance_outcomes(state.state)
                }
                assert outcomes == expected
                moves = {type(actions.decode(state.state, code)).__name__ for code in outcomes}
                kinds |= moves
                if moves == {"Dice"} and len(outcomes) == 21:  # two dice
                    assert sorted(set(outcomes.values())) == [1 / 36, 2 / 36]
                elif moves == {"Dice"}:
                    assert set(outcomes.values()) == {1 / 6}
            play_randomly(state, rs, until=1)
    assert kinds == {"Dice", "Draw"}


@pytest.mark.rules("MK-SPIEL-2")
@pytest.mark.parametrize("params", GAMES[:3])
def test_clone_pickle_and_history_serialization_like_openspiels_games_sim_test(
    params: dict[str, Any],
) -> None:
    # The checks of open_spiel/python/tests/games_sim_test.py (sim_game), with a seeded
    # generator instead of NumPy's global one.
    game = pyspiel.load_game("python_machikoro", params)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    rs = np.random.RandomState(len(params))
    state = game.new_initial_state()
    taken, check, decisions = 0, 1, 0
    while not state.is_terminal():
        taken += 1
        if taken >= check:
            text = pyspiel.serialize_game_and_state(game, state)
            new_game, new_state = pyspiel.deserialize_game_and_state(text)
            assert str(new_game) == str(game)
            assert str(new_state) == str(state)
            assert new_state.state == state.state
            assert str(pickle.loads(pickle.dumps(state))) == str(state)
            check *= 2
        if state.is_chance_node():
            play_randomly(state, rs, until=1)
            continue
        action = int(rs.choice(state.legal_actions(state.current_player())))
        clone = state.clone()
        assert str(clone) == str(state) and clone.history() == state.history()
        state.apply_action(action)
        clone.apply_action(action)
        decisions += 1
        assert str(clone) == str(state) and clone.history() == state.history()
    assert state.legal_actions() == []
    assert all(state.legal_actions(p) == [] for p in range(game.num_players()))
    assert len(state.history()) == taken and state.decisions == decisions


@pytest.mark.rules("MK-SPIEL-3")
@pytest.mark.parametrize("params", GAMES)
def test_returns_are_plus_one_for_the_winner_and_minus_one_shared_by_the_rest(
    params: dict[str, Any],
) -> None:
    game = pyspiel.load_game("python_machikoro", params)
    n = game.num_players()
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    rs = np.random.RandomState(7 + n)
    state = play_randomly(game.new_initial_state(), rs)
    assert machikoro.is_over(state.state)
    (winner,) = machikoro.outcome(state.state).winners
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    for seat in range(n):
        expected = 1.0 if seat == winner else -1.0 / (n - 1)
        assert returns[seat] == pytest.approx(expected)
        assert state.player_return(seat) == returns[seat]
    assert returns == list(mo.utilities(state.state)) == list(machikoro.returns(state.state))


@pytest.mark.rules("MK-SPIEL-3", "MK-SPIEL-4")
@pytest.mark.parametrize("cap", [1, 7, 60])
def test_the_cap_ends_the_game_as_a_draw(cap: int) -> None:
    game = pyspiel.load_game("python_machikoro", {"players": 2, "max_decisions": cap})
    assert game.max_game_length() == cap
    state = play_randomly(game.new_initial_state(), np.random.RandomState(cap))
    assert state.is_terminal() and not machikoro.is_over(state.state)
    assert state.decisions == cap < len(state.history())  # chance outcomes are no decisions
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0, 0.0] == list(mo.utilities(state.state))
    # The same game without the cap goes on from there.
    uncapped = pyspiel.load_game("python_machikoro", {"players": 2})
    replay = uncapped.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert not replay.is_terminal() and replay.state == state.state


@pytest.mark.rules("MK-SPIEL-4")
def test_random_games_end_well_within_the_default_cap() -> None:
    game = pyspiel.load_game("python_machikoro", {"players": 4})
    rs = np.random.RandomState(3)
    for _ in range(2):
        state = play_randomly(game.new_initial_state(), rs)
        assert machikoro.is_over(state.state) and state.decisions < mo.MAX_DECISIONS // 2


@pytest.mark.rules("MK-SPIEL-5")
@pytest.mark.parametrize("params", GAMES)
def test_observers_give_the_tensors_and_strings_of_observe(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_machikoro", params)
    rs = np.random.RandomState(11)
    state = play_randomly(game.new_initial_state(), rs, until=1 + int(rs.randint(80)))
    for player in range(game.num_players()):
        seen = machikoro.observe(state.state, player)
        vector = list(np.asarray(tensors.observation_tensor(seen), np.float32))
        assert state.observation_tensor(player) == vector
        assert state.information_state_tensor(player) == vector
        text = tensors.information_state_string(seen)
        assert state.observation_string(player) == text
        assert state.information_state_string(player) == text


@pytest.mark.rules("MK-SPIEL-5")
def test_every_observation_type_sees_the_same_in_a_game_of_perfect_information() -> None:
    game = pyspiel.load_game("python_machikoro", {"players": 3})
    state = play_randomly(game.new_initial_state(), np.random.RandomState(2), until=40)
    seen = machikoro.observe(state.state, 1)
    for private in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.ALL_PLAYERS):
        kind = pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=private
        )
        observer = game.make_py_observer(kind)
        observer.set_from(state, 1)
        assert list(observer.tensor) == list(np.float32(tensors.observation_tensor(seen)))
        assert observer.string_from(state, 1) == tensors.information_state_string(seen)
    with pytest.raises(machikoro.InvalidValueError, match="no parameters"):
        game.make_py_observer(None, {"colour": True})


@pytest.mark.rules("MK-SPIEL-5")
def test_resample_from_infostate_keeps_what_the_player_sees() -> None:
    game = pyspiel.load_game("python_machikoro", {"players": 3})
    rs = np.random.RandomState(5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for length in (3, 30, 90):
        state = play_randomly(game.new_initial_state(), rs, until=length)
        player = max(state.current_player(), 0)
        sample_state = state.resample_from_infostate(player, sampler)
        assert attrs.evolve(sample_state.state, seed=0) == state.state
        assert sample_state.information_state_string(player) == state.information_state_string(
            player
        )
        assert sample_state.observation_tensor(player) == state.observation_tensor(player)
        assert sample_state.legal_actions() == state.legal_actions()
        assert sample_state.decisions == state.decisions
        play_randomly(sample_state, rs, until=5)  # the sample plays on like any state


@pytest.mark.rules("MK-SPIEL-2", "MK-SPIEL-3")
def test_openspiels_mcts_bot_plays_a_game_with_chance_to_the_end() -> None:
    game = pyspiel.load_game("python_machikoro", {"players": 2})
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rs, max_length=20)
    bot = mcts.MCTSBot(game, 2.0, 4, evaluator, solve=False, random_state=rs)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            play_randomly(state, rs, until=1)
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert machikoro.is_over(state.state) and sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.rules("MK-SPIEL-1")
def test_action_strings_name_the_move_and_its_code() -> None:
    game = pyspiel.load_game("python_machikoro", {"players": 2, "expansion": False})
    state = game.new_initial_state()
    assert state.action_to_string(0, 0) == "roll 1 (0)"
    state.apply_action(0)
    code, _ = state.chance_outcomes()[2]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, code) == f"dice 3 ({code})"
    assert state.action_to_string(0, 10**6) == f"Action {10**6}"


@pytest.mark.rules("MK-SPIEL-6", "MK-SPIEL-1", "MK-ENV-1")
def test_both_adapters_default_to_three_players_in_either_edition() -> None:
    pytest.importorskip("pettingzoo")
    from machikoro import pettingzoo as machikoro_pettingzoo

    assert INFO.players.default == 3
    adapter_checks.check_default_players(
        INFO, machikoro_pettingzoo.raw_env, machikoro_pettingzoo.env
    )
    # A count the base game allows too (MK-PLAYERS-1: 2 to 4 without the expansion).
    base = pyspiel.load_game("python_machikoro", {"expansion": False})
    assert base.num_players() == 3 and not base.options.expansion
    environment = machikoro_pettingzoo.raw_env(options=machikoro.RulesOptions(expansion=False))
    environment.reset(seed=2)
    assert environment.state.players == 3


@pytest.mark.rules("MK-SPIEL-7")
@pytest.mark.parametrize("params", GAMES)
def test_a_state_prints_as_the_text_view(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_machikoro", params)
    adapter_checks.check_str_is_the_text_view(game, np.random.RandomState(len(params)))
