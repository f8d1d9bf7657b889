"""Components and setup: rules.md's BH-COMP and BH-SETUP clauses."""

from __future__ import annotations

from collections import Counter

import pytest

import bremerhaven
from bremerhaven.cards import ORIGINAL
from bremerhaven.cards.model import BoardData, Space
from bremerhaven.facts import GAME
from tests.support.bremerhaven import (
    BOARD,
    SHORT,
    bid_spaces,
    building,
    card_set,
    contract,
    game,
    newspaper,
    price,
    ship,
)


@pytest.mark.rules("BH-COMP-1")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_to_four_players_play(players: int) -> None:
    state = bremerhaven.new_game(players, seed=3)
    assert state.seats == players
    assert state.solo == (players == 1)


@pytest.mark.rules("BH-COMP-1")
@pytest.mark.parametrize("players", [0, 5, -1])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(bremerhaven.InvalidValueError):
        bremerhaven.new_game(players, seed=3)


@pytest.mark.rules("BH-COMP-2", "BH-SETUP-6")
def test_each_colour_has_the_twelve_influence_cards() -> None:
    assert GAME.influence == (1, 2, 3, 4, 5, 5, 6, 6, 7, 7, 8, 9)
    for harbour in game(4).players:
        assert sorted(harbour.hand + harbour.supply) == list(GAME.influence)


@pytest.mark.rules("BH-SETUP-6")
def test_the_hand_is_1_to_5_and_the_supply_5_to_9() -> None:
    for harbour in game(3).players:
        assert harbour.hand == (1, 2, 3, 4, 5)
        assert harbour.supply == (5, 6, 6, 7, 7, 8, 9)


@pytest.mark.rules("BH-COMP-3", "BH-HARBOR-1")
def test_every_player_has_a_harbour_a_rank_and_a_prestige_clip() -> None:
    state = game(3)
    assert len(state.players) == 3
    assert sorted(state.ranks) == [0, 1, 2]
    for harbour in state.players:
        assert harbour.prestige == 0  # the clip
        assert len(harbour.docks) == 3  # the Docks on the left
        assert len(harbour.loading) == 4  # the Loading docks at the top
        assert len(harbour.covers) == len(harbour.buildings) == 12  # the spaces


@pytest.mark.rules("BH-COMP-4")
def test_the_original_set_has_the_box_counts() -> None:
    assert len(ORIGINAL.ships) == 48
    assert len(ORIGINAL.contracts) == 56
    assert len(ORIGINAL.buildings) == 20
    assert len(ORIGINAL.prices) == 24
    assert len(ORIGINAL.newspapers) == 18
    # 24 Cover cards: 6 on each of the 4 boards.
    assert sum(c is not None for c in ORIGINAL.board.covers) * 4 == 24


@pytest.mark.rules("BH-COMP-5", "BH-SETUP-12")
def test_the_supply_holds_40_of_each_good() -> None:
    assert GAME.goods == 40
    assert bremerhaven.new_game(4, seed=2).goods == (40, 40, 40, 40)
    # Bollards never run short: 3 positions on each of 4 walls is 12 a harbour, 48 for four.
    assert sum(len(wall) for wall in ORIGINAL.board.bollard_costs) * 4 <= 48


@pytest.mark.rules("BH-SETUP-1", "BH-SHORT-4")
def test_the_decks_keep_the_cards_with_the_player_count_icon() -> None:
    ships = [ship(f"two-{i}", players=(2,)) for i in range(6)]
    ships += [ship(f"three-{i}", players=(3, 4)) for i in range(6)]
    ships += [ship(f"arrow-{i}", players=(2, 3), long_only=(2,)) for i in range(3)]
    contracts = [contract(f"c-{i}", players=(2, 3, 4)) for i in range(12)]
    contracts += [contract(f"four-{i}", players=(4,)) for i in range(4)]
    cards = card_set(ships=ships, contracts=contracts)
    state = game(2, cards=cards)
    kept = [c.key for c in (*state.sea, *state.ship_deck) if c is not None]
    assert sorted(kept) == sorted([f"two-{i}" for i in range(6)] + [f"arrow-{i}" for i in range(3)])
    dealt = [c.key for c in state.land if c is not None]
    dealt += [c.key for c in state.contract_deck]
    dealt += [p.card.key for h in state.players for p in h.loading if p is not None]
    assert not any(key.startswith("four") for key in dealt)
    assert len(dealt) == 12
    # The short game leaves out the arrow cards.
    short = game(2, cards=cards, options=SHORT)
    kept = [c.key for c in (*short.sea, *short.ship_deck) if c is not None]
    assert sorted(kept) == sorted(f"two-{i}" for i in range(6))


@pytest.mark.rules("BH-SETUP-1", "BH-INT-10")
def test_each_back_number_is_shuffled_on_its_own_back_1_on_top() -> None:
    ships = [ship(f"s{back}-{i}", back=back) for back in (4, 3, 2, 1) for i in range(5)]
    state = game(2, cards=card_set(ships=ships))
    order = [c.back for c in (*state.sea, *state.ship_deck) if c is not None]
    assert order == sorted(order)
    assert order.count(1) == 5
    # The stacks themselves are shuffled: some seed deals back 1's cards out of set order.
    orders = {
        tuple(c.key for c in game(2, cards=card_set(ships=ships), seed=s).sea if c is not None)
        for s in range(10)
    }
    assert len(orders) > 1


@pytest.mark.rules("BH-SETUP-2", "BH-SEA-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_sea_and_land_show_one_card_per_player(players: int) -> None:
    state = game(players)
    assert len(state.sea) == players and None not in state.sea
    assert len(state.land) == players and None not in state.land
    spaces = bid_spaces(state)
    assert {s for s in spaces if s.is_sea} == {Space.sea(i + 1) for i in range(players)}
    assert {s for s in spaces if s.is_land} == {Space.land(i + 1) for i in range(players)}


@pytest.mark.rules("BH-SETUP-3")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_ship_token_starts_on_the_space_of_the_player_count(players: int) -> None:
    board = BoardData(
        covers=BOARD.covers,
        bollard_costs=BOARD.bollard_costs,
        track_last=30,
        track_start=(1, 3, 5, 7),
    )
    state = game(players, cards=card_set(board=board))
    assert state.track == (1, 3, 5, 7)[players - 1]


@pytest.mark.rules("BH-SETUP-4")
def test_the_building_and_price_stacks_are_shuffled() -> None:
    buildings = [building(f"b{i}") for i in range(20)]
    prices = [
        price(f"p{i}", 1 + i % 4, 1 + (i + 1) % 4, 1 + (i + 2) % 4, 1 + (i + 3) % 4)
        for i in range(8)
    ]
    cards = card_set(buildings=buildings, prices=prices)
    seen = set()
    for seed in range(6):
        state = game(2, cards=cards, seed=seed)
        assert sorted(b.key for b in state.buildings) == sorted(b.key for b in buildings)
        assert sorted(p.key for p in state.prices) == sorted(p.key for p in prices)
        seen.add((state.buildings[0].key, state.prices[0].key))
    assert len(seen) > 1


@pytest.mark.rules("BH-SETUP-5", "BH-EVENT-2")
def test_the_newspapers_are_shuffled_onto_the_right_side() -> None:
    papers = [newspaper(f"n{i}") for i in range(18)]
    cards = card_set(newspapers=papers)
    tops = set()
    for seed in range(6):
        state = game(3, cards=cards, seed=seed)
        assert sorted(n.key for n in state.newspapers) == sorted(n.key for n in papers)
        assert state.event is None  # the left side stays empty
        tops.add(state.newspapers[0].key)
    assert len(tops) > 1


@pytest.mark.rules("BH-SETUP-7", "BH-HARBOR-2")
def test_cover_cards_lie_on_the_third_and_fourth_columns() -> None:
    for harbour in game(4).players:
        assert harbour.covers == BOARD.covers
        covered = [s for s, c in enumerate(harbour.covers) if c is not None]
        assert covered == [2, 3, 6, 7, 10, 11]  # columns 3 and 4 of the 3 rows
        assert len(covered) == 6
    for harbour in bremerhaven.new_game(4, seed=1).players:
        assert sum(c is not None for c in harbour.covers) == 6


@pytest.mark.rules("BH-SETUP-8", "BH-PRESTIGE-1")
def test_the_clip_starts_at_0_and_the_middle_dock_has_two_bollards() -> None:
    for harbour in game(4).players:
        assert harbour.prestige == 0
        assert harbour.walls == (0, 1, 1, 0)


@pytest.mark.rules("BH-SETUP-9")
def test_the_starting_contract_is_drawn_after_the_land_board() -> None:
    contracts = [contract(f"land-{i}", back=1, delivery=3) for i in range(2)]
    contracts += [contract(f"start-{i}", back=2, delivery=4) for i in range(2)]
    contracts += [contract(f"later-{i}", back=3) for i in range(6)]
    state = game(2, cards=card_set(contracts=contracts))
    assert sorted(c.key for c in state.land if c is not None) == ["land-0", "land-1"]
    starts = []
    for harbour in state.players:
        placed = harbour.loading[0]
        assert placed is not None
        assert placed.timers == placed.card.delivery == 4
        assert harbour.loading[1:] == (None, None, None)
        starts.append(placed.card.key)
    assert sorted(starts) == ["start-0", "start-1"]


@pytest.mark.rules("BH-SETUP-10", "BH-SETUP-11", "BH-FLOW-3", "BH-INT-2")
def test_ranks_are_random_and_starting_money_follows_them() -> None:
    captains: Counter[int] = Counter()
    for seed in range(60):
        state = bremerhaven.new_game(4, seed=seed)
        assert sorted(state.ranks) == [0, 1, 2, 3]
        money = [state.players[seat].money for seat in state.ranks]
        assert money == [4, 6, 8, 12]
        captains[state.ranks[0]] += 1
    assert set(captains) == {0, 1, 2, 3}


@pytest.mark.rules("BH-SETUP-10")
@pytest.mark.usefixtures("in_order")
def test_the_top_price_card_goes_to_the_bottom_and_the_new_top_ranks() -> None:
    """Dealt in order, seat 0 takes the barrel chit, seat 1 the container, seat 2 the crate and
    seat 3 the passenger. The top card (barrels dearest) goes to the bottom; the new top card
    (crates 4, passengers 3, barrels 2, containers 1) ranks the seats 2, 3, 0, 1."""
    prices = [
        price("old-top", 4, 3, 2, 1),
        price("new-top", 2, 1, 4, 3),
        price("third", 1, 2, 3, 4),
    ]
    state = game(4, cards=card_set(prices=prices))
    assert [p.key for p in state.prices] == ["new-top", "third", "old-top"]
    assert state.ranks == (2, 3, 0, 1)
    assert [state.players[s].money for s in (2, 3, 0, 1)] == [4, 6, 8, 12]


@pytest.mark.rules("BH-SETUP-11")
@pytest.mark.parametrize("players", [2, 3])
def test_starting_income_by_rank_with_fewer_players(players: int) -> None:
    state = game(players)
    assert [state.players[s].money for s in state.ranks] == [4, 6, 8, 12][:players]
