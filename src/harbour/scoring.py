"""Victory points, tie-breakers and the winner (rules END-3 to END-5)."""

from __future__ import annotations

import attrs

from harbour.errors import GameNotOverError
from harbour.options import TieBreak
from harbour.state import GameState

__all__ = ["Outcome", "outcome", "victory_points"]


@attrs.frozen(slots=True)
class Outcome:
    """The result of a finished game. Tuples are indexed by seat unless said otherwise."""

    #: Victory points (END-3).
    points: tuple[int, ...]
    #: Buildings bought (the first tie-breaker, END-4).
    buildings: tuple[int, ...]
    #: Goods held in total (the second tie-breaker under the default reading, INT-2).
    goods: tuple[int, ...]
    #: Seats from first to last after tie-breakers; tied seats in seat order.
    ranking: tuple[int, ...]
    #: Each seat's place, 1 for the winners; tied seats share a place.
    places: tuple[int, ...]
    #: The seat(s) that won; several when still tied (END-5).
    winners: tuple[int, ...]


def victory_points(state: GameState, player: int) -> int:
    """The victory points of the buildings ``player`` owns now (END-3)."""
    return sum(state.cards.buildings[c].points for c in state.players[player].buildings)


def outcome(state: GameState) -> Outcome:
    """Points, ranking and winner(s) of a finished game.

    Raises :class:`GameNotOverError` (a ``ValueError``) while the game is still going.
    """
    if state.stack:
        raise GameNotOverError("the game is not over; outcome() needs a finished game")
    n = len(state.players)
    points = tuple(victory_points(state, p) for p in range(n))
    buildings = tuple(len(p.buildings) for p in state.players)
    goods = tuple(p.goods.total for p in state.players)
    if state.options.tie_break is TieBreak.BUILDINGS_THEN_GOODS:
        keys = [(points[p], buildings[p], goods[p]) for p in range(n)]
    else:
        keys = [(points[p], buildings[p], 0) for p in range(n)]
    ranking = tuple(sorted(range(n), key=lambda p: (-keys[p][0], -keys[p][1], -keys[p][2], p)))
    places = tuple(1 + sum(1 for q in range(n) if keys[q] > keys[p]) for p in range(n))
    winners = tuple(p for p in range(n) if places[p] == 1)
    return Outcome(points, buildings, goods, ranking, places, winners)
