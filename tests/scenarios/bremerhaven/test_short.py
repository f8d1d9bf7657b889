"""The short game: short.md's BH-SHORT clauses."""

from __future__ import annotations

import attrs
import pytest

import bremerhaven
from bremerhaven import Bid, Deliver, StartingGood
from bremerhaven.cards.model import Charge, Counted, Space
from bremerhaven.state import PendingBid, PendingMovement, PendingStartingGood, PendingStep, Placed
from tests.support.bremerhaven import (
    BARREL,
    CONTAINER,
    CRATE,
    PASSENGER,
    SHORT,
    asking,
    automatic,
    bid_spaces,
    building,
    card_set,
    contract,
    end_round_with_events,
    game,
    newspaper,
    play,
    refused,
    rules_of,
    ship,
    with_harbour,
)


def _started(players: int = 2, **kw: object) -> bremerhaven.GameState:
    """A short game after every player took the first allowed starting goods."""
    state = game(players, options=SHORT, **kw)  # type: ignore[arg-type]
    while isinstance(state.stack[-1], PendingStartingGood):
        state = play(state, bremerhaven.legal_moves(state)[0])
    return state


@pytest.mark.rules("BH-SHORT-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_short_game_is_the_long_game_with_changes(players: int) -> None:
    state = game(players, options=SHORT)
    assert state.options.short and state.seats == players
    # The changes are set up; then the round is played as in the long game.
    state = _started(players)
    assert isinstance(state.stack[-1], PendingBid)
    assert bremerhaven.current_player(state) == state.ranks[0]
    assert {type(m) for m in bremerhaven.legal_moves(state)} == {Bid}


@pytest.mark.rules("BH-SHORT-2")
def test_no_cover_cards_and_every_loading_dock_is_accessible() -> None:
    state = _started(4)
    for harbour in state.players:
        assert harbour.covers == (None,) * 12
    far = Placed(contract("far"), (0, 0, 0, 0), 2)
    state = with_harbour(state, 0, storage=(1, 0, 0, 0), loading=(None, None, None, far))
    asked = asking(state, PendingMovement(0, 0))
    assert bremerhaven.explain(asked, Deliver(3, BARREL)) is None


@pytest.mark.rules("BH-SHORT-3", "BH-SHORT-7")
def test_the_special_edition_cards_advance_the_token_2_spaces() -> None:
    state = _started(3)
    assert state.newspapers == () and state.event is None
    start = state.track
    state, events = end_round_with_events(state)
    assert state.track == start + 2
    assert "BH-SHORT-7" in rules_of(events)


@pytest.mark.rules("BH-SHORT-4")
def test_arrow_cards_stay_out_of_the_short_game() -> None:
    ships = [ship(f"s{i}") for i in range(10)] + [
        ship(f"arrow{i}", long_only=(3,)) for i in range(5)
    ]
    contracts = [contract(f"c{i}") for i in range(10)]
    contracts += [contract(f"arrow{i}", long_only=(3, 4)) for i in range(5)]
    cards = card_set(ships=ships, contracts=contracts)
    short = game(3, options=SHORT, cards=cards)
    every = [c.key for c in (*short.sea, *short.ship_deck, *short.land, *short.contract_deck) if c]
    every += [p.card.key for h in short.players for p in h.loading if p is not None]
    assert not any(key.startswith("arrow") for key in every)
    long = game(3, cards=cards)
    kept = [c.key for c in (*long.sea, *long.ship_deck) if c]
    assert sum(key.startswith("arrow") for key in kept) == 5
    # An arrow under another player count does not matter.
    two = game(2, options=SHORT, cards=cards)
    kept = [c.key for c in (*two.sea, *two.ship_deck) if c]
    assert sum(key.startswith("arrow") for key in kept) == 5


@pytest.mark.rules("BH-SHORT-5")
def test_each_player_starts_with_a_built_random_building() -> None:
    stack = [building(f"b{i}", prestige=2) for i in range(10)]
    state = game(3, options=SHORT, cards=card_set(buildings=stack))
    starting = []
    for harbour in state.players:
        built = [b for b in harbour.buildings if b is not None]
        assert len(built) == 1 and harbour.held == ()
        starting.append(built[0])
    assert len(state.buildings) == 10 - 3
    assert not set(starting) & set(state.buildings)
    # Built from the start: its prestige counts in the first 4.3.
    state = _started(3, cards=card_set(buildings=stack))
    state = end_round_with_events(state)[0]
    assert all(h.prestige == 2 for h in state.players)


@pytest.mark.rules("BH-SHORT-6")
def test_three_starting_goods_not_shown_on_the_starting_contract() -> None:
    start = contract("start", goods=(BARREL, CRATE, None))
    state = game(2, options=SHORT)
    seat = bremerhaven.current_player(state)
    state = with_harbour(state, seat, loading=(Placed(start, (0, 0, 0, 0), 2), None, None, None))
    assert state.stack[-1] == PendingStartingGood(seat, 3)
    # The wild symbol is ignored: containers and passengers are allowed.
    assert set(bremerhaven.legal_moves(state)) == {StartingGood(CONTAINER), StartingGood(PASSENGER)}
    assert refused(state, StartingGood(BARREL)) == "BH-SHORT-6"
    state = play(state, StartingGood(PASSENGER), StartingGood(CONTAINER), StartingGood(PASSENGER))
    assert state.players[seat].storage == (0, 1, 0, 2)


@pytest.mark.rules("BH-SHORT-6", "BH-ENGINE-2")
def test_the_starting_goods_are_chosen_in_rank_order_before_the_bids() -> None:
    state = game(3, options=SHORT, seed=4)
    first = [seat for seat in state.ranks for _ in range(3)]
    order = []
    while isinstance(state.stack[-1], PendingStartingGood):
        order.append(bremerhaven.current_player(state))
        state = play(state, bremerhaven.legal_moves(state)[0])
    assert order == first
    assert state.ranks != (0, 1, 2)  # this seed's ranks differ from the seat order
    assert all(sum(h.storage) == 3 for h in state.players)


@pytest.mark.rules("BH-SHORT-8")
def test_every_card_left_is_discarded_and_new_ones_dealt() -> None:
    state = _started(3)
    a, b, c = ship("a"), ship("b"), ship("c")
    new = tuple(ship(f"n{i}") for i in range(4))
    discarded = state.discarded_ships
    state = automatic(
        attrs.evolve(state, sea=(a, None, c), ship_deck=new), (PendingStep("clean-up"),)
    )[0]
    assert set(state.sea) == set(new[:3])
    assert state.discarded_ships == discarded + 2
    assert b not in state.sea


@pytest.mark.rules("BH-SHORT-9")
def test_the_short_game_has_no_events() -> None:
    papers = [newspaper(f"n{i}", event=Charge(Counted.CONTRACTS, 3)) for i in range(18)]
    state = _started(2, cards=card_set(newspapers=papers))
    for _ in range(3):
        state, events = end_round_with_events(state)
        assert "BH-EVENT-1" not in rules_of(events)
        assert state.event is None


@pytest.mark.rules("BH-SHORT-1", "BH-BID-2")
def test_the_short_game_bids_on_the_same_spaces() -> None:
    state = _started(2)
    assert bid_spaces(state) >= {Space.PERMIT, Space.sea(2)}
