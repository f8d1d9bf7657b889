"""Positions made by hand: the builder and validate, rule by rule."""

from __future__ import annotations

import attrs
import pytest

import machikoro
from machikoro import RulesOptions
from machikoro.state import (
    GameState,
    PendingActivate,
    PendingAddTwo,
    PendingBuild,
    PendingDice,
    PendingDraw,
    PendingEndTurn,
    PendingOpponent,
    PendingRoll,
    PendingTrade,
    PendingTunaRoll,
)
from tests.support.machikoro import ALL_PILES, E, L, at_roll, roll


def rules_of(state: object) -> set[str]:
    return {v.rule_id for v in machikoro.validate(state)}


def evolve(state: GameState, **changes: object) -> GameState:
    return attrs.evolve(state, **changes)  # type: ignore[arg-type]


@pytest.mark.rules("MK-STATE-1")
def test_values_of_the_wrong_type_or_size() -> None:
    state = machikoro.new_game(2, seed=1)
    assert machikoro.validate(state) == ()
    bad_values: list[dict[str, object]] = [
        {"coins": (3, -1)},
        {"coins": (3, True)},
        {"coins": (3, 2.0)},
        {"establishments": ((1,) * 25, (1,) * 24)},
        {"establishments": ((1,) * 25, (-1,) * 25)},
        {"landmarks": ((True,) * 7, (1,) * 7)},
        {"market": (0,) * 24},
        {"deck": ("1",) * 25},
        {"current": 2},
        {"turn": 0},
        {"total": 15},
        {"extra_turn": 1},
        {"rolls": ((7,),)},
        {"rolls": ((3, 1),)},
        {"rolls": ((1,), (2,), (3,))},
        {"seed": -1},
    ]
    for change in bad_values:
        assert "MK-STATE-1" in rules_of(evolve(state, **change)), change
    assert rules_of("a state") == {"MK-STATE-1"}
    assert rules_of(evolve(state, options={"expansion": True})) == {"MK-STATE-1"}
    never_set = object.__new__(GameState)
    assert rules_of(never_set) == {"MK-STATE-1"}


@pytest.mark.rules("MK-PLAYERS-1")
def test_player_counts_of_the_edition() -> None:
    five = machikoro.new_game(5, seed=1)
    assert machikoro.validate(five) == ()
    base = evolve(five, options=RulesOptions(expansion=False, market="harbor"))
    assert "MK-PLAYERS-1" in rules_of(base)
    assert "MK-PLAYERS-1" in rules_of(evolve(five, coins=(3,)))


@pytest.mark.rules("MK-STATE-2")
def test_every_card_is_somewhere() -> None:
    state = machikoro.new_game(3, seed=2)
    extra = list(state.deck)
    extra[E.CAFE] += 1
    assert "MK-STATE-2" in rules_of(evolve(state, deck=tuple(extra)))
    missing = list(state.deck)
    missing[E.CAFE] -= 1
    assert "MK-STATE-2" in rules_of(evolve(state, deck=tuple(missing)))
    base = machikoro.new_game(2, seed=2, options=RulesOptions(expansion=False))
    harbor_card = list(base.market)
    harbor_card[E.SUSHI_BAR] = 1
    assert "MK-STATE-2" in rules_of(evolve(base, market=tuple(harbor_card)))
    # A major may be missing only when every player owns one.
    both = machikoro.position(coins=[0, 0], options=ALL_PILES,
                              establishments=[{E.STADIUM: 1}, {E.STADIUM: 1}])  # fmt: skip
    gone = list(both.market)
    gone[E.STADIUM] = 0
    assert rules_of(evolve(both, market=tuple(gone))) == set()
    one = machikoro.position(coins=[0, 0], options=ALL_PILES,
                             establishments=[{E.STADIUM: 1}, {}])  # fmt: skip
    short = list(one.market)
    short[E.STADIUM] -= 1
    assert "MK-STATE-2" in rules_of(evolve(one, market=tuple(short)))


@pytest.mark.rules("MK-STATE-3")
def test_a_player_with_two_copies_of_a_major() -> None:
    with pytest.raises(machikoro.InvalidStateError) as err:
        at_roll(coins=[0, 0], cities=[{}, {E.TAX_OFFICE: 2}])
    assert {v.rule_id for v in err.value.violations} == {"MK-STATE-3"}


@pytest.mark.rules("MK-STATE-4")
def test_the_market_s_piles() -> None:
    state = machikoro.new_game(2, seed=3)
    shown = [k for k in E if state.market[k]]
    fewer = list(state.market)
    more = list(state.deck)
    more[shown[0]] += fewer[shown[0]]
    fewer[shown[0]] = 0
    assert "MK-STATE-4" in rules_of(evolve(state, market=tuple(fewer), deck=tuple(more)))
    eleven = list(state.market)
    deck = list(state.deck)
    extra = next(k for k in E if not state.market[k] and state.deck[k])
    eleven[extra], deck[extra] = 1, deck[extra] - 1
    assert "MK-STATE-4" in rules_of(evolve(state, market=tuple(eleven), deck=tuple(deck)))
    with pytest.raises(machikoro.InvalidStateError) as err:
        machikoro.position(coins=[0, 0])  # the Harbor market must be given
    assert "MK-STATE-4" in {v.rule_id for v in err.value.violations}
    # In the base marketplace there is no deck.
    piles = machikoro.new_game(2, seed=3, options=ALL_PILES)
    market = list(piles.market)
    deck = [0] * 25
    market[E.CAFE], deck[E.CAFE] = market[E.CAFE] - 1, 1
    assert "MK-STATE-4" in rules_of(evolve(piles, market=tuple(market), deck=tuple(deck)))
    # A major every player owns is never shown.
    both = machikoro.position(coins=[0, 0], options=ALL_PILES,
                              establishments=[{E.STADIUM: 1}, {E.STADIUM: 1}])  # fmt: skip
    harbor = evolve(both, options=RulesOptions(market="harbor"))
    assert "MK-STATE-4" in rules_of(harbor)


@pytest.mark.rules("MK-STATE-5")
def test_landmarks_and_the_end() -> None:
    state = machikoro.new_game(2, seed=4)
    no_hall = ((False,) * 7, state.landmarks[1])
    assert "MK-STATE-5" in rules_of(evolve(state, landmarks=no_hall))
    base = machikoro.new_game(2, seed=4, options=RulesOptions(expansion=False))
    airport = tuple(lm == L.AIRPORT for lm in L)
    assert "MK-STATE-5" in rules_of(evolve(base, landmarks=(airport, base.landmarks[1])))
    every = (tuple(True for _ in L), state.landmarks[1])
    assert "MK-STATE-5" in rules_of(evolve(state, landmarks=every))  # not over, yet complete
    assert "MK-STATE-5" in rules_of(evolve(state, stack=()))  # over, with no winner
    assert rules_of(evolve(state, landmarks=every, stack=())) == set()
    assert "MK-STATE-5" in rules_of(evolve(state, landmarks=every, stack=(), current=1))


@pytest.mark.rules("MK-STATE-6")
def test_the_pending_stack_has_a_shape_the_engine_makes() -> None:
    start = at_roll(coins=[3, 3])
    settled = roll(start, 5)
    tower = at_roll(coins=[3, 3], landmarks=[[L.RADIO_TOWER], []])
    cases: list[tuple[GameState, tuple[object, ...], dict[str, object]]] = [
        (start, (PendingRoll(True),), {}),  # a re-roll before any roll
        (start, (PendingDice(2),), {}),  # 2 dice without a Train Station
        (start, (PendingAddTwo(),), {"rolls": ((5, 6),)}),  # +2 without a Harbor
        (start, (PendingBuild(),), {}),  # construction before the roll
        (start, (PendingDraw(),), {}),  # the base marketplace never draws
        (start, (PendingEndTurn(False),), {}),  # never waits on top
        (settled, (PendingBuild(), PendingTunaRoll()), {}),  # no Tuna Boat on 5
        (settled, (PendingBuild(), PendingOpponent()), {}),  # no TV Station
        (settled, (PendingBuild(), PendingTrade()), {}),  # no Business Center
        (settled, (PendingBuild(), PendingActivate((E.STADIUM,))), {}),
        (settled, (PendingBuild(),), {"total": 9}),  # not the dice's total
        (tower, (PendingDice(1),), {"rolls": ((3,), (4,))}),  # a third roll
        (start, ("roll",), {}),
        (start, (PendingDice(3),), {}),
        (start, [PendingRoll(False)], {}),  # type: ignore[list-item]  # a list, not a tuple
    ]
    for base, stack, changes in cases:
        broken = evolve(base, stack=stack, **changes)
        assert "MK-STATE-6" in rules_of(broken), (stack, changes)
    # A draw needs a card to draw and a market to fill.
    game = machikoro.new_game(2, seed=6)
    draw = (PendingEndTurn(False), PendingDraw())
    assert "MK-STATE-6" in rules_of(evolve(game, stack=draw, rolls=((3,),), total=3))
    # The shapes the engine makes are valid.
    for state in (start, settled, roll(tower, 3)):
        assert machikoro.validate(state) == ()


@pytest.mark.rules("MK-STATE-1", "MK-STATE-2")
def test_the_builder_refuses_names_that_do_not_exist_and_invalid_positions() -> None:
    kws: list[dict[str, object]] = [
        {"establishments": [{"castle": 1}, {}]},
        {"establishments": [{"cafe": -1}, {}]},
        {"establishments": [{"cafe": "1"}, {}]},
        {"landmarks": [["moon-tower"], []]},
        {"establishments": [{}]},
        {"rolls": [5]},
    ]
    for kw in kws:
        with pytest.raises(machikoro.InvalidStateError):
            machikoro.position(coins=[0, 0], options=ALL_PILES, **kw)  # type: ignore[arg-type]
    with pytest.raises(machikoro.InvalidStateError):
        machikoro.position(coins=[0])
    with pytest.raises(machikoro.InvalidStateError):
        machikoro.position(coins=[0, -3], options=ALL_PILES)
    made = machikoro.position(coins=[1, 2], establishments=[{0: 2}, {E.CAFE: 1}],
                              landmarks=[[1], ["train-station"]], options=ALL_PILES)  # fmt: skip
    assert made.establishments[0][E.WHEAT_FIELD] == 2
    assert made.landmarks[0][L.HARBOR] and made.landmarks[1][L.TRAIN_STATION]
