"""The table: play the registered games in a browser, each seat seeing only its own.

A work in progress (issue 34): :mod:`meepletable.storage` keeps the tables.
"""

from __future__ import annotations

__all__: list[str] = []
