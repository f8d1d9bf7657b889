"""Versioned JSON for states, moves, options and game records (MK-JSON-1, MK-JSON-2, MK-REC-7).

:func:`to_json` writes a value as a document that says its format, version and kind, so
:func:`from_json` needs no hint of what it reads:

>>> import machikoro
>>> text = machikoro.to_json(machikoro.Trade("cafe", 1, "ranch"))
>>> text
'{"format":"machikoro/1","kind":"move","move":{"type":"trade","give":"cafe","opponent":1,"take":"ranch"}}'
>>> machikoro.from_json(text) == machikoro.Trade("cafe", 1, "ranch")
True

A state lists each player's coins, establishments (by key) and landmarks, the market and
the deck by key, and the pending decisions tagged by type. :func:`from_json` checks every
field's type exactly, refuses unknown fields and tags, and passes every state through
:func:`machikoro.validate`; whatever is wrong raises
:class:`~machikoro.errors.DocumentError` naming the field:

>>> machikoro.from_json('{"format":"machikoro/1","kind":"move","move":{"type":"roll-dice","dice":3}}')
Traceback (most recent call last):
...
machikoro.errors.DocumentError: move: RollDice.dice must be 1 or 2, got 3

:data:`converter` is the `cattrs <https://catt.rs>`_ converter behind both;
:func:`to_data` and :func:`from_data` give and read the plain data of a document's value.
A game record (:class:`~machikoro.interchange.records.GameRecord`) is a document too, its moves
replayed when it is read (MK-REC-7).
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import cattrs

from machikoro.cards.model import Establishment, Landmark
from machikoro.errors import DocumentError, InvalidValueError, MachiKoroError
from machikoro.interchange.gamerecord import RULES, GameRecord, Result
from machikoro.moves import MOVE_TYPES, Move, canonical, well_formed
from machikoro.options import RulesOptions
from machikoro.state import GameState, Pending, make_state
from machikoro.validation import validate
from meeplekit import documents
from meeplekit.documents import Bad, complete, show, tagged
from meeplekit.interchange import records as core

__all__ = [
    "FORMAT",
    "KINDS",
    "MAX_DOCUMENT_BYTES",
    "converter",
    "from_data",
    "from_json",
    "record_from_data",
    "to_data",
    "to_json",
]

#: The format and version every document states (MK-JSON-1).
FORMAT: Final = "machikoro/1"
#: The largest document :func:`from_json` reads, in bytes of UTF-8 (MK-JSON-2).
MAX_DOCUMENT_BYTES: Final = 1 << 20
#: What :func:`from_json` reads at the most (MK-JSON-2): objects and lists nested at most 32
#: deep, numbers of at most 20 digits (a 64-bit seed has 20).
_LIMITS: Final = documents.Limits(max_bytes=MAX_DOCUMENT_BYTES, max_nesting=32, max_digits=20)


@attrs.frozen(slots=True)
class _Player:
    """One player's part of a state document."""

    coins: int
    establishments: dict[Establishment, int]
    landmarks: tuple[Landmark, ...]


@attrs.frozen(slots=True)
class _State:
    """A state document's fields (players grouped by seat, counts by key)."""

    options: RulesOptions
    seed: int
    players: tuple[_Player, ...]
    market: dict[Establishment, int]
    deck: dict[Establishment, int]
    current: int
    turn: int
    rolls: tuple[tuple[int, ...], ...]
    total: int
    extra_turn: bool
    stack: tuple[Pending, ...]


def _keyed(kind: type[enum.IntEnum]) -> Callable[[Any, Any], Any]:
    keys = {m.name.lower().replace("_", "-"): m for m in kind}

    def structure(value: Any, _: Any) -> Any:
        if type(value) is str and value in keys:
            return keys[value]
        raise Bad(
            f"expected a {kind.__name__.lower()} key such as {next(iter(keys))!r}, got {show(value)}"
        )

    return structure


def _counts_hook(value: Any, _: Any) -> dict[Establishment, int]:
    if type(value) is not dict:
        raise Bad(f'expected an object of counts such as {{"cafe": 2}}, got {show(value)}')
    keyed = _keyed(Establishment)
    out: dict[Establishment, int] = {}
    for key, count in value.items():
        kind = keyed(key, Establishment)
        if type(count) is not int or count < 0:
            raise Bad(f"expected a whole number >= 0 of {key}, got {show(count)}")
        out[kind] = count
    return out


def _make_converter() -> cattrs.Converter:
    # The readings are written by their values; establishments and landmarks by their keys.
    conv = documents.make_converter(enums=lambda kind: not issubclass(kind, int))
    for kind in (Establishment, Landmark):
        conv.register_structure_hook(kind, _keyed(kind))
        conv.register_unstructure_hook(kind, lambda m: m.name.lower().replace("_", "-"))
    conv.register_structure_hook_func(lambda tp: tp == dict[Establishment, int], _counts_hook)
    conv.register_unstructure_hook_func(
        lambda tp: tp == dict[Establishment, int],
        lambda counts: {k.name.lower().replace("_", "-"): n for k, n in counts.items()},
    )
    tagged(conv, typing.get_args(Move), "move")
    tagged(conv, typing.get_args(Pending), "pending decision")
    everything = (_Player, _State, Result, *typing.get_args(Move), *typing.get_args(Pending))
    for cls in (RulesOptions, *everything):
        attrs.resolve_types(cls)
    # A factory, so that each class's function is made on first use, after every hook it
    # needs for its fields is registered.
    conv.register_structure_hook_factory(lambda tp: tp in everything, complete)
    return conv


#: The cattrs converter behind :func:`to_json` and :func:`from_json` (plain data both ways).
converter: Final[cattrs.Converter] = _make_converter()

#: Each kind of document and the type of its value (MK-JSON-1).
KINDS: Final[Mapping[str, object]] = {"state": GameState, "move": Move, "options": RulesOptions}


def _counts(row: tuple[int, ...]) -> dict[Establishment, int]:
    return {Establishment(k): n for k, n in enumerate(row) if n}


def _to_document(state: GameState) -> _State:
    players = tuple(
        _Player(
            state.coins[p],
            _counts(state.establishments[p]),
            tuple(lm for lm in Landmark if state.landmarks[p][lm]),
        )
        for p in range(len(state.coins))
    )
    return _State(
        state.options, state.seed, players, _counts(state.market), _counts(state.deck),
        state.current, state.turn, state.rolls, state.total, state.extra_turn, state.stack,
    )  # fmt: skip


def _from_document(doc: _State) -> GameState:
    size = len(Establishment)

    def row(counts: dict[Establishment, int]) -> tuple[int, ...]:
        out = [0] * size
        for kind, n in counts.items():
            out[kind] = n
        return tuple(out)

    return make_state(
        doc.options,
        doc.seed,
        tuple(p.coins for p in doc.players),
        tuple(row(p.establishments) for p in doc.players),
        tuple(tuple(lm in p.landmarks for lm in Landmark) for p in doc.players),
        row(doc.market),
        row(doc.deck),
        doc.current,
        doc.turn,
        doc.rolls,
        doc.total,
        doc.extra_turn,
        tuple(doc.stack),
    )


def _kind_of(value: object) -> str:
    if type(value) in MOVE_TYPES:
        return "move"
    if type(value) is GameState:
        return "state"
    if type(value) is RulesOptions:
        return "options"
    if type(value) is GameRecord:
        return "record"
    raise TypeError(
        "to_json writes a GameState, a move, RulesOptions or a GameRecord, not "
        f"{type(value).__name__}"
    )


def to_data(value: object) -> Any:
    """The plain data (dicts, lists, strings, numbers) a document holds for ``value``.

    ``value`` is what :func:`to_json` writes; ``from_data(to_data(value), type, field)``
    gives it back.
    """
    if isinstance(value, GameState):
        return converter.unstructure(_to_document(value))
    return converter.unstructure(value)


def to_json(value: object, *, indent: int | None = None) -> str:
    """``value`` as a JSON document: ``{"format": "machikoro/1", "kind": KIND, KIND: ...}``.

    ``value`` is a :class:`~machikoro.state.GameState`, a move,
    :class:`~machikoro.options.RulesOptions` or a :class:`~machikoro.interchange.records.GameRecord`.
    Equal values give equal text. A move or options made around their constructors are
    written as the constructors make them, or refused with
    :class:`~machikoro.errors.InvalidMoveError` or
    :class:`~machikoro.errors.InvalidValueError` (MK-INPUT-1, MK-INPUT-2).
    """
    kind = _kind_of(value)
    made = documents.as_made(
        kind, value, move=well_formed, options=RulesOptions, error=InvalidValueError
    )
    return documents.write_document(
        FORMAT, kind, to_data(made), indent=indent, error=InvalidValueError
    )


def from_json(text: str | bytes) -> Any:
    """The value a document written by :func:`to_json` holds, checked (MK-JSON-2, MK-REC-7).

    Raises :class:`~machikoro.errors.DocumentError`, naming the field, for anything that is
    not such a document: bad JSON, another format, an unknown kind, field or ``type`` tag,
    a value of the wrong type or out of range, a state :func:`machikoro.validate` refuses,
    and a record whose moves are illegal or whose stated result is not the game's.
    """
    data = documents.read_json(text, _LIMITS, error=DocumentError)
    kind, payload = documents.open_document(data, FORMAT, (*KINDS, "record"), error=DocumentError)
    if kind == "record":
        return record_from_data(payload)
    return from_data(payload, KINDS[kind], kind)


def from_data(data: object, cls: Any, field: str) -> Any:
    """``data`` (plain JSON values) as a ``cls``, checked as :func:`from_json` checks it.

    ``cls`` is :class:`~machikoro.state.GameState`, ``Move``,
    :class:`~machikoro.options.RulesOptions` or any type the converter reads. ``field``
    names where ``data`` sits in its document, for error messages. A state is validated
    (:func:`machikoro.validate`); a move is the engine's shared instance.
    """
    target: Any = _State if cls is GameState else cls
    try:
        value = converter.structure(data, target)
    except Exception as exc:  # cattrs wraps the hooks' and constructors' errors in groups
        raise documents.structure_error(
            exc, field, error=DocumentError, own=(MachiKoroError,)
        ) from None
    if cls is Move:
        return canonical(value)
    if cls is GameState:
        state = _from_document(value)
        found = validate(state)
        if found:
            listed = "; ".join(f"[{v.rule_id}] {v.reason}" for v in found[:5])
            raise DocumentError(field, f"not a valid position: {listed}")
        return state
    return value


# --------------------------------------------------------------------------- records


def _unstructure_record(record: GameRecord) -> dict[str, Any]:
    return {
        "start": to_data(record.start),
        "moves": [converter.unstructure(m) for m in record.moves],
        "tags": dict(record.tags),
        "comments": [[index, text] for index, text in record.comments],
        "result": None if record.result is None else converter.unstructure(record.result),
    }


def record_from_data(data: object) -> GameRecord:
    """A record from the plain data of its JSON document (the ``"record"`` field), checked.

    The moves are replayed as :func:`machikoro.interchange.records.replay` does, each read just before
    it is played (so a long list is refused at its first bad move), and a document whose
    moves are illegal or whose stated result is wrong is refused (MK-REC-7,
    :func:`meeplekit.interchange.records.record_from_data`).
    """
    parts = core.record_from_data(
        RULES, data, load=from_data, state=GameState, move=Move, result=Result
    )
    return GameRecord(
        start=parts.start,
        moves=parts.moves,
        tags=parts.tags,
        comments=parts.comments,
        result=None if parts.result is None else Result(*parts.result),
    )


converter.register_unstructure_hook(GameRecord, _unstructure_record)
