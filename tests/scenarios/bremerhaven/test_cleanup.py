"""The Clean-up phase and the end: BH-EVENT, BH-PROGRESS, BH-REFILL, BH-RETURN, BH-END,
BH-MONEY."""

from __future__ import annotations

import attrs
import pytest

import bremerhaven
from bremerhaven import BuyPermit
from bremerhaven.cards.model import Charge, Counted, MoneyStore, Reward, Space, Stake
from bremerhaven.state import PendingStep, Placed
from tests.support.bremerhaven import (
    BARREL,
    after_bidding,
    automatic,
    building,
    card_set,
    contract,
    end_round,
    end_round_with_events,
    game,
    newspaper,
    play,
    refused,
    rules_of,
    ship,
    with_harbour,
)

CLEAN_UP = (PendingStep("clean-up"),)


def _clean_up(state: bremerhaven.GameState) -> bremerhaven.GameState:
    """Only the Clean-up phase of ``state``, run to the next decision."""
    return automatic(state, CLEAN_UP)[0]


# --------------------------------------------------------------------------- 5.1


@pytest.mark.rules("BH-EVENT-1")
def test_the_event_on_the_left_affects_every_player_then_leaves() -> None:
    fall = newspaper("fall", event=Charge(Counted.CONTRACTS, 1))
    state = game(3)
    for seat in range(3):
        state = with_harbour(state, seat, money=10)
    two = Placed(contract("two"), (0, 0, 0, 0), 3)
    state = with_harbour(state, 1, loading=(two, two, None, None))
    state = with_harbour(state, 2, loading=(None, None, None, None))
    state = _clean_up(attrs.evolve(state, event=fall))
    assert [h.money for h in state.players] == [9, 8, 10]
    assert state.event is not fall and state.event is not None  # the next one took its place


@pytest.mark.rules("BH-EVENT-1")
def test_a_reward_event_pays_everyone_alike() -> None:
    boom = newspaper("boom", event=Reward(Counted.SHIPS, 2))
    ferry = bremerhaven.state.Berthed(ship("ferry", lay_time=5), BARREL, 0, 5)
    state = game(2)
    state = with_harbour(state, 0, money=0, docks=(ferry, ferry, None))
    state = with_harbour(state, 1, money=0)
    state = _clean_up(attrs.evolve(state, event=boom))
    assert [h.money for h in state.players] == [4, 0]


@pytest.mark.rules("BH-EVENT-2", "BH-PROGRESS-3", "BH-INT-8")
def test_no_event_in_the_first_round_and_the_new_one_waits_a_round() -> None:
    papers = [newspaper(f"n{i}", progress=2, event=Charge(Counted.CONTRACTS, 3)) for i in range(18)]
    state = game(2, cards=card_set(newspapers=papers))
    state, events = end_round_with_events(state)
    assert "BH-EVENT-1" not in rules_of(events)
    # The progress card turned over as next round's event, and was not carried out yet.
    assert state.event is not None
    assert rules_of(events).index("BH-PROGRESS-3") > rules_of(events).index("BH-PROGRESS-1")
    state, events = end_round_with_events(state)
    assert "BH-EVENT-1" in rules_of(events)  # carried out at the end of the next round


# --------------------------------------------------------------------------- 5.2


@pytest.mark.rules("BH-PROGRESS-1")
def test_the_ship_token_advances_by_the_progress_card() -> None:
    papers = [newspaper("three", progress=3), *(newspaper(f"n{i}", progress=1) for i in range(17))]
    state = attrs.evolve(game(2, cards=card_set(newspapers=papers)), newspapers=tuple(papers))
    state = _clean_up(state)
    assert state.track == 3
    state = _clean_up(state)
    assert state.track == 4


@pytest.mark.rules("BH-PROGRESS-2", "BH-END-1", "BH-REFILL-1")
def test_reaching_the_last_space_ends_the_game_at_once() -> None:
    state = attrs.evolve(game(2), track=19)
    sea, land = state.sea, state.land
    hands = [h.hand for h in state.players]
    state = _clean_up(state)
    assert bremerhaven.is_over(state)
    assert state.track == 20
    assert state.sea == sea and state.land == land  # not refilled
    assert state.event is None  # the progress card was not turned over
    assert [h.hand for h in state.players] == hands
    assert bremerhaven.legal_moves(state) == ()
    assert refused(state, BuyPermit()) == "BH-END-1"


@pytest.mark.rules("BH-PROGRESS-2")
def test_the_token_stops_on_the_last_space() -> None:
    state = _clean_up(attrs.evolve(game(2), track=19))  # progress 2 from 19
    assert state.track == 20


@pytest.mark.rules("BH-PROGRESS-3")
def test_the_progress_card_turns_over_as_next_rounds_event() -> None:
    state = game(2)
    top = state.newspapers[0]
    state = _clean_up(state)
    assert state.event == top
    assert state.newspapers[0] != top


@pytest.mark.rules("BH-PROGRESS-4")
def test_the_solo_symbols_change_nothing_outside_the_solo_game() -> None:
    def final(space: Space) -> bremerhaven.GameState:
        papers = [newspaper(f"n{i}", progress=2, solo_space=space) for i in range(18)]
        state = game(2, cards=card_set(newspapers=papers))
        while not bremerhaven.is_over(state):
            state = end_round(state)
        return state

    a, b = final(Space.PARKING), final(Space.CAREER)
    assert a.round == b.round
    assert a.players == b.players


# --------------------------------------------------------------------------- refill


@pytest.mark.rules("BH-REFILL-2")
def test_the_rightmost_ship_leaves_the_rest_move_right_new_ones_fill_the_left() -> None:
    a, c, d = ship("a"), ship("c"), ship("d")
    new = (ship("n1"), ship("n2"), ship("n3"))
    state = game(4)
    state = _clean_up(attrs.evolve(state, sea=(a, None, c, d), ship_deck=new))
    assert state.sea[2:] == (a, c)
    assert set(state.sea[:2]) == {new[0], new[1]}
    assert d not in state.sea


@pytest.mark.rules("BH-REFILL-2")
def test_with_the_rightmost_won_nothing_is_discarded() -> None:
    a, b = ship("a"), ship("b")
    state = game(3)
    discarded = state.discarded_ships
    state = _clean_up(attrs.evolve(state, sea=(a, b, None), ship_deck=(ship("n"),)))
    assert state.sea[1:] == (a, b)
    assert state.discarded_ships == discarded


@pytest.mark.rules("BH-REFILL-3", "BH-LAND-1")
def test_the_land_board_is_refilled_the_same_way() -> None:
    a, c = contract("a"), contract("c")
    new = (contract("n1"), contract("n2"))
    state = game(3)
    discarded = state.discarded_contracts
    state = _clean_up(attrs.evolve(state, land=(a, None, c), contract_deck=new))
    assert state.land[2] == a
    assert set(state.land[:2]) == set(new)
    assert state.discarded_contracts == discarded + 1


@pytest.mark.rules("BH-RETURN-1")
def test_the_cards_come_back_and_a_sixth_card_leaves() -> None:
    state = game(2)
    bids = [(0, Space.GROW, v) for v in (1, 2, 3, 4, 5)]
    bids += [(1, Space.PARKING, v) for v in (1, 2, 3, 4, 5)]
    state = after_bidding(state, bids)
    assert state.round == 2
    assert state.players[0].hand == (2, 3, 4, 5, 5)
    assert state.players[1].hand == (1, 2, 3, 4, 5)
    assert state.bids == ()


# --------------------------------------------------------------------------- end


@pytest.mark.rules("BH-END-2", "BH-INT-7")
def test_leftover_contracts_are_resolved_as_if_due() -> None:
    full = Placed(contract("full", delivery=5, reward=Stake(prestige=1)), (1, 0, 0, 0), 4)
    late = Placed(contract("late", delivery=5, penalty=Stake(money=3)), (0, 0, 0, 0), 4)
    state = game(2)
    state = with_harbour(state, 0, money=10, prestige=2, loading=(full, late, None, None))
    state = _clean_up(attrs.evolve(state, track=19))
    assert bremerhaven.is_over(state)
    harbour = state.players[0]
    sale = state.prices[0].price(BARREL)
    assert harbour.money == 10 + sale - 3
    assert harbour.prestige == 3
    assert harbour.loading == (None, None, None, None)


@pytest.mark.rules("BH-END-2")
def test_goods_on_ships_and_in_storage_are_worth_nothing() -> None:
    ferry = bremerhaven.state.Berthed(ship("ferry", lay_time=5), BARREL, 3, 5)
    state = with_harbour(
        game(2),
        0,
        money=1,
        prestige=1,
        storage=(2, 2, 2, 2),
        docks=(ferry, None, None),
        loading=(None,) * 4,
    )
    state = _clean_up(attrs.evolve(state, track=19))
    assert bremerhaven.scores(state)[0] == 1


@pytest.mark.rules("BH-END-3", "BH-MONEY-2")
def test_no_money_scores_0_whatever_the_prestige() -> None:
    state = attrs.evolve(with_harbour(game(2), 0, money=0, prestige=12), stack=())
    assert bremerhaven.scores(state)[0] == 0


@pytest.mark.rules("BH-END-4")
def test_equal_scores_go_to_the_higher_rank() -> None:
    state = game(3)
    state = with_harbour(state, 0, money=10, prestige=6)
    state = with_harbour(state, 1, money=20, prestige=3)
    state = with_harbour(state, 2, money=5, prestige=2)
    for ranks, first in (((0, 1, 2), 0), ((1, 0, 2), 1)):
        done = attrs.evolve(state, stack=(), ranks=ranks)
        assert bremerhaven.outcome(done).winners == (first,)
        assert bremerhaven.outcome(done).ranking == (first, 1 - first, 2)


# --------------------------------------------------------------------------- money


@pytest.mark.rules("BH-MONEY-2")
def test_an_event_charge_takes_what_there_is() -> None:
    fall = newspaper("fall", event=Charge(Counted.CONTRACTS, 3))
    two = Placed(contract("two"), (0, 0, 0, 0), 3)
    state = with_harbour(game(2), 0, money=4, loading=(two, two, None, None))
    state = _clean_up(attrs.evolve(state, event=fall))
    assert state.players[0].money == 0


@pytest.mark.rules("BH-MONEY-3")
def test_bank_money_pays_penalties_first_and_nothing_else() -> None:
    late = Placed(contract("late", delivery=1, penalty=Stake(money=4)), (0, 0, 0, 0), 1)
    state = with_harbour(game(2), 0, money=5, bank=3, loading=(late, None, None, None))
    state = automatic(state, (PendingStep("settle", 0),))[0]
    assert state.players[0].bank == 0
    assert state.players[0].money == 4


@pytest.mark.rules("BH-MONEY-3")
def test_bank_money_cannot_buy_a_permit() -> None:
    state = with_harbour(game(2), 1, money=0, bank=10)
    state = after_bidding(state, [(0, Space.PERMIT, 4), (1, Space.PERMIT, 2)], ranks=(0, 1))
    state = play(state, bremerhaven.EndPermits())
    # Seat 1 cannot pay the difference of 2 from the Bank: declining was its only answer.
    assert state.players[1].bank == 10
    assert state.players[1].walls == (0, 1, 1, 0)


@pytest.mark.rules("BH-MONEY-3")
def test_the_bank_fills_in_the_harbour_turn() -> None:
    bank = building("bank", MoneyStore(2))
    state = with_harbour(game(2), 0, buildings=(bank, *(None,) * 11), bank=0)
    state = end_round(state)
    assert state.players[0].bank == 2
