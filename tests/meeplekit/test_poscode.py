"""The shared position codec (:mod:`meeplekit.interchange.poscode`): syntax, values, schemas, limits.

The games' tests read and refuse whole codes; these check the parts every game shares on
toy classes: text survives any characters, numbers and rows have one spelling, every kind
of value a schema derives reads back, the syntax is refused only with :class:`Invalid` at
a place in the text, and nesting, digits and sizes are bounded.
"""

from __future__ import annotations

import enum

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeplekit import errors
from meeplekit.interchange.poscode import (
    MAX_DEPTH,
    CodeError,
    Counts,
    Digits,
    Invalid,
    Schema,
    parse_code,
    parse_value,
    read_text,
    write_text,
)
from tests.support.poscode import ALPHABET


class Colour(enum.Enum):
    """A reading."""

    RED = "red"
    DEEP_BLUE = "deep blue"


class Size(enum.IntEnum):
    SMALL = 0
    EXTRA_LARGE = 1


@attrs.frozen
class Leaf:
    value: int


@attrs.frozen
class Branch:
    left: Tree
    right: Tree


Tree = Leaf | Branch
attrs.resolve_types(Branch, globals(), locals())


@attrs.frozen
class Options:
    colour: Colour = Colour.RED
    fast: bool = False
    size: Size = Size.SMALL


@attrs.frozen
class Thing:
    name: str
    count: int
    flag: bool
    colour: Colour
    size: Size
    tree: Tree
    maybe: int | None
    items: tuple[int, ...]
    pair: tuple[int, str]
    seats: frozenset[int]
    options: Options


SCHEMA = Schema(options=(Options,))


def read(tp: object, text: str) -> object:
    return SCHEMA.codec(tp).read(parse_value(text), "thing", {})


def write(tp: object, value: object) -> str:
    return SCHEMA.codec(tp).write(value, {})


@given(st.text())
def test_any_text_is_one_atom_and_reads_back(text: str) -> None:
    atom = write_text(text)
    assert atom.isascii() and " " not in atom and atom not in ("", "-")
    assert read_text(atom) == text
    assert parse_value(atom) == (atom, 0)


@pytest.mark.parametrize("atom", ["%41", "%c3%a9", "%2d", "%", "%zz", "a b", "", "%FF", "x~"])
def test_text_has_one_spelling(atom: str) -> None:
    assert read_text(atom) is None


def test_every_kind_of_value_reads_back() -> None:
    thing = Thing(
        name="Ada Lovelace & co.",
        count=-12,
        flag=True,
        colour=Colour.DEEP_BLUE,
        size=Size.EXTRA_LARGE,
        tree=Branch(Leaf(1), Branch(Leaf(2), Leaf(3))),
        maybe=None,
        items=(),
        pair=(7, ""),
        seats=frozenset({3, 0, 10}),
        options=Options(fast=True),
    )
    text = write(Thing, thing)
    assert text == (
        "(Ada_Lovelace_%26_co. -12 y deep_blue extra-large "
        "branch(leaf(1) branch(leaf(2) leaf(3))) - [] [7,~] [0,3,10] [fast=y])"
    )
    assert read(Thing, text) == thing
    assert write(Options, Options()) == "-" and read(Options, "-") == Options()


@pytest.mark.parametrize(
    ("tp", "text", "field", "reason"),
    [
        (int, "007", "thing", "whole number"),
        (int, "-0", "thing", "whole number"),
        (int, "+1", "thing", "whole number"),
        (int, "1" * 21, "thing", "20 digits"),
        (bool, "yes", "thing", "y or n"),
        (Colour, "RED", "thing", "red, deep_blue"),
        (tuple[int, ...], "(1 2)", "thing", "a list"),
        (tuple[int, str], "[1]", "thing", "2 values"),
        (frozenset[int], "[3,1]", "thing", "increasing order"),
        (frozenset[int], "[1,1]", "thing", "increasing order"),
        (Tree, "twig(1)", "thing", "leaf, branch"),
        (Tree, "leaf", "thing", "with its fields"),
        (Tree, "branch(leaf(1))", "thing.right", "missing"),
        (Tree, "branch(leaf(1) leaf(2) leaf(3))", "thing", "too many after right"),
        (Tree, "branch(leaf(1) leaf(x))", "thing.right.value", "whole number"),
        (Options, "[fast=n]", "thing.fast", "default"),
        (Options, "[size=extra-large,fast=y]", "thing.fast", "field order"),
        (Options, "[speed=1]", "thing", "speed"),
        (Options, "[]", "thing", "readings"),
    ],
)
def test_values_of_the_wrong_kind_are_refused_naming_the_field(
    tp: object, text: str, field: str, reason: str
) -> None:
    with pytest.raises(Invalid) as caught:
        read(tp, text)
    assert caught.value.field == field and reason in caught.value.reason, caught.value


def test_rows_and_counts_have_one_spelling() -> None:
    row = Digits(length=4)
    assert row.write((0, 12, 35, 1), {}) == "0cz1" and row.read(parse_value("0cz1"), "", {}) == (
        0,
        12,
        35,
        1,
    )
    for bad in ("0cz", "0cZ1", "0c-1"):
        with pytest.raises(Invalid):
            row.read(parse_value(bad), "row", {})
    with pytest.raises(Invalid):
        row.write((36, 0, 0, 0), {})
    counts = Counts("FLWS", lambda *n: n, lambda n: n, "goods")
    assert counts.write((2, 0, 0, 1), {}) == "2F1S" and counts.write((0, 0, 0, 0), {}) == "0"
    assert counts.read(parse_value("2F1S"), "", {}) == (2, 0, 0, 1)
    for bad in ("1S2F", "2F2F", "02F", "0F", "F", "2f"):
        with pytest.raises(Invalid):
            counts.read(parse_value(bad), "goods", {})


def test_nesting_is_bounded_where_the_text_says() -> None:
    assert parse_value("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    with pytest.raises(Invalid) as caught:
        parse_value("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert caught.value.position == MAX_DEPTH and "nested" in caught.value.reason
    with pytest.raises(Invalid):
        parse_code("x " + "(" * 100_000)  # no recursion: refused at the bound


@given(st.text(alphabet=ALPHABET, max_size=60) | st.text(max_size=20))
def test_the_syntax_refuses_only_with_a_place_in_the_text(text: str) -> None:
    try:
        nodes = parse_code(text)
    except Invalid as error:
        assert error.position is not None and 0 <= error.position <= len(text)
        return
    assert nodes and all(0 <= node.at < node.end <= len(text) for node in nodes)
    assert " ".join(text[n.at : n.end] for n in nodes) == text


def test_the_error_is_a_notation_error_naming_the_field() -> None:
    class GameMoveParseError(errors.MoveParseError):
        """A game's notation error."""

    class GameCodeError(GameMoveParseError, CodeError):
        """A game's position code error."""

    error = GameCodeError("players[0].coins", "expected a whole number", text="t", position=4)
    assert isinstance(error, GameMoveParseError) and isinstance(error, ValueError)
    assert str(error) == "position code, players[0].coins at character 5: expected a whole number"
    assert (error.field, error.position, error.reason, error.text) == (
        "players[0].coins",
        4,
        "expected a whole number",
        "t",
    )
    assert str(GameCodeError("", "too long")) == "position code: too long"
