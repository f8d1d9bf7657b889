"""Card files: the TOML/JSON format (FILE-1) and its validation and messages (FILE-2)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import harbour
from harbour.cards import ORIGINAL_BOARD, ORIGINAL_SET, CardSet
from harbour.cards.abilities import (
    ExtraGain,
    GainOnPurchase,
    OncePerTurnConversion,
    ShippingBonus,
)
from harbour.cards.effects import Buy, Gain, GainChoice, OneOf
from harbour.cards.files import (
    ABILITY_TYPES,
    EFFECT_TYPES,
    CardFileError,
    dump_card_set,
    load_card_data,
    load_card_file,
)
from harbour.cards.model import BonusCard
from harbour.errors import HarbourError
from harbour.goods import Good, Goods
from meeplekit.rng import SplitMix64

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "examples" / "my-cards.toml"
FORMAT_PAGE = ROOT / "docs" / "card-files.md"


def to_toml(data: dict[str, Any]) -> str:
    """A small TOML writer for card data: scalars, inline tables, arrays of tables."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int | str):
            return json.dumps(v, ensure_ascii=False)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        assert isinstance(v, dict)
        return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"

    lines = [f"{k} = {value(v)}" for k, v in data.items() if not isinstance(v, dict | list)]
    for key, v in data.items():
        if isinstance(v, dict):
            lines += ["", f"[{key}]", *(f"{k} = {value(x)}" for k, x in v.items())]
    for key, v in data.items():
        if isinstance(v, list):
            for item in v:
                lines += ["", f"[[{key}]]", *(f"{k} = {value(x)}" for k, x in item.items())]
    return "\n".join(lines) + "\n"


def play_random_game(cards: CardSet, players: int, seed: int) -> harbour.GameState:
    state = harbour.new_game(players, seed=seed, cards=cards)
    rng = SplitMix64(seed + 1)
    for _ in range(5_000):
        if harbour.is_over(state):
            return state
        state = harbour.apply_move(state, rng.choice(harbour.legal_moves(state)))
    raise AssertionError("the game did not end within 5,000 decisions")


# --------------------------------------------------------------------------- FILE-1


@pytest.mark.rules("FILE-1")
def test_the_example_file_loads_with_every_kind_of_card() -> None:
    cards = load_card_file(EXAMPLE)
    assert cards.name == "Example harbour"
    assert len(cards.buildings) == 12
    assert cards.inland_traders_price == 6
    assert not cards.original
    assert cards.board.name == "Fisher's Jetty" and cards.board.symbols == ()
    assert cards.board.action == OneOf((GainChoice(2), Buy()))
    by_key = {b.key: b for b in cards.buildings}
    assert by_key["mussel-beds"].action == Gain(Goods(fish=2))
    assert by_key["village-well"].cost is None and not by_key["village-well"].purchasable
    assert by_key["lock-keepers-cottage"].symbols == (harbour.cards.Symbol.ANCHOR,) * 2
    assert by_key["ferry-house"].action == OneOf(
        (Gain(Goods(fish=1, livestock=1)), GainChoice(1, fixed=Goods(wood=1)))
    )
    assert [cards.buildings[i].name for i in cards.first_game_buildings] == [
        "Mussel Beds",
        "Slate Quarry",
        "Sawpit",
    ]
    assert [c.ability for c in cards.characters] == [
        ExtraGain(Good.FISH),
        GainOnPurchase(1),
        ShippingBonus(square=0, amount=1),
        OncePerTurnConversion(fee=1, spend=2, gain=2),
    ]
    assert len(cards.bonus_cards) == 4
    assert cards.bonus_cards[1] == BonusCard(
        "masons-tally", "Mason's Tally", Good.STONE, goods=3, points=2, max_trades=2
    )
    # Every kind of action the format has appears in the example.
    text = EXAMPLE.read_text(encoding="utf-8")
    for tag in EFFECT_TYPES:
        assert f'type = "{tag}"' in text, tag


@pytest.mark.rules("FILE-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_example_file_plays_full_games(players: int) -> None:
    cards = load_card_file(str(EXAMPLE))
    harbour.new_game(2, seed=1, cards=cards)
    for seed in range(3):
        state = play_random_game(cards, players, seed)
        assert harbour.is_over(state)
        assert harbour.outcome(state).winners


@pytest.mark.rules("FILE-1")
def test_the_example_file_plays_with_characters_and_bonus_cards() -> None:
    cards = load_card_file(EXAMPLE)
    options = harbour.RulesOptions(characters=True, bonus_cards=True)
    for seed in range(3):
        state = harbour.new_game(2, seed=seed, cards=cards, options=options)
        rng = SplitMix64(seed)
        for _ in range(5_000):
            if harbour.is_over(state):
                break
            state = harbour.apply_move(state, rng.choice(harbour.legal_moves(state)))
        assert harbour.is_over(state)


@pytest.mark.rules("FILE-1", "SETUP-5")
def test_the_example_file_supports_the_first_game_setup() -> None:
    cards = load_card_file(EXAMPLE)
    state = harbour.new_game(3, seed=2, cards=cards, options=harbour.RulesOptions(first_game=True))
    assert set(cards.first_game_buildings) <= set(state.display)


@pytest.mark.rules("FILE-1")
def test_the_original_set_round_trips_through_data_json_and_toml(tmp_path: Path) -> None:
    data = dump_card_set(ORIGINAL_SET)
    assert load_card_data(data) == ORIGINAL_SET
    as_json = tmp_path / "original.json"
    as_json.write_text(json.dumps(data, indent=2), encoding="utf-8")
    assert load_card_file(as_json) == ORIGINAL_SET
    as_toml = tmp_path / "original.toml"
    as_toml.write_text(to_toml(data), encoding="utf-8")
    assert load_card_file(as_toml) == ORIGINAL_SET


@pytest.mark.rules("FILE-1")
def test_the_example_round_trips_and_dumps_plain_data() -> None:
    cards = load_card_file(EXAMPLE)
    data = dump_card_set(cards)
    assert load_card_data(data) == cards
    assert json.loads(json.dumps(data)) == data  # plain tables, lists and scalars
    well = next(b for b in data["buildings"] if b["name"] == "Village Well")
    assert "cost" not in well  # no price: the field is left out
    assert data["size"] == 12 and "original" not in data
    assert dump_card_set(ORIGINAL_SET)["original"] is True


@pytest.mark.rules("FILE-1")
def test_keys_default_to_the_name_and_the_board_to_the_original_one() -> None:
    data = {
        "name": "tiny",
        "size": 1,
        "buildings": [
            {"name": "Gull's Nest", "points": 0, "symbols": ["coin"], "action": {"type": "buy"}}
        ],
    }
    cards = load_card_data(data)
    assert cards.buildings[0].key == "gulls-nest"
    assert cards.board == ORIGINAL_BOARD
    assert cards.characters == () and cards.bonus_cards == ()


@pytest.mark.rules("FILE-1")
def test_json_null_means_an_omitted_optional_field() -> None:
    data = dump_card_set(ORIGINAL_SET)
    data["buildings"][0]["cost"] = None
    data["buildings"][5]["first_game"] = None
    data["buildings"][1]["key"] = None
    data["size"] = None
    data["bonus_cards"][0]["max_trades"] = None
    cards = load_card_data(data)
    assert cards.buildings[0].cost is None and not cards.buildings[5].first_game
    assert cards.buildings[1].key == "quarry-steps"
    assert cards.bonus_cards[0].max_trades is None
    data["characters"][0]["ability"] = None  # required: null is not allowed
    with pytest.raises(CardFileError, match=r'character 1 \("Cooper"\), field "ability"'):
        load_card_data(data)


@pytest.mark.rules("FILE-1")
def test_the_format_page_documents_every_action_and_ability_type() -> None:
    page = FORMAT_PAGE.read_text(encoding="utf-8")
    for tag in (*EFFECT_TYPES, *ABILITY_TYPES):
        assert f"`{tag}`" in page, tag
    assert "examples/my-cards.toml" in page


# --------------------------------------------------------------------------- FILE-2

BASE = """\
name = "Tiny"
size = 3

[[buildings]]
name = "Net Loft"
cost = 3
points = 1
symbols = ["anchor"]
action = { type = "gain", goods = { fish = 2 } }

[[buildings]]
name = "Salt Pans"
cost = 5
points = 3
symbols = ["coin"]
action = { type = "gain", goods = { fish = 1, stone = 1 } }

[[buildings]]
name = "Dry Dock"
cost = 10
points = 6
symbols = ["warehouse"]
action = { type = "two-part", first = { type = "gain-choice", amount = 1 }, second = { type = "buy" } }

[[characters]]
name = "Cooper"
symbols = ["anchor"]
action = { type = "one-of", options = [{ type = "gain", goods = { wood = 1 } }, { type = "buy" }] }
ability = { type = "extra-gain", good = "wood" }

[[bonus_cards]]
name = "Fish Ledger"
good = "fish"
goods = 2
points = 1
"""


def write(tmp_path: Path, text: str, name: str = "cards.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_for(path: Path) -> CardFileError:
    with pytest.raises(CardFileError) as info:
        load_card_file(path)
    err = info.value
    assert isinstance(err, HarbourError) and isinstance(err, ValueError)
    assert str(err).startswith(str(path) + ": ")
    return err


def replaced(old: str, new: str, text: str = BASE) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


@pytest.mark.rules("FILE-2")
def test_the_base_file_of_these_tests_is_valid(tmp_path: Path) -> None:
    cards = load_card_file(write(tmp_path, BASE))
    assert [b.name for b in cards.buildings] == ["Net Loft", "Salt Pans", "Dry Dock"]


@pytest.mark.rules("FILE-2")
def test_bad_toml_syntax_names_the_file_and_the_line(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced("points = 3", "points = = 3")))
    assert "cards.toml: not valid TOML" in str(err)
    assert "line 14" in str(err)


@pytest.mark.rules("FILE-2")
def test_bad_json_syntax_names_the_file_and_the_line(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, '{"name": "x",\n "size": }', "cards.json"))
    assert "cards.json: not valid JSON" in str(err) and "line 2" in str(err)


@pytest.mark.rules("FILE-2", "ACT-1")
def test_an_unknown_effect_type(tmp_path: Path) -> None:
    err = error_for(
        write(
            tmp_path,
            replaced('type = "gain", goods = { fish = 1', 'type = "gian", goods = { fish = 1'),
        )
    )
    assert err.card == 'building 2 ("Salt Pans")'
    assert err.field == "action.type"
    assert str(err) == (
        f'{err.path}: building 2 ("Salt Pans"), field "action.type": expected an action '
        'type: "gain", "gain-choice", "gain-per-symbol", "convert", "exchange", '
        '"swap-market", "buy", "two-part" or "one-of", got "gian"'
    )


@pytest.mark.rules("FILE-2")
def test_an_unknown_ability_type(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced('"extra-gain"', '"extra-fish"')))
    assert err.card == 'character 1 ("Cooper")' and err.field == "ability.type"
    assert 'got "extra-fish"' in str(err) and '"extra-gain"' in str(err)


@pytest.mark.rules("FILE-2", "COMP-1")
def test_a_bad_good_name(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced("goods = { fish = 2 }", "goods = { fsh = 2 }")))
    assert err.card == 'building 1 ("Net Loft")' and err.field == "action.goods"
    assert 'expected goods named "fish", "livestock", "wood" or "stone", got "fsh"' in str(err)


@pytest.mark.rules("FILE-2")
def test_a_bad_good_name_on_a_bonus_card(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced('good = "fish"', 'good = "gold"')))
    assert err.card == 'bonus card 1 ("Fish Ledger")' and err.field == "good"


@pytest.mark.rules("FILE-2")
def test_a_missing_required_field(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced("points = 3\n", "")))
    assert err.card == 'building 2 ("Salt Pans")' and err.field == "points"
    assert err.reason == "missing; every building needs it"


@pytest.mark.rules("FILE-2", "ACT-7")
def test_a_missing_field_inside_an_action(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced(', second = { type = "buy" }', "")))
    assert err.card == 'building 3 ("Dry Dock")' and err.field == "action.second"
    assert "missing" in err.reason and '"two-part"' in err.reason


@pytest.mark.rules("FILE-2")
def test_a_wrong_type(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced("cost = 10", 'cost = "three"')))
    assert str(err) == (
        f'{err.path}: building 3 ("Dry Dock"), field "cost": expected a whole number from 0 '
        'to 30, or omitted for no price, got "three"'
    )


@pytest.mark.rules("FILE-2")
def test_a_fraction_or_boolean_is_not_a_whole_number(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced("points = 1", "points = 1.5")))
    assert err.field == "points" and "got 1.5" in str(err)
    err = error_for(write(tmp_path, replaced("amount = 1", "amount = true")))
    assert err.field == "action.first.amount" and "got true" in str(err)


@pytest.mark.rules("FILE-2")
def test_duplicate_names_ignoring_case(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced('name = "Dry Dock"', 'name = "net loft"')))
    assert err.card == 'building 3 ("net loft")' and err.field == "name"
    assert 'also building 1 ("Net Loft")' in str(err)


@pytest.mark.rules("FILE-2")
def test_duplicate_keys(tmp_path: Path) -> None:
    err = error_for(
        write(tmp_path, replaced('name = "Dry Dock"', 'key = "net-loft"\nname = "Dry Dock"'))
    )
    assert err.card == 'building 3 ("Dry Dock")' and err.field == "key"


@pytest.mark.rules("FILE-2")
def test_the_building_count_must_match_the_size(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced("size = 3", "size = 4")))
    assert err.field == "buildings"
    assert err.reason == "expected 4 buildings (the declared size), got 3"
    err = error_for(write(tmp_path, replaced("size = 3\n", "")))
    assert err.reason == "expected 36 buildings (the default size), got 3"


@pytest.mark.rules("FILE-2", "COMP-2")
def test_a_bad_symbol(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced('symbols = ["coin"]', 'symbols = ["coins"]')))
    assert err.card == 'building 2 ("Salt Pans")' and err.field == "symbols[0]"
    assert '"top hat"' in err.reason and 'got "coins"' in err.reason


@pytest.mark.rules("FILE-2", "COMP-2")
def test_one_or_two_symbols_per_building(tmp_path: Path) -> None:
    three = 'symbols = ["coin", "coin", "anchor"]'
    err = error_for(write(tmp_path, replaced('symbols = ["coin"]', three)))
    assert err.field == "symbols" and err.reason == "expected 1 or 2 owner symbols, got 3"
    err = error_for(write(tmp_path, replaced('symbols = ["coin"]', "symbols = []")))
    assert err.reason == "expected 1 or 2 owner symbols, got 0"


@pytest.mark.rules("FILE-2")
@pytest.mark.parametrize(
    ("field", "old", "value"), [("cost", "3", "31"), ("cost", "3", "-1"), ("points", "1", "31")]
)
def test_costs_and_points_out_of_range(tmp_path: Path, field: str, old: str, value: str) -> None:
    err = error_for(write(tmp_path, replaced(f"{field} = {old}\n", f"{field} = {value}\n")))
    assert err.card == 'building 1 ("Net Loft")' and err.field == field
    assert "from 0 to 30" in err.reason and f"got {value}" in err.reason


@pytest.mark.rules("FILE-2", "GOODS-1")
def test_negative_amounts(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced("fish = 2", "fish = -2")))
    assert err.field == "action.goods.fish"
    assert err.reason == "expected a whole number from 0 to 6, got -2"
    err = error_for(write(tmp_path, replaced("amount = 1", "amount = 0")))
    assert err.card == 'building 3 ("Dry Dock")' and err.field == "action.first.amount"
    assert err.reason == "expected a whole number from 1 to 6, got 0"


@pytest.mark.rules("FILE-2", "ACT-8")
def test_malformed_actions_name_the_nested_path(tmp_path: Path) -> None:
    err = error_for(
        write(tmp_path, replaced('{ type = "buy" }] }', '{ type = "buy", cont = 2 }] }'))
    )
    assert err.card == 'character 1 ("Cooper")' and err.field == "action.options[1].cont"
    assert err.reason == 'not a field of a "buy" action; expected "type" or "count"'
    one = 'action = { type = "one-of", options = [{ type = "buy" }] }'
    text = replaced(
        'action = { type = "one-of", options = [{ type = "gain", goods = { wood = 1 } }, { type = "buy" }] }',
        one,
    )
    err = error_for(write(tmp_path, text))
    assert err.field == "action" and "at least two options" in err.reason
    err = error_for(write(tmp_path, replaced("goods = { fish = 2 }", "goods = {}")))
    assert err.field == "action" and "at least one good" in err.reason


@pytest.mark.rules("FILE-2")
def test_unknown_fields_are_refused(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, replaced("points = 1", "points = 1\ncolour = 'red'")))
    assert err.card == 'building 1 ("Net Loft")' and err.field == "colour"
    assert "not a field of a building" in err.reason
    err = error_for(write(tmp_path, "extra = 1\n" + BASE))
    assert err.card is None and err.field == "extra"


@pytest.mark.rules("FILE-2", "SETUP-5")
def test_first_game_marks_none_or_at_least_three(tmp_path: Path) -> None:
    text = replaced("points = 1\n", "points = 1\nfirst_game = true\n")
    err = error_for(write(tmp_path, text))
    assert err.field == "buildings"
    assert err.reason == (
        'expected at least 3 buildings marked first_game = true, or none, got 1: building 1 ("Net Loft")'
    )


@pytest.mark.rules("FILE-2")
def test_a_character_needs_an_ability(tmp_path: Path) -> None:
    err = error_for(
        write(tmp_path, replaced('ability = { type = "extra-gain", good = "wood" }\n', ""))
    )
    assert err.card == 'character 1 ("Cooper")' and err.field == "ability"


@pytest.mark.rules("FILE-2")
def test_a_card_that_is_not_a_table(tmp_path: Path) -> None:
    data = {"name": "x", "size": 1, "buildings": [3]}
    err = error_for(write(tmp_path, json.dumps(data), "cards.json"))
    assert err.card == "building 1" and err.field is None
    assert str(err).endswith("building 1: expected a table of building fields, got 3")
    err = error_for(write(tmp_path, "[1, 2]", "cards.json"))
    assert err.reason == "expected a table of card set fields, got a list"


@pytest.mark.rules("FILE-2")
def test_an_unknown_file_suffix(tmp_path: Path) -> None:
    err = error_for(write(tmp_path, BASE, "cards.yaml"))
    assert err.reason == 'expected a card file whose name ends in .toml or .json, got ".yaml"'


@pytest.mark.rules("FILE-2")
def test_a_missing_file(tmp_path: Path) -> None:
    err = error_for(tmp_path / "nowhere.toml")
    assert "nowhere.toml" in str(err) and err.reason == "cannot read the file: no such file"


@pytest.mark.rules("FILE-2")
def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_bytes(b'name = "\xff"\n')
    assert "expected UTF-8 text" in str(error_for(path))


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


SMALL = dump_card_set(
    attrs.evolve(
        ORIGINAL_SET,
        buildings=ORIGINAL_SET.buildings[:8],
        characters=ORIGINAL_SET.characters[:3],
        bonus_cards=ORIGINAL_SET.bonus_cards[:2],
    )
)
PATHS = _paths(SMALL)[1:]
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 40)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["fish", "anchor", "gain", "buy", "one-of", "top hat"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@pytest.mark.rules("FILE-2")
@given(st.lists(st.tuples(st.sampled_from(PATHS), JSON), min_size=1, max_size=3))
def test_fuzzed_card_data_raises_only_card_file_errors(
    changes: list[tuple[tuple[Any, ...], Any]],
) -> None:
    data = json.loads(json.dumps(SMALL))
    for path, new in changes:
        node = data
        try:
            for step in path[:-1]:
                node = node[step]
            node[path[-1]] = new
        except (KeyError, IndexError, TypeError):
            continue
    data["size"] = data.get("size", 8)
    try:
        cards = load_card_data(data, source="fuzz.json")
    except CardFileError as err:
        assert re.match(r"fuzz\.json: ", str(err))
    else:
        assert isinstance(cards, CardSet)
