"""The Clean-up phase and the end of the game (BH-EVENT-1 to BH-RETURN-1, BH-END-1, BH-END-2).

5.1 resolves the event on the rack's left, if any (BH-EVENT-1, BH-EVENT-2); 5.2 advances
the Ship token by the progress card on the right, and the game ends at once on the last
space (BH-PROGRESS-1, BH-PROGRESS-2); otherwise that card turns over to the left as next
round's event, public but not resolved until then (BH-PROGRESS-3, BH-INT-8). The short
game advances exactly 2 and has no events (BH-SHORT-7, BH-SHORT-9). Then the boards are
refilled (BH-REFILL-1 to BH-REFILL-3, BH-SHORT-8, BH-SOLO-16) and the influence cards go
back to hand, down to 5 (BH-RETURN-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from bremerhaven.cards.model import (
    Charge,
    ContractCard,
    Counted,
    EventEffect,
    NewspaperCard,
    Reward,
    ShipCard,
)
from bremerhaven.events import (
    BoardsRefilled,
    EventCarriedOut,
    InfluenceBoxed,
    LastSpaceReached,
    NextEvent,
    Reason,
    ShipTokenAdvanced,
)
from bremerhaven.facts import GAME
from bremerhaven.options import LeftoverContracts
from bremerhaven.rules.harbours import built, used_spaces
from bremerhaven.rules.outcomes import due_order, resolve
from bremerhaven.rules.work import Work
from bremerhaven.state import Harbour, PendingDue

__all__ = ["clean_up", "end_game", "refill", "return_influence"]

# The enum members the rules read, looked up once (a member's lookup costs a call).
_PER_BUILDINGS = Counted.BUILDINGS
_PER_CONTRACTS = Counted.CONTRACTS
_PER_SHIPS = Counted.SHIPS
_LEFTOVER_IGNORED = LeftoverContracts.IGNORED
_REASON_EVENT = Reason.EVENT


def _counted(harbour: Harbour, per: Counted) -> int:
    if per is _PER_CONTRACTS:
        return sum(1 for placed in harbour.loading if placed is not None)
    if per is _PER_SHIPS:
        return sum(1 for ship in harbour.docks if ship is not None)
    if per is _PER_BUILDINGS:
        return sum(1 for _ in built(harbour))
    return used_spaces(harbour.storage)


def _event(work: Work, effect: EventEffect, card: NewspaperCard) -> None:
    """Every harbour meets the event alike (BH-EVENT-1)."""
    for seat in range(work.count):
        if seat == work.dummy:
            continue
        count = _counted(work.players[seat], effect.per)
        money = count * effect.money
        if isinstance(effect, Charge):
            work.charge(seat, money, "BH-EVENT-1", _REASON_EVENT, card)
        elif isinstance(effect, Reward):
            work.earn(seat, money, "BH-EVENT-1", _REASON_EVENT, card)


def clean_up(work: Work) -> bool:
    """5.1 and 5.2; True when the game has ended (then :func:`end_game` has run).

    The game is then over, or over once the decisions :func:`end_game` left are made.
    """
    state = work.state
    solo = state.solo
    if work.event is not None and not work.options.short and not solo:
        card = work.event
        work.note(EventCarriedOut, card)
        _event(work, card.event, card)
        work.event = None
    if work.options.short or solo:
        advance = GAME.short_advance
        rule = "BH-SHORT-7"
    else:
        card = work.newspapers[0]
        advance = card.progress
        rule = "BH-PROGRESS-1"
    last = work.cards.board.track_last
    work.track = min(last, work.track + advance)
    work.note(ShipTokenAdvanced, advance, work.track, rule)
    if work.track >= last:
        work.note(LastSpaceReached)
        work.stack.clear()
        end_game(work)
        return True
    if not (work.options.short or solo):
        card = work.newspapers[0]
        work.newspapers = work.newspapers[1:]
        work.event = card
        work.note(NextEvent, card)
    refill(work)
    return_influence(work)
    return False


def end_game(work: Work) -> None:
    """Leftover contracts are resolved as if due (BH-END-2, BH-INT-7), in BH-INT-16's order.

    Under its reading that the owner chooses, an owner whose order matters is asked, seat
    by seat, and the game is over once the last has chosen.
    """
    if work.options.leftover_contracts is _LEFTOVER_IGNORED:
        return
    asked: list[PendingDue] = []
    for seat in range(work.count):
        loading = work.players[seat].loading
        due = [(k, placed) for k, placed in enumerate(loading) if placed is not None]
        ordered = due_order(work.options, due)
        if ordered is None:
            asked.append(PendingDue(seat, frozenset(k for k, _ in due), True))
            continue
        work.change(seat, loading=(None, None, None, None))
        for _, placed in ordered:
            resolve(work, seat, placed, "BH-END-2")
    work.stack.extend(reversed(asked))


C = TypeVar("C", ShipCard, ContractCard)


def _refill_row(
    row: Sequence[C | None], deck: tuple[C, ...], full: bool
) -> tuple[tuple[C | None, ...], tuple[C, ...], int]:
    """One board's refill: the new row, the deck left and how many cards were discarded."""
    n = len(row)
    left = [card for card in row if card is not None]
    if full:
        discarded = len(left)
        left = []
    elif row[n - 1] is not None:
        discarded = 1
        left = left[:-1]
    else:
        discarded = 0
    new = deck[: n - len(left)]
    gaps: list[C | None] = [None] * (n - len(left) - len(new))
    return tuple(gaps + list(new) + list(left)), deck[len(new) :], discarded


def refill(work: Work) -> None:
    """Refill the Sea and Land boards (BH-REFILL-2, BH-REFILL-3).

    Discard the rightmost card, shift the rest right, fill from the left; the short and solo games
    discard every card left and deal new ones (BH-SHORT-8, BH-SOLO-16). A deck that runs out leaves
    spaces empty (BH-INT-14).
    """
    full = work.options.short or work.state.solo
    work.sea, work.ship_deck, ships = _refill_row(work.sea, work.ship_deck, full)
    work.land, work.contract_deck, contracts = _refill_row(work.land, work.contract_deck, full)
    work.discarded_ships += ships
    work.discarded_contracts += contracts
    rule = "BH-SHORT-8" if full else "BH-REFILL-2"
    work.note(BoardsRefilled, rule)


def return_influence(work: Work) -> None:
    """Every player takes its cards back and discards its lowest down to 5 (BH-RETURN-1)."""
    placed: dict[int, list[int]] = {seat: [] for seat in range(work.count)}
    for bid in work.bids:
        placed[bid.seat].append(bid.value)
    for seat in range(work.count):
        hand = sorted(list(work.players[seat].hand) + placed[seat])
        while len(hand) > len(GAME.hand):
            low = hand.pop(0)
            work.note(InfluenceBoxed, seat, low)
        work.set_hand(seat, tuple(hand), frozenset())
    work.bids = ()
