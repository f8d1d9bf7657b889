"""Components, players and the start of a game."""

from __future__ import annotations

import pytest

import machikoro
from machikoro import Establishment, Landmark, RulesOptions
from machikoro.cards.catalogue import card_set
from machikoro.tables import tables_for
from tests.support.machikoro import ALL_PILES, E, L


@pytest.mark.rules("MK-COMP-1", "MK-COMP-2")
def test_the_base_box_holds_108_cards_in_its_kinds() -> None:
    cards = card_set(expansion=False)
    establishments = cards.in_play_establishments()
    assert len(establishments) == 15 and len(cards.in_play_landmarks()) == 4
    majors = [c for c in establishments if c.major]
    assert len(majors) == 3
    assert sum(c.copies for c in majors) == 12  # Major Establishments (12)
    assert sum(c.copies for c in establishments if not c.major) == 72  # Establishments (72)
    assert sum(c.starting for c in establishments) * 4 == 8  # Starting Establishments (8)
    assert len(cards.in_play_landmarks()) * 4 == 16  # Starting Landmarks (16)
    assert 12 + 72 + 8 + 16 == 108


@pytest.mark.rules("MKH-COMP-1")
def test_the_harbor_box_adds_58_supply_cards_and_the_fifth_players_cards() -> None:
    cards = card_set()
    harbor = [c for c in cards.establishments if c.edition.value == "harbor"]
    assert len(harbor) == 10
    assert sum(c.copies for c in harbor) == 58  # Supply Cards (58)
    assert sum(c.copies for c in harbor if c.major) == 10
    # Base-game cards for a 5th player: the 5th copy of each of the 3 base majors.
    assert sum(c.fifth_player_copies for c in cards.establishments) == 3
    harbor_landmarks = [c for c in cards.landmarks if c.edition.value == "harbor"]
    assert {c.number for c in harbor_landmarks} == {L.CITY_HALL, L.HARBOR, L.AIRPORT}


@pytest.mark.rules("MK-PLAYERS-1", "MKH-PLAYERS-1", "MK-INPUT-3")
def test_two_to_four_players_in_the_base_game_and_five_with_the_expansion() -> None:
    base = RulesOptions(expansion=False)
    for n in (2, 3, 4):
        assert machikoro.new_game(n, seed=1, options=base).players == n
    for n in (2, 3, 4, 5):
        assert machikoro.new_game(n, seed=1).players == n
    for bad, options in ((5, base), (1, None), (6, None), (True, None), (2.0, None)):
        with pytest.raises(machikoro.InvalidValueError):
            machikoro.new_game(bad, seed=1, options=options)  # type: ignore[arg-type]
    for seed in (-1, 1 << 64, 1.5, "7"):
        with pytest.raises(machikoro.InvalidValueError):
            machikoro.new_game(2, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(machikoro.InvalidValueError):
        machikoro.new_game(2, options={"expansion": False})  # type: ignore[arg-type]


@pytest.mark.rules("MK-SETUP-1", "MKH-CITYHALL-1", "MKH-LANDMARK-1")
def test_each_player_starts_with_3_coins_a_wheat_field_a_bakery_and_city_hall() -> None:
    state = machikoro.new_game(3, seed=4)
    for seat in range(3):
        player = state.player(seat)
        assert player.coins == 3
        assert player.count(E.WHEAT_FIELD) == 1 and player.count(E.BAKERY) == 1
        assert sum(player.establishments) == 2
        assert [lm for lm in Landmark if player.has(lm)] == [L.CITY_HALL]
    base = machikoro.new_game(2, seed=4, options=RulesOptions(expansion=False))
    assert not any(any(row) for row in base.landmarks)
    # With the expansion there are 6 landmarks to build; City Hall is not one of them.
    t = tables_for(RulesOptions(), 2)
    assert set(t.to_build) == {L.HARBOR, L.TRAIN_STATION, L.SHOPPING_MALL, L.AMUSEMENT_PARK,
                              L.RADIO_TOWER, L.AIRPORT}  # fmt: skip
    assert len(tables_for(RulesOptions(expansion=False), 2).to_build) == 4


@pytest.mark.rules("MKH-CITYHALL-1", "MK-LANDMARK-1")
def test_city_hall_is_effective_from_the_start() -> None:
    # Player 1 starts with 3 coins; spends them all at once on a first turn to see City Hall.
    state = machikoro.position(coins=[0, 0], options=ALL_PILES)
    state = machikoro.apply_move(state, machikoro.RollDice(1))
    state = machikoro.apply_move(state, machikoro.Dice((5,)))  # nothing activates on 5
    assert state.coins == (1, 0)  # City Hall's coin, before the build


@pytest.mark.rules("MK-SETUP-2", "MKH-MARKET-1")
def test_the_base_marketplace_shows_every_supply_pile() -> None:
    state = machikoro.new_game(4, seed=1, options=RulesOptions(expansion=False))
    t = tables_for(state.options, 4)
    assert state.options.market is machikoro.Market.EDITION and not state.options.harbor_market
    assert state.market == t.box and not any(state.deck)
    assert state.market[E.WHEAT_FIELD] == 6 and state.market[E.STADIUM] == 4
    assert state.market[E.SUSHI_BAR] == 0  # a Harbor card, not in the base game
    # With the expansion the base marketplace is a variant: every pile of both boxes.
    variant = machikoro.new_game(2, seed=1, options=ALL_PILES)
    assert variant.market[E.SUSHI_BAR] == 6 and variant.market[E.PUBLISHER] == 5


@pytest.mark.rules("MK-SETUP-3", "MK-TURN-1")
def test_player_1_begins_and_play_goes_clockwise() -> None:
    state = machikoro.new_game(3, seed=2)
    assert state.current == 0 and state.turn == 1
    assert machikoro.legal_moves(state) == (machikoro.RollDice(1),)
    seen = []
    for _ in range(3):
        seen.append(state.current)
        state = machikoro.apply_move(state, machikoro.RollDice(1))
        state = machikoro.apply_move(state, machikoro.Dice((5,)))
        state = machikoro.apply_move(state, machikoro.BuildNothing())
    assert seen == [0, 1, 2] and state.current == 0 and state.turn == 4


@pytest.mark.rules("MKH-MARKET-1", "MKH-MARKET-2", "MKH-MARKET-4", "MK-CHANCE-4")
def test_a_new_game_draws_the_harbor_market_with_its_seed() -> None:
    state = machikoro.new_game(2, seed=11)
    t = tables_for(state.options, 2)
    shown = [k for k in Establishment if state.market[k]]
    assert len(shown) == 10  # 10 unique establishments
    # Every supply card of both boxes is in the deck or the market (MKH-MARKET-1).
    assert tuple(d + m for d, m in zip(state.deck, state.market, strict=True)) == t.box
    assert machikoro.new_game(2, seed=11) == state  # the same seed, the same market
    assert any(machikoro.new_game(2, seed=s).market != state.market for s in range(12, 20))
    # The market is listed by establishment number, which follows the die roll (003:59).
    rolls = [min(t.cards.establishment(k).activation) for k in shown]
    assert rolls == sorted(rolls)


@pytest.mark.rules("MK-CHANCE-4")
def test_without_a_seed_the_operating_system_draws_one() -> None:
    seeds = {machikoro.new_game(2).seed for _ in range(4)}
    assert len(seeds) > 1 and all(0 <= s < 1 << 64 for s in seeds)


@pytest.mark.rules("MKH-BASE-1")
def test_the_expansion_switch_selects_the_cards_landmarks_and_market() -> None:
    base = RulesOptions(expansion=False)
    assert base.market is machikoro.Market.EDITION and not base.harbor_market
    assert RulesOptions().harbor_market and RulesOptions().expansion
    assert not RulesOptions(market="all-piles").harbor_market
    # The base game with the Harbor's market rule is a variant of its own.
    variant = machikoro.new_game(2, seed=3, options=RulesOptions(expansion=False, market="harbor"))
    assert sum(1 for n in variant.market if n) == 10
    assert variant.market[E.SUSHI_BAR] == variant.deck[E.SUSHI_BAR] == 0
