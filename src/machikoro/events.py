"""What happened when a move was applied: frozen, typed events in the order they happened.

:func:`machikoro.apply_move_with_events` returns them with the new state (MK-EVENT-1). A
frontend that animates a game, a log or a narration reads them instead of comparing the
states before and after. Every event names the clause that produced it in
:attr:`rule_id`, and every coin that moves is in an event: :class:`CoinsEarned` (the bank
pays), :class:`CoinsTaken` (a player pays another) and :class:`EstablishmentBuilt` /
:class:`LandmarkBuilt` (a player pays the bank).

>>> import machikoro
>>> state = machikoro.new_game(2, seed=1)
>>> state, events = machikoro.apply_move_with_events(state, machikoro.RollDice(1))
>>> events
(RollChosen(player=0, dice=1, reroll=False, rule_id='MK-ROLL-1'),)
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from machikoro.cards.model import Establishment, Landmark

__all__ = [
    "CardDrawn",
    "CoinsEarned",
    "CoinsTaken",
    "DeckRanOut",
    "DiceRolled",
    "EstablishmentBuilt",
    "Event",
    "GameEnded",
    "HarborDecided",
    "LandmarkBuilt",
    "MajorsRemoved",
    "NothingBuilt",
    "RollChosen",
    "RollKept",
    "RollSettled",
    "TradeDeclined",
    "Traded",
    "TunaRolled",
    "TurnBegan",
    "TurnEnded",
]

#: A card that pays, by key: an establishment's (``"cafe"``) or a landmark's (``"airport"``).
CardKey: TypeAlias = str


@attrs.frozen(slots=True)
class TurnBegan:
    """Turn number ``turn`` of ``player`` begins; ``extra``: an Amusement Park's extra turn."""

    player: int
    turn: int
    extra: bool = False
    rule_id: str = "MK-TURN-1"


@attrs.frozen(slots=True)
class RollChosen:
    """``player`` rolls ``dice`` dice; ``reroll``: the Radio Tower's re-roll (MK-ROLL-1)."""

    player: int
    dice: int
    reroll: bool
    rule_id: str = "MK-ROLL-1"


@attrs.frozen(slots=True)
class DiceRolled:
    """The dice of ``player``'s roll show ``faces`` (a chance outcome, MK-CHANCE-2)."""

    player: int
    faces: tuple[int, ...]
    rule_id: str = "MK-CHANCE-2"


@attrs.frozen(slots=True)
class RollKept:
    """``player`` keeps the roll instead of the Radio Tower's re-roll (MK-LANDMARK-6)."""

    player: int
    rule_id: str = "MK-LANDMARK-6"


@attrs.frozen(slots=True)
class HarborDecided:
    """``player`` adds 2 to the roll with the Harbor, or not (MKH-HARBOR-1)."""

    player: int
    added: bool
    rule_id: str = "MKH-HARBOR-1"


@attrs.frozen(slots=True)
class RollSettled:
    """The roll's total is ``total`` (``doubles``: the Amusement Park's doubles, MK-ROLL-2)."""

    player: int
    total: int
    doubles: bool
    rule_id: str = "MK-ORDER-1"


@attrs.frozen(slots=True)
class TunaRolled:
    """The Tuna Boat's one roll, made by ``player``, shows ``faces`` (MKH-TUNA-3)."""

    player: int
    faces: tuple[int, ...]
    rule_id: str = "MKH-TUNA-3"


@attrs.frozen(slots=True)
class CoinsEarned:
    """The bank pays ``player`` ``coins`` for ``count`` copies of ``card`` (a card key)."""

    player: int
    coins: int
    card: CardKey
    count: int
    rule_id: str


@attrs.frozen(slots=True)
class CoinsTaken:
    """``player`` takes ``coins`` from ``payer`` for ``card``: ``owed`` were due (MK-ORDER-2)."""

    player: int
    payer: int
    coins: int
    owed: int
    card: CardKey
    count: int
    rule_id: str


@attrs.frozen(slots=True)
class Traded:
    """``player`` gives a ``give`` to ``opponent`` for their ``take`` (Business Center)."""

    player: int
    give: Establishment
    opponent: int
    take: Establishment
    rule_id: str = "MK-CARD-12"


@attrs.frozen(slots=True)
class TradeDeclined:
    """``player`` declines the Business Center's trade, or none is possible (MK-INT-20)."""

    player: int
    rule_id: str = "MK-INT-20"


@attrs.frozen(slots=True)
class EstablishmentBuilt:
    """``player`` builds an ``establishment`` from the market, paying ``cost`` to the bank."""

    player: int
    establishment: Establishment
    cost: int
    rule_id: str = "MK-BUILD-1"


@attrs.frozen(slots=True)
class LandmarkBuilt:
    """``player`` completes a ``landmark``, paying ``cost`` to the bank."""

    player: int
    landmark: Landmark
    cost: int
    rule_id: str = "MK-BUILD-1"


@attrs.frozen(slots=True)
class NothingBuilt:
    """``player`` builds nothing this turn."""

    player: int
    rule_id: str = "MK-BUILD-1"


@attrs.frozen(slots=True)
class CardDrawn:
    """A card drawn from the deck: a new pile, a pile's next card, or a major discarded.

    ``placed`` is ``"new-pile"`` (MKH-MARKET-4), ``"stacked"`` (MKH-MARKET-3) or
    ``"discarded"`` (MKH-MARKET-9).
    """

    establishment: Establishment
    placed: str
    rule_id: str


@attrs.frozen(slots=True)
class MajorsRemoved:
    """Every player owns ``establishment``: its ``count`` copies leave the market (MKH-MARKET-8)."""

    establishment: Establishment
    count: int
    rule_id: str = "MKH-MARKET-8"


@attrs.frozen(slots=True)
class DeckRanOut:
    """The deck is empty with ``piles`` different establishments showing (MKH-MARKET-7)."""

    piles: int
    rule_id: str = "MKH-MARKET-7"


@attrs.frozen(slots=True)
class TurnEnded:
    """``player``'s turn number ``turn`` ends."""

    player: int
    turn: int
    rule_id: str = "MK-TURN-1"


@attrs.frozen(slots=True)
class GameEnded:
    """``winner`` completed their last landmark: the game is over (MK-WIN-1)."""

    winner: int
    rule_id: str = "MK-WIN-1"


#: Any event.
Event: TypeAlias = (
    TurnBegan
    | RollChosen
    | DiceRolled
    | RollKept
    | HarborDecided
    | RollSettled
    | TunaRolled
    | CoinsEarned
    | CoinsTaken
    | Traded
    | TradeDeclined
    | EstablishmentBuilt
    | LandmarkBuilt
    | NothingBuilt
    | CardDrawn
    | MajorsRemoved
    | DeckRanOut
    | TurnEnded
    | GameEnded
)
