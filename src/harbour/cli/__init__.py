"""The ``harbour`` console command (optional extra ``[cli]``: Click and rich).

``harbour --help`` lists the commands; :doc:`/cli` describes them. The command is the
shell every game's command is built from (:mod:`meeplekit.cli`) on Harbour's pieces
(:mod:`harbour.cli.pieces`). The package's core does not need Click or rich: :func:`main`
says which extra to install when they are missing (:mod:`harbour.extras`).
:mod:`harbour.cli.readings`, the rule-reading options the command shares with the demo,
needs neither.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from harbour.extras import require
from meeplekit.cli import run

__all__ = ["main"]


def _group() -> Callable[[], object]:
    group: Callable[[], object] = importlib.import_module("harbour.cli.app").harbour
    return group


def main() -> None:
    """Run the ``harbour`` command with the process's arguments.

    Without the ``[cli]`` extra it prints one line naming the extra and its install
    command and exits with status 2. Text that standard output cannot encode (a rule's
    German quotation on an ASCII terminal) is replaced rather than raised.
    """
    run(require, _group)
