"""Samples split between ``make test`` and ``make soak`` (the ``soak`` marker)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest


def in_test(values: Sequence[Any], every: int = 2) -> list[Any]:
    """The values ``make test`` runs: every ``every``-th, from the first."""
    return list(values[::every])


def split(values: Sequence[Any], every: int = 2) -> list[Any]:
    """``values`` as parameters: :func:`in_test`'s plain, the rest marked ``soak``.

    ``make test`` then runs a spread of the sample and ``make soak`` the rest, so the two
    runs together run every value once.
    """
    kept = set(range(0, len(values), every))
    return [
        value if i in kept else pytest.param(value, marks=pytest.mark.soak, id=f"soak-{value}")
        for i, value in enumerate(values)
    ]


def split_at(values: Sequence[Any], count: int) -> list[Any]:
    """``values`` as parameters: the first ``count`` plain, the rest marked ``soak``.

    For samples whose first values were chosen to cover every kind (each reading, each
    player count): ``make test`` keeps those, ``make soak`` runs the rest.
    """
    return [
        value if i < count else pytest.param(value, marks=pytest.mark.soak, id=f"soak-{value}")
        for i, value in enumerate(values)
    ]
