"""Text for people: the characters no text from outside may hold, and text that fits.

Every text a program takes from outside and shows again (a card's name, a record's tags
and comments, a move typed by a player) reaches a terminal, a picture or a web page. A
control character there can clear a terminal or hide what follows (an escape sequence), a
line separator can break a line that must stay one, and a bidirectional formatting
character reorders how the text around it shows, so that what is read is not what is
written. :func:`control_character` finds the first such character; every game refuses
texts that hold one, naming it and its place.

>>> control_character("Wheat Field") is None
True
>>> control_character("Wheat" + chr(0x202E) + "Field")
'U+202E at character 6'

Every text the games write for people (the text views, ``str(state)``, the narration, the
demos, the commands) fits its reader's width, and this module is the one home of that
policy: :func:`output_width` is the width to write to a stream (the terminal's columns
when the stream is a terminal, :data:`DEFAULT_WIDTH`, 80, otherwise), and :func:`wrap`
wraps text to a width, keeping each line's indentation, hanging a numbered or bulleted
line under its text and any other line's continuation four columns further in, and never
breaking a word. A library value has no terminal: ``str(state)`` is written at
:data:`DEFAULT_WIDTH`, and every view takes a ``width``, checked by
:func:`width_problem`.

>>> print(wrap("  The market draws a Forest, which joins its pile of Forests.", 40))
  The market draws a Forest, which joins
      its pile of Forests.
>>> print(wrap("  1. Player 2: 640 (64 money, 2 on the Bank, prestige 10)", 40))
  1. Player 2: 640 (64 money, 2 on the
     Bank, prestige 10)
"""

from __future__ import annotations

import os
import re
import sys
import textwrap
from typing import IO, Any, Final

from meeplekit.values import shown

__all__ = [
    "DEFAULT_WIDTH",
    "KEEP",
    "MIN_WIDTH",
    "columns_variable",
    "control_character",
    "keep_together",
    "output_width",
    "width_problem",
    "wrap",
]

#: What no text from outside may hold: the control characters (Unicode category Cc: C0,
#: DEL and C1, escape sequences among them), the line and paragraph separators, and the
#: bidirectional formatting characters, which reorder how the text around them shows.
_CONTROL: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)

#: The width text is written at when it goes to no terminal (a file, a pipe, a web page,
#: ``str(state)``): 80 columns, the width of a terminal that was never resized.
DEFAULT_WIDTH: Final = 80
#: The narrowest width text is written at: a terminal narrower than this is written to at
#: this width, and a view asked for a narrower one refuses (:func:`width_problem`).
MIN_WIDTH: Final = 40
#: A space :func:`wrap` never breaks a line at; it writes it as a plain space
#: (:func:`keep_together`).
KEEP: Final = "\N{NO-BREAK SPACE}"

#: A short text in brackets (a move's notation in a menu) is kept on one line.
_BRACKETED: Final = re.compile(r"\[[^\]\n]{1,40}\]")
#: A menu or list line: its indentation and its number or bullet.
_ITEM: Final = re.compile(r"(\s*)(\d+\.\s+|[-*]\s+)?")
#: A line at least this long that is followed by one four columns further in was wrapped
#: before (:func:`wrap` with ``rejoin=True``).
_WRAPPED: Final = 60


def control_character(text: str) -> str | None:
    """Where ``text`` holds a character no text from outside may hold, or ``None``.

    Those are the control characters (Unicode category Cc: NUL, tab, ESC, which starts a
    terminal's escape sequences, DEL, ...), the line and paragraph separators U+2028 and
    U+2029, and the bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A to
    U+202E, U+2066 to U+2069), which reorder how the text around them shows. The answer
    names the first one and its place, for example ``"U+001B at character 4"``.

    >>> control_character("Net" + chr(27) + "[2J Loft")
    'U+001B at character 4'
    """
    found = _CONTROL.search(text)
    if found is None:
        return None
    return f"U+{ord(found.group()):04X} at character {found.start() + 1}"


# --------------------------------------------------------------------------- the width


def columns_variable() -> int | None:
    """The environment variable ``COLUMNS`` as a positive whole number, or ``None``.

    POSIX's way for a user to say how wide the terminal is; unset, empty or not a positive
    whole number, it says nothing.
    """
    value = os.environ.get("COLUMNS", "").strip()
    if not value.isdigit() or len(value) > 6:
        return None
    return int(value) or None


def output_width(stream: IO[Any] | None = None) -> int:
    """The width to write text at to ``stream`` (default: standard output), in columns.

    A terminal's own width when ``stream`` is a terminal (``COLUMNS`` when it is set,
    :func:`columns_variable`, else the terminal's size), never less than
    :data:`MIN_WIDTH`; :data:`DEFAULT_WIDTH` (80) when it is not (a file, a pipe, a
    ``StringIO``), so that a demo written to a file reads the same everywhere.

    >>> import io
    >>> output_width(io.StringIO())
    80
    """
    target = sys.stdout if stream is None else stream
    try:
        terminal = bool(target.isatty())
    except (AttributeError, ValueError, OSError):  # no such method, or a closed stream
        return DEFAULT_WIDTH
    if not terminal:
        return DEFAULT_WIDTH
    columns = columns_variable()
    if columns is None:
        try:
            columns = os.get_terminal_size(target.fileno()).columns
        except (AttributeError, ValueError, OSError):
            return DEFAULT_WIDTH
    return max(MIN_WIDTH, columns) if columns > 0 else DEFAULT_WIDTH


def width_problem(width: object) -> str | None:
    """Why ``width`` is no width to write text at, or ``None``.

    A width is a whole number of columns, at least :data:`MIN_WIDTH`.

    >>> width_problem(80) is None
    True
    >>> width_problem(12)
    'a width is a whole number of columns, at least 40; got 12'
    """
    if type(width) is int and width >= MIN_WIDTH:
        return None
    return f"a width is a whole number of columns, at least {MIN_WIDTH}; got {shown(width)}"


# --------------------------------------------------------------------------- wrapping


def keep_together(text: str) -> str:
    """``text`` with its spaces made ones :func:`wrap` never breaks a line at (:data:`KEEP`).

    For a short text that reads wrong split, as a table's cell (``"Fish Auction Hall"``).
    """
    return text.replace(" ", KEEP)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _logical_lines(lines: list[str]) -> list[str]:
    """``lines`` with lines an earlier wrapping continued joined again.

    A continuation is a line four columns further in than the (long, plain) line it
    continues, as :func:`wrap` writes them.
    """
    joined: list[str] = []
    last = ""  # the physical line before, and the logical line it belongs to
    for line in lines:
        if joined and len(last) >= _WRAPPED and line.strip():
            head = joined[-1]
            match = _ITEM.match(head)
            if match and not match.group(2) and _indent(line) == _indent(head) + 4:
                joined[-1] = f"{head} {line.strip()}"
                last = line
                continue
        joined.append(line)
        last = line
    return joined


def _wrap_line(line: str, width: int) -> str:
    match = _ITEM.match(line)
    assert match is not None  # the pattern matches the empty string
    indent, item = match.group(1), match.group(2) or ""
    hanging = " " * (len(indent) + len(item)) if item else indent + "    "
    kept = _BRACKETED.sub(lambda m: keep_together(m.group()), line)
    return textwrap.fill(
        kept,
        width=width,
        subsequent_indent=hanging,
        break_long_words=False,
        break_on_hyphens=False,
    )


def wrap(text: str, width: int = DEFAULT_WIDTH, *, indent: str = "", rejoin: bool = False) -> str:
    """``text`` with each line wrapped to ``width`` columns.

    Each line that is not blank first gets ``indent`` before it. A line keeps its
    indentation; a numbered or bulleted line (``"  12. Move to ..."``) continues under its
    text, any other line four columns further in. Lines that fit are left as they are;
    words, spaces made with :func:`keep_together`, and short texts in brackets
    (``[go Kiln Works]``) are never broken, so only a line with a word longer than
    ``width`` is longer. With ``rejoin``, lines that were wrapped before (a view written
    at another width) are joined first. Raises ``ValueError`` for a width that
    :func:`width_problem` refuses.
    """
    problem = width_problem(width)
    if problem is not None:
        raise ValueError(problem)
    lines = [indent + line if indent and line.strip() else line for line in text.split("\n")]
    if rejoin:
        lines = _logical_lines(lines)
    out = [line if len(line) <= width else _wrap_line(line, width) for line in lines]
    return "\n".join(out).replace(KEEP, " ")
