"""Machi Koro in the rules lab: a job's game, its result line, and the jobs refused."""

from __future__ import annotations

import io
import json

import pytest

import machikoro
from machikoro.demo import play
from machikoro.info import INFO, MAX_DECISIONS
from machikoro.moves import BuildEstablishment, BuildLandmark, Move
from machikoro.scoring import landmarks_built
from meeplekit.demo import bot_seed, chance_seed
from meeplekit.lab import GameResult, Job, play_one, run
from meeplekit.registry import load_info
from meeplekit.rng import SplitMix64


def _by_hand(
    seed: int, bots: tuple[str, ...], options: machikoro.RulesOptions, limit: int = 10_000
) -> tuple[machikoro.GameState, list[tuple[int, Move]]]:
    """The game of a job played here, as MK-LAB-1 says: its end and its moves by seat."""
    players = [INFO.bots.make(name, bot_seed(seed, seat)) for seat, name in enumerate(bots)]
    state = machikoro.new_game(len(bots), seed=seed, options=options)
    chance = SplitMix64(chance_seed(seed))
    moves: list[tuple[int, Move]] = []
    decisions = 0
    while not machikoro.is_over(state) and decisions < limit:
        seat = machikoro.current_player(state)
        if seat == machikoro.CHANCE:
            move = machikoro.sample_chance(state, chance)
        else:
            move = players[seat].choose(machikoro.observe(state, seat))
            decisions += 1
        moves.append((seat, move))
        state = machikoro.apply_move(state, move)
    return state, moves


def _names(moves: list[tuple[int, Move]], players: int) -> list[list[str]]:
    cards = machikoro.cards.catalogue.card_set()
    built: list[list[str]] = [[] for _ in range(players)]
    for seat, move in moves:
        if isinstance(move, BuildEstablishment):
            built[seat].append(cards.establishment(move.establishment).name)
        elif isinstance(move, BuildLandmark):
            built[seat].append(cards.landmark(move.landmark).name)
    return built


@pytest.mark.rules("MK-LAB-1", "MK-LAB-2")
def test_a_job_plays_the_game_its_seeds_say() -> None:
    options = machikoro.RulesOptions()
    job = Job("machikoro", seed=2014, bots=("greedy", "random", "greedy"))
    result = play_one(job)
    state, moves = _by_hand(2014, job.bots, options)
    end = machikoro.outcome(state)
    assert result.finished and result.winners == end.winners and result.points == end.points
    assert result.decisions == sum(seat != machikoro.CHANCE for seat, _ in moves)
    assert result.turns == state.turn
    assert [list(names) for names in result.extra["built"]] == _names(moves, 3)
    # The demo's game of the same seed and bots is the same game (MK-DEMO-1).
    demo_bots = [INFO.bots.make("greedy", bot_seed(2014, s)) for s in range(3)]
    demo_bots[1] = INFO.bots.make("random", bot_seed(2014, 1))
    demo_moves: list[Move] = []
    start = machikoro.new_game(3, seed=2014)
    after = play(start, demo_bots, io.StringIO(), SplitMix64(chance_seed(2014)), demo_moves)
    assert demo_moves == [move for _, move in moves] and after == state


@pytest.mark.rules("MK-LAB-2")
def test_the_result_line_holds_the_fields_in_order() -> None:
    options = machikoro.RulesOptions(expansion=False, reroll_dice="same")
    result = play_one(Job("machikoro", seed=9, bots=("greedy", "greedy"), options=options))
    line = result.to_json()
    data = json.loads(line)
    assert list(data) == [
        "seed",
        "players",
        "bots",
        "options",
        "points",
        "winners",
        "decisions",
        "turns",
        "built",
        "landmarks",
        "finished",
    ]
    assert data["options"] == {"expansion": False, "reroll_dice": "same"}
    assert GameResult.from_json(line) == result
    # The base game: four landmarks to complete, the winner's points (MK-WIN-2).
    winner = result.winners[0]
    assert result.points[winner] == 4
    assert data["landmarks"][winner] == [
        "Train Station",
        "Shopping Mall",
        "Amusement Park",
        "Radio Tower",
    ]
    for seat in range(2):
        landmarks = [n for n in data["built"][seat] if n in data["landmarks"][seat]]
        assert sorted(landmarks) == sorted(data["landmarks"][seat])
        assert len(data["landmarks"][seat]) == result.points[seat]


@pytest.mark.rules("MK-LAB-2")
def test_the_establishments_built_are_what_the_table_gained() -> None:
    # The Business Center's trades move cards between cities; only building adds them.
    result = play_one(Job("machikoro", seed=3, bots=("greedy",) * 4))
    state, _ = _by_hand(3, ("greedy",) * 4, machikoro.RulesOptions())
    start = machikoro.new_game(4, seed=3)
    gained = sum(map(sum, state.establishments)) - sum(map(sum, start.establishments))
    landmarks = sum(len(names) for names in result.extra["landmarks"])
    assert sum(len(names) for names in result.extra["built"]) == gained + landmarks


@pytest.mark.rules("MK-LAB-2")
def test_a_game_past_its_decision_limit_is_written_unfinished() -> None:
    assert INFO.max_decisions == MAX_DECISIONS
    assert Job("machikoro", seed=1, bots=("random", "random")).max_decisions == MAX_DECISIONS
    result = play_one(Job("machikoro", seed=7, bots=("random", "greedy"), max_decisions=30))
    state, _ = _by_hand(7, ("random", "greedy"), machikoro.RulesOptions(), limit=30)
    assert not machikoro.is_over(state)
    assert not result.finished and result.winners == () and result.decisions == 30
    assert result.points == tuple(landmarks_built(state, s) for s in range(2))
    assert result.turns == state.turn
    assert '"finished":false' in result.to_json()
    assert GameResult.from_json(result.to_json()) == result


@pytest.mark.rules("MK-LAB-1")
def test_the_search_bot_plays_with_its_playouts() -> None:
    job = Job("machikoro", seed=5, bots=("ismcts", "random"), playouts=3, max_decisions=40)
    result = play_one(job)
    assert result.bots == ("ismcts", "random") and result.decisions == 40
    assert run([job], workers=2) == [result]


@pytest.mark.rules("MK-LAB-1", "MK-PLAYERS-1")
def test_jobs_the_game_refuses_are_refused_when_made() -> None:
    base = machikoro.RulesOptions(expansion=False)
    Job("machikoro", seed=1, bots=("random",) * 5)  # five players with the expansion
    cases: list[tuple[dict[str, object], str]] = [
        ({"bots": ("random",) * 5, "options": base}, "2 to 4 players, got 5"),
        ({"bots": ("random",) * 6}, "2 to 5 bots, got 6"),
        ({"bots": ("random", "clever")}, "unknown bot 'clever': choose from random, greedy"),
        ({"bots": ("random", "random"), "variant": base}, "has no variant"),
        ({"bots": ("random", "random"), "options": {"expansion": False}}, "RulesOptions"),
    ]
    for fields, message in cases:
        with pytest.raises(ValueError, match=message):
            Job("machikoro", seed=1, **fields)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown bot"):
        INFO.bots.make("clever", 1)
    assert load_info("machikoro") is INFO
