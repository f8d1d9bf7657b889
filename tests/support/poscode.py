"""Checks of position codes that every game's tests run (:mod:`meeplekit.interchange.poscode`).

Each game's ``test_poscode`` gives a :class:`Game` (its functions and error class) and its
positions; these functions throw at ``from_code`` what a code's readers will: round trips
of states and of each seat's view, every value of a code corrupted in turn, every
truncation, fields added, hostile sizes and characters. Every refusal must be the game's
position code error, naming the field at fault and where its value starts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs
import click
from click.testing import CliRunner, Result

from meeplekit import errors
from meeplekit.interchange.poscode import MAX_CODE_CHARS, MAX_DEPTH, CodeError, PositionCodes
from meeplekit.rng import SplitMix64

#: A value no codec reads: an atom that is no number, label, tag, name or row.
JUNK = "%%"


@attrs.frozen
class Game:
    """What the checks need of a game."""

    #: ``code(state_or_observation, viewer=None)``.
    code: Callable[..., str]
    #: ``from_code(text)``.
    from_code: Callable[[str], Any]
    #: ``observe(state, seat)``.
    observe: Callable[[Any, int], Any]
    #: The game's position codes (``GAME.poscode.CODES``).
    codes: PositionCodes[Any, Any]
    #: The game's position code error (``GAME.poscode.PositionCodeError``).
    error: type[CodeError]
    #: The game's notation error (``GAME.MoveParseError``).
    notation_error: type[Exception]
    #: The number of seats that may look at a state.
    seats: Callable[[Any], int]


def check_round_trip(game: Game, state: Any) -> str:
    """``state`` and each seat's view read back equal, and each code is the one spelling."""
    text = game.code(state)
    assert "\n" not in text and text.isascii() and text.isprintable(), text
    assert game.from_code(text) == state, text
    assert game.code(game.from_code(text)) == text
    for seat in range(game.seats(state)):
        seen = game.code(state, viewer=seat)
        assert seen.split(" ", 1)[0] == f"{game.codes.header}@{seat}"
        back = game.from_code(seen)
        assert back == game.observe(state, seat), seen
        assert game.code(back) == seen
        assert game.code(game.observe(state, seat)) == seen
    return text


def play(
    game_module: Any,
    state: Any,
    rng: SplitMix64,
    *,
    chance: Callable[[Any, SplitMix64], Any] | None = None,
    limit: int = 10_000,
) -> Iterator[Any]:
    """Every state of a random game from ``state``, the first included (chance drawn too)."""
    yield state
    for _ in range(limit):
        if game_module.is_over(state):
            return
        if chance is not None and game_module.current_player(state) < 0:
            move = chance(state, rng)
        else:
            move = rng.choice(game_module.legal_moves(state))
        state = game_module.apply_move(state, move)
        yield state


def sample(states: Iterable[Any], every: int) -> Iterator[Any]:
    """Every ``every``-th state, each state whose pending decision is of a kind not seen
    before, and the last one (the finished game)."""
    seen: set[object] = set()
    last = None
    for index, state in enumerate(states):
        last = state
        top = type(state.stack[-1]) if state.stack else None
        if top not in seen or index % every == 0:
            seen.add(top)
            yield state
            last = None
    if last is not None:
        yield last


def refused(game: Game, text: str) -> CodeError:
    """The error ``from_code(text)`` raises; it must be the game's, and its notation error."""
    try:
        game.from_code(text)
    except errors.RulesError as error:
        assert type(error) is game.error, (type(error), error)
        assert isinstance(error, game.notation_error)
        assert isinstance(error, errors.MoveParseError)
        return error
    raise AssertionError(f"from_code accepted {text[:200]!r}")


def check_every_value_corrupted(game: Game, text: str, *, each_field: bool = False) -> int:
    """Each value of the code in turn replaced by junk: refused, naming it and where it starts.

    With ``each_field``, only the first value of each field (``players[1].goods`` stands
    for every player's goods). Returns how many values were corrupted.
    """
    spans = list(game.codes.fields(text))
    assert spans[0][0] == "header"
    if each_field:
        first: dict[str, tuple[str, int, int]] = {}
        for span in spans:
            first.setdefault(re.sub(r"\[\d+\]", "[]", span[0]), span)
        spans = sorted(first.values(), key=lambda span: span[1])
    for path, start, end in spans[1:]:
        error = refused(game, text[:start] + JUNK + text[end:])
        assert (error.field, error.position) == (path, start), (path, str(error))
        assert path in str(error)
    return len(spans) - 1


def check_syntax_damage(game: Game, text: str) -> None:
    """A value made unreadable (a stray bracket or character) names its top-level field."""
    top = {start: path for path, start, _ in game.codes.fields(text) if re.fullmatch(r"\w+", path)}
    starts = sorted(top)
    for index, start in enumerate(starts):
        name = top[start]
        for damage in ("]", "(", "#", "\t"):
            error = refused(game, text[:start] + damage + text[start:])
            assert error.field == name, (name, damage, str(error))
        if index + 1 < len(starts):  # a space doubled between two fields
            space = starts[index + 1] - 1
            error = refused(game, text[:space] + " " + text[space:])
            assert error.position is not None and error.position >= space


def check_truncations(game: Game, text: str, *, step: int = 1) -> None:
    """Every proper prefix of the code (each ``step``-th) is refused."""
    for length in range(0, len(text), step):
        refused(game, text[:length])


def check_additions(game: Game, text: str) -> None:
    """A field added at the end, or to any record, is refused naming the record."""
    error = refused(game, text + " 0")
    assert "too many" in error.reason and error.field == ""
    error = refused(game, text + " [(1 2),3]")
    assert "too many" in error.reason and error.position == len(text) + 1
    for path, _, end in game.codes.fields(text):
        if text[end - 1] == ")":
            error = refused(game, text[: end - 1] + " 0" + text[end - 1 :])
            assert error.field == path and "too many" in error.reason, (path, str(error))


def check_other_headers(game: Game, text: str, others: Iterable[str]) -> None:
    """Another game's, another version's and a malformed header are refused naming it."""
    rest = text.split(" ", 1)[1]
    name, version = game.codes.game, game.codes.version
    wrong = (f"{name}/{version + 1}", f"{name}/0{version}", f"{name}/{version}@01", f"{name}/0")
    for header in (*others, *wrong, f"{name}", "FEN", "-", "[]"):
        error = refused(game, f"{header} {rest}")
        assert error.field == "header", (header, str(error))


def check_hostile_sizes(game: Game, text: str) -> None:
    """Codes too long, too deep, with huge numbers or characters a code never holds."""
    header = text.split(" ", 1)[0]
    error = refused(game, text + " " + "9" * (MAX_CODE_CHARS - len(text)))
    assert "longer than" in error.reason and error.position is None
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    assert "nested" in refused(game, f"{header} {deep}").reason
    wide = "[" + ",".join(["0"] * 60_000) + "]"
    refused(game, f"{header} {wide}")
    for path, start, end in game.codes.fields(text)[1:]:
        if re.fullmatch(r"[0-9]+", text[start:end]):
            error = refused(game, text[:start] + "1" + "0" * 5_000 + text[end:])
            assert error.field == path and "20 digits" in error.reason, str(error)
            break
    else:
        raise AssertionError("no whole number in the code")
    for char in ("\x00", "\n", "\r", "\x7f", "\u00e9", "\u2028", "\ud800"):
        at = len(text) // 2
        error = refused(game, text[:at] + char + text[at:])
        assert error.position == at and "not allowed" in error.reason, str(error)
    for value in (None, 5, b"x", text.encode()):
        error = refused(game, value)  # type: ignore[arg-type]
        assert "a str" in error.reason


def check_command(
    command: click.Group,
    game: Game,
    end: Any,
    record: str,
    folder: Path,
    view: Callable[[Any, int], str],
) -> None:
    """``GAME position`` and ``GAME replay`` with a record whose final position is ``end``.

    ``view(state, seat)`` is the game's table of a seat (its pieces' view).
    """

    def run(args: list[str], text: str = "", status: int = 0) -> Result:
        result = CliRunner(env={"COLUMNS": "100"}).invoke(command, args, input=text)
        assert "Traceback" not in result.output
        assert result.exit_code == status, (args, result.output)
        return result

    def flat(text: str) -> str:  # the tables compared whatever their wrapping
        return " ".join(text.split())

    text, seen = game.code(end), game.code(end, viewer=1)
    assert flat(run(["position", text]).output) == flat(str(end))
    assert flat(run(["position", "-"], text + "\n").output) == flat(str(end))
    assert flat(run(["position", "--seat", "2", text]).output) == flat(view(end, 1))
    assert flat(run(["position", seen]).output) == flat(view(end, 1))
    assert flat(run(["position", "--seat", "2", seen]).output) == flat(view(end, 1))
    assert "Player 2 sees" in run(["position", "--seat", "1", seen], status=1).output
    lines = run(["position", "--fields", text]).output.splitlines()
    spans = game.codes.fields(text)
    leaves = [
        (path, text[start:stop])
        for index, (path, start, stop) in enumerate(spans)
        if index + 1 == len(spans) or spans[index + 1][1] >= stop
    ]
    assert lines == [f"{path}: {value}" for path, value in leaves]
    bad = run(["position", text.replace(" ", "  ", 1)], status=1).output
    assert len(bad.splitlines()) == 1 and bad.startswith("Error: position code, ")
    assert run(["position"], status=2).output.startswith("Usage:")
    file = folder / "game.rec"
    file.write_text(record, encoding="utf-8")
    assert run(["position", "--record", str(file)]).output == text + "\n"
    assert run(["position", "--record", str(file), "--seat", "2"]).output == seen + "\n"
    run(["position", "--record", str(file), text], status=2)
    narrated = run(["replay", str(file)]).output
    assert narrated.endswith(f"position CODE' shows it):\n{text}\n")


#: The characters a code is made of, and a few it never holds.
ALPHABET = "0123456789abcdefnpxyzACFLSW-_.:=+*~!%@/[](), #\t\x00é"


def mutated(text: str, edits: list[tuple[int, int, str]]) -> str:
    """``text`` with each ``(at, length, replacement)`` applied (``at`` taken modulo its length)."""
    for at, length, new in edits:
        at %= max(1, len(text))
        text = text[:at] + new + text[at + length :]
    return text


def check_mutated(game: Game, text: str) -> None:
    """Whatever an edit made of a code is read back valid and in its one spelling, or refused."""
    try:
        value = game.from_code(text)
    except errors.RulesError as error:
        assert type(error) is game.error, (type(error), error)
        return
    assert game.code(value) == text
