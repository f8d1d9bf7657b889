"""Hostile input of the kinds every game shares, thrown at every door of Bremerhaven.

- Whole numbers of any length (over 4,300 digits, beyond 64 bits, negative) at every
  parameter of the front door that takes one, and as an observation's viewer: only
  Bremerhaven's errors, with short messages (BH-INPUT-7); the table of calls covers every
  such parameter, so a new one must join it.
- Records with each field set around the constructor, or never set: ``replay`` refuses
  them before a move is played (BH-INPUT-7, BH-RECORD-4).
- Observations with any field set to any value, or made around their constructors, and
  harbours, bids and cards inside them made so: ``determinize`` refuses them with
  ``InvalidValueError`` or draws a valid position that observes back to them (BH-INPUT-7,
  BH-OBS-5).
- ``position`` with harbours of any shape: ``InvalidValueError`` or ``InvalidStateError``,
  or a valid position (BH-INPUT-7).
- Card files at paths of every hostile kind, nested in every way TOML nests, holding
  numbers of any length: ``CardFileError``, never another exception and never a hang
  (BH-CARD-14).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

import bremerhaven
from bremerhaven import positions
from bremerhaven.agents import tensors
from bremerhaven.agents.actions import block_of, decode
from bremerhaven.cards.files import load_cards, read_cards
from bremerhaven.cards.model import ShipCard, deck_icon, in_play
from bremerhaven.errors import BremerhavenError, CardFileError
from bremerhaven.interchange.records import GameRecord, Result, replay, write_record
from bremerhaven.observation import Observation, SeenBid, passes
from bremerhaven.positions import position
from bremerhaven.scoring import rating
from bremerhaven.state import GameState, Harbour
from bremerhaven.views import svg
from bremerhaven.views.view import goods_words, render, seat_name, seen_by
from meeplekit.rng import SplitMix64
from meeplekit.values import shown
from tests.meeplekit import hostile


def _played(players: int, game: str, seed: int, decisions: int) -> GameState:
    state = bremerhaven.new_game(players, seed=seed, options=bremerhaven.RulesOptions(game=game))
    rng = SplitMix64(seed)
    for _ in range(decisions):
        if bremerhaven.is_over(state):
            break
        legal = bremerhaven.legal_moves(state)
        state = bremerhaven.apply_move(state, legal[rng.below(len(legal))])
    return state


STATE = bremerhaven.new_game(3, seed=5)
#: Positions to observe: bidding open, later in a round, the solo game, a finished game.
POSITIONS = (
    _played(3, "long", 1, 2),
    _played(4, "long", 2, 40),
    _played(2, "short", 3, 25),
    _played(1, "short", 4, 30),
    _played(2, "short", 5, 10_000),
)

#: A call of each front-door function with each whole number in the parameter named.
CALLS: dict[tuple[str, str], Callable[[int], object]] = {
    ("bremerhaven.agents.actions.block_of", "action"): block_of,
    ("bremerhaven.agents.actions.decode", "action"): lambda n: decode(STATE, n),
    ("bremerhaven.cards.model.deck_icon", "players"): deck_icon,
    ("bremerhaven.cards.model.in_play", "players"): lambda n: in_play(
        STATE.cards.ships[0], n, short=False
    ),
    ("bremerhaven.observation.observe", "viewer"): lambda n: bremerhaven.observe(STATE, n),
    ("bremerhaven.observation.passes", "draws"): lambda n: passes(n, 18),
    ("bremerhaven.observation.passes", "newspapers"): lambda n: passes(50, n),
    ("bremerhaven.positions.contract", "timers"): lambda n: positions.contract(
        STATE.cards, STATE.cards.contracts[0].key, timers=n
    ),
    ("bremerhaven.positions.ship", "goods"): lambda n: positions.ship(
        STATE.cards, STATE.cards.ships[0].key, goods=n
    ),
    ("bremerhaven.positions.ship", "timers"): lambda n: positions.ship(
        STATE.cards, STATE.cards.ships[0].key, timers=n
    ),
    ("bremerhaven.interchange.records.write_record", "seed"): lambda n: write_record(
        STATE, [], seed=n
    ),
    ("bremerhaven.scoring.rating", "score"): rating,
    ("bremerhaven.interchange.serialization.to_json", "indent"): lambda n: bremerhaven.to_json(
        STATE, indent=n
    ),
    ("bremerhaven.setup.new_game", "players"): lambda n: bremerhaven.new_game(n),
    ("bremerhaven.setup.new_game", "seed"): lambda n: bremerhaven.new_game(2, seed=n),
    ("bremerhaven.views.svg.position", "viewer"): lambda n: svg.position(STATE, n),
    ("bremerhaven.agents.tensors.observation_tensor_size", "players"): lambda n: (
        tensors.observation_tensor_size(None, n)
    ),
    ("bremerhaven.agents.tensors.tensor_layout", "players"): lambda n: tensors.tensor_layout(
        None, n
    ),
    ("bremerhaven.views.view.goods_words", "count"): lambda n: goods_words(n, None),
    ("bremerhaven.views.view.render", "viewer"): lambda n: render(STATE, n),
    ("bremerhaven.views.view.render", "width"): lambda n: render(STATE, width=n),
    ("bremerhaven.interchange.poscode.code", "viewer"): lambda n: bremerhaven.code(STATE, viewer=n),
    ("bremerhaven.views.view.seat_name", "seat"): seat_name,
    ("bremerhaven.views.view.seat_name", "dummy"): lambda n: seat_name(0, n),
    ("bremerhaven.views.view.seen_by", "viewer"): lambda n: seen_by(STATE, n),
}


@pytest.mark.rules("BH-INPUT-7")
def test_the_table_calls_every_parameter_that_takes_a_whole_number() -> None:
    assert not hostile.uncovered(bremerhaven, CALLS)


@pytest.mark.rules("BH-INPUT-7", "BH-INPUT-1")
@pytest.mark.parametrize("number", hostile.HUGE, ids=lambda n: shown(n, 20))
@pytest.mark.parametrize("where", sorted(CALLS), ids=lambda w: f"{w[0]}({w[1]})")
def test_whole_numbers_of_any_length_meet_only_bremerhavens_errors(
    where: tuple[str, str], number: int
) -> None:
    hostile.only_game_errors(lambda: CALLS[where](number), BremerhavenError)


@pytest.mark.rules("BH-INPUT-7")
def test_a_refusal_shows_a_long_number_shortened() -> None:
    with pytest.raises(bremerhaven.InvalidMoveError) as caught:
        decode(STATE, 10**5000)
    assert "no action 10000000...00000000 (5001 digits)" in str(caught.value)


# --------------------------------------------------------------------------- records


def _finished() -> GameRecord:
    state = POSITIONS[-1]
    assert bremerhaven.is_over(state)
    start = bremerhaven.new_game(2, seed=5, options=state.options)
    moves, now, rng = [], start, SplitMix64(5)
    while not bremerhaven.is_over(now):
        legal = bremerhaven.legal_moves(now)
        move = legal[rng.below(len(legal))]
        moves.append(move)
        now = bremerhaven.apply_move(now, move)
    final = bremerhaven.outcome(now)
    return GameRecord(start, tuple(moves), result=Result(final.points, final.winners))


@pytest.mark.rules("BH-INPUT-7", "BH-RECORD-4")
def test_records_forged_field_by_field_meet_only_bremerhavens_errors() -> None:
    record = _finished()
    assert bremerhaven.is_over(replay(record)[-1])
    hostile.replay_refuses_forged_records(
        replay,
        record,
        Result,
        (bremerhaven.InvalidValueError, bremerhaven.InvalidStateError, bremerhaven.RecordError),
        ("tags", "comments", "seed"),
    )


# --------------------------------------------------------------------------- determinize


def _never_set(kind: type) -> Any:
    return object.__new__(kind)


def _forged(original: Any, /, **fields: Any) -> Any:
    twin = copy.copy(original)
    for name, field in fields.items():
        object.__setattr__(twin, name, field)
    return twin


#: Values no field of an observation holds, and pieces of what fields do hold.
NASTY: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from([None, True, -1, 0, 1, 2, 2**64, 2.5, "x", b"x", (), [], {}]),
    st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000),  # too long for repr
    st.sampled_from([(None,), (-1,), ((-1,),), ((), ()), ("x", "y"), frozenset({1})]),
    st.builds(object),
    st.sampled_from([Harbour, SeenBid, ShipCard, Observation, GameState]).map(_never_set),
    st.integers(-3, 12),
    st.tuples(st.integers(-3, 12)),
    st.lists(st.integers(-3, 12), max_size=4).map(tuple),
)
#: Hashable such values, for the keys of a mapping.
KEYS: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from([None, True, -1, 0, 2**64, 2.5, "x", b"x", (), (None,), frozenset({1})]),
    st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000),
    st.integers(-3, 12),
    st.builds(object),
)
FIELDS = [f.name for f in attrs.fields(Observation)]


def _inner(seen: Observation, data: st.DataObject) -> Any:
    """``seen`` with a harbour, a bid or a deck's card made around its constructor."""
    kind = data.draw(st.sampled_from(["harbour", "bid", "card"]), label="inside")
    if kind == "harbour":
        seat = data.draw(st.integers(0, len(seen.players) - 1), label="seat")
        field = data.draw(st.sampled_from([f.name for f in attrs.fields(Harbour)]), label="of")
        value = data.draw(NASTY, label="value")
        players = list(seen.players)
        players[seat] = _forged(players[seat], **{field: value})
        return _forged(seen, players=tuple(players))
    if kind == "bid" and seen.bids:
        field = data.draw(st.sampled_from(["space", "seat", "value"]), label="of")
        value = data.draw(NASTY, label="value")
        return _forged(seen, bids=(_forged(seen.bids[0], **{field: value}), *seen.bids[1:]))
    if seen.ship_deck:
        return _forged(seen, ship_deck=(_never_set(ShipCard), *seen.ship_deck[1:]))
    return seen


@pytest.mark.rules("BH-INPUT-7", "BH-OBS-5")
@given(data=st.data())
def test_forged_observations_meet_only_invalid_value_errors(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(POSITIONS), label="state")
    seen = bremerhaven.observe(state, data.draw(st.integers(0, state.seats - 1), label="viewer"))
    if data.draw(st.booleans(), label="a field"):
        field = data.draw(st.sampled_from(FIELDS), label="field")
        value = data.draw(NASTY, label="value")
        forged = _forged(seen, **{field: value})
    else:
        forged = _inner(seen, data)
    try:
        sample = bremerhaven.determinize(forged, SplitMix64(7))
    except bremerhaven.InvalidValueError as exc:
        note(f"refused: {exc}")
        return
    assert bremerhaven.validate(sample) == ()
    assert bremerhaven.observe(sample, forged.viewer) == forged


@pytest.mark.rules("BH-INPUT-7", "BH-OBS-5")
def test_an_observation_with_a_field_never_set() -> None:
    seen = bremerhaven.observe(POSITIONS[1], 0)
    for field in FIELDS:
        forged = object.__new__(Observation)
        for other in FIELDS:
            if other != field:
                object.__setattr__(forged, other, getattr(seen, other))
        with pytest.raises(bremerhaven.InvalidValueError, match="never set"):
            bremerhaven.determinize(forged, SplitMix64(1))
    negative = attrs.evolve(seen, hand_sizes=tuple(-1 for _ in seen.hand_sizes))
    with pytest.raises(bremerhaven.InvalidValueError, match="do not match its hand"):
        bremerhaven.determinize(negative, SplitMix64(1))


# --------------------------------------------------------------------------- positions

HARBOUR_FIELDS = [f.name for f in attrs.fields(Harbour)]


def _rows(state: GameState) -> st.SearchStrategy[Any]:
    ship_key, contract_key = state.cards.ships[0].key, state.cards.contracts[0].key
    ship_like = st.one_of(
        NASTY,
        st.just(ship_key),
        st.dictionaries(
            st.sampled_from(["key", "good", "goods", "timers"]) | KEYS, NASTY, max_size=3
        ),
        st.fixed_dictionaries(
            {"key": st.just(ship_key)}, optional={"goods": NASTY, "timers": NASTY, "good": NASTY}
        ),
    )
    contract_like = st.one_of(
        NASTY,
        st.just(contract_key),
        st.fixed_dictionaries(
            {"key": st.just(contract_key)}, optional={"delivered": NASTY, "timers": NASTY}
        ),
    )
    value = st.one_of(
        NASTY,
        st.lists(ship_like, min_size=3, max_size=3),
        st.lists(contract_like, min_size=4, max_size=4),
        st.dictionaries(KEYS, st.sampled_from(["lighthouse", "nowhere"]) | NASTY, max_size=2),
    )
    row = st.dictionaries(st.sampled_from([*HARBOUR_FIELDS, "nowhere"]) | KEYS, value, max_size=3)
    return st.one_of(
        NASTY, st.dictionaries(st.integers(-1, 4) | KEYS, st.one_of(NASTY, row), max_size=2)
    )


@pytest.mark.rules("BH-INPUT-7", "BH-INPUT-5")
@given(data=st.data())
def test_harbours_of_any_shape_meet_only_bremerhavens_errors(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(POSITIONS[:4]), label="state")
    harbours = data.draw(_rows(state), label="harbours")
    try:
        made = position(state, harbours=harbours)
    except (bremerhaven.InvalidValueError, bremerhaven.InvalidStateError) as exc:
        assert len(str(exc)) <= hostile.MAX_MESSAGE
        return
    assert bremerhaven.validate(made) == ()


@pytest.mark.rules("BH-INPUT-7")
def test_harbours_that_are_no_mapping_and_rows_that_are_none() -> None:
    for harbours in (-1, "x", [1], {0: -1}, {0: [("money", 3)]}, {0: {"opened": [[1]]}}):
        with pytest.raises(bremerhaven.InvalidValueError):
            position(STATE, harbours=harbours)  # type: ignore[arg-type]
    with pytest.raises(bremerhaven.InvalidValueError, match="the key 'x'"):
        position(STATE, harbours={0: {"docks": [{"x": 1}, None, None]}})


# --------------------------------------------------------------------------- card files


@pytest.mark.rules("BH-CARD-14")
def test_card_files_at_paths_of_every_hostile_kind(tmp_path: Path) -> None:
    for label, path in hostile.card_file_paths(tmp_path):
        with pytest.raises(CardFileError) as caught:
            load_cards(path)  # type: ignore[arg-type]
        assert caught.value.reason, label


@pytest.mark.rules("BH-CARD-14")
@pytest.mark.parametrize("shape", sorted(hostile.DEEP_TOML))
def test_toml_nested_in_every_way_is_refused_before_it_is_parsed(shape: str) -> None:
    with pytest.raises(CardFileError, match="nested at most 8 deep"):
        read_cards('name = "x"\n' + hostile.DEEP_TOML[shape])


@pytest.mark.rules("BH-CARD-14")
@pytest.mark.parametrize(
    ("text", "fmt"),
    [(text, "toml") for text in hostile.HUGE_NUMBERS.values()]
    + [(text, "json") for text in hostile.HUGE_JSON_NUMBERS.values()],
    ids=[f"toml-{k}" for k in hostile.HUGE_NUMBERS]
    + [f"json-{k}" for k in hostile.HUGE_JSON_NUMBERS],
)
def test_numbers_of_any_length_are_refused(text: str, fmt: Any) -> None:
    with pytest.raises(CardFileError, match="at most 6 digits"):
        read_cards(text, fmt=fmt)


@pytest.mark.rules("BH-CARD-14")
def test_a_file_of_the_issue_is_refused_naming_itself(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("a" + ".a" * 40_000 + " = 1\n")  # 80 KB: 17.7 s before, refused at once
    with pytest.raises(CardFileError) as caught:
        load_cards(path)
    assert (
        caught.value.reason == f"{path}: expected tables and lists nested at most 8 deep, got 40000"
    )
