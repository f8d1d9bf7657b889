"""The once-per-turn conversion of some characters (ABIL-11, INT-24, INT-34).

It may be used at any decision of its owner's own turn (the steps with
``turn_decision``), so it is offered beside that decision's moves and leaves the decision
in place.
"""

from __future__ import annotations

import functools

from harbour.goods import GOODS, Good, Goods, multisets
from harbour.moves import Move, UseAbility
from harbour.rules.abilities import ability_of, conversion_terms
from harbour.rules.step import Refusal
from harbour.rules.work import Work
from harbour.state import GameState

__all__ = ["available", "has_conversion", "moves", "refusal", "use"]

# Moves are immutable: one of each is made and shared (at most a few thousand).
_use = functools.cache(UseAbility)


def has_conversion(state: GameState) -> bool:
    """Whether the turn player's ability is a once-per-turn conversion."""
    return conversion_terms(ability_of(state, state.current), state.options) is not None


def available(state: GameState) -> bool:
    """Whether the turn player may still use their conversion this turn."""
    return (
        state.players[state.current].board is not None  # only characters have abilities
        and not state.ability_used
        and has_conversion(state)
    )


def _pays(held: Goods, fee: Goods, source: Good, spend: int) -> bool:
    """GOODS-1: the fee and ``spend`` of ``source`` can be paid from ``held``."""
    return held.covers(fee) and held[source] - fee[source] >= spend


def moves(state: GameState) -> tuple[Move, ...]:
    """Every way to use the turn player's conversion now."""
    terms = conversion_terms(ability_of(state, state.current), state.options)
    assert terms is not None
    fee, spend, _ = terms
    held = state.players[state.current].goods
    out: list[Move] = []
    for paid in multisets(fee):
        for source in GOODS:
            if _pays(held, paid, source, spend):
                out.extend(_use(paid, source, target) for target in GOODS if target != source)
    return tuple(out)


def refusal(state: GameState, move: UseAbility) -> Refusal | None:
    """Why the turn player may not use their conversion as ``move`` says (ABIL-11, GOODS-1)."""
    terms = conversion_terms(ability_of(state, state.current), state.options)
    if terms is None:
        return Refusal("ABIL-11", f"Player {state.current + 1} has no once-per-turn conversion.")
    if state.ability_used:
        return Refusal(
            "ABIL-11", "The conversion can be used once per turn; it was used this turn."
        )
    fee, spend, _ = terms
    if move.fee.total != fee:
        return Refusal("ABIL-11", f"The conversion's fee is {fee} good(s).")
    if move.spend == move.gain:
        return Refusal("ABIL-11", "The conversion turns goods into another kind.")
    if not _pays(state.players[state.current].goods, move.fee, move.spend, spend):
        return Refusal(
            "GOODS-1", f"Paying that would take a good below 0 (spend {spend} {move.spend.label})."
        )
    return None


def use(work: Work, move: UseAbility) -> None:
    """Carry out the conversion; the decision it was used at stays pending (INT-34)."""
    player = work.current
    terms = conversion_terms(work.ability(player), work.state.options)
    assert terms is not None
    _, spend, gain = terms
    spent = Goods.single(move.spend, spend)
    work.spend(player, move.fee)
    work.spend(player, spent)
    work.gain(player, Goods.single(move.gain, gain), "ABIL-11", spent=spent, fee=move.fee)
    work.ability_used = True
