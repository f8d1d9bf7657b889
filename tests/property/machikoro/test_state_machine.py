"""Whole games of Machi Koro as a Hypothesis state machine: the testing kit's machine.

:class:`machikoro.testing.MachiKoroStateMachine` (the shared
:class:`meeplekit.testing.GameMachine` for Machi Koro) plays games drawing every move,
chance outcomes too, and checks what every game promises: listed moves are legal and
apply, a move not listed is refused naming a rule of the specification, inputs never
change, positions are valid and round-trip through JSON, returns, and the same start and
moves give the same game. Its Machi Koro invariants: coins never below 0; coins move only
as the events say; one of each major per player; the Harbor market shows 10 different
establishments while the deck lasts; the game ends exactly when a player completes their
last landmark; a player's view and its determinization give back the state. The games
start under every reading drawn by the kit, and under a few hand-picked option sets.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from machikoro import GameState, RulesOptions
from machikoro.testing import MachiKoroStateMachine, states

#: Hand-picked option sets (also the forged-input tests' options).
OPTIONS = (
    RulesOptions(),
    RulesOptions(expansion=False),
    RulesOptions(
        purple_order="owner-chooses",
        business_center="must-trade",
        reroll_dice="same",
        major_copies="per-player",
        tuna_roll="always",
    ),
    RulesOptions(
        market="all-piles",
        amusement_park_roll="any",
        extra_turns="one",
        amusement_park_built="same-turn",
        flower_shop_mall="flat",
        sushi_bar_cost="2",
    ),
)


class MachiKoroMachine(MachiKoroStateMachine):
    """The kit's machine, starting from the hand-picked option sets as well as drawn ones."""

    def initial_states(self) -> st.SearchStrategy[GameState]:
        picked = states(options=st.sampled_from(OPTIONS), max_decisions=0)
        return st.one_of(picked, super().initial_states())


#: ``MACHIKORO_LONG_RUN=1`` plays many more games.
LONG = bool(os.environ.get("MACHIKORO_LONG_RUN"))


class MachiKoroSoakMachine(MachiKoroMachine):
    """The same machine at its full size (``make soak``)."""


# ``make test`` plays a third of the games, every invariant still checked on each move;
# the soak run (``make soak``) plays the full number.
MachiKoroMachine.TestCase.settings = settings(
    MachiKoroMachine.TestCase.settings,
    max_examples=300 if LONG else 5,
    stateful_step_count=400 if LONG else 150,
)
MachiKoroSoakMachine.TestCase.settings = settings(
    MachiKoroSoakMachine.TestCase.settings,
    max_examples=300 if LONG else 15,
    stateful_step_count=400 if LONG else 150,
)
TestMachiKoroSoak = pytest.mark.soak(MachiKoroSoakMachine.TestCase)
TestMachiKoro = pytest.mark.rules(
    "MK-BANK-1", "MK-STATE-3", "MK-STATE-4", "MK-STATE-5", "MK-EVENT-1", "MK-JSON-1",
    "MK-CHANCE-1", "MK-FLOW-1",
)(MachiKoroMachine.TestCase)  # fmt: skip
