"""The ``machikoro`` console command (optional extra ``[cli]``: Click and rich).

``machikoro --help`` lists the commands; :doc:`/machikoro/cli` describes them. The command is the shell every game's command is (:mod:`meeplekit.cli`), served from
Machi Koro's description (:data:`machikoro.info.INFO`); what it shows of Machi Koro's own is
:mod:`machikoro.cli.pieces`. The package's core does not need Click or rich: :func:`main` says
which extra to install when they are missing.
"""

from __future__ import annotations

from meeplekit.cli import main as shell

__all__ = ["main"]


def main() -> None:
    """Run the ``machikoro`` command with the process's arguments (:func:`meeplekit.cli.main`).

    Without the ``[cli]`` extra it prints one line naming the extra and its install
    command and exits with status 2.
    """
    shell("machikoro")
