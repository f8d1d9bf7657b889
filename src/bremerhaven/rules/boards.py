"""The Sea and Land boards, resolved left to right after the Town board (BH-FLOW-4).

Each card goes to the highest bidder (BH-SEA-2, BH-LAND-2). A ship berths in an empty dock
whose berth size is at least its requirement, with its time markers and its cargo from the
supply, or is discarded when none fits (BH-SEA-2 to BH-SEA-6); a contract goes to a free
loading dock, accessible or not, or is discarded and its penalty paid (BH-LAND-2,
BH-LAND-8). A card no one bid on stays for the refill (BH-REFILL-2). The dummy discards
what it wins (BH-SOLO-11).
"""

from __future__ import annotations

from collections.abc import Iterable

from bremerhaven.cards.model import Good, IncomePerNewShip, Space
from bremerhaven.events import (
    ContractPlaced,
    DummyDiscarded,
    NoLoadingDock,
    Reason,
    ShipBerthed,
    ShipCannotBerth,
)
from bremerhaven.moves import Berth, PlaceContract
from bremerhaven.rules.bidding import winner
from bremerhaven.rules.harbours import built, docks_for
from bremerhaven.rules.outcomes import penalise
from bremerhaven.rules.step import Refusal, Step
from bremerhaven.rules.work import Work
from bremerhaven.state import Berthed, GameState, PendingBerth, PendingContract, PendingStep, Placed

__all__ = ["BERTH", "CONTRACT", "land", "sea"]


def sea(work: Work, slot: int) -> None:
    """The Sea board's space ``slot``: its ship goes to the winner (BH-SEA-2)."""
    if slot + 1 < len(work.sea):
        work.stack.append(PendingStep("sea", slot + 1))
    card = work.sea[slot]
    space = Space.sea(slot + 1)
    seat = winner(work, space)
    if card is None or seat is None:
        return
    work.sea[slot] = None
    if seat == work.dummy:
        work.discarded_ships += 1
        work.note(DummyDiscarded, seat, card)
        return
    if not docks_for(work.players[seat], card.berth):
        work.discarded_ships += 1
        work.note(ShipCannotBerth, seat, card)
        return
    # The card waits on the pending decision, off the board.
    work.stack.append(PendingBerth(seat, card))


def land(work: Work, slot: int) -> None:
    """The Land board's space ``slot``: its contract goes to the winner (BH-LAND-2)."""
    if slot + 1 < len(work.land):
        work.stack.append(PendingStep("land", slot + 1))
    card = work.land[slot]
    space = Space.land(slot + 1)
    seat = winner(work, space)
    if card is None or seat is None:
        return
    work.land[slot] = None
    if seat == work.dummy:
        work.discarded_contracts += 1
        work.note(DummyDiscarded, seat, card)
        return
    if all(placed is not None for placed in work.players[seat].loading):
        work.discarded_contracts += 1
        work.note(NoLoadingDock, seat, card)
        penalise(work, seat, card)
        return
    work.stack.append(PendingContract(seat, card))


class _Berth(Step[PendingBerth]):
    answers = (Berth,)
    owns = frozenset({"BH-SEA-2", "BH-SEA-4", "BH-SEA-5"})

    def question(self, pending: PendingBerth) -> str:
        return "berthing a ship"

    def candidates(self, state: GameState, pending: PendingBerth) -> Iterable[Berth]:
        card = pending.card
        goods = list(Good) if card.cargo is None else [card.cargo]
        return [Berth(dock, good) for dock in range(3) for good in goods]

    def refusal(self, state: GameState, pending: PendingBerth, move: Berth) -> Refusal | None:
        card = pending.card
        harbour = state.players[pending.seat]
        if harbour.docks[move.dock] is not None:
            return Refusal("BH-SEA-2", f"Dock {move.dock} is not empty.")
        if move.dock not in docks_for(harbour, card.berth):
            return Refusal(
                "BH-SEA-5", f"Dock {move.dock} is too small for berth size {card.berth}."
            )
        if card.cargo is not None and move.good is not card.cargo:
            return Refusal("BH-SEA-4", f"The ship carries {card.cargo.key}s.")
        return None

    def apply(self, work: Work, pending: PendingBerth, move: Berth) -> None:
        card = pending.card
        seat = pending.seat
        loaded = work.take_goods(move.good, card.count)
        docks = list(work.players[seat].docks)
        docks[move.dock] = Berthed(card, move.good, loaded, card.lay_time)
        work.change(seat, docks=(docks[0], docks[1], docks[2]))
        work.note(ShipBerthed, seat, card, move.dock, move.good, loaded)
        for _, building in built(work.players[seat]):
            for effect in building.effects:
                if isinstance(effect, IncomePerNewShip):
                    work.earn(seat, effect.money, "BH-CARD-12", Reason.NEW_SHIP, building)


class _Contract(Step[PendingContract]):
    answers = (PlaceContract,)
    owns = frozenset({"BH-LAND-2"})

    def question(self, pending: PendingContract) -> str:
        return "placing a contract"

    def candidates(self, state: GameState, pending: PendingContract) -> Iterable[PlaceContract]:
        return [PlaceContract(k) for k in range(4)]

    def refusal(
        self, state: GameState, pending: PendingContract, move: PlaceContract
    ) -> Refusal | None:
        if state.players[pending.seat].loading[move.loading_dock] is not None:
            return Refusal("BH-LAND-2", f"Loading dock {move.loading_dock} is not free.")
        return None

    def apply(self, work: Work, pending: PendingContract, move: PlaceContract) -> None:
        card = pending.card
        seat = pending.seat
        loading = list(work.players[seat].loading)
        loading[move.loading_dock] = Placed(card, (0, 0, 0, 0), card.delivery)
        work.change(seat, loading=(loading[0], loading[1], loading[2], loading[3]))
        work.note(ContractPlaced, seat, card, move.loading_dock)


#: The Sea board's decision: berthing a won ship.
BERTH = _Berth()
#: The Land board's decision: placing a won contract.
CONTRACT = _Contract()
