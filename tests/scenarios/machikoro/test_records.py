"""Game records (MK-REC-1 to MK-REC-7): the text format, reading, replaying, what they check."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

import machikoro
from machikoro import GameState, Move, RecordError, RulesOptions
from machikoro.interchange.records import (
    MAX_RECORD_CHARS,
    GameRecord,
    Result,
    read_record,
    replay,
    write_record,
)
from meeplekit.rng import SplitMix64

SPEC = Path(__file__).resolve().parents[3] / "src" / "machikoro" / "spec" / "records.md"


def game(
    players: int = 2, seed: int = 5, limit: int = 100_000, options: RulesOptions | None = None
) -> tuple[GameState, list[Move]]:
    """A seeded random game (chance drawn with its probabilities) of at most ``limit`` moves."""
    start = state = machikoro.new_game(players, seed=seed, options=options)
    rng, moves = SplitMix64(seed), list[Move]()
    while not machikoro.is_over(state) and len(moves) < limit:
        if machikoro.current_player(state) == machikoro.CHANCE:
            move = machikoro.sample_chance(state, rng)
        else:
            move = rng.choice(machikoro.legal_moves(state))
        moves.append(move)
        state = machikoro.apply_move(state, move)
    return start, moves


def tags_of(text: str) -> dict[str, str]:
    return {
        line[1:].split(" ", 1)[0]: json.loads(line.split(" ", 1)[1][:-1])
        for line in text.splitlines()
        if line.startswith("[")
    }


def body_line(lines: list[str], turn: int) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith(f"{turn}. "))


@pytest.mark.rules("MK-REC-1")
def test_the_spec_example_reads() -> None:
    text = SPEC.read_text(encoding="utf-8")
    example = text.split("```text\n[Format")[1].split("```")[0]
    record = read_record("[Format" + example)
    assert dict(record.tags) == {
        "Event": "Spec example",
        "Date": "2024.05.01",
        "Player1": "Ada",
        "Player2": "Bo",
    }
    assert record.comments == ((3, "a ranch for the 2s"),)
    states = replay(record)
    assert states[-1].turn == 9 and len(record.moves) == 30
    assert record.result is None
    # The example is what the writer writes for that game.
    again = write_record(
        record.start, record.moves, tags=dict(record.tags), comments=dict(record.comments)
    )
    assert again == "[Format" + example.replace('"0.1.0"', f'"{machikoro.__version__}"')


@pytest.mark.rules("MK-REC-1")
def test_turns_are_lines_labelled_with_their_number() -> None:
    start, moves = game(limit=60)
    text = write_record(start, moves)
    lines = text.splitlines()
    body = lines[lines.index("") + 1 :]
    assert [line.split(".")[0] for line in body[:3]] == ["1", "2", "3"]
    assert body[0].startswith("1. roll 1; dice ")
    # Line breaks between moves do not matter as long as labels start lines.
    spread = text.replace("; ", ";\n")
    assert read_record(spread).moves == tuple(moves)
    assert read_record(text.replace("\n", "\r\n")).moves == tuple(moves)


@pytest.mark.rules("MK-REC-2")
def test_the_header_holds_the_setup_and_the_result() -> None:
    options = RulesOptions(purple_order="owner-chooses", business_center="must-trade")
    start, moves = game(3, seed=8, options=options)
    text = write_record(start, moves, tags={"Event": "Club night", "Date": "2024.05.01"})
    tags = tags_of(text)
    final = machikoro.outcome(replay(read_record(text))[-1])
    assert list(tags) == [
        "Format", "Library", "Players", "Seed", "Options", "Scores", "Winners", "Event", "Date",
    ]  # fmt: skip
    assert tags["Format"] == "machikoro-record/1" and tags["Library"] == machikoro.__version__
    assert tags["Players"] == "3" and tags["Seed"] == "8"
    assert tags["Options"] == "purple_order=owner-chooses business_center=must-trade"
    assert tags["Scores"] == " ".join(str(p) for p in final.points)
    assert tags["Winners"] == str(final.winners[0] + 1)
    record = read_record(text)
    assert record.result == Result(final.points, final.winners)
    assert record.start.options == options
    base = write_record(*game(seed=2, limit=5, options=RulesOptions(expansion=False)))
    assert tags_of(base)["Options"] == "expansion=false"
    assert "Options" not in tags_of(write_record(*game(limit=5)))


@pytest.mark.rules("MK-REC-2")
def test_a_start_that_is_not_a_new_game_travels_as_a_position() -> None:
    start, moves = game(limit=60)
    mid = start
    for move in moves[:25]:
        mid = machikoro.apply_move(mid, move)
    text = write_record(mid, moves[25:])
    assert "[Position " in text
    record = read_record(text)
    assert record.start == mid and record.moves == tuple(moves[25:])
    moved = text.replace('[Seed "5"]', '[Seed "6"]')
    with pytest.raises(RecordError, match="differ from the tags") as caught:
        read_record(moved)
    assert caught.value.line == 5
    made = machikoro.position(coins=[4, 9], options=RulesOptions(market="all-piles"), seed=5)
    assert read_record(write_record(made, [])).start == made


@pytest.mark.rules("MK-REC-2")
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('[Format "machikoro-record/1"]', '[Format "pgn"]'), "Format"),
        (lambda t: t.replace('[Players "2"]', '[Players "6"]'), "Players must be 2, 3, 4 or 5"),
        (lambda t: t.replace('[Players "2"]', '[Players "02"]'), "Players"),
        (lambda t: t.replace('[Seed "5"]', '[Seed "five"]'), "Seed must be a whole number"),
        (lambda t: t.replace('[Seed "5"]', f'[Seed "{2**64}"]'), "seed"),
        (lambda t: t.replace('[Seed "5"]\n', ""), "no Seed tag"),
        (lambda t: t.replace('[Players "2"]\n', ""), "no Players tag"),
        (lambda t: t.replace('[Seed "5"]', '[Seed "5"]\n[Seed "5"]'), "given twice"),
        (lambda t: t.replace('[Seed "5"]', "[Seed 5]"), "expected a tag"),
        (lambda t: t.replace('[Seed "5"]', '[Seed "5"'), "expected a tag"),
        (
            lambda t: t.replace('[Players "2"]', '[Players "2"]\n[Options "market=ten"]'),
            "'edition', 'harbor', 'all-piles'",
        ),
        (lambda t: t.replace('[Players "2"]', '[Players "2"]\n[Options "colour=red"]'), "Options"),
        (lambda t: t.replace('[Seed "5"]', '[Seed "5"]\n[Position "{}"]'), "Position"),
        (lambda t: t.replace('[Seed "5"]', '[Seed "5"]\n[Position "[1"]'), "not a JSON position"),
    ],
)
def test_a_bad_header_is_refused(change: object, message: str) -> None:
    start, moves = game(limit=20)
    text = change(write_record(start, moves))  # type: ignore[operator]
    with pytest.raises(RecordError, match=message) as caught:
        read_record(text)
    assert caught.value.line is not None or "no " in str(caught.value)


@pytest.mark.rules("MK-REC-2", "MK-REC-3")
def test_tag_names_and_comments_are_checked_when_writing() -> None:
    start, moves = game(limit=5)
    for tags in ({"Seed": "1"}, {"Position": "{}"}, {"bad name": "x"}, {"Event": "two\nlines"}):
        with pytest.raises(machikoro.InvalidValueError):
            write_record(start, moves, tags=tags)
    for comments in ({9: "too late"}, {-1: "too early"}, {1: "a } brace"}, {1: "a\tb"}):
        with pytest.raises(machikoro.InvalidValueError):
            write_record(start, moves, comments=comments)


@pytest.mark.rules("MK-REC-3")
def test_comments_keep_their_place() -> None:
    start, moves = game(limit=30)
    comments = {0: "before", 3: "after the third", 30: "at the end"}
    text = write_record(start, moves, comments=comments)
    assert "{before}" in text.splitlines()
    record = read_record(text)
    assert dict(record.comments) == comments
    assert write_record(record.start, record.moves, comments=dict(record.comments)) == text
    with pytest.raises(RecordError, match="not closed") as caught:
        read_record(text.replace("{after the third}", "{after the third"))
    assert caught.value.line is not None


@pytest.mark.rules("MK-REC-4")
def test_an_illegal_move_is_refused_with_its_line_turn_and_rule() -> None:
    start, moves = game(limit=60)
    lines = write_record(start, moves).splitlines()
    at = body_line(lines, 3)
    lines[at] = "3. roll 2"  # no Train Station
    with pytest.raises(RecordError) as caught:
        read_record("\n".join(lines))
    assert (caught.value.line, caught.value.turn, caught.value.rule_id) == (at + 1, 3, "MK-ROLL-1")
    assert str(caught.value).startswith(f"line {at + 1}, turn 3: [MK-ROLL-1] ")
    lines[at] = "4. roll 1"
    with pytest.raises(RecordError, match=r"labelled 4\. but the game is at turn 3"):
        read_record("\n".join(lines))
    lines[at] = "3. fly"
    with pytest.raises(RecordError, match="unknown verb") as caught:
        read_record("\n".join(lines))
    assert caught.value.rule_id is None and caught.value.turn == 3
    lines[at] = "3. roll 1;; dice 2"
    with pytest.raises(RecordError, match="expected a move"):
        read_record("\n".join(lines))


@pytest.mark.rules("MK-REC-4")
def test_replay_checks_every_move_and_the_stated_result() -> None:
    start, moves = game()
    record = read_record(write_record(start, moves))
    assert record.result is not None
    states = replay(record)
    assert states[0] == start and machikoro.is_over(states[-1])
    assert len(states) == len(moves) + 1
    loser = 1 - record.result.winners[0]
    with pytest.raises(RecordError, match="states scores"):
        replay(attrs.evolve(record, result=Result(record.result.scores, (loser,))))
    with pytest.raises(RecordError, match="not over"):
        replay(attrs.evolve(record, moves=record.moves[:-1]))
    bad = attrs.evolve(record, moves=(machikoro.BuildNothing(), *record.moves))
    with pytest.raises(RecordError) as caught:
        replay(bad)
    assert caught.value.rule_id == "MK-FLOW-1" and caught.value.turn == 1
    assert "move 1 (BuildNothing()) is illegal" in str(caught.value)
    with pytest.raises(RecordError, match="follows its end"):
        read_record(write_record(start, moves).rstrip("\n") + "; roll 1\n")
    with pytest.raises(RecordError, match="illegal"):
        write_record(start, [machikoro.RollDice(2)])


@pytest.mark.rules("MK-REC-4")
def test_a_wrong_stated_result_is_refused_naming_its_line_and_turn() -> None:
    start, moves = game()
    lines = write_record(start, moves).splitlines()
    scores = next(i for i, line in enumerate(lines) if line.startswith("[Scores "))
    winners = next(i for i, line in enumerate(lines) if line.startswith("[Winners "))
    end = replay(read_record("\n".join(lines)))[-1]
    right = lines[scores]
    lines[scores] = '[Scores "9 0"]'
    with pytest.raises(RecordError, match="landmarks") as caught:
        read_record("\n".join(lines))
    assert (caught.value.line, caught.value.turn) == (scores + 1, end.turn)
    lines[scores] = right
    seat = lines[winners].split('"')[1]
    lines[winners] = '[Winners "2"]' if seat == "1" else '[Winners "1"]'
    with pytest.raises(RecordError, match="winner") as caught:
        read_record("\n".join(lines))
    assert (caught.value.line, caught.value.turn) == (winners + 1, end.turn)
    lines[winners] = '[Winners "3"]'
    with pytest.raises(RecordError, match="Winners must list seats 1 to 2"):
        read_record("\n".join(lines))
    lines[scores] = '[Scores "1"]'
    with pytest.raises(RecordError, match="Scores must list 2 whole numbers"):
        read_record("\n".join(lines))
    del lines[winners]
    with pytest.raises(RecordError, match="needs both Scores and Winners"):
        read_record("\n".join(lines))


@pytest.mark.rules("MK-REC-5", "MK-CHANCE-1")
def test_chance_outcomes_are_in_the_record_and_replay_exactly() -> None:
    start, moves = game(4, seed=11)
    record = read_record(write_record(start, moves))
    kinds = {type(m) for m in record.moves}
    assert {machikoro.Dice, machikoro.Draw} <= kinds
    # Replaying gives exactly the game's states, without any generator.
    states = replay(record)
    state = start
    for move, after in zip(moves, states[1:], strict=True):
        state = machikoro.apply_move(state, move)
        assert state == after
    # Another chance outcome in place of one is another game: the record is refused or differs.
    first_die = next(m for m in moves if isinstance(m, machikoro.Dice))
    lines = write_record(start, moves).splitlines()
    at = body_line(lines, 1)
    faces = first_die.faces
    other = 1 if faces != (1,) else 2
    lines[at] = lines[at].replace(f"dice {faces[0]}", f"dice {other}", 1)
    changed = "\n".join(lines)
    try:
        assert read_record(changed).moves != record.moves
    except RecordError as error:
        assert error.line is not None


@pytest.mark.rules("MK-REC-5")
def test_a_record_reveals_nothing_a_player_does_not_see() -> None:
    start, moves = game(3, seed=4, limit=80)
    states = replay(read_record(write_record(start, moves)))
    # Every state is what each player sees, but for the seed ...
    for state in states[::9]:
        for seat in range(3):
            seen = machikoro.determinize(machikoro.observe(state, seat), SplitMix64(seat))
            assert attrs.evolve(seen, seed=state.seed) == state
    # ... which no rule reads after the start: the moves play the same under another seed.
    mid = attrs.evolve(states[30], seed=states[30].seed ^ 1)
    again = read_record(write_record(mid, moves[30:]))
    assert [attrs.evolve(s, seed=0) for s in replay(again)] == [
        attrs.evolve(s, seed=0) for s in states[30:]
    ]


@pytest.mark.rules("MK-REC-6")
def test_bytes_are_read_as_utf_8_and_bounded() -> None:
    start, moves = game(limit=30)
    text = write_record(start, moves, tags={"Event": "Café de la Plage"})
    record = read_record(text)
    assert read_record(text.encode("utf-8")) == record
    assert read_record(b"\xef\xbb\xbf" + text.encode("utf-8")) == record  # a byte-order mark
    with pytest.raises(RecordError, match="not UTF-8"):
        read_record(text.encode("latin-1"))
    with pytest.raises(RecordError, match=f"at most {MAX_RECORD_CHARS} characters"):
        read_record(text + "{" + "x" * MAX_RECORD_CHARS + "}")
    with pytest.raises(RecordError, match=f"at most {MAX_RECORD_CHARS} characters"):
        read_record(b"x" * (4 * MAX_RECORD_CHARS + 1))
    with pytest.raises(RecordError, match="expected the record's text, got int"):
        read_record(7)  # type: ignore[arg-type]
    assert isinstance(read_record(write_record(*game(limit=3))), GameRecord)


@pytest.mark.rules("MK-REC-6")
@pytest.mark.parametrize("control", ["\t", "\x1b", "\x00", "\r", "\u202e", "\x85", "\u2028"])
def test_no_line_holds_a_control_character(control: str) -> None:
    start, moves = game(limit=20)
    with pytest.raises(machikoro.InvalidValueError, match="Event"):
        write_record(start, moves, tags={"Event": f"a{control}b"})
    with pytest.raises(machikoro.InvalidValueError, match="comment"):
        write_record(start, moves, comments={1: f"a{control}b"})
    text = write_record(start, moves, tags={"Event": "TAG"}, comments={1: "NOTE"})
    lines = text.splitlines()
    tag = next(i for i, line in enumerate(lines) if "TAG" in line)
    note = next(i for i, line in enumerate(lines) if "NOTE" in line)
    move = body_line(lines, 2)
    for bad, line in (
        (text.replace('"TAG"', json.dumps(f"a{control}b")), tag + 1),  # a JSON escape
        (text.replace('"TAG"', f'"a{control}b"'), tag + 1),
        (text.replace("NOTE", f"a{control}b"), note + 1),
        (
            "\n".join([*lines[:move], lines[move].replace(" ", control, 1), *lines[move + 1 :]]),
            move + 1,
        ),
    ):
        with pytest.raises(RecordError, match="control or bidirectional") as caught:
            read_record(bad)
        assert caught.value.line == line


@pytest.mark.rules("MK-REC-7", "MK-JSON-1")
def test_a_record_is_also_a_json_document() -> None:
    start, moves = game()
    record = read_record(write_record(start, moves, tags={"Event": "x"}, comments={2: "c"}))
    text = machikoro.to_json(record)
    document = json.loads(text)
    assert document["format"] == "machikoro/1" and document["kind"] == "record"
    assert set(document["record"]) == {"start", "moves", "tags", "comments", "result"}
    assert document["record"]["moves"][0] == {"type": "roll-dice", "dice": 1}
    assert machikoro.from_json(text) == record
    assert machikoro.to_json(machikoro.from_json(text)) == text
    unfinished = read_record(write_record(start, moves[:50]))
    assert machikoro.from_json(machikoro.to_json(unfinished)) == unfinished


@pytest.mark.rules("MK-REC-7", "MK-JSON-2")
@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (lambda r: r["moves"].insert(0, {"type": "build-nothing"}), "record", "illegal"),
        (
            lambda r: r["moves"].insert(0, {"type": "roll-dice", "dice": 3}),
            "record.moves[0]",
            "1 or 2",
        ),
        (lambda r: r["moves"].pop(), "record.result", "not over"),
        (
            lambda r: r.update(result={"scores": [9, 9], "winners": [0]}),
            "record.result",
            "states scores",
        ),
        (
            lambda r: r.update(result={"scores": [1], "winners": [0], "x": 1}),
            "record.result",
            "unknown field",
        ),
        (lambda r: r.update(tags={"Seed": "1"}), "record", "standard tags"),
        (lambda r: r.update(comments=[[9999, "late"]]), "record", "comment's place"),
        (lambda r: r.update(moves="roll 1"), "record.moves", "list of moves"),
        (lambda r: r.update(extra=1), "record", "expected the fields"),
        (lambda r: r["start"]["players"][0].update(coins=-1), "record.start", "MK-STATE-1"),
    ],
)
def test_a_bad_record_document_is_refused_naming_the_field(
    change: object, field: str, message: str
) -> None:
    start, moves = game()
    document = json.loads(machikoro.to_json(read_record(write_record(start, moves))))
    change(document["record"])  # type: ignore[operator]
    with pytest.raises(machikoro.DocumentError, match=message) as caught:
        machikoro.from_json(json.dumps(document))
    assert caught.value.field.startswith(field)
