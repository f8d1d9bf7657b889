"""The shared layer's views: the text view, pictures and narration.

A floor of the house (``docs/developers.md``): its modules import the rules core and
interchange, never
agents or the top; ``tests/meeplekit/test_house.py`` checks it.
"""

__all__: list[str] = []
