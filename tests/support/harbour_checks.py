"""Harbour's invariants of a position and the moves the tests try (the state machine's).

The state machine (``tests/property/harbour/test_state_machine.py``), the sweep and the
other property tests check every position they reach with :func:`check_position`."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import attrs
import pytest
from hypothesis import strategies as st

import harbour
from harbour import (
    GOODS,
    MARKET_VALUES,
    MAX_GOODS,
    BoardSite,
    CardSite,
    ChooseCharacter,
    ChooseFreeBuilding,
    ChooseOption,
    ChoosePart,
    ChooseStartingGoods,
    DeferToll,
    EmptyDeck,
    ExchangeGoods,
    GameState,
    Goods,
    Move,
    MovePawn,
    PayToll,
    Purchase,
    RulesOptions,
    SellToTraders,
    Ship,
    SwapSquares,
    TakeGoods,
    TieBreak,
    UseAbility,
)
from harbour import testing as kit
from harbour.cards.abilities import (
    FreeBuildingAtSetup,
    PointsForMarketValue,
    ShareOccupiedBuildings,
)
from harbour.cards.original import ORIGINAL_SET
from harbour.goods import multisets
from harbour.moves import out_of_range
from harbour.state import (
    PendingFreeBuilding,
    PendingGift,
)
from tests.support.harbour import EVERY_ABILITY_SET

N_BUILDINGS = len(ORIGINAL_SET.buildings)


N_CHARACTERS = max(len(ORIGINAL_SET.characters), len(EVERY_ABILITY_SET.characters))


#: The kit's card sets (the original set and custom sets made from it), and a set with a
#: character for every ability hook (ABIL-1 to ABIL-11).
card_sets = st.one_of(kit.card_sets(), st.just(EVERY_ABILITY_SET))


def playable(players: int, options: RulesOptions) -> RulesOptions:
    """The options with the variants ``new_game`` refuses for this table switched off.

    Characters exclude the first-game setup (CHAR-2); the Inland Traders need 3 or 4
    players (INLAND-1) unless the INT-37 reading allows 2. Every playable combination maps
    to itself.
    """
    if options.characters and options.first_game:
        options = attrs.evolve(options, first_game=False)
    if options.inland_traders and players < 3 and not options.inland_traders_two_players:
        options = attrs.evolve(options, inland_traders=False)
    return options


_counts = st.integers(0, MAX_GOODS)


any_goods = st.builds(Goods, _counts, _counts, _counts, _counts)


goods_kinds = st.sampled_from(GOODS)


card_indices = st.integers(0, N_BUILDINGS + 1)


small_ints = st.integers(0, 5)


sites = st.one_of(
    st.builds(CardSite, card_indices),
    st.builds(BoardSite, st.integers(0, 4)),
)


squares = st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True).map(sorted)


def _arbitrary_moves() -> st.SearchStrategy[Move]:
    """A well-formed move of any type with arbitrary (often illegal) contents.

    Indices may pass the card set's or the table's size (a ``harbour.InvalidMoveError``);
    values no move can hold are the business of ``tests/property/harbour/test_hostile_input.py``.
    """
    good_sets = st.sets(goods_kinds, max_size=4).map(tuple)
    return st.one_of(
        st.builds(ChooseCharacter, st.integers(0, N_CHARACTERS)),
        st.builds(ChooseFreeBuilding, card_indices),
        st.just(SellToTraders()),
        st.builds(UseAbility, any_goods, goods_kinds, goods_kinds),
        st.builds(ChooseStartingGoods, any_goods),
        st.builds(MovePawn, sites),
        st.builds(PayToll, goods_kinds),
        st.just(DeferToll()),
        st.builds(ChooseOption, small_ints),
        st.builds(ChoosePart, st.integers(0, 1)),
        st.builds(TakeGoods, any_goods),
        st.builds(ExchangeGoods, goods_kinds, good_sets.filter(bool)),
        squares.map(lambda pair: SwapSquares(pair[0], pair[1])),
        st.builds(Ship, good_sets, any_goods),
        st.builds(Purchase, st.sets(card_indices, max_size=4).map(tuple)),
    )


#: A well-formed move of any type with arbitrary (often illegal) contents.
ARBITRARY_MOVES = _arbitrary_moves()


def in_game(state: GameState, move: Move) -> bool:
    """Whether ``move`` names only buildings, boards and seats the game has (INPUT-1)."""
    cards = state.cards
    return (
        out_of_range(move, len(cards.buildings), len(cards.characters), len(state.players)) is None
    )


def _goods_neighbours(goods: Goods) -> list[Goods]:
    """The goods with one unit more or less of one good, within 0 to 6."""
    out = []
    for good in GOODS:
        if goods[good] < MAX_GOODS:
            out.append(goods.with_count(good, goods[good] + 1))
        if goods[good] > 0:
            out.append(goods.with_count(good, goods[good] - 1))
    return out


def _fixed_candidates() -> tuple[Move, ...]:
    """Moves of every type that do not depend on the position (many never legal)."""
    out: list[Move] = []
    sites: list[harbour.Site] = [BoardSite(p) for p in range(4)]
    sites.extend(CardSite(c) for c in range(N_BUILDINGS))
    out.extend(MovePawn(site) for site in sites)
    out.extend(PayToll(g) for g in GOODS)
    out.append(DeferToll())
    out.extend(ChooseCharacter(i) for i in range(N_CHARACTERS))
    out.append(ChooseFreeBuilding(0))
    out.append(SellToTraders())
    for fee in (Goods(), *multisets(1)):
        out.extend(UseAbility(fee, a, b) for a in GOODS for b in GOODS)
    out.extend(ChooseOption(i) for i in range(4))
    out.extend(ChoosePart(i) for i in range(2))
    out.extend(SwapSquares(a, b) for a, b in combinations(range(4), 2))
    out.extend(ChooseStartingGoods(g) for total in (2, 3, 4) for g in multisets(total))
    out.extend(TakeGoods(g) for total in range(4) for g in multisets(total))
    for spend in GOODS:
        out.extend(ExchangeGoods(spend, (gain,)) for gain in GOODS)
        out.extend(ExchangeGoods(spend, pair) for pair in combinations(GOODS, 2))
    for size in range(len(GOODS) + 1):
        for combo in combinations(GOODS, size):
            out.append(Ship(combo))
            if combo:
                out.append(Ship(combo, Goods.single(combo[0])))
                out.append(Ship(combo, Goods.single(combo[0], 2)))
    out.append(Purchase(()))
    return tuple(dict.fromkeys(out))


FIXED_CANDIDATES = _fixed_candidates()


def candidate_moves(state: GameState) -> list[Move]:
    """Legal moves, near misses of them, and moves of every type (may repeat a move).

    Only moves naming buildings, boards and seats the game has (the others are not moves
    of this game at all: ``harbour.InvalidMoveError``).
    """
    legal = harbour.legal_moves(state)
    out: list[Move] = [*legal, *FIXED_CANDIDATES]
    out.extend(ChooseFreeBuilding(c) for c in (*state.deck[:4], *state.display[:1]))
    pool = list(state.display) + list(state.deck[:1])
    pool.extend(c for p in state.players for c in p.buildings[:1])
    out.extend(Purchase((c,)) for c in pool)
    out.extend(Purchase(pair) for pair in combinations(pool, 2))
    for move in legal:
        if isinstance(move, Ship):
            out.extend(Ship(move.goods, keep) for keep in _goods_neighbours(move.keep))
            out.extend(Ship((*move.goods, g), move.keep) for g in GOODS if g not in move.goods)
        elif isinstance(move, Purchase):
            out.extend(Purchase((*move.cards, c)) for c in state.display if c not in move.cards)
        elif isinstance(move, TakeGoods):
            out.extend(TakeGoods(g) for g in _goods_neighbours(move.goods))
        elif isinstance(move, ChooseStartingGoods):
            out.extend(ChooseStartingGoods(g) for g in _goods_neighbours(move.goods))
        elif isinstance(move, UseAbility):
            out.extend(
                UseAbility(fee, move.spend, move.gain) for fee in _goods_neighbours(move.fee)
            )
            out.append(UseAbility(move.fee, move.gain, move.spend))
        elif isinstance(move, ExchangeGoods):
            if move.spend not in move.gain:
                out.append(ExchangeGoods(move.spend, (*move.gain, move.spend)))
            out.extend(
                ExchangeGoods(move.spend, (*move.gain, g)) for g in GOODS if g not in move.gain
            )
    return [m for m in out if in_game(state, m)]


def check_goods(state: GameState) -> None:
    """GOODS-1, GOODS-2: every holding of every good within 0..6."""
    for seat, player in enumerate(state.players):
        for good, count in zip(GOODS, player.goods.as_tuple(), strict=True):
            assert 0 <= count <= MAX_GOODS, (seat, good, count)


def check_market(state: GameState) -> None:
    """COMP-1, SETUP-3: the market holds each of the four goods once."""
    assert len(state.market) == 4
    assert sorted(state.market) == sorted(GOODS), state.market


def check_buildings(state: GameState) -> None:
    """Conservation: deck, display, bought and free buildings are all the buildings, once each."""
    everything = list(state.deck) + list(state.display)
    for player in state.players:
        everything.extend(player.buildings)
        everything.extend(player.free_buildings)
    assert sorted(everything) == list(range(len(state.cards.buildings))), Counter(everything)
    # SETUP-1, DISPLAY-1: the display is full while the deck can refill it (an unpriced
    # building stays in it, BUY-7).
    size = len(state.players) + 3
    if state.deck:
        assert len(state.display) == size, (state.display, state.deck)
    else:
        assert len(state.display) <= size
    # BUY-7: an unpriced building is never bought.
    for player in state.players:
        assert all(state.cards.buildings[c].cost is not None for c in player.buildings)


def check_boards_and_bonus_cards(state: GameState) -> None:
    """CHAR-2: each kept character board once; BONUS-1: one bonus card each, none twice."""
    boards = [p.board for p in state.players if p.board is not None]
    assert len(boards) == len(set(boards)), boards
    if not state.options.characters:
        assert not boards
    elif not state.in_setup:
        assert len(boards) == len(state.players)
    if not any(isinstance(p, PendingFreeBuilding) for p in state.stack):
        for seat, player in enumerate(state.players):  # ABIL-8: only by the ability, once
            allowed = 1 if player.board is not None and _free_building_ability(state, seat) else 0
            assert len(player.free_buildings) <= allowed, (seat, player)
    cards = [p.bonus_card for p in state.players]
    if state.options.bonus_cards:
        dealt = [c for c in cards if c is not None]
        assert len(dealt) == len(state.players) == len(set(dealt)), cards
    else:
        assert all(c is None for c in cards), cards


def _free_building_ability(state: GameState, seat: int) -> bool:
    return isinstance(state.board_of(seat).ability, FreeBuildingAtSetup)


def sharers(state: GameState) -> set[int]:
    """The seats whose ability lets them use an occupied building (ABIL-10)."""
    return {
        seat
        for seat in range(len(state.players))
        if isinstance(state.board_of(seat).ability, ShareOccupiedBuildings)
    }


def check_pawns(state: GameState) -> None:
    """TURN-1: one pawn per building (ABIL-10: plus a sharer's); pawns stand on buildings."""
    allowed_to_share = sharers(state)
    others = [
        p.pawn
        for seat, p in enumerate(state.players)
        if p.pawn is not None and seat not in allowed_to_share
    ]
    assert len(others) == len(set(others)), others
    in_play: set[harbour.Site] = {BoardSite(p) for p in range(len(state.players))}
    in_play.update(CardSite(c) for c in state.display)
    for p in state.players:
        in_play.update(CardSite(c) for c in p.buildings + p.free_buildings)
    pawns = {p.pawn for p in state.players if p.pawn is not None}
    assert pawns <= in_play, (pawns, in_play)


def check_legal_moves(state: GameState) -> None:
    """END-2, TURN-6: moves exist exactly while the game goes on, none listed twice."""
    legal = harbour.legal_moves(state)
    assert bool(legal) == (not harbour.is_over(state)), (legal, state.stack)
    assert len(set(legal)) == len(legal), [m for m, k in Counter(legal).items() if k > 1]
    if state.last_round_turns is not None:
        assert 0 <= state.last_round_turns <= len(state.players)
    if any(isinstance(m, UseAbility) for m in legal):
        # ABIL-11, INT-34: once, at a decision of the owner's own turn, never in setup.
        assert state.turn >= 1 and not state.ability_used
        assert state.decider == state.current
        assert not isinstance(state.pending, PendingGift)


def expected_score(state: GameState, seat: int) -> tuple[int, int]:
    """END-3, ABIL-9, BONUS-2, INT-27: (victory points, goods left after the bonus trade)."""
    player = state.players[seat]
    points = sum(state.cards.buildings[c].points for c in player.buildings)  # free ones: 0
    ability = state.board_of(seat).ability
    if isinstance(ability, PointsForMarketValue):
        points += MARKET_VALUES[state.market.index(ability.good)]
    goods = player.goods.total
    if player.bonus_card is not None:
        card = state.cards.bonus_cards[player.bonus_card]
        lots = player.goods[card.good] // card.goods
        if card.max_trades is not None:
            lots = min(lots, card.max_trades)
        points += lots * card.points
        goods -= lots * card.goods
    return points, goods


def check_outcome(state: GameState) -> None:
    """END-3 to END-5, INT-2: the outcome of a finished game; no outcome before."""
    if not harbour.is_over(state):
        with pytest.raises(harbour.GameNotOverError):
            harbour.outcome(state)
        return
    result = harbour.outcome(state)
    n = len(state.players)
    scores = [expected_score(state, p) for p in range(n)]
    points = tuple(score[0] for score in scores)
    assert result.points == points, (result, scores)
    assert result.winners, result
    assert all(points[w] == max(points) for w in result.winners), (result, points)

    def key(seat: int) -> tuple[int, int, int]:
        by_goods = state.options.tie_break is TieBreak.BUILDINGS_THEN_GOODS
        goods = scores[seat][1] if by_goods else 0
        return (points[seat], len(state.players[seat].buildings), goods)

    best = max(key(p) for p in range(n))
    assert result.winners == tuple(p for p in range(n) if key(p) == best), (result, scores)
    assert sorted(result.ranking) == list(range(n))
    assert [key(p) for p in result.ranking] == sorted((key(p) for p in range(n)), reverse=True)
    # END-1: a game ends only after someone bought a 4th building (or INT-8's empty deck);
    # free buildings do not count (ABIL-8).
    assert state.last_round_turns == 0
    assert any(len(p.buildings) >= 4 for p in state.players) or (
        state.options.empty_deck is EmptyDeck.LAST_ROUND and not state.deck
    )


def check_position(state: GameState) -> None:
    check_goods(state)
    check_market(state)
    check_buildings(state)
    check_boards_and_bonus_cards(state)
    check_pawns(state)
    check_legal_moves(state)
    check_outcome(state)
