"""Observation tensors and information-state strings, for learning agents (TENSOR-1 to TENSOR-5).

A learning agent reads a flat vector of numbers of a fixed length per card set and number
of players; a search over information sets keys its nodes by a string. Both are built from
:func:`harbour.observe` alone, so they hold everything a player may know and nothing secret
(TENSOR-4):

- :func:`observation_tensor` gives the vector, a tuple of floats laid out as
  :func:`tensor_layout` says (the table is on the "Observation tensors" page of the
  specification); :func:`observation_tensor_size` gives its length.
- :func:`information_state_string` gives the observation's canonical JSON document.

NumPy is not needed; with it, ``numpy.asarray(tensor, dtype=numpy.float32)`` makes the
array an environment hands out.

>>> import harbour
>>> from harbour.agents import tensors
>>> state = harbour.new_game(2, seed=42)
>>> seen = harbour.observe(state, 0)
>>> vector = tensors.observation_tensor(seen)
>>> len(vector) == tensors.observation_tensor_size(state.cards, 2)
True
>>> tensors.tensor_layout(state.cards, 2)[:3]
(('viewer', 0, 2), ('current', 2, 2), ('decider', 4, 2))
>>> tensors.information_state_string(seen)[:40]
'{"format":"harbour/1","kind":"observatio'
"""

from __future__ import annotations

import typing
from collections.abc import Iterator
from typing import Final

from harbour.cards.effects import Effect, OneOf, TwoPart
from harbour.cards.model import CardSet
from harbour.errors import InvalidValueError
from harbour.facts import GAME
from harbour.goods import GOODS
from harbour.interchange.serialization import to_json
from harbour.observation import (
    HiddenCharacterChoice,
    HiddenFreeBuildingChoice,
    Observation,
)
from harbour.state import (
    BoardSite,
    PendingCharacter,
    PendingEffect,
    PendingFreeBuilding,
    PendingGift,
    PendingMove,
    PendingPurchase,
    PendingShip,
    PendingStartingGoods,
    PendingToll,
    PendingTollAfter,
)
from meeplekit.memo import Memo
from meeplekit.values import viewer_seat

__all__ = [
    "EFFECT_KINDS",
    "PENDING_KINDS",
    "effect_list",
    "information_state_string",
    "observation_tensor",
    "observation_tensor_size",
    "tensor_layout",
]

#: The kinds of pending decision an observation's stack holds, in the order of their
#: one-hot positions (TENSOR-2).
PENDING_KINDS: Final[tuple[type, ...]] = (
    PendingStartingGoods,
    PendingCharacter,
    HiddenCharacterChoice,
    PendingFreeBuilding,
    HiddenFreeBuildingChoice,
    PendingGift,
    PendingMove,
    PendingToll,
    PendingTollAfter,
    PendingEffect,
    PendingShip,
    PendingPurchase,
)
_KIND_INDEX: Final = {kind: i for i, kind in enumerate(PENDING_KINDS)}

#: The kinds of building action, in the order of their one-hot positions (TENSOR-2).
EFFECT_KINDS: Final[tuple[type, ...]] = typing.get_args(Effect)
_EFFECT_KIND_INDEX: Final = {kind: i for i, kind in enumerate(EFFECT_KINDS)}

#: Distinct values of a good a warehouse may hold (0 to 6, GOODS-2).
_GOODS_VALUES: Final = GAME.goods_cap + 1
_SQUARES: Final = GAME.market_squares


def effect_list(cards: CardSet) -> tuple[Effect, ...]:
    """Every distinct action and part of an action printed in the card set (TENSOR-2).

    Buildings in index order, then the generic board and the character boards, each action
    followed depth first by its parts (:class:`~harbour.cards.effects.TwoPart`) and options
    (:class:`~harbour.cards.effects.OneOf`); an action met again keeps its first place. A
    pending action is one-hot at its place in this list.
    """
    found = _LAST_EFFECTS.get(cards)
    if found is not None:
        return found
    seen: dict[Effect, None] = {}

    def walk(effect: Effect) -> Iterator[Effect]:
        yield effect
        if isinstance(effect, TwoPart):
            for part in effect.parts:
                yield from walk(part)
        elif isinstance(effect, OneOf):
            for option in effect.options:
                yield from walk(option)

    for root in (
        *(b.action for b in cards.buildings),
        *(board.action for board in (cards.board, *cards.characters)),
    ):
        for effect in walk(root):
            seen.setdefault(effect, None)
    return _LAST_EFFECTS.put(cards, tuple(seen))


#: The card set :func:`effect_list` last listed and its list: a one-entry memo.
_LAST_EFFECTS: Memo[CardSet, tuple[Effect, ...]] = Memo()


def tensor_layout(cards: CardSet, players: int) -> tuple[tuple[str, int, int], ...]:
    """The sections of the tensor, in order: ``(name, offset, size)`` each (TENSOR-1, TENSOR-2).

    The layout depends on the card set and the number of players only; the sizes are
    those of the table on the "Observation tensors" page of the specification.
    """
    n = players
    b = len(cards.buildings)
    c = len(cards.characters)
    k = len(cards.bonus_cards)
    e = len(effect_list(cards)) + 1
    kinds = len(PENDING_KINDS)
    sizes = (
        ("viewer", n),
        ("current", n),
        ("decider", n),
        ("goods", n * len(GOODS) * _GOODS_VALUES),
        ("buildings", n * b),
        ("free_buildings", n * b),
        ("pawns", n * (1 + n + b)),
        ("boards", n * (1 + c)),
        ("has_bonus_card", n),
        ("bonus_cards", n * k),
        ("market", _SQUARES * len(GOODS)),
        ("display", b),
        ("deck_size", 1),
        ("deck_top", b),
        ("deck_top_place", b),
        ("pending", kinds),
        ("stack", kinds),
        ("toll_owner", n),
        ("deferred_toll_owner", n),
        ("pending_count", 1),
        ("pending_amount", 1),
        ("pending_money", 1),
        ("pending_shipped", 1),
        ("offered_characters", c),
        ("pending_effect", e),
        ("pending_effect_kind", len(EFFECT_KINDS)),
        ("stacked_effects", e),
        ("flags", 5),
        ("turn", 1),
        ("bought_this_turn", 1),
        ("last_round_turns", 1),
    )
    out = []
    offset = 0
    for name, size in sizes:
        out.append((name, offset, size))
        offset += size
    return tuple(out)


def observation_tensor_size(cards: CardSet, players: int) -> int:
    """The length of :func:`observation_tensor` in a game of ``players`` with ``cards`` (TENSOR-1)."""
    _, offset, size = tensor_layout(cards, players)[-1]
    return offset + size


def observation_tensor(observation: Observation) -> tuple[float, ...]:
    """The observation as a flat vector of floats laid out by :func:`tensor_layout` (TENSOR-2).

    Built from the observation only (TENSOR-4): equal observations give equal vectors.
    Every entry is a finite float (TENSOR-3): one-hot and membership entries are 0.0 or
    1.0, counts are whole numbers.
    """
    o = observation
    cards = o.cards
    n = len(o.players)
    b = len(cards.buildings)
    c = len(cards.characters)
    k = len(cards.bonus_cards)
    layout = tensor_layout(cards, n)
    at = {name: offset for name, offset, _ in layout}
    _, last, size = layout[-1]
    v = [0.0] * (last + size)

    v[at["viewer"] + viewer_seat(o.viewer, InvalidValueError)] = 1.0  # a seat's (OBS-9)
    v[at["current"] + o.current] = 1.0
    if not o.is_over:
        v[at["decider"] + o.decider] = 1.0
    for seat, p in enumerate(o.players):
        for good, count in zip(GOODS, p.goods.as_tuple(), strict=True):
            value = min(count, _GOODS_VALUES - 1)
            v[at["goods"] + (seat * len(GOODS) + good) * _GOODS_VALUES + value] = 1.0
        for card in p.buildings:
            v[at["buildings"] + seat * b + card] = 1.0
        for card in p.free_buildings:
            v[at["free_buildings"] + seat * b + card] = 1.0
        pawn = at["pawns"] + seat * (1 + n + b)
        if p.pawn is None:
            v[pawn] = 1.0
        elif isinstance(p.pawn, BoardSite):
            v[pawn + 1 + p.pawn.player] = 1.0
        else:
            v[pawn + 1 + n + p.pawn.card] = 1.0
        v[at["boards"] + seat * (1 + c) + (0 if p.board is None else 1 + p.board)] = 1.0
        if p.has_bonus_card:
            v[at["has_bonus_card"] + seat] = 1.0
        if p.bonus_card is not None:
            v[at["bonus_cards"] + seat * k + p.bonus_card] = 1.0
    for square, good in enumerate(o.market):
        v[at["market"] + square * len(GOODS) + good] = 1.0
    for card in o.display:
        v[at["display"] + card] = 1.0
    v[at["deck_size"]] = float(o.deck_size)
    for place, card in enumerate(o.deck_top):
        v[at["deck_top"] + card] = 1.0
        v[at["deck_top_place"] + card] = float(place + 1)

    effects = {effect: i for i, effect in enumerate(effect_list(cards))}
    unlisted = len(effects)
    for pending in o.stack:
        v[at["stack"] + _KIND_INDEX[type(pending)]] += 1.0
        if isinstance(pending, PendingTollAfter):
            v[at["deferred_toll_owner"] + pending.owner] = 1.0
        elif isinstance(pending, PendingEffect):
            v[at["stacked_effects"] + effects.get(pending.effect, unlisted)] += 1.0
    top = o.pending
    if top is not None:
        v[at["pending"] + _KIND_INDEX[type(top)]] = 1.0
        if isinstance(top, PendingToll):
            v[at["toll_owner"] + top.owner] = 1.0
        elif isinstance(top, PendingCharacter):
            v[at["pending_count"]] = float(len(top.offered))
            for board in top.offered:
                v[at["offered_characters"] + board] = 1.0
        elif isinstance(top, PendingFreeBuilding):
            v[at["pending_count"]] = float(len(top.options))
        elif isinstance(top, HiddenCharacterChoice | HiddenFreeBuildingChoice):
            v[at["pending_count"]] = float(top.count)
        elif isinstance(top, PendingGift):
            v[at["pending_amount"]] = float(top.amount)
        elif isinstance(top, PendingShip):
            v[at["pending_count"]] = float(top.count)
            v[at["pending_money"]] = float(top.money)
        elif isinstance(top, PendingPurchase):
            v[at["pending_count"]] = float(top.count)
            v[at["pending_money"]] = float(top.money)
            v[at["pending_shipped"]] = float(top.shipped)
        elif isinstance(top, PendingEffect):
            v[at["pending_effect"] + effects.get(top.effect, unlisted)] = 1.0
            v[at["pending_effect_kind"] + _EFFECT_KIND_INDEX[type(top.effect)]] = 1.0

    flags = at["flags"]
    v[flags] = float(o.in_setup)
    v[flags + 1] = float(o.is_over)
    v[flags + 2] = float(o.ability_used)
    v[flags + 3] = float(o.deck_ran_out)
    v[flags + 4] = float(o.last_round_turns is not None)
    v[at["turn"]] = float(o.turn)
    v[at["bought_this_turn"]] = float(o.bought_this_turn)
    v[at["last_round_turns"]] = float(o.last_round_turns or 0)
    return tuple(v)


def information_state_string(observation: Observation) -> str:
    """The observation's canonical JSON document (:func:`harbour.to_json`) (TENSOR-5).

    Built from the observation only (TENSOR-4): two positions a player cannot tell apart
    give that player the same string, and :func:`harbour.from_json` reads it back.
    """
    return to_json(observation)
