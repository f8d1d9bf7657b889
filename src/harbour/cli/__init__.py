"""The ``harbour`` console command (optional extra ``[cli]``: Click and rich).

``harbour --help`` lists the commands; :doc:`/cli` describes them. The command is the
shell every game's command is (:mod:`meeplekit.cli`), served from Harbour's description
(:data:`harbour.info.INFO`); what it shows of Harbour's own is :mod:`harbour.cli.pieces`.
The package's core does not need Click or rich: :func:`main` says which extra to install
when they are missing.
"""

from __future__ import annotations

from meeplekit.cli import main as shell

__all__ = ["main"]


def main() -> None:
    """Run the ``harbour`` command with the process's arguments (:func:`meeplekit.cli.main`)."""
    shell("harbour")
