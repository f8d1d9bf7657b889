"""The shared Hypothesis state machine over whole games of Machi Koro, with its own invariants.

:class:`meeplekit.testing.GameMachine` plays games drawing every move (chance outcomes too)
and checks what every game promises: listed moves are legal and apply, a move not listed is
refused naming a rule of the specification, inputs never change, positions are valid and
round-trip through JSON, returns, and the same start and moves give the same game. This
machine adds Machi Koro's invariants: coins never below 0; coins move only as the events
say; one of each major per player; the Harbor market shows 10 different establishments
while the deck lasts; the game ends exactly when a player completes their last landmark;
a player's view and its determinization give back the state.
"""

from __future__ import annotations

import os
from typing import Any, ClassVar

import pytest
from hypothesis import settings
from hypothesis import strategies as st

import machikoro
from machikoro import GameState, Move, RulesOptions
from machikoro.events import CoinsEarned, EstablishmentBuilt, GameEnded, LandmarkBuilt
from machikoro.rng import SplitMix64
from machikoro.rules.build import complete
from machikoro.rules.market import piles
from machikoro.state import PendingDraw
from machikoro.tables import tables_for
from meeplekit.spec import Specification
from meeplekit.testing import GameMachine

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


class MachiKoroMachine(GameMachine[GameState, Move]):
    """Whole games under a few option sets, with Machi Koro's invariants."""

    game: ClassVar[Any] = machikoro
    rule_ids: ClassVar[frozenset[str]] = frozenset(Specification("machikoro").rule_ids())

    def initial_states(self) -> st.SearchStrategy[GameState]:
        def make(options: RulesOptions, players: int, seed: int) -> GameState:
            top = machikoro.GAME.player_counts(expansion=options.expansion)[-1]
            first = machikoro.new_game(min(players, top), seed=seed, options=options)
            assert machikoro.new_game(min(players, top), seed=seed, options=options) == first
            return first

        return st.builds(
            make, st.sampled_from(OPTIONS), st.integers(2, 5), st.integers(0, 2**64 - 1)
        )

    def check_state(self, state: GameState) -> None:
        t = tables_for(state.options, state.players)
        assert min(state.coins) >= 0
        for row in state.establishments:
            assert all(row[k] <= 1 for k in t.majors)
        drawing = bool(state.stack) and type(state.stack[-1]) is PendingDraw
        if t.harbor_market and not drawing:
            assert piles(state.market) == machikoro.GAME.market_piles or not any(state.deck)
        finished = [p for p, built in enumerate(state.landmarks) if complete(built, t.to_build)]
        assert finished == ([state.current] if machikoro.is_over(state) else [])
        seen = machikoro.observe(state, state.current)
        assert machikoro.observe(machikoro.determinize(seen, SplitMix64(0)), state.current) == seen

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        again, events = machikoro.apply_move_with_events(before, move)
        assert again == after
        earned = sum(e.coins for e in events if isinstance(e, CoinsEarned))
        paid = sum(e.cost for e in events if isinstance(e, EstablishmentBuilt | LandmarkBuilt))
        assert sum(after.coins) - sum(before.coins) == earned - paid
        assert (bool(events) and isinstance(events[-1], GameEnded)) == machikoro.is_over(after)


#: ``MACHIKORO_LONG_RUN=1`` plays many more games.
LONG = bool(os.environ.get("MACHIKORO_LONG_RUN"))
MachiKoroMachine.TestCase.settings = settings(
    MachiKoroMachine.TestCase.settings,
    max_examples=300 if LONG else 15,
    stateful_step_count=400 if LONG else 150,
)
TestMachiKoro = pytest.mark.rules(
    "MK-BANK-1", "MK-STATE-3", "MK-STATE-4", "MK-STATE-5", "MK-EVENT-1", "MK-JSON-1",
    "MK-CHANCE-1", "MK-FLOW-1",
)(MachiKoroMachine.TestCase)  # fmt: skip
