"""Read-only questions about a state that the engine, the error messages and frontends share.

Each is implemented in the rules module of its area (:mod:`harbour.rules`); this module
gathers them under one name for frontends.
"""

from __future__ import annotations

from harbour.goods import Goods
from harbour.rules import abilities
from harbour.rules.abilities import ability_of, holders
from harbour.rules.buying import affords, cheapest_price, discounted_total
from harbour.rules.shipping import shipment_kept, shipment_money
from harbour.rules.toll import toll_owner
from harbour.rules.turn import site_action, sites_in_play
from harbour.state import GameState

__all__ = [
    "ability_of",
    "affords",
    "cheapest_price",
    "conversion_terms",
    "discounted_total",
    "extra_gain",
    "holders",
    "shipment_kept",
    "shipment_money",
    "site_action",
    "sites_in_play",
    "toll_owner",
]


def conversion_terms(state: GameState, player: int) -> tuple[int, int, int] | None:
    """(fee, spend, gain) of the player's once-per-turn conversion (ABIL-11), if they have one."""
    return abilities.conversion_terms(ability_of(state, player), state.options)


def extra_gain(state: GameState, player: int, gain: Goods) -> Goods:
    """What an extra-gain ability (ABIL-1) adds when ``player`` gains ``gain`` by an action."""
    return abilities.extra_gain(ability_of(state, player), gain)
