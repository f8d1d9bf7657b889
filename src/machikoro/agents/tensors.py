"""Observation tensors and information-state strings, for learning agents (MK-TENSOR-1 to MK-TENSOR-5).

A learning agent reads a flat vector of numbers of a fixed length per number of players; a
search over information sets keys its nodes by a string. Both are built from
:func:`machikoro.observe` alone (MK-TENSOR-4). The functions have the names and
signatures of :mod:`harbour.agents.tensors`, with the rule options where Harbour has its card
set, so one adapter serves both games:

- :func:`observation_tensor` gives the vector, a tuple of floats laid out as
  :func:`tensor_layout` says (the table is on the "Observation tensors" page of the
  specification); :func:`observation_tensor_size` gives its length.
- :func:`information_state_string` gives the observation as a canonical JSON document.

NumPy is not needed; with it, ``numpy.asarray(tensor, dtype=numpy.float32)`` makes the
array an environment hands out.

>>> import machikoro
>>> from machikoro.agents import tensors
>>> state = machikoro.new_game(2, seed=42)
>>> seen = machikoro.observe(state, 0)
>>> vector = tensors.observation_tensor(seen)
>>> len(vector) == tensors.observation_tensor_size(state.options, 2) == 199
True
>>> tensors.tensor_layout(state.options, 2)[:4]
(('viewer', 0, 2), ('current', 2, 2), ('decider', 4, 2), ('chance', 6, 1))
>>> tensors.information_state_string(seen)[:53]
'{"format":"machikoro/1","kind":"observation","observa'
"""

from __future__ import annotations

import json
import typing
from typing import Final

from machikoro.cards.model import Establishment, Landmark
from machikoro.errors import InvalidValueError
from machikoro.facts import GAME
from machikoro.interchange.serialization import FORMAT, to_json
from machikoro.observation import Observation
from machikoro.options import RulesOptions
from machikoro.state import (
    Pending,
    PendingActivate,
    PendingDice,
    PendingEndTurn,
    PendingRoll,
    make_state,
)
from meeplekit import documents
from meeplekit.values import shown, viewer_seat

__all__ = [
    "PENDING_KINDS",
    "information_state_string",
    "observation_tensor",
    "observation_tensor_size",
    "tensor_layout",
]

#: The kinds of pending decision, in the order of their one-hot positions (MK-TENSOR-2).
PENDING_KINDS: Final[tuple[type, ...]] = typing.get_args(Pending)
_KIND_INDEX: Final = {kind: i for i, kind in enumerate(PENDING_KINDS)}

_E: Final = len(Establishment)
_L: Final = len(Landmark)
_FACES: Final = GAME.die_faces
#: Rolls a turn keeps (the roll and a Radio Tower's re-roll) and dice per roll.
_ROLLS: Final = 2
_DICE: Final = GAME.max_dice


def _players(players: object) -> int:
    top = GAME.max_players_expansion
    if type(players) is not int or not GAME.min_players <= players <= top:
        raise InvalidValueError(
            f"players must be a whole number from {GAME.min_players} to {top}, got {shown(players)}"
        )
    return players


def tensor_layout(options: RulesOptions | None, players: int) -> tuple[tuple[str, int, int], ...]:
    """The sections of the tensor, in order: ``(name, offset, size)`` each (MK-TENSOR-1, MK-TENSOR-2).

    The layout depends on the number of players only (``options``, the counterpart of
    :func:`harbour.agents.tensors.tensor_layout`'s card set, is checked and otherwise changes
    nothing); the sizes are those of the table on the "Observation tensors" page.
    Raises :class:`~machikoro.errors.InvalidValueError` for a number of players no game
    has, or ``options`` that are not :class:`~machikoro.options.RulesOptions`.
    """
    if options is not None and type(options) is not RulesOptions:
        raise InvalidValueError(f"expected RulesOptions, got {type(options).__name__}")
    n = _players(players)
    kinds = len(PENDING_KINDS)
    sizes = (
        ("viewer", n),
        ("current", n),
        ("decider", n),
        ("chance", 1),
        ("coins", n),
        ("establishments", n * _E),
        ("landmarks", n * _L),
        ("market", _E),
        ("deck", _E),
        ("turn", 1),
        ("extra_turn", 1),
        ("rolls", _ROLLS * _DICE * _FACES),
        ("total", 1),
        ("pending", kinds),
        ("stack", kinds),
        ("reroll", 1),
        ("dice", 1),
        ("activate", _E),
        ("extra", 1),
        ("over", 1),
    )
    out = []
    offset = 0
    for name, size in sizes:
        out.append((name, offset, size))
        offset += size
    return tuple(out)


def observation_tensor_size(options: RulesOptions | None, players: int) -> int:
    """The length of :func:`observation_tensor` in a game of ``players`` (MK-TENSOR-1): 36 × players + 127."""
    _, offset, size = tensor_layout(options, players)[-1]
    return offset + size


#: Layouts by number of players, as {name: offset} and the length.
_AT: Final = {
    n: (
        {name: offset for name, offset, _ in tensor_layout(None, n)},
        observation_tensor_size(None, n),
    )
    for n in range(GAME.min_players, GAME.max_players_expansion + 1)
}


def observation_tensor(observation: Observation) -> tuple[float, ...]:
    """The observation as a flat vector of floats laid out by :func:`tensor_layout` (MK-TENSOR-2).

    Built from the observation only (MK-TENSOR-4): equal observations give equal vectors.
    Every entry is a finite float (MK-TENSOR-3): one-hot and membership entries are 0.0 or
    1.0, counts are whole numbers. Raises :class:`~machikoro.errors.InvalidValueError`
    for a value that is not an observation.
    """
    if type(observation) is not Observation:
        raise InvalidValueError(
            f"observation_tensor needs an Observation, got {type(observation).__name__}"
        )
    o = observation
    n = len(o.coins)
    at, size = _AT[n]
    v = [0.0] * size
    v[at["viewer"] + viewer_seat(o.viewer, InvalidValueError)] = 1.0  # a seat's (MK-OBS-4)
    v[at["current"] + o.current] = 1.0
    decider = o.decider
    if o.is_over:
        pass
    elif decider < 0:
        v[at["chance"]] = 1.0
    else:
        v[at["decider"] + decider] = 1.0
    for seat in range(n):
        v[at["coins"] + seat] = float(o.coins[seat])
        base = at["establishments"] + seat * _E
        for kind, count in enumerate(o.establishments[seat]):
            if count:
                v[base + kind] = float(count)
        base = at["landmarks"] + seat * _L
        for landmark, built in enumerate(o.landmarks[seat]):
            if built:
                v[base + landmark] = 1.0
    for name, row in (("market", o.market), ("deck", o.deck)):
        base = at[name]
        for kind, count in enumerate(row):
            if count:
                v[base + kind] = float(count)
    v[at["turn"]] = float(o.turn)
    v[at["extra_turn"]] = float(o.extra_turn)
    base = at["rolls"]
    for r, roll in enumerate(o.rolls[-_ROLLS:]):
        for d, face in enumerate(roll):
            v[base + (r * _DICE + d) * _FACES + face - 1] = 1.0
    v[at["total"]] = float(o.total)
    for pending in o.stack:
        v[at["stack"] + _KIND_INDEX[type(pending)]] += 1.0
        if type(pending) is PendingActivate:
            for kind in pending.establishments:
                v[at["activate"] + kind] = 1.0
        elif type(pending) is PendingEndTurn:
            v[at["extra"]] = float(pending.extra)
    top = o.pending
    if top is not None:
        v[at["pending"] + _KIND_INDEX[type(top)]] = 1.0
        if type(top) is PendingRoll:
            v[at["reroll"]] = float(top.reroll)
        elif type(top) is PendingDice:
            v[at["dice"]] = float(top.dice)
    else:
        v[at["over"]] = 1.0
    return tuple(v)


def information_state_string(observation: Observation) -> str:
    """The observation as a canonical JSON document of kind ``"observation"`` (MK-TENSOR-5).

    ``{"format": "machikoro/1", "kind": "observation", "observation": {"viewer": SEAT,
    ...}}``: the viewer, then the fields of a state document (MK-JSON-1) but the seed.
    Built from the observation only (MK-TENSOR-4): equal observations give equal strings.
    Raises :class:`~machikoro.errors.InvalidValueError` for a value that is not an
    observation.
    """
    if type(observation) is not Observation:
        raise InvalidValueError(
            f"information_state_string needs an Observation, got {type(observation).__name__}"
        )
    o = observation
    viewer_seat(o.viewer, InvalidValueError)  # a seat's information state (MK-OBS-4)
    state = make_state(
        o.options, 0, o.coins, o.establishments, o.landmarks, o.market, o.deck,
        o.current, o.turn, o.rolls, o.total, o.extra_turn, o.stack,
    )  # fmt: skip
    fields = json.loads(to_json(state))["state"]
    del fields["seed"]
    return documents.write_document(FORMAT, "observation", {"viewer": o.viewer, **fields})
