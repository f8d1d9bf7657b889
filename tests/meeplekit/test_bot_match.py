"""``scripts/bot_match.py`` (make bot-match): its seat rotations, jobs and table, on given results.

No game is played at a time budget here: the jobs are checked as built, and the table is
given results.
"""

from __future__ import annotations

import pytest

from meeplekit.lab import GameResult, Job
from tests.support.scripts import load_script

match = load_script("bot_match")


def _result(bots: tuple[str, ...], winners: tuple[int, ...], finished: bool = True) -> GameResult:
    return GameResult(
        seed=0,
        bots=bots,
        options={},
        points=(0,) * len(bots),
        winners=winners,
        decisions=1,
        turns=1,
        finished=finished,
    )


def test_every_seat_rotation_seats_the_search_once_in_each_seat() -> None:
    assert match.rotations(2) == [("ismcts", "greedy"), ("greedy", "ismcts")]
    three = match.rotations(3)
    assert [bots.index("ismcts") for bots in three] == [0, 1, 2]
    assert all(bots.count("greedy") == 2 for bots in three)


def test_the_jobs_play_each_seed_in_every_rotation_with_the_budget() -> None:
    jobs = match.jobs("machikoro", 3, 2, 0.5, None)
    assert [(job.seed, job.bots) for job in jobs] == [
        (seed, bots) for seed in range(3) for bots in match.rotations(2)
    ]
    assert all(isinstance(job, Job) for job in jobs)
    assert {(job.seconds, job.playouts) for job in jobs} == {(0.5, None)}
    later = match.jobs("bremerhaven", 2, 3, None, 40, first=7)
    assert [job.seed for job in later] == [7, 7, 7, 8, 8, 8]
    assert {(job.seconds, job.playouts) for job in later} == {(None, 40)}


def test_the_table_counts_shared_wins_as_shares_and_unfinished_games_as_losses() -> None:
    results = [
        _result(("ismcts", "greedy"), (0,)),
        _result(("greedy", "ismcts"), (0,)),
        _result(("greedy", "ismcts"), (0, 1)),
        _result(("ismcts", "greedy"), (), finished=False),
    ]
    assert [match.score(r) for r in results] == [1.0, 0.0, 0.5, 0.0]
    row = match.row("harbour", results)
    # 1.5 of 4: 37.5%, Wilson 95% interval 9.2% to 78.1% (by hand); one game unfinished.
    assert row == "| harbour | 2 | 4 | 1.5 | 37.5% | 9.2% to 78.1% | 1 |"


def test_a_match_needs_a_budget_or_playouts() -> None:
    with pytest.raises(SystemExit):
        match.main(["--seconds", "0", "--playouts", "0"])
