"""What every game's command shares: reading options, seeds, files, extras and the terminal.

The command never shows a traceback for a problem of its input or environment: files are
read with a size bound and must be UTF-8 text (:func:`read_input`), outputs are checked
before any game is played and written with a one-line error (:func:`check_writable`,
:func:`write_output`), and a missing optional extra is named with its install command
(:func:`require_extra`, with the game's :meth:`meeplekit.extras.Extras.require`).

The rule readings are one option per field of the game's options class, named and
explained as every game's demo names them (:func:`meeplekit.demo.option_flag`,
:func:`meeplekit.demo.reading_help`): :func:`reading_options` adds them to a command,
:func:`options_from` reads them back, :func:`parse_assignment` reads a ``FIELD=VALUE``
of ``compare --variant``.
"""

from __future__ import annotations

import enum
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs
import click
from rich import box
from rich.table import Table

from meeplekit.demo import option_flag, reading_help
from meeplekit.errors import RulesError
from meeplekit.extras import MissingExtraError
from meeplekit.files import NotRegularFile, read_regular
from meeplekit.info import Cards, GameInfo, Records
from meeplekit.options import field_rule
from meeplekit.spec import Specification
from meeplekit.text import MIN_WIDTH, columns_variable, output_width
from meeplekit.text import wrap as shared_wrap

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_WIDTH",
    "SEED",
    "apply_assignments",
    "check_game",
    "check_writable",
    "fit_table",
    "load_variant",
    "options_from",
    "parse_assignment",
    "read_input",
    "reading_options",
    "reading_parameters",
    "require_extra",
    "terminal_width",
    "variant_from",
    "variant_parameters",
    "wrap",
    "write_output",
]

F = TypeVar("F", bound=Callable[..., Any])
O = TypeVar("O")  # noqa: E741 - an options class

#: A game seed: an integer from 0 to 2**64 - 1.
SEED = click.IntRange(0, 2**64 - 1)

#: The largest input file the command reads (16 MiB); it reads at most one byte more.
MAX_INPUT_BYTES: Final = 16 << 20

#: Text is wrapped to the terminal's width, but never wider than this (the games' tables
#: are at most this wide) nor narrower than :data:`_MIN_WIDTH`.
MAX_WIDTH: Final = 100
_MIN_WIDTH: Final = MIN_WIDTH
_CHUNK: Final = 1 << 16


# --------------------------------------------------------------------------- rule readings


def _reading_declarations(options: type[Any]) -> list[tuple[list[str], dict[str, Any]]]:
    """Each field's option of :func:`reading_parameters`: its names and its settings."""
    found: list[tuple[list[str], dict[str, Any]]] = []
    for field in attrs.fields(options):
        flag = option_flag(field.name)
        settings: dict[str, Any] = {"default": None, "help": reading_help(options, field)}
        if isinstance(field.default, enum.Enum):
            settings["type"] = click.Choice([m.value for m in type(field.default)])
            found.append(([f"--{flag}", field.name], settings))
        else:
            found.append(([f"--{flag}/--no-{flag}", field.name], settings))
    return found


def reading_parameters(options: type[Any]) -> list[click.Option]:
    """One option per field of the attrs class ``options``, in field order.

    A reading (an enum field) is ``--field-name VALUE`` (a choice of its values), a switch
    ``--field-name/--no-field-name``; left out, the field keeps its default (the option's
    value is ``None``). The help of each option names its rule and says what every value
    means (:func:`meeplekit.demo.reading_help`, which every game's demo shares).
    """
    return [click.Option(names, **settings) for names, settings in _reading_declarations(options)]


def reading_options(options: type[Any]) -> Callable[[F], F]:
    """A decorator adding :func:`reading_parameters` of ``options`` to a command.

    It decorates a command's function (under ``@click.command()``) or a
    :class:`click.Command`; either way the options follow the command's others, in
    field order.
    """

    def add(command: F) -> F:
        if isinstance(command, click.Command):
            command.params.extend(reading_parameters(options))
            return command
        for names, settings in reversed(_reading_declarations(options)):
            command = click.option(*names, **settings)(command)
        return command

    return add


def options_from(options: type[O], params: Mapping[str, object]) -> O:
    """The rule readings chosen with :func:`reading_options` (``None``: the default).

    A combination the game refuses is a usage error naming its rule.
    """
    kind: Any = options  # an attrs class
    chosen: dict[str, Any] = {
        field.name: params[field.name]
        for field in attrs.fields(kind)
        if params.get(field.name) is not None
    }
    try:
        return options(**chosen)
    except RulesError as error:
        raise click.UsageError(str(error)) from None


def parse_assignment(options: type[Any], text: str) -> tuple[str, object]:
    """``FIELD=VALUE`` as a field name and value of the options class ``options``.

    ``FIELD`` is spelt as its option (``tie-break``) or its field (``tie_break``);
    ``VALUE`` is a reading's value, or ``on``/``off`` (``true``/``false``) for a switch.
    """
    name, sep, value = text.partition("=")
    field = attrs.fields_dict(options).get(name.strip().replace("-", "_"))
    if not sep or field is None:
        known = ", ".join(option_flag(f.name) for f in attrs.fields(options))
        raise click.BadParameter(f"{text!r} is not FIELD=VALUE with FIELD one of: {known}")
    value = value.strip()
    if isinstance(field.default, enum.Enum):
        values = [m.value for m in type(field.default)]
        if value not in values:
            raise click.BadParameter(
                f"{option_flag(field.name)} ({field_rule(options, field.name)}) must be one of "
                f"{', '.join(values)}; got {value!r}"
            )
        return field.name, value
    switch = {"on": True, "true": True, "off": False, "false": False}.get(value.lower())
    if switch is None:
        raise click.BadParameter(f"{option_flag(field.name)} is a switch: on or off, got {value!r}")
    return field.name, switch


def apply_assignments(base: O, assignments: Sequence[str]) -> O:
    """``base`` (an options value) with every ``FIELD=VALUE`` of ``assignments`` applied."""
    changes: dict[str, Any] = dict(parse_assignment(type(base), text) for text in assignments)
    try:
        return attrs.evolve(base, **changes)  # type: ignore[misc]
    except RulesError as error:
        raise click.UsageError(str(error)) from None


def load_variant(info: GameInfo[Any, Any], text: str) -> Any:
    """The variant ``text`` names (:attr:`meeplekit.info.Variants.load`), or a usage error.

    ``None`` for a game without a variant.
    """
    if info.variants is None:
        return None
    try:
        return info.variants.load(text)
    except (ValueError, RulesError) as error:
        raise click.BadParameter(str(error)) from None


def variant_parameters(info: GameInfo[Any, Any]) -> list[click.Option]:
    """The game's variant option (Harbour's ``--cards``), or none for a game without one.

    The option's value is the command's parameter ``variant`` (:func:`variant_from`).
    """
    if info.variants is None:
        return []
    spelling = info.variants.option
    return [
        click.Option(
            [f"--{info.variants.name}", "variant"],
            default=spelling.default,
            show_default=True,
            help=spelling.help,
        )
    ]


def variant_from(info: GameInfo[Any, Any], params: Mapping[str, Any]) -> Any:
    """The variant the command's :func:`variant_parameters` chose (``None``: the game has none)."""
    if "variant" not in params:
        return None
    return load_variant(info, params["variant"])


def check_game(info: GameInfo[Any, Any], players: int, options: object, variant: object) -> None:
    """Raise a usage error, naming the rule, unless such a game can be set up.

    The game's own checks (:meth:`meeplekit.info.GameInfo.check_game`): its error for a
    combination it refuses becomes the message.
    """
    try:
        info.check_game(players, options, variant)
    except (ValueError, RulesError) as error:
        raise click.UsageError(str(error)) from None


def specification_of(info: GameInfo[Any, Any]) -> Specification:
    """The game's specification, or a one-line error for a game without one."""
    if info.specification is None:
        raise click.ClickException(f"{info.title} has no specification")
    return info.specification


def cards_of(info: GameInfo[Any, Any]) -> Cards[Any]:
    """The game's cards, or a one-line error for a game without cards."""
    if info.cards is None:
        raise click.ClickException(f"{info.title} has no cards")
    return info.cards


def records_of(info: GameInfo[Any, Any]) -> Records[Any, Any]:
    """The game's records, or a one-line error for a game without records."""
    if info.records is None:
        raise click.ClickException(f"{info.title} has no game records")
    return info.records


def require_extra(require: Callable[[str], None], extra: str) -> None:
    """Stop with a one-line error naming ``extra`` and its install command if it is missing.

    ``require`` is the game's check (:meth:`meeplekit.info.GameInfo.require`); commands
    call this before they play any game.
    """
    try:
        require(extra)
    except MissingExtraError as error:
        raise click.ClickException(str(error)) from None


# --------------------------------------------------------------------------- files


def read_input(path: Path, what: str = "file", *, limit: int | None = None) -> str:
    """The text of the input file ``path``, or a one-line error (:class:`click.ClickException`).

    Only a regular file is read: a folder, a named pipe (FIFO), a device such as
    ``/dev/zero`` or a socket is refused before anything is read from it (a FIFO would wait
    for a writer for ever). At most ``limit`` (default :data:`MAX_INPUT_BYTES`) + 1 bytes
    are read (:func:`meeplekit.files.read_regular`): a larger file is refused. A NUL byte
    marks a binary file, refused. The text must be UTF-8 (a byte-order mark is dropped).
    ``what`` names the file in the message, for example ``"game record"``.
    """
    bound = MAX_INPUT_BYTES if limit is None else limit
    shown = click.format_filename(path)
    try:
        raw = read_regular(path, bound)
    except NotRegularFile as error:
        raise click.ClickException(
            f"{shown}: {error.kind}, not a regular file; a {what} is read from a file"
        ) from None
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise click.ClickException(f"{shown}: cannot read it: {reason}") from None
    if len(raw) > bound:
        raise click.ClickException(
            f"{shown}: larger than {bound >> 20} MiB; a {what} is read only up to that size"
        )
    if b"\0" in raw:
        raise click.ClickException(
            f"{shown}: not a text file (it holds NUL bytes); a {what} is UTF-8 text"
        )
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


# --------------------------------------------------------------------------- the terminal


def terminal_width() -> int:
    """The width to wrap text to, from 40 to :data:`MAX_WIDTH` columns.

    ``COLUMNS`` when it is set (a script's or a test's choice, for a pipe too), else the
    terminal's width when standard output is a terminal and 80 columns when it is not
    (:func:`meeplekit.text.output_width`, the one home of the policy).
    """
    columns = columns_variable()
    width = columns if columns is not None else output_width(sys.stdout)
    return max(_MIN_WIDTH, min(MAX_WIDTH, width))


def wrap(text: str, width: int | None = None) -> str:
    """``text`` with each line wrapped to ``width`` (default: :func:`terminal_width`).

    A line keeps its indentation; a numbered or bulleted line (``"  12. Move to ..."``)
    continues under its text, any other line four columns further in. Lines that were
    wrapped before (a game's table, wrapped at another width) are joined first; lines that
    fit are left as they are; words, and short texts in brackets (``[go Kiln Works]``),
    are never broken (:func:`meeplekit.text.wrap`, the one home of wrapping).
    """
    return shared_wrap(text, terminal_width() if width is None else width, rejoin=True)


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
