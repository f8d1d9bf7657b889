"""Hostile input every game meets alike: classes of values thrown at every door where they arrive.

The game's own test files run these checks for it and name its clauses (Harbour's in
``tests/property/harbour/test_hostile_shared.py``, Machi Koro's and Bremerhaven's in their
``property`` folders); the shared layer's own checks are in ``test_hostile_shared.py``
beside this module.

- :func:`front_door` lists a game's public functions: its top-level names, the functions
  of the modules it names (``actions``, ``records``, ``svg``, ...) and those of the
  modules its top-level functions come from (``observation``, ``view``, ``scoring``, ...);
  :func:`int_parameters` the parameters of one that take a whole number. A game's table
  of calls must cover every such parameter (:func:`uncovered`), each called with every
  number of :data:`HUGE` (:func:`only_game_errors`).
- :func:`forged_records` makes record values with each field set around the constructor,
  and :func:`replay_refuses_forged_records` checks that ``replay`` refuses each.
- :func:`card_file_paths` makes a path of every hostile kind, and :data:`DEEP_TOML` and
  :data:`HUGE_NUMBERS` card file texts of every hostile shape.
"""

from __future__ import annotations

import copy
import inspect
import os
import socket
import sys
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

#: Whole numbers no door takes where a seat, a count, a seed or a code goes: longer than
#: Python writes (over 4,300 digits), beyond 64 bits, beyond a C index, negative.
HUGE: tuple[int, ...] = (
    10**5000,
    -(10**5000),
    2**64,
    2**63,
    -(2**63) - 1,
    2**40,
    -1,
)
#: The longest message a refusal may have: a number in it is shortened.
MAX_MESSAGE = 2000


# --------------------------------------------------------------------------- the front door


def front_door(game: types.ModuleType) -> dict[str, Callable[..., Any]]:
    """Every public function of ``game`` by its qualified name (module and name)."""
    names = game.__all__
    modules = [game] + [getattr(game, n) for n in names if inspect.ismodule(getattr(game, n))]
    modules += [
        sys.modules[getattr(game, n).__module__]
        for n in names
        if inspect.isfunction(getattr(game, n))
    ]
    found: dict[str, Callable[..., Any]] = {}
    for module in modules:
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if inspect.isfunction(value):
                found.setdefault(f"{value.__module__}.{value.__qualname__}", value)
    return found


def _admits_int(hint: object) -> bool:
    if hint is int:
        return True
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return int in typing.get_args(hint)
    return False


def int_parameters(function: Callable[..., Any]) -> tuple[str, ...]:
    """The parameters of ``function`` whose annotation takes a whole number."""
    hints = typing.get_type_hints(function)
    return tuple(p for p in inspect.signature(function).parameters if _admits_int(hints.get(p)))


def uncovered(game: types.ModuleType, table: Mapping[tuple[str, str], object]) -> set[str]:
    """The int parameters of ``game``'s front door missing from ``table``, and extra rows."""
    wanted = {
        (name, parameter)
        for name, function in front_door(game).items()
        for parameter in int_parameters(function)
    }
    missing = {f"{n}({p}) is not in the table" for n, p in wanted - set(table)}
    extra = {f"{n}({p}) is no int parameter of the front door" for n, p in set(table) - wanted}
    return missing | extra


def only_game_errors(call: Callable[[], object], error: type[Exception]) -> None:
    """``call()`` returns, or raises ``error`` (the game's base) with a short message."""
    try:
        call()
    except error as exc:
        text = str(exc)
        assert len(text) <= MAX_MESSAGE, text[:200]


# --------------------------------------------------------------------------- records


def _never_set(kind: type) -> Any:
    return object.__new__(kind)


def forged_values(result: type) -> list[object]:
    """Values a record's field may hold when set around the constructor, ``result`` its
    Result class: each a value of another type, a number too long to write, a result whose
    own fields are forged."""
    good = result((1, 2), (0,))
    values: list[object] = [None, -1, 10**5000, "x", b"x", 2.5, [], (), {}, object()]
    values += [(None,), (10**5000,), [1, 2], _never_set(result)]
    for name in ("scores", "winners"):
        for bad in (None, "12", (10**5000,), (1.0,), (True,), [[1]], _never_set(result)):
            twin = copy.copy(good)
            object.__setattr__(twin, name, bad)
            values.append(twin)
    return values


def forged_records(record: Any, result: type) -> Iterator[tuple[str, Any]]:
    """``record`` with each field set to each forged value, and with each field never set."""
    for field in attrs.fields(type(record)):
        for value in forged_values(result):
            twin = copy.copy(record)
            object.__setattr__(twin, field.name, value)
            yield f"{field.name}={type(value).__name__}", twin
        twin = object.__new__(type(record))
        for other in attrs.fields(type(record)):
            if other.name != field.name:
                object.__setattr__(twin, other.name, getattr(record, other.name))
        yield f"{field.name} never set", twin
    yield "nothing set", object.__new__(type(record))


def replay_refuses_forged_records(
    replay: Callable[[Any], object],
    record: Any,
    result: type,
    refusals: tuple[type[Exception], ...],
    unread: tuple[str, ...] = ("tags", "comments"),
) -> None:
    """``replay`` refuses ``record`` forged in every way (:func:`forged_records`) with one
    of ``refusals``, but where it reads nothing forged: the fields ``unread``, and a
    ``result`` of ``None`` (a record without a result)."""
    replay(record)
    for label, forged in forged_records(record, result):
        accepted = label.startswith(unread) or label == "result=NoneType"
        try:
            replay(forged)
        except refusals:
            assert not accepted, label
        else:
            assert accepted, label


# --------------------------------------------------------------------------- card files

#: TOML texts that nest deeper than any card file may, in every way TOML nests: dotted
#: keys (the issue's 20,000 levels and 100,000), table headers, arrays of tables, arrays,
#: inline tables and their mixtures; and texts near the size limit of many small nests.
DEEP_TOML: dict[str, str] = {
    "dotted key 20000": "a" + ".a" * 20_000 + " = 1\n",
    "dotted key 100000": "a" + ".a" * 100_000 + " = 1\n",
    "quoted dotted key": '"a"' + '."a"' * 20_000 + " = 1\n",
    "spaced dotted key": "a" + " . a" * 20_000 + " = 1\n",
    "header": "[" + "a." * 20_000 + "a]\nx = 1\n",
    "array of tables": "[[" + "a." * 20_000 + "a]]\nx = 1\n",
    "header then key": "[" + "a." * 20 + "a]\n" + "b." * 20 + "b = 1\n",
    "inline table": "x = " + "{ a = " * 20_000 + "1" + " }" * 20_000 + "\n",
    "inline dotted": "x = { " + "a." * 20_000 + "a = 1 }\n",
    "arrays": "x = " + "[" * 20_000 + "]" * 20_000 + "\n",
    "arrays of inline tables": "x = " + "[{ a = " * 5_000 + "1" + " }]" * 5_000 + "\n",
    "dotted in arrays": "x = [" + "{ " + "a." * 40 + "a = 1 }, " * 2_000 + "]\n",
    "dotted after a comment": '# "\n' + "a" + ".a" * 20_000 + " = 1\n",
    "dotted after a string": 'name = "x # y"\n' + "a" + ".a" * 20_000 + " = 1\n",
    "dotted after a multi-line string": 'x = """\n"\n"""\n' + "a" + ".a" * 20_000 + " = 1\n",
}
#: Card file texts holding a whole number longer than any card holds: as Python refuses to
#: read (over 4,300 digits), with underscores, and in bases Python reads at any length.
HUGE_NUMBERS: dict[str, str] = {
    "5000 digits": "x = " + "9" * 5000 + "\n",
    "negative 5000 digits": "x = -" + "9" * 5000 + "\n",
    "underscored": "x = 1" + "_000" * 2000 + "\n",
    "hexadecimal": "x = 0x" + "f" * 5000 + "\n",
    "binary": "x = 0b" + "1" * 20_000 + "\n",
    "octal": "x = 0o" + "7" * 5000 + "\n",
    "in a list": "x = [1, 2, " + "9" * 5000 + "]\n",
    "in a table": "[board]\ntrack_last = " + "9" * 5000 + "\n",
    "13 digits": "x = 1234567890123\n",
}
#: The same for JSON.
HUGE_JSON_NUMBERS: dict[str, str] = {
    "5000 digits": '{"x": ' + "9" * 5000 + "}",
    "negative": '{"x": -' + "9" * 5000 + "}",
    "in a list": '{"x": [1, ' + "9" * 5000 + "]}",
    "13 digits": '{"x": 1234567890123}',
}


def card_file_paths(folder: Path) -> Iterator[tuple[str, object]]:
    """A value of every hostile kind where a card file's path goes, made in ``folder``."""
    yield "missing", folder / "missing.toml"
    directory = folder / "folder.toml"
    directory.mkdir()
    yield "a folder", directory
    yield "a folder by its str", str(directory)
    yield "a folder by its bytes", os.fsencode(directory)
    if hasattr(os, "mkfifo"):
        fifo = folder / "pipe.toml"
        os.mkfifo(fifo)
        yield "a pipe", fifo
    if Path("/dev/null").exists():
        device = folder / "null.json"
        device.symlink_to("/dev/null")
        yield "a device", device
        zero = folder / "zero.toml"
        zero.symlink_to("/dev/zero")
        yield "an endless device", zero
    if hasattr(socket, "AF_UNIX"):
        sock_path = folder / "sock.toml"
        sock = socket.socket(socket.AF_UNIX)
        try:
            sock.bind(str(sock_path))
            yield "a socket", sock_path
        finally:
            sock.close()
    loop = folder / "loop.toml"
    loop.symlink_to(loop)
    yield "a link to itself", loop
    plain = folder / "plain.txt"
    plain.write_text("x")
    yield "under a file", plain / "cards.toml"
    yield "a name too long", folder / ("x" * 5000 + ".toml")
    yield "a NUL in the name", str(folder / "a\0b.toml")
    yield "no suffix", folder / "cards"
    yield "another suffix", folder / "cards.yaml"
    locked = folder / "locked.toml"
    locked.write_text("name =\n")  # not TOML either: refused when root may read it
    locked.chmod(0)
    yield "no permission", locked
    big = folder / "big.toml"
    with big.open("wb") as handle:  # sparse: 2 MiB that take no room
        handle.truncate(2 << 20)
    yield "over 1 MiB", big
    latin = folder / "latin.toml"
    latin.write_bytes(b'name = "\xe9"\n')
    yield "not UTF-8", latin
    empty = folder / "empty.json"
    empty.write_bytes(b"")
    yield "empty", empty
    for value in (None, 3, 10**5000, 2.5, ["cards.toml"], object()):
        yield f"a {type(value).__name__}", value
