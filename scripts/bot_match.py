"""The search bot at a time budget per decision against the greedy bot, every game, through the lab.

Usage: ``python scripts/bot_match.py [--game G ...] [--seconds S] [--playouts P] [--games N]
[--seed FIRST] [--players K] [--workers W] [--out FILE]`` (``make bot-match`` runs it; see
the Makefile).

For each game (all three by default), ``--games`` seeds from ``--seed`` (0) are each
played in every seat rotation: with ``K`` players the ISMCTS bot sits in seat 0, then 1,
..., then ``K - 1`` of the same deal, the greedy bot in every other seat, so ``N * K``
games per game and every seat played equally often. The games are the lab's (:class:`meeplekit.lab.Job`,
:func:`meeplekit.lab.run`): every bot seeded from the game seed and its seat and given only
its observation, chance drawn from the game seed; the ISMCTS bot stops each decision once
``--seconds`` CPU seconds are spent (the lab's clock, :func:`time.process_time`) or after
``--playouts`` iterations, whichever comes first (``--playouts`` 0: no cap, the budget
alone). A game the ISMCTS bot wins alone counts 1, a shared win ``1/k``, a game stopped at
the decision limit 0. The table gives, per game, the games, the ISMCTS bot's wins, its win
rate and the 95% Wilson score interval (:func:`meeplekit.lab.wilson`); it is printed as
Markdown and written to ``--out`` when given. With ``K`` players a bot no better than
greedy wins ``1/K``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from meeplekit.lab import GameResult, Job, run, wilson

#: The games of the match, in the table's order.
GAMES: tuple[str, ...] = ("harbour", "machikoro", "bremerhaven")


def rotations(players: int) -> list[tuple[str, ...]]:
    """Every seating of one ISMCTS bot among greedy ones: the ISMCTS bot in seat 0, 1, ..."""
    return [
        tuple("ismcts" if seat == turn else "greedy" for seat in range(players))
        for turn in range(players)
    ]


def jobs(
    game: str,
    games: int,
    players: int,
    seconds: float | None,
    playouts: int | None,
    first: int = 0,
) -> list[Job]:
    """The lab's jobs of one game: each of ``games`` seeds from ``first`` in every seat rotation."""
    return [
        Job(game, seed=seed, bots=bots, playouts=playouts, seconds=seconds)
        for seed in range(first, first + games)
        for bots in rotations(players)
    ]


def score(result: GameResult) -> float:
    """The ISMCTS bot's share of a game: 1 alone, ``1/k`` shared, 0 lost or unfinished."""
    seat = result.bots.index("ismcts")
    return 1 / len(result.winners) if seat in result.winners else 0.0


def row(game: str, results: Sequence[GameResult]) -> str:
    """One line of the Markdown table."""
    wins = sum(score(result) for result in results)
    interval = wilson(wins, len(results))
    unfinished = sum(not result.finished for result in results)
    return (
        f"| {game} | {results[0].players if results else 0} | {len(results)} | {wins:g} "
        f"| {interval.estimate:.1%} | {interval.low:.1%} to {interval.high:.1%} | {unfinished} |"
    )


HEADER = (
    "| Game | Players | Games | ISMCTS wins | Win rate | 95% Wilson interval | Unfinished |\n"
    "|---|---:|---:|---:|---:|---|---:|"
)


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the arguments, play every game's match through the lab and report."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--game", action="append", choices=GAMES, help="a game (repeatable; all by default)"
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per decision (1.0)")
    parser.add_argument(
        "--playouts", type=int, default=0, help="iterations per decision at most (0: no cap)"
    )
    parser.add_argument("--games", type=int, default=50, help="seeds per game (50)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (0)")
    parser.add_argument("--players", type=int, default=2, help="players per game (2)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--out", type=Path, help="also write the Markdown table here")
    args = parser.parse_args(argv)
    if args.seconds <= 0 and args.playouts <= 0:
        parser.error("give a time budget (--seconds above 0) or --playouts above 0")
    seconds = args.seconds if args.seconds > 0 else None
    playouts = args.playouts if args.playouts > 0 else None
    lines = [HEADER]
    start = time.perf_counter()
    for game in args.game or GAMES:
        played = jobs(game, args.games, args.players, seconds, playouts, args.seed)
        results = run(played, workers=args.workers)
        lines.append(row(game, results))
        print(lines[-1], file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    budget = [f"{seconds:g} CPU s per decision"] if seconds is not None else []
    if playouts is not None:
        budget.append(f"at most {playouts} iterations")
    text = "\n".join(lines) + (
        f"\n\nISMCTS ({' and '.join(budget)}) against the greedy bot: seeds {args.seed} to "
        f"{args.seed + args.games - 1}, each in all {args.players} seat rotations; {args.workers} "
        f"worker(s), {elapsed:.0f} s.\n"
    )
    print(text, end="")
    if args.out is not None:
        args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
