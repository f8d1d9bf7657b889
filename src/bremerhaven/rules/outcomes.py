"""What a contract pays when it is due, cannot be placed, or is left at the end.

A due contract's delivered goods are sold at the top Price card's prices and go back to the
supply; a complete contract earns its reward, an incomplete one costs its penalty
(BH-TIME-2, BH-TIME-3). A prestige reward or penalty moves the clip by one at once
(BH-LAND-7), a penalty never below 0 and, under BH-INT-9's other reading, never below the
harbour's ships and buildings. Money penalties take what the player has (BH-MONEY-2).
"""

from __future__ import annotations

from bremerhaven.cards.model import ContractCard, Good
from bremerhaven.rules.harbours import prestige_sum
from bremerhaven.rules.work import Work
from bremerhaven.state import Placed

__all__ = ["penalise", "resolve", "reward"]


def penalise(work: Work, seat: int, card: ContractCard) -> None:
    """``seat`` pays ``card``'s penalty (BH-LAND-5, BH-LAND-7, BH-MONEY-2)."""
    penalty = card.penalty
    if penalty.money:
        work.charge(seat, penalty.money, "BH-LAND-5", "the penalty of {}", card.name)
    if penalty.prestige:
        harbour = work.players[seat]
        floor = (
            0 if work.options.penalty_below_sum else min(harbour.prestige, prestige_sum(harbour))
        )
        after = max(floor, harbour.prestige - penalty.prestige)
        work.change(seat, prestige=after)
        work.note(
            "BH-LAND-7", seat, "loses prestige for {}: {} -> {}", card.name, harbour.prestige, after
        )


def reward(work: Work, seat: int, card: ContractCard) -> None:
    """``seat`` takes ``card``'s reward (BH-LAND-6, BH-LAND-7)."""
    gain = card.reward
    if gain.money:
        work.earn(seat, gain.money, "BH-LAND-6", "the reward of {}", card.name)
    if gain.prestige:
        harbour = work.players[seat]
        work.change(seat, prestige=harbour.prestige + gain.prestige)
        work.note(
            "BH-LAND-7",
            seat,
            "gains prestige for {}: {}",
            card.name,
            harbour.prestige + gain.prestige,
        )


def resolve(work: Work, seat: int, placed: Placed, rule_id: str) -> None:
    """Resolve a due contract: sell, then reward or penalty (BH-TIME-2, BH-TIME-3)."""
    prices = work.prices[0]
    revenue = 0
    for good in Good:
        count = placed.delivered[good]
        if count:
            revenue += count * prices.price(good)
            work.return_goods(good, count)
    work.earn(seat, revenue, "BH-TIME-2", "selling the goods of {}", placed.card.name)
    if sum(placed.delivered) == len(placed.card.goods):
        reward(work, seat, placed.card)
    else:
        penalise(work, seat, placed.card)
    work.discarded_contracts += 1
    work.note(rule_id, seat, "{} is resolved and discarded", placed.card.name)
