"""The text view (MK-VIEW-1 to MK-VIEW-3): what it shows, for whom, at what width."""

from __future__ import annotations

import pytest

import machikoro
from machikoro import RulesOptions
from machikoro.state import PendingActivate
from machikoro.views.view import WIDTH, headline, render, seen_by
from meeplekit.rng import SplitMix64
from tests.support.machikoro import ALL_PILES, E, L, at_roll, play, roll


@pytest.mark.rules("MK-VIEW-1", "MK-FLOW-1")
def test_the_view_shows_the_decision_the_market_and_every_city() -> None:
    state = machikoro.new_game(3, seed=2014)
    text = render(state)
    lines = text.splitlines()
    assert lines[0] == "Machi Koro, 3 players, turn 1: Player 1 is rolling the dice"
    assert "Dice (Player 1's turn): none rolled yet" in lines
    deck = sum(state.deck)
    assert f"Market (Harbor marketplace, 10 piles); deck: {deck} cards" in lines
    for number, count in enumerate(state.market):
        if count:
            card = machikoro.cards.catalogue.card_set().establishment(number)
            (row,) = [li for li in lines if li.startswith("  roll ") and f" {card.name} " in li]
            assert row.split()[-1] == f"x{count}" and f"cost {card.cost}" in row
            assert card.colour.value in row
    for seat in range(3):
        assert f"Player {seat + 1}{' *' if seat == 0 else ''}: 3 coins, 0 of 6 landmarks" in lines
    assert lines.count("  establishments: Wheat Field x1 (roll 1), Bakery x1 (roll 2-3)") == 3
    assert lines.count("  landmarks built: City Hall") == 3
    assert "Airport (cost 30)" in text and text.endswith("\n")
    assert str(state) == text


@pytest.mark.rules("MK-VIEW-1", "MK-CHANCE-1", "MK-LANDMARK-6", "MKH-HARBOR-1")
def test_the_view_shows_chance_the_rolls_and_the_harbor_s_total() -> None:
    state = at_roll(
        coins=[2, 0],
        cities=[{E.WHEAT_FIELD: 1}, {}],
        landmarks=[[L.HARBOR, L.TRAIN_STATION, L.RADIO_TOWER], []],
    )
    rolled = play(state, machikoro.RollDice(2))
    assert headline(seen_by(rolled)) == (
        "Machi Koro, 2 players, turn 1: chance is rolling 2 dice (Player 1's turn)"
    )
    first = play(rolled, machikoro.Dice((2, 3)))
    assert "Dice (Player 1's turn): 2 and 3 (5)" in render(first)
    again = play(first, machikoro.RollDice(2), machikoro.Dice((5, 6)))
    assert "Dice (Player 1's turn): 2 and 3 (5), then 5 and 6 (11)" in render(again)
    added = play(again, machikoro.AddTwo(True))
    assert "then 5 and 6 (11), total 13 with the Harbor" in render(added)
    assert headline(seen_by(added)) == (
        "Machi Koro, 2 players, turn 1: Player 1 is building with 2 coins"
    )


@pytest.mark.rules("MK-VIEW-1", "MK-INT-9")
def test_the_view_names_the_major_establishments_to_choose_from() -> None:
    options = RulesOptions(market="all-piles", purple_order="owner-chooses")
    cities = [{E.STADIUM: 1, E.BUSINESS_CENTER: 1}, {}, {}]
    state = roll(at_roll(coins=[0, 0, 0], cities=cities, options=options), 6)
    assert isinstance(state.pending, PendingActivate)
    text = render(state)
    assert " ".join(text.split("\nDice")[0].split()) == (  # the headline, wrapped at 80
        "Machi Koro, 3 players, turn 1: Player 1 is choosing which major establishment to "
        "resolve next: Stadium or Business Center"
    )


@pytest.mark.rules("MK-VIEW-1", "MK-WIN-1", "MK-TURN-2", "MK-SETUP-2")
def test_the_end_an_extra_turn_and_the_base_market() -> None:
    state = at_roll(coins=[0, 0], landmarks=[list(L)[1:6], []], options=ALL_PILES)
    extra = machikoro.position(
        coins=[0, 0], extra_turn=True, turn=3, options=ALL_PILES, establishments=None
    )
    assert "turn 3 (an extra turn): Player 1" in render(extra).splitlines()[0]
    base = machikoro.new_game(4, seed=1, options=RulesOptions(expansion=False))
    text = render(base)
    assert "Market (every pile face up, 15 piles); deck: 0 cards" in text
    assert "City Hall" not in text and "0 of 4 landmarks" in text
    built = play(state, machikoro.RollDice(1), machikoro.Dice((1,)))
    assert "Player 1 *" in render(built)
    over = machikoro.position(coins=[40, 0], landmarks=[list(L), []], options=ALL_PILES, stack=())
    first = render(over).splitlines()[0]
    assert first == "Machi Koro, 2 players, the game is over after 1 turns: Player 1 won"
    assert "*" not in render(over)


@pytest.mark.rules("MK-VIEW-2")
def test_a_viewer_is_marked_and_sees_the_whole_table() -> None:
    state = machikoro.new_game(3, seed=5)
    assert "(you)" not in render(state)
    for seat in range(3):
        text = render(state, seat)
        assert text.count("(you)") == 1 and f"Player {seat + 1} (you)" in text
        assert render(machikoro.observe(state, seat)) == text
        assert text.replace(" (you)", "") == render(state)
    for bad in (3, -1, True, "1"):
        with pytest.raises(machikoro.InvalidValueError):
            render(state, bad)  # type: ignore[arg-type]


@pytest.mark.rules("MK-VIEW-1", "MK-VIEW-3")
@pytest.mark.parametrize("players", [2, 5])
def test_no_line_is_longer_than_80_characters(players: int) -> None:
    state = machikoro.new_game(players, seed=11)
    rng = SplitMix64(4)
    while not machikoro.is_over(state):
        if machikoro.current_player(state) == machikoro.CHANCE:
            move = machikoro.sample_chance(state, rng)
        else:
            move = rng.choice(machikoro.legal_moves(state))
        state = machikoro.apply_move(state, move)
        assert max(len(line) for line in render(state).splitlines()) <= WIDTH == 80


@pytest.mark.rules("MK-VIEW-3")
@pytest.mark.parametrize("width", [40, 61, 80, 140])
def test_the_view_fits_any_width_with_the_same_words(width: int) -> None:
    state = machikoro.new_game(4, seed=8)
    rng = SplitMix64(8)
    for turn in range(300):
        if machikoro.is_over(state):
            break
        if machikoro.current_player(state) == machikoro.CHANCE:
            state = machikoro.apply_move(state, machikoro.sample_chance(state, rng))
        else:
            state = machikoro.apply_move(state, rng.choice(machikoro.legal_moves(state)))
        if turn % 25 == 0:
            text = render(state, 1, width=width)
            assert max(len(line) for line in text.splitlines()) <= width
            assert text.split() == render(state, 1, width=1000).split()
    assert "\n    " in render(state, width=40)  # something wrapped
    assert str(state) == render(state) == render(state, width=80)


@pytest.mark.rules("MK-VIEW-3")
@pytest.mark.parametrize(
    "width", [39, 0, True, 80.0, "80", None, pytest.param(-(10**5000), id="huge")]
)
def test_a_width_is_a_whole_number_of_at_least_40_columns(width: object) -> None:
    with pytest.raises(machikoro.InvalidValueError, match="a width is a whole number of columns"):
        render(machikoro.new_game(2, seed=1), width=width)  # type: ignore[arg-type]
