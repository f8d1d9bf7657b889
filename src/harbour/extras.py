"""The distribution's name and its optional extras: one home for every install hint.

The library's distribution is ``harbour-rules`` (the name ``harbour`` on the package index
belongs to an unrelated project), imported as ``harbour``; it is not yet on the package
index, and installs from a clone or a wheelhouse (the README's Install section). Parts of
it need optional extras; :func:`require` checks that an extra's modules can be imported and
otherwise raises :class:`MissingExtraError`, whose one-line message names the extra and the
command that installs it once the library is installed, whichever way (pip keeps the
installed ``harbour-rules`` and fetches the extra's packages; the shared
:class:`meeplekit.extras.Extras`).

>>> install_command("cli")
"pip install 'harbour-rules[cli]'"
"""

from __future__ import annotations

from typing import Final

from harbour.errors import HarbourError
from meeplekit import extras as shared

__all__ = ["DISTRIBUTION", "EXTRAS", "MissingExtraError", "install_command", "require"]

#: The library's distribution: what pip installs, and the name its extras are added to.
DISTRIBUTION: Final = "harbour-rules"

#: Each optional extra, the modules it provides and what it is for.
EXTRAS: Final[dict[str, tuple[tuple[str, ...], str]]] = {
    "cli": (("click", "rich"), "the harbour command"),
    "lab": (("matplotlib",), "the plots of harbour compare's reports"),
    "cluster": (("ray",), "running harbour simulate and compare on Ray"),
    "pettingzoo": (("pettingzoo", "gymnasium", "numpy"), "the PettingZoo environment"),
    "openspiel": (("pyspiel", "numpy"), "the OpenSpiel game"),
    "testing": (("hypothesis",), "harbour.testing"),
    "pictures": (("resvg_py", "PIL"), "pictures as pixels (render_mode='rgb_array')"),
}


class MissingExtraError(shared.MissingExtraError, HarbourError):
    """An optional extra that a feature needs is not installed.

    Its message is one line naming the extra and the command that installs it.
    """


_EXTRAS: Final = shared.Extras(DISTRIBUTION, EXTRAS, MissingExtraError)


def install_command(extra: str) -> str:
    """The command that installs ``extra``, for example ``pip install 'harbour-rules[lab]'``."""
    return _EXTRAS.install_command(extra)


def require(extra: str) -> None:
    """Raise :class:`MissingExtraError` unless every module of ``extra`` can be imported."""
    _EXTRAS.require(extra)
