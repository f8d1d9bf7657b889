"""Every interpretation: the default reading, and each RulesOptions alternative differing from it.

Each alternative is checked in a concrete position where it changes what happens.
"""

from __future__ import annotations

import pytest

import harbour
from harbour.cards import ORIGINAL_SET, Building, Buy, Gain, Symbol
from harbour.goods import Good, Goods
from harbour.state import (
    BoardSite,
    CardSite,
    GameState,
    PendingMove,
    PendingPurchase,
    PendingToll,
)
from tests.support.harbour import card, custom_set, play, position, with_options

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE


def go(key: str) -> harbour.MovePawn:
    return harbour.MovePawn(CardSite(card(key)))


def refused(state: GameState, move: harbour.Move) -> str:
    with pytest.raises(harbour.IllegalMoveError) as err:
        harbour.apply_move(state, move)
    return err.value.rule_id


def purchases(state: GameState) -> set[tuple[int, ...]]:
    return {m.cards for m in harbour.legal_moves(state) if isinstance(m, harbour.Purchase)}


def ships(state: GameState) -> set[harbour.Ship]:
    return {m for m in harbour.legal_moves(state) if isinstance(m, harbour.Ship)}


def buying(
    goods: Goods,
    display: list[str],
    owned: list[str] | None = None,
    deck: list[str] | None = None,
    players: int = 2,
    **options: object,
) -> GameState:
    """Player 1 holds ``goods`` and chose the buy option of their starting building."""
    state = position(
        goods=[goods] + [Goods(fish=1)] * (players - 1),
        market=(F, L, W, S),
        display=display,
        owned=[owned or []] + [[] for _ in range(players - 1)],
        deck=deck,
    )
    if options:
        state = with_options(state, **options)
    return play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))


def at_auction_rooms(
    goods: Goods, display: list[str], owned: list[str], **options: object
) -> GameState:
    """Player 1 moved to the Auction Rooms (buy up to two buildings)."""
    state = position(
        goods=[goods, Goods()],
        market=(F, L, W, S),
        display=["auction-rooms", *display],
        owned=[owned, []],
    )
    if options:
        state = with_options(state, **options)
    return harbour.apply_move(state, go("auction-rooms"))


# --------------------------------------------------------------------------- INT-1


@pytest.mark.rules("INT-1", "END-1")
@pytest.mark.parametrize("reading", list(harbour.LastRound))
def test_int1_who_takes_a_last_turn(reading: harbour.LastRound) -> None:
    state = buying(
        Goods(livestock=3),
        ["smokehouse", "herring-boats", "salt-pans"],
        owned=["net-loft", "quarry-steps", "timber-wharf"],
        deck=["admiralty"],
        last_round=reading,
    )
    state = play(state, harbour.Ship((L,)), harbour.Purchase((card("smokehouse"),)))
    state = harbour.apply_move(state, go("herring-boats"))  # Player 2's last turn
    if reading is harbour.LastRound.OTHER_PLAYERS:
        assert harbour.is_over(state)
    else:
        assert state.current == 0 and isinstance(state.pending, PendingMove)
        state = harbour.apply_move(state, go("salt-pans"))
        assert harbour.is_over(state)


# --------------------------------------------------------------------------- INT-2


@pytest.mark.rules("INT-2", "END-4", "END-5")
def test_int2_goods_break_a_tie_only_by_default() -> None:
    state = position(
        goods=[Goods(fish=4), Goods(fish=3)], owned=[["timber-wharf"], ["cattle-pens"]], stack=()
    )
    assert harbour.outcome(state).winners == (0,)
    only = with_options(state, tie_break=harbour.TieBreak.BUILDINGS_ONLY)
    assert harbour.outcome(only).winners == (0, 1)


# --------------------------------------------------------------------------- INT-3


@pytest.mark.rules("INT-3", "MARKET-2")
def test_int3_reentry_order() -> None:
    # Wood ($4) and fish ($2) shipped: $6 buys the Money Changer.
    default = buying(Goods(fish=2, wood=4), ["money-changer"])
    kept = buying(Goods(fish=2, wood=4), ["money-changer"], reentry=harbour.ReentryOrder.KEPT)
    assert harbour.apply_move(default, harbour.Ship((F, W))).market == (W, F, L, S)
    assert harbour.apply_move(kept, harbour.Ship((F, W))).market == (F, W, L, S)


# --------------------------------------------------------------------------- INT-4


@pytest.mark.rules("INT-4", "GOODS-1", "GOODS-2")
def test_int4_holdings_stay_between_0_and_6() -> None:
    # 002's literal "weniger als 0 oder mehr als 6" is not followed: gains stop at 6 ...
    state = position(goods=[Goods(fish=5, stone=6), Goods()], display=["admiralty"])
    state = harbour.apply_move(state, go("admiralty"))
    assert state.players[0].goods == Goods(6, 1, 1, 6)
    # ... and no spend may take a good below 0: Butcher's Quay spends 3 fish.
    state = position(goods=[Goods(fish=2), Goods()], display=["butchers-quay"])
    state = harbour.apply_move(state, go("butchers-quay"))
    assert state.players[0].goods == Goods(fish=2)


# --------------------------------------------------------------------------- INT-5


@pytest.mark.rules("INT-5", "TOLL-5")
def test_int5_an_unpayable_toll() -> None:
    # Holding nothing, Player 1 wants Player 2's Gossip Tavern (swap two market squares).
    state = position(goods=[Goods(), Goods(fish=1)], owned=[[], ["gossip-tavern"]])
    assert go("gossip-tavern") not in harbour.legal_moves(state)
    assert refused(state, go("gossip-tavern")) == "TOLL-5"
    forgiven = with_options(state, unpayable_toll=harbour.UnpayableToll.FORGIVEN)
    forgiven = harbour.apply_move(forgiven, go("gossip-tavern"))
    assert forgiven.pending == PendingToll(1)
    assert harbour.legal_moves(forgiven) == (harbour.DeferToll(),)
    forgiven = play(forgiven, harbour.DeferToll(), harbour.SwapSquares(0, 1))
    assert forgiven.market == (L, F, W, S)
    assert forgiven.current == 1 and forgiven.players[1].goods == Goods(fish=1)


# --------------------------------------------------------------------------- INT-6


@pytest.mark.rules("INT-6", "ACT-7", "BUY-1")
def test_int6_buying_is_optional_by_default_and_mandatory_as_the_alternative() -> None:
    optional = buying(Goods(fish=2, livestock=3), ["net-loft", "chandlery"])
    assert harbour.Ship(()) in ships(optional)
    declined = harbour.apply_move(optional, harbour.Ship(()))
    assert declined.players[0].goods == Goods(fish=2, livestock=3) and declined.current == 1
    mandatory = buying(
        Goods(fish=2, livestock=3), ["net-loft", "chandlery"], buying=harbour.BuyRule.MANDATORY
    )
    assert {m.goods for m in ships(mandatory)} == {(L,), (F, L)}
    assert refused(mandatory, harbour.Ship(())) == "INT-6"
    # With nothing affordable, shipping nothing stays the one move.
    broke = buying(Goods(fish=1), ["net-loft"], buying=harbour.BuyRule.MANDATORY)
    assert harbour.legal_moves(broke) == (harbour.Ship(()),)


@pytest.mark.rules("INT-6", "BUY-5")
def test_int6_mandatory_buy_two_buys_as_many_as_can_be_afforded() -> None:
    # Wood $4 + stone $5 = $9: Net Loft ($3) and Gossip Tavern ($4) together.
    default = at_auction_rooms(Goods(wood=4, stone=5), ["net-loft", "gossip-tavern"], [])
    default = harbour.apply_move(default, harbour.Ship((W, S)))
    assert (card("net-loft"),) in purchases(default)
    mandatory = at_auction_rooms(
        Goods(wood=4, stone=5), ["net-loft", "gossip-tavern"], [], buying=harbour.BuyRule.MANDATORY
    )
    mandatory = harbour.apply_move(mandatory, harbour.Ship((W, S)))
    assert purchases(mandatory) == {(card("net-loft"), card("gossip-tavern"))}
    assert refused(mandatory, harbour.Purchase((card("net-loft"),))) == "INT-6"


# --------------------------------------------------------------------------- INT-7


@pytest.mark.rules("INT-7", "BUY-1", "MARKET-1", "MARKET-2")
def test_int7_shipping_without_buying() -> None:
    # $3 of livestock buys nothing in this display.
    default = buying(Goods(livestock=4, stone=1), ["chandlery"])
    assert refused(default, harbour.Ship((L,))) == "BUY-1"
    allowed = buying(Goods(livestock=4, stone=1), ["chandlery"], ship_without_buying=True)
    assert harbour.Ship((L,)) in ships(allowed)
    after = harbour.apply_move(allowed, harbour.Ship((L,)))
    assert after.players[0].goods == Goods(stone=1)  # the livestock is gone, the money lost
    assert after.market == (L, F, W, S)  # and the market adjusts
    assert after.players[0].buildings == () and after.current == 1


@pytest.mark.rules("INT-7", "BUY-1")
def test_int7_after_shipping_a_building_must_be_bought_by_default() -> None:
    default = harbour.apply_move(buying(Goods(livestock=3), ["net-loft"]), harbour.Ship((L,)))
    assert harbour.Purchase(()) not in harbour.legal_moves(default)
    assert refused(default, harbour.Purchase(())) == "BUY-1"
    allowed = buying(Goods(livestock=3), ["net-loft"], ship_without_buying=True)
    allowed = harbour.apply_move(allowed, harbour.Ship((L,)))
    assert isinstance(allowed.pending, PendingPurchase)
    assert harbour.Purchase(()) in harbour.legal_moves(allowed)
    allowed = harbour.apply_move(allowed, harbour.Purchase(()))
    assert allowed.players[0].buildings == () and allowed.market == (L, F, W, S)


# --------------------------------------------------------------------------- INT-8


@pytest.mark.rules("INT-8", "DISPLAY-1", "END-1")
def test_int8_an_empty_deck() -> None:
    default = buying(
        Goods(livestock=3), ["net-loft", "herring-boats", "salt-pans"], deck=[], players=3
    )
    default = play(default, harbour.Ship((L,)), harbour.Purchase((card("net-loft"),)))
    assert default.display == (card("herring-boats"), card("salt-pans"))
    assert default.last_round_turns is None
    last = buying(
        Goods(livestock=3),
        ["net-loft", "herring-boats", "salt-pans"],
        deck=[],
        players=3,
        empty_deck=harbour.EmptyDeck.LAST_ROUND,
    )
    last = play(last, harbour.Ship((L,)), harbour.Purchase((card("net-loft"),)))
    assert last.display == (card("herring-boats"), card("salt-pans"))
    assert not harbour.is_over(last)
    last = play(last, go("herring-boats"), go("salt-pans"))
    assert harbour.is_over(last)  # each other player had one last turn


@pytest.mark.rules("INT-8", "ACT-7")
def test_int8_an_empty_deck_found_mid_action_still_starts_the_last_round() -> None:
    # Dry Dock: buy first, then gain a good of choice; the purchase empties the display slot
    # in one move and the turn ends in a later one.
    from harbour.cards.effects import Buy, GainChoice
    from harbour.state import PendingEffect

    state = position(
        goods=[Goods(stone=6), Goods(1, 1, 1, 1)],
        display=["net-loft", "smokehouse", "timber-wharf", "cattle-pens", "chandlery"],
        deck=[],
        options=harbour.RulesOptions(empty_deck=harbour.EmptyDeck.LAST_ROUND),
        stack=(PendingEffect(GainChoice(1)), PendingEffect(Buy())),
    )
    state = play(state, harbour.Ship((S,)), harbour.Purchase((card("net-loft"),)))
    assert state.last_round_turns is None and state.current == 0  # the gain is still due
    state = play(state, harbour.TakeGoods(Goods(fish=1)))
    assert state.last_round_turns == 1 and state.current == 1


# --------------------------------------------------------------------------- INT-9


@pytest.mark.rules("INT-9", "SYM-1", "BUY-6")
def test_int9_coins_and_two_buildings() -> None:
    # One coin (Quarry Steps). Stone $5. Net Loft $3 + Gossip Tavern $4:
    # each discounted $2 + $3 = $5 fits; once per action $7 - $1 = $6 does not.
    pair = (card("net-loft"), card("gossip-tavern"))
    each = at_auction_rooms(Goods(stone=5), ["net-loft", "gossip-tavern"], ["quarry-steps"])
    each = harbour.apply_move(each, harbour.Ship((S,)))
    assert pair in purchases(each)
    once = at_auction_rooms(
        Goods(stone=5),
        ["net-loft", "gossip-tavern"],
        ["quarry-steps"],
        coin_discount=harbour.CoinDiscount.ONCE_PER_ACTION,
    )
    once = harbour.apply_move(once, harbour.Ship((S,)))
    assert pair not in purchases(once)
    assert refused(once, harbour.Purchase(pair)) == "BUY-6"
    assert (card("gossip-tavern"),) in purchases(once)


# --------------------------------------------------------------------------- INT-10


@pytest.mark.rules("INT-10", "SYM-3")
def test_int10_which_shipped_goods_warehouses_keep() -> None:
    # Two warehouses (Smokehouse, Tannery); only fish is shipped, for $2 (a coin from Quarry
    # Steps makes the Net Loft cost $2).
    owned = ["smokehouse", "tannery", "quarry-steps"]
    default = buying(Goods(fish=4), ["net-loft"], owned=owned)
    assert {m.keep for m in ships(default) if m.goods == (F,)} == {
        Goods(),
        Goods(fish=1),
        Goods(fish=2),
    }
    after = harbour.apply_move(default, harbour.Ship((F,), Goods(fish=2)))
    assert after.players[0].goods == Goods(fish=2)
    one = buying(
        Goods(fish=4),
        ["net-loft"],
        owned=owned,
        warehouse_keep=harbour.WarehouseKeep.ONE_PER_GOOD,
    )
    assert {m.keep for m in ships(one) if m.goods == (F,)} == {Goods(), Goods(fish=1)}
    assert refused(one, harbour.Ship((F,), Goods(fish=2))) == "INT-10"


@pytest.mark.rules("INT-10", "SYM-3")
def test_int10_never_more_of_a_good_than_was_held() -> None:
    # Three warehouses but only 2 fish shipped (fish on $2): at most 2 fish kept.
    state = buying(
        Goods(fish=2), ["net-loft"], owned=["smokehouse", "tannery", "bonded-store", "quarry-steps"]
    )
    assert {m.keep for m in ships(state) if m.goods == (F,)} == {
        Goods(),
        Goods(fish=1),
        Goods(fish=2),
    }


# --------------------------------------------------------------------------- INT-11


@pytest.mark.rules("INT-11", "SETUP-2")
def test_int11_the_reshuffle_can_be_turned_off() -> None:
    off = harbour.RulesOptions(reshuffle_display=False)

    def buys(state: GameState) -> int:
        return sum(1 for c in state.display if state.building(c).shows_buy_symbol)

    seeds = [s for s in range(400) if buys(harbour.new_game(4, seed=s, options=off)) >= 3]
    assert seeds
    for seed in seeds:
        default = harbour.new_game(4, seed=seed)
        assert buys(default) < 3
        assert default.display != harbour.new_game(4, seed=seed, options=off).display


# --------------------------------------------------------------------------- INT-12, INT-13


@pytest.mark.rules("INT-12", "SETUP-6")
def test_int12_seat_0_starts() -> None:
    for players in (2, 3, 4):
        state = harbour.new_game(players, seed=players)
        for _ in range(players):
            state = harbour.apply_move(state, harbour.ChooseStartingGoods(Goods(fish=3)))
        assert state.current == 0 and state.turn == 1


@pytest.mark.rules("INT-13", "TURN-4", "TOLL-1")
def test_int13_a_useless_building_may_be_used_and_its_toll_is_still_due() -> None:
    # Fishmonger's Row spends 1 fish; Player 1 holds only stone. It is Player 2's.
    state = position(goods=[Goods(stone=2), Goods()], owned=[[], ["fishmongers-row"]])
    assert go("fishmongers-row") in harbour.legal_moves(state)
    state = harbour.apply_move(state, go("fishmongers-row"))
    assert state.pending == PendingToll(1)
    state = harbour.apply_move(state, harbour.PayToll(S))
    assert state.players[0].goods == Goods(stone=1)
    assert state.players[1].goods == Goods(stone=1)
    assert state.current == 1


# --------------------------------------------------------------------------- INT-14, INT-15


@pytest.mark.rules("INT-14", "BUY-5", "DISPLAY-1")
def test_int14_both_buildings_come_from_the_display_before_the_refill() -> None:
    state = position(
        goods=[Goods(wood=4, stone=5), Goods()],
        market=(F, L, W, S),
        display=["auction-rooms", "net-loft", "money-changer"],
        deck=["gossip-tavern", "smokehouse"],
    )
    state = play(state, go("auction-rooms"), harbour.Ship((W, S)))
    # $9 pays $3 + $6 together; the deck's Gossip Tavern is not offered.
    assert (card("net-loft"), card("money-changer")) in purchases(state)
    assert all(card("gossip-tavern") not in p for p in purchases(state))
    state = harbour.apply_move(state, harbour.Purchase((card("net-loft"), card("money-changer"))))
    assert state.display == (card("auction-rooms"), card("gossip-tavern"), card("smokehouse"))


@pytest.mark.rules("INT-15", "SYM-1")
def test_int15_a_coin_on_the_building_being_bought_does_not_count() -> None:
    # Quarry Steps ($4) shows a coin. With $3 (livestock) it stays out of reach.
    state = buying(Goods(livestock=3), ["quarry-steps", "net-loft"])
    state = harbour.apply_move(state, harbour.Ship((L,)))
    assert purchases(state) == {(card("net-loft"),)}
    assert refused(state, harbour.Purchase((card("quarry-steps"),))) == "BUY-6"
    # Nor does it discount the other building of a buy-two: $4 + $3 = $7 > $6.
    two = at_auction_rooms(Goods(fish=2, wood=4), ["quarry-steps", "net-loft"], [])
    two = harbour.apply_move(two, harbour.Ship((F, W)))
    assert (card("quarry-steps"), card("net-loft")) not in purchases(two)


# --------------------------------------------------------------------------- INT-16, INT-17


@pytest.mark.rules("INT-16", "SETUP-5")
def test_int16_the_card_set_marks_the_first_game_buildings() -> None:
    trio = ORIGINAL_SET.first_game_buildings
    assert len(trio) == 3
    assert {ORIGINAL_SET.buildings[i].key for i in trio} == {
        "net-loft",
        "quarry-steps",
        "dockhands-hall",
    }

    def plain(key: str, first: bool = False) -> Building:
        return Building(key, key.title(), 3, 1, (Symbol.ANCHOR,), Gain(Goods(fish=1)), first)

    own = custom_set([plain(f"b{i}", first=i in (4, 5, 6)) for i in range(10)])
    options = harbour.RulesOptions(first_game=True)
    for seed in range(10):
        state = harbour.new_game(2, seed=seed, options=options, cards=own)
        assert {own.index_of(k) for k in ("b4", "b5", "b6")} <= set(state.display)
    two_marked = custom_set(
        [plain(f"b{i}", first=i in (1, 2)) for i in range(8)]
        + [Building("buy", "Buy", 3, 1, (Symbol.COIN,), Buy())]
    )
    with pytest.raises(ValueError):
        harbour.new_game(2, seed=0, options=options, cards=two_marked)


@pytest.mark.rules("INT-17", "TOLL-1", "GOODS-2")
def test_int17_a_toll_may_be_paid_in_a_good_the_owner_holds_6_of() -> None:
    state = position(goods=[Goods(stone=1), Goods(stone=6)], owned=[[], ["net-loft"]])
    state = harbour.apply_move(state, go("net-loft"))
    assert harbour.PayToll(S) in harbour.legal_moves(state)
    state = harbour.apply_move(state, harbour.PayToll(S))
    assert state.players[0].goods == Goods(fish=2)
    assert state.players[1].goods == Goods(stone=6)


# --------------------------------------------------------------------------- INT-36


def _double_buyer() -> harbour.GameState:
    """Player 1 holds plenty and moves to a building with two buy parts (a card file could
    print one)."""
    from harbour.cards import SwapMarket, TwoPart

    action = TwoPart(Buy(), TwoPart(Buy(), SwapMarket()))
    twice = Building("twice", "Twice Market", 9, 5, (Symbol.COIN,), action)
    cheap = [
        Building(f"shed-{i}", f"Shed {i}", 2, 1, (Symbol.ANCHOR,), Gain(Goods(fish=1)))
        for i in range(8)
    ]
    cards = custom_set([twice, *cheap])
    return position(
        goods=[Goods(fish=6, livestock=6), Goods()],
        market=(F, L, W, S),
        display=["twice", "shed-0", "shed-1", "shed-2", "shed-3"],
        cards=cards,
    )


@pytest.mark.rules("INT-36", "BUY-5", "TURN-4")
@pytest.mark.parametrize("limit", list(harbour.PurchaseLimit))
def test_int36_one_building_per_buy_action_or_per_turn(limit: harbour.PurchaseLimit) -> None:
    state = with_options(_double_buyer(), purchase_limit=limit)
    cards = state.cards
    state = play(
        state,
        harbour.MovePawn(CardSite(cards.index_of("twice"))),
        harbour.ChoosePart(0),
        harbour.Ship((F,)),
        harbour.Purchase((cards.index_of("shed-0"),)),
    )
    assert state.players[0].buildings == (cards.index_of("shed-0"),)
    assert state.current == 0 and state.bought_this_turn == 1
    state, events = harbour.apply_move_with_events(state, harbour.ChoosePart(0))
    if limit is harbour.PurchaseLimit.PER_ACTION:
        # The second buy part may buy again (000: "one building at a time").
        assert isinstance(state.pending, harbour.state.PendingEffect)
        state = play(state, harbour.Ship((L,)), harbour.Purchase((cards.index_of("shed-1"),)))
        assert len(state.players[0].buildings) == 2 and state.bought_this_turn == 2
    else:
        # 002's "ein Gebäude pro Zug": the second buy part can buy nothing and is skipped.
        buy = state.cards.buildings[cards.index_of("twice")].action.second.first  # type: ignore[union-attr]
        assert harbour.events.StepSkipped(0, buy, "INT-36") in events
    assert state.pending == harbour.state.PendingEffect(harbour.cards.SwapMarket())
    state = harbour.apply_move(state, harbour.SwapSquares(0, 1))
    assert state.current == 1 and state.bought_this_turn == 0  # counted afresh each turn


@pytest.mark.rules("INT-36", "TURN-6", "END-2")
def test_int36_a_skipped_last_buy_part_still_ends_the_turn() -> None:
    # The skipped buy part is the last decision of the turn: the turn must still end (the
    # next player moves), not leave an empty stack that reads as a game over.
    from harbour.cards import TwoPart

    both = Building("both", "Both Ways", 9, 5, (Symbol.COIN,), TwoPart(Buy(), Buy()))
    sheds = [
        Building(f"shed-{i}", f"Shed {i}", 2, 1, (Symbol.ANCHOR,), Gain(Goods(fish=1)))
        for i in range(8)
    ]
    state = position(
        goods=[Goods(fish=6, livestock=6), Goods()],
        display=["both", "shed-0", "shed-1", "shed-2", "shed-3"],
        cards=custom_set([both, *sheds]),
    )
    state = with_options(state, purchase_limit=harbour.PurchaseLimit.PER_TURN)
    cards = state.cards
    state = play(
        state,
        harbour.MovePawn(CardSite(cards.index_of("both"))),
        harbour.ChoosePart(0),
        harbour.Ship((F,)),
    )
    state, events = harbour.apply_move_with_events(
        state, harbour.Purchase((cards.index_of("shed-0"),))
    )
    assert [e.rule_id for e in events if isinstance(e, harbour.events.StepSkipped)] == ["INT-36"]
    assert not harbour.is_over(state)
    assert state.current == 1 and state.pending == PendingMove()


# --------------------------------------------------------------------------- INT-38


@pytest.mark.rules("INT-38", "CHAR-2")
def test_int38_the_card_set_decides_how_many_boards_there_are() -> None:
    assert len(ORIGINAL_SET.characters) == 8
    options = harbour.RulesOptions(characters=True)
    harbour.new_game(4, seed=1, options=options)  # 2 boards for each of 4 players
    fewer = attrs_evolve_characters(ORIGINAL_SET, 7)
    harbour.new_game(3, seed=1, options=options, cards=fewer)
    with pytest.raises(ValueError, match=r"CHAR-2"):
        harbour.new_game(4, seed=1, options=options, cards=fewer)


def attrs_evolve_characters(cards: harbour.cards.CardSet, count: int) -> harbour.cards.CardSet:
    import attrs

    return attrs.evolve(cards, characters=cards.characters[:count])


# --------------------------------------------------------------------------- INT-39


@pytest.mark.rules("INT-39", "BUY-8", "TURN-2", "TOLL-1")
def test_int39_the_display_building_a_pawn_stands_on_may_be_bought() -> None:
    state = position(
        goods=[Goods(fish=2, stone=5), Goods(fish=2)],
        market=(F, L, W, S),
        display=["counting-house", "net-loft"],
    )
    house = card("counting-house")  # $6; its own action buys a building
    state = play(state, go("counting-house"), harbour.Ship((F, S)))
    assert (house,) in purchases(state)
    state = harbour.apply_move(state, harbour.Purchase((house,)))
    assert state.players[0].buildings == (house,)
    assert state.players[0].pawn == CardSite(house)  # the pawn stays
    # Player 1's pawn still occupies it; they must leave it on their next turn, and then
    # Player 2 may use it, paying Player 1 a toll.
    assert refused(state, go("counting-house")) == "TURN-1"
    state = harbour.apply_move(state, go("net-loft"))
    assert refused(state, go("counting-house")) == "TURN-2"
    state = play(
        state,
        harbour.MovePawn(BoardSite(0)),
        harbour.ChooseOption(0),
        harbour.TakeGoods(Goods(fish=2)),
    )
    state = harbour.apply_move(state, go("counting-house"))
    assert state.pending == PendingToll(0)


# --------------------------------------------------------------------------- INT-41


@pytest.mark.rules("INT-41", "TOLL-2", "TOLL-4")
def test_int41_a_top_hat_bought_after_deferring_does_not_cancel_the_toll() -> None:
    # Player 2 owns the Merchant Lodge (gain 1 fish, and buy). Player 1 defers the toll,
    # ships stone and buys the Gossip Tavern, whose top hat waives later tolls only.
    state = position(
        goods=[Goods(stone=5), Goods()],
        market=(F, L, W, S),
        display=["gossip-tavern", "net-loft", "smokehouse", "chandlery", "salt-pans"],
        owned=[[], ["merchant-lodge"]],
    )
    state = play(
        state,
        go("merchant-lodge"),
        harbour.DeferToll(),
        harbour.ChoosePart(1),
        harbour.Ship((S,)),
        harbour.Purchase((card("gossip-tavern"),)),
    )
    assert state.symbol_count(0, Symbol.TOP_HAT) == 1
    assert harbour.legal_moves(state) == (harbour.PayToll(F),)  # still owed, after the fish
    assert harbour.validate(state) == ()
