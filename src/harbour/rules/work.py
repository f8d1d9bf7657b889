"""The engine's private working copy of a state, changed by one move and frozen again.

Applying a move copies the frozen :class:`~harbour.state.GameState` into a :class:`Work`,
lets the rules modules change that, and freezes it back: the input state is never
changed, and a move's steps do not rebuild frozen objects one by one. The work holds only
generic mechanics (the goods limit of GOODS-2, counting symbols, the event log); every rule
lives in its own rules module.
"""

from __future__ import annotations

import functools

import attrs

from harbour.cards.abilities import Ability
from harbour.cards.effects import Symbol
from harbour.cards.model import CardSet
from harbour.events import Event, GoodsConverted, GoodsGained
from harbour.facts import GAME
from harbour.goods import Good, Goods
from harbour.state import (
    GameState,
    Layout,
    Pending,
    PendingEffect,
    PendingMove,
    PendingToll,
    PendingTollAfter,
    PlayerState,
    Site,
    count_symbol,
    make_player,
    make_state,
)
from meeplekit.engine import Working

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


class Work(Working):
    """A mutable copy of a state with an optional event log (``None``: events cost nothing).

    Copy on write: a move reads the frozen state until it changes a part, so a move that
    changes one player's pawn copies that player only, and :meth:`freeze` shares every
    part that did not change. It names the shared engine's
    :class:`~meeplekit.engine.Working` as its base, so that the compiled engine reads its
    stack and calls :meth:`freeze` directly.
    """

    __slots__ = (
        "ability_used",
        "bought_this_turn",
        "cards",
        "current",
        "deck",
        "deck_ran_out",
        "display",
        "last_round_turns",
        "log",
        "market",
        "players",
        "relaid",
        "rows",
        "seats",
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
        #: The number of players.
        self.seats = len(state.players)
        #: The players, a list once one changed (:meth:`set_player`).
        self.players: tuple[PlayerState, ...] | list[PlayerState] = state.players
        #: Each player's goods as a mutable row, made on first use (:meth:`row`); ``None``
        #: until a good changes, then one entry per seat, ``None`` for a seat unchanged.
        self.rows: list[list[int] | None] | None = None
        self.market = state.market
        #: The display, a list once it changes (:meth:`display_slots`).
        self.display: tuple[int, ...] | list[int] = state.display
        self.deck = state.deck
        self.current = state.current
        self.stack: list[Pending] = list(state.stack)
        self.turn = state.turn
        self.last_round_turns = state.last_round_turns
        self.ability_used = state.ability_used
        self.deck_ran_out = state.deck_ran_out
        self.bought_this_turn = state.bought_this_turn
        #: Whether a building changed hands or the display changed (the layout is new).
        self.relaid = False

    def freeze(self) -> GameState:
        """The frozen state; the parts that did not change are shared, not copied."""
        s = self.state
        # The layout stays unless a building changed place; one never worked out is left
        # to first use.
        layout: Layout | None = None if self.relaid else getattr(s, "_layout", None)
        players = self.players
        rows = self.rows
        if rows is not None:
            players = list(players)
            for i, g in enumerate(rows):
                if g is not None:
                    p = players[i]
                    goods = shared_goods(g[0], g[1], g[2], g[3])
                    if goods is not p.goods:
                        players[i] = make_player(
                            goods, p.buildings, p.pawn, p.board, p.free_buildings, p.bonus_card
                        )
        return make_state(
            s.cards,
            s.options,
            s.seed,
            players if type(players) is tuple else tuple(players),
            self.market,
            self.display if type(self.display) is tuple else tuple(self.display),
            self.deck,
            self.current,
            tuple(self.stack),
            self.turn,
            self.last_round_turns,
            self.ability_used,
            self.deck_ran_out,
            self.bought_this_turn,
            layout,
        )

    # -- what the work holds now

    def set_player(self, seat: int, player: PlayerState) -> None:
        """Replace ``seat``'s pawn, buildings or board (their goods live in :meth:`row`)."""
        players = self.players
        if isinstance(players, tuple):
            players = self.players = list(players)
        players[seat] = player

    def own(self, seat: int, buildings: tuple[int, ...], free: tuple[int, ...]) -> None:
        """``seat`` now owns ``buildings`` bought and ``free`` buildings received."""
        p = self.players[seat]
        self.set_player(seat, make_player(p.goods, buildings, p.pawn, p.board, free, p.bonus_card))
        self.relaid = True

    def take_board(self, seat: int, board: int) -> None:
        """``seat`` plays with character board ``board`` (its symbols count: SYM-5)."""
        # Setup only (CHAR-2), once per player: the constructor's time does not matter.
        self.set_player(seat, attrs.evolve(self.players[seat], board=board))
        self.relaid = True

    def pawn(self, seat: int) -> Site | None:
        """Where ``seat``'s pawn stands now."""
        return self.players[seat].pawn

    def move_pawn(self, seat: int, site: Site) -> None:
        """Put ``seat``'s pawn on ``site``."""
        p = self.players[seat]
        self.set_player(
            seat, make_player(p.goods, p.buildings, site, p.board, p.free_buildings, p.bonus_card)
        )

    def display_slots(self) -> list[int]:
        """The display as a list to change (DISPLAY-1)."""
        display = self.display
        if type(display) is tuple:  # it changes with a purchase only, which :meth:`own` marks
            display = self.display = list(display)
        return display  # type: ignore[return-value]

    def ability(self, player: int) -> Ability | None:
        """The ability of the board ``player`` plays with now (``None`` on the generic side)."""
        index = self.players[player].board
        return None if index is None else self.cards.characters[index].ability

    def symbol_count(self, player: int, symbol: Symbol) -> int:
        """``player``'s ``symbol`` symbols now, buildings bought this turn included (SYM-5)."""
        p = self.players[player]
        return count_symbol(self.cards, p.board, p.buildings + p.free_buildings, symbol)

    def held(self, player: int) -> Goods:
        """``player``'s goods now."""
        rows = self.rows
        g = None if rows is None else rows[player]
        if g is None:
            return self.players[player].goods
        return shared_goods(g[0], g[1], g[2], g[3])

    def row(self, player: int) -> list[int]:
        """``player``'s goods as a mutable row (fish, livestock, wood, stone) to change."""
        rows = self.rows
        if rows is None:
            rows = self.rows = [None] * self.seats
        g = rows[player]
        if g is None:
            g = rows[player] = list(self.players[player].goods.as_tuple())
        return g

    def any_character(self) -> bool:
        """Whether anyone plays a character board (abilities need looking at only then)."""
        return any(p.board is not None for p in self.players)

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
