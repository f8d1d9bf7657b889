"""What a move did, as frozen, typed events (BH-ENGINE-14).

:func:`bremerhaven.apply_move_with_events` returns, with the new state, the events of the
move and of every step the engine carried out after it, in order. Each event is one
frozen class per kind of thing that happens, holding data only (seats, cards, spaces,
amounts, goods), never a sentence; each names the clause of the specification that made it
happen in :attr:`rule_id`. :mod:`bremerhaven.views.narrate` tells them in plain English
(:func:`bremerhaven.views.narrate.describe_event`, :func:`bremerhaven.views.narrate.sentence`), so a
frontend can narrate a game from events alone.

Events never reveal hidden information: a bid's event names the space, not the value
(BH-ENGINE-11).

>>> import bremerhaven
>>> state = bremerhaven.new_game(2, seed=1)
>>> move = bremerhaven.Bid(bremerhaven.Space.PERMIT, 5)
>>> bremerhaven.apply_move_with_events(state, move)[1]
(BidPlaced(seat=1, space=<Space.PERMIT: 2>, card=None, rule_id='BH-BID-2'),)
"""

from __future__ import annotations

import enum
from typing import TypeAlias

import attrs

from bremerhaven.cards.model import (
    BuildingCard,
    ContractCard,
    Good,
    NewspaperCard,
    PriceCard,
    ShipCard,
    Space,
)

__all__ = [
    "BidPlaced",
    "BoardsRefilled",
    "BollardPlaced",
    "BuildingLeft",
    "BuildingTaken",
    "Built",
    "ContractPlaced",
    "ContractResolved",
    "CoverCleared",
    "DifferenceDeclined",
    "DummyBecameCaptain",
    "DummyDiscarded",
    "Event",
    "EventCarriedOut",
    "GameEnded",
    "GoodDelivered",
    "GoodProduced",
    "GoodUnloaded",
    "GoodsConverted",
    "InfluenceBoxed",
    "InfluenceTaken",
    "LastSpaceReached",
    "MoneyBanked",
    "MoneyCharged",
    "MoneyEarned",
    "MoneyPaid",
    "NextEvent",
    "NoInfluenceLeft",
    "NoLoadingDock",
    "NoStartingGood",
    "PermitBought",
    "PermitsUnused",
    "PrestigeGained",
    "PrestigeLost",
    "PrestigeRose",
    "PriceCardChosen",
    "PriceCardRotated",
    "PricesLeftAlone",
    "RanksKept",
    "RanksSwapped",
    "Reason",
    "ReasonCard",
    "ShipBerthed",
    "ShipCannotBerth",
    "ShipLeft",
    "ShipTokenAdvanced",
    "StartingGoodTaken",
    "event_seat",
]


class Reason(enum.Enum):
    """What money is paid or earned for: the narration tells it in brackets."""

    #: A Building's income for each new Ship (BH-CARD-12); ``card`` is the Building.
    NEW_SHIP = "new-ship"
    #: The Event card carried out in 5.1 (BH-EVENT-1); ``card`` is the Newspaper card.
    EVENT = "event"
    #: A Building that produces money (BH-PROD-3); ``card`` is the Building.
    PRODUCTION = "production"
    #: The cards on the Parking lot (BH-PARK-1); ``count`` is their number.
    PARKING = "parking"
    #: A conversion of goods (BH-MOVE-5).
    CONVERSION = "conversion"
    #: A Contract's penalty (BH-LAND-5); ``card`` is the Contract.
    PENALTY = "penalty"
    #: A Contract's reward (BH-LAND-6); ``card`` is the Contract.
    REWARD = "reward"
    #: Selling the goods delivered to a Contract (BH-TIME-2); ``card`` is the Contract.
    SALE = "sale"
    #: A building permit bought (BH-PERMIT-8).
    PERMIT = "permit"
    #: A bollard placed (BH-PERMIT-4).
    BOLLARD = "bollard"
    #: A cover cleared (BH-PERMIT-5).
    COVER = "cover"
    #: The difference paid to grow influence (BH-GROW-1).
    DIFFERENCE = "difference"
    #: The income by rank (BH-CAREER-2).
    RANK_INCOME = "rank-income"


#: The card a payment names, when its reason has one.
ReasonCard: TypeAlias = BuildingCard | ContractCard | NewspaperCard | None


# --------------------------------------------------------------------------- bidding


@attrs.frozen(slots=True)
class BidPlaced:
    """``seat`` places an influence card face down on ``space``; its value stays hidden.

    ``card`` is the Ship or Contract on a Sea or Land space, else ``None``; the solo dummy's
    bids name BH-SOLO-8.
    """

    seat: int
    space: Space
    card: ShipCard | ContractCard | None
    rule_id: str = "BH-BID-2"


# --------------------------------------------------------------------------- money


@attrs.frozen(slots=True)
class MoneyEarned:
    """``seat`` takes ``money`` from the general supply for ``reason`` (BH-MONEY-1)."""

    seat: int
    money: int
    reason: Reason
    rule_id: str
    #: The card the reason names, if any.
    card: ReasonCard = None
    #: The number of cards on the Parking lot (:attr:`Reason.PARKING`), else 0.
    count: int = 0


@attrs.frozen(slots=True)
class MoneyPaid:
    """``seat`` pays ``money`` it has, a price it chose, for ``reason`` (BH-MONEY-1)."""

    seat: int
    money: int
    reason: Reason
    rule_id: str


@attrs.frozen(slots=True)
class MoneyCharged:
    """``seat`` pays ``paid`` of a penalty or charge of ``due`` (BH-MONEY-2, BH-MONEY-3).

    The Bank first, then cash, never into debt: ``paid`` is less than ``due`` when the
    player has less, and 0 when he has nothing.
    """

    seat: int
    due: int
    paid: int
    reason: Reason
    rule_id: str
    #: The card the reason names, if any.
    card: ReasonCard = None


@attrs.frozen(slots=True)
class MoneyBanked:
    """``seat`` puts ``money`` on the Bank, its money store filled in 4.1 (BH-MONEY-3)."""

    seat: int
    money: int
    rule_id: str = "BH-MONEY-3"


# --------------------------------------------------------------------------- the Town


@attrs.frozen(slots=True)
class BuildingLeft:
    """Nobody bid on the Building: ``card`` leaves the game (BH-BUILDING-3)."""

    card: BuildingCard
    rule_id: str = "BH-BUILDING-3"


@attrs.frozen(slots=True)
class BuildingTaken:
    """``seat`` takes the Building ``card``, not built yet (BH-BUILDING-2)."""

    seat: int
    card: BuildingCard
    rule_id: str = "BH-BUILDING-2"


@attrs.frozen(slots=True)
class DummyDiscarded:
    """The solo dummy wins ``card`` and discards it (BH-SOLO-11)."""

    seat: int
    card: BuildingCard | ShipCard | ContractCard
    rule_id: str = "BH-SOLO-11"


@attrs.frozen(slots=True)
class PermitsUnused:
    """``seat`` ends its building permits with ``permits`` left unused (BH-PERMIT-7)."""

    seat: int
    permits: int
    rule_id: str = "BH-PERMIT-7"


@attrs.frozen(slots=True)
class PermitBought:
    """``seat`` buys a building permit (BH-PERMIT-1)."""

    seat: int
    rule_id: str = "BH-PERMIT-1"


@attrs.frozen(slots=True)
class BollardPlaced:
    """``seat`` places a bollard on quay wall ``wall`` (BH-PERMIT-4)."""

    seat: int
    wall: int
    rule_id: str = "BH-PERMIT-4"


@attrs.frozen(slots=True)
class CoverCleared:
    """``seat`` clears the cover of its harbour space ``space`` (BH-PERMIT-5)."""

    seat: int
    space: int
    rule_id: str = "BH-PERMIT-5"


@attrs.frozen(slots=True)
class Built:
    """``seat`` builds the Building ``card`` (BH-PERMIT-6)."""

    seat: int
    card: BuildingCard
    rule_id: str = "BH-PERMIT-6"


@attrs.frozen(slots=True)
class NoInfluenceLeft:
    """``seat`` would grow its influence but has no card left in its supply (BH-GROW-3)."""

    seat: int
    rule_id: str = "BH-GROW-3"


@attrs.frozen(slots=True)
class InfluenceTaken:
    """``seat`` takes the influence card of ``value`` into its hand (BH-GROW-1, BH-GROW-2)."""

    seat: int
    value: int
    rule_id: str


@attrs.frozen(slots=True)
class DifferenceDeclined:
    """``seat`` does not pay the difference to grow its influence (BH-GROW-1)."""

    seat: int
    rule_id: str = "BH-GROW-1"


@attrs.frozen(slots=True)
class PriceCardRotated:
    """The top Price card goes to the bottom (BH-PRICE-2, BH-SOLO-14)."""

    rule_id: str


@attrs.frozen(slots=True)
class PricesLeftAlone:
    """``seat`` may choose the Price card but lets the top one go to the bottom (BH-INT-17)."""

    seat: int
    rule_id: str = "BH-INT-17"


@attrs.frozen(slots=True)
class PriceCardChosen:
    """``seat`` puts the Price card ``card`` on top (BH-PRICE-1)."""

    seat: int
    card: PriceCard
    rule_id: str = "BH-PRICE-1"


@attrs.frozen(slots=True)
class DummyBecameCaptain:
    """The solo dummy wins the Career ladder and becomes Captain (BH-SOLO-15)."""

    seat: int
    rule_id: str = "BH-SOLO-15"


@attrs.frozen(slots=True)
class RanksKept:
    """``seat`` wins the Career ladder and swaps no ranks (BH-CAREER-1)."""

    seat: int
    rule_id: str = "BH-CAREER-1"


@attrs.frozen(slots=True)
class RanksSwapped:
    """``seat`` swaps the ranks ``rank`` and ``rank + 1`` (0 is the Captain, BH-CAREER-1)."""

    seat: int
    rank: int
    rule_id: str = "BH-CAREER-1"


# --------------------------------------------------------------------------- Sea and Land


@attrs.frozen(slots=True)
class ShipCannotBerth:
    """``seat`` wins the Ship ``card``, which cannot berth and moves on (BH-SEA-6)."""

    seat: int
    card: ShipCard
    rule_id: str = "BH-SEA-6"


@attrs.frozen(slots=True)
class ShipBerthed:
    """``seat`` berths ``card`` in ``dock`` with ``goods`` of ``good`` (BH-SEA-2)."""

    seat: int
    card: ShipCard
    dock: int
    good: Good
    goods: int
    rule_id: str = "BH-SEA-2"


@attrs.frozen(slots=True)
class NoLoadingDock:
    """``seat`` wins the Contract ``card`` but has no free loading dock (BH-LAND-8)."""

    seat: int
    card: ContractCard
    rule_id: str = "BH-LAND-8"


@attrs.frozen(slots=True)
class ContractPlaced:
    """``seat`` places the Contract ``card`` in ``loading_dock`` (BH-LAND-2)."""

    seat: int
    card: ContractCard
    loading_dock: int
    rule_id: str = "BH-LAND-2"


# --------------------------------------------------------------------------- the harbours


@attrs.frozen(slots=True)
class StartingGoodTaken:
    """``seat`` takes one ``good`` to start the short game (BH-SHORT-6)."""

    seat: int
    good: Good
    rule_id: str = "BH-SHORT-6"


@attrs.frozen(slots=True)
class NoStartingGood:
    """``seat``'s starting contract leaves it no starting good to take (BH-SHORT-6)."""

    seat: int
    rule_id: str = "BH-SHORT-6"


@attrs.frozen(slots=True)
class GoodProduced:
    """``seat``'s Building ``card`` produces one ``good`` (BH-PROD-3)."""

    seat: int
    card: BuildingCard
    good: Good
    rule_id: str = "BH-PROD-3"


@attrs.frozen(slots=True)
class GoodUnloaded:
    """``seat`` unloads one ``good`` from the Ship in ``dock`` (BH-MOVE-3)."""

    seat: int
    good: Good
    dock: int
    rule_id: str = "BH-MOVE-3"


@attrs.frozen(slots=True)
class GoodDelivered:
    """``seat`` delivers one ``good`` to its Contract ``card`` (BH-MOVE-4)."""

    seat: int
    good: Good
    card: ContractCard
    rule_id: str = "BH-MOVE-4"


@attrs.frozen(slots=True)
class GoodsConverted:
    """``seat`` packs two crates into a container, or (``pack`` false) unpacks (BH-MOVE-5)."""

    seat: int
    pack: bool
    rule_id: str = "BH-MOVE-5"


@attrs.frozen(slots=True)
class PrestigeRose:
    """``seat``'s prestige rises to its sum, ``prestige`` (BH-PRESTIGE-2)."""

    seat: int
    prestige: int
    rule_id: str = "BH-PRESTIGE-2"


@attrs.frozen(slots=True)
class ShipLeft:
    """``seat``'s Ship ``card`` is due and leaves with ``goods`` of ``good`` lost (BH-TIME-4)."""

    seat: int
    card: ShipCard
    good: Good
    goods: int
    rule_id: str = "BH-TIME-4"


@attrs.frozen(slots=True)
class PrestigeLost:
    """``seat`` loses prestige for the Contract ``card``: ``before`` to ``after`` (BH-LAND-7)."""

    seat: int
    card: ContractCard
    before: int
    after: int
    rule_id: str = "BH-LAND-7"


@attrs.frozen(slots=True)
class PrestigeGained:
    """``seat`` gains prestige for the Contract ``card``, to ``prestige`` (BH-LAND-7)."""

    seat: int
    card: ContractCard
    prestige: int
    rule_id: str = "BH-LAND-7"


@attrs.frozen(slots=True)
class ContractResolved:
    """``seat``'s Contract ``card`` is resolved and discarded (BH-TIME-3, BH-END-2)."""

    seat: int
    card: ContractCard
    rule_id: str


# --------------------------------------------------------------------------- clean-up


@attrs.frozen(slots=True)
class EventCarriedOut:
    """The Event card ``card`` is carried out in 5.1 (BH-EVENT-1)."""

    card: NewspaperCard
    rule_id: str = "BH-EVENT-1"


@attrs.frozen(slots=True)
class ShipTokenAdvanced:
    """The Ship token advances ``spaces`` to ``space`` (BH-PROGRESS-1, BH-SHORT-7)."""

    spaces: int
    space: int
    rule_id: str


@attrs.frozen(slots=True)
class LastSpaceReached:
    """The Ship token reaches the last space: the game ends (BH-PROGRESS-2)."""

    rule_id: str = "BH-PROGRESS-2"


@attrs.frozen(slots=True)
class NextEvent:
    """``card`` goes to the rack's left: next round's Event card (BH-PROGRESS-3)."""

    card: NewspaperCard
    rule_id: str = "BH-PROGRESS-3"


@attrs.frozen(slots=True)
class BoardsRefilled:
    """The Sea and Land boards are refilled (BH-REFILL-2, BH-SHORT-8)."""

    rule_id: str


@attrs.frozen(slots=True)
class InfluenceBoxed:
    """``seat`` puts its influence card of ``value`` back in the box (BH-RETURN-1)."""

    seat: int
    value: int
    rule_id: str = "BH-RETURN-1"


@attrs.frozen(slots=True)
class GameEnded:
    """The game is over; ``scores`` by seat (BH-END-3)."""

    scores: tuple[int, ...]
    rule_id: str = "BH-END-3"


#: Any event of Bremerhaven.
Event: TypeAlias = (
    BidPlaced
    | MoneyEarned
    | MoneyPaid
    | MoneyCharged
    | MoneyBanked
    | BuildingLeft
    | BuildingTaken
    | DummyDiscarded
    | PermitsUnused
    | PermitBought
    | BollardPlaced
    | CoverCleared
    | Built
    | NoInfluenceLeft
    | InfluenceTaken
    | DifferenceDeclined
    | PriceCardRotated
    | PricesLeftAlone
    | PriceCardChosen
    | DummyBecameCaptain
    | RanksKept
    | RanksSwapped
    | ShipCannotBerth
    | ShipBerthed
    | NoLoadingDock
    | ContractPlaced
    | StartingGoodTaken
    | NoStartingGood
    | GoodProduced
    | GoodUnloaded
    | GoodDelivered
    | GoodsConverted
    | PrestigeRose
    | ShipLeft
    | PrestigeLost
    | PrestigeGained
    | ContractResolved
    | EventCarriedOut
    | ShipTokenAdvanced
    | LastSpaceReached
    | NextEvent
    | BoardsRefilled
    | InfluenceBoxed
    | GameEnded
)


def event_seat(event: Event) -> int | None:
    """The seat ``event`` concerns, or ``None`` for the whole table."""
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) else None
