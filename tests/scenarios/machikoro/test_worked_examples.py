"""The three worked examples of the Harbor rulebook, each as its own test citing its line."""

from __future__ import annotations

import pytest

import machikoro
from machikoro import AddTwo, Dice
from tests.support.machikoro import E, L, at_roll, play, roll


@pytest.mark.rules("MKH-TAX-1", "MK-CARD-19", "MK-INT-17")
def test_tax_office_21_coins_pays_10_and_keeps_11() -> None:
    """003:91-93: "A player who had 21 pays 10 and keeps 11"."""
    state = at_roll(
        coins=[0, 21],
        cities=[{E.TAX_OFFICE: 1}, {}],
        landmarks=[[L.TRAIN_STATION], []],
    )
    after = roll(state, 3, 5)  # a total of 8 activates the Tax Office (8-9)
    assert after.coins == (10, 11)


@pytest.mark.rules("MKH-FLOWER-1", "MK-CARD-9", "MK-LANDMARK-4", "MK-INT-19")
def test_flower_shop_with_shopping_mall_gives_12_coins() -> None:
    """003:99-101: a Shopping Mall, 3 Flower Orchards and 2 Flower Shops receive 12 coins."""
    state = at_roll(
        coins=[0, 0],
        cities=[{E.FLOWER_ORCHARD: 3, E.FLOWER_SHOP: 2}, {}],
        landmarks=[[L.SHOPPING_MALL], []],
    )
    after = roll(state, 6)
    assert after.coins == (12, 0)


@pytest.mark.rules("MKH-TUNA-4", "MKH-TUNA-3", "MK-CARD-25")
def test_tuna_boat_three_boats_and_a_roll_of_8_give_24() -> None:
    """003:109: 3 Tuna Boats and an income roll of 8 give 24; others with a Harbor 8 per boat."""
    state = at_roll(
        coins=[0, 0, 0],
        cities=[{E.TUNA_BOAT: 3}, {E.TUNA_BOAT: 1}, {E.TUNA_BOAT: 2}],
        landmarks=[[L.TRAIN_STATION, L.HARBOR], [L.HARBOR], []],
    )
    state = roll(state, 6, 6)  # 12 activates every Tuna Boat
    state = play(state, AddTwo(False))  # keep 12
    assert machikoro.current_player(state) == machikoro.CHANCE  # the Tuna Boat's one roll
    after = play(state, Dice((3, 5)))
    # Player 3 has no Harbor: nothing (MKH-TUNA-4 names "players who have a finished Harbor").
    assert after.coins == (24, 8, 0)
