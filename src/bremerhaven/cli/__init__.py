"""The ``bremerhaven`` console command (optional extra ``[cli]``: Click and rich).

``bremerhaven --help`` lists the commands; the spec page ``cli`` (BH-CLI) describes them.
The command is the shell every game's command is (:mod:`meeplekit.cli`), served from
Bremerhaven's description (:data:`bremerhaven.info.INFO`); what it shows of Bremerhaven's own is
:mod:`bremerhaven.cli.pieces`. The package's core does not need Click or rich: :func:`main` says
which extra to install when they are missing.
"""

from __future__ import annotations

from meeplekit.cli import main as shell

__all__ = ["main"]


def main() -> None:
    """Run the ``bremerhaven`` command with the process's arguments (:func:`meeplekit.cli.main`).

    Without the ``[cli]`` extra it prints one line naming the extra and its install
    command and exits with status 2.
    """
    shell("bremerhaven")
