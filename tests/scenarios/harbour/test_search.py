"""The ISMCTS bot: it sees only its observation, plays legal moves and is deterministic."""

from __future__ import annotations

import pytest

import harbour
from harbour.agents.bots import Bot, GreedyBot, RandomBot
from harbour.agents.search import ISMCTSBot
from harbour.determinize import determinize
from harbour.state import GameState
from meeplekit.rng import SplitMix64

BONUS = harbour.RulesOptions(characters=True, bonus_cards=True)


def advance(state: GameState, moves: int, seed: int) -> GameState:
    """The state after ``moves`` random moves (fewer if the game ends)."""
    bot = RandomBot(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = harbour.current_player(state)
        state = harbour.apply_move(state, bot.choose(harbour.observe(state, seat)))
    return state


def twins(state: GameState) -> tuple[GameState, GameState]:
    """Two states the decider cannot tell apart, differing in hidden information."""
    seen = harbour.observe(state, harbour.current_player(state))
    first = determinize(seen, SplitMix64(1))
    for k in range(2, 50):
        second = determinize(seen, SplitMix64(k))
        if second.deck != first.deck and [p.bonus_card for p in second.players] != [
            p.bonus_card for p in first.players
        ]:
            return first, second
    raise AssertionError("no two determinizations differ in deck and bonus cards")


@pytest.mark.rules("OBS-1", "OBS-3", "BONUS-3")
@pytest.mark.parametrize("moves", [0, 12, 40])
def test_ismcts_gives_the_same_move_in_states_differing_only_in_secrets(moves: int) -> None:
    state = advance(harbour.new_game(3, seed=moves, options=BONUS), moves, seed=moves)
    first, second = twins(state)
    seat = harbour.current_player(first)
    assert harbour.current_player(second) == seat
    assert first.deck != second.deck  # the secrets differ
    choices = [
        ISMCTSBot(playouts=60, seed=9).choose(harbour.observe(twin, seat))
        for twin in (first, second)
    ]
    assert choices[0] == choices[1]
    assert choices[0] in harbour.legal_moves(first)


@pytest.mark.rules("TURN-6", "END-2")
def test_ismcts_with_few_playouts_plays_a_full_game_legally() -> None:
    state = harbour.new_game(2, seed=11, options=BONUS)
    bots: list[Bot] = [ISMCTSBot(playouts=8, seed=1), GreedyBot(2)]
    for _ in range(2000):
        if state.is_over:
            break
        seat = harbour.current_player(state)
        move = bots[seat].choose(harbour.observe(state, seat))
        assert move in harbour.legal_moves(state)
        state = harbour.apply_move(state, move)
    assert state.is_over
    assert len(harbour.outcome(state).winners) >= 1


def test_ismcts_is_deterministic_given_its_seed_and_searches() -> None:
    state = advance(harbour.new_game(2, seed=3), 20, seed=3)
    while len(harbour.legal_moves(state)) < 3:
        state = advance(state, 1, seed=state.turn)
    seen = harbour.observe(state, harbour.current_player(state))
    picks = [ISMCTSBot(playouts=40, seed=s).choose(seen) for s in (5, 5, 6, 7, 8, 9)]
    assert picks[0] == picks[1]
    assert set(picks) <= set(harbour.legal_moves(state))


def test_ismcts_with_full_playouts_and_its_refusals() -> None:
    state = harbour.new_game(2, seed=2)
    seat = harbour.current_player(state)
    bot = ISMCTSBot(playouts=3, seed=0, playout_turns=None)
    assert bot.choose(harbour.observe(state, seat)) in harbour.legal_moves(state)
    other = harbour.observe(state, 1 - seat)
    with pytest.raises(ValueError, match="does not decide"):
        bot.choose(other)
    with pytest.raises(ValueError, match="playouts"):
        ISMCTSBot(playouts=0)
    for bad, name in (
        ({"playout_turns": 0}, "playout_turns"),
        ({"epsilon": 1.5}, "epsilon"),
        ({"epsilon": -0.1}, "epsilon"),
        ({"exploration": -1.0}, "exploration"),
        ({"temperature": 0.0}, "temperature"),
        ({"temperature": float("nan")}, "temperature"),
    ):
        with pytest.raises(ValueError, match=name):
            ISMCTSBot(**bad)
    assert isinstance(bot, Bot)


def test_playouts_finish_the_turn_in_progress_and_are_greedy_without_epsilon() -> None:
    state = advance(harbour.new_game(2, seed=5, options=BONUS), 30, seed=5)
    assert not state.is_over and state.turn > 0
    ends = [ISMCTSBot(playouts=1, seed=seed, epsilon=0.0)._playout(state) for seed in (1, 2, 3)]
    # Without random moves the policy ignores the bot's generator.
    assert ends[0] == ends[1] == ends[2]
    assert ends[0].is_over or ends[0].turn == state.turn + 1
    two_turns = ISMCTSBot(playouts=1, seed=1, playout_turns=2)._playout(state)
    assert two_turns.is_over or two_turns.turn == state.turn + 2
    # With only random moves, different generators take different lines.
    random_ends = {ISMCTSBot(playouts=1, seed=s, epsilon=1.0)._playout(state) for s in range(8)}
    assert len(random_ends) > 1
