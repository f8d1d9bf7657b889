"""The readings of interpretations.md: each default, and what each alternative changes."""

from __future__ import annotations

import attrs
import pytest

import bremerhaven
from bremerhaven import (
    Berth,
    BuyPermit,
    ClearCover,
    Deliver,
    EndPermits,
    Pack,
    Produce,
    RulesOptions,
    StartingGood,
)
from bremerhaven.cards.model import Charge, Counted, Good, MoneyStore, Space, Stake
from bremerhaven.cards.model import Produce as Production
from bremerhaven.state import (
    Berthed,
    PendingGrow,
    PendingMovement,
    PendingPermits,
    PendingProduction,
    PendingStartingGood,
    PendingStep,
    Placed,
)
from tests.bremerhaven.scenarios.support import (
    BARREL,
    CONTAINER,
    CRATE,
    PASSENGER,
    SHORT,
    after_bidding,
    asking,
    automatic,
    bid_spaces,
    building,
    card_set,
    contract,
    end_round,
    game,
    newspaper,
    play,
    refused,
    ship,
    with_harbour,
)


def _goods(state: bremerhaven.GameState, good: int, count: int) -> bremerhaven.GameState:
    goods = list(state.goods)
    goods[good] = count
    return attrs.evolve(state, goods=(goods[0], goods[1], goods[2], goods[3]))


# --------------------------------------------------------------------------- INT-2


@pytest.mark.rules("BH-INT-2")
def test_rank_chits_are_dealt_at_random_from_the_seed() -> None:
    ranks = {bremerhaven.new_game(3, seed=s).ranks for s in range(30)}
    assert len(ranks) > 1
    assert bremerhaven.new_game(3, seed=8).ranks == bremerhaven.new_game(3, seed=8).ranks


# --------------------------------------------------------------------------- INT-3


def _berth(options: RulesOptions) -> bremerhaven.GameState:
    state = _goods(game(2, options=options), BARREL, 1)
    state = after_bidding(
        state, [(0, Space.sea(1), 2)], sea=(ship("big", count=3), ship("o")), ranks=(0, 1)
    )
    return play(state, Berth(0, BARREL))


@pytest.mark.rules("BH-INT-3")
def test_a_ship_berths_with_what_the_limited_supply_has() -> None:
    state = _berth(RulesOptions())
    dock = state.players[0].docks[0]
    assert dock is not None and dock.goods == 1
    assert state.goods[BARREL] == 0


@pytest.mark.rules("BH-INT-3")
def test_an_unlimited_supply_loads_the_whole_cargo() -> None:
    state = _berth(RulesOptions(goods_supply="unlimited"))
    dock = state.players[0].docks[0]
    assert dock is not None and dock.goods == 3


@pytest.mark.rules("BH-INT-3", "BH-PROD-3")
def test_production_and_packing_need_the_limited_supply() -> None:
    refinery = building("refinery", Production(good=BARREL))
    row = (refinery, *(None,) * 11)
    for options, legal in ((RulesOptions(), False), (RulesOptions(goods_supply="unlimited"), True)):
        state = with_harbour(game(2, options=options), 0, buildings=row)
        state = asking(_goods(state, BARREL, 0), PendingProduction(0, frozenset()))
        if legal:
            assert bremerhaven.explain(state, Produce(0)) is None
        else:
            assert refused(state, Produce(0)) == "BH-INT-3"
    state = with_harbour(game(2), 0, storage=(0, 0, 2, 0), money=3)
    state = asking(_goods(state, CONTAINER, 0), PendingMovement(0, 0))
    assert refused(state, Pack()) == "BH-INT-3"


# --------------------------------------------------------------------------- INT-4


def _tie(options: RulesOptions, space: Space) -> bremerhaven.GameState:
    state = game(2, options=options)
    state = with_harbour(state, 1, money=10)
    return after_bidding(state, [(0, space, 3), (1, space, 2), (1, space, 1)], ranks=(0, 1))


@pytest.mark.rules("BH-INT-4", "BH-BID-7")
def test_a_player_tied_with_the_top_acts_for_free_by_default() -> None:
    state = play(_tie(RulesOptions(), Space.PERMIT), EndPermits())
    assert state.stack[-1] == PendingPermits(1, 0, 0)
    state = play(state, BuyPermit())
    assert state.players[1].money == 10
    grown = _tie(RulesOptions(), Space.GROW)
    assert grown.players[1].supply == (6, 6, 7, 7, 8, 9)  # grew for free, no decision
    assert not any(isinstance(p, PendingGrow) for p in grown.stack)


@pytest.mark.rules("BH-INT-4")
def test_excluded_a_tied_player_lower_in_rank_may_not_act() -> None:
    options = RulesOptions(tied_top="excluded")
    state = play(_tie(options, Space.PERMIT), EndPermits())
    assert not any(isinstance(p, PendingPermits) for p in state.stack)
    grown = _tie(options, Space.GROW)
    assert grown.players[1].supply == (5, 6, 6, 7, 7, 8, 9)


# --------------------------------------------------------------------------- INT-5


def _cleared(options: RulesOptions) -> bremerhaven.GameState:
    card = contract("far", goods=(BARREL, BARREL), delivery=3)
    state = game(2, options=options)
    state = with_harbour(
        state,
        0,
        money=20,
        storage=(2, 0, 2, 0),  # two crates keep a choice (packing) open in 4.2
        loading=(None, None, Placed(card, (0, 0, 0, 0), 3), None),
    )
    state = after_bidding(state, [(0, Space.PERMIT, 1)], ranks=(0, 1))
    state = play(state, BuyPermit(), ClearCover(2), EndPermits())
    assert isinstance(state.stack[-1], PendingMovement)
    return state


@pytest.mark.rules("BH-INT-5", "BH-PERMIT-5")
def test_a_loading_dock_cleared_this_round_takes_goods_at_once() -> None:
    state = _cleared(RulesOptions())
    state = play(state, Deliver(2, BARREL))
    placed = state.players[0].loading[2]
    assert placed is not None and placed.delivered == (1, 0, 0, 0)


@pytest.mark.rules("BH-INT-5")
def test_otherwise_it_takes_goods_from_the_next_round() -> None:
    state = _cleared(RulesOptions(cleared_dock_same_round=False))
    assert refused(state, Deliver(2, BARREL)) == "BH-INT-5"
    state = end_round(state)
    state = asking(state, PendingMovement(0, 0))
    assert bremerhaven.explain(state, Deliver(2, BARREL)) is None


# --------------------------------------------------------------------------- INT-6


def _order(options: RulesOptions) -> list[int]:
    state = after_bidding(
        game(3, options=options),
        [(0, Space.PERMIT, 1), (1, Space.PERMIT, 2), (2, Space.PERMIT, 3)],
        ranks=(1, 2, 0),
    )
    order = []
    while isinstance(state.stack[-1], PendingPermits):
        order.append(bremerhaven.current_player(state))
        state = play(state, EndPermits())
    return order


@pytest.mark.rules("BH-INT-6", "BH-ENGINE-6")
def test_the_simultaneous_phases_go_in_rank_order_or_in_seat_order() -> None:
    assert _order(RulesOptions()) == [1, 2, 0]
    assert _order(RulesOptions(simultaneous="seat-order")) == [0, 1, 2]


@pytest.mark.rules("BH-INT-6")
def test_the_harbours_follow_the_same_order() -> None:
    refinery = building("refinery", Production(good=BARREL))
    for options, expected in (
        (RulesOptions(), [2, 0, 1]),
        (RulesOptions(simultaneous="seat-order"), [0, 1, 2]),
    ):
        state = game(3, options=options)
        for seat in range(3):
            state = with_harbour(state, seat, buildings=(refinery, *(None,) * 11))
        state = after_bidding(state, [], ranks=(2, 0, 1))
        order = []
        while isinstance(state.stack[-1], PendingProduction):
            order.append(bremerhaven.current_player(state))
            state = play(state, bremerhaven.EndProduction())
        assert order == expected


# --------------------------------------------------------------------------- INT-7


def _ended(options: RulesOptions) -> bremerhaven.Harbour:
    late = Placed(contract("late", delivery=5, penalty=Stake(money=3)), (0, 0, 0, 0), 3)
    state = with_harbour(game(2, options=options), 0, money=10, loading=(late, None, None, None))
    state = automatic(attrs.evolve(state, track=19), (PendingStep("clean-up"),))[0]
    assert bremerhaven.is_over(state)
    return state.players[0]


@pytest.mark.rules("BH-INT-7")
def test_leftover_contracts_as_due_or_ignored() -> None:
    assert _ended(RulesOptions()).money == 7
    assert _ended(RulesOptions(leftover_contracts="ignored")).money == 10


# --------------------------------------------------------------------------- INT-8


@pytest.mark.rules("BH-INT-8", "BH-PROGRESS-3")
def test_an_event_turned_over_waits_for_the_next_clean_up() -> None:
    papers = [
        newspaper(f"now-{i}", progress=2, event=Charge(Counted.CONTRACTS, 2)) for i in range(18)
    ]
    state = game(2, cards=card_set(newspapers=papers))
    state = with_harbour(state, 0, money=10)
    after = automatic(state, (PendingStep("clean-up"),))[0]
    assert after.event is not None
    assert after.players[0].money == 10  # turned over, not carried out
    later = automatic(after, (PendingStep("clean-up"),))[0]
    assert later.players[0].money == 8  # the starting contract: 1 x 2


# --------------------------------------------------------------------------- INT-9


def _penalised(options: RulesOptions) -> int:
    card = contract("shame", delivery=1, penalty=Stake(prestige=1))
    star = Berthed(ship("star", prestige=4, lay_time=3), BARREL, 0, 3)
    state = with_harbour(
        game(2, options=options),
        0,
        prestige=4,
        docks=(star, None, None),
        loading=(Placed(card, (0, 0, 0, 0), 1), None, None, None),
    )
    state = automatic(state, (PendingStep("settle", 0),))[0]
    return state.players[0].prestige


@pytest.mark.rules("BH-INT-9", "BH-LAND-7")
def test_a_prestige_penalty_may_take_the_clip_below_the_harbours_worth() -> None:
    assert _penalised(RulesOptions()) == 3
    assert _penalised(RulesOptions(penalty_below_sum=False)) == 4


# --------------------------------------------------------------------------- INT-10


@pytest.mark.rules("BH-INT-10")
def test_the_decks_may_be_one_shuffled_deck() -> None:
    ships = [ship(f"s{back}-{i}", back=back) for back in (1, 2, 3, 4) for i in range(5)]
    cards = card_set(ships=ships)
    options = RulesOptions(deck_stacking="shuffled")
    mixed = False
    for seed in range(10):
        state = game(2, cards=cards, options=options, seed=seed)
        order = [c.back for c in (*state.sea, *state.ship_deck) if c is not None]
        assert sorted(order) == [1] * 5 + [2] * 5 + [3] * 5 + [4] * 5
        mixed = mixed or order != sorted(order)
    assert mixed


# --------------------------------------------------------------------------- INT-11


@pytest.mark.rules("BH-INT-11", "BH-PERMIT-8")
def test_a_lower_bidders_first_permit_costs_the_difference_the_next_the_top_bid() -> None:
    state = with_harbour(game(2), 1, money=20)
    state = after_bidding(state, [(0, Space.PERMIT, 5), (1, Space.PERMIT, 1)], ranks=(0, 1))
    state = play(state, EndPermits())
    state = play(state, BuyPermit())
    assert state.players[1].money == 16
    state = play(state, BuyPermit())
    assert state.players[1].money == 11


@pytest.mark.rules("BH-INT-11")
def test_a_lower_bidder_who_cannot_pay_the_difference_gets_no_permit() -> None:
    state = with_harbour(game(2), 1, money=3)
    state = after_bidding(state, [(0, Space.PERMIT, 5), (1, Space.PERMIT, 1)], ranks=(0, 1))
    state = play(state, EndPermits())
    # 4 is the difference; 3 money cannot buy even a first permit: no decision is left.
    assert not any(isinstance(p, PendingPermits) for p in state.stack)


# --------------------------------------------------------------------------- INT-12


@pytest.mark.rules("BH-INT-12")
def test_bank_money_counts_in_the_score_only_if_chosen() -> None:
    for options, score in ((RulesOptions(), 20), (RulesOptions(bank_counts=True), 35)):
        state = with_harbour(game(2, options=options), 0, money=4, bank=3, prestige=5)
        state = attrs.evolve(state, stack=())
        assert bremerhaven.scores(state)[0] == score


@pytest.mark.rules("BH-INT-12", "BH-MONEY-3")
def test_a_bank_building_keeps_its_money_apart() -> None:
    bank = building("bank", MoneyStore(3))
    state = with_harbour(game(2), 0, buildings=(bank, *(None,) * 11), money=0)
    state = end_round(state)
    assert state.players[0].bank == 3


# --------------------------------------------------------------------------- INT-13


def _first(options: RulesOptions, *goods: Good) -> tuple[bremerhaven.GameState, int]:
    """A short game whose first chooser (the Captain) has a Starting contract of ``goods``."""
    state = game(2, options=options)
    seat = bremerhaven.current_player(state)
    start = Placed(contract("start", goods=goods), (0, 0, 0, 0), 2)
    state = with_harbour(state, seat, loading=(start, None, None, None))
    assert state.stack[-1] == PendingStartingGood(seat, 3)
    return state, seat


def _starting(options: RulesOptions) -> tuple[bremerhaven.GameState, int]:
    state, seat = _first(options, BARREL, BARREL)
    return play(state, StartingGood(CRATE)), seat


@pytest.mark.rules("BH-INT-13", "BH-SHORT-6")
def test_starting_goods_may_repeat_by_default() -> None:
    state, seat = _starting(SHORT)
    state = play(state, StartingGood(CRATE), StartingGood(CRATE))
    assert state.players[seat].storage == (0, 0, 3, 0)


@pytest.mark.rules("BH-INT-13")
def test_or_they_are_three_different_goods() -> None:
    state, seat = _starting(RulesOptions(game="short", starting_goods="different"))
    assert refused(state, StartingGood(CRATE)) == "BH-SHORT-6"
    state = play(state, StartingGood(PASSENGER))
    # Containers are the one kind left: taken by itself.
    assert state.players[seat].storage == (0, 1, 1, 1)


@pytest.mark.rules("BH-INT-13")
def test_with_fewer_kinds_allowed_one_of_each() -> None:
    options = RulesOptions(game="short", starting_goods="different")
    state, seat = _first(options, BARREL, CONTAINER, CRATE)
    state = play(state, StartingGood(PASSENGER))
    # One passenger, the one kind allowed; then the other player chooses.
    assert state.players[seat].storage == (0, 0, 0, 1)
    assert state.stack[-1] == PendingStartingGood(1 - seat, 3)


# --------------------------------------------------------------------------- INT-14


@pytest.mark.rules("BH-INT-14", "BH-BID-2")
def test_a_deck_that_runs_out_leaves_empty_spaces_that_take_no_bid() -> None:
    state = attrs.evolve(
        game(3), sea=(None, None, ship("old")), ship_deck=(ship("last"),), buildings=()
    )
    state = end_round(state)
    assert state.sea == (None, None, ship("last"))
    spaces = bid_spaces(state)
    assert Space.BUILDING not in spaces
    for i, card in enumerate(state.sea):
        assert (Space.sea(i + 1) in spaces) == (card is not None)


@pytest.mark.rules("BH-INT-14")
def test_no_starting_contract_when_the_deck_is_empty() -> None:
    contracts = [contract(f"c{i}") for i in range(3)]
    state = game(2, cards=card_set(contracts=contracts))
    dealt = [h.loading[0] for h in state.players]
    assert sum(p is not None for p in dealt) == 1


# --------------------------------------------------------------------------- INT-15


@pytest.mark.rules("BH-INT-15", "BH-ENGINE-8")
def test_a_crate_fits_beside_a_lone_crate_in_a_full_harbour() -> None:
    crates = Berthed(ship("c", cargo=CRATE, count=2), CRATE, 2, 2)
    # 6 open spaces: 5 passengers and 1 crate. The next crate stacks on it.
    state = with_harbour(game(2), 0, storage=(0, 0, 1, 5), docks=(crates, None, None))
    state = asking(state, PendingMovement(0, 0))
    state = play(state, bremerhaven.Unload(0))
    assert state.players[0].storage == (0, 0, 2, 5)
