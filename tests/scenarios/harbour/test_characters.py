"""Character boards (CHAR-1 to CHAR-4) and every ability hook (ABIL-1 to ABIL-11).

Most positions use a test card set: the original buildings plus one character board per
published ability, with the hook parameters the published texts give (Fisherman: 1 more
fish; Clockwork Tradesman: +$1 on the $2 square; Noble: look at 2; ...). The boards show
no owner symbols unless a test needs them, so coins and warehouses never blur the numbers.

Market squares are worth $2, $3, $4, $5 from square 0 to square 3 (BUY-2); with the default
market (F, L, W, S) fish is on $2, livestock $3, wood $4 and stone $5.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import harbour
from harbour.cards.abilities import (
    AlchemistConversion,
    CollectWhenShipped,
    ExtraGain,
    FreeBuildingAtSetup,
    GainOnPurchase,
    GainWhenOthersUseStart,
    OncePerTurnConversion,
    PointsForMarketValue,
    ShareOccupiedBuildings,
    ShippingBonus,
    ShippingKeepsExcess,
    ShippingKeepsOneEach,
)
from harbour.cards.characters import ORIGINAL_CHARACTERS
from harbour.cards.effects import Buy, GainChoice, OneOf, Symbol
from harbour.cards.model import CardSet, PlayerBoard
from harbour.cards.original import ORIGINAL_BOARD, ORIGINAL_BUILDINGS, ORIGINAL_SET
from harbour.goods import Good, Goods
from harbour.observation import HiddenFreeBuildingChoice
from harbour.positions import replace
from harbour.state import (
    BoardSite,
    CardSite,
    GameState,
    PendingCharacter,
    PendingEffect,
    PendingFreeBuilding,
    PendingGift,
    PendingMove,
    PendingPurchase,
    PendingStartingGoods,
    PendingToll,
)
from tests.support.harbour import F, L, S, W, card, character, play, position, with_options

CHARACTERS: tuple[PlayerBoard, ...] = (
    character("fisherman", ExtraGain(F)),
    character("bookkeeper", ShippingKeepsExcess(), W),
    character("wholesailer", ShippingKeepsOneEach(1)),
    character("clockwork", ShippingBonus(square=0, amount=1)),
    character("mason", CollectWhenShipped(S), S),
    character("investor", GainOnPurchase(1)),
    character("beggar", GainWhenOthersUseStart(1)),
    character("noble", FreeBuildingAtSetup(2)),
    character("speculator", PointsForMarketValue(S), S),
    character("gossip", PointsForMarketValue(F)),
    character("diplomat", ShareOccupiedBuildings(1), L),
    character("alchemist", AlchemistConversion(), S),
)
SET = CardSet(
    name="character test set",
    buildings=ORIGINAL_BUILDINGS,
    board=ORIGINAL_BOARD,
    original=False,
    characters=CHARACTERS,
)
INDEX = {c.key: i for i, c in enumerate(CHARACTERS)}


def cast(state: GameState, *boards: str | None) -> GameState:
    """The same state with these character boards (by key; None: the generic side)."""
    players = tuple(
        replace(p, board=None if key is None else state.cards.characters.index(by_key(state, key)))
        for p, key in zip(state.players, boards, strict=True)
    )
    return replace(state, players=players)


def by_key(state: GameState, key: str) -> PlayerBoard:
    return next(c for c in state.cards.characters if c.key == key)


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


def give_free(state: GameState, seat: int, key: str) -> GameState:
    """``seat`` owns ``key`` as a free building (ABIL-8); it leaves the deck."""
    index = card(key)
    players = list(state.players)
    players[seat] = replace(players[seat], free_buildings=(index,))
    return replace(state, players=tuple(players), deck=tuple(c for c in state.deck if c != index))


def go(key: str) -> harbour.MovePawn:
    return harbour.MovePawn(CardSite(card(key)))


HOME = harbour.MovePawn(BoardSite(0))


def refused(state: GameState, move: harbour.Move) -> str:
    with pytest.raises(harbour.IllegalMoveError) as err:
        harbour.apply_move(state, move)
    return err.value.rule_id


def gifts(state: GameState) -> set[Goods]:
    return {m.goods for m in harbour.legal_moves(state) if isinstance(m, harbour.TakeGoods)}


def ships(state: GameState) -> set[tuple[Good, ...]]:
    return {m.goods for m in harbour.legal_moves(state) if isinstance(m, harbour.Ship)}


def conversions(state: GameState) -> list[harbour.UseAbility]:
    return [m for m in harbour.legal_moves(state) if isinstance(m, harbour.UseAbility)]


def money(state: GameState) -> int:
    assert isinstance(state.pending, PendingPurchase)
    return state.pending.money


SINGLES = {Goods.single(g) for g in harbour.GOODS}
BUY_AT_HOME = (HOME, harbour.ChooseOption(1))


# --------------------------------------------------------------------------- CHAR-1


@pytest.mark.rules("CHAR-1", "SYM-5", "TOLL-1")
def test_a_character_board_is_a_starting_building_whose_ability_is_its_owners_only() -> None:
    cooper = ORIGINAL_SET.characters.index(
        next(c for c in ORIGINAL_CHARACTERS if c.key == "cooper")
    )
    cooper_board = ORIGINAL_SET.characters[cooper]
    assert cooper_board.symbols == (Symbol.ANCHOR,)
    assert cooper_board.ability == ExtraGain(W)
    state = position(
        goods=[Goods(fish=1), Goods(fish=1)],
        display=["mooring-posts", "timber-wharf"],
    )
    state = replace(state, players=(replace(state.players[0], board=cooper), state.players[1]))
    # The board's anchor is an owner symbol of its owner only (SYM-5).
    assert state.symbol_count(0, Symbol.ANCHOR) == 1
    assert state.symbol_count(1, Symbol.ANCHOR) == 0
    # Mooring Posts: 1 livestock per anchor -> the Cooper gains 1.
    state = harbour.apply_move(state, go("mooring-posts"))
    assert state.players[0].goods == Goods(fish=1, livestock=1)
    # Player 2 uses the Cooper's starting building: a toll to its owner, then its choice of
    # two actions; the ability (1 more wood) is not theirs: 1 fixed + 1 chosen wood only.
    state = harbour.apply_move(state, harbour.MovePawn(BoardSite(0)))
    assert state.pending == PendingToll(0)
    state = play(state, harbour.PayToll(F), harbour.ChooseOption(0))
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(wood=1)))
    assert state.players[1].goods == Goods(wood=2)
    assert state.players[0].goods == Goods(fish=2, livestock=1)
    # The Cooper himself gains 2 + 1 wood at the Timber Wharf.
    state = harbour.apply_move(state, go("timber-wharf"))
    assert state.players[0].goods == Goods(fish=2, livestock=1, wood=3)


# --------------------------------------------------------------------------- CHAR-2


def choose_all_characters(
    state: GameState, pick: int = 0
) -> tuple[GameState, list[tuple[int, ...]]]:
    """Every seat keeps ``offered[pick]``; free buildings take the first option."""
    offers: list[tuple[int, ...]] = []
    n = len(state.players)
    for seat in range(n):
        top = state.pending
        assert isinstance(top, PendingCharacter)
        assert top.player == seat
        assert harbour.current_player(state) == seat
        assert set(harbour.legal_moves(state)) == {harbour.ChooseCharacter(b) for b in top.offered}
        offers.append(top.offered)
        state = harbour.apply_move(state, harbour.ChooseCharacter(top.offered[pick]))
        assert state.players[seat].board == top.offered[pick]
        if isinstance(state.pending, PendingFreeBuilding):
            state = harbour.apply_move(state, harbour.ChooseFreeBuilding(state.pending.options[0]))
    return state, offers


@pytest.mark.rules("CHAR-2", "SETUP-4")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 7, 12345])
def test_each_player_keeps_one_of_two_boards_in_seat_order_before_the_starting_goods(
    players: int, seed: int
) -> None:
    options = harbour.RulesOptions(characters=True)
    state = harbour.new_game(players, seed=seed, options=options)
    # The display is dealt before the choice: the boards are kept after seeing it.
    assert len(state.display) == players + 3
    assert state.in_setup
    state, offers = choose_all_characters(state, pick=seed % 2)
    for offered in offers:
        assert len(offered) == 2 and len(set(offered)) == 2
        assert all(0 <= b < len(ORIGINAL_SET.characters) for b in offered)
    every = [b for offered in offers for b in offered]
    assert len(set(every)) == 2 * players  # all offers disjoint
    # Then the starting goods, seat 0 first (SETUP-4).
    assert state.pending == PendingStartingGoods()
    assert state.current == 0 and state.turn == 0
    for seat in range(players):
        assert harbour.current_player(state) == seat
        state = harbour.apply_move(state, harbour.ChooseStartingGoods(Goods(stone=3)))
    assert state.pending == PendingMove() and state.turn == 1
    assert [p.board for p in state.players] == [o[seed % 2] for o in offers]


@pytest.mark.rules("CHAR-2")
def test_a_board_not_offered_is_refused_and_without_the_option_there_is_no_choice() -> None:
    state = harbour.new_game(2, seed=5, options=harbour.RulesOptions(characters=True))
    top = state.pending
    assert isinstance(top, PendingCharacter)
    other = next(b for b in range(len(ORIGINAL_SET.characters)) if b not in top.offered)
    assert refused(state, harbour.ChooseCharacter(other)) == "CHAR-2"
    plain = harbour.new_game(2, seed=5)
    assert plain.pending == PendingStartingGoods()
    assert [p.board for p in plain.players] == [None, None]
    assert plain.board_of(0) == ORIGINAL_SET.board


@pytest.mark.rules("CHAR-2", "SETUP-5")
def test_first_game_with_characters_is_refused() -> None:
    with pytest.raises(ValueError):
        harbour.new_game(2, seed=1, options=harbour.RulesOptions(first_game=True, characters=True))
    first = harbour.new_game(2, seed=1, options=harbour.RulesOptions(first_game=True))
    assert first.pending == PendingStartingGoods()


@pytest.mark.rules("CHAR-2")
def test_boards_needed_are_two_per_player() -> None:
    options = harbour.RulesOptions(characters=True)
    three = attrs.evolve(SET, characters=CHARACTERS[:3])
    four = attrs.evolve(SET, characters=CHARACTERS[:4])
    seven = attrs.evolve(SET, characters=CHARACTERS[:7])
    with pytest.raises(ValueError):
        harbour.new_game(2, seed=1, options=options, cards=three)
    assert isinstance(
        harbour.new_game(2, seed=1, options=options, cards=four).pending, PendingCharacter
    )
    with pytest.raises(ValueError):
        harbour.new_game(4, seed=1, options=options, cards=seven)
    assert isinstance(
        harbour.new_game(4, seed=1, options=options, cards=ORIGINAL_SET).pending, PendingCharacter
    )
    # Without characters the boards are not needed.
    assert harbour.new_game(2, seed=1, cards=three).pending == PendingStartingGoods()


# --------------------------------------------------------------------------- CHAR-3 / CHAR-4

PUBLISHED = {
    "Alchemist",
    "Beggar",
    "Bookkeeper",
    "Clockwork Tradesman",
    "Diplomat",
    "Fisherman",
    "Wholesailer",
    "Noble",
    "Mason",
    "Speculator",
    "Investor",
}


@pytest.mark.rules("CHAR-3", "COMP-4")
def test_the_library_ships_at_least_8_original_characters() -> None:
    chars = ORIGINAL_SET.characters
    assert chars == ORIGINAL_CHARACTERS
    assert len(chars) >= 8
    assert ORIGINAL_SET.original
    assert len({c.key for c in chars}) == len(chars)
    assert len({c.name for c in chars}) == len(chars)
    for c in chars:
        assert "original" in c.source.lower(), c.source
        assert c.ability is not None and c.text
        assert c.name not in PUBLISHED
        assert isinstance(c.action, OneOf) and len(c.action.options) == 2  # ACT-8
    # The same hooks as the published characters, with other parameters.
    hooks = {type(c.ability) for c in chars}
    assert len(hooks) >= 6


@pytest.mark.rules("CHAR-3", "END-2")
def test_a_full_game_with_the_original_characters_only() -> None:
    rng = random.Random(3)
    state = harbour.new_game(3, seed=11, options=harbour.RulesOptions(characters=True))
    steps = 0
    while not harbour.is_over(state):
        state = harbour.apply_move(state, rng.choice(harbour.legal_moves(state)))
        steps += 1
        assert steps < 4000
    assert all(p.board is not None for p in state.players)
    assert harbour.outcome(state).winners


@pytest.mark.rules("CHAR-4")
def test_the_published_abilities_are_catalogued_with_their_text_and_source() -> None:
    from harbour.cards.official import OFFICIAL_CATALOGUE

    expected = {
        # "when you collect any fish, gain an additional fish"
        "Fisherman": ExtraGain(F, 1),
        # "keep any excess goods that would normally be lost"
        "Bookkeeper": ShippingKeepsExcess(),
        # "keep 1 of each good sold"
        "Wholesailer": ShippingKeepsOneEach(1),
        # "if you ship the good in the $2 market square, gain an additional $1"
        "Clockwork Tradesman": ShippingBonus(square=0, amount=1),
        # "when anybody uses stone to buy, collect 1 stone"
        "Mason": CollectWhenShipped(S, 1),
        # "gains any one good each time he buys a building"
        "Investor": GainOnPurchase(1),
        # "you gain 1 good of your choice"
        "Beggar": GainWhenOthersUseStart(1),
        # "look at the top 2 building cards and build 1 of them"
        "Noble": FreeBuildingAtSetup(2),
        # "add VP equal to the current market value of stone"
        "Speculator": PointsForMarketValue(S),
        # "that player gains a good of their choice"
        "Diplomat": ShareOccupiedBuildings(1),
        # ambiguous: the terms follow RulesOptions.alchemist (INT-24)
        "Alchemist": AlchemistConversion(),
    }
    assert set(expected) == PUBLISHED
    for name, ability in expected.items():
        entry = OFFICIAL_CATALOGUE.character(name)
        assert entry.ability.value == ability, name
        assert entry.text.value and entry.text.source, name


# --------------------------------------------------------------------------- ABIL-1 Fisherman


@pytest.mark.rules("ABIL-1", "ACT-1")
def test_fisherman_gains_one_more_fish_from_a_fish_gain() -> None:
    state = at([Goods(fish=1), Goods()], ["fisherman", None], display=["net-loft", "timber-wharf"])
    after = harbour.apply_move(state, go("net-loft"))  # Net Loft: 2 fish
    assert after.players[0].goods == Goods(fish=1 + 2 + 1)
    # No fish gained, no extra fish.
    after = harbour.apply_move(state, go("timber-wharf"))  # 2 wood
    assert after.players[0].goods == Goods(fish=1, wood=2)
    # A generic player gains the printed 2 only.
    plain = cast(state, None, None)
    assert harbour.apply_move(plain, go("net-loft")).players[0].goods == Goods(fish=3)


@pytest.mark.rules("ABIL-1", "GOODS-2")
def test_fisherman_extra_fish_is_capped_at_6() -> None:
    state = at([Goods(fish=4), Goods()], ["fisherman", None], display=["net-loft"])
    assert harbour.apply_move(state, go("net-loft")).players[0].goods == Goods(fish=6)  # 4+2+1


@pytest.mark.rules("ABIL-1", "ACT-2", "ACT-4", "ACT-8")
def test_fisherman_extra_fish_from_his_own_starting_building_and_a_conversion() -> None:
    state = at([Goods(), Goods()], ["fisherman", None], display=["grain-barge"])
    home = play(state, HOME, harbour.ChooseOption(0))
    # 1 fish printed + 1 stone chosen -> 1 + 1 extra fish.
    assert harbour.apply_move(home, harbour.TakeGoods(Goods(stone=1))).players[0].goods == Goods(
        fish=2, stone=1
    )
    # 1 fish printed + 1 fish chosen -> 2 + 1 extra (once per gain).
    assert harbour.apply_move(home, harbour.TakeGoods(Goods(fish=1))).players[0].goods == Goods(
        fish=3
    )
    # Grain Barge: 1 wood + 1 stone -> 4 fish, + 1.
    barge = at([Goods(wood=1, stone=1), Goods()], ["fisherman", None], display=["grain-barge"])
    assert harbour.apply_move(barge, go("grain-barge")).players[0].goods == Goods(fish=5)


@pytest.mark.rules("ABIL-1", "TOLL-1")
def test_fisherman_receives_a_fish_toll_without_extra() -> None:
    state = at(
        [Goods(fish=2), Goods(fish=3)],
        ["fisherman", None],
        owned=[["net-loft"], []],
        current=1,
    )
    state = play(state, go("net-loft"), harbour.PayToll(F))
    assert state.players[0].goods == Goods(fish=3)  # the toll only
    assert state.players[1].goods == Goods(fish=3 - 1 + 2)  # no extra for the user


# --------------------------------------------------------------------------- ABIL-2 Bookkeeper


@pytest.mark.rules("ABIL-2", "BUY-3", "BUY-4")
def test_bookkeeper_keeps_the_units_beyond_the_minimum() -> None:
    # Fish on $2: 5 fish ship for $2 and 3 are kept; stone on $5: 6 ship for $5, 1 kept.
    state = at([Goods(fish=5, stone=6), Goods()], ["bookkeeper", None])
    state = play(state, *BUY_AT_HOME)
    after = harbour.apply_move(state, harbour.Ship((F, S)))
    assert money(after) == 7
    assert after.players[0].goods == Goods(fish=3, stone=1)
    # The generic side loses them all.
    plain = harbour.apply_move(cast(state, None, None), harbour.Ship((F, S)))
    assert money(plain) == 7
    assert plain.players[0].goods == Goods()
    # Exactly the minimum: nothing left over.
    exact = play(at([Goods(wood=4), Goods()], ["bookkeeper", None]), *BUY_AT_HOME)
    after = harbour.apply_move(exact, harbour.Ship((W,)))
    assert after.players[0].goods == Goods() and money(after) == 4


@pytest.mark.rules("ABIL-2", "SYM-3", "INT-32")
def test_bookkeeper_and_a_warehouse_add_up() -> None:
    # One warehouse (Smokehouse): 5 fish on $2 -> 3 excess + 1 kept by the warehouse = 4;
    # 5 stone on $5 -> no excess.
    state = at([Goods(fish=5, stone=5), Goods()], ["bookkeeper", None], owned=[["smokehouse"], []])
    state = play(state, *BUY_AT_HOME)
    after = harbour.apply_move(state, harbour.Ship((F, S), Goods(fish=1)))
    assert after.players[0].goods == Goods(fish=4)
    assert money(after) == 7
    # The warehouse keeps a stone instead: 3 fish, 1 stone.
    after = harbour.apply_move(state, harbour.Ship((F, S), Goods(stone=1)))
    assert after.players[0].goods == Goods(fish=3, stone=1)


# --------------------------------------------------------------------------- ABIL-3 Wholesailer


@pytest.mark.rules("ABIL-3", "BUY-3")
def test_wholesailer_keeps_one_of_each_good_shipped() -> None:
    state = at([Goods(fish=2, stone=5, wood=1), Goods()], ["wholesailer", None])
    state = play(state, *BUY_AT_HOME)
    after = harbour.apply_move(state, harbour.Ship((F, S)))
    assert money(after) == 2 + 5
    assert after.players[0].goods == Goods(fish=1, wood=1, stone=1)


@pytest.mark.rules("ABIL-3", "SYM-3", "INT-32")
def test_wholesailer_and_a_warehouse_add_up() -> None:
    state = at([Goods(fish=2, stone=5), Goods()], ["wholesailer", None], owned=[["smokehouse"], []])
    state = play(state, *BUY_AT_HOME)
    after = harbour.apply_move(state, harbour.Ship((F, S), Goods(stone=1)))
    assert after.players[0].goods == Goods(fish=1, stone=2)


# --------------------------------------------------------------------------- ABIL-4 Clockwork


@pytest.mark.rules("ABIL-4", "BUY-4", "BUY-6", "INT-7")
def test_clockwork_tradesman_makes_1_more_when_shipping_the_2_dollar_good() -> None:
    # Fish on $2 and a cheapest building of $3 (Net Loft): 2 fish alone buy nothing for
    # anyone else, but make $3 for the Clockwork Tradesman.
    display = ["net-loft", "timber-wharf", "chandlery"]
    goods = [Goods(fish=2, livestock=3), Goods()]
    clock = play(at(goods, ["clockwork", None], display=display), *BUY_AT_HOME)
    plain = play(at(goods, [None, None], display=display), *BUY_AT_HOME)
    assert (F,) in ships(clock)
    assert (F,) not in ships(plain)
    assert refused(plain, harbour.Ship((F,))) == "BUY-1"
    after = harbour.apply_move(clock, harbour.Ship((F,)))
    assert money(after) == 3
    after = harbour.apply_move(after, harbour.Purchase((card("net-loft"),)))
    assert after.players[0].buildings == (card("net-loft"),)
    # Livestock is on the $3 square: no bonus.
    assert money(harbour.apply_move(clock, harbour.Ship((L,)))) == 3
    # Both: $2 + $3 + $1.
    assert money(harbour.apply_move(clock, harbour.Ship((F, L)))) == 6
    assert money(harbour.apply_move(plain, harbour.Ship((F, L)))) == 5


# --------------------------------------------------------------------------- ABIL-5 Mason


@pytest.mark.rules("ABIL-5")
def test_mason_collects_a_stone_when_anybody_ships_stone() -> None:
    # Player 1 (generic) ships 5 stone from the $5 square; the Mason (player 2) has 2.
    state = at([Goods(stone=5, fish=2), Goods(stone=2)], [None, "mason"])
    state = play(state, *BUY_AT_HOME)
    after = harbour.apply_move(state, harbour.Ship((S,)))
    assert after.players[1].goods == Goods(stone=3)
    # Fish and stone together: still one stone (one collection per shipment of stone).
    after = harbour.apply_move(state, harbour.Ship((F, S)))
    assert money(after) == 7
    assert after.players[1].goods == Goods(stone=3)


@pytest.mark.rules("ABIL-5", "GOODS-2")
def test_mason_collects_capped_at_6_and_not_for_other_goods() -> None:
    full = at([Goods(stone=5), Goods(stone=6)], [None, "mason"])
    after = harbour.apply_move(play(full, *BUY_AT_HOME), harbour.Ship((S,)))
    assert after.players[1].goods == Goods(stone=6)
    # Wood ($4) shipped, no stone: nothing collected.
    wood = at([Goods(wood=4), Goods(stone=2)], [None, "mason"])
    after = harbour.apply_move(play(wood, *BUY_AT_HOME), harbour.Ship((W,)))
    assert after.players[1].goods == Goods(stone=2)


@pytest.mark.rules("ABIL-5", "INT-33")
def test_mason_collects_after_his_own_stone_shipment() -> None:
    state = at([Goods(stone=5), Goods()], ["mason", None])
    after = harbour.apply_move(play(state, *BUY_AT_HOME), harbour.Ship((S,)))
    assert money(after) == 5
    assert after.players[0].goods == Goods(stone=1)  # all 5 shipped, then 1 collected


# --------------------------------------------------------------------------- ABIL-6 Investor


@pytest.mark.rules("ABIL-6", "TURN-6")
def test_investor_gains_a_good_of_choice_after_buying() -> None:
    state = at([Goods(stone=5), Goods()], ["investor", None])
    state = play(state, *BUY_AT_HOME, harbour.Ship((S,)))
    state = harbour.apply_move(state, harbour.Purchase((card("chandlery"),)))
    assert state.pending == PendingGift(0, 1)
    assert harbour.current_player(state) == 0
    assert gifts(state) == SINGLES
    assert set(harbour.legal_moves(state)) == {harbour.TakeGoods(g) for g in SINGLES}
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(livestock=1)))
    assert state.players[0].goods == Goods(livestock=1)
    assert state.players[0].buildings == (card("chandlery"),)
    assert state.pending == PendingMove() and state.current == 1


@pytest.mark.rules("ABIL-6")
def test_investor_gets_nothing_without_a_purchase() -> None:
    state = at([Goods(fish=1, stone=1), Goods()], ["investor", None])
    state = play(state, *BUY_AT_HOME)
    assert ships(state) == {()}
    state = harbour.apply_move(state, harbour.Ship(()))
    assert state.pending == PendingMove() and state.current == 1
    assert state.players[0].goods == Goods(fish=1, stone=1)


@pytest.mark.rules("ABIL-6", "INT-31", "BUY-5")
def test_investor_buying_two_buildings_chooses_two_goods_together() -> None:
    state = at(
        [Goods(fish=2, stone=5), Goods()],
        ["investor", None],
        display=["auction-rooms", "net-loft", "timber-wharf", "herring-boats"],
    )
    state = play(state, go("auction-rooms"), harbour.Ship((F, S)))  # $7
    state = harbour.apply_move(state, harbour.Purchase((card("net-loft"), card("timber-wharf"))))
    assert state.pending == PendingGift(0, 2)
    assert len(gifts(state)) == 10  # every 2-good multiset of 4 goods
    assert all(g.total == 2 for g in gifts(state))
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(wood=1, stone=1)))
    assert state.players[0].goods == Goods(wood=1, stone=1)
    assert state.pending == PendingMove() and state.current == 1  # one gift only


# --------------------------------------------------------------------------- ABIL-7 Beggar


def beggar_table(options: harbour.RulesOptions | None = None) -> GameState:
    """Seat 0 the Beggar; seats 1 and 2 generic; seat 1 to move."""
    return at(
        [Goods(fish=1), Goods(fish=1, livestock=1), Goods(fish=1)],
        ["beggar", None, None],
        current=1,
        options=options,
    )


@pytest.mark.rules("ABIL-7", "TURN-6")
def test_beggar_gains_out_of_turn_when_another_player_gains_at_their_own_start() -> None:
    state = play(beggar_table(), harbour.MovePawn(BoardSite(1)), harbour.ChooseOption(0))
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(wood=2)))
    assert state.players[1].goods == Goods(fish=1, livestock=1, wood=2)
    assert state.pending == PendingGift(0, 1)
    assert harbour.current_player(state) == 0  # the Beggar decides, out of turn
    assert state.current == 1
    assert gifts(state) == SINGLES
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(stone=1)))
    assert state.players[0].goods == Goods(fish=1, stone=1)
    # Then the turn goes on: to the player after the one whose turn it was.
    assert state.pending == PendingMove()
    assert harbour.current_player(state) == 2


@pytest.mark.rules("ABIL-7", "INT-35")
def test_beggar_gains_nothing_when_the_other_player_buys_instead() -> None:
    state = play(beggar_table(), harbour.MovePawn(BoardSite(1)), harbour.ChooseOption(1))
    assert ships(state) == {()}
    state = harbour.apply_move(state, harbour.Ship(()))
    assert state.pending == PendingMove()
    assert harbour.current_player(state) == 2
    assert state.players[0].goods == Goods(fish=1)


@pytest.mark.rules("ABIL-7", "INT-25")
def test_beggar_gains_nothing_from_his_own_start_or_from_others_buildings() -> None:
    # The Beggar at his own starting building: not "another player".
    state = at([Goods(), Goods()], ["beggar", None], display=["net-loft"])
    state = play(state, HOME, harbour.ChooseOption(0), harbour.TakeGoods(Goods(fish=1)))
    assert state.players[0].goods == Goods(fish=2)
    assert state.pending == PendingMove() and state.current == 1
    # Another player gaining at a display building: not a starting building.
    state = harbour.apply_move(state, go("net-loft"))
    assert state.players[1].goods == Goods(fish=2)
    assert state.pending == PendingMove() and state.current == 0


@pytest.mark.rules("ABIL-7", "INT-25")
@pytest.mark.parametrize(
    ("trigger", "gift"),
    [
        (harbour.BeggarTrigger.OWN_STARTING_BUILDING, False),
        (harbour.BeggarTrigger.ANY_STARTING_BUILDING, True),
    ],
)
def test_beggar_and_another_players_or_his_own_starting_building(
    trigger: harbour.BeggarTrigger, gift: bool
) -> None:
    options = harbour.RulesOptions(beggar=trigger)
    for site in (BoardSite(2), BoardSite(0)):  # a third player's start, the Beggar's start
        state = play(beggar_table(options), harbour.MovePawn(site), harbour.PayToll(F))
        state = play(
            state,
            harbour.ChooseOption(0),
            harbour.TakeGoods(Goods(wood=2 if site.player == 2 else 1)),
        )
        if gift:
            assert state.pending == PendingGift(0, 1)
            assert harbour.current_player(state) == 0
        else:
            assert state.pending == PendingMove()
            assert harbour.current_player(state) == 2


# --------------------------------------------------------------------------- ABIL-8 Noble


def seed_offering(key: str, players: int, cards: CardSet) -> GameState:
    """The first seed whose setup offers ``key`` to seat 0."""
    options = harbour.RulesOptions(characters=True)
    wanted = next(i for i, c in enumerate(cards.characters) if c.key == key)
    for seed in range(500):
        state = harbour.new_game(players, seed=seed, options=options, cards=cards)
        top = state.pending
        assert isinstance(top, PendingCharacter)
        if wanted in top.offered:
            return state
    raise AssertionError(f"no seed offers {key}")  # pragma: no cover


@pytest.mark.rules("ABIL-8", "INT-28", "BONUS-3", "CHAR-2")
def test_noble_looks_at_the_top_2_and_takes_one_the_other_stays_on_top() -> None:
    state = seed_offering("noble", 2, SET)
    deck = state.deck
    state = harbour.apply_move(state, harbour.ChooseCharacter(INDEX["noble"]))
    assert state.pending == PendingFreeBuilding(0, deck[:2])
    assert harbour.current_player(state) == 0
    # Only the chooser sees the cards looked at.
    assert harbour.observe(state, 0).pending == PendingFreeBuilding(0, deck[:2])
    assert harbour.observe(state, 1).pending == HiddenFreeBuildingChoice(0, 2)
    assert refused(state, harbour.ChooseFreeBuilding(deck[2])) == "ABIL-8"
    state = harbour.apply_move(state, harbour.ChooseFreeBuilding(deck[1]))
    assert state.players[0].free_buildings == (deck[1],)
    assert state.players[0].buildings == ()
    assert state.deck == (deck[0], *deck[2:])  # removed; the other stays on top
    # Then the next seat keeps a board.
    assert isinstance(state.pending, PendingCharacter) and state.pending.player == 1
    assert harbour.current_player(state) == 1


@pytest.mark.rules("ABIL-8", "INT-28")
def test_heiress_looks_at_the_top_3() -> None:
    state = seed_offering("heiress", 3, ORIGINAL_SET)
    heiress = next(i for i, c in enumerate(ORIGINAL_SET.characters) if c.key == "heiress")
    deck = state.deck
    state = harbour.apply_move(state, harbour.ChooseCharacter(heiress))
    assert state.pending == PendingFreeBuilding(0, deck[:3])
    assert set(harbour.legal_moves(state)) == {harbour.ChooseFreeBuilding(c) for c in deck[:3]}
    state = harbour.apply_move(state, harbour.ChooseFreeBuilding(deck[1]))
    assert state.deck == (deck[0], deck[2], *deck[3:])


def noble_position() -> GameState:
    """The Noble (seat 0) owns Quarry Steps ($4, 2 VP, a coin, 2 stone) for free.

    He has bought Smokehouse (1 VP), Mooring Posts (3 VP) and Tannery (4 VP): no coins.
    """
    state = at(
        [Goods(fish=2), Goods(fish=2)],
        ["noble", None],
        display=["net-loft", "timber-wharf", "herring-boats"],
        owned=[["smokehouse", "mooring-posts", "tannery"], []],
    )
    return give_free(state, 0, "quarry-steps")


@pytest.mark.rules("ABIL-8", "SYM-1", "SYM-5", "TOLL-1")
def test_a_free_building_is_owned_its_symbols_count_and_others_pay_its_owner_tolls() -> None:
    state = noble_position()
    assert state.owner_of(CardSite(card("quarry-steps"))) == 0
    assert state.symbol_count(0, Symbol.COIN) == 1
    # Its coin takes Net Loft from $3 to $2: 2 fish on $2 buy it.
    buy = play(state, *BUY_AT_HOME)
    assert (F,) in ships(buy)
    after = harbour.apply_move(buy, harbour.Ship((F,)))
    assert money(after) == 2
    assert set(harbour.legal_moves(after)) == {harbour.Purchase((card("net-loft"),))}
    # Without it, $2 buys nothing.
    bare = replace(state, players=(replace(state.players[0], free_buildings=()), state.players[1]))
    assert ships(play(bare, *BUY_AT_HOME)) == {()}
    # Its owner uses it toll-free.
    own = harbour.apply_move(state, go("quarry-steps"))
    assert own.players[0].goods == Goods(fish=2, stone=2)
    # Player 2 uses it: a toll to its owner, then its action.
    other = harbour.apply_move(replace(state, current=1), go("quarry-steps"))
    assert other.pending == PendingToll(0)
    other = harbour.apply_move(other, harbour.PayToll(F))
    assert other.players[1].goods == Goods(fish=1, stone=2)
    assert other.players[0].goods == Goods(fish=3)


@pytest.mark.rules("ABIL-8", "END-1", "END-3")
def test_a_free_building_is_worth_0_and_does_not_count_towards_the_4() -> None:
    state = noble_position()
    # 3 bought + 1 free: a turn without buying starts no last round.
    state = harbour.apply_move(state, go("timber-wharf"))
    assert state.last_round_turns is None
    state = harbour.apply_move(state, go("herring-boats"))  # player 2
    assert state.last_round_turns is None
    # Buying a 4th building does: 2 fish on $2, Net Loft $3 - 1 coin.
    state = play(state, *BUY_AT_HOME, harbour.Ship((F,)))
    state = harbour.apply_move(state, harbour.Purchase((card("net-loft"),)))
    assert len(state.players[0].buildings) == 4
    assert state.last_round_turns == 1
    state = harbour.apply_move(state, harbour.MovePawn(BoardSite(1)))
    state = play(state, harbour.ChooseOption(0), harbour.TakeGoods(Goods(fish=2)))
    assert harbour.is_over(state)
    result = harbour.outcome(state)
    # Smokehouse 1 + Mooring Posts 3 + Tannery 4 + Net Loft 1; Quarry Steps (2 VP) counts 0.
    assert result.building_points[0] == 9
    assert result.points[0] == 9
    assert result.buildings[0] == 4
    assert harbour.victory_points(state, 0) == 9


# --------------------------------------------------------------------------- ABIL-9 Speculator


@pytest.mark.rules("ABIL-9", "END-3")
def test_speculator_and_gossip_score_the_final_market_value() -> None:
    # Last turn of the game: the Speculator ships stone from the $5 square and buys the
    # Chandlery (2 VP). The market becomes (S, F, L, W): stone $2, fish $3.
    state = at(
        [Goods(stone=5), Goods()],
        ["speculator", "gossip"],
        display=["chandlery", "net-loft"],
    )
    state = replace(state, last_round_turns=1)
    state = play(state, *BUY_AT_HOME, harbour.Ship((S,)), harbour.Purchase((card("chandlery"),)))
    assert harbour.is_over(state)
    assert state.market == (S, F, L, W)
    result = harbour.outcome(state)
    assert result.ability_points == (2, 3)
    # The original Harbour Gossip has the same hook for fish.
    gossip = next(c for c in ORIGINAL_CHARACTERS if c.key == "harbour-gossip")
    assert gossip.ability == PointsForMarketValue(F)
    assert result.building_points == (2, 0)
    assert result.points == (4, 3)


# --------------------------------------------------------------------------- ABIL-10 Diplomat


def diplomat_table() -> GameState:
    """The Diplomat (seat 0) on the Net Loft; player 2 on their own Timber Wharf."""
    return at(
        [Goods(fish=1), Goods(fish=1)],
        ["diplomat", None],
        display=["net-loft", "chandlery"],
        owned=[[], ["timber-wharf"]],
        pawns=[CardSite(card("net-loft")), CardSite(card("timber-wharf"))],
    )


@pytest.mark.rules("ABIL-10", "INT-30", "TURN-2")
def test_diplomat_may_use_an_occupied_building_and_the_occupant_gains_before_the_toll() -> None:
    state = diplomat_table()
    targets = {m.site for m in harbour.legal_moves(state) if isinstance(m, harbour.MovePawn)}
    assert CardSite(card("timber-wharf")) in targets
    assert CardSite(card("net-loft")) not in targets  # his own pawn's building
    assert refused(state, go("net-loft")) == "TURN-2"
    state = harbour.apply_move(state, go("timber-wharf"))
    assert state.pending == PendingGift(1, 1)
    assert harbour.current_player(state) == 1
    assert gifts(state) == SINGLES
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(livestock=1)))
    assert state.players[1].goods == Goods(fish=1, livestock=1)
    assert state.players[0].goods == Goods(fish=1)  # the toll is still to come
    assert state.pending == PendingToll(1)
    assert harbour.current_player(state) == 0
    state = harbour.apply_move(state, harbour.PayToll(F))
    assert state.players[0].goods == Goods(wood=2)
    assert state.players[1].goods == Goods(fish=2, livestock=1)
    assert state.players[0].pawn == state.players[1].pawn == CardSite(card("timber-wharf"))


@pytest.mark.rules("ABIL-10", "TURN-1")
def test_others_still_may_not_move_onto_an_occupied_building() -> None:
    # Player 2 (generic) to move: the Net Loft holds the Diplomat's pawn.
    state = replace(diplomat_table(), current=1)
    targets = {m.site for m in harbour.legal_moves(state) if isinstance(m, harbour.MovePawn)}
    assert CardSite(card("net-loft")) not in targets
    assert refused(state, go("net-loft")) == "TURN-1"
    # The Diplomat moving to a vacant building gives no gift.
    state = harbour.apply_move(diplomat_table(), go("chandlery"))
    assert state.pending == PendingEffect(GainChoice(2))
    assert harbour.current_player(state) == 0


# --------------------------------------------------------------------------- ABIL-11 Alchemist


@pytest.mark.rules("ABIL-11", "INT-24", "INT-34")
def test_alchemist_converts_once_per_turn_before_moving() -> None:
    state = at([Goods(fish=4, livestock=3, wood=1), Goods(fish=1)], ["alchemist", None])
    # Default terms: pay 1 good, then 2 of one kind become 2 of another.
    state = harbour.apply_move(state, harbour.UseAbility(Goods(wood=1), F, S))
    assert state.players[0].goods == Goods(fish=2, livestock=3, stone=2)
    assert state.pending == PendingMove() and state.current == 0
    # Once per turn.
    assert conversions(state) == []
    assert refused(state, harbour.UseAbility(Goods(livestock=1), L, F)) == "ABIL-11"
    state = harbour.apply_move(state, go("net-loft"))
    # Not on another player's turn.
    assert state.current == 1
    assert conversions(state) == []
    assert refused(state, harbour.UseAbility(Goods(fish=1), L, F)) == "ABIL-11"
    state = harbour.apply_move(state, go("timber-wharf"))
    # Reset on the owner's next turn.
    assert state.current == 0
    assert harbour.UseAbility(Goods(livestock=1), L, F) in conversions(state)
    state = harbour.apply_move(state, harbour.UseAbility(Goods(livestock=1), L, F))
    assert state.players[0].goods == Goods(fish=6, stone=2)  # 4 fish + 2, capped at 6


@pytest.mark.rules("ABIL-11", "INT-34", "BUY-2")
def test_alchemist_converts_between_steps_of_a_buy_action() -> None:
    # Wood on $4: 2 wood cannot be shipped; converted 2 fish -> 2 wood, 4 wood can.
    state = at([Goods(fish=3, wood=2), Goods()], ["alchemist", None])
    state = play(state, *BUY_AT_HOME)
    assert (W,) not in ships(state)
    state = harbour.apply_move(state, harbour.UseAbility(Goods(fish=1), F, W))
    assert state.players[0].goods == Goods(wood=4)
    assert isinstance(state.pending, PendingEffect)
    state = harbour.apply_move(state, harbour.Ship((W,)))
    assert money(state) == 4


@pytest.mark.rules("ABIL-11", "GOODS-2")
def test_alchemist_conversion_is_capped_at_6() -> None:
    state = at([Goods(fish=3, stone=5), Goods()], ["alchemist", None])
    state = harbour.apply_move(state, harbour.UseAbility(Goods(fish=1), F, S))
    assert state.players[0].goods == Goods(stone=6)


@pytest.mark.rules("ABIL-11", "CHAR-3")
def test_an_original_once_per_turn_conversion_uses_its_own_terms() -> None:
    tinker = next(i for i, c in enumerate(ORIGINAL_SET.characters) if c.key == "tinker")
    assert ORIGINAL_SET.characters[tinker].ability == OncePerTurnConversion(0, 3, 2)
    state = position(goods=[Goods(fish=3, wood=2), Goods()], display=["net-loft"])
    state = replace(state, players=(replace(state.players[0], board=tinker), state.players[1]))
    fresh = state
    # 3 of one kind -> 2 of another, no fee: only fish can pay.
    assert {(m.fee, m.spend) for m in conversions(state)} == {(Goods(), F)}
    state = harbour.apply_move(state, harbour.UseAbility(Goods(), F, L))
    assert state.players[0].goods == Goods(livestock=2, wood=2)
    # The Alchemist reading does not change another ability's terms.
    for reading in harbour.AlchemistReading:
        other = with_options(fresh, alchemist=reading)
        assert {(m.fee, m.spend) for m in conversions(other)} == {(Goods(), F)}


@pytest.mark.rules("ABIL-10", "TOLL-5")
def test_a_diplomat_without_goods_cannot_join_a_pawn_on_a_tolled_building() -> None:
    from harbour.cards.abilities import ShareOccupiedBuildings
    from harbour.cards.effects import Gain, GainChoice, OneOf, SwapMarket, Symbol
    from harbour.cards.model import Building, CardSet, PlayerBoard
    from harbour.cards.original import ORIGINAL_BOARD

    diplomat = PlayerBoard(
        "envoy",
        "Envoy",
        (Symbol.ANCHOR,),
        OneOf((GainChoice(1), Buy())),
        ShareOccupiedBuildings(1),
        "test",
        "test",
    )
    buildings = [
        Building(f"b{i}", f"B{i}", 3, 1, (Symbol.COIN,), Gain(Goods(fish=1))) for i in range(8)
    ]
    buildings.append(Building("swap", "Swap House", 3, 1, (Symbol.COIN,), SwapMarket()))
    cards = CardSet("t", tuple(buildings), ORIGINAL_BOARD, False, characters=(diplomat,))
    swap = harbour.CardSite(cards.index_of("swap"))
    state = position(
        goods=[Goods(), Goods(fish=1)],
        display=["b0", "b1", "b2"],
        owned=[[], ["swap"]],
        pawns=[None, swap],  # Player 2 stands on their own Swap House
        cards=cards,
    )
    state = replace(state, players=(replace(state.players[0], board=0), state.players[1]))
    moves = harbour.legal_moves(state)
    # The Swap House gives no goods, so a toll there could never be paid (TOLL-5) ...
    assert harbour.MovePawn(swap) not in moves
    # ... while the Diplomat may still join or take any other building.
    assert harbour.MovePawn(harbour.CardSite(cards.index_of("b0"))) in moves
    with pytest.raises(harbour.IllegalMoveError) as error:
        harbour.apply_move(state, harbour.MovePawn(swap))
    assert error.value.rule_id == "TOLL-5"
