"""What the ``harbour`` commands share: rule-reading options, bots, card sets, seeds."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs
import click

from harbour.cards.identity import BUILT_IN_CARD_SETS
from harbour.cards.model import CardSet
from harbour.errors import HarbourError
from harbour.options import RulesOptions, field_meaning, field_rule, reading_meaning

__all__ = [
    "SEED",
    "apply_assignments",
    "check_game",
    "load_cards",
    "options_from",
    "parse_assignment",
    "reading_options",
]

F = TypeVar("F", bound=Callable[..., Any])

#: A game seed: an integer from 0 to 2**64 - 1.
SEED = click.IntRange(0, 2**64 - 1)


def _flag(name: str) -> str:
    return name.replace("_", "-")


def _help(field: attrs.Attribute[Any]) -> str:
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


def reading_options(command: F) -> F:
    """Add one option per :class:`~harbour.options.RulesOptions` field to a command.

    A reading is ``--field-name VALUE`` (a choice of the reading's values), a switch
    ``--field-name/--no-field-name``; left out, the field keeps its default. The help of
    each option names its rule and says what every value means.
    """
    for field in reversed(attrs.fields(RulesOptions)):
        flag = _flag(field.name)
        if isinstance(field.default, enum.Enum):
            option = click.option(
                f"--{flag}",
                field.name,
                type=click.Choice([m.value for m in type(field.default)]),
                default=None,
                help=_help(field),
            )
        else:
            option = click.option(
                f"--{flag}/--no-{flag}", field.name, default=None, help=_help(field)
            )
        command = option(command)
    return command


def options_from(params: Mapping[str, object]) -> RulesOptions:
    """The rule readings chosen with :func:`reading_options` (``None``: the default)."""
    chosen: dict[str, Any] = {
        field.name: params[field.name]
        for field in attrs.fields(RulesOptions)
        if params.get(field.name) is not None
    }
    try:
        return RulesOptions(**chosen)
    except HarbourError as error:
        raise click.UsageError(str(error)) from None


def parse_assignment(text: str) -> tuple[str, object]:
    """``FIELD=VALUE`` as a :class:`~harbour.options.RulesOptions` field name and value.

    ``FIELD`` is spelt as its option (``tie-break``) or its field (``tie_break``);
    ``VALUE`` is a reading's value, or ``on``/``off`` (``true``/``false``) for a switch.
    """
    name, sep, value = text.partition("=")
    field = attrs.fields_dict(RulesOptions).get(name.strip().replace("-", "_"))
    if not sep or field is None:
        known = ", ".join(_flag(f.name) for f in attrs.fields(RulesOptions))
        raise click.BadParameter(f"{text!r} is not FIELD=VALUE with FIELD one of: {known}")
    value = value.strip()
    if isinstance(field.default, enum.Enum):
        values = [m.value for m in type(field.default)]
        if value not in values:
            raise click.BadParameter(
                f"{_flag(field.name)} ({field_rule(field.name)}) must be one of "
                f"{', '.join(values)}; got {value!r}"
            )
        return field.name, value
    switch = {"on": True, "true": True, "off": False, "false": False}.get(value.lower())
    if switch is None:
        raise click.BadParameter(f"{_flag(field.name)} is a switch: on or off, got {value!r}")
    return field.name, switch


def apply_assignments(base: RulesOptions, assignments: Sequence[str]) -> RulesOptions:
    """``base`` with every ``FIELD=VALUE`` of ``assignments`` applied, in order."""
    changes: dict[str, Any] = dict(parse_assignment(text) for text in assignments)
    try:
        return attrs.evolve(base, **changes)
    except HarbourError as error:
        raise click.UsageError(str(error)) from None


def load_cards(spec: str) -> CardSet:
    """A built-in card set by name (``original`` is the library's own) or a card file."""
    if spec == "original":
        return BUILT_IN_CARD_SETS[next(iter(BUILT_IN_CARD_SETS))]
    if spec in BUILT_IN_CARD_SETS:
        return BUILT_IN_CARD_SETS[spec]
    from harbour.cards.files import load_card_file

    if not Path(spec).is_file():
        raise click.BadParameter(f"{spec!r} is neither 'original' nor a card file")
    try:
        return load_card_file(spec)
    except HarbourError as error:
        raise click.BadParameter(str(error)) from None


def check_game(players: int, options: RulesOptions, cards: CardSet) -> None:
    """Raise a usage error, naming the rule, unless such a game can be set up."""
    from harbour.setup import new_game

    try:
        new_game(players, seed=0, options=options, cards=cards)
    except HarbourError as error:
        raise click.UsageError(str(error)) from None
