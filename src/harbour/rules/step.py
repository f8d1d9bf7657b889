"""The shape every kind of pending decision shares: its moves, its check and its apply.

A :class:`Step` owns one kind of decision (one pending type, or for an action one effect
type). Its :meth:`~Step.moves` lists the legal answers, its :meth:`~Step.refusal` says why
one answer is not legal, and its :meth:`~Step.apply` carries one out. The moves and the
refusal are written next to each other from the same predicates, so legality and its
explanation cannot drift apart; a property test checks that they agree on every
position it reaches. A refusal is the shared layer's :class:`~meeplekit.rules.Refusal`.
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from harbour.moves import Move
from harbour.rules.work import Work
from harbour.state import GameState
from meeplekit import engine
from meeplekit.rules import Refusal

__all__ = ["Refusal", "Step"]

P = TypeVar("P")
M = TypeVar("M")


class Step(engine.Step, Generic[P, M]):
    """One kind of pending decision ``P``, answered by moves of type ``M``.

    Subclasses are stateless; the rules modules create one instance each. The shared
    engine's :class:`~meeplekit.engine.Step` protocol is named as a base so that the
    compiled build calls the steps directly (see the protocol).
    """

    #: The move types that answer this decision (``M`` at run time).
    answers: ClassVar[tuple[type, ...]] = ()
    #: Every rule ID :meth:`refusal` may name.
    owns: ClassVar[frozenset[str]] = frozenset()
    #: Whether the turn player's once-per-turn ability may be used at this decision (INT-34).
    turn_decision: ClassVar[bool] = True
    #: Whether :meth:`automatic` may carry the step out by itself.
    may_be_automatic: ClassVar[bool] = False

    def question(self, pending: P) -> str:
        """What the decision asks, in a few words (``"moving the pawn"``)."""
        raise NotImplementedError

    def moves(self, state: GameState, pending: P) -> tuple[Move, ...]:
        """Every legal answer, in canonical order (before the TOLL-5 reading filters them)."""
        return ()

    def refusal(self, state: GameState, pending: P, move: M) -> Refusal | None:
        """Why ``move`` is not among :meth:`moves`, or ``None`` when it is."""
        raise NotImplementedError

    def apply(self, work: Work, pending: P, move: M) -> None:
        """Carry out ``move``; ``pending`` has already been taken off the stack."""
        raise NotImplementedError

    def automatic(self, work: Work, pending: P) -> bool:
        """Carry the step out by itself when it offers no choice (TURN-6); True if it did.

        A step done automatically takes itself off the stack. Called only for steps with
        :attr:`may_be_automatic`.
        """
        raise NotImplementedError  # pragma: no mutate
