"""``validate``: nothing in positions reached by play, each broken invariant in a forged one.

Positions reached by play (drawn by the testing kit under every reading, 1 to 4 players,
the long and the short game) break nothing. Each kind of violation is then forged, one
test each, from a reached position that has what the forgery needs (a ship in a dock, a
contract with goods, the solo dummy, ...): ``validate`` must report it under its clause,
and nothing else. ``validate`` never raises, whatever it is given, and
:func:`bremerhaven.positions.position` builds valid positions from plain values or lists
what is broken.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bremerhaven
from bremerhaven import GameState, Good, RulesOptions, Space
from bremerhaven.cards.model import BuildingCard
from bremerhaven.errors import InvalidStateError, InvalidValueError
from bremerhaven.facts import GAME
from bremerhaven.positions import contract, goods, position, replace, ship
from bremerhaven.state import (
    BidCard,
    Harbour,
    PendingBid,
    PendingMovement,
    PendingPermits,
    PendingProduction,
    PendingStartingGood,
    PendingStep,
)
from bremerhaven.testing import states
from bremerhaven.validation import Violation, validate
from meeplekit.rng import SplitMix64
from meeplekit.spec import Specification

SPEC_IDS = frozenset(Specification("bremerhaven").rule_ids())


@pytest.mark.rules("BH-INT-3", "BH-MOVE-2", "BH-SEA-5", "BH-MONEY-2", "BH-COMP-2", "BH-ENGINE-1")
@settings(max_examples=80)
@given(states(max_decisions=400))
def test_positions_reached_by_play_break_nothing(state: GameState) -> None:
    assert validate(state) == ()


# --------------------------------------------------------------------------- a pool of positions


def _play(players: int, seed: int, options: RulesOptions) -> list[GameState]:
    state = bremerhaven.new_game(players, seed=seed, options=options)
    rng = SplitMix64(seed)
    found = [state]
    while not bremerhaven.is_over(state):
        state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
        found.append(state)
    return found


POOL: list[GameState] = [
    state
    for players, seed, options in (
        (3, 11, RulesOptions()),
        (4, 12, RulesOptions()),
        (2, 13, RulesOptions(game="short")),
        (1, 14, RulesOptions()),
        (2, 15, RulesOptions(goods_supply="unlimited")),
        (3, 16, RulesOptions(game="short", tied_top="excluded")),
    )
    for state in _play(players, seed, options)
]


def _find(test: Callable[[GameState], bool]) -> GameState:
    for state in POOL:
        if test(state):
            return state
    raise AssertionError("no position of the pool has what the forgery needs")


def _seat_with(state: GameState, test: Callable[[Harbour], bool]) -> int:
    return next(s for s in range(state.seats) if test(state.players[s]))


def _with_harbour(state: GameState, seat: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def _limited(state: GameState) -> bool:
    return state.options.goods_supply.value == "limited"


def _has_ship(h: Harbour) -> bool:
    return any(s is not None for s in h.docks)


def _has_contract(h: Harbour) -> bool:
    return any(p is not None for p in h.loading)


def _going_on(state: GameState) -> bool:
    return bool(state.stack)


# --------------------------------------------------------------------------- the forgeries


def _more_in_the_supply(state: GameState) -> GameState:
    goods_now = list(state.goods)
    goods_now[Good.CRATE] += 1
    return replace(state, goods=tuple(goods_now))


def _over_capacity(state: GameState) -> GameState:
    seat = 0
    h = state.players[seat]
    full = [0, 0, 0, 0]
    full[Good.BARREL] = 13
    supply = list(state.goods)
    supply[Good.BARREL] -= 13 - h.storage[Good.BARREL]
    forged = _with_harbour(state, seat, storage=(13, *h.storage[1:]))
    return replace(forged, goods=tuple(supply))


def _too_big(state: GameState) -> list[tuple[int, int]]:
    """The (seat, dock) of ships too big for their dock with the walls as at the start."""
    start = GAME.starting_walls
    return [
        (seat, dock)
        for seat, h in enumerate(state.players)
        for dock, berthed in enumerate(h.docks)
        if berthed is not None and berthed.card.berth > min(start[dock], start[dock + 1])
    ]


def _small_dock(state: GameState) -> GameState:
    seat, _ = _too_big(state)[0]
    return _with_harbour(state, seat, walls=GAME.starting_walls)


def _hand_of_nines(state: GameState) -> GameState:
    hand = state.players[0].hand
    return _with_harbour(state, 0, hand=tuple(sorted((*hand[:-2], 9, 9))))


def _swap_supply(state: GameState) -> GameState:
    h = state.players[0]
    hand = tuple(sorted((*h.hand[1:], h.supply[-1])))
    supply = tuple(sorted((h.hand[0], *h.supply[:-1])))
    return _with_harbour(state, 0, hand=hand, supply=supply)


def _short_hand(state: GameState) -> GameState:
    return _with_harbour(state, 0, hand=state.players[0].hand[1:])


def _ship_twice(state: GameState) -> GameState:
    return replace(state, ship_deck=(state.ship_deck[0], *state.ship_deck))


def _ship_lost(state: GameState) -> GameState:
    return replace(state, ship_deck=state.ship_deck[1:])


def _foreign_ship(state: GameState) -> GameState:
    foreign = attrs.evolve(state.ship_deck[0], key="stowaway", name="Stowaway")
    return replace(state, ship_deck=(foreign, *state.ship_deck[1:]))


def _contract_lost(state: GameState) -> GameState:
    return replace(state, contract_deck=state.contract_deck[1:])


def _building_twice(state: GameState) -> GameState:
    card = state.buildings[0]
    return _with_harbour(state, 0, held=(*state.players[0].held, card))


def _removed_buildings(state: GameState) -> list[BuildingCard]:
    """The Building cards that left the game (no bid, or the dummy's)."""
    present = {*state.buildings, *(b for h in state.players for b in (*h.held, *h.buildings) if b)}
    return [card for card in state.cards.buildings if card not in present]


def _buildings_back(state: GameState) -> GameState:
    return replace(state, buildings=(*_removed_buildings(state), *state.buildings))


def _price_lost(state: GameState) -> GameState:
    return replace(state, prices=state.prices[1:])


def _newspaper_lost(state: GameState) -> GameState:
    return replace(state, newspapers=state.newspapers[1:])


def _no_event(state: GameState) -> GameState:
    return replace(state, event=None)


def _step_on_top(state: GameState) -> GameState:
    return replace(state, stack=state.stack[:-1])


def _out_of_order(state: GameState) -> GameState:
    return replace(
        state, stack=(PendingStep("harbours"), PendingStep("clean-up"), *state.stack[1:])
    )


def _track_ahead(state: GameState) -> GameState:
    return replace(state, track=state.track + 1)


def _wall_too_high(state: GameState) -> GameState:
    walls = list(state.players[0].walls)
    walls[0] = len(state.cards.board.bollard_costs[0]) + 1
    return _with_harbour(state, 0, walls=tuple(walls))


def _cover_changed(state: GameState) -> GameState:
    h = state.players[0]
    space = next(s for s, c in enumerate(h.covers) if c is not None)
    covers = list(h.covers)
    covers[space] = (covers[space] or 0) + 1
    return _with_harbour(state, 0, covers=tuple(covers))


def _built_on_a_cover(state: GameState) -> GameState:
    h = state.players[0]
    space = next(s for s, c in enumerate(h.covers) if c is not None)
    buildings = list(h.buildings)
    buildings[space] = state.buildings[0]
    forged = _with_harbour(state, 0, buildings=tuple(buildings))
    return replace(forged, buildings=state.buildings[1:])


def _wrong_cargo(state: GameState) -> GameState:
    seat = _seat_with(state, lambda h: any(s is not None and s.card.cargo for s in h.docks))
    h = state.players[seat]
    dock = next(d for d, s in enumerate(h.docks) if s is not None and s.card.cargo is not None)
    berthed = h.docks[dock]
    assert berthed is not None
    other = next(g for g in Good if g is not berthed.good)
    docks = list(h.docks)
    docks[dock] = replace(berthed, good=other, goods=0)
    supply = list(state.goods)
    supply[berthed.good] += berthed.goods
    forged = _with_harbour(state, seat, docks=tuple(docks))
    return replace(forged, goods=tuple(supply))


def _timers_over(state: GameState) -> GameState:
    seat = _seat_with(state, _has_ship)
    h = state.players[seat]
    dock = next(d for d, s in enumerate(h.docks) if s is not None)
    berthed = h.docks[dock]
    assert berthed is not None
    docks = list(h.docks)
    docks[dock] = replace(berthed, timers=berthed.card.lay_time + 1)
    return _with_harbour(state, seat, docks=tuple(docks))


def _contract_overfilled(state: GameState) -> GameState:
    seat = _seat_with(state, _has_contract)
    h = state.players[seat]
    k = next(k for k, p in enumerate(h.loading) if p is not None)
    placed = h.loading[k]
    assert placed is not None
    extra = len(placed.card.goods) + 1
    delivered = list(placed.delivered)
    delivered[Good.PASSENGER] += extra
    loading = list(h.loading)
    loading[k] = replace(placed, delivered=tuple(delivered))
    supply = list(state.goods)
    supply[Good.PASSENGER] -= extra
    forged = _with_harbour(state, seat, loading=tuple(loading))
    return replace(forged, goods=tuple(supply))


def _rich_dummy(state: GameState) -> GameState:
    return _with_harbour(state, 1, money=5)


def _dummy_draw_lost(state: GameState) -> GameState:
    return replace(state, dummy_news=state.dummy_news[1:])


def _dummy_orders_in_a_table_game(state: GameState) -> GameState:
    return replace(state, dummy_orders=((0, 1, 2, 3, 4),))


def _conversion_of_two(state: GameState) -> GameState:
    top = state.stack[-1]
    assert isinstance(top, PendingMovement)
    return replace(state, stack=(*state.stack[:-1], PendingMovement(top.seat, 2)))


def _permits_not_bought(state: GameState) -> GameState:
    top = state.stack[-1]
    assert isinstance(top, PendingPermits)
    return replace(
        state, stack=(*state.stack[:-1], PendingPermits(top.seat, top.bought + 1, top.bought))
    )


def _starting_good_in_the_long_game(state: GameState) -> GameState:
    return replace(state, stack=(PendingStep("round"), PendingStartingGood(0, 1)))


def _bid_off_the_board(state: GameState) -> GameState:
    top = state.stack[-1]
    assert isinstance(top, PendingBid)
    h = state.players[top.seat]
    bid = BidCard(Space.SEA_4, top.seat, h.hand[0])
    forged = _with_harbour(state, top.seat, hand=h.hand[1:])
    # The turn passes to the next rank, as after any card placed (BH-BID-1).
    following = state.ranks[(len(state.bids) + 1) % len(state.ranks)]
    return replace(
        forged, bids=(*state.bids, bid), stack=(*state.stack[:-1], PendingBid(following))
    )


def _ranks_repeated(state: GameState) -> GameState:
    return replace(state, ranks=(state.ranks[0],) * len(state.ranks))


def _dummy_decides(state: GameState) -> GameState:
    return replace(state, stack=(*state.stack[:-1], PendingBid(1)))


def _produced_by_nothing(state: GameState) -> GameState:
    top = state.stack[-1]
    assert isinstance(top, PendingProduction)
    h = state.players[top.seat]
    empty = next(s for s, b in enumerate(h.buildings) if b is None)
    return replace(
        state, stack=(*state.stack[:-1], PendingProduction(top.seat, frozenset({empty})))
    )


def _opened_but_covered(state: GameState) -> GameState:
    h = state.players[0]
    k = next(k for k in range(4) if h.covers[k] is not None)
    return _with_harbour(state, 0, opened=frozenset({k}))


def _turn_of_another_seat(state: GameState) -> GameState:
    stack = list(state.stack)
    i = next(i for i, p in enumerate(stack) if isinstance(p, PendingMovement))
    pending = stack[i]
    assert isinstance(pending, PendingMovement)
    stack[i] = PendingMovement((pending.seat + 1) % state.seats, 0)
    return replace(state, stack=tuple(stack))


def _unlimited_supply_spent(state: GameState) -> GameState:
    return replace(state, goods=(40, 40, 39, 40))


def _negative(field: str) -> Callable[[GameState], GameState]:
    def forge(state: GameState) -> GameState:
        return _with_harbour(state, 0, **{field: -1})

    return forge


def _top_is(kind: type) -> Callable[[GameState], bool]:
    return lambda state: bool(state.stack) and isinstance(state.stack[-1], kind)


def _long(state: GameState) -> bool:
    return not (state.options.short or state.solo) and _going_on(state)


#: A forgery, the positions it starts from, and the clause ``validate`` must name.
FORGERIES: dict[str, tuple[Callable[[GameState], GameState], Callable[[GameState], bool], str]] = {
    "goods not conserved": (_more_in_the_supply, _limited, "BH-INT-3"),
    "the unlimited supply spent": (
        _unlimited_supply_spent, lambda s: not _limited(s), "BH-INT-3"
    ),
    "storage over capacity": (_over_capacity, lambda s: _limited(s) and s.seats > 1, "BH-MOVE-2"),
    "a ship in too small a dock": (_small_dock, lambda s: bool(_too_big(s)), "BH-SEA-5"),
    "debt": (_negative("money"), _going_on, "BH-MONEY-2"),
    "a negative Bank": (_negative("bank"), _going_on, "BH-MONEY-3"),
    "negative prestige": (_negative("prestige"), _going_on, "BH-PRESTIGE-1"),
    "influence not of one colour": (_hand_of_nines, _top_is(PendingBid), "BH-COMP-2"),
    "a supply not taken lowest first": (_swap_supply, _top_is(PendingBid), "BH-GROW-2"),
    "a card missing from the hand": (_short_hand, _top_is(PendingBid), "BH-RETURN-1"),
    "ranks not a permutation": (_ranks_repeated, lambda s: s.seats > 1, "BH-FLOW-3"),
    "a ship in two places": (_ship_twice, lambda s: bool(s.ship_deck), "BH-COMP-4"),
    "a ship lost": (_ship_lost, lambda s: bool(s.ship_deck), "BH-SETUP-1"),
    "a ship of another set": (_foreign_ship, lambda s: bool(s.ship_deck), "BH-SETUP-1"),
    "a contract lost": (_contract_lost, lambda s: bool(s.contract_deck), "BH-SETUP-1"),
    "a building in two places": (_building_twice, lambda s: bool(s.buildings), "BH-COMP-4"),
    "the Building stack not shrinking": (
        _buildings_back, lambda s: bool(_removed_buildings(s)) and _going_on(s), "BH-BUILDING-1"
    ),
    "a Price card lost": (_price_lost, _going_on, "BH-SETUP-4"),
    "a Newspaper card lost": (_newspaper_lost, _long, "BH-PROGRESS-3"),
    "no event after round 1": (_no_event, lambda s: _long(s) and s.round > 1, "BH-EVENT-2"),
    "a step on top": (_step_on_top, _top_is(PendingBid), "BH-ENGINE-7"),
    "the program out of order": (_out_of_order, lambda s: len(s.stack) > 3, "BH-ENGINE-2"),
    "the Ship token ahead in the short game": (
        _track_ahead, lambda s: s.options.short and s.seats > 1 and _going_on(s), "BH-SHORT-7"
    ),
    "the Ship token ahead in the solo game": (
        _track_ahead, lambda s: s.solo and _going_on(s), "BH-SOLO-3"
    ),
    "the end before the last space": (
        lambda s: replace(s, track=s.track - 1), lambda s: not s.stack, "BH-PROGRESS-2"
    ),
    "a wall over its positions": (_wall_too_high, _going_on, "BH-PERMIT-4"),
    "a cover of the wrong cost": (
        _cover_changed, lambda s: _long(s) and any(s.players[0].covers), "BH-SETUP-7"
    ),
    "a building on a cover": (
        _built_on_a_cover, lambda s: _long(s) and bool(s.buildings), "BH-PERMIT-6"
    ),
    "a ship with another cargo": (
        _wrong_cargo,
        lambda s: _limited(s)
        and any(x is not None and x.card.cargo is not None for h in s.players for x in h.docks),
        "BH-SEA-4",
    ),
    "a ship with too many time markers": (
        _timers_over, lambda s: any(_has_ship(h) for h in s.players), "BH-SEA-3"
    ),
    "a contract with goods it does not need": (
        _contract_overfilled,
        lambda s: _limited(s) and any(_has_contract(h) for h in s.players[: s.seats]),
        "BH-LAND-4",
    ),
    "the dummy with money": (_rich_dummy, lambda s: s.solo, "BH-SOLO-10"),
    "a dummy's draw lost": (_dummy_draw_lost, lambda s: s.solo and _going_on(s), "BH-SOLO-9"),
    "the dummy's orders at a table": (
        _dummy_orders_in_a_table_game, lambda s: not s.solo, "BH-SOLO-8"
    ),
    "the dummy deciding": (_dummy_decides, lambda s: s.solo and _top_is(PendingBid)(s), "BH-ENGINE-12"),
    "a conversion of two": (_conversion_of_two, _top_is(PendingMovement), "BH-ENGINE-9"),
    "permits not bought": (_permits_not_bought, _top_is(PendingPermits), "BH-PERMIT-8"),
    "starting goods in the long game": (
        _starting_good_in_the_long_game, lambda s: _long(s) and s.round == 1, "BH-SHORT-6"
    ),
    "a bid off the board": (
        _bid_off_the_board, lambda s: s.seats == 3 and _top_is(PendingBid)(s), "BH-BID-2"
    ),
    "production by no building": (_produced_by_nothing, _top_is(PendingProduction), "BH-PROD-3"),
    "an opened loading dock still covered": (
        _opened_but_covered, lambda s: _long(s) and s.players[0].covers[2] is not None, "BH-INT-5"
    ),
    "another seat's decision in a turn": (
        _turn_of_another_seat,
        lambda s: s.seats > 1 and sum(isinstance(p, PendingMovement) for p in s.stack) >= 2,
        "BH-ENGINE-2",
    ),
}  # fmt: skip


@pytest.mark.rules(
    "BH-INT-3", "BH-MOVE-2", "BH-SEA-5", "BH-MONEY-2", "BH-MONEY-3", "BH-PRESTIGE-1",
    "BH-COMP-2", "BH-GROW-2", "BH-RETURN-1", "BH-FLOW-3", "BH-COMP-4", "BH-SETUP-1",
    "BH-BUILDING-1", "BH-SETUP-4", "BH-PROGRESS-3", "BH-EVENT-2", "BH-ENGINE-7",
    "BH-ENGINE-2", "BH-SHORT-7", "BH-SOLO-3", "BH-PROGRESS-2", "BH-PERMIT-4", "BH-SETUP-7",
    "BH-PERMIT-6", "BH-SEA-4", "BH-SEA-3", "BH-LAND-4", "BH-SOLO-10", "BH-SOLO-9",
    "BH-SOLO-8", "BH-ENGINE-12", "BH-ENGINE-9", "BH-PERMIT-8", "BH-SHORT-6", "BH-BID-2",
    "BH-PROD-3", "BH-INT-5",
)  # fmt: skip
@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_validate_finds_each_forged_violation(name: str) -> None:
    forge, wanted, rule = FORGERIES[name]
    base = _find(wanted)
    assert validate(base) == ()
    found = validate(forge(base))
    assert found, name
    assert {v.rule_id for v in found} == {rule}, found
    assert all(v.rule_id in SPEC_IDS for v in found)


# --------------------------------------------------------------------------- types


#: A forgery of a field's type or size, and the clause ``validate`` must name.
SHAPES: dict[str, tuple[Callable[[GameState], object], str]] = {
    "not a state": (lambda s: s.players[0], "BH-INPUT-1"),
    "options of another kind": (lambda s: replace(s, options="long"), "BH-INPUT-1"),
    "cards of another kind": (lambda s: replace(s, cards=None), "BH-CARD-14"),
    "five seats": (lambda s: replace(s, seats=5), "BH-COMP-1"),
    "a harbour missing": (lambda s: replace(s, players=s.players[1:]), "BH-COMP-1"),
    "a board too short": (lambda s: replace(s, sea=s.sea[1:]), "BH-SETUP-2"),
    "storage of three goods": (lambda s: _with_harbour(s, 0, storage=(0, 0, 0)), "BH-MOVE-2"),
    "money as text": (lambda s: _with_harbour(s, 0, money="5"), "BH-MONEY-1"),
    "a hand of tens": (lambda s: _with_harbour(s, 0, hand=(10,)), "BH-COMP-2"),
    "eleven covers": (lambda s: _with_harbour(s, 0, covers=(None,) * 11), "BH-HARBOR-2"),
    "two docks": (lambda s: _with_harbour(s, 0, docks=(None, None)), "BH-HARBOR-4"),
    "a set of docks": (lambda s: _with_harbour(s, 0, opened={0}), "BH-INT-5"),
    "a stack of a list": (lambda s: replace(s, stack=list(s.stack)), "BH-ENGINE-1"),
    "an unknown step": (lambda s: replace(s, stack=(PendingStep("nap"),)), "BH-ENGINE-7"),
    "a decision of no seat": (lambda s: replace(s, stack=(*s.stack[:-1], PendingBid(7))), "BH-ENGINE-12"),
    "round 0": (lambda s: replace(s, round=0), "BH-FLOW-1"),
    "goods of floats": (lambda s: replace(s, goods=(40.0, 40, 40, 40)), "BH-SETUP-12"),
}  # fmt: skip


@pytest.mark.rules(
    "BH-INPUT-1", "BH-CARD-14", "BH-COMP-1", "BH-SETUP-2", "BH-MOVE-2", "BH-MONEY-1",
    "BH-COMP-2", "BH-HARBOR-2", "BH-HARBOR-4", "BH-INT-5", "BH-ENGINE-1", "BH-ENGINE-7",
    "BH-ENGINE-12", "BH-FLOW-1", "BH-SETUP-12",
)  # fmt: skip
@pytest.mark.parametrize("name", sorted(SHAPES))
def test_validate_names_a_field_of_the_wrong_type_or_size(name: str) -> None:
    forge, rule = SHAPES[name]
    found = validate(forge(_find(_top_is(PendingBid))))
    assert rule in {v.rule_id for v in found}, found


_ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 50),
    st.text(max_size=3),
    st.tuples(st.integers(-1, 9)),
)


@pytest.mark.rules("BH-INPUT-1")
@settings(max_examples=300)
@given(
    index=st.integers(0, len(POOL) - 1),
    target=st.sampled_from(["state", "harbour"]),
    field=st.data(),
    value=_ANY,
)
def test_validate_never_raises(
    index: int, target: str, field: st.DataObject, value: object
) -> None:
    state = POOL[index]
    if target == "state":
        name = field.draw(st.sampled_from([f.name for f in attrs.fields(GameState)]))
        forged = replace(state, **{name: value})
    else:
        name = field.draw(st.sampled_from([f.name for f in attrs.fields(Harbour)]))
        forged = _with_harbour(state, 0, **{name: value})
    found = validate(forged)
    assert isinstance(found, tuple)
    assert all(type(v) is Violation and v.rule_id in SPEC_IDS for v in found)


# --------------------------------------------------------------------------- positions


@pytest.mark.rules("BH-INT-3", "BH-SEA-5", "BH-LAND-4")
def test_position_builds_valid_positions_from_plain_values() -> None:
    start = bremerhaven.new_game(3, seed=2)
    cards = start.cards
    ship_card = start.ship_deck[0]
    wild = next(c for c in start.ship_deck if c.cargo is None)
    order = start.contract_deck[0]
    made = position(
        start,
        harbours={
            1: {
                "storage": {"crate": 3, Good.BARREL: 1},
                "walls": [3, 3, 3, 3],
                "docks": [
                    ship_card.key,
                    None,
                    {"key": wild.key, "good": "passenger", "goods": 1, "timers": 1},
                ],
                "loading": [None, order.key, None, None],
                "money": 17,
            }
        },
    )
    h = made.players[1]
    assert h.storage == (1, 0, 3, 0) and h.money == 17
    assert h.docks[0] == ship(cards, ship_card.key)
    assert h.docks[2] == ship(cards, wild.key, good=Good.PASSENGER, goods=1, timers=1)
    assert h.loading[1] == contract(cards, order.key)
    assert ship_card not in made.ship_deck and order not in made.contract_deck
    assert validate(made) == ()
    # Replacing the ships counts the old ones as discarded; goods stay 40 each.
    again = position(made, harbours={1: {"docks": [None, None, None]}})
    assert again.discarded_ships == made.discarded_ships + 2
    assert (
        sum(again.goods)
        + sum(again.players[1].storage)
        + sum(sum(p.delivered) for h in again.players for p in h.loading if p is not None)
        == 160
    )
    assert goods([0, 1, 2, 3]) == (0, 1, 2, 3)


@pytest.mark.rules("BH-SEA-5", "BH-MONEY-2")
def test_position_refuses_what_breaks_an_invariant_and_replace_unknown_fields() -> None:
    start = bremerhaven.new_game(2, seed=2)
    big = next(c for c in start.ship_deck if c.berth >= 2)
    with pytest.raises(InvalidStateError) as caught:
        position(start, harbours={0: {"docks": [big.key, None, None]}})
    assert {v.rule_id for v in caught.value.violations} == {"BH-SEA-5"}
    with pytest.raises(InvalidValueError):
        position(start, harbours={0: {"docks": ["no-such-ship", None, None]}})
    with pytest.raises(InvalidValueError):
        position(start, harbours={0: {"gold": 1}})
    with pytest.raises(InvalidValueError):
        replace(start, gold=1)
    with pytest.raises(InvalidValueError):
        replace("a state")  # type: ignore[type-var]
    with pytest.raises(InvalidValueError):
        goods({"gold": 1})
