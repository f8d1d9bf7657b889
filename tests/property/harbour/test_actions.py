"""Integer actions over random games and random card sets (CODE-1 to CODE-5).

Games are sweep games (2 to 4 players, spread over the combinations of rule readings so
that every value of every option is played, characters, bonus cards and the Inland Traders
included; every other game with a character for every ability hook) other than those the
notation and interchange tests play. In every state visited, every legal move's code is in
range and decodes back to the move, the legal actions are the codes of the legal moves,
ascending and without repeats, the mask holds 1 exactly there, and a move met in several
states (of any game with the same cards, whatever the player count) always has the same
code, never shared with another move. Hypothesis then plays from arbitrary positions of
card sets that push every bound of the space (buy actions of up to 7 buildings, gifts of
up to 42 goods, many warehouses, conversion fees up to 6, buildings without a price).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from math import comb
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import harbour
from harbour import GameState, Move, RulesOptions
from harbour.agents import actions
from harbour.cards import abilities as ab
from harbour.cards.effects import (
    Buy,
    Effect,
    Exchange,
    Gain,
    GainChoice,
    OneOf,
    SwapMarket,
    Symbol,
    TwoPart,
)
from harbour.cards.files import load_card_file
from harbour.cards.limits import MAX_AMOUNT, MAX_BUY
from harbour.cards.model import CardSet, PlayerBoard
from harbour.cards.original import ORIGINAL_SET
from harbour.goods import Good, Goods
from harbour.moves import MOVE_TYPES
from harbour.testing import positions
from meeplekit.rng import SplitMix64
from tests.support.harbour import EVERY_ABILITY_SET
from tests.support.harbour_sweep import (
    _field_values,
    cards_for,
    options_for,
    players_for,
    seed_for,
)

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = load_card_file(ROOT / "docs" / "examples" / "my-cards.toml")

#: Sweep games played here: the ones the notation (1, 4, ...) and interchange (0, 3, ...)
#: tests do not play.
GAMES = range(2, 48, 3)
#: Decisions played per game at most (most games end well before).
LIMIT = 700

#: Spaces up to this size have their mask checked in every state (a card set buying 7
#: buildings at once has millions of codes: its masks are slow to build in every state).
MASKED = 100_000

#: The code of every move met, by card set name: the same in every state and game (CODE-2).
Seen = dict[str, dict[Move, int]]


def check_state(state: GameState, seen: Seen) -> None:
    """CODE-1 to CODE-5 in one state; ``seen`` collects codes across states and games."""
    legal = harbour.legal_moves(state)
    size = actions.num_distinct_actions(state.cards)
    codes = seen.setdefault(state.cards.name, {})
    mine = []
    for move in legal:
        code = actions.encode(state, move)
        assert type(code) is int and 0 <= code < size
        assert actions.decode(state, code) == move
        assert codes.setdefault(move, code) == code, (move, code, codes[move])
        mine.append(code)
    listed = actions.legal_actions(state)
    assert listed == tuple(sorted(mine))
    assert len(set(listed)) == len(listed) == len(legal)
    assert (listed == ()) == state.is_over
    if size > MASKED:
        return
    mask = actions.legal_action_mask(state)
    assert type(mask) is bytes and len(mask) == size
    assert mask.count(1) == len(listed) and mask.count(0) == size - len(listed)
    assert all(mask[code] == 1 for code in listed)


def assert_one_move_per_code(seen: Seen) -> None:
    """Different moves met never share a code (CODE-2)."""
    for codes in seen.values():
        assert len(set(codes.values())) == len(codes)


def play(state: GameState, seed: int, limit: int = LIMIT) -> Iterator[GameState]:
    """The states of a game played by uniformly random moves, from ``state``."""
    rng = SplitMix64(seed ^ 0x5851F42D4C957F2D)
    for _ in range(limit):
        yield state
        if state.is_over:
            return
        state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))


def sweep_game(index: int) -> GameState:
    return harbour.new_game(
        players_for(index), seed=seed_for(index), options=options_for(index), cards=cards_for(index)
    )


def test_the_games_play_every_value_of_every_option() -> None:
    seen = {
        (f.name, getattr(options_for(i), f.name)) for i in GAMES for f in attrs.fields(RulesOptions)
    }
    every = {
        (f.name, value) for f in attrs.fields(RulesOptions) for value in _field_values(f.default)
    }
    assert every <= seen
    assert {players_for(i) for i in GAMES} == {2, 3, 4}
    assert {cards_for(i).name for i in GAMES} == {ORIGINAL_SET.name, EVERY_ABILITY_SET.name}


#: Codes met by the sweep games, shared across them (each xdist worker has its own).
_SWEEP_SEEN: Seen = {}


@pytest.mark.rules("CODE-1", "CODE-2", "CODE-4", "CODE-5")
@pytest.mark.parametrize("index", GAMES)
def test_every_legal_move_has_one_stable_code(index: int) -> None:
    types: set[type] = set()
    for state in play(sweep_game(index), seed_for(index)):
        check_state(state, _SWEEP_SEEN)
        types.update(type(m) for m in harbour.legal_moves(state))
    assert_one_move_per_code(_SWEEP_SEEN)
    assert len(types) >= 5


@pytest.mark.rules("CODE-2")
def test_a_move_has_the_same_code_whatever_the_number_of_players() -> None:
    tables: list[dict[Move, int]] = []
    for players in (2, 3, 4):
        seen: Seen = {}
        options = RulesOptions(characters=True, bonus_cards=True, inland_traders=players > 2)
        start = harbour.new_game(players, seed=players, options=options, cards=EVERY_ABILITY_SET)
        for state in play(start, players, limit=300):
            check_state(state, seen)
        tables.append(seen[EVERY_ABILITY_SET.name])
    common = set(tables[0]) & set(tables[1]) & set(tables[2])
    assert len(common) > 50
    assert all(tables[0][m] == tables[1][m] == tables[2][m] for m in common)
    merged = {m: c for table in tables for m, c in table.items()}
    assert len(set(merged.values())) == len(merged)


@pytest.mark.rules("CODE-1", "CODE-2")
@pytest.mark.parametrize("cards", [ORIGINAL_SET, EVERY_ABILITY_SET, EXAMPLE], ids=lambda c: c.name)
def test_every_code_decodes_to_a_move_that_encodes_back(cards: CardSet) -> None:
    state = harbour.new_game(4, seed=1, cards=cards)
    size = actions.num_distinct_actions(cards)
    blocks = actions.action_blocks(cards)
    assert [b.move_type for b in blocks] == list(actions.BLOCK_ORDER)
    assert set(actions.BLOCK_ORDER) == set(MOVE_TYPES)
    assert blocks[0].offset == 0 and blocks[-1].stop == size
    assert all(a.stop == b.offset for a, b in pairwise(blocks))
    moves = set()
    for block in blocks:
        for code in range(block.offset, block.stop):
            move = actions.decode(state, code)
            assert type(move) is block.move_type
            assert actions.encode(state, move) == code
            moves.add(move)
    assert len(moves) == size


@pytest.mark.rules("CODE-1", "CODE-4", "CODE-5")
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, RulesOptions(characters=True, bonus_cards=True)),
        (3, RulesOptions(inland_traders=True, bonus_cards=True)),
        (4, RulesOptions(first_game=True)),
    ],
)
def test_the_example_card_file_plays_with_its_action_space(
    players: int, options: RulesOptions
) -> None:
    seen: Seen = {}
    for seed in range(3):
        start = harbour.new_game(players, seed=seed, options=options, cards=EXAMPLE)
        for state in play(start, seed):
            check_state(state, seen)
    assert_one_move_per_code(seen)


# --------------------------------------------------------------------------- any card set


def _effects() -> st.SearchStrategy[Effect]:
    simple = st.one_of(
        st.builds(Buy, st.integers(1, MAX_BUY)),
        st.builds(GainChoice, st.integers(1, MAX_AMOUNT)),
        st.builds(
            Exchange,
            st.integers(1, 3),
            st.integers(1, 3),
            st.integers(1, 3),
            st.booleans(),
        ),
        st.just(SwapMarket()),
        st.just(Gain(Goods(wood=2))),
    )
    return st.one_of(
        simple,
        st.builds(TwoPart, simple, simple),
        st.lists(simple, min_size=2, max_size=4).map(lambda o: OneOf(tuple(o))),
    )


_HOOKS: tuple[st.SearchStrategy[ab.Ability], ...] = (
    st.builds(ab.GainOnPurchase, st.integers(1, MAX_AMOUNT)),
    st.builds(ab.GainWhenOthersUseStart, st.integers(1, MAX_AMOUNT)),
    st.builds(ab.ShareOccupiedBuildings, st.integers(1, MAX_AMOUNT)),
    st.builds(
        ab.OncePerTurnConversion,
        st.integers(0, MAX_AMOUNT),
        st.integers(1, 3),
        st.integers(1, MAX_AMOUNT),
    ),
    st.just(ab.AlchemistConversion()),
    st.builds(ab.FreeBuildingAtSetup, st.integers(1, 3)),
    st.just(ab.ShippingKeepsExcess()),
)


@st.composite
def bound_pushing_sets(draw: st.DrawFn) -> CardSet:
    """The original buildings, some with drawn actions, warehouses or no price, and characters
    whose gifts, fees and free buildings are drawn."""
    buildings = list(ORIGINAL_SET.buildings)
    changed = draw(st.lists(st.integers(0, len(buildings) - 1), max_size=24, unique=True))
    for index in changed:
        buildings[index] = attrs.evolve(
            buildings[index],
            action=draw(_effects()),
            symbols=draw(st.sampled_from([(Symbol.WAREHOUSE,), (Symbol.WAREHOUSE,) * 2])),
            cost=draw(st.sampled_from([None, 0, 0, 1, 2])),
        )
    boards = tuple(
        PlayerBoard(
            f"board-{i}",
            f"Board {i}",
            (Symbol.WAREHOUSE,),
            draw(_effects()),
            draw(_HOOKS[draw(st.integers(0, len(_HOOKS) - 1))]),
        )
        for i in range(4)
    )
    return attrs.evolve(
        ORIGINAL_SET,
        name="bounds",
        original=False,
        buildings=tuple(buildings),
        characters=boards,
    )


@pytest.mark.rules("CODE-1", "CODE-3", "CODE-4", "CODE-5")
@settings(max_examples=40)
@given(positions(cards=bound_pushing_sets()), st.integers(0, 2**32))
def test_every_legal_move_of_any_card_set_is_in_its_space(state: GameState, seed: int) -> None:
    seen: Seen = {}
    for now in play(state, seed, limit=40):
        check_state(now, seen)
    assert_one_move_per_code(seen)


@pytest.mark.rules("CODE-3")
def test_the_bounds_reach_the_largest_gift_shipment_and_fee() -> None:
    """A card set at every ceiling: each block is exactly as large as CODE-3 says."""
    buildings = tuple(
        attrs.evolve(b, action=Buy(MAX_BUY), symbols=(Symbol.WAREHOUSE,) * 2) if i < 3 else b
        for i, b in enumerate(ORIGINAL_SET.buildings)
    )
    hooks: list[ab.Ability] = [
        ab.GainOnPurchase(MAX_AMOUNT),
        ab.OncePerTurnConversion(MAX_AMOUNT, 1, 1),
    ]
    boards = tuple(
        PlayerBoard(f"b{i}", f"B{i}", (), GainChoice(1), hook) for i, hook in enumerate(hooks)
    )
    cards = attrs.evolve(
        ORIGINAL_SET, name="ceilings", original=False, buildings=buildings, characters=boards
    )
    sizes = {b.move_type.__name__: b.size for b in actions.action_blocks(cards)}
    assert sizes["TakeGoods"] == 163_184  # 42 goods of choice: C(46, 4) - 1
    assert sizes["Ship"] == 8**4
    assert sizes["UseAbility"] == 12 * 210  # fees of up to 6 goods: C(10, 4)
    priced = sum(b.cost is not None for b in buildings)
    assert sizes["Purchase"] == sum(comb(priced, k) for k in range(MAX_BUY + 1))
    assert sizes["ChooseFreeBuilding"] == 0
    state = harbour.new_game(2, seed=0, cards=cards)
    gift = harbour.TakeGoods(Goods(fish=42))
    assert actions.decode(state, actions.encode(state, gift)) == gift
    assert actions.encode(state, harbour.TakeGoods(Goods(1, 1, 1, 1))) < actions.encode(state, gift)
    fee = harbour.UseAbility(Goods(stone=6), Good.FISH, Good.WOOD)
    assert actions.decode(state, actions.encode(state, fee)) == fee
