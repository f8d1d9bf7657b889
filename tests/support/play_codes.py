"""Checks that ``GAME play`` accepts a position code (``--position``) and shows the seat's.

Each game's tests call them under its own clause (POSCODE-7, MK-POSCODE-7, BH-POSCODE-7).
For every game: a game started from a mid-game code starts from exactly that position
(the record's start reads back equal to it); ``code`` during the game prints, on one line,
the code of what the human's seat sees, which reads back as that seat's observation; a
seat's code, a code that does not read, a finished game and options the position fixes
are refused as usage errors naming what is wrong.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

import click
from click.testing import CliRunner

from meeplekit.cli import app
from meeplekit.protocol import CHANCE, sample_chance
from meeplekit.rng import SplitMix64


def group(game: str) -> click.Group:
    """The game's command group (:func:`meeplekit.cli.app.command`)."""
    command: click.Group = app.command(game)
    return command


def human_to_move(module: ModuleType, players: int, seed: int, after: int) -> Any:
    """A position of a seeded game, at least ``after`` moves in, where seat 0 decides."""
    state = module.new_game(players, seed=seed)
    count = 0
    while count < after or module.current_player(state) != 0:
        assert not module.is_over(state)
        if module.current_player(state) == CHANCE:
            move = module.chance_outcomes(state)[0][0]
        else:
            moves = module.legal_moves(state)
            move = moves[count % len(moves)]
        state = module.apply_move(state, move)
        count += 1
    return state


def play(game: str, args: list[str], typed: str) -> click.testing.Result:
    """``GAME play ARGS`` with ``typed`` as standard input, 80 columns wide."""
    return CliRunner().invoke(group(game), ["play", *args], input=typed, env={"COLUMNS": "80"})


def check_play_starts_from_a_code_and_shows_the_seats_code(game: str, tmp_path: Path) -> None:
    """A game from a mid-game code starts there; ``code`` prints the seat's code, one line."""
    module = importlib.import_module(game)
    start = human_to_move(module, 2, 11, 7)
    record = tmp_path / "game.txt"
    result = play(
        game,
        ["--position", module.code(start), "--seed", "5", "--record", str(record)],
        "code\nquit\n",
    )
    assert result.exit_code == 0, result.output
    seat_code = module.code(start, viewer=0)
    assert seat_code in result.output.splitlines()  # one line, never wrapped
    assert module.from_code(seat_code) == module.observe(start, 0)
    assert module.code(start) not in result.output  # the whole position stays unsaid
    read = importlib.import_module(f"{game}.interchange.records").read_record(
        record.read_text("utf-8")
    )
    assert read.start == start
    assert list(read.moves) == []


def check_play_refuses_a_code_it_cannot_start_from(game: str) -> None:
    """Fixed options beside a code, a seat's code, a cut code, a seat too many: usage errors."""
    module = importlib.import_module(game)
    start = human_to_move(module, 2, 12, 3)
    whole = module.code(start)
    refused = {
        "--players": (["--position", whole, "--players", "2"], "leave out --players"),
        "a seat's code": (["--position", module.code(start, viewer=1)], "a seat's code"),
        "unreadable": (["--position", whole[: len(whole) // 2]], "--position"),
        "seat": (["--position", whole, "--seat", "4"], "seat 4 of the position's 2 players"),
    }
    for name, (args, expected) in refused.items():
        result = play(game, args, "quit\n")
        assert result.exit_code == 2, (name, result.output)
        assert expected in result.output, (name, result.output)
        assert "Traceback" not in result.output


def check_play_refuses_a_finished_games_code(game: str) -> None:
    """A code of a finished game is no game to play."""
    module = importlib.import_module(game)
    state = module.new_game(2, seed=13)
    bots = importlib.import_module(f"{game}.agents.bots")
    bot, rng = bots.GreedyBot(seed=13), SplitMix64(13)
    while not module.is_over(state):
        if module.current_player(state) == CHANCE:
            state = module.apply_move(state, sample_chance(module.chance_outcomes(state), rng))
        else:
            choice = bot.choose(module.observe(state, module.current_player(state)))
            state = module.apply_move(state, choice)
    result = play(game, ["--position", module.code(state)], "quit\n")
    assert result.exit_code == 2, result.output
    assert "the position's game is over" in result.output
