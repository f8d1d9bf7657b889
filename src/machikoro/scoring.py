"""The outcome of a finished game and each seat's return (rules MK-WIN-1, MK-WIN-2).

>>> import machikoro
>>> state = machikoro.new_game(2, seed=1)
>>> machikoro.returns(state)
(0.0, 0.0)
"""

from __future__ import annotations

import attrs

from machikoro.errors import GameNotOverError, InvalidValueError
from machikoro.state import GameState
from machikoro.tables import tables_of
from meeplekit.values import seat

__all__ = ["Outcome", "landmarks_built", "outcome", "returns", "standings", "utilities"]


@attrs.frozen(slots=True)
class Outcome:
    """The result of a finished game. Tuples are indexed by seat unless said otherwise."""

    #: Landmarks each player completed (City Hall not counted) (MK-WIN-2).
    points: tuple[int, ...]
    #: The seat that completed all its landmarks (MK-WIN-1): one seat.
    winners: tuple[int, ...]
    #: Seats from first to last: the winner, then by landmarks, coins and seat (MK-WIN-2).
    ranking: tuple[int, ...]
    #: Each seat's coins at the end.
    coins: tuple[int, ...]


def landmarks_built(state: GameState, player: int) -> int:
    """How many of the landmarks to build ``player`` has completed (City Hall not counted)."""
    seat(player, len(state.landmarks), InvalidValueError)
    t = tables_of(state)
    built = state.landmarks[player]
    return sum(1 for lm in t.to_build if built[lm])


def outcome(state: GameState) -> Outcome:
    """Points, winner and ranking of a finished game.

    Raises :class:`~machikoro.errors.GameNotOverError` (a ``ValueError``) while the game is
    still going.
    """
    if state.stack:
        raise GameNotOverError("the game is not over; outcome() needs a finished game")
    n = len(state.coins)
    points = tuple(landmarks_built(state, p) for p in range(n))
    winner = state.current
    ranking = tuple(sorted(range(n), key=lambda p: (p != winner, -points[p], -state.coins[p], p)))
    return Outcome(points, (winner,), ranking, state.coins)


def returns(state: GameState) -> tuple[float, ...]:
    """Each seat's return: 0 while the game goes on; +1 for the winner, -1/(n-1) for the others.

    The split of the protocol (:mod:`meeplekit.protocol`): each winner gets +1 divided by the
    number of winners, every other seat -1 divided by their number (MK-WIN-2).
    """
    n = len(state.coins)
    if state.stack:
        return (0.0,) * n
    winner = state.current
    return tuple(1.0 if p == winner else -1.0 / (n - 1) for p in range(n))


def utilities(state: GameState) -> tuple[float, ...]:
    """Each seat's utility of a game stopped at ``state`` (MK-SPIEL-3).

    Over: :func:`machikoro.returns` (+1 for the winner, -1/(n-1) for every other seat).
    Cut short by the cap on decisions (MK-SPIEL-4): 0 for every seat, a draw, since only
    completing every landmark wins.
    """
    if state.stack:
        return (0.0,) * len(state.coins)
    return returns(state)


def standings(state: GameState) -> tuple[int, ...]:
    """Each seat's landmarks completed now (a lab result's ``points`` of a game stopped unfinished)."""
    return tuple(landmarks_built(state, seat) for seat in range(len(state.coins)))
