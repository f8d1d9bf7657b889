"""The rulebook's worked examples, each as its own test citing its lines (004)."""

from __future__ import annotations

import attrs
import pytest

import bremerhaven
from bremerhaven import (
    Berth,
    BuyPermit,
    EndPermits,
    PayDifference,
    PlaceBollard,
    RulesOptions,
)
from bremerhaven.cards.model import Space, Stake
from bremerhaven.state import PendingPermits, Placed
from tests.support.bremerhaven import (
    BARREL,
    CONTAINER,
    CRATE,
    after_bidding,
    contract,
    end_round,
    game,
    harbour_turn,
    play,
    price,
    ship,
    with_harbour,
)

RED, GREEN, BLUE, YELLOW = 0, 1, 2, 3


def _permit_example() -> bremerhaven.GameState:
    """004:495-500: Red bids 5 on 1.2, Green and Blue 2 each, Yellow does not bid."""
    state = game(4)
    for seat in range(4):
        state = with_harbour(state, seat, money=20)
    state = with_harbour(state, YELLOW, money=100)
    # "Their ranks do not matter here": Blue outranks Green, Red is the Ship's Cook.
    return after_bidding(
        state,
        [(RED, Space.PERMIT, 5), (GREEN, Space.PERMIT, 2), (BLUE, Space.PERMIT, 2)],
        ranks=(YELLOW, BLUE, GREEN, RED),
    )


@pytest.mark.rules("BH-PERMIT-9", "BH-PERMIT-1", "BH-PERMIT-8", "BH-BID-7", "BH-INT-11")
def test_permit_example_green_pays_the_difference_blue_declines() -> None:
    state = _permit_example()
    # 1.2 in rank order (BH-INT-6): Blue, Green, Red; Yellow did not bid and is never asked.
    assert bremerhaven.current_player(state) == BLUE
    assert BuyPermit() in bremerhaven.legal_moves(state)
    state = play(state, EndPermits())  # Blue does not pay
    assert state.players[BLUE].money == 20
    assert bremerhaven.current_player(state) == GREEN
    state = play(state, BuyPermit())  # the difference, 3
    assert state.players[GREEN].money == 17
    state = play(state, BuyPermit())  # an additional permit: the highest bid, 5
    assert state.players[GREEN].money == 12
    state = play(state, PlaceBollard(0), PlaceBollard(0), EndPermits())
    assert state.players[GREEN].walls[0] == 2
    assert bremerhaven.current_player(state) == RED
    state = play(state, BuyPermit())  # Red's first permit is free
    assert state.players[RED].money == 20
    state = play(state, BuyPermit())  # additional: 5
    assert state.players[RED].money == 15
    state = play(state, EndPermits())
    # Yellow, with 100 money, got no permit decision at all: only her income as Captain.
    assert state.players[YELLOW].money == 100 + 4
    assert state.players[YELLOW].walls == (0, 1, 1, 0)


@pytest.mark.rules("BH-PERMIT-9", "BH-PERMIT-1")
def test_permit_example_yellow_who_did_not_bid_is_never_asked() -> None:
    state = _permit_example()
    asked = set()
    while isinstance(state.stack[-1], PendingPermits):
        asked.add(bremerhaven.current_player(state))
        state = play(state, EndPermits())
    assert asked == {RED, GREEN, BLUE}


@pytest.mark.rules("BH-PERMIT-9", "BH-INT-11")
def test_permit_example_blue_cannot_skip_the_difference() -> None:
    """Under the default reading, Blue's first permit costs 3, never the 5 of an extra one."""
    state = _permit_example()
    state = play(state, BuyPermit())
    assert state.players[BLUE].money == 17


@pytest.mark.rules("BH-GROW-4", "BH-GROW-2", "BH-GROW-1", "BH-RETURN-1")
def test_grow_example_green_keeps_2_3_4_5_5_and_blue_pays_1() -> None:
    """004:550-554: Green grows for free; Blue pays 1 money, the difference, to grow too."""
    green, blue = 0, 1
    state = game(2)
    state = with_harbour(state, green, money=10)
    state = with_harbour(state, blue, money=10)
    bids = [(green, Space.GROW, 3), (blue, Space.GROW, 2)]
    bids += [(green, Space.PARKING, v) for v in (1, 2, 4, 5)]
    bids += [(blue, Space.PARKING, v) for v in (1, 3, 4, 5)]
    state = after_bidding(state, bids, ranks=(blue, green))
    # Green took the "5" from her supply when 1.3 was resolved.
    assert state.players[green].hand == (5,)
    assert state.players[green].supply == (6, 6, 7, 7, 8, 9)
    assert bremerhaven.current_player(state) == blue
    state = play(state, PayDifference(True))
    # 1.0 paid 4 money each; Blue paid 1 for the difference; 1.5 paid income by rank.
    assert state.players[blue].money == 10 + 4 - 1 + 4
    assert state.players[green].money == 10 + 4 + 3
    # The round ends: 1, 2, 3, 4, 5, 5 in hand, the "1" goes back into the box.
    assert state.round == 2
    assert state.players[green].hand == (2, 3, 4, 5, 5)
    assert state.players[blue].hand == (2, 3, 4, 5, 5)


@pytest.mark.rules("BH-REFILL-4", "BH-REFILL-2")
def test_refill_example_three_players_only_the_middle_ship_won() -> None:
    """004:885-888: space 3's ship is discarded, space 1's moves to 3, spaces 1-2 refilled."""
    first, middle, third = ship("first"), ship("middle"), ship("third")
    new = (ship("new-1"), ship("new-2"), ship("new-3"))
    state = game(3)
    discarded = state.discarded_ships
    state = after_bidding(
        state,
        [(0, Space.sea(2), 5)],
        sea=(first, middle, third),
        ship_deck=new,
    )
    state = end_round(play(state, Berth(0, BARREL)))
    assert state.round == 2
    assert state.sea[2] == first
    assert set(state.sea[:2]) == {new[0], new[1]}
    assert state.ship_deck == (new[2],)
    assert state.discarded_ships == discarded + 1  # the third ship
    assert state.players[0].docks[0] is not None
    assert state.players[0].docks[0].card == middle


@pytest.mark.rules("BH-END-3", "BH-END-4")
def test_red_with_65_money_and_15_prestige_scores_975() -> None:
    """004:981-984: 65 x 15 = 975; Red wins unless another player has more."""
    state = game(2)
    state = with_harbour(state, RED, money=65, prestige=15)
    state = with_harbour(state, 1, money=97, prestige=10)
    state = attrs.evolve(state, stack=(), ranks=(1, RED))
    assert bremerhaven.scores(state) == (975, 970)
    assert bremerhaven.outcome(state).winners == (RED,)
    more = with_harbour(state, 1, money=98)
    assert bremerhaven.outcome(more).winners == (1,)


def _due(delivered: tuple[int, int, int, int]) -> bremerhaven.GameState:
    """004:842-851's Contract: 2 barrels, 1 container, 1 crate; barrels 3, containers 1,
    crates 4; a reward of 1 money and, as its text implies, a penalty of 1 prestige."""
    card = contract(
        "example",
        delivery=1,
        goods=(BARREL, BARREL, CONTAINER, CRATE),
        reward=Stake(money=1),
        penalty=Stake(prestige=1),
    )
    state = game(2)
    state = with_harbour(
        state,
        0,
        money=0,
        prestige=5,
        loading=(Placed(card, delivered, 1), None, None, None),
    )
    prices = (price("example", 3, 1, 4, 2), *state.prices)
    return harbour_turn(state, 0, prices=prices)


@pytest.mark.rules("BH-TIME-5", "BH-INT-1", "BH-TIME-2", "BH-TIME-3")
def test_contract_example_complete_pays_12_by_the_rule_text() -> None:
    """The example says 9, counting one barrel and swapping the prices; the rule sells every
    good at its own price: 2 x 3 + 1 x 1 + 1 x 4 + 1 (reward) = 12."""
    state = _due((2, 1, 1, 0))
    assert state.players[0].money == 12
    assert state.players[0].prestige == 5
    assert state.players[0].loading[0] is None


@pytest.mark.rules("BH-TIME-5", "BH-INT-1", "BH-LAND-7")
def test_contract_example_without_the_container_pays_10_and_costs_1_prestige() -> None:
    """The example says 7; by the rule text 2 x 3 + 1 x 4 = 10, and 1 prestige is lost."""
    state = _due((2, 0, 1, 0))
    assert state.players[0].money == 10
    assert state.players[0].prestige == 4


def _rounds(players: int, options: RulesOptions, seed: int) -> int:
    state = bremerhaven.new_game(players, seed=seed, options=options)
    while not bremerhaven.is_over(state):
        moves = bremerhaven.legal_moves(state)
        state = bremerhaven.apply_move(state, moves[seed % len(moves)])
    return state.round


@pytest.mark.rules("BH-SHORT-7", "BH-FLOW-2")
@pytest.mark.parametrize(("players", "rounds"), [(2, 10), (3, 9), (4, 8)])
def test_the_short_game_lasts_10_9_8_rounds(players: int, rounds: int) -> None:
    """004:1062: "exactly 10/9/8 rounds with 2/3/4 players", with the original set."""
    for seed in (1, 2):
        assert _rounds(players, RulesOptions(game="short"), seed) == rounds


@pytest.mark.rules("BH-FLOW-2")
def test_a_four_player_long_game_lasts_8_to_12_rounds() -> None:
    """004:323 with the original set's Progress cards (BH-CARD-11 gives its track)."""
    for seed in range(1, 9):
        assert 8 <= _rounds(4, RulesOptions(), seed) <= 12


@pytest.mark.rules("BH-SOLO-3", "BH-SOLO-17", "BH-FLOW-2")
def test_the_solo_game_lasts_10_rounds() -> None:
    for seed in (1, 2):
        assert _rounds(1, RulesOptions(), seed) == 10
