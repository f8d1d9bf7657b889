"""Every door that takes a move or options refuses a hostile value with Bremerhaven's own
error: the classes of issue 32's causes 1 to 3, thrown at Bremerhaven's doors of the same
kinds.

The classes are :mod:`tests.support.hostile`'s (numbers out of every range and too long to print,
the wrong types, containers empty, huge and 10⁵ levels deep, values made around their
constructors, fields never set):

- moves of every type with any field forged, at ``format_move``, ``describe_move``,
  ``move_text`` and ``str``, ``actions.encode`` (with a state or an observation),
  ``to_json``, the engine's checking functions, the narration and ``write_record``
  (BH-INPUT-4);
- ``RulesOptions`` given any value for any field, and options made around their
  constructor at ``new_game``, ``validate`` and ``to_json`` (BH-INPUT-1).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bremerhaven
from bremerhaven import GameState, Good, RulesOptions, Space
from bremerhaven.errors import BremerhavenError, InvalidValueError
from bremerhaven.moves import well_formed
from tests.support.bremerhaven_forged import EXAMPLES, MOVE_TYPES, POSITIONS
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

positions = pick(POSITIONS)

# --------------------------------------------------------------------------- moves

#: Values for a move's fields: hostile ones, members made around the enums, never set.
FIELD_VALUES: tuple[object, ...] = (
    *HOSTILE,
    *forged_members(Good),
    *forged_members(Space),
    "refinery ",
    UNSET,
)

DOORS = move_doors("bremerhaven")


def meet_every_door(state: GameState, value: Any) -> None:
    meet_the_doors(
        DOORS, state, value, error=BremerhavenError, well_formed=well_formed, writers=WRITERS
    )


@pytest.mark.rules("BH-INPUT-4")
@pytest.mark.parametrize("kind", MOVE_TYPES, ids=lambda kind: kind.__name__)
def test_every_field_of_every_move_type_forged_meets_only_bremerhavens_errors(kind: type) -> None:
    state = POSITIONS[len(POSITIONS) // 2]
    example = next(move for move in EXAMPLES if type(move) is kind)
    for forgery in every_field(example, FIELD_VALUES):
        meet_every_door(state, forgery)


@pytest.mark.rules("BH-INPUT-4")
@given(state=positions, data=st.data())
def test_forged_legal_moves_in_any_position_meet_only_bremerhavens_errors(
    state: GameState, data: st.DataObject
) -> None:
    legal = bremerhaven.legal_moves(state) or tuple(EXAMPLES)
    base = data.draw(pick(legal), label="base")
    for forgery in data.draw(st.lists(shown_by(pick(list(every_field(base, HOSTILE[::3])))))):
        meet_every_door(state, forgery.value)


# --------------------------------------------------------------------------- options


@pytest.mark.rules("BH-INPUT-1")
def test_rules_options_refuse_any_value_that_is_no_reading_with_a_short_message() -> None:
    refuse_all_but_readings(RulesOptions, InvalidValueError)


@pytest.mark.rules("BH-INPUT-1")
def test_options_made_around_their_constructor_are_refused_everywhere() -> None:
    state = bremerhaven.new_game(2, seed=1)
    for options in forged_options(RulesOptions):
        new = refused(InvalidValueError, bremerhaven.new_game, 2, options=options)
        assert isinstance(new, InvalidValueError)
        assert isinstance(refused(InvalidValueError, bremerhaven.to_json, options), Exception)
        found = bremerhaven.validate(edited(state, options=options))
        assert "BH-INPUT-1" in {v.rule_id for v in found}
