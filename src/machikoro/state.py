"""Immutable game state and the pending decisions it holds (rule MK-FLOW-1).

A :class:`GameState` is a frozen, hashable value. Each player's city is a row of counts
indexed by establishment number (:class:`~machikoro.cards.model.Establishment`) and a row
of landmark flags indexed by landmark number; the market and the draw deck are counts by
establishment number too (the deck is public: MK-CHANCE-3). What remains to be decided in
the current turn is a stack of pending decisions (:attr:`GameState.stack`, the last item is
the one to decide now), never a callback.

The engine builds new states through a private fast path (:func:`make_state`), which makes
exactly what the public constructor makes without its per-field overhead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeAlias

import attrs

from machikoro.cards.model import Establishment, Landmark
from machikoro.options import RulesOptions
from meeplekit.display import shown_by
from meeplekit.values import frozen_maker

__all__ = [
    "GameState",
    "Pending",
    "PendingActivate",
    "PendingAddTwo",
    "PendingBuild",
    "PendingDice",
    "PendingDraw",
    "PendingEndTurn",
    "PendingOpponent",
    "PendingRoll",
    "PendingTrade",
    "PendingTunaRoll",
    "PlayerView",
    "make_state",
]


class _Pending:
    """The base of pending decisions: whether it is a chance node."""

    __slots__ = ()

    #: Whether the decision is drawn by chance rather than taken by a player (MK-CHANCE-1).
    chance: ClassVar[bool] = False


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class PendingRoll(_Pending):
    """The turn player decides how many dice to roll (MK-ROLL-1).

    ``reroll`` is True for the Radio Tower's once-per-turn re-roll, which may also be
    declined (``KeepRoll``).
    """

    reroll: bool


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class PendingDice(_Pending):
    """Chance: the faces of ``dice`` dice (MK-CHANCE-2)."""

    chance: ClassVar[bool] = True
    dice: int


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class PendingAddTwo(_Pending):
    """The turn player, who has a Harbor, decides whether to add 2 to a total of 10 or more (MKH-HARBOR-1)."""


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class PendingTunaRoll(_Pending):
    """Chance: the Tuna Boat's one roll of 2 dice (MKH-TUNA-3, MK-INT-8)."""

    chance: ClassVar[bool] = True


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class PendingActivate(_Pending):
    """The turn player's major establishments still to resolve on this total, in card order.

    Under :attr:`~machikoro.options.PurpleOrder.OWNER_CHOOSES` with two or more the owner
    chooses the next (``Activate``); otherwise the first resolves by itself (MK-INT-9).
    """

    establishments: tuple[Establishment, ...]


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class PendingOpponent(_Pending):
    """The TV Station's owner chooses the opponent to take coins from (MK-CARD-11)."""


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class PendingTrade(_Pending):
    """The Business Center's owner chooses a trade, or none (MK-CARD-12, MK-INT-20)."""


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class PendingBuild(_Pending):
    """The construction phase: build an establishment, a landmark or nothing (MK-BUILD-1).

    On top of a state it means City Hall's coin has been given (MKH-CITYHALL-2).
    """


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class PendingDraw(_Pending):
    """Chance: a card drawn from the deck to replenish the market (MK-CHANCE-3)."""

    chance: ClassVar[bool] = True


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class PendingEndTurn(_Pending):
    """The end of the turn, once the market is replenished; ``extra``: the player goes again.

    It never waits on top of a state: it happens by itself (MK-FLOW-2).
    """

    extra: bool


#: A decision still to be taken in the current turn.
Pending: TypeAlias = (
    PendingRoll
    | PendingDice
    | PendingAddTwo
    | PendingTunaRoll
    | PendingActivate
    | PendingOpponent
    | PendingTrade
    | PendingBuild
    | PendingDraw
    | PendingEndTurn
)


@attrs.frozen(slots=True)
class PlayerView:
    """One player's part of a state, for reading (:meth:`GameState.player`)."""

    #: The seat (0 is Player 1).
    seat: int
    coins: int
    #: Copies owned of each establishment, by number.
    establishments: tuple[int, ...]
    #: Whether each landmark is completed, by number.
    landmarks: tuple[bool, ...]

    def count(self, establishment: Establishment) -> int:
        """Copies owned of one establishment."""
        return self.establishments[establishment]

    def has(self, landmark: Landmark) -> bool:
        """Whether one landmark is completed."""
        return self.landmarks[landmark]


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False, repr=False)
class GameState:
    """The whole state of a game of Machi Koro; create one with :func:`machikoro.new_game`.

    Rows are indexed by seat (seat 0 takes the first turn, seats go clockwise); every count
    row by establishment number. The hash leaves out the options and the seed, which stay
    the same through a game; equality compares every field.
    """

    #: The edition, market and readings in force.
    options: RulesOptions = attrs.field(hash=False)
    #: The seed the market was filled with (MK-CHANCE-4).
    seed: int = attrs.field(hash=False)
    #: Each player's coins.
    coins: tuple[int, ...]
    #: Each player's establishments: copies owned of each establishment, by number.
    establishments: tuple[tuple[int, ...], ...]
    #: Each player's landmarks: whether each is completed, by number.
    landmarks: tuple[tuple[bool, ...], ...]
    #: Cards of each establishment face up in the market, by number.
    market: tuple[int, ...]
    #: Cards of each establishment in the draw deck, by number (public: MK-CHANCE-3).
    deck: tuple[int, ...]
    #: The seat whose turn it is (after the game: the winner's).
    current: int
    #: Turns begun, extra turns included (1 for the first).
    turn: int
    #: The turn's rolls so far, each the dice faces in ascending order: none before the roll,
    #: one, or two after a Radio Tower's re-roll (the last one counts).
    rolls: tuple[tuple[int, ...], ...]
    #: The total that activates establishments once settled (after the Harbor's +2), else 0.
    total: int
    #: Whether this turn is an Amusement Park's extra turn (MK-TURN-2, MK-INT-7).
    extra_turn: bool
    #: Pending decisions of the current turn, the one to decide now last; empty when over.
    stack: tuple[Pending, ...]

    def __repr__(self) -> str:
        if not self.stack:
            now = f"over, Player {self.current + 1} won"
        else:
            top = self.stack[-1]
            who = "chance" if top.chance else f"Player {self.current + 1}"
            now = f"turn {self.turn}, {who} to decide {top!r}"
        return f"<GameState {len(self.coins)} players, {now}>"

    __str__ = shown_by(
        "machikoro.views.view:render",
        "The text view of the position (:func:`machikoro.views.view.render`, MK-VIEW-1).",
    )
    _repr_svg_ = shown_by(
        "machikoro.views.svg:position",
        "The whole position as a picture, for Jupyter (:func:`machikoro.views.svg.position`).",
    )

    @property
    def is_over(self) -> bool:
        """True when the game has ended (MK-WIN-1)."""
        return not self.stack

    @property
    def pending(self) -> Pending | None:
        """The decision to take now, or ``None`` when the game is over."""
        return self.stack[-1] if self.stack else None

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.coins)

    @property
    def dice(self) -> tuple[int, ...]:
        """The dice of the turn's last roll (``()`` before the roll)."""
        return self.rolls[-1] if self.rolls else ()

    def player(self, seat: int) -> PlayerView:
        """One player's coins, establishments and landmarks."""
        return PlayerView(seat, self.coins[seat], self.establishments[seat], self.landmarks[seat])


#: Make a :class:`GameState` from its fields, unchecked (the engine's fast path).
make_state: Callable[..., GameState] = frozen_maker(GameState)
