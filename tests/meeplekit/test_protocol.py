"""Harbour satisfies the shared game protocol, and the registry finds it by name."""

from __future__ import annotations

from fractions import Fraction

import pytest

import harbour
from harbour import GameState, Move
from meeplekit import registry
from meeplekit.protocol import CHANCE, Game, sample_chance
from meeplekit.rng import SplitMix64

#: mypy checks here that the module harbour provides every function of the protocol.
HARBOUR: Game[GameState, Move] = harbour


def test_the_registry_loads_harbour_by_name() -> None:
    assert "harbour" in registry.registered_names()
    assert registry.load_game("harbour") is harbour


def test_an_unknown_game_names_the_registered_ones() -> None:
    with pytest.raises(registry.UnknownGameError, match="harbour"):
        registry.load_game("chess")


def test_a_game_registered_by_hand_is_loaded() -> None:
    info = registry.load_info("harbour")
    with registry.registered("harbour", "harbour.info:INFO"):
        assert registry.load_info("harbour") is info and registry.load_game("harbour") is harbour
    with (  # a description names the game it describes
        registry.registered("copy", "harbour"),
        pytest.raises(registry.UnknownGameError, match="registered as 'copy' describes"),
    ):
        registry.load_info("copy")
    assert "copy" not in registry.registered_names()
    assert registry.load_info("harbour") is info


@pytest.mark.rules("SPIEL-3", "ENV-2")
def test_harbours_returns_are_zero_sum_and_zero_until_the_end() -> None:
    state = HARBOUR.new_game(3, seed=5)
    rng = SplitMix64(5)
    while not HARBOUR.is_over(state):
        assert HARBOUR.returns(state) == (0.0, 0.0, 0.0)
        assert HARBOUR.chance_outcomes(state) == ()
        assert HARBOUR.current_player(state) != CHANCE
        state = HARBOUR.apply_move(state, rng.choice(HARBOUR.legal_moves(state)))
    result = HARBOUR.returns(state)
    assert sum(result) == pytest.approx(0.0)
    winners = HARBOUR.outcome(state).winners
    assert all((result[s] > 0) == (s in winners) for s in range(3))


def test_sample_chance_draws_each_outcome_with_its_probability() -> None:
    outcomes = [("one", Fraction(1, 6)), ("two", Fraction(1, 3)), ("three", Fraction(1, 2))]
    rng = SplitMix64(11)
    counts = {name: 0 for name, _ in outcomes}
    for _ in range(6000):
        counts[sample_chance(outcomes, rng)] += 1
    assert 850 < counts["one"] < 1150
    assert 1800 < counts["two"] < 2200
    assert 2750 < counts["three"] < 3250


def test_sample_chance_refuses_outcomes_that_do_not_sum_to_one() -> None:
    with pytest.raises(ValueError, match="sum to 1"):
        sample_chance([("a", Fraction(1, 3))], SplitMix64(0))
    with pytest.raises(ValueError, match="no chance outcomes"):
        sample_chance([], SplitMix64(0))
    with pytest.raises(ValueError, match="negative"):
        sample_chance((("a", Fraction(3, 2)), ("b", Fraction(-1, 2))), SplitMix64(0))


def test_sample_chance_draws_the_same_from_a_tuple_met_again() -> None:
    # The weights of a tuple are remembered: the draws are those of a list equal to it.
    dice = tuple((face, Fraction(1, 6)) for face in range(1, 7))
    coin = (("heads", Fraction(1, 2)), ("tails", Fraction(1, 2)))
    other = tuple((face, Fraction(face, 21)) for face in range(1, 7))  # as many as the dice
    kept, fresh = SplitMix64(4), SplitMix64(4)
    for outcomes in (dice, coin, dice, other, dice, coin) * 20:
        assert sample_chance(outcomes, kept) == sample_chance(list(outcomes), fresh)
