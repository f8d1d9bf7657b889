"""Pictures (BH-PIC-1 to BH-PIC-3): cards and positions as SVG, parsed, checked and rendered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import attrs
import pytest
import resvg_py

import bremerhaven
from bremerhaven import RulesOptions
from bremerhaven.cards import load_cards
from bremerhaven.cards.describe import describe_prices
from bremerhaven.cards.model import (
    BuildingCard,
    ContractCard,
    NewspaperCard,
    Origin,
    PriceCard,
    ShipCard,
)
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.observation import observe
from bremerhaven.state import GameState
from bremerhaven.views import svg
from bremerhaven.views.view import (
    building_words,
    event_words,
    goods_words,
    headline,
    seen_by,
    stake_words,
)
from meeplekit.views.svg import class_names, smallest_text
from tests.support.bremerhaven import SHORT, finished, first_bid_twins
from tests.support.views import assert_not_blank

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"


def parsed(picture: str) -> ElementTree.Element:
    """The picture as XML, checked to be a standalone, scalable, titled SVG (BH-PIC-3)."""
    root = ElementTree.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    width, height = (float(v) for v in root.attrib["viewBox"].split()[2:])
    assert width > 0 and height > 0
    assert "max-width:100%" in root.attrib["style"]
    title = root.find(f"{SVG}title")
    assert title is not None and title.text
    for element in root.iter():
        assert element.tag.startswith(SVG), element.tag  # nothing but SVG inside
    assert smallest_text(picture) >= svg.MIN_TEXT
    assert all(name.startswith("bremerhaven-") for name in class_names(picture))
    return root


def words(root: ElementTree.Element) -> str:
    """Every text of the picture, the lines of wrapping joined by spaces."""
    return " ".join(" ".join(t.text or "" for t in root.iter(f"{SVG}text")).split())


def every_card() -> Iterator[ShipCard | ContractCard | BuildingCard | PriceCard | NewspaperCard]:
    yield from ORIGINAL.ships
    yield from ORIGINAL.contracts
    yield from ORIGINAL.buildings
    yield from ORIGINAL.prices
    yield from ORIGINAL.newspapers


@pytest.mark.rules("BH-PIC-1", "BH-PIC-3", "BH-CARD-1", "BH-CARD-15")
def test_every_card_of_the_original_set_is_drawn_from_its_data() -> None:
    count = 0
    for item in every_card():
        count += 1
        picture = svg.card(item)
        root = parsed(picture)
        assert root.attrib["width"] == str(svg.CARD_WIDTH)
        text = words(root)
        title = root.findtext(f"{SVG}title")
        assert "original" in text and "card file" not in text
        if isinstance(item, PriceCard):
            assert title == f"Price card: {describe_prices(item)}"
            assert item.key not in text  # an internal key is no word of the picture
            for good in bremerhaven.Good:
                assert f"{good.key} {item.price(good)}" in text, (item.key, text)
            continue
        assert title == item.name
        assert all(word in text for word in item.name.split()), (item.name, text)
        if isinstance(item, ShipCard):
            assert goods_words(item.count, item.cargo) in text
            assert f"lay time {item.lay_time}" in text and f"berth size {item.berth}" in text
            assert f"prestige {item.prestige}" in text and f"back {item.back}" in text
            assert "BH-SEA-4" in text
        elif isinstance(item, ContractCard):
            assert f"delivery time {item.delivery}" in text
            assert f"penalty: {stake_words(item.penalty)}" in text
            assert f"reward: {stake_words(item.reward)}" in text
            assert ("train" in text) == item.train and ("BH-BID-8" in text) == item.train
        elif isinstance(item, BuildingCard):
            assert f"prestige {item.prestige}" in text
            for effect_words in building_words(item).split("; ")[1:]:
                if effect_words != "prestige only":
                    assert effect_words[1:] in text, (item.name, effect_words, text)
            assert ("cogwheel" in picture) == (item.production is not None)
        else:
            assert f"the Ship token advances {item.progress}" in text
            assert event_words(item.event) in text
            assert f"the dummy bids on {item.solo_space.label}" in text
    assert count == 48 + 56 + 20 + 24 + 18


@pytest.mark.rules("BH-PIC-1", "BH-CARD-1", "BH-CARD-14")
def test_a_card_of_a_card_file_is_marked_card_file() -> None:
    cards = load_cards(EXAMPLES / "bremerhaven-cards.toml")
    assert cards.origin is Origin.FILE
    for item in (
        cards.ships[0],
        cards.contracts[0],
        cards.buildings[0],
        cards.prices[0],
        cards.newspapers[0],
    ):
        assert item.origin is Origin.FILE
        text = words(parsed(svg.card(item)))
        assert "card file" in text and "original" not in text


@pytest.mark.rules("BH-PIC-1", "BH-SEA-4", "BH-LAND-4")
def test_wild_cargo_and_wild_symbols_are_stars_named_in_words() -> None:
    ship = next(c for c in ORIGINAL.ships if c.cargo is None)
    picture = svg.card(ship)
    assert "<title>any good (wild)</title>" in picture
    assert "of one kind (wild)" in words(parsed(picture))
    contract = next(c for c in ORIGINAL.contracts if None in c.goods)
    picture = svg.card(contract)
    assert picture.count("<title>any good (wild)</title>") == contract.goods.count(None)
    assert "any good" in words(parsed(picture))


def positions() -> Iterator[tuple[str, GameState]]:
    """A position of each kind of game, mid-game and at the end."""
    for name, players, options in (
        ("long-2", 2, None),
        ("long-3", 3, None),
        ("long-4", 4, None),
        ("short-3", 3, SHORT),
        ("solo", 1, None),
    ):
        yield name, bremerhaven.new_game(players, seed=3, options=options)
        yield f"{name}-over", finished(players, 3, options)


@pytest.mark.rules("BH-PIC-2", "BH-PIC-3", "BH-VIEW-1")
@pytest.mark.parametrize(
    ("name", "state"), list(positions()), ids=lambda v: v if isinstance(v, str) else ""
)
def test_a_position_of_every_kind_of_game_draws(name: str, state: GameState) -> None:
    picture = svg.position(state)
    root = parsed(picture)
    assert root.attrib["width"] == "720"
    assert root.findtext(f"{SVG}title") == headline(seen_by(state))
    text = words(root)
    assert "Town board" in text and "Sea board" in text and "Land board" in text
    for seat in range(state.seats):
        harbour = state.players[seat]
        assert f"Player {seat + 1}: " in text
        assert f"{harbour.money} money" in text and f"prestige {harbour.prestige}" in text
    assert ("The dummy: " in text) == state.solo
    assert ("Final scores" in text) == bremerhaven.is_over(state)
    assert ("Event card" in text) == (not state.options.short and not state.solo)
    assert picture == svg.position(state)  # deterministic
    if state.seats > 1:
        mine = svg.position(state, 1)
        assert "Player 2 (you)" in words(parsed(mine))


@pytest.mark.rules("BH-PIC-2", "BH-HARBOR-4", "BH-HARBOR-6")
def test_a_harbour_is_drawn_with_its_walls_docks_loading_docks_and_spaces() -> None:
    state = bremerhaven.new_game(2, seed=9)
    root = parsed(svg.position(state, 0))
    panel = next(g for g in root.iter(f"{SVG}g") if g.get("data-seat") == "0")
    titles = [t.text for t in panel.iter(f"{SVG}title")]
    # Walls 1 and 2 carry the starting bollards (BH-HARBOR-5).
    walls = [t for t in titles if t and t.startswith("quay wall")]
    assert walls == [f"quay wall {w}: {n} bollard(s)" for w, n in enumerate((0, 1, 1, 0))]
    assert titles.count("bollard") == 2
    text = words(panel)
    assert "dock 1 · berth 1" in text and "dock 0 · berth 0" in text
    assert text.count("not accessible") == 2  # loading docks 2 and 3 (BH-HARBOR-6)
    assert text.count("cover ") == 6 and text.count("open") == 6
    contract = next(p for p in state.players[0].loading if p is not None).card
    assert contract.name in titles


@pytest.mark.rules("BH-PIC-3", "BH-VIEW-2", "BH-VIEW-3", "BH-OBS-2")
def test_a_hidden_value_is_a_card_back_for_others_and_a_value_for_its_owner() -> None:
    five, one, captain = first_bid_twins()
    for viewer in [None, *(s for s in range(3) if s != captain)]:
        picture = svg.position(five, viewer)
        assert picture == svg.position(one, viewer)  # the twins differ only in the value
        root = parsed(picture)
        backs = [g for g in root.iter(f"{SVG}g") if g.get("class") == "bremerhaven-back"]
        assert [g.findtext(f"{SVG}title") for g in backs] == [
            f"Player {captain + 1}: a card face down"
        ]
        assert not [t for t in backs[0].iter(f"{SVG}text")]  # no value on a back
    own = svg.position(five, captain)
    assert own != svg.position(one, captain)
    root = parsed(own)
    shown = [g for g in root.iter(f"{SVG}g") if g.get("class") == "bremerhaven-influence"]
    assert [g.findtext(f"{SVG}title") for g in shown] == [f"Player {captain + 1}: 5 (face down)"]
    assert [t.text for t in shown[0].iter(f"{SVG}text")] == ["5"]
    assert not [g for g in root.iter(f"{SVG}g") if g.get("class") == "bremerhaven-back"]


@pytest.mark.rules("BH-PIC-2", "BH-VIEW-2")
def test_states_and_observations_show_themselves_as_their_pictures() -> None:
    state = bremerhaven.new_game(3, seed=1)
    assert state._repr_svg_() == svg.position(state)
    seen = observe(state, 2)
    assert seen._repr_svg_() == svg.position(seen) == svg.position(state, 2)
    assert svg.position(state, caption="Player 1 bids.") != svg.position(state)
    assert "Player 1 bids." in svg.position(state, caption="Player 1 bids.")
    with pytest.raises(bremerhaven.InvalidValueError):
        svg.position(bremerhaven.new_game(1, seed=1), 1)


@pytest.mark.rules("BH-PIC-3")
def test_pictures_render_to_something_visible() -> None:
    state = bremerhaven.new_game(4, seed=2, options=RulesOptions(game="short"))
    for picture in (svg.position(state), svg.card(ORIGINAL.ships[0]), svg.card(ORIGINAL.prices[0])):
        assert_not_blank(bytes(resvg_py.svg_to_bytes(svg_string=picture)))


@pytest.mark.rules("BH-PIC-3")
def test_long_names_are_cut_or_wrapped_never_smaller_than_9_pixels() -> None:
    state = bremerhaven.new_game(2, seed=1)
    long = "Extraordinarily Long Warehouse Name of the Northern Quay"
    building = attrs.evolve(state.buildings[0], name=long)
    parsed(svg.card(building))
    ship = attrs.evolve(ORIGINAL.ships[0], name=long)
    parsed(svg.card(ship))
