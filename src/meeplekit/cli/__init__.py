"""The command shell every game's console command is (extra ``[cli]`` of a game).

Each game has its own console command (``harbour``, ``machikoro``), the same shell served
from the game's description (:class:`meeplekit.info.GameInfo`, found by its registered
name): the same commands (``play``, ``simulate``, ``compare``, ``replay``, ``cards``,
``rule``, ``position``), the same options, messages and conventions, parameterized by the
game's notation, records, views, narration, cards, specification, rule-reading flags,
bots, player counts and variant. A game declares only its console script, which calls
:func:`main` with its name (``GAME.cli:main``, one line).

The modules: :mod:`~meeplekit.cli.common` (reading options, files, the terminal),
:mod:`~meeplekit.cli.play`, :mod:`~meeplekit.cli.lab_commands`,
:mod:`~meeplekit.cli.reference`, :mod:`~meeplekit.cli.position`,
:mod:`~meeplekit.cli.app`. They need Click and rich (each game's extra ``[cli]``); this
module needs neither, so that :func:`main` can say which extra to install when they are
missing.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable

from meeplekit.extras import MissingExtraError
from meeplekit.registry import load_info

__all__ = ["main", "run"]


def run(require: Callable[[str], None], command: Callable[[], Callable[[], object]]) -> None:
    """Run a command with the process's arguments.

    ``require`` is the game's extras check (:meth:`meeplekit.info.GameInfo.require`):
    without the ``[cli]`` extra it prints one line naming the extra and its install command
    and exits with status 2. ``command()`` then imports and returns the command group. Text
    that standard output cannot encode (a rule's German quotation on an ASCII terminal) is
    replaced rather than raised.
    """
    try:
        require("cli")
    except MissingExtraError as error:
        print(error, file=sys.stderr)
        raise SystemExit(2) from None
    group = command()
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")
    group()


def main(name: str) -> None:
    """Run the console command of the game registered as ``name`` (:func:`run`).

    Without the game's ``[cli]`` extra it prints one line naming the extra and its install
    command and exits with status 2.
    """

    def group() -> Callable[[], object]:
        from meeplekit.cli.app import command

        return command(name)

    run(load_info(name).require, group)
