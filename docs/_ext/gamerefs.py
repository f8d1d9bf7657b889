"""A cross-reference by a bare name resolves within the package it is written in.

The games document classes of the same names (``harbour.state.GameState`` and
``machikoro.state.GameState``, each game's ``Move``, ``Event``, ``RulesOptions``...). A
type annotation that Sphinx cannot turn into a full path (a postponed annotation it could
not evaluate) reaches the Python domain as a bare name, which the domain looks up by its
suffix across the whole project, and then finds once in each game. Such a reference
belongs to the package whose module it is written in: among several matches, those in
that package are kept, so Harbour's ``Work`` links to Harbour's ``GameState`` and Machi
Koro's to Machi Koro's. A name matched several times in the same package, or only in other
packages, stays ambiguous, and Sphinx warns as before.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.domains.python import ObjectEntry, PythonDomain
from sphinx.environment import BuildEnvironment


class GamePythonDomain(PythonDomain):
    """The Python domain, preferring the referring module's package among several matches."""

    def find_obj(
        self,
        env: BuildEnvironment,
        modname: str,
        classname: str,
        name: str,
        type: str | None,
        searchmode: int = 0,
    ) -> list[tuple[str, ObjectEntry]]:
        """The domain's matches, narrowed to the package of ``modname`` when several."""
        matches = super().find_obj(env, modname, classname, name, type, searchmode)
        if len(matches) > 1 and modname:
            package = modname.split(".")[0]
            own = [match for match in matches if match[0].split(".")[0] == package]
            if own:
                return own
        return matches


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the domain in place of Sphinx's own Python domain."""
    app.add_domain(GamePythonDomain, override=True)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
