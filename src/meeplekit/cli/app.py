"""A game's command group: ``GAME play``, ``simulate``, ``compare``, ``replay``, ``cards``, ``rule``.

:func:`command_group` makes the group of a game from its description
(:class:`meeplekit.info.GameInfo`) and the shell's commands made from it
(:mod:`meeplekit.cli.play`, :mod:`meeplekit.cli.lab_commands`,
:mod:`meeplekit.cli.reference`, :mod:`meeplekit.cli.position`); :func:`command` makes the
group of a game registered by name (:func:`meeplekit.registry.load_info`), which is every
game's console command (:func:`meeplekit.cli.main`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from meeplekit.info import GameInfo
from meeplekit.registry import load_info

__all__ = ["command", "command_group", "commands"]


def commands(info: GameInfo[Any, Any]) -> list[click.Command]:
    """The shell's commands for the game: play, simulate, compare, replay, cards and rule.

    ``replay``, ``cards`` and ``rule`` only for a game with records, cards and a
    specification.
    """
    from meeplekit.cli.lab_commands import compare_command, simulate_command
    from meeplekit.cli.play import play_command
    from meeplekit.cli.reference import cards_command, replay_command, rule_command

    return [
        play_command(info),
        simulate_command(info),
        compare_command(info),
        *((replay_command(info),) if info.records is not None else ()),
        *((cards_command(info),) if info.cards is not None else ()),
        *((rule_command(info),) if info.specification is not None else ()),
    ]


def command_group(
    info: GameInfo[Any, Any], members: Sequence[click.Command] | None = None
) -> click.Group:
    """The game's command group, named after the game, with ``--version`` and ``-h``.

    ``members`` are its commands (default: :func:`commands`); ``position`` is added unless
    they have one.
    """
    group = click.Group(
        info.name,
        help=f"{info.title}, the board game: play, replay, simulate and compare rule readings.",
        context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    )
    group = click.version_option(info.version, prog_name=info.name)(group)
    for member in commands(info) if members is None else members:
        group.add_command(member)
    if "position" not in group.commands:
        from meeplekit.cli.position import position_command

        group.add_command(position_command(info))
    return group


def command(name: str) -> click.Group:
    """The command group of the game registered as ``name``: its console command."""
    return command_group(load_info(name))
