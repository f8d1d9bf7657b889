"""metrodice's market expectations, restated as our own scenarios (issue 20, deliverable 6).

Each test restates one row of the checklist ``docs/machikoro/metrodice.md``: the rules
expectation of one test of ``test/test_markets.py`` in apocalyptech/metrodice at commit
282cde1e7c486de568013271d12af75919506a58. That repository has no licence, so nothing of it
is copied here; the positions and numbers are ours, the expected values come from our rules.

metrodice builds a market from a list of cards of its choosing. Our market always holds
every card of the game that is in no city (MK-STATE-2), so a small market is made by
putting every other card in the last player's city; a major nobody is to see is owned by
every player (in the Harbor's market its other copies have left the game, MKH-MARKET-8; in
the base game four players own the four copies). metrodice's ``MarketBase``
is the base game's marketplace (every card face up, MK-SETUP-2); its ``MarketHarbor`` is
the Harbor's, which we restate at the rulebook's 10 piles where metrodice shrinks it to 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import pytest

import machikoro
from machikoro import BuildEstablishment, BuildNothing, Draw, RulesOptions
from machikoro.events import CardDrawn, DeckRanOut
from machikoro.state import GameState, PendingBuild, PendingDraw, PendingEndTurn, PendingRoll
from machikoro.tables import tables_for
from tests.support.machikoro import E, events_of, play, refused

#: The base game alone: its own marketplace shows every supply card (MK-SETUP-2).
BASE = RulesOptions(expansion=False)
#: The Harbor expansion and its marketplace (the default).
HARBOR = RulesOptions()

#: Eight single-card piles of different kinds that the Harbor rows do not name (no Bakery,
#: no Wheat Field, no Ranch, no major).
FILLERS = {
    k: 1
    for k in (
        E.CAFE, E.CONVENIENCE_STORE, E.FLOWER_ORCHARD, E.FOREST, E.MINE, E.APPLE_ORCHARD,
        E.CHEESE_FACTORY, E.FURNITURE_FACTORY,
    )
}  # fmt: skip
#: A ninth filler.
NINTH = E.FRUIT_AND_VEGETABLE_MARKET


def supply(
    market: Mapping[E, int] | None,
    deck: Mapping[E, int] | None = None,
    *,
    options: RulesOptions = HARBOR,
    players: int = 2,
    coins: int = 5,
    setup: bool = False,
) -> GameState:
    """Player 1 (a Wheat Field and a Bakery, ``coins``) at the construction phase of a 5.

    The cards of the game that are neither in ``market`` nor in ``deck`` are in cities:
    regular ones in the last player's, majors one per opponent. A major in neither is owned
    by every player. Without ``market`` (the base marketplace) the position builder shows
    every card left, which must be what ``deck`` names as the supply. ``setup``: the position
    is instead the Harbor market's filling before the first roll.
    """
    t = tables_for(options, players)
    free = {k: (deck or {}).get(k, 0) + (market or {}).get(k, 0) for k in E}
    cities: list[dict[E, int]] = [{E.WHEAT_FIELD: 1, E.BAKERY: 1}]
    cities += [{} for _ in range(players - 1)]
    for kind in E:
        if not t.in_play[kind]:
            continue
        owned = sum(c.get(kind, 0) for c in cities)
        if t.major[kind] and not free[kind]:
            for c in cities:
                c[kind] = 1
        elif t.major[kind]:
            rest = t.box[kind] - free[kind]
            assert 0 <= rest < players
            for seat in range(1, rest + 1):
                cities[seat][kind] = 1
        else:
            left = t.box[kind] + players * t.starting[kind] - owned - free[kind]
            cities[-1][kind] = cities[-1].get(kind, 0) + left
    stack = (PendingRoll(False), PendingDraw()) if setup else (PendingBuild(),)
    return machikoro.position(
        coins=[coins] + [3] * (players - 1),
        establishments=cities,
        market=None if market is None else dict(market),
        deck=None if market is None else dict(deck or {}),
        stack=stack,
        rolls=() if setup else ((5,),),
        total=0 if setup else 5,
        options=options,
    )


def base_supply(cards: Mapping[E, int]) -> GameState:
    """The base game's market showing exactly ``cards``: four players, each owning one of
    each major (so every copy of a major is in a city) and the rest in Player 4's city."""
    return supply(None, cards, options=BASE, players=4)


def shown(state: GameState) -> dict[E, int]:
    """The market's piles, listed by establishment number: kind and cards."""
    return {E(k): n for k, n in enumerate(state.market) if n}


def buildable(state: GameState) -> set[E]:
    """The establishments Player 1 may build now."""
    return {
        m.establishment for m in machikoro.legal_moves(state) if isinstance(m, BuildEstablishment)
    }


# --------------------------------------------------------------------------- MarketBaseTests


@pytest.mark.rules("MK-SETUP-2", "MKH-MARKET-3")
def test_md143_one_card_of_the_supply_is_one_pile() -> None:
    """MD-143, test/test_markets.py::MarketBaseTests::test_add_to_available_no_previous.

    Base game: the only supply card in no city is a Wheat Field; the market is one pile of 1.
    """
    assert shown(base_supply({E.WHEAT_FIELD: 1})) == {E.WHEAT_FIELD: 1}


@pytest.mark.rules("MK-SETUP-2", "MKH-MARKET-3")
def test_md144_two_cards_of_one_kind_are_one_pile_of_two() -> None:
    """MD-144, test/test_markets.py::MarketBaseTests::test_add_to_available_one_previous."""
    assert shown(base_supply({E.WHEAT_FIELD: 2})) == {E.WHEAT_FIELD: 2}


@pytest.mark.rules("MK-SETUP-2", "MKH-MARKET-2")
def test_md145_two_kinds_are_two_piles_listed_by_number() -> None:
    """MD-145, test/test_markets.py::MarketBaseTests::test_add_two_different_cards.

    A Wheat Field and a Bakery: two piles of 1, the Wheat Field (1) listed before the
    Bakery (2-3).
    """
    state = base_supply({E.BAKERY: 1, E.WHEAT_FIELD: 1})
    assert list(shown(state).items()) == [(E.WHEAT_FIELD, 1), (E.BAKERY, 1)]


@pytest.mark.rules("MK-SETUP-2", "MK-BUILD-1")
def test_md146_no_supply_card_left_is_an_empty_market() -> None:
    """MD-146, test/test_markets.py::MarketBaseTests::test_populate_initial_with_empty_passed_in_deck.

    Every card is in a city: nothing shows and no establishment can be built.
    """
    state = base_supply({})
    assert shown(state) == {} and buildable(state) == set()
    assert BuildNothing() in machikoro.legal_moves(state)


@pytest.mark.rules("MK-SETUP-2", "MK-BUILD-1")
def test_md147_a_one_card_supply_can_be_built_from() -> None:
    """MD-147, test/test_markets.py::MarketBaseTests::test_populate_initial_with_passed_in_deck."""
    state = base_supply({E.WHEAT_FIELD: 1})
    assert shown(state) == {E.WHEAT_FIELD: 1} and buildable(state) == {E.WHEAT_FIELD}


@pytest.mark.rules("MK-SETUP-2", "MK-BUILD-1")
def test_md148_a_two_kind_supply_shows_both() -> None:
    """MD-148, test/test_markets.py::MarketBaseTests::test_populate_initial_with_passed_in_deck_two_different."""
    state = base_supply({E.WHEAT_FIELD: 1, E.BAKERY: 1})
    assert shown(state) == {E.WHEAT_FIELD: 1, E.BAKERY: 1}
    assert buildable(state) == {E.WHEAT_FIELD, E.BAKERY}


@pytest.mark.rules("MK-SETUP-2", "MK-COMP-2")
def test_md150_a_new_base_game_shows_its_whole_card_set() -> None:
    """MD-150, test/test_markets.py::MarketBaseTests::test_populate_initial_with_passed_in_expansion.

    metrodice fills the market from a one-card set; our card set is the edition's box, so a
    new base game shows every supply card: 6 Wheat Fields in one pile, 4 Stadiums, and no
    card of the Harbor.
    """
    state = machikoro.new_game(2, seed=150, options=BASE)
    assert state.market == tables_for(BASE, 2).box and not any(state.deck)
    assert state.market[E.WHEAT_FIELD] == 6 and state.market[E.STADIUM] == 4
    assert state.market[E.SUSHI_BAR] == 0


@pytest.mark.rules("MK-BUILD-1")
def test_md151_a_kind_not_in_the_market_cannot_be_built() -> None:
    """MD-151, test/test_markets.py::MarketBaseTests::test_take_card_not_in_deck."""
    state = base_supply({E.WHEAT_FIELD: 1})
    assert refused(state, BuildEstablishment(E.BAKERY)) == "MK-BUILD-1"


@pytest.mark.rules("MK-SETUP-2", "MK-BUILD-1")
def test_md152_the_last_card_bought_leaves_an_empty_market() -> None:
    """MD-152, test/test_markets.py::MarketBaseTests::test_take_last_card_in_market.

    The base market is never refilled: the turn passes with nothing drawn.
    """
    state = base_supply({E.WHEAT_FIELD: 1})
    after = play(state, BuildEstablishment(E.WHEAT_FIELD))
    assert after.player(0).count(E.WHEAT_FIELD) == 2
    assert shown(after) == {} and after.current == 1 and after.stack == (PendingRoll(False),)


@pytest.mark.rules("MK-BUILD-1")
def test_md153_buying_one_of_two_leaves_one() -> None:
    """MD-153, test/test_markets.py::MarketBaseTests::test_take_card_from_market."""
    after = play(base_supply({E.WHEAT_FIELD: 2}), BuildEstablishment(E.WHEAT_FIELD))
    assert shown(after) == {E.WHEAT_FIELD: 1}


@pytest.mark.rules("MK-BUILD-1")
def test_md154_buying_the_wheat_field_leaves_the_bakery() -> None:
    """MD-154, test/test_markets.py::MarketBaseTests::test_take_card_from_market_2."""
    state = base_supply({E.WHEAT_FIELD: 1, E.BAKERY: 1})
    assert shown(play(state, BuildEstablishment(E.WHEAT_FIELD))) == {E.BAKERY: 1}


# --------------------------------------------------------------------------- MarketHarborTests


@pytest.mark.rules("MKH-MARKET-1", "MKH-MARKET-4", "MK-CHANCE-4")
def test_md156_a_new_game_shows_exactly_10_different_establishments() -> None:
    """MD-156, test/test_markets.py::MarketHarborTests::test_market_initial_population_expansion.

    With the Harbor's cards, and with the base game's cards alone (as metrodice).
    """
    base_cards = RulesOptions(expansion=False, market="harbor")
    for seed in (156, 157, 158):
        for options in (HARBOR, base_cards):
            state = machikoro.new_game(2, seed=seed, options=options)
            assert len(shown(state)) == 10, (seed, options)


@pytest.mark.rules("MKH-MARKET-4", "MK-CHANCE-3")
def test_md157_eleven_different_cards_fill_10_piles_and_leave_1() -> None:
    """MD-157, test/test_markets.py::MarketHarborTests::test_market_initial_population_deck.

    The market is filled before the first roll from a deck of 11 single cards of different
    kinds (three of them majors, so four players, the other copies theirs): each card drawn
    starts a pile, and after the 10th drawing stops; the 11th, a Mine, stays in the deck.
    """
    eleven = [E.WHEAT_FIELD, E.RANCH, E.BAKERY, E.CAFE, E.CONVENIENCE_STORE, E.FOREST,
              E.STADIUM, E.TV_STATION, E.BUSINESS_CENTER, E.CHEESE_FACTORY, E.MINE]  # fmt: skip
    state = supply({}, {k: 1 for k in eleven}, players=4, setup=True)
    outcomes = dict(machikoro.chance_outcomes(state))
    assert outcomes == {Draw(k): Fraction(1, 11) for k in eleven}
    for kind in eleven[:10]:
        state, events = events_of(state, Draw(kind))
        assert events[0] == CardDrawn(kind, "new-pile", "MKH-MARKET-4")
    assert shown(state) == {k: 1 for k in eleven[:10]}
    assert {E(k): n for k, n in enumerate(state.deck) if n} == {E.MINE: 1}
    assert state.stack == (PendingRoll(False),)  # the game begins


@pytest.mark.rules("MKH-MARKET-7")
def test_md159_an_empty_deck_gives_an_empty_market() -> None:
    """MD-159, test/test_markets.py::MarketHarborTests::test_market_initial_population_no_cards.

    Nothing to draw: nothing shows, nothing can be built, and no card is drawn.
    """
    state = supply({}, {})
    assert shown(state) == {} and buildable(state) == set()
    after = play(state, BuildNothing())
    assert after.current == 1 and after.stack == (PendingRoll(False),)


@pytest.mark.rules("MKH-MARKET-7")
def test_md160_a_pile_bought_out_with_an_empty_deck_is_not_replaced() -> None:
    """MD-160, test/test_markets.py::MarketHarborTests::test_take_last_of_pile_when_deck_exhausted.

    10 piles (Wheat Field, Ranch and 8 others), deck empty: after the Wheat Field is bought,
    9 piles show and the turn passes.
    """
    market = {E.WHEAT_FIELD: 1, E.RANCH: 1, **FILLERS}
    after = play(supply(market, {}), BuildEstablishment(E.WHEAT_FIELD))
    assert shown(after) == {E.RANCH: 1, **FILLERS}
    assert after.current == 1 and after.stack == (PendingRoll(False),)


@pytest.mark.rules("MKH-MARKET-5", "MKH-MARKET-6")
def test_md161_a_pile_bought_out_is_replaced_from_the_deck() -> None:
    """MD-161, test/test_markets.py::MarketHarborTests::test_market_replace_with_new_pile.

    10 single-card piles; the deck holds one Bakery, an 11th kind. Buying the Wheat Field
    draws it at once: 10 piles again, the deck empty.
    """
    market = {E.WHEAT_FIELD: 1, NINTH: 1, **FILLERS}
    after = play(supply(market, {E.BAKERY: 1}), BuildEstablishment(E.WHEAT_FIELD))
    assert after.stack == (PendingEndTurn(False), PendingDraw())
    assert machikoro.legal_moves(after) == (Draw(E.BAKERY),)
    done = play(after, Draw(E.BAKERY))
    assert shown(done) == {NINTH: 1, E.BAKERY: 1, **FILLERS} and not any(done.deck)
    assert done.current == 1


@pytest.mark.rules("MKH-MARKET-3", "MKH-MARKET-6")
def test_md163_a_duplicate_drawn_stacks_and_drawing_goes_on() -> None:
    """MD-163, test/test_markets.py::MarketHarborTests::test_take_last_of_pile_can_add_more_to_other_pile.

    Wheat Field, Ranch and 8 others; the deck gives a Ranch, then a Bakery. The Ranch joins
    its pile (still 9 kinds), so another card is drawn: the Bakery makes 10.
    """
    market = {E.WHEAT_FIELD: 1, E.RANCH: 1, **FILLERS}
    state = play(supply(market, {E.RANCH: 1, E.BAKERY: 1}), BuildEstablishment(E.WHEAT_FIELD))
    state, events = events_of(state, Draw(E.RANCH))
    assert events == [CardDrawn(E.RANCH, "stacked", "MKH-MARKET-3")]
    assert state.stack[-1] == PendingDraw()
    done = play(state, Draw(E.BAKERY))
    assert shown(done) == {E.RANCH: 2, E.BAKERY: 1, **FILLERS} and not any(done.deck)
    assert done.current == 1


@pytest.mark.rules("MKH-MARKET-3", "MKH-MARKET-6", "MKH-MARKET-7")
def test_md164_a_duplicate_drawn_last_leaves_9_piles() -> None:
    """MD-164, test/test_markets.py::MarketHarborTests::test_take_last_of_pile_can_add_more_to_other_pile_and_leave_pile_empty."""
    market = {E.WHEAT_FIELD: 1, E.RANCH: 1, **FILLERS}
    state = play(supply(market, {E.RANCH: 1}), BuildEstablishment(E.WHEAT_FIELD))
    done, events = events_of(state, Draw(E.RANCH))
    assert DeckRanOut(9) in events
    assert shown(done) == {E.RANCH: 2, **FILLERS} and not any(done.deck)
    assert done.current == 1


@pytest.mark.rules("MKH-MARKET-4", "MKH-MARKET-6")
def test_md165_drawing_stops_at_10_piles() -> None:
    """MD-165, test/test_markets.py::MarketHarborTests::test_take_last_of_pile_might_not_add_more_to_other_pile.

    As MD-163, but the Bakery comes first: it makes 10, so the Ranch stays in the deck.
    """
    market = {E.WHEAT_FIELD: 1, E.RANCH: 1, **FILLERS}
    state = play(supply(market, {E.RANCH: 1, E.BAKERY: 1}), BuildEstablishment(E.WHEAT_FIELD))
    done = play(state, Draw(E.BAKERY))
    assert shown(done) == {E.RANCH: 1, E.BAKERY: 1, **FILLERS}
    assert {E(k): n for k, n in enumerate(done.deck) if n} == {E.RANCH: 1}
    assert done.current == 1 and done.stack == (PendingRoll(False),)


@pytest.mark.rules("MK-BUILD-1")
def test_md166_a_kind_the_market_does_not_show_cannot_be_built() -> None:
    """MD-166, test/test_markets.py::MarketHarborTests::test_take_card_not_in_market.

    The market shows only a Wheat Field (deck empty); buying a Bakery is refused.
    """
    state = supply({E.WHEAT_FIELD: 1}, {})
    assert refused(state, BuildEstablishment(E.BAKERY)) == "MK-BUILD-1"
    assert buildable(state) == {E.WHEAT_FIELD}
