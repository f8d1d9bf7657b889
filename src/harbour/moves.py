"""Moves: every decision a player takes is one of these frozen values (rule TURN-6).

:func:`harbour.legal_moves` lists the moves legal now; :func:`harbour.apply_move`
applies one. Each move class names the pending decision it answers.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from harbour.goods import Good, Goods
from harbour.state import Site

__all__ = [
    "ChooseCharacter",
    "ChooseFreeBuilding",
    "ChooseOption",
    "ChoosePart",
    "ChooseStartingGoods",
    "DeferToll",
    "ExchangeGoods",
    "Move",
    "MovePawn",
    "PayToll",
    "Purchase",
    "SellToTraders",
    "Ship",
    "SwapSquares",
    "TakeGoods",
    "UseAbility",
]


@attrs.frozen(slots=True)
class ChooseStartingGoods:
    """Setup: start with these goods (SETUP-4, SETUP-5)."""

    goods: Goods


@attrs.frozen(slots=True)
class ChooseCharacter:
    """Setup: keep the character board with this index in ``CardSet.characters`` (CHAR-2)."""

    board: int


@attrs.frozen(slots=True)
class ChooseFreeBuilding:
    """Setup: take this building (card index) from the top of the deck for free (ABIL-8)."""

    card: int


@attrs.frozen(slots=True)
class MovePawn:
    """Move your pawn to a vacant building (TURN-1 to TURN-3)."""

    site: Site


@attrs.frozen(slots=True)
class PayToll:
    """Pay the toll with one unit of ``good`` (TOLL-1, TOLL-2)."""

    good: Good


@attrs.frozen(slots=True)
class DeferToll:
    """Pay the toll after the action instead of now (TOLL-2)."""


@attrs.frozen(slots=True)
class ChooseOption:
    """Choose option ``index`` of an either-or action (ACT-8)."""

    index: int


@attrs.frozen(slots=True)
class ChoosePart:
    """Do part ``index`` (0 or 1) of a two-part action first (ACT-7)."""

    index: int


@attrs.frozen(slots=True)
class TakeGoods:
    """The goods chosen for a gain of your choice (ACT-2) or an ability's gift (ABIL-6/7/10).

    For a gain with a fixed part (``GainChoice.fixed``) only the chosen part is given.
    """

    goods: Goods


@attrs.frozen(slots=True)
class ExchangeGoods:
    """A flexible conversion: spend ``spend``, gain each of ``gain`` (ACT-5)."""

    spend: Good
    gain: tuple[Good, ...]


@attrs.frozen(slots=True)
class SwapSquares:
    """Swap the goods on market squares ``first`` < ``second`` (0 = $2 .. 3 = $5) (ACT-6)."""

    first: int
    second: int


@attrs.frozen(slots=True)
class Ship:
    """Ship all of each good in ``goods`` and keep ``keep`` by warehouse symbols (BUY-1 to BUY-4).

    ``goods`` is in canonical order and may be empty (ship nothing).
    """

    goods: tuple[Good, ...]
    keep: Goods = attrs.field(factory=Goods)


@attrs.frozen(slots=True)
class SellToTraders:
    """Sell one of each good to the Inland Traders, before shipping (INLAND-2)."""


@attrs.frozen(slots=True)
class UseAbility:
    """The once-per-turn conversion (ABIL-11): pay ``fee``, turn ``spend`` goods into ``gain``.

    ``fee`` holds the goods paid as the fee (empty when the ability has none).
    """

    fee: Goods
    spend: Good
    gain: Good


@attrs.frozen(slots=True)
class Purchase:
    """Buy these display buildings (by card index); empty to buy nothing (BUY-5, BUY-6)."""

    cards: tuple[int, ...]


#: Any move.
Move: TypeAlias = (
    ChooseCharacter
    | ChooseFreeBuilding
    | SellToTraders
    | UseAbility
    | ChooseStartingGoods
    | MovePawn
    | PayToll
    | DeferToll
    | ChooseOption
    | ChoosePart
    | TakeGoods
    | ExchangeGoods
    | SwapSquares
    | Ship
    | Purchase
)
