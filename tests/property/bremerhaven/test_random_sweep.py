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

import itertools
import math
import os

import pytest

import bremerhaven
from bremerhaven import GameState
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.events import GameEnded
from bremerhaven.facts import GAME
from bremerhaven.state import PendingStep
from bremerhaven.validation import validate
from meeplekit.rng import SplitMix64
from meeplekit.spec import Specification
from tests.support.bremerhaven_sweep import (
    COMBINATIONS,
    OPTION_NAMES,
    STRIDE,
    _values,
    options_for,
    players_for,
    seed_for,
)

SPEC_IDS = frozenset(Specification("bremerhaven").rule_ids())


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


#: The games ``make test`` plays, the first of the sweep; the ``soak`` test (``make soak``)
#: plays the rest of the :data:`GAMES`.
GAMES_IN_TEST = 150


def chunk(number: int, games: range) -> range:
    """Chunk ``number`` of :data:`CHUNKS` of ``games``."""
    size = -(-len(games) // CHUNKS)
    return games[number * size : (number + 1) * size]


@pytest.mark.rules(
    "BH-END-1", "BH-END-3", "BH-END-4", "BH-SHORT-7", "BH-SOLO-3", "BH-SOLO-17", "BH-SOLO-18",
    "BH-ENGINE-13", "BH-ENGINE-14", "BH-ENGINE-7", "BH-PROGRESS-2", "BH-BUILDING-1",
    "BH-FLOW-2", "BH-INT-12",
)  # fmt: skip
@pytest.mark.parametrize("part", range(CHUNKS))
def test_random_games_over_the_option_combinations(part: int) -> None:
    play_and_check(chunk(part, range(GAMES_IN_TEST)))


@pytest.mark.soak
@pytest.mark.parametrize("part", range(CHUNKS))
def test_the_rest_of_the_sweep(part: int) -> None:
    """The soak run: the games after ``make test``'s, checked as theirs are."""
    play_and_check(chunk(part, range(GAMES_IN_TEST, GAMES)))


def play_and_check(games: range) -> None:
    assert len(games) > 0
    for index in games:
        state, _ = play_game(index)
        check_end(index, state)


@pytest.mark.rules("BH-SHORT-1", "BH-COMP-1", "BH-SOLO-1")
@pytest.mark.parametrize("games", [GAMES_IN_TEST, GAMES])
def test_the_sweep_covers_every_value_and_pair(games: int) -> None:
    """``make test``'s games, and with ``make soak``'s all of them, play every pair."""
    assert [i for part in range(CHUNKS) for i in chunk(part, range(GAMES_IN_TEST))] == list(
        range(GAMES_IN_TEST)
    )
    played = [options_for(i) for i in range(games)]
    assert math.gcd(STRIDE, len(COMBINATIONS)) == 1
    for a, b in itertools.combinations(OPTION_NAMES, 2):
        pairs = {(getattr(o, a), getattr(o, b)) for o in played}
        assert len(pairs) == len(_values(a)) * len(_values(b)), (a, b)
    tables = {(options_for(i).game.value, players_for(i)) for i in range(games)}
    assert tables == {(game, n) for game in ("long", "short") for n in (1, 2, 3, 4)}


@pytest.mark.rules("BH-SHORT-7", "BH-CARD-15")
def test_the_short_rounds_match_the_track() -> None:
    """The original set's track makes the short game 10, 9 and 8 rounds (BH-CARD-15)."""
    board = ORIGINAL.board
    for players, rounds in SHORT_ROUNDS.items():
        distance = board.track_last - board.track_start[players - 1]
        assert distance == GAME.short_advance * rounds, players
