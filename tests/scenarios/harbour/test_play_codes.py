"""``harbour play --position CODE`` and ``code`` during a game (POSCODE-7)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

from tests.support.play_codes import (
    check_play_refuses_a_code_it_cannot_start_from,
    check_play_refuses_a_finished_games_code,
    check_play_starts_from_a_code_and_shows_the_seats_code,
)


@pytest.mark.rules("POSCODE-7")
def test_play_starts_from_a_code_and_shows_the_seats_code(tmp_path: Path) -> None:
    check_play_starts_from_a_code_and_shows_the_seats_code("harbour", tmp_path)


@pytest.mark.rules("POSCODE-7")
def test_play_refuses_a_code_it_cannot_start_from() -> None:
    check_play_refuses_a_code_it_cannot_start_from("harbour")


@pytest.mark.rules("POSCODE-7")
def test_play_refuses_a_finished_games_code() -> None:
    check_play_refuses_a_finished_games_code("harbour")
