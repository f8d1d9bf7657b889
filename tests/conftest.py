"""Hypothesis profiles.

``ci`` (the default) fits the CI budget; on CI (``CI`` set) it is derandomized, so a
landing never depends on luck, while local runs explore new examples each time.
``HARBOUR_LONG_RUN=1`` selects a long, randomized run.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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
settings.load_profile("long" if os.environ.get("HARBOUR_LONG_RUN") else "ci")
