"""The roller's major (purple) establishments, after all other income (MK-COLOR-4, MK-ORDER-1).

The Stadium (MK-CARD-10), the TV Station and its opponent (MK-CARD-11), the Business
Center's trade (MK-CARD-12, MK-INT-15, MK-INT-20), the Publisher (MK-CARD-15,
MK-INT-18) and the Tax Office (MK-CARD-19, MKH-TAX-1, MK-INT-17); their order
(MK-INT-9). Every payment is at most what the payer has (MK-ORDER-2).
"""

from __future__ import annotations

from machikoro.cards.model import (
    Establishment,
    TakeFromChosen,
    TakeFromEach,
    TakeHalf,
    TakePerIcons,
    TradeEstablishment,
)
from machikoro.events import Traded, TradeDeclined
from machikoro.moves import (
    ACTIVATE,
    NO_TRADE,
    OPPONENT,
    TRADE,
    Activate,
    ChooseOpponent,
    Move,
    NoTrade,
    Trade,
)
from machikoro.options import BusinessCenter, PurpleOrder
from machikoro.rules.income import card_rule
from machikoro.rules.step import Refusal, Step
from machikoro.rules.work import OPPONENT as PENDING_OPPONENT
from machikoro.rules.work import TRADE as PENDING_TRADE
from machikoro.rules.work import Work
from machikoro.state import GameState, PendingActivate, PendingOpponent, PendingTrade
from machikoro.tables import tables_of

__all__ = ["ACTIVATION", "CHOOSE_OPPONENT", "TRADING", "trades"]

E = Establishment


def _opponents(roller: int, n: int) -> range:
    """The other seats, clockwise from the roller's left (an order that never matters here)."""
    return range(roller + 1, roller + n)


def _activate(work: Work, kind: Establishment) -> None:
    """Resolve one of the roller's major establishments, as its effect says."""
    t = work.t
    roller = work.current
    n = len(work.coins)
    key, rule = kind.key, card_rule(kind)
    effect = t.cards.establishment(kind).effect
    match effect:
        case TakeFromEach(amount=amount):  # the Stadium
            for seat in _opponents(roller, n):
                work.take(roller, seat % n, amount, key, 1, rule)
        case TakeFromChosen(amount=amount):  # the TV Station
            if n == 2:  # one opponent: no choice (MK-FLOW-2)
                work.take(roller, 1 - roller, amount, key, 1, rule)
            else:
                work.stack.append(PENDING_OPPONENT)
        case TradeEstablishment():  # the Business Center
            if _can_trade(work):
                work.stack.append(PENDING_TRADE)
            elif work.log is not None:
                work.log.append(TradeDeclined(roller))
        case TakePerIcons(amount=amount, icons=icons):  # the Publisher (MK-INT-18)
            counted = [k for icon in icons for k in t.with_icon[icon]]
            for seat in _opponents(roller, n):
                row = work.owned(seat % n)
                owed = amount * sum(row[k] for k in counted)
                if owed:
                    work.take(roller, seat % n, owed, key, 1, rule)
        case TakeHalf(threshold=threshold):  # the Tax Office (MKH-TAX-1, MK-INT-17)
            for seat in _opponents(roller, n):
                coins = work.coins[seat % n]
                if coins >= threshold:
                    work.take(roller, seat % n, coins // 2, key, 1, rule)
        case _:  # pragma: no cover - the catalogue gives majors only these effects
            raise AssertionError(f"{kind.key} is not a major establishment's effect: {effect!r}")


class _Activation(Step[PendingActivate, Activate]):
    """The roller's majors on this total: in card order, or in the owner's order (MK-INT-9)."""

    answers = (Activate,)
    owns = frozenset({"MK-INT-9"})
    may_be_automatic = True

    def question(self, pending: PendingActivate) -> str:
        return "choosing which major establishment to resolve next"

    def moves(self, state: GameState, pending: PendingActivate) -> tuple[Move, ...]:
        return tuple(ACTIVATE[k] for k in pending.establishments)

    def refusal(self, state: GameState, pending: PendingActivate, move: Activate) -> Refusal | None:
        if move.establishment in pending.establishments:
            return None
        return Refusal(
            "MK-INT-9",
            f"The {move.establishment.key} is not among the major establishments left to "
            "resolve on this roll.",
        )

    def apply(self, work: Work, pending: PendingActivate, move: Activate) -> None:
        rest = tuple(k for k in pending.establishments if k is not move.establishment)
        if rest:
            work.stack.append(PendingActivate(rest))
        _activate(work, move.establishment)

    def automatic(self, work: Work, pending: PendingActivate) -> bool:
        kinds = pending.establishments
        if len(kinds) > 1 and work.t.options.purple_order is PurpleOrder.OWNER_CHOOSES:
            return False
        work.stack.pop()
        if len(kinds) > 1:
            work.stack.append(PendingActivate(kinds[1:]))
        _activate(work, kinds[0])
        return True


class _ChooseOpponent(Step[PendingOpponent, ChooseOpponent]):
    """The TV Station: take 5 coins from one opponent of the owner's choice (MK-CARD-11)."""

    answers = (ChooseOpponent,)
    owns = frozenset({"MK-CARD-11"})

    def question(self, pending: PendingOpponent) -> str:
        return "choosing the TV Station's opponent"

    def moves(self, state: GameState, pending: PendingOpponent) -> tuple[Move, ...]:
        n = len(state.coins)
        return tuple(OPPONENT[s % n] for s in _opponents(state.current, n))

    def refusal(
        self, state: GameState, pending: PendingOpponent, move: ChooseOpponent
    ) -> Refusal | None:
        if move.opponent == state.current:
            return Refusal("MK-CARD-11", "The TV Station takes coins from an opponent, not you.")
        return None

    def apply(self, work: Work, pending: PendingOpponent, move: ChooseOpponent) -> None:
        kind = E.TV_STATION
        effect = work.t.cards.establishment(kind).effect
        assert isinstance(effect, TakeFromChosen)
        work.take(work.current, move.opponent, effect.amount, kind.key, 1, card_rule(kind))


def trades(state: GameState) -> tuple[Trade, ...]:
    """Every trade the Business Center's owner may make now (MK-CARD-12, MK-INT-15)."""
    t = tables_of(state)
    roller = state.current
    n = len(state.coins)
    rows = state.establishments
    tradeable = t.tradeable
    mine = rows[roller]
    # Each opponent and what they own to give, listed once (in seat order, then card order).
    theirs = [
        (seat % n, [k for k in tradeable if rows[seat % n][k]]) for seat in _opponents(roller, n)
    ]
    out: list[Trade] = []
    for give in tradeable:
        if not mine[give]:
            continue
        table = TRADE[give]
        for seat, owned in theirs:
            row = table[seat]
            out += [row[take] for take in owned if take != give]
    return tuple(out)


def _can_trade(work: Work) -> bool:
    """Whether any trade is possible for the roller now (two different kinds to exchange)."""
    t = work.t
    roller = work.current
    n = len(work.coins)
    row = work.owned(roller)
    mine = [k for k in t.tradeable if row[k]]
    if not mine:
        return False
    for seat in _opponents(roller, n):
        row = work.owned(seat % n)
        theirs = [k for k in t.tradeable if row[k]]
        if theirs and (len(mine) > 1 or len(theirs) > 1 or mine[0] != theirs[0]):
            return True
    return False


class _Trading(Step[PendingTrade, Trade | NoTrade]):
    """The Business Center: exchange a non-major establishment with an opponent (MK-CARD-12)."""

    answers = (Trade, NoTrade)
    owns = frozenset({"MK-CARD-12", "MK-INT-15", "MK-INT-20"})

    def question(self, pending: PendingTrade) -> str:
        return "choosing the Business Center's trade"

    def moves(self, state: GameState, pending: PendingTrade) -> tuple[Move, ...]:
        found: tuple[Move, ...] = trades(state)
        if state.options.business_center is BusinessCenter.MAY_DECLINE:
            found += (NO_TRADE,)
        return found

    def refusal(
        self, state: GameState, pending: PendingTrade, move: Trade | NoTrade
    ) -> Refusal | None:
        if isinstance(move, NoTrade):
            if state.options.business_center is BusinessCenter.MAY_DECLINE:
                return None
            return Refusal("MK-INT-20", "Under this reading the Business Center's trade is a must.")
        t = tables_of(state)
        roller = state.current
        if move.opponent == roller or move.opponent >= len(state.coins):
            return Refusal("MK-CARD-12", "The Business Center trades with an opponent.")
        if t.major[move.give] or t.major[move.take]:
            return Refusal("MK-CARD-12", "Major establishments cannot be traded.")
        if not state.establishments[roller][move.give]:
            return Refusal("MK-CARD-12", f"You have no {move.give.key} to give.")
        if not state.establishments[move.opponent][move.take]:
            return Refusal(
                "MK-CARD-12", f"Player {move.opponent + 1} has no {move.take.key} to give you."
            )
        if move.give is move.take:
            return Refusal("MK-INT-15", "Trading two establishments of one kind changes nothing.")
        return None

    def apply(self, work: Work, pending: PendingTrade, move: Trade | NoTrade) -> None:
        roller = work.current
        if isinstance(move, NoTrade):
            if work.log is not None:
                work.log.append(TradeDeclined(roller))
            return
        rows = work.rows()
        mine = list(rows[roller])
        theirs = list(rows[move.opponent])
        mine[move.give] -= 1
        mine[move.take] += 1
        theirs[move.take] -= 1
        theirs[move.give] += 1
        rows[roller] = tuple(mine)
        rows[move.opponent] = tuple(theirs)
        if work.log is not None:
            work.log.append(Traded(roller, move.give, move.opponent, move.take))


#: The order of the majors.
ACTIVATION = _Activation()
#: The TV Station's opponent.
CHOOSE_OPPONENT = _ChooseOpponent()
#: The Business Center's trade.
TRADING = _Trading()
