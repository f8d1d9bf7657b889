"""The performance benchmark of ``make bench``: interleaved rounds, fresh seeds, every target.

A run is ``--rounds`` rounds (30; ``--fast``: 5) after one warm-up round. Each round times
every benchmark once, in turn (so that a slow moment of a shared machine falls on every
benchmark alike), in CPU time (``time.process_time``). Each timed value plays its batch from
a seed base drawn fresh for that value (``secrets``): a fixed set of seeds would let a cache
keyed on states or seeds inflate the figure. The seeds change which games are played, never
what is measured: the players, options and batch sizes are fixed.

Random play: a value is the CPU time of a batch of 20 random games (``legal_moves`` and a
random legal move applied per decision), turned into decisions and games per second.
python-chess plays the same way in the same rounds (a ply = list the legal moves, push a
random one; until the game is over or 300 plies), so the ratio is measured on the same
machine at the same time, round by round. Machi Koro plays the same way, its chance nodes
(dice, the Tuna Boat's roll, market draws) drawn with their probabilities
(``machikoro.sample_chance``); its figures count every move applied (a ply, chance outcomes
included, as OpenSpiel's random simulations count actions) and, separately, the players'
decisions; it also plays through ``machikoro.chance_outcomes`` as a tool that reads only the
outcomes draws them (:func:`meeplekit.protocol.sample_chance`, with the same generator), and
the ratio of the two says what reading the outcomes at every chance node costs. Bremerhaven plays the same way with its original card set (3 players, long
game, checked and unchecked; 2 players, short game); all its moves are decisions. Also
timed in each round: 100 random playouts from a 2-player state after 40
decisions (reported as the time of 1,000), and one decision of Harbour's ISMCTS bot at 1,000
playouts from that state. Once per run: ``import harbour`` in a fresh interpreter (CPU time
of the import alone, several runs), a 10,000-state tree's memory, a state's pickle size and
the time to hash a new state.

The summary gives each figure as the median of the rounds with its interquartile range
(ratios are taken within each round), then every target of issues 22 and 23 with met or not
met; the targets of the compiled build apply when ``harbour.engine`` is compiled (``.so``).

Then issue 36's targets for both builds: with ``--compiled DIR`` the same rounds run again
in a new interpreter against the compiled build installed in ``DIR`` (``make compiled``'s
``.compiled``, ahead on ``PYTHONPATH``), and the last lines give each target's median and
spread pure and compiled, each build's ratios taken against python-chess in its own rounds.

Usage: ``python scripts/bench.py [--fast] [--rounds N] [--compiled DIR] [--json FILE]``;
``make bench`` runs both builds, ``make bench-compiled`` the compiled one alone. Needs
python-chess (the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import bremerhaven
import harbour
import harbour.engine
import machikoro
from harbour import GameState
from harbour.agents.search import ISMCTSBot
from meeplekit.protocol import sample_chance
from meeplekit.rng import SplitMix64

GAMES = 20
PLAYOUTS = 100
ISMCTS_PLAYOUTS = 1_000
ROUNDS = 30
FAST_ROUNDS = 5
WARMUP_ROUNDS = 1
IMPORT_RUNS = 7
FAST_IMPORT_RUNS = 3
VARIANTS = harbour.RulesOptions(characters=True, bonus_cards=True, inland_traders=True)

#: What a benchmark counts in one value: ``decisions``, ``games``, ``moves``, ``plies``...
Counts = Mapping[str, int]
#: A benchmark: plays its batch from the given seed base and returns what it counted.
Case = Callable[[int], Counts]


def fresh_base() -> int:
    """A seed base drawn from the operating system for one value (games use base + i)."""
    return secrets.randbits(63)


# --------------------------------------------------------------------------- the batches


def harbour_batch(
    players: int, checked: bool, options: harbour.RulesOptions | None, base: int
) -> Counts:
    """Play Harbour's batch of ``GAMES`` random games from ``base``; count its decisions."""
    apply = harbour.apply_move if checked else harbour.apply_move_unchecked
    decisions = 0
    for seed in range(base, base + GAMES):
        rng = SplitMix64(seed ^ 0x5EED)
        state = harbour.new_game(players, seed=seed, options=options)
        while not state.is_over:
            state = apply(state, rng.choice(harbour.legal_moves(state)))
            decisions += 1
    return {"decisions": decisions, "games": GAMES}


def through_outcomes(state: machikoro.GameState, rng: SplitMix64) -> machikoro.Move:
    """A chance outcome drawn from ``chance_outcomes``, as a tool that reads only those draws it."""
    return sample_chance(machikoro.chance_outcomes(state), rng)


def machikoro_batch(
    players: int,
    checked: bool,
    base: int,
    draw: Callable[[machikoro.GameState, SplitMix64], machikoro.Move] = machikoro.sample_chance,
) -> Counts:
    """Play Machi Koro's batch from ``base``; count its moves (chance included) and decisions.

    Chance is drawn with ``draw``: the game's sampler, or :func:`through_outcomes`.
    """
    apply = machikoro.apply_move if checked else machikoro.apply_move_unchecked
    chance = machikoro.CHANCE
    moves = decisions = 0
    for seed in range(base, base + GAMES):
        rng = SplitMix64(seed ^ 0x5EED)
        state = machikoro.new_game(players, seed=seed)
        while not machikoro.is_over(state):
            if machikoro.current_player(state) == chance:
                move = draw(state, rng)
            else:
                move = rng.choice(machikoro.legal_moves(state))
                decisions += 1
            state = apply(state, move)
            moves += 1
    return {"moves": moves, "decisions": decisions, "games": GAMES}


def bremerhaven_batch(players: int, short: bool, checked: bool, base: int) -> Counts:
    """Play Bremerhaven's batch from ``base`` with the original set; count its moves.

    Every move is a player's decision (the game has no chance nodes: its chance is drawn at
    setup), so moves and decisions are one count.
    """
    apply = bremerhaven.apply_move if checked else bremerhaven.apply_move_unchecked
    options = bremerhaven.RulesOptions(game="short" if short else "long")
    moves = 0
    for seed in range(base, base + GAMES):
        rng = SplitMix64(seed ^ 0x5EED)
        state = bremerhaven.new_game(players, seed=seed, options=options)
        while not bremerhaven.is_over(state):
            state = apply(state, rng.choice(bremerhaven.legal_moves(state)))
            moves += 1
    return {"moves": moves, "decisions": moves, "games": GAMES}


def chess_batch(base: int) -> Counts:
    """python-chess random play, the same batch size, seeded from ``base``; count its plies."""
    import chess  # the bench extra; imported here so that the summary's tests need it not

    plies = 0
    for seed in range(base, base + GAMES):
        rng = random.Random(seed)
        board = chess.Board()
        for _ in range(300):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return {"plies": plies, "games": GAMES}


def mid_game() -> GameState:
    """The 2-player state after 40 random decisions that playouts and ISMCTS start from."""
    state = harbour.new_game(2, seed=2014)
    rng = SplitMix64(40)
    for _ in range(40):
        state = harbour.apply_move_unchecked(state, rng.choice(harbour.legal_moves(state)))
    return state


MID = mid_game()


def playouts(base: int) -> Counts:
    """``PLAYOUTS`` random playouts (:func:`harbour.random_playout`) from :data:`MID` to the end."""
    decisions = 0
    for seed in range(base, base + PLAYOUTS):
        decisions += harbour.random_playout(MID, SplitMix64(seed))[1]
    return {"decisions": decisions, "playouts": PLAYOUTS}


def ismcts_decision(base: int) -> Counts:
    """One decision of a new ISMCTS bot (seed ``base``) at 1,000 playouts from :data:`MID`."""
    bot = ISMCTSBot(playouts=ISMCTS_PLAYOUTS, seed=base)
    bot.choose(harbour.observe(MID, harbour.current_player(MID)))
    return {"decisions": 1}


CASES: dict[str, Case] = {
    "harbour 2p unchecked": lambda base: harbour_batch(2, False, None, base),
    "harbour 2p checked": lambda base: harbour_batch(2, True, None, base),
    "harbour 3p unchecked": lambda base: harbour_batch(3, False, None, base),
    "harbour 4p unchecked": lambda base: harbour_batch(4, False, None, base),
    "harbour 3p variants unchecked": lambda base: harbour_batch(3, False, VARIANTS, base),
    "machikoro 2p unchecked": lambda base: machikoro_batch(2, False, base),
    "machikoro 2p checked": lambda base: machikoro_batch(2, True, base),
    "machikoro 4p unchecked": lambda base: machikoro_batch(4, False, base),
    "machikoro 2p through chance_outcomes": lambda base: machikoro_batch(
        2, False, base, through_outcomes
    ),
    "bremerhaven 3p unchecked": lambda base: bremerhaven_batch(3, False, False, base),
    "bremerhaven 3p checked": lambda base: bremerhaven_batch(3, False, True, base),
    "bremerhaven 2p short unchecked": lambda base: bremerhaven_batch(2, True, False, base),
    "python-chess random play": chess_batch,
    "harbour playouts from mid-game": playouts,
    "harbour ISMCTS decision": ismcts_decision,
}


# --------------------------------------------------------------------------- the rounds


@dataclass(frozen=True)
class Sample:
    """One timed value: its CPU seconds, what it counted and the seed base it played from."""

    seconds: float
    counts: Counts
    base: int

    def rate(self, what: str) -> float:
        """``what`` (``decisions``, ``games``...) per second of this value."""
        return self.counts[what] / self.seconds


def measure(
    cases: Mapping[str, Case],
    rounds: int,
    warmup: int = WARMUP_ROUNDS,
    *,
    clock: Callable[[], float] = time.process_time,
    draw: Callable[[], int] = fresh_base,
) -> dict[str, list[Sample]]:
    """Run ``warmup`` untimed rounds then ``rounds`` rounds, each timing every case once in turn.

    Every value (warm-up included) plays from a seed base of its own, from ``draw``.
    """
    samples: dict[str, list[Sample]] = {name: [] for name in cases}
    for index in range(warmup + rounds):
        for name, case in cases.items():
            base = draw()
            start = clock()
            counts = case(base)
            seconds = clock() - start
            if index >= warmup:
                samples[name].append(Sample(seconds, counts, base))
    return samples


IMPORT_CODE = (
    "import time\nstart = time.process_time()\nimport harbour\nprint(time.process_time() - start)"
)


def import_milliseconds(runs: int) -> list[float]:
    """CPU milliseconds of ``import harbour`` in ``runs`` fresh interpreters."""
    found = []
    with tempfile.TemporaryDirectory() as place:
        for _ in range(runs):
            done = subprocess.run(
                [sys.executable, "-c", IMPORT_CODE],
                cwd=place,
                check=True,
                capture_output=True,
                text=True,
            )
            found.append(float(done.stdout.strip()) * 1_000)
    return found


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


# --------------------------------------------------------------------------- the summary

CHESS = "python-chess random play"


def figures(
    samples: Mapping[str, Sequence[Sample]],
    imports: Sequence[float],
    found: Mapping[str, float],
) -> dict[str, list[float]]:
    """Every reported figure, one value per round (ratios within a round), by figure name."""

    def rates(name: str, what: str) -> list[float]:
        return [value.rate(what) for value in samples[name]]

    def ratio(top: Sequence[float], bottom: Sequence[float]) -> list[float]:
        return [a / b for a, b in zip(top, bottom, strict=True)]

    chess_plies = rates(CHESS, "plies")
    result: dict[str, list[float]] = {}
    for name in samples:
        if name.startswith("harbour") and name.endswith("checked"):
            result[f"{name} decisions/s"] = rates(name, "decisions")
            result[f"{name} games/s"] = rates(name, "games")
        elif name.startswith(("machikoro", "bremerhaven")):
            result[f"{name} moves/s"] = rates(name, "moves")
            result[f"{name} decisions/s"] = rates(name, "decisions")
            result[f"{name} games/s"] = rates(name, "games")
    result["python-chess plies/s"] = chess_plies
    result["python-chess games/s"] = rates(CHESS, "games")
    two = result["harbour 2p unchecked decisions/s"]
    result["ratio harbour 2p / python-chess"] = ratio(two, chess_plies)
    result["ratio checked / unchecked (harbour 2p)"] = ratio(
        result["harbour 2p checked decisions/s"], two
    )
    mk = result["machikoro 2p unchecked moves/s"]
    result["ratio machikoro 2p moves / python-chess plies"] = ratio(mk, chess_plies)
    result["ratio machikoro 4p moves / python-chess plies"] = ratio(
        result["machikoro 4p unchecked moves/s"], chess_plies
    )
    result["ratio machikoro 2p decisions / python-chess plies"] = ratio(
        result["machikoro 2p unchecked decisions/s"], chess_plies
    )
    result["ratio machikoro checked / unchecked (2p)"] = ratio(
        result["machikoro 2p checked moves/s"], mk
    )
    result["ratio machikoro chance_outcomes / sample_chance"] = ratio(
        result["machikoro 2p through chance_outcomes moves/s"], mk
    )
    bh = result["bremerhaven 3p unchecked moves/s"]
    result["ratio bremerhaven 3p / python-chess"] = ratio(bh, chess_plies)
    result["ratio bremerhaven checked / unchecked (3p)"] = ratio(
        result["bremerhaven 3p checked moves/s"], bh
    )
    result["1,000 playouts from mid-game, s"] = [
        value.seconds * 1_000 / value.counts["playouts"]
        for value in samples["harbour playouts from mid-game"]
    ]
    result["ISMCTS decision at 1,000 playouts, s"] = [
        value.seconds / value.counts["decisions"] for value in samples["harbour ISMCTS decision"]
    ]
    result["import harbour, CPU ms"] = list(imports)
    result["10,000-state tree, MB"] = [found["tree_mb"]]
    result["pickle of a mid-game state, bytes"] = [found["pickle_bytes"]]
    result["hash of a new state, µs"] = [found["hash_us"]]
    return result


@dataclass(frozen=True)
class Target:
    """A target of issue 22 or 23: the figure, at least or at most, its bound pure and compiled."""

    figure: str
    at_least: bool
    pure: float | None
    compiled: float | None


TARGETS = (
    Target("harbour 2p unchecked decisions/s", True, 150_000, 250_000),
    Target("ratio harbour 2p / python-chess", True, 6, 10),
    Target("harbour 2p unchecked games/s", True, 800, None),
    Target("harbour 4p unchecked decisions/s", True, 120_000, None),
    Target("ratio checked / unchecked (harbour 2p)", True, 0.8, 0.8),
    Target("1,000 playouts from mid-game, s", False, 1.0, 0.5),
    Target("ISMCTS decision at 1,000 playouts, s", False, None, 0.15),
    Target("import harbour, CPU ms", False, 60, 60),
    Target("pickle of a mid-game state, bytes", False, 1_000, 1_000),
    Target("10,000-state tree, MB", False, 8, 8),
    # Issue 23: Bremerhaven's random play, pure Python.
    Target("ratio bremerhaven 3p / python-chess", True, 3, None),
)


#: The targets of issue 36, in both builds (``make bench`` runs each build and prints them
#: side by side). ISMCTS's strength against greedy is ``make bot-match``'s, not timed here.
BOTH_TARGETS = (
    Target("ratio harbour 2p / python-chess", True, 4, 10),
    Target("ratio machikoro 2p moves / python-chess plies", True, 9, 16),
    Target("ratio bremerhaven 3p / python-chess", True, 3.5, 7),
    Target("ratio machikoro chance_outcomes / sample_chance", True, 0.8, 0.8),
)


def number(figure: str, value: float) -> str:
    """``value`` written as ``figure`` is written in the summary."""
    if figure.endswith("/s"):
        return f"{value:,.0f}"
    if figure.endswith(", s"):
        return f"{value:.3f}"
    if figure.endswith(("bytes", "ms")):
        return f"{value:,.0f}"
    if figure.endswith("MB"):
        return f"{value:.1f}"
    return f"{value:.2f}"


def spread(figure: str, values: Sequence[float]) -> tuple[float, str]:
    """The median of ``values`` and its text: median [first quartile–third quartile]."""
    median = statistics.median(values)
    if len(values) == 1:
        return median, number(figure, median)
    low, _, high = statistics.quantiles(values, n=4, method="inclusive")
    return median, f"{number(figure, median)} [{number(figure, low)}–{number(figure, high)}]"


def is_met(target: Target, value: float, compiled: bool) -> bool | None:
    """Whether ``value`` meets ``target`` in this build; ``None``: no target in this build."""
    bound = target.compiled if compiled else target.pure
    if bound is None:
        return None
    return value >= bound if target.at_least else value <= bound


def summary(found: Mapping[str, Sequence[float]], compiled: bool, rounds: int) -> list[str]:
    """The summary's lines: every figure, then every target of issues 22 and 23, met or not."""
    build = "compiled (mypyc)" if compiled else "pure Python"
    lines = [
        f"Summary: {build}, CPU time, one core; median [interquartile range] of "
        f"{rounds} interleaved rounds, each value from fresh seeds; ratios within each round",
    ]
    targeted = {target.figure for target in TARGETS}
    rows: dict[str, list[str]] = {}
    for figure, values in found.items():
        if figure in targeted:
            continue
        text = spread(figure, values)[1]
        if figure.endswith("/s"):
            benchmark, unit = figure.rsplit(" ", 1)
            rows.setdefault(benchmark, []).append(f"{text} {unit}")
        else:
            rows[figure] = [text]
    lines.extend(f"  {row}: {', '.join(texts)}" for row, texts in rows.items())
    lines.append(f"Targets of issues 22 and 23 ({build}):")
    for target in TARGETS:
        median, text = spread(target.figure, found[target.figure])
        sign = "≥" if target.at_least else "≤"
        met = is_met(target, median, compiled)
        if met is None:
            other, where = (target.pure, "pure") if compiled else (target.compiled, "compiled")
            verdict = f"no target here ({sign} {number(target.figure, other or 0)} {where})"
        else:
            bound = target.compiled if compiled else target.pure
            verdict = f"target {sign} {number(target.figure, bound or 0)}: " + (
                "met" if met else "NOT MET"
            )
        lines.append(f"  {target.figure}: {text}; {verdict}")
    return lines


def both_builds(
    pure: Mapping[str, Sequence[float]] | None, compiled: Mapping[str, Sequence[float]] | None
) -> list[str]:
    """The lines of issue 36's targets: each figure's median and spread in each build run.

    A build not run (``None``) says so on each line.
    """
    lines = ["Targets of issue 36 (median [interquartile range]; pure Python | compiled):"]
    for target in BOTH_TARGETS:
        sign = "≥" if target.at_least else "≤"
        texts = []
        for build, found, is_built in (("pure", pure, False), ("compiled", compiled, True)):
            bound = target.compiled if is_built else target.pure
            if found is None:
                texts.append(f"{build} not run (target {sign} {number(target.figure, bound or 0)})")
                continue
            median, text = spread(target.figure, found[target.figure])
            met = "met" if is_met(target, median, is_built) else "NOT MET"
            texts.append(
                f"{build} {text}, target {sign} {number(target.figure, bound or 0)}: {met}"
            )
        lines.append(f"  {target.figure}: {' | '.join(texts)}")
    lines.append(
        "  ISMCTS at 1 s per decision vs greedy (win rate >= 55%, lower 95% bound > 50%): "
        "make bot-match, not timed here"
    )
    return lines


def is_compiled() -> bool:
    """Whether this interpreter runs the compiled build (``harbour.engine`` is an ``.so``)."""
    return (harbour.engine.__file__ or "").endswith(".so")


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line: ``--fast`` (fewer rounds and import runs), ``--rounds N``."""
    parser = argparse.ArgumentParser(description="Harbour's benchmark (make bench).")
    parser.add_argument("--fast", action="store_true", help=f"{FAST_ROUNDS} rounds, not {ROUNDS}")
    parser.add_argument("--rounds", type=int, default=None, help="the number of timed rounds")
    parser.add_argument(
        "--compiled",
        metavar="DIR",
        default=None,
        help="then run the same rounds against the compiled build installed in DIR "
        "(make compiled's .compiled) and print issue 36's targets for both builds",
    )
    parser.add_argument(
        "--json", metavar="FILE", default=None, help="also write every figure's values to FILE"
    )
    options = parser.parse_args(argv)
    if options.rounds is None:
        options.rounds = FAST_ROUNDS if options.fast else ROUNDS
    if options.rounds < 1:
        parser.error("--rounds must be at least 1")
    options.imports = FAST_IMPORT_RUNS if options.fast else IMPORT_RUNS
    return options


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark and print its summary."""
    options = parse(argv)
    compiled = is_compiled()
    print(
        f"{'compiled' if compiled else 'pure Python'}: {options.rounds} rounds of "
        f"{len(CASES)} benchmarks after {WARMUP_ROUNDS} warm-up round",
        flush=True,
    )
    samples = measure(CASES, options.rounds)
    imports = import_milliseconds(options.imports)
    found = figures(samples, imports, memory())
    print("\n".join(summary(found, compiled, options.rounds)), flush=True)
    if options.json is not None:
        Path(options.json).write_text(json.dumps(found), encoding="utf-8")
    other = None
    if options.compiled is not None:
        other = run_compiled(options.compiled, options.rounds, options.fast)
    if options.json is not None and other is None:
        return  # a run for another's table (run_compiled): that run prints it
    pure_found, compiled_found = (other, found) if compiled else (found, other)
    print("\n".join(both_builds(pure_found, compiled_found)), flush=True)


def run_compiled(place: str, rounds: int, fast: bool) -> dict[str, list[float]]:
    """This benchmark's figures against the compiled build in ``place``, run in a new interpreter.

    ``place`` goes ahead of the import path (``PYTHONPATH``); the run fails unless it imports
    the compiled engine there.
    """
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "figures.json"
        command = [sys.executable, __file__, "--rounds", str(rounds), "--json", str(out)]
        if fast:
            command.append("--fast")
        env = {**os.environ, "PYTHONPATH": str(Path(place).resolve())}
        check = "import harbour.engine as e, sys; sys.exit(not (e.__file__ or '').endswith('.so'))"
        if subprocess.run([sys.executable, "-c", check], env=env, check=False).returncode:
            raise SystemExit(f"no compiled build in {place}: make compiled installs one there")
        print(f"\nThe compiled build in {place}:", flush=True)
        subprocess.run(command, env=env, check=True)
        loaded: dict[str, list[float]] = json.loads(out.read_text(encoding="utf-8"))
        return loaded


if __name__ == "__main__":
    main()
