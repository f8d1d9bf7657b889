"""The library's version, in one place: ``bremerhaven.__version__``.

It is the version of the ``bremerhaven-rules`` distribution (a test checks the two agree).
"""

from __future__ import annotations

__all__ = ["__version__"]

#: The version of the ``bremerhaven-rules`` distribution (PEP 440).
__version__ = "0.1.0"
