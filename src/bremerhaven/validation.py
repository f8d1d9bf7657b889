"""Checking a position: :func:`validate` lists every broken invariant, each naming its clause.

A state reached by playing from :func:`bremerhaven.new_game` is always valid. A state made
or edited by hand (``attrs.evolve``, :func:`bremerhaven.positions.replace`, a JSON
document) may not be, and the engine's promises (legal moves exist while the game goes on,
every legal move applies) hold only for valid states.

The checks, after the types and sizes of every field:

- goods: under the limited supply each good's 40 pieces are in the supply, in storage, on
  ships or delivered to contracts; under the unlimited supply the supply stays at 40
  (BH-INT-3); storage never holds more than the harbour's spaces (BH-MOVE-2);
- ships berth only where the dock is large enough (BH-SEA-5; walls only grow, so it still
  holds), carry their own cargo (BH-SEA-4) and have time markers left (BH-SEA-3);
  contracts hold only goods they need (BH-LAND-4);
- money, the Bank and prestige are never below 0 (BH-MONEY-2, BH-MONEY-3, BH-PRESTIGE-1);
- influence: hand, supply and placed bids are drawn from one colour's 12 cards
  (BH-COMP-2), the supply is what is left of the 7 set aside after taking the lowest
  (BH-GROW-2), and hand and placed bids make 5 cards, 6 after growing (BH-RETURN-1);
- ranks are a permutation of the seats (BH-FLOW-3); the Sea and Land boards have a space
  per player (BH-SETUP-2);
- cards: every Ship and Contract card of the game's deck is on a board, in its deck, in a
  harbour, waiting to be berthed or placed, or counted as discarded (BH-SETUP-1); each
  Building card is in the stack or with one player at most, and the stack has lost a card
  each round (BH-BUILDING-1: exactly one in play; how many left the game is not recorded,
  so a position made by hand may give players cards from the stack); the Price cards are all in their stack (BH-SETUP-4); one
  Newspaper card leaves the rack each round (BH-PROGRESS-3);
- the Ship token, the round and the end agree (BH-SHORT-7, BH-PROGRESS-1, BH-PROGRESS-2);
- the pending decisions form a round's program in order (BH-ENGINE-1, BH-ENGINE-2), with a
  decision on top (BH-ENGINE-7); while bidding, the cards of the round are placed in rank
  order from the Captain and the pending bidder is the next (BH-BID-1, BH-INPUT-6); an
  owner chooses the order of due contracts only under that reading and when it can change
  the result, the due contracts waiting without time markers, and after the end only the
  leftover contracts' order is pending (BH-INT-16).

Checks that depend on a broken one are skipped, so that :func:`validate` never raises,
whatever it is given.

>>> import bremerhaven
>>> from bremerhaven.positions import replace
>>> state = bremerhaven.new_game(2, seed=1)
>>> validate(state)
()
>>> poorer = replace(state.players[0], money=-1)
>>> validate(replace(state, players=(poorer, state.players[1])))[0].rule_id
'BH-MONEY-2'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from bremerhaven.cards.model import (
    BOLLARD_WALLS,
    DOCKS,
    LOADING_DOCKS,
    SPACES,
    BuildingCard,
    CardSet,
    ContractCard,
    Good,
    HoldsGoods,
    NewspaperCard,
    PriceCard,
    ShipCard,
    Space,
)
from bremerhaven.facts import GAME
from bremerhaven.options import DueOrder, GoodsSupply, LeftoverContracts, RulesOptions
from bremerhaven.rules.outcomes import order_matters
from bremerhaven.state import (
    Berthed,
    BidCard,
    GameState,
    Harbour,
    Pending,
    PendingBerth,
    PendingBid,
    PendingCareer,
    PendingContract,
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
from meeplekit import options as shared_options
from meeplekit.values import member_test, shown

__all__ = ["PHASES", "Violation", "options_ok", "validate"]

#: The automatic steps of a round (:class:`~bremerhaven.state.PendingStep` phases).
PHASES = (
    "round",
    "parking",
    "building",
    "permit",
    "grow",
    "price",
    "career",
    "income",
    "sea",
    "land",
    "harbours",
    "settle",
    "clean-up",
)

_is_good = member_test(Good)
_is_space = member_test(Space)
_PENDING_TYPES = (
    PendingStartingGood,
    PendingBid,
    PendingPermits,
    PendingGrow,
    PendingPrice,
    PendingCareer,
    PendingBerth,
    PendingContract,
    PendingProduction,
    PendingMovement,
    PendingStep,
    PendingDue,
)
#: The whole-number fields of each kind of pending decision.
_PENDING_INTS: dict[type, tuple[str, ...]] = {
    PendingStartingGood: ("seat", "left"),
    PendingBid: ("seat",),
    PendingPermits: ("seat", "permits", "bought"),
    PendingGrow: ("seat",),
    PendingPrice: ("seat",),
    PendingCareer: ("seat",),
    PendingBerth: ("seat",),
    PendingContract: ("seat",),
    PendingProduction: ("seat",),
    PendingMovement: ("seat", "last"),
    PendingStep: ("index",),
    PendingDue: ("seat",),
}
#: Where each item sits in a round's program, bottom (0) to top: a stack lists them in
#: this order, never down (BH-ENGINE-2).
_STEP_RANK = {
    "round": 0,
    "clean-up": 2,
    "harbours": 3,
    "settle": 4,
    "land": 5,
    "sea": 7,
    "income": 9,
    "career": 10,
    "price": 11,
    "grow": 12,
    "permit": 13,
    "building": 14,
    "parking": 15,
}
_DECISION_RANK: dict[type, int] = {
    PendingStartingGood: 1,
    PendingDue: 4,
    PendingMovement: 4,
    PendingProduction: 4,
    PendingContract: 6,
    PendingBerth: 8,
    PendingCareer: 10,
    PendingPrice: 11,
    PendingGrow: 12,
    PendingPermits: 13,
    PendingBid: 16,
}
#: The kinds that may stand several times at one rank.
_REPEATED = (PendingStartingGood, PendingGrow, PendingPermits)
#: The most a whole number in a position may be: 64 bits, so that it fits a document.
_MOST = (1 << 63) - 1


@attrs.frozen(slots=True)
class Violation:
    """One broken invariant: the clause it breaks and what is wrong."""

    rule_id: str
    reason: str


def validate(state: object) -> tuple[Violation, ...]:
    """Every invariant ``state`` breaks, each naming its clause; ``()`` for a valid position.

    The types and sizes of every field come first; if they are wrong nothing else is
    checked. Then the goods, the harbours, influence, ranks and boards, the cards, the
    Ship token and round, and the pending decisions (see the module's documentation).
    Never raises.
    """
    found = list(_types(state))
    if found:
        return tuple(found)
    assert isinstance(state, GameState)
    try:
        for check in (_goods, _harbours, _influence, _table, _cards, _progress, _stack):
            found.extend(check(state))
    except Exception as exc:  # pragma: no cover - a safety net: validate never raises
        found.append(Violation("BH-INPUT-1", f"the position cannot be checked: {exc!r}"))
    return tuple(found)


# --------------------------------------------------------------------------- types


def _whole(value: object, low: int = 0, high: int = _MOST) -> bool:
    return type(value) is int and low <= value <= high


def options_ok(options: object) -> bool:
    """Whether ``options`` is :class:`RulesOptions` as its constructor makes it.

    Each field holds one of its enum's members itself or a bool, and the value equals, and
    hashes as, what the constructor makes of its fields.
    """
    return shared_options.made_options(options, RulesOptions)


def _tuple_of(value: object, kind: type, size: int | None = None) -> bool:
    return (
        type(value) is tuple
        and (size is None or len(value) == size)
        and all(type(item) is kind for item in value)
    )


def _ints(value: object, size: int | None = None, low: int = 0, high: int = _MOST) -> bool:
    return (
        type(value) is tuple
        and (size is None or len(value) == size)
        and all(_whole(v, low, high) for v in value)
    )


def _optional(value: object, kind: type, size: int) -> bool:
    return (
        type(value) is tuple
        and len(value) == size
        and all(item is None or type(item) is kind for item in value)
    )


def _types(state: object) -> Iterator[Violation]:
    """Exact types, sizes and ranges of every field, before anything else."""
    if type(state) is not GameState:
        yield Violation("BH-INPUT-1", f"not a GameState: {type(state).__name__}")
        return
    try:
        values = {f.name: getattr(state, f.name) for f in attrs.fields(GameState)}
    except AttributeError:
        yield Violation("BH-INPUT-1", "a field of the state was never set")
        return
    if not options_ok(values["options"]):
        yield Violation(
            "BH-INPUT-1", f"options must be RulesOptions, got {shown(values['options'])}"
        )
    if type(values["cards"]) is not CardSet:
        yield Violation("BH-CARD-14", f"cards must be a CardSet, got {shown(values['cards'])}")
    seats = values["seats"]
    if not _whole(seats, 1, 4):
        yield Violation("BH-COMP-1", f"seats must be 1 to 4, got {shown(seats)}")
        return
    table = 2 if seats == 1 else seats
    players = values["players"]
    if not _tuple_of(players, Harbour, table):
        rule = "BH-SOLO-1" if seats == 1 else "BH-COMP-1"
        yield Violation(rule, f"players must be {table} harbours for {seats} seat(s)")
        return
    for seat, harbour in enumerate(players):
        yield from _harbour_types(seat, harbour)
    if not _ints(values["ranks"], table):
        yield Violation("BH-FLOW-3", f"ranks must be {table} seats, got {shown(values['ranks'])}")
    if not _whole(values["round"], 1):
        yield Violation(
            "BH-FLOW-1", f"round must be a whole number >= 1, got {shown(values['round'])}"
        )
    if not _whole(values["track"]):
        yield Violation(
            "BH-SETUP-3", f"track must be a whole number >= 0, got {shown(values['track'])}"
        )
    boards: tuple[tuple[str, type], ...] = (("sea", ShipCard), ("land", ContractCard))
    for name, kind in boards:
        if not _optional(values[name], kind, table):
            yield Violation(
                "BH-SETUP-2", f"{name} must hold {table} spaces of {kind.__name__} or None"
            )
    if not _tuple_of(values["bids"], BidCard):
        yield Violation("BH-BID-2", "bids must be a tuple of BidCard")
    else:
        for bid in values["bids"]:
            if not (_is_space(bid.space) and _whole(bid.seat) and _whole(bid.value, 1, 9)):
                yield Violation("BH-BID-2", f"not a placed influence card: {shown(bid)}")
    decks: tuple[tuple[str, type, str], ...] = (
        ("ship_deck", ShipCard, "BH-SETUP-1"),
        ("contract_deck", ContractCard, "BH-SETUP-1"),
        ("buildings", BuildingCard, "BH-SETUP-4"),
        ("prices", PriceCard, "BH-SETUP-4"),
        ("newspapers", NewspaperCard, "BH-SETUP-5"),
        ("dummy_news", NewspaperCard, "BH-SOLO-8"),
    )
    for name, kind, rule in decks:
        if not _tuple_of(values[name], kind):
            yield Violation(rule, f"{name} must be a tuple of {kind.__name__}")
    if values["event"] is not None and type(values["event"]) is not NewspaperCard:
        yield Violation(
            "BH-EVENT-1", f"event must be a NewspaperCard or None, got {shown(values['event'])}"
        )
    if not _ints(values["goods"], 4):
        yield Violation(
            "BH-SETUP-12", "goods must be 4 counts >= 0 (barrel, container, crate, passenger)"
        )
    for name in ("discarded_ships", "discarded_contracts"):
        if not _whole(values[name]):
            yield Violation(
                "BH-SETUP-1", f"{name} must be a whole number >= 0, got {shown(values[name])}"
            )
    orders = values["dummy_orders"]
    if type(orders) is not tuple or not all(_ints(o) for o in orders):
        yield Violation("BH-SOLO-6", "dummy_orders must be a tuple of tuples of whole numbers")
    stack = values["stack"]
    if type(stack) is not tuple:
        yield Violation("BH-ENGINE-1", f"stack must be a tuple, got {shown(stack)}")
        return
    for pending in stack:
        yield from _pending_types(pending, table)


def _harbour_types(seat: int, h: Harbour) -> Iterator[Violation]:
    who = f"seat {seat}"
    try:
        values = {f.name: getattr(h, f.name) for f in attrs.fields(Harbour)}
    except AttributeError:
        yield Violation("BH-INPUT-1", f"a field of {who}'s harbour was never set")
        return
    for name, rule in (
        ("money", "BH-MONEY-1"),
        ("prestige", "BH-PRESTIGE-1"),
        ("bank", "BH-MONEY-3"),
    ):
        if type(values[name]) is not int or not -_MOST <= values[name] <= _MOST:
            yield Violation(
                rule, f"{who}: {name} must be a whole number, got {shown(values[name])}"
            )
    for name in ("hand", "supply"):
        if not _ints(values[name], None, 1, 9):
            yield Violation("BH-COMP-2", f"{who}: {name} must be influence values 1-9")
    if (
        type(values["covers"]) is not tuple
        or len(values["covers"]) != SPACES
        or not all(c is None or _whole(c) for c in values["covers"])
    ):
        yield Violation("BH-HARBOR-2", f"{who}: covers must give each of the {SPACES} spaces")
    if not _optional(values["buildings"], BuildingCard, SPACES):
        yield Violation("BH-HARBOR-2", f"{who}: buildings must give each of the {SPACES} spaces")
    if not _tuple_of(values["held"], BuildingCard):
        yield Violation("BH-BUILDING-2", f"{who}: held must be a tuple of BuildingCard")
    if not _ints(values["storage"], 4):
        yield Violation("BH-MOVE-2", f"{who}: storage must be 4 counts >= 0")
    if not _ints(values["walls"], BOLLARD_WALLS):
        yield Violation("BH-HARBOR-4", f"{who}: walls must be {BOLLARD_WALLS} bollard counts >= 0")
    if not _optional(values["docks"], Berthed, DOCKS):
        yield Violation("BH-HARBOR-4", f"{who}: docks must be {DOCKS} ships or None")
    else:
        for dock, ship in enumerate(values["docks"]):
            if ship is not None and not (
                type(ship.card) is ShipCard
                and _is_good(ship.good)
                and _whole(ship.goods)
                and _whole(ship.timers)
            ):
                yield Violation(
                    "BH-SEA-2", f"{who}: dock {dock} holds a malformed ship {shown(ship)}"
                )
    if not _optional(values["loading"], Placed, LOADING_DOCKS):
        yield Violation("BH-HARBOR-6", f"{who}: loading must be {LOADING_DOCKS} contracts or None")
    else:
        for k, placed in enumerate(values["loading"]):
            if placed is not None and not (
                type(placed.card) is ContractCard
                and _ints(placed.delivered, 4)
                and _whole(placed.timers)
            ):
                yield Violation(
                    "BH-LAND-2",
                    f"{who}: loading dock {k} holds a malformed contract {shown(placed)}",
                )
    opened = values["opened"]
    if type(opened) is not frozenset or not all(_whole(k, 0, LOADING_DOCKS - 1) for k in opened):
        yield Violation("BH-INT-5", f"{who}: opened must be a frozenset of loading docks 0-3")


def _pending_types(pending: object, table: int) -> Iterator[Violation]:
    kind = type(pending)
    if kind not in _PENDING_TYPES:
        yield Violation("BH-ENGINE-1", f"not a pending decision: {shown(pending)}")
        return
    try:
        ints = {name: getattr(pending, name) for name in _PENDING_INTS[kind]}
    except AttributeError:
        yield Violation("BH-ENGINE-1", f"a field of {kind.__name__} was never set")
        return
    low = {"last": -1}
    for name, value in ints.items():
        if not _whole(value, low.get(name, 0)):
            yield Violation(
                "BH-ENGINE-1", f"{kind.__name__}.{name} must be a whole number, got {shown(value)}"
            )
            return
    if "seat" in ints and ints["seat"] >= table:
        yield Violation(
            "BH-ENGINE-12", f"{kind.__name__}.seat {ints['seat']} is no seat of {table}"
        )
    if isinstance(pending, PendingStep):
        if type(pending.phase) is not str or pending.phase not in PHASES:
            yield Violation("BH-ENGINE-7", f"unknown step {shown(pending.phase)}")
    elif isinstance(pending, PendingBerth) and type(pending.card) is not ShipCard:
        yield Violation(
            "BH-SEA-2", f"PendingBerth.card must be a ShipCard, got {shown(pending.card)}"
        )
    elif isinstance(pending, PendingContract) and type(pending.card) is not ContractCard:
        yield Violation(
            "BH-LAND-2", f"PendingContract.card must be a ContractCard, got {shown(pending.card)}"
        )
    elif isinstance(pending, PendingProduction) and (
        type(pending.used) is not frozenset
        or not all(_whole(s, 0, SPACES - 1) for s in pending.used)
    ):
        yield Violation("BH-PROD-3", "PendingProduction.used must be a frozenset of spaces 0-11")
    elif isinstance(pending, PendingDue) and (
        type(pending.docks) is not frozenset
        or not all(_whole(k, 0, LOADING_DOCKS - 1) for k in pending.docks)
        or type(pending.end) is not bool
    ):
        yield Violation(
            "BH-INT-16",
            "PendingDue.docks must be a frozenset of loading docks 0-3 and PendingDue.end "
            "True or False",
        )


# --------------------------------------------------------------------------- goods


def _storage_used(storage: Sequence[int]) -> int:
    """The spaces the goods take: 2 crates share one (BH-MOVE-2)."""
    crates = storage[Good.CRATE]
    return (
        storage[Good.BARREL] + storage[Good.CONTAINER] + storage[Good.PASSENGER] + (crates + 1) // 2
    )


def _capacity(h: Harbour) -> int:
    """Open spaces (cleared, no building) and the spaces of buildings that hold goods."""
    total = sum(1 for s in range(SPACES) if h.covers[s] is None and h.buildings[s] is None)
    for building in h.buildings:
        if building is not None:
            total += sum(e.spaces for e in building.effects if isinstance(e, HoldsGoods))
    return total


def _goods(state: GameState) -> Iterator[Violation]:
    """BH-INT-3: 40 of each good in all, under the limited supply."""
    if state.options.goods_supply is GoodsSupply.UNLIMITED:
        if state.goods != (GAME.goods,) * 4:
            yield Violation(
                "BH-INT-3", f"the unlimited supply stays at {GAME.goods} each, got {state.goods}"
            )
        return
    total = list(state.goods)
    for h in state.players:
        for good in Good:
            total[good] += h.storage[good]
        for ship in h.docks:
            if ship is not None:
                total[ship.good] += ship.goods
        for placed in h.loading:
            if placed is not None:
                for good in Good:
                    total[good] += placed.delivered[good]
    for good in Good:
        if total[good] != GAME.goods:
            yield Violation(
                "BH-INT-3",
                f"{good.key}s: the supply, storage, ships and contracts hold {total[good]}, "
                f"not {GAME.goods}",
            )


# --------------------------------------------------------------------------- harbours


def _accepts_all(card: ContractCard, delivered: Sequence[int]) -> bool:
    """Whether the goods delivered are goods the contract needs (wilds any type)."""
    wanted = [0, 0, 0, 0]
    wilds = 0
    for required in card.goods:
        if required is None:
            wilds += 1
        else:
            wanted[required] += 1
    return sum(max(0, delivered[g] - wanted[g]) for g in range(4)) <= wilds


def _harbours(state: GameState) -> Iterator[Violation]:
    board = state.cards.board
    short = state.options.short or state.solo
    # The due contracts that wait for their owner's choice, without time markers (BH-INT-16).
    waiting = {
        (p.seat, k) for p in state.stack if type(p) is PendingDue and not p.end for k in p.docks
    }
    for seat, h in enumerate(state.players):
        who = f"seat {seat}"
        if h.money < 0:
            yield Violation("BH-MONEY-2", f"{who} has {h.money} money: there is no debt")
        if h.bank < 0:
            yield Violation("BH-MONEY-3", f"{who} has {h.bank} money on the Bank")
        if h.prestige < 0:
            yield Violation("BH-PRESTIGE-1", f"{who}'s prestige is {h.prestige}, below 0")
        used, room = _storage_used(h.storage), _capacity(h)
        if used > room:
            yield Violation(
                "BH-MOVE-2", f"{who} stores goods on {used} spaces but has {room} storage spaces"
            )
        for w in range(BOLLARD_WALLS):
            positions = len(board.bollard_costs[w])
            if not GAME.starting_walls[w] <= h.walls[w] <= positions:
                yield Violation(
                    "BH-PERMIT-4",
                    f"{who}'s quay wall {w} has {h.walls[w]} bollards: "
                    f"{GAME.starting_walls[w]} to {positions} fit",
                )
        for space in range(SPACES):
            cover = h.covers[space]
            printed = None if short else board.covers[space]
            if cover is not None and cover != printed:
                rule = "BH-SHORT-2" if short else "BH-SETUP-7"
                yield Violation(
                    rule, f"{who}'s space {space} has a Cover card of {cover}, not printed"
                )
            if cover is not None and h.buildings[space] is not None:
                yield Violation("BH-PERMIT-6", f"{who} has a building on covered space {space}")
        for k in h.opened:
            if h.covers[k] is not None:
                yield Violation("BH-INT-5", f"{who}'s loading dock {k} is opened but still covered")
        for dock, ship in enumerate(h.docks):
            if ship is None:
                continue
            size = min(h.walls[dock], h.walls[dock + 1])
            card = ship.card
            if card.berth > size:
                yield Violation(
                    "BH-SEA-5",
                    f"{who}'s {card.name} needs berth size {card.berth}; dock {dock} has {size}",
                )
            if card.cargo is not None and ship.good is not card.cargo:
                yield Violation(
                    "BH-SEA-4",
                    f"{who}'s {card.name} carries {card.cargo.key}s, not {ship.good.key}s",
                )
            if ship.goods > card.count:
                yield Violation(
                    "BH-SEA-4",
                    f"{who}'s {card.name} carries {ship.goods} goods, more than {card.count}",
                )
            if not 1 <= ship.timers <= card.lay_time:
                yield Violation(
                    "BH-SEA-3",
                    f"{who}'s {card.name} has {ship.timers} time markers of {card.lay_time}",
                )
        for k, placed in enumerate(h.loading):
            if placed is None:
                continue
            order = placed.card
            if not _accepts_all(order, placed.delivered):
                yield Violation("BH-LAND-4", f"{who}'s {order.name} holds goods it does not need")
            if not (1 if (seat, k) not in waiting else 0) <= placed.timers <= order.delivery:
                yield Violation(
                    "BH-LAND-3",
                    f"{who}'s {order.name} has {placed.timers} time markers of {order.delivery}",
                )
    dummy = state.dummy
    if dummy is not None:
        h = state.players[dummy]
        if (
            h.money
            or h.bank
            or h.prestige
            or any(h.storage)
            or h.held
            or any(h.buildings)
            or any(h.docks)
            or any(h.loading)
        ):
            yield Violation("BH-SOLO-10", "the dummy keeps no money, prestige, goods or cards")


# --------------------------------------------------------------------------- influence


def _influence(state: GameState) -> Iterator[Violation]:
    box = Counter(GAME.influence)
    bidding = any(type(p) is PendingBid for p in state.stack)
    for seat, h in enumerate(state.players):
        who = f"seat {seat}"
        placed = [b.value for b in state.bids if b.seat == seat]
        if list(h.hand) != sorted(h.hand) or list(h.supply) != sorted(h.supply):
            yield Violation("BH-COMP-2", f"{who}'s hand and supply are kept sorted")
        if Counter(h.hand) + Counter(h.supply) + Counter(placed) - box:
            yield Violation(
                "BH-COMP-2",
                f"{who}'s hand {h.hand}, supply {h.supply} and bids {tuple(placed)} are not "
                f"cards of one colour {GAME.influence}",
            )
        if h.supply != GAME.supply[len(GAME.supply) - len(h.supply) :]:
            yield Violation(
                "BH-GROW-2",
                f"{who}'s supply {h.supply} is not what is left of {GAME.supply} after taking "
                "the lowest",
            )
        cards = len(h.hand) + len(placed)
        hand = len(GAME.hand)
        if cards != hand and not (cards == hand + 1 and not bidding):
            yield Violation(
                "BH-RETURN-1",
                f"{who} has {cards} influence cards in hand and on the boards: {hand}, or "
                f"{hand + 1} after growing",
            )


# --------------------------------------------------------------------------- the table


def _table(state: GameState) -> Iterator[Violation]:
    table = len(state.players)
    if sorted(state.ranks) != list(range(table)):
        yield Violation("BH-FLOW-3", f"ranks {state.ranks} are not a permutation of the seats")
    for bid in state.bids:
        space = bid.space
        if bid.seat >= table:
            yield Violation("BH-BID-2", f"a bid of seat {bid.seat}, which is not at the table")
        if (space.is_sea or space.is_land) and space.slot >= table:
            yield Violation(
                "BH-BID-2", f"a bid on space {space.label}, not on the boards of {table}"
            )


# --------------------------------------------------------------------------- cards


def _conserved(
    what: str,
    deck: Sequence[Any],
    present: Sequence[Any],
    discarded: int,
    rule: str,
) -> Iterator[Violation]:
    expected = Counter(deck)
    found = Counter(present)
    for card, count in (found - expected).items():
        if card in expected:
            yield Violation(
                "BH-COMP-4", f"the {what} {card.key} is in {count + expected[card]} places"
            )
        else:
            yield Violation(rule, f"the {what} {card.key} is not a card of this game's deck")
    if not found - expected and sum(expected.values()) - sum(found.values()) != discarded:
        yield Violation(
            rule,
            f"{sum(expected.values())} {what}s are in play: {sum(found.values())} are on the "
            f"table and {discarded} discarded",
        )


def _cards(state: GameState) -> Iterator[Violation]:
    cards = state.cards
    short = state.options.short or state.solo
    players = state.players
    ships = [s for s in state.sea if s is not None] + list(state.ship_deck)
    ships += [ship.card for h in players for ship in h.docks if ship is not None]
    ships += [p.card for p in state.stack if isinstance(p, PendingBerth)]
    yield from _conserved(
        "Ship card",
        cards.ships_in_play(state.seats, short=short),
        ships,
        state.discarded_ships,
        "BH-SETUP-1",
    )
    contracts = [c for c in state.land if c is not None] + list(state.contract_deck)
    contracts += [p.card for h in players for p in h.loading if p is not None]
    contracts += [p.card for p in state.stack if isinstance(p, PendingContract)]
    yield from _conserved(
        "Contract card",
        cards.contracts_in_play(state.seats, short=short),
        contracts,
        state.discarded_contracts,
        "BH-SETUP-1",
    )
    buildings = list(state.buildings) + [b for h in players for b in (*h.held, *h.buildings) if b]
    over = Counter(buildings) - Counter(cards.buildings)
    for card in over:
        yield Violation(
            "BH-COMP-4", f"the Building card {card.key} is not in the set or in two places"
        )
    phases = {p.phase for p in state.stack if isinstance(p, PendingStep)}
    resolved = state.round - (1 if phases & {"round", "building"} else 0)
    starting = min(state.seats, len(cards.buildings)) if short else 0
    left = max(0, len(cards.buildings) - starting - resolved)
    if len(state.buildings) > left:
        yield Violation(
            "BH-BUILDING-1",
            f"the Building stack holds {len(state.buildings)} cards; at most {left} are left "
            f"after {resolved} round(s) of 1.1",
        )
    if Counter(state.prices) != Counter(cards.prices):
        yield Violation("BH-SETUP-4", "the Price card stack is not the set's Price cards")
    yield from _newspapers(state, short)


def _newspapers(state: GameState, short: bool) -> Iterator[Violation]:
    cards = state.cards
    over = _ended(state)
    if short:
        if state.newspapers or state.event is not None:
            yield Violation("BH-SHORT-9", "the short game has no Newspaper cards on the rack")
    else:
        rack = list(state.newspapers) + ([state.event] if state.event is not None else [])
        if Counter(rack) - Counter(cards.newspapers):
            yield Violation("BH-COMP-4", "a Newspaper card on the rack is not in the set or twice")
        left = len(cards.newspapers) - (state.round - 1)
        if len(state.newspapers) != left:
            yield Violation(
                "BH-PROGRESS-3",
                f"the rack holds {len(state.newspapers)} Newspaper cards; {left} are left in "
                f"round {state.round}",
            )
        if (state.event is None) != (state.round == 1 or over):
            yield Violation(
                "BH-EVENT-2",
                "an Event card lies on the rack from round 2 until the end, never in round 1",
            )
    if state.solo:
        newspapers = len(cards.newspapers)
        draws = GAME.solo_rounds * len(GAME.hand)
        passes = -(-draws // max(1, newspapers))
        dummy = state.dummy
        placed = sum(1 for b in state.bids if b.seat == dummy)
        left = passes * newspapers - len(GAME.hand) * (state.round - 1) - placed
        if len(state.dummy_news) != left:
            yield Violation(
                "BH-SOLO-9",
                f"the dummy has {len(state.dummy_news)} newspaper draws left, not {left}",
            )
        if Counter(state.dummy_news) - Counter({c: passes for c in cards.newspapers}):
            yield Violation("BH-SOLO-9", "the dummy's draws are not passes of the set's newspapers")
        order = tuple(range(len(GAME.hand)))
        if len(state.dummy_orders) != GAME.solo_rounds or any(
            tuple(sorted(o)) != order for o in state.dummy_orders
        ):
            yield Violation(
                "BH-SOLO-6",
                f"the dummy's hand orders are {GAME.solo_rounds} shuffles of {len(order)} cards",
            )
    elif state.dummy_news or state.dummy_orders:
        yield Violation("BH-SOLO-8", "only the solo game has the dummy's draws")


# --------------------------------------------------------------------------- progress


def _progress(state: GameState) -> Iterator[Violation]:
    board = state.cards.board
    last = board.track_last
    start = board.track_start[state.seats - 1]
    over = _ended(state)
    track, rnd = state.track, state.round
    if over != (track >= last):
        yield Violation(
            "BH-PROGRESS-2",
            f"the Ship token is on {track} of {last}: the game ends exactly on the last space",
        )
    if track > last:
        yield Violation("BH-PROGRESS-1", f"the Ship token is on {track}, beyond {last}")
    elif state.options.short or state.solo:
        expected = min(last, start + GAME.short_advance * (rnd - 1 + (1 if over else 0)))
        if track != expected:
            rule = "BH-SOLO-3" if state.solo else "BH-SHORT-7"
            yield Violation(
                rule,
                f"the Ship token is on {track}; {expected} after round {rnd} in the short game",
            )
    elif not over and not start + (rnd - 1) <= track <= start + 3 * (rnd - 1):
        yield Violation(
            "BH-PROGRESS-1",
            f"the Ship token is on {track} in round {rnd}: each round advances it 1 to 3 from {start}",
        )


# --------------------------------------------------------------------------- the stack


def _ended(state: GameState) -> bool:
    """Whether the game has ended: nothing is pending but the leftover contracts' order.

    Those decisions are asked after the end (BH-END-2, BH-INT-16).
    """
    return all(type(p) is PendingDue and p.end for p in state.stack)


def _rank(pending: Pending) -> int:
    if isinstance(pending, PendingStep):
        return _STEP_RANK[pending.phase]
    return _DECISION_RANK[type(pending)]


def _stack(state: GameState) -> Iterator[Violation]:
    stack = state.stack
    if not stack:
        return
    if _ended(state):
        yield from _leftovers(state)
        return
    table = len(state.players)
    top = stack[-1]
    if isinstance(top, PendingStep):
        yield Violation("BH-ENGINE-7", f"the engine carries out the step {top.phase!r} by itself")
    elif getattr(top, "seat", None) == state.dummy:
        yield Violation("BH-ENGINE-12", "the solo dummy never decides")
    bottom = stack[0]
    if not (isinstance(bottom, PendingStep) and bottom.phase in ("round", "clean-up")):
        yield Violation("BH-ENGINE-2", f"a round's program ends with the clean-up, not {bottom!r}")
    for pending in stack:
        if isinstance(pending, PendingStep):
            limit = table if pending.phase in ("sea", "land", "settle") else 1
            if pending.index >= limit:
                yield Violation(
                    "BH-ENGINE-7", f"the step {pending.phase!r} has no index {pending.index}"
                )
        elif pending.seat == state.dummy:
            yield Violation("BH-ENGINE-12", f"the solo dummy never decides: {pending!r}")
    ranks = [_rank(p) for p in stack]
    for below, above, item in zip(ranks, ranks[1:], stack[1:], strict=False):
        repeated = below == above and (
            isinstance(item, _REPEATED) or _rank(item) == _STEP_RANK["settle"]
        )
        if above < below or (above == below and not repeated):
            yield Violation("BH-ENGINE-2", f"{item!r} is out of the round's order")
            return
    turns = [p for p in stack if _rank(p) == _STEP_RANK["settle"] and type(p) is not PendingDue]
    yield from _harbour_turns(state, turns)
    yield from _decisions(state)


def _due(state: GameState, pending: PendingDue) -> Iterator[Violation]:
    """A choice of the next due contract: its reading, and a real choice (BH-INT-16)."""
    if state.options.due_order is not DueOrder.OWNER_CHOOSES:
        yield Violation(
            "BH-INT-16",
            f"{pending!r}: the owner chooses the order of due contracts only under "
            f"due_order='owner-chooses', not {state.options.due_order.value!r}",
        )
    loading = state.players[pending.seat].loading
    held = [loading[k] for k in sorted(pending.docks)]
    if any(placed is None for placed in held):
        yield Violation("BH-INT-16", f"{pending!r} names a loading dock without a contract")
    elif not order_matters([placed for placed in held if placed is not None]):
        yield Violation(
            "BH-INT-16",
            f"{pending!r}: the order of these contracts changes nothing, so it is not asked",
        )


def _leftovers(state: GameState) -> Iterator[Violation]:
    """After the end: the owners still to order their leftover contracts, seat by seat."""
    if state.options.leftover_contracts is LeftoverContracts.IGNORED:
        yield Violation("BH-INT-7", "leftover contracts are ignored: nothing is asked at the end")
    seats = [getattr(p, "seat", -1) for p in state.stack]
    if seats != sorted(set(seats), reverse=True):
        yield Violation("BH-END-2", f"the owners of leftover contracts ask in seat order: {seats}")
    for pending in state.stack:
        assert isinstance(pending, PendingDue)
        if pending.seat == state.dummy:
            yield Violation("BH-ENGINE-12", f"the solo dummy never decides: {pending!r}")
        else:
            yield from _due(state, pending)


def _bidder(state: GameState, pending: PendingBid) -> Iterator[Violation]:
    """The cards are placed in rank order from the Captain, one a turn (BH-BID-1).

    Every hand holds 5 cards when the bidding begins (BH-RETURN-1), so the k-th card of
    the round is placed by the rank k modulo the number of seats, and the next bidder is
    the rank after the last card's.
    """
    ranks = state.ranks
    n = len(ranks)
    placed = [bid.seat for bid in state.bids]
    if placed != [ranks[i % n] for i in range(len(placed))]:
        yield Violation(
            "BH-BID-1",
            f"the cards placed this round, by seat {placed}, are not placed in rank order "
            f"{list(ranks)} from the Captain, one card a turn",
        )
    elif pending.seat != ranks[len(placed) % n]:
        yield Violation(
            "BH-BID-1",
            f"seat {pending.seat} is to bid, but with ranks {list(ranks)} and "
            f"{len(placed)} card(s) placed this round the turn is seat {ranks[len(placed) % n]}'s",
        )


def _harbour_turns(state: GameState, group: list[Pending]) -> Iterator[Violation]:
    """The Individual phase: a turn (settle, movement, production) per seat, the top one begun."""
    seats: list[int] = []
    i = 0
    while i < len(group):
        settle = group[i]
        if not (isinstance(settle, PendingStep) and settle.phase == "settle"):
            yield Violation("BH-ENGINE-2", f"{settle!r} is not part of a harbour's turn")
            return
        seat = settle.index
        seats.append(seat)
        turn: list[Pending] = [settle]
        for kind in (PendingMovement, PendingProduction):
            if i + len(turn) < len(group) and isinstance(group[i + len(turn)], kind):
                turn.append(group[i + len(turn)])
        if any(getattr(p, "seat", seat) != seat for p in turn):
            yield Violation("BH-ENGINE-2", f"seat {seat}'s turn holds another seat's decision")
        i += len(turn)
        if len(turn) < 3 and i < len(group):
            yield Violation("BH-ENGINE-2", f"seat {seat}'s turn is begun below another's")
            return
    if len(set(seats)) != len(seats) or state.dummy in seats:
        yield Violation("BH-PROD-2", f"each harbour plays one turn: {seats}")


def _decisions(state: GameState) -> Iterator[Violation]:
    stack = state.stack
    short = state.options.short or state.solo
    for pending in stack:
        if isinstance(pending, PendingStartingGood):
            if not short or state.round != 1 or not 1 <= pending.left <= GAME.starting_goods:
                yield Violation(
                    "BH-SHORT-6", f"{pending!r}: starting goods in round 1 of the short game"
                )
        elif isinstance(pending, PendingBid):
            if pending is not stack[-1] or [type(p) for p in stack].count(PendingBid) != 1:
                yield Violation("BH-BID-1", "a bid is asked for only on top of the round's program")
            elif not state.players[pending.seat].hand:
                yield Violation("BH-BID-1", f"seat {pending.seat} has no card to bid")
            elif pending.seat != state.dummy:  # a dummy deciding is BH-ENGINE-12's, once
                yield from _bidder(state, pending)
        elif isinstance(pending, PendingPermits):
            if pending.permits > pending.bought:
                yield Violation(
                    "BH-PERMIT-8", f"seat {pending.seat} holds more permits than it bought"
                )
        elif isinstance(pending, PendingMovement):
            if pending.last not in (-1, 0, 1):
                yield Violation(
                    "BH-ENGINE-9", f"the last conversion is -1, 0 or +1, not {pending.last}"
                )
        elif isinstance(pending, PendingProduction):
            buildings = state.players[pending.seat].buildings
            for space in pending.used:
                building = buildings[space]
                if building is None or building.production is None:
                    yield Violation("BH-PROD-3", f"space {space} holds no production building")
        elif isinstance(pending, (PendingBerth, PendingContract)) and pending is not stack[-1]:
            yield Violation("BH-ENGINE-1", f"{pending!r} is decided as soon as it is asked")
        elif isinstance(pending, PendingDue):
            if pending.end or pending is not stack[-1]:
                yield Violation(
                    "BH-INT-16",
                    f"{pending!r}: the order of due contracts is asked on top of the stack, "
                    "the leftover contracts' only after the end",
                )
                continue
            if any(getattr(p, "seat", None) == pending.seat for p in stack[:-1]) or any(
                type(p) is PendingStep and p.phase == "settle" and p.index == pending.seat
                for p in stack
            ):
                yield Violation(
                    "BH-ENGINE-2", f"seat {pending.seat}'s 4.4 comes after its whole turn"
                )
            yield from _due(state, pending)
