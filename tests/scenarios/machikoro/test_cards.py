"""The card data: every card's printed values, their provenance, and the pages written from them."""

from __future__ import annotations

from pathlib import Path

import pytest

import machikoro
from machikoro.cards import pages
from machikoro.cards.catalogue import CATALOGUE, SOURCES, Conflict, Fact, card_set
from machikoro.cards.describe import describe_establishment
from tests.support.machikoro import E, L, at_roll, play, roll

ROOT = Path(__file__).resolve().parents[3]

#: The survey's table (research/other-games-public-data.md §1.3), written out independently
#: of the catalogue: name, colour, icon, activation, cost (the Sushi Bar's default), copies.
SURVEY = {
    E.WHEAT_FIELD: ("Wheat Field", "blue", "wheat", (1,), 1, 6),
    E.SUSHI_BAR: ("Sushi Bar", "red", "cup", (1,), 4, 6),
    E.RANCH: ("Ranch", "blue", "cow", (2,), 1, 6),
    E.BAKERY: ("Bakery", "green", "bread", (2, 3), 1, 6),
    E.CAFE: ("Cafe", "red", "cup", (3,), 2, 6),
    E.CONVENIENCE_STORE: ("Convenience Store", "green", "bread", (4,), 2, 6),
    E.FLOWER_ORCHARD: ("Flower Orchard", "blue", "wheat", (4,), 2, 6),
    E.FOREST: ("Forest", "blue", "gear", (5,), 3, 6),
    E.FLOWER_SHOP: ("Flower Shop", "green", "bread", (6,), 1, 6),
    E.STADIUM: ("Stadium", "purple", "tower", (6,), 6, 4),
    E.TV_STATION: ("TV Station", "purple", "tower", (6,), 7, 4),
    E.BUSINESS_CENTER: ("Business Center", "purple", "tower", (6,), 8, 4),
    E.CHEESE_FACTORY: ("Cheese Factory", "green", "factory", (7,), 5, 6),
    E.PIZZA_JOINT: ("Pizza Joint", "red", "cup", (7,), 1, 6),
    E.PUBLISHER: ("Publisher", "purple", "tower", (7,), 5, 5),
    E.FURNITURE_FACTORY: ("Furniture Factory", "green", "factory", (8,), 3, 6),
    E.HAMBURGER_STAND: ("Hamburger Stand", "red", "cup", (8,), 1, 6),
    E.MACKEREL_BOAT: ("Mackerel Boat", "blue", "boat", (8,), 2, 6),
    E.TAX_OFFICE: ("Tax Office", "purple", "tower", (8, 9), 4, 5),
    E.MINE: ("Mine", "blue", "gear", (9,), 6, 6),
    E.FAMILY_RESTAURANT: ("Family Restaurant", "red", "cup", (9, 10), 3, 6),
    E.APPLE_ORCHARD: ("Apple Orchard", "blue", "wheat", (10,), 3, 6),
    E.FRUIT_AND_VEGETABLE_MARKET: ("Fruit and Vegetable Market", "green", "fruit", (11, 12), 2, 6),
    E.FOOD_WAREHOUSE: ("Food Warehouse", "green", "factory", (12, 13), 2, 6),
    E.TUNA_BOAT: ("Tuna Boat", "blue", "boat", (12, 13, 14), 5, 6),
}
#: The survey's landmarks (§1.4): name, cost.
LANDMARKS = {
    L.CITY_HALL: ("City Hall", 0),
    L.HARBOR: ("Harbor", 2),
    L.TRAIN_STATION: ("Train Station", 4),
    L.SHOPPING_MALL: ("Shopping Mall", 10),
    L.AMUSEMENT_PARK: ("Amusement Park", 16),
    L.RADIO_TOWER: ("Radio Tower", 22),
    L.AIRPORT: ("Airport", 30),
}


@pytest.mark.rules(
    "MK-CARD-1", "MK-CARD-2", "MK-CARD-3", "MK-CARD-4", "MK-CARD-5", "MK-CARD-6", "MK-CARD-7",
    "MK-CARD-8", "MK-CARD-9", "MK-CARD-10", "MK-CARD-11", "MK-CARD-12", "MK-CARD-13",
    "MK-CARD-14", "MK-CARD-15", "MK-CARD-16", "MK-CARD-17", "MK-CARD-18", "MK-CARD-19",
    "MK-CARD-20", "MK-CARD-21", "MK-CARD-22", "MK-CARD-23", "MK-CARD-24", "MK-CARD-25",
)  # fmt: skip
def test_every_establishment_has_the_survey_s_values() -> None:
    cards = card_set()
    assert len(cards.establishments) == 25
    for kind, (name, colour, icon, activation, cost, copies) in SURVEY.items():
        card = cards.establishment(kind)
        assert (card.name, card.colour.value, card.icon.value) == (name, colour, icon), kind
        assert (card.activation, card.cost, card.copies) == (activation, cost, copies), kind
    assert (
        cards.establishment(E.WHEAT_FIELD).starting == cards.establishment(E.BAKERY).starting == 1
    )
    needs_harbor = {c.number for c in cards.establishments if c.requires is L.HARBOR}
    assert needs_harbor == {E.SUSHI_BAR, E.MACKEREL_BOAT, E.TUNA_BOAT}


@pytest.mark.rules(
    "MK-LANDMARK-1", "MK-LANDMARK-2", "MK-LANDMARK-3", "MK-LANDMARK-4", "MK-LANDMARK-5",
    "MK-LANDMARK-6", "MK-LANDMARK-7",
)  # fmt: skip
def test_every_landmark_has_the_survey_s_cost() -> None:
    cards = card_set()
    for number, (name, cost) in LANDMARKS.items():
        card = cards.landmark(number)
        assert (card.name, card.cost) == (name, cost)
    assert [c.pre_built for c in cards.landmarks] == [True] + [False] * 6


@pytest.mark.rules("MK-INT-1", "MK-CARD-2")
def test_the_sushi_bar_s_cost_is_a_marked_conflict_and_a_choice() -> None:
    entry = CATALOGUE.establishment(E.SUSHI_BAR).cost
    assert isinstance(entry, Conflict) and entry.confidence == "CONFLICT"
    assert [value for value, _ in entry.values] == [4, 2]
    assert card_set(sushi_bar_cost=2).establishment(E.SUSHI_BAR).cost == 2
    with pytest.raises(machikoro.InvalidValueError):
        card_set(sushi_bar_cost=3)
    # The choice changes what a player can build with 2 coins.
    for reading, buildable in (("4", False), ("2", True)):
        options = machikoro.RulesOptions(market="all-piles", sushi_bar_cost=reading)
        state = roll(at_roll(coins=[2, 0], options=options), 5)
        assert (
            machikoro.BuildEstablishment(E.SUSHI_BAR) in machikoro.legal_moves(state)
        ) is buildable
        if buildable:
            assert play(state, machikoro.BuildEstablishment(E.SUSHI_BAR)).coins == (0, 0)


@pytest.mark.rules("MK-CARD-1")
def test_every_fact_cites_known_sources_with_a_confidence() -> None:
    for entry in CATALOGUE.establishments:
        for fact in (entry.name, entry.colour, entry.icon, entry.activation, entry.cost,
                     entry.effect, entry.requires, entry.copies):  # fmt: skip
            assert fact.sources and set(fact.sources) <= set(SOURCES), (entry.number, fact)
            assert fact.confidence in ("H", "M", "CONFLICT")
            assert isinstance(fact, Fact | Conflict)
    for landmark in CATALOGUE.landmarks:
        for known in (landmark.name, landmark.cost, landmark.effect):
            assert known.sources and set(known.sources) <= set(SOURCES)


@pytest.mark.rules("MK-CARD-2", "MK-CARD-25")
def test_descriptions_say_what_the_engine_does() -> None:
    cards = card_set()
    assert describe_establishment(cards.establishment(E.SUSHI_BAR)).startswith(
        "If you have a Harbor"
    )
    assert "2 dice" in describe_establishment(cards.establishment(E.TUNA_BOAT))


@pytest.mark.rules("MK-CARD-1", "MK-LANDMARK-1")
def test_the_generated_pages_are_up_to_date() -> None:
    """``python -m machikoro.cards.pages --write`` writes both pages from the catalogue."""
    for path, text in (
        (pages.SPEC_PATH, pages.spec_page()),
        (pages.REFERENCE_PATH, pages.reference_page()),
        (pages.READINGS_PATH, pages.readings_page()),
    ):
        assert (ROOT / path).read_text(encoding="utf-8") == text, f"regenerate {path}"
    assert pages.main(["--root", str(ROOT)]) == 0
