"""Read-only questions about a state that the engine, the error messages and frontends share."""

from __future__ import annotations

from typing import TypeVar

from harbour.cards.abilities import (
    Ability,
    AlchemistConversion,
    ExtraGain,
    OncePerTurnConversion,
    ShippingBonus,
    ShippingKeepsExcess,
    ShippingKeepsOneEach,
)
from harbour.cards.effects import Effect, Symbol
from harbour.goods import Good, Goods
from harbour.options import CoinDiscount
from harbour.state import BoardSite, CardSite, GameState, Site

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


def site_action(state: GameState, site: Site) -> Effect:
    """The action printed on a building."""
    if isinstance(site, BoardSite):
        return state.board_of(site.player).action
    return state.cards.buildings[site.card].action


def sites_in_play(state: GameState) -> tuple[Site, ...]:
    """Every building a pawn may stand on, in canonical order (TURN-3).

    Starting buildings by seat, then the display in display order, then each player's
    bought buildings in purchase order followed by their free buildings.
    """
    sites: list[Site] = [BoardSite(p) for p in range(len(state.players))]
    sites.extend(CardSite(c) for c in state.display)
    for player in state.players:
        sites.extend(CardSite(c) for c in player.buildings)
        sites.extend(CardSite(c) for c in player.free_buildings)
    return tuple(sites)


def toll_owner(state: GameState, player: int, site: Site) -> int | None:
    """The seat owed a toll when ``player`` uses ``site``, or ``None`` (TOLL-1, TOLL-4)."""
    owner = state.owner_of(site)
    if owner is None or owner == player:
        return None
    if state.symbol_count(player, Symbol.TOP_HAT):
        return None
    return owner


def discounted_total(state: GameState, player: int, cards: tuple[int, ...]) -> int:
    """What ``player`` pays for buying ``cards`` together, after coins (SYM-1, INT-9)."""
    coins = state.symbol_count(player, Symbol.COIN)
    costs = [state.cards.buildings[c].cost or 0 for c in cards]
    if state.options.coin_discount is CoinDiscount.ONCE_PER_ACTION:
        return max(0, sum(costs) - coins)
    return sum(max(0, cost - coins) for cost in costs)


def cheapest_price(state: GameState, player: int) -> int | None:
    """The lowest price, after coins, of a display building ``player`` could buy."""
    prices = [
        discounted_total(state, player, (c,))
        for c in state.display
        if state.cards.buildings[c].cost is not None
    ]
    return min(prices) if prices else None


def affords(state: GameState, player: int, money: int) -> bool:
    """True when ``money`` pays for at least one display building ``player`` may buy."""
    cheapest = cheapest_price(state, player)
    return cheapest is not None and cheapest <= money


A = TypeVar("A")


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


def conversion_terms(state: GameState, player: int) -> tuple[int, int, int] | None:
    """(fee, spend, gain) of the player's once-per-turn conversion (ABIL-11), if they have one."""
    ability = ability_of(state, player)
    if isinstance(ability, AlchemistConversion):
        return state.options.alchemist.terms
    if isinstance(ability, OncePerTurnConversion):
        return (ability.fee, ability.spend, ability.gain)
    return None


def shipment_money(state: GameState, player: int, chosen: tuple[Good, ...], base: int) -> int:
    """Dollars a shipment of ``chosen`` makes for ``player`` (BUY-4, ABIL-4, INLAND-2)."""
    money = base + sum(state.value_of(g) for g in chosen)
    ability = ability_of(state, player)
    if isinstance(ability, ShippingBonus) and state.market[ability.square] in chosen:
        money += ability.amount
    return money


def shipment_kept(state: GameState, player: int, chosen: tuple[Good, ...], keep: Goods) -> Goods:
    """Units of each shipped good ``player`` keeps after shipping ``chosen`` (BUY-3).

    ``keep`` is what warehouse symbols keep (SYM-3); keeping abilities add to it, never
    beyond what was held (ABIL-2, ABIL-3, INT-32).
    """
    held = state.players[player].goods
    ability = ability_of(state, player)
    kept = [0, 0, 0, 0]
    for good in chosen:
        by_ability = 0
        if isinstance(ability, ShippingKeepsExcess):
            by_ability = held[good] - state.value_of(good)
        if isinstance(ability, ShippingKeepsOneEach):
            by_ability = max(by_ability, min(held[good], ability.amount))
        kept[good] = min(held[good], by_ability + keep[good])
    return Goods.of((kept[0], kept[1], kept[2], kept[3]))


def extra_gain(state: GameState, player: int, gain: Goods) -> Goods:
    """What an extra-gain ability (ABIL-1) adds when ``player`` gains ``gain`` by an action."""
    if state.players[player].board is None:
        return Goods()
    ability = ability_of(state, player)
    if isinstance(ability, ExtraGain) and gain[ability.good]:
        return Goods.single(ability.good, ability.amount)
    return Goods()
