"""Legality and its explanation agree on every move there is, and games replay exactly.

Every value of every move class is finite (two dice, 25 establishments, 7 landmarks, 5
seats), so on positions sampled from seeded random games under several option sets every
move is tried: ``explain`` is ``None`` exactly for the listed moves, and every other move is
refused by ``apply_move`` with the rule ``explain`` names, a rule of the specification.
"""

from __future__ import annotations

import pytest

import machikoro
from machikoro import GameState, Move, RulesOptions
from machikoro import moves as m
from meeplekit.rng import SplitMix64
from meeplekit.spec import Specification
from tests.support.soak import split_at

SPEC_IDS = frozenset(Specification("machikoro").rule_ids())
#: Every move there is.
EVERY_MOVE: tuple[Move, ...] = (
    *m.ROLL, m.KEEP, *m.ADD_TWO, *m.ONE_DIE, *m.TWO_DICE, *m.DRAW, *m.ACTIVATE, *m.OPPONENT,
    m.NO_TRADE, *m.BUILD, *m.BUILD_LANDMARK, m.NOTHING,
    *(m.trade(g, o, t) for g in range(25) for o in range(5) for t in range(25)),
)  # fmt: skip
OPTIONS = (
    RulesOptions(),
    RulesOptions(expansion=False),
    RulesOptions(purple_order="owner-chooses", business_center="must-trade", reroll_dice="same"),
    RulesOptions(market="all-piles", sushi_bar_cost="2"),
)
#: Check every this many moves of a game (every move would only repeat the same decisions).
EVERY = 5


def sampled_positions(game: int) -> list[GameState]:
    options = OPTIONS[game % len(OPTIONS)]
    players = 2 + game % (4 if options.expansion else 3)
    state = machikoro.new_game(players, seed=game, options=options)
    rng = SplitMix64(game)
    found = []
    played = 0
    while not machikoro.is_over(state):
        if played % EVERY == 0:
            found.append(state)
        if machikoro.current_player(state) == machikoro.CHANCE:
            move = machikoro.sample_chance(state, rng)
        else:
            move = rng.choice(machikoro.legal_moves(state))
        state = machikoro.apply_move(state, move)
        played += 1
    found.append(state)
    return found


@pytest.mark.rules("MK-FLOW-1", "MK-INPUT-1", "MK-CHANCE-1")
@pytest.mark.parametrize("game", split_at(range(8), len(OPTIONS)))  # each reading once
def test_explain_is_none_exactly_for_the_listed_moves(game: int) -> None:
    for state in sampled_positions(game):
        listed = set(machikoro.legal_moves(state))
        for move in EVERY_MOVE:
            if getattr(move, "opponent", 0) >= state.players:
                with pytest.raises(machikoro.InvalidMoveError):
                    machikoro.explain(state, move)
                continue
            refusal = machikoro.explain(state, move)
            assert (refusal is None) == (move in listed), (move, refusal, state.stack)
            assert machikoro.can_apply(state, move) == (refusal is None)
            if refusal is not None and move.__class__ is not m.Trade:
                assert refusal.rule_id in SPEC_IDS
                with pytest.raises(machikoro.IllegalMoveError) as err:
                    machikoro.apply_move(state, move)
                assert err.value.rule_id == refusal.rule_id


@pytest.mark.rules("MK-CHANCE-4", "MK-CHANCE-1")
def test_the_same_seed_and_the_same_outcomes_give_the_same_game() -> None:
    for game in range(4):
        options = OPTIONS[game]
        start = machikoro.new_game(3, seed=100 + game, options=options)
        rng = SplitMix64(game)
        states = [start]
        played: list[Move] = []
        while not machikoro.is_over(states[-1]):
            state = states[-1]
            move = (
                machikoro.sample_chance(state, rng)
                if machikoro.current_player(state) == machikoro.CHANCE
                else rng.choice(machikoro.legal_moves(state))
            )
            played.append(move)
            states.append(machikoro.apply_move(state, move))
        replay = machikoro.new_game(3, seed=100 + game, options=options)
        assert replay == start
        for move, expected in zip(played, states[1:], strict=True):
            replay = machikoro.apply_move(replay, move)
            assert replay == expected and hash(replay) == hash(expected)
        # The chance outcomes were drawn with their probabilities from the same generator:
        # the same generator gives the same moves.
        assert machikoro.from_json(machikoro.to_json(states[-1])) == states[-1]
