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

from collections.abc import Callable
from typing import Any, ClassVar

from harbour.errors import IllegalMoveError, InvalidValueError
from harbour.events import Event
from harbour.moves import Move, SellToTraders, UseAbility, well_formed_in
from harbour.rules import conversion, end, shipping, toll
from harbour.rules.step import Refusal, Step
from harbour.rules.table import BY_TYPE, move_kind, step_of
from harbour.rules.work import Work
from harbour.state import GameState, Pending
from meeplekit.engine import Beside, Chooser, Engine, Guard, Hooks

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


# --------------------------------------------------------------------------- the hooks


def _well_formed(state: GameState, move: object) -> Move:
    """INPUT-1: ``move`` made again by its constructor, naming something this game has."""
    return well_formed_in(move, state.cards, len(state.players))


def _not_an_answer(state: GameState, top: Pending, step: Step[Any, Any], move: Move) -> Refusal:
    """TURN-6: ``move`` answers another decision than the one pending."""
    return Refusal(
        "TURN-6",
        f"Player {state.decider + 1} is {step.question(top)}; "
        f"{move_kind(move)} does not answer that.",
    )


def _inland(state: GameState, move: Move) -> Refusal | None:
    """INLAND-1: a sale to the Inland Traders in a game played without them."""
    if isinstance(move, SellToTraders) and not shipping.traders_in_play(state):
        return Refusal("INLAND-1", "This game is not played with the Inland Traders side.")
    return None


class _Conversion(Beside):
    """ABIL-11, INT-34: the once-per-turn conversion, offered beside each turn decision."""

    answers: ClassVar[tuple[type, ...]] = (UseAbility,)

    def offered(self, state: GameState, step: Step[Any, Any]) -> bool:
        return step.turn_decision and conversion.available(state)

    def moves(self, state: GameState) -> tuple[Move, ...]:
        return conversion.moves(state)

    def speaks(self, state: GameState, step: Step[Any, Any]) -> bool:
        # Off a turn decision, the owner of a conversion meets TURN-6 instead.
        return step.turn_decision or not conversion.has_conversion(state)

    def refusal(self, state: GameState, move: UseAbility) -> Refusal | None:
        return conversion.refusal(state, move)

    def apply(self, work: Work, move: UseAbility) -> None:
        conversion.use(work, move)  # ABIL-11: the decision stays pending


class _Toll(Guard):
    """TOLL-5: a toll must stay payable, read by looking ahead."""

    def at_risk(self, state: GameState) -> bool:
        return toll.at_risk(state)

    def keeps(
        self,
        state: GameState,
        move: Move,
        candidates: Callable[[GameState], tuple[Move, ...]],
        apply: Callable[[GameState, Move], GameState],
    ) -> bool:
        return toll.payable_after(state, move, candidates, apply)

    def refusal(self, state: GameState, move: Move) -> Refusal:
        return toll.unpayable_refusal(state, move)


def _work(state: GameState, log: list[Event] | None) -> Work:
    """A work of ``state``, made by a compiled function (see :data:`_WORK`)."""
    return Work(state, log)


#: What makes a work: compiled, a native function, which the shared engine calls for less
#: than a native class (the class's call parses its arguments from a tuple); interpreted,
#: the class itself, one frame fewer.
_WORK: Callable[[GameState, list[Event] | None], Work] = (
    _work if hasattr(GameState, "__mypyc_attrs__") else Work
)


def _decider(state: GameState, top: Pending) -> int:
    return state.decider


def _last_mover(state: GameState) -> int:
    return state.current


#: The generic engine run with Harbour's steps, the conversion beside the turn decisions
#: and the TOLL-5 look-ahead. It remembers the last state :func:`legal_moves` listed and
#: its moves (a :class:`~meeplekit.memo.Memo`), so that :func:`apply_move` skips the check
#: of a move object just listed.
ENGINE: Engine[GameState, Work, Move, Event] = Engine(
    Hooks(
        state_type=GameState,
        invalid_value=InvalidValueError,
        illegal_move=IllegalMoveError,
        well_formed=_well_formed,
        steps=BY_TYPE,
        step_of=step_of,
        work=_WORK,
        game_over=Refusal("END-2", "The game is over; no move is legal."),
        not_an_answer=_not_an_answer,
        decider=_decider,
        last_mover=_last_mover,
        game_ended=end.game_ended,
        stack_emptied=end.end_turn,
        unavailable=_inland,
        beside=_Conversion(),
        guard=_Toll(),
    )
)


# --------------------------------------------------------------------------- the entry points


@ENGINE.entry
def is_over(state: GameState) -> bool:
    """True when the game has ended (END-2)."""
    return ENGINE.is_over(state)


@ENGINE.entry
def current_player(state: GameState) -> int:
    """The seat of the player who decides now.

    Usually the player whose turn it is; an ability's gift (ABIL-6, ABIL-7, ABIL-10) is
    decided by its receiver. After the game ended: the last player to move.
    """
    return ENGINE.current_player(state)


@ENGINE.entry
def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move now, in a canonical deterministic order.

    Empty exactly when the game is over.
    """
    return ENGINE.legal_moves(state)


@ENGINE.entry
def explain(state: GameState, move: Move) -> Refusal | None:
    """Why ``move`` is not legal now (the rule and a sentence), or ``None`` when it is.

    The move is checked by itself, without listing every legal move; the explanation
    comes from the same step that lists the legal moves. A value that is not a move of
    this game (not a move at all, a move made around its constructor that the
    constructor refuses, or one naming a building, board or seat the game does not have)
    raises :class:`InvalidMoveError` (INPUT-1).
    """
    return ENGINE.explain(state, move)


@ENGINE.entry
def verify_move(state: GameState, move: Move) -> None:
    """Raise :class:`IllegalMoveError` naming the rule unless ``move`` is legal now.

    The move is checked by itself, without listing every legal move. A value that is not
    a well-formed move of this game (also one made around its constructor that the
    constructor refuses) raises :class:`InvalidMoveError` instead.
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

    Raises :class:`IllegalMoveError` (a ``ValueError``) naming the rule the move breaks,
    or :class:`InvalidMoveError` (also a ``ValueError``) for a value that is not a
    well-formed move of this game. The move is made again by its constructor first
    (:func:`harbour.moves.well_formed`), so one made around it (``object.__setattr__``, a
    tampered pickle) meets the same checks, and the new state holds only values the
    constructors made (INPUT-1). A move object that :func:`legal_moves` just returned for
    this very state is applied without the check.
    """
    return ENGINE.apply_move(state, move)


@ENGINE.entry
def apply_move_unchecked(state: GameState, move: Move) -> GameState:
    """Apply a move known to be legal (one of :func:`legal_moves`), skipping every check.

    The trusted fast path, for search and playouts: the move is neither checked against
    the rules nor made again by its constructor, so it must be a move
    :func:`legal_moves` listed for this state (or equal to one and made by its
    constructor). With any other value the result is undefined: it may raise any
    exception or return a state that :func:`harbour.validate` refuses. Input from outside
    goes through :func:`apply_move`.
    """
    return ENGINE.apply_move_unchecked(state, move)


@ENGINE.entry
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
    return ENGINE.random_playout(state, rng, max_decisions)


@ENGINE.entry
def apply_move_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``move`` (equal to :func:`apply_move`'s) and what happened, in order.

    The events (:mod:`harbour.events`) say what the move and the steps that followed it by
    themselves did, each naming the rule that produced it. Raises
    :class:`IllegalMoveError` like :func:`apply_move`.
    """
    return ENGINE.apply_move_with_events(state, move)
