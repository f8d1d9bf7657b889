"""The report of a comparison: Markdown or HTML with plots (the game's optional extra ``[lab]``).

:func:`write_report` writes the tables of a :class:`~meeplekit.lab.Comparison` and three
plots, saved as PNG files next to the report: each seat's win rate per reading with its
95% interval, the distribution of the winner's points, and the distribution of game
lengths. matplotlib (the ``[lab]`` extra of the comparison's game, or of ``meeplekit``
when it names none) draws them with its non-interactive Agg backend. The report is the
same for every game but for the purchases it counts (:attr:`meeplekit.info.Results.purchases`).
"""

from __future__ import annotations

import html
from pathlib import Path

from meeplekit.lab import Comparison, Interval, require

__all__ = ["markdown", "write_plots", "write_report"]


def _pct(rate: Interval) -> str:
    return f"{rate.estimate:.1%} ({rate.low:.1%} to {rate.high:.1%})"


def _signed(value: Interval | None) -> str:
    if value is None:
        return ""
    return f"{value.estimate:+.2f} ({value.low:+.2f} to {value.high:+.2f})"


def markdown(comparison: Comparison, plots: tuple[str, ...] = ()) -> str:
    """The report as Markdown; ``plots`` are image file names to show under the tables."""
    lines = [
        "# Comparison of rule readings",
        "",
        f"{comparison.games} games per reading, {comparison.players} players, the same seeds "
        "under every reading (paired). Win rates with 95% Wilson intervals; a shared win "
        "counts 1/k. Changes against the baseline: McNemar's exact test on the games a seat "
        "won under one reading only; mean changes of points and length (decisions) with "
        "95% normal-approximation intervals.",
        "",
        "| Readings | Seat | Win rate (95%) | Change | McNemar p | Points change (95%) |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for variant in comparison.variants:
        for seat, rate in enumerate(variant.win_rates):
            change = variant.changes[seat] if variant.changes else None
            lines.append(
                f"| {variant.label if seat == 0 else ''} | {seat + 1} | {_pct(rate)} | "
                + (
                    "| | |"
                    if change is None
                    else f"{change.win_rate:+.1%} | {change.p_value:.3g} | {_signed(change.points)} |"
                )
            )
    lines += [
        "",
        "| Readings | Mean length | Length change (95%) | Unfinished |",
        "|---|---:|---:|---:|",
    ]
    for variant in comparison.variants:
        lines.append(
            f"| {variant.label} | {variant.mean_length:.1f} | {_signed(variant.length_change)} "
            f"| {variant.unfinished} |"
        )
    lines += ["", "Unfinished games were stopped at the decision limit and count as won by nobody."]
    if comparison.purchases is not None:
        noun = comparison.purchase_noun
        names = sorted({n for v in comparison.variants for n in v.purchase_rates})
        lines += [
            "",
            f"Share of games in which each {noun} was {comparison.purchases}:",
            "",
            f"| {noun[:1].upper()}{noun[1:]} | "
            + " | ".join(v.label for v in comparison.variants)
            + " |",
            "|---|" + "---:|" * len(comparison.variants),
        ]
        for name in names:
            cells = " | ".join(
                f"{v.purchase_rates.get(name, 0.0):.0%}" for v in comparison.variants
            )
            lines.append(f"| {name} | {cells} |")
    lines.append("")
    for plot in plots:
        lines += [f"![{plot}]({plot})", ""]
    return "\n".join(lines)


def write_plots(comparison: Comparison, stem: Path) -> tuple[str, ...]:
    """Draw the report's three plots as PNG files next to ``stem``; their file names.

    Without the ``[lab]`` extra (matplotlib) it raises the game's ``MissingExtraError``
    (:func:`meeplekit.lab.require`) before writing anything.
    """
    require("lab", comparison.game)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = []
    labels = [v.label for v in comparison.variants]
    figure, axes = plt.subplots(figsize=(7 + 0.15 * len(labels), 4))
    width = 0.8 / max(1, len(labels))
    colours = plt.get_cmap("tab20" if len(labels) > 10 else "tab10")
    for k, variant in enumerate(comparison.variants):
        xs = [seat + k * width for seat in range(comparison.players)]
        ys = [rate.estimate for rate in variant.win_rates]
        errors = [
            [rate.estimate - rate.low for rate in variant.win_rates],
            [rate.high - rate.estimate for rate in variant.win_rates],
        ]
        axes.bar(xs, ys, width, yerr=errors, capsize=2, label=variant.label, color=colours(k))
    axes.set_xticks([seat + width * (len(labels) - 1) / 2 for seat in range(comparison.players)])
    axes.set_xticklabels([f"seat {seat + 1}" for seat in range(comparison.players)])
    axes.set_ylabel("win rate (95% interval)")
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")
    names.append(_save(figure, stem, "win-rates"))
    for key, title in (("points", "winner's points"), ("length", "game length (decisions)")):
        figure, axes = plt.subplots(figsize=(7, 4))
        data = [
            [max(r.points) if key == "points" else r.decisions for r in v.results]
            for v in comparison.variants
        ]
        axes.boxplot(data)
        axes.set_xticks(range(1, len(labels) + 1))
        axes.set_xticklabels(
            labels,
            rotation=30 if len(labels) > 3 else 0,
            ha="right" if len(labels) > 3 else "center",
            fontsize="small",
        )
        axes.set_ylabel(title)
        names.append(_save(figure, stem, key))
    plt.close("all")
    return tuple(names)


def _save(figure: object, stem: Path, what: str) -> str:
    path = stem.with_name(f"{stem.stem}-{what}.png")
    figure.savefig(path, dpi=100, bbox_inches="tight")  # type: ignore[attr-defined]
    return path.name


def write_report(comparison: Comparison, path: Path) -> None:
    """Write the report to ``path``: HTML if it ends in ``.html``, else Markdown."""
    plots = write_plots(comparison, path)
    text = markdown(comparison, plots)
    if path.suffix.lower() in (".html", ".htm"):
        text = _html(text)
    path.write_text(text, encoding="utf-8")


def _html(text: str) -> str:
    """A plain HTML page of the Markdown report (tables, paragraphs and images)."""
    body: list[str] = []
    rows: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            if set(line) <= set("|-: "):
                continue
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
            continue
        if rows:
            head, *rest = rows
            body.append(
                "<table><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in head) + "</tr>"
            )
            body += [
                "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                for row in rest
            ]
            body.append("</table>")
            rows = []
        if line.startswith("# "):
            body.append(f"<h1>{html.escape(line[2:])}</h1>")
        elif line.startswith("!["):
            name = line[line.index("(") + 1 : -1]
            body.append(f'<p><img src="{html.escape(name)}" alt="{html.escape(name)}"></p>')
        elif line:
            body.append(f"<p>{html.escape(line)}</p>")
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Comparison</title></head><body>\n'
        + "\n".join(body)
        + "\n</body></html>\n"
    )
