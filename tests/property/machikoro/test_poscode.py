"""Position codes of Machi Koro (MK-POSCODE-1 to MK-POSCODE-6): round trips and hostile codes.

Random games of the seeded sweep (every combination of the edition and readings over the
sweep, 2 to 5 players, chance drawn with its probabilities) and Hypothesis's games and
hand-built positions read back from their codes equal, each seat's code as that seat's
observation, at every kind of pending decision. Then every value of a code is corrupted in
turn, every truncation and additions are tried, with other headers, hostile sizes and
characters: only :class:`machikoro.interchange.poscode.PositionCodeError`, Machi Koro's notation
error, may come out, naming the field at fault.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import machikoro
from machikoro import GameState, MoveParseError, RulesOptions
from machikoro.chance import sample_chance as draw
from machikoro.interchange.poscode import CODES, PositionCodeError
from machikoro.testing import positions, states
from meeplekit.rng import SplitMix64
from tests.support.machikoro_sweep import options_for, players_for, seed_for
from tests.support.poscode import (
    ALPHABET,
    Game,
    check_additions,
    check_command,
    check_every_value_corrupted,
    check_hostile_sizes,
    check_mutated,
    check_other_headers,
    check_round_trip,
    check_syntax_damage,
    check_truncations,
    mutated,
    play,
    refused,
    sample,
)

ROOT = Path(__file__).resolve().parents[3]

GAME = Game(
    code=machikoro.code,
    from_code=machikoro.from_code,
    observe=machikoro.observe,
    codes=CODES,
    error=PositionCodeError,
    notation_error=MoveParseError,
    seats=lambda state: state.players,
)


def first_moves(state: GameState, count: int) -> GameState:
    for _ in range(count):
        if machikoro.current_player(state) == machikoro.CHANCE:
            move = machikoro.chance_outcomes(state)[0][0]
        else:
            move = machikoro.legal_moves(state)[0]
        state = machikoro.apply_move(state, move)
    return state


#: A code mid-game, edited at random by the fuzzing test.
EDITED = machikoro.code(first_moves(machikoro.new_game(3, seed=7), 9))


def sweep_game(index: int) -> list[GameState]:
    start = machikoro.new_game(players_for(index), seed=seed_for(index), options=options_for(index))
    return list(play(machikoro, start, SplitMix64(seed_for(index) ^ 0xC0DE), chance=draw))


@pytest.mark.rules("MK-POSCODE-1", "MK-POSCODE-2", "MK-POSCODE-3", "MK-POSCODE-4")
@pytest.mark.parametrize("index", [0, 1, 2, 5])
def test_states_of_sweep_games_read_back_from_their_codes(index: int) -> None:
    checked = [check_round_trip(GAME, s) for s in sample(sweep_game(index), 25)]
    assert len(checked) >= 8 and all(f" {seed_for(index)} " in text for text in checked)


@pytest.mark.rules("MK-POSCODE-1", "MK-POSCODE-4")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(max_decisions=150))
def test_drawn_games_read_back(state: GameState) -> None:
    check_round_trip(GAME, state)


@pytest.mark.rules("MK-POSCODE-1", "MK-POSCODE-4")
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_hand_built_positions_read_back(state: GameState) -> None:
    check_round_trip(GAME, state)


@pytest.mark.rules("MK-POSCODE-3")
def test_the_edition_and_readings_are_written_only_when_not_the_default() -> None:
    options = RulesOptions(expansion=False, purple_order=machikoro.PurpleOrder.OWNER_CHOOSES)
    text = machikoro.code(machikoro.new_game(2, seed=1, options=options))
    assert text.endswith(" 1 [expansion=n,purple_order=owner-chooses]")
    assert machikoro.code(machikoro.new_game(2, seed=1)).endswith(" 1 -")
    error = refused(GAME, text.replace("expansion=n", "expansion=yes"))
    assert error.field == "options.expansion" and "y or n" in error.reason
    error = refused(GAME, text.replace("[expansion=n,", "[expansion=n,expansion=n,"))
    assert error.field == "options.expansion" and "field order" in error.reason


@pytest.mark.rules("MK-POSCODE-5")
def test_every_value_of_a_code_corrupted_is_refused_naming_it() -> None:
    codes = [
        machikoro.code(first_moves(machikoro.new_game(2, seed=1), 3)),
        machikoro.code(sweep_game(1)[40], viewer=0),
        machikoro.code(sweep_game(2)[-1]),
    ]
    for text in codes:
        assert check_every_value_corrupted(GAME, text) >= 18
        check_syntax_damage(GAME, text)
        check_additions(GAME, text)
        check_other_headers(GAME, text, ["harbour/1", "bremerhaven/1"])
        check_truncations(GAME, text)


@pytest.mark.rules("MK-POSCODE-5")
def test_rows_of_the_wrong_length_or_digits_are_refused_naming_them() -> None:
    text = machikoro.code(machikoro.new_game(3, seed=2))
    row = text.split(" ")[2].strip("[]").split(",")[1]
    for bad, reason in ((row + "0", "25 digits"), (row[:-1], "25 digits"), (row[:-1] + "A", "row")):
        error = refused(GAME, text.replace("," + row + ",", "," + bad + ",", 1))
        assert error.field == "establishments[1]" and reason in error.reason, str(error)
    error = refused(GAME, text.replace("[1000000,", "[10000000,", 1))
    assert error.field == "landmarks[0]"


@pytest.mark.rules("MK-POSCODE-5")
def test_hostile_sizes_and_characters_are_refused() -> None:
    check_hostile_sizes(GAME, machikoro.code(sweep_game(3)[30]))


@pytest.mark.rules("MK-POSCODE-5")
def test_a_code_of_a_position_the_rules_refuse_is_refused() -> None:
    text = machikoro.code(machikoro.new_game(2, seed=1))
    error = refused(GAME, text.replace("[3,3]", "[3,3,3]", 1))  # 3 coins rows, 2 cities
    assert error.field == "" and "not a valid position" in error.reason
    seen = machikoro.code(machikoro.new_game(2, seed=1), viewer=1)
    error = refused(GAME, seen.replace("machikoro/1@1", "machikoro/1@5", 1))
    assert error.field == "" and "no valid position" in error.reason


@pytest.mark.rules("MK-POSCODE-1", "MK-POSCODE-4")
def test_the_specification_shows_the_codes_of_its_positions() -> None:
    page = (ROOT / "src" / "machikoro" / "spec" / "codes.md").read_text(encoding="utf-8")
    shown = re.findall(r"```text\n(machikoro/1[^\n]*)\n```", page)
    state = first_moves(machikoro.new_game(2, seed=1), 3)
    assert shown == [machikoro.code(state), machikoro.code(state, viewer=1)]


@pytest.mark.rules("MK-POSCODE-4")
def test_a_seat_code_is_the_position_without_the_seed() -> None:
    state = first_moves(machikoro.new_game(3, seed=6), 4)
    seen = machikoro.observe(state, 2)
    whole = machikoro.code(state)
    assert machikoro.code(seen) == machikoro.code(state, viewer=2)
    assert machikoro.code(seen).split(" ", 1)[1] == whole.split(" ", 1)[1].replace(" 6 -", " -")
    for viewer in (3, -1, True):
        with pytest.raises(machikoro.InvalidValueError):
            machikoro.code(state, viewer=viewer)
    with pytest.raises(machikoro.InvalidValueError):
        machikoro.code(seen, viewer=0)


@pytest.mark.rules("MK-POSCODE-6")
def test_the_command_shows_and_writes_codes(tmp_path: Path) -> None:
    from machikoro.info import INFO
    from machikoro.interchange.records import write_record
    from meeplekit.cli.app import command as game_command

    start = machikoro.new_game(3, seed=5)
    state, moves = start, []
    for _ in range(25):
        move = (
            machikoro.chance_outcomes(state)[0][0]
            if machikoro.current_player(state) < 0
            else (machikoro.legal_moves(state)[-1])
        )
        moves.append(move)
        state = machikoro.apply_move(state, move)
    check_command(
        game_command("machikoro"),
        GAME,
        state,
        write_record(start, moves),
        tmp_path,
        INFO.views.render,
    )


@pytest.mark.rules("MK-POSCODE-5")
@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 1200), st.integers(0, 3), st.text(alphabet=ALPHABET, max_size=3)),
        min_size=1,
        max_size=3,
    )
)
def test_edited_codes_are_read_valid_or_refused(edits: list[tuple[int, int, str]]) -> None:
    check_mutated(GAME, mutated(EDITED, edits))
