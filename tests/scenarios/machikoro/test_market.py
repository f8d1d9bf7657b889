"""The Harbor marketplace: draws, replenishing, the empty deck and the Special Note."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pytest

import machikoro
from machikoro import BuildEstablishment, Draw, RulesOptions
from machikoro.events import CardDrawn, DeckRanOut, MajorsRemoved
from machikoro.state import PendingDraw, PendingEndTurn
from machikoro.tables import tables_for
from tests.support.machikoro import E, events_of, play, refused, roll

HARBOR = RulesOptions()
BASE_HARBOR_MARKET = RulesOptions(expansion=False, market="harbor")

#: Ten piles of one card each (cheap cards, none activated by a 5).
TEN = {k: 1 for k in (E.WHEAT_FIELD, E.RANCH, E.BAKERY, E.CAFE, E.CONVENIENCE_STORE,
                      E.CHEESE_FACTORY, E.FURNITURE_FACTORY, E.MINE, E.APPLE_ORCHARD,
                      E.FRUIT_AND_VEGETABLE_MARKET)}  # fmt: skip


def market_position(
    market: Mapping[E, int],
    deck: Mapping[E, int],
    *,
    coins: tuple[int, int] = (10, 0),
    mine: Mapping[E, int] | None = None,
    both_own: tuple[E, ...] = (),
    options: RulesOptions = BASE_HARBOR_MARKET,
) -> machikoro.GameState:
    """Player 1 at the construction phase (after a 5); Player 2 holds every other card.

    A major in ``both_own``, or in neither the market, the deck nor ``mine``, is owned by
    both players (its other copies left the game, MKH-MARKET-8); the last copy of another
    major goes to Player 2.
    """
    t = tables_for(options, 2)
    first: dict[E, int] = dict(mine or {})
    second: dict[E, int] = {}
    for kind in both_own:
        first[kind] = second[kind] = 1
    for kind in E:
        if t.major[kind] or not t.in_play[kind]:
            continue
        total = t.box[kind] + 2 * t.starting[kind]
        second[kind] = total - market.get(kind, 0) - deck.get(kind, 0) - first.get(kind, 0)
    for number in t.majors:
        kind = E(number)
        placed = market.get(kind, 0) + deck.get(kind, 0) + first.get(kind, 0)
        if kind in both_own or not placed:
            first[kind] = second[kind] = 1
        else:
            second[kind] = t.box[kind] - placed
    state = machikoro.position(
        coins=list(coins), establishments=[first, second], market=dict(market), deck=dict(deck),
        options=options,
    )  # fmt: skip
    return roll(state, 5)


@pytest.mark.rules("MKH-MARKET-3", "MKH-MARKET-5", "MKH-MARKET-6", "MK-CHANCE-3")
def test_a_bought_out_pile_is_replenished_at_once_by_chance() -> None:
    deck = {E.WHEAT_FIELD: 2, E.FOREST: 1, E.FAMILY_RESTAURANT: 1}
    state = market_position(TEN, deck)
    after = play(state, BuildEstablishment(E.CAFE))
    assert after.market[E.CAFE] == 0
    assert after.stack == (PendingEndTurn(False), PendingDraw())
    assert machikoro.current_player(after) == machikoro.CHANCE
    outcomes = dict(machikoro.chance_outcomes(after))
    assert outcomes == {
        Draw(E.WHEAT_FIELD): Fraction(2, 4), Draw(E.FOREST): Fraction(1, 4),
        Draw(E.FAMILY_RESTAURANT): Fraction(1, 4),
    }  # fmt: skip
    assert refused(after, Draw(E.MINE)) == "MK-CHANCE-3"
    # A duplicate joins its pile and another card is drawn (MKH-MARKET-3, MKH-MARKET-6).
    stacked, events = events_of(after, Draw(E.WHEAT_FIELD))
    assert stacked.market[E.WHEAT_FIELD] == 2 and stacked.stack[-1] == PendingDraw()
    assert events == [CardDrawn(E.WHEAT_FIELD, "stacked", "MKH-MARKET-3")]
    # A new kind completes the 10 piles: the turn ends and the next player rolls.
    done, events = events_of(stacked, Draw(E.FOREST))
    assert events[0] == CardDrawn(E.FOREST, "new-pile", "MKH-MARKET-4")
    assert sum(1 for n in done.market if n) == 10 and done.current == 1
    assert done.deck[E.WHEAT_FIELD] == 1 and done.deck[E.FAMILY_RESTAURANT] == 1


@pytest.mark.rules("MKH-MARKET-7")
def test_once_the_deck_is_empty_the_market_is_not_refilled() -> None:
    state = market_position({**TEN, E.WHEAT_FIELD: 2}, {E.WHEAT_FIELD: 1})
    after = play(state, BuildEstablishment(E.CAFE))
    done, events = events_of(after, Draw(E.WHEAT_FIELD))
    assert DeckRanOut(9) in events and not any(done.deck)
    assert sum(1 for n in done.market if n) == 9 and done.current == 1
    assert machikoro.validate(done) == ()
    # With nothing left to draw, buying out another pile draws nothing.
    empty = market_position(TEN, {})
    assert play(empty, BuildEstablishment(E.CAFE)).current == 1


@pytest.mark.rules("MKH-MARKET-8", "MK-INT-11")
def test_a_major_every_player_owns_leaves_the_market() -> None:
    market = {**TEN, E.STADIUM: 2}
    del market[E.APPLE_ORCHARD]
    mine = market_position(market, {E.FOREST: 1, E.STADIUM: 1})
    assert mine.establishments[1][E.STADIUM] == 1  # the 4th Stadium is Player 2's
    after, events = events_of(mine, BuildEstablishment(E.STADIUM))
    assert MajorsRemoved(E.STADIUM, 1) in events
    assert after.market[E.STADIUM] == 0 and after.deck[E.STADIUM] == 1  # gone from the game
    assert after.stack[-1] == PendingDraw()  # replenished to 10 different establishments


@pytest.mark.rules("MKH-MARKET-9")
def test_a_major_nobody_may_buy_is_discarded_when_drawn() -> None:
    market = dict(TEN)
    state = market_position(market, {E.STADIUM: 2, E.FOREST: 1}, both_own=(E.STADIUM,))
    after = play(state, BuildEstablishment(E.CAFE))
    discarded, events = events_of(after, Draw(E.STADIUM))
    assert events == [CardDrawn(E.STADIUM, "discarded", "MKH-MARKET-9")]
    assert discarded.market[E.STADIUM] == 0 and discarded.deck[E.STADIUM] == 1
    assert discarded.stack[-1] == PendingDraw()  # another card is drawn
    assert machikoro.validate(discarded) == ()


@pytest.mark.rules("MK-INT-10", "MK-INT-12", "MKH-PLAYERS-2")
def test_major_copies_under_each_reading() -> None:
    def counts(majors: str, players: int) -> tuple[int, int]:
        t = tables_for(RulesOptions(major_copies=majors), players)
        return t.box[E.STADIUM], t.box[E.PUBLISHER]

    assert [counts("box", n) for n in (2, 3, 4, 5)] == [(4, 5), (4, 5), (4, 5), (5, 5)]
    assert [counts("per-player", n) for n in (2, 3, 4, 5)] == [(2, 2), (3, 3), (4, 4), (5, 5)]
    assert [counts("four-or-five", n) for n in (2, 3, 4, 5)] == [(4, 4), (4, 4), (4, 4), (5, 5)]
    # Regular establishments are always 6, and the base game has no Harbor cards.
    t = tables_for(RulesOptions(expansion=False), 4)
    assert t.box[E.CAFE] == 6 and t.box[E.STADIUM] == 4 and t.box[E.PUBLISHER] == 0
    game = machikoro.new_game(5, seed=8)
    assert game.deck[E.STADIUM] + game.market[E.STADIUM] == 5


@pytest.mark.rules("MK-INT-10")
def test_per_player_majors_run_out_exactly_when_everyone_owns_one() -> None:
    options = RulesOptions(expansion=False, market="harbor", major_copies="per-player")
    market = {**TEN, E.STADIUM: 1}
    del market[E.APPLE_ORCHARD]
    state = market_position(market, {E.FOREST: 1}, options=options)
    assert state.establishments[1][E.STADIUM] == 1
    after, events = events_of(state, BuildEstablishment(E.STADIUM))
    assert after.market[E.STADIUM] == 0 and not any(isinstance(e, MajorsRemoved) for e in events)
