"""The rules engine: legal moves, checking a move and applying it.

The public entry points are re-exported from :mod:`machikoro`. The rules themselves live
in :mod:`machikoro.rules`, one module per rules area: each kind of pending decision has one
step there that lists its legal moves, explains why a move is refused and applies a move
(:mod:`machikoro.rules.table` says which step owns which decision), so legality and its
explanation come from the same code. This module runs the steps: after a move, every step
that needs no decision happens by itself (MK-FLOW-2).
"""

from __future__ import annotations

from typing import Any

from machikoro.errors import IllegalMoveError, InvalidMoveError, InvalidValueError
from machikoro.events import Event, GameEnded
from machikoro.moves import Move, well_formed
from machikoro.rules.step import Refusal, Step
from machikoro.rules.table import STEPS, move_kind
from machikoro.rules.work import Work
from machikoro.state import GameState, Pending
from meeplekit.engine import Engine, Hooks
from meeplekit.protocol import CHANCE

__all__ = [
    "apply_move",
    "apply_move_unchecked",
    "apply_move_with_events",
    "can_apply",
    "current_player",
    "explain",
    "is_over",
    "legal_moves",
    "verify_move",
]


# --------------------------------------------------------------------------- the hooks


def _well_formed(state: GameState, move: object) -> Move:
    """MK-INPUT-1: ``move`` made again by its constructor, naming seats this game has."""
    made = well_formed(move)
    seat = getattr(made, "opponent", None)
    if seat is not None and seat >= len(state.coins):
        raise InvalidMoveError(f"there is no seat {seat}: the game has {len(state.coins)} players")
    return made


def _not_an_answer(state: GameState, top: Pending, step: Step[Any, Any], move: Move) -> Refusal:
    """MK-CHANCE-1 at a chance node, else MK-FLOW-1: ``move`` answers another decision."""
    if top.chance:
        return Refusal(
            "MK-CHANCE-1",
            f"Chance decides now ({step.question(top)}); {move_kind(move)} does not answer that.",
        )
    return Refusal(
        "MK-FLOW-1",
        f"Player {state.current + 1} is {step.question(top)}; "
        f"{move_kind(move)} does not answer that.",
    )


def _decider(state: GameState, top: Pending) -> int:
    return CHANCE if top.chance else state.current


def _last_mover(state: GameState) -> int:
    return state.current


def _game_ended(state: GameState) -> Event:
    return GameEnded(state.current)


#: The generic engine run with Machi Koro's steps (MK-FLOW-2: after a move, every step
#: that needs no decision happens by itself). It remembers the last state
#: :func:`legal_moves` listed and its moves (a :class:`~meeplekit.memo.Memo`), so that
#: :func:`apply_move` skips the check of a move object just listed (MK-INPUT-1: identity,
#: not equality).
ENGINE: Engine[GameState, Work, Move, Event] = Engine(
    Hooks(
        state_type=GameState,
        invalid_value=InvalidValueError,
        illegal_move=IllegalMoveError,
        well_formed=_well_formed,
        steps=STEPS,
        work=Work,
        game_over=Refusal("MK-WIN-1", "The game is over; no move is legal."),
        not_an_answer=_not_an_answer,
        decider=_decider,
        last_mover=_last_mover,
        game_ended=_game_ended,
    )
)


# --------------------------------------------------------------------------- the entry points


@ENGINE.entry
def is_over(state: GameState) -> bool:
    """True when the game has ended (MK-WIN-1)."""
    return ENGINE.is_over(state)


@ENGINE.entry
def current_player(state: GameState) -> int:
    """The seat that decides now, or :data:`meeplekit.protocol.CHANCE` at a chance node.

    After the game ended: the seat of the player who moved last (the winner: the game ends
    with the build that completes their landmarks).
    """
    return ENGINE.current_player(state)


@ENGINE.entry
def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move now, in a canonical deterministic order (chance outcomes at a chance node).

    Empty exactly when the game is over.
    """
    return ENGINE.legal_moves(state)


@ENGINE.entry
def explain(state: GameState, move: Move) -> Refusal | None:
    """Why ``move`` is not legal now (the rule and a sentence), or ``None`` when it is.

    The move is checked by itself, without listing every legal move; the explanation comes
    from the same step that lists the legal moves. A value that is not a move of this game
    raises :class:`~machikoro.errors.InvalidMoveError` (MK-INPUT-1).
    """
    return ENGINE.explain(state, move)


@ENGINE.entry
def verify_move(state: GameState, move: Move) -> None:
    """Raise :class:`~machikoro.errors.IllegalMoveError` naming the rule unless ``move`` is legal now.

    A value that is not a well-formed move raises
    :class:`~machikoro.errors.InvalidMoveError` instead.
    """
    ENGINE.verify_move(state, move)


@ENGINE.entry
def can_apply(state: GameState, move: Move) -> bool:
    """True when ``move`` is legal now; False for any other value, never an exception.

    Also False when ``state`` is not a :class:`GameState`.
    """
    return ENGINE.can_apply(state, move)


@ENGINE.entry
def apply_move(state: GameState, move: Move) -> GameState:
    """The state after ``move``; the input is not changed.

    Raises :class:`~machikoro.errors.IllegalMoveError` (a ``ValueError``) naming the rule
    the move breaks, or :class:`~machikoro.errors.InvalidMoveError` for a value that is not
    a well-formed move. A move object that :func:`legal_moves` just returned for this very
    state is applied without the check.
    """
    return ENGINE.apply_move(state, move)


@ENGINE.entry
def apply_move_unchecked(state: GameState, move: Move) -> GameState:
    """Apply a move known to be legal (one of :func:`legal_moves`), skipping every check.

    The trusted fast path, for search and playouts. With any other value the result is
    undefined: it may raise any exception or return a state that
    :func:`machikoro.validate` refuses. Input from outside goes through :func:`apply_move`.
    """
    return ENGINE.apply_move_unchecked(state, move)


@ENGINE.entry
def apply_move_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``move`` (equal to :func:`apply_move`'s) and what happened, in order.

    The events (:mod:`machikoro.events`) each name the rule that produced them
    (MK-EVENT-1). Raises :class:`~machikoro.errors.IllegalMoveError` like
    :func:`apply_move`.
    """
    return ENGINE.apply_move_with_events(state, move)
