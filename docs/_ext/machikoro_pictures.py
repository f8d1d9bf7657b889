"""Sphinx directives that put Machi Koro's pictures (:mod:`machikoro.views.svg`) in the docs.

``{machikoro-gallery} PART`` draws every card of one part of the game (``establishments``
or ``landmarks``) with its text and rule links beneath, in the grid Harbour's gallery uses.
``{machikoro-demo-game}`` plays the game ``python -m machikoro.demo`` plays with the same
arguments and narrates it, with a picture of the position every few rounds. Everything is
drawn at build time from the library, so the pages always show what the library draws.
The extension is loaded by :mod:`pictures`, Harbour's.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any, ClassVar

from cardref import _esc, _parse
from docutils import nodes
from docutils.parsers.rst import directives
from pictures import _narration, _raw, _refs
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import machikoro
from machikoro.cards.catalogue import card_set
from machikoro.cards.describe import (
    WHEN,
    activation_text,
    describe_establishment,
    describe_landmark,
    effect_rule,
)
from machikoro.cards.model import EstablishmentCard, LandmarkCard
from machikoro.cards.pages import card_rule, landmark_rule
from machikoro.demo import BOTS, build_parser, play
from machikoro.views import svg
from machikoro.views.narrate import describe_outcome
from meeplekit.demo import bot_seed, chance_seed
from meeplekit.rng import SplitMix64

#: The bot the demo seats by default (``python -m machikoro.demo`` without ``--bot``).
_DEFAULT_BOT: str = build_parser().get_default("bot")


def _caption(item: EstablishmentCard | LandmarkCard) -> str:
    """The card's text and the rules that govern it, beneath its picture."""
    if isinstance(item, EstablishmentCard):
        return (
            f"**{_esc(item.name)}** ({item.colour.value}, {WHEN[item.colour]}; roll "
            f"{activation_text(item)}; cost {item.cost}; icon: {item.icon.value}): "
            f"{_esc(describe_establishment(item))} "
            f"Rules: {_refs([card_rule(item.number), effect_rule(item)])}."
        )
    return (
        f"**{_esc(item.name)}** (landmark; cost {item.cost}): {_esc(describe_landmark(item))} "
        f"Rules: {_refs([landmark_rule(item.number)])}."
    )


_PARTS: dict[str, Callable[[], tuple[EstablishmentCard | LandmarkCard, ...]]] = {
    "establishments": lambda: card_set().establishments,
    "landmarks": lambda: card_set().landmarks,
}


class MachiKoroGallery(SphinxDirective):
    """Every card of one part of the game as a picture, with its text beneath."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        part = self.arguments[0]
        if part not in _PARTS:
            raise self.error(f"machikoro-gallery: PART must be one of {', '.join(_PARTS)}")
        gallery = nodes.container(classes=["harbour-gallery", "machikoro-gallery"])
        for item in _PARTS[part]():
            entry = nodes.container(classes=["harbour-gallery-item"])
            entry += _raw(svg.card(item), "harbour-card")
            entry += _parse(self, [_caption(item)])
            gallery += entry
        return [gallery]


class MachiKoroDemoGame(SphinxDirective):
    """The demo game, narrated, with a picture of the position every few rounds."""

    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "players": directives.positive_int,
        "seed": directives.nonnegative_int,
        "every": directives.positive_int,
    }

    def run(self) -> list[nodes.Node]:
        players = self.options.get("players", 3)
        seed = self.options.get("seed", 2014)
        every = self.options.get("every", 3) * players  # in rounds
        start = machikoro.new_game(players, seed=seed)
        bots = [BOTS[_DEFAULT_BOT](bot_seed(seed, seat)) for seat in range(players)]
        text = io.StringIO()
        marks: list[tuple[int, machikoro.GameState]] = []
        chance = SplitMix64(chance_seed(seed))
        end = play(start, bots, text, chance, on_heading=lambda s: marks.append((text.tell(), s)))
        narration = text.getvalue()
        out: list[nodes.Node] = []
        for i, (at, state) in enumerate(marks):
            upto = marks[i + 1][0] if i + 1 < len(marks) else len(narration)
            if state.turn % every == 1:
                out += self._figure(state, f"The table at the start of turn {state.turn}.")
            out += _parse(self, _narration(narration[at:upto]))
        out += self._figure(end, "The final position.")
        outcome = [_esc(line.strip()) for line in describe_outcome(end).splitlines()]
        out += _parse(self, [line for text in outcome if text for line in (text, "")])
        return out

    def _figure(self, state: machikoro.GameState, caption: str) -> list[nodes.Node]:
        return [_raw(svg.position(state), "harbour-position"), *_parse(self, [f"*{caption}*"])]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("machikoro-gallery", MachiKoroGallery)
    app.add_directive("machikoro-demo-game", MachiKoroDemoGame)
    return {"parallel_read_safe": True}
