"""The typed vocabulary of cards: colours, icons, effects and the two kinds of card.

Every establishment's effect is one value of a small vocabulary (:data:`Effect`): an
income from the bank, an income per establishment of an icon or a kind, the Tuna Boat's
roll, a payment taken from the roller, from every opponent or from a chosen one, the
Business Center's trade, the Publisher's payment per icon and the Tax Office's half. A
landmark's lasting benefit is one :data:`LandmarkEffect`. The engine reads these values
(through the per-game tables of :mod:`machikoro.tables`) and the card reference is
generated from them, so the two cannot drift apart.

Establishments and landmarks are numbered by the enums :class:`Establishment` and
:class:`Landmark`: a player's establishments are a tuple of counts indexed by the
establishment's number, the market and the deck likewise.

>>> from machikoro.cards.model import Establishment, Landmark
>>> int(Establishment.CAFE), Establishment.CAFE.key
(4, 'cafe')
>>> Landmark.HARBOR.key
'harbor'
"""

from __future__ import annotations

import enum
from typing import TypeAlias

import attrs

from meeplekit.display import shown_by

__all__ = [
    "AddToRoll",
    "BonusForIcons",
    "BuildNothingBonus",
    "CoinWhenBroke",
    "Colour",
    "Earn",
    "EarnPerEstablishment",
    "EarnPerIcon",
    "EarnTunaRoll",
    "Edition",
    "Effect",
    "Establishment",
    "EstablishmentCard",
    "ExtraTurnOnDoubles",
    "Icon",
    "Landmark",
    "LandmarkCard",
    "LandmarkEffect",
    "Reroll",
    "RollTwoDice",
    "TakeFromChosen",
    "TakeFromEach",
    "TakeFromRoller",
    "TakeHalf",
    "TakePerIcons",
    "TradeEstablishment",
]


class _Keyed(enum.IntEnum):
    """An enum of cards numbered from 0, each with a kebab-case key."""

    @property
    def key(self) -> str:
        """The member's name in kebab case, as JSON and the card reference write it."""
        return self.name.lower().replace("_", "-")

    @classmethod
    def from_key(cls, key: str) -> _Keyed:
        """The member with this key (``"tv-station"``); ``KeyError`` if there is none."""
        return cls[key.upper().replace("-", "_")]


class Establishment(_Keyed):
    """Every establishment of the base game and the Harbor expansion, by card number.

    The numbers follow the die roll each activates on (003:59 suggests arranging the
    marketplace that way), so a tuple of counts lists the market from left to right.
    """

    WHEAT_FIELD = 0
    SUSHI_BAR = 1
    RANCH = 2
    BAKERY = 3
    CAFE = 4
    CONVENIENCE_STORE = 5
    FLOWER_ORCHARD = 6
    FOREST = 7
    FLOWER_SHOP = 8
    STADIUM = 9
    TV_STATION = 10
    BUSINESS_CENTER = 11
    CHEESE_FACTORY = 12
    PIZZA_JOINT = 13
    PUBLISHER = 14
    FURNITURE_FACTORY = 15
    HAMBURGER_STAND = 16
    MACKEREL_BOAT = 17
    TAX_OFFICE = 18
    MINE = 19
    FAMILY_RESTAURANT = 20
    APPLE_ORCHARD = 21
    FRUIT_AND_VEGETABLE_MARKET = 22
    FOOD_WAREHOUSE = 23
    TUNA_BOAT = 24


class Landmark(_Keyed):
    """Every landmark of the base game and the Harbor expansion, by card number."""

    CITY_HALL = 0
    HARBOR = 1
    TRAIN_STATION = 2
    SHOPPING_MALL = 3
    AMUSEMENT_PARK = 4
    RADIO_TOWER = 5
    AIRPORT = 6


class Colour(enum.Enum):
    """An establishment's colour, which says on whose turn it activates (MK-COLOR-1..4)."""

    #: Primary industry: on anyone's turn, the bank pays (MK-COLOR-1).
    BLUE = "blue"
    #: Secondary industry: on the owner's turn only, the bank pays (MK-COLOR-2).
    GREEN = "green"
    #: Restaurants: on the other players' turns, the roller pays (MK-COLOR-3).
    RED = "red"
    #: Major establishments: on the owner's turn only (MK-COLOR-4).
    PURPLE = "purple"


class Icon(enum.Enum):
    """The icon printed on an establishment, which other cards count (MK-ICON-1)."""

    WHEAT = "wheat"
    COW = "cow"
    BREAD = "bread"
    CUP = "cup"
    GEAR = "gear"
    FACTORY = "factory"
    FRUIT = "fruit"
    BOAT = "boat"
    TOWER = "tower"


class Edition(enum.Enum):
    """The box a card comes in."""

    BASE = "base"
    HARBOR = "harbor"


# --------------------------------------------------------------------------- effects


@attrs.frozen(slots=True)
class Earn:
    """Get ``amount`` coins from the bank."""

    amount: int


@attrs.frozen(slots=True)
class EarnPerIcon:
    """Get ``amount`` coins from the bank for each establishment with ``icon`` you own."""

    amount: int
    icon: Icon


@attrs.frozen(slots=True)
class EarnPerEstablishment:
    """Get ``amount`` coins from the bank for each ``establishment`` you own (Flower Shop)."""

    amount: int
    establishment: Establishment


@attrs.frozen(slots=True)
class EarnTunaRoll:
    """The roller rolls 2 dice once; get as many coins as the dice total (Tuna Boat, MKH-TUNA-3)."""


@attrs.frozen(slots=True)
class TakeFromRoller:
    """Take ``amount`` coins from the player who rolled (restaurants)."""

    amount: int


@attrs.frozen(slots=True)
class TakeFromEach:
    """Take ``amount`` coins from each opponent (Stadium)."""

    amount: int


@attrs.frozen(slots=True)
class TakeFromChosen:
    """Take ``amount`` coins from one opponent of your choice (TV Station)."""

    amount: int


@attrs.frozen(slots=True)
class TradeEstablishment:
    """Exchange one of your non-major establishments with one of an opponent's (Business Center)."""


@attrs.frozen(slots=True)
class TakePerIcons:
    """Take ``amount`` coins from each opponent for each establishment with one of ``icons`` they own."""

    amount: int
    icons: tuple[Icon, ...]


@attrs.frozen(slots=True)
class TakeHalf:
    """From each opponent with ``threshold`` coins or more, take half their coins, rounded down."""

    threshold: int


#: What an establishment does when it activates.
Effect: TypeAlias = (
    Earn
    | EarnPerIcon
    | EarnPerEstablishment
    | EarnTunaRoll
    | TakeFromRoller
    | TakeFromEach
    | TakeFromChosen
    | TradeEstablishment
    | TakePerIcons
    | TakeHalf
)


@attrs.frozen(slots=True)
class RollTwoDice:
    """You may roll 1 or 2 dice (Train Station)."""


@attrs.frozen(slots=True)
class BonusForIcons:
    """Your establishments with one of ``icons`` earn ``amount`` more coins when activated (Shopping Mall)."""

    amount: int
    icons: tuple[Icon, ...]


@attrs.frozen(slots=True)
class ExtraTurnOnDoubles:
    """If you roll doubles, take another turn after this one (Amusement Park)."""


@attrs.frozen(slots=True)
class Reroll:
    """Once every turn, you may roll the dice again (Radio Tower)."""


@attrs.frozen(slots=True)
class CoinWhenBroke:
    """Immediately before building, if you have 0 coins, get ``amount`` coins from the bank (City Hall)."""

    amount: int


@attrs.frozen(slots=True)
class AddToRoll:
    """On your turn, if the dice total ``minimum`` or more, you may add ``amount`` to it (Harbor)."""

    amount: int
    minimum: int


@attrs.frozen(slots=True)
class BuildNothingBonus:
    """If you build nothing on your turn, get ``amount`` coins from the bank (Airport)."""

    amount: int


#: A landmark's lasting benefit once completed.
LandmarkEffect: TypeAlias = (
    RollTwoDice
    | BonusForIcons
    | ExtraTurnOnDoubles
    | Reroll
    | CoinWhenBroke
    | AddToRoll
    | BuildNothingBonus
)


# --------------------------------------------------------------------------- cards


@attrs.frozen(slots=True)
class EstablishmentCard:
    """One establishment: the printed values the engine plays with."""

    #: The card's number.
    number: Establishment
    #: The English name.
    name: str
    colour: Colour
    icon: Icon
    #: The die totals it activates on.
    activation: tuple[int, ...]
    #: The construction cost in coins.
    cost: int
    effect: Effect
    #: A landmark the owner must have completed for the card to pay (the Harbor), or None.
    requires: Landmark | None
    edition: Edition
    #: Supply copies in the box (the 5th copy of a base major is counted separately:
    #: :attr:`fifth_player_copies`).
    copies: int
    #: Copies each player starts with (Wheat Field and Bakery: 1).
    starting: int = 0
    #: Supply copies the Harbor box adds for a 5th player (base majors: 1, 003:31, 003:45).
    fifth_player_copies: int = 0

    @property
    def key(self) -> str:
        """The card's key (``"tv-station"``)."""
        return self.number.key

    _repr_svg_ = shown_by(
        "machikoro.views.svg:card",
        "The card as a picture, for Jupyter (:func:`machikoro.views.svg.card`).",
    )

    @property
    def major(self) -> bool:
        """A major establishment (purple): at most one per player (MK-BUILD-2)."""
        return self.colour is Colour.PURPLE


@attrs.frozen(slots=True)
class LandmarkCard:
    """One landmark: its cost and lasting benefit."""

    number: Landmark
    name: str
    #: The construction cost in coins (City Hall: 0, it is never built).
    cost: int
    effect: LandmarkEffect
    edition: Edition
    #: Constructed from the start of the game (City Hall, MKH-CITYHALL-1).
    pre_built: bool = False

    @property
    def key(self) -> str:
        """The card's key (``"train-station"``)."""
        return self.number.key

    _repr_svg_ = shown_by(
        "machikoro.views.svg:card",
        "The card as a picture, for Jupyter (:func:`machikoro.views.svg.card`).",
    )
