"""Hostile input: fuzzed moves and corrupted positions meet only the library's own errors.

- Any value passed to ``apply_move`` either applies (a legal move) or raises
  ``InvalidMoveError`` / ``IllegalMoveError``; making a move from arbitrary field values
  either works or raises ``InvalidValueError`` (INPUT-1).
- A position corrupted field by field is either reported by ``validate``, or it is valid and
  then ``legal_moves`` and applying each legal move finish without any exception
  (STATE-1 to STATE-5, BOUND-1).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

import harbour
from harbour import GameState, Move
from harbour.cards.limits import MAX_GIFT
from harbour.errors import HarbourError
from harbour.goods import GOODS, Goods
from harbour.moves import MOVE_TYPES
from harbour.positions import replace
from harbour.state import (
    BoardSite,
    CardSite,
    PendingCharacter,
    PendingFreeBuilding,
    PendingGift,
    PendingMove,
    PendingPurchase,
    PendingShip,
    PendingStartingGoods,
    PendingToll,
    PendingTollAfter,
)
from harbour.testing import states
from tests.support.harbour import COMPILED
from tests.support.harbour_checks import card_sets

#: Values no field expects, and values some field does.
NASTY: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.sampled_from([10**6, -(10**6), 2**64, 2.0, 0.5, float("nan"), "", "fish", b"x", ()]),
    st.tuples(st.integers(-2, 40)),
    st.lists(st.integers(-2, 40), max_size=3),
    st.sampled_from(GOODS),
    st.builds(Goods, *[st.integers(0, 9)] * 4),
    st.builds(CardSite, st.integers(0, 40)),
    st.builds(BoardSite, st.integers(0, 5)),
    st.sampled_from([PendingMove(), PendingStartingGoods()]),
)


#: Positions reached by up to 400 drawn legal moves, with every option and variant.
positions = states(cards=card_sets, max_decisions=400)


def made(kind: type, values: list[Any]) -> Any:
    """A move of ``kind`` from ``values``; None when its constructor refuses them."""
    fields = attrs.fields(kind)
    try:
        return kind(*values[: len(fields)])
    except HarbourError:
        return None


@pytest.mark.rules("INPUT-1")
@given(
    state=positions,
    kind=st.sampled_from(MOVE_TYPES),
    values=st.lists(NASTY, min_size=3, max_size=3),
    raw=NASTY,
)
def test_fuzzed_moves_meet_only_the_librarys_errors(
    state: GameState, kind: type, values: list[Any], raw: Any
) -> None:
    for value in (raw, made(kind, values)):
        if value is None:
            continue
        note(f"value: {value!r}")
        try:
            after = harbour.apply_move(state, value)
        except (harbour.InvalidMoveError, harbour.IllegalMoveError):
            assert not harbour.can_apply(state, value)
            continue
        assert value in harbour.legal_moves(state)
        assert harbour.validate(after) == ()


@pytest.mark.rules("INPUT-1")
@given(state=positions, data=st.data())
def test_mutated_legal_moves_meet_only_the_librarys_errors(
    state: GameState, data: st.DataObject
) -> None:
    legal = harbour.legal_moves(state)
    if not legal:
        return
    move = data.draw(st.sampled_from(legal), label="move")
    fields = attrs.fields(type(move))
    if not fields:
        return
    field = data.draw(st.sampled_from(fields), label="field")
    value = data.draw(NASTY, label="value")
    try:
        mutated: Move = attrs.evolve(move, **{field.name: value})
    except harbour.InvalidValueError:
        return
    try:
        harbour.apply_move(state, mutated)
    except (harbour.InvalidMoveError, harbour.IllegalMoveError):
        assert mutated not in legal


# --------------------------------------------------------------------------- corrupted positions

_PENDINGS = st.one_of(
    st.builds(
        PendingGift,
        st.integers(0, 5),
        st.integers(-1, MAX_GIFT + 2),
        st.sampled_from(["ABIL-6", "ABIL-7", "ABIL-10", ""]),
    ),
    st.builds(PendingPurchase, st.integers(-2, 60), st.integers(-1, 9), st.booleans()),
    st.builds(PendingShip, st.integers(-1, 9), st.integers(-1, 40)),
    st.builds(PendingToll, st.integers(-1, 5)),
    st.builds(PendingTollAfter, st.integers(-1, 5)),
    st.builds(
        PendingCharacter, st.integers(0, 4), st.lists(st.integers(0, 14), max_size=3).map(tuple)
    ),
    st.builds(
        PendingFreeBuilding, st.integers(0, 4), st.lists(st.integers(0, 40), max_size=3).map(tuple)
    ),
    st.just(PendingMove()),
    st.just(PendingStartingGoods()),
)


def corrupt(state: GameState, data: st.DataObject) -> GameState:
    """One field of the state, of a player or of a pending decision set to another value."""
    where = data.draw(st.sampled_from(("state", "player", "pending", "stack")), label="where")
    if where == "player":
        seat = data.draw(st.integers(0, len(state.players) - 1), label="seat")
        name = data.draw(
            st.sampled_from([f.name for f in attrs.fields(harbour.PlayerState)]), label="field"
        )
        player = replace(state.players[seat], **{name: data.draw(NASTY, label="value")})
        return replace(
            state, players=tuple(player if i == seat else p for i, p in enumerate(state.players))
        )
    if where in ("pending", "stack") and state.stack:
        index = data.draw(st.integers(0, len(state.stack) - 1), label="index")
        pending = data.draw(_PENDINGS, label="pending")
        if where == "stack":
            stack = list(state.stack)
            stack.insert(index, pending)
            return replace(state, stack=tuple(stack))
        stack = list(state.stack)
        stack[index] = pending
        return replace(state, stack=tuple(stack))
    names = [f.name for f in attrs.fields(GameState) if f.name not in ("cards", "options")]
    name = data.draw(st.sampled_from(names), label="field")
    return replace(state, **{name: data.draw(NASTY, label="value")})


@pytest.mark.rules("STATE-1", "STATE-2", "STATE-3", "STATE-4", "STATE-5", "STATE-6", "BOUND-1")
@given(state=positions, data=st.data())
def test_corrupted_positions_are_reported_or_still_play(
    state: GameState, data: st.DataObject
) -> None:
    try:
        broken = corrupt(state, data)
    except TypeError:
        # STATE-6: only the compiled build's native states refuse a field of the wrong type.
        assert COMPILED
        return
    violations = harbour.validate(broken)
    note(f"violations: {violations}")
    if violations:
        assert all(v.rule_id and v.reason for v in violations)
        return
    legal = harbour.legal_moves(broken)
    assert len(legal) <= 14_190
    assert bool(legal) == (not harbour.is_over(broken))
    for move in legal:
        after = harbour.apply_move(broken, move)
        assert harbour.validate(after) == (), (move, harbour.validate(after))


@pytest.mark.rules("STATE-1")
@given(value=NASTY)
def test_validate_never_raises(value: Any) -> None:
    found = harbour.validate(value)
    assert found and found[0].rule_id == "STATE-1"


# --------------------------------------------------------------------------- BOUND-1


@pytest.mark.rules("BOUND-1", "ABIL-6", "INT-31", "FILE-3")
def test_the_largest_legal_move_list_is_a_gift_of_42_goods() -> None:
    from harbour.cards.abilities import GainOnPurchase
    from harbour.cards.effects import Buy, GainChoice, OneOf
    from harbour.cards.model import PlayerBoard
    from harbour.cards.original import ORIGINAL_SET

    investor = PlayerBoard(
        "big-investor",
        "Big Investor",
        (),
        OneOf((GainChoice(1), Buy(7))),
        GainOnPurchase(6),
    )
    cards = attrs.evolve(ORIGINAL_SET, characters=(investor, *ORIGINAL_SET.characters[1:]))
    keys = [b.key for b in cards.buildings]
    state = harbour.position(
        goods=[{"fish": 6, "stone": 6}, {}],
        market=["fish", "livestock", "wood", "stone"],
        display=keys[:5],
        pawns=[BoardSite(0), None],
        boards=["big-investor", "cattle-baron"],
        stack=(PendingGift(0, MAX_GIFT, "ABIL-6"),),
        options=harbour.RulesOptions(characters=True),
        cards=cards,
    )
    assert len(harbour.legal_moves(state)) == 14_190  # C(42 + 3, 3)
    after = harbour.apply_move(
        state, harbour.TakeGoods(Goods(fish=12, livestock=12, wood=12, stone=6))
    )
    assert after.players[0].goods == Goods(6, 6, 6, 6)  # the rest is lost over 6 (GOODS-2)
