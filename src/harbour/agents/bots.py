"""Simple computer players: a random bot and a one-turn greedy bot.

A bot is any object with a ``choose(observation) -> Move`` method (:class:`Bot`) that
picks a move for the player who decides now, :func:`harbour.current_player` (usually the
player whose turn it is; an ability's gift of goods is decided by its receiver, out of
turn, and the setup choices by the player whose setup step it is). A bot is given only
what that player sees, :func:`harbour.observe` of the state for the deciding seat, never
the :class:`~harbour.state.GameState` itself: it cannot peek at the deck's order or the
other players' secret cards. The bots here search a determinization of their observation
(:func:`harbour.determinize`), a whole state that the observation cannot tell from the true
one; its legal moves are the true ones, since the viewer decides (OBS-7).

The bots are deterministic given their seed: each owns :class:`meeplekit.rng.SplitMix64`
generators and never touches the :mod:`random` module or any global state, so a game
between seeded bots replays identically on every platform.

The bot protocol, the random bot and the search are the shared layer's
(:mod:`meeplekit.agents.bots`, :mod:`meeplekit.agents.search`), read through :data:`BOT_GAME`; the
names here are Harbour's versions of them, and the greedy bot and :func:`evaluate` are
Harbour's own.

>>> import harbour
>>> from harbour.agents.bots import GreedyBot, RandomBot
>>> state = harbour.new_game(2, seed=3)
>>> bots = [GreedyBot(seed=1), RandomBot(seed=2)]
>>> while not harbour.is_over(state):
...     seat = harbour.current_player(state)
...     move = bots[seat].choose(harbour.observe(state, seat))
...     state = harbour.apply_move(state, move)
>>> len(harbour.outcome(state).points)
2
"""

from __future__ import annotations

from typing import Final, Protocol, runtime_checkable

from harbour.cards.abilities import (
    AlchemistConversion,
    CollectWhenShipped,
    ExtraGain,
    FreeBuildingAtSetup,
    GainOnPurchase,
    GainWhenOthersUseStart,
    OncePerTurnConversion,
    ShareOccupiedBuildings,
    ShippingBonus,
    ShippingKeepsExcess,
    ShippingKeepsOneEach,
)
from harbour.cards.effects import Symbol
from harbour.determinize import determinize
from harbour.engine import apply_move_unchecked, current_player, is_over, legal_moves
from harbour.goods import GOODS
from harbour.moves import Move
from harbour.observation import Observation
from harbour.queries import cheapest_price
from harbour.scoring import ability_points, bonus_trade, outcome, victory_points
from harbour.state import GameState, PendingMove
from meeplekit.agents import bots as shared
from meeplekit.rng import SplitMix64

__all__ = [
    "BOT_GAME",
    "DEFAULT_NODE_CAP",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "evaluate",
    "sample_state",
]

#: How many states :class:`GreedyBot` may generate per decision before it falls back to
#: judging the remaining moves by the position right after them.
DEFAULT_NODE_CAP = 3000

# Weights of :func:`evaluate`, in hundredths of a victory point.
_VP = 100
_UNIT_TOWARDS_SHIPPING = 14
_READY_PER_DOLLAR = 10
_SPARE_UNIT = 3
_CAN_BUY_NEXT = 30
_BUILDING = 5
_SYMBOL_VALUE = {Symbol.COIN: 25, Symbol.WAREHOUSE: 15, Symbol.TOP_HAT: 20, Symbol.ANCHOR: 8}
_WIN = 10_000
_LEAD_PER_VP = 100
_LEAD_CAP = 5
_ENDING_AHEAD = 300
#: The share (in percent) of the points a bonus card or a market-value ability would give
#: now that counts before the end: goods may still be shipped and the market moves.
_PENDING_POINTS_SHARE = 50
#: A rough worth of owning each kind of ability for a whole game, per unit of its amount
#: (it only matters when choosing a character: afterwards it is the same in every line).
#: A free building (ABIL-8) is judged by the building taken; a market-value ability
#: (ABIL-9) by the points it would give.
_ABILITY_VALUE: dict[type[object], int] = {
    ExtraGain: 40,
    ShippingKeepsExcess: 50,
    ShippingKeepsOneEach: 40,
    ShippingBonus: 30,
    CollectWhenShipped: 30,
    GainOnPurchase: 50,
    GainWhenOthersUseStart: 30,
    FreeBuildingAtSetup: 20,
    ShareOccupiedBuildings: 30,
    AlchemistConversion: 40,
    OncePerTurnConversion: 40,
}


@runtime_checkable
class Bot(shared.Bot[Observation, Move], Protocol):
    """Anything that picks a move for the player who decides now, from what they see.

    The shared protocol (:class:`meeplekit.agents.bots.Bot`) for Harbour's observations and moves.
    """

    def choose(self, observation: Observation) -> Move:
        """One of the legal moves of the observed game, for its viewer.

        ``observation`` is ``harbour.observe(state, seat)`` where ``seat`` is
        ``harbour.current_player(state)``; the move is one of
        ``harbour.legal_moves(state)``. The game must not be over.
        """
        ...


def sample_state(observation: Observation, rng: SplitMix64) -> GameState:
    """A determinization of ``observation`` whose viewer decides now.

    Raises ``ValueError`` when the game is over, or when the viewer is not the player who
    decides now (a bot is only asked about its own decisions). The shared
    :func:`meeplekit.agents.bots.sample_state` on :data:`BOT_GAME`.
    """
    return shared.sample_state(BOT_GAME, observation, rng)


class RandomBot(shared.RandomBot[GameState, Observation, Move]):
    """Chooses uniformly among the legal moves, with its own seeded generator.

    ``seed`` is any integer (it is reduced to 64 bits). Two bots with the same seed asked
    the same questions in the same order give the same answers. The legal moves are those
    of a determinization of the observation, which are the true ones (the viewer decides);
    the determinization uses a fixed generator, so the bot's own draws pick moves only.
    The shared :class:`meeplekit.agents.bots.RandomBot` on :data:`BOT_GAME`.
    """

    __slots__ = ()

    def __init__(self, seed: int) -> None:
        super().__init__(BOT_GAME, seed)


def _public_points(state: GameState, player: int) -> int:
    """The points anyone can count for ``player`` now: buildings and ability (ABIL-9)."""
    return victory_points(state, player) + ability_points(state, player)


def _ability_value(state: GameState, player: int) -> int:
    """The rough worth of the player's character: its ability and starting-building symbols."""
    me = state.players[player]
    if me.board is None:
        return 0  # the generic side is the same for everyone
    board = state.board_of(player)
    score = sum(_SYMBOL_VALUE[symbol] for symbol in board.symbols)
    ability = board.ability
    if ability is not None:
        unit = _ABILITY_VALUE.get(type(ability), 0)
        amount = getattr(ability, "amount", 1)
        score += unit * (amount if isinstance(amount, int) else 1)
    return score


def evaluate(state: GameState, player: int) -> int:
    """How good ``state`` looks for ``player``, in hundredths of a victory point.

    The sum of: 100 per victory point; for each good, 14 per unit up to the number
    needed to ship it at its market value, 10 per dollar it would fetch when it can be
    shipped now, and 3 per further unit (spare goods pay tolls and feed conversions);
    30 when the goods that can be shipped would pay for a display building; 5 per
    building and a value per owner symbol (coin 25, top hat 20, warehouse 15, anchor 8),
    free buildings (ABIL-8) and a character's starting building included.

    With the variants: half the points the player's own bonus card would give for the
    goods held now (BONUS-2) and half the points of a market-value ability (ABIL-9), and
    a fixed worth for the character's ability (from 20 to 50 per unit of its amount, for
    example 40 for a once-per-turn conversion), so that the character choice weighs it.

    When the game is over, or the last round leaves the player no further turn, only the
    points (buildings, ability and the player's own bonus card), 1 per good left after
    the bonus trade and 5 per building count (the tie-breakers), plus 10,000 for a win in
    a finished game (half of it for a shared one); while the others still have their last
    turns, 100 per point of lead over the best of them (at most 5 either way; the others'
    bonus cards are secret, so only their public points count) and 300 more for any lead.
    """
    me = state.players[player]
    bonus_points, traded = bonus_trade(state, player)
    if state.is_over or not _moves_again(state, player):
        # Goods only break ties now (END-4) and symbols do nothing more.
        mine = _public_points(state, player) + bonus_points
        score = _VP * mine + me.goods.total - traded + _BUILDING * len(me.buildings)
        if state.is_over:
            winners = outcome(state).winners
            if player in winners:
                score += _WIN if len(winners) == 1 else _WIN // 2
        else:
            # The others still have their last turns: a lead is worth protecting.
            best_other = max(
                _public_points(state, seat) for seat in range(len(state.players)) if seat != player
            )
            lead = max(-_LEAD_CAP, min(_LEAD_CAP, mine - best_other))
            score += _LEAD_PER_VP * lead + (_ENDING_AHEAD if lead > 0 else 0)
        return score
    score = _VP * victory_points(state, player)
    pending_points = bonus_points + ability_points(state, player)
    score += _VP * pending_points * _PENDING_POINTS_SHARE // 100
    money = 0
    for good in GOODS:
        held = me.goods[good]
        value = state.value_of(good)
        score += _UNIT_TOWARDS_SHIPPING * min(held, value)
        if held >= value:
            money += value
            score += _READY_PER_DOLLAR * value + _SPARE_UNIT * (held - value)
    cheapest = cheapest_price(state, player)
    if cheapest is not None and money >= cheapest:
        score += _CAN_BUY_NEXT
    score += _BUILDING * len(me.buildings)
    for index in me.buildings + me.free_buildings:
        for symbol in state.cards.buildings[index].symbols:
            score += _SYMBOL_VALUE[symbol]
    return score + _ability_value(state, player)


def _no_chance(state: GameState, rng: SplitMix64) -> Move:
    """Harbour's chance is all in its setup: play never reaches a chance node."""
    raise ValueError("Harbour has no chance node during play")


def _winners(state: GameState) -> tuple[int, ...]:
    return outcome(state).winners


def _seats(state: GameState) -> int:
    return len(state.players)


def _turn(state: GameState) -> int:
    return state.turn


#: What the shared bots and search (:mod:`meeplekit.agents.bots`, :mod:`meeplekit.agents.search`) need
#: from Harbour: its functions, the unchecked fast path and :func:`evaluate`.
BOT_GAME: Final = shared.BotGame(
    name="harbour",
    determinize=determinize,
    legal_moves=legal_moves,
    apply_move=apply_move_unchecked,
    current_player=current_player,
    is_over=is_over,
    winners=_winners,
    seats=_seats,
    turn=_turn,
    sample_chance=_no_chance,
    evaluate=evaluate,
)


def _moves_again(state: GameState, player: int) -> bool:
    """True unless the last round leaves ``player`` no turn after the current one (END-1)."""
    left = state.last_round_turns
    if left is None:
        return True
    n = len(state.players)
    # The turn in progress (if it is the player's) is counted in ``left``; later turns follow it.
    seats = [(state.current + k) % n for k in range(left)]
    if state.current == player and state.stack and not isinstance(state.pending, PendingMove):
        seats = seats[1:]  # the player is finishing this very turn
    return player in seats


#: Mixed into a :class:`GreedyBot`'s seed for the generator of its determinizations.
_SAMPLING_SALT = 0x5DEECE66D_D1B54A32


def _mix(key: tuple[int, ...]) -> int:
    """A 64-bit number from small integers, different for different keys in practice."""
    value = 0
    for part in key:
        value = SplitMix64(value ^ part).next_u64()
    return value


class GreedyBot:
    """Plays the best line of its own decisions, judged by :func:`evaluate` when they end.

    The bot plays for the player who decides now (:func:`harbour.current_player`). For
    every legal move it searches depth-first through the rest of that player's decisions
    in the current turn (every sequence of them until the turn passes to another player
    or the game ends) and scores the positions reached for that player; a move is worth
    its best line. On its own turn, a gift another player decides in the middle of it
    (ABIL-7, ABIL-10) is not searched: the line goes on with that player's first legal
    choice. A decision taken out of turn (a gift of goods) or at setup (a character, a
    free building, starting goods) is judged right after the bot's own decisions there,
    since the turn belongs to someone else. Each decision generates at most ``node_cap``
    states, shared equally among the legal moves; a line cut off by the cap is judged by
    the position where it stopped. Positions already valued in the same turn are
    remembered, so the later decisions of a turn mostly reuse the first search. Ties are
    broken with the bot's own generator seeded by ``seed``.

    The search never looks into other players' turns: the bot is greedy, not deep.
    """

    __slots__ = ("_memo", "_memo_key", "_nodes", "_rng", "_sampling", "node_cap")

    def __init__(self, seed: int, node_cap: int = DEFAULT_NODE_CAP) -> None:
        if node_cap < 1:
            raise ValueError(f"node_cap must be at least 1, got {node_cap}")
        self._rng = SplitMix64(seed)
        # Seeds the determinizations, apart from the tie-breaking draws.
        self._sampling = SplitMix64(seed ^ _SAMPLING_SALT).next_u64()
        #: The most states generated per decision.
        self.node_cap = node_cap
        self._memo: dict[GameState, int] = {}
        self._memo_key: tuple[int, int, int, int] | None = None
        self._nodes = 0

    def choose(self, observation: Observation) -> Move:
        """The legal move with the best value for the decider; ``ValueError`` when over.

        The bot searches one determinization of ``observation``. Its generator is seeded
        from the bot's seed and the turn, the turn's player and the decider, so every
        decision of one turn samples the same hidden cards and deck order (the hidden parts
        do not change within a turn, except when a purchase draws the deck): the positions
        the first search of a turn valued come back in the later ones and are reused.
        """
        key = (observation.turn, observation.current, observation.decider, len(observation.players))
        rng = SplitMix64(self._sampling ^ _mix(key))
        state = sample_state(observation, rng)
        moves = legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        me = state.decider
        if key != self._memo_key:
            self._memo = {}
            self._memo_key = key
        share = max(1, self.node_cap // len(moves))
        best: list[Move] = []
        best_value = 0
        for move in moves:
            self._nodes = share
            value = self._value(apply_move_unchecked(state, move), me, state.turn)
            if not best or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[0] if len(best) == 1 else self._rng.choice(best)

    def _value(self, state: GameState, me: int, turn: int) -> int:
        """The best value for ``me`` reachable from ``state`` by ``me``'s decisions in ``turn``."""
        while not state.is_over and state.turn == turn and state.decider != me:
            if state.current != me:
                return evaluate(state, me)  # another player's turn (or setup step)
            # Another player's gift in the middle of the bot's own turn: not searched.
            self._nodes -= 1
            state = apply_move_unchecked(state, legal_moves(state)[0])
        if state.is_over or state.turn != turn:
            return evaluate(state, me)
        known = self._memo.get(state)
        if known is not None:
            return known
        if self._nodes <= 0:
            return evaluate(state, me)  # cut off: not remembered, a later search may go on
        best: int | None = None
        for move in legal_moves(state):
            self._nodes -= 1
            value = self._value(apply_move_unchecked(state, move), me, turn)
            if best is None or value > best:
                best = value
        assert best is not None  # a state in play always has a legal move
        if self._nodes > 0:
            self._memo[state] = best  # only complete searches are remembered
        return best
