"""A seeded sweep of complete random games over the combinations of options, 1 to 4 players.

Game ``i`` is played under option combination ``(i * STRIDE) % len(COMBINATIONS)``: the
combinations are all the values of every field of ``RulesOptions`` (the long and the short
game among them), and as ``STRIDE`` is coprime to their number the sweep walks a
spread-out stretch of a cycle through them; ``test_the_sweep_covers_every_value_and_pair``
checks that every value of every option, every pair of values of two options, and every
player count in the long and the short game are played. The player count (1 is the solo
game) comes from the game's seed.

Each decision is drawn uniformly among the legal moves with the library's ``SplitMix64``
and applied with ``apply_move_with_events``, whose state must equal
``apply_move_unchecked``'s and whose events must each name a clause; positions are
validated every few moves. Every game must end; a short game lasts exactly 10, 9 or 8
rounds at 2, 3 or 4 players and the solo game 10; the scores are money times prestige (the
Bank's money too under BH-INT-12's other reading), the winner has the top score, ties
going to the higher rank, and the solo seat wins above 1250. ``BREMERHAVEN_LONG_RUN=1``
plays ten times as many games.
"""

from __future__ import annotations

import enum
import itertools
import math
import os
from typing import Any

import attrs
import pytest

import bremerhaven
from bremerhaven import GameState, RulesOptions
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.events import GameEnded
from bremerhaven.facts import GAME
from bremerhaven.state import PendingStep
from bremerhaven.validation import validate
from meeplekit.rng import SplitMix64
from meeplekit.spec import Specification

SPEC_IDS = frozenset(Specification("bremerhaven").rule_ids())
OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in attrs.fields(RulesOptions))


def _values(name: str) -> tuple[Any, ...]:
    default = getattr(RulesOptions(), name)
    if isinstance(default, bool):
        return (default, not default)
    assert isinstance(default, enum.Enum)
    return tuple(type(default))


#: Every combination of the values of the fields of ``RulesOptions``.
COMBINATIONS: tuple[tuple[Any, ...], ...] = tuple(
    itertools.product(*(_values(name) for name in OPTION_NAMES))
)
#: A prime: game ``i`` plays combination ``i * STRIDE`` modulo their number.
STRIDE = 1_009
LONG = bool(os.environ.get("BREMERHAVEN_LONG_RUN"))
GAMES = 8_000 if LONG else 800
CHUNKS = 4
#: Validate every this many moves (and every finished game).
VALIDATE_EVERY = 5
#: Random play ends: the longest of the first 1,000 games took 452 moves when this bound was
#: set; a game above ten times that points to play that no longer converges.
MAX_MOVES = 5_000
#: The short game's rounds by player count (BH-SHORT-7, BH-SOLO-3, BH-CARD-15).
SHORT_ROUNDS = {1: 10, 2: 10, 3: 9, 4: 8}


def options_for(index: int) -> RulesOptions:
    values = COMBINATIONS[(index * STRIDE) % len(COMBINATIONS)]
    return RulesOptions(**dict(zip(OPTION_NAMES, values, strict=True)))


def seed_for(index: int) -> int:
    return SplitMix64(index).next_u64()


def players_for(index: int) -> int:
    return 1 + seed_for(index) % 4


def _building_stack(state: GameState) -> int:
    """The Building cards left in the stack: one leaves each round at 1.1 (BH-BUILDING-1)."""
    phases = {p.phase for p in state.stack if isinstance(p, PendingStep)}
    resolved = state.round - (1 if phases & {"round", "building"} else 0)
    short = state.options.short or state.solo
    starting = min(state.seats, len(ORIGINAL.buildings)) if short else 0
    return max(0, len(ORIGINAL.buildings) - starting - resolved)


def play_game(index: int) -> tuple[GameState, int]:
    """Play game ``index`` with every check; the finished state and its number of moves."""
    options = options_for(index)
    players = players_for(index)
    seed = seed_for(index)
    state = bremerhaven.new_game(players, seed=seed, options=options)
    assert validate(state) == ()
    rng = SplitMix64(seed ^ 0x9E3779B97F4A7C15)
    moves = 0
    while not bremerhaven.is_over(state):
        assert moves < MAX_MOVES, f"game {index} did not end in {MAX_MOVES} moves"
        listed = bremerhaven.legal_moves(state)
        assert len(listed) >= 2, "a decision with one answer is taken by the engine"
        move = rng.choice(listed)
        after, events = bremerhaven.apply_move_with_events(state, move)
        assert after == bremerhaven.apply_move_unchecked(state, move)
        assert all(e.rule_id in SPEC_IDS for e in events), events
        moves += 1
        if moves % VALIDATE_EVERY == 0:
            assert validate(after) == (), (index, moves, validate(after))
            assert len(after.buildings) == _building_stack(after)
        if bremerhaven.is_over(after):
            assert isinstance(events[-1], GameEnded)
            assert events[-1].scores == bremerhaven.scores(after)
        state = after
    assert validate(state) == ()
    assert len(state.buildings) == _building_stack(state)
    return state, moves


def check_end(index: int, state: GameState) -> None:
    """The length of the game, the scores and the winner (BH-END-3, BH-END-4, BH-SOLO-18)."""
    options, players = state.options, state.seats
    board = state.cards.board
    assert state.track == board.track_last
    if options.short or players == 1:
        assert state.round == SHORT_ROUNDS[players], (index, state.round)
    else:
        distance = board.track_last - board.track_start[players - 1]
        assert -(-distance // 3) <= state.round <= distance
    bank = options.bank_counts
    expected = tuple(
        (h.money + (h.bank if bank else 0)) * h.prestige for h in state.players[:players]
    )
    assert bremerhaven.scores(state) == expected
    outcome = bremerhaven.outcome(state)
    assert outcome.points == expected
    ranking = sorted(range(players), key=lambda s: (-expected[s], state.ranks.index(s)))
    assert list(outcome.ranking) == ranking
    if players == 1:
        assert outcome.winners == ((0,) if expected[0] > 1250 else ())
        assert bremerhaven.returns(state) == (0.0,)
    else:
        assert outcome.winners == (ranking[0],)
        assert abs(sum(bremerhaven.returns(state))) < 1e-9
    assert bremerhaven.legal_moves(state) == ()


def chunk(number: int) -> range:
    size = -(-GAMES // CHUNKS)
    return range(number * size, min(GAMES, (number + 1) * size))


@pytest.mark.rules(
    "BH-END-1", "BH-END-3", "BH-END-4", "BH-SHORT-7", "BH-SOLO-3", "BH-SOLO-17", "BH-SOLO-18",
    "BH-ENGINE-13", "BH-ENGINE-14", "BH-ENGINE-7", "BH-PROGRESS-2", "BH-BUILDING-1",
    "BH-FLOW-2", "BH-INT-12",
)  # fmt: skip
@pytest.mark.parametrize("part", range(CHUNKS))
def test_random_games_over_the_option_combinations(part: int) -> None:
    for index in chunk(part):
        state, _ = play_game(index)
        check_end(index, state)


@pytest.mark.rules("BH-SHORT-1", "BH-COMP-1", "BH-SOLO-1")
def test_the_sweep_covers_every_value_and_pair() -> None:
    played = [options_for(i) for i in range(GAMES)]
    assert math.gcd(STRIDE, len(COMBINATIONS)) == 1
    for a, b in itertools.combinations(OPTION_NAMES, 2):
        pairs = {(getattr(o, a), getattr(o, b)) for o in played}
        assert len(pairs) == len(_values(a)) * len(_values(b)), (a, b)
    tables = {(options_for(i).game.value, players_for(i)) for i in range(GAMES)}
    assert tables == {(game, n) for game in ("long", "short") for n in (1, 2, 3, 4)}


@pytest.mark.rules("BH-SHORT-7", "BH-CARD-15")
def test_the_short_rounds_match_the_track() -> None:
    """The original set's track makes the short game 10, 9 and 8 rounds (BH-CARD-15)."""
    board = ORIGINAL.board
    for players, rounds in SHORT_ROUNDS.items():
        distance = board.track_last - board.track_start[players - 1]
        assert distance == GAME.short_advance * rounds, players
