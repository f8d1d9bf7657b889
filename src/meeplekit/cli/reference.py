"""``GAME rule``, ``GAME cards`` and ``GAME replay``: the rules, the cards, a record.

:func:`rule_command` prints a clause of the game's specification as plain text
(:func:`rule_text`, which ``play``'s ``rule ID`` shares) or lists them all;
:func:`cards_command` shows the game's cards as tables or one card in full, found by
:func:`find_by_name` (:func:`card_text`, which ``play``'s ``cards NAME`` shares);
:func:`replay_command` checks a game record move by move, narrates it as the game's demo
does and ends with the final position's code (:mod:`meeplekit.cli.position`).
"""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Callable, Sequence
from operator import attrgetter
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.console import Console

from meeplekit.cli.common import (
    cards_of,
    options_from,
    read_input,
    reading_parameters,
    records_of,
    specification_of,
    terminal_width,
    variant_from,
    variant_parameters,
    wrap,
)
from meeplekit.cli.position import final_code
from meeplekit.errors import RecordError
from meeplekit.info import GameInfo
from meeplekit.spec import normalize_rule_id

__all__ = [
    "card_text",
    "cards_command",
    "find_by_name",
    "name_key",
    "replay_command",
    "rule_command",
    "rule_text",
]

T = TypeVar("T")


# --------------------------------------------------------------------------- rule


def rule_text(info: GameInfo[Any, Any], rule_id: str, width: int, *, command: str = "") -> str:
    """The clause ``rule_id`` of the game's specification as plain text ``width`` columns wide.

    Its citations name each source document by its title and lines ("the Bremerhaven
    rulebook, lines 599–601"), never by a file a reader cannot open
    (:meth:`meeplekit.spec.Specification.clause_text`).

    The ID is read as :func:`meeplekit.spec.normalize_rule_id` reads it (``buy 2`` is
    ``BUY-2``). A clause the specification does not have raises
    :class:`click.ClickException` naming the closest IDs and how to list them all
    (``command``, default ``'GAME rule'``), as the ``rule`` command and ``play`` say it.
    """
    specification = specification_of(info)
    wanted = normalize_rule_id(rule_id)
    text = specification.clause_text(wanted, width)
    if text is None:
        close = difflib.get_close_matches(wanted, specification.rule_ids(), n=5, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        lister = command or f"{info.name} rule"
        raise click.ClickException(
            f"the specification has no rule {rule_id!r}{hint} ('{lister}' lists them)"
        )
    return text


def rule_command(info: GameInfo[Any, Any]) -> click.Command:
    """The ``rule`` command: a clause of the game's specification, or the list of them."""
    specification = specification_of(info)

    def run(rule_id: str | None) -> None:
        width = terminal_width()
        if rule_id is None:
            page = None
            for found in specification.clauses():
                if found.page is not page:
                    click.echo(("\n" if page is not None else "") + f"{found.page.title}:")
                    page = found.page
                title = specification.cite(found.title)
                click.echo(wrap(f"  - {found.rule_id}: {title}", width))
            return
        click.echo(rule_text(info, rule_id, width), nl=False)

    return click.Command(
        "rule",
        callback=run,
        params=[click.Argument(["rule_id"], required=False)],
        help=(
            f"Print the specification's clause RULE_ID (for example {info.rule_examples}).\n\n"
            "Without RULE_ID, list every clause's ID and title, page by page."
        ),
    )


# --------------------------------------------------------------------------- cards


def name_key(name: str) -> str:
    """How names compare: case, apostrophes, full stops and extra spaces do not matter.

    >>> name_key("  Fishmonger's  Row ")
    'fishmongers row'
    """
    return " ".join(re.sub(r"['’.]", "", name).casefold().split())


def find_by_name(
    items: Sequence[T], name: str, name_of: Callable[[T], str]
) -> tuple[tuple[T, ...], tuple[str, ...]]:
    """The items ``name`` names, and suggestions when none does.

    A name matches when it is the item's name (:func:`name_key`: case, apostrophes and
    full stops do not matter) or, failing that, the start of only one item's name (as in
    move notation: ``Kiln`` for the Kiln Works). Otherwise the first result is empty and
    the second lists the names that start with it, contain it or look like it (at most 8).
    """
    wanted = name_key(name)
    if not wanted:
        return (), ()
    exact = tuple(item for item in items if name_key(name_of(item)) == wanted)
    if exact:
        return exact, ()
    starts = [item for item in items if name_key(name_of(item)).startswith(wanted)]
    if len(starts) == 1:
        return (starts[0],), ()
    contains = [item for item in items if wanted in name_key(name_of(item))]
    names = [name_key(name_of(item)) for item in items]
    close = difflib.get_close_matches(wanted, names, n=5, cutoff=0.6)
    similar = [item for item in items if name_key(name_of(item)) in close]
    suggestions = dict.fromkeys(name_of(item) for item in [*starts, *contains, *similar])
    return (), tuple(suggestions)[:8]


def card_text(
    info: GameInfo[Any, Any], catalogue: Any, name: str, width: int, *, command: str = ""
) -> str:
    """The cards of ``catalogue`` that ``name`` names, in full and ``width`` columns wide.

    Each card comes with the rules that govern it; the rulebook lines a description cites
    are named as a reader reads them (:meth:`meeplekit.spec.Specification.cite`). A name is
    found by :func:`find_by_name`; a name that fits no card raises :class:`click.ClickException`
    with the suggestions and how to list the cards (``command``, default ``'GAME cards'``)
    and print a rule (``command`` without its last word, then ``rule ID``), as the
    ``cards`` command and ``play`` say it.
    """
    cards = cards_of(info)
    lister = command or f"{info.name} cards"
    found, suggestions = find_by_name(cards.entries(catalogue), name, attrgetter("name"))
    if not found:
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        raise click.ClickException(
            f"{cards.title(catalogue)} has no {cards.kinds} named {name!r}{hint} "
            f"('{lister}' lists them)"
        )
    rule = " ".join([*lister.split()[:-1], "rule ID"])
    specification = specification_of(info)
    return "\n\n".join(
        wrap(
            # A card's name may be anything: only a citation with its lines is one here.
            f"{specification.cite(card.text, bare=False)}\n"
            f"Rules: {', '.join(card.rules)} ('{rule}' prints one).",
            width,
        )
        for card in found
    )


def cards_command(info: GameInfo[Any, Any]) -> click.Command:
    """The ``cards`` command: the game's cards as tables, or one card in full."""
    cards = cards_of(info)

    def run(name: str | None, **params: Any) -> None:
        options = options_from(info.readings, params) if cards.readings else info.default_readings()
        catalogue = info.catalogue_of(options, variant_from(info, params))
        if name is None:
            console = Console(highlight=False)
            for table in cards.tables(catalogue, console.width):
                console.print(table)
            return
        click.echo(card_text(info, catalogue, name, terminal_width()))

    params: list[click.Parameter] = [click.Argument(["name"], required=False)]
    params.extend(variant_parameters(info))
    if cards.readings:
        params.extend(reading_parameters(info.readings))
    return click.Command("cards", callback=run, params=params, help=cards.help)


# --------------------------------------------------------------------------- replay


def replay_command(
    info: GameInfo[Any, Any], *, read: Callable[[Path, str], str] | None = None
) -> click.Command:
    """The ``replay`` command: check a game record move by move, narrate it, end with its code.

    ``read(path, what)`` reads the file (default :func:`meeplekit.cli.common.read_input`).
    """
    reader = read_input if read is None else read
    records = records_of(info)

    def run(file: Path) -> None:
        shown = click.format_filename(file)
        try:
            record = records.read(reader(file, "game record"))
            states = records.replay(record)
        except RecordError as error:
            raise click.ClickException(f"{shown}: {error}") from None
        start = record.start
        out = sys.stdout
        width = terminal_width()
        narration = info.narration
        out.write(wrap(narration.describe_setup(start, show_seed=True), width) + "\n")
        records.narrate(start, record.moves, out)
        if not info.game.is_over(states[-1]):
            out.write(
                f"\nThe record stops after {len(record.moves)} moves; the game is not over.\n"
            )
        else:
            out.write("\n" + wrap(narration.describe_outcome(states[-1]), width) + "\n")
        code = final_code(info, states[-1])
        if code is not None:
            out.write(f"\n{code}\n")

    return click.Command(
        "replay",
        callback=run,
        params=[
            click.Argument(["file"], type=click.Path(exists=True, dir_okay=False, path_type=Path))
        ],
        help=(
            "Check the game record FILE move by move and narrate it; end with the final "
            "position's code."
        ),
    )
