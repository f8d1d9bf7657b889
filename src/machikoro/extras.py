"""The distribution's name and its optional extras: one home for every install hint.

The library's distribution is ``machikoro-rules``, imported as ``machikoro``; it is not yet
on the package index, and installs from a clone or a wheelhouse (its README's Install
section). Parts of it need optional extras; :func:`require` checks that an extra's modules
can be imported and otherwise raises :class:`MissingExtraError`, whose one-line message
names the extra and the command that installs it once the library is installed, whichever
way (pip keeps the installed ``machikoro-rules`` and fetches the extra's packages; the
shared :class:`meeplekit.extras.Extras`).

>>> install_command("openspiel")
"pip install 'machikoro-rules[openspiel]'"
"""

from __future__ import annotations

from typing import Final

from machikoro.errors import MachiKoroError
from meeplekit import extras as shared

__all__ = ["DISTRIBUTION", "EXTRAS", "MissingExtraError", "install_command", "require"]

#: The library's distribution: what pip installs, and the name its extras are added to.
DISTRIBUTION: Final = "machikoro-rules"

#: Each optional extra, the modules it provides and what it is for.
EXTRAS: Final[dict[str, tuple[tuple[str, ...], str]]] = {
    "cli": (("click", "rich"), "the machikoro command"),
    "pettingzoo": (("pettingzoo", "gymnasium", "numpy"), "the PettingZoo environment"),
    "openspiel": (("pyspiel", "numpy"), "the OpenSpiel game"),
    "testing": (("hypothesis",), "machikoro.testing"),
    "pictures": (("resvg_py", "PIL"), "pictures as pixels (render_mode='rgb_array')"),
    "lab": (("matplotlib",), "the plots of the lab's reports"),
    "cluster": (("ray",), "running the lab on Ray"),
}


class MissingExtraError(shared.MissingExtraError, MachiKoroError):
    """An optional extra that a feature needs is not installed.

    Its message is one line naming the extra and the command that installs it.
    """


_EXTRAS: Final = shared.Extras(DISTRIBUTION, EXTRAS, MissingExtraError)


def install_command(extra: str) -> str:
    """The command that installs ``extra``: ``pip install 'machikoro-rules[openspiel]'``."""
    return _EXTRAS.install_command(extra)


def require(extra: str) -> None:
    """Raise :class:`MissingExtraError` unless every module of ``extra`` can be imported."""
    _EXTRAS.require(extra)
