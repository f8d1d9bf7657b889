"""The shared rules lab: jobs of any registered game, results in job order, the statistics."""

from __future__ import annotations

import json
import math
import pickle
import sys
import time
from pathlib import Path

import pytest

import harbour
import harbour.info
import machikoro
from meeplekit import lab_report
from meeplekit.agents.search import ISMCTSBot
from meeplekit.lab import (
    GameResult,
    Job,
    compare_results,
    mcnemar,
    paired_difference,
    play_one,
    run,
    seat_wins,
    wilson,
)
from meeplekit.registry import UnknownGameError, load_info

#: Each game with bots for three seats and a reading that is not the default.
GAMES = {
    "harbour": (("random", "greedy", "random"), harbour.RulesOptions(reentry="kept")),
    "machikoro": (("random", "greedy", "random"), machikoro.RulesOptions(reroll_dice="same")),
}


def test_each_game_is_found_by_its_registered_name() -> None:
    for name in GAMES:
        info = load_info(name)
        assert info.name == name
        assert info.bots.names == ("random", "greedy", "ismcts")
        assert info.bots.default in info.bots.names
    assert load_info("harbour") is harbour.info.INFO
    variants = load_info("harbour").variants
    assert variants is not None and variants.name == "cards"
    assert load_info("machikoro").variants is None
    with pytest.raises(UnknownGameError, match="no game 'chess'"):
        load_info("chess")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_results_come_in_job_order_whatever_the_workers(game: str) -> None:
    bots, options = GAMES[game]
    jobs = [Job(game, seed=s, bots=bots, options=options) for s in range(6)]
    alone = run(jobs)
    assert [r.seed for r in alone] == list(range(6))
    paired = run(jobs, workers=2)
    assert paired == alone
    assert [r.to_json() for r in paired] == [r.to_json() for r in alone]
    assert [play_one(job) for job in jobs[:2]] == alone[:2]
    key, value = next(iter(alone[0].options.items()))
    assert (key, value) in (("reentry", "kept"), ("reroll_dice", "same"))
    seen: list[int] = []
    run(jobs[:3], progress=seen.append)
    assert seen == [1, 2, 3]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_result_line_reads_back_equal(game: str) -> None:
    bots, options = GAMES[game]
    result = play_one(Job(game, seed=11, bots=bots[:2], options=options))
    line = result.to_json()
    assert line == json.dumps(json.loads(line), separators=(",", ":"), ensure_ascii=False)
    assert GameResult.from_json(line) == result
    data = json.loads(line)
    assert list(data)[:4] == ["seed", "players", "bots", "options"]
    assert list(data)[-1] == "finished"
    assert data["players"] == 2 and data["bots"] == list(bots[:2])


def test_a_harbour_line_names_the_card_set_and_the_buildings_bought() -> None:
    cards = harbour.info.INFO.default_variant
    result = play_one(Job("harbour", seed=5, bots=("greedy", "random"), variant=cards))
    data = json.loads(result.to_json())
    assert list(data) == [
        "seed", "players", "bots", "options", "cards", "points", "winners", "decisions",
        "turns", "bought", "finished",
    ]  # fmt: skip
    assert result.variant == ("cards", cards.name) and data["cards"] == cards.name
    end = harbour.new_game(2, seed=5)
    assert len(result.extra["bought"]) == len(end.players)
    assert all(isinstance(name, str) for seat in result.extra["bought"] for name in seat)
    assert GameResult.from_json(result.to_json()) == result


def test_a_job_fills_the_game_defaults_and_travels_to_workers() -> None:
    job = Job("machikoro", seed=1, bots=("greedy", "greedy"))
    assert job.options == machikoro.RulesOptions()
    assert job.variant is None
    assert job.max_decisions == load_info("machikoro").max_decisions
    assert job == Job("machikoro", 1, ("greedy", "greedy"), options=machikoro.RulesOptions())
    assert pickle.loads(pickle.dumps(job)) == job
    harbour_job = Job("harbour", seed=1, bots=["random", "random"])
    assert harbour_job.bots == ("random", "random")
    assert harbour_job.variant is harbour.info.INFO.default_variant


def test_bad_jobs_are_refused_with_a_value_error_naming_the_problem() -> None:
    two = ("random", "random")
    cases: list[tuple[dict[str, object], str]] = [
        ({"game": "chess", "bots": two}, "no game 'chess' is registered"),
        ({"game": "machikoro", "bots": ("clever", "random")}, "unknown bot 'clever'"),
        ({"game": "machikoro", "bots": ("random",)}, "seats 2 to 5 bots, got 1"),
        ({"game": "harbour", "bots": ("random",) * 5}, "seats 2 to 4 bots, got 5"),
        ({"game": "machikoro", "bots": two, "playouts": 0}, "playouts must be at least 1"),
        ({"game": "machikoro", "bots": two, "max_decisions": 0}, "max_decisions"),
        ({"game": "machikoro", "bots": two, "seed": -1}, "seed must be from 0"),
        ({"game": "machikoro", "bots": two, "seed": 2**64}, "seed must be from 0"),
        ({"game": "machikoro", "bots": two, "options": harbour.RulesOptions()}, "RulesOptions"),
        ({"game": "machikoro", "bots": two, "variant": "cards"}, "has no variant"),
        ({"game": "machikoro", "bots": two, "seconds": 0.0}, "seconds must be above 0"),
        ({"game": "machikoro", "bots": two, "playouts": None}, "None only with a time budget"),
    ]
    for fields, message in cases:
        arguments: dict[str, object] = {"seed": 1, **fields}
        with pytest.raises(ValueError, match=message):
            Job(**arguments)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="workers"):
        run([], workers=0)


def test_the_search_bot_of_a_job_with_a_time_budget_reads_the_cpu_clock() -> None:
    info = load_info("machikoro")
    bot = info.bots.make("ismcts", 3, None, seconds=0.5, clock=time.process_time)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.playouts, bot.seconds, bot.clock) == (None, 0.5, time.process_time)
    counted = info.bots.make("ismcts", 3, 40)
    assert isinstance(counted, ISMCTSBot)
    assert (counted.playouts, counted.seconds, counted.clock) == (40, None, time.perf_counter)
    job = Job("machikoro", seed=2, bots=("ismcts", "greedy"), playouts=2, seconds=30.0)
    capped = play_one(job)  # the playouts stop every search first: the game is the job's
    assert capped == play_one(Job("machikoro", seed=2, bots=("ismcts", "greedy"), playouts=2))
    assert pickle.loads(pickle.dumps(job)) == job


def test_a_game_cut_at_its_limit_counts_decisions_not_chance() -> None:
    result = play_one(Job("machikoro", seed=4, bots=("random", "random"), max_decisions=12))
    assert result.decisions == 12 and not result.finished and result.winners == ()
    assert GameResult.from_json(result.to_json()) == result
    assert seat_wins([result], 2) == [0.0, 0.0]
    whole = play_one(Job("machikoro", seed=4, bots=("random", "random")))
    assert whole.finished and whole.decisions > 12
    comparison = compare_results(["whole", "cut"], [[whole], [result]])
    assert [v.unfinished for v in comparison.variants] == [0, 1]


def test_result_lines_that_are_not_results_are_refused() -> None:
    good = play_one(Job("machikoro", seed=2, bots=("random", "random"))).to_json()
    data = json.loads(good)
    del data["points"]
    for line, message in [
        ("{", "not a line of JSON"),
        ("[1, 2]", "a JSON object"),
        (json.dumps(data), "without 'points'"),
    ]:
        with pytest.raises(ValueError, match=message):
            GameResult.from_json(line)
    with pytest.raises(ValueError, match="may not be called 'points'"):
        GameResult(
            1, ("a", "b"), {}, points=(0, 0), winners=(), decisions=0, turns=0, extra={"points": 1}
        )


# --------------------------------------------------------------------------- statistics


def test_wilson_interval_matches_the_textbook_formula() -> None:
    rate = wilson(119, 200)
    assert (round(rate.low, 3), round(rate.high, 3)) == (0.526, 0.661)
    p, n, z = 0.3, 10, 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert wilson(3, 10).low == pytest.approx(centre - half)
    assert wilson(3, 10).high == pytest.approx(centre + half)
    assert wilson(10, 10).high == 1.0 and wilson(0, 10).low == pytest.approx(0.0, abs=1e-12)
    assert (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)


def test_mcnemar_and_paired_differences() -> None:
    assert mcnemar(8, 2) == pytest.approx(2 * (1 + 10 + 45) / 1024)
    assert mcnemar(2, 8) == mcnemar(8, 2)
    assert mcnemar(5, 5) == 1.0 and mcnemar(0, 0) == 1.0
    interval = paired_difference([1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 5.0, 4.0])
    sd = math.sqrt(sum((d - 0.75) ** 2 for d in [1.0, 0.0, 2.0, 0.0]) / 3)
    assert interval.estimate == pytest.approx(0.75)
    assert interval.high - interval.estimate == pytest.approx(1.959963984540054 * sd / 2)
    assert paired_difference([1.0], [3.0]).high == math.inf
    with pytest.raises(ValueError, match="same length"):
        paired_difference([1.0], [1.0, 2.0])


def _result(seed: int, winners: tuple[int, ...], built: tuple[tuple[str, ...], ...]) -> GameResult:
    return GameResult(
        seed,
        ("greedy", "greedy"),
        {},
        points=(1, 2),
        winners=winners,
        decisions=50 + seed,
        turns=20,
        extra={"coins": [3, 4], "built": built},
    )


def test_a_comparison_pairs_by_seed_and_counts_each_games_purchases() -> None:
    base = [_result(s, (0,), (("Cafe",), ("Cafe", "Ranch"))) for s in range(4)]
    changed = [_result(s, (1,) if s < 2 else (0, 1), (("Bakery",), ())) for s in range(4)]
    # Without a game: the first field listing names by seat ("coins" lists no names).
    comparison = compare_results(["baseline", "x"], [base, changed])
    assert comparison.purchases == "built" and comparison.game is None
    assert comparison.variants[0].purchase_rates == {"Cafe": 1.0, "Ranch": 1.0}
    assert comparison.variants[1].purchase_rates == {"Bakery": 1.0}
    change = comparison.variants[1].changes
    assert change[1].discordant == (4, 0) and change[0].discordant == (0, 2)
    assert change[1].win_rate == pytest.approx(3 / 4)
    assert comparison.variants[1].length_change is not None
    text = lab_report.markdown(comparison)
    assert "Share of games in which each item was built:" in text
    named = compare_results(["baseline", "x"], [base, changed], game="machikoro")
    assert (named.purchases, named.purchase_noun) == ("built", "card")
    text = lab_report.markdown(named, ("c-win-rates.png",))
    assert "Share of games in which each card was built:" in text and "| Card |" in text
    assert "![c-win-rates.png](c-win-rates.png)" in text
    bare = [
        GameResult(s, ("a", "b"), {}, points=(0, 1), winners=(1,), decisions=9, turns=3)
        for s in range(2)
    ]
    assert "Share of games" not in lab_report.markdown(compare_results(["only"], [bare]))
    with pytest.raises(ValueError, match="same seeds"):
        compare_results(["a", "b"], [base, changed[::-1]])


def test_missing_extras_are_named_with_the_games_install_command(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    results = [play_one(Job("machikoro", seed=0, bots=("random", "random")))]
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "ray", None)
    comparison = compare_results(["baseline"], [results], game="machikoro")
    with pytest.raises(machikoro.MissingExtraError, match=r"machikoro-rules\[lab\]"):
        lab_report.write_plots(comparison, tmp_path / "r.md")
    with pytest.raises(ImportError, match=r"meeplekit\[lab\]"):
        lab_report.write_plots(compare_results(["baseline"], [results]), tmp_path / "r.md")
    job = Job("machikoro", seed=0, bots=("random", "random"))
    with pytest.raises(machikoro.MissingExtraError, match=r"machikoro-rules\[cluster\]"):
        run([job], ray_address="local")
    assert not list(tmp_path.iterdir())  # nothing written before the extra was found missing
