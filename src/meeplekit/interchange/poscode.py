"""Position codes: a whole position on one line of text, as chess has FEN.

Each game writes a state as a *position code* that a bug report, a rules question or a
test can quote, and reads one back, checked (``harbour.code`` and ``harbour.from_code``,
and the same in every game). What does not depend on the game lives here: the syntax, the
encoding of each kind of value, the encodings derived from a game's attrs classes
(:class:`Schema`), the limits on hostile text, and the error that names the field at
fault (:class:`CodeError`). A game's ``poscode`` module declares only what is its own: the
order of its fields, the short forms of its goods and cards, and its checks
(:class:`PositionCodes`).

The syntax, which every game shares:

- A code is one line of printable ASCII: its *header*, ``GAME/VERSION`` (``harbour/1``),
  then the position's fields, each after one space. The code of what one seat may see
  (an observation) has the header ``GAME/VERSION@SEAT`` (``harbour/1@0``: seat 0's).
- A value is an *atom* (a run of letters, digits and ``-_.:=+*~!%@/``), a *list*
  ``[a,b,c]`` (``[]`` is empty) or a *record* ``(a b c)``, whose fields are positional.
  A value of a union of records is its tag followed by its record, ``card(17)``, or the
  tag alone for a record without fields, ``move``.
- A whole number is written in decimal (at most 20 digits, no leading zeros); ``y`` and
  ``n`` are true and false; ``-`` is ``None``; an enum member is a short label the game
  fixes; text keeps its letters, digits and ``-.:+*!``, writes a space as ``_``, any
  other character as ``%`` and the hex of its UTF-8 bytes, and the empty text as ``~``.
- Rule readings (a game's options) are ``-`` when every reading is the default, else the
  list of those that are not, ``[name=value,...]``: a reading added later changes no code.
- Data that has no short form (a card set of your own) is *packed*: ``packed:`` and the
  base64url of its JSON document compressed with zlib.

For example, with a toy record:

>>> import attrs
>>> @attrs.frozen
... class Player:
...     coins: int
...     hand: tuple[int, ...]
...     name: str | None
>>> codec = Schema().codec(tuple[Player, ...])
>>> text = codec.write((Player(3, (1, 2), "Ada Lovelace"), Player(0, (), None)), {})
>>> text
'[(3 [1,2] Ada_Lovelace),(0 [] -)]'
>>> codec.read(parse_value(text), "players", {})[0]
Player(coins=3, hand=(1, 2), name='Ada Lovelace')
>>> codec.read(parse_value("[(3 [1,x] -)]"), "players", {})
Traceback (most recent call last):
...
meeplekit.interchange.poscode.Invalid: players[0].hand[1]: expected a whole number, got 'x'

Why this shape:

- *Positional, derived from the state's attrs classes.* A code lists a state's fields in
  the class's order (the game moves its secrets, readings and card set to the end), so it
  is short, and a reader of a bug report sees the players, their goods and money first;
  the error of a bad value names the field by the state's own names. A field added to a
  state is written with no change here (the game then raises its code's version); a
  reading added to the options changes no code at all, as the options list only what is
  not the default.
- *Cards by number.* A card is its index in its deck of the card set, as Harbour's state
  already holds it: short, and the same in every code of a game. A card set that is not
  built in is packed into the code, so that a code stays self-contained (a game played
  with a card file of one's own is reproduced from its code alone), at the cost of a few
  kilobytes; naming it by a digest would make the code useless without the file.
- *A seat's code is its observation's.* What one seat may see is what a player can
  share without revealing a secret, and reading it gives that observation back, as
  ``from_json`` gives an observation document back.
- *One spelling, strict reading.* Equal positions have equal codes (a code can be
  compared as text and used as a key), and every code read is the one :meth:`code`
  writes; the codec never returns what the game's ``validate`` refuses. Compression is
  used only for a packed card set: the position itself stays readable, and JSON remains
  the format for programs.

Reading never trusts the text: a code longer than :data:`MAX_CODE_CHARS`, a character that
is not printable ASCII, values nested over :data:`MAX_DEPTH` deep, a number of more than
:data:`MAX_DIGITS` digits, a field missing or one too many, an unknown tag or label, a
header of another game or version are all refused with the game's :class:`CodeError`,
naming the field (``players[1].goods``) and the character where its value starts.
"""

from __future__ import annotations

import base64
import binascii
import enum
import re
import types
import typing
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Generic, NamedTuple, TypeVar

import attrs

from meeplekit import documents, errors
from meeplekit.protocol import ViolationLike
from meeplekit.rng import SplitMix64
from meeplekit.values import shown, viewer_seat

__all__ = [
    "MAX_CODE_CHARS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "TRACE",
    "VIEWER",
    "Atom",
    "Bool",
    "Choice",
    "CodeError",
    "Codec",
    "Counts",
    "Digits",
    "Fixed",
    "Group",
    "Int",
    "Invalid",
    "Node",
    "Optional",
    "Options",
    "Packed",
    "PositionCodes",
    "Record",
    "Ref",
    "Schema",
    "Seq",
    "Tagged",
    "Text",
    "enum_choice",
    "parse_code",
    "parse_value",
    "read_text",
    "write_text",
]

S = TypeVar("S")
Seen = TypeVar("Seen")

#: The longest code :meth:`PositionCodes.from_code` reads, in characters (a code with a
#: card set of your own packed into it takes a few kilobytes; a plain one a few hundred).
MAX_CODE_CHARS: Final = 1 << 18
#: How deeply lists and records may nest in a code.
MAX_DEPTH: Final = 32
#: The most digits of a whole number in a code (a 64-bit seed has 20).
MAX_DIGITS: Final = 20

#: The characters of an atom.
_ATOM: Final = re.compile(r"[A-Za-z0-9\-_.:=+*~!%@/]+")
#: A character that may not appear in a code at all.
_FORBIDDEN: Final = re.compile(r"[^\x20-\x7e]")
#: A whole number as a code writes it.
_INTEGER: Final = re.compile(r"0|-?[1-9][0-9]*")
#: What text keeps as it is.
_KEPT: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.:+*!")
#: Text with escapes, as :func:`write_text` writes it.
_TEXT: Final = re.compile(r"(?:[A-Za-z0-9\-.:+*!_]|%[0-9A-F]{2})+|~")
#: The digits of a row (:class:`Digits`), base 36.
_DIGITS: Final = "0123456789abcdefghijklmnopqrstuvwxyz"
#: The prefix of packed data (:class:`Packed`).
_PACKED: Final = "packed:"
#: The context key of the list of values read (:meth:`Codec.read`).
TRACE: Final = "trace"
#: The context key of an observation's viewer, read from the header.
VIEWER: Final = "viewer"


# --------------------------------------------------------------------------- errors


class CodeError(errors.MoveParseError):
    """A position code that cannot be read, naming the field at fault.

    :attr:`field` is the field's path (``"players[1].goods"``), ``""`` for the code as a
    whole; :attr:`position` the index in the text where its value starts (0 is the first
    character), or ``None``; :attr:`reason` what is wrong; :attr:`text` the code given.
    Each game raises its own subclass, which is also the game's ``MoveParseError`` (its
    notation error):

    >>> error = CodeError("players[1].goods", "expected goods such as 2F1S, got 'x'",
    ...                   text="harbour/1 ...", position=40)
    >>> str(error)
    "position code, players[1].goods at character 41: expected goods such as 2F1S, got 'x'"
    >>> error.field, error.position
    ('players[1].goods', 40)
    """

    def __init__(
        self, field: str, reason: str, *, text: str = "", position: int | None = None
    ) -> None:
        where = f" at character {position + 1}" if position is not None else ""
        name = f", {field}" if field else ""
        # The shared MoveParseError's message speaks of a move: its base class is called.
        super(errors.MoveParseError, self).__init__(f"position code{name}{where}: {reason}")
        #: The code that could not be read.
        self.text = text
        #: What was wrong, in a plain sentence.
        self.reason = reason
        #: The path of the field at fault, or ``""`` for the code as a whole.
        self.field = field
        #: Where the field's value starts in the text (0-based), or ``None``.
        self.position = position


class Invalid(Exception):
    """A problem found while reading a code: the field's path, where, and why.

    Raised inside the codecs; :class:`PositionCodes` turns it into the game's
    :class:`CodeError`.
    """

    def __init__(self, field: str, position: int | None, reason: str) -> None:
        super().__init__(f"{field}: {reason}" if field else reason)
        #: The path of the field at fault.
        self.field = field
        #: Where its value starts in the text, or ``None``.
        self.position = position
        #: What is wrong.
        self.reason = reason


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


# --------------------------------------------------------------------------- syntax


class Atom(NamedTuple):
    """An atom of a code: its text and where it starts."""

    #: The atom's characters.
    text: str
    #: Its index in the code.
    at: int

    @property
    def end(self) -> int:
        """The index just after it."""
        return self.at + len(self.text)


class Group(NamedTuple):
    """A list (``kind`` ``"["``) or a record (``"("``, with its ``tag`` for a union's member)."""

    #: ``"["`` or ``"("``.
    kind: str
    #: The items, in order.
    items: tuple[Atom | Group, ...]
    #: Where the group (its tag, if any) starts in the code.
    at: int
    #: The tag before a record, or ``None``.
    tag: str | None
    #: The index just after its closing bracket.
    end: int


#: A value of a code as its syntax gives it.
Node = Atom | Group

_CLOSE: Final = {"[": "]", "(": ")"}
_SEPARATOR: Final = {"[": ",", "(": " "}
#: An atom, a bracket or separator, or any other character (refused).
_TOKEN: Final = re.compile(r"([A-Za-z0-9\-_.:=+*~!%@/]+)|([\[\](), ])|(.)", re.DOTALL)


def _seen(token: str | None) -> str:
    if token is None:
        return "the end of the code"
    return "a space" if token == " " else repr(token)


class _Syntax(Invalid):
    """A syntax error, with the index of the top-level value it is in."""

    def __init__(self, index: int, position: int, reason: str) -> None:
        super().__init__("", position, reason)
        #: The index of the top-level value being read (0 is the header).
        self.index = index


def _parse(text: str, *, single: bool) -> list[Node]:
    """The values of ``text``: one (``single``), or each after one space (a whole code).

    Iterative, over the tokens of one regular expression: the cost is linear in the
    length, and nesting is bounded by :data:`MAX_DEPTH`, not by Python's stack.
    """
    top: list[Node] = []
    frames: list[tuple[str | None, list[Node], int, str | None]] = []
    kind: str | None = None  # the open group's bracket, None at the top
    items = top
    start = 0
    tag: str | None = None
    expect = True  # a value comes next
    fresh = False  # a group was just opened: its closing bracket may come at once
    pending: tuple[str, int] | None = None  # a tag just read, its record's bracket next
    for found in _TOKEN.finditer(text):
        token, at = found.group(), found.start()
        if found.lastindex == 3 and _FORBIDDEN.match(token):
            raise _Syntax(
                len(top) - (kind is None and not expect),
                at,
                f"the character U+{ord(token):04X} is not allowed: a code is one line of "
                "printable ASCII",
            )
        if expect:
            if found.lastindex == 1:
                if found.end() < len(text) and text[found.end()] == "(":
                    pending = (token, at)
                    continue
                items.append(Atom(token, at))
                expect = False
                continue
            if token in _CLOSE:
                if len(frames) >= MAX_DEPTH:
                    raise _Syntax(
                        len(top), at, f"lists and records nested more than {MAX_DEPTH} deep"
                    )
                frames.append((kind, items, start, tag))
                kind, items, start, tag = token, [], at, None
                if pending is not None:
                    tag, start = pending
                    pending = None
                fresh = True
                continue
            if not (fresh and kind is not None and token == _CLOSE[kind]):
                raise _Syntax(len(top), at, f"expected a value, got {_seen(token)}")
        elif kind is None:
            if token == " " and not single:
                expect = True
                continue
            wanted = "the end of the value" if single else "a space between fields"
            raise _Syntax(len(top) - 1, at, f"expected {wanted}, got {_seen(token)}")
        elif token == _SEPARATOR[kind]:
            expect, fresh = True, False
            continue
        elif token != _CLOSE[kind]:
            raise _Syntax(
                len(top),
                at,
                f"expected {_seen(_SEPARATOR[kind])} or {_CLOSE[kind]!r}, got {_seen(token)}",
            )
        node = Group(kind, tuple(items), start, tag, at + 1)
        kind, items, start, tag = frames.pop()
        items.append(node)
        expect, fresh = False, False
    if kind is not None and not expect:
        raise _Syntax(
            len(top),
            len(text),
            f"the code ends before {_CLOSE[kind]!r} closes the {'list' if kind == '[' else 'record'}",
        )
    if expect:
        raise _Syntax(len(top), len(text), "the code ends where a value is expected")
    return top


def parse_code(text: str) -> list[Node]:
    """The top-level values of a code (its header first), each with where it starts.

    Raises :class:`Invalid` for text that is not in a code's syntax (no field named).
    """
    return _parse(text, single=False)


def parse_value(text: str) -> Node:
    """One value of a code's syntax (for tests and tools); raises :class:`Invalid`."""
    return _parse(text, single=True)[0]


# --------------------------------------------------------------------------- text


def write_text(text: str) -> str:
    """Text as an atom: ``-.:+*!``, letters and digits kept, a space as ``_``, others escaped.

    >>> write_text("Harbour library original set"), write_text(""), write_text("-")
    ('Harbour_library_original_set', '~', '%2D')
    """
    if text == "":
        return "~"
    if text == "-":
        return "%2D"
    out = []
    for char in text:
        if char in _KEPT:
            out.append(char)
        elif char == " ":
            out.append("_")
        else:
            out.extend(f"%{byte:02X}" for byte in char.encode("utf-8"))
    return "".join(out)


def read_text(atom: str) -> str | None:
    """The text :func:`write_text` wrote as ``atom``, or ``None`` if it wrote no such atom.

    >>> read_text("caf%C3%A9_au_lait"), read_text("%zz")
    ('café au lait', None)
    """
    if _TEXT.fullmatch(atom) is None:
        return None
    if atom == "~":
        return ""
    raw = bytearray()
    at = 0
    while at < len(atom):
        char = atom[at]
        if char == "%":
            raw.append(int(atom[at + 1 : at + 3], 16))
            at += 3
            continue
        raw.extend(b" " if char == "_" else char.encode("ascii"))
        at += 1
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if write_text(text) == atom else None


# --------------------------------------------------------------------------- codecs


class Codec:
    """One kind of value: how a code writes it and reads it back.

    :meth:`write` gives a value's text; :meth:`read` the value of a parsed node, raising
    :class:`Invalid` naming ``path``. ``context`` holds the values that other fields need
    to be read (the card set, for a card by its index). Each codec implements ``_write``
    and ``_read``.
    """

    #: What the value is, for messages ("a whole number").
    _what: str = "a value"

    @property
    def what(self) -> str:
        """What the value is, for messages ("a whole number")."""
        return self._what

    def write(self, value: Any, context: dict[Any, Any]) -> str:
        """The value as text."""
        return self._write(value, context)

    def read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        """The value a node gives; raises :class:`Invalid` naming ``path``.

        With a list under the context key :data:`TRACE`, each value read is added to it as
        ``(path, node)`` (:meth:`PositionCodes.fields`).
        """
        value = self._read(node, path, context)
        trace = context.get(TRACE)
        if trace is not None:
            trace.append((path, node))
        return value

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        raise NotImplementedError

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        raise NotImplementedError

    def atom(self, node: Node, path: str) -> str:
        """The text of ``node``, which must be an atom."""
        if type(node) is not Atom:
            raise Invalid(path, node.at, f"expected {self.what}, got a list or record")
        return node.text

    def refuse(self, node: Node, path: str, got: str | None = None) -> Invalid:
        """The error for a node that is not a value of this codec."""
        if got is None:
            got = shown(node.text, 40) if type(node) is Atom else "a list or record"
        return Invalid(path, node.at, f"expected {self.what}, got {got}")


class Int(Codec):
    """A whole number, in decimal: ``-3``, ``0``, ``12`` (at most :data:`MAX_DIGITS` digits)."""

    _what = "a whole number"

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        return str(int(value))

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        text = self.atom(node, path)
        if _INTEGER.fullmatch(text) is None:
            raise self.refuse(node, path)
        if len(text.lstrip("-")) > MAX_DIGITS:
            raise Invalid(path, node.at, f"expected a whole number of at most {MAX_DIGITS} digits")
        return int(text)


class Bool(Codec):
    """``y`` for true, ``n`` for false."""

    _what = "y or n"

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        return "y" if value else "n"

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        text = self.atom(node, path)
        if text == "y":
            return True
        if text == "n":
            return False
        raise self.refuse(node, path)


class Text(Codec):
    """Text, escaped (:func:`write_text`)."""

    _what = "text (letters, digits, _ for a space, %XX escapes)"

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        return write_text(value)

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        found = read_text(self.atom(node, path))
        if found is None:
            raise self.refuse(node, path)
        return found


class Choice(Codec):
    """One of a few values, each by its label (an enum's members)."""

    def __init__(self, labels: Mapping[str, Any], what: str) -> None:
        self.by_label = dict(labels)
        self.by_id = {id(value): label for label, value in labels.items()}
        listed = ", ".join(self.by_label)
        self._what = f"{what} ({listed})" if len(listed) <= 120 else what

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        label = self.by_id.get(id(value))
        if label is None:
            raise Invalid("", None, f"not {self.what}: {shown(value)}")
        return label

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        text = self.atom(node, path)
        if text not in self.by_label:
            raise self.refuse(node, path)
        return self.by_label[text]


def enum_choice(kind: type[enum.Enum], labels: Mapping[Any, str] | None = None) -> Choice:
    """An enum's members by label: ``labels[member]``, else a string value, else the name.

    A name is written in lower case with ``-`` for ``_`` (``TV_STATION``: ``tv-station``);
    a string value is escaped as text.
    """
    given = dict(labels or {})
    out: dict[str, Any] = {}
    for member in kind:
        if member in given:
            label = given[member]
        elif isinstance(member.value, str):
            label = write_text(member.value)
        else:
            label = member.name.lower().replace("_", "-")
        if _ATOM.fullmatch(label) is None or label == "-" or label in out:
            raise ValueError(f"{kind.__name__}: the label {label!r} cannot be read back")
        out[label] = member
    return Choice(out, f"a {kind.__name__}")


class Optional(Codec):
    """A value or ``None``, written ``-``."""

    def __init__(self, inner: Codec) -> None:
        self.inner = inner

    @property
    def what(self) -> str:
        """The inner value's, or ``-``."""
        return f"{self.inner.what} or -"

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        return "-" if value is None else self.inner.write(value, context)

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        if type(node) is Atom and node.text == "-":
            return None
        return self.inner.read(node, path, context)


class Seq(Codec):
    """A tuple of values of one kind, ``[a,b,c]``; with ``kind=frozenset``, a set, sorted."""

    def __init__(self, inner: Codec, kind: type = tuple) -> None:
        self.inner = inner
        self.kind = kind
        self._what = "a list [...]"

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        items = sorted(value) if self.kind is frozenset else value
        return "[" + ",".join(self.inner.write(item, context) for item in items) + "]"

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        if type(node) is not Group or node.kind != "[":
            raise self.refuse(node, path)
        items = [
            self.inner.read(item, f"{path}[{i}]", context) for i, item in enumerate(node.items)
        ]
        if self.kind is frozenset:
            try:
                ordered = sorted(items) == items and len(set(items)) == len(items)
            except TypeError:
                ordered = False
            if not ordered:
                raise Invalid(path, node.at, "expected the items in increasing order, each once")
            return frozenset(items)
        return tuple(items)


class Fixed(Codec):
    """A tuple of a fixed number of values, each of its own kind, ``[a,b,c]``."""

    def __init__(self, inners: Sequence[Codec]) -> None:
        self.inners = tuple(inners)
        self._what = f"a list of {len(self.inners)} values"

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        return (
            "["
            + ",".join(c.write(v, context) for c, v in zip(self.inners, value, strict=True))
            + "]"
        )

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        if type(node) is not Group or node.kind != "[":
            raise self.refuse(node, path)
        if len(node.items) != len(self.inners):
            raise Invalid(
                path,
                node.at,
                f"expected a list of {len(self.inners)} values, got {len(node.items)}",
            )
        return tuple(
            c.read(item, f"{path}[{i}]", context)
            for i, (c, item) in enumerate(zip(self.inners, node.items, strict=True))
        )


class Digits(Codec):
    """A row of small counts (0 to 35), one base-36 digit each: ``2100a`` (``[]`` if empty).

    With ``flags=True`` a row of booleans, ``1`` and ``0``. ``length`` fixes the row's
    length, if given.
    """

    def __init__(self, *, flags: bool = False, length: int | None = None) -> None:
        self.flags = flags
        self.length = length
        self._what = "a row of 0 and 1" if flags else "a row of counts, one digit (0-9, a-z) each"

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        if not value:
            return "[]"
        if self.flags:
            return "".join("1" if v else "0" for v in value)
        if any(not 0 <= v < len(_DIGITS) for v in value):
            raise Invalid("", None, f"a count out of 0..35 in a row: {shown(value)}")
        return "".join(_DIGITS[v] for v in value)

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        if type(node) is Group and node.kind == "[" and not node.items:
            row: tuple[Any, ...] = ()
        else:
            text = self.atom(node, path)
            allowed = "01" if self.flags else _DIGITS
            if any(char not in allowed for char in text):
                raise self.refuse(node, path)
            row = tuple(c == "1" for c in text) if self.flags else tuple(map(_DIGITS.index, text))
        if self.length is not None and len(row) != self.length:
            raise Invalid(path, node.at, f"expected {self.length} digits, got {len(row)}")
        return row


class Counts(Codec):
    """Counts by letter, each count before its letter, zeros left out: ``2F1S``; none is ``0``.

    ``letters`` name the counts in order; ``make`` builds the value from the counts and
    ``split`` gives them (a game's goods); ``what`` names them in messages (``"goods"``).
    """

    def __init__(
        self,
        letters: str,
        make: Callable[..., Any],
        split: Callable[[Any], Sequence[int]],
        what: str = "counts",
    ) -> None:
        self.letters = letters
        self.make = make
        self.split = split
        example = f"2{letters[0]}1{letters[-1]}"
        self._what = f"{what} such as {example} ({', '.join(letters)}), or 0 for none"
        self.pattern = re.compile(rf"(?:(?:[1-9][0-9]{{0,2}})[{re.escape(letters)}])+")

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        counts = self.split(value)
        text = "".join(f"{n}{letter}" for n, letter in zip(counts, self.letters, strict=True) if n)
        return text or "0"

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        text = self.atom(node, path)
        if text == "0":
            return self.make(*(0 for _ in self.letters))
        if self.pattern.fullmatch(text) is None:
            raise self.refuse(node, path)
        found = re.findall(rf"([0-9]+)([{re.escape(self.letters)}])", text)
        order = [self.letters.index(letter) for _, letter in found]
        if order != sorted(set(order)):
            raise Invalid(
                path, node.at, f"expected each letter once, in the order {', '.join(self.letters)}"
            )
        counts = [0] * len(self.letters)
        for amount, letter in found:
            counts[self.letters.index(letter)] = int(amount)
        return self.make(*counts)


class Ref(Codec):
    """An item of a collection the context holds (a card of the card set), by its index.

    ``items(context[key])`` gives the collection; equal items share the first one's index.
    """

    def __init__(self, key: Any, items: Callable[[Any], Sequence[Any]], what: str) -> None:
        self.key = key
        self.items = items
        self._what = f"the number of {what}"

    def _collection(self, context: dict[Any, Any]) -> Sequence[Any]:
        return self.items(context[self.key])

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        # By identity first (a state holds its card set's own cards), then by equality.
        key = (id(self), "index")
        if key not in context:
            collection = self._collection(context)
            context[key] = {id(item): i for i, item in reversed(list(enumerate(collection)))}
        found = context[key].get(id(value))
        if found is None:
            found = next(
                (i for i, item in enumerate(self._collection(context)) if item == value), None
            )
        if found is None:
            raise Invalid("", None, f"not one of the card set's: {shown(value)}")
        return str(found)

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        text = self.atom(node, path)
        collection = self._collection(context)
        if _INTEGER.fullmatch(text) is None or text.startswith("-") or len(text) > MAX_DIGITS:
            raise self.refuse(node, path)
        index = int(text)
        if index >= len(collection):
            raise Invalid(
                path, node.at, f"expected {self.what} from 0 to {len(collection) - 1}, got {index}"
            )
        return collection[index]


class _Lazy(Codec):
    """A codec made later (a recursive type refers to itself)."""

    target: Codec

    @property
    def what(self) -> str:
        """The target's."""
        return self.target.what

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        return self.target.write(value, context)

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        return self.target.read(node, path, context)


@attrs.frozen
class _Field:
    name: str
    alias: str
    codec: Codec
    #: The context key this field's value is stored under, read before the others.
    context: Any = None
    #: The context key this field's value comes from instead of the text (not written).
    given: Any = None


class Record(Codec):
    """An attrs class as its fields, positional: ``(a b c)``, or the fields of a whole code.

    Fields with a ``context`` key are read first and their values kept in the context (the
    card set, which cards by index need); fields with a ``given`` key are not written, and
    read from the context (an observation's viewer, from the code's header).
    """

    def __init__(self, cls: type, fields: Sequence[_Field]) -> None:
        self.cls = cls
        self.fields = tuple(fields)
        self.written = tuple(f for f in self.fields if f.given is None)
        #: The written fields' names, for messages.
        self.names = " ".join(f.name for f in self.written)
        self._what = f"a record ({self.names})"

    def write_fields(self, value: Any, context: dict[Any, Any]) -> list[str]:
        """The written fields' texts, in order."""
        for field in self.fields:
            if field.context is not None:
                context[field.context] = getattr(value, field.name)
        out = []
        for field in self.written:
            try:
                out.append(field.codec.write(getattr(value, field.name), context))
            except Invalid as exc:
                raise Invalid(_join(field.name, exc.field), None, exc.reason) from None
        return out

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        return "(" + " ".join(self.write_fields(value, context)) + ")"

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        if type(node) is not Group or node.kind != "(" or node.tag is not None:
            raise self.refuse(node, path)
        return self.read_fields(node.items, node.at, path, context, end=node.end - 1)

    def read_fields(
        self,
        nodes: Sequence[Node],
        at: int,
        path: str,
        context: dict[Any, Any],
        *,
        end: int,
        whole: bool = False,
    ) -> Any:
        """The value from its fields' nodes, which start at ``at`` and end at ``end``.

        ``whole``: the nodes are a whole code's (its fields after the header).
        """
        written = self.written
        if len(nodes) < len(written):
            missing = written[len(nodes)]
            raise Invalid(
                _join(path, missing.name),
                end,
                f"missing: the {'code' if whole else 'record'} ends after "
                f"{len(nodes)} of its {len(written)} fields ({self.names})",
            )
        if len(nodes) > len(written):
            extra = nodes[len(written)]
            last = written[-1].name if written else "the start"
            raise Invalid(
                path,
                extra.at,
                f"{len(nodes) - len(written)} field(s) too many after {last}: expected "
                f"{len(written)} ({self.names})",
            )
        node_of = {f.name: n for f, n in zip(written, nodes, strict=True)}
        values: dict[str, Any] = {}
        first = [f for f in self.fields if f.context is not None]
        for field in [*first, *(f for f in self.fields if f.context is None)]:
            if field.given is not None:
                values[field.alias] = context[field.given]
                continue
            value = field.codec.read(node_of[field.name], _join(path, field.name), context)
            if field.context is not None:
                context[field.context] = value
            values[field.alias] = value
        try:
            return self.cls(**values)
        except (errors.RulesError, TypeError, ValueError) as exc:
            raise Invalid(path, at, f"not a {self.cls.__name__}: {shown(str(exc), 200)}") from None


class Tagged(Codec):
    """A value of a union of attrs classes: its tag and record, ``card(17)``, or its tag alone."""

    def __init__(self, members: Mapping[str, Record], what: str) -> None:
        self.by_tag = dict(members)
        self.by_class = {record.cls: tag for tag, record in self.by_tag.items()}
        self._what = f"{what} ({', '.join(self.by_tag)})"

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        tag = self.by_class.get(type(value))
        if tag is None:
            raise Invalid("", None, f"not {self.what}: {shown(value)}")
        record = self.by_tag[tag]
        if not record.written:
            return tag
        return tag + record.write(value, context)

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        items: tuple[Node, ...] = ()
        if type(node) is Atom:
            tag = node.text
        elif type(node) is Group and node.kind == "(" and node.tag is not None:
            tag, items = node.tag, node.items
        else:
            raise self.refuse(node, path)
        record = self.by_tag.get(tag)
        if record is None:
            raise self.refuse(node, path, shown(tag, 40))
        if type(node) is Atom and record.written:
            raise Invalid(path, node.at, f"expected {tag}(...) with its fields ({record.names})")
        return record.read_fields(items, node.at, path, context, end=node.end - 1)


class Options(Codec):
    """Rule readings (an attrs options class): ``-`` if all default, else ``[name=value,...]``.

    Only the fields that differ from their defaults are written, in field order, each
    value as its field's type is written; reading, a field left out is its default, and a
    default given or a field out of order is refused (a code has one spelling).
    """

    def __init__(self, cls: type, codecs: Mapping[str, Codec]) -> None:
        self.cls = cls
        self.codecs = dict(codecs)
        self.defaults = {f.name: _default(f) for f in attrs.fields(cls)}
        self._what = "- or a list of readings [name=value,...]"

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        changed = [
            f"{name}={codec.write(getattr(value, name), context)}"
            for name, codec in self.codecs.items()
            if getattr(value, name) != self.defaults[name]
        ]
        return "[" + ",".join(changed) + "]" if changed else "-"

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        if type(node) is Atom and node.text == "-":
            return self.cls()
        if type(node) is not Group or node.kind != "[" or not node.items:
            raise self.refuse(node, path)
        given: dict[str, Any] = {}
        names = list(self.codecs)
        for item in node.items:
            text = self.atom(item, path)
            name, equals, label = text.partition("=")
            if not equals or name not in self.codecs:
                known = ", ".join(self.codecs)
                raise Invalid(
                    path,
                    item.at,
                    f"expected name=value with a name of {known}, got {shown(text, 40)}",
                )
            if given and names.index(name) <= names.index(next(reversed(given))):
                raise Invalid(
                    _join(path, name), item.at, "expected the readings in field order, each once"
                )
            field = _join(path, name)
            value = self.codecs[name].read(Atom(label, item.at + len(name) + 1), field, context)
            if value == self.defaults[name]:
                raise Invalid(field, item.at, "the default reading, which a code leaves out")
            given[name] = value
        try:
            return self.cls(**given)
        except (errors.RulesError, TypeError, ValueError) as exc:
            raise Invalid(path, node.at, shown(str(exc), 200)) from None


def _default(field: attrs.Attribute[Any]) -> Any:
    default: Any = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return default.factory()
    return default


class Packed(Codec):
    """Values without a short form (card sets), by a built-in name or as a packed document.

    ``names`` maps each built-in value's name to it (written as text). Any other value is
    written ``packed:`` and the base64url (no padding) of its JSON document,
    ``to_json(value)`` (of the format ``fmt`` and the kind ``kind``), compressed with zlib.
    Reading unpacks at most ``max_bytes``, reads the document within those bytes,
    :data:`MAX_DEPTH` and :data:`MAX_DIGITS` (:func:`meeplekit.documents.read_json`),
    refuses any other format or kind, and gives the value ``from_data(payload, kind)``,
    which raises the game's errors (a :class:`~meeplekit.errors.RulesError`).
    """

    def __init__(
        self,
        names: Mapping[str, Any],
        *,
        to_json: Callable[[Any], str],
        fmt: str,
        kind: str,
        from_data: Callable[[Any, str], Any],
        max_bytes: int,
        what: str,
    ) -> None:
        self.names = dict(names)
        self.to_json = to_json
        self.fmt = fmt
        self.kind = kind
        self.from_data = from_data
        self.limits = documents.Limits(max_bytes, MAX_DEPTH, MAX_DIGITS)
        listed = ", ".join(write_text(name) for name in self.names)
        self._what = f"{what}: {listed} or packed:DATA"

    def _write(self, value: Any, context: dict[Any, Any]) -> str:
        for name, known in self.names.items():
            if known is value or known == value:
                return write_text(name)
        packed = zlib.compress(self.to_json(value).encode("utf-8"), 9)
        return _PACKED + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")

    def _read(self, node: Node, path: str, context: dict[Any, Any]) -> Any:
        text = self.atom(node, path)
        if not text.startswith(_PACKED):
            name = read_text(text)
            if name is None or name not in self.names:
                raise self.refuse(node, path)
            return self.names[name]
        data = text[len(_PACKED) :]
        most = self.limits.max_bytes
        try:
            raw = base64.b64decode(data + "=" * (-len(data) % 4), altchars=b"-_", validate=True)
            inflate = zlib.decompressobj()
            document = inflate.decompress(raw, most + 1)
        except (binascii.Error, ValueError, zlib.error) as exc:
            raise Invalid(path, node.at, f"not packed data (base64url of zlib): {exc}") from None
        if len(document) > most or inflate.unconsumed_tail:
            raise Invalid(path, node.at, f"packed data of more than {most} bytes")
        if not inflate.eof or inflate.unused_data:
            raise Invalid(path, node.at, "packed data cut short, or with more after its end")

        def bad(field: str, reason: str) -> Invalid:
            return Invalid(
                path, node.at, f"the packed document{f' at {field}' if field else ''}: {reason}"
            )

        found = documents.read_json(document, self.limits, error=bad)
        _, payload = documents.open_document(found, self.fmt, (self.kind,), error=bad)
        try:
            return self.from_data(payload, self.kind)
        except errors.RulesError as exc:
            raise bad("", shown(str(exc), 300)) from None


# --------------------------------------------------------------------------- schemas


def _is_union(tp: Any) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


class Schema:
    """The codecs of a game's types, derived from its attrs classes.

    Each type is written as the module's text says (:class:`Int`, :class:`Bool`,
    :class:`Text`, :func:`enum_choice`, :class:`Optional`, :class:`Seq`, :class:`Fixed`,
    :class:`Record`, :class:`Tagged`), unless the game says otherwise:

    - ``types`` gives the codec of a type (a game's goods, its cards);
    - ``fields`` the codec of one field of one class, ``(cls, name)``;
    - ``tag`` makes a union member's tag from its class (default
      :func:`meeplekit.documents.type_tag`, the class name in kebab case);
    - ``last`` lists, per class, fields written after all the others (the seed, the
      options and the card set after the position itself);
    - ``context`` lists the types whose values other fields need: a field of such a type
      is read first and kept (:class:`Ref`);
    - ``given`` names, per class, fields read from the context and not written;
    - ``options`` lists the options classes, written as :class:`Options`.

    A new field of a class (a new rule reading) is written with no change here.
    """

    def __init__(
        self,
        *,
        types: Mapping[Any, Codec] | None = None,
        fields: Mapping[tuple[type, str], Codec] | None = None,
        tag: Callable[[type], str] | None = None,
        last: Mapping[type, Sequence[str]] | None = None,
        context: Sequence[type] = (),
        given: Mapping[type, Mapping[str, Any]] | None = None,
        options: Sequence[type] = (),
    ) -> None:
        self._options = tuple(options)
        self._made: dict[Any, Codec] = dict(types or {})
        self._fields = dict(fields or {})
        self._tag = tag or documents.type_tag
        self._last = {cls: tuple(names) for cls, names in (last or {}).items()}
        self._context = tuple(context)
        self._given = {cls: dict(names) for cls, names in (given or {}).items()}

    def codec(self, tp: Any) -> Codec:
        """The codec of the type ``tp`` (an annotation: a class, a union, ``tuple[int, ...]``)."""
        found = self._made.get(tp)
        if found is not None:
            return found
        lazy = _Lazy()
        self._made[tp] = lazy
        made = self._derive(tp)
        lazy.target = made
        self._made[tp] = made
        return made

    def record(self, cls: type) -> Record:
        """The codec of an attrs class as a record of its fields (:class:`Record`)."""
        codec = self.codec(cls)
        if not isinstance(codec, Record):
            raise TypeError(f"{cls.__name__} is not written as a record")
        return codec

    def _derive(self, tp: Any) -> Codec:
        if tp is bool:
            return Bool()
        if tp is int:
            return Int()
        if tp is str:
            return Text()
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return enum_choice(tp)
        if tp in self._options:
            attrs.resolve_types(tp)
            return Options(tp, {f.name: self.codec(f.type) for f in attrs.fields(tp)})
        if _is_union(tp):
            return self._union(tp)
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return Seq(self.codec(args[0]))
            return Fixed([self.codec(a) for a in args])
        if origin is frozenset:
            return Seq(self.codec(args[0]), kind=frozenset)
        if isinstance(tp, type) and attrs.has(tp):
            return self._record(tp)
        raise TypeError(f"no position code for the type {tp!r}")

    def _union(self, tp: Any) -> Codec:
        members = [a for a in typing.get_args(tp) if a is not type(None)]
        optional = len(members) < len(typing.get_args(tp))
        if len(members) == 1:
            inner = self.codec(members[0])
        else:
            if not all(isinstance(m, type) and attrs.has(m) for m in members):
                raise TypeError(f"a union of records only, not {tp!r}")
            tags = {self._tag(m): self._record(m) for m in members}
            if len(tags) != len(members):
                raise TypeError(f"two members of {tp!r} have the same tag")
            inner = Tagged(tags, "one of")
        return Optional(inner) if optional else inner

    def _record(self, cls: type) -> Record:
        known = self._made.get(cls)
        if isinstance(known, Record):
            return known
        attrs.resolve_types(cls)
        last = self._last.get(cls, ())
        given = self._given.get(cls, {})
        fields = [f for f in attrs.fields(cls) if f.init]
        fields.sort(key=lambda f: last.index(f.name) + 1 if f.name in last else 0)
        made = Record(
            cls,
            [
                _Field(
                    f.name,
                    f.alias or f.name,
                    self._fields.get((cls, f.name)) or self.codec(f.type),
                    context=f.type if f.type in self._context else None,
                    given=given.get(f.name),
                )
                for f in fields
            ],
        )
        self._made.setdefault(cls, made)
        return made


# --------------------------------------------------------------------------- whole codes

_HEADER: Final = re.compile(r"([a-z][a-z0-9-]*)/([1-9][0-9]{0,3})(?:@(0|[1-9][0-9]{0,3}))?")


class PositionCodes(Generic[S, Seen]):
    """A game's position codes: :meth:`code` and :meth:`from_code` (see the module's text).

    ``game`` and ``version`` make the header; ``state`` and ``observation`` are the codecs
    of the game's state and observation classes (:meth:`Schema.record`; the observation's
    viewer field ``given`` from :data:`VIEWER`); ``observe(state, seat)`` is the game's
    observation; ``validate(state)`` lists a state's broken invariants and
    ``determinize(observation, rng)`` raises the game's error for an observation no valid
    position gives. ``error`` is the game's :class:`CodeError`
    class and ``value_error`` its ``InvalidValueError``, raised by :meth:`code` for a value
    that is not a state or an observation of the game.
    """

    def __init__(
        self,
        *,
        game: str,
        version: int,
        state: Record,
        observation: Record,
        observe: Callable[[S, int], Seen],
        validate: Callable[[S], Sequence[ViolationLike]],
        determinize: Callable[[Seen, SplitMix64], S],
        error: type[CodeError],
        value_error: type[Exception],
    ) -> None:
        self.game = game
        self.version = version
        self.state = state
        self.observation = observation
        self.observe = observe
        self.validate = validate
        self.determinize = determinize
        self.error = error
        self.value_error = value_error

    @property
    def header(self) -> str:
        """The header of a whole state's code: ``GAME/VERSION``."""
        return f"{self.game}/{self.version}"

    def code(self, value: S | Seen, viewer: int | None = None) -> str:
        """The code of a state, of what ``viewer`` may see of it, or of an observation."""
        if type(value) is self.state.cls:
            if viewer is not None:
                return self.code(self.observe(value, viewer))  # type: ignore[arg-type]
            header, record = self.header, self.state
        elif type(value) is self.observation.cls:
            seat = viewer_seat(value.viewer, self.value_error)  # type: ignore[union-attr]
            if viewer is not None and viewer != seat:
                raise self.value_error(
                    f"the observation is seat {seat}'s; it has no code for seat {shown(viewer)}"
                )
            header, record = f"{self.header}@{seat}", self.observation
        else:
            raise self.value_error(
                f"a position code is written of a {self.state.cls.__name__} or an "
                f"{self.observation.cls.__name__}, not {shown(value)}"
            )
        try:
            fields = record.write_fields(value, {})
        except (Invalid, AttributeError, TypeError, ValueError) as exc:
            where = getattr(exc, "field", "")
            raise self.value_error(
                f"not a position a code can hold{f' ({where})' if where else ''}: "
                f"{shown(str(exc), 200)}"
            ) from None
        return " ".join([header, *fields])

    def from_code(self, text: str) -> S | Seen:
        """The state (or observation, for a seat's code) ``text`` holds, checked."""
        try:
            value: S | Seen = self._read(text, {}, check=True)
        except Invalid as exc:
            raise self.error(
                exc.field, exc.reason, text=text if type(text) is str else "", position=exc.position
            ) from None
        return value

    def fields(self, text: str) -> tuple[tuple[str, int, int], ...]:
        """Every value of the code ``text``: its field's path, where it starts and ends.

        In the order of the text, the header first (``("header", 0, 9)``); a list or a
        record comes before its items. The fields are read as :meth:`from_code` reads them,
        but the position is not checked (a code of a position the rules refuse is listed
        too). Raises the game's :class:`CodeError` for a code that cannot be read.
        """
        trace: list[tuple[str, Node]] = []
        try:
            self._read(text, {TRACE: trace}, check=False)
        except Invalid as exc:
            raise self.error(exc.field, exc.reason, text=text, position=exc.position) from None
        found = {(path, node.at, node.end) for path, node in trace}
        return tuple(sorted(found, key=lambda item: (item[1], -item[2], item[0])))

    def _read(self, text: str, context: dict[Any, Any], *, check: bool) -> Any:
        if type(text) is not str:
            raise Invalid("", None, f"expected the code as text (a str), got {shown(text)}")
        if len(text) > MAX_CODE_CHARS:
            raise Invalid("", None, f"longer than {MAX_CODE_CHARS} characters")
        try:
            nodes = parse_code(text)
        except _Syntax as exc:
            raise Invalid(self._field_at(text, exc.index), exc.position, exc.reason) from None
        head = nodes[0]
        expected = f"{self.header} (or {self.header}@SEAT for what a seat sees)"
        found = _HEADER.fullmatch(head.text) if type(head) is Atom else None
        if found is None:
            raise Invalid("header", head.at, f"expected {expected}, got {_shown_node(head)}")
        game, version, seat = found.groups()
        if game != self.game:
            raise Invalid("header", head.at, f"a code of {game}, not of {self.game}")
        if int(version) != self.version:
            raise Invalid(
                "header",
                head.at,
                f"version {version} of {self.game}'s codes; this library reads version "
                f"{self.version}",
            )
        record = self.state if seat is None else self.observation
        if seat is not None:
            context[VIEWER] = int(seat)
        trace = context.get(TRACE)
        if trace is not None:
            trace.append(("header", head))
        value = record.read_fields(nodes[1:], head.at, "", context, end=len(text), whole=True)
        if not check:
            return value
        if seat is None:
            found_violations = self.validate(value)
            if found_violations:
                listed = "; ".join(f"[{v.rule_id}] {v.reason}" for v in found_violations[:5])
                raise Invalid("", None, f"not a valid position: {listed}")
            return value
        try:
            self.determinize(value, SplitMix64(0))
        except errors.RulesError as exc:
            raise Invalid("", None, f"no valid position shows this: {exc}") from None
        return value

    def _field_at(self, text: str, index: int) -> str:
        """The name of the top-level field ``index`` (0: the header) of the code ``text``."""
        if index == 0:
            return "header"
        seat = _HEADER.fullmatch(text.split(" ", 1)[0])
        record = self.observation if seat is not None and seat.group(3) else self.state
        written = record.written
        return written[index - 1].name if index <= len(written) else ""


def _shown_node(node: Node) -> str:
    return shown(node.text, 40) if type(node) is Atom else "a list or record"
