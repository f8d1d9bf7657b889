"""Notation, records and JSON over a sweep of seeded random games (BH-NOTATION-1, BH-RECORD-5).

The sweep plays whole random games for 2, 3 and 4 players in the long and the short game
and for the solo game, under the documented readings and under every reading changed, so
that every kind of decision appears. In every position, every legal move's canonical text
is unique and reads back to the move; a sentence describes it. Each game's record, written
and read, replays to the same final state (from its seed, and from a position in the
middle), and positions and moves read back equal from their JSON documents. Positions the
testing kit draws (:func:`bremerhaven.testing.states`) meet the same notation checks.
"""

from __future__ import annotations

import enum
import re
import typing

import attrs
import pytest
from hypothesis import given, settings

import bremerhaven
from bremerhaven import GameState, Move, RulesOptions
from bremerhaven.interchange.notation import describe_move, format_move, parse_move, read_move
from bremerhaven.interchange.records import read_record, replay, write_record
from bremerhaven.testing import states
from meeplekit.rng import SplitMix64

CANONICAL_TEXT = re.compile(r"[a-z0-9#-]+(?: [a-z0-9#-]+)*")


def _other_readings() -> RulesOptions:
    """Every field of ``RulesOptions`` at a value that is not its default (the game aside)."""
    changed: dict[str, object] = {}
    for field in attrs.fields(RulesOptions):
        default = field.default
        if isinstance(default, bool):
            changed[field.name] = not default
        elif isinstance(default, enum.Enum) and field.name != "game":
            changed[field.name] = next(m for m in type(default) if m is not default)
    return RulesOptions(**changed)  # type: ignore[arg-type]


#: (name, players, game, every reading changed, seed) of each game of the sweep.
SWEEP = [
    (f"{players}p-{game}-{'other' if other else 'documented'}", players, game, other,
     31 * players + other)
    for other in (False, True)
    for players, game in ((2, "long"), (3, "long"), (4, "long"), (2, "short"), (3, "short"),
                          (4, "short"), (1, "short"))
]  # fmt: skip


def _options(game: str, other: bool) -> RulesOptions:
    """The ``game`` under the documented readings, or under every other reading."""
    if other:
        return attrs.evolve(_other_readings(), game=game)
    return RulesOptions(game=game)


class Game(typing.NamedTuple):
    """A played game: its seed, every position from the start to the end, and the moves."""

    seed: int
    states: tuple[GameState, ...]
    moves: tuple[Move, ...]


def _play(players: int, options: RulesOptions, seed: int) -> Game:
    state = bremerhaven.new_game(players, seed=seed, options=options)
    rng = SplitMix64(seed)
    found, moves = [state], []
    while not bremerhaven.is_over(state):
        moves.append(rng.choice(bremerhaven.legal_moves(state)))
        state = bremerhaven.apply_move(state, moves[-1])
        found.append(state)
    return Game(seed, tuple(found), tuple(moves))


GAMES = {
    name: _play(players, _options(game, other), seed) for name, players, game, other, seed in SWEEP
}


def _check_notation(state: GameState) -> set[type]:
    """Every legal move of ``state`` has a unique canonical text that reads back to it."""
    legal = bremerhaven.legal_moves(state)
    texts = [format_move(state, move) for move in legal]
    assert len(set(texts)) == len(texts), texts
    for move, text in zip(legal, texts, strict=True):
        assert CANONICAL_TEXT.fullmatch(text), text
        assert parse_move(state, text) == move, (text, move)
        assert read_move(state, text.upper()) == move, text
    return {type(move) for move in legal}


@pytest.mark.rules("BH-NOTATION-1", "BH-NOTATION-4")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_legal_move_of_every_position_round_trips(name: str) -> None:
    for state in GAMES[name].states:
        _check_notation(state)


@pytest.mark.rules("BH-NOTATION-1", "BH-ENGINE-3", "BH-ENGINE-4", "BH-ENGINE-5")
def test_the_sweep_meets_every_kind_of_move() -> None:
    kinds: set[type] = set()
    for game in GAMES.values():
        for state in game.states[::2]:
            kinds.update(type(m) for m in bremerhaven.legal_moves(state))
    assert kinds == set(typing.get_args(Move))


@pytest.mark.rules("BH-NOTATION-6")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_legal_move_has_a_sentence(name: str) -> None:
    for state in GAMES[name].states[::4]:
        for move in bremerhaven.legal_moves(state):
            said = describe_move(state, move)
            assert said[:1].isupper() and "not legal now" not in said, said
            assert "\n" not in said


@pytest.mark.rules("BH-RECORD-2", "BH-RECORD-4", "BH-RECORD-5")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_record_written_and_read_replays_to_the_same_final_state(name: str) -> None:
    seed, found, moves = GAMES[name]
    start, end = found[0], found[-1]
    text = write_record(start, moves, seed=seed, tags={"Event": name}, comments={1: name})
    record = read_record(text)
    assert record.moves == moves and record.seed == seed
    states = replay(record)
    assert states == found
    assert write_record(record.start, record.moves, seed=seed, tags=dict(record.tags),
                        comments=dict(record.comments)) == text  # fmt: skip
    if record.result is not None:
        final = bremerhaven.outcome(end)
        assert (record.result.scores, record.result.winners) == (final.points, final.winners)
    # From a position in the middle, without the seed.
    middle = len(moves) // 2
    again = read_record(write_record(found[middle], moves[middle:]))
    assert again.start == found[middle] and replay(again)[-1] == end


@pytest.mark.rules("BH-ENGINE-10", "BH-ENGINE-11")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_positions_and_moves_read_back_equal_from_json(name: str) -> None:
    found = GAMES[name].states
    for state in found[:: max(1, len(found) // 12)]:
        assert bremerhaven.from_json(bremerhaven.to_json(state)) == state
        for move in bremerhaven.legal_moves(state):
            assert bremerhaven.from_json(bremerhaven.to_json(move)) == move


@pytest.mark.rules("BH-NOTATION-1")
@settings(max_examples=30)
@given(state=states(max_decisions=200))
def test_positions_the_testing_kit_draws_round_trip(state: GameState) -> None:
    _check_notation(state)
