"""The last round, the end of the game, scoring and tie-breakers."""

from __future__ import annotations

import random

import pytest

import harbour
from harbour.goods import Good, Goods
from harbour.state import BoardSite, CardSite, GameState, PendingMove
from tests.support.harbour import card, play, position, with_options

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE


def go(key: str) -> harbour.MovePawn:
    return harbour.MovePawn(CardSite(card(key)))


def fourth_purchase(options: harbour.RulesOptions | None = None) -> GameState:
    """Three players; Player 1 (seat 0) has just bought their 4th building.

    Player 2 owns three buildings and can buy a 4th in the last round; Player 3 can take
    fixed gains.
    """
    state = position(
        goods=[Goods(livestock=3), Goods(stone=5), Goods()],
        market=(F, L, W, S),
        display=["smokehouse", "herring-boats", "drovers-road", "salt-pans"],
        owned=[
            ["net-loft", "quarry-steps", "timber-wharf"],
            ["cattle-pens", "chandlery", "kiln-works"],
            [],
        ],
        deck=["admiralty", "gull-rock-chapel", "guild-of-factors"],
        options=options,
    )
    state = play(
        state,
        harbour.MovePawn(BoardSite(0)),
        harbour.ChooseOption(1),
        harbour.Ship((L,)),
        harbour.Purchase((card("smokehouse"),)),
    )
    assert len(state.players[0].buildings) == 4
    return state


@pytest.mark.rules("END-1", "END-2", "INT-1", "INT-21")
def test_after_a_4th_building_every_other_player_takes_one_last_turn() -> None:
    state = fourth_purchase()
    assert state.current == 1 and not harbour.is_over(state)
    # Player 2 buys their own 4th building during the last round: no new last round.
    state = play(
        state,
        harbour.MovePawn(BoardSite(1)),
        harbour.ChooseOption(1),
        harbour.Ship((S,)),
        harbour.Purchase((card("salt-pans"),)),
    )
    assert len(state.players[1].buildings) == 4
    assert state.current == 2 and not harbour.is_over(state)
    state = harbour.apply_move(state, go("drovers-road"))
    # Player 3's turn was the last: Player 1 does not move again.
    assert harbour.is_over(state)
    assert harbour.legal_moves(state) == ()
    assert state.players[2].goods == Goods(livestock=2, stone=1)


@pytest.mark.rules("END-1")
def test_three_buildings_do_not_start_the_last_round() -> None:
    state = position(
        goods=[Goods(livestock=3), Goods()],
        market=(F, L, W, S),
        display=["smokehouse", "herring-boats"],
        owned=[["net-loft", "quarry-steps"], []],
    )
    state = play(
        state,
        harbour.MovePawn(BoardSite(0)),
        harbour.ChooseOption(1),
        harbour.Ship((L,)),
        harbour.Purchase((card("smokehouse"),)),
    )
    assert state.last_round_turns is None
    state = play(state, go("herring-boats"))
    assert state.current == 0 and isinstance(state.pending, PendingMove)


@pytest.mark.rules("END-1", "INT-1")
def test_two_players_the_other_player_takes_one_turn_then_the_game_ends() -> None:
    state = position(
        goods=[Goods(livestock=3), Goods()],
        market=(F, L, W, S),
        display=["smokehouse", "herring-boats"],
        owned=[["net-loft", "quarry-steps", "timber-wharf"], []],
        deck=["admiralty"],
    )
    state = play(
        state,
        harbour.MovePawn(BoardSite(0)),
        harbour.ChooseOption(1),
        harbour.Ship((L,)),
        harbour.Purchase((card("smokehouse"),)),
    )
    assert state.current == 1 and not harbour.is_over(state)
    state = harbour.apply_move(state, go("herring-boats"))
    assert harbour.is_over(state)


@pytest.mark.rules("INT-1", "END-1", "END-2")
def test_all_players_reading_gives_the_trigger_player_a_last_turn_too() -> None:
    state = fourth_purchase(harbour.RulesOptions(last_round=harbour.LastRound.ALL_PLAYERS))
    state = play(state, go("herring-boats"), go("drovers-road"))
    assert not harbour.is_over(state)
    assert state.current == 0 and isinstance(state.pending, PendingMove)
    state = harbour.apply_move(state, go("salt-pans"))
    assert harbour.is_over(state)
    assert state.players[0].goods == Goods(fish=1, stone=1)


@pytest.mark.rules("END-2")
def test_no_move_is_legal_after_the_game_ended() -> None:
    state = fourth_purchase()
    state = play(state, go("herring-boats"), go("drovers-road"))
    assert harbour.is_over(state) and state.is_over
    assert harbour.legal_moves(state) == ()
    for move in (go("salt-pans"), harbour.MovePawn(BoardSite(0)), harbour.Purchase(())):
        with pytest.raises(harbour.IllegalMoveError) as err:
            harbour.apply_move(state, move)
        assert err.value.rule_id == "END-2"
        assert not harbour.can_apply(state, move)


@pytest.mark.rules("END-2", "END-3")
def test_the_outcome_exists_only_once_the_game_is_over() -> None:
    state = fourth_purchase()
    with pytest.raises(harbour.GameNotOverError):
        harbour.outcome(state)
    state = play(state, go("herring-boats"), go("drovers-road"))
    result = harbour.outcome(state)
    # Net Loft 1 + Quarry Steps 2 + Timber Wharf 2 + Smokehouse 1 = 6;
    # Cattle Pens 2 + Chandlery 2 + Kiln Works 4 = 8; nothing = 0.
    assert result.points == (6, 8, 0)
    assert result.winners == (1,)


@pytest.mark.rules("END-3", "INT-22")
def test_the_score_is_the_sum_of_the_owned_buildings_points() -> None:
    state = position(
        goods=[Goods(), Goods(), Goods(fish=6)],
        owned=[["net-loft", "admiralty"], ["herring-boats", "stonecutters-yard"], []],
        stack=(),
    )
    # Net Loft 1 + Admiralty 9; Herring Boats 4 + Stonecutters' Yard 3; starting buildings 0.
    assert [harbour.victory_points(state, p) for p in range(3)] == [10, 7, 0]
    result = harbour.outcome(state)
    assert result.points == (10, 7, 0)
    assert result.ranking == (0, 1, 2)
    assert result.places == (1, 2, 3)
    assert result.winners == (0,)


def finished(goods: list[Goods], owned: list[list[str]], **options: object) -> harbour.Outcome:
    state = position(goods=goods, owned=owned, stack=())
    if options:
        state = with_options(state, **options)
    return harbour.outcome(state)


@pytest.mark.rules("END-4", "INT-2")
@pytest.mark.parametrize("tie_break", list(harbour.TieBreak))
def test_a_tie_on_points_goes_to_the_most_buildings(tie_break: harbour.TieBreak) -> None:
    # 2 VP each: Quarry Steps (one building) against Net Loft + Smokehouse (two).
    result = finished(
        [Goods(fish=6, stone=6), Goods()],
        [["quarry-steps"], ["net-loft", "smokehouse"]],
        tie_break=tie_break,
    )
    assert result.points == (2, 2)
    assert result.buildings == (1, 2)
    assert result.winners == (1,)
    assert result.ranking == (1, 0)
    assert result.places == (2, 1)


@pytest.mark.rules("END-4", "END-5", "INT-2")
def test_then_the_most_goods_and_with_buildings_only_the_victory_is_shared() -> None:
    # 2 VP and one building each; 5 goods against 3; Player 3 is behind on points.
    goods = [Goods(fish=2, stone=3), Goods(wood=3), Goods(fish=6)]
    owned = [["timber-wharf"], ["cattle-pens"], ["net-loft"]]
    default = finished(goods, owned)
    assert default.goods == (5, 3, 6)
    assert default.winners == (0,)
    assert default.ranking == (0, 1, 2)
    assert default.places == (1, 2, 3)
    only = finished(goods, owned, tie_break=harbour.TieBreak.BUILDINGS_ONLY)
    assert only.winners == (0, 1)
    assert only.places == (1, 1, 3)
    assert only.ranking == (0, 1, 2)


@pytest.mark.rules("END-5", "END-4")
def test_players_still_tied_share_the_victory() -> None:
    result = finished(
        [Goods(fish=1, wood=1), Goods(stone=2), Goods(stone=2)],
        [["timber-wharf"], ["net-loft", "smokehouse"], ["quarry-steps", "tannery"]],
    )
    # Player 3: 2 + 4 = 6 VP wins alone; Players 1 and 2 have 2 VP.
    assert result.winners == (2,)
    result = finished(
        [Goods(fish=1, wood=1), Goods(stone=2), Goods(fish=3)],
        [["cattle-pens"], ["timber-wharf"], ["net-loft"]],
    )
    # Players 1 and 2: 2 VP, one building, 2 goods each: both win.
    assert result.winners == (0, 1)
    assert result.places == (1, 1, 3)


@pytest.mark.rules("SPIEL-3")
def test_shares_split_the_win_and_the_loss() -> None:
    assert harbour.scoring.shares((0,), 2) == (1.0, -1.0)
    assert harbour.scoring.shares((2,), 3) == (-0.5, -0.5, 1.0)
    assert harbour.scoring.shares((0, 3), 4) == (0.5, -0.5, -0.5, 0.5)
    assert harbour.scoring.shares((0, 1, 2), 4) == (1 / 3, 1 / 3, 1 / 3, -1.0)
    assert harbour.scoring.shares((0, 1, 2), 3) == (0.0, 0.0, 0.0)


@pytest.mark.rules("SPIEL-3")
def test_returns_are_zero_until_the_end_then_the_shares_of_the_winners() -> None:
    state = harbour.new_game(3, seed=12)
    assert harbour.returns(state) == (0.0, 0.0, 0.0)
    end, _ = harbour.random_playout(state, random.Random(12))
    assert end.is_over
    winners = harbour.outcome(end).winners
    assert harbour.returns(end) == harbour.scoring.shares(winners, 3)
    assert sum(harbour.returns(end)) == pytest.approx(0.0)
