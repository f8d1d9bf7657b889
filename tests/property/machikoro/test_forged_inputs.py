"""Forged input: whatever a hostile caller sends, only Machi Koro's own errors come out.

Every door of the library, fed values made around their constructors and arbitrary data:

- moves of every type whose fields were set with ``object.__setattr__`` or a tampered
  pickle, over positions of real games under several option sets: the checked move
  functions (``apply_move``, ``apply_move_with_events``, ``verify_move``, ``can_apply``,
  ``explain``) raise nothing but ``MachiKoroError`` s and agree with each other, and a
  forged move they accept is a legal move as its constructor makes it, whose result is a
  valid position that survives JSON (MK-INPUT-1); a forged move equal to a listed one is
  still refused (MK-INPUT-1);
- ``validate`` reports forged values anywhere in a position and never raises
  (MK-STATE-1, MK-STATE-6, MK-INPUT-4);
- ``RulesOptions`` and ``position`` with any keyword values (MK-INPUT-2, MK-INPUT-4), and
  the chance sampler away from a chance node (MK-INPUT-5);
- ``parse_move``, ``read_record``/``replay`` and ``from_json`` refuse any text or bytes
  with their own errors (MK-NOTE-4, MK-REC-6, MK-JSON-2, MK-INPUT-6).
"""

from __future__ import annotations

import copy
import copyreg
import enum
import json
import pickle
from typing import Any, cast

import attrs
import pytest
from hypothesis import assume, given, note, settings
from hypothesis import strategies as st

import machikoro
from machikoro import Establishment as E
from machikoro import GameState, RulesOptions
from machikoro import Landmark as L
from machikoro.errors import MachiKoroError
from machikoro.interchange.notation import format_move, parse_move
from machikoro.interchange.records import read_record, replay, write_record
from machikoro.moves import MOVE_TYPES, well_formed
from machikoro.state import PendingActivate, PendingDice, PendingRoll
from meeplekit.rng import SplitMix64
from meeplekit.spec import Specification
from meeplekit.values import shown
from tests.support.hostile import Shown as Forged
from tests.support.machikoro_forged import EXAMPLES, GAMES, OPTIONS, POSITIONS, _kind

RULE_IDS = frozenset(Specification("machikoro").rule_ids())
#: Five times the profile's examples for the doors' main properties (each example is cheap).
MORE = settings(max_examples=5 * settings().max_examples)
#: The most coins and the last turn a valid position holds (MK-STATE-1).
MOST = (1 << 63) - 1

# --------------------------------------------------------------------------- positions


positions = st.sampled_from(POSITIONS)


def test_the_positions_meet_every_kind_of_decision() -> None:
    kinds = {_kind(s) for s in POSITIONS}
    assert {"PendingAddTwo", "PendingTunaRoll", "PendingActivate", "PendingOpponent"} <= kinds
    assert {"PendingTrade", "PendingBuild", "PendingDraw", "over"} <= kinds
    assert {repr(PendingRoll(True)), repr(PendingDice(2))} <= kinds


# --------------------------------------------------------------------------- values

assert set(EXAMPLES) == set(MOVE_TYPES)

#: Stands for a field that was never set (a tampered pickle, ``object.__new__``).
UNSET = object()
#: Members made around their enums (``int.__new__``): equal to a number, but no member.
FORGED_MEMBERS = [
    *(int.__new__(E, n) for n in (-1, 4, 24, 25, 99)),
    *(int.__new__(L, n) for n in (-1, 1, 7)),
    object.__new__(machikoro.Market),
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

    def chosen(index: int) -> Any:  # a function, not values.__getitem__: Hypothesis shows it
        return values[index]

    return st.integers(0, len(values) - 1).map(chosen)


SCALARS: st.SearchStrategy[Any] = st.one_of(
    st.integers(-3, 30),
    pick([-1, -(2**63), MOST, 2**63, 2**64, 10**30, 10**5000, -(10**5000)]),
    st.booleans(),
    st.sampled_from([0.0, 1.0, 2.0, 0.5, -1.0, float("nan"), float("inf")]),
    st.text(max_size=3),
    st.sampled_from(["cafe", "CAFE", "Cafe", "tv_station", "wheat-ﬁeld", "castle", "harbor", ""]),
    st.none(),
    st.sampled_from(list(E)),
    st.sampled_from(list(L)),
    pick(FORGED_MEMBERS),
    st.sampled_from([machikoro.Market.HARBOR, machikoro.RerollDice.SAME]),
)
ITEMS: st.SearchStrategy[Any] = st.one_of(st.integers(0, 7), SCALARS)
#: Values for any field: scalars, dice faces in any order, of any size and type (as tuples
#: and lists), and fields never set.
VALUES: st.SearchStrategy[Any] = st.one_of(
    SCALARS,
    st.lists(ITEMS, max_size=3).map(tuple),
    st.lists(st.integers(1, 6), max_size=3),
    st.just(UNSET),
)

# --------------------------------------------------------------------------- moves


def forgeries(state: GameState) -> st.SearchStrategy[Any]:
    """Moves of every type, and the state's legal moves, with fields set around constructors."""
    legal = machikoro.legal_moves(state)
    bases = st.sampled_from(list(EXAMPLES.values()))
    if legal:
        bases = st.one_of(st.sampled_from(legal), bases)

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


def meet_the_checks(state: GameState, value: Any) -> None:
    """The checked move functions agree on ``value`` and raise only the library's errors."""
    machikoro.legal_moves(state)  # the engine's memo now holds this state (MK-INPUT-1)
    can = machikoro.can_apply(state, value)
    assert type(can) is bool
    checks = (machikoro.verify_move, machikoro.apply_move, machikoro.apply_move_with_events)
    try:
        refusal = machikoro.explain(state, value)
    except machikoro.InvalidMoveError:
        assert not can
        for check in checks:
            with pytest.raises(machikoro.InvalidMoveError):
                check(state, value)
        return
    assert can == (refusal is None)
    if refusal is not None:
        assert refusal.rule_id in RULE_IDS
        for check in checks:
            with pytest.raises(machikoro.IllegalMoveError) as caught:
                check(state, value)
            assert caught.value.rule_id == refusal.rule_id
        return
    machikoro.verify_move(state, value)
    after = machikoro.apply_move(state, value)
    made = well_formed(value)
    assert made == value and made in machikoro.legal_moves(state)
    clean = machikoro.apply_move(state, made)
    assert after == clean and hash(after) == hash(clean)
    assert machikoro.apply_move_with_events(state, value)[0] == after
    assert machikoro.validate(after) == ()
    assert machikoro.from_json(machikoro.to_json(after)) == after


@pytest.mark.rules("MK-INPUT-1", "MK-INPUT-6")
@MORE
@given(state=positions, data=st.data())
def test_forged_moves_meet_only_the_librarys_errors(state: GameState, data: st.DataObject) -> None:
    drawn = data.draw(st.lists(forged_by(forgeries(state)), min_size=1, max_size=6), label="forged")
    for value in drawn:
        meet_the_checks(state, value.value)


def _twins(value: Any) -> list[Any]:
    """Values equal to a legal move's field value, but of another type or made around it."""
    if type(value) is bool:
        return [int(value), float(value)]
    if type(value) in (E, L):
        return [int(value), float(value), int.__new__(type(value), int(value))]
    if type(value) is int:
        return [float(value), *([bool(value)] if value in (0, 1) else [])]
    if type(value) is tuple:
        return [list(value), tuple(float(f) for f in value)]
    return []


@pytest.mark.rules("MK-INPUT-1")
@given(state=positions, data=st.data())
def test_a_forged_move_equal_to_a_listed_one_is_refused(
    state: GameState, data: st.DataObject
) -> None:
    legal = machikoro.legal_moves(state)
    assume(legal)
    move = data.draw(st.sampled_from(legal), label="move")
    twins = [
        edited(move, **{f.name: twin})
        for f in attrs.fields(type(move))
        for twin in _twins(getattr(move, f.name))
    ]
    assume(twins)
    twin = data.draw(forged_by(pick(twins)), label="twin").value
    assert twin is not move
    machikoro.legal_moves(state)  # listed just now: only the listed object skips the check
    with pytest.raises(machikoro.InvalidMoveError):
        machikoro.apply_move(state, twin)
    assert not machikoro.can_apply(state, twin)
    assert machikoro.apply_move(state, move) == machikoro.apply_move_unchecked(state, move)


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


@pytest.mark.rules("MK-INPUT-1")
@MORE
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
    meet_the_checks(state, value)


# --------------------------------------------------------------------------- positions


def _member(kind: type[enum.IntEnum], value: Any) -> bool:
    """Whether ``value`` is a member of ``kind`` itself (not one made around the enum)."""
    return type(value) is kind and any(value is m for m in kind)


def _whole(value: Any, low: int = 0) -> bool:
    return type(value) is int and low <= value <= MOST


def _replaced(row: tuple[Any, ...], at: int, value: Any) -> tuple[Any, ...]:
    return (*row[:at], value, *row[at + 1 :])


@st.composite
def forged_states(draw: st.DrawFn) -> tuple[Any, bool]:
    """A position with one value set around its constructor, and whether that value is bad."""
    state = draw(positions, label="state")
    n = len(state.coins)
    where = draw(
        st.sampled_from(["coins", "row", "landmark", "pile", "scalar", "options", "stack", "half"]),
        label="where",
    )
    value = draw(forged_by(VALUES), label="value").value
    seat = draw(st.integers(0, n - 1), label="seat")
    if where == "coins":
        return edited(state, coins=_replaced(state.coins, seat, value)), not _whole(value)
    if where in ("row", "landmark"):
        name = "establishments" if where == "row" else "landmarks"
        rows = getattr(state, name)
        if draw(st.booleans(), label="whole row"):  # no value drawn is a row of 25 or 7
            return edited(state, **{name: _replaced(rows, seat, value)}), True
        at = draw(st.integers(0, len(rows[seat]) - 1), label="at")
        row = _replaced(rows[seat], at, value)
        good = _whole(value) if where == "row" else type(value) is bool
        return edited(state, **{name: _replaced(rows, seat, row)}), not good
    if where == "pile":
        name = draw(st.sampled_from(["market", "deck"]), label="pile")
        at = draw(st.integers(0, len(E) - 1), label="at")
        return edited(state, **{name: _replaced(getattr(state, name), at, value)}), not _whole(
            value
        )
    if where == "scalar":
        name = draw(st.sampled_from(["current", "turn", "total", "extra_turn", "seed"]))
        good = {
            "current": type(value) is int and 0 <= value < n,
            "turn": _whole(value, 1),
            "total": type(value) is int and 0 <= value <= 14,
            "extra_turn": type(value) is bool,
            "seed": type(value) is int and 0 <= value < 1 << 64,
        }[name]
        return edited(state, **{name: value}), not good
    if where == "options":
        name = draw(st.sampled_from([f.name for f in attrs.fields(RulesOptions)]))
        if draw(st.booleans(), label="made around the constructor"):
            fields = {f.name: getattr(state.options, f.name) for f in attrs.fields(RulesOptions)}
            options = forged(RulesOptions, **{**fields, name: value})
            return edited(state, options=options), True  # its cached hash was never set
        options = edited(state.options, **{name: value})
        default = attrs.fields_dict(RulesOptions)[name].default
        members = list(type(default)) if isinstance(default, enum.Enum) else [True, False]
        good = any(value is m for m in members)
        return edited(state, options=options), not good
    if where == "stack" and state.stack:
        at = draw(st.integers(0, len(state.stack) - 1), label="at")
        pending = state.stack[at]
        fields = attrs.fields(type(pending))
        if not fields:  # a value that is no pending decision in its place
            return edited(state, stack=_replaced(state.stack, at, value)), True
        name = fields[0].name
        if type(pending) is PendingActivate:
            good = type(value) is tuple and all(_member(E, k) for k in value)
        elif type(pending) is PendingDice:
            good = type(value) is int and value in (1, 2)
        else:
            good = type(value) is bool
        forged_pending = forged(type(pending), **{name: value})
        return edited(state, stack=_replaced(state.stack, at, forged_pending)), not good
    field = draw(st.sampled_from([f.name for f in attrs.fields(GameState)]), label="unset")
    half = forged(GameState, **{f.name: getattr(state, f.name) for f in attrs.fields(GameState)})
    object.__delattr__(half, field)
    return half, True


@pytest.mark.rules("MK-STATE-1", "MK-STATE-6", "MK-INPUT-4")
@MORE
@given(drawn=forged_by(forged_states()))
def test_validate_reports_forged_values_anywhere_and_never_raises(drawn: Forged) -> None:
    state, bad = drawn.value
    violations = machikoro.validate(state)
    assert type(violations) is tuple
    assert all(type(v) is machikoro.Violation and v.rule_id in RULE_IDS for v in violations)
    if bad:
        found = {v.rule_id for v in violations}
        assert found & {"MK-STATE-1", "MK-STATE-6", "MK-PLAYERS-1"}, violations
    if not violations:
        assert machikoro.from_json(machikoro.to_json(state)) == state
        far = max(state.coins) < 1 << 62 and state.turn < 1 << 62  # from the limits (MK-STATE-1)
        for move in machikoro.legal_moves(state)[:5]:
            after = machikoro.apply_move(state, move)
            assert not far or machikoro.validate(after) == ()


@pytest.mark.rules("MK-STATE-1", "MK-INPUT-4")
@given(value=forged_by(st.one_of(VALUES, pick([*FORGED_MEMBERS, object.__new__(GameState)]))))
def test_validate_never_raises_on_values_that_are_no_state(value: Forged) -> None:
    found = machikoro.validate(value.value)
    assert found and found[0].rule_id == "MK-STATE-1"


# --------------------------------------------------------------------------- options


def _readings(name: str) -> list[Any]:
    default = attrs.fields_dict(RulesOptions)[name].default
    if isinstance(default, enum.Enum):
        kind = type(default)
        return [*kind, *(m.value for m in kind), object.__new__(kind)]
    return [True, False]


class _Text(str):
    """A ``str`` subclass, as a configuration library may give one."""


@pytest.mark.rules("MK-INPUT-2", "MK-INPUT-6")
@MORE
@given(data=st.data())
def test_options_take_any_keyword_values_and_refuse_with_their_own_error(
    data: st.DataObject,
) -> None:
    names = [f.name for f in attrs.fields(RulesOptions)]
    chosen = data.draw(st.lists(st.sampled_from(names), max_size=4, unique=True), label="fields")
    given_values = {
        name: data.draw(
            forged_by(
                st.one_of(
                    pick(_readings(name)),
                    pick(_readings(name)).map(lambda v: _Text(v) if type(v) is str else v),
                    VALUES,
                )
            ),
            label=name,
        ).value
        for name in chosen
    }
    try:
        options = RulesOptions(**given_values)
    except machikoro.InvalidValueError as error:
        assert str(error)
        return
    for name in names:
        value = getattr(options, name)
        members = list(type(value)) if isinstance(value, enum.Enum) else [True, False]
        assert any(value is m for m in members), name
    plain = {
        name: value.value if isinstance(value, enum.Enum) else value
        for name, value in ((n, getattr(options, n)) for n in names)
    }
    assert RulesOptions(**plain) == options
    assert pickle.loads(pickle.dumps(options)) == options
    assert machikoro.from_json(machikoro.to_json(options)) == options
    state = machikoro.new_game(2, seed=1, options=options)
    assert machikoro.validate(state) == ()


# --------------------------------------------------------------------------- the builder


def arguments_of(state: GameState) -> dict[str, Any]:
    """The keyword arguments of ``position`` that make ``state`` again (plain values)."""
    return {
        "coins": list(state.coins),
        "establishments": [
            {E(k).key: n for k, n in enumerate(row) if n} for row in state.establishments
        ],
        "landmarks": [[L(k).key for k, b in enumerate(row) if b] for row in state.landmarks],
        "market": {E(k).key: n for k, n in enumerate(state.market) if n},
        "deck": {E(k).key: n for k, n in enumerate(state.deck) if n},
        "current": state.current,
        "turn": state.turn,
        "rolls": [list(r) for r in state.rolls],
        "total": state.total,
        "extra_turn": state.extra_turn,
        "stack": list(state.stack),
        "options": state.options,
        "seed": state.seed,
    }


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except Exception:  # a member made around its enum has no name to hash
        return False
    return True


KEYS: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from([e.key for e in E]), st.integers(-1, 26), SCALARS
)
COUNTS: st.SearchStrategy[Any] = st.one_of(st.integers(0, 6), SCALARS)


@st.composite
def hostile_arguments(draw: st.DrawFn, arguments: dict[str, Any]) -> dict[str, Any]:
    """``arguments`` with one or two of them, or an entry inside one, set to any value."""
    changed = dict(arguments)
    for name in draw(st.lists(st.sampled_from(sorted(arguments)), min_size=1, max_size=2)):
        value = arguments[name]
        how = draw(st.sampled_from(["whole", "entry", "key"]), label=f"how {name}")
        if how == "entry" and type(value) is list and value:
            at = draw(st.integers(0, len(value) - 1))
            entry = draw(st.one_of(st.integers(0, 30), VALUES), label=f"{name}[{at}]")
            changed[name] = _replaced(tuple(value), at, entry)
            changed[name] = list(changed[name])
        elif how == "key" and name in ("establishments", "market", "deck"):
            counts = dict(value[0] if name == "establishments" else value)
            key = draw(KEYS, label="key")
            counts[key if _hashable(key) else "castle"] = draw(COUNTS, label="count")
            changed[name] = [counts, *value[1:]] if name == "establishments" else counts
        else:
            changed[name] = draw(VALUES, label=name)
    return {k: v for k, v in changed.items() if v is not UNSET or k == "coins"}


@pytest.mark.rules("MK-INPUT-4", "MK-STATE-1")
@MORE
@given(state=positions, data=st.data())
def test_the_builder_takes_any_keyword_values_and_refuses_with_its_own_error(
    state: GameState, data: st.DataObject
) -> None:
    arguments = arguments_of(state)
    assert machikoro.position(**arguments) == state
    drawn = data.draw(forged_by(hostile_arguments(arguments)), label="arguments").value
    try:
        made = machikoro.position(**drawn)
    except machikoro.InvalidStateError as error:
        assert error.violations and all(v.rule_id in RULE_IDS for v in error.violations)
        return
    assert machikoro.validate(made) == ()
    assert machikoro.from_json(machikoro.to_json(made)) == made
    for move in machikoro.legal_moves(made)[:5]:
        machikoro.apply_move(made, move)


# --------------------------------------------------------------------------- chance


@pytest.mark.rules("MK-INPUT-5", "MK-CHANCE-1")
@given(state=positions, value=forged_by(VALUES), seed=st.integers(0, 2**64 - 1))
def test_the_sampler_draws_at_a_chance_node_and_refuses_elsewhere(
    state: GameState, value: Forged, seed: int
) -> None:
    rng = SplitMix64(seed)
    if machikoro.current_player(state) == machikoro.CHANCE:
        assert machikoro.sample_chance(state, rng) in machikoro.legal_moves(state)
    else:
        with pytest.raises(machikoro.InvalidValueError, match="chance node"):
            machikoro.sample_chance(state, rng)
    with pytest.raises(machikoro.InvalidValueError):
        machikoro.sample_chance(value.value, rng)


@pytest.mark.rules("MK-INPUT-5")
@given(drawn=forged_by(forged_states()), seed=st.integers(0, 2**64 - 1))
def test_the_sampler_meets_forged_positions_with_its_own_error(drawn: Forged, seed: int) -> None:
    state, _ = drawn.value
    try:
        move = machikoro.sample_chance(state, SplitMix64(seed))
    except machikoro.InvalidValueError:
        return
    assert type(move) in MOVE_TYPES


# --------------------------------------------------------------------------- text


@pytest.mark.rules("MK-NOTE-4", "MK-INPUT-6")
@given(state=positions, data=st.data())
def test_parse_move_refuses_any_text_with_its_own_errors(
    state: GameState, data: st.DataObject
) -> None:
    legal = machikoro.legal_moves(state)
    written = [format_move(state, m) for m in legal[:20]]
    pieces = st.one_of(st.sampled_from(written or ["roll 1"]), st.text(max_size=8))
    text = data.draw(
        st.one_of(st.text(max_size=30), st.lists(pieces, max_size=4).map(" ".join)), label="text"
    )
    try:
        move = parse_move(state, text)
    except MachiKoroError:
        return
    assert move in legal


def _records() -> list[str]:
    """Records of a whole game, of a game from a position (a Position tag), and of a start."""
    start, moves = GAMES[-1]
    middle = start
    for move in moves[:40]:
        middle = machikoro.apply_move(middle, move)
    return [
        write_record(start, moves, tags={"Event": "x"}, comments={3: "a comment"}),
        write_record(middle, moves[40:60]),
        write_record(GAMES[0][0], ()),
    ]


RECORDS = _records()
GARBAGE = st.sampled_from(
    [*'[]{}";.:0129 \n\t', "\x00", "\x1b", "\u202e", "\u2028", "\x85", "é", "roll", "build", "1."]
)


@st.composite
def garbled(draw: st.DrawFn, texts: list[str], garbage: st.SearchStrategy[str]) -> str:
    """One of ``texts`` with a few characters inserted, deleted or changed, or cut short."""
    text = list(draw(st.sampled_from(texts), label="text"))
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        kind = draw(st.sampled_from(["insert", "delete", "change", "cut"]))
        if kind == "insert":
            text.insert(at, draw(garbage))
        elif kind == "delete":
            del text[at]
        elif kind == "change":
            text[at] = draw(garbage)
        else:
            text = text[: max(at, 1)]
    return "".join(text)


@pytest.mark.rules("MK-REC-6", "MK-INPUT-6")
@given(
    text=st.one_of(
        garbled(RECORDS, GARBAGE),
        garbled(RECORDS, GARBAGE).map(lambda t: t.encode("utf-8", "surrogatepass")),
        st.binary(max_size=40),
    )
)
def test_read_record_and_replay_refuse_any_text_with_their_own_errors(text: str | bytes) -> None:
    try:
        record = read_record(text)
        replay(record)
    except machikoro.RecordError as error:
        assert str(error)


# --------------------------------------------------------------------------- JSON


def _documents() -> list[str]:
    """Documents of every kind: states of each kind of decision, moves, options, a record."""
    texts = [machikoro.to_json(s) for s in POSITIONS[::4]]
    texts += [machikoro.to_json(m) for m in EXAMPLES.values()]
    texts += [machikoro.to_json(o) for o in OPTIONS]
    start, moves = GAMES[0]
    record = read_record(write_record(start, moves[:30]))
    return [*texts, machikoro.to_json(record)]


DOCUMENTS = _documents()
JSON_GARBAGE = st.sampled_from(
    [*'[]{}":,-.0129e ', "true", "null", "1" * 25, "\\u0000", "\\ud800", "\x00", "é", "NaN"]
)
#: Plain JSON values to put anywhere in a document.
JSON_VALUES: st.SearchStrategy[Any] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 30),
        st.sampled_from([-1, 2**63, 2**64 - 1, 10**19, -(10**19), 0.5, 2.0, 1e300]),
        st.text(max_size=4),
        st.sampled_from([e.key for e in E] + [lm.key for lm in L] + ["roll-dice", "pending-roll"]),
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in plain JSON data (the root excluded)."""
    found = []
    items = data.items() if type(data) is dict else enumerate(data) if type(data) is list else ()
    for key, inner in items:
        found.append((*path, key))
        found += _paths(inner, (*path, key))
    return found


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A document with one value replaced by any JSON value, one entry dropped, or one added."""
    data = json.loads(draw(st.sampled_from(DOCUMENTS), label="document"))
    paths = _paths(data)
    path = draw(st.sampled_from(paths), label="path")
    place = data
    for key in path[:-1]:
        place = place[key]
    how = draw(st.sampled_from(["replace", "drop", "add"]), label="how")
    if how == "drop":
        del place[path[-1]]
    elif how == "add" and type(place) is dict:
        place[draw(st.text(max_size=6), label="key")] = draw(JSON_VALUES, label="added")
    elif how == "add":
        place.insert(path[-1], draw(JSON_VALUES, label="added"))
    else:
        place[path[-1]] = draw(JSON_VALUES, label="value")
    return json.dumps(data)


@pytest.mark.rules("MK-JSON-2", "MK-INPUT-6")
@MORE
@given(
    text=st.one_of(
        mutated(),
        garbled(DOCUMENTS, JSON_GARBAGE),
        mutated().map(lambda t: t.encode()),
        st.text(max_size=40),
        st.binary(max_size=40),
    )
)
def test_from_json_refuses_any_text_with_its_own_error(text: str | bytes) -> None:
    try:
        value = machikoro.from_json(text)
    except machikoro.DocumentError as error:
        assert str(error)
        return
    again = machikoro.from_json(machikoro.to_json(value))
    assert again == value
    if type(value) is GameState:
        assert machikoro.validate(value) == ()
