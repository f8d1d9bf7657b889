"""Optional extras: a game distribution's install hints, one line when an extra is missing.

A game's distribution (``harbour-rules``, ``machikoro-rules``) has optional extras, each
installing the modules one part of the game needs (the OpenSpiel game, the PettingZoo
environment, the command). A game describes them once as an :class:`Extras` value (the
``extras`` of its :class:`~meeplekit.info.GameInfo`) and the shared tools call
:meth:`Extras.require` before importing what an extra provides, so that a
missing extra is one line naming the extra and the command that installs it, never a
``No module named numpy`` from deep inside an import. The command names the distribution
and the extra: pip keeps the distribution installed (from a clone, a wheelhouse or the
package index) and fetches the extra's packages:

>>> extras = Extras(
...     "machikoro-rules",
...     {"openspiel": (("pyspiel", "numpy"), "the OpenSpiel game")},
...     MissingExtraError,
... )
>>> extras.install_command("openspiel")
"pip install 'machikoro-rules[openspiel]'"
>>> extras.missing("openspiel")
()

A game's distribution has every extra of :data:`GAME_EXTRAS` (:meth:`Extras.of_game`):

>>> game = Extras.of_game("toy-rules", "toy", MissingExtraError, lab="the toy's plots")
>>> game.extras["testing"], game.extras["lab"]
((('hypothesis',), 'toy.testing'), (('matplotlib',), "the toy's plots"))
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from typing import Final

import attrs

from meeplekit.errors import MissingExtraError

__all__ = ["GAME_EXTRAS", "Extras", "MissingExtraError"]

#: The optional extras of every game's distribution, each with the modules it provides.
GAME_EXTRAS: Final[Mapping[str, tuple[str, ...]]] = {
    "cli": ("click", "rich"),
    "pettingzoo": ("pettingzoo", "gymnasium", "numpy"),
    "openspiel": ("pyspiel", "numpy"),
    "testing": ("hypothesis",),
    "pictures": ("resvg_py", "PIL"),
    "lab": ("matplotlib",),
    "cluster": ("ray",),
}


@attrs.frozen
class Extras:
    """A distribution's optional extras: each one's modules and what it is for."""

    #: The distribution's name (``machikoro-rules``): the extra is added to it once installed.
    distribution: str
    #: Each extra by name: the modules it provides (as imported) and what it is for.
    extras: Mapping[str, tuple[tuple[str, ...], str]]
    #: The error :meth:`require` raises: the game's :class:`MissingExtraError` (made with
    #: its family of errors, :func:`meeplekit.errors.family`).
    error: type[ImportError] = MissingExtraError

    @classmethod
    def of_game(
        cls, distribution: str, game: str, error: type[ImportError], **purposes: str
    ) -> Extras:
        """A game's distribution's extras: :data:`GAME_EXTRAS`, each for its usual purpose.

        ``game`` is the game's name (its command, its package); ``purposes`` gives an
        extra another purpose than the usual one (``lab="the plots of ..."``).
        """
        usual = {
            "cli": f"the {game} command",
            "pettingzoo": "the PettingZoo environment",
            "openspiel": "the OpenSpiel game",
            "testing": f"{game}.testing",
            "pictures": "pictures as pixels (render_mode='rgb_array')",
            "lab": "the plots of the lab's reports",
            "cluster": "running the lab on Ray",
        }
        unknown = sorted(set(purposes) - set(usual))
        if unknown:
            raise ValueError(f"no such extra of a game: {', '.join(unknown)}")
        chosen = {**usual, **purposes}
        extras = {name: (modules, chosen[name]) for name, modules in GAME_EXTRAS.items()}
        return cls(distribution, extras, error)

    def install_command(self, extra: str) -> str:
        """The command that installs ``extra``: ``pip install 'machikoro-rules[openspiel]'``."""
        return f"pip install '{self.distribution}[{extra}]'"

    def missing(self, extra: str) -> tuple[str, ...]:
        """The modules of ``extra`` that cannot be imported here (``()`` when it is installed)."""
        modules, _ = self.extras[extra]
        return tuple(name for name in modules if importlib.util.find_spec(name) is None)

    def require(self, extra: str) -> None:
        """Raise :attr:`error` unless every module of ``extra`` can be imported.

        The message is one line: the extra, what it is for, the modules missing and the
        command that installs it.
        """
        _, purpose = self.extras[extra]
        missing = self.missing(extra)
        if missing:
            raise self.error(
                f"the optional extra [{extra}] for {purpose} is not installed "
                f"({', '.join(missing)} missing): {self.install_command(extra)}"
            )
