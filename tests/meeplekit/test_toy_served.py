"""The proof: a game with no glue of its own, served by every shared tool from its entry point.

The toy race (``tests/meeplekit/toy``: the game module and its description, nothing else)
is registered by its test-only distribution ``toy-race``, whose ``entry_points.txt`` names
it under ``meeplekit.games`` (``tests/conftest.py`` puts the distribution on ``sys.path``,
as an install would): nothing registers it by hand. Each test below reaches it by its name
only, through the shared tool it checks: the registry, the conformance suite's state
machine, the lab, the command (``simulate``, ``replay``), OpenSpiel and PettingZoo.
"""

from __future__ import annotations

import json
import pickle
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

from meeplekit.demo import bot_seed, chance_seed
from meeplekit.lab import GameResult, Job, play_one, run
from meeplekit.protocol import CHANCE
from meeplekit.registry import ENTRY_POINTS, load_game, load_info, registered_names
from meeplekit.rng import SplitMix64
from meeplekit.testing import GameMachine
from tests.meeplekit import toy
from tests.meeplekit.toy import info as toy_info


def test_the_toy_is_registered_by_its_distributions_entry_point() -> None:
    points = [p for p in entry_points(group=ENTRY_POINTS) if p.name == "toy"]
    assert len(points) == 1
    point = points[0]
    assert point.value == "tests.meeplekit.toy" and point.dist is not None
    assert point.dist.name == "toy-race"
    assert "toy" in registered_names()
    assert load_info("toy") is toy_info.INFO
    game: object = load_game("toy")
    assert game is toy


def test_the_conformance_machine_plays_the_toy() -> None:
    info = load_info("toy")
    specification = info.specification
    assert specification is not None
    ids = frozenset(specification.rule_ids())

    class ToyMachine(GameMachine[Any, Any]):
        game = load_game("toy")
        rule_ids = ids
        players = tuple(info.players.counts)

    run_state_machine_as_test(
        ToyMachine, settings=settings(max_examples=10, stateful_step_count=40, deadline=None)
    )
    assert ToyMachine.rule_ids == {"TOY-1", "TOY-2", "TOY-3", "TOY-4"}


def _by_hand(seed: int, players: int) -> tuple[toy.State, int]:
    """The game a lab job plays, played here: random bots, chance drawn from the seed."""
    bots = [toy_info.random_bot(bot_seed(seed, seat)) for seat in range(players)]
    state = toy.new_game(players, seed=seed)
    chance = SplitMix64(chance_seed(seed))
    decisions = 0
    while not toy.is_over(state):
        seat = toy.current_player(state)
        if seat == CHANCE:
            move = toy_info.PLAY.sample_chance(state, chance)
        else:
            move = bots[seat].choose(toy.observe(state, seat))
            decisions += 1
        state = toy.apply_move(state, move)
    return state, decisions


def test_the_lab_plays_the_toy_by_name() -> None:
    jobs = [Job("toy", seed=s, bots=("random",) * 3) for s in range(4)]
    results = run(jobs)
    for job, result in zip(jobs, results, strict=True):
        end, decisions = _by_hand(job.seed, 3)
        assert result.points == end.scores and result.winners == toy.outcome(end).winners
        assert result.decisions == decisions and result.turns == end.turns
        assert GameResult.from_json(result.to_json()) == result
    assert run(jobs, workers=2) == results  # the jobs travel to worker processes
    with pytest.raises(ValueError, match="seats 2 to 3 bots"):
        Job("toy", seed=1, bots=("random",) * 4)
    cut = play_one(Job("toy", seed=2, bots=("random", "random"), max_decisions=1))
    assert not cut.finished and cut.decisions == 1


def test_the_command_simulates_and_replays_the_toy(tmp_path: Path) -> None:
    pytest.importorskip("click")
    from click.testing import CliRunner

    from meeplekit.cli.app import command

    group = command("toy")
    assert set(group.commands) == {"play", "simulate", "compare", "replay", "rule", "position"}
    runner = CliRunner(env={"COLUMNS": "100"})
    out = tmp_path / "games.jsonl"
    args = ["simulate", "--games", "3", "--players", "2", "--seed", "5", "--out", str(out)]
    result = runner.invoke(group, args)
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert [GameResult.from_json(line) for line in lines] == run(
        [Job("toy", seed=s, bots=("random", "random")) for s in range(5, 8)]
    )
    assert json.loads(lines[0])["options"] == {}
    start = toy.new_game(2, seed=9)
    state, moves = start, []
    while not toy.is_over(state):
        move = toy.legal_moves(state)[-1]  # roll, and the best face
        moves.append(move)
        state = toy.apply_move(state, move)
    record = tmp_path / "game.txt"
    record.write_text(toy.write_record(start, moves), encoding="utf-8")
    replayed = runner.invoke(group, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.splitlines()[0] == "A toy race of 2 players to 6, seed 9."
    assert toy.describe_outcome(state) in replayed.output
    assert replayed.output.count("Chance: +3") == moves.count("+3")
    rule = runner.invoke(group, ["rule", "toy 3"])
    assert rule.exit_code == 0 and rule.output.startswith("TOY-3: The roll")


def test_openspiel_serves_the_toy_by_name() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from meeplekit import openspiel

    served = openspiel.served("toy")
    assert served.game.__name__ == "ToyRaceGame" and served.game_type.short_name == "python_toy"
    game = pyspiel.load_game("python_toy", {"players": 3, "target": 10, "hold_scores": True})
    assert game.num_players() == 3 and game.num_distinct_actions() == len(toy.MOVES)
    assert pickle.loads(pickle.dumps(game)).get_parameters() == game.get_parameters()
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(seed, 1 / 16) for seed in range(16)]
    state.apply_action(5)  # the setup seed: Player 3 (5 % 3) starts
    assert state.current_player() == 2 and state.legal_actions() == [0, 1]
    state.apply_action(1)  # roll
    assert state.chance_outcomes() == [(2, 1 / 2), (3, 1 / 3), (4, 1 / 6)]
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_pettingzoo_serves_the_toy_by_name() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from meeplekit import pettingzoo

    served = pettingzoo.served("toy")
    assert served.raw_env.metadata["name"] == "toy_v0"
    environment = served.raw_env(players=3, options=toy.Options(target="10"))
    assert environment.players == 3 and environment.options.target is toy.Target.LONG
    api_test(served.env(players=3), num_cycles=40)
