"""Every rule reading says what it means and which rule it selects (for --help and docs)."""

from __future__ import annotations

import enum

import attrs
import pytest

from harbour.errors import InvalidValueError
from harbour.options import (
    ReentryOrder,
    RulesOptions,
    field_meaning,
    field_rule,
    reading_meaning,
)
from tests.support.harbour import spec_ids


class _Other(enum.Enum):
    A = "a"


def test_every_reading_of_every_option_has_a_one_line_meaning() -> None:
    for field in attrs.fields(RulesOptions):
        assert field_meaning(field.name), field.name
        if isinstance(field.default, enum.Enum):
            for member in type(field.default):
                text = reading_meaning(member)
                assert text and "\n" not in text and "#:" not in text, member


def test_every_option_names_a_rule_of_the_spec() -> None:
    ids = spec_ids()
    for field in attrs.fields(RulesOptions):
        assert field_rule(field.name) in ids, field.name
        assert field_rule(field.name) not in field_meaning(field.name)


@pytest.mark.rules("INT-3")
def test_meanings_come_from_the_readings_documentation() -> None:
    assert reading_meaning(ReentryOrder.REVERSED).startswith(
        "The earlier English rulebook's worked"
    )
    assert field_rule("reentry") == "INT-3"
    assert field_meaning("first_game") == "The first-game setup."
    with pytest.raises(InvalidValueError, match="no field"):
        field_rule("colour")
    with pytest.raises(InvalidValueError, match="not a rule reading"):
        reading_meaning(_Other.A)
