"""Testing a frontend's adapter with ``machikoro.testing``: a complete example.

The "frontend" here is a move list that shows every move, the dice and the market draws
too, as the text a player would type (``machikoro.interchange.notation``), and a landmark panel. Run
the example with ``pytest docs/machikoro/examples/test_adapter_example.py``.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import machikoro
from machikoro.interchange.notation import format_move, parse_move
from machikoro.scoring import landmarks_built
from machikoro.testing import MachiKoroStateMachine, check_invariants, moves, positions, states

# --------------------------------------------------------------------------- the frontend


class MoveList:
    """A frontend's move list: each move as text, and the position it shows."""

    def __init__(self, state: machikoro.GameState) -> None:
        self.start = state
        self.shown = state
        self.lines: list[str] = []

    def record(self, move: machikoro.Move, after: machikoro.GameState) -> None:
        """Add a move as text (in the position before it), then show the position after."""
        self.lines.append(format_move(self.shown, move))
        self.shown = after

    def replay(self) -> machikoro.GameState:
        """The position the list's text leads to from the start."""
        state = self.start
        for line in self.lines:
            state = machikoro.apply_move(state, parse_move(state, line))
        return state


def landmark_panel(state: machikoro.GameState) -> list[str]:
    """One line per player: the landmarks they completed."""
    return [
        f"Player {seat + 1}: {landmarks_built(state, seat)} landmarks"
        for seat in range(state.players)
    ]


# --------------------------------------------------------------------------- whole games


class MoveListMachine(MachiKoroStateMachine):
    """Plays whole games, chance included, and checks the move list after every move."""

    view: MoveList

    def on_start(self, state: machikoro.GameState) -> None:
        self.view = MoveList(state)

    def on_move(
        self, before: machikoro.GameState, move: machikoro.Move, after: machikoro.GameState
    ) -> None:
        super().on_move(before, move, after)  # keep the kit's checks of the move's events
        # The text shown for a move reads back as the same move.
        assert parse_move(before, format_move(before, move)) == move
        self.view.record(move, after)

    def check_adapter(self) -> None:
        assert self.view.shown == self.state
        if machikoro.is_over(self.state):
            # At the end, the text alone replays the whole game.
            assert self.view.replay() == self.state


TestMoveList = MoveListMachine.TestCase
TestMoveList.settings = settings(max_examples=5, stateful_step_count=40, deadline=None)


# --------------------------------------------------------------------------- single positions


@settings(max_examples=20, deadline=None)
@given(states())
def test_the_landmark_panel_has_a_line_per_player(state: machikoro.GameState) -> None:
    lines = landmark_panel(state)
    assert len(lines) == state.players
    assert all(line.endswith(" landmarks") for line in lines)


@settings(max_examples=20, deadline=None)
@given(positions(), st.data())
def test_every_legal_move_has_a_text(state: machikoro.GameState, data: st.DataObject) -> None:
    if machikoro.is_over(state):
        return
    move = data.draw(moves(state), label="move")  # at a chance node: a chance outcome
    assert parse_move(state, format_move(state, move)) == move
    check_invariants(machikoro.apply_move(state, move))


@settings(max_examples=20, deadline=None)
@given(st.from_type(machikoro.GameState))
def test_a_new_move_list_shows_its_position(state: machikoro.GameState) -> None:
    view = MoveList(state)
    assert view.shown == state and view.replay() == state
