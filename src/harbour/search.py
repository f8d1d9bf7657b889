"""Information-set Monte Carlo tree search: :class:`ISMCTSBot`.

Single-observer information-set MCTS (SO-ISMCTS; Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012). The bot is given an
:class:`~harbour.observation.Observation`, never the true state. Each iteration:

1. samples a determinization of the observation (:func:`harbour.determinize`): the deck's
   order, the other players' bonus cards and their secret setup choices drawn uniformly
   among those the viewer cannot rule out;
2. descends one tree whose edges are moves, shared by all determinizations: at a node
   where every legal move of this determinization already has a child, it takes the child
   maximising UCB1 with availability counts, ``mean + c * sqrt(ln(available) / visits)``,
   where ``available`` counts the iterations in which that move was legal there;
3. expands one untried legal move, chosen with the bot's generator;
4. plays out: uniformly random moves for at most ``playout_depth`` moves, then judges the
   position reached (see below);
5. backs up the result: every node on the path adds the utility of the player who made
   the move leading to it.

**The playout and the utilities.** A random playout to the end of a game costs about
2 ms (some 200 moves for 2 players), so the playouts are truncated: after
``playout_depth`` random moves (6 by default, about one turn) the position is judged
with the greedy bot's :func:`harbour.bots.evaluate` for every player, turned into win
shares by a softmax with a temperature of :data:`TEMPERATURE` hundredths of a victory
point. A playout that reaches the end of the game scores the true win shares instead
(1 to the winner, ``1/k`` each to ``k`` tied winners, 0 to the others). With
``playout_depth=None`` every playout goes to the end. Utilities lie between 0 and 1.
The depth was chosen on a few 200-playout games against the greedy bot: 6 moves won 3 of
6, 24 moves 0 of 4 and 0 moves (the evaluation alone) 1 of 6; longer random playouts add
noise more than information.

After ``playouts`` iterations the bot plays the most visited move of the root (ties go to
the first in :func:`harbour.legal_moves` order). A decision with a single legal move is
answered without search. The bot is deterministic given its seed: it owns one
:class:`harbour.rng.SplitMix64`, for the determinizations, the expansions and the
playouts.

>>> import harbour
>>> from harbour.search import ISMCTSBot
>>> state = harbour.new_game(2, seed=4)
>>> bot = ISMCTSBot(playouts=20, seed=1)
>>> seat = harbour.current_player(state)
>>> bot.choose(harbour.observe(state, seat)) in harbour.legal_moves(state)
True
"""

from __future__ import annotations

import math

from harbour.bots import evaluate, sample_state
from harbour.determinize import determinize
from harbour.engine import apply_move_unchecked, legal_moves
from harbour.moves import Move
from harbour.observation import Observation
from harbour.rng import SplitMix64
from harbour.scoring import outcome
from harbour.state import GameState

__all__ = ["DEFAULT_PLAYOUT_DEPTH", "EXPLORATION", "TEMPERATURE", "ISMCTSBot"]

#: How many random moves a playout makes before the position is judged.
DEFAULT_PLAYOUT_DEPTH = 6
#: The exploration constant ``c`` of UCB1 (utilities lie between 0 and 1).
EXPLORATION = 0.7
#: The softmax temperature turning :func:`harbour.bots.evaluate` values into win shares,
#: in hundredths of a victory point.
TEMPERATURE = 300.0


class _Node:
    """A node of the tree: the statistics of the move that leads to it."""

    __slots__ = ("available", "children", "player", "reward", "visits")

    def __init__(self, player: int) -> None:
        #: The seat that made the move leading here (-1 at the root).
        self.player = player
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def _utilities(state: GameState) -> list[float]:
    """Each player's utility in ``state``: win shares at the end, a softmax of values before."""
    n = len(state.players)
    if state.is_over:
        winners = outcome(state).winners
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(n)]
    values = [evaluate(state, seat) for seat in range(n)]
    top = max(values)
    weights = [math.exp((value - top) / TEMPERATURE) for value in values]
    total = sum(weights)
    return [weight / total for weight in weights]


class ISMCTSBot:
    """Single-observer information-set MCTS over determinizations of its observation.

    ``playouts`` is the number of iterations per decision (at least 1); ``seed`` any
    integer; ``playout_depth`` the number of random moves before a playout is judged
    with :func:`harbour.bots.evaluate` (``None``: play to the end); ``exploration`` the
    UCB1 constant. See :mod:`harbour.search` for the algorithm. The bot never sees the
    true state: :meth:`choose` takes an observation.
    """

    __slots__ = ("_rng", "exploration", "playout_depth", "playouts")

    def __init__(
        self,
        playouts: int = 1000,
        seed: int = 0,
        playout_depth: int | None = DEFAULT_PLAYOUT_DEPTH,
        exploration: float = EXPLORATION,
    ) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, got {playouts}")
        if playout_depth is not None and playout_depth < 0:
            raise ValueError(f"playout_depth must be 0 or more, got {playout_depth}")
        self._rng = SplitMix64(seed)
        #: Iterations (determinization, descent, playout, backup) per decision.
        self.playouts = playouts
        #: Random moves before a playout is judged, or ``None`` to play to the end.
        self.playout_depth = playout_depth
        #: The UCB1 exploration constant.
        self.exploration = exploration

    def choose(self, observation: Observation) -> Move:
        """The most visited legal move after the search; ``ValueError`` when over.

        The viewer of ``observation`` must be the player who decides now.
        """
        rng = self._rng
        moves = legal_moves(sample_state(observation, rng))
        if len(moves) == 1:
            return moves[0]
        root = _Node(-1)
        for _ in range(self.playouts):
            self._iterate(root, determinize(observation, rng))
        best = moves[0]
        best_visits = -1
        for move in moves:
            child = root.children.get(move)
            visits = 0 if child is None else child.visits
            if visits > best_visits:
                best, best_visits = move, visits
        return best

    def _iterate(self, root: _Node, state: GameState) -> None:
        """One iteration on the determinization ``state``: select, expand, play out, back up."""
        rng = self._rng
        node = root
        path = [root]
        while not state.is_over:
            moves = legal_moves(state)
            children = node.children
            untried = [move for move in moves if move not in children]
            for move in moves:
                child = children.get(move)
                if child is not None:
                    child.available += 1
            if untried:
                move = rng.choice(untried)
                child = _Node(state.decider)
                child.available = 1
                children[move] = child
                path.append(child)
                state = apply_move_unchecked(state, move)
                break
            chosen: Move | None = None
            chosen_score = -math.inf
            c = self.exploration
            for move in moves:
                child = children[move]
                score = child.reward / child.visits + c * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if score > chosen_score:
                    chosen, chosen_score = move, score
            assert chosen is not None  # a state in play has a legal move
            node = children[chosen]
            path.append(node)
            state = apply_move_unchecked(state, chosen)
        state = self._playout(state)
        utilities = _utilities(state)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += utilities[visited.player]

    def _playout(self, state: GameState) -> GameState:
        """Random moves until the end, or until ``playout_depth`` of them are made."""
        rng = self._rng
        left = self.playout_depth
        while not state.is_over and (left is None or left > 0):
            state = apply_move_unchecked(state, rng.choice(legal_moves(state)))
            if left is not None:
                left -= 1
        return state
