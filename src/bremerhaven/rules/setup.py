"""Starting a game.

The decks, the boards, the harbours, the ranks and the money (BH-SETUP-1 to BH-SETUP-12, BH-SHORT-1
to BH-SHORT-6, BH-SOLO-1 to BH-SOLO-6).

Every chance of the game is drawn here from the seed (BH-ENGINE-10): each deck's order,
the rank chits, the starting contracts and buildings, and the solo dummy's draws.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import attrs

from bremerhaven.cards.files import shortfall
from bremerhaven.cards.model import (
    CardSet,
    ContractCard,
    Good,
    NewspaperCard,
    ShipCard,
)
from bremerhaven.errors import InvalidValueError
from bremerhaven.events import NoStartingGood, StartingGoodTaken
from bremerhaven.facts import GAME
from bremerhaven.moves import StartingGood
from bremerhaven.options import DeckStacking, RulesOptions, StartingGoods
from bremerhaven.rules.step import Refusal, Step
from bremerhaven.rules.work import Work
from bremerhaven.state import GameState, Harbour, PendingStartingGood, PendingStep, Placed
from meeplekit.options import made_options
from meeplekit.rng import SplitMix64
from meeplekit.values import shown

__all__ = ["STARTING", "deck", "start"]

_SEEDS = 1 << 64

C = TypeVar("C", ShipCard, ContractCard)


def deck(
    cards: Iterable[C], players: int, short: bool, stacking: DeckStacking, rng: SplitMix64
) -> tuple[C, ...]:
    """The Ship or Contract deck.

    The cards with the player-count icon, without arrow cards in the short game, each back number's
    stack shuffled and stacked back 1 on top (BH-SETUP-1, BH-SHORT-4, BH-INT-10).
    """
    chosen = [c for c in cards if players in c.players and not (short and players in c.long_only)]
    if stacking is DeckStacking.SHUFFLED:
        return rng.shuffled(chosen)
    out: list[C] = []
    for back in (1, 2, 3, 4):
        out += rng.shuffled([c for c in chosen if c.back == back])
    return tuple(out)


def _harbour(cards: CardSet, short: bool, money: int) -> Harbour:
    covers = tuple(None for _ in range(12)) if short else cards.board.covers
    return Harbour(
        money=money,
        prestige=0,
        hand=GAME.hand,
        supply=GAME.supply,
        covers=covers,
        buildings=(None,) * 12,
        held=(),
        storage=(0, 0, 0, 0),
        walls=GAME.starting_walls,
        docks=(None, None, None),
        loading=(None, None, None, None),
    )


def start(
    players: object, *, seed: object = None, options: object = None, cards: object = None
) -> Work:
    """A new game's work, before its first steps: see :func:`bremerhaven.new_game`.

    The engine then carries out the steps that need no decision, up to the first one. The
    arguments are typed ``object``: they are checked here (BH-INPUT-1), so that the compiled
    build refuses a bad one as the pure build does, not at the call.
    """
    if options is None:
        options = RulesOptions()
    elif not made_options(options, RulesOptions) or not isinstance(options, RulesOptions):
        # made around its constructor too (BH-INPUT-1)
        raise InvalidValueError(f"options must be RulesOptions, got {shown(options)}")
    if type(players) is not int or not 1 <= players <= 4:
        raise InvalidValueError(f"Bremerhaven has 1 to 4 players, got {shown(players)}")
    if cards is None:
        from bremerhaven.cards.original import ORIGINAL

        cards = ORIGINAL
    elif type(cards) is not CardSet:
        raise InvalidValueError(f"cards must be a CardSet, got {shown(cards)}")
    if seed is None:
        seed = secrets.randbits(64)
    elif type(seed) is not int or not 0 <= seed < _SEEDS:
        raise InvalidValueError(
            f"seed must be a whole number from 0 to 2**64 - 1, got {shown(seed)}"
        )
    solo = players == 1
    short = options.short or solo
    problem = shortfall(cards, players, short=short)
    if problem is not None:
        kind = "solo" if solo else "short" if short else "long"
        raise InvalidValueError(
            f"the card set {shown(cards.name)} cannot be played in a {kind} game of "
            f"{players} player(s): {problem}"
        )
    rng = SplitMix64(seed)
    table = 2 if solo else players  # the solo game is a 2-player short game (BH-SOLO-1)
    ships = deck(cards.ships, table, short, options.deck_stacking, rng)
    contracts = deck(cards.contracts, table, short, options.deck_stacking, rng)
    # BH-INT-14: a space without a card stays empty (a partial card set may lack them).
    sea = (*ships[:table], *(None,) * (table - len(ships[:table])))
    land = (*contracts[:table], *(None,) * (table - len(contracts[:table])))
    ships, contracts = ships[table:], contracts[table:]
    buildings = rng.shuffled(cards.buildings)
    prices = rng.shuffled(cards.prices)
    newspapers = () if short else rng.shuffled(cards.newspapers)
    # Ranks (BH-SETUP-10, BH-INT-2): goods chits dealt blind, the top Price card goes to the
    # bottom, the new top ranks the chits.
    prices = prices[1:] + prices[:1]
    if solo:
        ranks: tuple[int, ...] = (1, 0)  # the dummy is Captain, the player First Mate
    else:
        chits = rng.shuffled(list(Good))[:players]
        ranks = tuple(sorted(range(players), key=lambda s: -prices[0].price(chits[s])))
    harbours: list[Harbour] = []
    for seat in range(table):
        if solo:
            money = GAME.solo_income if seat == 0 else 0
        else:
            money = GAME.starting_income[ranks.index(seat)]
        harbours.append(_harbour(cards, short, money))
    goods = [GAME.goods] * 4
    seats = 1 if solo else players
    # Starting contracts, in seat order (BH-SETUP-9); in the solo game only the player's.
    for seat in range(seats):
        if contracts:
            card, contracts = contracts[0], contracts[1:]
            loading = (Placed(card, (0, 0, 0, 0), card.delivery), None, None, None)
            harbours[seat] = _evolve(harbours[seat], loading=loading)
    # Short game: a random starting building, built on an empty space (BH-SHORT-5).
    if short:
        for seat in range(seats):
            if buildings:
                start, buildings = buildings[0], buildings[1:]
                harbours[seat] = _evolve(harbours[seat], buildings=(start,) + (None,) * 11)
    dummy_news: tuple[NewspaperCard, ...] = ()
    dummy_orders: tuple[tuple[int, ...], ...] = ()
    if solo:
        # BH-SOLO-8, BH-SOLO-9: three shuffled passes of the newspapers cover 50 draws;
        # BH-SOLO-6: the dummy's hand order, shuffled each round.
        passes = -(-GAME.solo_rounds * len(GAME.hand) // max(1, len(cards.newspapers)))
        dummy_news = tuple(c for _ in range(passes) for c in rng.shuffled(cards.newspapers))
        dummy_orders = tuple(rng.shuffled(range(len(GAME.hand))) for _ in range(GAME.solo_rounds))
    state = GameState(
        options=options,
        cards=cards,
        seats=seats,
        players=tuple(harbours),
        ranks=ranks,
        round=1,
        track=cards.board.track_start[players - 1],
        sea=sea,
        land=land,
        bids=(),
        ship_deck=ships,
        contract_deck=contracts,
        buildings=buildings,
        prices=prices,
        newspapers=newspapers,
        event=None,
        goods=(goods[0], goods[1], goods[2], goods[3]),
        discarded_ships=0,
        discarded_contracts=0,
        dummy_news=dummy_news,
        dummy_orders=dummy_orders,
        stack=(),
    )
    work = Work(state, None)
    work.stack.append(PendingStep("round"))
    if short:
        # Each player in rank order takes his three goods (BH-ENGINE-2); the solo dummy none.
        for seat in reversed([s for s in ranks if s < seats]):
            work.stack.append(PendingStartingGood(seat, GAME.starting_goods))
    return work


def _evolve(harbour: Harbour, **changes: Any) -> Harbour:
    return attrs.evolve(harbour, **changes)


def _allowed(state: GameState, seat: int) -> list[Good]:
    """The goods a player may take to start.

    None on its starting contract, wild symbols ignored (BH-SHORT-6); under BH-INT-13's other
    reading, none taken already.
    """
    harbour = state.players[seat]
    on_contract = {
        g
        for placed in harbour.loading
        if placed is not None
        for g in placed.card.goods
        if g is not None
    }
    allowed = [g for g in Good if g not in on_contract]
    if state.options.starting_goods is StartingGoods.DIFFERENT:
        allowed = [g for g in allowed if harbour.storage[g] == 0]
    return allowed


class _Starting(Step[PendingStartingGood]):
    answers = (StartingGood,)
    owns = frozenset({"BH-SHORT-6"})
    may_be_automatic = True  # a starting contract that shows all four goods

    def question(self, pending: PendingStartingGood) -> str:
        return "choosing a starting good"

    def candidates(self, state: GameState, pending: PendingStartingGood) -> Sequence[StartingGood]:
        return [StartingGood(g) for g in Good]

    def refusal(
        self, state: GameState, pending: PendingStartingGood, move: StartingGood
    ) -> Refusal | None:
        if move.good not in _allowed(state, pending.seat):
            return Refusal("BH-SHORT-6", f"A starting good may not be a {move.good.key} here.")
        return None

    def apply(self, work: Work, pending: PendingStartingGood, move: StartingGood) -> None:
        seat = pending.seat
        taken = work.take_goods(move.good, 1)
        storage = list(work.players[seat].storage)
        storage[move.good] += taken
        work.change(seat, storage=(storage[0], storage[1], storage[2], storage[3]))
        work.note(StartingGoodTaken, seat, move.good)
        if pending.left > 1:
            work.stack.append(PendingStartingGood(seat, pending.left - 1))

    def automatic(self, work: Work, pending: PendingStartingGood) -> bool:
        # A starting contract that shows all four goods leaves nothing to take.
        if _allowed(work.freeze(), pending.seat):
            return False
        work.stack.pop()
        work.note(NoStartingGood, pending.seat)
        return True


#: The short game's decision: taking starting goods.
STARTING = _Starting()
