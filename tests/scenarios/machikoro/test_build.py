"""Construction, City Hall, the Airport, the Amusement Park's extra turns and winning."""

from __future__ import annotations

import pytest

import machikoro
from machikoro import (
    BuildEstablishment,
    BuildLandmark,
    BuildNothing,
    Dice,
    KeepRoll,
    RollDice,
    RulesOptions,
)
from machikoro.events import CoinsEarned, EstablishmentBuilt, GameEnded, LandmarkBuilt, TurnBegan
from machikoro.state import PendingBuild, PendingRoll
from tests.support.machikoro import ALL_PILES, E, L, at_roll, events_of, play, refused, roll

ALL_BUT_AIRPORT = [L.HARBOR, L.TRAIN_STATION, L.SHOPPING_MALL, L.AMUSEMENT_PARK, L.RADIO_TOWER]


def at_build(coins: list[int], **kw: object) -> machikoro.GameState:
    """Player 1 at the construction phase after a roll of 5 (which nothing here activates)."""
    state = roll(at_roll(coins=coins, **kw), 5)  # type: ignore[arg-type]
    if state.stack[-1] == PendingRoll(True):  # a Radio Tower: keep the 5
        state = play(state, KeepRoll())
    return state


@pytest.mark.rules("MK-BUILD-1", "MK-LANDMARK-3", "MK-LANDMARK-4", "MK-LANDMARK-5",
                   "MK-LANDMARK-6", "MK-LANDMARK-2", "MK-LANDMARK-7")  # fmt: skip
def test_build_one_affordable_establishment_or_landmark_or_nothing() -> None:
    state = at_build([4, 0])
    moves = machikoro.legal_moves(state)
    assert BuildNothing() in moves
    assert BuildLandmark(L.TRAIN_STATION) in moves and BuildLandmark(L.HARBOR) in moves
    assert BuildLandmark(L.SHOPPING_MALL) not in moves  # costs 10
    assert BuildEstablishment(E.CHEESE_FACTORY) not in moves  # costs 5
    assert BuildEstablishment(E.FOREST) in moves
    assert {m for m in moves if isinstance(m, BuildEstablishment)} == {
        BuildEstablishment(k) for k in E if state.market[k] and
        machikoro.cards.card_set().establishment(k).cost <= 4
    }  # fmt: skip
    after, events = events_of(state, BuildEstablishment(E.FOREST))
    assert after.coins == (1, 0) and after.establishments[0][E.FOREST] == 1
    assert after.market[E.FOREST] == state.market[E.FOREST] - 1
    assert isinstance(events[0], EstablishmentBuilt) and events[0].cost == 3
    assert after.current == 1  # one build per turn, then the next player
    assert refused(state, BuildLandmark(L.SHOPPING_MALL)) == "MK-BUILD-1"
    assert refused(state, BuildEstablishment(E.MINE)) == "MK-BUILD-1"
    # The landmarks' costs: Harbor 2, Train Station 4, Mall 10, Park 16, Tower 22, Airport 30.
    rich = at_build([30, 0])
    costs = {}
    for lm in (L.HARBOR, L.TRAIN_STATION, L.SHOPPING_MALL, L.AMUSEMENT_PARK, L.RADIO_TOWER,
               L.AIRPORT):  # fmt: skip
        costs[lm] = 30 - play(rich, BuildLandmark(lm)).coins[0]
    assert list(costs.values()) == [2, 4, 10, 16, 22, 30]


@pytest.mark.rules("MK-BUILD-1")
def test_only_what_the_market_shows_and_a_landmark_not_yet_built() -> None:
    harbor_market = machikoro.new_game(2, seed=3)
    state = play(harbor_market, RollDice(1), Dice((5,)))
    absent = next(k for k in E if not state.market[k])
    assert refused(state, BuildEstablishment(absent)) == "MK-BUILD-1"
    built = at_build([9, 0], landmarks=[[L.TRAIN_STATION], []])
    assert refused(built, BuildLandmark(L.TRAIN_STATION)) == "MK-BUILD-1"
    assert refused(built, BuildLandmark(L.CITY_HALL)) == "MKH-CITYHALL-1"


@pytest.mark.rules("MK-COMP-1")
def test_the_base_game_has_no_harbor_landmarks() -> None:
    base = RulesOptions(expansion=False)
    state = at_build([40, 0], options=base)
    assert refused(state, BuildLandmark(L.HARBOR)) == "MK-COMP-1"
    assert refused(state, BuildLandmark(L.AIRPORT)) == "MK-COMP-1"
    assert {m.landmark for m in machikoro.legal_moves(state) if isinstance(m, BuildLandmark)} == {
        L.TRAIN_STATION,
        L.SHOPPING_MALL,
        L.AMUSEMENT_PARK,
        L.RADIO_TOWER,
    }


@pytest.mark.rules("MK-BUILD-2", "MKH-MAJOR-1", "MK-STATE-3")
def test_one_copy_of_each_major_but_several_different_majors() -> None:
    state = at_build([20, 0], cities=[{E.STADIUM: 1}, {}])
    assert BuildEstablishment(E.STADIUM) not in machikoro.legal_moves(state)
    assert refused(state, BuildEstablishment(E.STADIUM)) == "MK-BUILD-2"
    after = play(state, BuildEstablishment(E.TV_STATION))
    assert after.establishments[0][E.STADIUM] == after.establishments[0][E.TV_STATION] == 1
    with pytest.raises(machikoro.InvalidStateError) as err:
        at_roll(coins=[0, 0], cities=[{E.STADIUM: 2}, {}])
    assert "MK-STATE-3" in {v.rule_id for v in err.value.violations}


@pytest.mark.rules("MKH-CITYHALL-2", "MK-INT-13", "MK-LANDMARK-1")
def test_city_hall_gives_1_coin_precisely_before_building_to_a_player_with_none() -> None:
    state = at_roll(coins=[1, 0], cities=[{}, {E.CAFE: 1}])
    after, events = events_of(state, RollDice(1), Dice((3,)))  # the Cafe takes the last coin
    assert after.coins == (1, 1) and after.stack == (PendingBuild(),)
    assert [e.card for e in events if isinstance(e, CoinsEarned)] == ["city-hall"]
    # The coin may be spent at once (a Wheat Field costs 1) or kept.
    assert BuildEstablishment(E.WHEAT_FIELD) in machikoro.legal_moves(after)
    assert play(after, BuildNothing()).coins == (1, 1)
    # Not with a coin left, and not without the expansion.
    assert roll(at_roll(coins=[2, 0], cities=[{}, {E.CAFE: 1}]), 3).coins == (1, 1)
    base = RulesOptions(expansion=False)
    assert roll(at_roll(coins=[1, 0], cities=[{}, {E.CAFE: 1}], options=base), 3).coins == (0, 1)


@pytest.mark.rules("MK-LANDMARK-7", "MK-INT-14")
def test_the_airport_pays_10_when_nothing_is_built() -> None:
    state = at_build([0, 0], landmarks=[[L.AIRPORT], []])
    assert state.coins == (1, 0)  # City Hall first
    after, events = events_of(state, BuildNothing())
    assert after.coins == (11, 0)
    assert [e.card for e in events if isinstance(e, CoinsEarned)] == ["airport"]
    assert play(state, BuildEstablishment(E.WHEAT_FIELD)).coins == (0, 0)


@pytest.mark.rules("MK-WIN-1", "MKH-LANDMARK-1", "MK-WIN-2")
def test_the_game_ends_when_the_sixth_landmark_is_completed() -> None:
    state = at_build([40, 5], landmarks=[ALL_BUT_AIRPORT, []])
    assert not machikoro.is_over(state)
    after, events = events_of(state, BuildLandmark(L.AIRPORT))
    assert machikoro.is_over(after) and machikoro.legal_moves(after) == ()
    assert isinstance(events[-1], GameEnded) and events[-1].winner == 0
    assert isinstance(events[-2], LandmarkBuilt)
    assert machikoro.returns(after) == (1.0, -1.0)
    result = machikoro.outcome(after)
    assert result.winners == (0,) and result.points == (6, 0) and result.ranking == (0, 1)
    assert refused(after, BuildNothing()) == "MK-WIN-1"
    with pytest.raises(machikoro.GameNotOverError):
        machikoro.outcome(state)
    assert machikoro.returns(state) == (0.0, 0.0)


@pytest.mark.rules("MK-WIN-1", "MK-WIN-2")
def test_the_base_game_ends_at_the_fourth_landmark_and_ranks_the_others() -> None:
    base = RulesOptions(expansion=False)
    lm = [[L.TRAIN_STATION, L.SHOPPING_MALL, L.AMUSEMENT_PARK], [L.TRAIN_STATION], [], []]
    state = roll(at_roll(coins=[25, 1, 9, 3], landmarks=lm, current=0, options=base), 5)
    after = play(state, BuildLandmark(L.RADIO_TOWER))
    result = machikoro.outcome(after)
    assert result.winners == (0,) and result.points == (4, 1, 0, 0)
    assert result.ranking == (0, 1, 2, 3)  # then landmarks, coins, seat
    assert machikoro.returns(after) == (1.0, -1 / 3, -1 / 3, -1 / 3)


@pytest.mark.rules("MKH-LANDMARK-2", "MK-LANDMARK-3")
def test_a_landmark_s_benefit_begins_when_it_is_completed() -> None:
    state = at_build([4, 0])
    after = play(state, BuildLandmark(L.TRAIN_STATION))
    assert after.current == 1
    # Player 2's turn, then Player 1's: now two dice may be rolled.
    after = play(roll(after, 5), BuildNothing())
    assert machikoro.legal_moves(after) == (RollDice(1), RollDice(2))


@pytest.mark.rules("MK-TURN-2", "MK-LANDMARK-5")
def test_the_amusement_park_gives_a_whole_turn_on_doubles() -> None:
    state = at_roll(coins=[0, 0], landmarks=[[L.TRAIN_STATION, L.AMUSEMENT_PARK], []])
    after, events = events_of(state, RollDice(2), Dice((3, 3)), BuildNothing())
    began = [e for e in events if isinstance(e, TurnBegan)]
    assert began[-1].player == 0 and began[-1].extra and began[-1].rule_id == "MK-TURN-2"
    assert after.current == 0 and after.turn == 2 and after.extra_turn
    assert after.stack == (PendingRoll(False),) and after.rolls == () and after.total == 0


@pytest.mark.rules("MK-INT-5")
def test_the_amusement_park_counts_the_final_roll_unless_any_roll() -> None:
    lm = [[L.TRAIN_STATION, L.AMUSEMENT_PARK, L.RADIO_TOWER], []]
    doubles_then_not: list[machikoro.Move] = [
        RollDice(2),
        Dice((2, 2)),
        RollDice(2),
        Dice((1, 3)),
        BuildNothing(),
    ]
    assert play(at_roll(coins=[0, 0], landmarks=lm), *doubles_then_not).current == 1
    anyroll = RulesOptions(market="all-piles", amusement_park_roll="any")
    assert play(at_roll(coins=[0, 0], landmarks=lm, options=anyroll),
                *doubles_then_not).current == 0  # fmt: skip
    not_then_doubles: list[machikoro.Move] = [
        RollDice(2),
        Dice((1, 3)),
        RollDice(2),
        Dice((2, 2)),
        BuildNothing(),
    ]
    assert play(at_roll(coins=[0, 0], landmarks=lm), *not_then_doubles).current == 0
    kept: list[machikoro.Move] = [RollDice(2), Dice((4, 4)), KeepRoll(), BuildNothing()]
    assert play(at_roll(coins=[0, 0], landmarks=lm), *kept).current == 0


@pytest.mark.rules("MK-INT-6", "MKH-LANDMARK-2")
def test_an_amusement_park_built_on_the_doubles_turn_gives_no_extra_turn_by_default() -> None:
    lm = [[L.TRAIN_STATION], []]
    moves: list[machikoro.Move] = [RollDice(2), Dice((4, 4)), BuildLandmark(L.AMUSEMENT_PARK)]
    assert play(at_roll(coins=[16, 0], landmarks=lm), *moves).current == 1
    same = RulesOptions(market="all-piles", amusement_park_built="same-turn")
    assert play(at_roll(coins=[16, 0], landmarks=lm, options=same), *moves).current == 0


@pytest.mark.rules("MK-INT-7", "MK-TURN-2")
def test_extra_turns_chain_unless_one_at_a_time() -> None:
    lm = [[L.TRAIN_STATION, L.AMUSEMENT_PARK], []]
    turn: list[machikoro.Move] = [RollDice(2), Dice((5, 5)), BuildNothing()]
    chained = play(at_roll(coins=[0, 0], landmarks=lm), *turn, *turn)
    assert chained.current == 0 and chained.turn == 3
    one = RulesOptions(market="all-piles", extra_turns="one")
    limited = play(at_roll(coins=[0, 0], landmarks=lm, options=one), *turn, *turn)
    assert limited.current == 1 and not limited.extra_turn
    assert ALL_PILES.extra_turns is machikoro.ExtraTurns.UNLIMITED
