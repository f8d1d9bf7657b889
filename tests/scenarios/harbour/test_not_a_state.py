"""INPUT-5: the engine's entry points refuse a value that is not a Harbour state by name."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

import harbour
import machikoro
from harbour.errors import InvalidValueError
from meeplekit.rng import SplitMix64
from meeplekit.values import shown


@functools.cache
def _state() -> harbour.GameState:
    # Made on first use, not on import: mutation testing forks its workers after importing
    # the tests, and a game played then would fill the engine's memos (rules.table) with
    # the unmutated code's answers.
    return harbour.new_game(2, seed=3)


def _move() -> harbour.Move:
    return harbour.legal_moves(_state())[0]


#: A player's state, which is not a game state (a constant: no game is played for it).
_PLAYER = harbour.PlayerState(harbour.Goods())

#: Values that are not a Harbour state: nothing, a document, another game's state, a player.
NOT_STATES: tuple[object, ...] = (
    None,
    {"players": []},
    machikoro.new_game(2, seed=3),
    _PLAYER,
)

ENTRY_POINTS: dict[str, Callable[[object], object]] = {
    "legal_moves": harbour.legal_moves,  # type: ignore[dict-item]
    "is_over": harbour.is_over,  # type: ignore[dict-item]
    "current_player": harbour.current_player,  # type: ignore[dict-item]
    "apply_move": lambda s: harbour.apply_move(s, _move()),  # type: ignore[arg-type]
    "apply_move_with_events": lambda s: harbour.apply_move_with_events(s, _move()),  # type: ignore[arg-type]
    "verify_move": lambda s: harbour.verify_move(s, _move()),  # type: ignore[arg-type]
    "explain": lambda s: harbour.explain(s, _move()),  # type: ignore[arg-type]
    "random_playout": lambda s: harbour.random_playout(s, SplitMix64(1)),  # type: ignore[arg-type]
}


@pytest.mark.rules("INPUT-5", "STATE-6")
@pytest.mark.parametrize("name", ENTRY_POINTS)
@pytest.mark.parametrize("value", NOT_STATES, ids=lambda v: type(v).__name__)
def test_entry_points_name_a_value_that_is_not_a_state(name: str, value: object) -> None:
    # Both builds (STATE-6): the entry points are the shared engine's, which check first.
    expected = f"expected harbour.state.GameState, got {shown(value)} ({type(value).__qualname__})"
    with pytest.raises(InvalidValueError) as refused:
        ENTRY_POINTS[name](value)
    assert str(refused.value) == expected


@pytest.mark.rules("INPUT-5")
@pytest.mark.parametrize("value", NOT_STATES, ids=lambda v: type(v).__name__)
def test_can_apply_answers_false_for_a_value_that_is_not_a_state(value: object) -> None:
    assert harbour.can_apply(value, _move()) is False  # type: ignore[arg-type]
    assert harbour.can_apply(_state(), _move()) is True


@pytest.mark.rules("INPUT-5")
@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_entry_points_still_take_a_state(name: str) -> None:
    ENTRY_POINTS[name](_state())  # no error for the real thing
