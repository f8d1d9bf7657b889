"""The rules engine every game runs: legal moves, checking a move and applying it, once.

A game's rules are a stack of pending decisions and one :class:`Step` per kind of
decision: the step lists the decision's legal answers, says why an answer is refused
(from the same predicates) and carries an answer out. The :class:`Engine` runs them, the
same pipeline for every game:

1. **Well-formedness**: the state is the game's state type (else the game's
   ``InvalidValueError``) and the move is made again by its constructor
   (:attr:`Hooks.well_formed`, which raises the game's ``InvalidMoveError``).
2. **Refusal**: the game over, a refusal of the game's own setup
   (:attr:`Hooks.unavailable`), the move answering a decision taken beside the pending one
   (:attr:`Hooks.beside`), the pending decision's step, or a move that answers another
   decision (:attr:`Hooks.not_an_answer`); then a look-ahead that may refuse a move
   otherwise legal by what it leads to (:attr:`Hooks.guard`). A refusal raises the game's
   ``IllegalMoveError`` with its rule and reason.
3. **The step table**: :attr:`Hooks.steps` (by the decision's type) or else
   :attr:`Hooks.step_of` gives the step of the decision on top.
4. **A working copy**: :attr:`Hooks.work` copies the frozen state into the game's
   mutable work (``stack`` a list, ``freeze()`` the frozen state back), so the input state
   is never changed.
5. **Automatic steps**: after the move, each step on top that needs no decision carries
   itself out (:attr:`Step.may_be_automatic`); a decision of a step named in
   :attr:`Hooks.single_answers` with one legal answer (or none) is taken by the engine;
   when the stack empties, the game may add the next turn's decisions
   (:attr:`Hooks.stack_emptied`).
6. **Freeze**: the work is frozen; with events, the game's end event closes the log when
   the game ended (:attr:`Hooks.game_ended`).

A game that trusts a valid position and checks none on its fast path may name what to
raise when something fails inside on a position it refuses (:attr:`Hooks.broken`).

A game's ``engine.py`` holds only its hooks and its step table, and gives its public
functions (with their own docstrings) as one-line calls of an :class:`Engine`. Errors are
the game's own classes (``except harbour.IllegalMoveError`` catches Harbour's only).

:func:`Engine.current_player` after the end is the seat of the player who moved last (the
definition of :meth:`meeplekit.protocol.Game.current_player`), given by
:attr:`Hooks.last_mover`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, NoReturn, Protocol, TypeVar

import attrs

from meeplekit.memo import Memo
from meeplekit.rules import Refusal
from meeplekit.values import not_a

__all__ = ["Beside", "Chooser", "Engine", "Guard", "Hooks", "Position", "Step", "Working"]

S = TypeVar("S", bound="Position")
W = TypeVar("W", bound="Working")
M = TypeVar("M")
E = TypeVar("E")
T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])


class Position(Protocol):
    """What the engine reads of a game's frozen state: its stack of pending decisions."""

    @property
    def stack(self) -> tuple[Any, ...]:
        """The pending decisions, the one to take now last; empty once the game is over."""
        ...


class Working(Protocol):
    """What the engine uses of a game's working copy of a state.

    A compiled game's work may name this protocol as its base: mypyc then reads its stack
    and calls its :meth:`freeze` directly (a protocol named as a base is a trait), where
    it would otherwise look both up by name at every move.
    """

    __slots__ = ()  # a game's work keeps its own slots

    #: The pending decisions, as a list the steps push to and pop from.
    stack: list[Any]

    def freeze(self) -> Any:
        """The frozen state the work holds now."""
        ...


class _StepCalls(Protocol):
    """The methods of :class:`Step`, the engine's calls (see :class:`Step` for why apart)."""

    def question(self, pending: Any) -> str:
        """What the decision asks, in a few words (``"rolling the dice"``)."""
        ...

    def moves(self, state: Any, pending: Any) -> tuple[Any, ...]:
        """Every legal answer, in canonical order."""
        ...

    def refusal(self, state: Any, pending: Any, move: Any) -> Refusal | None:
        """Why ``move`` (one of :attr:`Step.answers`) is not among :meth:`moves`, or ``None``."""
        ...

    def apply(self, work: Any, pending: Any, move: Any) -> None:
        """Carry out ``move``; ``pending`` has already been taken off the stack."""
        ...

    def automatic(self, work: Any, pending: Any) -> bool:
        """Carry the step out by itself when it offers no choice; True if it did.

        A step done automatically takes itself off the stack. Called only for steps with
        :attr:`Step.may_be_automatic`, when the decision reaches the top of the stack.
        """
        ...


class Step(_StepCalls, Protocol):
    """One kind of pending decision: its legal answers, its refusal and its apply.

    A game's steps satisfy this structurally (each game keeps its own base class, typed
    with its state, work and move types). The engine calls ``moves(state, pending)`` and
    ``refusal(state, pending, move)`` with the frozen state, ``apply(work, pending,
    move)`` and ``automatic(work, pending)`` with the work, and ``question(pending)`` for
    a refusal's sentence (their documentation is on this protocol's private base,
    ``_StepCalls``).

    A compiled game's base class of steps may also name this protocol as its base: mypyc
    then calls the steps' methods directly (a protocol named as a base is a trait). The
    methods are declared on the base apart because mypyc names its glue methods by class
    name, and a game's own base class is also called ``Step``. The engine reads the
    properties below as plain attributes (a game gives them as class variables, which a
    trait's property cannot read).
    """

    @property
    def answers(self) -> tuple[type, ...]:
        """The move types that answer this decision."""
        ...

    @property
    def owns(self) -> frozenset[str]:
        """Every rule ID ``refusal`` may name."""
        ...

    @property
    def may_be_automatic(self) -> bool:
        """Whether ``automatic`` may carry the step out by itself."""
        ...


class Beside(Protocol):
    """A decision that may be taken beside a pending one and leaves it pending.

    Harbour's once-per-turn conversion (ABIL-11, INT-34): offered at every decision of its
    owner's turn, after that decision's own moves.
    """

    @property
    def answers(self) -> tuple[type, ...]:
        """The move types of the decision beside."""
        ...

    def offered(self, state: Any, step: Any) -> bool:
        """Whether its moves are offered now, beside the pending decision's ``step``."""
        ...

    def moves(self, state: Any) -> tuple[Any, ...]:
        """Its legal moves now, when :meth:`available`."""
        ...

    def speaks(self, state: Any, step: Any) -> bool:
        """Whether :meth:`refusal` judges one of its moves at ``step``.

        Otherwise the move is judged as an answer to the pending decision.
        """
        ...

    def refusal(self, state: Any, move: Any) -> Refusal | None:
        """Why its ``move`` is not legal now, or ``None``."""
        ...

    def apply(self, work: Any, move: Any) -> None:
        """Carry out ``move``; the pending decision stays on the stack."""
        ...


class Guard(Protocol):
    """A look-ahead that refuses a move otherwise legal by what it leads to.

    Harbour's TOLL-5: while a toll may become unpayable, a move is legal only if the toll
    stays payable after it.
    """

    def at_risk(self, state: Any) -> bool:
        """Whether the look-ahead is needed at all in ``state`` (cheap)."""
        ...

    def keeps(
        self,
        state: Any,
        move: Any,
        candidates: Callable[[Any], tuple[Any, ...]],
        apply: Callable[[Any, Any], Any],
    ) -> bool:
        """Whether ``move`` passes, looking ahead with ``candidates`` and ``apply``.

        ``candidates`` lists the moves before this look-ahead; ``apply`` applies one
        unchecked.
        """
        ...

    def refusal(self, state: Any, move: Any) -> Refusal:
        """The refusal of a move :meth:`keeps` refuses."""
        ...


class Chooser(Protocol):
    """What picks a playout's moves: ``random.Random``, :class:`meeplekit.rng.SplitMix64`..."""

    def choice(self, seq: Sequence[T], /) -> T:
        """One of ``seq``, at random."""
        ...


@attrs.frozen(slots=True, kw_only=True)
class Hooks(Generic[S, W, M, E]):
    """What a game tells the :class:`Engine`: its types, errors, steps and differences.

    ``S`` is the game's state, ``W`` its working copy, ``M`` its move and ``E`` its event.
    """

    #: The game's state class (a value of another type raises :attr:`invalid_value`).
    state_type: type[S]
    #: The game's ``InvalidValueError`` (its ``InvalidMoveError`` is a subclass).
    invalid_value: type[Exception]
    #: The game's ``IllegalMoveError``, made from a rule ID and a reason.
    illegal_move: Callable[[str, str], Exception]
    #: The move made again by its constructor, checked against the state's game (seats,
    #: cards); raises the game's ``InvalidMoveError``. The state is of :attr:`state_type`.
    well_formed: Callable[[S, object], M]
    #: The step of each pending decision's type, when the type alone decides it: the fast
    #: table, looked up inline, or ``None`` to ask :attr:`step_of`. Alone, it holds every
    #: type. With :attr:`step_of`, it may hold some types only (the engine asks
    #: :attr:`step_of` for the others), and a dict is read as it is then, so that a game may
    #: fill it as its :attr:`step_of` meets the types.
    steps: Mapping[type, Step] | None = None
    #: The step that owns a pending decision whose type :attr:`steps` does not hold.
    step_of: Callable[[Any], Step] | None = None
    #: A working copy of a state, with an event log or ``None``.
    work: Callable[[S, list[E] | None], W]
    #: The refusal of any move once the game is over.
    game_over: Refusal
    #: The refusal of a move that answers none of the pending decision's ``answers``
    #: (the state, the pending decision, its step and the move).
    not_an_answer: Callable[[S, Any, Any, M], Refusal]
    #: The seat that decides the pending decision (or ``CHANCE``).
    decider: Callable[[S, Any], int]
    #: The seat of the player who moved last, for a state whose game is over.
    last_mover: Callable[[S], int]
    #: The event that closes the log of a move that ended the game.
    game_ended: Callable[[S], E]
    #: What happens when the automatic steps emptied the stack (the next turn), or ``None``.
    stack_emptied: Callable[[W], None] | None = None
    #: A refusal of the game's own setup read before any step's (a part the game is not
    #: played with), or ``None``.
    unavailable: Callable[[S, M], Refusal | None] | None = None
    #: The decision that may be taken beside a pending one, or ``None``.
    beside: Beside | None = None
    #: The look-ahead that may refuse a move otherwise legal, or ``None``.
    guard: Guard | None = None
    #: The steps whose decision the engine takes by itself when it has one legal answer,
    #: and skips when it has none (Bremerhaven's BH-ENGINE-7), or ``None``: every
    #: decision is asked. When such a decision comes up after a move (or in
    #: :attr:`Engine.settle`), the engine freezes the work to list its moves; with more
    #: than one, it keeps the frozen state and its moves in :attr:`Engine.listed` and
    #: returns that very state, so that :attr:`Engine.legal_moves` does not list them
    #: again. A game with single answers has no :attr:`beside` and no :attr:`guard` (its
    #: steps' own moves are its legal moves).
    single_answers: frozenset[Step] | None = None
    #: What to raise for an exception raised inside a public function on a state, or
    #: ``None``: raise it as it is. Given the state and the exception, it returns the
    #: exception itself (raised unchanged: the game's own errors, or an error of the engine
    #: on a valid position) or the game's error saying what is wrong with the position
    #: (raised from it; :attr:`Engine.can_apply` answers False instead). It is read by
    #: :attr:`Engine.is_over`, :attr:`Engine.current_player`, :attr:`Engine.legal_moves`,
    #: :attr:`Engine.explain`, :attr:`Engine.verify_move`, :attr:`Engine.can_apply`,
    #: :attr:`Engine.apply_move` and :attr:`Engine.apply_move_with_events`; the trusted
    #: paths (:attr:`Engine.apply_move_unchecked`, :attr:`Engine.random_playout`) raise
    #: what they meet.
    broken: Callable[[Any, Exception], Exception] | None = None


class Engine(Generic[S, W, M, E]):
    """The generic engine: one game's rules functions, made from its :class:`Hooks`.

    Each function is a closure over the hooks, bound once when the engine is made, so
    that the pipeline reads no attribute on its hot path. The engine is stateless but for
    one :class:`~meeplekit.memo.Memo`: the state :attr:`legal_moves` (or, with
    :attr:`Hooks.single_answers`, :attr:`settle`) listed last and its moves, so that
    :attr:`apply_move` applies one of those very move objects without checking it again,
    as bots and frontends do (identity, not equality: a value made around its
    constructor may equal a listed move and still not be one).

    A game gives its public functions their own signatures and docstrings with
    :meth:`entry`.
    """

    #: True when the game has ended: no decision is pending.
    is_over: Callable[[S], bool]
    #: The seat that decides now (or ``CHANCE``); after the end, :attr:`Hooks.last_mover`.
    current_player: Callable[[S], int]
    #: Every legal move now, in canonical order; empty exactly when the game is over.
    legal_moves: Callable[[S], tuple[M, ...]]
    #: :attr:`legal_moves` of a state known to be the game's, without the memo.
    legal: Callable[[S], tuple[M, ...]]
    #: The legal moves before the :attr:`Hooks.guard` look-ahead filters them.
    candidates: Callable[[S], tuple[M, ...]]
    #: ``move`` made again by its constructor, for a state of the game.
    well_formed: Callable[[S, object], M]
    #: Why a well-formed move is not legal now, or ``None``.
    refusal: Callable[[S, M], Refusal | None]
    #: Why ``move`` is not legal now, or ``None``; raises for a value that is not a move.
    explain: Callable[[S, object], Refusal | None]
    #: ``move`` made again by its constructor once known to be legal, else the game's
    #: ``IllegalMoveError``.
    checked: Callable[[S, object], M]
    #: Raise the game's ``IllegalMoveError`` (or ``InvalidMoveError``) unless legal now.
    verify_move: Callable[[S, object], None]
    #: True when ``move`` is legal now; False for any other value, never an exception.
    can_apply: Callable[[S, object], bool]
    #: Carry out every step that needs no decision from the work's top (with
    #: :attr:`Hooks.single_answers`, taking single answers): the frozen state when it froze
    #: the work to list a decision's moves (kept in :attr:`listed`), else ``None``.
    settle: Callable[[W], S | None]
    #: The state after ``move``, checked unless :attr:`legal_moves` just listed it.
    apply_move: Callable[[S, object], S]
    #: The state after a move known to be legal, no check: the move applied to a work, then
    #: every step that needs no decision. A third argument, a list, receives the events.
    apply_move_unchecked: Callable[[S, M], S]
    #: The state after a checked ``move`` and the events of what happened, in order.
    apply_move_with_events: Callable[[S, object], tuple[S, tuple[E, ...]]]
    #: Random legal moves (``rng.choice``) applied unchecked from a state until the end or
    #: a number of decisions: the state reached and the decisions made.
    random_playout: Callable[[S, Chooser, int | None], tuple[S, int]]

    def __init__(self, hooks: Hooks[S, W, M, E]) -> None:
        #: The game's hooks.
        self.hooks = hooks
        #: The last state :attr:`legal_moves` (or :attr:`settle`) listed and its moves.
        self.listed: Memo[S, tuple[M, ...]] = Memo()
        _build(self, hooks, self.listed)

    def entry(self, stub: F) -> F:
        """The engine's function named as ``stub``, documented and typed as ``stub``.

        A game writes its public function (signature, docstring and a body calling the
        engine) and decorates it; the module then holds the engine's own function under
        the game's name, signature and docstring (:func:`functools.update_wrapper`, which
        also keeps ``stub`` as ``__wrapped__``), so that a call costs no extra frame. Each
        engine's functions are its own, so one game's names never show on another's. A
        function that takes no attributes (compiled) leaves ``stub`` itself in place.
        """
        made: F = getattr(self, stub.__name__)
        try:
            functools.update_wrapper(made, stub)
        except (AttributeError, TypeError):  # a function compiled by mypyc takes no names
            return stub  # its body calls the engine: one frame more, the same results
        return made


def _build(
    engine: Engine[Any, Any, Any, Any], hooks: Hooks[Any, Any, Any, Any], memo: Memo[Any, Any]
) -> None:
    """Make ``engine``'s functions: closures over ``hooks``, read once here.

    A game with the fast table alone (:attr:`Hooks.steps`, no :attr:`Hooks.step_of`) and no
    decision beside, look-ahead or refusal of its setup gets the plain pipeline
    (:func:`_plain`): every step found by one lookup, no hook asked whether it exists. Any
    other game gets the whole pipeline.
    """
    state_type = hooks.state_type
    invalid = hooks.invalid_value
    illegal = hooks.illegal_move
    make = hooks.well_formed
    steps = hooks.steps
    asked = hooks.step_of
    if asked is not None:
        step_of = asked
    elif steps is not None:
        step_of = _by_type(steps)
    else:
        raise TypeError("the hooks need steps or step_of")
    # The fast table, read first; step_of for the types it does not hold.
    by_type: dict[type, Step] = {}
    if steps is not None:
        by_type = steps if isinstance(steps, dict) else dict(steps)
    work_of = hooks.work
    game_over = hooks.game_over
    not_an_answer = hooks.not_an_answer
    decider = hooks.decider
    last_mover = hooks.last_mover
    game_ended = hooks.game_ended
    emptied = hooks.stack_emptied
    unavailable = hooks.unavailable
    beside = hooks.beside
    guard = hooks.guard
    # A protocol's properties are read as plain attributes, through Any (see Step).
    beside_read: Any = beside
    beside_answers: tuple[type, ...] = beside_read.answers if beside is not None else ()
    single = hooks.single_answers
    answered: frozenset[Any] = frozenset() if single is None else single
    if single is not None and (beside is not None or guard is not None):
        raise TypeError("single_answers lists a step's own moves: no beside, no guard")

    def is_over(state: Any) -> bool:
        if not isinstance(state, state_type):
            raise not_a(state_type, state, invalid)
        return not state.stack

    def current_player(state: Any) -> int:
        if not isinstance(state, state_type):
            raise not_a(state_type, state, invalid)
        stack: tuple[Any, ...] = state.stack
        if not stack:
            return last_mover(state)
        return decider(state, stack[-1])

    def candidates(state: Any) -> tuple[Any, ...]:
        stack: tuple[Any, ...] = state.stack
        if not stack:
            return ()
        top = stack[-1]
        step = by_type.get(type(top))
        if step is None:
            step = step_of(top)
        moves: tuple[Any, ...] = step.moves(state, top)
        if beside is not None and beside.offered(state, step):
            moves += beside.moves(state)
        return moves

    def legal(state: Any) -> tuple[Any, ...]:
        moves = candidates(state)
        if guard is not None and moves and guard.at_risk(state):
            moves = tuple(m for m in moves if guard.keeps(state, m, candidates, unchecked))
        return moves

    def whole_legal_moves(state: Any) -> tuple[Any, ...]:
        if not isinstance(state, state_type):
            raise not_a(state_type, state, invalid)
        if single is not None:  # the moves settle() listed for this very state
            entry = memo.entry
            if entry is not None and entry[0] is state:
                return entry[1]  # type: ignore[no-any-return]
        stack: tuple[Any, ...] = state.stack
        moves: tuple[Any, ...]
        if stack:  # candidates and legal, inline
            top = stack[-1]
            step = by_type.get(type(top))
            if step is None:
                step = step_of(top)
            moves = step.moves(state, top)
            if beside is not None and beside.offered(state, step):
                moves += beside.moves(state)
        else:
            moves = ()
        if guard is not None and moves and guard.at_risk(state):
            moves = tuple(m for m in moves if guard.keeps(state, m, candidates, unchecked))
        memo.entry = (state, moves)  # Memo.put, inline
        return moves

    def well_formed(state: Any, move: object) -> Any:
        if not isinstance(state, state_type):
            raise not_a(state_type, state, invalid)
        return make(state, move)

    def whole_refusal(state: Any, move: Any) -> Refusal | None:
        stack: tuple[Any, ...] = state.stack
        if not stack:
            return game_over
        top = stack[-1]
        step = by_type.get(type(top))
        if step is None:
            step = step_of(top)
        read: Any = step  # its properties as plain attributes (see Step)
        if unavailable is not None:
            found = unavailable(state, move)
            if found is not None:
                return found
        if beside is not None and isinstance(move, beside_answers) and beside.speaks(state, step):
            found = beside.refusal(state, move)
        elif isinstance(move, read.answers):
            found = step.refusal(state, top, move)
        else:
            found = not_an_answer(state, top, step, move)
        if (
            guard is not None
            and found is None
            and guard.at_risk(state)
            and not guard.keeps(state, move, candidates, unchecked)
        ):
            return guard.refusal(state, move)
        return found

    def whole_unchecked(state: Any, move: Any, log: list[Any] | None = None) -> Any:
        work: Working = work_of(state, log)
        stack: list[Any] = work.stack
        if beside is not None and isinstance(move, beside_answers):
            beside.apply(work, move)  # the pending decision stays
        else:
            top = stack.pop()
            step = by_type.get(type(top))
            if step is None:
                step = step_of(top)
            step.apply(work, top, move)
        if single is not None:
            frozen = settle(work)
            return work.freeze() if frozen is None else frozen
        while stack:
            top = stack[-1]
            step = by_type.get(type(top))
            if step is None:
                step = step_of(top)
            read: Any = step  # its properties as plain attributes (see Step)
            if not (read.may_be_automatic and step.automatic(work, top)):
                break
        else:  # the stack emptied
            if emptied is not None:
                emptied(work)
        return work.freeze()

    def settle(work: Any) -> Any:
        stack: list[Any] = work.stack
        while stack:
            top = stack[-1]
            step = by_type.get(type(top))
            if step is None:
                step = step_of(top)
            read: Any = step  # its properties as plain attributes (see Step)
            if read.may_be_automatic and step.automatic(work, top):
                continue
            if step not in answered:
                return None
            frozen = work.freeze()
            moves: tuple[Any, ...] = step.moves(frozen, top)
            if len(moves) > 1:
                memo.entry = (frozen, moves)  # Memo.put, inline
                return frozen
            stack.pop()  # one answer, taken; or none, and nothing to decide
            if moves:
                step.apply(work, top, moves[0])
        if emptied is not None:
            emptied(work)
        return None

    legal_moves: Callable[[Any], tuple[Any, ...]] = whole_legal_moves
    refusal: Callable[[Any, Any], Refusal | None] = whole_refusal
    unchecked: Callable[..., Any] = whole_unchecked  # (state, move, log=None)
    if (
        asked is None
        and steps is not None
        and beside is None
        and guard is None
        and unavailable is None
        and single is None
    ):
        legal_moves, refusal, unchecked = _plain(hooks, steps, memo)

    def explain(state: Any, move: object) -> Refusal | None:
        return refusal(state, well_formed(state, move))

    def checked(state: Any, move: object) -> Any:
        if not isinstance(state, state_type):  # well_formed, inline
            raise not_a(state_type, state, invalid)
        made = make(state, move)
        found = refusal(state, made)
        if found is not None:
            raise illegal(found.rule_id, found.reason)
        return made

    def verify_move(state: Any, move: object) -> None:
        checked(state, move)

    def can_apply(state: Any, move: object) -> bool:
        try:
            return explain(state, move) is None
        except invalid:  # the game's InvalidMoveError is one
            return False

    def apply_move(state: Any, move: Any) -> Any:
        entry = memo.entry  # Memo.get, inline
        if entry is None or entry[0] is not state or id(move) not in map(id, entry[1]):
            move = checked(state, move)
        return unchecked(state, move)

    def apply_move_with_events(state: Any, move: object) -> tuple[Any, tuple[Any, ...]]:
        made = checked(state, move)
        log: list[Any] = []
        after = unchecked(state, made, log)
        if not after.stack:
            log.append(game_ended(after))
        return after, tuple(log)

    def random_playout(
        state: Any, rng: Chooser, max_decisions: int | None = None
    ) -> tuple[Any, int]:
        if not isinstance(state, state_type):
            raise not_a(state_type, state, invalid)
        done = 0
        while state.stack and (max_decisions is None or done < max_decisions):
            state = unchecked(state, rng.choice(legal(state)))
            done += 1
        return state, done

    engine.is_over = is_over
    engine.current_player = current_player
    engine.legal_moves = legal_moves
    engine.legal = legal
    engine.candidates = candidates
    engine.well_formed = well_formed
    engine.refusal = refusal
    engine.explain = explain
    engine.checked = checked
    engine.verify_move = verify_move
    engine.can_apply = can_apply
    engine.apply_move = apply_move
    engine.apply_move_unchecked = unchecked
    engine.apply_move_with_events = apply_move_with_events
    engine.random_playout = random_playout
    engine.settle = settle
    if hooks.broken is not None:
        _guard(engine, hooks.broken)


def _guard(
    engine: Engine[Any, Any, Any, Any], broken: Callable[[Any, Exception], Exception]
) -> None:
    """Make ``engine``'s public functions raise what :attr:`Hooks.broken` says.

    Each wrapper calls its function with the same arguments (a plain call, the fast path:
    a ``try`` costs nothing until something is raised).
    """

    def judge(state: Any, error: Exception) -> NoReturn:
        """Raise what ``broken`` says for ``error``, the exception being handled."""
        made = broken(state, error)
        if made is error:
            raise  # the exception being handled, unchanged
        # raise made from error, spelled out: the compiled build (mypyc) drops a raise's from.
        made.__cause__ = error  # which also suppresses the context, as from does
        raise made

    def of_state(function: Callable[[Any], T]) -> Callable[[Any], T]:
        def call(state: Any) -> T:
            try:
                return function(state)
            except Exception as error:
                judge(state, error)

        return call

    def of_move(function: Callable[[Any, Any], T]) -> Callable[[Any, Any], T]:
        def call(state: Any, move: Any) -> T:
            try:
                return function(state, move)
            except Exception as error:
                judge(state, error)

        return call

    engine.is_over = of_state(engine.is_over)
    engine.current_player = of_state(engine.current_player)
    engine.legal_moves = of_state(engine.legal_moves)
    engine.explain = of_move(engine.explain)
    engine.verify_move = of_move(engine.verify_move)
    engine.apply_move = of_move(engine.apply_move)
    engine.apply_move_with_events = of_move(engine.apply_move_with_events)
    can_apply = engine.can_apply

    def never_raises(state: Any, move: object) -> bool:
        try:
            return can_apply(state, move)
        except Exception as error:
            if broken(state, error) is error:
                raise
            return False  # a position the game refuses: no move is legal there

    engine.can_apply = never_raises


def _by_type(steps: Mapping[type, Step]) -> Callable[[Any], Step]:
    """:attr:`Hooks.step_of` made of the fast table alone (``KeyError``: a type it lacks)."""

    def step_of(pending: Any) -> Step:
        return steps[type(pending)]

    return step_of


def _plain(
    hooks: Hooks[Any, Any, Any, Any], steps: Mapping[type, Step], memo: Memo[Any, Any]
) -> tuple[
    Callable[[Any], tuple[Any, ...]],
    Callable[[Any, Any], Refusal | None],
    Callable[..., Any],
]:
    """``legal_moves``, ``refusal`` and ``apply_move_unchecked`` of a game with the table alone.

    The same pipeline as :func:`_build`'s, with no decision beside, look-ahead or refusal
    of the game's setup to ask about: each pending decision's step, its answers and (for a
    step that :attr:`~Step.may_be_automatic`) the step to run by itself are read from
    tables made here, once, by the decision's type.
    """
    state_type = hooks.state_type
    invalid = hooks.invalid_value
    game_over = hooks.game_over
    not_an_answer = hooks.not_an_answer
    emptied = hooks.stack_emptied
    work_of = hooks.work
    table: dict[type, Step] = dict(steps)
    answers: dict[type, tuple[type, ...]] = {}
    automatic: dict[type, Step | None] = {}
    for kind, step in table.items():
        read: Any = step  # its properties as plain attributes (see Step)
        answers[kind] = read.answers
        automatic[kind] = step if read.may_be_automatic else None

    def legal_moves(state: Any) -> tuple[Any, ...]:
        if not isinstance(state, state_type):
            raise not_a(state_type, state, invalid)
        stack: tuple[Any, ...] = state.stack
        if stack:
            top = stack[-1]
            moves: tuple[Any, ...] = table[type(top)].moves(state, top)
        else:
            moves = ()
        memo.entry = (state, moves)  # Memo.put, inline
        return moves

    def refusal(state: Any, move: Any) -> Refusal | None:
        stack: tuple[Any, ...] = state.stack
        if not stack:
            return game_over
        top = stack[-1]
        kind = type(top)
        if isinstance(move, answers[kind]):
            return table[kind].refusal(state, top, move)
        return not_an_answer(state, top, table[kind], move)

    def unchecked(state: Any, move: Any, log: list[Any] | None = None) -> Any:
        work: Working = work_of(state, log)
        stack: list[Any] = work.stack
        top = stack.pop()
        table[type(top)].apply(work, top, move)
        while stack:
            top = stack[-1]
            step = automatic[type(top)]
            if step is None or not step.automatic(work, top):
                break
        else:  # the stack emptied
            if emptied is not None:
                emptied(work)
        return work.freeze()

    return legal_moves, refusal, unchecked
