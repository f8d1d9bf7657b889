"""Play a seeded three-player tournament between Bremerhaven's bots and report their results.

Usage: ``python scripts/bremerhaven_tournament.py [--games N] [--playouts P] [--workers W]
[--short] [--out FILE]``.

The random, the greedy and the ISMCTS bot (:mod:`bremerhaven.agents.bots`,
:mod:`bremerhaven.agents.search`) play every one of the six seatings of the three bots, each over
the game seeds 0 to N-1, so every bot plays every seat on the same deals. Every bot is
seeded from the game seed and its seat (:func:`meeplekit.demo.bot_seed`) and sees only its
observation; Bremerhaven has no chance during play (BH-ENGINE-10), so the results depend
only on the arguments. A game a bot wins counts 1 for it (ties are broken by rank, so
every game has one winner, BH-END-4). The table gives, for each bot, its games, its wins,
its win share with a 95% Wilson score interval (:func:`meeplekit.lab.wilson`) and its
mean final score (money times prestige, BH-END-3); it is printed as Markdown and written
to ``--out`` when given. With three players a bot no better than the others wins a third.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import bremerhaven
from bremerhaven.agents.bots import GreedyBot, RandomBot
from bremerhaven.agents.search import ISMCTSBot
from meeplekit.demo import bot_seed
from meeplekit.lab import wilson

#: The bots in the order the table lists them.
BOTS: tuple[str, ...] = ("ismcts", "greedy", "random")
NAMES = {"ismcts": "ISMCTS", "greedy": "greedy", "random": "random"}
#: Every seating of the three bots: the bot in each seat.
SEATINGS: tuple[tuple[str, ...], ...] = tuple(itertools.permutations(BOTS))


def _maker(name: str, playouts: int) -> Callable[[int], Any]:
    """The bot called ``name``, made from its seed."""
    if name == "ismcts":
        return lambda seed: ISMCTSBot(playouts=playouts, seed=seed)
    return GreedyBot if name == "greedy" else RandomBot


def play_game(
    job: tuple[tuple[str, ...], int, int, bool],
) -> tuple[tuple[str, ...], int, tuple[int, ...], tuple[int, ...]]:
    """Play one game: the seating, the seed, every seat's score and the winners."""
    seating, seed, playouts, short = job
    options = bremerhaven.RulesOptions(game="short") if short else bremerhaven.RulesOptions()
    bots = [_maker(name, playouts)(bot_seed(seed, seat)) for seat, name in enumerate(seating)]
    state = bremerhaven.new_game(len(seating), seed=seed, options=options)
    while not bremerhaven.is_over(state):
        seat = bremerhaven.current_player(state)
        state = bremerhaven.apply_move(state, bots[seat].choose(bremerhaven.observe(state, seat)))
    result = bremerhaven.outcome(state)
    return seating, seed, result.points, result.winners


def table(results: list[tuple[tuple[str, ...], int, tuple[int, ...], tuple[int, ...]]]) -> str:
    """The results as a Markdown table: one row per bot."""
    lines = [
        "| Bot | Games | Wins | Win share | 95% Wilson interval | Mean score |",
        "|---|---:|---:|---:|---|---:|",
    ]
    for name in BOTS:
        games = wins = 0
        scores: list[int] = []
        for seating, _, points, winners in results:
            for seat, bot in enumerate(seating):
                if bot == name:
                    games += 1
                    wins += seat in winners
                    scores.append(points[seat])
        interval = wilson(wins, games)
        mean = sum(scores) / len(scores) if scores else 0.0
        lines.append(
            f"| {NAMES[name]} | {games} | {wins} | {interval.estimate:.1%} "
            f"| {interval.low:.1%} to {interval.high:.1%} | {mean:.0f} |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    """Parse the arguments, play the games in worker processes and report."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="game seeds per seating (4)")
    parser.add_argument("--playouts", type=int, default=30, help="ISMCTS playouts (30)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--short", action="store_true", help="play the short game")
    parser.add_argument("--out", type=Path, help="also write the Markdown table here")
    args = parser.parse_args()
    jobs = [
        (seating, seed, args.playouts, args.short)
        for seed in range(args.games)
        for seating in SEATINGS
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(play_game, jobs))
    elapsed = time.perf_counter() - start
    kind = "short" if args.short else "long"
    text = table(results) + (
        f"\n{len(results)} three-player {kind} games: the 6 seatings of the three bots, each "
        f"over seeds 0 to {args.games - 1}; ISMCTS with {args.playouts} playouts; "
        f"{args.workers} workers, {elapsed:.0f} s.\n"
    )
    print(text, end="")
    if args.out is not None:
        args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
