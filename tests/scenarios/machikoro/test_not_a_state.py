"""MK-INPUT-7: the engine's entry points refuse a value that is not a Machi Koro state by name."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import harbour
import machikoro
from machikoro.errors import InvalidValueError
from meeplekit.values import shown

_STATE = machikoro.new_game(2, seed=3)
_MOVE = machikoro.legal_moves(_STATE)[0]

#: Values that are not a Machi Koro state: nothing, a document, another game's state.
NOT_STATES: tuple[object, ...] = (None, {"coins": [3, 3]}, harbour.new_game(2, seed=3))

ENTRY_POINTS: dict[str, Callable[[object], object]] = {
    "legal_moves": machikoro.legal_moves,  # type: ignore[dict-item]
    "is_over": machikoro.is_over,  # type: ignore[dict-item]
    "current_player": machikoro.current_player,  # type: ignore[dict-item]
    "apply_move": lambda s: machikoro.apply_move(s, _MOVE),  # type: ignore[arg-type]
    "apply_move_with_events": lambda s: machikoro.apply_move_with_events(s, _MOVE),  # type: ignore[arg-type]
    "verify_move": lambda s: machikoro.verify_move(s, _MOVE),  # type: ignore[arg-type]
    "explain": lambda s: machikoro.explain(s, _MOVE),  # type: ignore[arg-type]
}


@pytest.mark.rules("MK-INPUT-7")
@pytest.mark.parametrize("name", ENTRY_POINTS)
@pytest.mark.parametrize("value", NOT_STATES, ids=lambda v: type(v).__name__)
def test_entry_points_name_a_value_that_is_not_a_state(name: str, value: object) -> None:
    expected = (
        f"expected machikoro.state.GameState, got {shown(value)} ({type(value).__qualname__})"
    )
    with pytest.raises(InvalidValueError) as refused:
        ENTRY_POINTS[name](value)
    assert str(refused.value) == expected


@pytest.mark.rules("MK-INPUT-7")
@pytest.mark.parametrize("value", NOT_STATES, ids=lambda v: type(v).__name__)
def test_can_apply_answers_false_for_a_value_that_is_not_a_state(value: object) -> None:
    assert machikoro.can_apply(value, _MOVE) is False  # type: ignore[arg-type]
    assert machikoro.can_apply(_STATE, _MOVE) is True


@pytest.mark.rules("MK-INPUT-7")
@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_entry_points_still_take_a_state(name: str) -> None:
    ENTRY_POINTS[name](_STATE)  # no error for the real thing
