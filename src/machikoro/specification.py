"""Machi Koro's rules specification, the pages in ``machikoro/spec`` (read with :mod:`meeplekit.spec`).

:data:`SPECIFICATION` looks clauses up by rule ID; :data:`DOCUMENTS` describes the source
documents the clauses cite: the Harbor expansion's rulebook by its file name and line (the
project's only Machi Koro document; its title as a reader reads it, its number of lines),
the project's research notes, and the public sources of the base game by the names the
clauses and the card tables cite them by; :data:`RULEBOOKS` gives each its title.

>>> SPECIFICATION.clause("MKH-TUNA-3").splitlines()[0]
'### MKH-TUNA-3: One roll, however many Tuna Boats'
>>> "the Machi Koro: Harbor expansion rulebook" in SPECIFICATION.clause_text("MKH-HARBOR-1")
True
>>> SPECIFICATION.cite("Source: 003:77")
'Source: the Machi Koro: Harbor expansion rulebook, line 77'
"""

from __future__ import annotations

from typing import Final

from machikoro.cards.catalogue import SOURCES
from meeplekit.citations import Source, sources
from meeplekit.spec import Specification

__all__ = ["DOCUMENTS", "PAGE_ORDER", "RULEBOOKS", "SPECIFICATION"]

#: The documents the specification cites, by the name it cites them by. The expansion's
#: rulebook (Masao Suganuma; IDW Games / Pandasaurus Games) by its file name, with its
#: number of lines; the project's research notes by their paths, their copies being pages
#: of the documentation; the base game's public sources by the tags of the rules pages
#: (``[IDW]``, ``[VP]``, ...); the card tables' sources by the keys of
#: :data:`machikoro.cards.catalogue.SOURCES`, which are their one home.
DOCUMENTS: Final = sources(
    Source("003_6672db208bb53134.txt", "the Machi Koro: Harbor expansion rulebook", 142),
    Source(
        "research/other-games-public-data.md",
        "the project's research note",
        note=(
            "How complete the public data is for two other games in the seed documents: "
            "Machi Koro (+ Harbor) and Bremerhaven"
        ),
        page="research/other-games-public-data",
    ),
    Source(
        "research/other-games-rules-and-fit.md",
        "the project's research note",
        note=(
            "Machi Koro + Harbor and Bremerhaven: what the rulebooks say, what is public, "
            "and how they fit beside Harbour"
        ),
        page="research/other-games-rules-and-fit",
    ),
    Source("[IDW]", "Machi Koro rulebook, IDW Games / Pandasaurus Games (the base game)"),
    Source("[PAN]", "Pandasaurus Games' ruling on the order of resolution (BoardGameGeek)"),
    Source("[WIKI]", "Machi Koro fan wiki (machi-koro.wikia.com)"),
    Source("[OVR]", "Machi Koro rules summary, overrules.mobi"),
    Source("[DRZ]", "Machi Koro rules summary, daroolz.com"),
    Source("[VP]", "variablepig.org Machi Koro tables"),
    *(Source(key, source.title) for key, source in SOURCES.items()),
)

#: The documents the specification cites, by the name it cites them by: their titles.
RULEBOOKS: Final = {name: source.title for name, source in DOCUMENTS.items()}

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
SPECIFICATION: Final = Specification("machikoro", PAGE_ORDER, DOCUMENTS)
