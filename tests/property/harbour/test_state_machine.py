"""Whole games as a Hypothesis state machine, and ``can_apply`` against ``legal_moves``.

The machine plays complete games under every combination of rule readings and variants
(characters, bonus cards, Inland Traders), tries illegal moves between the legal ones, and
checks invariants of every position and properties of every transition (comparing the
states before and after each move). The games' options, card sets and starting positions
are drawn with the strategies of :mod:`harbour.testing`. Settings come from the Hypothesis
profile of ``tests/conftest.py``.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import attrs
import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import harbour
from harbour import (
    GOODS,
    MARKET_VALUES,
    MAX_GOODS,
    ChooseCharacter,
    ChooseFreeBuilding,
    ChooseStartingGoods,
    EmptyDeck,
    GameState,
    Good,
    Goods,
    LastRound,
    Move,
    MovePawn,
    PayToll,
    Purchase,
    ReentryOrder,
    RulesOptions,
    SellToTraders,
    Ship,
    SwapSquares,
    TakeGoods,
    UseAbility,
)
from harbour import testing as kit
from harbour.cards.abilities import (
    AlchemistConversion,
    CollectWhenShipped,
    FreeBuildingAtSetup,
    OncePerTurnConversion,
)
from harbour.cards.effects import Buy, Exchange
from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.positions import replace
from harbour.state import (
    PendingCharacter,
    PendingEffect,
    PendingFreeBuilding,
    PendingGift,
    PendingMove,
    PendingPurchase,
    PendingShip,
    PendingStartingGoods,
    PendingToll,
    PendingTollAfter,
)
from meeplekit.rng import SplitMix64
from tests.support.harbour_checks import (
    ARBITRARY_MOVES,
    candidate_moves,
    card_sets,
    check_boards_and_bonus_cards,
    check_buildings,
    check_goods,
    check_legal_moves,
    check_market,
    check_outcome,
    check_pawns,
    check_position,
    in_game,
    playable,
    sharers,
)

RULE_ID = re.compile(r"^[A-Z]+-\d+$")
#: Any combination of rule readings, including those ``new_game`` refuses for the table
#: (the machine checks the refusal, then plays the ``playable`` options).
any_options = kit.rules_options(include_refused=True)

# --------------------------------------------------------------------------- strategies


player_counts = st.integers(2, 4)
seeds = st.integers(0, 2**32)


# --------------------------------------------------------------------------- position checks


# --------------------------------------------------------------------------- transitions


def expected_market_after_ship(
    market: tuple[Good, Good, Good, Good], shipped: tuple[Good, ...], reentry: ReentryOrder
) -> list[Good]:
    """MARKET-1, MARKET-2, INT-3, written out square by square from the rule text."""
    result: list[Good | None] = [None, None, None, None]
    unshipped = [g for g in market if g not in shipped]
    # MARKET-1: the unshipped goods move to the highest squares keeping their order.
    for offset, good in enumerate(reversed(unshipped)):
        result[3 - offset] = good
    # MARKET-2: the shipped goods fill the vacated lowest squares.
    low_to_high = [g for g in market if g in shipped]
    vacated = [i for i in range(4) if result[i] is None]
    assert len(vacated) == len(low_to_high)
    if reentry is ReentryOrder.REVERSED:
        # The shipped good that stood lowest ends on the highest vacated square, and so on.
        for square, good in zip(reversed(vacated), low_to_high, strict=True):
            result[square] = good
    else:
        for square, good in zip(vacated, low_to_high, strict=True):
            result[square] = good
    out = [g for g in result if g is not None]
    assert len(out) == 4
    return out


def conversion_terms(state: GameState, seat: int) -> tuple[int, int, int]:
    """(fee, spend, gain) of a seat's once-per-turn conversion (ABIL-11, INT-24)."""
    ability = state.board_of(seat).ability
    if isinstance(ability, OncePerTurnConversion):
        return (ability.fee, ability.spend, ability.gain)
    assert isinstance(ability, AlchemistConversion), ability
    return state.options.alchemist.terms


def capped(goods: Goods) -> Goods:
    return Goods.of(
        (
            min(MAX_GOODS, goods.fish),
            min(MAX_GOODS, goods.livestock),
            min(MAX_GOODS, goods.wood),
            min(MAX_GOODS, goods.stone),
        )
    )


def check_transition(before: GameState, move: Move, after: GameState) -> None:
    """Properties of one applied move, from the states before and after it."""
    n = len(before.players)
    me = before.current  # whose turn (or setup step) it is
    decider = before.decider  # who took this decision (a gift's receiver, ABIL-6/7/10)
    top = before.stack[-1]
    assert after.cards is before.cards or after.cards == before.cards
    assert after.options == before.options and after.seed == before.seed
    assert len(after.players) == n
    for old_player, new_player in zip(before.players, after.players, strict=True):
        assert new_player.bonus_card == old_player.bonus_card  # BONUS-1: dealt at setup only

    # BUY-8: buildings are only ever added, by the mover, by a purchase, in the order bought;
    # ABIL-8: a free building only by the setup choice, from the top of the deck.
    for seat in range(n):
        old, new = before.players[seat], after.players[seat]
        if seat == me and isinstance(move, Purchase):
            # In the display's order (a Purchase keeps its buildings by index, INPUT-1).
            bought = tuple(sorted(move.cards, key=before.display.index))
            assert new.buildings == old.buildings + bought
        else:
            assert new.buildings == old.buildings, (seat, move, old, new)
        if seat == decider and isinstance(move, ChooseFreeBuilding):
            assert new.free_buildings == (*old.free_buildings, move.card)
        else:
            assert new.free_buildings == old.free_buildings, (seat, move, old, new)
    if isinstance(move, Purchase):
        # DISPLAY-1 / INT-8: each bought card's slot takes the top deck card, in order.
        display, deck = list(before.display), list(before.deck)
        for card in sorted(move.cards, key=before.display.index):
            slot = display.index(card)
            if deck:
                display[slot] = deck.pop(0)
            else:
                del display[slot]
        assert list(after.display) == display and list(after.deck) == deck, (move, after)
    elif isinstance(move, ChooseFreeBuilding):
        # ABIL-8, INT-28: taken from the top of the deck; the others stay in their order.
        assert isinstance(top, PendingFreeBuilding)
        ability = before.board_of(decider).ability
        assert isinstance(ability, FreeBuildingAtSetup)
        assert move.card in before.deck[: ability.look]
        assert after.deck == tuple(c for c in before.deck if c != move.card)
        assert after.display == before.display
    else:
        assert after.display == before.display and after.deck == before.deck

    # TURN-1, TURN-2 (ABIL-10): only the mover's pawn moves, and only by a pawn move.
    for seat in range(n):
        if seat == me and isinstance(move, MovePawn):
            assert after.players[seat].pawn == move.site
            assert before.players[seat].pawn != move.site
            if seat not in sharers(before):
                assert all(p.pawn != move.site for p in before.players)
        else:
            assert after.players[seat].pawn == before.players[seat].pawn

    # CHAR-2: a character is kept from the boards offered, by the player choosing.
    for seat in range(n):
        old_board, new_board = before.players[seat].board, after.players[seat].board
        if seat == decider and isinstance(move, ChooseCharacter):
            assert isinstance(top, PendingCharacter) and top.player == seat
            assert old_board is None and new_board == move.board in top.offered
        else:
            assert new_board == old_board

    # Goods: the turn player's change freely; anyone else's only as the rules say.
    collectors: dict[int, CollectWhenShipped] = {}
    if isinstance(move, Ship):
        for seat in range(n):
            ability = before.board_of(seat).ability
            if isinstance(ability, CollectWhenShipped):
                collectors[seat] = ability
    for seat in range(n):
        old_goods, new_goods = before.players[seat].goods, after.players[seat].goods
        if seat == me:
            continue
        toll = isinstance(move, PayToll) and isinstance(top, PendingToll | PendingTollAfter)
        if toll and seat == getattr(top, "owner", None):
            # TOLL-1, INT-17: the owner gains the unit paid, capped at 6.
            assert isinstance(move, PayToll)
            assert new_goods == capped(old_goods.plus(Goods.single(move.good))), (seat, move)
            continue
        if isinstance(top, PendingGift) and isinstance(move, TakeGoods) and seat == top.player:
            assert move.goods.total == top.amount  # ABIL-6, ABIL-7, ABIL-10
            assert new_goods == capped(old_goods.plus(move.goods)), (seat, move, old_goods)
            continue
        if seat in collectors and isinstance(move, Ship):  # ABIL-5, INT-33
            collector = collectors[seat]
            gained = Goods.single(collector.good, collector.amount)
            expected = capped(old_goods.plus(gained)) if collector.good in move.goods else old_goods
            assert new_goods == expected, (seat, move, old_goods, new_goods)
            continue
        assert new_goods == old_goods, (seat, move, old_goods, new_goods)
    mine_before, mine_after = before.players[me].goods, after.players[me].goods
    if isinstance(move, ChooseStartingGoods):
        assert mine_before == Goods()
        assert mine_after == move.goods  # SETUP-4
    elif isinstance(move, ChooseCharacter | ChooseFreeBuilding):
        assert mine_after == mine_before == Goods()  # CHAR-2: boards before goods
    elif isinstance(move, UseAbility):
        # ABIL-11: pay the fee, turn ``spend`` of one good into ``gain`` of another, once.
        fee, spend, gain = conversion_terms(before, me)
        assert move.fee.total == fee and move.spend != move.gain
        assert not before.ability_used
        paid = mine_before.minus(move.fee).minus(Goods.single(move.spend, spend))
        assert min(paid.as_tuple()) >= 0
        converted = capped(paid.plus(Goods.single(move.gain, gain)))
        if after.stack == before.stack:
            # The decision it was used at stays pending (INT-34).
            assert mine_after == converted and after.turn == before.turn
            assert after.ability_used
            assert not any(isinstance(m, UseAbility) for m in harbour.legal_moves(after))
        else:
            # Only a flexible conversion the goods left no longer pay for is then skipped
            # (ACT-5, TURN-4), and the turn goes on from there.
            assert isinstance(top, PendingEffect) and isinstance(top.effect, Exchange), top
            assert max(converted.as_tuple()) < top.effect.spend_amount, (converted, top)
    elif isinstance(move, SellToTraders):
        # INLAND-2: one of each good for the traders' price, added to the shipment to come.
        assert before.options.inland_traders
        assert isinstance(top, PendingEffect) and isinstance(top.effect, Buy)
        assert mine_after == mine_before.minus(Goods(1, 1, 1, 1))
        assert after.pending == PendingShip(top.effect.count, before.cards.inland_traders_price)

    # The market changes only by shipping (MARKET-1, MARKET-2) or a swap (ACT-6); selling to
    # the Inland Traders does not move it (INLAND-3).
    if isinstance(move, Ship) and move.goods:
        expected_market = expected_market_after_ship(
            before.market, move.goods, before.options.reentry
        )
        assert list(after.market) == expected_market, (before.market, move, after.market)
        shipped = set(move.goods)
        unshipped_before = [g for g in before.market if g not in shipped]
        k = len(move.goods)
        # The unshipped goods keep their order on the highest squares...
        assert list(after.market[k:]) == unshipped_before
        # ...and the shipped ones fill the lowest squares, reversed or in order (INT-3).
        low_to_high = [g for g in before.market if g in shipped]
        if before.options.reentry is ReentryOrder.REVERSED:
            assert list(after.market[:k]) == low_to_high[::-1]
        else:
            assert list(after.market[:k]) == low_to_high
        if isinstance(after.pending, PendingPurchase) and before.players[me].board is None:
            # BUY-3 (all of each shipped good but the kept units), BUY-4 (paid by value),
            # INLAND-2 (plus the traders' money); for a player without an ability.
            for good in GOODS:
                want = move.keep[good] if good in shipped else mine_before[good]
                assert mine_after[good] == want, (good, move, mine_before)
            base = top.money if isinstance(top, PendingShip) else 0
            money = sum(MARKET_VALUES[before.market.index(g)] for g in move.goods)
            assert after.pending.money == base + money
    elif isinstance(move, SwapSquares):
        market = list(before.market)
        market[move.first], market[move.second] = market[move.second], market[move.first]
        assert list(after.market) == market
    else:
        assert after.market == before.market, (move, before.market, after.market)

    check_turn_flow(before, move, after)


def check_turn_flow(before: GameState, move: Move, after: GameState) -> None:
    """TURN-5, END-1, END-2, SETUP-6, CHAR-2: who decides next, and when turns and games end."""
    n = len(before.players)
    me = before.current
    if before.turn == 0:
        assert isinstance(move, ChooseStartingGoods | ChooseCharacter | ChooseFreeBuilding)
        nxt = after.pending
        if isinstance(move, ChooseStartingGoods):  # SETUP-4, SETUP-6: seat by seat
            assert isinstance(before.pending, PendingStartingGoods)
            if me + 1 < n:
                assert (after.turn, after.current) == (0, me + 1)
                assert isinstance(nxt, PendingStartingGoods)
            else:
                assert (after.turn, after.current) == (1, 0)
                assert after.stack == (PendingMove(),)
            return
        # CHAR-2 / ABIL-8: boards in seat order, each followed by its free building, then
        # the starting goods from seat 0.
        assert after.turn == 0
        seat = before.decider
        if isinstance(nxt, PendingFreeBuilding):
            assert isinstance(move, ChooseCharacter) and nxt.player == seat
        elif isinstance(nxt, PendingCharacter):
            assert nxt.player == seat + 1
        else:
            assert isinstance(nxt, PendingStartingGoods) and seat == n - 1
        assert after.decider == after.current
        return
    if harbour.is_over(after):
        # END-2: the game ends only when the last round's last turn ends.
        assert before.last_round_turns == 1 and after.last_round_turns == 0
        assert after.turn == before.turn
    elif after.turn == before.turn:
        assert after.current == me
        assert after.last_round_turns == before.last_round_turns
        assert after.ability_used == (before.ability_used or isinstance(move, UseAbility))
    else:
        assert after.turn == before.turn + 1, (before.turn, after.turn)
        assert after.current == (me + 1) % n
        assert after.stack == (PendingMove(),)
        assert not after.ability_used  # ABIL-11: once per turn, again next turn
        if before.last_round_turns is not None:
            assert after.last_round_turns == before.last_round_turns - 1
        elif after.last_round_turns is not None:
            # END-1 / INT-1: the mover's 4th bought building began the last round.
            assert len(after.players[me].buildings) >= 4 or (
                before.options.empty_deck is EmptyDeck.LAST_ROUND and not after.deck
            )
            everyone = before.options.last_round is LastRound.ALL_PLAYERS
            assert after.last_round_turns == (n if everyone else n - 1)
        else:
            assert len(after.players[me].buildings) < 4, after.players[me]


def check_secrets(state: GameState) -> None:
    """BONUS-3: a player's observation shows no other player's bonus card nor the deck order.

    At the end every card is revealed (BONUS-2, OBS-3); a player who took a free building
    knows the buildings they saw on top of the deck (OBS-4), and only those.
    """
    n_cards = len(state.cards.bonus_cards)
    for viewer in range(len(state.players)):
        seen = harbour.observe(state, viewer)
        assert seen.players[viewer].bonus_card == state.players[viewer].bonus_card
        assert seen.deck_size == len(state.deck)
        assert state.deck[: len(seen.deck_top)] == seen.deck_top
        if state.is_over:
            assert [v.bonus_card for v in seen.players] == [p.bonus_card for p in state.players]
            continue
        for other, player in enumerate(state.players):
            if other == viewer:
                continue
            assert seen.players[other].bonus_card is None
            if player.bonus_card is not None and n_cards > 1:
                swapped = (player.bonus_card + 1) % n_cards
                changed = replace(
                    state,
                    players=tuple(
                        replace(p, bonus_card=swapped) if i == other else p
                        for i, p in enumerate(state.players)
                    ),
                )
                assert harbour.observe(changed, viewer) == seen
        known = len(seen.deck_top)
        if len(state.deck) > known + 1 and not isinstance(state.pending, PendingFreeBuilding):
            below = tuple(reversed(state.deck[known:]))
            reordered = replace(state, deck=state.deck[:known] + below)
            assert harbour.observe(reordered, viewer) == seen


def replay(
    players: int, seed: int, options: RulesOptions, cards: CardSet, moves: list[Move]
) -> GameState:
    """SETUP-7: the same seed and the same moves give the same game."""
    state = harbour.new_game(players, seed=seed, options=options, cards=cards)
    for move in moves:
        state = harbour.apply_move(state, move)
    return state


def shared_objects(state: GameState) -> dict[int, object]:
    """The card set's objects and the options, by id: a ``deepcopy`` memo that shares them.

    Pending actions refer to the card set's effect objects. The card set is compared with a
    deep copy taken at the start of each game instead.
    """
    found: dict[int, object] = {id(state.options): state.options}
    todo: list[object] = [state.cards]
    while todo:
        item = todo.pop()
        if id(item) in found:
            continue
        kind: Any = type(item)
        if attrs.has(kind):
            found[id(item)] = item
            todo.extend(getattr(item, f.name) for f in attrs.fields(kind))
        elif isinstance(item, tuple):
            todo.extend(item)
    return found


def snapshot(state: GameState, shared: dict[int, object]) -> GameState:
    """A deep copy of everything in the state but the objects in ``shared``."""
    return copy.deepcopy(state, dict(shared))


# --------------------------------------------------------------------------- the machine


class HarbourMachine(RuleBasedStateMachine):
    """Plays whole games, trying illegal moves between the legal ones."""

    state: GameState
    players: int
    seed: int
    options: RulesOptions
    cards: CardSet
    moves: list[Move]
    pawn_moves: int
    cards_copy: CardSet
    shared: dict[int, object]

    def start(self, players: int, seed: int, options: RulesOptions, cards: CardSet) -> None:
        if playable(players, options) != options:
            # CHAR-2, INLAND-1: a variant this table cannot play is refused, then left out.
            with pytest.raises(ValueError, match=r"\((CHAR|INLAND|SETUP)-\d+"):
                harbour.new_game(players, seed=seed, options=options, cards=cards)
            options = playable(players, options)
        self.players, self.seed, self.options, self.cards = players, seed, options, cards
        self.state = harbour.new_game(players, seed=seed, options=options, cards=cards)
        assert self.state == harbour.new_game(players, seed=seed, options=options, cards=cards)
        self.cards_copy = copy.deepcopy(self.state.cards)
        self.shared = shared_objects(self.state)
        self.moves = []
        self.pawn_moves = 0
        assert self.state.turn == 0 and self.state.current == 0
        assert all(p.goods == Goods() and not p.buildings for p in self.state.players)

    @initialize(players=player_counts, seed=seeds, options=any_options, cards=card_sets)
    def new_game(self, players: int, seed: int, options: RulesOptions, cards: CardSet) -> None:
        self.start(players, seed, options, cards)

    def apply(self, move: Move) -> None:
        """Apply a legal move and check the transition (the invariants check the position)."""
        before = self.state
        copied = snapshot(before, self.shared)
        after = harbour.apply_move(before, move)
        # Record the move at once, so that the game can be replayed even after a failure.
        self.moves.append(move)
        self.state = after
        if isinstance(move, MovePawn):
            self.pawn_moves += 1
        assert before == copied, "apply_move changed its input"
        assert harbour.apply_move_unchecked(before, move) == after
        check_transition(before, move, after)
        if harbour.is_over(after):
            self.check_replay()

    def check_replay(self) -> None:
        """SETUP-7: replaying the seed and the moves from ``new_game`` gives the same state."""
        assert replay(self.players, self.seed, self.options, self.cards, self.moves) == self.state

    @precondition(lambda self: not harbour.is_over(self.state))
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        legal = harbour.legal_moves(self.state)
        self.apply(legal[data.draw(st.integers(0, len(legal) - 1), label="index")])

    @precondition(lambda self: not harbour.is_over(self.state))
    @rule(data=st.data(), count=st.integers(2, 40))
    def play_several(self, data: st.DataObject, count: int) -> None:
        """Several legal moves in one step, so that games finish within the step budget."""
        for _ in range(count):
            if harbour.is_over(self.state):
                break
            legal = harbour.legal_moves(self.state)
            self.apply(legal[data.draw(st.integers(0, len(legal) - 1), label="index")])
            check_position(self.state)  # the invariants, for the positions in between

    @rule(data=st.data())
    def try_illegal(self, data: st.DataObject) -> None:
        """Any move: applied when legal, otherwise refused with a rule ID and a reason."""
        before = self.state
        legal = harbour.legal_moves(before)
        source = data.draw(st.sampled_from(("arbitrary", "candidate", "fitting")), label="source")
        if source == "arbitrary":
            move = data.draw(ARBITRARY_MOVES, label="move")
        else:
            pool = candidate_moves(before)
            if source == "fitting":
                # Near misses of the type the pending decision asks for are the interesting ones.
                asked = {type(m) for m in legal}
                pool = [m for m in pool if type(m) in asked] or pool
            move = pool[data.draw(st.integers(0, len(pool) - 1), label="candidate")]
            note(f"move: {move!r}")
        if move in legal:
            self.apply(move)
            return
        copied = snapshot(before, self.shared)
        assert not harbour.can_apply(before, move)
        if not in_game(before, move):
            # INPUT-1: a building, board or seat the game does not have.
            with pytest.raises(harbour.InvalidMoveError):
                harbour.apply_move(before, move)
            assert before == copied, "a refused move changed the state"
            return
        with pytest.raises(harbour.IllegalMoveError) as caught:
            harbour.apply_move(before, move)
        error = caught.value
        assert RULE_ID.fullmatch(error.rule_id), error.rule_id
        assert error.reason.strip(), error
        assert str(error).strip() and error.rule_id in str(error)
        assert isinstance(error, ValueError)
        with pytest.raises(harbour.IllegalMoveError) as again:
            harbour.verify_move(before, move)
        assert again.value.rule_id == error.rule_id
        assert before == copied, "a refused move changed the state"
        if harbour.is_over(before):
            assert error.rule_id == "END-2"

    @precondition(lambda self: harbour.is_over(self.state))
    @rule(players=player_counts, seed=seeds, options=any_options, cards=card_sets)
    def restart(self, players: int, seed: int, options: RulesOptions, cards: CardSet) -> None:
        check_outcome(self.state)
        self.start(players, seed, options, cards)

    def teardown(self) -> None:
        # A game still going when the run ends is replayed too (a finished one already was).
        if hasattr(self, "state") and not harbour.is_over(self.state):
            self.check_replay()

    # -- invariants of every position

    @invariant()
    def position_is_valid(self) -> None:
        # STATE-1 to STATE-5: every position reached by play passes validate.
        kit.check_invariants(self.state)

    @invariant()
    def goods_within_bounds(self) -> None:
        check_goods(self.state)

    @invariant()
    def market_is_a_permutation(self) -> None:
        check_market(self.state)

    @invariant()
    def buildings_conserved(self) -> None:
        check_buildings(self.state)
        assert self.state.cards == self.cards_copy

    @invariant()
    def boards_and_bonus_cards_dealt_once(self) -> None:
        check_boards_and_bonus_cards(self.state)

    @invariant()
    def one_pawn_per_building(self) -> None:
        check_pawns(self.state)

    @invariant()
    def legal_moves_exactly_while_playing(self) -> None:
        check_legal_moves(self.state)

    @invariant()
    def turns_counted_by_pawn_moves(self) -> None:
        # TURN-1: every turn has exactly one pawn move, so turns are bounded by decisions.
        state = self.state
        assert state.turn <= max(0, len(self.moves) - self.players + 1)
        if state.turn == 0:
            assert self.pawn_moves == 0
        else:
            awaiting_pawn = state.stack == (PendingMove(),)
            assert state.turn == self.pawn_moves + (1 if awaiting_pawn else 0)

    @invariant()
    def finished_game_has_an_outcome(self) -> None:
        check_outcome(self.state)

    @invariant()
    def secrets_stay_secret(self) -> None:
        check_secrets(self.state)


class HarbourSoakMachine(HarbourMachine):
    """The same machine at the profile's full size (``make soak``)."""


# ``make test`` plays a sixth of the profile's games (every rule still checked on each
# move); the soak run (``make soak``) plays them all, with the profile's settings.
_PROFILE = settings()
HarbourMachine.TestCase.settings = settings(
    HarbourMachine.TestCase.settings,
    max_examples=max(1, _PROFILE.max_examples // 6),
)
TestHarbourGamesSoak = pytest.mark.soak(HarbourSoakMachine.TestCase)

# The marker sits on the TestCase itself: a wrapper test calling run_state_machine_as_test
# would run the whole machine a second time.
TestHarbourGames = pytest.mark.rules(
    "COMP-1",
    "GOODS-1",
    "GOODS-2",
    "MARKET-1",
    "MARKET-2",
    "INT-3",
    "DISPLAY-1",
    "SETUP-1",
    "SETUP-4",
    "SETUP-6",
    "SETUP-7",
    "TURN-1",
    "TURN-2",
    "TURN-5",
    "TURN-6",
    "TOLL-1",
    "INT-17",
    "BUY-3",
    "BUY-4",
    "BUY-7",
    "BUY-8",
    "END-1",
    "END-2",
    "END-3",
    "END-4",
    "END-5",
    "INT-1",
    "INT-2",
    "CHAR-2",
    "ABIL-5",
    "ABIL-6",
    "ABIL-7",
    "ABIL-8",
    "ABIL-9",
    "ABIL-11",
    "INT-28",
    "INT-33",
    "INT-34",
    "BONUS-1",
    "BONUS-2",
    "BONUS-3",
    "INT-27",
    "INLAND-1",
    "INLAND-2",
    "INLAND-3",
    "STATE-2",
    "STATE-4",
)(HarbourMachine.TestCase)


# --------------------------------------------------------------------------- can_apply


@pytest.mark.rules("TURN-6")
@given(
    state=kit.states(cards=ORIGINAL_SET, max_decisions=0),
    walk_seed=st.integers(0, 2**64 - 1),
    stops=st.lists(st.integers(0, 700), min_size=1, max_size=6, unique=True),
    extra=st.lists(ARBITRARY_MOVES, max_size=15),
)
def test_can_apply_is_membership_in_legal_moves(
    state: GameState, walk_seed: int, stops: list[int], extra: list[Move]
) -> None:
    walk = SplitMix64(walk_seed)
    played = 0
    for stop in sorted(stops):
        while played < stop and not harbour.is_over(state):
            state = harbour.apply_move_unchecked(state, walk.choice(harbour.legal_moves(state)))
            played += 1
        legal = set(harbour.legal_moves(state))
        candidates = [*candidate_moves(state), *extra]
        assert legal <= set(candidates)
        for move in candidates:
            assert harbour.can_apply(state, move) == (move in legal), (move, state.pending)
