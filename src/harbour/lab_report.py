"""The report of ``harbour compare``: Markdown or HTML with plots (optional extra ``[lab]``).

:func:`write_report` writes the tables of a :class:`~meeplekit.lab.Comparison` and three
plots, saved as PNG files next to the report: each seat's win rate per reading with its
95% interval, the distribution of the winner's points, and the distribution of game
lengths. matplotlib (the ``[lab]`` extra) draws them with its non-interactive Agg backend;
without it :class:`~harbour.errors.MissingExtraError` names the extra. The report is the
shared one (:mod:`meeplekit.lab_report`), the same for every game.
"""

from __future__ import annotations

from meeplekit.lab_report import markdown, write_plots, write_report

__all__ = ["markdown", "write_plots", "write_report"]
