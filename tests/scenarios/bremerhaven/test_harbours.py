"""The Individual action phase: BH-PROD, BH-MOVE, BH-PRESTIGE, BH-TIME."""

from __future__ import annotations

import attrs
import pytest

import bremerhaven
from bremerhaven import (
    Deliver,
    EndMovement,
    EndProduction,
    Pack,
    Produce,
    Unload,
    Unpack,
)
from bremerhaven.cards.model import BuildingCard, FreeConversion
from bremerhaven.cards.model import Produce as Production
from bremerhaven.state import (
    Berthed,
    PendingMovement,
    PendingProduction,
    Placed,
)
from tests.support.bremerhaven import (
    BARREL,
    CONTAINER,
    CRATE,
    PASSENGER,
    WRONG_DECISION,
    after_bidding,
    asking,
    building,
    contract,
    end_round,
    events_of,
    game,
    harbour_turn,
    play,
    price,
    refused,
    rules_of,
    ship,
    with_harbour,
)

REFINERY = building("refinery", Production(good=BARREL), prestige=1)
MINT = building("mint", Production(money=2))
PLANT = building("loading-plant", FreeConversion())


def _row(*cards: BuildingCard | None) -> tuple[object, ...]:
    return (*cards, *(None,) * (12 - len(cards)))


def _movement(**harbour: object) -> bremerhaven.GameState:
    """Seat 0's 4.2 with ``harbour``'s fields, asked now (nothing automatic has run)."""
    return asking(with_harbour(game(2), 0, **harbour), PendingMovement(0, 0))


# --------------------------------------------------------------------------- 4.1


@pytest.mark.rules("BH-PROD-3")
def test_a_production_building_produces_once_into_storage() -> None:
    state = harbour_turn(with_harbour(game(2), 0, buildings=_row(REFINERY, MINT), money=0), 0)
    assert state.stack[-1] == PendingProduction(0, frozenset())
    state = play(state, Produce(0))
    assert state.players[0].storage == (1, 0, 0, 0)
    assert state.goods[BARREL] == 39
    assert refused(state, Produce(0)) == "BH-PROD-3"  # once a round
    state = play(state, Produce(1))
    assert state.players[0].money == 2


@pytest.mark.rules("BH-PROD-3")
def test_no_empty_space_no_production() -> None:
    # 6 open spaces, minus the refinery: 5; five passengers fill them.
    state = asking(
        with_harbour(game(2), 0, buildings=_row(REFINERY), storage=(0, 0, 0, 5)),
        PendingProduction(0, frozenset()),
    )
    assert refused(state, Produce(0)) == "BH-PROD-3"
    assert refused(state, Produce(4)) == "BH-PROD-3"  # no production building there


@pytest.mark.rules("BH-PROD-1", "BH-MOVE-1")
def test_produce_then_move_then_prestige_then_time() -> None:
    ferry = Berthed(ship("ferry", prestige=2, count=1), BARREL, 1, 1)
    state = with_harbour(game(2), 0, buildings=_row(REFINERY), docks=(ferry, None, None))
    state = harbour_turn(state, 0)
    assert isinstance(state.stack[-1], PendingProduction)
    # Both optional: producing nothing, the movement follows all the same.
    state = play(state, EndProduction())
    assert isinstance(state.stack[-1], PendingMovement)
    assert refused(state, Produce(0)) == WRONG_DECISION  # production is over
    state, events = events_of(state, Unload(0), EndMovement())
    rules = rules_of(events)
    # 4.3 (the ship's 2 and the refinery's 1) before 4.4 (the ship leaves).
    assert rules.index("BH-PRESTIGE-2") < rules.index("BH-TIME-4")
    assert state.players[0].prestige == 3
    assert state.players[0].storage == (1, 0, 0, 0)


@pytest.mark.rules("BH-PROD-2", "BH-ENGINE-6", "BH-INT-6")
def test_the_harbours_take_their_turns_in_rank_order() -> None:
    state = game(3)
    for seat in range(3):
        state = with_harbour(state, seat, buildings=_row(REFINERY))
    state = after_bidding(state, [], ranks=(1, 2, 0))
    order = []
    while isinstance(state.stack[-1], PendingProduction):
        order.append(bremerhaven.current_player(state))
        state = play(state, EndProduction())
    assert order == [1, 2, 0]


# --------------------------------------------------------------------------- 4.2


@pytest.mark.rules("BH-MOVE-2", "BH-ENGINE-8", "BH-INT-15")
def test_a_space_holds_one_good_or_two_crates() -> None:
    crates = Berthed(ship("crates", cargo=CRATE, count=5), CRATE, 5, 2)
    # 6 open spaces: 5 barrels and one crate use them all, yet a second crate fits beside it.
    state = _movement(storage=(5, 0, 1, 0), docks=(crates, None, None))
    state = play(state, Unload(0))
    assert state.players[0].storage == (5, 0, 2, 0)
    assert refused(state, Unload(0)) == "BH-MOVE-2"


@pytest.mark.rules("BH-MOVE-2", "BH-INT-15")
def test_storage_counts_use_passengers_barrels_containers_and_half_the_crates() -> None:
    from bremerhaven.rules.harbours import used_spaces

    assert used_spaces((1, 1, 3, 1)) == 1 + 1 + 1 + 2
    assert used_spaces((0, 0, 4, 0)) == 2


@pytest.mark.rules("BH-MOVE-3")
def test_goods_move_from_a_ship_to_storage() -> None:
    ferry = Berthed(ship("ferry", count=2), PASSENGER, 2, 2)
    state = _movement(docks=(None, ferry, None))
    state = play(state, Unload(1))
    assert state.players[0].storage == (0, 0, 0, 1)
    dock = state.players[0].docks[1]
    assert dock is not None and dock.goods == 1
    assert refused(state, Unload(0)) == "BH-MOVE-3"  # no ship there


@pytest.mark.rules("BH-MOVE-3")
def test_an_empty_ship_has_nothing_to_unload() -> None:
    empty = Berthed(ship("empty"), BARREL, 0, 2)
    state = _movement(docks=(empty, None, None), storage=(1, 0, 2, 0), money=3)
    assert refused(state, Unload(0)) == "BH-MOVE-3"


@pytest.mark.rules("BH-MOVE-4")
def test_goods_move_from_storage_to_a_contract_that_needs_them() -> None:
    card = contract("order", goods=(BARREL, CRATE))
    ferry = Berthed(ship("ferry", count=2), BARREL, 2, 2)
    state = _movement(
        loading=(Placed(card, (0, 0, 0, 0), 2), None, None, None), docks=(ferry, None, None)
    )
    # Not from a ship straight to the contract: storage is empty.
    assert refused(state, Deliver(0, BARREL)) == "BH-MOVE-4"
    state = play(state, Unload(0), Deliver(0, BARREL))
    placed = state.players[0].loading[0]
    assert placed is not None and placed.delivered == (1, 0, 0, 0)
    assert state.players[0].storage == (0, 0, 0, 0)
    # The second barrel is stored; with nothing else to do, the movement ended by itself.
    state = asking(play(state, Unload(0)), PendingMovement(0, 0))
    assert state.players[0].storage == (1, 0, 0, 0)
    assert refused(state, Deliver(0, BARREL)) == "BH-MOVE-4"  # one barrel was enough
    assert refused(state, Deliver(1, BARREL)) == "BH-MOVE-4"  # no contract there


@pytest.mark.rules("BH-MOVE-5", "BH-MONEY-1")
def test_packing_and_unpacking_cost_1_money_and_use_the_supply() -> None:
    state = _movement(storage=(0, 1, 2, 0), money=2)
    state = play(state, Pack())
    assert state.players[0].storage == (0, 2, 0, 0)
    assert state.players[0].money == 1
    assert state.goods[CRATE] == 42 and state.goods[CONTAINER] == 39
    state = _movement(storage=(0, 1, 0, 0), money=1)
    state = play(state, Unpack())
    assert state.players[0].storage == (0, 0, 2, 0)
    assert state.players[0].money == 0
    assert state.goods[CRATE] == 38 and state.goods[CONTAINER] == 41


@pytest.mark.rules("BH-MOVE-5")
def test_a_conversion_needs_the_goods_and_the_money() -> None:
    state = _movement(storage=(0, 0, 1, 0), money=5)
    assert refused(state, Pack()) == "BH-MOVE-5"
    assert refused(state, Unpack()) == "BH-MOVE-5"
    broke = _movement(storage=(0, 1, 2, 0), money=0)
    assert refused(broke, Pack()) == "BH-MOVE-5"
    assert refused(broke, Unpack()) == "BH-MOVE-5"


@pytest.mark.rules("BH-MOVE-5")
def test_only_stored_goods_are_converted() -> None:
    crates = Berthed(ship("crates", cargo=CRATE, count=4), CRATE, 4, 2)
    state = _movement(docks=(crates, None, None), money=5)
    assert refused(state, Pack()) == "BH-MOVE-5"


@pytest.mark.rules("BH-MOVE-6")
def test_moves_and_conversions_in_any_order_any_number_of_times() -> None:
    card = contract("mixed", goods=(CONTAINER, CRATE, CRATE))
    crates = Berthed(ship("crates", cargo=CRATE, count=5), CRATE, 5, 2)
    state = _movement(
        docks=(crates, None, None),
        loading=(Placed(card, (0, 0, 0, 0), 2), None, None, None),
        money=5,
    )
    state = play(
        state,
        Unload(0),
        Unload(0),
        Pack(),
        Deliver(0, CONTAINER),
        Unload(0),
        Deliver(0, CRATE),
        Unload(0),
        Unload(0),
        Deliver(0, CRATE),
    )
    placed = state.players[0].loading[0]
    assert placed is not None and placed.delivered == (0, 1, 2, 0)
    assert state.players[0].storage == (0, 0, 1, 0)
    assert state.players[0].money == 4


@pytest.mark.rules("BH-MOVE-7")
def test_the_loading_plant_converts_for_free() -> None:
    state = _movement(storage=(0, 0, 2, 0), money=0, buildings=_row(PLANT))
    state = play(state, Pack())
    assert state.players[0].storage == (0, 1, 0, 0)
    assert state.players[0].money == 0
    held = _movement(storage=(0, 0, 2, 0), money=0, held=(PLANT,))
    assert refused(held, Pack()) == "BH-MOVE-5"


# --------------------------------------------------------------------------- 4.3


@pytest.mark.rules("BH-PRESTIGE-1", "BH-PRESTIGE-2")
def test_the_clip_moves_up_to_the_harbours_worth() -> None:
    ships = (
        Berthed(ship("a", prestige=3, lay_time=3), BARREL, 0, 3),
        Berthed(ship("b", prestige=2, lay_time=3), BARREL, 0, 3),
        None,
    )
    state = with_harbour(game(2), 0, docks=ships, buildings=_row(building("h", prestige=2)))
    state = harbour_turn(state, 0)
    assert state.players[0].prestige == 7


@pytest.mark.rules("BH-PRESTIGE-2", "BH-PRESTIGE-3")
def test_the_clip_stays_when_the_harbour_is_worth_less() -> None:
    small = (Berthed(ship("small", prestige=1), BARREL, 0, 2), None, None)
    state = with_harbour(game(2), 0, prestige=5, docks=small)
    state = harbour_turn(state, 0)
    assert state.players[0].prestige == 5


@pytest.mark.rules("BH-PRESTIGE-3", "BH-TIME-4")
def test_prestige_stays_when_a_ship_leaves() -> None:
    star = (Berthed(ship("star", prestige=5, lay_time=1), BARREL, 0, 1), None, None)
    state = harbour_turn(with_harbour(game(2), 0, docks=star), 0)
    assert state.players[0].docks == (None, None, None)
    assert state.players[0].prestige == 5
    state = end_round(state)
    assert state.players[0].prestige == 5


# --------------------------------------------------------------------------- 4.4


@pytest.mark.rules("BH-TIME-1")
def test_one_marker_comes_off_every_card() -> None:
    staying = ship("a", lay_time=3)
    docks = (
        Berthed(staying, BARREL, 0, 3),
        Berthed(ship("b", lay_time=1), BARREL, 0, 1),
        None,
    )
    later = contract("x", delivery=4)
    loading = (
        Placed(later, (0, 0, 0, 0), 4),
        Placed(contract("y", delivery=1), (0, 0, 0, 0), 1),
        None,
        None,
    )
    state = harbour_turn(with_harbour(game(2), 0, docks=docks, loading=loading), 0)
    assert state.players[0].docks == (Berthed(staying, BARREL, 0, 2), None, None)
    assert state.players[0].loading == (Placed(later, (0, 0, 0, 0), 3), None, None, None)


@pytest.mark.rules("BH-TIME-1", "BH-SEA-3")
def test_a_ship_won_this_round_loses_a_marker_this_round() -> None:
    state = after_bidding(
        game(2),
        [(0, bremerhaven.Space.sea(1), 2)],
        sea=(ship("new", lay_time=2), ship("o")),
        ranks=(0, 1),
    )
    state = play(state, bremerhaven.Berth(0, BARREL))
    state = play(state, EndMovement())
    dock = state.players[0].docks[0]
    assert dock is not None and dock.timers == 1


@pytest.mark.rules("BH-TIME-2")
def test_a_due_contracts_goods_sell_at_the_top_price_complete_or_not() -> None:
    card = contract("half", delivery=1, goods=(PASSENGER, PASSENGER, None))
    state = with_harbour(
        game(2), 0, money=0, loading=(Placed(card, (0, 0, 1, 1), 1), None, None, None)
    )
    state = harbour_turn(state, 0, prices=(price("top", 1, 2, 5, 7), *game(2).prices))
    # One crate (for a wild) sells as a crate, one passenger as a passenger: 5 + 7.
    assert state.players[0].money == 12
    assert state.goods[PASSENGER] == 41 and state.goods[CRATE] == 41


@pytest.mark.rules("BH-TIME-3")
def test_a_due_contract_gives_its_reward_or_costs_its_penalty_then_leaves() -> None:
    from bremerhaven.cards.model import Stake

    card = contract("deal", delivery=1, reward=Stake(money=3), penalty=Stake(money=2))
    done = with_harbour(
        game(2), 0, money=5, loading=(Placed(card, (1, 0, 0, 0), 1), None, None, None)
    )
    missed = with_harbour(
        game(2), 0, money=5, loading=(Placed(card, (0, 0, 0, 0), 1), None, None, None)
    )
    sale = done.prices[0].price(BARREL)
    assert harbour_turn(done, 0).players[0].money == 5 + sale + 3
    after = harbour_turn(missed, 0).players[0]
    assert after.money == 5 - 2
    assert after.loading[0] is None


@pytest.mark.rules("BH-TIME-4")
def test_a_due_ship_leaves_with_its_goods_back_to_the_supply() -> None:
    ferry = Berthed(ship("ferry", lay_time=1, count=3), PASSENGER, 3, 1)
    state = with_harbour(game(2), 0, docks=(None, ferry, None))
    state = attrs.evolve(state, goods=(40, 40, 40, 37))
    state = harbour_turn(state, 0)
    assert state.stack[-1] == PendingMovement(0, 0)
    state = play(state, EndMovement())  # the three passengers stay on board
    assert state.players[0].docks == (None, None, None)
    assert state.goods[PASSENGER] == 40
