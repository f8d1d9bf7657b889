"""Pictures (MK-PIC-1 to MK-PIC-3): cards and positions as SVG, parsed, rendered and compared."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest
import resvg_py

import machikoro
from machikoro import Establishment, Landmark, RulesOptions
from machikoro.cards.catalogue import card_set
from machikoro.cards.describe import activation_text, describe_establishment, describe_landmark
from machikoro.cards.model import Colour, EstablishmentCard, Icon, LandmarkCard
from machikoro.state import GameState
from machikoro.views import svg
from meeplekit.rng import SplitMix64
from meeplekit.views.svg import class_names, smallest_text
from tests.support.machikoro import E, L, at_roll, play
from tests.support.views import assert_not_blank

SVG = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).resolve().parent / "golden" / "svg"
CARDS = card_set()


def parsed(picture: str) -> ElementTree.Element:
    """The picture as XML, checked to be a standalone, scalable, titled SVG (MK-PIC-3)."""
    root = ElementTree.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    width, height = (float(v) for v in root.attrib["viewBox"].split()[2:])
    assert width > 0 and height > 0
    assert "max-width:100%" in root.attrib["style"]
    title = root.find(f"{SVG}title")
    assert title is not None and title.text
    for element in root.iter():
        assert element.tag.startswith(SVG), element.tag  # nothing but SVG inside
    return root


def words(root: ElementTree.Element) -> str:
    """Every line of text in the picture, joined by spaces."""
    return " ".join(t.text or "" for t in root.iter(f"{SVG}text"))


def flat(root: ElementTree.Element) -> str:
    """The picture's words with the line breaks of wrapping undone."""
    return " ".join(words(root).split())


def every_card() -> Iterator[EstablishmentCard | LandmarkCard]:
    yield from CARDS.establishments
    yield from CARDS.landmarks


def played(players: int, seed: int, options: RulesOptions | None = None) -> list[GameState]:
    """Every position of a seeded random game."""
    state = machikoro.new_game(players, seed=seed, options=options)
    rng = SplitMix64(seed)
    states = [state]
    while not machikoro.is_over(state):
        if machikoro.current_player(state) == machikoro.CHANCE:
            move = machikoro.sample_chance(state, rng)
        else:
            move = rng.choice(machikoro.legal_moves(state))
        state = machikoro.apply_move(state, move)
        states.append(state)
    return states


def fixed() -> GameState:
    """A position mid-turn: a Radio Tower's re-roll and the Harbor's 2, cities of every colour."""
    state = at_roll(
        coins=[4, 9, 0],
        cities=[
            {E.WHEAT_FIELD: 2, E.BAKERY: 1, E.MACKEREL_BOAT: 1, E.STADIUM: 1},
            {E.CAFE: 2, E.FRUIT_AND_VEGETABLE_MARKET: 1, E.TUNA_BOAT: 1},
            {E.FOREST: 3, E.CHEESE_FACTORY: 1, E.RANCH: 2},
        ],
        landmarks=[[L.HARBOR, L.TRAIN_STATION, L.RADIO_TOWER], [L.SHOPPING_MALL], []],
        current=0,
    )
    return play(
        state,
        machikoro.RollDice(2),
        machikoro.Dice((2, 3)),
        machikoro.RollDice(2),
        machikoro.Dice((4, 6)),
        machikoro.AddTwo(True),
    )


@pytest.mark.rules("MK-PIC-1", "MK-PIC-3", "MK-COLOR-1", "MK-COLOR-2", "MK-COLOR-3", "MK-COLOR-4")
def test_every_card_is_drawn_with_its_name_cost_activation_and_rules() -> None:
    for item in every_card():
        picture = svg.card(item)
        root = parsed(picture)
        assert root.findtext(f"{SVG}title") == item.name
        text = flat(root)
        assert item.name in text, (item.name, text)
        assert str(item.cost) in {t.text for t in root.iter(f"{SVG}text")}  # on the coin
        assert ("Harbor expansion" if item.edition.value == "harbor" else "base game") in text
        if isinstance(item, EstablishmentCard):
            assert activation_text(item) in text and item.colour.value in text
            assert item.icon.value in text and f"MK-CARD-{item.number + 1}" in text
            assert describe_establishment(item) in text
            assert ("· major ·" in text) == (item.colour is Colour.PURPLE)
        else:
            assert "landmark" in text and f"MK-LANDMARK-{item.number + 1}" in text
            assert describe_landmark(item) in text
        assert item._repr_svg_() == picture
    assert svg.card(Establishment.CAFE) == svg.card(CARDS.establishment(Establishment.CAFE))
    assert svg.card(Landmark.AIRPORT) == svg.card(CARDS.landmark(Landmark.AIRPORT))


@pytest.mark.rules("MK-PIC-1", "MK-INT-1")
def test_a_field_the_sources_disagree_on_is_marked_with_its_sources() -> None:
    marked = [item.name for item in every_card() if "machikoro-conflict" in svg.card(item)]
    assert marked == ["Sushi Bar"]
    for cost in (4, 2):
        sushi = card_set(sushi_bar_cost=cost).establishment(Establishment.SUSHI_BAR)
        text = flat(parsed(svg.card(sushi)))
        assert "Sources disagree on the cost: 4 (variablepig, wiki, metrodice, minivilles)" in text
        assert "2 (kevinddchen, nimvek, whakamua)" in text
        coin = [t.text for t in parsed(svg.card(sushi)).iter(f"{SVG}text")]
        assert str(cost) in coin


@pytest.mark.rules("MK-PIC-3", "MK-ICON-1")
def test_icons_have_distinct_shapes() -> None:
    # The same colour for every icon: what is left to tell them apart is the shape.
    shapes = {svg._icon(icon, 0, 0, 16, "#000").replace(icon.value, "") for icon in Icon}
    shapes.add(svg._icon(None, 0, 0, 16, "#000").replace("landmark", ""))
    assert len(shapes) == len(Icon) + 1


@pytest.mark.rules("MK-PIC-2", "MK-VIEW-1")
def test_the_position_shows_the_table() -> None:
    state = fixed()
    root = parsed(svg.position(state))
    text = flat(root)
    assert machikoro.views.view.render(state).splitlines()[0] in text  # the headline
    dice = [
        g.findtext(f"{SVG}title") for g in root.iter(f"{SVG}g") if g.get("class") == "machikoro-die"
    ]
    assert dice == ["2", "3", "4", "6"]
    assert "= 5" in text and "= 10" in text and "total 12 with the Harbor" in text
    assert "every pile face up; deck: 0 cards" in text
    piles = [g for g in root.iter(f"{SVG}g") if g.get("class") == "machikoro-pile"]
    assert len(piles) == sum(1 for n in state.market if n)
    for seat, coins in enumerate(state.coins):
        assert f"Player {seat + 1}" in text and f"{coins} coin" in text
        for number, count in enumerate(state.establishments[seat]):
            if count:
                assert f"{CARDS.establishment(number).name} x{count}" in text
    assert "3 of 6 landmarks" in text and "1 of 6 landmarks" in text and "0 of 6 landmarks" in text
    landmarks = [g for g in root.iter(f"{SVG}g") if g.get("class") == "machikoro-landmark"]
    assert len(landmarks) == 3 * 7
    built = [g.findtext(f"{SVG}title") for g in landmarks[:7]]
    assert built[1] == "Harbor: built" and built[3] == "Shopping Mall: to build: 10"
    assert "to play" in text and "winner" not in text


@pytest.mark.rules("MK-PIC-2", "MK-VIEW-2")
def test_a_viewer_and_a_caption() -> None:
    state = fixed()
    assert "(you)" not in flat(parsed(svg.position(state)))
    for seat in range(3):
        picture = svg.position(state, seat, caption="Player 1 adds 2")
        text = flat(parsed(picture))
        assert f"Player {seat + 1} (you)" in text and text.count("(you)") == 1
        assert "Player 1 adds 2" in text
        assert svg.position(machikoro.observe(state, seat), caption="Player 1 adds 2") == picture
    with pytest.raises(machikoro.InvalidValueError):
        svg.position(state, 3)
    assert state._repr_svg_() == svg.position(state)
    seen = machikoro.observe(state, 1)
    assert seen._repr_svg_() == svg.position(state, 1)


@pytest.mark.rules("MK-PIC-2", "MK-WIN-1")
def test_the_final_position_names_the_winner() -> None:
    end = played(2, 9)[-1]
    text = flat(parsed(svg.position(end)))
    winner = machikoro.outcome(end).winners[0]
    assert f"Player {winner + 1} ★ winner" in text and "to play" not in text
    assert "the game is over" in text


def pictures_of_every_kind() -> Iterator[str]:
    """Every card, and positions of games of both editions and markets, for two viewers."""
    for item in every_card():
        yield svg.card(item)
    yield svg.card(card_set(sushi_bar_cost=2).establishment(Establishment.SUSHI_BAR))
    states = [
        fixed(),
        *played(5, 3)[::60],
        *played(4, 8, RulesOptions(expansion=False))[::80],
        *played(2, 2, RulesOptions(market="all-piles"))[::80],
    ]
    for state in states:
        yield svg.position(state)
        yield svg.position(state, 1)


@pytest.mark.rules("MK-PIC-3")
def test_no_text_is_smaller_than_9_px_and_a_position_is_720_wide() -> None:
    pictures = list(pictures_of_every_kind())
    assert svg.MIN_TEXT == 9 and min(smallest_text(p) for p in pictures) == svg.MIN_TEXT
    for picture in pictures:
        root = parsed(picture)
        if root.findtext(f"{SVG}title", "").startswith("Machi Koro,"):
            assert root.attrib["width"] == str(svg.TABLE_WIDTH) == "720"
        else:
            assert (root.attrib["width"], root.attrib["height"]) == ("200", "280")


@pytest.mark.rules("MK-PIC-3")
def test_every_class_name_is_scoped() -> None:
    classes: set[str] = set()
    for picture in pictures_of_every_kind():
        assert parsed(picture).find(f".//{SVG}style") is None  # no styles of its own to leak
        classes |= class_names(picture)
    assert classes >= {
        "machikoro-band",
        "machikoro-conflict",
        "machikoro-die",
        "machikoro-establishment",
        "machikoro-icon",
        "machikoro-landmark",
        "machikoro-pile",
        "machikoro-player",
    }
    assert all(name.startswith("machikoro-") for name in classes), classes


@pytest.mark.rules("MK-PIC-3")
def test_a_real_renderer_draws_the_cards_and_positions() -> None:
    def rendered(picture: str) -> bytes:
        return bytes(resvg_py.svg_to_bytes(svg_string=picture, background="#ffffff"))

    for item in every_card():
        assert_not_blank(rendered(svg.card(item)))
    for state in (fixed(), played(3, 4)[-1]):
        assert_not_blank(rendered(svg.position(state)))


def golden_pictures() -> dict[str, str]:
    return {
        "card_sushi_bar.svg": svg.card(Establishment.SUSHI_BAR),
        "card_tuna_boat.svg": svg.card(Establishment.TUNA_BOAT),
        "card_city_hall.svg": svg.card(Landmark.CITY_HALL),
        "position_fixed.svg": svg.position(fixed(), caption="Player 1 adds 2 with the Harbor"),
        "position_game_over.svg": svg.position(played(2, 9)[-1], 1),
    }


@pytest.mark.rules("MK-PIC-1", "MK-PIC-2")
def test_the_golden_pictures() -> None:
    """Fixed pictures, byte for byte; ``MACHIKORO_WRITE_GOLDEN=1`` writes them anew."""
    for name, picture in golden_pictures().items():
        path = GOLDEN / name
        if os.environ.get("MACHIKORO_WRITE_GOLDEN"):
            GOLDEN.mkdir(parents=True, exist_ok=True)
            path.write_text(picture + "\n", encoding="utf-8")
        assert picture + "\n" == path.read_text(encoding="utf-8"), name


def test_states_from_json_draw_the_same() -> None:
    state = fixed()
    again = machikoro.from_json(machikoro.to_json(state))
    assert isinstance(again, GameState)
    assert svg.position(again) == svg.position(state)
