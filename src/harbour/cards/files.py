"""Card files: card sets written in TOML or JSON (rules FILE-1 and FILE-2).

A card file describes a whole :class:`~harbour.cards.model.CardSet`: buildings, the generic
player board, characters and bonus cards, with actions and abilities written as tagged
tables such as ``{ type = "gain", goods = { fish = 2 } }``. The format is documented on the
"Card files" page of the documentation.

:func:`load_card_file` reads and validates a file; every problem is reported as a
:class:`CardFileError` whose message names the file, the card and the field and says what
was expected. :func:`load_card_data` does the same for data already parsed, and
:func:`dump_card_set` turns a card set back into such data, so that
``load_card_data(dump_card_set(cards)) == cards``.

>>> from harbour.cards import ORIGINAL_SET
>>> data = dump_card_set(ORIGINAL_SET)
>>> data["buildings"][0]["action"]
{'type': 'gain', 'goods': {'fish': 2}}
>>> load_card_data(data) == ORIGINAL_SET
True
"""

from __future__ import annotations

import json
import os
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import cattrs
import cattrs.gen

from harbour.cards.abilities import Ability
from harbour.cards.effects import Effect, Symbol
from harbour.cards.limits import (
    MAX_AMOUNT,
    MAX_BONUS_CARDS,
    MAX_BUILDINGS,
    MAX_CHARACTERS,
    MAX_COST,
    MAX_DEPTH,
    MAX_KEY,
    MAX_NAME,
    MAX_OPTIONS,
    MAX_POINTS,
    MAX_PRICE,
    MAX_TEXT,
    control_character,
    range_of,
)
from harbour.cards.model import (
    DEFAULT_INLAND_TRADERS_PRICE,
    BonusCard,
    Building,
    CardSet,
    PlayerBoard,
)
from harbour.cards.original import ORIGINAL_BOARD
from harbour.errors import CardFileError
from harbour.goods import GOODS, Good, Goods
from meeplekit import cardfiles
from meeplekit.documents import Invalid as _Invalid
from meeplekit.documents import Limits, type_tag
from meeplekit.values import number, shown

__all__ = [
    "ABILITY_TYPES",
    "DEFAULT_SIZE",
    "EFFECT_TYPES",
    "MAX_COST",
    "MAX_FILE_BYTES",
    "MAX_NESTING",
    "MAX_NUMBER_DIGITS",
    "MAX_POINTS",
    "CardFileError",
    "dump_card_set",
    "load_card_data",
    "load_card_file",
]

#: The number of buildings a card file declares when it gives no ``size``.
DEFAULT_SIZE: Final = 36
#: The largest card file read, in bytes (FILE-4).
MAX_FILE_BYTES: Final = 1 << 20
#: How deeply tables and lists may nest in a card file (FILE-4).
MAX_NESTING: Final = 32
#: The most digits a number in a card file may have (FILE-4).
MAX_NUMBER_DIGITS: Final = 12
#: The bounds of a card file, for the shared reader (:mod:`meeplekit.cardfiles`).
_LIMITS: Final = Limits(
    max_bytes=MAX_FILE_BYTES, max_nesting=MAX_NESTING, max_digits=MAX_NUMBER_DIGITS
)


def _registry(classes: tuple[type, ...]) -> dict[str, type]:
    for cls in classes:
        attrs.resolve_types(cls)
    return {type_tag(cls): cls for cls in classes}


#: The ``type`` of each action, and the class it builds.
EFFECT_TYPES: Final[Mapping[str, type]] = _registry(typing.get_args(Effect))
#: The ``type`` of each character ability, and the class it builds.
ABILITY_TYPES: Final[Mapping[str, type]] = _registry(typing.get_args(Ability))

_GOOD_NAMES: Final = tuple(g.label for g in GOODS)
#: The most items of a list inside an action: the four goods, or an either-or's options.
_MOST_ITEMS: Final = max(len(GOODS), MAX_OPTIONS)
_SYMBOL_NAMES: Final = tuple(s.value for s in Symbol)


# --------------------------------------------------------------------------- converter


def _structure_tagged(registry: Mapping[str, type]) -> Callable[[Any, Any], Any]:
    def structure(data: Any, _: Any) -> Any:
        if data is None:
            return None
        fields = {k: v for k, v in data.items() if k != "type"}
        return _CONVERTER.structure(fields, registry[data["type"]])

    return structure


def _unstructure_tagged(cls: type) -> Callable[[Any], dict[str, Any]]:
    inner: Callable[[Any], dict[str, Any]] = cattrs.gen.make_dict_unstructure_fn(
        cls, _CONVERTER, _cattrs_omit_if_default=True
    )
    tag = type_tag(cls)

    def unstructure(obj: Any) -> dict[str, Any]:
        return {"type": tag, **inner(obj)}

    return unstructure


def _unstructure_goods(goods: Goods) -> dict[str, int]:
    return {g.label: n for g, n in zip(GOODS, goods.as_tuple(), strict=True) if n}


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(omit_if_default=True, forbid_extra_keys=True)
    conv.register_structure_hook(Goods, lambda d, _: Goods(**d))
    conv.register_structure_hook(Good, lambda s, _: Good[s.upper()])
    conv.register_structure_hook(Symbol, lambda s, _: Symbol(s))
    conv.register_unstructure_hook(Goods, _unstructure_goods)
    conv.register_unstructure_hook(Good, lambda g: g.label)
    conv.register_unstructure_hook(Symbol, lambda s: s.value)
    effect_args = set(typing.get_args(Effect))
    ability_args = set(typing.get_args(Ability))

    def is_union_of(members: set[Any]) -> Callable[[Any], bool]:
        def check(tp: Any) -> bool:
            args = set(typing.get_args(tp)) - {type(None)}
            return typing.get_origin(tp) in (typing.Union, type(Effect)) and args == members

        return check

    conv.register_structure_hook_func(is_union_of(effect_args), _structure_tagged(EFFECT_TYPES))
    conv.register_structure_hook_func(is_union_of(ability_args), _structure_tagged(ABILITY_TYPES))
    for members in (effect_args, ability_args):
        conv.register_unstructure_hook_func(
            is_union_of(members),
            lambda obj: None if obj is None else conv.unstructure(obj, type(obj)),
        )
    return conv


_CONVERTER: Final = _make_converter()
for _cls in (*EFFECT_TYPES.values(), *ABILITY_TYPES.values()):
    _CONVERTER.register_unstructure_hook(_cls, _unstructure_tagged(_cls))


# --------------------------------------------------------------------------- validation


_MISSING: Final = object()


def _show(value: object) -> str:
    if value is _MISSING:
        return "nothing"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        text = _quoted(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        text = number(value)  # however long (INPUT-2)
    else:
        text = json.dumps(value, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _named(key: object) -> str:
    """A key of a table for a message: a string as it is, anything else shown."""
    return key if isinstance(key, str) else shown(key)


def _quoted(text: str) -> str:
    """A text in JSON quotes for a message, escaped whole if it holds a control (INPUT-4)."""
    return json.dumps(text, ensure_ascii=control_character(text) is not None)


def _fail(field: str | None, expected: str, value: object) -> _Invalid:
    if value is _MISSING:
        return _Invalid(field, f"missing; expected {expected}")
    return _Invalid(field, f"expected {expected}, got {_show(value)}")


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _or_list(names: tuple[str, ...] | list[str]) -> str:
    quoted = [f'"{n}"' for n in names]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else quoted[0]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_int(value: object, path: str, low: int, high: int | None, extra: str = "") -> None:
    expected = (
        f"a whole number >= {low}" if high is None else f"a whole number from {low} to {high}"
    )
    if not _is_int(value):
        raise _fail(path, expected + extra, value)
    assert isinstance(value, int)
    if value < low or (high is not None and value > high):
        raise _fail(path, expected + extra, value)


def _check_str(value: object, path: str, limit: int = MAX_NAME) -> None:
    if not isinstance(value, str) or not value.strip():
        raise _fail(path, "a non-empty string", value)
    if len(value) > limit:
        raise _Invalid(path, f"expected at most {limit} characters, got {len(value)}")
    control = control_character(value)
    if control is not None:  # INPUT-4
        raise _Invalid(
            path,
            f"expected text without control or bidirectional formatting characters, got {control}",
        )


def _check_bool(value: object, path: str) -> None:
    if not isinstance(value, bool):
        raise _fail(path, "true or false", value)


def _check_goods(value: object, path: str) -> None:
    expected = "a table of goods such as { fish = 2, stone = 1 }"
    if not isinstance(value, dict):
        raise _fail(path, expected, value)
    for key, count in value.items():
        if key not in _GOOD_NAMES:
            raise _fail(path, f"goods named {_or_list(_GOOD_NAMES)}", key)
        _check_int(count, _join(path, key), 0, MAX_AMOUNT)


def _check_good(value: object, path: str) -> None:
    if value not in _GOOD_NAMES:
        raise _fail(path, f"a good: {_or_list(_GOOD_NAMES)}", value)


def _check_symbol(value: object, path: str) -> None:
    if value not in _SYMBOL_NAMES:
        raise _fail(path, f"an owner symbol: {_or_list(_SYMBOL_NAMES)}", value)


def _check_symbols(value: object, path: str, low: int) -> None:
    expected = f'a list of {low} or 2 owner symbols such as ["anchor"]'
    if not isinstance(value, list):
        raise _fail(path, expected, value)
    for i, item in enumerate(value):
        _check_symbol(item, f"{path}[{i}]")
    if not low <= len(value) <= 2:
        raise _Invalid(path, f"expected {low} or 2 owner symbols, got {len(value)}")


def _check_value(
    value: object, tp: Any, path: str, field: attrs.Attribute[Any], depth: int
) -> None:
    if tp is int:
        low, high = range_of(field) or (1, None)
        _check_int(value, path, low, high)
    elif tp is bool:
        _check_bool(value, path)
    elif tp is Goods:
        _check_goods(value, path)
    elif tp is Good:
        _check_good(value, path)
    elif tp is Symbol:
        _check_symbol(value, path)
    elif typing.get_origin(tp) is tuple:
        (item_type, _) = typing.get_args(tp)
        if not isinstance(value, list):
            raise _fail(path, "a list", value)
        if len(value) > _MOST_ITEMS:  # no list of the vocabulary is longer (FILE-3)
            raise _Invalid(path, f"expected at most {_MOST_ITEMS} items, got {len(value)}")
        for i, item in enumerate(value):
            _check_value(item, item_type, f"{path}[{i}]", field, depth)
    elif tp == Effect:
        _check_tagged(value, path, "action", EFFECT_TYPES, Effect, depth + 1)
    elif tp == Ability:
        _check_tagged(value, path, "ability", ABILITY_TYPES, Ability, depth + 1)
    else:  # pragma: no cover - every field type of the vocabulary is handled above
        raise TypeError(f"no check for {tp!r}")


def _check_tagged(
    value: object, path: str, what: str, registry: Mapping[str, type], union: Any, depth: int = 1
) -> None:
    types = _or_list(list(registry))
    if not isinstance(value, dict):
        raise _fail(path, f'an {what} table with a "type" ({types})', value)
    if depth > MAX_DEPTH:
        raise _Invalid(path, f"actions may nest at most {MAX_DEPTH} deep")
    tag = value.get("type", _MISSING)
    if not isinstance(tag, str) or tag not in registry:
        raise _fail(_join(path, "type"), f"an {what} type: {types}", tag)
    assert isinstance(tag, str)
    cls = registry[tag]
    fields = attrs.fields(cls)
    names = [f.name for f in fields]
    for key in value:
        if key != "type" and key not in names:
            raise _Invalid(
                _join(path, _named(key)),
                f'not a field of a "{tag}" {what}; expected {_or_list(["type", *names])}',
            )
    for f in fields:
        if f.name not in value:
            if f.default is attrs.NOTHING:
                raise _Invalid(_join(path, f.name), f'missing; a "{tag}" {what} needs it')
            continue
        _check_value(value[f.name], f.type, _join(path, f.name), f, depth)
    try:
        _CONVERTER.structure(value, union)
    except (ValueError, TypeError, KeyError, cattrs.BaseValidationError) as exc:
        raise _Invalid(path, f'not a valid "{tag}" {what}: {_reason(exc)}') from None


def _reason(exc: BaseException) -> str:
    """The messages of the innermost exceptions (cattrs groups them)."""
    if isinstance(exc, BaseExceptionGroup):
        return "; ".join(_reason(e) for e in exc.exceptions)
    return str(exc)


@attrs.frozen
class _Field:
    """How one field of a card is checked; ``check`` raises :class:`_Invalid`."""

    check: Callable[[object, str], None]
    required: bool = True


def _max_trades(value: object, path: str) -> None:
    _check_int(value, path, 1, MAX_AMOUNT, ", or omitted for no limit")


def _cost(value: object, path: str) -> None:
    _check_int(value, path, 0, MAX_COST, ", or omitted for no price")


def _key(value: object, path: str) -> None:
    _check_str(value, path, MAX_KEY)


def _text(value: object, path: str) -> None:
    _check_str(value, path, MAX_TEXT)


_BUILDING: Final = {
    "key": _Field(_key, required=False),
    "name": _Field(_check_str),
    "cost": _Field(_cost, required=False),
    "points": _Field(lambda v, p: _check_int(v, p, 0, MAX_POINTS)),
    "symbols": _Field(lambda v, p: _check_symbols(v, p, 1)),
    "action": _Field(lambda v, p: _check_tagged(v, p, "action", EFFECT_TYPES, Effect)),
    "first_game": _Field(_check_bool, required=False),
}


def _ability(value: object, path: str) -> None:
    _check_tagged(value, path, "ability", ABILITY_TYPES, Ability)


_BOARD: Final = {
    "key": _Field(_key, required=False),
    "name": _Field(_check_str),
    "symbols": _Field(lambda v, p: _check_symbols(v, p, 0)),
    "action": _Field(lambda v, p: _check_tagged(v, p, "action", EFFECT_TYPES, Effect)),
    "ability": _Field(_ability, required=False),
    "text": _Field(_text, required=False),
    "source": _Field(_text, required=False),
}
_CHARACTER: Final = {**_BOARD, "ability": _Field(_ability)}
_BONUS: Final = {
    "key": _Field(_key, required=False),
    "name": _Field(_check_str),
    "good": _Field(_check_good),
    "goods": _Field(lambda v, p: _check_int(v, p, 1, MAX_AMOUNT)),
    "points": _Field(lambda v, p: _check_int(v, p, 1, MAX_POINTS)),
    "max_trades": _Field(_max_trades, required=False),
}
#: The most cards of each list (FILE-3).
_MOST: Final = {
    "buildings": MAX_BUILDINGS,
    "characters": MAX_CHARACTERS,
    "bonus_cards": MAX_BONUS_CARDS,
}
_TOP: Final = (
    "name",
    "size",
    "original",
    "inland_traders_price",
    "board",
    "buildings",
    "characters",
    "bonus_cards",
)


def _slug(name: str) -> str:
    out = "".join(ch if ch.isalnum() else "-" for ch in name.casefold().replace("'", ""))
    return "-".join(part for part in out.split("-") if part) or "card"


def _label(kind: str, index: int | None, raw: object) -> str:
    name = raw.get("name") if isinstance(raw, dict) else None
    number = f" {index + 1}" if index is not None else ""
    shown = f" ({_quoted(name)})" if isinstance(name, str) else ""
    return f"{kind}{number}{shown}"


class _Loader:
    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, reason: str, card: str | None = None, field: str | None = None) -> Exception:
        return CardFileError(field, reason, path=self.source, card=card)

    def card(
        self, kind: str, index: int | None, raw: object, spec: Mapping[str, _Field], cls: type
    ) -> Any:
        label = _label(kind, index, raw)
        if not isinstance(raw, dict):
            raise self.error(f"expected a table of {kind} fields, got {_show(raw)}", label)
        try:
            for key in raw:
                if key not in spec:
                    raise _Invalid(
                        _named(key),
                        f"not a field of a {kind}; expected one of {_or_list(list(spec))}",
                    )
            # JSON null means the same as leaving an optional field out.
            data = {k: v for k, v in raw.items() if v is not None or spec[k].required}
            for name, field in spec.items():
                value = data.get(name, _MISSING)
                if value is _MISSING:
                    if field.required:
                        raise _Invalid(name, f"missing; every {kind} needs it")
                    continue
                field.check(value, name)
        except _Invalid as problem:
            raise self.error(problem.reason, label, problem.field) from None
        data.setdefault("key", _slug(data["name"]))
        if cls is Building:
            data.setdefault("cost", None)
        try:
            return _CONVERTER.structure(data, cls)
        except (ValueError, TypeError, KeyError, cattrs.BaseValidationError) as exc:
            raise self.error(f"not a valid {kind}: {_reason(exc)}", label) from None

    def cards(
        self, data: Mapping[str, Any], field: str, kind: str, spec: Mapping[str, _Field], cls: type
    ) -> list[Any]:
        raw = data.get(field, [])
        if not isinstance(raw, list):
            raise self.error(f"expected a list of {kind} tables, got {_show(raw)}", field=field)
        most = _MOST[field]
        if len(raw) > most:
            raise self.error(f"expected at most {most} {kind}s, got {len(raw)}", field=field)
        out = [self.card(kind, i, item, spec, cls) for i, item in enumerate(raw)]
        for attr in ("name", "key"):
            seen: dict[str, int] = {}
            for i, card in enumerate(out):
                value = getattr(card, attr)
                folded = value.casefold()
                if folded in seen:
                    other = _label(kind, seen[folded], raw[seen[folded]])
                    raise self.error(
                        f"expected a {attr} no other {kind} has, got "
                        f"{json.dumps(value, ensure_ascii=False)} (also {other})",
                        _label(kind, i, raw[i]),
                        attr,
                    )
                seen[folded] = i
        return out

    def top_int(self, data: Mapping[str, Any], field: str, default: int, high: int) -> int:
        value = data.get(field, default)
        try:
            _check_int(value, field, 1, high)
        except _Invalid as problem:
            raise self.error(problem.reason, field=field) from None
        assert isinstance(value, int)
        return value

    def load(self, data: object) -> CardSet:
        if isinstance(data, Mapping):
            data = dict(data)
        if not isinstance(data, dict):
            raise self.error(f"expected a table of card set fields, got {_show(data)}")
        for key in data:
            if key not in _TOP:
                raise self.error(
                    f"not a field of a card file; expected one of {_or_list(list(_TOP))}",
                    field=_named(key),
                )
        data = {k: v for k, v in data.items() if v is not None or k in ("name", "buildings")}
        name = data.get("name", _MISSING)
        try:
            _check_str(name, "name")
        except _Invalid as problem:
            raise self.error(problem.reason, field="name") from None
        assert isinstance(name, str)
        size = self.top_int(data, "size", DEFAULT_SIZE, MAX_BUILDINGS)
        price = self.top_int(data, "inland_traders_price", DEFAULT_INLAND_TRADERS_PRICE, MAX_PRICE)
        original = data.get("original", False)
        if not isinstance(original, bool):
            raise self.error(f"expected true or false, got {_show(original)}", field="original")
        if "board" in data:
            board = self.card("board", None, data["board"], _BOARD, PlayerBoard)
        else:
            board = ORIGINAL_BOARD
        if "buildings" not in data:
            raise self.error("missing; expected a list of building tables", field="buildings")
        buildings = self.cards(data, "buildings", "building", _BUILDING, Building)
        if len(buildings) != size:
            declared = "declared" if "size" in data else "default"
            raise self.error(
                f"expected {size} buildings (the {declared} size), got {len(buildings)}",
                field="buildings",
            )
        marked = [i for i, b in enumerate(buildings) if b.first_game]
        if 0 < len(marked) < 3:
            listed = ", ".join(_label("building", i, data["buildings"][i]) for i in marked)
            raise self.error(
                f"expected at least 3 buildings marked first_game = true, or none, got "
                f"{len(marked)}: {listed}",
                field="buildings",
            )
        characters = self.cards(data, "characters", "character", _CHARACTER, PlayerBoard)
        bonus = self.cards(data, "bonus_cards", "bonus card", _BONUS, BonusCard)
        try:
            return CardSet(
                name=name,
                buildings=tuple(buildings),
                board=board,
                original=original,
                characters=tuple(characters),
                bonus_cards=tuple(bonus),
                inland_traders_price=price,
            )
        except ValueError as exc:  # pragma: no cover - the checks above come first
            raise self.error(str(exc)) from None


def load_card_data(data: Mapping[str, Any], *, source: str = "<card data>") -> CardSet:
    """Validate and structure card data already parsed from TOML or JSON.

    ``source`` names the data in error messages. Raises :class:`CardFileError`.
    """
    return _Loader(source).load(data)


def load_card_file(path: str | os.PathLike[str]) -> CardSet:
    """Read a ``.toml`` or ``.json`` card file and return its validated card set.

    Raises :class:`CardFileError` for a missing or unreadable file, an unknown suffix,
    anything but a regular file (a folder, a device, a pipe), a file over
    :data:`MAX_FILE_BYTES`, tables nested over :data:`MAX_NESTING` deep (counting the
    parts of dotted keys), a number over :data:`MAX_NUMBER_DIGITS` digits, a key given
    twice, bad TOML or JSON syntax (all read by the shared :mod:`meeplekit.cardfiles`),
    and every problem :func:`load_card_data` finds (FILE-2, FILE-4).
    """
    data = cardfiles.load(
        path, _LIMITS, error=lambda name, reason: CardFileError(None, reason, path=name)
    )
    return _Loader(os.fsdecode(os.fspath(path))).load(data)


def dump_card_set(cards: CardSet) -> dict[str, Any]:
    """A card set as plain data (tables, lists, strings, numbers and booleans).

    The result can be written as JSON (``json.dumps``) or TOML, and loads back to an equal
    card set with :func:`load_card_data`. Fields at their default value are left out, and
    so is the price of a building without one.
    """
    out: dict[str, Any] = {
        "name": cards.name,
        "size": len(cards.buildings),
        "inland_traders_price": cards.inland_traders_price,
    }
    if cards.original:
        out["original"] = True
    out["board"] = _CONVERTER.unstructure(cards.board)
    out["buildings"] = [
        {k: v for k, v in _CONVERTER.unstructure(b).items() if v is not None}
        for b in cards.buildings
    ]
    if cards.characters:
        out["characters"] = [_CONVERTER.unstructure(c) for c in cards.characters]
    if cards.bonus_cards:
        out["bonus_cards"] = [_CONVERTER.unstructure(c) for c in cards.bonus_cards]
    return out
