"""Chance as explicit decisions: the outcomes of a chance node and a seeded sampler (MK-CHANCE-1).

At a chance node (:func:`machikoro.current_player` is ``CHANCE``) :func:`chance_outcomes`
gives each outcome move with its exact probability, and :func:`sample_chance` (also
``machikoro.sample_chance``) draws one with the library's generator, so that random play
and ``new_game`` follow the same probabilities a test can list:

>>> import machikoro
>>> from meeplekit.rng import SplitMix64
>>> state = machikoro.apply_move(machikoro.new_game(2, seed=1), machikoro.RollDice(1))
>>> [(str(m.faces), str(p)) for m, p in chance_outcomes(state)][:2]
[('(1,)', '1/6'), ('(2,)', '1/6')]
>>> sample_chance(state, SplitMix64(5)) in machikoro.legal_moves(state)
True

:func:`sample_chance` is the one sampler of the game: its bots, search, playouts, lab,
demo, command and benchmark draw with it (it is the game's
:meth:`meeplekit.protocol.ChanceGame.sample_chance`). ``machikoro.chance.sample`` is its
former name, kept for the callers that use it.

Both are cheap beside a move: the outcomes of the dice are one tuple each, made once and
given again at every roll, and a market draw's come from a table of outcomes by the
deck's size, its weights for :func:`meeplekit.protocol.sample_chance`
given with it (:func:`meeplekit.protocol.weighed`: the deck's counts), so that a tool that
reads every chance node's outcomes does no fraction arithmetic there.
"""

from __future__ import annotations

import functools
import math
from bisect import bisect_right
from fractions import Fraction
from itertools import accumulate
from typing import Final

from machikoro.errors import InvalidValueError
from machikoro.moves import DRAW, ONE_DIE, TWO_DICE, Dice, Move
from machikoro.state import GameState, PendingDice, PendingDraw, PendingTunaRoll
from meeplekit.memo import Memo
from meeplekit.protocol import weighed
from meeplekit.rng import SplitMix64
from meeplekit.values import shown

__all__ = ["chance_outcomes", "sample_chance"]

#: The outcomes of a chance node with their probabilities (what :func:`chance_outcomes` gives).
Outcomes = tuple[tuple[Move, Fraction], ...]

_SIXTH = Fraction(1, 6)
#: One die's outcomes, 1/6 each: one tuple, given at every roll of one die.
_ONE: Final[Outcomes] = tuple((m, _SIXTH) for m in ONE_DIE)
#: Two dice's 21 outcomes, 1/36 for a double and 2/36 otherwise: one tuple, given again.
_TWO: Final[Outcomes] = tuple(
    (m, Fraction(1 if m.faces[0] == m.faces[1] else 2, 36)) for m in TWO_DICE
)
#: The outcome of two dice by their faces in the order rolled (a 6 x 6 table).
_PAIR: Final[tuple[tuple[Dice, ...], ...]] = tuple(
    tuple(next(m for m in TWO_DICE if m.faces == tuple(sorted((a, b)))) for b in range(1, 7))
    for a in range(1, 7)
)
#: A die's draw of :meth:`~meeplekit.rng.SplitMix64.below` (6), inline: the generator's
#: outputs below this are taken, modulo 6; the others are drawn again (no bias).
_DIE_LIMIT: Final = (1 << 64) - ((1 << 64) % 6)
#: The outcomes of the last market draw's deck (by identity: a deck no draw changed is
#: shared by the states that follow, and a tool often asks twice about one state).
_DRAWS: Final[Memo[tuple[int, ...], Outcomes]] = Memo()


#: The most cards of one establishment a deck holds, and one: the size of a row of
#: :func:`_draw_rows` (a deck with more of one kind, which no game deals, is worked out).
_ROW: Final = 8


@functools.lru_cache(maxsize=256)
def _draw_rows(cards: int) -> tuple[Outcomes, ...]:
    """Each establishment's draw with its probability ``n / cards``, by ``n`` below :data:`_ROW`."""
    shares = [Fraction(n, cards) for n in range(_ROW)]
    return tuple(tuple((move, share) for share in shares) for move in DRAW)


def _draws(deck: tuple[int, ...]) -> Outcomes:
    """The outcomes of a market draw from ``deck``: each kind with (its cards) / (the deck)."""
    entry = _DRAWS.entry  # Memo.get, inline
    if entry is not None and entry[0] is deck:
        return entry[1]
    cards = sum(deck)
    if cards > 0 and min(deck) >= 0 and max(deck) < _ROW:
        rows = _draw_rows(cards)
        found = tuple([row[n] for row, n in zip(rows, deck, strict=True) if n])
        # The least common denominator of n / cards is cards / gcd(cards, every n), each
        # weight n / gcd: the counts themselves when they share no divisor with the deck.
        common = math.gcd(cards, *deck)
        if common == 1:
            found = weighed(found, cards, filter(None, deck))
        else:
            found = weighed(found, cards // common, [n // common for n in deck if n])
    else:  # an empty deck (no draw), or one no game deals: the fractions made here
        found = tuple((DRAW[k], Fraction(n, cards)) for k, n in enumerate(deck) if n)
    _DRAWS.entry = (deck, found)  # Memo.put, inline
    return found


def chance_outcomes(state: GameState) -> Outcomes:
    """Each outcome of the chance node on top with its exact probability; ``()`` elsewhere.

    One die: ``Dice((f,))`` with 1/6 each. Two dice (a roll or the Tuna Boat's): the 21
    ``Dice((a, b))`` with a <= b, 1/36 for a double and 2/36 otherwise (MK-CHANCE-2). A
    market draw: ``Draw(kind)`` with (cards of that kind) / (cards in the deck)
    (MK-CHANCE-3). The probabilities sum to 1. The dice's outcomes are the same tuple at
    every roll (made once), so that a sampler may remember what it worked out for them.
    """
    if not state.stack:
        return ()
    top = state.stack[-1]
    if type(top) is PendingDice:
        return _ONE if top.dice == 1 else _TWO
    if type(top) is PendingTunaRoll:
        return _TWO
    if type(top) is PendingDraw:
        return _draws(state.deck)
    return ()


def sample_chance(state: GameState, rng: SplitMix64) -> Move:
    """One outcome of the chance node on top, drawn with ``rng`` with its probability.

    Each die is drawn uniformly (two dice in turn, then put in order); a card is drawn
    uniformly from the deck. The outcome is one of :func:`chance_outcomes`, each drawn with
    its probability there. Raises :class:`~machikoro.errors.InvalidValueError` when
    ``state`` is not a valid state at a chance node (MK-INPUT-5).
    """
    if type(state) is not GameState:
        raise InvalidValueError(f"sample_chance needs a GameState, got {shown(state)}")
    try:  # a state made around its constructor fails in here: a field never set, or odd
        stack = state.stack
        top = stack[-1] if stack else None
        if type(top) is PendingDice:
            if top.dice == 1:  # a die: rng.below(6), inline
                x = rng.next_u64()
                while x >= _DIE_LIMIT:
                    x = rng.next_u64()
                return ONE_DIE[x % 6]
            first = _die(rng)
            return _PAIR[first][_die(rng)]
        if type(top) is PendingTunaRoll:
            first = _die(rng)
            return _PAIR[first][_die(rng)]
        if type(top) is PendingDraw:
            deck = state.deck
            running = list(accumulate(deck))
            if running[-1] > 0 and min(deck) >= 0:
                # The first kind whose running count passes the card drawn.
                return DRAW[bisect_right(running, rng.below(running[-1]))]
    except (AttributeError, TypeError, IndexError, ValueError):
        pass
    raise InvalidValueError("sample_chance needs a valid state at a chance node (a roll or a draw)")


#: The former name of :func:`sample_chance`, kept for the callers that use it.
sample = sample_chance


def _die(rng: SplitMix64) -> int:
    """A die's face less one: ``rng.below(6)``, the same draw inline."""
    x = rng.next_u64()
    while x >= _DIE_LIMIT:
        x = rng.next_u64()
    return x % 6
