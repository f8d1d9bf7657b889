"""Integer action codes over a sweep of random games of every kind (BH-CODE-1 to BH-CODE-5).

The sweep plays seeded random games of 1 to 4 players, long and short, under readings that
change who decides what (seat order, tied top bidders excluded, unlimited goods), with the
original card set and with a smaller one whose Build and ChoosePrice blocks are shorter. In
every position the legal actions must be the legal moves' codes one to one, the mask must
match them, and every code must lie below ``num_distinct_actions``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import attrs
import pytest

import bremerhaven
from bremerhaven import GameState, RulesOptions
from bremerhaven.agents import actions as codes
from bremerhaven.cards import ORIGINAL
from bremerhaven.cards.model import CardSet
from bremerhaven.moves import Move
from meeplekit.rng import SplitMix64

#: Readings that change the order or the number of decisions; each game takes one.
READINGS: tuple[RulesOptions, ...] = (
    RulesOptions(),
    RulesOptions(simultaneous="seat-order", tied_top="excluded"),
    RulesOptions(goods_supply="unlimited", cleared_dock_same_round=False),
    RulesOptions(due_order="owner-chooses", exchange_may_rotate=True),
)
#: A smaller set: 7 Buildings and 5 Price cards, so that the blocks after Build move.
SMALL: CardSet = attrs.evolve(
    ORIGINAL, name="small", buildings=ORIGINAL.buildings[:7], prices=ORIGINAL.prices[:5]
)
#: Games per kind (players x length x card set).
GAMES_PER_KIND = 3


def _kinds() -> Iterator[tuple[int, str, CardSet]]:
    for cards in (ORIGINAL, SMALL):
        for length in ("long", "short"):
            for players in (1, 2, 3, 4):
                yield players, length, cards


def _game(index: int, players: int, length: str, cards: CardSet) -> Iterator[GameState]:
    options = attrs.evolve(READINGS[index % len(READINGS)], game=length)
    seed = SplitMix64(index).next_u64()
    state = bremerhaven.new_game(players, seed=seed, options=options, cards=cards)
    rng = SplitMix64(seed ^ 0x5DEECE66D)
    yield state
    while not bremerhaven.is_over(state):
        state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
        yield state


@cache
def sweep() -> tuple[GameState, ...]:
    """Every position of the sweep's games, in play order."""
    found: list[GameState] = []
    for kind, (players, length, cards) in enumerate(_kinds()):
        for game in range(GAMES_PER_KIND):
            found.extend(_game(kind * GAMES_PER_KIND + game, players, length, cards))
    return tuple(found)


@pytest.mark.rules("BH-CODE-1", "BH-CODE-2", "BH-CODE-4", "BH-CODE-5")
def test_every_legal_move_of_the_sweep_round_trips_and_the_mask_matches() -> None:
    seen_types: dict[str, set[type]] = {}
    kinds: set[tuple[int, bool, str]] = set()
    for state in sweep():
        kinds.add((len(state.players), state.options.short, state.cards.name))
        size = codes.num_distinct_actions(state.cards)
        moves = bremerhaven.legal_moves(state)
        legal = codes.legal_actions(state)
        assert list(legal) == sorted(set(legal)) and len(legal) == len(moves)
        assert {codes.decode(state, code) for code in legal} == set(moves)
        for move in moves:
            code = codes.encode(state, move)
            assert 0 <= code < size and code in legal
            assert codes.decode(state, code) == move
            block = codes.block_of(code, state.cards)
            assert block.move_type is type(move) and block.offset <= code < block.stop
            seen_types.setdefault(state.cards.name, set()).add(type(move))
        mask = codes.legal_action_mask(state)
        assert len(mask) == size and sum(mask) == len(moves)
        assert [i for i, bit in enumerate(mask) if bit] == list(legal)
        assert (legal == ()) == bremerhaven.is_over(state)
    # Every kind of game was played: 1 to 4 players (the solo game seats 2), long and short
    # (the solo game is always short), with both card sets.
    assert {(seats, short) for seats, short, _ in kinds} == {
        (2, True),
        (2, False),
        (3, True),
        (3, False),
        (4, True),
        (4, False),
    }
    assert {name for _, _, name in kinds} == {ORIGINAL.name, SMALL.name}
    # The sweep reaches every kind of move, with each card set.
    assert seen_types == {
        ORIGINAL.name: set(codes.BLOCK_ORDER),
        SMALL.name: set(codes.BLOCK_ORDER),
    }


@pytest.mark.rules("BH-CODE-2")
def test_a_move_has_one_code_in_every_game_with_the_card_set() -> None:
    """Across players, lengths, readings and positions, a move keeps its code."""
    found: dict[tuple[str, Move], int] = {}
    for state in sweep():
        for move in bremerhaven.legal_moves(state):
            code = codes.encode(state, move)
            assert found.setdefault((state.cards.name, move), code) == code
    # The blocks before Build do not depend on the card set, so those codes agree too.
    build = codes.action_blocks(ORIGINAL)[codes.BLOCK_ORDER.index(bremerhaven.Build)]
    compared = 0
    for (name, move), code in found.items():
        other = found.get((SMALL.name, move))
        if name == ORIGINAL.name and other is not None and code < build.offset:
            assert other == code
            compared += 1
    assert compared > 100


@pytest.mark.rules("BH-CODE-1", "BH-CODE-2")
def test_every_code_decodes_to_a_move_that_encodes_back_at_a_full_table() -> None:
    for cards in (ORIGINAL, SMALL):
        state = bremerhaven.new_game(4, seed=3, cards=cards)
        size = codes.num_distinct_actions(cards)
        moves = [codes.decode(state, code) for code in range(size)]
        assert len(set(moves)) == size
        assert [codes.encode(state, move) for move in moves] == list(range(size))
        assert [type(move) for move in moves] == [
            block.move_type for block in codes.action_blocks(cards) for _ in range(block.size)
        ]
