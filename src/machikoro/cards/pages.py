"""The pages written from data: the card clauses, the card reference and the readings.

The catalogue (:mod:`machikoro.cards.catalogue`) is the one home of the card facts, and
:class:`~machikoro.options.RulesOptions` of the readings. This module writes
``spec/cards.md`` (a clause per card, MK-CARD-1 to MK-CARD-25 and MK-LANDMARK-1 to
MK-LANDMARK-7, each with its fields, their sources and confidence), the docs' card
reference page and the docs' table of readings; a test checks that the files are up to
date. Regenerate them with::

    PYTHONPATH=src python -m machikoro.cards.pages --write
"""

from __future__ import annotations

import argparse
import enum
from pathlib import Path
from typing import Any

import attrs

from machikoro.cards.catalogue import (
    CATALOGUE,
    SOURCES,
    Conflict,
    EstablishmentEntry,
    Fact,
    LandmarkEntry,
    card_set,
)
from machikoro.cards.describe import (
    WHEN,
    activation_text,
    describe_establishment,
    describe_landmark,
    effect_rule,
)
from machikoro.cards.model import Edition
from machikoro.options import RulesOptions, field_meaning, field_rule, reading_meaning

__all__ = [
    "READINGS_PATH",
    "REFERENCE_PATH",
    "SPEC_PATH",
    "card_rule",
    "landmark_rule",
    "main",
    "readings_page",
    "reference_page",
    "spec_page",
]

#: The specification's card page (:func:`spec_page`), relative to the repository's root.
SPEC_PATH = Path("src/machikoro/spec/cards.md")
#: The card reference's page (:func:`reference_page`), relative to the repository's root.
REFERENCE_PATH = Path("docs/machikoro/cards.md")
#: The readings' page (:func:`readings_page`), relative to the repository's root.
READINGS_PATH = Path("docs/machikoro/readings.md")


def _generated(source: str) -> str:
    return (
        f"<!-- Generated from {source} by `python -m machikoro.cards.pages --write`; "
        "do not edit by hand. -->"
    )


def card_rule(number: int) -> str:
    """The clause ID of an establishment (``MK-CARD-1`` for card number 0)."""
    return f"MK-CARD-{number + 1}"


def landmark_rule(number: int) -> str:
    """The clause ID of a landmark (``MK-LANDMARK-1`` for landmark number 0)."""
    return f"MK-LANDMARK-{number + 1}"


def _value(value: object) -> str:
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    if value is None:
        return "none"
    key = getattr(value, "key", None)
    if isinstance(key, str):
        return key.replace("-", " ").title()
    text = getattr(value, "value", value)
    return str(text)


def _row(field: str, known: Fact[Any] | Conflict[Any], shown: str | None = None) -> str:
    if isinstance(known, Conflict):
        parts = [f"{_value(v)} ({', '.join(s)})" for v, s in known.values]
        value = " or ".join(parts)
        note = known.note
    else:
        value = shown if shown is not None else _value(known.value)
        note = known.note
    sources = ", ".join(known.sources)
    cell = f"{value}; {note}" if note else value
    return f"| {field} | {cell} | {known.confidence} | {sources} |"


def _sources_line(keys: list[str]) -> str:
    listed = "; ".join(f"{SOURCES[k].title}: {SOURCES[k].where}" for k in keys)
    return f"Source: {listed}."


def _ordered_sources(*facts: Fact[Any] | Conflict[Any]) -> list[str]:
    seen: list[str] = []
    for fact in facts:
        for key in fact.sources:
            if key not in seen:
                seen.append(key)
    return seen


def _establishment_clause(entry: EstablishmentEntry) -> list[str]:
    card = entry.card()
    rule = card_rule(entry.number)
    edition = "base game" if entry.edition is Edition.BASE else "Harbor expansion"
    kind = "major establishment" if card.major else "establishment"
    copies = f"{card.copies} supply copies"
    if card.fifth_player_copies:
        copies += " (and a 5th in the Harbor box, used only with 5 players: MKH-PLAYERS-2)"
    if card.starting:
        copies += f"; each player starts with {card.starting}"
    cost = (
        "costs 4 or 2 coins (the sources disagree: MK-INT-1)"
        if isinstance(entry.cost, Conflict)
        else f"costs {card.cost} coin{'s' if card.cost != 1 else ''}"
    )
    lines = [
        f"(rule-{rule.lower()})=",
        "",
        f"### {rule}: {card.name}",
        "",
        f"A {card.colour.value} {kind} of the {edition} with the {card.icon.value} icon. It "
        f"activates on {activation_text(card)}, {WHEN[card.colour]} ({effect_rule(card)}), "
        f"and {cost}; {copies}. Effect: {describe_establishment(card)}",
        "",
        "| Field | Value | Confidence | Sources |",
        "|---|---|---|---|",
        _row("name", entry.name),
        _row("colour", entry.colour),
        _row("icon", entry.icon),
        _row("activation", entry.activation, activation_text(card)),
        _row("cost", entry.cost),
        _row("effect", entry.effect, describe_establishment(card)),
        _row("needs", entry.requires),
        _row("copies", entry.copies),
        "",
        _sources_line(
            _ordered_sources(
                entry.name,
                entry.colour,
                entry.icon,
                entry.activation,
                entry.cost,
                entry.effect,
                entry.copies,
            )
        ),
        "",
    ]
    return lines


def _landmark_clause(entry: LandmarkEntry) -> list[str]:
    card = entry.card()
    rule = landmark_rule(entry.number)
    edition = "base game" if entry.edition is Edition.BASE else "Harbor expansion"
    if card.pre_built:
        status = (
            "It is pre-constructed: every player starts with it built, it is never built and "
            "it does not count among the landmarks to build (MKH-CITYHALL-1)."
        )
    else:
        status = f"It costs {card.cost} coins to build."
    return [
        f"(rule-{rule.lower()})=",
        "",
        f"### {rule}: {card.name}",
        "",
        f"A landmark of the {edition}. {status} Benefit, from its completion on "
        f"(MKH-LANDMARK-2): {describe_landmark(card)}",
        "",
        "| Field | Value | Confidence | Sources |",
        "|---|---|---|---|",
        _row("name", entry.name),
        _row("cost", entry.cost),
        _row("effect", entry.effect, describe_landmark(card)),
        "",
        _sources_line(_ordered_sources(entry.name, entry.cost, entry.effect)),
        "",
    ]


def spec_page() -> str:
    """The text of ``spec/cards.md``: one clause per card, written from the catalogue."""
    lines = [
        _generated("src/machikoro/cards/catalogue.py"),
        "",
        "# Cards",
        "",
        "Every establishment and landmark of the base game and the Harbor expansion, one "
        "clause each, written from the catalogue (`machikoro.cards.catalogue`), which is the "
        "one home of these facts. The Harbor rulebook (`003_6672db208bb53134.txt`) gives no "
        "card values and the base rulebook is not among the project's documents, so each "
        "field cites the public sources that give it "
        "and a confidence: H (two or more independent sources agree, or a rulebook says it), "
        "M (one good source, or implementations that agree) or CONFLICT (the sources "
        "disagree; the first value is the default, and `RulesOptions` selects the other). "
        "Icons (MK-ICON-1) say which cards another card counts. The copies are derived from "
        "the component lists of the two rulebooks (MK-COMP-2, MKH-COMP-1).",
        "",
        "## Establishments",
        "",
    ]
    for entry in CATALOGUE.establishments:
        lines += _establishment_clause(entry)
    lines += ["## Landmarks", ""]
    for landmark in CATALOGUE.landmarks:
        lines += _landmark_clause(landmark)
    return "\n".join(lines).rstrip() + "\n"


def reference_page() -> str:
    """The text of the docs' card reference: every card as a table row, from the data."""
    cards = card_set()
    lines = [
        _generated("src/machikoro/cards/catalogue.py"),
        "",
        "# Card reference",
        "",
        "Every card of Machi Koro and its Harbor expansion as the engine plays it, written "
        "from the card data (`machikoro.cards.catalogue`). The Sushi Bar's cost is 4 by "
        'default and 2 under `RulesOptions(sushi_bar_cost="2")` '
        "({ref}`MK-INT-1 <rule-mk-int-1>`). Each card's clause, with the sources of every "
        "field, is on the {doc}`spec/cards` page.",
        "",
        "## Establishments",
        "",
        "| # | Establishment | Box | Colour | Icon | Roll | Cost | Copies | Effect | Clause |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for card in cards.establishments:
        copies = str(card.copies) + (" (+1 for 5 players)" if card.fifth_player_copies else "")
        if card.starting:
            copies += f" + {card.starting} per player at the start"
        cost = "4 or 2" if card.number == 1 else str(card.cost)
        rule = card_rule(card.number)
        lines.append(
            f"| {int(card.number)} | {card.name} | {card.edition.value} | {card.colour.value} | "
            f"{card.icon.value} | {activation_text(card)} | {cost} | {copies} | "
            f"{describe_establishment(card)} ({WHEN[card.colour]}) | "
            f"{{ref}}`{rule} <rule-{rule.lower()}>` |"
        )
    lines += [
        "",
        "## Landmarks",
        "",
        "| # | Landmark | Box | Cost | Benefit | Clause |",
        "|---|---|---|---|---|---|",
    ]
    for landmark in cards.landmarks:
        rule = landmark_rule(landmark.number)
        cost = "pre-built" if landmark.pre_built else str(landmark.cost)
        lines.append(
            f"| {int(landmark.number)} | {landmark.name} | {landmark.edition.value} | {cost} | "
            f"{describe_landmark(landmark)} | {{ref}}`{rule} <rule-{rule.lower()}>` |"
        )
    return "\n".join(lines) + "\n"


def readings_page() -> str:
    """The text of the docs' readings page: every :class:`RulesOptions` field and its values."""
    lines = [
        _generated("src/machikoro/options.py"),
        "",
        "# Readings",
        "",
        "Every choice `machikoro.RulesOptions` offers: the edition, the marketplace and each "
        "open reading that changes outcomes, with the clause that states it, its values and "
        "its default. Each reading's texts and reasons are on the "
        "{doc}`spec/interpretations` page; readings that change no outcome are there too, "
        "without an option. A field takes its enum member or the member's string value, "
        'for example `RulesOptions(reroll_dice="same")`.',
        "",
        "| Field | Clause | What it selects | Values (default first) |",
        "|---|---|---|---|",
    ]
    defaults = RulesOptions()
    for field in attrs.fields(RulesOptions):
        rule = field_rule(field.name)
        default = getattr(defaults, field.name)
        if isinstance(default, enum.Enum):
            members = [default, *(m for m in type(default) if m is not default)]
            values = "; ".join(f"`{m.value!r}`: {reading_meaning(m).rstrip('.')}" for m in members)
        else:
            values = f"`{default!r}` (default) or `{not default!r}`"
        lines.append(
            f"| `{field.name}` | {{ref}}`{rule} <rule-{rule.lower()}>` | "
            f"{field_meaning(field.name)} | {values} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (``--write``) or check the two pages under ``--root`` (the repository's root)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--root", type=Path, default=Path.cwd())
    parser.add_argument("--write", action="store_true", help="write the pages")
    args = parser.parse_args(argv)
    stale = []
    written = (
        (SPEC_PATH, spec_page()),
        (REFERENCE_PATH, reference_page()),
        (READINGS_PATH, readings_page()),
    )
    for path, text in written:
        target = args.root / path
        if args.write:
            target.write_text(text, encoding="utf-8")
        elif not target.exists() or target.read_text(encoding="utf-8") != text:
            stale.append(str(path))
    if stale:
        print("out of date:", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
