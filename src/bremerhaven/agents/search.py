"""Information-set Monte Carlo tree search: :class:`ISMCTSBot` (rule BH-BOT-6).

The shared layer's SO-ISMCTS (:class:`meeplekit.agents.search.ISMCTSBot`, whose module page
describes the algorithm) on Bremerhaven (:data:`bremerhaven.agents.bots.BOT_GAME`), with
Bremerhaven's defaults. The game has no chance nodes (BH-ENGINE-10): what a player does
not know is the others' bid values while the cards are being placed and the order of the
decks, so each iteration searches a determinization of the observation
(:func:`bremerhaven.determinize`). A playout decides by :func:`bremerhaven.agents.bots.evaluate`
until the round in progress ends (:data:`PLAYOUT_TURNS`; a turn is a round), and the
position reached is judged by a softmax of those values with a temperature of
:data:`TEMPERATURE`.

>>> import bremerhaven
>>> from bremerhaven.agents.search import ISMCTSBot
>>> state = bremerhaven.new_game(2, seed=4)
>>> seat = bremerhaven.current_player(state)  # the Captain bids first
>>> bot = ISMCTSBot(playouts=10, seed=1)
>>> bot.choose(bremerhaven.observe(state, seat)) in bremerhaven.legal_moves(state)
True
"""

from __future__ import annotations

from typing import Final

import attrs

from bremerhaven.agents.bots import BOT_GAME, bid_gains
from bremerhaven.engine import legal_moves
from bremerhaven.moves import Move
from bremerhaven.observation import Observation
from bremerhaven.state import GameState, PendingBid
from meeplekit.agents import search as shared
from meeplekit.agents.search import EPSILON

__all__ = [
    "BIDS_SEARCHED",
    "EPSILON",
    "EXPLORATION",
    "PLAYOUTS",
    "PLAYOUT_TURNS",
    "SEARCH_GAME",
    "TEMPERATURE",
    "ISMCTSBot",
    "candidates",
]

#: The iterations per decision by default.
PLAYOUTS: Final = 100
#: How many rounds a playout plays: the one in progress. The evaluation already counts
#: what the rounds left are expected to bring (BH-BOT-3).
PLAYOUT_TURNS: Final = 1
#: The exploration constant of UCB1.
EXPLORATION: Final = 0.1
#: The softmax temperature turning :func:`bremerhaven.agents.bots.evaluate` values (the log of
#: the expected score) into win shares: a seat expecting a 20% higher score than another
#: is about twice as likely to win.
TEMPERATURE: Final = 0.25
#: The bids the search weighs at a bidding decision: the best by the greedy bot's gains.
BIDS_SEARCHED: Final = 6


def candidates(state: GameState) -> tuple[Move, ...]:
    """The moves the search weighs: every legal move, but only the best bids (BH-BOT-6).

    At a bidding decision with more than :data:`BIDS_SEARCHED` legal bids, the
    :data:`BIDS_SEARCHED` with the highest :func:`bremerhaven.agents.bots.bid_gains` on ``state``
    (ties to the first listed), in the order of :func:`bremerhaven.legal_moves`.
    """
    moves = legal_moves(state)
    if len(moves) <= BIDS_SEARCHED or not isinstance(state.stack[-1], PendingBid):
        return moves
    gains = bid_gains(state, moves)
    best = sorted(range(len(moves)), key=lambda i: -gains[i])[:BIDS_SEARCHED]
    return tuple(moves[i] for i in sorted(best))


#: :data:`bremerhaven.agents.bots.BOT_GAME` with the search's moves (:func:`candidates`).
SEARCH_GAME: Final = attrs.evolve(BOT_GAME, legal_moves=candidates)


class ISMCTSBot(shared.ISMCTSBot[GameState, Observation, Move]):
    """Single-observer information-set MCTS over determinizations, on Bremerhaven (BH-BOT-6).

    The arguments are the shared :class:`meeplekit.agents.search.ISMCTSBot`'s, with Bremerhaven's
    defaults: ``playouts`` iterations per decision (:data:`PLAYOUTS`), ``seed``,
    ``playout_turns`` (:data:`PLAYOUT_TURNS` rounds; ``None``: to the end of the game),
    ``epsilon``, ``exploration`` (:data:`EXPLORATION`) and ``temperature``
    (:data:`TEMPERATURE`).
    """

    __slots__ = ()

    def __init__(
        self,
        playouts: int = PLAYOUTS,
        seed: int = 0,
        playout_turns: int | None = PLAYOUT_TURNS,
        epsilon: float = EPSILON,
        exploration: float = EXPLORATION,
        temperature: float = TEMPERATURE,
    ) -> None:
        super().__init__(
            SEARCH_GAME,
            playouts=playouts,
            seed=seed,
            playout_turns=playout_turns,
            epsilon=epsilon,
            exploration=exploration,
            temperature=temperature,
        )
