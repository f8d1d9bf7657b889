"""Sphinx directives that render the card reference from the card data itself.

``{harbour-cards}`` lists every building and player board of the original set with its
price, points, symbols and generated plain-English effect, so the page can never drift
from what the engine does (option ``:no-board:`` leaves the generic board out).
``{harbour-characters}`` lists the original generic board and characters,
``{harbour-bonus-cards}`` the original bonus cards, and ``{harbour-official} PART`` one
part of the official catalogue (:mod:`harbour.cards.official`), every fact with its
source and confidence and every unknown marked "unknown".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.parsers.rst.states import RSTState
from docutils.statemachine import StringList
from docutils.utils import new_document
from myst_parser.mocking import MockRSTParser
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from harbour.cards import ORIGINAL_SET, describe_effect, describe_symbols
from harbour.cards.abilities import Ability
from harbour.cards.describe import ability_rule, effect_rules
from harbour.cards.effects import (
    Effect,
    Symbol,
)
from harbour.cards.model import BonusCard, PlayerBoard
from harbour.cards.official import (
    OFFICIAL_CATALOGUE,
    Fact,
    Known,
    Unknown,
    completeness,
)
from harbour.goods import GOODS, Good, Goods


def _refs(ids: list[str]) -> str:
    return ", ".join(f":ref:`{i} <rule-{i.lower()}>`" for i in ids)


class HarbourCards(SphinxDirective):
    """Render the original card set as a table."""

    has_content = False
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {"no-board": directives.flag}

    def run(self) -> list[nodes.Node]:
        cards = ORIGINAL_SET
        lines = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 18 7 5 12 40 18",
            "",
            "   * - Building",
            "     - Price",
            "     - VP",
            "     - Symbols",
            "     - Action",
            "     - Rules",
        ]
        for b in cards.buildings:
            name = b.name + (" (first game)" if b.first_game else "")
            price = "no price" if b.cost is None else f"${b.cost}"
            lines += [
                f"   * - {_esc(name)}",
                f"     - {price}",
                f"     - {b.points}",
                f"     - {describe_symbols(b.symbols)}",
                f"     - {_esc(describe_effect(b.action))}.",
                f"     - {_refs(effect_rules(b.action))}",
            ]
        if "no-board" not in self.options:
            lines += ["", *_board_paragraph(cards.board)]
        return _parse(self, lines)


def _parse(directive: SphinxDirective, lines: list[str]) -> list[nodes.Node]:
    """Parse generated reStructuredText, also when the directive is used in a MyST page.

    MyST's ``nested_parse`` reads Markdown, so the text is parsed by an RST parser into a
    scratch document that shares the page's settings and reporter, as MyST's own
    ``eval-rst`` does.
    """
    container = nodes.container()
    document = directive.state.document
    if isinstance(directive.state, RSTState):
        directive.state.nested_parse(
            StringList(lines, source=directive.name), directive.content_offset, container
        )
        return [container]
    scratch = new_document(document["source"], document.settings)
    scratch.reporter = document.reporter
    MockRSTParser().parse("\n".join(lines) + "\n", scratch)
    container.extend(scratch.children)
    return [container]


def _board_paragraph(board: PlayerBoard) -> list[str]:
    return [
        f"**Generic player board: {_esc(board.name)}** (starting building, never bought, "
        f"0 VP; symbols: {describe_symbols(board.symbols)}): "
        f"{_esc(describe_effect(board.action))}. Rules: {_refs(effect_rules(board.action))}.",
    ]


def _esc(text: str) -> str:
    """Escape reStructuredText inline markup characters."""
    for ch in ("\\", "*", "`", "|", "_"):
        text = text.replace(ch, "\\" + ch)
    return text


def _value(value: Any) -> str:
    """A compact rendering of a vocabulary value (for abilities and traits)."""
    if isinstance(value, Good):
        return value.label
    if isinstance(value, Symbol):
        return value.value
    if isinstance(value, Goods):
        return value.describe()
    if isinstance(value, tuple):
        if tuple(value) == GOODS:
            return "any good"
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if attrs.has(type(value)):
        args = ", ".join(
            f"{f.name}={_value(getattr(value, f.name))}" for f in attrs.fields(type(value))
        )
        return f"{type(value).__name__}({args})"
    return str(value)


def describe_ability(ability: Ability) -> str:
    """The ability in the library's vocabulary, for example ``ExtraGain(good=fish, amount=1)``."""
    return _value(ability)


def ability_ref(ability: Ability) -> str:
    """The rule clause governing an ability, as a cross-reference."""
    return _refs([ability_rule(ability)])


def _list_table(widths: str, header: list[str], rows: list[list[str]]) -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
    for row in [header, *rows]:
        for i, cell in enumerate(row):
            lines.append(f"   {'* -' if i == 0 else '  -'} {cell}")
    return lines


class HarbourCharacters(SphinxDirective):
    """Render the original generic board and characters."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        cards = ORIGINAL_SET
        rows = [
            [
                _esc(c.name),
                f"{_esc(describe_effect(c.action))}. ({_refs(effect_rules(c.action))})",
                describe_symbols(c.symbols),
                _esc(c.text)
                + (
                    f" (``{describe_ability(c.ability)}``, {ability_ref(c.ability)})"
                    if c.ability
                    else ""
                ),
            ]
            for c in cards.characters
        ]
        lines = [
            *_board_paragraph(cards.board),
            "",
            *_list_table(
                "14 34 12 40",
                ["Character", "Starting building", "Symbols", "Ability"],
                rows,
            ),
        ]
        return _parse(self, lines)


class HarbourBonusCards(SphinxDirective):
    """Render the original bonus point cards."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        rows = [[_esc(c.name), *_bonus_terms(c)] for c in ORIGINAL_SET.bonus_cards]
        lines = _list_table("30 15 35 20", ["Bonus card", "Good", "Exchange", "Limit"], rows)
        return _parse(self, lines)


def _bonus_terms(card: BonusCard) -> list[str]:
    limit = "none" if card.max_trades is None else f"{card.max_trades} trades"
    return [card.good.label, f"every {card.goods} {card.good.label} give {card.points} VP", limit]


T = TypeVar("T")


def _fact(fact: Fact[T], render: Callable[[T], str]) -> str:
    """A fact with its confidence and source, or "unknown" with the note."""
    if isinstance(fact, Unknown):
        return "**unknown**" + (f" ({_esc(fact.note)})" if fact.note else "")
    assert isinstance(fact, Known)
    return _known(fact, render(fact.value))


def _known(fact: Known[Any], shown: str) -> str:
    note = f"; {_esc(fact.note)}" if fact.note else ""
    return f"{shown} *({fact.confidence}; source: {_esc(fact.source)}{note})*"


def _price(cost: int | None) -> str:
    return "no price" if cost is None else f"${cost}"


def _effect(effect: Effect) -> str:
    return _esc(describe_effect(effect)) + "."


def _symbols(symbols: tuple[Symbol, ...]) -> str:
    return describe_symbols(symbols)


def _facts(facts: tuple[Known[str], ...]) -> str:
    if not facts:
        return "none"
    return " ".join(_known(f, _esc(f.value) + ".") for f in facts)


def _text(value: str) -> str:
    return _esc(value)


def _official_buildings() -> list[str]:
    rows = []
    for b in OFFICIAL_CATALOGUE.buildings:
        aliases = "".join(f" Also {_known(a, _esc(a.value))}." for a in b.aliases)
        rows.append(
            [
                str(b.slot),
                _fact(b.name, _text) + aliases,
                _fact(b.cost, _price),
                _fact(b.points, str),
                _fact(b.symbols, _symbols),
                _fact(b.action, _effect),
                _fact(b.first_game, lambda v: "yes" if v else "no"),
                _facts(b.traits),
            ]
        )
    return _list_table(
        "4 14 10 8 10 22 12 20",
        ["Slot", "Name", "Price", "VP", "Symbols", "Action", "First game", "Other facts"],
        rows,
    )


def _official_characters() -> list[str]:
    rows = [
        [
            _fact(c.name, _text) + (" (promo)" if c.promo else ""),
            _fact(c.action, _effect),
            _fact(c.symbols, _symbols),
            _known(c.text, f'"{_esc(c.text.value)}"'),
            _fact(c.ability, lambda a: f"``{describe_ability(a)}`` ({ability_ref(a)})"),
        ]
        for c in OFFICIAL_CATALOGUE.characters
    ]
    return _list_table(
        "12 20 14 30 24",
        ["Character", "Starting building", "Symbols", "Ability text", "Ability (library)"],
        rows,
    )


def _official_board() -> list[str]:
    board = OFFICIAL_CATALOGUE.board
    aliases = "".join(f" Also {_known(a, _esc(a.value))}." for a in board.aliases)
    return [
        f"* Name: {_fact(board.name, _text)}{aliases}",
        f"* Symbols: {_fact(board.symbols, _symbols)}",
        f"* Starting building action: {_fact(board.action, _effect)}",
        f"* Other facts: {_facts(board.traits)}",
    ]


def _official_bonus_cards() -> list[str]:
    rows = [
        [
            str(c.slot),
            _fact(c.name, _text),
            _fact(c.good, lambda g: g.label),
            _fact(c.goods, str),
            _fact(c.points, str),
            _fact(c.max_trades, lambda n: "none" if n is None else str(n)),
        ]
        for c in OFFICIAL_CATALOGUE.bonus_cards
    ]
    return _list_table(
        "6 18 19 19 19 19",
        ["Card", "Name", "Good", "Goods per trade", "VP per trade", "Trade limit"],
        rows,
    )


def _official_market() -> list[str]:
    market = OFFICIAL_CATALOGUE.market
    values = _fact(market.values, lambda v: ", ".join(f"${n}" for n in v))
    return [
        f"* Market square values: {values}",
        *[f"* {_known(t, _esc(t.value) + '.')}" for t in market.traits],
        "* Inland Traders price: "
        + _fact(OFFICIAL_CATALOGUE.inland_traders_price, lambda n: f"${n}"),
    ]


def _official_components() -> list[str]:
    return [f"* {_known(f, _esc(f.value) + '.')}" for f in OFFICIAL_CATALOGUE.components]


def _official_unattributed() -> list[str]:
    return [f"* {_known(a, _effect(a.value))}" for a in OFFICIAL_CATALOGUE.unattributed_actions]


def _official_completeness() -> list[str]:
    report = completeness()
    kinds: list[str] = []
    for c in report.components:
        if c.kind not in kinds:
            kinds.append(c.kind)
    rows = []
    for kind in kinds:
        items = [c for c in report.components if c.kind == kind]
        done = [c for c in items if c.complete]
        inferred = sorted({f for c in items for f in c.inferred})
        rows.append(
            [
                kind,
                f"{len(done)} of {len(items)}",
                ", ".join(_esc(c.label) for c in done) or "none",
                ", ".join(inferred) or "none",
            ]
        )
    return _list_table(
        "18 12 45 25", ["Component", "Complete", "Complete components", "Inferred fields"], rows
    )


_PARTS: dict[str, Callable[[], list[str]]] = {
    "components": _official_components,
    "completeness": _official_completeness,
    "buildings": _official_buildings,
    "unattributed": _official_unattributed,
    "board": _official_board,
    "characters": _official_characters,
    "bonus-cards": _official_bonus_cards,
    "market": _official_market,
}


class HarbourOfficial(SphinxDirective):
    """Render one part of the official catalogue: ``{harbour-official} buildings``."""

    has_content = False
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        part = self.arguments[0]
        if part not in _PARTS:
            raise self.error(f"unknown part {part!r}; expected one of {', '.join(_PARTS)}")
        return _parse(self, _PARTS[part]())


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("harbour-cards", HarbourCards)
    app.add_directive("harbour-characters", HarbourCharacters)
    app.add_directive("harbour-bonus-cards", HarbourBonusCards)
    app.add_directive("harbour-official", HarbourOfficial)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
