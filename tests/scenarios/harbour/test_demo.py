"""The demo command line, its golden transcripts and the narration of built positions."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest

import harbour
from harbour.agents.bots import Bot, RandomBot
from harbour.cards.abilities import (
    Ability,
    AlchemistConversion,
    CollectWhenShipped,
    ExtraGain,
    ShareOccupiedBuildings,
    ShippingBonus,
    ShippingKeepsExcess,
)
from harbour.cards.characters import ORIGINAL_BONUS_CARDS, ORIGINAL_CHARACTERS
from harbour.cards.effects import Buy, GainChoice, OneOf
from harbour.cards.model import PlayerBoard
from harbour.cards.original import ORIGINAL_SET
from harbour.demo import bot_seed, main
from harbour.demo import play as play_demo
from harbour.goods import Good, Goods
from harbour.positions import replace
from harbour.state import BoardSite, CardSite, GameState, PendingCharacter, PendingFreeBuilding
from harbour.views.narrate import (
    describe_characters,
    describe_move,
    describe_outcome,
    describe_player,
    describe_setup,
)
from tests.support.harbour import card, play, position
from tests.support.views import ROOT, assert_matches_golden, check_demo_widths

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE
GOLDEN = Path(__file__).resolve().parent / "golden" / "demo_3p_seed2014.txt"
REGENERATE = "python -m harbour.demo --players 3 --seed 2014 > tests/scenarios/harbour/golden/demo_3p_seed2014.txt"
VARIANTS = ("--characters", "--bonus-cards", "--inland-traders")
GOLDEN_CHARACTERS = Path(__file__).resolve().parent / "golden" / "demo_4p_seed7_characters.txt"
GOLDEN_CHARACTERS_ARGS = ("--players", "4", "--seed", "7", *VARIANTS)
REGENERATE_CHARACTERS = (
    f"python -m harbour.demo {' '.join(GOLDEN_CHARACTERS_ARGS)} "
    "> tests/scenarios/harbour/golden/demo_4p_seed7_characters.txt"
)


def _board(name: str, ability: Ability, text: str, good: Good = F) -> PlayerBoard:
    """A test character: the published starting-building shape and one ability."""
    action = OneOf((GainChoice(1, fixed=Goods.single(good)), Buy()))
    return PlayerBoard(name.lower(), name, (), action, ability, text, "test")


#: The original set plus test boards with the published abilities the originals lack.
CARDS = attrs.evolve(
    ORIGINAL_SET,
    name="narration test set",
    characters=(
        *ORIGINAL_CHARACTERS,
        _board("Fisherman", ExtraGain(F), "When you collect any fish, gain an additional fish."),
        _board("Bookkeeper", ShippingKeepsExcess(), "Keep any excess goods when buying."),
        _board("Clockwork Tradesman", ShippingBonus(0, 1), "Ship the $2 good: gain $1 more."),
        _board("Mason", CollectWhenShipped(S), "When anybody uses stone to buy, collect 1.", S),
        _board("Alchemist", AlchemistConversion(), "Once during your turn, convert goods."),
        _board("Diplomat", ShareOccupiedBuildings(1), "Use an occupied building.", L),
    ),
)
(COOPER, CATTLE_BARON, TIDE_READER, GOSSIP, HEIRESS, BUSKER, TINKER, PATRON) = range(8)
FISHERMAN, BOOKKEEPER, CLOCKWORK, MASON, ALCHEMIST, DIPLOMAT = range(8, 14)
FISH_LEDGER, STONE_LEDGER = 0, 3


def with_characters(
    state: GameState, boards: Sequence[int | None], bonus: Sequence[int | None] | None = None
) -> GameState:
    """The same position with these character boards (and bonus cards) by seat."""
    cards = bonus or [None] * len(boards)
    players = tuple(
        replace(player, board=b, bonus_card=c)
        for player, b, c in zip(state.players, boards, cards, strict=True)
    )
    return replace(state, players=players)


def flat(text: str) -> str:
    """The demo's output with its line wrapping undone."""
    return " ".join(text.split())


def run_demo(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def narrate(state: GameState, move: harbour.Move) -> tuple[str, GameState]:
    after = harbour.apply_move(state, move)
    return describe_move(state, move, after), after


# --------------------------------------------------------------------------- the command line


@pytest.mark.rules("END-2", "END-5", "SETUP-6", "TURN-5")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_demo_plays_a_whole_game_and_names_the_winner(
    capsys: pytest.CaptureFixture[str], players: int
) -> None:
    out = run_demo(capsys, "--players", str(players), "--seed", "11")
    lines = out.splitlines()
    assert lines[-1].startswith(("Winner: Player ", "Winners (shared victory): Player "))
    assert "Final scores:" in lines
    assert "Turn 1 - Player 1 (round 1)" in lines
    assert f"Turn {players} - Player {players} (round 1)" in lines
    assert f"Harbour for {players} players, seed 11" in out
    assert "The game is over." in out
    assert out.endswith("\n")


@pytest.mark.rules("SETUP-7")
def test_the_same_arguments_print_the_same_game_byte_for_byte(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = run_demo(capsys, "--players", "4", "--seed", "99")
    second = run_demo(capsys, "--players", "4", "--seed", "99")
    assert first == second


@pytest.mark.rules("SETUP-7")
def test_different_seeds_print_different_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_demo(capsys, "--seed", "1") != run_demo(capsys, "--seed", "2")


@pytest.mark.rules("SETUP-5", "INT-1", "INT-3")
def test_rule_reading_flags_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_demo(
        capsys,
        "--players",
        "2",
        "--first-game",
        "--last-round",
        "all-players",
        "--reentry",
        "kept",
        "--bot",
        "random",
    )
    text = " ".join(out.split())  # the demo wraps long lines
    assert (
        "last round: all-players (INT-1); reentry: kept (INT-3); first game: yes (SETUP-5)" in text
    )
    assert "Player 1 chooses 1 fish, 1 livestock, 1 wood and 1 stone as starting goods." in text
    assert out.splitlines()[-1].startswith("Winner")


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "5"],
        ["--players", "three"],
        ["--seed", "-1"],
        ["--seed", str(2**64)],
        ["--seed", "x"],
        ["--bot", "clever"],
        ["--reentry", "sideways"],
        ["--unknown"],
    ],
)
def test_bad_arguments_are_refused_by_argparse(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "error:" in capsys.readouterr().err


@pytest.mark.rules("SETUP-7")
def test_python_dash_m_prints_the_same_demo_whatever_the_hash_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    expected = run_demo(capsys, "--players", "2", "--seed", "3")
    for hash_seed in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-m", "harbour.demo", "--players", "2", "--seed", "3"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert result.stdout == expected


@pytest.mark.rules("INT-2", "INT-5", "INT-6", "INT-7", "INT-8", "INT-9", "INT-10", "INT-11")
def test_every_rule_reading_flag_is_listed_in_the_setup(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = run_demo(
        capsys,
        *("--players", "2", "--bot", "random", "--tie-break", "buildings-only"),
        *("--unpayable-toll", "forgiven", "--buying", "mandatory", "--empty-deck", "last-round"),
        *("--coin-discount", "once-per-action", "--warehouse-keep", "one-per-good"),
        *("--ship-without-buying", "--no-reshuffle"),
    )
    text = " ".join(out.split())
    assert (
        "Rule readings that differ from the defaults: tie break: buildings-only (INT-2); "
        "unpayable toll: forgiven (INT-5); buying: mandatory (INT-6); ship without buying: "
        "yes (INT-7); empty deck: last-round (INT-8); coin discount: once-per-action (INT-9); "
        "warehouse keep: one-per-good (INT-10); reshuffle display: no (INT-11)."
    ) in text
    assert out.splitlines()[-1].startswith("Winner")


@pytest.mark.rules("SETUP-1", "SETUP-3", "SETUP-7", "TURN-6")
def test_the_demo_matches_the_golden_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_demo(capsys, "--players", "3", "--seed", "2014")
    assert_matches_golden(out, GOLDEN, REGENERATE)


@pytest.mark.rules("CHAR-2", "CHAR-3", "BONUS-1", "BONUS-2", "INLAND-2", "SETUP-7", "TURN-6")
def test_the_character_demo_matches_its_golden_transcript(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = run_demo(capsys, *GOLDEN_CHARACTERS_ARGS)
    assert_matches_golden(out, GOLDEN_CHARACTERS, REGENERATE_CHARACTERS)


@pytest.mark.rules("VIEW-3")
def test_the_demo_fits_a_terminal_and_writes_80_columns_elsewhere(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    check_demo_widths(main, ["--players", "2", "--seed", "3", *VARIANTS[:2]], capsys, monkeypatch)


def test_the_demo_shows_no_internal_key(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_demo(capsys, "--players", "3", "--seed", "9", *VARIANTS)
    cards = ORIGINAL_SET
    keys = {b.key for b in cards.buildings} | {c.key for c in cards.characters}
    keys |= {c.key for c in cards.bonus_cards}
    coded = {key for key in keys if "-" in key}
    assert coded and [key for key in coded if key in out] == []


@pytest.mark.rules("VIEW-3")
def test_the_demo_game_takes_a_width() -> None:
    state = harbour.new_game(2, seed=4)
    bots = [RandomBot(bot_seed(4, seat)) for seat in range(2)]
    wide, narrow = io.StringIO(), io.StringIO()
    play_demo(state, bots, wide)
    play_demo(state, [RandomBot(bot_seed(4, seat)) for seat in range(2)], narrow, width=44)
    assert narrow.getvalue().split() == wide.getvalue().split()
    assert max(len(line) for line in narrow.getvalue().splitlines()) <= 44
    with pytest.raises(harbour.InvalidValueError, match="at least 40"):
        play_demo(state, bots, io.StringIO(), width=39)


# --------------------------------------------------------------------------- the variants


@pytest.mark.rules("CHAR-2", "CHAR-3", "BONUS-1", "BONUS-2", "BONUS-3", "INLAND-1", "END-2")
@pytest.mark.parametrize("players", [3, 4])
def test_the_demo_with_every_variant_plays_to_the_end_and_reveals_the_cards_last(
    capsys: pytest.CaptureFixture[str], players: int
) -> None:
    out = run_demo(capsys, "--players", str(players), "--seed", "11", *VARIANTS)
    lines = out.splitlines()
    assert lines[-1].startswith(("Winner: Player ", "Winners (shared victory): Player "))
    text = flat(out)
    assert "characters: yes (CHAR-2); bonus cards: yes (BONUS-1); inland traders: yes" in text
    assert "Characters" in lines and "Starting goods" in lines
    for seat in range(1, players + 1):
        assert f"Player {seat} keeps the " in text
    assert "Characters in play: Player 1, the " in text
    # The bonus cards are secret until the end: no card is named before they are revealed.
    reveal = lines.index("Bonus point cards revealed:")
    assert lines.index("Final scores:") > reveal
    before_reveal = "\n".join(lines[:reveal])
    for bonus_card in ORIGINAL_BONUS_CARDS:
        assert bonus_card.name not in before_reveal
    revealed = [line for line in lines[reveal + 1 :] if line.startswith("  Player ")]
    assert len(revealed) == players
    assert all(" VP = " in line for line in lines if line.startswith(("  1. ", "  2. ")))


@pytest.mark.rules("INT-24", "INT-25", "CHAR-2")
def test_the_character_readings_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_demo(
        capsys,
        *("--players", "3", "--seed", "5", "--characters", "--bot", "random"),
        *("--alchemist", "two-for-one", "--beggar", "any-starting-building"),
    )
    assert (
        "characters: yes (CHAR-2); alchemist: two-for-one (INT-24); beggar: "
        "any-starting-building (INT-25)"
    ) in flat(out)
    assert "Bonus point cards" not in out
    assert out.splitlines()[-1].startswith("Winner")


@pytest.mark.rules("INLAND-1", "CHAR-2", "SETUP-5")
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--inland-traders", "--players", "2"], "--inland-traders needs at least 3 players"),
        (["--characters", "--first-game"], "--characters cannot be combined with --first-game"),
        (["--alchemist", "two-for-one"], "--alchemist is a reading of a character ability"),
        (["--beggar", "any-starting-building"], "--beggar is a reading of a character ability"),
        (["--characters", "--alchemist", "three-for-one"], "argument --alchemist: invalid"),
        (["--characters", "--beggar", "nobody"], "argument --beggar: invalid"),
    ],
)
def test_variants_the_rules_refuse_exit_2_with_a_one_line_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    errors = [line for line in captured.err.splitlines() if "error:" in line]
    assert len(errors) == 1
    assert errors[0].startswith("python -m harbour.demo: error: ")
    assert message in errors[0]


def test_a_refused_combination_prints_no_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "harbour.demo", "--players", "2", "--inland-traders"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1] == (
        "python -m harbour.demo: error: --inland-traders needs at least 3 players, "
        "not --players 2 (INLAND-1), unless --inland-traders-two-players (INT-37)"
    )


class RecordingBot:
    """A random bot that checks it is only asked about its own seat's decisions."""

    def __init__(self, seat: int, log: list[tuple[int, int]]) -> None:
        self.seat = seat
        self.log = log
        self.inner = RandomBot(seat)

    def choose(self, observation: harbour.Observation) -> harbour.Move:
        assert observation.viewer == observation.decider == self.seat
        self.log.append((self.seat, observation.current))
        return self.inner.choose(observation)


@pytest.mark.rules("ABIL-7", "TURN-6", "CHAR-2")
def test_the_demo_asks_the_bot_of_the_seat_that_decides_even_out_of_turn() -> None:
    options = harbour.RulesOptions(
        characters=True, beggar=harbour.BeggarTrigger.ANY_STARTING_BUILDING
    )
    out_of_turn = 0
    for seed in range(40):
        state = harbour.new_game(3, seed=seed, options=options)
        log: list[tuple[int, int]] = []
        bots: list[Bot] = [RecordingBot(seat, log) for seat in range(3)]
        play_demo(state, bots, io.StringIO())
        out_of_turn += sum(1 for seat, turn_player in log if seat != turn_player)
        if out_of_turn:
            break
    assert out_of_turn, "no gift was decided out of turn in 40 seeded games"


def test_bot_seeds_differ_by_seat() -> None:
    assert len({bot_seed(7, seat) for seat in range(4)}) == 4


# --------------------------------------------------------------------------- narration


@pytest.mark.rules("BUY-2", "BUY-4", "MARKET-1", "MARKET-2", "BUY-6", "DISPLAY-1")
def test_a_shipment_narrates_the_money_and_the_market_after() -> None:
    state = position(
        goods=[Goods(fish=2, stone=5), Goods()],
        market=(F, L, S, W),  # $2 fish, $3 livestock, $4 stone, $5 wood
        display=["salt-pans", "herring-boats"],
        deck=["net-loft"],
    )
    state = play(state, harbour.MovePawn(BoardSite(0)))
    text, state = narrate(state, harbour.ChooseOption(1))
    assert text == "Player 1 chooses to buy a building by shipping goods."

    text, state = narrate(state, harbour.Ship((F, S)))
    assert text == (
        "Player 1 ships 2 fish ($2) and 5 stone ($4), making $6; 7 units leave the warehouse. "
        "Market now: $2 stone, $3 fish, $4 livestock, $5 wood."
    )

    text, state = narrate(state, harbour.Purchase((card("salt-pans"),)))
    assert text == (
        "Player 1 buys the Salt Pans ($5, 3 VP) for $5 of the $6 made; $1 is lost to taxes. "
        "Player 1 now owns 1 building worth 3 VP. "
        "New in the display: Net Loft ($3, 1 VP; symbols: anchor): Gain 2 fish."
    )


@pytest.mark.rules("SYM-3", "SYM-1", "INT-9")
def test_a_warehouse_keep_and_a_coin_discount_are_narrated() -> None:
    state = position(
        goods=[Goods(wood=4), Goods()],
        market=(F, L, W, S),  # wood on $4
        display=["timber-wharf"],
        owned=[["smokehouse", "chandlery"], []],  # a warehouse and a coin
        deck=[],
    )
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))
    text, state = narrate(state, harbour.Ship((W,), Goods(wood=1)))
    assert "3 units leave the warehouse and a warehouse keeps 1 wood" in text
    text, state = narrate(state, harbour.Purchase((card("timber-wharf"),)))
    assert text.startswith("Player 1 buys the Timber Wharf ($4, 2 VP) for $3 ($1 off for coins)")
    assert "The deck is empty, so the display shrinks to 0 buildings." in text


@pytest.mark.rules("ACT-1", "TOLL-1", "TOLL-2", "TOLL-3")
def test_moving_to_a_fixed_gain_narrates_the_gain_and_the_toll() -> None:
    state = position(
        goods=[Goods(), Goods(stone=1)],
        owned=[["smokehouse"], []],
        current=1,
    )
    text, state = narrate(state, harbour.MovePawn(CardSite(card("smokehouse"))))
    assert text == "Player 2 moves to Player 1's Smokehouse and owes Player 1 a toll."
    text, state = narrate(state, harbour.DeferToll())
    assert text == (
        "Player 2 will pay the toll to Player 1 after the action. "
        "Player 2 gains 1 fish and 1 livestock from the Smokehouse."
    )
    text, state = narrate(state, harbour.PayToll(F))
    assert text == "Player 2 pays Player 1 a toll of 1 fish after the action."
    assert state.players[0].goods == Goods(fish=1)


@pytest.mark.rules("TOLL-4", "SYM-4", "ACT-3", "GOODS-2")
def test_a_top_hat_waives_the_toll_and_a_capped_gain_is_narrated() -> None:
    state = position(
        goods=[Goods(), Goods(wood=5)],
        owned=[["rope-walk"], ["stonecutters-yard", "timber-wharf"]],  # top hat; 1 anchor
        current=1,
    )
    text, _ = narrate(state, harbour.MovePawn(CardSite(card("timber-wharf"))))
    assert text == (
        "Player 2 moves to their own Timber Wharf. Player 2 gains 1 wood from the Timber Wharf "
        "(1 wood lost over the limit of 6)."
    )
    text, _ = narrate(state, harbour.MovePawn(CardSite(card("rope-walk"))))
    assert text == (
        "Player 2 moves to Player 1's Rope Walk (no toll thanks to a top hat). "
        "Player 2 gains 1 wood from the Rope Walk for their 1 anchor."
    )


@pytest.mark.rules("ACT-4", "TURN-4", "GOODS-1")
def test_a_conversion_that_cannot_be_paid_is_narrated_as_skipped() -> None:
    state = position(goods=[Goods(wood=1), Goods()], display=["kiln-works"])
    text, _ = narrate(state, harbour.MovePawn(CardSite(card("kiln-works"))))
    assert text == (
        "Player 1 moves to the Kiln Works in the display. "
        "Player 1 lacks 2 wood, so the conversion at the Kiln Works is skipped."
    )
    state = position(goods=[Goods(wood=3), Goods()], display=["kiln-works"])
    text, _ = narrate(state, harbour.MovePawn(CardSite(card("kiln-works"))))
    assert text.endswith("Player 1 converts 2 wood into 3 stone at the Kiln Works.")


@pytest.mark.rules("ACT-6", "ACT-7", "ACT-2")
def test_a_two_part_action_with_a_market_swap_is_narrated() -> None:
    state = position(goods=[Goods(), Goods()], display=["harbour-crier"])
    state = play(state, harbour.MovePawn(CardSite(card("harbour-crier"))))
    text, state = narrate(state, harbour.ChoosePart(0))
    assert (
        text
        == 'Player 1 does the part "swap the goods on two market squares of their choice" first.'
    )
    text, state = narrate(state, harbour.SwapSquares(0, 3))
    assert text == (
        "Player 1 swaps fish ($2) and stone ($5) on the market. "
        "Market now: $2 stone, $3 livestock, $4 wood, $5 fish."
    )
    text, state = narrate(state, harbour.TakeGoods(Goods(fish=1)))
    assert text == "Player 1 takes 1 fish."


@pytest.mark.rules("END-1", "INT-1")
def test_the_fourth_building_narrates_the_start_of_the_last_round() -> None:
    state = position(
        goods=[Goods(stone=5), Goods(), Goods()],
        display=["net-loft"],
        owned=[["smokehouse", "timber-wharf", "cattle-pens"], [], []],
    )
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))
    state = play(state, harbour.Ship((S,)))
    text, after = narrate(state, harbour.Purchase((card("net-loft"),)))
    assert "Player 1 now owns 4 buildings worth 6 VP." in text
    assert text.endswith(
        "Player 1 has bought a 4th building: the last round begins, "
        "and every other player takes one more turn."
    )
    assert after.last_round_turns == 2


@pytest.mark.rules("END-2", "END-3", "END-4", "INT-2")
def test_the_outcome_explains_the_tie_breakers_and_names_the_winner() -> None:
    state = position(
        goods=[Goods(fish=2), Goods(fish=5), Goods(wood=1)],
        owned=[["salt-pans", "net-loft"], ["herring-boats"], ["smokehouse"]],
        stack=(),
    )
    text = describe_outcome(state)
    assert text.splitlines() == [
        "Final scores:",
        "  1. Player 1: 4 VP from 2 buildings (Salt Pans, Net Loft); 2 goods left.",
        "  2. Player 2: 4 VP from 1 building (Herring Boats); 5 goods left.",
        "  3. Player 3: 1 VP from 1 building (Smokehouse); 1 good left.",
        "Player 1 and Player 2 tie on 4 VP. Tie-breaker, buildings bought: Player 1 has 2, "
        "Player 2 has 1.",
        "Winner: Player 1 with 4 VP.",
    ]


@pytest.mark.rules("END-5")
def test_a_shared_victory_names_every_winner() -> None:
    state = position(
        goods=[Goods(fish=2), Goods(wood=2)],
        owned=[["salt-pans"], ["fishmongers-row"]],
        stack=(),
    )
    lines = describe_outcome(state).splitlines()
    assert lines[-2] == (
        "Player 1 and Player 2 tie on 3 VP. Tie-breaker, buildings bought: Player 1 has 1, "
        "Player 2 has 1. Next tie-breaker, goods held: Player 1 has 2, Player 2 has 2. "
        "Player 1 and Player 2 stay tied and share place 1."
    )
    assert lines[-1] == "Winners (shared victory): Player 1 and Player 2 with 3 VP each."


@pytest.mark.rules("SETUP-2", "SETUP-4")
def test_the_setup_lists_the_market_and_the_display() -> None:
    state = harbour.new_game(
        2, seed=5, options=harbour.RulesOptions(tie_break=harbour.TieBreak.BUILDINGS_ONLY)
    )
    text = describe_setup(state)
    assert "Harbour for 2 players, seed 5" in text
    assert "tie break: buildings-only (INT-2)" in text
    market = ", ".join(f"${v} {g.label}" for v, g in zip((2, 3, 4, 5), state.market, strict=True))
    assert f"Market: {market}." in text
    for index in state.display:
        assert state.building(index).name in text
    assert f"Deck: {len(state.deck)} buildings, face down." in text


# --------------------------------------------------------------------------- narrating the variants


def seed_offering(board: int, players: int = 3) -> GameState:
    """A new character game where seat 0 is offered ``board``."""
    options = harbour.RulesOptions(characters=True)
    for seed in range(500):
        state = harbour.new_game(players, seed=seed, options=options)
        assert isinstance(state.pending, PendingCharacter)
        if board in state.pending.offered:
            return state
    raise AssertionError(f"no seed offers board {board} to seat 0")


@pytest.mark.rules("CHAR-2", "ABIL-8", "INT-28", "BONUS-3")
def test_choosing_a_character_names_it_its_starting_building_and_ability() -> None:
    state = seed_offering(HEIRESS)
    assert isinstance(state.pending, PendingCharacter)
    other = next(b for b in state.pending.offered if b != HEIRESS)
    text, state = narrate(state, harbour.ChooseCharacter(HEIRESS))
    assert text == (
        f"Player 1 keeps the Heiress (the {ORIGINAL_CHARACTERS[other].name} leaves the game). "
        "Starting building (symbols: anchor): Gain 1 livestock and 1 good of your choice or buy "
        "a building by shipping goods. Ability: At the start, look at the top 3 buildings of "
        "the deck and take one for free; it is worth 0 VP and does not count towards the 4 "
        "buildings that end the game. Player 1 looks at the top 3 buildings of the deck to "
        "take one for free."
    )
    pending = state.pending
    assert isinstance(pending, PendingFreeBuilding)
    taken, *left = pending.options
    text, state = narrate(state, harbour.ChooseFreeBuilding(taken))
    assert text == f"Player 1 takes a free building: {state.building(taken).name}."
    for index in left:  # the others stay on the deck, unseen by the rest of the table
        assert state.building(index).name not in text
    assert "free building: " + state.building(taken).name in describe_player(state, 0)
    assert describe_characters(state).startswith(
        f"Characters in play: Player 1, the Heiress (free building: {state.building(taken).name})"
    )


@pytest.mark.rules("ABIL-7", "INT-25", "INT-35", "TURN-6")
def test_a_beggar_gift_is_narrated_with_its_cause_and_decided_out_of_turn() -> None:
    state = with_characters(
        position(goods=[Goods(), Goods(), Goods()], cards=CARDS), [TINKER, COOPER, BUSKER]
    )
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(0))
    text, state = narrate(state, harbour.TakeGoods(Goods(stone=1)))
    assert text == "Player 1 gains 1 wood plus 1 stone of their choice."
    assert harbour.current_player(state) == 2 and state.current == 0
    text, state = narrate(state, harbour.TakeGoods(Goods(wood=1)))
    assert text == "Player 3 (Busker) gains 1 wood because Player 1 used their starting building."
    assert state.current == 1  # the gift was the last step of Player 1's turn

    any_start = harbour.RulesOptions(beggar=harbour.BeggarTrigger.ANY_STARTING_BUILDING)
    state = with_characters(
        position(goods=[Goods(fish=1), Goods(), Goods()], cards=CARDS, options=any_start),
        [TINKER, COOPER, BUSKER],
    )
    text, state = narrate(state, harbour.MovePawn(BoardSite(1)))
    assert text == (
        "Player 1 moves to Player 2's starting building (the Cooper) and owes Player 2 a toll."
    )
    state = play(state, harbour.PayToll(F), harbour.ChooseOption(0))
    state = play(state, harbour.TakeGoods(Goods(stone=1)))
    text, _ = narrate(state, harbour.TakeGoods(Goods(fish=1)))
    assert text == (
        "Player 3 (Busker) gains 1 fish because Player 1 used Player 2's starting building."
    )


@pytest.mark.rules("ABIL-11", "INT-24", "INT-34")
def test_a_once_per_turn_conversion_is_narrated_with_exact_goods() -> None:
    state = with_characters(position(goods=[Goods(wood=3), Goods()], cards=CARDS), [TINKER, 0])
    text, after = narrate(state, harbour.UseAbility(Goods(), W, S))
    assert text == "Player 1 (Tinker) uses their ability: turns 3 wood into 2 stone."
    assert after.pending == state.pending
    state = with_characters(
        position(goods=[Goods(fish=1, wood=2, stone=5), Goods()], cards=CARDS), [ALCHEMIST, 0]
    )
    text, _ = narrate(state, harbour.UseAbility(Goods(fish=1), W, S))
    assert text == (
        "Player 1 (Alchemist) uses their ability: pays 1 fish as the fee and turns 2 wood into "
        "2 stone (1 stone lost over the limit of 6)."
    )


@pytest.mark.rules("ABIL-1", "INT-26")
def test_the_extra_fish_of_a_fisherman_is_narrated() -> None:
    state = with_characters(
        position(goods=[Goods(), Goods()], cards=CARDS, display=["net-loft"]), [FISHERMAN, 0]
    )
    text, after = narrate(state, harbour.MovePawn(CardSite(card("net-loft"))))
    assert text == (
        "Player 1 moves to the Net Loft in the display. Player 1 gains 2 fish from the Net "
        "Loft, and 1 more fish by the Fisherman's ability."
    )
    assert after.players[0].goods == Goods(fish=3)
    state = with_characters(position(goods=[Goods(), Goods()], cards=CARDS), [COOPER, 0])
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(0))
    text, after = narrate(state, harbour.TakeGoods(Goods(wood=1)))
    assert text == (
        "Player 1 gains 1 wood plus 1 wood of their choice, and 1 more wood by the Cooper's "
        "ability."
    )
    assert after.players[0].goods == Goods(wood=3)


@pytest.mark.rules("ABIL-2", "ABIL-4", "ABIL-5", "ABIL-6", "INT-33")
def test_shipping_abilities_are_narrated_from_the_states() -> None:
    state = with_characters(
        position(goods=[Goods(wood=6), Goods()], cards=CARDS, display=["timber-wharf"]),
        [BOOKKEEPER, 0],
    )
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))
    text, after = narrate(state, harbour.Ship((W,)))
    assert text.startswith(
        "Player 1 ships 6 wood ($4), making $4; 4 units leave the warehouse and the "
        "Bookkeeper's ability keeps 2 wood."
    )
    assert after.players[0].goods == Goods(wood=2)

    state = with_characters(
        position(goods=[Goods(fish=2), Goods()], cards=CARDS, display=["net-loft"]),
        [CLOCKWORK, 0],
    )
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))
    text, _ = narrate(state, harbour.Ship((F,)))
    assert text.startswith(
        "Player 1 ships 2 fish ($2), making $2, plus $1 by the Clockwork Tradesman's ability: "
        "$3 in all; 2 units leave the warehouse."
    )

    state = with_characters(
        position(goods=[Goods(stone=5), Goods(stone=1)], cards=CARDS, display=["salt-pans"]),
        [PATRON, MASON],
    )
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))
    text, state = narrate(state, harbour.Ship((S,)))
    assert text.endswith("Player 2 (Mason) collects 1 stone because stone was shipped.")
    state = play(state, harbour.Purchase((card("salt-pans"),)))
    assert harbour.current_player(state) == 0
    text, _ = narrate(state, harbour.TakeGoods(Goods(fish=2)))
    assert text == "Player 1 (Patron) gains 2 fish for buying 1 building."


@pytest.mark.rules("ABIL-10", "INT-30")
def test_joining_an_occupied_building_and_the_hosts_gift_are_narrated() -> None:
    net_loft = CardSite(card("net-loft"))
    state = with_characters(
        position(
            goods=[Goods(), Goods()], cards=CARDS, display=["net-loft"], pawns=[None, net_loft]
        ),
        [DIPLOMAT, COOPER],
    )
    text, state = narrate(state, harbour.MovePawn(net_loft))
    assert text == (
        "Player 1 moves to the Net Loft in the display, where Player 2 already stands, by the "
        "Diplomat's ability."
    )
    assert harbour.current_player(state) == 1
    text, _ = narrate(state, harbour.TakeGoods(Goods(wood=1)))
    assert text == (
        "Player 2 gains 1 wood because Player 1 (Diplomat) joined them at the Net Loft. "
        "Player 1 gains 2 fish from the Net Loft."
    )


@pytest.mark.rules("INLAND-2", "INLAND-3", "INT-29")
def test_selling_to_the_inland_traders_is_narrated_with_the_price() -> None:
    state = position(
        goods=[Goods(1, 1, 1, 6), Goods(), Goods()],
        display=["guild-of-factors"],
        options=harbour.RulesOptions(inland_traders=True),
    )
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))
    text, state = narrate(state, harbour.SellToTraders())
    assert text == (
        "Player 1 sells 1 fish, 1 livestock, 1 wood and 1 stone to the Inland Traders for $5, "
        "to add to what the shipment makes (not a shipment: the market does not move)."
    )
    text, _ = narrate(state, harbour.Ship((S,)))
    assert text == (
        "Player 1 ships 5 stone ($5), making $5, plus the $5 from the Inland Traders: $10 in "
        "all; 5 units leave the warehouse. Market now: $2 stone, $3 fish, $4 livestock, $5 wood."
    )


@pytest.mark.rules("BONUS-2", "ABIL-9", "INT-27", "END-3")
def test_the_outcome_reveals_the_bonus_cards_and_splits_the_points() -> None:
    state = with_characters(
        position(
            goods=[Goods(fish=5), Goods(stone=2)], owned=[["net-loft"], ["salt-pans"]], stack=()
        ),
        [GOSSIP, COOPER],
        [FISH_LEDGER, STONE_LEDGER],
    )
    assert describe_outcome(state).splitlines() == [
        "Player 1 (Harbour Gossip) scores 2 VP by their ability: fish is on the $2 square.",
        "Bonus point cards revealed:",
        "  Player 1: the Fish Ledger (1 VP for every 2 fish): trades 4 of their 5 fish for 2 VP.",
        "  Player 2: the Stone Ledger (2 VP for every 3 stone): 2 stone held, not enough for a "
        "trade.",
        "Final scores:",
        "  1. Player 1 (Harbour Gossip): 5 VP = 1 from 1 building (Net Loft) + 2 from the "
        "Harbour Gossip's ability + 2 from the Fish Ledger; 1 good left.",
        "  2. Player 2 (Cooper): 3 VP = 3 from 1 building (Salt Pans) + 0 from the Stone Ledger; "
        "2 goods left.",
        "Winner: Player 1 with 5 VP.",
    ]


@pytest.mark.rules("BONUS-1", "BONUS-3", "INLAND-2")
def test_the_setup_of_a_variant_game_keeps_the_bonus_cards_secret() -> None:
    options = harbour.RulesOptions(characters=True, bonus_cards=True, inland_traders=True)
    state = harbour.new_game(4, seed=3, options=options)
    text = describe_setup(state)
    assert "Bonus point cards: one dealt to each player, kept secret until the end" in text
    assert "Inland Traders: once per buy action, before shipping, a player may sell one of " in text
    assert "Every player's starting building" not in text
    for bonus_card in ORIGINAL_BONUS_CARDS:
        assert bonus_card.name not in text


def test_describe_move_refuses_an_after_state_the_move_does_not_lead_to() -> None:
    state = harbour.new_game(2, seed=1)
    move = harbour.ChooseStartingGoods(harbour.Goods(fish=3))
    with pytest.raises(ValueError, match="not the state"):
        describe_move(state, move, state)


@pytest.mark.rules("REC-1", "REC-4")
def test_the_demo_writes_the_record_of_the_game_it_narrates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    assert main(["--players", "2", "--seed", "9", "--record", str(path)]) == 0
    narrated = capsys.readouterr()
    assert main(["--players", "2", "--seed", "9"]) == 0
    assert capsys.readouterr().out == narrated.out  # the record changes nothing printed
    assert str(path) in narrated.err
    record = harbour.interchange.records.read_record(path.read_text(encoding="utf-8"))
    states = harbour.interchange.records.replay(record)
    assert record.start == harbour.new_game(2, seed=9) and states[-1].is_over
    winner = harbour.outcome(states[-1]).winners[0] + 1
    assert f"Winner: Player {winner}" in narrated.out
    assert dict(record.tags)["Player1"] == "greedy bot"
