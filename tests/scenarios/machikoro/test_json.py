"""Versioned JSON documents of states, moves and options."""

from __future__ import annotations

import json

import pytest

import machikoro
from machikoro import RulesOptions
from machikoro.moves import (
    ADD_TWO,
    BUILD,
    BUILD_LANDMARK,
    DRAW,
    KEEP,
    NO_TRADE,
    NOTHING,
    ROLL,
    TWO_DICE,
    canonical,
    trade,
)
from machikoro.state import PendingActivate
from tests.support.machikoro import E, L, at_roll, roll

EVERY_KIND_OF_MOVE = [
    *ROLL, KEEP, *ADD_TWO, *TWO_DICE[:3], DRAW[4], machikoro.Activate(E.STADIUM),
    machikoro.ChooseOpponent(3), trade(0, 1, 24), NO_TRADE, BUILD[24], BUILD_LANDMARK[6], NOTHING,
]  # fmt: skip


@pytest.mark.rules("MK-JSON-1")
def test_documents_say_their_format_and_kind_and_read_back_equal() -> None:
    state = machikoro.new_game(4, seed=9)
    text = machikoro.to_json(state)
    data = json.loads(text)
    assert (data["format"], data["kind"]) == ("machikoro/1", "state")
    assert data["state"]["players"][0] == {
        "coins": 3, "establishments": {"wheat-field": 1, "bakery": 1}, "landmarks": ["city-hall"]
    }  # fmt: skip
    assert data["state"]["stack"] == [{"type": "pending-roll", "reroll": False}]
    assert machikoro.from_json(text) == state
    assert machikoro.to_json(machikoro.new_game(4, seed=9)) == text  # deterministic
    assert machikoro.from_json(text.encode()) == state
    for move in EVERY_KIND_OF_MOVE:
        read = machikoro.from_json(machikoro.to_json(move))
        assert read == move and read is canonical(move)  # the engine's shared instance
    options = RulesOptions(expansion=False, purple_order="owner-chooses")
    assert machikoro.from_json(machikoro.to_json(options)) == options
    # A state in the middle of the income, with every kind of field filled.
    middle = roll(at_roll(coins=[0, 5, 7],
                          cities=[{E.STADIUM: 1, E.TV_STATION: 1, E.BUSINESS_CENTER: 1},
                                  {E.CAFE: 2}, {}],
                          landmarks=[[L.TRAIN_STATION], [], []],
                          options=RulesOptions(market="all-piles",
                                               purple_order="owner-chooses")), 6)  # fmt: skip
    assert isinstance(middle.stack[-1], PendingActivate)
    assert machikoro.from_json(machikoro.to_json(middle, indent=2)) == middle
    with pytest.raises(TypeError):
        machikoro.to_json(42)


@pytest.mark.rules("MK-JSON-2")
def test_documents_are_checked_field_by_field() -> None:
    good = json.loads(machikoro.to_json(machikoro.new_game(2, seed=1)))

    def error(document: object) -> machikoro.DocumentError:
        text = document if isinstance(document, str | bytes) else json.dumps(document)
        with pytest.raises(machikoro.DocumentError) as err:
            machikoro.from_json(text)
        return err.value

    assert error("not json").field == ""
    assert error({"format": "harbour/1", "kind": "state"}).field == "format"
    assert error({"format": "machikoro/1", "kind": "card"}).field == "kind"
    assert error({**good, "extra": 1}).field == ""
    assert error({"format": "machikoro/1", "kind": "move"}).field == "move"
    bad_coins = json.loads(json.dumps(good))
    bad_coins["state"]["players"][0]["coins"] = 2.0
    assert "players" in error(bad_coins).field
    bool_coins = json.loads(json.dumps(good))
    bool_coins["state"]["players"][0]["coins"] = True
    assert "players" in error(bool_coins).field
    unknown = json.loads(json.dumps(good))
    unknown["state"]["market"]["castle"] = 1
    assert "castle" in str(error(unknown))
    tag = json.loads(json.dumps(good))
    tag["state"]["stack"] = [{"type": "pending-nap"}]
    assert "pending-nap" in str(error(tag))
    invalid = json.loads(json.dumps(good))
    invalid["state"]["players"][0]["establishments"]["cafe"] = 1  # a card from nowhere
    assert "MK-STATE-2" in str(error(invalid))
    reading = json.loads(json.dumps(good))
    reading["state"]["options"]["market"] = "ten"
    assert "market" in error(reading).field
    assert "deep" in str(error("[" * 100 + "]" * 100))
    assert error(b"\xff").field == ""
    assert "NaN" in str(error('{"format": NaN}'))
    assert "given twice" in str(error('{"format": "machikoro/1", "format": "machikoro/1"}'))
    assert "at most 20 digits" in str(error('{"format": ' + "9" * 30 + "}"))
    assert "at most 1048576 bytes" in str(
        error(" " * (machikoro.interchange.serialization.MAX_DOCUMENT_BYTES + 1))
    )
    move = {"format": "machikoro/1", "kind": "move", "move": {"type": "dice", "faces": [5, 2]}}
    assert "ascending" in str(error(move))
    extra_field = {"format": "machikoro/1", "kind": "move",
                   "move": {"type": "keep-roll", "why": 1}}  # fmt: skip
    assert "why" in str(error(extra_field))
    missing_field = {"format": "machikoro/1", "kind": "move", "move": {"type": "trade"}}
    assert "missing field(s) give, opponent, take" in str(error(missing_field))
