"""The Harbor marketplace: drawing cards until 10 different establishments show.

Rules MKH-MARKET-1 to MKH-MARKET-9, MK-CHANCE-3 and the reading MK-INT-11. The deck is
a count of each kind; each card drawn is a chance node (:data:`DRAWING`). The base game's
marketplace (every pile face up, MK-SETUP-2) never draws.
"""

from __future__ import annotations

from machikoro.cards.model import Establishment
from machikoro.events import CardDrawn, DeckRanOut, MajorsRemoved
from machikoro.facts import GAME
from machikoro.moves import DRAW as DRAW_MOVES
from machikoro.moves import Draw, Move
from machikoro.rules.step import Refusal, Step
from machikoro.rules.work import DRAW, Work
from machikoro.state import GameState, PendingDraw

__all__ = ["DRAWING", "everyone_owns", "needs_cards", "piles", "remove_unbuyable"]

_PILES = GAME.market_piles


def piles(market: tuple[int, ...]) -> int:
    """How many different establishments the market shows."""
    return len(market) - market.count(0)


def everyone_owns(work: Work, kind: int) -> bool:
    """Whether every player owns a copy of ``kind`` (a major nobody may buy any more)."""
    return all(work.owned(p)[kind] for p in range(len(work.coins)))


def needs_cards(work: Work) -> bool:
    """MKH-MARKET-5, MKH-MARKET-7: fewer than 10 different establishments, and a deck to draw from."""
    return piles(work.market) < _PILES and any(work.deck)


def remove_unbuyable(work: Work, kind: int) -> None:
    """MKH-MARKET-8: a major every player owns leaves the market (and the game, MK-INT-11)."""
    count = work.market[kind]
    if count and work.t.major[kind] and everyone_owns(work, kind):
        market = list(work.market)
        market[kind] = 0
        work.market = tuple(market)
        if work.log is not None:
            work.log.append(MajorsRemoved(Establishment(kind), count))


class _Drawing(Step[PendingDraw, Draw]):
    """Chance: one card from the deck joins the market, or is discarded (MK-CHANCE-3)."""

    answers = (Draw,)
    owns = frozenset({"MK-CHANCE-3"})

    def question(self, pending: PendingDraw) -> str:
        return "drawing a card for the market"

    def moves(self, state: GameState, pending: PendingDraw) -> tuple[Move, ...]:
        return tuple(DRAW_MOVES[k] for k, n in enumerate(state.deck) if n)

    def refusal(self, state: GameState, pending: PendingDraw, move: Draw) -> Refusal | None:
        if state.deck[move.establishment]:
            return None
        return Refusal("MK-CHANCE-3", f"The deck holds no {move.establishment.key}.")

    def apply(self, work: Work, pending: PendingDraw, move: Draw) -> None:
        kind = move.establishment
        deck = list(work.deck)
        deck[kind] -= 1
        work.deck = tuple(deck)
        log = work.log
        if work.t.major[kind] and everyone_owns(work, kind):
            if log is not None:  # MKH-MARKET-9: discarded, and another card drawn
                log.append(CardDrawn(kind, "discarded", "MKH-MARKET-9"))
        else:
            market = list(work.market)
            new = not market[kind]
            market[kind] += 1
            work.market = tuple(market)
            if log is not None:
                if new:
                    log.append(CardDrawn(kind, "new-pile", "MKH-MARKET-4"))
                else:
                    log.append(CardDrawn(kind, "stacked", "MKH-MARKET-3"))
        shown = piles(work.market)
        if shown < _PILES and any(deck):  # needs_cards, inline
            work.stack.append(DRAW)
        elif log is not None and shown < _PILES:
            log.append(DeckRanOut(shown))


#: A market draw.
DRAWING = _Drawing()
