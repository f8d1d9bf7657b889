"""Helpers shared by every game's view tests: pictures not blank, golden demo text, widths."""

from __future__ import annotations

import difflib
import io
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest


def png_pixels(png: bytes) -> bytes:
    """The decompressed image data of a PNG (filter bytes included)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    data, at = b"", 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        if png[at + 4 : at + 8] == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += length + 12
    return zlib.decompress(data)


def assert_not_blank(png: bytes) -> None:
    pixels = png_pixels(png)
    # A blank white picture is one byte value (plus a few filter bytes); a drawing has many.
    assert len(set(pixels)) > 16, len(set(pixels))


ROOT = Path(__file__).resolve().parents[2]


def assert_matches_golden(out: str, golden_path: Path, regenerate: str) -> None:
    """Compare byte for byte; on a difference, say how to regenerate and show the diff."""
    golden = golden_path.read_bytes().decode("utf-8")
    if out != golden:
        diff = "".join(
            list(
                difflib.unified_diff(
                    golden.splitlines(keepends=True),
                    out.splitlines(keepends=True),
                    "golden",
                    "now",
                )
            )[:60]
        )
        pytest.fail(
            "The demo output differs from the golden transcript "
            f"{golden_path.relative_to(ROOT)}.\nIf the rules, the bots or the narration changed "
            f"on purpose, regenerate it from the repository root with\n    {regenerate}\n"
            f"and review the diff before committing. First differences:\n{diff}"
        )


class Terminal(io.StringIO):
    """A stream that says it is a terminal: its width is ``COLUMNS`` (set by the test)."""

    def isatty(self) -> bool:
        return True


def check_demo_widths(
    main: Callable[[list[str]], int],
    args: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game's demo writes at 80 columns to a pipe and at a terminal's width to it.

    The words are the same; ``COLUMNS`` changes nothing of what a pipe gets. Every game's
    demo test calls this (VIEW-3, MK-VIEW-3, BH-VIEW-4).
    """
    monkeypatch.delenv("COLUMNS", raising=False)
    assert main(args) == 0
    piped = capsys.readouterr().out
    assert max(len(line) for line in piped.splitlines()) <= 80
    monkeypatch.setenv("COLUMNS", "57")
    assert main(args) == 0
    assert capsys.readouterr().out == piped
    terminal = Terminal()
    monkeypatch.setattr("sys.stdout", terminal)
    assert main(args) == 0
    narrow = terminal.getvalue()
    assert narrow != piped and narrow.split() == piped.split()
    assert max(len(line) for line in narrow.splitlines()) <= 57
