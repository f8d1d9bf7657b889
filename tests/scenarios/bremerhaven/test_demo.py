"""The demo (BH-DEMO-1): its command line, its determinism and its record."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import bremerhaven
from bremerhaven.demo import BOTS, build_parser, main, play
from bremerhaven.interchange.records import read_record, replay
from meeplekit.demo import bot_seed
from tests.support.views import check_demo_widths

ROOT = Path(__file__).resolve().parents[3]


def run_demo(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


@pytest.mark.rules("BH-DEMO-1", "BH-NARR-1", "BH-VIEW-1")
@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_demo_plays_a_whole_game_and_names_the_outcome(
    capsys: pytest.CaptureFixture[str], players: int
) -> None:
    out = run_demo(capsys, "--players", str(players), "--seed", "11", "--bot", "random")
    lines = out.splitlines()
    assert lines[0].startswith("Bremerhaven demo: random bots, one per seat")
    assert "The table as play begins:" in lines and "The final position:" in lines
    assert "Round 1" in lines and any(line.startswith("Round ") for line in lines[-200:])
    assert "seed 11" in out and out.endswith("\n")
    last = lines[-1].strip()
    assert last.startswith("Winner: Player ") or (players == 1 and last.startswith("Winner: none"))
    assert max(len(line) for line in lines) <= 80


@pytest.mark.rules("BH-DEMO-1")
def test_the_demo_seats_greedy_bots_unless_told_otherwise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert build_parser().get_default("bot") == "greedy" and sorted(BOTS) == ["greedy", "random"]
    out = run_demo(capsys, "--players", "3", "--seed", "2013")
    assert out.startswith("Bremerhaven demo: greedy bots, one per seat")


@pytest.mark.rules("BH-DEMO-1")
def test_the_same_arguments_print_the_same_game_and_other_seeds_another(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = run_demo(capsys, "--players", "2", "--seed", "99", "--bot", "random")
    assert run_demo(capsys, "--players", "2", "--seed", "99", "--bot", "random") == first
    assert run_demo(capsys, "--players", "2", "--seed", "98", "--bot", "random") != first


@pytest.mark.rules("BH-DEMO-1")
def test_python_dash_m_prints_the_same_demo_whatever_the_hash_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--players", "2", "--seed", "3", "--bot", "random")
    expected = run_demo(capsys, *args)
    for hash_seed in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-m", "bremerhaven.demo", *args],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert result.stdout == expected


@pytest.mark.rules("BH-DEMO-1", "BH-SHORT-1", "BH-INT-3")
def test_rule_reading_options_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_demo(
        capsys, "--players", "3", "--seed", "5", "--game", "short", "--goods-supply", "unlimited"
    )
    text = " ".join(out.split())
    assert "short game" in text and "unlimited" in text
    help_text = build_parser().format_help()
    for field in ("game", "goods_supply", "tied_top", "bank_counts", "starting_goods"):
        assert f"--{field.replace('_', '-')}" in help_text, field


@pytest.mark.rules("BH-DEMO-1")
@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "5"],
        ["--players", "0"],
        ["--players", "three"],
        ["--seed", "-1"],
        ["--seed", str(2**64)],
        ["--bot", "clever"],
        ["--game", "medium"],
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


@pytest.mark.rules("BH-DEMO-1", "BH-RECORD-1")
def test_the_record_replays_the_game_narrated(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.txt"
    out = run_demo(
        capsys, "--players", "3", "--seed", "7", "--bot", "random", "--record", str(path)
    )
    record = read_record(path.read_text(encoding="utf-8"))
    states = replay(record)
    assert len(record.moves) > 50 and states[-1].stack == ()
    assert "The final position:" in out


@pytest.mark.rules("BH-DEMO-1", "BH-VIEW-4")
def test_the_demo_fits_a_terminal_and_writes_80_columns_elsewhere(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["--players", "2", "--seed", "5", "--bot", "random", "--game", "short"]
    check_demo_widths(main, args, capsys, monkeypatch)


@pytest.mark.rules("BH-VIEW-4")
def test_the_demo_game_takes_a_width() -> None:
    start = bremerhaven.new_game(1, seed=8)

    def told(width: int | None) -> str:
        bots = [BOTS["random"](bot_seed(8, seat)) for seat in range(start.seats)]
        text = io.StringIO()
        play(start, bots, text, width=width)
        return text.getvalue()

    narrow = told(47)
    assert narrow.split() == told(None).split()
    assert max(len(line) for line in narrow.splitlines()) <= 47
    with pytest.raises(bremerhaven.InvalidValueError, match="at least 40"):
        told(0)
