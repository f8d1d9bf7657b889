"""A game's command group: ``GAME play``, ``simulate``, ``compare``, ``replay``, ``cards``, ``rule``.

:func:`command_group` makes the group from the game's pieces
(:class:`meeplekit.cli.pieces.GamePieces`) and, by default, the shell's commands made
from them (:mod:`meeplekit.cli.play`, :mod:`meeplekit.cli.lab_commands`,
:mod:`meeplekit.cli.reference`, :mod:`meeplekit.cli.position`); a game may pass its own
commands (made by the same functions with its own hooks), and gets ``position`` unless it
passes one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from meeplekit.cli.pieces import GamePieces

__all__ = ["command_group", "commands"]


def commands(pieces: GamePieces[Any, Any]) -> list[click.Command]:
    """The shell's commands for the game: play, simulate, compare, replay, cards and rule."""
    from meeplekit.cli.lab_commands import compare_command, simulate_command
    from meeplekit.cli.play import play_command
    from meeplekit.cli.reference import cards_command, replay_command, rule_command

    return [
        play_command(pieces),
        simulate_command(pieces),
        compare_command(pieces),
        replay_command(pieces),
        cards_command(pieces),
        rule_command(pieces),
    ]


def command_group(
    pieces: GamePieces[Any, Any], members: Sequence[click.Command] | None = None
) -> click.Group:
    """The game's command group, named after the game, with ``--version`` and ``-h``.

    ``members`` are its commands (default: :func:`commands`).
    """
    group = click.Group(
        pieces.name,
        help=f"{pieces.title}, the board game: play, replay, simulate and compare rule readings.",
        context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    )
    group = click.version_option(pieces.version, prog_name=pieces.name)(group)
    for command in commands(pieces) if members is None else members:
        group.add_command(command)
    if "position" not in group.commands:
        from meeplekit.cli.position import position_command

        group.add_command(position_command(pieces))
    return group
