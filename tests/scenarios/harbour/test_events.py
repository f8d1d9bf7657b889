"""The events ``apply_move_with_events`` reports: what happened, in order, and by which rule."""

from __future__ import annotations

import pytest

import harbour
from harbour import events as ev
from harbour.goods import Good, Goods
from harbour.state import BoardSite, CardSite, GameState, PendingGift, PendingMove
from tests.support.harbour import EVERY_ABILITY_SET, card, play, position, with_options

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE


def go(key: str) -> harbour.MovePawn:
    return harbour.MovePawn(CardSite(card(key)))


def applied(state: GameState, move: harbour.Move) -> tuple[GameState, tuple[ev.Event, ...]]:
    """Apply with events; the state must be the one ``apply_move`` gives."""
    after, events = harbour.apply_move_with_events(state, move)
    assert after == harbour.apply_move(state, move)
    return after, events


def kinds(events: tuple[ev.Event, ...]) -> list[type]:
    return [type(e) for e in events]


@pytest.mark.rules("TURN-1", "TOLL-1", "TOLL-2", "TOLL-3", "ACT-1", "TURN-5")
def test_a_deferred_toll_paid_after_the_action() -> None:
    state = position(
        goods=[Goods(), Goods()],
        display=["chandlery"],
        owned=[[], ["smokehouse"]],
        pawns=[None, BoardSite(1)],
    )
    after, events = applied(state, go("smokehouse"))
    assert events == (
        ev.PawnMoved(0, CardSite(card("smokehouse")), None, owner=1, rule_id="TURN-1"),
        ev.TollDue(0, 1),
    )
    after, events = applied(after, harbour.DeferToll())
    assert events == (
        ev.TollDeferred(0, 1),
        ev.GoodsGained(0, Goods(fish=1, livestock=1), Goods(fish=1, livestock=1), "ACT-1"),
    )
    after, events = applied(after, harbour.PayToll(F))
    assert events == (
        ev.TollPaid(0, 1, F, after_action=True, received=True),
        ev.TurnEnded(0, 1),
        ev.TurnBegan(1, 2),
    )
    assert all(e.rule_id for e in events)


@pytest.mark.rules("TOLL-4")
def test_a_top_hat_waives_the_toll() -> None:
    state = position(goods=[Goods(), Goods()], owned=[["gossip-tavern"], ["smokehouse"]])
    _, events = applied(state, go("smokehouse"))
    assert ev.TollWaived(0, 1) in events
    assert not any(isinstance(e, ev.TollDue) for e in events)


@pytest.mark.rules("GOODS-2", "INT-17")
def test_gains_over_six_are_reported_as_lost_and_a_full_owner_receives_no_toll() -> None:
    state = position(goods=[Goods(fish=5, stone=1), Goods(stone=6)], display=["herring-boats"])
    _, events = applied(state, go("herring-boats"))
    (gained,) = [e for e in events if isinstance(e, ev.GoodsGained)]
    assert (gained.wanted, gained.got, gained.lost) == (Goods(fish=3), Goods(fish=1), Goods(fish=2))
    tolled = position(goods=[Goods(stone=1), Goods(stone=6)], owned=[[], ["smokehouse"]])
    tolled = harbour.apply_move(tolled, go("smokehouse"))
    _, events = applied(tolled, harbour.PayToll(S))
    assert events[0] == ev.TollPaid(0, 1, S, after_action=False, received=False)


@pytest.mark.rules("ACT-3", "ACT-4", "TURN-4")
def test_per_symbol_gains_and_conversions_report_counts_and_skips() -> None:
    state = position(
        goods=[Goods(wood=1), Goods()],
        display=["mooring-posts", "kiln-works"],
        owned=[["net-loft"], []],
    )
    _, events = applied(state, go("mooring-posts"))
    assert ev.SymbolsCounted(0, harbour.cards.Symbol.ANCHOR, count=1, amount=1) in events
    assert ev.GoodsGained(0, Goods(livestock=1), Goods(livestock=1), "ACT-3") in events
    # One wood is too little for the Kiln Works (2 wood for 3 stone): skipped.
    _, events = applied(state, go("kiln-works"))
    effect = state.building(card("kiln-works")).action
    assert ev.StepSkipped(0, effect, "ACT-4") in events
    rich = position(goods=[Goods(wood=3), Goods()], display=["kiln-works"])
    _, events = applied(rich, go("kiln-works"))
    assert ev.GoodsConverted(0, Goods(wood=2), Goods(stone=3), Goods(stone=3), "ACT-4") in events


@pytest.mark.rules("BUY-4", "MARKET-2", "BUY-6", "BUY-8", "DISPLAY-1", "SYM-1")
def test_a_shipment_and_a_purchase() -> None:
    state = position(
        goods=[Goods(fish=2, stone=5), Goods()],
        market=(F, L, W, S),
        display=["net-loft", "chandlery"],
        owned=[["quarry-steps"], []],  # one coin
        deck=["admiralty", "smokehouse"],
    )
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))
    after, events = applied(state, harbour.Ship((F, S)))
    shipped, adjusted = events[0], events[1]
    assert shipped == ev.GoodsShipped(
        0, (F, S), Goods(fish=2, stone=5), (2, 5), 0, 0, 7, Goods(), Goods()
    )
    assert adjusted == ev.MarketAdjusted((F, S), (F, L, W, S), after.market)
    after, events = applied(after, harbour.Purchase((card("chandlery"),)))
    assert events[0] == ev.BuildingsBought(0, (card("chandlery"),), listed=5, price=4, money=7)
    assert events[1] == ev.DisplayRefilled(1, card("admiralty"))
    assert after.display[1] == card("admiralty")


@pytest.mark.rules("INT-8")
def test_an_empty_deck_shrinks_the_display() -> None:
    state = position(goods=[Goods(stone=5), Goods()], display=["net-loft", "chandlery"], deck=[])
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1), harbour.Ship((S,)))
    _, events = applied(state, harbour.Purchase((card("net-loft"),)))
    assert ev.DeckRanOut(size=1) in events


@pytest.mark.rules("END-1", "END-2", "END-3")
def test_the_last_round_and_the_end_of_the_game() -> None:
    state = position(
        goods=[Goods(stone=5), Goods()],
        display=["net-loft", "chandlery"],
        owned=[["smokehouse", "salt-pans", "cattle-pens"], []],
    )
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1), harbour.Ship((S,)))
    state, events = applied(state, harbour.Purchase((card("net-loft"),)))
    assert ev.LastRoundBegan(0, turns=1, rule_id="END-1") in events
    assert events[-1] == ev.TurnBegan(1, 2)
    state, events = applied(state, harbour.MovePawn(BoardSite(1)))
    state, events = applied(state, harbour.ChooseOption(0))
    state, events = applied(state, harbour.TakeGoods(Goods(fish=2)))
    assert harbour.is_over(state)
    assert events[-1] == ev.GameEnded(harbour.outcome(state))
    assert not any(isinstance(e, ev.TurnBegan) for e in events)


@pytest.mark.rules("ABIL-10", "ABIL-6", "ABIL-1")
def test_abilities_report_their_gifts_and_extra_goods() -> None:
    cards = EVERY_ABILITY_SET
    boards = [c.key for c in cards.characters]
    sharer = next(k for k in boards if "ShareOccupied" in cards.characters[boards.index(k)].name)
    extra = next(k for k in boards if "ExtraGain" in cards.characters[boards.index(k)].name)
    state = position(
        goods=[Goods(fish=1), Goods(fish=1)],
        display=["net-loft"],
        pawns=[None, CardSite(card("net-loft"))],
        cards=cards,
        boards=[sharer, extra],
    )
    after, events = applied(state, go("net-loft"))
    assert events[0] == ev.PawnMoved(
        0, CardSite(card("net-loft")), None, owner=None, joined=(1,), rule_id="ABIL-10"
    )
    assert ev.GiftOwed(1, 1, "ABIL-10") in events
    after, events = applied(after, harbour.TakeGoods(Goods(stone=1)))
    assert events[0] == ev.GoodsGained(1, Goods(stone=1), Goods(stone=1), "ABIL-10")
    # The Fisherman-like extra fish (ABIL-1) follows the action's gain.
    fisher = position(
        goods=[Goods(), Goods()], display=["net-loft"], cards=cards, boards=[extra, None]
    )
    _, events = applied(fisher, go("net-loft"))
    gains = [e for e in events if isinstance(e, ev.GoodsGained)]
    assert [g.rule_id for g in gains] == ["ACT-1", "ABIL-1"]
    assert gains[1].wanted == Goods(fish=1)


@pytest.mark.rules("TURN-6")
def test_an_illegal_move_raises_and_reports_nothing() -> None:
    state = position(goods=[Goods(), Goods()], display=["net-loft"])
    with pytest.raises(harbour.IllegalMoveError) as err:
        harbour.apply_move_with_events(state, harbour.Purchase(()))
    assert err.value.rule_id == "TURN-6"
    assert state.stack == (PendingMove(),)


@pytest.mark.rules("INT-5")
def test_a_forgiven_toll_is_an_event() -> None:
    state = with_options(
        position(goods=[Goods(), Goods()], owned=[[], ["gossip-tavern"]]),
        unpayable_toll=harbour.UnpayableToll.FORGIVEN,
    )
    state = play(state, go("gossip-tavern"), harbour.DeferToll())
    _, events = applied(state, harbour.SwapSquares(0, 1))
    assert ev.TollForgiven(0, 1) in events


@pytest.mark.rules("ACT-5", "TURN-4")
def test_a_flexible_conversion_nobody_can_pay_is_skipped_as_an_event() -> None:
    state = position(goods=[Goods(fish=1), Goods()], display=["money-changer"])  # spend 2
    _, events = applied(state, go("money-changer"))
    effect = state.building(card("money-changer")).action
    assert ev.StepSkipped(0, effect, "ACT-5") in events


@pytest.mark.rules("INT-8", "END-1")
def test_an_empty_deck_begins_the_last_round_under_its_reading() -> None:
    state = with_options(
        position(goods=[Goods(stone=5), Goods()], display=["net-loft", "chandlery"], deck=[]),
        empty_deck=harbour.EmptyDeck.LAST_ROUND,
    )
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1), harbour.Ship((S,)))
    _, events = applied(state, harbour.Purchase((card("net-loft"),)))
    assert ev.LastRoundBegan(0, turns=1, rule_id="INT-8") in events


@pytest.mark.rules("BUY-6", "INT-7", "SETUP-5")
def test_buying_nothing_and_first_game_goods_are_events() -> None:
    state = with_options(
        position(goods=[Goods(stone=5), Goods()], display=["net-loft", "chandlery"]),
        ship_without_buying=True,
    )
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1), harbour.Ship((S,)))
    _, events = applied(state, harbour.Purchase(()))
    assert events[0] == ev.NothingBought(0, 5)
    first = harbour.new_game(2, seed=1, options=harbour.RulesOptions(first_game=True))
    _, events = applied(first, harbour.ChooseStartingGoods(Goods(1, 1, 1, 1)))
    assert events == (ev.StartingGoodsChosen(0, Goods(1, 1, 1, 1), "SETUP-5"),)


@pytest.mark.rules("DISPLAY-1", "BUY-5", "INT-14", "ABIL-6", "INT-31")
def test_two_buildings_refill_their_places_in_the_displays_order() -> None:
    cards = EVERY_ABILITY_SET
    investor = next(c.key for c in cards.characters if "GainOnPurchase" in c.name)
    # The Chandlery (index 12) shows before the Net Loft (index 0).
    state = position(
        goods=[Goods(wood=4, stone=5), Goods()],
        display=["auction-rooms", "chandlery", "net-loft"],
        deck=["admiralty", "smokehouse"],
        cards=cards,
        boards=[investor, None],
    )
    state = play(state, go("auction-rooms"), harbour.Ship((W, S)))
    after, events = applied(state, harbour.Purchase((card("net-loft"), card("chandlery"))))
    assert events[0] == ev.BuildingsBought(
        0,
        (card("chandlery"), card("net-loft")),
        listed=8,
        price=6,
        money=9,  # a coin each
    )
    assert events[1:3] == (
        ev.DisplayRefilled(1, card("admiralty")),
        ev.DisplayRefilled(2, card("smokehouse")),
    )
    assert after.players[0].buildings == (card("chandlery"), card("net-loft"))
    assert after.bought_this_turn == 2
    assert isinstance(after.pending, PendingGift) and after.pending.times == 2
