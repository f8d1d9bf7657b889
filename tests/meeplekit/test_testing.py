"""The game-independent helpers of the testing kits (``meeplekit.testing``), on a toy game.

``harbour.testing`` and ``machikoro.testing`` draw options, play drawn decisions, draw
moves and report violations with these; their own tests check the games' kits.
"""

from __future__ import annotations

import enum
from fractions import Fraction

import attrs
import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from meeplekit.testing import (
    MAX_INDEX,
    as_strategy,
    assert_valid,
    check_players,
    legal_move,
    play_drawn,
    reading_values,
    readings,
)
from tests.meeplekit import toy_game

FIRST_FOUND = settings(database=None, max_examples=500, phases=[Phase.generate])
SHRUNK = settings(database=None, max_examples=50)


class Pace(enum.Enum):
    SLOW = "slow"
    FAST = "fast"
    WILD = "wild"


@attrs.frozen
class Options:
    pace: Pace = Pace.FAST
    bonus: bool = False
    short: bool = True


@attrs.frozen
class Broken:
    count: int = 3


@attrs.frozen
class Violation:
    rule_id: str
    reason: str


def test_reading_values_list_every_value_the_default_first() -> None:
    assert reading_values(Options) == {
        "pace": (Pace.FAST, Pace.SLOW, Pace.WILD),
        "bonus": (False, True),
        "short": (True, False),
    }
    with pytest.raises(TypeError, match=r"Broken\.count"):
        reading_values(Broken)


def test_readings_draw_every_combination_and_shrink_to_the_defaults() -> None:
    assert find(readings(Options), lambda o: True, settings=SHRUNK) == Options()
    for pace in Pace:

        def wanted(options: Options, pace: Pace = pace) -> bool:
            return options.pace is pace and options.bonus and not options.short

        find(readings(Options), wanted, settings=FIRST_FOUND)


@st.composite
def _played(draw: st.DrawFn, max_decisions: int) -> toy_game.State:
    return play_drawn(
        draw,
        toy_game.new_game(seed=1, p=Fraction(1, 3)),
        max_decisions,
        legal_moves=toy_game.legal_moves,
        apply_move=toy_game.apply_move,
        is_over=toy_game.is_over,
    )


@given(_played(10))
def test_play_drawn_plays_legal_moves_and_stops_at_the_end(state: toy_game.State) -> None:
    assert state.step in ("bet", "chance", "reply", "")  # apply_move refuses illegal moves


def test_play_drawn_reaches_every_outcome_and_shrinks_to_the_start() -> None:
    assert find(_played(10), lambda s: True, settings=SHRUNK).step == "bet"
    find(_played(10), lambda s: s.scores == (10, 3), settings=FIRST_FOUND)  # a hit, at 1/3
    find(_played(10), lambda s: s.scores == (3, 3) and not s.step, settings=FIRST_FOUND)
    # The first legal moves: "risky" is the second move, "miss" the second outcome.
    assert find(_played(10), lambda s: s.step == "reply", settings=SHRUNK).scores == (3, 3)
    assert find(_played(0), lambda s: True, settings=SHRUNK).step == "bet"
    assert MAX_INDEX >= 2**16 - 1


def test_legal_move_draws_one_and_refuses_a_finished_game() -> None:
    assert find(legal_move(("a", "b")), lambda m: True, settings=SHRUNK) == "a"
    find(legal_move(("a", "b")), lambda m: m == "b", settings=FIRST_FOUND)
    with pytest.raises(InvalidArgument, match="over"):
        legal_move(())


def test_assert_valid_lists_every_violation() -> None:
    assert_valid(())
    with pytest.raises(AssertionError) as caught:
        assert_valid((Violation("X-1", "one"), Violation("Y-2", "two")))
    assert str(caught.value).splitlines() == [
        "the position breaks 2 invariant(s):",
        "  X-1: one",
        "  Y-2: two",
    ]


def test_check_players_and_as_strategy() -> None:
    check_players(None, (2, 3, 4))
    check_players(3, (2, 3, 4))
    for wrong in (1, 5, True, "3"):
        with pytest.raises(InvalidArgument, match="from 2 to 4"):
            check_players(wrong, (2, 3, 4))  # type: ignore[arg-type]
    strategy: st.SearchStrategy[int] = st.integers(0, 3)
    same: st.SearchStrategy[int] = as_strategy(strategy)
    assert same is strategy
    assert find(as_strategy(7), lambda v: True, settings=SHRUNK) == 7
