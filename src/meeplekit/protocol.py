"""What a game module provides: the protocol every game of the project satisfies.

A game is a module (``harbour``, ``machikoro``) whose top level holds these functions; the
shared tools (the testing kit, bots, the lab, the adapters) call nothing else. The
protocol is structural (:class:`typing.Protocol`): a game does not import it to satisfy
it, and a type checker verifies that a module does (``game: Game[GameState, Move] =
harbour``). States are immutable values; every function is pure.

Chance: a game whose chance happens during play (dice, draws) makes it an explicit
decision of :data:`CHANCE`, as OpenSpiel does: at a chance node :func:`current_player` is
:data:`CHANCE`, the legal moves are the outcomes, and ``chance_outcomes`` gives each with
its exact probability (a :class:`fractions.Fraction`; they sum to 1), so a test forces an
outcome by applying it and a sampler draws one. A game with chance nodes gives its own
sampler at its top level, ``sample_chance(state, rng)`` (:class:`ChanceGame`), the one its
bots, playouts and benchmark use; a tool that has only the outcomes draws from them with
:func:`sample_chance` here. A game whose chance is all in its setup (Harbour, seeded by
``new_game``) returns no chance outcomes and needs no sampler.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import accumulate
from typing import Any, Final, Protocol, TypeVar

from meeplekit.memo import Memo
from meeplekit.rng import SplitMix64

__all__ = [
    "CHANCE",
    "ChanceGame",
    "Game",
    "OutcomeLike",
    "RefusalLike",
    "ViolationLike",
    "sample_chance",
    "weighed",
]

#: The deciding "player" at a chance node.
CHANCE: Final = -1

S = TypeVar("S")
M = TypeVar("M")


class RefusalLike(Protocol):
    """Why a move is refused: the rule it breaks and a sentence."""

    @property
    def rule_id(self) -> str:
        """The rule ID of the game's specification."""
        ...

    @property
    def reason(self) -> str:
        """Why, in a plain sentence."""
        ...


class ViolationLike(RefusalLike, Protocol):
    """A broken invariant of a position: the rule and a sentence."""


class OutcomeLike(Protocol):
    """The result of a finished game, indexed by seat."""

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's score."""
        ...

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat(s) that won."""
        ...

    @property
    def ranking(self) -> tuple[int, ...]:
        """Seats from first to last."""
        ...


class Game(Protocol[S, M]):
    """The functions a game module provides (``S`` its state, ``M`` its move type).

    Each is documented by the game; here is what every game promises.
    """

    def new_game(self, players: int, *, seed: int | None = None) -> S:
        """A new game of ``players``, its setup chance drawn from ``seed``."""
        ...

    def legal_moves(self, state: S) -> tuple[M, ...]:
        """Every legal move now (chance outcomes at a chance node); empty once over."""
        ...

    def apply_move(self, state: S, move: M) -> S:
        """The state after ``move``; raises the game's ``IllegalMoveError`` naming the rule."""
        ...

    def apply_move_with_events(self, state: S, move: M) -> tuple[S, tuple[Any, ...]]:
        """:meth:`apply_move` and what happened, event by event, each naming its rule."""
        ...

    def explain(self, state: S, move: M) -> RefusalLike | None:
        """Why ``move`` is refused now, or ``None`` when it is legal."""
        ...

    def current_player(self, state: S) -> int:
        """The seat deciding now, or :data:`CHANCE` at a chance node.

        After the game has ended: the seat of the player who moved last (never
        :data:`CHANCE`; in a game that ends on its winner's move, the winner). Every game
        gives this one definition (:attr:`meeplekit.engine.Hooks.last_mover`).
        """
        ...

    def is_over(self, state: S) -> bool:
        """True once the game has ended."""
        ...

    def outcome(self, state: S) -> OutcomeLike:
        """The result of a finished game."""
        ...

    def returns(self, state: S) -> tuple[float, ...]:
        """Each seat's reward: 0 while the game goes on, zero-sum at the end.

        Each winner gets +1 divided by the number of winners, every other seat -1 divided by
        their number (0 for everyone when every seat wins).
        """
        ...

    def chance_outcomes(self, state: S) -> tuple[tuple[M, Fraction], ...]:
        """At a chance node, each outcome with its exact probability; otherwise empty."""
        ...

    def observe(self, state: S, viewer: int | None) -> Any:
        """What ``viewer`` (a seat) may see of ``state``; ``None``: what a spectator may see.

        A spectator sees what every player sees and nothing that only one player may see.
        """
        ...

    def determinize(self, observation: Any, rng: SplitMix64) -> S:
        """A state consistent with ``observation``, the hidden parts drawn with ``rng``."""
        ...

    def validate(self, state: object) -> tuple[ViolationLike, ...]:
        """Every invariant ``state`` breaks (empty for a valid position); never raises."""
        ...

    def to_json(self, value: object) -> str:
        """``value`` (a state, a move, ...) as a versioned JSON document."""
        ...

    def from_json(self, text: str) -> Any:
        """The value a document of :meth:`to_json` holds, checked."""
        ...


class ChanceGame(Game[S, M], Protocol):
    """A game whose positions after setup may be chance nodes: it also gives its sampler.

    Machi Koro is one (``game: ChanceGame[GameState, Move] = machikoro``); a game whose
    chance is all in its setup satisfies :class:`Game` alone.
    """

    def sample_chance(self, state: S, rng: SplitMix64) -> M:
        """One outcome of the chance node ``state``, drawn with ``rng`` with its probability.

        The outcome is one of ``chance_outcomes(state)``, each drawn with the probability
        given there. The game's bots, playouts, lab and benchmark draw with this sampler,
        so a seeded game draws the same outcomes wherever it is played; it costs less
        than listing the outcomes. Raises the game's ``InvalidValueError`` (a
        ``ValueError``) away from a chance node.
        """
        ...


#: The weights :func:`sample_chance` worked out for the outcomes it met last, one memo
#: per number of outcomes (modulo its length): a game that gives the same tuple again at
#: each chance node of a kind (the dice's outcomes) has them worked out once, however its
#: chance nodes of other kinds (of another number of outcomes) come between.
_WEIGHTS: Final = tuple(Memo[object, tuple[int, list[int]]]() for _ in range(64))


def _weights(outcomes: Sequence[tuple[M, Fraction]]) -> tuple[int, list[int]]:
    """The common denominator of the probabilities and each outcome's running total of weights."""
    ratios = [probability.as_integer_ratio() for _, probability in outcomes]
    denominator = math.lcm(*[d for _, d in ratios])
    weights = [n * (denominator // d) for n, d in ratios]
    if min(weights) < 0:
        raise ValueError("chance outcomes with a negative probability")
    running = list(accumulate(weights))
    if running[-1] != denominator:
        raise ValueError("chance outcomes whose probabilities do not sum to 1")
    return denominator, running


def weighed(
    outcomes: tuple[tuple[M, Fraction], ...], denominator: int, weights: Iterable[int]
) -> tuple[tuple[M, Fraction], ...]:
    """``outcomes``, with the weights :func:`sample_chance` would work out for them given here.

    For a game whose ``chance_outcomes`` knows its probabilities' least common
    ``denominator`` and each outcome's probability times it (its ``weights``, in order)
    without reading the fractions: a market draw's are the counts of the deck's cards. The
    game vouches for them (they are not checked): :func:`sample_chance` then draws from
    this very tuple, as it would have, without working them out.

    >>> from fractions import Fraction
    >>> coin = weighed((("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))), 2, (1, 1))
    >>> sample_chance(coin, SplitMix64(3))
    'tails'
    """
    _WEIGHTS[len(outcomes) & 63].entry = (outcomes, (denominator, list(accumulate(weights))))
    return outcomes


def sample_chance(outcomes: Sequence[tuple[M, Fraction]], rng: SplitMix64) -> M:
    """One outcome drawn with its exact probability (the fractions' common denominator).

    ``outcomes`` is what a game's ``chance_outcomes`` gives at a chance node: one draw
    below the common denominator of the probabilities picks the outcome whose share of it
    holds the draw, in order. The weights of a tuple met again (the very object, as a game
    gives its dice outcomes) are not worked out again, nor those of a tuple a game gave
    with its weights (:func:`weighed`). A game with chance nodes also has
    its own sampler (:meth:`ChanceGame.sample_chance`), which may draw otherwise.

    >>> from fractions import Fraction
    >>> sample_chance([("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))], SplitMix64(3))
    'tails'
    """
    if not outcomes:
        raise ValueError("no chance outcomes to sample from")
    if type(outcomes) is tuple:  # immutable: its weights may be remembered
        memo = _WEIGHTS[len(outcomes) & 63]
        entry = memo.entry  # Memo.get, inline
        if entry is not None and entry[0] is outcomes:
            denominator, running = entry[1]
        else:
            denominator, running = memo.put(outcomes, _weights(outcomes))
    else:
        denominator, running = _weights(outcomes)
    return outcomes[bisect_right(running, rng.below(denominator))][0]
