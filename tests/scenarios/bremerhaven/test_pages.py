"""The docs' pages written from data: the card reference and the readings (BH-CARD-1, BH-CARD-15).

The original set is read here from its TOML file with :mod:`tomllib`, not through the
library's reader, so that the page is checked against the file itself.
"""

from __future__ import annotations

import enum
import re
import tomllib
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest

from bremerhaven.cards import describe, pages
from bremerhaven.cards.catalogue import CATALOGUE, Catalogue, Known
from bremerhaven.cards.model import (
    BuildingCard,
    Charge,
    Counted,
    Effect,
    FreeConversion,
    Good,
    HoldsGoods,
    IncomePerNewShip,
    MoneyStore,
    PriceChoiceWhenUnbid,
    Produce,
    Reward,
    Space,
    Stake,
    TrainBidBonus,
)
from bremerhaven.options import RulesOptions
from meeplekit.spec import Specification

ROOT = Path(__file__).resolve().parents[3]
TOML = ROOT / "src" / "bremerhaven" / "cards" / "original.toml"


def _original() -> dict[str, Any]:
    with TOML.open("rb") as file:
        return tomllib.load(file)


def _section(page: str, heading: str) -> str:
    """The text under ``heading`` up to the next heading of the same or a higher level."""
    level = heading.split(" ")[0]
    start = page.index(f"\n{heading}\n")
    rest = page[start + len(heading) + 2 :]
    stop = re.search(rf"\n#{{1,{len(level)}}} ", rest)
    return rest if stop is None else rest[: stop.start()]


def _rows(text: str) -> list[list[str]]:
    """The body rows of every table in ``text``, as stripped cells."""
    rows = []
    for line in text.splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split(" | ")])
    return [row for row in rows if row]


def _table(text: str) -> tuple[list[str], list[list[str]]]:
    rows = _rows(text)
    return rows[0], rows[1:]


def _by_key(text: str) -> dict[str, dict[str, str]]:
    """Each row of the section's table by its card key, as a column-to-cell mapping."""
    header, body = _table(text)
    return {
        dict(zip(header, row, strict=True))["Key"].strip("`"): dict(zip(header, row, strict=True))
        for row in body
    }


# --------------------------------------------------------------------------- up to date


def test_the_generated_pages_are_up_to_date() -> None:
    """``python -m bremerhaven.cards.pages --write`` writes both pages from the data."""
    for path, text in (
        (pages.REFERENCE_PATH, pages.reference_page()),
        (pages.READINGS_PATH, pages.readings_page()),
    ):
        assert (ROOT / path).read_text(encoding="utf-8") == text, f"regenerate {path}"
    assert pages.main(["--root", str(ROOT)]) == 0


def test_the_check_fails_on_a_stale_page_and_write_mends_it(tmp_path: Path) -> None:
    """Without ``--write`` a missing or edited page exits 1; ``--write`` makes it pass."""
    (tmp_path / "docs" / "bremerhaven").mkdir(parents=True)
    assert pages.main(["--root", str(tmp_path)]) == 1
    assert pages.main(["--root", str(tmp_path), "--write"]) == 0
    assert pages.main(["--root", str(tmp_path)]) == 0
    target = tmp_path / pages.READINGS_PATH
    target.write_text(target.read_text(encoding="utf-8") + "edited\n", encoding="utf-8")
    assert pages.main(["--root", str(tmp_path)]) == 1


def test_the_pages_say_they_are_generated() -> None:
    for text in (pages.reference_page(), pages.readings_page()):
        first = text.splitlines()[0]
        assert first.startswith("<!-- Generated from ") and first.endswith("-->")
        assert "python -m bremerhaven.cards.pages --write" in first
        assert "do not edit by hand" in first


def test_every_clause_the_pages_link_exists() -> None:
    """Every ``{ref}`` of both pages names a clause of the specification by its label."""
    labels = {f"rule-{rule.lower()}" for rule in Specification("bremerhaven").rule_ids()}
    for text in (pages.reference_page(), pages.readings_page()):
        refs = re.findall(r"\{ref\}`([A-Z0-9-]+) <([a-z0-9-]+)>`", text)
        assert refs
        for rule, label in refs:
            assert label == f"rule-{rule.lower()}"
            assert label in labels, rule


# --------------------------------------------------------------------------- the original set


def test_every_ship_of_the_original_set_appears_marked_original() -> None:
    """BH-CARD-15: each Ship of ``original.toml`` is a row with its file's values."""
    ships = _original()["ships"]
    text = _section(pages.reference_page(), f"### Ships ({len(ships)})")
    rows = _by_key(text)
    assert len(_table(text)[1]) == len(ships) == 48
    for ship in ships:
        row = rows[ship["key"]]
        assert row["Ship"] == ship["name"]
        assert row["Origin"] == "**original**"
        assert row["Lay time"] == str(ship["lay_time"])
        assert row["Berth"] == str(ship["berth"])
        assert row["Prestige"] == str(ship["prestige"])
        assert row["Back"] == str(ship["back"])
        assert row["Players"] == ", ".join(str(n) for n in sorted(ship["players"]))
        assert row["Cargo"].startswith(f"{ship['count']} {ship['cargo']}")


def test_every_contract_of_the_original_set_appears_marked_original() -> None:
    """BH-CARD-15: each Contract of ``original.toml`` is a row with its file's values."""
    contracts = _original()["contracts"]
    text = _section(pages.reference_page(), f"### Contracts ({len(contracts)})")
    rows = _by_key(text)
    assert len(_table(text)[1]) == len(contracts) == 56
    for contract in contracts:
        row = rows[contract["key"]]
        assert row["Contract"] == contract["name"]
        assert row["Origin"] == "**original**"
        assert row["Delivery"] == str(contract["delivery"])
        assert row["Back"] == str(contract["back"])
        assert row["Train"] == ("yes" if contract["train"] else "no")
        # The goods column counts every required good once.
        counted = sum(int(n) for n in re.findall(r"(\d+) ", row["Goods"]))
        assert counted == len(contract["goods"])


def test_every_building_of_the_original_set_appears_marked_original() -> None:
    """BH-CARD-15, BH-CARD-5: each Building is a row; the rulebook's seven say so."""
    buildings = _original()["buildings"]
    text = _section(pages.reference_page(), f"### Buildings ({len(buildings)})")
    rows = _by_key(text)
    assert len(_table(text)[1]) == len(buildings) == 20
    named = {b.name.value for b in CATALOGUE.buildings.named}
    for building in buildings:
        row = rows[building["key"]]
        assert row["Building"] == building["name"]
        assert row["Origin"] == "**original**"
        assert row["Prestige"] == str(building["prestige"])
        assert (row["From the rulebook"] != "none") == (building["name"] in named)
    assert "004:738" in rows["refinery"]["From the rulebook"]
    assert "not its ability (unknown)" in rows["bank"]["From the rulebook"]


def test_every_price_card_of_the_original_set_appears_marked_original() -> None:
    """BH-CARD-15, BH-CARD-6: each Price card's four prices under their goods."""
    prices = _original()["prices"]
    text = _section(pages.reference_page(), f"### Price cards ({len(prices)})")
    header, body = _table(text)
    assert len(body) == len(prices) == 24
    rows = {row[0].strip("`"): dict(zip(header, row, strict=True)) for row in body}
    for card in prices:
        row = rows[card["key"]]
        assert row["Origin"] == "**original**"
        for good in ("barrel", "container", "crate", "passenger"):
            assert row[good.title()] == str(card[good]), (card["key"], good)


def test_every_newspaper_of_the_original_set_appears_marked_original() -> None:
    """BH-CARD-15, BH-CARD-7: each Newspaper card; only "Fall" comes from the rulebook."""
    newspapers = _original()["newspapers"]
    text = _section(pages.reference_page(), f"### Newspapers ({len(newspapers)})")
    rows = _by_key(text)
    assert len(_table(text)[1]) == len(newspapers) == 18
    for card in newspapers:
        row = rows[card["key"]]
        assert row["Newspaper"] == card["name"]
        assert row["Origin"] == "**original**"
        assert row["Progress"] == str(card["progress"])
        assert (row["From the rulebook"] != "none") == (card["name"] == "Fall")
    assert rows["fall"]["Event"] == (
        "Every player pays 1 money for each Contract on his Loading docks."
    )


def test_the_board_numbers_of_the_original_set_appear() -> None:
    """BH-CARD-9 to BH-CARD-11: cover and bollard costs and the track, from the file."""
    board = _original()["board"]
    text = _section(pages.reference_page(), "### Boards")
    assert "all **original**" in text
    rows = _rows(text)
    covers = {int(space): cost for space, cost in board["covers"].items()}
    for space, cost in covers.items():
        assert f"{cost} (space {space})" in rows[1 + space // 4][1 + space % 4]
    walls = [row for row in rows if row[0] in "0123" and len(row) == 4]
    assert [[int(c) for c in row[1:]] for row in walls] == board["bollard_costs"]
    assert f"reaches space {board['track_last']}" in text
    assert rows[-1] == ["Start space", *(str(s) for s in board["track_start"])]


# --------------------------------------------------------------------------- the catalogue


def test_every_section_of_the_catalogue_has_a_heading() -> None:
    assert set(pages.SECTIONS) == {field.name for field in attrs.fields(Catalogue)}


def test_every_fact_of_the_catalogue_appears_with_its_lines() -> None:
    """BH-CARD-1, BH-CARD-13: every fact with its lines, every unknown marked unknown."""
    text = _section(pages.reference_page(), "## What the rulebook says")
    rows = _rows(text)
    facts = [row for row in rows if row != ["Fact", "Value", "Lines", "Note"]]
    assert len(facts) == len(list(CATALOGUE.facts()))
    unknown = [row for row in facts if row[1].startswith("**unknown**: ")]
    assert len(unknown) == len(CATALOGUE.unknowns())
    inferred = [row for row in facts if row[3].startswith("**inferred**: ")]
    assert len(inferred) == sum(1 for _, fact in CATALOGUE.knowns() if fact.inferred)
    lines_cells = [row[2] for row in facts]
    for _, fact in CATALOGUE.facts():
        assert (fact.lines or "none") in lines_cells
    for row in facts:
        assert row[2] == "none" or re.fullmatch(r"004:\d+(-\d+)?(, 004:\d+(-\d+)?)*", row[2])


def test_the_named_buildings_and_the_event_appear_with_their_texts() -> None:
    """BH-CARD-5, BH-CARD-7: the rulebook's quoted texts, in quotes."""
    text = _section(pages.reference_page(), "## What the rulebook says")
    for building in CATALOGUE.buildings.named:
        if isinstance(building.text, Known):
            assert f'| {building.name.value}: text | "{building.text.value}" |' in text
        else:
            assert f"| {building.name.value}: text | **unknown**: " in text
    fall = CATALOGUE.newspapers.events[0]
    assert f'| Fall: text | "{fall.text.value}" | {fall.text.lines} |' in text


# --------------------------------------------------------------------------- the readings


def test_every_option_field_appears_with_its_clause_and_values() -> None:
    """BH-SHORT-1, BH-INT-3: each field of RulesOptions, its clause, its values default first."""
    header, body = _table(pages.readings_page())
    assert header == ["Field", "Clause", "What it selects", "Values (default first)"]
    rows = {row[0].strip("`"): row for row in body}
    fields = attrs.fields(RulesOptions)
    assert list(rows) == [field.name for field in fields]
    for field in fields:
        _, clause, meaning, values = rows[field.name]
        rule = field.metadata["rule"]
        assert clause == f"{{ref}}`{rule} <rule-{rule.lower()}>`"
        assert meaning and rule not in meaning
        default = field.default
        if isinstance(default, enum.Enum):
            shown = re.findall(r"`'([a-z0-9-]+)'`", values)
            assert shown == [default.value, *(m.value for m in type(default) if m != default)]
        else:
            assert values == f"`{default!r}` (default) or `{not default!r}`"


def test_an_option_value_shown_on_the_page_is_accepted() -> None:
    """Each value the page shows builds a RulesOptions with that reading."""
    for row in _table(pages.readings_page())[1]:
        name = row[0].strip("`")
        for value in re.findall(r"`'([a-z0-9-]+)'`", row[3]):
            assert getattr(RulesOptions(**{name: value}), name).value == value


# --------------------------------------------------------------------------- describe


@pytest.mark.parametrize(
    ("effect", "text", "rule"),
    [
        (Produce(good=Good.CRATE), "Produces 1 crate in 4.1, once a round.", "BH-PROD-3"),
        (Produce(money=2), "Produces 2 money in 4.1, once a round.", "BH-PROD-3"),
        (
            IncomePerNewShip(3),
            "Its owner gets 3 money for each Ship he berths.",
            "BH-CARD-12",
        ),
        (
            TrainBidBonus(2),
            "Each of its owner's Influence cards bid on a Contract with a train is worth +2.",
            "BH-BID-8",
        ),
        (FreeConversion(), "Its owner packs and unpacks containers for free.", "BH-MOVE-7"),
        (
            PriceChoiceWhenUnbid(),
            "When nobody bid on 1.4, its owner may choose the Price card on top, as a winner "
            "of 1.4 would.",
            "BH-PRICE-3",
        ),
        (
            MoneyStore(4),
            "In 4.1, 4 money from the supply is put on it; that money pays only penalties "
            "and charges.",
            "BH-MONEY-3",
        ),
        (HoldsGoods(2), "Holds goods: 2 Storage spaces.", "BH-CARD-4"),
        (HoldsGoods(1), "Holds goods: 1 Storage space.", "BH-CARD-4"),
    ],
)
def test_each_ability_is_described_with_its_numbers(effect: Effect, text: str, rule: str) -> None:
    """BH-CARD-12: an ability in words, and the clause that applies it."""
    assert describe.describe_effect(effect) == text
    assert describe.effect_rule(effect) == rule


def test_every_kind_of_ability_and_event_names_a_real_clause() -> None:
    """BH-CARD-12: every member of the vocabulary has words and an existing clause."""
    ids = set(Specification("bremerhaven").rule_ids())
    samples: dict[type, Any] = {
        Produce: Produce(money=1),
        IncomePerNewShip: IncomePerNewShip(1),
        TrainBidBonus: TrainBidBonus(1),
        FreeConversion: FreeConversion(),
        PriceChoiceWhenUnbid: PriceChoiceWhenUnbid(),
        MoneyStore: MoneyStore(1),
        HoldsGoods: HoldsGoods(1),
    }
    assert set(samples) == set(typing.get_args(Effect))
    texts = {describe.describe_effect(sample) for sample in samples.values()}
    assert len(texts) == len(samples)
    for sample in [*samples.values(), Charge(Counted.SHIPS, 1), Reward(Counted.SHIPS, 1)]:
        assert describe.effect_rule(sample) in ids


@pytest.mark.parametrize("per", list(Counted))
def test_each_event_is_described_with_what_it_counts(per: Counted) -> None:
    """BH-EVENT-1: a charge pays and a reward gets, per thing counted, each counted apart."""
    charge = describe.describe_event(Charge(per, 2))
    reward = describe.describe_event(Reward(per, 3))
    assert charge.startswith("Every player pays 2 money for each ")
    assert reward.startswith("Every player gets 3 money for each ")
    assert charge.removeprefix("Every player pays 2") == reward.removeprefix("Every player gets 3")
    others = {describe.describe_event(Charge(other, 2)) for other in Counted if other is not per}
    assert charge not in others


def test_a_building_without_abilities_is_prestige_only() -> None:
    """BH-CARD-5: the Status Symbol's reading, no ability."""
    card = BuildingCard("plain", "Plain", 2, ())
    assert describe.describe_building(card) == "No ability: prestige only."
    both = BuildingCard("two", "Two", 1, (Produce(money=1), HoldsGoods(1)))
    assert describe.describe_building(both) == (
        "Produces 1 money in 4.1, once a round. Holds goods: 1 Storage space."
    )


def test_goods_stakes_and_spaces_in_words() -> None:
    """BH-CARD-3, BH-SOLO-8: contract goods counted by kind, stakes, the boards' labels."""
    wild_first = (None, Good.BARREL, None, Good.PASSENGER)
    assert describe.describe_goods(wild_first) == "2 wild + 1 barrel + 1 passenger"
    assert describe.describe_stake(Stake(money=5)) == "5 money"
    assert describe.describe_stake(Stake(prestige=1)) == "1 prestige"
    assert describe.describe_stake(Stake()) == "none"
    assert describe.describe_space(Space.PARKING) == "1.0 Parking lot"
    assert describe.describe_space(Space.CAREER) == "1.5 Career ladder"
    assert describe.describe_space(Space.sea(4)) == "2.4 Sea board"
