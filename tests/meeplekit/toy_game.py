"""A tiny game with a chance node, for the shared bots and search: a bet against a fixed score.

Player 1 (seat 0) decides once: ``"safe"`` scores 3, a tie with Player 2's fixed 3 (a shared
win); ``"risky"`` goes to a chance node, ``"hit"`` with probability ``p`` (10 points, a win)
or ``"miss"`` (0, a loss). Player 2 then decides once, ``"pass"`` or ``"wait"``, which change
nothing. The module has the functions of the game protocol the shared bots read.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from meeplekit.protocol import CHANCE
from meeplekit.rng import SplitMix64


@attrs.frozen
class State:
    """Scores by seat, the chance of a hit and what is still to be decided."""

    p: Fraction
    scores: tuple[int, int] = (0, 3)
    #: ``"bet"`` (seat 0), ``"chance"``, ``"reply"`` (seat 1), or ``""`` when over.
    step: str = "bet"
    seed: int = 0


@attrs.frozen
class Seen:
    """A player's observation: the whole state but the seed."""

    viewer: int
    p: Fraction
    scores: tuple[int, int]
    step: str

    @property
    def is_over(self) -> bool:
        return not self.step

    @property
    def decider(self) -> int:
        return {"bet": 0, "chance": CHANCE, "reply": 1}.get(self.step, 0)


@attrs.frozen
class Outcome:
    points: tuple[int, ...]
    winners: tuple[int, ...]
    ranking: tuple[int, ...]


def new_game(players: int = 2, *, seed: int | None = None, p: Fraction = Fraction(1, 2)) -> State:
    return State(p, seed=seed or 0)


def legal_moves(state: State) -> tuple[str, ...]:
    return {
        "bet": ("safe", "risky"),
        "chance": ("hit", "miss"),
        "reply": ("pass", "wait"),
    }.get(state.step, ())


def apply_move(state: State, move: str) -> State:
    if move not in legal_moves(state):
        raise ValueError(f"illegal move {move!r}")
    if move == "safe":
        return attrs.evolve(state, scores=(3, 3), step="reply")
    if move == "risky":
        return attrs.evolve(state, step="chance")
    if move in ("hit", "miss"):
        return attrs.evolve(state, scores=(10 if move == "hit" else 0, 3), step="reply")
    return attrs.evolve(state, step="")


def current_player(state: State) -> int:
    return Seen(0, state.p, state.scores, state.step).decider


def is_over(state: State) -> bool:
    return not state.step


def outcome(state: State) -> Outcome:
    top = max(state.scores)
    winners = tuple(s for s in (0, 1) if state.scores[s] == top)
    return Outcome(state.scores, winners, (0, 1))


def chance_outcomes(state: State) -> tuple[tuple[str, Fraction], ...]:
    if state.step != "chance":
        return ()
    return (("hit", state.p), ("miss", 1 - state.p))


def observe(state: State, player: int) -> Seen:
    return Seen(player, state.p, state.scores, state.step)


def determinize(observation: Seen, rng: SplitMix64) -> State:
    return State(observation.p, observation.scores, observation.step, rng.next_u64())


def evaluate(state: State, seat: int) -> float:
    """The seat's lead over the other."""
    return float(state.scores[seat] - state.scores[1 - seat])


def turn(state: State) -> int:
    return 0


def seats(state: State) -> int:
    return 2
