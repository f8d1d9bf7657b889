"""Observation tensors and information-state strings, for learning agents (BH-TENSOR-1 to BH-TENSOR-5).

A learning agent reads a flat vector of numbers of a fixed length; a search over information
sets keys its nodes by a string. Both are built from :func:`bremerhaven.observe` alone, so
they hold everything a player may know and nothing secret: never the value of an other
player's face-down bid (BH-TENSOR-4). The functions have the names and signatures of
:mod:`harbour.agents.tensors`: the length depends on the card set (``None``: the original set)
and the number of players, never on the rule options:

- :func:`observation_tensor` gives the vector, a tuple of floats laid out as
  :func:`tensor_layout` says (the table is on the "Observation tensors" page of the
  specification); :func:`observation_tensor_size` gives its length.
- :func:`information_state_string` gives the observation as a canonical JSON document.

NumPy is not needed; with it, ``numpy.asarray(tensor, dtype=numpy.float32)`` makes the
array an environment hands out.

>>> import bremerhaven
>>> from bremerhaven.agents import tensors
>>> state = bremerhaven.new_game(2, seed=42)
>>> seen = bremerhaven.observe(state, 0)
>>> vector = tensors.observation_tensor(seen)
>>> len(vector) == tensors.observation_tensor_size(state.cards, 2) == 1158
True
>>> tensors.tensor_layout(state.cards, 2)[:3]
(('viewer', 0, 2), ('decider', 2, 2), ('over', 4, 1))
>>> tensors.information_state_string(seen)[:48]
'{"format":"bremerhaven/1","kind":"observation","'
"""

from __future__ import annotations

import functools
import typing
from typing import Final

from bremerhaven.agents.actions import PRICE_POSITIONS
from bremerhaven.cards.model import (
    BOLLARD_WALLS,
    DOCKS,
    LOADING_DOCKS,
    SPACES,
    BuildingCard,
    CardSet,
    Charge,
    ContractCard,
    Counted,
    EventEffect,
    FreeConversion,
    Good,
    HoldsGoods,
    IncomePerNewShip,
    MoneyStore,
    NewspaperCard,
    PriceChoiceWhenUnbid,
    Produce,
    ShipCard,
    Space,
    TrainBidBonus,
)
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.errors import InvalidValueError
from bremerhaven.facts import GAME
from bremerhaven.interchange.serialization import FORMAT, converter
from bremerhaven.observation import Observation
from bremerhaven.state import (
    Pending,
    PendingBerth,
    PendingContract,
    PendingMovement,
    PendingPermits,
    PendingProduction,
    PendingStartingGood,
)
from meeplekit import documents
from meeplekit.memo import Memo
from meeplekit.values import shown, viewer_seat

__all__ = [
    "BUILDING_FEATURES",
    "CONTRACT_FEATURES",
    "PENDING_KINDS",
    "SHIP_FEATURES",
    "information_state_string",
    "observation_tensor",
    "observation_tensor_size",
    "tensor_layout",
]

#: The kinds of pending decision, in the order of their one-hot positions (BH-TENSOR-2).
PENDING_KINDS: Final[tuple[type, ...]] = typing.get_args(Pending)
_KIND_INDEX: Final = {kind: i for i, kind in enumerate(PENDING_KINDS)}

#: The entries of a Ship card, in order (BH-TENSOR-2): 1 where a card is, its lay time, its
#: cargo one-hot by good (all 0 for a wild card), 1 for a wild card, its cargo count, its
#: berth size and its prestige.
SHIP_FEATURES: Final = 1 + 1 + len(Good) + 1 + 1 + 1 + 1
#: The entries of a Contract card, in order (BH-TENSOR-2): 1 where a card is, its delivery
#: time, the goods it requires of each good, its wild symbols, its penalty's money and
#: prestige, its reward's money and prestige, and 1 for a train.
CONTRACT_FEATURES: Final = 1 + 1 + len(Good) + 1 + 2 + 2 + 1
#: The entries of a Building card, in order (BH-TENSOR-2): 1 where a card is, its prestige,
#: the good it produces one-hot, the money it produces, its income per new ship, its bonus
#: per influence card on a train contract, 1 for free conversions, 1 for the Price choice
#: when 1.4 is unbid, the money its store takes each round, the goods spaces it keeps.
BUILDING_FEATURES: Final = 1 + 1 + len(Good) + 1 + 1 + 1 + 1 + 1 + 1 + 1
#: The entries of an Event card: 1 where a card is, 1 for a charge, 1 for a reward, what it
#: counts one-hot, its money.
_EVENT_FEATURES: Final = 1 + 2 + len(Counted) + 1
#: An influence card's values: 1 to 9.
_VALUES: Final = 9
_GOODS: Final = len(Good)
_SPACES_BID: Final = len(Space)
_COUNTED: Final = tuple(Counted)


def _table(players: object) -> int:
    """The seats at the table of a game of ``players``: the solo game seats its dummy too."""
    if type(players) is not int or not 1 <= players <= GAME.max_players:
        raise InvalidValueError(
            f"players must be a whole number from 1 to {GAME.max_players}, got {shown(players)}"
        )
    return max(2, players)


@functools.lru_cache(maxsize=16)
def _building_places(cards: CardSet) -> dict[str, int]:
    return {key: i for i, key in enumerate(dict.fromkeys(card.key for card in cards.buildings))}


#: The card set :func:`_places` last met and its Building places: a one-entry memo.
_LAST_PLACES: Memo[CardSet, dict[str, int]] = Memo()


def _places(cards: CardSet | None) -> dict[str, int]:
    """Each Building key's place among the set's keys, as the actions number them (BH-CODE-1)."""
    if cards is None:
        cards = ORIGINAL
    found = _LAST_PLACES.get(cards)
    if found is not None:
        return found
    if type(cards) is not CardSet:
        raise InvalidValueError(f"expected a CardSet, got {type(cards).__name__}")
    return _LAST_PLACES.put(cards, _building_places(cards))


def _price_positions(cards: CardSet | None) -> int:
    return min(len((cards or ORIGINAL).prices), PRICE_POSITIONS)


@functools.lru_cache(maxsize=64)
def _layout(n: int, b: int, p: int) -> tuple[tuple[str, int, int], ...]:
    kinds = len(PENDING_KINDS)
    sizes = (
        ("viewer", n),
        ("decider", n),
        ("over", 1),
        ("solo", 1),
        ("ranks", n * n),
        ("round", 1),
        ("track", 1),
        ("track_last", 1),
        ("sea", n * SHIP_FEATURES),
        ("land", n * CONTRACT_FEATURES),
        ("bid_cards", _SPACES_BID * n),
        ("bid_values", _SPACES_BID * n),
        ("bid_hidden", _SPACES_BID * n),
        ("hand_sizes", n),
        ("unseen", n * _VALUES),
        ("prices", p * _GOODS),
        ("ship_deck", 1 + _GOODS + 1),
        ("contract_deck", 1 + _GOODS + 1),
        ("building_top", b),
        ("building_stack", b),
        ("newspapers", 2),
        ("progress", 1),
        ("event", _EVENT_FEATURES),
        ("goods", _GOODS),
        ("discarded", 2),
        ("dummy_news", 1 + _SPACES_BID),
        ("money", n),
        ("prestige", n),
        ("bank", n),
        ("hand", n * _VALUES),
        ("supply", n * _VALUES),
        ("storage", n * _GOODS),
        ("walls", n * BOLLARD_WALLS),
        ("bollard_cost", n * BOLLARD_WALLS),
        ("bollards_free", n * BOLLARD_WALLS),
        ("docks", n * DOCKS * (SHIP_FEATURES + _GOODS + 2)),
        ("loading", n * LOADING_DOCKS * (CONTRACT_FEATURES + _GOODS + 1)),
        ("opened", n * LOADING_DOCKS),
        ("covers", n * SPACES),
        ("cover_cost", n * SPACES),
        ("spaces", n * SPACES * BUILDING_FEATURES),
        ("held", n * b),
        ("built", n * b),
        ("pending", kinds),
        ("stack", kinds),
        ("starting_left", 1),
        ("permits", 2),
        ("produced", SPACES),
        ("last_conversion", 2),
        ("pending_ship", SHIP_FEATURES),
        ("pending_contract", CONTRACT_FEATURES),
    )
    out = []
    offset = 0
    for name, size in sizes:
        out.append((name, offset, size))
        offset += size
    return tuple(out)


def tensor_layout(cards: CardSet | None, players: int) -> tuple[tuple[str, int, int], ...]:
    """The sections of the tensor, in order: ``(name, offset, size)`` each (BH-TENSOR-1, BH-TENSOR-2).

    The layout depends on the card set (its Building keys and its Price cards; ``None``:
    the original set) and the number of players only, never on the rule options; the sizes
    are those of the table on the "Observation tensors" page. Raises
    :class:`~bremerhaven.errors.InvalidValueError` for a number of players no game has (a
    whole number from 1 to 4) and a card set that is not a
    :class:`~bremerhaven.cards.model.CardSet`.
    """
    return _layout(_table(players), len(_places(cards)), _price_positions(cards))


def observation_tensor_size(cards: CardSet | None, players: int) -> int:
    """The length of :func:`observation_tensor` in a game of ``players`` with ``cards`` (BH-TENSOR-1).

    With *n* seats at the table (2 in the solo game), *B* Building keys and *P* Price cards:
    *n* × *n* + 413 *n* + 2 *Bn* + 2 *B* + 4 *P* + 112; 1,158 for 1 or 2 players with
    the original set.
    """
    _, offset, size = tensor_layout(cards, players)[-1]
    return offset + size


def _ship(v: list[float], at: int, card: ShipCard | None) -> None:
    if card is None:
        return
    v[at] = 1.0
    v[at + 1] = float(card.lay_time)
    if card.cargo is None:
        v[at + 2 + _GOODS] = 1.0
    else:
        v[at + 2 + card.cargo] = 1.0
    v[at + 3 + _GOODS] = float(card.count)
    v[at + 4 + _GOODS] = float(card.berth)
    v[at + 5 + _GOODS] = float(card.prestige)


def _contract(v: list[float], at: int, card: ContractCard | None) -> None:
    if card is None:
        return
    v[at] = 1.0
    v[at + 1] = float(card.delivery)
    for good in card.goods:
        v[at + 2 + (_GOODS if good is None else good)] += 1.0
    at += 3 + _GOODS
    v[at] = float(card.penalty.money)
    v[at + 1] = float(card.penalty.prestige)
    v[at + 2] = float(card.reward.money)
    v[at + 3] = float(card.reward.prestige)
    v[at + 4] = float(card.train)


def _building(v: list[float], at: int, card: BuildingCard | None) -> None:
    if card is None:
        return
    v[at] = 1.0
    v[at + 1] = float(card.prestige)
    at += 2
    for effect in card.effects:
        if isinstance(effect, Produce):
            if effect.good is not None:
                v[at + effect.good] = 1.0
            v[at + _GOODS] += float(effect.money)
        elif isinstance(effect, IncomePerNewShip):
            v[at + _GOODS + 1] += float(effect.money)
        elif isinstance(effect, TrainBidBonus):
            v[at + _GOODS + 2] += float(effect.per_card)
        elif isinstance(effect, FreeConversion):
            v[at + _GOODS + 3] = 1.0
        elif isinstance(effect, PriceChoiceWhenUnbid):
            v[at + _GOODS + 4] = 1.0
        elif isinstance(effect, MoneyStore):
            v[at + _GOODS + 5] += float(effect.per_round)
        elif isinstance(effect, HoldsGoods):
            v[at + _GOODS + 6] += float(effect.spaces)


def _event(v: list[float], at: int, card: NewspaperCard | None) -> None:
    if card is None:
        return
    effect: EventEffect = card.event
    v[at] = 1.0
    v[at + (1 if isinstance(effect, Charge) else 2)] = 1.0
    v[at + 3 + _COUNTED.index(effect.per)] = 1.0
    v[at + 3 + len(_COUNTED)] = float(effect.money)


def _values(v: list[float], at: int, values: typing.Iterable[int | None]) -> None:
    for value in values:
        if value is not None and 1 <= value <= _VALUES:
            v[at + value - 1] += 1.0


def observation_tensor(observation: Observation) -> tuple[float, ...]:
    """The observation as a flat vector of floats laid out by :func:`tensor_layout` (BH-TENSOR-2).

    Built from the observation only (BH-TENSOR-4): equal observations give equal vectors,
    and no entry holds what the viewer cannot see. Every entry is a finite float
    (BH-TENSOR-3): one-hot and membership entries are 0.0 or 1.0, counts and money whole
    numbers. Raises :class:`~bremerhaven.errors.InvalidValueError` for a value that is not
    an observation.
    """
    if type(observation) is not Observation:
        raise InvalidValueError(
            f"observation_tensor needs an Observation, got {type(observation).__name__}"
        )
    o = observation
    places = _places(o.cards)
    n = len(o.players)
    b = len(places)
    p = _price_positions(o.cards)
    layout = _layout(n, b, p)
    at = {name: offset for name, offset, _ in layout}
    _, last, size = layout[-1]
    v = [0.0] * (last + size)

    v[at["viewer"] + viewer_seat(o.viewer, InvalidValueError)] = 1.0  # a seat's (BH-OBS-6)
    if o.is_over:
        v[at["over"]] = 1.0
    else:
        v[at["decider"] + o.decider] = 1.0
    v[at["solo"]] = float(o.solo)
    for rank, seat in enumerate(o.ranks):
        v[at["ranks"] + seat * n + rank] = 1.0
    v[at["round"]] = float(o.round)
    v[at["track"]] = float(o.track)
    v[at["track_last"]] = float(o.cards.board.track_last)
    for slot, ship in enumerate(o.sea[:n]):
        _ship(v, at["sea"] + slot * SHIP_FEATURES, ship)
    for slot, contract in enumerate(o.land[:n]):
        _contract(v, at["land"] + slot * CONTRACT_FEATURES, contract)
    for bid in o.bids:
        index = bid.space * n + bid.seat
        v[at["bid_cards"] + index] += 1.0
        if bid.value is None:
            v[at["bid_hidden"] + index] += 1.0
        else:
            v[at["bid_values"] + index] += float(bid.value)
    for seat in range(n):
        v[at["hand_sizes"] + seat] = float(o.hand_sizes[seat])
        _values(v, at["unseen"] + seat * _VALUES, o.unseen[seat])
    for position, price_card in enumerate(o.prices[:p]):
        for good in Good:
            v[at["prices"] + position * _GOODS + good] = float(price_card.price(good))
    base = at["ship_deck"]
    v[base] = float(len(o.ship_deck))
    for ship in o.ship_deck:
        v[base + 1 + (_GOODS if ship.cargo is None else ship.cargo)] += 1.0
    base = at["contract_deck"]
    v[base] = float(len(o.contract_deck))
    for contract in o.contract_deck:
        for wanted in contract.goods:
            v[base + 1 + (_GOODS if wanted is None else wanted)] += 1.0
    if o.buildings:
        v[at["building_top"] + places[o.buildings[0].key]] = 1.0
    for stacked in o.buildings:
        v[at["building_stack"] + places[stacked.key]] += 1.0
    v[at["newspapers"]] = float(len(o.newspapers))
    v[at["newspapers"] + 1] = float(sum(news.progress for news in o.newspapers))
    v[at["progress"]] = float(o.progress or 0)
    _event(v, at["event"], o.event)
    for good in Good:
        v[at["goods"] + good] = float(o.goods[good])
    v[at["discarded"]] = float(o.discarded_ships)
    v[at["discarded"] + 1] = float(o.discarded_contracts)
    v[at["dummy_news"]] = float(sum(len(run) for run in o.dummy_news))
    if o.dummy_news:
        for drawn in o.dummy_news[0]:
            v[at["dummy_news"] + 1 + drawn.solo_space] += 1.0

    dock_size = SHIP_FEATURES + _GOODS + 2
    loading_size = CONTRACT_FEATURES + _GOODS + 1
    board = o.cards.board
    for seat, h in enumerate(o.players):
        v[at["money"] + seat] = float(h.money)
        v[at["prestige"] + seat] = float(h.prestige)
        v[at["bank"] + seat] = float(h.bank)
        _values(v, at["hand"] + seat * _VALUES, h.hand)
        _values(v, at["supply"] + seat * _VALUES, h.supply)
        for good in Good:
            v[at["storage"] + seat * _GOODS + good] = float(h.storage[good])
        for wall, placed in enumerate(h.walls):
            index = seat * BOLLARD_WALLS + wall
            costs = board.bollard_costs[wall]
            v[at["walls"] + index] = float(placed)
            if placed < len(costs):
                v[at["bollard_cost"] + index] = float(costs[placed])
                v[at["bollards_free"] + index] = float(len(costs) - placed)
        for dock, berthed in enumerate(h.docks):
            if berthed is not None:
                base = at["docks"] + (seat * DOCKS + dock) * dock_size
                _ship(v, base, berthed.card)
                v[base + SHIP_FEATURES + berthed.good] = 1.0
                v[base + SHIP_FEATURES + _GOODS] = float(berthed.goods)
                v[base + SHIP_FEATURES + _GOODS + 1] = float(berthed.timers)
        for k, placed_contract in enumerate(h.loading):
            if placed_contract is not None:
                base = at["loading"] + (seat * LOADING_DOCKS + k) * loading_size
                _contract(v, base, placed_contract.card)
                for good in Good:
                    v[base + CONTRACT_FEATURES + good] = float(placed_contract.delivered[good])
                v[base + CONTRACT_FEATURES + _GOODS] = float(placed_contract.timers)
        for k in h.opened:
            v[at["opened"] + seat * LOADING_DOCKS + k] = 1.0
        for space in range(SPACES):
            cover = h.covers[space]
            if cover is not None:
                v[at["covers"] + seat * SPACES + space] = 1.0
                v[at["cover_cost"] + seat * SPACES + space] = float(cover)
            base = at["spaces"] + (seat * SPACES + space) * BUILDING_FEATURES
            _building(v, base, h.buildings[space])
            built = h.buildings[space]
            if built is not None:
                v[at["built"] + seat * b + places[built.key]] += 1.0
        for held in h.held:
            v[at["held"] + seat * b + places[held.key]] += 1.0

    for pending in o.stack:
        v[at["stack"] + _KIND_INDEX[type(pending)]] += 1.0
    top = o.pending
    if top is not None:
        v[at["pending"] + _KIND_INDEX[type(top)]] = 1.0
        if type(top) is PendingStartingGood:
            v[at["starting_left"]] = float(top.left)
        elif type(top) is PendingPermits:
            v[at["permits"]] = float(top.permits)
            v[at["permits"] + 1] = float(top.bought)
        elif type(top) is PendingProduction:
            for space in top.used:
                v[at["produced"] + space] = 1.0
        elif type(top) is PendingMovement:
            if top.last:  # +1 after a packing, -1 after an unpacking (BH-ENGINE-8)
                v[at["last_conversion"] + (0 if top.last > 0 else 1)] = 1.0
        elif type(top) is PendingBerth:
            _ship(v, at["pending_ship"], top.card)
        elif type(top) is PendingContract:
            _contract(v, at["pending_contract"], top.card)
    return tuple(v)


def information_state_string(observation: Observation) -> str:
    """The observation as a canonical JSON document of kind ``"observation"`` (BH-TENSOR-5).

    ``{"format": "bremerhaven/1", "kind": "observation", "observation": {"viewer": SEAT,
    ...}}``: every field of the observation in its order, written as a state document
    writes the same values (cards by key, the original card set by its name, goods by
    name, spaces by the number the boards print). Built from the observation only
    (BH-TENSOR-4): equal observations give equal strings. Raises
    :class:`~bremerhaven.errors.InvalidValueError` for a value that is not an observation.
    """
    if type(observation) is not Observation:
        raise InvalidValueError(
            f"information_state_string needs an Observation, got {type(observation).__name__}"
        )
    return documents.write_document(FORMAT, "observation", converter.unstructure(observation))
