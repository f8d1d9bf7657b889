"""Building cards, player boards and card sets (rules COMP-2, COMP-3, COMP-4)."""

from __future__ import annotations

import attrs

from harbour.cards.abilities import Ability
from harbour.cards.effects import Effect, Symbol, contains_buy
from harbour.goods import Good

__all__ = ["DEFAULT_INLAND_TRADERS_PRICE", "BonusCard", "Building", "CardSet", "PlayerBoard"]

#: The library's default Inland Traders price (INLAND-2); the published price is unknown.
DEFAULT_INLAND_TRADERS_PRICE = 5


def _symbols_1_or_2(instance: object, attribute: attrs.Attribute[object], value: object) -> None:
    assert isinstance(value, tuple)
    if not 1 <= len(value) <= 2:
        raise ValueError(f"a building shows one or two owner symbols, got {len(value)}")


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
    points: int
    symbols: tuple[Symbol, ...] = attrs.field(validator=_symbols_1_or_2)
    action: Effect
    first_game: bool = False

    def __attrs_post_init__(self) -> None:
        if self.cost is not None and self.cost < 0:
            raise ValueError(f"{self.name}: cost must not be negative")
        if self.points < 0:
            raise ValueError(f"{self.name}: victory points must not be negative")

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
    symbols: tuple[Symbol, ...]
    action: Effect
    ability: Ability | None = None
    text: str = ""
    source: str = ""


@attrs.frozen(slots=True)
class BonusCard:
    """A bonus point card (BONUS-1).

    At the end, every ``goods`` units of ``good`` its holder trades in give ``points`` VP,
    at most ``max_trades`` times (``None``: no limit).
    """

    key: str
    name: str
    good: Good
    goods: int
    points: int
    max_trades: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.goods < 1 or self.points < 1:
            raise ValueError(f"{self.name}: goods and points must be at least 1")
        if self.max_trades is not None and self.max_trades < 1:
            raise ValueError(f"{self.name}: max_trades must be at least 1 or None")

    def trades(self, held: int) -> int:
        """How many trades a holder of ``held`` units makes."""
        n = held // self.goods
        return n if self.max_trades is None else min(n, self.max_trades)


@attrs.frozen(slots=True, cache_hash=True)
class CardSet:
    """The components a game is played with.

    A game refers to buildings by their index in :attr:`buildings`, characters by their
    index in :attr:`characters` and bonus cards by their index in :attr:`bonus_cards`.
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
        if not self.buildings:
            raise ValueError(f"card set {self.name!r} has no buildings")
        for label, keys in (
            ("building", [b.key for b in self.buildings]),
            ("character", [c.key for c in self.characters]),
            ("bonus card", [c.key for c in self.bonus_cards]),
        ):
            if len(set(keys)) != len(keys):
                raise ValueError(f"card set {self.name!r}: {label} keys must be unique")
        if self.inland_traders_price < 1:
            raise ValueError(f"card set {self.name!r}: the Inland Traders price must be >= 1")

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
