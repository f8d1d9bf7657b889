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

Up to 70 bids (a hand of five values on up to 14 spaces) would spread the iterations thin,
so the tree grows by progressive widening (:data:`WIDENING`): a node has at most
``ceil(n ** 0.5)`` children after ``n`` visits, added in the greedy bot's order
(:func:`prior`: the bids' gains, BH-BOT-5, else the evaluation after the move), so the
best bids by the greedy bot's rule are searched first and the rest join as the visits
grow. In a playout a bid is the greedy bot's (:func:`playout_move`): one pass over the
bids instead of a look at the position after each.

>>> import bremerhaven
>>> from bremerhaven.agents.search import ISMCTSBot
>>> state = bremerhaven.new_game(2, seed=4)
>>> seat = bremerhaven.current_player(state)  # the Captain bids first
>>> bot = ISMCTSBot(playouts=10, seed=1)
>>> bot.choose(bremerhaven.observe(state, seat)) in bremerhaven.legal_moves(state)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import attrs

from bremerhaven.agents.bots import BOT_GAME, bid_gains, evaluate
from bremerhaven.engine import apply_move_unchecked, current_player
from bremerhaven.moves import Bid, Move
from bremerhaven.observation import Observation
from bremerhaven.state import GameState
from meeplekit.agents import search as shared
from meeplekit.agents.search import EPSILON

__all__ = [
    "EPSILON",
    "EXPLORATION",
    "PLAYOUTS",
    "PLAYOUT_TURNS",
    "SEARCH_GAME",
    "TEMPERATURE",
    "WIDENING",
    "ISMCTSBot",
    "playout_move",
    "prior",
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
#: The exponent of progressive widening: a node decided at ``n`` times has at most
#: ``ceil(n ** WIDENING)`` children, the best by :func:`prior` first.
WIDENING: Final = 0.5


def _bids(moves: Sequence[Move]) -> bool:
    return all(isinstance(move, Bid) for move in moves)


def playout_move(state: GameState, moves: Sequence[Move]) -> Move | None:
    """The playouts' cheap choice (BH-BOT-6): at a bidding decision, the greedy bot's bid.

    When ``moves`` are bids, the one with the greatest :func:`bremerhaven.agents.bots.bid_gains`
    on ``state`` (the first listed on a tie): one pass over the bids instead of a look at
    the position after each. ``None`` for any other decision, which the search's greedy
    step by :func:`bremerhaven.agents.bots.evaluate` takes.
    """
    if not _bids(moves):
        return None
    gains = bid_gains(state, moves)
    best = 0
    for i in range(1, len(moves)):
        if gains[i] > gains[best]:
            best = i
    return moves[best]


def prior(state: GameState, moves: Sequence[Move]) -> list[float]:
    """The order in which progressive widening adds ``moves`` to the tree (BH-BOT-6).

    Bids by :func:`bremerhaven.agents.bots.bid_gains`, any other moves by
    :func:`bremerhaven.agents.bots.evaluate` of the position after them for the seat that
    decides: the greedy bot's ranking (BH-BOT-5), more first.
    """
    if _bids(moves):
        return bid_gains(state, moves)
    me = current_player(state)
    return [evaluate(apply_move_unchecked(state, move), me) for move in moves]


#: :data:`bremerhaven.agents.bots.BOT_GAME` with the search's playout choice
#: (:func:`playout_move`) and order of widening (:func:`prior`).
SEARCH_GAME: Final = attrs.evolve(BOT_GAME, policy=playout_move, prior=prior)


class ISMCTSBot(shared.ISMCTSBot[GameState, Observation, Move]):
    """Single-observer information-set MCTS over determinizations, on Bremerhaven (BH-BOT-6).

    The arguments are the shared :class:`meeplekit.agents.search.ISMCTSBot`'s, with Bremerhaven's
    defaults: ``playouts`` iterations per decision (:data:`PLAYOUTS`), ``seed``,
    ``playout_turns`` (:data:`PLAYOUT_TURNS` rounds; ``None``: to the end of the game),
    ``epsilon``, ``exploration`` (:data:`EXPLORATION`), ``temperature``
    (:data:`TEMPERATURE`), ``seconds`` (a time budget per decision; ``None``: none; with
    one, ``playouts`` ``None`` leaves the budget alone to stop the search), ``widening``
    (:data:`WIDENING`; ``None``: every legal move expanded) and ``clock`` (the budget's
    clock: the wall clock by default).
    """

    __slots__ = ()

    def __init__(
        self,
        playouts: int | None = PLAYOUTS,
        seed: int = 0,
        playout_turns: int | None = PLAYOUT_TURNS,
        epsilon: float = EPSILON,
        exploration: float = EXPLORATION,
        temperature: float = TEMPERATURE,
        seconds: float | None = None,
        widening: float | None = WIDENING,
        clock: Callable[[], float] | None = None,
    ) -> None:
        super().__init__(
            SEARCH_GAME,
            playouts=playouts,
            seed=seed,
            playout_turns=playout_turns,
            epsilon=epsilon,
            exploration=exploration,
            temperature=temperature,
            seconds=seconds,
            widening=widening,
            clock=clock,
        )
