"""The shared layer's part in refusing hostile input: numbers in messages, card files.

- :func:`meeplekit.values.number` writes any whole number, however long, in a short
  message and never raises; :func:`~meeplekit.values.shown`, :func:`~meeplekit.documents.show`
  and :func:`~meeplekit.values.seat` use it.
- :func:`meeplekit.cardfiles.toml_shape` never measures a TOML text shallower than the
  parser nests it (an upper bound, on generated documents with dotted keys, headers,
  inline tables, arrays and strings and comments full of brackets and dots), and exactly
  for the project's card files; :func:`~meeplekit.cardfiles.parse` and
  :func:`~meeplekit.cardfiles.load` refuse every hostile text and path with the error
  the game passes.
- :func:`meeplekit.documents.write_document` refuses an indent it cannot write.

Each game's own hostile tests (``tests/property/harbour/test_hostile_shared.py`` and the games'
``property`` folders) throw the same classes at the games' doors; ``hostile.py`` holds them.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from meeplekit import cardfiles
from meeplekit.documents import Limits, show, write_document
from meeplekit.errors import InvalidValueError
from meeplekit.values import integer, number, seat, shown
from tests.meeplekit import hostile

ROOT = Path(__file__).resolve().parents[2]
LIMITS = Limits(max_bytes=1 << 20, max_nesting=8, max_digits=6)


class Refused(Exception):
    """The error a test passes to the shared readers."""


def _refuse(*parts: str) -> Refused:
    return Refused(": ".join(parts))


# --------------------------------------------------------------------------- numbers


@given(st.integers() | st.integers(0, 60_000).map(lambda k: 7 * 10**k - 3))
def test_number_writes_any_whole_number_short_and_exact(value: int) -> None:
    text = number(value)
    assert len(text) <= 80
    size = abs(value)
    if size.bit_length() > 1 << 17:  # too long to count quickly: its length from its bits
        assert text.startswith("<a whole number of about ")
        return
    if size.bit_length() < 14_000 and len(str(value)) <= 80:
        assert text == str(value)
        return
    head, _, rest = text.lstrip("-").partition("...")
    tail, _, count = rest.partition(" (")
    digits = int(count.removesuffix(" digits)"))
    assert 10 ** (digits - 1) <= size < 10**digits
    assert (int(head), int(tail)) == (size // 10 ** (digits - 8), size % 10**8)
    assert text.startswith("-") == (value < 0)


@pytest.mark.parametrize("value", hostile.HUGE, ids=lambda v: number(v, 20))
def test_every_message_helper_shows_a_number_of_any_length(value: int) -> None:
    assert len(shown(value)) <= 80
    assert len(show(value)) <= 40
    assert number(10**5000) == "10000000...00000000 (5001 digits)"
    with pytest.raises(InvalidValueError) as caught:
        seat(value, 4, InvalidValueError)
    assert len(str(caught.value)) <= 200


def test_a_number_too_long_to_count_quickly_is_given_roughly() -> None:
    assert number(-(2 ** (1 << 21))).startswith("<a whole number of about 6313")


@pytest.mark.parametrize(
    ("value", "expected"),
    [(3, 3), (-(10**5000), -(10**5000)), (True, None), (3.0, None), ("3", None), (None, None)],
    ids=lambda v: number(v, 20) if type(v) is int else repr(v),
)
def test_integer_takes_whole_numbers_only(value: object, expected: int | None) -> None:
    assert integer(value) == expected


@pytest.mark.parametrize("indent", [-1, 17, 10**5000, 2.0, True, "  "], ids=lambda v: shown(v, 20))
def test_a_document_refuses_an_indent_it_cannot_write(indent: Any) -> None:
    with pytest.raises(InvalidValueError, match="indent"):
        write_document("game/1", "move", {}, indent=indent)
    assert write_document("game/1", "move", {}, indent=16).count(" " * 16) == 3


# --------------------------------------------------------------------------- TOML


def _depth(value: object) -> int:
    """How deeply the parser nested ``value``: 0 for a scalar, +1 for a table or a list."""
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


def _data_depth(data: dict[str, Any]) -> int:
    return max(map(_depth, data.values()), default=0)


#: Key parts: bare words, and quoted ones full of what a scan could mistake for structure.
PARTS = st.sampled_from(["a", "b", "c", "k1", "x_y", "7"]) | st.sampled_from(
    ['"a.b"', '"[x]"', "'#{'", '"q\\"."', '""', "'a.b.c'"]
)
KEYS = st.lists(PARTS, min_size=1, max_size=4).map(".".join)
STRINGS = st.sampled_from(
    ['"x"', '"[[[."', "'{.}'", '"#"', '""', '"""\n[a.b]\n"""', "'''\n{[.\n'''", '"\\"[."']
)
SCALARS = st.sampled_from(["1", "-2", "true", "1979-05-27"]) | STRINGS


def _value(depth: int) -> st.SearchStrategy[str]:
    if depth == 0:
        return SCALARS
    inner = _value(depth - 1)
    return st.one_of(
        SCALARS,
        st.lists(inner, max_size=3).map(lambda items: "[" + ", ".join(items) + "]"),
        st.lists(st.tuples(KEYS, inner), max_size=3).map(
            lambda pairs: "{ " + ", ".join(f"{k} = {v}" for k, v in pairs) + " }"
        ),
    )


LINES = st.one_of(
    st.tuples(KEYS, _value(3)).map(lambda pair: f"{pair[0]} = {pair[1]}"),
    KEYS.map(lambda key: f"[{key}]"),
    KEYS.map(lambda key: f"[[{key}]]"),
    st.sampled_from(["# [[[ { a.b.c", '# "', "# '''", ""]),
)


@given(st.lists(LINES, max_size=8))
def test_the_toml_measure_is_never_shallower_than_the_parser(lines: list[str]) -> None:
    text = "\n".join(lines) + "\n"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assume(False)
        return
    depth, _ = cardfiles.toml_shape(text, 6)
    assert _data_depth(data) <= depth


@pytest.mark.parametrize(
    "path",
    [
        ROOT / "docs" / "examples" / "my-cards.toml",
        ROOT / "docs" / "examples" / "bremerhaven-cards.toml",
        ROOT / "src" / "bremerhaven" / "cards" / "original.toml",
    ],
    ids=lambda p: p.name,
)
def test_the_toml_measure_of_a_card_file_is_exact(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert cardfiles.toml_shape(text, 12) == (_data_depth(tomllib.loads(text)), False)


@pytest.mark.parametrize("shape", sorted(hostile.DEEP_TOML))
def test_toml_nested_in_every_way_is_refused(shape: str) -> None:
    with pytest.raises(Refused, match="nested at most 8 deep"):
        cardfiles.parse(hostile.DEEP_TOML[shape], "toml", LIMITS, error=Refused)


@pytest.mark.parametrize("text", sorted(hostile.HUGE_NUMBERS.values()), ids=lambda t: t[:12])
def test_toml_numbers_of_any_length_are_refused(text: str) -> None:
    with pytest.raises(Refused, match="at most 6 digits"):
        cardfiles.parse(text, "toml", LIMITS, error=Refused)


@pytest.mark.parametrize(
    ("text", "fmt", "reason"),
    [
        ("x = ", "toml", "not valid TOML"),
        ("x = 1\nx = 2", "toml", "not valid TOML"),
        ('{"x": 1, "x": 2}', "json", "given twice"),
        ('{"x": NaN}', "json", "expected a number, got NaN"),
        ("[" * 10 + "]" * 10, "json", "nested at most 8 deep"),
        ("x" * ((1 << 20) + 1), "toml", "at most 1048576 bytes"),
        (b"x = 1", "toml", "expected TOML text, got bytes"),
        (None, "json", "expected JSON text"),
        ("x = 1", "yaml", 'expected the format "toml" or "json"'),
    ],
    ids=lambda v: repr(v)[:16],
)
def test_text_that_is_no_card_file(text: Any, fmt: str, reason: str) -> None:
    with pytest.raises(Refused, match=reason):
        cardfiles.parse(text, fmt, LIMITS, error=Refused)


def test_paths_of_every_hostile_kind(tmp_path: Path) -> None:
    for _, path in hostile.card_file_paths(tmp_path):
        with pytest.raises(Refused):
            cardfiles.load(path, LIMITS, error=_refuse)
    folder = tmp_path / "folder.toml"
    with pytest.raises(Refused, match="not a regular file but a folder"):
        cardfiles.load(folder, LIMITS, error=_refuse)


def test_a_card_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"name": "x", "decks": [[1, 2], {"a": 3}]}), encoding="utf-8")
    assert cardfiles.load(path, LIMITS, error=_refuse) == {
        "name": "x",
        "decks": [[1, 2], {"a": 3}],
    }
    assert cardfiles.read_file(str(path).encode(), LIMITS, error=_refuse)[1] == "json"
