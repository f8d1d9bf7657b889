"""The testing kit ``harbour.testing``, and the documented example that uses it.

The example (``docs/examples/test_adapter_example.py``, shown in ``docs/testing.md``) is
imported and its tests run here.
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
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument
from hypothesis.stateful import run_state_machine_as_test

import harbour
from harbour import GameState, Move, RulesOptions
from harbour.cards.files import dump_card_set, load_card_data
from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.positions import replace
from harbour.testing import (
    HarbourStateMachine,
    card_sets,
    check_invariants,
    moves,
    positions,
    rules_options,
    states,
)
from tests.support.harbour import EVERY_ABILITY_SET

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "examples" / "test_adapter_example.py"


def _load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("test_adapter_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


example = _load_example()

#: Settings of ``find`` for the examples a strategy can draw: the first one found will do
#: (no shrinking), and there are enough tries for the rarest kind.
FIRST_FOUND = settings(database=None, max_examples=2000, phases=[Phase.generate])

# --------------------------------------------------------------------------- the example


class _QuickMoveListMachine(example.MoveListMachine):  # type: ignore[misc,name-defined]
    """The example's machine, for ``make test``: fewer games than its documented settings."""


#: The example's state machine, collected as a test of this module: ``make test`` plays 3
#: of its games (about 7 s), ``make soak`` all 10 of the documented settings.
TestExampleMoveList = _QuickMoveListMachine.TestCase
TestExampleMoveList.settings = settings(example.TestMoveList.settings, max_examples=3)
TestExampleMoveListSoak = pytest.mark.soak(example.TestMoveList)


def test_the_examples_property_tests_pass() -> None:
    example.test_the_score_panel_has_a_line_per_player()
    example.test_every_legal_move_has_a_text()
    example.test_a_new_move_list_shows_its_position()


def test_the_docs_include_the_example() -> None:
    page = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    assert "```{literalinclude} examples/test_adapter_example.py" in page


# --------------------------------------------------------------------------- the optional extra


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )


def test_importing_harbour_does_not_import_hypothesis() -> None:
    result = _run(
        "import sys, harbour, harbour.cards\n"
        "assert 'hypothesis' not in sys.modules, 'harbour imported hypothesis'\n"
    )
    assert result.returncode == 0, result.stderr


def test_the_kit_without_hypothesis_says_what_to_install() -> None:
    result = _run(
        "import sys\n"
        "sys.modules['hypothesis'] = None  # as if it were not installed\n"
        "try:\n"
        "    import harbour.testing\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
        "else:\n"
        "    raise SystemExit('no ImportError')\n"
    )
    assert result.returncode == 0, result.stderr
    assert "pip install 'harbour-rules[testing]'" in result.stdout


# --------------------------------------------------------------------------- rules_options


@given(players=st.integers(2, 4), data=st.data())
def test_options_for_a_table_are_accepted_by_new_game(players: int, data: st.DataObject) -> None:
    options = data.draw(rules_options(players), label="options")
    cards = data.draw(card_sets(), label="cards")
    state = harbour.new_game(players, seed=0, options=options, cards=cards)
    assert state.options == options


@given(options=st.from_type(RulesOptions), cards=card_sets())
def test_options_for_any_table_are_accepted_for_every_table(
    options: RulesOptions, cards: CardSet
) -> None:
    for players in range(2, 5):
        harbour.new_game(players, seed=1, options=options, cards=cards)


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


def test_refused_combinations_are_drawn_only_when_asked_for() -> None:
    refused = find(
        rules_options(include_refused=True),
        lambda o: o.characters and o.first_game,
        settings=FIRST_FOUND,
    )
    with pytest.raises(harbour.InvalidValueError, match="CHAR-2"):
        harbour.new_game(2, seed=0, options=refused)
    with pytest.raises(InvalidArgument):
        rules_options(5)


# --------------------------------------------------------------------------- card_sets


@given(cards=card_sets())
def test_card_sets_are_valid_and_play_every_variant(cards: CardSet) -> None:
    assert load_card_data(dump_card_set(cards)) == cards  # within every limit (FILE-3)
    every = RulesOptions(characters=True, bonus_cards=True, inland_traders=True)
    for players in (3, 4):
        harbour.new_game(players, seed=0, options=every, cards=cards)
    harbour.new_game(2, seed=0, options=RulesOptions(first_game=True), cards=cards)


def test_card_sets_include_custom_sets() -> None:
    custom = find(
        card_sets(),
        lambda c: c != ORIGINAL_SET,
        settings=FIRST_FOUND,
    )
    assert not custom.original
    assert sorted(b.key for b in custom.buildings) == sorted(b.key for b in ORIGINAL_SET.buildings)


# --------------------------------------------------------------------------- states


@given(state=states(max_decisions=0))
def test_a_state_without_decisions_is_a_new_game(state: GameState) -> None:
    again = harbour.new_game(
        len(state.players), seed=state.seed, options=state.options, cards=state.cards
    )
    assert state == again


@given(state=states())
def test_states_are_valid_positions_of_play(state: GameState) -> None:
    check_invariants(state)
    assert bool(harbour.legal_moves(state)) == (not harbour.is_over(state))


@given(state=states(players=3, options=RulesOptions(inland_traders=True), cards=ORIGINAL_SET))
def test_states_keep_what_they_are_given(state: GameState) -> None:
    assert len(state.players) == 3
    assert state.options == RulesOptions(inland_traders=True)
    assert state.cards is ORIGINAL_SET


@given(state=states(options=RulesOptions(inland_traders=True)))
def test_states_draw_a_table_the_options_suit(state: GameState) -> None:
    assert len(state.players) >= 3  # INLAND-1


@given(state=states(options=RulesOptions(characters=True), cards=EVERY_ABILITY_SET))
def test_states_play_any_card_set(state: GameState) -> None:
    assert state.cards is EVERY_ABILITY_SET
    check_invariants(state)


def test_states_reach_the_play_and_the_end() -> None:
    quick = FIRST_FOUND
    find(states(), lambda s: s.turn >= 1, settings=quick)
    over = find(states(max_decisions=400), harbour.is_over, settings=quick)
    harbour.outcome(over)


def test_states_refuse_impossible_requests() -> None:
    with pytest.raises(InvalidArgument):
        states(players=1)
    with pytest.raises(InvalidArgument):
        states(max_decisions=-1)
    refused = states(players=2, options=RulesOptions(inland_traders=True))
    with pytest.raises(InvalidArgument, match="refuses"):
        find(refused, lambda s: True, settings=FIRST_FOUND)


@given(state=st.from_type(GameState))
def test_from_type_draws_states(state: GameState) -> None:
    assert isinstance(state, GameState)
    check_invariants(state)


# --------------------------------------------------------------------------- positions


@given(state=positions(), data=st.data())
def test_positions_are_valid_and_play_on(state: GameState, data: st.DataObject) -> None:
    check_invariants(state)
    assert state.turn >= 1
    legal = harbour.legal_moves(state)
    assert bool(legal) == (not harbour.is_over(state))
    if legal:
        move = data.draw(moves(state), label="move")
        check_invariants(harbour.apply_move(state, move))


@pytest.mark.parametrize(
    "wanted",
    [
        pytest.param(harbour.is_over, id="over"),
        pytest.param(lambda s: s.last_round_turns and s.stack, id="last-round"),
        pytest.param(lambda s: not s.deck, id="empty-deck"),
        pytest.param(lambda s: any(p.free_buildings for p in s.players), id="free-building"),
        pytest.param(lambda s: s.ability_used, id="ability-used"),
        pytest.param(lambda s: s.options.bonus_cards and len(s.players) == 4, id="bonus-cards"),
        pytest.param(lambda s: None not in {p.pawn for p in s.players}, id="every-pawn-out"),
        pytest.param(lambda s: any(p.goods.total >= 20 for p in s.players), id="many-goods"),
    ],
)
def test_positions_cover_the_kinds_of_position(wanted: Callable[[GameState], bool]) -> None:
    find(positions(), wanted, settings=FIRST_FOUND)


@given(state=positions(players=2, cards=ORIGINAL_SET))
def test_positions_keep_what_they_are_given(state: GameState) -> None:
    assert len(state.players) == 2 and state.cards is ORIGINAL_SET


# --------------------------------------------------------------------------- moves, checks


@given(state=states(), data=st.data())
def test_moves_are_legal(state: GameState, data: st.DataObject) -> None:
    if harbour.is_over(state):
        with pytest.raises(InvalidArgument):
            moves(state)
        return
    assert data.draw(moves(state)) in harbour.legal_moves(state)


def test_check_invariants_lists_every_violation() -> None:
    state = harbour.new_game(2, seed=1)
    check_invariants(state)
    broken = replace(state, market=(harbour.Good.FISH,) * 4, current=5)
    with pytest.raises(AssertionError) as caught:
        check_invariants(broken)
    message = str(caught.value)
    for violation in harbour.validate(broken):
        assert f"{violation.rule_id}: {violation.reason}" in message


# --------------------------------------------------------------------------- the machine


class CountingMachine(HarbourStateMachine):
    """Checks that the hooks are called with the machine's positions."""

    calls: ClassVar[dict[str, int]] = {"start": 0, "move": 0, "check": 0}

    def initial_states(self) -> st.SearchStrategy[GameState]:
        return states(players=2, max_decisions=0)

    def on_start(self, state: GameState) -> None:
        assert state == self.state and state.turn == 0
        self.calls["start"] += 1

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        assert move in harbour.legal_moves(before)
        assert harbour.apply_move(before, move) == after == self.state
        self.calls["move"] += 1

    def check_adapter(self) -> None:
        assert len(self.state.players) == 2
        self.calls["check"] += 1


def test_the_machine_calls_every_hook() -> None:
    run_state_machine_as_test(
        CountingMachine,
        settings=settings(max_examples=5, stateful_step_count=20, deadline=None, database=None),
    )
    calls = CountingMachine.calls
    assert calls["start"] >= 5 and calls["move"] >= 1 and calls["check"] >= 5, calls


class FailingAdapterMachine(HarbourStateMachine):
    """An adapter that is wrong after the first move."""

    def check_adapter(self) -> None:
        assert self.state.turn == 0 and not any(p.goods.total for p in self.state.players)


def test_the_machine_reports_a_broken_adapter() -> None:
    with pytest.raises(AssertionError):
        run_state_machine_as_test(
            FailingAdapterMachine,
            settings=settings(
                max_examples=20,
                stateful_step_count=10,
                deadline=None,
                database=None,
                phases=[Phase.generate],
            ),
        )
