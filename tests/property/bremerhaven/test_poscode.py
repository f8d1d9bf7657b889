"""Position codes of Bremerhaven (BH-POSCODE-1 to BH-POSCODE-6): round trips and hostile codes.

Random games of the seeded sweep (1 to 4 players, the long, the short and the solo game,
over the combinations of readings), a game with a card set of its own, and Hypothesis's
games read back from their codes equal, each seat's code as that seat's observation (bids
face down, hidden stacks), at every kind of pending decision. Then every value of a code is
corrupted in turn, every truncation and additions are tried, with other headers, hostile
sizes and characters: only :class:`bremerhaven.interchange.poscode.PositionCodeError`, Bremerhaven's
notation error, may come out, naming the field at fault.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bremerhaven
from bremerhaven import GameState, MoveParseError, RulesOptions
from bremerhaven.cards import Origin, cards_from_data, cards_to_data
from bremerhaven.interchange.poscode import CODES, PositionCodeError
from bremerhaven.state import PendingBid
from bremerhaven.testing import states
from meeplekit.rng import SplitMix64
from tests.support.bremerhaven import card_set
from tests.support.bremerhaven_sweep import options_for, players_for, seed_for
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
    code=bremerhaven.code,
    from_code=bremerhaven.from_code,
    observe=bremerhaven.observe,
    codes=CODES,
    error=PositionCodeError,
    notation_error=MoveParseError,
    seats=lambda state: state.seats,
)


def first_moves(state: GameState, count: int) -> GameState:
    for _ in range(count):
        state = bremerhaven.apply_move(state, bremerhaven.legal_moves(state)[0])
    return state


#: A code mid-game, edited at random by the fuzzing test.
EDITED = bremerhaven.code(first_moves(bremerhaven.new_game(2, seed=7), 9))


def sweep_game(index: int) -> list[GameState]:
    start = bremerhaven.new_game(
        players_for(index), seed=seed_for(index), options=options_for(index)
    )
    return list(play(bremerhaven, start, SplitMix64(seed_for(index) ^ 0xC0DE)))


@pytest.mark.rules("BH-POSCODE-1", "BH-POSCODE-2", "BH-POSCODE-3", "BH-POSCODE-4")
@pytest.mark.parametrize("index", [0, 2, 7])
def test_states_of_sweep_games_read_back_from_their_codes(index: int) -> None:
    checked = [check_round_trip(GAME, s) for s in sample(sweep_game(index), 90)]
    assert len(checked) >= 8


@pytest.mark.rules("BH-POSCODE-1", "BH-POSCODE-4")
@pytest.mark.parametrize(("players", "game"), [(1, "long"), (2, "short"), (4, "short")])
def test_the_long_short_and_solo_games_read_back(players: int, game: str) -> None:
    start = bremerhaven.new_game(players, seed=players, options=RulesOptions(game=game))
    checked = [
        check_round_trip(GAME, s) for s in sample(play(bremerhaven, start, SplitMix64(9)), 80)
    ]
    assert (" [game=short] " in checked[0]) is (game == "short")
    if players == 1:
        assert checked[0].startswith("bremerhaven/1 1 ") and "[[" in checked[0]  # dummy orders


@pytest.mark.rules("BH-POSCODE-4", "BH-OBS-2")
def test_a_seat_code_hides_the_bids_others_placed() -> None:
    state = first_moves(bremerhaven.new_game(3, seed=1), 4)
    assert isinstance(state.stack[-1], PendingBid) and len(state.bids) == 4
    whole, seen = bremerhaven.code(state), bremerhaven.code(state, viewer=0)
    bids = re.findall(r"\((1\.\d|2\.\d|3\.\d) (\d) (\d|-)\)", seen)
    assert bids and all((value == "-") == (seat != "0") for _, seat, value in bids)
    assert not re.search(r"\((?:1|2|3)\.\d \d -\)", whole)
    assert bremerhaven.from_code(seen) == bremerhaven.observe(state, 0)
    for viewer in (3, -1, True):
        with pytest.raises(bremerhaven.InvalidValueError):
            bremerhaven.code(state, viewer=viewer)


@pytest.mark.rules("BH-POSCODE-1", "BH-POSCODE-4")
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(max_decisions=200))
def test_drawn_games_read_back(state: GameState) -> None:
    check_round_trip(GAME, state)


@pytest.mark.rules("BH-POSCODE-3", "BH-POSCODE-5")
def test_a_card_set_of_your_own_is_packed_and_checked() -> None:
    # A set as a card file gives it (every card of the file's origin).
    cards = cards_from_data(cards_to_data(card_set()), origin=Origin.FILE)
    state = first_moves(bremerhaven.new_game(2, seed=4, cards=cards), 12)
    text = check_round_trip(GAME, state)
    head, packed = text.rsplit(" ", 1)
    assert packed.startswith("packed:")
    for value in (packed[:-8], packed + "A", "original_v2", "packed:", "packed:" + "A" * 40):
        error = refused(GAME, f"{head} {value}")
        assert error.field == "cards" and error.position == len(head) + 1, str(error)
    # The cards are read first: a card number beyond the set's deck is named.
    ships = len(state.cards.ships)
    deck = state.ship_deck
    index = state.cards.ships.index(deck[0])
    spot = text.index(f"[{index},", text.index("] [step") if "] [step" in text else 0)
    error = refused(GAME, text[:spot] + f"[{ships}," + text[spot + len(f"[{index},") :])
    assert error.field == "ship_deck[0]" and f"0 to {ships - 1}" in error.reason, str(error)


@pytest.mark.rules("BH-POSCODE-3")
def test_readings_are_written_only_when_not_the_default() -> None:
    text = bremerhaven.code(bremerhaven.new_game(2, seed=1, options=RulesOptions(game="short")))
    assert text.endswith(" [game=short] original_v1")
    error = refused(GAME, text.replace("[game=short]", "[game=long]"))
    assert error.field == "options.game" and "default" in error.reason
    error = refused(GAME, text.replace("[game=short]", "[game=medium]"))
    assert error.field == "options.game" and "long" in error.reason


@pytest.mark.rules("BH-POSCODE-5")
def test_every_value_of_a_code_corrupted_is_refused_naming_it() -> None:
    solo = first_moves(bremerhaven.new_game(1, seed=3), 40)
    codes = [
        bremerhaven.code(first_moves(bremerhaven.new_game(2, seed=1), 3)),
        bremerhaven.code(first_moves(bremerhaven.new_game(3, seed=1), 4), viewer=2),
        bremerhaven.code(solo),
    ]
    for text in codes:
        assert check_every_value_corrupted(GAME, text, each_field=True) > 40
        check_syntax_damage(GAME, text)
        check_additions(GAME, text)
        check_other_headers(GAME, text, ["harbour/1", "machikoro/1"])
    check_truncations(GAME, codes[0], step=3)


@pytest.mark.rules("BH-POSCODE-5")
def test_hostile_sizes_and_characters_are_refused() -> None:
    check_hostile_sizes(GAME, bremerhaven.code(first_moves(bremerhaven.new_game(4, seed=2), 30)))


@pytest.mark.rules("BH-POSCODE-5")
def test_a_code_of_a_position_the_rules_refuse_is_refused() -> None:
    text = bremerhaven.code(bremerhaven.new_game(2, seed=1))
    error = refused(GAME, text.replace("bremerhaven/1 2 [(6 0", "bremerhaven/1 2 [(-6 0", 1))
    assert error.field == "" and "not a valid position" in error.reason
    seen = bremerhaven.code(bremerhaven.new_game(2, seed=1), viewer=1)
    error = refused(GAME, seen.replace("bremerhaven/1@1", "bremerhaven/1@3", 1))
    assert error.field == "" and "no valid position" in error.reason


@pytest.mark.rules("BH-POSCODE-1")
def test_the_specification_shows_the_code_of_its_position() -> None:
    page = (ROOT / "src" / "bremerhaven" / "spec" / "codes.md").read_text(encoding="utf-8")
    shown = re.findall(r"```text\n(bremerhaven/1[^\n]*)\n```", page)
    assert shown == [bremerhaven.code(first_moves(bremerhaven.new_game(2, seed=1), 3))]


@pytest.mark.rules("BH-POSCODE-6")
def test_the_command_shows_and_writes_codes(tmp_path: Path) -> None:
    from bremerhaven.info import INFO
    from bremerhaven.interchange.records import write_record
    from meeplekit.cli.app import command as game_command

    start = bremerhaven.new_game(3, seed=5)
    state, moves = start, []
    for _ in range(20):
        move = bremerhaven.legal_moves(state)[0]
        moves.append(move)
        state = bremerhaven.apply_move(state, move)
    record = write_record(start, moves, seed=5)
    check_command(game_command("bremerhaven"), GAME, state, record, tmp_path, INFO.views.render)


@pytest.mark.rules("BH-POSCODE-5")
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
