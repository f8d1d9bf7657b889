"""Forged input: values made around their constructors meet only the library's own errors.

Moves, goods and sites whose fields were set with ``object.__setattr__`` or a tampered
pickle, positions holding such goods, arbitrary text for the move notation and for game
records, and card data holding control characters:

- the four move functions (``apply_move``, ``verify_move``, ``can_apply``, ``explain``)
  raise nothing but ``HarbourError`` s, agree with each other, and a forged move they
  accept is a legal move as its constructor makes it, whose result is a valid position
  that survives JSON (INPUT-1);
- a forged move equal to a listed one is still refused (INPUT-1);
- ``validate`` reports forged goods and sites and never raises (STATE-1);
- ``parse_move`` and ``read_record`` refuse any text with their own errors (NOTE-1, REC-4);
- card texts with control characters are refused, naming the field (INPUT-4, FILE-2).
"""

from __future__ import annotations

import copy
import copyreg
import json
import pickle
from typing import Any, cast

import attrs
import pytest
from hypothesis import assume, given, note
from hypothesis import strategies as st

import harbour
from harbour import GameState, Move
from harbour.cards import ORIGINAL_SET
from harbour.cards.effects import Symbol
from harbour.cards.files import CardFileError, dump_card_set, load_card_data, load_card_file
from harbour.cards.limits import control_character
from harbour.cards.model import Building, CardSet
from harbour.errors import HarbourError
from harbour.goods import GOODS, Good, Goods
from harbour.interchange.notation import format_move, parse_move
from harbour.interchange.records import read_record, replay, write_record
from harbour.moves import MOVE_TYPES, well_formed
from harbour.positions import replace
from harbour.state import BoardSite, CardSite, PendingEffect
from harbour.testing import states
from meeplekit.values import shown
from tests.support.harbour_checks import card_sets
from tests.support.harbour_forged import EXAMPLES
from tests.support.hostile import Shown as Forged

#: Positions reached by up to 300 drawn legal moves, with every option and variant.
positions = states(cards=card_sets, max_decisions=300)

assert set(EXAMPLES) == set(MOVE_TYPES)

#: Stand-ins for a field that was never set (a tampered pickle, ``object.__new__``).
UNSET = object()
#: Goods that are not goods: not the enum's members, or another enum's.
WRONG_ENUMS = [
    int.__new__(Good, 7),
    int.__new__(Good, 1),
    Symbol.ANCHOR,
    harbour.LastRound.ALL_PLAYERS,
]


def forged(kind: type, **fields: Any) -> Any:
    """A ``kind`` whose fields are set around its constructor (``UNSET``: never set)."""
    value: Any = object.__new__(kind)
    for name, field in fields.items():
        if field is not UNSET:
            object.__setattr__(value, name, field)
    return value


def edited(value: Any, **fields: Any) -> Any:
    """A copy of ``value`` with fields set around its constructor (never the shared original)."""
    twin = copy.copy(value)
    for name, field in fields.items():
        object.__setattr__(twin, name, field)
    return twin


@st.composite
def forged_by(draw: st.DrawFn, strategy: st.SearchStrategy[Any]) -> Forged:
    """A value of ``strategy``, wrapped in :class:`Forged` to be shown safely."""
    return Forged(draw(strategy))


def pick(values: list[Any]) -> st.SearchStrategy[Any]:
    """One of ``values``, by index: ``sampled_from`` hashes its values, which forged ones refuse."""
    return st.integers(0, len(values) - 1).map(values.__getitem__)


SCALARS: st.SearchStrategy[Any] = st.one_of(
    st.integers(-3, 45),
    st.sampled_from([-1, -(2**63), 2**63, 2**64, 10**30]),
    st.booleans(),
    st.sampled_from([0.0, 1.0, 2.0, 0.5, -1.0, float("nan"), float("inf")]),
    st.text(max_size=3),
    st.none(),
    st.sampled_from(GOODS),
    pick(WRONG_ENUMS),
)
COUNTS: st.SearchStrategy[Any] = st.one_of(st.integers(0, 7), SCALARS)


@st.composite
def forged_goods(draw: st.DrawFn) -> Goods:
    """Goods whose counts were set around the constructor (maybe one never set)."""
    counts = {g.label: draw(COUNTS) for g in GOODS}
    if draw(st.booleans()):
        counts[draw(st.sampled_from(GOODS)).label] = UNSET
    goods: Goods = forged(Goods, **counts)
    return goods


@st.composite
def forged_sites(draw: st.DrawFn) -> CardSite | BoardSite:
    """A site whose index was set around the constructor."""
    kind: Any = draw(st.sampled_from([CardSite, BoardSite]))
    name = attrs.fields(kind)[0].name
    site: CardSite | BoardSite = forged(kind, **{name: draw(st.one_of(SCALARS, st.just(UNSET)))})
    return site


INNER: st.SearchStrategy[Any] = st.one_of(
    st.builds(Goods, *[st.integers(0, 9)] * 4),
    forged_goods(),
    st.builds(CardSite, st.integers(0, 130)),
    st.builds(BoardSite, st.integers(0, 5)),
    forged_sites(),
)
ITEMS: st.SearchStrategy[Any] = st.one_of(st.sampled_from(GOODS), st.integers(-2, 40), SCALARS)
#: Values for any field: scalars, goods and sites (made or forged), and sets of goods or
#: buildings with repeats, out of order, of the wrong types, or as lists.
VALUES: st.SearchStrategy[Any] = st.one_of(
    SCALARS,
    INNER,
    st.lists(ITEMS, max_size=4).map(tuple),
    st.lists(st.sampled_from(GOODS), max_size=3),
    st.just(UNSET),
)


def forgeries(state: GameState) -> st.SearchStrategy[Any]:
    """Moves of every type, and the state's legal moves, with fields set around constructors."""
    legal = harbour.legal_moves(state)
    bases = st.one_of(st.sampled_from(legal), st.sampled_from(list(EXAMPLES.values())))
    if not legal:
        bases = st.sampled_from(list(EXAMPLES.values()))

    @st.composite
    def forge(draw: st.DrawFn) -> Any:
        base = draw(bases)
        fields = {f.name: getattr(base, f.name) for f in attrs.fields(type(base))}
        if fields:
            changed = draw(st.sets(st.sampled_from(sorted(fields)), min_size=1))
            for name in changed:
                fields[name] = draw(VALUES)
        return forged(type(base), **fields)

    return forge()


def meet_the_four_functions(state: GameState, value: Any) -> None:
    """The four move functions agree on ``value`` and raise only the library's errors."""
    harbour.legal_moves(state)  # the engine's memo now holds this state (INPUT-1)
    can = harbour.can_apply(state, value)
    assert type(can) is bool
    try:
        refusal = harbour.explain(state, value)
    except harbour.InvalidMoveError:
        assert not can
        with pytest.raises(harbour.InvalidMoveError):
            harbour.verify_move(state, value)
        with pytest.raises(harbour.InvalidMoveError):
            harbour.apply_move(state, value)
        return
    assert can == (refusal is None)
    if refusal is not None:
        with pytest.raises(harbour.IllegalMoveError):
            harbour.verify_move(state, value)
        with pytest.raises(harbour.IllegalMoveError):
            harbour.apply_move(state, value)
        return
    harbour.verify_move(state, value)
    after = harbour.apply_move(state, value)
    made = well_formed(value)
    assert made == value and made in harbour.legal_moves(state)
    assert after == harbour.apply_move(state, made) and hash(after) == hash(
        harbour.apply_move(state, made)
    )
    assert harbour.validate(after) == ()
    assert harbour.from_json(harbour.to_json(after)) == after


@pytest.mark.rules("INPUT-1")
@given(state=positions, data=st.data())
def test_forged_moves_meet_only_the_librarys_errors(state: GameState, data: st.DataObject) -> None:
    drawn = data.draw(st.lists(forged_by(forgeries(state)), min_size=1, max_size=6), label="forged")
    for value in drawn:
        meet_the_four_functions(state, value.value)


#: A value equal to each field value of a legal move, but of another type.
def _twins(value: Any) -> list[Any]:
    if type(value) is int:
        return [float(value), *([bool(value)] if value in (0, 1) else [])]
    if type(value) is Good:
        return [int(value), float(value), int.__new__(Good, int(value))]
    if type(value) is Goods:
        return [forged(Goods, **{g.label: float(n) for g, n in zip(GOODS, value, strict=True)})]
    if type(value) in (CardSite, BoardSite):
        name = attrs.fields(type(value))[0].name
        return [forged(type(value), **{name: twin}) for twin in _twins(getattr(value, name))]
    if type(value) is tuple:
        return (
            [list(value), *[(twin, *value[1:]) for twin in _twins(value[0])][:1]] if value else []
        )
    return []


@pytest.mark.rules("INPUT-1")
@given(state=positions, data=st.data())
def test_a_forged_move_equal_to_a_listed_one_is_refused(
    state: GameState, data: st.DataObject
) -> None:
    legal = harbour.legal_moves(state)
    assume(legal)
    move = data.draw(st.sampled_from(legal), label="move")
    twins = [
        edited(move, **{f.name: twin})
        for f in attrs.fields(type(move))
        for twin in _twins(getattr(move, f.name))
    ]
    assume(twins)
    twin = data.draw(forged_by(pick(twins)), label="twin").value
    harbour.legal_moves(state)  # listed just now: only the listed object skips the check
    with pytest.raises(harbour.InvalidMoveError):
        harbour.apply_move(state, twin)
    assert not harbour.can_apply(state, twin)
    assert harbour.apply_move(state, move) == harbour.apply_move_unchecked(state, move)


class _Tampered:
    """Pickles as a ``kind`` whose fields are ``fields``: a pickle someone edited.

    As pickle writes a plain object: made without its constructor
    (``copyreg._reconstructor``), then given its fields (``__setstate__``).
    """

    def __init__(self, kind: type, fields: dict[str, Any]) -> None:
        self.kind, self.fields = kind, fields

    def __reduce__(self) -> tuple[Any, ...]:
        rebuild = cast(Any, copyreg)._reconstructor  # what pickle writes for a plain object
        return (rebuild, (self.kind, object, None), self.fields)


@pytest.mark.rules("INPUT-1")
@given(state=positions, data=st.data())
def test_tampered_pickles_of_moves_meet_only_the_librarys_errors(
    state: GameState, data: st.DataObject
) -> None:
    kind = data.draw(st.sampled_from(MOVE_TYPES), label="kind")
    fields = {f.name: getattr(EXAMPLES[kind], f.name) for f in attrs.fields(kind)}
    for name in fields:
        fields[name] = data.draw(
            forged_by(st.one_of(st.just(fields[name]), VALUES)), label=name
        ).value
    fields = {k: v for k, v in fields.items() if v is not UNSET}
    try:
        text = pickle.dumps(_Tampered(kind, fields))
    except (AttributeError, pickle.PicklingError):  # a value pickle itself cannot write
        assume(False)
    value = pickle.loads(text)
    assert type(value) is kind
    note(f"unpickled: {shown(value, 200)}")
    meet_the_four_functions(state, value)


# --------------------------------------------------------------------------- positions


def _forge_effect(effect: Any, count: Any) -> Any | None:
    """A copy of ``effect`` with the first count of goods inside it set to ``count``."""
    for f in attrs.fields(type(effect)):
        inner = getattr(effect, f.name)
        if type(inner) is Goods:
            return edited(effect, **{f.name: edited(inner, fish=count)})
        parts = inner if type(inner) is tuple else (inner,)
        for i, part in enumerate(parts):
            if attrs.has(type(part)):
                found = _forge_effect(part, count)
                if found is not None:
                    if type(inner) is tuple:
                        return edited(effect, **{f.name: (*inner[:i], found, *inner[i + 1 :])})
                    return edited(effect, **{f.name: found})
    return None


def _is_count(value: Any) -> bool:
    return type(value) is int and value >= 0


@pytest.mark.rules("STATE-1", "INPUT-1")
@given(state=positions, data=st.data())
def test_validate_reports_forged_goods_and_sites_anywhere(
    state: GameState, data: st.DataObject
) -> None:
    count = data.draw(forged_by(COUNTS), label="count").value
    where = data.draw(st.sampled_from(["goods", "pawn", "effect"]), label="where")
    seat = data.draw(st.integers(0, len(state.players) - 1), label="seat")
    player = state.players[seat]
    if where == "goods":
        good = data.draw(st.sampled_from(GOODS), label="good")
        player = replace(player, goods=edited(player.goods, **{good.label: count}))
        broken = replace(state, players=(*state.players[:seat], player, *state.players[seat + 1 :]))
        bad = not _is_count(count)
    elif where == "pawn":
        site = data.draw(forged_by(forged_sites()), label="site").value
        player = replace(player, pawn=site)
        broken = replace(state, players=(*state.players[:seat], player, *state.players[seat + 1 :]))
        name = attrs.fields(type(site))[0].name
        bad = not _is_count(getattr(site, name, None))
    else:
        effects = [(i, p.effect) for i, p in enumerate(state.stack) if isinstance(p, PendingEffect)]
        found = [(i, _forge_effect(e, count)) for i, e in effects]
        found = [(i, e) for i, e in found if e is not None]
        assume(found)
        at, effect = found[data.draw(st.integers(0, len(found) - 1), label="effect")]
        stack = (*state.stack[:at], edited(state.stack[at], effect=effect), *state.stack[at + 1 :])
        broken = replace(state, stack=stack)
        bad = not _is_count(count)
    # The forgery is inside (goods, a site, an effect); the state and player around it are
    # made by their constructors, as the compiled build's native classes require (STATE-6).
    violations = harbour.validate(broken)
    assert all(type(v) is harbour.Violation for v in violations)
    if bad:
        assert "STATE-1" in {v.rule_id for v in violations}, violations


# --------------------------------------------------------------------------- text


@pytest.mark.rules("NOTE-1", "INPUT-1")
@given(state=positions, data=st.data())
def test_parse_move_refuses_any_text_with_its_own_errors(
    state: GameState, data: st.DataObject
) -> None:
    legal = harbour.legal_moves(state)
    written = [format_move(state, m) for m in legal[:20]]
    pieces = st.one_of(st.sampled_from(written or ["go"]), st.text(max_size=8))
    text = data.draw(
        st.one_of(st.text(max_size=30), st.lists(pieces, max_size=4).map(" ".join)), label="text"
    )
    try:
        move = parse_move(state, text)
    except HarbourError:
        return
    assert move in legal


def _records() -> list[str]:
    texts = []
    for players, seed, decisions in ((2, 3, 10_000), (3, 4, 60), (4, 5, 0)):
        start = state = harbour.new_game(players, seed=seed)
        moves: list[Move] = []
        while not state.is_over and len(moves) < decisions:
            move = harbour.legal_moves(state)[
                (seed * 7 + len(moves)) % len(harbour.legal_moves(state))
            ]
            moves.append(move)
            state = harbour.apply_move(state, move)
        texts.append(
            write_record(
                start, moves, tags={"Event": "x"}, comments={min(1, len(moves)): "a comment"}
            )
        )
    return texts


RECORDS = _records()
GARBAGE = st.sampled_from(
    [*'[]{}";.:0129 FLWS\n\t', "\x00", "\x1b", "\u202e", "\u2028", "\x85", "é", "setup:", "1."]
)


@st.composite
def garbled(draw: st.DrawFn) -> str:
    """A record with a few characters inserted, deleted or changed, or cut short."""
    text = list(draw(st.sampled_from(RECORDS), label="record"))
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        kind = draw(st.sampled_from(["insert", "delete", "change", "cut"]))
        if kind == "insert":
            text.insert(at, draw(GARBAGE))
        elif kind == "delete":
            del text[at]
        elif kind == "change":
            text[at] = draw(GARBAGE)
        else:
            text = text[: max(at, 1)]
    return "".join(text)


@pytest.mark.rules("REC-4", "INPUT-4")
@given(text=st.one_of(garbled(), st.text(max_size=60)))
def test_read_record_and_replay_refuse_any_text_with_their_own_errors(text: str) -> None:
    try:
        record = read_record(text)
        replay(record)
    except harbour.RecordError as error:
        assert str(error)
        if error.line is not None:
            assert 1 <= error.line <= max(1, len(text.splitlines()))


# --------------------------------------------------------------------------- card texts

#: Every character no text from outside may hold (INPUT-4).
CONTROLS = [
    *map(chr, range(0x20)),
    *map(chr, range(0x7F, 0xA0)),
    "\u2028",
    "\u2029",
    "\u061c",
    "\u200e",
    "\u200f",
    *map(chr, range(0x202A, 0x202F)),
    *map(chr, range(0x2066, 0x206A)),
]
#: Card texts: (where in the card data, the field's name in the error).
TEXTS = [
    (("name",), "name"),
    (("buildings", 0, "name"), "name"),
    (("buildings", 3, "key"), "key"),
    (("characters", 1, "text"), "text"),
    (("characters", 2, "source"), "source"),
    (("bonus_cards", 0, "name"), "name"),
    (("board", "name"), "name"),
]


def _with_text(path: tuple[Any, ...], change: Any) -> dict[str, Any]:
    data: dict[str, Any] = dump_card_set(ORIGINAL_SET)
    place: Any = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = change(place.get(path[-1], "") or "text")
    return data


@pytest.mark.rules("INPUT-4", "FILE-2")
@given(
    where=st.sampled_from(TEXTS),
    control=st.sampled_from(CONTROLS),
    at=st.integers(0, 10),
    suffix=st.sampled_from([".json", ".toml"]),
)
def test_card_texts_with_control_characters_are_refused_naming_the_field(
    tmp_path_factory: pytest.TempPathFactory,
    where: tuple[tuple[Any, ...], str],
    control: str,
    at: int,
    suffix: str,
) -> None:
    path, field = where
    data = _with_text(path, lambda text: text[:at] + control + text[at:])
    with pytest.raises(CardFileError) as caught:
        load_card_data(data)
    assert caught.value.field == field, caught.value
    assert f"U+{ord(control):04X}" in str(caught.value)
    assert control_character(str(caught.value)) is None  # the message shows it escaped
    file = tmp_path_factory.mktemp("cards") / f"cards{suffix}"
    file.write_text(json.dumps(data) if suffix == ".json" else _toml(data), encoding="utf-8")
    with pytest.raises(CardFileError) as caught:
        load_card_file(file)
    assert caught.value.field == field and str(file) in str(caught.value)


def _toml(data: Any, prefix: str = "") -> str:
    """Card data as TOML, every table inline (strings escaped as TOML basic strings)."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            return json.dumps(v)  # a JSON string is a TOML basic string
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return "{ " + ", ".join(f"{json.dumps(k)} = {value(x)}" for k, x in v.items()) + " }"

    return "".join(f"{json.dumps(k)} = {value(v)}\n" for k, v in data.items())


@pytest.mark.rules("INPUT-4", "COMP-2")
@given(control=st.sampled_from(CONTROLS), at=st.integers(0, 8))
def test_card_models_refuse_control_characters_when_made(control: str, at: int) -> None:
    name = "Net Loft"
    bad = name[:at] + control + name[at:]
    building = ORIGINAL_SET.buildings[0]
    with pytest.raises(harbour.InvalidValueError, match=r"Building\.name"):
        attrs.evolve(building, name=bad)
    with pytest.raises(harbour.InvalidValueError, match=r"CardSet\.name"):
        attrs.evolve(ORIGINAL_SET, name=bad)
    assert type(attrs.evolve(building, name=name.upper())) is Building
    assert type(attrs.evolve(ORIGINAL_SET, name=name.upper())) is CardSet
