"""The Individual action phase: each harbour in turn, 4.1 to 4.4 (BH-PROD-1, BH-PROD-2).

4.1 runs production buildings (BH-PROD-3); 4.2 moves and converts goods under the
goods-movement model (BH-ENGINE-8, BH-ENGINE-9, BH-MOVE-1 to BH-MOVE-7); 4.3 raises the
prestige clip (BH-PRESTIGE-2); 4.4 removes time markers, resolving due contracts before
due ships (BH-TIME-1 to BH-TIME-4), several due contracts in the order of BH-INT-16: under
its reading that the owner chooses, they wait in their loading docks, without time markers,
for :data:`DUE`'s decision.

The movement model keeps storage as counts. A conversion opposite to the last conversion
since the last unload or delivery is not offered: it would undo it, returning to a
configuration already seen. Unloads and deliveries each use up a finite count, and between
two of them conversions run one way, so every 4.2 ends (BH-ENGINE-9).
"""

from __future__ import annotations

from collections.abc import Iterable

from bremerhaven.cards.model import Good
from bremerhaven.events import (
    GoodDelivered,
    GoodProduced,
    GoodsConverted,
    GoodUnloaded,
    MoneyBanked,
    PrestigeRose,
    Reason,
    ShipLeft,
)
from bremerhaven.facts import GAME
from bremerhaven.moves import (
    Deliver,
    EndMovement,
    EndProduction,
    Move,
    Pack,
    Produce,
    ResolveContract,
    Unload,
    Unpack,
)
from bremerhaven.options import GoodsSupply
from bremerhaven.rules.harbours import (
    accepts,
    converts_free,
    free_spaces,
    is_accessible,
    money_store,
    prestige_sum,
    room_for,
)
from bremerhaven.rules.outcomes import due_order, order_matters, resolve
from bremerhaven.rules.step import Refusal, Step
from bremerhaven.rules.town import serial_order
from bremerhaven.rules.work import Work
from bremerhaven.state import (
    GameState,
    Harbour,
    PendingDue,
    PendingMovement,
    PendingProduction,
    PendingStep,
    Placed,
    make_berthed,
    make_placed,
)

__all__ = ["DUE", "MOVEMENT", "PRODUCTION", "harbours", "settle_harbour"]

# The enum members the rules read, looked up once (a member's lookup costs a call).
_REASON_CONVERSION = Reason.CONVERSION
_REASON_PRODUCTION = Reason.PRODUCTION
_LIMITED = GoodsSupply.LIMITED

_CONTAINER, _CRATE = Good.CONTAINER, Good.CRATE
_GOODS = tuple(Good)
# The movement moves, made once.
_UNLOAD = tuple(Unload(dock) for dock in range(3))
_DELIVER = tuple(tuple(Deliver(k, good) for good in Good) for k in range(4))
_PACK, _UNPACK = Pack(), Unpack()
_END_MOVEMENT = EndMovement()
# Each seat's 4.3/4.4 step and first production decision.
_SETTLE = tuple(PendingStep("settle", seat) for seat in range(4))
_PRODUCING = tuple(PendingProduction(seat, frozenset()) for seat in range(4))
# The movement decisions of each seat by the last conversion's direction (0, +1, -1).
_MOVING = tuple(
    (PendingMovement(seat, 0), PendingMovement(seat, 1), PendingMovement(seat, -1))
    for seat in range(4)
)


def harbours(work: Work) -> None:
    """Queue every harbour's turn, in the serial order (BH-PROD-2, BH-INT-6)."""
    seats = [s for s in range(work.count) if s != work.dummy]
    for seat in reversed(serial_order(work, seats)):
        work.stack.append(_SETTLE[seat])
        work.stack.append(_MOVING[seat][0])
        work.stack.append(_PRODUCING[seat])
        store = money_store(work.players[seat])
        if store:
            # The money store is filled in 4.1 (BH-MONEY-3; the official Bank's rule is unknown).
            harbour = work.players[seat]
            work.change(seat, bank=harbour.bank + store)
            work.note(MoneyBanked, seat, store)


# --------------------------------------------------------------------------- 4.1


class _Production(Step[PendingProduction]):
    answers = (Produce, EndProduction)
    owns = frozenset({"BH-PROD-3", "BH-INT-3"})

    def question(self, pending: PendingProduction) -> str:
        return "producing"

    def candidates(self, state: GameState, pending: PendingProduction) -> Iterable[Move]:
        harbour = state.players[pending.seat]
        found: list[Move] = [
            Produce(space)
            for space, building in enumerate(harbour.buildings)
            if building is not None and building.production is not None
        ]
        found.append(EndProduction())
        return found

    def refusal(self, state: GameState, pending: PendingProduction, move: object) -> Refusal | None:
        if isinstance(move, EndProduction):
            return None
        assert isinstance(move, Produce)
        harbour = state.players[pending.seat]
        building = harbour.buildings[move.space]
        if building is None or building.production is None:
            return Refusal("BH-PROD-3", f"Space {move.space} holds no production building.")
        if move.space in pending.used:
            return Refusal("BH-PROD-3", f"{building.name} has produced this round.")
        good = building.production.good
        if good is not None:
            if not room_for(harbour, good):
                return Refusal("BH-PROD-3", "There is no empty storage space for the good.")
            if state.options.goods_supply is _LIMITED and state.goods[good] == 0:
                return Refusal("BH-INT-3", f"The supply has no {good.key} left.")
        return None

    def apply(self, work: Work, pending: PendingProduction, move: object) -> None:
        seat = pending.seat
        if isinstance(move, EndProduction):
            return
        assert isinstance(move, Produce)
        harbour = work.players[seat]
        building = harbour.buildings[move.space]
        assert building is not None and building.production is not None
        production = building.production
        if production.good is not None:
            taken = work.take_goods(production.good, 1)
            storage = list(harbour.storage)
            storage[production.good] += taken
            work.set_storage(seat, (storage[0], storage[1], storage[2], storage[3]))
            work.note(GoodProduced, seat, building, production.good)
        else:
            work.earn(seat, production.money, "BH-PROD-3", _REASON_PRODUCTION, building)
        work.stack.append(PendingProduction(seat, pending.used | {move.space}))


# --------------------------------------------------------------------------- 4.2


def _conversion_cost(harbour: Harbour) -> int:
    return 0 if converts_free(harbour) else GAME.conversion


class _Movement(Step[PendingMovement]):
    answers = (Unload, Deliver, Pack, Unpack, EndMovement)
    owns = frozenset(
        {
            "BH-MOVE-2",
            "BH-MOVE-3",
            "BH-MOVE-4",
            "BH-MOVE-5",
            "BH-INT-3",
            "BH-INT-5",
            "BH-HARBOR-6",
            "BH-ENGINE-1",
            "BH-ENGINE-8",
        }
    )

    def question(self, pending: PendingMovement) -> str:
        return "moving and converting goods"

    def candidates(self, state: GameState, pending: PendingMovement) -> Iterable[Move]:
        harbour = state.players[pending.seat]
        found: list[Move] = [Unload(d) for d, ship in enumerate(harbour.docks) if ship is not None]
        for k, placed in enumerate(harbour.loading):
            if placed is not None:
                found += [Deliver(k, good) for good in Good if harbour.storage[good]]
        found += [Pack(), Unpack(), EndMovement()]
        return found

    def moves(self, state: GameState, pending: PendingMovement) -> tuple[Move, ...]:
        # The candidates that refusal() lets through, tested with its own predicates (room,
        # access, acceptance, money, supply) without making a refusal for each one left out.
        harbour = state.players[pending.seat]
        storage = harbour.storage
        found: list[Move] = []
        free = free_spaces(harbour)
        for dock, ship in enumerate(harbour.docks):
            room = free >= 1 or (ship is not None and ship.good is _CRATE and storage[_CRATE] % 2)
            if ship is not None and ship.goods and room:
                found.append(_UNLOAD[dock])
        if any(storage):
            same_round = state.options.cleared_dock_same_round
            for k, placed in enumerate(harbour.loading):
                if placed is not None and is_accessible(harbour, k, same_round=same_round):
                    for good in _GOODS:
                        if storage[good] and accepts(placed.card, placed.delivered, good):
                            found.append(_DELIVER[k][good])
        crates, containers = storage[_CRATE], storage[_CONTAINER]
        if (crates >= 2 or containers) and harbour.money >= _conversion_cost(harbour):
            # Not undoing the last conversion (BH-ENGINE-8), with the goods in the supply
            # (BH-INT-3).
            limited = state.options.goods_supply is _LIMITED
            goods = state.goods
            if crates >= 2 and pending.last >= 0 and not (limited and goods[_CONTAINER] == 0):
                found.append(_PACK)
            if containers and pending.last <= 0 and not (limited and goods[_CRATE] < 2):
                found.append(_UNPACK)
        found.append(_END_MOVEMENT)
        return tuple(found)

    def refusal(self, state: GameState, pending: PendingMovement, move: object) -> Refusal | None:
        harbour = state.players[pending.seat]
        if isinstance(move, EndMovement):
            return None
        if isinstance(move, Unload):
            ship = harbour.docks[move.dock]
            if ship is None or ship.goods == 0:
                return Refusal("BH-MOVE-3", f"Dock {move.dock} has no ship with goods.")
            if not room_for(harbour, ship.good):
                return Refusal("BH-MOVE-2", "There is no empty storage space for the good.")
            return None
        if isinstance(move, Deliver):
            placed = harbour.loading[move.loading_dock]
            if placed is None:
                return Refusal("BH-MOVE-4", f"Loading dock {move.loading_dock} has no contract.")
            same_round = state.options.cleared_dock_same_round
            if not is_accessible(harbour, move.loading_dock, same_round=same_round):
                rule = "BH-INT-5" if harbour.covers[move.loading_dock] is None else "BH-HARBOR-6"
                return Refusal(rule, f"Loading dock {move.loading_dock} cannot be reached yet.")
            if harbour.storage[move.good] == 0:
                return Refusal("BH-MOVE-4", f"There is no {move.good.key} in storage.")
            if not accepts(placed.card, placed.delivered, move.good):
                return Refusal("BH-MOVE-4", f"{placed.card.name} needs no more {move.good.key}s.")
            return None
        cost = _conversion_cost(harbour)
        if harbour.money < cost:
            return Refusal("BH-MOVE-5", "A conversion costs 1 money.")
        if isinstance(move, Pack):
            if harbour.storage[_CRATE] < 2:
                return Refusal("BH-MOVE-5", "Packing needs two crates in storage.")
            if pending.last < 0:
                return Refusal("BH-ENGINE-8", "Packing now would undo the last unpacking.")
            if state.options.goods_supply is _LIMITED and state.goods[_CONTAINER] == 0:
                return Refusal("BH-INT-3", "The supply has no container left.")
            return None
        if isinstance(move, Unpack):
            if harbour.storage[_CONTAINER] < 1:
                return Refusal("BH-MOVE-5", "Unpacking needs a container in storage.")
            if pending.last > 0:
                return Refusal("BH-ENGINE-8", "Unpacking now would undo the last packing.")
            if state.options.goods_supply is _LIMITED and state.goods[_CRATE] < 2:
                return Refusal("BH-INT-3", "The supply has fewer than two crates left.")
            return None
        return Refusal("BH-ENGINE-1", "That does not answer the movement of goods.")

    def apply(self, work: Work, pending: PendingMovement, move: object) -> None:
        seat = pending.seat
        if isinstance(move, EndMovement):
            return
        harbour = work.players[seat]
        storage = list(harbour.storage)
        last = pending.last
        if isinstance(move, Unload):
            ship = harbour.docks[move.dock]
            assert ship is not None
            docks = list(harbour.docks)
            docks[move.dock] = make_berthed(ship.card, ship.good, ship.goods - 1, ship.timers)
            storage[ship.good] += 1
            work.set_docks(
                seat,
                (docks[0], docks[1], docks[2]),
                (storage[0], storage[1], storage[2], storage[3]),
            )
            if work.log is not None:
                work.log.append(GoodUnloaded(seat, ship.good, move.dock))
            last = 0
        elif isinstance(move, Deliver):
            placed = harbour.loading[move.loading_dock]
            assert placed is not None
            delivered = list(placed.delivered)
            delivered[move.good] += 1
            loading = list(harbour.loading)
            loading[move.loading_dock] = make_placed(
                placed.card, (delivered[0], delivered[1], delivered[2], delivered[3]), placed.timers
            )
            storage[move.good] -= 1
            work.set_loading(
                seat,
                (loading[0], loading[1], loading[2], loading[3]),
                (storage[0], storage[1], storage[2], storage[3]),
            )
            if work.log is not None:
                work.log.append(GoodDelivered(seat, move.good, placed.card))
            last = 0
        else:
            cost = _conversion_cost(harbour)
            work.pay(seat, cost, "BH-MOVE-5", _REASON_CONVERSION)
            harbour = work.players[seat]
            if isinstance(move, Pack):
                storage[_CRATE] -= 2
                storage[_CONTAINER] += 1
                work.return_goods(_CRATE, 2)
                work.take_goods(_CONTAINER, 1)
                last = 1
                work.note(GoodsConverted, seat, True)
            else:
                storage[_CONTAINER] -= 1
                storage[_CRATE] += 2
                work.return_goods(_CONTAINER, 1)
                work.take_goods(_CRATE, 2)
                last = -1
                work.note(GoodsConverted, seat, False)
            work.set_storage(seat, (storage[0], storage[1], storage[2], storage[3]))
        work.stack.append(_MOVING[seat][last])


# --------------------------------------------------------------------------- 4.3, 4.4


def settle_harbour(work: Work, seat: int) -> None:
    """4.3 then 4.4 for ``seat`` (BH-PRESTIGE-2, BH-TIME-1 to BH-TIME-4, BH-INT-16)."""
    harbour = work.players[seat]
    total = prestige_sum(harbour)
    prestige = harbour.prestige
    if total > prestige:
        prestige = total
        work.note(PrestigeRose, seat, total)
    # 4.4: every contract first (BH-TIME-1: due contracts are resolved first).
    loading = list(harbour.loading)
    due: list[tuple[int, Placed]] = []
    for k, placed in enumerate(loading):
        if placed is not None:
            if placed.timers <= 1:
                due.append((k, placed))
                loading[k] = None
            else:
                loading[k] = make_placed(placed.card, placed.delivered, placed.timers - 1)
    ordered = due if len(due) < 2 else due_order(work.options, due)
    if ordered is None:
        # The owner chooses the order (BH-INT-16): the due contracts wait, without time
        # markers; the due ships follow the last of them.
        for k, placed in due:
            loading[k] = make_placed(placed.card, placed.delivered, 0)
        work.change(seat, prestige=prestige, loading=_four(loading))
        work.stack.append(PendingDue(seat, frozenset(k for k, _ in due)))
        return
    if prestige != harbour.prestige or any(placed is not None for placed in harbour.loading):
        work.change(seat, prestige=prestige, loading=_four(loading))
    for _, placed in ordered:
        resolve(work, seat, placed, "BH-TIME-3")
    _ships_due(work, seat)


def _four(loading: list[Placed | None]) -> tuple[Placed | None, ...]:
    return (loading[0], loading[1], loading[2], loading[3])


def _ships_due(work: Work, seat: int) -> None:
    """4.4's ships: one time marker off each, a due ship discarded (BH-TIME-1, BH-TIME-4)."""
    docks = list(work.players[seat].docks)
    if docks == [None, None, None]:
        return
    for d, ship in enumerate(docks):
        if ship is None:
            continue
        if ship.timers <= 1:
            work.return_goods(ship.good, ship.goods)
            docks[d] = None
            work.discarded_ships += 1
            work.note(ShipLeft, seat, ship.card, ship.good, ship.goods)
        else:
            docks[d] = make_berthed(ship.card, ship.good, ship.goods, ship.timers - 1)
    work.set_docks(seat, (docks[0], docks[1], docks[2]), work.players[seat].storage)


class _Due(Step[PendingDue]):
    """The owner's choice of the next due contract (BH-INT-16's reading ``owner-chooses``)."""

    answers = (ResolveContract,)
    owns = frozenset({"BH-INT-16"})

    def question(self, pending: PendingDue) -> str:
        return "choosing which due contract to resolve next"

    def candidates(self, state: GameState, pending: PendingDue) -> Iterable[Move]:
        return [_RESOLVE[k] for k in sorted(pending.docks)]

    def refusal(
        self, state: GameState, pending: PendingDue, move: ResolveContract
    ) -> Refusal | None:
        k = move.loading_dock
        if k not in pending.docks or state.players[pending.seat].loading[k] is None:
            docks = ", ".join(str(d) for d in sorted(pending.docks))
            return Refusal(
                "BH-INT-16",
                f"Loading dock {k} holds no contract to resolve now; the docks are {docks}.",
            )
        return None

    def apply(self, work: Work, pending: PendingDue, move: ResolveContract) -> None:
        seat = pending.seat
        rule = "BH-END-2" if pending.end else "BH-TIME-3"
        loading = list(work.players[seat].loading)
        chosen = loading[move.loading_dock]
        assert chosen is not None
        rest = [(k, loading[k]) for k in sorted(pending.docks) if k != move.loading_dock]
        if order_matters([placed for _, placed in rest if placed is not None]):
            loading[move.loading_dock] = None
            work.change(seat, loading=_four(loading))
            resolve(work, seat, chosen, rule)
            work.stack.append(PendingDue(seat, pending.docks - {move.loading_dock}, pending.end))
            return
        # The order of the rest can change nothing: they follow in loading-dock order.
        for k in pending.docks:
            loading[k] = None
        work.change(seat, loading=_four(loading))
        resolve(work, seat, chosen, rule)
        for _, placed in rest:
            if placed is not None:
                resolve(work, seat, placed, rule)
        if not pending.end:
            _ships_due(work, seat)


_RESOLVE = tuple(ResolveContract(k) for k in range(4))


#: 4.1's decision: running production buildings.
PRODUCTION = _Production()
#: 4.2's decision: moving and converting goods.
MOVEMENT = _Movement()
#: 4.4's (and the end's) decision under BH-INT-16's reading ``owner-chooses``: the next
#: due contract.
DUE = _Due()
