"""Whole games of Bremerhaven as a Hypothesis state machine: the testing kit's machine.

:class:`bremerhaven.testing.BremerhavenMachine` (the shared
:class:`meeplekit.testing.GameMachine` for Bremerhaven) plays games of 1 to 4 players under
drawn readings, the long and the short game, drawing every move, and checks what every
game promises: listed moves are legal and apply, a move not listed is refused naming a
clause of the specification, inputs never change, positions are valid and round-trip
through JSON, returns, and the same start and moves give the same game. Its Bremerhaven
invariants: goods conserved under the limited supply, storage within capacity, ships
within their berth size, no debt, hands of 5 (6 after growing), and prestige falling only
by a contract's prestige penalty, as the move's events say.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from bremerhaven.testing import BremerhavenMachine

#: ``BREMERHAVEN_LONG_RUN=1`` plays many more games.
LONG = bool(os.environ.get("BREMERHAVEN_LONG_RUN"))


class BremerhavenSoakMachine(BremerhavenMachine):
    """The same machine at its full size (``make soak``)."""


# ``make test`` plays a fifth of the games, every invariant still checked on each move;
# the soak run (``make soak``) plays the full number.
BremerhavenMachine.TestCase.settings = settings(
    BremerhavenMachine.TestCase.settings,
    max_examples=200 if LONG else 5,
    stateful_step_count=400 if LONG else 100,
)
BremerhavenSoakMachine.TestCase.settings = settings(
    BremerhavenSoakMachine.TestCase.settings,
    max_examples=200 if LONG else 25,
    stateful_step_count=400 if LONG else 100,
)
TestBremerhavenSoak = pytest.mark.soak(BremerhavenSoakMachine.TestCase)
TestBremerhaven = pytest.mark.rules(
    "BH-INT-3", "BH-MOVE-2", "BH-SEA-5", "BH-MONEY-2", "BH-RETURN-1", "BH-PRESTIGE-3",
    "BH-LAND-7", "BH-ENGINE-1", "BH-ENGINE-10", "BH-ENGINE-14", "BH-INPUT-3", "BH-COMP-1",
)(BremerhavenMachine.TestCase)  # fmt: skip
