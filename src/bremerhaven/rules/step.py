"""The shape every kind of pending decision shares: its moves, its check and its apply.

A :class:`Step` owns one kind of pending decision. :meth:`Step.check` says why a move is
not legal now (or ``None``); :meth:`Step.moves` is the candidates that :meth:`Step.check`
lets through, so the legal moves and the refusals come from the same predicates
(BH-ENGINE-1). A refusal is the shared layer's :class:`~meeplekit.rules.Refusal`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Generic, TypeVar

from bremerhaven.moves import Move
from bremerhaven.rules.work import Work
from bremerhaven.state import GameState
from meeplekit.rules import Refusal

__all__ = ["Refusal", "Step"]

P = TypeVar("P")


class Step(Generic[P]):
    """One kind of pending decision ``P``. Subclasses are stateless, one instance each."""

    #: The move types that answer this decision.
    answers: ClassVar[tuple[type, ...]] = ()
    #: Whether the engine lists the moves when the decision comes up, to apply a single
    #: answer by itself (BH-ENGINE-7); False where there is never one answer (the bids)
    #: or no decision at all (the steps without a choice).
    may_have_one_answer: ClassVar[bool] = True

    def question(self, pending: P) -> str:
        """What the decision asks, in a few words (``"placing a bid"``)."""
        raise NotImplementedError

    def seat(self, pending: P) -> int:
        """The seat that decides."""
        seat: int = getattr(pending, "seat")  # noqa: B009 - P is any decision, each with a seat
        return seat

    def candidates(self, state: GameState, pending: P) -> Iterable[Move]:
        """Every move that might be legal, in canonical order."""
        raise NotImplementedError

    def check(self, state: GameState, pending: P, move: Any) -> Refusal | None:
        """Why ``move`` (of one of :attr:`answers`) is not legal now, or ``None``."""
        raise NotImplementedError

    def moves(self, state: GameState, pending: P) -> tuple[Move, ...]:
        """Every legal answer, in canonical order."""
        return tuple(
            m for m in self.candidates(state, pending) if self.check(state, pending, m) is None
        )

    def apply(self, work: Work, pending: P, move: Any) -> None:
        """Carry out ``move``; ``pending`` has already been taken off the stack."""
        raise NotImplementedError

    def automatic(self, work: Work, pending: P) -> bool:
        """Carry the step out by itself when it needs no decision.

        True if it did (then it has taken itself off the stack). The default: never.
        """
        return False
