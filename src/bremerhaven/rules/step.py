"""The shape every kind of pending decision shares: its moves, its refusal and its apply.

A :class:`Step` owns one kind of pending decision and satisfies the shared engine's
:class:`meeplekit.engine.Step`. :meth:`Step.refusal` says why a move is not legal now (or
``None``); :meth:`Step.moves` is the candidates that :meth:`Step.refusal` lets through, so
the legal moves and the refusals come from the same predicates (BH-ENGINE-1). A refusal is
the shared layer's :class:`~meeplekit.rules.Refusal`.
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
    #: Every rule ID :meth:`refusal` may name.
    owns: ClassVar[frozenset[str]] = frozenset()
    #: Whether :meth:`automatic` may carry the step out by itself (the steps without a
    #: choice, the dummy's bids, a short game's starting goods when none may be taken).
    may_be_automatic: ClassVar[bool] = False
    #: Whether the engine lists the moves when the decision comes up, to apply a single
    #: answer by itself (BH-ENGINE-7; :attr:`meeplekit.engine.Hooks.single_answers`);
    #: False where there is never one answer (the bids) or no decision at all (the steps
    #: without a choice).
    may_have_one_answer: ClassVar[bool] = True

    def question(self, pending: P) -> str:
        """What the decision asks, in a few words (``"placing a bid"``)."""
        raise NotImplementedError

    def candidates(self, state: GameState, pending: P) -> Iterable[Move]:
        """Every move that might be legal, in canonical order."""
        raise NotImplementedError

    def refusal(self, state: GameState, pending: P, move: Any) -> Refusal | None:
        """Why ``move`` (of one of :attr:`answers`) is not legal now, or ``None``."""
        raise NotImplementedError

    def moves(self, state: GameState, pending: P) -> tuple[Move, ...]:
        """Every legal answer, in canonical order."""
        return tuple(
            m for m in self.candidates(state, pending) if self.refusal(state, pending, m) is None
        )

    def apply(self, work: Work, pending: P, move: Any) -> None:
        """Carry out ``move``; ``pending`` has already been taken off the stack."""
        raise NotImplementedError

    def automatic(self, work: Work, pending: P) -> bool:
        """Carry the step out by itself when it needs no decision.

        True if it did (then it has taken itself off the stack). Called only for steps with
        :attr:`may_be_automatic`. The default: never.
        """
        return False
