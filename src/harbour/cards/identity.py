"""Which card set a game is played with: a name and a digest of the content (JSON-1).

A card set is a large value (every building's data). Documents, records and short
representations refer to it instead by its name and a digest: the SHA-256 of its card
data (:func:`~harbour.cards.files.dump_card_set`) written as canonical JSON. Two card
sets have the same digest exactly when they hold the same cards, so a digest that does not
match names a different set, whatever the name says. The library's own sets are *built in*
and found by name; any other set travels with its content.

>>> from harbour.cards import ORIGINAL_SET
>>> digest = card_set_digest(ORIGINAL_SET)
>>> digest.startswith("sha256:"), len(digest)
(True, 71)
>>> built_in_card_set(ORIGINAL_SET.name, digest) is ORIGINAL_SET
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Final

from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.errors import InvalidValueError

__all__ = [
    "BUILT_IN_CARD_SETS",
    "built_in_card_set",
    "card_set_digest",
    "card_set_repr",
    "is_built_in",
    "load_card_set",
]

#: The card sets that ship with the library, by name.
BUILT_IN_CARD_SETS: Final[Mapping[str, CardSet]] = MappingProxyType(
    {ORIGINAL_SET.name: ORIGINAL_SET}
)


@functools.lru_cache(maxsize=64)
def card_set_digest(cards: CardSet) -> str:
    """``"sha256:"`` and the hex SHA-256 of the card set's data as canonical JSON.

    Canonical JSON: keys sorted, no spaces, UTF-8, as
    ``json.dumps(dump_card_set(cards), sort_keys=True, separators=(",", ":"), ensure_ascii=False)``.
    """
    # Imported only when a digest is first needed (the card file format brings cattrs and
    # TOML): the engine refers to card sets through this module, and playing needs no digest.
    import hashlib
    import json

    from harbour.cards.files import dump_card_set

    text = json.dumps(
        dump_card_set(cards), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def card_set_repr(cards: CardSet) -> str:
    """``repr(cards)``: its name and the start of its digest, ``CardSet('original', sha256:…)``."""
    return f"CardSet({cards.name!r}, {card_set_digest(cards)[:19]}…)"


def is_built_in(cards: CardSet) -> bool:
    """True when ``cards`` is (equal to) the built-in set of its name."""
    known = BUILT_IN_CARD_SETS.get(cards.name)
    return known is not None and (known is cards or known == cards)


def built_in_card_set(name: str, digest: str | None = None) -> CardSet:
    """The built-in card set called ``name``; with ``digest``, only if the content matches.

    Raises :class:`~harbour.errors.InvalidValueError` for an unknown name or a digest of
    other content (a document written for a different version of the set).
    """
    cards = BUILT_IN_CARD_SETS.get(name)
    if cards is None:
        known = ", ".join(repr(n) for n in BUILT_IN_CARD_SETS)
        raise InvalidValueError(f"no built-in card set is called {name!r}; there is {known}")
    if digest is not None and digest != card_set_digest(cards):
        raise InvalidValueError(
            f"the card set {name!r} of this library has digest {card_set_digest(cards)}, "
            f"not {digest}: the document was written for other cards"
        )
    return cards


def load_card_set(text: str) -> CardSet:
    """The card set ``text`` names: ``original``, a built-in set's name, or a card file.

    The ``--cards`` of the command and of the lab. Raises
    :class:`~harbour.errors.InvalidValueError` for a text that is none of these, and
    :class:`~harbour.errors.CardFileError` for a card file that cannot be read.
    """
    if text == "original":
        return BUILT_IN_CARD_SETS[next(iter(BUILT_IN_CARD_SETS))]
    if text in BUILT_IN_CARD_SETS:
        return BUILT_IN_CARD_SETS[text]
    from harbour.cards.files import load_card_file  # the card file format: cattrs and TOML

    if not Path(text).is_file():
        raise InvalidValueError(f"{text!r} is neither 'original' nor a card file")
    return load_card_file(text)
