"""What the ``harbour`` commands share: options, bots, card sets, seeds, files and the terminal.

The command never shows a traceback for a problem of its input or environment: files are
read with a size bound and must be UTF-8 text (:func:`read_input`), outputs are checked
before any game is played and written with a one-line error (:func:`check_writable`,
:func:`write_output`), and a missing optional extra is named with its install command
(:func:`require_extra`, from :mod:`harbour.extras`).
"""

from __future__ import annotations

import enum
import os
import re
import shutil
import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs
import click
from rich import box
from rich.table import Table

from harbour.cards.identity import BUILT_IN_CARD_SETS
from harbour.cards.model import CardSet
from harbour.cli.readings import READING_FIELDS, option_flag, reading_help
from harbour.errors import HarbourError
from harbour.extras import MissingExtraError, require
from harbour.options import RulesOptions, field_rule

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_WIDTH",
    "SEED",
    "apply_assignments",
    "check_game",
    "check_writable",
    "fit_table",
    "load_cards",
    "options_from",
    "parse_assignment",
    "read_input",
    "reading_options",
    "require_extra",
    "terminal_width",
    "wrap",
    "write_output",
]

F = TypeVar("F", bound=Callable[..., Any])

#: A game seed: an integer from 0 to 2**64 - 1.
SEED = click.IntRange(0, 2**64 - 1)

#: The largest input file the command reads (16 MiB); it reads at most one byte more.
MAX_INPUT_BYTES: Final = 16 << 20

#: Text is wrapped to the terminal's width, but never wider than this (the table of
#: :func:`harbour.render` is at most this wide) nor narrower than :data:`_MIN_WIDTH`.
MAX_WIDTH: Final = 100
_MIN_WIDTH: Final = 40
_CHUNK: Final = 1 << 16


def reading_options(command: F) -> F:
    """Add one option per :class:`~harbour.options.RulesOptions` field to a command.

    A reading is ``--field-name VALUE`` (a choice of the reading's values), a switch
    ``--field-name/--no-field-name``; left out, the field keeps its default. The help of
    each option names its rule and says what every value means
    (:mod:`harbour.cli.readings`, which the demo shares).
    """
    for field in reversed(READING_FIELDS):
        flag = option_flag(field.name)
        if isinstance(field.default, enum.Enum):
            option = click.option(
                f"--{flag}",
                field.name,
                type=click.Choice([m.value for m in type(field.default)]),
                default=None,
                help=reading_help(field),
            )
        else:
            option = click.option(
                f"--{flag}/--no-{flag}", field.name, default=None, help=reading_help(field)
            )
        command = option(command)
    return command


def options_from(params: Mapping[str, object]) -> RulesOptions:
    """The rule readings chosen with :func:`reading_options` (``None``: the default)."""
    chosen: dict[str, Any] = {
        field.name: params[field.name]
        for field in attrs.fields(RulesOptions)
        if params.get(field.name) is not None
    }
    try:
        return RulesOptions(**chosen)
    except HarbourError as error:
        raise click.UsageError(str(error)) from None


def parse_assignment(text: str) -> tuple[str, object]:
    """``FIELD=VALUE`` as a :class:`~harbour.options.RulesOptions` field name and value.

    ``FIELD`` is spelt as its option (``tie-break``) or its field (``tie_break``);
    ``VALUE`` is a reading's value, or ``on``/``off`` (``true``/``false``) for a switch.
    """
    name, sep, value = text.partition("=")
    field = attrs.fields_dict(RulesOptions).get(name.strip().replace("-", "_"))
    if not sep or field is None:
        known = ", ".join(option_flag(f.name) for f in READING_FIELDS)
        raise click.BadParameter(f"{text!r} is not FIELD=VALUE with FIELD one of: {known}")
    value = value.strip()
    if isinstance(field.default, enum.Enum):
        values = [m.value for m in type(field.default)]
        if value not in values:
            raise click.BadParameter(
                f"{option_flag(field.name)} ({field_rule(field.name)}) must be one of "
                f"{', '.join(values)}; got {value!r}"
            )
        return field.name, value
    switch = {"on": True, "true": True, "off": False, "false": False}.get(value.lower())
    if switch is None:
        raise click.BadParameter(f"{option_flag(field.name)} is a switch: on or off, got {value!r}")
    return field.name, switch


def apply_assignments(base: RulesOptions, assignments: Sequence[str]) -> RulesOptions:
    """``base`` with every ``FIELD=VALUE`` of ``assignments`` applied, in order."""
    changes: dict[str, Any] = dict(parse_assignment(text) for text in assignments)
    try:
        return attrs.evolve(base, **changes)
    except HarbourError as error:
        raise click.UsageError(str(error)) from None


def load_cards(spec: str) -> CardSet:
    """A built-in card set by name (``original`` is the library's own) or a card file."""
    if spec == "original":
        return BUILT_IN_CARD_SETS[next(iter(BUILT_IN_CARD_SETS))]
    if spec in BUILT_IN_CARD_SETS:
        return BUILT_IN_CARD_SETS[spec]
    from harbour.cards.files import load_card_file

    if not Path(spec).is_file():
        raise click.BadParameter(f"{spec!r} is neither 'original' nor a card file")
    try:
        return load_card_file(spec)
    except HarbourError as error:
        raise click.BadParameter(str(error)) from None


def check_game(players: int, options: RulesOptions, cards: CardSet) -> None:
    """Raise a usage error, naming the rule, unless such a game can be set up."""
    from harbour.setup import new_game

    try:
        new_game(players, seed=0, options=options, cards=cards)
    except HarbourError as error:
        raise click.UsageError(str(error)) from None


def require_extra(extra: str) -> None:
    """Stop with a one-line error naming ``extra`` and its install command if it is missing.

    Commands call this before they play any game (:func:`harbour.extras.require`).
    """
    try:
        require(extra)
    except MissingExtraError as error:
        raise click.ClickException(str(error)) from None


def read_input(path: Path, what: str = "file") -> str:
    """The text of the input file ``path``, or a one-line error (:class:`click.ClickException`).

    At most :data:`MAX_INPUT_BYTES` + 1 bytes are read: a larger file is refused. A NUL
    byte marks a binary file or a device such as ``/dev/zero``, refused at the first chunk
    that holds one. The text must be UTF-8 (a byte-order mark is dropped). ``what`` names
    the file in the message, for example ``"game record"``.
    """
    shown = click.format_filename(path)
    chunks: list[bytes] = []
    size = 0
    try:
        with path.open("rb") as handle:
            while size <= MAX_INPUT_BYTES:
                chunk = handle.read(min(_CHUNK, MAX_INPUT_BYTES + 1 - size))
                if not chunk:
                    break
                if b"\0" in chunk:
                    raise click.ClickException(
                        f"{shown}: not a text file (it holds NUL bytes); a {what} is UTF-8 text"
                    )
                chunks.append(chunk)
                size += len(chunk)
    except OSError as error:
        raise click.ClickException(f"{shown}: cannot read it: {error.strerror or error}") from None
    if size > MAX_INPUT_BYTES:
        raise click.ClickException(
            f"{shown}: larger than {MAX_INPUT_BYTES >> 20} MiB; a {what} is read only up to "
            "that size"
        )
    raw = b"".join(chunks)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise click.ClickException(
            f"{shown}: not UTF-8 text (byte 0x{raw[error.start]:02x} at offset {error.start}); "
            f"a {what} is UTF-8 text"
        ) from None


def check_writable(path: Path, option: str) -> None:
    """Raise a usage error unless the file ``path`` (given with ``option``) can be written.

    Called before any game is played, so that a long run does not end without its output.
    """
    shown = click.format_filename(path)
    if path.is_dir():
        raise click.BadParameter(f"{shown} is a folder, not a file", param_hint=option)
    folder = path.absolute().parent
    if not folder.is_dir():
        raise click.BadParameter(
            f"cannot write {shown}: there is no folder {click.format_filename(folder)}",
            param_hint=option,
        )
    if not os.access(path if path.exists() else folder, os.W_OK):
        raise click.BadParameter(f"cannot write {shown}: permission denied", param_hint=option)


def write_output(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` in UTF-8, or stop with a one-line error."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise click.ClickException(
            f"cannot write {click.format_filename(path)}: {error.strerror or error}"
        ) from None


def terminal_width() -> int:
    """The width to wrap text to: the terminal's, from 40 to :data:`MAX_WIDTH` columns."""
    columns = shutil.get_terminal_size((MAX_WIDTH, 24)).columns
    return max(_MIN_WIDTH, min(MAX_WIDTH, columns))


#: A short text in brackets (a move's notation in a menu) is kept on one line.
_BRACKETED = re.compile(r"\[[^\]\n]{1,40}\]")
_KEEP = "\N{NO-BREAK SPACE}"
#: A menu or list line: its indentation and its number or bullet.
_ITEM = re.compile(r"(\s*)(\d+\.\s+|[-*]\s+)?")
#: A line at least this long that is followed by one four columns further in was wrapped
#: before (the table of :func:`harbour.render` is wrapped at 100 columns).
_WRAPPED = 60


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _logical_lines(text: str) -> list[str]:
    """The lines of ``text``, with lines an earlier wrapping continued joined again.

    A continuation is a line four columns further in than the (long, plain) line it
    continues, as :func:`harbour.render` and :func:`wrap` write them.
    """
    lines: list[str] = []
    last = ""  # the physical line before, and the logical line it belongs to
    for line in text.split("\n"):
        if lines and len(last) >= _WRAPPED and line.strip():
            head = lines[-1]
            match = _ITEM.match(head)
            if match and not match.group(2) and _indent(line) == _indent(head) + 4:
                lines[-1] = f"{head} {line.strip()}"
                last = line
                continue
        lines.append(line)
        last = line
    return lines


def wrap(text: str, width: int | None = None) -> str:
    """``text`` with each line wrapped to ``width`` (default: :func:`terminal_width`).

    A line keeps its indentation; a numbered or bulleted line (``"  12. Move to ..."``)
    continues under its text, any other line four columns further in. Lines that were
    wrapped before (the table of :func:`harbour.render`) are joined first; lines that fit
    are left as they are; words, and short texts in brackets (``[go Kiln Works]``), are
    never broken.
    """
    width = terminal_width() if width is None else width
    out = []
    for line in _logical_lines(text):
        if len(line) <= width:
            out.append(line)
            continue
        match = _ITEM.match(line)
        assert match is not None  # the pattern matches the empty string
        indent, item = match.group(1), match.group(2) or ""
        hanging = " " * (len(indent) + len(item)) if item else indent + "    "
        kept = _BRACKETED.sub(lambda m: m.group().replace(" ", _KEEP), line)
        filled = textwrap.fill(
            kept,
            width=width,
            subsequent_indent=hanging,
            break_long_words=False,
            break_on_hyphens=False,
        )
        out.append(filled.replace(_KEEP, " "))
    return "\n".join(out)


def _words(text: str) -> list[str]:
    return text.split() or [""]


def fit_table(
    title: str,
    columns: Sequence[tuple[str, str, int]],
    rows: Sequence[Sequence[str]],
    width: int,
) -> Table:
    """A rich table of ``rows`` that fits ``width`` columns without breaking a word.

    ``columns`` gives each column's header, justification (``"left"`` or ``"right"``) and
    weight. Every column is at least as wide as its longest word; the columns of weight 0
    then get their full width, and what is left goes to the others a column at a time,
    each in turn to the one that has had least for its weight, until each is full; their
    cells wrap at spaces. Only a table whose longest words alone are wider than ``width``
    is wider.
    """
    cells = [[row[i] for row in rows] for i in range(len(columns))]
    least = [
        max(len(w) for text in [header, *column] for w in _words(text))
        for (header, _, _), column in zip(columns, cells, strict=True)
    ]
    full = [
        max(len(text) for text in [header, *column])
        for (header, _, _), column in zip(columns, cells, strict=True)
    ]
    widths = list(least)
    free = width - (3 * len(columns) - 1) - sum(widths)  # box SIMPLE_HEAD, no edge padding
    for index, (_, _, weight) in enumerate(columns):
        if weight == 0 and free > 0:
            grow = min(full[index] - widths[index], free)
            widths[index] += grow
            free -= grow
    given = [0] * len(columns)
    while free > 0:
        open_ = [i for i, (_, _, w) in enumerate(columns) if w and widths[i] < full[i]]
        if not open_:
            break
        neediest = min(open_, key=lambda i: given[i] / columns[i][2])
        widths[neediest] += 1
        given[neediest] += 1
        free -= 1
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    for (header, justify, _), size in zip(columns, widths, strict=True):
        table.add_column(
            header, justify="right" if justify == "right" else "left", width=size, overflow="fold"
        )
    for row in rows:
        table.add_row(*row)
    return table
