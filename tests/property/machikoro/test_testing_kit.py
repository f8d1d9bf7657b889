"""The testing kit ``machikoro.testing``, and the documented example that uses it.

The kit mirrors ``harbour.testing`` (``tests/property/harbour/test_testing_kit.py``): a frontend
subclasses the machine with its hooks, every strategy draws what it promises and shrinks
to the simplest example, and importing the kit registers its strategies for the types.
The example (``docs/machikoro/examples/test_adapter_example.py``, shown in
``docs/machikoro/testing.md``) is imported and its tests run here.
"""

from __future__ import annotations

import enum
import importlib.util
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import ClassVar

import attrs
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument, NoSuchExample
from hypothesis.stateful import run_state_machine_as_test

import machikoro
from machikoro import CHANCE, GameState, Move, RulesOptions
from machikoro.cards.model import Establishment, Landmark
from machikoro.moves import Dice
from machikoro.rules.work import BUILD, DRAW, REROLL, ROLL
from machikoro.testing import (
    MachiKoroStateMachine,
    check_invariants,
    moves,
    positions,
    rules_options,
    states,
)

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "machikoro" / "examples" / "test_adapter_example.py"


def _load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("machikoro_adapter_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


example = _load_example()

#: Settings of ``find`` for the examples a strategy can draw: the first one found will do
#: (no shrinking), and there are enough tries for the rarest kind.
FIRST_FOUND = settings(database=None, max_examples=2000, phases=[Phase.generate])
#: Settings of ``find`` for a strategy's simplest example (shrinking on).
SHRUNK = settings(database=None, max_examples=50)
#: A few examples of the strategies that play games (each one a game of up to 200 decisions).
FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _always(_: object) -> bool:
    return True


# --------------------------------------------------------------------------- the example

#: The example's state machine, collected as a test of this module.
TestExampleMoveList = example.TestMoveList


def test_the_examples_property_tests_pass() -> None:
    example.test_the_landmark_panel_has_a_line_per_player()
    example.test_every_legal_move_has_a_text()
    example.test_a_new_move_list_shows_its_position()


def test_the_docs_include_the_example() -> None:
    page = (ROOT / "docs" / "machikoro" / "testing.md").read_text(encoding="utf-8")
    assert "```{literalinclude} examples/test_adapter_example.py" in page


# --------------------------------------------------------------------------- the optional extra


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )


def test_importing_machikoro_does_not_import_hypothesis() -> None:
    result = _run(
        "import sys, machikoro, machikoro.specification\n"
        "assert 'hypothesis' not in sys.modules, 'machikoro imported hypothesis'\n"
    )
    assert result.returncode == 0, result.stderr


def test_the_kit_without_hypothesis_is_one_line_naming_the_extra() -> None:
    result = _run(
        "import sys\n"
        "sys.modules['hypothesis'] = None  # as if it were not installed\n"
        "from machikoro.errors import MachiKoroError\n"
        "from machikoro.errors import MissingExtraError\n"
        "try:\n"
        "    import machikoro.testing\n"
        "except MissingExtraError as error:\n"
        "    assert isinstance(error, MachiKoroError) and isinstance(error, ImportError)\n"
        "    print(error)\n"
        "else:\n"
        "    raise SystemExit('no MissingExtraError')\n"
    )
    assert result.returncode == 0, result.stderr
    line = result.stdout
    assert line.count("\n") == 1 and "[testing]" in line and "hypothesis" in line
    assert line.strip().endswith("pip install 'machikoro-rules[testing]'")


# --------------------------------------------------------------------------- rules_options


@settings(max_examples=30)
@given(players=st.integers(2, 5), data=st.data())
def test_options_for_a_table_are_accepted_by_new_game(players: int, data: st.DataObject) -> None:
    options = data.draw(rules_options(players), label="options")
    state = machikoro.new_game(players, seed=0, options=options)
    assert state.options == options
    check_invariants(state)


@settings(max_examples=30)
@given(options=rules_options())
def test_options_for_any_table_are_accepted_for_two_to_four_players(
    options: RulesOptions,
) -> None:
    for players in range(2, 5):
        machikoro.new_game(players, seed=1, options=options)


def test_options_take_every_value_of_every_field() -> None:
    for field in attrs.fields(RulesOptions):
        default: object = field.default
        values: list[object] = [False, True]
        if isinstance(default, enum.Enum):
            values = list(type(default))
        for value in values:

            def has(options: RulesOptions, name: str = field.name, value: object = value) -> bool:
                return bool(getattr(options, name) == value)

            find(rules_options(4), has, settings=FIRST_FOUND)


def test_five_players_play_the_expansion_unless_refusals_are_asked_for() -> None:
    with pytest.raises(NoSuchExample):  # the base game is never drawn for 5 players
        find(
            rules_options(5),
            lambda o: not o.expansion,
            settings=settings(FIRST_FOUND, max_examples=200),
        )
    refused = find(
        rules_options(5, include_refused=True), lambda o: not o.expansion, settings=FIRST_FOUND
    )
    with pytest.raises(machikoro.InvalidValueError, match="2 to 4 players"):
        machikoro.new_game(5, seed=0, options=refused)
    for wrong in (1, 6, "3"):
        with pytest.raises(InvalidArgument):
            rules_options(wrong)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- states


@settings(max_examples=20)
@given(state=states(max_decisions=0))
def test_a_state_without_decisions_is_a_new_game(state: GameState) -> None:
    again = machikoro.new_game(state.players, seed=state.seed, options=state.options)
    assert state == again


@FEW
@given(state=states())
def test_states_are_valid_positions_of_play(state: GameState) -> None:
    check_invariants(state)
    assert bool(machikoro.legal_moves(state)) == (not machikoro.is_over(state))


@FEW
@given(state=states(players=3, options=RulesOptions(expansion=False), max_decisions=30))
def test_states_keep_what_they_are_given(state: GameState) -> None:
    assert state.players == 3
    assert state.options == RulesOptions(expansion=False)


@FEW
@given(state=states(options=RulesOptions(expansion=False), max_decisions=0))
def test_states_draw_a_table_the_options_suit(state: GameState) -> None:
    assert state.players <= 4  # MK-PLAYERS-1: the base game has 2 to 4 players


def test_states_reach_chance_nodes_the_play_and_the_end() -> None:
    find(states(), lambda s: machikoro.current_player(s) == CHANCE, settings=FIRST_FOUND)
    find(states(), lambda s: s.turn >= 3, settings=FIRST_FOUND)
    find(
        states(max_decisions=100),
        lambda s: any(any(row) for row in s.landmarks) and s.players == 2,
        settings=FIRST_FOUND,
    )
    over = find(states(players=2, max_decisions=2000), machikoro.is_over, settings=FIRST_FOUND)
    assert machikoro.outcome(over).winners == (over.current,)


def test_states_refuse_impossible_requests() -> None:
    with pytest.raises(InvalidArgument):
        states(players=1)
    with pytest.raises(InvalidArgument):
        states(max_decisions=-1)
    with pytest.raises(InvalidArgument):
        states(options="expansion")  # type: ignore[arg-type]
    refused = states(players=5, options=RulesOptions(expansion=False))
    with pytest.raises(InvalidArgument, match="refuses"):
        find(refused, _always, settings=FIRST_FOUND)


# --------------------------------------------------------------------------- positions


@settings(max_examples=40)
@given(state=positions(), data=st.data())
def test_positions_are_valid_and_play_on(state: GameState, data: st.DataObject) -> None:
    check_invariants(state)
    legal = machikoro.legal_moves(state)
    assert bool(legal) == (not machikoro.is_over(state))
    if legal:
        move = data.draw(moves(state), label="move")
        check_invariants(machikoro.apply_move(state, move))


def _owned_by_all(state: GameState) -> bool:
    return any(
        all(row[kind] for row in state.establishments) and not state.market[kind]
        for kind in (Establishment.STADIUM, Establishment.TV_STATION)
    )


@pytest.mark.parametrize(
    "wanted",
    [
        pytest.param(machikoro.is_over, id="over"),
        pytest.param(lambda s: s.stack == (REROLL,), id="reroll"),
        pytest.param(lambda s: s.stack == (BUILD,), id="build"),
        pytest.param(lambda s: s.rolls and s.total > sum(s.rolls[-1]), id="harbor-plus-2"),
        pytest.param(
            lambda s: s.stack and s.landmarks[s.current][Landmark.HARBOR] and s.total >= 10,
            id="harbor-plus-2-declined",
        ),
        pytest.param(lambda s: s.stack == (ROLL, DRAW), id="market-draw"),
        pytest.param(lambda s: s.stack == (ROLL,) and s.players == 5, id="five-players"),
        pytest.param(lambda s: not s.options.harbor_market, id="base-market"),
        pytest.param(
            lambda s: s.options.harbor_market and not any(s.deck) and s.stack, id="deck-ran-out"
        ),
        pytest.param(lambda s: s.extra_turn, id="extra-turn"),
        pytest.param(lambda s: len(s.rolls) == 2, id="two-rolls"),
        pytest.param(_owned_by_all, id="major-owned-by-all"),
        pytest.param(lambda s: s.landmarks[s.current][Landmark.AIRPORT], id="airport"),
    ],
)
def test_positions_cover_the_kinds_of_position(wanted: Callable[[GameState], bool]) -> None:
    find(positions(), wanted, settings=FIRST_FOUND)


@settings(max_examples=20)
@given(state=positions(players=3))
def test_positions_keep_what_they_are_given(state: GameState) -> None:
    assert state.players == 3


def test_positions_refuse_impossible_requests() -> None:
    with pytest.raises(InvalidArgument):
        positions(players=6)


# --------------------------------------------------------------------------- shrinking targets


def test_every_strategy_shrinks_to_the_simplest_example() -> None:
    assert find(rules_options(), _always, settings=SHRUNK) == RulesOptions()
    assert find(states(max_decisions=0), _always, settings=SHRUNK) == machikoro.new_game(2, seed=0)
    simplest = find(positions(), _always, settings=SHRUNK)
    assert simplest.players == 2 and simplest.options == RulesOptions()
    assert simplest.stack == (ROLL,) and simplest.turn == 1 and simplest.seed == 0
    start = machikoro.new_game(2, seed=0)
    assert simplest.establishments == start.establishments  # the starting cities
    assert simplest.landmarks == start.landmarks
    # A failing example of play shrinks to two players, seed 0 and the lowest dice (the
    # shrinker may stop at a longer game than the shortest: a game's length is no order).
    base = RulesOptions(market="all-piles")  # no market to draw: quicker to shrink
    rolled = find(states(options=base, max_decisions=20), lambda s: bool(s.rolls), settings=SHRUNK)
    assert rolled.players == 2 and rolled.seed == 0 and rolled.rolls == ((1,),)
    chance = machikoro.apply_move(start, machikoro.RollDice(1))
    assert find(moves(chance), _always, settings=SHRUNK) == Dice((1,))


# --------------------------------------------------------------------------- moves, checks


@FEW
@given(state=states(), data=st.data())
def test_moves_are_legal_and_chance_outcomes_at_a_chance_node(
    state: GameState, data: st.DataObject
) -> None:
    if machikoro.is_over(state):
        with pytest.raises(InvalidArgument):
            moves(state)
        return
    move = data.draw(moves(state))
    assert move in machikoro.legal_moves(state)
    if machikoro.current_player(state) == CHANCE:
        assert move in [outcome for outcome, _ in machikoro.chance_outcomes(state)]


def test_check_invariants_lists_every_violation() -> None:
    state = machikoro.new_game(2, seed=1)
    check_invariants(state)
    broken = attrs.evolve(state, coins=(3, -1), current=5)
    with pytest.raises(AssertionError) as caught:
        check_invariants(broken)
    message = str(caught.value)
    found = machikoro.validate(broken)
    assert len(found) >= 2
    for violation in found:
        assert f"{violation.rule_id}: {violation.reason}" in message


# --------------------------------------------------------------------------- register_type_strategy


class Screen:
    """A frontend's value built from a position (``st.builds`` finds the argument's type)."""

    def __init__(self, state: GameState) -> None:
        self.state = state


@settings(max_examples=10, deadline=None)
@given(state=st.from_type(GameState), options=st.from_type(RulesOptions))
def test_from_type_draws_states_and_options(state: GameState, options: RulesOptions) -> None:
    check_invariants(state)
    machikoro.new_game(2, seed=0, options=options)


@settings(max_examples=10, deadline=None)
@given(screen=st.builds(Screen))
def test_builds_fills_a_game_state_argument(screen: Screen) -> None:
    check_invariants(screen.state)


def test_the_registered_options_shrink_as_the_kit_s() -> None:
    assert find(st.from_type(RulesOptions), _always, settings=SHRUNK) == RulesOptions()


# --------------------------------------------------------------------------- the machine


class CountingMachine(MachiKoroStateMachine):
    """Checks that the hooks are called with the machine's positions, the kit's checks kept."""

    calls: ClassVar[dict[str, int]] = {"start": 0, "move": 0, "check": 0}

    def initial_states(self) -> st.SearchStrategy[GameState]:
        return states(players=2, max_decisions=0)

    def on_start(self, state: GameState) -> None:
        assert state == self.state and state.turn == 1 and not state.rolls
        self.calls["start"] += 1

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        super().on_move(before, move, after)  # the kit's checks of the move
        assert move in machikoro.legal_moves(before)
        assert machikoro.apply_move(before, move) == after == self.state
        self.calls["move"] += 1

    def check_adapter(self) -> None:
        assert self.state.players == 2
        self.calls["check"] += 1


def test_the_machine_calls_every_hook() -> None:
    run_state_machine_as_test(
        CountingMachine,
        settings=settings(max_examples=5, stateful_step_count=20, deadline=None, database=None),
    )
    calls = CountingMachine.calls
    assert calls["start"] >= 5 and calls["move"] >= 5 and calls["check"] >= 5, calls


class FailingAdapterMachine(MachiKoroStateMachine):
    """An adapter that is wrong once anyone has earned a coin."""

    def check_adapter(self) -> None:
        assert sum(self.state.coins) <= 3 * self.state.players


def test_the_machine_reports_a_broken_adapter() -> None:
    with pytest.raises(AssertionError):
        run_state_machine_as_test(
            FailingAdapterMachine,
            settings=settings(
                max_examples=30,
                stateful_step_count=20,
                deadline=None,
                database=None,
                phases=[Phase.generate],
            ),
        )


def test_the_machine_checks_positions_and_moves() -> None:
    machine = MachiKoroStateMachine()
    state = machikoro.new_game(2, seed=3)
    machine.check_state(state)
    with pytest.raises(AssertionError, match="MK-STATE-1"):
        machine.check_state(attrs.evolve(state, coins=(3, -1)))
    move = machikoro.legal_moves(state)[0]
    after = machikoro.apply_move(state, move)
    machine.on_move(state, move, after)
    with pytest.raises(AssertionError):  # a position the move does not lead to
        machine.on_move(state, move, attrs.evolve(after, coins=(4, 3)))
    assert MachiKoroStateMachine.rule_ids >= {"MK-STATE-1", "MKH-TUNA-3"}
    assert MachiKoroStateMachine.players == (2, 3, 4, 5)
