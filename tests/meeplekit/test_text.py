"""Text that fits its reader: the width to write at, and wrapping (meeplekit.text)."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import struct
import termios
from collections.abc import Iterator

import pytest

from meeplekit.cli.common import terminal_width
from meeplekit.cli.common import wrap as cli_wrap
from meeplekit.text import (
    DEFAULT_WIDTH,
    MIN_WIDTH,
    keep_together,
    output_width,
    width_problem,
    wrap,
)
from tests.support.views import Terminal


@pytest.fixture
def terminal_of_63_columns() -> Iterator[io.TextIOWrapper]:
    """A real terminal (a pseudo-terminal's slave end), 63 columns wide."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 63, 0, 0))
    stream = open(follower, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    try:
        yield stream
    finally:
        stream.close()
        os.close(leader)


def test_a_terminal_is_written_to_at_its_width(
    terminal_of_63_columns: io.TextIOWrapper, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    assert output_width(terminal_of_63_columns) == 63
    monkeypatch.setenv("COLUMNS", "71")  # the user's word for the terminal's width
    assert output_width(terminal_of_63_columns) == 71
    monkeypatch.setenv("COLUMNS", "12")  # never narrower than a view accepts
    assert output_width(terminal_of_63_columns) == MIN_WIDTH == 40
    monkeypatch.setenv("COLUMNS", "wide")
    assert output_width(terminal_of_63_columns) == 63


def test_anything_but_a_terminal_is_written_to_at_80_columns(
    monkeypatch: pytest.MonkeyPatch, tmp_path: os.PathLike[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "120")  # a terminal's width says nothing of a file
    assert DEFAULT_WIDTH == 80
    assert output_width(io.StringIO()) == 80
    with open(os.path.join(tmp_path, "out.txt"), "w", encoding="utf-8") as file:
        assert output_width(file) == 80
    closed = io.StringIO()
    closed.close()
    assert output_width(closed) == 80
    assert output_width(object()) == 80  # type: ignore[arg-type]
    assert output_width(Terminal()) == 120


def test_the_command_wraps_at_columns_else_at_the_terminals_width(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "90")
    assert terminal_width() == 90
    monkeypatch.setenv("COLUMNS", "300")
    assert terminal_width() == 100  # the command's tables are at most 100 columns
    monkeypatch.delenv("COLUMNS")
    monkeypatch.setattr("sys.stdout", io.StringIO())
    assert terminal_width() == 80


def test_a_width_is_a_whole_number_of_at_least_40_columns() -> None:
    assert width_problem(40) is None and width_problem(10**5000) is None
    for bad in (39, 0, -1, True, 80.5, "80", None, -(10**5000)):
        problem = width_problem(bad)
        assert problem is not None and problem.startswith("a width is a whole number of columns")
    with pytest.raises(ValueError, match="at least 40"):
        wrap("text", 20)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


LINES = [
    "The market draws a Forest, which joins its pile of Forests, and the deck has 30 cards.",
    "  Player 1 earns 4 money (income by rank). Player 3 earns 3 money (income by rank).",
    "  12. Move to the Kiln Works [go Kiln Works] and pay the toll to its owner, Player 2.",
    "  - Guild of Factors ($10, 6 VP; symbols: top hat): Gain 3 goods of your choice.",
    "",
    "short",
]


@pytest.mark.parametrize("width", [40, 53, 80])
def test_wrapping_keeps_the_words_and_the_indentation(width: int) -> None:
    text = "\n".join(LINES)
    wrapped = wrap(text, width)
    assert wrapped.split() == text.split()
    assert max(len(line) for line in wrapped.splitlines()) <= width
    out = wrapped.splitlines()
    assert out[-2:] == ["", "short"]  # blank and short lines as they were
    market = out.index(next(line for line in out if line.startswith("The market")))
    assert _indent(out[market + 1]) == 4  # four columns further in
    income = out.index(next(line for line in out if line.startswith("  Player 1 earns")))
    assert _indent(out[income + 1]) == 6
    numbered = out.index(next(line for line in out if line.startswith("  12. ")))
    assert _indent(out[numbered + 1]) == 6  # under the item's text
    if len(LINES[3]) > width:
        bullet = out.index(next(line for line in out if line.startswith("  - Guild")))
        assert _indent(out[bullet + 1]) == 4  # under the bullet's text
    assert "[go Kiln Works]" in wrapped  # a short bracketed text is never split


def test_indent_and_kept_spaces() -> None:
    name = "Fish Auction Hall"
    text = f"Player 1 has built the splendid {keep_together(name)} and the Refinery today."
    assert wrap(text, 40, indent="  ") == (
        "  Player 1 has built the splendid\n      Fish Auction Hall and the Refinery\n      today."
    )
    assert wrap(text.replace(keep_together(name), name), 40, indent="  ").startswith(
        "  Player 1 has built the splendid Fish\n"
    )
    assert wrap("a\n\nb", 40, indent="  ") == "  a\n\n  b"


def test_the_commands_wrap_joins_lines_wrapped_at_another_width() -> None:
    line = "  starting building Patron: Gain 1 stone and 1 good of your choice or buy a building"
    at_70 = wrap(line, 70)
    assert at_70.count("\n") == 1
    assert cli_wrap(at_70, 100) == line
    assert wrap(at_70, 100) == at_70  # the library's wrap leaves lines as they are
