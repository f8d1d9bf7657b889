"""A Sphinx directive that renders the card reference from the card data itself.

``{harbour-cards}`` lists every building and player board of the original set with its
price, points, symbols and generated plain-English effect, so the page can never drift
from what the engine does.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from harbour.cards import ORIGINAL_SET, describe_effect, describe_symbols
from harbour.cards.effects import (
    Buy,
    Convert,
    Effect,
    Exchange,
    Gain,
    GainChoice,
    GainPerSymbol,
    OneOf,
    SwapMarket,
    TwoPart,
)

_RULES: dict[type, tuple[str, ...]] = {
    Gain: ("ACT-1", "GOODS-2"),
    GainChoice: ("ACT-2", "GOODS-2"),
    GainPerSymbol: ("ACT-3", "SYM-5"),
    Convert: ("ACT-4", "GOODS-1"),
    Exchange: ("ACT-5", "GOODS-1"),
    SwapMarket: ("ACT-6",),
    Buy: ("BUY-1", "BUY-6", "MARKET-1"),
    TwoPart: ("ACT-7",),
    OneOf: ("ACT-8",),
}


def rules_for(effect: Effect) -> list[str]:
    """The rule IDs that govern an effect, its parts included, in first-seen order."""
    out = list(_RULES[type(effect)])
    if isinstance(effect, TwoPart):
        parts: tuple[Effect, ...] = effect.parts
    elif isinstance(effect, OneOf):
        parts = effect.options
    else:
        parts = ()
    if isinstance(effect, Buy) and effect.count > 1:
        out.append("BUY-5")
    for part in parts:
        out.extend(r for r in rules_for(part) if r not in out)
    return out


def _refs(ids: list[str]) -> str:
    return ", ".join(f":ref:`{i} <rule-{i.lower()}>`" for i in ids)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


class HarbourCards(SphinxDirective):
    """Render the original card set as a table."""

    has_content = False

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
                f"   * - {_cell(name)}",
                f"     - {price}",
                f"     - {b.points}",
                f"     - {describe_symbols(b.symbols)}",
                f"     - {_cell(describe_effect(b.action))}.",
                f"     - {_refs(rules_for(b.action))}",
            ]
        board = cards.board
        lines += [
            "",
            f"**Generic player board: {board.name}** (starting building, never bought, "
            f"0 VP; symbols: {describe_symbols(board.symbols)}): "
            f"{describe_effect(board.action)}. Rules: {_refs(rules_for(board.action))}.",
        ]
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source="harbour-cards"), 0, container)
        return [container]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("harbour-cards", HarbourCards)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
