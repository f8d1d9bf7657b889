"""``harbour simulate`` and ``harbour compare``: seeded batches of bot games."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from harbour.cli.common import (
    SEED,
    apply_assignments,
    check_game,
    check_writable,
    fit_table,
    load_cards,
    options_from,
    reading_options,
    require_extra,
    wrap,
    write_output,
)
from harbour.lab import (
    BOT_NAMES,
    MAX_DECISIONS,
    Comparison,
    GameResult,
    Interval,
    Job,
    Variant,
    compare_results,
    run,
    seat_wins,
    wilson,
)
from harbour.options import RulesOptions

__all__ = ["compare", "simulate"]


def _bots(players: int, bots: str | None, bot: str) -> tuple[str, ...]:
    """The bot of each seat from ``--bots a,b,c`` or ``--bot`` for every seat."""
    if bots is None:
        return (bot,) * players
    names = tuple(name.strip() for name in bots.split(","))
    if len(names) != players:
        raise click.BadParameter(f"{len(names)} bots for {players} players", param_hint="--bots")
    for name in names:
        if name not in BOT_NAMES:
            raise click.BadParameter(
                f"unknown bot {name!r}: choose from {', '.join(BOT_NAMES)}", param_hint="--bots"
            )
    return names


def _play(jobs: Sequence[Job], workers: int, ray: str | None, label: str) -> list[GameResult]:
    """Run the jobs with a progress bar on standard error."""
    if ray is not None:
        require_extra("cluster")
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


_COMMON = [
    click.option("--games", type=click.IntRange(1), default=100, show_default=True),
    click.option(
        "--players", type=click.IntRange(2, 4), default=3, show_default=True, help="2 to 4"
    ),
    click.option("--seed", type=SEED, default=0, show_default=True, help="the first game's seed"),
    click.option(
        "--bot",
        type=click.Choice(BOT_NAMES),
        default="greedy",
        show_default=True,
        help="the bot of every seat",
    ),
    click.option("--bots", help="the bot of each seat, comma-separated (overrides --bot)"),
    click.option(
        "--playouts", type=click.IntRange(1), default=1000, show_default=True, help="ismcts"
    ),
    click.option(
        "--cards", default="original", show_default=True, help="'original' or a card file"
    ),
    click.option(
        "--max-decisions",
        type=click.IntRange(1),
        default=MAX_DECISIONS,
        show_default=True,
        help="stop a game after this many decisions and report it unfinished",
    ),
    click.option(
        "--workers", type=click.IntRange(1), default=1, show_default=True, help="processes"
    ),
    click.option(
        "--ray",
        metavar="ADDRESS",
        help="run on Ray: 'auto', a cluster address, or 'local' (extra [cluster])",
    ),
]


def _common(command: Any) -> Any:
    for option in reversed(_COMMON):
        command = option(command)
    return command


def _jobs(params: dict[str, Any], options: RulesOptions) -> list[Job]:
    cards = load_cards(params["cards"])
    bots = _bots(params["players"], params["bots"], params["bot"])
    check_game(params["players"], options, cards)
    first = params["seed"]
    if first + params["games"] > 2**64:
        raise click.BadParameter("seeds run past 2**64 - 1", param_hint="--seed")
    return [
        Job(
            seed=first + i,
            bots=bots,
            options=options,
            cards=cards,
            playouts=params["playouts"],
            max_decisions=params["max_decisions"],
        )
        for i in range(params["games"])
    ]


def _summary(results: Sequence[GameResult], players: int, width: int) -> Table:
    """Each seat's wins, win rate and mean points, as a table ``width`` columns wide at most."""
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


@click.command()
@_common
@click.option(
    "--out", type=click.Path(dir_okay=False, path_type=Path), help="write JSON Lines here"
)
@reading_options
def simulate(**params: Any) -> None:
    """Play seeded bot games and write one JSON line per game.

    Games use seeds SEED to SEED+GAMES-1; every bot is seeded from its game's seed and
    seat, so the same arguments give the same file, whatever --workers or --ray.
    """
    jobs = _jobs(params, options_from(params))
    out: Path | None = params["out"]
    if out is not None:
        check_writable(out, "--out")
    results = _play(jobs, params["workers"], params["ray"], "simulating")
    text = "".join(result.to_json() + "\n" for result in results)
    if out is None:
        click.echo(text, nl=False)
    else:
        write_output(out, text)
    console = Console(stderr=out is None)
    console.print(_summary(results, params["players"], console.width))


@click.command()
@_common
@click.option(
    "--variant",
    "variants",
    multiple=True,
    required=True,
    metavar="FIELD=VALUE[,FIELD=VALUE]",
    help=(
        "readings to compare with the baseline (repeatable), e.g. reentry=kept; also "
        "bot=NAME, bots=A+B+C (one per seat) or cards=FILE to compare bots or card sets"
    ),
)
@click.option(
    "--report",
    type=click.Path(dir_okay=False, path_type=Path),
    help="write a Markdown (.md) or HTML (.html) report with plots (extra [lab])",
)
@reading_options
def compare(**params: Any) -> None:
    """Play the same seeds under the baseline readings and each variant; report the differences.

    The baseline is the default readings changed by any reading options given. Each
    variant changes the baseline by its FIELD=VALUE assignments (or its bots, or its card
    set). Win rates per seat come
    with 95% Wilson intervals; differences are paired by seed (McNemar's exact test for
    wins, a normal-approximation interval for points and lengths).
    """
    base = options_from(params)
    report: Path | None = params["report"]
    if report is not None:  # before any game is played
        require_extra("lab")
        check_writable(report, "--report")
    labels = ["baseline"]
    batches = [_jobs(params, base)]
    for variant in params["variants"]:
        readings, changed = _variant(variant)
        batches.append(_jobs({**params, **changed}, apply_assignments(base, readings)))
        labels.append(variant)
    results = [
        _play(jobs, params["workers"], params["ray"], label)
        for jobs, label in zip(batches, labels, strict=True)
    ]
    comparison = compare_results(labels, results)
    console = Console(highlight=False)
    for variant in comparison.variants:
        console.print(_variant_table(comparison, variant, console.width))
        console.print(wrap(_variant_totals(variant), console.width), soft_wrap=True, markup=False)
    if report is not None:
        from harbour.lab_report import write_report

        try:
            write_report(comparison, report)
        except OSError as error:
            shown = click.format_filename(error.filename or report)
            raise click.ClickException(f"cannot write {shown}: {error.strerror or error}") from None
        console.print(f"report written to {click.format_filename(report)}", markup=False)


def _variant(text: str) -> tuple[list[str], dict[str, Any]]:
    """A variant's reading assignments, and its other changes: ``bot=``, ``bots=``, ``cards=``.

    ``bots=a+b+c`` gives the bot of each seat (``+`` since ``,`` separates the parts).
    """
    readings: list[str] = []
    changed: dict[str, Any] = {}
    for part in (p.strip() for p in text.split(",")):
        name, _, value = part.partition("=")
        if name == "bot":
            if value not in BOT_NAMES:
                raise click.BadParameter(
                    f"unknown bot {value!r}: choose from {', '.join(BOT_NAMES)}",
                    param_hint="--variant",
                )
            changed.update(bot=value, bots=None)
        elif name == "bots":
            changed["bots"] = value.replace("+", ",")
        elif name == "cards":
            changed["cards"] = value
        elif part:
            readings.append(part)
    return readings, changed


def _variant_table(comparison: Comparison, variant: Variant, width: int) -> Table:
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
