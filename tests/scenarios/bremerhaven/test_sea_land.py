"""The Sea and Land boards and the Harbor board: BH-SEA, BH-LAND, BH-HARBOR."""

from __future__ import annotations

import pytest

import bremerhaven
from bremerhaven import Berth, Deliver, PlaceContract
from bremerhaven.cards.model import (
    BuildingCard,
    ContractCard,
    Good,
    HoldsGoods,
    ShipCard,
    Space,
    Stake,
)
from bremerhaven.state import Berthed, PendingBerth, PendingContract, PendingMovement, Placed
from tests.support.bremerhaven import (
    BARREL,
    CONTAINER,
    CRATE,
    PASSENGER,
    after_bidding,
    after_bidding_with_events,
    asking,
    contract,
    end_round,
    end_round_with_events,
    events_of,
    game,
    happened,
    harbour_turn,
    play,
    refused,
    rules_of,
    ship,
    with_harbour,
)

# --------------------------------------------------------------------------- Sea


def _won(card: ShipCard, **harbour: object) -> bremerhaven.GameState:
    """Seat 0 won ``card`` on Sea space 1."""
    state = with_harbour(game(2), 0, **harbour) if harbour else game(2)
    return after_bidding(state, [(0, Space.sea(1), 3)], sea=(card, ship("other")), ranks=(0, 1))


@pytest.mark.rules("BH-SEA-1", "BH-REFILL-2")
def test_each_round_offers_as_many_ships_as_players() -> None:
    state = game(3)
    for _ in range(3):
        assert sum(card is not None for card in state.sea) == 3
        state = end_round(state)


@pytest.mark.rules("BH-SEA-2", "BH-SEA-3", "BH-SEA-4")
def test_a_won_ship_berths_with_its_lay_time_and_cargo() -> None:
    card = ship("tanker", lay_time=4, cargo=PASSENGER, count=3)
    state = _won(card)
    assert state.stack[-1] == PendingBerth(0, card)
    assert set(bremerhaven.legal_moves(state)) == {Berth(d, PASSENGER) for d in range(3)}
    state = play(state, Berth(2, PASSENGER))
    assert state.players[0].docks[2] == Berthed(card, PASSENGER, 3, 4)
    assert state.goods[PASSENGER] == 40 - 3
    assert state.sea[0] is None  # off the board


@pytest.mark.rules("BH-SEA-2")
def test_a_ship_goes_only_into_an_empty_dock() -> None:
    old = Berthed(ship("old", lay_time=3), BARREL, 0, 2)
    state = _won(ship("new"), docks=(old, None, None))
    assert refused(state, Berth(0, BARREL)) == "BH-SEA-2"
    assert Berth(1, BARREL) in bremerhaven.legal_moves(state)


@pytest.mark.rules("BH-SEA-3", "BH-TIME-1", "BH-HARBOR-7")
def test_a_ship_stays_its_lay_time_in_its_dock() -> None:
    card = ship("stay", lay_time=3, count=1)
    state = play(_won(card), Berth(2, BARREL))
    seen = []
    for _ in range(3):
        state = end_round(state)
        dock = state.players[0].docks[2]
        seen.append(None if dock is None else dock.timers)
    # One marker comes off in the round it came, then one a round; it never moves.
    assert seen == [2, 1, None]


@pytest.mark.rules("BH-SEA-4")
def test_a_wild_ship_carries_goods_of_one_chosen_kind() -> None:
    card = ship("wild", cargo=None, count=3)
    state = _won(card)
    assert set(bremerhaven.legal_moves(state)) == {Berth(d, g) for d in range(3) for g in Good}
    state = play(state, Berth(0, CRATE))
    berthed = state.players[0].docks[0]
    assert berthed is not None and berthed.good is CRATE and berthed.goods == 3


@pytest.mark.rules("BH-SEA-4")
def test_a_printed_cargo_cannot_be_changed() -> None:
    state = _won(ship("b", cargo=BARREL))
    assert refused(state, Berth(0, CRATE)) == "BH-SEA-4"


@pytest.mark.rules("BH-SEA-5", "BH-HARBOR-4")
def test_the_berth_size_is_the_smaller_wall() -> None:
    # Walls (3, 2, 2, 1): docks 0 and 1 have berth 2, dock 2 berth 1 (3 on one wall is no help).
    state = _won(ship("big", berth=2), walls=(3, 2, 2, 1))
    assert refused(state, Berth(2, BARREL)) == "BH-SEA-5"
    assert set(bremerhaven.legal_moves(state)) == {Berth(0, BARREL), Berth(1, BARREL)}


@pytest.mark.rules("BH-SEA-5", "BH-ENGINE-7")
def test_a_ship_that_fits_one_dock_berths_there_by_itself() -> None:
    # Walls (2, 1, 3, 3): docks 0 and 1 have berth 1, dock 2 berth 3.
    state = _won(ship("big", berth=2), walls=(2, 1, 3, 3))
    assert state.players[0].docks[2] is not None
    assert state.players[0].docks[:2] == (None, None)


@pytest.mark.rules("BH-SEA-5", "BH-HARBOR-4")
def test_neighbouring_docks_share_a_wall() -> None:
    state = _won(ship("two", berth=2), walls=(2, 2, 2, 0))
    assert set(bremerhaven.legal_moves(state)) == {Berth(0, BARREL), Berth(1, BARREL)}


@pytest.mark.rules("BH-SEA-6")
def test_a_ship_that_fits_no_dock_is_discarded() -> None:
    card = ship("huge", berth=3)
    state, events = after_bidding_with_events(
        game(2), [(0, Space.sea(1), 3)], sea=(card, ship("o")), ranks=(0, 1)
    )
    assert happened(events, "BH-SEA-6", 0, "Huge")
    assert all(d is None for d in state.players[0].docks)
    assert card not in state.sea


@pytest.mark.rules("BH-SEA-6")
def test_a_ship_is_discarded_when_every_dock_is_taken() -> None:
    old = Berthed(ship("old", lay_time=5), BARREL, 0, 5)
    state = game(2)
    state = with_harbour(state, 0, docks=(old, old, old))
    state = after_bidding(state, [(0, Space.sea(1), 3)], sea=(ship("x"), ship("o")), ranks=(0, 1))
    assert not isinstance(state.stack[-1], PendingBerth)


@pytest.mark.rules("BH-SEA-7", "BH-PRESTIGE-2")
def test_a_ships_prestige_counts_while_in_the_harbour() -> None:
    state = play(_won(ship("star", prestige=4)), Berth(0, BARREL))
    state = end_round(state)
    assert state.players[0].prestige == 4


# --------------------------------------------------------------------------- Land


def _contract_won(card: ContractCard, **harbour: object) -> bremerhaven.GameState:
    state = with_harbour(game(2), 0, **harbour) if harbour else game(2)
    return after_bidding(
        state, [(0, Space.land(1), 3)], land=(card, contract("other")), ranks=(0, 1)
    )


@pytest.mark.rules("BH-LAND-2", "BH-LAND-3", "BH-HARBOR-6")
def test_a_won_contract_goes_to_any_free_loading_dock() -> None:
    card = contract("deal", delivery=4)
    state = _contract_won(card)
    assert state.stack[-1] == PendingContract(0, card)
    # The starting contract holds dock 0; docks 2 and 3 are not accessible yet but free.
    assert set(bremerhaven.legal_moves(state)) == {PlaceContract(k) for k in (1, 2, 3)}
    assert refused(state, PlaceContract(0)) == "BH-LAND-2"
    state, events = events_of(state, PlaceContract(3))
    assert "BH-LAND-2" in rules_of(events)
    # 4 markers went on it; the round's 4.4 has taken one off since.
    assert state.players[0].loading[3] == Placed(card, (0, 0, 0, 0), 3)


@pytest.mark.rules("BH-LAND-3", "BH-TIME-1")
def test_a_contract_is_due_after_its_delivery_time() -> None:
    card = contract("deal", delivery=2, penalty=Stake(money=2))
    state = play(_contract_won(card), PlaceContract(1))
    assert state.round == 2
    placed = state.players[0].loading[1]
    assert placed is not None and placed.timers == 1
    state, events = end_round_with_events(state)
    assert state.players[0].loading[1] is None
    assert happened(events, "BH-LAND-5", 0, "pays 2", "Deal")


@pytest.mark.rules("BH-LAND-4")
def test_each_wild_symbol_may_be_a_different_good() -> None:
    card = contract("wild", goods=(BARREL, None, None))
    placed = Placed(card, (0, 0, 0, 0), 3)
    state = game(2)
    state = with_harbour(state, 0, loading=(placed, None, None, None), storage=(2, 1, 1, 0))
    state = harbour_turn(state, 0)
    assert isinstance(state.stack[-1], PendingMovement)
    state = play(state, Deliver(0, CONTAINER), Deliver(0, CRATE))
    assert refused(state, Deliver(0, CONTAINER)) == "BH-MOVE-4"  # none left in storage
    state = play(state, Deliver(0, BARREL))
    assert state.players[0].loading[0] is not None
    assert state.players[0].loading[0].delivered == (1, 1, 1, 0)
    # The contract is complete: the last barrel has nowhere to go.
    assert refused(asking(state, PendingMovement(0, 0)), Deliver(0, BARREL)) == "BH-MOVE-4"


@pytest.mark.rules("BH-LAND-4")
def test_printed_goods_are_kept_for_their_kind() -> None:
    card = contract("two", goods=(BARREL, None))
    state = game(2)
    state = with_harbour(
        state, 0, loading=(Placed(card, (0, 0, 0, 0), 3), None, None, None), storage=(0, 0, 2, 0)
    )
    state = harbour_turn(state, 0)
    state = play(state, Deliver(0, CRATE))
    # The wild took the crate; the barrel slot takes only a barrel.
    assert refused(asking(state, PendingMovement(0, 0)), Deliver(0, CRATE)) == "BH-MOVE-4"


@pytest.mark.rules("BH-LAND-5", "BH-MONEY-2")
def test_the_penalty_is_paid_as_far_as_the_money_goes() -> None:
    card = contract("late", delivery=1, penalty=Stake(money=5))
    state = game(2)
    state = with_harbour(
        state, 0, money=3, loading=(Placed(card, (0, 0, 0, 0), 1), None, None, None)
    )
    state = harbour_turn(state, 0)
    assert state.players[0].money == 0


@pytest.mark.rules("BH-LAND-6", "BH-TIME-3")
def test_the_reward_only_for_a_complete_contract() -> None:
    card = contract("pay", delivery=1, goods=(BARREL, BARREL), reward=Stake(money=4))
    for delivered, money in (((2, 0, 0, 0), 4), ((1, 0, 0, 0), 0)):
        state = game(2)
        prices = state.prices
        state = with_harbour(
            state, 0, money=0, loading=(Placed(card, delivered, 1), None, None, None)
        )
        state = harbour_turn(state, 0)
        sale = delivered[0] * prices[0].price(BARREL)
        assert state.players[0].money == sale + money


@pytest.mark.rules("BH-LAND-7")
def test_a_prestige_reward_moves_the_clip_up_whatever_the_harbour_is_worth() -> None:
    card = contract("fame", delivery=1, reward=Stake(prestige=1))
    state = game(2)
    state = with_harbour(
        state, 0, prestige=6, loading=(Placed(card, (1, 0, 0, 0), 1), None, None, None)
    )
    state = harbour_turn(state, 0)
    assert state.players[0].prestige == 7


@pytest.mark.rules("BH-LAND-7")
def test_a_prestige_penalty_never_takes_the_clip_below_0() -> None:
    card = contract("shame", delivery=1, penalty=Stake(prestige=1))
    for before, after in ((3, 2), (0, 0)):
        state = game(2)
        state = with_harbour(
            state, 0, prestige=before, loading=(Placed(card, (0, 0, 0, 0), 1), None, None, None)
        )
        assert harbour_turn(state, 0).players[0].prestige == after


@pytest.mark.rules("BH-LAND-8")
def test_a_contract_with_no_free_loading_dock_is_discarded_and_penalised() -> None:
    full = Placed(contract("busy", delivery=5), (0, 0, 0, 0), 5)
    card = contract("extra", penalty=Stake(money=3))
    state = game(2)
    state = with_harbour(state, 0, money=10, loading=(full, full, full, full))
    state, events = after_bidding_with_events(
        state, [(0, Space.land(1), 2)], land=(card, contract("o")), ranks=(1, 0)
    )
    assert happened(events, "BH-LAND-8", 0, "Extra")
    assert happened(events, "BH-LAND-5", 0, "pays 3", "Extra")
    assert state.players[0].money == 10 - 3 + 3  # the penalty, then the First Mate's income
    assert all(p is None or p.card.key == "busy" for p in state.players[0].loading)


# --------------------------------------------------------------------------- Harbor


@pytest.mark.rules("BH-HARBOR-2", "BH-HARBOR-3", "BH-MOVE-2")
def test_covered_spaces_hold_nothing_until_cleared() -> None:
    # The long game: 6 open spaces. A 7th good does not fit.
    full = Berthed(ship("full", count=5), BARREL, 5, 2)
    state = game(2)
    state = with_harbour(state, 0, storage=(0, 0, 0, 3), docks=(full, None, None))
    state = harbour_turn(state, 0)
    state = play(state, bremerhaven.Unload(0), bremerhaven.Unload(0), bremerhaven.Unload(0))
    assert refused(state, bremerhaven.Unload(0)) == "BH-MOVE-2"
    cleared = with_harbour(state, 0, covers=(None,) * 12)
    assert bremerhaven.explain(cleared, bremerhaven.Unload(0)) is None


@pytest.mark.rules("BH-MOVE-2")
def test_some_buildings_hold_goods() -> None:
    shed = BuildingCard(key="shed", name="Shed", prestige=0, effects=(HoldsGoods(2),))
    full = Berthed(ship("full", count=5), BARREL, 5, 2)
    # 6 open spaces, one taken by the shed, which stores 2: room for 7 goods.
    state = with_harbour(
        game(2), 0, storage=(0, 0, 0, 6), docks=(full, None, None), buildings=(shed, *(None,) * 11)
    )
    state = asking(state, PendingMovement(0, 0))
    state = play(state, bremerhaven.Unload(0))
    assert state.players[0].storage == (1, 0, 0, 6)
    assert refused(state, bremerhaven.Unload(0)) == "BH-MOVE-2"


@pytest.mark.rules("BH-HARBOR-3")
def test_a_built_building_takes_its_space() -> None:
    hall = BuildingCard(key="hall", name="Hall", prestige=0, effects=())
    full = Berthed(ship("full", count=5), BARREL, 5, 2)
    state = game(2)
    state = with_harbour(
        state, 0, storage=(0, 0, 0, 5), docks=(full, None, None), buildings=(hall, *(None,) * 11)
    )
    # 7 open spaces minus the hall: 5 passengers fill them.
    state = asking(state, PendingMovement(0, 0))
    assert refused(state, bremerhaven.Unload(0)) == "BH-MOVE-2"
    assert (
        bremerhaven.explain(with_harbour(state, 0, storage=(0, 0, 0, 4)), bremerhaven.Unload(0))
        is None
    )


@pytest.mark.rules("BH-HARBOR-5")
def test_only_the_middle_dock_takes_a_berth_1_ship_at_the_start() -> None:
    state = _won(ship("one", berth=1))
    # One dock fits, so the berth is automatic, into the middle dock.
    assert state.players[0].docks[1] is not None
    assert state.players[0].docks[0] is None and state.players[0].docks[2] is None


@pytest.mark.rules("BH-HARBOR-6")
def test_loading_docks_3_and_4_take_goods_once_the_space_below_is_cleared() -> None:
    card = contract("far", goods=(BARREL, BARREL))
    state = game(2)
    state = with_harbour(
        state, 0, loading=(None, None, Placed(card, (0, 0, 0, 0), 3), None), storage=(2, 0, 0, 0)
    )
    state = asking(state, PendingMovement(0, 0))
    assert refused(state, Deliver(2, BARREL)) == "BH-HARBOR-6"
    covers = list(state.players[0].covers)
    covers[2] = None
    opened = with_harbour(state, 0, covers=tuple(covers))
    assert bremerhaven.explain(opened, Deliver(2, BARREL)) is None
    # Loading docks 1 and 2 are accessible from the start.
    left = with_harbour(state, 0, loading=(None, Placed(card, (0, 0, 0, 0), 3), None, None))
    assert bremerhaven.explain(left, Deliver(1, BARREL)) is None


@pytest.mark.rules("BH-HARBOR-7")
def test_there_is_no_move_that_moves_a_card_between_docks() -> None:
    card = contract("stay", delivery=3)
    state = play(_contract_won(card), PlaceContract(2))
    placed = state.players[0].loading[2]
    assert placed is not None and placed.card == card and placed.timers == 2
    state = end_round(state)
    placed = state.players[0].loading[2]
    assert placed is not None and placed.card == card and placed.timers == 1
    state = end_round(state)
    assert state.players[0].loading[2] is None
    # No move of the game takes a Ship or Contract card out of its dock.
    kinds = {m.__name__ for m in bremerhaven.moves.Move.__args__}
    assert not any("Move" in k and k != "EndMovement" for k in kinds)
