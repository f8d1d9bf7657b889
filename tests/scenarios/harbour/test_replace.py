"""``harbour.positions.replace``: a state like another with some fields changed."""

from __future__ import annotations

import attrs
import pytest

import harbour
from harbour.cards.original import ORIGINAL_SET
from harbour.errors import InvalidValueError
from harbour.goods import Good, Goods
from harbour.positions import replace
from harbour.queries import sites_in_play
from harbour.state import BoardSite, CardSite, GameState, PendingToll, PlayerState

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE
KEYS = [b.key for b in ORIGINAL_SET.buildings]


def start() -> GameState:
    """Two players, buildings 0..4 on display, player 1 owning building 5; layout worked out."""
    state = harbour.position(
        goods=[{"fish": 2}, {"wood": 1}],
        market=["fish", "livestock", "wood", "stone"],
        display=KEYS[:5],
        owned=[[KEYS[5]], []],
    )
    assert state.owner_of(CardSite(5)) == 0  # the layout is in the state's cache now
    return state


def test_a_replaced_state_is_what_the_constructor_makes() -> None:
    state = start()
    made = replace(state, turn=7, current=1, ability_used=True)
    fields = {f.name: getattr(state, f.name) for f in attrs.fields(GameState)}
    expected = GameState(**{**fields, "turn": 7, "current": 1, "ability_used": True})
    assert type(made) is GameState
    assert made == expected
    assert hash(made) == hash(expected)
    assert (made.turn, made.current, made.ability_used) == (7, 1, True)
    assert (state.turn, state.current, state.ability_used) == (1, 0, False)  # untouched


def test_a_replaced_player_is_what_the_constructor_makes() -> None:
    player = start().players[0]
    made = replace(player, goods=Goods(stone=4), pawn=BoardSite(1))
    assert type(made) is PlayerState
    assert made == PlayerState(Goods(stone=4), player.buildings, BoardSite(1))
    assert player.goods == Goods(fish=2)
    assert player.pawn is None


def test_nothing_changed_is_an_equal_new_value() -> None:
    state = start()
    same = replace(state)
    assert same == state
    assert hash(same) == hash(state)
    assert same is not state
    assert replace(state, turn=2) != state


def test_a_new_display_is_in_the_layout() -> None:
    state = start()
    shown = replace(state, display=(6, 7, 8, 9, 10))
    # TURN-3's order: starting buildings by seat, the display, then the owned buildings.
    expected = (
        BoardSite(0),
        BoardSite(1),
        *(CardSite(i) for i in (6, 7, 8, 9, 10)),
        CardSite(5),
    )
    assert sites_in_play(shown) == expected
    assert sites_in_play(state)[2:7] == tuple(CardSite(i) for i in range(5))


def test_bought_buildings_are_in_the_layout_and_their_owners() -> None:
    state = start()
    buyer = replace(state.players[1], buildings=(0,), free_buildings=(1,))
    bought = replace(state, players=(state.players[0], buyer), display=(2, 3, 4, 6, 7))
    assert bought.owner_of(CardSite(0)) == 1
    assert bought.owner_of(CardSite(1)) == 1
    assert bought.owner_of(CardSite(5)) == 0
    assert bought.owner_of(CardSite(2)) is None
    assert sites_in_play(bought)[-3:] == (CardSite(5), CardSite(0), CardSite(1))
    assert state.owner_of(CardSite(0)) is None  # the first state's layout is its own


def test_a_state_the_engine_made_shares_no_layout_with_its_replacement() -> None:
    state = start()
    moved = harbour.apply_move(state, harbour.legal_moves(state)[0])
    assert moved.owner_of(CardSite(5)) == 0  # its layout, handed on by the engine
    taken = replace(moved, players=(replace(moved.players[0], buildings=()), moved.players[1]))
    assert taken.owner_of(CardSite(5)) is None
    assert CardSite(5) not in sites_in_play(taken)
    assert moved.owner_of(CardSite(5)) == 0


def test_nothing_is_checked() -> None:
    state = start()
    broken = replace(state, market=(F, F, W, S), stack=(PendingToll(0),))
    assert broken.market == (F, F, W, S)
    assert {v.rule_id for v in harbour.validate(broken)} >= {"SETUP-3"}
    with pytest.raises(harbour.InvalidStateError):
        harbour.position(goods=[Goods(), Goods()], market=["fish"] * 4, display=KEYS[:5])


def test_an_unknown_field_is_refused() -> None:
    state = start()
    with pytest.raises(InvalidValueError, match=r"GameState has no field 'layout', 'money'"):
        replace(state, layout=None, money=3)
    with pytest.raises(InvalidValueError, match=r"PlayerState has no field 'value'"):
        replace(state.players[0], value=1)
    with pytest.raises(InvalidValueError, match=r"its fields are goods, buildings, pawn"):
        replace(state.players[0], good=Goods())


@pytest.mark.parametrize(
    "value",
    [Goods(), harbour.RulesOptions(), ORIGINAL_SET, None, 3, "state", (1, 2)],
    ids=["goods", "options", "cards", "none", "int", "str", "tuple"],
)
def test_only_states_are_replaced(value: object) -> None:
    with pytest.raises(InvalidValueError, match=r"replace takes a GameState or a PlayerState"):
        replace(value, turn=1)  # type: ignore[type-var]


def test_an_observation_is_no_state() -> None:
    observation = harbour.observe(start(), 0)
    with pytest.raises(InvalidValueError, match=r"not Observation"):
        replace(observation)  # type: ignore[type-var]
