"""The rules lab: seeded batches of bot games, their results, and paired statistics.

A :class:`Job` names one game completely: its seed, the bots in each seat, the rule
readings, the card set and the search bot's playouts. :func:`play_one` plays it and
returns a :class:`GameResult`; :func:`run` plays many, in this process, in local worker
processes or as `Ray <https://www.ray.io>`_ tasks (optional extra ``[cluster]``), and
returns the results in job order whatever the workers, so the same jobs always give the
same results. Every bot is seeded from the game seed and its seat
(:func:`harbour.demo.bot_seed`) and sees only its observation.

The statistics are those of :doc:`the command-line page </cli>`: Wilson score intervals for win
rates, McNemar's exact test for paired wins, and a normal-approximation interval for
paired mean differences. They use only the standard library.

>>> from harbour.lab import Job, play_one
>>> result = play_one(Job(seed=3, bots=("random", "random")))
>>> result.seed, len(result.points), result.winners[0] in (0, 1)
(3, 2, True)
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from statistics import NormalDist
from typing import Any

import attrs

from harbour.bots import Bot, GreedyBot, RandomBot
from harbour.cards.identity import card_set_digest
from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.demo import bot_seed
from harbour.engine import apply_move
from harbour.extras import require
from harbour.observation import observe
from harbour.options import RulesOptions
from harbour.scoring import outcome, victory_points
from harbour.search import ISMCTSBot
from harbour.setup import new_game
from meeplekit.options import changed_readings as shared_changed_readings

__all__ = [
    "BOT_NAMES",
    "MAX_DECISIONS",
    "Comparison",
    "GameResult",
    "Interval",
    "Job",
    "SeatChange",
    "Variant",
    "changed_readings",
    "compare_results",
    "make_bot",
    "mcnemar",
    "paired_difference",
    "play_one",
    "run",
    "seat_wins",
    "wilson",
]

#: The bots a job may seat, by name.
BOT_NAMES = ("random", "greedy", "ismcts")

#: The default length limit of a job: a game still running after this many decisions is
#: stopped and reported unfinished. Nothing in the rules ends a game in which nobody buys
#: (players may gather goods for ever), and weak bots can do just that; bot games of the
#: original set end in well under 1,000 decisions.
MAX_DECISIONS = 3000

_Z95 = NormalDist().inv_cdf(0.975)


def make_bot(name: str, seed: int, playouts: int = 1000) -> Bot:
    """The bot called ``name`` (one of :data:`BOT_NAMES`) with its seed.

    ``playouts`` is the search bot's number of iterations per decision. Raises
    ``ValueError`` for an unknown name.
    """
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "ismcts":
        return ISMCTSBot(playouts=playouts, seed=seed)
    raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOT_NAMES)}")


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _check_job(job: Job) -> None:
    for name in job.bots:
        if name not in BOT_NAMES:
            raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOT_NAMES)}")
    if not 2 <= len(job.bots) <= 4:
        raise ValueError(f"a game seats 2 to 4 bots, got {len(job.bots)}")
    if job.playouts < 1:
        raise ValueError(f"playouts must be at least 1, got {job.playouts}")
    if job.max_decisions < 1:
        raise ValueError(f"max_decisions must be at least 1, got {job.max_decisions}")


@attrs.frozen
class Job:
    """One game to play: everything its result depends on.

    ``bots`` names the bot in each seat (its length is the number of players).
    """

    #: The game seed (0 to 2**64 - 1), also the source of the bots' seeds.
    seed: int
    #: The bot in each seat, by name (:data:`BOT_NAMES`).
    bots: tuple[str, ...] = attrs.field(converter=_names)
    #: The rule readings.
    options: RulesOptions = attrs.field(factory=RulesOptions)
    #: The card set.
    cards: CardSet = ORIGINAL_SET
    #: The search bot's iterations per decision.
    playouts: int = 1000
    #: Decisions after which an unfinished game is stopped (:data:`MAX_DECISIONS`).
    max_decisions: int = MAX_DECISIONS

    def __attrs_post_init__(self) -> None:
        _check_job(self)


@attrs.frozen
class GameResult:
    """What a finished game of a :class:`Job` gave. Tuples are indexed by seat."""

    #: The game seed.
    seed: int
    #: The bot in each seat, by name.
    bots: tuple[str, ...]
    #: The readings that differ from the default, by field name and value (JSON-2 values).
    options: dict[str, Any] = attrs.field(hash=False)
    #: The card set's name.
    cards: str = attrs.field(kw_only=True)
    #: Victory points (END-3).
    points: tuple[int, ...] = attrs.field(kw_only=True)
    #: The winning seats (more than one for a shared win; none if the game did not finish).
    winners: tuple[int, ...] = attrs.field(kw_only=True)
    #: Decisions taken, setup included.
    decisions: int = attrs.field(kw_only=True)
    #: Turns begun.
    turns: int = attrs.field(kw_only=True)
    #: The buildings each seat bought, by name, in purchase order.
    bought: tuple[tuple[str, ...], ...] = attrs.field(kw_only=True)
    #: False if the game was stopped at the job's decision limit; its points are then the
    #: points of the buildings bought so far and it has no winner.
    finished: bool = attrs.field(default=True, kw_only=True)

    def to_json(self) -> str:
        """One line of JSON: the fields in a fixed order, no spaces, no newline."""
        data = {
            "seed": self.seed,
            "players": len(self.bots),
            "bots": list(self.bots),
            "options": self.options,
            "cards": self.cards,
            "points": list(self.points),
            "winners": list(self.winners),
            "decisions": self.decisions,
            "turns": self.turns,
            "bought": [list(names) for names in self.bought],
            "finished": self.finished,
        }
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, line: str) -> GameResult:
        """The result written by :meth:`to_json`."""
        data = json.loads(line)
        return cls(
            seed=data["seed"],
            bots=tuple(data["bots"]),
            options=data["options"],
            cards=data["cards"],
            points=tuple(data["points"]),
            winners=tuple(data["winners"]),
            decisions=data["decisions"],
            turns=data["turns"],
            bought=tuple(tuple(names) for names in data["bought"]),
            finished=data.get("finished", True),
        )


def changed_readings(options: RulesOptions) -> dict[str, Any]:
    """The readings of ``options`` that differ from the default, as JSON values."""
    return dict(shared_changed_readings(options))


def play_one(job: Job) -> GameResult:
    """Play the game of ``job`` to the end, or to its decision limit, and return its result."""
    players = len(job.bots)
    bots = [
        make_bot(name, bot_seed(job.seed, seat), job.playouts) for seat, name in enumerate(job.bots)
    ]
    state = new_game(players, seed=job.seed, options=job.options, cards=job.cards)
    decisions = 0
    while not state.is_over and decisions < job.max_decisions:
        seat = state.decider
        state = apply_move(state, bots[seat].choose(observe(state, seat)))
        decisions += 1
    finished = state.is_over
    if finished:
        end = outcome(state)
        points, winners = end.points, end.winners
    else:
        points, winners = tuple(victory_points(state, s) for s in range(players)), ()
    names = job.cards.buildings
    return GameResult(
        seed=job.seed,
        bots=job.bots,
        options=changed_readings(job.options),
        cards=job.cards.name,
        points=points,
        winners=winners,
        decisions=decisions,
        turns=state.turn,
        bought=tuple(tuple(names[i].name for i in p.buildings) for p in state.players),
        finished=finished,
    )


def run(
    jobs: Sequence[Job],
    *,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GameResult]:
    """The results of ``jobs``, in job order.

    ``workers`` 1 plays in this process; more use that many local processes. With
    ``ray_address`` (``"auto"``, a cluster address, or ``"local"`` for a new local
    instance) the games run as Ray tasks instead (the ``[cluster]`` extra; without it
    :class:`~harbour.extras.MissingExtraError`). ``progress`` is called with the number of
    games finished so far after each game. The results do not depend on how the games
    were run.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    for job in jobs:
        card_set_digest(job.cards)  # a bad card set fails here, not in a worker
    if ray_address is not None:
        return _run_on_ray(jobs, ray_address, progress)
    results: list[GameResult] = []
    if workers == 1:
        for job in jobs:
            results.append(play_one(job))
            if progress is not None:
                progress(len(results))
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(play_one, jobs, chunksize=max(1, len(jobs) // (workers * 8))):
            results.append(result)
            if progress is not None:
                progress(len(results))
    return results


def _run_on_ray(
    jobs: Sequence[Job], address: str, progress: Callable[[int], None] | None
) -> list[GameResult]:
    """:func:`run` on Ray: one task per game, results gathered in job order."""
    require("cluster")  # a one-line MissingExtraError naming the extra and its install
    import ray

    started = False
    if not ray.is_initialized():
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
        started = True
    try:
        task = ray.remote(play_one)
        pending = [task.remote(job) for job in jobs]
        results: list[GameResult] = []
        for ref in pending:  # in job order: waiting on each in turn keeps the order
            results.append(ray.get(ref))
            if progress is not None:
                progress(len(results))
        return results
    finally:
        if started:
            ray.shutdown()


# --------------------------------------------------------------------------- statistics


@attrs.frozen
class Interval:
    """An estimate with a 95% confidence interval."""

    #: The point estimate.
    estimate: float
    #: The lower bound.
    low: float
    #: The upper bound.
    high: float


def wilson(successes: float, n: int, z: float = _Z95) -> Interval:
    """The proportion ``successes / n`` with its Wilson score interval (95% by default).

    A shared win may count as a fraction, so ``successes`` may be fractional.
    """
    if n <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def seat_wins(results: Iterable[GameResult], players: int) -> list[float]:
    """Wins per seat: 1 for a sole win, ``1/k`` for a win shared by ``k`` seats."""
    wins = [0.0] * players
    for result in results:
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
    return wins


def mcnemar(only_first: int, only_second: int) -> float:
    """The two-sided exact McNemar p-value for paired yes/no outcomes.

    ``only_first`` counts the pairs where the outcome happened under the first condition
    only, ``only_second`` under the second only (the discordant pairs); under the null
    hypothesis each discordant pair goes either way with probability 1/2.
    """
    n = only_first + only_second
    if n == 0:
        return 1.0
    k = min(only_first, only_second)
    tail: float = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def paired_difference(first: Sequence[float], second: Sequence[float]) -> Interval:
    """The mean of ``second[i] - first[i]`` with a 95% normal-approximation interval.

    The approximation needs a few dozen pairs or more; with fewer than 2 pairs the
    interval is unbounded.
    """
    if len(first) != len(second):
        raise ValueError("paired samples must have the same length")
    n = len(first)
    if n == 0:
        return Interval(0.0, -math.inf, math.inf)
    diffs = [b - a for a, b in zip(first, second, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return Interval(mean, -math.inf, math.inf)
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = _Z95 * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half)


# --------------------------------------------------------------------------- comparisons


@attrs.frozen
class SeatChange:
    """How a variant changes one seat against the baseline, paired by seed."""

    #: The variant's win rate minus the baseline's.
    win_rate: float
    #: Games this seat won (alone or shared) under the variant only, and under the baseline only.
    discordant: tuple[int, int]
    #: McNemar's exact two-sided p-value for the paired wins.
    p_value: float
    #: The mean change of the seat's points, with its 95% interval.
    points: Interval


@attrs.frozen
class Variant:
    """One set of readings in a comparison and what it gave."""

    #: How the readings were named (``"baseline"`` or the ``FIELD=VALUE`` given).
    label: str
    #: The results, in seed order.
    results: tuple[GameResult, ...]
    #: Each seat's win rate with its Wilson interval.
    win_rates: tuple[Interval, ...]
    #: The mean game length in decisions.
    mean_length: float
    #: The games stopped at their decision limit (counted as won by nobody).
    unfinished: int
    #: The share of games in which each building was bought, by name.
    purchase_rates: dict[str, float] = attrs.field(hash=False)
    #: Per seat, the change against the baseline (empty for the baseline itself).
    changes: tuple[SeatChange, ...] = ()
    #: The mean change of the game length against the baseline (``None`` for the baseline).
    length_change: Interval | None = None


@attrs.frozen
class Comparison:
    """Several readings played on the same seeds; the first is the baseline."""

    #: Games per reading.
    games: int
    #: Seats per game.
    players: int
    #: The baseline first, then each variant.
    variants: tuple[Variant, ...]


def _won(result: GameResult, seat: int) -> bool:
    return seat in result.winners


def compare_results(labels: Sequence[str], batches: Sequence[Sequence[GameResult]]) -> Comparison:
    """Compare batches played on the same seeds; the first batch is the baseline.

    A shared win counts as a win of each winner for McNemar's test and as ``1/k`` for
    the win rates.
    """
    if not batches or len(labels) != len(batches):
        raise ValueError("one label per batch, and at least one batch")
    base = batches[0]
    seeds = [r.seed for r in base]
    for batch in batches[1:]:
        if [r.seed for r in batch] != seeds:
            raise ValueError("every batch must be played on the same seeds, in the same order")
    players = len(base[0].bots) if base else 0
    games = len(base)
    base_wins = seat_wins(base, players)
    variants = []
    for label, batch in zip(labels, batches, strict=True):
        wins = seat_wins(batch, players)
        # Games in which each building was bought, by anyone.
        bought = Counter(name for result in batch for name in {n for s in result.bought for n in s})
        changes: list[SeatChange] = []
        length_change = None
        if batch is not base:
            for seat in range(players):
                only_variant = sum(
                    _won(v, seat) and not _won(b, seat) for v, b in zip(batch, base, strict=True)
                )
                only_base = sum(
                    _won(b, seat) and not _won(v, seat) for v, b in zip(batch, base, strict=True)
                )
                changes.append(
                    SeatChange(
                        win_rate=(wins[seat] - base_wins[seat]) / games,
                        discordant=(only_variant, only_base),
                        p_value=mcnemar(only_variant, only_base),
                        points=paired_difference(
                            [r.points[seat] for r in base], [r.points[seat] for r in batch]
                        ),
                    )
                )
            length_change = paired_difference(
                [r.decisions for r in base], [r.decisions for r in batch]
            )
        variants.append(
            Variant(
                label=label,
                results=tuple(batch),
                win_rates=tuple(wilson(w, games) for w in wins),
                mean_length=sum(r.decisions for r in batch) / games if games else 0.0,
                unfinished=sum(not r.finished for r in batch),
                purchase_rates={n: c / games for n, c in sorted(bought.items())},
                changes=tuple(changes),
                length_change=length_change,
            )
        )
    return Comparison(games=games, players=players, variants=tuple(variants))
