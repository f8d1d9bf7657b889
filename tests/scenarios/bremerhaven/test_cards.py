"""Bremerhaven's cards: the catalogue, card files, the original set and its checks."""

from __future__ import annotations

import copy
import importlib.util
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from bremerhaven.cards import (
    CATALOGUE,
    ORIGINAL,
    CardFileError,
    CardSet,
    Known,
    Origin,
    Space,
    Unknown,
    cards_from_data,
    cards_to_data,
    deck_icon,
    in_play,
    load_cards,
    read_cards,
    write_cards,
)
from bremerhaven.cards.catalogue import Span
from bremerhaven.cards.files import COMPONENTS, SOLO_SPACES

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "examples" / "bremerhaven-cards.toml"
SEED_LINES = 1233


def _load_script() -> ModuleType:
    path = ROOT / "scripts" / "check_bremerhaven_cards.py"
    spec = importlib.util.spec_from_file_location("check_bremerhaven_cards", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


script = _load_script()


def _file_set() -> CardSet:
    return load_cards(EXAMPLE)


def _data() -> dict[str, Any]:
    """The example file's data, to spoil one field at a time."""
    return copy.deepcopy(cards_to_data(_file_set()))


def _origins(cards: CardSet) -> set[Origin]:
    """The origins of every card and of the board."""
    found = {cards.board.origin}
    found |= {c.origin for c in cards.ships} | {c.origin for c in cards.contracts}
    found |= {c.origin for c in cards.buildings} | {c.origin for c in cards.prices}
    return found | {c.origin for c in cards.newspapers}


def _refused(data: object) -> CardFileError:
    with pytest.raises(CardFileError) as caught:
        cards_from_data(data)
    return caught.value


# --------------------------------------------------------------------------- the original set


@pytest.mark.rules("BH-CARD-15", "BH-CARD-2", "BH-CARD-3", "BH-CARD-4", "BH-CARD-6", "BH-CARD-7")
def test_the_original_set_passes_every_check() -> None:
    found = script.checks(ORIGINAL)
    assert [c.title for c in found if not c.ok] == []
    assert {c.title.split(" (")[0] for c in found} >= {
        "Components",
        "Ranges",
        "Rounds",
        "Worst-case demand / deck size",
        "Price cards",
        "Boards",
    }


@pytest.mark.rules("BH-CARD-15")
def test_the_check_script_prints_its_tables_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert script.main([]) == 0
    out = capsys.readouterr().out
    assert "Card set: original v1 (original)" in out
    assert "long 4p   12      48/48  52/52" in out
    assert out.rstrip().endswith("All checks passed.")


@pytest.mark.rules("BH-CARD-15", "BH-CARD-11")
def test_every_mode_has_enough_cards_with_the_suggested_track() -> None:
    demand = {row[0]: row for row in script.check_demand(ORIGINAL).rows}
    assert demand["long 4p"][1] == 12
    assert demand["long 2p"][2:6] == ("28/30", "30/36", "14/20", "14/18")
    assert demand["short 4p"][2:4] == ("32/40", "36/44")
    assert demand["solo"][2:5] == ("20/22", "21/28", "11/20")
    assert script.long_rounds(ORIGINAL, 4) == (8, 12)
    assert [script.short_rounds(ORIGINAL, n) for n in (1, 2, 3, 4)] == [10, 10, 9, 8]


@pytest.mark.rules("BH-CARD-15")
def test_a_set_too_small_for_a_mode_fails_the_demand_check(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Without the 4-player icon on the first Ship, a 4-player long game can run out.
    ships = (attrs.evolve(ORIGINAL.ships[0], players={2, 3}), *ORIGINAL.ships[1:])
    small = attrs.evolve(ORIGINAL, ships=ships)
    demand = script.check_demand(small)
    assert not demand.ok
    assert demand.failures == ("long 4p: ships need 48, the deck has 47",)
    path = tmp_path / "small.toml"
    path.write_text(write_cards(small).replace('origin = "original"', 'origin = "file"'))
    assert script.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "Worst-case demand / deck size: FAILED" in out
    assert "! long 4p: ships need 48, the deck has 47" in out


@pytest.mark.rules("BH-CARD-14")
def test_the_check_script_reports_a_bad_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(EXAMPLE.read_text().replace("lay_time = 2", "lay_time = 7", 1))
    assert script.main([str(path)]) == 1
    assert "ships[0].lay_time: must be 1-5, got 7" in capsys.readouterr().err
    assert script.main([str(EXAMPLE)]) == 0


@pytest.mark.rules("BH-CARD-1", "BH-CARD-15")
def test_every_card_of_the_original_set_says_original() -> None:
    assert ORIGINAL.name == "original v1"
    assert ORIGINAL.origin is Origin.ORIGINAL
    assert _origins(ORIGINAL) == {Origin.ORIGINAL}
    assert [len(getattr(ORIGINAL, deck)) for deck in COMPONENTS] == [48, 56, 20, 24, 18]


@pytest.mark.rules("BH-CARD-5", "BH-CARD-7", "BH-CARD-15")
def test_the_named_buildings_and_fall_keep_the_rulebook_s_names_and_effects() -> None:
    by_name = {b.name: b for b in ORIGINAL.buildings}
    for named in CATALOGUE.buildings.named:
        card = by_name[named.name.value]
        if isinstance(named.effects, Known):
            assert card.effects == named.effects.value, named.key
    assert by_name["Bank"].effects[0].__class__.__name__ == "MoneyStore"
    fall = next(n for n in ORIGINAL.newspapers if n.name == "Fall")
    assert fall.event == CATALOGUE.newspapers.events[0].effect.value
    assert len({b.name for b in ORIGINAL.buildings}) == 20


@pytest.mark.rules("BH-CARD-6")
def test_every_good_is_sometimes_the_most_and_sometimes_the_least_valuable() -> None:
    rows = script.check_prices(ORIGINAL).rows
    assert [(row[1], row[2]) for row in rows] == [(6, 6)] * 4
    assert all(1 <= p <= 6 for card in ORIGINAL.prices for p in card.prices)


@pytest.mark.rules("BH-CARD-7", "BH-CARD-11")
def test_the_original_newspapers_send_the_dummy_to_2_player_spaces_only() -> None:
    assert {n.solo_space for n in ORIGINAL.newspapers} == set(SOLO_SPACES)
    assert sorted(n.progress for n in ORIGINAL.newspapers) == [1] * 8 + [2] * 10


@pytest.mark.rules("BH-CARD-2", "BH-CARD-3")
def test_decks_by_player_count_and_game_length() -> None:
    assert [deck_icon(n) for n in (1, 2, 3, 4)] == [2, 2, 3, 4]
    with pytest.raises(ValueError):
        deck_icon(5)
    # The rulebook's example back: icons 3 and 4, an arrow under the 3 (004:120-123).
    card = next(s for s in ORIGINAL.ships if s.players == {3, 4} and s.long_only == {3})
    assert [in_play(card, n, short=False) for n in (2, 3, 4)] == [False, True, True]
    assert [in_play(card, n, short=True) for n in (2, 3, 4)] == [False, False, True]
    arrow_at_2 = next(s for s in ORIGINAL.ships if 2 in s.long_only)
    assert in_play(arrow_at_2, 1, short=False) is False  # solo is always short
    assert len(ORIGINAL.ships_in_play(1, short=True)) == len(ORIGINAL.ships_in_play(2, short=True))
    assert len(ORIGINAL.contracts_in_play(4, short=False)) == 52


# --------------------------------------------------------------------------- card files


@pytest.mark.rules("BH-CARD-14")
def test_toml_round_trip_is_equal() -> None:
    for cards in (ORIGINAL, _file_set()):
        text = write_cards(cards)
        again = read_cards(text, origin=cards.origin)
        assert again == cards
        assert read_cards(write_cards(again), origin=cards.origin) == cards
        assert write_cards(again) == text


@pytest.mark.rules("BH-CARD-14")
def test_json_files_read_the_same(tmp_path: Path) -> None:
    cards = _file_set()
    text = write_cards(cards, fmt="json")
    assert read_cards(text, fmt="json") == cards
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards_to_data(cards)))
    assert load_cards(path) == cards


@pytest.mark.rules("BH-CARD-1", "BH-CARD-14")
def test_a_card_file_is_labelled_file_and_may_not_claim_to_be_the_original() -> None:
    cards = _file_set()
    assert cards.origin is Origin.FILE
    assert cards.name.startswith("example card file")
    assert _origins(cards) == {Origin.FILE}
    data = _data()
    data["origin"] = "original"
    error = _refused(data)
    assert error.field == "origin"
    # The same values as the original set, only the labels differ.
    assert [s.lay_time for s in cards.ships] == [s.lay_time for s in ORIGINAL.ships]


@pytest.mark.rules("BH-CARD-14")
def test_optional_fields_take_their_defaults() -> None:
    data = _data()
    del data["ships"][0]["key"], data["ships"][0]["long_only"]
    contract = data["contracts"][7]  # no penalty, no reward
    assert "penalty" not in contract and "reward" not in contract
    del contract["key"], contract["train"], contract["long_only"]
    del data["buildings"][4]["effects"], data["buildings"][4]["key"]
    cards = cards_from_data(data)
    assert cards.ships[0].key == "ship-1" and cards.ships[0].long_only == frozenset()
    assert cards.contracts[7].key == "contract-8" and cards.contracts[7].train is False
    assert cards.buildings[4].key == "status-symbol" and cards.buildings[4].effects == ()


@pytest.mark.rules("BH-CARD-14")
def test_a_partial_file_skips_the_counts_but_not_the_bounds() -> None:
    data = _data()
    data["partial"] = True
    data["ships"] = data["ships"][:3]
    del data["contracts"]
    del data["board"]["covers"]["11"]
    cards = cards_from_data(data)
    assert (len(cards.ships), len(cards.contracts), cards.board.covers[11]) == (3, 0, None)
    assert read_cards(write_cards(cards)) == cards
    assert "partial = true" in write_cards(cards)
    data["ships"][2]["lay_time"] = 9
    assert _refused(data).field == "ships[2].lay_time"
    data = _data()
    data["partial"] = True
    data["ships"] = data["ships"] * 2
    error = _refused(data)
    assert (error.field, error.reason) == ("ships", "must hold at most 48 cards, got 96")


Spoil = Callable[[dict[str, Any]], None]


def _parts(path: str) -> list[str | int]:
    """``ships[3].lay_time`` as ``["ships", 3, "lay_time"]``; ``board.covers.2`` keeps ``"2"``."""
    return [int(p) if f"[{p}]" in path else p for p in re.findall(r"\w+", path)]


def _set(path: str, value: object) -> Spoil:
    """Set the field at a path like ``ships[3].lay_time`` or ``board.covers.2``."""
    parts = _parts(path)

    def spoil(data: dict[str, Any]) -> None:
        here: Any = data
        for part in parts[:-1]:
            here = here[part]
        here[parts[-1]] = value

    return spoil


def _del(path: str) -> Spoil:
    """Delete the field at a path."""
    parts = _parts(path)

    def spoil(data: dict[str, Any]) -> None:
        here: Any = data
        for part in parts[:-1]:
            here = here[part]
        del here[parts[-1]]

    return spoil


def _bounds(deck: str, field: str, low: int, high: int, index: int = 3) -> list[Any]:
    where = f"{deck}[{index}].{field}"
    return [
        pytest.param(
            _set(where, low - 1), where, f"must be {low}-{high}, got {low - 1}", id=f"{where}<"
        ),
        pytest.param(
            _set(where, high + 1), where, f"must be {low}-{high}, got {high + 1}", id=f"{where}>"
        ),
    ]


BAD: list[Any] = [
    # Every bound of the model.
    *_bounds("ships", "lay_time", 1, 5),
    *_bounds("ships", "count", 1, 5),
    *_bounds("ships", "berth", 0, 3),
    *_bounds("ships", "prestige", 1, 5),
    *_bounds("ships", "back", 1, 4),
    *_bounds("contracts", "delivery", 1, 5),
    *_bounds("contracts", "back", 1, 4),
    *_bounds("buildings", "prestige", 0, 3),
    *_bounds("prices", "barrel", 1, 9),
    *_bounds("newspapers", "progress", 1, 3),
    pytest.param(
        _set("ships[0].players", [2, 5]), "ships[0].players[1]", "must be 1-4, got 5", id="icon"
    ),
    pytest.param(
        _set("ships[0].players", []), "ships[0].players", "must name at least one", id="no-icon"
    ),
    pytest.param(
        _set("ships[0].players", [2, 2]), "ships[0].players", "must not repeat", id="icon-twice"
    ),
    pytest.param(
        _set("ships[0].long_only", [1]), "ships[0].long_only", "must be among", id="arrow"
    ),
    pytest.param(
        _set("ships[0].cargo", "fish"), "ships[0].cargo", "must be a good or wild", id="cargo"
    ),
    pytest.param(_set("contracts[0].goods", []), "contracts[0].goods", "1-4 goods", id="no-goods"),
    pytest.param(
        _set("contracts[0].goods", ["wild"] * 5),
        "contracts[0].goods",
        "at most 4 goods",
        id="goods",
    ),
    pytest.param(
        _set("contracts[0].goods", ["barrel", "gold"]), "contracts[0].goods[1]", "wild", id="good"
    ),
    pytest.param(
        _set("contracts[0].penalty", {"money": 6}),
        "contracts[0].penalty.money",
        "must be 1-5, got 6",
        id="penalty",
    ),
    pytest.param(
        _set("contracts[0].penalty", {"prestige": 2}),
        "contracts[0].penalty.prestige",
        "must be 1-1, got 2",
        id="penalty-prestige",
    ),
    pytest.param(
        _set("contracts[0].penalty", {"money": 1, "prestige": 1}),
        "contracts[0].penalty",
        "one of them",
        id="penalty-both",
    ),
    pytest.param(
        _set("contracts[0].reward", {"money": 5}),
        "contracts[0].reward.money",
        "must be 1-4, got 5",
        id="reward",
    ),
    pytest.param(
        _set("buildings[0].effects", [{"type": "produce", "good": "barrel", "money": 1}]),
        "buildings[0].effects[0]",
        "one good or some money",
        id="produce-both",
    ),
    pytest.param(
        _set("buildings[0].effects", [{"type": "produce", "money": 6}]),
        "buildings[0].effects[0].money",
        "must be 1-5, got 6",
        id="produce-money",
    ),
    pytest.param(
        _set("buildings[2].effects", [{"type": "income-per-new-ship", "money": 0}]),
        "buildings[2].effects[0].money",
        "must be 1-5, got 0",
        id="income",
    ),
    pytest.param(
        _set("buildings[1].effects", [{"type": "train-bid-bonus", "per_card": 4}]),
        "buildings[1].effects[0].per_card",
        "must be 1-3, got 4",
        id="train-bonus",
    ),
    pytest.param(
        _set("buildings[0].effects", [{"type": "holds-goods", "spaces": 3}]),
        "buildings[0].effects[0].spaces",
        "must be 1-2, got 3",
        id="holds",
    ),
    pytest.param(
        _set("buildings[0].effects", [{"type": "money-store", "per_round": 0}]),
        "buildings[0].effects[0].per_round",
        "must be 1-5, got 0",
        id="store",
    ),
    pytest.param(
        _set("buildings[0].effects", [{"type": "teleport"}]),
        "buildings[0].effects[0].type",
        "must be an effect type",
        id="effect-type",
    ),
    pytest.param(
        _set("buildings[0].effects", [{"type": "produce"}] * 5),
        "buildings[0].effects",
        "at most 4 effects",
        id="effects",
    ),
    pytest.param(
        _set("prices[0].crate", 6), "prices[0]", "the four prices must differ", id="price-repeat"
    ),
    pytest.param(
        _set("newspapers[0].event", {"type": "charge", "per": "fish", "money": 1}),
        "newspapers[0].event.per",
        "what the event counts",
        id="event-per",
    ),
    pytest.param(
        _set("newspapers[0].event", {"type": "reward", "per": "ships", "money": 4}),
        "newspapers[0].event.money",
        "must be 1-3, got 4",
        id="event-money",
    ),
    pytest.param(
        _set("newspapers[0].event", {"type": "storm", "per": "ships", "money": 1}),
        "newspapers[0].event.type",
        "must be an event type",
        id="event-type",
    ),
    pytest.param(
        _set("newspapers[0].solo_space", "2.3"),
        "newspapers[0].solo_space",
        "a space of a 2-player game",
        id="solo-3p",
    ),
    pytest.param(
        _set("newspapers[0].solo_space", "9.9"),
        "newspapers[0].solo_space",
        "a space of a 2-player game",
        id="solo-none",
    ),
    # The boards (BH-CARD-9 to BH-CARD-11).
    pytest.param(
        _set("board.covers.0", 2), "board.covers.0", "3rd and 4th columns", id="cover-space"
    ),
    pytest.param(
        _set("board.covers.2", -1), "board.covers.2", "must be 0-99, got -1", id="cover-cost"
    ),
    pytest.param(_del("board.covers.11"), "board.covers", "missing [11]", id="cover-missing"),
    pytest.param(
        _set("board.bollard_costs", [[1], [0], [0]]),
        "board.bollard_costs",
        "the 4 quay walls",
        id="walls",
    ),
    pytest.param(
        _set("board.bollard_costs", [[1, 2, 3, 4], [0], [0], [1]]),
        "board.bollard_costs[0]",
        "at most 3 bollard positions",
        id="wall-positions",
    ),
    pytest.param(
        _set("board.bollard_costs", [[1], [2, 3], [0], [1]]),
        "board.bollard_costs[1][0]",
        "pre-printed starting bollard",
        id="pre-printed",
    ),
    pytest.param(
        _set("board.track_last", 0), "board.track_last", "must be 1-60, got 0", id="track"
    ),
    pytest.param(
        _set("board.track_start", [0, 0, 4, 4]),
        "board.track_start[2]",
        "a 3-player short game lasts exactly 9 rounds",
        id="short-rounds",
    ),
    pytest.param(
        _set("board.track_start", [0, 0, 2]),
        "board.track_start",
        "1, 2, 3 and 4 players",
        id="starts",
    ),
    pytest.param(
        _set("board.track_start", [0, 0, 2, 20]),
        "board.track_start[3]",
        "must be 0-19, got 20",
        id="start-bound",
    ),
    # Unknown keys.
    pytest.param(_set("colour", "blue"), "colour", "is not a field of a card file", id="top-key"),
    pytest.param(
        _set("ships[0].colour", "blue"), "ships[0].colour", "not a field of a Ship", id="ship-key"
    ),
    pytest.param(
        _set("contracts[0].penalty", {"coins": 1}),
        "contracts[0].penalty.coins",
        "not a field",
        id="stake-key",
    ),
    pytest.param(_set("board.size", 12), "board.size", "not a field of the board", id="board-key"),
    pytest.param(
        _set("buildings[1].effects", [{"type": "train-bid-bonus", "per_card": 1, "bonus": 1}]),
        "buildings[1].effects[0].bonus",
        "not a field",
        id="effect-key",
    ),
    pytest.param(
        _set("prices[0].fish", 2), "prices[0].fish", "not a field of a Price", id="price-key"
    ),
    # Missing fields.
    pytest.param(_del("ships[5].berth"), "ships[5].berth", "missing", id="missing-field"),
    pytest.param(_del("board"), "board", "missing", id="missing-board"),
    pytest.param(_del("newspapers"), "newspapers", "missing: the box holds 18", id="missing-deck"),
    # Wrong types.
    pytest.param(
        _set("ships[0].lay_time", "2"), "ships[0].lay_time", 'whole number 1-5, got "2"', id="str"
    ),
    pytest.param(_set("ships[0].lay_time", True), "ships[0].lay_time", "whole number", id="bool"),
    pytest.param(_set("ships[0].lay_time", 2.0), "ships[0].lay_time", "whole number", id="float"),
    pytest.param(_set("name", 3), "name", "non-empty string", id="name-type"),
    pytest.param(_set("name", " "), "name", "non-empty string", id="name-blank"),
    pytest.param(_set("ships[0].name", "a\u202eb"), "ships[0].name", "control", id="name-control"),
    pytest.param(_set("ships[0].key", "Bad Key"), "ships[0].key", "hyphens", id="key-form"),
    pytest.param(
        _set("ships[1].key", "little-marta"), "ships[1].key", "also ships[0]", id="key-twice"
    ),
    pytest.param(_set("ships", {"a": 1}), "ships", "must be a list of cards", id="deck-type"),
    pytest.param(_set("prices[0]", 5), "prices[0]", "must be a table", id="card-type"),
    pytest.param(
        _set("contracts[0].train", "yes"), "contracts[0].train", "true or false", id="train"
    ),
    pytest.param(_set("partial", "no"), "partial", "true or false", id="partial"),
    pytest.param(_set("origin", "official"), "origin", "must be an origin", id="origin"),
    # Counts.
    pytest.param(
        lambda d: d["ships"].pop(),
        "ships",
        "must hold the 48 cards of the box (the rulebook, lines 30–38), got 47",
        id="47-ships",
    ),
    pytest.param(
        lambda d: d["contracts"].append(d["contracts"][0]),
        "contracts",
        "at most 56",
        id="57-contracts",
    ),
    pytest.param(lambda d: d["buildings"].pop(), "buildings", "the 20 cards", id="19-buildings"),
    pytest.param(lambda d: d["prices"].pop(), "prices", "the 24 cards", id="23-prices"),
    pytest.param(lambda d: d["newspapers"].pop(), "newspapers", "the 18 cards", id="17-newspapers"),
]


@pytest.mark.rules("BH-CARD-14", "BH-CARD-2", "BH-CARD-3", "BH-CARD-4", "BH-CARD-6", "BH-CARD-7")
@pytest.mark.rules("BH-CARD-9", "BH-CARD-10", "BH-CARD-11", "BH-CARD-12")
@pytest.mark.parametrize(("spoil", "field", "problem"), BAD)
def test_a_bad_file_is_refused_naming_the_field(spoil: Spoil, field: str, problem: str) -> None:
    data = _data()
    spoil(data)
    error = _refused(data)
    assert error.field == field
    assert problem in error.reason
    assert str(error) == f"{field}: {error.reason}"


@pytest.mark.rules("BH-CARD-14")
def test_the_field_named_in_the_brief() -> None:
    data = _data()
    data["ships"][3]["lay_time"] = 7
    error = _refused(data)
    assert (error.field, error.reason) == ("ships[3].lay_time", "must be 1-5, got 7")


@pytest.mark.rules("BH-CARD-14")
@pytest.mark.parametrize(
    ("text", "fmt", "problem"),
    [
        ("name = ", "toml", "not valid TOML"),
        ('name = "x"\nname = "y"', "toml", "not valid TOML"),
        ("x = " + "[" * 20 + "]" * 20, "toml", "nested at most"),
        ("x" + ".x" * 20 + " = 1", "toml", "nested at most"),
        ("{", "json", "not valid JSON"),
        ('{"name": "a", "name": "b"}', "json", "name"),
        ('{"name": NaN}', "json", "NaN"),
        ('{"n": 12345678901}', "json", "digits"),
        ("[]", "json", "must be a table"),
    ],
)
def test_text_that_is_no_card_file_is_refused(text: str, fmt: Any, problem: str) -> None:
    with pytest.raises(CardFileError) as caught:
        read_cards(text, fmt=fmt)
    assert problem in str(caught.value)


@pytest.mark.rules("BH-CARD-14")
def test_files_that_cannot_be_read_are_refused(tmp_path: Path) -> None:
    with pytest.raises(CardFileError, match=r"ends in \.toml or \.json"):
        load_cards(tmp_path / "cards.txt")
    with pytest.raises(CardFileError, match="cannot read"):
        load_cards(tmp_path / "missing.toml")
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    with pytest.raises(CardFileError, match="not a regular file"):
        load_cards(folder)
    bad = tmp_path / "latin.toml"
    bad.write_bytes(b'name = "\xe9"')
    with pytest.raises(CardFileError, match="UTF-8"):
        load_cards(bad)


@pytest.mark.rules("BH-CARD-14", "BH-CARD-2", "BH-CARD-3", "BH-CARD-4", "BH-CARD-7")
@pytest.mark.parametrize(
    ("deck", "field", "span"),
    [
        ("ships", "lay_time", CATALOGUE.ships.lay_time),
        ("ships", "count", CATALOGUE.ships.cargo_count),
        ("ships", "berth", CATALOGUE.ships.berth),
        ("ships", "prestige", CATALOGUE.ships.prestige),
        ("contracts", "delivery", CATALOGUE.contracts.delivery),
        ("buildings", "prestige", CATALOGUE.buildings.prestige),
    ],
)
def test_files_accept_exactly_the_rulebook_s_ranges(
    deck: str, field: str, span: Known[Span]
) -> None:
    for value, ok in (
        (span.value.low, True),
        (span.value.high, True),
        (span.value.low - 1, False),
        (span.value.high + 1, False),
    ):
        data = _data()
        data[deck][0][field] = value
        if ok:
            assert getattr(getattr(cards_from_data(data), deck)[0], field) == value
        else:
            assert _refused(data).field == f"{deck}[0].{field}"


@pytest.mark.rules("BH-CARD-3")
def test_contract_stakes_follow_the_rulebook() -> None:
    data = _data()
    data["contracts"][0]["penalty"] = {"money": CATALOGUE.contracts.penalty_money.value.high}
    data["contracts"][0]["reward"] = {"money": CATALOGUE.contracts.reward_money.value.high}
    data["contracts"][1]["penalty"] = {"prestige": CATALOGUE.contracts.penalty_prestige.value}
    data["contracts"][1]["reward"] = {"prestige": CATALOGUE.contracts.reward_prestige.value}
    cards = cards_from_data(data)
    assert (cards.contracts[0].penalty.money, cards.contracts[0].reward.money) == (5, 4)
    assert (cards.contracts[1].penalty.prestige, cards.contracts[1].reward.prestige) == (1, 1)


# --------------------------------------------------------------------------- the catalogue


@pytest.mark.rules("BH-CARD-1", "BH-CARD-13")
def test_the_catalogue_marks_the_unknowns() -> None:
    unknown = dict(CATALOGUE.unknowns())
    for path in (
        "ships.cards",
        "contracts.cards",
        "contracts.trains",
        "buildings.unnamed",
        "prices.cards",
        "newspapers.progress_values",
        "newspapers.solo_spaces",
        "newspapers.other_events",
        "harbor.cover_costs",
        "harbor.bollard_costs",
        "track.start",
        "track.last_space",
        "ships.stacking",
        "boards.rightmost_space",
    ):
        assert isinstance(unknown[path], Unknown), path
        assert unknown[path].note
    for named in CATALOGUE.buildings.named:
        assert not named.prestige.known, named.key
    assert not CATALOGUE.building("Bank").effects.known
    assert not CATALOGUE.newspapers.events[0].progress.known


@pytest.mark.rules("BH-CARD-1", "BH-CARD-13")
def test_every_known_fact_cites_lines_of_the_rulebook() -> None:
    cited = re.compile(r"004:(\d+)(?:-(\d+))?")
    for path, fact in CATALOGUE.facts():
        lines = fact.lines.split(", ") if fact.lines else []
        if isinstance(fact, Known):
            assert lines, path
        for part in lines:
            found = cited.fullmatch(part)
            assert found is not None, (path, part)
            low, high = int(found.group(1)), int(found.group(2) or found.group(1))
            assert 1 <= low <= high <= SEED_LINES, (path, part)
        if isinstance(fact, Known) and fact.inferred:
            assert fact.note, path


@pytest.mark.rules(
    "BH-CARD-1", "BH-CARD-2", "BH-CARD-3", "BH-CARD-4", "BH-CARD-6", "BH-CARD-7", "BH-CARD-8"
)
def test_the_catalogue_s_counts_and_ranges() -> None:
    counts = {c.key: c.count.value for c in CATALOGUE.components}
    assert (
        counts["ship-cards"],
        counts["contract-cards"],
        counts["building-cards"],
        counts["price-cards"],
        counts["newspaper-cards"],
        counts["short-game-cards"],
        counts["cover-cards"],
    ) == (48, 56, 20, 24, 18, 2, 24)
    assert {deck: size for deck, size in COMPONENTS.items()} == {
        "ships": CATALOGUE.ships.count.value,
        "contracts": CATALOGUE.contracts.count.value,
        "buildings": CATALOGUE.buildings.count.value,
        "prices": CATALOGUE.prices.count.value,
        "newspapers": CATALOGUE.newspapers.count.value,
    }
    assert CATALOGUE.ships.berth.value == Span(0, 3)
    assert CATALOGUE.contracts.goods.value == Span(1, 4)
    assert CATALOGUE.short_game.advance.value == 2
    assert CATALOGUE.track.long_rounds_4p.value == Span(8, 12)
    assert CATALOGUE.newspapers.solo_example.value is Space.PERMIT


@pytest.mark.rules("BH-CARD-5", "BH-CARD-12")
def test_the_seven_named_buildings_and_their_known_effects() -> None:
    names = [b.name.value for b in CATALOGUE.buildings.named]
    assert names == [
        "Refinery",
        "Train Station",
        "Lighthouse",
        "Loading Plant",
        "Status Symbol",
        "Commodity Exchange",
        "Bank",
    ]
    assert CATALOGUE.building("verladezentrum").key == "loading-plant"
    assert CATALOGUE.building("Refinery").production == Known(
        True, "004:764-766", "the example: the Refinery produces a barrel"
    )
    with pytest.raises(KeyError):
        CATALOGUE.building("Sushi Bar")


@pytest.mark.rules("BH-CARD-9", "BH-CARD-10", "BH-CARD-11")
def test_the_catalogue_s_harbour_geometry_matches_the_original_board() -> None:
    harbor = CATALOGUE.harbor
    covered = tuple(s for s, c in enumerate(ORIGINAL.board.covers) if c is not None)
    assert covered == harbor.covered_spaces.value
    assert harbor.starting_bollards.value == 2
    assert (ORIGINAL.board.bollard_costs[1][0], ORIGINAL.board.bollard_costs[2][0]) == (0, 0)
    assert len(ORIGINAL.board.bollard_costs) == harbor.quay_walls.value
    assert CATALOGUE.boards.starting_income.value == (4, 6, 8, 12)
