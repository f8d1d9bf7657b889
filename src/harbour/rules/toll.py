"""Tolls: who owes one, paying before or after the action, and a toll that cannot be paid.

Rules TOLL-1 to TOLL-5 and the readings INT-5 and INT-17.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

from harbour.cards.effects import Symbol, contains_buy
from harbour.events import TollDeferred, TollDue, TollForgiven, TollPaid, TollWaived
from harbour.goods import GOODS, Good
from harbour.moves import DeferToll, Move, MovePawn, PayToll, SellToTraders, Ship
from harbour.options import BuyRule, UnpayableToll
from harbour.rules.step import Refusal, Step
from harbour.rules.work import Work, pending_toll, pending_toll_after
from harbour.state import (
    GameState,
    PendingEffect,
    PendingGift,
    PendingMove,
    PendingShip,
    PendingToll,
    PendingTollAfter,
    Site,
)

# Enum members read once: read through its class, a member costs about four plain
# attribute reads (each read looks the name up on the enum's type first).
_FORGIVEN: Final = UnpayableToll.FORGIVEN
_OPTIONAL: Final = BuyRule.OPTIONAL
_TOP_HAT: Final = Symbol.TOP_HAT

__all__ = [
    "TOLL_AFTER",
    "TOLL_NOW",
    "arrive",
    "at_risk",
    "payable_after",
    "toll_owner",
    "unpayable_refusal",
]

# Moves are immutable: one of each is made and shared.
_pay_toll = functools.cache(PayToll)
_DEFER = DeferToll()

#: Lists the legal moves of a state before TOLL-5 filters them.
Candidates = Callable[[GameState], tuple[Move, ...]]
#: Applies a move known to be legal.
ApplyMove = Callable[[GameState, Move], GameState]


def _other_owner(state: GameState, player: int, site: Site) -> int | None:
    """TOLL-1: the seat that owns ``site`` when it is not ``player`` (display buildings: none)."""
    owner = state.owner_of(site)
    return None if owner is None or owner == player else owner


def _waived(state: GameState, player: int) -> bool:
    """TOLL-4: a player who owns a top hat pays no toll."""
    return state.symbol_count(player, _TOP_HAT) > 0


def toll_owner(state: GameState, player: int, site: Site) -> int | None:
    """The seat owed a toll when ``player`` uses ``site``, or ``None`` (TOLL-1, TOLL-4)."""
    owner = _other_owner(state, player, site)
    if owner is None or _waived(state, player):
        return None
    return owner


def arrive(work: Work, player: int, site: Site) -> None:
    """``player``'s pawn arrived at ``site``: a toll is due there unless TOLL-4 waives it."""
    state = work.state
    owner = _other_owner(state, player, site)
    if owner is None:
        return
    if _waived(state, player):
        if work.log is not None:
            work.log.append(TollWaived(player, owner))
        return
    work.stack.append(pending_toll(owner))
    if work.log is not None:
        work.log.append(TollDue(player, owner))


def _holds(state: GameState, good: Good) -> bool:
    """TOLL-1: a toll is paid with one unit of a good the payer holds."""
    return state.players[state.current].goods[good] > 0


def _pay(work: Work, owner: int, good: Good, after_action: bool) -> None:
    payer = work.current
    work.row(payer)[good] -= 1
    received = work.gain_one(owner, good)  # INT-17: over 6 the unit is lost
    if work.log is not None:
        work.log.append(TollPaid(payer, owner, good, after_action, received))


def _no_good_refusal(state: GameState, good: Good) -> Refusal:
    return Refusal(
        "TOLL-1", f"Player {state.current + 1} holds no {good.label} to pay the toll with."
    )


class _TollNow(Step[PendingToll, PayToll | DeferToll]):
    """On arrival: pay the toll now, or defer it until the action is done (TOLL-2)."""

    answers = (PayToll, DeferToll)
    owns = frozenset({"TOLL-1"})

    def question(self, pending: PendingToll) -> str:
        return "paying the toll now or deferring it"

    def moves(self, state: GameState, pending: PendingToll) -> tuple[Move, ...]:
        return (*(_pay_toll(g) for g in GOODS if _holds(state, g)), _DEFER)

    def refusal(
        self, state: GameState, pending: PendingToll, move: PayToll | DeferToll
    ) -> Refusal | None:
        if isinstance(move, PayToll) and not _holds(state, move.good):
            return _no_good_refusal(state, move.good)
        return None

    def apply(self, work: Work, pending: PendingToll, move: PayToll | DeferToll) -> None:
        if isinstance(move, PayToll):
            _pay(work, pending.owner, move.good, after_action=False)
            return
        action = work.stack.pop()  # TOLL-2: the toll waits under the action
        work.stack.append(pending_toll_after(pending.owner))
        work.stack.append(action)
        if work.log is not None:
            work.log.append(TollDeferred(work.current, pending.owner))


class _TollAfter(Step[PendingTollAfter, PayToll]):
    """The deferred toll, due when the action is done (TOLL-2, TOLL-3)."""

    answers = (PayToll,)
    owns = frozenset({"TOLL-1"})
    may_be_automatic = True

    def question(self, pending: PendingTollAfter) -> str:
        return "paying the deferred toll"

    def moves(self, state: GameState, pending: PendingTollAfter) -> tuple[Move, ...]:
        return tuple(_pay_toll(g) for g in GOODS if _holds(state, g))

    def refusal(self, state: GameState, pending: PendingTollAfter, move: PayToll) -> Refusal | None:
        if not _holds(state, move.good):
            return _no_good_refusal(state, move.good)
        return None

    def apply(self, work: Work, pending: PendingTollAfter, move: PayToll) -> None:
        _pay(work, pending.owner, move.good, after_action=True)

    def automatic(self, work: Work, pending: PendingTollAfter) -> bool:
        if work.state.options.unpayable_toll is _FORGIVEN and not work.held(work.current).total:
            work.stack.pop()  # INT-5 FORGIVEN: nothing to pay with
            if work.log is not None:
                work.log.append(TollForgiven(work.current, pending.owner))
            return True
        return False


#: Paying the toll on arrival, or deferring it.
TOLL_NOW = _TollNow()
#: Paying a deferred toll.
TOLL_AFTER = _TollAfter()


# --------------------------------------------------------------------------- TOLL-5, INT-5


def _toll_deferred(state: GameState) -> bool:
    return any(isinstance(p, PendingTollAfter) for p in state.stack)


def _keeps_goods_anyway(state: GameState) -> bool:
    """A cheap sufficient test that the turn player can finish the action holding a good.

    With optional buying (INT-6) shipping nothing is always allowed, and every other step
    either leaves goods or adds some, so a player holding goods can always keep one.
    """
    return state.options.buying is _OPTIONAL and state.players[state.current].goods.total > 0


def _may_still_ship(state: GameState) -> bool:
    return any(
        isinstance(p, PendingShip) or (isinstance(p, PendingEffect) and contains_buy(p.effect))
        for p in state.stack
    )


def at_risk(state: GameState) -> bool:
    """Whether TOLL-5 (under ``CANNOT_ENTER``, INT-5) may forbid any move now.

    A cheap test on the state; :func:`payable_after` then decides move by move.
    """
    if state.options.unpayable_toll is _FORGIVEN:
        return False
    top = state.stack[-1]
    if isinstance(top, PendingMove):
        return not state.players[state.current].goods.total
    if isinstance(top, PendingToll):
        return not _keeps_goods_anyway(state)
    return _toll_deferred(state)


def payable_after(
    state: GameState, move: Move, candidates: Candidates, apply_move: ApplyMove
) -> bool:
    """TOLL-5: False when ``move`` leads only to a toll that can never be paid.

    ``move`` is a candidate (:func:`harbour.rules.table.candidates`) in a state
    :func:`at_risk`.
    """
    top = state.stack[-1]
    if isinstance(top, PendingMove):
        # With no goods, a tolled building is open only if the action can pay the toll.
        return _has_continuation(state, move, candidates, apply_move)
    if isinstance(top, PendingToll):
        return not isinstance(move, DeferToll) or _has_continuation(
            state, move, candidates, apply_move
        )
    return _keeps_toll_payable(state, move, candidates, apply_move)


def unpayable_refusal(state: GameState, move: Move) -> Refusal:
    """The TOLL-5 refusal of a move :func:`payable_after` rejected."""
    if _toll_deferred(state):
        return Refusal("TOLL-5", "That choice would leave no good to pay the deferred toll with.")
    if isinstance(move, MovePawn):
        return Refusal(
            "TOLL-5",
            f"Player {state.current + 1} could pay the toll at {state.site_name(move.site)} "
            "neither before nor after its action.",
        )
    return Refusal("TOLL-5", "The toll there could be paid neither before nor after the action.")


def _has_continuation(
    state: GameState, move: Move, candidates: Candidates, apply_move: ApplyMove
) -> bool:
    """True when any toll ``move`` leads to can still be paid."""
    after = apply_move(state, move)
    if after.turn != state.turn:
        return True  # the turn, or the game, ended
    if isinstance(after.pending, PendingToll | PendingGift):
        # A gift to the Diplomat's host (ABIL-10) comes before the toll is settled.
        return any(
            isinstance(m, PayToll) or _has_continuation(after, m, candidates, apply_move)
            for m in candidates(after)
        )
    if not _toll_deferred(after):
        return True
    return any(_keeps_toll_payable(after, m, candidates, apply_move) for m in candidates(after))


def _keeps_toll_payable(
    state: GameState, move: Move, candidates: Candidates, apply_move: ApplyMove
) -> bool:
    """True when some way to finish the action after ``move`` leaves a good for the toll."""
    if not isinstance(move, Ship | SellToTraders) and _keeps_goods_anyway(state):
        return True
    after = apply_move(state, move)
    if not _toll_deferred(after):
        return True  # the toll was paid (and the turn may even be over)
    held = after.players[after.current].goods.total
    # Only shipping and selling can take a player down to no goods: gains, conversions and
    # abilities always leave some.
    if held and not _may_still_ship(after):
        return True
    return any(_keeps_toll_payable(after, m, candidates, apply_move) for m in candidates(after))
