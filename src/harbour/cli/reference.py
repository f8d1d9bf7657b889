"""``harbour rule``, ``harbour cards`` and ``harbour replay``: the rules, the cards, a record."""

from __future__ import annotations

import difflib
import re
import sys
from importlib import resources
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from harbour.bots import Bot
from harbour.cards.describe import describe_building, describe_effect, describe_symbols
from harbour.cli.common import load_cards
from harbour.demo import play
from harbour.errors import RecordError
from harbour.moves import Move
from harbour.narrate import describe_outcome, describe_setup
from harbour.observation import Observation
from harbour.records import read_record
from harbour.records import replay as replay_record

__all__ = ["cards", "clause", "replay", "rule", "rule_ids"]

#: A clause heading of the specification: ``### TOLL-2: title``.
_HEADING = re.compile(r"^(#{2,4}) ([A-Z]+-\d+): (.*)$", re.MULTILINE)


def _pages() -> list[str]:
    """The text of every page of the specification shipped with the package."""
    spec = resources.files("harbour") / "spec"
    return [
        page.read_text(encoding="utf-8")
        for page in sorted(spec.iterdir(), key=lambda p: p.name)
        if page.name.endswith(".md")
    ]


def rule_ids() -> list[str]:
    """Every rule ID the specification defines, in page order."""
    return [m.group(2) for text in _pages() for m in _HEADING.finditer(text)]


def clause(rule_id: str) -> str | None:
    """The clause of ``rule_id`` as Markdown (heading, text, sources, readings), or ``None``."""
    for text in _pages():
        for match in _HEADING.finditer(text):
            if match.group(2) != rule_id:
                continue
            level = len(match.group(1))
            ends = re.compile(rf"^#{{1,{level}}} |^\(.*\)=$", re.MULTILINE)
            end = ends.search(text, match.end())
            return text[match.start() : end.start() if end else len(text)].rstrip() + "\n"
    return None


@click.command()
@click.argument("rule_id")
def rule(rule_id: str) -> None:
    """Print the specification's clause RULE_ID (for example TOLL-2 or INT-3)."""
    wanted = rule_id.strip().upper()
    text = clause(wanted)
    if text is None:
        close = difflib.get_close_matches(wanted, rule_ids(), n=5, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise click.ClickException(f"the specification has no rule {rule_id!r}{hint}")
    click.echo(text, nl=False)


@click.command()
@click.argument("name", required=False)
@click.option(
    "--cards", "card_set", default="original", show_default=True, help="'original' or a card file"
)
def cards(name: str | None, card_set: str) -> None:
    """The buildings of a card set as a table, or the building NAME in full."""
    chosen = load_cards(card_set)
    console = Console()
    if name is None:
        table = Table(title=chosen.name, show_lines=False)
        for column in ("#", "building", "price", "VP", "symbols", "action"):
            table.add_column(column, justify="right" if column in ("#", "price", "VP") else "left")
        for index, building in enumerate(chosen.buildings):
            table.add_row(
                str(index),
                building.name,
                "-" if building.cost is None else f"${building.cost}",
                str(building.points),
                describe_symbols(building.symbols),
                describe_effect(building.action),
            )
        console.print(table)
        return
    by_name = {b.name.casefold(): b for b in chosen.buildings}
    found = by_name.get(name.casefold())
    if found is None:
        close = difflib.get_close_matches(name, [b.name for b in chosen.buildings], n=5)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise click.ClickException(f"{chosen.name} has no building {name!r}{hint}")
    console.print(f"[bold]{found.name}[/bold]")
    console.print(describe_building(found))


class _RecordEnds(Exception):
    """The record has no more moves."""


class _Recorded:
    """A bot that plays the moves of a record in order (the narration is the demo's)."""

    def __init__(self, moves: tuple[Move, ...]) -> None:
        self._moves = iter(moves)

    def choose(self, observation: Observation) -> Move:
        """The record's next move."""
        for move in self._moves:
            return move
        raise _RecordEnds


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def replay(file: Path) -> None:
    """Check the game record FILE move by move and narrate it."""
    try:
        record = read_record(file.read_text(encoding="utf-8"))
        states = replay_record(record)
    except RecordError as error:
        raise click.ClickException(f"{file}: {error}") from None
    start = record.start
    player: Bot = _Recorded(record.moves)
    out = sys.stdout
    out.write(describe_setup(start) + "\n")
    try:
        play(start, [player] * len(start.players), out)
    except _RecordEnds:
        out.write(f"\nThe record stops after {len(record.moves)} moves; the game is not over.\n")
        return
    out.write("\n" + describe_outcome(states[-1]) + "\n")
