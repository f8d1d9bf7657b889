"""A toy race: a game of the tests that the shared tools serve with no glue of its own.

Two or three players race to a target: on a turn the player rolls a three-faced die (a
chance node: 1, 2 or 3 points with probabilities 1/2, 1/3 and 1/6) or holds; the game
ends at the target or after four rounds, and the most points win (``spec/rules.md``,
TOY-1 to TOY-4). This module is the game (the functions of
:class:`meeplekit.protocol.Game`, its action codes and tensors, its notation, views,
narration and records); :mod:`tests.meeplekit.toy.info` is its description. The
distribution ``toy-race`` (``site/toy_race-0.1.dist-info``, put on ``sys.path`` by
``tests/conftest.py``) registers the package under the entry-point group
``meeplekit.games``, as an installed game is registered: the conformance suite, the lab,
the command, OpenSpiel and PettingZoo then serve it by name.
"""

from __future__ import annotations

import enum
import json
import operator
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final, TextIO

import attrs

from meeplekit.errors import family
from meeplekit.protocol import CHANCE
from meeplekit.rng import SplitMix64
from meeplekit.rules import Refusal

#: The toy's errors, one of each kind (:func:`meeplekit.errors.family`).
ERRORS: Final = family("Toy", module=__name__, base="ToyError")

#: The decisions and the chance outcomes, in action-code order.
HOLD, ROLL = "hold", "roll"
FACES: Final = ("+1", "+2", "+3")
MOVES: Final = (HOLD, ROLL, *FACES)
#: The die: each face's points and probability (TOY-3).
DIE: Final = ((FACES[0], Fraction(1, 2)), (FACES[1], Fraction(1, 3)), (FACES[2], Fraction(1, 6)))
#: Rounds after which the game ends (TOY-4).
ROUNDS: Final = 4
#: The player counts (TOY-1).
PLAYERS: Final = (2, 3)
#: The format of a record's first line.
RECORD: Final = "toy-record/1"


class Target(enum.Enum):
    """The score that ends the game (TOY-1, TOY-4)."""

    #: A short race.
    SHORT = "6"
    #: A long race.
    LONG = "10"


@attrs.frozen
class Options:
    """The toy's readings (TOY-1)."""

    #: TOY-4: the score that ends the game.
    target: Target = attrs.field(default=Target.SHORT, converter=Target, metadata={"rule": "TOY-4"})
    #: TOY-2: holding scores a point.
    hold_scores: bool = attrs.field(default=False, metadata={"rule": "TOY-2"})


@attrs.frozen
class State:
    """A position: each seat's points, whose turn it is, what is to be decided."""

    scores: tuple[int, ...]
    #: The seat whose turn it is (after the end, the last to move).
    current: int
    #: Turns taken.
    turns: int = 0
    #: ``"turn"`` (the current seat decides), ``"roll"`` (chance) or ``""`` (over).
    step: str = "turn"
    options: Options = Options()
    seed: int = 0

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.scores)


@attrs.frozen
class Scored:
    """What a move did: ``seat`` scored ``points`` (TOY-2, TOY-3)."""

    seat: int
    points: int
    rule_id: str


@attrs.frozen
class Outcome:
    """A finished game's result."""

    points: tuple[int, ...]
    winners: tuple[int, ...]
    #: Seats from the most points to the fewest (tied seats in seat order).
    ranking: tuple[int, ...]


@attrs.frozen
class Seen:
    """What a seat sees: everything (the race has no secret)."""

    viewer: int | None
    state: State

    @property
    def decider(self) -> int:
        """Who decides now."""
        return current_player(self.state)

    @property
    def is_over(self) -> bool:
        """Whether the race is over."""
        return is_over(self.state)


# --------------------------------------------------------------------------- the rules


def new_game(players: int, *, seed: int | None = None, options: Options | None = None) -> State:
    """A new race of ``players`` (TOY-1); ``InvalidValueError`` for another count."""
    if players not in PLAYERS:
        raise ERRORS.InvalidValueError(f"a race has 2 or 3 players, got {players!r}")
    chosen = Options() if options is None else options
    seed = 0 if seed is None else seed
    return State((0,) * players, seed % players, options=chosen, seed=seed)


def legal_moves(state: State) -> tuple[str, ...]:
    """The current seat's decisions, the die's faces at a roll, nothing at the end."""
    if state.step == "turn":
        return (HOLD, ROLL)
    if state.step == "roll":
        return FACES
    return ()


def explain(state: State, move: object) -> Refusal | None:
    """Why ``move`` is refused now (TOY-2 for a decision, TOY-3 at a roll), or ``None``."""
    if move in legal_moves(state):
        return None
    rule = "TOY-3" if state.step == "roll" else "TOY-2"
    return Refusal(rule, f"{move!r} is not a move now")


def _end_turn(state: State, points: int) -> State:
    scores = list(state.scores)
    scores[state.current] += points
    turns = state.turns + 1
    target = int(state.options.target.value)
    over = max(scores) >= target or turns >= ROUNDS * state.players
    current = state.current if over else (state.current + 1) % state.players
    return attrs.evolve(
        state, scores=tuple(scores), current=current, turns=turns, step="" if over else "turn"
    )


def apply_move_with_events(state: State, move: str) -> tuple[State, tuple[Scored, ...]]:
    """The state after ``move`` and what it scored; ``IllegalMoveError`` naming the rule."""
    refusal = explain(state, move)
    if refusal is not None:
        raise ERRORS.IllegalMoveError(refusal.rule_id, refusal.reason)
    if move == ROLL:
        return attrs.evolve(state, step="roll"), ()
    if move == HOLD:
        points, rule = int(state.options.hold_scores), "TOY-2"
    else:
        points, rule = FACES.index(move) + 1, "TOY-3"
    return _end_turn(state, points), (Scored(state.current, points, rule),)


def apply_move(state: State, move: str) -> State:
    """The state after ``move`` (TOY-2, TOY-3)."""
    return apply_move_with_events(state, move)[0]


def current_player(state: State) -> int:
    """The seat deciding now, :data:`~meeplekit.protocol.CHANCE` at a roll."""
    return CHANCE if state.step == "roll" else state.current


def is_over(state: State) -> bool:
    """Whether the race is over (TOY-4)."""
    return not state.step


def outcome(state: State) -> Outcome:
    """The points and the winners: the most points (TOY-4)."""
    if not is_over(state):
        raise ERRORS.GameNotOverError("the race is not over")
    best = max(state.scores)
    winners = tuple(s for s, p in enumerate(state.scores) if p == best)
    ranking = tuple(sorted(range(state.players), key=lambda s: -state.scores[s]))
    return Outcome(state.scores, winners, ranking)


def returns(state: State) -> tuple[float, ...]:
    """0 until the end; then +1 shared by the winners and -1 by the others (0 in a tie)."""
    n = state.players
    if not is_over(state):
        return (0.0,) * n
    winners = outcome(state).winners
    if len(winners) == n:
        return (0.0,) * n
    return tuple(1 / len(winners) if s in winners else -1 / (n - len(winners)) for s in range(n))


def standings(state: State) -> tuple[int, ...]:
    """Each seat's points now."""
    return state.scores


def utilities(state: State) -> tuple[float, ...]:
    """The returns of a finished race; 0 for every seat of one cut short."""
    return returns(state)


def chance_outcomes(state: State) -> tuple[tuple[str, Fraction], ...]:
    """At a roll, each face with its probability (TOY-3)."""
    return DIE if state.step == "roll" else ()


def observe(state: State, viewer: int | None) -> Seen:
    """What ``viewer`` (or a spectator, ``None``) sees: everything."""
    return Seen(viewer, state)


def determinize(observation: Seen, rng: SplitMix64) -> State:
    """The state itself (nothing is hidden)."""
    return observation.state


def validate(state: object) -> tuple[Refusal, ...]:
    """Every invariant ``state`` breaks."""
    if not isinstance(state, State):
        return (Refusal("TOY-1", f"not a race: {state!r}"),)
    found = []
    if state.players not in PLAYERS or not 0 <= state.current < state.players:
        found.append(Refusal("TOY-1", "2 or 3 players, the current one among them"))
    if any(points < 0 for points in state.scores):
        found.append(Refusal("TOY-3", "points are never negative"))
    return tuple(found)


def to_json(value: object) -> str:
    """A state as a JSON document."""
    if not isinstance(value, State):
        raise ERRORS.InvalidValueError(f"not a race: {value!r}")
    data = attrs.asdict(
        value, value_serializer=lambda _, __, v: v.value if isinstance(v, Target) else v
    )
    return json.dumps({"kind": "toy-state", **data})


def from_json(text: str) -> State:
    """The state a document of :func:`to_json` holds."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.pop("kind", None) != "toy-state":
        raise ERRORS.DocumentError("", "not a toy state")
    options = Options(**data.pop("options"))
    return State(**{**data, "scores": tuple(data["scores"]), "options": options})


# --------------------------------------------------------------------------- codes and tensors


def num_distinct_actions(options: Options | None = None) -> int:
    """The number of action codes: one per move."""
    return len(MOVES)


def encode(state: State, move: str) -> int:
    """The code of ``move``."""
    return MOVES.index(move)


def decode(state: State, code: int) -> str:
    """The move of ``code`` (any whole number: NumPy's too); ``InvalidValueError`` else."""
    try:
        index = operator.index(code)
    except TypeError:
        raise ERRORS.InvalidValueError(f"no action {code!r}") from None
    if isinstance(code, bool) or not 0 <= index < len(MOVES):
        raise ERRORS.InvalidValueError(f"no action {code!r}")
    return MOVES[index]


def legal_actions(state: State) -> tuple[int, ...]:
    """The codes of the legal moves, ascending."""
    return tuple(sorted(encode(state, move) for move in legal_moves(state)))


def legal_action_mask(state: State) -> bytes:
    """1 at the codes of the legal moves."""
    legal = set(legal_actions(state))
    return bytes(int(code in legal) for code in range(len(MOVES)))


def observation_tensor_size(options: Options | None, players: int) -> int:
    """The tensor's length: each seat's points and whether it is the viewer, the roll."""
    return 2 * players + 1


def observation_tensor(observation: Seen) -> tuple[float, ...]:
    """What a seat sees, as numbers."""
    state = observation.state
    return (
        *map(float, state.scores),
        *(float(seat == observation.viewer) for seat in range(state.players)),
        float(state.step == "roll"),
    )


def information_state_string(observation: Seen) -> str:
    """What a seat sees, as text."""
    return f"viewer {observation.viewer}: {render(observation.state)}"


# --------------------------------------------------------------------------- for people


def format_move(state: State, move: str) -> str:
    """A move's notation: the move itself."""
    return move


def parse_move(state: State, text: str) -> str:
    """The move ``text`` names, checked to be legal now."""
    move = text.strip().lower()
    if move not in MOVES:
        raise ERRORS.MoveParseError(text, f"one of {', '.join(MOVES)}")
    refusal = explain(state, move)
    if refusal is not None:
        raise ERRORS.IllegalMoveError(refusal.rule_id, refusal.reason)
    return move


def render(state: State, viewer: int | None = None, /) -> str:
    """The race as text: each seat's points, whose turn it is."""
    seats = ", ".join(f"{player_name(s)} {p}" for s, p in enumerate(state.scores))
    now = "over" if is_over(state) else f"{player_name(state.current)} to {state.step}"
    return f"Toy race to {state.options.target.value}: {seats}; {now}."


def player_name(seat: int) -> str:
    """A seat's name."""
    return f"Player {seat + 1}"


def describe_setup(state: State, *, show_seed: bool) -> str:
    """The setup, the seed only when shown (TOY-1)."""
    seed = f", seed {state.seed}" if show_seed else ""
    return f"A toy race of {state.players} players to {state.options.target.value}{seed}."


def describe_events(before: State, move: str, events: tuple[Any, ...], after: State) -> str:
    """A move as a sentence."""
    who = "Chance" if current_player(before) == CHANCE else player_name(before.current)
    scored = "".join(f" ({player_name(e.seat)} scores {e.points})" for e in events)
    return f"{who}: {move}{scored}."


def describe_outcome(state: State) -> str:
    """The final standings."""
    winners = " and ".join(player_name(s) for s in outcome(state).winners)
    return f"{render(state)} Winner: {winners}."


def narrate_moves(start: State, moves: Sequence[str], out: TextIO) -> None:
    """Each move of a record, a line each."""
    state = start
    for move in moves:
        after, events = apply_move_with_events(state, move)
        out.write(describe_events(state, move, events, after) + "\n")
        state = after


@attrs.frozen
class Record:
    """A record: the start and its moves."""

    start: State
    moves: tuple[str, ...]


def write_record(
    start: State,
    moves: Sequence[str],
    *,
    tags: Any = None,
    comments: Any = None,
) -> str:
    """A record's text: the format, the setup, then the moves."""
    options = start.options
    head = (
        f"{RECORD} {start.players} {start.seed} {options.target.value} {int(options.hold_scores)}"
    )
    return f"{head}\n{' '.join(moves)}\n"


def read_record(text: str) -> Record:
    """The record ``text`` holds, every move checked (``RecordError`` otherwise)."""
    lines = text.splitlines()
    head = lines[0].split() if lines else []
    if len(head) != 5 or head[0] != RECORD:
        raise ERRORS.RecordError("not a toy record", line=1)
    try:
        options = Options(Target(head[3]), bool(int(head[4])))
        start = new_game(int(head[1]), seed=int(head[2]), options=options)
    except ValueError as error:
        raise ERRORS.RecordError(str(error), line=1) from None
    record = Record(start, tuple(" ".join(lines[1:]).split()))
    replay(record)
    return record


def replay(record: Record) -> tuple[State, ...]:
    """Every state of the record's game (``RecordError`` naming an illegal move)."""
    states = [record.start]
    for number, move in enumerate(record.moves, 1):
        try:
            states.append(apply_move(states[-1], move))
        except ERRORS.IllegalMoveError as error:
            raise ERRORS.RecordError(
                f"move {number}: {error}", line=2, rule_id=error.rule_id
            ) from None
    return tuple(states)
