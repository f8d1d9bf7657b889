"""What a player may see: :func:`observe` (minimal; the next issue completes it).

Nothing of a game of Machi Koro is hidden in this model: coins, cities and landmarks are on
the table, the market is face up, and the draw deck is a public count of each kind whose
order chance decides only when a card is drawn (MK-CHANCE-3). An observation therefore holds
the whole state, seen by one seat.

>>> import machikoro
>>> state = machikoro.new_game(2, seed=1)
>>> machikoro.observe(state, 1).state == state
True
"""

from __future__ import annotations

import attrs

from machikoro.errors import InvalidValueError
from machikoro.state import GameState

__all__ = ["Observation", "observe"]


@attrs.frozen(slots=True)
class Observation:
    """What the player in seat ``viewer`` sees: here, the whole state."""

    viewer: int
    state: GameState


def observe(state: GameState, player: int) -> Observation:
    """What ``player`` (a seat) may see of ``state``."""
    if type(player) is not int or not 0 <= player < len(state.coins):
        raise InvalidValueError(f"no seat {player!r} in a game of {len(state.coins)} players")
    return Observation(player, state)
