"""The table of decisions: which step owns each pending decision.

:func:`step_of` maps every pending decision (and, for an action, every effect) to the
:class:`~harbour.rules.step.Step` that owns it; ``match`` with ``assert_never`` lets
mypy prove that every kind is handled. :mod:`harbour.engine` runs the steps.
"""

from __future__ import annotations

from typing import Any, assert_never

from harbour.cards.effects import (
    Buy,
    Convert,
    Effect,
    Exchange,
    Gain,
    GainChoice,
    GainPerSymbol,
    OneOf,
    SwapMarket,
    TwoPart,
)
from harbour.moves import (
    ChooseCharacter,
    ChooseFreeBuilding,
    ChooseOption,
    ChoosePart,
    ChooseStartingGoods,
    DeferToll,
    ExchangeGoods,
    Move,
    MovePawn,
    PayToll,
    Purchase,
    SellToTraders,
    Ship,
    SwapSquares,
    TakeGoods,
    UseAbility,
)
from harbour.rules import actions, buying, gifts, setup, shipping, toll, turn
from harbour.rules.step import Step
from harbour.state import (
    Pending,
    PendingCharacter,
    PendingEffect,
    PendingFreeBuilding,
    PendingGift,
    PendingMove,
    PendingPurchase,
    PendingShip,
    PendingStartingGoods,
    PendingToll,
    PendingTollAfter,
)

__all__ = ["BY_TYPE", "effect_step", "move_kind", "step_of"]


def step_of(pending: Pending) -> Step[Any, Any]:
    """The step that owns a pending decision (looked up by type; :func:`_owner` decides)."""
    if type(pending) is PendingEffect:
        kind: type = type(pending.effect)
        found = _BY_EFFECT.get(kind)
        if found is None:
            found = _BY_EFFECT[kind] = effect_step(pending.effect)
        return found
    found = _BY_PENDING.get(type(pending))
    if found is None:
        found = _BY_PENDING[type(pending)] = _owner(pending)
    return found


#: :func:`step_of`'s memory of :func:`_owner` and :func:`effect_step`, by type.
_BY_PENDING: dict[type, Step[Any, Any]] = {}
_BY_EFFECT: dict[type, Step[PendingEffect, Any]] = {}
#: The steps :func:`step_of` has met, by the pending decision's type (every kind but
#: :class:`~harbour.state.PendingEffect`, whose effect decides its step), filled as it
#: meets them: the engine's fast table (:attr:`meeplekit.engine.Hooks.steps`), read before
#: :func:`step_of` is asked.
BY_TYPE = _BY_PENDING


def _owner(pending: Pending) -> Step[Any, Any]:
    """The table: the step that owns each kind of pending decision."""
    match pending:
        case PendingMove():
            return turn.PAWN
        case PendingEffect(effect=effect):  # pragma: no mutate - step_of looks these up itself
            return effect_step(effect)  # pragma: no mutate
        case PendingToll():
            return toll.TOLL_NOW
        case PendingTollAfter():
            return toll.TOLL_AFTER
        case PendingPurchase():
            return buying.PURCHASE
        case PendingGift():
            return gifts.GIFT
        case PendingShip():
            return shipping.SHIP_AFTER_SALE
        case PendingStartingGoods():
            return setup.STARTING_GOODS
        case PendingCharacter():
            return setup.CHARACTER
        case PendingFreeBuilding():
            return setup.FREE_BUILDING
        case _:  # pragma: no mutate - mypy proves it unreachable
            assert_never(pending)  # pragma: no mutate


def effect_step(effect: Effect) -> Step[PendingEffect, Any]:
    """The step that performs an action (or one part of it)."""
    match effect:
        case GainChoice():
            return actions.GAIN_CHOICE
        case Buy():
            return shipping.BUY
        case Gain():
            return actions.GAIN
        case OneOf():
            return actions.ONE_OF
        case TwoPart():
            return actions.TWO_PART
        case Convert():
            return actions.CONVERT
        case GainPerSymbol():
            return actions.GAIN_PER_SYMBOL
        case Exchange():
            return actions.EXCHANGE
        case SwapMarket():
            return actions.SWAP
        case _:  # pragma: no mutate - mypy proves it unreachable
            assert_never(effect)  # pragma: no mutate


def move_kind(move: Move) -> str:
    """What a move does, in a few words (``"a pawn move"``), for messages."""
    match move:
        case ChooseStartingGoods():
            return "a choice of starting goods"
        case ChooseCharacter():
            return "a choice of character board"
        case ChooseFreeBuilding():
            return "a choice of free building"
        case MovePawn():
            return "a pawn move"
        case PayToll():
            return "a toll payment"
        case DeferToll():
            return "deferring a toll"
        case ChooseOption():
            return "a choice of option"
        case ChoosePart():
            return "a choice of part"
        case TakeGoods():
            return "a choice of goods"
        case ExchangeGoods():
            return "a conversion"
        case SwapSquares():
            return "a market swap"
        case Ship():
            return "a shipment"
        case SellToTraders():
            return "a sale to the Inland Traders"
        case UseAbility():
            return "the once-per-turn conversion"
        case Purchase():
            return "a purchase"
        case _:  # pragma: no mutate - mypy proves it unreachable
            assert_never(move)  # pragma: no mutate
