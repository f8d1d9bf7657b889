"""Shipping arithmetic and the market adjustment (rules BUY-2, BUY-4, MARKET-1, MARKET-2)."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final

from harbour.facts import GAME
from harbour.goods import Good
from harbour.options import ReentryOrder

# Enum members read once: read through its class, a member costs about four plain
# attribute reads (each read looks the name up on the enum's type first).
_REVERSED: Final = ReentryOrder.REVERSED

__all__ = ["adjust_market", "square_values"]


def adjust_market(
    market: tuple[Good, Good, Good, Good], shipped: Iterable[Good], reentry: ReentryOrder
) -> tuple[Good, Good, Good, Good]:
    """The market after ``shipped`` goods were shipped.

    ``market`` lists the goods from the $2 square to the $5 square. The unshipped goods
    move up to the highest squares keeping their order (MARKET-1); the shipped goods
    fill the lowest squares (MARKET-2): with :attr:`ReentryOrder.REVERSED` (001's worked
    example) the least-in-demand shipped good ends highest among them, with
    :attr:`ReentryOrder.KEPT` they keep their order.
    """
    gone = set(shipped)
    remaining = [g for g in market if g not in gone]
    moved = [g for g in market if g in gone]
    if reentry is _REVERSED:
        moved.reverse()
    out = moved + remaining
    return (out[0], out[1], out[2], out[3])


@functools.cache
def square_values(market: tuple[Good, Good, Good, Good]) -> tuple[int, ...]:
    """BUY-2: the dollar value of each good's market square, indexed by good.

    One entry per order of the market (24 at most).
    """
    values = [0, 0, 0, 0]
    for square, good in enumerate(market):
        values[good] = GAME.market_values[square]
    return tuple(values)
