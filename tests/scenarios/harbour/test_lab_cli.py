"""``harbour simulate`` and ``harbour compare`` through Click's test runner."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

from click.testing import CliRunner

import harbour
from meeplekit import lab
from meeplekit.cli.app import command as game_command
from meeplekit.lab import GameResult, compare_results, run

command = game_command("harbour")


def invoke(line: str, *more: str) -> str:
    """Run ``harbour`` with the words of ``line`` and then ``more``; its output."""
    result = CliRunner().invoke(command, [*line.split(), *more], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_writes_the_same_json_lines_whatever_the_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    line = "simulate --games 6 --players 3 --seed 1 --bots greedy,random,random --out"
    invoke(line, str(one))
    invoke(line, str(two), "--workers", "2")
    assert one.read_bytes() == two.read_bytes()
    lines = one.read_text(encoding="utf-8").splitlines()
    results = [GameResult.from_json(line) for line in lines]
    assert [r.seed for r in results] == list(range(1, 7))
    jobs = [lab.Job("harbour", seed=s, bots=("greedy", "random", "random")) for s in range(1, 7)]
    assert results == run(jobs)


def test_simulate_stops_games_at_the_decision_limit(tmp_path: Path) -> None:
    out = tmp_path / "cut.jsonl"
    shown = invoke("simulate --games 2 --players 2 --max-decisions 30 --out", str(out))
    results = [GameResult.from_json(line) for line in out.read_text().splitlines()]
    assert results == run(
        [lab.Job("harbour", seed=s, bots=("greedy",) * 2, max_decisions=30) for s in range(2)]
    )
    assert all(not r.finished and r.decisions == 30 for r in results)
    assert "2 stopped unfinished" in shown


@pytest.mark.rules("INT-3")
def test_simulate_takes_the_readings_as_options(tmp_path: Path) -> None:
    out = tmp_path / "kept.jsonl"
    invoke("simulate --games 2 --players 2 --bot random --reentry kept --out", str(out))
    results = [GameResult.from_json(line) for line in out.read_text().splitlines()]
    jobs = [
        lab.Job(
            "harbour",
            seed=s,
            bots=("random", "random"),
            options=harbour.RulesOptions(reentry="kept"),
        )
        for s in range(2)
    ]
    assert results == run(jobs)
    assert all(r.options == {"reentry": "kept"} for r in results)


@pytest.mark.rules("INT-3", "INT-6", "INT-7")
def test_every_reading_option_says_what_each_value_means() -> None:
    text = " ".join(invoke("simulate --help").split())
    assert "--reentry [reversed|kept]" in text
    assert "INT-3: The order in which several shipped goods re-enter the market." in text
    assert (
        "'kept': A reading of the English retail and German rulebooks: the shipped goods "
        "keep their relative order" in text
    )
    assert "'reversed' (default)" in text
    assert "INT-6" in text and "If some shipment would pay for a display building" in text
    assert "--ship-without-buying / --no-ship-without-buying" in text


@pytest.mark.rules("INLAND-1", "CHAR-2", "SETUP-5")
def test_bad_arguments_get_one_line_and_no_traceback() -> None:
    runner = CliRunner()
    cases = [
        (["simulate", "--players", "2", "--inland-traders"], "INLAND-1"),
        (["simulate", "--first-game", "--characters"], "first"),
        (["simulate", "--bots", "greedy,random"], "2 bots for 3 players"),
        (["simulate", "--bots", "greedy,clever,random"], "unknown bot 'clever'"),
        (["simulate", "--cards", "no-such-file.toml"], "neither 'original' nor a card file"),
        (["compare", "--variant", "reentry=sideways"], "must be one of reversed, kept"),
        (["compare", "--variant", "colour=red"], "not FIELD=VALUE"),
        (["compare", "--variant", "bot=clever"], "unknown bot 'clever'"),
        (["compare", "--variant", "bots=greedy+random"], "2 bots for 3 players"),
        (["simulate", "--max-decisions", "0"], "0 is not in the range x>=1"),
    ]
    for args, message in cases:
        result = runner.invoke(command, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in " ".join(result.output.split()), (args, result.output)
        assert "Traceback" not in result.output


def test_compare_reports_the_numbers_of_a_direct_computation(tmp_path: Path) -> None:
    report = tmp_path / "report.md"
    invoke(
        "compare --games 8 --players 2 --seed 3 --bot greedy --variant reentry=kept --report",
        str(report),
    )
    base = run([lab.Job("harbour", seed=s, bots=("greedy", "greedy")) for s in range(3, 11)])
    kept = run(
        [
            lab.Job(
                "harbour",
                seed=s,
                bots=("greedy", "greedy"),
                options=harbour.RulesOptions(reentry="kept"),
            )
            for s in range(3, 11)
        ]
    )
    direct = compare_results(["baseline", "reentry=kept"], [base, kept], game="harbour")
    text = report.read_text(encoding="utf-8")
    for variant in direct.variants:
        for rate in variant.win_rates:
            assert f"{rate.estimate:.1%} ({rate.low:.1%} to {rate.high:.1%})" in text
        assert f"| {variant.label} | {variant.mean_length:.1f} |" in text
    change = direct.variants[1].changes[0]
    assert f"{change.win_rate:+.1%} | {change.p_value:.3g} |" in text
    for plot in ("win-rates", "points", "length"):
        image = tmp_path / f"report-{plot}.png"
        assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"![report-{plot}.png](report-{plot}.png)" in text
    html = tmp_path / "report.html"
    invoke(
        "compare --games 2 --players 2 --bot random --variant tie-break=buildings-only --report",
        str(html),
    )
    assert html.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_compare_also_compares_bots(tmp_path: Path) -> None:
    report = tmp_path / "bots.md"
    invoke(
        "compare --games 4 --players 2 --bot greedy --variant bots=random+greedy --report",
        str(report),
    )
    greedy = run([lab.Job("harbour", seed=s, bots=("greedy", "greedy")) for s in range(4)])
    mixed = run([lab.Job("harbour", seed=s, bots=("random", "greedy")) for s in range(4)])
    direct = compare_results(["baseline", "bots=random+greedy"], [greedy, mixed], game="harbour")
    text = report.read_text(encoding="utf-8")
    for variant in direct.variants:
        assert f"| {variant.label} | {variant.mean_length:.1f} |" in text
