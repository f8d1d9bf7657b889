"""Text from outside: the characters no such text may hold.

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
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["control_character"]

#: What no text from outside may hold: the control characters (Unicode category Cc: C0,
#: DEL and C1, escape sequences among them), the line and paragraph separators, and the
#: bidirectional formatting characters, which reorder how the text around them shows.
_CONTROL: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


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
