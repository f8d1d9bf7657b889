"""The cards of Machi Koro and its Harbor expansion.

The typed vocabulary (:mod:`~machikoro.cards.model`), the catalogue with provenance
(:mod:`~machikoro.cards.catalogue`), descriptions (:mod:`~machikoro.cards.describe`) and
the pages written from them (:mod:`~machikoro.cards.pages`).
"""

from machikoro.cards.catalogue import CATALOGUE, CardSet, card_set
from machikoro.cards.model import Establishment, EstablishmentCard, Landmark, LandmarkCard

__all__ = [
    "CATALOGUE",
    "CardSet",
    "Establishment",
    "EstablishmentCard",
    "Landmark",
    "LandmarkCard",
    "card_set",
]
