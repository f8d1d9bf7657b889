"""Every ability's amount counts: the same hooks with amounts other than the published 1."""

from __future__ import annotations

import attrs
import pytest

import harbour
from harbour.cards.abilities import (
    CollectWhenShipped,
    ExtraGain,
    FreeBuildingAtSetup,
    GainOnPurchase,
    GainWhenOthersUseStart,
    ShareOccupiedBuildings,
    ShippingBonus,
    ShippingKeepsOneEach,
)
from harbour.cards.original import ORIGINAL_SET
from harbour.goods import Good, Goods
from harbour.state import BoardSite, CardSite, PendingFreeBuilding, PendingGift
from tests.support.harbour import card, character, play, position

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE

BOARDS = (
    character("big-fisher", ExtraGain(F, 2)),
    character("big-keeper", ShippingKeepsOneEach(2)),
    character("big-clock", ShippingBonus(square=0, amount=3)),
    character("big-mason", CollectWhenShipped(S, 2), S),
    character("big-investor", GainOnPurchase(2)),
    character("big-beggar", GainWhenOthersUseStart(2)),
    character("big-noble", FreeBuildingAtSetup(3)),
    character("big-diplomat", ShareOccupiedBuildings(2), L),
    character("plain", None),
)
CARDS = attrs.evolve(ORIGINAL_SET, name="amounts", original=False, characters=BOARDS)
DISPLAY = ["net-loft", "smokehouse", "chandlery", "salt-pans", "gossip-tavern"]


def at(boards: list[str | None], goods: list[Goods], **kwargs: object) -> harbour.GameState:
    return position(
        goods=goods,
        display=kwargs.pop("display", DISPLAY),  # type: ignore[arg-type]
        boards=boards,
        cards=CARDS,
        options=harbour.RulesOptions(characters=True),
        **kwargs,  # type: ignore[arg-type]
    )


def buying(board: str, goods: Goods, **kwargs: object) -> harbour.GameState:
    state = at([board, "plain"], [goods, Goods()], **kwargs)
    return play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))


@pytest.mark.rules("ABIL-1")
def test_an_extra_gain_of_two() -> None:
    state = at(["big-fisher", "plain"], [Goods(), Goods()])
    state = harbour.apply_move(state, harbour.MovePawn(CardSite(card("net-loft"))))
    assert state.players[0].goods == Goods(fish=4)  # 2 + 2 more


@pytest.mark.rules("ABIL-3", "BUY-3")
def test_keeping_two_of_each_good_shipped() -> None:
    state = buying("big-keeper", Goods(fish=3, stone=5))
    state = harbour.apply_move(state, harbour.Ship((F, S)))
    assert state.players[0].goods == Goods(fish=2, stone=2)


@pytest.mark.rules("ABIL-4", "BUY-4")
def test_three_dollars_more_for_the_lowest_square() -> None:
    state = buying("big-clock", Goods(fish=2))
    state = harbour.apply_move(state, harbour.Ship((F,)))
    assert state.pending == harbour.state.PendingPurchase(5, 1, True)  # $2 + $3


@pytest.mark.rules("ABIL-5", "INT-33")
def test_collecting_two_when_stone_is_shipped() -> None:
    state = at(["plain", "big-mason"], [Goods(stone=5), Goods(stone=1)])
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))
    state = harbour.apply_move(state, harbour.Ship((S,)))
    assert state.players[1].goods == Goods(stone=3)


@pytest.mark.rules("ABIL-6", "INT-31")
def test_two_goods_for_each_building_bought() -> None:
    state = buying("big-investor", Goods(stone=5))
    state = play(state, harbour.Ship((S,)), harbour.Purchase((card("net-loft"),)))
    assert state.pending == PendingGift(0, 2, "ABIL-6")
    assert state.pending.times == 1


@pytest.mark.rules("ABIL-7")
def test_two_goods_when_another_uses_their_starting_building() -> None:
    state = at(["plain", "big-beggar"], [Goods(), Goods()])
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(0))
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(fish=1)))
    assert state.pending == PendingGift(1, 2, "ABIL-7")


@pytest.mark.rules("ABIL-8")
def test_looking_at_three_buildings() -> None:
    cards = attrs.evolve(CARDS, characters=(BOARDS[6], BOARDS[8], *BOARDS[:2]))
    state = harbour.new_game(2, seed=5, options=harbour.RulesOptions(characters=True), cards=cards)
    for _ in range(3):
        pending = state.pending
        if isinstance(pending, PendingFreeBuilding):
            break
        assert isinstance(pending, harbour.state.PendingCharacter)
        keys = [cards.characters[b].key for b in pending.offered]
        choice = (
            pending.offered[keys.index("big-noble")] if "big-noble" in keys else pending.offered[0]
        )
        state = harbour.apply_move(state, harbour.ChooseCharacter(choice))
    assert isinstance(state.pending, PendingFreeBuilding)
    assert state.pending.options == state.deck[:3]


@pytest.mark.rules("ABIL-10", "INT-30")
def test_a_gift_of_two_to_the_player_joined() -> None:
    state = at(
        ["big-diplomat", "plain"],
        [Goods(fish=1), Goods()],
        pawns=[None, CardSite(card("net-loft"))],
    )
    state = harbour.apply_move(state, harbour.MovePawn(CardSite(card("net-loft"))))
    assert state.pending == PendingGift(1, 2, "ABIL-10")


@pytest.mark.rules("ABIL-7")
def test_several_beggars_choose_in_turn_order_after_the_player() -> None:
    beggars = attrs.evolve(
        CARDS, characters=(*BOARDS, character("beggar-2", GainWhenOthersUseStart(1)))
    )
    state = position(
        goods=[Goods(), Goods(), Goods(), Goods()],
        display=[*DISPLAY, "timber-wharf", "cattle-pens"],
        boards=["plain", "big-beggar", "big-fisher", "beggar-2"],
        cards=beggars,
        options=harbour.RulesOptions(characters=True),
        current=2,
    )
    state = play(state, harbour.MovePawn(BoardSite(2)), harbour.ChooseOption(0))
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(fish=1)))
    # Player 3 gained at their own starting building: Player 4, then Player 2, choose.
    assert state.stack[-2:] == (PendingGift(1, 2, "ABIL-7"), PendingGift(3, 1, "ABIL-7"))
    assert harbour.current_player(state) == 3


@pytest.mark.rules("CHAR-2", "STATE-2")
def test_each_board_choice_passes_to_the_next_seat() -> None:
    state = harbour.new_game(3, seed=4, options=harbour.RulesOptions(characters=True))
    seats = []
    while isinstance(state.pending, harbour.state.PendingCharacter | PendingFreeBuilding):
        seats.append(state.current)
        assert state.current == state.pending.player == harbour.current_player(state)
        assert harbour.validate(state) == ()
        state = harbour.apply_move(state, harbour.legal_moves(state)[0])
    assert seats[0] == 0 and seats[-1] == 2 and state.current == 0
