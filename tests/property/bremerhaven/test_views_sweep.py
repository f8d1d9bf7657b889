"""Every position of a few sweep games drawn as text, as a picture and narrated.

Games of the random sweep (:mod:`tests.property.bremerhaven.test_random_sweep`), one of
each kind: the long game at 2, 3 and 4 players, the short game at 2, 3 and 4, and the solo
game. At every position the text view (for the table and for the seat deciding) keeps to
100 characters and starts with its headline, the picture is a standalone SVG whose texts
are all at least 9 px and whose classes are all scoped (every picture is drawn, every third
one parsed and checked), every move is narrated, and every
few positions a position drawn at random from a viewer's observation
(:func:`bremerhaven.determinize`, one the viewer cannot tell from the true one) gives the
viewer, and the table, the same text and the same picture. Positions drawn by the testing
kit's strategy never make a view raise.
"""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, given, settings

import bremerhaven
from bremerhaven.observation import observe
from bremerhaven.state import GameState
from bremerhaven.testing import states
from bremerhaven.views import svg
from bremerhaven.views.narrate import describe_events
from bremerhaven.views.view import WIDTH, headline, render, seen_by
from meeplekit.rng import SplitMix64
from tests.support.bremerhaven_sweep import options_for, players_for, seed_for

SVG = "{http://www.w3.org/2000/svg}"
#: Sweep games, one of each kind: long 4, short 2, short 3, solo, short 4, long 3, long 2.
GAMES = (0, 1, 2, 6, 7, 40, 41)
#: Compare with a drawn twin every this many positions.
TWIN_EVERY = 15
#: Parse and check a picture (every picture is drawn) every this many positions.
PARSE_EVERY = 3


def check_text(text: str, title: str) -> None:
    assert text.endswith("\n")
    assert max(len(line) for line in text.splitlines()) <= WIDTH
    assert text.startswith(title[:WIDTH].rsplit(" ", 1)[0])


def check_picture(picture: str, title: str) -> None:
    """Standalone, titled, scalable; every text at least 9 px; every class scoped.

    One parse for every check (``meeplekit.views.svg.smallest_text`` and ``class_names`` parse
    again): the scales of the groups around a text multiply its size.
    """
    root = ElementTree.fromstring(picture)
    assert root.tag == f"{SVG}svg" and root.findtext(f"{SVG}title") == title
    assert root.attrib["width"] == "720" and "max-width:100%" in root.attrib["style"]

    def walk(element: ElementTree.Element, scale: float) -> None:
        factor = re.search(r"scale\(([\d.]+)", element.get("transform", ""))
        if factor:
            scale *= float(factor[1])
        if element.tag == f"{SVG}text":
            assert scale * float(element.attrib["font-size"]) >= svg.MIN_TEXT, element.text
        assert all(c.startswith("bremerhaven-") for c in element.get("class", "").split())
        for child in element:
            walk(child, scale)

    walk(root, 1.0)


def check_twins(state: GameState, rng: SplitMix64) -> None:
    """A position the viewer cannot tell from ``state`` gives him the same text and picture."""
    for viewer in range(state.seats):
        twin = bremerhaven.determinize(observe(state, viewer), rng)
        assert render(twin, viewer) == render(state, viewer)
        assert svg.position(twin, viewer) == svg.position(state, viewer)
        if viewer == 0:  # the table as every player sees it: seat 0's observation, public
            assert render(twin) == render(state)
            assert svg.position(twin) == svg.position(state)


@pytest.mark.rules("BH-VIEW-1", "BH-VIEW-2", "BH-VIEW-3", "BH-PIC-2", "BH-PIC-3", "BH-NARR-1")
@pytest.mark.parametrize("index", GAMES)
def test_every_position_of_a_sweep_game_is_drawn(index: int) -> None:
    state = bremerhaven.new_game(
        players_for(index), seed=seed_for(index), options=options_for(index)
    )
    rng = SplitMix64(seed_for(index) ^ 0x9E3779B97F4A7C15)
    twins = SplitMix64(index)
    positions = 0
    while True:
        title = headline(seen_by(state))
        check_text(render(state), title)
        picture = svg.position(state)
        if positions % PARSE_EVERY == 0:
            check_picture(picture, title)
        decider = bremerhaven.current_player(state)
        if not bremerhaven.is_over(state):
            mine = render(state, decider)
            check_text(mine, headline(seen_by(state, decider)))
            assert f"Player {decider + 1} (you) *: " in mine
            picture = svg.position(state, decider)
            assert f"Player {decider + 1} (you)" in picture
            if positions % PARSE_EVERY == 1:
                check_picture(picture, headline(seen_by(state, decider)))
        if positions % TWIN_EVERY == 0 or bremerhaven.is_over(state):
            check_twins(state, twins)
        positions += 1
        if bremerhaven.is_over(state):
            break
        move = rng.choice(bremerhaven.legal_moves(state))
        after, found = bremerhaven.apply_move_with_events(state, move)
        assert describe_events(state, move, found, after)
        state = after
    assert positions > 40


@pytest.mark.rules("BH-VIEW-1", "BH-PIC-2")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(max_decisions=150))
def test_views_of_drawn_positions_never_raise(state: GameState) -> None:
    for viewer in (None, *range(state.seats)):
        title = headline(seen_by(state, viewer))
        check_text(render(state, viewer), title)
        check_picture(svg.position(state, viewer), title)
