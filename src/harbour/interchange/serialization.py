"""Versioned JSON for states, moves, observations, options, card sets and records (JSON-1..6).

:func:`to_json` writes any of these values as a JSON document that says its format,
version and kind, so :func:`from_json` needs no hint of what it reads:

>>> import harbour
>>> move = harbour.PayToll(harbour.Good.FISH)
>>> text = harbour.to_json(move)
>>> text
'{"format":"harbour/1","kind":"move","move":{"type":"pay-toll","good":"fish"}}'
>>> harbour.from_json(text) == move
True

A state names a built-in card set by name and digest
(:mod:`harbour.cards.identity`) and embeds any other. :func:`from_json` checks every
field's type exactly (a count is a JSON integer, never ``2.0``, ``"2"`` or ``true``),
refuses unknown fields and unknown ``type`` tags, and passes every state through
:func:`harbour.validate`. Whatever is wrong raises :class:`~harbour.errors.DocumentError`
naming the field:

>>> harbour.from_json('{"format":"harbour/1","kind":"move","move":{"type":"pay-toll","good":"gold"}}')
Traceback (most recent call last):
...
harbour.errors.DocumentError: move.good: expected one of 'fish', 'livestock', 'wood', 'stone', got "gold"

:data:`converter` is the `cattrs <https://catt.rs>`_ converter behind both, for callers who
want plain data (``converter.unstructure(state)``) rather than text. JSON is for the edges
of a program (saving, sending, logging); the engine never uses it.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any, Final

import attrs
import cattrs

from harbour.cards.abilities import Ability
from harbour.cards.effects import Effect, Symbol
from harbour.cards.files import dump_card_set, load_card_data
from harbour.cards.identity import built_in_card_set, card_set_digest, is_built_in
from harbour.cards.model import CardSet
from harbour.errors import DocumentError, HarbourError, InvalidValueError
from harbour.goods import GOODS, Good, Goods
from harbour.interchange.gamerecord import RULES, GameRecord, Result
from harbour.moves import MOVE_TYPES, Move, of_some_game, well_formed
from harbour.observation import (
    HiddenCharacterChoice,
    HiddenFreeBuildingChoice,
    Observation,
    ObservedPending,
    PlayerView,
)
from harbour.options import RulesOptions
from harbour.state import GameState, Pending, PlayerState, Site
from harbour.validation import validate
from meeplekit import documents
from meeplekit.documents import Bad, by_value, complete, show, tagged, type_tag
from meeplekit.interchange import records as core

__all__ = [
    "FORMAT",
    "KINDS",
    "MAX_DOCUMENT_BYTES",
    "MAX_DOCUMENT_NESTING",
    "converter",
    "from_data",
    "from_json",
    "record_from_data",
    "to_json",
    "type_tag",
]

#: The format and version every document states (JSON-1).
FORMAT: Final = "harbour/1"
#: The largest document :func:`from_json` reads, in bytes of UTF-8 (JSON-5).
MAX_DOCUMENT_BYTES: Final = 4 << 20
#: How deeply objects and lists may nest in a document (JSON-5).
MAX_DOCUMENT_NESTING: Final = 64
#: What :func:`from_json` reads at the most (JSON-5): a number has at most 20 digits (a
#: 64-bit seed has 20).
_LIMITS: Final = documents.Limits(MAX_DOCUMENT_BYTES, MAX_DOCUMENT_NESTING, max_digits=20)


# --------------------------------------------------------------------------- the converter


def _structure_good(value: Any, _: Any) -> Good:
    if type(value) is str:
        for good in GOODS:
            if good.label == value:
                return good
    allowed = ", ".join(repr(g.label) for g in GOODS)
    raise Bad(f"expected one of {allowed}, got {show(value)}")


def _structure_goods(value: Any, _: Any) -> Goods:
    if type(value) is not dict:
        raise Bad(f'expected an object of goods such as {{"fish": 2}}, got {show(value)}')
    labels = {g.label for g in GOODS}
    for key, count in value.items():
        if key not in labels:
            raise Bad(f"expected goods named fish, livestock, wood or stone, got {show(key)}")
        if type(count) is not int or count < 0:
            raise Bad(f"expected a whole number >= 0 of {key}, got {show(count)}")
    return Goods(**value)


def _unstructure_goods(goods: Goods) -> dict[str, int]:
    return {g.label: n for g, n in zip(GOODS, goods.as_tuple(), strict=True) if n}


def _unstructure_cards(cards: CardSet, *, embed: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"name": cards.name, "digest": card_set_digest(cards)}
    if embed or not is_built_in(cards):
        out["data"] = dump_card_set(cards)
    return out


def _structure_cards(value: Any, _: Any) -> CardSet:
    if type(value) is not dict:
        raise Bad(f"expected a card set (an object with a name and digest), got {show(value)}")
    extra = set(value) - {"name", "digest", "data"}
    if extra:
        raise Bad(f"unknown field(s) {documents.names(extra)} in a card set")
    name, digest = value.get("name"), value.get("digest")
    if type(name) is not str or type(digest) is not str:
        raise Bad('expected a card set with a "name" and a "digest" (strings)')
    if "data" not in value:
        try:
            return built_in_card_set(name, digest)
        except HarbourError as exc:
            raise Bad(str(exc)) from None
    data = value["data"]
    if type(data) is not dict:
        raise Bad(f"expected card data (an object), got {show(data)}")
    try:
        cards = load_card_data(data, source="card data")
    except HarbourError as exc:
        raise Bad(str(exc)) from None
    if card_set_digest(cards) != digest:
        raise Bad(
            f"the card data has digest {card_set_digest(cards)}, not the {digest} stated: "
            "the cards were changed"
        )
    return cards


def _make_converter() -> cattrs.Converter:
    conv = documents.make_converter(enums=lambda kind: kind is not Good)
    conv.register_structure_hook(Good, _structure_good)
    conv.register_unstructure_hook(Good, lambda g: g.label)
    conv.register_structure_hook(Symbol, by_value)
    conv.register_structure_hook(Goods, _structure_goods)
    conv.register_unstructure_hook(Goods, _unstructure_goods)
    conv.register_structure_hook(CardSet, _structure_cards)
    conv.register_unstructure_hook(CardSet, _unstructure_cards)
    for union, what in (
        (Site, "site"),
        (Pending, "pending decision"),
        (Move, "move"),
        (Effect, "action"),
        (Ability, "ability"),
        (ObservedPending, "pending decision"),
    ):
        tagged(conv, typing.get_args(union), what)
    everything = (
        GameState,
        PlayerState,
        Observation,
        PlayerView,
        HiddenCharacterChoice,
        HiddenFreeBuildingChoice,
        *_union_members(),
    )
    for cls in everything:
        attrs.resolve_types(cls)
    # A factory, so that each class's function is made on first use, after every hook it
    # needs for its fields is registered.
    conv.register_structure_hook_factory(lambda tp: tp in everything, complete)
    # RulesOptions alone may leave fields out: a reading added in a later version of the
    # library is absent from older documents, which were played under its default.
    attrs.resolve_types(RulesOptions)
    return conv


def _union_members() -> tuple[type, ...]:
    unions = (Site, Pending, Move, Effect, Ability)
    return tuple(cls for union in unions for cls in typing.get_args(union))


#: The cattrs converter behind :func:`to_json` and :func:`from_json` (plain data both ways).
converter: Final[cattrs.Converter] = _make_converter()


# --------------------------------------------------------------------------- documents

#: Each kind of document, the key holding its value, and the value's type (JSON-1).
KINDS: Final[Mapping[str, type]] = {
    "state": GameState,
    "move": Move,  # type: ignore[dict-item]
    "observation": Observation,
    "options": RulesOptions,
    "cards": CardSet,
}


def _kind_of(value: object) -> str:
    if type(value) in MOVE_TYPES:
        return "move"
    for kind, cls in KINDS.items():
        if kind != "move" and type(value) is cls:
            return kind
    if type(value) is GameRecord:
        return "record"
    raise TypeError(
        "to_json writes a GameState, a move, an Observation, RulesOptions, a CardSet or a "
        f"GameRecord, not {type(value).__name__}"
    )


def _writable(move: object) -> Move:
    """A move as its constructor makes it, if some game can have it (INPUT-1)."""
    return of_some_game(well_formed(move))


def to_json(value: object, *, indent: int | None = None) -> str:
    """``value`` as a JSON document: ``{"format": "harbour/1", "kind": KIND, KIND: ...}``.

    ``value`` is a :class:`~harbour.state.GameState`, a move, an
    :class:`~harbour.observation.Observation`, :class:`~harbour.options.RulesOptions`, a
    :class:`~harbour.cards.model.CardSet` or a :class:`~harbour.interchange.records.GameRecord`.
    ``indent`` pretty-prints (as ``json.dumps``). The text is deterministic: equal values
    give equal text. A move is written as its constructor makes it: one made around its
    constructor that the constructor refuses, or that no game can have, raises
    :class:`~harbour.errors.InvalidMoveError` (:func:`harbour.moves.of_some_game`, INPUT-1),
    and options made around their constructor :class:`~harbour.errors.InvalidValueError`
    (INPUT-2).
    """
    kind = _kind_of(value)
    value = documents.as_made(
        kind, value, move=_writable, options=RulesOptions, error=InvalidValueError
    )
    payload = (
        _unstructure_cards(value, embed=True)
        if isinstance(value, CardSet)
        else converter.unstructure(value)
    )
    return documents.write_document(FORMAT, kind, payload, indent=indent, error=InvalidValueError)


def from_json(text: str | bytes) -> Any:
    """The value a document written by :func:`to_json` holds, checked.

    The document's ``kind`` says what it holds. Raises
    :class:`~harbour.errors.DocumentError`, naming the field, for anything that is not
    such a document: bad JSON, another format or version, an unknown kind, field or
    ``type`` tag, a value of the wrong type or out of range, a card set whose digest does
    not match its content or the built-in set of that name, and a state or record that
    :func:`harbour.validate` or the rules refuse. Documents over
    :data:`MAX_DOCUMENT_BYTES` or nested over :data:`MAX_DOCUMENT_NESTING` deep are
    refused unread (JSON-5).
    """
    data = documents.read_json(text, _LIMITS, error=DocumentError)
    kind, payload = documents.open_document(data, FORMAT, (*KINDS, "record"), error=DocumentError)
    if kind == "record":
        return record_from_data(payload)
    return from_data(payload, KINDS[kind], kind)


def from_data(data: object, cls: Any, field: str) -> Any:
    """``data`` (plain JSON values) as a ``cls``, checked as :func:`from_json` checks it.

    ``field`` names where ``data`` sits in its document, for error messages. A state is
    validated (:func:`harbour.validate`).
    """
    try:
        value = converter.structure(data, cls)
    except Exception as exc:  # cattrs wraps the hooks' and constructors' errors in groups
        raise documents.structure_error(
            exc, field, error=DocumentError, own=(HarbourError,)
        ) from None
    if isinstance(value, GameState):
        violations = validate(value)
        if violations:
            listed = "; ".join(f"[{v.rule_id}] {v.reason}" for v in violations[:5])
            raise DocumentError(field, f"not a valid position: {listed}")
    return value


# --------------------------------------------------------------------------- records


def _unstructure_record(record: GameRecord) -> dict[str, Any]:
    return {
        "start": converter.unstructure(record.start),
        "moves": [converter.unstructure(m) for m in record.moves],
        "tags": dict(record.tags),
        "comments": [[index, text] for index, text in record.comments],
        "result": None if record.result is None else converter.unstructure(record.result),
    }


def record_from_data(data: object) -> GameRecord:
    """A record from the plain data of its JSON document (the ``"record"`` field), checked.

    The moves are replayed as :func:`harbour.interchange.records.replay` does, each read just before
    it is played (so a long list is refused at its first bad move), and a document whose
    moves are illegal or whose stated result is wrong is refused
    (:func:`meeplekit.interchange.records.record_from_data`).
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
