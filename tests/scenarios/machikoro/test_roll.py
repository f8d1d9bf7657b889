"""Rolling: one or two dice, chance outcomes, the Radio Tower's re-roll and the Harbor's +2."""

from __future__ import annotations

from fractions import Fraction

import pytest

import machikoro
from machikoro import AddTwo, Dice, KeepRoll, RollDice, RulesOptions
from machikoro.events import DiceRolled, HarborDecided, RollChosen, RollKept, RollSettled
from machikoro.state import PendingAddTwo, PendingBuild, PendingDice, PendingRoll
from meeplekit.rng import SplitMix64
from tests.support.machikoro import ALL_PILES, E, L, at_roll, events_of, play, refused, roll


@pytest.mark.rules("MK-ROLL-1", "MK-LANDMARK-3", "MK-FLOW-2")
def test_one_die_without_a_train_station_and_a_choice_with_one() -> None:
    plain = at_roll(coins=[3, 3])
    assert machikoro.legal_moves(plain) == (RollDice(1),)  # asked even with one answer
    assert refused(plain, RollDice(2)) == "MK-ROLL-1"
    station = at_roll(coins=[3, 3], landmarks=[[L.TRAIN_STATION], []])
    assert machikoro.legal_moves(station) == (RollDice(1), RollDice(2))
    assert machikoro.apply_move(station, RollDice(2)).stack[-1] == PendingDice(2)


@pytest.mark.rules("MK-ROLL-1", "MK-TURN-1")
def test_two_dice_are_added_together() -> None:
    state = at_roll(
        coins=[0, 0], cities=[{E.CHEESE_FACTORY: 1, E.RANCH: 2}, {}],
        landmarks=[[L.TRAIN_STATION], []],
    )  # fmt: skip
    after = roll(state, 3, 4)
    assert after.total == 7 and after.coins == (6, 0)  # the Cheese Factory: 3 per cow, 2 cows
    assert after.stack == (PendingBuild(),)  # income, then construction


@pytest.mark.rules("MK-CHANCE-1", "MK-CHANCE-2")
def test_dice_are_chance_nodes_with_exact_probabilities() -> None:
    state = at_roll(coins=[3, 3], landmarks=[[L.TRAIN_STATION], []])
    one = machikoro.apply_move(state, RollDice(1))
    assert machikoro.current_player(one) == machikoro.CHANCE
    assert machikoro.legal_moves(one) == tuple(Dice((f,)) for f in range(1, 7))
    assert all(p == Fraction(1, 6) for _, p in machikoro.chance_outcomes(one))
    two = machikoro.apply_move(state, RollDice(2))
    outcomes = dict(machikoro.chance_outcomes(two))
    assert len(outcomes) == 21 and sum(outcomes.values()) == 1
    assert outcomes[Dice((3, 3))] == Fraction(1, 36) and outcomes[Dice((2, 5))] == Fraction(2, 36)
    assert tuple(outcomes) == machikoro.legal_moves(two)
    # Away from a chance node there are no chance outcomes; a player is deciding.
    assert machikoro.chance_outcomes(state) == () and machikoro.current_player(state) == 0
    assert refused(one, Dice((2, 3))) == "MK-CHANCE-2"
    assert refused(one, RollDice(1)) == "MK-CHANCE-1"
    assert refused(state, Dice((2,))) == "MK-FLOW-1"


@pytest.mark.rules("MK-CHANCE-1", "MK-CHANCE-2")
def test_the_sampler_draws_each_outcome_with_its_probability() -> None:
    state = machikoro.apply_move(at_roll(coins=[3, 3], landmarks=[[L.TRAIN_STATION], []]),
                                 RollDice(2))  # fmt: skip
    rng = SplitMix64(2024)
    draws = 36 * 400
    counts: dict[machikoro.Move, int] = {}
    for _ in range(draws):
        move = machikoro.sample_chance(state, rng)
        counts[move] = counts.get(move, 0) + 1
    for move, probability in machikoro.chance_outcomes(state):
        expected = draws * probability
        assert abs(counts[move] - expected) < 5 * (expected**0.5), (move, counts[move])
    with pytest.raises(machikoro.InvalidValueError):
        machikoro.sample_chance(at_roll(coins=[3, 3]), rng)


@pytest.mark.rules("MK-ROLL-2", "MK-LANDMARK-5")
def test_doubles_need_two_dice_showing_the_same_number() -> None:
    park = [[L.TRAIN_STATION, L.AMUSEMENT_PARK], []]
    state = at_roll(coins=[0, 0], landmarks=park)
    doubles = play(roll(state, 2, 2), machikoro.BuildNothing())
    assert doubles.current == 0 and doubles.extra_turn  # another turn
    plain = play(roll(state, 2, 3), machikoro.BuildNothing())
    assert plain.current == 1


@pytest.mark.rules("MK-LANDMARK-6", "MK-INT-2")
def test_the_radio_tower_offers_one_re_roll_with_any_number_of_dice() -> None:
    tower = [[L.TRAIN_STATION, L.RADIO_TOWER], []]
    state = roll(at_roll(coins=[0, 0], landmarks=tower), 1, 2)
    assert state.stack == (PendingRoll(True),) and state.rolls == ((1, 2),)
    assert machikoro.legal_moves(state) == (RollDice(1), RollDice(2), KeepRoll())
    again = roll(state, 5)  # re-rolled with one die: the new roll counts
    assert again.rolls == ((1, 2), (5,)) and again.total == 5
    assert again.stack == (PendingBuild(),)  # no second re-roll (once per turn)
    kept = play(state, KeepRoll())
    assert kept.total == 3
    # Without a Train Station the re-roll is one die.
    no_station = roll(at_roll(coins=[0, 0], landmarks=[[L.RADIO_TOWER], []]), 4)
    assert machikoro.legal_moves(no_station) == (RollDice(1), KeepRoll())


@pytest.mark.rules("MK-INT-2", "MK-LANDMARK-6")
def test_the_same_dice_reading_re_rolls_as_many_dice() -> None:
    options = RulesOptions(market="all-piles", reroll_dice="same")
    tower = [[L.TRAIN_STATION, L.RADIO_TOWER], []]
    state = roll(at_roll(coins=[0, 0], landmarks=tower, options=options), 1, 2)
    assert machikoro.legal_moves(state) == (RollDice(2), KeepRoll())
    assert refused(state, RollDice(1)) == "MK-INT-2"
    first = roll(at_roll(coins=[0, 0], landmarks=tower, options=options), 4)
    assert machikoro.legal_moves(first) == (RollDice(1), KeepRoll())


@pytest.mark.rules("MK-ROLL-1", "MK-LANDMARK-6")
def test_keep_roll_answers_only_the_re_roll() -> None:
    state = at_roll(coins=[3, 3], landmarks=[[L.RADIO_TOWER], []])
    assert refused(state, KeepRoll()) == "MK-ROLL-1"
    state, events = events_of(state, RollDice(1), Dice((4,)), KeepRoll())
    assert [type(e) for e in events[:3]] == [RollChosen, DiceRolled, RollKept]


@pytest.mark.rules("MKH-HARBOR-1", "MKH-HARBOR-2", "MK-LANDMARK-2")
def test_the_harbor_adds_2_to_a_total_of_10_or_more_for_everyone() -> None:
    cities = [{E.FOOD_WAREHOUSE: 1, E.CAFE: 1}, {E.FAMILY_RESTAURANT: 1}]
    harbor = [[L.TRAIN_STATION, L.HARBOR], []]
    state = roll(at_roll(coins=[5, 0], cities=cities, landmarks=harbor), 5, 6)
    assert state.stack == (PendingAddTwo(),)
    assert machikoro.legal_moves(state) == (AddTwo(True), AddTwo(False))
    added, events = events_of(state, AddTwo(True))
    assert added.total == 13 and isinstance(events[0], HarborDecided) and events[0].added
    assert isinstance(events[1], RollSettled) and events[1].total == 13
    # 13: the Food Warehouse pays 2 per cup (the Cafe) and the Family Restaurant (9-10) sleeps.
    assert added.coins == (7, 0)
    kept = play(state, AddTwo(False))
    # 11: the Family Restaurant does not activate on 11 either; no Food Warehouse income.
    assert kept.total == 11 and kept.coins == (5, 0)
    # Below 10 the Harbor offers nothing: 4 + 5 goes straight to income.
    low = roll(at_roll(coins=[5, 0], cities=cities, landmarks=harbor), 4, 5)
    assert low.total == 9 and low.coins == (3, 2)  # the Family Restaurant takes 2


@pytest.mark.rules("MKH-HARBOR-3")
def test_only_the_roller_may_add_2() -> None:
    # Player 2 has a Harbor, Player 1 (the roller) has not: 6-6 is not raised.
    state = at_roll(coins=[0, 0], cities=[{}, {E.TUNA_BOAT: 1}],
                    landmarks=[[L.TRAIN_STATION], [L.HARBOR]])  # fmt: skip
    state = roll(state, 6, 6)
    assert state.total == 12 and machikoro.current_player(state) == machikoro.CHANCE
    assert AddTwo(True) not in machikoro.legal_moves(state)


@pytest.mark.rules("MK-INT-3")
def test_the_re_roll_comes_before_the_harbor_and_2_is_added_to_the_roll_kept() -> None:
    both = [[L.TRAIN_STATION, L.RADIO_TOWER, L.HARBOR], []]
    state = roll(at_roll(coins=[0, 0], landmarks=both), 6, 5)
    assert state.stack == (PendingRoll(True),)  # the re-roll is asked first
    kept = play(state, KeepRoll())
    assert kept.stack == (PendingAddTwo(),)
    rerolled = roll(state, 6, 4)
    assert rerolled.stack == (PendingAddTwo(),) and play(rerolled, AddTwo(True)).total == 12
    low = roll(state, 2, 3)
    assert low.total == 5  # the kept roll is below 10: no +2


@pytest.mark.rules("MK-INT-4", "MK-ROLL-2")
def test_adding_2_neither_makes_nor_breaks_doubles() -> None:
    lm = [[L.TRAIN_STATION, L.HARBOR, L.AMUSEMENT_PARK], []]
    five_five = play(roll(at_roll(coins=[0, 0], landmarks=lm), 5, 5), AddTwo(True))
    assert five_five.total == 12
    assert play(five_five, machikoro.BuildNothing()).current == 0  # still doubles
    six_four = play(roll(at_roll(coins=[0, 0], landmarks=lm), 6, 4), AddTwo(True))
    assert six_four.total == 12
    assert play(six_four, machikoro.BuildNothing()).current == 1  # 12 is not doubles


@pytest.mark.rules("MK-FLOW-1")
def test_a_move_that_answers_another_question_is_refused() -> None:
    state = at_roll(coins=[3, 3])
    assert refused(state, machikoro.BuildNothing()) == "MK-FLOW-1"
    assert refused(state, AddTwo(True)) == "MK-FLOW-1"
    built = roll(state, 5)
    assert refused(built, RollDice(1)) == "MK-FLOW-1"
    assert ALL_PILES.market is machikoro.Market.ALL_PILES
