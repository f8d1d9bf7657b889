"""The major establishments: Stadium, TV Station, Business Center, Publisher, Tax Office."""

from __future__ import annotations

import itertools

import pytest

import machikoro
from machikoro import Activate, ChooseOpponent, NoTrade, RulesOptions, Trade
from machikoro.events import Traded, TradeDeclined
from machikoro.state import PendingActivate, PendingBuild, PendingOpponent, PendingTrade
from tests.support.machikoro import E, L, at_roll, events_of, play, refused, roll


@pytest.mark.rules("MK-CARD-10", "MK-ORDER-2")
def test_the_stadium_takes_2_from_each_opponent_or_what_they_have() -> None:
    state = at_roll(coins=[0, 5, 1, 0], cities=[{E.STADIUM: 1}, {}, {}, {}])
    assert roll(state, 6).coins == (3, 3, 0, 0)


@pytest.mark.rules("MK-CARD-11", "MK-FLOW-2")
def test_the_tv_station_takes_5_from_the_only_opponent_by_itself() -> None:
    state = at_roll(coins=[0, 7], cities=[{E.TV_STATION: 1}, {}])
    after = roll(state, 6)
    assert after.coins == (5, 2) and after.stack == (PendingBuild(),)


@pytest.mark.rules("MK-CARD-11")
def test_the_tv_station_s_owner_chooses_among_several_opponents() -> None:
    state = roll(at_roll(coins=[0, 7, 3], cities=[{E.TV_STATION: 1}, {}, {}]), 6)
    assert state.stack == (PendingBuild(), PendingOpponent())
    assert machikoro.legal_moves(state) == (ChooseOpponent(1), ChooseOpponent(2))
    assert machikoro.current_player(state) == 0
    assert play(state, ChooseOpponent(2)).coins == (3, 7, 0)
    assert play(state, ChooseOpponent(1)).coins == (5, 2, 3)
    assert refused(state, ChooseOpponent(0)) == "MK-CARD-11"
    with pytest.raises(machikoro.InvalidMoveError):
        machikoro.explain(state, ChooseOpponent(3))  # no such seat in a 3-player game


@pytest.mark.rules("MK-CARD-12", "MK-INT-15", "MK-INT-20")
def test_the_business_center_trades_non_major_establishments_or_declines() -> None:
    cities = [{E.BUSINESS_CENTER: 1, E.WHEAT_FIELD: 1, E.STADIUM: 1},
              {E.TUNA_BOAT: 1, E.WHEAT_FIELD: 1, E.TV_STATION: 1}]  # fmt: skip
    state = roll(at_roll(coins=[3, 0], cities=cities), 6)
    assert state.stack[-1] == PendingTrade()
    moves = machikoro.legal_moves(state)
    # Majors are never offered; boats are (MK-INT-15); a Wheat Field for a Wheat Field is not.
    assert moves == (Trade(E.WHEAT_FIELD, 1, E.TUNA_BOAT), NoTrade())
    after, events = events_of(state, moves[0])
    assert after.establishments[0][E.TUNA_BOAT] == 1 and after.establishments[0][E.WHEAT_FIELD] == 0
    assert after.establishments[1][E.WHEAT_FIELD] == 2 and after.establishments[1][E.TUNA_BOAT] == 0
    assert any(isinstance(e, Traded) for e in events)
    declined, events = events_of(state, NoTrade())
    assert declined.establishments == state.establishments
    assert any(isinstance(e, TradeDeclined) for e in events)
    assert refused(state, Trade(E.STADIUM, 1, E.TUNA_BOAT)) == "MK-CARD-12"
    assert refused(state, Trade(E.WHEAT_FIELD, 1, E.TV_STATION)) == "MK-CARD-12"
    assert refused(state, Trade(E.WHEAT_FIELD, 1, E.WHEAT_FIELD)) == "MK-INT-15"
    assert refused(state, Trade(E.CAFE, 1, E.TUNA_BOAT)) == "MK-CARD-12"
    assert refused(state, Trade(E.WHEAT_FIELD, 1, E.CAFE)) == "MK-CARD-12"
    assert refused(state, Trade(E.WHEAT_FIELD, 0, E.TUNA_BOAT)) == "MK-CARD-12"
    must = RulesOptions(market="all-piles", business_center="must-trade")
    forced = roll(at_roll(coins=[3, 0], cities=cities, options=must), 6)
    assert machikoro.legal_moves(forced) == (Trade(E.WHEAT_FIELD, 1, E.TUNA_BOAT),)
    assert refused(forced, NoTrade()) == "MK-INT-20"


@pytest.mark.rules("MK-CARD-12", "MK-FLOW-2")
def test_no_trade_is_asked_when_none_is_possible() -> None:
    lonely = [{E.BUSINESS_CENTER: 1}, {E.WHEAT_FIELD: 1}]
    after, events = events_of(at_roll(coins=[3, 0], cities=lonely), machikoro.RollDice(1),
                              machikoro.Dice((6,)))  # fmt: skip
    assert after.stack == (PendingBuild(),)
    assert any(isinstance(e, TradeDeclined) for e in events)
    same = [{E.BUSINESS_CENTER: 1, E.BAKERY: 2}, {E.BAKERY: 1}]
    assert roll(at_roll(coins=[3, 0], cities=same), 6).stack == (PendingBuild(),)


@pytest.mark.rules("MK-CARD-15", "MK-INT-18")
def test_the_publisher_takes_1_per_cup_and_bread_establishment() -> None:
    cities = [{E.PUBLISHER: 1}, {E.CAFE: 1, E.BAKERY: 2, E.FLOWER_SHOP: 1, E.SUSHI_BAR: 1},
              {E.WHEAT_FIELD: 4}]  # fmt: skip
    state = at_roll(coins=[0, 3, 9], cities=cities, landmarks=[[L.TRAIN_STATION], [], []])
    # Player 2 owes 5 (Cafe, 2 Bakeries, Flower Shop, Sushi Bar) and has 3.
    assert roll(state, 3, 4).coins == (3, 0, 9)


@pytest.mark.rules("MK-CARD-19", "MK-INT-17", "MKH-TAX-1")
def test_the_tax_office_takes_half_from_opponents_with_10_or_more() -> None:
    state = at_roll(coins=[0, 9, 10, 31], cities=[{E.TAX_OFFICE: 1}, {}, {}, {}],
                    landmarks=[[L.TRAIN_STATION], [], [], []])  # fmt: skip
    assert roll(state, 4, 5).coins == (20, 9, 5, 16)


@pytest.mark.rules("MK-INT-9")
def test_majors_resolve_in_card_order_by_default() -> None:
    cities = [{E.STADIUM: 1, E.TV_STATION: 1, E.BUSINESS_CENTER: 1, E.BAKERY: 1},
              {E.WHEAT_FIELD: 1}, {E.RANCH: 1}]  # fmt: skip
    state = roll(at_roll(coins=[0, 6, 1], cities=cities), 6)
    # The Stadium took 2 and 1; the TV Station waits for its opponent; then the trade.
    assert state.coins == (3, 4, 0)
    assert state.stack == (PendingBuild(), PendingActivate((E.BUSINESS_CENTER,)), PendingOpponent())
    state = play(state, ChooseOpponent(1))
    assert state.coins == (7, 0, 0) and state.stack[-1] == PendingTrade()


@pytest.mark.rules("MK-INT-9")
def test_the_owner_may_choose_the_order_and_it_never_changes_the_coins() -> None:
    chooses = RulesOptions(market="all-piles", purple_order="owner-chooses")
    cities = [{E.STADIUM: 1, E.TV_STATION: 1, E.BUSINESS_CENTER: 1, E.BAKERY: 1},
              {E.WHEAT_FIELD: 1}, {E.RANCH: 1}]  # fmt: skip
    for coins in ([0, 6, 1], [0, 3, 8], [0, 9, 9]):
        state = roll(at_roll(coins=coins, cities=cities, options=chooses), 6)
        kinds = (E.STADIUM, E.TV_STATION, E.BUSINESS_CENTER)
        assert state.stack[-1] == PendingActivate(kinds)
        assert machikoro.legal_moves(state) == tuple(Activate(k) for k in kinds)
        results = {
            (target, _resolve(state, order, target).coins)
            for order in itertools.permutations(kinds)
            for target in (1, 2)
        }
        # For each opponent chosen, one result whatever the order.
        assert len(results) == 2, results
    assert refused(state, Activate(E.PUBLISHER)) == "MK-INT-9"


def _resolve(state: machikoro.GameState, order: tuple[E, ...], target: int) -> machikoro.GameState:
    """Resolve the majors in ``order``, the TV Station against ``target``, declining trades."""
    remaining = list(order)
    while state.stack[-1] != PendingBuild():
        top = state.stack[-1]
        if isinstance(top, PendingActivate):
            chosen = next(k for k in remaining if k in top.establishments)
            remaining.remove(chosen)
            state = play(state, Activate(chosen))
        elif top == PendingOpponent():
            state = play(state, ChooseOpponent(target))
        else:
            assert top == PendingTrade()
            state = play(state, NoTrade())
    return state
