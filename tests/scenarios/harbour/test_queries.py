"""The read-only questions of ``harbour.queries`` that frontends ask."""

from __future__ import annotations

import pytest

import harbour
from harbour import queries
from harbour.cards.abilities import ExtraGain, ShippingBonus
from harbour.cards.effects import Symbol
from harbour.goods import Good, Goods
from harbour.state import BoardSite, CardSite
from tests.support.harbour import card, position, with_options

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE


@pytest.mark.rules("TOLL-1", "TOLL-4")
def test_toll_owner_names_who_is_owed_a_toll() -> None:
    state = position(
        goods=[Goods(), Goods(), Goods()],
        display=["net-loft"],
        owned=[["smokehouse"], ["cattle-pens"], ["gossip-tavern"]],  # the Tavern's top hat
    )
    assert queries.toll_owner(state, 0, CardSite(card("net-loft"))) is None  # display
    assert queries.toll_owner(state, 0, CardSite(card("smokehouse"))) is None  # own
    assert queries.toll_owner(state, 0, CardSite(card("cattle-pens"))) == 1
    assert queries.toll_owner(state, 0, BoardSite(1)) == 1  # a starting building too
    assert queries.toll_owner(state, 2, CardSite(card("cattle-pens"))) is None  # top hat
    assert state.symbol_count(2, Symbol.TOP_HAT) == 1


@pytest.mark.rules("CHAR-1", "ABIL-1", "ABIL-4")
def test_holders_lists_the_seats_with_an_ability_of_a_kind() -> None:
    state = position(
        goods=[Goods(), Goods(), Goods()],
        display=["net-loft"],
        boards=["cooper", None, "tide-reader"],
    )
    assert queries.holders(state, ExtraGain) == [(0, ExtraGain(W))]
    assert queries.holders(state, ShippingBonus) == [(2, ShippingBonus(square=3))]
    assert queries.ability_of(state, 1) is None
    assert queries.extra_gain(state, 0, Goods(wood=2)) == Goods(wood=1)
    assert queries.extra_gain(state, 0, Goods(fish=2)) == Goods()
    assert queries.conversion_terms(state, 0) is None


@pytest.mark.rules("SYM-1", "INT-9", "INT-23", "BUY-7")
def test_discounted_totals_never_go_below_nothing() -> None:
    # Four coins: Quarry Steps, Cattle Pens, Salt Pans and Chandlery.
    coins = ["quarry-steps", "cattle-pens", "salt-pans", "chandlery"]
    state = position(goods=[Goods(), Goods()], display=["net-loft"], owned=[coins, []])
    pair = (card("net-loft"), card("smokehouse"))  # $3 + $3
    assert queries.discounted_total(state, 0, pair[:1]) == 0  # $3 - 4 coins: free, not -$1
    assert queries.discounted_total(state, 0, pair) == 0
    assert queries.discounted_total(state, 0, (card("admiralty"),)) == 9  # $13 - 4
    assert queries.discounted_total(state, 1, pair) == 6
    once = with_options(state, coin_discount=harbour.CoinDiscount.ONCE_PER_ACTION)
    assert queries.discounted_total(once, 0, pair) == 2  # $6 - 4, once
    assert queries.discounted_total(once, 0, (card("admiralty"), card("net-loft"))) == 12
    assert queries.discounted_total(once, 0, pair[:1]) == 0
    assert queries.cheapest_price(state, 0) == 0 and queries.cheapest_price(state, 1) == 3
    assert queries.affords(state, 0, 0) and not queries.affords(state, 1, 2)
    with pytest.raises(harbour.InvalidValueError, match="no price"):
        queries.discounted_total(state, 0, (card("town-pump"),))
