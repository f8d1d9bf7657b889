"""metrodice's card expectations, restated as our own scenarios (issue 20, deliverable 6).

Each test restates one row of the checklist ``docs/machikoro/metrodice.md``: the rules
expectation of one test of ``test/test_cards.py`` in apocalyptech/metrodice at commit
282cde1e7c486de568013271d12af75919506a58. That repository has no licence, so nothing of it
is copied here: the positions, numbers and wording are ours, and the expected values come
from our rules and their readings (the cited clauses), never from metrodice. The docstring
names the row and the metrodice test; a row of our rules that gives another value than
metrodice (a "disagree" row) asserts ours and shows the option that gives metrodice's.

Coins are read at the construction phase. City Hall gives its coin just before it
(MKH-CITYHALL-2), so a roller left with 0 coins by the income shows 1 there; such tests
say so and check that City Hall paid it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import machikoro
from machikoro import AddTwo, ChooseOpponent, Dice, NoTrade, RollDice, RulesOptions, Trade
from machikoro.events import CoinsEarned, Event, TunaRolled
from machikoro.state import (
    GameState,
    PendingAddTwo,
    PendingBuild,
    PendingOpponent,
    PendingTrade,
    PendingTunaRoll,
)
from machikoro.tables import tables_for
from tests.support.machikoro import ALL_PILES, E, L, at_roll, events_of, play, refused, roll

MALL = L.SHOPPING_MALL
HARBOR = L.HARBOR
STATION = L.TRAIN_STATION


@dataclass(frozen=True)
class Turn:
    """What a roll did: the state reached and its events."""

    state: GameState
    events: list[Event]

    @property
    def coins(self) -> tuple[int, ...]:
        return self.state.coins

    @property
    def city_hall(self) -> bool:
        """Whether City Hall gave the roller its coin before the construction phase."""
        return any(isinstance(e, CoinsEarned) and e.card == "city-hall" for e in self.events)

    @property
    def tuna_rolls(self) -> int:
        return sum(isinstance(e, TunaRolled) for e in self.events)


def rolled(state: GameState, *faces: int) -> Turn:
    """The turn player rolls dice that show ``faces``."""
    after, events = events_of(state, RollDice(len(faces)), Dice(tuple(sorted(faces))))
    return Turn(after, events)


def city(
    coins: Sequence[int],
    cities: Sequence[Mapping[Any, int]],
    landmarks: Sequence[Sequence[L]] | None = None,
    *,
    current: int = 0,
    options: RulesOptions = ALL_PILES,
) -> GameState:
    """A position at ``current``'s roll with exactly these cities (no starting cards)."""
    return at_roll(
        coins=coins, cities=cities, landmarks=landmarks, current=current, options=options
    )


# --------------------------------------------------------------------------- CardTests


@pytest.mark.rules("MK-LANDMARK-4", "MK-ICON-1", "MK-CARD-4", "MK-CARD-5")
def test_md014_the_mall_adds_1_to_a_bread_and_to_a_cup_establishment() -> None:
    """MD-014, test/test_cards.py::CardTests::test_card_bread_cup_bonus_active.

    Player 1 has a Shopping Mall. Their Bakery (bread) earns 2 on their own roll of 2; their
    Cafe (cup) takes 2 from Player 2, who rolls 3 with 3 coins.
    """
    bread = city([0, 3], [{E.BAKERY: 1}, {}], [[MALL], []])
    assert rolled(bread, 2).coins == (2, 3)
    cup = city([0, 3], [{E.CAFE: 1}, {}], [[MALL], []], current=1)
    assert rolled(cup, 3).coins == (2, 1)


@pytest.mark.rules("MK-LANDMARK-4", "MK-ICON-1", "MK-CARD-8")
def test_md015_the_mall_adds_nothing_to_a_gear_establishment() -> None:
    """MD-015, test/test_cards.py::CardTests::test_card_bread_cup_bonus_not_active_incorrect_family.

    Player 1 has a Mall and a Forest (gear): a roll of 5 pays the Forest's 1 coin only.
    """
    assert rolled(city([0, 3], [{E.FOREST: 1}, {}], [[MALL], []]), 5).coins == (1, 3)


@pytest.mark.rules("MK-CARD-4", "MK-CARD-5", "MK-LANDMARK-4")
def test_md016_without_a_mall_bread_and_cup_earn_their_printed_amount() -> None:
    """MD-016, test/test_cards.py::CardTests::test_card_bread_cup_bonus_not_active_no_bonus_flag.

    MD-014 without the Mall: the Bakery earns 1, the Cafe takes 1.
    """
    assert rolled(city([0, 3], [{E.BAKERY: 1}, {}]), 2).coins == (1, 3)
    assert rolled(city([0, 3], [{E.CAFE: 1}, {}], current=1), 3).coins == (1, 2)


# --------------------------------------------------------------------------- CardBasicPayoutTests


@pytest.mark.rules("MK-CARD-1", "MK-COLOR-1")
def test_md017_a_wheat_field_pays_1_on_anyone_s_roll_of_1() -> None:
    """MD-017, test/test_cards.py::CardBasicPayoutTests::test_basic_payout_one_coin.

    Player 1 (0 coins) owns a Wheat Field; a 1 pays them 1, rolled by either player.
    """
    cities: list[dict[E, int]] = [{E.WHEAT_FIELD: 1}, {}]
    assert rolled(city([0, 3], cities), 1).coins == (1, 3)
    assert rolled(city([0, 3], cities, current=1), 1).coins == (1, 3)


@pytest.mark.rules("MK-CARD-22", "MK-COLOR-1")
def test_md018_an_apple_orchard_pays_3_on_10() -> None:
    """MD-018, test/test_cards.py::CardBasicPayoutTests::test_basic_payout_three_coins."""
    state = city([0, 3], [{E.APPLE_ORCHARD: 1}, {}], [[STATION], []])
    assert rolled(state, 4, 6).coins == (3, 3)


@pytest.mark.rules("MK-CARD-18", "MKH-LANDMARK-2", "MKH-CITYHALL-2")
def test_md019_a_mackerel_boat_pays_nothing_without_its_owner_s_harbor() -> None:
    """MD-019, test/test_cards.py::CardBasicPayoutTests::test_card_not_hit_without_landmark.

    Player 1 (0 coins) owns a Mackerel Boat and no Harbor. Player 2 rolls 8: Player 1 stays
    at 0. On Player 1's own roll of 8 nothing is earned either; City Hall then gives 1.
    """
    cities: list[dict[E, int]] = [{E.MACKEREL_BOAT: 1}, {}]
    lm = [[STATION], [STATION]]
    assert rolled(city([0, 3], cities, lm, current=1), 3, 5).coins == (0, 3)
    own = rolled(city([0, 3], cities, lm), 3, 5)
    assert own.coins == (1, 3) and own.city_hall


@pytest.mark.rules("MK-CARD-18", "MKH-LANDMARK-2")
def test_md020_a_mackerel_boat_pays_3_with_its_owner_s_harbor() -> None:
    """MD-020, test/test_cards.py::CardBasicPayoutTests::test_card_hit_with_landmark."""
    cities: list[dict[E, int]] = [{E.MACKEREL_BOAT: 1}, {}]
    lm = [[STATION, HARBOR], [STATION]]
    assert rolled(city([0, 3], cities, lm, current=1), 3, 5).coins == (3, 3)
    assert rolled(city([0, 3], cities, lm), 3, 5).coins == (3, 3)


@pytest.mark.rules("MK-CARD-4", "MK-CARD-5")
def test_md021_bread_and_cup_pay_1_without_a_mall() -> None:
    """MD-021, test/test_cards.py::CardBasicPayoutTests::test_card_hit_cup_bread_without_cup_bread_bonus.

    A Bakery on its owner's 2 earns 1; a Cafe on the other player's 3 takes 1.
    """
    assert rolled(city([0, 3], [{E.BAKERY: 1}, {}]), 2).coins == (1, 3)
    assert rolled(city([0, 3], [{E.CAFE: 1}, {}], current=1), 3).coins == (1, 2)


@pytest.mark.rules("MK-LANDMARK-4", "MK-CARD-4", "MK-CARD-5")
def test_md022_bread_and_cup_pay_2_with_a_mall() -> None:
    """MD-022, test/test_cards.py::CardBasicPayoutTests::test_card_hit_cup_bread_with_cup_bread_bonus."""
    mall = [[MALL], []]
    assert rolled(city([0, 3], [{E.BAKERY: 1}, {}], mall), 3).coins == (2, 3)
    assert rolled(city([0, 3], [{E.CAFE: 1}, {}], mall, current=1), 3).coins == (2, 1)


@pytest.mark.rules("MK-LANDMARK-4", "MK-ICON-1", "MK-CARD-8")
def test_md023_the_mall_gives_a_forest_nothing_more() -> None:
    """MD-023, test/test_cards.py::CardBasicPayoutTests::test_card_hit_non_cup_bread_with_cup_bread_bonus.

    Player 2 rolls the 5 this time: Player 1's Forest pays 1, with or without the Mall.
    """
    state = city([0, 3], [{E.FOREST: 1}, {}], [[MALL], []], current=1)
    assert rolled(state, 5).coins == (1, 3)


# --------------------------------------------------------------------------- CardFactoryFamilyTests

#: metrodice's factory player: a Wheat Field, a Bakery and two cup establishments (Cafes).
FACTORY_OWNER = {E.WHEAT_FIELD: 1, E.BAKERY: 1, E.CAFE: 2}


@pytest.mark.rules("MK-CARD-16", "MK-ICON-1", "MKH-CITYHALL-2")
def test_md024_a_furniture_factory_with_no_gear_pays_nothing() -> None:
    """MD-024, test/test_cards.py::CardFactoryFamilyTests::test_no_matches.

    Wheat Field, Bakery, 2 Cafes and a Furniture Factory (3 per gear); a roll of 8 earns 0,
    and City Hall then gives the empty-handed roller 1.
    """
    state = city([0, 3], [{**FACTORY_OWNER, E.FURNITURE_FACTORY: 1}, {}], [[STATION], []])
    turn = rolled(state, 3, 5)
    assert turn.coins == (1, 3) and turn.city_hall


@pytest.mark.rules("MK-CARD-23", "MK-ICON-1")
def test_md025_the_fruit_and_vegetable_market_counts_the_one_wheat_field() -> None:
    """MD-025, test/test_cards.py::CardFactoryFamilyTests::test_single_match.

    The same city with a Fruit and Vegetable Market (2 per wheat): 11 earns 2 for the one
    Wheat Field. metrodice's made-up card counts 1 bread for 1; the principle is the same.
    """
    state = city([0, 3], [{**FACTORY_OWNER, E.FRUIT_AND_VEGETABLE_MARKET: 1}, {}], [[STATION], []])
    assert rolled(state, 5, 6).coins == (2, 3)


@pytest.mark.rules("MK-CARD-24", "MK-ICON-1")
def test_md026_the_food_warehouse_counts_both_cafes() -> None:
    """MD-026, test/test_cards.py::CardFactoryFamilyTests::test_two_matches.

    The same city with a Food Warehouse (2 per cup): 12 earns 4 for the two Cafes.
    """
    state = city([0, 3], [{**FACTORY_OWNER, E.FOOD_WAREHOUSE: 1}, {}], [[STATION], []])
    assert rolled(state, 6, 6).coins == (4, 3)


@pytest.mark.rules("MK-CARD-13", "MK-ICON-1")
def test_md027_a_cheese_factory_pays_3_per_ranch() -> None:
    """MD-027, test/test_cards.py::CardFactoryFamilyTests::test_two_matches_larger_payout."""
    state = city([0, 3], [{E.RANCH: 2, E.CHEESE_FACTORY: 1}, {}], [[STATION], []])
    assert rolled(state, 3, 4).coins == (6, 3)


@pytest.mark.rules("MK-CARD-23", "MK-LANDMARK-4", "MK-ICON-1")
def test_md032_the_mall_gives_the_fruit_icon_nothing() -> None:
    """MD-032, test/test_cards.py::CardFactoryFamilyTests::test_card_hit_non_cup_bread_with_cup_bread_bonus.

    A Wheat Field, a Mall and a Fruit and Vegetable Market (fruit icon): 11 earns 2.
    """
    state = city([0, 3], [{E.WHEAT_FIELD: 1, E.FRUIT_AND_VEGETABLE_MARKET: 1}, {}],
                 [[STATION, MALL], []])  # fmt: skip
    assert rolled(state, 5, 6).coins == (2, 3)


# --------------------------------------------------------------------------- CardFactoryCardTests


def flower_shop(
    orchards: int, *, mall: bool = False, shops: int = 1, options: RulesOptions = ALL_PILES
) -> GameState:
    """Player 1 (0 coins): a Wheat Field, 2 Bakeries, Flower Shops and Flower Orchards."""
    mine = {E.WHEAT_FIELD: 1, E.BAKERY: 2, E.FLOWER_SHOP: shops, E.FLOWER_ORCHARD: orchards}
    return city([0, 3], [mine, {}], [[MALL] if mall else [], []], options=options)


FLAT = RulesOptions(market="all-piles", flower_shop_mall="flat")


@pytest.mark.rules("MK-CARD-9", "MKH-CITYHALL-2")
def test_md033_a_flower_shop_without_orchards_earns_nothing() -> None:
    """MD-033, test/test_cards.py::CardFactoryCardTests::test_no_matches.

    A 6 earns 0 (the Bakeries sleep on 6); City Hall then gives 1.
    """
    turn = rolled(flower_shop(0), 6)
    assert turn.coins == (1, 3) and turn.city_hall


@pytest.mark.rules("MK-CARD-9")
def test_md034_a_flower_shop_earns_1_for_one_orchard() -> None:
    """MD-034, test/test_cards.py::CardFactoryCardTests::test_single_match."""
    assert rolled(flower_shop(1), 6).coins == (1, 3)


@pytest.mark.rules("MK-CARD-9", "MK-ICON-1")
def test_md035_a_flower_shop_earns_2_for_two_orchards() -> None:
    """MD-035, test/test_cards.py::CardFactoryCardTests::test_two_matches."""
    assert rolled(flower_shop(2), 6).coins == (2, 3)


@pytest.mark.rules("MK-CARD-9")
def test_md039_a_flower_shop_without_a_mall_earns_1_per_orchard() -> None:
    """MD-039, test/test_cards.py::CardFactoryCardTests::test_card_hit_cup_bread_without_cup_bread_bonus."""
    assert rolled(flower_shop(1), 6).coins == (1, 3)
    assert rolled(flower_shop(1, options=FLAT), 6).coins == (1, 3)  # no Mall: no reading needed


@pytest.mark.rules("MKH-FLOWER-1", "MK-INT-19", "MK-CARD-9")
def test_md040_one_orchard_with_a_mall_gives_2_under_either_reading() -> None:
    """MD-040, test/test_cards.py::CardFactoryCardTests::test_card_hit_cup_bread_with_cup_bread_bonus.

    Agreement by coincidence: with one Flower Orchard, 2 per orchard (003:99, our default)
    and metrodice's flat +1 (``flower_shop_mall="flat"``) both make 2.
    """
    assert rolled(flower_shop(1, mall=True), 6).coins == (2, 3)
    assert rolled(flower_shop(1, mall=True, options=FLAT), 6).coins == (2, 3)


# --------------------------------------------------------------------------- CardBasicRedTests


def restaurant(
    coins: tuple[int, int], *, owner_mall: bool = False, roller_mall: bool = False
) -> GameState:
    """Player 1 rolls (9 next); Player 2 owns one Family Restaurant (takes 2, cup)."""
    lm = [[STATION] + ([MALL] if roller_mall else []), [MALL] if owner_mall else []]
    return city(list(coins), [{}, {E.FAMILY_RESTAURANT: 1}], lm)


@pytest.mark.rules("MK-COLOR-3", "MK-CARD-21")
def test_md042_a_family_restaurant_takes_2_from_the_roller() -> None:
    """MD-042, test/test_cards.py::CardBasicRedTests::test_other_player_has_sufficient_funds."""
    assert rolled(restaurant((3, 0)), 4, 5).coins == (1, 2)


@pytest.mark.rules("MK-ORDER-2", "MK-BANK-1", "MK-CARD-21", "MKH-CITYHALL-2")
def test_md043_a_roller_with_1_coin_pays_1_and_no_debt() -> None:
    """MD-043, test/test_cards.py::CardBasicRedTests::test_other_player_has_partial_funds.

    Player 1 has 1 coin: the restaurant gets 1, Player 1 is left with 0 (then City Hall: 1).
    """
    turn = rolled(restaurant((1, 0)), 4, 5)
    assert turn.coins == (1, 1) and turn.city_hall


@pytest.mark.rules("MK-ORDER-2", "MK-CARD-21", "MKH-CITYHALL-2")
def test_md044_a_roller_with_nothing_pays_nothing() -> None:
    """MD-044, test/test_cards.py::CardBasicRedTests::test_other_player_has_no_funds."""
    turn = rolled(restaurant((0, 3)), 5, 5)
    assert turn.coins == (1, 3) and turn.city_hall


@pytest.mark.rules("MK-LANDMARK-4", "MK-CARD-21")
def test_md045_the_owner_s_mall_makes_the_restaurant_take_3() -> None:
    """MD-045, test/test_cards.py::CardBasicRedTests::test_card_bread_cup_player_card_bonus_active."""
    assert rolled(restaurant((4, 0), owner_mall=True), 4, 5).coins == (1, 3)


@pytest.mark.rules("MK-CARD-21")
def test_md046_without_a_mall_the_restaurant_takes_2() -> None:
    """MD-046, test/test_cards.py::CardBasicRedTests::test_card_bread_cup_player_card_bonus_not_active."""
    assert rolled(restaurant((4, 0)), 4, 5).coins == (2, 2)


@pytest.mark.rules("MK-LANDMARK-4", "MK-CARD-21")
def test_md047_the_roller_s_mall_does_nothing_for_the_owner_s_restaurant() -> None:
    """MD-047, test/test_cards.py::CardBasicRedTests::test_card_bread_cup_player_rolled_bonus_active.

    The Mall's +1 is for "your" cup and bread establishments: the roller's Mall is no help.
    """
    assert rolled(restaurant((4, 0), roller_mall=True), 4, 5).coins == (2, 2)


def sushi(coins: tuple[int, int], owner: Sequence[L], roller: Sequence[L] = ()) -> GameState:
    """Player 1 rolls (1 next) with an empty city; Player 2 owns one Sushi Bar."""
    return city(list(coins), [{}, {E.SUSHI_BAR: 1}], [list(roller), list(owner)])


@pytest.mark.rules("MK-CARD-2", "MK-INT-16")
def test_md049_a_sushi_bar_takes_3_when_its_owner_has_a_harbor() -> None:
    """MD-049, test/test_cards.py::CardBasicRedTests::test_card_hit_with_landmark.

    metrodice's made-up red card needs a Harbor; ours is the Sushi Bar (3 coins, on 1).
    """
    assert rolled(sushi((4, 0), [HARBOR]), 1).coins == (1, 3)


@pytest.mark.rules("MK-CARD-2", "MK-INT-16")
def test_md050_a_sushi_bar_takes_nothing_without_its_owner_s_harbor() -> None:
    """MD-050, test/test_cards.py::CardBasicRedTests::test_card_hit_without_landmark."""
    assert rolled(sushi((3, 0), []), 1).coins == (3, 0)


@pytest.mark.rules("MK-INT-16", "MK-CARD-2")
def test_md051_the_roller_s_harbor_does_not_count_for_the_sushi_bar() -> None:
    """MD-051, test/test_cards.py::CardBasicRedTests::test_card_hit_without_landmark_but_rolled_player_does."""
    assert rolled(sushi((3, 0), [], roller=[HARBOR]), 1).coins == (3, 0)


# --------------------------------------------------------------------------- CardNamedRegularBlueTests

#: Each blue establishment of the base game and Flower Orchard, a roll activating it, its pay.
BLUES = [
    (E.WHEAT_FIELD, (1,), 1),
    (E.RANCH, (2,), 1),
    (E.FLOWER_ORCHARD, (4,), 1),
    (E.FOREST, (5,), 1),
    (E.MINE, (4, 5), 5),
    (E.APPLE_ORCHARD, (4, 6), 3),
]


def _blue_payouts(mall: bool) -> None:
    lm = [[STATION] + ([MALL] if mall else []), [STATION]]
    for card, faces, pay in BLUES:
        for roller in (0, 1):  # blue: on anyone's turn (MK-COLOR-1)
            state = city([0, 3], [{card: 1}, {}], lm, current=roller)
            assert rolled(state, *faces).coins == (pay, 3), (card, roller)


@pytest.mark.rules("MK-COLOR-1", "MK-CARD-1", "MK-CARD-3", "MK-CARD-7", "MK-CARD-8",
                   "MK-CARD-20", "MK-CARD-22")  # fmt: skip
def test_md052_each_blue_establishment_pays_its_amount_on_anyone_s_turn() -> None:
    """MD-052, test/test_cards.py::CardNamedRegularBlueTests::test_basic_payout.

    Wheat Field (1), Ranch (2), Flower Orchard (4), Forest (5): 1 each; Mine (9): 5;
    Apple Orchard (10): 3; rolled by the owner or by the other player.
    """
    _blue_payouts(mall=False)


@pytest.mark.rules("MK-LANDMARK-4", "MK-ICON-1")
def test_md053_the_mall_changes_no_blue_payout() -> None:
    """MD-053, test/test_cards.py::CardNamedRegularBlueTests::test_with_cup_bread_bonus.

    The same six with the owner's Mall: wheat, cow and gear icons get no bonus.
    """
    _blue_payouts(mall=True)


# --------------------------------------------------------------------------- CardNamedHarborBlueTests


@pytest.mark.rules("MK-CARD-18", "MKH-CITYHALL-2")
def test_md054_the_mackerel_boat_needs_a_harbor() -> None:
    """MD-054, test/test_cards.py::CardNamedHarborBlueTests::test_basic_payout_without_landmark.

    Player 2 rolls 8: Player 1's boat earns nothing (on Player 1's own 8: City Hall's 1 only).
    """
    cities: list[dict[E, int]] = [{E.MACKEREL_BOAT: 1}, {}]
    lm = [[STATION], [STATION]]
    assert rolled(city([0, 3], cities, lm, current=1), 2, 6).coins == (0, 3)
    own = rolled(city([0, 3], cities, lm), 2, 6)
    assert own.coins == (1, 3) and own.city_hall


@pytest.mark.rules("MK-CARD-18", "MK-COLOR-1")
def test_md055_the_mackerel_boat_pays_3_with_a_harbor() -> None:
    """MD-055, test/test_cards.py::CardNamedHarborBlueTests::test_basic_payout_with_landmark."""
    state = city([0, 3], [{E.MACKEREL_BOAT: 1}, {}], [[STATION, HARBOR], [STATION]], current=1)
    assert rolled(state, 2, 6).coins == (3, 3)


@pytest.mark.rules("MK-CARD-18", "MK-LANDMARK-4", "MK-ICON-1")
def test_md056_the_mall_adds_nothing_to_a_boat() -> None:
    """MD-056, test/test_cards.py::CardNamedHarborBlueTests::test_basic_payout_with_landmark_and_cup_bread_bonus."""
    state = city([0, 3], [{E.MACKEREL_BOAT: 1}, {}], [[STATION, HARBOR, MALL], []])
    assert rolled(state, 2, 6).coins == (3, 3)


# --------------------------------------------------------------------------- CardNamedRegularGreenTests


def _greens(mall: bool) -> list[int]:
    lm = [[MALL] if mall else [], []]
    out = []
    for card, face in ((E.BAKERY, 2), (E.BAKERY, 3), (E.CONVENIENCE_STORE, 4)):
        out.append(rolled(city([0, 3], [{card: 1}, {}], lm), face).coins[0])
    return out


@pytest.mark.rules("MK-COLOR-2", "MK-CARD-4", "MK-CARD-6")
def test_md057_bakery_and_convenience_store_pay_their_owner() -> None:
    """MD-057, test/test_cards.py::CardNamedRegularGreenTests::test_basic_payout.

    Bakery on 2 and on 3: 1; Convenience Store on 4: 3.
    """
    assert _greens(mall=False) == [1, 1, 3]


@pytest.mark.rules("MK-LANDMARK-4", "MK-CARD-4", "MK-CARD-6")
def test_md058_with_a_mall_bakery_and_convenience_store_earn_1_more() -> None:
    """MD-058, test/test_cards.py::CardNamedRegularGreenTests::test_with_cup_bread_bonus."""
    assert _greens(mall=True) == [2, 2, 4]


# --------------------------------------------------------------------------- CardNamedRegularRedTests

#: The base game's restaurants and the Harbor's 1-coin ones: card, what it takes, a roll.
REDS = [
    (E.CAFE, 1, (3,)),
    (E.FAMILY_RESTAURANT, 2, (4, 5)),
    (E.PIZZA_JOINT, 1, (3, 4)),
    (E.HAMBURGER_STAND, 1, (3, 5)),
]


def _red(card: E, coins: tuple[int, int], faces: tuple[int, ...], mall: bool = False) -> Turn:
    """Player 1 rolls ``faces``; Player 2 owns one ``card``."""
    lm = [[STATION], [MALL] if mall else []]
    return rolled(city(list(coins), [{}, {card: 1}], lm), *faces)


@pytest.mark.rules("MK-COLOR-3", "MK-CARD-5", "MK-CARD-21", "MK-CARD-14", "MK-CARD-17")
def test_md059_each_restaurant_takes_its_fee() -> None:
    """MD-059, test/test_cards.py::CardNamedRegularRedTests::test_other_player_has_sufficient_funds.

    The roller has the fee and 1 more: the owner gets the fee, the roller keeps 1.
    """
    for card, fee, faces in REDS:
        assert _red(card, (fee + 1, 0), faces).coins == (1, fee), card


@pytest.mark.rules("MK-ORDER-2", "MKH-CITYHALL-2", "MK-CARD-5", "MK-CARD-21", "MK-CARD-14",
                   "MK-CARD-17")  # fmt: skip
def test_md060_a_short_roller_pays_what_they_have() -> None:
    """MD-060, test/test_cards.py::CardNamedRegularRedTests::test_other_player_has_partial_funds.

    The roller has 1 coin less than the fee: the owner gets it all, the roller is left with
    0 (then City Hall: 1).
    """
    for card, fee, faces in REDS:
        turn = _red(card, (fee - 1, 0), faces)
        assert turn.coins == (1, fee - 1) and turn.city_hall, card


@pytest.mark.rules("MK-ORDER-2", "MKH-CITYHALL-2", "MK-BANK-1")
def test_md061_a_roller_without_coins_pays_no_restaurant() -> None:
    """MD-061, test/test_cards.py::CardNamedRegularRedTests::test_other_player_has_no_funds."""
    for card, _, faces in REDS:
        turn = _red(card, (0, 3), faces)
        assert turn.coins == (1, 3) and turn.city_hall, card


@pytest.mark.rules("MK-LANDMARK-4", "MK-CARD-5", "MK-CARD-21", "MK-CARD-14", "MK-CARD-17")
def test_md062_the_owner_s_mall_adds_1_to_each_restaurant() -> None:
    """MD-062, test/test_cards.py::CardNamedRegularRedTests::test_other_player_has_sufficient_funds_with_cup_bread_bonus."""
    for card, fee, faces in REDS:
        assert _red(card, (fee + 2, 0), faces, mall=True).coins == (1, fee + 1), card


# --------------------------------------------------------------------------- CardNamedHarborRedTests


@pytest.mark.rules("MK-CARD-2", "MK-INT-16")
def test_md063_no_harbor_no_sushi() -> None:
    """MD-063, test/test_cards.py::CardNamedHarborRedTests::test_other_player_has_sufficient_funds_no_harbor."""
    assert rolled(sushi((4, 0), []), 1).coins == (4, 0)


@pytest.mark.rules("MK-CARD-2", "MK-COLOR-3")
def test_md064_the_sushi_bar_takes_3() -> None:
    """MD-064, test/test_cards.py::CardNamedHarborRedTests::test_other_player_has_sufficient_funds_with_harbor."""
    assert rolled(sushi((4, 0), [HARBOR]), 1).coins == (1, 3)


@pytest.mark.rules("MK-ORDER-2", "MK-CARD-2", "MKH-CITYHALL-2")
def test_md065_the_sushi_bar_takes_what_the_roller_has() -> None:
    """MD-065, test/test_cards.py::CardNamedHarborRedTests::test_other_player_has_partial_funds.

    The roller has 2 of the 3: the owner gets 2, the roller 0 (then City Hall: 1).
    """
    turn = rolled(sushi((2, 0), [HARBOR]), 1)
    assert turn.coins == (1, 2) and turn.city_hall


@pytest.mark.rules("MK-ORDER-2", "MK-CARD-2", "MKH-CITYHALL-2")
def test_md066_the_sushi_bar_gets_nothing_from_a_roller_without_coins() -> None:
    """MD-066, test/test_cards.py::CardNamedHarborRedTests::test_other_player_has_no_funds."""
    turn = rolled(city([0, 3], [{}, {E.SUSHI_BAR: 1}], [[], [HARBOR]]), 1)
    assert turn.coins == (1, 3) and turn.city_hall


@pytest.mark.rules("MK-CARD-2", "MK-LANDMARK-4")
def test_md067_the_sushi_bar_with_a_mall_takes_4() -> None:
    """MD-067, test/test_cards.py::CardNamedHarborRedTests::test_other_player_has_sufficient_funds_with_cup_bread_bonus."""
    assert rolled(sushi((5, 0), [HARBOR, MALL]), 1).coins == (1, 4)


# --------------------------------------------------------------------------- CardNamedFactoryFamilyTests

#: Each counting card, what it counts, a roll activating it, and its pay per counted card.
COUNTERS = [
    (E.CHEESE_FACTORY, E.RANCH, (3, 4), 3),
    (E.FURNITURE_FACTORY, E.FOREST, (3, 5), 3),
    (E.FRUIT_AND_VEGETABLE_MARKET, E.WHEAT_FIELD, (5, 6), 2),
    (E.FOOD_WAREHOUSE, E.CAFE, (6, 6), 2),
]


def _counted(counted: int, mall: bool = False) -> list[Turn]:
    lm = [[STATION] + ([MALL] if mall else []), []]
    out = []
    for card, matching, faces, _ in COUNTERS:
        mine = {card: 1, matching: counted} if counted else {card: 1}
        out.append(rolled(city([0, 3], [mine, {}], lm), *faces))
    return out


@pytest.mark.rules("MK-CARD-13", "MK-CARD-16", "MK-CARD-23", "MK-CARD-24", "MKH-CITYHALL-2")
def test_md068_a_counting_card_alone_earns_nothing() -> None:
    """MD-068, test/test_cards.py::CardNamedFactoryFamilyTests::test_hit_without_any_necessary_cards.

    Cheese Factory, Furniture Factory, Fruit and Vegetable Market and Food Warehouse, each
    alone: 0 (then City Hall: 1).
    """
    assert all(t.coins == (1, 3) and t.city_hall for t in _counted(0))


@pytest.mark.rules("MK-ICON-1", "MK-CARD-13", "MK-CARD-16", "MK-CARD-23", "MK-CARD-24")
def test_md069_a_counting_card_with_one_matching_card() -> None:
    """MD-069, test/test_cards.py::CardNamedFactoryFamilyTests::test_hit_with_one_necessary_card.

    3, 3, 2, 2; the Food Warehouse pays without a Harbor.
    """
    assert [t.coins[0] for t in _counted(1)] == [3, 3, 2, 2]


@pytest.mark.rules("MK-ICON-1", "MK-ACT-1", "MK-CARD-13", "MK-CARD-16", "MK-CARD-23",
                   "MK-CARD-24")  # fmt: skip
def test_md070_a_counting_card_with_three_matching_cards() -> None:
    """MD-070, test/test_cards.py::CardNamedFactoryFamilyTests::test_hit_with_three_necessary_cards."""
    assert [t.coins[0] for t in _counted(3)] == [9, 9, 6, 6]


@pytest.mark.rules("MK-LANDMARK-4", "MK-ICON-1", "MK-CARD-24")
def test_md071_the_mall_adds_nothing_to_factory_and_fruit_icons() -> None:
    """MD-071, test/test_cards.py::CardNamedFactoryFamilyTests::test_hit_with_one_necessary_card_with_cup_bread_bonus."""
    assert [t.coins[0] for t in _counted(1, mall=True)] == [3, 3, 2, 2]


# --------------------------------------------------------------------------- CardNamedFactoryCardTests


@pytest.mark.rules("MK-CARD-9", "MKH-CITYHALL-2")
def test_md072_the_flower_shop_without_an_orchard() -> None:
    """MD-072, test/test_cards.py::CardNamedFactoryCardTests::test_hit_without_any_necessary_cards."""
    turn = rolled(flower_shop(0), 6)
    assert turn.coins == (1, 3) and turn.city_hall


@pytest.mark.rules("MK-CARD-9")
def test_md073_the_flower_shop_with_one_orchard() -> None:
    """MD-073, test/test_cards.py::CardNamedFactoryCardTests::test_hit_with_one_necessary_card."""
    assert rolled(flower_shop(1), 6).coins == (1, 3)


@pytest.mark.rules("MK-CARD-9", "MK-ICON-1")
def test_md074_the_flower_shop_with_three_orchards() -> None:
    """MD-074, test/test_cards.py::CardNamedFactoryCardTests::test_hit_with_three_necessary_cards."""
    assert rolled(flower_shop(3), 6).coins == (3, 3)


@pytest.mark.rules("MKH-FLOWER-1", "MK-INT-19")
def test_md075_one_orchard_and_a_mall() -> None:
    """MD-075, test/test_cards.py::CardNamedFactoryCardTests::test_hit_with_one_necessary_card_with_cup_bread_bonus.

    2 under either reading (the coincidence of MD-040).
    """
    assert rolled(flower_shop(1, mall=True), 6).coins == (2, 3)
    assert rolled(flower_shop(1, mall=True, options=FLAT), 6).coins == (2, 3)


@pytest.mark.rules("MKH-FLOWER-1", "MK-INT-19", "MK-CARD-9", "MK-LANDMARK-4")
def test_md076_three_orchards_and_a_mall_pay_6_not_metrodice_s_4() -> None:
    """MD-076, test/test_cards.py::CardNamedFactoryCardTests::test_hit_with_three_necessary_cards_with_cup_bread_bonus.

    Disagree. Our rules (003:99, MKH-FLOWER-1): 2 per Flower Orchard with a Mall, so 3
    orchards make 6. metrodice expects 4 (3 and a flat 1), which the reading
    ``flower_shop_mall="flat"`` (MK-INT-19) reproduces. The rulebook's own example (a Mall,
    3 orchards, 2 Flower Shops: 12) and the readings' consequence without any orchard (0,
    or metrodice's 1) are checked too.
    """
    assert rolled(flower_shop(3, mall=True), 6).coins == (6, 3)
    assert rolled(flower_shop(3, mall=True, options=FLAT), 6).coins == (4, 3)
    assert rolled(flower_shop(3, mall=True, shops=2), 6).coins == (12, 3)
    assert rolled(flower_shop(3, mall=True, shops=2, options=FLAT), 6).coins == (8, 3)
    none = rolled(flower_shop(0, mall=True), 6)
    assert none.coins == (1, 3) and none.city_hall  # 0 earned, then City Hall
    flat_none = rolled(flower_shop(0, mall=True, options=FLAT), 6)
    assert flat_none.coins == (1, 3) and not flat_none.city_hall  # 1 earned


# --------------------------------------------------------------------------- CardTunaBoatTests

TUNA_FACES = (3, 4)  # the forced Tuna roll T = 7


def tuna(
    p1: Mapping[E, int], p2: Mapping[E, int], p1_harbor: bool, p2_harbor: bool, mall: bool = False
) -> GameState:
    """Player 1 rolls (12 next) with a Train Station; both start with 0 coins."""
    lm = [[STATION] + ([HARBOR] if p1_harbor else []) + ([MALL] if mall else []),
          [HARBOR] if p2_harbor else []]  # fmt: skip
    return city([0, 0], [dict(p1), dict(p2)], lm)


def tuna_turn(state: GameState) -> Turn:
    """Player 1 rolls 6-6 and declines the +2 if asked; the Tuna roll, if one is made, is 3-4."""
    state, events = events_of(state, RollDice(2), Dice((6, 6)))
    if state.stack[-1] == PendingAddTwo():
        state, more = events_of(state, AddTwo(False))
        events += more
    if state.stack[-1] == PendingTunaRoll():
        outcomes = machikoro.legal_moves(state)  # two dice: 21 outcomes, totals 2 to 12
        assert len(outcomes) == 21
        assert {sum(m.faces) for m in outcomes if isinstance(m, Dice)} == set(range(2, 13))
        state, more = events_of(state, Dice(TUNA_FACES))
        events += more
    assert state.stack == (PendingBuild(),)
    return Turn(state, events)


@pytest.mark.rules("MK-CARD-25", "MK-INT-8", "MKH-CITYHALL-2")
def test_md077_no_harbor_no_tuna_roll() -> None:
    """MD-077, test/test_cards.py::CardTunaBoatTests::test_without_required_landmark.

    Player 1's Tuna Boat and no Harbor, and nobody else with a boat: no Tuna roll is made
    (no chance event); Player 1 earns 0 (then City Hall: 1).
    """
    turn = tuna_turn(tuna({E.TUNA_BOAT: 1}, {}, False, False))
    assert turn.tuna_rolls == 0 and turn.coins == (1, 0) and turn.city_hall


@pytest.mark.rules("MKH-TUNA-1", "MKH-TUNA-3", "MK-CARD-25", "MK-CHANCE-2")
def test_md078_a_tuna_boat_with_a_harbor_earns_the_tuna_roll() -> None:
    """MD-078, test/test_cards.py::CardTunaBoatTests::test_with_required_landmark.

    One Tuna roll, with the 21 outcomes of two dice (2 to 12); Player 1 earns T = 7.
    """
    turn = tuna_turn(tuna({E.TUNA_BOAT: 1}, {}, True, False))
    assert turn.tuna_rolls == 1 and turn.coins == (7, 0)


@pytest.mark.rules("MKH-TUNA-1", "MK-ICON-1", "MK-LANDMARK-4")
def test_md079_the_mall_adds_nothing_to_the_tuna_boat() -> None:
    """MD-079, test/test_cards.py::CardTunaBoatTests::test_with_required_landmark_and_cup_bread_bonus."""
    turn = tuna_turn(tuna({E.TUNA_BOAT: 1}, {}, True, False, mall=True))
    assert turn.coins == (7, 0)


@pytest.mark.rules("MKH-TUNA-3", "MKH-TUNA-4")
def test_md080_only_the_owner_with_a_harbor_is_paid() -> None:
    """MD-080, test/test_cards.py::CardTunaBoatTests::test_two_players_first_with_required_landmark."""
    turn = tuna_turn(tuna({E.TUNA_BOAT: 1}, {E.TUNA_BOAT: 1}, True, False))
    assert turn.tuna_rolls == 1 and turn.coins == (7, 0)


@pytest.mark.rules("MKH-TUNA-4", "MK-INT-8", "MKH-CITYHALL-2")
def test_md081_the_roll_is_made_for_another_owner_with_a_harbor() -> None:
    """MD-081, test/test_cards.py::CardTunaBoatTests::test_two_players_second_with_required_landmark.

    Player 1 has a boat but no Harbor; Player 2 has both: the one roll is made, for Player
    2 (T); Player 1 earns 0 (then City Hall: 1).
    """
    turn = tuna_turn(tuna({E.TUNA_BOAT: 1}, {E.TUNA_BOAT: 1}, False, True))
    assert turn.tuna_rolls == 1 and turn.coins == (1, 7) and turn.city_hall


@pytest.mark.rules("MKH-TUNA-3", "MKH-TUNA-4")
def test_md082_both_owners_are_paid_from_the_same_roll() -> None:
    """MD-082, test/test_cards.py::CardTunaBoatTests::test_two_players_both_with_required_landmark."""
    turn = tuna_turn(tuna({E.TUNA_BOAT: 1}, {E.TUNA_BOAT: 1}, True, True))
    assert turn.tuna_rolls == 1 and turn.coins == (7, 7)


@pytest.mark.rules("MKH-TUNA-3", "MKH-TUNA-4", "MK-ACT-1")
def test_md083_two_boats_earn_twice_the_one_roll() -> None:
    """MD-083, test/test_cards.py::CardTunaBoatTests::test_with_two_tuna_boats."""
    turn = tuna_turn(tuna({E.TUNA_BOAT: 2}, {}, True, False))
    assert turn.tuna_rolls == 1 and turn.coins == (14, 0)


# --------------------------------------------------------------------------- CardStadiumTests


def stadium(coins: list[int], mall: bool = False) -> tuple[int, ...]:
    """Three players; Player 1 owns a Stadium and rolls 6."""
    state = city(coins, [{E.STADIUM: 1}, {}, {}], [[MALL] if mall else [], [], []])
    return rolled(state, 6).coins


@pytest.mark.rules("MK-CARD-10", "MK-COLOR-4")
def test_md084_the_stadium_takes_2_from_each_opponent() -> None:
    """MD-084, test/test_cards.py::CardStadiumTests::test_hit_with_sufficient_funds."""
    assert stadium([0, 3, 3]) == (4, 1, 1)


@pytest.mark.rules("MK-CARD-10", "MK-ORDER-2")
def test_md085_the_stadium_takes_what_each_opponent_has() -> None:
    """MD-085, test/test_cards.py::CardStadiumTests::test_hit_with_partial_funds."""
    assert stadium([0, 1, 1]) == (2, 0, 0)


@pytest.mark.rules("MK-CARD-10", "MK-ORDER-2", "MK-BANK-1")
def test_md086_the_stadium_gets_nothing_from_opponents_without_coins() -> None:
    """MD-086, test/test_cards.py::CardStadiumTests::test_hit_with_no_funds."""
    assert stadium([3, 0, 0]) == (3, 0, 0)


@pytest.mark.rules("MK-ICON-1", "MK-CARD-10", "MK-LANDMARK-4")
def test_md087_the_mall_adds_nothing_to_the_stadium() -> None:
    """MD-087, test/test_cards.py::CardStadiumTests::test_hit_with_sufficient_funds_and_cup_bread_bonus."""
    assert stadium([0, 3, 3], mall=True) == (4, 1, 1)


# --------------------------------------------------------------------------- CardTVStationTests


def tv_station(coins: list[int], mall: bool = False) -> GameState:
    """Three players; Player 1 owns a TV Station and has rolled 6."""
    state = city(coins, [{E.TV_STATION: 1}, {}, {}], [[MALL] if mall else [], [], []])
    return roll(state, 6)


@pytest.mark.rules("MK-CARD-11", "MK-FLOW-1")
def test_md088_the_tv_station_asks_its_owner_for_an_opponent() -> None:
    """MD-088, test/test_cards.py::CardTVStationTests::test_hit_add_state_card.

    After the roll a pending decision waits for Player 1, above the construction phase.
    """
    state = tv_station([0, 6, 4])
    assert state.stack == (PendingBuild(), PendingOpponent())
    assert machikoro.current_player(state) == 0 and state.coins == (0, 6, 4)


@pytest.mark.rules("MK-CARD-11")
def test_md089_the_choices_are_the_two_opponents_in_seat_order() -> None:
    """MD-089, test/test_cards.py::CardTVStationTests::test_get_pending_actions."""
    state = tv_station([0, 6, 4])
    assert machikoro.legal_moves(state) == (ChooseOpponent(1), ChooseOpponent(2))
    assert refused(state, ChooseOpponent(0)) == "MK-CARD-11"


@pytest.mark.rules("MK-CARD-11", "MK-TURN-1")
def test_md090_the_chosen_opponent_pays_5() -> None:
    """MD-090, test/test_cards.py::CardTVStationTests::test_choose_player_with_sufficient_funds."""
    after = play(tv_station([0, 6, 4]), ChooseOpponent(1))
    assert after.coins == (5, 1, 4) and after.stack == (PendingBuild(),)


@pytest.mark.rules("MK-ICON-1", "MK-CARD-11", "MK-LANDMARK-4")
def test_md091_the_mall_adds_nothing_to_the_tv_station() -> None:
    """MD-091, test/test_cards.py::CardTVStationTests::test_choose_player_with_sufficient_funds_with_cup_bread_bonus."""
    after = play(tv_station([0, 6, 4], mall=True), ChooseOpponent(1))
    assert after.coins == (5, 1, 4) and after.stack == (PendingBuild(),)


@pytest.mark.rules("MK-CARD-11", "MK-ORDER-2")
def test_md092_the_chosen_opponent_pays_what_they_have() -> None:
    """MD-092, test/test_cards.py::CardTVStationTests::test_choose_player_with_partial_funds."""
    after = play(tv_station([0, 3, 4]), ChooseOpponent(1))
    assert after.coins == (3, 0, 4) and after.stack == (PendingBuild(),)


@pytest.mark.rules("MK-CARD-11", "MK-ORDER-2")
def test_md093_an_opponent_without_coins_may_be_chosen() -> None:
    """MD-093, test/test_cards.py::CardTVStationTests::test_choose_player_with_no_funds."""
    state = tv_station([3, 0, 4])
    assert ChooseOpponent(1) in machikoro.legal_moves(state)
    after = play(state, ChooseOpponent(1))
    assert after.coins == (3, 0, 4) and after.stack == (PendingBuild(),)


# --------------------------------------------------------------------------- CardBusinessCenterTests


def business_center(options: RulesOptions = ALL_PILES) -> GameState:
    """Three players without starting cards; Player 1 has rolled 6 with a Business Center.

    Player 1: Wheat Field, 2 Ranches, Business Center. Player 2: Bakery, 2 Cafes, Stadium.
    Player 3: Forest, 2 Mines, TV Station. The other majors sleep on Player 1's turn.
    """
    cities = [
        {E.WHEAT_FIELD: 1, E.RANCH: 2, E.BUSINESS_CENTER: 1},
        {E.BAKERY: 1, E.CAFE: 2, E.STADIUM: 1},
        {E.FOREST: 1, E.MINE: 2, E.TV_STATION: 1},
    ]
    return roll(city([3, 3, 3], cities, options=options), 6)


TRADES = {
    Trade(give, seat, take)
    for give in (E.WHEAT_FIELD, E.RANCH)
    for seat, take in ((1, E.BAKERY), (1, E.CAFE), (2, E.FOREST), (2, E.MINE))
}


@pytest.mark.rules("MK-CARD-12", "MK-COLOR-4")
def test_md094_the_business_center_asks_for_a_trade() -> None:
    """MD-094, test/test_cards.py::CardBusinessCenterTests::test_hit_add_state_card."""
    state = business_center()
    assert state.stack == (PendingBuild(), PendingTrade())
    assert machikoro.current_player(state) == 0 and state.coins == (3, 3, 3)


@pytest.mark.rules("MK-CARD-12", "MK-INT-15", "MK-INT-20")
def test_md095_the_trades_offered_and_declining_them() -> None:
    """MD-095, test/test_cards.py::CardBusinessCenterTests::test_get_pending_actions.

    Disagree, on the decline only. metrodice offers its choices in two steps: one of 2 own
    kinds (Wheat Field, Ranch) and one of 4 opponents' cards (Player 2's Bakery or Cafe,
    Player 3's Forest or Mine); no major, and no way to decline. Our trade is one move, so
    the same cards make 2 x 4 = 8 trades (no kind is on both sides, so MK-INT-15's rule
    against a same-kind trade removes none), and our default (MK-INT-20) adds ``NoTrade``:
    9 moves. ``business_center="must-trade"`` gives metrodice's set, the 8 trades.
    """
    moves = machikoro.legal_moves(business_center())
    assert len(moves) == 9 and set(moves) == TRADES | {NoTrade()}
    trades = [m for m in moves if isinstance(m, Trade)]
    assert {m.give for m in trades} == {E.WHEAT_FIELD, E.RANCH}  # metrodice's 2
    takes = {(1, E.BAKERY), (1, E.CAFE), (2, E.FOREST), (2, E.MINE)}
    assert {(m.opponent, m.take) for m in trades} == takes  # metrodice's 4
    must = RulesOptions(market="all-piles", business_center="must-trade")
    assert set(machikoro.legal_moves(business_center(must))) == TRADES


@pytest.mark.rules("MK-CARD-12")
def test_md097_the_owner_cannot_give_another_player_s_card() -> None:
    """MD-097, test/test_cards.py::CardBusinessCenterTests::test_choose_own_card_invalid.

    Player 1 offers a Bakery, which only Player 2 owns.
    """
    assert refused(business_center(), Trade(E.BAKERY, 1, E.CAFE)) == "MK-CARD-12"


@pytest.mark.rules("MK-CARD-12")
def test_md098_the_business_center_itself_cannot_be_given() -> None:
    """MD-098, test/test_cards.py::CardBusinessCenterTests::test_choose_own_card_invalid_major_establishment."""
    assert refused(business_center(), Trade(E.BUSINESS_CENTER, 1, E.BAKERY)) == "MK-CARD-12"


@pytest.mark.rules("MK-CARD-12")
def test_md101_the_owner_cannot_take_their_own_card() -> None:
    """MD-101, test/test_cards.py::CardBusinessCenterTests::test_choose_other_card_invalid.

    Taking Player 1's own Wheat Field: from themselves, or from Player 2, who has none.
    """
    state = business_center()
    assert refused(state, Trade(E.RANCH, 0, E.WHEAT_FIELD)) == "MK-CARD-12"
    assert refused(state, Trade(E.RANCH, 1, E.WHEAT_FIELD)) == "MK-CARD-12"


@pytest.mark.rules("MK-CARD-12")
def test_md102_an_opponent_s_major_cannot_be_taken() -> None:
    """MD-102, test/test_cards.py::CardBusinessCenterTests::test_choose_other_card_invalid_major_establishment."""
    assert refused(business_center(), Trade(E.WHEAT_FIELD, 2, E.TV_STATION)) == "MK-CARD-12"


@pytest.mark.rules("MK-CARD-12", "MK-TURN-1")
def test_md105_a_trade_of_single_cards() -> None:
    """MD-105, test/test_cards.py::CardBusinessCenterTests::test_perform_trade_no_duplicates.

    Player 1's Wheat Field for Player 2's Bakery; then the construction phase.
    """
    after = play(business_center(), Trade(E.WHEAT_FIELD, 1, E.BAKERY))
    p1, p2 = after.player(0), after.player(1)
    assert {E(k): n for k, n in enumerate(p1.establishments) if n} == {
        E.RANCH: 2, E.BAKERY: 1, E.BUSINESS_CENTER: 1
    }  # fmt: skip
    assert {E(k): n for k, n in enumerate(p2.establishments) if n} == {
        E.WHEAT_FIELD: 1, E.CAFE: 2, E.STADIUM: 1
    }  # fmt: skip
    assert after.stack == (PendingBuild(),)


@pytest.mark.rules("MK-CARD-12")
def test_md106_a_trade_of_one_copy_of_each_pair() -> None:
    """MD-106, test/test_cards.py::CardBusinessCenterTests::test_perform_trade_with_duplicates.

    One of Player 1's two Ranches for one of Player 2's two Cafes.
    """
    after = play(business_center(), Trade(E.RANCH, 1, E.CAFE))
    p1, p2 = after.player(0), after.player(1)
    assert {E(k): n for k, n in enumerate(p1.establishments) if n} == {
        E.WHEAT_FIELD: 1, E.RANCH: 1, E.CAFE: 1, E.BUSINESS_CENTER: 1
    }  # fmt: skip
    assert {E(k): n for k, n in enumerate(p2.establishments) if n} == {
        E.RANCH: 1, E.BAKERY: 1, E.CAFE: 1, E.STADIUM: 1
    }  # fmt: skip
    assert after.stack == (PendingBuild(),)


# --------------------------------------------------------------------------- CardPublisherTests


def publisher(coins: list[int], mall: bool = False) -> tuple[int, ...]:
    """Four players; Player 1 (Wheat Field, Bakery, Publisher) rolls 7.

    Player 2 owns 3 cup and bread establishments (2 Bakeries, a Cafe), Player 3 owns 2
    (a Bakery, a Cafe), Player 4 nothing.
    """
    cities = [
        {E.WHEAT_FIELD: 1, E.BAKERY: 1, E.PUBLISHER: 1},
        {E.WHEAT_FIELD: 1, E.BAKERY: 2, E.CAFE: 1},
        {E.WHEAT_FIELD: 1, E.BAKERY: 1, E.CAFE: 1},
        {},
    ]
    lm = [[STATION] + ([MALL] if mall else []), [], [], []]
    return rolled(city(coins, cities, lm), 3, 4).coins


@pytest.mark.rules("MK-CARD-15", "MK-ICON-1", "MK-INT-18")
def test_md107_the_publisher_takes_1_per_cup_and_bread_establishment() -> None:
    """MD-107, test/test_cards.py::CardPublisherTests::test_hit_with_sufficient_funds.

    3 from Player 2, 2 from Player 3, nothing from Player 4; Player 1's own Bakery is not
    counted.
    """
    assert publisher([0, 4, 3, 3]) == (5, 1, 1, 3)


@pytest.mark.rules("MK-ICON-1", "MK-CARD-15", "MK-LANDMARK-4")
def test_md108_the_mall_adds_nothing_to_the_publisher() -> None:
    """MD-108, test/test_cards.py::CardPublisherTests::test_hit_with_sufficient_funds_and_cup_bread_bonus."""
    assert publisher([0, 4, 3, 3], mall=True) == (5, 1, 1, 3)


@pytest.mark.rules("MK-CARD-15", "MK-ORDER-2")
def test_md109_the_publisher_takes_what_each_opponent_has() -> None:
    """MD-109, test/test_cards.py::CardPublisherTests::test_hit_with_partial_funds."""
    assert publisher([0, 2, 1, 3]) == (3, 0, 0, 3)


@pytest.mark.rules("MK-CARD-15", "MK-ORDER-2", "MK-BANK-1")
def test_md110_the_publisher_gets_nothing_from_opponents_without_coins() -> None:
    """MD-110, test/test_cards.py::CardPublisherTests::test_hit_with_no_funds."""
    assert publisher([2, 0, 0, 3]) == (2, 0, 0, 3)


# --------------------------------------------------------------------------- CardTaxOfficeTests


def tax_office(coins: list[int], faces: tuple[int, int], mall: bool = False) -> Turn:
    """Two players; Player 1 owns a Tax Office and rolls ``faces`` (8 or 9)."""
    state = city(coins, [{E.TAX_OFFICE: 1}, {}], [[STATION] + ([MALL] if mall else []), []])
    return rolled(state, *faces)


@pytest.mark.rules("MKH-TAX-1", "MK-INT-17", "MK-CARD-19")
def test_md111_the_tax_office_takes_half_of_10() -> None:
    """MD-111, test/test_cards.py::CardTaxOfficeTests::test_hit_with_sufficient_funds."""
    for faces in ((3, 5), (4, 5)):  # it activates on 8 and on 9
        assert tax_office([0, 10], faces).coins == (5, 5)


@pytest.mark.rules("MK-ICON-1", "MK-CARD-19", "MK-LANDMARK-4")
def test_md112_the_mall_adds_nothing_to_the_tax_office() -> None:
    """MD-112, test/test_cards.py::CardTaxOfficeTests::test_hit_with_sufficient_funds_and_cup_bread_bonus."""
    assert tax_office([0, 10], (3, 5), mall=True).coins == (5, 5)


@pytest.mark.rules("MK-INT-17", "MK-CARD-19", "MKH-CITYHALL-2")
def test_md113_an_opponent_with_9_pays_nothing() -> None:
    """MD-113, test/test_cards.py::CardTaxOfficeTests::test_hit_with_insufficient_funds.

    Nothing moves (the threshold is 10); the empty-handed roller then gets City Hall's 1.
    """
    turn = tax_office([0, 9], (3, 5))
    assert turn.coins == (1, 9) and turn.city_hall


@pytest.mark.rules("MKH-TAX-1", "MK-CARD-19")
def test_md114_half_of_an_odd_sum_is_rounded_down() -> None:
    """MD-114, test/test_cards.py::CardTaxOfficeTests::test_hit_with_odd_funds.

    11 pays 5 and keeps 6; the rulebook's example, 21, pays 10 and keeps 11 (003:93).
    """
    assert tax_office([0, 11], (4, 5)).coins == (5, 6)
    assert tax_office([0, 21], (4, 5)).coins == (10, 11)


# --------------------------------------------------------------------------- NamedLandmarkTests


@pytest.mark.rules("MKH-CITYHALL-1", "MK-SETUP-1")
def test_md121_every_player_starts_with_city_hall_built() -> None:
    """MD-121, test/test_cards.py::NamedLandmarkTests::test_starts_constructed."""
    for players in (2, 5):
        state = machikoro.new_game(players, seed=121)
        assert all(state.player(p).has(L.CITY_HALL) for p in range(players))


@pytest.mark.rules("MKH-LANDMARK-1", "MKH-LANDMARK-2", "MK-SETUP-1")
def test_md122_every_other_landmark_starts_under_construction() -> None:
    """MD-122, test/test_cards.py::NamedLandmarkTests::test_starts_unconstructed."""
    six = (L.HARBOR, STATION, MALL, L.AMUSEMENT_PARK, L.RADIO_TOWER, L.AIRPORT)
    for players in (2, 5):
        state = machikoro.new_game(players, seed=122)
        assert not any(state.player(p).has(lm) for p in range(players) for lm in six)


@pytest.mark.rules("MKH-CITYHALL-2", "MK-INT-13", "MK-LANDMARK-1")
def test_md123_city_hall_gives_1_coin_before_building_to_a_player_with_none() -> None:
    """MD-123, test/test_cards.py::NamedLandmarkTests::test_construct_cityhall.

    Player 1 has 0 coins and nothing pays on their 5: 1 coin, at the construction phase.
    """
    turn = rolled(city([0, 0], [{}, {}]), 5)
    assert turn.state.stack == (PendingBuild(),)
    assert turn.coins == (1, 0) and turn.city_hall


@pytest.mark.rules("MKH-HARBOR-1", "MKH-LANDMARK-2", "MK-LANDMARK-2")
def test_md125_a_harbor_built_earlier_offers_2_more_on_10() -> None:
    """MD-125, test/test_cards.py::NamedLandmarkTests::test_construct_harbor.

    Player 1 builds the Harbor; on their next turn a roll of 10 offers adding 2.
    """
    state = roll(city([2, 3], [{}, {}], [[STATION], []]), 5)
    state = play(state, machikoro.BuildLandmark(HARBOR))  # Player 2's turn
    state = play(roll(state, 5), machikoro.BuildNothing())  # Player 1's again
    assert machikoro.legal_moves(roll(state, 4, 6)) == (AddTwo(True), AddTwo(False))


@pytest.mark.rules("MK-ROLL-1", "MK-LANDMARK-3")
def test_md127_a_train_station_offers_one_or_two_dice() -> None:
    """MD-127, test/test_cards.py::NamedLandmarkTests::test_construct_train_station."""
    state = city([3, 3], [{}, {}], [[STATION], []])
    assert machikoro.legal_moves(state) == (RollDice(1), RollDice(2))


@pytest.mark.rules("MK-LANDMARK-4", "MK-CARD-4")
def test_md129_a_shopping_mall_adds_1_to_the_bakery() -> None:
    """MD-129, test/test_cards.py::NamedLandmarkTests::test_construct_shopping_mall."""
    assert rolled(city([3, 3], [{E.BAKERY: 1}, {}], [[MALL], []]), 2).coins == (5, 3)


@pytest.mark.rules("MK-LANDMARK-5", "MK-TURN-2", "MK-ROLL-2")
def test_md131_an_amusement_park_gives_another_turn_on_doubles() -> None:
    """MD-131, test/test_cards.py::NamedLandmarkTests::test_construct_amusement_park.

    Built on an earlier turn (the same-turn case is MK-INT-6, in the action scenarios).
    """
    state = city([3, 3], [{}, {}], [[STATION, L.AMUSEMENT_PARK], []])
    after = play(roll(state, 3, 3), machikoro.BuildNothing())
    assert after.current == 0 and after.extra_turn


@pytest.mark.rules("MK-LANDMARK-6", "MK-ROLL-1")
def test_md133_a_radio_tower_offers_one_re_roll_or_keeping_the_roll() -> None:
    """MD-133, test/test_cards.py::NamedLandmarkTests::test_construct_radio_tower."""
    state = roll(city([3, 3], [{}, {}], [[L.RADIO_TOWER], []]), 4)
    assert machikoro.legal_moves(state) == (RollDice(1), machikoro.KeepRoll())
    assert roll(state, 2).stack == (PendingBuild(),)  # once per turn: no second re-roll


@pytest.mark.rules("MK-LANDMARK-7", "MK-INT-14")
def test_md135_an_airport_pays_10_when_nothing_is_built() -> None:
    """MD-135, test/test_cards.py::NamedLandmarkTests::test_construct_airport."""
    state = roll(city([3, 3], [{}, {}], [[L.AIRPORT], []]), 5)
    assert play(state, machikoro.BuildNothing()).coins == (13, 3)


# --------------------------------------------------------------------------- ExpansionTests


def _supply(players: int, majors: str) -> tuple[int, int]:
    """Wheat Fields and Stadiums in the supply (deck and market) of a new game."""
    options = RulesOptions(major_copies=majors)
    state = machikoro.new_game(players, seed=139, options=options)
    wheat = state.deck[E.WHEAT_FIELD] + state.market[E.WHEAT_FIELD]
    stadiums = state.deck[E.STADIUM] + state.market[E.STADIUM]
    assert tables_for(options, players).box[E.STADIUM] == stadiums
    return wheat, stadiums


@pytest.mark.rules("MK-INT-10", "MK-COMP-2", "MKH-PLAYERS-2")
def test_md139_a_two_player_game_has_4_stadiums_not_metrodice_s_2() -> None:
    """MD-139, test/test_cards.py::ExpansionTests::test_generate_deck_two_players.

    Disagree. The 6 regular copies agree. Majors: our default ``major_copies="box"`` deals
    the box's 4 Stadiums (the 5th only with 5 players); metrodice deals one per player, 2,
    which ``major_copies="per-player"`` (MK-INT-10) reproduces.
    """
    assert _supply(2, "box") == (6, 4)
    assert _supply(2, "per-player") == (6, 2)
    assert _supply(5, "box") == (6, 5)  # the 5th copy (MKH-PLAYERS-2)


@pytest.mark.rules("MK-INT-10", "MK-COMP-2")
def test_md140_a_three_player_game_has_4_stadiums_not_metrodice_s_3() -> None:
    """MD-140, test/test_cards.py::ExpansionTests::test_generate_deck_three_players.

    Disagree, as MD-139: 4 by default, 3 under ``major_copies="per-player"``.
    """
    assert _supply(3, "box") == (6, 4)
    assert _supply(3, "per-player") == (6, 3)


# --------------------------------------------------------------------------- readings


@pytest.mark.rules("MK-INT-1", "MK-CARD-2")
def test_the_sushi_bar_costs_4_as_in_metrodice_s_card_data() -> None:
    """MK-INT-1, no checklist row: no metrodice test checks a cost, but its card data
    (``metrodice/cards.py``) gives the Sushi Bar 4 coins, our default; the other reading,
    ``sushi_bar_cost="2"``, is kevinddchen's. 4 coins build it, 3 do not.
    """
    for reading, least in (("4", 4), ("2", 2)):
        options = RulesOptions(market="all-piles", sushi_bar_cost=reading)
        for coins in (least - 1, least):
            state = roll(city([coins, 3], [{}, {}], options=options), 5)
            can = machikoro.BuildEstablishment(E.SUSHI_BAR) in machikoro.legal_moves(state)
            assert can is (coins >= least), (reading, coins)


# --------------------------------------------------------------------------- the checklist

ROOT = Path(__file__).resolve().parents[3]
CHECKLIST = ROOT / "docs" / "machikoro" / "metrodice.md"
SCENARIOS = [
    Path(__file__).with_name(f"test_metrodice_{part}.py")
    for part in ("cards", "markets", "actions")
]
_CITED = re.compile(r"\b(MD-\d{3}), (test/[\w./]+::\w+::\w+)\.")


def test_every_rules_row_of_the_checklist_has_one_scenario_naming_it() -> None:
    """Each "agree" or "disagree" row of the checklist is restated by exactly one test here,
    whose docstring names the row and the metrodice test of that row; no other row is.
    """
    rows: dict[str, str] = {}
    for line in CHECKLIST.read_text(encoding="utf-8").splitlines():
        if line.startswith("| MD-"):
            cells = [c.strip() for c in line.split("|")]
            if cells[6].startswith(("agree", "**disagree**")):
                rows[cells[1]] = cells[2].strip("`")
    assert len(rows) == 135
    cited: dict[str, str] = {}
    for path in SCENARIOS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                for row, name in _CITED.findall(ast.get_docstring(node) or ""):
                    assert row not in cited, row
                    cited[row] = name
    assert cited == rows
