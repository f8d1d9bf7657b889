"""``GAME simulate`` and ``GAME compare``: seeded batches of bot games, for any game.

Both play jobs of the shared lab (:class:`meeplekit.lab.Job`, :func:`meeplekit.lab.run`):
``simulate`` writes one JSON line per game and a table of each seat's wins with 95%
Wilson intervals; ``compare`` plays the same seeds under the baseline and each variant
(rule readings, bots, the game's variant) and reports the paired differences, with an
optional Markdown or HTML report with plots (:mod:`meeplekit.lab_report`, extra
``[lab]``). Games run in this process, in local worker processes or on Ray (extra
``[cluster]``); the results are the same whatever the workers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from meeplekit.cli.common import (
    SEED,
    apply_assignments,
    check_game,
    check_writable,
    fit_table,
    options_from,
    reading_options,
    require_extra,
    variant_from,
    variant_parameters,
    wrap,
    write_output,
)
from meeplekit.info import GameInfo
from meeplekit.lab import (
    Comparison,
    GameResult,
    Interval,
    Job,
    Variant,
    compare_results,
    seat_wins,
    wilson,
)
from meeplekit.lab import run as run_jobs

__all__ = ["Runner", "compare_command", "simulate_command", "summary", "variant_table"]

#: What plays the jobs: :func:`meeplekit.lab.run`'s signature (a command may be given its
#: own; by default it calls ``run_jobs`` of this module, looked up when the games are
#: played, so that a test may replace it).
Runner = Callable[..., list[GameResult]]


def _default_run(*args: Any, **kwargs: Any) -> list[GameResult]:
    return run_jobs(*args, **kwargs)


def _bots(info: GameInfo[Any, Any], players: int, bots: str | None, bot: str) -> tuple[str, ...]:
    """The bot of each seat from ``--bots a,b,c`` or ``--bot`` for every seat."""
    if bots is None:
        return (bot,) * players
    names = tuple(name.strip() for name in bots.split(","))
    if len(names) != players:
        raise click.BadParameter(f"{len(names)} bots for {players} players", param_hint="--bots")
    for name in names:
        if name not in info.bots.names:
            raise click.BadParameter(
                f"unknown bot {name!r}: choose from {', '.join(info.bots.names)}",
                param_hint="--bots",
            )
    return names


def _play(
    info: GameInfo[Any, Any],
    run: Runner,
    jobs: Sequence[Job],
    workers: int,
    ray: str | None,
    label: str,
) -> list[GameResult]:
    """Run the jobs with a progress bar on standard error."""
    if ray is not None:
        require_extra(info.require, "cluster")
    console = Console(stderr=True)
    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(label, total=len(jobs))
        try:
            return run(
                jobs,
                workers=workers,
                ray_address=ray,
                progress=lambda done: progress.update(task, completed=done),
            )
        except ConnectionError as error:  # Ray found no cluster at the address
            first = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
            raise click.ClickException(f"cannot reach Ray at {ray!r}: {first}") from None


def _common(info: GameInfo[Any, Any]) -> list[click.Parameter]:
    """The options ``simulate`` and ``compare`` share, in the order their help lists them."""
    fewest, most = info.players.fewest, info.players.most
    return [
        click.Option(["--games"], type=click.IntRange(1), default=100, show_default=True),
        click.Option(
            ["--players"],
            type=click.IntRange(fewest, most),
            default=min(max(3, fewest), most),
            show_default=True,
            help=f"{fewest} to {most}",
        ),
        click.Option(
            ["--seed"], type=SEED, default=0, show_default=True, help="the first game's seed"
        ),
        click.Option(
            ["--bot"],
            type=click.Choice(info.bots.names),
            default=info.bots.default,
            show_default=True,
            help="the bot of every seat",
        ),
        click.Option(["--bots"], help="the bot of each seat, comma-separated (overrides --bot)"),
        click.Option(
            ["--playouts"], type=click.IntRange(1), default=1000, show_default=True, help="ismcts"
        ),
        click.Option(
            ["--seconds"],
            type=click.FloatRange(0, min_open=True),
            default=None,
            help="ismcts: CPU seconds per decision at most (with --playouts, whichever first)",
        ),
        *variant_parameters(info),
        click.Option(
            ["--max-decisions"],
            type=click.IntRange(1),
            default=info.max_decisions,
            show_default=True,
            help="stop a game after this many decisions and report it unfinished",
        ),
        click.Option(
            ["--workers"], type=click.IntRange(1), default=1, show_default=True, help="processes"
        ),
        click.Option(
            ["--ray"],
            metavar="ADDRESS",
            help="run on Ray: 'auto', a cluster address, or 'local' (extra [cluster])",
        ),
    ]


def _jobs(info: GameInfo[Any, Any], params: Mapping[str, Any], options: Any) -> list[Job]:
    variant = variant_from(info, params)
    bots = _bots(info, params["players"], params["bots"], params["bot"])
    check_game(info, params["players"], options, variant)
    first = params["seed"]
    if first + params["games"] > 2**64:
        raise click.BadParameter("seeds run past 2**64 - 1", param_hint="--seed")
    return [
        Job(
            info.name,
            seed=first + i,
            bots=bots,
            options=options,
            variant=variant,
            playouts=params["playouts"],
            max_decisions=params["max_decisions"],
            seconds=params["seconds"],
        )
        for i in range(params["games"])
    ]


def summary(results: Sequence[GameResult], players: int, width: int) -> Table:
    """Each seat's wins, win rate and mean points, as a table ``width`` columns wide at most.

    The win rate comes with its 95% Wilson score interval; a shared win counts ``1/k``;
    games stopped unfinished at the decision limit are counted in the title and won by
    nobody.
    """
    unfinished = sum(not r.finished for r in results)
    title = f"{len(results)} games"
    if unfinished:
        title += f", {unfinished} stopped unfinished at the decision limit (won by nobody)"
    wins = seat_wins(results, players)
    rows = []
    for seat in range(players):
        rate = wilson(wins[seat], len(results))
        points = sum(r.points[seat] for r in results) / len(results)
        rows.append(
            (
                str(seat + 1),
                results[0].bots[seat],
                f"{wins[seat]:g}",
                f"{rate.estimate:.1%}",
                f"{rate.low:.1%} to {rate.high:.1%}",
                f"{points:.2f}",
            )
        )
    headers = ("seat", "bot", "wins", "win rate", "95% interval", "mean points")
    return fit_table(title, [(h, "right", 1) for h in headers], rows, width)


def simulate_command(info: GameInfo[Any, Any], *, run: Runner | None = None) -> click.Command:
    """The ``simulate`` command: seeded bot games as JSON Lines and a table of the seats' wins.

    ``run`` plays the jobs (default :func:`meeplekit.lab.run`).
    """
    runner = _default_run if run is None else run

    def simulate(**params: Any) -> None:
        jobs = _jobs(info, params, options_from(info.readings, params))
        out: Path | None = params["out"]
        if out is not None:
            check_writable(out, "--out")
        results = _play(info, runner, jobs, params["workers"], params["ray"], "simulating")
        text = "".join(result.to_json() + "\n" for result in results)
        if out is None:
            click.echo(text, nl=False)
        else:
            write_output(out, text)
        console = Console(stderr=out is None)
        console.print(summary(results, params["players"], console.width))

    command = click.Command(
        "simulate",
        callback=simulate,
        params=[
            *_common(info),
            click.Option(
                ["--out"],
                type=click.Path(dir_okay=False, path_type=Path),
                help="write JSON Lines here",
            ),
        ],
        help=(
            "Play seeded bot games and write one JSON line per game.\n\n"
            "Games use seeds SEED to SEED+GAMES-1; every bot is seeded from its game's seed "
            "and seat, so the same arguments give the same file, whatever --workers or --ray."
        ),
    )
    return reading_options(info.readings)(command)


def compare_command(info: GameInfo[Any, Any], *, run: Runner | None = None) -> click.Command:
    """The ``compare`` command: the baseline and each variant on the same seeds, paired.

    ``run`` plays the jobs (default :func:`meeplekit.lab.run`).
    """
    runner = _default_run if run is None else run
    spelling = None if info.variants is None else info.variants.option
    also = "also bot=NAME, bots=A+B+C (one per seat)"
    if info.variants is not None and spelling is not None:
        also += f" or {info.variants.name}={spelling.metavar} to compare bots or {spelling.plural}"
    else:
        also += " to compare bots"
    changed = f"or its bots, or its {spelling.singular}" if spelling else "or its bots"

    def compare(**params: Any) -> None:
        base = options_from(info.readings, params)
        report: Path | None = params["report"]
        if report is not None:  # before any game is played
            require_extra(info.require, "lab")
            check_writable(report, "--report")
        labels = ["baseline"]
        batches = [_jobs(info, params, base)]
        for variant in params["variants"]:
            readings, changes = _variant(info, variant)
            batches.append(_jobs(info, {**params, **changes}, apply_assignments(base, readings)))
            labels.append(variant)
        results = [
            _play(info, runner, jobs, params["workers"], params["ray"], label)
            for jobs, label in zip(batches, labels, strict=True)
        ]
        comparison = compare_results(labels, results, game=info.name)
        console = Console(highlight=False)
        for variant in comparison.variants:
            console.print(variant_table(comparison, variant, console.width))
            console.print(
                wrap(_variant_totals(variant), console.width), soft_wrap=True, markup=False
            )
        if report is not None:
            from meeplekit.lab_report import write_report

            try:
                write_report(comparison, report)
            except OSError as error:
                shown = click.format_filename(error.filename or report)
                raise click.ClickException(
                    f"cannot write {shown}: {error.strerror or error}"
                ) from None
            console.print(f"report written to {click.format_filename(report)}", markup=False)

    command = click.Command(
        "compare",
        callback=compare,
        params=[
            *_common(info),
            click.Option(
                ["--variant", "variants"],
                multiple=True,
                required=True,
                metavar="FIELD=VALUE[,FIELD=VALUE]",
                help=(
                    "readings to compare with the baseline (repeatable), e.g. "
                    f"{info.reading_example}; {also}"
                ),
            ),
            click.Option(
                ["--report"],
                type=click.Path(dir_okay=False, path_type=Path),
                help="write a Markdown (.md) or HTML (.html) report with plots (extra [lab])",
            ),
        ],
        help=(
            "Play the same seeds under the baseline readings and each variant; report the "
            "differences.\n\n"
            "The baseline is the default readings changed by any reading options given. Each "
            f"variant changes the baseline by its FIELD=VALUE assignments ({changed}). Win "
            "rates per seat come with 95% Wilson intervals; differences are paired by seed "
            "(McNemar's exact test for wins, a normal-approximation interval for points and "
            "lengths)."
        ),
    )
    return reading_options(info.readings)(command)


def _variant(info: GameInfo[Any, Any], text: str) -> tuple[list[str], dict[str, Any]]:
    """A variant's reading assignments, and its other changes: ``bot=``, ``bots=``, the game's.

    ``bots=a+b+c`` gives the bot of each seat (``+`` since ``,`` separates the parts); the
    game's variant is ``NAME=VALUE`` with its :attr:`~meeplekit.info.Variants.name`
    (``cards=FILE``).
    """
    variant_name = None if info.variants is None else info.variants.name
    readings: list[str] = []
    changed: dict[str, Any] = {}
    for part in (p.strip() for p in text.split(",")):
        name, _, value = part.partition("=")
        if name == "bot":
            if value not in info.bots.names:
                raise click.BadParameter(
                    f"unknown bot {value!r}: choose from {', '.join(info.bots.names)}",
                    param_hint="--variant",
                )
            changed.update(bot=value, bots=None)
        elif name == "bots":
            changed["bots"] = value.replace("+", ",")
        elif variant_name is not None and name == variant_name:
            changed["variant"] = value
        elif part:
            readings.append(part)
    return readings, changed


def variant_table(comparison: Comparison, variant: Variant, width: int) -> Table:
    """One reading's win rates and their changes, by seat, ``width`` columns wide at most."""
    title = (
        f"{variant.label}: {comparison.games} games"
        if not variant.changes
        else f"{variant.label}: {comparison.games} games, paired by seed with the baseline"
    )
    rows = []
    for seat, rate in enumerate(variant.win_rates):
        change = variant.changes[seat] if variant.changes else None
        rows.append(
            (
                str(seat + 1),
                f"{rate.estimate:.1%}",
                f"{rate.low:.1%} to {rate.high:.1%}",
                "" if change is None else f"{change.win_rate:+.1%}",
                "" if change is None else f"{change.p_value:.3g}",
                "" if change is None else _interval(change.points),
            )
        )
    headers = ("seat", "win rate", "95% interval", "change", "McNemar p", "points change (95%)")
    return fit_table(title, [(h, "right", 1) for h in headers], rows, width)


def _variant_totals(variant: Variant) -> str:
    """The line under a reading's table: its game length, its change, its unfinished games."""
    text = f"  mean length {variant.mean_length:.1f} decisions"
    if variant.length_change is not None:
        text += f", change {_interval(variant.length_change)} at 95%"
    return f"{text}; unfinished games: {variant.unfinished}\n"


def _interval(value: Interval | None) -> str:
    if value is None:
        return ""
    return f"{value.estimate:+.2f} ({value.low:+.2f} to {value.high:+.2f})"
