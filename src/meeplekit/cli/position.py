"""``GAME position``: the table of the position a code names, or the code of a record's end.

A position code (:mod:`meeplekit.interchange.poscode`) holds a whole position on one line. The
command shows the position a code names as the game's table (``GAME position CODE``;
``--seat N``: as that seat sees it; ``--fields``: each field of the code by name), and
writes the code of a record's final position (``GAME position --record FILE``; ``--seat
N``: that seat's code). The game's codes are its ``poscode.CODES``
(:class:`meeplekit.interchange.poscode.PositionCodes`), found through the game module.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import click

from meeplekit.cli.common import read_input, records_of
from meeplekit.errors import RecordError, RulesError
from meeplekit.info import GameInfo
from meeplekit.interchange.poscode import MAX_CODE_CHARS, PositionCodes
from meeplekit.rng import SplitMix64

__all__ = ["codes_of", "final_code", "position_command"]


def codes_of(info: GameInfo[Any, Any]) -> PositionCodes[Any, Any] | None:
    """The game's position codes (``<game>.interchange.poscode.CODES``), or ``None`` if none."""
    package = getattr(info.game, "__name__", None)
    try:
        module = importlib.import_module(f"{package}.interchange.poscode") if package else None
    except ModuleNotFoundError:
        return None
    codes = getattr(module, "CODES", None)
    return codes if isinstance(codes, PositionCodes) else None


def final_code(info: GameInfo[Any, Any], state: object) -> str | None:
    """The line naming the code of ``state``, the end of a record (``replay``); ``None`` if none."""
    codes = codes_of(info)
    if codes is None:
        return None
    return f"The final position's code ('{info.name} position CODE' shows it):\n{codes.code(state)}"


def _read_code(words: tuple[str, ...]) -> str:
    """The code typed (its words joined by single spaces), or read from standard input (``-``)."""
    if words == ("-",):
        try:
            text = sys.stdin.readline(MAX_CODE_CHARS + 2)
        except (OSError, RuntimeError, ValueError, UnicodeDecodeError) as error:
            raise click.ClickException(f"cannot read a code from standard input: {error}") from None
        return text.strip()
    return " ".join(words).strip()


def position_command(info: GameInfo[Any, Any]) -> click.Command:
    """The ``position`` command: a code's table or fields, or a record's final code."""

    def run(code: tuple[str, ...], record: Path | None, seat: int | None, fields: bool) -> None:
        codes = codes_of(info)
        if codes is None:
            raise click.ClickException(f"{info.title} has no position codes")
        if record is not None:
            if code:
                raise click.UsageError("give a CODE or --record FILE, not both")
            _record_code(info, codes, record, seat)
            return
        if not code:
            raise click.UsageError(
                "give a CODE (quoted: it has spaces), - to read it from standard input, "
                "or --record FILE"
            )
        text = _read_code(code)
        try:
            if fields:
                _show_fields(codes, text)
                return
            value = codes.from_code(text)
        except RulesError as error:
            raise click.ClickException(str(error)) from None
        click.echo(_table(info, codes, value, seat), nl=False)

    return click.Command(
        "position",
        callback=run,
        params=[
            click.Argument(["code"], nargs=-1),
            click.Option(
                ["--record", "record"],
                type=click.Path(exists=True, dir_okay=False, path_type=Path),
                help="Write the code of the final position of this game record instead.",
            ),
            click.Option(
                ["--seat", "seat"],
                type=click.IntRange(1, None),
                help=(
                    "The seat (1 is Player 1) whose view to show, or with --record whose code "
                    "to write: only what that seat may see."
                ),
            ),
            click.Option(
                ["--fields"],
                is_flag=True,
                help="List the code's fields by name, each with its value, one a line.",
            ),
        ],
        help=(
            f"Show the position a position code names (the game on one line, as a FEN is "
            f"for chess), or write the code of a record's final position.\n\n"
            f"CODE is the code, quoted ('{info.name}/1 ...'), or - to read it from "
            f"standard input. {info.name}.code(state) writes one and "
            f"{info.name}.from_code(text) reads it."
        ),
    )


def _record_code(
    info: GameInfo[Any, Any], codes: PositionCodes[Any, Any], path: Path, seat: int | None
) -> None:
    shown = click.format_filename(path)
    try:
        records = records_of(info)
        record = records.read(read_input(path, "game record"))
        states = records.replay(record)
    except RecordError as error:
        raise click.ClickException(f"{shown}: {error}") from None
    try:
        click.echo(codes.code(states[-1], None if seat is None else seat - 1))
    except RulesError as error:
        raise click.ClickException(str(error)) from None


def _table(
    info: GameInfo[Any, Any], codes: PositionCodes[Any, Any], value: object, seat: int | None
) -> str:
    """The game's table of a state (``--seat``: that seat's view) or of a seat's code."""
    if type(value) is codes.observation.cls:
        viewer: int = value.viewer  # type: ignore[attr-defined]
        if seat is not None and seat - 1 != viewer:
            raise click.ClickException(
                f"the code is what {info.narration.player_name(viewer)} sees; it shows no other seat"
            )
        # Every view of a seat is drawn from its observation: any state that gives the
        # observation shows the same table.
        return info.views.render(codes.determinize(value, SplitMix64(0)), viewer)
    if seat is None:
        return str(value)
    try:
        return info.views.render(value, seat - 1)
    except RulesError as error:
        raise click.ClickException(str(error)) from None


def _show_fields(codes: PositionCodes[Any, Any], text: str) -> None:
    """Each value of the code that is no list or record, ``path: value``, one a line.

    Not wrapped: a value is one atom, to be copied whole.
    """
    spans = codes.fields(text)
    for index, (path, start, end) in enumerate(spans):
        if index + 1 < len(spans) and spans[index + 1][1] < end:
            continue  # a list or a record: its items follow
        sys.stdout.write(f"{path}: {text[start:end]}\n")
