"""Buying buildings by shipping goods, the market adjustment and the display refill.

Includes the worked examples of the rulebooks: 000's 6 stone on the $4 square and its fish
and stone for $6, 001's fish and livestock for $7 buying the $6 "Alchemist shop", and 001's
market re-entry example.
"""

from __future__ import annotations

import pytest

import harbour
from harbour.cards import Symbol
from harbour.goods import Good, Goods
from harbour.state import CardSite, GameState, PendingMove, PendingPurchase, PendingToll
from tests.support.harbour import card, play, position, with_options

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE
Market = tuple[Good, Good, Good, Good]


def go(key: str) -> harbour.MovePawn:
    return harbour.MovePawn(CardSite(card(key)))


def refused(state: GameState, move: harbour.Move) -> str:
    with pytest.raises(harbour.IllegalMoveError) as err:
        harbour.apply_move(state, move)
    return err.value.rule_id


def purchases(state: GameState) -> set[tuple[int, ...]]:
    return {m.cards for m in harbour.legal_moves(state) if isinstance(m, harbour.Purchase)}


def shipments(state: GameState) -> set[tuple[Good, ...]]:
    return {m.goods for m in harbour.legal_moves(state) if isinstance(m, harbour.Ship)}


def at_counting_house(
    goods: Goods,
    market: Market,
    display: list[str],
    owned: list[str] | None = None,
    deck: list[str] | None = None,
) -> GameState:
    """Player 1 holds ``goods`` and has chosen to buy a building at their starting building."""
    state = position(
        goods=[goods, Goods()],
        market=market,
        display=display,
        owned=[owned or [], []],
        deck=deck,
    )
    return play(state, harbour.MovePawn(harbour.BoardSite(0)), harbour.ChooseOption(1))


def money(state: GameState) -> int:
    assert isinstance(state.pending, PendingPurchase)
    return state.pending.money


# --------------------------------------------------------------------------- worked examples


@pytest.mark.rules("BUY-2", "BUY-3", "BUY-4")
def test_000_six_stone_on_the_4_square_pay_4_and_leave_no_stone() -> None:
    state = at_counting_house(
        Goods(stone=6), (F, L, S, W), ["net-loft", "quarry-steps", "chandlery"]
    )
    state = harbour.apply_move(state, harbour.Ship((S,)))
    assert state.players[0].goods.stone == 0
    assert money(state) == 4  # the square's value once, not 6 x $4
    # $4 buys the $3 and the $4 building, not the $5 one.
    assert purchases(state) == {(card("net-loft"),), (card("quarry-steps"),)}
    state = harbour.apply_move(state, harbour.Purchase((card("quarry-steps"),)))
    assert state.players[0].buildings == (card("quarry-steps"),)


@pytest.mark.rules("BUY-3", "BUY-4")
def test_001_five_stone_shipped_lose_all_five_and_gain_4() -> None:
    state = at_counting_house(Goods(stone=5, wood=1), (F, L, S, W), ["quarry-steps"])
    state = harbour.apply_move(state, harbour.Ship((S,)))
    assert state.players[0].goods == Goods(wood=1)
    assert money(state) == 4


@pytest.mark.rules("BUY-4", "MARKET-1", "MARKET-2", "INT-3")
def test_000_fish_and_stone_pay_6_and_the_market_adjusts() -> None:
    state = at_counting_house(
        Goods(fish=2, stone=4), (F, L, S, W), ["money-changer", "herring-boats"]
    )
    state = harbour.apply_move(state, harbour.Ship((F, S)))
    assert money(state) == 6
    assert purchases(state) == {(card("money-changer"),)}  # $6 yes, $7 no
    # Livestock and wood move up to the $4 and $5 squares in their order; fish (from the
    # lower square) re-enters highest of the vacated squares under the default reading.
    assert state.market == (S, F, L, W)
    kept = with_options(
        at_counting_house(Goods(fish=2, stone=4), (F, L, S, W), ["money-changer"]),
        reentry=harbour.ReentryOrder.KEPT,
    )
    kept = harbour.apply_move(kept, harbour.Ship((F, S)))
    assert kept.market == (F, S, L, W)


@pytest.mark.rules("BUY-2", "BUY-3", "BUY-4", "BUY-6")
def test_001_alchemist_shop_fish_and_livestock_pay_7_for_a_6_building() -> None:
    # Stone on the $4 square and wood on the $3 square: 3 stone and 2 wood are too few to
    # ship. Livestock ($2) and fish ($5) are enough: $7.
    state = at_counting_house(
        Goods(fish=5, livestock=3, wood=2, stone=3),
        (L, W, S, F),
        ["money-changer", "guild-of-factors", "admiralty"],
    )
    assert shipments(state) == {(), (F, L)}  # $5 or $2 alone buys nothing here
    assert refused(state, harbour.Ship((S,))) == "BUY-2"
    assert refused(state, harbour.Ship((W,))) == "BUY-2"
    assert refused(state, harbour.Ship((F, W))) == "BUY-2"
    state = harbour.apply_move(state, harbour.Ship((F, L)))
    # Both shipped goods drop to 0; the others stay.
    assert state.players[0].goods == Goods(wood=2, stone=3)
    assert money(state) == 7
    assert purchases(state) == {(card("money-changer"),)}  # $6 building; $10/$13 too dear
    state = harbour.apply_move(state, harbour.Purchase((card("money-changer"),)))
    assert state.players[0].buildings == (card("money-changer"),)
    # The extra $1 is lost: the turn is over and nothing of the shipment remains.
    assert state.current == 1 and state.stack == (PendingMove(),)


@pytest.mark.rules("MARKET-1", "MARKET-2", "INT-3")
def test_001_reentry_livestock_ends_on_the_3_square_and_stone_on_the_2_square() -> None:
    # Livestock on the $2 square (least in demand), stone on the $4 square; both shipped.
    def ship(reentry: harbour.ReentryOrder) -> Market:
        state = at_counting_house(Goods(livestock=2, stone=4), (L, F, S, W), ["money-changer"])
        state = with_options(state, reentry=reentry)
        return harbour.apply_move(state, harbour.Ship((L, S))).market

    market = ship(harbour.ReentryOrder.REVERSED)
    assert harbour.MARKET_VALUES[market.index(L)] == 3
    assert harbour.MARKET_VALUES[market.index(S)] == 2
    assert market == (S, L, F, W)  # fish and wood moved up, keeping their order
    assert ship(harbour.ReentryOrder.KEPT) == (L, S, F, W)


# --------------------------------------------------------------------------- market


@pytest.mark.rules("MARKET-1", "MARKET-2")
def test_a_single_shipped_good_drops_to_the_2_square() -> None:
    for reentry in harbour.ReentryOrder:
        state = at_counting_house(Goods(livestock=3), (F, L, W, S), ["net-loft"])
        state = with_options(state, reentry=reentry)
        state = harbour.apply_move(state, harbour.Ship((L,)))
        assert state.market == (L, F, W, S)


@pytest.mark.rules("MARKET-1", "MARKET-2", "INT-3")
def test_three_shipped_goods_reenter_below_the_one_left() -> None:
    # Fish $2 + wood $4 + stone $5 = $11. Livestock moves up to the $5 square.
    state = at_counting_house(Goods(fish=2, wood=4, stone=5), (F, L, W, S), ["guild-of-factors"])
    reversed_ = harbour.apply_move(state, harbour.Ship((F, W, S)))
    assert money(reversed_) == 11
    assert reversed_.market == (S, W, F, L)
    kept = harbour.apply_move(
        with_options(state, reentry=harbour.ReentryOrder.KEPT), harbour.Ship((F, W, S))
    )
    assert kept.market == (F, W, S, L)


@pytest.mark.rules("MARKET-1")
def test_the_market_does_not_move_when_nothing_is_shipped() -> None:
    state = at_counting_house(Goods(fish=3), (F, L, W, S), ["net-loft"])
    state = harbour.apply_move(state, harbour.Ship(()))
    assert state.market == (F, L, W, S)


# --------------------------------------------------------------------------- BUY-1 .. BUY-8


@pytest.mark.rules("BUY-1", "TURN-6")
def test_goods_are_shipped_only_in_a_buy_action() -> None:
    state = position(goods=[Goods(fish=4), Goods()], market=(F, L, W, S), display=["chandlery"])
    assert refused(state, harbour.Ship((F,))) == "TURN-6"
    state = harbour.apply_move(state, go("chandlery"))  # a gain action
    assert not any(isinstance(m, harbour.Ship) for m in harbour.legal_moves(state))
    assert refused(state, harbour.Ship((F,))) == "TURN-6"


@pytest.mark.rules("BUY-1", "INT-7")
def test_a_shipment_that_buys_nothing_is_refused() -> None:
    # $2 of fish buys no building in this display.
    state = at_counting_house(Goods(fish=2, stone=5), (F, L, W, S), ["chandlery", "admiralty"])
    assert shipments(state) == {(), (S,), (F, S)}
    assert refused(state, harbour.Ship((F,))) == "BUY-1"


@pytest.mark.rules("BUY-2")
@pytest.mark.parametrize("square", [0, 1, 2, 3])
def test_each_square_is_worth_its_value_and_needs_that_many_goods(square: int) -> None:
    value = (2, 3, 4, 5)[square]
    others = [F, L, W]
    market_list = [*others[:square], S, *others[square:]]
    market: Market = (market_list[0], market_list[1], market_list[2], market_list[3])
    # Quarry Steps' coin: Net Loft costs $2, Chandlery $4.
    display = ["net-loft", "chandlery"]
    short = at_counting_house(Goods(stone=value - 1), market, display, owned=["quarry-steps"])
    assert (S,) not in shipments(short)
    assert refused(short, harbour.Ship((S,))) == "BUY-2"
    enough = at_counting_house(Goods(stone=value), market, display, owned=["quarry-steps"])
    enough = harbour.apply_move(enough, harbour.Ship((S,)))
    assert money(enough) == value
    assert enough.players[0].goods.stone == 0


@pytest.mark.rules("BUY-3", "SYM-3")
def test_all_of_a_shipped_good_is_shipped() -> None:
    state = at_counting_house(
        Goods(fish=6, wood=2), (F, L, W, S), ["net-loft"], owned=["quarry-steps"]
    )
    # No shipment leaves part of the fish behind.
    assert {m.keep for m in harbour.legal_moves(state) if isinstance(m, harbour.Ship)} == {Goods()}
    state = harbour.apply_move(state, harbour.Ship((F,)))
    assert state.players[0].goods == Goods(wood=2)
    assert money(state) == 2
    # A good is shipped once or not at all: listing it twice is no shipment.
    with pytest.raises(harbour.InvalidMoveError):
        harbour.Ship((F, F))


@pytest.mark.rules("BUY-5", "INT-14")
def test_one_building_per_buy_action_unless_the_card_allows_more() -> None:
    # $9 from livestock ($3) is not enough; use stone ($5) + wood ($4) = $9.
    state = at_counting_house(Goods(wood=4, stone=5), (F, L, W, S), ["net-loft", "gossip-tavern"])
    state = harbour.apply_move(state, harbour.Ship((W, S)))
    assert money(state) == 9
    assert all(len(c) == 1 for c in purchases(state))
    pair = harbour.Purchase((card("net-loft"), card("gossip-tavern")))
    assert refused(state, pair) == "BUY-5"
    # The Auction Rooms buy two at once, paid from the same $9.
    two = position(
        goods=[Goods(wood=4, stone=5), Goods()],
        market=(F, L, W, S),
        display=["auction-rooms", "net-loft", "gossip-tavern"],
    )
    two = play(two, go("auction-rooms"), harbour.Ship((W, S)))
    assert (card("net-loft"), card("gossip-tavern")) in purchases(two)
    two = harbour.apply_move(two, pair)
    assert two.players[0].buildings == (card("net-loft"), card("gossip-tavern"))


@pytest.mark.rules("BUY-5")
def test_a_building_must_come_from_the_display_and_only_once() -> None:
    state = at_counting_house(
        Goods(stone=5), (F, L, W, S), ["net-loft"], deck=["gossip-tavern", "chandlery"]
    )
    state = harbour.apply_move(state, harbour.Ship((S,)))
    assert refused(state, harbour.Purchase((card("gossip-tavern"),))) == "BUY-5"
    with pytest.raises(harbour.InvalidMoveError):  # a building is bought once
        harbour.Purchase((card("net-loft"), card("net-loft")))


@pytest.mark.rules("BUY-6")
def test_buildings_cost_no_more_than_the_money_shipped_and_leftover_is_lost() -> None:
    state = at_counting_house(
        Goods(livestock=3), (F, L, W, S), ["net-loft", "gossip-tavern", "chandlery"]
    )
    state = harbour.apply_move(state, harbour.Ship((L,)))
    assert money(state) == 3
    assert purchases(state) == {(card("net-loft"),)}
    assert refused(state, harbour.Purchase((card("gossip-tavern"),))) == "BUY-6"
    state = harbour.apply_move(state, harbour.Purchase((card("net-loft"),)))
    # Exactly spent; nothing is carried into the next turn either way.
    assert not any(isinstance(p, PendingPurchase) for p in state.stack)
    assert state.current == 1


@pytest.mark.rules("BUY-6", "BUY-4")
def test_money_is_never_kept_between_actions() -> None:
    # Player 1 ships stone for $5 and buys the $3 Net Loft: $2 are left over.
    state = position(
        goods=[Goods(fish=3, stone=5), Goods(fish=1)],
        market=(F, L, W, S),
        display=["counting-house", "net-loft", "smokehouse", "gossip-tavern"],
        deck=["admiralty", "guild-of-factors"],
    )
    state = play(
        state,
        go("counting-house"),
        harbour.Ship((S,)),
        harbour.Purchase((card("net-loft"),)),
        harbour.MovePawn(harbour.BoardSite(1)),
        harbour.ChooseOption(0),
        harbour.TakeGoods(Goods(fish=2)),
    )
    assert state.current == 0 and state.market == (S, F, L, W)
    # Next turn fish ($3 now) pays $3 only: the $4 Gossip Tavern is out of reach.
    state = play(state, harbour.MovePawn(harbour.BoardSite(0)), harbour.ChooseOption(1))
    state = harbour.apply_move(state, harbour.Ship((F,)))
    assert money(state) == 3
    assert purchases(state) == {(card("smokehouse"),)}


@pytest.mark.rules("BUY-7")
def test_a_building_without_a_price_is_never_bought() -> None:
    state = at_counting_house(Goods(stone=5, wood=4), (F, L, W, S), ["town-pump", "net-loft"])
    state = harbour.apply_move(state, harbour.Ship((W, S)))
    assert purchases(state) == {(card("net-loft"),)}
    assert refused(state, harbour.Purchase((card("town-pump"),))) == "BUY-7"
    # A display of only unpriced (and too dear) buildings pays for nothing: no shipment.
    none = at_counting_house(Goods(stone=5, wood=4), (F, L, W, S), ["town-pump", "admiralty"])
    assert shipments(none) == {()}
    # Anyone may still use it: it stays in the display for everyone.
    use = position(goods=[Goods(), Goods()], display=["town-pump"])
    use = harbour.apply_move(use, go("town-pump"))
    assert use.players[0].goods == Goods(wood=1)


@pytest.mark.rules("BUY-8", "TOLL-1", "SYM-5", "DISPLAY-1")
def test_a_bought_building_belongs_to_the_buyer() -> None:
    state = position(
        goods=[Goods(livestock=3), Goods(fish=1)],
        market=(F, L, W, S),
        display=["counting-house", "smokehouse", "bonded-store"],
        deck=["gossip-tavern", "chandlery"],
    )
    state = play(state, go("counting-house"), harbour.Ship((L,)))
    state = harbour.apply_move(state, harbour.Purchase((card("smokehouse"),)))
    assert state.players[0].buildings == (card("smokehouse"),)
    assert card("smokehouse") not in state.display
    assert state.symbol_count(0, Symbol.WAREHOUSE) == 1
    # Player 2 now owes Player 1 a toll to use it.
    state = harbour.apply_move(state, go("smokehouse"))
    assert state.pending == PendingToll(0)
    state = harbour.apply_move(state, harbour.PayToll(F))
    assert state.players[0].goods == Goods(fish=1)


# --------------------------------------------------------------------------- DISPLAY-1


@pytest.mark.rules("DISPLAY-1")
def test_the_bought_building_is_replaced_from_the_top_of_the_deck() -> None:
    state = at_counting_house(
        Goods(livestock=3),
        (F, L, W, S),
        ["chandlery", "net-loft", "admiralty"],
        deck=["gossip-tavern", "salt-pans", "kiln-works"],
    )
    before = state.display
    state = play(state, harbour.Ship((L,)), harbour.Purchase((card("net-loft"),)))
    slot = before.index(card("net-loft"))
    expected = (*before[:slot], card("gossip-tavern"), *before[slot + 1 :])
    assert state.display == expected
    assert state.deck == (card("salt-pans"), card("kiln-works"))


@pytest.mark.rules("DISPLAY-1", "BUY-5", "INT-14")
def test_a_buy_two_is_chosen_from_the_display_as_it_stands_then_refilled() -> None:
    state = position(
        goods=[Goods(wood=4, stone=5), Goods()],
        market=(F, L, W, S),
        display=["auction-rooms", "net-loft", "chandlery", "gossip-tavern"],
        deck=["smokehouse", "salt-pans", "kiln-works"],
    )
    state = play(state, go("auction-rooms"), harbour.Ship((W, S)))
    # The deck's top card cannot be one of the two: it is not in the display yet.
    assert all(card("smokehouse") not in c for c in purchases(state))
    assert refused(state, harbour.Purchase((card("net-loft"), card("smokehouse")))) == "BUY-5"
    state = harbour.apply_move(state, harbour.Purchase((card("net-loft"), card("gossip-tavern"))))
    assert state.display == (
        card("auction-rooms"),
        card("smokehouse"),
        card("chandlery"),
        card("salt-pans"),
    )
    assert state.deck == (card("kiln-works"),)


@pytest.mark.rules("DISPLAY-1", "INT-8")
def test_an_empty_deck_leaves_the_display_short_by_default() -> None:
    state = at_counting_house(Goods(livestock=3), (F, L, W, S), ["net-loft", "chandlery"], deck=[])
    state = play(state, harbour.Ship((L,)), harbour.Purchase((card("net-loft"),)))
    assert state.display == (card("chandlery"),)
    assert state.last_round_turns is None  # no last round
