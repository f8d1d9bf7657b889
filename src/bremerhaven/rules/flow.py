"""The order of a round.

The steps without a choice and where each phase begins (BH-FLOW-1, BH-FLOW-4, BH-ENGINE-2,
BH-ENGINE-7).

A round is a fixed program on the stack: the bids, then 1.0 to 1.5, the Sea and Land
spaces left to right, every harbour, and the clean-up; each automatic step carries out its
part and pushes the decisions it raises on top.
"""

from __future__ import annotations

from collections.abc import Callable

from bremerhaven.rules import boards, cleanup, individual, town
from bremerhaven.rules.bidding import BID_TURNS, next_bidder
from bremerhaven.rules.step import Refusal, Step
from bremerhaven.rules.work import Work
from bremerhaven.state import GameState, PendingStep

__all__ = ["AUTOMATIC", "ROUND", "start_round"]

#: A round's automatic steps, last first (the stack's top is its end).
ROUND = (
    PendingStep("clean-up"),
    PendingStep("harbours"),
    PendingStep("land", 0),
    PendingStep("sea", 0),
    PendingStep("career"),
    PendingStep("price"),
    PendingStep("grow"),
    PendingStep("permit"),
    PendingStep("building"),
    PendingStep("parking"),
)


def start_round(work: Work) -> None:
    """Push a round's program and the first bid: the Captain's (BH-BID-1)."""
    work.stack.extend(ROUND)
    first = next_bidder(work.players, work.ranks, None)
    if first is not None:
        work.stack.append(BID_TURNS[first])


class _Automatic(Step[PendingStep]):
    answers = ()
    owns = frozenset({"BH-ENGINE-7"})
    may_be_automatic = True
    may_have_one_answer = False

    def question(self, pending: PendingStep) -> str:
        return pending.phase

    def candidates(self, state: GameState, pending: PendingStep) -> tuple[()]:
        return ()

    def refusal(self, state: GameState, pending: PendingStep, move: object) -> Refusal | None:
        return Refusal("BH-ENGINE-7", "No decision is asked for now.")

    def automatic(self, work: Work, pending: PendingStep) -> bool:
        work.stack.pop()
        _PHASES[pending.phase](work, pending.index)
        return True


def _clean_up(work: Work, index: int) -> None:
    if not cleanup.clean_up(work):
        work.round += 1
        start_round(work)


#: What each step without a choice does, by its phase's name (``index``: a seat or a space).
_PHASES: dict[str, Callable[[Work, int], None]] = {
    "parking": lambda work, index: town.parking(work),
    "building": lambda work, index: town.building(work),
    "permit": lambda work, index: town.permit(work),
    "grow": lambda work, index: town.grow(work),
    "price": lambda work, index: town.price(work),
    "career": lambda work, index: town.career(work),
    "income": lambda work, index: town.income(work),
    "sea": boards.sea,
    "land": boards.land,
    "harbours": lambda work, index: individual.harbours(work),
    "settle": individual.settle_harbour,
    "clean-up": _clean_up,
    "round": lambda work, index: start_round(work),
}


#: The automatic steps' owner.
AUTOMATIC = _Automatic()
