"""Chance as explicit decisions: the outcomes of a chance node and a seeded sampler (MK-CHANCE-1).

At a chance node (:func:`machikoro.current_player` is ``CHANCE``) :func:`chance_outcomes`
gives each outcome move with its exact probability, and :func:`sample` draws one with the
library's generator, so that random play and ``new_game`` follow the same probabilities a
test can list:

>>> import machikoro
>>> from meeplekit.rng import SplitMix64
>>> state = machikoro.apply_move(machikoro.new_game(2, seed=1), machikoro.RollDice(1))
>>> [(str(m.faces), str(p)) for m, p in chance_outcomes(state)][:2]
[('(1,)', '1/6'), ('(2,)', '1/6')]
>>> sample(state, SplitMix64(5)) in machikoro.legal_moves(state)
True
"""

from __future__ import annotations

from fractions import Fraction

from machikoro.errors import InvalidValueError
from machikoro.moves import DRAW, ONE_DIE, TWO_DICE, Dice, Move
from machikoro.state import GameState, PendingDice, PendingDraw, PendingTunaRoll
from meeplekit.rng import SplitMix64
from meeplekit.values import shown

__all__ = ["chance_outcomes", "sample"]

_SIXTH = Fraction(1, 6)
_ONE = tuple((m, _SIXTH) for m in ONE_DIE)
_TWO = tuple((m, Fraction(1 if m.faces[0] == m.faces[1] else 2, 36)) for m in TWO_DICE)
#: The outcome of two dice by their faces in the order rolled (a 6 x 6 table).
_PAIR: tuple[tuple[Dice, ...], ...] = tuple(
    tuple(next(m for m in TWO_DICE if m.faces == tuple(sorted((a, b)))) for b in range(1, 7))
    for a in range(1, 7)
)


def chance_outcomes(state: GameState) -> tuple[tuple[Move, Fraction], ...]:
    """Each outcome of the chance node on top with its exact probability; ``()`` elsewhere.

    One die: ``Dice((f,))`` with 1/6 each. Two dice (a roll or the Tuna Boat's): the 21
    ``Dice((a, b))`` with a <= b, 1/36 for a double and 2/36 otherwise (MK-CHANCE-2). A
    market draw: ``Draw(kind)`` with (cards of that kind) / (cards in the deck)
    (MK-CHANCE-3). The probabilities sum to 1.
    """
    if not state.stack:
        return ()
    top = state.stack[-1]
    if type(top) is PendingDice:
        return _ONE if top.dice == 1 else _TWO
    if type(top) is PendingTunaRoll:
        return _TWO
    if type(top) is PendingDraw:
        total = sum(state.deck)
        return tuple((DRAW[k], Fraction(n, total)) for k, n in enumerate(state.deck) if n)
    return ()


def sample(state: GameState, rng: SplitMix64) -> Move:
    """One outcome of the chance node on top, drawn with ``rng`` with its probability.

    Each die is drawn uniformly (two dice in turn, then put in order); a card is drawn
    uniformly from the deck. Raises :class:`~machikoro.errors.InvalidValueError` when
    ``state`` is not a valid state at a chance node (MK-INPUT-5).
    """
    if type(state) is not GameState:
        raise InvalidValueError(f"sample needs a GameState, got {shown(state)}")
    try:
        move = _sample(state, rng)
    except (AttributeError, TypeError, IndexError, ValueError):  # a state made around its
        move = None  # constructor: a field never set or of another type
    if move is None:
        raise InvalidValueError("sample needs a valid state at a chance node (a roll or a draw)")
    return move


def _sample(state: GameState, rng: SplitMix64) -> Move | None:
    """:func:`sample`, or ``None`` when ``state`` is not at a chance node."""
    top = state.stack[-1] if state.stack else None
    if type(top) is PendingDice:
        if top.dice == 1:
            return ONE_DIE[rng.below(6)]
        return _PAIR[rng.below(6)][rng.below(6)]
    if type(top) is PendingTunaRoll:
        return _PAIR[rng.below(6)][rng.below(6)]
    if type(top) is PendingDraw and any(state.deck):
        deck = state.deck
        draw = rng.below(sum(deck))
        for kind, n in enumerate(deck):
            if draw < n:
                return DRAW[kind]
            draw -= n
    return None
