"""Legality and its explanation come from the same step: ``explain`` against ``legal_moves``.

Over positions of whole random games with every option and variant, every legal move is
accepted by :func:`harbour.explain` (the check ``verify_move`` and ``can_apply`` use, which
never lists the legal moves), every other move is refused, and the rule a refusal names is
one the step owning the decision may name (its ``owns``), or a rule of the engine's own
checks: TURN-6 for a move that does not answer the decision, TOLL-5 for a toll that could
no longer be paid, INLAND-1 and ABIL-11 for a variant's move in a game without it, END-2
after the end.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import harbour
from harbour import GameState, Move, SellToTraders, UseAbility
from harbour.rules import conversion, shipping
from harbour.rules.table import step_of
from harbour.testing import states
from meeplekit.rng import SplitMix64
from tests.support.harbour import spec_ids
from tests.support.harbour_checks import (
    ARBITRARY_MOVES,
    candidate_moves,
    card_sets,
    in_game,
)
from tests.support.harbour_sweep import cards_for, options_for, players_for, seed_for

SPEC_IDS = frozenset(spec_ids())


def allowed_rules(state: GameState, move: object) -> frozenset[str]:
    """The rule IDs a refusal of ``move`` in ``state`` may name, by who checks it."""
    if harbour.is_over(state):
        return frozenset({"END-2"})
    top = state.stack[-1]
    step = step_of(top)
    if isinstance(move, SellToTraders) and not shipping.traders_in_play(state):
        return frozenset({"INLAND-1"})
    if isinstance(move, UseAbility) and (
        step.turn_decision or not conversion.has_conversion(state)
    ):
        return frozenset({"ABIL-11", "GOODS-1", "TOLL-5"})
    if isinstance(move, step.answers):
        return step.owns | {"TOLL-5"}
    return frozenset({"TURN-6"})


def check_position(state: GameState, extra: list[Any]) -> None:
    """Every legal move passes the check; every other candidate fails it, with an owned rule."""
    legal = harbour.legal_moves(state)
    for move in legal:
        assert harbour.explain(state, move) is None, (move, state.pending)
    legal_set = set(legal)
    for move in [*candidate_moves(state), *extra]:
        if not in_game(state, move):
            with pytest.raises(harbour.InvalidMoveError):
                harbour.explain(state, move)
            continue
        found = harbour.explain(state, move)
        assert (found is None) == (move in legal_set), (move, found, state.pending)
        if found is not None:
            assert found.rule_id in SPEC_IDS, found
            assert found.rule_id in allowed_rules(state, move), (move, found, state.pending)
            assert found.reason.strip()


def walk(state: GameState, rng: SplitMix64, stops: list[int], extra: list[Move]) -> None:
    played = 0
    for stop in sorted(stops):
        while played < stop and not harbour.is_over(state):
            state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
            played += 1
        check_position(state, list(extra))


@pytest.mark.rules("TURN-6")
@given(
    state=states(cards=card_sets, max_decisions=0),
    walk_seed=st.integers(0, 2**64 - 1),
    stops=st.lists(st.integers(0, 600), min_size=1, max_size=8, unique=True),
    extra=st.lists(ARBITRARY_MOVES, max_size=20),
)
def test_the_check_accepts_exactly_the_legal_moves(
    state: GameState, walk_seed: int, stops: list[int], extra: list[Move]
) -> None:
    walk(state, SplitMix64(walk_seed), stops, extra)


@pytest.mark.rules("TURN-6", "TOLL-5")
@pytest.mark.parametrize("index", range(0, 400, 4))
def test_the_check_agrees_over_the_sweep(index: int) -> None:
    """Games of the seeded sweep (every option combination, both card sets), every 25th position."""
    state = harbour.new_game(
        players_for(index), seed=seed_for(index), options=options_for(index), cards=cards_for(index)
    )
    rng = SplitMix64(seed_for(index) ^ 0xC0FFEE)
    decisions = 0
    while not harbour.is_over(state):
        if decisions % 25 == 0:
            check_position(state, [])
        state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
        decisions += 1
    check_position(state, [])
