"""The ``harbour`` command group; each command lives in its own module."""

from __future__ import annotations

import click

from harbour import __version__
from harbour.cli.lab_commands import compare, simulate
from harbour.cli.play import play
from harbour.cli.reference import cards, replay, rule

__all__ = ["harbour"]


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="harbour")
def harbour() -> None:
    """Harbour, the board game: play, replay, simulate and compare rule readings."""


for _command in (play, simulate, compare, replay, cards, rule):
    harbour.add_command(_command)
