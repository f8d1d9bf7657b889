"""The outcome of a finished game and each seat's return (BH-END-3, BH-END-4, BH-ENGINE-13).

A player's score is its money times its prestige clip (BH-END-3); money on a money store
counts only under BH-INT-12's other reading. The highest score wins, ties going to the
higher rank (BH-END-4). The solo game's one seat wins when it scores more than 1250, the
top of Captain Aha's evaluation (BH-SOLO-18, BH-ENGINE-13); :func:`rating` names its band.
"""

from __future__ import annotations

import attrs

from bremerhaven.errors import GameNotOverError, InvalidValueError
from bremerhaven.options import RulesOptions
from bremerhaven.state import GameState, Harbour
from meeplekit.values import not_a

__all__ = [
    "BANDS",
    "Outcome",
    "harbour_score",
    "outcome",
    "ranking",
    "rating",
    "returns",
    "scores",
    "utilities",
]

#: Captain Aha's evaluation of a solo score: the lowest score of each band and its title
#: (BH-SOLO-18).
BANDS = (
    (0, "Landlubber"),
    (500, "Cabin Boy"),
    (750, "Officer"),
    (1000, "Lonely Ship's Kobold"),
    (1251, "Captain"),
)


@attrs.frozen
class Outcome:
    """The result of a finished game, indexed by seat."""

    #: Each seat's score.
    points: tuple[int, ...]
    #: The seat(s) that won (none in a solo game scoring 1250 or less).
    winners: tuple[int, ...]
    #: Seats from first to last.
    ranking: tuple[int, ...]


def harbour_score(harbour: Harbour, options: RulesOptions) -> int:
    """One harbour's score: its money times its prestige (BH-END-3, BH-INT-12).

    Money on a money store counts only under ``bank_counts``. The views read an
    observation's harbours with it; :func:`scores` reads a state's.
    """
    return (harbour.money + (harbour.bank if options.bank_counts else 0)) * harbour.prestige


def ranking(points: tuple[int, ...], ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The seats of ``points`` from first to last: by score, ties to the higher rank (BH-END-4)."""
    return tuple(sorted(range(len(points)), key=lambda s: (-points[s], ranks.index(s))))


def scores(state: GameState) -> tuple[int, ...]:
    """Each seat's score now: money times prestige (BH-END-3, BH-INT-12)."""
    if not isinstance(state, GameState):
        raise not_a(GameState, state, InvalidValueError)
    options = state.options
    return tuple(harbour_score(h, options) for h in state.players[: state.seats])


def outcome(state: GameState) -> Outcome:
    """The result of a finished game.

    Raises :class:`~bremerhaven.errors.GameNotOverError` while it goes on.
    """
    if not isinstance(state, GameState):
        raise not_a(GameState, state, InvalidValueError)
    if state.stack:
        raise GameNotOverError("the game is not over")
    points = scores(state)
    order = ranking(points, state.ranks)
    if state.solo:
        winners: tuple[int, ...] = (0,) if points[0] > 1250 else ()
    else:
        winners = order[:1]
    return Outcome(points, winners, order)


def rating(score: int) -> str:
    """Captain Aha's title for a solo score (BH-SOLO-18).

    >>> rating(975), rating(1251)
    ('Officer', 'Captain')
    """
    title = BANDS[0][1]
    for low, name in BANDS:
        if score >= low:
            title = name
    return title


def returns(state: GameState) -> tuple[float, ...]:
    """Each seat's reward: 0 while the game goes on.

    At the end +1 split among the winners and -1 split among the others; the solo seat always 0, as
    returns add up to 0 (its score and :func:`rating` say how it did).
    """
    if not isinstance(state, GameState):
        raise not_a(GameState, state, InvalidValueError)
    if state.stack:
        return (0.0,) * state.seats
    won = set(outcome(state).winners)
    lost = state.seats - len(won)
    if not won or not lost:  # the solo seat too: returns add up to 0 (BH-ENGINE-13)
        return (0.0,) * state.seats
    return tuple(1.0 / len(won) if s in won else -1.0 / lost for s in range(state.seats))


def utilities(state: GameState) -> tuple[float, ...]:
    """Each seat's utility of a game stopped at ``state`` (BH-SPIEL-3).

    Over: :func:`bremerhaven.returns` (+1 for the winner, -1/(n-1) for every other seat;
    the solo seat 0, BH-ENGINE-13). Cut short by the cap on decisions (BH-SPIEL-4): 0 for
    every seat, a draw, since only the final score decides the game (BH-END-3).
    """
    if state.stack:
        return (0.0,) * state.seats
    return returns(state)
