"""Gifts of goods of choice that abilities give, decided by their receivers (ABIL-6, ABIL-7, ABIL-10).

A gift waits on the stack as a :class:`~harbour.state.PendingGift` until its receiver,
who may not be the turn player, takes it (a :class:`~harbour.moves.TakeGoods` move).
"""

from __future__ import annotations

from functools import lru_cache

from harbour.events import GiftOwed
from harbour.goods import GOODS, multisets
from harbour.moves import Move, TakeGoods
from harbour.rules import abilities
from harbour.rules.step import Refusal, Step
from harbour.rules.work import Work
from harbour.state import BoardSite, GameState, PendingGift

__all__ = ["GIFT", "owe_start_building_gifts"]


def owe_start_building_gifts(work: Work, player: int, site: BoardSite) -> None:
    """ABIL-7: ``player`` gained goods at starting building ``site``.

    Other players whose ability rewards it are each owed goods of their choice, decided in
    turn order after ``player`` before the turn goes on.
    """
    own = site.player == player
    options = work.state.options
    n = work.seats
    gifts = []
    for seat in ((player + k) % n for k in range(1, n)):
        amount = abilities.gift_for_start_building(work.ability(seat), own, options)
        if amount:
            gifts.append(PendingGift(seat, amount, "ABIL-7"))
    work.stack.extend(reversed(gifts))  # the first in turn order decides first
    if work.log is not None:
        work.log.extend(GiftOwed(g.player, g.amount, "ABIL-7") for g in gifts)


@lru_cache(maxsize=64)
def _choices(amount: int) -> tuple[Move, ...]:
    return tuple(TakeGoods(g) for g in multisets(amount, GOODS))


class _Gift(Step[PendingGift, TakeGoods]):
    """A gift of goods of choice, decided by its receiver, even out of turn."""

    answers = (TakeGoods,)
    owns = frozenset({"ABIL-6", "ABIL-7", "ABIL-10"})
    turn_decision = False

    def question(self, pending: PendingGift) -> str:
        return f"choosing {pending.amount} good(s) to gain"

    def moves(self, state: GameState, pending: PendingGift) -> tuple[Move, ...]:
        return _choices(pending.amount)

    def refusal(self, state: GameState, pending: PendingGift, move: TakeGoods) -> Refusal | None:
        goods = move.goods
        if goods.total != pending.amount:
            return Refusal(
                pending.cause,
                f"Take exactly {pending.amount} good(s), not {goods.total}.",
            )
        return None

    def apply(self, work: Work, pending: PendingGift, move: TakeGoods) -> None:
        work.gain(pending.player, move.goods, pending.cause)  # the ability's rule (STATE-4)


#: The gift step.
GIFT = _Gift()
