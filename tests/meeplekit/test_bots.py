"""The shared bots and search (meeplekit.agents.bots, meeplekit.agents.search), on a toy game and on both games."""

from __future__ import annotations

import math
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import attrs
import pytest

import harbour
import harbour.agents.bots
import harbour.agents.search
import machikoro
import machikoro.agents.bots
import machikoro.agents.search
from meeplekit.agents import bots, search
from meeplekit.protocol import sample_chance
from meeplekit.rng import SplitMix64
from tests.meeplekit import toy_game as toy

TOY = bots.bot_game(
    sys.modules[toy.__name__], seats=toy.seats, turn=toy.turn, evaluate=toy.evaluate
)


def counting(drawn: Counter[str]) -> bots.BotGame[Any, Any, Any]:
    """The toy game whose chance sampler counts its outcomes."""

    def sample(state: toy.State, rng: SplitMix64) -> str:
        outcome: str = sample_chance(toy.chance_outcomes(state), rng)
        drawn[outcome] += 1
        return outcome

    return bots.bot_game(
        sys.modules[toy.__name__], seats=toy.seats, turn=toy.turn, evaluate=toy.evaluate,
        sample=sample,
    )  # fmt: skip


def test_bot_game_reads_a_game_module() -> None:
    assert TOY.name == toy.__name__
    state = toy.new_game(p=Fraction(1, 3))
    assert TOY.legal_moves(state) == ("safe", "risky")
    assert TOY.apply_move is toy.apply_move  # no unchecked fast path: the checked one
    assert TOY.winners(toy.apply_move(toy.apply_move(state, "safe"), "pass")) == (0, 1)
    risky = toy.apply_move(state, "risky")
    assert TOY.sample_chance(risky, SplitMix64(1)) in ("hit", "miss")
    assert machikoro.agents.bots.BOT_GAME.apply_move is machikoro.apply_move_unchecked


@pytest.mark.parametrize("p", [Fraction(3, 4), Fraction(1, 4)])
def test_the_search_draws_chance_with_its_probability_and_bets_accordingly(p: Fraction) -> None:
    drawn: Counter[str] = Counter()
    bot = search.ISMCTSBot(counting(drawn), playouts=400, seed=2, playout_turns=None)
    move = bot.choose(toy.observe(toy.new_game(p=p), 0))
    # A hit is a win (1), a miss a loss (0); safe is a shared win (1/2).
    assert move == ("risky" if p > Fraction(1, 2) else "safe")
    if p > Fraction(1, 2):  # the risky bet is searched most: its draws follow p
        assert drawn["hit"] + drawn["miss"] > 200
        assert abs(drawn["hit"] / (drawn["hit"] + drawn["miss"]) - float(p)) < 0.08
    else:
        assert drawn["hit"] + drawn["miss"] >= 1


def test_the_search_is_deterministic_given_its_seed_and_refuses_bad_arguments() -> None:
    seen = toy.observe(toy.new_game(p=Fraction(1, 2)), 0)
    picks = {search.ISMCTSBot(TOY, playouts=30, seed=5).choose(seen) for _ in range(3)}
    assert len(picks) == 1
    for bad, name in (
        ({"playouts": 0}, "playouts"),
        ({"playout_turns": 0}, "playout_turns"),
        ({"epsilon": 2.0}, "epsilon"),
        ({"exploration": -1.0}, "exploration"),
        ({"temperature": 0.0}, "temperature"),
    ):
        with pytest.raises(ValueError, match=name):
            search.ISMCTSBot(TOY, **bad)
    assert search.ISMCTSBot(TOY).game is TOY


def test_a_playout_draws_chance_and_stops_at_the_end() -> None:
    bot = search.ISMCTSBot(TOY, playouts=1, seed=1, epsilon=0.0, playout_turns=None)
    end = bot._playout(toy.apply_move(toy.new_game(p=Fraction(1, 2)), "risky"))
    assert toy.is_over(end) and end.scores[0] in (0, 10)
    assert bot._utilities(end) == ([1.0, 0.0] if end.scores[0] == 10 else [0.0, 1.0])
    tied = toy.apply_move(toy.apply_move(toy.new_game(), "safe"), "pass")
    assert bot._utilities(tied) == [0.5, 0.5]
    # Before the end: a softmax of the evaluations (temperature 1).
    early = toy.apply_move(toy.new_game(), "safe")
    assert bot._utilities(early) == [0.5, 0.5]


def test_bots_refuse_to_decide_for_others_chance_or_a_finished_game() -> None:
    state = toy.new_game(p=Fraction(1, 2))
    bot = bots.RandomBot(TOY, seed=1)
    with pytest.raises(ValueError, match="Player 2 does not decide now: Player 1 does"):
        bot.choose(toy.observe(state, 1))
    risky = toy.apply_move(state, "risky")
    with pytest.raises(ValueError, match="chance does"):
        bot.choose(toy.observe(risky, 0))
    over = toy.apply_move(toy.apply_move(state, "safe"), "pass")
    with pytest.raises(ValueError, match="over"):
        search.ISMCTSBot(TOY, playouts=3).choose(toy.observe(over, 0))
    assert isinstance(bot, bots.Bot)


def test_the_random_bot_is_uniform_and_seeded() -> None:
    seen = toy.observe(toy.new_game(), 0)
    picks = Counter(bots.RandomBot(TOY, seed=s).choose(seen) for s in range(400))
    assert set(picks) == {"safe", "risky"} and 150 < picks["safe"] < 250
    assert bots.RandomBot(TOY, seed=3).choose(seen) == bots.RandomBot(TOY, seed=3).choose(seen)


def test_both_games_bots_are_the_shared_ones() -> None:
    assert isinstance(harbour.agents.bots.RandomBot(1), bots.RandomBot)
    assert isinstance(harbour.agents.search.ISMCTSBot(10), search.ISMCTSBot)
    assert harbour.agents.search.ISMCTSBot(10).game is harbour.agents.bots.BOT_GAME
    assert isinstance(machikoro.agents.bots.RandomBot(1), bots.RandomBot)
    assert isinstance(machikoro.agents.search.ISMCTSBot(10), search.ISMCTSBot)
    assert machikoro.agents.search.ISMCTSBot(10).game is machikoro.agents.bots.BOT_GAME
    for game in (harbour, machikoro):
        state = game.new_game(2, seed=3)
        seat = game.current_player(state)
        for bot in (game.agents.bots.RandomBot(2), game.agents.search.ISMCTSBot(5, seed=2)):
            assert isinstance(bot, bots.Bot) and isinstance(bot, game.agents.bots.Bot)
            assert bot.choose(game.observe(state, seat)) in game.legal_moves(state)


# --------------------------------------------------------------------------- a wide game


@attrs.frozen
class _Pick:
    """Player 1 picks a number from 0 to 19; 13 wins, any other loses. Its own observation too."""

    picked: int | None = None
    viewer: int | None = 0

    @property
    def decider(self) -> int:
        return 0

    @property
    def is_over(self) -> bool:
        return self.picked is not None


def _pick_game(
    policy: Callable[[_Pick, Sequence[int]], int | None] | None = None,
    prior: Callable[[_Pick, Sequence[int]], Sequence[float] | None] | None = None,
) -> bots.BotGame[_Pick, _Pick, int]:
    def never(state: _Pick, rng: SplitMix64) -> int:
        raise AssertionError("the game has no chance")

    return bots.BotGame(
        name="pick",
        determinize=lambda seen, rng: seen,
        legal_moves=lambda state: tuple(range(20)),
        apply_move=lambda state, move: _Pick(move),
        current_player=lambda state: 0,
        is_over=lambda state: state.picked is not None,
        winners=lambda state: (0,) if state.picked == 13 else (1,),
        seats=lambda state: 2,
        turn=lambda state: 0 if state.picked is None else 1,
        sample_chance=never,
        evaluate=lambda state, seat: 0.0,
        policy=policy,
        prior=prior,
    )


def _closeness(state: _Pick, moves: Sequence[int]) -> list[float]:
    """The prior of the wide game: the nearer 13, the sooner."""
    return [-abs(move - 13) for move in moves]


def test_progressive_widening_adds_children_as_visits_grow_best_by_the_prior_first() -> None:
    bot = search.ISMCTSBot(_pick_game(prior=_closeness), playouts=1, seed=3, widening=0.5)
    root: search._Node[int] = search._Node(-1)
    ranked = sorted(range(20), key=lambda move: abs(move - 13))
    for visits in range(1, 120):
        bot._iterate(root, _Pick())
        allowed = min(20, math.ceil(visits**0.5))
        assert len(root.children) == allowed, visits
        assert set(root.children) == set(ranked[:allowed])  # the prior's best are kept
    assert bot.choose(_Pick()) == 13
    # Without widening every legal move is a child after as many iterations as moves.
    wide = search.ISMCTSBot(_pick_game(prior=_closeness), playouts=1, seed=3)
    root = search._Node(-1)
    for _ in range(20):
        wide._iterate(root, _Pick())
    assert len(root.children) == 20
    # Without a prior, widening draws the new child with the bot's generator.
    drawn = search.ISMCTSBot(_pick_game(), playouts=1, seed=3, widening=0.5)
    root = search._Node(-1)
    for _ in range(4):
        drawn._iterate(root, _Pick())
    assert len(root.children) == 2
    with pytest.raises(ValueError, match="widening"):
        search.ISMCTSBot(TOY, widening=1.5)


class _Clock:
    """A clock that moves on by ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_time_budget_stops_the_search_between_iterations() -> None:
    seen = _Pick()
    # Read once to set the deadline (0.1 + 0.35) and once after each iteration: 0.2 ...
    bot = search.ISMCTSBot(_pick_game(), playouts=None, seconds=0.35, clock=_Clock(0.1))
    bot.choose(seen)
    assert bot.searched == 4  # after the 4th iteration the clock reads 0.5, past 0.45
    capped = search.ISMCTSBot(_pick_game(), playouts=7, seconds=100.0, clock=_Clock(0.1))
    capped.choose(seen)
    assert capped.searched == 7  # the playouts stop it first
    slow = search.ISMCTSBot(_pick_game(), playouts=None, seconds=0.01, clock=_Clock(1.0))
    slow.choose(seen)
    assert slow.searched == 1  # one iteration at least
    counted = search.ISMCTSBot(_pick_game(), playouts=9)
    counted.choose(seen)
    assert counted.searched == 9 and counted.clock is time.perf_counter
    with pytest.raises(ValueError, match="playouts may be None only with"):
        search.ISMCTSBot(TOY, playouts=None)


def test_without_a_budget_the_choice_follows_from_the_seed_alone() -> None:
    game = _pick_game(prior=_closeness)
    picks = {
        search.ISMCTSBot(game, playouts=40, seed=8, widening=0.5).choose(_Pick()) for _ in range(3)
    }
    assert len(picks) == 1
    root_a: search._Node[int] = search._Node(-1)
    root_b: search._Node[int] = search._Node(-1)
    a = search.ISMCTSBot(_pick_game(), playouts=1, seed=8)
    b = search.ISMCTSBot(_pick_game(), playouts=1, seed=8)
    for _ in range(12):
        a._iterate(root_a, _Pick())
        b._iterate(root_b, _Pick())
    assert list(root_a.children) == list(root_b.children)


def test_the_playout_takes_the_games_policy_else_the_greedy_step() -> None:
    asked: list[tuple[int, ...]] = []

    def last(state: _Pick, moves: Sequence[int]) -> int:
        asked.append(tuple(moves))
        return moves[-1]

    bot = search.ISMCTSBot(_pick_game(policy=last), playouts=1, epsilon=0.0)
    assert bot._playout(_Pick()) == _Pick(19) and asked == [tuple(range(20))]
    # A policy that answers None leaves the move to the greedy step (all equal: the first).
    silent = search.ISMCTSBot(_pick_game(policy=lambda s, m: None), playouts=1, epsilon=0.0)
    assert silent._playout(_Pick()) == _Pick(0)
