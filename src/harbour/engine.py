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

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from harbour.errors import IllegalMoveError, InvalidValueError
from harbour.events import Event
from harbour.moves import Move, SellToTraders, UseAbility, well_formed_in
from harbour.rules import conversion, end, shipping, toll
from harbour.rules.step import Refusal, Step
from harbour.rules.table import move_kind, step_of
from harbour.rules.work import Work
from harbour.state import GameState, Pending
from meeplekit.values import not_a

__all__ = [
    "Chooser",
    "apply_move",
    "apply_move_unchecked",
    "apply_move_with_events",
    "can_apply",
    "current_player",
    "explain",
    "is_over",
    "legal_moves",
    "random_playout",
    "verify_move",
]

T = TypeVar("T")


class Chooser(Protocol):
    """What picks a playout's moves: ``random.Random``, :class:`harbour.rng.SplitMix64`..."""

    def choice(self, seq: Sequence[T], /) -> T:
        """One of ``seq``, at random."""
        ...


def is_over(state: GameState) -> bool:
    """True when the game has ended (END-2)."""
    if not isinstance(state, GameState):  # INPUT-5
        raise not_a(GameState, state, InvalidValueError)
    return not state.stack


def current_player(state: GameState) -> int:
    """The seat of the player who decides now.

    Usually the player whose turn it is; an ability's gift (ABIL-6, ABIL-7, ABIL-10) is
    decided by its receiver. After the game ended: the last player to move.
    """
    if not isinstance(state, GameState):  # INPUT-5
        raise not_a(GameState, state, InvalidValueError)
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
    if not isinstance(state, GameState):  # INPUT-5
        raise not_a(GameState, state, InvalidValueError)
    moves = _legal(state)
    _LAST_LISTED = (state, moves)
    return moves


def _legal(state: GameState) -> tuple[Move, ...]:
    """:func:`legal_moves` without remembering them for :func:`apply_move`."""
    moves = _candidates(state)
    if moves and toll.at_risk(state):
        moves = tuple(
            m for m in moves if toll.payable_after(state, m, _candidates, apply_move_unchecked)
        )
    return moves


#: The last state :func:`legal_moves` listed and its moves: a memo (one tuple, replaced
#: whole, so threads see an old or a new pair, never a mix) that lets :func:`apply_move`
#: skip the check of a move just listed, as bots and frontends do.
_LAST_LISTED: tuple[GameState | None, tuple[Move, ...]] = (None, ())


def _just_listed(state: GameState, move: object) -> bool:
    """True when ``move`` is one of the very objects :func:`legal_moves` just listed for ``state``.

    Identity, not equality: a value made around its constructor may compare equal to a
    listed move (``ChooseOption(True) == ChooseOption(1)``) and still not be one (INPUT-1),
    so only the objects the engine made itself skip the check. Moves are shared values
    (the engine caches them), so changing a listed move in place is changing the
    library's own data, which no check can undo.
    """
    listed_state, listed = _LAST_LISTED
    return listed_state is state and id(move) in map(id, listed)


# --------------------------------------------------------------------------- checking


def _well_formed(state: GameState, move: object) -> Move:
    """INPUT-1: ``move`` made again by its constructor, naming something this game has.

    Raises :class:`InvalidMoveError` otherwise, and :class:`InvalidValueError` for a
    ``state`` that is not a :class:`GameState` (INPUT-5).
    """
    if not isinstance(state, GameState):
        raise not_a(GameState, state, InvalidValueError)
    return well_formed_in(move, state.cards, len(state.players))


def explain(state: GameState, move: Move) -> Refusal | None:
    """Why ``move`` is not legal now (the rule and a sentence), or ``None`` when it is.

    The move is checked by itself, without listing every legal move; the explanation
    comes from the same step that lists the legal moves. A value that is not a move of
    this game (not a move at all, a move made around its constructor that the
    constructor refuses, or one naming a building, board or seat the game does not have)
    raises :class:`InvalidMoveError` (INPUT-1).
    """
    return _refusal(state, _well_formed(state, move))


def _refusal(state: GameState, move: Move) -> Refusal | None:
    """:func:`explain` for a move :func:`_well_formed` made."""
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


def _checked(state: GameState, move: object) -> Move:
    """``move`` made again by its constructor, once it is known to be legal now."""
    made = _well_formed(state, move)
    found = _refusal(state, made)
    if found is not None:
        raise IllegalMoveError(found.rule_id, found.reason)
    return made


def verify_move(state: GameState, move: Move) -> None:
    """Raise :class:`IllegalMoveError` naming the rule unless ``move`` is legal now.

    The move is checked by itself, without listing every legal move. A value that is not
    a well-formed move of this game (also one made around its constructor that the
    constructor refuses) raises :class:`InvalidMoveError` instead.
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
    well-formed move of this game. The move is made again by its constructor first
    (:func:`harbour.moves.well_formed`), so one made around it (``object.__setattr__``, a
    tampered pickle) meets the same checks, and the new state holds only values the
    constructors made (INPUT-1). A move object that :func:`legal_moves` just returned for
    this very state is applied without the check.
    """
    if not _just_listed(state, move):
        move = _checked(state, move)
    work = Work(state, None)  # apply_move_unchecked, inline: it runs at every decision
    _apply(work, move)
    return work.freeze()


def apply_move_unchecked(state: GameState, move: Move) -> GameState:
    """Apply a move known to be legal (one of :func:`legal_moves`), skipping every check.

    The trusted fast path, for search and playouts: the move is neither checked against
    the rules nor made again by its constructor, so it must be a move
    :func:`legal_moves` listed for this state (or equal to one and made by its
    constructor). With any other value the result is undefined: it may raise any
    exception or return a state that :func:`harbour.validate` refuses. Input from outside
    goes through :func:`apply_move`.
    """
    work = Work(state, None)
    _apply(work, move)
    return work.freeze()


def random_playout(
    state: GameState, rng: Chooser, max_decisions: int | None = None
) -> tuple[GameState, int]:
    """Play uniformly random legal moves from ``state``: the state reached and the decisions.

    The playout of search (Monte Carlo rollouts, the benchmark's playouts): each decision
    takes ``rng.choice`` of :func:`legal_moves` and applies it as
    :func:`apply_move_unchecked` does, through the same rules steps, without what only
    callers need (events, checking the move, remembering the listed moves for
    :func:`apply_move`). It stops when the game is over or after ``max_decisions``
    decisions (``None``: no limit). The same ``rng`` state gives the same playout as the
    loop ``state = apply_move_unchecked(state, rng.choice(legal_moves(state)))``.
    """
    if not isinstance(state, GameState):  # INPUT-5
        raise not_a(GameState, state, InvalidValueError)
    done = 0
    while state.stack and (max_decisions is None or done < max_decisions):
        work = Work(state, None)
        _apply(work, rng.choice(_legal(state)))
        state = work.freeze()
        done += 1
    return state, done


def apply_move_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``move`` (equal to :func:`apply_move`'s) and what happened, in order.

    The events (:mod:`harbour.events`) say what the move and the steps that followed it by
    themselves did, each naming the rule that produced it. Raises
    :class:`IllegalMoveError` like :func:`apply_move`.
    """
    move = _checked(state, move)
    log: list[Event] = []
    work = Work(state, log)
    _apply(work, move)
    after = work.freeze()
    if after.is_over:
        log.append(end.game_ended(after))
    return after, tuple(log)
