"""Games by name, as OpenSpiel's ``load_game`` and pgx's ``make``: ``load_info("harbour")``.

Each game's distribution declares itself under the entry-point group :data:`ENTRY_POINTS`,
naming its description (:class:`meeplekit.info.GameInfo`)::

    [project.entry-points."meeplekit.games"]
    harbour = "harbour"            # the package: its description is harbour.info:INFO
    toy = "toy_game.rules:INFO"    # or the description itself, as module:attribute

so the shared layer names no game and imports one only when it is asked for.
:func:`register` adds a game by hand (a game under development), :func:`registered` for
the time of a block (a test). The shared tools
(the OpenSpiel game, the PettingZoo environment, the lab, the command, the conformance
tests) serve every name of :func:`registered_names` through :func:`load_info`.

>>> "harbour" in registered_names()
True
>>> load_info("harbour").title
'Harbour'
>>> load_game("harbour").__name__
'harbour'
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from importlib.metadata import entry_points
from typing import Any, Final

from meeplekit.info import GameInfo
from meeplekit.protocol import Game

__all__ = [
    "ENTRY_POINTS",
    "INFO_MODULE",
    "UnknownGameError",
    "load_game",
    "load_info",
    "register",
    "registered",
    "registered_names",
]

#: The entry-point group under which game distributions register their description.
ENTRY_POINTS: Final = "meeplekit.games"

#: The module of a game's package that holds its description, as ``INFO``.
INFO_MODULE: Final = "info"

#: Games registered by hand: name -> where the description is (as an entry point names
#: it) or the description itself.
_REGISTERED: dict[str, str | GameInfo[Any, Any]] = {}

#: The descriptions loaded so far, by name: a memo, so that every tool of a process reads
#: the same value (and a game's modules are imported once).
_LOADED: dict[str, GameInfo[Any, Any]] = {}


class UnknownGameError(LookupError):
    """A game name that no installed distribution registers."""


def register(name: str, where: str | GameInfo[Any, Any]) -> None:
    """Register a game under ``name``: its description, or where it is.

    ``where`` is written as an entry point's value: a package (``"harbour"``, whose
    description is ``INFO`` of its module ``info``) or ``"module:attribute"``.
    """
    _REGISTERED[name] = where
    _LOADED.pop(name, None)


@contextlib.contextmanager
def registered(name: str, where: str | GameInfo[Any, Any]) -> Iterator[None]:
    """Register a game as :func:`register` does for the time of a ``with`` block (a test).

    Afterwards the name is as it was: registered as before, or not at all.
    """
    before = _REGISTERED.get(name)
    register(name, where)
    try:
        yield
    finally:
        _LOADED.pop(name, None)
        if before is None:
            _REGISTERED.pop(name, None)
        else:
            _REGISTERED[name] = before


def _known() -> dict[str, str | GameInfo[Any, Any]]:
    found: dict[str, str | GameInfo[Any, Any]] = {
        point.name: point.value for point in entry_points(group=ENTRY_POINTS)
    }
    return {**found, **_REGISTERED}


def registered_names() -> tuple[str, ...]:
    """The names of every registered game, sorted."""
    return tuple(sorted(_known()))


def _resolve(name: str, where: str | GameInfo[Any, Any]) -> GameInfo[Any, Any]:
    if isinstance(where, GameInfo):
        found: object = where
    else:
        module, _, attribute = where.partition(":")
        if attribute:
            found = importlib.import_module(module)
            for part in attribute.split("."):
                found = getattr(found, part)
        else:
            found = getattr(importlib.import_module(f"{module}.{INFO_MODULE}"), "INFO", None)
    if not isinstance(found, GameInfo):
        raise UnknownGameError(f"the game {name!r} registered as {where!r} has no GameInfo")
    if found.name != name:
        raise UnknownGameError(f"the game registered as {name!r} describes {found.name!r}")
    return found


def load_info(name: str) -> GameInfo[Any, Any]:
    """The description of the game registered as ``name``, its modules imported.

    Raises :class:`UnknownGameError` naming the games there are. A description found is
    kept for the life of the process.
    """
    found = _LOADED.get(name)
    if found is None:
        known = _known()
        if name not in known:
            listed = ", ".join(sorted(known)) or "none"
            raise UnknownGameError(f"no game {name!r} is registered (registered: {listed})")
        found = _LOADED[name] = _resolve(name, known[name])
    return found


def load_game(name: str) -> Game[Any, Any]:
    """The game module registered as ``name`` (:attr:`~meeplekit.info.GameInfo.game`).

    It satisfies :class:`meeplekit.protocol.Game`. Raises :class:`UnknownGameError`
    naming the games there are.
    """
    return load_info(name).game
