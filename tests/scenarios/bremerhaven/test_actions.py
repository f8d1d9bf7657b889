"""Integer action codes: the layout of the table and bad input (BH-CODE-1 to BH-CODE-6).

The expected codes are read off the table of the "Integer actions" page: a block's offset is
the sum of the sizes before it, and a move's code is its block's offset plus its place in
the block.
"""

from __future__ import annotations

import itertools
from typing import get_args

import pytest

import bremerhaven
from bremerhaven import (
    Berth,
    Bid,
    Build,
    BuyPermit,
    ChoosePrice,
    ClearCover,
    Deliver,
    EndMovement,
    EndPermits,
    Good,
    PayDifference,
    Space,
    StartingGood,
    SwapRanks,
)
from bremerhaven.agents import actions as codes
from bremerhaven.cards import ORIGINAL
from bremerhaven.moves import Move
from tests.support.bremerhaven import building, card_set, price

#: The sizes of the blocks that do not depend on the card set, from the page's table.
FIXED_SIZES = {
    "StartingGood": 4,
    "Bid": 126,
    "BuyPermit": 1,
    "PlaceBollard": 4,
    "ClearCover": 12,
    "EndPermits": 1,
    "PayDifference": 2,
    "SwapRanks": 4,
    "Berth": 12,
    "PlaceContract": 4,
    "Produce": 12,
    "EndProduction": 1,
    "Unload": 3,
    "Deliver": 16,
    "Pack": 1,
    "Unpack": 1,
    "EndMovement": 1,
    "ResolveContract": 4,
    "RotatePrices": 1,
}


@pytest.mark.rules("BH-CODE-1")
def test_the_original_sets_space_is_the_pages_table() -> None:
    blocks = codes.action_blocks()
    assert blocks == codes.action_blocks(ORIGINAL)
    assert tuple(b.move_type for b in blocks) == codes.BLOCK_ORDER == get_args(bremerhaven.Move)
    assert blocks[0].offset == 0 and all(a.stop == b.offset for a, b in itertools.pairwise(blocks))
    sizes = {b.move_type.__name__: b.size for b in blocks}
    assert sizes == {**FIXED_SIZES, "Build": 20, "ChoosePrice": 24}
    assert sum(FIXED_SIZES.values()) == 210
    assert codes.num_distinct_actions() == codes.num_distinct_actions(ORIGINAL) == 254
    offsets = {b.move_type.__name__: b.offset for b in blocks}
    assert offsets["Build"] == 147 and offsets["ChoosePrice"] == 170
    assert offsets["SwapRanks"] == 194 and offsets["EndMovement"] == 248
    # The readings' moves came later and come last: every earlier code is kept.
    assert offsets["ResolveContract"] == 249 and offsets["RotatePrices"] == 253


@pytest.mark.rules("BH-CODE-1", "BH-CODE-2")
@pytest.mark.parametrize(
    ("move", "code"),
    [
        (StartingGood(Good.BARREL), 0),
        (StartingGood(Good.PASSENGER), 3),
        (Bid(Space.PARKING, 1), 4),
        (Bid(Space.PARKING, 9), 12),
        (Bid(Space.BUILDING, 1), 13),
        (Bid(Space.LAND_4, 9), 4 + 9 * 13 + 8),
        (BuyPermit(), 130),
        (bremerhaven.PlaceBollard(3), 134),
        (ClearCover(0), 135),
        (ClearCover(11), 146),
        (EndPermits(), 167),
        (PayDifference(False), 168),
        (PayDifference(True), 169),
        (ChoosePrice(0), 170),
        (ChoosePrice(23), 193),
        (SwapRanks(None), 194),
        (SwapRanks(0), 195),
        (SwapRanks(2), 197),
        (Berth(0, Good.BARREL), 198),
        (Berth(2, Good.PASSENGER), 198 + 4 * 2 + 3),
        (bremerhaven.PlaceContract(3), 213),
        (bremerhaven.Produce(0), 214),
        (bremerhaven.EndProduction(), 226),
        (bremerhaven.Unload(2), 229),
        (Deliver(0, Good.BARREL), 230),
        (Deliver(3, Good.CRATE), 230 + 4 * 3 + 2),
        (bremerhaven.Pack(), 246),
        (bremerhaven.Unpack(), 247),
        (EndMovement(), 248),
        (bremerhaven.ResolveContract(0), 249),
        (bremerhaven.ResolveContract(3), 252),
        (bremerhaven.RotatePrices(), 253),
    ],
)
def test_a_moves_code_is_its_blocks_offset_plus_its_place(move: Move, code: int) -> None:
    # A table of 2 (the solo game's too) has no second or third swap and no Sea or Land
    # spaces 3 and 4 (BH-CODE-6); a table of 4 has every move.
    beyond_two = (isinstance(move, SwapRanks) and (move.rank or 0) >= 1) or (
        isinstance(move, Bid)
        and move.space in (Space.SEA_3, Space.SEA_4, Space.LAND_3, Space.LAND_4)
    )
    for players in (4,) if beyond_two else (1, 2, 4):
        state = bremerhaven.new_game(players, seed=5)
        assert codes.encode(state, move) == code
        assert codes.decode(state, code) == move


@pytest.mark.rules("BH-CODE-1", "BH-CODE-3")
def test_buildings_are_coded_by_their_place_in_the_set() -> None:
    state = bremerhaven.new_game(2, seed=5)
    for index, card in enumerate(ORIGINAL.buildings):
        assert codes.encode(state, Build(card.key)) == 147 + index


@pytest.mark.rules("BH-CODE-1", "BH-CODE-2", "BH-CODE-3")
def test_a_smaller_set_has_shorter_build_and_price_blocks() -> None:
    cards = card_set(
        buildings=[building("dock-crane"), building("warehouse"), building("depot")],
        prices=[price("a", 1, 2, 3, 4), price("b", 4, 3, 2, 1)],
    )
    state = bremerhaven.new_game(3, seed=2, cards=cards)
    original = bremerhaven.new_game(3, seed=2)
    assert codes.num_distinct_actions(cards) == 210 + 3 + 2
    sizes = {b.move_type.__name__: b.size for b in codes.action_blocks(cards)}
    assert sizes == {**FIXED_SIZES, "Build": 3, "ChoosePrice": 2}
    assert codes.encode(state, Build("depot")) == 147 + 2
    assert codes.encode(state, EndPermits()) == 150
    assert codes.encode(state, ChoosePrice(1)) == 150 + 1 + 2 + 1
    assert codes.encode(state, SwapRanks(None)) == 155
    assert codes.encode(state, EndMovement()) == 205 + 3 + 2 - 1
    assert codes.encode(state, bremerhaven.RotatePrices()) == 210 + 3 + 2 - 1
    # The blocks before Build are the same in every card set.
    assert codes.encode(state, Bid(Space.SEA_3, 7)) == codes.encode(original, Bid(Space.SEA_3, 7))
    assert len(codes.legal_action_mask(state)) == 215


@pytest.mark.rules("BH-CODE-1", "BH-CODE-3")
def test_one_code_per_building_key_and_at_most_64_price_positions() -> None:
    twice = card_set(buildings=[building("depot"), building("depot", prestige=2)])
    assert [b.size for b in codes.action_blocks(twice) if b.move_type is Build] == [1]
    many = card_set(prices=[price(f"p{i}", 1, 2, 3, 4) for i in range(70)])
    assert [b.size for b in codes.action_blocks(many) if b.move_type is ChoosePrice] == [64]
    assert ChoosePrice(codes.PRICE_POSITIONS - 1).index == 63
    with pytest.raises(bremerhaven.InvalidMoveError):
        ChoosePrice(codes.PRICE_POSITIONS)


@pytest.mark.rules("BH-CODE-1")
def test_the_space_is_the_same_for_every_options_and_players() -> None:
    for players, length in itertools.product((1, 2, 3, 4), ("long", "short")):
        state = bremerhaven.new_game(players, seed=9, options=bremerhaven.RulesOptions(game=length))
        assert codes.num_distinct_actions(state.cards) == 254
        assert codes.action_blocks(state.cards) == codes.action_blocks()
        assert len(codes.legal_action_mask(state)) == 254


@pytest.mark.rules("BH-CODE-4")
def test_legal_actions_are_the_legal_moves_codes_ascending_and_none_when_over() -> None:
    state = bremerhaven.new_game(2, seed=11, options=bremerhaven.RulesOptions(game="short"))
    # The short game opens with the starting goods: codes of the first block, a good's
    # code its number (those on the starting contract are not offered, BH-INT-13).
    first = codes.legal_actions(state)
    offered = sorted(m.good for m in bremerhaven.legal_moves(state))  # type: ignore[union-attr]
    assert first == tuple(offered) and set(first) <= {0, 1, 2, 3} and len(first) >= 2
    assert bremerhaven.chance_outcomes(state) == ()
    while not bremerhaven.is_over(state):
        state = bremerhaven.apply_move(state, bremerhaven.legal_moves(state)[-1])
    assert codes.legal_actions(state) == ()
    assert codes.legal_action_mask(state) == bytes(254)


@pytest.mark.rules("BH-CODE-5")
def test_the_mask_marks_the_legal_codes_only() -> None:
    state = bremerhaven.new_game(3, seed=4)
    mask = codes.legal_action_mask(state)
    assert type(mask) is bytes and set(mask) == {0, 1}
    # The Captain's first bid: every card of the hand (1 to 5) on the six Town spaces and on
    # Sea and Land spaces 1 to 3: (6 + 3 + 3) spaces x 5 values.
    on = [i for i, bit in enumerate(mask) if bit]
    assert len(on) == 12 * 5
    assert all(codes.block_of(i).move_type is Bid for i in on)
    assert {codes.decode(state, i) for i in on} == set(bremerhaven.legal_moves(state))


# --------------------------------------------------------------------------- bad input


@pytest.mark.rules("BH-CODE-6")
def test_values_that_are_not_moves_are_refused() -> None:
    state = bremerhaven.new_game(2, seed=1)
    for bad in ("bid", 3, None, Bid, (Space.PARKING, 1)):
        with pytest.raises(bremerhaven.InvalidMoveError):
            codes.encode(state, bad)  # type: ignore[arg-type]
    forged = object.__new__(Bid)
    object.__setattr__(forged, "space", Space.PARKING)
    object.__setattr__(forged, "value", 12)
    with pytest.raises(bremerhaven.InvalidMoveError, match="value"):
        codes.encode(state, forged)


@pytest.mark.rules("BH-CODE-3", "BH-CODE-6")
@pytest.mark.parametrize(
    ("move", "rule"),
    [(Build("no-such-building"), "BH-PERMIT-6"), (ChoosePrice(24), "BH-PRICE-1")],
)
def test_a_move_no_game_with_the_set_offers_has_no_code(move: Move, rule: str) -> None:
    with pytest.raises(bremerhaven.InvalidMoveError, match=rule):
        codes.encode(bremerhaven.new_game(4, seed=1), move)


@pytest.mark.rules("BH-CODE-6")
@pytest.mark.parametrize(
    ("players", "move", "rule"),
    [
        (1, SwapRanks(1), "BH-CAREER-1"),
        (2, SwapRanks(1), "BH-CAREER-1"),
        (3, SwapRanks(2), "BH-CAREER-1"),
        (1, Bid(Space.SEA_3, 1), "BH-ENGINE-3"),
        (2, Bid(Space.LAND_3, 2), "BH-ENGINE-3"),
        (3, Bid(Space.SEA_4, 5), "BH-ENGINE-3"),
    ],
)
def test_a_rank_or_space_the_table_lacks_is_refused_both_ways(
    players: int, move: Move, rule: str
) -> None:
    state = bremerhaven.new_game(players, seed=1)
    full = bremerhaven.new_game(4, seed=1)
    with pytest.raises(bremerhaven.InvalidMoveError, match=rule):
        codes.encode(state, move)
    with pytest.raises(bremerhaven.InvalidMoveError, match=rule):
        codes.decode(state, codes.encode(full, move))


@pytest.mark.rules("BH-CODE-6")
def test_decode_refuses_exactly_the_codes_of_ranks_and_spaces_the_table_lacks() -> None:
    # A table of n seats lacks the swaps of ranks n-1 to 2 and the Sea and Land spaces
    # n+1 to 4, 9 bids each.
    for players, seats in ((1, 2), (2, 2), (3, 3), (4, 4)):
        state = bremerhaven.new_game(players, seed=1)
        refused = []
        for code in range(254):
            try:
                codes.decode(state, code)
            except bremerhaven.InvalidMoveError:
                refused.append(code)
        assert len(refused) == (3 - (seats - 1)) + 2 * (4 - seats) * 9


@pytest.mark.rules("BH-CODE-6")
def test_bad_codes_are_refused() -> None:
    state = bremerhaven.new_game(2, seed=1)
    for bad in (-1, 254, True, False, 1.0, "3", None):
        with pytest.raises(bremerhaven.InvalidMoveError):
            codes.decode(state, bad)  # type: ignore[arg-type]

    class Index:
        """An integer of another type (as ``numpy.int64``): it gives its value by ``__index__``."""

        def __index__(self) -> int:
            return 130

    assert codes.decode(state, Index()) == BuyPermit()  # type: ignore[arg-type]


@pytest.mark.rules("BH-CODE-6")
def test_a_card_set_that_is_not_one_is_refused() -> None:
    for bad in ("original", 3, ORIGINAL.buildings):
        with pytest.raises(bremerhaven.InvalidValueError):
            codes.num_distinct_actions(bad)  # type: ignore[arg-type]
        with pytest.raises(bremerhaven.InvalidValueError):
            codes.action_blocks(bad)  # type: ignore[arg-type]
        with pytest.raises(bremerhaven.InvalidValueError):
            codes.block_of(0, bad)  # type: ignore[arg-type]
    for bad_code in (-1, 254):
        with pytest.raises(bremerhaven.InvalidValueError):
            codes.block_of(bad_code)


@pytest.mark.rules("BH-CODE-6")
def test_an_illegal_code_decodes_and_apply_move_refuses_it() -> None:
    state = bremerhaven.new_game(2, seed=1)
    move = codes.decode(state, codes.encode(state, EndMovement()))
    assert move == EndMovement()
    with pytest.raises(bremerhaven.IllegalMoveError):
        bremerhaven.apply_move(state, move)
    bid = codes.decode(state, codes.encode(state, Bid(Space.PRICE, 9)))  # no card of 9 in hand
    with pytest.raises(bremerhaven.IllegalMoveError, match="BH-BID-2"):
        bremerhaven.apply_move(state, bid)


@pytest.mark.rules("BH-CODE-2")
def test_an_observation_codes_as_its_state_does() -> None:
    for players in (1, 3):
        state = bremerhaven.new_game(players, seed=8)
        seen = bremerhaven.observe(state, 0)
        for code in range(254):
            try:
                move = codes.decode(state, code)
            except bremerhaven.InvalidMoveError:
                with pytest.raises(bremerhaven.InvalidMoveError):
                    codes.decode(seen, code)
                continue
            assert codes.decode(seen, code) == move
            assert codes.encode(seen, move) == code
