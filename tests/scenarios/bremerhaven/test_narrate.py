"""Narration (BH-NARR-1, BH-NARR-2): every event told, nothing hidden told, the setup and the end."""

from __future__ import annotations

import re
from collections.abc import Iterator

import attrs
import pytest

import bremerhaven
from bremerhaven import Bid, EndMovement, EndPermits, EndProduction, RulesOptions, Space
from bremerhaven.cards import ORIGINAL
from bremerhaven.cards.model import Good
from bremerhaven.events import (
    BidPlaced,
    BoardsRefilled,
    DummyBecameCaptain,
    Event,
    GameEnded,
    GoodProduced,
    PrestigeRose,
    Reason,
)
from bremerhaven.moves import Move
from bremerhaven.observation import bidding_open
from bremerhaven.rules.work import Work
from bremerhaven.state import BidCard, GameState
from bremerhaven.views.narrate import (
    describe_event,
    describe_events,
    describe_move,
    describe_outcome,
    describe_reveal,
    describe_setup,
    player_name,
    sentence,
)
from bremerhaven.views.view import price_words
from meeplekit.rng import SplitMix64
from tests.support.bremerhaven import SHORT, finished, with_harbour

Step = tuple[GameState, Move, tuple[Event | GameEnded, ...], GameState]


def steps(players: int, seed: int, options: RulesOptions | None = None) -> Iterator[Step]:
    """Every move of a seeded random game: the state before, the move, its events, after."""
    state = bremerhaven.new_game(players, seed=seed, options=options)
    rng = SplitMix64(seed)
    while not bremerhaven.is_over(state):
        move = rng.choice(bremerhaven.legal_moves(state))
        after, events = bremerhaven.apply_move_with_events(state, move)
        yield state, move, events, after
        state = after


GAMES = [(2, 1, None), (3, 2, None), (4, 3, SHORT), (1, 4, None)]


@pytest.mark.rules("BH-NARR-1", "BH-ENGINE-14")
@pytest.mark.parametrize(("players", "seed", "options"), GAMES, ids=["2", "3", "short-4", "solo"])
def test_every_move_is_told_from_its_events(
    players: int, seed: int, options: RulesOptions | None
) -> None:
    told = 0
    for before, move, events, after in steps(players, seed, options):
        text = describe_events(before, move, events, after)
        assert text, move
        for event in events:
            assert sentence(event)[1:] in text  # the event's sentence, kept
        if type(move) in (EndPermits, EndProduction, EndMovement):
            seat = bremerhaven.current_player(before)
            assert text.startswith(f"Player {seat + 1} is done ")
        told += 1
    assert text.endswith(describe_event(GameEnded(bremerhaven.scores(after))))
    assert told > 50


@pytest.mark.rules("BH-NARR-1")
def test_each_event_keeps_its_subject() -> None:
    refinery = next(card for card in ORIGINAL.buildings if card.name == "Refinery")
    assert describe_event(BidPlaced(1, Space.PERMIT, None)) == (
        "Player 2 bids on 1.2 Building permit."
    )
    assert describe_event(GoodProduced(0, refinery, Good.BARREL)) == (
        "Player 1's Refinery produces a barrel."
    )
    assert describe_event(PrestigeRose(2, 4)) == "Player 3's prestige rises to 4."
    assert describe_event(BoardsRefilled("BH-REFILL-2")) == "The Sea and Land boards are refilled."
    assert describe_event(BidPlaced(1, Space.PERMIT, None, "BH-SOLO-8"), dummy=1) == (
        "The dummy bids on 1.2 Building permit."
    )
    assert describe_event(DummyBecameCaptain(1), dummy=1) == "The dummy becomes Captain."
    assert (
        describe_event(GameEnded((12, 30)))
        == "The game is over; the scores: Player 1 12 and Player 2 30."
    )
    assert player_name(0) == "Player 1"


@pytest.mark.rules("BH-NARR-1")
def test_describe_move_applies_the_move_again() -> None:
    for before, move, events, after in list(steps(3, 2))[:60]:
        assert describe_move(before, move, after) == describe_events(before, move, events, after)


@pytest.mark.rules("BH-NARR-2", "BH-OBS-2", "BH-ENGINE-11")
@pytest.mark.parametrize(("players", "seed", "options"), GAMES, ids=["2", "3", "short-4", "solo"])
def test_a_bid_is_told_alike_whatever_its_value_until_the_cards_are_turned_up(
    players: int, seed: int, options: RulesOptions | None
) -> None:
    compared = revealed = 0
    for before, move, events, after in steps(players, seed, options):
        if not isinstance(move, Bid):
            continue
        text = describe_events(before, move, events, after)
        closes = not bidding_open(after) or after.round != before.round
        for value in set(before.players[bremerhaven.current_player(before)].hand) - {move.value}:
            other = Bid(move.space, value)
            twin, twin_events = bremerhaven.apply_move_with_events(before, other)
            told = describe_events(before, other, twin_events, twin)
            if closes:
                assert told != text  # the values are turned up, and differ
            else:
                assert told == text, (move, other)
                compared += 1
        if closes:
            revealed += 1
            assert "Every influence card is turned up" in text
            if after.round == before.round:
                assert describe_reveal(after.bids, before.dummy, before) in text
        else:
            assert "turned up" not in text
    assert compared > 20 and revealed >= 8


@pytest.mark.rules("BH-NARR-2", "BH-BID-5")
def test_the_reveal_lists_every_value_space_by_space() -> None:
    bids = (
        BidCard(Space.sea(1), 1, 3),
        BidCard(Space.PERMIT, 0, 5),
        BidCard(Space.PERMIT, 1, 4),
        BidCard(Space.PERMIT, 0, 2),
    )
    assert describe_reveal(bids) == (
        "Every influence card is turned up: 1.2 Building permit: 5 + 2 by Player 1, 4 by "
        "Player 2; 2.1 Sea board: 3 by Player 2."
    )
    assert describe_reveal(bids, dummy=1).endswith("2.1 Sea board: 3 by the dummy.")
    # With the state the cards were bid in, a Sea or Land space names its card.
    state = bremerhaven.new_game(2, seed=3)
    ship = state.sea[0]
    assert ship is not None
    assert describe_reveal(bids, None, state).endswith(
        f"2.1 (the Ship {ship.name}): 3 by Player 2."
    )
    assert describe_reveal(()) == "Every influence card is turned up."


@pytest.mark.rules("BH-NARR-1", "BH-NARR-2", "BH-CARD-15", "BH-SETUP-9", "BH-SHORT-5")
def test_the_setup_tells_the_table_and_the_seed_only_when_asked() -> None:
    state = bremerhaven.new_game(3, seed=2013)
    text = describe_setup(state, seed=2013)
    lines = text.splitlines()
    assert lines[0] == (
        "Bremerhaven, the long game, for 3 players, seed 2013, with the card set 'original v1' "
        "(the library's original cards, not the printed ones)."
    )
    assert lines[1] == "Rule readings: the documented defaults."
    assert lines[2].startswith("Ranks: Captain: Player ") and "the Captain bids first" in lines[2]
    for seat in range(3):
        contract = next(p for p in state.players[seat].loading if p is not None).card
        assert f"Player {seat + 1} starts with the contract {contract.name} (" in text
    assert f"The Price card on top: {price_words(state.prices[0])}." in lines
    for ship in state.sea:
        assert ship is not None and ship.name in text
    shown = {c.name for c in state.sea if c} | {c.name for c in state.land if c}
    hidden = [c.name for c in state.ship_deck] + [c.name for c in state.contract_deck]
    for name in hidden:  # the hidden stacks (BH-OBS-3)
        assert name in shown or name not in text, name
    assert "seed" not in describe_setup(state, seed=2013, show_seed=False)
    assert "seed" not in describe_setup(state)
    options = RulesOptions(game="short", goods_supply="unlimited")
    short = describe_setup(bremerhaven.new_game(2, seed=1, options=options))
    assert "the short game" in short
    assert "goods supply: unlimited (BH-INT-3)" in short and "game: short (BH-SHORT-1)" in short
    assert "starts with the contract" in short and "the building " in short
    solo = describe_setup(bremerhaven.new_game(1, seed=1))
    assert solo.startswith("Bremerhaven, the solo game against the dummy")
    assert "Captain: the dummy" in solo


@pytest.mark.rules("BH-NARR-1", "BH-END-3", "BH-END-4", "BH-SOLO-18")
def test_the_outcome_ends_with_the_winner() -> None:
    with pytest.raises(bremerhaven.GameNotOverError):
        describe_outcome(bremerhaven.new_game(2, seed=1))
    over = finished(3, 2)
    result = bremerhaven.outcome(over)
    lines = describe_outcome(over).splitlines()
    assert lines[0] == f"The game is over after {over.round} rounds."
    for place, seat in enumerate(result.ranking, start=1):
        assert lines[place + 1].startswith(f"  {place}. Player {seat + 1}: {result.points[seat]} (")
    assert lines[-1] == f"Winner: Player {result.winners[0] + 1}"
    # Without the scores, for a caller that has shown them (the demo's final position).
    assert describe_outcome(over, scores=False).splitlines() == [lines[0], lines[-1]]
    solo = finished(1, 4)
    points = bremerhaven.scores(solo)[0]
    text = describe_outcome(solo)
    assert f"Captain Aha's rating of {points} points: {bremerhaven.rating(points)} (" in text
    assert "Captain Aha's rating" in describe_outcome(solo, scores=False)
    if points > 1250:
        assert text.endswith("Winner: Player 1")
    else:
        assert text.endswith("Winner: none (a solo game is won with more than 1250)")


@pytest.mark.rules("BH-NARR-1", "BH-SOLO-18")
@pytest.mark.parametrize(
    ("points", "band"),
    [
        (0, "Landlubber (0 to 499 points)"),
        (749, "Cabin Boy (500 to 749 points)"),
        (1250, "Lonely Ship's Kobold (1000 to 1250 points)"),
        (1251, "Captain (more than 1250 points)"),
    ],
)
def test_the_solo_outcome_names_captain_ahas_band(points: int, band: str) -> None:
    base = attrs.evolve(bremerhaven.new_game(1, seed=1), stack=())
    state = with_harbour(base, 0, money=points, prestige=1)
    lines = describe_outcome(state, scores=False).splitlines()
    assert lines[1] == f"Captain Aha's rating of {points} points: {band}."
    won = "Winner: Player 1" if points > 1250 else "Winner: none"
    assert lines[-1].startswith(won)


def _told(players: int, seed: int, options: RulesOptions | None) -> str:
    """A whole random game told: setup, every move and the outcome."""
    parts = []
    state = None
    for before, move, events, after in steps(players, seed, options):
        if state is None:
            parts.append(describe_setup(before, seed=seed))
        parts.append(describe_events(before, move, events, after))
        state = after
    assert state is not None
    parts.append(describe_outcome(state))
    return "\n".join(parts)


@pytest.mark.rules("BH-NARR-1")
@pytest.mark.parametrize(("players", "seed", "options"), GAMES, ids=["2", "3", "short-4", "solo"])
def test_the_narration_reads_as_words_not_codes(
    players: int, seed: int, options: RulesOptions | None
) -> None:
    text = _told(players, seed, options)
    cards = bremerhaven.new_game(players, seed=seed, options=options).cards
    keys = {card.key for deck in (cards.ships, cards.contracts, cards.buildings) for card in deck}
    keys |= {card.key for card in cards.prices} | {card.key for card in cards.newspapers}
    coded = {key for key in keys if "-" in key or any(c.isdigit() for c in key)}
    assert any(key.startswith("price-") for key in coded)
    for key in coded:
        assert key not in text, key  # no internal key
    assert "(s)" not in text  # a proper singular or plural
    assert not re.search(r"pays (\d+) of \1 money", text)  # "pays 2 of 2 money"
    assert not re.search(r"bids on [123]\.\d\.", text)  # a bid names its space
    assert "Price card price" not in text


def test_a_charge_says_what_was_paid_and_what_was_due() -> None:
    state = with_harbour(bremerhaven.new_game(2, seed=1), 0, money=3, bank=0)
    fall = next(card for card in ORIGINAL.newspapers if card.name == "Fall")
    for due, told in (
        (2, "pays 2 money (the event Fall)"),
        (5, "pays 3 money, all he has, of 5 due (the event Fall)"),
    ):
        log: list[Event] = []
        Work(state, log).charge(0, due, "BH-EVENT-1", Reason.EVENT, fall)
        assert [sentence(e) for e in log] == [told]
    broke = with_harbour(state, 0, money=0, bank=0)
    log = []
    Work(broke, log).charge(0, 2, "BH-EVENT-1", Reason.EVENT, fall)
    assert [sentence(e) for e in log] == ["has no money to pay the 2 due (the event Fall)"]
