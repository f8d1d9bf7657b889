"""The engine's private working copy of a state, changed by one move and frozen again.

Applying a move copies the frozen :class:`~harbour.state.GameState` into a :class:`Work`,
lets the rules modules change that, and freezes it back: the input state is never
changed, and a move's steps do not rebuild frozen objects one by one. The work holds only
generic mechanics (the goods limit of GOODS-2, counting symbols, the event log); every rule
lives in its own rules module.
"""

from __future__ import annotations

import functools

from harbour.cards.abilities import Ability
from harbour.cards.effects import Symbol
from harbour.cards.model import CardSet
from harbour.events import Event, GoodsConverted, GoodsGained
from harbour.facts import GAME
from harbour.goods import Good, Goods
from harbour.state import (
    GameState,
    Pending,
    PendingEffect,
    PendingMove,
    PendingToll,
    PendingTollAfter,
    PlayerState,
    Site,
    count_symbol,
)

__all__ = [
    "PENDING_MOVE",
    "Work",
    "pending_effect",
    "pending_toll",
    "pending_toll_after",
    "shared_goods",
]

# Pending decisions are immutable values, so the common ones are made once and shared: a
# new state's hash then reuses their cached hashes (the caches hold one entry per effect of
# the card sets played and per seat).
#: The pawn move that starts every turn.
PENDING_MOVE = PendingMove()
#: The shared :class:`~harbour.state.PendingEffect` of an effect.
pending_effect = functools.cache(PendingEffect)
#: The shared :class:`~harbour.goods.Goods` of four counts (at most 7**4 warehouses, GOODS-2).
shared_goods = functools.cache(Goods)
#: The shared :class:`~harbour.state.PendingToll` owed to a seat.
pending_toll = functools.cache(PendingToll)
#: The shared :class:`~harbour.state.PendingTollAfter` owed to a seat.
pending_toll_after = functools.cache(PendingTollAfter)

_CAP = GAME.goods_cap


class Work:
    """A mutable copy of a state with an optional event log (``None``: events cost nothing)."""

    __slots__ = (
        "ability_used",
        "boards",
        "bought_this_turn",
        "buildings",
        "cards",
        "current",
        "deck",
        "deck_ran_out",
        "display",
        "free",
        "goods",
        "last_round_turns",
        "log",
        "market",
        "pawns",
        "stack",
        "state",
        "turn",
    )

    def __init__(self, state: GameState, log: list[Event] | None) -> None:
        #: The state the move is applied to (read-only).
        self.state = state
        self.cards: CardSet = state.cards
        #: Where events go, or ``None`` when nobody asked for them.
        self.log = log
        #: Each player's goods as a mutable row, made on first use (:meth:`row`); ``None``
        #: while unchanged, so most moves copy one player's goods or none.
        self.goods: list[list[int] | None] = [None] * len(state.players)
        self.buildings = [p.buildings for p in state.players]
        self.free = [p.free_buildings for p in state.players]
        self.boards = [p.board for p in state.players]
        self.pawns: list[Site | None] = [p.pawn for p in state.players]
        self.market = state.market
        self.display = list(state.display)
        self.deck = state.deck
        self.current = state.current
        self.stack: list[Pending] = list(state.stack)
        self.turn = state.turn
        self.last_round_turns = state.last_round_turns
        self.ability_used = state.ability_used
        self.deck_ran_out = state.deck_ran_out
        self.bought_this_turn = state.bought_this_turn

    def freeze(self) -> GameState:
        """The frozen state; players whose part did not change are shared, not copied."""
        s = self.state
        players = []
        for i, old in enumerate(s.players):
            g = self.goods[i]
            goods = old.goods if g is None else shared_goods(g[0], g[1], g[2], g[3])
            if (
                self.pawns[i] is old.pawn
                and self.buildings[i] is old.buildings
                and self.boards[i] == old.board
                and self.free[i] is old.free_buildings
                and goods is old.goods
            ):
                players.append(old)
            else:
                players.append(
                    PlayerState(
                        goods,
                        self.buildings[i],
                        self.pawns[i],
                        self.boards[i],
                        self.free[i],
                        old.bonus_card,
                    )
                )
        return GameState(
            s.cards,
            s.options,
            s.seed,
            tuple(players),
            self.market,
            tuple(self.display),
            self.deck,
            self.current,
            tuple(self.stack),
            self.turn,
            self.last_round_turns,
            self.ability_used,
            self.deck_ran_out,
            self.bought_this_turn,
        )

    # -- what the work holds now

    def ability(self, player: int) -> Ability | None:
        """The ability of the board ``player`` plays with now (``None`` on the generic side)."""
        index = self.boards[player]
        return None if index is None else self.cards.characters[index].ability

    def symbol_count(self, player: int, symbol: Symbol) -> int:
        """``player``'s ``symbol`` symbols now, buildings bought this turn included (SYM-5)."""
        owned = self.buildings[player] + self.free[player]
        return count_symbol(self.cards, self.boards[player], owned, symbol)

    def held(self, player: int) -> Goods:
        """``player``'s goods now."""
        g = self.goods[player]
        if g is None:
            return self.state.players[player].goods
        return shared_goods(g[0], g[1], g[2], g[3])

    def row(self, player: int) -> list[int]:
        """``player``'s goods as a mutable row (fish, livestock, wood, stone) to change."""
        g = self.goods[player]
        if g is None:
            g = self.goods[player] = list(self.state.players[player].goods.as_tuple())
        return g

    def any_character(self) -> bool:
        """Whether anyone plays a character board (abilities need looking at only then)."""
        return any(b is not None for b in self.boards)

    # -- goods

    def gain(
        self,
        player: int,
        goods: Goods,
        rule_id: str,
        spent: Goods | None = None,
        fee: Goods | None = None,
    ) -> None:
        """``player`` gains ``goods``, each good capped at 6: the excess is lost (GOODS-2).

        The event logged is :class:`~harbour.events.GoodsGained`, or
        :class:`~harbour.events.GoodsConverted` for a gain paid with ``spent`` (and ``fee``),
        both naming ``rule_id``.
        """
        row = self.row(player)
        log = self.log
        if log is None:
            for i, n in enumerate(goods.as_tuple()):
                if n:
                    row[i] = min(_CAP, row[i] + n)
            return
        got = [0, 0, 0, 0]
        for i, n in enumerate(goods.as_tuple()):
            if n:
                new = min(_CAP, row[i] + n)
                got[i] = new - row[i]
                row[i] = new
        received = Goods(got[0], got[1], got[2], got[3])
        if spent is None:
            log.append(GoodsGained(player, goods, received, rule_id))
        else:
            log.append(GoodsConverted(player, spent, goods, received, rule_id, fee or Goods()))

    def gain_one(self, player: int, good: Good) -> bool:
        """``player`` gains one ``good`` if it fits under the cap (GOODS-2); True if it did."""
        row = self.row(player)
        if row[good] >= _CAP:
            return False
        row[good] += 1
        return True

    def spend(self, player: int, goods: Goods) -> None:
        """``player`` spends ``goods`` (the rules modules check first that they can, GOODS-1)."""
        row = self.row(player)
        for i, n in enumerate(goods.as_tuple()):
            row[i] -= n
