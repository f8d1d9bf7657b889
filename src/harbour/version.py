"""The library's version, in one place: ``harbour.__version__`` and the header of every record.

It is the version of the ``harbour-rules`` distribution (a test checks the two agree).
"""

from __future__ import annotations

__all__ = ["__version__"]

#: The version of the ``harbour-rules`` distribution (PEP 440).
__version__ = "0.1.0"
