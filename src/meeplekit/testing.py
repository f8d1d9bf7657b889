"""The generic Hypothesis state machine: what holds for every game of the project.

:class:`GameMachine` plays whole games of any module that satisfies
:class:`meeplekit.protocol.Game`, drawing the players' moves and the chance outcomes, and
checks after every move what every game promises:

- every listed move is legal (``explain`` gives no refusal) and applies; at a chance node
  the listed moves are the chance outcomes, whose exact probabilities sum to 1;
- a move that is not listed now is refused: ``explain`` names a rule of the game's
  specification, and ``apply_move`` raises the shared :class:`~meeplekit.errors.IllegalMoveError`
  with that rule (the moves tried are those listed earlier in the same game);
- inputs are never changed (the state's JSON before and after a move is the same);
- every position is valid (``validate`` finds nothing) and its JSON reads back equal;
- returns are 0 for everyone until the end, and add up to 0 at the end;
- the same seed gives the same game, and the same moves from it the same positions.

A game extends it with its own invariants (:meth:`GameMachine.check_state`), its starting
positions (:meth:`GameMachine.initial_states`) and a frontend's hooks (``on_start``,
``on_move``, ``check_adapter``), then collects its ``TestCase``::

    class MachiKoroMachine(GameMachine[State, Move]):
        game = machikoro
        rule_ids = frozenset(SPECIFICATION.rule_ids())

        players = (2, 3, 4, 5)

    TestMachiKoro = MachiKoroMachine.TestCase

Each game's kit (``<game>.testing``) draws its own options, positions and moves with the
game-independent helpers here: :func:`readings` (every value of every reading),
:func:`play_drawn` (a drawn number of drawn legal moves, chance outcomes included),
:func:`legal_move`, :func:`assert_valid`, :func:`check_players` and :func:`as_strategy`.

Needs Hypothesis (``pip install 'meeplekit[testing]'``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, Generic, TypeVar

import attrs

try:
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
    from hypothesis.stateful import (
        RuleBasedStateMachine,
        initialize,
        invariant,
        precondition,
        rule,
    )
except ImportError as missing:  # pragma: no cover - the tests run with Hypothesis installed
    raise ImportError(
        "meeplekit.testing needs Hypothesis, which is not installed: "
        "pip install 'meeplekit[testing]'"
    ) from missing

from meeplekit.errors import IllegalMoveError
from meeplekit.protocol import CHANCE, ViolationLike

__all__ = [
    "MAX_INDEX",
    "GameMachine",
    "as_strategy",
    "assert_valid",
    "check_players",
    "legal_move",
    "play_drawn",
    "reading_values",
    "readings",
]

S = TypeVar("S")
M = TypeVar("M")
T = TypeVar("T")
OptionsT = TypeVar("OptionsT")

#: The largest decision index :func:`play_drawn` draws: a move is
#: ``legal_moves(state)[index % len(legal_moves(state))]``, and the index is larger than
#: any game's list of legal moves, so that every move can be drawn.
MAX_INDEX: Final = 2**16 - 1


# --------------------------------------------------------------------------- kit helpers


def as_strategy(value: T | st.SearchStrategy[T]) -> st.SearchStrategy[T]:
    """``value`` itself if it is a strategy, else the strategy that always draws it."""
    return value if isinstance(value, st.SearchStrategy) else st.just(value)


def check_players(players: int | None, allowed: Sequence[int]) -> None:
    """Raise :class:`~hypothesis.errors.InvalidArgument` unless ``players`` is ``None`` or allowed.

    ``allowed`` is the game's player counts, in order.
    """
    if players is not None and (type(players) is not int or players not in allowed):
        raise InvalidArgument(
            f"players must be None or from {allowed[0]} to {allowed[-1]}, got {players!r}"
        )


def reading_values(options_type: type) -> dict[str, tuple[Any, ...]]:
    """Every value of every field of a game's options, the default first (so it shrinks there).

    ``options_type`` is an attrs class whose fields are switches (a ``bool`` default: both
    values) or readings (an :class:`enum.Enum` default: every member); a field of another
    kind raises ``TypeError``, so that a new kind of option gets a strategy.
    """
    domains: dict[str, tuple[Any, ...]] = {}
    for field in attrs.fields(options_type):
        default = field.default
        if isinstance(default, bool):
            domains[field.name] = (default, not default)
        elif isinstance(default, enum.Enum):
            others = tuple(m for m in type(default) if m is not default)
            domains[field.name] = (default, *others)
        else:  # a new kind of option needs a strategy here
            raise TypeError(f"no strategy for {options_type.__name__}.{field.name}")
    return domains


def readings(options_type: type[OptionsT]) -> st.SearchStrategy[OptionsT]:
    """Options of ``options_type`` with every field drawn independently from all its values.

    The values are those of :func:`reading_values`; each field shrinks to its default. A
    game's kit then switches off what its ``new_game`` refuses for a table.
    """
    fields = {
        name: st.sampled_from(values) for name, values in reading_values(options_type).items()
    }
    return st.builds(options_type, **fields)


def play_drawn(
    draw: st.DrawFn,
    state: S,
    max_decisions: int,
    *,
    legal_moves: Callable[[S], Sequence[M]],
    apply_move: Callable[[S, M], S],
    is_over: Callable[[S], bool],
) -> S:
    """``state`` after a drawn number (0 to ``max_decisions``) of drawn legal moves.

    Each decision is drawn as an index ``i`` (0 to :data:`MAX_INDEX`) and plays
    ``legal_moves(state)[i % len(legal_moves(state))]``, a player's move or, at a chance
    node, a chance outcome (every outcome can be drawn, whatever its probability); failing
    examples shrink to short games and the first legal moves. Play stops early at the end
    of the game. Call it inside a composite strategy with its ``draw``.
    """
    decisions = draw(st.integers(0, max_decisions), label="decisions")
    for _ in range(decisions):
        if is_over(state):
            break
        legal = legal_moves(state)
        index = draw(st.integers(0, MAX_INDEX))
        state = apply_move(state, legal[index % len(legal)])
    return state


def legal_move(legal: Sequence[M]) -> st.SearchStrategy[M]:
    """One of the moves ``legal`` (shrinks to the first).

    Raises :class:`~hypothesis.errors.InvalidArgument` when there is none (a finished game).
    """
    if not legal:
        raise InvalidArgument("the game is over: there is no legal move to draw")
    return st.sampled_from(legal)


def assert_valid(violations: Sequence[ViolationLike]) -> None:
    """Raise ``AssertionError`` listing ``violations`` (a game's ``validate``), if there are any."""
    if violations:
        listed = "\n".join(f"  {v.rule_id}: {v.reason}" for v in violations)
        raise AssertionError(f"the position breaks {len(violations)} invariant(s):\n{listed}")


# --------------------------------------------------------------------------- the machine


def _not_over(machine: GameMachine[Any, Any]) -> bool:
    return not machine.game.is_over(machine.state)


def _over(machine: GameMachine[Any, Any]) -> bool:
    return bool(machine.game.is_over(machine.state))


class GameMachine(RuleBasedStateMachine, Generic[S, M]):
    """Plays whole games of :attr:`game` and checks what every game promises.

    Subclasses set :attr:`game` (the module) and :attr:`rule_ids` (its specification's
    IDs) and override :meth:`initial_states`; they may add :meth:`check_state`.
    """

    #: The game module.
    game: ClassVar[Any]
    #: Every rule ID of the game's specification.
    rule_ids: ClassVar[frozenset[str]] = frozenset()
    #: The player counts the default :meth:`initial_states` draws from.
    players: ClassVar[tuple[int, ...]] = (2,)
    #: How many moves listed earlier in the run are kept to try as illegal moves.
    tried_moves: ClassVar[int] = 200

    #: The position the machine is in.
    state: S

    def __init__(self) -> None:
        super().__init__()
        self._start_state: S | None = None
        self._played: list[M] = []
        self._pool: list[M] = []

    # -- hooks

    def new_game(self, players: int, seed: int) -> S:
        """A new game of ``players`` from ``seed`` (by default ``game.new_game``)."""
        made: S = self.game.new_game(players, seed=seed)
        return made

    def initial_states(self) -> st.SearchStrategy[S]:
        """The games the machine starts from: by default new games of :attr:`players`.

        Each is made twice from its seed, and the two must be equal (the same seed gives
        the same game).
        """

        def twice(players: int, seed: int) -> S:
            first = self.new_game(players, seed)
            assert self.new_game(players, seed) == first, "the same seed gave another game"
            return first

        return st.builds(twice, st.sampled_from(self.players), st.integers(0, 2**64 - 1))

    def check_state(self, state: S) -> None:
        """The game's own invariants of every position (by default none beyond the generic)."""

    def on_start(self, state: S) -> None:
        """Called with each game the machine starts (by default nothing)."""

    def on_move(self, before: S, move: M, after: S) -> None:
        """Called after each move, with the position before and after it (by default nothing)."""

    def check_adapter(self) -> None:
        """Called after every step, to check a frontend against :attr:`state` (a no-op)."""

    # -- the generic checks

    def _check(self, state: S) -> None:
        game = self.game
        problems = game.validate(state)
        assert not problems, problems
        assert game.from_json(game.to_json(state)) == state
        players = len(game.returns(state))
        if game.is_over(state):
            assert game.legal_moves(state) == ()
            assert abs(sum(game.returns(state))) < 1e-9
        else:
            assert game.returns(state) == (0.0,) * players
        self.check_state(state)

    def _check_moves(self, state: S) -> tuple[M, ...]:
        game = self.game
        listed: tuple[M, ...] = game.legal_moves(state)
        if game.current_player(state) == CHANCE:
            outcomes = game.chance_outcomes(state)
            assert tuple(move for move, _ in outcomes) == listed
            assert sum(probability for _, probability in outcomes) == 1
            assert all(probability > 0 for _, probability in outcomes)
        else:
            assert game.chance_outcomes(state) == ()
        for move in listed:
            assert game.explain(state, move) is None, move
        return listed

    def _check_refusals(self, state: S, listed: tuple[M, ...], data: st.DataObject) -> None:
        others = [move for move in self._pool if move not in listed]
        if not others:
            return
        move = data.draw(st.sampled_from(others), label="a move not listed")
        refusal = self.game.explain(state, move)
        assert refusal is not None, move
        assert refusal.rule_id in self.rule_ids, refusal
        try:
            self.game.apply_move(state, move)
        except IllegalMoveError as error:
            assert error.rule_id == refusal.rule_id
        else:
            raise AssertionError(f"{move!r} was applied although explain refused it")

    def _start(self, data: st.DataObject) -> None:
        state = data.draw(self.initial_states(), label="game")
        self._check(state)
        self.state = state
        self._start_state = state
        self._played = []
        # Moves of an earlier game may name what this one does not have (a seat, a card):
        # those are not moves of this game at all, so only this game's moves are tried.
        self._pool = []
        self.on_start(state)

    def _play(self, data: st.DataObject) -> None:
        game = self.game
        before = self.state
        listed = self._check_moves(before)
        self._check_refusals(before, listed, data)
        move = data.draw(st.sampled_from(listed), label="move")
        snapshot = game.to_json(before)
        after = game.apply_move(before, move)
        assert game.to_json(before) == snapshot, "apply_move changed its input"
        self.state = after
        self._played.append(move)
        if len(self._pool) < self.tried_moves and move not in self._pool:
            self._pool.append(move)
        self._check(after)
        self.on_move(before, move, after)
        if game.is_over(after):
            self._check_replay()

    def _check_replay(self) -> None:
        """The same start and the same moves give the same positions."""
        assert self._start_state is not None
        state = self._start_state
        for move in self._played:
            state = self.game.apply_move(state, move)
        assert state == self.state

    # -- rules

    @initialize(data=st.data())
    def start_game(self, data: st.DataObject) -> None:
        """Start a game drawn from :meth:`initial_states`."""
        self._start(data)

    @precondition(_not_over)
    @rule(data=st.data())
    def play_move(self, data: st.DataObject) -> None:
        """Play one drawn legal move (a player's decision or a chance outcome)."""
        self._play(data)

    @precondition(_not_over)
    @rule(data=st.data(), count=st.integers(2, 20))
    def play_moves(self, data: st.DataObject, count: int) -> None:
        """Play several drawn legal moves, so that games end within the steps of a run."""
        for _ in range(count):
            if self.game.is_over(self.state):
                break
            self._play(data)

    @precondition(_over)
    @rule(data=st.data())
    def start_another_game(self, data: st.DataObject) -> None:
        """After the end of a game, start another."""
        self._start(data)

    @invariant()
    def adapter_agrees(self) -> None:
        """Run :meth:`check_adapter` (override that, not this)."""
        self.check_adapter()
