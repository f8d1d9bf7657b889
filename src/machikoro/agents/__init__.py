"""Machi Koro's agents: action codes, observation tensors, bots and search.

A floor of the house (``docs/developers.md``): its modules import the rules core,
interchange and views, never
the top (the description, the adapters and the tools); ``tests/meeplekit/test_house.py`` checks it.
"""

__all__: list[str] = []
