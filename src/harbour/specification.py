"""Harbour's rules specification, the pages in ``harbour/spec`` (read with :mod:`meeplekit.spec`).

:data:`SPECIFICATION` looks clauses up by rule ID (``harbour rule ID`` prints them);
:data:`RULEBOOKS` names the source documents the clauses cite by file.

>>> SPECIFICATION.clause("TOLL-2").splitlines()[0]
'### TOLL-2: Pay before or after the action'
"""

from __future__ import annotations

from typing import Final

from meeplekit.spec import Specification

__all__ = ["PAGE_ORDER", "RULEBOOKS", "SPECIFICATION"]

#: The rulebooks the specification quotes, by the file name it cites them by: their titles.
RULEBOOKS: Final = {
    "000_37065cbbf5c8ad29.txt": "Harbour, English retail rulebook (000)",
    "001_b9b444bae8799a5c.txt": "Harbour, earlier English Kickstarter-era rulebook (001)",
    "002_a61165ec392d9b3b.txt": "Harbour, German edition rulebook, Frosted Games 2015 (002)",
}

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
SPECIFICATION: Final = Specification("harbour", PAGE_ORDER, RULEBOOKS)
