"""The interpretations of the optional parts (INT-24 to INT-35).

Each test checks the default reading; where a `RulesOptions` field or a card-set field
selects another reading (INT-24 `alchemist`, INT-25 `beggar`, INT-29
`CardSet.inland_traders_price`), it also checks that the alternatives behave differently.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import harbour
from harbour.cards.abilities import (
    Ability,
    AlchemistConversion,
    CollectWhenShipped,
    ExtraGain,
    FreeBuildingAtSetup,
    GainOnPurchase,
    GainWhenOthersUseStart,
    ShareOccupiedBuildings,
    ShippingKeepsExcess,
    ShippingKeepsOneEach,
)
from harbour.cards.characters import ORIGINAL_BONUS_CARDS
from harbour.cards.effects import Buy, Effect, Gain, GainChoice, OneOf, TwoPart
from harbour.cards.model import DEFAULT_INLAND_TRADERS_PRICE, CardSet, PlayerBoard
from harbour.cards.original import ORIGINAL_BOARD, ORIGINAL_BUILDINGS, ORIGINAL_SET
from harbour.goods import Good, Goods
from harbour.positions import replace
from harbour.state import (
    BoardSite,
    CardSite,
    GameState,
    PendingEffect,
    PendingFreeBuilding,
    PendingGift,
    PendingMove,
    PendingPurchase,
    PendingStartingGoods,
    PendingToll,
    PendingTollAfter,
)
from tests.support.harbour import card, play, position

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE
FEE = harbour.AlchemistReading.FEE_THEN_TWO_FOR_TWO
TWO_FOR_ONE = harbour.AlchemistReading.TWO_FOR_ONE
ONE_FOR_TWO = harbour.AlchemistReading.ONE_FOR_TWO
OWN = harbour.BeggarTrigger.OWN_STARTING_BUILDING
ANY = harbour.BeggarTrigger.ANY_STARTING_BUILDING


def start(good: Good) -> Effect:
    return OneOf((GainChoice(1, fixed=Goods.single(good)), Buy()))


def board(key: str, ability: Ability | None, action: Effect | None = None) -> PlayerBoard:
    return PlayerBoard(
        key,
        key.title(),
        (),
        action or start(F),
        ability,
        f"test {key}",
        "test",
    )


BOARDS: tuple[PlayerBoard, ...] = (
    board("alchemist", AlchemistConversion()),
    board("beggar", GainWhenOthersUseStart(1)),
    board("fisherman", ExtraGain(F)),
    board("noble", FreeBuildingAtSetup(2)),
    board("diplomat", ShareOccupiedBuildings(1)),
    board("investor", GainOnPurchase(1)),
    board("bookkeeper", ShippingKeepsExcess()),
    board("wholesailer", ShippingKeepsOneEach(1)),
    board("mason", CollectWhenShipped(S)),
    # A starting building with two gain steps (for INT-35); no ability.
    board("twin", None, TwoPart(Gain(Goods(fish=1)), Gain(Goods(wood=1)))),
)
SET = CardSet(
    name="interpretations test set",
    buildings=ORIGINAL_BUILDINGS,
    board=ORIGINAL_BOARD,
    original=False,
    characters=BOARDS,
    bonus_cards=ORIGINAL_BONUS_CARDS,
)
HOME = harbour.MovePawn(BoardSite(0))
BUY_AT_HOME = (HOME, harbour.ChooseOption(1))
SINGLES = {Goods.single(g) for g in harbour.GOODS}


def at(
    goods: list[Goods],
    boards: list[str | None],
    *,
    display: list[str] | None = None,
    cards: CardSet = SET,
    **rest: Any,
) -> GameState:
    """A position with these goods and character boards (by key), in the test card set."""
    return position(
        goods=goods,
        boards=boards,
        display=display or ["net-loft", "timber-wharf", "chandlery", "herring-boats"],
        cards=cards,
        **rest,
    )


def go(key: str) -> harbour.MovePawn:
    return harbour.MovePawn(CardSite(card(key)))


def refused(state: GameState, move: harbour.Move) -> str:
    with pytest.raises(harbour.IllegalMoveError) as err:
        harbour.apply_move(state, move)
    return err.value.rule_id


def conversions(state: GameState) -> set[harbour.UseAbility]:
    return {m for m in harbour.legal_moves(state) if isinstance(m, harbour.UseAbility)}


def gifts(state: GameState) -> set[Goods]:
    return {m.goods for m in harbour.legal_moves(state) if isinstance(m, harbour.TakeGoods)}


def money(state: GameState) -> int:
    assert isinstance(state.pending, PendingPurchase)
    return state.pending.money


# --------------------------------------------------------------------------- INT-24


def alchemist(reading: harbour.AlchemistReading | None) -> GameState:
    """The Alchemist with 3 fish and 1 livestock, about to move."""
    options = harbour.RulesOptions() if reading is None else harbour.RulesOptions(alchemist=reading)
    return at([Goods(fish=3, livestock=1), Goods()], ["alchemist", None], options=options)


def use(fee: Goods, spend: Good, gain: Good) -> harbour.UseAbility:
    return harbour.UseAbility(fee, spend, gain)


@pytest.mark.rules("INT-24", "ABIL-11")
def test_alchemist_default_pays_a_good_then_turns_2_into_2() -> None:
    assert harbour.RulesOptions().alchemist is FEE
    assert FEE.terms == (1, 2, 2)
    state = alchemist(None)
    # Fee fish (then 2 of the 2 fish left) or fee livestock (then 2 of the 3 fish).
    assert conversions(state) == {
        use(Goods.single(fee), F, target) for fee in (F, L) for target in (L, W, S)
    }
    after = harbour.apply_move(state, use(Goods(livestock=1), F, S))
    assert after.players[0].goods == Goods(fish=1, stone=2)
    after = harbour.apply_move(state, use(Goods(fish=1), F, W))
    assert after.players[0].goods == Goods(livestock=1, wood=2)
    # No fee: refused under this reading.
    assert refused(state, use(Goods(), F, S)) == "ABIL-11"


@pytest.mark.rules("INT-24", "ABIL-11")
def test_alchemist_two_for_one_reading() -> None:
    assert TWO_FOR_ONE.terms == (0, 2, 1)
    state = alchemist(TWO_FOR_ONE)
    assert conversions(state) == {use(Goods(), F, target) for target in (L, W, S)}
    after = harbour.apply_move(state, use(Goods(), F, S))
    assert after.players[0].goods == Goods(fish=1, livestock=1, stone=1)
    assert refused(state, use(Goods(livestock=1), F, S)) == "ABIL-11"


@pytest.mark.rules("INT-24", "ABIL-11")
def test_alchemist_one_for_two_reading() -> None:
    assert ONE_FOR_TWO.terms == (0, 1, 2)
    state = alchemist(ONE_FOR_TWO)
    assert conversions(state) == {use(Goods(), F, t) for t in (L, W, S)} | {
        use(Goods(), L, t) for t in (F, W, S)
    }
    after = harbour.apply_move(state, use(Goods(), F, S))
    assert after.players[0].goods == Goods(fish=2, livestock=1, stone=2)
    after = harbour.apply_move(state, use(Goods(), L, F))
    assert after.players[0].goods == Goods(fish=5)


@pytest.mark.rules("INT-24")
def test_the_three_readings_give_three_different_results() -> None:
    results = set()
    for reading in harbour.AlchemistReading:
        state = alchemist(reading)
        fee = Goods(livestock=1) if reading is FEE else Goods()
        results.add(harbour.apply_move(state, use(fee, F, S)).players[0].goods)
    assert len(results) == 3


# --------------------------------------------------------------------------- INT-25


def beggar_table(trigger: harbour.BeggarTrigger | None) -> GameState:
    """The Beggar in seat 0; seats 1 and 2 generic; seat 1 to move."""
    options = harbour.RulesOptions() if trigger is None else harbour.RulesOptions(beggar=trigger)
    return at(
        [Goods(fish=1), Goods(fish=2), Goods(fish=1)],
        ["beggar", None, None],
        current=1,
        options=options,
    )


def gain_at(state: GameState, seat: int) -> GameState:
    """Seat 1 uses ``seat``'s starting building and gains goods from it."""
    state = harbour.apply_move(state, harbour.MovePawn(BoardSite(seat)))
    if isinstance(state.pending, PendingToll):
        state = harbour.apply_move(state, harbour.PayToll(F))
    state = harbour.apply_move(state, harbour.ChooseOption(0))
    effect = state.pending
    assert isinstance(effect, PendingEffect) and isinstance(effect.effect, GainChoice)
    return harbour.apply_move(state, harbour.TakeGoods(Goods(stone=effect.effect.amount)))


@pytest.mark.rules("INT-25", "ABIL-7")
def test_beggar_default_wakes_for_a_players_own_starting_building_only() -> None:
    assert harbour.RulesOptions().beggar is OWN
    own = gain_at(beggar_table(None), 1)
    assert own.pending == PendingGift(0, 1)
    assert harbour.current_player(own) == 0
    for seat in (0, 2):  # the Beggar's own board, a third player's board
        other = gain_at(beggar_table(None), seat)
        assert other.pending == PendingMove()
        assert harbour.current_player(other) == 2


@pytest.mark.rules("INT-25", "ABIL-7")
def test_beggar_any_starting_building_reading() -> None:
    for seat in (1, 0, 2):
        state = gain_at(beggar_table(ANY), seat)
        assert state.pending == PendingGift(0, 1)
        assert harbour.current_player(state) == 0
        state = harbour.apply_move(state, harbour.TakeGoods(Goods(wood=1)))
        assert state.players[0].goods.wood == 1
        assert harbour.current_player(state) == 2
    # Under either reading the Beggar gains nothing from his own use of a start.
    for trigger in (OWN, ANY):
        state = at(
            [Goods(), Goods()], ["beggar", None], options=harbour.RulesOptions(beggar=trigger)
        )
        state = play(state, HOME, harbour.ChooseOption(0), harbour.TakeGoods(Goods(wood=1)))
        assert state.pending == PendingMove() and state.current == 1
        assert state.players[0].goods == Goods(fish=1, wood=1)


# --------------------------------------------------------------------------- INT-26


@pytest.mark.rules("INT-26", "ABIL-1", "ACT-1", "ACT-3", "ACT-5", "ACT-7")
def test_fisherman_one_more_fish_once_per_gain_of_any_kind() -> None:
    display = ["admiralty", "merchant-lodge", "money-changer", "bonded-store"]
    fisher = at(
        [Goods(wood=2), Goods()], ["fisherman", None], display=display, owned=[["smokehouse"], []]
    )
    # Admiralty: 1 of each -> 1 + 1 fish (once, not per good).
    assert harbour.apply_move(fisher, go("admiralty")).players[0].goods == Goods(2, 1, 3, 1)
    # Merchant Lodge, gain part: 1 fish + 1.
    lodge = play(fisher, go("merchant-lodge"), harbour.ChoosePart(0))
    assert lodge.players[0].goods == Goods(fish=2, wood=2)
    # Money Changer: 2 wood -> 3 fish, + 1.
    changed = play(fisher, go("money-changer"), harbour.ExchangeGoods(W, (F,)))
    assert changed.players[0].goods == Goods(fish=4)
    # Bonded Store: 1 fish per warehouse (the Smokehouse's), + 1.
    assert harbour.apply_move(fisher, go("bonded-store")).players[0].goods == Goods(fish=2, wood=2)


@pytest.mark.rules("INT-26", "ABIL-1", "TOLL-1", "SETUP-4")
def test_fisherman_gets_no_extra_fish_from_tolls_gifts_or_setup_goods() -> None:
    # Setup goods.
    setup = at([Goods(), Goods()], ["fisherman", None])
    setup = replace(setup, stack=(PendingStartingGoods(),), turn=0)
    setup = harbour.apply_move(setup, harbour.ChooseStartingGoods(Goods(fish=3)))
    assert setup.players[0].goods == Goods(fish=3)
    # A toll paid in fish.
    toll = at(
        [Goods(fish=1), Goods(fish=1)], ["fisherman", None], owned=[["timber-wharf"], []], current=1
    )
    toll = play(toll, go("timber-wharf"), harbour.PayToll(F))
    assert toll.players[0].goods == Goods(fish=2)
    # A gift: the Diplomat joins the Fisherman's pawn and the Fisherman takes a fish.
    gift = at(
        [Goods(fish=1), Goods(fish=1)],
        ["fisherman", "diplomat"],
        display=["net-loft", "chandlery"],
        pawns=[CardSite(card("net-loft")), None],
        current=1,
    )
    gift = harbour.apply_move(gift, go("net-loft"))
    assert gift.pending == PendingGift(0, 1)
    gift = harbour.apply_move(gift, harbour.TakeGoods(Goods(fish=1)))
    assert gift.players[0].goods == Goods(fish=2)
    # The Diplomat's own Net Loft gain is not the Fisherman's either: 2 fish.
    assert gift.players[1].goods == Goods(fish=3)


# --------------------------------------------------------------------------- INT-27


@pytest.mark.rules("INT-27", "BONUS-2", "END-4", "INT-2")
def test_traded_goods_do_not_count_for_the_goods_tie_breaker() -> None:
    # Seat 0: Net Loft (1 VP) + Fish Ledger trading 4 fish (2 VP) = 3 VP; 5 goods -> 1 left.
    # Seat 1: Salt Pans (3 VP), Livestock Ledger with no livestock; 3 goods.
    state = position(
        goods=[Goods(fish=4, wood=1), Goods(wood=3)],
        owned=[["net-loft"], ["salt-pans"]],
        stack=(),
    )
    players = (
        replace(state.players[0], bonus_card=0),
        replace(state.players[1], bonus_card=1),
    )
    state = replace(state, players=players)
    result = harbour.outcome(state)
    assert result.points == (3, 3)
    assert result.buildings == (1, 1)
    assert result.goods == (1, 3)
    assert result.winners == (1,)
    assert result.ranking == (1, 0)
    # Counted before the trade, seat 0 (5 goods) would have won.
    assert state.players[0].goods.total > state.players[1].goods.total


# --------------------------------------------------------------------------- INT-28


def noble_looking(deck: list[str]) -> GameState:
    """Setup: the Noble (seat 0) looks at the top 2 of ``deck``."""
    state = at(
        [Goods(), Goods()],
        ["noble", None],
        market=(L, S, F, W),
        display=["smokehouse", "timber-wharf", "chandlery", "herring-boats", "salt-pans"],
    )
    order = tuple(card(k) for k in deck)
    return replace(
        state,
        deck=order,
        stack=(PendingStartingGoods(), PendingFreeBuilding(0, order[:2])),
        turn=0,
    )


@pytest.mark.rules("INT-28", "ABIL-8", "DISPLAY-1")
def test_the_nobles_other_building_stays_on_top_of_the_deck() -> None:
    deck = ["admiralty", "net-loft", "kiln-works", "tannery"]
    state = noble_looking(deck)
    assert set(harbour.legal_moves(state)) == {
        harbour.ChooseFreeBuilding(card("admiralty")),
        harbour.ChooseFreeBuilding(card("net-loft")),
    }
    taken_second = harbour.apply_move(state, harbour.ChooseFreeBuilding(card("net-loft")))
    assert taken_second.deck == tuple(card(k) for k in ["admiralty", "kiln-works", "tannery"])
    taken_first = harbour.apply_move(state, harbour.ChooseFreeBuilding(card("admiralty")))
    assert taken_first.deck == tuple(card(k) for k in ["net-loft", "kiln-works", "tannery"])
    # The building left on top is the next one dealt to the display: stone on $3 buys the
    # Smokehouse ($3), whose slot is refilled with the Admiralty.
    state = play(
        taken_second,
        harbour.ChooseStartingGoods(Goods(stone=3)),
        harbour.ChooseStartingGoods(Goods(fish=3)),
        *BUY_AT_HOME,
        harbour.Ship((S,)),
        harbour.Purchase((card("smokehouse"),)),
    )
    assert state.display[0] == card("admiralty")
    assert state.deck == tuple(card(k) for k in ["kiln-works", "tannery"])


# --------------------------------------------------------------------------- INT-29


@pytest.mark.rules("INT-29", "INLAND-2")
def test_inland_traders_price_default_5_and_a_card_set_price() -> None:
    assert DEFAULT_INLAND_TRADERS_PRICE == 5
    assert ORIGINAL_SET.inland_traders_price == 5
    assert SET.inland_traders_price == 5

    def after_sale(cards: CardSet) -> GameState:
        state = position(
            goods=[Goods(1, 1, 1, 1), Goods(), Goods()],
            display=["net-loft", "chandlery", "herring-boats"],
            options=harbour.RulesOptions(inland_traders=True),
            cards=cards,
        )
        return play(state, *BUY_AT_HOME, harbour.SellToTraders(), harbour.Ship(()))

    default = after_sale(ORIGINAL_SET)
    assert money(default) == 5
    bought = {m.cards for m in harbour.legal_moves(default) if isinstance(m, harbour.Purchase)}
    assert bought == {(card("net-loft"),), (card("chandlery"),), ()}
    printed = after_sale(attrs.evolve(ORIGINAL_SET, inland_traders_price=7))
    assert money(printed) == 7
    bought = {m.cards for m in harbour.legal_moves(printed) if isinstance(m, harbour.Purchase)}
    assert bought == {(card("net-loft"),), (card("chandlery"),), (card("herring-boats"),), ()}
    with pytest.raises(ValueError):
        attrs.evolve(ORIGINAL_SET, inland_traders_price=0)


# --------------------------------------------------------------------------- INT-30


@pytest.mark.rules("INT-30", "ABIL-10", "TOLL-1", "TOLL-2")
def test_the_diplomats_host_gains_right_after_the_move_before_toll_and_action() -> None:
    state = at(
        [Goods(fish=1), Goods(fish=1)],
        ["diplomat", None],
        display=["net-loft", "chandlery"],
        owned=[[], ["timber-wharf"]],
        pawns=[None, CardSite(card("timber-wharf"))],
    )
    state = harbour.apply_move(state, go("timber-wharf"))
    assert state.stack[-3:] == (
        PendingEffect(Gain(Goods(wood=2))),
        PendingToll(1),
        PendingGift(1, 1),
    )
    assert harbour.current_player(state) == 1  # the host decides, out of turn
    assert harbour.observe(state, 0).decider == 1
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(stone=1)))
    assert state.players[1].goods == Goods(fish=1, stone=1)
    assert state.players[0].goods == Goods(fish=1)  # no toll, no action yet
    assert state.pending == PendingToll(1)
    assert harbour.current_player(state) == 0
    # The Diplomat may defer the toll and pay it with the action's wood (TOLL-2, TOLL-3).
    state = play(state, harbour.DeferToll())
    assert state.pending == PendingTollAfter(1)
    state = harbour.apply_move(state, harbour.PayToll(W))
    assert state.players[0].goods == Goods(fish=1, wood=1)
    assert state.players[1].goods == Goods(fish=1, wood=1, stone=1)
    # On a display building the host's gift comes before the action, and no toll is due.
    shown = at(
        [Goods(fish=1), Goods(fish=1)],
        ["diplomat", None],
        display=["net-loft"],
        pawns=[None, CardSite(card("net-loft"))],
    )
    shown = harbour.apply_move(shown, go("net-loft"))
    assert shown.stack[-2:] == (PendingEffect(Gain(Goods(fish=2))), PendingGift(1, 1))
    shown = harbour.apply_move(shown, harbour.TakeGoods(Goods(fish=1)))
    assert shown.players == (
        replace(shown.players[0], goods=Goods(fish=3)),
        replace(shown.players[1], goods=Goods(fish=2)),
    )


# --------------------------------------------------------------------------- INT-31


@pytest.mark.rules("INT-31", "ABIL-6")
def test_investor_one_good_per_building_chosen_together() -> None:
    display = ["dry-dock", "net-loft", "timber-wharf", "chandlery"]
    two = at([Goods(fish=2, stone=5), Goods()], ["investor", None], display=display)
    # Dry Dock: 1 good of choice and buy up to 2 buildings, in either order.
    two = play(two, go("dry-dock"), harbour.ChoosePart(1), harbour.Ship((F, S)))
    assert money(two) == 7
    one = harbour.apply_move(two, harbour.Purchase((card("chandlery"),)))
    assert one.pending == PendingGift(0, 1)
    assert gifts(one) == SINGLES
    both = harbour.apply_move(two, harbour.Purchase((card("net-loft"), card("timber-wharf"))))
    assert both.pending == PendingGift(0, 2)
    assert gifts(both) == {
        Goods(2, 0, 0, 0),
        Goods(0, 2, 0, 0),
        Goods(0, 0, 2, 0),
        Goods(0, 0, 0, 2),
        Goods(1, 1, 0, 0),
        Goods(1, 0, 1, 0),
        Goods(1, 0, 0, 1),
        Goods(0, 1, 1, 0),
        Goods(0, 1, 0, 1),
        Goods(0, 0, 1, 1),
    }
    both = harbour.apply_move(both, harbour.TakeGoods(Goods(livestock=2)))
    assert both.players[0].goods == Goods(livestock=2)
    # Then the other part of the Dry Dock (1 good of choice), then the turn ends.
    assert both.pending == PendingEffect(GainChoice(1))


# --------------------------------------------------------------------------- INT-32


@pytest.mark.rules("INT-32", "ABIL-2", "SYM-3")
def test_bookkeeper_and_warehouses_never_keep_more_than_was_held() -> None:
    # Three warehouses (Smokehouse, Bonded Store, Drovers' Road). 3 fish on $2: the
    # Bookkeeper keeps 1 excess; the warehouses could keep 3 more, but 3 were held.
    state = at(
        [Goods(fish=3, stone=5), Goods()],
        ["bookkeeper", None],
        owned=[["smokehouse", "bonded-store", "drovers-road"], []],
    )
    state = play(state, *BUY_AT_HOME)
    after = harbour.apply_move(state, harbour.Ship((F, S), Goods(fish=3)))
    assert after.players[0].goods == Goods(fish=3)
    after = harbour.apply_move(state, harbour.Ship((F, S), Goods(fish=1, stone=2)))
    assert after.players[0].goods == Goods(fish=1 + 1, stone=0 + 2)


@pytest.mark.rules("INT-32", "ABIL-3", "SYM-3")
def test_wholesailer_and_warehouses_add_up_to_at_most_what_was_held() -> None:
    state = at(
        [Goods(fish=3, stone=5), Goods()],
        ["wholesailer", None],
        owned=[["smokehouse", "bonded-store"], []],
    )
    state = play(state, *BUY_AT_HOME)
    # 1 of each kept + 1 fish by a warehouse.
    after = harbour.apply_move(state, harbour.Ship((F, S), Goods(fish=1)))
    assert after.players[0].goods == Goods(fish=2, stone=1)
    # 1 + 2 fish: 3 held, 3 kept.
    after = harbour.apply_move(state, harbour.Ship((F, S), Goods(fish=2)))
    assert after.players[0].goods == Goods(fish=3, stone=1)
    # 2 fish held: 1 + 2 would be 3, capped at 2.
    small = play(
        at(
            [Goods(fish=2, stone=5), Goods()],
            ["wholesailer", None],
            owned=[["smokehouse", "bonded-store"], []],
        ),
        *BUY_AT_HOME,
    )
    after = harbour.apply_move(small, harbour.Ship((F, S), Goods(fish=2)))
    assert after.players[0].goods == Goods(fish=2, stone=1)


# --------------------------------------------------------------------------- INT-33


@pytest.mark.rules("INT-33", "ABIL-5", "SYM-3")
def test_the_mason_collects_after_his_own_shipment() -> None:
    state = at([Goods(stone=5), Goods(stone=1)], ["mason", None])
    after = harbour.apply_move(play(state, *BUY_AT_HOME), harbour.Ship((S,)))
    assert after.players[0].goods == Goods(stone=1)
    assert after.players[1].goods == Goods(stone=1)
    # With a warehouse keeping a stone: 1 kept + 1 collected.
    kept = at([Goods(stone=5), Goods()], ["mason", None], owned=[["smokehouse"], []])
    after = harbour.apply_move(play(kept, *BUY_AT_HOME), harbour.Ship((S,), Goods(stone=1)))
    assert after.players[0].goods == Goods(stone=2)


# --------------------------------------------------------------------------- INT-34


@pytest.mark.rules("INT-34", "ABIL-11")
def test_the_conversion_at_each_decision_of_the_owners_own_turn() -> None:
    rich = Goods(3, 3, 3, 3)
    state = at(
        [rich, Goods(fish=1)],
        ["alchemist", None],
        owned=[[], ["timber-wharf"]],
        display=["dry-dock", "net-loft", "chandlery"],
    )
    assert conversions(state)  # before moving
    tolled = harbour.apply_move(state, go("timber-wharf"))
    assert tolled.pending == PendingToll(1) and conversions(tolled)  # on arrival
    deferred = harbour.apply_move(tolled, harbour.DeferToll())
    # The Timber Wharf's fixed gain is automatic: the deferred toll is the next decision.
    assert deferred.pending == PendingTollAfter(1) and conversions(deferred)
    paid = harbour.apply_move(tolled, harbour.PayToll(F))
    assert paid.current == 1  # the action was automatic and the turn ended
    # Between the parts of an action and at the purchase.
    dock = harbour.apply_move(state, go("dry-dock"))
    assert isinstance(dock.pending, PendingEffect) and conversions(dock)
    dock = harbour.apply_move(dock, harbour.ChoosePart(1))
    assert conversions(dock)  # the buy part: before shipping
    dock = harbour.apply_move(dock, harbour.Ship((F, L)))  # $2 + $3
    assert isinstance(dock.pending, PendingPurchase) and conversions(dock)
    dock = harbour.apply_move(dock, harbour.UseAbility(Goods(wood=1), W, S))
    assert dock.players[0].goods == Goods(stone=5)
    assert isinstance(dock.pending, PendingPurchase)
    # Once only, whatever the decision.
    dock = harbour.apply_move(dock, harbour.Purchase((card("net-loft"),)))
    assert isinstance(dock.pending, PendingEffect) and not conversions(dock)


@pytest.mark.rules("INT-34", "ABIL-11", "CHAR-2")
def test_no_conversion_during_setup_on_anothers_turn_or_for_an_out_of_turn_gift() -> None:
    # Setup decisions of the Alchemist himself (goods given so that a conversion could
    # otherwise be paid for): the starting goods and a free-building choice.
    setup = at([Goods(fish=3, livestock=3), Goods()], ["alchemist", None])
    setup = replace(setup, stack=(PendingStartingGoods(),), turn=0)
    assert not conversions(setup)
    assert all(isinstance(m, harbour.ChooseStartingGoods) for m in harbour.legal_moves(setup))
    looking = replace(
        setup,
        stack=(PendingStartingGoods(), PendingFreeBuilding(0, setup.deck[:2])),
    )
    assert not conversions(looking)
    assert refused(looking, harbour.UseAbility(Goods(fish=1), L, S)) == "TURN-6"
    # Another player's turn.
    other = at([Goods(3, 3, 3, 3), Goods(fish=1)], ["alchemist", None], current=1)
    assert not conversions(other)
    assert refused(other, harbour.UseAbility(Goods(fish=1), L, S)) == "ABIL-11"
    # The Alchemist as a Diplomat's host decides a gift on the Diplomat's turn.
    host = at(
        [Goods(3, 3, 3, 3), Goods(fish=1)],
        ["alchemist", "diplomat"],
        display=["net-loft"],
        pawns=[CardSite(card("net-loft")), None],
        current=1,
    )
    host = harbour.apply_move(host, go("net-loft"))
    assert harbour.current_player(host) == 0
    assert not conversions(host)
    assert gifts(host) == SINGLES
    # On his own turn, a Beggar's gift is the Beggar's decision, not the Alchemist's.
    begged = at([Goods(3, 3, 3, 3), Goods()], ["alchemist", "beggar"])
    begged = play(begged, HOME, harbour.ChooseOption(0), harbour.TakeGoods(Goods(fish=1)))
    assert begged.pending == PendingGift(1, 1)
    assert begged.current == 0 and harbour.current_player(begged) == 1
    assert not conversions(begged)
    assert set(harbour.legal_moves(begged)) == {harbour.TakeGoods(g) for g in SINGLES}
    # Once the gift is taken the Alchemist's turn is over: the next turn is seat 1's.
    begged = harbour.apply_move(begged, harbour.TakeGoods(Goods(wood=1)))
    assert begged.current == 1 and not conversions(begged)


# --------------------------------------------------------------------------- INT-35


@pytest.mark.rules("INT-35", "ABIL-7")
def test_each_gain_step_of_a_starting_building_wakes_the_beggar_once() -> None:
    state = at([Goods(), Goods()], ["beggar", "twin"], current=1)
    state = play(state, harbour.MovePawn(BoardSite(1)), harbour.ChoosePart(0))
    assert state.players[1].goods == Goods(fish=1)  # the first part is done
    assert state.pending == PendingGift(0, 1)
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(stone=1)))
    assert state.players[1].goods == Goods(fish=1, wood=1)  # the second part
    assert state.pending == PendingGift(0, 1)
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(stone=1)))
    assert state.players[0].goods == Goods(stone=2)
    assert state.pending == PendingMove() and state.current == 0


@pytest.mark.rules("INT-35", "ABIL-7", "GOODS-2")
def test_a_gain_lost_to_the_cap_still_wakes_the_beggar_and_buying_does_not() -> None:
    full = Goods(6, 6, 6, 6)
    state = at([Goods(), full], ["beggar", None], current=1)
    state = play(state, harbour.MovePawn(BoardSite(1)), harbour.ChooseOption(0))
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(fish=2)))
    assert state.players[1].goods == full
    assert state.pending == PendingGift(0, 1)
    # Buying instead gains nothing, even when the purchase succeeds.
    buy = at([Goods(), Goods(stone=5)], ["beggar", None], current=1)
    buy = play(buy, harbour.MovePawn(BoardSite(1)), harbour.ChooseOption(1), harbour.Ship((S,)))
    buy = harbour.apply_move(buy, harbour.Purchase((card("chandlery"),)))
    assert buy.pending == PendingMove() and buy.current == 0
    assert buy.players[0].goods == Goods()
