"""Hypothesis profiles, and the toy game's distribution.

``ci`` (the default) fits the CI budget; on CI (``CI`` set) it is derandomized, so a
landing never depends on luck, while local runs explore new examples each time.
``HARBOUR_LONG_RUN=1`` selects a long, randomized run.
``HARBOUR_MUTATION_RUN=1`` selects ``mutation``: small, derandomized and without the example
database, so every mutant meets the same examples (``make mutation``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# The toy race's distribution, toy-race (tests/meeplekit/toy/site/toy_race-0.1.dist-info):
# on sys.path, its entry point registers the game "toy" under meeplekit.games for every
# test, as an installed game's does; the shared tools then serve it by name.
sys.path.append(str(Path(__file__).resolve().parent / "meeplekit" / "toy" / "site"))

# The helpers in tests/support/ hold assertions the tests run (the invariants of a
# position, ...): pytest rewrites them as it does the test modules', so a failure shows
# its values.
pytest.register_assert_rewrite("tests.support")

_SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile(
    "ci",
    max_examples=60,
    stateful_step_count=400,
    deadline=None,
    derandomize=bool(os.environ.get("CI")),
    print_blob=True,
    suppress_health_check=_SLOW_OK,
)
settings.register_profile(
    "long",
    max_examples=2000,
    stateful_step_count=1000,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SLOW_OK,
)
settings.register_profile(
    "mutation",
    max_examples=20,
    stateful_step_count=100,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=False,
    suppress_health_check=_SLOW_OK,
)
if os.environ.get("HARBOUR_LONG_RUN"):
    settings.load_profile("long")
elif os.environ.get("HARBOUR_MUTATION_RUN"):
    settings.load_profile("mutation")
else:
    settings.load_profile("ci")
