"""Information-set Monte Carlo tree search: :class:`ISMCTSBot` (rule MK-BOT-4).

The shared layer's SO-ISMCTS (:class:`meeplekit.agents.search.ISMCTSBot`, whose module page
describes the algorithm) on Machi Koro (:data:`machikoro.agents.bots.BOT_GAME`), with Machi
Koro's defaults. Nothing of a position is hidden (MK-OBS-1), so every determinization is
the position itself; the dice and the market draws are chance nodes, whose outcomes the
search draws with their exact probabilities (:func:`machikoro.sample_chance`) in the tree
and in the playouts. A playout decides by :func:`machikoro.agents.bots.evaluate` (minus the log
of 1 + the rounds the player needs to win at their pace) until the turn in progress ends
(:data:`PLAYOUT_TURNS`), and the position reached is judged by a softmax of those values
with a temperature of :data:`TEMPERATURE`.

>>> import machikoro
>>> from machikoro.agents.search import ISMCTSBot
>>> state = machikoro.apply_move(machikoro.new_game(2, seed=4), machikoro.RollDice(1))
>>> state = machikoro.apply_move(state, machikoro.Dice((3,)))  # the Bakery pays: 4 coins
>>> bot = ISMCTSBot(playouts=30, seed=1)
>>> bot.choose(machikoro.observe(state, 0)) in machikoro.legal_moves(state)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from machikoro.agents.bots import BOT_GAME
from machikoro.moves import Move
from machikoro.observation import Observation
from machikoro.state import GameState
from meeplekit.agents import search as shared
from meeplekit.agents.search import EPSILON

__all__ = ["EPSILON", "EXPLORATION", "PLAYOUT_TURNS", "TEMPERATURE", "ISMCTSBot"]

#: How many turns a playout plays: the one in progress. :func:`machikoro.agents.bots.evaluate`
#: already counts what the dice are expected to bring; playing on adds their noise.
PLAYOUT_TURNS: Final = 1
#: The exploration constant of UCB1: small, since the values of two moves of one turn
#: differ little once turned into win shares.
EXPLORATION: Final = 0.05
#: The softmax temperature turning :func:`machikoro.agents.bots.evaluate` values (minus the log
#: of 1 + the rounds a player needs to win) into win shares: a player who needs 30% fewer
#: rounds than another is about 3 times as likely to win.
TEMPERATURE: Final = 0.3


class ISMCTSBot(shared.ISMCTSBot[GameState, Observation, Move]):
    """Single-observer information-set MCTS with chance nodes, on Machi Koro (MK-BOT-4).

    The arguments are the shared :class:`meeplekit.agents.search.ISMCTSBot`'s, with Machi Koro's
    defaults: ``playouts`` iterations per decision, ``seed``, ``playout_turns``
    (:data:`PLAYOUT_TURNS`; ``None``: to the end of the game), ``epsilon``,
    ``exploration`` (:data:`EXPLORATION`), ``temperature`` (:data:`TEMPERATURE`),
    ``seconds`` (a time budget per decision; ``None``: none), ``widening`` (``None``: off)
    and ``clock`` (the budget's clock: the wall clock by default).
    """

    __slots__ = ()

    def __init__(
        self,
        playouts: int | None = 200,
        seed: int = 0,
        playout_turns: int | None = PLAYOUT_TURNS,
        epsilon: float = EPSILON,
        exploration: float = EXPLORATION,
        temperature: float = TEMPERATURE,
        seconds: float | None = None,
        widening: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        super().__init__(
            BOT_GAME,
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
