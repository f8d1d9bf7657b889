"""The bots on positions drawn by the testing kit: every reading, 1 to 4 players, any phase.

For each drawn position still in play, the greedy and the random bot answer the seat that
decides with one of its legal moves (BH-BOT-2, BH-BOT-5), the search's playout choice is a
legal bid at a bidding decision and no choice elsewhere, its prior ranks every legal move
with a finite score (BH-BOT-6), and the evaluation is a finite number for every seat, the
solo game's score to beat included (BH-BOT-3).
"""

from __future__ import annotations

import math

from hypothesis import given, settings

import bremerhaven
from bremerhaven import GameState
from bremerhaven.agents.bots import BOT_GAME, GreedyBot, RandomBot, evaluate
from bremerhaven.agents.search import playout_move, prior
from bremerhaven.moves import Bid
from bremerhaven.testing import states


@settings(max_examples=60, deadline=None)
@given(state=states(max_decisions=400))
def test_bots_answer_with_legal_moves_and_the_evaluation_is_finite(state: GameState) -> None:
    """BH-BOT-2, BH-BOT-3, BH-BOT-5, BH-BOT-6."""
    for seat in range(BOT_GAME.seats(state)):
        assert math.isfinite(evaluate(state, seat))
    if bremerhaven.is_over(state):
        return
    legal = bremerhaven.legal_moves(state)
    seen = bremerhaven.observe(state, bremerhaven.current_player(state))
    assert GreedyBot(1).choose(seen) in legal
    assert RandomBot(1).choose(seen) in legal
    chosen = playout_move(state, legal)
    if isinstance(legal[0], Bid):
        assert chosen in legal
    else:
        assert chosen is None
    scores = prior(state, legal)
    assert len(scores) == len(legal) and all(math.isfinite(score) for score in scores)
