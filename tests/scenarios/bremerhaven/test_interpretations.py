"""The readings of interpretations.md: each default, and what each alternative changes."""

from __future__ import annotations

import pickle

import attrs
import pytest

import bremerhaven
from bremerhaven import (
    Berth,
    BuyPermit,
    ChoosePrice,
    ClearCover,
    Deliver,
    EndPermits,
    Pack,
    Produce,
    ResolveContract,
    RotatePrices,
    RulesOptions,
    StartingGood,
)
from bremerhaven.cards.model import (
    Charge,
    Counted,
    Good,
    MoneyStore,
    PriceChoiceWhenUnbid,
    Space,
    Stake,
)
from bremerhaven.cards.model import Produce as Production
from bremerhaven.events import GameEnded
from bremerhaven.interchange.records import read_record, replay, write_record
from bremerhaven.interchange.serialization import from_json, to_json
from bremerhaven.options import DueOrder, field_meaning, field_rule, reading_meaning
from bremerhaven.positions import position
from bremerhaven.state import (
    Berthed,
    PendingDue,
    PendingGrow,
    PendingMovement,
    PendingPermits,
    PendingPrice,
    PendingProduction,
    PendingStartingGood,
    PendingStep,
    Placed,
)
from meeplekit.cli.common import apply_assignments
from meeplekit.rng import SplitMix64
from tests.support.bremerhaven import (
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
    events_of,
    game,
    happened,
    harbour_turn,
    newspaper,
    play,
    price,
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


# --------------------------------------------------------------------------- INT-16

#: Barrels sell for 1 on every Price card, so the complete contract brings 1 + 4 = 5.
_FLAT = [price("p1", 1, 2, 3, 4), price("p2", 1, 4, 3, 2), price("p3", 1, 3, 2, 4)]
_LATE = contract("late", goods=(BARREL,), penalty=Stake(money=5))
_DONE = contract("done", goods=(BARREL,), reward=Stake(money=4))
_PAID = contract("paid", goods=(BARREL,), reward=Stake(money=2))
_DUE_CARDS = card_set(
    contracts=[_LATE, _DONE, _PAID, *(contract(f"filler-{i}") for i in range(30))], prices=_FLAT
)


def _due(
    options: RulesOptions, docks: dict[int, str], money: int = 1, timers: int = 1
) -> bremerhaven.GameState:
    """Seat 0, with ``money``, holds the contracts ``docks`` names (``done`` and ``paid``
    complete, ``late`` empty), each with ``timers``; its Individual action phase is played.
    """
    state = game(2, options=options, cards=_DUE_CARDS)
    loading: list[dict[str, object] | None] = [None] * 4
    for dock, key in docks.items():
        delivered = {} if key == "late" else {"barrel": 1}
        loading[dock] = {"key": key, "delivered": delivered, "timers": timers}
    # The round's 1.1 had no bid: its Building card has left the game (BH-BUILDING-3).
    state = position(
        state, harbours={0: {"money": money, "loading": loading}}, buildings=state.buildings[1:]
    )
    return harbour_turn(state, 0)


#: The issue's example: the incomplete contract in loading dock 0, the complete one in 1,
#: and the other way round.
_EXAMPLE = {0: "late", 1: "done"}
_SWAPPED = {0: "done", 1: "late"}


@pytest.mark.rules("BH-INT-16", "BH-TIME-3", "BH-MONEY-2")
def test_due_contracts_go_in_loading_dock_order_by_default() -> None:
    # Dock 0 first: the penalty of 5 takes the 1 money there is, then the sale and the
    # reward bring 5. Swapped: 1 + 5 = 6, then the penalty takes 5.
    assert _due(RulesOptions(), _EXAMPLE).players[0].money == 5
    assert _due(RulesOptions(), _SWAPPED).players[0].money == 1
    assert _due(RulesOptions(due_order="loading-dock"), _EXAMPLE).players[0].money == 5


@pytest.mark.rules("BH-INT-16")
def test_complete_first_resolves_every_complete_contract_before_a_penalty() -> None:
    options = RulesOptions(due_order="complete-first")
    for docks in (_EXAMPLE, _SWAPPED):
        state = _due(options, docks)
        assert state.players[0].money == 1
        assert state.players[0].loading == (None, None, None, None)


@pytest.mark.rules("BH-INT-16", "BH-TIME-4")
def test_the_owner_chooses_the_order_when_it_changes_the_result() -> None:
    options = RulesOptions(due_order="owner-chooses")
    for docks in (_EXAMPLE, _SWAPPED):
        late = next(k for k, key in docks.items() if key == "late")
        done = next(k for k, key in docks.items() if key == "done")
        asked = _due(options, docks)
        assert asked.stack[-1] == PendingDue(0, frozenset({0, 1}))
        assert bremerhaven.current_player(asked) == 0
        assert bremerhaven.legal_moves(asked) == (ResolveContract(0), ResolveContract(1))
        # The due contracts wait in their docks without time markers: a valid position.
        waiting = asked.players[0].loading
        assert [p.timers for p in waiting if p is not None] == [0, 0]
        assert bremerhaven.validate(asked) == ()
        assert refused(asked, ResolveContract(2)) == "BH-INT-16"
        first_late = play(asked, ResolveContract(late))
        first_done = play(asked, ResolveContract(done))
        assert first_late.players[0].money == 5 and first_done.players[0].money == 1
        for after in (first_late, first_done):
            # The last one follows by itself, and the round goes on to its clean-up.
            assert after.players[0].loading == (None, None, None, None)
            assert after.round == 2 and bremerhaven.validate(after) == ()


@pytest.mark.rules("BH-INT-16")
def test_the_owner_is_not_asked_when_the_order_changes_nothing() -> None:
    options = RulesOptions(due_order="owner-chooses")
    # Two complete contracts: sales and rewards only add up.
    state = _due(options, {1: "done", 2: "paid"})
    assert state.round == 2 and state.players[0].money == 1 + 5 + 3
    # One contract alone has no order.
    assert _due(options, {0: "late"}).players[0].money == 0


@pytest.mark.rules("BH-INT-16", "BH-END-2", "BH-INT-7")
def test_leftover_contracts_at_the_end_follow_the_same_reading() -> None:
    def ended(options: RulesOptions, docks: dict[int, str]) -> bremerhaven.GameState:
        state = game(2, options=options, cards=_DUE_CARDS)
        loading: list[dict[str, object] | None] = [None] * 4
        for dock, key in docks.items():
            delivered = {} if key == "late" else {"barrel": 1}
            loading[dock] = {"key": key, "delivered": delivered, "timers": 2}
        state = position(
            state, harbours={0: {"money": 1, "loading": loading}}, buildings=state.buildings[1:]
        )
        return automatic(attrs.evolve(state, track=19), (PendingStep("clean-up"),))[0]

    assert ended(RulesOptions(), _EXAMPLE).players[0].money == 5
    assert ended(RulesOptions(), _SWAPPED).players[0].money == 1
    assert ended(RulesOptions(due_order="complete-first"), _EXAMPLE).players[0].money == 1
    asked = ended(RulesOptions(due_order="owner-chooses"), _SWAPPED)
    # The Ship token is on the last space; the owner orders his leftover contracts, then
    # the game is over.
    assert asked.stack == (PendingDue(0, frozenset({0, 1}), end=True),)
    assert not bremerhaven.is_over(asked) and bremerhaven.validate(asked) == ()
    ignored = RulesOptions(due_order="owner-chooses", leftover_contracts="ignored")
    assert {v.rule_id for v in bremerhaven.validate(attrs.evolve(asked, options=ignored))} == {
        "BH-INT-7"
    }
    over, events = bremerhaven.apply_move_with_events(asked, ResolveContract(1))
    assert bremerhaven.is_over(over) and over.players[0].money == 5
    assert isinstance(events[-1], GameEnded)
    assert happened(events, "BH-END-2", 0, "Late")


# --------------------------------------------------------------------------- INT-17


_EXCHANGE = building("commodity-exchange", PriceChoiceWhenUnbid())
_STACK = (price("a", 1, 2, 3, 4), price("b", 2, 3, 4, 1), price("c", 3, 4, 1, 2))


def _unbid(options: RulesOptions, bids: list[tuple[int, Space, int]]) -> bremerhaven.GameState:
    """1.4 with seat 1 owning a Commodity Exchange, after ``bids``."""
    state = with_harbour(game(2, options=options), 1, buildings=(_EXCHANGE, *(None,) * 11))
    return after_bidding(state, bids, prices=_STACK)


@pytest.mark.rules("BH-INT-17", "BH-PRICE-3")
def test_the_exchange_owner_only_puts_a_card_on_top_by_default() -> None:
    state = _unbid(RulesOptions(), [(0, Space.PARKING, 1)])
    assert state.stack[-1] == PendingPrice(1)
    assert bremerhaven.legal_moves(state) == tuple(ChoosePrice(i) for i in range(3))
    assert refused(state, RotatePrices()) == "BH-INT-17"


@pytest.mark.rules("BH-INT-17", "BH-PRICE-2")
def test_the_exchange_owner_may_let_the_prices_change_by_themselves() -> None:
    state = _unbid(RulesOptions(exchange_may_rotate=True), [(0, Space.PARKING, 1)])
    assert bremerhaven.legal_moves(state) == (*(ChoosePrice(i) for i in range(3)), RotatePrices())
    after, events = events_of(state, RotatePrices())
    assert [p.key for p in after.prices] == ["b", "c", "a"]
    assert happened(events, "BH-INT-17", 1, "top Price card goes to the bottom")
    # Keeping the stack is still offered, and differs.
    assert [p.key for p in play(state, ChoosePrice(0)).prices] == ["a", "b", "c"]


@pytest.mark.rules("BH-INT-17", "BH-PRICE-1")
def test_the_winner_of_the_price_space_is_never_offered_the_automatic_change() -> None:
    state = _unbid(RulesOptions(exchange_may_rotate=True), [(0, Space.PRICE, 1)])
    assert state.stack[-1] == PendingPrice(0)
    assert RotatePrices() not in bremerhaven.legal_moves(state)
    assert refused(state, RotatePrices()) == "BH-PRICE-1"


# --------------------------------------------------------------------------- the options


@pytest.mark.rules("BH-INT-16", "BH-INT-17", "BH-INPUT-1")
def test_the_two_readings_are_documented_options_that_round_trip() -> None:
    chosen = RulesOptions(due_order="owner-chooses", exchange_may_rotate=True)
    assert chosen.due_order is DueOrder.OWNER_CHOOSES and chosen.exchange_may_rotate is True
    assert from_json(to_json(chosen)) == chosen
    assert pickle.loads(pickle.dumps(chosen)) == chosen
    # The defaults are not written: a document is what the library wrote before them, and
    # one without them reads back as the defaults.
    text = to_json(RulesOptions())
    assert "due_order" not in text and "exchange_may_rotate" not in text
    assert from_json(text) == RulesOptions()
    for value in (bremerhaven.new_game(2, seed=1), bremerhaven.observe(game(2), 0)):
        assert "due_order" not in to_json(value) and "exchange_may_rotate" not in to_json(value)
    written = bremerhaven.new_game(2, seed=1, options=chosen)
    assert '"due_order":"owner-chooses","exchange_may_rotate":true' in to_json(written)
    assert '"due_order":"complete-first"' in to_json(RulesOptions(due_order="complete-first"))
    assert (field_rule("due_order"), field_rule("exchange_may_rotate")) == (
        "BH-INT-16",
        "BH-INT-17",
    )
    assert field_meaning("due_order").startswith("The order of several Contracts due at once")
    assert field_meaning("exchange_may_rotate").startswith("With no bid on 1.4")
    assert reading_meaning(DueOrder.COMPLETE_FIRST).startswith("The complete ones first")
    with pytest.raises(bremerhaven.InvalidValueError, match="'loading-dock', 'owner-chooses'"):
        RulesOptions(due_order="sideways")
    with pytest.raises(bremerhaven.InvalidValueError):
        RulesOptions(exchange_may_rotate="yes")  # type: ignore[arg-type]
    # The lab's compare varies them as FIELD=VALUE.
    varied = apply_assignments(
        RulesOptions(), ["due-order=complete-first", "exchange-may-rotate=on"]
    )
    assert varied == RulesOptions(due_order="complete-first", exchange_may_rotate=True)


@pytest.mark.rules("BH-INT-16", "BH-INT-17", "BH-RECORD-4")
def test_games_under_the_readings_are_written_read_and_replayed() -> None:
    options = RulesOptions(due_order="owner-chooses", exchange_may_rotate=True)
    asked = _due(options, _EXAMPLE)
    again = from_json(to_json(asked))  # the waiting contracts and the decision
    assert again.stack == asked.stack and to_json(again) == to_json(asked)
    # A random game with the owner's choices, as a record and back.
    for seed in range(40):
        start = state = bremerhaven.new_game(3, seed=seed, options=options)
        rng = SplitMix64(seed)
        moves: list[bremerhaven.Move] = []
        while not bremerhaven.is_over(state):
            move = rng.choice(bremerhaven.legal_moves(state))
            moves.append(move)
            state = bremerhaven.apply_move(state, move)
        if any(isinstance(m, ResolveContract) for m in moves):
            break
    else:
        pytest.fail("no random game resolved a contract by its owner's choice")
    text = write_record(start, moves, seed=seed)
    assert "resolve " in text and "Options" in text
    assert replay(read_record(text))[-1] == state


@pytest.mark.rules("BH-INT-16", "BH-LAND-3")
def test_validate_refuses_a_choice_of_order_the_rules_never_ask() -> None:
    asked = _due(RulesOptions(due_order="owner-chooses"), _EXAMPLE)
    assert bremerhaven.validate(asked) == ()

    def rules(state: bremerhaven.GameState) -> set[str]:
        return {v.rule_id for v in bremerhaven.validate(state)}

    # Under another reading the owner is never asked.
    assert rules(attrs.evolve(asked, options=RulesOptions())) == {"BH-INT-16"}
    # A contract without time markers waits only for its owner's choice.
    assert "BH-LAND-3" in rules(attrs.evolve(asked, stack=asked.stack[:-1]))
    # The choice names the docks of contracts that wait, where the order matters.
    for docks in ({0, 2}, {0}):
        other = attrs.evolve(asked, stack=(*asked.stack[:-1], PendingDue(0, frozenset(docks))))
        assert "BH-INT-16" in rules(other), docks
