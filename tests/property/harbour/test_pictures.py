"""Pictures of every position of the seeded sweep's games (PIC-2, PIC-4).

The games are those of :mod:`tests.property.harbour.test_random_sweep` (every option, 2 to 4
players, both card sets), replayed move for move. Every position is drawn for the referee
and for the player deciding, and each picture must parse as SVG and name every player.
``make test`` draws a spread of :data:`GAMES_IN_TEST` of the sweep's games, the ``soak``
test (``make soak``) a denser spread, :data:`GAMES_IN_SOAK`; ``make sweep-pictures``
(``HARBOUR_PICTURE_SWEEP=all``) draws every game of the sweep.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from xml.etree import ElementTree

import pytest

import harbour
from harbour import GameState
from harbour.views import svg
from meeplekit.rng import SplitMix64
from tests.support.harbour_sweep import (
    GAMES,
    MOVES_SALT,
    cards_for,
    options_for,
    players_for,
    seed_for,
)

SVG = "{http://www.w3.org/2000/svg}"
#: Games drawn by ``make test``: a prime stride spreads them over players, options and sets.
GAMES_IN_TEST = range(0, GAMES, 293)
#: Games drawn by ``make soak``: another prime stride, eight times as many.
GAMES_IN_SOAK = range(18, GAMES, 37)
CHUNKS = 8
ALL = os.environ.get("HARBOUR_PICTURE_SWEEP") == "all"


def states_of(index: int) -> Iterator[GameState]:
    """Every position of sweep game ``index``, as the sweep plays it."""
    state = harbour.new_game(
        players_for(index), seed=seed_for(index), options=options_for(index), cards=cards_for(index)
    )
    rng = SplitMix64(seed_for(index) ^ MOVES_SALT)
    yield state
    while not state.is_over:
        state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
        yield state


def check_picture(picture: str, players: int) -> None:
    root = ElementTree.fromstring(picture)
    assert root.tag == f"{SVG}svg" and root.attrib["viewBox"].startswith("0 0 ")
    text = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert all(f"Player {seat + 1}" in text for seat in range(players)), text[:200]


@pytest.mark.rules("PIC-2", "PIC-4")
@pytest.mark.parametrize("number", range(CHUNKS))
def test_every_position_of_the_sweep_draws(number: int) -> None:
    draw_games((range(GAMES) if ALL else GAMES_IN_TEST)[number::CHUNKS])


@pytest.mark.soak
@pytest.mark.rules("PIC-2", "PIC-4")
@pytest.mark.parametrize("number", range(CHUNKS))
def test_every_position_of_a_denser_spread_draws(number: int) -> None:
    draw_games(GAMES_IN_SOAK[number::CHUNKS])


def draw_games(mine: range) -> None:
    drawn = 0
    for index in mine:
        for state in states_of(index):
            players = len(state.players)
            check_picture(svg.position(state), players)
            if not state.is_over:
                check_picture(svg.position(state, state.decider), players)
            drawn += 1
    assert drawn > len(mine) > 0


@pytest.mark.parametrize("games", [GAMES_IN_TEST, GAMES_IN_SOAK], ids=["test", "soak"])
def test_the_pictured_games_cover_every_player_count_and_both_card_sets(games: range) -> None:
    assert {players_for(i) for i in games} == {2, 3, 4}
    assert {cards_for(i).name for i in games} == {cards_for(0).name, cards_for(1).name}
