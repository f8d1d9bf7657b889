"""Random-play throughput of the Machi Koro engine, beside python-chess in the same run.

A batch is GAMES seeded random games per player count: at a chance node the outcome is
drawn with its probability (``machikoro.chance.sample``), at a decision a legal move is
chosen uniformly (``legal_moves`` then ``SplitMix64.choice``); every move is applied with
``apply_move_unchecked`` (or the checked ``apply_move``). Moves counts every move applied,
chance outcomes included; decisions counts the players' moves only. python-chess plays the
same way (list the legal moves, push a random one, up to 300 plies). CPU time
(``time.process_time``); each figure is the best of ROUNDS rounds, so that other jobs on
the machine disturb it less. Not a test (no timing is asserted anywhere).

Usage: ``PYTHONPATH=src python -m tests.machikoro.bench [--rounds N]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import machikoro
from machikoro.chance import sample
from machikoro.rng import SplitMix64
from machikoro.state import GameState

GAMES = 40


def machikoro_batch(
    players: int, apply: Callable[[GameState, machikoro.Move], GameState]
) -> tuple[int, int]:
    """Play the batch once; return (moves, decisions)."""
    moves = decisions = 0
    legal = machikoro.legal_moves
    for seed in range(GAMES):
        state = machikoro.new_game(players, seed=seed)
        rng = SplitMix64(seed ^ 0x5EED)
        while state.stack:
            if state.stack[-1].chance:
                move = sample(state, rng)
            else:
                move = rng.choice(legal(state))
                decisions += 1
            state = apply(state, move)
            moves += 1
    return moves, decisions


def chess_batch() -> int:
    """python-chess random play, 20 games; return the plies."""
    import chess

    plies = 0
    for seed in range(20):
        rng = random.Random(seed)
        board = chess.Board()
        for _ in range(300):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies


def best_rate(batch: Callable[[], object], count: Callable[[object], int], rounds: int) -> float:
    """The highest count per CPU second over ``rounds`` runs of ``batch``."""
    best = 0.0
    for _ in range(rounds):
        start = time.process_time()
        result = batch()
        elapsed = time.process_time() - start
        best = max(best, count(result) / elapsed)
    return best


def main() -> None:
    """Print moves/s, decisions/s and python-chess plies/s."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rounds = args.rounds
    chess_rate = best_rate(chess_batch, lambda r: r, rounds)  # type: ignore[arg-type,return-value]
    print(f"python-chess random play: {chess_rate:,.0f} plies/s")
    for players in (2, 3, 4, 5):
        for label, apply in (
            ("unchecked", machikoro.apply_move_unchecked),
            ("checked", machikoro.apply_move),
        ):

            def run(p: int = players, a: Callable[..., GameState] = apply) -> tuple[int, int]:
                return machikoro_batch(p, a)

            moves = best_rate(run, lambda r: r[0], rounds)  # type: ignore[index]
            decisions = best_rate(run, lambda r: r[1], rounds)  # type: ignore[index]
            print(
                f"machikoro {players}p {label}: {moves:,.0f} moves/s "
                f"({moves / chess_rate:.1f}x python-chess), {decisions:,.0f} decisions/s"
            )


if __name__ == "__main__":
    main()
