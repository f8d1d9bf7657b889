"""The lab on Ray: a local Ray instance gives the results of the local run."""

from __future__ import annotations

import pytest

pytest.importorskip("ray")

from meeplekit import lab
from meeplekit.lab import run


def test_ray_tasks_give_the_results_of_the_local_run() -> None:
    jobs = [lab.Job("harbour", seed=s, bots=("random", "greedy")) for s in range(4)]
    seen: list[int] = []
    on_ray = run(jobs, ray_address="local", progress=seen.append)
    assert on_ray == run(jobs)
    assert seen == [1, 2, 3, 4]
