"""What the speed-ups must keep: states pickle small and back to equal values, hashes agree
with equality, and apply_move's shortcut for a move just listed checks what it must."""

from __future__ import annotations

import pickle

import pytest

import harbour
from harbour import RulesOptions
from harbour.cards.original import ORIGINAL_SET
from harbour.positions import replace
from tests.support.harbour import EVERY_ABILITY_SET


def mid_game(**kwargs: object) -> harbour.GameState:
    state = harbour.new_game(2, seed=2014, **kwargs)  # type: ignore[arg-type]
    for _ in range(40):
        state = harbour.apply_move(state, harbour.legal_moves(state)[0])
    return state


@pytest.mark.rules("JSON-3")
def test_a_state_pickles_its_built_in_cards_by_name() -> None:
    state = mid_game(options=RulesOptions(reentry="kept", characters=True))
    data = pickle.dumps(state)
    assert len(data) <= 1_000
    back = pickle.loads(data)
    assert back == state and back.cards is ORIGINAL_SET
    assert pickle.loads(pickle.dumps(state.options)) == state.options


@pytest.mark.rules("JSON-3")
def test_a_state_with_custom_cards_pickles_them_whole() -> None:
    state = mid_game(cards=EVERY_ABILITY_SET)
    back = pickle.loads(pickle.dumps(state))
    assert back == state and back.cards == EVERY_ABILITY_SET


def test_equal_states_hash_equal_and_the_fields_left_out_still_count_for_equality() -> None:
    state = mid_game()
    copy = pickle.loads(pickle.dumps(state))
    assert hash(copy) == hash(state)
    other_seed = replace(state, seed=state.seed + 1)
    assert other_seed != state
    assert replace(state, options=RulesOptions(reentry="kept")) != state


@pytest.mark.rules("TURN-6", "INPUT-1")
def test_apply_move_checks_moves_not_just_listed() -> None:
    state = mid_game()
    legal = harbour.legal_moves(state)
    assert harbour.apply_move(state, legal[0]) == harbour.apply_move_unchecked(state, legal[0])
    # The memo is of that state only: another state's listed move is checked again.
    other = harbour.apply_move(state, legal[0])
    harbour.legal_moves(other)
    illegal = next(m for m in legal if not harbour.can_apply(other, m))
    with pytest.raises(harbour.IllegalMoveError):
        harbour.apply_move(other, illegal)
    # An equal state that is not the same object is checked, not trusted.
    twin = pickle.loads(pickle.dumps(state))
    harbour.legal_moves(state)
    assert harbour.apply_move(twin, legal[0]) == harbour.apply_move(state, legal[0])
    with pytest.raises(harbour.InvalidMoveError):
        harbour.apply_move(state, "go")  # type: ignore[arg-type]
