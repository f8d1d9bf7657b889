"""Hostile input of the kinds every game shares, thrown at every door of Machi Koro.

- Whole numbers of any length (over 4,300 digits, beyond 64 bits, negative) at every
  parameter of the front door that takes one, and as an observation's viewer: only Machi
  Koro's errors, with short messages (MK-INPUT-6); the table of calls covers every such
  parameter, so a new one must join it.
- Records with each field set around the constructor, or never set: ``replay`` refuses
  them with Machi Koro's errors before a move is played (MK-REC-4).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import machikoro
from machikoro.agents import tensors
from machikoro.agents.actions import block_of, decode
from machikoro.cards import card_set
from machikoro.errors import MachiKoroError
from machikoro.interchange.records import GameRecord, Result, replay
from machikoro.scoring import landmarks_built
from machikoro.views import svg
from machikoro.views.view import landmarks_done, render, seen_by
from meeplekit.rng import SplitMix64
from meeplekit.values import shown
from tests.meeplekit import hostile

STATE = machikoro.new_game(3, seed=5)
SEEN = machikoro.observe(STATE, 0)

#: A call of each front-door function with each whole number in the parameter named.
CALLS: dict[tuple[str, str], Callable[[int], object]] = {
    ("machikoro.agents.actions.block_of", "action"): block_of,
    ("machikoro.agents.actions.decode", "action"): lambda n: decode(STATE, n),
    ("machikoro.cards.catalogue.card_set", "sushi_bar_cost"): lambda n: card_set(sushi_bar_cost=n),
    ("machikoro.observation.observe", "viewer"): lambda n: machikoro.observe(STATE, n),
    ("machikoro.positions.position", "current"): lambda n: machikoro.position(
        coins=[3, 3], current=n
    ),
    ("machikoro.positions.position", "turn"): lambda n: machikoro.position(coins=[3, 3], turn=n),
    ("machikoro.positions.position", "total"): lambda n: machikoro.position(coins=[3, 3], total=n),
    ("machikoro.positions.position", "seed"): lambda n: machikoro.position(coins=[3, 3], seed=n),
    ("machikoro.scoring.landmarks_built", "player"): lambda n: landmarks_built(STATE, n),
    ("machikoro.interchange.serialization.to_json", "indent"): lambda n: machikoro.to_json(
        STATE, indent=n
    ),
    ("machikoro.setup.new_game", "players"): lambda n: machikoro.new_game(n),
    ("machikoro.setup.new_game", "seed"): lambda n: machikoro.new_game(2, seed=n),
    ("machikoro.setup.start", "players"): lambda n: machikoro.setup.start(n),
    ("machikoro.views.svg.position", "viewer"): lambda n: svg.position(STATE, n),
    ("machikoro.agents.tensors.observation_tensor_size", "players"): lambda n: (
        tensors.observation_tensor_size(None, n)
    ),
    ("machikoro.agents.tensors.tensor_layout", "players"): lambda n: tensors.tensor_layout(None, n),
    ("machikoro.views.view.landmarks_done", "seat"): lambda n: landmarks_done(SEEN, n),
    ("machikoro.views.view.render", "viewer"): lambda n: render(STATE, n),
    ("machikoro.views.view.render", "width"): lambda n: render(STATE, width=n),
    ("machikoro.interchange.poscode.code", "viewer"): lambda n: machikoro.code(STATE, viewer=n),
    ("machikoro.views.view.seen_by", "viewer"): lambda n: seen_by(STATE, n),
}


@pytest.mark.rules("MK-INPUT-6")
def test_the_table_calls_every_parameter_that_takes_a_whole_number() -> None:
    assert not hostile.uncovered(machikoro, CALLS)


@pytest.mark.rules("MK-INPUT-6", "MK-INPUT-3")
@pytest.mark.parametrize("number", hostile.HUGE, ids=lambda n: shown(n, 20))
@pytest.mark.parametrize("where", sorted(CALLS), ids=lambda w: f"{w[0]}({w[1]})")
def test_whole_numbers_of_any_length_meet_only_machi_koros_errors(
    where: tuple[str, str], number: int
) -> None:
    hostile.only_game_errors(lambda: CALLS[where](number), MachiKoroError)


@pytest.mark.rules("MK-INPUT-6", "MK-OBS-2")
@pytest.mark.parametrize("number", hostile.HUGE, ids=lambda n: shown(n, 20))
def test_an_observation_of_any_viewer_meets_only_machi_koros_errors(number: int) -> None:
    forged = attrs.evolve(SEEN, viewer=number)
    with pytest.raises(machikoro.InvalidValueError) as caught:
        machikoro.determinize(forged, SplitMix64(1))
    assert len(str(caught.value)) <= hostile.MAX_MESSAGE


# --------------------------------------------------------------------------- records


def _finished() -> GameRecord:
    state, moves = STATE, []
    rng = SplitMix64(3)
    while not machikoro.is_over(state):
        chance = machikoro.chance_outcomes(state)
        if chance:
            move = chance[rng.below(len(chance))][0]
        else:
            legal = machikoro.legal_moves(state)
            move = legal[rng.below(len(legal))]
        moves.append(move)
        state = machikoro.apply_move(state, move)
    final = machikoro.outcome(state)
    return GameRecord(STATE, tuple(moves), result=Result(final.points, final.winners))


@pytest.mark.rules("MK-REC-4")
def test_records_forged_field_by_field_meet_only_machi_koros_errors() -> None:
    record = _finished()
    assert machikoro.is_over(replay(record)[-1])
    hostile.replay_refuses_forged_records(
        replay,
        record,
        Result,
        (machikoro.InvalidValueError, machikoro.InvalidStateError, machikoro.RecordError),
    )
