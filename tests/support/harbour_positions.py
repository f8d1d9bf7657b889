"""Positions of seeded Harbour games under varied options, for the observation tests."""

from __future__ import annotations

import functools
from collections.abc import Iterator

import attrs

import harbour
from harbour import GameState
from harbour.moves import ChooseFreeBuilding
from harbour.state import (
    PendingFreeBuilding,
)
from meeplekit.rng import SplitMix64
from tests.support.harbour_checks import playable
from tests.support.harbour_sweep import cards_for, options_for, players_for, seed_for

#: Games played: indices of the seeded sweep.
GAMES = range(0, 30)


#: Decisions played per game at most.
LIMIT = 220


#: Mixed into a game's seed for its move generator and the changes made to its positions.
SALT = 0x0B5E7FA1


def game_options(index: int) -> harbour.RulesOptions:
    """The sweep's readings; two games in three with characters and bonus cards."""
    options = options_for(index)
    if index % 3:
        options = attrs.evolve(options, characters=True, bonus_cards=True)
    return playable(players_for(index), options)


@attrs.frozen
class Seen:
    """A position of a game, and what each player saw on top of the deck (OBS-4)."""

    state: GameState
    #: For each seat, the buildings it saw on top of the deck that are still there, top first.
    deck_top: tuple[tuple[int, ...], ...]


@functools.cache
def positions_of(index: int) -> tuple[Seen, ...]:
    """:func:`positions` of game ``index``, kept for the other tests of the same worker."""
    return tuple(positions(index))


def positions(index: int, limit: int = LIMIT) -> Iterator[Seen]:
    """Every position of seeded game ``index``, up to ``limit`` decisions and the end."""
    n = players_for(index)
    state = harbour.new_game(
        n, seed=seed_for(index), options=game_options(index), cards=cards_for(index)
    )
    rng = SplitMix64(seed_for(index) ^ SALT)
    looked: dict[int, tuple[int, ...]] = {}
    for _ in range(limit):
        top = state.pending
        tops = []
        for seat in range(n):
            if isinstance(top, PendingFreeBuilding) and top.player == seat:
                tops.append(top.options)  # ABIL-8: the buildings shown
            else:  # INT-28: those not taken stay on top until the display draws them
                tops.append(tuple(c for c in looked.get(seat, ()) if c in state.deck))
        yield Seen(state, tuple(tops))
        if state.is_over:
            return
        move = rng.choice(harbour.legal_moves(state))
        if isinstance(top, PendingFreeBuilding):
            assert isinstance(move, ChooseFreeBuilding)
            looked[top.player] = tuple(c for c in top.options if c != move.card)
        state = harbour.apply_move_unchecked(state, move)
