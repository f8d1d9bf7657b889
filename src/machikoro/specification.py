"""Machi Koro's rules specification, the pages in ``machikoro/spec`` (read with :mod:`meeplekit.spec`).

:data:`SPECIFICATION` looks clauses up by rule ID; :data:`RULEBOOKS` names the source
documents the clauses cite: the Harbor expansion's rulebook by its file name (the project's
only Machi Koro document), and the public sources of the base game by the names the clauses
and the card tables cite them by.

>>> SPECIFICATION.clause("MKH-TUNA-3").splitlines()[0]
'### MKH-TUNA-3: One roll, however many Tuna Boats'
>>> "Harbor Expansion rulebook" in SPECIFICATION.clause_text("MKH-HARBOR-1")
True
"""

from __future__ import annotations

from typing import Final

from machikoro.cards.catalogue import SOURCES
from meeplekit.spec import Specification

__all__ = ["PAGE_ORDER", "RULEBOOKS", "SPECIFICATION"]

#: The sources the specification quotes, by the name it cites them by: their titles. The
#: expansion's rulebook by its file name (seed 003); the base game's public sources by the
#: tags of the rules pages (``[IDW]``, ``[VP]``, ...); the card tables' sources by the keys
#: of :data:`machikoro.cards.catalogue.SOURCES`, which are their one home.
RULEBOOKS: Final = {
    "003_6672db208bb53134.txt": (
        "Machi Koro: Harbor Expansion rulebook, IDW Games / Pandasaurus Games (003)"
    ),
    "[IDW]": "Machi Koro rulebook, IDW Games / Pandasaurus Games (the base game)",
    "[PAN]": "Pandasaurus Games' ruling on the order of resolution (BoardGameGeek)",
    "[WIKI]": "Machi Koro fan wiki (machi-koro.wikia.com)",
    "[OVR]": "Machi Koro rules summary, overrules.mobi",
    "[DRZ]": "Machi Koro rules summary, daroolz.com",
    "[VP]": "variablepig.org Machi Koro tables",
    **{key: source.title for key, source in SOURCES.items()},
}

#: The pages of the specification in the order of the documentation; others follow.
PAGE_ORDER: Final = (
    "rules",
    "harbor",
    "cards",
    "interpretations",
    "engine",
    "positions",
    "json",
    "codes",
    "notation",
    "records",
    "openspiel",
    "views",
    "observations",
    "actions",
    "tensors",
    "bots",
    "lab",
    "cli",
)

#: Machi Koro's specification.
SPECIFICATION: Final = Specification("machikoro", PAGE_ORDER, RULEBOOKS)
