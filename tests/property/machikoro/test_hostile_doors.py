"""Every door that takes a move, options, an observation or a position's values refuses a
hostile value with Machi Koro's own error: the classes of issue 32's causes 1 to 5, thrown at
Machi Koro's doors of the same kinds.

The classes are :mod:`tests.support.hostile`'s (numbers out of every range and too long to print,
the wrong types, containers empty, huge and 10⁵ levels deep, values made around their
constructors, fields never set):

- moves of every type with any field forged, at ``format_move``, ``describe_move``,
  ``move_text`` and ``str``, ``actions.encode`` (with a state or an observation),
  ``to_json``, the engine's checking functions, the narration and ``write_record``
  (MK-INPUT-1, MK-INPUT-6);
- ``RulesOptions`` given any value for any field, and options made around their
  constructor at ``new_game``, ``validate``, ``position`` and ``to_json`` (MK-INPUT-2);
- ``determinize`` given an observation with any field forged (MK-OBS-2);
- ``position`` given any value for any argument (MK-INPUT-4).
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import machikoro
from machikoro import GameState, RulesOptions
from machikoro.errors import (
    InvalidStateError,
    InvalidValueError,
    MachiKoroError,
)
from machikoro.moves import MOVE_TYPES, well_formed
from machikoro.positions import position
from meeplekit.rng import SplitMix64
from tests.support.hostile import (
    HOSTILE,
    UNSET,
    WRITERS,
    edited,
    every_field,
    forged_members,
    forged_options,
    meet_the_doors,
    move_doors,
    pick,
    refuse_all_but_readings,
    refused,
    shown_by,
)
from tests.support.machikoro_forged import EXAMPLES, POSITIONS

positions = pick(POSITIONS)

# --------------------------------------------------------------------------- moves

#: Values for a move's fields: hostile ones, members made around the enums, fields never set.
FIELD_VALUES: tuple[object, ...] = (
    *HOSTILE,
    *forged_members(machikoro.Establishment),
    *forged_members(machikoro.Landmark),
    (7, 1),
    (1, 2, 3),
    UNSET,
)

DOORS = move_doors("machikoro")


def meet_every_door(state: GameState, value: Any) -> None:
    meet_the_doors(
        DOORS, state, value, error=MachiKoroError, well_formed=well_formed, writers=WRITERS
    )


@pytest.mark.rules("MK-INPUT-1", "MK-INPUT-6")
@pytest.mark.parametrize("kind", MOVE_TYPES, ids=lambda kind: kind.__name__)
def test_every_field_of_every_move_type_forged_meets_only_machi_koros_errors(kind: type) -> None:
    state = POSITIONS[len(POSITIONS) // 2]
    for forgery in every_field(EXAMPLES[kind], FIELD_VALUES):
        meet_every_door(state, forgery)


@pytest.mark.rules("MK-INPUT-1", "MK-INPUT-6")
@given(state=positions, data=st.data())
def test_forged_legal_moves_in_any_position_meet_only_machi_koros_errors(
    state: GameState, data: st.DataObject
) -> None:
    legal = machikoro.legal_moves(state) or tuple(EXAMPLES.values())
    base = data.draw(pick(legal), label="base")
    for forgery in data.draw(st.lists(shown_by(pick(list(every_field(base, HOSTILE[::3])))))):
        meet_every_door(state, forgery.value)


# --------------------------------------------------------------------------- options


@pytest.mark.rules("MK-INPUT-2", "MK-INPUT-6")
def test_rules_options_refuse_any_value_that_is_no_reading_with_a_short_message() -> None:
    refuse_all_but_readings(RulesOptions, InvalidValueError)


@pytest.mark.rules("MK-INPUT-2", "MK-INPUT-3", "MK-INPUT-4")
def test_options_made_around_their_constructor_are_refused_everywhere() -> None:
    state = machikoro.new_game(2, seed=1)
    for options in forged_options(RulesOptions):
        assert isinstance(
            refused(InvalidValueError, machikoro.new_game, 2, options=options), Exception
        )
        assert isinstance(refused(InvalidValueError, machikoro.to_json, options), Exception)
        found = machikoro.validate(edited(state, options=options))
        assert "MK-STATE-1" in {v.rule_id for v in found}
        assert isinstance(
            refused(InvalidStateError, position, coins=[3, 3], options=options), Exception
        )


# --------------------------------------------------------------------------- determinize

OBSERVATIONS = [machikoro.observe(state, 0) for state in POSITIONS[::15]]


def meet_determinize(seen: Any) -> None:
    out = refused(InvalidValueError, machikoro.determinize, seen, SplitMix64(1))
    if not isinstance(out, Exception):
        assert machikoro.validate(out) == ()
        assert machikoro.observe(out, seen.viewer) == seen


@pytest.mark.rules("MK-OBS-2", "MK-INPUT-6")
def test_determinize_refuses_an_observation_with_any_field_forged() -> None:
    for seen in OBSERVATIONS:
        for forgery in every_field(seen, (*HOSTILE, UNSET)):
            meet_determinize(forgery)


# --------------------------------------------------------------------------- position


@pytest.mark.rules("MK-INPUT-4", "MK-INPUT-6")
def test_position_refuses_any_value_of_any_argument_with_invalid_state_error() -> None:
    for name in inspect.signature(position).parameters:
        for value in HOSTILE:
            arguments = {"coins": [3, 3], name: value}
            out = refused(InvalidStateError, position, **arguments)
            if not isinstance(out, Exception):
                assert machikoro.validate(out) == ()
