"""Integer action codes over a sweep of games: fixed space, stable codes, masks (MK-CODE-1 to MK-CODE-6)."""

from __future__ import annotations

import itertools

import pytest

import machikoro
from machikoro import Establishment, Landmark, RulesOptions
from machikoro.agents import actions as codes
from machikoro.moves import MOVE_TYPES, Move
from tests.support.machikoro_sweep import sweep


@pytest.mark.rules("MK-CODE-1", "MK-CODE-2", "MK-CODE-4", "MK-CODE-5")
def test_every_legal_move_of_the_sweep_round_trips_and_the_mask_matches() -> None:
    seen_types: set[type] = set()
    size = codes.num_distinct_actions()
    for state in sweep():
        moves = machikoro.legal_moves(state)
        legal = codes.legal_actions(state)
        assert list(legal) == sorted(set(legal)) and len(legal) == len(moves)
        assert {codes.decode(state, code) for code in legal} == set(moves)
        for move in moves:
            code = codes.encode(state, move)
            assert 0 <= code < size and code in legal
            assert codes.decode(state, code) == move
            block = codes.block_of(code)
            assert block.move_type is type(move) and block.offset <= code < block.stop
            seen_types.add(type(move))
        mask = codes.legal_action_mask(state)
        assert len(mask) == size and sum(mask) == len(moves)
        assert [i for i, bit in enumerate(mask) if bit] == list(legal)
        assert (legal == ()) == machikoro.is_over(state)
    assert seen_types == set(MOVE_TYPES)  # the sweep reaches every kind of move


@pytest.mark.rules("MK-CODE-4")
def test_chance_actions_are_the_outcomes_codes_with_their_probabilities() -> None:
    for state in sweep()[:1500]:
        found = codes.chance_actions(state)
        if machikoro.current_player(state) != machikoro.CHANCE:
            assert found == ()
            continue
        assert tuple(code for code, _ in found) == codes.legal_actions(state)
        assert sum(p for _, p in found) == 1
        expected = {codes.encode(state, m): p for m, p in machikoro.chance_outcomes(state)}
        assert dict(found) == expected
        chance_blocks = {codes.block_of(code).move_type for code, _ in found}
        assert chance_blocks <= set(codes.CHANCE_TYPES)


@pytest.mark.rules("MK-CODE-1", "MK-CODE-2")
def test_every_code_decodes_to_a_move_that_encodes_back_in_every_game() -> None:
    five = machikoro.new_game(5, seed=1)
    base = machikoro.new_game(2, seed=1, options=RulesOptions(expansion=False))
    blocks = codes.action_blocks()
    assert [b.move_type for b in blocks] == list(codes.BLOCK_ORDER)
    assert blocks[0].offset == 0 and blocks[-1].stop == codes.num_distinct_actions() == 2000
    assert all(a.stop == b.offset for a, b in itertools.pairwise(blocks))
    assert codes.num_distinct_actions(base.options) == codes.num_distinct_actions(five.options)
    moves = [codes.decode(five, code) for code in range(2000)]
    assert len(set(moves)) == 2000
    for code, move in enumerate(moves):
        assert codes.encode(five, move) == code
        if getattr(move, "opponent", 0) < 2:
            assert codes.encode(base, move) == code  # the same code in another game
    assert codes.encode(five, machikoro.RollDice(2)) == 1
    assert codes.encode(five, machikoro.Dice((6, 6))) == 1974
    assert codes.encode(five, machikoro.Draw("tuna-boat")) == 1999
    assert codes.encode(five, machikoro.BuildLandmark("airport")) == 1946
    assert codes.encode(five, machikoro.Activate("tax-office")) == 9


@pytest.mark.rules("MK-CODE-3", "MK-CODE-6")
@pytest.mark.parametrize(
    ("move", "rule"),
    [
        (machikoro.Activate("cafe"), "MK-INT-9"),
        (machikoro.Trade("cafe", 1, "cafe"), "MK-INT-15"),
        (machikoro.Trade("stadium", 1, "cafe"), "MK-CARD-12"),
        (machikoro.Trade("cafe", 1, "publisher"), "MK-CARD-12"),
        (machikoro.BuildLandmark("city-hall"), "MKH-CITYHALL-1"),
    ],
)
def test_a_move_no_game_offers_has_no_code_and_names_its_rule(move: Move, rule: str) -> None:
    with pytest.raises(machikoro.InvalidMoveError, match=rule):
        codes.encode(machikoro.new_game(5, seed=1), move)


@pytest.mark.rules("MK-CODE-6")
def test_bad_values_and_codes_are_refused() -> None:
    state = machikoro.new_game(2, seed=1)
    for bad in ("roll", 3, None, machikoro.RollDice):
        with pytest.raises(machikoro.InvalidMoveError):
            codes.encode(state, bad)  # type: ignore[arg-type]
    with pytest.raises(machikoro.InvalidMoveError, match="no seat 2"):
        codes.encode(state, machikoro.ChooseOpponent(2))
    with pytest.raises(machikoro.InvalidMoveError, match="no seat 4"):
        codes.encode(state, machikoro.Trade("cafe", 4, "ranch"))
    for bad_code in (-1, 2000, True, 1.0, "3", None):
        with pytest.raises(machikoro.InvalidMoveError):
            codes.decode(state, bad_code)  # type: ignore[arg-type]
    with pytest.raises(machikoro.InvalidMoveError, match="no seat 3"):
        codes.decode(
            state, codes.encode(machikoro.new_game(5, seed=1), machikoro.ChooseOpponent(3))
        )
    with pytest.raises(machikoro.InvalidValueError):
        codes.num_distinct_actions("harbour")  # type: ignore[arg-type]
    with pytest.raises(machikoro.InvalidValueError):
        codes.action_blocks(3)  # type: ignore[arg-type]


@pytest.mark.rules("MK-CODE-6")
def test_an_illegal_code_decodes_and_apply_move_refuses_it() -> None:
    state = machikoro.new_game(2, seed=1)
    move = codes.decode(state, codes.encode(state, machikoro.BuildLandmark(Landmark.AIRPORT)))
    assert move == machikoro.BuildLandmark("airport")
    with pytest.raises(machikoro.IllegalMoveError):
        machikoro.apply_move(state, move)


def test_numpy_integers_decode_and_the_constants_hold() -> None:
    np = pytest.importorskip("numpy")
    state = machikoro.new_game(2, seed=1)
    assert codes.decode(state, np.int64(0)) == machikoro.RollDice(1)
    assert len(codes.MAJORS) == 5 and len(codes.NON_MAJORS) == 20
    assert set(codes.MAJORS) | set(codes.NON_MAJORS) == set(Establishment)
    assert codes.SEATS == 5
