"""The Sea and Land boards, resolved left to right after the Town board (BH-FLOW-4).

Each card goes to the highest bidder (BH-SEA-2, BH-LAND-2). A ship berths in an empty dock
whose berth size is at least its requirement, with its time markers and its cargo from the
supply, or is discarded when none fits (BH-SEA-2 to BH-SEA-6); a contract goes to a free
loading dock, accessible or not, or is discarded and its penalty paid (BH-LAND-2,
BH-LAND-8). A card no one bid on stays for the refill (BH-REFILL-2). The dummy discards
what it wins (BH-SOLO-11).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from bremerhaven.cards.model import ContractCard, Good, IncomePerNewShip, ShipCard, Space
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

__all__ = ["BERTH", "CONTRACT", "contract_to", "land", "sea", "ship_to"]

# The enum members the rules read, looked up once (a member's lookup costs a call).
_REASON_NEW_SHIP = Reason.NEW_SHIP

C = TypeVar("C", ShipCard, ContractCard)


def _emptied(row: tuple[C | None, ...], slot: int) -> tuple[C | None, ...]:
    """``row`` with space ``slot`` emptied: its card went to the winner."""
    changed = list(row)
    changed[slot] = None
    return tuple(changed)


def sea(work: Work, slot: int) -> None:
    """The Sea board from space ``slot`` on, left to right, up to its first decision.

    Each ship goes to the winner (BH-SEA-2). The spaces are walked in one pass: when a
    winner is to berth its ship, the spaces after it wait below that decision, as the step
    ``("sea", next slot)``.
    """
    _walk(work, slot, len(work.sea), ship_to, _SEA_FROM)


def _walk(
    work: Work,
    slot: int,
    count: int,
    resolve: Callable[[Work, int], PendingBerth | PendingContract | None],
    steps: tuple[PendingStep, ...],
) -> None:
    """Resolve a board's spaces from ``slot`` on until one raises a decision.

    That decision goes on top, above ``steps``'s step for the spaces after it.
    """
    while slot < count:
        decision = resolve(work, slot)
        slot += 1
        if decision is not None:
            if slot < count:
                work.stack.append(steps[slot])
            work.stack.append(decision)
            return


def ship_to(work: Work, slot: int) -> PendingBerth | None:
    """The Sea board's space ``slot``: its ship goes to the winner (BH-SEA-2).

    The winner's decision where to berth it, or ``None`` when there is none to take.
    """
    card = work.sea[slot]
    if card is None:
        return None
    seat = winner(work, _SEA_SPACES[slot])
    if seat is None:
        return None
    work.sea = _emptied(work.sea, slot)
    if seat == work.dummy:
        work.discarded_ships += 1
        work.note(DummyDiscarded, seat, card)
        return None
    if not docks_for(work.players[seat], card.berth):
        work.discarded_ships += 1
        work.note(ShipCannotBerth, seat, card)
        return None
    # The card waits on the pending decision, off the board.
    return PendingBerth(seat, card)


def land(work: Work, slot: int) -> None:
    """The Land board from space ``slot`` on, left to right, up to its first decision.

    Each contract goes to the winner (BH-LAND-2). The spaces are walked in one pass: when a
    winner is to place its contract, the spaces after it wait below that decision, as the
    step ``("land", next slot)``.
    """
    _walk(work, slot, len(work.land), contract_to, _LAND_FROM)


def contract_to(work: Work, slot: int) -> PendingContract | None:
    """The Land board's space ``slot``: its contract goes to the winner (BH-LAND-2).

    The winner's decision where to place it, or ``None`` when there is none to take.
    """
    card = work.land[slot]
    if card is None:
        return None
    seat = winner(work, _LAND_SPACES[slot])
    if seat is None:
        return None
    work.land = _emptied(work.land, slot)
    if seat == work.dummy:
        work.discarded_contracts += 1
        work.note(DummyDiscarded, seat, card)
        return None
    if all(placed is not None for placed in work.players[seat].loading):
        work.discarded_contracts += 1
        work.note(NoLoadingDock, seat, card)
        penalise(work, seat, card)
        return None
    return PendingContract(seat, card)


#: The Sea's and Land's spaces by slot, and the steps that resolve them from a slot on.
_SEA_SPACES = tuple(Space.sea(i) for i in range(1, 5))
_LAND_SPACES = tuple(Space.land(i) for i in range(1, 5))
_SEA_FROM = tuple(PendingStep("sea", slot) for slot in range(4))
_LAND_FROM = tuple(PendingStep("land", slot) for slot in range(4))


class _Berth(Step[PendingBerth]):
    answers = (Berth,)
    owns = frozenset({"BH-SEA-2", "BH-SEA-4", "BH-SEA-5"})

    def question(self, pending: PendingBerth) -> str:
        return "berthing a ship"

    def candidates(self, state: GameState, pending: PendingBerth) -> Iterable[Berth]:
        card = pending.card
        goods = list(Good) if card.cargo is None else [card.cargo]
        return [Berth(dock, good) for dock in range(3) for good in goods]

    def moves(self, state: GameState, pending: PendingBerth) -> tuple[Berth, ...]:
        # refusal()'s predicates: the empty docks large enough (BH-SEA-2, BH-SEA-5), with
        # the printed cargo or any for a wild one (BH-SEA-4); the moves made once.
        card = pending.card
        goods = _ANY_GOOD if card.cargo is None else (card.cargo,)
        docks = docks_for(state.players[pending.seat], card.berth)
        return tuple(_BERTHS[dock][good] for dock in docks for good in goods)

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
        work.set_docks(seat, (docks[0], docks[1], docks[2]), work.players[seat].storage)
        work.note(ShipBerthed, seat, card, move.dock, move.good, loaded)
        for _, building in built(work.players[seat]):
            for effect in building.effects:
                if isinstance(effect, IncomePerNewShip):
                    work.earn(seat, effect.money, "BH-CARD-12", _REASON_NEW_SHIP, building)


class _Contract(Step[PendingContract]):
    answers = (PlaceContract,)
    owns = frozenset({"BH-LAND-2"})

    def question(self, pending: PendingContract) -> str:
        return "placing a contract"

    def candidates(self, state: GameState, pending: PendingContract) -> Iterable[PlaceContract]:
        return [PlaceContract(k) for k in range(4)]

    def moves(self, state: GameState, pending: PendingContract) -> tuple[PlaceContract, ...]:
        # refusal()'s predicate: the free loading docks (BH-LAND-2); the moves made once.
        loading = state.players[pending.seat].loading
        return tuple(_PLACES[k] for k in range(4) if loading[k] is None)

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
        work.set_loading(
            seat, (loading[0], loading[1], loading[2], loading[3]), work.players[seat].storage
        )
        work.note(ContractPlaced, seat, card, move.loading_dock)


_ANY_GOOD = tuple(Good)
_BERTHS = tuple(tuple(Berth(dock, good) for good in Good) for dock in range(3))
_PLACES = tuple(PlaceContract(k) for k in range(4))

#: The Sea board's decision: berthing a won ship.
BERTH = _Berth()
#: The Land board's decision: placing a won contract.
CONTRACT = _Contract()
