"""The generic engine (meeplekit.engine) on a tiny fake game: each hook's effect.

The game: two seats take turns adding 1 or 2 (or 3, when the game is played with threes)
to a shared total; an odd total is banked up by one by itself (an automatic step), an even
one asks the turn player to ``Take`` it; a ``Peek`` may be made once beside an adding
decision; the look-ahead refuses a move that would leave the total at 4; the game ends
when a turn ends at 6 or more. A position with a negative total is not valid (what the
``broken`` hook reads).
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import bremerhaven.rules.table
import harbour.rules.table
import machikoro.rules.table
from harbour.state import PendingMove
from meeplekit.engine import Engine, Hooks, Step
from meeplekit.rules import Refusal


class ToyInvalid(ValueError):
    """The toy's InvalidValueError."""


class ToyInvalidMove(ToyInvalid):
    """The toy's InvalidMoveError."""


class ToyIllegal(ValueError):
    """The toy's IllegalMoveError."""

    def __init__(self, rule_id: str, reason: str) -> None:
        super().__init__(f"{rule_id}: {reason}")
        self.rule_id = rule_id


@attrs.frozen
class Add:
    n: int


@attrs.frozen
class Take:
    pass


@attrs.frozen
class Peek:
    pass


@attrs.frozen
class Adding:
    pass


@attrs.frozen
class Banking:
    pass


@attrs.frozen
class State:
    total: int = 0
    current: int = 0
    peeked: bool = False
    threes: bool = False
    stack: tuple[Any, ...] = (Adding(),)


class Work:
    def __init__(self, state: State, log: list[str] | None) -> None:
        self.state = state
        self.log = log
        self.total = state.total
        self.current = state.current
        self.peeked = state.peeked
        self.stack = list(state.stack)

    def note(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    def freeze(self) -> State:
        return State(self.total, self.current, self.peeked, self.state.threes, tuple(self.stack))


#: How often each step's refusal was asked (to see the memo skip the check).
ASKED: list[str] = []


class AddStep:
    answers = (Add,)
    owns = frozenset({"T-ADD"})
    may_be_automatic = False
    turn_decision = True

    def question(self, pending: Adding) -> str:
        return "adding"

    def moves(self, state: State, pending: Adding) -> tuple[Any, ...]:
        return tuple(Add(n) for n in ((1, 2, 3) if state.threes else (1, 2)))

    def refusal(self, state: State, pending: Adding, move: Add) -> Refusal | None:
        ASKED.append("add")
        return None if move.n in (1, 2, 3) else Refusal("T-ADD", "Add 1, 2 or 3.")

    def apply(self, work: Work, pending: Adding, move: Add) -> None:
        work.total += move.n
        work.note(f"added {move.n}")
        work.stack.append(Banking())

    def automatic(self, work: Work, pending: Adding) -> bool:
        raise AssertionError("never automatic")


class BankStep:
    answers = (Take,)
    owns = frozenset({"T-BANK"})
    may_be_automatic = True
    turn_decision = False

    def question(self, pending: Banking) -> str:
        return "banking"

    def moves(self, state: State, pending: Banking) -> tuple[Any, ...]:
        return (Take(),)

    def refusal(self, state: State, pending: Banking, move: Take) -> Refusal | None:
        return None

    def apply(self, work: Work, pending: Banking, move: Take) -> None:
        work.note("took")

    def automatic(self, work: Work, pending: Banking) -> bool:
        if work.total % 2 == 0:
            return False
        work.stack.pop()
        work.total += 1
        work.note("banked")
        return True


STEPS: dict[type, Any] = {Adding: AddStep(), Banking: BankStep()}


class PeekBeside:
    answers = (Peek,)

    def offered(self, state: State, step: Any) -> bool:
        return bool(step.turn_decision) and not state.peeked

    def moves(self, state: State) -> tuple[Any, ...]:
        return (Peek(),)

    def speaks(self, state: State, step: Any) -> bool:
        return bool(step.turn_decision)

    def refusal(self, state: State, move: Peek) -> Refusal | None:
        return Refusal("T-PEEK", "Peek once.") if state.peeked else None

    def apply(self, work: Work, move: Peek) -> None:
        work.peeked = True
        work.note("peeked")


class NotFive:
    def at_risk(self, state: State) -> bool:
        return state.total == 3

    def keeps(
        self,
        state: State,
        move: Any,
        candidates: Callable[[State], tuple[Any, ...]],
        apply: Callable[[State, Any], State],
    ) -> bool:
        return apply(state, move).total != 4

    def refusal(self, state: State, move: Any) -> Refusal:
        return Refusal("T-FOUR", "The total may not stay at 4.")


def well_formed(state: State, move: object) -> Any:
    if type(move) not in (Add, Take, Peek):
        raise ToyInvalidMove(f"not a move: {move!r}")
    return move


def next_turn(work: Work) -> None:
    work.note("turn ended")
    if work.total < 6:
        work.current = 1 - work.current
        work.stack.append(Adding())


def no_threes(state: State, move: Any) -> Refusal | None:
    if isinstance(move, Add) and move.n == 3 and not state.threes:
        return Refusal("T-OFF", "This game is not played with threes.")
    return None


def hooks(**changes: Any) -> Hooks[State, Work, Any, str]:
    made: Hooks[State, Work, Any, str] = Hooks(
        state_type=State,
        invalid_value=ToyInvalid,
        illegal_move=ToyIllegal,
        well_formed=well_formed,
        steps=STEPS,
        work=Work,
        game_over=Refusal("T-END", "Over."),
        not_an_answer=lambda state, top, step, move: Refusal(
            "T-TURN", f"Seat {state.current} is {step.question(top)}."
        ),
        decider=lambda state, top: state.current,
        last_mover=lambda state: 10 + state.current,
        game_ended=lambda state: f"ended at {state.total}",
        stack_emptied=next_turn,
        unavailable=no_threes,
        beside=PeekBeside(),
        guard=NotFive(),
    )
    return attrs.evolve(made, **changes)


ENGINE = Engine(hooks())


def test_legal_moves_are_the_steps_then_the_decision_beside() -> None:
    state = State()
    assert ENGINE.legal_moves(state) == (Add(1), Add(2), Peek())
    assert ENGINE.legal_moves(State(peeked=True)) == (Add(1), Add(2))
    plain = Engine(hooks(beside=None))
    assert plain.legal_moves(state) == (Add(1), Add(2))
    assert ENGINE.legal_moves(State(stack=())) == ()


def test_a_move_applies_then_the_automatic_steps_then_the_next_turn() -> None:
    after, events = ENGINE.apply_move_with_events(State(), Add(1))
    assert events == ("added 1", "banked", "turn ended")
    assert (after.total, after.current, after.stack) == (2, 1, (Adding(),))
    after, events = ENGINE.apply_move_with_events(State(), Add(2))
    assert events == ("added 2",)  # an even total waits for its decision
    assert after.stack == (Banking(),) and ENGINE.current_player(after) == 0
    assert ENGINE.legal_moves(after) == (Take(),)
    done, events = ENGINE.apply_move_with_events(after, Take())
    assert events == ("took", "turn ended") and done.current == 1


def test_without_stack_emptied_the_game_ends_when_the_stack_does() -> None:
    engine = Engine(hooks(stack_emptied=None))
    after = engine.apply_move(State(), Add(1))
    assert after.stack == () and engine.is_over(after)


def test_the_end_closes_the_log_and_current_player_is_the_last_mover() -> None:
    state = State(total=4, current=1)
    after, events = ENGINE.apply_move_with_events(state, Add(1))
    assert events == ("added 1", "banked", "turn ended", "ended at 6")
    assert ENGINE.is_over(after) and ENGINE.current_player(after) == 11
    assert ENGINE.legal_moves(after) == ()
    assert ENGINE.explain(after, Add(1)) == Refusal("T-END", "Over.")


def test_a_refused_move_raises_the_games_own_error() -> None:
    state = State()
    with pytest.raises(ToyIllegal, match=r"T-ADD: Add 1, 2 or 3\.") as raised:
        ENGINE.apply_move(state, Add(7))
    assert raised.value.rule_id == "T-ADD"
    with pytest.raises(ToyIllegal, match="T-ADD"):
        ENGINE.verify_move(state, Add(7))
    assert ENGINE.explain(state, Add(7)) == Refusal("T-ADD", "Add 1, 2 or 3.")
    assert ENGINE.can_apply(state, Add(1)) and not ENGINE.can_apply(state, Add(7))
    with pytest.raises(ToyIllegal, match="T-ADD"):
        ENGINE.apply_move_with_events(state, Add(7))


def test_values_that_are_not_moves_or_states_raise_the_games_errors() -> None:
    with pytest.raises(ToyInvalidMove):
        ENGINE.explain(State(), "Add 1")
    with pytest.raises(ToyInvalid, match=r"expected .*State, got"):
        ENGINE.legal_moves("a state")  # type: ignore[arg-type]
    for call in (ENGINE.is_over, ENGINE.current_player):
        with pytest.raises(ToyInvalid):
            call("a state")  # type: ignore[arg-type]
    with pytest.raises(ToyInvalid):
        ENGINE.random_playout("a state", random.Random(1), None)  # type: ignore[arg-type]
    assert not ENGINE.can_apply(State(), "Add 1")
    assert not ENGINE.can_apply("a state", Add(1))  # type: ignore[arg-type]


def test_a_move_of_another_decision_meets_not_an_answer() -> None:
    assert ENGINE.explain(State(), Take()) == Refusal("T-TURN", "Seat 0 is adding.")
    banking = State(total=2, stack=(Adding(), Banking()))
    # Beside a decision that is not a turn decision the peek is no answer either.
    assert ENGINE.explain(banking, Peek()) == Refusal("T-TURN", "Seat 0 is banking.")


def test_the_decision_beside_leaves_the_pending_one() -> None:
    after, events = ENGINE.apply_move_with_events(State(), Peek())
    assert events == ("peeked",) and after.peeked and after.stack == (Adding(),)
    assert ENGINE.explain(after, Peek()) == Refusal("T-PEEK", "Peek once.")


def test_the_guard_filters_and_refuses_by_looking_ahead() -> None:
    state = State(total=3)  # Add(1) leaves 4; Add(2) makes 5, banked to 6
    assert ENGINE.legal_moves(state) == (Add(2), Peek())
    assert ENGINE.explain(state, Add(1)) == Refusal("T-FOUR", "The total may not stay at 4.")
    assert Engine(hooks(guard=None)).explain(state, Add(1)) is None
    assert ENGINE.legal_moves(State(total=4)) == (Add(1), Add(2), Peek())  # not at risk


def test_a_refusal_of_the_games_setup_comes_first() -> None:
    assert ENGINE.explain(State(), Add(3)) == Refusal(
        "T-OFF", "This game is not played with threes."
    )
    threes = State(threes=True)
    assert ENGINE.explain(threes, Add(3)) is None and Add(3) in ENGINE.legal_moves(threes)


def test_a_move_just_listed_is_applied_without_the_check() -> None:
    engine = Engine(hooks())
    state = State()
    listed = engine.legal_moves(state)
    assert engine.listed.get(state) is listed
    ASKED.clear()
    engine.apply_move(state, listed[0])
    assert ASKED == []  # the very object listed: no check
    engine.apply_move(state, Add(1))  # equal, but not the object listed
    assert ASKED == ["add"]
    ASKED.clear()
    engine.apply_move(State(), listed[0])  # the object, but another (equal) state
    assert ASKED == ["add"]


def test_the_fast_table_and_step_of_give_the_same_game() -> None:
    by_function = Engine(hooks(steps=None, step_of=by_step_of))
    rng_a, rng_b = random.Random(5), random.Random(5)
    assert by_function.random_playout(State(), rng_a, None) == ENGINE.random_playout(
        State(), rng_b, None
    )
    with pytest.raises(TypeError, match="steps or step_of"):
        Engine(hooks(steps=None))


def by_step_of(pending: Any) -> Any:
    return STEPS[type(pending)]


def walk(engine: Engine[State, Work, Any, str], seed: int) -> list[tuple[Any, ...]]:
    """Every decision of a seeded game: its state, moves, refusals, player and events."""
    rng = random.Random(seed)
    state = State()
    seen: list[tuple[Any, ...]] = []
    tried = (Add(1), Add(2), Add(3), Add(7), Take(), Peek())
    while not engine.is_over(state):
        moves = engine.legal_moves(state)
        refusals = tuple(engine.explain(state, move) for move in tried)
        move = rng.choice(moves)
        after, events = engine.apply_move_with_events(state, move)
        assert engine.apply_move(state, move) == after == engine.apply_move_unchecked(state, move)
        seen.append((state, moves, refusals, engine.current_player(state), events))
        state = after
    seen.append((state, engine.current_player(state), engine.explain(state, Add(1))))
    return seen


def test_the_plain_pipeline_plays_the_game_of_the_whole_one() -> None:
    # The table alone, with nothing beside, no look-ahead and no refusal of the setup:
    # the plain pipeline; the same hooks with step_of: the whole one.
    alone = {"beside": None, "guard": None, "unavailable": None}
    plain = Engine(hooks(**alone))
    whole = Engine(hooks(**alone, steps=None, step_of=by_step_of))
    # A compiled closure is an object of a class named after it (no __qualname__).
    named = [getattr(f, "__qualname__", type(f).__name__) for f in (plain.refusal, whole.refusal)]
    assert "_plain" in named[0] and "_plain" not in named[1]
    for seed in range(30):
        assert walk(plain, seed) == walk(whole, seed)
    assert len(walk(plain, 0)) > 2


def test_the_table_is_read_before_step_of_and_may_grow() -> None:
    asked: list[type] = []
    table: dict[type, Any] = {}

    def step_of(pending: Any) -> Any:
        asked.append(type(pending))
        table[type(pending)] = STEPS[type(pending)]  # as Harbour's step_of remembers
        return STEPS[type(pending)]

    growing = Engine(hooks(steps=table, step_of=step_of))
    assert walk(growing, 4) == walk(ENGINE, 4)
    assert sorted(asked, key=str) == [Adding, Banking]  # each type asked once, then read
    asked.clear()
    some = Engine(hooks(steps={Adding: STEPS[Adding]}, step_of=lambda p: step_of(p)))
    table.clear()
    assert walk(some, 4) == walk(ENGINE, 4) and set(asked) == {Banking}


def test_a_random_playout_is_the_loop_of_unchecked_moves() -> None:
    end, decisions = ENGINE.random_playout(State(), random.Random(3), None)
    rng = random.Random(3)
    state, count = State(), 0
    while state.stack:
        state = ENGINE.apply_move_unchecked(state, rng.choice(ENGINE.legal_moves(state)))
        count += 1
    assert (end, decisions) == (state, count) and ENGINE.is_over(end)
    assert ENGINE.random_playout(State(), random.Random(3), 1)[1] == 1


def test_entry_gives_the_engines_function_the_games_name_and_docs() -> None:
    engine = Engine(hooks())

    def legal_moves(state: State) -> tuple[Any, ...]:
        """The toy's legal moves."""
        return engine.legal_moves(state)

    made = engine.entry(legal_moves)
    assert made is engine.legal_moves and made is not legal_moves
    assert made.__doc__ == "The toy's legal moves." and made.__name__ == "legal_moves"
    assert made.__module__ == __name__
    assert str(inspect.signature(made)) == str(inspect.signature(legal_moves))
    assert made(State()) == (Add(1), Add(2), Peek())
    assert ENGINE.legal_moves.__doc__ != made.__doc__  # each engine's functions are its own


def test_entry_keeps_the_stub_when_the_function_takes_no_names() -> None:
    engine = Engine(hooks())
    engine.is_over = len  # type: ignore[assignment]  # a builtin, as a compiled function

    def is_over(state: State) -> bool:
        """The toy's end."""
        return ENGINE.is_over(state)

    assert engine.entry(is_over) is is_over and not is_over(State())


def test_the_games_steps_are_engine_steps() -> None:
    """Each game's steps satisfy the shared protocol (checked by mypy on these lines)."""
    steps: list[Step] = [*machikoro.rules.table.STEPS.values()]
    steps.append(harbour.rules.table.step_of(PendingMove()))
    steps += bremerhaven.rules.table.STEPS.values()
    for step in steps:
        assert isinstance(step.answers, tuple) and isinstance(step.owns, frozenset)
        assert isinstance(step.may_be_automatic, bool)


# --------------------------------------------------------------------------- single answers


class NoTake(BankStep):
    """Banking with no legal answer: a decision of single answers skips it."""

    def moves(self, state: State, pending: Banking) -> tuple[Any, ...]:
        return ()


def single(*answered: Any, steps: dict[type, Any] = STEPS) -> Engine[State, Work, Any, str]:
    """The toy without the decision beside and the look-ahead, ``answered`` taking single answers."""
    return Engine(hooks(steps=steps, beside=None, guard=None, single_answers=frozenset(answered)))


def test_a_decision_with_one_answer_is_taken_by_the_engine() -> None:
    engine = single(STEPS[Banking])
    after, events = engine.apply_move_with_events(State(), Add(2))
    assert events == ("added 2", "took", "turn ended")  # Banking's one answer, taken
    assert (after.total, after.current, after.stack) == (2, 1, (Adding(),))
    assert engine.apply_move_unchecked(State(), Add(2)) == after
    # Without the hook, or for a step not named, the one answer is asked.
    for asking in (Engine(hooks(beside=None, guard=None)), single()):
        after, events = asking.apply_move_with_events(State(), Add(2))
        assert events == ("added 2",) and after.stack == (Banking(),)
        assert asking.legal_moves(after) == (Take(),)


def test_a_decision_with_no_answer_is_skipped() -> None:
    steps: dict[type, Any] = {Adding: AddStep(), Banking: NoTake()}
    after, events = single(steps[Banking], steps=steps).apply_move_with_events(State(), Add(2))
    assert events == ("added 2", "turn ended") and after.stack == (Adding(),)
    assert Engine(hooks(steps=steps)).apply_move(State(), Add(2)).stack == (Banking(),)


def test_the_state_listed_for_a_single_answer_is_returned_and_its_moves_kept() -> None:
    engine = single(STEPS[Banking], STEPS[Adding])
    # Banking is taken, then the Adding below is listed: 2 moves.
    after = engine.apply_move(State(stack=(Adding(), Adding())), Add(2))
    listed = engine.listed.get(after)
    assert listed == (Add(1), Add(2)) and after.stack == (Adding(),)
    assert engine.legal_moves(after) is listed  # the very tuple: not listed again
    ASKED.clear()
    engine.apply_move(after, listed[1])
    assert ASKED == []  # a move object just listed is applied without the check
    equal = State(after.total, after.current, after.peeked, after.threes, after.stack)
    assert engine.legal_moves(equal) == listed and engine.legal_moves(equal) is not listed


def test_settle_carries_out_the_steps_without_a_decision_from_the_top() -> None:
    engine = single(STEPS[Banking], STEPS[Adding])
    work = Work(State(total=2, stack=(Adding(), Banking())), [])
    frozen = engine.settle(work)
    assert frozen is not None and work.log == ["took"] and frozen.stack == (Adding(),)
    assert engine.listed.get(frozen) == (Add(1), Add(2))
    asked = single(STEPS[Banking])  # Adding is not named: settle stops before listing it
    work = Work(State(total=3, stack=(Adding(),)), [])
    assert asked.settle(work) is None and work.stack == [Adding()]
    work = Work(State(total=3, stack=(Banking(),)), [])  # odd: banked by itself, then a turn
    assert asked.settle(work) is None and work.log == ["banked", "turn ended"]


def test_single_answers_take_no_decision_beside_or_look_ahead() -> None:
    for made in ({"guard": None}, {"beside": None}):
        with pytest.raises(TypeError, match="single_answers"):
            Engine(hooks(single_answers=frozenset(), **made))


# --------------------------------------------------------------------------- broken positions


class ToyBroken(ValueError):
    """The toy's InvalidStateError."""


def broken(state: Any, error: Exception) -> Exception:
    """The toy's own errors as they are; else ToyBroken on a position that is not valid."""
    if isinstance(error, (ToyInvalid, ToyIllegal)) or not isinstance(state, State):
        return error
    return (
        ToyBroken(f"not a valid position: {error!r}") if getattr(state, "total", -1) < 0 else error
    )


def test_an_error_inside_on_a_broken_position_becomes_the_games_error() -> None:
    engine = Engine(hooks(broken=broken))
    junk = State(total=-1, stack=("junk",))  # no step owns "junk": KeyError inside
    unset = object.__new__(State)  # no field set: AttributeError inside
    doors: list[Callable[[State], object]] = [
        engine.legal_moves,
        lambda s: engine.explain(s, Add(1)),
        lambda s: engine.verify_move(s, Add(1)),
        lambda s: engine.apply_move(s, Add(1)),
        lambda s: engine.apply_move_with_events(s, Add(1)),
    ]
    for door in doors:
        with pytest.raises(ToyBroken) as raised:
            door(junk)
        assert isinstance(raised.value.__cause__, KeyError)
    for call in (engine.is_over, engine.current_player):
        with pytest.raises(ToyBroken) as raised:
            call(unset)
        assert isinstance(raised.value.__cause__, AttributeError)
    assert engine.can_apply(junk, Add(1)) is False and engine.can_apply(unset, Add(1)) is False
    # Without the hook, the error from inside.
    with pytest.raises(KeyError):
        ENGINE.legal_moves(junk)


def test_errors_on_a_valid_position_and_the_games_own_are_raised_as_they_are() -> None:
    engine = Engine(hooks(broken=broken))
    junk = State(total=0, stack=("junk",))  # valid by the toy's rule: the engine's own error
    with pytest.raises(KeyError) as raised:
        engine.legal_moves(junk)
    assert raised.value.__cause__ is None
    with pytest.raises(KeyError):
        engine.can_apply(junk, Add(1))
    with pytest.raises(ToyIllegal) as illegal:
        engine.apply_move(State(), Add(7))
    assert illegal.value.__cause__ is None
    with pytest.raises(ToyInvalid, match="expected"):
        engine.is_over("a state")  # type: ignore[arg-type]
    assert not engine.can_apply(State(), "Add 1")
    # The trusted paths raise what they meet.
    with pytest.raises(KeyError):
        engine.apply_move_unchecked(State(total=-1, stack=("junk",)), Add(1))


def test_entry_names_the_guarded_functions() -> None:
    engine = Engine(hooks(broken=broken))

    def can_apply(state: State, move: object) -> bool:
        """The toy's can_apply."""
        return engine.can_apply(state, move)

    made = engine.entry(can_apply)
    assert made is engine.can_apply and made.__doc__ == "The toy's can_apply."
    assert made(State(), Add(1)) and not made(State(total=-1, stack=("junk",)), Add(1))
