"""The shared reading machinery: meanings from ``#:`` comments, rules, changed readings."""

from __future__ import annotations

import enum

import attrs
import pytest

from meeplekit.errors import InvalidValueError
from meeplekit.options import (
    changed_readings,
    field_meaning,
    field_rule,
    reading_meaning,
    unknown_reading,
)


class Coin(enum.Enum):
    """Which side of the coin counts (X-1)."""

    #: The side with the head,
    #: as most coins show it.
    HEADS = "heads"
    TAILS = "tails"


@attrs.frozen
class Options:
    #: X-1: the side that counts.
    coin: Coin = attrs.field(default=Coin.HEADS, metadata={"rule": "X-1"})
    #: Y-2: play with the extra die.
    extra_die: bool = attrs.field(default=False, metadata={"rule": "Y-2"})


def test_a_readings_meaning_is_its_comment_on_one_line() -> None:
    assert reading_meaning(Coin.HEADS) == "The side with the head, as most coins show it."
    with pytest.raises(InvalidValueError, match="not a documented"):
        reading_meaning(Coin.TAILS)
    with pytest.raises(KeyError):
        reading_meaning(Coin.TAILS, error=KeyError)


def test_a_fields_rule_and_meaning() -> None:
    assert field_rule(Options, "coin") == "X-1"
    assert field_meaning(Options, "coin") == "Which side of the coin counts."
    assert field_meaning(Options, "extra_die") == "Play with the extra die."
    with pytest.raises(InvalidValueError, match="no field 'colour'"):
        field_rule(Options, "colour")


def test_changed_readings_are_plain_values_in_field_order() -> None:
    assert changed_readings(Options()) == ()
    assert changed_readings(Options(Coin.TAILS, True)) == (("coin", "tails"), ("extra_die", True))


def test_an_unknown_reading_lists_the_allowed_values() -> None:
    message = unknown_reading(Coin, "edge")
    assert message == "Coin must be one of 'heads', 'tails' (or Coin members), got 'edge'"
