"""The ``machikoro`` command: every command, a whole game from the terminal, and its errors.

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

import machikoro
from machikoro.chance import sample_chance
from machikoro.cli import main
from machikoro.info import INFO
from machikoro.interchange.records import read_record, replay, write_record
from machikoro.specification import SPECIFICATION
from machikoro.state import GameState
from machikoro.views.narrate import describe_outcome
from meeplekit.cli import play as shared_play
from meeplekit.cli.app import command as game_command
from meeplekit.cli.app import command_group
from meeplekit.cli.lab_commands import compare_command, simulate_command
from meeplekit.cli.play import play_game
from meeplekit.demo import bot_seed, chance_seed
from meeplekit.lab import GameResult, Job, run
from meeplekit.protocol import CHANCE
from meeplekit.rng import SplitMix64
from tests.support.machikoro import ALL_PILES
from tests.support.screens import play_on_screen

command = game_command("machikoro")
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


def first_move_game(seed: int, players: int, bot: str) -> tuple[GameState, list[machikoro.Move]]:
    """The game the human plays by always answering 1, computed without the command."""
    state = machikoro.new_game(players, seed=seed)
    bots = [INFO.bots.make(bot, bot_seed(seed, s), 1000) for s in range(players)]
    chance = SplitMix64(chance_seed(seed))
    moves = []
    while not machikoro.is_over(state):
        seat = machikoro.current_player(state)
        if seat == 0:
            move = machikoro.legal_moves(state)[0]
        elif seat == CHANCE:
            move = sample_chance(state, chance)
        else:
            move = bots[seat].choose(machikoro.observe(state, seat))
        moves.append(move)
        state = machikoro.apply_move(state, move)
    return state, moves


class NoGames:
    """Stands in for the lab's run: fails if a game is played."""

    def __call__(self, *args: Any, **kwargs: Any) -> list[Any]:
        raise AssertionError("a game was played before the problem was found")


def guarded() -> Any:
    """The machikoro command whose simulate and compare may not play any game."""
    return command_group(
        INFO,
        [
            shared_play.play_command(INFO),
            simulate_command(INFO, run=NoGames()),
            compare_command(INFO, run=NoGames()),
        ],
    )


# --------------------------------------------------------------------------- the command


@pytest.mark.rules("MK-CLI-1", "MK-DEMO-1")
def test_the_command_has_every_command_and_the_demos_options() -> None:
    result = invoke(["--help"])
    assert result.exit_code == 0
    for name in ("play", "simulate", "compare", "replay", "cards", "rule"):
        assert re.search(rf"^  {name} ", result.output, re.MULTILINE), name
    assert invoke(["--version"]).output == f"machikoro, version {machikoro.__version__}\n"
    from machikoro.demo import build_parser

    demo_flags = {flag for action in build_parser()._actions for flag in action.option_strings}
    for name in ("play", "simulate", "compare"):
        cmd = command.commands[name]
        flags = {flag for param in cmd.params for flag in [*param.opts, *param.secondary_opts]}
        readings = {f for f in demo_flags if f not in ("-h", "--help", "--record")}
        assert readings <= flags, (name, readings - flags)
    text = flat(invoke(["simulate", "--help"]).output)
    assert "--players INTEGER RANGE 2 to 5 [default: 3; 2<=x<=5]" in text
    assert "--reroll-dice [different|same]" in text or "--reroll-dice [" in text
    assert "MK-INT-2:" in text and "(default)" in text


@pytest.mark.rules("MK-CLI-1", "MK-PLAYERS-1")
def test_bad_arguments_are_one_line_naming_the_problem() -> None:
    cases = [
        (["simulate", "--players", "5", "--no-expansion"], "2 to 4 players, got 5"),
        (["simulate", "--players", "6"], "6 is not in the range 2<=x<=5"),
        (["simulate", "--bots", "greedy,random"], "2 bots for 3 players"),
        (["simulate", "--bots", "greedy,clever,random"], "unknown bot 'clever'"),
        (["compare", "--variant", "reroll-dice=sideways"], "reroll-dice (MK-INT-2) must be one of"),
        (["compare", "--variant", "colour=red"], "not FIELD=VALUE"),
        (["compare", "--variant", "expansion=maybe"], "expansion is a switch: on or off"),
        (["compare", "--variant", "bot=clever"], "unknown bot 'clever'"),
        (["play", "--players", "2", "--seat", "3"], "seat 3 of 2 players"),
        (["play", "--players", "5", "--no-expansion"], "2 to 4 players, got 5"),
        (["simulate", "--seed", str(2**64 - 1), "--games", "2"], "seeds run past 2**64 - 1"),
        (["simulate", "--seconds", "0"], "0 is not in the range x>0"),
        (["play", "--seconds", "-1"], "-1.0 is not in the range x>0"),
    ]
    for args, message in cases:
        line = one_error_line(invoke(args), code=2)
        assert message in line, (args, line)


class Recorded:
    """Stands in for the lab's run: keeps the jobs it is given and plays none."""

    def __init__(self) -> None:
        self.jobs: list[Any] = []

    def __call__(self, jobs: Any, *args: Any, **kwargs: Any) -> list[Any]:
        self.jobs.extend(jobs)
        raise KeyboardInterrupt  # stops the command once the jobs are seen


@pytest.mark.rules("MK-CLI-1", "MK-BOT-4")
def test_simulate_gives_the_search_its_time_budget() -> None:
    for args, seconds in ((["--seconds", "0.5"], 0.5), ([], None)):
        recorded = Recorded()
        group = command_group(INFO, [simulate_command(INFO, run=recorded)])
        CliRunner().invoke(group, ["simulate", "--games", "2", "--bot", "ismcts", *args])
        assert [(job.seconds, job.playouts) for job in recorded.jobs] == [(seconds, 1000)] * 2


# --------------------------------------------------------------------------- play


@pytest.mark.rules("MK-CLI-2", "MK-CLI-3", "MK-NARR-1")
def test_a_whole_game_from_the_terminal() -> None:
    # A tall terminal: every menu shows every move, so that each answer is a decision.
    args = ["play", "--players", "2", "--seed", "3", "--bot", "random"]
    result = invoke(args, "1\n" * 1000, rows=1000)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Machi Koro with the Harbor expansion for 2 players, seed 3.\n")
    end, moves = first_move_game(3, 2, "random")
    assert flat(describe_outcome(end)) in flat(out)
    # The human answered every decision of seat 0, and saw the narration of every roll.
    asked = out.count("Your move (number, notation, 'help', 'undo' or 'quit')")
    states = [machikoro.new_game(2, seed=3)]
    for move in moves:
        states.append(machikoro.apply_move(states[-1], move))
    assert asked == sum(machikoro.current_player(s) == 0 for s in states[:-1])
    # Every roll is narrated: one sentence per Dice outcome (a roll or the Tuna Boat's).
    narrated = re.findall(
        r"Player [12] rolls (?:the Tuna Boat's dice: |a )?\d( and \d \(\d+\))?\.", out
    )
    assert len(narrated) == sum(isinstance(m, machikoro.Dice) for m in moves)
    assert "The game's seed was" not in out  # the seed was given: shown at the start


@pytest.mark.rules("MK-CLI-3")
def test_a_secret_seed_is_shown_only_when_the_human_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: SECRET)
    result = invoke(["play", "--players", "2"], "1\nhelp\ntable\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    left = out.index("You left the game.")
    assert str(SECRET) not in out[:left]
    assert out.startswith("Machi Koro with the Harbor expansion for 2 players.\n")
    assert out.rstrip().endswith(f"The game's seed was {SECRET} (--seed {SECRET} deals it again).")
    # The same seed given deals the same game: the first roll is the same.
    again = invoke(["play", "--players", "2", "--seed", str(SECRET)], "1\nquit\n").output
    first = re.search(r"Player 1 rolls a \d\.", out)
    assert first is not None and first.group() in again


@pytest.mark.rules("MK-CLI-2", "MK-FLOW-1", "MK-ROLL-1")
def test_text_that_is_not_a_move_is_not_understood_and_a_refused_move_not_allowed() -> None:
    start = machikoro.new_game(2, seed=5)
    shown: list[str] = []
    typed = answers("xyzzy", "build f", "roll 2", "dice 6", "99", "", "quit")
    play_game(
        INFO,
        start,
        0,
        [None, INFO.bots.make("greedy", 1, 10)],
        lambda p: next(typed),
        shown.append,
        seed=5,
    )
    replies = [line for line in shown if line.startswith(("Not understood", "Not allowed"))]
    assert replies[0].startswith("Not understood: cannot read 'xyzzy' as a move: ")
    assert replies[1].startswith("Not understood: cannot read 'build f' as a move: 'f' could mean")
    assert replies[2] == "Not allowed: [MK-ROLL-1] Rolling 2 dice needs a completed Train Station."
    assert replies[3].startswith("Not allowed: [MK-FLOW-1] Player 1 is rolling the dice")
    assert replies[4] == "Not understood: choose a number from 1 to 1 ('help' shows the menu)."
    assert len(replies) == 5


@pytest.mark.rules("MK-CLI-2")
def test_help_shows_the_menu_and_the_commands_and_table_the_table() -> None:
    start = machikoro.new_game(2, seed=5)
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
    )
    view = machikoro.render(start, viewer=0)
    assert "Player 1 (you)" in view
    menu = "    1. Roll 1 die  [roll 1]"
    assert shown.count(menu) == 3
    commands = shared_play.commands_help(INFO)
    assert shown.count(commands) == 2
    assert "the dice and the market's draws are never taken back" in flat(commands)
    assert shown.count(view) == 2


@pytest.mark.rules("MK-CLI-4")
def test_undo_takes_back_a_decision_but_never_chance() -> None:
    start = machikoro.position(
        coins=[5, 5],
        establishments=[{"wheat-field": 1, "bakery": 1}] * 2,
        landmarks=[["train-station", "radio-tower"], []],
        options=ALL_PILES,
        seed=9,
    )
    shown: list[str] = []
    moves: list[machikoro.Move] = []
    typed = answers("undo", "roll 1", "keep", "undo", "undo", "keep", "nothing", "quit")
    end = play_game(
        INFO,
        start,
        0,
        [None, INFO.bots.make("greedy", 1, 10)],
        lambda p: next(typed),
        shown.append,
        seed=9,
        moves=moves,
    )
    notes = [line for line in shown if "taken back" in line or "take back" in line]
    assert notes == [
        "You have no decision to take back.",
        "Your last decision is taken back.",  # 'keep': no chance since
        "Your last decision cannot be taken back: chance has decided since, and the dice and "
        "the market's draws are never taken back.",  # 'roll 1': the die came after it
    ]
    rolled = [m for m in moves if isinstance(m, machikoro.Dice)]
    assert moves[:4] == [
        machikoro.RollDice(1),
        rolled[0],
        machikoro.KeepRoll(),
        machikoro.BuildNothing(),
    ]
    # The die was drawn once, from the seed's chance generator: undo did not roll again.
    assert rolled[0] == sample_chance(
        machikoro.apply_move(start, machikoro.RollDice(1)), SplitMix64(chance_seed(9))
    )
    assert not machikoro.is_over(end)


# --------------------------------------------------------------------------- the screen


def rich_start() -> GameState:
    """Player 1 with 30 coins to build with: a long menu after the roll."""
    return machikoro.position(
        coins=[30, 5],
        establishments=[{"wheat-field": 1, "bakery": 1}] * 2,
        landmarks=[[], []],
        options=ALL_PILES,
        seed=9,
    )


@pytest.mark.rules("MK-CLI-8", "MK-CLI-2")
def test_the_menu_fits_the_terminal_in_groups_by_colour() -> None:
    start = rich_start()
    answers = ["roll 1", "1", "0", "4", "1", *["1"] * 20, "quit"]
    bots = [None, INFO.bots.make("greedy", 1, 10)]
    _, moves = play_on_screen(INFO, start, bots, answers, seed=9)
    build = machikoro.apply_move(machikoro.apply_move(start, moves[0]), moves[1])
    legal = machikoro.legal_moves(build)
    tree = shared_play.menu_tree(INFO, build, legal, 18, 80)
    labels = [e.label for e in tree.entries if isinstance(e, shared_play.MenuGroup)]
    # By colour in the order of the legal moves (activation order), then the landmarks.
    assert labels == [
        "Build a blue establishment",
        "Build a red establishment",
        "Build a green establishment",
        "Build a purple establishment",
        "Complete a landmark",
    ]
    assert tree.entries[-1] == machikoro.BuildNothing()  # alone in its group: itself
    # '1' opened the first group, '0' went back, '4' opened the fourth, '1' built its first.
    fourth = tree.entries[3]
    assert isinstance(fourth, shared_play.MenuGroup)
    assert moves[2] == fourth.first()
    # Answering 1 to every question plays the first legal move.
    state = machikoro.apply_move(build, moves[2])
    for move in moves[3:]:
        if machikoro.current_player(state) == 0:
            assert move == machikoro.legal_moves(state)[0]
        state = machikoro.apply_move(state, move)


@pytest.mark.rules("MK-CLI-9", "MK-CLI-6")
def test_the_human_may_shorten_notation_and_ask_for_rules_and_cards() -> None:
    start = rich_start()
    shown: list[str] = []
    typed = answers("r 1", "rule mkh tuna 3", "cards tuna", "cards", "b", "b wh", "undo", "quit")
    moves: list[machikoro.Move] = []
    play_game(
        INFO,
        start,
        0,
        [None, INFO.bots.make("greedy", 1, 10)],
        lambda p: next(typed),
        shown.append,
        seed=9,
        moves=moves,
        screen=lambda: (80, 24),
    )
    text = "\n".join(shown)
    assert moves[0] == machikoro.RollDice(1)  # 'r 1'
    assert SPECIFICATION.clause_text("MKH-TUNA-3", 80).rstrip() in shown  # type: ignore[union-attr]
    assert "Tuna Boat (blue establishment" in flat(text)
    assert "Rules: MK-CARD-" in text and "('rule ID' prints one)" in flat(text)
    assert any(
        line.startswith("Machi Koro with the Harbor expansion: Wheat Field, ") for line in shown
    )
    ambiguous = next(line for line in shown if line.startswith("Not understood: 'b' could be "))
    assert ambiguous.endswith("more (type more of it).")
    assert moves[2] == machikoro.BuildEstablishment(machikoro.Establishment.WHEAT_FIELD)
    # The die came between: undo takes nothing back (MK-CLI-4).
    assert "Your last decision cannot be taken back: chance has decided since" in flat(text)


# --------------------------------------------------------------------------- records


@pytest.mark.rules("MK-CLI-5", "MK-REC-1", "MK-REC-5")
def test_record_writes_the_whole_game_with_its_chance(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    args = ["play", "--players", "2", "--seed", "3", "--bot", "random", "--record", str(path)]
    result = invoke(args, "1\n" * 1000)
    assert result.exit_code == 0, result.output
    assert flat(result.output).endswith(f"The game's record is in {path}.")
    record = read_record(path.read_text(encoding="utf-8"))
    end, moves = first_move_game(3, 2, "random")
    assert record.start == machikoro.new_game(2, seed=3)
    assert list(record.moves) == moves and replay(record)[-1] == end
    assert dict(record.tags) == {
        "Event": "machikoro play",
        "Player1": "human",
        "Player2": "random bot",
    }
    replayed = invoke(["replay", str(path)])
    assert replayed.exit_code == 0
    narrated, code = replayed.output.rstrip("\n").rsplit("\n", 1)
    assert flat(narrated).endswith(
        flat(describe_outcome(end))
        + " The final position's code ('machikoro position CODE' shows it):"
    )
    assert code == machikoro.code(end)
    assert "Turn 1 - Player 1" in replayed.output


@pytest.mark.rules("MK-CLI-5", "MK-REC-3", "MK-REC-4")
def test_record_writes_the_game_so_far_when_the_human_leaves(tmp_path: Path) -> None:
    path = tmp_path / "left.txt"
    args = ["play", "--players", "3", "--seat", "2", "--seed", "9", "--record", str(path)]
    result = invoke(args, "1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    record = read_record(path.read_text(encoding="utf-8"))
    states = replay(record)
    assert not machikoro.is_over(states[-1]) and record.result is None
    assert dict(record.comments)[len(record.moves)] == "Player 2 left the game"
    assert dict(record.tags)["Player2"] == "human"
    replayed = invoke(["replay", str(path)])
    assert replayed.exit_code == 0
    narrated, code = replayed.output.rstrip("\n").rsplit("\n", 1)
    assert narrated.rstrip().endswith(
        f"The record stops after {len(record.moves)} moves; the game is not over.\n\n"
        "The final position's code ('machikoro position CODE' shows it):"
    )
    assert code == machikoro.code(states[-1])
    # A record whose stated result is not its game's is refused in one line.
    end, played = first_move_game(4, 2, "greedy")
    text = write_record(machikoro.new_game(2, seed=4), played)
    loser = 1 - machikoro.outcome(end).winners[0]
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(re.sub(r'\[Winners "\d"\]', f'[Winners "{loser + 1}"]', text), "utf-8")
    line = one_error_line(invoke(["replay", str(wrong)]))
    assert line.startswith(f"Error: {wrong}: line ")


@pytest.mark.rules("MK-CLI-1", "MK-REC-6")
def test_replay_refuses_bad_files_in_one_line(tmp_path: Path) -> None:
    binary = tmp_path / "picture.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00" + bytes(range(256)))
    line = one_error_line(invoke(["replay", str(binary)]))
    assert "not a text file (it holds NUL bytes)" in line
    assert one_error_line(invoke(["replay", "/dev/zero"])) == (
        "Error: /dev/zero: a device, not a regular file; a game record is read from a file"
    )
    _, played = first_move_game(4, 2, "greedy")
    text = write_record(machikoro.new_game(2, seed=4), played, tags={"Event": "Café"})
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
    harbour_record = tmp_path / "harbour.txt"
    harbour_record.write_text('[Format "harbour-record/1"]\n', encoding="utf-8")
    assert "machikoro-record/1" in one_error_line(invoke(["replay", str(harbour_record)]))
    assert one_error_line(invoke(["replay", str(tmp_path / "none.txt")]), code=2)


# --------------------------------------------------------------------------- outputs and extras


@pytest.mark.parametrize("where", ["no-such-folder/out.jsonl", "a-folder"])
@pytest.mark.rules("MK-CLI-1")
def test_an_output_that_cannot_be_written_is_refused_before_any_game(
    tmp_path: Path, where: str
) -> None:
    (tmp_path / "a-folder").mkdir()
    out = tmp_path / where
    runner = CliRunner(env={"COLUMNS": "100"})
    for args in (
        ["simulate", "--games", "2", "--out", str(out)],
        ["compare", "--games", "2", "--variant", "reroll-dice=same", "--report", str(out)],
        ["play", "--record", str(out)],
    ):
        result = runner.invoke(guarded(), args, input="1\n")
        assert "Traceback" not in result.output and "Machi Koro with" not in result.output
        line = one_error_line(result, code=2)
        assert str(out) in line and "folder" in line, line


@pytest.mark.rules("MK-CLI-1")
def test_a_write_that_fails_after_the_games_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(self: Path, *args: Any, **kwargs: Any) -> int:
        raise OSError(28, "No space left on device", str(self))

    out = tmp_path / "games.jsonl"
    monkeypatch.setattr(Path, "write_text", full)
    line = one_error_line(invoke(["simulate", "--games", "1", "--players", "2", "--out", str(out)]))
    assert line == f"Error: cannot write {out}: No space left on device"


@pytest.mark.rules("MK-CLI-1")
def test_missing_extras_are_named_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "ray", None)
    runner = CliRunner()
    report = tmp_path / "report.md"
    args = ["compare", "--games", "5", "--variant", "reroll-dice=same", "--report", str(report)]
    line = one_error_line(runner.invoke(guarded(), args))
    assert "[lab]" in line and "pip install 'machikoro-rules[lab]'" in line
    assert not report.exists()
    for name in ("simulate", "compare"):
        args = [name, "--games", "3", "--ray", "local"]
        if name == "compare":
            args += ["--variant", "reroll-dice=same"]
        line = one_error_line(runner.invoke(guarded(), args))
        assert "[cluster]" in line and "pip install 'machikoro-rules[cluster]'" in line


@pytest.mark.parametrize("blocked", ["click", "rich"])
@pytest.mark.rules("MK-CLI-1")
def test_the_command_without_the_cli_extra_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], blocked: str
) -> None:
    monkeypatch.setitem(sys.modules, blocked, None)
    monkeypatch.setattr(sys, "argv", ["machikoro", "--help"])
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert blocked in captured.err and "pip install 'machikoro-rules[cli]'" in captured.err


# --------------------------------------------------------------------------- the terminal


def machikoro_process(
    args: list[str], stdin: bytes, **env: str
) -> subprocess.CompletedProcess[bytes]:
    """The real command in a process, with these bytes on its standard input."""
    return subprocess.run(
        [sys.executable, "-c", "from machikoro.cli import main; main()", *args],
        input=stdin,
        capture_output=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "100", **env},
        timeout=120,
    )


@pytest.mark.rules("MK-CLI-1", "MK-CLI-2")
def test_bytes_that_are_not_utf8_are_text_that_is_not_a_move_and_the_input_may_end() -> None:
    result = machikoro_process(
        ["play", "--players", "2", "--seed", "3"], b"roll \xff\n\xfe\n1\n", PYTHONIOENCODING="utf-8"
    )
    out, err = result.stdout.decode("utf-8"), result.stderr.decode("utf-8")
    assert result.returncode == 0, err
    assert err == ""
    assert out.count("Not understood: cannot read ") == 2
    assert "Player 1 rolls one die." in out
    assert out.rstrip().endswith("End of input: you left the game.")


@pytest.mark.parametrize("args", [["rule", "MK-CLI-3"], ["cards", "Fruit"]])
@pytest.mark.rules("MK-CLI-1")
def test_an_ascii_terminal_gets_text_and_no_traceback(args: list[str]) -> None:
    result = machikoro_process(args, b"", PYTHONIOENCODING="ascii")
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    assert args[1].split("-")[0] in result.stdout.decode("ascii")


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
    view = machikoro.render(machikoro.new_game(4, seed=seed), viewer=0)
    assert flat(view) in flat(result.output)


# --------------------------------------------------------------------------- cards and rules


@pytest.mark.rules("MK-CLI-6", "MKH-BASE-1", "MK-INT-1")
def test_cards_shows_the_cards_the_readings_give() -> None:
    every = invoke(["cards"], columns=80)
    assert every.exit_code == 0
    assert max(len(line) for line in every.output.splitlines()) <= 80
    tokens = set(flat(every.output).split())
    cards = machikoro.cards.card_set()
    for name in [c.name for c in cards.establishments] + [c.name for c in cards.landmarks]:
        assert set(name.split()) <= tokens, name
    base = flat(invoke(["cards", "--no-expansion"]).output)
    assert "Sushi Bar" not in base and "City Hall" not in base and "Wheat Field" in base
    assert base.startswith("Machi Koro: establishments")
    assert "costs 4 coins" in flat(invoke(["cards", "sushi"]).output)
    cheap = flat(invoke(["cards", "SUSHI BAR", "--sushi-bar-cost", "2"]).output)
    assert cheap.startswith("Sushi Bar (red establishment, cup icon, Harbor expansion): costs 2")
    assert cheap.endswith("Rules: MK-CARD-2, MK-COLOR-3 ('machikoro rule ID' prints one).")
    stadium = flat(invoke(["cards", "stad"]).output)
    assert "Rules: MK-CARD-10, MK-COLOR-4, MK-BUILD-2" in stadium
    assert "A major establishment" in stadium
    radio = flat(invoke(["cards", "radio"]).output)
    assert radio.startswith("Radio Tower (landmark, base game): costs 22 coins.")


@pytest.mark.rules("MK-CLI-6")
def test_cards_suggests_names_and_refuses_unknown_cards() -> None:
    line = one_error_line(invoke(["cards", "flower"]))
    assert "did you mean Flower Orchard, Flower Shop?" in line
    line = one_error_line(invoke(["cards", "zeppelin"]))
    assert line == (
        "Error: Machi Koro with the Harbor expansion has no establishment or landmark named "
        "'zeppelin' ('machikoro cards' lists them)"
    )
    line = one_error_line(invoke(["cards", "tuna", "--no-expansion"]))
    assert "Machi Koro has no establishment or landmark named 'tuna'" in line
    assert one_error_line(invoke(["cards", "--market", "ten"]), code=2)


@pytest.mark.rules("MK-CLI-6", "MKH-TUNA-3")
def test_rule_prints_a_clause_and_lists_them_all() -> None:
    result = invoke(["rule", "mkh tuna 3"], columns=60)
    assert result.exit_code == 0
    assert result.output.startswith("MKH-TUNA-3: One roll, however many Tuna Boats\n")
    assert max(len(line) for line in result.output.splitlines()) <= 60
    listed = re.findall(r"^  - ([A-Z0-9-]+): ", invoke(["rule"]).output, re.MULTILINE)
    assert listed == SPECIFICATION.rule_ids()
    line = one_error_line(invoke(["rule", "MK-CLI-77"]))
    assert "did you mean MK-CLI-7" in line and "('machikoro rule' lists them)" in line


# --------------------------------------------------------------------------- simulate and compare


@pytest.mark.rules("MK-CLI-7", "MK-LAB-1", "MK-LAB-2")
def test_simulate_writes_the_same_json_lines_whatever_the_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    args = ["simulate", "--games", "4", "--players", "4", "--seed", "1", "--out"]
    first = invoke([*args, str(one)])
    assert first.exit_code == 0, first.output
    assert invoke([*args, str(two), "--workers", "2"]).exit_code == 0
    assert one.read_bytes() == two.read_bytes()
    results = [GameResult.from_json(line) for line in one.read_text("utf-8").splitlines()]
    jobs = [Job("machikoro", seed=s, bots=("greedy",) * 4) for s in range(1, 5)]
    assert results == run(jobs)
    table = flat(first.stdout)  # the JSON Lines went to the file, the table to the terminal
    assert "4 games" in table and "95% interval" in table and "greedy" in table


@pytest.mark.rules("MK-CLI-7")
def test_simulate_takes_readings_and_compare_reports_the_differences(tmp_path: Path) -> None:
    out = tmp_path / "base.jsonl"
    args = ["simulate", "--games", "2", "--players", "2", "--no-expansion", "--out", str(out)]
    assert invoke(args).exit_code == 0
    lines = [GameResult.from_json(line) for line in out.read_text("utf-8").splitlines()]
    assert all(r.options == {"expansion": False} for r in lines)
    report = tmp_path / "report.md"
    result = invoke(
        [
            "compare",
            "--games",
            "3",
            "--players",
            "2",
            "--variant",
            "bot=random",
            "--variant",
            "market=all-piles",
            "--report",
            str(report),
        ]
    )
    assert result.exit_code == 0, result.output
    assert "bot=random: 3 games, paired by seed with the baseline" in result.output
    assert "McNemar p" in result.output
    text = report.read_text("utf-8")
    assert "market=all-piles" in text and (tmp_path / "report-win-rates.png").exists()
