"""Harbour's interchange: JSON, position codes, notation and records.

A floor of the house (``docs/developers.md``): its modules import the rules core, never
views, agents or the top; ``tests/meeplekit/test_house.py`` checks it.
"""

__all__: list[str] = []
