"""Bremerhaven's rules specification, the pages in ``bremerhaven/spec`` (read with :mod:`meeplekit.spec`).

:data:`SPECIFICATION` looks clauses up by rule ID; :data:`DOCUMENTS` describes the
documents the clauses cite: the rulebook, by its file name (or its number, ``004:599``)
and line, with its title as a reader reads it and its number of lines, and the research
note on the other games; :data:`RULEBOOKS` gives each its title.

>>> SPECIFICATION.clause("BH-BID-6").splitlines()[0]
'### BH-BID-6: Ties go to the higher rank'
>>> SPECIFICATION.cite("Source: 004:599-601")
'Source: the Bremerhaven rulebook, lines 599–601'
"""

from __future__ import annotations

from typing import Final

from meeplekit.citations import Source, sources
from meeplekit.spec import Specification

__all__ = ["DOCUMENTS", "PAGE_ORDER", "RULEBOOKS", "SPECIFICATION"]

#: The documents the specification cites, by the name it cites them by: the rulebook
#: (Robert Auerochs; English edition, Lookout Spiele) with its number of lines, and the
#: research note on what is public of the game, whose copy is a page of the documentation.
DOCUMENTS: Final = sources(
    Source("004_1ae39a76b32b2566.txt", "the Bremerhaven rulebook", 1233),
    Source(
        "research/other-games-rules-and-fit.md",
        "the project's research note",
        note=(
            "Machi Koro + Harbor and Bremerhaven: what the rulebooks say, what is public, "
            "and how they fit beside Harbour"
        ),
        page="research/other-games-rules-and-fit",
    ),
)

#: The documents the specification cites, by the name it cites them by: their titles.
RULEBOOKS: Final = {name: source.title for name, source in DOCUMENTS.items()}

#: The pages of the specification in the order of the documentation; others follow.
PAGE_ORDER: Final = ("rules", "short", "solo", "cards", "interpretations", "engine")

#: Bremerhaven's specification.
SPECIFICATION: Final = Specification("bremerhaven", PAGE_ORDER, DOCUMENTS)
