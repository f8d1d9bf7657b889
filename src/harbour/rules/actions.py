"""Building actions other than buying (rules ACT-1 to ACT-8, TURN-4, GOODS-1, GOODS-2).

Gains, conversions, the market swap, either-or and two-part actions. Fixed gains, gains per symbol and fixed conversions offer no choice and are carried out by
themselves (TURN-6); the others are decisions.
"""

from __future__ import annotations

import functools
from functools import lru_cache
from itertools import combinations

from harbour.cards.effects import (
    Convert,
    Exchange,
    Gain,
    GainChoice,
    GainPerSymbol,
    OneOf,
    TwoPart,
)
from harbour.events import MarketSwapped, OptionChosen, PartChosen, StepSkipped, SymbolsCounted
from harbour.facts import GAME
from harbour.goods import GOODS, Good, Goods, multisets
from harbour.moves import ChooseOption, ChoosePart, ExchangeGoods, Move, SwapSquares, TakeGoods
from harbour.rules import abilities, gifts
from harbour.rules.step import Refusal, Step
from harbour.rules.work import Work, pending_effect
from harbour.state import BoardSite, GameState, PendingEffect

__all__ = [
    "CONVERT",
    "EXCHANGE",
    "GAIN",
    "GAIN_CHOICE",
    "GAIN_PER_SYMBOL",
    "ONE_OF",
    "SWAP",
    "TWO_PART",
    "action_gain",
]

# Moves are immutable: one of each is made and shared (at most a few thousand).
_exchange = functools.cache(ExchangeGoods)


def action_gain(work: Work, goods: Goods, rule_id: str, spent: Goods | None = None) -> None:
    """The turn player gains ``goods`` from their building's action (ACT-1 to ACT-5).

    Capped at 6 (GOODS-2); ``spent`` is what a conversion cost. The gain wakes the
    abilities that watch gains: the owner's extra goods (ABIL-1) and other players' gifts
    for a starting building's gain (ABIL-7).
    """
    player = work.current
    work.gain(player, goods, rule_id, spent)
    ability = work.ability(player)
    if ability is not None:
        extra = abilities.extra_gain(ability, goods)
        if extra.total:
            work.gain(player, extra, "ABIL-1")
    site = work.pawn(player)
    if goods.total and isinstance(site, BoardSite) and work.any_character():
        gifts.owe_start_building_gifts(work, player, site)


# --------------------------------------------------------------------------- automatic steps


class _Automatic(Step[PendingEffect, Move]):
    """An action step with no choice: it never waits for a decision (TURN-6)."""

    may_be_automatic = True
    turn_decision = False

    def question(self, pending: PendingEffect) -> str:
        # Never asked: these steps are done before any decision is asked for.
        return "performing the action"  # pragma: no mutate


class _Gain(_Automatic):
    """ACT-1: gain fixed goods."""

    def automatic(self, work: Work, pending: PendingEffect) -> bool:
        effect = pending.effect
        assert isinstance(effect, Gain)
        work.stack.pop()
        action_gain(work, effect.goods, "ACT-1")
        return True


class _GainPerSymbol(_Automatic):
    """ACT-3: gain goods for each symbol of a kind owned (SYM-5)."""

    def automatic(self, work: Work, pending: PendingEffect) -> bool:
        effect = pending.effect
        assert isinstance(effect, GainPerSymbol)
        work.stack.pop()
        player = work.current
        count = work.symbol_count(player, effect.symbol)
        if work.log is not None:
            work.log.append(SymbolsCounted(player, effect.symbol, count, effect.amount))
        if count:
            action_gain(work, Goods.single(effect.good, count * effect.amount), "ACT-3")
        return True


class _Convert(_Automatic):
    """ACT-4: spend fixed goods to gain fixed goods; skipped when they are lacking (GOODS-1)."""

    def automatic(self, work: Work, pending: PendingEffect) -> bool:
        effect = pending.effect
        assert isinstance(effect, Convert)
        work.stack.pop()
        player = work.current
        if work.held(player).covers(effect.spend):
            work.spend(player, effect.spend)
            action_gain(work, effect.gain, "ACT-4", spent=effect.spend)
        elif work.log is not None:
            work.log.append(StepSkipped(player, effect, "ACT-4"))
        return True


# --------------------------------------------------------------------------- decisions


@lru_cache(maxsize=256)
def _choices(effect: GainChoice) -> tuple[Move, ...]:
    return tuple(TakeGoods(g) for g in multisets(effect.amount, effect.kinds))


class _GainChoice(Step[PendingEffect, TakeGoods]):
    """ACT-2: gain goods of choice (plus a fixed part)."""

    answers = (TakeGoods,)
    owns = frozenset({"ACT-2"})

    def question(self, pending: PendingEffect) -> str:
        return "choosing the goods to gain"

    def moves(self, state: GameState, pending: PendingEffect) -> tuple[Move, ...]:
        effect = pending.effect
        assert isinstance(effect, GainChoice)
        return _choices(effect)

    def refusal(self, state: GameState, pending: PendingEffect, move: TakeGoods) -> Refusal | None:
        effect = pending.effect
        assert isinstance(effect, GainChoice)
        goods = move.goods
        if goods.total != effect.amount:
            return Refusal("ACT-2", f"Take exactly {effect.amount} goods, not {goods.total}.")
        if any(goods[g] for g in GOODS if g not in effect.kinds):
            return Refusal("ACT-2", "Those goods are not among the kinds this action offers.")
        return None

    def apply(self, work: Work, pending: PendingEffect, move: TakeGoods) -> None:
        effect = pending.effect
        assert isinstance(effect, GainChoice)
        action_gain(work, effect.fixed.plus(move.goods), "ACT-2")


def _can_spend(held: Goods, good: Good, amount: int) -> bool:
    """GOODS-1: ``amount`` of ``good`` can be spent from ``held``."""
    return held[good] >= amount


def _gain_kinds(effect: Exchange, spend: Good) -> tuple[Good, ...]:
    """ACT-5: the goods a flexible conversion may give when ``spend`` is spent."""
    return tuple(g for g in GOODS if not (effect.other and g == spend))


class _Exchange(Step[PendingEffect, ExchangeGoods]):
    """ACT-5: spend N of one good of choice, gain M each of K goods of choice."""

    answers = (ExchangeGoods,)
    owns = frozenset({"ACT-5", "GOODS-1"})
    may_be_automatic = True

    def question(self, pending: PendingEffect) -> str:
        return "choosing a conversion"

    def moves(self, state: GameState, pending: PendingEffect) -> tuple[Move, ...]:
        effect = pending.effect
        assert isinstance(effect, Exchange)
        held = state.players[state.current].goods
        out: list[Move] = []
        for spend in GOODS:
            if _can_spend(held, spend, effect.spend_amount):
                kinds = _gain_kinds(effect, spend)
                out.extend(_exchange(spend, c) for c in combinations(kinds, effect.gain_kinds))
        return tuple(out)

    def refusal(
        self, state: GameState, pending: PendingEffect, move: ExchangeGoods
    ) -> Refusal | None:
        effect = pending.effect
        assert isinstance(effect, Exchange)
        held = state.players[state.current].goods
        if not _can_spend(held, move.spend, effect.spend_amount):
            return Refusal(
                "GOODS-1",
                f"Spending {effect.spend_amount} {move.spend.label} would take it below 0.",
            )
        kinds = _gain_kinds(effect, move.spend)
        gain = move.gain  # a set of different goods (INPUT-1)
        if len(gain) != effect.gain_kinds or any(g not in kinds for g in gain):
            return Refusal(
                "ACT-5",
                f"Gain {effect.gain_kinds} different good(s)"
                + (" other than the one spent." if effect.other else "."),
            )
        return None

    def apply(self, work: Work, pending: PendingEffect, move: ExchangeGoods) -> None:
        effect = pending.effect
        assert isinstance(effect, Exchange)
        spent = Goods.single(move.spend, effect.spend_amount)
        gained = Goods(*(effect.gain_amount if g in move.gain else 0 for g in GOODS))
        work.spend(work.current, spent)
        action_gain(work, gained, "ACT-5", spent)

    def automatic(self, work: Work, pending: PendingEffect) -> bool:
        effect = pending.effect
        assert isinstance(effect, Exchange)
        held = work.held(work.current)
        if any(_can_spend(held, g, effect.spend_amount) for g in GOODS):
            return False
        work.stack.pop()  # ACT-5, TURN-4: no good can pay for it, nothing to choose
        if work.log is not None:
            work.log.append(StepSkipped(work.current, effect, "ACT-5"))
        return True


_SWAPS = tuple(SwapSquares(a, b) for a, b in combinations(range(GAME.market_squares), 2))


class _Swap(Step[PendingEffect, SwapSquares]):
    """ACT-6: swap the goods on two market squares."""

    answers = (SwapSquares,)

    def question(self, pending: PendingEffect) -> str:
        return "choosing two market squares to swap"

    def moves(self, state: GameState, pending: PendingEffect) -> tuple[Move, ...]:
        return _SWAPS

    def refusal(
        self, state: GameState, pending: PendingEffect, move: SwapSquares
    ) -> Refusal | None:
        return None  # any two squares (INPUT-1 makes a SwapSquares name two)

    def apply(self, work: Work, pending: PendingEffect, move: SwapSquares) -> None:
        market = list(work.market)
        market[move.first], market[move.second] = market[move.second], market[move.first]
        work.market = (market[0], market[1], market[2], market[3])
        if work.log is not None:
            work.log.append(MarketSwapped(work.current, move.first, move.second, work.market))


class _OneOf(Step[PendingEffect, ChooseOption]):
    """ACT-8: choose one option of an either-or action."""

    answers = (ChooseOption,)
    owns = frozenset({"ACT-8"})

    def question(self, pending: PendingEffect) -> str:
        return "choosing one of the action's options"

    def moves(self, state: GameState, pending: PendingEffect) -> tuple[Move, ...]:
        effect = pending.effect
        assert isinstance(effect, OneOf)
        return tuple(ChooseOption(i) for i in range(len(effect.options)))

    def refusal(
        self, state: GameState, pending: PendingEffect, move: ChooseOption
    ) -> Refusal | None:
        effect = pending.effect
        assert isinstance(effect, OneOf)
        if 0 <= move.index < len(effect.options):
            return None
        return Refusal("ACT-8", f"This action has only {len(effect.options)} options.")

    def apply(self, work: Work, pending: PendingEffect, move: ChooseOption) -> None:
        effect = pending.effect
        assert isinstance(effect, OneOf)
        option = effect.options[move.index]
        work.stack.append(pending_effect(option))
        if work.log is not None:
            work.log.append(OptionChosen(work.current, move.index, option))


_PARTS = (ChoosePart(0), ChoosePart(1))


class _TwoPart(Step[PendingEffect, ChoosePart]):
    """ACT-7: choose which part of a two-part action to do first; both follow."""

    answers = (ChoosePart,)

    def question(self, pending: PendingEffect) -> str:
        return "choosing which part of the action to do first"

    def moves(self, state: GameState, pending: PendingEffect) -> tuple[Move, ...]:
        return _PARTS

    def refusal(self, state: GameState, pending: PendingEffect, move: ChoosePart) -> Refusal | None:
        return None  # either part (INPUT-1 makes a ChoosePart name part 0 or 1)

    def apply(self, work: Work, pending: PendingEffect, move: ChoosePart) -> None:
        effect = pending.effect
        assert isinstance(effect, TwoPart)
        work.stack.append(pending_effect(effect.parts[1 - move.index]))
        work.stack.append(pending_effect(effect.parts[move.index]))
        if work.log is not None:
            work.log.append(PartChosen(work.current, move.index, effect.parts[move.index]))


#: A fixed gain.
GAIN = _Gain()
#: A gain per owned symbol.
GAIN_PER_SYMBOL = _GainPerSymbol()
#: A fixed conversion.
CONVERT = _Convert()
#: A gain of goods of choice.
GAIN_CHOICE = _GainChoice()
#: A flexible conversion.
EXCHANGE = _Exchange()
#: The market swap.
SWAP = _Swap()
#: An either-or action.
ONE_OF = _OneOf()
#: A two-part action.
TWO_PART = _TwoPart()
