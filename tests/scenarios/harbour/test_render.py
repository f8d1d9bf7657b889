"""The board view (VIEW-1, VIEW-2): what it shows, and that a viewer sees nothing secret."""

from __future__ import annotations

import os
from pathlib import Path

import attrs
import pytest

import harbour
from harbour import GameState, Goods
from harbour.cards import ORIGINAL_SET
from harbour.cards.describe import describe_bonus_card
from harbour.cards.model import BonusCard
from harbour.goods import Good
from harbour.positions import replace
from harbour.state import (
    PendingCharacter,
    PendingFreeBuilding,
    PendingGift,
    PendingPurchase,
    PendingShip,
    PendingToll,
    PendingTollAfter,
)
from harbour.views.view import WIDTH
from tests.support.harbour import fixed, played, position

L, W, F, S = Good.LIVESTOCK, Good.WOOD, Good.FISH, Good.STONE

GOLDEN = Path(__file__).resolve().parent / "golden" / "render.txt"
#: A width at which no line of the tests' positions wraps, for the tests of what a line says.
WIDE = 200


@pytest.mark.rules("VIEW-1")
def test_the_view_shows_the_position() -> None:
    state = fixed()
    text = harbour.render(state, width=WIDE)
    first = text.splitlines()[0]
    assert first == (
        "Harbour, 3 players, turn 9: Player 2 is moving the pawn; last round, 2 turn(s) left"
    )
    for value, good in zip(harbour.MARKET_VALUES, state.market, strict=True):
        assert f"${value} {good.label}" in text
    assert f"Deck: {len(state.deck)} building(s)" in text
    for index in state.display:
        building = state.cards.buildings[index]
        price = "no price" if building.cost is None else f"${building.cost}"
        assert f"{building.name} ({price}, {building.points} VP" in text
    assert "Kiln Works ($" in text and "[P1]" in text
    assert "Player 2 *: " in text  # whose turn
    assert "goods: fish 2, livestock 0, wood 0, stone 1" in text
    assert "buildings: Smokehouse" in text and "buildings: Chandlery, Salt Pans" in text
    points = harbour.victory_points(state, 2)
    assert f"Player 3: Quayside Office, {points} VP from buildings" in text
    assert "pawn: Player 2's Quayside Office" in text and "pawn: not moved yet" in text


@pytest.mark.rules("VIEW-1")
def test_the_view_names_gifts_and_the_end() -> None:
    state = fixed()
    gift = replace(state, stack=(*state.stack, PendingGift(2, 1, "ABIL-10")))
    assert "Player 3 is choosing 1 good(s) to gain (ABIL-10)" in harbour.render(gift)
    states = played(2, 3, 10_000)
    assert states[-1].is_over
    assert "the game is over" in harbour.render(states[-1]).splitlines()[0]


@pytest.mark.rules("VIEW-1")
@pytest.mark.parametrize(
    ("pending", "words"),
    [
        (PendingToll(0), "is paying the toll now or deferring it (owed to Player 1)"),
        (PendingTollAfter(2), "is paying the deferred toll (owed to Player 3)"),
        (PendingPurchase(7, 2, True), "is choosing the buildings to buy with $7 (up to 2)"),
        (PendingShip(1, 5), "is choosing the goods to ship (with $5 from the Inland Traders)"),
    ],
)
def test_the_view_says_what_the_decision_is_about(
    pending: harbour.state.Pending, words: str
) -> None:
    state = fixed()
    text = harbour.render(replace(state, stack=(*state.stack, pending)))
    status = " ".join(text.split("Market:")[0].split())  # the status line, unwrapped
    assert status == f"Harbour, 3 players, turn 9: Player 2 {words}; last round, 2 turn(s) left"


@pytest.mark.rules("VIEW-1")
def test_the_view_values_abilities_and_bonus_cards_at_the_current_market() -> None:
    state = position(
        goods=[Goods(fish=5), Goods()],
        market=(L, W, F, S),
        boards=["harbour-gossip", "tinker"],
    )
    fish_ledger = [b.key for b in state.cards.bonus_cards].index("fish-ledger")
    state = replace(
        state, players=(replace(state.players[0], bonus_card=fish_ledger), state.players[1])
    )
    text = harbour.render(state, width=WIDE)
    assert "score VP equal to the market value of fish. (now 4 VP)" in text  # fish on $4
    assert "bonus card: Fish Ledger, 1 VP for every 2 fish (now 2 VP)" in text  # 5 fish
    assert "bonus card: Fish Ledger" in harbour.render(state, 0)
    assert "Fish Ledger" not in harbour.render(state, 1)
    assert "bonus card: hidden" in harbour.render(state, 1)


@pytest.mark.rules("VIEW-1")
@pytest.mark.parametrize(
    ("max_trades", "words"),
    [
        (None, "3 VP for every 2 fish"),
        (1, "3 VP for every 2 fish, at most 1 time"),
        (2, "3 VP for every 2 fish, at most 2 times"),
    ],
)
def test_a_bonus_card_is_described_by_its_terms(max_trades: int | None, words: str) -> None:
    card = BonusCard("fish-deal", "Fish Deal", F, goods=2, points=3, max_trades=max_trades)
    assert describe_bonus_card(card) == words


@pytest.mark.rules("VIEW-1")
def test_the_golden_view() -> None:
    text = harbour.render(fixed())
    if os.environ.get("HARBOUR_WRITE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


@pytest.mark.rules("VIEW-1", "VIEW-2")
@pytest.mark.parametrize("seed", [17, 2024])
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (2, {"characters": True, "bonus_cards": True}),
        (3, {"characters": True, "bonus_cards": True, "inland_traders": True}),
        (4, {"characters": True, "bonus_cards": True, "inland_traders": True}),
    ],
)
def test_every_state_of_a_game_renders_for_everyone(
    players: int, options: dict[str, bool], seed: int
) -> None:
    for state in played(players, seed + players, 400, **options):
        for viewer in (None, *range(players)):
            text = harbour.render(state, viewer)
            assert text.endswith("\n")
            assert all(len(line) <= WIDTH == 80 for line in text.splitlines())


@pytest.mark.rules("VIEW-3")
@pytest.mark.parametrize("width", [40, 57, 80, 131])
def test_the_view_fits_any_width_with_the_same_words(width: int) -> None:
    states = played(3, 9, 300, characters=True, bonus_cards=True, inland_traders=True)
    for state in states[::7]:
        for viewer in (None, 1):
            text = harbour.render(state, viewer, width=width)
            assert max(len(line) for line in text.splitlines()) <= width
            assert text.split() == harbour.render(state, viewer, width=1000).split()
            assert "\n    " in harbour.render(state, viewer, width=40)  # something wrapped


@pytest.mark.rules("VIEW-3")
def test_str_of_a_state_is_the_view_at_80_columns() -> None:
    state = played(4, 5, 60, characters=True)[-1]
    assert WIDTH == 80
    assert str(state) == harbour.render(state) == harbour.render(state, width=80)
    assert str(state) != harbour.render(state, width=100)


@pytest.mark.rules("VIEW-3")
@pytest.mark.parametrize(
    "width", [39, 0, -80, True, 80.0, "80", None, pytest.param(-(10**5000), id="huge")]
)
def test_a_width_is_a_whole_number_of_at_least_40_columns(width: object) -> None:
    with pytest.raises(harbour.InvalidValueError, match="a width is a whole number of columns"):
        harbour.render(fixed(), width=width)  # type: ignore[arg-type]


@pytest.mark.rules("VIEW-2")
def test_a_viewer_sees_no_hidden_information() -> None:
    state = played(3, 5, 30, bonus_cards=True)[-1]
    cards = [p.bonus_card for p in state.players]
    assert None not in cards
    swapped = replace(
        state,
        deck=tuple(reversed(state.deck)),
        players=(
            replace(state.players[0], bonus_card=cards[2]),
            state.players[1],
            replace(state.players[2], bonus_card=cards[0]),
        ),
    )
    assert harbour.render(swapped, 1) == harbour.render(state, 1)
    assert harbour.render(swapped) != harbour.render(state)
    mine = state.cards.bonus_cards[cards[1]].name  # type: ignore[index]
    theirs = state.cards.bonus_cards[cards[0]].name  # type: ignore[index]
    assert f"bonus card: {mine}" in harbour.render(state, 1)
    assert harbour.render(state, 1).count("bonus card: hidden") == 2
    if theirs != mine:
        assert f"bonus card: {theirs}" not in harbour.render(state, 1)


@pytest.mark.rules("VIEW-2")
def test_another_players_free_building_choice_is_hidden() -> None:
    state = fixed()
    shown = state.deck[:2]
    choosing = replace(state, stack=(*state.stack, PendingFreeBuilding(1, shown)))
    other = replace(choosing, stack=(*state.stack, PendingFreeBuilding(1, state.deck[2:4])))
    assert harbour.render(choosing, 0) == harbour.render(other, 0)
    assert "Player 2 is choosing a free building among 2 you may not see" in harbour.render(
        choosing, 0, width=WIDE
    )
    names = [state.cards.buildings[c].name for c in shown]
    for text in (harbour.render(choosing, 1, width=WIDE), harbour.render(choosing, width=WIDE)):
        assert f"Player 2 is choosing a free building: {names[0]} or {names[1]}" in text
    for text in (harbour.render(choosing, 0), harbour.render(choosing, public=True)):
        assert all(name not in text for name in names)


@pytest.mark.rules("VIEW-2")
def test_the_character_boards_dealt_are_seen_by_their_chooser_only() -> None:
    state = harbour.new_game(3, seed=1, options=harbour.RulesOptions(characters=True))
    pending = state.pending
    assert isinstance(pending, PendingCharacter) and pending.player == 0
    dealt = [b for b in range(len(state.cards.characters)) if b not in pending.offered][:2]
    other = replace(state, stack=(*state.stack[:-1], PendingCharacter(0, tuple(dealt))))
    for viewer in (1, 2):
        text = harbour.render(state, viewer, width=WIDE)
        assert text == harbour.render(other, viewer, width=WIDE)
        assert text.splitlines()[0] == (
            "Harbour, 3 players, setup: Player 1 is choosing one of 2 character boards you may "
            "not see"
        )
    offered = [state.cards.player_board(b).name for b in pending.offered]
    assert f"choosing a character board: {offered[0]} or {offered[1]}" in harbour.render(
        state, 0, width=WIDE
    )
    assert harbour.render(state, 0) != harbour.render(other, 0)
    assert harbour.render(state) != harbour.render(other)


def test_a_viewer_must_be_a_seat() -> None:
    with pytest.raises(harbour.InvalidValueError):
        harbour.render(fixed(), 3)


@pytest.mark.rules("VIEW-2")
def test_the_public_view_hides_every_secret() -> None:
    state = played(3, 5, 30, bonus_cards=True)[-1]
    text = harbour.render(state, public=True)
    assert text.count("bonus card: hidden") == 3
    assert text == harbour.render(replace(state, deck=tuple(reversed(state.deck))), public=True)
    with pytest.raises(harbour.InvalidValueError):
        harbour.render(state, 0, public=True)


def _after_a_free_building() -> GameState:
    """Player 1 kept the board with a free-building ability and took the top building."""
    from tests.support.harbour import EVERY_ABILITY_SET

    options = harbour.RulesOptions(characters=True)
    noble = next(
        i
        for i, board in enumerate(EVERY_ABILITY_SET.characters)
        if type(board.ability).__name__ == "FreeBuildingAtSetup"
    )
    for seed in range(200):
        state = harbour.new_game(2, seed=seed, options=options, cards=EVERY_ABILITY_SET)
        pending = state.pending
        if isinstance(pending, PendingCharacter) and noble in pending.offered:
            state = harbour.apply_move(state, harbour.ChooseCharacter(noble))
            return harbour.apply_move(state, harbour.ChooseFreeBuilding(state.deck[0]))
    raise AssertionError("no seed offers the board")  # pragma: no cover


@pytest.mark.rules("VIEW-1", "VIEW-2", "OBS-4")
def test_the_view_shows_a_viewer_the_buildings_they_saw_on_top_of_the_deck() -> None:
    state = _after_a_free_building()
    name = state.cards.buildings[state.deck[0]].name
    assert f"\nTop of the deck as you saw it: {name}\n" in harbour.render(state, 0)
    for text in (
        harbour.render(state, 1),
        harbour.render(state),
        harbour.render(state, public=True),
    ):
        assert "Top of the deck" not in text


@pytest.mark.rules("VIEW-2", "OBS-3")
def test_at_the_end_a_viewer_sees_every_bonus_card_and_the_audience_none() -> None:
    state = played(3, 5, 10_000, bonus_cards=True)[-1]
    assert state.is_over
    names = [state.cards.bonus_cards[p.bonus_card].name for p in state.players]  # type: ignore[index]
    for viewer in range(3):
        text = harbour.render(state, viewer)
        assert "bonus card: hidden" not in text
        assert all(f"bonus card: {name}" in text for name in names)
    assert harbour.render(state, public=True).count("bonus card: hidden") == 3


@pytest.mark.rules("VIEW-1", "INLAND-2")
@pytest.mark.parametrize("price", [5, 8])
def test_the_view_shows_the_inland_traders_price_of_the_card_set(price: int) -> None:
    cards = attrs.evolve(ORIGINAL_SET, inland_traders_price=price)
    with_traders = harbour.RulesOptions(inland_traders=True)
    state = harbour.new_game(3, seed=4, options=with_traders, cards=cards)
    line = f"Inland Traders: buy one of each good for ${price}, before shipping"
    for viewer in (None, 0, 2):
        assert line in harbour.render(state, viewer).splitlines()
    assert line in harbour.render(state, public=True).splitlines()
    without = harbour.new_game(3, seed=4, cards=cards)
    assert "Inland Traders" not in harbour.render(without)
