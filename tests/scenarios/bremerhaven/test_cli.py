"""The ``bremerhaven`` command: every command, a whole game from the terminal, and its errors.

Each problem of the input or the surroundings is one line, never a traceback: bad files,
outputs that cannot be written (refused before any game is played), bad encodings, unknown
cards and rules, missing extras and the end of input.
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

from click.testing import CliRunner, Result

import bremerhaven
from bremerhaven.cards import CATALOGUE, ORIGINAL, write_cards
from bremerhaven.cli import main
from bremerhaven.cli.pieces import card_entries, menu_group
from bremerhaven.info import INFO
from bremerhaven.interchange.records import read_record, replay, write_record
from bremerhaven.specification import SPECIFICATION
from bremerhaven.state import GameState
from bremerhaven.views.narrate import describe_outcome, describe_setup
from bremerhaven.views.view import render
from meeplekit.cli import play as shared_play
from meeplekit.cli.app import command as game_command
from meeplekit.cli.app import command_group
from meeplekit.cli.lab_commands import compare_command, simulate_command
from meeplekit.cli.play import play_game
from meeplekit.demo import bot_seed
from meeplekit.lab import GameResult, Job, run
from tests.support.screens import play_on_screen

command = game_command("bremerhaven")
ROOT = Path(__file__).resolve().parents[3]
SECRET = 12345678901234567890


def invoke(
    args: list[str], text: str | bytes = "", columns: int = 100, rows: int | None = None
) -> Result:
    """The command run with ``text`` as input, on a terminal of ``columns`` (and ``rows``:
    24 by default, where long menus come in groups; a tall one shows every move at once)."""
    env = {"COLUMNS": str(columns), **({"LINES": str(rows)} if rows else {})}
    result = CliRunner(env=env).invoke(command, args, input=text)
    assert "Traceback" not in result.output
    return result


def one_error_line(result: Result, code: int = 1) -> str:
    """The one line of a refusal (its exit status checked)."""
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error")]
    assert len(errors) == 1, result.stderr
    return errors[0]


def flat(text: str) -> str:
    """The text with its line wrapping undone."""
    return " ".join(text.split())


def answers(*texts: str) -> Iterator[str]:
    yield from texts


def first_move_game(
    seed: int, players: int, bot: str, seat: int = 0
) -> tuple[GameState, list[bremerhaven.Move]]:
    """The game the human in ``seat`` plays by always answering 1, computed without the command."""
    state = bremerhaven.new_game(players, seed=seed)
    bots = [INFO.bots.make(bot, bot_seed(seed, s), 1000) for s in range(players)]
    moves = []
    while not bremerhaven.is_over(state):
        decider = bremerhaven.current_player(state)
        if decider == seat:
            move = bremerhaven.legal_moves(state)[0]
        else:
            move = bots[decider].choose(bremerhaven.observe(state, decider))
        moves.append(move)
        state = bremerhaven.apply_move(state, move)
    return state, moves


def states_of(start: GameState, moves: list[bremerhaven.Move]) -> list[GameState]:
    states = [start]
    for move in moves:
        states.append(bremerhaven.apply_move(states[-1], move))
    return states


class NoGames:
    """Stands in for the lab's run: fails if a game is played."""

    def __call__(self, *args: Any, **kwargs: Any) -> list[Any]:
        raise AssertionError("a game was played before the problem was found")


def guarded() -> Any:
    """The bremerhaven command whose simulate and compare may not play any game."""
    return command_group(
        INFO,
        [
            shared_play.play_command(INFO),
            simulate_command(INFO, run=NoGames()),
            compare_command(INFO, run=NoGames()),
        ],
    )


def card_file(tmp_path: Path, name: str = "my copy", change: tuple[str, str] = ("", "")) -> Path:
    """The original set's values in a card file of another name, one text changed."""
    text = write_cards(ORIGINAL).replace('name = "original v1"', f'name = "{name}"')
    text = text.replace('origin = "original"\n', "").replace(*change, 1)
    path = tmp_path / "copy.toml"
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- the command


@pytest.mark.rules("BH-CLI-1")
def test_the_command_has_every_command_and_the_demos_options() -> None:
    result = invoke(["--help"])
    assert result.exit_code == 0
    for name in ("play", "simulate", "compare", "replay", "cards", "rule"):
        assert re.search(rf"^  {name} ", result.output, re.MULTILINE), name
    assert invoke(["--version"]).output == f"bremerhaven, version {bremerhaven.__version__}\n"
    from bremerhaven.demo import build_parser

    demo_flags = {flag for action in build_parser()._actions for flag in action.option_strings}
    readings = {f for f in demo_flags if f not in ("-h", "--help", "--record")}
    assert {"--players", "--seed", "--bot", "--game", "--leftover-contracts"} <= readings
    for name in ("play", "simulate", "compare"):
        cmd = command.commands[name]
        flags = {flag for param in cmd.params for flag in [*param.opts, *param.secondary_opts]}
        assert readings | {"--cards"} <= flags, (name, readings - flags)
    text = flat(invoke(["simulate", "--help"]).output)
    assert "--players INTEGER RANGE 1 to 4 [default: 3; 1<=x<=4]" in text
    assert "--cards TEXT 'original' or a card file (TOML or JSON) [default: original]" in text
    assert "--leftover-contracts [as-due|ignored]" in text
    assert "BH-INT-7:" in text and "(default)" in text
    assert "--bot [random|greedy|ismcts] the bot of every seat [default: greedy]" in text


@pytest.mark.rules("BH-CLI-1", "BH-INT-7", "BH-INT-12", "BH-CARD-14")
def test_bad_arguments_are_one_line_naming_the_problem(tmp_path: Path) -> None:
    bad = card_file(tmp_path, change=("lay_time = 2", "lay_time = 9"))
    cases = [
        (["simulate", "--players", "5"], "5 is not in the range 1<=x<=4"),
        (["simulate", "--players", "0"], "0 is not in the range 1<=x<=4"),
        (["simulate", "--bots", "greedy,random"], "2 bots for 3 players"),
        (["simulate", "--bots", "greedy,clever,random"], "unknown bot 'clever'"),
        (["compare", "--variant", "leftover-contracts=sideways"], "(BH-INT-7) must be one of"),
        (["compare", "--variant", "colour=red"], "not FIELD=VALUE"),
        (["compare", "--variant", "bank-counts=maybe"], "bank-counts is a switch: on or off"),
        (["compare", "--variant", "bot=clever"], "unknown bot 'clever'"),
        (["compare", "--variant", "cards=nowhere.toml"], "neither 'original' nor a card file"),
        (["play", "--players", "2", "--seat", "3"], "seat 3 of 2 players"),
        (["play", "--players", "1", "--seat", "2"], "seat 2 of 1 players"),
        (["simulate", "--seed", str(2**64 - 1), "--games", "2"], "seeds run past 2**64 - 1"),
        (["simulate", "--cards", "nowhere.toml"], "'nowhere.toml' is neither 'original' nor"),
        (["simulate", "--cards", str(bad)], "ships[0].lay_time"),
    ]
    for args, message in cases:
        result = CliRunner(env={"COLUMNS": "100"}).invoke(guarded(), args)
        line = one_error_line(result, code=2)
        assert message in line, (args, line)


# --------------------------------------------------------------------------- play


@pytest.mark.rules("BH-CLI-2", "BH-CLI-3", "BH-NARR-1", "BH-NOTATION-6")
def test_a_whole_game_from_the_terminal() -> None:
    # A tall terminal: every menu shows every move, so that each answer is a decision.
    args = ["play", "--players", "2", "--seed", "3", "--bot", "random"]
    result = invoke(args, "1\n" * 1000, rows=1000)
    assert result.exit_code == 0, result.output
    out = result.output
    start = bremerhaven.new_game(2, seed=3)
    # The setup is told without the seed: the state keeps none.
    assert flat(out).startswith(flat(describe_setup(start, show_seed=False)))
    assert "seed 3" not in out and "The game's seed was" not in out
    end, moves = first_move_game(3, 2, "random")
    assert flat(out).endswith(flat(describe_outcome(end)))
    # The human answered every decision of seat 0, each after the menu and the table.
    states = states_of(start, moves)
    asked = out.count("Your move (number, notation, 'help', 'undo' or 'quit')")
    assert asked == sum(bremerhaven.current_player(s) == 0 for s in states[:-1])
    menu = shared_play.menu(INFO, start, bremerhaven.legal_moves(start))
    first = next(s for s in states if bremerhaven.current_player(s) == 0)
    assert flat(render(first, viewer=0)) in flat(out)
    assert flat(shared_play.menu(INFO, first, bremerhaven.legal_moves(first))) in flat(out)
    assert "1. Bid 1 on 1.0, Parking lot  [bid parking 1]" in menu


@pytest.mark.rules("BH-CLI-2", "BH-SOLO-1", "BH-SOLO-18", "BH-ENGINE-12")
def test_the_solo_game_against_the_dummy() -> None:
    result = invoke(["play", "--players", "1", "--seed", "2"], "1\n" * 1000, rows=1000)
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert out.startswith("Bremerhaven, the solo game against the dummy")
    end, moves = first_move_game(2, 1, "greedy")
    assert out.endswith(flat(describe_outcome(end)))
    assert "the dummy" in out.lower()
    # Every decision is the human's: the dummy decides nothing.
    asked = out.count("Your move (number, notation, 'help', 'undo' or 'quit')")
    assert asked == len(moves)


@pytest.mark.rules("BH-CLI-3")
def test_a_secret_seed_is_shown_only_when_the_human_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: SECRET)
    result = invoke(["play", "--players", "2"], "1\nhelp\ntable\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    left = out.index("You left the game.")
    assert str(SECRET) not in out[:left]
    assert out.rstrip().endswith(f"The game's seed was {SECRET} (--seed {SECRET} deals it again).")
    # The same seed given deals the same game.
    again = invoke(["play", "--players", "2", "--seed", str(SECRET)], "1\nquit\n").output
    setup = describe_setup(bremerhaven.new_game(2, seed=SECRET), show_seed=False)
    assert flat(out).startswith(flat(setup)) and flat(again).startswith(flat(setup))


@pytest.mark.rules("BH-CLI-2", "BH-ENGINE-1", "BH-BID-2", "BH-NOTATION-5")
def test_text_that_is_not_a_move_is_not_understood_and_a_refused_move_not_allowed() -> None:
    start = bremerhaven.new_game(2, seed=5)
    assert bremerhaven.current_player(start) == 0
    shown: list[str] = []
    typed = answers("xyzzy", "bid zeppelin 1", "end movement", "bid sea-1 9", "99", "", "quit")
    play_game(
        INFO,
        start,
        0,
        [None, INFO.bots.make("greedy", 1, 10)],
        lambda p: next(typed),
        shown.append,
        seed=5,
        screen=lambda: (80, 24),
    )
    replies = [line for line in shown if line.startswith(("Not understood", "Not allowed"))]
    assert replies[0].startswith("Not understood: cannot read 'xyzzy' as a move: unknown verb")
    assert replies[1].startswith("Not understood: cannot read 'bid zeppelin 1' as a move: ")
    assert replies[2].startswith("Not allowed: [BH-ENGINE-1] ")
    assert replies[3] == "Not allowed: [BH-BID-2] There is no influence card of 9 in the hand."
    # At 80x24 the first menu is the bidding spaces (BH-CLI-2).
    count = len({move.space for move in bremerhaven.legal_moves(start)})  # type: ignore[union-attr]
    assert (
        replies[4] == f"Not understood: choose a number from 1 to {count} ('help' shows the menu)."
    )
    assert len(replies) == 5


@pytest.mark.rules("BH-CLI-2")
def test_help_shows_the_menu_and_the_commands_and_table_the_table() -> None:
    start = bremerhaven.new_game(2, seed=5)
    shown: list[str] = []
    typed = answers("help", "?", "table", "quit")
    play_game(
        INFO,
        start,
        0,
        [None, INFO.bots.make("greedy", 1, 10)],
        lambda p: next(typed),
        shown.append,
        seed=5,
        screen=lambda: (100, 1000),  # every move fits
    )
    view = render(start, viewer=0)
    assert "Player 1 (you)" in view
    menu = shared_play.menu(INFO, start, bremerhaven.legal_moves(start))
    assert shown.count(menu) == 3
    commands = shared_play.commands_help(INFO)
    assert shown.count(commands) == 2 and "'bid sea-1 3'" in commands
    assert "never taken back" not in commands  # nothing is drawn during play
    assert shown.count(view) == 2


@pytest.mark.rules("BH-CLI-4", "BH-ENGINE-10")
def test_undo_takes_back_the_last_decision_and_the_bots_moves_after_it() -> None:
    start = bremerhaven.new_game(2, seed=5)
    shown: list[str] = []
    moves: list[bremerhaven.Move] = []
    typed = answers("undo", "1", "2", "undo", "undo", "3", "quit")
    end = play_game(
        INFO,
        start,
        0,
        [None, INFO.bots.make("random", 1, 10)],
        lambda p: next(typed),
        shown.append,
        seed=5,
        moves=moves,
        screen=lambda: (100, 1000),  # every move fits: a number is a move
    )
    notes = [line for line in shown if "taken back" in line or "take back" in line]
    assert notes == [
        "You have no decision to take back.",
        "Your last decision is taken back.",  # '2': the bot's bid after '1' stays
        "Your last decision is taken back.",  # '1': back to the start
    ]
    assert moves[0] == bremerhaven.legal_moves(start)[2]  # '3', the one decision kept
    assert all(bremerhaven.current_player(s) == 1 for s in states_of(start, moves)[1:-1])
    assert end == states_of(start, moves)[-1] and not bremerhaven.is_over(end)


# --------------------------------------------------------------------------- the screen


@pytest.mark.rules("BH-CLI-9", "BH-CLI-2")
@pytest.mark.parametrize("players", [1, 3])
def test_the_menu_fits_the_terminal_with_the_bids_by_space(players: int) -> None:
    # bremerhaven play --players 3 --seed 4 showed a 77-line table, then 60 bids.
    start = bremerhaven.new_game(players, seed=4)
    bots = [None, *(INFO.bots.make("greedy", bot_seed(4, s), 10) for s in range(1, players))]
    _, moves = play_on_screen(INFO, start, bots, ["1"] * 40 + ["quit"], seed=4)
    bidding = bremerhaven.new_game(3, seed=4)
    bids = [move for move in bremerhaven.legal_moves(bidding) if isinstance(move, bremerhaven.Bid)]
    assert len(bids) == len(bremerhaven.legal_moves(bidding)) == 60
    tree = shared_play.menu_tree(INFO, bidding, bids, 18, 80)
    spaces = list(dict.fromkeys(bid.space for bid in bids))
    assert len(tree.entries) == len(spaces) == 12
    first = tree.entries[0]
    assert isinstance(first, shared_play.MenuGroup) and first.label == "Bid on 1.0, Parking lot"
    assert first.entries == tuple(bid for bid in bids if bid.space is spaces[0])
    assert [bid.value for bid in bids[:5]] == [1, 2, 3, 4, 5]
    # Answering 1 to every question plays the first legal move.
    state = start
    for move in moves:
        if bremerhaven.current_player(state) == 0:
            assert move == bremerhaven.legal_moves(state)[0]
        state = bremerhaven.apply_move(state, move)


@pytest.mark.rules("BH-CLI-9", "BH-ENGINE-11")
def test_a_space_s_group_says_the_bids_there_as_the_human_sees_them() -> None:
    sea = bremerhaven.Bid(bremerhaven.Space.SEA_1, 3)
    state = bremerhaven.apply_move(bremerhaven.new_game(3, seed=4), sea)
    grow = bremerhaven.Bid(bremerhaven.Space.GROW, 2)
    for _ in (1, 2):  # the other seats bid 2 on 1.3
        state = bremerhaven.apply_move(state, grow)
    assert bremerhaven.current_player(state) == 0
    groups = {menu_group(state, move)[0] for move in bremerhaven.legal_moves(state)}
    assert "Bid on 2.1, the Mudlark; bids: you 3" in groups
    assert "Bid on 1.3, Grow influence; bids: P2 1 card, P3 1 card" in groups  # face down
    assert "Bid on 1.0, Parking lot" in groups


@pytest.mark.rules("BH-CLI-10", "BH-CLI-6", "BH-CLI-7")
def test_the_human_may_shorten_notation_and_ask_for_rules_and_cards() -> None:
    start = bremerhaven.new_game(3, seed=4)
    shown: list[str] = []
    typed = answers(
        "rule bh cli 10", "cards light", "cards", "cards zeppelin", "b gr", "b gr 2", "quit"
    )
    moves: list[bremerhaven.Move] = []
    bots = [None, *(INFO.bots.make("greedy", bot_seed(4, s), 10) for s in (1, 2))]
    play_game(
        INFO,
        start,
        0,
        bots,
        lambda p: next(typed),
        shown.append,
        seed=4,
        moves=moves,
        screen=lambda: (80, 24),
    )
    text = "\n".join(shown)
    clause = SPECIFICATION.clause_text("BH-CLI-10", 80)
    assert clause is not None and clause.rstrip() in shown
    assert "Lighthouse (Building card" in text and "('rule ID' prints one)" in flat(text)
    assert any(line.startswith("The card set 'original v1': ") for line in shown)
    assert "Not found: The card set 'original v1' has no ship, contract" in text
    assert "Not understood: 'b gr' could be bid grow 1, bid grow 2," in text
    assert moves[0] == bremerhaven.Bid(bremerhaven.Space.GROW, 2)


# --------------------------------------------------------------------------- records


@pytest.mark.rules("BH-CLI-5", "BH-RECORD-1", "BH-RECORD-2", "BH-RECORD-4")
def test_record_writes_the_whole_game(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    args = ["play", "--players", "2", "--seed", "3", "--bot", "random", "--record", str(path)]
    result = invoke(args, "1\n" * 1000)
    assert result.exit_code == 0, result.output
    assert flat(result.output).endswith(f"The game's record is in {path}.")
    record = read_record(path.read_text(encoding="utf-8"))
    end, moves = first_move_game(3, 2, "random")
    assert record.start == bremerhaven.new_game(2, seed=3) and record.seed is None
    assert list(record.moves) == moves and replay(record)[-1] == end
    assert {"Event": "bremerhaven play", "Player1": "human", "Player2": "random bot"}.items() <= (
        dict(record.tags).items()
    )
    replayed = invoke(["replay", str(path)])
    assert replayed.exit_code == 0
    narrated, code = replayed.output.rstrip("\n").rsplit("\n", 1)
    assert flat(narrated).endswith(
        flat(describe_outcome(end))
        + " The final position's code ('bremerhaven position CODE' shows it):"
    )
    assert code == bremerhaven.code(end)
    assert "\nRound 1\n" in replayed.output and "\nRound 2\n" in replayed.output


@pytest.mark.rules("BH-CLI-5", "BH-RECORD-6", "BH-RECORD-5")
def test_record_writes_the_game_so_far_when_the_human_leaves(tmp_path: Path) -> None:
    path = tmp_path / "left.txt"
    args = ["play", "--players", "3", "--seat", "2", "--seed", "9", "--record", str(path)]
    result = invoke(args, "1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    record = read_record(path.read_text(encoding="utf-8"))
    states = replay(record)
    assert not bremerhaven.is_over(states[-1]) and record.result is None
    assert dict(record.comments)[len(record.moves)] == "Player 2 left the game"
    assert dict(record.tags)["Player2"] == "human"
    replayed = invoke(["replay", str(path)])
    assert replayed.exit_code == 0
    narrated, code = replayed.output.rstrip("\n").rsplit("\n", 1)
    assert narrated.rstrip().endswith(
        f"The record stops after {len(record.moves)} moves; the game is not over.\n\n"
        "The final position's code ('bremerhaven position CODE' shows it):"
    )
    assert code == bremerhaven.code(states[-1])
    # A record whose stated result is not its game's is refused in one line.
    end, played = first_move_game(4, 2, "random")
    text = write_record(bremerhaven.new_game(2, seed=4), played)
    loser = 1 - bremerhaven.outcome(end).winners[0]
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(re.sub(r'\[Winners "\d"\]', f'[Winners "{loser + 1}"]', text), "utf-8")
    line = one_error_line(invoke(["replay", str(wrong)]))
    assert line.startswith(f"Error: {wrong}: ") and "line " in line


@pytest.mark.rules("BH-CLI-1", "BH-RECORD-7")
def test_replay_refuses_bad_files_in_one_line(tmp_path: Path) -> None:
    binary = tmp_path / "picture.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00" + bytes(range(256)))
    line = one_error_line(invoke(["replay", str(binary)]))
    assert "not a text file (it holds NUL bytes)" in line
    assert one_error_line(invoke(["replay", "/dev/zero"])) == (
        "Error: /dev/zero: a device, not a regular file; a game record is read from a file"
    )
    _, played = first_move_game(4, 2, "random")
    text = write_record(bremerhaven.new_game(2, seed=4), played, tags={"Event": "Café"})
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes(text.encode("latin-1"))
    offset = text.encode("latin-1").index(b"\xe9")
    line = one_error_line(invoke(["replay", str(latin1)]))
    assert f"not UTF-8 text (byte 0xe9 at offset {offset})" in line
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert invoke(["replay", str(bom)]).exit_code == 0
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    assert one_error_line(invoke(["replay", str(empty)])).startswith(f"Error: {empty}: ")
    other = tmp_path / "machikoro.txt"
    other.write_text('[Format "machikoro-record/1"]\n', encoding="utf-8")
    assert "bremerhaven-record/1" in one_error_line(invoke(["replay", str(other)]))
    assert one_error_line(invoke(["replay", str(tmp_path / "none.txt")]), code=2)


# --------------------------------------------------------------------------- outputs and extras


@pytest.mark.parametrize("where", ["no-such-folder/out.jsonl", "a-folder"])
@pytest.mark.rules("BH-CLI-1")
def test_an_output_that_cannot_be_written_is_refused_before_any_game(
    tmp_path: Path, where: str
) -> None:
    (tmp_path / "a-folder").mkdir()
    out = tmp_path / where
    runner = CliRunner(env={"COLUMNS": "100"})
    for args in (
        ["simulate", "--games", "2", "--out", str(out)],
        ["compare", "--games", "2", "--variant", "game=short", "--report", str(out)],
        ["play", "--record", str(out)],
    ):
        result = runner.invoke(guarded(), args, input="1\n")
        assert "Traceback" not in result.output and "Bremerhaven, the" not in result.output
        line = one_error_line(result, code=2)
        assert str(out) in line and "folder" in line, line


@pytest.mark.rules("BH-CLI-1")
def test_a_write_that_fails_after_the_games_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(self: Path, *args: Any, **kwargs: Any) -> int:
        raise OSError(28, "No space left on device", str(self))

    out = tmp_path / "games.jsonl"
    monkeypatch.setattr(Path, "write_text", full)
    args = ["simulate", "--games", "1", "--players", "1", "--bot", "random", "--out", str(out)]
    line = one_error_line(invoke(args))
    assert line == f"Error: cannot write {out}: No space left on device"


@pytest.mark.rules("BH-CLI-1")
def test_missing_extras_are_named_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "ray", None)
    runner = CliRunner()
    report = tmp_path / "report.md"
    args = ["compare", "--games", "5", "--variant", "game=short", "--report", str(report)]
    line = one_error_line(runner.invoke(guarded(), args))
    assert "[lab]" in line and "pip install 'bremerhaven-rules[lab]'" in line
    assert not report.exists()
    for name in ("simulate", "compare"):
        args = [name, "--games", "3", "--ray", "local"]
        if name == "compare":
            args += ["--variant", "game=short"]
        line = one_error_line(runner.invoke(guarded(), args))
        assert "[cluster]" in line and "pip install 'bremerhaven-rules[cluster]'" in line


@pytest.mark.parametrize("blocked", ["click", "rich"])
@pytest.mark.rules("BH-CLI-1")
def test_the_command_without_the_cli_extra_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], blocked: str
) -> None:
    monkeypatch.setitem(sys.modules, blocked, None)
    monkeypatch.setattr(sys, "argv", ["bremerhaven", "--help"])
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert blocked in captured.err and "pip install 'bremerhaven-rules[cli]'" in captured.err


# --------------------------------------------------------------------------- the terminal


def bremerhaven_process(
    args: list[str], stdin: bytes, **env: str
) -> subprocess.CompletedProcess[bytes]:
    """The real command in a process (``python -m bremerhaven.cli``), with these bytes in."""
    return subprocess.run(
        [sys.executable, "-m", "bremerhaven.cli", *args],
        input=stdin,
        capture_output=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "100", **env},
        timeout=120,
    )


@pytest.mark.rules("BH-CLI-1", "BH-CLI-2")
def test_bytes_that_are_not_utf8_are_text_that_is_not_a_move_and_the_input_may_end() -> None:
    result = bremerhaven_process(
        ["play", "--players", "2", "--seed", "5"],
        b"bid \xff\n\xfe\n1\n1\n",  # then the first group of bids, its first move
        PYTHONIOENCODING="utf-8",
    )
    out, err = result.stdout.decode("utf-8"), result.stderr.decode("utf-8")
    assert result.returncode == 0, err
    assert err == ""
    assert out.count("Not understood: cannot read ") == 2
    assert "Player 1 bids on 1.0 Parking lot." in out
    assert out.rstrip().endswith("End of input: you left the game.")


@pytest.mark.parametrize(
    ("args", "shown"), [(["rule", "BH-CLI-1"], "−"), (["cards", "Status"], "…")]
)
@pytest.mark.rules("BH-CLI-1")
def test_an_ascii_terminal_gets_text_and_no_traceback(args: list[str], shown: str) -> None:
    """A text that is not ASCII (a minus sign, the rulebook's ellipsis) is still written."""
    result = bremerhaven_process(args, b"", PYTHONIOENCODING="ascii")
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    text = result.stdout.decode("utf-8")  # Click writes UTF-8 to a stream declared ASCII
    assert args[1].split("-")[0] in text and shown in text


def test_the_end_of_input_ends_the_game_politely() -> None:
    result = invoke(["play", "--players", "2"], "")
    assert result.exit_code == 0 and result.exception is None
    assert "End of input: you left the game." in result.output
    assert "The game's seed was " in result.output


@pytest.mark.parametrize("seed", [1, 2])
def test_the_table_is_wrapped_to_the_terminal_and_nothing_is_lost(seed: int) -> None:
    result = invoke(["play", "--players", "4", "--seed", str(seed)], "1\nquit\n", columns=60)
    assert result.exit_code == 0
    assert max(len(line) for line in result.output.splitlines()) <= 60
    # The table at the human's first decision, after the bots' bids before it.
    first = bremerhaven.new_game(4, seed=seed)
    while (seat := bremerhaven.current_player(first)) != 0:
        bot = INFO.bots.make("greedy", bot_seed(seed, seat), 1000)
        first = bremerhaven.apply_move(first, bot.choose(bremerhaven.observe(first, seat)))
    assert flat(render(first, viewer=0)) in flat(result.output)


# --------------------------------------------------------------------------- cards and rules


@pytest.mark.rules("BH-CLI-6", "BH-CARD-15", "BH-CARD-2", "BH-CARD-3", "BH-CARD-4")
@pytest.mark.rules("BH-CARD-6", "BH-CARD-7")
def test_cards_shows_every_card_of_the_set_marked_original() -> None:
    every = invoke(["cards"], columns=80)
    assert every.exit_code == 0
    assert max(len(line) for line in every.output.splitlines()) <= 80
    text = flat(every.output)
    tokens = set(text.split())
    for kind in ("ships", "contracts", "buildings", "newspapers", "Price cards"):
        assert f"original v1: {kind} (original values)" in text
    names = [c.name for c in ORIGINAL.ships] + [c.name for c in ORIGINAL.contracts]
    names += [c.name for c in ORIGINAL.buildings] + [c.name for c in ORIGINAL.newspapers]
    for name in names:
        assert set(name.split()) <= tokens, name
    assert {price.key for price in ORIGINAL.prices} <= tokens
    # The seven buildings the rulebook names are marked named, with their lines (the column
    # names the rulebook); the other thirteen unknown.
    assert text.count(" named (line") == len(CATALOGUE.buildings.named) == 7
    buildings = text[text.index("buildings (original values)") : text.index("newspapers (")]
    assert buildings.count(" unknown ") == 20 - 7
    entries = card_entries(ORIGINAL)
    assert len(entries) == 48 + 56 + 20 + 18 + 24
    assert all("Its values are original" in e.text and "BH-CARD-15" in e.rules for e in entries)


@pytest.mark.rules("BH-CLI-6", "BH-CARD-1", "BH-CARD-5", "BH-CARD-13", "BH-CARD-12")
def test_a_card_in_full_says_what_the_rulebook_gives_and_what_is_unknown() -> None:
    lighthouse = flat(invoke(["cards", "light"]).output)
    assert lighthouse.startswith("Lighthouse (Building card, original): prestige 2.")
    named = CATALOGUE.building("Lighthouse")
    assert f'Its text: "{named.text.value}"' in lighthouse  # type: ignore[union-attr]
    assert "This card's ability is the same." in lighthouse
    assert "Its prestige is unknown: 0-3 like every Building" in lighthouse
    assert lighthouse.endswith(
        "Rules: BH-CARD-4, BH-CARD-5, BH-CARD-12, BH-PERMIT-6, BH-CARD-15 "
        "('bremerhaven rule ID' prints one)."
    )
    bank = flat(invoke(["cards", "bank"]).output)
    assert "Its text is unknown:" in bank and "Its ability is unknown:" in bank
    ship = flat(invoke(["cards", "little marta"]).output)
    assert ship.startswith("Little Marta (Ship card, original): 2 barrels, lay time 2")
    assert "lay time 1-5 (the Bremerhaven rulebook, lines 608–612)" in ship
    note = CATALOGUE.ships.cards.note
    assert f"The printed card is unknown: {note} (the Bremerhaven rulebook, line 31)." in ship
    fall = flat(invoke(["cards", "fall"]).output)
    assert "The rulebook shows this event (the Bremerhaven rulebook, line 867)" in fall
    assert "Its progress is unknown" in fall
    price = flat(invoke(["cards", "price-01"]).output)
    assert price.startswith("price-01 (Price card, original): barrel ")


@pytest.mark.rules("BH-CLI-6", "BH-CARD-14")
def test_a_card_files_cards_are_marked_as_the_files(tmp_path: Path) -> None:
    path = card_file(tmp_path, change=('name = "Lighthouse"', 'name = "Light House"'))
    tables = flat(invoke(["cards", "--cards", str(path)], columns=100).output)
    assert "my copy: ships (card file values)" in tables and "(original values)" not in tables
    card = flat(invoke(["cards", "Little Marta", "--cards", str(path)]).output)
    assert card.startswith("Little Marta (Ship card, card file):")
    assert "Its values are from the card file 'my copy'" in card and "BH-CARD-14" in card
    # A name the rulebook does not give is an unnamed Building, whatever its ability.
    house = flat(invoke(["cards", "light house", "--cards", str(path)]).output)
    assert "The printed card is unknown:" in house and "BH-CARD-5" not in house


@pytest.mark.rules("BH-CLI-6")
def test_cards_suggests_names_and_refuses_unknown_cards() -> None:
    line = one_error_line(invoke(["cards", "exchange"]))
    assert "did you mean Commodity Exchange" in line
    assert flat(invoke(["cards", "commod"]).output).startswith("Commodity Exchange (Building")
    line = one_error_line(invoke(["cards", "zeppelin"]))
    assert line.startswith(
        "Error: The card set 'original v1' has no ship, contract, building, newspaper or Price "
        "card named 'zeppelin'"
    )
    assert line.endswith("('bremerhaven cards' lists them)")
    assert one_error_line(invoke(["cards", "--cards", "nowhere.toml"]), code=2)


@pytest.mark.rules("BH-CLI-7", "BH-INT-7")
def test_rule_prints_a_clause_and_lists_them_all() -> None:
    result = invoke(["rule", "bh int 7"], columns=60)
    assert result.exit_code == 0
    assert result.output.startswith("BH-INT-7: Leftover Contracts at the end\n")
    assert max(len(line) for line in result.output.splitlines()) <= 60
    listed = re.findall(r"^  - ([A-Z0-9-]+): ", invoke(["rule"]).output, re.MULTILINE)
    assert listed == SPECIFICATION.rule_ids()
    assert {"BH-LAB-1", "BH-CLI-8"} <= set(listed)
    line = one_error_line(invoke(["rule", "BH-CLI-77"]))
    assert "did you mean BH-CLI-7" in line and "('bremerhaven rule' lists them)" in line


# --------------------------------------------------------------------------- simulate and compare


@pytest.mark.rules("BH-CLI-8", "BH-LAB-4", "BH-SHORT-1")
def test_simulate_takes_readings_and_cards_and_compare_reports_the_differences(
    tmp_path: Path,
) -> None:
    out = tmp_path / "short.jsonl"
    path = card_file(tmp_path)
    args = ["simulate", "--games", "2", "--players", "2", "--game", "short", "--bot", "random"]
    assert invoke([*args, "--cards", str(path), "--out", str(out)]).exit_code == 0
    lines = [GameResult.from_json(line) for line in out.read_text("utf-8").splitlines()]
    assert all(r.options == {"game": "short"} for r in lines)
    assert all(r.variant == ("cards", "my copy") for r in lines)
    short = bremerhaven.RulesOptions(game="short")
    jobs = [Job("bremerhaven", seed=s, bots=("random", "random"), options=short) for s in (0, 1)]
    assert [r.points for r in lines] == [r.points for r in run(jobs)]
    report = tmp_path / "report.md"
    result = invoke(
        [
            "compare",
            "--games",
            "2",
            "--players",
            "2",
            "--bot",
            "random",
            "--variant",
            "game=short",
            "--variant",
            f"cards={path}",
            "--report",
            str(report),
        ]
    )
    assert result.exit_code == 0, result.output
    assert "game=short: 2 games, paired by seed with the baseline" in result.output
    assert "McNemar p" in result.output
    text = report.read_text("utf-8")
    assert "game=short" in text and (tmp_path / "report-win-rates.png").exists()
