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
outcome by applying it and a sampler draws one (:func:`sample_chance`). A game whose chance
is all in its setup (Harbour, seeded by ``new_game``) returns no chance outcomes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final, Protocol, TypeVar

from meeplekit.rng import SplitMix64

__all__ = [
    "CHANCE",
    "Game",
    "OutcomeLike",
    "RefusalLike",
    "ViolationLike",
    "sample_chance",
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


def sample_chance(outcomes: Sequence[tuple[M, Fraction]], rng: SplitMix64) -> M:
    """One outcome drawn with its exact probability (the fractions' common denominator).

    ``outcomes`` is what a game's ``chance_outcomes`` gives at a chance node.

    >>> from fractions import Fraction
    >>> sample_chance([("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))], SplitMix64(3))
    'tails'
    """
    if not outcomes:
        raise ValueError("no chance outcomes to sample from")
    if sum(probability for _, probability in outcomes) != 1:
        raise ValueError("chance outcomes whose probabilities do not sum to 1")
    denominator = math.lcm(*(probability.denominator for _, probability in outcomes))
    draw = rng.below(denominator)
    for outcome, probability in outcomes:
        weight = probability.numerator * (denominator // probability.denominator)
        if draw < weight:
            return outcome
        draw -= weight
    raise AssertionError("unreachable: the weights sum to the denominator")
