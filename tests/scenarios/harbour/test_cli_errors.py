"""The ``harbour`` command answers bad input and surroundings in one line, never a traceback.

Bad files (binary, Latin-1, endless, too large), outputs that cannot be written, bytes
that are not UTF-8 on standard input, an ASCII terminal, missing optional extras (checked
before any game is played) and the end of input.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("click")
pytest.importorskip("rich")

import click
from click.testing import CliRunner, Result

import harbour
from harbour.cli import main
from harbour.interchange.records import write_record
from meeplekit import lab
from meeplekit.cli import common, lab_commands
from meeplekit.cli import common as shared_common
from meeplekit.cli.app import command as game_command
from meeplekit.files import read_regular
from tests.support.harbour import greedy_game

command = game_command("harbour")

ROOT = Path(__file__).resolve().parents[3]


def invoke(args: list[str], text: str | bytes = "") -> Result:
    result = CliRunner(env={"COLUMNS": "100"}).invoke(command, args, input=text)
    assert "Traceback" not in result.output
    return result


def one_error_line(result: Result, code: int = 1) -> str:
    """The one line of a refusal (its exit status checked)."""
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    errors = [line for line in lines if line.startswith("Error")]
    assert len(errors) == 1, result.stderr
    return errors[0]


def record_text(seed: int = 4) -> str:
    start, moves = greedy_game(2, seed)
    return write_record(start, moves, tags={"Event": "Café de la Plage"})


class NoGames:
    """Stands in for :func:`meeplekit.lab.run`: records that nothing was played."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, *args: Any, **kwargs: Any) -> list[Any]:
        self.calls += 1
        raise AssertionError("a game was played before the problem was found")


# --------------------------------------------------------------------------- input files


def test_replay_refuses_binary_latin1_and_empty_files_in_one_line(tmp_path: Path) -> None:
    binary = tmp_path / "picture.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    line = one_error_line(invoke(["replay", str(binary)]))
    assert "not a text file (it holds NUL bytes)" in line and str(binary) in line

    latin1 = tmp_path / "latin1.rec"
    latin1.write_bytes(record_text().encode("latin-1"))
    line = one_error_line(invoke(["replay", str(latin1)]))
    offset = record_text().encode("latin-1").index(b"\xe9")
    assert f"not UTF-8 text (byte 0xe9 at offset {offset})" in line

    utf8 = tmp_path / "utf8.rec"  # the same record in UTF-8, with a byte-order mark, is fine
    utf8.write_bytes(b"\xef\xbb\xbf" + record_text().encode("utf-8"))
    assert invoke(["replay", str(utf8)]).exit_code == 0

    empty = tmp_path / "empty.rec"
    empty.write_bytes(b"")
    assert one_error_line(invoke(["replay", str(empty)])).startswith(f"Error: {empty}: ")

    cards = tmp_path / "latin1.toml"  # a card file: the library's reader, its own bound
    cards.write_bytes('name = "Caf\xe9"\n'.encode("latin-1"))
    for args in (["cards", "--cards", str(cards)], ["simulate", "--cards", str(cards)]):
        line = one_error_line(invoke(args), code=2)
        assert str(cards) in line and "expected UTF-8 text" in line


def test_replay_refuses_dev_zero_before_reading_it() -> None:
    line = one_error_line(invoke(["replay", "/dev/zero"]))
    assert line == (
        "Error: /dev/zero: a device, not a regular file; a game record is read from a file"
    )


def test_an_input_file_is_read_to_the_bound_plus_one_byte_at_most(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bound = 300_000  # several chunks, to check the sum of the reads
    monkeypatch.setattr(common, "MAX_INPUT_BYTES", bound)
    path = tmp_path / "huge.rec"
    with path.open("wb") as handle:  # a sparse file, far larger than the bound
        handle.truncate(64 * bound)
    assert len(read_regular(path, bound)) == bound + 1
    line = one_error_line(invoke(["replay", str(path)]))
    assert f"larger than {bound >> 20} MiB" in line


def test_an_input_file_at_the_bound_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(common, "MAX_INPUT_BYTES", 1000)
    exact, over = tmp_path / "exact.txt", tmp_path / "over.txt"
    exact.write_bytes(b"x" * 1000)
    over.write_bytes(b"x" * 1001)
    assert common.read_input(exact) == "x" * 1000
    with pytest.raises(click.ClickException, match="larger than"):
        common.read_input(over)


def test_an_unreadable_input_file_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(path: Path, most: int) -> Any:
        raise PermissionError(13, "Permission denied", str(path))

    path = tmp_path / "game.rec"
    path.write_text(record_text(), encoding="utf-8")
    monkeypatch.setattr(shared_common, "read_regular", refuse)
    line = one_error_line(invoke(["replay", str(path)]))
    assert line == f"Error: {path}: cannot read it: Permission denied"


# --------------------------------------------------------------------------- outputs


@pytest.mark.parametrize("where", ["no-such-folder/out.jsonl", "a-folder", "a-file/out.jsonl"])
def test_an_output_that_cannot_be_written_is_refused_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    played = NoGames()
    monkeypatch.setattr(lab_commands, "run_jobs", played)
    out = tmp_path / where
    for args in (
        ["simulate", "--games", "2", "--out", str(out)],
        ["compare", "--games", "2", "--variant", "reentry=kept", "--report", str(out)],
    ):
        line = one_error_line(invoke(args), code=2)
        assert str(out) in line and ("folder" in line), line
    result = invoke(["play", "--record", str(out)], "1\n")
    assert "Harbour for" not in result.output
    one_error_line(result, code=2)
    assert played.calls == 0


def test_a_write_that_fails_after_the_games_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(self: Path, *args: Any, **kwargs: Any) -> int:
        raise OSError(28, "No space left on device", str(self))

    out = tmp_path / "games.jsonl"
    monkeypatch.setattr(Path, "write_text", full)
    line = one_error_line(invoke(["simulate", "--games", "1", "--players", "2", "--out", str(out)]))
    assert line == f"Error: cannot write {out}: No space left on device"


# --------------------------------------------------------------------------- missing extras


def test_compare_report_without_the_lab_extra_stops_before_playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    played = NoGames()
    monkeypatch.setattr(lab_commands, "run_jobs", played)
    report = tmp_path / "report.md"
    args = ["compare", "--games", "50", "--variant", "reentry=kept", "--report", str(report)]
    line = one_error_line(invoke(args))
    assert "[lab]" in line and "pip install 'harbour-rules[lab]'" in line
    assert "the plots of harbour compare's reports" in line  # what needs the extra
    assert played.calls == 0 and not report.exists()


@pytest.mark.parametrize("name", ["simulate", "compare"])
def test_ray_without_the_cluster_extra_stops_before_playing(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if it were not installed
    played = NoGames()
    monkeypatch.setattr(lab_commands, "run_jobs", played)
    args = [name, "--games", "3", "--ray", "local"]
    if name == "compare":
        args += ["--variant", "reentry=kept"]
    line = one_error_line(invoke(args))
    assert "[cluster]" in line and "pip install 'harbour-rules[cluster]'" in line
    assert played.calls == 0


def test_the_library_itself_refuses_ray_without_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(harbour.MissingExtraError, match=r"harbour-rules\[cluster\]"):
        lab.run([lab.Job("harbour", seed=0, bots=("random", "random"))], ray_address="local")


@pytest.mark.parametrize("blocked", ["click", "rich"])
def test_the_command_without_the_cli_extra_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], blocked: str
) -> None:
    monkeypatch.setitem(sys.modules, blocked, None)
    monkeypatch.setattr(sys, "argv", ["harbour", "--help"])
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert blocked in captured.err and "pip install 'harbour-rules[cli]'" in captured.err


# --------------------------------------------------------------------------- the terminal


def harbour_process(
    args: list[str], stdin: bytes, **env: str
) -> subprocess.CompletedProcess[bytes]:
    """The real command in a process, with these bytes on its standard input."""
    return subprocess.run(
        [sys.executable, "-c", "from harbour.cli import main; main()", *args],
        input=stdin,
        capture_output=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "100", **env},
        timeout=120,
    )


def test_play_reads_bytes_that_are_not_utf8_as_text_that_is_not_a_move() -> None:
    # Latin-1 and stray bytes, then a move: the first group of the menu, its first move.
    answers = b"go K\xf6ln\n\xff\xfe\xfd\n1\n1\n"
    result = harbour_process(
        ["play", "--players", "2", "--seed", "3"], answers, PYTHONIOENCODING="utf-8"
    )
    out, err = result.stdout.decode("utf-8"), result.stderr.decode("utf-8")
    assert result.returncode == 0, err
    assert "Traceback" not in err and err == ""
    assert out.count("Not understood: cannot read ") == 2
    assert "Player 1 chooses 3 fish as starting goods." in out
    assert out.rstrip().endswith("End of input: you left the game.")


@pytest.mark.parametrize("args", [["rule", "INT-3"], ["cards"], ["cards", "Tinker"]])
def test_an_ascii_terminal_gets_text_and_no_traceback(args: list[str]) -> None:
    result = harbour_process(args, b"", PYTHONIOENCODING="ascii")
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    text = " ".join(result.stdout.decode("utf-8", errors="replace").split())
    assert {"rule": "Nun f", "cards": "Tinker"}[args[0]] in text


def test_the_end_of_input_ends_the_game_politely() -> None:
    result = invoke(["play", "--players", "2", "--seed", "3"], "1\n")
    assert result.exit_code == 0 and result.exception is None
    lines = result.output.rstrip().splitlines()
    assert lines[-1] == "End of input: you left the game."
    result = invoke(["play", "--players", "2"], "")
    assert result.exit_code == 0
    assert "End of input: you left the game." in result.output
    assert "The game's seed was " in result.output
