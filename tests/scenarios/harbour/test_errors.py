"""Illegal moves are refused with the rule that forbids them; applying a move is pure."""

from __future__ import annotations

import copy

import pytest

import harbour
from harbour.goods import Good, Goods
from harbour.state import BoardSite, CardSite, GameState
from tests.support.harbour import card, play, position

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE


def go(key: str) -> harbour.MovePawn:
    return harbour.MovePawn(CardSite(card(key)))


def assert_refused(state: GameState, move: harbour.Move, rule_id: str) -> None:
    """The move is refused naming ``rule_id``, and the state is left as it was."""
    snapshot = copy.deepcopy(state)
    assert move not in harbour.legal_moves(state)
    assert not harbour.can_apply(state, move)
    with pytest.raises(harbour.IllegalMoveError) as err:
        harbour.apply_move(state, move)
    assert err.value.rule_id == rule_id, err.value.reason
    assert isinstance(err.value, ValueError) and isinstance(err.value, harbour.HarbourError)
    assert err.value.reason and rule_id in str(err.value)
    with pytest.raises(harbour.IllegalMoveError):
        harbour.verify_move(state, move)
    assert state == snapshot


def buying(goods: Goods, display: list[str], owned: list[str] | None = None) -> GameState:
    """Player 1 chose to buy at their starting building; fish $2, livestock $3, wood $4, stone $5."""
    state = position(
        goods=[goods, Goods()], market=(F, L, W, S), display=display, owned=[owned or [], []]
    )
    return play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))


# --------------------------------------------------------------------------- refusals


@pytest.mark.rules("TURN-2")
def test_staying_is_refused_with_turn_2() -> None:
    state = position(
        goods=[Goods(fish=1), Goods()],
        display=["net-loft"],
        pawns=[CardSite(card("net-loft")), None],
    )
    assert_refused(state, go("net-loft"), "TURN-2")


@pytest.mark.rules("TURN-1")
def test_an_occupied_building_is_refused_with_turn_1() -> None:
    state = position(
        goods=[Goods(fish=1), Goods()],
        display=["net-loft", "smokehouse"],
        pawns=[None, CardSite(card("smokehouse"))],
    )
    assert_refused(state, go("smokehouse"), "TURN-1")


@pytest.mark.rules("TURN-3")
def test_a_deck_card_is_refused_with_turn_3() -> None:
    state = position(goods=[Goods(fish=1), Goods()], display=["net-loft"], deck=["smokehouse"])
    assert_refused(state, go("smokehouse"), "TURN-3")
    with pytest.raises(harbour.InvalidMoveError):  # no such player: not a move of this game
        harbour.apply_move(state, harbour.MovePawn(BoardSite(2)))
    with pytest.raises(harbour.InvalidMoveError, match="not a move: 'go smokehouse'"):
        harbour.apply_move(state, "go smokehouse")  # type: ignore[arg-type]


@pytest.mark.rules("BUY-2")
def test_too_few_goods_to_ship_are_refused_with_buy_2() -> None:
    # Wood is on the $4 square; 3 wood are too few.
    state = buying(Goods(wood=3, stone=5), ["net-loft"])
    assert_refused(state, harbour.Ship((W,)), "BUY-2")
    assert_refused(state, harbour.Ship((W, S)), "BUY-2")


@pytest.mark.rules("BUY-6")
def test_a_building_dearer_than_the_shipment_is_refused_with_buy_6() -> None:
    state = buying(Goods(livestock=3), ["net-loft", "chandlery"])
    state = harbour.apply_move(state, harbour.Ship((L,)))
    assert_refused(state, harbour.Purchase((card("chandlery"),)), "BUY-6")


@pytest.mark.rules("BUY-7")
def test_a_building_without_price_is_refused_with_buy_7() -> None:
    state = buying(Goods(stone=5), ["town-pump", "net-loft"])
    state = harbour.apply_move(state, harbour.Ship((S,)))
    assert_refused(state, harbour.Purchase((card("town-pump"),)), "BUY-7")


@pytest.mark.rules("BUY-5")
def test_too_many_or_absent_buildings_are_refused_with_buy_5() -> None:
    state = buying(Goods(wood=4, stone=5), ["net-loft", "gossip-tavern"])
    state = harbour.apply_move(state, harbour.Ship((W, S)))
    assert_refused(state, harbour.Purchase((card("net-loft"), card("gossip-tavern"))), "BUY-5")
    assert_refused(state, harbour.Purchase((card("admiralty"),)), "BUY-5")


@pytest.mark.rules("BUY-1")
def test_shipping_for_nothing_is_refused_with_buy_1() -> None:
    state = buying(Goods(fish=2, stone=5), ["chandlery"])
    assert_refused(state, harbour.Ship((F,)), "BUY-1")


@pytest.mark.rules("SYM-3")
def test_keeping_more_than_the_warehouses_allow_is_refused_with_sym_3() -> None:
    state = buying(Goods(stone=5), ["net-loft"], owned=["smokehouse"])
    assert_refused(state, harbour.Ship((S,), Goods(stone=2)), "SYM-3")


@pytest.mark.rules("TOLL-1")
def test_paying_a_toll_with_a_good_not_held_is_refused_with_toll_1() -> None:
    state = position(goods=[Goods(stone=1), Goods()], owned=[[], ["smokehouse"]])
    state = harbour.apply_move(state, go("smokehouse"))
    assert_refused(state, harbour.PayToll(F), "TOLL-1")
    # After the action the gained fish can pay, the missing wood still cannot.
    state = harbour.apply_move(state, harbour.DeferToll())
    assert_refused(state, harbour.PayToll(W), "TOLL-1")
    assert harbour.can_apply(state, harbour.PayToll(F))


@pytest.mark.rules("TOLL-5")
def test_an_unpayable_toll_is_refused_with_toll_5() -> None:
    state = position(goods=[Goods(), Goods()], owned=[[], ["counting-house"]])
    assert_refused(state, go("counting-house"), "TOLL-5")


@pytest.mark.rules("SETUP-4")
@pytest.mark.parametrize("goods", [Goods(), Goods(fish=2), Goods(stone=4), Goods(1, 1, 1, 1)])
def test_a_wrong_starting_goods_count_is_refused_with_setup_4(goods: Goods) -> None:
    assert_refused(harbour.new_game(2, seed=1), harbour.ChooseStartingGoods(goods), "SETUP-4")


@pytest.mark.rules("END-2")
def test_a_move_after_the_game_ended_is_refused_with_end_2() -> None:
    state = position(goods=[Goods(fish=1), Goods()], display=["net-loft"], stack=())
    assert harbour.legal_moves(state) == ()
    assert_refused(state, go("net-loft"), "END-2")
    assert_refused(state, harbour.ChooseStartingGoods(Goods(fish=3)), "END-2")


@pytest.mark.rules("TURN-6")
def test_a_move_of_the_wrong_type_is_refused_with_turn_6() -> None:
    state = position(goods=[Goods(fish=3), Goods()], display=["gossip-tavern"])
    assert_refused(state, harbour.TakeGoods(Goods(fish=2)), "TURN-6")
    state = harbour.apply_move(state, go("gossip-tavern"))
    assert_refused(state, harbour.ChoosePart(0), "TURN-6")
    assert_refused(state, go("gossip-tavern"), "TURN-6")
    assert_refused(
        harbour.new_game(2, seed=1), harbour.MovePawn(BoardSite(0)), "TURN-6"
    )  # setup first


@pytest.mark.rules("ACT-2", "ACT-6", "ACT-7", "ACT-8")
def test_malformed_choices_name_their_action_rule() -> None:
    crier = position(goods=[Goods(), Goods()], display=["harbour-crier"])
    crier = harbour.apply_move(crier, go("harbour-crier"))
    assert_refused(crier, harbour.ChooseOption(0), "TURN-6")
    crier = harbour.apply_move(crier, harbour.ChoosePart(0))
    assert_refused(crier, harbour.TakeGoods(Goods(fish=1)), "TURN-6")
    crier = harbour.apply_move(crier, harbour.SwapSquares(0, 3))
    assert_refused(crier, harbour.TakeGoods(Goods(fish=2)), "ACT-2")
    board = position(goods=[Goods(), Goods()])
    board = harbour.apply_move(board, harbour.MovePawn(BoardSite(0)))
    assert_refused(board, harbour.ChooseOption(2), "ACT-8")
    # Values that are no choice at all are not moves (INPUT-1).
    for make in (
        lambda: harbour.ChoosePart(2),
        lambda: harbour.SwapSquares(3, 0),
        lambda: harbour.ChooseOption(-1),
    ):
        with pytest.raises(harbour.InvalidMoveError):
            make()


@pytest.mark.rules("GOODS-1", "ACT-5")
def test_overspending_is_refused_with_goods_1() -> None:
    state = position(goods=[Goods(fish=2, wood=1), Goods()], display=["money-changer"])
    state = harbour.apply_move(state, go("money-changer"))
    assert_refused(state, harbour.ExchangeGoods(W, (S,)), "GOODS-1")
    assert_refused(state, harbour.ExchangeGoods(F, (F,)), "ACT-5")


# --------------------------------------------------------------------------- purity


def snapshot_apply(state: GameState, move: harbour.Move) -> GameState:
    before = copy.deepcopy(state)
    digest = hash(state)
    after = harbour.apply_move(state, move)
    assert state == before and hash(state) == digest
    assert after is not state
    return after


@pytest.mark.rules("TURN-6", "SETUP-7", "END-2")
def test_apply_move_never_changes_its_input_over_a_whole_game() -> None:
    state = harbour.new_game(3, seed=2014)
    for step in range(400):
        moves = harbour.legal_moves(state)
        if not moves:
            break
        # A fixed, varied policy: the largest purchase, else a move chosen by the step.
        buys = [m for m in moves if isinstance(m, harbour.Purchase) and m.cards]
        ships = [m for m in moves if isinstance(m, harbour.Ship) and m.goods]
        move = buys[-1] if buys else ships[-1] if ships else moves[(step * 7) % len(moves)]
        state = snapshot_apply(state, move)
    assert harbour.is_over(state)
    assert sum(len(p.buildings) for p in state.players) >= 4


@pytest.mark.rules("TOLL-2", "TOLL-3")
def test_apply_move_never_changes_its_input_through_tolls_and_purchases() -> None:
    state = position(
        goods=[Goods(fish=3, livestock=3), Goods(stone=6)],
        market=(F, L, W, S),
        display=["net-loft", "quarry-steps"],
        owned=[[], ["dockhands-hall"]],
        deck=["admiralty", "smokehouse"],
    )
    for move in (
        go("dockhands-hall"),
        harbour.DeferToll(),
        harbour.ChoosePart(0),
        harbour.Ship((L,)),
        harbour.Purchase((card("net-loft"),)),
        harbour.PayToll(W),
    ):
        state = snapshot_apply(state, move)
    assert state.players[0].goods == Goods(fish=3)
    assert state.players[1].goods == Goods(wood=1, stone=6)
    assert state.players[0].buildings == (card("net-loft"),)
    assert state.display == (card("admiralty"), card("quarry-steps"))
