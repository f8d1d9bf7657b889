"""Regression tests for hostile or careless input: each example once got past a door.

Moves made around their constructors, card keys spelled another way, options that are no
readings, positions holding values of any type or size, the sampler away from a chance
node, and text and documents at the readers' limits. Each door must refuse with the
library's own error (MK-INPUT-6), and what it accepts must be a valid value that reads
back equal.
"""

from __future__ import annotations

import copy
import copyreg
import json
import pickle
from typing import Any, cast

import attrs
import pytest

import machikoro
from machikoro import Dice, GameState, Market, RollDice, RulesOptions
from machikoro.interchange.records import GameRecord, read_record, replay
from machikoro.interchange.serialization import MAX_DOCUMENT_BYTES
from machikoro.state import PendingActivate, PendingBuild, PendingDraw, PendingRoll
from meeplekit.rng import SplitMix64
from tests.support.machikoro import ALL_PILES, E, L, at_roll, play, roll

#: A whole number too long for ``str`` (over 4300 digits): its message once raised ValueError.
HUGE = 10**5000
#: How an error message names it (as a pattern): its first and last digits and its length.
HUGE_SHOWN = r"10000000\.\.\.00000000 \(5001 digits\)"


def forged(value: Any, **fields: Any) -> Any:
    """A copy of ``value`` with fields set around its constructor (``object.__setattr__``)."""
    twin = copy.copy(value)
    for name, field in fields.items():
        object.__setattr__(twin, name, field)
    return twin


def refused_everywhere(state: GameState, move: Any, match: str) -> None:
    """The checked move functions refuse ``move`` with ``InvalidMoveError``; can_apply is False."""
    machikoro.legal_moves(state)  # listed just now: only the listed objects skip the check
    for check in (
        machikoro.apply_move,
        machikoro.apply_move_with_events,
        machikoro.verify_move,
        machikoro.explain,
    ):
        with pytest.raises(machikoro.InvalidMoveError, match=match):
            check(state, move)
    assert machikoro.can_apply(state, move) is False


def at_build() -> GameState:
    """Player 1 at the construction phase with 10 coins (the market: every pile)."""
    state = roll(at_roll([10, 10]), 3)
    assert state.stack == (PendingBuild(),)
    return state


# --------------------------------------------------------------------------- MK-INPUT-1


@pytest.mark.rules("MK-INPUT-1")
@pytest.mark.parametrize(
    "make",
    [
        lambda: machikoro.BuildEstablishment("CAFE"),
        lambda: machikoro.BuildEstablishment("Tv-Station"),
        lambda: machikoro.BuildEstablishment("tv_station"),
        lambda: machikoro.BuildEstablishment("wheat-ﬁeld"),  # the ligature "ﬁ" upper-cases to "FI"
        lambda: machikoro.BuildEstablishment(int.__new__(E, 4)),
        lambda: machikoro.BuildEstablishment(int.__new__(E, 99)),
        lambda: machikoro.BuildEstablishment(L.HARBOR),
        lambda: machikoro.BuildEstablishment(Market.HARBOR),
        lambda: machikoro.BuildLandmark(E.CAFE),
        lambda: machikoro.BuildLandmark("HARBOR"),
        lambda: machikoro.Draw(-1),
        lambda: Dice(()),
        lambda: Dice((1, 1, 1)),
        lambda: Dice((7,)),
        lambda: Dice((1.0,)),
        lambda: Dice("12"),
    ],
)
def test_values_that_are_no_move_are_refused_when_made(make: Any) -> None:
    # Keys were once upper-cased and looked up as attributes of the enum: "CAFE", "Cafe"
    # and "wheat-ﬁeld" were taken for keys that do not exist.
    with pytest.raises(machikoro.InvalidMoveError):
        make()


@pytest.mark.rules("MK-INPUT-1")
def test_a_number_too_long_to_print_is_refused_naming_its_length() -> None:
    with pytest.raises(machikoro.InvalidMoveError, match=HUGE_SHOWN):
        machikoro.ChooseOpponent(HUGE)
    with pytest.raises(machikoro.InvalidMoveError, match=HUGE_SHOWN):
        machikoro.BuildEstablishment(-HUGE)


@pytest.mark.rules("MK-INPUT-1", "MK-BUILD-1")
def test_establishments_made_around_their_enum_are_refused_by_the_checks() -> None:
    # int.__new__(Establishment, -1) once built the Tuna Boat (the row read from its end),
    # int.__new__(Establishment, 99) raised IndexError from explain and apply_move.
    state = at_build()
    build = machikoro.BuildEstablishment(E.CAFE)
    assert build in machikoro.legal_moves(state)
    for number in (-1, 4, 24, 25, 99):
        refused_everywhere(
            state, forged(build, establishment=int.__new__(E, number)), "Establishment"
        )
    equal = forged(build, establishment=4)  # equal to the Cafe, but not as the constructor makes it
    refused_everywhere(state, equal, "not as its constructor makes it")
    refused_everywhere(state, forged(build, establishment="cafe"), "not as its constructor")
    landmark = machikoro.BuildLandmark(L.TRAIN_STATION)
    assert landmark in machikoro.legal_moves(state)
    for number in (-1, 2, 7):
        refused_everywhere(state, forged(landmark, landmark=int.__new__(L, number)), "Landmark")
    after = machikoro.apply_move(state, build)
    assert after.establishments[0][E.CAFE] == 1 and machikoro.validate(after) == ()


@pytest.mark.rules("MK-INPUT-1", "MK-CARD-11")
def test_moves_made_around_their_constructors_are_refused_by_the_checks() -> None:
    tv = {"wheat-field": 1, "bakery": 1, "tv-station": 1}
    three = roll(at_roll([3, 3, 3], [tv, {}, {}]), 6)
    assert machikoro.ChooseOpponent(2) in machikoro.legal_moves(three)
    choose = machikoro.ChooseOpponent(1)
    refused_everywhere(three, forged(choose, opponent=-1), "got -1")
    refused_everywhere(three, forged(choose, opponent=True), "got True")
    refused_everywhere(three, forged(choose, opponent=1.0), "got 1.0")
    refused_everywhere(three, forged(choose, opponent=HUGE), HUGE_SHOWN)
    refused_everywhere(three, machikoro.ChooseOpponent(4), "no seat 4")
    refused_everywhere(three, object.__new__(machikoro.ChooseOpponent), "never set")
    start = at_roll([3, 3])
    refused_everywhere(start, forged(RollDice(1), dice=True), "got True")
    refused_everywhere(start, forged(RollDice(1), dice=2.0), "got 2.0")
    refused_everywhere(start, object.__new__(machikoro.Trade), "never set")
    for value in (None, 1, "roll 1", (RollDice(1),), PendingRoll(False)):
        refused_everywhere(start, value, "not a move")
    rolled = machikoro.apply_move(start, RollDice(1))
    refused_everywhere(rolled, forged(Dice((3,)), faces=[3]), "not as its constructor")
    refused_everywhere(rolled, forged(Dice((3,)), faces=(3.0,)), "faces")
    refused_everywhere(rolled, forged(Dice((3,)), faces=(True,)), "faces")


@pytest.mark.rules("MK-INPUT-1", "MKH-HARBOR-1")
def test_a_forged_move_equal_to_a_listed_one_does_not_skip_the_check() -> None:
    # The engine skips the check of the very objects legal_moves just listed. AddTwo(1) ==
    # AddTwo(True), so equality would let a forged move through.
    lands = [["train-station", "harbor"], []]
    state = roll(at_roll([3, 3], landmarks=lands), 5, 5)
    listed = machikoro.legal_moves(state)
    add = next(m for m in listed if m == machikoro.AddTwo(True))
    twin = forged(add, add=1)
    assert twin == add and twin is not add
    refused_everywhere(state, twin, "got 1")
    machikoro.legal_moves(state)
    assert machikoro.apply_move(state, add).total == 12


@pytest.mark.rules("MK-INPUT-1", "MK-JSON-1")
def test_a_forged_move_that_is_accepted_leaves_only_values_its_constructors_made() -> None:
    # Dice whose hash was cached before their faces changed: equal to Dice((3, 4)) but
    # hashed as Dice((1, 2)). The checked path applies the move as its constructor makes it.
    state = machikoro.apply_move(at_roll([3, 3], landmarks=[["train-station"], []]), RollDice(2))
    stale = forged(Dice((1, 2)))
    hash(stale)
    object.__setattr__(stale, "faces", (3, 4))
    after = machikoro.apply_move(state, stale)
    clean = machikoro.apply_move(state, Dice((3, 4)))
    assert after == clean and hash(after) == hash(clean)
    assert machikoro.validate(after) == ()
    assert machikoro.from_json(machikoro.to_json(after)) == after


class _Tampered:
    """Pickles as a ``kind`` whose fields are ``fields``: a pickle someone edited."""

    def __init__(self, kind: type, fields: dict[str, Any]) -> None:
        self.kind, self.fields = kind, fields

    def __reduce__(self) -> tuple[Any, ...]:
        rebuild = cast(Any, copyreg)._reconstructor  # what pickle writes for a plain object
        return (rebuild, (self.kind, object, None), self.fields)


@pytest.mark.rules("MK-INPUT-1")
def test_tampered_pickles_are_refused_by_the_checks() -> None:
    state = at_build()
    cases: list[tuple[type, dict[str, Any], str]] = [
        (RollDice, {"dice": True}, "got True"),
        (machikoro.BuildEstablishment, {"establishment": 4}, "not as its constructor"),
        (machikoro.BuildEstablishment, {}, "never set"),
        (machikoro.Trade, {"give": E.CAFE, "opponent": 1}, "never set"),
    ]
    for kind, fields, match in cases:
        value = pickle.loads(pickle.dumps(_Tampered(kind, fields)))
        assert type(value) is kind
        refused_everywhere(state, value, match)


# --------------------------------------------------------------------------- MK-INPUT-2, 3


class _Text(str):
    """A ``str`` subclass, as a configuration library may give one."""


@pytest.mark.rules("MK-INPUT-2")
def test_options_refuse_values_made_around_the_readings() -> None:
    # object.__new__(Market) was once taken as a reading (Enum returns any instance of its
    # class) and failed later with AttributeError; a number too long to print made the
    # message raise ValueError.
    for field, value, match in [
        ("market", object.__new__(Market), "Market must be one of"),
        ("market", machikoro.RerollDice.SAME, "Market must be one of"),
        ("market", "HARBOR", "got 'HARBOR'"),
        ("market", ["harbor"], r"got \['harbor'\]"),
        ("market", HUGE, HUGE_SHOWN),
        ("expansion", -HUGE, HUGE_SHOWN),
        ("expansion", 1, "True or False, got 1"),
        ("sushi_bar_cost", 4, "got 4"),
    ]:
        with pytest.raises(machikoro.InvalidValueError, match=match):
            RulesOptions(**{field: value})  # type: ignore[arg-type]
    options = RulesOptions(market=_Text("harbor"), reroll_dice=_Text("same"))
    assert options.market is Market.HARBOR and options.reroll_dice is machikoro.RerollDice.SAME
    assert machikoro.from_json(machikoro.to_json(options)) == options


@pytest.mark.rules("MK-INPUT-3", "MK-INPUT-2")
def test_a_new_game_refuses_arguments_of_any_size_and_options_made_around_their_constructor() -> (
    None
):
    never_hashed = object.__new__(RulesOptions)  # every field set, but not its cached hash
    for field in attrs.fields(RulesOptions):
        object.__setattr__(never_hashed, field.name, field.default)
    for arguments, match in [
        ({"players": HUGE}, HUGE_SHOWN),
        ({"players": 2, "seed": -HUGE}, HUGE_SHOWN),
        ({"players": 2, "seed": 2**64}, "2\\*\\*64 - 1"),
        (
            {"players": 2, "options": forged(RulesOptions(), market=object.__new__(Market))},
            "options must be RulesOptions",
        ),
        ({"players": 2, "options": object.__new__(RulesOptions)}, "RulesOptions"),
        ({"players": 2, "options": never_hashed}, "RulesOptions"),
    ]:
        with pytest.raises(machikoro.InvalidValueError, match=match):
            machikoro.new_game(**arguments)
    with pytest.raises(machikoro.InvalidValueError, match=HUGE_SHOWN):
        machikoro.observe(machikoro.new_game(2, seed=1), HUGE)


# --------------------------------------------------------------------------- MK-INPUT-4


def rules_of(state: object) -> set[str]:
    return {v.rule_id for v in machikoro.validate(state)}


@pytest.mark.rules("MK-INPUT-4", "MK-STATE-1", "MK-STATE-6")
def test_validate_reports_values_of_any_type_or_size_and_never_raises() -> None:
    # Each of these once made validate raise: ValueError printing a count too long for str,
    # AttributeError hashing options made around a reading, IndexError from a major made
    # around the enum.
    state = machikoro.new_game(2, seed=1)
    row = state.establishments[0]
    hashed = copy.copy(state.options)
    hash(hashed)
    object.__setattr__(hashed, "tuna_roll", machikoro.TunaRoll.ALWAYS)
    never_hashed = object.__new__(RulesOptions)  # every field set, but not its cached hash
    for field in attrs.fields(RulesOptions):
        object.__setattr__(never_hashed, field.name, field.default)
    cases: list[tuple[object, str]] = [
        (forged(state, coins=(3, -HUGE)), "MK-STATE-1"),
        (forged(state, coins=(3, HUGE)), "MK-STATE-1"),
        (forged(state, coins=(3, 2**63)), "MK-STATE-1"),
        (forged(state, turn=2**63), "MK-STATE-1"),
        (forged(state, establishments=((HUGE, *row[1:]), row)), "MK-STATE-1"),
        (forged(state, deck=(2**70, *state.deck[1:])), "MK-STATE-1"),
        (forged(state, rolls=((HUGE,),)), "MK-STATE-1"),
        (forged(state, options=forged(state.options, market=object.__new__(Market))), "MK-STATE-1"),
        (forged(state, options=forged(state.options, market="harbor")), "MK-STATE-1"),
        (forged(state, options=hashed), "MK-STATE-1"),
        (forged(state, options=object.__new__(RulesOptions)), "MK-STATE-1"),
        (forged(state, options=never_hashed), "MK-STATE-1"),
        (forged(state, stack=(PendingActivate((int.__new__(E, 99),)),)), "MK-STATE-6"),
        (forged(state, stack=(forged(PendingRoll(False), reroll=1),)), "MK-STATE-6"),
        (forged(state, stack=(object.__new__(PendingRoll),)), "MK-STATE-6"),
        (object.__new__(GameState), "MK-STATE-1"),
        (None, "MK-STATE-1"),
        (HUGE, "MK-STATE-1"),
    ]
    for broken, rule in cases:
        assert rule in rules_of(broken), (rule, machikoro.validate(broken))
    at_limit = forged(state, coins=(3, 2**63 - 1), turn=2**63 - 1)
    assert machikoro.validate(at_limit) == ()
    assert machikoro.from_json(machikoro.to_json(at_limit)) == at_limit


@pytest.mark.rules("MK-INPUT-4", "MK-STATE-1", "MK-PLAYERS-1")
@pytest.mark.parametrize(
    ("arguments", "match"),
    [
        ({"coins": 5}, "coins must be a list or tuple, got 5"),
        ({"coins": None}, "coins must be a list"),
        ({"coins": "ab"}, "coins must be a list"),
        ({"coins": {1: 2, 3: 4}}, "coins must be a list"),
        ({"coins": [3, -HUGE]}, HUGE_SHOWN),
        ({"coins": [3, 3], "establishments": [1, 2]}, "counts by establishment, got 1"),
        ({"coins": [3, 3], "establishments": [{HUGE: 1}, {}]}, f"no establishment {HUGE_SHOWN}"),
        ({"coins": [3, 3], "establishments": [{"cafe": 1, 4: 2}, {}]}, "cafe named twice"),
        ({"coins": [3, 3], "establishments": [{"CAFE": 1}, {}]}, "no establishment 'CAFE'"),
        ({"coins": [3, 3], "establishments": [{int.__new__(E, 4): 1}, {}]}, "no establishment"),
        ({"coins": [3, 3], "establishments": [{"cafe": 1.0}, {}]}, "1.0 cafe is not a count"),
        ({"coins": [3, 3], "landmarks": [5, 5]}, "landmarks, got 5"),
        ({"coins": [3, 3], "landmarks": [["Harbor"], []]}, "no landmark 'Harbor'"),
        ({"coins": [3, 3], "market": [1, 2]}, "market: counts by establishment"),
        ({"coins": [3, 3], "rolls": 5}, "rolls must be a list"),
        ({"coins": [3, 3], "rolls": [[HUGE]]}, "rolls must be at most 2 rolls"),
        ({"coins": [3, 3], "stack": 5}, "stack must be a list"),
        ({"coins": [3, 3], "stack": [5]}, "not a pending decision"),
        ({"coins": [3, 3], "current": "0"}, "current seat"),
        ({"coins": [3, 3], "options": 5}, "options must be RulesOptions, got 5"),
        ({"coins": [3, 3], "options": object.__new__(RulesOptions)}, "options must be"),
        ({"coins": [1] * 10**5}, "2 to 5 players, not 100000"),
    ],
)
def test_the_builder_refuses_values_of_any_type_with_its_own_error(
    arguments: dict[str, Any], match: str
) -> None:
    # Each of these once escaped as TypeError, AttributeError or ValueError, or (a card
    # named twice, an upper-case key) was taken silently.
    arguments.setdefault("options", ALL_PILES)
    with pytest.raises(machikoro.InvalidStateError, match=match) as caught:
        machikoro.position(**arguments)
    assert caught.value.violations


@pytest.mark.rules("MK-INPUT-4")
def test_the_builder_takes_members_numbers_and_keys_in_lists_and_tuples() -> None:
    by_key = machikoro.position(
        coins=[3, 3],
        establishments=[{"wheat-field": 1, "bakery": 1, "cafe": 2}, {}],
        landmarks=[["train-station"], []],
        options=ALL_PILES,
    )
    by_member = machikoro.position(
        coins=(3, 3),
        establishments=({E.WHEAT_FIELD: 1, 3: 1, E.CAFE: 2}, {}),
        landmarks=({L.TRAIN_STATION}, ()),
        options=ALL_PILES,
    )
    assert by_key == by_member and machikoro.validate(by_key) == ()


# --------------------------------------------------------------------------- MK-INPUT-5


@pytest.mark.rules("MK-INPUT-5", "MK-CHANCE-1")
def test_the_sampler_refuses_a_value_that_is_not_a_state_at_a_chance_node() -> None:
    # sample(None, rng) once raised AttributeError, and a draw from an empty deck the
    # generator's ValueError.
    rng = SplitMix64(1)
    state = at_roll([3, 3])
    over = machikoro.position(
        coins=[3, 3], landmarks=[["train-station", "shopping-mall", "amusement-park",
                                  "radio-tower", "harbor", "airport"], []],
        stack=[], options=ALL_PILES,
    )  # fmt: skip
    empty_deck = forged(
        machikoro.new_game(2, seed=1), deck=(0,) * len(E), stack=(PendingRoll(False), PendingDraw())
    )
    half_made = object.__new__(GameState)  # no field set: once AttributeError
    for value in (None, HUGE, "state", state, over, empty_deck, half_made):
        with pytest.raises(machikoro.InvalidValueError):
            machikoro.sample_chance(value, rng)  # type: ignore[arg-type]
    rolled = machikoro.apply_move(state, RollDice(1))
    assert machikoro.sample_chance(rolled, rng) in machikoro.legal_moves(rolled)


# --------------------------------------------------------------------------- MK-INPUT-6


@pytest.mark.rules("MK-INPUT-6", "MK-NOTE-4", "MK-REC-6")
def test_the_readers_refuse_values_of_any_type_with_their_own_errors() -> None:
    state = machikoro.new_game(2, seed=1)
    for text in (None, 5, b"roll 1", "roll " + "1" * 5000, "\x00", "build castle"):
        with pytest.raises(machikoro.MoveParseError):
            machikoro.interchange.notation.parse_move(state, text)  # type: ignore[arg-type]
    with pytest.raises(machikoro.IllegalMoveError, match="MK-FLOW-1"):
        machikoro.interchange.notation.parse_move(state, "build CAFE")
    for text in (None, 5, "", "\x00", b"\xff", '[Format "machikoro-record/1"]\n' + "[" * 5000):
        with pytest.raises(machikoro.RecordError):
            read_record(text)  # type: ignore[arg-type]
    forged_roll = forged(RollDice(1), dice=True)
    for moves in ((forged_roll,), (None,), (RollDice(2),)):
        with pytest.raises(machikoro.RecordError):
            replay(GameRecord(start=state, moves=moves))  # type: ignore[arg-type]
    for text in (None, 5, "", b"\xff", "[]", '{"format": "machikoro/1"}', "NaN", "1" * 30):
        with pytest.raises(machikoro.DocumentError):
            machikoro.from_json(text)  # type: ignore[arg-type]


def _long_game(moves: int) -> tuple[GameState, tuple[machikoro.Move, ...]]:
    """A legal game in which Player 1 and 2 only ever roll a 5 and build nothing."""
    start = state = machikoro.new_game(2, seed=1, options=ALL_PILES)
    played: list[machikoro.Move] = []
    turn = (RollDice(1), Dice((5,)), machikoro.BuildNothing())
    while len(played) < moves:
        state = play(state, *turn)
        played += turn
    return start, tuple(played)


@pytest.mark.rules("MK-INPUT-6", "MK-JSON-2", "MK-REC-7")
def test_documents_at_the_size_limit_are_read_or_refused() -> None:
    # The largest record document: every move read just before it is replayed. (Its time is
    # measured by hand, not here: about half a second on one core.)
    start, moves = _long_game(40_000)
    data = json.loads(machikoro.to_json(GameRecord(start=start, moves=moves)))
    written = data["record"]["moves"]
    excess = len(json.dumps(data, separators=(",", ":")).encode()) - MAX_DOCUMENT_BYTES
    keep = len(written)
    while excess > 0:  # drop moves from the end until the document fits
        keep -= 1
        excess -= len(json.dumps(written[keep], separators=(",", ":"))) + 1
    data["record"]["moves"] = written[:keep]
    text = json.dumps(data, separators=(",", ":"))
    assert MAX_DOCUMENT_BYTES - 1000 < len(text.encode()) <= MAX_DOCUMENT_BYTES
    record = machikoro.from_json(text)
    assert len(record.moves) == keep
    data["record"]["moves"][3] = {"type": "roll-dice", "dice": 2}  # illegal: no Train Station
    with pytest.raises(machikoro.DocumentError, match="MK-ROLL-1"):
        machikoro.from_json(json.dumps(data, separators=(",", ":")))
    with pytest.raises(machikoro.DocumentError, match="at most 1048576 bytes"):
        machikoro.from_json(text + " " * (MAX_DOCUMENT_BYTES + 1 - len(text)))
    document = json.loads(machikoro.to_json(start))
    for field, value in [
        ("stack", [{"type": "pending-roll", "reroll": False}] * 20_000),
        ("rolls", [[1, 2]] * 100_000),
        ("players", document["state"]["players"] * 4_000),
        ("market", {f"k{i}": 1 for i in range(60_000)}),
    ]:
        broken = copy.deepcopy(document)
        broken["state"][field] = value
        text = json.dumps(broken, separators=(",", ":"))
        assert len(text.encode()) <= MAX_DOCUMENT_BYTES
        with pytest.raises(machikoro.DocumentError):
            machikoro.from_json(text)
    for text in ("[" * 33 + "]" * 33, "[" * MAX_DOCUMENT_BYTES, " " * MAX_DOCUMENT_BYTES):
        with pytest.raises(machikoro.DocumentError):
            machikoro.from_json(text)


@pytest.mark.rules("MK-INPUT-6", "MK-REC-4")
def test_a_record_made_around_a_state_is_refused_when_replayed() -> None:
    with pytest.raises(machikoro.InvalidValueError, match="starts from a GameState, got None"):
        replay(GameRecord(start=cast(Any, None), moves=()))
    start = machikoro.new_game(2, seed=3)
    with pytest.raises(machikoro.InvalidValueError, match="moves are a tuple of moves"):
        replay(GameRecord(start=start, moves=cast(Any, 5)))
    assert replay(GameRecord(start=start, moves=())) == (start,)
