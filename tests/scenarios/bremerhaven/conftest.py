"""Fixtures of the Bremerhaven scenario tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pytest

from bremerhaven.rules import setup as setup_rules
from meeplekit.rng import SplitMix64

T = TypeVar("T")


class _InOrder(SplitMix64):
    """A random source whose shuffles leave every sequence as it is."""

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        return tuple(items)


@pytest.fixture
def in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Setup deals every deck, chit and solo draw in the order the card set gives."""
    monkeypatch.setattr(setup_rules, "SplitMix64", _InOrder)
