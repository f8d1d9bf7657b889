"""The rule-reading options' names and help, shared by the ``harbour`` command and the demo.

Every field of :class:`~harbour.options.RulesOptions` is one option, named after the
field with ``-`` for ``_`` (``reentry``, ``tie-break``, ``characters``): ``--FLAG VALUE``
for a reading, ``--FLAG``/``--no-FLAG`` for a switch. ``harbour play``, ``harbour
simulate``, ``harbour compare`` (Click) and ``python -m harbour.demo`` (argparse) all take
them from every game's one home, :mod:`meeplekit.demo`, so they spell and explain them
alike. This module needs no optional extra.

>>> option_flag("tie_break")
'tie-break'
>>> reading_help(READING_FIELDS[0]).split(":")[0]
'INT-1'
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from harbour.options import RulesOptions
from meeplekit import demo as shared
from meeplekit.demo import option_flag

__all__ = ["READING_FIELDS", "option_flag", "reading_help"]

#: The fields of :class:`~harbour.options.RulesOptions`, one option each, in field order.
READING_FIELDS: Final[tuple[attrs.Attribute[Any], ...]] = tuple(attrs.fields(RulesOptions))


def reading_help(field: attrs.Attribute[Any]) -> str:
    """The help of a reading's option: the rule, what it selects, and every value's meaning."""
    return shared.reading_help(RulesOptions, field)
