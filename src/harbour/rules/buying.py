"""Buying buildings with the money a shipment made, and refilling the display.

Rules BUY-5 to BUY-8, SYM-1, DISPLAY-1 and the readings INT-6, INT-7, INT-8, INT-9 and
INT-14. The shipment itself is :mod:`harbour.rules.shipping`.
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Final

from harbour.cards.effects import Symbol
from harbour.cards.model import Building, CardSet
from harbour.errors import InvalidValueError
from harbour.events import (
    BuildingsBought,
    DeckRanOut,
    DisplayRefilled,
    GiftOwed,
    NothingBought,
)
from harbour.moves import Move, Purchase, SellToTraders
from harbour.options import BuyRule, CoinDiscount, PurchaseLimit, RulesOptions
from harbour.rules import abilities
from harbour.rules.step import Refusal, Step
from harbour.rules.work import Work
from harbour.state import GameState, PendingGift, PendingPurchase

# Enum members read once: read through its class, a member costs about four plain
# attribute reads (each read looks the name up on the enum's type first).
_COIN: Final = Symbol.COIN
_MANDATORY: Final = BuyRule.MANDATORY
_ONCE_PER_ACTION: Final = CoinDiscount.ONCE_PER_ACTION
_PER_TURN: Final = PurchaseLimit.PER_TURN

__all__ = ["PURCHASE", "affords", "allowance", "cheapest_price", "discounted_total"]

# Moves are immutable: one of each is made and shared (one per set of buildings bought).
_purchase = functools.cache(Purchase)


def _cost(building: Building) -> int:
    """The printed price of a building that has one (BUY-7: the others are never bought)."""
    if building.cost is None:
        raise InvalidValueError(f"the {building.name} has no price and cannot be bought (BUY-7)")
    return building.cost


def discounted_total(state: GameState, player: int, cards: tuple[int, ...]) -> int:
    """What ``player`` pays for buying ``cards`` together, after coins (SYM-1, INT-9).

    Raises :class:`~harbour.errors.InvalidValueError` for a building without a price.
    """
    buildings = state.cards.buildings
    costs = [_cost(buildings[c]) for c in cards]
    return _price(costs, state.symbol_count(player, _COIN), state.options.coin_discount)


def _price(costs: list[int], coins: int, rule: CoinDiscount) -> int:
    """SYM-1, INT-9: buildings of these printed ``costs`` bought together with ``coins`` coins."""
    if rule is _ONCE_PER_ACTION:
        return max(0, sum(costs) - coins)
    return sum(max(0, cost - coins) for cost in costs)


def allowance(options: RulesOptions, count: int, bought_this_turn: int) -> int:
    """BUY-5, INT-36: how many buildings a buy action allowing ``count`` may still buy.

    Per buy action (the default) it is ``count``; per turn, the buildings bought earlier in
    the turn count against it.
    """
    if options.purchase_limit is _PER_TURN:
        return max(0, count - bought_this_turn)
    return count


def _buyable(state: GameState) -> list[int]:
    """Display buildings with a price, in display order (BUY-7: the others are never bought)."""
    return _priced(state.cards, state.display)


def _priced(cards: CardSet, display: tuple[int, ...]) -> list[int]:
    """:func:`_buyable` for a card set and a display."""
    return [c for c in display if cards.buildings[c].cost is not None]


def cheapest_price(state: GameState, player: int) -> int | None:
    """The lowest price, after coins, of a display building ``player`` could buy."""
    coins = state.symbol_count(player, _COIN)
    return _cheapest(state.cards, state.display, coins, state.options.coin_discount)


@functools.lru_cache(maxsize=4096)
def _cheapest(
    cards: CardSet, display: tuple[int, ...], coins: int, rule: CoinDiscount
) -> int | None:
    """:func:`cheapest_price` for a display and a number of coins (it changes only by purchase)."""
    buildings = cards.buildings
    prices = [_price([_cost(buildings[c])], coins, rule) for c in _priced(cards, display)]
    return min(prices) if prices else None


def affords(state: GameState, player: int, money: int) -> bool:
    """True when ``money`` pays for at least one display building ``player`` may buy."""
    cheapest = cheapest_price(state, player)
    return cheapest is not None and cheapest <= money


def _most_affordable(state: GameState, pending: PendingPurchase) -> int:
    """The most buildings (up to the action's count) the money pays for together.

    The price of a set of buildings only grows with their costs, so the cheapest ones
    show how many can be afforded: the sizes whose cheapest set is affordable are 1 up to
    the answer.
    """
    coins = state.symbol_count(state.current, _COIN)
    rule = state.options.coin_discount
    costs = sorted(_cost(state.cards.buildings[c]) for c in _buyable(state))
    limit = min(pending.count, len(costs))
    return sum(
        1 for size in range(1, limit + 1) if _price(costs[:size], coins, rule) <= pending.money
    )


def _may_buy_nothing(state: GameState, pending: PendingPurchase) -> bool:
    """Whether buying nothing is allowed when something could be bought (INT-6, INT-7)."""
    options = state.options
    if options.buying is _MANDATORY:
        return False  # INT-6: buy as many as can be afforded
    return not (pending.shipped and not options.ship_without_buying)  # INT-7


class _Purchase(Step[PendingPurchase, Purchase | SellToTraders]):
    """Choose the buildings the shipment pays for (BUY-5, BUY-6)."""

    answers = (Purchase, SellToTraders)
    owns = frozenset({"BUY-1", "BUY-5", "BUY-6", "BUY-7", "INT-6", "INLAND-2"})

    def question(self, pending: PendingPurchase) -> str:
        return "choosing the buildings to buy"

    def moves(self, state: GameState, pending: PendingPurchase) -> tuple[Move, ...]:
        player = state.current
        most = _most_affordable(state, pending)
        sizes = range(most, most + 1) if state.options.buying is _MANDATORY else range(1, most + 1)
        buyable = _buyable(state)
        buildings = state.cards.buildings
        coins = state.symbol_count(player, _COIN)
        rule = state.options.coin_discount
        out: list[Move] = [
            _purchase(combo)
            for size in sizes
            for combo in combinations(buyable, size)
            if _price([_cost(buildings[c]) for c in combo], coins, rule) <= pending.money
        ]
        if _may_buy_nothing(state, pending):  # a pending purchase affords something (STATE-4)
            out.append(_purchase(()))
        return tuple(out)

    def refusal(
        self, state: GameState, pending: PendingPurchase, move: Purchase | SellToTraders
    ) -> Refusal | None:
        if isinstance(move, SellToTraders):
            return Refusal("INLAND-2", "The Inland Traders buy before shipping, not after.")
        cards = move.cards  # a set of buildings (INPUT-1)
        if len(cards) > pending.count:
            return Refusal("BUY-5", f"This action buys at most {pending.count} building(s).")
        for card in cards:
            if card not in state.display:
                name = state.cards.buildings[card].name
                return Refusal("BUY-5", f"The {name} is not in the display.")
            if state.cards.buildings[card].cost is None:
                name = state.cards.buildings[card].name
                return Refusal("BUY-7", f"{name} has no price and cannot be bought.")
        price = discounted_total(state, state.current, cards)
        if price > pending.money:
            return Refusal(
                "BUY-6", f"The buildings cost ${price} but the shipment made ${pending.money}."
            )
        if not cards:
            if _may_buy_nothing(state, pending):
                return None
            if state.options.buying is _MANDATORY:
                return Refusal("INT-6", "Buying is mandatory and a building can be afforded.")
            return Refusal("BUY-1", "Goods were shipped, so a building must be bought (INT-7).")
        if state.options.buying is _MANDATORY and len(cards) < _most_affordable(state, pending):
            return Refusal(
                "INT-6", "Buying is mandatory: buy as many buildings as can be afforded."
            )
        return None

    def apply(self, work: Work, pending: PendingPurchase, move: Purchase | SellToTraders) -> None:
        assert isinstance(move, Purchase)
        state = work.state
        player = work.current
        display = work.display_slots()
        cards = tuple(sorted(move.cards, key=display.index))  # in the display's order
        log = work.log
        if log is not None:
            if cards:
                listed = sum(_cost(state.cards.buildings[c]) for c in cards)
                price = discounted_total(state, player, cards)
                log.append(BuildingsBought(player, cards, listed, price, pending.money))
            else:
                log.append(NothingBought(player, pending.money))
        p = work.players[player]
        work.own(player, p.buildings + cards, p.free_buildings)  # BUY-8
        work.bought_this_turn += len(cards)
        for card in cards:
            _refill(work, display.index(card))
        gift = abilities.purchase_gift(work.ability(player), len(cards))
        if gift:  # ABIL-6
            work.stack.append(PendingGift(player, gift, "ABIL-6", len(cards)))
            if log is not None:
                log.append(GiftOwed(player, gift, "ABIL-6"))


def _refill(work: Work, slot: int) -> None:
    """DISPLAY-1: the bought building's place takes the top deck card; INT-8 when none is left."""
    display = work.display_slots()
    if work.deck:
        card = work.deck[0]
        display[slot] = card
        work.deck = work.deck[1:]
        if work.log is not None:
            work.log.append(DisplayRefilled(slot, card))
    else:
        del display[slot]
        work.deck_ran_out = True
        if work.log is not None:
            work.log.append(DeckRanOut(len(work.display)))


#: The purchase after a shipment.
PURCHASE = _Purchase()
