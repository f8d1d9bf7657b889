"""Game records (REC-1 to REC-5): the text format, reading, replaying and what they check."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

import harbour
from harbour import GameState, Move, RecordError
from harbour.cards.identity import card_set_digest
from harbour.interchange.records import GameRecord, Result, read_record, replay, write_record
from meeplekit.rng import SplitMix64
from tests.support.harbour import EVERY_ABILITY_SET

SPEC = Path(__file__).resolve().parents[3] / "docs" / "spec" / "records.md"


def game(
    players: int = 2, seed: int = 5, limit: int = 10_000, **kwargs: object
) -> tuple[GameState, list[Move]]:
    start = harbour.new_game(players, seed=seed, **kwargs)  # type: ignore[arg-type]
    rng = SplitMix64(seed)
    state, moves = start, list[Move]()
    while not state.is_over and len(moves) < limit:
        move = rng.choice(harbour.legal_moves(state))
        moves.append(move)
        state = harbour.apply_move(state, move)
    return start, moves


@pytest.mark.rules("REC-1")
def test_the_spec_example_reads() -> None:
    text = SPEC.read_text(encoding="utf-8")
    example = text.split("```text\n[Format")[1].split("```")[0]
    record = read_record("[Format" + example)
    assert dict(record.tags) == {"Event": "Spec example", "Player1": "Ada", "Player2": "Bo"}
    assert record.comments == ((2, "both players start"),)
    states = replay(record)
    assert states[-1].turn == 5 and len(record.moves) == 12


@pytest.mark.rules("REC-1")
def test_turns_are_lines_labelled_with_their_number() -> None:
    start, moves = game(limit=40)
    lines = write_record(start, moves).splitlines()
    body = lines[lines.index("") + 1 :]
    assert body[0].startswith("setup: ")
    assert [line.split(".")[0] for line in body[1:4]] == ["1", "2", "3"]
    # Line breaks between moves do not matter as long as labels start lines.
    spread = "\n".join(lines).replace("; ", ";\n")
    assert read_record(spread).moves == tuple(moves)


@pytest.mark.rules("REC-2")
def test_the_header_holds_the_setup_and_the_result() -> None:
    options = harbour.RulesOptions(reentry="kept", characters=True)
    start, moves = game(3, seed=8, options=options)
    text = write_record(start, moves, tags={"Event": "Club night", "Player1": "Ada"})
    tags = dict(
        (line[1:].split(" ", 1)[0], json.loads(line.split(" ", 1)[1][:-1]))
        for line in text.splitlines()
        if line.startswith("[")
    )
    final = harbour.outcome(replay(read_record(text))[-1])
    assert tags["Format"] == "harbour-record/1" and tags["Library"] == harbour.__version__
    assert tags["Players"] == "3" and tags["Seed"] == "8"
    assert tags["Options"] == "reentry=kept characters=true"
    assert tags["CardsDigest"] == card_set_digest(start.cards)
    assert tags["Scores"] == " ".join(str(p) for p in final.points)
    assert tags["Winners"] == " ".join(str(s + 1) for s in final.winners)
    assert tags["Event"] == "Club night" and "Position" not in tags and "CardsData" not in tags
    record = read_record(text)
    assert record.result == Result(final.points, final.winners)
    assert record.start.options == options


@pytest.mark.rules("REC-2")
def test_custom_cards_and_positions_travel_in_the_header() -> None:
    start, moves = game(seed=3, limit=30, cards=EVERY_ABILITY_SET)
    mid = start
    for move in moves[:12]:
        mid = harbour.apply_move(mid, move)
    text = write_record(mid, moves[12:])
    assert "[CardsData " in text and "[Position " in text
    record = read_record(text)
    assert record.start == mid and record.moves == tuple(moves[12:])


@pytest.mark.rules("REC-2")
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('[Format "harbour-record/1"]', '[Format "pgn"]'), "Format"),
        (lambda t: t.replace('[Players "2"]', '[Players "5"]'), "Players"),
        (lambda t: t.replace('[Seed "5"]', '[Seed "five"]'), "Seed"),
        (lambda t: t.replace('[Seed "5"]\n', ""), "no Seed tag"),
        (lambda t: t.replace('[Seed "5"]', '[Seed "5"]\n[Seed "5"]'), "given twice"),
        (lambda t: t.replace('[Seed "5"]', "[Seed 5]"), "expected a tag"),
        (
            lambda t: t.replace('[Players "2"]', '[Players "2"]\n[Options "reentry=sideways"]'),
            "'reversed', 'kept'",
        ),
        (lambda t: t.replace('[Players "2"]', '[Players "2"]\n[Options "colour=red"]'), "Options"),
        (lambda t: t.replace("sha256:", "sha256:0"), "written for other cards"),
        (lambda t: t.replace('[Cards "', '[Cards "X'), "no built-in card set"),
    ],
)
def test_a_bad_header_is_refused(change: object, message: str) -> None:
    start, moves = game(limit=20)
    text = change(write_record(start, moves))  # type: ignore[operator]
    with pytest.raises(RecordError, match=message) as caught:
        read_record(text)
    assert caught.value.line is not None or "no Seed" in str(caught.value)


@pytest.mark.rules("REC-2")
def test_a_position_that_disagrees_with_the_tags_is_refused() -> None:
    start, moves = game(limit=20)
    mid = harbour.apply_move(start, moves[0])
    text = write_record(mid, moves[1:]).replace('[Seed "5"]', '[Seed "6"]')
    with pytest.raises(RecordError, match="differ from the tags"):
        read_record(text)


@pytest.mark.rules("REC-2", "REC-3")
def test_tag_names_and_comments_are_checked_when_writing() -> None:
    start, moves = game(limit=5)
    for tags in ({"Seed": "1"}, {"bad name": "x"}, {"Event": "two\nlines"}):
        with pytest.raises(harbour.InvalidValueError):
            write_record(start, moves, tags=tags)
    for comments in ({9: "too late"}, {1: "a } brace"}):
        with pytest.raises(harbour.InvalidValueError):
            write_record(start, moves, comments=comments)


@pytest.mark.rules("REC-3")
def test_comments_keep_their_place() -> None:
    start, moves = game(limit=30)
    comments = {0: "before", 3: "after the third", 30: "at the end"}
    text = write_record(start, moves, comments=comments)
    record = read_record(text)
    assert dict(record.comments) == comments
    assert write_record(record.start, record.moves, comments=dict(record.comments)) == text
    with pytest.raises(RecordError, match="not closed"):
        read_record(text.replace("{after the third}", "{after the third"))


@pytest.mark.rules("REC-4")
def test_an_illegal_move_is_refused_with_its_line_turn_and_rule() -> None:
    start, moves = game(limit=40)
    text = write_record(start, moves)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("3. "))
    lines[at] = "3. toll F"
    with pytest.raises(RecordError) as caught:
        read_record("\n".join(lines))
    assert (caught.value.line, caught.value.turn, caught.value.rule_id) == (at + 1, 3, "TURN-6")
    lines[at] = "4. go board 1"
    with pytest.raises(RecordError, match=r"labelled 4\. but the game is at turn 3"):
        read_record("\n".join(lines))
    lines[at] = "3. fly"
    with pytest.raises(RecordError, match="unknown verb"):
        read_record("\n".join(lines))


@pytest.mark.rules("REC-4")
def test_replay_checks_every_move_and_the_stated_result() -> None:
    start, moves = game()
    record = read_record(write_record(start, moves))
    assert record.result is not None
    states = replay(record)
    assert states[0] == start and states[-1].is_over and len(states) == len(moves) + 1
    wrong = attrs.evolve(
        record, result=Result(record.result.scores, (1 - record.result.winners[0],))
    )
    with pytest.raises(RecordError, match="states scores"):
        replay(wrong)
    unfinished = attrs.evolve(record, moves=record.moves[:-1])
    with pytest.raises(RecordError, match="not over"):
        replay(unfinished)
    bad = attrs.evolve(record, moves=(harbour.DeferToll(), *record.moves))
    with pytest.raises(RecordError) as caught:
        replay(bad)
    assert caught.value.rule_id == "TURN-6" and caught.value.turn == 0
    with pytest.raises(RecordError, match="follows its end"):
        read_record(write_record(start, moves).rstrip("\n") + "; go board 1\n")


@pytest.mark.rules("REC-4")
def test_a_wrong_stated_result_is_refused_naming_its_line_and_turn() -> None:
    # The error once had neither a line nor a turn.
    start, moves = game()
    lines = write_record(start, moves).splitlines()
    scores = next(i for i, line in enumerate(lines) if line.startswith("[Scores "))
    winners = next(i for i, line in enumerate(lines) if line.startswith("[Winners "))
    end = replay(read_record("\n".join(lines)))[-1]
    right = lines[scores]
    lines[scores] = '[Scores "999 0"]'
    with pytest.raises(RecordError, match="states scores") as caught:
        read_record("\n".join(lines))
    assert (caught.value.line, caught.value.turn) == (scores + 1, end.turn)
    assert str(caught.value).startswith(f"line {scores + 1}, turn {end.turn}: ")
    lines[scores] = right
    seats = lines[winners].split('"')[1]
    lines[winners] = '[Winners "2"]' if seats == "1" else '[Winners "1"]'
    with pytest.raises(RecordError, match="winner") as caught:
        read_record("\n".join(lines))
    assert (caught.value.line, caught.value.turn) == (winners + 1, end.turn)
    record = read_record(write_record(start, moves))
    assert record.result is not None
    wrong = attrs.evolve(record, result=Result((999, 0), record.result.winners))
    with pytest.raises(RecordError, match="states scores") as caught:
        replay(wrong)
    assert caught.value.turn == end.turn
    unfinished = write_record(start, moves[:-1]).splitlines()
    unfinished.insert(6, lines[scores])
    unfinished.insert(7, lines[winners])
    with pytest.raises(RecordError, match="not over") as caught:
        read_record("\n".join(unfinished))
    assert caught.value.line == 7


@pytest.mark.rules("REC-2", "REC-3", "INPUT-4")
@pytest.mark.parametrize("control", ["\x1b", "\x00", "\u202e", "\x85", "\u2028"])
def test_tags_and_comments_hold_no_control_characters(control: str) -> None:
    start, moves = game(limit=6)
    with pytest.raises(harbour.InvalidValueError, match="Event"):
        write_record(start, moves, tags={"Event": f"a{control}b"})
    with pytest.raises(harbour.InvalidValueError, match="comment"):
        write_record(start, moves, comments={1: f"a{control}b"})
    text = write_record(start, moves, tags={"Event": "TAG"}, comments={1: "NOTE"})
    lines = text.splitlines()
    tag = next(i for i, line in enumerate(lines) if "TAG" in line)
    note = next(i for i, line in enumerate(lines) if "NOTE" in line)
    escaped = json.dumps(f"a{control}b")  # the control written as a JSON escape
    for bad, line in (
        (text.replace('"TAG"', escaped), tag + 1),
        (text.replace("NOTE", f"a{control}b"), note + 1),
    ):
        with pytest.raises(RecordError) as caught:
            read_record(bad)
        if control not in "\x85\u2028":  # these also break the line they are on
            assert "control" in str(caught.value) and caught.value.line == line


@pytest.mark.rules("REC-4")
def test_a_record_is_also_a_json_document() -> None:
    start, moves = game(limit=50)
    record = read_record(write_record(start, moves, tags={"Event": "x"}, comments={2: "c"}))
    text = harbour.to_json(record)
    assert json.loads(text)["kind"] == "record"
    assert harbour.from_json(text) == record
    document = json.loads(text)
    document["record"]["moves"][3] = {"type": "defer-toll"}
    with pytest.raises(harbour.DocumentError, match="illegal") as caught:
        harbour.from_json(json.dumps(document))
    assert caught.value.field == "record"


@pytest.mark.rules("REC-5")
def test_a_record_reveals_the_deck_through_its_seed() -> None:
    start, moves = game(limit=10, options=harbour.RulesOptions(bonus_cards=True))
    record = read_record(write_record(start, moves))
    assert record.start.deck == start.deck
    assert [p.bonus_card for p in record.start.players] == [p.bonus_card for p in start.players]


def test_read_record_refuses_what_is_not_text() -> None:
    with pytest.raises(RecordError):
        read_record(b"[Format]")  # type: ignore[arg-type]
    assert isinstance(read_record(write_record(*game(limit=3))), GameRecord)
