"""Random-play throughput of the rules engine on one core.

Prints decisions per second (``legal_moves`` plus an unchecked apply per decision),
complete games per second, and the same with checked ``apply_move``. Usage:
``python scripts/bench_random_play.py [--games N] [--players P]``.
"""

from __future__ import annotations

import argparse
import time

import harbour
from meeplekit.rng import SplitMix64


def play(games: int, players: int, *, checked: bool) -> tuple[int, float]:
    """Play ``games`` random games; return (decisions, seconds)."""
    decisions = 0
    start = time.perf_counter()
    apply = harbour.apply_move if checked else harbour.apply_move_unchecked
    for seed in range(games):
        rng = SplitMix64(seed ^ 0x5EED)
        state = harbour.new_game(players, seed=seed)
        while not harbour.is_over(state):
            state = apply(state, rng.choice(harbour.legal_moves(state)))
            decisions += 1
    return decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    args = parser.parse_args()
    for checked in (False, True):
        decisions, seconds = play(args.games, args.players, checked=checked)
        label = "apply_move (checked)" if checked else "apply_move_unchecked"
        print(
            f"{args.games} random {args.players}-player games, legal_moves + {label}: "
            f"{decisions} decisions in {seconds:.2f} s = {decisions / seconds:,.0f} decisions/s, "
            f"{args.games / seconds:,.1f} games/s, {decisions / args.games:.0f} decisions/game"
        )


if __name__ == "__main__":
    main()
