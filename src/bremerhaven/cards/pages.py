"""The docs' pages written from data: the card reference and the readings.

The original set (:data:`~bremerhaven.cards.original.ORIGINAL`) is the one home of the
cards the library plays with, the catalogue (:data:`~bremerhaven.cards.catalogue.CATALOGUE`)
of what the rulebook says about the published ones, and
:class:`~bremerhaven.options.RulesOptions` of the readings. This module writes the docs'
card reference page (:func:`reference_page`: every card of the original set, each marked
original, then every fact of the catalogue with its lines and every unknown marked unknown)
and the docs' table of readings (:func:`readings_page`); a test checks that the files are
up to date. Regenerate them with::

    PYTHONPATH=src python -m bremerhaven.cards.pages --write

Without ``--write`` the command checks the pages and exits 1 when one is stale.

>>> page = reference_page()
>>> page.splitlines()[2], "| Lighthouse |" in page
('# Card reference', True)
"""

from __future__ import annotations

import argparse
import enum
import inspect
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Final

import attrs

from bremerhaven.cards.catalogue import CATALOGUE, Catalogue, Known, Span, Unknown
from bremerhaven.cards.describe import (
    describe_building,
    describe_cargo,
    describe_effect,
    describe_event,
    describe_goods,
    describe_space,
    describe_stake,
    effect_rule,
)
from bremerhaven.cards.model import (
    Charge,
    ContractCard,
    Good,
    Origin,
    Reward,
    ShipCard,
    Space,
)
from bremerhaven.cards.original import ORIGINAL, ORIGINAL_FILE
from bremerhaven.options import RulesOptions, field_meaning, field_rule, reading_meaning

__all__ = [
    "READINGS_PATH",
    "REFERENCE_PATH",
    "SECTIONS",
    "main",
    "readings_page",
    "reference_page",
]

#: The card reference's page (:func:`reference_page`), relative to the repository's root.
REFERENCE_PATH: Final = Path("docs/bremerhaven/cards.md")
#: The readings' page (:func:`readings_page`), relative to the repository's root.
READINGS_PATH: Final = Path("docs/bremerhaven/readings.md")

#: Each part of the catalogue (a field of :class:`~bremerhaven.cards.catalogue.Catalogue`):
#: its heading on the card reference and the clauses that state it.
SECTIONS: Final[dict[str, tuple[str, tuple[str, ...]]]] = {
    "components": ("The component list", ("BH-COMP-4", "BH-COMP-5")),
    "ships": ("Ship cards in the rulebook", ("BH-CARD-2",)),
    "contracts": ("Contract cards in the rulebook", ("BH-CARD-3",)),
    "buildings": ("Building cards in the rulebook", ("BH-CARD-4", "BH-CARD-5")),
    "prices": ("Price cards in the rulebook", ("BH-CARD-6",)),
    "newspapers": ("Newspaper cards in the rulebook", ("BH-CARD-7",)),
    "short_game": ("Short Game Special Edition cards in the rulebook", ("BH-CARD-8",)),
    "harbor": (
        "Harbor boards, Cover cards and Bollards in the rulebook",
        ("BH-CARD-9", "BH-CARD-10"),
    ),
    "track": ("The Progress track in the rulebook", ("BH-CARD-11",)),
    "boards": ("The Town, Sea and Land boards in the rulebook", ("BH-CARD-11",)),
}

_GOODS: Final = tuple(Good)


def _generated(*sources: str) -> str:
    return (
        f"<!-- Generated from {' and '.join(sources)} by "
        "`python -m bremerhaven.cards.pages --write`; do not edit by hand. -->"
    )


def _ref(rule: str) -> str:
    return f"{{ref}}`{rule} <rule-{rule.lower()}>`"


def _refs(rules: Iterable[str]) -> str:
    return ", ".join(_ref(rule) for rule in rules)


def _cell(text: str) -> str:
    """Text fit for one cell of a Markdown table."""
    return text.replace("|", "\\|").replace("\n", " ")


def _origin(origin: Origin) -> str:
    return f"**{origin.value}**"


def _counts(counts: frozenset[int]) -> str:
    return ", ".join(str(n) for n in sorted(counts)) or "none"


def _table(header: tuple[str, ...], rows: Iterable[tuple[str, ...]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return lines


# --------------------------------------------------------------------------- the original set


def _ship_row(card: ShipCard) -> tuple[str, ...]:
    return (
        card.name,
        str(card.lay_time),
        describe_cargo(card),
        str(card.berth),
        str(card.prestige),
        _counts(card.players),
        _counts(card.long_only),
        str(card.back),
        f"`{card.key}`",
        _origin(card.origin),
    )


def _contract_row(card: ContractCard) -> tuple[str, ...]:
    return (
        card.name,
        str(card.delivery),
        describe_goods(card.goods),
        describe_stake(card.penalty),
        describe_stake(card.reward),
        "yes" if card.train else "no",
        _counts(card.players),
        _counts(card.long_only),
        str(card.back),
        f"`{card.key}`",
        _origin(card.origin),
    )


def _building_source(name: str) -> str:
    """What of the card comes from the rulebook, for a Building it names (BH-CARD-5)."""
    try:
        named = CATALOGUE.building(name)
    except KeyError:
        return "none"
    effects = named.effects
    if isinstance(effects, Unknown):
        ability = "not its ability (unknown)"
    elif effects.inferred:
        ability = f"its ability, inferred ({effects.lines})"
    else:
        ability = f"its ability ({effects.lines})"
    return f"its name ({named.name.lines}) and {ability}"


def _event_source(name: str) -> str:
    """What of the card comes from the rulebook, for the event it names (BH-CARD-7)."""
    for event in CATALOGUE.newspapers.events:
        if event.name.value == name:
            return f"its name ({event.name.lines}) and event ({event.effect.lines})"
    return "none"


def _original_part() -> list[str]:
    cards = ORIGINAL
    board = cards.board
    lines = [
        f'## The original set "{cards.name}"',
        "",
        f"Every card of the library's own set ({_ref('BH-CARD-15')}), as the engine plays it, "
        f"written from the card data (`bremerhaven.cards.original.ORIGINAL`, read from "
        f"`{ORIGINAL_FILE}`). Every card is marked **{Origin.ORIGINAL.value}**: its values "
        "are the library's, invented for play, and none is a value of the printed game, "
        f"which no public source gives ({_ref('BH-CARD-1')}, {_ref('BH-CARD-13')}). The "
        "seven Buildings and the one event the rulebook names keep its names and the "
        "effects it describes; the rest of those cards is the library's too. Owners of the "
        f"game can play the published cards from a card file ({_ref('BH-CARD-14')}).",
        "",
        "Players are the player-count icons on a card's back: the card is used in games of "
        "those numbers of players, the solo game counting as 2. Long only are the icons with "
        f"an arrow: at those numbers the card is left out of the short game "
        f"({_ref('BH-SHORT-4')}). Back is the number on the back that orders the deck "
        f"({_ref('BH-INT-10')}).",
        "",
        f"### Ships ({len(cards.ships)})",
        "",
        f"Lay time, cargo, berth size and prestige as {_ref('BH-CARD-2')} describes them.",
        "",
    ]
    lines += _table(
        (
            "Ship",
            "Lay time",
            "Cargo",
            "Berth",
            "Prestige",
            "Players",
            "Long only",
            "Back",
            "Key",
            "Origin",
        ),
        (_ship_row(card) for card in cards.ships),
    )
    lines += [
        "",
        f"### Contracts ({len(cards.contracts)})",
        "",
        f"Delivery time, required goods (a wild symbol may be any good, each its own), "
        f"penalty, reward and train as {_ref('BH-CARD-3')} describes them; a train counts "
        f"for the Train Station ({_ref('BH-BID-8')}).",
        "",
    ]
    lines += _table(
        (
            "Contract",
            "Delivery",
            "Goods",
            "Penalty",
            "Reward",
            "Train",
            "Players",
            "Long only",
            "Back",
            "Key",
            "Origin",
        ),
        (_contract_row(card) for card in cards.contracts),
    )
    lines += [
        "",
        f"### Buildings ({len(cards.buildings)})",
        "",
        f"A Building's prestige and abilities count once it is built ({_ref('BH-CARD-4')}, "
        f"{_ref('BH-CARD-12')}); the cogwheel marks a production building. The column From "
        f"the rulebook says what of the card the rulebook gives ({_ref('BH-CARD-5')}); the "
        "rest is the library's.",
        "",
    ]
    lines += _table(
        (
            "Building",
            "Prestige",
            "Cogwheel",
            "Ability",
            "Clauses",
            "From the rulebook",
            "Key",
            "Origin",
        ),
        (
            (
                card.name,
                str(card.prestige),
                "yes" if card.production is not None else "no",
                describe_building(card),
                _refs(dict.fromkeys(effect_rule(e) for e in card.effects)) or "none",
                _building_source(card.name),
                f"`{card.key}`",
                _origin(card.origin),
            )
            for card in cards.buildings
        ),
    )
    lines += [
        "",
        f"### Price cards ({len(cards.prices)})",
        "",
        f"The selling price of each good; the top card is in force and, at setup, ranks the "
        f"players' goods chits ({_ref('BH-CARD-6')}).",
        "",
    ]
    lines += _table(
        ("Card", *(good.key.title() for good in _GOODS), "Origin"),
        (
            (f"`{card.key}`", *(str(card.price(good)) for good in _GOODS), _origin(card.origin))
            for card in cards.prices
        ),
    )
    lines += [
        "",
        f"### Newspapers ({len(cards.newspapers)})",
        "",
        f"Progress is the number of spaces the Progress side advances the Ship token; the "
        f"Event side is carried out in 5.1 of the next round ({_ref('BH-CARD-7')}, "
        f"{_ref('BH-EVENT-1')}); the solo space is where the solo dummy bids "
        f"({_ref('BH-SOLO-8')}).",
        "",
    ]
    lines += _table(
        ("Newspaper", "Progress", "Event", "Solo space", "From the rulebook", "Key", "Origin"),
        (
            (
                card.name,
                str(card.progress),
                describe_event(card.event),
                describe_space(card.solo_space),
                _event_source(card.name),
                f"`{card.key}`",
                _origin(card.origin),
            )
            for card in cards.newspapers
        ),
    )
    cover = board.covers
    lines += [
        "",
        "### Boards",
        "",
        f"The boards' printed numbers the rulebook does not give, all {_origin(board.origin)}.",
        "",
        f"**Cover cards** ({_ref('BH-CARD-9')}): the money to clear each covered space of a "
        "Harbor board in the long game, by row from the top and column from the left "
        "(spaces are numbered row by row from 0, as moves name them).",
        "",
    ]
    lines += _table(
        ("Row", "Column 1", "Column 2", "Column 3", "Column 4"),
        (
            (
                str(row + 1),
                *(
                    "none"
                    if cover[row * 4 + col] is None
                    else f"{cover[row * 4 + col]} (space {row * 4 + col})"
                    for col in range(4)
                ),
            )
            for row in range(3)
        ),
    )
    lines += [
        "",
        f"**Bollard costs** ({_ref('BH-CARD-10')}): the money to place the 1st, 2nd, 3rd "
        "Bollard on each quay wall, walls counted from 0 at the top as moves name them "
        f"({_ref('BH-ENGINE-4')}). Each player starts with one Bollard on walls 1 and 2, the "
        f"middle Dock's ({_ref('BH-HARBOR-5')}); their first position is that pre-printed "
        "Bollard.",
        "",
    ]
    width = max(len(costs) for costs in board.bollard_costs)
    lines += _table(
        ("Wall", *(f"Bollard {n + 1}" for n in range(width))),
        (
            (
                str(wall),
                *(str(costs[n]) if n < len(costs) else "none" for n in range(width)),
            )
            for wall, costs in enumerate(board.bollard_costs)
        ),
    )
    lines += [
        "",
        f"**Progress track** ({_ref('BH-CARD-11')}): the game ends when the Ship token "
        f"reaches space {board.track_last} ({_ref('BH-PROGRESS-2')}). Its start space for each "
        "number of players:",
        "",
    ]
    lines += _table(
        ("Players", "1", "2", "3", "4"),
        [("Start space", *(str(s) for s in board.track_start))],
    )
    return lines


# --------------------------------------------------------------------------- the catalogue


def _value(path: str, value: object) -> str:
    """A catalogue value in words."""
    if isinstance(value, Span):
        return f"{value.low}-{value.high}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Good):
        return value.key
    if isinstance(value, Space):
        return describe_space(value)
    if isinstance(value, Charge | Reward):
        return describe_event(value)
    if isinstance(value, str):
        return f'"{value}"' if path.endswith(".text") else value
    if isinstance(value, tuple):
        if path.endswith(".effects"):
            return " ".join(describe_effect(e) for e in value) or "no ability: prestige only"
        if path == "track.short_rounds":
            return ", ".join(f"{n} players: {rounds} rounds" for n, rounds in value)
        if path == "prices.example":
            return ", ".join(f"{good.key} {price}" for good, price in value)
        return "; ".join(_value(path, v) for v in value) if value else "none"
    return str(value)


def _label(path: str, section: str) -> str:
    """The fact's name in the table: its path within the section, named things by name."""
    parts = path.split(".")[1:] if "." in path else []
    if path.startswith("components["):
        entry = int(path[len("components[") : path.index("]")])
        return CATALOGUE.components[entry].label
    words = []
    record: object = getattr(CATALOGUE, section)
    for part in parts:
        if "[" in part:
            name, index = part[:-1].split("[")
            items = getattr(record, name)
            record = items[int(index)]
            title = getattr(record, "name", None)
            if name == "aliases":
                words.append("alias")
            elif isinstance(title, Known):
                words.append(str(title.value))
            else:
                words.append(f"{name} {index}")
        else:
            words.append(part.replace("_", " "))
    return ": ".join(words)


def _fact_rows(section: str) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for path, fact in CATALOGUE.facts():
        if path.split(".")[0].split("[")[0] != section:
            continue
        label = _label(path, section)
        if isinstance(fact, Unknown):
            rows.append((label, f"**unknown**: {fact.note}", fact.lines or "none", ""))
        else:
            note = f"**inferred**: {fact.note}" if fact.inferred else fact.note
            rows.append((label, _value(path, fact.value), fact.lines, note))
    return rows


def _catalogue_part() -> list[str]:
    lines = [
        "## What the rulebook says",
        "",
        "Everything the rulebook (`004_1ae39a76b32b2566.txt`, cited as `004:LINE`) says about "
        "the published cards and boards, written from the catalogue "
        f"(`bremerhaven.cards.catalogue.CATALOGUE`, {_ref('BH-CARD-1')}). Each fact gives "
        "the lines it comes from; a fact deduced from the lines rather than read in them is "
        "marked **inferred** with the reason, and every value the rulebook does not give is "
        f"marked **unknown** ({_ref('BH-CARD-13')}). The library's abilities and events are "
        f"its effect vocabulary ({_ref('BH-CARD-12')}).",
        "",
    ]
    for field in attrs.fields(Catalogue):
        title, rules = SECTIONS[field.name]
        record = getattr(CATALOGUE, field.name)
        kind = type(record[0]) if isinstance(record, tuple) else type(record)
        doc = (inspect.getdoc(kind) or "").split("\n\n")[0].replace("\n", " ")
        lines += [f"### {title}", "", f"{doc} Clauses: {_refs(rules)}.", ""]
        lines += _table(("Fact", "Value", "Lines", "Note"), _fact_rows(field.name))
        lines.append("")
    return lines


def reference_page() -> str:
    """The text of the docs' card reference: the original set, then the catalogue."""
    lines = [
        _generated(f"src/bremerhaven/cards/{ORIGINAL_FILE}", "src/bremerhaven/cards/catalogue.py"),
        "",
        "# Card reference",
        "",
        "The cards and boards of Bremerhaven in two parts: the library's original set, which "
        "the engine plays by default, and what the rulebook says about the published cards. "
        "The printed game's card values are not public, so the two never mix: every card of "
        "the original set is marked **original**, and the rulebook's facts carry their "
        "lines. The clauses are on the {doc}`spec/cards` page.",
        "",
    ]
    lines += _original_part()
    lines.append("")
    lines += _catalogue_part()
    return "\n".join(lines).rstrip() + "\n"


# --------------------------------------------------------------------------- the readings


def readings_page() -> str:
    """The text of the docs' readings page: every :class:`RulesOptions` field and its values."""
    lines = [
        _generated("src/bremerhaven/options.py"),
        "",
        "# Readings",
        "",
        "Every choice `bremerhaven.RulesOptions` offers: the long or the short game and each "
        "open reading of the rulebook that changes outcomes, with the clause that states it, "
        "its values and its default. Each reading's texts and reasons are on the "
        "{doc}`spec/interpretations` page, the short game on {doc}`spec/short`; readings "
        "that change no outcome are there too, without an option. A field takes its enum "
        "member or the member's string value, a switch `True` or `False`, for example "
        '`RulesOptions(game="short", goods_supply="unlimited")`.',
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
        # A meaning may name its own clause again ("(1.2, 1.3 and the harbours, BH-INT-6)").
        meaning = field_meaning(field.name).replace(f", {rule})", ")")
        lines.append(f"| `{field.name}` | {_ref(rule)} | {_cell(meaning)} | {_cell(values)} |")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- the command

#: Each page with the function that writes it.
_PAGES: Final[tuple[tuple[Path, Callable[[], str]], ...]] = (
    (REFERENCE_PATH, reference_page),
    (READINGS_PATH, readings_page),
)


def main(argv: list[str] | None = None) -> int:
    """Write (``--write``) or check the two pages under ``--root`` (the repository's root).

    Returns 1, naming the stale pages, when checking finds a page that differs.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--root", type=Path, default=Path.cwd())
    parser.add_argument("--write", action="store_true", help="write the pages")
    args = parser.parse_args(argv)
    stale = []
    for path, page in _PAGES:
        target = args.root / path
        text = page()
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
