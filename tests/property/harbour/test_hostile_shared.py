"""Hostile input of the kinds every game shares, thrown at every door of Harbour.

- Whole numbers of any length (over 4,300 digits, beyond 64 bits, negative) at every
  parameter of the front door that takes one: only Harbour's errors, with short messages
  (INPUT-7); the table of calls covers every such parameter, so a new one must join it.
- Records with each field set around the constructor, or never set: ``replay`` refuses
  them with Harbour's errors before a move is played (REC-4).
- Card files at paths of every hostile kind, nested in every way TOML nests (dotted keys
  20,000 parts deep among them), holding numbers of any length: ``CardFileError`` naming
  the file, never another exception and never a hang (FILE-4).

The shared layer's own checks (the TOML measure, the number helper) are in
``tests/meeplekit/test_hostile_shared.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import harbour
from harbour.agents import tensors
from harbour.agents.actions import decode
from harbour.cards import ORIGINAL_SET
from harbour.cards.files import CardFileError, dump_card_set, load_card_data, load_card_file
from harbour.engine import random_playout
from harbour.errors import HarbourError
from harbour.interchange.records import GameRecord, Result, replay
from harbour.observation import deck_top_seen
from harbour.scoring import ability_points, bonus_trade, shares, victory_points
from harbour.views import svg
from harbour.views.view import render, seen_by
from meeplekit.rng import SplitMix64
from meeplekit.values import shown
from tests.meeplekit import hostile

STATE = harbour.new_game(3, seed=5)
KEYS = [b.key for b in ORIGINAL_SET.buildings]
PLACED: dict[str, Any] = {
    "goods": [{"fish": 2, "stone": 1}, {"wood": 3}],
    "market": ["fish", "livestock", "wood", "stone"],
    "display": KEYS[:5],
}

#: A call of each front-door function with each whole number in the parameter named.
CALLS: dict[tuple[str, str], Callable[[int], object]] = {
    ("harbour.agents.actions.decode", "action"): lambda n: decode(STATE, n),
    ("harbour.engine.random_playout", "max_decisions"): lambda n: random_playout(
        STATE, SplitMix64(1), max_decisions=n
    ),
    ("harbour.observation.deck_top_seen", "viewer"): lambda n: deck_top_seen(STATE, n),
    ("harbour.observation.observe", "viewer"): lambda n: harbour.observe(STATE, n),
    ("harbour.positions.position", "current"): lambda n: harbour.position(**PLACED, current=n),
    ("harbour.positions.position", "turn"): lambda n: harbour.position(**PLACED, turn=n),
    ("harbour.positions.position", "last_round_turns"): lambda n: harbour.position(
        **PLACED, last_round_turns=n
    ),
    ("harbour.positions.position", "bought_this_turn"): lambda n: harbour.position(
        **PLACED, bought_this_turn=n
    ),
    ("harbour.positions.position", "seed"): lambda n: harbour.position(**PLACED, seed=n),
    ("harbour.scoring.ability_points", "player"): lambda n: ability_points(STATE, n),
    ("harbour.scoring.bonus_trade", "player"): lambda n: bonus_trade(STATE, n),
    ("harbour.scoring.shares", "players"): lambda n: shares((0,), n),
    ("harbour.scoring.victory_points", "player"): lambda n: victory_points(STATE, n),
    ("harbour.interchange.serialization.to_json", "indent"): lambda n: harbour.to_json(
        STATE, indent=n
    ),
    ("harbour.setup.new_game", "players"): lambda n: harbour.new_game(n),
    ("harbour.setup.new_game", "seed"): lambda n: harbour.new_game(2, seed=n),
    ("harbour.views.svg.position", "viewer"): lambda n: svg.position(STATE, n),
    ("harbour.agents.tensors.observation_tensor_size", "players"): lambda n: (
        tensors.observation_tensor_size(STATE.cards, n)
    ),
    ("harbour.agents.tensors.tensor_layout", "players"): lambda n: tensors.tensor_layout(
        STATE.cards, n
    ),
    ("harbour.views.view.render", "viewer"): lambda n: render(STATE, n),
    ("harbour.views.view.render", "width"): lambda n: render(STATE, width=n),
    ("harbour.interchange.poscode.code", "viewer"): lambda n: harbour.code(STATE, viewer=n),
    ("harbour.views.view.seen_by", "viewer"): lambda n: seen_by(STATE, n),
}


@pytest.mark.rules("INPUT-7")
def test_the_table_calls_every_parameter_that_takes_a_whole_number() -> None:
    assert not hostile.uncovered(harbour, CALLS)


@pytest.mark.rules("INPUT-7", "INPUT-2", "INPUT-3")
@pytest.mark.parametrize("number", hostile.HUGE, ids=lambda n: shown(n, 20))
@pytest.mark.parametrize("where", sorted(CALLS), ids=lambda w: f"{w[0]}({w[1]})")
def test_whole_numbers_of_any_length_meet_only_harbours_errors(
    where: tuple[str, str], number: int
) -> None:
    hostile.only_game_errors(lambda: CALLS[where](number), HarbourError)


@pytest.mark.rules("INPUT-7")
def test_a_refusal_shows_a_long_number_shortened() -> None:
    with pytest.raises(harbour.InvalidValueError) as caught:
        harbour.observe(STATE, 10**5000)
    assert "10000000...00000000 (5001 digits)" in str(caught.value)
    with pytest.raises(harbour.InvalidMoveError, match=r"no action -10000000\.\.\."):
        decode(STATE, -(10**5000))


# --------------------------------------------------------------------------- records


def _finished() -> GameRecord:
    state, moves = STATE, []
    rng = SplitMix64(3)
    while not state.is_over:
        legal = harbour.legal_moves(state)
        move = legal[rng.below(len(legal))]
        moves.append(move)
        state = harbour.apply_move(state, move)
    final = harbour.outcome(state)
    return GameRecord(STATE, tuple(moves), result=Result(final.points, final.winners))


@pytest.mark.rules("REC-4")
def test_records_forged_field_by_field_meet_only_harbours_errors() -> None:
    record = _finished()
    assert replay(record)[-1].is_over
    hostile.replay_refuses_forged_records(
        replay,
        record,
        Result,
        (harbour.InvalidValueError, harbour.InvalidStateError, harbour.RecordError),
    )


@pytest.mark.rules("REC-4")
def test_a_record_whose_result_was_set_around_its_constructor() -> None:
    record = _finished()
    object.__setattr__(record, "result", (record.result.scores, record.result.winners))  # type: ignore[union-attr]
    with pytest.raises(harbour.InvalidValueError, match="result gives scores and winners"):
        replay(record)
    object.__setattr__(record, "start", object.__new__(harbour.GameState))
    object.__setattr__(record, "result", None)
    with pytest.raises(harbour.InvalidStateError):
        replay(record)


# --------------------------------------------------------------------------- card files


def _refused(path: object) -> CardFileError:
    with pytest.raises(CardFileError) as caught:
        load_card_file(path)  # type: ignore[arg-type]
    return caught.value


@pytest.mark.rules("FILE-4", "FILE-2")
def test_card_files_at_paths_of_every_hostile_kind(tmp_path: Path) -> None:
    for label, path in hostile.card_file_paths(tmp_path):
        error = _refused(path)  # unreadable, or (read by root) no card set
        assert error.reason, label


@pytest.mark.rules("FILE-4")
def test_a_folder_named_like_a_card_file(tmp_path: Path) -> None:
    folder = tmp_path / "cards.toml"
    folder.mkdir()
    error = _refused(folder)
    assert error.path == str(folder)
    assert error.reason == "not a regular file but a folder; expected a regular file"


def _text_file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.rules("FILE-4")
@pytest.mark.parametrize("shape", sorted(hostile.DEEP_TOML))
def test_toml_nested_in_every_way_is_refused_before_it_is_parsed(
    tmp_path: Path, shape: str
) -> None:
    text = 'name = "x"\n' + hostile.DEEP_TOML[shape]
    error = _refused(_text_file(tmp_path, "deep.toml", text))
    assert "nested at most 32 deep" in error.reason, error.reason


@pytest.mark.rules("FILE-4")
def test_a_dotted_key_of_the_largest_file_is_refused(tmp_path: Path) -> None:
    text = "a" + ".a" * ((1 << 20) // 2 - 10) + " = 1\n"  # the quadratic case, at 1 MiB
    error = _refused(_text_file(tmp_path, "deep.toml", text))
    assert error.reason.endswith(f"got {(1 << 20) // 2 - 10}")


@pytest.mark.rules("FILE-4")
@pytest.mark.parametrize(
    ("name", "text"),
    [(f"{k}.toml", v) for k, v in hostile.HUGE_NUMBERS.items()]
    + [(f"{k}.json", v) for k, v in hostile.HUGE_JSON_NUMBERS.items()],
    ids=lambda v: str(v)[:20],
)
def test_numbers_of_any_length_are_refused(tmp_path: Path, name: str, text: str) -> None:
    error = _refused(_text_file(tmp_path, name.replace(" ", "-"), text))
    assert "at most 12 digits" in error.reason, error.reason


@pytest.mark.rules("FILE-4", "FILE-2")
def test_numbers_of_any_length_in_card_data_are_named_shortened() -> None:
    data = dump_card_set(ORIGINAL_SET)
    for path, value in (("size", 10**5000), ("inland_traders_price", -(10**5000))):
        data_copy: dict[str, Any] = json.loads(json.dumps(data))
        data_copy[path] = value
        with pytest.raises(CardFileError, match=r"\(5001 digits\)"):
            load_card_data(data_copy)
    keyed: dict[Any, Any] = {**data, 10**5000: 1}  # a key no file holds, but data may
    with pytest.raises(CardFileError, match="not a field of a card file"):
        load_card_data(keyed)
