"""Card sets of any content: refused whole before any game, or played to the end.

- A card file's data with any field set to any value TOML or JSON can hold (tables and
  lists where a word goes, numbers of any length, unknown keys): ``cards_from_data``
  refuses it with ``CardFileError`` or reads a card set (BH-CARD-14); the issue's
  ``solo_space = {"type": "x"}`` among them.
- ``partial`` card sets of any size, down to no cards at all: ``new_game`` refuses a set a
  game cannot be played with, naming what it lacks, for every number of players and kind of
  game; a game it starts plays to its end with any legal moves (BH-INPUT-1, BH-INT-14).
- A whole card file whose Newspaper cards do not last until the track ends is refused when
  it is read (BH-INT-14, BH-CARD-14).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

import bremerhaven
from bremerhaven.cards.files import cards_from_data, cards_to_data, read_cards
from bremerhaven.cards.model import CardSet, Origin
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.errors import CardFileError
from meeplekit.rng import SplitMix64
from meeplekit.values import shown

DATA = cards_to_data(ORIGINAL)
DECKS = ("ships", "contracts", "buildings", "prices", "newspapers")

#: Any value TOML or JSON holds, and numbers beyond what either card field takes.
JSON_VALUES: st.SearchStrategy[Any] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**8), 10**8),
        st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000),
        st.floats(allow_nan=True),
        st.sampled_from(["", "x", "wild", "barrel", "1.2", "3.1", "charge", "contracts", "file"]),
        st.text(max_size=8),
    ),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["type", "money", "x", "key"]) | st.text(max_size=4), inner, max_size=3
        )
    ),
    max_leaves=6,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``data`` a value sits, as the keys and indices to it."""
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:2]):  # the first two cards of each deck
            out += _paths(value, (*prefix, index))
    return out


PATHS = _paths(DATA)[1:]


@pytest.mark.rules("BH-CARD-14")
@given(path=st.sampled_from(PATHS), value=JSON_VALUES, extra=st.booleans())
def test_card_data_of_any_content_is_read_or_refused_whole(
    path: tuple[Any, ...], value: Any, extra: bool
) -> None:
    data = copy.deepcopy(DATA)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if extra and isinstance(parent, dict):  # a key where none belongs
        parent["unknown"] = value
    else:
        parent[path[-1]] = value
    try:
        cards = cards_from_data(data, origin=Origin.ORIGINAL)
    except CardFileError as exc:
        note(str(exc))
        assert len(str(exc)) < 2000
        return
    assert type(cards) is CardSet


@pytest.mark.rules("BH-CARD-14", "BH-SOLO-4")
@pytest.mark.parametrize(
    "space",
    [{"type": "x"}, ["1.2"], 10**5000, None, 1.5, "2.3", "nowhere"],
    ids=lambda v: shown(v, 20),
)
def test_a_newspapers_solo_space_of_any_kind(space: Any) -> None:
    data = copy.deepcopy(DATA)
    data["newspapers"][0]["solo_space"] = space
    with pytest.raises(CardFileError) as caught:
        cards_from_data(data, origin=Origin.ORIGINAL)
    assert caught.value.field == "newspapers[0].solo_space"


# --------------------------------------------------------------------------- partial sets


def _partial(counts: dict[str, int], covers: bool) -> dict[str, Any]:
    data = copy.deepcopy(DATA)
    data["origin"] = "file"
    data["partial"] = True
    for deck, count in counts.items():
        data[deck] = data[deck][:count]
    if not covers:
        data["board"]["covers"] = {}
    return data


@pytest.mark.rules("BH-INPUT-1", "BH-INT-14")
@given(
    counts=st.fixed_dictionaries({deck: st.integers(0, 8) for deck in DECKS}),
    covers=st.booleans(),
    players=st.integers(1, 4),
    game=st.sampled_from(["long", "short"]),
    seed=st.integers(0, 2**64 - 1),
)
def test_partial_card_sets_are_refused_at_new_game_or_play_to_the_end(
    counts: dict[str, int], covers: bool, players: int, game: str, seed: int
) -> None:
    cards = cards_from_data(_partial(counts, covers))
    options = bremerhaven.RulesOptions(game=game)
    try:
        state = bremerhaven.new_game(players, seed=seed, options=options, cards=cards)
    except bremerhaven.InvalidValueError as exc:
        note(str(exc))
        assert "cannot be played" in str(exc)
        return
    rng = SplitMix64(seed)
    for _ in range(5000):
        if bremerhaven.is_over(state):
            break
        legal = bremerhaven.legal_moves(state)
        state = bremerhaven.apply_move(state, legal[rng.below(len(legal))])
    assert bremerhaven.is_over(state)
    assert bremerhaven.validate(state) == ()


@pytest.mark.rules("BH-INPUT-1", "BH-CARD-14")
def test_a_partial_file_without_decks_loads_and_is_refused_at_new_game() -> None:
    text = json.dumps({"name": "empty", "partial": True, "board": DATA["board"]})
    cards = read_cards(text, fmt="json")
    assert (cards.ships, cards.prices, cards.newspapers) == ((), (), ())
    for players in (1, 2, 3, 4):
        with pytest.raises(bremerhaven.InvalidValueError, match="no Price card"):
            bremerhaven.new_game(players, cards=cards)


@pytest.mark.rules("BH-INPUT-1", "BH-INT-14", "BH-SOLO-4")
def test_what_each_game_needs_of_a_set_is_named() -> None:
    few = cards_from_data(_partial({"newspapers": 2}, covers=True))
    with pytest.raises(bremerhaven.InvalidValueError, match="a 2-player long game needs 20"):
        bremerhaven.new_game(2, cards=few)
    short = bremerhaven.RulesOptions(game="short")
    assert not bremerhaven.is_over(bremerhaven.new_game(2, cards=few, options=short))
    none = cards_from_data(_partial({"newspapers": 0}, covers=True))
    with pytest.raises(bremerhaven.InvalidValueError, match="solo dummy draws them"):
        bremerhaven.new_game(1, cards=none)


@pytest.mark.rules("BH-INT-14", "BH-CARD-14")
def test_a_whole_file_whose_newspapers_do_not_last_is_refused_when_read() -> None:
    data = copy.deepcopy(DATA)
    data["origin"] = "file"
    for card in data["newspapers"]:
        card["progress"] = 1  # 18 spaces in all; the 2-player game needs 20
    with pytest.raises(CardFileError) as caught:
        cards_from_data(data)
    assert caught.value.field == "newspapers"
    assert "long game needs" in caught.value.reason
