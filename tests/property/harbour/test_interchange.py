"""Round trips of JSON documents and game records over random games, and fuzzing of readers.

Games are those of the seeded sweep (2 to 4 players, spread over every combination of rule
readings, every other game with a character for every ability hook): every state, its
observation for every seat and every legal move go through JSON and back to an equal
value; each whole game goes through a record (text and JSON) and replays to the same
states. Hypothesis then feeds ``from_json`` and ``read_record`` arbitrary and mutated
input: only the library's errors may come out, and nothing read fails ``validate``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import harbour
from harbour import GameState, HarbourError, Move
from harbour.interchange.notation import format_move, parse_move
from harbour.interchange.records import GameRecord, read_record, replay, write_record
from meeplekit.rng import SplitMix64
from tests.support.harbour_sweep import cards_for, options_for, players_for, seed_for
from tests.support.soak import split

#: Sweep games played here (a spread of players, readings and both card sets).
GAMES = range(0, 48, 3)
#: Decisions played per game at most (long enough to reach the end of most games).
LIMIT = 400


def play(index: int) -> tuple[GameState, list[Move]]:
    start = harbour.new_game(
        players_for(index), seed=seed_for(index), options=options_for(index), cards=cards_for(index)
    )
    rng = SplitMix64(seed_for(index) ^ 0x5DEECE66D)
    state, moves = start, list[Move]()
    while not state.is_over and len(moves) < LIMIT:
        move = rng.choice(harbour.legal_moves(state))
        moves.append(move)
        state = harbour.apply_move_unchecked(state, move)
    return start, moves


@pytest.mark.rules("JSON-1", "JSON-4", "JSON-6")
@pytest.mark.parametrize("index", split(GAMES))
def test_states_observations_and_moves_round_trip(index: int) -> None:
    start, moves = play(index)
    state = start
    for move in [*moves, None]:
        back = harbour.from_json(harbour.to_json(state))
        assert back == state
        assert harbour.to_json(back) == harbour.to_json(state)
        for seat in range(len(state.players)):
            seen = harbour.observe(state, seat)
            assert harbour.from_json(harbour.to_json(seen)) == seen
        for legal in harbour.legal_moves(state):
            assert harbour.from_json(harbour.to_json(legal)) == legal
        if move is not None:
            state = harbour.apply_move_unchecked(state, move)


@pytest.mark.rules("NOTE-1")
@pytest.mark.parametrize("index", split(GAMES))
def test_every_legal_move_has_one_text_that_reads_back(index: int) -> None:
    start, moves = play(index)
    state = start
    for move in [*moves, None]:
        legal = harbour.legal_moves(state)
        texts = [format_move(state, m) for m in legal]
        assert len(set(texts)) == len(texts), texts
        for m, text in zip(legal, texts, strict=True):
            assert parse_move(state, text) == m
        if move is not None:
            state = harbour.apply_move_unchecked(state, move)


@pytest.mark.rules("REC-1", "REC-2", "REC-4")
@pytest.mark.parametrize("index", split(GAMES))
def test_records_round_trip_and_replay_every_state(index: int) -> None:
    start, moves = play(index)
    text = write_record(start, moves, tags={"Event": f"sweep game {index}"})
    record = read_record(text)
    assert record.start == start and record.moves == tuple(moves)
    assert write_record(record.start, record.moves, tags=dict(record.tags)) == text
    states = replay(record)
    expected = [start]
    for move in moves:
        expected.append(harbour.apply_move_unchecked(expected[-1], move))
    assert list(states) == expected
    assert (record.result is not None) == states[-1].is_over
    as_json = harbour.from_json(harbour.to_json(record))
    assert isinstance(as_json, GameRecord) and as_json == record


# --------------------------------------------------------------------------- fuzzing


def _documents() -> list[str]:
    start, moves = play(1)
    state = start
    for move in moves[:30]:
        state = harbour.apply_move_unchecked(state, move)
    return [
        harbour.to_json(state),
        harbour.to_json(harbour.observe(state, 0)),
        harbour.to_json(harbour.legal_moves(state)[0]),
        harbour.to_json(state.options),
        harbour.to_json(write_record_value(start, moves[:30])),
    ]


def write_record_value(start: GameState, moves: list[Move]) -> GameRecord:
    return read_record(write_record(start, moves))


DOCUMENTS = _documents()


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _paths(value, (*prefix, i))
    return out


REPLACEMENTS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.sampled_from(["fish", "pay-toll", "pending-move", "card-site", "harbour/1", "state"]),
    st.lists(st.integers(min_value=-2, max_value=50), max_size=5),
    st.dictionaries(st.sampled_from(["type", "fish", "card", "goods"]), st.integers(0, 9)),
)


def _reads_safely(text: str | bytes) -> None:
    try:
        value = harbour.from_json(text)
    except HarbourError:
        return
    if isinstance(value, GameState):
        assert harbour.validate(value) == ()
    if isinstance(value, GameRecord):
        assert all(harbour.validate(s) == () for s in replay(value))


@pytest.mark.rules("JSON-4", "JSON-5")
@settings(max_examples=200, deadline=None)
@given(st.data())
def test_mutated_documents_raise_only_library_errors(data: st.DataObject) -> None:
    document = json.loads(data.draw(st.sampled_from(DOCUMENTS)))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(document)[1:]))
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        action = data.draw(st.sampled_from(["replace", "delete"]))
        if action == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif action == "delete" and isinstance(parent, list):
            parent.pop(path[-1])
        else:
            parent[path[-1]] = data.draw(REPLACEMENTS)
        if not isinstance(document, dict):
            break
    _reads_safely(json.dumps(document))


@pytest.mark.rules("JSON-4")
@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200)))
def test_arbitrary_text_raises_only_library_errors(text: str | bytes) -> None:
    _reads_safely(text)


@pytest.mark.rules("REC-1", "REC-4")
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_mutated_records_raise_only_library_errors(data: st.DataObject) -> None:
    start, moves = play(2)
    lines = write_record(start, moves[:40]).splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(lines) - 1))
        line = lines[at]
        cut = data.draw(st.integers(0, len(line)))
        insert = data.draw(st.text(alphabet='[]{};:." 0123456789FLWSgotakeshipbuy#$+', max_size=6))
        lines[at] = line[:cut] + insert + line[cut + data.draw(st.integers(0, 4)) :]
    try:
        record = read_record("\n".join(lines))
    except HarbourError:
        return
    assert all(harbour.validate(s) == () for s in replay(record))


def _states_for_notation() -> list[GameState]:
    out: list[GameState] = []
    for index in (1, 4):
        start, moves = play(index)
        state = start
        for move in moves[:60]:
            out.append(state)
            state = harbour.apply_move_unchecked(state, move)
    return out[::7]


PARSE_STATES = _states_for_notation()


@pytest.mark.rules("NOTE-1", "NOTE-4")
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_parse_move_raises_only_library_errors(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(PARSE_STATES))
    legal = harbour.legal_moves(state)
    canonical = format_move(state, data.draw(st.sampled_from(legal)))
    text = data.draw(
        st.one_of(
            st.text(max_size=40),
            st.builds(
                lambda cut, insert, drop: canonical[:cut] + insert + canonical[cut + drop :],
                st.integers(0, len(canonical)),
                st.text(alphabet="FLWS0123456789 #$+;abcdefghijklmnopqrstuvwxyz'", max_size=5),
                st.integers(0, 4),
            ),
        )
    )
    try:
        move = parse_move(state, text)
    except HarbourError:
        return
    assert move in legal
    assert parse_move(state, format_move(state, move)) == move
