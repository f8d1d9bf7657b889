"""Machi Koro's bots: the income model, the greedy and random bots, the evaluation, the search."""

from __future__ import annotations

import math

import pytest

import machikoro
from machikoro import AddTwo, ChooseOpponent, KeepRoll, NoTrade, RollDice, Trade
from machikoro.agents.bots import (
    BOT_GAME,
    Bot,
    GreedyBot,
    RandomBot,
    evaluate,
    income,
    rounds_to_win,
)
from machikoro.agents.search import ISMCTSBot
from machikoro.state import GameState
from meeplekit.rng import SplitMix64
from tests.support.machikoro import ALL_PILES, E, L, at_roll, play, roll

STARTING = {E.WHEAT_FIELD: 1, E.BAKERY: 1}


def ask(bot: Bot, state: GameState) -> machikoro.Move:
    """The bot's move for the seat that decides now."""
    return bot.choose(machikoro.observe(state, machikoro.current_player(state)))


@pytest.mark.rules("MK-BOT-1", "MK-COLOR-1", "MK-COLOR-2", "MK-COLOR-3")
def test_income_counts_each_colour_on_the_turns_it_pays() -> None:
    state = at_roll([3, 3])
    assert income(state, 0) == pytest.approx(2 / 3)  # Wheat Field 1/6 + 1/6, Bakery 2/6
    cafe = at_roll([3, 3], [STARTING, {**STARTING, E.CAFE: 1}])
    assert income(cafe, 0) == pytest.approx(1 / 2)  # a 3 pays the Bakery's coin to the Cafe
    assert income(cafe, 1) == pytest.approx(5 / 6)
    broke = at_roll([0, 3], [STARTING, {**STARTING, E.CAFE: 1}])
    assert income(broke, 0) == pytest.approx(2 / 3)  # the Cafe takes what the roller has
    assert income(broke, 1) == pytest.approx(2 / 3)


@pytest.mark.rules("MK-BOT-1", "MK-ROLL-1", "MK-LANDMARK-5", "MK-LANDMARK-6")
def test_income_follows_the_dice_each_player_would_roll() -> None:
    mines = at_roll([3, 3], [{E.MINE: 2}, STARTING], [[L.TRAIN_STATION], []])
    assert income(mines, 0) == pytest.approx(2 * 5 * 4 / 36)  # two dice: a 9 in 4 of 36
    wheat = at_roll([3, 3], [{E.WHEAT_FIELD: 1}, {}], [[L.TRAIN_STATION], []])
    assert income(wheat, 0) == pytest.approx(1 / 3)  # one die pays more
    park = at_roll([3, 3], [{E.MINE: 1}, {}], [[L.TRAIN_STATION, L.AMUSEMENT_PARK], []])
    assert income(park, 0) == pytest.approx(6 / 5 * 5 * 4 / 36)  # doubles: 1/(1 - 1/6) turns
    once = machikoro.RulesOptions(market="all-piles", extra_turns="one")
    park_once = at_roll(
        [3, 3], [{E.MINE: 1}, {}], [[L.TRAIN_STATION, L.AMUSEMENT_PARK], []], options=once
    )
    assert income(park_once, 0) == pytest.approx(7 / 6 * 5 * 4 / 36)
    radio = at_roll([3, 3], [{E.WHEAT_FIELD: 1}, {}], [[L.RADIO_TOWER], []])
    # A roll that pays nothing is rolled again: a 1 with 1/6 + 5/6 * 1/6; the other's 1/6.
    assert income(radio, 0) == pytest.approx(11 / 36 + 6 / 36)


@pytest.mark.rules("MK-BOT-1", "MK-CARD-11", "MK-CARD-10")
def test_income_of_majors_uses_the_coins_on_the_table() -> None:
    tv = at_roll([3, 2, 9], [{E.TV_STATION: 1}, {}, {}])
    assert income(tv, 0) == pytest.approx(5 / 6)  # 5 coins from the richest on a 6
    assert income(tv, 2) == pytest.approx(-5 / 6) and income(tv, 1) == 0
    stadium = at_roll([3, 1, 9], [{E.STADIUM: 1}, {}, {}])
    assert income(stadium, 0) == pytest.approx((1 + 2) / 6)


@pytest.mark.rules("MK-BOT-3", "MK-WIN-1")
def test_rounds_to_win_and_evaluate() -> None:
    state = machikoro.new_game(2, seed=1)
    # 84 coins of landmarks to build, 3 coins, 2/3 a round, and 6 landmarks.
    assert rounds_to_win(state, 0) == pytest.approx(81 / (2 / 3) + 3)
    assert evaluate(state, 0) == pytest.approx(-math.log1p(124.5))
    rolling = play(state, RollDice(1))  # the roll about to be made counts: 1/2 for seat 0
    assert rounds_to_win(rolling, 0) == pytest.approx(80.5 / (2 / 3) + 3)
    assert rounds_to_win(rolling, 1) == pytest.approx((81 - 1 / 6) / (2 / 3) + 3)
    all_built = [L.HARBOR, L.TRAIN_STATION, L.SHOPPING_MALL, L.AMUSEMENT_PARK, L.RADIO_TOWER]
    near = at_roll([30, 3], None, [all_built, []])
    assert rounds_to_win(near, 0) == pytest.approx(0.5)  # coins enough: one landmark left
    won = play(roll(near, 1), KeepRoll(), machikoro.BuildLandmark("airport"))
    assert machikoro.is_over(won) and rounds_to_win(won, 0) == 0 and evaluate(won, 0) == 0


@pytest.mark.rules("MK-BOT-2", "MK-ROLL-1", "MK-LANDMARK-6", "MKH-HARBOR-1")
def test_the_greedy_bot_rolls_rerolls_and_adds_two_for_the_better_income() -> None:
    bot = GreedyBot(0)
    mines = at_roll([3, 3], [{E.MINE: 2}, STARTING], [[L.TRAIN_STATION], []])
    assert ask(bot, mines) == RollDice(2)
    wheat = at_roll([3, 3], [{**STARTING}, STARTING], [[L.TRAIN_STATION], []])
    assert ask(bot, wheat) == RollDice(1)
    radio = at_roll([3, 3], [{E.WHEAT_FIELD: 1}, {}], [[L.RADIO_TOWER], []])
    assert ask(bot, play(radio, RollDice(1), machikoro.Dice((5,)))) == RollDice(1)
    assert ask(bot, play(radio, RollDice(1), machikoro.Dice((1,)))) == KeepRoll()
    harbor = [[L.HARBOR, L.TRAIN_STATION], []]
    to_twelve = at_roll([3, 3], [{E.FOOD_WAREHOUSE: 1, E.CAFE: 1}, {}], harbor)
    assert ask(bot, play(to_twelve, RollDice(2), machikoro.Dice((4, 6)))) == AddTwo(True)
    stay = at_roll([3, 3], [{E.APPLE_ORCHARD: 1}, {}], harbor)
    assert ask(bot, play(stay, RollDice(2), machikoro.Dice((4, 6)))) == AddTwo(False)


@pytest.mark.rules("MK-BOT-2", "MK-BUILD-1")
def test_the_greedy_bot_builds_for_income_per_coin_then_saves_then_finishes() -> None:
    bot = GreedyBot(0)
    early = roll(at_roll([1, 3], [{}, STARTING]), 6)  # 1 coin, nothing owned
    assert ask(bot, early) in {
        machikoro.BuildEstablishment(k) for k in (E.WHEAT_FIELD, E.RANCH, E.BAKERY)
    }  # a third of a coin a round per coin, the best
    all_but_airport = [L.HARBOR, L.TRAIN_STATION, L.SHOPPING_MALL, L.AMUSEMENT_PARK, L.RADIO_TOWER]
    city = {E.WHEAT_FIELD: 3, E.RANCH: 2, E.BAKERY: 3, E.MINE: 1}
    saving = roll(at_roll([28, 3], [city, STARTING], [all_but_airport, []]), 6)
    assert isinstance(ask(bot, saving), RollDice)  # a 6 pays it nothing: it rolls again
    assert ask(bot, play(saving, KeepRoll())) == machikoro.BuildNothing()  # the Airport's 30
    finishing = roll(at_roll([30, 3], [city, STARTING], [all_but_airport, []]), 6)
    assert ask(bot, play(finishing, KeepRoll())) == machikoro.BuildLandmark("airport")


@pytest.mark.rules("MK-BOT-2", "MK-CARD-11", "MK-CARD-12")
def test_the_greedy_bot_robs_the_richest_and_trades_up_or_not_at_all() -> None:
    bot = GreedyBot(0)
    tv = roll(at_roll([3, 7, 9], [{E.TV_STATION: 1}, {}, {}]), 6)
    assert ask(bot, tv) == ChooseOpponent(2)
    up = roll(
        at_roll([3, 3], [{E.BUSINESS_CENTER: 1, E.WHEAT_FIELD: 1}, {E.CONVENIENCE_STORE: 1}]), 6
    )
    assert ask(bot, up) == Trade("wheat-field", 1, "convenience-store")
    down = roll(
        at_roll([3, 3], [{E.BUSINESS_CENTER: 1, E.CONVENIENCE_STORE: 1}, {E.WHEAT_FIELD: 1}]), 6
    )
    assert ask(bot, down) == NoTrade()


@pytest.mark.rules("MK-BOT-2")
def test_the_greedy_bot_beats_the_random_bot_and_both_are_seeded() -> None:
    wins = 0
    for seed in range(10):
        state = machikoro.new_game(2, seed=seed)
        bots: list[Bot] = [RandomBot(seed), RandomBot(seed + 1)]
        bots[seed % 2] = GreedyBot(seed)
        chance = SplitMix64(seed)
        while not machikoro.is_over(state):
            seat = machikoro.current_player(state)
            if seat == machikoro.CHANCE:
                move = machikoro.sample_chance(state, chance)
            else:
                move = ask(bots[seat], state)
                assert move in machikoro.legal_moves(state)
            state = machikoro.apply_move(state, move)
        wins += machikoro.outcome(state).winners == (seed % 2,)
    assert wins >= 8
    state = machikoro.new_game(3, seed=4)
    assert ask(RandomBot(5), state) == ask(RandomBot(5), state) == RollDice(1)
    assert ask(GreedyBot(5), state) == RollDice(1)


@pytest.mark.rules("MK-BOT-4", "MK-CHANCE-1")
def test_the_search_rolls_two_dice_for_its_mines_and_plays_a_whole_game() -> None:
    mines = at_roll([3, 3], [{E.MINE: 2}, STARTING], [[L.TRAIN_STATION], []])
    assert ask(ISMCTSBot(playouts=60, seed=1), mines) == RollDice(2)
    state = machikoro.new_game(2, seed=8)
    bots: list[Bot] = [ISMCTSBot(playouts=6, seed=1), GreedyBot(2)]
    chance = SplitMix64(8)
    while not machikoro.is_over(state):
        seat = machikoro.current_player(state)
        if seat == machikoro.CHANCE:
            move = machikoro.sample_chance(state, chance)
        else:
            move = ask(bots[seat], state)
            assert move in machikoro.legal_moves(state)
        state = machikoro.apply_move(state, move)
    assert len(machikoro.outcome(state).winners) == 1


@pytest.mark.rules("MK-BOT-4")
def test_the_search_is_seeded_and_never_decides_for_chance() -> None:
    state = roll(at_roll([5, 3], [STARTING, STARTING], options=ALL_PILES), 3)
    seen = machikoro.observe(state, 0)
    picks = [ISMCTSBot(playouts=25, seed=s).choose(seen) for s in (4, 4, 5)]
    assert picks[0] == picks[1] and set(picks) <= set(machikoro.legal_moves(state))
    at_chance = play(state, machikoro.BuildNothing())
    while machikoro.current_player(at_chance) != machikoro.CHANCE:
        at_chance = play(at_chance, RollDice(1))
    for bot in (ISMCTSBot(playouts=5), GreedyBot(1), RandomBot(1)):
        with pytest.raises(ValueError, match="chance does"):
            bot.choose(machikoro.observe(at_chance, 1))
    assert BOT_GAME.sample_chance is machikoro.sample_chance
