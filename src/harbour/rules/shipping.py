"""Shipping goods in a buy action, and selling to the Inland Traders first.

Rules BUY-1 to BUY-4, SYM-3, MARKET-1 and MARKET-2 (through :func:`harbour.market.adjust_market`),
INLAND-1 to INLAND-3, and the readings INT-6, INT-7 and INT-10. The purchase that follows
is :mod:`harbour.rules.buying`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations
from typing import Final, Protocol

from harbour.cards.abilities import Ability
from harbour.cards.effects import Buy, Symbol
from harbour.cards.model import CardSet
from harbour.events import GoodsShipped, MarketAdjusted, MoneyLost, SoldToTraders, StepSkipped
from harbour.goods import GOODS, Good, Goods, multisets
from harbour.market import adjust_market, square_values
from harbour.moves import Move, SellToTraders, Ship
from harbour.options import BuyRule, RulesOptions, WarehouseKeep
from harbour.rules import abilities
from harbour.rules.buying import affords, allowance, cheapest_price
from harbour.rules.step import Refusal, Step
from harbour.rules.work import Work
from harbour.state import GameState, PendingEffect, PendingPurchase, PendingShip

# Enum members read once: read through its class, a member costs about four plain
# attribute reads (each read looks the name up on the enum's type first).
_MANDATORY: Final = BuyRule.MANDATORY
_ONE_PER_GOOD: Final = WarehouseKeep.ONE_PER_GOOD
_WAREHOUSE: Final = Symbol.WAREHOUSE

__all__ = [
    "BUY",
    "SHIP_AFTER_SALE",
    "shipment_kept",
    "shipment_money",
    "traders_in_play",
    "traders_price",
]

# Moves are immutable: one of each is made and shared (at most a few thousand).
_ship_move = functools.cache(Ship)
_KEEP_NOTHING = (Goods(),)

#: What selling to the Inland Traders costs: one of each good (INLAND-2).
_PACKAGE = Goods(1, 1, 1, 1)


def shipment_money(state: GameState, player: int, chosen: Sequence[Good], base: int) -> int:
    """Dollars a shipment of ``chosen`` makes for ``player`` (BUY-4, ABIL-4, INLAND-2).

    Each shipped good pays the value of its square once; ``base`` is money already made by
    selling to the Inland Traders.
    """
    ability = abilities.ability_of(state, player)
    return _money(square_values(state.market), ability, state.market, chosen, base)


def _money(
    values: tuple[int, ...],
    ability: Ability | None,
    market: tuple[Good, Good, Good, Good],
    chosen: Sequence[Good],
    base: int,
) -> int:
    """:func:`shipment_money` with the goods' values (:func:`square_values`) at hand."""
    money = base
    for good in chosen:
        money += values[good]
    if ability is None:
        return money
    return money + abilities.shipping_bonus(ability, market, chosen)


def shipment_kept(state: GameState, player: int, chosen: Sequence[Good], keep: Goods) -> Goods:
    """Units of each shipped good ``player`` keeps after shipping ``chosen`` (BUY-3).

    ``keep`` is what warehouse symbols keep (SYM-3); keeping abilities add to it, never
    beyond what was held (ABIL-2, ABIL-3, INT-32).
    """
    held = state.players[player].goods
    ability = abilities.ability_of(state, player)
    kept = [0, 0, 0, 0]
    for good in chosen:
        by_ability = abilities.kept_by_ability(ability, held[good], state.value_of(good))
        kept[good] = min(held[good], by_ability + keep[good])
    return Goods(kept[0], kept[1], kept[2], kept[3])


def traders_in_play(state: GameState) -> bool:
    """INLAND-1: whether this game uses the Inland Traders side of the market board."""
    return state.options.inland_traders


class _Table(Protocol):
    """What :func:`traders_price` reads: a :class:`GameState` or an ``Observation``."""

    @property
    def cards(self) -> CardSet:
        """The cards the game is played with."""
        ...

    @property
    def options(self) -> RulesOptions:
        """The rule readings in force."""
        ...


def traders_price(table: _Table) -> int | None:
    """INLAND-2: what the Inland Traders pay for a package, or ``None`` without them (INLAND-1).

    ``table`` is a :class:`GameState` or an ``Observation``. The price belongs to the card
    set (:attr:`CardSet.inland_traders_price`, INT-29); the views (:func:`harbour.render`,
    :func:`harbour.views.svg.position`) read it here.
    """
    return table.cards.inland_traders_price if table.options.inland_traders else None


def _can_sell(held: Goods) -> bool:
    """INLAND-2: the package is one of each good."""
    return held.covers(_PACKAGE)


class _Shipping:
    """What the turn player may ship now, worked out once per decision."""

    __slots__ = (
        "ability",
        "base",
        "cheapest",
        "held",
        "must_buy",
        "one_per_good",
        "player",
        "shippable",
        "state",
        "values",
        "warehouses",
    )

    def __init__(self, state: GameState, base: int) -> None:
        self.state = state
        self.base = base
        self.player = player = state.current
        self.held = held = state.players[player].goods
        self.values = values = square_values(state.market)
        self.ability = abilities.ability_of(state, player)
        #: BUY-2: goods held at least to their square's value.
        counts = held.as_tuple()
        self.shippable = tuple(g for g in GOODS if counts[g] >= values[g])
        self.warehouses = state.symbol_count(player, _WAREHOUSE)
        self.one_per_good = state.options.warehouse_keep is _ONE_PER_GOOD
        self.cheapest = cheapest_price(state, player)
        # INT-6: when buying is mandatory and something can be bought, a shipment must buy.
        self.must_buy = state.options.buying is _MANDATORY and self._pays(
            self.money(self.shippable)
        )

    def money(self, chosen: Sequence[Good]) -> int:
        """:func:`shipment_money` of ``chosen`` for the turn player."""
        return _money(self.values, self.ability, self.state.market, chosen, self.base)

    def _pays(self, money: int) -> bool:
        """BUY-6: ``money`` pays for some display building."""
        return self.cheapest is not None and self.cheapest <= money

    def keep_limit(self, good: Good) -> int:
        """INT-10: the most units of one shipped good warehouse symbols may keep."""
        return 1 if self.one_per_good else self.held[good]

    def keeps(self, chosen: tuple[Good, ...]) -> tuple[Goods, ...]:
        """Every way to keep shipped units with the warehouse symbols owned (SYM-3, INT-10)."""
        if not self.warehouses:
            return _KEEP_NOTHING
        limits = tuple(self.keep_limit(g) for g in chosen)
        return _keeps(self.warehouses, chosen, limits)

    def unpaid(self, chosen: tuple[Good, ...]) -> Refusal | None:
        """BUY-1, INT-6, INT-7: a shipment that must buy but pays for no building."""
        must_buy = self.must_buy  # INT-6
        if not must_buy and (not chosen or self.state.options.ship_without_buying):  # INT-7
            return None
        money = self.money(chosen)
        if self._pays(money):
            return None
        if must_buy:
            return Refusal("INT-6", "Buying is mandatory and this shipment pays for no building.")
        return Refusal(
            "BUY-1", f"Goods are shipped only to buy a building, and ${money} buys none."
        )

    def moves(self) -> list[Move]:
        out: list[Move] = []
        for chosen in _subsets(self.shippable):
            if self.unpaid(chosen) is None:
                out.extend(_ship_moves(chosen, self.keeps(chosen)))
        return out

    def refusal(self, move: Ship) -> Refusal | None:
        chosen, keep = move.goods, move.keep  # a set of goods, 0 to 6 kept (INPUT-1)
        for good in chosen:
            if good not in self.shippable:
                return Refusal(
                    "BUY-2",
                    f"Shipping {good.label} needs at least {self.state.value_of(good)} (its "
                    f"market square's value); Player {self.player + 1} holds {self.held[good]}.",
                )
        if keep.total > self.warehouses:
            return Refusal(
                "SYM-3", f"Keep at most {self.warehouses} unit(s): one per warehouse symbol owned."
            )
        for good in GOODS:
            if keep[good] and good not in chosen:
                return Refusal(
                    "SYM-3", f"Only shipped goods can be kept; {good.label} is not shipped."
                )
            if keep[good] > self.keep_limit(good):
                return Refusal(
                    "INT-10", f"At most {self.keep_limit(good)} {good.label} can be kept."
                )
        return self.unpaid(chosen)


# The tables below are pure functions of a few small values (at most a few hundred
# entries each), so each is worked out once per process.


@functools.cache
def _subsets(shippable: tuple[Good, ...]) -> tuple[tuple[Good, ...], ...]:
    """Every set of ``shippable`` goods, smallest first, each in canonical order."""
    return tuple(
        chosen for size in range(len(shippable) + 1) for chosen in combinations(shippable, size)
    )


@functools.cache
def _keeps(warehouses: int, chosen: tuple[Good, ...], limits: tuple[int, ...]) -> tuple[Goods, ...]:
    """SYM-3, INT-10: every way to keep up to ``warehouses`` units of ``chosen``, each within its limit."""
    return tuple(
        keep
        for total in range(warehouses + 1)
        for keep in multisets(total, chosen)
        if all(keep[g] <= limit for g, limit in zip(chosen, limits, strict=True))
    )


@functools.cache
def _ship_moves(chosen: tuple[Good, ...], keeps: tuple[Goods, ...]) -> tuple[Ship, ...]:
    """The shipment of ``chosen`` with each way of keeping units."""
    return tuple(_ship_move(chosen, keep) for keep in keeps)


def _ship(work: Work, move: Ship, count: int, base: int) -> None:
    """Ship ``move.goods`` (BUY-3, BUY-4), adjust the market (MARKET-1, MARKET-2), then buy."""
    state = work.state  # shipping is the move itself: the goods are still those of ``state``
    player = work.current
    money = shipment_money(state, player, move.goods, base)
    kept = shipment_kept(state, player, move.goods, move.keep)
    row = work.row(player)
    for good in move.goods:
        row[good] = kept[good]
    before = work.market
    work.market = adjust_market(before, move.goods, state.options.reentry)
    log = work.log
    if log is not None:
        values = tuple(state.value_of(g) for g in move.goods)
        bonus = money - base - sum(values)
        held = state.players[player].goods
        log.append(
            GoodsShipped(player, move.goods, held, values, bonus, base, money, kept, move.keep)
        )
        if move.goods:
            log.append(MarketAdjusted(move.goods, before, work.market))
    if work.any_character():  # ABIL-5: in seat order
        for seat in range(work.seats):
            collected = abilities.collected_when_shipped(work.ability(seat), move.goods)
            if collected.total:
                work.gain(seat, collected, "ABIL-5")
    if not affords(state, player, money):
        if log is not None and money:
            log.append(MoneyLost(player, money))
        return  # nothing can be bought: the purchase step would offer no choice
    allowed = allowance(state.options, count, work.bought_this_turn)  # BUY-5, INT-36
    work.stack.append(PendingPurchase(money, allowed, bool(move.goods)))


class _Buy(Step[PendingEffect, Ship | SellToTraders]):
    """A buy action: ship goods (or first sell to the Inland Traders, INLAND-2)."""

    answers = (Ship, SellToTraders)
    owns = frozenset({"BUY-1", "BUY-2", "SYM-3", "INT-6", "INT-10", "INLAND-2"})
    may_be_automatic = True

    def question(self, pending: PendingEffect) -> str:
        return "choosing the goods to ship"

    def automatic(self, work: Work, pending: PendingEffect) -> bool:
        effect = pending.effect
        assert isinstance(effect, Buy)
        if allowance(work.state.options, effect.count, work.bought_this_turn):
            return False
        work.stack.pop()  # INT-36: no building may be bought any more this turn
        if work.log is not None:
            work.log.append(StepSkipped(work.current, effect, "INT-36"))
        return True

    def moves(self, state: GameState, pending: PendingEffect) -> tuple[Move, ...]:
        moves = _Shipping(state, 0).moves()
        if traders_in_play(state) and _can_sell(state.players[state.current].goods):
            moves.append(SellToTraders())  # INLAND-2: before shipping, once
        return tuple(moves)

    def refusal(
        self, state: GameState, pending: PendingEffect, move: Ship | SellToTraders
    ) -> Refusal | None:
        if isinstance(move, Ship):
            return _Shipping(state, 0).refusal(move)
        if not _can_sell(state.players[state.current].goods):
            return Refusal("INLAND-2", "Selling to the Inland Traders needs one of each good.")
        return None

    def apply(self, work: Work, pending: PendingEffect, move: Ship | SellToTraders) -> None:
        effect = pending.effect
        assert isinstance(effect, Buy)
        if isinstance(move, Ship):
            _ship(work, move, effect.count, 0)
            return
        # INLAND-2, INLAND-3: a package for the traders' price; not a shipment, so the
        # market does not move and no shipping ability wakes.
        price = work.cards.inland_traders_price
        work.spend(work.current, _PACKAGE)
        work.stack.append(PendingShip(effect.count, price))
        if work.log is not None:
            work.log.append(SoldToTraders(work.current, _PACKAGE, price))


class _ShipAfterSale(Step[PendingShip, Ship | SellToTraders]):
    """The shipment of a buy action after selling to the Inland Traders (INLAND-2)."""

    answers = (Ship, SellToTraders)
    owns = _Buy.owns

    def question(self, pending: PendingShip) -> str:
        return "choosing the goods to ship"

    def moves(self, state: GameState, pending: PendingShip) -> tuple[Move, ...]:
        return tuple(_Shipping(state, pending.money).moves())

    def refusal(
        self, state: GameState, pending: PendingShip, move: Ship | SellToTraders
    ) -> Refusal | None:
        if isinstance(move, SellToTraders):
            return Refusal("INLAND-2", "The Inland Traders buy once per buy action.")
        return _Shipping(state, pending.money).refusal(move)

    def apply(self, work: Work, pending: PendingShip, move: Ship | SellToTraders) -> None:
        assert isinstance(move, Ship)
        _ship(work, move, pending.count, pending.money)


#: A buy action's shipment (or sale to the Inland Traders).
BUY = _Buy()
#: The shipment after a sale to the Inland Traders.
SHIP_AFTER_SALE = _ShipAfterSale()
