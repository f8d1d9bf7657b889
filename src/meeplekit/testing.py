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

Needs Hypothesis (``pip install 'meeplekit[testing]'``).
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

try:
    from hypothesis import strategies as st
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
from meeplekit.protocol import CHANCE

__all__ = ["GameMachine"]

S = TypeVar("S")
M = TypeVar("M")


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
