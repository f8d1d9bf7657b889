"""The one sampler (``machikoro.sample_chance``) and the outcomes it draws from agree.

Every tool that draws Machi Koro's chance draws with ``machikoro.sample_chance``; a tool
that has only the outcomes (``chance_outcomes``) draws with the shared sampler, which must
give what the plain draw over the fractions gives.
"""

from __future__ import annotations

import math
from fractions import Fraction

import attrs
import pytest

import machikoro
from machikoro import GameState, Move, RulesOptions
from machikoro.agents.bots import BOT_GAME
from machikoro.info import INFO
from machikoro.state import PendingDraw
from meeplekit.agents.bots import bot_game
from meeplekit.protocol import ChanceGame, sample_chance
from meeplekit.rng import SplitMix64

#: mypy checks here that the module machikoro provides every function of the protocol of a
#: game with chance nodes, its sampler included.
MACHIKORO: ChanceGame[GameState, Move] = machikoro


def chance_nodes(players: int, options: RulesOptions, seed: int) -> list[GameState]:
    """Every chance node of a random game (chance drawn with the game's sampler)."""
    state = machikoro.new_game(players, seed=seed, options=options)
    rng = SplitMix64(seed)
    found = []
    while not machikoro.is_over(state):
        if machikoro.current_player(state) == machikoro.CHANCE:
            found.append(state)
            move = machikoro.sample_chance(state, rng)
        else:
            move = rng.choice(machikoro.legal_moves(state))
        state = machikoro.apply_move_unchecked(state, move)
    return found


NODES = [
    node
    for players, options, seed in (
        (2, RulesOptions(), 3),
        (4, RulesOptions(), 8),
        (3, RulesOptions(expansion=False), 5),
        (5, RulesOptions(market="all-piles"), 13),
    )
    for node in chance_nodes(players, options, seed)
]


def plain_draw(outcomes: tuple[tuple[Move, Fraction], ...], rng: SplitMix64) -> Move:
    """The shared sampler's draw, written out: one draw below the common denominator."""
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    draw = rng.below(denominator)
    for move, p in outcomes:
        weight = p.numerator * denominator // p.denominator
        if draw < weight:
            return move
        draw -= weight
    raise AssertionError("the weights sum to the denominator")


def test_the_sampler_is_the_packages_and_every_tools() -> None:
    assert machikoro.sample_chance is machikoro.chance.sample_chance
    assert machikoro.chance.sample is machikoro.sample_chance  # the former name, kept
    assert "sample_chance" in machikoro.__all__
    assert BOT_GAME.sample_chance is machikoro.sample_chance
    assert INFO.play.sample_chance is machikoro.sample_chance
    made = bot_game(machikoro, seats=len, turn=len, evaluate=lambda state, seat: 0.0)
    assert made.sample_chance is machikoro.sample_chance  # a module's own sampler first


@pytest.mark.rules("MK-CHANCE-1", "MK-CHANCE-2", "MK-CHANCE-3")
def test_every_sampled_outcome_is_one_of_the_outcomes_which_sum_to_one() -> None:
    kinds = {type(node.stack[-1]).__name__ for node in NODES}
    assert kinds == {"PendingDice", "PendingDraw", "PendingTunaRoll"}
    rng = SplitMix64(99)
    for node in NODES:
        outcomes = machikoro.chance_outcomes(node)
        assert sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
        assert tuple(m for m, _ in outcomes) == machikoro.legal_moves(node)
        assert machikoro.sample_chance(node, rng) in dict(outcomes)
        if type(node.stack[-1]) is PendingDraw:
            total = sum(node.deck)
            assert outcomes == tuple(
                (machikoro.Draw(k), Fraction(n, total)) for k, n in enumerate(node.deck) if n
            )


def test_the_dice_outcomes_are_one_tuple_given_again() -> None:
    rolls = [machikoro.chance_outcomes(n) for n in NODES if type(n.stack[-1]) is not PendingDraw]
    assert {len(found) for found in rolls} == {6, 21}
    assert len({id(found) for found in rolls}) == 2  # one tuple for one die, one for two


@pytest.mark.rules("MK-CHANCE-3")
def test_a_market_draw_is_drawn_with_its_probability() -> None:
    node = next(n for n in NODES if type(n.stack[-1]) is PendingDraw and len(set(n.deck) - {0}) > 2)
    rng = SplitMix64(2026)
    draws = 20_000
    counts: dict[Move, int] = {}
    for _ in range(draws):
        move = machikoro.sample_chance(node, rng)
        counts[move] = counts.get(move, 0) + 1
    outcomes = machikoro.chance_outcomes(node)
    assert set(counts) <= set(dict(outcomes))
    for move, probability in outcomes:
        expected = draws * probability
        assert abs(counts.get(move, 0) - expected) < 5 * expected**0.5 + 1, move


def test_the_shared_sampler_draws_as_the_plain_draw_over_the_fractions() -> None:
    # The shared sampler remembers the weights of a tuple it met (the dice's): the draws
    # stay those of the plain draw, whatever tuples come between.
    mine, plain = SplitMix64(7), SplitMix64(7)
    for node in NODES * 2:
        outcomes = machikoro.chance_outcomes(node)
        assert sample_chance(outcomes, mine) == plain_draw(outcomes, plain)
        assert sample_chance(list(outcomes), mine) == plain_draw(outcomes, plain)


def test_an_empty_deck_has_no_outcomes_and_the_sampler_refuses_it() -> None:
    state = machikoro.new_game(2, seed=1)  # a position no game reaches: a draw, no deck
    empty = attrs.evolve(state, deck=(0,) * len(state.deck), stack=(*state.stack, PendingDraw()))
    assert machikoro.chance_outcomes(empty) == ()
    assert machikoro.chance_outcomes(state) == ()  # a player decides
    with pytest.raises(machikoro.InvalidValueError):
        machikoro.sample_chance(empty, SplitMix64(1))
