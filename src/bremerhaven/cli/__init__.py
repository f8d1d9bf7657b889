"""The ``bremerhaven`` console command (optional extra ``[cli]``: Click and rich).

``bremerhaven --help`` lists the commands; the spec page ``cli`` (BH-CLI) describes them.
The command is the shell every game's command is built from (:mod:`meeplekit.cli`) on
Bremerhaven's pieces (:mod:`bremerhaven.cli.pieces`). The package's core does not need
Click or rich: :func:`main` says which extra to install when they are missing
(:mod:`bremerhaven.extras`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from bremerhaven.extras import require
from meeplekit.cli import run

__all__ = ["main"]


def _group() -> Callable[[], object]:
    group: Callable[[], object] = importlib.import_module("bremerhaven.cli.app").bremerhaven
    return group


def main() -> None:
    """Run the ``bremerhaven`` command with the process's arguments.

    Without the ``[cli]`` extra it prints one line naming the extra and its install
    command and exits with status 2. Text that standard output cannot encode is replaced
    rather than raised.
    """
    run(require, _group)
