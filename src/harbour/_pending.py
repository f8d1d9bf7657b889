"""The pending decisions and pawn sites of :mod:`harbour.state`, where they are documented.

Their own module, never compiled: mypyc builds the attrs classes of a compiled module in
a way attrs and cattrs cannot read (their fields' types are lost), and the compiled build
compiles :mod:`harbour.state`. Each class names :mod:`harbour.state` as its module, where
it is imported, documented and pickled from; their annotations are values, not strings
(no ``from __future__ import annotations``), as that module does not hold every name.
"""

import attrs

from harbour.cards.effects import Effect
from harbour.errors import InvalidValueError
from meeplekit.values import shown

__all__ = [
    "BoardSite",
    "CardSite",
    "PendingCharacter",
    "PendingEffect",
    "PendingFreeBuilding",
    "PendingGift",
    "PendingMove",
    "PendingPurchase",
    "PendingShip",
    "PendingStartingGoods",
    "PendingToll",
    "PendingTollAfter",
]


def _index(instance: object, attribute: "attrs.Attribute[int]", value: int) -> None:
    if type(value) is not int or value < 0:
        name = f"{type(instance).__name__}.{attribute.name}"
        raise InvalidValueError(f"{name} must be a whole number >= 0, got {shown(value)}")


@attrs.frozen(slots=True, cache_hash=True)
class CardSite:
    """A building card (in the display or owned), by its index in the card set."""

    card: int = attrs.field(validator=_index)


@attrs.frozen(slots=True, cache_hash=True)
class BoardSite:
    """The starting building on a player's board, by the player's seat."""

    player: int = attrs.field(validator=_index)


@attrs.frozen(slots=True)
class PendingStartingGoods:
    """Setup: the current player chooses their starting goods (SETUP-4, SETUP-5)."""


@attrs.frozen(slots=True, cache_hash=True)
class PendingCharacter:
    """Setup: ``player`` keeps one of the two character boards ``offered`` (CHAR-2)."""

    player: int
    offered: tuple[int, ...]


@attrs.frozen(slots=True, cache_hash=True)
class PendingFreeBuilding:
    """Setup: ``player`` takes one of the top deck buildings ``options`` for free (ABIL-8)."""

    player: int
    options: tuple[int, ...]


@attrs.frozen(slots=True, cache_hash=True)
class PendingGift:
    """``player`` (not always the one whose turn it is) gains ``amount`` goods of choice.

    Raised by abilities: ABIL-6 (a purchase), ABIL-7 (another player's starting building),
    ABIL-10 (a pawn joining theirs).

    :ivar cause: The rule of the ability that gives it: ``"ABIL-6"``, ``"ABIL-7"`` or
        ``"ABIL-10"`` (information for frontends; not part of equality, as the position
        implies it).
    :ivar times: How many times the ability gave it at once, for example the buildings
        bought for ABIL-6 (information for frontends, like ``cause``).
    """

    # The fields' documentation is in the docstring: Sphinx reads ``#:`` comments from the
    # module the class names (harbour.state), not from this one.
    player: int
    amount: int
    cause: str = attrs.field(default="", eq=False)
    times: int = attrs.field(default=1, eq=False)


@attrs.frozen(slots=True, cache_hash=True)
class PendingShip:
    """A buy action after selling to the Inland Traders for ``money`` dollars (INLAND-2)."""

    count: int
    money: int


@attrs.frozen(slots=True)
class PendingMove:
    """The current player moves their pawn (TURN-1 to TURN-3)."""


@attrs.frozen(slots=True, cache_hash=True)
class PendingToll:
    """On arrival at ``owner``'s building: pay the toll now, or after the action (TOLL-2)."""

    owner: int


@attrs.frozen(slots=True, cache_hash=True)
class PendingTollAfter:
    """The deferred toll to ``owner``, due when the action is done (TOLL-2, TOLL-3)."""

    owner: int


@attrs.frozen(slots=True, cache_hash=True)
class PendingEffect:
    """An action (or part of one) still to perform."""

    effect: Effect


@attrs.frozen(slots=True, cache_hash=True)
class PendingPurchase:
    """Goods were shipped for ``money`` dollars; choose up to ``count`` buildings (BUY-5, BUY-6).

    :ivar shipped: Whether any good was shipped (INT-7).
    """

    money: int
    count: int
    shipped: bool


for _name in __all__:
    globals()[_name].__module__ = "harbour.state"
