"""``harbour rule``, ``harbour cards`` and ``harbour replay``: the rules, the cards, a record.

:func:`clause` gives a clause of the specification as its Markdown source,
:func:`clause_text` as plain text for a terminal (no MyST roles, labels or emphasis
markers; the rulebooks named by their titles, :data:`RULEBOOKS`), :func:`rule_ids` and
:func:`rule_titles` list the clauses. :func:`find_cards` looks a card up by name.
"""

from __future__ import annotations

import difflib
import re
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from harbour.bots import Bot
from harbour.cards.describe import (
    card_rules,
    describe_bonus_card,
    describe_building,
    describe_effect,
    describe_symbols,
)
from harbour.cards.model import BonusCard, Building, CardSet, PlayerBoard
from harbour.cli.common import fit_table, load_cards, read_input, terminal_width, wrap
from harbour.demo import play
from harbour.errors import RecordError
from harbour.moves import Move
from harbour.narrate import describe_outcome, describe_setup
from harbour.observation import Observation
from harbour.records import read_record
from harbour.records import replay as replay_record
from harbour.specification import RULEBOOKS, SPECIFICATION
from meeplekit.spec import normalize_rule_id

__all__ = [
    "RULEBOOKS",
    "bonus_card_table",
    "building_table",
    "cards",
    "character_table",
    "clause",
    "clause_text",
    "find_cards",
    "replay",
    "rule",
    "rule_ids",
    "rule_titles",
]


def rule_ids() -> list[str]:
    """Every rule ID the specification defines, page by page as the documentation orders them."""
    return SPECIFICATION.rule_ids()


def rule_titles() -> list[tuple[str, str]]:
    """Every rule ID the specification defines with its clause's title, in page order."""
    return SPECIFICATION.rule_titles()


def clause(rule_id: str) -> str | None:
    """The clause of ``rule_id`` as Markdown (heading, text, sources, readings), or ``None``."""
    return SPECIFICATION.clause(rule_id)


def clause_text(rule_id: str, width: int = 100) -> str | None:
    """The clause of ``rule_id`` as plain text wrapped to ``width`` columns, or ``None``.

    The heading reads ``"INT-3: title"``; cross-references become the IDs or titles they
    show, emphasis and code markers are dropped, each rulebook is named by its title
    (:data:`RULEBOOKS`), list items and tables keep their shape.
    """
    return SPECIFICATION.clause_text(rule_id, width)


# --------------------------------------------------------------------------- harbour rule


@click.command()
@click.argument("rule_id", required=False)
def rule(rule_id: str | None) -> None:
    """Print the specification's clause RULE_ID (for example TOLL-2 or INT-3).

    Without RULE_ID, list every clause's ID and title, page by page.
    """
    width = terminal_width()
    if rule_id is None:
        page = None
        for found in SPECIFICATION.clauses():
            if found.page is not page:
                click.echo(("\n" if page is not None else "") + f"{found.page.title}:")
                page = found.page
            click.echo(wrap(f"  - {found.rule_id}: {found.title}", width))
        return
    wanted = normalize_rule_id(rule_id)
    text = clause_text(wanted, width)
    if text is None:
        close = difflib.get_close_matches(wanted, rule_ids(), n=5, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise click.ClickException(
            f"the specification has no rule {rule_id!r}{hint} ('harbour rule' lists them)"
        )
    click.echo(text, nl=False)


# --------------------------------------------------------------------------- harbour cards

#: A card of a set: a building, a character board or a bonus point card.
Card = Building | PlayerBoard | BonusCard


def _norm(name: str) -> str:
    """How names compare: case, apostrophes, full stops and extra spaces do not matter."""
    return " ".join(re.sub(r"['’.]", "", name).casefold().split())


def find_cards(card_set: CardSet, name: str) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """The cards of ``card_set`` that ``name`` names, and suggestions when none does.

    Buildings, character boards and bonus point cards are searched. A name matches when
    it is the card's name (case, apostrophes and full stops do not matter) or, failing
    that, the start of only one card's name (as in move notation: ``Kiln`` for the Kiln
    Works). Otherwise the first result is empty and the second lists the names that start
    with it, contain it or look like it.
    """
    everything: list[Card] = [*card_set.buildings, *card_set.characters, *card_set.bonus_cards]
    wanted = _norm(name)
    if not wanted:
        return (), ()
    exact = tuple(card for card in everything if _norm(card.name) == wanted)
    if exact:
        return exact, ()
    starts = [card for card in everything if _norm(card.name).startswith(wanted)]
    if len(starts) == 1:
        return (starts[0],), ()
    contains = [card for card in everything if wanted in _norm(card.name)]
    names = [_norm(card.name) for card in everything]
    close = difflib.get_close_matches(wanted, names, n=5, cutoff=0.6)
    similar = [card for card in everything if _norm(card.name) in close]
    suggestions = dict.fromkeys(card.name for card in [*starts, *contains, *similar])
    return (), tuple(suggestions)[:8]


def _describe_card(card: Card) -> str:
    rules = ", ".join(card_rules(card))
    if isinstance(card, Building):
        text = describe_building(card)
    elif isinstance(card, PlayerBoard):
        ability = f"Ability: {card.text}\n" if card.text else ""
        text = (
            f"{card.name} (character board)\n{ability}Starting building (symbols: "
            f"{describe_symbols(card.symbols)}): {describe_effect(card.action)}."
        )
    else:
        text = f"{card.name} (bonus point card): {describe_bonus_card(card)} at the end."
    return f"{text}\nRules: {rules} ('harbour rule ID' prints one)."


def building_table(card_set: CardSet, width: int = 80) -> Table:
    """The buildings of ``card_set`` as a rich table ``width`` columns wide at most."""
    rows = [
        (
            str(index),
            b.name,
            "-" if b.cost is None else f"${b.cost}",
            str(b.points),
            describe_symbols(b.symbols),
            describe_effect(b.action),
        )
        for index, b in enumerate(card_set.buildings)
    ]
    columns = (
        ("#", "right", 0),
        ("building", "left", 1),
        ("price", "right", 0),
        ("VP", "right", 0),
        ("symbols", "left", 1),
        ("action", "left", 4),
    )
    return fit_table(f"{card_set.name}: buildings", columns, rows, width)


def character_table(card_set: CardSet, width: int = 80) -> Table:
    """The character boards of ``card_set``: starting building and ability (CHAR-1)."""
    rows = [
        (c.name, f"{describe_effect(c.action)} ({describe_symbols(c.symbols)})", c.text or "-")
        for c in card_set.characters
    ]
    columns = (
        ("character", "left", 0),
        ("starting building (symbols)", "left", 1),
        ("ability", "left", 1),
    )
    return fit_table(f"{card_set.name}: characters", columns, rows, width)


def bonus_card_table(card_set: CardSet, width: int = 80) -> Table:
    """The bonus point cards of ``card_set`` and what each scores (BONUS-2)."""
    rows = [(c.name, describe_bonus_card(c)) for c in card_set.bonus_cards]
    columns = (("bonus card", "left", 0), ("scores at the end", "left", 1))
    return fit_table(f"{card_set.name}: bonus point cards", columns, rows, width)


@click.command()
@click.argument("name", required=False)
@click.option(
    "--cards", "card_set", default="original", show_default=True, help="'original' or a card file"
)
def cards(name: str | None, card_set: str) -> None:
    """The cards of a card set as tables, or the card NAME in full.

    NAME is a building, a character board or a bonus point card; case does not matter and
    any start of a name that fits one card only will do (Kiln for the Kiln Works).
    """
    chosen = load_cards(card_set)
    if name is None:
        console = Console(highlight=False)
        console.print(building_table(chosen, console.width))
        if chosen.characters:
            console.print(character_table(chosen, console.width))
        if chosen.bonus_cards:
            console.print(bonus_card_table(chosen, console.width))
        return
    found, suggestions = find_cards(chosen, name)
    if not found:
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        raise click.ClickException(
            f"{chosen.name} has no building, character or bonus point card named {name!r}"
            f"{hint} ('harbour cards' lists them)"
        )
    width = terminal_width()
    click.echo("\n\n".join(wrap(_describe_card(card), width) for card in found))


# --------------------------------------------------------------------------- harbour replay


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
    shown = click.format_filename(file)
    try:
        record = read_record(read_input(file, "game record"))
        states = replay_record(record)
    except RecordError as error:
        raise click.ClickException(f"{shown}: {error}") from None
    start = record.start
    player: Bot = _Recorded(record.moves)
    out = sys.stdout
    width = terminal_width()
    out.write(wrap(describe_setup(start), width) + "\n")
    try:
        play(start, [player] * len(start.players), out)
    except _RecordEnds:
        out.write(f"\nThe record stops after {len(record.moves)} moves; the game is not over.\n")
        return
    out.write("\n" + wrap(describe_outcome(states[-1]), width) + "\n")
