"""Helpers shared by the Machi Koro tests: exact positions and forced rolls."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

import machikoro
from machikoro import Establishment as E
from machikoro import Landmark as L
from machikoro.events import Event
from machikoro.state import GameState

#: The base marketplace: every card not in a city is face up, so positions need no market.
ALL_PILES = machikoro.RulesOptions(market="all-piles")

__all__ = [
    "ALL_PILES",
    "E",
    "L",
    "at_roll",
    "events_of",
    "play",
    "refused",
    "roll",
]


def at_roll(
    coins: Sequence[int],
    cities: Sequence[Mapping[Any, int]] | None = None,
    landmarks: Sequence[Iterable[Any]] | None = None,
    *,
    current: int = 0,
    options: machikoro.RulesOptions = ALL_PILES,
    **kw: Any,
) -> GameState:
    """A position at ``current``'s roll decision; ``cities`` replace the starting cards."""
    return machikoro.position(
        coins=coins,
        establishments=cities,
        landmarks=landmarks,
        current=current,
        options=options,
        **kw,
    )


def play(state: GameState, *moves: machikoro.Move) -> GameState:
    """Apply ``moves`` in order, each checked."""
    for move in moves:
        state = machikoro.apply_move(state, move)
    return state


def roll(state: GameState, *faces: int) -> GameState:
    """The turn player rolls ``len(faces)`` dice, which show ``faces``."""
    return play(state, machikoro.RollDice(len(faces)), machikoro.Dice(tuple(sorted(faces))))


def events_of(state: GameState, *moves: machikoro.Move) -> tuple[GameState, list[Event]]:
    """Apply ``moves`` with their events; the state after and every event, in order."""
    log: list[Event] = []
    for move in moves:
        state, events = machikoro.apply_move_with_events(state, move)
        log.extend(events)
    return state, log


def refused(state: GameState, move: machikoro.Move) -> str:
    """The rule ID an illegal move is refused with (``apply_move`` and ``explain`` agree)."""
    refusal = machikoro.explain(state, move)
    assert refusal is not None, move
    with pytest.raises(machikoro.IllegalMoveError) as err:
        machikoro.apply_move(state, move)
    assert err.value.rule_id == refusal.rule_id
    return refusal.rule_id


# --------------------------------------------------------------------------- conformance
# The game's own parameter sets for the conformance suite (tests/property/test_conformance.py),
# which runs every registered game through the same checks.

#: OpenSpiel parameter sets: ``random_sim_test`` plays each (every player count, readings
#: that change who decides what); the game's own OpenSpiel tests use them too.
OPENSPIEL_GAMES: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 5},
    {"players": 3, "expansion": False},
    {"players": 4, "market": "all-piles", "purple_order": "owner-chooses", "sushi_bar_cost": 2},
]
#: Keyword arguments of the PettingZoo environments ``api_test`` checks (``env`` and
#: ``raw_env`` each).
PETTINGZOO_GAMES: list[dict[str, Any]] = [
    {"players": 2, "options": None},
    {
        "players": 5,
        "options": machikoro.RulesOptions(
            purple_order="owner-chooses", business_center="may-decline"
        ),
    },
    {"players": 4, "options": machikoro.RulesOptions(expansion=False)},
]
#: The cycles ``api_test`` plays in each environment.
PETTINGZOO_CYCLES = 200
