r"""Card files every game shares: a file of TOML or JSON data read safely, before its content.

A game that reads cards from a file (Harbour's and Bremerhaven's card sets) checks their
content itself, against its own schema; what comes before is the same for every game and
lives here, bounded by the game's :class:`~meeplekit.documents.Limits`:

- :func:`read_file`: the text of a file whose name ends in ``.toml`` or ``.json`` (its
  format), opened without blocking and read only when it is a regular file (not a folder, a
  pipe, a device or a socket), at most :attr:`~meeplekit.documents.Limits.max_bytes`
  read, in UTF-8;
- :func:`parse`: the data of such a text, TOML or JSON, its shape measured before it is
  parsed, in time proportional to its length: tables and lists nested at most
  :attr:`~meeplekit.documents.Limits.max_nesting` deep, counted as the parser nests them
  (brackets, and in TOML also the parts of a dotted key ``a.b.c`` and of a table's header
  ``[a.b.c]``, each of which is a table), and whole numbers of at most
  :attr:`~meeplekit.documents.Limits.max_digits` digits; JSON as
  :func:`~meeplekit.documents.read_json` reads it (no key given twice, no ``NaN``);
- :func:`load`: both, the data of a card file;
- :func:`toml_shape`: the measure of a TOML text, as :func:`~meeplekit.documents.json_shape`
  measures a JSON one.

Every refusal is the game's own error, made by the function the game passes (``error``:
from the file's name and the reason, or from the reason alone), with the reason in the
library's words (``expected ...``), so that nothing a hostile file holds escapes as another
exception, hangs or takes more than about a second:

>>> from meeplekit.documents import Limits
>>> limits = Limits(max_bytes=1 << 20, max_nesting=8, max_digits=6)
>>> parse('name = "x"\nboard.track = [1, 2]', "toml", limits, error=ValueError)
{'name': 'x', 'board': {'track': [1, 2]}}
>>> parse("a" + ".a" * 20 + " = 1", "toml", limits, error=ValueError)
Traceback (most recent call last):
...
ValueError: expected tables and lists nested at most 8 deep, got 20
>>> toml_shape("[a.b]\nc.d = [{ e.f = 1 }]  # [[[", 6)
(6, False)
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable, Iterator
from typing import Any, Final

from meeplekit.documents import Limits, read_json
from meeplekit.files import NotRegularFile, read_regular
from meeplekit.values import shown

__all__ = ["FORMATS", "load", "parse", "read_file", "toml_shape"]

#: The formats of a card file, by the suffix of its name.
FORMATS: Final = {".toml": "toml", ".json": "json"}

#: A TOML string, or a comment: what :func:`toml_shape` leaves out. Multi-line strings first
#: (a closing quote may be followed by up to two more quotes of the content), then one-line
#: strings (a basic one with escapes), then comments.
_TOML_SKIPPED: Final = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""(?:"{1,2}(?!"))?'
    r"|'''(?:[^']|'(?!''))*'''(?:'{1,2}(?!'))?"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'[^'\n]*'"
    r"|#[^\n]*",
    re.DOTALL,
)
#: What :func:`toml_shape` reads of the text left: the characters that open, close or
#: separate tables, lists and keys; a run of dots (a dotted key), of commas (a list's items)
#: or of new lines is read as one.
_TOML_MARKS: Final = re.compile(
    r"(?:\.[^\[\]{}=,.\n]*)+|(?:,[^\[\]{}=,.\n]*)+|(?:\n[^\[\]{}=,.\n]*)+|[\[\]{}=]"
)
#: For each number of digits: a run of more digits (``_`` may separate them in TOML).
_TOML_LONG: dict[int, re.Pattern[str]] = {}

ReadError = Callable[[str, str], Exception]
ParseError = Callable[[str], Exception]


# --------------------------------------------------------------------------- the file


def read_file(path: object, limits: Limits, *, error: ReadError) -> tuple[str, str, str]:
    """The name, the format (``"toml"`` or ``"json"``) and the text of a card file.

    ``path`` is a ``str``, ``bytes`` or path-like; the format is its name's suffix.
    ``error(name, reason)`` makes the game's error, raised for anything but a path, another
    suffix, a file that does not exist or cannot be opened or read (permission denied, a
    name too long or holding a NUL), anything but a regular file (a folder, a pipe, a
    device, a socket: never opened for reading, or opened without blocking and refused
    when a race put it there), a file over :attr:`~meeplekit.documents.Limits.max_bytes`
    (no more is read) and text that is not UTF-8.
    """
    try:
        raw_name = os.fspath(path)  # type: ignore[call-overload]
    except TypeError:
        raise error(shown(path), f"expected the path of a card file, got {shown(path)}") from None
    name = os.fsdecode(raw_name) if isinstance(raw_name, bytes) else raw_name
    suffix = os.path.splitext(name)[1].lower()
    if suffix not in FORMATS:
        got = f'"{suffix}"' if suffix else "no suffix"
        raise error(name, f"expected a card file whose name ends in .toml or .json, got {got}")
    raw = _read_bytes(name, limits.max_bytes, lambda reason: error(name, reason))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(name, f"expected UTF-8 text: {exc.reason}") from None
    return name, FORMATS[suffix], text


def _read_bytes(name: str, most: int, error: ParseError) -> bytes:
    """At most ``most`` bytes of the regular file ``name``: one more is an error."""
    try:
        raw = read_regular(name, most)
    except NotRegularFile as exc:
        raise error(f"not a regular file but {exc.kind}; expected a regular file") from None
    except FileNotFoundError:
        raise error("cannot read the file: no such file") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name, say
        raise error(f"cannot read the file: {_reason(exc)}") from None
    if len(raw) > most:
        raise error(f"expected a file of at most {most} bytes")
    return raw


def _reason(exc: BaseException) -> str:
    text = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return text[:1].lower() + text[1:]


# --------------------------------------------------------------------------- the text


def parse(text: object, fmt: object, limits: Limits, *, error: ParseError) -> Any:
    """The data of a card file's ``text`` in the format ``fmt`` (``"toml"`` or ``"json"``).

    Raises ``error(reason)`` (the game's error) for what is not text, text over
    :attr:`~meeplekit.documents.Limits.max_bytes` of UTF-8, another format, tables and lists
    nested deeper than :attr:`~meeplekit.documents.Limits.max_nesting` (counted by
    :func:`toml_shape` or :func:`~meeplekit.documents.json_shape`) and whole numbers of
    more than :attr:`~meeplekit.documents.Limits.max_digits` digits (these before
    parsing, in time proportional to the length), and bad TOML or JSON (in JSON also a key
    given twice, ``NaN`` and ``Infinity``).
    """
    if fmt == "json":
        return read_json(text, limits, error=lambda _field, reason: error(reason))  # type: ignore[arg-type]
    if fmt != "toml":
        raise error(f'expected the format "toml" or "json", got {shown(fmt)}')
    if type(text) is not str:
        raise error(f"expected TOML text, got {type(text).__name__}")
    if len(text) > limits.max_bytes or len(text.encode("utf-8", "replace")) > limits.max_bytes:
        raise error(f"expected at most {limits.max_bytes} bytes")
    depth, too_long = toml_shape(text, limits.max_digits)
    if depth > limits.max_nesting:
        raise error(
            f"expected tables and lists nested at most {limits.max_nesting} deep, got {depth}"
        )
    if too_long:
        raise error(f"expected numbers of at most {limits.max_digits} digits")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"not valid TOML: {exc}") from None
    except (ValueError, RecursionError) as exc:  # pragma: no cover - the shape comes first
        raise error(f"not readable TOML: {shown(exc)}") from None
    largest = 10**limits.max_digits
    if any(type(v) is int and not -largest < v < largest for v in _leaves(data)):
        raise error(f"expected numbers of at most {limits.max_digits} digits")  # 0x..., 0b...
    return data


def load(path: object, limits: Limits, *, error: ReadError) -> Any:
    """The data of the card file at ``path``: :func:`read_file`, then :func:`parse`.

    Every refusal is ``error(name, reason)``, the name being the file's.
    """
    name, fmt, text = read_file(path, limits, error=error)
    return parse(text, fmt, limits, error=lambda reason: error(name, reason))


def toml_shape(text: str, digits: int) -> tuple[int, bool]:
    r"""How deeply a TOML text nests, and whether a number has more than ``digits`` digits.

    The depth is what the parser nests, counted outside strings and comments: each table
    a header names (``[a.b]`` is 2 deep, ``[[a.b]]`` 3 with the list), each part of a
    dotted key but the last (``a.b.c = 1`` is 2 deep), and each list or inline table a
    value opens; the value of ``a = 1`` is 0 deep. A key's dots are counted where
    numbers' decimal points might stand too, so the depth is an upper bound, exact for
    what a card file holds. A quick scan, in time proportional to the length, without
    parsing: for text that is not TOML the answer is a guess the parser then corrects.

    >>> toml_shape('[[ships]]\nname = "a.b.c [[["\ncargo = { kind.good = 12345 }', 4)
    (4, True)
    """
    bare = _TOML_SKIPPED.sub('""', text) if ('"' in text or "'" in text or "#" in text) else text
    long = _TOML_LONG.get(digits) or _TOML_LONG.setdefault(
        digits, re.compile(f"[0-9](?:_?[0-9]){{{digits}}}")
    )
    return _toml_depth(bare), long.search(bare) is not None


def _toml_depth(bare: str) -> int:
    """The depth :func:`toml_shape` describes, of TOML text without strings or comments."""
    deepest = 0
    # The depth of each open container and whether it is a list, innermost last; the first
    # is the table the last header named (0: the document itself).
    open_: list[tuple[int, bool]] = [(0, False)]
    dots = keyed = 0  # the dots of the key being read, and of the key whose value is read
    valued = False  # after "=", or in a list: a bracket opens a value, not a header
    skip = 0  # the end of the header just read
    arrays: dict[str, Any] = {}  # the headers of arrays of tables, as a tree of their parts
    for mark in _TOML_MARKS.finditer(bare):
        at = mark.start()
        if at < skip:
            continue
        run = mark.group()
        ch = run[0]
        base, in_list = open_[-1]
        if ch == ".":
            dots += run.count(".")
            deepest = max(deepest, base + dots)
        elif ch == "=":
            keyed, dots, valued = dots, 0, True
        elif ch in "[{" and (valued or len(open_) > 1):
            open_.append((base + keyed + 1, ch == "["))
            deepest = max(deepest, base + keyed + 1)
            keyed, dots, valued = 0, 0, ch == "["
        elif ch == "[":  # a table's header: [a.b] is 2 deep, [[a.b]] 3 (with its list)
            double = bare.startswith("[", at + 1)
            close = bare.find("]", at)
            close = len(bare) if close < 0 else close
            header = _header_depth(bare[at + 1 + double : close], double, arrays)
            open_[0] = (header, False)
            deepest = max(deepest, header)
            skip = close + 1 + double
            keyed, dots, valued = 0, 0, False
        elif ch in "]}":
            if len(open_) > 1:
                open_.pop()
            keyed, dots, valued = 0, 0, open_[-1][1]
        elif ch == ",":
            keyed, dots, valued = 0, 0, in_list
        else:  # a new line: a new key, unless a list goes on
            dots = 0
            if len(open_) == 1:
                keyed, valued = 0, False
    return deepest


def _header_depth(name: str, array: bool, arrays: dict[str, Any]) -> int:
    """How deep the table a header names lies, among the headers read so far.

    A level for each part of its name, and one for each array of tables on its way (after
    ``[[a]]``, ``[a.b]`` is 3 deep: the list, its last table, then ``b``). ``arrays`` is a
    tree of the parts of the names read so far, each array of tables marked (``"."``: no
    part is a dot). A quoted part reads ``""`` in the text measured, so all such parts look
    alike: the depth is an upper bound.
    """
    parts = [part.strip() for part in name.split(".")]
    depth, node = len(parts), arrays
    for part in parts[:-1]:
        node = node.setdefault(part, {})
        depth += "." in node
    if array:
        node.setdefault(parts[-1], {})["."] = True
        depth += 1
    return depth


def _leaves(data: object) -> Iterator[object]:
    """Every value of parsed data that is not a table or a list."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        else:
            yield item
