"""The solo game and its dummy player: solo.md's BH-SOLO clauses."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import bremerhaven
from bremerhaven import Bid, BuyPermit, ChoosePrice, PayDifference
from bremerhaven.cards.model import Space
from bremerhaven.scoring import BANDS
from bremerhaven.state import PendingBid, PendingPermits, PendingStartingGood, PendingStep
from tests.support.bremerhaven import (
    after_bidding,
    automatic,
    bid_spaces,
    building,
    card_set,
    contract,
    end_round,
    end_round_with_events,
    game,
    newspaper,
    play,
    price,
    rules_of,
    ship,
    with_harbour,
)

PLAYER, DUMMY = 0, 1
SPACES = (Space.PERMIT, Space.sea(1), Space.GROW, Space.land(2), Space.PARKING)


def _solo(**changes: Any) -> bremerhaven.GameState:
    """A solo game after the player's starting goods: the dummy, Captain, has bid once."""
    papers = [newspaper(f"n{i}", solo_space=SPACES[i % 5]) for i in range(18)]
    state = attrs.evolve(game(1, cards=card_set(newspapers=papers)), **changes)
    while isinstance(state.stack[-1], PendingStartingGood):
        state = play(state, bremerhaven.legal_moves(state)[0])
    return state


def _finish(state: bremerhaven.GameState) -> bremerhaven.GameState:
    while not bremerhaven.is_over(state):
        state = end_round(state)
    return state


# --------------------------------------------------------------------------- setup


@pytest.mark.rules("BH-SOLO-1", "BH-ENGINE-12")
def test_a_two_player_short_game_against_a_dummy_that_never_decides() -> None:
    state = bremerhaven.new_game(1, seed=5)
    assert state.seats == 1 and len(state.players) == 2 and state.dummy == DUMMY
    assert sorted(state.ranks) == [PLAYER, DUMMY]
    assert len(state.sea) == 2 and len(state.land) == 2
    steps = 0
    while not bremerhaven.is_over(state):
        assert bremerhaven.current_player(state) == PLAYER
        moves = bremerhaven.legal_moves(state)
        state = bremerhaven.apply_move(state, moves[steps % len(moves)])
        steps += 1
    assert len(bremerhaven.scores(state)) == 1


@pytest.mark.rules("BH-SOLO-2")
def test_only_the_player_gets_a_contract_a_building_and_goods() -> None:
    state = _solo()
    player, dummy = state.players
    assert player.loading[0] is not None
    assert sum(b is not None for b in player.buildings) == 1
    assert sum(player.storage) == 3
    assert player.covers == (None,) * 12
    assert dummy.loading == (None,) * 4
    assert dummy.buildings == (None,) * 12
    assert dummy.storage == (0, 0, 0, 0)


@pytest.mark.rules("BH-SOLO-3", "BH-SOLO-4")
def test_the_special_edition_cards_run_the_game_and_the_newspapers_the_dummy() -> None:
    state = _solo()
    assert state.newspapers == () and state.event is None
    start = state.track
    news = len(state.dummy_news)
    state, events = end_round_with_events(state)
    assert state.track == start + 2
    assert "BH-EVENT-1" not in rules_of(events)
    # The dummy's four further bids of round 1 and its first of round 2 each drew one.
    assert len(state.dummy_news) == news - 5


@pytest.mark.rules("BH-SOLO-5")
def test_the_player_starts_as_first_mate_with_6_and_the_dummy_as_captain_with_nothing() -> None:
    state = bremerhaven.new_game(1, seed=9)
    assert state.ranks == (DUMMY, PLAYER)
    assert state.players[PLAYER].money == 6
    assert state.players[DUMMY].money == 0


@pytest.mark.rules("BH-SOLO-6")
def test_the_dummys_hand_is_1_to_5_shuffled_each_round() -> None:
    state = bremerhaven.new_game(1, seed=4)
    assert state.players[DUMMY].hand == (1, 2, 3, 4, 5)
    assert state.players[DUMMY].supply == (5, 6, 6, 7, 7, 8, 9)
    assert len(state.dummy_orders) == 10
    assert all(sorted(order) == [0, 1, 2, 3, 4] for order in state.dummy_orders)
    assert len(set(state.dummy_orders)) > 1


@pytest.mark.rules("BH-SOLO-7", "BH-BID-1")
def test_the_captain_bids_first_and_the_two_alternate() -> None:
    state = _solo()
    assert state.ranks[0] == DUMMY
    assert [b.seat for b in state.bids] == [DUMMY]
    while state.round == 1 and isinstance(state.stack[-1], PendingBid):
        state = play(state, Bid(Space.PARKING, state.players[PLAYER].hand[0]))
        if len(state.bids) < 10:
            assert [b.seat for b in state.bids] == [DUMMY, PLAYER] * (len(state.bids) // 2) + [
                DUMMY
            ]


# --------------------------------------------------------------------------- bids


@pytest.mark.rules("BH-SOLO-8", "BH-ENGINE-10")
def test_the_dummy_bids_on_its_newspapers_space_with_its_next_hidden_card() -> None:
    # Round 1's draws: the newspapers name the spaces, the order the cards.
    state = attrs.evolve(game(1), dummy_orders=((4, 0, 3, 1, 2),) * 10)
    papers = tuple(newspaper(f"n{i}", solo_space=SPACES[i]) for i in range(5))
    state = attrs.evolve(state, dummy_news=papers * 11)
    while isinstance(state.stack[-1], PendingStartingGood):
        state = play(state, bremerhaven.legal_moves(state)[0])
    for _ in range(4):
        state = play(state, Bid(Space.PARKING, state.players[PLAYER].hand[0]))
    dummy = [(b.space, b.value) for b in state.bids if b.seat == DUMMY]
    assert dummy == [
        (Space.PERMIT, 5),
        (Space.sea(1), 1),
        (Space.GROW, 4),
        (Space.land(2), 2),
        (Space.PARKING, 3),
    ]
    assert len(state.dummy_news) == 55 - 5


@pytest.mark.rules("BH-SOLO-9")
def test_the_newspapers_are_reshuffled_after_the_last_one() -> None:
    state = bremerhaven.new_game(1, seed=12)
    news = state.dummy_news
    assert len(news) >= 50  # 10 rounds of 5 bids
    papers = sorted(n.key for n in state.cards.newspapers)
    passes = [news[i : i + 18] for i in range(0, 36, 18)]
    for chunk in passes:
        assert sorted(n.key for n in chunk) == papers
    third = [n.key for n in news[36:50]]  # 14 cards of a third pass, no card twice
    assert len(set(third)) == 14
    assert passes[0] != passes[1]


@pytest.mark.rules("BH-SOLO-8", "BH-INT-14")
def test_the_dummy_bids_on_its_space_even_with_nothing_to_win() -> None:
    state = attrs.evolve(game(1), buildings=(), dummy_orders=((0, 1, 2, 3, 4),) * 10)
    papers = tuple(newspaper(f"n{i}", solo_space=Space.BUILDING) for i in range(5))
    state = attrs.evolve(state, dummy_news=papers * 11)
    while isinstance(state.stack[-1], PendingStartingGood):
        state = play(state, bremerhaven.legal_moves(state)[0])
    assert [(b.seat, b.space, b.value) for b in state.bids] == [(DUMMY, Space.BUILDING, 1)]
    assert Space.BUILDING not in bid_spaces(state)  # the player may not bid there


# --------------------------------------------------------------------------- actions


def _resolved(
    bids: list[tuple[int, Space, int]],
    state: bremerhaven.GameState | None = None,
    **changes: object,
) -> bremerhaven.GameState:
    """The solo game after a Bidding phase of ``bids`` (the dummy's first draw taken back)."""
    state = with_harbour(state or _solo(), DUMMY, hand=(1, 2, 3, 4, 5))
    return after_bidding(state, bids, **changes)


@pytest.mark.rules("BH-SOLO-10")
def test_the_dummy_takes_no_money() -> None:
    state = _resolved(
        [(DUMMY, Space.PARKING, v) for v in (1, 2, 3, 4, 5)] + [(PLAYER, Space.CAREER, 1)]
    )
    state = end_round(state)  # the Parking lot, the income (the dummy is Captain)
    assert state.round == 2
    assert state.players[DUMMY].money == 0


@pytest.mark.rules("BH-SOLO-10", "BH-BID-6")
def test_the_dummy_wins_ties_by_its_rank() -> None:
    card = ship("tie")
    state = _resolved(
        [(DUMMY, Space.sea(1), 3), (PLAYER, Space.sea(1), 3)], sea=(card, ship("other"))
    )
    assert all(d is None for d in state.players[PLAYER].docks)


@pytest.mark.rules("BH-SOLO-11")
def test_the_dummy_discards_every_card_it_wins() -> None:
    hall = building("hall", prestige=3)
    state = _solo()
    ships, contracts = state.discarded_ships, state.discarded_contracts
    state = _resolved(
        [
            (DUMMY, Space.BUILDING, 5),
            (DUMMY, Space.sea(2), 4),
            (DUMMY, Space.land(1), 3),
            (PLAYER, Space.PARKING, 1),
        ],
        buildings=(hall, building("next")),
    )
    assert state.players[DUMMY].held == () and state.players[DUMMY].docks == (None,) * 3
    assert state.players[DUMMY].loading == (None,) * 4
    assert hall not in state.buildings
    assert state.discarded_ships >= ships + 1
    assert state.discarded_contracts >= contracts + 1


@pytest.mark.rules("BH-SOLO-12")
def test_the_dummy_never_builds_but_raises_the_players_cost() -> None:
    state = with_harbour(_solo(), PLAYER, money=10)
    state = _resolved([(DUMMY, Space.PERMIT, 5), (PLAYER, Space.PERMIT, 2)], state)
    assert state.stack[-1] == PendingPermits(PLAYER, 0, 0)
    state = play(state, BuyPermit())
    assert state.players[PLAYER].money == 7  # the difference to the dummy's 5
    state = play(state, bremerhaven.EndPermits())
    assert not any(isinstance(p, PendingPermits) for p in state.stack)


@pytest.mark.rules("BH-SOLO-13")
def test_the_dummy_grows_whenever_it_bid_even_losing() -> None:
    state = with_harbour(_solo(), PLAYER, money=10)
    bids = [(DUMMY, Space.GROW, 1), (PLAYER, Space.GROW, 5)]
    bids += [(DUMMY, Space.PARKING, v) for v in (2, 3, 4, 5)]
    bids += [(PLAYER, Space.PARKING, v) for v in (1, 2, 3, 4)]
    state = end_round(_resolved(bids, state))
    assert state.round == 2
    # Round 2 has begun with the dummy's first bid (it is Captain).
    placed = [b.value for b in state.bids if b.seat == DUMMY]
    assert sorted(state.players[DUMMY].hand + tuple(placed)) == [2, 3, 4, 5, 5]
    assert state.players[DUMMY].supply == (6, 6, 7, 7, 8, 9)
    assert state.players[PLAYER].hand == (2, 3, 4, 5, 5)


@pytest.mark.rules("BH-SOLO-13")
def test_the_dummy_grows_when_it_wins_too() -> None:
    state = with_harbour(_solo(), PLAYER, money=10)
    state = _resolved([(DUMMY, Space.GROW, 5), (PLAYER, Space.GROW, 4)], state)
    assert state.stack[-1] == bremerhaven.state.PendingGrow(PLAYER)
    state = play(state, PayDifference(True))
    state = end_round(state)
    assert state.players[DUMMY].supply == (6, 6, 7, 7, 8, 9)


@pytest.mark.rules("BH-SOLO-14")
def test_a_dummy_win_on_price_cards_moves_the_top_card_down() -> None:
    prices = (price("a", 1, 2, 3, 4), price("b", 4, 3, 2, 1), price("c", 2, 1, 4, 3))
    state = _resolved([(DUMMY, Space.PRICE, 5), (PLAYER, Space.PRICE, 1)], prices=prices)
    assert [p.key for p in state.prices] == ["b", "c", "a"]
    assert ChoosePrice(0) not in bremerhaven.legal_moves(state)


@pytest.mark.rules("BH-SOLO-15")
def test_a_dummy_win_on_the_career_ladder_makes_it_captain() -> None:
    state = _resolved([(DUMMY, Space.CAREER, 2)], ranks=(PLAYER, DUMMY))
    assert state.ranks == (DUMMY, PLAYER)
    state = _resolved([(DUMMY, Space.CAREER, 2)], ranks=(DUMMY, PLAYER))
    assert state.ranks == (DUMMY, PLAYER)


@pytest.mark.rules("BH-SOLO-16")
def test_the_clean_up_discards_every_card_and_deals_2_new_ones() -> None:
    state = _solo()
    new_ships = tuple(ship(f"n{i}") for i in range(3))
    new_contracts = tuple(contract(f"c{i}") for i in range(3))
    a = ship("a")
    state = automatic(
        attrs.evolve(
            state,
            sea=(a, None),
            land=(None, contract("left")),
            ship_deck=new_ships,
            contract_deck=new_contracts,
        ),
        (PendingStep("clean-up"),),
    )[0]
    assert state.sea == new_ships[:2]
    assert state.land == new_contracts[:2]


# --------------------------------------------------------------------------- end


@pytest.mark.rules("BH-SOLO-17", "BH-END-3")
def test_the_game_ends_after_round_10_with_money_times_prestige() -> None:
    state = _finish(_solo())
    assert state.round == 10
    player = state.players[PLAYER]
    assert bremerhaven.scores(state) == (player.money * player.prestige,)


@pytest.mark.rules("BH-SOLO-18", "BH-ENGINE-13")
@pytest.mark.parametrize(
    ("score", "title", "won"),
    [
        (0, "Landlubber", False),
        (499, "Landlubber", False),
        (500, "Cabin Boy", False),
        (749, "Cabin Boy", False),
        (750, "Officer", False),
        (999, "Officer", False),
        (1000, "Lonely Ship's Kobold", False),
        (1250, "Lonely Ship's Kobold", False),
        (1251, "Captain", True),
    ],
)
def test_captain_ahas_bands_and_the_solo_win(score: int, title: str, won: bool) -> None:
    assert bremerhaven.rating(score) == title
    state = with_harbour(bremerhaven.new_game(1, seed=1), PLAYER, money=score, prestige=1)
    state = attrs.evolve(state, stack=())
    assert bremerhaven.outcome(state).winners == ((PLAYER,) if won else ())
    assert [title for _, title in BANDS][-1] == "Captain"
