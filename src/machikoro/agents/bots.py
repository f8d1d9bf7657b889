"""Computer players: a random bot, a greedy bot by expected income per coin, and :func:`evaluate`.

A bot is any object with a ``choose(observation) -> Move`` method (:class:`Bot`, the
shared :class:`meeplekit.agents.bots.Bot`) that picks a move for the player who decides now. It
is given only :func:`machikoro.observe` of the state for the deciding seat; bots never
decide chance (the driver draws it, :func:`machikoro.sample_chance`). The bots here and
the search (:mod:`machikoro.agents.search`) are the shared layer's (:mod:`meeplekit.agents.bots`,
:mod:`meeplekit.agents.search`), read through :data:`BOT_GAME`; the greedy bot, the income
model and :func:`evaluate` are Machi Koro's own (MK-BOT-1 to MK-BOT-3).

**The income model** (:func:`income`). A player's expected income per round (one turn of
every player) from the establishments and landmarks on the table: on each player's turn
the dice total follows the distribution that player would roll (MK-BOT-1), and each
total activates the cards by their colours (MK-COLOR-1 to MK-COLOR-4): the player's blue
cards on every turn, green and purple on their own, red on the others', the restaurants
they pay on their own. Coins are left out, so that the model depends on the cards only and
is computed once per arrangement of cards: payments are counted whole, a TV Station takes
its 5 coins from each opponent with equal chance, and a Tax Office is counted as 2 coins
from each opponent.

>>> import machikoro
>>> from machikoro.agents.bots import GreedyBot, RandomBot, income
>>> from meeplekit.rng import SplitMix64
>>> state = machikoro.new_game(2, seed=3)
>>> round(income(state, 0), 3)  # a Wheat Field and a Bakery, one die: 1/6 + 1/6 + 2/6
0.667
>>> bots = [GreedyBot(seed=1), RandomBot(seed=2)]
>>> rng = SplitMix64(5)
>>> while not machikoro.is_over(state):
...     seat = machikoro.current_player(state)
...     if seat == machikoro.CHANCE:
...         move = machikoro.sample_chance(state, rng)
...     else:
...         move = bots[seat].choose(machikoro.observe(state, seat))
...     state = machikoro.apply_move(state, move)
>>> machikoro.outcome(state).winners
(0,)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final, Protocol, runtime_checkable

import attrs

from machikoro.cards.model import (
    Establishment,
    Landmark,
    TakeFromChosen,
    TakeFromEach,
    TakeHalf,
    TakePerIcons,
)
from machikoro.chance import sample_chance
from machikoro.determinize import determinize
from machikoro.engine import apply_move_unchecked, current_player, is_over, legal_moves
from machikoro.moves import (
    Activate,
    AddTwo,
    BuildEstablishment,
    BuildLandmark,
    BuildNothing,
    ChooseOpponent,
    KeepRoll,
    Move,
    NoTrade,
    RollDice,
    Trade,
)
from machikoro.observation import Observation
from machikoro.options import ExtraTurns, FlowerShopMall
from machikoro.scoring import outcome
from machikoro.state import GameState, PendingDice
from machikoro.tables import FLAT, MAX_TOTAL, Tables, tables_for
from meeplekit.agents import bots as shared
from meeplekit.rng import SplitMix64

__all__ = [
    "BOT_GAME",
    "COINS_SEEN",
    "LANDMARK_ROUNDS",
    "MIN_INCOME",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "evaluate",
    "income",
    "rounds_to_win",
    "sample_state",
]

#: The most coins of a player the income model tells apart (a Tax Office takes half of
#: 10 or more; more hardly changes a payment).
COINS_SEEN: Final = 20
#: The least income per round :func:`rounds_to_win` divides by.
MIN_INCOME: Final = 0.25
#: The rounds :func:`rounds_to_win` counts for each landmark still to build (one a turn).
LANDMARK_ROUNDS: Final = 0.5
#: The expected total of the Tuna Boat's two dice.
_TUNA_MEAN: Final = 7.0

_HARBOR = Landmark.HARBOR
_TRAIN = Landmark.TRAIN_STATION
_MALL = Landmark.SHOPPING_MALL
_PARK = Landmark.AMUSEMENT_PARK
_RADIO = Landmark.RADIO_TOWER
_TUNA = Establishment.TUNA_BOAT

#: The rolls of one die and of two: (total, doubles, probability) each.
_ROLLS: Final[tuple[tuple[tuple[int, bool, float], ...], ...]] = (
    (),
    tuple((f, False, 1 / 6) for f in range(1, 7)),
    tuple((a + b, a == b, (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)),
)


@runtime_checkable
class Bot(shared.Bot[Observation, Move], Protocol):
    """Anything that picks a move for the player who decides now, from what they see.

    The shared protocol (:class:`meeplekit.agents.bots.Bot`) for Machi Koro's observations and moves.
    """

    def choose(self, observation: Observation) -> Move:
        """One of the legal moves of the observed game, for its viewer.

        ``observation`` is ``machikoro.observe(state, seat)`` where ``seat`` is
        ``machikoro.current_player(state)`` (never chance); the move is one of
        ``machikoro.legal_moves(state)``. The game must not be over.
        """
        ...


# --------------------------------------------------------------------------- the model


@attrs.frozen(slots=True)
class _Model:
    """The income model of one arrangement of cards (every quantity per round)."""

    #: Each seat's expected coins per round.
    income: tuple[float, ...]
    #: ``own[r][t]``: what seat ``r`` gains on its own turn from a total ``t``.
    own: tuple[tuple[float, ...], ...]
    #: ``gain[r][d][p]``: what seat ``p`` expects from seat ``r``'s roll of ``d`` dice
    #: (the Harbor's +2 taken when it pays the roller; no re-roll).
    gain: tuple[tuple[tuple[float, ...], ...], ...]
    #: The number of dice each seat rolls (the one that pays it most on its own turn).
    dice: tuple[int, ...]


def _major_effects(t: Tables) -> dict[int, object]:
    return {int(k): t.cards.establishment(Establishment(k)).effect for k in t.majors}


#: The totals of one die and of two, as (total, doubles, probability): 1/6 each for one
#: die; for two, one entry per total and doubles, the probabilities summed.
_TOTALS: Final[tuple[tuple[tuple[int, bool, float], ...], ...]] = (
    (),
    tuple((f, False, 1 / 6) for f in range(1, 7)),
    tuple(
        (x, dbl, sum(pr for y, d, pr in _ROLLS[2] if y == x and d == dbl))
        for x in range(2, 13)
        for dbl in (False, True)
        if any(y == x and d == dbl for y, d, _ in _ROLLS[2])
    ),
)

#: What a major takes, by kind: from each opponent, from a chosen one, per icon, half.
_EACH, _CHOSEN, _PER_ICON, _HALF, _NONE = range(5)


@attrs.frozen(slots=True)
class _Cards:
    """The part of the income model that depends on the cards only (per total ``x``)."""

    #: ``bank[p][x]``: what p's blue cards (and Tuna Boats) pay on any player's turn.
    bank: tuple[tuple[float, ...], ...]
    #: ``red[p][x]``: what p's restaurants take from another roller.
    red: tuple[tuple[float, ...], ...]
    #: ``green[p][x]``: what p's green cards pay on p's own turn.
    green: tuple[tuple[float, ...], ...]
    #: ``majors[p][x]``: p's majors activated on its own turn, as (kind, amount, dues by
    #: seat for the Publisher).
    majors: tuple[tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...], ...]
    #: For each seat, the coins above which no payment it makes changes: the model is the
    #: same for any coins above (:data:`COINS_SEEN` when a Tax Office or, with three or
    #: more players, a TV Station may take from it).
    caps: tuple[int, ...]


@attrs.frozen(slots=True)
class _Kind:
    """How one establishment pays, by total (from the tables): the entries it has there."""

    blue: tuple[tuple[int, int, bool], ...]
    tuna: tuple[int, ...]
    red: tuple[tuple[int, int, bool, bool], ...]
    green: tuple[tuple[int, int, int, tuple[int, ...], bool], ...]
    purple: tuple[int, ...]


#: The tables met, each with its kinds (a memo; tables are few and live for the process).
_KINDS: dict[Tables, tuple[_Kind, ...]] = {}


def _kinds(t: Tables) -> tuple[_Kind, ...]:
    found = _KINDS.get(t)
    if found is None:
        totals = range(MAX_TOTAL + 1)
        found = _KINDS[t] = tuple(
            _Kind(
                blue=tuple((x, a, h) for x in totals for k, a, h in t.blue[x] if k == kind),
                tuna=tuple(x for x in totals if t.tuna[x] and kind == _TUNA),
                red=tuple((x, a, b, h) for x in totals for k, a, b, h in t.red[x] if k == kind),
                green=tuple(
                    (x, how, a, counted, b)
                    for x in totals
                    for k, how, a, counted, b in t.green[x]
                    if k == kind
                ),
                purple=tuple(x for x in totals if kind in t.purple[x]),
            )
            for kind in range(len(Establishment))
        )
    return found


def _build_cards(
    t: Tables, establishments: tuple[tuple[int, ...], ...], landmarks: tuple[tuple[bool, ...], ...]
) -> _Cards:
    n = len(establishments)
    top = MAX_TOTAL + 1
    effects = _major_effects(t)
    kinds = _kinds(t)
    flat_shop = t.options.flower_shop_mall is FlowerShopMall.FLAT
    bank = [[0.0] * top for _ in range(n)]
    red = [[0.0] * top for _ in range(n)]
    green = [[0.0] * top for _ in range(n)]
    majors: list[list[list[tuple[int, int, tuple[int, ...]]]]] = [
        [[] for _ in range(top)] for _ in range(n)
    ]
    for p in range(n):
        row = establishments[p]
        harbor = landmarks[p][_HARBOR]
        mall = t.mall_bonus if landmarks[p][_MALL] else 0
        bank_p, red_p, green_p = bank[p], red[p], green[p]
        for kind, count in enumerate(row):
            if not count:
                continue
            info = kinds[kind]
            for x, amount, needs_harbor in info.blue:
                if harbor or not needs_harbor:
                    bank_p[x] += amount * count
            if harbor:  # the Tuna Boat pays with a Harbor (MKH-TUNA-4, MK-INT-8)
                for x in info.tuna:
                    bank_p[x] += _TUNA_MEAN * count
            for x, amount, bonus, needs_harbor in info.red:
                if harbor or not needs_harbor:
                    red_p[x] += (amount + (mall if bonus else 0)) * count
            for x, how, amount, counted, bonus in info.green:
                extra = mall if bonus else 0
                if how == FLAT:
                    green_p[x] += (amount + extra) * count
                else:
                    per = sum(row[k] for k in counted)
                    if flat_shop:
                        green_p[x] += (amount * per + extra) * count
                    else:
                        green_p[x] += (amount + extra) * per * count
            if info.purple:
                effect = effects[kind]
                if isinstance(effect, TakeFromEach):
                    entry: tuple[int, int, tuple[int, ...]] = (_EACH, effect.amount, ())
                elif isinstance(effect, TakeFromChosen):
                    entry = (_CHOSEN, effect.amount, ())
                elif isinstance(effect, TakePerIcons):
                    icons = [k for icon in effect.icons for k in t.with_icon[icon]]
                    dues = tuple(effect.amount * sum(r[k] for k in icons) for r in establishments)
                    entry = (_PER_ICON, effect.amount, dues)
                elif isinstance(effect, TakeHalf):
                    entry = (_HALF, effect.threshold, ())
                else:  # the Business Center's trade: no coins
                    continue
                for x in info.purple:
                    majors[p][x].append(entry)
    caps = []
    for r in range(n):
        cap = 0.0
        for x in range(top):
            cap = max(cap, sum(red[p][x] for p in range(n) if p != r))
            for q in range(n):
                if q == r:
                    continue
                for how, amount, dues in majors[q][x]:
                    if how == _HALF or (how == _CHOSEN and n > 2):
                        cap = COINS_SEEN
                    elif how == _PER_ICON:
                        cap = max(cap, dues[r])
                    else:
                        cap = max(cap, amount)
        caps.append(min(COINS_SEEN, math.ceil(cap)))
    return _Cards(
        tuple(map(tuple, bank)),
        tuple(map(tuple, red)),
        tuple(map(tuple, green)),
        tuple(tuple(tuple(m) for m in row) for row in majors),
        tuple(caps),
    )


def _build_model(
    t: Tables, cards: _Cards, landmarks: tuple[tuple[bool, ...], ...], coins: tuple[int, ...]
) -> _Model:
    n = len(coins)
    totals = range(MAX_TOTAL + 1)
    bank, red = cards.bank, cards.red
    # seen[r][p][x]: what p gets on r's turn from a total x (what r gets on its own).
    seen = [[[0.0] * (MAX_TOTAL + 1) for _ in range(n)] for _ in range(n)]
    for r in range(n):
        rows = seen[r]
        green, majors = cards.green[r], cards.majors[r]
        for x in totals:
            due = 0.0
            for p in range(n):
                if p != r:
                    rows[p][x] = bank[p][x]
                    due += red[p][x]
            mine = bank[r][x] + green[x]
            if due:  # the restaurants take at most what the roller has, in proportion
                paid = min(due, float(coins[r]))
                mine -= paid
                for p in range(n):
                    if p != r:
                        rows[p][x] += red[p][x] * paid / due
            for how, amount, dues in majors[x]:
                if how == _CHOSEN:  # the TV Station: from the richest opponent
                    richest = max((p for p in range(n) if p != r), key=coins.__getitem__)
                    targets: Sequence[int] = (richest,)
                else:
                    targets = [p for p in range(n) if p != r]
                for p in targets:
                    if how == _PER_ICON:
                        owed = dues[p]
                    elif how == _HALF:
                        owed = coins[p] // 2 if coins[p] >= amount else 0
                    else:
                        owed = amount
                    lost = float(min(owed, coins[p]))
                    mine += lost
                    rows[p][x] -= lost
            rows[r][x] = mine
    own = tuple(tuple(seen[r][r]) for r in range(n))
    harbor_min, harbor_add = t.harbor_minimum, t.harbor_add
    extra_unlimited = t.options.extra_turns is ExtraTurns.UNLIMITED
    gain: list[tuple[tuple[float, ...], ...]] = []
    dice: list[int] = []
    income = [0.0] * n
    for r in range(n):
        built = landmarks[r]
        mine_row = own[r]
        harbor = built[_HARBOR]
        # For each number of dice: the settled totals (the Harbor's +2 when it pays).
        settled: list[list[tuple[int, bool, float]]] = [[]]
        per_dice: list[tuple[float, ...]] = [()]
        for d in (1, 2):
            found = []
            for x, dbl, pr in _TOTALS[d]:
                if harbor and x >= harbor_min and mine_row[x + harbor_add] > mine_row[x]:
                    x += harbor_add
                found.append((x, dbl, pr))
            settled.append(found)
            per_dice.append(tuple(sum(pr * seen[r][p][x] for x, _, pr in found) for p in range(n)))
        gain.append(tuple(per_dice))
        d = 2 if built[_TRAIN] and per_dice[2][r] > per_dice[1][r] else 1
        dice.append(d)
        rolls = settled[d]
        if built[_RADIO]:  # kept when it pays at least the mean, else rolled again once
            mean = per_dice[d][r]
            again = sum(pr for x, _, pr in rolls if mine_row[x] < mean)
            rolls = [(x, dbl, pr * ((mine_row[x] >= mean) + again)) for x, dbl, pr in rolls]
        turns = 1.0
        if built[_PARK]:
            q = sum(pr for _, dbl, pr in rolls if dbl)
            turns = 1 / (1 - q) if extra_unlimited else 1 + q
        for p in range(n):
            row = seen[r][p]
            income[p] += turns * sum(pr * row[x] for x, _, pr in rolls)
    return _Model(tuple(income), own, tuple(gain), tuple(dice))


_CardsKey = tuple[Tables, tuple[tuple[int, ...], ...], tuple[tuple[bool, ...], ...]]
#: The card parts of models, by (tables, establishments, landmarks), and the models, by
#: that and the coins up to :data:`COINS_SEEN`: memos, emptied when they grow large.
_CARDS: dict[_CardsKey, _Cards] = {}
_MODELS: dict[tuple[_CardsKey, tuple[int, ...]], _Model] = {}
_MEMO_LIMIT: Final = 20_000


def _model(
    t: Tables,
    establishments: tuple[tuple[int, ...], ...],
    landmarks: tuple[tuple[bool, ...], ...],
    coins: tuple[int, ...],
) -> _Model:
    cards_key = (t, establishments, landmarks)
    cards = _CARDS.get(cards_key)
    if cards is None:
        if len(_CARDS) >= _MEMO_LIMIT:
            _CARDS.clear()
        cards = _CARDS[cards_key] = _build_cards(t, establishments, landmarks)
    seen = tuple(c if c < cap else cap for c, cap in zip(coins, cards.caps, strict=True))
    key = (cards_key, seen)
    found = _MODELS.get(key)
    if found is None:
        if len(_MODELS) >= _MEMO_LIMIT:
            _MODELS.clear()
        found = _MODELS[key] = _build_model(t, cards, landmarks, seen)
    return found


def _model_of(state: GameState | Observation) -> _Model:
    t = tables_for(state.options, len(state.coins))
    return _model(t, state.establishments, state.landmarks, state.coins)


def income(state: GameState | Observation, seat: int) -> float:
    """The expected coins per round the player in ``seat`` gets from the cards on the table.

    A round is one turn of every player. See the income model above (MK-BOT-1).
    """
    return _model_of(state).income[seat]


def _to_build(t: Tables, built: Sequence[bool]) -> tuple[int, int]:
    """The coins and the number of the landmarks still to build."""
    left = [lm for lm in t.to_build if not built[lm]]
    return sum(t.landmark_cost[lm] for lm in left), len(left)


def rounds_to_win(state: GameState | Observation, seat: int) -> float:
    """How many rounds the player in ``seat`` needs to win at their present pace (MK-BOT-3).

    ``max(R - C, 0) / max(I, MIN_INCOME) + LANDMARK_ROUNDS * L``: ``R`` the cost of the
    landmarks still to build, ``L`` their number, ``C`` the player's coins (with, when the
    dice are about to be rolled, what the player expects from that roll), ``I`` their
    expected income per round (:func:`income`). 0 for a player who has won.
    """
    t = tables_for(state.options, len(state.coins))
    model = _model(t, state.establishments, state.landmarks, state.coins)
    coins: float = state.coins[seat]
    top = state.stack[-1] if state.stack else None
    if type(top) is PendingDice:
        coins += model.gain[state.current][top.dice][seat]
    need, left = _to_build(t, state.landmarks[seat])
    return max(need - coins, 0.0) / max(model.income[seat], MIN_INCOME) + LANDMARK_ROUNDS * left


def evaluate(state: GameState, seat: int) -> float:
    """How good ``state`` looks for ``seat``: ``-log(1 + rounds_to_win(state, seat))`` (MK-BOT-3).

    More is better; 0 for a player who has won. The logarithm makes the values of two
    players compare by the ratio of the rounds they need, early in a game as late.
    """
    return -math.log1p(rounds_to_win(state, seat))


# --------------------------------------------------------------------------- the bots


def sample_state(observation: Observation, rng: SplitMix64) -> GameState:
    """A determinization of ``observation`` whose viewer decides now.

    Raises ``ValueError`` when the game is over, or when the viewer does not decide now
    (another player or chance does). The shared :func:`meeplekit.agents.bots.sample_state`.
    """
    return shared.sample_state(BOT_GAME, observation, rng)


class RandomBot(shared.RandomBot[GameState, Observation, Move]):
    """Chooses uniformly among the legal moves, with its own seeded generator (MK-BOT-2).

    The shared :class:`meeplekit.agents.bots.RandomBot` on :data:`BOT_GAME`. ``seed`` is any
    integer; the same seed asked the same questions gives the same answers.
    """

    __slots__ = ()

    def __init__(self, seed: int) -> None:
        super().__init__(BOT_GAME, seed)


class GreedyBot:
    """Builds for the best expected income per coin, rolls for the best income (MK-BOT-2).

    Each decision is taken on the income model (:func:`income`) of the position, without
    search:

    - **roll**: the number of dice with the higher expected income on the player's own turn
      (one on a tie); at the Radio Tower's re-roll, keep the roll when it pays at least
      what a new roll is expected to;
    - **the Harbor's +2**: when the new total pays more;
    - **build**: each affordable establishment is scored by its *rate*, the expected coins
      per round it adds divided by its cost; each affordable landmark by the rate its
      effect adds plus the player's *need rate* ``I / max(R - C, 1)`` (income per round
      over the coins still needed for the landmarks, :func:`rounds_to_win`): a coin spent
      on a landmark brings the win as near as a coin saved. The best score is built when
      it reaches the need rate; otherwise the player builds nothing and saves, since an
      establishment that pays back more slowly than saving delays the win. Ties go to the
      dearer option, then to the bot's generator;
    - **the TV Station**: the opponent with the most coins; **the Business Center**: the
      trade that adds most to the player's income, or none when none adds; **the order of
      majors**: the first listed.

    ``seed`` seeds the generator that breaks ties.
    """

    __slots__ = ("_rng",)

    def __init__(self, seed: int) -> None:
        self._rng = SplitMix64(seed)

    def choose(self, observation: Observation) -> Move:
        """The greedy move for the observation's viewer; ``ValueError`` when over."""
        state = sample_state(observation, SplitMix64(0))
        moves = legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        first = moves[0]
        if isinstance(first, RollDice | KeepRoll):
            return self._roll(state, moves)
        if isinstance(first, AddTwo):
            return self._add_two(state)
        if isinstance(first, ChooseOpponent):
            return max(moves, key=lambda m: state.coins[m.opponent])  # type: ignore[union-attr]
        if isinstance(first, Trade | NoTrade):
            return self._trade(state, moves)
        if isinstance(first, Activate):
            return first
        return self._build(state, moves)

    def _roll(self, state: GameState, moves: tuple[Move, ...]) -> Move:
        me = state.current
        model = _model_of(state)
        rolls = [m for m in moves if isinstance(m, RollDice)]
        best = max(rolls, key=lambda m: (model.gain[me][m.dice][me], -m.dice))
        keep = next((m for m in moves if isinstance(m, KeepRoll)), None)
        if keep is not None:
            total = sum(state.dice)
            t = tables_for(state.options, len(state.coins))
            now = model.own[me][total]
            if state.landmarks[me][_HARBOR] and total >= t.harbor_minimum:
                now = max(now, model.own[me][total + t.harbor_add])
            if now >= model.gain[me][best.dice][me]:
                return keep
        return best

    def _add_two(self, state: GameState) -> Move:
        me = state.current
        t = tables_for(state.options, len(state.coins))
        own = _model_of(state).own[me]
        total = sum(state.dice)
        return AddTwo(own[total + t.harbor_add] > own[total])

    def _trade(self, state: GameState, moves: tuple[Move, ...]) -> Move:
        me = state.current
        t = tables_for(state.options, len(state.coins))
        base = _model_of(state).income[me]
        decline: Move | None = None
        scored: list[tuple[float, Move]] = []
        for move in moves:
            if not isinstance(move, Trade):
                decline = move
                continue
            rows = [list(row) for row in state.establishments]
            rows[me][move.give] -= 1
            rows[me][move.take] += 1
            rows[move.opponent][move.take] -= 1
            rows[move.opponent][move.give] += 1
            after = _model(t, tuple(map(tuple, rows)), state.landmarks, state.coins).income[me]
            scored.append((after - base, move))
        best_gain, best = max(scored, key=lambda pair: pair[0])
        if best_gain > 0 or decline is None:
            return best
        return decline

    def _build(self, state: GameState, moves: tuple[Move, ...]) -> Move:
        me = state.current
        t = tables_for(state.options, len(state.coins))
        base = _model_of(state).income[me]
        need, _ = _to_build(t, state.landmarks[me])
        need_rate = base / max(need - state.coins[me], 1)
        scored: list[tuple[float, int, Move]] = []
        nothing: Move | None = None
        for move in moves:
            if isinstance(move, BuildNothing):
                nothing = move
                continue
            if isinstance(move, BuildEstablishment):
                rows = list(state.establishments)
                row = list(rows[me])
                row[move.establishment] += 1
                rows[me] = tuple(row)
                cost = t.cost[move.establishment]
                added = _model(t, tuple(rows), state.landmarks, state.coins).income[me] - base
                scored.append((added / cost, cost, move))
            elif isinstance(move, BuildLandmark):
                marks = list(state.landmarks)
                mine = list(marks[me])
                mine[move.landmark] = True
                marks[me] = tuple(mine)
                cost = t.landmark_cost[move.landmark]
                added = _model(t, state.establishments, tuple(marks), state.coins).income[me] - base
                scored.append((added / cost + need_rate, cost, move))
        if not scored:
            assert nothing is not None
            return nothing
        top = max(score for score, _, _ in scored)
        if top < need_rate and nothing is not None:
            return nothing
        dearest = max(cost for score, cost, _ in scored if score == top)
        tied = [move for score, cost, move in scored if score == top and cost == dearest]
        return tied[0] if len(tied) == 1 else self._rng.choice(tied)


def _winners(state: GameState) -> tuple[int, ...]:
    return outcome(state).winners


def _seats(state: GameState) -> int:
    return len(state.coins)


def _turn(state: GameState) -> int:
    return state.turn


#: What the shared bots and search (:mod:`meeplekit.agents.bots`, :mod:`meeplekit.agents.search`) need
#: from Machi Koro: its functions, the unchecked fast path, the chance sampler
#: (:func:`machikoro.sample_chance`) and :func:`evaluate`.
BOT_GAME: Final = shared.BotGame(
    name="machikoro",
    determinize=determinize,
    legal_moves=legal_moves,
    apply_move=apply_move_unchecked,
    current_player=current_player,
    is_over=is_over,
    winners=_winners,
    seats=_seats,
    turn=_turn,
    sample_chance=sample_chance,
    evaluate=evaluate,
)
