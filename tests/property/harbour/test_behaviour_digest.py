"""A fixed digest of what the engine does, so that optimisations provably change nothing.

Over a fixed set of sweep games (2 to 4 players, spread over every combination of rule
readings, both card sets) the digest covers every list of legal moves offered, every move
chosen, every state's JSON every 25 decisions, and each game's outcome. A change to the
engine that changes any of them changes the digest. When a rule change is meant, rewrite
``behaviour.sha256`` with ``HARBOUR_WRITE_GOLDEN=1`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

import harbour
from meeplekit.rng import SplitMix64
from tests.support.harbour_sweep import cards_for, options_for, players_for, seed_for

DIGEST = Path(__file__).resolve().parent / "behaviour.sha256"
#: Sweep games in the digest: about 30,000 decisions.
GAMES = range(0, 1_200, 10)


def behaviour_digest() -> tuple[str, int]:
    """The SHA-256 of the games' moves offered, moves chosen, states and outcomes."""
    digest = hashlib.sha256()
    decisions = 0
    for index in GAMES:
        state = harbour.new_game(
            players_for(index),
            seed=seed_for(index),
            options=options_for(index),
            cards=cards_for(index),
        )
        rng = SplitMix64(seed_for(index) ^ 0xD16E57)
        while not state.is_over:
            legal = harbour.legal_moves(state)
            digest.update(repr(legal).encode())
            move = rng.choice(legal)
            if decisions % 25 == 0:
                digest.update(harbour.to_json(state).encode())
            state = harbour.apply_move_unchecked(state, move)
            decisions += 1
        digest.update(repr(harbour.outcome(state)).encode())
    return digest.hexdigest(), decisions


@pytest.mark.rules("END-2", "END-3")
def test_the_engine_behaves_as_recorded() -> None:
    found, decisions = behaviour_digest()
    assert decisions > 20_000
    if os.environ.get("HARBOUR_WRITE_GOLDEN"):
        DIGEST.write_text(f"{found}\n", encoding="utf-8")
    assert found == DIGEST.read_text(encoding="utf-8").strip(), (
        "the engine's moves, states or outcomes changed over the digest's games"
    )
