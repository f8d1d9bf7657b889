"""Game records, Harbour's PGN: a header of tags and the moves in notation (REC-1..REC-5).

:func:`write_record` writes a game as text, :func:`read_record` reads it back (checking
every move) and :func:`replay` gives every state of it. A record is also a JSON document
(:func:`harbour.to_json` of a :class:`GameRecord`).

>>> import harbour
>>> from harbour.bots import RandomBot
>>> start = harbour.new_game(2, seed=7)
>>> state, moves = start, []
>>> while not state.is_over and len(moves) < 12:
...     move = harbour.legal_moves(state)[0]
...     moves.append(move)
...     state = harbour.apply_move(state, move)
>>> text = write_record(start, moves, tags={"Event": "Doctest"})
>>> print(text.splitlines()[0])
[Format "harbour-record/1"]
>>> record = read_record(text)
>>> record.moves == tuple(moves) and replay(record)[-1] == state
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

import attrs

from harbour.cards.identity import card_set_digest
from harbour.cards.limits import control_character
from harbour.cards.model import CardSet
from harbour.engine import apply_move
from harbour.errors import HarbourError, IllegalMoveError, InvalidValueError, RecordError
from harbour.moves import Move
from harbour.notation import format_move, parse_move
from harbour.options import RulesOptions
from harbour.scoring import outcome
from harbour.serialization import converter, from_data
from harbour.setup import new_game
from harbour.state import GameState
from meeplekit.values import shown

__all__ = [
    "RECORD_FORMAT",
    "STANDARD_TAGS",
    "GameRecord",
    "Result",
    "read_record",
    "replay",
    "write_record",
]

#: The first line of every record names the format and its version (REC-1).
RECORD_FORMAT: Final = "harbour-record/1"
#: Tags the library writes and reads itself (REC-2); any other tag is kept as given.
STANDARD_TAGS: Final = (
    "Format",
    "Library",
    "Players",
    "Seed",
    "Options",
    "Cards",
    "CardsDigest",
    "CardsData",
    "Position",
    "Scores",
    "Winners",
)
T = TypeVar("T")
_TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")
_TAG_LINE: Final = re.compile(r"\[([A-Za-z][A-Za-z0-9_]{0,39}) (\".*\")\]")
_TURN_LABEL: Final = re.compile(r"(setup:|\d{1,6}\.)\s*")
#: The largest record read, in characters.
_MAX_RECORD: Final = 4 << 20


@attrs.frozen(slots=True)
class Result:
    """The result a record states: each seat's points and the winning seat(s) (END-3, END-5)."""

    #: Victory points by seat.
    scores: tuple[int, ...]
    #: The winning seats (several when tied).
    winners: tuple[int, ...]


@attrs.frozen(slots=True)
class GameRecord:
    """A game: where it started, the moves played, and what the record says about it.

    ``tags`` holds the header fields other than those the library derives from the game
    (:data:`STANDARD_TAGS`), for example ``Event``, ``Date`` or ``Player1``.
    ``comments`` pairs a move count with a comment: ``(0, text)`` comes before the first
    move, ``(n, text)`` after the ``n``-th. ``result`` is the stated result, checked by
    :func:`replay`; ``None`` for a game not finished.
    """

    start: GameState
    moves: tuple[Move, ...]
    tags: tuple[tuple[str, str], ...] = ()
    comments: tuple[tuple[int, str], ...] = ()
    result: Result | None = None


# --------------------------------------------------------------------------- writing


def write_record(
    start: GameState,
    moves: Sequence[Move],
    *,
    tags: Mapping[str, str] | None = None,
    comments: Mapping[int, str] | None = None,
) -> str:
    """The record of the game from ``start`` through ``moves``, as text (REC-1 to REC-3).

    ``tags`` adds header fields such as ``Event``, ``Date``, ``Round`` or ``Player1``
    (names of letters, digits and ``_``; not one of :data:`STANDARD_TAGS`). ``comments``
    maps a move count to a comment (0: before the first move). The moves are checked:
    an illegal one raises :class:`~harbour.errors.RecordError` naming its turn and rule.
    """
    record = _make_record(start, moves, tags or {}, comments or {})
    return _format(record)


def _make_record(
    start: GameState,
    moves: Sequence[Move],
    tags: Mapping[str, str],
    comments: Mapping[int, str],
) -> GameRecord:
    _check_annotations(tags, comments, len(moves))
    states = _replay(start, tuple(moves))
    end = states[-1]
    result = None
    if end.is_over:
        final = outcome(end)
        result = Result(scores=final.points, winners=final.winners)
    return GameRecord(
        start=start,
        moves=tuple(moves),
        tags=tuple(tags.items()),
        comments=tuple(sorted(comments.items())),
        result=result,
    )


def _check_annotations(tags: Mapping[str, str], comments: Mapping[int, str], moves: int) -> None:
    """REC-2, REC-3: tag names and one-line values; comments in place, without ``}``.

    Neither holds a control character (INPUT-4), a line break among them.
    """
    for name, value in tags.items():
        if type(name) is not str or not _TAG_NAME.fullmatch(name) or name in STANDARD_TAGS:
            raise InvalidValueError(
                f"a record tag name is letters, digits and _ (not one of the standard tags), "
                f"got {shown(name)}"
            )
        if type(value) is not str or control_character(value) is not None:
            raise InvalidValueError(
                f"the tag {name} must be one line of text without control characters, "
                f"got {shown(value)}"
            )
    for index, text in comments.items():
        if type(index) is not int or not 0 <= index <= moves:
            raise InvalidValueError(f"a comment's place is 0 to {moves}, got {shown(index)}")
        if type(text) is not str or "}" in text or control_character(text) is not None:
            raise InvalidValueError(
                f"a comment is one line of text without '}}' or control characters, "
                f"got {shown(text)}"
            )


def _is_new_game(start: GameState) -> bool:
    try:
        fresh = new_game(
            len(start.players), seed=start.seed, options=start.options, cards=start.cards
        )
    except HarbourError:
        return False
    return fresh == start


def _options_text(options: RulesOptions) -> str:
    default = RulesOptions()
    changed = []
    for field in attrs.fields(RulesOptions):
        value = getattr(options, field.name)
        if value != getattr(default, field.name):
            shown = json.dumps(value) if isinstance(value, bool) else value.value
            changed.append(f"{field.name}={shown}")
    return " ".join(changed)


def _header(record: GameRecord) -> list[tuple[str, str]]:
    from harbour import __version__

    start = record.start
    cards = start.cards
    header = [
        ("Format", RECORD_FORMAT),
        ("Library", __version__),
        ("Players", str(len(start.players))),
        ("Seed", str(start.seed)),
    ]
    options = _options_text(start.options)
    if options:
        header.append(("Options", options))
    header += [("Cards", cards.name), ("CardsDigest", card_set_digest(cards))]
    payload = converter.unstructure(start)
    if "data" in payload["cards"]:
        header.append(("CardsData", json.dumps(payload["cards"]["data"], separators=(",", ":"))))
    if not _is_new_game(start):
        del payload["cards"]  # the Cards tags carry them
        header.append(("Position", json.dumps(payload, separators=(",", ":"))))
    if record.result is not None:
        header.append(("Scores", " ".join(str(p) for p in record.result.scores)))
        header.append(("Winners", " ".join(str(s + 1) for s in record.result.winners)))
    return header + list(record.tags)


def _format(record: GameRecord) -> str:
    lines = [f"[{name} {json.dumps(value, ensure_ascii=False)}]" for name, value in _header(record)]
    lines.append("")
    comments = dict(record.comments)
    if 0 in comments:
        lines.append(f"{{{comments[0]}}}")
    state = record.start
    line: list[str] = []
    turn: int | None = None
    for count, move in enumerate(record.moves, start=1):
        if state.turn != turn:
            if line:
                lines.append(" ".join(line))
            turn = state.turn
            line = ["setup:" if turn == 0 else f"{turn}."]
        elif not line[-1].startswith("{"):
            line[-1] += ";"
        line.append(format_move(state, move))
        if count in comments:
            line.append(f"{{{comments[count]}}}")
        state = apply_move(state, move)
    if line:
        lines.append(" ".join(line))
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- reading


def read_record(text: str) -> GameRecord:
    """The game a record (text written by :func:`write_record`) holds, every move checked.

    Raises :class:`~harbour.errors.RecordError` naming the line (and for a move its turn
    and, when a rule forbids it, the rule) for anything wrong: a header that is not
    ``[Name "value"]`` lines, another format, tags that disagree with each other or with
    the position, a card set whose digest does not match, a move that cannot be read or
    is illegal, a turn number that is not the game's.
    """
    if type(text) is not str:
        raise RecordError(f"expected the record's text, got {type(text).__name__}")
    if len(text) > _MAX_RECORD:
        raise RecordError(f"expected a record of at most {_MAX_RECORD} characters")
    lines = text.splitlines()
    tags, body_at = _read_tags(lines)
    start = _start(tags)
    extra = tuple((name, value) for name, value, _ in tags if name not in STANDARD_TAGS)
    tag_line = {name: line for name, _, line in tags}
    result = _stated_result(dict((n, v) for n, v, _ in tags), start, tag_line)
    moves, comments, end = _read_body(lines, body_at, start)
    if result is not None:
        problem = _wrong_result(end, result)
        if problem is not None:
            wrong = "Winners" if end.is_over and outcome(end).points == result.scores else "Scores"
            raise RecordError(problem, line=tag_line[wrong], turn=end.turn)
    return GameRecord(start=start, moves=moves, tags=extra, comments=comments, result=result)


def _read_tags(lines: list[str]) -> tuple[list[tuple[str, str, int]], int]:
    tags: list[tuple[str, str, int]] = []
    seen: set[str] = set()
    at = 0
    for at, raw in enumerate(lines):
        line = raw.strip()
        if not line:
            if tags:
                break
            continue
        if not line.startswith("["):
            break
        match = _TAG_LINE.fullmatch(line)
        if match is None:
            raise RecordError('expected a tag [Name "value"]', line=at + 1)
        name = match.group(1)
        try:
            value = json.loads(match.group(2))
        except ValueError:
            raise RecordError(f"the value of {name} is not a quoted string", line=at + 1) from None
        if type(value) is not str:
            raise RecordError(f"the value of {name} is not a quoted string", line=at + 1)
        control = control_character(value)
        if control is not None:  # INPUT-4
            raise RecordError(
                f"the value of {name} holds a control or bidirectional formatting character, "
                f"{control}",
                line=at + 1,
            )
        if name in seen:
            raise RecordError(f"the tag {name} is given twice", line=at + 1)
        seen.add(name)
        tags.append((name, value, at + 1))
    else:
        at = len(lines)
    if not tags or tags[0][0] != "Format" or tags[0][1] != RECORD_FORMAT:
        raise RecordError(f'expected the first line [Format "{RECORD_FORMAT}"]', line=1)
    return tags, at


def _tag(tags: Mapping[str, tuple[str, int]], name: str) -> tuple[str, int]:
    if name not in tags:
        raise RecordError(f"the record has no {name} tag")
    return tags[name]


def _start(tag_list: list[tuple[str, str, int]]) -> GameState:
    tags = {name: (value, line) for name, value, line in tag_list}
    players_text, players_line = _tag(tags, "Players")
    seed_text, seed_line = _tag(tags, "Seed")
    if not re.fullmatch(r"[2-4]", players_text):
        raise RecordError(f"Players must be 2, 3 or 4, got {players_text!r}", line=players_line)
    if not re.fullmatch(r"\d{1,20}", seed_text):
        raise RecordError(f"Seed must be a whole number, got {seed_text!r}", line=seed_line)
    options = _read_options(*tags.get("Options", ("", 0)))
    cards_data: dict[str, Any] = {
        "name": _tag(tags, "Cards")[0],
        "digest": _tag(tags, "CardsDigest")[0],
    }
    if "CardsData" in tags:
        text, line = tags["CardsData"]
        try:
            cards_data["data"] = json.loads(text)
        except (ValueError, RecursionError):
            raise RecordError("CardsData is not JSON card data", line=line) from None
    cards_line = tags["Cards"][1]
    cards = _load(lambda: from_data(cards_data, CardSet, "Cards"), cards_line)
    players, seed = int(players_text), int(seed_text)
    if "Position" in tags:
        text, line = tags["Position"]
        try:
            payload = json.loads(text)
        except (ValueError, RecursionError):
            raise RecordError("Position is not a JSON position", line=line) from None
        if type(payload) is not dict or "cards" in payload:
            raise RecordError("Position must be a JSON object without cards", line=line)
        payload["cards"] = cards_data
        start: GameState = _load(lambda: from_data(payload, GameState, "Position"), line)
        if (len(start.players), start.seed, start.options) != (players, seed, options):
            raise RecordError(
                "the Position's players, seed or options differ from the tags", line=line
            )
        return start
    return _load(lambda: new_game(players, seed=seed, options=options, cards=cards), players_line)


def _load(make: Callable[[], T], line: int) -> T:
    try:
        return make()
    except HarbourError as exc:
        raise RecordError(str(exc), line=line) from None


def _read_options(text: str, line: int) -> RulesOptions:
    values: dict[str, Any] = {}
    names = {f.name for f in attrs.fields(RulesOptions)}
    for item in text.split():
        name, sep, value = item.partition("=")
        if not sep or name not in names or name in values:
            raise RecordError(f"Options must list name=value once each, got {item!r}", line=line)
        values[name] = {"true": True, "false": False}.get(value, value)
    return _load(lambda: RulesOptions(**values), line)


def _stated_result(
    tags: Mapping[str, str], start: GameState, lines: Mapping[str, int]
) -> Result | None:
    if "Scores" not in tags and "Winners" not in tags:
        return None
    if "Scores" not in tags or "Winners" not in tags:
        raise RecordError("a result needs both Scores and Winners")
    n = len(start.players)
    scores_text, winners_text = tags["Scores"], tags["Winners"]
    if not re.fullmatch(rf"\d{{1,4}}( \d{{1,4}}){{{n - 1}}}", scores_text):
        raise RecordError(
            f"Scores must list {n} whole numbers, got {scores_text!r}", line=lines["Scores"]
        )
    if not re.fullmatch(rf"[1-{n}]( [1-{n}]){{0,{n - 1}}}", winners_text):
        raise RecordError(
            f"Winners must list seats 1 to {n}, got {winners_text!r}", line=lines["Winners"]
        )
    return Result(
        scores=tuple(int(p) for p in scores_text.split()),
        winners=tuple(int(s) - 1 for s in winners_text.split()),
    )


def _read_body(
    lines: list[str], first: int, start: GameState
) -> tuple[tuple[Move, ...], tuple[tuple[int, str], ...], GameState]:
    """The moves and comments of the body, each move checked, and the state they reach."""
    moves: list[Move] = []
    comments: list[tuple[int, str]] = []
    state = start
    for number in range(first, len(lines)):
        rest = lines[number].strip()
        line = number + 1
        label: str | None = None
        while rest:
            if rest.startswith("{"):
                end = rest.find("}")
                if end < 0:
                    raise RecordError(
                        "a comment opened with { is not closed on its line", line=line
                    )
                comment = rest[1:end].strip()
                control = control_character(comment)
                if control is not None:  # INPUT-4
                    raise RecordError(
                        "a comment holds a control or bidirectional formatting character, "
                        f"{control}",
                        line=line,
                    )
                comments.append((len(moves), comment))
                rest = rest[end + 1 :].lstrip()
                continue
            match = _TURN_LABEL.match(rest)
            if match is not None and label is None:
                label = match.group(1)
                turn = 0 if label == "setup:" else int(label[:-1])
                if turn != state.turn:
                    raise RecordError(
                        f"the line is labelled {label} but the game is at "
                        f"{'setup' if state.turn == 0 else f'turn {state.turn}'}",
                        line=line,
                    )
                rest = rest[match.end() :]
                continue
            cut = min((i for i in (rest.find(";"), rest.find("{")) if i >= 0), default=len(rest))
            text = rest[:cut].strip()
            rest = rest[cut + 1 :].lstrip() if cut < len(rest) and rest[cut] == ";" else rest[cut:]
            if not text:
                raise RecordError("expected a move", line=line)
            if state.is_over:
                raise RecordError(f"the game is over; {text!r} follows its end", line=line)
            try:
                move = parse_move(state, text)
            except IllegalMoveError as exc:
                raise RecordError(
                    exc.reason, line=line, turn=state.turn, rule_id=exc.rule_id
                ) from None
            except HarbourError as exc:
                raise RecordError(str(exc), line=line, turn=state.turn) from None
            moves.append(move)
            state = apply_move(state, move)
    return tuple(moves), tuple(comments), state


# --------------------------------------------------------------------------- replaying


def _play(state: GameState, move: Move, count: int) -> GameState:
    """The state after the record's move number ``count``, or :class:`RecordError`."""
    try:
        return apply_move(state, move)
    except IllegalMoveError as exc:
        raise RecordError(
            f"move {count} ({shown(move)}) is illegal: {exc.reason}",
            turn=state.turn,
            rule_id=exc.rule_id,
        ) from None
    except HarbourError as exc:
        raise RecordError(
            f"move {count} is not a move of this game: {exc}", turn=state.turn
        ) from None


def _replay(start: GameState, moves: tuple[Move, ...]) -> tuple[GameState, ...]:
    states = [start]
    state = start
    for count, move in enumerate(moves, start=1):
        state = _play(state, move, count)
        states.append(state)
    return tuple(states)


def _wrong_result(end: GameState, result: Result) -> str | None:
    """Why a stated result is not the game's, ending at ``end`` (REC-4), or ``None``."""
    if not end.is_over:
        return "the record states a result, but the game is not over"
    final = outcome(end)
    if (final.points, final.winners) != (result.scores, result.winners):
        return (
            f"the record states scores: {_standing(result.scores, result.winners)}; the game "
            f"gives: {_standing(final.points, final.winners)}"
        )
    return None


def _standing(points: tuple[int, ...], winners: tuple[int, ...]) -> str:
    """``"Player 1 10 VP, Player 2 9 VP, winner Player 1"``: seats named as players are."""
    scores = ", ".join(f"Player {seat + 1} {vp} VP" for seat, vp in enumerate(points))
    won = " and ".join(f"Player {seat + 1}" for seat in winners)
    return f"{scores}, {'winners' if len(winners) > 1 else 'winner'} {won}"


def replay(record: GameRecord) -> tuple[GameState, ...]:
    """Every state of the game, from ``record.start`` to the end (REC-4).

    Every move is applied with the checked :func:`harbour.apply_move`; the first that is
    not legal raises :class:`~harbour.errors.RecordError` naming its turn and rule. A
    stated result must be the game's: the game over, with those scores and winners; if
    not, the error names the last turn (a record read from text was already refused by
    :func:`read_record`, naming the line of its ``Scores`` tag).
    """
    states = _replay(record.start, record.moves)
    end = states[-1]
    if record.result is not None:
        problem = _wrong_result(end, record.result)
        if problem is not None:
            raise RecordError(problem, turn=end.turn)
    return states


# --------------------------------------------------------------------------- JSON


def _unstructure_record(record: GameRecord) -> dict[str, Any]:
    return {
        "start": converter.unstructure(record.start),
        "moves": [converter.unstructure(m) for m in record.moves],
        "tags": dict(record.tags),
        "comments": [[index, text] for index, text in record.comments],
        "result": None if record.result is None else converter.unstructure(record.result),
    }


def record_from_data(data: object) -> GameRecord:
    """A record from the plain data of its JSON document (the ``"record"`` field), checked.

    The moves are replayed as :func:`replay` does, each read just before it is played (so
    a long list is refused at its first bad move), and a document whose moves are illegal
    or whose stated result is wrong is refused.
    """
    from harbour.errors import DocumentError

    if type(data) is not dict:
        raise DocumentError("record", "expected an object")
    expected = {"start", "moves", "tags", "comments", "result"}
    if set(data) != expected:
        raise DocumentError(
            "record",
            f"expected the fields {', '.join(sorted(expected))}, got "
            f"{', '.join(shown(k, 40) for k in sorted(data)[:6])}",
        )
    start = from_data(data["start"], GameState, "record.start")
    listed = data["moves"]
    if type(listed) is not list:
        raise DocumentError("record.moves", "expected a list of moves")
    tags = data["tags"]
    if type(tags) is not dict:
        raise DocumentError("record.tags", "expected an object of strings")
    comments = from_data(data["comments"], tuple[tuple[int, str], ...], "record.comments")
    result = from_data(data["result"], Result | None, "record.result")
    try:
        _check_annotations(tags, dict(comments), len(listed))
    except HarbourError as exc:
        raise DocumentError("record", str(exc)) from None
    moves: list[Move] = []
    state = start
    for count, item in enumerate(listed, start=1):
        move = from_data(item, Move, f"record.moves[{count - 1}]")
        try:
            state = _play(state, move, count)
        except HarbourError as exc:
            raise DocumentError("record", str(exc)) from None
        moves.append(move)
    if result is not None:
        problem = _wrong_result(state, result)
        if problem is not None:
            raise DocumentError("record.result", problem)
    return GameRecord(
        start=start, moves=tuple(moves), tags=tuple(tags.items()), comments=comments, result=result
    )


converter.register_unstructure_hook(GameRecord, _unstructure_record)
