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
4. plays out: the position reached is played on by a cheap greedy policy until the turn in
   progress is over (``playout_turns`` turns; ``None``: to the end of the game), then
   judged (see below);
5. backs up the result: every node on the path adds the utility of the player who made
   the move leading to it.

**The playout and the utilities.** At each decision of a playout the policy takes, with
probability ``epsilon`` (0.1, to a thousandth), a uniformly random legal move, and otherwise the move whose
resulting position :func:`harbour.bots.evaluate` values most for the player who decides
(the first such move in :func:`harbour.legal_moves` order). The position where the
playout stops is judged with :func:`harbour.bots.evaluate` for every player, turned into
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

__all__ = ["EPSILON", "EXPLORATION", "PLAYOUT_TURNS", "TEMPERATURE", "ISMCTSBot"]

#: How many turns a playout plays: the one in progress and ``PLAYOUT_TURNS - 1`` more.
PLAYOUT_TURNS = 1
#: The chance that a playout decision is a uniformly random move instead of the greedy one.
EPSILON = 0.1
#: The exploration constant ``c`` of UCB1 (utilities lie between 0 and 1).
EXPLORATION = 0.3
#: The softmax temperature turning :func:`harbour.bots.evaluate` values into win shares,
#: in hundredths of a victory point.
TEMPERATURE = 100.0


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


def _utilities(state: GameState, temperature: float) -> list[float]:
    """Each player's utility in ``state``: win shares at the end, a softmax of values before."""
    n = len(state.players)
    if state.is_over:
        winners = outcome(state).winners
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(n)]
    values = [evaluate(state, seat) for seat in range(n)]
    top = max(values)
    weights = [math.exp((value - top) / temperature) for value in values]
    total = sum(weights)
    return [weight / total for weight in weights]


class ISMCTSBot:
    """Single-observer information-set MCTS over determinizations of its observation.

    ``playouts`` is the number of iterations per decision (at least 1); ``seed`` any
    integer; ``playout_turns`` how many turns a playout plays, the one in progress
    included (at least 1; ``None``: to the end of the game); ``epsilon`` the chance of a
    random move at a playout decision (0 to 1); ``exploration`` the UCB1 constant;
    ``temperature`` the softmax temperature of the utilities (above 0). See
    :mod:`harbour.search` for the algorithm. The bot never sees the true state:
    :meth:`choose` takes an observation.
    """

    __slots__ = (
        "_rng",
        "epsilon",
        "exploration",
        "playout_turns",
        "playouts",
        "temperature",
    )

    def __init__(
        self,
        playouts: int = 1000,
        seed: int = 0,
        playout_turns: int | None = PLAYOUT_TURNS,
        epsilon: float = EPSILON,
        exploration: float = EXPLORATION,
        temperature: float = TEMPERATURE,
    ) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, got {playouts}")
        if playout_turns is not None and playout_turns < 1:
            raise ValueError(f"playout_turns must be at least 1 or None, got {playout_turns}")
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must lie between 0 and 1, got {epsilon}")
        if not exploration >= 0.0:
            raise ValueError(f"exploration must be 0 or more, got {exploration}")
        if not temperature > 0.0:
            raise ValueError(f"temperature must be above 0, got {temperature}")
        self._rng = SplitMix64(seed)
        #: Iterations (determinization, descent, playout, backup) per decision.
        self.playouts = playouts
        #: Turns a playout plays (the one in progress included), or ``None``: to the end.
        self.playout_turns = playout_turns
        #: The chance of a uniformly random move at a playout decision.
        self.epsilon = epsilon
        #: The UCB1 exploration constant.
        self.exploration = exploration
        #: The softmax temperature of the utilities, in hundredths of a victory point.
        self.temperature = temperature

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
        utilities = _utilities(state, self.temperature)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += utilities[visited.player]

    def _playout(self, state: GameState) -> GameState:
        """The epsilon-greedy policy until ``playout_turns`` turns are over, or the game."""
        rng = self._rng
        last_turn = None if self.playout_turns is None else state.turn + self.playout_turns
        # A move is random when a draw below 1,000 falls under this threshold.
        threshold = self.epsilon * _DRAWS
        while not state.is_over and (last_turn is None or state.turn < last_turn):
            moves = legal_moves(state)
            if len(moves) == 1:
                state = apply_move_unchecked(state, moves[0])
            elif rng.below(_DRAWS) < threshold:
                state = apply_move_unchecked(state, rng.choice(moves))
            else:
                state = _greedy_step(state, moves)
        return state


#: The range of the draw deciding whether a playout move is random (``epsilon`` is used
#: to a thousandth).
_DRAWS = 1000


def _greedy_step(state: GameState, moves: list[Move] | tuple[Move, ...]) -> GameState:
    """The position after the move that :func:`evaluate` values most for the decider."""
    me = state.decider
    best = state
    best_value: int | None = None
    for move in moves:
        after = apply_move_unchecked(state, move)
        value = evaluate(after, me)
        if best_value is None or value > best_value:
            best, best_value = after, value
    return best
