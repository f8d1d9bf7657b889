"""The rules engine: legal moves, checking a move and applying it.

The public entry points are re-exported from :mod:`machikoro`. The rules themselves live
in :mod:`machikoro.rules`, one module per rules area: each kind of pending decision has one
step there that lists its legal moves, explains why a move is refused and applies a move
(:mod:`machikoro.rules.table` says which step owns which decision), so legality and its
explanation come from the same code. This module runs the steps: after a move, every step
that needs no decision happens by itself (MK-FLOW-2).
"""

from __future__ import annotations

from machikoro.errors import IllegalMoveError, InvalidMoveError, InvalidValueError
from machikoro.events import Event, GameEnded
from machikoro.moves import Move, well_formed
from machikoro.rules.step import Refusal
from machikoro.rules.table import STEPS, move_kind
from machikoro.rules.work import Work
from machikoro.state import GameState
from meeplekit.protocol import CHANCE
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
    "verify_move",
]


def is_over(state: GameState) -> bool:
    """True when the game has ended (MK-WIN-1)."""
    if not isinstance(state, GameState):  # MK-INPUT-7
        raise not_a(GameState, state, InvalidValueError)
    return not state.stack


def current_player(state: GameState) -> int:
    """The seat that decides now, or :data:`meeplekit.protocol.CHANCE` at a chance node.

    After the game ended: the winner's seat.
    """
    if not isinstance(state, GameState):  # MK-INPUT-7
        raise not_a(GameState, state, InvalidValueError)
    stack = state.stack
    if stack and stack[-1].chance:
        return CHANCE
    return state.current


# --------------------------------------------------------------------------- legal moves


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move now, in a canonical deterministic order (chance outcomes at a chance node).

    Empty exactly when the game is over.
    """
    global _LAST_LISTED
    if not isinstance(state, GameState):  # MK-INPUT-7
        raise not_a(GameState, state, InvalidValueError)
    stack = state.stack
    if not stack:
        moves: tuple[Move, ...] = ()
    else:
        top = stack[-1]
        moves = STEPS[type(top)].moves(state, top)
    _LAST_LISTED = (state, moves)
    return moves


#: The last state :func:`legal_moves` listed and its moves: a memo (one tuple, replaced
#: whole, so threads see an old or a new pair, never a mix) that lets :func:`apply_move`
#: skip the check of a move just listed, as bots and frontends do.
_LAST_LISTED: tuple[GameState | None, tuple[Move, ...]] = (None, ())


def _just_listed(state: GameState, move: object) -> bool:
    """True when ``move`` is one of the very objects :func:`legal_moves` just listed for ``state``.

    Identity, not equality: a value made around its constructor may compare equal to a
    listed move and still not be one (MK-INPUT-1), so only the engine's own shared moves
    skip the check.
    """
    listed_state, listed = _LAST_LISTED
    return listed_state is state and id(move) in map(id, listed)


# --------------------------------------------------------------------------- checking


def _well_formed(state: GameState, move: object) -> Move:
    """MK-INPUT-1: ``move`` made again by its constructor, naming seats this game has.

    A ``state`` that is not a :class:`GameState` raises ``InvalidValueError`` (MK-INPUT-7).
    """
    if not isinstance(state, GameState):
        raise not_a(GameState, state, InvalidValueError)
    made = well_formed(move)
    seat = getattr(made, "opponent", None)
    if seat is not None and seat >= len(state.coins):
        raise InvalidMoveError(f"there is no seat {seat}: the game has {len(state.coins)} players")
    return made


def explain(state: GameState, move: Move) -> Refusal | None:
    """Why ``move`` is not legal now (the rule and a sentence), or ``None`` when it is.

    The move is checked by itself, without listing every legal move; the explanation comes
    from the same step that lists the legal moves. A value that is not a move of this game
    raises :class:`~machikoro.errors.InvalidMoveError` (MK-INPUT-1).
    """
    return _refusal(state, _well_formed(state, move))


def _refusal(state: GameState, move: Move) -> Refusal | None:
    """:func:`explain` for a move :func:`_well_formed` made."""
    stack = state.stack
    if not stack:
        return Refusal("MK-WIN-1", "The game is over; no move is legal.")
    top = stack[-1]
    step = STEPS[type(top)]
    if isinstance(move, step.answers):
        return step.refusal(state, top, move)
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


def _checked(state: GameState, move: object) -> Move:
    """``move`` made again by its constructor, once it is known to be legal now."""
    made = _well_formed(state, move)
    found = _refusal(state, made)
    if found is not None:
        raise IllegalMoveError(found.rule_id, found.reason)
    return made


def verify_move(state: GameState, move: Move) -> None:
    """Raise :class:`~machikoro.errors.IllegalMoveError` naming the rule unless ``move`` is legal now.

    A value that is not a well-formed move raises
    :class:`~machikoro.errors.InvalidMoveError` instead.
    """
    _checked(state, move)


def can_apply(state: GameState, move: Move) -> bool:
    """True when ``move`` is legal now; False for any other value, never an exception.

    Also False when ``state`` is not a :class:`GameState`.
    """
    try:
        return explain(state, move) is None
    except InvalidValueError:  # InvalidMoveError is one
        return False


# --------------------------------------------------------------------------- applying


def _apply(work: Work, move: Move) -> None:
    """Apply one legal move to ``work``, then every step that needs no decision (MK-FLOW-2)."""
    stack = work.stack
    top = stack.pop()
    STEPS[type(top)].apply(work, top, move)
    while stack:
        top = stack[-1]
        step = STEPS[type(top)]
        if not (step.may_be_automatic and step.automatic(work, top)):
            return


def apply_move(state: GameState, move: Move) -> GameState:
    """The state after ``move``; the input is not changed.

    Raises :class:`~machikoro.errors.IllegalMoveError` (a ``ValueError``) naming the rule
    the move breaks, or :class:`~machikoro.errors.InvalidMoveError` for a value that is not
    a well-formed move. A move object that :func:`legal_moves` just returned for this very
    state is applied without the check.
    """
    if not _just_listed(state, move):
        move = _checked(state, move)
    work = Work(state, None)
    _apply(work, move)
    return work.freeze()


def apply_move_unchecked(state: GameState, move: Move) -> GameState:
    """Apply a move known to be legal (one of :func:`legal_moves`), skipping every check.

    The trusted fast path, for search and playouts. With any other value the result is
    undefined: it may raise any exception or return a state that
    :func:`machikoro.validate` refuses. Input from outside goes through :func:`apply_move`.
    """
    work = Work(state, None)
    _apply(work, move)
    return work.freeze()


def apply_move_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``move`` (equal to :func:`apply_move`'s) and what happened, in order.

    The events (:mod:`machikoro.events`) each name the rule that produced them
    (MK-EVENT-1). Raises :class:`~machikoro.errors.IllegalMoveError` like
    :func:`apply_move`.
    """
    move = _checked(state, move)
    log: list[Event] = []
    work = Work(state, log)
    _apply(work, move)
    after = work.freeze()
    if not after.stack:
        log.append(GameEnded(after.current))
    return after, tuple(log)
