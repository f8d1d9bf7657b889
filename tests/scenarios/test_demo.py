"""The demo command line, its golden transcript and the narration of built positions."""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import harbour
from harbour.demo import main
from harbour.goods import Good, Goods
from harbour.narrate import describe_move, describe_outcome, describe_setup
from harbour.state import BoardSite, CardSite, GameState
from tests.support import card, play, position

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE
ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden" / "demo_3p_seed2014.txt"
REGENERATE = (
    "python -m harbour.demo --players 3 --seed 2014 > tests/scenarios/golden/demo_3p_seed2014.txt"
)


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
    golden = GOLDEN.read_text(encoding="utf-8")
    if out != golden:
        diff = "".join(
            list(
                difflib.unified_diff(
                    golden.splitlines(keepends=True),
                    out.splitlines(keepends=True),
                    "golden",
                    "now",
                )
            )[:60]
        )
        pytest.fail(
            "The demo output differs from the golden transcript "
            f"{GOLDEN.relative_to(ROOT)}.\nIf the rules, the bots or the narration changed on "
            f"purpose, regenerate it from the repository root with\n    {REGENERATE}\n"
            f"and review the diff before committing. First differences:\n{diff}"
        )


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
