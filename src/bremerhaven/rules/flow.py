"""The order of a round.

The steps without a choice and where each phase begins (BH-FLOW-1, BH-FLOW-4, BH-ENGINE-2,
BH-ENGINE-7).

A round is a fixed program on the stack: the bids, then 1.0 to 1.5, the Sea and Land
spaces left to right, every harbour, and the clean-up; each automatic step carries out its
part and pushes the decisions it raises on top. The steps without a choice that come up
together are carried out in one pass, inside one automatic step, up to the first decision
one of them raises; the Sea and Land boards are each walked left to right in one step, and
leave a step for their spaces after a decision, below it. The bids are walked once for the
whole phase (:func:`bremerhaven.rules.bidding.counted`).
"""

from __future__ import annotations

from collections.abc import Callable

from bremerhaven.rules import boards, cleanup, individual, town
from bremerhaven.rules.bidding import BID_TURNS, next_bidder
from bremerhaven.rules.step import Refusal, Step
from bremerhaven.rules.work import Work
from bremerhaven.state import GameState, PendingStep

__all__ = ["AUTOMATIC", "ROUND", "carry_out", "start_round"]

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
        # The steps without a choice on top are carried out in one pass, up to the first
        # decision one of them raises: the engine's own loop would carry them out one by
        # one, in the same order (BH-ENGINE-7).
        stack = work.stack
        while True:
            stack.pop()
            carry_out(work, pending)
            if not stack:
                return True
            top = stack[-1]
            if type(top) is not PendingStep:
                return True
            pending = top


def carry_out(work: Work, pending: PendingStep) -> None:
    """Carry out one step without a choice, already taken off the stack (BH-ENGINE-7).

    The Sea's and Land's steps resolve their board from the step's space on, up to the
    first decision (:func:`bremerhaven.rules.boards.sea`, :func:`bremerhaven.rules.boards.land`).
    """
    _PHASES[pending.phase](work, pending.index)


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
