"""Round trips of notation, records and JSON over random games, and hostile text for the readers.

A seeded sweep plays complete random games under two option sets heavy with readings (every
reading at its documented value with the Harbor market, and every reading at the other
value with the base marketplace, so that each kind of decision appears: the majors'
order, must-trade and may-decline, the re-roll, the Tuna Boat's roll, extra turns), for
2 to 5 players. In every state every legal move's notation must parse back to that move
and have a long label; every game's record must read back to the same moves and replay to
the same final state, write back to the same text, and travel as JSON and as UTF-8 bytes.
Hypothesis then feeds ``parse_move`` and ``read_record``/``replay`` arbitrary and mutated
text: only the library's errors may come out (MK-NOTE-4, MK-REC-6).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import machikoro
from machikoro import GameState, Move, RulesOptions
from machikoro.interchange.notation import VERBS, describe_move, format_move, parse_move
from machikoro.interchange.records import read_record, replay, write_record
from meeplekit.rng import SplitMix64


def _other_readings() -> RulesOptions:
    """Every reading at the value that is not its default; the expansion kept."""
    changed: dict[str, Any] = {}
    for field in attrs.fields(RulesOptions):
        default = field.default
        if isinstance(default, enum.Enum):
            changed[field.name] = next(m for m in type(default) if m is not default)
    changed["market"] = machikoro.Market.ALL_PILES
    return RulesOptions(**changed)


#: The two option sets of the sweep.
OPTION_SETS = {"documented": RulesOptions(), "other": _other_readings()}
GAMES_PER_SET = 5


def _game(options: RulesOptions, index: int) -> tuple[GameState, list[Move]]:
    players = 2 + index % 4
    start = state = machikoro.new_game(players, seed=1_000 + index, options=options)
    rng, moves = SplitMix64(index), list[Move]()
    while not machikoro.is_over(state):
        if machikoro.current_player(state) == machikoro.CHANCE:
            move = machikoro.sample_chance(state, rng)
        else:
            move = rng.choice(machikoro.legal_moves(state))
        moves.append(move)
        state = machikoro.apply_move(state, move)
    return start, moves


GAMES = {
    (name, index): _game(options, index)
    for name, options in OPTION_SETS.items()
    for index in range(GAMES_PER_SET)
}


def test_the_other_readings_differ_from_every_default() -> None:
    other = OPTION_SETS["other"]
    for field in attrs.fields(RulesOptions):
        if field.name != "expansion":
            assert getattr(other, field.name) != getattr(RulesOptions(), field.name), field.name


@pytest.mark.rules("MK-NOTE-1", "MK-NOTE-5")
@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_legal_move_s_notation_parses_back_to_it(key: tuple[str, int]) -> None:
    start, moves = GAMES[key]
    state = start
    kinds: set[type] = set()
    for played in moves:
        legal = machikoro.legal_moves(state)
        texts = [format_move(state, m) for m in legal]
        assert len(set(texts)) == len(texts)
        for move, text in zip(legal, texts, strict=True):
            assert parse_move(state, text) is move
            assert describe_move(state, move) and str(move)
            kinds.add(type(move))
        state = machikoro.apply_move(state, played)
    assert {machikoro.RollDice, machikoro.Dice, machikoro.BuildNothing} <= kinds


def test_the_sweep_meets_every_kind_of_move() -> None:
    kinds: set[type] = set()
    for start, moves in GAMES.values():
        state = start
        for move in moves:
            kinds.update(type(m) for m in machikoro.legal_moves(state))
            state = machikoro.apply_move(state, move)
    assert kinds == set(machikoro.moves.MOVE_TYPES)


@pytest.mark.rules("MK-REC-1", "MK-REC-4", "MK-REC-5", "MK-REC-7")
@pytest.mark.parametrize("key", sorted(GAMES))
def test_records_round_trip_and_replay_to_the_same_end(key: tuple[str, int]) -> None:
    start, moves = GAMES[key]
    text = write_record(start, moves, tags={"Event": f"sweep {key[0]} {key[1]}"})
    record = read_record(text)
    assert record.start == start and record.moves == tuple(moves)
    states = replay(record)
    end = states[-1]
    assert machikoro.is_over(end) and record.result is not None
    assert record.result.winners == machikoro.outcome(end).winners
    assert write_record(record.start, record.moves, tags=dict(record.tags)) == text
    assert read_record(text.encode("utf-8")) == record
    assert machikoro.from_json(machikoro.to_json(record)) == record
    # A record that starts in the middle of the game travels as a position.
    middle = len(moves) // 2
    rest = read_record(write_record(states[middle], moves[middle:]))
    assert rest.start == states[middle] and replay(rest)[-1] == end
    assert machikoro.from_json(machikoro.to_json(rest)) == rest


# --------------------------------------------------------------------------- hostile text

_STATES = [
    state
    for start, moves in list(GAMES.values())[:: GAMES_PER_SET - 1]
    for state in replay(read_record(write_record(start, moves)))[::23]
]
_WORDS = st.sampled_from(
    [
        *VERBS,
        "with",
        "for",
        "nothing",
        "1",
        "2",
        "3",
        "6",
        "7",
        "0",
        "-1",
        "99999999999999999999",
        "cafe",
        "c",
        "f",
        "tv",
        "wheat field",
        "harbor",
        "Café",
        "#",
        "\t",
        "\x00",
        "\u202e",
        "é",
        "",
    ]
)


@pytest.mark.rules("MK-NOTE-4")
@given(data=st.data())
def test_parse_move_refuses_any_text_with_the_library_s_errors(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(_STATES), label="state")
    text = data.draw(
        st.one_of(st.text(max_size=40), st.lists(_WORDS, max_size=6).map(" ".join)), label="text"
    )
    try:
        move = parse_move(state, text)
    except (machikoro.MoveParseError, machikoro.IllegalMoveError) as error:
        assert str(error)
        return
    assert move in machikoro.legal_moves(state)


def _records() -> list[str]:
    texts = []
    for (name, index), (start, moves) in list(GAMES.items())[:3]:
        texts.append(
            write_record(start, moves[:80], tags={"Event": name}, comments={index: "a note"})
        )
    start, moves = GAMES["other", 1]
    texts.append(write_record(replay(read_record(write_record(start, moves)))[40], moves[40:90]))
    return texts


RECORDS = _records()
GARBAGE = st.sampled_from(
    [
        *'[]{}";.:0129 \n\t\r',
        "\x00",
        "\x1b",
        "\u202e",
        "\u2028",
        "\x85",
        "é",
        "1.",
        "roll 2",
        "dice 6",
        "; ",
        "build cafe",
        "nothing",
        '[Scores "1 2"]\n',
        '[Winners "1"]\n',
        '[Options "x=y"]\n',
        '[Position "{}"]\n',
    ]
)


@st.composite
def garbled(draw: st.DrawFn) -> str:
    """A record with a few characters or pieces inserted, deleted or changed, or cut short."""
    text = list(draw(st.sampled_from(RECORDS), label="record"))
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        kind = draw(st.sampled_from(["insert", "delete", "change", "cut"]))
        if kind == "insert":
            text.insert(at, draw(GARBAGE))
        elif kind == "delete":
            del text[at]
        elif kind == "change":
            text[at] = draw(GARBAGE)
        else:
            text = text[: max(at, 1)]
    return "".join(text)


@pytest.mark.rules("MK-REC-6")
@given(text=st.one_of(garbled(), st.text(max_size=60), st.binary(max_size=60)))
def test_read_record_and_replay_refuse_any_text_with_their_own_errors(text: str | bytes) -> None:
    try:
        record = read_record(text)
        states = replay(record)
    except machikoro.RecordError as error:
        assert str(error)
        if error.line is not None:
            lines = text.count("\n") if isinstance(text, str) else text.count(b"\n")
            assert 1 <= error.line <= lines + 1
        return
    assert len(states) == len(record.moves) + 1
