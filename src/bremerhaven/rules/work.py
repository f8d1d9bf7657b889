"""The engine's private working copy of a state, changed by one move and frozen again.

Applying a move copies the frozen :class:`~bremerhaven.state.GameState` into a
:class:`Work`, lets the rules modules change that, and freezes it back: the input state is
never changed. The work holds generic mechanics only (money, goods taken from and returned
to the supply, the event log); every rule lives in its own rules module.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, ParamSpec

import attrs

from bremerhaven.cards.model import ContractCard, Good, NewspaperCard, ShipCard
from bremerhaven.events import Event, MoneyCharged, MoneyEarned, MoneyPaid, Reason, ReasonCard
from bremerhaven.options import GoodsSupply
from bremerhaven.state import (
    Berthed,
    BidCard,
    GameState,
    Harbour,
    Pending,
    Placed,
    make_harbour,
    make_state,
)

__all__ = ["Work"]

# The enum members the rules read, looked up once (a member's lookup costs a call).
_SUPPLY_LIMITED = GoodsSupply.LIMITED
_SUPPLY_UNLIMITED = GoodsSupply.UNLIMITED

P = ParamSpec("P")

#: The harbour's fields, in the order of its constructor: their getter and their positions.
_FIELDS = tuple(field.name for field in attrs.fields(Harbour))
_VALUES = operator.attrgetter(*_FIELDS)
_INDEX = {name: index for index, name in enumerate(_FIELDS)}


class Work:
    """A mutable copy of a state with an optional event log (``None``: events cost nothing)."""

    __slots__ = (
        "bids",
        "buildings",
        "cards",
        "contract_deck",
        "discarded_contracts",
        "discarded_ships",
        "dummy",
        "dummy_news",
        "dummy_orders",
        "event",
        "goods",
        "land",
        "log",
        "newspapers",
        "options",
        "players",
        "prices",
        "ranks",
        "round",
        "sea",
        "ship_deck",
        "stack",
        "state",
        "track",
    )

    def __init__(self, state: GameState, log: list[Event] | None) -> None:
        #: The state the move is applied to (read-only).
        self.state = state
        self.options = state.options
        self.cards = state.cards
        #: Where events go, or ``None`` when nobody asked for them.
        self.log = log
        self.players: list[Harbour] = list(state.players)
        self.ranks = state.ranks
        self.round = state.round
        self.track = state.track
        # The rows, the supply and the fields below change a few times a round at most:
        # kept as the state's own tuples (replaced, never changed in place), so that the
        # frozen state shares them and a move copies only the harbours and the stack.
        self.sea: tuple[ShipCard | None, ...] = state.sea
        self.land: tuple[ContractCard | None, ...] = state.land
        self.bids: tuple[BidCard, ...] = state.bids
        self.ship_deck = state.ship_deck
        self.contract_deck = state.contract_deck
        self.buildings = state.buildings
        self.prices = state.prices
        self.newspapers = state.newspapers
        self.event: NewspaperCard | None = state.event
        self.goods: tuple[int, int, int, int] = state.goods
        self.discarded_ships = state.discarded_ships
        self.discarded_contracts = state.discarded_contracts
        self.dummy_news = state.dummy_news
        self.dummy_orders = state.dummy_orders
        self.stack: list[Pending] = list(state.stack)
        #: The solo game's dummy, or ``None``.
        self.dummy = state.dummy

    def freeze(self) -> GameState:
        """The frozen state."""
        s = self.state
        # By position, in the order of GameState's fields.
        return make_state(
            s.options,
            s.cards,
            s.seats,
            tuple(self.players),
            self.ranks,
            self.round,
            self.track,
            self.sea,
            self.land,
            self.bids,
            self.ship_deck,
            self.contract_deck,
            self.buildings,
            self.prices,
            self.newspapers,
            self.event,
            self.goods,
            self.discarded_ships,
            self.discarded_contracts,
            self.dummy_news,
            self.dummy_orders,
            tuple(self.stack),
        )

    # -- reading

    @property
    def count(self) -> int:
        """The number of harbours (the solo game's dummy included)."""
        return len(self.players)

    def note(self, kind: Callable[P, Event], *args: P.args, **kwargs: P.kwargs) -> None:
        """Log the event ``kind(*args, **kwargs)``, when someone asked for events.

        The event is made only then: a move applied without events pays for none.
        """
        if self.log is not None:
            self.log.append(kind(*args, **kwargs))

    def change(self, seat: int, **changes: Any) -> Harbour:
        """Replace fields of ``seat``'s harbour; the new harbour."""
        # The fields by position: attrs.evolve's checks cost several times the construction.
        values = list(_VALUES(self.players[seat]))
        for name, value in changes.items():
            values[_INDEX[name]] = value
        harbour = make_harbour(*values)
        self.players[seat] = harbour
        return harbour

    def set_hand(
        self, seat: int, hand: tuple[int, ...], opened: frozenset[int] | None = None
    ) -> None:
        """Replace ``seat``'s hand, and its opened loading docks unless ``None``.

        :meth:`change` for the hand (and the docks), spelled out: the bids, the clean-up.
        """
        h = self.players[seat]
        self.players[seat] = make_harbour(
            h.money, h.prestige, hand, h.supply, h.covers, h.buildings, h.held, h.storage,
            h.walls, h.docks, h.loading, h.bank, h.opened if opened is None else opened,
        )  # fmt: skip

    def set_money(self, seat: int, money: int) -> None:
        """Replace ``seat``'s money: :meth:`change` for the money alone, spelled out."""
        h = self.players[seat]
        self.players[seat] = make_harbour(
            money, h.prestige, h.hand, h.supply, h.covers, h.buildings, h.held, h.storage,
            h.walls, h.docks, h.loading, h.bank, h.opened,
        )  # fmt: skip

    def set_storage(self, seat: int, storage: tuple[int, int, int, int]) -> None:
        """Replace ``seat``'s storage: :meth:`change` for the storage alone, spelled out."""
        h = self.players[seat]
        self.players[seat] = make_harbour(
            h.money, h.prestige, h.hand, h.supply, h.covers, h.buildings, h.held, storage,
            h.walls, h.docks, h.loading, h.bank, h.opened,
        )  # fmt: skip

    def set_docks(
        self,
        seat: int,
        docks: tuple[Berthed | None, Berthed | None, Berthed | None],
        storage: tuple[int, int, int, int],
    ) -> None:
        """Replace ``seat``'s docks and storage: :meth:`change` for the two, spelled out."""
        h = self.players[seat]
        self.players[seat] = make_harbour(
            h.money, h.prestige, h.hand, h.supply, h.covers, h.buildings, h.held, storage,
            h.walls, docks, h.loading, h.bank, h.opened,
        )  # fmt: skip

    def set_loading(
        self,
        seat: int,
        loading: tuple[Placed | None, Placed | None, Placed | None, Placed | None],
        storage: tuple[int, int, int, int],
    ) -> None:
        """Replace ``seat``'s loading docks and storage: :meth:`change` for the two, spelled out."""
        h = self.players[seat]
        self.players[seat] = make_harbour(
            h.money, h.prestige, h.hand, h.supply, h.covers, h.buildings, h.held, storage,
            h.walls, h.docks, loading, h.bank, h.opened,
        )  # fmt: skip

    # -- money (BH-MONEY-1, BH-MONEY-2)

    def earn(
        self,
        seat: int,
        money: int,
        rule_id: str,
        reason: Reason,
        card: ReasonCard = None,
        count: int = 0,
    ) -> None:
        """``seat`` takes ``money`` from the general supply for ``reason`` (about ``card``)."""
        if money <= 0 or seat == self.dummy:
            return
        self.set_money(seat, self.players[seat].money + money)
        if self.log is not None:
            self.log.append(MoneyEarned(seat, money, reason, rule_id, card, count))

    def pay(self, seat: int, money: int, rule_id: str, reason: Reason) -> None:
        """``seat`` pays ``money`` it has into the general supply (a price it chose)."""
        if money <= 0 or seat == self.dummy:
            return
        harbour = self.players[seat]
        assert harbour.money >= money, "a price is checked before it is paid"
        self.set_money(seat, harbour.money - money)
        if self.log is not None:
            self.log.append(MoneyPaid(seat, money, reason, rule_id))

    def charge(
        self, seat: int, money: int, rule_id: str, reason: Reason, card: ReasonCard = None
    ) -> int:
        """``seat`` pays a penalty or charge.

        The Bank first, then cash, never into debt (BH-MONEY-2, BH-MONEY-3); what was paid.
        """
        if money <= 0 or seat == self.dummy:
            return 0
        harbour = self.players[seat]
        # The Bank first: its money pays nothing else, so that is never worse (BH-MONEY-3).
        bank = min(money, harbour.bank)
        cash = min(money - bank, harbour.money)
        self.change(seat, money=harbour.money - cash, bank=harbour.bank - bank)
        if self.log is not None:
            self.log.append(MoneyCharged(seat, money, cash + bank, reason, rule_id, card))
        return cash + bank

    # -- goods (BH-INT-3)

    def take_goods(self, good: Good, count: int) -> int:
        """Take up to ``count`` of ``good`` from the supply; how many there were."""
        if self.options.goods_supply is _SUPPLY_UNLIMITED:
            return count
        goods = self.goods
        taken = min(count, goods[good])
        self.goods = _added(goods, good, -taken)
        return taken

    def return_goods(self, good: Good, count: int) -> None:
        """Put ``count`` of ``good`` back into the supply."""
        if self.options.goods_supply is _SUPPLY_LIMITED:
            self.goods = _added(self.goods, good, count)


def _added(goods: tuple[int, int, int, int], good: Good, count: int) -> tuple[int, int, int, int]:
    """``goods`` with ``count`` more of ``good`` (fewer when negative)."""
    changed = list(goods)
    changed[good] += count
    return (changed[0], changed[1], changed[2], changed[3])
