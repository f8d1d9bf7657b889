"""A seeded sweep of thousands of complete random games over the combinations of rule readings.

Game ``i`` is played by 2 to 4 players (drawn from its seed) under option combination
``(i * STRIDE) % len(COMBINATIONS)``: the combinations are all the values of every enum and
bool field of ``RulesOptions`` (98,304 today), and as ``STRIDE`` is coprime to their number
the sweep walks a spread-out stretch of a cycle through all of them. A combination a table
cannot play (characters with the first-game setup, the Inland Traders with 2 players) is
checked to be refused by ``new_game`` and played without the offending variant.
``test_the_sweep_covers_every_player_count_and_combination`` checks that every value of
every option, and every pair of values of two options, is played.

``make test`` plays the first :data:`GAMES_IN_TEST` games (every pair is played within the
first few hundred); the ``soak`` test (``make soak``) plays the rest of the :data:`GAMES`,
so that the two runs of CI play every game; ``make sweep`` plays all of them, about seven
minutes on 2 cores.

Moves are chosen uniformly from ``legal_moves`` by the library's own ``SplitMix64`` (one
generator per game) and applied with ``apply_move_with_events``, whose state must equal
``apply_move_unchecked``'s and whose events must each name a clause of the specification;
each finished game is then checked.
"""

from __future__ import annotations

import itertools
import math

import attrs
import pytest

import harbour
from harbour import GameState, LastRound, RulesOptions
from meeplekit.rng import SplitMix64
from tests.support.harbour import spec_ids
from tests.support.harbour_checks import check_position
from tests.support.harbour_sweep import (
    COMBINATIONS,
    GAMES,
    MOVES_SALT,
    OPTION_NAMES,
    STRIDE,
    _field_values,
    cards_for,
    options_for,
    players_for,
    requested_options,
    seed_for,
)

#: Every rule ID of the specification; every event must name one.
SPEC_IDS = frozenset(spec_ids())


#: The games ``make test`` plays: the first of the sweep (``make soak`` plays the rest).
GAMES_IN_TEST = 240
CHUNKS = 8
#: The soak run's chunks: the games after :data:`GAMES_IN_TEST`.
SOAK_CHUNKS = 16
#: Measured when this bound was set: over the 6,000 games the longest took 4,017 decisions
#: (game 2601: 3 players, 1,970 turns; setup included), the mean 265, and only 1 game in
#: 6,000 passed 2,002. Random play buys slowly, so the tail is long; the bound is 5 times the
#: maximum, and a game above it points to play that no longer converges.
MAX_DECISIONS = 20_000


def chunk(number: int, games: range, chunks: int = CHUNKS) -> range:
    """Chunk ``number`` of ``chunks`` of the sweep's ``games``."""
    size = -(-len(games) // chunks)
    return games[number * size : (number + 1) * size]


@attrs.frozen
class Played:
    """A finished game and what was seen while playing it."""

    state: GameState
    decisions: int
    #: The turn at which the last round began (END-1), and the seat that began it.
    trigger_turn: int
    trigger_seat: int


def play_game(index: int) -> Played:
    players = players_for(index)
    seed = seed_for(index)
    cards = cards_for(index)
    if options_for(index) != requested_options(index):
        # CHAR-2, INLAND-1: new_game refuses what this table cannot play.
        with pytest.raises(ValueError):
            harbour.new_game(players, seed=seed, options=requested_options(index), cards=cards)
    state = harbour.new_game(players, seed=seed, options=options_for(index), cards=cards)
    rng = SplitMix64(seed ^ MOVES_SALT)
    decisions = 0
    trigger: tuple[int, int] | None = None
    while not harbour.is_over(state):
        assert decisions < MAX_DECISIONS, f"game {index} did not end in {MAX_DECISIONS} decisions"
        move = rng.choice(harbour.legal_moves(state))
        after, events = harbour.apply_move_with_events(state, move)
        assert after == harbour.apply_move_unchecked(state, move), (index, decisions, move)
        assert harbour.validate(after) == (), (index, decisions, move, harbour.validate(after))
        unknown = {e.rule_id for e in events} - SPEC_IDS
        assert not unknown, (index, decisions, move, unknown)
        state = after
        decisions += 1
        if trigger is None and state.last_round_turns is not None:
            # The turn that began the last round has just ended; someone else moves next.
            assert not harbour.is_over(state), f"game {index} ended without a last round"
            trigger = (state.turn - 1, (state.current - 1) % players)
    assert trigger is not None, f"game {index} ended without a last round"
    return Played(state, decisions, trigger[0], trigger[1])


def check_finished(index: int, played: Played) -> None:
    state = played.state
    n = len(state.players)
    where = f"game {index} ({n} players, seed {seed_for(index)}, {state.options})"
    assert harbour.is_over(state), where
    # GOODS-1, GOODS-2, COMP-1, conservation of the buildings, SETUP-1/DISPLAY-1, TURN-1,
    # CHAR-2, BONUS-1, END-2 (no legal move), and the outcome: END-3 to END-5, INT-2,
    # ABIL-9, BONUS-2, INT-27.
    try:
        check_position(state)
    except AssertionError as error:
        raise AssertionError(f"{where}: {error}") from error
    # END-1, INT-1: a 4th bought building began the last round; then each other player (or,
    # under ALL_PLAYERS, every player) took exactly one more turn.
    assert len(state.players[played.trigger_seat].buildings) >= 4, (where, played)
    extra = n if state.options.last_round is LastRound.ALL_PLAYERS else n - 1
    assert state.turn == played.trigger_turn + extra, (where, played)
    assert state.current == (played.trigger_seat + extra) % n, (where, played)


@pytest.mark.rules(
    "COMP-1",
    "GOODS-1",
    "GOODS-2",
    "SETUP-1",
    "DISPLAY-1",
    "TURN-1",
    "END-1",
    "END-2",
    "END-3",
    "END-4",
    "END-5",
    "INT-1",
    "INT-2",
    "CHAR-2",
    "BONUS-1",
    "BONUS-2",
    "ABIL-9",
    "INT-27",
    "INLAND-1",
    "TURN-6",
    "STATE-1",
    "STATE-3",
    "STATE-5",
)
@pytest.mark.parametrize("number", range(CHUNKS))
def test_random_games_end_and_score(number: int) -> None:
    play_and_check(chunk(number, range(GAMES_IN_TEST)))


@pytest.mark.soak
@pytest.mark.parametrize("number", range(SOAK_CHUNKS))
def test_the_rest_of_the_sweep_ends_and_scores(number: int) -> None:
    """The soak run: the games after ``make test``'s, checked as theirs are."""
    play_and_check(chunk(number, range(GAMES_IN_TEST, GAMES), SOAK_CHUNKS))


def play_and_check(games: range) -> None:
    finished = 0
    for index in games:
        played = play_game(index)
        check_finished(index, played)
        finished += 1
    assert finished == len(games) > 0


@pytest.mark.parametrize("games", [GAMES_IN_TEST, GAMES])
def test_the_sweep_covers_every_player_count_and_combination(games: int) -> None:
    """Both runs, ``make test``'s and ``make test`` + ``make soak``'s, play every pair."""
    indices = [i for number in range(CHUNKS) for i in chunk(number, range(GAMES_IN_TEST))]
    assert indices == list(range(GAMES_IN_TEST))
    rest = range(GAMES_IN_TEST, GAMES)
    soaked = [i for number in range(SOAK_CHUNKS) for i in chunk(number, rest, SOAK_CHUNKS)]
    assert soaked == list(rest)
    indices = list(range(games))
    assert GAMES_IN_TEST >= 200  # fewer, and make test no longer plays every pair
    assert math.gcd(STRIDE, len(COMBINATIONS)) == 1  # a cycle through every combination
    assert len({(i * STRIDE) % len(COMBINATIONS) for i in indices}) == games
    # Every value of every option, with every player count and with every value of every
    # other option, is played (unless new_game refuses the pair).
    played = [(players_for(i), options_for(i)) for i in indices]
    domains = {
        name: _field_values(f.default) for name, f in attrs.fields_dict(RulesOptions).items()
    }
    seen = {
        ((a, getattr(o, a)), (b, getattr(o, b)))
        for _, o in played
        for a, b in itertools.combinations(OPTION_NAMES, 2)
    }
    seen |= {(("players", p), (a, getattr(o, a))) for p, o in played for a in OPTION_NAMES}
    missing = []
    for a, b in itertools.combinations(("players", *OPTION_NAMES), 2):
        values_a = (2, 3, 4) if a == "players" else domains[a]
        for va, vb in itertools.product(values_a, domains[b]):
            pair = ((a, va), (b, vb))
            refused = (pair == (("first_game", True), ("characters", True))) or pair == (
                ("players", 2),
                ("inland_traders", True),
            )
            if pair not in seen and not refused:
                missing.append(pair)
    assert not missing, missing
