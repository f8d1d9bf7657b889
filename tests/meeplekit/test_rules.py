"""The shared refusal: one class, which every game exports as its own."""

from __future__ import annotations

import attrs
import pytest

import harbour
import harbour.rules.step
import machikoro
import machikoro.rules.step
from meeplekit.protocol import RefusalLike
from meeplekit.rules import Refusal


def test_a_refusal_is_a_frozen_rule_and_reason() -> None:
    refusal = Refusal("X-1", "Not now.")
    assert (refusal.rule_id, refusal.reason) == ("X-1", "Not now.")
    assert refusal == Refusal("X-1", "Not now.") and hash(refusal) == hash(
        Refusal("X-1", "Not now.")
    )
    assert repr(refusal) == "Refusal(rule_id='X-1', reason='Not now.')"
    typed: RefusalLike = refusal  # what a game's explain answers
    assert typed is refusal
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        refusal.reason = "Later."  # type: ignore[misc]


def test_every_game_exports_the_shared_class() -> None:
    assert harbour.Refusal is harbour.rules.step.Refusal is Refusal
    assert machikoro.Refusal is machikoro.rules.step.Refusal is Refusal
    found = machikoro.explain(machikoro.new_game(2, seed=1), machikoro.RollDice(2))
    assert type(found) is Refusal and found.rule_id == "MK-ROLL-1"
