"""The Town board, 1.0 to 1.5: BH-PARK, BH-BUILDING, BH-PERMIT, BH-GROW, BH-PRICE, BH-CAREER."""

from __future__ import annotations

import attrs
import pytest

import bremerhaven
from bremerhaven import (
    Build,
    BuyPermit,
    ChoosePrice,
    ClearCover,
    EndPermits,
    PayDifference,
    PlaceBollard,
    SwapRanks,
)
from bremerhaven.cards.model import IncomePerNewShip, PriceChoiceWhenUnbid, Space
from bremerhaven.state import PendingCareer, PendingGrow, PendingPermits, PendingPrice
from tests.support.bremerhaven import (
    BARREL,
    CRATE,
    after_bidding,
    building,
    end_round,
    game,
    play,
    price,
    refused,
    ship,
    with_harbour,
)

# --------------------------------------------------------------------------- 1.0


@pytest.mark.rules("BH-PARK-1", "BH-MONEY-1")
def test_the_parking_lot_pays_1_money_per_card_whatever_its_value() -> None:
    state = after_bidding(
        game(2),
        [(0, Space.PARKING, 5), (0, Space.PARKING, 4), (1, Space.PARKING, 1)],
        ranks=(0, 1),
    )
    # 1.0 then 1.5's income (Captain 4, First Mate 3) on top of the starting money (4, 6).
    assert state.players[0].money == 4 + 2 + 4
    assert state.players[1].money == 6 + 1 + 3


# --------------------------------------------------------------------------- 1.1


@pytest.mark.rules("BH-BUILDING-1", "BH-BUILDING-2")
def test_the_winner_takes_the_top_building_unbuilt() -> None:
    top, second = building("top", prestige=3), building("second")
    state = after_bidding(
        game(2),
        [(1, Space.BUILDING, 3), (0, Space.BUILDING, 2)],
        buildings=(top, second),
    )
    assert state.players[1].held == (top,)
    assert all(b is None for b in state.players[1].buildings)
    assert state.buildings == (second,)
    assert state.players[1].prestige == 0  # not built: no prestige in 4.3


@pytest.mark.rules("BH-BUILDING-2")
def test_a_held_building_has_no_ability_and_any_number_may_be_held() -> None:
    lighthouse = building("lighthouse", IncomePerNewShip(2), prestige=1)
    old = building("old")
    state = with_harbour(game(2), 0, held=(old,), money=0)
    state = after_bidding(
        state,
        [(0, Space.BUILDING, 3), (0, Space.sea(1), 1)],
        buildings=(lighthouse,),
        sea=(ship("a", berth=1), ship("b")),
        ranks=(0, 1),
    )
    # The berth-1 ship fits only the middle dock: berthed by itself, no Lighthouse money.
    assert state.players[0].held == (old, lighthouse)
    assert state.players[0].docks[1] is not None
    assert state.players[0].money == 4  # only the Captain's income


@pytest.mark.rules("BH-BUILDING-3")
def test_with_no_bid_the_top_building_leaves_the_game() -> None:
    top, second = building("top"), building("second")
    state = after_bidding(game(2), [], buildings=(top, second))
    assert state.buildings == (second,)
    assert all(top not in h.held for h in state.players)


# --------------------------------------------------------------------------- 1.2


def _permits(
    money: tuple[int, int] = (20, 20), bids: tuple[int, ...] = (5,), **changes: object
) -> bremerhaven.GameState:
    """Seat 0 alone bid ``bids`` on 1.2 and decides now."""
    state = game(2)
    state = with_harbour(state, 0, money=money[0])
    state = with_harbour(state, 1, money=money[1])
    state = after_bidding(state, [(0, Space.PERMIT, b) for b in bids], ranks=(0, 1), **changes)
    assert isinstance(state.stack[-1], PendingPermits)
    return state


@pytest.mark.rules("BH-PERMIT-1", "BH-PERMIT-8")
def test_the_top_bidder_gets_the_first_permit_free_and_more_at_the_top_bid() -> None:
    state = _permits(bids=(3, 1))
    state = play(state, BuyPermit())
    assert state.players[0].money == 20
    state = play(state, BuyPermit())
    assert state.players[0].money == 16  # the top bid: 3 + 1
    state = play(state, BuyPermit())
    assert state.players[0].money == 12
    assert state.stack[-1] == PendingPermits(0, 3, 3)


@pytest.mark.rules("BH-PERMIT-8")
def test_an_additional_permit_needs_the_money() -> None:
    state = _permits(money=(4, 20), bids=(5,))
    state = play(state, BuyPermit())
    assert refused(state, BuyPermit()) == "BH-PERMIT-8"


@pytest.mark.rules("BH-PERMIT-1")
def test_a_player_who_did_not_bid_gets_no_permit() -> None:
    state = _permits()
    assert bremerhaven.current_player(state) == 0
    state = play(state, EndPermits())
    assert not any(isinstance(p, PendingPermits) for p in state.stack)


@pytest.mark.rules("BH-PERMIT-2", "BH-ENGINE-6", "BH-INT-6")
def test_permits_are_used_in_rank_order() -> None:
    state = game(3)
    state = after_bidding(
        state,
        [(0, Space.PERMIT, 5), (1, Space.PERMIT, 4), (2, Space.PERMIT, 3)],
        ranks=(2, 0, 1),
    )
    order = []
    while isinstance(state.stack[-1], PendingPermits):
        order.append(bremerhaven.current_player(state))
        state = play(state, EndPermits())
    assert order == [2, 0, 1]


@pytest.mark.rules("BH-PERMIT-3")
def test_a_permit_is_used_for_one_thing_and_several_may_do_the_same() -> None:
    state = _permits(bids=(1,))
    assert refused(state, PlaceBollard(0)) == "BH-PERMIT-3"  # no permit yet
    state = play(state, BuyPermit(), BuyPermit())
    state = play(state, PlaceBollard(3), PlaceBollard(3))
    assert state.players[0].walls == (0, 1, 1, 2)
    assert refused(state, ClearCover(2)) == "BH-PERMIT-3"  # both permits spent
    state = play(state, BuyPermit(), ClearCover(6))
    assert state.players[0].covers[6] is None


@pytest.mark.rules("BH-PERMIT-4")
def test_a_bollard_costs_what_its_position_shows() -> None:
    state = _permits(bids=(1,))
    state = play(state, BuyPermit(), BuyPermit(), BuyPermit(), BuyPermit())
    money = state.players[0].money
    state = play(state, PlaceBollard(0))  # wall 0's first position: 2
    assert state.players[0].money == money - 2
    state = play(state, PlaceBollard(0))  # second: 3
    assert state.players[0].money == money - 5
    state = play(state, PlaceBollard(1))  # wall 1 starts with the printed bollard; next: 2
    assert state.players[0].money == money - 7
    assert state.players[0].walls == (2, 2, 1, 0)


@pytest.mark.rules("BH-PERMIT-4")
def test_a_full_wall_or_too_little_money_refuses_a_bollard() -> None:
    state = _permits(money=(1, 20), bids=(1,))
    state = with_harbour(state, 0, walls=(3, 1, 1, 0))
    state = play(state, BuyPermit())
    assert refused(state, PlaceBollard(0)) == "BH-PERMIT-4"  # no position left
    assert refused(state, PlaceBollard(3)) == "BH-PERMIT-4"  # costs 2, has 1


@pytest.mark.rules("BH-PERMIT-5", "BH-PERMIT-6", "BH-HARBOR-3")
def test_a_cleared_space_can_be_built_on_at_once() -> None:
    hall = building("hall", prestige=2)
    state = _permits(bids=(1,))
    # Every open space is full of goods: only a cleared cover makes room.
    state = with_harbour(state, 0, held=(hall,), storage=(6, 0, 0, 0))
    state = play(state, BuyPermit())
    assert refused(state, Build("hall")) == "BH-PERMIT-6"
    state = play(state, ClearCover(3))
    assert state.players[0].money == 20 - 5  # the cover's cost
    assert state.players[0].covers[3] is None
    state = play(state, BuyPermit(), Build("hall"))
    assert state.players[0].held == ()
    assert hall in state.players[0].buildings


@pytest.mark.rules("BH-PERMIT-5")
def test_clearing_needs_a_cover_and_its_money() -> None:
    state = _permits(money=(3, 20), bids=(1,))
    state = play(state, BuyPermit())
    assert refused(state, ClearCover(0)) == "BH-PERMIT-5"  # never covered
    assert refused(state, ClearCover(3)) == "BH-PERMIT-5"  # costs 5
    state = play(state, ClearCover(6))  # costs 2
    assert state.players[0].money == 1


@pytest.mark.rules("BH-PERMIT-6", "BH-PRESTIGE-2")
def test_a_built_building_counts_its_prestige() -> None:
    hall = building("hall", prestige=3)
    state = with_harbour(game(2), 0, held=(hall,))
    state = after_bidding(state, [(0, Space.PERMIT, 1)], ranks=(0, 1))
    state = play(state, BuyPermit(), Build("hall"), EndPermits())
    state = end_round(state)
    assert state.players[0].prestige == 3


@pytest.mark.rules("BH-PERMIT-6")
def test_only_a_held_building_can_be_built() -> None:
    state = _permits(bids=(1,))
    state = play(state, BuyPermit())
    assert refused(state, Build("nothing")) == "BH-PERMIT-6"


@pytest.mark.rules("BH-PERMIT-7")
def test_permits_need_not_be_used() -> None:
    state = _permits(bids=(2,))
    state = play(state, BuyPermit(), EndPermits())
    # The unused permit is gone; the round ran on (only the Captain's income was added).
    assert state.round == 2
    assert state.players[0].money == 20 + 4
    assert state.players[0].walls == (0, 1, 1, 0)
    assert state.players[0].covers == game(2).players[0].covers


@pytest.mark.rules("BH-PERMIT-7", "BH-BID-7")
def test_bidding_only_raises_the_others_cost() -> None:
    state = game(2)
    state = with_harbour(state, 1, money=20)
    state = after_bidding(state, [(0, Space.PERMIT, 5), (1, Space.PERMIT, 1)], ranks=(0, 1))
    state = play(state, EndPermits())  # seat 0 only raised the cost
    assert bremerhaven.current_player(state) == 1
    state = play(state, BuyPermit())
    assert state.players[1].money == 16


# --------------------------------------------------------------------------- 1.3


@pytest.mark.rules("BH-GROW-1", "BH-GROW-2")
def test_grow_influence_takes_the_lowest_supply_card() -> None:
    state = with_harbour(game(2), 0, supply=(7, 8, 9))
    state = after_bidding(state, [(0, Space.GROW, 1)], ranks=(1, 0))
    # Mid-round the card went to the hand; at the end the lowest card left the game.
    assert state.players[0].supply == (8, 9)
    assert state.players[0].hand == (2, 3, 4, 5, 7)


@pytest.mark.rules("BH-GROW-1", "BH-INT-6")
def test_the_difference_decisions_come_in_rank_order() -> None:
    state = game(3)
    state = after_bidding(
        state,
        [(0, Space.GROW, 5), (1, Space.GROW, 1), (2, Space.GROW, 2)],
        ranks=(0, 1, 2),
    )
    assert state.stack[-1] == PendingGrow(1)
    state = play(state, PayDifference(False))
    assert state.stack[-1] == PendingGrow(2)


@pytest.mark.rules("BH-GROW-3")
def test_with_an_empty_supply_a_player_cannot_grow_but_may_raise_the_cost() -> None:
    state = game(2)
    state = with_harbour(state, 0, hand=(6, 7, 7, 8, 9), supply=())
    state = with_harbour(state, 1, money=10)
    state = after_bidding(state, [(0, Space.GROW, 9), (1, Space.GROW, 2)], ranks=(0, 1))
    assert state.stack[-1] == PendingGrow(1)
    state = play(state, PayDifference(True))
    assert state.players[1].money == 10 - 7 + 3  # the difference, then the First Mate's income
    assert state.players[0].hand == (6, 7, 7, 8, 9)


@pytest.mark.rules("BH-GROW-3")
def test_paying_to_grow_needs_a_supply_card() -> None:
    state = with_harbour(game(2), 1, hand=(6, 7, 7, 8, 9), supply=(), money=10)
    state = after_bidding(
        state,
        [(0, Space.GROW, 5), (0, Space.GROW, 4), (1, Space.GROW, 6), (0, Space.PRICE, 1)],
        ranks=(1, 0),
    )
    # Seat 0 (9) is top; seat 1 (6) cannot grow, so its one answer was taken by itself.
    assert state.stack[-1] == PendingPrice(0)
    assert state.players[1].money == 10
    asked = attrs.evolve(state, stack=(*state.stack, PendingGrow(1)))
    assert refused(asked, PayDifference(True)) == "BH-GROW-3"
    assert bremerhaven.legal_moves(asked) == (PayDifference(False),)


# --------------------------------------------------------------------------- 1.4

PRICES = (
    price("a", 1, 2, 3, 4),
    price("b", 2, 3, 4, 1),
    price("c", 3, 4, 1, 2),
    price("d", 4, 1, 2, 3),
)


@pytest.mark.rules("BH-PRICE-1")
def test_the_winner_puts_any_price_card_on_top_keeping_the_rest_in_order() -> None:
    state = after_bidding(game(2), [(1, Space.PRICE, 2)], prices=PRICES)
    assert state.stack[-1] == PendingPrice(1)
    assert len(bremerhaven.legal_moves(state)) == 4
    state = play(state, ChoosePrice(2))
    assert [p.key for p in state.prices] == ["c", "a", "b", "d"]


@pytest.mark.rules("BH-PRICE-1")
def test_the_winner_may_keep_the_prices() -> None:
    state = after_bidding(game(2), [(1, Space.PRICE, 2)], prices=PRICES)
    state = play(state, ChoosePrice(0))
    assert [p.key for p in state.prices] == ["a", "b", "c", "d"]
    assert (
        refused(after_bidding(game(2), [(1, Space.PRICE, 2)], prices=PRICES), ChoosePrice(4))
        == "BH-PRICE-1"
    )


@pytest.mark.rules("BH-PRICE-2")
def test_with_no_bid_the_top_price_card_goes_to_the_bottom() -> None:
    state = after_bidding(game(2), [(0, Space.PARKING, 1)], prices=PRICES)
    assert [p.key for p in state.prices] == ["b", "c", "d", "a"]


@pytest.mark.rules("BH-PRICE-3")
def test_with_no_bid_the_commodity_exchange_owner_chooses() -> None:
    exchange = building("commodity-exchange", PriceChoiceWhenUnbid())
    state = with_harbour(game(2), 1, buildings=(exchange, *(None,) * 11))
    state = after_bidding(state, [(0, Space.PARKING, 1)], prices=PRICES)
    assert state.stack[-1] == PendingPrice(1)
    state = play(state, ChoosePrice(3))
    assert [p.key for p in state.prices] == ["d", "a", "b", "c"]


@pytest.mark.rules("BH-PRICE-3")
def test_the_commodity_exchange_does_nothing_when_someone_bid_or_unbuilt() -> None:
    exchange = building("commodity-exchange", PriceChoiceWhenUnbid())
    built = with_harbour(game(2), 1, buildings=(exchange, *(None,) * 11))
    state = after_bidding(built, [(0, Space.PRICE, 1)], prices=PRICES)
    assert state.stack[-1] == PendingPrice(0)  # the winner chooses, not the owner
    held = with_harbour(game(2), 1, held=(exchange,))
    state = after_bidding(held, [(0, Space.PARKING, 1)], prices=PRICES)
    assert [p.key for p in state.prices] == ["b", "c", "d", "a"]


@pytest.mark.rules("BH-PRICE-1", "BH-TIME-2")
def test_new_prices_apply_at_once_to_everyone() -> None:
    state = after_bidding(game(2), [(1, Space.PRICE, 2)], prices=PRICES)
    state = play(state, ChoosePrice(3))
    assert state.price.price(BARREL) == 4
    assert state.price.price(CRATE) == 2


# --------------------------------------------------------------------------- 1.5


@pytest.mark.rules("BH-CAREER-1")
def test_the_winner_may_swap_any_two_adjacent_ranks() -> None:
    base = game(4)
    state = after_bidding(base, [(3, Space.CAREER, 1)], ranks=(0, 1, 2, 3))
    assert state.stack[-1] == PendingCareer(3)
    assert set(bremerhaven.legal_moves(state)) == {
        SwapRanks(None),
        SwapRanks(0),
        SwapRanks(1),
        SwapRanks(2),
    }
    swapped = play(state, SwapRanks(0))  # two other players
    assert swapped.ranks == (1, 0, 2, 3)
    own = play(state, SwapRanks(2))  # its own with the next higher rank
    assert own.ranks == (0, 1, 3, 2)
    none = play(state, SwapRanks(None))
    assert none.ranks == (0, 1, 2, 3)


@pytest.mark.rules("BH-CAREER-1")
def test_with_no_bid_the_ranks_stay() -> None:
    state = after_bidding(game(3), [(0, Space.PARKING, 1)], ranks=(2, 1, 0))
    assert state.ranks == (2, 1, 0)
    three = after_bidding(game(3), [(0, Space.CAREER, 1)], ranks=(2, 1, 0))
    assert refused(three, SwapRanks(2)) == "BH-CAREER-1"


@pytest.mark.rules("BH-CAREER-2")
def test_income_by_the_new_ranks_whoever_bid() -> None:
    state = game(4)
    for seat in range(4):
        state = with_harbour(state, seat, money=0)
    state = after_bidding(state, [(3, Space.CAREER, 1)], ranks=(0, 1, 2, 3))
    state = play(state, SwapRanks(2))  # seat 3 becomes Mate
    assert state.ranks == (0, 1, 3, 2)
    assert [h.money for h in state.players] == [4, 3, 1, 2]
