"""Starting a game (rules MK-SETUP-1 to MK-SETUP-3, MK-PLAYERS-1, MK-CHANCE-4): :func:`new_game`.

The setup rules live in :mod:`machikoro.rules.setup`; this module keeps the public name,
and :func:`start`, the position before the market is drawn (MK-SPIEL-2).

>>> import machikoro
>>> state = start(2)
>>> machikoro.current_player(state) == machikoro.CHANCE  # the first card of the market
True
"""

from __future__ import annotations

import attrs

from machikoro.options import RulesOptions
from machikoro.rules import setup as _setup
from machikoro.rules.work import DRAW
from machikoro.state import GameState
from machikoro.tables import tables_for

__all__ = ["new_game", "start"]


def new_game(
    players: int, *, seed: int | None = None, options: RulesOptions | None = None
) -> GameState:
    """A new game of ``players`` players (2 to 4; 2 to 5 with the expansion), from ``seed``.

    Each player has 3 coins, a Wheat Field, a Bakery and their landmarks under construction
    (City Hall built, with the expansion). The Harbor marketplace is drawn with
    :class:`~meeplekit.rng.SplitMix64` seeded with ``seed`` (0 <= seed < 2**64) through the
    same chance nodes as during play, so the game begins at Player 1's first decision, the
    roll (MK-CHANCE-4). Without a ``seed`` the library draws a 64-bit one from the operating
    system (:mod:`secrets`). ``options`` selects the edition, market and readings (default:
    the Harbor expansion and the documented readings).

    Raises :class:`~machikoro.errors.InvalidValueError` (a ``ValueError``) for a bad
    argument, saying which and why (MK-INPUT-3).
    """
    return _setup.new_game(players, seed=seed, options=options)


def start(players: int, options: RulesOptions | None = None) -> GameState:
    """The position of a new game before its market is drawn (MK-SPIEL-2).

    It is :func:`machikoro.new_game`'s position with the market's cards back in the deck
    and the draws still to come, on top of Player 1's roll; its seed is 0 (no seed fills
    its market: the OpenSpiel game's chance nodes do). Drawing with
    ``SplitMix64(seed)`` from it (:func:`machikoro.sample_chance`) gives ``new_game(players,
    seed=seed)`` again, seed aside (MK-CHANCE-4). With the base game's market, whose piles
    are all laid out, it is ``new_game``'s position itself. Raises
    :class:`~machikoro.errors.InvalidValueError` as ``new_game`` does.
    """
    state = new_game(players, seed=0, options=options)
    if not tables_for(state.options, players).harbor_market:
        return state
    return attrs.evolve(
        state,
        market=(0,) * len(state.market),
        deck=tuple(shown + left for shown, left in zip(state.market, state.deck, strict=True)),
        stack=(*state.stack, DRAW),
    )
