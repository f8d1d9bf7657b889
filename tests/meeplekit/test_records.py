"""The shared core of game records, on a toy game: the tags, the body, the checks, JSON data.

The toy game has a setup turn (turn 0: each player says ``ready``) and then turns in which
the player to move adds 1 or 2 points and passes; the first to reach the goal ends the
game. Its records are written and read by :mod:`meeplekit.interchange.records` alone.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from typing import Any, cast

import attrs
import pytest

import meeplekit.errors as shared
from meeplekit.interchange import records as core
from meeplekit.interchange.records import RecordGame, Tag
from meeplekit.text import control_character


class ToyError(shared.RulesError):
    """The toy game's base."""


class ToyValueError(ToyError, shared.InvalidValueError):
    """The toy game's bad value."""


class ToyIllegal(ToyError, shared.IllegalMoveError):
    """The toy game's illegal move."""


class ToyRecordError(ToyError, shared.RecordError):
    """The toy game's bad record."""


class ToyDocumentError(ToyError, shared.DocumentError):
    """The toy game's bad document."""


class Goal(enum.Enum):
    FIVE = "5"
    SEVEN = "7"


def _goal(value: Goal | str) -> Goal:
    try:
        return Goal(value)
    except ValueError:
        raise ToyValueError(f"goal must be 5 or 7, got {value!r}") from None


@attrs.frozen
class Options:
    goal: Goal = attrs.field(default=Goal.FIVE, converter=_goal)
    loud: bool = False


@attrs.frozen
class State:
    players: int
    seed: int
    options: Options = Options()
    turn: int = 0
    ready: int = 0
    scores: tuple[int, ...] = ()
    added: bool = False

    @property
    def over(self) -> bool:
        return any(s >= int(self.options.goal.value) for s in self.scores)


@attrs.frozen
class Outcome:
    scores: tuple[int, ...]
    winners: tuple[int, ...]


def new(players: int, seed: int, options: Options = Options()) -> State:
    if not 2 <= players <= 3:
        raise ToyValueError(f"2 or 3 players, got {players}")
    return State(players, seed, options, scores=(0,) * players)


def apply(state: State, move: str) -> State:
    if state.over:
        raise ToyIllegal("TOY-9", "The game is over.")
    if state.turn == 0:
        if move != "ready":
            raise ToyIllegal("TOY-1", "Each player says ready first.")
        ready = state.ready + 1
        return attrs.evolve(state, ready=ready, turn=1 if ready == state.players else 0)
    seat = (state.turn - 1) % state.players
    if move in ("add 1", "add 2") and not state.added:
        scores = list(state.scores)
        scores[seat] += int(move[-1])
        return attrs.evolve(state, scores=tuple(scores), added=True)
    if move == "pass" and state.added:
        return attrs.evolve(state, turn=state.turn + 1, added=False)
    raise ToyIllegal("TOY-2", f"{move!r} is not the move now.")


def parse(state: State, text: str) -> str:
    move = " ".join(text.split())
    if move not in ("ready", "add 1", "add 2", "pass"):
        raise ToyValueError(f"cannot read {text!r}")
    apply(state, move)  # checked
    return move


def result(state: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    best = max(state.scores)
    return state.scores, tuple(s for s, p in enumerate(state.scores) if p == best)


def _game(**changes: Any) -> RecordGame[State, str]:
    fields: dict[str, Any] = {
        "format": "toy-record/1",
        "standard_tags": ("Format", "Players", "Seed", "Options", "Scores", "Winners"),
        "record_error": ToyRecordError,
        "value_error": ToyValueError,
        "document_error": ToyDocumentError,
        "game_error": ToyError,
        "illegal_move_error": ToyIllegal,
        "state_type": State,
        "turn": lambda state: state.turn,
        "is_over": lambda state: state.over,
        "players": lambda state: state.players,
        "apply_move": apply,
        "format_move": lambda state, move: move,
        "parse_move": parse,
        "result": result,
        "unit": "points",
        "max_chars": 2_000,
    }
    fields.update(changes)
    return RecordGame(**fields)


TOY = _game()
STRICT = _game(reads_bytes=True, checks_every_line=True)
MOVES = ["ready", "ready", "add 2", "pass", "add 1", "pass", "add 2", "pass", "add 2", "pass"]
MOVES += ["add 1"]  # seat 0 reaches 5


def write(
    game: RecordGame[State, str] = TOY,
    moves: list[str] = MOVES,
    tags: Mapping[str, str] | None = None,
    comments: Mapping[int, str] | None = None,
    options: Options = Options(),
) -> str:
    start = new(2, 7, options)
    parts = core.make_parts(game, start, moves, tags or {}, comments or {})
    header = [("Format", game.format), ("Players", "2"), ("Seed", "7")]
    text = core.options_text(options)
    if text:
        header.append(("Options", text))
    if parts.result is not None:
        header += core.result_tags(*parts.result)
    return core.format_text(game, header + list(parts.tags), start, moves, dict(parts.comments))


def start_of(game: RecordGame[State, str]) -> Any:
    def start(tags: Mapping[str, Tag]) -> State:
        players = core.players_tag(game, core.tag(game, tags, "Players"), (2, 3))
        seed = core.seed_tag(game, core.tag(game, tags, "Seed"))
        options = core.options_tag(game, tags, Options)
        return core.load(game, lambda: new(players, seed, options), tags["Players"].line)

    return start


def read(text: object, game: RecordGame[State, str] = TOY) -> core.RecordParts[State, str]:
    return core.read_text(game, text, start_of(game))


def test_a_record_is_tags_then_turns_with_comments() -> None:
    text = write(tags={"Event": 'a "quoted" Café'}, comments={0: "go", 2: "both ready", 11: "end"})
    assert text == (
        '[Format "toy-record/1"]\n[Players "2"]\n[Seed "7"]\n[Scores "5 3"]\n[Winners "1"]\n'
        '[Event "a \\"quoted\\" Café"]\n\n{go}\nsetup: ready; ready {both ready}\n'
        "1. add 2; pass\n2. add 1; pass\n3. add 2; pass\n4. add 2; pass\n5. add 1 {end}\n"
    )
    parts = read(text)
    assert parts.moves == tuple(MOVES) and parts.result == ((5, 3), (0,))
    assert parts.tags == (("Event", 'a "quoted" Café'),)
    assert parts.comments == ((0, "go"), (2, "both ready"), (11, "end"))
    states = core.checked_replay(TOY, parts.start, parts.moves, parts.result)
    assert len(states) == len(MOVES) + 1 and states[-1].scores == (5, 3)


def test_options_are_written_by_value_and_read_back() -> None:
    options = Options(goal=Goal.SEVEN, loud=True)
    assert core.options_text(options) == "goal=7 loud=true" and core.options_text(Options()) == ""
    text = write(moves=MOVES[:4], options=options)
    assert '[Options "goal=7 loud=true"]' in text
    assert read(text).start.options == options
    for bad, message in (("goal=9", "goal must be 5 or 7"), ("size=2", "name=value once each")):
        with pytest.raises(ToyRecordError, match=message) as caught:
            read(text.replace("goal=7 loud=true", bad))
        assert caught.value.line == 4


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (lambda t: t.replace('"toy-record/1"', '"pgn"'), 1, 'expected the first line [Format "toy-record/1"]'),
        (lambda t: t.replace('[Seed "7"]', "[Seed 7]"), 3, 'expected a tag [Name "value"]'),
        (lambda t: t.replace('[Seed "7"]', '[Seed "7"]\n[Seed "7"]'), 4, "the tag Seed is given twice"),
        (lambda t: t.replace('[Seed "7"]', '[Seed "\\u001b"]'), 3, "the value of Seed holds a control or bidirectional formatting character, U+001B at character 1"),
        (lambda t: t.replace('[Seed "7"]', '[Seed "7""]'), 3, "the value of Seed is not a quoted string"),
        (lambda t: t.replace('[Players "2"]', '[Players "4"]'), 2, "Players must be 2 or 3, got '4'"),
        (lambda t: t.replace('[Seed "7"]', '[Seed "-7"]'), 3, "Seed must be a whole number, got '-7'"),
        (lambda t: t.replace('[Seed "7"]\n', ""), None, "the record has no Seed tag"),
        (lambda t: t.replace("{both", "{bo\x1bth"), 7, "a comment holds a control"),
        (lambda t: t.replace("{both ready}", "{both ready"), 7, "a comment opened with { is not closed on its line"),
        (lambda t: t.replace("2. add 1", "3. add 1"), 9, "the line is labelled 3. but the game is at turn 2"),
        (lambda t: t.replace("setup:", "1."), 7, "the line is labelled 1. but the game is at setup"),
        (lambda t: t.replace("add 1; pass", "add 1;; pass"), 9, "expected a move"),
        (lambda t: t.replace("2. add 1", "2. add 3"), 9, "cannot read 'add 3'"),
        (lambda t: t.replace("5. add 1 {end}", "5. add 1; pass"), 12, "the game is over; 'pass' follows its end"),
        (lambda t: t.replace('[Scores "5 3"]', '[Scores "5"]'), 4, "Scores must list 2 whole numbers, got '5'"),
        (lambda t: t.replace('[Winners "1"]', '[Winners "3"]'), 5, "Winners must list seats 1 to 2, got '3'"),
        (lambda t: t.replace('[Winners "1"]\n', ""), None, "a result needs both Scores and Winners"),
        (lambda t: t.replace('[Scores "5 3"]', '[Scores "5 5"]'), 4, "the record states scores: Player 1 5 points, Player 2 5 points, winner Player 1; the game gives: Player 1 5 points, Player 2 3 points, winner Player 1"),
        (lambda t: t.replace('[Winners "1"]', '[Winners "1 2"]'), 5, "winners Player 1 and Player 2"),
        (lambda t: t.replace("5. add 1 {end}", ""), 4, "the record states a result, but the game is not over"),
    ],
)  # fmt: skip
def test_what_is_wrong_is_named_with_its_line(change: Any, line: int | None, message: str) -> None:
    text = change(write(comments={2: "both ready", 11: "end"}))
    with pytest.raises(ToyRecordError) as caught:
        read(text)
    assert message in caught.value.reason and caught.value.line == line


def test_an_illegal_move_names_its_line_turn_and_rule() -> None:
    text = write().replace("3. add 2; pass", "3. pass")
    with pytest.raises(ToyRecordError) as caught:
        read(text)
    error = caught.value
    assert (error.line, error.turn, error.rule_id) == (10, 3, "TOY-2")
    assert str(error) == "line 10, turn 3: [TOY-2] 'pass' is not the move now."
    with pytest.raises(ToyRecordError) as caught:
        core.replay_states(TOY, new(2, 7), ["ready", "pass"])
    error = caught.value
    assert (error.line, error.turn, error.rule_id) == (None, 0, "TOY-1")
    assert error.reason == "move 2 ('pass') is illegal: Each player says ready first."
    with pytest.raises(ToyRecordError, match="the game is not over") as caught:
        core.checked_replay(TOY, new(2, 7), MOVES[:-1], ((5, 3), (0,)))
    assert caught.value.turn == 5
    with pytest.raises(ToyRecordError, match="illegal"):
        write(moves=["pass"])
    # A start that is no state of the game, or moves that are no list, are the caller's error.
    with pytest.raises(ToyValueError, match="a record starts from a State, got None"):
        core.checked_replay(TOY, cast(State, None), MOVES, None)
    with pytest.raises(ToyValueError, match="moves are a tuple of moves, got None"):
        core.replay_states(TOY, new(2, 7), None)  # type: ignore[arg-type]


def test_tags_and_comments_given_to_a_writer_are_checked() -> None:
    for tags, message in (
        ({"Seed": "1"}, "a record tag name is letters, digits and _ (not one of the standard tags), got 'Seed'"),
        ({"9lives": "x"}, "got '9lives'"),
        ({"Event": "a\nb"}, "the tag Event must be one line of text without control characters, got 'a\\nb'"),
        ({"Event": 3}, "got 3"),
    ):  # fmt: skip
        with pytest.raises(ToyValueError) as caught:
            write(tags=tags)  # type: ignore[arg-type]
        assert str(caught.value).endswith(message)
    comment_cases: list[tuple[dict[Any, str], str]] = [
        ({12: "x"}, "a comment's place is 0 to 11, got 12"),
        ({True: "x"}, "a comment's place is 0 to 11, got True"),
        ({1: "a}b"}, "a comment is one line of text without '}' or control characters, got 'a}b'"),
    ]
    for comments, message in comment_cases:
        with pytest.raises(ToyValueError) as caught:
            write(comments=comments)
        assert str(caught.value) == message


def test_by_default_tags_and_comments_are_checked_and_lines_split_as_python_splits_them() -> None:
    text = write()
    tabbed = text.replace("1. add 2; pass", "1.\tadd 2;\tpass")
    assert read(tabbed).moves == tuple(MOVES)
    assert read(text.replace("; pass\n2.", "; pass\x852.")).moves == tuple(MOVES)
    with pytest.raises(ToyRecordError, match="expected the record's text, got bytes"):
        read(text.encode())
    with pytest.raises(ToyRecordError, match="at most 2000 characters"):
        read(text + " " * 2000)


def test_a_strict_game_checks_every_line_and_reads_utf_8_bytes() -> None:
    text = write(STRICT)
    assert read(text.encode(), STRICT).moves == tuple(MOVES)
    assert read(b"\xef\xbb\xbf" + text.encode(), STRICT).moves == tuple(MOVES)
    with pytest.raises(ToyRecordError) as caught:
        read(text.replace("1. add 2; pass", "1.\tadd 2; pass"), STRICT)
    assert caught.value.line == 8
    assert "the line holds a control or bidirectional formatting character, U+0009" in str(
        caught.value
    )
    with pytest.raises(ToyRecordError) as caught:
        read(text.replace("; pass\n2.", "; pass\x852."), STRICT)
    assert caught.value.line == 8  # U+0085 does not end a line here
    with pytest.raises(ToyRecordError, match="not UTF-8 text: invalid start byte at byte 0"):
        read(b"\xff" + text.encode(), STRICT)
    with pytest.raises(ToyRecordError, match="at most 2000 characters"):
        read(b"x" * 8001, STRICT)
    with pytest.raises(ToyRecordError, match="got int"):
        read(3, STRICT)
    assert read(text.replace("\n", "\r\n"), STRICT).moves == tuple(MOVES)


def test_json_tags_and_loads_become_record_errors_at_their_line() -> None:
    found = Tag("Position", '{"a": [1]}', 6)
    assert core.json_tag(TOY, found, "a JSON position") == {"a": [1]}
    with pytest.raises(ToyRecordError, match=r"^line 6: Position is not a JSON position$"):
        core.json_tag(TOY, Tag("Position", "{", 6), "a JSON position")
    with pytest.raises(ToyRecordError, match=r"^line 2: 2 or 3 players, got 9$"):
        core.load(TOY, lambda: new(9, 1), 2)
    with pytest.raises(ZeroDivisionError):  # only the game's errors become the record's
        core.load(TOY, lambda: 1 // 0, 2)


# --------------------------------------------------------------------------- JSON data


def _load(value: object, kind: Any, field: str) -> Any:
    """The toy game's reading of plain data, refusing what is not as written."""
    if kind is State:
        if type(value) is not dict:
            raise ToyDocumentError(field, "expected a state")
        return new(value["players"], value["seed"])
    if kind is str:
        if value not in ("ready", "add 1", "add 2", "pass"):
            raise ToyDocumentError(field, f"not a move: {value!r}")
        return value
    if value is None:
        return None
    if kind == tuple[tuple[int, str], ...]:
        return tuple((i, t) for i, t in value)  # type: ignore[attr-defined]
    return Outcome(tuple(value["scores"]), tuple(value["winners"]))  # type: ignore[index]


def _data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "start": {"players": 2, "seed": 7},
        "moves": list(MOVES),
        "tags": {"Event": "x"},
        "comments": [[2, "c"]],
        "result": {"scores": [5, 3], "winners": [0]},
    }
    data.update(changes)
    return data


def _from_data(data: object) -> core.RecordParts[State, str]:
    return core.record_from_data(TOY, data, load=_load, state=State, move=str, result=Outcome)


def test_a_record_s_json_data_is_checked_as_a_replay() -> None:
    parts = _from_data(_data())
    assert parts.moves == tuple(MOVES) and parts.result == ((5, 3), (0,))
    assert parts.tags == (("Event", "x"),) and parts.comments == ((2, "c"),)
    for data, field, message in (
        ([], "record", "expected an object"),
        ({"start": 1}, "record", "expected the fields comments, moves, result, start, tags, got 'start'"),
        (_data(moves={}), "record.moves", "expected a list of moves"),
        (_data(tags=[]), "record.tags", "expected an object of strings"),
        (_data(tags={"Seed": "1"}), "record", "standard tags"),
        (_data(moves=["ready", "fly"]), "record.moves[1]", "not a move: 'fly'"),
        (_data(moves=["ready", "pass"]), "record", "move 2 ('pass') is illegal: Each player says ready first."),
        (_data(moves=MOVES[:-1]), "record.result", "the record states a result, but the game is not over"),
        (_data(result={"scores": [5, 3], "winners": [1]}), "record.result", "winner Player 2; the game gives"),
    ):  # fmt: skip
        with pytest.raises(ToyDocumentError) as caught:
            _from_data(data)
        assert caught.value.field == field and message in caught.value.reason


def test_a_tag_line_is_json_and_the_text_check_names_the_character() -> None:
    assert core.format_tag("Event", 'say "hi" \\ café') == '[Event "say \\"hi\\" \\\\ café"]'
    assert json.loads(core.format_tag("E", "a\u2028b")[3:-1]) == "a\u2028b"
    assert core.result_tags((10, 9), (0, 1)) == [("Scores", "10 9"), ("Winners", "1 2")]
    assert control_character("tab\there") == "U+0009 at character 4"
    assert control_character("plain text, accents é and spaces") is None
