"""The ``harbour`` command group: every game's shell (:mod:`meeplekit.cli`) for Harbour."""

from __future__ import annotations

from harbour.cli.lab_commands import compare, simulate
from harbour.cli.pieces import PIECES
from harbour.cli.play import play
from harbour.cli.reference import cards, replay, rule
from meeplekit.cli.app import command_group

__all__ = ["harbour"]

#: The ``harbour`` command: play, simulate, compare, replay, cards and rule.
harbour = command_group(PIECES, [play, simulate, compare, replay, cards, rule])
