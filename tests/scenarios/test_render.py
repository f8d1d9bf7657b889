"""The board view (VIEW-1, VIEW-2): what it shows, and that a viewer sees nothing secret."""

from __future__ import annotations

import os
from pathlib import Path

import attrs
import pytest

import harbour
from harbour import CardSite, GameState, Goods
from harbour.rng import SplitMix64
from harbour.state import BoardSite, PendingFreeBuilding, PendingGift
from harbour.view import WIDTH
from tests.support import card, position

GOLDEN = Path(__file__).resolve().parent / "golden" / "render.txt"


def fixed() -> GameState:
    return position(
        goods=[Goods(fish=2, stone=1), Goods(wood=3), Goods(livestock=6)],
        display=["net-loft", "kiln-works", "admiralty", "town-pump", "tannery", "rope-walk"],
        owned=[["smokehouse"], [], ["chandlery", "salt-pans"]],
        pawns=[CardSite(card("kiln-works")), None, BoardSite(1)],
        current=1,
        turn=9,
        last_round_turns=2,
    )


def played(players: int, seed: int, decisions: int, **options: object) -> list[GameState]:
    state = harbour.new_game(players, seed=seed, options=harbour.RulesOptions(**options))  # type: ignore[arg-type]
    rng = SplitMix64(seed)
    states = [state]
    while not state.is_over and len(states) < decisions:
        state = harbour.apply_move(state, rng.choice(harbour.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.rules("VIEW-1")
def test_the_view_shows_the_position() -> None:
    state = fixed()
    text = harbour.render(state)
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
    gift = attrs.evolve(state, stack=(*state.stack, PendingGift(2, 1, "ABIL-10")))
    assert "Player 3 is choosing 1 good(s) to gain (ABIL-10)" in harbour.render(gift)
    states = played(2, 3, 10_000)
    assert states[-1].is_over
    assert "the game is over" in harbour.render(states[-1]).splitlines()[0]


@pytest.mark.rules("VIEW-1")
def test_the_golden_view() -> None:
    text = harbour.render(fixed())
    if os.environ.get("HARBOUR_WRITE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


@pytest.mark.rules("VIEW-1", "VIEW-2")
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"characters": True, "bonus_cards": True, "inland_traders": True}),
        (4, {"characters": True, "bonus_cards": True}),
    ],
)
def test_every_state_of_a_game_renders_for_everyone(players: int, options: dict[str, bool]) -> None:
    for state in played(players, 17 + players, 400, **options)[::3]:
        for viewer in (None, *range(players)):
            text = harbour.render(state, viewer)
            assert text.endswith("\n")
            assert all(len(line) <= WIDTH for line in text.splitlines())


@pytest.mark.rules("VIEW-2")
def test_a_viewer_sees_no_hidden_information() -> None:
    state = played(3, 5, 30, bonus_cards=True)[-1]
    cards = [p.bonus_card for p in state.players]
    assert None not in cards
    swapped = attrs.evolve(
        state,
        deck=tuple(reversed(state.deck)),
        players=(
            attrs.evolve(state.players[0], bonus_card=cards[2]),
            state.players[1],
            attrs.evolve(state.players[2], bonus_card=cards[0]),
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
    choosing = attrs.evolve(state, stack=(*state.stack, PendingFreeBuilding(1, shown)))
    other = attrs.evolve(choosing, stack=(*state.stack, PendingFreeBuilding(1, state.deck[2:4])))
    assert harbour.render(choosing, 0) == harbour.render(other, 0)
    assert "may not see" in harbour.render(choosing, 0)


def test_a_viewer_must_be_a_seat() -> None:
    with pytest.raises(harbour.InvalidValueError):
        harbour.render(fixed(), 3)


@pytest.mark.rules("VIEW-2")
def test_the_public_view_hides_every_secret() -> None:
    state = played(3, 5, 30, bonus_cards=True)[-1]
    text = harbour.render(state, public=True)
    assert text.count("bonus card: hidden") == 3
    assert text == harbour.render(
        attrs.evolve(state, deck=tuple(reversed(state.deck))), public=True
    )
    with pytest.raises(harbour.InvalidValueError):
        harbour.render(state, 0, public=True)
