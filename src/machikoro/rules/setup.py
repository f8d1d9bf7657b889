"""Starting a game (rules MK-SETUP-1, MK-SETUP-2, MK-PLAYERS-1, MKH-PLAYERS-1, MK-CHANCE-4).

Each player gets their starting city and coins; the base marketplace lays out every pile,
the Harbor marketplace is drawn from the deck through the same chance nodes as during
play, sampled with the seed.
"""

from __future__ import annotations

import secrets

from machikoro.chance import sample_chance
from machikoro.errors import InvalidValueError
from machikoro.facts import GAME
from machikoro.options import RulesOptions
from machikoro.rules.work import DRAW, ROLL
from machikoro.state import GameState, Pending, make_state
from machikoro.tables import tables_for
from machikoro.validation import options_ok
from meeplekit.rng import SplitMix64
from meeplekit.values import shown

__all__ = ["new_game"]

_SEEDS = 1 << 64


def new_game(players: object, *, seed: object = None, options: object = None) -> GameState:
    """A new game of ``players`` players, ready at Player 1's first decision (MK-CHANCE-4).

    The arguments are typed ``object``: they are checked here (MK-INPUT-3), so that the
    compiled build refuses a bad one as the pure build does, not at the call.
    """
    if options is None:
        options = RulesOptions()
    elif not options_ok(options) or not isinstance(options, RulesOptions):
        # a value made around its constructor too (MK-INPUT-3)
        raise InvalidValueError(f"options must be RulesOptions, got {shown(options)}")
    allowed = GAME.player_counts(expansion=options.expansion)
    if type(players) is not int or players not in allowed:
        edition = "with the Harbor expansion" if options.expansion else "in the base game"
        raise InvalidValueError(
            f"a game {edition} has {allowed[0]} to {allowed[-1]} players, got {shown(players)}"
        )
    if seed is None:
        seed = secrets.randbits(64)
    elif type(seed) is not int or not 0 <= seed < _SEEDS:
        raise InvalidValueError(
            f"seed must be a whole number from 0 to 2**64 - 1, got {shown(seed)}"
        )
    t = tables_for(options, players)
    row = t.starting
    none = (0,) * len(row)
    stack: tuple[Pending, ...]
    if t.harbor_market:
        market, deck, stack = none, t.box, (ROLL, DRAW)
    else:
        market, deck, stack = t.box, none, (ROLL,)
    state = make_state(
        options,
        seed,
        (GAME.starting_coins,) * players,
        (row,) * players,
        (t.starting_landmarks,) * players,
        market,
        deck,
        0,
        1,
        (),
        0,
        False,
        stack,
    )
    if t.harbor_market:
        from machikoro.engine import apply_move_unchecked  # the engine imports the rules

        rng = SplitMix64(seed)
        while state.stack[-1] is DRAW:
            state = apply_move_unchecked(state, sample_chance(state, rng))
    return state
