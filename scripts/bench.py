"""The performance benchmark of ``make bench`` (pyperf, with python-chess in the same run).

Random play: a benchmark value is the CPU time of a fixed batch of seeded random games
(``legal_moves`` and a random legal move applied per decision), turned into decisions and
games per second. python-chess plays the same way in the same run (a ply = list the legal
moves, push a random one; until the game is over or 300 plies), so the ratio is measured
on the same machine at the same time. Machi Koro plays the same way, its chance nodes
(dice, the Tuna Boat's roll, market draws) drawn with their probabilities
(``machikoro.chance.sample``); its figures count every move applied (a ply, chance
outcomes included, as OpenSpiel's random simulations count actions) and, separately, the
players' decisions. Also: 1,000 random playouts from a 2-player state
after 40 decisions, and the memory of states (a 10,000-state tree, ``pickle`` of a state,
``hash`` of a new state).

Usage: ``python scripts/bench.py [pyperf options]`` (for example ``--fast`` or
``-o results.json``); ``make bench`` runs it. Needs the ``bench`` extra (pyperf, chess).
"""

from __future__ import annotations

import pickle
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import chess
import pyperf

import harbour
import machikoro
from harbour import GameState
from harbour.rng import SplitMix64
from machikoro.chance import sample

GAMES = 20
PLAYOUTS = 100
VARIANTS = harbour.RulesOptions(characters=True, bonus_cards=True, inland_traders=True)


def harbour_batch(players: int, checked: bool, options: harbour.RulesOptions | None) -> int:
    """Play the batch once; return its decisions."""
    apply = harbour.apply_move if checked else harbour.apply_move_unchecked
    decisions = 0
    for seed in range(GAMES):
        rng = SplitMix64(seed ^ 0x5EED)
        state = harbour.new_game(players, seed=seed, options=options)
        while not state.is_over:
            state = apply(state, rng.choice(harbour.legal_moves(state)))
            decisions += 1
    return decisions


def machikoro_batch(players: int, checked: bool) -> tuple[int, int]:
    """Play Machi Koro's batch once; return its moves (chance included) and decisions."""
    apply = machikoro.apply_move if checked else machikoro.apply_move_unchecked
    chance = machikoro.CHANCE
    moves = decisions = 0
    for seed in range(GAMES):
        rng = SplitMix64(seed ^ 0x5EED)
        state = machikoro.new_game(players, seed=seed)
        while not machikoro.is_over(state):
            if machikoro.current_player(state) == chance:
                move = sample(state, rng)
            else:
                move = rng.choice(machikoro.legal_moves(state))
                decisions += 1
            state = apply(state, move)
            moves += 1
    return moves, decisions


def chess_batch() -> int:
    """python-chess random play, the same batch size; return its plies."""
    plies = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        board = chess.Board()
        for _ in range(300):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies


def mid_game() -> GameState:
    state = harbour.new_game(2, seed=2014)
    rng = SplitMix64(40)
    for _ in range(40):
        state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
    return state


MID = mid_game()


def playouts() -> int:
    """``PLAYOUTS`` random playouts from :data:`MID` to the end; return the decisions."""
    decisions = 0
    for seed in range(PLAYOUTS):
        rng = SplitMix64(seed)
        state = MID
        while not state.is_over:
            state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
            decisions += 1
    return decisions


def timed(batch: Callable[[], int]) -> Callable[[int], float]:
    def run(loops: int) -> float:
        start = time.process_time()
        for _ in range(loops):
            batch()
        return time.process_time() - start

    return run


CASES: dict[str, Callable[[], int]] = {
    "harbour 2p unchecked": lambda: harbour_batch(2, False, None),
    "harbour 2p checked": lambda: harbour_batch(2, True, None),
    "harbour 3p unchecked": lambda: harbour_batch(3, False, None),
    "harbour 4p unchecked": lambda: harbour_batch(4, False, None),
    "harbour 3p variants unchecked": lambda: harbour_batch(3, False, VARIANTS),
    "machikoro 2p unchecked": lambda: machikoro_batch(2, False)[0],
    "machikoro 2p checked": lambda: machikoro_batch(2, True)[0],
    "machikoro 4p unchecked": lambda: machikoro_batch(4, False)[0],
    "python-chess random play": chess_batch,
    "harbour playouts from mid-game": playouts,
}


def memory() -> dict[str, float]:
    """A 10,000-state tree's memory, a state's pickle size and the time to hash a new state."""
    rng = SplitMix64(7)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    tree: list[GameState] = []
    frontier = [harbour.new_game(2, seed=7)]
    while len(tree) < 10_000:
        state = frontier[rng.below(len(frontier))]
        tree.append(state)
        if not state.is_over:
            frontier.append(
                harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
            )
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    fresh = []
    state = MID
    for _ in range(2_000):
        if state.is_over:
            state = MID
        state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
        fresh.append(state)
    start = time.perf_counter()
    for s in fresh:
        hash(s)
    hashed = (time.perf_counter() - start) / len(fresh)
    return {
        "tree_mb": size / 1e6,
        "pickle_bytes": float(len(pickle.dumps(MID))),
        "hash_us": hashed * 1e6,
    }


def main() -> None:
    runner = pyperf.Runner(processes=4, values=3, warmups=1)
    counts = {name: batch() for name, batch in CASES.items()}
    results: dict[str, Any] = {}
    for name, batch in CASES.items():
        results[name] = runner.bench_time_func(name, timed(batch))
    if runner.args.worker:
        return
    rates: dict[str, tuple[float, float]] = {}
    print("\nSummary (CPU time, one core; mean ± standard deviation of the values)")
    for name, bench in results.items():
        if bench is None:
            continue
        per_second = [counts[name] / value for value in bench.get_values()]
        rates[name] = (statistics.mean(per_second), statistics.stdev(per_second))
        unit = "plies/s" if "chess" in name else "decisions/s"
        if name.startswith("machikoro"):
            unit = "moves/s"
        mean, spread = rates[name]
        line = f"  {name}: {mean:,.0f} ± {spread:,.0f} {unit}"
        if name.startswith("machikoro"):
            players, checked = int(name.split()[1][0]), "unchecked" not in name
            share = machikoro_batch(players, checked)[1] / counts[name]
            line += (
                f" ({mean * share:,.0f} decisions/s), {GAMES * mean / counts[name]:,.0f} games/s"
            )
        if name.startswith("harbour") and "playouts" not in name:
            games = GAMES * mean / counts[name]
            line += f", {games:,.0f} games/s"
        if "playouts" in name:
            seconds = statistics.mean(bench.get_values()) * 1_000 / PLAYOUTS
            line += f"; 1,000 playouts in {seconds:.2f} s"
        print(line)
    chess_rate = rates["python-chess random play"][0]
    unchecked = rates["harbour 2p unchecked"][0]
    print(f"  ratio harbour 2p / python-chess: {unchecked / chess_rate:.2f}")
    print(f"  ratio checked / unchecked (2p): {rates['harbour 2p checked'][0] / unchecked:.2f}")
    mk = rates["machikoro 2p unchecked"][0]
    print(f"  ratio machikoro 2p moves / python-chess plies: {mk / chess_rate:.2f}")
    print(
        f"  ratio machikoro 4p moves / python-chess plies: {rates['machikoro 4p unchecked'][0] / chess_rate:.2f}"
    )
    print(
        f"  ratio machikoro checked / unchecked (2p): {rates['machikoro 2p checked'][0] / mk:.2f}"
    )
    found = memory()
    print(f"  10,000-state tree: {found['tree_mb']:.1f} MB")
    print(f"  pickle of a mid-game state: {found['pickle_bytes']:.0f} bytes")
    print(f"  hash of a new state: {found['hash_us']:.2f} µs")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
