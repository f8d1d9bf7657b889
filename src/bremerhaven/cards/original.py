"""The library's ORIGINAL card set, "original v1" (BH-CARD-15).

The published cards' values are not public (BH-CARD-13), so the library plays by default
with a set of its own, read from ``original.toml`` next to this module. Every value is
invented for play and every card is labelled :attr:`~bremerhaven.cards.model.Origin.ORIGINAL`:
none is the game's. The names are invented too, except those the rulebook gives: the seven
Buildings it names (Refinery, Train Station, Lighthouse, Loading Plant, Status Symbol,
Commodity Exchange, Bank) keep their names and the effects the rulebook describes, and the
event "Fall" its name and text (BH-CARD-5); their prestige, progress and solo spaces are
invented like everything else.

The set stays within the rulebook's ranges and the box's counts, and every deck suffices
for the worst case of every mode and player count (``scripts/check_bremerhaven_cards.py``
prints the tables).

>>> ORIGINAL.name, ORIGINAL.origin.value, len(ORIGINAL.ships), len(ORIGINAL.contracts)
('original v1', 'original', 48, 56)
>>> all(card.origin is Origin.ORIGINAL for card in ORIGINAL.buildings)
True
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Final

from bremerhaven.cards.files import load_cards, read_packaged
from bremerhaven.cards.model import CardSet, Origin
from bremerhaven.errors import InvalidValueError

__all__ = ["ORIGINAL", "ORIGINAL_FILE", "load_card_set", "original_cards"]

#: The file of the original set, in this package.
ORIGINAL_FILE: Final = "original.toml"


@functools.cache
def original_cards() -> CardSet:
    """The original set, read from :data:`ORIGINAL_FILE` once and cached."""
    return read_packaged(ORIGINAL_FILE, origin=Origin.ORIGINAL)


#: The original set (BH-CARD-15).
ORIGINAL: Final = original_cards()


def load_card_set(text: str) -> CardSet:
    """The card set ``text`` names: ``original`` (:data:`ORIGINAL`) or a card file (BH-LAB-4).

    Raises :class:`~bremerhaven.errors.InvalidValueError` for a text that is neither, and
    :class:`~bremerhaven.errors.CardFileError` (one of them) naming the field for a card
    file that cannot be read (BH-CARD-14).
    """
    if text == "original":
        return ORIGINAL
    if not Path(text).is_file():
        raise InvalidValueError(f"{text!r} is neither 'original' nor a card file")
    return load_cards(text)
