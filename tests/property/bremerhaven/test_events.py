"""Bremerhaven's typed events (BH-ENGINE-14): data, a clause each, and told in English.

A sweep over seeded random games, with random readings and 1 to 4 players, must produce
every kind of event; every event it produces names a clause of the specification and is
narrated (:func:`bremerhaven.views.narrate.describe_event`). No event class holds English:
the words are the narrator's (:mod:`bremerhaven.views.narrate`).
"""

from __future__ import annotations

import enum
import random
import types
import typing
from collections.abc import Iterator

import attrs
import pytest

import bremerhaven
from bremerhaven import events
from bremerhaven.events import Event, MoneyCharged, MoneyEarned, MoneyPaid, Reason, event_seat
from bremerhaven.options import RulesOptions
from bremerhaven.specification import SPECIFICATION
from bremerhaven.views.narrate import describe_event, sentence

#: Every kind of event.
KINDS: tuple[type, ...] = typing.get_args(Event)

#: The games of the sweep: seeds 0 to 59 (about a second in all).
SEEDS = range(60)


def _options(rng: random.Random) -> RulesOptions:
    """Every reading drawn at random: a boolean or one member of its enumeration."""
    chosen: dict[str, object] = {}
    for field in attrs.fields(RulesOptions):
        default: object = field.default
        if isinstance(default, bool):
            chosen[field.name] = rng.random() < 0.5
        elif isinstance(default, enum.Enum):
            chosen[field.name] = rng.choice(list(type(default)))
    return RulesOptions(**chosen)  # type: ignore[arg-type]


def _game(seed: int) -> Iterator[tuple[Event, int | None]]:
    """The events of one random game, each with the solo dummy's seat."""
    rng = random.Random(seed)
    state = bremerhaven.new_game(rng.choice([1, 2, 3, 4]), seed=seed, options=_options(rng))
    while not bremerhaven.is_over(state):
        state, told = bremerhaven.apply_move_with_events(
            state, rng.choice(bremerhaven.legal_moves(state))
        )
        for event in told:
            yield event, state.dummy


@pytest.fixture(scope="module")
def swept() -> list[tuple[Event, int | None]]:
    """Every event of the sweep's games, in order."""
    return [pair for seed in SEEDS for pair in _game(seed)]


@pytest.mark.rules("BH-ENGINE-14", "BH-NARR-1")
def test_every_kind_of_event_happens_names_a_clause_and_is_told(
    swept: list[tuple[Event, int | None]],
) -> None:
    ids = set(SPECIFICATION.rule_ids())
    seen: set[type] = set()
    for event, dummy in swept:
        seen.add(type(event))
        assert event.rule_id in ids, event
        told = describe_event(event, dummy)
        assert told[:1].isupper() and told.endswith("."), told
        assert sentence(event) in told or sentence(event)[1:] in told, (event, told)
        seat = event_seat(event)
        assert seat is None or 0 <= seat < 4, event
    assert {kind.__name__ for kind in KINDS} - {kind.__name__ for kind in seen} == set()


@pytest.mark.rules("BH-ENGINE-14", "BH-MONEY-2")
def test_every_reason_for_money_and_every_kind_of_charge_is_told(
    swept: list[tuple[Event, int | None]],
) -> None:
    money = [e for e, _ in swept if isinstance(e, MoneyEarned | MoneyPaid | MoneyCharged)]
    assert {e.reason for e in money} == set(Reason)
    charges = [e for e in money if isinstance(e, MoneyCharged)]
    told = [sentence(e) for e in charges]
    assert any(e.paid == e.due for e in charges)
    assert any(0 < e.paid < e.due for e in charges)
    assert any(e.paid == 0 for e in charges)
    assert all("()" not in text and not text.endswith(" )") for text in told), told
    # A reason that names a card names it.
    for event in money:
        card = getattr(event, "card", None)
        if card is not None:
            assert card.name in sentence(event), event


def _leaves(annotation: object) -> Iterator[object]:
    """The types a field's annotation is made of (through unions and tuples)."""
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) in (
        typing.Union,
        tuple,
    ):
        for inner in typing.get_args(annotation):
            yield from _leaves(inner)
    else:
        yield annotation


@pytest.mark.rules("BH-ENGINE-14")
@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_no_event_class_holds_english(kind: type) -> None:
    hints = typing.get_type_hints(kind, vars(events))
    fields = attrs.fields(kind)
    assert "rule_id" in hints and hints["rule_id"] is str
    assert kind.__doc__  # documented, as every public name
    for field in fields:
        if field.name == "rule_id":
            continue
        assert str not in set(_leaves(hints[field.name])), (kind.__name__, field.name)


@pytest.mark.rules("BH-ENGINE-14")
def test_the_events_hold_no_text_in_play(swept: list[tuple[Event, int | None]]) -> None:
    """Only ``rule_id`` is a string in the events a game produces; they are frozen."""
    for event, _ in swept[:2000]:
        for field in attrs.fields(type(event)):
            value = getattr(event, field.name)
            assert field.name == "rule_id" or not isinstance(value, str), (event, field.name)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            event.rule_id = "BH-ENGINE-14"  # type: ignore[misc]
