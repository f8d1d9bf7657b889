"""Play seeded two-player tournaments between a game's bots and report win rates.

Usage: ``python scripts/tournament.py [--game G] [--games N] [--playouts P] [--workers W]
[--out FILE]`` (``make tournament`` runs Harbour's full tournament: 200 games per pairing,
1000 playouts; ``make tournament GAME=machikoro`` Machi Koro's: 100 games per pairing, 200
playouts).

The pairings: for Harbour, ISMCTS against the greedy and the random bot; for Machi Koro,
the greedy bot against the random one, and ISMCTS against both. For each pairing,
``--games`` 2-player games are played from seeds 0 to N-1; the first bot of the pairing
sits in seat ``seed % 2``, so the seats alternate. Every bot is seeded from the game seed
and its seat (:func:`meeplekit.demo.bot_seed`) and sees only its observation; Machi Koro's
chance (dice, market draws) is drawn with a generator seeded from the game seed
(:func:`meeplekit.demo.chance_seed`), so the results depend only on the arguments. A game
the first bot wins alone counts 1, a shared win 1/2. The win rate is reported with a 95%
Wilson score interval, and the Markdown table is printed and written to ``--out`` when
given.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from meeplekit.demo import bot_seed, chance_seed
from meeplekit.lab import wilson
from meeplekit.rng import SplitMix64

#: Each game's pairings (first bot, second bot) and default games and playouts.
PAIRINGS: dict[str, tuple[tuple[str, str], ...]] = {
    "harbour": (("ismcts", "greedy"), ("ismcts", "random")),
    "machikoro": (("greedy", "random"), ("ismcts", "greedy"), ("ismcts", "random")),
}
DEFAULTS: dict[str, tuple[int, int]] = {"harbour": (200, 1000), "machikoro": (100, 200)}
NAMES = {"ismcts": "ISMCTS", "greedy": "greedy", "random": "random"}


def _makers(game: str, playouts: int) -> dict[str, Callable[[int], Any]]:
    """The bots of ``game`` by name, each made from its seed."""
    if game == "harbour":
        from harbour.agents.bots import GreedyBot, RandomBot
        from harbour.agents.search import ISMCTSBot
    else:
        from machikoro.agents.bots import GreedyBot, RandomBot  # type: ignore[assignment]
        from machikoro.agents.search import ISMCTSBot  # type: ignore[assignment]

    def ismcts(seed: int) -> Any:
        return ISMCTSBot(playouts=playouts, seed=seed)

    return {"greedy": GreedyBot, "random": RandomBot, "ismcts": ismcts}


def _winners(game: str, seed: int, bots: list[Any]) -> tuple[int, ...]:
    """Play one 2-player game of ``game`` from ``seed``; its winners."""
    if game == "harbour":
        import harbour

        state = harbour.new_game(2, seed=seed)
        while not state.is_over:
            decider = harbour.current_player(state)
            move = bots[decider].choose(harbour.observe(state, decider))
            state = harbour.apply_move(state, move)
        return harbour.outcome(state).winners
    import machikoro

    mk = machikoro.new_game(2, seed=seed)
    chance = SplitMix64(chance_seed(seed))
    while not machikoro.is_over(mk):
        decider = machikoro.current_player(mk)
        if decider == machikoro.CHANCE:
            move = machikoro.sample_chance(mk, chance)
        else:
            move = bots[decider].choose(machikoro.observe(mk, decider))
        mk = machikoro.apply_move(mk, move)
    return machikoro.outcome(mk).winners


def play_game(job: tuple[str, str, str, int, int]) -> tuple[str, int, float]:
    """Play one game; the first bot's score (1, 1/k for a shared win, 0) by pairing."""
    game, first, second, seed, playouts = job
    makers = _makers(game, playouts)
    seat = seed % 2
    bots = [makers[second](bot_seed(seed, s)) for s in range(2)]
    bots[seat] = makers[first](bot_seed(seed, seat))
    winners = _winners(game, seed, bots)
    return f"{first} vs {second}", seed, (1 / len(winners) if seat in winners else 0.0)


def table(game: str, scores: dict[str, list[float]], playouts: int) -> str:
    """The results as a Markdown table."""
    if game == "harbour":
        lines = [
            f"| Pairing | Games | ISMCTS ({playouts} playouts) wins | Win rate "
            "| 95% Wilson interval |",
            "|---|---:|---:|---:|---|",
        ]
    else:
        lines = [
            "| Pairing | Games | Wins of the first | Win rate of the first | 95% Wilson interval |",
            "|---|---:|---:|---:|---|",
        ]
    for pairing, results in scores.items():
        wins = sum(results)
        interval = wilson(wins, len(results))
        low, high = interval.low, interval.high
        rate = wins / len(results) if results else 0.0
        first, second = pairing.split(" vs ")
        label = f"ISMCTS vs {second}" if game == "harbour" else f"{NAMES[first]} vs {NAMES[second]}"
        lines.append(
            f"| {label} | {len(results)} | {wins:g} | {rate:.1%} | {low:.1%} to {high:.1%} |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    """Parse the arguments, play the games in worker processes and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(PAIRINGS), default="harbour", help="(harbour)")
    parser.add_argument("--games", type=int, help="games per pairing (Harbour 200, Machi Koro 100)")
    parser.add_argument(
        "--playouts", type=int, help="ISMCTS playouts (Harbour 1000, Machi Koro 200)"
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--out", type=Path, help="also write the Markdown table here")
    args = parser.parse_args()
    game: str = args.game
    games = DEFAULTS[game][0] if args.games is None else args.games
    playouts = DEFAULTS[game][1] if args.playouts is None else args.playouts
    pairings = PAIRINGS[game]
    jobs = [(game, a, b, seed, playouts) for a, b in pairings for seed in range(games)]
    scores = {f"{a} vs {b}": [0.0] * games for a, b in pairings}
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for pairing, seed, score in pool.map(play_game, jobs):
            scores[pairing][seed] = score
    elapsed = time.perf_counter() - start
    text = table(game, scores, playouts)
    if game == "harbour":
        text += (
            f"\n{games} two-player games per pairing (seeds 0 to {games - 1}, the "
            f"ISMCTS bot in seat seed % 2), {args.workers} workers, {elapsed:.0f} s.\n"
        )
    else:
        text += (
            f"\n{games} two-player games per pairing (seeds 0 to {games - 1}, the first "
            f"bot in seat seed % 2), ISMCTS with {playouts} playouts, {args.workers} "
            f"workers, {elapsed:.0f} s.\n"
        )
    print(text, end="")
    if args.out is not None:
        args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
