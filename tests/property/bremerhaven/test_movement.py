"""The goods-movement model ends: random move sequences in 4.2 reach EndMovement in time.

BH-ENGINE-9: each Unload and each Delivery uses up one of the goods on the player's ships
``U`` or the goods its contracts still need ``D``; between two of them the conversions run
one way (a conversion opposite to the last is not offered), each changing the containers
by one within ``[0, K]``, ``K`` the container-units the player can ever hold. So a movement
phase takes at most ``(U + D + 1) * (K + 1)`` moves, EndMovement included
(:func:`bremerhaven.testing.movement_bound`).

Two sources of positions: every movement phase met in a sweep of random games (1 to 4
players, the long and the short game, every reading), and harbours forged with Hypothesis
at a movement phase (full ships, contracts, crates and containers, money, the Loading
Plant's free conversions). From each, random sequences of moves other than EndMovement are
played until the engine ends the phase itself (when EndMovement is the only legal move);
their length must stay within the bound, and a conversion never changes the storage
spaces used (BH-MOVE-5, BH-INT-15).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bremerhaven
from bremerhaven import GameState, Good, RulesOptions
from bremerhaven.moves import EndMovement, Pack, Unpack
from bremerhaven.positions import position
from bremerhaven.rules.harbours import capacity, used_spaces
from bremerhaven.state import PendingMovement
from bremerhaven.testing import movement_bound
from meeplekit.rng import SplitMix64

WALKS = 3


def _moving(state: GameState) -> PendingMovement | None:
    top = state.stack[-1] if state.stack else None
    return top if isinstance(top, PendingMovement) else None


def walk(state: GameState, choose: Any, *, forged: bool = False) -> int:
    """Play moves other than EndMovement until the phase ends; how many were played.

    ``choose(n)`` picks an index below ``n``. A forged position may start where EndMovement
    is the only move, which the engine, in play, takes by itself (BH-ENGINE-7).
    """
    pending = _moving(state)
    assert pending is not None
    seat = pending.seat
    bound = movement_bound(state)
    played = 0
    while (top := _moving(state)) is not None and top.seat == seat:
        listed = [m for m in bremerhaven.legal_moves(state) if not isinstance(m, EndMovement)]
        if not listed and forged and played == 0:
            return 0
        assert listed, "the engine ends a phase where EndMovement is the only move"
        move = listed[choose(len(listed))]
        before = used_spaces(state.players[seat].storage)
        state = bremerhaven.apply_move(state, move)
        played += 1
        if isinstance(move, Pack | Unpack):
            assert used_spaces(state.players[seat].storage) == before
        assert played + 1 <= bound, f"the movement phase went past its bound of {bound}"
    return played


def _phases(players: int, seed: int, options: RulesOptions) -> list[GameState]:
    """The start of every movement phase of a random game."""
    state = bremerhaven.new_game(players, seed=seed, options=options)
    rng = SplitMix64(seed)
    found = []
    while not bremerhaven.is_over(state):
        pending = _moving(state)
        if pending is not None and pending.last == 0:
            found.append(state)
        state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
    return found


SWEEP = [
    (players, seed, options)
    for seed, options in enumerate(
        (
            RulesOptions(),
            RulesOptions(game="short"),
            RulesOptions(goods_supply="unlimited", cleared_dock_same_round=False),
            RulesOptions(game="short", starting_goods="different", simultaneous="seat-order"),
        )
    )
    for players in (1, 2, 3, 4)
]


@pytest.mark.rules("BH-ENGINE-8", "BH-ENGINE-9", "BH-MOVE-6", "BH-MOVE-5", "BH-INT-15")
@pytest.mark.parametrize(("players", "seed", "options"), SWEEP)
def test_every_movement_phase_of_random_games_ends_within_the_bound(
    players: int, seed: int, options: RulesOptions
) -> None:
    phases = _phases(players, 1_000 + seed, options)
    assert phases
    rng = SplitMix64(seed)
    for state in phases:
        for _ in range(WALKS):
            walk(state, lambda n: rng.below(n))


# --------------------------------------------------------------------------- forged harbours


def _base() -> GameState:
    """The first movement phase of a short 2-player game (no covers: every dock open)."""
    for seed in range(100):
        for state in _phases(2, seed, RulesOptions(game="short")):
            return state
    raise AssertionError("no movement phase found")


BASE = _base()
LOADING_PLANT = next(b for b in BASE.cards.buildings if b.key == "loading-plant")


@st.composite
def forged(draw: st.DrawFn) -> GameState:
    """A movement phase with drawn ships, contracts, storage, money and the Loading Plant."""
    state = BASE
    pending = _moving(state)
    assert pending is not None
    seat = pending.seat
    harbour = state.players[seat]
    ships = [c for c in state.ship_deck]
    contracts = [c for c in state.contract_deck]
    docks: list[Any] = []
    for dock in range(3):
        if draw(st.booleans(), label=f"ship in dock {dock}"):
            card = ships.pop(draw(st.integers(0, len(ships) - 1)))
            good = card.cargo if card.cargo is not None else draw(st.sampled_from(list(Good)))
            docks.append({"key": card.key, "good": good, "goods": draw(st.integers(0, card.count))})
        else:
            docks.append(None)
    loading: list[Any] = []
    for k in range(4):
        if draw(st.booleans(), label=f"contract in loading dock {k}"):
            order = contracts.pop(draw(st.integers(0, len(contracts) - 1)))
            printed = [g for g in order.goods if g is not None]
            done = draw(st.integers(0, len(printed)), label="delivered")
            delivered = [0, 0, 0, 0]
            for good in printed[:done]:
                delivered[good] += 1
            loading.append({"key": order.key, "delivered": delivered})
        else:
            loading.append(None)
    buildings = {i: b.key for i, b in enumerate(harbour.buildings) if b is not None}
    if draw(st.booleans(), label="Loading Plant") and LOADING_PLANT not in harbour.buildings:
        free = next(s for s in range(12) if s not in buildings)
        buildings[free] = LOADING_PLANT.key
    storage = [draw(st.integers(0, 6), label=good.key) for good in Good]
    fields: dict[str, Any] = {
        "walls": [3, 3, 3, 3],
        "docks": docks,
        "loading": loading,
        "buildings": buildings,
        "money": draw(st.integers(0, 12), label="money"),
    }
    made = position(state, harbours={seat: fields})
    room = capacity(made.players[seat])
    while used_spaces((storage[0], storage[1], storage[2], storage[3])) > room:
        storage[max(range(4), key=lambda g: storage[g])] -= 1
    return position(made, harbours={seat: {"storage": storage}})


@pytest.mark.rules("BH-ENGINE-9", "BH-MOVE-7", "BH-MOVE-3", "BH-MOVE-4", "BH-MOVE-2")
@settings(max_examples=150)
@given(state=forged(), data=st.data())
def test_forged_movement_phases_end_within_the_bound(state: GameState, data: st.DataObject) -> None:
    walk(state, lambda n: data.draw(st.integers(0, n - 1), label="move"), forged=True)
