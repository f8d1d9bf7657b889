"""Bremerhaven's lab on Ray: a local Ray instance gives the results of the local run."""

from __future__ import annotations

import pytest

pytest.importorskip("ray")

from meeplekit.lab import Job, run


# The shared lab's Ray path is one for every game: make test runs it with Harbour's jobs
# (tests/scenarios/harbour/test_lab_ray.py), make soak with this game's (a Ray start costs
# about 6 s).
@pytest.mark.soak
@pytest.mark.rules("BH-LAB-1", "BH-CLI-8")
def test_ray_tasks_give_the_results_of_the_local_run() -> None:
    jobs = [Job("bremerhaven", seed=s, bots=("random", "random")) for s in range(4)]
    seen: list[int] = []
    on_ray = run(jobs, ray_address="local", progress=seen.append)
    assert on_ray == run(jobs)
    assert seen == [1, 2, 3, 4]
