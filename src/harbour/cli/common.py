"""What the ``harbour`` commands share: options, bots, card sets, seeds, files and the terminal.

Every game's command shares these (:mod:`meeplekit.cli.common`); this module gives them
Harbour's options class and card sets. The command never shows a traceback for a
problem of its input or environment: files are read with a size bound and must be UTF-8
text (:func:`read_input`), outputs are checked before any game is played and written with
a one-line error (:func:`check_writable`, :func:`write_output`), and a missing optional
extra is named with its install command (:func:`require_extra`, from
:mod:`harbour.extras`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

from harbour.cards.model import CardSet
from harbour.extras import require
from harbour.lab import LAB
from harbour.options import RulesOptions
from meeplekit.cli import common as shared
from meeplekit.cli.common import (
    MAX_WIDTH,
    SEED,
    check_writable,
    fit_table,
    terminal_width,
    wrap,
    write_output,
)

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

#: The largest input file the command reads (16 MiB); it reads at most one byte more.
MAX_INPUT_BYTES: Final = shared.MAX_INPUT_BYTES


def reading_options(command: F) -> F:
    """Add one option per :class:`~harbour.options.RulesOptions` field to a command.

    A reading is ``--field-name VALUE`` (a choice of the reading's values), a switch
    ``--field-name/--no-field-name``; left out, the field keeps its default. The help of
    each option names its rule and says what every value means
    (:mod:`harbour.cli.readings`, which the demo shares).
    """
    return shared.reading_options(RulesOptions)(command)


def options_from(params: Mapping[str, object]) -> RulesOptions:
    """The rule readings chosen with :func:`reading_options` (``None``: the default)."""
    return shared.options_from(RulesOptions, params)


def parse_assignment(text: str) -> tuple[str, object]:
    """``FIELD=VALUE`` as a :class:`~harbour.options.RulesOptions` field name and value.

    ``FIELD`` is spelt as its option (``tie-break``) or its field (``tie_break``);
    ``VALUE`` is a reading's value, or ``on``/``off`` (``true``/``false``) for a switch.
    """
    return shared.parse_assignment(RulesOptions, text)


def apply_assignments(base: RulesOptions, assignments: Sequence[str]) -> RulesOptions:
    """``base`` with every ``FIELD=VALUE`` of ``assignments`` applied, in order."""
    return shared.apply_assignments(base, assignments)


def load_cards(spec: str) -> CardSet:
    """A built-in card set by name (``original`` is the library's own) or a card file."""
    cards: CardSet = shared.load_variant(LAB, spec)
    return cards


def check_game(players: int, options: RulesOptions, cards: CardSet) -> None:
    """Raise a usage error, naming the rule, unless such a game can be set up."""
    shared.check_game(LAB, players, options, cards)


def require_extra(extra: str) -> None:
    """Stop with a one-line error naming ``extra`` and its install command if it is missing.

    Commands call this before they play any game (:func:`harbour.extras.require`).
    """
    shared.require_extra(require, extra)


def read_input(path: Path, what: str = "file") -> str:
    """The text of the input file ``path``, or a one-line error (:class:`click.ClickException`).

    Only a regular file is read: a folder, a named pipe, a device such as ``/dev/zero`` is
    refused before anything is read from it. At most :data:`MAX_INPUT_BYTES` + 1 bytes are
    read: a larger file is refused. A NUL byte marks a binary file, refused at the first
    chunk that holds one. The text must be UTF-8 (a byte-order mark is dropped). ``what`` names
    the file in the message, for example ``"game record"``
    (:func:`meeplekit.cli.common.read_input`).
    """
    return shared.read_input(path, what, limit=MAX_INPUT_BYTES)
