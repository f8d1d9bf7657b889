"""A round and its Bidding phase: BH-FLOW and BH-BID."""

from __future__ import annotations

import itertools

import attrs
import pytest

import bremerhaven
from bremerhaven import Berth, Bid, PlaceContract
from bremerhaven.cards.model import Space, TrainBidBonus
from bremerhaven.events import Event
from bremerhaven.positions import position
from bremerhaven.state import BidCard, PendingBerth, PendingBid, PendingContract
from meeplekit.rng import SplitMix64
from tests.support.bremerhaven import (
    BARREL,
    after_bidding,
    bid_spaces,
    building,
    contract,
    end_round,
    end_round_with_events,
    events_of,
    game,
    play,
    refused,
    rules_of,
    ship,
    with_harbour,
)


@pytest.mark.rules("BH-BID-1", "BH-FLOW-3", "BH-SOLO-7")
def test_players_bid_one_card_a_turn_in_rank_order() -> None:
    state = attrs.evolve(game(3), ranks=(2, 0, 1))
    state = attrs.evolve(state, stack=(*state.stack[:-1], PendingBid(2)))
    turns = []
    while state.round == 1 and isinstance(state.stack[-1], PendingBid):
        seat = bremerhaven.current_player(state)
        turns.append(seat)
        state = play(state, Bid(Space.PARKING, state.players[seat].hand[0]))
    assert turns == [2, 0, 1] * 5
    assert state.round == 2  # every hand was empty: the round went on to its end


@pytest.mark.rules("BH-BID-1")
def test_a_player_whose_hand_is_empty_is_skipped() -> None:
    """A player whose hand is empty takes no more turns; the others go on until theirs are."""
    state = game(2)
    state = with_harbour(state, state.ranks[1], hand=(1, 2))
    turns = []
    while state.round == 1 and isinstance(state.stack[-1], PendingBid):
        seat = bremerhaven.current_player(state)
        turns.append(seat)
        state = play(state, Bid(Space.PARKING, state.players[seat].hand[0]))
    captain, mate = state.ranks
    assert turns == [captain, mate, captain, mate, captain, captain, captain]


@pytest.mark.rules("BH-FLOW-1", "BH-FLOW-4")
def test_a_round_goes_bidding_town_sea_land_harbours_clean_up() -> None:
    state = game(2)
    captain, mate = state.ranks
    cards = {
        captain: [Bid(Space.sea(1), 1)] + [Bid(Space.PARKING, v) for v in (2, 3, 4, 5)],
        mate: [Bid(Space.land(1), 1)] + [Bid(Space.PARKING, v) for v in (2, 3, 4, 5)],
    }
    events: list[Event] = []
    while isinstance(state.stack[-1], PendingBid):
        state, more = events_of(state, cards[bremerhaven.current_player(state)].pop(0))
        events += more
    state, more = events_of(state, Berth(0, BARREL), PlaceContract(1))
    events += more
    state, more = end_round_with_events(state)
    events += more
    rules = rules_of(events)
    phases = [
        "BH-BID-2",  # the Bidding phase
        "BH-PARK-1",  # the Town board, 1.0 to 1.5
        "BH-BUILDING-3",
        "BH-PRICE-2",
        "BH-CAREER-2",
        "BH-SEA-2",  # the Sea board
        "BH-LAND-2",  # the Land board
        "BH-PRESTIGE-2",  # the harbours (the new ship's prestige)
        "BH-PROGRESS-1",  # the Clean-up phase
        "BH-PROGRESS-3",
        "BH-REFILL-2",
    ]
    assert rules.count("BH-BID-2") == 10
    last_bid = len(rules) - 1 - rules[::-1].index("BH-BID-2")
    positions = [last_bid] + [rules.index(r) for r in phases[1:]]
    assert positions == sorted(positions)
    assert state.round == 2
    assert isinstance(state.stack[-1], PendingBid)


@pytest.mark.rules("BH-FLOW-4", "BH-LAND-1")
def test_the_sea_and_land_cards_are_resolved_left_to_right() -> None:
    state = game(2)
    a, b = ship("a"), ship("b")
    c, d = contract("c"), contract("d")
    state = after_bidding(
        state,
        [(0, Space.sea(2), 3), (0, Space.sea(1), 2), (1, Space.land(2), 1), (1, Space.land(1), 4)],
        sea=(a, b),
        land=(c, d),
    )
    top = state.stack[-1]
    assert isinstance(top, PendingBerth) and top.card == a
    state = play(state, Berth(0, BARREL))
    top = state.stack[-1]
    assert isinstance(top, PendingBerth) and top.card == b
    state = play(state, Berth(2, BARREL))
    top = state.stack[-1]
    assert isinstance(top, PendingContract) and top.card == c
    state = play(state, PlaceContract(1))
    top = state.stack[-1]
    assert isinstance(top, PendingContract) and top.card == d


@pytest.mark.rules("BH-BID-2")
def test_the_spaces_are_the_town_six_and_one_per_sea_and_land_card() -> None:
    state = game(2)
    assert bid_spaces(state) == {
        Space.PARKING,
        Space.BUILDING,
        Space.PERMIT,
        Space.GROW,
        Space.PRICE,
        Space.CAREER,
        Space.SEA_1,
        Space.SEA_2,
        Space.LAND_1,
        Space.LAND_2,
    }
    assert refused(state, Bid(Space.SEA_3, 1)) == "BH-BID-2"
    assert refused(state, Bid(Space.LAND_4, 1)) == "BH-BID-2"


@pytest.mark.rules("BH-BID-2", "BH-BID-4")
def test_a_bid_is_a_card_from_the_hand() -> None:
    state = game(2)
    assert refused(state, Bid(Space.PARKING, 6)) == "BH-BID-2"
    seat = bremerhaven.current_player(state)
    state = play(state, Bid(Space.PERMIT, 3))
    assert state.players[seat].hand == (1, 2, 4, 5)
    assert state.bids[-1] == BidCard(Space.PERMIT, seat, 3)


@pytest.mark.rules("BH-BID-4")
def test_a_placed_card_cannot_be_taken_back_or_played_again() -> None:
    state = game(2)
    seat = bremerhaven.current_player(state)
    state = play(state, Bid(Space.PERMIT, 3))
    state = play(state, bremerhaven.legal_moves(state)[0])  # the other player
    assert bremerhaven.current_player(state) == seat
    assert refused(state, Bid(Space.GROW, 3)) == "BH-BID-2"
    # Every legal move places a card still in the hand; none takes one back.
    assert all(
        isinstance(m, Bid) and m.value in (1, 2, 4, 5) for m in bremerhaven.legal_moves(state)
    )


@pytest.mark.rules("BH-BID-3", "BH-BID-5")
def test_raising_adds_cards_and_the_highest_total_wins() -> None:
    a = ship("a")
    state = game(2)
    # Seat 1 bids 5 once; seat 0 raises 3 + 4 = 7 on the same Ship.
    state = after_bidding(
        state, [(1, Space.sea(1), 5), (0, Space.sea(1), 3), (0, Space.sea(1), 4)], sea=(a, ship())
    )
    top = state.stack[-1]
    assert isinstance(top, PendingBerth) and top.seat == 0 and top.card == a


@pytest.mark.rules("BH-BID-3")
def test_a_space_takes_any_number_of_cards() -> None:
    state = last = game(2)
    while state.round == 1 and isinstance(state.stack[-1], PendingBid):
        seat = bremerhaven.current_player(state)
        state = play(state, Bid(Space.GROW, state.players[seat].hand[0]))
        if len(state.bids) == 9:
            last = state
    assert [b.space for b in last.bids] == [Space.GROW] * 9
    assert state.round == 2


@pytest.mark.rules("BH-BID-5", "BH-SEA-2")
def test_a_card_nobody_bid_on_has_no_winner_and_stays() -> None:
    a, b = ship("a"), ship("b")
    state = after_bidding(game(2), [(0, Space.sea(2), 1)], sea=(a, b))
    state = play(state, Berth(0, BARREL))
    assert state.sea[0] == a  # still on the board until the refill
    state = end_round(state)
    assert state.sea[1] == a  # moved right, nobody won it


@pytest.mark.rules("BH-BID-6", "BH-FLOW-3")
def test_a_tie_goes_to_the_higher_rank() -> None:
    a = ship("a")
    for ranks in ((0, 1), (1, 0)):
        state = after_bidding(
            game(2),
            [(0, Space.sea(1), 4), (1, Space.sea(1), 3), (1, Space.sea(1), 1)],
            sea=(a, ship()),
            ranks=ranks,
        )
        top = state.stack[-1]
        assert isinstance(top, PendingBerth) and top.seat == ranks[0]


@pytest.mark.rules("BH-BID-7", "BH-MONEY-1")
def test_on_the_shared_spaces_every_bidder_may_act_paying_the_difference() -> None:
    state = game(3)
    for seat in range(3):
        state = with_harbour(state, seat, money=10)
    state = after_bidding(
        state, [(0, Space.GROW, 5), (1, Space.GROW, 2), (2, Space.GROW, 1)], ranks=(0, 1, 2)
    )
    assert state.players[0].supply == (6, 6, 7, 7, 8, 9)  # the top bidder grew for free
    assert bremerhaven.current_player(state) == 1
    state = play(state, bremerhaven.PayDifference(True))
    assert state.players[1].money == 7  # paid 3 into the general supply
    assert state.players[0].money == 10 and state.players[2].money == 10  # nobody receives it
    state = play(state, bremerhaven.PayDifference(False))
    assert state.players[2].supply == (5, 6, 6, 7, 7, 8, 9)  # did not pay, did not act
    assert state.players[1].supply == (6, 6, 7, 7, 8, 9)


@pytest.mark.rules("BH-BID-7")
def test_a_bidder_who_cannot_pay_the_difference_does_not_act() -> None:
    state = game(2)
    state = with_harbour(state, 1, money=2)
    state = after_bidding(state, [(0, Space.GROW, 5), (1, Space.GROW, 1)], ranks=(0, 1))
    # The difference is 4; with 2 money the only answer is to decline, so it is automatic.
    assert state.players[1].supply == (5, 6, 6, 7, 7, 8, 9)
    assert state.players[1].money == 2 + 3  # only the income as First Mate


def _train_contest(train: bool) -> int:
    station = building("train-station", TrainBidBonus(1), prestige=1)
    state = game(2)
    state = with_harbour(state, 1, buildings=(station, *(None,) * 11))
    card = contract("train", train=train)
    state = after_bidding(
        state,
        [(0, Space.land(1), 4), (1, Space.land(1), 1), (1, Space.land(1), 2)],
        land=(card, contract("other")),
        ranks=(0, 1),
    )
    top = state.stack[-1]
    assert isinstance(top, PendingContract)
    return top.seat


@pytest.mark.rules("BH-BID-8")
def test_the_train_station_adds_1_per_card_on_a_train_contract() -> None:
    # Seat 1's two cards, 1 + 2, are worth 5 on a train contract and beat seat 0's 4.
    assert _train_contest(train=True) == 1
    # Without a train they are worth 3.
    assert _train_contest(train=False) == 0


@pytest.mark.rules("BH-BID-8")
def test_the_train_station_bonus_counts_for_ties() -> None:
    station = building("train-station", TrainBidBonus(1))
    state = with_harbour(game(2), 1, buildings=(station, *(None,) * 11))
    state = after_bidding(
        state,
        [(0, Space.land(1), 4), (1, Space.land(1), 3)],
        land=(contract("t", train=True), contract("o")),
        ranks=(1, 0),
    )
    top = state.stack[-1]
    assert isinstance(top, PendingContract) and top.seat == 1  # 3 + 1 ties 4; rank decides


@pytest.mark.rules("BH-BID-8", "BH-BUILDING-2")
def test_a_held_train_station_gives_no_bonus() -> None:
    station = building("train-station", TrainBidBonus(1))
    state = with_harbour(game(2), 1, held=(station,))
    state = after_bidding(
        state,
        [(0, Space.land(1), 4), (1, Space.land(1), 1), (1, Space.land(1), 2)],
        land=(contract("t", train=True), contract("o")),
        ranks=(1, 0),
    )
    top = state.stack[-1]
    assert isinstance(top, PendingContract) and top.seat == 0


# --------------------------------------------------------------------------- BH-INPUT-6


def _bids(state: bremerhaven.GameState, count: int) -> tuple[bremerhaven.GameState, list[int]]:
    """``count`` bids on the Parking lot, each the bidder's lowest card; the bidders."""
    turns = []
    for _ in range(count):
        seat = bremerhaven.current_player(state)
        turns.append(seat)
        state = play(state, Bid(Space.PARKING, state.players[seat].hand[0]))
    return state, turns


@pytest.mark.rules("BH-INPUT-6", "BH-BID-1")
def test_ranks_given_to_a_position_give_the_first_bid_to_the_new_captain() -> None:
    state = bremerhaven.new_game(3, seed=4)
    assert state.bids == () and state.stack[-1] == PendingBid(state.ranks[0])
    for ranks in itertools.permutations(range(3)):
        made = position(state, ranks=ranks)
        assert made.ranks == ranks and made.stack[-1] == PendingBid(ranks[0])
        assert bremerhaven.validate(made) == ()
        # Play then goes round the new ranks.
        assert _bids(made, 6)[1] == [*ranks, *ranks]


@pytest.mark.rules("BH-INPUT-6", "BH-BID-1")
def test_validate_refuses_a_pending_bidder_out_of_rank_order() -> None:
    state = bremerhaven.new_game(3, seed=4)
    captain, first_mate, mate = state.ranks
    # New ranks set around position: the old Captain's bid is still pending.
    moved = attrs.evolve(state, ranks=(mate, captain, first_mate))
    assert [v.rule_id for v in bremerhaven.validate(moved)] == ["BH-BID-1"]
    assert f"the turn is seat {mate}'s" in bremerhaven.validate(moved)[0].reason
    # After a card is placed, only the next rank may bid.
    later, turns = _bids(state, 1)
    assert turns == [captain] and later.stack[-1] == PendingBid(first_mate)
    skipped = attrs.evolve(later, stack=(*later.stack[:-1], PendingBid(mate)))
    assert [v.rule_id for v in bremerhaven.validate(skipped)] == ["BH-BID-1"]
    # New ranks after cards are placed put the cards out of rank order: refused.
    with pytest.raises(bremerhaven.InvalidStateError, match="BH-BID-1"):
        position(later, ranks=(first_mate, captain, mate))
    # Cards placed out of rank order are refused, whoever is pending.
    wrong = attrs.evolve(later, bids=(BidCard(Space.PARKING, mate, later.bids[0].value),))
    assert "BH-BID-1" in [v.rule_id for v in bremerhaven.validate(wrong)]


@pytest.mark.rules("BH-INPUT-6", "BH-SOLO-8")
def test_a_dummy_given_the_captaincy_bids_by_itself() -> None:
    # The dummy starts as Captain (BH-SOLO-5): find a round that the player begins.
    state = bremerhaven.new_game(1, seed=1)
    rng = SplitMix64(1)
    while state.bids or not isinstance(state.stack[-1], PendingBid):
        state = play(state, rng.choice(bremerhaven.legal_moves(state)))
    assert state.ranks == (0, 1) and state.stack[-1] == PendingBid(0)
    made = position(state, ranks=(1, 0))
    assert made.ranks == (1, 0) and [b.seat for b in made.bids] == [1]
    assert made.stack[-1] == PendingBid(0) and bremerhaven.validate(made) == ()
