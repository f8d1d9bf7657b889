"""Values made again by their constructors: the one check of values made around them.

A game's values (moves, goods, sites, ...) are attrs classes that check their fields in
their constructors. A value can still be made around its constructor
(``object.__setattr__`` on a frozen value, a tampered pickle, a copy edited in place);
what every game needs to refuse such a value lives here:

- :func:`remade` makes a value again through its constructor, so that the same checks run
  on it, and :func:`rechecked` runs those checks on it in place;
- :func:`remaker` gives a game's ``well_formed``: a value of one of its move types made
  again and compared with what the constructor makes (same fields, same types), the game's
  own error class raised otherwise;
- :func:`member_test` tells an enum's own members from values made around the enum
  (``int.__new__(Card, 4)`` equals a member but is none);
- :func:`shown` puts any value into an error message without failing (a ``repr`` may
  raise, or be huge), and :func:`number` a whole number of any length (Python refuses to
  write one of over 4,300 digits: its first and last digits and its length are shown).

Each function raises the error class the game passes (``error=``), so every refusal is
the game's own (a subclass of :class:`meeplekit.errors.InvalidValueError`):

>>> import attrs
>>> from meeplekit.errors import InvalidMoveError
>>> def _count(instance, attribute, value):
...     if type(value) is not int:
...         raise InvalidMoveError(f"Take.count must be a whole number, got {shown(value)}")
>>> @attrs.frozen
... class Take:
...     count: int = attrs.field(validator=_count)
>>> forged = Take(2)
>>> object.__setattr__(forged, "count", "2")
>>> well_formed = remaker((Take,), error=InvalidMoveError)
>>> well_formed(Take(2))
Take(count=2)
>>> well_formed(forged)
Traceback (most recent call last):
...
meeplekit.errors.InvalidMoveError: Take.count must be a whole number, got '2'
>>> well_formed("take 2")
Traceback (most recent call last):
...
meeplekit.errors.InvalidMoveError: not a move: 'take 2'
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Iterable
from operator import is_not
from typing import Any, TypeVar

import attrs

from meeplekit.errors import InvalidValueError
from meeplekit.showing import ENDS, SHOWN, number, shown

__all__ = [
    "ENDS",
    "SHOWN",
    "field_getter",
    "frozen_maker",
    "integer",
    "member_test",
    "not_a",
    "number",
    "rechecked",
    "remade",
    "remaker",
    "seat",
    "shown",
    "viewer_seat",
]

T = TypeVar("T")
E = TypeVar("E", bound=Exception)

#: For each attrs class met so far: a getter of its fields, in constructor order.
_GETTERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def integer(value: object) -> int | None:
    """``value`` as an ``int`` when it is a whole number, else ``None``; never raises.

    A whole number is an ``int`` or a value of an integer type (``numpy.int64``, any type
    with ``__index__``), not a ``bool``: what a game takes as an action code or an index.

    >>> integer(3), integer(True), integer(3.0), integer("3")
    (3, None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except Exception:
        return None


def viewer_seat(viewer: int | None, error: type[Exception]) -> int:
    """The seat of an observation's ``viewer``; a spectator's observation raises ``error``.

    A spectator's observation (``viewer=None``) is what every player sees; what belongs to
    one seat (its tensors, its information state, a determinization, a bot's choice) needs
    a player's observation.

    >>> viewer_seat(2, ValueError)
    2
    >>> viewer_seat(None, ValueError)
    Traceback (most recent call last):
    ...
    ValueError: a spectator's observation (viewer None) has no seat: this needs a player's
    """
    if viewer is None:
        raise error("a spectator's observation (viewer None) has no seat: this needs a player's")
    return viewer


def seat(value: object, players: int, error: type[E], name: str = "player") -> int:
    """``value`` when it is a seat of a game of ``players``: an ``int`` from 0 to ``players - 1``.

    Anything else (a ``bool``, a float, a number out of range, however long) raises
    ``error`` (the game's :class:`~meeplekit.errors.InvalidValueError`) saying so, the
    argument called ``name``.

    >>> seat(1, 2, ValueError)
    1
    >>> seat(-1, 2, ValueError, "viewer")
    Traceback (most recent call last):
    ...
    ValueError: viewer must be a seat, a whole number from 0 to 1, got -1
    """
    if type(value) is not int or not 0 <= value < players:
        raise error(
            f"{name} must be a seat, a whole number from 0 to {players - 1}, got {shown(value)}"
        )
    return value


def not_a(kind: type, value: object, error: type[E]) -> E:
    """The ``error`` for a ``value`` given where a ``kind`` is needed (a game's entry points).

    >>> not_a(int, "3", ValueError)
    ValueError("expected builtins.int, got '3' (str)")
    """
    name = f"{kind.__module__}.{kind.__qualname__}"
    return error(f"expected {name}, got {shown(value)} ({type(value).__qualname__})")


def member_test(kind: type[enum.Enum]) -> Callable[[object], bool]:
    """A test of whether a value is one of ``kind``'s members itself.

    A member is one object for the whole process, so the test compares identities: a number
    equal to a member (``IntEnum`` members equal their numbers), a value made around the
    enum (``int.__new__(kind, 4)``, ``object.__new__(kind)``, as a tampered pickle makes
    them) and a member of another enum are none, and the test never fails on them (such a
    value may have no name to hash or show).

    >>> class Card(enum.IntEnum):
    ...     CAFE = 4
    >>> is_card = member_test(Card)
    >>> is_card(Card.CAFE), is_card(4), is_card(int.__new__(Card, 4))
    (True, False, False)
    """
    ids = frozenset(map(id, kind))
    return lambda value: id(value) in ids


def field_getter(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving an instance's fields as the constructor of ``cls`` takes them.

    ``cls`` is an attrs class; the fields are those with ``init``, in order. The function
    raises ``AttributeError`` for a field never set.
    """
    found = _GETTERS.get(cls)
    if found is not None:
        return found
    fields = [f.name for f in attrs.fields(cls) if f.init]
    if len(fields) == 1:
        one = operator.attrgetter(fields[0])
        getter: Callable[[Any], tuple[Any, ...]] = lambda value: (one(value),)  # noqa: E731
    else:
        getter = operator.attrgetter(*fields) if fields else (lambda value: ())
    _GETTERS[cls] = getter
    return getter


def _never_set(cls: type, error: type[Exception], article: str = "") -> Exception:
    return error(
        f"{article}{cls.__name__} has a field that was never set: it was not made by its "
        "constructor"
    )


def remade(value: T, *, error: type[Exception] = InvalidValueError) -> T:
    """``value`` (an attrs value) made again by its constructor from its fields.

    The constructor checks the fields as it checks them for any new value and raises the
    game's error when one is wrong; a value missing a field (never set, as in a tampered
    pickle) raises ``error``. The copy is what the constructor makes: equal to ``value``
    when ``value`` was made by it.
    """
    cls: Any = type(value)
    try:
        fields = (_GETTERS.get(cls) or field_getter(cls))(value)
    except AttributeError:
        raise _never_set(cls, error) from None
    made: T = cls(*fields)
    return made


def rechecked(value: T, *, error: type[Exception] = InvalidValueError) -> T:
    """``value`` (an attrs value) after its constructor's checks ran on it again, in place.

    The checks are the field validators and ``__attrs_post_init__``, for a class whose
    post-init only checks; nothing is made. Raises what the constructor raises, or
    ``error`` for a value missing a field.
    """
    cls: Any = type(value)
    try:
        attrs.validate(value)  # type: ignore[arg-type]
        check = getattr(cls, "__attrs_post_init__", None)
        if check is not None:
            check(value)
    except AttributeError:
        raise _never_set(cls, error) from None
    return value


def remaker(
    kinds: Iterable[type],
    *,
    error: type[InvalidValueError],
    inner: Iterable[type] = (),
    what: str = "a move",
    exact_types: bool = True,
) -> Callable[[object], Any]:
    """A game's ``well_formed``: a value of one of ``kinds`` as its constructor makes it.

    The function returned makes its argument again through its class's constructor, which
    checks every field; a field whose type is one of ``inner`` (an attrs value inside, such
    as goods) is :func:`remade` first, so the copy holds only values constructors made. The
    copy's fields must equal the fields given and be of the same types; with
    ``exact_types=False``, quicker, the copy need only equal the value (for a game whose
    validators already take each field's exact type). Else it raises ``error`` (the game's
    class, a subclass of :class:`~meeplekit.errors.InvalidValueError`): for anything that
    is not one of ``kinds`` (``"not {what}: ..."``), a field never set, a field a
    constructor refuses (an inner value's error becomes ``error``, naming the class), and
    a value the constructor would keep in another form (a set out of its canonical order,
    a list where a tuple belongs, a number where an enum member belongs).
    """
    getters = {kind: field_getter(kind) for kind in kinds}
    inside = frozenset(inner)

    def remake(value: object) -> Any:
        kind: Any = type(value)
        getter = getters.get(kind)
        if getter is None:
            raise error(f"not {what}: {shown(value)}")
        try:
            fields = getter(value)
        except AttributeError:
            raise _never_set(kind, error, "a ") from None
        try:
            if inside:
                made = kind(*[remade(f) if type(f) in inside else f for f in fields])
            else:
                made = kind(*fields)
        except InvalidValueError as exc:
            if isinstance(exc, error):
                raise
            raise error(f"{kind.__name__}: {exc}") from None
        if exact_types:
            again = getter(made)
            same = again == fields and not any(map(is_not, map(type, again), map(type, fields)))
        else:
            same = made == value
        if not same:
            raise error(
                f"{shown(value)} is not as its constructor makes it ({shown(made)}): it was "
                "not made by its constructor"
            )
        return made

    return remake


def frozen_maker(cls: type) -> Callable[..., Any]:
    """A constructor of ``cls`` (a frozen, slotted attrs class) that skips attrs' ``__init__``.

    ``cls`` is declared with ``weakref_slot=False``: a weak-reference slot gives it a layout
    the twin below cannot share.

    A mutable twin with the same slots is filled attribute by attribute and then given the
    frozen class (``__class__`` assignment, allowed between classes of the same layout).
    It makes what the constructor makes, 4 to 5 times faster; it checks nothing, so only a
    game's engine uses it, with values it made itself (Machi Koro's and Bremerhaven's
    states). A cached hash slot (``cache_hash=True``) starts empty, as attrs leaves it.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> make = frozen_maker(Point)
    >>> make(1, 2) == Point(1, 2), type(make(1, 2)) is Point
    (True, True)
    """
    slots: tuple[str, ...] = cls.__slots__  # type: ignore[attr-defined]
    twin = type(f"_Mutable{cls.__name__}", (), {"__slots__": slots})
    fields = [f.name for f in attrs.fields(cls)]
    cached = "_attrs_cached_hash" in slots
    body = ["    s = new(twin)"]
    body += [f"    s.{name} = {name}" for name in fields]
    if cached:
        body.append("    s._attrs_cached_hash = None")
    body += ["    s.__class__ = cls", "    return s"]
    source = f"def make({', '.join(fields)}):\n" + "\n".join(body) + "\n"
    namespace: dict[str, Any] = {"new": object.__new__, "twin": twin, "cls": cls}
    exec(source, namespace)
    maker: Callable[..., Any] = namespace["make"]
    maker.__doc__ = f"Make a {cls.__name__} from its fields, unchecked (the engine's fast path)."
    return maker
