"""``harbour simulate`` and ``harbour compare``: seeded batches of bot games.

Every game's (:mod:`meeplekit.cli.lab_commands`), on Harbour's lab description
(:data:`harbour.lab.LAB`): the games run through :func:`meeplekit.lab.run`.
"""

from __future__ import annotations

from typing import Any

from harbour.cli.pieces import PIECES
from meeplekit.cli.lab_commands import compare_command, simulate_command
from meeplekit.lab import GameResult, run

__all__ = ["compare", "simulate"]


def _run(*args: Any, **kwargs: Any) -> list[GameResult]:
    # Looked up when the games are played, so that a test may replace run.
    return run(*args, **kwargs)


#: The ``harbour simulate`` command.
simulate = simulate_command(PIECES, run=_run)

#: The ``harbour compare`` command.
compare = compare_command(PIECES, run=_run)
