"""Plain-English descriptions of Bremerhaven's cards, written from their typed values.

The card reference (``docs/bremerhaven/cards.md``, :mod:`bremerhaven.cards.pages`) is
written from these, so its text always says what the engine does: a Building's ability
(:func:`describe_effect`, :func:`describe_building`), an event (:func:`describe_event`), a
Contract's penalty or reward (:func:`describe_stake`), goods (:func:`describe_goods`,
:func:`describe_cargo`) and a bidding space (:func:`describe_space`). Each ability and event
names the clause that applies it (:func:`effect_rule`).

>>> from bremerhaven.cards.model import Charge, Counted, IncomePerNewShip
>>> describe_effect(IncomePerNewShip(2))
'Its owner gets 2 money for each Ship he berths.'
>>> describe_event(Charge(Counted.CONTRACTS, 1))
'Every player pays 1 money for each Contract on his Loading docks.'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, assert_never

from bremerhaven.cards.catalogue import CATALOGUE
from bremerhaven.cards.model import (
    BuildingCard,
    Charge,
    ContractCard,
    Counted,
    Effect,
    EventEffect,
    FreeConversion,
    Good,
    HoldsGoods,
    IncomePerNewShip,
    MoneyStore,
    PriceCard,
    PriceChoiceWhenUnbid,
    Produce,
    Reward,
    ShipCard,
    Space,
    Stake,
    TrainBidBonus,
)

__all__ = [
    "RANK_NAMES",
    "TOWN_NAMES",
    "describe_building",
    "describe_cargo",
    "describe_effect",
    "describe_event",
    "describe_goods",
    "describe_prices",
    "describe_space",
    "describe_space_with",
    "describe_stake",
    "effect_rule",
    "goods_text",
]

#: What an event counts in a harbour, as the engine counts it (BH-EVENT-1).
_COUNTED: Final = {
    Counted.CONTRACTS: "Contract on his Loading docks",
    Counted.SHIPS: "Ship in his Docks",
    Counted.BUILDINGS: "Building he has built",
    Counted.STORED_GOODS: "Storage space his goods take (2 crates share a space)",
}


def goods_text(good: Good | None, count: int) -> str:
    """``count`` goods of one kind in words: ``"1 barrel"``, ``"3 crates"``, ``"2 wild"``.

    >>> goods_text(Good.PASSENGER, 2), goods_text(None, 1)
    ('2 passengers', '1 wild')
    """
    if good is None:
        return f"{count} wild"
    return f"{count} {good.key}" + ("" if count == 1 else "s")


def describe_goods(goods: Iterable[Good | None]) -> str:
    """A Contract's required goods, counted by kind in the order they first appear.

    A wild symbol (``None``) may stand for any good, each its own (004:663-665).

    >>> describe_goods((Good.BARREL, None, Good.BARREL))
    '2 barrels + 1 wild'
    """
    counts: dict[Good | None, int] = {}
    for good in goods:
        counts[good] = counts.get(good, 0) + 1
    return " + ".join(goods_text(good, count) for good, count in counts.items())


def describe_cargo(card: ShipCard) -> str:
    """A Ship's cargo: ``"2 crates"``, or for a wild Ship ``"3 wild (one kind, chosen)"``.

    The owner of a wild Ship picks one kind for all its goods when he berths it (004:617-620).
    """
    text = goods_text(card.cargo, card.count)
    return text if card.cargo is not None else f"{text} (one kind, chosen)"


def describe_stake(stake: Stake) -> str:
    """A Contract's penalty or reward: ``"2 money"``, ``"1 prestige"`` or ``"none"``."""
    if stake.money:
        return f"{stake.money} money"
    if stake.prestige:
        return f"{stake.prestige} prestige"
    return "none"


def describe_space(space: Space) -> str:
    """A bidding space as the boards print it: ``"1.2 Building permit"``, ``"2.1 Sea board"``.

    The Town board's names are the rulebook's (004:391-394), from the catalogue.

    >>> describe_space(Space.PERMIT), describe_space(Space.land(3))
    ('1.2 Building permit', '3.3 Land board')
    """
    if space.is_sea:
        return f"{space.label} Sea board"
    if space.is_land:
        return f"{space.label} Land board"
    return CATALOGUE.boards.town_spaces.value[space]


def describe_space_with(space: Space, card: ShipCard | ContractCard | None) -> str:
    """A bidding space with the Ship or Contract on it, for a sentence.

    A Town space is :func:`describe_space`'s words; a Sea or Land space names its card, or
    says it is empty.

    >>> describe_space_with(Space.GROW, None)
    '1.3 Grow influence'
    >>> describe_space_with(Space.sea(3), None)
    '2.3 (an empty space of the Sea board)'
    """
    if not (space.is_sea or space.is_land):
        return describe_space(space)
    if card is None:
        board = "Sea" if space.is_sea else "Land"
        return f"{space.label} (an empty space of the {board} board)"
    kind = "Ship" if space.is_sea else "Contract"
    return f"{space.label} (the {kind} {card.name})"


def describe_prices(card: PriceCard) -> str:
    """A Price card by its prices: ``"barrel 3, container 1, crate 6, passenger 2"``.

    A Price card has no name; its prices tell it from the others (BH-CARD-6).
    """
    return ", ".join(f"{good.key} {card.price(good)}" for good in Good)


#: The Town board's spaces by their names on the board, without the number (004:391-394):
#: the one home of these names, for the views, the narration and the notation.
TOWN_NAMES: Final = {
    space: describe_space(space).split(" ", 1)[1]
    for space in Space
    if not (space.is_sea or space.is_land)
}
#: The ranks from Captain down, as the rulebook names them (004:264-274).
RANK_NAMES: Final = ("Captain", "First Mate", "Mate", "Ship's Cook")


def describe_effect(effect: Effect) -> str:
    """What a built Building's ability does, as one sentence."""
    match effect:
        case Produce(good=good, money=money):
            made = f"{money} money" if good is None else f"1 {good.key}"
            return f"Produces {made} in 4.1, once a round."
        case IncomePerNewShip(money=money):
            return f"Its owner gets {money} money for each Ship he berths."
        case TrainBidBonus(per_card=bonus):
            return (
                f"Each of its owner's Influence cards bid on a Contract with a train is worth "
                f"+{bonus}."
            )
        case FreeConversion():
            return "Its owner packs and unpacks containers for free."
        case PriceChoiceWhenUnbid():
            return (
                "When nobody bid on 1.4, its owner may choose the Price card on top, as a "
                "winner of 1.4 would."
            )
        case MoneyStore(per_round=money):
            return (
                f"In 4.1, {money} money from the supply is put on it; that money pays only "
                "penalties and charges."
            )
        case HoldsGoods(spaces=spaces):
            room = "1 Storage space" if spaces == 1 else f"{spaces} Storage spaces"
            return f"Holds goods: {room}."
        case _:  # pragma: no cover - mypy proves it unreachable
            assert_never(effect)


def describe_event(effect: EventEffect) -> str:
    """What an Event card does to every harbour in 5.1, as one sentence."""
    match effect:
        case Charge(per=per, money=money):
            return f"Every player pays {money} money for each {_COUNTED[per]}."
        case Reward(per=per, money=money):
            return f"Every player gets {money} money for each {_COUNTED[per]}."
        case _:  # pragma: no cover - mypy proves it unreachable
            assert_never(effect)


def describe_building(card: BuildingCard) -> str:
    """Every ability of the Building, or that it has none and is worth its prestige only."""
    if not card.effects:
        return "No ability: prestige only."
    return " ".join(describe_effect(effect) for effect in card.effects)


def effect_rule(effect: Effect | EventEffect) -> str:
    """The clause that applies an ability or an event (``BH-PROD-3``, ``BH-EVENT-1``, ...).

    >>> effect_rule(FreeConversion())
    'BH-MOVE-7'
    """
    match effect:
        case Produce():
            return "BH-PROD-3"
        case IncomePerNewShip():
            return "BH-CARD-12"
        case TrainBidBonus():
            return "BH-BID-8"
        case FreeConversion():
            return "BH-MOVE-7"
        case PriceChoiceWhenUnbid():
            return "BH-PRICE-3"
        case MoneyStore():
            return "BH-MONEY-3"
        case HoldsGoods():
            return "BH-CARD-4"
        case Charge() | Reward():
            return "BH-EVENT-1"
        case _:  # pragma: no cover - mypy proves it unreachable
            assert_never(effect)
