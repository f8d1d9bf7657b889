"""Hypothesis profiles: ``ci`` (default) fits CI; ``HARBOUR_LONG_RUN=1`` selects a long run."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=60,
    stateful_step_count=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "long",
    max_examples=2000,
    stateful_step_count=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("long" if os.environ.get("HARBOUR_LONG_RUN") else "ci")
