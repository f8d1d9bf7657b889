"""Sphinx directives that put Bremerhaven's pictures (:mod:`bremerhaven.views.svg`) in the docs.

``{bremerhaven-gallery} PART`` draws every card of one deck of the original set (``ships``,
``contracts``, ``buildings``, ``prices`` or ``newspapers``) with its text and rule links
beneath, in the grid Harbour's gallery uses. ``{bremerhaven-position}`` plays a seeded game
with random legal moves up to a decision of a round (and a few moves on) and draws the
position as a viewer (or every player) sees it, with its text view under it.
``{bremerhaven-demo-game}`` plays the game ``python -m bremerhaven.demo`` plays with the same
arguments and narrates it, with a picture of the table every few rounds. Everything is drawn at build time from the
library, so the pages always show what the library draws. The extension is loaded by
:mod:`pictures`, Harbour's.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable
from typing import Any, ClassVar

from cardref import _esc, _parse
from docutils import nodes
from docutils.parsers.rst import directives
from pictures import TEXT_WIDTH, _narration, _raw, _refs
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import bremerhaven
from bremerhaven.cards import ORIGINAL
from bremerhaven.cards.model import BuildingCard, ContractCard, NewspaperCard, PriceCard, ShipCard
from bremerhaven.demo import BOTS, build_parser, play
from bremerhaven.views import svg
from bremerhaven.views.narrate import describe_outcome
from bremerhaven.views.view import (
    building_words,
    contract_words,
    event_words,
    price_words,
    render,
    ship_words,
)
from meeplekit.demo import bot_seed
from meeplekit.rng import SplitMix64

_Card = ShipCard | ContractCard | BuildingCard | PriceCard | NewspaperCard


def _caption(item: _Card) -> str:
    """The card's text and the rules that govern it, beneath its picture."""
    if isinstance(item, ShipCard):
        return (
            f"**{_esc(item.name)}** (Ship, back {item.back}): {_esc(ship_words(item))}. "
            f"Rules: {_refs(['BH-CARD-2', 'BH-SEA-3', 'BH-SEA-4', 'BH-SEA-5', 'BH-SEA-7'])}."
        )
    if isinstance(item, ContractCard):
        return (
            f"**{_esc(item.name)}** (Contract, back {item.back}): "
            f"{_esc(contract_words(item))}. "
            f"Rules: {_refs(['BH-CARD-3', 'BH-LAND-3', 'BH-LAND-4', 'BH-LAND-5', 'BH-LAND-6'])}."
        )
    if isinstance(item, BuildingCard):
        return (
            f"**{_esc(item.name)}** (Building): {_esc(building_words(item))}. "
            f"Rules: {_refs(['BH-CARD-4', 'BH-CARD-12'])}."
        )
    if isinstance(item, PriceCard):
        return (
            f"**{_esc(item.key)}** (Price card): {_esc(price_words(item))}. "
            f"Rules: {_refs(['BH-CARD-6', 'BH-PRICE-1', 'BH-TIME-2'])}."
        )
    return (
        f"**{_esc(item.name)}** (Newspaper): advances {item.progress}; event: "
        f"{_esc(event_words(item.event))}; solo: the dummy bids on {item.solo_space.label}. "
        f"Rules: {_refs(['BH-CARD-7', 'BH-PROGRESS-1', 'BH-EVENT-1', 'BH-SOLO-8'])}."
    )


_PARTS: dict[str, Callable[[], tuple[_Card, ...]]] = {
    "ships": lambda: ORIGINAL.ships,
    "contracts": lambda: ORIGINAL.contracts,
    "buildings": lambda: ORIGINAL.buildings,
    "prices": lambda: ORIGINAL.prices,
    "newspapers": lambda: ORIGINAL.newspapers,
}


class BremerhavenGallery(SphinxDirective):
    """Every card of one deck of the original set as a picture, with its text beneath."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        part = self.arguments[0]
        if part not in _PARTS:
            raise self.error(f"bremerhaven-gallery: PART must be one of {', '.join(_PARTS)}")
        gallery = nodes.container(classes=["harbour-gallery", "bremerhaven-gallery"])
        for item in _PARTS[part]():
            entry = nodes.container(classes=["harbour-gallery-item"])
            entry += _raw(svg.card(item), "harbour-card")
            entry += _parse(self, [_caption(item)])
            gallery += entry
        return [gallery]


def _played(
    players: int, seed: int, options: bremerhaven.RulesOptions, until: str, then: int
) -> Any:
    """A seeded game played with random legal moves until ``until`` is pending (or the end).

    ``until`` is ``"ROUND:KIND"``: the first position of that round whose pending decision
    is of that kind (``Bid``, ``Permits``, ``Berth``, ``Movement``, ...), or ``"end"``;
    ``then`` more random moves follow.
    """
    state = bremerhaven.new_game(players, seed=seed, options=options)
    rng = SplitMix64(seed)
    round_, _, kind = until.partition(":")
    while not bremerhaven.is_over(state):
        pending = state.stack[-1]
        if (
            until != "end"
            and state.round == int(round_)
            and type(pending).__name__ == f"Pending{kind}"
        ):
            break
        state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
    for _ in range(then):
        if bremerhaven.is_over(state):
            break
        state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
    return state


class BremerhavenPosition(SphinxDirective):
    """A position of a seeded game as a picture, with its text view under it."""

    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "players": directives.positive_int,
        "seed": directives.nonnegative_int,
        "game": directives.unchanged,
        "until": directives.unchanged,
        "then": directives.nonnegative_int,
        "viewer": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        players = self.options.get("players", 3)
        seed = self.options.get("seed", 2013)
        options = bremerhaven.RulesOptions(game=self.options.get("game", "long"))
        until = self.options.get("until", "1:Bid")
        state = _played(players, seed, options, until, self.options.get("then", 0))
        viewer = self.options.get("viewer")
        picture = svg.position(state, viewer)
        text = html.escape(render(state, viewer, width=TEXT_WIDTH))
        both = (
            f'<div class="harbour-position">{picture}</div><pre class="harbour-text">{text}</pre>'
        )
        return [_raw(both, "harbour-side")]


class BremerhavenDemoGame(SphinxDirective):
    """The demo game, narrated, with a picture of the table every few rounds (BH-DEMO-1)."""

    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "players": directives.positive_int,
        "seed": directives.nonnegative_int,
        "every": directives.positive_int,
    }

    def run(self) -> list[nodes.Node]:
        players = self.options.get("players", 3)
        seed = self.options.get("seed", 2013)
        every = self.options.get("every", 3)
        start = bremerhaven.new_game(players, seed=seed)
        bot = build_parser().get_default("bot")
        bots = [BOTS[bot](bot_seed(seed, seat)) for seat in range(start.seats)]
        text = io.StringIO()
        marks: list[tuple[int, bremerhaven.GameState]] = []
        end = play(start, bots, text, on_heading=lambda s: marks.append((text.tell(), s)))
        narration = text.getvalue()
        out: list[nodes.Node] = []
        for i, (at, state) in enumerate(marks):
            upto = marks[i + 1][0] if i + 1 < len(marks) else len(narration)
            if state.round % every == 1:
                out += self._figure(state, f"The table at the start of round {state.round}.")
            out += _parse(self, _narration(narration[at:upto]))
        out += self._figure(end, "The final position.")
        outcome = [_esc(line.strip()) for line in describe_outcome(end).splitlines()]
        out += _parse(self, [line for text in outcome if text for line in (text, "")])
        return out

    def _figure(self, state: bremerhaven.GameState, caption: str) -> list[nodes.Node]:
        return [_raw(svg.position(state), "harbour-position"), *_parse(self, [f"*{caption}*"])]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("bremerhaven-gallery", BremerhavenGallery)
    app.add_directive("bremerhaven-position", BremerhavenPosition)
    app.add_directive("bremerhaven-demo-game", BremerhavenDemoGame)
    return {"parallel_read_safe": True}
