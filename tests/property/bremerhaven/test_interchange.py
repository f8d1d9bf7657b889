"""JSON round trips over random games, card sets in documents, and hostile documents.

A seeded sweep plays complete random games for 1 to 4 players, in the long and the short
game, under two option sets (every reading at its documented value, and every reading at
another value), so that every kind of position and decision appears. Every position must
read back equal from its document, write back to the same text, and play on from the copy
exactly as from the original (the deck orders and the dummy's draws travel with it,
BH-ENGINE-10, BH-ENGINE-11); every legal move, every combination of options and the card
sets read back equal. A state names the original set and carries any other in full
(BH-CARD-15, BH-CARD-14).

Hostile documents (a wrong type, an unknown key or card, a broken position) are refused
with a :class:`~bremerhaven.errors.DocumentError` naming the field, and Hypothesis feeds
``from_json`` mutated state documents and arbitrary text: only that error may come out.
"""

from __future__ import annotations

import enum
import itertools
import json
import typing
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bremerhaven
from bremerhaven import GameState, Move, RulesOptions
from bremerhaven.cards import ORIGINAL, Origin, cards_from_data, cards_to_data
from bremerhaven.errors import DocumentError
from bremerhaven.interchange.serialization import FORMAT, from_json, to_json
from bremerhaven.validation import validate
from meeplekit.rng import SplitMix64
from meeplekit.testing import reading_values


def _other_readings() -> dict[str, Any]:
    """Every field of ``RulesOptions`` at a value that is not its default."""
    changed: dict[str, Any] = {}
    for field in attrs.fields(RulesOptions):
        default = field.default
        if isinstance(default, bool):
            changed[field.name] = not default
        else:
            assert isinstance(default, enum.Enum)
            changed[field.name] = next(m for m in type(default) if m is not default)
    return changed


#: The option sets of the sweep, each for the long and the short game.
OPTION_SETS = {
    f"{name}-{game}": RulesOptions(**{**readings, "game": game})
    for name, readings in (("documented", {}), ("other", _other_readings()))
    for game in ("long", "short")
}


def _game(options: RulesOptions, players: int, seed: int) -> list[GameState]:
    """Every position of a random game, from its first decision to its end."""
    state = bremerhaven.new_game(players, seed=seed, options=options)
    rng = SplitMix64(seed)
    found = [state]
    while not bremerhaven.is_over(state):
        state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
        found.append(state)
    return found


GAMES = {
    (name, players): _game(options, players, 100 * players + index)
    for index, (name, options) in enumerate(OPTION_SETS.items())
    for players in (1, 2, 3, 4)
}


@pytest.mark.rules("BH-ENGINE-10", "BH-ENGINE-11", "BH-CARD-15")
@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_position_reads_back_equal_and_writes_the_same_text(key: tuple[str, int]) -> None:
    for state in GAMES[key]:
        text = to_json(state)
        again = from_json(text)
        assert again == state
        assert to_json(again) == text
        assert '"cards":"original v1"' in text
    last = GAMES[key][-1]
    assert from_json(to_json(last).encode("utf-8")) == last


@pytest.mark.rules("BH-ENGINE-10", "BH-ENGINE-11")
@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_copy_plays_on_exactly_as_the_original(key: tuple[str, int]) -> None:
    """The hidden deck orders and the dummy's draws travel in the document."""
    states = GAMES[key]
    middle = states[len(states) // 2]
    copy = from_json(to_json(middle))
    rng_a, rng_b = SplitMix64(7), SplitMix64(7)
    original = middle
    while not bremerhaven.is_over(original):
        original = bremerhaven.apply_move(original, rng_a.choice(bremerhaven.legal_moves(original)))
        copy = bremerhaven.apply_move(copy, rng_b.choice(bremerhaven.legal_moves(copy)))
        assert copy == original
    assert bremerhaven.scores(copy) == bremerhaven.scores(original)


@pytest.mark.rules("BH-ENGINE-3", "BH-ENGINE-4", "BH-ENGINE-5", "BH-INPUT-4")
def test_every_legal_move_reads_back_equal() -> None:
    seen: set[Move] = set()
    for states in GAMES.values():
        for state in states:
            seen.update(bremerhaven.legal_moves(state))
    kinds = {type(move) for move in seen}
    assert kinds == set(typing.get_args(Move)), set(typing.get_args(Move)) - kinds
    for move in seen:
        text = to_json(move)
        assert from_json(text) == move
        assert json.loads(text)["kind"] == "move"


@pytest.mark.rules("BH-SHORT-1", "BH-INT-3", "BH-INT-12")
def test_every_combination_of_options_reads_back_equal() -> None:
    domains = reading_values(RulesOptions)
    names = list(domains)
    for values in itertools.product(*domains.values()):
        readings: dict[str, Any] = dict(zip(names, values, strict=True))
        options = RulesOptions(**readings)
        assert from_json(to_json(options)) == options
    assert from_json(f'{{"format":"{FORMAT}","kind":"options","options":{{}}}}') == RulesOptions()


@pytest.mark.rules("BH-CARD-14", "BH-CARD-15", "BH-CARD-1")
def test_card_sets_read_back_equal_and_a_state_carries_any_other_set_in_full() -> None:
    assert from_json(to_json(ORIGINAL)) == ORIGINAL
    copied = cards_from_data({**cards_to_data(ORIGINAL), "origin": "file"}, origin=Origin.FILE)
    assert copied != ORIGINAL
    assert from_json(to_json(copied)) == copied
    renamed = attrs.evolve(copied, name="my copy")
    state = bremerhaven.new_game(3, seed=5, cards=renamed)
    rng = SplitMix64(5)
    for _ in range(40):
        state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
    text = to_json(state)
    assert json.loads(text)["state"]["cards"] == cards_to_data(renamed)
    again = from_json(text)
    assert again == state
    assert again.cards.origin is Origin.FILE
    assert all(card.origin is Origin.FILE for card in again.cards.ships)


@pytest.mark.rules("BH-CARD-1")
def test_a_document_may_not_label_an_edited_set_original() -> None:
    """Only the library's own set reads back labelled original; an edit so labelled is refused."""
    data = cards_to_data(ORIGINAL)
    document = json.loads(to_json(ORIGINAL))
    assert data["origin"] == "original" and document["cards"]["origin"] == "original"
    assert from_json(json.dumps(document)) == ORIGINAL
    document["cards"]["name"] = "original v1, edited"
    with pytest.raises(DocumentError, match="labelled original"):
        from_json(json.dumps(document))
    document["cards"]["origin"] = "file"
    assert from_json(json.dumps(document)).origin is Origin.FILE


# --------------------------------------------------------------------------- hostile documents


def _mid_game() -> GameState:
    states = GAMES[("documented-long", 3)]
    return states[len(states) // 3]


Edit = Callable[[dict[str, Any]], None]


def _set(path: tuple[Any, ...], value: object) -> Edit:
    def edit(doc: dict[str, Any]) -> None:
        target: Any = doc
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return edit


def _delete(path: tuple[Any, ...]) -> Edit:
    def edit(doc: dict[str, Any]) -> None:
        target: Any = doc
        for step in path[:-1]:
            target = target[step]
        del target[path[-1]]

    return edit


#: A document edit and the field its error must name.
HOSTILE: dict[str, tuple[Edit, str]] = {
    "format": (_set(("format",), "bremerhaven/2"), "format"),
    "kind": (_set(("kind",), "record"), "kind"),
    "money as text": (_set(("state", "players", 0, "money"), "5"), "state.players[0].money"),
    "money as a float": (_set(("state", "players", 0, "money"), 5.0), "state.players[0].money"),
    "unknown good": (_set(("state", "players", 0, "storage"), {"gold": 1}), "state.players[0].storage"),
    "negative goods": (_set(("state", "goods"), {"crate": -1}), "state.goods"),
    "unknown ship": (_set(("state", "ship_deck", 0), "no-such-ship"), "state.ship_deck[0]"),
    "unknown space": (_set(("state", "bids"), [{"space": "1.9", "seat": 0, "value": 3}]), "state.bids[0].space"),
    "unknown decision": (_set(("state", "stack", 0), {"type": "pending-nap"}), "state.stack[0]"),
    "a set out of order": (_set(("state", "players", 1, "opened"), [3, 1]), "state.players[1].opened"),
    "unknown field": (_set(("state", "players", 2, "gold"), 1), "state.players[2]"),
    "missing field": (_delete(("state", "round")), "state"),
    "missing cards": (_delete(("state", "cards")), "state.cards"),
    "unknown card set": (_set(("state", "cards"), "original v9"), "state.cards"),
    "a card set out of range": (
        _set(("state", "cards"), {**cards_to_data(ORIGINAL), "origin": "file", "name": "x",
             "ships": [{**cards_to_data(ORIGINAL)["ships"][0], "lay_time": 9}]}),
        "state.cards.ships",
    ),
    "debt": (_set(("state", "players", 0, "money"), -1), "state"),
    "goods not conserved": (_set(("state", "goods"), {"crate": 3}), "state"),
}  # fmt: skip


@pytest.mark.rules("BH-INPUT-1", "BH-CARD-14", "BH-MONEY-2", "BH-INT-3")
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_document_is_refused_naming_the_field(name: str) -> None:
    edit, field = HOSTILE[name]
    doc = json.loads(to_json(_mid_game()))
    edit(doc)
    with pytest.raises(DocumentError) as caught:
        from_json(json.dumps(doc))
    assert caught.value.field == field or caught.value.field.startswith(field + "."), (
        caught.value.field,
        caught.value.reason,
    )


@pytest.mark.rules("BH-INPUT-4")
@pytest.mark.parametrize(
    ("move", "field"),
    [
        ({"type": "bid", "space": "1.2", "value": 10}, "move"),
        ({"type": "bid", "space": "4.1", "value": 3}, "move.space"),
        ({"type": "deliver", "loading_dock": 0, "good": "gold"}, "move.good"),
        ({"type": "build", "building": 3}, "move.building"),
        ({"type": "swap-ranks", "rank": 7}, "move"),
        ({"type": "pay-difference", "pay": 1}, "move.pay"),
        ({"type": "nap"}, "move"),
        ({"type": "end-movement", "now": True}, "move"),
    ],
)
def test_a_malformed_move_is_refused_naming_the_field(move: dict[str, Any], field: str) -> None:
    text = json.dumps({"format": FORMAT, "kind": "move", "move": move})
    with pytest.raises(DocumentError) as caught:
        from_json(text)
    assert caught.value.field == field


@pytest.mark.rules("BH-INPUT-1")
def test_to_json_writes_only_the_library_s_values() -> None:
    with pytest.raises(TypeError):
        to_json({"state": 1})


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a document."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*path, index))
    return found


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)  # fmt: skip
_DOCUMENT = json.loads(to_json(_mid_game()))
_PATHS = _paths(_DOCUMENT)


@pytest.mark.rules("BH-INPUT-1")
@settings(max_examples=300)
@given(path=st.sampled_from(_PATHS), value=_JSON)
def test_a_mutated_state_document_is_read_valid_or_refused(
    path: tuple[Any, ...], value: object
) -> None:
    doc = json.loads(json.dumps(_DOCUMENT))
    _set(path, value)(doc)
    try:
        state = from_json(json.dumps(doc))
    except DocumentError:
        return
    assert validate(state) == ()
    assert from_json(to_json(state)) == state


@pytest.mark.rules("BH-INPUT-1")
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200)))
def test_arbitrary_text_is_refused_with_a_document_error(text: str | bytes) -> None:
    with pytest.raises(DocumentError):
        from_json(text)
