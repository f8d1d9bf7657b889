"""The sentences of refusals and errors the golden files do not reach, word for word."""

from __future__ import annotations

import pytest

import harbour
from harbour.cards import Building, Exchange, Symbol
from harbour.goods import Good, Goods
from harbour.positions import replace
from harbour.state import CardSite, PendingFreeBuilding
from tests.support.harbour import card, custom_set, play, position, with_options

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE


def reason(state: harbour.GameState, move: harbour.Move) -> tuple[str, str]:
    found = harbour.explain(state, move)
    assert found is not None
    return found.rule_id, found.reason


@pytest.mark.rules("END-2")
def test_asking_for_the_outcome_too_early() -> None:
    with pytest.raises(harbour.GameNotOverError) as err:
        harbour.outcome(harbour.new_game(2, seed=1))
    assert str(err.value) == "the game is not over; outcome() needs a finished game"


@pytest.mark.rules("ACT-5")
def test_a_flexible_conversion_that_may_give_the_good_spent() -> None:
    any_good = Building("mill", "Mill", 3, 1, (Symbol.COIN,), Exchange(1, 1, other=False))
    fillers = [
        Building(f"shed-{i}", f"Shed {i}", 2, 1, (Symbol.ANCHOR,), Exchange(1, 1)) for i in range(6)
    ]
    state = position(
        goods=[Goods(fish=2), Goods()], display=["mill"], cards=custom_set([any_good, *fillers])
    )
    state = harbour.apply_move(state, harbour.MovePawn(CardSite(0)))
    assert harbour.ExchangeGoods(F, (F,)) in harbour.legal_moves(state)  # the same good too
    assert reason(state, harbour.ExchangeGoods(F, (F, L))) == (
        "ACT-5",
        "Gain 1 different good(s).",
    )
    assert reason(state, harbour.ExchangeGoods(W, (F,))) == (
        "GOODS-1",
        "Spending 1 wood would take it below 0.",
    )


@pytest.mark.rules("TOLL-5")
def test_a_toll_that_could_never_be_paid() -> None:
    state = with_options(
        position(
            goods=[Goods(stone=5), Goods()], display=["salt-pans"], owned=[[], ["counting-house"]]
        ),
        buying=harbour.BuyRule.MANDATORY,
    )
    state = harbour.apply_move(state, harbour.MovePawn(CardSite(card("counting-house"))))
    assert reason(state, harbour.DeferToll()) == (
        "TOLL-5",
        "The toll there could be paid neither before nor after the action.",
    )
    broke = position(goods=[Goods(), Goods()], owned=[[], ["kiln-works"]])  # nothing to gain
    assert reason(broke, harbour.MovePawn(CardSite(card("kiln-works")))) == (
        "TOLL-5",
        "Player 1 could pay the toll at Kiln Works neither before nor after its action.",
    )


@pytest.mark.rules("ABIL-8", "CHAR-2")
def test_the_free_building_choice() -> None:
    state = harbour.new_game(2, seed=2, options=harbour.RulesOptions(characters=True))
    heiress = next(b for b in state.pending.offered if state.cards.characters[b].key == "heiress")  # type: ignore[union-attr]
    cooper = next(i for i, c in enumerate(state.cards.characters) if c.key == "cooper")
    assert reason(state, harbour.ChooseCharacter(cooper)) == (
        "CHAR-2",
        "Keep one of the boards offered: the Tinker or the Heiress.",
    )
    state = harbour.apply_move(state, harbour.ChooseCharacter(heiress))
    pending = state.pending
    assert isinstance(pending, PendingFreeBuilding)
    shown = state.display[0]
    assert reason(state, harbour.ChooseFreeBuilding(shown)) == (
        "ABIL-8",
        "Take one of the top deck buildings: the Admiralty, the Smokehouse or the Broker's Office.",
    )
    # An ability showing a single building (look=1) names just that one.
    one = replace(
        state, stack=(*state.stack[:-1], PendingFreeBuilding(pending.player, pending.options[:1]))
    )
    assert reason(one, harbour.ChooseFreeBuilding(shown)) == (
        "ABIL-8",
        "Take one of the top deck buildings: the Admiralty.",
    )
    assert reason(state, harbour.MovePawn(CardSite(shown)))[1] == (
        "Player 1 is choosing a free building; a pawn move does not answer that."
    )


@pytest.mark.rules("INT-6", "BUY-5")
def test_mandatory_buying_of_as_many_buildings_as_can_be_afforded() -> None:
    state = with_options(
        position(
            goods=[Goods(wood=4, stone=5), Goods()],
            display=["auction-rooms", "net-loft", "smokehouse", "chandlery", "salt-pans"],
        ),
        buying=harbour.BuyRule.MANDATORY,
    )
    state = play(state, harbour.MovePawn(CardSite(card("auction-rooms"))), harbour.Ship((W, S)))
    assert reason(state, harbour.Purchase((card("net-loft"),))) == (
        "INT-6",
        "Buying is mandatory: buy as many buildings as can be afforded.",
    )


@pytest.mark.rules("TOLL-5", "INT-6", "ACT-7")
def test_a_part_whose_gain_forces_a_shipment_of_everything_is_refused() -> None:
    # Player 2's Dockhands' Hall: gain 1 wood, and buy. Holding 3 wood (wood on the $4
    # square), gaining first makes 4 wood that mandatory buying must ship for the Cattle
    # Pens ($4), leaving nothing for the deferred toll; buying first ships nothing.
    state = with_options(
        position(
            goods=[Goods(wood=3), Goods()],
            display=[
                "cattle-pens",
                "admiralty",
                "guild-of-factors",
                "beacon-tower",
                "auction-rooms",
            ],
            owned=[[], ["dockhands-hall"]],
        ),
        buying=harbour.BuyRule.MANDATORY,
    )
    state = play(state, harbour.MovePawn(CardSite(card("dockhands-hall"))), harbour.DeferToll())
    assert reason(state, harbour.ChoosePart(0)) == (
        "TOLL-5",
        "That choice would leave no good to pay the deferred toll with.",
    )
    assert harbour.legal_moves(state) == (harbour.ChoosePart(1),)


@pytest.mark.rules("INT-10", "SYM-3")
def test_keeping_more_of_a_good_than_was_held() -> None:
    # Three warehouses (Smokehouse, Tannery, Drovers' Road); 2 fish on the $2 square.
    state = position(
        goods=[Goods(fish=2), Goods()],
        display=["net-loft"],
        owned=[["smokehouse", "tannery", "drovers-road"], []],
    )
    state = play(state, harbour.MovePawn(harbour.BoardSite(0)), harbour.ChooseOption(1))
    assert reason(state, harbour.Ship((F,), Goods(fish=3))) == (
        "INT-10",
        "At most 2 fish can be kept.",
    )
