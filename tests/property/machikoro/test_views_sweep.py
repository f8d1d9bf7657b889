"""Every position of a few games of the random sweep, drawn as text and as a picture.

Games of the sweep (:mod:`tests.property.machikoro.test_random_sweep`) under different
options (both editions, both marketplaces, up to 5 players): at every position the text
view keeps to 100 characters and starts with its headline, the picture is a standalone SVG
whose texts are all at least 9 px and whose classes are all scoped, both for the table and
for the seat deciding, and every move is narrated.
"""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

import machikoro
from machikoro.views import svg
from machikoro.views.narrate import describe_events
from machikoro.views.view import WIDTH, headline, render, seen_by
from meeplekit.rng import SplitMix64
from tests.support.machikoro_sweep import options_for, players_for, seed_for

SVG = "{http://www.w3.org/2000/svg}"
#: Sweep games: with the expansion and without, each on both marketplaces; 2 to 5 players.
GAMES = (0, 4, 5, 7)


def check_picture(picture: str, title: str) -> None:
    """Standalone, titled, scalable; every text at least 9 px; every class scoped."""
    root = ElementTree.fromstring(picture)
    assert root.tag == f"{SVG}svg" and root.findtext(f"{SVG}title") == title
    assert root.attrib["width"] == "720" and "max-width:100%" in root.attrib["style"]

    def walk(element: ElementTree.Element, scale: float) -> None:
        factor = re.search(r"scale\(([\d.]+)", element.get("transform", ""))
        if factor:
            scale *= float(factor[1])
        if element.tag == f"{SVG}text":
            assert scale * float(element.attrib["font-size"]) >= svg.MIN_TEXT, element.text
        assert all(c.startswith("machikoro-") for c in element.get("class", "").split())
        for child in element:
            walk(child, scale)

    walk(root, 1.0)


@pytest.mark.rules("MK-VIEW-1", "MK-VIEW-2", "MK-PIC-2", "MK-PIC-3", "MK-NARR-1")
@pytest.mark.parametrize("index", GAMES)
def test_every_position_of_a_sweep_game_is_drawn(index: int) -> None:
    options = options_for(index)
    state = machikoro.new_game(players_for(index), seed=seed_for(index), options=options)
    rng = SplitMix64(seed_for(index) ^ 0x9E3779B97F4A7C15)
    while True:
        title = headline(seen_by(state))
        text = render(state)
        assert text.startswith(title[:WIDTH].rsplit(" ", 1)[0])
        assert max(len(line) for line in text.splitlines()) <= WIDTH
        check_picture(svg.position(state), title)
        decider = machikoro.current_player(state)
        if decider != machikoro.CHANCE and not machikoro.is_over(state):
            assert f"Player {decider + 1} (you)" in svg.position(state, decider)
        if machikoro.is_over(state):
            break
        if decider == machikoro.CHANCE:
            move = machikoro.sample_chance(state, rng)
        else:
            move = rng.choice(machikoro.legal_moves(state))
        after, found = machikoro.apply_move_with_events(state, move)
        assert describe_events(state, move, found, after)
        state = after
