"""Position codes of Harbour (POSCODE-1 to POSCODE-6): round trips and hostile codes.

Random games of the seeded sweep (2 to 4 players, spread over every combination of rule
readings, every other game with a card set of its own in which a character has every
ability) and of the variants (characters, bonus cards, the Inland Traders) read back from
their codes equal, each seat's code as that seat's observation, at every kind of pending
decision; so do Hypothesis's games and hand-built positions. Then every value of a code is
corrupted in turn, every truncation and additions are tried, with other headers, hostile
sizes and characters: only :class:`harbour.interchange.poscode.PositionCodeError`, Harbour's notation
error, may come out, naming the field at fault.
"""

from __future__ import annotations

import base64
import re
import zlib
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import harbour
from harbour import GameState, MoveParseError, RulesOptions
from harbour.cards import ORIGINAL_SET
from harbour.interchange.poscode import CODES, PositionCodeError
from harbour.testing import positions, states
from meeplekit.rng import SplitMix64
from tests.support.harbour_sweep import cards_for, options_for, players_for, seed_for
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
    code=harbour.code,
    from_code=harbour.from_code,
    observe=harbour.observe,
    codes=CODES,
    error=PositionCodeError,
    notation_error=MoveParseError,
    seats=lambda state: len(state.players),
)

#: The variants with hidden choices during setup and secret cards.
VARIANTS = RulesOptions(characters=True, bonus_cards=True, inland_traders=True)


def first_moves(state: GameState, count: int) -> GameState:
    for _ in range(count):
        state = harbour.apply_move(state, harbour.legal_moves(state)[0])
    return state


#: A code mid-game, edited at random by the fuzzing test.
EDITED = harbour.code(first_moves(harbour.new_game(3, seed=7, options=VARIANTS), 9))


def sweep_game(index: int) -> list[GameState]:
    start = harbour.new_game(
        players_for(index), seed=seed_for(index), options=options_for(index), cards=cards_for(index)
    )
    return list(play(harbour, start, SplitMix64(seed_for(index) ^ 0xC0DE)))


@pytest.mark.rules("POSCODE-1", "POSCODE-2", "POSCODE-3", "POSCODE-4")
@pytest.mark.parametrize("index", [0, 4, 9])
def test_states_of_sweep_games_read_back_from_their_codes(index: int) -> None:
    every = 40 if index % 2 else 12  # a card set of its own is packed into every code
    checked = [check_round_trip(GAME, s) for s in sample(sweep_game(index), every)]
    assert len(checked) >= 8
    custom = cards_for(index) is not ORIGINAL_SET
    assert all(("packed:" in text) is custom for text in checked)


@pytest.mark.rules("POSCODE-1", "POSCODE-4", "OBS-5")
@pytest.mark.parametrize("players", [3, 4])
def test_the_variants_hidden_choices_read_back(players: int) -> None:
    start = harbour.new_game(players, seed=11 * players, options=VARIANTS)
    seen = {type(s.pending).__name__ for s in sample(play(harbour, start, SplitMix64(5)), 15)}
    for state in sample(play(harbour, start, SplitMix64(5)), 15):
        check_round_trip(GAME, state)
    assert {"PendingCharacter", "PendingStartingGoods", "PendingMove"} <= seen
    other = harbour.code(start, viewer=1)  # Player 1 chooses a board Player 2 may not see
    assert "hidden-character-choice(0 2)" in other and "character(0 " in harbour.code(start)


@pytest.mark.rules("POSCODE-1", "POSCODE-4")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(max_decisions=150))
def test_drawn_games_read_back(state: GameState) -> None:
    check_round_trip(GAME, state)


@pytest.mark.rules("POSCODE-1", "POSCODE-4")
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_hand_built_positions_read_back(state: GameState) -> None:
    check_round_trip(GAME, state)


@pytest.mark.rules("POSCODE-1", "POSCODE-3")
def test_readings_are_written_only_when_not_the_default() -> None:
    state = harbour.new_game(3, seed=2, options=RulesOptions(characters=True, bonus_cards=True))
    text = harbour.code(state)
    assert " [characters=y,bonus_cards=y] Harbour_library_original_set" in text
    assert harbour.code(harbour.new_game(2, seed=2)).endswith(" 2 - Harbour_library_original_set")
    options = text.split(" ")[-2]
    for other in ("[bonus_cards=y,characters=y]", "[characters=y,characters=y]"):
        error = refused(GAME, text.replace(options, other))
        assert error.field.startswith("options.") and "field order" in error.reason
    error = refused(
        GAME, text.replace(options, "[characters=y,bonus_cards=y,market_from_bonus_cards=n]")
    )
    assert error.field == "options.market_from_bonus_cards" and "default" in error.reason
    error = refused(GAME, text.replace(options, "[colours=y]"))
    assert error.field == "options" and "colours" in error.reason


@pytest.mark.rules("POSCODE-3", "POSCODE-5")
def test_a_card_set_of_your_own_is_packed_and_checked() -> None:
    custom = cards_for(1)
    state = first_moves(harbour.new_game(3, seed=8, cards=custom), 5)
    text = check_round_trip(GAME, state)
    packed = text.rsplit(" ", 1)[1]
    assert packed.startswith("packed:") and len(text) < 4_000
    head = text.rsplit(" ", 1)[0]

    def pack(data: bytes) -> str:
        return "packed:" + base64.urlsafe_b64encode(zlib.compress(data)).decode().rstrip("=")

    document = harbour.to_json(custom)
    assert 'ability","size"' in document
    wrong = [
        packed[:-10],  # cut short
        packed[:60] + ("A" if packed[60] != "A" else "B") + packed[61:],  # one character changed
        packed + "AAAA",  # more after its end
        "packed:!!!",  # not base64url
        pack(b"\x00" * (8 << 20)),  # a bomb: 8 MiB of zeros unpacked
        pack(harbour.to_json(harbour.PayToll(harbour.Good.FISH)).encode()),  # not a card set
        pack(document.replace('ability","size"', 'abilities","size"', 1).encode()),  # digest
        pack(b"[" * 100 + b"]" * 100),
        pack(document.encode()[:-1]),
        "another_set",
    ]
    for value in wrong:
        error = refused(GAME, f"{head} {value}")
        assert error.field == "cards" and error.position == len(head) + 1, str(error)


@pytest.mark.rules("POSCODE-5")
def test_every_value_of_a_code_corrupted_is_refused_naming_it() -> None:
    start = harbour.new_game(4, seed=3, options=VARIANTS)
    codes = [
        harbour.code(first_moves(start, 14)),
        harbour.code(start, viewer=2),
        harbour.code(first_moves(harbour.new_game(2, seed=1), 6)),
        harbour.code(sweep_game(2)[-1]),
    ]
    for text in codes:
        assert check_every_value_corrupted(GAME, text) > 40
        check_syntax_damage(GAME, text)
        check_additions(GAME, text)
        check_other_headers(GAME, text, ["machikoro/1", "bremerhaven/1"])
    check_truncations(GAME, codes[0])
    check_truncations(GAME, codes[1])


@pytest.mark.rules("POSCODE-5")
def test_hostile_sizes_and_characters_are_refused() -> None:
    check_hostile_sizes(GAME, harbour.code(first_moves(harbour.new_game(3, seed=4), 9)))


@pytest.mark.rules("POSCODE-5")
def test_a_code_of_a_position_the_rules_refuse_is_refused() -> None:
    text = harbour.code(harbour.new_game(2, seed=1))
    # Player 1 holds 7 fish (GOODS-2); another seat's code claims Player 3's view.
    error = refused(GAME, text.replace("[(0 [] - - [] -)", "[(7F [] - - [] -)", 1))
    assert error.field == "" and "not a valid position" in error.reason
    seen = harbour.code(harbour.new_game(2, seed=1), viewer=1)
    error = refused(GAME, seen.replace("harbour/1@1", "harbour/1@2", 1))
    assert error.field == "" and "no valid position" in error.reason


@pytest.mark.rules("POSCODE-2", "POSCODE-5")
def test_the_error_is_the_notation_error_with_the_field_and_place() -> None:
    text = harbour.code(harbour.new_game(2, seed=1))
    error = refused(GAME, text.replace("[S,L,W,F]", "[S,L,W,X]"))
    assert isinstance(error, harbour.MoveParseError) and isinstance(error, ValueError)
    assert (error.field, error.position, error.text) == ("market[3]", text.index("F]"), error.text)
    assert str(error) == (
        f"position code, market[3] at character {text.index('F]') + 1}: "
        "expected a Good (F, L, W, S), got 'X'"
    )


@pytest.mark.rules("POSCODE-1", "POSCODE-4")
def test_the_specification_shows_the_codes_of_its_positions() -> None:
    page = (ROOT / "src" / "harbour" / "spec" / "codes.md").read_text(encoding="utf-8")
    shown = re.findall(r"```text\n(harbour/1[^\n]*)\n```", page)
    state = first_moves(harbour.new_game(2, seed=1), 6)
    assert shown == [harbour.code(state), harbour.code(state, viewer=1)]


@pytest.mark.rules("POSCODE-4")
def test_a_seat_code_of_an_observation_and_bad_viewers() -> None:
    state = first_moves(harbour.new_game(3, seed=6, options=VARIANTS), 3)
    seen = harbour.observe(state, 2)
    assert harbour.code(seen) == harbour.code(state, viewer=2) == harbour.code(seen, viewer=2)
    for viewer in (3, -1, True, "1"):
        with pytest.raises(harbour.InvalidValueError):
            harbour.code(state, viewer=viewer)  # type: ignore[arg-type]
    with pytest.raises(harbour.InvalidValueError, match="seat 2's"):
        harbour.code(seen, viewer=1)
    for value in (None, "harbour/1", attrs.evolve(state.players[0])):
        with pytest.raises(harbour.InvalidValueError):
            harbour.code(value)  # type: ignore[arg-type]


@pytest.mark.rules("POSCODE-6", "REC-1")
def test_the_command_shows_and_writes_codes(tmp_path: Path) -> None:
    from harbour.info import INFO
    from harbour.interchange.records import write_record
    from meeplekit.cli.app import command as game_command

    start = harbour.new_game(3, seed=5, options=VARIANTS)
    state, moves = start, []
    for _ in range(40):
        moves.append(harbour.legal_moves(state)[-1])
        state = harbour.apply_move(state, moves[-1])
    check_command(
        game_command("harbour"),
        GAME,
        state,
        write_record(start, moves),
        tmp_path,
        INFO.views.render,
    )


@pytest.mark.rules("POSCODE-5")
@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 400), st.integers(0, 3), st.text(alphabet=ALPHABET, max_size=3)),
        min_size=1,
        max_size=3,
    )
)
def test_edited_codes_are_read_valid_or_refused(edits: list[tuple[int, int, str]]) -> None:
    check_mutated(GAME, mutated(EDITED, edits))
