"""The ``machikoro`` command group: every game's shell (:mod:`meeplekit.cli`) for Machi Koro.

``machikoro play`` (a game against bots in the terminal, the command rolling the dice and
drawing the market's cards), ``simulate`` and ``compare`` (the lab, :mod:`machikoro.lab`),
``replay FILE``, ``cards [NAME]`` and ``rule [ID]``; :doc:`/machikoro/cli` describes them.
"""

from __future__ import annotations

from machikoro.cli.pieces import PIECES
from meeplekit.cli.app import command_group

__all__ = ["machikoro"]

#: The ``machikoro`` command: play, simulate, compare, replay, cards and rule.
machikoro = command_group(PIECES)
