"""Game records, every game's PGN: the part of writing, reading and replaying one that no game changes.

A record is a header of tags, one ``[Name "value"]`` a line (the value a JSON string),
a blank line, and a body: one line per turn, labelled with the turn's number (``setup:``
for turn 0), the turn's moves in the game's notation separated by ``;``, and comments in
braces anywhere between moves::

    [Format "harbour-record/1"]
    [Players "2"]
    [Seed "2014"]

    setup: start 3F; start 2F L {both players start}
    1. go Timber Wharf

This module holds what every game's records share: the syntax of the tags and their
checks (names, one-line values, no control or bidirectional formatting characters:
:func:`meeplekit.text.control_character`), reading a record's text with line numbers
within a size bound, comments and turn labels, the ``Players``, ``Seed`` and ``Options``
tags, the stated result (``Scores`` and ``Winners``) and its check, the replay's
bookkeeping (every move checked, the first bad one named by its line, turn and, when it is
illegal, its rule), and the checks of a record's JSON data. A game describes itself once
in a :class:`RecordGame` (its format, its error classes, its notation and engine) and
writes the tags that carry its setup (:func:`format_text`'s ``header``, the ``start``
function :func:`read_text` calls); its ``records`` module is then a few functions.

Every error is the game's own class (:attr:`RecordGame.record_error`, a
:class:`meeplekit.errors.RecordError`), naming the line, the turn and the rule where they
are known.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Generic, NamedTuple, Protocol, TypeVar, cast

import attrs

from meeplekit.errors import (
    DocumentError,
    IllegalMoveError,
    InvalidStateError,
    InvalidValueError,
    RecordError,
    RulesError,
)
from meeplekit.options import changed_readings
from meeplekit.text import control_character
from meeplekit.values import number as shown_number
from meeplekit.values import shown

__all__ = [
    "RESULT_TAGS",
    "TAG_NAME",
    "RecordGame",
    "RecordParts",
    "ResultLike",
    "Stated",
    "Tag",
    "check_annotations",
    "checked_replay",
    "format_tag",
    "format_text",
    "json_tag",
    "library_version",
    "load",
    "make_parts",
    "options_tag",
    "options_text",
    "players_tag",
    "read_text",
    "record_from_data",
    "replay_record",
    "replay_states",
    "result_tags",
    "seed_tag",
    "tag",
    "wrong_result",
]

S = TypeVar("S")
M = TypeVar("M")
T = TypeVar("T")

#: A tag's name: a letter, then letters, digits and ``_``, 40 characters at most.
TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")
#: The tags of a stated result: each seat's score, and the winning seats from 1.
RESULT_TAGS: Final = ("Scores", "Winners")
_TAG_LINE: Final = re.compile(r"\[([A-Za-z][A-Za-z0-9_]{0,39}) (\".*\")\]")
_TURN_LABEL: Final = re.compile(r"(setup:|\d{1,6}\.)\s*")
#: A score in the ``Scores`` tag: a whole number of at most 4 digits.
_SCORE: Final = r"\d{1,4}"

#: A result: each seat's score and the winning seats (from 0).
Stated = tuple[tuple[int, ...], tuple[int, ...]]


class Tag(NamedTuple):
    """One tag of a record's header as read: its name, its value and its line (from 1)."""

    name: str
    value: str
    line: int


class ResultLike(Protocol):
    """A game's stated result: each seat's score and the winning seats."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score."""
        ...

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats, from 0."""
        ...


@attrs.frozen(slots=True)
class RecordGame(Generic[S, M]):
    """What the shared core needs of a game (state ``S``, move ``M``) for its records.

    A game makes one, once, and passes it to every function of this module.
    """

    #: The first tag's value, the format and its version (``"harbour-record/1"``).
    format: str
    #: The tags the game writes and reads itself; a caller may not give them.
    standard_tags: tuple[str, ...]
    #: The game's :class:`~meeplekit.errors.RecordError`: every refusal of a record.
    record_error: type[RecordError]
    #: The game's :class:`~meeplekit.errors.InvalidValueError`: a bad tag or comment given
    #: to a writer.
    value_error: type[InvalidValueError]
    #: The game's :class:`~meeplekit.errors.DocumentError`: a bad record document.
    document_error: type[DocumentError]
    #: The base of every error the game raises on purpose (``HarbourError``).
    game_error: type[RulesError]
    #: The game's :class:`~meeplekit.errors.IllegalMoveError`.
    illegal_move_error: type[IllegalMoveError]
    #: The game's state class: a record's start must be one.
    state_type: type[S]
    #: The turn a state is at: 0 for the setup, then 1, 2, ...
    turn: Callable[[S], int]
    #: Whether a state is a finished game.
    is_over: Callable[[S], bool]
    #: The number of players of a state.
    players: Callable[[S], int]
    #: The checked ``apply_move``.
    apply_move: Callable[[S, M], S]
    #: A move's canonical notation: one line without ``;``, ``{`` or ``}``.
    format_move: Callable[[S, M], str]
    #: The move a text names, checked to be legal (the notation's ``parse_move``).
    parse_move: Callable[[S, str], M]
    #: The scores and the winning seats of a finished game.
    result: Callable[[S], Stated]
    #: What a score counts, for messages (``"VP"``: ``Player 1 10 VP``).
    unit: str = "VP"
    #: The longest record read, in characters.
    max_chars: int = 4 << 20
    #: Whether :func:`read_text` also reads UTF-8 bytes (refusing bytes that are not).
    reads_bytes: bool = False
    #: Whether every line of a record is checked for control and bidirectional formatting
    #: characters (a tab too), lines ending only at ``\n`` (or ``\r\n``); otherwise the
    #: tags' values and the comments are, lines ending where :meth:`str.splitlines` ends them.
    checks_every_line: bool = False
    #: The game's ``validate``: every broken invariant of a state. A record's start is
    #: checked with it before a move is played (a start made around its constructor, in a
    #: record value or given to a writer); ``None``: not checked.
    validate: Callable[[S], Sequence[Any]] | None = None
    #: The game's :class:`~meeplekit.errors.InvalidStateError`: a start ``validate`` refuses.
    state_error: type[InvalidStateError] = InvalidStateError


@attrs.frozen(slots=True)
class RecordParts(Generic[S, M]):
    """What a record holds, read and checked: a game makes its own record value of it."""

    #: The position the game starts from.
    start: S
    #: The moves played, each checked.
    moves: tuple[M, ...]
    #: The tags other than the standard ones, in order.
    tags: tuple[tuple[str, str], ...]
    #: The comments, each after the number of moves before it.
    comments: tuple[tuple[int, str], ...]
    #: The stated result (each seat's score, the winning seats from 0), or ``None``.
    result: Stated | None


# --------------------------------------------------------------------------- writing


def library_version(module: str) -> str:
    """The version a record's ``Library`` tag names: the ``__version__`` of ``module``'s package.

    ``module`` is the writer's module name (``harbour.interchange.records``); its package (``harbour``)
    is imported before any of its modules, so its version is read here when a record is
    written, with no import of the package by its own module (which would be a circle).
    """
    version: str = sys.modules[module.partition(".")[0]].__version__
    return version


def format_tag(name: str, value: str) -> str:
    """One tag line: ``[Name "value"]``, the value a JSON string (non-ASCII kept as is)."""
    return f"[{name} {json.dumps(value, ensure_ascii=False)}]"


def check_annotations(
    game: RecordGame[Any, Any], tags: Mapping[str, str], comments: Mapping[int, str], moves: int
) -> None:
    """Check the tags and comments a caller gives a writer; raise the game's value error.

    A tag's name is letters, digits and ``_`` (:data:`TAG_NAME`), not a standard tag, and
    its value one line of text; a comment is placed after 0 to ``moves`` moves and is one
    line without ``}``. Neither holds a control or bidirectional formatting character.
    Raises the game's :attr:`~RecordGame.value_error`.
    """
    error = game.value_error
    for what, given in (("tags", tags), ("comments", comments)):
        if not isinstance(given, Mapping):
            raise error(f"a record's {what} are a mapping, got {shown(given)}")
    for name, value in tags.items():
        if type(name) is not str or not TAG_NAME.fullmatch(name) or name in game.standard_tags:
            raise error(
                f"a record tag name is letters, digits and _ (not one of the standard tags), "
                f"got {shown(name)}"
            )
        if type(value) is not str or control_character(value) is not None:
            raise error(
                f"the tag {name} must be one line of text without control characters, "
                f"got {shown(value)}"
            )
    for index, text in comments.items():
        if type(index) is not int or not 0 <= index <= moves:
            raise error(f"a comment's place is 0 to {moves}, got {shown(index)}")
        if type(text) is not str or "}" in text or control_character(text) is not None:
            raise error(
                f"a comment is one line of text without '}}' or control characters, "
                f"got {shown(text)}"
            )


def options_text(options: object) -> str:
    """The ``Options`` tag's value: each reading that differs from the default, ``name=value``.

    A reading is written by its enum value, a switch as ``true`` or ``false``; ``""`` when
    every field has its default.
    """
    return " ".join(
        f"{name}={json.dumps(value) if isinstance(value, bool) else value}"
        for name, value in changed_readings(options)
    )


def result_tags(scores: Sequence[int], winners: Sequence[int]) -> list[tuple[str, str]]:
    """The ``Scores`` and ``Winners`` tags of a result (seats written from 1)."""
    scores_tag, winners_tag = RESULT_TAGS
    return [
        (scores_tag, " ".join(str(p) for p in scores)),
        (winners_tag, " ".join(str(s + 1) for s in winners)),
    ]


def make_parts(
    game: RecordGame[S, M],
    start: S,
    moves: Sequence[M],
    tags: Mapping[str, str],
    comments: Mapping[int, str],
) -> RecordParts[S, M]:
    """A record of the game from ``start`` through ``moves``, checked, to be written.

    The tags and comments are checked (:func:`check_annotations`), every move is played
    (an illegal one raises the game's record error naming its number, turn and rule), and
    a finished game gets its result.
    """
    if not isinstance(moves, tuple | list):
        raise game.value_error(f"a record's moves are a tuple of moves, got {shown(moves)}")
    check_annotations(game, tags, comments, len(moves))
    end = replay_states(game, start, tuple(moves))[-1]
    result = game.result(end) if game.is_over(end) else None
    return RecordParts(
        start, tuple(moves), tuple(tags.items()), tuple(sorted(comments.items())), result
    )


def format_text(
    game: RecordGame[S, M],
    header: Sequence[tuple[str, str]],
    start: S,
    moves: Sequence[M],
    comments: Mapping[int, str],
) -> str:
    """A record's text: ``header``'s tags, a blank line, and the moves turn by turn.

    Each turn starts a line labelled with its number (``setup:`` for turn 0); the turn's
    moves follow in notation, separated by ``;``; a comment follows the move it is placed
    after (0: before the first move). The moves are legal (they were checked).
    """
    lines = [format_tag(name, value) for name, value in header]
    lines.append("")
    if 0 in comments:
        lines.append(f"{{{comments[0]}}}")
    state = start
    line: list[str] = []
    turn: int | None = None
    for count, move in enumerate(moves, start=1):
        now = game.turn(state)
        if now != turn:
            if line:
                lines.append(" ".join(line))
            turn = now
            line = ["setup:" if turn == 0 else f"{turn}."]
        elif not line[-1].startswith("{"):
            line[-1] += ";"
        line.append(game.format_move(state, move))
        if count in comments:
            line.append(f"{{{comments[count]}}}")
        state = game.apply_move(state, move)
    if line:
        lines.append(" ".join(line))
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- reading


def read_text(
    game: RecordGame[S, M], text: object, start: Callable[[Mapping[str, Tag]], S]
) -> RecordParts[S, M]:
    """The record ``text`` holds, every move checked against the game as it is read.

    ``start`` makes the starting position from the header's tags by name (raising the
    game's record error naming a tag's line); the format tag is checked first. Raises the
    game's :attr:`~RecordGame.record_error` naming the line (and for a move its turn and,
    when a rule forbids it, the rule) for anything wrong: text over the size bound, a
    header that is not ``[Name "value"]`` lines, another format, a tag given twice, a
    control character, a comment not closed, a turn label that is not the game's turn, a
    move that cannot be read or is illegal, a move after the end, a stated result that is
    not the game's.
    """
    lines = _lines(game, _text_of(game, text))
    tags, body_at = _read_tags(game, lines)
    by_name = {found.name: found for found in tags}
    first = start(by_name)
    extra = tuple(
        (found.name, found.value) for found in tags if found.name not in game.standard_tags
    )
    result = _stated_result(game, by_name, game.players(first))
    moves, comments, end = _read_body(game, lines, body_at, first)
    if result is not None:
        problem = wrong_result(game, end, result)
        if problem is not None:
            right = game.is_over(end) and game.result(end)[0] == result[0]
            wrong = "Winners" if right else "Scores"
            raise game.record_error(problem, line=by_name[wrong].line, turn=game.turn(end))
    return RecordParts(first, moves, extra, comments, result)


def _text_of(game: RecordGame[Any, Any], text: object) -> str:
    """``text`` as a string within the size bound (UTF-8 bytes decoded, if the game reads them)."""
    error = game.record_error
    if game.reads_bytes and type(text) is bytes:
        if len(text) > 4 * game.max_chars:
            raise error(f"expected a record of at most {game.max_chars} characters")
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise error(f"the record is not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    if type(text) is not str:
        raise error(f"expected the record's text, got {type(text).__name__}")
    if len(text) > game.max_chars:
        raise error(f"expected a record of at most {game.max_chars} characters")
    return text


def _lines(game: RecordGame[Any, Any], text: str) -> list[str]:
    """The record's lines; with :attr:`~RecordGame.checks_every_line`, each checked."""
    if not game.checks_every_line:
        return text.splitlines()
    lines = text.replace("\r\n", "\n").split("\n")
    for number, line in enumerate(lines, start=1):
        control = control_character(line)
        if control is not None:
            raise game.record_error(
                f"the line holds a control or bidirectional formatting character, {control}",
                line=number,
            )
    return lines


def _read_tags(game: RecordGame[Any, Any], lines: list[str]) -> tuple[list[Tag], int]:
    """The header's tags and the index of the first line after it."""
    error = game.record_error
    tags: list[Tag] = []
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
            raise error('expected a tag [Name "value"]', line=at + 1)
        name = match.group(1)
        try:
            value = json.loads(match.group(2))
        except ValueError:
            raise error(f"the value of {name} is not a quoted string", line=at + 1) from None
        if type(value) is not str:
            raise error(f"the value of {name} is not a quoted string", line=at + 1)
        control = control_character(value)
        if control is not None:
            raise error(
                f"the value of {name} holds a control or bidirectional formatting character, "
                f"{control}",
                line=at + 1,
            )
        if name in seen:
            raise error(f"the tag {name} is given twice", line=at + 1)
        seen.add(name)
        tags.append(Tag(name, value, at + 1))
    else:
        at = len(lines)
    if not tags or tags[0].name != "Format" or tags[0].value != game.format:
        raise error(f'expected the first line [Format "{game.format}"]', line=1)
    return tags, at


def tag(game: RecordGame[Any, Any], tags: Mapping[str, Tag], name: str) -> Tag:
    """The tag ``name``, which a record must have."""
    if name not in tags:
        raise game.record_error(f"the record has no {name} tag")
    return tags[name]


def players_tag(game: RecordGame[Any, Any], players: Tag, allowed: Sequence[int]) -> int:
    """The number the ``Players`` tag gives, one of ``allowed`` (written as a plain number)."""
    if players.value not in [str(n) for n in allowed]:
        listed = ", ".join(str(n) for n in allowed[:-1]) + f" or {allowed[-1]}"
        raise game.record_error(
            f"Players must be {listed}, got {players.value!r}", line=players.line
        )
    return int(players.value)


def seed_tag(game: RecordGame[Any, Any], seed: Tag) -> int:
    """The whole number (of at most 20 digits) the ``Seed`` tag gives."""
    if not re.fullmatch(r"\d{1,20}", seed.value):
        raise game.record_error(f"Seed must be a whole number, got {seed.value!r}", line=seed.line)
    return int(seed.value)


def options_tag(game: RecordGame[Any, Any], tags: Mapping[str, Tag], options: type[T]) -> T:
    """The options the ``Options`` tag gives (the defaults without it), made by ``options``.

    Each item is ``name=value``, a field of ``options`` named once; ``true`` and ``false``
    are switches, any other value is given as text to ``options``, whose refusal (the
    game's error) is the record's, naming the tag's line.
    """
    given = tags.get("Options")
    text, line = (given.value, given.line) if given is not None else ("", 0)
    values: dict[str, Any] = {}
    names = {f.name for f in attrs.fields(cast(Any, options))}
    for item in text.split():
        name, sep, value = item.partition("=")
        if not sep or name not in names or name in values:
            raise game.record_error(
                f"Options must list name=value once each, got {item!r}", line=line
            )
        values[name] = {"true": True, "false": False}.get(value, value)
    return load(game, lambda: options(**values), line)


def json_tag(game: RecordGame[Any, Any], found: Tag, what: str) -> Any:
    """The JSON value a tag holds; else the record error ``"{Name} is not {what}"``."""
    try:
        return json.loads(found.value)
    except (ValueError, RecursionError):
        raise game.record_error(f"{found.name} is not {what}", line=found.line) from None


def load(game: RecordGame[Any, Any], make: Callable[[], T], line: int) -> T:
    """``make()``, a refusal by the game (its error) becoming the record's at ``line``."""
    try:
        return make()
    except game.game_error as exc:
        raise game.record_error(str(exc), line=line) from None


def _stated_result(
    game: RecordGame[Any, Any], tags: Mapping[str, Tag], players: int
) -> Stated | None:
    """The result the ``Scores`` and ``Winners`` tags state, or ``None`` without them."""
    error = game.record_error
    if "Scores" not in tags and "Winners" not in tags:
        return None
    if "Scores" not in tags or "Winners" not in tags:
        raise error("a result needs both Scores and Winners")
    n = players
    scores, winners = tags["Scores"], tags["Winners"]
    if not re.fullmatch(rf"{_SCORE}( {_SCORE}){{{n - 1}}}", scores.value):
        raise error(f"Scores must list {n} whole numbers, got {scores.value!r}", line=scores.line)
    if not re.fullmatch(rf"[1-{n}]( [1-{n}]){{0,{n - 1}}}", winners.value):
        raise error(f"Winners must list seats 1 to {n}, got {winners.value!r}", line=winners.line)
    return (
        tuple(int(p) for p in scores.value.split()),
        tuple(int(s) - 1 for s in winners.value.split()),
    )


def _read_body(
    game: RecordGame[S, M], lines: list[str], first: int, start: S
) -> tuple[tuple[M, ...], tuple[tuple[int, str], ...], S]:
    """The moves and comments of the body, each move checked, and the state they reach."""
    error = game.record_error
    moves: list[M] = []
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
                    raise error("a comment opened with { is not closed on its line", line=line)
                comment = rest[1:end].strip()
                control = control_character(comment)
                if control is not None:
                    raise error(
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
                now = game.turn(state)
                if turn != now:
                    raise error(
                        f"the line is labelled {label} but the game is at "
                        f"{'setup' if now == 0 else f'turn {now}'}",
                        line=line,
                    )
                rest = rest[match.end() :]
                continue
            cut = min((i for i in (rest.find(";"), rest.find("{")) if i >= 0), default=len(rest))
            text = rest[:cut].strip()
            rest = rest[cut + 1 :].lstrip() if cut < len(rest) and rest[cut] == ";" else rest[cut:]
            if not text:
                raise error("expected a move", line=line)
            if game.is_over(state):
                raise error(f"the game is over; {text!r} follows its end", line=line)
            try:
                move = game.parse_move(state, text)
            except game.illegal_move_error as exc:
                raise error(
                    exc.reason, line=line, turn=game.turn(state), rule_id=exc.rule_id
                ) from None
            except game.game_error as exc:
                raise error(str(exc), line=line, turn=game.turn(state)) from None
            moves.append(move)
            state = game.apply_move(state, move)
    return tuple(moves), tuple(comments), state


# --------------------------------------------------------------------------- replaying


def _play(game: RecordGame[S, M], state: S, move: M, count: int) -> S:
    """The state after the record's move number ``count``, or the game's record error."""
    try:
        return game.apply_move(state, move)
    except game.illegal_move_error as exc:
        raise game.record_error(
            f"move {count} ({shown(move)}) is illegal: {exc.reason}",
            turn=game.turn(state),
            rule_id=exc.rule_id,
        ) from None
    except game.game_error as exc:
        raise game.record_error(
            f"move {count} is not a move of this game: {exc}", turn=game.turn(state)
        ) from None


def replay_states(game: RecordGame[S, M], start: S, moves: Sequence[M]) -> tuple[S, ...]:
    """Every state from ``start`` through ``moves``, each move applied checked.

    The first move that is not legal raises the game's record error naming its number
    (from 1), its turn and, when a rule forbids it, the rule. A start that is not a state
    of the game, or moves that are not a list or tuple, raise the game's value error, and a
    start the game's :attr:`~RecordGame.validate` refuses its state error.
    """
    if not isinstance(start, game.state_type):
        raise game.value_error(
            f"a record starts from a {game.state_type.__name__}, got {shown(start)}"
        )
    if not isinstance(moves, tuple | list):
        raise game.value_error(f"a record's moves are a tuple of moves, got {shown(moves)}")
    if game.validate is not None:
        found = game.validate(start)
        if found:
            raise game.state_error(found)
    states = [start]
    state = start
    for count, move in enumerate(moves, start=1):
        state = _play(game, state, move, count)
        states.append(state)
    return tuple(states)


def wrong_result(game: RecordGame[S, Any], end: S, result: Stated) -> str | None:
    """Why a stated result is not the game's, which ends at ``end``; ``None`` when it is."""
    if not game.is_over(end):
        return "the record states a result, but the game is not over"
    final = game.result(end)
    if final != result:
        return (
            f"the record states scores: {_standing(game, *result)}; the game gives: "
            f"{_standing(game, *final)}"
        )
    return None


def _standing(game: RecordGame[Any, Any], points: tuple[int, ...], winners: tuple[int, ...]) -> str:
    """``"Player 1 10 VP, Player 2 9 VP, winner Player 1"``: seats named as players are."""
    scores = ", ".join(
        f"Player {seat + 1} {shown_number(vp)} {game.unit}" for seat, vp in enumerate(points)
    )
    won = " and ".join(f"Player {shown_number(seat + 1)}" for seat in winners)
    return f"{scores}, {'winners' if len(winners) > 1 else 'winner'} {won}"


def checked_replay(
    game: RecordGame[S, M], start: S, moves: Sequence[M], result: Stated | None
) -> tuple[S, ...]:
    """Every state of a record's game (:func:`replay_states`), its stated result checked.

    A result that is not the game's (the game not over, or other scores or winners)
    raises the game's record error naming the last turn.
    """
    states = replay_states(game, start, moves)
    end = states[-1]
    if result is not None:
        problem = wrong_result(game, end, result)
        if problem is not None:
            raise game.record_error(problem, turn=game.turn(end))
    return states


def replay_record(game: RecordGame[S, M], record: object, kind: type) -> tuple[S, ...]:
    """Every state of the game a record value holds (:func:`checked_replay`), read safely.

    ``record`` is a value of the game's record class ``kind``, whose ``start``, ``moves``
    and ``result`` are read as they are: a value made around its constructor (a field never
    set, a ``result`` that is not each seat's score and the winning seats as whole numbers)
    raises the game's :attr:`~RecordGame.value_error` naming what is wrong, as does a start
    that is not a state of the game or moves that are not a list; an illegal move or a
    result that is not the game's raises its record error.
    """
    if not isinstance(record, kind):
        raise game.value_error(f"replay takes a {kind.__name__}, got {shown(record)}")
    try:
        start, moves, result = record.start, record.moves, record.result  # type: ignore[attr-defined]
    except AttributeError:
        raise game.value_error(
            f"the {kind.__name__} has a field that was never set: it was not made by its "
            "constructor"
        ) from None
    return checked_replay(game, start, moves, stated_result(game, result))


def stated_result(game: RecordGame[Any, Any], result: object) -> Stated | None:
    """A record value's stated result (a :class:`ResultLike` or ``None``) as numbers, checked.

    ``None`` stays ``None``; a result gives its ``scores`` and ``winners``, each a tuple or
    list of whole numbers (``int``). Anything else, such as a result made around its
    constructor, raises the game's :attr:`~RecordGame.value_error`.
    """
    if result is None:
        return None
    try:
        scores, winners = result.scores, result.winners  # type: ignore[attr-defined]
    except AttributeError:
        raise game.value_error(
            f"a record's result gives scores and winners, got {shown(result)}"
        ) from None
    for name, values in (("scores", scores), ("winners", winners)):
        if type(values) not in (tuple, list) or any(type(v) is not int for v in values):
            raise game.value_error(
                f"a record's result gives its {name} as whole numbers, got {shown(values)}"
            )
    return tuple(scores), tuple(winners)


# --------------------------------------------------------------------------- JSON


def record_from_data(
    game: RecordGame[S, M],
    data: object,
    *,
    load: Callable[[object, Any, str], Any],
    state: Any,
    move: Any,
    result: Any,
) -> RecordParts[S, M]:
    """A record from the plain data of its JSON document (the ``"record"`` field), checked.

    ``data`` is an object of ``start``, ``moves``, ``tags``, ``comments`` and ``result``.
    ``load(value, type, field)`` is the game's reading of plain data as a ``state``, a
    ``move``, a ``result`` (or ``None``) and the comments, raising its document error
    naming the field. The moves are replayed, each read just before it is played (so a
    long list is refused at its first bad move); illegal moves, bad tags or comments and
    a stated result that is not the game's are refused with the game's
    :attr:`~RecordGame.document_error`.
    """
    error = game.document_error
    if type(data) is not dict:
        raise error("record", "expected an object")
    expected = {"start", "moves", "tags", "comments", "result"}
    if set(data) != expected:
        raise error(
            "record",
            f"expected the fields {', '.join(sorted(expected))}, got "
            f"{', '.join(shown(k, 40) for k in sorted(data)[:6])}",
        )
    first = load(data["start"], state, "record.start")
    listed = data["moves"]
    if type(listed) is not list:
        raise error("record.moves", "expected a list of moves")
    tags = data["tags"]
    if type(tags) is not dict:
        raise error("record.tags", "expected an object of strings")
    comments = load(data["comments"], tuple[tuple[int, str], ...], "record.comments")
    stated: ResultLike | None = load(data["result"], result | None, "record.result")
    try:
        check_annotations(game, tags, dict(comments), len(listed))
    except game.game_error as exc:
        raise error("record", str(exc)) from None
    moves: list[M] = []
    now = first
    for count, item in enumerate(listed, start=1):
        made = load(item, move, f"record.moves[{count - 1}]")
        try:
            now = _play(game, now, made, count)
        except game.game_error as exc:
            raise error("record", str(exc)) from None
        moves.append(made)
    pair = None if stated is None else (stated.scores, stated.winners)
    if pair is not None:
        problem = wrong_result(game, now, pair)
        if problem is not None:
            raise error("record.result", problem)
    return RecordParts(first, tuple(moves), tuple(tags.items()), comments, pair)
