"""The rules engine: legal moves, checking a move and applying it.

The public entry points are re-exported from :mod:`harbour`. The rules themselves live in
:mod:`harbour.rules`, one module per rules area: each kind of pending decision has one
step there that lists its legal moves, explains why a move is refused and applies a move
(:mod:`harbour.rules.table` says which step owns which decision), so legality and its
explanation come from the same code, as in PokerKit's verify/can/do triad and
python-chess's ``is_legal``. This module runs the steps.

Three rules cut across the steps and are read here from their homes: a once-per-turn
ability may be used at any decision of its owner's turn (ABIL-11, INT-34,
:mod:`harbour.rules.conversion`), the Inland Traders exist only in games that use them
(INLAND-1, :mod:`harbour.rules.shipping`), and a toll must stay payable (TOLL-5,
:mod:`harbour.rules.toll`).
"""

from __future__ import annotations

from typing import Any

from harbour.errors import IllegalMoveError, InvalidMoveError
from harbour.events import Event
from harbour.moves import MOVE_TYPES, Move, SellToTraders, UseAbility, out_of_range
from harbour.rules import conversion, end, shipping, toll
from harbour.rules.step import Refusal, Step
from harbour.rules.table import move_kind, step_of
from harbour.rules.work import Work
from harbour.state import GameState, Pending

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


def is_over(state: GameState) -> bool:
    """True when the game has ended (END-2)."""
    return not state.stack


def current_player(state: GameState) -> int:
    """The seat of the player who decides now.

    Usually the player whose turn it is; an ability's gift (ABIL-6, ABIL-7, ABIL-10) is
    decided by its receiver. After the game ended: the last player to move.
    """
    return state.decider


# --------------------------------------------------------------------------- legal moves


def _candidates(state: GameState) -> tuple[Move, ...]:
    """The legal moves before the unpayable-toll reading (TOLL-5) filters them."""
    if not state.stack:
        return ()
    top = state.stack[-1]
    step = step_of(top)
    moves = step.moves(state, top)
    if step.turn_decision and conversion.available(state):  # ABIL-11, INT-34
        moves += conversion.moves(state)
    return moves


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move now, in a canonical deterministic order.

    Empty exactly when the game is over.
    """
    global _LAST_LISTED
    moves = _candidates(state)
    if moves and toll.at_risk(state):
        moves = tuple(
            m for m in moves if toll.payable_after(state, m, _candidates, apply_move_unchecked)
        )
    _LAST_LISTED = (state, moves)
    return moves


#: The last state :func:`legal_moves` listed and its moves: a memo (one tuple, replaced
#: whole, so threads see an old or a new pair, never a mix) that lets :func:`apply_move`
#: skip the check of a move just listed, as bots and frontends do.
_LAST_LISTED: tuple[GameState | None, tuple[Move, ...]] = (None, ())


# --------------------------------------------------------------------------- checking


def _well_formed(state: GameState, move: object) -> None:
    """INPUT-1: raise :class:`InvalidMoveError` unless ``move`` is a move this game can name."""
    if type(move) not in MOVE_TYPES:
        raise InvalidMoveError(f"not a move: {move!r}")
    assert isinstance(move, Move)
    problem = out_of_range(
        move, len(state.cards.buildings), len(state.cards.characters), len(state.players)
    )
    if problem is not None:
        raise InvalidMoveError(f"{move!r}: {problem}")


def explain(state: GameState, move: Move) -> Refusal | None:
    """Why ``move`` is not legal now (the rule and a sentence), or ``None`` when it is.

    The move is checked by itself, without listing every legal move; the explanation
    comes from the same step that lists the legal moves. A value that is not a move of
    this game (not a move at all, or naming a building, board or seat the game does not
    have) raises :class:`InvalidMoveError`.
    """
    _well_formed(state, move)
    if not state.stack:
        return Refusal("END-2", "The game is over; no move is legal.")
    top = state.stack[-1]
    step = step_of(top)
    if isinstance(move, SellToTraders) and not shipping.traders_in_play(state):
        return Refusal("INLAND-1", "This game is not played with the Inland Traders side.")
    if isinstance(move, UseAbility) and (
        step.turn_decision or not conversion.has_conversion(state)
    ):
        found = conversion.refusal(state, move)
    elif isinstance(move, step.answers):
        found = step.refusal(state, top, move)
    else:
        found = _not_an_answer(state, top, step, move)
    if (
        found is None
        and toll.at_risk(state)
        and not toll.payable_after(state, move, _candidates, apply_move_unchecked)
    ):
        return toll.unpayable_refusal(state, move)
    return found


def _not_an_answer(state: GameState, top: Pending, step: Step[Any, Any], move: Move) -> Refusal:
    return Refusal(
        "TURN-6",
        f"Player {state.decider + 1} is {step.question(top)}; "
        f"{move_kind(move)} does not answer that.",
    )


def verify_move(state: GameState, move: Move) -> None:
    """Raise :class:`IllegalMoveError` naming the rule unless ``move`` is legal now.

    The move is checked by itself, without listing every legal move. A value that is not
    a well-formed move of this game raises :class:`InvalidMoveError` instead.
    """
    found = explain(state, move)
    if found is not None:
        raise IllegalMoveError(found.rule_id, found.reason)


def can_apply(state: GameState, move: Move) -> bool:
    """True when ``move`` is legal now (False for any other value, never an exception)."""
    try:
        return explain(state, move) is None
    except InvalidMoveError:
        return False


# --------------------------------------------------------------------------- applying


def _apply(work: Work, move: Move) -> None:
    """Apply one legal move to ``work``, then every step that needs no decision (TURN-6)."""
    if isinstance(move, UseAbility):
        conversion.use(work, move)  # ABIL-11: the decision stays pending
    else:
        top = work.stack.pop()
        step_of(top).apply(work, top, move)
    stack = work.stack
    while stack:
        top = stack[-1]
        step = step_of(top)
        if not (step.may_be_automatic and step.automatic(work, top)):
            return
    end.end_turn(work)


def apply_move(state: GameState, move: Move) -> GameState:
    """The state after ``move``; the input is not changed.

    Raises :class:`IllegalMoveError` (a ``ValueError``) naming the rule the move breaks,
    or :class:`InvalidMoveError` (also a ``ValueError``) for a value that is not a
    well-formed move of this game.
    """
    listed_state, listed = _LAST_LISTED
    # A move from the legal moves just listed for this very state is legal. Moves check
    # their field types when made, so an equal move is the same move (INPUT-1).
    if not (listed_state is state and type(move) in MOVE_TYPES and move in listed):
        verify_move(state, move)
    return apply_move_unchecked(state, move)


def apply_move_unchecked(state: GameState, move: Move) -> GameState:
    """Apply a move known to be legal (one of :func:`legal_moves`), skipping the check.

    For search and playouts. With a move that is not legal the result is undefined.
    """
    work = Work(state, None)
    _apply(work, move)
    return work.freeze()


def apply_move_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``move`` (equal to :func:`apply_move`'s) and what happened, in order.

    The events (:mod:`harbour.events`) say what the move and the steps that followed it by
    themselves did, each naming the rule that produced it. Raises
    :class:`IllegalMoveError` like :func:`apply_move`.
    """
    verify_move(state, move)
    log: list[Event] = []
    work = Work(state, log)
    _apply(work, move)
    after = work.freeze()
    if after.is_over:
        log.append(end.game_ended(after))
    return after, tuple(log)
