"""Bremerhaven's rules specification, the pages in ``bremerhaven/spec`` (read with :mod:`meeplekit.spec`).

:data:`SPECIFICATION` looks clauses up by rule ID; :data:`RULEBOOKS` names the source
document the clauses cite: the rulebook, by its file name (004).

>>> SPECIFICATION.clause("BH-BID-6").splitlines()[0]
'### BH-BID-6: Ties go to the higher rank'
"""

from __future__ import annotations

from typing import Final

from meeplekit.spec import Specification

__all__ = ["PAGE_ORDER", "RULEBOOKS", "SPECIFICATION"]

#: The source the specification quotes, by the name it cites it by.
RULEBOOKS: Final = {
    "004_1ae39a76b32b2566.txt": "Bremerhaven rulebook (English), Lookout Spiele (004)",
}

#: The pages of the specification in the order of the documentation; others follow.
PAGE_ORDER: Final = ("rules", "short", "solo", "cards", "interpretations", "engine")

#: Bremerhaven's specification.
SPECIFICATION: Final = Specification("bremerhaven", PAGE_ORDER, RULEBOOKS)
