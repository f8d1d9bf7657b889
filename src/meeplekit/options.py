"""Rule readings as data: what every game's options class shares.

A game's ``RulesOptions`` is a frozen attrs class whose fields select readings; each field
names its rule in its metadata (``metadata={"rule": "INT-3"}``) and is documented by the
``#:`` comment above it; a reading is an :class:`enum.Enum` whose members are documented
the same way. From those comments these functions give a reading's and a field's meaning
in one line (for a command's ``--help``, a report, a rules discussion), and
:func:`changed_readings` the fields that differ from the defaults (for a small pickle, a
record, a lab job). The comments are read from the classes' source files, so the classes
must be defined in a module (not typed at a prompt).
"""

from __future__ import annotations

import enum
import functools
import inspect
import re
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from meeplekit.errors import InvalidValueError
from meeplekit.values import member_test, shown

__all__ = [
    "as_reading",
    "changed_readings",
    "field_meaning",
    "field_rule",
    "made_options",
    "reading_meaning",
    "switch",
    "unknown_reading",
]

#: A member of a reading enum with its ``#:`` comment lines above it.
_MEMBER = re.compile(r"((?:[ ]{4}#:.*\n)+)[ ]{4}([A-Z_0-9]+) = ")
#: A field of an options class with its ``#:`` comment lines above it.
_FIELD = re.compile(r"((?:[ ]{4}#:.*\n)+)[ ]{4}([a-z_0-9]+): ")


def _joined(comment: str) -> str:
    return " ".join(line.strip()[2:].strip() for line in comment.strip().splitlines())


@functools.cache
def _meanings(kind: type[enum.Enum]) -> dict[str, str]:
    """Each member's ``#:`` comment, joined into one line, by member name."""
    try:
        source = inspect.getsource(kind)
    except (OSError, TypeError):  # no source file: nothing is documented
        return {}
    return {name: _joined(comment) for comment, name in _MEMBER.findall(source)}


def reading_meaning(member: enum.Enum, *, error: type[Exception] = InvalidValueError) -> str:
    """What the reading ``member`` means, in one line: its ``#:`` comment in its source.

    Raises ``error`` (a game passes its own class) for a member without that comment.
    """
    meanings = _meanings(type(member))
    if member.name not in meanings:
        raise error(f"not a documented rule reading: {member!r}")
    return meanings[member.name]


def field_rule(options: type[Any], name: str, *, error: type[Exception] = InvalidValueError) -> str:
    """The rule ID that the field ``name`` of the options class ``options`` selects.

    Raises ``error`` (a game passes its own class) when there is no such field.
    """
    for field in attrs.fields(options):
        if field.name == name:
            rule: str = field.metadata["rule"]
            return rule
    raise error(f"{options.__name__} has no field {name!r}")


def field_meaning(
    options: type[Any], name: str, *, error: type[Exception] = InvalidValueError
) -> str:
    """What the field ``name`` of ``options`` selects, in one line, without its rule ID.

    A reading field says what its enum's docstring says; a switch what its ``#:`` comment
    says. Raises ``error`` when there is no such field.
    """
    rule = field_rule(options, name, error=error)
    default = attrs.fields_dict(options)[name].default
    if isinstance(default, enum.Enum):
        text = inspect.getdoc(type(default)) or ""
    else:
        comments = {n: c for c, n in _FIELD.findall(inspect.getsource(options))}
        text = _joined(comments[name])
    text = text.replace(f" ({rule})", "").removeprefix(f"{rule}:").strip()
    return text[:1].upper() + text[1:]


def changed_readings(options: Any) -> tuple[tuple[str, object], ...]:
    """The fields of an options value that differ from their defaults, as plain values.

    A reading is given by its enum value (a string), a switch by its bool, in field order.
    """
    return tuple(
        (
            field.name,
            getattr(options, field.name).value
            if isinstance(field.default, enum.Enum)
            else getattr(options, field.name),
        )
        for field in attrs.fields(type(options))
        if getattr(options, field.name) != field.default
    )


def unknown_reading(kind: type[enum.Enum], value: object) -> str:
    """The message for ``value`` that is no member of the reading enum ``kind``."""
    allowed = ", ".join(repr(m.value) for m in kind)
    got = shown(value)
    return f"{kind.__name__} must be one of {allowed} (or {kind.__name__} members), got {got}"


E = TypeVar("E", bound=enum.Enum)
#: The test of each reading enum's own members, made once per enum.
_member_test = functools.cache(member_test)


def as_reading(kind: type[E], value: object, *, error: type[Exception] = InvalidValueError) -> E:
    """The member of the reading enum ``kind`` that ``value`` is or names by its string value.

    A member is recognised by identity, so a value made around the enum is none; a string
    (or a ``str`` subclass, read as the plain string it holds) is looked up by value.
    Anything else raises ``error`` listing the allowed values (:func:`unknown_reading`).
    A game's options converters are this function with the game's error.

    >>> import enum
    >>> class Colour(enum.Enum):
    ...     RED = "red"
    >>> as_reading(Colour, "red")
    <Colour.RED: 'red'>
    """
    if _member_test(kind)(value):
        return value  # type: ignore[return-value]
    if isinstance(value, str):
        plain = str.__str__(value)
        for member in kind:
            if member.value == plain:
                return member
    raise error(unknown_reading(kind, value))


def switch(
    owner: str, *, error: type[Exception] = InvalidValueError
) -> Callable[[object, Any, object], None]:
    """An attrs validator that takes only ``True`` or ``False`` for a field of ``owner``.

    Anything else (``1``, ``"yes"``) raises ``error`` naming ``owner.field``.
    """

    def check(instance: object, attribute: Any, value: object) -> None:
        if type(value) is not bool:
            raise error(f"{owner}.{attribute.name} must be True or False, got {shown(value)}")

    return check


#: For each options class met so far: each field's name and the test of its values.
_FIELD_TESTS: dict[type, tuple[tuple[str, Callable[[object], bool]], ...]] = {}


def _field_tests(options: type[Any]) -> tuple[tuple[str, Callable[[object], bool]], ...]:
    """For each field of the options class: its name and the test of its values."""
    found = _FIELD_TESTS.get(options)
    if found is None:
        tests: list[tuple[str, Callable[[object], bool]]] = []
        for field in attrs.fields(options):
            default = field.default
            if isinstance(default, enum.Enum):
                tests.append((field.name, _member_test(type(default))))
            else:
                tests.append((field.name, _is_switch))
        found = _FIELD_TESTS[options] = tuple(tests)
    return found


def _is_switch(value: object) -> bool:
    return type(value) is bool


def made_options(value: object, options: type[Any]) -> bool:
    """Whether ``value`` is an ``options`` value as its constructor makes it.

    ``options`` is a game's ``RulesOptions``: each field selects a reading (an enum, its
    default a member) or is a switch (a bool). ``value`` must be of that very class, each
    field set and holding one of its enum's members itself (identity: a value made around
    the enum is none) or ``True`` or ``False``, and equal, and hash as, what the
    constructor makes of its fields (a value changed after its hash was cached does not).
    It never raises: a game's ``new_game``, ``validate`` and ``position`` refuse options
    for which it answers ``False``, so that no game is played under a reading that is
    none of the documented ones.

    >>> import attrs
    >>> @attrs.frozen
    ... class Options:
    ...     quick: bool = attrs.field(default=False, validator=switch("Options"))
    >>> made_options(Options(), Options), made_options(Options(quick=1 == 1), Options)
    (True, True)
    >>> forged = Options()
    >>> object.__setattr__(forged, "quick", 1)
    >>> made_options(forged, Options)
    False
    """
    tests = _field_tests(options)
    if type(value) is not options:
        return False
    fields: dict[str, object] = {}
    for name, test in tests:
        field = getattr(value, name, test)  # the test itself stands for a field never set
        if not test(field):
            return False
        fields[name] = field
    again = options(**fields)
    try:
        return bool(hash(again) == hash(value) and again == value)
    except AttributeError:  # a cached hash never set up: made around the constructor
        return False
