"""The rules engine: legal moves, checking a move and applying it.

The public entry points are re-exported from :mod:`bremerhaven`. The rules live in
:mod:`bremerhaven.rules`, one module per area: each kind of pending decision has one step
there that lists its legal moves from the same predicates that explain a refusal
(:mod:`bremerhaven.rules.table`). After a move the engine carries out every step that
needs no decision, and applies by itself a decision that has exactly one legal answer
(BH-ENGINE-7).
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
from bremerhaven.rules.step import Refusal
from bremerhaven.rules.table import STEPS
from bremerhaven.rules.work import Work
from bremerhaven.scoring import outcome, scores
from bremerhaven.state import GameState, Pending
from bremerhaven.validation import validate
from meeplekit.values import not_a

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


def _state(state: object) -> GameState:
    if not isinstance(state, GameState):  # BH-INPUT-1
        raise not_a(GameState, state, InvalidValueError)
    return state


def _stack(state: object) -> tuple[Pending, ...]:
    """The decisions to come of a state (BH-INPUT-1: a state made without them is refused)."""
    checked = _state(state)
    try:
        return checked.stack
    except AttributeError as error:
        raise _broken(checked, error) from error


def _broken(state: GameState, error: Exception) -> Exception:
    """What to raise for ``error``, raised deep inside on ``state`` (BH-INPUT-1).

    The engine trusts a valid position and checks none on its fast path; when something
    fails on a position :func:`bremerhaven.validate` refuses, the caller gets
    :class:`~bremerhaven.errors.InvalidStateError` listing what is wrong, never the
    exception from inside. On a valid position the error is the engine's own and is raised
    as it is.
    """
    violations = validate(state)
    return InvalidStateError(violations) if violations else error


def is_over(state: GameState) -> bool:
    """True when the game has ended (BH-END-1)."""
    return not _stack(state)


def current_player(state: GameState) -> int:
    """The seat that decides now; after the end, the winner's seat."""
    stack = _stack(state)
    if not stack:
        winners = outcome(state).winners
        return winners[0] if winners else 0
    top = stack[-1]
    try:
        return STEPS[type(top)].seat(top)
    except Exception as error:
        raise _broken(state, error) from error


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move now, in a canonical order; empty exactly when the game is over."""
    stack = _stack(state)
    if not stack:
        return ()
    listed, moves = _LISTED
    if listed is state:
        return moves
    top = stack[-1]
    try:
        return STEPS[type(top)].moves(state, top)
    except BremerhavenError:
        raise
    except Exception as error:
        raise _broken(state, error) from error


def _refusal(state: GameState, move: Move) -> Refusal | None:
    try:
        return _refused(state, move)
    except BremerhavenError:
        raise
    except Exception as error:
        raise _broken(state, error) from error


def _refused(state: GameState, move: Move) -> Refusal | None:
    stack = state.stack
    if not stack:
        return Refusal("BH-END-1", "The game is over; no move is legal.")
    top = stack[-1]
    step = STEPS[type(top)]
    if isinstance(move, step.answers):
        return step.check(state, top, move)
    return Refusal(
        "BH-ENGINE-1",
        f"Seat {step.seat(top)} is {step.question(top)}; {type(move).__name__} does not answer that.",
    )


def explain(state: GameState, move: Move) -> Refusal | None:
    """Why ``move`` is not legal now (the rule and a sentence), or ``None`` when it is.

    A value that is not a move of this game raises
    :class:`~bremerhaven.errors.InvalidMoveError` (BH-INPUT-4).
    """
    return _refusal(_state(state), well_formed(move))


def _checked(state: GameState, move: object) -> Move:
    made = well_formed(move)
    found = _refusal(_state(state), made)
    if found is not None:
        raise IllegalMoveError(found.rule_id, found.reason)
    return made


def verify_move(state: GameState, move: Move) -> None:
    """Raise an error naming the rule unless ``move`` is legal now (BH-INPUT-3).

    The error is :class:`~bremerhaven.errors.IllegalMoveError`, or
    :class:`~bremerhaven.errors.InvalidMoveError` for a value that is not a move.
    """
    _checked(state, move)


def can_apply(state: GameState, move: Move) -> bool:
    """True when ``move`` is legal now; False for any other value, never an exception."""
    try:
        return explain(state, move) is None
    except (InvalidValueError, InvalidStateError):  # not a move, or not a valid position
        return False


def settle(work: Work) -> GameState | None:
    """Carry out every step that needs no decision (BH-ENGINE-7).

    The automatic steps, the dummy's bids, and a decision with one legal answer (or none) is
    applied by itself. When it had to freeze the work to list a decision's moves, the frozen
    state is returned (and its moves kept for :func:`legal_moves`); else ``None``.
    """
    global _LISTED
    stack = work.stack
    while stack:
        top = stack[-1]
        step = STEPS[type(top)]
        if step.automatic(work, top):
            continue
        if not step.may_have_one_answer:
            return None
        frozen = work.freeze()
        moves = step.moves(frozen, top)
        if len(moves) > 1:
            _LISTED = (frozen, moves)
            return frozen
        stack.pop()
        if moves:
            step.apply(work, top, moves[0])
    return None


#: The last state :func:`settle` listed the moves of, and those moves: one pair replaced
#: whole, so that :func:`legal_moves` does not list them again for the state it returns.
_LISTED: tuple[GameState | None, tuple[Move, ...]] = (None, ())


def _apply(work: Work, move: Move) -> GameState:
    top = work.stack.pop()
    STEPS[type(top)].apply(work, top, move)
    frozen = settle(work)
    return work.freeze() if frozen is None else frozen


def apply_move(state: GameState, move: Move) -> GameState:
    """The state after ``move``; the input is not changed.

    Raises :class:`~bremerhaven.errors.IllegalMoveError` (a ``ValueError``) naming the rule
    the move breaks, or :class:`~bremerhaven.errors.InvalidMoveError` for a value that is
    not a well-formed move.
    """
    move = _checked(state, move)
    try:
        return _apply(Work(state, None), move)
    except BremerhavenError:
        raise
    except Exception as error:
        raise _broken(state, error) from error


def apply_move_unchecked(state: GameState, move: Move) -> GameState:
    """Apply a move known to be legal (one of :func:`legal_moves`), skipping every check.

    The trusted fast path for search and playouts.
    """
    return _apply(Work(state, None), move)


def apply_move_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Any, ...]]:
    """The state after ``move`` and what happened, in order (BH-ENGINE-14)."""
    move = _checked(state, move)
    log: list[Event] = []
    try:
        after = _apply(Work(state, log), move)
    except BremerhavenError:
        raise
    except Exception as error:
        raise _broken(state, error) from error
    if not after.stack:
        log.append(GameEnded(scores(after)))
    return after, tuple(log)
