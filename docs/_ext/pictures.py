"""Sphinx directives that put the library's own pictures (:mod:`harbour.views.svg`) in the docs.

``{harbour-gallery} PART`` draws every card of one part of the original set (``buildings``,
``boards`` or ``bonus-cards``) with its text and rule links beneath, in a grid that
reflows with the page's width. ``{harbour-demo-game}`` plays the game ``make demo`` plays
and narrates it, with a picture of the position every few turns. ``{harbour-picture}``
runs the code in its body, shows the code and the picture its last line makes and, with
``:render: NAME``, the text view of the state ``NAME`` under it. Everything is drawn at
build time from the library, so the pages always show what the library draws.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable
from typing import Any, ClassVar

from cardref import _esc, _parse
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import harbour
from harbour.cards import ORIGINAL_SET
from harbour.cards.describe import (
    card_rules,
    describe_bonus_card,
    describe_effect,
    describe_symbols,
)
from harbour.cards.model import BonusCard, Building, PlayerBoard
from harbour.demo import BOTS, bot_seed, play
from harbour.views import svg
from harbour.views.narrate import describe_outcome

#: The width of the text views under the pictures, in columns: the box holds 99 columns of
#: its 12 px monospace in a laptop's column (``docs/_static/harbour.css``), and 80 is the
#: width the views are written at everywhere but a wider terminal (VIEW-3).
TEXT_WIDTH = 80


def _refs(ids: list[str]) -> str:
    return ", ".join(f":ref:`{i} <rule-{i.lower()}>`" for i in dict.fromkeys(ids))


def _raw(picture: str, css: str) -> nodes.raw:
    """A raw HTML node holding ``picture`` in a ``div`` of class ``css``.

    A node, not reStructuredText: a picture is one long line, longer than docutils lets
    a source line be.
    """
    block = f'<div class="{css}">{picture}</div>'
    return nodes.raw("", block, format="html")


def _caption(item: Building | PlayerBoard | BonusCard) -> str:
    """The card's text and the rules that govern it, beneath its picture."""
    if isinstance(item, Building):
        price = "no price" if item.cost is None else f"${item.cost}"
        first = ", first game" if item.first_game else ""
        return (
            f"**{_esc(item.name)}** ({price}, {item.points} VP{first}; symbols: "
            f"{describe_symbols(item.symbols)}): {_esc(describe_effect(item.action))}. "
            f"Rules: {_refs(card_rules(item))}."
        )
    if isinstance(item, PlayerBoard):
        ability = ""
        if item.ability is not None:
            ability = f" Ability: {_esc(item.text)}"
        return (
            f"**{_esc(item.name)}** (symbols: {describe_symbols(item.symbols)}). Starting "
            f"building: {_esc(describe_effect(item.action))}.{ability} Rules: {_refs(card_rules(item))}."
        )
    return f"**{_esc(item.name)}**: {describe_bonus_card(item)}. Rules: {_refs(card_rules(item))}."


_PARTS: dict[str, Callable[[], tuple[Building | PlayerBoard | BonusCard, ...]]] = {
    "buildings": lambda: ORIGINAL_SET.buildings,
    "boards": lambda: (ORIGINAL_SET.board, *ORIGINAL_SET.characters),
    "bonus-cards": lambda: ORIGINAL_SET.bonus_cards,
}


class HarbourGallery(SphinxDirective):
    """Every card of one part of the original set as a picture, with its text beneath."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        part = self.arguments[0]
        if part not in _PARTS:
            raise self.error(f"harbour-gallery: PART must be one of {', '.join(_PARTS)}")
        gallery = nodes.container(classes=["harbour-gallery"])
        for item in _PARTS[part]():
            entry = nodes.container(classes=["harbour-gallery-item"])
            entry += _raw(svg.card(item, ORIGINAL_SET), "harbour-card")
            entry += _parse(self, [_caption(item)])
            gallery += entry
        return [gallery]


class HarbourDemoGame(SphinxDirective):
    """The demo game, narrated, with a picture of the position every few turns."""

    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "players": directives.positive_int,
        "seed": directives.nonnegative_int,
        "every": directives.positive_int,
    }

    def run(self) -> list[nodes.Node]:
        players = self.options.get("players", 3)
        seed = self.options.get("seed", 2014)
        every = self.options.get("every", 3) * players  # in rounds
        start = harbour.new_game(players, seed=seed)
        bots = [BOTS["greedy"](bot_seed(seed, seat)) for seat in range(players)]
        text = io.StringIO()
        marks: list[tuple[int, harbour.GameState]] = []
        end = play(start, bots, text, on_heading=lambda s: marks.append((text.tell(), s)))
        narration = text.getvalue()
        out: list[nodes.Node] = []
        for i, (at, state) in enumerate(marks):
            upto = marks[i + 1][0] if i + 1 < len(marks) else len(narration)
            if state.turn % every == 1 and state.current == 0:
                out += self._figure(state, f"The table at the start of turn {state.turn}.")
            out += _parse(self, _narration(narration[at:upto]))
        out += self._figure(end, "The final position.")
        outcome = [_esc(line.strip()) for line in describe_outcome(end).splitlines()]
        out += _parse(self, [line for text in outcome if text for line in (text, "")])
        return out

    def _figure(self, state: harbour.GameState, caption: str) -> list[nodes.Node]:
        return [
            _raw(svg.position(state, public=True), "harbour-position"),
            *_parse(self, [f"*{caption}*"]),
        ]


def _narration(chunk: str) -> list[str]:
    """A narration chunk: its heading in bold, each narrated step a bullet."""
    out: list[str] = []
    items: list[str] = []
    for line in chunk.splitlines():
        if line.startswith("The table as play begins"):
            break  # the demo's text view of the table; the page shows the picture instead
        if not line.strip():
            continue
        if not line.startswith(" "):
            out += [f"**{_esc(line)}**", ""]
        elif line.startswith("    ") and items:
            items[-1] += " " + line.strip()
        else:
            items.append(line.strip())
    out += [f"- {_esc(item)}" for item in items]
    return [*out, ""]


class HarbourPicture(SphinxDirective):
    """Run the code in the body; show it and the picture its last line makes."""

    has_content = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {"render": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        code = list(self.content)
        namespace: dict[str, Any] = {}
        exec("\n".join(code[:-1]), namespace)
        picture = eval(code[-1], namespace)
        source = "\n".join(code)
        shown: list[nodes.Node] = [nodes.literal_block(source, source, language="python")]
        name = self.options.get("render")
        if name:
            text = html.escape(harbour.render(namespace[name], width=TEXT_WIDTH))
            both = f'<div class="harbour-position">{picture}</div><pre class="harbour-text">{text}</pre>'
            shown.append(_raw(both, "harbour-side"))
        else:
            shown.append(_raw(str(picture), "harbour-position"))
        return shown


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("harbour-gallery", HarbourGallery)
    app.add_directive("harbour-demo-game", HarbourDemoGame)
    app.add_directive("harbour-picture", HarbourPicture)
    app.setup_extension("machikoro_pictures")  # Machi Koro's, built on these helpers
    app.setup_extension("bremerhaven_pictures")  # Bremerhaven's, the same
    return {"parallel_read_safe": True}
