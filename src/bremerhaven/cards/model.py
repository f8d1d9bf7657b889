"""The typed vocabulary of Bremerhaven's cards and boards.

Every card the engine reads is one frozen value of this module: a :class:`ShipCard`, a
:class:`ContractCard`, a :class:`BuildingCard` (its abilities one :data:`Effect` each), a
:class:`PriceCard` and a :class:`NewspaperCard` (its event one :data:`EventEffect`). The
printed numbers of the boards that no public source gives (the covers' and bollards'
costs, the progress track) are a :class:`BoardData`. A whole set to play with is a
:class:`CardSet`; every card and the set say where they come from (:class:`Origin`), so no
invented value is ever shown as the game's (BH-CARD-1).

The seed's ranges (004:608-680, 004:407-409) are checked by each constructor, so a card file
with a value out of range is refused naming the field (BH-CARD-2).

>>> Good.CRATE.key, Space.PERMIT.label, Space.sea(2).label
('crate', '1.2', '2.2')
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeAlias

import attrs

from bremerhaven.errors import InvalidValueError
from meeplekit.values import shown

__all__ = [
    "BOLLARD_WALLS",
    "DOCKS",
    "LOADING_DOCKS",
    "SPACES",
    "BoardData",
    "BuildingCard",
    "CardSet",
    "Charge",
    "ContractCard",
    "Counted",
    "Effect",
    "EventEffect",
    "FreeConversion",
    "Good",
    "HoldsGoods",
    "IncomePerNewShip",
    "MoneyStore",
    "NewspaperCard",
    "Origin",
    "PriceCard",
    "PriceChoiceWhenUnbid",
    "Produce",
    "Reward",
    "ShipCard",
    "Space",
    "Stake",
    "TrainBidBonus",
    "deck_icon",
    "in_play",
]

#: The harbour board's building and storage spaces: 4 columns x 3 rows (004:690-694),
#: numbered row by row from the top left (space = row * 4 + column).
SPACES: Final = 12
#: The docks for ships (004:699-704), numbered from the top.
DOCKS: Final = 3
#: The quay walls around the docks (dock d lies between walls d and d + 1).
BOLLARD_WALLS: Final = 4
#: The loading docks for contracts (004:712-721); loading dock k lies above column k.
LOADING_DOCKS: Final = 4


class Good(enum.IntEnum):
    """The four goods (004:42), in the order the rank chits name them (004:250)."""

    BARREL = 0
    CONTAINER = 1
    CRATE = 2
    PASSENGER = 3

    @property
    def key(self) -> str:
        """The good's name in lower case, as files and notation write it."""
        return self.name.lower()


class Origin(enum.Enum):
    """Where a card's values come from (BH-CARD-1)."""

    #: The library's original set: invented for play, never the game's printed values.
    ORIGINAL = "original"
    #: Entered from a physical copy by its owner, through a card file (BH-CARD-9).
    FILE = "file"


class Space(enum.IntEnum):
    """The bidding spaces: the Town board's six, then the Sea's and the Land's four."""

    PARKING = 0
    BUILDING = 1
    PERMIT = 2
    GROW = 3
    PRICE = 4
    CAREER = 5
    SEA_1 = 6
    SEA_2 = 7
    SEA_3 = 8
    SEA_4 = 9
    LAND_1 = 10
    LAND_2 = 11
    LAND_3 = 12
    LAND_4 = 13

    @classmethod
    def sea(cls, number: int) -> Space:
        """The Sea board's space ``number`` (1-4, from the left)."""
        return cls(cls.SEA_1 + number - 1)

    @classmethod
    def land(cls, number: int) -> Space:
        """The Land board's space ``number`` (1-4, from the left)."""
        return cls(cls.LAND_1 + number - 1)

    @property
    def is_sea(self) -> bool:
        """True for a Sea board space."""
        return Space.SEA_1 <= self <= Space.SEA_4

    @property
    def is_land(self) -> bool:
        """True for a Land board space."""
        return self >= Space.LAND_1

    @property
    def slot(self) -> int:
        """The index of a Sea or Land space on its board (0 = leftmost)."""
        if self.is_sea:
            return self - Space.SEA_1
        if self.is_land:
            return self - Space.LAND_1
        raise ValueError(f"{self.name} is a Town board space")

    @property
    def label(self) -> str:
        """The number the boards print: ``1.0``-``1.5``, ``2.1``-``2.4``, ``3.1``-``3.4``."""
        if self.is_sea:
            return f"2.{self.slot + 1}"
        if self.is_land:
            return f"3.{self.slot + 1}"
        return f"1.{int(self)}"


def _between(low: int, high: int) -> Callable[[Any, Any, Any], Any]:
    return attrs.validators.and_(
        attrs.validators.instance_of(int),
        attrs.validators.ge(low),
        attrs.validators.le(high),
    )


# Typed converters: ``converter=tuple`` leaves the attrs mypy plugin a type variable, so
# that every construction with a tuple would be a type error.
def _goods(items: Iterable[Good | None]) -> tuple[Good | None, ...]:
    return tuple(items)


def _effects(items: Iterable[Effect]) -> tuple[Effect, ...]:
    return tuple(items)


def _ints(items: Iterable[int]) -> tuple[int, ...]:
    return tuple(items)


def _covers(items: Iterable[int | None]) -> tuple[int | None, ...]:
    return tuple(items)


def _ships(items: Iterable[ShipCard]) -> tuple[ShipCard, ...]:
    return tuple(items)


def _contracts(items: Iterable[ContractCard]) -> tuple[ContractCard, ...]:
    return tuple(items)


def _buildings(items: Iterable[BuildingCard]) -> tuple[BuildingCard, ...]:
    return tuple(items)


def _price_cards(items: Iterable[PriceCard]) -> tuple[PriceCard, ...]:
    return tuple(items)


def _newspapers(items: Iterable[NewspaperCard]) -> tuple[NewspaperCard, ...]:
    return tuple(items)


def _counts(value: object) -> frozenset[int]:
    return frozenset(value) if isinstance(value, Iterable) else frozenset()


def _check_counts(
    instance: object, attribute: attrs.Attribute[frozenset[int]], value: frozenset[int]
) -> None:
    if not value <= {1, 2, 3, 4}:
        raise ValueError(f"{attribute.name} must be player counts 1-4, got {sorted(value)}")


@attrs.frozen
class Stake:
    """A contract's penalty or reward: money, prestige, or nothing (004:667-683)."""

    money: int = attrs.field(default=0, validator=_between(0, 5))
    prestige: int = attrs.field(default=0, validator=_between(0, 1))

    def __attrs_post_init__(self) -> None:
        if self.money and self.prestige:
            raise ValueError("a penalty or reward is money or prestige, not both")


@attrs.frozen
class ShipCard:
    """A Ship card (004:597-637).

    ``cargo`` is the good it carries, ``None`` for wild cards (the owner picks one type,
    004:617-620); ``players`` the player counts whose icon its back shows, ``long_only``
    those under which an arrow marks it as a long-game card (004:93-96); ``back`` the
    number on its back that orders the deck (004:97-99).
    """

    key: str
    name: str
    lay_time: int = attrs.field(validator=_between(1, 5))
    cargo: Good | None
    count: int = attrs.field(validator=_between(1, 5))
    berth: int = attrs.field(validator=_between(0, 3))
    prestige: int = attrs.field(validator=_between(1, 5))
    players: frozenset[int] = attrs.field(converter=_counts, validator=_check_counts)
    long_only: frozenset[int] = attrs.field(converter=_counts, validator=_check_counts)
    back: int = attrs.field(validator=_between(1, 4))
    origin: Origin = Origin.ORIGINAL


@attrs.frozen
class ContractCard:
    """A Contract card (004:643-680).

    ``goods`` are the required goods, ``None`` for a wild symbol (each wild may be any
    type, 004:663-665); ``train`` the train symbol the Train Station reads (004:745-747).
    """

    key: str
    name: str
    delivery: int = attrs.field(validator=_between(1, 5))
    goods: tuple[Good | None, ...] = attrs.field(converter=_goods)
    penalty: Stake
    reward: Stake = attrs.field()
    train: bool
    players: frozenset[int] = attrs.field(converter=_counts, validator=_check_counts)
    long_only: frozenset[int] = attrs.field(converter=_counts, validator=_check_counts)
    back: int = attrs.field(validator=_between(1, 4))
    origin: Origin = Origin.ORIGINAL

    @goods.validator
    def _check_goods(self, attribute: object, value: tuple[Good | None, ...]) -> None:
        if not 1 <= len(value) <= 4:
            raise ValueError(f"a contract requires 1-4 goods, got {len(value)}")

    @reward.validator
    def _check_reward(self, attribute: object, value: Stake) -> None:
        if value.money > 4:
            raise ValueError(f"a reward is at most 4 money, got {value.money}")


def deck_icon(players: int) -> int:
    """The player-count icon a game of ``players`` picks its Ship and Contract cards by.

    The icons are on the card backs (004:91-92, 004:160-161); the solo game is set up like a
    2-player game (004:1070).

    >>> deck_icon(1), deck_icon(3)
    (2, 3)
    """
    if type(players) is not int or not 1 <= players <= 4:
        raise InvalidValueError(f"players must be 1-4, got {shown(players)}")
    return 2 if players == 1 else players


def in_play(card: ShipCard | ContractCard, players: int, *, short: bool) -> bool:
    """Whether ``card`` is in the deck of a game of ``players``.

    Its back must show their icon (:func:`deck_icon`) and, in the short game (always in the
    solo game), no arrow under it (004:93-95, 004:1011-1013).
    """
    icon = deck_icon(players)
    if icon not in card.players:
        return False
    return not ((short or players == 1) and icon in card.long_only)


# --------------------------------------------------------------------------- buildings


@attrs.frozen
class Produce:
    """A production building (cogwheel): one good, or money, in 4.1 (004:759-766).

    The Refinery produces a barrel (004:739-741).
    """

    good: Good | None = None
    money: int = attrs.field(default=0, validator=_between(0, 5))

    def __attrs_post_init__(self) -> None:
        if (self.good is None) == (self.money == 0):
            raise ValueError("a production building produces one good or some money")


@attrs.frozen
class IncomePerNewShip:
    """Money for each ship the owner berths (the Lighthouse: 2, 004:416-418)."""

    money: int = attrs.field(validator=_between(1, 5))


@attrs.frozen
class TrainBidBonus:
    """Each influence card bid on a contract with a train is worth more.

    The Train Station: +1 (004:743-747).
    """

    per_card: int = attrs.field(validator=_between(1, 3))


@attrs.frozen
class FreeConversion:
    """Packing and unpacking containers costs nothing (the Loading Plant, 004:134-150)."""


@attrs.frozen
class PriceChoiceWhenUnbid:
    """With no bid on 1.4, the owner may choose the Price card on top.

    The Commodity Exchange (004:524-526, 004:1193-1195); its exact text is not in the seed.
    """


@attrs.frozen
class MoneyStore:
    """Money kept on the building, usable only for penalties and charges.

    The Bank (004:1145-1146, 004:873-875); ``per_round`` money is put on it in 4.1 (how money
    reaches the official Bank is not in the seed).
    """

    per_round: int = attrs.field(validator=_between(1, 5))


@attrs.frozen
class HoldsGoods:
    """The building's space still stores goods: ``spaces`` storage spaces.

    004:791: "Only empty spaces and certain Buildings can hold goods."
    """

    spaces: int = attrs.field(validator=_between(1, 2))


#: A building's ability: one value of this vocabulary. Unknown official abilities may need
#: new members (BH-CARD-5).
Effect: TypeAlias = (
    Produce
    | IncomePerNewShip
    | TrainBidBonus
    | FreeConversion
    | PriceChoiceWhenUnbid
    | MoneyStore
    | HoldsGoods
)


@attrs.frozen
class BuildingCard:
    """A Building card (004:403-424): 0-3 prestige once built, and its abilities."""

    key: str
    name: str
    prestige: int = attrs.field(validator=_between(0, 3))
    effects: tuple[Effect, ...] = attrs.field(converter=_effects)
    origin: Origin = Origin.ORIGINAL

    @property
    def production(self) -> Produce | None:
        """The building's production (the cogwheel), or ``None``."""
        for effect in self.effects:
            if isinstance(effect, Produce):
                return effect
        return None


# --------------------------------------------------------------------------- price cards


@attrs.frozen
class PriceCard:
    """A Price card: the selling price of each good, indexed by :class:`Good` (004:513-531).

    The four prices differ, since the top card ranks the players' goods chits (004:253-256).
    """

    key: str
    prices: tuple[int, int, int, int] = attrs.field(converter=_ints)
    origin: Origin = Origin.ORIGINAL

    @prices.validator
    def _check_prices(self, attribute: object, value: tuple[int, ...]) -> None:
        if len(value) != 4 or not all(isinstance(p, int) and 1 <= p <= 9 for p in value):
            raise ValueError(f"a Price card has 4 prices of 1-9, got {value}")
        if len(set(value)) != 4:
            raise ValueError(
                f"a Price card's four prices differ (they rank the goods), got {value}"
            )

    def price(self, good: Good) -> int:
        """The price of ``good``."""
        return self.prices[good]


# --------------------------------------------------------------------------- newspapers


class Counted(enum.Enum):
    """What an event counts in each harbour."""

    CONTRACTS = "contracts"
    SHIPS = "ships"
    BUILDINGS = "buildings"
    STORED_GOODS = "stored-goods"


@attrs.frozen
class Charge:
    """Every player pays ``money`` per thing counted.

    The event "Fall": 1 per contract (004:867-876); Bank money may pay it, and no one goes
    into debt (004:1141-1146).
    """

    per: Counted
    money: int = attrs.field(validator=_between(1, 3))


@attrs.frozen
class Reward:
    """Every player earns ``money`` per thing counted."""

    per: Counted
    money: int = attrs.field(validator=_between(1, 3))


#: An event: one value of this vocabulary (BH-CARD-7).
EventEffect: TypeAlias = Charge | Reward


@attrs.frozen
class NewspaperCard:
    """A Newspaper card: "Ship ahoy!" and its progress on one side, the event on the other.

    The solo game's bidding space is at the bottom (004:893-907, 004:1091-1096).
    """

    key: str
    name: str
    progress: int = attrs.field(validator=_between(1, 3))
    event: EventEffect
    solo_space: Space
    origin: Origin = Origin.ORIGINAL


# --------------------------------------------------------------------------- boards


def _walls(walls: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(wall) for wall in walls)


@attrs.frozen
class BoardData:
    """The boards' printed numbers the seed does not give.

    ``covers`` is the cost of the Cover card on each of the 12 spaces (``None`` where no
    cover lies; covers lie on columns 3 and 4, 004:225-228). ``bollard_costs`` gives, for
    each quay wall, the cost printed on each bollard position, the first position of walls
    1 and 2 being the pre-printed starting bollard (cost 0, 004:232-233). ``track_last`` is
    the Progress track's last space and ``track_start`` the Ship token's start for 1-4
    players (004:174-176); the short game advances 2 a round for exactly 10 / 9 / 8 rounds at
    2 / 3 / 4 players (004:1059-1063).
    """

    covers: tuple[int | None, ...] = attrs.field(converter=_covers)
    bollard_costs: tuple[tuple[int, ...], ...] = attrs.field(converter=_walls)
    track_last: int = attrs.field(validator=_between(1, 60))
    track_start: tuple[int, int, int, int] = attrs.field(converter=_ints)
    origin: Origin = Origin.ORIGINAL

    def __attrs_post_init__(self) -> None:
        if len(self.covers) != SPACES:
            raise ValueError(f"covers names each of the {SPACES} spaces, got {len(self.covers)}")
        if any(c is not None and (c < 0 or i % 4 < 2) for i, c in enumerate(self.covers)):
            raise ValueError("covers lie only on the 3rd and 4th columns, at costs of 0 or more")
        if len(self.bollard_costs) != BOLLARD_WALLS or not all(
            1 <= len(w) <= 3 for w in self.bollard_costs
        ):
            raise ValueError("bollard_costs gives 1-3 positions for each of the 4 quay walls")
        if len(self.track_start) != 4 or not all(
            0 <= s < self.track_last for s in self.track_start
        ):
            raise ValueError("track_start gives a start before the last space for 1-4 players")


@attrs.frozen
class CardSet:
    """Everything a game is played with: the five decks and the boards' numbers.

    ``name`` says which set it is ("original v1", or a card file's name) and ``origin``
    whether it is the library's original set or an owner's card file (BH-CARD-1).
    """

    name: str
    origin: Origin
    ships: tuple[ShipCard, ...] = attrs.field(converter=_ships)
    contracts: tuple[ContractCard, ...] = attrs.field(converter=_contracts)
    buildings: tuple[BuildingCard, ...] = attrs.field(converter=_buildings)
    prices: tuple[PriceCard, ...] = attrs.field(converter=_price_cards)
    newspapers: tuple[NewspaperCard, ...] = attrs.field(converter=_newspapers)
    board: BoardData

    def ships_in_play(self, players: int, *, short: bool) -> tuple[ShipCard, ...]:
        """The Ship cards a game of ``players`` uses, in set order (:func:`in_play`)."""
        return tuple(c for c in self.ships if in_play(c, players, short=short))

    def contracts_in_play(self, players: int, *, short: bool) -> tuple[ContractCard, ...]:
        """The Contract cards a game of ``players`` uses, in set order (:func:`in_play`)."""
        return tuple(c for c in self.contracts if in_play(c, players, short=short))
