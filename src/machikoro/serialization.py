"""Versioned JSON for states, moves and options (MK-JSON-1, MK-JSON-2).

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

:data:`converter` is the `cattrs <https://catt.rs>`_ converter behind both.
"""

from __future__ import annotations

import enum
import json
import re
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import cattrs
import cattrs.errors
import cattrs.gen

from machikoro.cards.model import Establishment, Landmark
from machikoro.errors import DocumentError, MachiKoroError
from machikoro.moves import MOVE_TYPES, Move, canonical
from machikoro.options import RulesOptions
from machikoro.state import GameState, Pending, make_state
from machikoro.validation import validate

__all__ = ["FORMAT", "KINDS", "MAX_DOCUMENT_BYTES", "converter", "from_json", "to_json"]

#: The format and version every document states (MK-JSON-1).
FORMAT: Final = "machikoro/1"
#: The largest document :func:`from_json` reads, in bytes.
MAX_DOCUMENT_BYTES: Final = 1 << 20
#: How deeply objects and lists may nest in a document.
_MAX_NESTING: Final = 32


def _tag(cls: type) -> str:
    """The ``"type"`` tag of a class: its name in kebab case (``"roll-dice"``)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "-", cls.__name__).lower()


class _Bad(Exception):
    """A value of the wrong shape, raised inside the converter's hooks."""


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


def _exact(kind: type, label: str) -> Callable[[Any, Any], Any]:
    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise _Bad(f"expected {label}, got {_show(value)}")
        return value

    return structure


def _keyed(kind: type[enum.IntEnum]) -> Callable[[Any, Any], Any]:
    keys = {m.name.lower().replace("_", "-"): m for m in kind}

    def structure(value: Any, _: Any) -> Any:
        if type(value) is str and value in keys:
            return keys[value]
        raise _Bad(
            f"expected a {kind.__name__.lower()} key such as {next(iter(keys))!r}, got {_show(value)}"
        )

    return structure


def _reading(value: Any, kind: type[enum.Enum]) -> enum.Enum:
    for member in kind:
        if type(value) is str and member.value == value:
            return member
    allowed = ", ".join(repr(m.value) for m in kind)
    raise _Bad(f"expected one of {allowed}, got {_show(value)}")


def _is_tuple(tp: Any) -> bool:
    """A homogeneous tuple type (``tuple[int, ...]``)."""
    args = typing.get_args(tp)
    return typing.get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis


def _tuple_hook(tp: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    item = typing.get_args(tp)[0]
    handler = conv.get_structure_hook(item)

    def structure(value: Any, _: Any) -> Any:
        if type(value) not in (list, tuple):
            raise _Bad(f"expected a list, got {_show(value)}")
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


def _counts_hook(value: Any, _: Any) -> dict[Establishment, int]:
    if type(value) is not dict:
        raise _Bad(f'expected an object of counts such as {{"cafe": 2}}, got {_show(value)}')
    keyed = _keyed(Establishment)
    out: dict[Establishment, int] = {}
    for key, count in value.items():
        kind = keyed(key, Establishment)
        if type(count) is not int or count < 0:
            raise _Bad(f"expected a whole number >= 0 of {key}, got {_show(count)}")
        out[kind] = count
    return out


def _tagged(conv: cattrs.Converter, members: tuple[type, ...], what: str) -> None:
    """Structure and unstructure the union of ``members`` tagged by ``"type"``."""
    registry = {_tag(cls): cls for cls in members}
    allowed = ", ".join(repr(t) for t in registry)
    wanted = set(members)

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise _Bad(f'expected {what} (an object with a "type"), got {_show(value)}')
        tag = value.get("type")
        cls = registry.get(tag) if type(tag) is str else None
        if cls is None:
            raise _Bad(f"unknown {what} type {_show(tag)}; expected one of {allowed}")
        fields = {k: v for k, v in value.items() if k != "type"}
        extra = set(fields) - {f.name for f in attrs.fields(cls)}
        if extra:
            raise _Bad(f"unknown field(s) {', '.join(sorted(extra))} in a {tag}")
        try:
            return cls(**{k: conv.structure(v, _field_type(cls, k)) for k, v in fields.items()})
        except TypeError as exc:
            raise _Bad(f"a {tag} needs its fields: {exc}") from None

    conv.register_structure_hook_func(lambda tp: set(typing.get_args(tp)) == wanted, structure)
    for cls in members:
        attrs.resolve_types(cls)
        fields_fn: Callable[[Any], dict[str, Any]] = cattrs.gen.make_dict_unstructure_fn(cls, conv)
        conv.register_unstructure_hook(cls, _with_tag(_tag(cls), fields_fn))


def _field_type(cls: type, name: str) -> Any:
    return attrs.fields_dict(cls)[name].type


def _with_tag(tag: str, fields: Callable[[Any], dict[str, Any]]) -> Callable[[Any], Any]:
    def unstructure(obj: Any) -> dict[str, Any]:
        return {"type": tag, **fields(obj)}

    return unstructure


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(int, _exact(int, "a whole number"))
    conv.register_structure_hook(bool, _exact(bool, "true or false"))
    conv.register_structure_hook(str, _exact(str, "a string"))
    for kind in (Establishment, Landmark):
        conv.register_structure_hook(kind, _keyed(kind))
        conv.register_unstructure_hook(kind, lambda m: m.name.lower().replace("_", "-"))
    conv.register_structure_hook_func(
        lambda tp: isinstance(tp, type) and issubclass(tp, enum.Enum) and not issubclass(tp, int),
        _reading,
    )
    conv.register_unstructure_hook_func(
        lambda tp: isinstance(tp, type) and issubclass(tp, enum.Enum) and not issubclass(tp, int),
        lambda member: member.value,
    )
    conv.register_structure_hook_factory(_is_tuple, _tuple_hook)
    conv.register_structure_hook_func(lambda tp: tp == dict[Establishment, int], _counts_hook)
    conv.register_unstructure_hook_func(
        lambda tp: tp == dict[Establishment, int],
        lambda counts: {k.name.lower().replace("_", "-"): n for k, n in counts.items()},
    )
    _tagged(conv, typing.get_args(Move), "move")
    _tagged(conv, typing.get_args(Pending), "pending decision")
    for cls in (RulesOptions, _Player, _State):
        attrs.resolve_types(cls)
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
    raise TypeError(
        f"to_json writes a GameState, a move or RulesOptions, not {type(value).__name__}"
    )


def to_json(value: object, *, indent: int | None = None) -> str:
    """``value`` as a JSON document: ``{"format": "machikoro/1", "kind": KIND, KIND: ...}``.

    ``value`` is a :class:`~machikoro.state.GameState`, a move or
    :class:`~machikoro.options.RulesOptions`. Equal values give equal text.
    """
    kind = _kind_of(value)
    payload = converter.unstructure(_to_document(value) if isinstance(value, GameState) else value)
    document = {"format": FORMAT, "kind": kind, kind: payload}
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(document, indent=indent, separators=separators, ensure_ascii=False)


def from_json(text: str | bytes) -> Any:
    """The value a document written by :func:`to_json` holds, checked (MK-JSON-2).

    Raises :class:`~machikoro.errors.DocumentError`, naming the field, for anything that is
    not such a document: bad JSON, another format, an unknown kind, field or ``type`` tag,
    a value of the wrong type or out of range, and a state :func:`machikoro.validate`
    refuses.
    """
    data = _parse(text)
    if type(data) is not dict:
        raise DocumentError("", f"expected a machikoro document (a JSON object), got {_show(data)}")
    if data.get("format") != FORMAT:
        raise DocumentError("format", f"expected {FORMAT!r}, got {_show(data.get('format'))}")
    kind = data.get("kind")
    if type(kind) is not str or kind not in KINDS:
        allowed = ", ".join(repr(k) for k in KINDS)
        raise DocumentError("kind", f"expected one of {allowed}, got {_show(kind)}")
    extra = set(data) - {"format", "kind", kind}
    if extra:
        raise DocumentError("", f"unknown field(s) {', '.join(sorted(map(str, extra)))}")
    if kind not in data:
        raise DocumentError(kind, "missing")
    target: Any = _State if kind == "state" else KINDS[kind]
    try:
        value = converter.structure(data[kind], target)
    except Exception as exc:
        raise _document_error(exc, kind) from None
    if kind == "move":
        return canonical(value)
    if kind == "state":
        state = _from_document(value)
        found = validate(state)
        if found:
            listed = "; ".join(f"[{v.rule_id}] {v.reason}" for v in found[:5])
            raise DocumentError("state", f"not a valid position: {listed}")
        return state
    return value


def _document_error(exc: Exception, field: str) -> DocumentError:
    messages = cattrs.transform_error(exc, path=field, format_exception=_format_exception)
    first = messages[0] if messages else f"{type(exc).__name__}: {exc} @ {field}"
    reason, _, where = first.rpartition(" @ ")
    return DocumentError(where or field, reason or first)


def _format_exception(exc: BaseException, tp: Any) -> str:
    if isinstance(exc, _Bad | MachiKoroError):
        return str(exc)
    if isinstance(exc, cattrs.errors.ForbiddenExtraKeysError):
        return f"unknown field(s) {', '.join(sorted(exc.extra_fields))}"
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
    if len(text) > MAX_DOCUMENT_BYTES:
        raise DocumentError("", f"expected at most {MAX_DOCUMENT_BYTES} bytes")
    depth = deepest = 0
    for char in text:  # refuse deep nesting before json.loads recurses into it
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    if deepest > _MAX_NESTING:
        raise DocumentError("", f"expected objects and lists nested at most {_MAX_NESTING} deep")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise DocumentError(
            "", f"not valid JSON: {exc.msg} (at line {exc.lineno}, column {exc.colno})"
        ) from None
    except (ValueError, RecursionError) as exc:
        raise DocumentError("", f"not readable JSON: {exc}") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
