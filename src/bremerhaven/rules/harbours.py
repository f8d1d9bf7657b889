"""A harbour's geometry and storage: read-only questions the rules share.

Spaces are numbered row by row (space = row * 4 + column, BH-HARBOR-2); loading dock k
lies above column k and is accessible once space k, the top space of its column, is clear
of its cover (BH-HARBOR-6). Dock d lies between quay walls d and d + 1; its berth size is
the smaller bollard count of the two (BH-HARBOR-4). Storage is kept as counts, since
storage spaces are interchangeable (BH-ENGINE-8, BH-INT-15): goods take
``passengers + barrels + containers + ceil(crates / 2)`` spaces (BH-MOVE-2).
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from bremerhaven.cards.model import (
    BuildingCard,
    ContractCard,
    FreeConversion,
    Good,
    HoldsGoods,
    MoneyStore,
    PriceChoiceWhenUnbid,
)
from bremerhaven.state import Harbour

__all__ = [
    "Layout",
    "accepts",
    "berth_size",
    "built",
    "capacity",
    "converts_free",
    "docks_for",
    "free_spaces",
    "has_price_choice",
    "is_accessible",
    "layout",
    "money_store",
    "open_spaces",
    "prestige_sum",
    "room_for",
    "used_spaces",
]

_BARREL, _CONTAINER, _CRATE, _PASSENGER = Good.BARREL, Good.CONTAINER, Good.CRATE, Good.PASSENGER


def built(harbour: Harbour) -> Iterator[tuple[int, BuildingCard]]:
    """Each built building with its space."""
    for space, building in enumerate(harbour.buildings):
        if building is not None:
            yield space, building


def used_spaces(storage: tuple[int, int, int, int]) -> int:
    """The storage spaces the goods take: 2 crates share a space (BH-MOVE-2)."""
    return storage[_BARREL] + storage[_CONTAINER] + storage[_PASSENGER] + (storage[_CRATE] + 1) // 2


def open_spaces(harbour: Harbour) -> list[int]:
    """The spaces clear of covers and buildings (BH-HARBOR-3), in order."""
    return [
        space
        for space in range(12)
        if harbour.covers[space] is None and harbour.buildings[space] is None
    ]


@attrs.frozen
class Layout:
    """What a harbour's covers and buildings give, worked out once for each pair.

    The rules ask these questions on every move of 4.2; a harbour keeps its covers and
    buildings tuples until a permit changes them, so the answers are kept by their identity.
    """

    #: The spaces clear of covers and buildings.
    open: int
    #: Storage spaces on buildings that hold goods.
    holds: int
    #: The prestige of the built buildings.
    prestige: int
    #: Whether a built building converts for free.
    free_conversion: bool
    #: Whether a built building chooses prices when no one bid.
    price_choice: bool
    #: The money a built money store takes each round.
    store: int


_LAYOUTS: dict[tuple[int, int], tuple[object, object, Layout]] = {}
_MAX_LAYOUTS = 4096


def layout(harbour: Harbour) -> Layout:
    """The harbour's :class:`Layout`, kept by the identity of its covers and buildings."""
    buildings, covers = harbour.buildings, harbour.covers
    key = (id(buildings), id(covers))
    found = _LAYOUTS.get(key)
    if found is not None and found[0] is buildings and found[1] is covers:
        return found[2]
    effects = [effect for _, building in built(harbour) for effect in building.effects]
    made = Layout(
        open=sum(1 for space in range(12) if covers[space] is None and buildings[space] is None),
        holds=sum(e.spaces for e in effects if isinstance(e, HoldsGoods)),
        prestige=sum(building.prestige for _, building in built(harbour)),
        free_conversion=any(isinstance(e, FreeConversion) for e in effects),
        price_choice=any(isinstance(e, PriceChoiceWhenUnbid) for e in effects),
        store=sum(e.per_round for e in effects if isinstance(e, MoneyStore)),
    )
    if len(_LAYOUTS) >= _MAX_LAYOUTS:
        _LAYOUTS.clear()
    # The tuples are kept with the answer, so an id is never reused while it is a key.
    _LAYOUTS[key] = (buildings, covers, made)
    return made


def capacity(harbour: Harbour) -> int:
    """The storage spaces of the harbour: open spaces and buildings that hold goods."""
    found = layout(harbour)
    return found.open + found.holds


def free_spaces(harbour: Harbour) -> int:
    """Storage spaces with no goods on them."""
    return capacity(harbour) - used_spaces(harbour.storage)


def room_for(harbour: Harbour, good: Good) -> bool:
    """Whether one more ``good`` fits into storage (a crate fits beside an odd crate)."""
    if good is _CRATE and harbour.storage[_CRATE] % 2 == 1:
        return True
    return free_spaces(harbour) >= 1


def berth_size(harbour: Harbour, dock: int) -> int:
    """The smaller bollard count of the dock's two quay walls (BH-HARBOR-4)."""
    walls = harbour.walls
    return min(walls[dock], walls[dock + 1])


def docks_for(harbour: Harbour, berth: int) -> list[int]:
    """The empty docks whose berth size is at least ``berth`` (BH-SEA-5)."""
    return [
        dock
        for dock in range(3)
        if harbour.docks[dock] is None and berth_size(harbour, dock) >= berth
    ]


def is_accessible(harbour: Harbour, loading_dock: int, *, same_round: bool) -> bool:
    """Whether goods may be delivered to ``loading_dock``.

    The space below it is clear (BH-HARBOR-6); with ``same_round`` false, not if it was cleared this
    round (BH-INT-5).
    """
    if harbour.covers[loading_dock] is not None:
        return False
    return same_round or loading_dock not in harbour.opened


def accepts(card: ContractCard, delivered: tuple[int, int, int, int], good: Good) -> bool:
    """Whether the contract still needs one more ``good``.

    Its printed goods first, each wild any type (BH-LAND-4).
    """
    wanted, wilds = _needs(card)
    excess = 1 if delivered[good] >= wanted[good] else 0
    for other in range(4):
        over = delivered[other] - wanted[other]
        if over > 0:
            excess += over
    return excess <= wilds


_NEEDS: dict[int, tuple[ContractCard, tuple[int, ...], int]] = {}


def _needs(card: ContractCard) -> tuple[tuple[int, ...], int]:
    """The contract's printed goods as counts, and its wild symbols; kept per card."""
    found = _NEEDS.get(id(card))
    if found is not None and found[0] is card:
        return found[1], found[2]
    wanted = [0, 0, 0, 0]
    for required in card.goods:
        if required is not None:
            wanted[required] += 1
    wilds = sum(1 for required in card.goods if required is None)
    if len(_NEEDS) >= _MAX_LAYOUTS:
        _NEEDS.clear()
    _NEEDS[id(card)] = (card, tuple(wanted), wilds)
    return tuple(wanted), wilds


def prestige_sum(harbour: Harbour) -> int:
    """The prestige of the harbour's ships and built buildings (BH-PRESTIGE-2)."""
    ships = sum(ship.card.prestige for ship in harbour.docks if ship is not None)
    return ships + layout(harbour).prestige


def converts_free(harbour: Harbour) -> bool:
    """Whether a built building packs and unpacks for free (BH-MOVE-7)."""
    return layout(harbour).free_conversion


def money_store(harbour: Harbour) -> int:
    """The money a built money store (the Bank) takes each round, 0 without one."""
    return layout(harbour).store


def has_price_choice(harbour: Harbour) -> bool:
    """Whether a built building lets its owner choose prices when no one bid (BH-PRICE-3)."""
    return layout(harbour).price_choice
