"""Positions and move types of Bremerhaven that the hostile and door tests forge into."""

from __future__ import annotations

import typing

import bremerhaven
from bremerhaven import GameState, Good, Move, RulesOptions, Space
from meeplekit.rng import SplitMix64

MOVE_TYPES: tuple[type, ...] = typing.get_args(Move)


def _game(players: int, game: str, seed: int) -> tuple[GameState, tuple[Move, ...]]:
    start = state = bremerhaven.new_game(players, seed=seed, options=RulesOptions(game=game))
    rng, moves = SplitMix64(seed), []
    while not bremerhaven.is_over(state):
        moves.append(rng.choice(bremerhaven.legal_moves(state)))
        state = bremerhaven.apply_move(state, moves[-1])
    return start, tuple(moves)


GAMES = [_game(2, "long", 1), _game(3, "short", 2), _game(4, "long", 3), _game(1, "short", 4)]


def _positions() -> list[GameState]:
    """Up to 6 positions of each kind of decision, and finished games, over the games."""
    found: dict[str, list[GameState]] = {}
    for start, moves in GAMES:
        state = start
        for move in moves:
            found.setdefault(type(state.stack[-1]).__name__, []).append(state)
            state = bremerhaven.apply_move(state, move)
        found.setdefault("over", []).append(state)
    picked = []
    for states in found.values():
        picked += states[:: max(1, len(states) // 6)][:6]
    return picked


POSITIONS = _positions()


#: One move of each type, to forge when a position lists none of that type.
EXAMPLES: list[Move] = [
    bremerhaven.StartingGood(Good.CRATE),
    bremerhaven.Bid(Space.SEA_1, 3),
    bremerhaven.BuyPermit(),
    bremerhaven.PlaceBollard(0),
    bremerhaven.ClearCover(6),
    bremerhaven.Build("refinery"),
    bremerhaven.EndPermits(),
    bremerhaven.PayDifference(True),
    bremerhaven.ChoosePrice(3),
    bremerhaven.SwapRanks(0),
    bremerhaven.Berth(1, Good.BARREL),
    bremerhaven.PlaceContract(2),
    bremerhaven.Produce(4),
    bremerhaven.EndProduction(),
    bremerhaven.Unload(0),
    bremerhaven.Deliver(2, Good.CRATE),
    bremerhaven.Pack(),
    bremerhaven.Unpack(),
    bremerhaven.EndMovement(),
    bremerhaven.ResolveContract(1),
    bremerhaven.RotatePrices(),
]
