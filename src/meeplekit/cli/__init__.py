"""The command shell every game's console command is built from (extra ``[cli]`` of a game).

Each game has its own console command (``harbour``, ``machikoro``), built from this shell:
the same commands (``play``, ``simulate``, ``compare``, ``replay``, ``cards``, ``rule``),
the same options, messages and conventions, parameterized by the game's pieces
(:class:`meeplekit.cli.pieces.GamePieces`: its notation, records, view, narration, card
lookup, specification and rule-reading flags) and its lab description
(:func:`meeplekit.lab.lab_game`: bots, player counts, jobs). A game provides:

- ``GAME.cli.pieces.PIECES``: its :class:`~meeplekit.cli.pieces.GamePieces`;
- ``GAME.cli.app``: its command group (:func:`meeplekit.cli.app.command_group`);
- ``GAME.cli.main``: the console script (``[project.scripts] GAME = "GAME.cli:main"``),
  which calls :func:`run`.

The modules: :mod:`~meeplekit.cli.common` (reading options, files, the terminal),
:mod:`~meeplekit.cli.play`, :mod:`~meeplekit.cli.lab_commands`,
:mod:`~meeplekit.cli.reference`, :mod:`~meeplekit.cli.app`. They need Click and rich
(each game's extra ``[cli]``); this module and :mod:`~meeplekit.cli.pieces` need neither,
so that a game's ``main`` can say which extra to install when they are missing.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable

from meeplekit.extras import MissingExtraError

__all__ = ["run"]


def run(require: Callable[[str], None], command: Callable[[], Callable[[], object]]) -> None:
    """Run a game's command with the process's arguments.

    ``require`` is the game's extras check (``harbour.extras.require``): without the
    ``[cli]`` extra it prints one line naming the extra and its install command and exits
    with status 2. ``command()`` then imports and returns the game's command group. Text
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
