"""A seeded random game of each kind plays to the end, with the original set and a card file.

The kinds are the long game with 2, 3 and 4 players, the short game with 2, 3 and 4, and
the solo game; the card file is the example file with one value changed, so that the
game is seen to play with the file's cards, not the original set's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import bremerhaven
from bremerhaven.cards import ORIGINAL, Origin, read_cards
from meeplekit.rng import SplitMix64

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "examples" / "bremerhaven-cards.toml"
KINDS = [
    (2, "long"),
    (3, "long"),
    (4, "long"),
    (2, "short"),
    (3, "short"),
    (4, "short"),
    (1, "short"),
]


def _file_set() -> bremerhaven.CardSet:
    """The example card file, its first ship's lay time changed from the original's."""
    text = EXAMPLE.read_text(encoding="utf-8")
    first = ORIGINAL.ships[0]
    changed = 1 if first.lay_time != 1 else 2
    marker = f'key = "{first.key}"'
    head, tail = text.split(marker, 1)
    tail = tail.replace(f"lay_time = {first.lay_time}", f"lay_time = {changed}", 1)
    return read_cards(head + marker + tail)


def _play(players: int, game: str, cards: bremerhaven.CardSet | None) -> bremerhaven.GameState:
    options = bremerhaven.RulesOptions(game=game)
    state = bremerhaven.new_game(players, seed=2013, options=options, cards=cards)
    rng = SplitMix64(players)
    while not bremerhaven.is_over(state):
        state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
    return state


@pytest.mark.rules("BH-FLOW-1", "BH-SHORT-1", "BH-SOLO-1", "BH-CARD-15")
@pytest.mark.parametrize(("players", "game"), KINDS)
def test_each_kind_of_game_plays_to_the_end_with_the_original_set(players: int, game: str) -> None:
    state = _play(players, game, None)
    assert state.cards is ORIGINAL
    assert bremerhaven.validate(state) == ()
    result = bremerhaven.outcome(state)
    assert len(result.points) == players
    assert result.points == bremerhaven.scores(state)


@pytest.mark.rules("BH-CARD-14", "BH-FLOW-1", "BH-SHORT-1", "BH-SOLO-1")
@pytest.mark.parametrize(("players", "game"), KINDS)
def test_each_kind_of_game_plays_to_the_end_with_a_card_file(players: int, game: str) -> None:
    cards = _file_set()
    assert cards.origin is Origin.FILE and cards.ships[0] != ORIGINAL.ships[0]
    state = _play(players, game, cards)
    assert state.cards is cards
    assert all(card.origin is Origin.FILE for card in state.ship_deck + state.contract_deck)
    assert bremerhaven.validate(state) == ()
    assert len(bremerhaven.outcome(state).points) == players
