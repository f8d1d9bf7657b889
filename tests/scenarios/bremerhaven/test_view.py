"""The text view (BH-VIEW-1 to BH-VIEW-4): what it shows, for whom, at what width."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import bremerhaven
from bremerhaven import RulesOptions
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.observation import observe
from bremerhaven.positions import position
from bremerhaven.state import (
    GameState,
    Pending,
    PendingBerth,
    PendingContract,
    PendingPermits,
    PendingPrice,
    PendingStartingGood,
)
from bremerhaven.views.view import (
    RANKS,
    WIDTH,
    building_words,
    contract_words,
    headline,
    price_words,
    public,
    render,
    seen_by,
    ship_words,
)
from meeplekit.rng import SplitMix64
from tests.support.bremerhaven import SHORT, finished, first_bid_twins, with_harbour

#: A width at which no line of the tests' positions wraps, for the tests of what a line says.
WIDE = 200


def line(text: str, start: str) -> str:
    """The one line of ``text`` that starts with ``start`` (continuations joined)."""
    lines = text.splitlines()
    found = [i for i, li in enumerate(lines) if li.startswith(start)]
    assert len(found) == 1, (start, text)
    i = found[0]
    joined = lines[i]
    while i + 1 < len(lines) and lines[i + 1].startswith("      "):
        i += 1
        joined += " " + lines[i].strip()
    return joined


def section(text: str, seat: int) -> str:
    """The lines of ``text`` on the player in ``seat``, from his name to the next player's."""
    out: list[str] = []
    for li in text.splitlines():
        if li.startswith(f"Player {seat + 1}"):
            out.append(li)
        elif out and (li.startswith(("Player ", "The dummy", "Final scores"))):
            break
        elif out:
            out.append(li)
    return "\n".join(out) + "\n"


def played_until(
    players: int, seed: int, wanted: Callable[[Pending], bool], options: RulesOptions | None = None
) -> GameState:
    """A seeded random game played until its pending decision is ``wanted``."""
    state = bremerhaven.new_game(players, seed=seed, options=options)
    rng = SplitMix64(seed)
    while not wanted(state.stack[-1]):
        state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
    return state


@pytest.mark.rules("BH-VIEW-1", "BH-FLOW-1", "BH-FLOW-3", "BH-CARD-2", "BH-CARD-3")
def test_the_view_of_a_new_game_shows_the_decision_the_time_the_boards_and_harbours() -> None:
    state = bremerhaven.new_game(3, seed=2013)
    text = render(state, width=WIDE)
    lines = text.splitlines()
    captain = state.ranks[0]
    assert lines[0] == (
        "Bremerhaven, 3 players, long game, round 1, Bidding phase: "
        f"Player {captain + 1} is placing a bid (5 cards)"
    )
    ranks = ", ".join(f"{RANKS[r]}: Player {seat + 1}" for r, seat in enumerate(state.ranks))
    assert lines[1] == f"Ranks: {ranks}"
    board = state.cards.board
    assert line(text, "Progress track").startswith(
        f"Progress track: the Ship token on space {state.track} of {board.track_last}; "
        f"newspapers on the rack: {len(state.newspapers)}"
    )
    assert f"Price card on top: {price_words(state.prices[0])} (24 in the stack)" in lines
    assert "General supply of goods: 40 barrels, 40 containers, 40 crates, 40 passengers" in lines
    top = state.buildings[0]
    assert line(text, "  1.1 Building cards") == (
        f"  1.1 Building cards, on top {top.name} ({building_words(top)}), "
        f"{len(state.buildings)} in all: no bids"
    )
    for slot, ship in enumerate(state.sea):
        assert ship is not None
        assert (
            line(text, f"  2.{slot + 1} ")
            == f"  2.{slot + 1} {ship.name} ({ship_words(ship)}): no bids"
        )
    for slot, contract in enumerate(state.land):
        assert contract is not None
        assert line(text, f"  3.{slot + 1} ") == (
            f"  3.{slot + 1} {contract.name} ({contract_words(contract)}): no bids"
        )
    for seat, harbour in enumerate(state.players):
        mark = " *" if seat == captain else ""
        rank = RANKS[state.ranks.index(seat)]
        assert f"Player {seat + 1}{mark}: {rank}; {harbour.money} money; prestige 0" in lines
    # The long game's covers lie on columns 3 and 4 (BH-HARBOR-2), the walls as set up.
    assert lines.count("  spaces, row 1: open    | open    | cover 4 | cover 5") == 3
    assert lines.count("  bollards on the quay walls, top to bottom: 0, 1, 1, 0") == 3
    assert lines.count("  dock 1 (berth size 1): empty") == 3
    assert lines.count("  loading dock 2 (not accessible): empty") == 3
    assert text.endswith("\n") and str(state) == render(state, width=80)


@pytest.mark.rules("BH-VIEW-1", "BH-ENGINE-2", "BH-PERMIT-1", "BH-SEA-2", "BH-LAND-2")
@pytest.mark.parametrize(
    ("kind", "phase"),
    [
        (PendingPermits, "General action phase, 1.2 Building permit: "),
        (PendingBerth, "General action phase, Sea board: "),
        (PendingContract, "General action phase, Land board: "),
    ],
)
def test_the_headline_names_the_phase_and_what_the_decision_is_about(
    kind: type, phase: str
) -> None:
    state = played_until(3, 5, lambda pending: isinstance(pending, kind))
    pending = state.stack[-1]
    first = headline(seen_by(state))
    seat = bremerhaven.current_player(state)
    assert f"round {state.round}, {phase}Player {seat + 1} is " in first
    if isinstance(pending, PendingBerth | PendingContract):
        assert first.endswith(f": {pending.card.name}")
    if isinstance(pending, PendingPermits):
        assert first.endswith(f"({pending.permits} permit{'s' * (pending.permits != 1)} to use, "
                              f"{pending.bought} bought)")  # fmt: skip


@pytest.mark.rules("BH-VIEW-1", "BH-PRICE-1", "BH-SHORT-6", "BH-SHORT-7")
def test_the_price_stack_while_1_4_is_chosen_and_the_short_game_s_starting_goods() -> None:
    state = played_until(4, 3, lambda pending: isinstance(pending, PendingPrice))
    text = render(state)
    for index, card in enumerate(state.prices):
        assert f"  {index}: {price_words(card)}" in text.splitlines()
    short = bremerhaven.new_game(2, seed=1, options=SHORT)
    assert isinstance(short.stack[-1], PendingStartingGood)
    seat = bremerhaven.current_player(short)
    assert headline(seen_by(short)) == (
        "Bremerhaven, 2 players, short game, before the first round: "
        f"Player {seat + 1} is choosing a starting good (3 to choose)"
    )
    assert "it advances 2 spaces a round" in render(short)
    assert "Event card" not in render(short)


@pytest.mark.rules("BH-VIEW-1", "BH-END-3", "BH-END-4", "BH-SOLO-18")
def test_the_end_shows_the_scores_in_order() -> None:
    over = finished(3, 2)
    result = bremerhaven.outcome(over)
    text = render(over, width=WIDE)
    winner = result.winners[0]
    assert text.splitlines()[0] == (
        f"Bremerhaven, 3 players, long game, the game is over after {over.round} rounds: "
        f"Player {winner + 1} wins with {result.points[winner]}"
    )
    scores = text.split("Final scores (money times prestige):\n")[1].splitlines()
    for place, seat in enumerate(result.ranking, start=1):
        harbour = over.players[seat]
        assert scores[place - 1] == (
            f"  {place}. Player {seat + 1}: {result.points[seat]} "
            f"({harbour.money} x {harbour.prestige})"
        )
    assert "*" not in text
    solo = finished(1, 4)
    points = bremerhaven.scores(solo)[0]
    first = render(solo, width=WIDE).splitlines()[0]
    assert first.endswith(
        f"Player 1 scores {points} (Captain Aha's rating: {bremerhaven.rating(points)})"
    )
    solo_text = render(solo, width=WIDE)
    assert "The dummy: " in solo_text and "the dummy" in solo_text.splitlines()[1]


@pytest.mark.rules("BH-VIEW-1", "BH-HARBOR-4", "BH-HARBOR-6", "BH-ENGINE-8", "BH-MONEY-3")
def test_a_harbour_shows_its_ships_contracts_buildings_and_storage() -> None:
    state = bremerhaven.new_game(2, seed=9)
    ship = next(card for card in state.ship_deck if card.cargo is not None)
    contract = state.contract_deck[0]
    refinery = next(b for b in ORIGINAL.buildings if b.key == "refinery")
    made = position(
        state,
        harbours={
            0: {
                "docks": [None, {"key": ship.key, "goods": 1, "timers": 2}, None],
                "loading": [None, None, None, {"key": contract.key, "timers": 1}],
                "buildings": {0: "refinery"},
                "covers": [None] * 3 + [5] + [None] * 8,
                "walls": [0, 2, 3, 0],
                "storage": {"crate": 3, "passenger": 1},
                "bank": 2,
            }
        },
    )
    text = section(render(made), 0)
    assert "(and 2 on the Bank)" in line(text, "Player 1")
    assert "  spaces, row 1: Refinery | open     | open     | cover 5" in text
    assert ship.cargo is not None
    assert line(text, "  dock 1") == (
        f"  dock 1 (berth size 2): {ship.name}, 1 {ship.cargo.key} on board, 2 time markers, "
        f"prestige {ship.prestige}"
    )
    assert line(text, "  loading dock 2") == "  loading dock 2: empty"  # cleared: accessible
    assert line(text, "  loading dock 3") == (
        f"  loading dock 3 (not accessible): {contract.name} ({contract_words(contract)}); "
        "delivered none; 1 time marker"
    )
    # 11 open spaces and a Refinery that holds nothing; 3 crates take 2 spaces.
    assert "  storage: 3 crates, 1 passenger (3 of 10 spaces used)" in text
    assert refinery.name in text


@pytest.mark.rules("BH-VIEW-2", "BH-OBS-2", "BH-ENGINE-11")
def test_a_viewer_sees_his_own_placed_value_and_no_one_else_s() -> None:
    five, one, captain = first_bid_twins()
    others = [seat for seat in range(3) if seat != captain]
    own = render(five, captain)
    assert line(own, "  1.2 Building permit") == (
        f"  1.2 Building permit: 5 by Player {captain + 1} (face down)"
    )
    assert f"Player {captain + 1} (you) *" not in own  # the next bidder decides now
    assert f"Player {captain + 1} (you): " in own
    assert line(own, "  influence cards: hand") == (
        "  influence cards: hand 1, 2, 3, 4; supply 5, 6, 6, 7, 7, 8, 9"
    )
    for seat in others:
        text = render(five, seat)
        assert line(text, "  1.2 Building permit") == (
            f"  1.2 Building permit: a card face down by Player {captain + 1}"
        )
        assert text == render(one, seat)  # the twin: what the viewer may not see differs
        assert text == render(observe(five, seat))
        assert text.count("(you)") == 1
    assert render(one, captain) != own


@pytest.mark.rules("BH-VIEW-2", "BH-ENGINE-12")
def test_a_viewer_must_be_a_deciding_seat() -> None:
    state = bremerhaven.new_game(2, seed=1)
    solo = bremerhaven.new_game(1, seed=1)
    for bad in (2, -1, True, "1"):
        with pytest.raises(bremerhaven.InvalidValueError):
            render(state, bad)  # type: ignore[arg-type]
    with pytest.raises(bremerhaven.InvalidValueError):
        render(solo, 1)  # the dummy sees nothing: it decides nothing


@pytest.mark.rules("BH-VIEW-3", "BH-OBS-2", "BH-BID-5")
def test_the_public_view_hides_every_placed_value_until_the_cards_are_turned_up() -> None:
    five, one, captain = first_bid_twins()
    assert str(five) == render(five) == render(one) == render(five, width=80)
    text = render(five, width=WIDE)
    assert line(text, "  1.2 Building permit") == (
        f"  1.2 Building permit: a card face down by Player {captain + 1}"
    )
    assert "(you)" not in text
    assert "influence cards: hand" not in text  # every hand hidden, the Captain's too
    assert text.count("in hand and face down together 1, 2, 3, 4, 5") == 3
    seen = observe(five, captain)
    hidden = public(seen)
    assert [bid.value for bid in hidden.bids] == [None] and hidden.players[captain].hand == ()
    assert hidden == public(observe(one, captain))
    assert attrs.evolve(hidden, viewer=0) == seen_by(five)  # the table as everyone sees it
    # Once every card is placed, they lie face up for everyone: public is the observation.
    state = five
    while any(isinstance(p, bremerhaven.state.PendingBid) for p in state.stack):
        state = bremerhaven.apply_move(state, bremerhaven.legal_moves(state)[0])
    assert state.round == 1 and state.bids
    after = observe(state, captain)
    assert public(after) is after
    first = state.bids[0]
    assert line(render(state), "  1.2 Building permit").startswith(
        f"  1.2 Building permit: {first.value} by Player {first.seat + 1}"
    )


@pytest.mark.rules("BH-VIEW-1", "BH-VIEW-4")
@pytest.mark.parametrize(
    ("players", "options"),
    [(1, None), (2, SHORT), (4, None)],
    ids=["solo", "short-2", "long-4"],
)
def test_no_line_is_longer_than_80_characters(players: int, options: RulesOptions | None) -> None:
    state = bremerhaven.new_game(players, seed=11, options=options)
    # Long names wrap too: a card file's Building of 60 characters.
    long_name = attrs.evolve(state.buildings[0], name="The Very Long Name of a Building " * 2)
    state = with_harbour(state, 0, held=(long_name,))
    rng = SplitMix64(4)
    while True:
        for viewer in (None, 0):
            assert max(len(li) for li in render(state, viewer).splitlines()) <= WIDTH == 80
        if bremerhaven.is_over(state):
            break
        state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))


@pytest.mark.rules("BH-VIEW-4")
@pytest.mark.parametrize("width", [40, 66, 80, 150])
def test_the_view_fits_any_width_with_the_same_words(width: int) -> None:
    state = bremerhaven.new_game(4, seed=6)
    rng = SplitMix64(6)
    step = 0
    while not bremerhaven.is_over(state):
        if step % 40 == 0:
            for viewer in (None, 2):
                text = render(state, viewer, width=width)
                assert max(len(li) for li in text.splitlines()) <= width
                assert text.split() == render(state, viewer, width=1000).split()
        state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
        step += 1
    assert "\n    " in render(state, width=40)  # something wrapped


@pytest.mark.rules("BH-VIEW-4")
def test_a_harbours_spaces_stand_in_columns_when_they_fit() -> None:
    state = finished(1, 3)
    wide = render(state, width=120)
    rows = [li for li in wide.splitlines() if li.startswith("  spaces, row")]
    assert len({li.index("|") for li in rows}) == 1  # the columns line up
    narrow = render(state, width=60)
    row = line(narrow, "  spaces, row 1")
    built = [b.name for b in state.players[0].buildings[:4] if b is not None]
    assert built and row.startswith(f"  spaces, row 1: {built[0]} | ")
    for name in (b.name for b in state.players[0].buildings if b is not None):
        assert name in narrow  # each name kept on one line


@pytest.mark.rules("BH-VIEW-4")
@pytest.mark.parametrize(
    "width", [39, 0, True, 80.0, "80", None, pytest.param(-(10**5000), id="huge")]
)
def test_a_width_is_a_whole_number_of_at_least_40_columns(width: object) -> None:
    with pytest.raises(bremerhaven.InvalidValueError, match="a width is a whole number of columns"):
        render(bremerhaven.new_game(2, seed=1), width=width)  # type: ignore[arg-type]
