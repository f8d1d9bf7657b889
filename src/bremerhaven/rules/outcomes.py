"""What a contract pays when it is due, cannot be placed, or is left at the end.

A due contract's delivered goods are sold at the top Price card's prices and go back to the
supply; a complete contract earns its reward, an incomplete one costs its penalty
(BH-TIME-2, BH-TIME-3). A prestige reward or penalty moves the clip by one at once
(BH-LAND-7), a penalty never below 0 and, under BH-INT-9's other reading, never below the
harbour's ships and buildings. Money penalties take what the player has (BH-MONEY-2).

Several contracts due at once are resolved one by one; since a penalty takes only what the
player has, their order can matter, and BH-INT-16 reads it (:func:`due_order`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bremerhaven.cards.model import ContractCard, Good
from bremerhaven.events import ContractResolved, PrestigeGained, PrestigeLost, Reason
from bremerhaven.options import DueOrder, RulesOptions
from bremerhaven.rules.harbours import prestige_sum
from bremerhaven.rules.work import Work
from bremerhaven.state import Placed

__all__ = ["complete", "due_order", "order_matters", "penalise", "resolve", "reward"]

# The enum members the rules read, looked up once (a member's lookup costs a call).
_DUE_COMPLETE_FIRST = DueOrder.COMPLETE_FIRST
_DUE_LOADING_DOCK = DueOrder.LOADING_DOCK
_REASON_PENALTY = Reason.PENALTY
_REASON_REWARD = Reason.REWARD
_REASON_SALE = Reason.SALE
_GOODS = tuple(Good)

#: Due contracts with their loading docks.
Due = list[tuple[int, Placed]]


def complete(placed: Placed) -> bool:
    """Whether every good ``placed``'s card requires has been delivered (BH-TIME-3)."""
    return sum(placed.delivered) == len(placed.card.goods)


def order_matters(due: Sequence[Placed]) -> bool:
    """Whether resolving ``due`` in another order can change what its owner ends with.

    Sales and rewards add and penalties take, but a penalty takes only what the player has
    (BH-MONEY-2) and the Prestige clip stops at its floor (BH-LAND-7, BH-INT-9): the order
    can matter only when one contract costs a money penalty and another brings money (a
    sale or a money reward), or one costs a prestige penalty and another brings prestige.
    Otherwise every order ends alike (BH-INT-16).
    """
    done = [complete(placed) for placed in due]
    for i, placed in enumerate(due):
        if done[i]:
            continue
        penalty = placed.card.penalty
        if not (penalty.money or penalty.prestige):
            continue
        for j, other in enumerate(due):
            if j == i:
                continue
            gain = other.card.reward if done[j] else None
            if penalty.money and (any(other.delivered) or (gain is not None and gain.money)):
                return True
            if penalty.prestige and gain is not None and gain.prestige:
                return True
    return False


def due_order(options: RulesOptions, due: Due) -> Due | None:
    """The order ``due`` (loading dock, contract) are resolved in, by BH-INT-16's reading.

    Loading-dock order by default; the complete ones first under ``complete-first``;
    ``None`` under ``owner-chooses`` when the order can change the result
    (:func:`order_matters`): the owner then chooses, one contract at a time.
    """
    if len(due) < 2:
        return due
    order = options.due_order
    if order is _DUE_LOADING_DOCK:
        return due
    if order is _DUE_COMPLETE_FIRST:
        return sorted(due, key=lambda item: not complete(item[1]))
    return None if order_matters([placed for _, placed in due]) else due


def penalise(work: Work, seat: int, card: ContractCard) -> None:
    """``seat`` pays ``card``'s penalty (BH-LAND-5, BH-LAND-7, BH-MONEY-2)."""
    penalty = card.penalty
    if penalty.money:
        work.charge(seat, penalty.money, "BH-LAND-5", _REASON_PENALTY, card)
    if penalty.prestige:
        harbour = work.players[seat]
        floor = (
            0 if work.options.penalty_below_sum else min(harbour.prestige, prestige_sum(harbour))
        )
        after = max(floor, harbour.prestige - penalty.prestige)
        work.change(seat, prestige=after)
        work.note(PrestigeLost, seat, card, harbour.prestige, after)


def reward(work: Work, seat: int, card: ContractCard) -> None:
    """``seat`` takes ``card``'s reward (BH-LAND-6, BH-LAND-7)."""
    gain = card.reward
    if gain.money:
        work.earn(seat, gain.money, "BH-LAND-6", _REASON_REWARD, card)
    if gain.prestige:
        harbour = work.players[seat]
        work.change(seat, prestige=harbour.prestige + gain.prestige)
        work.note(PrestigeGained, seat, card, harbour.prestige + gain.prestige)


def resolve(work: Work, seat: int, placed: Placed, rule_id: str) -> None:
    """Resolve a due contract: sell, then reward or penalty (BH-TIME-2, BH-TIME-3)."""
    prices = work.prices[0]
    revenue = 0
    for good in _GOODS:
        count = placed.delivered[good]
        if count:
            revenue += count * prices.price(good)
            work.return_goods(good, count)
    work.earn(seat, revenue, "BH-TIME-2", _REASON_SALE, placed.card)
    if complete(placed):
        reward(work, seat, placed.card)
    else:
        penalise(work, seat, placed.card)
    work.discarded_contracts += 1
    work.note(ContractResolved, seat, placed.card, rule_id)
