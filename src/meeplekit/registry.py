"""Games by name, as OpenSpiel's ``load_game`` and pgx's ``make``: ``load_game("harbour")``.

Each game's distribution declares itself under the entry-point group
:data:`ENTRY_POINTS` (``[project.entry-points."meeplekit.games"] harbour = "harbour"``),
so the shared layer names no game and imports one only when it is asked for.
:func:`register` adds a game by hand (a game under development, a test).

>>> "harbour" in registered_names()
True
>>> load_game("harbour").__name__
'harbour'
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from types import ModuleType
from typing import Final

__all__ = ["ENTRY_POINTS", "UnknownGameError", "load_game", "register", "registered_names"]

#: The entry-point group under which game distributions register their module.
ENTRY_POINTS: Final = "meeplekit.games"

#: Games registered by hand: name -> module path.
_REGISTERED: dict[str, str] = {}


class UnknownGameError(LookupError):
    """A game name that no installed distribution registers."""


def register(name: str, module: str) -> None:
    """Register the game module at import path ``module`` under ``name``."""
    _REGISTERED[name] = module


def _known() -> dict[str, str]:
    found = {point.name: point.value for point in entry_points(group=ENTRY_POINTS)}
    return {**found, **_REGISTERED}


def registered_names() -> tuple[str, ...]:
    """The names of every registered game, sorted."""
    return tuple(sorted(_known()))


def load_game(name: str) -> ModuleType:
    """The game module registered as ``name``, imported.

    The module satisfies :class:`meeplekit.protocol.Game`. Raises :class:`UnknownGameError`
    naming the games there are.
    """
    known = _known()
    if name not in known:
        listed = ", ".join(sorted(known)) or "none"
        raise UnknownGameError(f"no game {name!r} is registered (registered: {listed})")
    return importlib.import_module(known[name])
