"""Values shown in error messages, short and safe: :func:`shown` and :func:`number`.

The lowest module of the shared layer (it imports none of it), so that every other one,
:mod:`meeplekit.errors` included, may show a value from outside; :mod:`meeplekit.values`
re-exports both.
"""

from __future__ import annotations

import reprlib
from typing import Any, cast

import attrs

__all__ = ["ENDS", "SHOWN", "number", "shown"]

#: The longest value shown in an error message, in characters.
SHOWN = 80
#: The digits :func:`number` shows at each end of a long whole number.
ENDS = 8
#: The most bits of a number whose digits :func:`number` counts and shows (about 40,000
#: digits); a longer number's length is given roughly, from its bits, so that no message
#: costs more than a few milliseconds.
_COUNTED_BITS = 1 << 17
_LOG10_2 = 0.30102999566398120


def shown(value: object, limit: int = SHOWN) -> str:
    """``repr(value)`` cut to ``limit`` characters, for an error message; never raises.

    A value made around its constructor may have no ``repr`` (a field missing): it is shown
    by its type's name. A whole number is shown by :func:`number`, whatever its length.

    >>> shown("x" * 100, 10)
    "'xxxxxx..."
    >>> shown(10**5000)
    '10000000...00000000 (5001 digits)'
    """
    if type(value) is int:
        text = number(value, limit)
    else:
        try:
            text = repr(value) if _small(value) else _BOUNDED.repr(value)
        except Exception:
            if isinstance(value, int):  # an int subclass too long for str
                text = number(int(value), limit)
            else:
                text = f"<{type(value).__name__} that cannot be shown>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


#: The most parts (items of containers, fields of attrs values) of a value that
#: :func:`shown` writes with ``repr``; a larger or deeper value is written in part.
_PARTS = 256
#: The deepest nesting of a value that :func:`shown` writes with ``repr``.
_DEPTH = 16
_CONTAINERS = (tuple, list, set, frozenset, dict)


def _small(value: object) -> bool:
    """Whether ``value`` has few enough parts that ``repr`` of it costs little.

    Containers and attrs values are walked, at most :data:`_PARTS` parts and
    :data:`_DEPTH` levels; a long text or a huge number counts as large. Never raises for
    a value it cannot walk: such a value counts as large.
    """
    budget = _PARTS
    stack: list[tuple[object, int]] = [(value, 0)]
    try:
        while stack:
            item, depth = stack.pop()
            budget -= 1
            if budget < 0 or depth > _DEPTH:
                return False
            if isinstance(item, (str, bytes)):
                if len(item) > _PARTS * 4:
                    return False
            elif isinstance(item, int) and not isinstance(item, bool):
                if item.bit_length() > 1024:
                    return False
            elif isinstance(item, dict):
                if len(item) > _PARTS:
                    return False
                stack.extend((part, depth + 1) for pair in item.items() for part in pair)
            elif isinstance(item, _CONTAINERS):
                if len(item) > _PARTS:
                    return False
                stack.extend((part, depth + 1) for part in item)
            elif attrs.has(type(item)):
                stack.extend(
                    (getattr(item, field.name, None), depth + 1)
                    for field in attrs.fields(cast(Any, type(item)))
                )
    except Exception:
        return False
    return True


class _Bounded(reprlib.Repr):
    """``repr`` in part: a few items of each container, a few levels, numbers short."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 4
        self.maxtuple = self.maxlist = self.maxarray = self.maxdict = 6
        self.maxset = self.maxfrozenset = self.maxdeque = 6
        self.maxstring = self.maxother = SHOWN

    def repr_int(self, x: int, level: int) -> str:
        return number(x)

    def repr_instance(self, x: object, level: int) -> str:
        if not attrs.has(type(x)):
            return super().repr_instance(x, level)
        name = type(x).__qualname__.rsplit(">.", 1)[-1]
        if level <= 0:
            return f"{name}(...)"
        parts = (
            f"{field.name}={self.repr1(getattr(x, field.name, None), level - 1)}"
            for field in attrs.fields(cast(Any, type(x)))
            if field.repr
        )
        return f"{name}({', '.join(parts)})"


_BOUNDED = _Bounded()


def number(value: int, limit: int = SHOWN) -> str:
    """A whole number for a message, short: never more than about 40 characters; never raises.

    A number that fits ``limit`` characters is written in full; a longer one as its first
    and last :data:`ENDS` digits and how many digits it has.

    Python refuses to write a number of over 4,300 digits (``str`` raises ``ValueError``),
    and a number of hundreds of digits is no help in a message, so every game shows a
    number from outside through this function (or :func:`shown`).

    >>> number(-42)
    '-42'
    >>> number(-(10**5000))
    '-10000000...00000000 (5001 digits)'
    >>> number(2**(1 << 20))
    '<a whole number of about 315654 digits>'
    """
    sign = "-" if value < 0 else ""
    size = abs(value)
    bits = size.bit_length()
    if bits * _LOG10_2 <= limit + 1:  # at most ``limit`` digits: str is quick and allowed
        text = str(value)
        if len(text) <= limit:
            return text
    if bits > _COUNTED_BITS:
        return f"<a whole number of about {int(bits * _LOG10_2) + 1} digits>"
    digits = max(1, int((bits - 1) * _LOG10_2))  # a guess that is at most one off
    while size >= 10**digits:
        digits += 1
    while digits > 1 and size < 10 ** (digits - 1):
        digits -= 1
    head = size // 10 ** (digits - ENDS)
    tail = size % 10**ENDS
    return f"{sign}{head}...{tail:0{ENDS}d} ({digits} digits)"
