"""The rules lab for any game: seeded batches of bot games, their results, paired statistics.

A game takes part through its description (:class:`meeplekit.info.GameInfo`), found by its
registered name (:func:`meeplekit.registry.load_info`): its setup, readings and variant,
its bots, its chance sampler, its decision limit and what a result line adds
(:class:`meeplekit.info.Results`). The rest is the same for every game:

- a :class:`Job` names one game completely: the game, its seed, the bot in each seat, the
  rule options, the variant (Harbour's card set; most games have none), the search bot's
  playouts and time budget per decision (CPU seconds; none by default) and the decision
  limit;
- :func:`play_one` plays it through the game protocol (:class:`meeplekit.protocol.Game`):
  every bot is seeded from the game seed and its seat (:func:`meeplekit.demo.bot_seed`) and
  is given only its seat's observation; chance during play (dice, draws) is drawn with a
  generator seeded from the game seed (:func:`meeplekit.demo.chance_seed`), by the game's
  sampler (:meth:`meeplekit.info.GameInfo.draw`). It returns a :class:`GameResult`, one
  line of JSON Lines (:meth:`GameResult.to_json`);
- :func:`run` plays many, in this process, in local worker processes or as
  `Ray <https://www.ray.io>`_ tasks (the game's extra ``[cluster]``), and returns the
  results in job order whatever the workers, so the same jobs always give the same results;
- the statistics: Wilson score intervals for win rates (:func:`wilson`), McNemar's exact
  test for paired wins (:func:`mcnemar`), a normal-approximation interval for paired mean
  differences (:func:`paired_difference`), and :func:`compare_results`, which pairs batches
  played on the same seeds under several readings. They use only the standard library.

>>> from meeplekit.lab import Job, play_one
>>> result = play_one(Job("machikoro", seed=3, bots=("random", "random")))
>>> result.seed, len(result.points), result.winners[0] in (0, 1)
(3, 2, True)
>>> Job("harbour", seed=3, bots=("random", "random")).max_decisions  # the game's default
3000
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from statistics import NormalDist
from typing import Any, Final, Self

import attrs

from meeplekit.demo import bot_seed, chance_seed
from meeplekit.extras import Extras
from meeplekit.info import GameInfo
from meeplekit.options import changed_readings
from meeplekit.protocol import CHANCE
from meeplekit.registry import load_info
from meeplekit.rng import SplitMix64
from meeplekit.values import shown

__all__ = [
    "EXTRAS",
    "Comparison",
    "GameResult",
    "Interval",
    "Job",
    "SeatChange",
    "Variant",
    "compare_results",
    "mcnemar",
    "paired_difference",
    "play_one",
    "require",
    "run",
    "seat_wins",
    "wilson",
]

_Z95 = NormalDist().inv_cdf(0.975)

#: The shared layer's own extras for the lab, for when no game is named (a game names its
#: own, ``harbour-rules[lab]``): the plots of the reports and running on Ray.
EXTRAS: Final = Extras(
    "meeplekit",
    {
        "lab": (("matplotlib",), "the plots of the lab's reports"),
        "cluster": (("ray",), "running the lab on Ray"),
    },
)


def require(extra: str, game: str | None = None) -> None:
    """Raise ``MissingExtraError`` naming ``extra``'s install command unless it is installed.

    The game's own error and command when ``game`` is named
    (:meth:`meeplekit.info.GameInfo.require`), else the shared layer's (:data:`EXTRAS`).
    """
    if game is None:
        EXTRAS.require(extra)
    else:
        load_info(game).require(extra)


# --------------------------------------------------------------------------- jobs


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _game_max_decisions(job: Job) -> int:
    try:
        return load_info(job.game).max_decisions
    except LookupError:
        return 1  # the game is refused with its reason in __attrs_post_init__


@attrs.frozen
class Job:
    """One game to play: everything its result depends on.

    ``bots`` names the bot in each seat (its length is the number of players). ``options``
    ``None`` is the game's default options, ``variant`` ``None`` its default variant.
    Checked on construction: a ``ValueError`` names the problem (an unregistered game, an
    unknown bot, a number of players or options the game refuses, ...).
    """

    #: The game's registered name.
    game: str
    #: The game seed (0 to 2**64 - 1), also the source of the bots' and chance's seeds.
    seed: int
    #: The bot in each seat, by name (:attr:`meeplekit.info.Bots.names`).
    bots: tuple[str, ...] = attrs.field(converter=_names)
    #: The rule options: an instance of the game's
    #: :attr:`~meeplekit.info.GameInfo.readings`.
    options: Any = None
    #: The variant (Harbour's card set), ``None`` for a game without one.
    variant: Any = None
    #: The search bot's iterations per decision, at most; ``None``: no cap, only with
    #: :attr:`seconds`.
    playouts: int | None = 1000
    #: Decisions after which an unfinished game is stopped (the game's
    #: :attr:`~meeplekit.info.GameInfo.max_decisions` by default).
    max_decisions: int = attrs.field(default=attrs.Factory(_game_max_decisions, takes_self=True))
    #: The search bot's time budget per decision in CPU seconds of the process that plays
    #: (:func:`time.process_time`, so that other work on the machine does not shorten it),
    #: or ``None``: none, the search stopping after :attr:`playouts` iterations alone. With
    #: a budget the search stops at whichever comes first, and the game depends on the
    #: machine's speed as well as on the job.
    seconds: float | None = None

    def __attrs_post_init__(self) -> None:
        try:
            info = load_info(self.game)
        except LookupError as error:
            message = error.args[0] if error.args else str(error)
            raise ValueError(message) from None
        if self.options is None:
            object.__setattr__(self, "options", info.default_readings())
        if self.variant is None:
            object.__setattr__(self, "variant", info.default_variant)
        _check_job(self, info)


def _check_job(job: Job, info: GameInfo[Any, Any]) -> None:
    if isinstance(job.seed, bool) or not isinstance(job.seed, int) or not 0 <= job.seed < 2**64:
        raise ValueError(f"the seed must be from 0 to 2**64 - 1, got {shown(job.seed)}")
    names = info.bots.names
    for name in job.bots:
        if name not in names:
            raise ValueError(f"unknown bot {name!r}: choose from {', '.join(names)}")
    players = info.players
    if not players.fewest <= len(job.bots) <= players.most:
        raise ValueError(
            f"a game seats {players.fewest} to {players.most} bots, got {len(job.bots)}"
        )
    if job.playouts is None:
        if job.seconds is None:
            raise ValueError("playouts may be None only with a time budget (seconds)")
    elif job.playouts < 1:
        raise ValueError(f"playouts must be at least 1, got {job.playouts}")
    if job.max_decisions < 1:
        raise ValueError(f"max_decisions must be at least 1, got {job.max_decisions}")
    if job.seconds is not None and not job.seconds > 0:
        raise ValueError(f"seconds must be above 0 or None, got {shown(job.seconds)}")
    if not isinstance(job.options, info.readings):
        raise ValueError(
            f"options must be a {info.readings.__qualname__}, got {shown(job.options)}"
        )
    if info.variants is None and job.variant is not None:
        raise ValueError(f"the game {info.name!r} has no variant, got {shown(job.variant)}")
    info.check_game(len(job.bots), job.options, job.variant)


# --------------------------------------------------------------------------- results

#: The fields every result line has, in the order written; a game's variant comes after
#: ``options``, its extra fields after ``turns``.
_OWN: Final = (
    "seed",
    "players",
    "bots",
    "options",
    "points",
    "winners",
    "decisions",
    "turns",
    "finished",
)


def _frozen(value: Any) -> Any:
    """A JSON value with its lists as tuples (so that results compare and read back equal)."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


def _fields(value: Mapping[str, Any]) -> dict[str, Any]:
    for name in value:
        if name in _OWN:
            raise ValueError(f"a game's result field may not be called {name!r}")
    return {name: _frozen(v) for name, v in value.items()}


@attrs.frozen
class GameResult:
    """What the game of a :class:`Job` gave. Tuples are indexed by seat.

    A game may subclass it to give its fields names; the result line is the same.
    """

    #: The game seed.
    seed: int
    #: The bot in each seat, by name.
    bots: tuple[str, ...] = attrs.field(converter=_names)
    #: The readings that differ from the default, by field name and value (an enum reading
    #: by its value, a switch by its bool).
    options: dict[str, Any] = attrs.field(hash=False)
    #: Each seat's points: the game's outcome, or the points so far of a game stopped
    #: unfinished.
    points: tuple[int, ...] = attrs.field(kw_only=True, converter=_ints)
    #: The winning seats (more than one for a shared win; none if the game did not finish).
    winners: tuple[int, ...] = attrs.field(kw_only=True, converter=_ints)
    #: Decisions taken (chance outcomes are not decisions).
    decisions: int = attrs.field(kw_only=True)
    #: Turns begun.
    turns: int = attrs.field(kw_only=True)
    #: False if the game was stopped at the job's decision limit; it then has no winner.
    finished: bool = attrs.field(default=True, kw_only=True)
    #: The game's variant as ``(name, label)``, ``("cards", "Harbour library original
    #: set")``, or ``None`` for a game without one.
    variant: tuple[str, str] | None = attrs.field(default=None, kw_only=True)
    #: The game's extra fields by name, JSON values with tuples for lists, in the order
    #: written (:class:`meeplekit.info.Results`).
    extra: dict[str, Any] = attrs.field(factory=dict, kw_only=True, hash=False, converter=_fields)

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.bots)

    def to_json(self) -> str:
        """One line of JSON: the fields in a fixed order, no spaces, no newline.

        ``seed``, ``players``, ``bots``, ``options``, the variant under its name, ``points``,
        ``winners``, ``decisions``, ``turns``, the game's extra fields, ``finished``.
        """
        data: dict[str, Any] = {
            "seed": self.seed,
            "players": len(self.bots),
            "bots": list(self.bots),
            "options": self.options,
        }
        if self.variant is not None:
            data[self.variant[0]] = self.variant[1]
        data.update(
            points=list(self.points),
            winners=list(self.winners),
            decisions=self.decisions,
            turns=self.turns,
        )
        data.update(self.extra)
        data["finished"] = self.finished
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, line: str) -> Self:
        """The result written by :meth:`to_json`; ``ValueError`` for a line that is not one.

        A field between ``options`` and ``points`` is the variant, one after ``turns`` an
        extra field; a line without ``finished`` is a finished game.
        """
        try:
            data = json.loads(line)
        except ValueError as error:
            raise ValueError(f"not a line of JSON: {error}") from None
        if not isinstance(data, dict):
            raise ValueError(f"a result line is a JSON object, got {shown(data)}")
        missing = [name for name in _OWN if name not in data and name != "finished"]
        if missing:
            raise ValueError(f"a result line without {', '.join(map(repr, missing))}")
        names = list(data)
        head = [n for n in names[: names.index("points")] if n not in _OWN]
        if len(head) > 1:
            raise ValueError(f"a result line with more than one variant: {head}")
        try:
            return cls._from_fields(
                seed=data["seed"],
                bots=tuple(data["bots"]),
                options=data["options"],
                points=tuple(data["points"]),
                winners=tuple(data["winners"]),
                decisions=data["decisions"],
                turns=data["turns"],
                finished=data.get("finished", True),
                variant=(head[0], data[head[0]]) if head else None,
                extra={n: data[n] for n in names if n not in _OWN and n not in head},
            )
        except TypeError as error:
            raise ValueError(f"a malformed result line: {error}") from None

    @classmethod
    def _from_fields(cls, **fields: Any) -> Self:
        """An instance of ``cls`` (this class or a game's subclass) from this class's fields."""
        result = object.__new__(cls)
        GameResult.__init__(result, **fields)
        return result

    @classmethod
    def of(cls, result: GameResult) -> Self:
        """``result`` as an instance of ``cls`` (a game's subclass), its fields unchanged."""
        return cls._from_fields(
            **{f.name: getattr(result, f.name) for f in attrs.fields(GameResult)}
        )


def play_one(job: Job) -> GameResult:
    """Play the game of ``job`` to the end, or to its decision limit, and return its result.

    Each decision goes to the bot of the seat that decides, seeded with
    ``bot_seed(job.seed, seat)`` and given ``observe(state, seat)`` only; each chance
    outcome is drawn with ``SplitMix64(chance_seed(job.seed))``; moves are applied with the
    game's checked ``apply_move``. The search bot stops after ``job.playouts`` iterations
    or, with ``job.seconds``, once that many CPU seconds are spent on the decision.
    """
    info = load_info(job.game)
    game = info.game
    players = len(job.bots)
    clock = None if job.seconds is None else time.process_time
    bots = [
        info.bots.make(
            name, bot_seed(job.seed, seat), job.playouts, seconds=job.seconds, clock=clock
        )
        for seat, name in enumerate(job.bots)
    ]
    start = state = info.new_game(players, job.seed, job.options, job.variant)
    chance = SplitMix64(chance_seed(job.seed))
    moves: list[tuple[int, Any]] = []
    decisions = 0
    while not game.is_over(state) and decisions < job.max_decisions:
        seat = game.current_player(state)
        if seat == CHANCE:
            move = info.draw(state, chance)
        else:
            move = bots[seat].choose(game.observe(state, seat))
            decisions += 1
        state = game.apply_move(state, move)
        moves.append((seat, move))
    finished = game.is_over(state)
    if finished:
        end = game.outcome(state)
        points, winners = end.points, end.winners
    else:
        points, winners = info.evaluation.points(state), ()
    results = info.results
    extra: dict[str, Any] = {}
    if results.fields is not None:
        extra.update(results.fields(state, job.variant, moves))
    if results.start_fields is not None:
        extra.update(results.start_fields(start, state, job.variant, moves))
    return GameResult(
        seed=job.seed,
        bots=job.bots,
        options=dict(changed_readings(job.options)),
        points=points,
        winners=winners,
        decisions=decisions,
        turns=info.play.turn(state),
        finished=finished,
        variant=info.variant_label(job.variant),
        extra=extra,
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
    instance) the games run as Ray tasks instead (the ``[cluster]`` extra; without it the
    game's ``MissingExtraError``). ``progress`` is called with the number of games finished
    so far after each game. The results do not depend on how the games were run.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
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
    # A one-line MissingExtraError naming the extra and its install command.
    require("cluster", jobs[0].game if jobs else None)
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
    #: The share of games in which each purchase (a name in the comparison's
    #: :attr:`Comparison.purchases` field, by any seat) was made, by name.
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
    #: The game's registered name, when given to :func:`compare_results`.
    game: str | None = None
    #: The result field whose names :attr:`Variant.purchase_rates` counts (``"bought"``),
    #: or ``None``.
    purchases: str | None = None
    #: What one purchase is, in a report (``"building"``).
    purchase_noun: str = "item"


def _won(result: GameResult, seat: int) -> bool:
    return seat in result.winners


def _is_per_seat_names(value: Any, players: int) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == players
        and all(isinstance(s, tuple) and all(isinstance(n, str) for n in s) for s in value)
    )


def _purchase_field(results: Sequence[GameResult]) -> str | None:
    """The first extra field that lists names by seat, or ``None``."""
    for result in results:
        for name, value in result.extra.items():
            if _is_per_seat_names(value, result.players):
                return name
        return None
    return None


def compare_results(
    labels: Sequence[str],
    batches: Sequence[Sequence[GameResult]],
    *,
    game: str | None = None,
) -> Comparison:
    """Compare batches played on the same seeds; the first batch is the baseline.

    A shared win counts as a win of each winner for McNemar's test and as ``1/k`` for
    the win rates. ``game`` (the game's registered name) names the purchases counted and
    the extras a report needs (:attr:`meeplekit.info.Results.purchases`); without it, the purchases are
    the first extra field that lists names by seat, if any.
    """
    if not batches or len(labels) != len(batches):
        raise ValueError("one label per batch, and at least one batch")
    base = batches[0]
    seeds = [r.seed for r in base]
    for batch in batches[1:]:
        if [r.seed for r in batch] != seeds:
            raise ValueError("every batch must be played on the same seeds, in the same order")
    if game is not None:
        results = load_info(game).results
        purchases, noun = results.purchases, results.purchase_noun
    else:
        purchases, noun = _purchase_field(base), "item"
    players = len(base[0].bots) if base else 0
    games = len(base)
    base_wins = seat_wins(base, players)
    variants = []
    for label, batch in zip(labels, batches, strict=True):
        wins = seat_wins(batch, players)
        # Games in which each name was bought, by anyone.
        bought: Counter[str] = Counter()
        if purchases is not None:
            bought.update(
                name
                for result in batch
                for name in {n for s in result.extra.get(purchases, ()) for n in s}
            )
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
    return Comparison(
        games=games,
        players=players,
        variants=tuple(variants),
        game=game,
        purchases=purchases,
        purchase_noun=noun,
    )
