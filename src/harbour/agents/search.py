"""Information-set Monte Carlo tree search: :class:`ISMCTSBot`.

Single-observer information-set MCTS (SO-ISMCTS; Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012): the shared layer's
:class:`meeplekit.agents.search.ISMCTSBot` on Harbour (:data:`harbour.agents.bots.BOT_GAME`), with
Harbour's defaults. The bot is given an :class:`~harbour.observation.Observation`, never
the true state. Each iteration:

1. samples a determinization of the observation (:func:`harbour.determinize`): the deck's
   order, the other players' bonus cards and their secret setup choices drawn uniformly
   among those the viewer cannot rule out;
2. descends one tree whose edges are moves, shared by all determinizations: at a node
   where every legal move of this determinization already has a child, it takes the child
   maximising UCB1 with availability counts, ``mean + c * sqrt(ln(available) / visits)``,
   where ``available`` counts the iterations in which that move was legal there;
3. expands one untried legal move, chosen with the bot's generator;
4. plays out: the position reached is played on by a cheap greedy policy until the turn in
   progress is over (``playout_turns`` turns; ``None``: to the end of the game), then
   judged (see below);
5. backs up the result: every node on the path adds the utility of the player who made
   the move leading to it.

**The playout and the utilities.** At each decision of a playout the policy takes, with
probability ``epsilon`` (0.1, to a thousandth), a uniformly random legal move, and otherwise the move whose
resulting position :func:`harbour.agents.bots.evaluate` values most for the player who decides
(the first such move in :func:`harbour.legal_moves` order). The position where the
playout stops is judged with :func:`harbour.agents.bots.evaluate` for every player, turned into
win shares by a softmax with a temperature of ``temperature`` hundredths of a victory
point (100: one point). A playout that reaches the end of the game scores the true win
shares instead (1 to the winner, ``1/k`` each to ``k`` tied winners, 0 to the others).
Utilities lie between 0 and 1.

Why these defaults: purely random moves inside a turn (a pawn sent anywhere, goods shipped
or kept at random) judge a line by what a random player would make of it, and the whole
turn is what the evaluation understands. A playout that finishes the turn greedily gives
the line its value for a sensible player. Measured on the 2-player seeds 0 to 39 against
the greedy bot, 1,000 playouts, the bot in seat ``seed % 2``: finishing the turn won 24
of 40; finishing it and the next player's turn 19; the earlier uniformly random playouts
of 6 moves won 7 of 20 (a greedy bot in the same seat wins 18 of 40: the first seat wins
most 2-player games, so the seeds matter as much as the bots).

After ``playouts`` iterations the bot plays the most visited move of the root (ties go to
the first in :func:`harbour.legal_moves` order). A decision with a single legal move is
answered without search. The bot is deterministic given its seed: it owns one
:class:`meeplekit.rng.SplitMix64`, for the determinizations, the expansions and the
playouts.

>>> import harbour
>>> from harbour.agents.search import ISMCTSBot
>>> state = harbour.new_game(2, seed=4)
>>> bot = ISMCTSBot(playouts=20, seed=1)
>>> seat = harbour.current_player(state)
>>> bot.choose(harbour.observe(state, seat)) in harbour.legal_moves(state)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from harbour.agents.bots import BOT_GAME
from harbour.moves import Move
from harbour.observation import Observation
from harbour.state import GameState
from meeplekit.agents import search as shared
from meeplekit.agents.search import EPSILON, EXPLORATION, PLAYOUT_TURNS

__all__ = ["EPSILON", "EXPLORATION", "PLAYOUT_TURNS", "TEMPERATURE", "ISMCTSBot"]

#: The softmax temperature turning :func:`harbour.agents.bots.evaluate` values into win shares,
#: in hundredths of a victory point.
TEMPERATURE: Final = 100.0


class ISMCTSBot(shared.ISMCTSBot[GameState, Observation, Move]):
    """Single-observer information-set MCTS over determinizations of its observation.

    ``playouts`` is the number of iterations per decision (at least 1); ``seed`` any
    integer; ``playout_turns`` how many turns a playout plays, the one in progress
    included (at least 1; ``None``: to the end of the game); ``epsilon`` the chance of a
    random move at a playout decision (0 to 1); ``exploration`` the UCB1 constant;
    ``temperature`` the softmax temperature of the utilities (above 0); ``seconds`` a time
    budget per decision (``None``: none; with one, ``playouts`` caps the iterations, or
    ``None`` leaves the budget alone to stop them); ``widening`` the exponent of progressive
    widening (``None``: off); ``clock`` the budget's clock (the wall clock by default). See
    :mod:`harbour.agents.search` for the algorithm and :mod:`meeplekit.agents.search` for
    the budget and the widening. The bot never sees the true state: :meth:`choose` takes an
    observation.

    >>> bot = ISMCTSBot(playouts=None, seconds=0.5)  # as many iterations as half a second allows
    >>> bot.playouts is None and bot.seconds == 0.5
    True
    """

    __slots__ = ()

    def __init__(
        self,
        playouts: int | None = 1000,
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
