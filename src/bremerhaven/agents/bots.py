"""Computer players: a random bot, a greedy bot, :func:`evaluate` and :data:`BOT_GAME`.

A bot is any object with a ``choose(observation) -> Move`` method (:class:`Bot`, the
shared :class:`meeplekit.agents.bots.Bot`) that picks a move for the player who decides now. It
is given only :func:`bremerhaven.observe` of the state for the deciding seat, never the
state: while the cards are being placed it cannot see the others' bid values, and it never
sees the order of a deck (BH-BOT-1). Bremerhaven has no chance nodes (BH-ENGINE-10), so
no driver draws anything during play. The random bot and the search
(:mod:`bremerhaven.agents.search`) are the shared layer's (:mod:`meeplekit.agents.bots`,
:mod:`meeplekit.agents.search`), read through :data:`BOT_GAME`; the greedy bot and
:func:`evaluate` are Bremerhaven's own (BH-BOT-2 to BH-BOT-5).

**The evaluation** (:func:`evaluate`). A final score is money times prestige (BH-END-3),
so a position is judged by the logarithms of the money and the prestige a seat can expect
at the end: its money now, plus what its contracts, goods, rank, buildings and harbour
will bring in the rounds left, minus the penalties ahead; its prestige clip, plus what its
docks and buildings can still lift it to. While bids are on the boards each one counts the
space's worth to its bidder times the chance it wins there.

>>> import bremerhaven
>>> from bremerhaven.agents.bots import GreedyBot, RandomBot
>>> state = bremerhaven.new_game(2, seed=3)
>>> bots = [GreedyBot(seed=1), RandomBot(seed=2)]
>>> while not bremerhaven.is_over(state):
...     seat = bremerhaven.current_player(state)
...     move = bots[seat].choose(bremerhaven.observe(state, seat))
...     state = bremerhaven.apply_move(state, move)
>>> bremerhaven.outcome(state).winners
(0,)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final, Protocol, runtime_checkable

import attrs

from bremerhaven.cards.model import (
    BOLLARD_WALLS,
    BuildingCard,
    ContractCard,
    FreeConversion,
    Good,
    HoldsGoods,
    IncomePerNewShip,
    MoneyStore,
    PriceCard,
    PriceChoiceWhenUnbid,
    Produce,
    Reward,
    ShipCard,
    Space,
    TrainBidBonus,
    in_play,
)
from bremerhaven.determinize import determinize
from bremerhaven.engine import apply_move_unchecked, current_player, is_over, legal_moves
from bremerhaven.facts import GAME
from bremerhaven.moves import Bid, BuyPermit, Move
from bremerhaven.observation import Observation
from bremerhaven.options import LeftoverContracts
from bremerhaven.rules.bidding import counted, totals
from bremerhaven.rules.harbours import capacity, docks_for, layout
from bremerhaven.scoring import outcome
from bremerhaven.state import (
    Berthed,
    GameState,
    Harbour,
    PendingBerth,
    PendingCareer,
    PendingContract,
    PendingMovement,
    PendingPermits,
    PendingProduction,
    PendingStep,
    Placed,
)
from meeplekit.agents import bots as shared
from meeplekit.memo import Memo
from meeplekit.rng import SplitMix64
from meeplekit.values import viewer_seat

__all__ = [
    "BOT_GAME",
    "SOLO_BAR",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "bid_gains",
    "evaluate",
    "rounds_left",
    "sample_state",
    "win_chance",
]

#: The solo score the search plays for: more than 1250 wins (BH-SOLO-18, BH-ENGINE-13).
SOLO_BAR: Final = 1251

# The weights of the evaluation (BH-BOT-3): money-equivalents, library choices.
#: A stored good that an accessible contract still needs counts this share of its price
#: (it sells once delivered); a good on a ship, a little less (it must be unloaded first).
_STORED: Final = 0.97
_ON_SHIP: Final = 0.9
#: A good no contract needs counts this share of its price while two rounds of moving
#: goods are left (a later contract may want it), else nothing.
_SPARE: Final = 0.35
#: The chance of finding each good a contract still misses, with a round to spare.
_FIND: Final = 0.45
#: Money per round for each accessible loading dock and each storage space.
_DOCK_ROUND: Final = 1.0
_SPACE_ROUND: Final = 0.25
#: Money per round for each point of influence (the five best cards' sum).
_INFLUENCE: Final = 0.5
#: Share of the prestige the docks and buildings could reach that counts as coming.
_GROWTH: Final = 1.0
#: Share of a held (unbuilt) building's prestige and ability that counts.
_HELD: Final = 0.5
#: How much of a dock's next berth size a single missing bollard already counts.
_HALF_BERTH: Final = 0.4
#: The option value of an influence card still in hand, per point, while bidding.
_HAND: Final = 0.004
#: Money per round of a built ability with no direct money effect.
_ABILITY: Final = {TrainBidBonus: 0.3, FreeConversion: 0.2, PriceChoiceWhenUnbid: 0.3}

_GOODS = tuple(Good)
_TOWN_STEPS: Final = {
    "parking": Space.PARKING,
    "building": Space.BUILDING,
    "permit": Space.PERMIT,
    "grow": Space.GROW,
    "price": Space.PRICE,
    "career": Space.CAREER,
}


@runtime_checkable
class Bot(shared.Bot[Observation, Move], Protocol):
    """Anything that picks a move for the player who decides now, from what they see.

    The shared protocol (:class:`meeplekit.agents.bots.Bot`) for Bremerhaven's observations and moves.
    """

    def choose(self, observation: Observation) -> Move:
        """One of the legal moves of the observed game, for its viewer.

        ``observation`` is ``bremerhaven.observe(state, seat)`` where ``seat`` is
        ``bremerhaven.current_player(state)``; the move is one of
        ``bremerhaven.legal_moves(state)``. The game must not be over.
        """
        ...


# --------------------------------------------------------------------------- the context


def rounds_left(state: GameState) -> int:
    """The rounds after the one in progress before the game ends (BH-BOT-3).

    The Ship token advances by the top Progress card at this round's clean-up (its progress
    side is public), then by the mean progress of the newspapers left (their contents are
    public, BH-OBS-3); in the short and solo games by 2 a round (BH-SHORT-7). 0 in the last
    round and once the game is over.

    >>> import bremerhaven
    >>> short = bremerhaven.RulesOptions(game="short")
    >>> rounds_left(bremerhaven.new_game(2, seed=1, options=short))  # 10 rounds in all
    9
    """
    if not state.stack:
        return 0
    left = state.cards.board.track_last - state.track
    if state.options.short or state.solo:
        return max(0, math.ceil((left - GAME.short_advance) / GAME.short_advance))
    news = state.newspapers
    if not news:
        return 0
    left -= news[0].progress
    if left <= 0:
        return 0
    rest = news[1:] or news
    mean = sum(card.progress for card in rest) / len(rest)
    return math.ceil(left / mean)


class _Game:
    """What the evaluation reads of a game that never changes: worked out once a game."""

    __slots__ = ("bank_counts", "events", "fits", "ignored", "potentials", "refs")

    def __init__(self, state: GameState) -> None:
        options = state.options
        cards = state.cards
        #: The objects this is kept for.
        self.refs = (cards, options)
        self.bank_counts = options.bank_counts
        #: Whether contracts left at the end are discarded unsold (BH-INT-7).
        self.ignored = options.leftover_contracts is LeftoverContracts.IGNORED
        #: Whether the Event cards are carried out (the long game, BH-EVENT-1).
        self.events = not options.short and state.seats > 1
        ships = [s for s in cards.ships if in_play(s, state.seats, short=options.short)]
        fits: list[float] = []
        for berth in range(4):
            exact = [s.prestige for s in ships or cards.ships if s.berth == berth]
            mean = sum(exact) / len(exact) if exact else 0.0
            fits.append(max(mean, fits[-1] if fits else 0.0))
        #: The prestige a dock of each berth size 0-3 can expect: the mean of the ships
        #: needing that size (at least the smaller sizes').
        self.fits = tuple(fits)
        #: Each dock's potential by the walls' bollards, worked out once for each.
        self.potentials: dict[tuple[int, int, int, int], tuple[float, float, float]] = {}

    def potential(self, walls: tuple[int, int, int, int]) -> tuple[float, float, float]:
        """Each dock's expected prestige: its berth size's, and more when one wall is higher.

        A dock whose walls differ counts :data:`_HALF_BERTH` of the next berth size's gain
        (BH-HARBOR-4): one more bollard on its lower wall gives it that size.
        """
        found = self.potentials.get(walls)
        if found is None:
            fits = self.fits
            made = []
            for dock in range(3):
                a, b = walls[dock], walls[dock + 1]
                low, high = min(a, b, 3), min(max(a, b), 3)
                value = fits[low]
                if high > low:
                    value += _HALF_BERTH * (fits[low + 1] - fits[low])
                made.append(value)
            found = self.potentials[walls] = (made[0], made[1], made[2])
        return found


_GAMES: dict[tuple[int, int, int], _Game] = {}


def _game(state: GameState) -> _Game:
    key = (id(state.cards), id(state.options), state.seats)
    found = _GAMES.get(key)
    if found is None or found.refs[0] is not state.cards or found.refs[1] is not state.options:
        if len(_GAMES) >= 64:
            _GAMES.clear()
        found = _GAMES[key] = _Game(state)
    return found


class _Context:
    """What the evaluation reads of a state besides the harbours, worked out once a state."""

    __slots__ = (
        "bidding",
        "future",
        "game",
        "income_now",
        "move_now",
        "open",
        "produce_now",
        "settle_now",
        "waiting",
    )

    def __init__(self, state: GameState) -> None:
        n = len(state.players)
        produce = [0] * n
        move = [0] * n
        settle = [0] * n
        town: set[Space] = set()
        income = 0
        sea_from = land_from = 99
        bidding = False
        waiting: list[tuple[int, ShipCard | ContractCard]] = []
        for pending in state.stack:
            kind = type(pending)
            if kind is PendingStep:
                assert isinstance(pending, PendingStep)
                phase = pending.phase
                space = _TOWN_STEPS.get(phase)
                if space is not None:
                    town.add(space)
                    if space is Space.PARKING:
                        bidding = True
                    elif space is Space.CAREER:
                        income = 1
                elif phase == "income":
                    income = 1
                elif phase == "sea":
                    sea_from = pending.index
                elif phase == "land":
                    land_from = pending.index
                elif phase == "harbours":
                    produce = [1] * n
                    move = [1] * n
                    settle = [1] * n
                elif phase == "settle":
                    settle[pending.index] = 1
            elif kind is PendingProduction:
                assert isinstance(pending, PendingProduction)
                seat = pending.seat
                produce[seat] = move[seat] = settle[seat] = 1
            elif kind is PendingMovement:
                assert isinstance(pending, PendingMovement)
                move[pending.seat] = settle[pending.seat] = 1
            elif kind is PendingCareer:
                income = 1
            elif kind is PendingBerth or kind is PendingContract:
                assert isinstance(pending, PendingBerth | PendingContract)
                waiting.append((pending.seat, pending.card))
        #: The game's fixed parts.
        self.game = _game(state)
        #: The rounds after this one.
        self.future = _rounds_left_memo(state)
        #: 1 when this round's income by rank is still to come, else 0.
        self.income_now = income
        #: Per seat: 1 when its 4.1, its 4.2, its 4.3 and 4.4 are still to come this round.
        self.produce_now = produce
        self.move_now = move
        self.settle_now = settle
        #: Whether the Bidding phase is on.
        self.bidding = bidding
        #: The ships and contracts won and waiting to be placed, by seat.
        self.waiting = waiting
        #: Every space whose bids are still to be resolved: the Town's whose steps are to
        #: come, the Sea's and the Land's from the first slot still to come.
        self.open = town | {Space.sea(i + 1) for i in range(sea_from, len(state.sea))}
        self.open |= {Space.land(i + 1) for i in range(land_from, len(state.land))}


_ROUNDS: list[object] = [None, None, 0]


def _rounds_left_memo(state: GameState) -> int:
    """:func:`rounds_left`, kept for the last newspapers and track (a round's states share them)."""
    key = (state.track, state.cards.board, state.options.short, state.seats)
    if _ROUNDS[0] is state.newspapers and _ROUNDS[1] == key:
        found = _ROUNDS[2]
        assert isinstance(found, int)
        return found
    made = rounds_left(state)
    _ROUNDS[:] = [state.newspapers, key, made]
    return made


#: The state :func:`evaluate` last worked out the context of, and that context: a memo
#: (one pair, replaced whole) for the search, which evaluates one state for every seat.
_LAST: Memo[GameState, _Context] = Memo()


def _context_of(state: GameState) -> _Context:
    found = _LAST.get(state)
    if found is not None:
        return found
    return _LAST.put(state, _Context(state))


# --------------------------------------------------------------------------- the projection


def _needs(card: ContractCard, delivered: Sequence[int]) -> tuple[list[int], int]:
    """What a contract still needs: counts by good, and wild symbols left."""
    wanted = [0, 0, 0, 0]
    wilds = 0
    for required in card.goods:
        if required is None:
            wilds += 1
        else:
            wanted[required] += 1
    need = [0, 0, 0, 0]
    for good in range(4):
        over = delivered[good] - wanted[good]
        if over > 0:
            wilds -= over
        else:
            need[good] = -over
    return need, max(wilds, 0)


_CONTAINER, _CRATE = int(Good.CONTAINER), int(Good.CRATE)


def _goods(
    ctx: _Context, seat: int, harbour: Harbour, prices: tuple[int, int, int, int], free: bool
) -> tuple[float, float]:
    """The money and prestige a harbour's contracts and goods are expected to bring.

    Each contract, soonest due first, is matched with the goods in storage, then on the
    ships, then made by packing or unpacking, then (for its wild symbols) the dearest goods
    left; what it still misses is found with chance ``_FIND`` per good while two 4.2 phases
    are left before it is resolved. Goods no contract takes count ``_SPARE`` of their price
    while two 4.2 phases are left (BH-BOT-3).
    """
    moves = ctx.future + ctx.move_now[seat]
    store = list(harbour.storage)
    ship = [0, 0, 0, 0]
    if moves:
        for berthed in harbour.docks:
            if berthed is not None and berthed.goods:
                ship[berthed.good] += berthed.goods
    money = 0.0
    prestige = 0.0
    loading = harbour.loading
    placed = [(p.timers, k, p) for k, p in enumerate(loading) if p is not None]
    if placed:
        placed.sort(key=_first_two)
        checks = ctx.future + ctx.settle_now[seat]
        conversion = 0 if free else GAME.conversion
        mean = (prices[0] + prices[1] + prices[2] + prices[3]) / 4
        covers = harbour.covers
        for timers, k, p in placed:
            card = p.card
            if timers > checks and ctx.game.ignored:
                continue  # left at the end and discarded unsold (BH-INT-7)
            chances = timers if timers < moves else moves
            d = p.delivered
            sold = float(d[0] * prices[0] + d[1] * prices[1] + d[2] * prices[2] + d[3] * prices[3])
            need, wilds = _needs(card, d)
            missing = need[0] + need[1] + need[2] + need[3] + wilds
            reachable = covers[k] is None
            if missing and reachable and chances:
                for g in range(4):
                    if need[g]:
                        take = need[g] if need[g] < store[g] else store[g]
                        if take:
                            store[g] -= take
                            need[g] -= take
                            sold += take * prices[g] * _STORED
                        take = need[g] if need[g] < ship[g] else ship[g]
                        if take:
                            ship[g] -= take
                            need[g] -= take
                            sold += take * prices[g] * _ON_SHIP
                # 2 crates make a container and a container 2 crates (BH-MOVE-5).
                while need[_CONTAINER] and store[_CRATE] >= 2:
                    store[_CRATE] -= 2
                    need[_CONTAINER] -= 1
                    sold += prices[_CONTAINER] * _STORED - conversion
                while need[_CRATE] >= 2 and store[_CONTAINER]:
                    store[_CONTAINER] -= 1
                    need[_CRATE] -= 2
                    sold += 2 * prices[_CRATE] * _STORED - conversion
                while wilds:
                    best = -1
                    for g in range(4):
                        if (store[g] or ship[g]) and (best < 0 or prices[g] > prices[best]):
                            best = g
                    if best < 0:
                        break
                    if store[best]:
                        store[best] -= 1
                        sold += prices[best] * _STORED
                    else:
                        ship[best] -= 1
                        sold += prices[best] * _ON_SHIP
                    wilds -= 1
                missing = need[0] + need[1] + need[2] + need[3] + wilds
            if not missing:
                chance = 1.0
            elif chances >= 2:
                chance = _FIND**missing * (1.0 if reachable else 0.5)
                sold += chance * missing * mean
            else:
                chance = 0.0
            reward, penalty = card.reward, card.penalty
            money += sold + chance * reward.money - (1 - chance) * penalty.money
            prestige += chance * reward.prestige - (1 - chance) * penalty.prestige
    if moves >= 2:
        spare = 0.0
        for g in range(4):
            if store[g] or ship[g]:
                spare += prices[g] * (store[g] + _ON_SHIP * ship[g])
        money += _SPARE * spare
    return money, prestige


def _first_two(item: tuple[int, int, Placed]) -> tuple[int, int]:
    return item[0], item[1]


@attrs.frozen(slots=True)
class _Abilities:
    """What a tuple of buildings' abilities bring, worked out once for each tuple."""

    #: Money produced in each 4.1 (money production, and the Bank's per round).
    produced: float
    #: Goods produced in each 4.1.
    goods: int
    #: Money-equivalent per round of the other abilities.
    per_round: float
    #: Storage spaces on the buildings.
    holds: int
    #: Their prestige.
    prestige: int


_ABILITIES: dict[tuple[int, bool], tuple[tuple[BuildingCard | None, ...], _Abilities]] = {}


def _abilities(buildings: tuple[BuildingCard | None, ...], bank_counts: bool) -> _Abilities:
    """The abilities of ``buildings`` (built or held), kept by the tuple's identity."""
    key = (id(buildings), bank_counts)
    found = _ABILITIES.get(key)
    if found is not None and found[0] is buildings:
        return found[1]
    produced = per_round = 0.0
    goods = holds = prestige = 0
    for building in buildings:
        if building is None:
            continue
        prestige += building.prestige
        for effect in building.effects:
            if isinstance(effect, Produce):
                if effect.good is not None:
                    goods += 1
                else:
                    produced += effect.money
            elif isinstance(effect, MoneyStore):
                produced += effect.per_round * (1.0 if bank_counts else 0.3)
            elif isinstance(effect, IncomePerNewShip):
                per_round += 0.6 * effect.money
            elif isinstance(effect, HoldsGoods):
                holds += effect.spaces
            else:
                per_round += _ABILITY.get(type(effect), 0.0)
    made = _Abilities(produced, goods, per_round, holds, prestige)
    if len(_ABILITIES) >= _MAX_WORTHS:
        _ABILITIES.clear()
    _ABILITIES[key] = (buildings, made)
    return made


def _project(
    state: GameState,
    ctx: _Context,
    seat: int,
    harbour: Harbour,
    price: PriceCard,
    rank: int,
    cards: Sequence[int],
) -> tuple[float, float]:
    """The money and prestige ``seat`` can expect at the end, ``harbour`` being its harbour."""
    future = ctx.future
    # What future biddings bring counts once for each still to come, this round's too:
    # a round's end then changes nothing (BH-BOT-3).
    rounds = future + ctx.bidding
    game = ctx.game
    found = layout(harbour)
    prices = price.prices
    money = float(harbour.money + (harbour.bank if game.bank_counts else 0))
    goods_money, goods_prestige = _goods(ctx, seat, harbour, prices, found.free_conversion)
    money += goods_money
    money += GAME.rank_income[rank] * (future + ctx.income_now)
    produce = future + ctx.produce_now[seat]
    spare_good = _SPARE * 1.5 * (prices[0] + prices[1] + prices[2] + prices[3]) / 4
    built = _abilities(harbour.buildings, game.bank_counts)
    money += produce * (built.produced + built.goods * spare_good) + rounds * built.per_round
    held_prestige = 0
    room = float(found.open + found.holds)
    if harbour.held:
        held = _abilities(harbour.held, game.bank_counts)
        later = rounds - 1 if rounds > 1 else 0
        money += _HELD * later * (held.produced + held.goods * spare_good + held.per_round)
        held_prestige = held.prestige
        if rounds:
            room += _HELD * held.holds
    if rounds:
        covers = harbour.covers
        accessible = (
            (covers[0] is None) + (covers[1] is None) + (covers[2] is None) + (covers[3] is None)
        )
        money += (_DOCK_ROUND * accessible + _SPACE_ROUND * room) * rounds
        money += _INFLUENCE * _influence(cards) * rounds
    event = state.event
    if event is not None and game.events:
        effect = event.event
        counted = _counted(harbour, effect.per.value)
        money += (counted if isinstance(effect, Reward) else -counted) * effect.money
    # Prestige: the clip, raised at the next 4.3 (BH-PRESTIGE-2), and what is in reach.
    clip = harbour.prestige
    docks = harbour.docks
    now = found.prestige
    for berthed in docks:
        if berthed is not None:
            now += berthed.card.prestige
    base = float(now if now > clip and (future or ctx.settle_now[seat]) else clip)
    if rounds:
        potential = game.potential(harbour.walls)
        reach = found.prestige + _HELD * held_prestige
        for dock in range(3):
            fit = potential[dock]
            berthed = docks[dock]
            if berthed is not None and berthed.card.prestige > fit:
                fit = berthed.card.prestige
            reach += fit
        if reach > base:
            base += _GROWTH * (1.0 if rounds >= 2 else rounds / 2) * (reach - base)
    return money, base + goods_prestige


def _influence(cards: Sequence[int]) -> int:
    """The sum of the five best influence cards."""
    return sum(sorted(cards)[-len(GAME.hand) :])


def _built(harbour: Harbour) -> list[tuple[int, BuildingCard]]:
    return [(s, b) for s, b in enumerate(harbour.buildings) if b is not None]


def _counted(harbour: Harbour, per: str) -> int:
    if per == "contracts":
        return sum(1 for p in harbour.loading if p is not None)
    if per == "ships":
        return sum(1 for s in harbour.docks if s is not None)
    if per == "buildings":
        return sum(1 for b in harbour.buildings if b is not None)
    storage = harbour.storage
    return storage[0] + storage[1] + storage[3] + (storage[2] + 1) // 2


def _value(money: float, prestige: float) -> float:
    """The logarithm of the score money x prestige, each plus 1 so that 0 counts (BH-BOT-3)."""
    return math.log1p(max(money, 0.0)) + math.log1p(max(prestige, 0.0))


# --------------------------------------------------------------------------- the worths


def win_chance(margin: float, threat: int) -> float:
    """The chance that a bid leading by ``margin`` wins its space (BH-BOT-4).

    ``margin`` is the bidder's total minus the best other total, plus 1/2 when the bidder
    wins a tie by rank and minus 1/2 when it loses one (BH-BID-6): above 0, it wins as the
    cards lie. ``threat`` is the highest card another player still holds. With no card left
    to come the cards decide; otherwise the chance is a logistic curve of the margin whose
    width grows with the threat.

    >>> win_chance(0.5, 0), win_chance(-0.5, 0)
    (1.0, 0.0)
    >>> round(win_chance(4.5, 5), 2), round(win_chance(0.5, 5), 2)
    (0.88, 0.56)
    """
    if threat <= 0:
        return 1.0 if margin > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-margin / (0.5 + 0.35 * threat)))


def _cards(state: GameState, seat: int) -> tuple[int, ...]:
    """The influence cards of ``seat`` this round: in hand and placed."""
    placed = tuple(bid.value for bid in state.bids if bid.seat == seat)
    return tuple(sorted(state.players[seat].hand + placed))


_WORTHS: dict[tuple[object, ...], tuple[tuple[object, ...], dict[object, float]]] = {}
_MAX_WORTHS: Final = 4096


class _Seat:
    """One seat's projection in one state, and the worth of each space to it (BH-BOT-4)."""

    __slots__ = ("cards", "ctx", "harbour", "rank", "seat", "state", "worths")

    def __init__(self, state: GameState, ctx: _Context, seat: int) -> None:
        self.state = state
        self.ctx = ctx
        self.seat = seat
        self.harbour = state.players[seat]
        self.rank = state.ranks.index(seat)
        self.cards = _cards(state, seat)
        h = self.harbour
        key = (
            seat,
            id(h.docks),
            id(h.loading),
            id(h.covers),
            id(h.buildings),
            id(h.held),
            h.storage,
            h.walls,
            h.money,
            h.bank,
            h.prestige,
            h.supply,
            self.cards,
            tuple(map(id, state.sea)),
            tuple(map(id, state.land)),
            id(state.buildings[0]) if state.buildings else 0,
            id(state.prices),
            state.ranks,
            state.track,
            id(state.event),
            ctx.future,
            ctx.bidding,
            ctx.income_now,
            ctx.produce_now[seat],
            ctx.move_now[seat],
            ctx.settle_now[seat],
            id(state.options),
            id(state.cards),
            state.seats,
        )
        found = _WORTHS.get(key)
        if found is None:
            if len(_WORTHS) >= _MAX_WORTHS:
                _WORTHS.clear()
            # The objects whose ids make the key are kept with it, so no id is reused.
            refs: tuple[object, ...] = (h.docks, h.loading, h.covers, h.buildings, h.held)
            refs += (state.sea, state.land, state.buildings[:1], state.prices, state.event)
            refs += (state.options, state.cards)
            found = _WORTHS[key] = (refs, {})
        self.worths = found[1]

    def value(
        self,
        harbour: Harbour | None = None,
        *,
        price: PriceCard | None = None,
        rank: int | None = None,
        cards: Sequence[int] | None = None,
    ) -> float:
        """The value of the seat's projection, with one thing changed."""
        money, prestige = _project(
            self.state,
            self.ctx,
            self.seat,
            self.harbour if harbour is None else harbour,
            self.state.prices[0] if price is None else price,
            self.rank if rank is None else rank,
            self.cards if cards is None else cards,
        )
        return _value(money, prestige)

    @property
    def base(self) -> float:
        """The value of the projection as it stands."""
        found = self.worths.get("base")
        if found is None:
            found = self.worths["base"] = self.value()
        return found

    def worth(self, what: Space | ShipCard | ContractCard) -> float:
        """What winning ``what`` (a space, or a won card waiting) adds to the value, at least 0."""
        found = self.worths.get(what if isinstance(what, Space) else id(what))
        if found is None:
            found = max(0.0, self._worth(what) - self.base)
            self.worths[what if isinstance(what, Space) else id(what)] = found
        return found

    def _worth(self, what: Space | ShipCard | ContractCard) -> float:
        state, h = self.state, self.harbour
        if isinstance(what, ShipCard):
            return self._ship(what)
        if isinstance(what, ContractCard):
            return self._contract(what)
        if what is Space.PARKING:
            return self.value(attrs.evolve(h, money=h.money + GAME.parking))
        if what is Space.BUILDING:
            if not state.buildings:
                return self.base
            return self.value(attrs.evolve(h, held=(*h.held, state.buildings[0])))
        if what is Space.PERMIT:
            return max([self.base, *(self.value(use) for use in _permit_uses(state, h))])
        if what is Space.GROW:
            if not h.supply:
                return self.base
            return self.value(cards=(*self.cards, h.supply[0]))
        if what is Space.PRICE:
            prices = state.prices
            best = max(self.value(price=card) for card in prices)
            return self.base + best - self.value(price=prices[1 % len(prices)])
        if what is Space.CAREER:
            if self.rank:
                return self.value(rank=self.rank - 1)
            return self.base + 0.5 * (self.base - self.value(rank=1))
        if what.is_sea:
            ship = state.sea[what.slot]
            return self.base if ship is None else self._ship(ship)
        contract = state.land[what.slot]
        return self.base if contract is None else self._contract(contract)

    def _ship(self, card: ShipCard) -> float:
        """The ship berthed in the fitting dock of least potential, with its best cargo."""
        h = self.harbour
        fits = docks_for(h, card.berth)
        if not fits:
            return self.base
        potential = self.ctx.game.potential(h.walls)
        dock = min(fits, key=lambda d: potential[d])
        bonus = sum(
            e.money for _, b in _built(h) for e in b.effects if isinstance(e, IncomePerNewShip)
        )
        best = self.base
        for good in _GOODS if card.cargo is None else (card.cargo,):
            docks = list(h.docks)
            docks[dock] = Berthed(card, good, card.count, card.lay_time)
            after = attrs.evolve(h, docks=(docks[0], docks[1], docks[2]), money=h.money + bonus)
            best = max(best, self.value(after))
        return best

    def _contract(self, card: ContractCard) -> float:
        """The contract on a free loading dock, accessible if one is."""
        h = self.harbour
        free = [k for k in range(4) if h.loading[k] is None]
        if not free:
            return self.value(attrs.evolve(h, money=max(0, h.money - card.penalty.money)))
        open_docks = [k for k in free if h.covers[k] is None]
        k = open_docks[0] if open_docks else free[0]
        loading = list(h.loading)
        loading[k] = Placed(card, (0, 0, 0, 0), card.delivery)
        return self.value(attrs.evolve(h, loading=(loading[0], loading[1], loading[2], loading[3])))


def _permit_uses(state: GameState, h: Harbour) -> list[Harbour]:
    """The harbours one free building permit can make (BH-PERMIT-3)."""
    found: list[Harbour] = []
    costs = state.cards.board.bollard_costs
    for wall in range(BOLLARD_WALLS):
        placed = h.walls[wall]
        if placed < len(costs[wall]) and costs[wall][placed] <= h.money:
            walls = list(h.walls)
            walls[wall] += 1
            found.append(
                attrs.evolve(
                    h,
                    walls=(walls[0], walls[1], walls[2], walls[3]),
                    money=h.money - costs[wall][placed],
                )
            )
    for space, cost in enumerate(h.covers):
        if cost is not None and cost <= h.money:
            covers = list(h.covers)
            covers[space] = None
            found.append(attrs.evolve(h, covers=tuple(covers), money=h.money - cost))
    empty = [s for s in range(12) if h.covers[s] is None and h.buildings[s] is None]
    if empty and capacity(h) - _used(h) >= 1:
        for card in dict.fromkeys(h.held):
            held = list(h.held)
            held.remove(card)
            buildings = list(h.buildings)
            buildings[empty[0]] = card
            found.append(attrs.evolve(h, held=tuple(held), buildings=tuple(buildings)))
    return found


def _used(h: Harbour) -> int:
    s = h.storage
    return s[0] + s[1] + s[3] + (s[2] + 1) // 2


# --------------------------------------------------------------------------- evaluate


def _threat(state: GameState, seat: int) -> int:
    """The highest influence card another player still holds."""
    return max(
        (max(h.hand) for s, h in enumerate(state.players) if s != seat and h.hand), default=0
    )


def evaluate(state: GameState, seat: int) -> float:
    """How good ``state`` looks for ``seat``: the log of the score it can expect (BH-BOT-3).

    ``log(1 + M) + log(1 + P)``, ``M`` the money and ``P`` the prestige the seat can expect
    at the end (:func:`rounds_left` rounds after this one); while bids wait to be resolved,
    plus each one's worth to the seat times the chance it wins there (BH-BOT-4). At the end
    it is the same formula on the money and prestige that score. The solo dummy's value is
    that of the score the solo player must beat, :data:`SOLO_BAR` (BH-SOLO-18).
    """
    if seat == state.dummy:
        return math.log(SOLO_BAR)
    if not state.stack:
        h = state.players[seat]
        money = h.money + (h.bank if state.options.bank_counts else 0)
        return _value(money, h.prestige)
    ctx = _context_of(state)
    view = _Seat(state, ctx, seat)
    value = view.base
    # The cards still to bid keep an option: those in hand while bidding, else the five
    # best, which the next bidding will have (so a round's end changes nothing).
    if ctx.bidding:
        value += _HAND * sum(view.harbour.hand)
    elif ctx.future:
        value += _HAND * _influence(view.cards)
    if not state.bids and not ctx.waiting:
        return value
    # Once every card is down the cards decide (a card grown in 1.3 is no threat).
    threat = _threat(state, seat) if ctx.bidding else 0
    for space, (sums, cards) in counted(state.bids).items():
        if seat not in sums or space not in ctx.open:
            continue
        if space is Space.PARKING:
            value += view.worth(space) * cards[seat]
            continue
        found = totals(state, space) if space.is_land else sums
        chance = win_chance(_margin_of(found, seat, state.ranks), threat)
        if chance > 0:
            value += chance * view.worth(space)
    for waiting, card in ctx.waiting:
        if waiting == seat:
            value += view.worth(card)
    return value


# --------------------------------------------------------------------------- the bots


def sample_state(observation: Observation, rng: SplitMix64) -> GameState:
    """A determinization of ``observation`` whose viewer decides now.

    Raises ``ValueError`` when the game is over, or when the viewer does not decide now.
    The shared :func:`meeplekit.agents.bots.sample_state`.
    """
    return shared.sample_state(BOT_GAME, observation, rng)


class RandomBot(shared.RandomBot[GameState, Observation, Move]):
    """Chooses uniformly among the legal moves, with its own seeded generator (BH-BOT-2).

    The shared :class:`meeplekit.agents.bots.RandomBot` on :data:`BOT_GAME`. ``seed`` is any
    integer; the same seed asked the same questions gives the same answers.
    """

    __slots__ = ()

    def __init__(self, seed: int) -> None:
        super().__init__(BOT_GAME, seed)


class GreedyBot:
    """Takes the move whose result :func:`evaluate` values most, bids by worth (BH-BOT-5).

    Each decision is taken on one determinization of the observation, drawn with a fixed
    generator, without search:

    - **a bid**: each space is worth what winning it adds to the bot's value (BH-BOT-4);
      the bot's total there and every other bidder's expected total (a hidden card counts
      the mean of the values that player holds unseen) give the chance it wins there
      (:func:`win_chance`); a card of value ``v`` on a space gains the worth times the
      chance it adds, less a small option value per point of the card; on the Parking lot
      it gains the worth of 1 money whatever its value. The best gain is played;
    - **any other decision**: the move after which :func:`evaluate` of the bot's seat is
      highest; after buying a building permit, the value of its best use.

    Ties go to the bot's generator, seeded by ``seed`` (any integer).
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
        me = viewer_seat(observation.viewer, ValueError)  # sample_state refused a spectator
        if isinstance(moves[0], Bid):
            scores = bid_gains(state, moves, observation)
        else:
            scores = [self._after(state, move, me) for move in moves]
        best = max(scores)
        tied = [move for move, score in zip(moves, scores, strict=True) if score >= best - 1e-12]
        return tied[0] if len(tied) == 1 else self._rng.choice(tied)

    @staticmethod
    def _after(state: GameState, move: Move, me: int) -> float:
        after = apply_move_unchecked(state, move)
        value = evaluate(after, me)
        if isinstance(move, BuyPermit) and after.stack:
            top = after.stack[-1]
            if isinstance(top, PendingPermits) and top.seat == me and top.permits:
                uses = [m for m in legal_moves(after) if not isinstance(m, BuyPermit)]
                value = max(evaluate(apply_move_unchecked(after, m), me) for m in uses)
        return value


def bid_gains(
    state: GameState, moves: Sequence[Move], seen: Observation | None = None
) -> list[float]:
    """What each bid of ``moves`` gains the bidder, the greedy bot's rule (BH-BOT-5).

    ``moves`` are bids of the seat that decides now in ``state``. A bid on the Parking lot
    gains the worth of 1 money; elsewhere the worth of the space (BH-BOT-4) times the
    chance it adds (:func:`win_chance`); each loses a small option value per point of the
    card. The other bidders' totals are those of ``state``, or, given ``seen`` (the
    bidder's observation), expected: a hidden card counts the mean of the values its
    player holds unseen.
    """
    me = current_player(state)
    view = _Seat(state, _context_of(state), me)
    ranks = state.ranks
    expected: dict[Space, dict[int, float]] = {}
    if seen is None:
        threat = _threat(state, me)
        for bid in state.bids:
            entry = expected.setdefault(bid.space, {})
            entry[bid.seat] = (
                entry.get(bid.seat, 0.0) + bid.value + _train(state, bid.space, bid.seat)
            )
    else:
        threat = 0
        mean: dict[int, float] = {}
        for seat, unseen in enumerate(seen.unseen):
            if seat != me and unseen:
                mean[seat] = sum(unseen) / len(unseen)
                if seen.hand_sizes[seat]:
                    threat = max(threat, max(unseen))
            elif seat != me and seen.players[seat].hand:
                threat = max(threat, max(seen.players[seat].hand))
        for card in seen.bids:
            value = card.value if card.value is not None else mean.get(card.seat, 0.0)
            entry = expected.setdefault(card.space, {})
            entry[card.seat] = (
                entry.get(card.seat, 0.0) + value + _train(state, card.space, card.seat)
            )
    my_rank = ranks.index(me)
    # Per space: its worth, the seat's total, the best other total and the tie-break.
    spaces: dict[Space, tuple[float, float, float, float, int]] = {}
    gains: list[float] = []
    for move in moves:
        assert isinstance(move, Bid)
        space = move.space
        cost = _HAND * move.value
        known = spaces.get(space)
        if known is None:
            worth = view.worth(space)
            found = expected.get(space, {})
            mine = found.get(me, 0.0)
            others = [(total, ranks.index(s)) for s, total in found.items() if s != me]
            if others:
                top = max(total for total, _ in others)
                rival = min(rank for total, rank in others if total == top)
                tie = 0.5 if my_rank < rival else -0.5
            else:
                top, tie = 0.0, 0.5
            before = win_chance(mine - top + tie, threat) if mine else 0.0
            known = spaces[space] = (worth, mine - top + tie, before, tie, _train(state, space, me))
        worth, margin, before, _, bonus = known
        if space is Space.PARKING:
            gains.append(worth - cost)
        else:
            gains.append(worth * (win_chance(margin + move.value + bonus, threat) - before) - cost)
    return gains


def _train(state: GameState, space: Space, seat: int) -> int:
    """The Train Station's bonus on one card of ``seat`` on ``space`` (BH-BID-8)."""
    if not space.is_land:
        return 0
    card = state.land[space.slot]
    if card is None or not card.train:
        return 0
    return sum(
        e.per_card
        for _, b in _built(state.players[seat])
        for e in b.effects
        if isinstance(e, TrainBidBonus)
    )


def _margin_of(found: Mapping[int, float], seat: int, ranks: Sequence[int]) -> float:
    """``seat``'s total minus the best other, plus or minus 1/2 for the tie-break by rank."""
    mine = found[seat]
    others = [(total, s) for s, total in found.items() if s != seat]
    if not others:
        return mine + 0.5
    top = max(total for total, _ in others)
    rival = min((s for total, s in others if total == top), key=ranks.index)
    return mine - top + (0.5 if ranks.index(seat) < ranks.index(rival) else -0.5)


def _winners(state: GameState) -> tuple[int, ...]:
    return outcome(state).winners


def _seats(state: GameState) -> int:
    return len(state.players)


def _turn(state: GameState) -> int:
    return state.round


def _no_chance(state: GameState, rng: SplitMix64) -> Move:
    raise ValueError("Bremerhaven has no chance nodes (BH-ENGINE-10)")


#: What the shared bots and search (:mod:`meeplekit.agents.bots`, :mod:`meeplekit.agents.search`) need
#: from Bremerhaven: its functions, the unchecked fast path and :func:`evaluate`. A turn is
#: a round (:attr:`bremerhaven.GameState.round`); the solo game counts its dummy as a
#: second seat, valued at the score to beat (:data:`SOLO_BAR`).
BOT_GAME: Final = shared.BotGame(
    name="bremerhaven",
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
