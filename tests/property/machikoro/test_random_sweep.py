"""A seeded sweep of complete random games over the combinations of options.

Game ``i`` is played under option combination ``(i * STRIDE) % len(COMBINATIONS)``: the
combinations are all the values of every field of ``RulesOptions`` (6,144), and as
``STRIDE`` is coprime to their number the sweep walks a spread-out stretch of a cycle
through them; ``test_the_sweep_covers_every_value_and_pair`` checks that every value of
every option, and every pair of values of two options, is played. The player count (2 to
the edition's most) comes from the game's seed.

At a chance node the outcome is drawn with its probability (``machikoro.sample_chance``),
at a decision uniformly among the legal moves, both with the library's ``SplitMix64``.
Every move is applied with ``apply_move_with_events``, whose state must equal
``apply_move_unchecked``'s and whose events must each name a clause and account for every
coin; positions are validated; each finished game is checked. ``MACHIKORO_LONG_RUN=1``
plays ten times as many games.
"""

from __future__ import annotations

import itertools
import math
import os

import pytest

import machikoro
from machikoro import GameState
from machikoro.events import (
    CoinsEarned,
    EstablishmentBuilt,
    GameEnded,
    LandmarkBuilt,
)
from machikoro.rules.build import complete
from machikoro.tables import tables_for
from meeplekit.rng import SplitMix64
from meeplekit.spec import Specification
from tests.support.machikoro_sweep import (
    COMBINATIONS,
    OPTION_NAMES,
    STRIDE,
    _values,
    options_for,
    players_for,
    seed_for,
)

SPEC_IDS = frozenset(Specification("machikoro").rule_ids())


LONG = bool(os.environ.get("MACHIKORO_LONG_RUN"))
GAMES = 10_000 if LONG else 1_000
CHUNKS = 8
#: Validate every this many moves (and every finished game); validating each move would
#: dominate the sweep's time without finding more.
VALIDATE_EVERY = 7
#: Random play ends: measured when this bound was set, the longest of the first 3,000 games
#: took 922 moves (the mean 449, chance outcomes included); the bound is ten times that, and a
#: game above it points to play that no longer converges.
MAX_MOVES = 10_000


def play_game(index: int) -> tuple[GameState, int]:
    """Play game ``index`` with every check; the finished state and its number of moves."""
    options = options_for(index)
    players = players_for(index)
    seed = seed_for(index)
    state = machikoro.new_game(players, seed=seed, options=options)
    assert machikoro.validate(state) == ()
    rng = SplitMix64(seed ^ 0x9E3779B97F4A7C15)
    moves = 0
    while not machikoro.is_over(state):
        assert moves < MAX_MOVES, f"game {index} did not end in {MAX_MOVES} moves"
        listed = machikoro.legal_moves(state)
        assert listed, "a game that is not over has legal moves"
        if machikoro.current_player(state) == machikoro.CHANCE:
            move = machikoro.sample_chance(state, rng)
            assert move in listed
        else:
            move = rng.choice(listed)
        after, events = machikoro.apply_move_with_events(state, move)
        assert after == machikoro.apply_move_unchecked(state, move)
        assert all(e.rule_id in SPEC_IDS for e in events), events
        earned = sum(e.coins for e in events if isinstance(e, CoinsEarned))
        paid = sum(e.cost for e in events if isinstance(e, EstablishmentBuilt | LandmarkBuilt))
        assert sum(after.coins) - sum(state.coins) == earned - paid, events
        assert min(after.coins) >= 0
        if machikoro.is_over(after):
            assert isinstance(move, machikoro.BuildLandmark) and isinstance(events[-1], GameEnded)
        moves += 1
        if moves % VALIDATE_EVERY == 0:
            assert machikoro.validate(after) == (), (index, moves)
        state = after
    assert machikoro.validate(state) == ()
    t = tables_for(options, players)
    winner = state.current
    assert [p for p in range(players) if complete(state.landmarks[p], t.to_build)] == [winner]
    assert machikoro.outcome(state).winners == (winner,)
    return state, moves


#: The games ``make test`` plays, the first of the sweep; the ``soak`` test (``make soak``)
#: plays the rest of the :data:`GAMES`.
GAMES_IN_TEST = 150


def chunk(number: int, games: range) -> range:
    """Chunk ``number`` of :data:`CHUNKS` of ``games``."""
    size = -(-len(games) // CHUNKS)
    return games[number * size : (number + 1) * size]


@pytest.mark.rules("MK-WIN-1", "MK-EVENT-1", "MK-BANK-1", "MK-STATE-4", "MK-CHANCE-1")
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
        play_game(index)


@pytest.mark.rules("MKH-BASE-1", "MK-PLAYERS-1")
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
    counts = {(options_for(i).expansion, players_for(i)) for i in range(games)}
    assert counts == {(True, n) for n in (2, 3, 4, 5)} | {(False, n) for n in (2, 3, 4)}
