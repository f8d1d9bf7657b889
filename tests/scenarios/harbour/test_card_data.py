"""The official catalogue (CAT-1) and playing the official components (CAT-2)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import attrs
import pytest

import harbour
from harbour.cards import ORIGINAL_BOARD, ORIGINAL_BUILDINGS, Building, CardSet, PlayerBoard
from harbour.cards.abilities import (
    Ability,
    AlchemistConversion,
    CollectWhenShipped,
    ExtraGain,
    FreeBuildingAtSetup,
    GainOnPurchase,
    GainWhenOthersUseStart,
    PointsForMarketValue,
    ShareOccupiedBuildings,
    ShippingBonus,
    ShippingKeepsExcess,
    ShippingKeepsOneEach,
)
from harbour.cards.characters import ORIGINAL_BONUS_CARDS, ORIGINAL_CHARACTERS
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
    Symbol,
    TwoPart,
)
from harbour.cards.files import load_card_data
from harbour.cards.official import (
    OFFICIAL_CATALOGUE,
    UNKNOWN,
    IncompleteComponentsError,
    Known,
    MissingItem,
    SupplementMismatchError,
    Unknown,
    completeness,
    official_card_set,
)
from harbour.errors import HarbourError
from harbour.goods import Good, Goods
from meeplekit.rng import SplitMix64

ROOT = Path(__file__).resolve().parents[3]
#: The project's research note on the published cards, copied into the repository so the
#: catalogue can always be checked against the text it was built from.
RESEARCH = ROOT / "docs" / "research" / "harbour-official-data.md"

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE
A, C, H = Symbol.ANCHOR, Symbol.COIN, Symbol.TOP_HAT

NAMED = (
    "Sushi Shop",
    "Golem Crafters",
    "Salvage Yard",
    "Ranch",
    "Inn",
    "Lighthouse",
    "Canal Lock",
    "Shipbuilder's Guild",
    "Library",
    "Bank",
    "Traders Guild",
    "Architectural Society",
    "Privateer Ship",
    "Seaside Crane",
    "Alchemist shop",
    "Masoner's Hall",
    "Pub",
    "Wizard's Traveling Imaginarium",
)
TRIO = ("Lighthouse", "Canal Lock", "Shipbuilder's Guild")
TWO_PART = (
    "Library",
    "Bank",
    "Traders Guild",
    "Architectural Society",
    "Privateer Ship",
    "Seaside Crane",
)


def research_text() -> str:
    return RESEARCH.read_text(encoding="utf-8")


def all_facts() -> list[Known[Any] | Unknown]:
    """Every field fact of every component of the catalogue."""
    cat = OFFICIAL_CATALOGUE
    out: list[Known[Any] | Unknown] = []
    components: list[Any] = [*cat.buildings, *cat.characters, cat.board, *cat.bonus_cards]
    for comp in components:
        for field in attrs.fields(type(comp)):
            value = getattr(comp, field.name)
            if isinstance(value, Known | Unknown):
                out.append(value)
            elif isinstance(value, tuple):
                out.extend(v for v in value if isinstance(v, Known))
    out += [cat.market.values, *cat.market.traits, cat.inland_traders_price]
    out += [*cat.unattributed_actions, *cat.components]
    return out


def play_random_game(
    cards: CardSet, players: int, seed: int, options: harbour.RulesOptions | None = None
) -> harbour.GameState:
    state = harbour.new_game(players, seed=seed, cards=cards, options=options)
    rng = SplitMix64(seed ^ 0x5DEECE66D)
    for _ in range(5_000):
        if harbour.is_over(state):
            return state
        state = harbour.apply_move(state, rng.choice(harbour.legal_moves(state)))
    raise AssertionError("the game did not end within 5,000 decisions")


# --------------------------------------------------------------------------- CAT-1


@pytest.mark.rules("CAT-1")
def test_the_catalogue_has_36_building_slots_18_of_them_named_as_in_the_research() -> None:
    buildings = OFFICIAL_CATALOGUE.buildings
    assert len(buildings) == 36
    assert [b.slot for b in buildings] == list(range(1, 37))
    named = [b.name.value for b in buildings if isinstance(b.name, Known)]
    assert tuple(named) == NAMED
    assert all(isinstance(b.name, Unknown) for b in buildings[18:])
    assert len({b.key for b in buildings}) == 36
    text = research_text()
    for name in NAMED:
        assert name in text, name


@pytest.mark.rules("CAT-1")
def test_the_sushi_shop_costs_8_is_worth_7_and_its_symbols_are_unknown() -> None:
    sushi = OFFICIAL_CATALOGUE.building("Sushi Shop")
    assert isinstance(sushi.cost, Known)
    assert sushi.cost.value == 8 and sushi.cost.confidence == "verbatim"
    assert isinstance(sushi.points, Known) and sushi.points.value == 7
    assert isinstance(sushi.action, Known)
    assert sushi.action.value == Convert(Goods(fish=1), Goods(livestock=1, wood=1, stone=1))
    assert "boardgamedog.com/harbour" in sushi.cost.source
    assert isinstance(sushi.symbols, Unknown)
    assert sushi.missing == ("symbols",)


@pytest.mark.rules("CAT-1")
@pytest.mark.parametrize(
    ("name", "action", "confidence"),
    [
        ("Golem Crafters", Convert(Goods(livestock=3), Goods(stone=5)), "verbatim"),
        ("Salvage Yard", Exchange(5, 3, gain_kinds=2, other=True), "inferred"),
        ("Ranch", GainPerSymbol(L, A, 1), "verbatim"),
        ("Inn", Convert(Goods(fish=1, wood=1, stone=1), Goods(livestock=4)), "verbatim"),
    ],
)
def test_buildings_known_by_their_action_have_only_the_action(
    name: str, action: Effect, confidence: str
) -> None:
    b = OFFICIAL_CATALOGUE.building(name)
    assert isinstance(b.action, Known)
    assert b.action.value == action
    assert b.action.confidence == confidence
    assert b.action.source
    for field in ("cost", "points", "symbols"):
        assert isinstance(getattr(b, field), Unknown), field
    assert b.missing == ("cost", "points", "symbols")


@pytest.mark.rules("CAT-1")
def test_the_salvage_yard_reading_of_other_is_marked_inferred_with_the_reason() -> None:
    action = OFFICIAL_CATALOGUE.building("Salvage Yard").action
    assert isinstance(action, Known) and action.inferred
    assert "other" in action.note


@pytest.mark.rules("CAT-1")
def test_the_golem_crafters_cost_is_unknown() -> None:
    assert OFFICIAL_CATALOGUE.building("golem crafters").cost.known is False


@pytest.mark.rules("CAT-1", "SETUP-5")
def test_the_first_game_trio_is_known_and_their_actions_are_not() -> None:
    for b in OFFICIAL_CATALOGUE.buildings:
        fact = b.first_game
        assert isinstance(fact, Known)
        if b.label in TRIO:
            assert fact.value is True and fact.confidence == "verbatim"
            assert isinstance(b.action, Unknown)
            assert b.missing == ("cost", "points", "symbols", "action")
        else:
            assert fact.value is False and fact.inferred and fact.note


@pytest.mark.rules("CAT-1", "ACT-7", "BUY-5")
def test_two_part_buildings_and_the_library_keep_their_partial_facts() -> None:
    for name in TWO_PART:
        b = OFFICIAL_CATALOGUE.building(name)
        assert isinstance(b.action, Unknown)
        assert any("two-part" in t.value for t in b.traits), name
    library = OFFICIAL_CATALOGUE.building("Library")
    assert any("buy 2 buildings" in t.value for t in library.traits)


@pytest.mark.rules("CAT-1")
def test_the_alchemist_shop_costs_6_and_the_names_only_buildings_have_only_names() -> None:
    shop = OFFICIAL_CATALOGUE.building("Alchemist shop")
    assert isinstance(shop.cost, Known) and shop.cost.value == 6
    assert "001" in shop.cost.source
    assert shop.missing == ("points", "symbols", "action")
    for name in ("Masoner's Hall", "Pub", "Wizard's Traveling Imaginarium"):
        b = OFFICIAL_CATALOGUE.building(name)
        assert b.missing == ("cost", "points", "symbols", "action"), name
        assert b.traits == ()


@pytest.mark.rules("CAT-1", "COMP-4")
def test_no_price_points_or_symbols_are_recorded_beyond_the_research() -> None:
    """Cost, VP and symbols are unknown for every building except the Sushi Shop."""
    priced = {b.label for b in OFFICIAL_CATALOGUE.buildings if b.cost.known}
    assert priced == {"Sushi Shop", "Alchemist shop"}
    assert {b.label for b in OFFICIAL_CATALOGUE.buildings if b.points.known} == {"Sushi Shop"}
    assert not any(b.symbols.known for b in OFFICIAL_CATALOGUE.buildings)
    actions = {b.label for b in OFFICIAL_CATALOGUE.buildings if b.action.known}
    assert actions == {"Sushi Shop", "Golem Crafters", "Salvage Yard", "Ranch", "Inn"}


@pytest.mark.rules("CAT-1")
def test_buildings_whose_names_are_unknown_have_every_field_unknown() -> None:
    for b in OFFICIAL_CATALOGUE.buildings[18:]:
        assert b.missing == ("name", "cost", "points", "symbols", "action")
        assert b.label == f"slot {b.slot} (name unknown)"
        assert b.inferred == ("first_game",)


@pytest.mark.rules("CAT-1")
def test_actions_of_unnamed_buildings_are_kept_apart_from_the_slots() -> None:
    actions = [a.value for a in OFFICIAL_CATALOGUE.unattributed_actions]
    assert actions == [
        TwoPart(Gain(Goods(stone=1)), Buy()),
        Convert(Goods(wood=1), Goods(fish=1, livestock=1, stone=1)),
        SwapMarket(),
    ]
    slotted = [b.action.value for b in OFFICIAL_CATALOGUE.buildings if isinstance(b.action, Known)]
    assert not set(actions) & set(slotted)


def _start(good: Good | None) -> Effect:
    fixed = Goods() if good is None else Goods.single(good)
    return OneOf((GainChoice(1, fixed=fixed), Buy()))


@pytest.mark.rules("CAT-1")
@pytest.mark.parametrize(
    ("name", "start", "symbols", "ability"),
    [
        ("Alchemist", _start(S), (A,), AlchemistConversion()),
        ("Beggar", _start(None), (A,), GainWhenOthersUseStart(1)),
        ("Bookkeeper", _start(W), (C,), ShippingKeepsExcess()),
        ("Clockwork Tradesman", _start(F), (A,), ShippingBonus(square=0, amount=1)),
        ("Diplomat", _start(L), (A, H), ShareOccupiedBuildings(1)),
        ("Fisherman", None, None, ExtraGain(F)),
        ("Wholesailer", None, None, ShippingKeepsOneEach(1)),
        ("Noble", None, None, FreeBuildingAtSetup(2)),
        ("Mason", None, None, CollectWhenShipped(S)),
        ("Speculator", None, None, PointsForMarketValue(S)),
        ("Investor", None, None, GainOnPurchase(1)),
    ],
)
def test_the_published_characters_have_exactly_the_research_facts(
    name: str, start: Effect | None, symbols: tuple[Symbol, ...] | None, ability: Ability
) -> None:
    c = OFFICIAL_CATALOGUE.character(name)
    assert c.ability == Known(ability, c.ability.source, "verbatim", c.ability.note)
    if start is None:
        assert isinstance(c.action, Unknown) and isinstance(c.symbols, Unknown)
        assert c.missing == ("symbols", "action")
    else:
        assert isinstance(c.action, Known) and c.action.value == start
        assert c.action.confidence == "verbatim"
        assert isinstance(c.symbols, Known) and c.symbols.value == symbols
        assert c.symbols.inferred and "anchor" in c.symbols.note
        assert c.missing == ()
    assert c.text.value in research_text()


@pytest.mark.rules("CAT-1")
def test_the_character_list_promos_and_the_inferred_english_name_of_the_investor() -> None:
    names = [c.label for c in OFFICIAL_CATALOGUE.characters]
    assert len(names) == 11
    promos = {c.label for c in OFFICIAL_CATALOGUE.characters if c.promo}
    assert promos == {"Fisherman", "Wholesailer", "Noble", "Mason", "Speculator"}
    investor = OFFICIAL_CATALOGUE.character("investor")
    assert investor.name.inferred and "reich-der-spiele" in investor.text.source
    assert OFFICIAL_CATALOGUE.character("Fisherman").text.source == "indiegamealliance.com"


@pytest.mark.rules("CAT-1", "COMP-3")
def test_the_wharfs_name_is_known_and_its_action_is_not() -> None:
    board = OFFICIAL_CATALOGUE.board
    assert isinstance(board.name, Known) and board.name.value == "The Wharfs"
    assert [a.value for a in board.aliases] == ["Die Landungsstege"]
    assert isinstance(board.action, Unknown) and isinstance(board.symbols, Unknown)


@pytest.mark.rules("CAT-1", "BUY-2")
def test_the_market_values_are_known_with_their_sources() -> None:
    values = OFFICIAL_CATALOGUE.market.values
    assert isinstance(values, Known)
    assert values.value == (2, 3, 4, 5) == harbour.MARKET_VALUES
    for site in ("thegameshelf", "geekken", "punchboardmedia"):
        assert site in values.source


@pytest.mark.rules("CAT-1")
def test_the_bonus_cards_and_the_inland_traders_price_are_unknown() -> None:
    assert len(OFFICIAL_CATALOGUE.bonus_cards) == 4
    for card in OFFICIAL_CATALOGUE.bonus_cards:
        assert card.missing == ("name", "good", "goods", "points", "max_trades")
    assert isinstance(OFFICIAL_CATALOGUE.inland_traders_price, Unknown)


@pytest.mark.rules("CAT-1")
def test_every_known_fact_has_a_source_and_every_inference_a_reason() -> None:
    facts = all_facts()
    assert len(facts) > 200
    for fact in facts:
        if isinstance(fact, Known):
            assert fact.source.strip()
            assert fact.confidence in ("verbatim", "inferred")
            if fact.inferred:
                assert fact.note or "probably" in str(fact.value), fact
        else:
            assert isinstance(fact, Unknown)
    assert UNKNOWN.known is False and UNKNOWN.inferred is False


@pytest.mark.rules("CAT-1")
def test_lookups_by_name_key_and_alias_ignore_case() -> None:
    assert OFFICIAL_CATALOGUE.building("LIGHTHOUSE").key == "lighthouse"
    assert OFFICIAL_CATALOGUE.building("leuchtturm").label == "Lighthouse"
    assert OFFICIAL_CATALOGUE.building("shipbuilders-guild").label == "Shipbuilder's Guild"
    assert OFFICIAL_CATALOGUE.character("clockwork-tradesman").label == "Clockwork Tradesman"
    with pytest.raises(KeyError):
        OFFICIAL_CATALOGUE.building("Net Loft")
    with pytest.raises(KeyError):
        OFFICIAL_CATALOGUE.character("Cooper")


# --------------------------------------------------------------------------- CAT-2


@pytest.mark.rules("CAT-2")
def test_the_completeness_report_lists_what_is_missing_per_component() -> None:
    report = completeness()
    assert not report.complete
    by_label = {(c.kind, c.label): c for c in report.components}
    assert by_label["building", "Sushi Shop"].missing == ("symbols",)
    assert by_label["building", "Golem Crafters"].missing == ("cost", "points", "symbols")
    assert by_label["building", "slot 19 (name unknown)"].missing[0] == "name"
    assert by_label["character", "Alchemist"].complete
    assert by_label["character", "Alchemist"].inferred == ("symbols",)
    assert by_label["character", "Investor"].inferred == ("name",)
    assert by_label["character", "Noble"].missing == ("symbols", "action")
    assert by_label["board", "The Wharfs"].missing == ("symbols", "action")
    assert by_label["market", "market board"].complete
    assert by_label["inland traders price", "Inland Traders price"].missing == ("price",)
    assert len(report.of_kind("building")) == 36
    assert len(report.of_kind("bonus card")) == 4
    assert {c.label for c in report.playable} == {
        "Alchemist",
        "Beggar",
        "Bookkeeper",
        "Clockwork Tradesman",
        "Diplomat",
        "market board",
    }
    text = report.describe()
    assert "building: 0 of 36 complete" in text
    assert "character: 5 of 11 complete" in text
    assert "- building Sushi Shop: missing symbols" in text


@pytest.mark.rules("CAT-2")
def test_playing_the_official_components_unsupplemented_is_refused_listing_every_gap() -> None:
    with pytest.raises(IncompleteComponentsError) as info:
        official_card_set()
    err = info.value
    assert isinstance(err, HarbourError) and isinstance(err, ValueError)
    assert err.missing == completeness().missing_items
    message = str(err)
    for item in err.missing:
        assert f"- {item}" in message
    assert "- building Sushi Shop: symbols" in message
    assert "- building Golem Crafters: cost" in message
    assert "- building slot 36 (name unknown): action" in message
    assert "- character Fisherman: action" in message
    assert "- board The Wharfs: action" in message
    assert "- bonus card slot 4 (name unknown): good" in message
    assert "- Inland Traders price: price" in message
    assert "Sushi Shop: cost" not in message


def full_supplement(*, shout: bool = False) -> CardSet:
    """Original content filling every unknown field: renamed original buildings etc."""
    buildings: list[Building] = []
    for i, name in enumerate(NAMED):
        shown = name.upper() if shout and name == "Pub" else name
        buildings.append(attrs.evolve(ORIGINAL_BUILDINGS[i], key=f"x-{i}", name=shown))
    buildings += [attrs.evolve(b, first_game=False) for b in ORIGINAL_BUILDINGS[18:]]
    characters = tuple(
        attrs.evolve(ORIGINAL_CHARACTERS[i % len(ORIGINAL_CHARACTERS)], key=f"c-{i}", name=c.label)
        for i, c in enumerate(OFFICIAL_CATALOGUE.characters)
    )
    return CardSet(
        name="supplement",
        buildings=tuple(buildings),
        board=ORIGINAL_BOARD,
        original=False,
        characters=characters,
        bonus_cards=ORIGINAL_BONUS_CARDS,
        inland_traders_price=7,
    )


@pytest.mark.rules("CAT-2")
def test_a_supplement_completing_everything_gives_a_playable_set_keeping_known_facts() -> None:
    supplement = full_supplement(shout=True)
    cards = official_card_set(supplement)
    assert not cards.original
    assert len(cards.buildings) == 36
    by_name = {b.name: b for b in cards.buildings}
    sushi = by_name["Sushi Shop"]
    # Known facts win over the supplement's (the renamed Net Loft costs $3 and gains fish).
    assert (sushi.cost, sushi.points) == (8, 7)
    assert sushi.action == Convert(Goods(fish=1), Goods(livestock=1, wood=1, stone=1))
    assert sushi.symbols == ORIGINAL_BUILDINGS[0].symbols  # unknown: from the supplement
    assert sushi.key == "sushi-shop"
    assert by_name["Alchemist shop"].cost == 6
    assert by_name["Golem Crafters"].cost == ORIGINAL_BUILDINGS[1].cost
    assert by_name["Pub"].action == ORIGINAL_BUILDINGS[16].action  # matched ignoring case
    assert {cards.buildings[i].name for i in cards.first_game_buildings} == set(TRIO)
    # Unnamed slots take the supplement's other buildings, in order.
    assert cards.buildings[18:] == tuple(
        attrs.evolve(b, first_game=False) for b in ORIGINAL_BUILDINGS[18:]
    )
    assert cards.board.name == "The Wharfs" and cards.board.action == ORIGINAL_BOARD.action
    assert [c.name for c in cards.characters] == [c.label for c in OFFICIAL_CATALOGUE.characters]
    alchemist = cards.characters[0]
    assert alchemist.ability == AlchemistConversion()
    assert alchemist.symbols == (A,) and alchemist.action == _start(S)
    assert alchemist.text.startswith("once during your turn")
    fisherman = cards.characters[5]
    assert fisherman.ability == ExtraGain(F)
    assert fisherman.action == ORIGINAL_CHARACTERS[5].action  # unknown: supplied
    assert cards.bonus_cards == ORIGINAL_BONUS_CARDS
    assert cards.inland_traders_price == 7


@pytest.mark.rules("CAT-2")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_completed_official_set_plays_full_random_games(players: int) -> None:
    cards = official_card_set(full_supplement())
    state = play_random_game(cards, players, seed=100 + players)
    assert harbour.is_over(state)
    assert harbour.outcome(state).winners


@pytest.mark.rules("CAT-2")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_completed_official_set_plays_with_its_characters_and_bonus_cards(
    players: int,
) -> None:
    cards = official_card_set(full_supplement())
    options = harbour.RulesOptions(characters=True, bonus_cards=True)
    for seed in range(3):
        state = play_random_game(cards, players, seed=seed, options=options)
        assert harbour.is_over(state)


@pytest.mark.rules("CAT-2", "SETUP-5")
def test_the_completed_official_set_has_the_first_game_trio() -> None:
    cards = official_card_set(full_supplement())
    state = harbour.new_game(2, seed=3, cards=cards, options=harbour.RulesOptions(first_game=True))
    shown = {cards.buildings[i].name for i in state.display}
    assert set(TRIO) <= shown


@pytest.mark.rules("CAT-2")
def test_a_partial_supplement_is_refused_listing_only_what_is_still_missing() -> None:
    supplement = full_supplement()
    without_pub = tuple(b for b in supplement.buildings if b.name != "Pub")
    partial = attrs.evolve(supplement, buildings=without_pub, bonus_cards=())
    with pytest.raises(IncompleteComponentsError) as info:
        official_card_set(partial)
    # The Pub's slot stays empty: the supplement's 18 other buildings fill the 18 unnamed
    # slots, and the bonus cards are missing.
    assert {str(m) for m in info.value.missing} == {
        "building Pub: cost",
        "building Pub: points",
        "building Pub: symbols",
        "building Pub: action",
        *(
            f"bonus card slot {n} (name unknown): {f}"
            for n in range(1, 5)
            for f in ("name", "good", "goods", "points", "max_trades")
        ),
    }


@pytest.mark.rules("CAT-2")
def test_optional_characters_and_bonus_cards_can_be_left_out() -> None:
    supplement = attrs.evolve(full_supplement(), characters=(), bonus_cards=())
    with pytest.raises(IncompleteComponentsError) as info:
        official_card_set(supplement)
    kinds = {m.kind for m in info.value.missing}
    assert kinds == {"character", "bonus card"}
    assert MissingItem("character", "Noble", "action") in info.value.missing
    cards = official_card_set(supplement, characters=False, bonus_cards=False)
    assert cards.characters == () and cards.bonus_cards == ()


@pytest.mark.rules("CAT-2")
def test_matching_uses_keys_german_names_and_adds_unknown_characters() -> None:
    supplement = full_supplement()
    buildings = list(supplement.buildings)
    buildings[5] = attrs.evolve(buildings[5], name="Leuchtturm")  # the Lighthouse
    buildings[6] = attrs.evolve(buildings[6], key="canal-lock", name="Some Lock")
    extra = PlayerBoard("captain", "Captain", (A,), _start(F), GainOnPurchase(1))
    supplement = attrs.evolve(
        supplement, buildings=tuple(buildings), characters=(*supplement.characters, extra)
    )
    cards = official_card_set(supplement)
    names = [b.name for b in cards.buildings]
    assert names[:18] == list(NAMED)
    assert cards.buildings[5].action == ORIGINAL_BUILDINGS[5].action
    assert cards.characters[-1] == extra


@pytest.mark.rules("CAT-2")
def test_a_supplement_that_does_not_fit_is_refused() -> None:
    supplement = full_supplement()
    surplus = attrs.evolve(
        supplement, buildings=(*supplement.buildings, attrs.evolve(ORIGINAL_BUILDINGS[0], key="z"))
    )
    with pytest.raises(SupplementMismatchError, match="match no named official building"):
        official_card_set(surplus)
    twice = list(supplement.buildings)
    twice[20] = attrs.evolve(twice[20], name="sushi shop")
    with pytest.raises(SupplementMismatchError, match="several cards for 'sushi-shop'"):
        official_card_set(attrs.evolve(supplement, buildings=tuple(twice)))
    fifth = attrs.evolve(ORIGINAL_BONUS_CARDS[0], key="fifth")
    five = attrs.evolve(supplement, bonus_cards=(*ORIGINAL_BONUS_CARDS, fifth))
    with pytest.raises(SupplementMismatchError, match="5 bonus cards"):
        official_card_set(five)
    assert issubclass(SupplementMismatchError, HarbourError)
    assert issubclass(SupplementMismatchError, ValueError)


@pytest.mark.rules("CAT-2", "FILE-1")
def test_a_card_file_can_supply_the_missing_fields() -> None:
    """A file naming only the unknown fields of the first-game trio and the rest."""
    supplement = full_supplement()
    data = {
        "name": "my supplement",
        "size": 36,
        "board": {
            "name": "Wharfs",
            "symbols": [],
            "action": {"type": "one-of", "options": [{"type": "swap-market"}, {"type": "buy"}]},
        },
        "buildings": [
            {
                "name": b.name,
                "cost": b.cost if b.cost is not None else 0,
                "points": b.points,
                "symbols": [s.value for s in b.symbols],
                "action": {"type": "gain", "goods": {"wood": 1}},
            }
            for b in supplement.buildings
        ],
    }
    cards = official_card_set(load_card_data(data), characters=False, bonus_cards=False)
    assert cards.board.action == OneOf((SwapMarket(), Buy()))
    assert cards.buildings[0].action == OFFICIAL_CATALOGUE.buildings[0].action.value  # type: ignore[union-attr]
    assert cards.buildings[5].action == Gain(Goods(wood=1))
    assert play_random_game(cards, 2, seed=9).players


@pytest.mark.rules("CAT-2")
def test_the_missing_item_text_names_component_and_field() -> None:
    assert str(MissingItem("building", "Pub", "cost")) == "building Pub: cost"
    assert str(MissingItem("inland traders price", "Inland Traders price", "price")) == (
        "Inland Traders price: price"
    )
    assert re.search(r"\d+ field\(s\) are unknown", str(IncompleteComponentsError([])))
