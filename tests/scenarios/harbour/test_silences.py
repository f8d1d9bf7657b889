"""Points the rulebooks leave open that the library settles without an option (INT-18..22)."""

from __future__ import annotations

import pytest

import harbour
from harbour.goods import Goods
from harbour.state import PendingMove
from tests.support.harbour import play, position


@pytest.mark.rules("INT-18", "COMP-1")
@pytest.mark.parametrize("players", [0, 1, 5, 6])
def test_only_two_to_four_players(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        harbour.new_game(players, seed=1)


@pytest.mark.rules("INT-19", "SETUP-4")
def test_starting_goods_are_chosen_in_seat_order_and_visible() -> None:
    state = harbour.new_game(3, seed=5)
    first = harbour.ChooseStartingGoods(Goods(fish=3))
    state = harbour.apply_move(state, first)
    assert state.current == 1
    assert state.players[0].goods == Goods(fish=3)  # seat 1 sees seat 0's choice
    assert state.players[1].goods == Goods()
    state = play(state, harbour.ChooseStartingGoods(Goods(wood=2, stone=1)))
    assert state.current == 2
    state = play(state, harbour.ChooseStartingGoods(Goods(livestock=1, wood=1, stone=1)))
    assert isinstance(state.pending, PendingMove) and state.current == 0


@pytest.mark.rules("INT-20", "SETUP-5")
def test_first_game_display_is_not_reshuffled() -> None:
    options = harbour.RulesOptions(first_game=True)
    trio = harbour.new_game(2, seed=0, options=options).cards.first_game_buildings
    for seed in range(50):
        state = harbour.new_game(2, seed=seed, options=options)
        assert state.display[:3] == trio


@pytest.mark.rules("INT-21", "END-1")
def test_a_second_fourth_purchase_does_not_restart_the_last_round() -> None:
    # Player 1 already triggered the last round; Player 2 now buys their 4th building.
    state = position(
        goods=[Goods(), Goods(fish=2)],
        display=["smokehouse", "counting-house"],
        owned=[
            ["net-loft", "quarry-steps", "timber-wharf", "cattle-pens"],
            ["salt-pans", "chandlery", "kiln-works"],
        ],
        current=1,
        last_round_turns=1,
    )
    state = play(
        state,
        harbour.MovePawn(harbour.CardSite(state.cards.index_of("counting-house"))),
        harbour.Ship((harbour.Good.FISH,)),
        harbour.Purchase((state.cards.index_of("smokehouse"),)),
    )
    assert len(state.players[1].buildings) == 4
    assert harbour.is_over(state)  # the round was not extended for Player 1


@pytest.mark.rules("INT-22", "END-3", "END-5")
def test_starting_buildings_score_nothing_and_ties_are_shared() -> None:
    state = position(
        goods=[Goods(fish=1), Goods(fish=1)],
        owned=[["net-loft"], ["smokehouse"]],  # 1 VP each, one building each
        stack=(),
    )
    result = harbour.outcome(state)
    assert result.points == (1, 1)
    assert result.winners == (0, 1)
    assert result.places == (1, 1)


@pytest.mark.rules("INT-23", "SYM-1", "BUY-6")
def test_a_building_coins_make_free_is_bought_without_shipping() -> None:
    def start(coin_buildings: list[str]) -> harbour.GameState:
        return position(
            goods=[Goods(), Goods()],
            display=["timber-wharf", "counting-house"],
            owned=[coin_buildings, []],
        )

    three = start(["quarry-steps", "cattle-pens", "salt-pans"])
    counting = harbour.CardSite(three.cards.index_of("counting-house"))
    wharf = three.cards.index_of("timber-wharf")
    # Three coins: the $4 Timber Wharf still costs $1, so shipping nothing buys nothing.
    after = play(three, harbour.MovePawn(counting), harbour.Ship(()))
    assert after.current == 1 and after.players[0].buildings == three.players[0].buildings
    # Four coins make it free: after shipping nothing it can be bought.
    four = start(["quarry-steps", "cattle-pens", "salt-pans", "chandlery"])
    after = play(four, harbour.MovePawn(counting), harbour.Ship(()))
    assert harbour.Purchase((wharf,)) in harbour.legal_moves(after)
    assert play(after, harbour.Purchase((wharf,))).players[0].buildings[-1] == wharf
