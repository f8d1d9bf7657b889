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

import enum
import json
import re
import sys
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import cattrs
import cattrs.cols
import cattrs.errors

from harbour.cards.abilities import Ability
from harbour.cards.effects import Effect, Symbol

# The card-file reader's guards against hostile JSON serve documents too.
from harbour.cards.files import (
    _Invalid,
    _json_constant,
    _json_shape,
    _no_repeated_keys,
    dump_card_set,
    load_card_data,
)
from harbour.cards.identity import built_in_card_set, card_set_digest, is_built_in
from harbour.cards.model import CardSet
from harbour.errors import DocumentError, HarbourError
from harbour.goods import GOODS, Good, Goods
from harbour.moves import MOVE_TYPES, Move
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

__all__ = [
    "FORMAT",
    "KINDS",
    "MAX_DOCUMENT_BYTES",
    "MAX_DOCUMENT_NESTING",
    "converter",
    "from_data",
    "from_json",
    "to_json",
    "type_tag",
]

#: The format and version every document states (JSON-1).
FORMAT: Final = "harbour/1"
#: The largest document :func:`from_json` reads, in bytes of UTF-8 (JSON-5).
MAX_DOCUMENT_BYTES: Final = 4 << 20
#: How deeply objects and lists may nest in a document (JSON-5).
MAX_DOCUMENT_NESTING: Final = 64
#: The most digits of a number in a document (a 64-bit seed has 20) (JSON-5).
_MAX_DIGITS: Final = 20


def type_tag(cls: type) -> str:
    """The ``"type"`` tag of a class in documents: its name in kebab case (``"pay-toll"``)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "-", cls.__name__).lower()


class _Bad(Exception):
    """A value of the wrong shape, raised inside the converter's hooks."""


def _names(names: typing.Iterable[str]) -> str:
    """Field names for a message: the first few in order, and how many more there are."""
    listed = sorted(names)
    shown = ", ".join(_show(n)[1:-1] for n in listed[:5])
    return shown + (f" and {len(listed) - 5} more" if len(listed) > 5 else "")


def _show(value: object) -> str:
    if isinstance(value, str | int | float | bool | None):
        text = json.dumps(value)
    elif isinstance(value, dict):
        text = "an object"
    elif isinstance(value, list):
        text = "a list"
    else:
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


# --------------------------------------------------------------------------- the converter


def _exact(kind: type, label: str) -> Callable[[Any, Any], Any]:
    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise _Bad(f"expected {label}, got {_show(value)}")
        return value

    return structure


def _structure_good(value: Any, _: Any) -> Good:
    if type(value) is str:
        for good in GOODS:
            if good.label == value:
                return good
    allowed = ", ".join(repr(g.label) for g in GOODS)
    raise _Bad(f"expected one of {allowed}, got {_show(value)}")


def _structure_enum(value: Any, kind: type[enum.Enum]) -> enum.Enum:
    for member in kind:
        if type(value) is str and member.value == value:
            return member
    allowed = ", ".join(repr(m.value) for m in kind)
    raise _Bad(f"expected one of {allowed}, got {_show(value)}")


def _structure_goods(value: Any, _: Any) -> Goods:
    if type(value) is not dict:
        raise _Bad(f'expected an object of goods such as {{"fish": 2}}, got {_show(value)}')
    labels = {g.label for g in GOODS}
    for key, count in value.items():
        if key not in labels:
            raise _Bad(f"expected goods named fish, livestock, wood or stone, got {_show(key)}")
        if type(count) is not int or count < 0:
            raise _Bad(f"expected a whole number >= 0 of {key}, got {_show(count)}")
    return Goods(**value)


def _unstructure_goods(goods: Goods) -> dict[str, int]:
    return {g.label: n for g, n in zip(GOODS, goods.as_tuple(), strict=True) if n}


def _is_tuple(tp: Any) -> bool:
    return typing.get_origin(tp) is tuple


def _tuple_hook(tp: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        return _homogenous(tp, args[0], conv)
    inner = conv.gen_structure_hetero_tuple(tp)
    size = len(args)

    def structure(value: Any, _: Any) -> Any:
        if type(value) not in (list, tuple):  # JSON gives lists; plain data may hold tuples
            raise _Bad(f"expected a list, got {_show(value)}")
        if len(value) != size:
            raise _Bad(f"expected a list of {size} items, got {len(value)}")
        return inner(value, tp)

    return structure


def _homogenous(tp: Any, item: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A list of any length as a tuple, stopping at the first bad item (JSON-5).

    cattrs' own hook reports every bad item, which takes seconds for a long list; this one
    names only the first, in time proportional to the items before it.
    """
    handler = conv.get_structure_hook(item)

    def structure(value: Any, _: Any) -> Any:
        if type(value) not in (list, tuple):  # JSON gives lists; plain data may hold tuples
            raise _Bad(f"expected a list, got {_show(value)}")
        if item is int and set(map(type, value)) <= {int}:
            return tuple(value)  # the common case, without a call per item
        out = []
        for index, element in enumerate(value):
            try:
                out.append(handler(element, item))
            except Exception as exc:
                note = cattrs.errors.IterableValidationNote(
                    f"Structuring {tp} @ index {index}", index, item
                )
                exc.__notes__ = [*getattr(exc, "__notes__", []), note]
                raise cattrs.errors.IterableValidationError(
                    f"While structuring {tp!r}", [exc], tp
                ) from None
        return tuple(out)

    return structure


def _union_of(members: tuple[type, ...]) -> Callable[[Any], bool]:
    """A predicate for the union of ``members``, with or without ``None``."""
    wanted = set(members)

    def check(tp: Any) -> bool:
        args = set(typing.get_args(tp)) - {type(None)}
        return typing.get_origin(tp) in (typing.Union, type(Site)) and args == wanted

    return check


def _tagged(conv: cattrs.Converter, members: tuple[type, ...], what: str) -> None:
    """Structure and unstructure the union of ``members`` tagged by ``"type"`` (JSON-2)."""
    registry = {type_tag(cls): cls for cls in members}
    allowed = ", ".join(repr(t) for t in registry)

    def structure(value: Any, tp: Any) -> Any:
        if value is None and type(None) in typing.get_args(tp):
            return None
        if type(value) is not dict:
            raise _Bad(f'expected {what} (an object with a "type"), got {_show(value)}')
        tag = value.get("type")
        cls = registry.get(tag) if type(tag) is str else None
        if cls is None:
            raise _Bad(f"unknown {what} type {_show(tag)}; expected one of {allowed}")
        return conv.structure({k: v for k, v in value.items() if k != "type"}, cls)

    conv.register_structure_hook_func(_union_of(members), structure)
    for cls in members:
        attrs.resolve_types(cls)
        fields: Callable[[Any], dict[str, Any]] = cattrs.gen.make_dict_unstructure_fn(cls, conv)
        conv.register_unstructure_hook(cls, _with_tag(type_tag(cls), fields))


def _with_tag(tag: str, fields: Callable[[Any], dict[str, Any]]) -> Callable[[Any], Any]:
    def unstructure(obj: Any) -> dict[str, Any]:
        return {"type": tag, **fields(obj)}

    return unstructure


def _unstructure_cards(cards: CardSet, *, embed: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"name": cards.name, "digest": card_set_digest(cards)}
    if embed or not is_built_in(cards):
        out["data"] = dump_card_set(cards)
    return out


def _structure_cards(value: Any, _: Any) -> CardSet:
    if type(value) is not dict:
        raise _Bad(f"expected a card set (an object with a name and digest), got {_show(value)}")
    extra = set(value) - {"name", "digest", "data"}
    if extra:
        raise _Bad(f"unknown field(s) {_names(extra)} in a card set")
    name, digest = value.get("name"), value.get("digest")
    if type(name) is not str or type(digest) is not str:
        raise _Bad('expected a card set with a "name" and a "digest" (strings)')
    if "data" not in value:
        try:
            return built_in_card_set(name, digest)
        except HarbourError as exc:
            raise _Bad(str(exc)) from None
    data = value["data"]
    if type(data) is not dict:
        raise _Bad(f"expected card data (an object), got {_show(data)}")
    try:
        cards = load_card_data(data, source="card data")
    except HarbourError as exc:
        raise _Bad(str(exc)) from None
    if card_set_digest(cards) != digest:
        raise _Bad(
            f"the card data has digest {card_set_digest(cards)}, not the {digest} stated: "
            "the cards were changed"
        )
    return cards


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(int, _exact(int, "a whole number"))
    conv.register_structure_hook(bool, _exact(bool, "true or false"))
    conv.register_structure_hook(str, _exact(str, "a string"))
    conv.register_structure_hook(Good, _structure_good)
    conv.register_unstructure_hook(Good, lambda g: g.label)
    conv.register_structure_hook(Symbol, _structure_enum)
    conv.register_structure_hook_func(
        lambda tp: isinstance(tp, type) and issubclass(tp, enum.Enum) and tp is not Good,
        _structure_enum,
    )
    conv.register_unstructure_hook_func(
        lambda tp: isinstance(tp, type) and issubclass(tp, enum.Enum) and tp is not Good,
        lambda member: member.value,
    )
    conv.register_structure_hook(Goods, _structure_goods)
    conv.register_unstructure_hook(Goods, _unstructure_goods)
    conv.register_structure_hook_factory(_is_tuple, _tuple_hook)
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
        _tagged(conv, typing.get_args(union), what)
    complete = (
        GameState,
        PlayerState,
        Observation,
        PlayerView,
        HiddenCharacterChoice,
        HiddenFreeBuildingChoice,
        *_union_members(),
    )
    for cls in complete:
        attrs.resolve_types(cls)
    # A factory, so that each class's function is made on first use, after every hook it
    # needs for its fields is registered.
    conv.register_structure_hook_factory(lambda tp: tp in complete, _complete)
    # RulesOptions alone may leave fields out: a reading added in a later version of the
    # library is absent from older documents, which were played under its default.
    attrs.resolve_types(RulesOptions)
    return conv


def _union_members() -> tuple[type, ...]:
    unions = (Site, Pending, Move, Effect, Ability)
    return tuple(cls for union in unions for cls in typing.get_args(union))


def _complete(cls: type, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """Structure ``cls`` from an object that gives every field (JSON-3)."""
    names = [f.name for f in attrs.fields(cls)]
    inner: Callable[[Any, Any], Any] = cattrs.gen.make_dict_structure_fn(
        cls, conv, _cattrs_forbid_extra_keys=True
    )

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise _Bad(f"expected an object, got {_show(value)}")
        missing = [n for n in names if n not in value]
        if missing:
            raise _Bad(f"missing field(s) {', '.join(missing)}")
        return inner(value, cls)

    return structure


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
    records = sys.modules.get("harbour.records")  # a record exists only once it is imported
    if records is not None and type(value) is records.GameRecord:
        return "record"
    raise TypeError(
        "to_json writes a GameState, a move, an Observation, RulesOptions, a CardSet or a "
        f"GameRecord, not {type(value).__name__}"
    )


def to_json(value: object, *, indent: int | None = None) -> str:
    """``value`` as a JSON document: ``{"format": "harbour/1", "kind": KIND, KIND: ...}``.

    ``value`` is a :class:`~harbour.state.GameState`, a move, an
    :class:`~harbour.observation.Observation`, :class:`~harbour.options.RulesOptions`, a
    :class:`~harbour.cards.model.CardSet` or a :class:`~harbour.records.GameRecord`.
    ``indent`` pretty-prints (as ``json.dumps``). The text is deterministic: equal values
    give equal text.
    """
    kind = _kind_of(value)
    payload = (
        _unstructure_cards(value, embed=True)
        if isinstance(value, CardSet)
        else converter.unstructure(value)
    )
    document = {"format": FORMAT, "kind": kind, kind: payload}
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(document, indent=indent, separators=separators, ensure_ascii=False)


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
    data = _parse(text)
    if type(data) is not dict:
        raise DocumentError("", f"expected a harbour document (a JSON object), got {_show(data)}")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise DocumentError("format", f"expected {FORMAT!r}, got {_show(fmt)}")
    kind = data.get("kind")
    kinds = (*KINDS, "record")
    if type(kind) is not str or kind not in kinds:
        allowed = ", ".join(repr(k) for k in kinds)
        raise DocumentError("kind", f"expected one of {allowed}, got {_show(kind)}")
    extra = set(data) - {"format", "kind", kind}
    if extra:
        raise DocumentError("", f"unknown field(s) {_names(extra)}")
    if kind not in data:
        raise DocumentError(kind, "missing")
    if kind == "record":
        from harbour.records import record_from_data  # records use this module to write states

        return record_from_data(data[kind])
    return from_data(data[kind], KINDS[kind], kind)


def from_data(data: object, cls: Any, field: str) -> Any:
    """``data`` (plain JSON values) as a ``cls``, checked as :func:`from_json` checks it.

    ``field`` names where ``data`` sits in its document, for error messages. A state is
    validated (:func:`harbour.validate`).
    """
    try:
        value = converter.structure(data, cls)
    except Exception as exc:  # cattrs wraps the hooks' and constructors' errors in groups
        raise _document_error(exc, field) from None
    if isinstance(value, GameState):
        violations = validate(value)
        if violations:
            listed = "; ".join(f"[{v.rule_id}] {v.reason}" for v in violations[:5])
            raise DocumentError(field, f"not a valid position: {listed}")
    return value


def _document_error(exc: Exception, field: str) -> DocumentError:
    messages = cattrs.transform_error(exc, path=field, format_exception=_format_exception)
    first = messages[0] if messages else f"{type(exc).__name__}: {exc} @ {field}"
    reason, _, where = first.rpartition(" @ ")
    return DocumentError(where or field, reason or first)


def _format_exception(exc: BaseException, tp: Any) -> str:
    if isinstance(exc, _Bad | HarbourError):
        return str(exc)
    if isinstance(exc, cattrs.errors.ForbiddenExtraKeysError):
        return f"unknown field(s) {_names(exc.extra_fields)}"
    if isinstance(exc, KeyError):
        return "a required field is missing"
    return cattrs.v.format_exception(exc, tp)


def _parse(text: str | bytes) -> Any:
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_DOCUMENT_BYTES:
            raise DocumentError("", f"expected at most {MAX_DOCUMENT_BYTES} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DocumentError("", f"expected UTF-8 text: {exc.reason}") from None
    if type(text) is not str:
        raise DocumentError("", f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_BYTES or len(text.encode("utf-8")) > MAX_DOCUMENT_BYTES:
        raise DocumentError("", f"expected at most {MAX_DOCUMENT_BYTES} bytes")
    depth, too_long = _json_shape(text, _MAX_DIGITS)
    if depth > MAX_DOCUMENT_NESTING:
        raise DocumentError(
            "", f"expected objects and lists nested at most {MAX_DOCUMENT_NESTING} deep"
        )
    if too_long:
        raise DocumentError("", f"expected numbers of at most {_MAX_DIGITS} digits")
    try:
        return json.loads(text, object_pairs_hook=_no_repeated_keys, parse_constant=_json_constant)
    except json.JSONDecodeError as exc:
        raise DocumentError(
            "", f"not valid JSON: {exc.msg} (at line {exc.lineno}, column {exc.colno})"
        ) from None
    except _Invalid as exc:
        raise DocumentError("", exc.reason) from None
    except (ValueError, RecursionError) as exc:
        raise DocumentError("", f"not readable JSON: {exc}") from None
