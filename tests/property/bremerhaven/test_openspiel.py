"""The OpenSpiel game ``python_bremerhaven`` (BH-SPIEL-1 to BH-SPIEL-7).

OpenSpiel's own ``random_sim_test`` plays every player count, long and short, in the
conformance suite (``tests/property/test_conformance.py``); these tests check the parameters, the setup chance node, the returns, the cap, the observers and
that nothing a player may not see reaches its tensor or string (twin states that differ
only in what it cannot see).
"""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import bremerhaven  # noqa: E402
from bremerhaven import GameState, RulesOptions  # noqa: E402
from bremerhaven import openspiel as bo  # noqa: E402
from bremerhaven.agents import actions, tensors  # noqa: E402
from bremerhaven.cards import ORIGINAL  # noqa: E402
from bremerhaven.info import INFO  # noqa: E402
from bremerhaven.interchange.notation import format_move  # noqa: E402
from bremerhaven.observation import bidding_open  # noqa: E402
from bremerhaven.positions import replace  # noqa: E402
from meeplekit.rng import SplitMix64  # noqa: E402
from tests.meeplekit import adapter_checks  # noqa: E402
from tests.meeplekit.adapter_checks import play_randomly  # noqa: E402
from tests.support.bremerhaven import ALL_OPENSPIEL_GAMES  # noqa: E402

#: The parameter sets of the game's tests (the conformance suite's too).
GAMES = ALL_OPENSPIEL_GAMES


@pytest.mark.rules("BH-SPIEL-1")
def test_parameters_are_the_players_the_cap_and_every_rules_option() -> None:
    game = pyspiel.load_game("python_bremerhaven", {"players": 3, "game": "short"})
    assert game.options == RulesOptions(game="short")
    assert game.cards is ORIGINAL
    assert game.max_decisions == bo.MAX_DECISIONS == game.max_game_length() == 1000
    assert set(game.get_parameters()) == {"players", "max_decisions"} | {
        f.name for f in attrs.fields(RulesOptions)
    }
    kind = game.get_type()
    assert kind.short_name == "python_bremerhaven"
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (kind.min_num_players, kind.max_num_players) == (1, 4)
    assert game.num_distinct_actions() == actions.num_distinct_actions(ORIGINAL)
    assert game.max_chance_outcomes() == bo.SEEDS == 2**16
    assert game.observation_tensor_shape() == [tensors.observation_tensor_size(ORIGINAL, 3)]
    assert pyspiel.load_game(str(game)).options == game.options
    bad: list[dict[str, Any]] = [
        {"players": 5},
        {"players": 0},
        {"game": "medium"},
        {"max_decisions": 0},
        {"colour": "red"},
    ]
    for params in bad:
        with pytest.raises((bremerhaven.InvalidValueError, RuntimeError)):
            pyspiel.load_game("python_bremerhaven", params)


@pytest.mark.rules("BH-SPIEL-2")
@pytest.mark.parametrize("params", [GAMES[0], GAMES[2], GAMES[5]])
def test_clone_pickle_and_history_serialization_like_openspiels_games_sim_test(
    params: dict[str, Any],
) -> None:
    # The checks of open_spiel/python/tests/games_sim_test.py (sim_game), with a seeded
    # generator instead of NumPy's global one.
    game = pyspiel.load_game("python_bremerhaven", params)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    rs = np.random.RandomState(len(params))
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == bo.SEEDS
    assert {p for _, p in outcomes} == {1.0 / bo.SEEDS}
    taken, check = 0, 1
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
            state.apply_action(int(rs.randint(bo.SEEDS)))
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


@pytest.mark.rules("BH-SPIEL-2")
@pytest.mark.parametrize("players", [1, 4])
def test_the_chance_outcome_is_the_seed_of_new_game_and_play_has_no_chance(
    players: int,
) -> None:
    game = pyspiel.load_game("python_bremerhaven", {"players": players, "game": "short"})
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert game.new_initial_state().state is None
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1234) == "Seed 1234"
    state.apply_action(1234)
    assert state.state == bremerhaven.new_game(players, seed=1234, options=game.options)
    assert state.decisions == 0
    rs = np.random.RandomState(players)
    while not state.is_terminal():
        assert not state.is_chance_node()
        assert state.current_player() == bremerhaven.current_player(state.state)
        assert 0 <= state.current_player() < players  # never the solo dummy
        assert state.legal_actions() == list(actions.legal_actions(state.state))
        play_randomly(state, rs, until=1)
    assert bremerhaven.is_over(state.state)


@pytest.mark.rules("BH-SPIEL-1")
def test_action_strings_name_the_move_and_its_code() -> None:
    game = pyspiel.load_game("python_bremerhaven", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(42)
    player = state.current_player()
    assert INFO.notation.format is format_move
    for code in state.legal_actions():
        move = actions.decode(state.state, code)
        assert state.action_to_string(player, code) == f"{format_move(state.state, move)} ({code})"
    assert state.action_to_string(player, 10**6) == f"Action {10**6}"


@pytest.mark.rules("BH-SPIEL-3")
@pytest.mark.parametrize("params", GAMES[1:])
def test_returns_are_plus_one_for_the_winner_and_minus_one_shared_by_the_rest(
    params: dict[str, Any],
) -> None:
    game = pyspiel.load_game("python_bremerhaven", params)
    n = game.num_players()
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    state = play_randomly(game.new_initial_state(), np.random.RandomState(7 + n))
    assert bremerhaven.is_over(state.state)
    (winner,) = bremerhaven.outcome(state.state).winners
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    for seat in range(n):
        expected = 1.0 if seat == winner else -1.0 / (n - 1)
        assert returns[seat] == pytest.approx(expected)
        assert state.player_return(seat) == returns[seat]
    assert returns == list(bo.utilities(state.state)) == list(bremerhaven.returns(state.state))


@pytest.mark.rules("BH-SPIEL-3")
def test_the_solo_seat_gets_zero_whatever_its_score() -> None:
    game = pyspiel.load_game("python_bremerhaven", {"players": 1})
    rs = np.random.RandomState(3)
    for _ in range(3):
        state = play_randomly(game.new_initial_state(), rs)
        assert bremerhaven.is_over(state.state) and state.state.solo
        assert state.returns() == [0.0] == list(bo.utilities(state.state))
    # A solo game won above the bar (BH-SOLO-18) is worth 0 too: returns add up to 0.
    final = state.state
    rich = replace(
        final, players=(replace(final.players[0], money=200, prestige=10), final.players[1])
    )
    assert bremerhaven.outcome(rich).winners == (0,)
    assert bo.utilities(rich) == (0.0,)


@pytest.mark.rules("BH-SPIEL-3", "BH-SPIEL-4")
@pytest.mark.parametrize("cap", [1, 9, 120])
def test_the_cap_ends_the_game_as_a_draw(cap: int) -> None:
    game = pyspiel.load_game("python_bremerhaven", {"players": 3, "max_decisions": cap})
    assert game.max_game_length() == cap
    state = play_randomly(game.new_initial_state(), np.random.RandomState(cap))
    assert state.is_terminal() and not bremerhaven.is_over(state.state)
    assert state.decisions == cap == len(state.history()) - 1
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []
    assert state.returns() == [0.0, 0.0, 0.0] == list(bo.utilities(state.state))
    # The same game without the cap goes on from there.
    uncapped = pyspiel.load_game("python_bremerhaven", {"players": 3})
    replay = uncapped.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert not replay.is_terminal() and replay.state == state.state


@pytest.mark.rules("BH-SPIEL-4")
@pytest.mark.parametrize("params", [GAMES[3], GAMES[0]])
def test_random_games_end_well_within_the_default_cap(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_bremerhaven", params)
    rs = np.random.RandomState(3)
    for _ in range(2):
        state = play_randomly(game.new_initial_state(), rs)
        assert bremerhaven.is_over(state.state)
        assert state.decisions < bo.MAX_DECISIONS // 2


@pytest.mark.rules("BH-SPIEL-5")
@pytest.mark.parametrize("params", GAMES)
def test_observers_give_the_tensors_and_strings_of_observe(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_bremerhaven", params)
    rs = np.random.RandomState(11)
    state = game.new_initial_state()
    assert state.observation_tensor(0) == [0.0] * game.observation_tensor_size()
    for _ in range(4):
        state = play_randomly(state, rs, until=1 + int(rs.randint(60)))
        for player in range(game.num_players()):
            seen = bremerhaven.observe(state.state, player)
            vector = list(np.asarray(tensors.observation_tensor(seen), np.float32))
            assert state.observation_tensor(player) == vector
            assert state.information_state_tensor(player) == vector
            text = tensors.information_state_string(seen)
            assert state.observation_string(player) == text
            assert state.information_state_string(player) == text


@pytest.mark.rules("BH-SPIEL-5")
def test_only_the_observers_own_private_information_is_offered() -> None:
    game = pyspiel.load_game("python_bremerhaven", {"players": 2})
    state = play_randomly(game.new_initial_state(), np.random.RandomState(2), until=3)
    own = pyspiel.IIGObservationType(
        perfect_recall=False,
        public_info=True,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
    )
    observer = game.make_py_observer(own)
    observer.set_from(state, 1)
    seen = bremerhaven.observe(state.state, 1)
    assert list(observer.tensor) == list(np.float32(tensors.observation_tensor(seen)))
    assert observer.string_from(state, 1) == tensors.information_state_string(seen)
    for private in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.ALL_PLAYERS):
        kind = pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=private
        )
        with pytest.raises(bremerhaven.InvalidValueError, match="private information"):
            game.make_py_observer(kind)
    with pytest.raises(bremerhaven.InvalidValueError, match="no parameters"):
        game.make_py_observer(None, {"colour": True})


def _hide_differently(state: GameState) -> tuple[GameState, int] | None:
    """``state`` with one face-down value swapped with a value in the same hand, and the
    seat whose values they are; ``None`` when the bidding is over or no placed card has
    such a value in hand.

    The seat that placed the card sees the difference; no other seat can: while the bidding
    goes on every seat sees how many cards lie where, and which values the owner holds in
    hand and face down together (BH-ENGINE-11).
    """
    if not bidding_open(state):
        return None
    for index, bid in enumerate(state.bids):
        hand = list(state.players[bid.seat].hand)
        other = next((value for value in hand if value != bid.value), None)
        if other is None:
            continue
        hand.remove(other)
        swapped = tuple(sorted((*hand, bid.value)))
        bids = (*state.bids[:index], attrs.evolve(bid, value=other), *state.bids[index + 1 :])
        players = tuple(
            replace(harbour, hand=swapped) if seat == bid.seat else harbour
            for seat, harbour in enumerate(state.players)
        )
        return replace(state, bids=bids, players=players), bid.seat
    return None


@pytest.mark.rules("BH-SPIEL-5")
@pytest.mark.parametrize("params", [GAMES[3], GAMES[5]])
def test_a_face_down_value_reaches_no_other_players_tensor_or_string(
    params: dict[str, Any],
) -> None:
    game = pyspiel.load_game("python_bremerhaven", params)
    state = game.new_initial_state()
    rs = np.random.RandomState(17)
    twins = 0
    while not state.is_terminal():
        found = None if state.is_chance_node() else _hide_differently(state.state)
        if found is not None:
            changed, owner = found
            assert bremerhaven.validate(changed) == ()
            twin = state.clone()
            twin.state = changed
            twins += 1
            for player in range(game.num_players()):
                tensor = twin.observation_tensor(player)
                string = twin.information_state_string(player)
                if player == owner:  # it sees its own values
                    assert tensor != state.observation_tensor(player)
                    assert string != state.information_state_string(player)
                else:
                    assert tensor == state.observation_tensor(player), player
                    assert string == state.information_state_string(player), player
        play_randomly(state, rs, until=1)
    assert twins >= 10  # several rounds' bidding


@pytest.mark.rules("BH-SPIEL-5")
@pytest.mark.parametrize("params", [GAMES[0], GAMES[2], GAMES[6]])
def test_twins_drawn_from_an_observation_give_the_same_tensor_and_string(
    params: dict[str, Any],
) -> None:
    game = pyspiel.load_game("python_bremerhaven", params)
    rs = np.random.RandomState(23)
    rng = SplitMix64(23)
    differed = 0
    for length in (2, 5, 30, 80, 150):
        state = play_randomly(game.new_initial_state(), rs, until=length)
        if state.is_terminal():
            continue
        for player in range(game.num_players()):
            twin = state.clone()
            twin.state = bremerhaven.determinize(bremerhaven.observe(state.state, player), rng)
            differed += twin.state != state.state
            assert twin.observation_tensor(player) == state.observation_tensor(player)
            assert twin.information_state_string(player) == state.information_state_string(player)
            if player == state.current_player():
                assert twin.legal_actions() == state.legal_actions()
    assert differed, "the twins never differed in what is hidden"


@pytest.mark.rules("BH-SPIEL-5")
@pytest.mark.parametrize("params", [GAMES[0], GAMES[1], GAMES[6]])
def test_resample_from_infostate_keeps_what_the_player_sees(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_bremerhaven", params)
    rs = np.random.RandomState(5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differed = False
    for length in (1, 3, 15, 40, 100):
        state = play_randomly(game.new_initial_state(), rs, until=length)
        if state.is_terminal():
            continue
        player = state.current_player()
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        assert sample.decisions == state.decisions
        differed |= sample.state.ship_deck != state.state.ship_deck
        play_randomly(sample, rs, until=5)  # the sample plays on like any state
    assert differed, "the samples never drew a different Ship deck"


def play_with_bot(game: Any, bot: Any, rs: Any) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rs.randint(bo.SEEDS)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


@pytest.mark.rules("BH-SPIEL-2", "BH-SPIEL-5")
def test_openspiels_mcts_bot_plays_a_game_to_the_end() -> None:
    game = pyspiel.load_game("python_bremerhaven", {"players": 2, "game": "short"})
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rs, max_length=20)
    bot = mcts.MCTSBot(game, 2.0, 3, evaluator, solve=False, random_state=rs)
    state = play_with_bot(game, bot, rs)
    assert bremerhaven.is_over(state.state) and sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.rules("BH-SPIEL-5")
def test_openspiels_ismcts_bot_plays_a_game_to_the_end() -> None:
    game = pyspiel.load_game("python_bremerhaven", {"players": 2, "game": "short"})
    rs = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(1, rs, max_length=20)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=rs)
    state = play_with_bot(game, bot, rs)
    assert bremerhaven.is_over(state.state) and sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.rules("BH-SPIEL-6", "BH-SPIEL-1", "BH-ENV-1")
def test_both_adapters_default_to_three_players_not_the_solo_game() -> None:
    pytest.importorskip("pettingzoo")
    from bremerhaven import pettingzoo as bremerhaven_pettingzoo

    assert INFO.players.default == 3
    adapter_checks.check_default_players(
        INFO, bremerhaven_pettingzoo.raw_env, bremerhaven_pettingzoo.env
    )
    state = pyspiel.load_game("python_bremerhaven").new_initial_state()
    state.apply_action(5)
    assert not state.state.solo and state.state.seats == 3


@pytest.mark.rules("BH-SPIEL-7")
@pytest.mark.parametrize("params", [GAMES[0], GAMES[2], GAMES[4]])
def test_a_state_prints_as_the_text_view(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_bremerhaven", params)
    adapter_checks.check_str_is_the_text_view(game, np.random.RandomState(len(params)))
