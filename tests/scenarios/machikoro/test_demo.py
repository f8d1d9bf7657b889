"""The demo (MK-DEMO-1): its command line, its golden transcript and its record."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import machikoro
from machikoro.demo import BOTS, build_parser, main, play
from machikoro.interchange.records import read_record, replay
from meeplekit.demo import bot_seed, chance_seed
from meeplekit.rng import SplitMix64
from tests.support.views import assert_matches_golden, check_demo_widths

ROOT = Path(__file__).resolve().parents[3]
#: The golden game seats the random bots, the shared layer's simplest (the greedy bot's
#: tuning does not change it), and its seed gives one of the shorter random games.
GOLDEN_ARGS = ("--players", "2", "--seed", "12", "--bot", "random")
GOLDEN = Path(__file__).resolve().parent / "golden" / "demo_2p_seed12_random.txt"
REGENERATE = (
    f"python -m machikoro.demo {' '.join(GOLDEN_ARGS)} "
    "> tests/scenarios/machikoro/golden/demo_2p_seed12_random.txt"
)


def run_demo(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


@pytest.mark.rules("MK-DEMO-1", "MK-NARR-1", "MK-CHANCE-4")
def test_the_demo_matches_the_golden_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_demo(capsys, *GOLDEN_ARGS)
    assert_matches_golden(out, GOLDEN, REGENERATE)


@pytest.mark.rules("MK-DEMO-1")
def test_the_demo_seats_greedy_bots_unless_told_otherwise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert build_parser().get_default("bot") == "greedy" and sorted(BOTS) == ["greedy", "random"]
    out = run_demo(capsys, "--players", "3", "--seed", "2014")
    assert out.startswith("Machi Koro demo: greedy bots, one per seat")
    assert out.splitlines()[-1].startswith("Winner: Player ")


@pytest.mark.rules("MK-DEMO-1", "MK-WIN-1", "MK-VIEW-1")
@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_demo_plays_a_whole_game_and_names_the_winner(
    capsys: pytest.CaptureFixture[str], players: int
) -> None:
    out = run_demo(capsys, "--players", str(players), "--seed", "11", "--bot", "random")
    lines = out.splitlines()
    assert lines[0].startswith("Machi Koro demo: random bots, one per seat")
    assert f"Machi Koro with the Harbor expansion for {players} players, seed 11." in lines
    assert "The table as play begins:" in lines and "The final position:" in lines
    assert "Turn 1 - Player 1" in lines and f"Turn {players} - Player {players}" in lines
    assert lines[-1].startswith("Winner: Player ") and out.endswith("\n")
    assert max(len(line) for line in lines) <= 80


@pytest.mark.rules("MK-DEMO-1")
def test_the_same_arguments_print_the_same_game_and_other_seeds_another(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = run_demo(capsys, "--players", "4", "--seed", "99")
    assert run_demo(capsys, "--players", "4", "--seed", "99") == first
    assert run_demo(capsys, "--players", "4", "--seed", "98") != first


@pytest.mark.rules("MK-DEMO-1")
def test_python_dash_m_prints_the_same_demo_whatever_the_hash_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    expected = run_demo(capsys, "--players", "2", "--seed", "3")
    for hash_seed in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-m", "machikoro.demo", "--players", "2", "--seed", "3"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert result.stdout == expected


@pytest.mark.rules("MK-DEMO-1", "MK-INT-2", "MKH-BASE-1", "MK-INPUT-2")
def test_rule_reading_options_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_demo(
        capsys,
        *("--players", "4", "--no-expansion", "--reroll-dice", "same"),
        *("--purple-order", "owner-chooses", "--bot", "random"),
    )
    text = " ".join(out.split())
    assert text.startswith("Machi Koro demo: random bots")
    assert (
        "Rule readings that differ from the defaults: expansion: no (MKH-BASE-1); reroll dice: "
        "same (MK-INT-2); purple order: owner-chooses (MK-INT-9)."
    ) in text
    assert "Machi Koro for 4 players" in text and "of 4 landmarks" in text
    # Every field of the options is one option, with its rule in its help.
    help_text = build_parser().format_help()
    for field in machikoro.RulesOptions.__attrs_attrs__:
        assert f"--{field.name.replace('_', '-')}" in help_text, field.name
    assert "--no-expansion" in help_text and "MK-INT-20:" in " ".join(help_text.split())


@pytest.mark.rules("MK-DEMO-1", "MK-PLAYERS-1")
@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "6"],
        ["--players", "1"],
        ["--players", "5", "--no-expansion"],
        ["--players", "three"],
        ["--seed", "-1"],
        ["--seed", str(2**64)],
        ["--bot", "clever"],
        ["--reroll-dice", "sideways"],
        ["--unknown"],
    ],
)
def test_bad_arguments_are_a_usage_error(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err


@pytest.mark.rules("MK-DEMO-1", "MK-REC-1")
def test_the_record_replays_the_game_narrated(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.txt"
    out = run_demo(capsys, "--players", "2", "--seed", "5", "--record", str(path))
    record = read_record(path.read_text(encoding="utf-8"))
    end = replay(record)[-1]
    assert machikoro.is_over(end)
    assert out.splitlines()[-1] == f"Winner: Player {machikoro.outcome(end).winners[0] + 1}"
    assert 'Event "machikoro demo"' in path.read_text(encoding="utf-8")


@pytest.mark.rules("MK-DEMO-1")
def test_play_reports_every_move_and_each_heading() -> None:
    start = machikoro.new_game(2, seed=8)
    bots = [BOTS["greedy"](bot_seed(8, seat)) for seat in range(2)]
    text = io.StringIO()
    moves: list[machikoro.Move] = []
    headings: list[machikoro.GameState] = []
    end = play(start, bots, text, SplitMix64(chance_seed(8)), moves, headings.append)
    state = start
    for move in moves:
        state = machikoro.apply_move(state, move)
    assert state == end and machikoro.is_over(end)
    assert [s.turn for s in headings] == list(range(1, end.turn + 1))
    assert text.getvalue().count("\nTurn ") == end.turn


@pytest.mark.rules("MK-DEMO-1", "MK-VIEW-3")
def test_the_demo_fits_a_terminal_and_writes_80_columns_elsewhere(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    check_demo_widths(main, ["--players", "3", "--seed", "4"], capsys, monkeypatch)


@pytest.mark.rules("MK-DEMO-1", "MK-NARR-1")
def test_the_demo_reads_as_words_not_codes(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_demo(capsys, "--players", "4", "--seed", "7")
    keys = {e.key for e in machikoro.Establishment} | {lm.key for lm in machikoro.Landmark}
    assert any("-" in key for key in keys)
    assert [key for key in keys if "-" in key and key in out] == []  # no internal key
    assert "(s)" not in out and "to build)" not in out and "Doubles!" not in out
    assert "(all 6 needed to win)." in " ".join(out.split())  # the winner's line


@pytest.mark.rules("MK-VIEW-3")
def test_the_demo_game_takes_a_width() -> None:
    start = machikoro.new_game(2, seed=8)

    def told(width: int | None) -> str:
        bots = [BOTS["random"](bot_seed(8, seat)) for seat in range(2)]
        text = io.StringIO()
        play(start, bots, text, SplitMix64(chance_seed(8)), width=width)
        return text.getvalue()

    narrow = told(45)
    assert narrow.split() == told(None).split()
    assert max(len(line) for line in narrow.splitlines()) <= 45
    with pytest.raises(machikoro.InvalidValueError, match="at least 40"):
        told(30)


@pytest.mark.rules("MK-DEMO-1")
def test_make_demo_game_machikoro_needs_only_the_runtime_dependencies() -> None:
    # make demo installs the games with attrs, cattrs and meeplekit only: Machi Koro's demo,
    # with its readings changed, must import nothing else outside the standard library.
    script = (
        "import io, sys, contextlib\n"
        "from machikoro.demo import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--players', '5', '--seed', '5', '--market', 'all-piles',"
        " '--major-copies', 'per-player'])\n"
        "print(' '.join(sorted({name.split('.')[0] for name in sys.modules})))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    imported = set(result.stdout.split())
    assert {"machikoro", "meeplekit"} <= imported
    allowed = set(sys.stdlib_module_names) | {"machikoro", "meeplekit", "attr", "attrs"}
    allowed |= {"cattr", "cattrs", "typing_extensions", "exceptiongroup"}  # cattrs and its own
    allowed |= {"__main__", "_distutils_hack"}  # the script itself; setuptools' .pth hook
    assert imported - allowed == set()
