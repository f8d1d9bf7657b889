"""The rule-reading options' names and help, shared by the ``harbour`` command and the demo.

Every field of :class:`~harbour.options.RulesOptions` is one option, named after the
field with ``-`` for ``_`` (``reentry``, ``tie-break``, ``characters``): ``--FLAG VALUE``
for a reading, ``--FLAG``/``--no-FLAG`` for a switch. ``harbour play``, ``harbour
simulate``, ``harbour compare`` (Click) and ``python -m harbour.demo`` (argparse) all take
them from here, so they spell and explain them alike. This module needs no optional extra.

>>> option_flag("tie_break")
'tie-break'
>>> reading_help(READING_FIELDS[0]).split(":")[0]
'INT-1'
"""

from __future__ import annotations

import enum
from typing import Any, Final

import attrs

from harbour.options import RulesOptions, field_meaning, field_rule, reading_meaning

__all__ = ["READING_FIELDS", "option_flag", "reading_help"]

#: The fields of :class:`~harbour.options.RulesOptions`, one option each, in field order.
READING_FIELDS: Final[tuple[attrs.Attribute[Any], ...]] = tuple(attrs.fields(RulesOptions))


def option_flag(field_name: str) -> str:
    """The option name (without ``--``) of a :class:`~harbour.options.RulesOptions` field."""
    return field_name.replace("_", "-")


def reading_help(field: attrs.Attribute[Any]) -> str:
    """The help of a reading's option: the rule, what it selects, and every value's meaning."""
    text = f"{field_rule(field.name)}: {field_meaning(field.name)}"
    default = field.default
    if isinstance(default, enum.Enum):
        readings = "; ".join(
            f"'{member.value}'{' (default)' if member is default else ''}: "
            f"{reading_meaning(member).rstrip('.')}"
            for member in type(default)
        )
        return f"{text} {readings}"
    return f"{text} (default: {'on' if default else 'off'})"
