"""Harbour in the rules lab: seeded batches, their results in job order, and the statistics.

The lab is the shared one (:mod:`meeplekit.lab`), serving Harbour from its description
(:data:`harbour.info.INFO`).
"""

from __future__ import annotations

import math
from typing import Any

import attrs
import pytest

import harbour
from harbour.info import INFO, MAX_DECISIONS
from meeplekit import lab
from meeplekit.lab import (
    GameResult,
    compare_results,
    mcnemar,
    paired_difference,
    play_one,
    run,
    seat_wins,
    wilson,
)
from meeplekit.options import changed_readings


def Job(seed: int, bots: tuple[str, ...], **fields: Any) -> lab.Job:
    """A lab job of Harbour."""
    return lab.Job("harbour", seed, bots, **fields)


def make_bot(name: str, seed: int) -> Any:
    """The bot ``name`` as the lab seats it."""
    return INFO.bots.make(name, seed)


def test_a_job_gives_the_game_its_bots_would_play() -> None:
    job = Job(seed=7, bots=("greedy", "random"))
    result = play_one(job)
    # The same game played by hand, bots seeded as the lab seeds them.
    bots = [make_bot(name, harbour.demo.bot_seed(7, seat)) for seat, name in enumerate(job.bots)]
    state = harbour.new_game(2, seed=7)
    decisions = 0
    while not state.is_over:
        seat = harbour.current_player(state)
        state = harbour.apply_move(state, bots[seat].choose(harbour.observe(state, seat)))
        decisions += 1
    end = harbour.outcome(state)
    assert result.points == end.points
    assert result.winners == end.winners
    assert result.decisions == decisions
    assert result.turns == state.turn
    assert [len(b) for b in result.extra["bought"]] == [len(p.buildings) for p in state.players]
    assert GameResult.from_json(result.to_json()) == result


def test_results_come_in_job_order_whatever_the_workers() -> None:
    options = harbour.RulesOptions(reentry="kept")
    jobs = [Job(seed=s, bots=("random", "greedy", "random"), options=options) for s in range(6)]
    alone = run(jobs)
    assert [r.seed for r in alone] == list(range(6))
    assert run(jobs, workers=2) == alone
    assert all(r.options == {"reentry": "kept"} for r in alone)
    seen: list[int] = []
    run(jobs[:3], progress=seen.append)
    assert seen == [1, 2, 3]


def test_bad_jobs_are_refused_with_one_line() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        Job(seed=1, bots=("clever", "random"))
    with pytest.raises(ValueError, match="2 to 4"):
        Job(seed=1, bots=("random",))
    with pytest.raises(ValueError, match="playouts"):
        Job(seed=1, bots=("random", "random"), playouts=0)
    with pytest.raises(ValueError, match="max_decisions"):
        Job(seed=1, bots=("random", "random"), max_decisions=0)
    with pytest.raises(ValueError, match="workers"):
        run([], workers=0)


def test_a_game_past_its_decision_limit_is_reported_unfinished() -> None:
    # Nothing in the rules ends a game nobody buys in; the lab stops it at the limit.
    job = Job(seed=7, bots=("greedy", "random"), max_decisions=25)
    result = play_one(job)
    state = harbour.new_game(2, seed=7)
    bots = [make_bot(name, harbour.demo.bot_seed(7, seat)) for seat, name in enumerate(job.bots)]
    for _ in range(25):
        seat = harbour.current_player(state)
        state = harbour.apply_move(state, bots[seat].choose(harbour.observe(state, seat)))
    assert not state.is_over
    assert result.finished is False and result.winners == () and result.decisions == 25
    assert result.points == tuple(harbour.victory_points(state, p) for p in range(2))
    assert result.turns == state.turn
    assert GameResult.from_json(result.to_json()) == result
    assert '"finished":false' in result.to_json()
    whole = play_one(attrs.evolve(job, max_decisions=MAX_DECISIONS))
    assert whole.finished and whole.winners and whole.decisions > 25
    comparison = compare_results(["whole", "cut"], [[whole], [result]])
    assert [v.unfinished for v in comparison.variants] == [0, 1]
    assert seat_wins([result], 2) == [0.0, 0.0]


def test_changed_readings_are_the_fields_that_differ_from_the_default() -> None:
    assert dict(changed_readings(harbour.RulesOptions())) == {}
    readings = harbour.RulesOptions(tie_break="buildings-only", bonus_cards=True)
    assert dict(changed_readings(readings)) == {
        "tie_break": "buildings-only",
        "bonus_cards": True,
    }


def test_wilson_interval_matches_the_textbook_formula() -> None:
    # 119 of 200 (the tournament): the published table says 52.6% to 66.1%.
    rate = wilson(119, 200)
    assert (round(rate.low, 3), round(rate.high, 3)) == (0.526, 0.661)
    # Against the formula written out with z = 1.96 for 3 of 10.
    p, n, z = 0.3, 10, 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert wilson(3, 10).low == pytest.approx(centre - half)
    assert wilson(3, 10).high == pytest.approx(centre + half)
    assert wilson(0, 0).low == 0.0 and wilson(0, 0).high == 1.0


def test_mcnemar_exact_p_values() -> None:
    # 8 against 2 discordant pairs: 2 * P(X <= 2), X ~ Binomial(10, 1/2) = 2 * 56 / 1024.
    assert mcnemar(8, 2) == pytest.approx(2 * (1 + 10 + 45) / 1024)
    assert mcnemar(2, 8) == mcnemar(8, 2)
    assert mcnemar(5, 5) == 1.0  # capped at 1
    assert mcnemar(0, 0) == 1.0
    assert mcnemar(12, 0) == pytest.approx(2 / 4096)


def test_paired_difference_is_the_mean_change_with_a_normal_interval() -> None:
    first = [1.0, 2.0, 3.0, 4.0]
    second = [2.0, 2.0, 5.0, 4.0]
    diffs = [1.0, 0.0, 2.0, 0.0]
    mean = sum(diffs) / 4
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / 3)
    interval = paired_difference(first, second)
    assert interval.estimate == pytest.approx(0.75)
    assert interval.high - interval.estimate == pytest.approx(1.959963984540054 * sd / 2)
    with pytest.raises(ValueError, match="same length"):
        paired_difference([1.0], [1.0, 2.0])


def _result(
    seed: int, winners: tuple[int, ...], points: tuple[int, int], length: int
) -> GameResult:
    return GameResult(
        seed=seed,
        bots=("greedy", "greedy"),
        options={},
        points=points,
        winners=winners,
        decisions=length,
        turns=length // 4,
        variant=("cards", "test"),
        extra={"bought": (("A",), ("A", "B")) if seed % 2 else (("B",), ())},
    )


def test_a_comparison_pairs_the_games_by_seed() -> None:
    base = [_result(s, (0,), (10, 8), 60) for s in range(4)]
    # Seat 2 wins seeds 0 and 1 under the variant; seed 3 is shared.
    variant = [
        _result(0, (1,), (8, 10), 64),
        _result(1, (1,), (8, 10), 62),
        _result(2, (0,), (10, 8), 60),
        _result(3, (0, 1), (9, 9), 58),
    ]
    comparison = compare_results(["baseline", "x"], [base, variant], game="harbour")
    assert comparison.games == 4 and comparison.players == 2
    changed = comparison.variants[1]
    assert seat_wins(variant, 2) == [1.5, 2.5]
    assert changed.win_rates[1].estimate == 2.5 / 4
    assert changed.changes[1].discordant == (3, 0)  # the shared win counts as a win
    assert changed.changes[0].discordant == (0, 2)
    assert changed.changes[1].p_value == mcnemar(3, 0)
    assert changed.changes[1].win_rate == pytest.approx(2.5 / 4)
    assert changed.length_change is not None
    assert changed.length_change.estimate == pytest.approx((4 + 2 + 0 - 2) / 4)
    assert changed.mean_length == pytest.approx(61.0)
    assert comparison.variants[0].purchase_rates == {"A": 0.5, "B": 1.0}
    with pytest.raises(ValueError, match="same seeds"):
        compare_results(["a", "b"], [base, variant[::-1]])
