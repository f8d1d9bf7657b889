"""What one player may see of a game: :func:`observe` (rules MK-OBS-1 to MK-OBS-3).

Nothing of a position of Machi Koro is hidden from anyone at the table: coins, cities and
landmarks are on the table, the market is face up, and the draw deck is kept as a public
count of each kind, its order decided by chance only when a card is drawn (MK-CHANCE-3);
dice are chance nodes too (MK-CHANCE-2). An :class:`Observation` therefore holds every
field of the :class:`~machikoro.state.GameState` and the viewer's seat, with one exception:
the seed, which is how the library filled the first market (MK-CHANCE-4), no rule reads
afterwards, and nobody at a real table knows (MK-OBS-1).

>>> import machikoro
>>> state = machikoro.new_game(2, seed=1)
>>> seen = machikoro.observe(state, 1)
>>> seen.viewer, seen.coins == state.coins, seen.market == state.market
(1, True, True)
>>> seen.decider  # Player 1 rolls
0
>>> machikoro.observe(machikoro.new_game(2, seed=1), 1) == seen  # a function of the position
True

:func:`machikoro.determinize` gives the position back (MK-OBS-2).
"""

from __future__ import annotations

import attrs

from machikoro.errors import InvalidValueError
from machikoro.options import RulesOptions
from machikoro.state import GameState, Pending, PlayerView
from meeplekit.display import shown_by
from meeplekit.protocol import CHANCE
from meeplekit.values import shown

__all__ = ["Observation", "observe"]


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class Observation:
    """A game as seen by the player in seat :attr:`viewer` (MK-OBS-1): everything but the seed.

    The fields are those of :class:`~machikoro.state.GameState`, with the same meanings,
    but the seed; like the state's, the hash leaves out the options, which stay the same
    through a game, and equality compares every field. ``players``, ``dice``,
    ``pending`` and :meth:`player` read it as they read a state.
    """

    #: The seat of the player who sees (0 is Player 1), or ``None`` for a spectator (MK-OBS-4).
    viewer: int | None
    #: The edition, market and readings in force (public).
    options: RulesOptions = attrs.field(hash=False)
    #: Each player's coins.
    coins: tuple[int, ...]
    #: Each player's establishments: copies owned of each establishment, by number.
    establishments: tuple[tuple[int, ...], ...]
    #: Each player's landmarks: whether each is completed, by number.
    landmarks: tuple[tuple[bool, ...], ...]
    #: Cards of each establishment face up in the market, by number.
    market: tuple[int, ...]
    #: Cards of each establishment in the draw deck, by number (a public count, MK-CHANCE-3).
    deck: tuple[int, ...]
    #: The seat whose turn it is (after the game: the winner's).
    current: int
    #: Turns begun, extra turns included.
    turn: int
    #: The turn's rolls so far, each the dice faces in ascending order.
    rolls: tuple[tuple[int, ...], ...]
    #: The total that activates establishments once settled, else 0.
    total: int
    #: Whether this turn is an Amusement Park's extra turn.
    extra_turn: bool
    #: Pending decisions of the current turn, the one to decide now last; empty when over.
    stack: tuple[Pending, ...]

    _repr_svg_ = shown_by(
        "machikoro.views.svg:position",
        "What the viewer sees, as a picture for Jupyter (:func:`machikoro.views.svg.position`).",
    )

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.coins)

    @property
    def is_over(self) -> bool:
        """True when the game has ended (MK-WIN-1)."""
        return not self.stack

    @property
    def pending(self) -> Pending | None:
        """The decision to take now, or ``None`` when the game is over."""
        return self.stack[-1] if self.stack else None

    @property
    def decider(self) -> int:
        """Who decides now, as :func:`machikoro.current_player` says of the state.

        The seat of the player who decides, :data:`~meeplekit.protocol.CHANCE` at a chance
        node, and after the game the winner's seat.
        """
        stack = self.stack
        if stack and stack[-1].chance:
            return CHANCE
        return self.current

    @property
    def dice(self) -> tuple[int, ...]:
        """The dice of the turn's last roll (``()`` before the roll)."""
        return self.rolls[-1] if self.rolls else ()

    def player(self, seat: int) -> PlayerView:
        """One player's coins, establishments and landmarks."""
        return PlayerView(seat, self.coins[seat], self.establishments[seat], self.landmarks[seat])


def observe(state: GameState, viewer: int | None) -> Observation:
    """What ``viewer`` (a seat) may see of ``state``: every field but the seed (MK-OBS-1).

    ``viewer=None`` is a spectator, who sees what every player sees (MK-OBS-4): here the
    same fields. Raises :class:`~machikoro.errors.InvalidValueError` for any other value
    that is not a seat of the game (a whole number from 0 to the number of players minus 1;
    not a ``bool``).
    """
    if viewer is not None and (type(viewer) is not int or not 0 <= viewer < len(state.coins)):
        raise InvalidValueError(f"no seat {shown(viewer)} in a game of {len(state.coins)} players")
    return Observation(
        viewer,
        state.options,
        state.coins,
        state.establishments,
        state.landmarks,
        state.market,
        state.deck,
        state.current,
        state.turn,
        state.rolls,
        state.total,
        state.extra_turn,
        state.stack,
    )
