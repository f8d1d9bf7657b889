"""Income: blue, green and red establishments, their order, the Shopping Mall and the Tuna Boat."""

from __future__ import annotations

import pytest

import machikoro
from machikoro import AddTwo, Dice, RulesOptions
from machikoro.events import CoinsEarned, CoinsTaken, RollSettled, TunaRolled
from machikoro.state import PendingBuild, PendingTunaRoll
from meeplekit.rng import SplitMix64
from tests.support.machikoro import E, L, at_roll, events_of, play, roll

STATION = [[L.TRAIN_STATION], [], []]


# --------------------------------------------------------------------------- colours


@pytest.mark.rules("MK-COLOR-1", "MK-CARD-1", "MK-ACT-1")
def test_blue_pays_every_owner_on_anyone_s_turn_for_every_copy() -> None:
    state = at_roll(coins=[0, 0, 0], cities=[{E.WHEAT_FIELD: 1}, {E.WHEAT_FIELD: 3}, {}],
                    current=1)  # fmt: skip
    assert roll(state, 1).coins == (1, 3, 0)


@pytest.mark.rules("MK-COLOR-2", "MK-CARD-4")
def test_green_pays_only_its_owner_on_their_own_turn() -> None:
    cities = [{E.BAKERY: 2}, {E.BAKERY: 1}]
    assert roll(at_roll(coins=[0, 0], cities=cities), 2).coins == (2, 0)
    assert roll(at_roll(coins=[0, 0], cities=cities, current=1), 3).coins == (0, 1)


@pytest.mark.rules("MK-COLOR-3", "MK-CARD-5")
def test_red_takes_from_the_roller_on_another_player_s_turn_only() -> None:
    cities = [{E.CAFE: 1}, {E.CAFE: 2}]
    # Player 1 rolls 3: Player 2's two Cafes take 2; Player 1's own Cafe does nothing.
    assert roll(at_roll(coins=[5, 0], cities=cities), 3).coins == (3, 2)


@pytest.mark.rules("MK-COLOR-4")
def test_purple_activates_on_its_owner_s_turn_only() -> None:
    cities = [{E.STADIUM: 1}, {E.STADIUM: 1}]
    state = at_roll(coins=[3, 3], cities=cities)
    assert roll(state, 6).coins == (5, 1)  # Player 1's Stadium takes 2; Player 2's sleeps


@pytest.mark.rules("MK-ORDER-1")
def test_red_first_then_green_and_blue_then_purple() -> None:
    # Player 1 has 1 coin and rolls 6 with a Stadium (purple) and a Flower Shop (green, 1 per
    # orchard: 2); Player 2 has no red on 6. With 3 coins (1 + 2 from green) the Stadium then
    # takes 2 from Player 2.
    cities = [{E.STADIUM: 1, E.FLOWER_SHOP: 1, E.FLOWER_ORCHARD: 2}, {}]
    _, events = events_of(at_roll(coins=[1, 4], cities=cities),
                          machikoro.RollDice(1), Dice((6,)))  # fmt: skip
    kinds = [(type(e).__name__, getattr(e, "card", "")) for e in events
             if isinstance(e, CoinsEarned | CoinsTaken)]  # fmt: skip
    assert kinds == [("CoinsEarned", "flower-shop"), ("CoinsTaken", "stadium")]
    # A red on 3 is paid before the roller's green on 3: the roller has 0 coins, so the Cafe
    # gets nothing although the Bakery then pays 1.
    cities = [{E.BAKERY: 1}, {E.CAFE: 1}]
    after, events = events_of(at_roll(coins=[0, 0], cities=cities),
                              machikoro.RollDice(1), Dice((3,)))  # fmt: skip
    taken = next(e for e in events if isinstance(e, CoinsTaken))
    assert (taken.owed, taken.coins) == (1, 0)
    assert after.coins == (1, 0)


@pytest.mark.rules("MK-ORDER-2", "MK-BANK-1", "MK-CARD-21")
def test_restaurants_are_paid_counter_clockwise_and_a_short_roller_pays_what_they_have() -> None:
    # Player 2 rolls 9 with 3 coins; Players 1, 3 and 4 each own a Family Restaurant (2 each).
    # Counter-clockwise from Player 2: Player 1 first, then Player 4, then Player 3.
    cities = [{E.FAMILY_RESTAURANT: 1}, {}, {E.FAMILY_RESTAURANT: 1}, {E.FAMILY_RESTAURANT: 1}]
    state = at_roll(coins=[0, 3, 0, 0], cities=cities, current=1,
                    landmarks=[[], [L.TRAIN_STATION], [], []])  # fmt: skip
    after, events = events_of(state, machikoro.RollDice(2), Dice((4, 5)))
    taken = [(e.player, e.coins, e.owed) for e in events if isinstance(e, CoinsTaken)]
    assert taken == [(0, 2, 2), (3, 1, 2), (2, 0, 2)]
    # Nobody is in debt; Player 2, left with 0 coins, gets City Hall's coin before building.
    assert after.coins == (2, 1, 0, 1)


@pytest.mark.rules("MK-ACT-1", "MK-CARD-3", "MK-CARD-8", "MK-CARD-20", "MK-CARD-22")
def test_each_copy_of_a_blue_establishment_pays() -> None:
    cities = [{E.RANCH: 2, E.FOREST: 3, E.MINE: 2, E.APPLE_ORCHARD: 1}, {}]
    lm = [[L.TRAIN_STATION], []]
    assert roll(at_roll(coins=[0, 0], cities=cities, landmarks=lm), 2).coins == (2, 0)
    assert roll(at_roll(coins=[0, 0], cities=cities, landmarks=lm), 5).coins == (3, 0)
    assert roll(at_roll(coins=[0, 0], cities=cities, landmarks=lm), 4, 5).coins == (10, 0)
    assert roll(at_roll(coins=[0, 0], cities=cities, landmarks=lm), 4, 6).coins == (3, 0)


@pytest.mark.rules("MK-CARD-6", "MK-CARD-7")
def test_convenience_store_and_flower_orchard() -> None:
    cities = [{E.CONVENIENCE_STORE: 2, E.FLOWER_ORCHARD: 1}, {E.FLOWER_ORCHARD: 2}]
    assert roll(at_roll(coins=[0, 0], cities=cities), 4).coins == (7, 2)


@pytest.mark.rules("MK-ICON-1", "MK-CARD-13", "MK-CARD-16", "MK-CARD-23")
def test_factories_and_the_market_count_icons_of_their_owner() -> None:
    lm = [[L.TRAIN_STATION], []]
    # The Cheese Factory (7): 3 per cow establishment (Ranches).
    cows = [{E.CHEESE_FACTORY: 2, E.RANCH: 3}, {E.RANCH: 3}]
    assert roll(at_roll(coins=[0, 0], cities=cows, landmarks=lm), 3, 4).coins == (18, 0)
    # The Furniture Factory (8): 3 per gear (Forests and Mines).
    gears = [{E.FURNITURE_FACTORY: 1, E.FOREST: 2, E.MINE: 1}, {}]
    assert roll(at_roll(coins=[0, 0], cities=gears, landmarks=lm), 4, 4).coins == (9, 0)
    # The Fruit and Vegetable Market (11-12): 2 per wheat (Wheat Fields, Apple Orchards and
    # Flower Orchards).
    wheat = [{E.FRUIT_AND_VEGETABLE_MARKET: 1, E.WHEAT_FIELD: 2, E.APPLE_ORCHARD: 1,
              E.FLOWER_ORCHARD: 1}, {}]  # fmt: skip
    assert roll(at_roll(coins=[0, 0], cities=wheat, landmarks=lm), 5, 6).coins == (8, 0)
    # Nothing to count: nothing earned.
    assert roll(at_roll(coins=[5, 0], cities=[{E.CHEESE_FACTORY: 1}, {}], landmarks=lm),
                3, 4).coins == (5, 0)  # fmt: skip


@pytest.mark.rules("MK-CARD-24", "MK-INT-18", "MK-ICON-1")
def test_the_food_warehouse_counts_every_cup_establishment_harbor_restaurants_too() -> None:
    cups = [{E.FOOD_WAREHOUSE: 1, E.CAFE: 1, E.SUSHI_BAR: 1, E.PIZZA_JOINT: 1,
             E.HAMBURGER_STAND: 1, E.FAMILY_RESTAURANT: 1}, {}]  # fmt: skip
    state = at_roll(coins=[0, 0], cities=cups, landmarks=[[L.TRAIN_STATION], []])
    assert roll(state, 6, 6).coins == (10, 0)  # 2 per cup: 5 cups (no Harbor needed)


@pytest.mark.rules("MK-LANDMARK-4", "MK-CARD-4", "MK-CARD-6", "MK-CARD-5")
def test_the_shopping_mall_adds_1_to_cup_and_bread_establishments() -> None:
    mall = [[L.SHOPPING_MALL], [L.SHOPPING_MALL]]
    bread = [{E.BAKERY: 2, E.CONVENIENCE_STORE: 1}, {}]
    assert roll(at_roll(coins=[0, 0], cities=bread, landmarks=mall), 2).coins == (4, 0)
    assert roll(at_roll(coins=[0, 0], cities=bread, landmarks=mall), 4).coins == (4, 0)
    cafe = [{}, {E.CAFE: 2}]
    assert roll(at_roll(coins=[9, 0], cities=cafe, landmarks=mall), 3).coins == (5, 4)
    # Not for other icons: the Wheat Field (wheat) still pays 1.
    fields = [{E.WHEAT_FIELD: 1}, {}]
    assert roll(at_roll(coins=[0, 0], cities=fields, landmarks=mall), 1).coins == (1, 0)
    # Only the owner's Mall counts.
    assert roll(at_roll(coins=[9, 0], cities=cafe, landmarks=[[L.SHOPPING_MALL], []]),
                3).coins == (7, 2)  # fmt: skip


@pytest.mark.rules("MK-INT-19", "MKH-FLOWER-1")
def test_the_flat_reading_gives_the_flower_shop_1_more_per_activation() -> None:
    flat = RulesOptions(market="all-piles", flower_shop_mall="flat")
    state = at_roll(coins=[0, 0], cities=[{E.FLOWER_ORCHARD: 3, E.FLOWER_SHOP: 2}, {}],
                    landmarks=[[L.SHOPPING_MALL], []], options=flat)  # fmt: skip
    assert roll(state, 6).coins == (8, 0)  # (3 + 1) x 2 Flower Shops (metrodice)
    no_mall = at_roll(coins=[0, 0], cities=[{E.FLOWER_ORCHARD: 3, E.FLOWER_SHOP: 2}, {}])
    assert roll(no_mall, 6).coins == (6, 0)


@pytest.mark.rules("MK-CARD-2", "MK-INT-16", "MK-CARD-14", "MK-CARD-17")
def test_the_harbor_restaurants() -> None:
    # The Sushi Bar takes 3 only if its owner has a Harbor; the roller's Harbor is irrelevant.
    cities = [{}, {E.SUSHI_BAR: 1}, {E.SUSHI_BAR: 1}]
    lm = [[L.HARBOR], [L.HARBOR], []]
    assert roll(at_roll(coins=[10, 0, 0], cities=cities, landmarks=lm), 1).coins == (7, 3, 0)
    # The Pizza Joint (7) and the Hamburger Stand (8) take 1, with a Mall 2; no Harbor needed.
    food = [{}, {E.PIZZA_JOINT: 1, E.HAMBURGER_STAND: 2}]
    lm2 = [[L.TRAIN_STATION], [L.SHOPPING_MALL]]
    assert roll(at_roll(coins=[10, 0], cities=food, landmarks=lm2), 3, 4).coins == (8, 2)
    assert roll(at_roll(coins=[10, 0], cities=food, landmarks=lm2), 4, 4).coins == (6, 4)
    # The Sushi Bar is a cup: a Mall adds 1 (3 + 1).
    mall = [[], [L.HARBOR, L.SHOPPING_MALL]]
    assert roll(at_roll(coins=[10, 0], cities=[{}, {E.SUSHI_BAR: 1}], landmarks=mall),
                1).coins == (6, 4)  # fmt: skip


@pytest.mark.rules("MK-CARD-18")
def test_the_mackerel_boat_pays_3_to_owners_with_a_harbor() -> None:
    cities = [{E.MACKEREL_BOAT: 2}, {E.MACKEREL_BOAT: 1}]
    lm = [[L.TRAIN_STATION, L.HARBOR], []]
    assert roll(at_roll(coins=[0, 0], cities=cities, landmarks=lm), 3, 5).coins == (6, 0)


# --------------------------------------------------------------------------- the Tuna Boat


def _tuna(options: RulesOptions, harbors: tuple[bool, bool] = (True, True)) -> machikoro.GameState:
    cities = [{E.TUNA_BOAT: 2}, {E.TUNA_BOAT: 1}]
    lm: list[list[L]] = [[L.TRAIN_STATION], []]
    for seat, has in enumerate(harbors):
        if has:
            lm[seat].append(L.HARBOR)
    return at_roll(coins=[5, 0], cities=cities, landmarks=lm, options=options)


@pytest.mark.rules("MKH-TUNA-1", "MKH-TUNA-2", "MKH-TUNA-3")
def test_the_tuna_roll_is_its_own_chance_node_and_activates_nothing() -> None:
    options = RulesOptions(market="all-piles")
    state = _tuna(options)
    state = play(roll(state, 6, 6), AddTwo(False))
    assert state.stack[-1] == PendingTunaRoll()
    assert machikoro.current_player(state) == machikoro.CHANCE
    assert len(machikoro.legal_moves(state)) == 21
    after, events = events_of(state, Dice((1, 1)))
    assert [type(e) for e in events[:1]] == [TunaRolled]
    assert after.coins == (9, 2)  # 2 per boat: the double activates nothing (MKH-TUNA-2)
    assert after.total == 12 and after.rolls == ((6, 6),)  # the turn's roll is unchanged
    assert after.stack == (PendingBuild(),)  # no re-roll or +2 for the Tuna Boat's dice
    with_park = machikoro.position(
        coins=[0, 0], establishments=[{E.TUNA_BOAT: 1}, {}],
        landmarks=[[L.TRAIN_STATION, L.HARBOR, L.AMUSEMENT_PARK], []], options=options,
    )  # fmt: skip
    state = play(roll(with_park, 5, 6), AddTwo(True), Dice((3, 3)), machikoro.BuildNothing())
    assert state.current == 1  # the Tuna Boat's doubles give no extra turn


@pytest.mark.rules("MKH-TUNA-4", "MK-INT-8")
def test_the_tuna_roll_is_made_once_and_pays_each_owner_with_a_harbor() -> None:
    state = play(roll(_tuna(RulesOptions(market="all-piles")), 6, 5), AddTwo(True))
    assert state.total == 13
    after, events = events_of(state, Dice((2, 4)))
    assert sum(isinstance(e, TunaRolled) for e in events) == 1
    assert after.coins == (17, 6)


@pytest.mark.rules("MK-INT-8")
def test_no_tuna_roll_when_no_owner_has_a_harbor_unless_always() -> None:
    when_paid = _tuna(RulesOptions(market="all-piles"), (False, False))
    state = roll(when_paid, 6, 6)
    assert state.stack == (PendingBuild(),) and state.coins == (5, 0)
    always = _tuna(RulesOptions(market="all-piles", tuna_roll="always"), (False, False))
    state = roll(always, 6, 6)
    assert state.stack[-1] == PendingTunaRoll()
    assert play(state, Dice((6, 6))).coins == (5, 0)  # rolled, but nobody is paid
    # Only the other player has a Harbor: the roll is made, for them.
    other = roll(_tuna(RulesOptions(market="all-piles"), (False, True)), 6, 6)
    assert play(other, Dice((1, 2))).coins == (5, 3)


@pytest.mark.rules("MK-ORDER-1", "MKH-TUNA-3")
def test_the_tuna_roll_comes_with_the_blues_before_the_purples() -> None:
    # 12 can reach no purple; the order of events still shows the settled roll first.
    state = play(roll(_tuna(RulesOptions(market="all-piles")), 6, 6), AddTwo(False))
    _, events = events_of(state, Dice((1, 2)))
    assert isinstance(events[0], TunaRolled) and not any(isinstance(e, RollSettled) for e in events)


# --------------------------------------------------------------------------- without events


@pytest.mark.rules("MK-COLOR-1", "MK-COLOR-2", "MK-COLOR-3", "MK-ORDER-1", "MK-ORDER-2")
def test_every_roll_pays_the_same_with_and_without_an_event_log() -> None:
    # Income reads no event and makes none without a log: every outcome of every roll
    # of random games (cities grown by random builds) gives one state either way, and the
    # coins the events count are those paid.
    checked = 0
    for players, options, seed in ((2, RulesOptions(), 4), (4, RulesOptions(expansion=False), 9)):
        state = machikoro.new_game(players, seed=seed, options=options)
        rng = SplitMix64(seed)
        while not machikoro.is_over(state):
            if machikoro.current_player(state) == machikoro.CHANCE:
                for outcome, _ in machikoro.chance_outcomes(state):
                    after, events = machikoro.apply_move_with_events(state, outcome)
                    assert after == machikoro.apply_move_unchecked(state, outcome)
                    earned = sum(e.coins for e in events if isinstance(e, CoinsEarned))
                    assert sum(after.coins) - sum(state.coins) == earned
                    checked += 1
                move = machikoro.sample_chance(state, rng)
            else:
                move = rng.choice(machikoro.legal_moves(state))
            state = machikoro.apply_move_unchecked(state, move)
    assert checked > 1000
