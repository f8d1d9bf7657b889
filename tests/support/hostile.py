"""Hostile values for every game's doors: values of any type, size or depth, and forgeries.

Each game's door tests (``tests/property/harbour/test_hostile_doors.py``,
``tests/property/machikoro/test_hostile_doors.py``,
``tests/property/bremerhaven/test_hostile_doors.py``) throw these classes of input at every
public function that takes a move, options, an observation or a position's values:

- :data:`HOSTILE`: numbers out of every range (negative, 64-bit and past it, too long to
  print), the wrong types (``bool``, ``float``, text, bytes, ``None``, an object), empty,
  huge (10⁵ entries) and deep (10⁵ levels) containers;
- :func:`forged`, :func:`edited`: values made around their constructors, a field set to
  any value or never set (:data:`UNSET`), as ``object.__setattr__`` and a tampered pickle
  make them;
- :func:`forged_members`: members made around an enum, which equal a member or none.

:func:`refused` runs one call and lets only the game's errors out, each with a short
message; :func:`short` checks a text the library wrote.
"""

from __future__ import annotations

import copy
import enum
import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from meeplekit.values import shown

__all__ = [
    "DEEP",
    "HOSTILE",
    "HUGE",
    "LONGEST",
    "UNSET",
    "WRITERS",
    "Shown",
    "edited",
    "every_field",
    "forged",
    "forged_members",
    "forged_options",
    "meet_the_doors",
    "move_doors",
    "not_readings",
    "pick",
    "readings",
    "refuse_all_but_readings",
    "refused",
    "short",
    "shown_by",
]

#: A whole number too long to print (Python refuses ``str`` of more than 4,300 digits).
HUGE = 10**5000


def _deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


#: A list nested 10⁵ levels deep: its ``repr`` and any recursive walk overflow the stack.
DEEP = _deep(100_000)

#: Values no field of a move, options, observation or position expects, or expects only
#: within a range: each class of the issue's probe (#32), one or two of each.
HOSTILE: tuple[object, ...] = (
    -1,
    -(2**63),
    2**63,
    2**64,
    10**30,
    HUGE,
    -HUGE,
    True,
    False,
    0.5,
    -1.0,
    float("nan"),
    float("inf"),
    "",
    "x",
    "\x1b[2J",
    "a" * 100_000,
    None,
    b"x",
    object(),
    (),
    [],
    {},
    (-1,),
    [0],
    (HUGE,),
    tuple(range(100_000)),
    DEEP,
    (DEEP,),
    {"fish": DEEP},
)

#: Stands for a field never set (``object.__new__``, a tampered pickle).
UNSET = object()

#: The longest message a refusal may have, and the longest text a writer may write for
#: one value (a move's notation or sentence, a document of a move or options).
LONGEST = 1_500


def forged(kind: type, /, **fields: Any) -> Any:
    """A ``kind`` made around its constructor, with these fields (:data:`UNSET`: never set)."""
    value: Any = object.__new__(kind)
    for name, field in fields.items():
        if field is not UNSET:
            object.__setattr__(value, name, field)
    return value


def edited(value: Any, /, **fields: Any) -> Any:
    """A copy of ``value`` with fields set around its constructor (:data:`UNSET`: deleted)."""
    twin = copy.copy(value)
    for name, field in fields.items():
        if field is UNSET:
            object.__delattr__(twin, name)
        else:
            object.__setattr__(twin, name, field)
    return twin


def forged_members(kind: type[enum.Enum]) -> list[Any]:
    """Values made around the enum ``kind``: equal to a member or to none, but no member."""
    for base in (int, str):
        if issubclass(kind, base):
            made: list[Any] = [base.__new__(kind, member.value) for member in list(kind)[:2]]
            return [*made, base.__new__(kind, 99 if base is int else "none")]
    return [object.__new__(kind)]


class Shown:
    """A drawn value, shown cut short: Hypothesis prints draws, and these may have no repr."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        return shown(self.value, 200)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


def shown_by(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Shown]:
    """``strategy``'s values, each wrapped in :class:`Shown`."""
    return strategy.map(Shown)


def pick(values: Sequence[Any]) -> st.SearchStrategy[Any]:
    """One of ``values``, by index: ``sampled_from`` hashes and shows its values."""

    def chosen(index: int) -> Any:
        return values[index]

    return st.integers(0, len(values) - 1).map(chosen)


def refused(
    errors: type[Exception] | tuple[type[Exception], ...],
    function: Callable[..., Any],
    *args: Any,
    **kwargs: Any,
) -> Any:
    """What ``function(*args, **kwargs)`` returns, or the error it raises if one of ``errors``.

    Anything else it raises fails the test, and so does a message over :data:`LONGEST`
    characters.
    """
    try:
        return function(*args, **kwargs)
    except errors as error:
        text = str(error)
        assert text and len(text) <= LONGEST, f"{type(error).__name__}: {shown(text, 300)}"
        return error


def short(text: object) -> None:
    """``text`` is a text of at most :data:`LONGEST` characters."""
    assert type(text) is str and len(text) <= LONGEST, shown(text, 300)


def every_field(value: Any, values: Sequence[object], inner: int = 1) -> Iterator[Any]:
    """Copies of the attrs ``value``, each with one field set to one of ``values``.

    Also each value inside a field that holds a tuple of attrs values (a view of each
    player, a decision on a stack): the first ``inner`` of each kind, each field set to
    every other one of ``values``; and ``value`` made with no field set.
    """
    for field in attrs.fields(type(value)):
        held = getattr(value, field.name)
        for other in values:
            yield edited(value, **{field.name: other})
        if type(held) is not tuple:
            continue
        met: dict[type, int] = {}
        for at, item in enumerate(held):
            if not attrs.has(type(item)) or met.get(type(item), 0) >= inner:
                continue
            met[type(item)] = met.get(type(item), 0) + 1
            for item_field in attrs.fields(type(item)):
                for other in values[at % 2 :: 2]:
                    items = list(held)
                    items[at] = edited(item, **{item_field.name: other})
                    yield edited(value, **{field.name: tuple(items)})
    yield object.__new__(type(value))


def meet_the_doors(
    doors: Mapping[str, Callable[[Any, Any], object]],
    state: Any,
    value: Any,
    *,
    error: type[Exception],
    well_formed: Callable[[Any], Any],
    writers: Sequence[str] = (),
) -> None:
    """``value`` at every door: only ``error`` s come out; what is accepted is well formed.

    A door that accepts ``value`` writes what it writes for the move its constructor makes
    (``well_formed(value)``), which equals ``value``; a writer's text is short.
    """
    for name, door in doors.items():
        out = refused(error, door, state, value)
        if isinstance(out, Exception) or out is False:  # can_apply answers False
            continue
        made = well_formed(value)
        assert made == value, name
        if isinstance(out, str):
            assert out == door(state, made), name
        if name in writers:
            short(out)


def readings(options: type) -> dict[str, type[enum.Enum]]:
    """Each reading field of the options class ``options``, with its enum."""
    return {
        field.name: field.default.__class__
        for field in attrs.fields(options)
        if isinstance(field.default, enum.Enum)
    }


def not_readings(kind: type[enum.Enum], enums: Sequence[type[enum.Enum]]) -> list[object]:
    """Values that are no member of ``kind``: hostile, made around it, other readings'."""
    others = [member for other in enums if other is not kind for member in other]
    names = [member.name for member in kind] + [f" {member.value}" for member in kind]
    return [*HOSTILE, *forged_members(kind), *others, *names]


def forged_options(options: type) -> list[Any]:
    """``options`` values made around the constructor: a field set to no reading or switch,
    or never set, and one changed after its hash was cached."""
    enums = readings(options)
    made: list[Any] = [object.__new__(options)]
    for field in attrs.fields(options):
        if field.name in enums:
            values = [*not_readings(enums[field.name], list(enums.values()))[::3], UNSET]
        else:
            values = [1, None, "yes", DEEP, UNSET]
        made += [edited(options(), **{field.name: value}) for value in values]
    reading, kind = next(iter(enums.items()))
    cached = edited(options())
    hash(cached)
    other = next(member for member in kind if member is not getattr(cached, reading))
    object.__setattr__(cached, reading, other)
    return [*made, cached]


#: The doors of :func:`move_doors` that write a text for people, which must be short.
WRITERS = ("format_move", "describe_move", "move_text", "str")


def move_doors(game: str) -> dict[str, Callable[[Any, Any], object]]:
    """Every door of the game ``game`` (its package) that takes a move: ``door(state, move)``.

    The notation's writers, the action codes (of a state, and of an observation), the JSON
    document, the engine's checking functions, the narration and the records.
    """
    rules: Any = importlib.import_module(game)
    notation: Any = importlib.import_module(f"{game}.interchange.notation")
    narrate: Any = importlib.import_module(f"{game}.views.narrate")
    records: Any = importlib.import_module(f"{game}.interchange.records")
    actions: Any = importlib.import_module(f"{game}.agents.actions")
    return {
        "format_move": notation.format_move,
        "describe_move": notation.describe_move,
        "move_text": lambda state, move: notation.move_text(move),
        "str": lambda state, move: str(move),
        "encode": actions.encode,
        "encode an observation's": lambda state, move: actions.encode(
            rules.observe(state, 0), move
        ),
        "to_json": lambda state, move: rules.to_json(move),
        "explain": rules.explain,
        "verify_move": rules.verify_move,
        "can_apply": rules.can_apply,
        "apply_move": rules.apply_move,
        "apply_move_with_events": rules.apply_move_with_events,
        "narrate.describe_move": lambda state, move: narrate.describe_move(state, move, state),
        "write_record": lambda state, move: records.write_record(state, [move]),
    }


def refuse_all_but_readings(options: type, error: type[Exception]) -> None:
    """``options`` (a game's ``RulesOptions``) refuses, with ``error`` and a short message,
    every value of a reading field that is none of its enum's members or their values, and
    every value of a switch but ``True`` and ``False``; it takes each member's value."""
    enums = readings(options)
    for name in (field.name for field in attrs.fields(options)):
        if name in enums:
            kind = enums[name]
            values = not_readings(kind, list(enums.values()))
            for member in kind:
                assert getattr(options(**{name: member.value}), name) is member
        else:
            values = [*(v for v in HOSTILE if type(v) is not bool), 1, 0, "true"]
        for value in values:
            assert isinstance(refused(error, options, **{name: value}), error), (name, value)
