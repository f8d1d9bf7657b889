"""Building positions for tests and rules discussions: :func:`replace` and :func:`position`.

:func:`replace` makes a state, a harbour, a berthed ship or a placed contract like another
with some fields changed, checking nothing, as tests do to set up an edge case or an
illegal position:

>>> import bremerhaven
>>> state = bremerhaven.new_game(2, seed=1)
>>> richer = replace(state.players[0], money=30)
>>> later = replace(state, players=(richer, state.players[1]))
>>> later.players[0].money, state.players[0].money
(30, 6)

:func:`position` changes harbours of a valid position from plain values (goods by key,
cards by key) and keeps the cards and goods conserved: a card put in a harbour is taken
from wherever it was (a deck, a board, the Building stack), a card it replaces counts as
discarded, and under the limited supply the general supply gives or takes the goods. The
result must pass :func:`bremerhaven.validation.validate`, else
:class:`~bremerhaven.errors.InvalidStateError` lists every broken invariant:

>>> ship_key = state.ship_deck[0].key
>>> made = position(state, harbours={0: {"storage": {"crate": 3}, "docks": [ship_key, None, None]}})
>>> made.players[0].storage, made.players[0].docks[0].card.key == ship_key
((0, 0, 3, 0), True)
>>> position(state, harbours={0: {"money": -1}})
Traceback (most recent call last):
...
bremerhaven.errors.InvalidStateError: not a valid position: [BH-MONEY-2] seat 0 has -1 money: there is no debt
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import attrs

from bremerhaven.cards.model import (
    BuildingCard,
    CardSet,
    ContractCard,
    Good,
    ShipCard,
)
from bremerhaven.engine import settle
from bremerhaven.errors import InvalidStateError, InvalidValueError
from bremerhaven.facts import GAME
from bremerhaven.options import GoodsSupply
from bremerhaven.rules.bidding import next_bidder
from bremerhaven.rules.work import Work
from bremerhaven.state import Berthed, GameState, Harbour, PendingBid, Placed
from bremerhaven.validation import validate
from meeplekit.values import field_getter, shown

__all__ = ["GoodsLike", "contract", "goods", "position", "replace", "ship"]

#: A :class:`~bremerhaven.state.GameState`, :class:`~bremerhaven.state.Harbour`,
#: :class:`~bremerhaven.state.Berthed` or :class:`~bremerhaven.state.Placed`.
Value = TypeVar("Value", GameState, Harbour, Berthed, Placed)
_CLASSES = (GameState, Harbour, Berthed, Placed)

#: Counts of goods: four counts (barrel, container, crate, passenger), or a mapping from
#: goods (a :class:`~bremerhaven.cards.model.Good` or its key) to counts.
GoodsLike = Sequence[int] | Mapping[Good | str, int]
#: A ship in a dock: ``None``, a Ship card's key, a :class:`~bremerhaven.state.Berthed`, or
#: a mapping of :func:`ship`'s arguments (``{"key": "puffin", "goods": 1}``).
ShipLike = None | str | Berthed | Mapping[str, Any]
#: A contract in a loading dock: ``None``, a Contract card's key, a
#: :class:`~bremerhaven.state.Placed`, or a mapping of :func:`contract`'s arguments.
ContractLike = None | str | Placed | Mapping[str, Any]


def replace(value: Value, /, **changes: object) -> Value:
    """``value`` with the named fields changed, made by its class's constructor.

    ``value`` is a :class:`~bremerhaven.state.GameState`, a
    :class:`~bremerhaven.state.Harbour`, a :class:`~bremerhaven.state.Berthed` or a
    :class:`~bremerhaven.state.Placed`; ``changes`` name its fields and give their new
    values, the others keep theirs. It checks nothing else: the result may break the rules
    (:func:`bremerhaven.validation.validate` lists what it breaks).

    Raises :class:`~bremerhaven.errors.InvalidValueError` when ``value`` is none of these
    classes or a name in ``changes`` is not one of its fields.
    """
    cls = type(value)
    if cls not in _CLASSES:
        raise InvalidValueError(
            f"replace takes a GameState, Harbour, Berthed or Placed, not {cls.__name__}"
        )
    names = [f.name for f in attrs.fields(cls)]
    unknown = [name for name in changes if name not in names]
    if unknown:
        raise InvalidValueError(
            f"{cls.__name__} has no field {', '.join(map(repr, unknown))};"
            f" its fields are {', '.join(names)}"
        )
    fields: dict[str, Any] = {name: changes.get(name, getattr(value, name)) for name in names}
    made: Value = cls(**fields)
    return made


def goods(value: GoodsLike) -> tuple[int, int, int, int]:
    """Four counts of goods from a mapping by good (or key) or from four counts.

    >>> goods({"crate": 2, Good.BARREL: 1})
    (1, 0, 2, 0)

    Raises :class:`~bremerhaven.errors.InvalidValueError` for anything else.
    """
    counts = [0, 0, 0, 0]
    if isinstance(value, Mapping):
        for name, count in value.items():
            good = _good(name)
            if type(count) is not int or count < 0:
                raise InvalidValueError(f"expected a count >= 0 of {good.key}s, got {shown(count)}")
            counts[good] = count
    elif isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 4:
        for good, count in zip(Good, value, strict=True):
            if type(count) is not int or count < 0:
                raise InvalidValueError(f"expected a count >= 0 of {good.key}s, got {shown(count)}")
            counts[good] = count
    else:
        raise InvalidValueError(f"expected counts of goods, got {shown(value)}")
    return (counts[0], counts[1], counts[2], counts[3])


def ship(
    cards: CardSet,
    key: str,
    *,
    good: Good | str | None = None,
    goods: int | None = None,
    timers: int | None = None,
) -> Berthed:
    """The Ship card ``key`` of ``cards`` berthed: its cargo of ``good``, ``goods`` and ``timers``.

    ``good`` defaults to the printed cargo (a wild ship needs one), ``goods`` to its full
    cargo, ``timers`` to its lay time. Raises :class:`~bremerhaven.errors.InvalidValueError`
    for a key the set does not have.
    """
    card = _card(cards.ships, key, "Ship")
    _count_or_none(goods, "goods")
    _count_or_none(timers, "timers")
    if good is None:
        if card.cargo is None:
            raise InvalidValueError(f"{card.name} carries wild cargo: say which good")
        cargo = card.cargo
    else:
        cargo = _good(good)
    return Berthed(
        card,
        cargo,
        card.count if goods is None else goods,
        card.lay_time if timers is None else timers,
    )


def contract(
    cards: CardSet,
    key: str,
    *,
    delivered: GoodsLike = (0, 0, 0, 0),
    timers: int | None = None,
) -> Placed:
    """The Contract card ``key`` of ``cards`` placed, with goods ``delivered`` and ``timers``.

    ``timers`` defaults to its delivery time. Raises
    :class:`~bremerhaven.errors.InvalidValueError` for a key the set does not have.
    """
    card = _card(cards.contracts, key, "Contract")
    _count_or_none(timers, "timers")
    return Placed(card, goods(delivered), card.delivery if timers is None else timers)


def position(
    state: GameState,
    *,
    harbours: Mapping[int, Mapping[str, Any]] | None = None,
    **changes: object,
) -> GameState:
    """``state`` with harbours changed from plain values, cards and goods kept conserved.

    ``harbours`` maps a seat to the fields of its :class:`~bremerhaven.state.Harbour` to
    change, each given as plain values: ``storage`` as :data:`GoodsLike`; ``docks`` as three
    :data:`ShipLike`; ``loading`` as four :data:`ContractLike`; ``buildings`` as a mapping
    from space to a Building card's key (the other spaces empty); ``held`` as Building
    cards' keys; ``covers`` as twelve costs or ``None``; ``walls``, ``hand`` and ``supply``
    as lists; ``opened`` as loading docks; ``money``, ``prestige`` and ``bank`` as whole
    numbers. A card put in a harbour is taken from the decks, the boards, the Building
    stack or another harbour; a ship or contract it replaces counts as discarded. Under the
    limited supply, the general supply then holds what the harbours do not (BH-INT-3).
    ``changes`` then replace fields of the state itself (:func:`replace`). New ``ranks``
    while a bid is pending and no card is placed yet this round give the first bid to the
    new Captain, as the round would (BH-BID-1; the solo dummy places its card by itself,
    BH-SOLO-8); with cards placed, a bidder the new ranks put out of turn is refused.

    Raises :class:`~bremerhaven.errors.InvalidValueError` for a value of the wrong shape or
    a key the card set does not have, and :class:`~bremerhaven.errors.InvalidStateError`
    listing every invariant the result breaks (:func:`bremerhaven.validation.validate`).
    """
    if type(state) is not GameState:
        raise InvalidValueError(f"position starts from a GameState, not {shown(state)}")
    if harbours is None:
        harbours = {}
    elif not isinstance(harbours, Mapping):
        raise InvalidValueError(f"harbours maps seats to a harbour's fields, got {shown(harbours)}")
    try:
        made_state = _changed(state, harbours)
    except InvalidValueError:
        raise
    except Exception:  # a start that is no valid position (BH-INPUT-5): what validate finds
        broken = validate(state)
        if not broken:  # pragma: no cover - every plain value is checked before it is used
            raise
        raise InvalidStateError(broken) from None
    if changes:
        made_state = replace(made_state, **changes)
        if "ranks" in changes:
            made_state = _first_bidder(made_state)
    found = validate(made_state)
    if found:
        raise InvalidStateError(found)
    return made_state


def _changed(state: GameState, harbours: Mapping[int, Mapping[str, Any]]) -> GameState:
    """``state`` with the harbours changed (:func:`position`), before it is checked."""
    cards = state.cards
    players = list(state.players)
    ship_deck, sea = list(state.ship_deck), list(state.sea)
    contract_deck, land = list(state.contract_deck), list(state.land)
    stack_buildings = list(state.buildings)
    discarded_ships, discarded_contracts = state.discarded_ships, state.discarded_contracts
    for seat, fields in harbours.items():
        if type(seat) is not int or not 0 <= seat < len(players):
            raise InvalidValueError(f"no seat {shown(seat)} at a table of {len(players)}")
        if not isinstance(fields, Mapping):
            raise InvalidValueError(
                f"seat {seat}: expected a mapping of a harbour's fields, got {shown(fields)}"
            )
        made: dict[str, Any] = {}
        for name, value in fields.items():
            made[name] = _harbour_field(cards, name, value)
        for card in _ships_of(made.get("docks")):
            _take(card, ship_deck, sea, players, "docks")
        for placed_card in _contracts_of(made.get("loading")):
            _take(placed_card, contract_deck, land, players, "loading")
        for building in [*made.get("held", ()), *[b for b in made.get("buildings", ()) if b]]:
            _take_building(building, stack_buildings, players)
        old = players[seat]
        if "docks" in made:
            kept = {s.card for s in made["docks"] if s is not None}
            discarded_ships += sum(1 for s in old.docks if s is not None and s.card not in kept)
        if "loading" in made:
            kept_c = {p.card for p in made["loading"] if p is not None}
            discarded_contracts += sum(
                1 for p in old.loading if p is not None and p.card not in kept_c
            )
        players[seat] = replace(old, **made)
    made_state = replace(
        state,
        players=tuple(players),
        ship_deck=tuple(ship_deck),
        sea=tuple(sea),
        contract_deck=tuple(contract_deck),
        land=tuple(land),
        buildings=tuple(stack_buildings),
        discarded_ships=discarded_ships,
        discarded_contracts=discarded_contracts,
    )
    if state.options.goods_supply is GoodsSupply.LIMITED:
        made_state = replace(made_state, goods=_supply(made_state))
    return made_state


# --------------------------------------------------------------------------- helpers


def _good(value: object) -> Good:
    if type(value) is Good:
        return value
    if isinstance(value, str):
        for good in Good:
            if good.key == value:
                return good
    raise InvalidValueError(
        f"expected a good (barrel, container, crate, passenger), got {shown(value)}"
    )


_Card = TypeVar("_Card", ShipCard, ContractCard, BuildingCard)


def _card(deck: Sequence[_Card], key: object, what: str) -> _Card:
    for card in deck:
        if card.key == key:
            return card
    raise InvalidValueError(f"the card set has no {what} card {shown(key)}")


def _listed(value: object, size: int | None, what: str) -> list[Any]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise InvalidValueError(f"{what}: expected a list, got {shown(value)}")
    if size is not None and len(value) != size:
        raise InvalidValueError(f"{what}: expected {size} items, got {len(value)}")
    return list(value)


def _harbour_field(cards: CardSet, name: str, value: object) -> Any:
    """A harbour's field from its plain value."""
    if name == "storage":
        return goods(value)  # type: ignore[arg-type]
    if name == "docks":
        docks = [_ship_like(cards, s) for s in _listed(value, 3, "docks")]
        return (docks[0], docks[1], docks[2])
    if name == "loading":
        loading = [_contract_like(cards, c) for c in _listed(value, 4, "loading")]
        return (loading[0], loading[1], loading[2], loading[3])
    if name == "buildings":
        if not isinstance(value, Mapping):
            raise InvalidValueError(f"buildings: expected space -> key, got {shown(value)}")
        spaces: list[BuildingCard | None] = [None] * 12
        for space, key in value.items():
            if type(space) is not int or not 0 <= space < 12:
                raise InvalidValueError(f"buildings: no harbour space {shown(space)}")
            spaces[space] = _card(cards.buildings, key, "Building")
        return tuple(spaces)
    if name == "held":
        return tuple(_card(cards.buildings, key, "Building") for key in _listed(value, None, name))
    if name in ("walls", "hand", "supply"):
        size = 4 if name == "walls" else None
        return tuple(_listed(value, size, name))
    if name == "covers":
        return tuple(_listed(value, 12, name))
    if name == "opened":
        opened = _listed(value, None, name)
        for dock in opened:
            if type(dock) is not int:
                raise InvalidValueError(f"opened: expected loading docks 0-3, got {shown(dock)}")
        return frozenset(opened)
    if name in ("money", "prestige", "bank"):
        return value
    raise InvalidValueError(f"Harbour has no field {shown(name)}")


def _ship_like(cards: CardSet, value: object) -> Berthed | None:
    if value is None:
        return value
    if type(value) is Berthed:
        _made_as(value, Berthed, ShipCard)
        if type(value.good) is not Good or type(value.goods) is not int:
            raise InvalidValueError(
                f"expected a ship with a good and its goods, got {shown(value)}"
            )
        return value
    if isinstance(value, str):
        return ship(cards, value)
    if isinstance(value, Mapping):
        return ship(cards, **_arguments(value, ("key", "good", "goods", "timers"), "ship"))
    raise InvalidValueError(
        f"expected a ship (a key, Berthed, a mapping or None), got {shown(value)}"
    )


def _contract_like(cards: CardSet, value: object) -> Placed | None:
    if value is None:
        return value
    if type(value) is Placed:
        _made_as(value, Placed, ContractCard)
        goods(value.delivered)  # four counts, or the error
        return value
    if isinstance(value, str):
        return contract(cards, value)
    if isinstance(value, Mapping):
        return contract(cards, **_arguments(value, ("key", "delivered", "timers"), "contract"))
    raise InvalidValueError(
        f"expected a contract (a key, Placed, a mapping or None), got {shown(value)}"
    )


def _count_or_none(value: object, name: str) -> None:
    if value is not None and type(value) is not int:
        raise InvalidValueError(f"{name}: expected a whole number or None, got {shown(value)}")


def _arguments(value: Mapping[Any, Any], names: tuple[str, ...], what: str) -> dict[str, Any]:
    """A mapping of a function's arguments, its keys among ``names`` (``key`` required)."""
    for name in value:
        if name not in names:
            raise InvalidValueError(
                f"a {what} is given by {', '.join(names)}, got the key {shown(name)}"
            )
    if "key" not in value:
        raise InvalidValueError(f"a {what} given as a mapping needs its card's key")
    return dict(value)


def _made_as(value: object, kind: type, card: type) -> None:
    """Refuse a ship or contract made around its constructor: a field never set, a card."""
    try:
        fields = field_getter(kind)(value)
    except AttributeError:
        raise InvalidValueError(
            f"a {kind.__name__} has a field that was never set: it was not made by its constructor"
        ) from None
    if type(fields[0]) is not card or type(fields[-1]) is not int:
        raise InvalidValueError(
            f"expected a {kind.__name__} of a {card.__name__} with its timers, got {shown(value)}"
        )


def _ships_of(docks: Sequence[Berthed | None] | None) -> list[ShipCard]:
    return [s.card for s in docks or () if s is not None]


def _contracts_of(loading: Sequence[Placed | None] | None) -> list[ContractCard]:
    return [p.card for p in loading or () if p is not None]


def _take(
    card: ShipCard | ContractCard,
    deck: list[Any],
    board: list[Any],
    players: list[Harbour],
    field: str,
) -> None:
    """Take ``card`` from the deck, the board or another harbour's ``field``."""
    if card in deck:
        deck.remove(card)
        return
    if card in board:
        board[board.index(card)] = None
        return
    for seat, h in enumerate(players):
        row = list(getattr(h, field))
        for i, item in enumerate(row):
            if item is not None and item.card == card:
                row[i] = None
                players[seat] = replace(h, **{field: tuple(row)})
                return


def _take_building(card: BuildingCard, stack: list[BuildingCard], players: list[Harbour]) -> None:
    """Take a Building card from the stack or another harbour."""
    if card in stack:
        stack.remove(card)
        return
    for seat, h in enumerate(players):
        if card in h.held:
            held = list(h.held)
            held.remove(card)
            players[seat] = replace(h, held=tuple(held))
            return
        if card in h.buildings:
            buildings = [None if b == card else b for b in h.buildings]
            players[seat] = replace(h, buildings=tuple(buildings))
            return


def _first_bidder(state: GameState) -> GameState:
    """``state`` with the round's first bid given to the Captain of its ranks (BH-BID-1).

    Only where a bid is pending and no card is placed yet this round: the bid is the first
    in rank order's with cards in hand, as :func:`bremerhaven.new_game` and each new round
    give it. When that is the solo dummy, it places its card by itself (BH-SOLO-8,
    BH-ENGINE-7) and the next bid is pending. Anything else is left for
    :func:`bremerhaven.validation.validate` to judge.
    """
    stack, ranks, players = state.stack, state.ranks, state.players
    if (
        type(stack) is not tuple
        or not stack
        or type(stack[-1]) is not PendingBid
        or state.bids != ()
        or type(ranks) is not tuple
        or type(players) is not tuple
        or not all(type(seat) is int for seat in ranks)
        or sorted(ranks) != list(range(len(players)))
    ):
        return state
    first = next_bidder(players, ranks, None)
    if first is None or first == stack[-1].seat:
        return state
    made = replace(state, stack=(*stack[:-1], PendingBid(first)))
    if first != made.dummy:
        return made
    work = Work(made, None)
    try:
        frozen = settle(work)
    except Exception:  # a position broken elsewhere: validate() lists what is wrong
        return made
    return work.freeze() if frozen is None else frozen


def _supply(state: GameState) -> tuple[int, int, int, int]:
    """The general supply that keeps 40 of each good in the game (BH-INT-3)."""
    left = [GAME.goods] * 4
    for h in state.players:
        for good in Good:
            left[good] -= h.storage[good]
        for s in h.docks:
            if s is not None:
                left[s.good] -= s.goods
        for p in h.loading:
            if p is not None:
                for good in Good:
                    left[good] -= p.delivered[good]
    return (left[0], left[1], left[2], left[3])
