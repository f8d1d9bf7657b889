"""The OpenSpiel game ``python_harbour`` (SPIEL-1 to SPIEL-7); skipped without ``[openspiel]``."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from harbour import RulesOptions, new_game, observe, outcome  # noqa: E402
from harbour import openspiel as hs  # noqa: E402
from harbour.agents import actions, tensors  # noqa: E402
from harbour.errors import InvalidValueError  # noqa: E402
from harbour.info import INFO  # noqa: E402
from harbour.positions import replace  # noqa: E402
from tests.meeplekit import adapter_checks  # noqa: E402
from tests.meeplekit.adapter_checks import play_randomly  # noqa: E402
from tests.support.harbour import OPENSPIEL_GAMES  # noqa: E402

#: The parameter sets of the game's tests (the conformance suite's too).
GAMES = OPENSPIEL_GAMES


@pytest.mark.rules("SPIEL-1")
def test_parameters_are_the_players_the_cap_and_every_rules_option() -> None:
    game = pyspiel.load_game("python_harbour", {"players": 3, "tie_break": "buildings-only"})
    assert game.options == RulesOptions(tie_break="buildings-only")
    assert game.max_decisions == hs.MAX_DECISIONS == game.max_game_length()
    assert set(game.get_parameters()) == {"players", "max_decisions"} | {
        f.name for f in attrs.fields(RulesOptions)
    }
    assert game.num_distinct_actions() == actions.num_distinct_actions(game.cards)
    assert game.observation_tensor_shape() == [tensors.observation_tensor_size(game.cards, 3)]
    for bad in ({"players": 5}, {"players": 1}, {"reentry": "sideways"}, {"max_decisions": 0}):
        with pytest.raises((InvalidValueError, RuntimeError)):
            pyspiel.load_game("python_harbour", bad)


@pytest.mark.rules("SPIEL-2")
@pytest.mark.parametrize("params", GAMES)
def test_clone_pickle_and_history_serialization_like_openspiels_games_sim_test(
    params: dict[str, Any],
) -> None:
    # The checks of open_spiel/python/tests/games_sim_test.py (sim_game), with a seeded
    # generator instead of NumPy's global one.
    game = pyspiel.load_game("python_harbour", params)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    rs = np.random.RandomState(len(params))
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == hs.SEEDS == game.max_chance_outcomes()
    assert {p for _, p in outcomes} == {1.0 / hs.SEEDS}
    taken, check = 0, 1
    while not state.is_terminal():
        taken += 1
        if taken >= check:
            text = pyspiel.serialize_game_and_state(game, state)
            new_game, new_state = pyspiel.deserialize_game_and_state(text)
            assert str(new_game) == str(game)
            assert str(new_state) == str(state)
            assert str(pickle.loads(pickle.dumps(state))) == str(state)
            check *= 2
        if state.is_chance_node():
            state.apply_action(int(rs.randint(hs.SEEDS)))
            continue
        action = int(rs.choice(state.legal_actions(state.current_player())))
        clone = state.clone()
        assert str(clone) == str(state) and clone.history() == state.history()
        state.apply_action(action)
        clone.apply_action(action)
        assert str(clone) == str(state) and clone.history() == state.history()
    assert state.legal_actions() == []
    assert all(state.legal_actions(p) == [] for p in range(game.num_players()))
    assert len(state.history()) == taken == state.decisions + 1


@pytest.mark.rules("SPIEL-2")
def test_the_chance_outcome_is_the_seed_of_new_game() -> None:
    game = pyspiel.load_game("python_harbour", {"players": 3, "characters": True})
    state = game.new_initial_state()
    state.apply_action(1234)
    assert state.state == new_game(3, seed=1234, options=game.options)
    assert state.current_player() == state.state.decider == 0
    assert state.legal_actions() == list(actions.legal_actions(state.state))


@pytest.mark.rules("SPIEL-3")
@pytest.mark.parametrize("params", GAMES)
def test_returns_split_plus_one_among_winners_and_minus_one_among_the_rest(
    params: dict[str, Any],
) -> None:
    game = pyspiel.load_game("python_harbour", params)
    n = game.num_players()
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    rs = np.random.RandomState(7 + n)
    for _ in range(3):
        state = play_randomly(game.new_initial_state(), rs)
        assert state.state.is_over
        winners = outcome(state.state).winners
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        for seat in range(n):
            if len(winners) == n:
                expected = 0.0
            elif seat in winners:
                expected = 1.0 / len(winners)
            else:
                expected = -1.0 / (n - len(winners))
            assert returns[seat] == pytest.approx(expected)
            assert state.player_return(seat) == returns[seat]


@pytest.mark.rules("SPIEL-3")
def test_a_tie_between_all_players_is_worth_nothing() -> None:
    game = pyspiel.load_game("python_harbour", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(0)
    # Before the starting goods nobody holds anything: dropping the stack, the players tie.
    assert outcome(replace(state.state, stack=())).winners == (0, 1)
    assert hs.utilities(state.state) == (0.0, 0.0)
    assert state.returns() == [0.0, 0.0]  # not over: 0 for every seat


@pytest.mark.rules("SPIEL-4")
@pytest.mark.parametrize("cap", [1, 5, 40])
def test_the_cap_ends_the_game_with_the_scores_as_they_stand(cap: int) -> None:
    game = pyspiel.load_game("python_harbour", {"players": 2, "max_decisions": cap})
    assert game.max_game_length() == cap
    state = play_randomly(game.new_initial_state(), np.random.RandomState(cap))
    assert state.is_terminal() and not state.state.is_over
    assert state.decisions == cap == len(state.history()) - 1
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == list(hs.utilities(state.state))
    # The same game without the cap goes on from there.
    uncapped = pyspiel.load_game("python_harbour", {"players": 2})
    replay = uncapped.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert not replay.is_terminal() and replay.returns() == [0.0, 0.0]


@pytest.mark.rules("SPIEL-4")
def test_random_games_end_well_within_the_default_cap() -> None:
    game = pyspiel.load_game("python_harbour", {"players": 4})
    rs = np.random.RandomState(3)
    for _ in range(3):
        state = play_randomly(game.new_initial_state(), rs)
        assert state.state.is_over and state.decisions < hs.MAX_DECISIONS // 2


@pytest.mark.rules("SPIEL-5")
@pytest.mark.parametrize("params", GAMES)
def test_observers_give_the_tensors_and_strings_of_observe(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_harbour", params)
    rs = np.random.RandomState(11)
    state = game.new_initial_state()
    assert state.observation_tensor(0) == [0.0] * game.observation_tensor_size()
    state = play_randomly(state, rs, until=1 + int(rs.randint(60)))
    for player in range(game.num_players()):
        seen = observe(state.state, player)
        vector = list(np.asarray(tensors.observation_tensor(seen), np.float32))
        assert state.observation_tensor(player) == vector
        assert state.information_state_tensor(player) == vector
        text = tensors.information_state_string(seen)
        assert state.observation_string(player) == text
        assert state.information_state_string(player) == text


@pytest.mark.rules("SPIEL-5")
@pytest.mark.parametrize("params", GAMES)
def test_resample_from_infostate_keeps_what_the_player_sees(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_harbour", {**params, "bonus_cards": True})
    rs = np.random.RandomState(5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differed = False
    for length in (2, 15, 40):
        state = play_randomly(game.new_initial_state(), rs, until=length)
        if state.is_terminal():
            continue
        player = state.current_player()
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        assert sample.decisions == state.decisions
        differed |= sample.state.deck != state.state.deck
        # The sample plays on like any state.
        play_randomly(sample, rs, until=5)
    assert differed, "the samples never drew a different deck"


def play_with_bot(game: Any, bot: Any, rs: Any) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rs.randint(hs.SEEDS)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


@pytest.mark.rules("SPIEL-2", "SPIEL-5")
def test_openspiels_mcts_bot_plays_a_game_to_the_end() -> None:
    game = pyspiel.load_game("python_harbour", {"players": 2})
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rs, max_length=20)
    bot = mcts.MCTSBot(game, 2.0, 4, evaluator, solve=False, random_state=rs)
    state = play_with_bot(game, bot, rs)
    assert state.state.is_over and sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.rules("SPIEL-5")
def test_openspiels_ismcts_bot_plays_a_game_to_the_end() -> None:
    game = pyspiel.load_game("python_harbour", {"players": 2, "bonus_cards": True})
    rs = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(1, rs, max_length=20)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rs)
    state = play_with_bot(game, bot, rs)
    assert state.state.is_over and sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.rules("SPIEL-6", "SPIEL-1", "ENV-1")
def test_both_adapters_default_to_three_players() -> None:
    pytest.importorskip("pettingzoo")
    from harbour import pettingzoo as harbour_pettingzoo

    assert INFO.players.default == 3
    adapter_checks.check_default_players(INFO, harbour_pettingzoo.raw_env, harbour_pettingzoo.env)


@pytest.mark.rules("SPIEL-7")
@pytest.mark.parametrize("params", GAMES)
def test_a_state_prints_as_the_text_view(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_harbour", params)
    adapter_checks.check_str_is_the_text_view(game, np.random.RandomState(len(params)))
