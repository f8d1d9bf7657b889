"""The frozen game state: the boards, the decks, each harbour, and the decisions to come.

A :class:`GameState` is an immutable value: every function of the library returns a new
one. What is still to be decided is :attr:`GameState.stack`, a tuple of pending decisions
whose last one is decided now (BH-ENGINE-1); a pending value that needs no choice is
carried out by the engine at once (BH-ENGINE-7).

Hidden information stays in the state (BH-ENGINE-11): the order of every deck, the solo
dummy's draws and every bid's value. :func:`bremerhaven.observe` is what
one seat may see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

import attrs

from bremerhaven.cards.model import (
    BuildingCard,
    CardSet,
    ContractCard,
    Good,
    NewspaperCard,
    PriceCard,
    ShipCard,
    Space,
)
from bremerhaven.options import RulesOptions
from meeplekit.display import shown_by
from meeplekit.values import frozen_maker

__all__ = [
    "Berthed",
    "BidCard",
    "GameState",
    "Harbour",
    "Pending",
    "PendingBerth",
    "PendingBid",
    "PendingCareer",
    "PendingContract",
    "PendingDue",
    "PendingGrow",
    "PendingMovement",
    "PendingPermits",
    "PendingPrice",
    "PendingProduction",
    "PendingStartingGood",
    "PendingStep",
    "Placed",
    "make_berthed",
    "make_bid",
    "make_harbour",
    "make_placed",
    "make_state",
]

Goods: TypeAlias = tuple[int, int, int, int]


@attrs.frozen(weakref_slot=False)
class Berthed:
    """A ship in one of a harbour's docks.

    Its card, its cargo type, the goods still on it and its time markers (BH-SEA-2, BH-SEA-3,
    BH-SEA-4).
    """

    card: ShipCard
    good: Good
    goods: int
    timers: int


@attrs.frozen(weakref_slot=False)
class Placed:
    """A contract in a loading dock.

    Its card, the goods delivered to it (counts by :class:`~bremerhaven.cards.model.Good`) and its
    time markers (BH-LAND-2, BH-LAND-3).
    """

    card: ContractCard
    delivered: Goods
    timers: int


@attrs.frozen(weakref_slot=False)
class Harbour:
    """One player's harbour board, hand and money.

    ``covers`` gives the cost of the Cover card on each of the 12 spaces (``None`` once
    cleared or never covered); ``buildings`` the building built on each space; ``storage``
    the goods stored, as counts (storage spaces are interchangeable, BH-ENGINE-8); ``walls``
    the bollards on each quay wall; ``docks`` the ships, ``loading`` the contracts.
    ``hand`` and ``supply`` are the influence cards in hand (during bidding: not yet placed)
    and set aside, each sorted. ``bank`` is money on a money store (BH-MONEY-3).
    """

    money: int
    prestige: int
    hand: tuple[int, ...]
    supply: tuple[int, ...]
    covers: tuple[int | None, ...]
    buildings: tuple[BuildingCard | None, ...]
    held: tuple[BuildingCard, ...]
    storage: Goods
    walls: tuple[int, int, int, int]
    docks: tuple[Berthed | None, Berthed | None, Berthed | None]
    loading: tuple[Placed | None, Placed | None, Placed | None, Placed | None]
    bank: int = 0
    #: The loading docks whose access space was cleared this round (BH-INT-5).
    opened: frozenset[int] = frozenset()


@attrs.frozen(weakref_slot=False)
class BidCard:
    """One influence card on a bidding space: whose and its value (BH-BID-2)."""

    space: Space
    seat: int
    value: int


@attrs.frozen
class PendingStartingGood:
    """Short game: ``seat`` chooses a starting good, ``left`` still to choose (BH-SHORT-6)."""

    seat: int
    left: int


@attrs.frozen
class PendingBid:
    """The Bidding phase: ``seat`` places one influence card (BH-BID-1)."""

    seat: int


@attrs.frozen
class PendingPermits:
    """1.2: ``seat`` buys and uses building permits.

    ``permits`` bought and not yet used, ``bought`` how many it bought in all (BH-PERMIT-1,
    BH-PERMIT-8).
    """

    seat: int
    permits: int
    bought: int


@attrs.frozen
class PendingGrow:
    """1.3: ``seat``, below the top bid, pays the difference or not (BH-GROW-1)."""

    seat: int


@attrs.frozen
class PendingPrice:
    """1.4: ``seat`` chooses the top Price card (BH-PRICE-1).

    ``seat`` is the winner, or a Commodity Exchange's owner (BH-PRICE-3).
    """

    seat: int


@attrs.frozen
class PendingCareer:
    """1.5: ``seat`` swaps two adjacent ranks or none (BH-CAREER-1)."""

    seat: int


@attrs.frozen
class PendingBerth:
    """Sea: ``seat`` berths the ship ``card`` it won (BH-SEA-2)."""

    seat: int
    card: ShipCard


@attrs.frozen
class PendingContract:
    """Land: ``seat`` places the contract ``card`` it won (BH-LAND-2)."""

    seat: int
    card: ContractCard


@attrs.frozen
class PendingProduction:
    """4.1: ``seat`` runs its production buildings; ``used`` the spaces already run (BH-PROD-3)."""

    seat: int
    used: frozenset[int]


@attrs.frozen
class PendingMovement:
    """4.2: ``seat`` moves and converts goods.

    ``last`` the direction of the last conversion since the last unload or delivery (+1 packed, -1
    unpacked, 0 none), BH-ENGINE-8.
    """

    seat: int
    last: int


@attrs.frozen
class PendingStep:
    """A step without a choice that the engine carries out (BH-ENGINE-7).

    ``phase`` names it and ``index`` the seat or board space it acts on.
    """

    phase: str
    index: int = 0


@attrs.frozen
class PendingDue:
    """4.4 or the end: ``seat`` chooses which due contract to resolve next (BH-INT-16).

    ``docks`` are the loading docks whose contracts are still to resolve; in 4.4 they are
    due (no time marker left) and wait there. ``end``: the leftover contracts at the end
    of the game (BH-END-2); else 4.4, whose due ships follow the last contract (BH-TIME-1).
    """

    seat: int
    docks: frozenset[int]
    end: bool = False


#: Every kind of pending decision or step on the stack.
Pending: TypeAlias = (
    PendingStartingGood
    | PendingBid
    | PendingPermits
    | PendingGrow
    | PendingPrice
    | PendingCareer
    | PendingBerth
    | PendingContract
    | PendingProduction
    | PendingMovement
    | PendingStep
    | PendingDue
)


@attrs.frozen(weakref_slot=False)
class GameState:
    """A whole position of Bremerhaven.

    ``players`` holds a harbour per seat (the solo game's dummy is the second, BH-SOLO-1);
    ``seats`` the seats that decide; ``ranks`` the seats from Captain down (BH-FLOW-3).
    ``sea`` and ``land`` are the cards on offer (``None``: an empty space), ``bids`` the
    cards placed this round in placement order. The decks (top first) are hidden;
    ``prices`` is the Price card stack (top first, face up, BH-PRICE-1); ``newspapers`` the
    rack's right side (top first, its progress side up) and ``event`` its left side.
    ``goods`` is the general supply of goods (BH-INT-3). Solo: ``dummy_news`` the dummy's
    newspaper draws to come and ``dummy_orders`` the order it draws its hand, per round
    (BH-SOLO-6, BH-SOLO-8).
    """

    options: RulesOptions
    cards: CardSet
    seats: int
    players: tuple[Harbour, ...]
    ranks: tuple[int, ...]
    round: int
    track: int
    sea: tuple[ShipCard | None, ...]
    land: tuple[ContractCard | None, ...]
    bids: tuple[BidCard, ...]
    ship_deck: tuple[ShipCard, ...]
    contract_deck: tuple[ContractCard, ...]
    buildings: tuple[BuildingCard, ...]
    prices: tuple[PriceCard, ...]
    newspapers: tuple[NewspaperCard, ...]
    event: NewspaperCard | None
    goods: Goods
    discarded_ships: int
    discarded_contracts: int
    dummy_news: tuple[NewspaperCard, ...]
    dummy_orders: tuple[tuple[int, ...], ...]
    stack: tuple[Pending, ...]

    __str__ = shown_by(
        "bremerhaven.views.view:render",
        "The text view of the position as every player sees it (:func:`bremerhaven.views.view.render`).",
    )
    _repr_svg_ = shown_by(
        "bremerhaven.views.svg:position",
        "The position as every player sees it, as a picture for Jupyter "
        "(:func:`bremerhaven.views.svg.position`).",
    )

    @property
    def solo(self) -> bool:
        """Whether this is the solo game."""
        return self.seats == 1

    @property
    def dummy(self) -> int | None:
        """The dummy's index in :attr:`players` (solo), else ``None``."""
        return 1 if self.seats == 1 else None

    @property
    def price(self) -> PriceCard:
        """The Price card on top: today's prices (BH-TIME-2)."""
        return self.prices[0]


#: The engine's fast constructors: they check nothing, so only the engine uses them, with
#: values it made itself (:func:`meeplekit.values.frozen_maker`).
make_state: Callable[..., GameState] = frozen_maker(GameState)
make_harbour: Callable[..., Harbour] = frozen_maker(Harbour)
make_berthed: Callable[..., Berthed] = frozen_maker(Berthed)
make_placed: Callable[..., Placed] = frozen_maker(Placed)
make_bid: Callable[..., BidCard] = frozen_maker(BidCard)
