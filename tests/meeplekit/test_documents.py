"""The shared JSON documents: hostile text, the envelope, converter errors named by field."""

from __future__ import annotations

import enum
import json
import typing

import attrs
import pytest

import meeplekit.errors as shared
from meeplekit.documents import (
    Bad,
    Invalid,
    Limits,
    complete,
    json_shape,
    make_converter,
    names,
    open_document,
    read_json,
    show,
    structure_error,
    tagged,
    type_tag,
    write_document,
)
from tests.support.cputime import cpu_seconds

LIMITS = Limits(max_bytes=10_000, max_nesting=8, max_digits=20)


class GameError(shared.RulesError):
    """A game's own base."""


class DocumentError(GameError, shared.DocumentError):
    """A game's own document error."""


class Side(enum.Enum):
    HEADS = "heads"
    TAILS = "tails"


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise GameError(f"{type(instance).__name__}.{attribute.name} must be >= 1, got {value}")


@attrs.frozen
class Flip:
    side: Side


@attrs.frozen
class Take:
    count: int = attrs.field(validator=_positive)
    items: tuple[str, ...] = ()


@attrs.frozen
class Pass:
    pass


Move = Flip | Take | Pass


def converter() -> typing.Any:
    conv = make_converter()
    tagged(conv, typing.get_args(Move), "move")
    members = typing.get_args(Move)
    conv.register_structure_hook_factory(lambda tp: tp in members, complete)
    return conv


def read(text: str | bytes) -> object:
    return read_json(text, LIMITS, error=DocumentError)


def refusal(text: object) -> DocumentError:
    with pytest.raises(DocumentError) as caught:
        read(text)  # type: ignore[arg-type]
    assert isinstance(caught.value, shared.DocumentError)
    return caught.value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON: Expecting value (at line 1, column 1)"),
        ("[1, 2", "not valid JSON: Expecting ',' delimiter (at line 1, column 6)"),
        ('{"a": 1, "a": 2}', 'the key "a" is given twice in one table'),
        ('{"a": NaN}', "expected a number, got NaN"),
        ("[-Infinity]", "expected a number, got -Infinity"),
        ("[" + "9" * 21 + "]", "expected numbers of at most 20 digits"),
        ("[" * 9 + "]" * 9, "expected objects and lists nested at most 8 deep"),
        (b"\xff\xfe", "expected UTF-8 text: invalid start byte"),
        (" " * 10_001, "expected at most 10000 bytes"),
        ("é" * 5_001, "expected at most 10000 bytes"),  # counted in bytes of UTF-8
        (42, "expected JSON text, got int"),
    ],
)
def test_text_refused_says_why_in_the_games_error(text: object, message: str) -> None:
    error = refusal(text)
    assert error.field == ""
    assert error.reason == message


def test_text_within_the_limits_is_read() -> None:
    assert read(b'{"a": [1, 2.5, "[[[[[[[[[["]}') == {"a": [1, 2.5, "[[[[[[[[[["]}
    assert read("[" + "9" * 20 + ", 1.5e-123456789012345678901234]")[0] == 10**20 - 1  # type: ignore[index]


def test_the_shape_is_scanned_without_parsing() -> None:
    assert json_shape('{"a": "]]]]", "b": [[{}]]}', 5) == (4, False)
    assert json_shape("[1.123456, 2e123456]", 5) == (1, False)  # fractions and exponents
    assert json_shape("[-123456]", 5) == (1, True)


def test_hostile_text_is_refused_in_time_proportional_to_its_length() -> None:
    limits = Limits(max_bytes=4 << 20, max_nesting=64, max_digits=20)
    for text in ("[" * (2 << 20), '"' + "\\" * (2 << 20), "1" * (4 << 20)):
        with cpu_seconds() as cpu, pytest.raises(shared.DocumentError):
            read_json(text, limits)
        assert cpu() < 2.0


def test_the_guards_raise_invalid_for_other_readers() -> None:
    from meeplekit.documents import json_constant, no_repeated_keys

    with pytest.raises(Invalid) as caught:
        json.loads('{"k": 1, "k": 1}', object_pairs_hook=no_repeated_keys)
    assert caught.value.field is None and "given twice" in caught.value.reason
    with pytest.raises(Invalid, match="got Infinity"):
        json.loads("Infinity", parse_constant=json_constant)


def test_the_envelope_is_written_and_checked() -> None:
    text = write_document("game/1", "move", {"type": "pass"})
    assert text == '{"format":"game/1","kind":"move","move":{"type":"pass"}}'
    assert write_document("game/1", "é", 1, indent=1) == (
        '{\n "format": "game/1",\n "kind": "é",\n "é": 1\n}'
    )
    assert open_document(json.loads(text), "game/1", ("move",)) == ("move", {"type": "pass"})

    def fails(data: object) -> tuple[str, str]:
        with pytest.raises(DocumentError) as caught:
            open_document(data, "game/1", ("move", "state"), error=DocumentError)
        return caught.value.field, caught.value.reason

    assert fails([]) == ("", "expected a game document (a JSON object), got a list")
    assert fails({"kind": "move"}) == ("format", "expected 'game/1', got null")
    assert fails({"format": "game/1", "kind": 1}) == (
        "kind",
        "expected one of 'move', 'state', got 1",
    )
    extra = {"format": "game/1", "kind": "move", "move": 1, **{c: 0 for c in "abcdefg"}}
    assert fails(extra) == ("", "unknown field(s) a, b, c, d, e and 2 more")
    assert fails({"format": "game/1", "kind": "state"}) == ("state", "missing")


def test_messages_show_values_briefly() -> None:
    assert show(None) == "null" and show(True) == "true" and show(Side.HEADS) == "Side"
    assert len(show("x" * 100)) == 40
    assert names(['a"b', "c"]) == 'a\\"b, c'
    assert type_tag(Take) == "take" and type_tag(Flip) == "flip"


def test_converter_errors_name_the_first_field_at_fault() -> None:
    conv = converter()

    def error(data: object) -> tuple[str, str]:
        try:
            conv.structure(data, Move)
        except Exception as exc:
            found = structure_error(exc, "move", error=DocumentError, own=(GameError,))
            assert isinstance(found, DocumentError)
            return found.field, found.reason
        raise AssertionError(f"{data!r} was read")

    assert conv.structure({"type": "take", "count": 2, "items": ["a"]}, Move) == Take(2, ("a",))
    assert conv.unstructure(Flip(Side.TAILS), Move) == {"type": "flip", "side": "tails"}
    assert error({"type": "flip", "side": "edge"}) == (
        "move.side",
        "expected one of 'heads', 'tails', got \"edge\"",
    )
    assert error({"type": "take", "count": True, "items": []}) == (
        "move.count",
        "expected a whole number, got true",
    )
    assert error({"type": "take", "count": 0, "items": []}) == (
        "move",
        "Take.count must be >= 1, got 0",
    )
    assert error({"type": "take", "count": 1, "items": ["a", 2]}) == (
        "move.items[1]",
        "expected a string, got 2",
    )
    assert error({"type": "take", "count": 1}) == ("move", "missing field(s) items")
    assert error({"type": "pass", "why": 1}) == ("move", "unknown field(s) why")
    assert error({"type": "jump"}) == (
        "move",
        "unknown move type \"jump\"; expected one of 'flip', 'take', 'pass'",
    )
    assert error([]) == ("move", 'expected move (an object with a "type"), got a list')


def test_a_long_list_of_bad_items_is_refused_at_its_first() -> None:
    conv = make_converter()
    with cpu_seconds() as cpu, pytest.raises(Exception) as caught:
        conv.structure(["x"] * 200_000, tuple[int, ...])
    assert cpu() < 1.0
    found = structure_error(caught.value, "list")
    assert isinstance(found, shared.DocumentError)
    assert (found.field, str(found)) == ("list[0]", 'list[0]: expected a whole number, got "x"')
    with pytest.raises(Exception) as caught:
        conv.structure([1], tuple[int, str])
    assert str(structure_error(caught.value, "pair")) == "pair: expected a list of 2 items, got 1"


def test_bad_is_the_reason_as_it_stands() -> None:
    assert str(Bad("expected a list")) == "expected a list"
