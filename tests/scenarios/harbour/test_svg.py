"""Pictures (PIC-1 to PIC-4): cards and positions as SVG, parsed, rendered and compared."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import attrs
import pytest
import resvg_py
from hypothesis import given, settings

import harbour
from harbour import testing
from harbour.cards import ORIGINAL_SET
from harbour.cards.describe import effect_rules
from harbour.cards.effects import Symbol
from harbour.cards.files import load_card_file
from harbour.cards.model import BonusCard, Building, CardSet, PlayerBoard
from harbour.goods import GOODS
from harbour.state import BoardSite, CardSite, GameState
from harbour.views import svg
from tests.support.harbour import EVERY_ABILITY_SET, card, fixed, played
from tests.support.views import assert_not_blank

SVG = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).resolve().parent / "golden" / "svg"
EXAMPLE = load_card_file(
    Path(__file__).resolve().parents[3] / "docs" / "examples" / "my-cards.toml"
)

Card = Building | PlayerBoard | BonusCard


def every_card(cards: CardSet) -> Iterator[Card]:
    yield from cards.buildings
    yield cards.board
    yield from cards.characters
    yield from cards.bonus_cards


def parsed(picture: str) -> ElementTree.Element:
    """The picture as XML, checked to be a standalone, scalable, titled SVG (PIC-4)."""
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


def rendered(picture: str) -> bytes:
    """The picture drawn by a real renderer (resvg), on white."""
    return bytes(resvg_py.svg_to_bytes(svg_string=picture, background="#ffffff"))


@pytest.mark.rules("PIC-1", "PIC-4")
@pytest.mark.parametrize("cards", [ORIGINAL_SET, EXAMPLE, EVERY_ABILITY_SET], ids=lambda c: c.name)
def test_every_card_is_drawn_with_its_name_price_and_rules(cards: CardSet) -> None:
    for item in every_card(cards):
        picture = svg.card(item, cards)
        root = parsed(picture)
        assert root.findtext(f"{SVG}title") == item.name
        text = words(root)
        assert all(word in text for word in item.name.split()), (item.name, text)
        assert ("original" if cards.original else "official") in text
        if isinstance(item, Building):
            assert ("no price" if item.cost is None else f"${item.cost}") in text, item.name
            assert f"{item.points} VP" in text, item.name
            assert ("BUY-7" in text) == (item.cost is None)
        if isinstance(item, PlayerBoard) and item.ability is not None:
            assert "Ability" in text
        if isinstance(item, BonusCard):
            assert "BONUS-2" in text and item.good.label in text
        # The action's rule IDs, in small print (PIC-1).
        if not isinstance(item, BonusCard):
            assert all(rule in text for rule in effect_rules(item.action)), item.name
        assert item._repr_svg_() == svg.card(item)


@pytest.mark.rules("PIC-1")
def test_a_card_set_of_the_published_cards_is_marked_official() -> None:
    official = attrs.evolve(EXAMPLE, original=False)
    original = attrs.evolve(EXAMPLE, original=True)
    building = EXAMPLE.buildings[0]
    assert "official" in words(parsed(svg.card(building, official)))
    assert "official" not in words(parsed(svg.card(building, original)))


@pytest.mark.rules("PIC-4")
def test_goods_and_symbols_have_distinct_shapes() -> None:
    # The same colour for every icon: what is left to tell them apart is the shape.
    shapes = set()
    for kind in (*GOODS, *Symbol):
        icon = svg._icon(kind, 0, 0)
        shape = icon[icon.index(">") + 1 :]  # without the colour attributes of the group
        shapes.add(shape.replace(kind.label if kind in GOODS else kind.value, ""))
    assert len(shapes) == len(GOODS) + len(Symbol)


@pytest.mark.rules("PIC-2", "VIEW-1")
def test_the_position_shows_the_table() -> None:
    state = fixed()
    root = parsed(svg.position(state))
    text = words(root)
    assert harbour.render(state).splitlines()[0] in text  # the headline (VIEW-1)
    for value, good in zip((2, 3, 4, 5), state.market, strict=True):
        assert f"${value}" in text and good.label in text
    assert f"Deck: {len(state.deck)} building(s)" in text
    assert "Last round: 2 turn(s) left" in text
    for seat, player in enumerate(state.players):
        assert f"Player {seat + 1}" in text
        for good in GOODS:
            assert f"{good.label} {player.goods[good]}" in text  # the warehouse track
        for index in player.buildings:
            assert ORIGINAL_SET.buildings[index].name in text
    for index in state.display:
        assert all(w in text for w in ORIGINAL_SET.buildings[index].name.split())
    pawns = [
        c for c in root.iter(f"{SVG}circle") if (c.findtext(f"{SVG}title") or "").endswith("pawn")
    ]
    assert len(pawns) == sum(p.pawn is not None for p in state.players)


def boxes(
    root: ElementTree.Element, attribute: str
) -> dict[str, tuple[float, float, float, float]]:
    """The rectangle (left, top, right, bottom) of each element with ``attribute``, by its value.

    A rectangle gives its own; a group (a display card) its translation and a card's size.
    """
    found = {}
    for element in root.iter():
        key = element.get(attribute)
        if key is None:
            continue
        if element.tag == f"{SVG}rect":
            x, y, w, h = (float(element.attrib[a]) for a in ("x", "y", "width", "height"))
        else:
            move = re.fullmatch(r"translate\(([\d.]+) ([\d.]+)\)", element.attrib["transform"])
            assert move, element.attrib
            x, y, w, h = float(move[1]), float(move[2]), svg.CARD_WIDTH, svg.CARD_HEIGHT
        assert key not in found, key
        found[key] = (x, y, x + w, y + h)
    return found


@pytest.mark.rules("PIC-2")
def test_highlights_outline_the_sites_given() -> None:
    state = fixed()
    sites = svg.destinations(state)
    assert sites and all(isinstance(s, CardSite | BoardSite) for s in sites)
    assert any(isinstance(s, BoardSite) for s in sites) and CardSite(card("net-loft")) in sites
    plain = svg.position(state)
    marked = svg.position(state, highlight=sites, caption="Player 2 to move")
    assert plain.count('class="harbour-highlight"') == 0
    assert marked.count('class="harbour-highlight"') == len(set(sites))
    assert "Player 2 to move" in words(parsed(marked))
    # Each outline lies just inside the edge of the site it marks.
    root = parsed(marked)
    outlines, places = boxes(root, "data-marks"), boxes(root, "data-site")
    expected = {f"card-{s.card}" if isinstance(s, CardSite) else f"board-{s.player}" for s in sites}
    assert set(outlines) == expected and expected < set(places)
    for key, (left, top, right, bottom) in outlines.items():
        x0, y0, x1, y1 = places[key]
        assert (left, top, right, bottom) == (x0 + 2, y0 + 2, x1 - 2, y1 - 2), key


def pictures_of_every_kind() -> Iterator[str]:
    """Every card of three sets, and positions with every option, for several viewers."""
    for cards in (ORIGINAL_SET, EXAMPLE, EVERY_ABILITY_SET):
        for item in every_card(cards):
            yield svg.card(item, cards)
    options = {"characters": True, "bonus_cards": True, "inland_traders": True}
    states = [fixed(), *played(4, 3, 200, **options)[::25], played(2, 5, 10_000)[-1]]
    for state in states:
        yield svg.position(state, highlight=svg.destinations(state) if not state.is_over else ())
        yield svg.position(state, 0)


def scale_of(transform: str) -> float:
    """The scale factor of an SVG ``transform`` made of translations and uniform scales."""
    factor = 1.0
    for kind, values in re.findall(r"(\w+)\(([^)]*)\)", transform):
        assert kind in ("translate", "scale"), transform
        if kind == "scale":
            factor *= float(values.split()[0])
    return factor


def smallest_text(element: ElementTree.Element, scale: float = 1.0) -> float:
    """The smallest font size of the texts in ``element``, in pixels at the natural size."""
    scale *= scale_of(element.get("transform", ""))
    sizes = [scale * float(element.attrib["font-size"])] if element.tag == f"{SVG}text" else []
    sizes += [smallest_text(child, scale) for child in element]
    return min(sizes, default=float("inf"))


@pytest.mark.rules("PIC-4")
def test_no_text_is_smaller_than_9_px_at_the_natural_size() -> None:
    sizes = [smallest_text(parsed(picture)) for picture in pictures_of_every_kind()]
    assert svg.MIN_TEXT == 9 and min(sizes) == svg.MIN_TEXT
    # The coin's $ is drawn inside an icon scaled down to 14 units: still above 9.
    assert smallest_text(ElementTree.fromstring(svg._icon(Symbol.COIN, 0, 0, 14))) >= 9
    # A position is drawn at its natural width in a page's column of 736 px.
    for picture in pictures_of_every_kind():
        root = parsed(picture)
        if root.findtext(f"{SVG}title", "").startswith("Harbour,"):
            assert root.attrib["width"] == str(svg.TABLE_WIDTH) == "720"


@pytest.mark.rules("PIC-4")
def test_every_class_name_is_scoped() -> None:
    """No class of a page's theme (``.highlight``, ``.ability``, ...) can match a picture."""
    classes: set[str] = set()
    for picture in pictures_of_every_kind():
        root = parsed(picture)
        assert root.find(f".//{SVG}style") is None  # no styles of its own to leak either
        for element in root.iter():
            classes.update(element.get("class", "").split())
    assert classes >= {"harbour-highlight", "harbour-site", "harbour-ability", "harbour-traders"}
    assert all(name.startswith("harbour-") for name in classes), classes


@pytest.mark.rules("PIC-2", "INLAND-2")
@pytest.mark.parametrize("cards", [ORIGINAL_SET, EXAMPLE], ids=lambda c: c.name)
def test_the_position_shows_the_inland_traders_price(cards: CardSet) -> None:
    with_traders = harbour.RulesOptions(inland_traders=True)
    state = harbour.new_game(3, seed=8, options=with_traders, cards=cards)
    price = cards.inland_traders_price
    assert price == (5 if cards is ORIGINAL_SET else 6)
    for picture in (svg.position(state), svg.position(state, 2), svg.position(state, public=True)):
        root = parsed(picture)
        (traders,) = (g for g in root.iter(f"{SVG}g") if g.get("class") == "harbour-traders")
        assert "Inland Traders" in words(traders) and words(traders).endswith(f"→ ${price}")
        assert f"pay ${price} for one of each good" in (traders.findtext(f"{SVG}title") or "")
        icons = [i.findtext(f"{SVG}title") for i in traders.iter(f"{SVG}g") if i is not traders]
        assert icons == [good.label for good in GOODS]  # one of each good
    without = harbour.new_game(3, seed=8, cards=cards)
    assert "harbour-traders" not in svg.position(without)
    assert "Inland Traders" not in words(parsed(svg.position(without)))


@pytest.mark.rules("PIC-3", "VIEW-2")
def test_a_viewer_sees_only_their_own_bonus_card() -> None:
    state = harbour.new_game(3, seed=4, options=harbour.RulesOptions(bonus_cards=True))
    names = [
        ORIGINAL_SET.bonus_cards[p.bonus_card].name
        for p in state.players
        if p.bonus_card is not None
    ]
    for viewer in range(3):
        text = words(parsed(svg.position(state, viewer)))
        own = state.players[viewer].bonus_card
        assert own is not None
        for index, name in enumerate(names):
            assert (name in text) == (index == viewer), (viewer, name)
        assert "Bonus card: hidden" in text
    assert all(name in words(parsed(svg.position(state))) for name in names)
    public = words(parsed(svg.position(state, public=True)))
    assert not any(name in public for name in names)
    # An observation draws as the state does for its viewer.
    assert harbour.observe(state, 1)._repr_svg_() == svg.position(state, 1)
    assert state._repr_svg_() == svg.position(state)
    with pytest.raises(harbour.InvalidValueError):
        svg.position(state, 1, public=True)


@pytest.mark.rules("PIC-4")
def test_a_real_renderer_draws_the_cards_and_positions() -> None:
    for item in every_card(ORIGINAL_SET):
        assert_not_blank(rendered(svg.card(item, ORIGINAL_SET)))
    states = [fixed(), *played(4, 3, 200, characters=True, bonus_cards=True)[::40]]
    for state in states:
        for viewer in (None, state.decider):
            assert_not_blank(rendered(svg.position(state, viewer)))


def golden_pictures() -> dict[str, str]:
    over = played(2, 5, 10_000)[-1]
    assert over.is_over
    return {
        "position_fixed.svg": svg.position(fixed(), highlight=svg.destinations(fixed())),
        "position_fixed_viewer2.svg": svg.position(fixed(), 1),
        "position_game_over.svg": svg.position(over, public=True),
        "card_kiln_works.svg": svg.card(ORIGINAL_SET.buildings[card("kiln-works")], ORIGINAL_SET),
        "card_character.svg": svg.card(ORIGINAL_SET.characters[0], ORIGINAL_SET),
    }


@pytest.mark.rules("PIC-1", "PIC-2")
def test_the_golden_pictures() -> None:
    """Fixed pictures, byte for byte; ``HARBOUR_WRITE_GOLDEN=1`` writes them anew."""
    for name, picture in golden_pictures().items():
        path = GOLDEN / name
        if os.environ.get("HARBOUR_WRITE_GOLDEN"):
            GOLDEN.mkdir(exist_ok=True)
            path.write_text(picture + "\n", encoding="utf-8")
        assert picture + "\n" == path.read_text(encoding="utf-8"), name


def test_states_from_json_draw_the_same() -> None:
    state: GameState = fixed()
    again = harbour.from_json(harbour.to_json(state))
    assert isinstance(again, GameState)
    assert svg.position(again) == svg.position(state)


@pytest.mark.rules("PIC-2", "PIC-3")
@settings(max_examples=60, deadline=None)
@given(testing.positions())
def test_any_valid_position_draws_for_every_viewer(state: GameState) -> None:
    # Positions made by hand, not only by play: any goods, market order and buildings.
    players = len(state.players)
    for viewer in (None, *range(players)):
        text = words(parsed(svg.position(state, viewer)))
        assert all(f"Player {seat + 1}" in text for seat in range(players))
