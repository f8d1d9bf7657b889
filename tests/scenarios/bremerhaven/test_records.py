"""Game records (BH-RECORD-1 to BH-RECORD-8): the text format, reading, replaying, what they check."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import attrs
import pytest

import bremerhaven
from bremerhaven import GameState, Move, RulesOptions
from bremerhaven.cards import ORIGINAL, Origin, cards_from_data, cards_to_data
from bremerhaven.errors import RecordError
from bremerhaven.events import BidPlaced
from bremerhaven.interchange.gamerecord import turn
from bremerhaven.interchange.notation import format_move
from bremerhaven.interchange.records import (
    MAX_RECORD_CHARS,
    GameRecord,
    Result,
    read_record,
    replay,
    write_record,
)
from bremerhaven.positions import replace
from bremerhaven.views.narrate import sentence
from meeplekit.rng import SplitMix64
from tests.support.bremerhaven import building, card_set

SPEC = Path(__file__).resolve().parents[3] / "src" / "bremerhaven" / "spec" / "records.md"


@cache
def _game(
    players: int = 2, seed: int = 5, game: str = "long", limit: int = 100_000
) -> tuple[GameState, tuple[Move, ...]]:
    """A seeded random game of at most ``limit`` moves: its start and its moves."""
    start = state = bremerhaven.new_game(players, seed=seed, options=RulesOptions(game=game))
    rng, moves = SplitMix64(seed), list[Move]()
    while not bremerhaven.is_over(state) and len(moves) < limit:
        move = rng.choice(bremerhaven.legal_moves(state))
        moves.append(move)
        state = bremerhaven.apply_move(state, move)
    return start, tuple(moves)


def _after(start: GameState, moves: tuple[Move, ...]) -> GameState:
    for move in moves:
        start = bremerhaven.apply_move(start, move)
    return start


def tags_of(text: str) -> dict[str, str]:
    return {
        line[1:].split(" ", 1)[0]: json.loads(line.split(" ", 1)[1][:-1])
        for line in text.splitlines()
        if line.startswith("[")
    }


def _line(lines: list[str], start: str) -> int:
    """The index of the first line that starts with ``start``."""
    return next(i for i, line in enumerate(lines) if line.startswith(start))


def _spec_example() -> str:
    text = SPEC.read_text(encoding="utf-8")
    return "[Format" + text.split("```text\n[Format")[1].split("```")[0]


# --------------------------------------------------------------------------- BH-RECORD-1


@pytest.mark.rules("BH-RECORD-1", "BH-RECORD-2", "BH-RECORD-6")
def test_the_spec_example_reads_and_is_what_the_writer_writes() -> None:
    example = _spec_example()
    record = read_record(example)
    assert dict(record.tags) == {
        "Event": "Spec example",
        "Date": "2024.05.01",
        "Player1": "Ada",
        "Player2": "Bo",
    }
    assert record.seed == 2014 and record.start.options == RulesOptions(game="short")
    assert record.comments == ((16, "the last bid"),)
    states = replay(record)
    assert len(record.moves) == 29 and turn(states[-1]) == 2
    assert record.result is None
    again = write_record(
        record.start,
        record.moves,
        seed=record.seed,
        tags=dict(record.tags),
        comments=dict(record.comments),
    )
    assert again == example.replace('"0.1.0"', f'"{bremerhaven.__version__}"')


def _part(state: GameState) -> str:
    """The part of a round the decision now belongs to, as BH-RECORD-1 lists them."""
    top = state.stack[-1]
    kind = type(top).__name__
    for part, kinds in (
        ("bids", ("PendingBid",)),
        ("town", ("PendingPermits", "PendingGrow", "PendingPrice", "PendingCareer")),
        ("boards", ("PendingBerth", "PendingContract")),
        ("setup", ("PendingStartingGood",)),
    ):
        if kind in kinds:
            return part
    assert kind in ("PendingProduction", "PendingMovement"), kind
    return f"harbour of seat {top.seat}"  # type: ignore[union-attr]


@pytest.mark.rules("BH-RECORD-1", "BH-ENGINE-2")
@pytest.mark.parametrize(("players", "game"), [(3, "long"), (2, "short"), (1, "short")])
def test_rounds_start_labelled_lines_and_each_part_has_a_line(players: int, game: str) -> None:
    start, moves = _game(players, seed=8, game=game)
    body = write_record(start, moves, seed=8).split("\n\n", 1)[1].splitlines()
    state, at = start, 0
    rounds: list[int] = []
    seen: list[tuple[int, str]] = []
    for line in body:
        if line.startswith("   "):
            items = line[3:].split("; ")
        else:
            label, rest = line.split(" ", 1)
            rounds.append(0 if label == "setup:" else int(label[:-1]))
            assert rounds[-1] == turn(state)
            items = rest.split("; ")
        parts = set()
        for item in items:
            assert item == format_move(state, moves[at])
            parts.add((turn(state), _part(state)))
            state = bremerhaven.apply_move(state, moves[at])
            at += 1
        assert len(parts) == 1, line  # one part of one round a line ...
        assert not seen or seen[-1] != next(iter(parts))  # ... and one line a part
        seen.append(next(iter(parts)))
    assert at == len(moves)
    first = 0 if game == "short" else 1
    assert rounds == list(range(first, first + len(rounds))) and len(rounds) >= 8


@pytest.mark.rules("BH-RECORD-1")
def test_line_breaks_between_moves_do_not_matter() -> None:
    start, moves = _game(limit=120)
    text = write_record(start, moves, seed=5)
    assert read_record(text.replace("; ", ";\n")).moves == moves
    assert read_record(text.replace("\n   ", "; ")).moves == moves  # one line a round
    assert read_record(text.replace("\n", "\r\n")).moves == moves


@pytest.mark.rules("BH-RECORD-1", "BH-SHORT-6")
def test_the_starting_goods_are_the_setup_line() -> None:
    start, moves = _game(2, seed=3, game="short", limit=40)
    lines = write_record(start, moves, seed=3).splitlines()
    setup = lines[_line(lines, "setup: ")]
    assert setup.count("start ") == 6 and lines[_line(lines, "setup: ") + 1].startswith("1. bid ")
    lines[_line(lines, "setup: ")] = setup.replace("setup:", "1.")
    with pytest.raises(RecordError, match=r"labelled 1\. but the game is at setup"):
        read_record("\n".join(lines))


# --------------------------------------------------------------------------- BH-RECORD-2


@pytest.mark.rules("BH-RECORD-2")
def test_the_header_holds_the_setup() -> None:
    options = RulesOptions(game="short", tied_top="excluded", bank_counts=True)
    start = bremerhaven.new_game(3, seed=8, options=options)
    text = write_record(start, [], seed=8, tags={"Event": "Club night", "Date": "2024.05.01"})
    tags = tags_of(text)
    assert list(tags) == [
        "Format",
        "Library",
        "Players",
        "Seed",
        "Options",
        "Cards",
        "Event",
        "Date",
    ]
    assert tags["Format"] == "bremerhaven-record/1" and tags["Library"] == bremerhaven.__version__
    assert tags["Players"] == "3" and tags["Seed"] == "8" and tags["Cards"] == "original v1"
    assert tags["Options"] == "game=short tied_top=excluded bank_counts=true"
    record = read_record(text)
    assert record.start == start and record.seed == 8 and record.moves == ()
    assert "Options" not in tags_of(write_record(bremerhaven.new_game(2, seed=1), [], seed=1))
    solo = bremerhaven.new_game(1, seed=4)
    assert read_record(write_record(solo, [], seed=4)).start == solo


@pytest.mark.rules("BH-RECORD-2")
def test_a_start_without_its_seed_travels_as_a_position() -> None:
    start, moves = _game(limit=80)
    middle = _after(start, moves[:40])
    text = write_record(middle, moves[40:])
    tags = tags_of(text)
    assert "Seed" not in tags and "cards" not in json.loads(tags["Position"])
    record = read_record(text)
    assert record.start == middle and record.moves == moves[40:] and record.seed is None
    assert write_record(record.start, record.moves) == text
    # The start of a new game without its seed is a position too.
    assert "[Position " in write_record(start, moves[:3])
    assert read_record(write_record(start, moves[:3])).start == start


@pytest.mark.rules("BH-RECORD-2")
def test_a_seed_must_make_the_start() -> None:
    start, moves = _game(limit=10)
    with pytest.raises(bremerhaven.InvalidValueError, match="not the game new_game makes"):
        write_record(start, moves, seed=6)
    with pytest.raises(bremerhaven.InvalidValueError, match="not the game new_game makes"):
        write_record(_after(start, moves[:2]), moves[2:], seed=5)
    for seed in (-1, 2**64, True, "5"):
        with pytest.raises(bremerhaven.InvalidValueError, match="seed must be a whole number"):
            write_record(start, moves, seed=seed)  # type: ignore[arg-type]


@pytest.mark.rules("BH-RECORD-2", "BH-MONEY-2")
def test_an_invalid_start_is_refused() -> None:
    start = bremerhaven.new_game(2, seed=1)
    poorer = replace(start.players[0], money=-1)
    broken = replace(start, players=(poorer, start.players[1]))
    with pytest.raises(bremerhaven.BremerhavenError, match="BH-MONEY-2"):
        write_record(broken, [])
    with pytest.raises(bremerhaven.InvalidValueError, match="starts from a GameState"):
        write_record({"round": 1}, [])  # type: ignore[arg-type]


def _seeded() -> str:
    start, moves = _game(limit=20)
    return write_record(start, moves, seed=5)


def _positioned() -> str:
    start, moves = _game(limit=20)
    return write_record(_after(start, moves[:5]), moves[5:])


@pytest.mark.rules("BH-RECORD-2")
@pytest.mark.parametrize(
    ("make", "change", "message"),
    [
        (_seeded, lambda t: t.replace('"bremerhaven-record/1"', '"pgn"'), "Format"),
        (_seeded, lambda t: t.replace('[Players "2"]', '[Players "5"]'), "Players must be 1, 2, 3 or 4"),
        (_seeded, lambda t: t.replace('[Players "2"]', '[Players "02"]'), "Players"),
        (_seeded, lambda t: t.replace('[Players "2"]\n', ""), "no Players tag"),
        (_seeded, lambda t: t.replace('[Seed "5"]', '[Seed "five"]'), "Seed must be a whole number"),
        (_seeded, lambda t: t.replace('[Seed "5"]', f'[Seed "{2**64}"]'), "seed must be a whole number"),
        (_seeded, lambda t: t.replace('[Seed "5"]\n', ""), "no Seed or Position tag"),
        (_seeded, lambda t: t.replace('[Seed "5"]', '[Seed "5"]\n[Seed "5"]'), "given twice"),
        (_seeded, lambda t: t.replace('[Seed "5"]', "[Seed 5]"), "expected a tag"),
        (_seeded, lambda t: t.replace('[Seed "5"]', '[Seed "5"]\n[Options "game=medium"]'),
         "'long', 'short'"),
        (_seeded, lambda t: t.replace('[Seed "5"]', '[Seed "5"]\n[Options "colour=red"]'), "Options"),
        (_seeded, lambda t: t.replace('[Seed "5"]', '[Seed "5"]\n[Position "{}"]'), "not both"),
        (_positioned, lambda t: t.replace("[Position ", '[Seed "5"]\n[Position '), "not both"),
        (_positioned, lambda t: t.replace('[Players "2"]', '[Players "3"]'), "differ from the tags"),
        (_positioned, lambda t: t.replace('[Players "2"]', '[Players "2"]\n[Options "game=short"]'),
         "differ from the tags"),
        (_positioned, lambda t: t.replace(r'\"round\":1', r'\"round\":\"1\"'), "Position.round"),
        (_positioned, lambda t: t.replace(r'"{\"options', r'"{\"cards\":1,\"options'),
         "without cards"),
        (_positioned, lambda t: t.replace('[Position "{', '[Position "[{'), "not a JSON position"),
    ],
)  # fmt: skip
def test_a_bad_header_is_refused_naming_its_line(
    make: Callable[[], str], change: Callable[[str], str], message: str
) -> None:
    text = change(make())
    with pytest.raises(RecordError, match=message) as caught:
        read_record(text)
    error = caught.value
    if error.line is not None:
        assert error.text == text.replace("\r\n", "\n").split("\n")[error.line - 1]
    else:
        assert "no " in error.reason


@pytest.mark.rules("BH-RECORD-2", "BH-RECORD-6")
def test_tag_names_and_comments_are_checked_when_writing() -> None:
    start, moves = _game(limit=5)
    for tags in ({"Seed": "1"}, {"CardsData": "{}"}, {"bad name": "x"}, {"Event": "two\nlines"}):
        with pytest.raises(bremerhaven.InvalidValueError):
            write_record(start, moves, seed=5, tags=tags)
    for comments in ({9: "too late"}, {-1: "too early"}, {1: "a } brace"}, {1: "a\tb"}):
        with pytest.raises(bremerhaven.InvalidValueError):
            write_record(start, moves, seed=5, comments=comments)


# --------------------------------------------------------------------------- BH-RECORD-3


def _copy_of_original(name: str = "my copy") -> bremerhaven.CardSet:
    data = {**cards_to_data(ORIGINAL), "origin": "file", "name": name}
    return cards_from_data(data, origin=Origin.FILE)


@pytest.mark.rules("BH-RECORD-3", "BH-CARD-14")
def test_a_card_set_other_than_the_original_is_recorded_with_its_data() -> None:
    cards = _copy_of_original()
    start = state = bremerhaven.new_game(2, seed=9, cards=cards)
    rng, moves = SplitMix64(9), []
    for _ in range(60):
        moves.append(rng.choice(bremerhaven.legal_moves(state)))
        state = bremerhaven.apply_move(state, moves[-1])
    text = write_record(start, moves, seed=9)
    tags = tags_of(text)
    assert tags["Cards"] == "my copy"
    assert json.loads(tags["CardsData"]) == cards_to_data(cards)
    record = read_record(text)
    assert record.start.cards == cards and record.start.cards.origin is Origin.FILE
    assert replay(record)[-1] == state
    # From a position, the cards travel in the same tags, not in the position.
    later = read_record(write_record(_after(start, tuple(moves[:30])), moves[30:]))
    assert later.start.cards == cards and replay(later)[-1] == state
    # Without its data, the record would be another game: the original set's.
    without = text.replace(f"[CardsData {json.dumps(tags['CardsData'])}]\n", "")
    with pytest.raises(RecordError, match="its cards must be given in a CardsData tag") as caught:
        read_record(without)
    assert caught.value.line == 5


@pytest.mark.rules("BH-RECORD-3", "BH-CARD-9")
def test_card_data_is_checked_and_must_be_the_named_set() -> None:
    text = write_record(bremerhaven.new_game(2, seed=9, cards=_copy_of_original()), [], seed=9)
    renamed = text.replace('[Cards "my copy"]', '[Cards "your copy"]')
    with pytest.raises(RecordError, match="must name the card set of CardsData, 'my copy'"):
        read_record(renamed)
    broken = text.replace(r"\"lay_time\":2", r"\"lay_time\":9", 1)
    with pytest.raises(RecordError, match=r"CardsData\.ships\[0\]\.lay_time") as caught:
        read_record(broken)
    assert caught.value.line == 6
    with pytest.raises(RecordError, match="JSON card data"):
        read_record(text.replace('[CardsData "{', '[CardsData "{{'))
    plain = write_record(bremerhaven.new_game(2, seed=9), [], seed=9)
    assert read_record(plain.replace('[Cards "original v1"]\n', "")).start.cards == ORIGINAL


@pytest.mark.rules("BH-RECORD-3", "BH-CARD-1")
def test_a_card_set_no_card_file_could_hold_is_refused_when_writing() -> None:
    cards = card_set(buildings=[building("Odd Key"), *(building(f"b{i}") for i in range(19))])
    start = bremerhaven.new_game(2, seed=1, cards=cards)
    with pytest.raises(bremerhaven.InvalidValueError, match="card set cannot be recorded"):
        write_record(start, [], seed=1)


@pytest.mark.rules("BH-RECORD-3", "BH-CARD-1")
def test_only_the_original_set_is_recorded_as_original() -> None:
    edited = attrs.evolve(ORIGINAL, name="not the library's")
    assert edited.origin is Origin.ORIGINAL
    with pytest.raises(bremerhaven.InvalidValueError, match="labelled original"):
        write_record(bremerhaven.new_game(2, seed=1, cards=edited), [], seed=1)
    # A record whose data claims the label is refused when read, naming the line.
    text = write_record(bremerhaven.new_game(2, seed=9, cards=_copy_of_original()), [], seed=9)
    claimed = text.replace(r"\"origin\":\"file\"", r"\"origin\":\"original\"", 1)
    assert claimed != text
    with pytest.raises(RecordError, match="labelled original") as caught:
        read_record(claimed)
    assert caught.value.line == 6


# --------------------------------------------------------------------------- BH-RECORD-4


@pytest.mark.rules("BH-RECORD-4", "BH-END-3", "BH-END-4")
def test_a_finished_game_states_its_result() -> None:
    start, moves = _game(3, seed=8)
    text = write_record(start, moves, seed=8)
    final = bremerhaven.outcome(_after(start, moves))
    tags = tags_of(text)
    assert tags["Scores"] == " ".join(str(p) for p in final.points)
    assert tags["Winners"] == str(final.winners[0] + 1)
    assert list(tags).index("Scores") == list(tags).index("Cards") + 1
    record = read_record(text)
    assert record.result == Result(final.points, final.winners)
    lines = text.splitlines()
    scores, winners = _line(lines, "[Scores "), _line(lines, "[Winners ")
    end = turn(replay(record)[-1])
    wrong = list(lines)
    wrong[scores] = '[Scores "1 2 3"]'
    with pytest.raises(RecordError, match="points") as caught:
        read_record("\n".join(wrong))
    assert (caught.value.line, caught.value.turn) == (scores + 1, end)
    wrong = list(lines)
    seat = int(lines[winners].split('"')[1])
    wrong[winners] = f'[Winners "{seat % 3 + 1}"]'
    with pytest.raises(RecordError, match="winner") as caught:
        read_record("\n".join(wrong))
    assert (caught.value.line, caught.value.turn) == (winners + 1, end)
    with pytest.raises(RecordError, match="needs both Scores and Winners"):
        read_record("\n".join(lines[:winners] + lines[winners + 1 :]))
    unfinished = write_record(start, moves[:50], seed=8).replace(
        "[Cards ", f'[Scores {json.dumps(tags["Scores"])}]\n[Winners "1"]\n[Cards '
    )
    with pytest.raises(RecordError, match="not over"):
        read_record(unfinished)


@pytest.mark.rules("BH-RECORD-4", "BH-SOLO-18", "BH-ENGINE-13")
def test_a_solo_game_states_a_result_only_when_it_is_won() -> None:
    start, moves = _game(1, seed=4)
    end = _after(start, moves)
    assert bremerhaven.outcome(end).winners == ()  # random play scores far below 1250
    text = write_record(start, moves, seed=4)
    assert "[Scores " not in text and "[Winners " not in text
    record = read_record(text)
    assert record.result is None and bremerhaven.is_over(replay(record)[-1])
    # Rich enough to win: the same game from a position some moves before its end.
    before = _after(start, moves[:-10])
    seat = before.players[0]
    rich = replace(before, players=(replace(seat, money=seat.money + 2000), before.players[1]))
    won, rest = rich, list[Move]()
    while not bremerhaven.is_over(won):
        rest.append(bremerhaven.legal_moves(won)[0])
        won = bremerhaven.apply_move(won, rest[-1])
    assert bremerhaven.outcome(won).winners == (0,)
    tags = tags_of(write_record(rich, rest))
    assert tags["Winners"] == "1" and tags["Scores"] == str(bremerhaven.scores(won)[0])
    assert read_record(write_record(rich, rest)).result == Result(bremerhaven.scores(won), (0,))


# --------------------------------------------------------------------------- BH-RECORD-5


@pytest.mark.rules("BH-RECORD-5", "BH-BID-2")
def test_an_illegal_move_is_named_with_its_line_round_rule_and_text() -> None:
    start, moves = _game(limit=200)
    lines = write_record(start, moves, seed=5).splitlines()
    at = _line(lines, "2. ")
    first = lines[at].split("; ")[0]
    lines[at] = lines[at].replace(first, "2. bid sea-1 9", 1)  # the hand is 1 to 5
    with pytest.raises(RecordError) as caught:
        read_record("\n".join(lines))
    error = caught.value
    assert (error.line, error.turn, error.rule_id) == (at + 1, 2, "BH-BID-2")
    assert error.text == lines[at]
    assert str(error).startswith(f"line {at + 1}, turn 2: [BH-BID-2] 'bid sea-1 9' is not legal")
    assert len(lines[at]) > 100 and str(error).endswith("...)")  # shown cut to 100 characters
    assert "(the line reads '2. bid sea-1 9; " in str(error)


@pytest.mark.rules("BH-RECORD-5")
def test_the_spec_example_with_a_bad_bid_is_refused_as_the_spec_says() -> None:
    bad = _spec_example().replace("1. bid permit 4", "1. bid sea-1 9")
    with pytest.raises(RecordError) as caught:
        read_record(bad)
    line = bad.splitlines()[12]
    assert (caught.value.line, caught.value.turn, caught.value.text) == (13, 1, line)
    shown = repr(line)[:97] + "..."  # the line cut to 100 characters
    assert str(caught.value) == (
        "line 13, turn 1: [BH-BID-2] 'bid sea-1 9' is not legal now: There is no influence "
        f"card of 9 in the hand. (the line reads {shown})"
    )
    assert shown.startswith("'1. bid sea-1 9; bid career 2; ")


@pytest.mark.rules("BH-RECORD-5")
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda line: line.replace("2. ", "3. ", 1), r"labelled 3\. but the game is at turn 2"),
        (lambda line: line.replace("2. ", "2. fly; ", 1), "unknown verb 'fly'"),
        (lambda line: line.replace("; ", ";; ", 1), "expected a move"),
        (lambda line: line.replace("2. ", "2. {not closed ", 1), "not closed"),
    ],
)
def test_a_line_that_cannot_be_read_is_named_and_shown(
    change: Callable[[str], str], message: str
) -> None:
    start, moves = _game(limit=200)
    lines = write_record(start, moves, seed=5).splitlines()
    at = _line(lines, "2. ")
    lines[at] = change(lines[at])
    with pytest.raises(RecordError, match=message) as caught:
        read_record("\n".join(lines))
    assert caught.value.line == at + 1 and caught.value.text == lines[at]
    assert "(the line reads '2. " in str(caught.value) or "(the line reads '3. " in str(
        caught.value
    )


@pytest.mark.rules("BH-RECORD-5", "BH-END-1")
def test_replay_checks_every_move_and_the_stated_result() -> None:
    start, moves = _game()
    record = read_record(write_record(start, moves, seed=5))
    assert record.result is not None
    states = replay(record)
    assert states[0] == start and bremerhaven.is_over(states[-1])
    assert len(states) == len(moves) + 1
    loser = 1 - record.result.winners[0]
    with pytest.raises(RecordError, match="states scores") as caught:
        replay(attrs.evolve(record, result=Result(record.result.scores, (loser,))))
    assert caught.value.turn == turn(states[-1])
    with pytest.raises(RecordError, match="not over"):
        replay(attrs.evolve(record, moves=record.moves[:-1]))
    bad = attrs.evolve(record, moves=(bremerhaven.Pack(), *record.moves))
    with pytest.raises(RecordError) as caught:
        replay(bad)
    assert caught.value.rule_id == "BH-ENGINE-1" and caught.value.turn == 1
    assert "move 1 (Pack()) is illegal" in str(caught.value)
    with pytest.raises(RecordError, match="follows its end"):
        read_record(write_record(start, moves, seed=5).rstrip("\n") + "; pack\n")
    with pytest.raises(RecordError, match="illegal"):
        write_record(start, [bremerhaven.Pack()], seed=5)
    with pytest.raises(bremerhaven.InvalidValueError, match="GameRecord"):
        replay("1. bid sea-1 3")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- BH-RECORD-6


@pytest.mark.rules("BH-RECORD-6")
def test_comments_keep_their_place() -> None:
    start, moves = _game(limit=60)
    comments = {0: "before", 3: "after the third", 10: "a round's last bid?", 60: "at the end"}
    text = write_record(start, moves, seed=5, comments=comments)
    assert "{before}" in text.splitlines()
    record = read_record(text)
    assert dict(record.comments) == comments
    assert write_record(record.start, record.moves, seed=5, comments=comments) == text


# --------------------------------------------------------------------------- BH-RECORD-7


@pytest.mark.rules("BH-RECORD-7")
def test_bytes_are_read_as_utf_8_and_bounded() -> None:
    start, moves = _game(limit=30)
    text = write_record(start, moves, seed=5, tags={"Event": "Café am Hafen"})
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
    assert isinstance(record, GameRecord)


@pytest.mark.rules("BH-RECORD-7")
@pytest.mark.parametrize("control", ["\t", "\x1b", "\x00", "\r", "\u202e", "\x85", "\u2028"])
def test_no_line_holds_a_control_character(control: str) -> None:
    start, moves = _game(limit=20)
    with pytest.raises(bremerhaven.InvalidValueError, match="Event"):
        write_record(start, moves, seed=5, tags={"Event": f"a{control}b"})
    text = write_record(start, moves, seed=5, tags={"Event": "TAG"}, comments={1: "NOTE"})
    lines = text.splitlines()
    tag, note, move = _line(lines, "[Event "), _line(lines, "1. "), _line(lines, "1. ")
    for bad, line in (
        (text.replace('"TAG"', json.dumps(f"a{control}b")), tag + 1),  # a JSON escape
        (text.replace('"TAG"', f'"a{control}b"'), tag + 1),
        (text.replace("NOTE", f"a{control}b"), note + 1),
        ("\n".join([*lines[:move], lines[move].replace(" ", control, 1), *lines[move + 1 :]]), move + 1),
    ):  # fmt: skip
        with pytest.raises(RecordError, match="control or bidirectional") as caught:
            read_record(bad)
        assert caught.value.line == line
        assert control not in str(caught.value)  # the line is shown escaped


# --------------------------------------------------------------------------- BH-RECORD-8


@pytest.mark.rules("BH-RECORD-8", "BH-ENGINE-10", "BH-ENGINE-11")
def test_a_record_holds_the_hidden_bids_and_deck_orders() -> None:
    start, moves = _game(2, seed=11, limit=60)
    end = _after(start, moves)
    record = read_record(write_record(start, moves, seed=11))
    again = replay(record)[-1]
    assert again == end
    assert again.ship_deck == end.ship_deck and again.contract_deck == end.contract_deck
    bids = [m for m in moves if isinstance(m, bremerhaven.Bid)]
    text = write_record(start, moves, seed=11)
    assert all(f"bid {format_move(start, b).split(' ', 1)[1]}" in text for b in bids)
    # The face-down values are in the record, though the events of the bids do not say them.
    events = bremerhaven.apply_move_with_events(start, bids[0])[1]
    told = [sentence(e) for e in events if isinstance(e, BidPlaced)]
    assert told and all(f" {bids[0].value}" not in text for text in told)
