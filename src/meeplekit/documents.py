"""JSON documents every game shares: hostile text read safely, the envelope, named errors.

Each game writes its values (states, moves, options, ...) as a JSON document that says
its format, version and kind, ``{"format": "harbour/1", "kind": "move", "move": {...}}``,
and reads one back through a `cattrs <https://catt.rs>`_ converter of its own. What does
not depend on the game lives here:

- :func:`read_json`: JSON text (``str`` or UTF-8 bytes) read with :class:`Limits` on its
  size, nesting and digits, refusing a key given twice and ``NaN``/``Infinity``; a text
  refused for its shape is refused before it is parsed, in time proportional to its
  length (the guards :func:`json_shape`, :func:`no_repeated_keys` and
  :func:`json_constant` serve other readers too, such as a game's data files);
- :func:`write_document` and :func:`open_document`: the envelope, written and checked
  (the format, a known kind, no unknown field, the value present);
- :func:`structure_error`: a converter's error (cattrs groups them) as the game's
  :class:`~meeplekit.errors.DocumentError` naming the first field at fault;
- :func:`make_converter`, a converter that takes JSON's types exactly, and hooks for the
  game's own types: :func:`exact`, :func:`by_value`, :func:`tuple_hook`, :func:`tagged`,
  :func:`complete`, which raise :class:`Bad`;
- :func:`show` and :func:`names`: values and field names for a message.

A game passes its own error class (``error=``) and its own exception base (``own=``), so
every refusal is the game's :class:`~meeplekit.errors.DocumentError`:

>>> limits = Limits(max_bytes=1000, max_nesting=4, max_digits=20)
>>> data = read_json('{"format": "game/1", "kind": "move", "move": {"type": "pass"}}', limits)
>>> open_document(data, "game/1", ("move",))
('move', {'type': 'pass'})
>>> read_json('{"a": 1, "a": 2}', limits)
Traceback (most recent call last):
...
meeplekit.errors.DocumentError: the key "a" is given twice in one table
>>> read_json("[[[[[1]]]]]", limits)
Traceback (most recent call last):
...
meeplekit.errors.DocumentError: expected objects and lists nested at most 4 deep
"""

from __future__ import annotations

import array
import enum
import itertools
import json
import re
import types
import typing
from collections.abc import Callable, Collection, Iterable
from typing import Any, Final

import attrs
import cattrs
import cattrs.errors
import cattrs.gen

from meeplekit.errors import DocumentError, InvalidValueError
from meeplekit.options import made_options
from meeplekit.values import number

__all__ = [
    "MAX_INDENT",
    "Bad",
    "Invalid",
    "Limits",
    "as_made",
    "by_value",
    "complete",
    "exact",
    "is_tuple",
    "json_constant",
    "json_shape",
    "make_converter",
    "names",
    "no_repeated_keys",
    "open_document",
    "read_json",
    "show",
    "structure_error",
    "tagged",
    "tuple_hook",
    "type_tag",
    "write_document",
]

#: The widest indent :func:`write_document` pretty-prints with.
MAX_INDENT: Final = 16

#: What a game passes as ``error``: its :class:`~meeplekit.errors.DocumentError` class, or
#: anything made from a field and a reason.
ErrorClass = Callable[[str, str], Exception]


class Invalid(Exception):
    """A problem found while reading, at a field path (``None`` for the text as a whole).

    Raised by the JSON guards (:func:`no_repeated_keys`, :func:`json_constant`) from
    inside ``json.loads``; a reader turns it into its own error.
    """

    def __init__(self, field: str | None, reason: str) -> None:
        super().__init__(reason)
        #: Where the problem is, or ``None``.
        self.field = field
        #: What is wrong, in a plain sentence.
        self.reason = reason


class Bad(Exception):
    """A value of the wrong shape, raised inside a converter's hooks; its text is the reason."""


@attrs.frozen
class Limits:
    """How large a document :func:`read_json` reads.

    >>> Limits(max_bytes=4 << 20, max_nesting=64, max_digits=20).max_nesting
    64
    """

    #: The most bytes of UTF-8 (a ``str`` is counted as its UTF-8 encoding).
    max_bytes: int
    #: How deeply objects and lists may nest.
    max_nesting: int
    #: The most digits of a whole number (a 64-bit seed has 20).
    max_digits: int


# --------------------------------------------------------------------------- messages


def show(value: object) -> str:
    """A JSON value for a message: a scalar as JSON, cut to 40 characters; a container named.

    >>> show("gold"), show({"a": 1}), show([1]), show(2.5), show("x" * 50)
    ('"gold"', 'an object', 'a list', '2.5', '"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...')
    """
    if type(value) is int:
        text = number(value, 40)  # json.dumps refuses one of over 4,300 digits
    elif isinstance(value, str | int | float | bool | None):
        text = json.dumps(value)
    elif isinstance(value, dict):
        text = "an object"
    elif isinstance(value, list):
        text = "a list"
    else:
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def names(fields: Iterable[str]) -> str:
    """Field names for a message: the first five in order, and how many more there are.

    >>> names(["b", "a"]), names("abcdefg")
    ('a, b', 'a, b, c, d, e and 2 more')
    """
    listed = sorted(fields)
    shown = ", ".join(show(n)[1:-1] for n in listed[:5])
    return shown + (f" and {len(listed) - 5} more" if len(listed) > 5 else "")


def type_tag(cls: type) -> str:
    """The ``"type"`` tag of a class in documents: its name in kebab case.

    >>> class PayToll: ...
    >>> type_tag(PayToll)
    'pay-toll'
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "-", cls.__name__).lower()


# --------------------------------------------------------------------------- reading JSON

#: A JSON string (RFC 8259): quotes around anything but quotes and backslashes, or escapes.
_JSON_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
#: Opening brackets as +1 and closing ones as -1 (signed bytes); every other byte is deleted.
_BRACKET_STEPS: Final = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_NOT_BRACKETS: Final = bytes(set(range(256)) - set(b"[]{}"))
#: For each number of digits: a quick pattern (a run of digits) and the exact one.
_LONG_RUNS: dict[int, tuple[re.Pattern[str], re.Pattern[str]]] = {}


def _long_integer(digits: int) -> re.Pattern[str]:
    """A JSON integer of more than ``digits`` digits (not the digits of a fraction or exponent)."""
    return re.compile(rf"(?<![\w.+])(?<![eE]-)-?[0-9]{{{digits + 1},}}(?![\w.])")


def json_shape(text: str, digits: int) -> tuple[int, bool]:
    """How deeply a JSON text nests, and whether an integer has more than ``digits`` digits.

    A quick scan of the text outside strings, in time proportional to its length and
    without parsing it, so that a text refused for its shape is refused at once, whatever
    it holds. For text that is not JSON the answer is a guess the parser then corrects.

    >>> json_shape('{"a": [1, 2], "b": "[[["}', 20)
    (2, False)
    >>> json_shape("[123456, 1.234567, 1e-123456]", 5)
    (1, True)
    """
    bare = _JSON_STRING.sub('""', text) if '"' in text else text
    steps = bare.encode("utf-8", "replace").translate(_BRACKET_STEPS, _NOT_BRACKETS)
    depth = max(itertools.accumulate(array.array("b", steps)), default=0)
    run, integer = _LONG_RUNS.get(digits) or _LONG_RUNS.setdefault(
        digits, (re.compile(f"[0-9]{{{digits + 1}}}"), _long_integer(digits))
    )
    too_long = run.search(bare) is not None and integer.search(bare) is not None
    return depth, too_long


def no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An ``object_pairs_hook`` for ``json.loads``: a key given twice raises :class:`Invalid`.

    >>> json.loads('{"a": 1, "a": 2}', object_pairs_hook=no_repeated_keys)
    Traceback (most recent call last):
    ...
    meeplekit.documents.Invalid: the key "a" is given twice in one table
    """
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise Invalid(None, f'the key "{key}" is given twice in one table')
            seen.add(key)
    return out


def json_constant(text: str) -> float:
    """A ``parse_constant`` for ``json.loads``: ``NaN`` and ``Infinity`` raise :class:`Invalid`."""
    raise Invalid(None, f"expected a number, got {text}")


def read_json(text: str | bytes, limits: Limits, *, error: ErrorClass = DocumentError) -> Any:
    """The JSON value of ``text`` (a ``str``, or bytes of UTF-8), read within ``limits``.

    Raises ``error("", reason)`` (the game's :class:`~meeplekit.errors.DocumentError`) for
    what is not text, text over :attr:`Limits.max_bytes`, bytes that are not UTF-8, objects
    and lists nested over :attr:`Limits.max_nesting` deep and whole numbers over
    :attr:`Limits.max_digits` digits (these four before parsing, in time proportional to
    the length), bad JSON, a key given twice in one object, and ``NaN`` or ``Infinity``.
    """
    most = limits.max_bytes
    if isinstance(text, bytes | bytearray):
        if len(text) > most:
            raise error("", f"expected at most {most} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error("", f"expected UTF-8 text: {exc.reason}") from None
    if type(text) is not str:
        raise error("", f"expected JSON text, got {type(text).__name__}")
    if len(text) > most or len(text.encode("utf-8")) > most:
        raise error("", f"expected at most {most} bytes")
    depth, too_long = json_shape(text, limits.max_digits)
    if depth > limits.max_nesting:
        raise error("", f"expected objects and lists nested at most {limits.max_nesting} deep")
    if too_long:
        raise error("", f"expected numbers of at most {limits.max_digits} digits")
    try:
        return json.loads(text, object_pairs_hook=no_repeated_keys, parse_constant=json_constant)
    except json.JSONDecodeError as exc:
        raise error(
            "", f"not valid JSON: {exc.msg} (at line {exc.lineno}, column {exc.colno})"
        ) from None
    except Invalid as exc:
        raise error("", exc.reason) from None
    except (ValueError, RecursionError) as exc:
        raise error("", f"not readable JSON: {exc}") from None


# --------------------------------------------------------------------------- the envelope


def write_document(
    fmt: str,
    kind: str,
    payload: object,
    *,
    indent: int | None = None,
    error: Callable[[str], Exception] = InvalidValueError,
) -> str:
    """``{"format": fmt, "kind": kind, kind: payload}`` as JSON text, deterministic.

    ``indent`` pretty-prints (as ``json.dumps``), a whole number from 0 to
    :data:`MAX_INDENT`; without it the text is compact. Another ``indent`` raises
    ``error(reason)`` (the game's :class:`~meeplekit.errors.InvalidValueError`).

    >>> write_document("game/1", "move", {"type": "pass"})
    '{"format":"game/1","kind":"move","move":{"type":"pass"}}'
    """
    if indent is not None and (type(indent) is not int or not 0 <= indent <= MAX_INDENT):
        raise error(f"indent is None or a whole number from 0 to {MAX_INDENT}, got {show(indent)}")
    document = {"format": fmt, "kind": kind, kind: payload}
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(document, indent=indent, separators=separators, ensure_ascii=False)


def as_made(
    kind: str,
    value: object,
    *,
    move: Callable[[object], object],
    options: type,
    error: type[Exception],
) -> object:
    """``value`` as its constructor makes it, for a game's ``to_json`` to write.

    A move (``kind`` ``"move"``) is made again by ``move``, the game's check of a move (its
    ``well_formed``), which raises the game's error for one made around its constructor;
    options (``"options"``) must be the game's ``options`` class as its constructor makes
    them (:func:`meeplekit.options.made_options`), else ``error`` is raised. A value of any
    other kind is written as it is.
    """
    if kind == "move":
        return move(value)
    if kind == "options" and not made_options(value, options):
        raise error(f"options must be {options.__name__} as their constructor makes them")
    return value


def open_document(
    data: object, fmt: str, kinds: Collection[str], *, error: ErrorClass = DocumentError
) -> tuple[str, Any]:
    """The kind and the value of a document ``data`` (JSON values), its envelope checked.

    The document is an object ``{"format": fmt, "kind": KIND, KIND: value}`` with ``KIND``
    one of ``kinds`` and no other field; else raises ``error(field, reason)``. ``fmt`` is
    ``NAME/VERSION``; messages call the document a ``NAME`` document.

    >>> open_document({"format": "game/2", "kind": "move"}, "game/1", ("move",))
    Traceback (most recent call last):
    ...
    meeplekit.errors.DocumentError: format: expected 'game/1', got "game/2"
    """
    if type(data) is not dict:
        game = fmt.split("/")[0]
        raise error("", f"expected a {game} document (a JSON object), got {show(data)}")
    found = data.get("format")
    if found != fmt:
        raise error("format", f"expected {fmt!r}, got {show(found)}")
    kind = data.get("kind")
    if type(kind) is not str or kind not in kinds:
        allowed = ", ".join(repr(k) for k in kinds)
        raise error("kind", f"expected one of {allowed}, got {show(kind)}")
    extra = set(data) - {"format", "kind", kind}
    if extra:
        raise error("", f"unknown field(s) {names(extra)}")
    if kind not in data:
        raise error(kind, "missing")
    return kind, data[kind]


# --------------------------------------------------------------------------- converter errors


def structure_error(
    exc: Exception,
    field: str,
    *,
    error: ErrorClass = DocumentError,
    own: tuple[type[BaseException], ...] = (),
) -> Exception:
    """The error a converter's ``exc`` stands for: ``error(path, reason)`` of its first problem.

    ``field`` is where the structured value sits in its document (the path starts there).
    The text of a :class:`Bad` or of one of the game's ``own`` exception types (the errors
    its constructors raise) is the reason as it stands; an unknown field is named, a missing
    one said; anything else is cattrs' own message. The caller raises the result.
    """

    def reason(inner: BaseException, tp: Any) -> str:
        if isinstance(inner, (Bad, *own)):
            return str(inner)
        if isinstance(inner, cattrs.errors.ForbiddenExtraKeysError):
            return f"unknown field(s) {names(inner.extra_fields)}"
        if isinstance(inner, KeyError):
            return "a required field is missing"
        return cattrs.v.format_exception(inner, tp)

    messages = cattrs.transform_error(exc, path=field, format_exception=reason)
    first = messages[0] if messages else f"{type(exc).__name__}: {exc} @ {field}"
    text, _, where = first.rpartition(" @ ")
    return error(where or field, text or first)


# --------------------------------------------------------------------------- converter hooks


def make_converter(*, enums: Callable[[type], bool] = lambda kind: True) -> cattrs.Converter:
    """A cattrs converter for documents, to which a game adds the hooks of its own types.

    It refuses unknown fields and reports every problem with its path (for
    :func:`structure_error`); takes whole numbers, booleans and strings of exactly their
    JSON type (:func:`exact`: ``2.0``, ``"2"`` and ``true`` are no whole number); reads
    tuples from lists (:func:`tuple_hook`); and writes and reads the members of every enum
    class ``enums`` accepts by their values (:func:`by_value`).

    >>> make_converter().structure([1, 2], tuple[int, ...])
    (1, 2)
    """

    def by_values(tp: Any) -> bool:
        return isinstance(tp, type) and issubclass(tp, enum.Enum) and enums(tp)

    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(int, exact(int, "a whole number"))
    conv.register_structure_hook(bool, exact(bool, "true or false"))
    conv.register_structure_hook(str, exact(str, "a string"))
    conv.register_structure_hook_func(by_values, by_value)
    conv.register_unstructure_hook_func(by_values, lambda member: member.value)
    conv.register_structure_hook_factory(is_tuple, tuple_hook)
    return conv


def exact(kind: type, label: str) -> Callable[[Any, Any], Any]:
    """A structure hook taking a value of exactly the type ``kind`` (a ``bool`` is no ``int``).

    >>> exact(int, "a whole number")(True, int)
    Traceback (most recent call last):
    ...
    meeplekit.documents.Bad: expected a whole number, got true
    """

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise Bad(f"expected {label}, got {show(value)}")
        return value

    return structure


def by_value(value: Any, kind: type[Any]) -> Any:
    """A structure hook for an enum ``kind`` whose members are written by their (string) values."""
    for member in kind:
        if type(value) is str and member.value == value:
            return member
    allowed = ", ".join(repr(m.value) for m in kind)
    raise Bad(f"expected one of {allowed}, got {show(value)}")


def is_tuple(tp: Any) -> bool:
    """True for a tuple type (``tuple[int, ...]``, ``tuple[int, str]``): :func:`tuple_hook`'s."""
    return typing.get_origin(tp) is tuple


def tuple_hook(tp: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A structure hook factory for tuple types, from JSON lists (or tuples in plain data).

    A tuple of fixed size must have that many items. A tuple of any length stops at its
    first bad item and names it alone, in time proportional to the items before it
    (cattrs' own hook reports every bad item, which takes seconds for a long list).
    """
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        return _homogeneous(tp, args[0], conv)
    inner = conv.gen_structure_hetero_tuple(tp)
    size = len(args)

    def structure(value: Any, _: Any) -> Any:
        if type(value) not in (list, tuple):  # JSON gives lists; plain data may hold tuples
            raise Bad(f"expected a list, got {show(value)}")
        if len(value) != size:
            raise Bad(f"expected a list of {size} items, got {len(value)}")
        return inner(value, tp)

    return structure


def _homogeneous(tp: Any, item: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    handler = conv.get_structure_hook(item)

    def structure(value: Any, _: Any) -> Any:
        if type(value) not in (list, tuple):  # JSON gives lists; plain data may hold tuples
            raise Bad(f"expected a list, got {show(value)}")
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
        return typing.get_origin(tp) in (typing.Union, types.UnionType) and args == wanted

    return check


def tagged(conv: cattrs.Converter, members: tuple[type, ...], what: str) -> None:
    """Register hooks for the union of the attrs classes ``members``, tagged by ``"type"``.

    A member is written as an object whose ``"type"`` is :func:`type_tag` of its class,
    followed by its fields; ``what`` names the union in messages (``"move"``). Reading,
    the tag picks the class, whose fields ``conv`` then structures (``None`` too, for an
    optional union).
    """
    registry = {type_tag(cls): cls for cls in members}
    allowed = ", ".join(repr(t) for t in registry)

    def structure(value: Any, tp: Any) -> Any:
        if value is None and type(None) in typing.get_args(tp):
            return None
        if type(value) is not dict:
            raise Bad(f'expected {what} (an object with a "type"), got {show(value)}')
        tag = value.get("type")
        cls = registry.get(tag) if type(tag) is str else None
        if cls is None:
            raise Bad(f"unknown {what} type {show(tag)}; expected one of {allowed}")
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


def complete(cls: type, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A structure hook factory for an attrs class read from an object giving every field.

    Register it for the classes whose documents leave nothing out
    (``conv.register_structure_hook_factory(lambda tp: tp in classes, complete)``), after
    the hooks of their fields' types; a missing field is named.
    """
    fields = [f.name for f in attrs.fields(cls)]
    inner: Callable[[Any, Any], Any] = cattrs.gen.make_dict_structure_fn(
        cls, conv, _cattrs_forbid_extra_keys=True
    )

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise Bad(f"expected an object, got {show(value)}")
        missing = [n for n in fields if n not in value]
        if missing:
            raise Bad(f"missing field(s) {', '.join(missing)}")
        return inner(value, cls)

    return structure
