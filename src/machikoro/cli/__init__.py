"""The ``machikoro`` console command (optional extra ``[cli]``: Click and rich).

``machikoro --help`` lists the commands; :doc:`/machikoro/cli` describes them. The command
is the shell every game's command is built from (:mod:`meeplekit.cli`) on Machi Koro's
pieces (:mod:`machikoro.cli.pieces`). The package's core does not need Click or rich:
:func:`main` says which extra to install when they are missing (:mod:`machikoro.extras`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from machikoro.extras import require
from meeplekit.cli import run

__all__ = ["main"]


def _group() -> Callable[[], object]:
    group: Callable[[], object] = importlib.import_module("machikoro.cli.app").machikoro
    return group


def main() -> None:
    """Run the ``machikoro`` command with the process's arguments.

    Without the ``[cli]`` extra it prints one line naming the extra and its install
    command and exits with status 2. Text that standard output cannot encode is replaced
    rather than raised.
    """
    run(require, _group)
