"""The ``bremerhaven`` command group: every game's shell (:mod:`meeplekit.cli`) for Bremerhaven.

``bremerhaven play`` (a game against bots in the terminal, the solo game against the dummy
with ``--players 1``), ``simulate`` and ``compare`` (the lab, :mod:`bremerhaven.lab`),
``replay FILE``, ``cards [NAME]`` and ``rule [ID]``; the spec page ``cli`` (BH-CLI)
describes them.
"""

from __future__ import annotations

from bremerhaven.cli.pieces import PIECES
from meeplekit.cli.app import command_group

__all__ = ["bremerhaven"]

#: The ``bremerhaven`` command: play, simulate, compare, replay, cards and rule.
bremerhaven = command_group(PIECES)
