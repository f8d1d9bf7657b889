"""Values made again by their constructors: the one check of values made around them (INPUT-1).

The library's values check their fields in their constructors. A value can still be made
around its constructor (``object.__setattr__`` on a frozen value, a tampered pickle, a
copy edited in place); :func:`remade` makes it again through its constructor, so that the
same checks run on it, :func:`rechecked` runs those checks on it in place, and
:func:`shown` puts any value into an error message without failing (a ``repr`` may raise,
or be huge).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from harbour.errors import InvalidValueError

__all__ = ["rechecked", "remade", "shown"]

T = TypeVar("T")

#: The longest value shown in an error message, in characters.
_SHOWN = 80
#: For each attrs class remade so far: a getter of its fields, in constructor order.
_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def shown(value: object, limit: int = _SHOWN) -> str:
    """``repr(value)`` cut to ``limit`` characters, for an error message; never raises.

    A value made around its constructor may have no ``repr`` (a field missing), and a
    whole number may be too long for ``str``; such a value is shown by its type's name, a
    number by its length.
    """
    try:
        text = repr(value)
    except Exception:
        if isinstance(value, int):  # too long for str (sys.get_int_max_str_digits)
            text = f"<a whole number of about {int(value.bit_length() * 0.30103) + 1} digits>"
        else:
            text = f"<{type(value).__name__} that cannot be shown>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _getter(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    names = [f.name for f in attrs.fields(cls) if f.init]
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        getter: Callable[[Any], tuple[Any, ...]] = lambda value: (one(value),)  # noqa: E731
    else:
        getter = operator.attrgetter(*names) if names else (lambda value: ())
    _FIELDS[cls] = getter
    return getter


def remade(value: T) -> T:
    """``value`` (an attrs value) made again by its constructor from its fields.

    The constructor checks the fields as it checks them for any new value and raises the
    library's error (an :class:`~harbour.errors.InvalidValueError`) when one is wrong; a
    value missing a field (never set, as in a tampered pickle) raises it too. The copy is
    what the constructor makes: equal to ``value`` when ``value`` was made by it.
    """
    cls: Any = type(value)
    try:
        fields = (_FIELDS.get(cls) or _getter(cls))(value)
    except AttributeError:
        raise InvalidValueError(
            f"{cls.__name__} has a field that was never set: it was not made by its constructor"
        ) from None
    made: T = cls(*fields)
    return made


def rechecked(value: T) -> T:
    """``value`` (an attrs value) after its constructor's checks ran on it again, in place.

    The checks are the field validators and ``__attrs_post_init__``, for a class whose
    post-init only checks (goods, sites); nothing is made. Raises what the constructor
    raises (an :class:`~harbour.errors.InvalidValueError`), or that error for a value
    missing a field.
    """
    cls: Any = type(value)
    try:
        attrs.validate(value)  # type: ignore[arg-type]
        check = getattr(cls, "__attrs_post_init__", None)
        if check is not None:
            check(value)
    except AttributeError:
        raise InvalidValueError(
            f"{cls.__name__} has a field that was never set: it was not made by its constructor"
        ) from None
    return value
