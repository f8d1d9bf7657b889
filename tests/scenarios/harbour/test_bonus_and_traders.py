"""Bonus point cards (BONUS-1 to BONUS-3), what a player may observe, and the Inland Traders.

The original bonus cards: Fish Ledger (2 fish -> 1 VP), Livestock Ledger (2 livestock ->
1 VP), Wood Ledger (3 wood -> 2 VP), Stone Ledger (3 stone -> 2 VP). The Inland Traders pay
the card set's price (default $5) for one of each good.
"""

from __future__ import annotations

import random

import attrs
import pytest

import harbour
from harbour.cards import characters as characters_module
from harbour.cards.abilities import (
    Ability,
    CollectWhenShipped,
    FreeBuildingAtSetup,
    ShippingBonus,
    ShippingKeepsExcess,
    ShippingKeepsOneEach,
)
from harbour.cards.characters import ORIGINAL_BONUS_CARDS
from harbour.cards.effects import Buy, GainChoice, OneOf
from harbour.cards.model import DEFAULT_INLAND_TRADERS_PRICE, BonusCard, CardSet, PlayerBoard
from harbour.cards.original import ORIGINAL_BOARD, ORIGINAL_BUILDINGS, ORIGINAL_SET
from harbour.goods import Good, Goods
from harbour.observation import HiddenCharacterChoice, HiddenFreeBuildingChoice
from harbour.positions import replace
from harbour.state import (
    BoardSite,
    GameState,
    PendingEffect,
    PendingFreeBuilding,
    PendingMove,
    PendingPurchase,
    PendingShip,
    PendingStartingGoods,
)
from tests.support.harbour import card, play, position

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE
FISH_LEDGER, LIVESTOCK_LEDGER, WOOD_LEDGER, STONE_LEDGER = 0, 1, 2, 3


def refused(state: GameState, move: harbour.Move) -> str:
    with pytest.raises(harbour.IllegalMoveError) as err:
        harbour.apply_move(state, move)
    return err.value.rule_id


def with_bonus(state: GameState, *cards: int | None) -> GameState:
    players = tuple(replace(p, bonus_card=c) for p, c in zip(state.players, cards, strict=True))
    return replace(state, players=players)


def with_boards(state: GameState, *boards: int | None) -> GameState:
    players = tuple(replace(p, board=b) for p, b in zip(state.players, boards, strict=True))
    return replace(state, players=players)


def finished(
    goods: list[Goods], owned: list[list[str]], cards: CardSet = ORIGINAL_SET
) -> GameState:
    """A game over (nothing pending) with these goods and bought buildings."""
    return position(goods=goods, owned=owned, stack=(), cards=cards)


# --------------------------------------------------------------------------- BONUS-1


@pytest.mark.rules("BONUS-1")
def test_the_library_ships_4_original_bonus_cards() -> None:
    assert len(ORIGINAL_BONUS_CARDS) == 4
    assert ORIGINAL_SET.bonus_cards == ORIGINAL_BONUS_CARDS
    assert ORIGINAL_SET.original
    assert "ORIGINAL" in (characters_module.__doc__ or "")
    assert len({c.key for c in ORIGINAL_BONUS_CARDS}) == 4
    assert {c.good for c in ORIGINAL_BONUS_CARDS} == set(harbour.GOODS)
    assert [(c.good, c.goods, c.points) for c in ORIGINAL_BONUS_CARDS] == [
        (F, 2, 1),
        (L, 2, 1),
        (W, 3, 2),
        (S, 3, 2),
    ]


@pytest.mark.rules("BONUS-1", "SETUP-7")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 99])
def test_one_distinct_bonus_card_is_dealt_to_each_player_at_setup(players: int, seed: int) -> None:
    options = harbour.RulesOptions(bonus_cards=True)
    state = harbour.new_game(players, seed=seed, options=options)
    assert state.in_setup
    dealt = [p.bonus_card for p in state.players]
    assert all(c is not None and 0 <= c < 4 for c in dealt)
    assert len(set(dealt)) == players
    # Dealt by the seed: the same seed deals the same cards.
    again = harbour.new_game(players, seed=seed, options=options)
    assert [p.bonus_card for p in again.players] == dealt
    # Without the option nobody has one.
    plain = harbour.new_game(players, seed=seed)
    assert [p.bonus_card for p in plain.players] == [None] * players


@pytest.mark.rules("BONUS-1")
def test_the_deal_varies_with_the_seed_and_needs_a_card_per_player() -> None:
    options = harbour.RulesOptions(bonus_cards=True)
    deals = {
        tuple(p.bonus_card for p in harbour.new_game(2, seed=s, options=options).players)
        for s in range(40)
    }
    assert len(deals) > 1
    two = attrs.evolve(ORIGINAL_SET, bonus_cards=ORIGINAL_BONUS_CARDS[:2])
    assert harbour.new_game(2, seed=1, options=options, cards=two).players[1].bonus_card in (0, 1)
    with pytest.raises(ValueError):
        harbour.new_game(3, seed=1, options=options, cards=two)


# --------------------------------------------------------------------------- BONUS-2


@pytest.mark.rules("BONUS-2", "INT-27", "END-3")
def test_bonus_cards_trade_whole_lots_at_the_end() -> None:
    state = finished(
        [Goods(fish=1, wood=5), Goods(fish=5, stone=2), Goods(livestock=1, stone=6)],
        [["net-loft"], [], ["chandlery"]],
    )
    state = with_bonus(state, WOOD_LEDGER, FISH_LEDGER, STONE_LEDGER)
    result = harbour.outcome(state)
    # 5 wood: 1 lot of 3 -> 2 VP; 5 fish: 2 lots of 2 -> 2 VP; 6 stone: 2 lots of 3 -> 4 VP.
    assert result.bonus_points == (2, 2, 4)
    assert result.building_points == (1, 0, 2)
    assert result.points == (3, 2, 6)
    # The traded goods are spent before the goods tie-breaker is counted.
    assert result.goods == (6 - 3, 7 - 4, 7 - 6)
    # The state itself is not changed by scoring.
    assert state.players[0].goods == Goods(fish=1, wood=5)


@pytest.mark.rules("BONUS-2")
def test_a_bonus_card_with_a_trade_limit_and_a_card_whose_good_is_missing() -> None:
    limited = BonusCard("fish-once", "Fish Once", F, goods=2, points=3, max_trades=1)
    cards = attrs.evolve(ORIGINAL_SET, bonus_cards=(limited, *ORIGINAL_BONUS_CARDS))
    state = finished([Goods(fish=6), Goods(fish=6)], [[], []], cards=cards)
    state = with_bonus(state, 0, 1 + LIVESTOCK_LEDGER)
    result = harbour.outcome(state)
    assert result.bonus_points == (3, 0)  # one trade of 2 fish; no livestock held
    assert result.goods == (4, 6)
    # Without bonus cards nothing is traded.
    plain = harbour.outcome(with_bonus(state, None, None))
    assert plain.bonus_points == (0, 0) and plain.goods == (6, 6)


# --------------------------------------------------------------------------- BONUS-3


@pytest.mark.rules("BONUS-3", "BONUS-1")
def test_a_players_bonus_card_is_seen_by_that_player_only() -> None:
    state = harbour.new_game(3, seed=4, options=harbour.RulesOptions(bonus_cards=True))
    for viewer in range(3):
        seen = harbour.observe(state, viewer)
        assert seen.viewer == viewer
        for seat in range(3):
            view = seen.players[seat]
            assert view.has_bonus_card
            if seat == viewer:
                assert view.bonus_card == state.players[seat].bonus_card
            else:
                assert view.bonus_card is None


@pytest.mark.rules("BONUS-3")
def test_observations_do_not_depend_on_anothers_bonus_card() -> None:
    state = harbour.new_game(3, seed=4, options=harbour.RulesOptions(bonus_cards=True))
    dealt = [p.bonus_card for p in state.players]
    unused = next(c for c in range(4) if c not in dealt)
    # Seat 2 holds another card: seats 0 and 1 cannot tell; seat 2 can.
    other = with_bonus(state, dealt[0], dealt[1], unused)
    assert harbour.observe(state, 0) == harbour.observe(other, 0)
    assert harbour.observe(state, 1) == harbour.observe(other, 1)
    assert harbour.observe(state, 2) != harbour.observe(other, 2)
    # The same later in the game.
    state = play(state, *(harbour.ChooseStartingGoods(Goods(fish=3)) for _ in range(3)))
    other = with_bonus(state, dealt[0], dealt[1], unused)
    assert harbour.observe(state, 0) == harbour.observe(other, 0)
    assert harbour.observe(state, 2) != harbour.observe(other, 2)


@pytest.mark.rules("BONUS-3", "SETUP-1")
def test_observations_do_not_depend_on_the_deck_order() -> None:
    state = harbour.new_game(4, seed=8, options=harbour.RulesOptions(bonus_cards=True))
    shuffled = replace(state, deck=tuple(reversed(state.deck)))
    assert shuffled.deck != state.deck
    for viewer in range(4):
        seen = harbour.observe(state, viewer)
        assert seen == harbour.observe(shuffled, viewer)
        assert seen.deck_size == len(state.deck)
        assert seen.display == state.display


@pytest.mark.rules("BONUS-3", "ABIL-8")
def test_the_buildings_a_free_building_ability_shows_are_seen_by_the_chooser_only() -> None:
    heiress = next(i for i, c in enumerate(ORIGINAL_SET.characters) if c.key == "heiress")
    assert ORIGINAL_SET.characters[heiress].ability == FreeBuildingAtSetup(3)
    state = position(
        goods=[Goods(), Goods(), Goods()],
        display=["net-loft", "timber-wharf", "chandlery", "smokehouse", "salt-pans", "tannery"],
        deck=["admiralty", "town-pump", "gossip-tavern", "kiln-works"],
        stack=(PendingStartingGoods(), PendingFreeBuilding(0, ())),
        turn=0,
    )
    state = with_boards(state, heiress, None, None)

    def looking(deck: list[str]) -> GameState:
        order = tuple(card(k) for k in deck)
        return replace(
            state,
            deck=order,
            stack=(PendingStartingGoods(), PendingFreeBuilding(0, order[:3])),
        )

    one = looking(["admiralty", "town-pump", "gossip-tavern", "kiln-works"])
    two = looking(["kiln-works", "gossip-tavern", "town-pump", "admiralty"])
    assert harbour.observe(one, 0).pending == PendingFreeBuilding(
        0, (card("admiralty"), card("town-pump"), card("gossip-tavern"))
    )
    assert harbour.observe(one, 0) != harbour.observe(two, 0)
    for viewer in (1, 2):
        assert harbour.observe(one, viewer).pending == HiddenFreeBuildingChoice(0, 3)
        assert harbour.observe(one, viewer).decider == 0
        assert harbour.observe(one, viewer) == harbour.observe(two, viewer)


@pytest.mark.rules("BONUS-3")
def test_observe_refuses_a_seat_that_does_not_play() -> None:
    state = harbour.new_game(2, seed=1)
    with pytest.raises(ValueError):
        harbour.observe(state, 2)
    with pytest.raises(ValueError):
        harbour.observe(state, -1)


# --------------------------------------------------------------------------- Inland Traders

TRADERS = harbour.RulesOptions(inland_traders=True)
BUY_AT_HOME = (harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))


def traders_table(
    goods: Goods,
    *,
    others: tuple[Goods, Goods] = (Goods(), Goods()),
    display: tuple[str, ...] = ("net-loft", "chandlery", "herring-boats", "admiralty"),
    options: harbour.RulesOptions = TRADERS,
    cards: CardSet = ORIGINAL_SET,
) -> GameState:
    """Three players; seat 0 has chosen to buy at their starting building."""
    state = position(goods=[goods, *others], display=list(display), options=options, cards=cards)
    return play(state, *BUY_AT_HOME)


def sales(state: GameState) -> int:
    return sum(isinstance(m, harbour.SellToTraders) for m in harbour.legal_moves(state))


@pytest.mark.rules("INLAND-1")
def test_the_inland_traders_are_for_3_or_4_players() -> None:
    with pytest.raises(ValueError):
        harbour.new_game(2, seed=1, options=TRADERS)
    for players in (3, 4):
        state = harbour.new_game(players, seed=1, options=TRADERS)
        assert state.options.inland_traders


@pytest.mark.rules("INLAND-1")
def test_selling_without_the_option_is_refused_naming_inland_1() -> None:
    state = traders_table(Goods(1, 1, 1, 1), options=harbour.RulesOptions())
    assert sales(state) == 0
    assert refused(state, harbour.SellToTraders()) == "INLAND-1"
    # Not even in a later state of the turn.
    assert refused(harbour.apply_move(state, harbour.Ship(())), harbour.SellToTraders()) == (
        "INLAND-1"
    )


@pytest.mark.rules("INLAND-2", "INT-29", "BUY-4", "BUY-6")
def test_selling_one_of_each_adds_the_price_to_the_shipment() -> None:
    # Fish on $2. Sell 1 of each for $5, then ship the 2 fish left for $2: $7.
    state = traders_table(Goods(fish=3, livestock=1, wood=1, stone=1))
    assert sales(state) == 1
    state = harbour.apply_move(state, harbour.SellToTraders())
    assert state.players[0].goods == Goods(fish=2)
    assert state.pending == PendingShip(1, DEFAULT_INLAND_TRADERS_PRICE)
    assert DEFAULT_INLAND_TRADERS_PRICE == 5
    assert {m.goods for m in harbour.legal_moves(state) if isinstance(m, harbour.Ship)} == {
        (),
        (F,),
    }
    after = harbour.apply_move(state, harbour.Ship((F,)))
    assert isinstance(after.pending, PendingPurchase)
    assert after.pending.money == 5 + 2
    after = harbour.apply_move(after, harbour.Purchase((card("herring-boats"),)))  # $7
    assert after.players[0].buildings == (card("herring-boats"),)
    assert after.players[0].goods == Goods()


@pytest.mark.rules("INLAND-2", "INLAND-3", "INT-7")
def test_a_sale_alone_may_buy_or_not_and_unspent_money_is_lost() -> None:
    state = traders_table(Goods(1, 1, 1, 1))
    state = play(state, harbour.SellToTraders(), harbour.Ship(()))
    assert state.pending == PendingPurchase(5, 1, False)
    purchases = {m.cards for m in harbour.legal_moves(state) if isinstance(m, harbour.Purchase)}
    assert purchases == {(card("net-loft"),), (card("chandlery"),), ()}  # $3, $5, or nothing
    after = harbour.apply_move(state, harbour.Purchase(()))
    assert after.pending == PendingMove() and after.current == 1
    assert after.players[0].goods == Goods() and after.players[0].buildings == ()
    # With nothing the $5 can buy, the sale still happens and the money is gone.
    dear = traders_table(Goods(1, 1, 1, 1), display=("herring-boats", "admiralty"))
    dear = play(dear, harbour.SellToTraders(), harbour.Ship(()))
    assert dear.pending == PendingMove() and dear.current == 1
    assert dear.players[0].goods == Goods()


@pytest.mark.rules("INLAND-2")
def test_selling_needs_one_of_each_good() -> None:
    state = traders_table(Goods(fish=3, livestock=2, wood=2))  # no stone
    assert sales(state) == 0
    assert refused(state, harbour.SellToTraders()) == "INLAND-2"


@pytest.mark.rules("INLAND-2")
def test_selling_is_once_per_buy_action_and_before_shipping_only() -> None:
    state = traders_table(Goods(2, 2, 2, 2))
    sold = harbour.apply_move(state, harbour.SellToTraders())
    assert sold.players[0].goods == Goods(1, 1, 1, 1)
    assert isinstance(sold.pending, PendingShip)
    assert sales(sold) == 0  # still one of each, but no second sale
    with pytest.raises(harbour.IllegalMoveError):
        harbour.apply_move(sold, harbour.SellToTraders())
    # After shipping there is no sale, even holding one of each: stone ($5) shipped with
    # one stone kept by the Smokehouse's warehouse.
    kept = position(
        goods=[Goods(2, 2, 2, 5), Goods(), Goods()],
        display=["net-loft", "chandlery"],
        owned=[["smokehouse"], [], []],
        options=TRADERS,
    )
    kept = play(kept, *BUY_AT_HOME)
    assert sales(kept) == 1
    shipped = harbour.apply_move(kept, harbour.Ship((S,), Goods(stone=1)))
    assert isinstance(shipped.pending, PendingPurchase) and shipped.pending.money == 5
    assert shipped.players[0].goods == Goods(2, 2, 2, 1)
    assert sales(shipped) == 0
    with pytest.raises(harbour.IllegalMoveError):
        harbour.apply_move(shipped, harbour.SellToTraders())


@pytest.mark.rules("INLAND-2")
def test_a_second_sale_is_refused_naming_inland_2() -> None:
    # The clause that forbids it is INLAND-2 ("once per buy action"), which an
    # IllegalMoveError must name (its rule_id names the clause that forbids the move).
    sold = harbour.apply_move(traders_table(Goods(2, 2, 2, 2)), harbour.SellToTraders())
    assert isinstance(sold.pending, PendingShip)
    assert refused(sold, harbour.SellToTraders()) == "INLAND-2"


@pytest.mark.rules("INLAND-2", "INT-29")
def test_the_price_belongs_to_the_card_set() -> None:
    dear = attrs.evolve(ORIGINAL_SET, inland_traders_price=8)
    assert ORIGINAL_SET.inland_traders_price == DEFAULT_INLAND_TRADERS_PRICE == 5
    state = traders_table(Goods(1, 1, 1, 1), cards=dear)
    state = play(state, harbour.SellToTraders())
    assert state.pending == PendingShip(1, 8)
    state = harbour.apply_move(state, harbour.Ship(()))
    assert state.pending == PendingPurchase(8, 1, False)
    assert harbour.Purchase((card("herring-boats"),)) in harbour.legal_moves(state)  # $7


@pytest.mark.rules("INLAND-3", "MARKET-1")
def test_the_market_does_not_move_for_a_sale() -> None:
    market = (L, W, S, F)
    state = position(
        goods=[Goods(fish=1, livestock=3, wood=1, stone=1), Goods(), Goods()],
        market=market,
        display=["net-loft", "chandlery", "herring-boats"],
        options=TRADERS,
    )
    state = play(state, *BUY_AT_HOME, harbour.SellToTraders())
    assert state.market == market
    state = harbour.apply_move(state, harbour.Ship(()))
    assert state.market == market
    state = harbour.apply_move(state, harbour.Purchase((card("chandlery"),)))
    assert state.market == market
    # A shipment after a sale moves the market for the shipped good only: livestock ($2).
    again = position(
        goods=[Goods(fish=1, livestock=3, wood=1, stone=1), Goods(), Goods()],
        market=market,
        display=["net-loft", "chandlery", "herring-boats"],
        options=TRADERS,
    )
    again = play(again, *BUY_AT_HOME, harbour.SellToTraders(), harbour.Ship((L,)))
    assert isinstance(again.pending, PendingPurchase) and again.pending.money == 5 + 2
    assert again.market == (L, W, S, F)  # livestock leaves $2 and re-enters on $2


def character(key: str, ability: Ability | None) -> PlayerBoard:
    return PlayerBoard(
        key,
        key.title(),
        (),
        OneOf((GainChoice(1, fixed=Goods(fish=1)), Buy())),
        ability,
        f"test {key}",
        "test",
    )


ABLE = CardSet(
    name="traders test set",
    buildings=ORIGINAL_BUILDINGS,
    board=ORIGINAL_BOARD,
    original=False,
    characters=(
        character("mason", CollectWhenShipped(S)),
        character("bookkeeper", ShippingKeepsExcess()),
        character("wholesailer", ShippingKeepsOneEach(1)),
        character("clockwork", ShippingBonus(square=0, amount=1)),
    ),
)
MASON, BOOKKEEPER, WHOLESAILER, CLOCKWORK = 0, 1, 2, 3


@pytest.mark.rules("INLAND-3", "ABIL-5")
def test_a_sale_does_not_wake_the_mason() -> None:
    state = position(
        goods=[Goods(1, 1, 1, 1), Goods(stone=2), Goods()],
        display=["net-loft", "chandlery"],
        options=TRADERS,
        cards=ABLE,
    )
    state = with_boards(state, None, MASON, None)
    state = play(state, *BUY_AT_HOME, harbour.SellToTraders(), harbour.Ship(()))
    assert state.players[1].goods == Goods(stone=2)
    state = harbour.apply_move(state, harbour.Purchase((card("chandlery"),)))
    assert state.players[1].goods == Goods(stone=2)
    # The Mason selling his own package collects nothing either.
    own = position(
        goods=[Goods(1, 1, 1, 1), Goods(), Goods()],
        display=["net-loft", "chandlery"],
        options=TRADERS,
        cards=ABLE,
    )
    own = with_boards(own, MASON, None, None)
    own = play(own, *BUY_AT_HOME, harbour.SellToTraders(), harbour.Ship(()))
    assert own.players[0].goods == Goods()


@pytest.mark.rules("INLAND-3", "ABIL-2", "ABIL-3", "ABIL-4")
@pytest.mark.parametrize("board", [BOOKKEEPER, WHOLESAILER, CLOCKWORK])
def test_a_sale_wakes_no_shipping_ability(board: int) -> None:
    # 2 of each: the sale takes exactly 1 of each and pays exactly the price.
    state = position(
        goods=[Goods(2, 2, 2, 2), Goods(), Goods()],
        display=["net-loft", "chandlery", "herring-boats"],
        options=TRADERS,
        cards=ABLE,
    )
    state = with_boards(state, board, None, None)
    state = play(state, *BUY_AT_HOME, harbour.SellToTraders())
    assert state.players[0].goods == Goods(1, 1, 1, 1)
    assert state.pending == PendingShip(1, 5)
    state = harbour.apply_move(state, harbour.Ship(()))
    assert state.pending == PendingPurchase(5, 1, False)


# --------------------------------------------------------------------------- a full game


@pytest.mark.rules("CHAR-2", "BONUS-1", "BONUS-2", "INLAND-1", "END-2")
@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (3, 5)])
def test_a_random_game_with_every_optional_part_completes(players: int, seed: int) -> None:
    options = harbour.RulesOptions(characters=True, bonus_cards=True, inland_traders=True)
    state = harbour.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    steps = 0
    while not harbour.is_over(state):
        moves = harbour.legal_moves(state)
        assert moves
        move = rng.choice(moves)
        decider = harbour.current_player(state)
        state = harbour.apply_move(state, move)
        steps += 1
        assert steps < 5000
        assert 0 <= decider < players
        for p in state.players:
            assert all(0 <= n <= 6 for n in p.goods)
    assert harbour.legal_moves(state) == ()
    result = harbour.outcome(state)
    assert all(p.board is not None for p in state.players)
    assert len({p.bonus_card for p in state.players}) == players
    for seat in range(players):
        assert result.points[seat] == (
            result.building_points[seat] + result.ability_points[seat] + result.bonus_points[seat]
        )
    assert result.winners


@pytest.mark.rules("INLAND-2")
def test_random_games_do_sell_to_the_traders() -> None:
    options = harbour.RulesOptions(characters=True, bonus_cards=True, inland_traders=True)
    sold = 0
    for seed in range(6):
        state = harbour.new_game(3, seed=seed, options=options)
        rng = random.Random(seed)
        while not harbour.is_over(state):
            moves = harbour.legal_moves(state)
            sales_now = [m for m in moves if isinstance(m, harbour.SellToTraders)]
            move = sales_now[0] if sales_now else rng.choice(moves)
            if sales_now:
                assert isinstance(state.pending, PendingEffect)
                before = state.players[state.current].goods
                after = harbour.apply_move(state, move)
                assert after.players[state.current].goods == before.minus(Goods(1, 1, 1, 1))
                assert after.market == state.market
                sold += 1
                state = after
            else:
                state = harbour.apply_move(state, move)
    assert sold > 0


# --------------------------------------------------------------------------- INT-37, INT-40, BONUS-4


@pytest.mark.rules("INT-37", "INLAND-1")
def test_int37_the_inland_traders_with_two_players_are_a_reading() -> None:
    with pytest.raises(ValueError, match=r"INLAND-1"):
        harbour.new_game(2, seed=5, options=harbour.RulesOptions(inland_traders=True))
    options = harbour.RulesOptions(inland_traders=True, inland_traders_two_players=True)
    state = harbour.new_game(2, seed=5, options=options)
    assert state.options.inland_traders and len(state.players) == 2
    state = position(goods=[Goods(1, 1, 1, 1), Goods()], display=["net-loft"], options=options)
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))
    assert harbour.SellToTraders() in harbour.legal_moves(state)


@pytest.mark.rules("INT-40", "CHAR-2", "BONUS-3")
def test_int40_only_the_chooser_sees_the_boards_dealt_to_them() -> None:
    state = harbour.new_game(3, seed=9, options=harbour.RulesOptions(characters=True))
    assert isinstance(state.pending, harbour.state.PendingCharacter)
    assert harbour.observe(state, 0).pending == state.pending
    assert harbour.observe(state, 1).pending == HiddenCharacterChoice(0, 2)
    assert harbour.observe(state, 2).pending == HiddenCharacterChoice(0, 2)
    kept = state.pending.offered[0]
    state = harbour.apply_move(state, harbour.ChooseCharacter(kept))
    assert harbour.observe(state, 2).players[0].board == kept  # the board kept is public
    assert harbour.observe(state, 1).pending == state.pending  # now Player 2 chooses


@pytest.mark.rules("BONUS-4", "SETUP-3")
def test_bonus4_the_market_placed_with_the_bonus_cards() -> None:
    from harbour.rules.setup import _market_from_bonus_cards
    from meeplekit.rng import SplitMix64

    options = harbour.RulesOptions(market_from_bonus_cards=True)
    markets = set()
    for seed in range(40):
        state = harbour.new_game(3, seed=seed, options=options)
        assert sorted(state.market) == sorted(harbour.GOODS)
        markets.add(state.market)
    assert len(markets) > 10
    # The procedure: shuffle, reveal one card per square from the $2 square, repeats passed.
    repeated = attrs.evolve(
        ORIGINAL_SET,
        bonus_cards=(*ORIGINAL_BONUS_CARDS, BonusCard("more-fish", "More Fish", F, 2, 1)),
    )
    for seed in range(20):
        order = SplitMix64(seed).shuffled(range(5))
        expected: list[Good] = []
        for index in order:
            good = repeated.bonus_cards[index].good
            if good not in expected:
                expected.append(good)
        assert _market_from_bonus_cards(repeated, SplitMix64(seed)) == tuple(expected)
    three = attrs.evolve(ORIGINAL_SET, bonus_cards=ORIGINAL_BONUS_CARDS[:3])
    with pytest.raises(ValueError, match=r"BONUS-4"):
        harbour.new_game(3, seed=1, options=options, cards=three)
