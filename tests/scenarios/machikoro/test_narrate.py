"""Narration (MK-NARR-1): every event told in plain English, the setup and the outcome."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

import machikoro
from machikoro import NoTrade, RulesOptions, events
from machikoro.cards.catalogue import card_set
from machikoro.events import Event
from machikoro.moves import Move
from machikoro.state import GameState
from machikoro.views.narrate import (
    describe_event,
    describe_events,
    describe_market,
    describe_move,
    describe_outcome,
    describe_player,
    describe_setup,
)
from meeplekit.rng import SplitMix64
from tests.support.machikoro import E, L, at_roll, events_of, play, roll
from tests.support.machikoro_sweep import options_for, players_for, seed_for

#: Every kind of event the engine reports.
EVENT_KINDS = frozenset(name for name in events.__all__ if name != "Event")
#: The games of the random sweep narrated here (every kind of event but a declined trade,
#: which a built position gives).
SWEEP_GAMES = range(30)


def steps(index: int) -> Iterator[tuple[GameState, Move, tuple[Event, ...], GameState]]:
    """Every move of sweep game ``index``: the state before, the move, its events, after."""
    state = machikoro.new_game(players_for(index), seed=seed_for(index), options=options_for(index))
    rng = SplitMix64(seed_for(index) ^ 0x9E3779B97F4A7C15)
    while not machikoro.is_over(state):
        if machikoro.current_player(state) == machikoro.CHANCE:
            move = machikoro.sample_chance(state, rng)
        else:
            move = rng.choice(machikoro.legal_moves(state))
        after, found = machikoro.apply_move_with_events(state, move)
        yield state, move, found, after
        state = after


def seats_named(event: Event) -> set[int]:
    """The seats an event is about."""
    fields = ("player", "payer", "opponent", "winner")
    return {getattr(event, f) for f in fields if isinstance(getattr(event, f, None), int)}


def declined_trade() -> tuple[GameState, Move, tuple[Event, ...], GameState]:
    """A Business Center's trade declined (MK-INT-20)."""
    cities = [{E.BUSINESS_CENTER: 1, E.WHEAT_FIELD: 1}, {E.FOREST: 1}]
    state = roll(at_roll(coins=[0, 0], cities=cities), 6)
    after, found = machikoro.apply_move_with_events(state, NoTrade())
    return state, NoTrade(), found, after


@pytest.mark.rules("MK-NARR-1", "MK-EVENT-1")
def test_every_event_of_a_sweep_of_games_is_told() -> None:
    told: set[str] = set()
    cards = card_set()
    moves = [step for index in SWEEP_GAMES for step in steps(index)]
    moves.append(declined_trade())
    for before, move, found, after in moves:
        text = describe_events(before, move, found, after)
        assert text.endswith((".", "!")), (move, found)
        for event in found:
            sentence = describe_event(cards, event)
            told.add(type(event).__name__)
            assert sentence[0].isupper() and sentence.endswith("."), sentence
            assert "{" not in sentence and "None" not in sentence, sentence
            for seat in seats_named(event):
                assert f"Player {seat + 1}" in sentence, sentence
            # Every event's sentence is in the move's narration, but a total its roll says.
            merged = isinstance(event, events.RollSettled)
            assert merged or sentence in text, (sentence, text)
            # Doubles are told only where the roller's Amusement Park rewards them.
            park = before.landmarks[before.current][L.AMUSEMENT_PARK]
            if "Doubles" in text:
                settled = [e for e in found if isinstance(e, events.RollSettled)]
                assert park and settled and settled[0].doubles, text
    assert told == EVENT_KINDS


@pytest.mark.rules("MK-NARR-1", "MK-CARD-5", "MK-CHANCE-2")
def test_a_roll_and_what_it_pays_in_plain_english() -> None:
    state = at_roll(coins=[3, 0], cities=[{}, {E.CAFE: 1}], landmarks=[[L.TRAIN_STATION], []])
    rolled = play(state, machikoro.RollDice(2))
    after, found = machikoro.apply_move_with_events(rolled, machikoro.Dice((1, 2)))
    text = describe_events(rolled, machikoro.Dice((1, 2)), found, after)
    assert text == "Player 1 rolls 1 and 2 (3). Player 2's Cafe takes 1 coin from Player 1."
    assert describe_move(rolled, machikoro.Dice((1, 2)), after) == text
    chosen = describe_move(state, machikoro.RollDice(2), rolled)
    assert chosen == "Player 1 rolls two dice."
    one = at_roll(coins=[3, 0], cities=[{E.WHEAT_FIELD: 1}, {}])
    assert describe_move(one, machikoro.RollDice(1), play(one, machikoro.RollDice(1))) == (
        "Player 1 rolls one die."
    )
    rolled = play(one, machikoro.RollDice(1))
    four = describe_move(rolled, machikoro.Dice((4,)), play(rolled, machikoro.Dice((4,))))
    assert four == "Player 1 rolls a 4."


@pytest.mark.rules("MK-NARR-1", "MK-LANDMARK-5", "MK-INT-6", "MK-INT-7")
@pytest.mark.parametrize(
    ("park", "extra", "options", "told"),
    [
        (True, False, {}, True),
        (False, False, {}, False),  # doubles change nothing without the Park
        (True, True, {}, True),
        (True, True, {"extra_turns": "one"}, False),  # no extra turn from an extra turn
        (False, False, {"amusement_park_built": "same-turn"}, False),  # said at the new turn
    ],
)
def test_doubles_are_told_only_where_they_give_another_turn(
    park: bool, extra: bool, options: dict[str, str], told: bool
) -> None:
    marks = [L.TRAIN_STATION, L.AMUSEMENT_PARK] if park else [L.TRAIN_STATION]
    readings = RulesOptions(market="all-piles", **options)  # type: ignore[arg-type]
    state = at_roll(coins=[0, 0], landmarks=[marks, []], extra_turn=extra, turn=3, options=readings)
    rolled = play(state, machikoro.RollDice(2))
    after, found = machikoro.apply_move_with_events(rolled, machikoro.Dice((3, 3)))
    text = describe_events(rolled, machikoro.Dice((3, 3)), found, after)
    assert text.startswith("Player 1 rolls 3 and 3 (6).")
    doubles = "Doubles: with the Amusement Park, Player 1 takes another turn after this one."
    assert (doubles in text) is told
    assert "Doubles!" not in text and ", doubles" not in text
    last = machikoro.apply_move_with_events(after, machikoro.BuildNothing())
    again = describe_events(after, machikoro.BuildNothing(), last[1], last[0])
    assert ("Player 1 rolled doubles and takes another turn, turn 4" in again) is told
    if not told:
        assert "another turn" not in again
    # A roll without doubles says nothing of them, the Park or not.
    plain = machikoro.apply_move_with_events(rolled, machikoro.Dice((3, 4)))
    assert "oubles" not in describe_events(rolled, machikoro.Dice((3, 4)), plain[1], plain[0])


@pytest.mark.rules("MK-NARR-1", "MK-ORDER-2", "MK-ACT-1")
def test_a_payment_short_of_what_is_owed_and_copies_acting_together() -> None:
    state = at_roll(coins=[1, 0], cities=[{}, {E.CAFE: 2}])
    _, found = events_of(state, machikoro.RollDice(1), machikoro.Dice((3,)))
    cards = card_set()
    told = [describe_event(cards, e) for e in found]
    assert "Player 2's Cafe (x2) takes 1 coin from Player 1, all they have (2 owed)." in told


@pytest.mark.rules("MK-NARR-1", "MKH-HARBOR-1")
def test_the_harbor_s_two_and_the_total_it_makes() -> None:
    state = at_roll(coins=[0, 0], landmarks=[[L.HARBOR, L.TRAIN_STATION], []])
    rolled = play(state, machikoro.RollDice(2), machikoro.Dice((5, 5)))
    after, found = machikoro.apply_move_with_events(rolled, machikoro.AddTwo(True))
    text = describe_events(rolled, machikoro.AddTwo(True), found, after)
    assert text.startswith("Player 1 adds 2 to the roll with the Harbor. Player 1's total is 12")


@pytest.mark.rules("MK-NARR-1", "MKH-MARKET-3", "MKH-MARKET-4", "MK-TURN-1")
def test_the_market_drawn_and_the_turn_passing_on() -> None:
    told: list[str] = []
    drawn = False
    for before, move, found, after in steps_of(machikoro.new_game(2, seed=1), seed=3):
        told.append(describe_events(before, move, found, after))
        drawn = drawn or any(isinstance(e, events.CardDrawn) for e in found)
        if after.turn > before.turn:
            if drawn:
                break
            told, drawn = [], False
    text = " ".join(told)
    assert re.search(
        r"The market draws an? [A-Z][\w ]+(: a new pile|, which joins its pile)\.", text
    )
    mover, turn = before.current + 1, before.turn
    ending = f"Player {mover}'s turn ends (turn {turn}). Player {3 - mover} plays turn {turn + 1}."
    assert text.endswith(ending), text


def steps_of(
    state: GameState, seed: int
) -> Iterator[tuple[GameState, Move, tuple[Event, ...], GameState]]:
    rng = SplitMix64(seed)
    while not machikoro.is_over(state):
        if machikoro.current_player(state) == machikoro.CHANCE:
            move = machikoro.sample_chance(state, rng)
        else:
            listed = machikoro.legal_moves(state)
            builds = [m for m in listed if isinstance(m, machikoro.BuildEstablishment)]
            move = builds[0] if builds else listed[0]
        after, found = machikoro.apply_move_with_events(state, move)
        yield state, move, found, after
        state = after


@pytest.mark.rules("MK-NARR-1", "MK-SETUP-1", "MKH-CITYHALL-1", "MKH-MARKET-4")
def test_the_setup_names_the_readings_cities_landmarks_and_market() -> None:
    state = machikoro.new_game(3, seed=2014)
    text = describe_setup(state)
    lines = text.splitlines()
    assert lines[0] == "Machi Koro with the Harbor expansion for 3 players, seed 2014."
    assert "Rule readings: the documented defaults." in lines
    assert (
        "Each player starts with 3 coins, a Wheat Field and a Bakery, with City Hall built."
        in lines
    )
    assert "Airport (30)" in text and describe_market(state) in text
    assert describe_market(state).count("(roll ") == sum(1 for n in state.market if n)
    base = machikoro.new_game(2, seed=1, options=RulesOptions(expansion=False, reroll_dice="same"))
    text = describe_setup(base)
    assert text.startswith("Machi Koro for 2 players, seed 1.")
    assert "expansion: no (MKH-BASE-1); reroll dice: same (MK-INT-2)" in text
    assert "City Hall" not in text and "The market shows every pile" in text


@pytest.mark.rules("MK-NARR-1", "MK-WIN-1", "MK-WIN-2")
def test_the_outcome_ends_with_the_winner() -> None:
    *_, (_, _, _, end) = steps(0)
    text = describe_outcome(end)
    result = machikoro.outcome(end)
    assert text.splitlines()[-1] == f"Winner: Player {result.winners[0] + 1}"
    assert f"after {end.turn} turns" in text
    assert f"1. Player {result.ranking[0] + 1}: " in text
    with pytest.raises(machikoro.GameNotOverError):
        describe_outcome(machikoro.new_game(2, seed=1))
    winner = describe_player(end, result.winners[0])
    assert winner.endswith(("(all 6 needed to win).", "(all 4 needed to win)."))
    assert "to build" not in winner
    others = [seat for seat in result.ranking[1:]]
    assert all(" needed to win)." in describe_player(end, seat) for seat in others)
    start = describe_player(machikoro.new_game(2, seed=1), 0)
    assert start.endswith("landmarks built: City Hall (none yet of the 6 needed to win).")
    base = machikoro.new_game(2, seed=1, options=RulesOptions(expansion=False))
    assert describe_player(base, 1).endswith("; no landmarks (none yet of the 4 needed to win).")
