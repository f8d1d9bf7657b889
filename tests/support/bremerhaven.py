"""Helpers that build exact Bremerhaven positions from small hand-made cards.

Every test controls its cards: :func:`ship`, :func:`contract`, :func:`building`,
:func:`price` and :func:`newspaper` make one card each, :func:`card_set` a whole set, and
:func:`game` starts a game with it. A position is then changed with :func:`attrs.evolve`
(:func:`with_harbour` for one player), and :func:`after_bidding` jumps to the end of the
Bidding phase with the bids a test names, running the General action phase up to its first
decision.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs
import pytest

import bremerhaven
from bremerhaven import RulesOptions
from bremerhaven.cards.model import (
    BoardData,
    BuildingCard,
    CardSet,
    Charge,
    ContractCard,
    Counted,
    Effect,
    EventEffect,
    Good,
    NewspaperCard,
    Origin,
    PriceCard,
    ShipCard,
    Space,
    Stake,
)
from bremerhaven.engine import settle
from bremerhaven.events import Event, event_seat
from bremerhaven.moves import (
    Bid,
    ChoosePrice,
    EndMovement,
    EndPermits,
    EndProduction,
    Move,
    PayDifference,
    SwapRanks,
)
from bremerhaven.observation import passes
from bremerhaven.options import DeckStacking
from bremerhaven.rules.flow import ROUND
from bremerhaven.rules.work import Work
from bremerhaven.state import (
    BidCard,
    GameState,
    Pending,
    PendingMovement,
    PendingProduction,
    PendingStep,
)
from bremerhaven.views.narrate import sentence
from meeplekit.rng import SplitMix64

__all__ = [
    "BARREL",
    "BOARD",
    "CONTAINER",
    "CRATE",
    "LONG",
    "PASSENGER",
    "SHORT",
    "WRONG_DECISION",
    "after_bidding",
    "after_bidding_with_events",
    "asking",
    "automatic",
    "bid_moves",
    "bid_spaces",
    "building",
    "card_set",
    "contract",
    "end_round",
    "end_round_with_events",
    "events_of",
    "game",
    "happened",
    "harbour_turn",
    "newspaper",
    "play",
    "price",
    "refused",
    "rules_of",
    "ship",
    "with_harbour",
]

BARREL, CONTAINER, CRATE, PASSENGER = Good.BARREL, Good.CONTAINER, Good.CRATE, Good.PASSENGER

#: The rule the engine names for a well-formed move that answers another decision than the
#: pending one. BH-INPUT-2 says it should name BH-ENGINE-1 (as Machi Koro names MK-FLOW-1);
#: ``test_engine`` keeps a strict expected failure until the engine does.
WRONG_DECISION = "BH-ENGINE-1"

#: The long and the short game under the documented readings.
LONG = bremerhaven.RulesOptions()
SHORT = bremerhaven.RulesOptions(game="short")

#: A board like the original set's: covers on columns 3 and 4 (spaces 2, 3, 6, 7, 10, 11),
#: three bollard positions a wall, the track's last space 20, starts 0 / 0 / 2 / 4.
BOARD = BoardData(
    covers=(None, None, 4, 5, None, None, 2, 3, None, None, 3, 4),
    bollard_costs=((2, 3, 5), (0, 2, 4), (0, 2, 4), (2, 3, 5)),
    track_last=20,
    track_start=(0, 0, 2, 4),
)


def ship(
    key: str = "ship",
    *,
    lay_time: int = 2,
    cargo: Good | None = Good.BARREL,
    count: int = 2,
    berth: int = 0,
    prestige: int = 1,
    players: Iterable[int] = (2, 3, 4),
    long_only: Iterable[int] = (),
    back: int = 1,
) -> ShipCard:
    """A Ship card; ``cargo=None`` is a wild cargo."""
    return ShipCard(
        key=key,
        name=key.title(),
        lay_time=lay_time,
        cargo=cargo,
        count=count,
        berth=berth,
        prestige=prestige,
        players=frozenset(players),
        long_only=frozenset(long_only),
        back=back,
    )


def contract(
    key: str = "contract",
    *,
    delivery: int = 2,
    goods: Sequence[Good | None] = (Good.BARREL,),
    penalty: Stake | None = None,
    reward: Stake | None = None,
    train: bool = False,
    players: Iterable[int] = (2, 3, 4),
    long_only: Iterable[int] = (),
    back: int = 1,
) -> ContractCard:
    """A Contract card; a ``None`` good is a wild symbol."""
    return ContractCard(
        key=key,
        name=key.title(),
        delivery=delivery,
        goods=tuple(goods),
        penalty=penalty or Stake(),
        reward=reward or Stake(),
        train=train,
        players=frozenset(players),
        long_only=frozenset(long_only),
        back=back,
    )


def building(key: str, *effects: Effect, prestige: int = 0) -> BuildingCard:
    """A Building card with ``effects``."""
    return BuildingCard(key=key, name=key.title(), prestige=prestige, effects=effects)


def price(key: str, barrel: int, container: int, crate: int, passenger: int) -> PriceCard:
    """A Price card with the four prices."""
    return PriceCard(key=key, prices=(barrel, container, crate, passenger))


def newspaper(
    key: str,
    *,
    progress: int = 1,
    event: EventEffect | None = None,
    solo_space: Space = Space.PARKING,
) -> NewspaperCard:
    """A Newspaper card (by default its event charges 1 money per Contract, like "Fall")."""
    return NewspaperCard(
        key=key,
        name=key.title(),
        progress=progress,
        event=event or Charge(Counted.CONTRACTS, 1),
        solo_space=solo_space,
    )


def card_set(
    *,
    ships: Sequence[ShipCard] | None = None,
    contracts: Sequence[ContractCard] | None = None,
    buildings: Sequence[BuildingCard] | None = None,
    prices: Sequence[PriceCard] | None = None,
    newspapers: Sequence[NewspaperCard] | None = None,
    board: BoardData = BOARD,
) -> CardSet:
    """A card set; each deck left out is plain filler enough for any game."""
    if ships is None:
        ships = [ship(f"ship-{i}") for i in range(40)]
    if contracts is None:
        contracts = [contract(f"contract-{i}") for i in range(40)]
    if buildings is None:
        buildings = [building(f"building-{i}") for i in range(20)]
    if prices is None:
        prices = [price("p1", 1, 2, 3, 4), price("p2", 4, 3, 2, 1), price("p3", 2, 4, 1, 3)]
    if newspapers is None:
        newspapers = [newspaper(f"news-{i}", progress=2) for i in range(18)]
    return CardSet(
        name="test",
        origin=Origin.FILE,
        ships=ships,
        contracts=contracts,
        buildings=buildings,
        prices=prices,
        newspapers=newspapers,
        board=board,
    )


def game(
    players: int = 2,
    *,
    options: bremerhaven.RulesOptions = LONG,
    cards: CardSet | None = None,
    seed: int = 1,
) -> GameState:
    """A new game with the test cards (a short game stops at its first starting good)."""
    return bremerhaven.new_game(
        players, seed=seed, options=options, cards=cards if cards is not None else card_set()
    )


def with_harbour(state: GameState, seat: int, **changes: Any) -> GameState:
    """``state`` with fields of ``seat``'s harbour replaced."""
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


def automatic(
    state: GameState, stack: Sequence[Pending] | None = None
) -> tuple[GameState, list[Event]]:
    """Run the steps that need no decision (from ``stack`` if given); the state and events."""
    if stack is not None:
        state = attrs.evolve(state, stack=tuple(stack))
    log: list[Any] = []
    work = Work(state, log)
    settle(work)
    return work.freeze(), log


def after_bidding(
    state: GameState, bids: Sequence[tuple[int, Space, int]], **changes: Any
) -> GameState:
    """The position after a Bidding phase in which ``(seat, space, value)`` were placed.

    ``changes`` replace fields of ``state`` first. The placed values leave their hands; the
    General action phase runs up to its first decision.
    """
    return after_bidding_with_events(state, bids, **changes)[0]


def after_bidding_with_events(
    state: GameState, bids: Sequence[tuple[int, Space, int]], **changes: Any
) -> tuple[GameState, list[Event]]:
    """:func:`after_bidding` and the events of the steps it ran."""
    state = attrs.evolve(state, **changes)
    players = list(state.players)
    for seat, _, value in bids:
        hand = list(players[seat].hand)
        hand.remove(value)
        players[seat] = attrs.evolve(players[seat], hand=tuple(hand))
    return automatic(
        attrs.evolve(
            state,
            players=tuple(players),
            bids=tuple(BidCard(space, seat, value) for seat, space, value in bids),
        ),
        ROUND,
    )


def asking(state: GameState, pending: Pending) -> GameState:
    """``state`` with ``pending`` put on top of its stack: the decision asked now."""
    return attrs.evolve(state, stack=(*state.stack, pending))


def harbour_turn(state: GameState, seat: int, **changes: Any) -> GameState:
    """``seat``'s Individual action phase (4.1 first), then the clean-up; ``changes`` first."""
    state = attrs.evolve(state, **changes)
    stack = (
        PendingStep("clean-up"),
        PendingStep("settle", seat),
        PendingMovement(seat, 0),
        PendingProduction(seat, frozenset()),
    )
    return automatic(state, stack)[0]


#: The moves that decline a decision, tried in this order by :func:`end_round`.
PASSES: tuple[Move, ...] = (
    EndProduction(),
    EndMovement(),
    EndPermits(),
    PayDifference(False),
    SwapRanks(None),
    ChoosePrice(0),
)


def end_round(state: GameState) -> GameState:
    """Decline every decision until the next round begins (or the game ends).

    Bids go on the Parking lot (the first legal bid).
    """
    return end_round_with_events(state)[0]


def end_round_with_events(state: GameState) -> tuple[GameState, list[Event]]:
    """:func:`end_round` and the events of its moves."""
    start = state.round
    log: list[Event] = []
    while state.stack and state.round == start:
        moves = bremerhaven.legal_moves(state)
        move = next((m for m in PASSES if m in moves), moves[0])
        state, events = bremerhaven.apply_move_with_events(state, move)
        log.extend(events)
    return state, log


def play(state: GameState, *moves: Move) -> GameState:
    """Apply ``moves`` in order, each checked."""
    for move in moves:
        state = bremerhaven.apply_move(state, move)
    return state


def events_of(state: GameState, *moves: Move) -> tuple[GameState, list[Event]]:
    """Apply ``moves`` with their events; the state after and every event, in order."""
    log: list[Event] = []
    for move in moves:
        state, events = bremerhaven.apply_move_with_events(state, move)
        log.extend(events)
    return state, log


def rules_of(events: Iterable[Event]) -> list[str]:
    """The rule IDs of ``events``, in order."""
    return [event.rule_id for event in events]


def bid_moves(state: GameState) -> list[Bid]:
    """The legal moves now, every one a bid (the Bidding phase)."""
    moves = bremerhaven.legal_moves(state)
    bids = [m for m in moves if isinstance(m, Bid)]
    assert len(bids) == len(moves), moves
    return bids


def bid_spaces(state: GameState) -> set[Space]:
    """The spaces a bid may go on now."""
    return {m.space for m in bid_moves(state)}


def happened(events: Iterable[Event], rule_id: str, seat: int | None, *words: str) -> bool:
    """Whether an event of ``rule_id`` for ``seat`` whose sentence has every word is in ``events``."""
    return any(
        e.rule_id == rule_id and event_seat(e) == seat and all(w in sentence(e) for w in words)
        for e in events
    )


def refused(state: GameState, move: Move) -> str:
    """The rule ID an illegal move is refused with (``explain`` and ``apply_move`` agree)."""
    refusal = bremerhaven.explain(state, move)
    assert refusal is not None, move
    assert move not in bremerhaven.legal_moves(state)
    with pytest.raises(bremerhaven.IllegalMoveError) as err:
        bremerhaven.apply_move(state, move)
    assert err.value.rule_id == refusal.rule_id
    return refusal.rule_id


def first_bid_twins() -> tuple[GameState, GameState, int]:
    """Two positions after the Captain's first card, a 5 or a 1 on 1.2, and the Captain's seat.

    They differ only in the value placed (the other stays in hand), which no one else may
    see while the bidding is open (BH-OBS-2).
    """
    state = bremerhaven.new_game(3, seed=2013)
    captain = state.ranks[0]
    five = bremerhaven.apply_move(state, Bid(Space.PERMIT, 5))
    one = bremerhaven.apply_move(state, Bid(Space.PERMIT, 1))
    return five, one, captain


def finished(players: int, seed: int, options: RulesOptions | None = None) -> GameState:
    state = bremerhaven.new_game(players, seed=seed, options=options)
    rng = SplitMix64(seed)
    while not bremerhaven.is_over(state):
        state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
    return state


# --------------------------------------------------------------------------- conformance
# The game's own parameter sets for the conformance suite (tests/property/test_conformance.py),
# which runs every registered game through the same checks.

#: OpenSpiel parameter sets: ``random_sim_test`` plays each (every player count, readings
#: that change who decides what); the game's own OpenSpiel tests use them too.
ALL_OPENSPIEL_GAMES: list[dict[str, Any]] = [
    {"players": 1},
    {"players": 2},
    {"players": 3, "simultaneous": "seat-order", "tied_top": "excluded"},
    {"players": 4},
    {"players": 2, "game": "short", "goods_supply": "unlimited"},
    {"players": 3, "game": "short"},
    {"players": 4, "game": "short", "starting_goods": "different", "bank_counts": True},
]
#: The conformance suite's ``random_sim_test`` in ``make test``: every player count, each
#: reading above once.
OPENSPIEL_GAMES = [ALL_OPENSPIEL_GAMES[i] for i in (0, 2, 4, 6)]
#: The rest, in ``make soak`` (two and four players with the default readings, a short
#: three-player game: a Bremerhaven game takes seconds there).
OPENSPIEL_SOAK_GAMES = [ALL_OPENSPIEL_GAMES[i] for i in (1, 3, 5)]
#: Keyword arguments of the PettingZoo environments ``api_test`` checks (``env`` and
#: ``raw_env`` each).
PETTINGZOO_GAMES: list[dict[str, Any]] = [
    {"players": 1, "options": None},
    {"players": 2, "options": RulesOptions(game="short", goods_supply="unlimited")},
    {"players": 4, "options": RulesOptions(simultaneous="seat-order", tied_top="excluded")},
]
#: The cycles ``api_test`` plays in each environment.
PETTINGZOO_CYCLES = 200


# --------------------------------------------------------------------------- twins


def _deck(cards: tuple[Any, ...], stacking: DeckStacking, rng: SplitMix64) -> tuple[Any, ...]:
    """Another order of a deck that play could have dealt (BH-INT-10)."""
    if stacking is DeckStacking.SHUFFLED:
        return rng.shuffled(cards)
    backs = [card.back for card in cards]
    assert backs == sorted(backs)  # back 1 on top: cards leave only from the top
    return tuple(
        card
        for back in sorted(set(backs))
        for card in rng.shuffled([c for c in cards if c.back == back])
    )


def stacks_twin(state: GameState, rng: SplitMix64) -> GameState:
    """``state`` with every hidden order drawn again (BH-OBS-3)."""
    rack = state.newspapers
    if rack:
        tops = [i for i, card in enumerate(rack) if card.progress == rack[0].progress]
        top = tops[rng.below(len(tops))]
        rack = (rack[top], *rng.shuffled(rack[:top] + rack[top + 1 :]))
    news: list[Any] = []
    start = 0
    for length in passes(len(state.dummy_news), len(state.cards.newspapers)):
        news.extend(rng.shuffled(state.dummy_news[start : start + length]))
        start += length
    orders = list(state.dummy_orders)
    if state.dummy is not None:
        current = state.round - 1
        placed = sum(1 for bid in state.bids if bid.seat == state.dummy)
        for r, order in enumerate(orders):
            fixed = placed if r == current else 0  # the cards placed fix the first entries
            orders[r] = (*order[:fixed], *rng.shuffled(order[fixed:]))
    stacking = state.options.deck_stacking
    return attrs.evolve(
        state,
        ship_deck=_deck(state.ship_deck, stacking, rng),
        contract_deck=_deck(state.contract_deck, stacking, rng),
        buildings=state.buildings[:1] + rng.shuffled(state.buildings[1:]),
        newspapers=rack,
        dummy_news=tuple(news),
        dummy_orders=tuple(orders),
    )
