"""Which step owns which kind of pending decision, and who decides it (BH-ENGINE-1)."""

from __future__ import annotations

from typing import Any, Final

from bremerhaven.rules.bidding import BIDDING
from bremerhaven.rules.boards import BERTH, CONTRACT
from bremerhaven.rules.flow import AUTOMATIC
from bremerhaven.rules.individual import DUE, MOVEMENT, PRODUCTION
from bremerhaven.rules.setup import STARTING
from bremerhaven.rules.step import Step
from bremerhaven.rules.town import CAREER, GROW, PERMITS, PRICE
from bremerhaven.state import (
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
)

__all__ = ["STEPS", "deciding_seat"]

#: The step of each kind of pending decision.
STEPS: Final[dict[type, Step[Any]]] = {
    PendingStartingGood: STARTING,
    PendingBid: BIDDING,
    PendingPermits: PERMITS,
    PendingGrow: GROW,
    PendingPrice: PRICE,
    PendingCareer: CAREER,
    PendingBerth: BERTH,
    PendingContract: CONTRACT,
    PendingProduction: PRODUCTION,
    PendingMovement: MOVEMENT,
    PendingStep: AUTOMATIC,
    PendingDue: DUE,
}


def deciding_seat(pending: object) -> int:
    """The seat that decides ``pending``; -1 for a step without a choice (never asked)."""
    if type(pending) is PendingStep:
        return -1
    seat: int = getattr(pending, "seat")  # noqa: B009 - every decision has a seat
    return seat
