"""Play ISMCTS against the greedy and the random bot and report win rates.

Usage: ``python scripts/tournament.py [--games N] [--playouts P] [--workers W] [--out FILE]``
(``make tournament`` runs the full tournament: 200 games per pairing, 1000 playouts).

For each pairing, ``--games`` 2-player games are played from seeds 0 to N-1; the ISMCTS
bot sits in seat ``seed % 2``, so the seats alternate. Every bot is seeded from the game
seed and its seat (:func:`harbour.demo.bot_seed`) and sees only its observation, so the
results depend only on the arguments. A game the ISMCTS bot wins alone counts 1, a shared
win 1/2. The win rate is reported with a 95% Wilson score interval, and the Markdown table
is printed and written to ``--out`` when given.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import harbour
from harbour.bots import Bot, GreedyBot, RandomBot
from harbour.demo import bot_seed
from harbour.lab import wilson
from harbour.search import ISMCTSBot

OPPONENTS: dict[str, Callable[[int], Bot]] = {"greedy": GreedyBot, "random": RandomBot}


def play_game(job: tuple[str, int, int]) -> tuple[str, int, float]:
    """Play one game; the ISMCTS bot's score (1, 1/k for a shared win, 0) by opponent."""
    opponent, seed, playouts = job
    seat = seed % 2
    bots: list[Bot] = [OPPONENTS[opponent](bot_seed(seed, s)) for s in range(2)]
    bots[seat] = ISMCTSBot(playouts=playouts, seed=bot_seed(seed, seat))
    state = harbour.new_game(2, seed=seed)
    while not state.is_over:
        decider = harbour.current_player(state)
        move = bots[decider].choose(harbour.observe(state, decider))
        state = harbour.apply_move(state, move)
    winners = harbour.outcome(state).winners
    return opponent, seed, (1 / len(winners) if seat in winners else 0.0)


def table(scores: dict[str, list[float]], playouts: int) -> str:
    """The results as a Markdown table."""
    lines = [
        f"| Pairing | Games | ISMCTS ({playouts} playouts) wins | Win rate | 95% Wilson interval |",
        "|---|---:|---:|---:|---|",
    ]
    for opponent, results in scores.items():
        wins = sum(results)
        interval = wilson(wins, len(results))
        low, high = interval.low, interval.high
        rate = wins / len(results) if results else 0.0
        lines.append(
            f"| ISMCTS vs {opponent} | {len(results)} | {wins:g} | {rate:.1%} "
            f"| {low:.1%} to {high:.1%} |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    """Parse the arguments, play the games in worker processes and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (200)")
    parser.add_argument("--playouts", type=int, default=1000, help="ISMCTS playouts (1000)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--out", type=Path, help="also write the Markdown table here")
    args = parser.parse_args()
    jobs = [(name, seed, args.playouts) for name in OPPONENTS for seed in range(args.games)]
    scores: dict[str, list[float]] = {name: [0.0] * args.games for name in OPPONENTS}
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for opponent, seed, score in pool.map(play_game, jobs):
            scores[opponent][seed] = score
    elapsed = time.perf_counter() - start
    text = table(scores, args.playouts)
    text += (
        f"\n{args.games} two-player games per pairing (seeds 0 to {args.games - 1}, the "
        f"ISMCTS bot in seat seed % 2), {args.workers} workers, {elapsed:.0f} s.\n"
    )
    print(text, end="")
    if args.out is not None:
        args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
