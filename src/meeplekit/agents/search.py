"""Information-set Monte Carlo tree search for any game of the project: :class:`ISMCTSBot`.

Single-observer information-set MCTS (SO-ISMCTS; Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012), generic over the game
protocol: the bot reads a game through its :class:`~meeplekit.agents.bots.BotGame` and is given
an observation (the game's ``observe``), never the true state. Each iteration:

1. samples a determinization of the observation (the game's ``determinize``): the hidden
   parts drawn uniformly among those the viewer cannot rule out;
2. descends one tree whose edges are moves, shared by all determinizations: at a node
   where every legal move of this determinization already has a child (with progressive
   widening: where the node has as many children as its visits allow, see below), it takes
   the child maximising UCB1 with availability counts,
   ``mean + c * sqrt(ln(available) / visits)``, where ``available`` counts the iterations
   in which that move was legal there. At a **chance node** it draws the outcome with its
   exact probability (the game's sampler) and follows, or adds, that outcome's child: the
   tree branches on chance as it happens, and chance's children keep no statistics;
3. expands one untried legal move, chosen with the bot's generator (with progressive
   widening: the untried move the game's ``prior`` ranks first);
4. plays out: the position reached is played on by a cheap informed policy until the turn
   in progress is over (``playout_turns`` turns; ``None``: to the end of the game), chance
   outcomes drawn with their probabilities, then judged (see below);
5. backs up the result: every decision node on the path adds the utility of the player
   who made the move leading to it.

**The playout and the utilities.** At each decision of a playout the policy takes, with
probability ``epsilon`` (to a thousandth), a uniformly random legal move, and otherwise the
game's own cheap choice (its ``policy``, when it has one and it answers) or the move whose
resulting position the game's ``evaluate`` values most for the player who decides (the
first such move in ``legal_moves`` order). The position where the playout
stops is judged with ``evaluate`` for every player, turned into win shares by a softmax
with a temperature of ``temperature`` (in the units of ``evaluate``). A playout that
reaches the end of the game scores the true win shares instead (1 to the winner, ``1/k``
each to ``k`` tied winners, 0 to the others). Utilities lie between 0 and 1.

**Progressive widening** (``widening``, off by default; Coulom 2007, Chaslot et al.
2008) keeps a large set of moves, such as Bremerhaven's up to 70 bids, from spreading the
iterations thin: a node where the search has decided ``n`` times has at most
``ceil(n ** widening)`` children (one at first, two from the second visit, three from the
fifth with ``widening`` 0.5, ten at the hundredth), and each new child is the untried
legal move ranked first by the game's ``prior`` on the determinization at hand (a cheap
score, more is better, such as the greedy bot's gains; without a prior, one drawn with
the bot's generator). The best candidates by the prior are searched first and kept; the
others join as the node's visits grow.

**The budget.** The search stops after ``playouts`` iterations or, with a time budget
(``seconds``), once the budget is spent, whichever comes first (after one iteration at
least; ``playouts`` ``None``: the budget alone). The clock is read between iterations,
never inside one: the wall clock (:func:`time.perf_counter`) by default, any other
(the lab's :func:`time.process_time`, a test's fake) through ``clock``. Without a budget
the bot's choices follow from its seed alone; with one they depend on the machine's speed.
:attr:`ISMCTSBot.searched` holds the iterations of the last decision.

After the search the bot plays the most visited move of the root (ties go to the first in
``legal_moves`` order). A decision with a single legal move is answered without search.
The bot is deterministic given its seed (and no budget): it owns one
:class:`~meeplekit.rng.SplitMix64`, for the determinizations, the chance outcomes, the
expansions and the playouts. Each game gives its defaults in a thin subclass
(``harbour.agents.search.ISMCTSBot``, ``machikoro.agents.search.ISMCTSBot``,
``bremerhaven.agents.search.ISMCTSBot``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Final, Generic, TypeVar

from meeplekit.agents.bots import BotGame, Observed, sample_state
from meeplekit.protocol import CHANCE
from meeplekit.rng import SplitMix64

__all__ = ["EPSILON", "EXPLORATION", "PLAYOUT_TURNS", "ISMCTSBot"]

S = TypeVar("S")
M = TypeVar("M")
O = TypeVar("O", bound=Observed)  # noqa: E741 - the observation type

#: How many turns a playout plays: the one in progress and ``PLAYOUT_TURNS - 1`` more.
PLAYOUT_TURNS: Final = 1
#: The chance that a playout decision is a uniformly random move instead of the greedy one.
EPSILON: Final = 0.1
#: The exploration constant ``c`` of UCB1 (utilities lie between 0 and 1).
EXPLORATION: Final = 0.3

#: The range of the draw deciding whether a playout move is random (``epsilon`` is used
#: to a thousandth).
_DRAWS: Final = 1000


class _Node(Generic[M]):
    """A node of the tree: the statistics of the move that leads to it."""

    __slots__ = ("available", "children", "decided", "player", "reward", "visits")

    def __init__(self, player: int) -> None:
        #: The seat that made the move leading here (-1 at the root and for chance's).
        self.player = player
        self.children: dict[M, _Node[M]] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        #: The times the descent decided at this node (progressive widening's count).
        self.decided = 0


class ISMCTSBot(Generic[S, O, M]):
    """Single-observer information-set MCTS over determinizations of its observation.

    ``game`` says how to play the game (:class:`~meeplekit.agents.bots.BotGame`); ``playouts`` is
    the number of iterations per decision (at least 1; ``None``: no cap, only with a time
    budget); ``seed`` any integer; ``playout_turns`` how many turns a playout plays, the one
    in progress included (at least 1; ``None``: to the end of the game); ``epsilon`` the
    chance of a random move at a playout decision (0 to 1); ``exploration`` the UCB1
    constant; ``temperature`` the softmax temperature of the utilities (above 0, in the
    units of the game's ``evaluate``); ``seconds`` a time budget per decision (above 0;
    ``None``: none, the default); ``widening`` the exponent of progressive widening (above
    0 and at most 1; ``None``: off, the default); ``clock`` the clock the budget is read on
    (seconds, any origin; ``None``: :func:`time.perf_counter`). See
    :mod:`meeplekit.agents.search` for the algorithm. The bot never sees the true state:
    :meth:`choose` takes an observation. Bad arguments raise ``ValueError``.
    """

    __slots__ = (
        "_game",
        "_rng",
        "clock",
        "epsilon",
        "exploration",
        "playout_turns",
        "playouts",
        "searched",
        "seconds",
        "temperature",
        "widening",
    )

    def __init__(
        self,
        game: BotGame[S, O, M],
        playouts: int | None = 1000,
        seed: int = 0,
        playout_turns: int | None = PLAYOUT_TURNS,
        epsilon: float = EPSILON,
        exploration: float = EXPLORATION,
        temperature: float = 1.0,
        seconds: float | None = None,
        widening: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if playouts is None and seconds is None:
            raise ValueError("playouts may be None only with a time budget (seconds)")
        if playouts is not None and playouts < 1:
            raise ValueError(f"playouts must be at least 1, got {playouts}")
        if playout_turns is not None and playout_turns < 1:
            raise ValueError(f"playout_turns must be at least 1 or None, got {playout_turns}")
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must lie between 0 and 1, got {epsilon}")
        if not exploration >= 0.0:
            raise ValueError(f"exploration must be 0 or more, got {exploration}")
        if not temperature > 0.0:
            raise ValueError(f"temperature must be above 0, got {temperature}")
        if seconds is not None and not seconds > 0.0:
            raise ValueError(f"seconds must be above 0 or None, got {seconds}")
        if widening is not None and not 0.0 < widening <= 1.0:
            raise ValueError(f"widening must lie above 0 and at most 1, or None, got {widening}")
        self._game = game
        self._rng = SplitMix64(seed)
        #: Iterations (determinization, descent, playout, backup) per decision, at most; or
        #: ``None``: as many as the time budget allows.
        self.playouts = playouts
        #: Turns a playout plays (the one in progress included), or ``None``: to the end.
        self.playout_turns = playout_turns
        #: The chance of a uniformly random move at a playout decision.
        self.epsilon = epsilon
        #: The UCB1 exploration constant.
        self.exploration = exploration
        #: The softmax temperature of the utilities, in the units of the game's ``evaluate``.
        self.temperature = temperature
        #: A time budget per decision in seconds of :attr:`clock`, or ``None``: the search
        #: stops after :attr:`playouts` iterations or, with a budget, once the budget is
        #: spent (after one iteration at least), whichever comes first. A budget makes the
        #: choice depend on the machine's speed; without one the bot's choices follow from
        #: its seed alone.
        self.seconds = seconds
        #: The exponent of progressive widening: a node decided at ``n`` times has at most
        #: ``ceil(n ** widening)`` children; ``None``: every legal move is expanded.
        self.widening = widening
        #: The clock :attr:`seconds` is read on (:func:`time.perf_counter`, the wall clock,
        #: by default).
        self.clock: Callable[[], float] = time.perf_counter if clock is None else clock
        #: The iterations the last decision searched (0 before any, and for a decision
        #: answered without search).
        self.searched = 0

    @property
    def game(self) -> BotGame[S, O, M]:
        """The game the bot plays."""
        return self._game

    def choose(self, observation: O) -> M:
        """The most visited legal move after the search; ``ValueError`` when over.

        The viewer of ``observation`` must be the player who decides now.
        """
        game = self._game
        rng = self._rng
        moves = game.legal_moves(sample_state(game, observation, rng))
        self.searched = 0
        if len(moves) == 1:
            return moves[0]
        root: _Node[M] = _Node(-1)
        determinize = game.determinize
        playouts = self.playouts
        if self.seconds is None:
            assert playouts is not None  # refused on construction
            for _ in range(playouts):
                self._iterate(root, determinize(observation, rng))
            self.searched = playouts
        else:
            clock = self.clock
            deadline = clock() + self.seconds
            searched = 0
            while True:
                self._iterate(root, determinize(observation, rng))
                searched += 1
                if searched == playouts or clock() >= deadline:
                    break
            self.searched = searched
        best = moves[0]
        best_visits = -1
        for move in moves:
            child = root.children.get(move)
            visits = 0 if child is None else child.visits
            if visits > best_visits:
                best, best_visits = move, visits
        return best

    def _iterate(self, root: _Node[M], state: S) -> None:
        """One iteration on the determinization ``state``: select, expand, play out, back up."""
        game = self._game
        rng = self._rng
        is_over = game.is_over
        legal_moves = game.legal_moves
        apply_move = game.apply_move
        current_player = game.current_player
        widening = self.widening
        node = root
        path = [root]
        while not is_over(state):
            player = current_player(state)
            if player == CHANCE:
                outcome = game.sample_chance(state, rng)
                found = node.children.get(outcome)
                if found is None:
                    found = node.children[outcome] = _Node(CHANCE)
                node = found
                state = apply_move(state, outcome)
                continue
            moves = legal_moves(state)
            children = node.children
            untried = [move for move in moves if move not in children]
            for move in moves:
                child = children.get(move)
                if child is not None:
                    child.available += 1
            expand: M | None = None
            if widening is None:
                if untried:
                    expand = rng.choice(untried)
            else:
                node.decided += 1
                if untried and len(moves) - len(untried) < math.ceil(node.decided**widening):
                    expand = self._first(state, untried)
            if expand is not None:
                child = _Node(player)
                child.available = 1
                children[expand] = child
                path.append(child)
                state = apply_move(state, expand)
                break
            chosen: M | None = None
            chosen_score = -math.inf
            c = self.exploration
            for move in moves:
                child = children.get(move)
                if child is None:
                    continue  # not yet widened to
                score = child.reward / child.visits + c * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if score > chosen_score:
                    chosen, chosen_score = move, score
            assert chosen is not None  # a state in play has a legal move, one with a child
            node = children[chosen]
            path.append(node)
            state = apply_move(state, chosen)
        state = self._playout(state)
        utilities = self._utilities(state)
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += utilities[visited.player]

    def _first(self, state: S, untried: Sequence[M]) -> M:
        """The untried move to expand under progressive widening: the prior's first."""
        prior = self._game.prior
        scores = None if prior is None else prior(state, untried)
        if scores is None:
            return self._rng.choice(untried)
        best = 0
        for i in range(1, len(untried)):
            if scores[i] > scores[best]:
                best = i
        return untried[best]

    def _playout(self, state: S) -> S:
        """The epsilon-informed policy until ``playout_turns`` turns are over, or the game."""
        game = self._game
        rng = self._rng
        is_over = game.is_over
        legal_moves = game.legal_moves
        apply_move = game.apply_move
        current_player = game.current_player
        turn = game.turn
        policy = game.policy
        last_turn = None if self.playout_turns is None else turn(state) + self.playout_turns
        # A move is random when a draw below 1,000 falls under this threshold.
        threshold = self.epsilon * _DRAWS
        while not is_over(state) and (last_turn is None or turn(state) < last_turn):
            if current_player(state) == CHANCE:
                state = apply_move(state, game.sample_chance(state, rng))
                continue
            moves = legal_moves(state)
            if len(moves) == 1:
                state = apply_move(state, moves[0])
            elif rng.below(_DRAWS) < threshold:
                state = apply_move(state, rng.choice(moves))
            else:
                move = None if policy is None else policy(state, moves)
                state = self._greedy_step(state, moves) if move is None else apply_move(state, move)
        return state

    def _greedy_step(self, state: S, moves: Sequence[M]) -> S:
        """The position after the move that ``evaluate`` values most for the decider."""
        game = self._game
        apply_move = game.apply_move
        evaluate = game.evaluate
        me = game.current_player(state)
        best = state
        best_value: float | None = None
        for move in moves:
            after = apply_move(state, move)
            value = evaluate(after, me)
            if best_value is None or value > best_value:
                best, best_value = after, value
        return best

    def _utilities(self, state: S) -> list[float]:
        """Each player's utility in ``state``: win shares at the end, a softmax of values before."""
        game = self._game
        n = game.seats(state)
        if game.is_over(state):
            winners = game.winners(state)
            return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(n)]
        evaluate = game.evaluate
        values = [evaluate(state, seat) for seat in range(n)]
        top = max(values)
        temperature = self.temperature
        weights = [math.exp((value - top) / temperature) for value in values]
        total = sum(weights)
        return [weight / total for weight in weights]
