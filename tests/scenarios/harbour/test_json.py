"""JSON documents (JSON-1 to JSON-6): what they hold, and what reading them refuses."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import harbour
from harbour import DocumentError, Good, Goods, RulesOptions
from harbour.cards.identity import BUILT_IN_CARD_SETS, built_in_card_set, card_set_digest
from harbour.cards.original import ORIGINAL_SET
from harbour.interchange.serialization import (
    FORMAT,
    MAX_DOCUMENT_BYTES,
    MAX_DOCUMENT_NESTING,
    converter,
)
from harbour.positions import replace
from harbour.state import PendingGift, PendingMove
from tests.support.cputime import cpu_seconds
from tests.support.harbour import EVERY_ABILITY_SET

Doc = dict[str, Any]


def played(players: int = 3, decisions: int = 40, **options: Any) -> harbour.GameState:
    state = harbour.new_game(players, seed=11, options=RulesOptions(**options))
    for _ in range(decisions):
        state = harbour.apply_move(state, harbour.legal_moves(state)[-1])
    return state


def tampered(value: object, change: Callable[[Doc], object]) -> str:
    document = json.loads(harbour.to_json(value))
    change(document)
    return json.dumps(document)


@pytest.mark.rules("JSON-1")
def test_a_document_names_its_format_kind_and_value() -> None:
    state = played()
    for value, kind in (
        (state, "state"),
        (harbour.legal_moves(state)[0], "move"),
        (harbour.observe(state, 1), "observation"),
        (state.options, "options"),
        (state.cards, "cards"),
    ):
        document = json.loads(harbour.to_json(value))
        assert list(document) == ["format", "kind", kind]
        assert document["format"] == FORMAT == "harbour/1"
        assert document["kind"] == kind
        assert harbour.from_json(harbour.to_json(value)) == value


@pytest.mark.rules("JSON-1")
def test_equal_values_give_equal_text_and_indent_only_spaces_it() -> None:
    state = played()
    again = harbour.from_json(harbour.to_json(state))
    assert again is not state and harbour.to_json(again) == harbour.to_json(state)
    pretty = harbour.to_json(state, indent=2)
    assert "\n" in pretty and json.loads(pretty) == json.loads(harbour.to_json(state))


@pytest.mark.rules("JSON-1")
@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.__setitem__("format", "harbour/2"), "format"),
        (lambda d: d.pop("format"), "format"),
        (lambda d: d.__setitem__("kind", "board"), "kind"),
        (lambda d: d.__setitem__("extra", 1), ""),
        (lambda d: d.pop("move"), "move"),
    ],
)
def test_other_formats_kinds_and_fields_are_refused(
    change: Callable[[Doc], object], field: str
) -> None:
    with pytest.raises(DocumentError) as caught:
        harbour.from_json(tampered(harbour.DeferToll(), change))
    assert caught.value.field == field


def test_to_json_refuses_what_it_cannot_write() -> None:
    with pytest.raises(TypeError, match="not dict"):
        harbour.to_json({"fish": 1})


@pytest.mark.rules("JSON-2")
def test_values_are_written_as_the_spec_says() -> None:
    ship = harbour.Ship((Good.STONE, Good.FISH), keep=Goods(fish=1))
    assert json.loads(harbour.to_json(ship))["move"] == {
        "type": "ship",
        "goods": ["fish", "stone"],
        "keep": {"fish": 1},
    }
    site = harbour.MovePawn(harbour.CardSite(3))
    assert json.loads(harbour.to_json(site))["move"] == {
        "type": "move-pawn",
        "site": {"type": "card-site", "card": 3},
    }
    options = json.loads(harbour.to_json(RulesOptions(reentry="kept")))["options"]
    assert options["reentry"] == "kept" and options["characters"] is False
    state = json.loads(harbour.to_json(played()))["state"]
    assert state["market"] == [g.label for g in played().market]
    assert {p["type"] for p in state["stack"]} <= {
        "pending-move",
        "pending-toll",
        "pending-effect",
        "pending-purchase",
        "pending-toll-after",
        "pending-gift",
    }


@pytest.mark.rules("JSON-2")
@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({"type": "pay-toll", "good": "gold"}, "expected one of 'fish'"),
        ({"type": "pay-toll", "good": 0}, "expected one of 'fish'"),
        ({"type": "pay-toll"}, "missing field(s) good"),
        ({"type": "pay-toll", "good": "fish", "colour": "red"}, "unknown field(s) colour"),
        ({"type": "pay-tax", "good": "fish"}, 'unknown move type "pay-tax"'),
        ({"good": "fish"}, "unknown move type null"),
        (["pay-toll", "fish"], "expected move"),
        ({"type": "choose-option", "index": 1.0}, "expected a whole number, got 1.0"),
        ({"type": "choose-option", "index": True}, "expected a whole number, got true"),
        ({"type": "choose-option", "index": "1"}, 'expected a whole number, got "1"'),
        ({"type": "choose-option", "index": -1}, "must be a whole number >= 0"),
        ({"type": "ship", "goods": "fish", "keep": {}}, "expected a list"),
        ({"type": "ship", "goods": ["fish", "fish"], "keep": {}}, "twice"),
        ({"type": "ship", "goods": [], "keep": {"fish": 7}}, "at most 6"),
        ({"type": "ship", "goods": [], "keep": {"gold": 1}}, "goods named fish"),
        ({"type": "ship", "goods": [], "keep": {"fish": -1}}, ">= 0 of fish"),
        ({"type": "move-pawn", "site": {"type": "deck-site", "card": 1}}, "unknown site type"),
        ({"type": "swap-squares", "first": 2, "second": 1}, "first < second"),
    ],
)
def test_a_bad_move_is_refused_naming_the_field(bad: object, message: str) -> None:
    text = json.dumps({"format": FORMAT, "kind": "move", "move": bad})
    with pytest.raises(DocumentError) as caught:
        harbour.from_json(text)
    assert message in caught.value.reason
    assert caught.value.field.startswith("move")


@pytest.mark.rules("JSON-2")
def test_options_may_leave_readings_out_but_not_add_unknown_ones() -> None:
    text = json.dumps({"format": FORMAT, "kind": "options", "options": {"reentry": "kept"}})
    assert harbour.from_json(text) == RulesOptions(reentry="kept")
    bad = json.dumps({"format": FORMAT, "kind": "options", "options": {"rentry": "kept"}})
    with pytest.raises(DocumentError, match="rentry"):
        harbour.from_json(bad)
    wrong = json.dumps({"format": FORMAT, "kind": "options", "options": {"reentry": "both"}})
    with pytest.raises(DocumentError, match="'reversed', 'kept'") as caught:
        harbour.from_json(wrong)
    assert caught.value.field == "options.reentry"


@pytest.mark.rules("JSON-2")
def test_gift_information_travels_with_the_plain_data() -> None:
    state = played(decisions=10)
    gift = PendingGift(player=1, amount=2, cause="ABIL-10", times=2)
    with_gift = replace(state, stack=(*state.stack, gift))
    back = converter.structure(converter.unstructure(with_gift), harbour.GameState)
    top = back.stack[-1]
    assert isinstance(top, PendingGift) and (top.cause, top.times) == ("ABIL-10", 2)


@pytest.mark.rules("JSON-3")
def test_a_built_in_card_set_travels_by_name_and_digest() -> None:
    state = played()
    cards = json.loads(harbour.to_json(state))["state"]["cards"]
    assert cards == {"name": ORIGINAL_SET.name, "digest": card_set_digest(ORIGINAL_SET)}
    assert harbour.from_json(harbour.to_json(state)).cards is ORIGINAL_SET
    assert BUILT_IN_CARD_SETS[ORIGINAL_SET.name] is ORIGINAL_SET
    assert built_in_card_set(ORIGINAL_SET.name) is ORIGINAL_SET
    assert len(harbour.to_json(state)) < 3_000


@pytest.mark.rules("JSON-3")
def test_the_digest_is_of_the_content() -> None:
    other = attrs.evolve(ORIGINAL_SET, inland_traders_price=6)
    assert card_set_digest(other) != card_set_digest(ORIGINAL_SET)
    renamed = attrs.evolve(ORIGINAL_SET, name="Renamed")
    assert card_set_digest(renamed) != card_set_digest(ORIGINAL_SET)
    assert card_set_digest(attrs.evolve(ORIGINAL_SET)) == card_set_digest(ORIGINAL_SET)


@pytest.mark.rules("JSON-3")
def test_a_wrong_digest_or_unknown_built_in_set_is_refused() -> None:
    state = played()

    def digest(d: Doc) -> None:
        d["state"]["cards"]["digest"] = "sha256:" + "0" * 64

    with pytest.raises(DocumentError, match="written for other cards") as caught:
        harbour.from_json(tampered(state, digest))
    assert caught.value.field == "state.cards"

    def name(d: Doc) -> None:
        d["state"]["cards"]["name"] = "My cards"

    with pytest.raises(DocumentError, match="no built-in card set"):
        harbour.from_json(tampered(state, name))


@pytest.mark.rules("JSON-3")
def test_a_custom_card_set_is_embedded_and_its_digest_checked() -> None:
    state = harbour.new_game(2, seed=3, cards=EVERY_ABILITY_SET)
    document = json.loads(harbour.to_json(state))
    assert "data" in document["state"]["cards"]
    assert harbour.from_json(harbour.to_json(state)) == state

    def cheaper(d: Doc) -> None:
        d["state"]["cards"]["data"]["buildings"][0]["cost"] = 1

    with pytest.raises(DocumentError, match="the cards were changed"):
        harbour.from_json(tampered(state, cheaper))

    def broken(d: Doc) -> None:
        d["state"]["cards"]["data"]["buildings"][0]["points"] = -1

    with pytest.raises(DocumentError, match="points") as caught:
        harbour.from_json(tampered(state, broken))
    assert caught.value.field == "state.cards"


@pytest.mark.rules("JSON-3")
def test_a_cards_document_always_carries_the_data() -> None:
    document = json.loads(harbour.to_json(ORIGINAL_SET))
    assert document["cards"]["data"]["name"] == ORIGINAL_SET.name
    assert harbour.from_json(harbour.to_json(ORIGINAL_SET)) is ORIGINAL_SET or (
        harbour.from_json(harbour.to_json(ORIGINAL_SET)) == ORIGINAL_SET
    )


@pytest.mark.rules("JSON-4")
@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (lambda s: s["players"][0]["goods"].__setitem__("fish", 9), "state", "GOODS-2"),
        (lambda s: s["players"][0]["goods"].__setitem__("fish", 2.5), "state.players[0].goods", ""),
        (lambda s: s.__setitem__("seed", "1"), "state.seed", "whole number"),
        (lambda s: s.__setitem__("market", ["fish", "fish", "wood", "stone"]), "state", ""),
        (lambda s: s.__setitem__("market", ["fish"]), "state.market", "4 items"),
        (lambda s: s.__setitem__("deck", "12"), "state.deck", "a list"),
        (lambda s: s["stack"].__setitem__(0, {"type": "pending-no"}), "state.stack[0]", "unknown"),
        (lambda s: s.pop("turn"), "state", "missing field(s) turn"),
        (lambda s: s["players"][0].pop("goods"), "state.players[0]", "missing"),
        (lambda s: s.__setitem__("current", 7), "state", "STATE-2"),
        (lambda s: s["players"][1]["buildings"].append(s["display"][0]), "state", "STATE-1"),
        (lambda s: s.__setitem__("last_round_turns", -1), "state", ""),
    ],
)
def test_a_tampered_state_is_refused_naming_the_field(
    change: Callable[[Doc], object], field: str, message: str
) -> None:
    state = played()
    with pytest.raises(DocumentError) as caught:
        harbour.from_json(tampered(state, lambda d: change(d["state"])))
    assert caught.value.field == field
    assert message in str(caught.value)


@pytest.mark.rules("JSON-4")
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("[1, 2", "not valid JSON"),
        ("[]", "a JSON object"),
        ('{"format": "harbour/1", "format": "harbour/1"}', "given twice"),
        ('{"format": NaN}', "expected a number"),
        ('{"format": ' + "9" * 30 + "}", "at most 20 digits"),
        (b"\xff\xfe", "UTF-8"),
    ],
)
def test_text_that_is_not_a_document_is_refused(text: str | bytes, message: str) -> None:
    with pytest.raises(DocumentError, match=message):
        harbour.from_json(text)


@pytest.mark.rules("JSON-4")
def test_from_json_refuses_what_is_not_text() -> None:
    with pytest.raises(DocumentError, match="expected JSON text"):
        harbour.from_json(42)  # type: ignore[arg-type]


@pytest.mark.rules("JSON-5")
def test_large_and_deep_documents_are_refused_unread() -> None:
    with pytest.raises(DocumentError, match="at most"):
        harbour.from_json(" " * (MAX_DOCUMENT_BYTES + 1))
    deep = "[" * (MAX_DOCUMENT_NESTING + 1) + "]" * (MAX_DOCUMENT_NESTING + 1)
    with pytest.raises(DocumentError, match="nested"):
        harbour.from_json(deep)
    # Brackets inside strings are not nesting.
    quoted = json.dumps({"format": "[" * 100})
    with pytest.raises(DocumentError, match="format"):
        harbour.from_json(quoted)


def near_the_limit(item: object, place: Callable[[Doc, list[object]], object]) -> str:
    """A state document of almost MAX_DOCUMENT_BYTES whose ``place`` holds a list of ``item``."""
    document = json.loads(harbour.to_json(played(decisions=5)))
    size = len(json.dumps(document, separators=(",", ":")))
    count = (MAX_DOCUMENT_BYTES - size - 1000) // (len(json.dumps(item, separators=(",", ":"))) + 1)
    place(document, [item] * count)
    text = json.dumps(document, separators=(",", ":"))
    assert MAX_DOCUMENT_BYTES - 2000 < len(text.encode("utf-8")) <= MAX_DOCUMENT_BYTES
    return text


@pytest.mark.rules("JSON-5")
@pytest.mark.parametrize(
    ("item", "place", "field"),
    [
        ("x", lambda d, items: d["state"].update(deck=items), "state.deck[0]"),
        ({}, lambda d, items: d["state"].update(deck=items), "state.deck[0]"),
        ([], lambda d, items: d["state"].update(players=items), "state.players[0]"),
        (
            {"type": "pending-move", "x": 1},
            lambda d, items: d["state"].update(stack=items),
            "state.stack[0]",
        ),
        (1, lambda d, items: d["state"]["players"][0].update(buildings=items), "state"),
    ],
)
def test_a_document_near_the_size_limit_is_refused_within_a_second(
    item: object, place: Callable[[Doc, list[object]], object], field: str
) -> None:
    # A long list of wrong items once took 72 s to refuse: one message was built per item.
    text = near_the_limit(item, place)
    with cpu_seconds() as cpu, pytest.raises(DocumentError) as caught:
        harbour.from_json(text)
    spent = cpu()
    assert caught.value.field == field and len(str(caught.value)) < 300
    # JSON-5 says well under a second; twice that leaves room for a slow, shared machine.
    assert spent < 2.0, f"{spent:.2f} s of CPU time to refuse {len(text)} bytes"


@pytest.mark.rules("JSON-5", "REC-4")
def test_a_record_document_stops_at_its_first_illegal_move() -> None:
    document = json.loads(harbour.to_json(played(decisions=0)))
    record = {"start": document["state"], "tags": {}, "comments": [], "result": None}
    record["moves"] = [{"type": "ship", "goods": ["fish"], "keep": {"fish": 1}}] * 70_000
    text = json.dumps({"format": FORMAT, "kind": "record", "record": record})
    assert len(text) > MAX_DOCUMENT_BYTES // 2
    with cpu_seconds() as cpu, pytest.raises(DocumentError, match=r"move 1 .* is illegal"):
        harbour.from_json(text)
    assert cpu() < 2.0


@pytest.mark.rules("JSON-6")
def test_an_observation_document_holds_nothing_hidden_from_its_viewer() -> None:
    state = played(players=3, decisions=12, bonus_cards=True, characters=True)
    assert state.players[0].bonus_card is not None
    text = harbour.to_json(harbour.observe(state, 1))
    document = json.loads(text)["observation"]
    assert "seed" not in text and "deck" not in document
    assert document["deck_size"] == len(state.deck)
    views = document["players"]
    assert views[0]["bonus_card"] is None and views[1]["bonus_card"] is not None
    assert views[0]["has_bonus_card"] is True
    # A different deck order and other players' bonus cards give the same document.
    hidden = replace(
        state,
        deck=tuple(reversed(state.deck)),
        seed=state.seed + 1,
        players=(
            replace(state.players[0], bonus_card=state.players[2].bonus_card),
            state.players[1],
            replace(state.players[2], bonus_card=state.players[0].bonus_card),
        ),
    )
    assert harbour.to_json(harbour.observe(hidden, 1)) == text
    assert harbour.to_json(hidden) != harbour.to_json(state)


@pytest.mark.rules("JSON-6")
def test_a_state_document_is_the_whole_state() -> None:
    state = played(bonus_cards=True)
    document = json.loads(harbour.to_json(state))["state"]
    assert document["seed"] == state.seed and document["deck"] == list(state.deck)
    assert [p["bonus_card"] for p in document["players"]] == [p.bonus_card for p in state.players]


def test_a_pending_move_is_an_object_with_only_its_type() -> None:
    assert converter.unstructure(PendingMove()) == {"type": "pending-move"}


@pytest.mark.rules("JSON-2", "JSON-6", "OBS-5")
def test_an_observation_document_holds_the_whole_stack_with_placeholders() -> None:
    state = harbour.new_game(3, seed=1, options=RulesOptions(characters=True, bonus_cards=True))
    seen = harbour.observe(state, 1)
    document = json.loads(harbour.to_json(seen))["observation"]
    assert [p["type"] for p in document["stack"]] == [
        "pending-starting-goods",
        "hidden-character-choice",
        "pending-character",
        "hidden-character-choice",
    ]
    assert document["stack"][-1] == {"type": "hidden-character-choice", "player": 0, "count": 2}
    assert document["cards"] == {"name": state.cards.name, "digest": card_set_digest(state.cards)}
    assert harbour.from_json(harbour.to_json(seen)) == seen
    for name in ("ability_used", "deck_ran_out", "bought_this_turn", "options", "deck_top"):
        assert name in document
