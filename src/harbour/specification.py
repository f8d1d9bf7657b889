"""Harbour's rules specification, the pages in ``harbour/spec`` (read with :mod:`meeplekit.spec`).

:data:`SPECIFICATION` looks clauses up by rule ID (``harbour rule ID`` prints them);
:data:`DOCUMENTS` describes the source documents the clauses cite by file name and line:
the three rulebooks (their titles as a reader reads them and their numbers of lines) and
the research note on the published components; :data:`RULEBOOKS` gives each its title.

>>> SPECIFICATION.cite("(`001_b9b444bae8799a5c.txt`:31-33)")
'(the earlier English Harbour rulebook (Kickstarter edition), lines 31–33)'

>>> SPECIFICATION.clause("TOLL-2").splitlines()[0]
'### TOLL-2: Pay before or after the action'
"""

from __future__ import annotations

from typing import Final

from meeplekit.citations import Source, sources
from meeplekit.spec import Specification

__all__ = ["DOCUMENTS", "PAGE_ORDER", "RULEBOOKS", "SPECIFICATION"]

#: The documents the specification cites, by the name it cites them by: the three
#: rulebooks of the seed collection (each with its number of lines) and the research note
#: on the published components, whose copy is a page of the documentation.
DOCUMENTS: Final = sources(
    Source("000_37065cbbf5c8ad29.txt", "the Harbour rulebook (English retail edition)", 138),
    Source(
        "001_b9b444bae8799a5c.txt",
        "the earlier English Harbour rulebook (Kickstarter edition)",
        102,
    ),
    Source("002_a61165ec392d9b3b.txt", "the German Harbour rulebook (Frosted Games, 2015)", 192),
    Source(
        "research/harbour-official-data.md",
        "the project's research note",
        note="What is publicly known about the published Harbour components",
        page="research/harbour-official-data",
    ),
)

#: The documents the specification cites, by the name it cites them by: their titles.
RULEBOOKS: Final = {name: source.title for name, source in DOCUMENTS.items()}

#: The pages of the specification in the order of the documentation; others follow.
PAGE_ORDER: Final = (
    "rules",
    "interpretations",
    "card-data",
    "variants",
    "positions",
    "notation",
    "actions",
    "openspiel",
    "tensors",
    "json",
    "records",
    "codes",
    "views",
    "observations",
)

#: Harbour's specification.
SPECIFICATION: Final = Specification("harbour", PAGE_ORDER, DOCUMENTS)
