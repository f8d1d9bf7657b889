"""Building cards, player boards and card sets (rules COMP-2, COMP-3, COMP-4)."""

from __future__ import annotations

import attrs

from harbour.cards.effects import Effect, Symbol, contains_buy

__all__ = ["Building", "CardSet", "PlayerBoard"]


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
    """A player board's starting building (COMP-3): never bought, worth 0 points."""

    key: str
    name: str
    symbols: tuple[Symbol, ...]
    action: Effect


@attrs.frozen(slots=True, cache_hash=True)
class CardSet:
    """The buildings and the generic player board a game is played with.

    A game refers to buildings by their index in :attr:`buildings`.
    """

    name: str
    buildings: tuple[Building, ...]
    board: PlayerBoard
    original: bool = True

    def __attrs_post_init__(self) -> None:
        keys = [b.key for b in self.buildings]
        if len(set(keys)) != len(keys):
            raise ValueError(f"card set {self.name!r}: building keys must be unique")
        if not self.buildings:
            raise ValueError(f"card set {self.name!r} has no buildings")

    @property
    def first_game_buildings(self) -> tuple[int, ...]:
        """Indices of the buildings marked for the first-game setup (SETUP-5)."""
        return tuple(i for i, b in enumerate(self.buildings) if b.first_game)

    def index_of(self, key: str) -> int:
        """The index of the building with this key; ``KeyError`` when there is none."""
        for i, b in enumerate(self.buildings):
            if b.key == key:
                return i
        raise KeyError(f"no building {key!r} in card set {self.name!r}")
