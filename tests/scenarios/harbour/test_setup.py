"""Components and setup: the deal, the reshuffle, the market, starting goods, seeded chance."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations
from typing import Any

import pytest

import harbour
from harbour.cards import (
    ORIGINAL_BOARD,
    ORIGINAL_SET,
    Building,
    Buy,
    CardSet,
    Effect,
    Gain,
    GainChoice,
    OneOf,
    PlayerBoard,
    Symbol,
    TwoPart,
)
from harbour.goods import GOODS, Good, Goods
from harbour.state import BoardSite, CardSite, PendingMove, PendingStartingGoods, PendingToll
from meeplekit.rng import SplitMix64
from tests.support.harbour import custom_set, play, position

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE
MASK = (1 << 64) - 1


def buy_symbols(state: harbour.GameState) -> int:
    """How many display buildings show the buy-a-building symbol (their action can buy)."""
    return sum(1 for c in state.display if _can_buy(state.cards.buildings[c].action))


def _can_buy(effect: Effect) -> bool:
    # Written independently of harbour.cards.effects.contains_buy.
    if isinstance(effect, Buy):
        return True
    if isinstance(effect, TwoPart):
        return _can_buy(effect.first) or _can_buy(effect.second)
    if isinstance(effect, OneOf):
        return any(_can_buy(o) for o in effect.options)
    return False


def finish_setup(state: harbour.GameState) -> harbour.GameState:
    """Every player takes 1 of three goods (a legal SETUP-4 choice)."""
    while isinstance(state.pending, PendingStartingGoods):
        state = harbour.apply_move(state, harbour.ChooseStartingGoods(Goods(1, 1, 1, 0)))
    return state


# --------------------------------------------------------------------------- components


@pytest.mark.rules("COMP-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_components_four_goods_four_squares_36_buildings_a_pawn_each(players: int) -> None:
    assert [g.label for g in GOODS] == ["fish", "livestock", "wood", "stone"]
    assert harbour.MARKET_VALUES == (2, 3, 4, 5)
    state = harbour.new_game(players, seed=11)
    assert len(state.cards.buildings) == 36
    assert sorted(state.market) == sorted(GOODS)  # one marker of each good, 4 squares
    assert len(state.players) == players
    # One pawn per player, off the board until the first move; one board per player.
    assert [p.pawn for p in state.players] == [None] * players
    state = finish_setup(state)
    sites = set(harbour.legal_moves(state))
    assert {harbour.MovePawn(BoardSite(p)) for p in range(players)} <= sites


@pytest.mark.rules("COMP-2", "BUY-7")
def test_every_original_building_has_the_card_anatomy() -> None:
    for b in ORIGINAL_SET.buildings:
        assert isinstance(b.name, str) and b.name
        assert b.cost is None or (isinstance(b.cost, int) and b.cost >= 0)
        assert isinstance(b.points, int) and b.points >= 0
        assert 1 <= len(b.symbols) <= 2
        assert all(isinstance(s, Symbol) for s in b.symbols)
        assert b.action is not None
    # A building may have no price; such a building is not purchasable.
    unpriced = [b for b in ORIGINAL_SET.buildings if b.cost is None]
    assert unpriced and not any(b.purchasable for b in unpriced)


@pytest.mark.rules("COMP-2")
@pytest.mark.parametrize(
    "symbols", [(), (Symbol.COIN, Symbol.ANCHOR, Symbol.TOP_HAT)], ids=["none", "three"]
)
def test_a_building_shows_one_or_two_owner_symbols(symbols: tuple[Symbol, ...]) -> None:
    with pytest.raises(ValueError):
        Building("x", "X", 3, 1, symbols, Gain(Goods(fish=1)))


@pytest.mark.rules("COMP-2")
def test_a_building_cannot_have_a_negative_cost_or_points() -> None:
    with pytest.raises(ValueError):
        Building("x", "X", -1, 1, (Symbol.COIN,), Gain(Goods(fish=1)))
    with pytest.raises(ValueError):
        Building("x", "X", 3, -1, (Symbol.COIN,), Gain(Goods(fish=1)))


@pytest.mark.rules("COMP-3", "ACT-8", "TOLL-1")
def test_the_player_board_is_a_starting_building_with_a_choice_of_two_actions() -> None:
    action = ORIGINAL_BOARD.action
    assert isinstance(action, OneOf) and len(action.options) == 2
    # It is never in the display and never in the deck: only building cards are.
    state = finish_setup(harbour.new_game(3, seed=4))
    assert all(isinstance(c, int) for c in state.display + state.deck)
    # It is owned by its player: another player using it owes that player a toll.
    state = harbour.apply_move(state, harbour.MovePawn(BoardSite(1)))
    assert state.pending == PendingToll(1)


@pytest.mark.rules("COMP-3", "GOODS-2")
def test_the_warehouse_tracks_each_good_from_0_to_6() -> None:
    # The starting building's goods option gains up to the cap of 6 and no further.
    state = position(goods=[Goods(fish=5), Goods(fish=1)])
    state = play(
        state,
        harbour.MovePawn(BoardSite(0)),
        harbour.ChooseOption(0),
        harbour.TakeGoods(Goods(fish=2)),
    )
    assert state.players[0].goods == Goods(fish=6)


@pytest.mark.rules("COMP-4")
def test_the_default_card_set_is_original_and_uses_no_published_name() -> None:
    published = {
        "sushi shop",
        "golem crafters",
        "salvage yard",
        "ranch",
        "inn",
        "lighthouse",
        "canal lock",
        "shipbuilder's guild",
        "shipbuilders guild",
        "library",
        "bank",
        "traders guild",
        "architectural society",
        "privateer ship",
        "seaside crane",
        "alchemist shop",
        "masoner's hall",
        "pub",
        "wizard's traveling imaginarium",
        "the wharfs",
        "wharfs",
    }

    def norm(name: str) -> str:
        return name.lower().replace("\u2019", "'").strip()

    assert harbour.new_game(2, seed=0).cards is ORIGINAL_SET
    assert ORIGINAL_SET.original
    names = [norm(b.name) for b in ORIGINAL_SET.buildings] + [norm(ORIGINAL_SET.board.name)]
    assert not set(names) & published
    assert len(set(names)) == len(names)


# --------------------------------------------------------------------------- SETUP-1


@pytest.mark.rules("SETUP-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_display_of_players_plus_three_and_the_rest_is_the_deck(players: int) -> None:
    state = harbour.new_game(players, seed=2024)
    assert len(state.display) == players + 3
    assert len(state.deck) == 36 - players - 3
    # Every building is exactly once in the display or the deck.
    assert sorted(state.display + state.deck) == list(range(36))


@pytest.mark.rules("SETUP-1", "SETUP-7")
def test_the_buildings_are_shuffled() -> None:
    displays = {harbour.new_game(2, seed=s).display for s in range(40)}
    decks = {harbour.new_game(2, seed=s).deck for s in range(40)}
    assert len(displays) > 30 and len(decks) == 40
    # Deck cards are not laid out in card-set order.
    assert harbour.new_game(2, seed=3).deck != tuple(sorted(harbour.new_game(2, seed=3).deck))


# --------------------------------------------------------------------------- SETUP-2


@pytest.mark.rules("SETUP-2", "INT-11")
@pytest.mark.parametrize("players", [2, 4])
def test_no_default_display_shows_three_buy_symbols(players: int) -> None:
    for seed in range(300):
        state = harbour.new_game(players, seed=seed)
        assert buy_symbols(state) < 3, seed


@pytest.mark.rules("SETUP-2", "INT-11")
def test_without_the_reshuffle_some_display_shows_three_buy_symbols() -> None:
    options = harbour.RulesOptions(reshuffle_display=False)
    counts = [buy_symbols(harbour.new_game(4, seed=s, options=options)) for s in range(300)]
    # 5 of the 36 original buildings can buy: about 4% of 7-card displays show 3 or more.
    assert max(counts) >= 3


def _tight_set(buy: int, plain: int) -> CardSet:
    buildings = [
        Building(f"b{i}", f"Buyer {i}", 3, 1, (Symbol.COIN,), Buy()) for i in range(buy)
    ] + [
        Building(f"p{i}", f"Plain {i}", 3, 1, (Symbol.ANCHOR,), Gain(Goods(fish=1)))
        for i in range(plain)
    ]
    return custom_set(buildings)


@pytest.mark.rules("SETUP-2")
def test_the_reshuffle_repeats_until_fewer_than_three_buy_symbols() -> None:
    # 2 players: a display of 5 from 6 buyers and 3 plain buildings. Only displays with all
    # three plain buildings and 2 buyers pass.
    cards = _tight_set(6, 3)
    plain = {cards.index_of(f"p{i}") for i in range(3)}
    for seed in range(30):
        state = harbour.new_game(2, seed=seed, cards=cards)
        assert buy_symbols(state) == 2
        assert plain <= set(state.display)
        assert sorted(state.display + state.deck) == list(range(9))


@pytest.mark.rules("SETUP-2")
def test_an_impossible_reshuffle_is_refused() -> None:
    # 2 players need 5 - 2 = 3 buildings without the buy symbol; 2 are not enough, and the
    # setup says so at once rather than dealing in vain.
    with pytest.raises(harbour.InvalidValueError, match="has only 2 buildings without"):
        harbour.new_game(2, seed=1, cards=_tight_set(6, 2))
    # Without the reshuffle the same set deals.
    options = harbour.RulesOptions(reshuffle_display=False)
    state = harbour.new_game(2, seed=1, cards=_tight_set(6, 2), options=options)
    assert len(state.display) == 5


# --------------------------------------------------------------------------- SETUP-3


@pytest.mark.rules("SETUP-3")
def test_the_market_is_a_random_arrangement_of_the_four_goods() -> None:
    seen = set()
    for seed in range(400):
        market = harbour.new_game(2, seed=seed).market
        assert sorted(market) == sorted(GOODS)
        seen.add(market)
    # Every one of the 24 arrangements occurs.
    assert seen == set(permutations(GOODS))


# --------------------------------------------------------------------------- SETUP-4


@pytest.mark.rules("SETUP-4", "TURN-6")
def test_starting_goods_are_any_three_goods() -> None:
    state = harbour.new_game(2, seed=8)
    moves = harbour.legal_moves(state)
    assert all(isinstance(m, harbour.ChooseStartingGoods) for m in moves)
    chosen = {m.goods for m in moves if isinstance(m, harbour.ChooseStartingGoods)}
    expected = {
        Goods(a, b, c, 3 - a - b - c)
        for a in range(4)
        for b in range(4 - a)
        for c in range(4 - a - b)
    }
    assert chosen == expected and len(moves) == 20  # C(6, 3) mixes
    # 001's example: 2 stone, 1 wood, no fish or livestock.
    state = harbour.apply_move(state, harbour.ChooseStartingGoods(Goods(wood=1, stone=2)))
    assert state.players[0].goods == Goods(wood=1, stone=2)


@pytest.mark.rules("SETUP-4", "SETUP-6", "INT-19")
def test_starting_goods_are_chosen_from_seat_0_then_play_begins() -> None:
    state = harbour.new_game(4, seed=9)
    assert state.current == 0 and state.turn == 0
    picks = [Goods(fish=3), Goods(1, 1, 1, 0), Goods(stone=3), Goods(0, 2, 0, 1)]
    for seat, goods in enumerate(picks):
        assert state.current == seat and isinstance(state.pending, PendingStartingGoods)
        # The earlier choices are already on the table; the later ones are not made yet.
        assert [p.goods for p in state.players] == picks[:seat] + [Goods()] * (4 - seat)
        state = harbour.apply_move(state, harbour.ChooseStartingGoods(goods))
    assert [p.goods for p in state.players] == picks
    assert isinstance(state.pending, PendingMove)
    assert state.current == 0 and state.turn == 1


@pytest.mark.rules("SETUP-4")
@pytest.mark.parametrize("goods", [Goods(fish=2), Goods(1, 1, 1, 1), Goods(fish=4)])
def test_a_wrong_number_of_starting_goods_is_refused(goods: Goods) -> None:
    state = harbour.new_game(2, seed=8)
    with pytest.raises(harbour.IllegalMoveError) as err:
        harbour.apply_move(state, harbour.ChooseStartingGoods(goods))
    assert err.value.rule_id == "SETUP-4"


@pytest.mark.rules("GOODS-1", "INPUT-1")
def test_negative_starting_goods_are_not_goods_at_all() -> None:
    with pytest.raises(harbour.InvalidValueError):
        Goods(fish=4, stone=-1)


# --------------------------------------------------------------------------- SETUP-5


@pytest.mark.rules("SETUP-5", "INT-16")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_game_display_is_the_trio_plus_a_random_building_per_player(players: int) -> None:
    options = harbour.RulesOptions(first_game=True)
    trio = {i for i, b in enumerate(ORIGINAL_SET.buildings) if b.first_game}
    assert len(trio) == 3
    extras = set()
    for seed in range(20):
        state = harbour.new_game(players, seed=seed, options=options)
        assert len(state.display) == players + 3
        assert trio <= set(state.display)
        assert sorted(state.display + state.deck) == list(range(36))
        extras.add(frozenset(state.display) - trio)
    assert len(extras) > 10  # the other buildings are random


@pytest.mark.rules("SETUP-5", "TURN-6")
def test_first_game_players_start_with_one_of_each_good() -> None:
    state = harbour.new_game(3, seed=2, options=harbour.RulesOptions(first_game=True))
    for seat in range(3):
        assert state.current == seat
        assert harbour.legal_moves(state) == (harbour.ChooseStartingGoods(Goods(1, 1, 1, 1)),)
        with pytest.raises(harbour.IllegalMoveError) as err:
            harbour.apply_move(state, harbour.ChooseStartingGoods(Goods(stone=3)))
        assert err.value.rule_id == "SETUP-5"
        state = harbour.apply_move(state, harbour.ChooseStartingGoods(Goods(1, 1, 1, 1)))
    assert all(p.goods == Goods(1, 1, 1, 1) for p in state.players)
    assert isinstance(state.pending, PendingMove) and state.current == 0
    # Every player uses the generic board.
    assert state.cards.board == ORIGINAL_BOARD


@pytest.mark.rules("SETUP-5", "SETUP-2", "INT-20")
def test_first_game_display_is_not_reshuffled_for_buy_symbols() -> None:
    options = harbour.RulesOptions(first_game=True)
    counts = [buy_symbols(harbour.new_game(4, seed=s, options=options)) for s in range(300)]
    # The trio holds one buyer; 4 random buildings from 33 holding 4 more buyers often add 2.
    assert max(counts) >= 3


# --------------------------------------------------------------------------- SETUP-6


@pytest.mark.rules("SETUP-6", "INT-12", "TURN-5")
def test_seat_0_starts_and_play_goes_clockwise_wrapping_round() -> None:
    starts = set()
    for seed in range(10):
        state = finish_setup(harbour.new_game(3, seed=seed))
        starts.add(state.current)
    assert starts == {0}  # the seed never chooses the starting player
    state = position(
        goods=[Goods(fish=1), Goods(fish=1), Goods(fish=1)],
        display=["net-loft", "smokehouse", "timber-wharf", "cattle-pens"],
    )
    order = []
    targets = ["net-loft", "smokehouse", "timber-wharf", "cattle-pens"]
    for key in targets:
        order.append(state.current)
        state = harbour.apply_move(state, harbour.MovePawn(CardSite(state.cards.index_of(key))))
    assert order == [0, 1, 2, 0]
    assert state.current == 1


# --------------------------------------------------------------------------- SETUP-7


def reference_splitmix64(seed: int) -> Iterator[int]:
    """SplitMix64 as published (Steele, Lea, Flood 2014; Vigna's splitmix64.c)."""
    x = seed % (1 << 64)
    while True:
        x = (x + 0x9E3779B97F4A7C15) % (1 << 64)
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % (1 << 64)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % (1 << 64)
        yield z ^ (z >> 31)


def reference_below(stream: Iterator[int], bound: int) -> int:
    """Unbiased integer in range(bound): reject the top partial block of 2**64."""
    usable = (1 << 64) // bound * bound
    while True:
        x = next(stream)
        if x < usable:
            return x % bound


@pytest.mark.rules("SETUP-7")
def test_splitmix64_matches_the_published_outputs_for_seed_0() -> None:
    rng = SplitMix64(0)
    got = [rng.next_u64() for _ in range(4)]
    assert got[0] == 0xE220A8397B1DCDAF
    assert got == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]


@pytest.mark.rules("SETUP-7")
@pytest.mark.parametrize("seed", [0, 1, 1234567, 2**64 - 1])
def test_splitmix64_matches_an_independent_reference(seed: int) -> None:
    ref = reference_splitmix64(seed)
    rng = SplitMix64(seed)
    for _ in range(100):
        assert rng.next_u64() == next(ref)


@pytest.mark.rules("SETUP-7")
def test_bounded_integers_use_rejection_sampling() -> None:
    # With bound 2**63 + 1 about half of all outputs must be rejected.
    ref = reference_splitmix64(1234567)
    rng = SplitMix64(1234567)
    for bound in [2**63 + 1, 3, 7, 36, 2**63 + 1, 1, 2**64 - 1]:
        assert rng.below(bound) == reference_below(ref, bound)

    class Scripted(SplitMix64):
        def __init__(self, outputs: list[int]) -> None:
            super().__init__(0)
            self.outputs = outputs

        def next_u64(self) -> int:
            return self.outputs.pop(0)

    # 2**64 % 3 == 1, so 2**64 - 1 is the one value a modulo would bias: it is rejected.
    assert Scripted([2**64 - 1, 5]).below(3) == 2


@pytest.mark.rules("SETUP-7")
def test_shuffle_is_fisher_yates_from_the_last_position() -> None:
    items = list(range(36))
    ref = reference_splitmix64(99)
    expected = list(items)
    for i in range(len(expected) - 1, 0, -1):
        j = reference_below(ref, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert SplitMix64(99).shuffled(items) == tuple(expected)


@pytest.mark.rules("SETUP-7")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_game_and_different_seeds_differ(players: int) -> None:
    a = harbour.new_game(players, seed=123456789)
    b = harbour.new_game(players, seed=123456789)
    assert a == b and hash(a) == hash(b)
    others = {
        (g.display, g.deck, g.market)
        for g in (harbour.new_game(players, seed=s) for s in range(20))
    }
    assert len(others) == 20
    assert harbour.new_game(players, seed=1) != harbour.new_game(players, seed=2)


@pytest.mark.rules("SETUP-7", "INT-11")
def test_same_seed_and_options_give_the_same_game() -> None:
    opts = harbour.RulesOptions(reshuffle_display=False)
    assert harbour.new_game(3, seed=77, options=opts) == harbour.new_game(3, seed=77, options=opts)
    first = harbour.RulesOptions(first_game=True)
    assert harbour.new_game(3, seed=77, options=first) == harbour.new_game(
        3, seed=77, options=first
    )


@pytest.mark.rules("SETUP-7", "TURN-6")
def test_play_itself_is_deterministic() -> None:
    # Two identical games stay identical: moves carry no chance.
    a = finish_setup(harbour.new_game(3, seed=5))
    b = finish_setup(harbour.new_game(3, seed=5))
    for _ in range(30):
        moves = harbour.legal_moves(a)
        assert moves == harbour.legal_moves(b)
        if not moves:
            break
        a, b = harbour.apply_move(a, moves[-1]), harbour.apply_move(b, moves[-1])
        assert a == b


@pytest.mark.rules("SETUP-7")
@pytest.mark.parametrize("seed", [0, 2**64 - 1])
def test_the_seed_range_is_64_bits(seed: int) -> None:
    assert harbour.new_game(2, seed=seed).seed == seed


@pytest.mark.rules("SETUP-7", "INT-18")
@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (1, 0, None),
        (5, 0, None),
        ("3", 0, None),
        (True, 0, None),
        (2.0, 0, None),
        (2, -1, None),
        (2, 2**64, None),
        (2, 1.5, None),
        (2, True, None),
        (2, "7", None),
        (2, 0, {"last_round": "all-players"}),
        (2, 0, harbour.LastRound.ALL_PLAYERS),
    ],
)
def test_bad_arguments_raise_value_error(players: Any, seed: Any, options: Any) -> None:
    kwargs: dict[str, Any] = {"seed": seed}
    if options is not None:
        kwargs["options"] = options
    with pytest.raises(ValueError):
        harbour.new_game(players, **kwargs)


@pytest.mark.rules("COMP-3", "SYM-5")
def test_the_starting_building_symbols_count_for_its_owner() -> None:
    # A custom board whose starting building shows a coin: its owner pays $1 less.
    board = PlayerBoard("office", "Office", (Symbol.COIN,), OneOf((GainChoice(2), Buy())))
    cards = custom_set(
        [
            Building("four", "Four", 4, 2, (Symbol.ANCHOR,), Gain(Goods(fish=1))),
            Building("five", "Five", 5, 3, (Symbol.ANCHOR,), Gain(Goods(fish=1))),
            Building("six", "Six", 6, 3, (Symbol.ANCHOR,), Gain(Goods(fish=1))),
        ],
        board=board,
    )
    state = position(
        goods=[Goods(livestock=3), Goods()], market=(F, L, W, S), display=["four"], cards=cards
    )
    # Livestock is on the $3 square; with the board's coin a $4 building costs $3.
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))
    assert harbour.Ship((L,)) in harbour.legal_moves(state)
    state = play(state, harbour.Ship((L,)), harbour.Purchase((cards.index_of("four"),)))
    assert state.players[0].buildings == (cards.index_of("four"),)
