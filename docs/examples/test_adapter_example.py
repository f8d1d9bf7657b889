"""Testing a frontend's adapter with ``harbour.testing``: a complete example.

The "frontend" here is a move list that shows every move as the text a player would type
(``harbour.interchange.notation``) and a score panel. Run the example with
``pytest docs/examples/test_adapter_example.py``.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import harbour
from harbour.interchange.notation import format_move, parse_move
from harbour.testing import HarbourStateMachine, check_invariants, moves, positions, states

# --------------------------------------------------------------------------- the frontend


class MoveList:
    """A frontend's move list: each move as text, and the position it shows."""

    def __init__(self, state: harbour.GameState) -> None:
        self.start = state
        self.shown = state
        self.lines: list[str] = []

    def record(self, move: harbour.Move, after: harbour.GameState) -> None:
        """Add a move as text (in the position before it), then show the position after."""
        self.lines.append(format_move(self.shown, move))
        self.shown = after

    def replay(self) -> harbour.GameState:
        """The position the list's text leads to from the start."""
        state = self.start
        for line in self.lines:
            state = harbour.apply_move(state, parse_move(state, line))
        return state


def score_panel(state: harbour.GameState) -> list[str]:
    """One line per player: their victory points from the buildings they bought."""
    return [
        f"Player {seat + 1}: {harbour.victory_points(state, seat)} VP"
        for seat in range(len(state.players))
    ]


# --------------------------------------------------------------------------- whole games


class MoveListMachine(HarbourStateMachine):
    """Plays whole games and checks the move list after every move."""

    view: MoveList

    def on_start(self, state: harbour.GameState) -> None:
        self.view = MoveList(state)

    def on_move(
        self, before: harbour.GameState, move: harbour.Move, after: harbour.GameState
    ) -> None:
        # The text shown for a move reads back as the same move.
        assert parse_move(before, format_move(before, move)) == move
        self.view.record(move, after)

    def check_adapter(self) -> None:
        assert self.view.shown == self.state
        if harbour.is_over(self.state):
            # At the end, the text alone replays the whole game.
            assert self.view.replay() == self.state


TestMoveList = MoveListMachine.TestCase
TestMoveList.settings = settings(max_examples=10, stateful_step_count=40, deadline=None)


# --------------------------------------------------------------------------- single positions


@given(states())
def test_the_score_panel_has_a_line_per_player(state: harbour.GameState) -> None:
    lines = score_panel(state)
    assert len(lines) == len(state.players)
    assert all(line.endswith(" VP") for line in lines)


@given(positions(), st.data())
def test_every_legal_move_has_a_text(state: harbour.GameState, data: st.DataObject) -> None:
    if harbour.is_over(state):
        return
    move = data.draw(moves(state), label="move")
    assert parse_move(state, format_move(state, move)) == move
    check_invariants(harbour.apply_move(state, move))


@given(st.from_type(harbour.GameState))
def test_a_new_move_list_shows_its_position(state: harbour.GameState) -> None:
    view = MoveList(state)
    assert view.shown == state and view.replay() == state
