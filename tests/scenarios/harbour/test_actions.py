"""Building actions, goods limits and owner symbols."""

from __future__ import annotations

import pytest

import harbour
from harbour.cards import (
    Building,
    Buy,
    GainChoice,
    GainPerSymbol,
    OneOf,
    PlayerBoard,
    Symbol,
)
from harbour.goods import Good, Goods
from harbour.positions import replace
from harbour.state import BoardSite, CardSite, GameState, PendingEffect, PendingMove
from tests.support.harbour import card, custom_set, play, position, with_options

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE


def go(key: str) -> harbour.MovePawn:
    return harbour.MovePawn(CardSite(card(key)))


def refused(state: GameState, move: harbour.Move) -> str:
    with pytest.raises(harbour.IllegalMoveError) as err:
        harbour.apply_move(state, move)
    return err.value.rule_id


def use(key: str, goods: Goods, owned: list[str] | None = None) -> GameState:
    """Player 1, holding ``goods`` and owning ``owned``, moves to display building ``key``."""
    state = position(goods=[goods, Goods()], display=[key], owned=[owned or [], []])
    return harbour.apply_move(state, go(key))


# --------------------------------------------------------------------------- goods limits


@pytest.mark.rules("GOODS-2", "ACT-1")
def test_fixed_gains_stop_at_6() -> None:
    # Smokehouse: 1 fish and 1 livestock.
    state = use("smokehouse", Goods(fish=6, livestock=3))
    assert state.players[0].goods == Goods(fish=6, livestock=4)
    # Beacon Tower: 2 fish per anchor; 3 anchors would give 6 fish, only 4 fit.
    state = use("beacon-tower", Goods(fish=2), owned=["herring-boats", "timber-wharf"])
    assert state.players[0].goods == Goods(fish=6)


@pytest.mark.rules("GOODS-2", "ACT-2")
def test_a_gain_of_choice_may_be_wholly_lost_beyond_6() -> None:
    state = use("chandlery", Goods(stone=6))
    assert harbour.TakeGoods(Goods(stone=2)) in harbour.legal_moves(state)
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(stone=2)))
    assert state.players[0].goods == Goods(stone=6)
    assert state.current == 1


@pytest.mark.rules("GOODS-1", "ACT-4", "TURN-4")
def test_a_conversion_that_would_go_below_0_is_skipped() -> None:
    # Grain Barge spends 1 wood and 1 stone for 4 fish; with no stone it cannot be done.
    state = use("grain-barge", Goods(wood=3))
    assert state.players[0].goods == Goods(wood=3)
    assert state.current == 1


@pytest.mark.rules("GOODS-1", "ACT-5", "INT-4")
def test_a_flexible_conversion_cannot_spend_more_than_is_held() -> None:
    # Money Changer: spend 2 of one good, gain 3 of one other good.
    state = use("money-changer", Goods(fish=2, stone=1))
    assert all(
        m.spend == F for m in harbour.legal_moves(state) if isinstance(m, harbour.ExchangeGoods)
    )
    assert refused(state, harbour.ExchangeGoods(S, (F,))) == "GOODS-1"
    assert refused(state, harbour.ExchangeGoods(L, (F,))) == "GOODS-1"


# --------------------------------------------------------------------------- ACT-1 .. ACT-3


@pytest.mark.rules("ACT-1")
def test_a_fixed_gain_gives_the_listed_goods() -> None:
    state = use("admiralty", Goods(fish=1))
    assert state.players[0].goods == Goods(2, 1, 1, 1)
    state = use("drovers-road", Goods())
    assert state.players[0].goods == Goods(livestock=2, stone=1)


@pytest.mark.rules("ACT-2")
def test_a_gain_of_choice_offers_every_mix_of_the_allowed_kinds() -> None:
    # Barter Stall: 2 goods of choice, any mix of wood and stone.
    state = use("barter-stall", Goods())
    assert set(harbour.legal_moves(state)) == {
        harbour.TakeGoods(Goods(wood=2)),
        harbour.TakeGoods(Goods(wood=1, stone=1)),
        harbour.TakeGoods(Goods(stone=2)),
    }
    assert refused(state, harbour.TakeGoods(Goods(fish=2))) == "ACT-2"
    assert refused(state, harbour.TakeGoods(Goods(wood=1))) == "ACT-2"
    assert refused(state, harbour.TakeGoods(Goods(wood=3))) == "ACT-2"
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(wood=1, stone=1)))
    assert state.players[0].goods == Goods(wood=1, stone=1)


@pytest.mark.rules("ACT-3", "SYM-2", "SYM-5")
def test_a_gain_per_anchor_counts_every_anchor_owned() -> None:
    # Mooring Posts: 1 livestock per anchor. Owned: Herring Boats (2 anchors) and Timber
    # Wharf (1 anchor); the Mooring Posts used from the display is not owned.
    state = use("mooring-posts", Goods(), owned=["herring-boats", "timber-wharf"])
    assert state.players[0].goods == Goods(livestock=3)
    # With no anchor nothing is gained, and nothing is asked.
    state = use("mooring-posts", Goods(fish=1), owned=["smokehouse"])
    assert state.players[0].goods == Goods(fish=1) and state.current == 1


@pytest.mark.rules("ACT-3", "SYM-3", "SYM-5")
def test_a_gain_per_warehouse_counts_every_warehouse_owned() -> None:
    # Bonded Store: 1 fish per warehouse. Smokehouse, Tannery: 1 each; Customs Shed: 1.
    state = use("bonded-store", Goods(), owned=["smokehouse", "tannery", "customs-shed"])
    assert state.players[0].goods == Goods(fish=3)


@pytest.mark.rules("ACT-3", "SYM-5", "COMP-3")
def test_the_starting_buildings_symbols_are_counted_too() -> None:
    board = PlayerBoard("pier", "Pier", (Symbol.ANCHOR,), OneOf((GainChoice(2), Buy())))
    cards = custom_set(
        [
            Building("ranchito", "Ranchito", 4, 2, (Symbol.COIN,), GainPerSymbol(L, Symbol.ANCHOR)),
            Building("oars", "Oars", 3, 1, (Symbol.ANCHOR,), GainChoice(1)),
        ],
        board=board,
    )
    state = position(
        goods=[Goods(), Goods()], display=["ranchito"], owned=[["oars"], []], cards=cards
    )
    state = harbour.apply_move(state, harbour.MovePawn(CardSite(cards.index_of("ranchito"))))
    assert state.players[0].goods == Goods(livestock=2)  # board's anchor + Oars' anchor


# --------------------------------------------------------------------------- ACT-4, ACT-5


@pytest.mark.rules("ACT-4", "TURN-6")
def test_a_fixed_conversion_is_done_whenever_it_can_be() -> None:
    # Kiln Works: spend 2 wood, gain 3 stone. It is not optional: no choice is offered.
    state = use("kiln-works", Goods(wood=3, stone=1))
    assert state.players[0].goods == Goods(wood=1, stone=4)
    assert state.current == 1 and isinstance(state.pending, PendingMove)
    # Tannery: 2 livestock for 2 fish and 2 wood, the fish capped at 6.
    state = use("tannery", Goods(fish=5, livestock=2))
    assert state.players[0].goods == Goods(fish=6, wood=2)


@pytest.mark.rules("ACT-5")
def test_a_flexible_conversion_spends_one_good_and_gains_other_goods() -> None:
    state = use("money-changer", Goods(fish=2, stone=3))
    assert set(harbour.legal_moves(state)) == {
        harbour.ExchangeGoods(F, (L,)),
        harbour.ExchangeGoods(F, (W,)),
        harbour.ExchangeGoods(F, (S,)),
        harbour.ExchangeGoods(S, (F,)),
        harbour.ExchangeGoods(S, (L,)),
        harbour.ExchangeGoods(S, (W,)),
    }
    # "Other": the spent good cannot be the one gained.
    assert refused(state, harbour.ExchangeGoods(F, (F,))) == "ACT-5"
    state = harbour.apply_move(state, harbour.ExchangeGoods(F, (S,)))
    assert state.players[0].goods == Goods(stone=6)


@pytest.mark.rules("ACT-5")
def test_a_flexible_conversion_into_two_goods() -> None:
    # Rag-and-Bone Yard: spend 4 of one good, gain 2 each of two other goods.
    state = use("rag-and-bone-yard", Goods(wood=4, stone=1))
    assert set(harbour.legal_moves(state)) == {
        harbour.ExchangeGoods(W, (F, L)),
        harbour.ExchangeGoods(W, (F, S)),
        harbour.ExchangeGoods(W, (L, S)),
    }
    assert refused(state, harbour.ExchangeGoods(W, (F,))) == "ACT-5"
    state = harbour.apply_move(state, harbour.ExchangeGoods(W, (L, S)))
    assert state.players[0].goods == Goods(livestock=2, stone=3)


@pytest.mark.rules("ACT-5", "TURN-4")
def test_a_flexible_conversion_nobody_can_afford_is_skipped() -> None:
    state = use("money-changer", Goods(1, 1, 1, 1))
    assert state.players[0].goods == Goods(1, 1, 1, 1)
    assert state.current == 1 and isinstance(state.pending, PendingMove)


# --------------------------------------------------------------------------- ACT-6 .. ACT-8


@pytest.mark.rules("ACT-6")
def test_a_market_swap_exchanges_two_squares_of_the_players_choice() -> None:
    state = position(goods=[Goods(), Goods()], market=(F, L, W, S), display=["gossip-tavern"])
    state = harbour.apply_move(state, go("gossip-tavern"))
    assert set(harbour.legal_moves(state)) == {
        harbour.SwapSquares(a, b) for a in range(4) for b in range(a + 1, 4)
    }
    # Squares are numbered 0 to 3, the lower first: anything else is no swap at all.
    for first, second in ((1, 1), (0, 4), (2, 1)):
        with pytest.raises(harbour.InvalidMoveError):
            harbour.SwapSquares(first, second)
    state = harbour.apply_move(state, harbour.SwapSquares(0, 3))
    assert state.market == (S, L, W, F)
    assert state.current == 1


@pytest.mark.rules("ACT-7")
@pytest.mark.parametrize("first", [0, 1])
def test_both_parts_of_a_two_part_action_are_done_in_either_order(first: int) -> None:
    # Harbour Crier: swap two market squares, and gain 1 good of choice.
    state = position(goods=[Goods(), Goods()], market=(F, L, W, S), display=["harbour-crier"])
    state = harbour.apply_move(state, go("harbour-crier"))
    assert harbour.legal_moves(state) == (harbour.ChoosePart(0), harbour.ChoosePart(1))
    state = harbour.apply_move(state, harbour.ChoosePart(first))
    swap: harbour.Move = harbour.SwapSquares(1, 2)
    take: harbour.Move = harbour.TakeGoods(Goods(stone=1))
    steps = [swap, take] if first == 0 else [take, swap]
    assert steps[0] in harbour.legal_moves(state) and steps[1] not in harbour.legal_moves(state)
    state = play(state, *steps)
    assert state.market == (F, W, L, S)
    assert state.players[0].goods == Goods(stone=1)
    assert state.current == 1


@pytest.mark.rules("ACT-7", "BUY-2")
def test_the_order_of_the_parts_can_matter() -> None:
    # Dockhands' Hall: gain 1 wood, and buy a building. Wood is on the $3 square; holding 2
    # wood, gaining first makes 3, enough to ship for the $3 Net Loft.
    start = position(
        goods=[Goods(wood=2), Goods()], market=(F, W, L, S), display=["dockhands-hall", "net-loft"]
    )
    start = harbour.apply_move(start, go("dockhands-hall"))
    gain_first = harbour.apply_move(start, harbour.ChoosePart(0))
    assert gain_first.players[0].goods == Goods(wood=3)
    assert harbour.Ship((W,)) in harbour.legal_moves(gain_first)
    gain_first = play(gain_first, harbour.Ship((W,)), harbour.Purchase((card("net-loft"),)))
    assert gain_first.players[0].buildings == (card("net-loft"),)
    buy_first = harbour.apply_move(start, harbour.ChoosePart(1))
    assert harbour.legal_moves(buy_first) == (harbour.Ship(()),)
    # Declining the buy part: the gain part is still done.
    buy_first = harbour.apply_move(buy_first, harbour.Ship(()))
    assert buy_first.players[0].goods == Goods(wood=3)
    assert buy_first.current == 1


@pytest.mark.rules("ACT-8")
def test_an_either_or_action_does_only_the_chosen_option() -> None:
    base = position(goods=[Goods(fish=2), Goods()], market=(F, L, W, S), display=["net-loft"])
    base = harbour.apply_move(base, harbour.MovePawn(BoardSite(0)))
    assert refused(base, harbour.ChooseOption(2)) == "ACT-8"
    gain = harbour.apply_move(base, harbour.ChooseOption(0))
    assert all(isinstance(m, harbour.TakeGoods) for m in harbour.legal_moves(gain))
    gain = harbour.apply_move(gain, harbour.TakeGoods(Goods(fish=1, wood=1)))
    assert gain.players[0].goods == Goods(fish=3, wood=1) and gain.current == 1
    buy = harbour.apply_move(base, harbour.ChooseOption(1))
    assert isinstance(buy.pending, PendingEffect)
    assert all(isinstance(m, harbour.Ship) for m in harbour.legal_moves(buy))
    buy = harbour.apply_move(buy, harbour.Ship(()))
    assert buy.players[0].goods == Goods(fish=2) and buy.current == 1  # no goods gained


# --------------------------------------------------------------------------- symbols


def _shipments(state: GameState) -> set[harbour.Ship]:
    return {m for m in harbour.legal_moves(state) if isinstance(m, harbour.Ship)}


def _purchases(state: GameState) -> set[tuple[int, ...]]:
    return {m.cards for m in harbour.legal_moves(state) if isinstance(m, harbour.Purchase)}


@pytest.mark.rules("SYM-1", "SYM-5", "BUY-6")
def test_coins_are_cumulative_and_lower_each_price() -> None:
    # Quarry Steps and Cattle Pens show a coin each. Fish is on the $2 square.
    state = position(
        goods=[Goods(fish=2), Goods()],
        market=(F, L, W, S),
        display=["counting-house", "net-loft", "chandlery", "herring-boats"],
        owned=[["quarry-steps", "cattle-pens"], []],
    )
    state = play(state, go("counting-house"), harbour.Ship((F,)))
    # Net Loft $3 - 2 = $1 fits $2; Chandlery $5 - 2 = $3 does not.
    assert _purchases(state) == {(card("net-loft"),)}
    # Without the coins the $2 of fish buys nothing at all, so it cannot be shipped.
    poor = position(
        goods=[Goods(fish=2), Goods()],
        market=(F, L, W, S),
        display=["counting-house", "net-loft", "chandlery", "herring-boats"],
        owned=[["timber-wharf", "smokehouse"], []],
    )
    poor = harbour.apply_move(poor, go("counting-house"))
    assert _shipments(poor) == {harbour.Ship(())}


@pytest.mark.rules("SYM-1", "INT-9")
def test_a_discounted_price_never_drops_below_0() -> None:
    # Four coins; Auction Rooms buys two buildings. Net Loft ($3) costs $0, not -$1, so with
    # Herring Boats ($7 - 4 = $3) the pair costs $3, more than the $2 of the fish.
    state = position(
        goods=[Goods(fish=2), Goods()],
        market=(F, L, W, S),
        display=["auction-rooms", "net-loft", "herring-boats"],
        owned=[["quarry-steps", "cattle-pens", "salt-pans", "chandlery"], []],
    )
    state = play(state, go("auction-rooms"), harbour.Ship((F,)))
    assert _purchases(state) == {(card("net-loft"),)}


@pytest.mark.rules("SYM-1", "INT-9", "INT-6", "INT-7")
def test_the_coin_reading_decides_which_pairs_are_affordable() -> None:
    # Four coins; Auction Rooms buys two buildings; $4 of wood. Each building discounted
    # (the default): Net Loft $0, Timber Wharf $0, Herring Boats $3, so every pair of them
    # costs at most $3. Once per action: Net Loft and Timber Wharf $3 + $4 - $4 = $3, but
    # either with Herring Boats $6 or $7, too much. Goods were shipped, so a building must
    # be bought (INT-7).
    each = position(
        goods=[Goods(wood=4), Goods()],
        market=(F, L, W, S),
        display=["auction-rooms", "net-loft", "timber-wharf", "herring-boats"],
        owned=[["quarry-steps", "cattle-pens", "salt-pans", "chandlery"], []],
    )
    net, timber, herring = card("net-loft"), card("timber-wharf"), card("herring-boats")
    singles = {(net,), (timber,), (herring,)}
    once = with_options(each, coin_discount=harbour.CoinDiscount.ONCE_PER_ACTION)
    shipped = (go("auction-rooms"), harbour.Ship((W,)))
    assert _purchases(play(each, *shipped)) == singles | {
        (net, timber),
        (net, herring),
        (timber, herring),
    }
    assert _purchases(play(once, *shipped)) == singles | {(net, timber)}
    # INT-6, mandatory buying: as many buildings as can be afforded, by each reading.
    mandatory = harbour.BuyRule.MANDATORY
    assert _purchases(play(with_options(each, buying=mandatory), *shipped)) == {
        (net, timber),
        (net, herring),
        (timber, herring),
    }
    assert _purchases(play(with_options(once, buying=mandatory), *shipped)) == {(net, timber)}
    # With Herring Boats alone beside Net Loft, the pair is affordable only discounted
    # building by building, so once per action a mandatory purchase buys one building.
    alone = replace(once, display=tuple(c for c in once.display if c != timber))
    assert _purchases(play(with_options(alone, buying=mandatory), *shipped)) == {
        (net,),
        (herring,),
    }


@pytest.mark.rules("SYM-2")
def test_anchors_have_no_effect_of_their_own() -> None:
    # Three anchors do not lower any price: $2 of fish still buys nothing.
    state = position(
        goods=[Goods(fish=2), Goods()],
        market=(F, L, W, S),
        display=["counting-house", "net-loft"],
        owned=[["herring-boats", "timber-wharf"], []],
    )
    state = harbour.apply_move(state, go("counting-house"))
    assert _shipments(state) == {harbour.Ship(())}


@pytest.mark.rules("SYM-3", "BUY-3", "INT-10")
def test_each_warehouse_keeps_one_unit_of_the_shipped_goods() -> None:
    # Smokehouse and Tannery: two warehouses. Fish on $2, stone on $5: $7 for Chandlery.
    state = position(
        goods=[Goods(fish=4, stone=5), Goods()],
        market=(F, L, W, S),
        display=["counting-house", "chandlery"],
        owned=[["smokehouse", "tannery"], []],
    )
    state = harbour.apply_move(state, go("counting-house"))
    keeps = {m.keep for m in _shipments(state) if m.goods == (F, S)}
    assert keeps == {
        Goods(),
        Goods(fish=1),
        Goods(stone=1),
        Goods(fish=2),
        Goods(fish=1, stone=1),
        Goods(stone=2),
    }
    assert refused(state, harbour.Ship((F, S), Goods(fish=2, stone=1))) == "SYM-3"
    assert refused(state, harbour.Ship((S,), Goods(fish=1))) == "SYM-3"
    after = harbour.apply_move(state, harbour.Ship((F, S), Goods(fish=1, stone=1)))
    assert after.players[0].goods == Goods(fish=1, stone=1)
    after = harbour.apply_move(state, harbour.Ship((F, S)))
    assert after.players[0].goods == Goods()  # keeping is optional


@pytest.mark.rules("SYM-3")
def test_without_a_warehouse_nothing_is_kept() -> None:
    state = position(
        goods=[Goods(fish=4), Goods()],
        market=(F, L, W, S),
        display=["counting-house", "net-loft"],
        owned=[["quarry-steps"], []],
    )
    state = harbour.apply_move(state, go("counting-house"))
    assert {m.keep for m in _shipments(state)} == {Goods()}
    assert refused(state, harbour.Ship((F,), Goods(fish=1))) == "SYM-3"
