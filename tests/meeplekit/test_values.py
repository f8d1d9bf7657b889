"""The shared remaking of values: made again by their constructors, in the game's error."""

from __future__ import annotations

import enum

import attrs
import pytest

import meeplekit.errors as shared
from meeplekit.values import field_getter, member_test, rechecked, remade, remaker, shown


class GameError(shared.RulesError):
    """A game's own base."""


class InvalidValueError(GameError, shared.InvalidValueError):
    """A game's own value error."""


class InvalidMoveError(InvalidValueError, shared.InvalidMoveError):
    """A game's own move error."""


class Card(enum.IntEnum):
    CAFE = 0
    MINE = 1


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise InvalidValueError(f"{type(instance).__name__}.{attribute.name} must be >= 1")


@attrs.frozen
class Coins:
    count: int = attrs.field(validator=_positive)

    def __attrs_post_init__(self) -> None:
        if self.count > 9:
            raise InvalidValueError("Coins.count must be at most 9")


def _card(value: object) -> object:
    return Card(value) if type(value) is int else value


def _is_card(instance: object, attribute: attrs.Attribute[Card], value: Card) -> None:
    if type(value) is not Card:
        raise InvalidMoveError(f"Build.card must be a Card, got {shown(value)}")


@attrs.frozen(slots=True)
class Build:
    card: Card = attrs.field(converter=_card, validator=_is_card)


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


@attrs.frozen(slots=True)
class Pay:
    coins: Coins
    cards: tuple[Card, ...] = attrs.field(converter=_sorted, default=())


@attrs.frozen(slots=True)
class Pass:
    pass


def forged(value: object, **fields: object) -> object:
    for name, field in fields.items():
        object.__setattr__(value, name, field)
    return value


def test_a_value_is_made_again_and_checked_again() -> None:
    assert remade(Coins(3)) == Coins(3)
    with pytest.raises(InvalidValueError, match="must be >= 1"):
        remade(forged(Coins(3), count=0))
    with pytest.raises(InvalidValueError, match="at most 9"):
        rechecked(forged(Coins(3), count=10))
    with pytest.raises(InvalidValueError, match="Coins has a field that was never set"):
        remade(object.__new__(Coins), error=InvalidValueError)
    with pytest.raises(InvalidValueError, match="Coins has a field that was never set"):
        rechecked(object.__new__(Coins), error=InvalidValueError)
    with pytest.raises(shared.InvalidValueError):  # the shared class unless told
        remade(object.__new__(Coins))
    assert field_getter(Pay)(Pay(Coins(1), (Card.MINE,))) == (Coins(1), (Card.MINE,))
    assert field_getter(Pass)(Pass()) == ()


def test_remaker_refuses_each_kind_of_forged_move_in_the_games_class() -> None:
    well_formed = remaker((Build, Pay, Pass), error=InvalidMoveError, inner=(Coins,))
    assert well_formed(Build(Card.CAFE)) == Build(Card.CAFE)
    assert well_formed(Pass()) == Pass()

    def refused(value: object) -> str:
        with pytest.raises(InvalidMoveError) as caught:
            well_formed(value)
        return str(caught.value)

    assert refused(3) == "not a move: 3"
    assert refused(object.__new__(Build)) == (
        "a Build has a field that was never set: it was not made by its constructor"
    )
    assert refused(forged(Build(Card.CAFE), card="cafe")) == "Build.card must be a Card, got 'cafe'"
    # The constructor turns 1 into Card.MINE, equal to 1 but another form.
    assert "is not as its constructor makes it" in refused(forged(Build(Card.CAFE), card=1))
    assert "is not as its constructor makes it" in refused(
        forged(Pay(Coins(1)), cards=(Card.MINE, Card.CAFE))
    )
    # An inner value's error becomes the game's move error, naming the move.
    assert refused(Pay(forged(Coins(1), count=0))) == "Pay: Coins.count must be >= 1"  # type: ignore[arg-type]
    assert refused(Pay(object.__new__(Coins))) == (
        "Pay: Coins has a field that was never set: it was not made by its constructor"
    )


def test_remaker_compares_values_only_when_asked() -> None:
    loose = remaker((Build,), error=InvalidMoveError, what="a build", exact_types=False)
    assert loose(forged(Build(Card.CAFE), card=1)) == Build(Card.MINE)
    with pytest.raises(InvalidMoveError, match="not a build: 'x'"):
        loose("x")


def test_shown_never_fails() -> None:
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError

    assert shown(Broken()) == "<Broken that cannot be shown>"
    assert shown(object.__new__(Build)) == "<Build that cannot be shown>"
    assert shown("x" * 200).endswith("...") and len(shown("x" * 200)) == 80


def test_member_test_knows_only_the_enums_own_members() -> None:
    is_card = member_test(Card)
    assert all(is_card(card) for card in Card)
    for value in (0, 1, True, 0.0, "cafe", None, int.__new__(Card, 0), int.__new__(Card, 9)):
        assert not is_card(value), value
    Other = enum.IntEnum("Other", {"CAFE": 0})
    assert not is_card(Other.CAFE) and member_test(Other)(Other.CAFE)


class _Counted:
    """A value that counts how often it is written (``repr``)."""

    calls = 0

    def __repr__(self) -> str:
        _Counted.calls += 1
        return "counted"


@attrs.frozen
class _Holder:
    items: object


def test_shown_writes_a_small_value_as_repr_and_a_huge_one_in_part() -> None:
    small = [(1, "a"), {"k": frozenset({2})}, _Holder((1, 2)), [[[]]]]
    for value in small:
        assert shown(value, 200) == repr(value)
    _Counted.calls = 0
    huge = [tuple(_Counted() for _ in range(100_000)), _Holder([_Counted()] * 100_000)]
    for value in huge:
        text = shown(value)
        assert len(text) <= 80 and "counted" in text
    assert _Counted.calls <= 20  # a few items of each, never all 200,000
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    assert shown(deep).startswith("[[[[")
