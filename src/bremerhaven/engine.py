"""The rules engine: legal moves, checking a move and applying it.

The public entry points are re-exported from :mod:`bremerhaven`. The rules live in
:mod:`bremerhaven.rules`, one module per area: each kind of pending decision has one step
there that lists its legal moves from the same predicates that explain a refusal
(:mod:`bremerhaven.rules.table`). This module runs the steps on the shared engine
(:mod:`meeplekit.engine`): after a move it carries out every step that needs no decision,
and applies by itself a decision that has exactly one legal answer (BH-ENGINE-7).
"""

from __future__ import annotations

from typing import Any

from bremerhaven.errors import (
    BremerhavenError,
    IllegalMoveError,
    InvalidStateError,
    InvalidValueError,
)
from bremerhaven.events import Event, GameEnded
from bremerhaven.moves import Move, well_formed
from bremerhaven.rules.step import Refusal, Step
from bremerhaven.rules.table import STEPS, deciding_seat
from bremerhaven.rules.town import serial_order
from bremerhaven.rules.work import Work
from bremerhaven.scoring import scores
from bremerhaven.state import GameState, Pending
from bremerhaven.validation import validate
from meeplekit.engine import Engine, Hooks

__all__ = [
    "apply_move",
    "apply_move_unchecked",
    "apply_move_with_events",
    "can_apply",
    "current_player",
    "explain",
    "is_over",
    "legal_moves",
    "settle",
    "verify_move",
]


# --------------------------------------------------------------------------- the hooks


def _well_formed(state: GameState, move: object) -> Move:
    """BH-INPUT-4: ``move`` made again by its constructor."""
    return well_formed(move)


def _not_an_answer(state: GameState, top: Pending, step: Step[Any], move: Move) -> Refusal:
    """BH-ENGINE-1: ``move`` answers another decision than the one pending."""
    return Refusal(
        "BH-ENGINE-1",
        f"Seat {deciding_seat(top)} is {step.question(top)}; {type(move).__name__} does not answer that.",
    )


def _decider(state: GameState, top: Pending) -> int:
    return deciding_seat(top)


def _last_mover(state: GameState) -> int:
    """The harbour whose turn came last: the last of the final round's 4.1-4.4 (BH-ENGINE-2)."""
    return serial_order(state, [s for s in range(len(state.players)) if s != state.dummy])[-1]


def _game_ended(state: GameState) -> Event:
    return GameEnded(scores(state))


def _broken(state: object, error: Exception) -> Exception:
    """What to raise for ``error``, raised inside on ``state`` (BH-INPUT-5).

    The engine trusts a valid position and checks none on its fast path; when something
    fails on a position :func:`bremerhaven.validate` refuses, the caller gets
    :class:`~bremerhaven.errors.InvalidStateError` listing what is wrong, never the
    exception from inside. On a valid position the error is the engine's own and is raised
    as it is, as are the library's own errors.
    """
    if isinstance(error, BremerhavenError) or not isinstance(state, GameState):
        return error
    violations = validate(state)
    return InvalidStateError(violations) if violations else error


#: The generic engine run with Bremerhaven's steps (BH-ENGINE-1). A decision of a step
#: that may have one answer is taken by the engine when it has one legal answer, and
#: skipped when it has none (BH-ENGINE-7); errors on a position that is not valid name
#: what is wrong (BH-INPUT-5). It remembers the last state whose moves it listed (a
#: :class:`~meeplekit.memo.Memo`), so that :func:`legal_moves` does not list them again
#: and :func:`apply_move` skips the check of a move object just listed.
ENGINE: Engine[GameState, Work, Move, Event] = Engine(
    Hooks(
        state_type=GameState,
        invalid_value=InvalidValueError,
        illegal_move=IllegalMoveError,
        well_formed=_well_formed,
        steps=STEPS,
        work=Work,
        game_over=Refusal("BH-END-1", "The game is over; no move is legal."),
        not_an_answer=_not_an_answer,
        decider=_decider,
        last_mover=_last_mover,
        game_ended=_game_ended,
        single_answers=frozenset(step for step in STEPS.values() if step.may_have_one_answer),
        broken=_broken,
    )
)


# --------------------------------------------------------------------------- the entry points


@ENGINE.entry
def is_over(state: GameState) -> bool:
    """True when the game has ended (BH-END-1)."""
    return ENGINE.is_over(state)


@ENGINE.entry
def current_player(state: GameState) -> int:
    """The seat that decides now.

    After the end: the seat of the player who moved last, the harbour whose turn came
    last (the last of the final round's Individual action phase, in BH-ENGINE-2's order);
    the order of leftover contracts their owners may still give at the end, under one
    reading of BH-INT-16, belongs to no turn.
    """
    return ENGINE.current_player(state)


@ENGINE.entry
def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move now, in a canonical order; empty exactly when the game is over."""
    return ENGINE.legal_moves(state)


@ENGINE.entry
def explain(state: GameState, move: Move) -> Refusal | None:
    """Why ``move`` is not legal now (the rule and a sentence), or ``None`` when it is.

    A value that is not a move of this game raises
    :class:`~bremerhaven.errors.InvalidMoveError` (BH-INPUT-4).
    """
    return ENGINE.explain(state, move)


@ENGINE.entry
def verify_move(state: GameState, move: Move) -> None:
    """Raise an error naming the rule unless ``move`` is legal now (BH-INPUT-3).

    The error is :class:`~bremerhaven.errors.IllegalMoveError`, or
    :class:`~bremerhaven.errors.InvalidMoveError` for a value that is not a move.
    """
    ENGINE.verify_move(state, move)


@ENGINE.entry
def can_apply(state: GameState, move: Move) -> bool:
    """True when ``move`` is legal now; False for any other value, never an exception."""
    return ENGINE.can_apply(state, move)


@ENGINE.entry
def settle(work: Work) -> GameState | None:
    """Carry out every step that needs no decision (BH-ENGINE-7).

    The automatic steps, the dummy's bids, and a decision with one legal answer (or none) is
    applied by itself. When it had to freeze the work to list a decision's moves, the frozen
    state is returned (and its moves kept for :func:`legal_moves`); else ``None``.
    """
    return ENGINE.settle(work)


@ENGINE.entry
def apply_move(state: GameState, move: Move) -> GameState:
    """The state after ``move``; the input is not changed.

    Raises :class:`~bremerhaven.errors.IllegalMoveError` (a ``ValueError``) naming the rule
    the move breaks, or :class:`~bremerhaven.errors.InvalidMoveError` for a value that is
    not a well-formed move.
    """
    return ENGINE.apply_move(state, move)


@ENGINE.entry
def apply_move_unchecked(state: GameState, move: Move) -> GameState:
    """Apply a move known to be legal (one of :func:`legal_moves`), skipping every check.

    The trusted fast path for search and playouts.
    """
    return ENGINE.apply_move_unchecked(state, move)


@ENGINE.entry
def apply_move_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Any, ...]]:
    """The state after ``move`` and what happened, in order (BH-ENGINE-14)."""
    return ENGINE.apply_move_with_events(state, move)
