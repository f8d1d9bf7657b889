"""Character abilities: every hook of :mod:`harbour.cards.abilities` is read here (ABIL-1 to ABIL-11).

The rules modules ask this one what a player's ability does at their hook point (a gain,
a shipment, a purchase, a starting building's use, setup, scoring, a pawn move, the
once-per-turn conversion), so what an ability does is written once. These functions only
read card data; the decisions abilities create are steps of their own
(:mod:`harbour.rules.gifts`, :mod:`harbour.rules.conversion`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from harbour.cards.abilities import (
    Ability,
    AlchemistConversion,
    CollectWhenShipped,
    ExtraGain,
    FreeBuildingAtSetup,
    GainOnPurchase,
    GainWhenOthersUseStart,
    OncePerTurnConversion,
    PointsForMarketValue,
    ShareOccupiedBuildings,
    ShippingBonus,
    ShippingKeepsExcess,
    ShippingKeepsOneEach,
)
from harbour.facts import GAME
from harbour.goods import Good, Goods
from harbour.options import BeggarTrigger, RulesOptions
from harbour.state import GameState

# Enum members read once: read through its class, a member costs about four plain
# attribute reads (each read looks the name up on the enum's type first).
_ANY_STARTING_BUILDING: Final = BeggarTrigger.ANY_STARTING_BUILDING

__all__ = [
    "ability_of",
    "collected_when_shipped",
    "conversion_terms",
    "extra_gain",
    "free_building_look",
    "gift_for_start_building",
    "holders",
    "kept_by_ability",
    "market_points",
    "purchase_gift",
    "scored_good",
    "shares_occupied",
    "shipping_bonus",
]

A = TypeVar("A")

Market = tuple[Good, Good, Good, Good]


def ability_of(state: GameState, player: int) -> Ability | None:
    """The ability of the player's character board, or ``None`` (generic side)."""
    return state.board_of(player).ability


def holders(state: GameState, kind: type[A]) -> list[tuple[int, A]]:
    """Every (seat, ability) whose ability is of ``kind``, in seat order."""
    out: list[tuple[int, A]] = []
    for seat in range(len(state.players)):
        ability = state.board_of(seat).ability
        if isinstance(ability, kind):
            out.append((seat, ability))
    return out


def extra_gain(ability: Ability | None, gain: Goods) -> Goods:
    """ABIL-1, INT-26: what an extra-gain ability adds to its owner's gain ``gain`` from an action."""
    if isinstance(ability, ExtraGain) and gain[ability.good]:
        return Goods.single(ability.good, ability.amount)
    return Goods()


def kept_by_ability(ability: Ability | None, held: int, value: int) -> int:
    """ABIL-2, ABIL-3: units of a shipped good (``held`` units, square ``value``) an ability keeps."""
    kept = 0
    if isinstance(ability, ShippingKeepsExcess):
        kept = held - value
    if isinstance(ability, ShippingKeepsOneEach):
        kept = max(kept, min(held, ability.amount))
    return kept


def shipping_bonus(ability: Ability | None, market: Market, chosen: Sequence[Good]) -> int:
    """ABIL-4: dollars an ability adds to its owner's shipment of ``chosen`` at ``market``."""
    if isinstance(ability, ShippingBonus) and market[ability.square] in chosen:
        return ability.amount
    return 0


def collected_when_shipped(ability: Ability | None, shipped: Sequence[Good]) -> Goods:
    """ABIL-5, INT-33: what an ability's owner collects when anybody ships ``shipped``."""
    if isinstance(ability, CollectWhenShipped) and ability.good in shipped:
        return Goods.single(ability.good, ability.amount)
    return Goods()


def purchase_gift(ability: Ability | None, bought: int) -> int:
    """ABIL-6, INT-31: goods of choice an ability gives for ``bought`` buildings bought at once."""
    if bought and isinstance(ability, GainOnPurchase):
        return ability.amount * bought
    return 0


def gift_for_start_building(ability: Ability | None, own: bool, options: RulesOptions) -> int:
    """ABIL-7, INT-25, INT-35: goods of choice an ability gives for another's starting-building gain.

    ``own`` says whether that player gained at their own starting building.
    """
    if not isinstance(ability, GainWhenOthersUseStart):
        return 0
    if own or options.beggar is _ANY_STARTING_BUILDING:
        return ability.amount
    return 0


def free_building_look(ability: Ability | None) -> int:
    """ABIL-8: how many top deck buildings the ability shows at setup (0: none)."""
    return ability.look if isinstance(ability, FreeBuildingAtSetup) else 0


def scored_good(ability: Ability | None) -> Good | None:
    """ABIL-9: the good whose final market value the ability scores, if it scores one."""
    return ability.good if isinstance(ability, PointsForMarketValue) else None


def market_points(ability: Ability | None, market: Market) -> int:
    """ABIL-9: points the ability adds at the end: the market value of its good."""
    good = scored_good(ability)
    return 0 if good is None else GAME.market_values[market.index(good)]


def shares_occupied(ability: Ability | None) -> int:
    """ABIL-10: the gift owed to each pawn joined, when the ability lets its owner share (else 0)."""
    return ability.gift if isinstance(ability, ShareOccupiedBuildings) else 0


def conversion_terms(ability: Ability | None, options: RulesOptions) -> tuple[int, int, int] | None:
    """ABIL-11, INT-24: (fee, spend, gain) of a once-per-turn conversion, if the ability is one."""
    if isinstance(ability, AlchemistConversion):
        return options.alchemist.terms
    if isinstance(ability, OncePerTurnConversion):
        return (ability.fee, ability.spend, ability.gain)
    return None
