"""Building cards, player boards and card sets (rules COMP-2, COMP-3, COMP-4)."""

from __future__ import annotations

import typing
from typing import Any

import attrs

from harbour.cards.abilities import Ability
from harbour.cards.effects import Effect, Symbol, contains_buy
from harbour.cards.limits import (
    MAX_AMOUNT,
    MAX_BONUS_CARDS,
    MAX_BUILDINGS,
    MAX_CHARACTERS,
    MAX_COST,
    MAX_KEY,
    MAX_NAME,
    MAX_POINTS,
    MAX_PRICE,
    MAX_TEXT,
    Between,
    check_text,
)
from harbour.errors import InvalidValueError
from harbour.goods import Good
from meeplekit.display import shown_by

__all__ = ["DEFAULT_INLAND_TRADERS_PRICE", "BonusCard", "Building", "CardSet", "PlayerBoard"]

#: The library's default Inland Traders price (INLAND-2); the published price is unknown.
DEFAULT_INLAND_TRADERS_PRICE = 5


def _symbols(low: int) -> Any:
    """COMP-2: a building shows one or two owner symbols; a player board up to two."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        owner = type(instance).__name__
        if type(value) is not tuple or not all(isinstance(v, Symbol) for v in value):
            raise InvalidValueError(f"{owner}.symbols must be a tuple of Symbols, got {value!r}")
        if not low <= len(value) <= 2:
            raise InvalidValueError(
                f"a {owner.lower()} shows {low} to 2 owner symbols, got {len(value)}"
            )

    return check


def _action(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, typing.get_args(Effect)):
        raise InvalidValueError(
            f"{type(instance).__name__}.action must be an action, got {value!r}"
        )


def _texts(instance: object, *fields: tuple[str, int, bool]) -> None:
    for name, limit, empty in fields:
        check_text(type(instance).__name__, name, getattr(instance, name), limit, empty=empty)


@attrs.frozen(slots=True)
class Building:
    """A building card (COMP-2).

    ``cost`` is the price in dollars, or ``None`` for a building without a price, which
    can never be bought (BUY-7). ``first_game`` marks the buildings of the first-game
    setup (SETUP-5).
    """

    key: str
    name: str
    cost: int | None
    points: int = attrs.field(validator=Between(0, MAX_POINTS))
    symbols: tuple[Symbol, ...] = attrs.field(validator=_symbols(1))
    action: Effect = attrs.field(validator=_action)
    first_game: bool = False

    def __attrs_post_init__(self) -> None:
        _texts(self, ("key", MAX_KEY, False), ("name", MAX_NAME, False))
        if self.cost is not None and (type(self.cost) is not int or not 0 <= self.cost <= MAX_COST):
            raise InvalidValueError(
                f"{self.name}: cost must be a whole number from 0 to {MAX_COST} or None, "
                f"got {self.cost!r}"
            )
        if type(self.first_game) is not bool:
            raise InvalidValueError(f"{self.name}: first_game must be True or False")

    _repr_svg_ = shown_by(
        "harbour.views.svg:card",
        "The card as a picture, for Jupyter (:func:`harbour.views.svg.card`).",
    )

    @property
    def shows_buy_symbol(self) -> bool:
        """True when the action includes buying a building (SETUP-2)."""
        return contains_buy(self.action)

    @property
    def purchasable(self) -> bool:
        """False for a building without a price (BUY-7)."""
        return self.cost is not None


@attrs.frozen(slots=True)
class PlayerBoard:
    """A player board (COMP-3): its starting building, and for a character an ability.

    The starting building is never bought and is worth 0 points. ``ability`` is ``None``
    on the generic side. ``text`` is the ability's printed or original wording and
    ``source`` where it comes from.
    """

    key: str
    name: str
    symbols: tuple[Symbol, ...] = attrs.field(validator=_symbols(0))
    action: Effect = attrs.field(validator=_action)
    ability: Ability | None = None
    text: str = ""
    source: str = ""

    def __attrs_post_init__(self) -> None:
        _texts(
            self,
            ("key", MAX_KEY, False),
            ("name", MAX_NAME, False),
            ("text", MAX_TEXT, True),
            ("source", MAX_TEXT, True),
        )
        if self.ability is not None and not isinstance(self.ability, typing.get_args(Ability)):
            raise InvalidValueError(
                f"{self.name}: ability must be an ability, got {self.ability!r}"
            )

    _repr_svg_ = shown_by(
        "harbour.views.svg:card",
        "The card as a picture, for Jupyter (:func:`harbour.views.svg.card`).",
    )


@attrs.frozen(slots=True)
class BonusCard:
    """A bonus point card (BONUS-1).

    At the end, every ``goods`` units of ``good`` its holder trades in give ``points`` VP,
    at most ``max_trades`` times (``None``: no limit).
    """

    key: str
    name: str
    good: Good
    goods: int = attrs.field(validator=Between(1, MAX_AMOUNT))
    points: int = attrs.field(validator=Between(1, MAX_POINTS))
    max_trades: int | None = None

    def __attrs_post_init__(self) -> None:
        _texts(self, ("key", MAX_KEY, False), ("name", MAX_NAME, False))
        if not isinstance(self.good, Good):
            raise InvalidValueError(f"{self.name}: good must be a Good, got {self.good!r}")
        trades = self.max_trades
        if trades is not None and (type(trades) is not int or not 1 <= trades <= MAX_AMOUNT):
            raise InvalidValueError(
                f"{self.name}: max_trades must be a whole number from 1 to {MAX_AMOUNT} or "
                f"None, got {trades!r}"
            )

    _repr_svg_ = shown_by(
        "harbour.views.svg:card",
        "The card as a picture, for Jupyter (:func:`harbour.views.svg.card`).",
    )

    def trades(self, held: int) -> int:
        """How many trades a holder of ``held`` units makes."""
        n = held // self.goods
        return n if self.max_trades is None else min(n, self.max_trades)


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class CardSet:
    """The components a game is played with.

    A game refers to buildings by their index in :attr:`buildings`, characters by their
    index in :attr:`characters` and bonus cards by their index in :attr:`bonus_cards`.
    Its ``repr`` is short: the name and the start of the content's digest
    (:func:`~harbour.cards.identity.card_set_digest`).
    """

    name: str
    buildings: tuple[Building, ...]
    #: The generic side of the player boards.
    board: PlayerBoard
    original: bool = True
    #: Character sides of the player boards (CHAR-1).
    characters: tuple[PlayerBoard, ...] = ()
    #: Bonus point cards (BONUS-1).
    bonus_cards: tuple[BonusCard, ...] = ()
    #: The Inland Traders' price for one of each good (INLAND-2).
    inland_traders_price: int = DEFAULT_INLAND_TRADERS_PRICE

    def __attrs_post_init__(self) -> None:
        check_text("CardSet", "name", self.name, MAX_NAME)
        for label, cards, kind, most in (
            ("buildings", self.buildings, Building, MAX_BUILDINGS),
            ("characters", self.characters, PlayerBoard, MAX_CHARACTERS),
            ("bonus cards", self.bonus_cards, BonusCard, MAX_BONUS_CARDS),
        ):
            if type(cards) is not tuple or not all(type(c) is kind for c in cards):
                raise InvalidValueError(
                    f"card set {self.name!r}: {label} must be a tuple of {kind.__name__}"
                )
            if len(cards) > most:
                raise InvalidValueError(
                    f"card set {self.name!r} has {len(cards)} {label}; at most {most} are allowed"
                )
        if not self.buildings:
            raise InvalidValueError(f"card set {self.name!r} has no buildings")
        if type(self.board) is not PlayerBoard:
            raise InvalidValueError(f"card set {self.name!r}: board must be a PlayerBoard")
        for label, keys in (
            ("building", [b.key for b in self.buildings]),
            ("character", [c.key for c in self.characters]),
            ("bonus card", [c.key for c in self.bonus_cards]),
        ):
            if len(set(keys)) != len(keys):
                raise InvalidValueError(f"card set {self.name!r}: {label} keys must be unique")
        price = self.inland_traders_price
        if type(price) is not int or not 1 <= price <= MAX_PRICE:
            raise InvalidValueError(
                f"card set {self.name!r}: the Inland Traders price must be a whole number from "
                f"1 to {MAX_PRICE}, got {price!r}"
            )

    # The digest is the identity module's, which hashes this class's data.
    __repr__ = shown_by("harbour.cards.identity:card_set_repr", "The name and the digest's start.")

    @property
    def first_game_buildings(self) -> tuple[int, ...]:
        """Indices of the buildings marked for the first-game setup (SETUP-5)."""
        return tuple(i for i, b in enumerate(self.buildings) if b.first_game)

    def player_board(self, index: int | None) -> PlayerBoard:
        """The character board with this index, or the generic side for ``None``."""
        return self.board if index is None else self.characters[index]

    def index_of(self, key: str) -> int:
        """The index of the building with this key; ``KeyError`` when there is none."""
        for i, b in enumerate(self.buildings):
            if b.key == key:
                return i
        raise KeyError(f"no building {key!r} in card set {self.name!r}")
