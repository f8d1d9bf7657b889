"""Every door that takes a move, options, an observation or a position's values refuses a
hostile value with Harbour's own error (issue 32's causes 1 to 5).

Each test throws a whole class of input (:mod:`tests.support.hostile`: numbers out of every range
and too long to print, the wrong types, containers empty, huge and 10⁵ levels deep, values
made around their constructors, fields never set) at every public function that takes such
a value, and asserts that nothing comes out but a :class:`~harbour.errors.HarbourError`
with a short message, and that what is accepted is what the constructors make:

- moves of every type with any field forged, at ``format_move``, ``describe_move``,
  ``move_text`` and ``str``, ``actions.encode`` (with a state or an observation),
  ``to_json``, the engine's checking functions, the narration and ``write_record``
  (INPUT-1, INPUT-5);
- ``RulesOptions`` given any value for any field, members made around the readings' enums
  and other readings' members, and options made around their constructor at ``new_game``,
  ``validate``, ``position`` and ``to_json`` (INPUT-2);
- ``determinize`` given an observation with any field of it, of a player's view or of a
  decision on its stack forged (OBS-7);
- ``position`` given any value for any argument and for any entry of one (INPUT-6).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import harbour
from harbour import GameState, Move, RulesOptions
from harbour.agents import actions
from harbour.cards import ORIGINAL_SET
from harbour.errors import HarbourError, InvalidMoveError, InvalidStateError, InvalidValueError
from harbour.goods import Good, Goods
from harbour.interchange.notation import describe_move, format_move, move_text
from harbour.moves import MOVE_TYPES, well_formed
from harbour.observation import Observation
from harbour.positions import replace
from harbour.state import BoardSite, CardSite
from meeplekit.rng import SplitMix64
from meeplekit.values import shown
from tests.support.harbour import EVERY_ABILITY_SET
from tests.support.harbour_forged import EXAMPLES
from tests.support.hostile import (
    DEEP,
    HOSTILE,
    HUGE,
    UNSET,
    WRITERS,
    edited,
    every_field,
    forged,
    forged_members,
    forged_options,
    meet_the_doors,
    move_doors,
    pick,
    readings,
    refuse_all_but_readings,
    refused,
    short,
    shown_by,
)

# --------------------------------------------------------------------------- positions

#: Option sets whose games meet every kind of decision, hidden choices included.
OPTIONS = (
    RulesOptions(),
    RulesOptions(characters=True, bonus_cards=True, inland_traders=True),
)


def _games() -> list[tuple[GameState, tuple[Move, ...]]]:
    games = []
    for number, (players, options, cards) in enumerate(
        [
            (2, OPTIONS[0], None),
            (3, OPTIONS[1], None),
            (4, OPTIONS[1], EVERY_ABILITY_SET),
        ]
    ):
        start = state = harbour.new_game(players, seed=number, options=options, cards=cards)
        rng, moves = SplitMix64(number), list[Move]()
        while not harbour.is_over(state) and len(moves) < 400:
            moves.append(rng.choice(harbour.legal_moves(state)))
            state = harbour.apply_move(state, moves[-1])
        games.append((start, tuple(moves)))
    return games


def _positions() -> list[GameState]:
    """Up to 4 positions of each kind of pending decision, over the games."""
    found: dict[str, list[GameState]] = {}
    for start, moves in GAMES:
        state = start
        for move in moves:
            found.setdefault(type(state.pending).__name__, []).append(state)
            state = harbour.apply_move(state, move)
        found.setdefault("over", []).append(state)
    picked = []
    for states in found.values():
        picked += states[:: max(1, len(states) // 4)][:4]
    return picked


GAMES = _games()
POSITIONS = _positions()
positions = pick(POSITIONS)

# --------------------------------------------------------------------------- moves

#: Values inside a move: goods and sites whose fields are hostile or never set, goods of
#: 10⁵ of one good, sets of 10⁵ goods or buildings, members made around ``Good``.
INNER: tuple[object, ...] = (
    *(forged(Goods, fish=value, livestock=0, wood=0, stone=0) for value in (-1, HUGE, DEEP)),
    forged(Goods, fish=1),
    Goods(fish=100_000),
    forged(CardSite, card=-1),
    forged(CardSite, card=HUGE),
    forged(CardSite),
    forged(BoardSite, player=DEEP),
    CardSite(HUGE),
    BoardSite(10**6),
    *forged_members(Good),
    Goods(),
    CardSite(0),
)
FIELD_VALUES: tuple[object, ...] = (*HOSTILE, *INNER, UNSET)


DOORS = move_doors("harbour")


def meet_every_door(state: GameState, value: Any) -> None:
    """``value`` at every door: Harbour's errors only; an accepted move is its made copy."""
    meet_the_doors(
        DOORS, state, value, error=HarbourError, well_formed=well_formed, writers=WRITERS
    )


@pytest.mark.rules("INPUT-1", "INPUT-5")
@pytest.mark.parametrize("kind", MOVE_TYPES, ids=lambda kind: kind.__name__)
def test_every_field_of_every_move_type_forged_meets_only_harbours_errors(kind: type) -> None:
    state = POSITIONS[len(POSITIONS) // 2]
    for forgery in every_field(EXAMPLES[kind], FIELD_VALUES):
        meet_every_door(state, forgery)


def forgeries(state: GameState) -> st.SearchStrategy[Any]:
    """The state's legal moves and a move of each type, with fields set around constructors."""
    legal = harbour.legal_moves(state)
    bases = pick([*legal[:50], *EXAMPLES.values()])

    @st.composite
    def forge(draw: st.DrawFn) -> Any:
        base = draw(bases)
        names = [f.name for f in attrs.fields(type(base))]
        if not names:
            return base
        changed = draw(st.sets(st.sampled_from(names), min_size=1))
        return edited(base, **{name: draw(pick(FIELD_VALUES)) for name in changed})

    return forge()


@pytest.mark.rules("INPUT-1", "INPUT-5")
@given(state=positions, data=st.data())
def test_forged_moves_in_any_position_meet_only_harbours_errors(
    state: GameState, data: st.DataObject
) -> None:
    for drawn in data.draw(st.lists(shown_by(forgeries(state)), min_size=1, max_size=4)):
        meet_every_door(state, drawn.value)


@pytest.mark.rules("INPUT-1")
def test_a_move_with_100000_goods_or_buildings_gets_a_short_refusal_everywhere() -> None:
    state = POSITIONS[0]
    huge = [
        edited(harbour.Ship((Good.FISH,)), goods=(Good.FISH,) * 100_000),
        edited(harbour.Purchase((0,)), cards=tuple(range(100_000))),
        edited(harbour.ExchangeGoods(Good.FISH, (Good.WOOD,)), gain=(Good.WOOD,) * 100_000),
        edited(harbour.TakeGoods(Goods()), goods=Goods(fish=100_000)),
    ]
    for move in huge:
        for name, door in DOORS.items():
            if name != "can_apply":
                assert isinstance(refused(HarbourError, door, state, move), Exception)
    with pytest.raises(InvalidMoveError, match="names 100,000 buildings; there are at most 120"):
        harbour.Purchase(tuple(range(100_000)))
    short(format_move(state, harbour.TakeGoods(Goods(fish=42, livestock=42, wood=42))))


@pytest.mark.rules("INPUT-1")
@pytest.mark.parametrize(
    "move",
    [
        harbour.ChooseOption(HUGE),
        harbour.ChooseOption(4),
        harbour.ChooseCharacter(HUGE),
        harbour.ChooseFreeBuilding(10**6),
        harbour.MovePawn(CardSite(HUGE)),
        harbour.MovePawn(BoardSite(4)),
        harbour.Purchase((0, 120)),
    ],
    ids=shown,
)
def test_a_well_formed_move_no_game_can_have_has_no_text(move: Move) -> None:
    state = POSITIONS[0]
    for write in (move_text, str, harbour.to_json):
        with pytest.raises(InvalidMoveError, match=r"no option|no building|no seat|no char"):
            write(move)
    for door in (format_move, describe_move, actions.encode):
        with pytest.raises(InvalidMoveError):
            door(state, move)
    # The engine refuses it too; a rule (or the game's size) says why, as before.
    assert not harbour.can_apply(state, move)


#: Values that are no state, where a door needs a state (INPUT-5) or a table (CODE-6).
NOT_STATES: tuple[object, ...] = (*HOSTILE[:8], None, "state", DEEP, object())


@pytest.mark.rules("INPUT-5")
def test_the_move_doors_name_a_value_that_is_not_a_state() -> None:
    move = EXAMPLES[harbour.ChooseStartingGoods]
    doors: list[Callable[[Any], object]] = [
        lambda value: format_move(value, move),
        lambda value: describe_move(value, move),
        lambda value: harbour.interchange.notation.read_move(value, "start 3F"),
        lambda value: harbour.interchange.notation.parse_move(value, "start 3F"),
        lambda value: actions.encode(value, move),
        lambda value: actions.decode(value, 0),
        actions.legal_actions,
        actions.legal_action_mask,
    ]
    for value in NOT_STATES:
        for door in doors:
            assert isinstance(refused(InvalidValueError, door, value), Exception)


# --------------------------------------------------------------------------- options

READINGS = readings(RulesOptions)
SWITCHES = [f.name for f in attrs.fields(RulesOptions) if f.name not in READINGS]


@pytest.mark.rules("INPUT-2")
def test_rules_options_refuse_any_value_that_is_no_reading_with_a_short_message() -> None:
    refuse_all_but_readings(RulesOptions, InvalidValueError)


FORGED_OPTIONS = forged_options(RulesOptions)


@pytest.mark.rules("INPUT-2", "STATE-1", "INPUT-6")
def test_options_made_around_their_constructor_are_refused_everywhere() -> None:
    state = harbour.new_game(2, seed=1)
    keys = [b.key for b in ORIGINAL_SET.buildings]
    for options in FORGED_OPTIONS:
        error = refused(InvalidValueError, harbour.new_game, 2, seed=1, options=options)
        assert isinstance(error, InvalidValueError)
        with pytest.raises(InvalidValueError):
            harbour.to_json(options)
        assert "STATE-1" in {v.rule_id for v in harbour.validate(replace(state, options=options))}
        with pytest.raises(InvalidStateError):
            harbour.position(goods=[{}, {}], market=list(Good), display=keys[:5], options=options)


# --------------------------------------------------------------------------- determinize


def _observations() -> list[Observation]:
    """Observations of each kind of decision, by the decider and by another seat (who sees a
    secret setup choice as a placeholder)."""
    picked, kinds = [], set()
    for state in POSITIONS:
        if type(state.pending) not in kinds:
            kinds.add(type(state.pending))
            seat = harbour.current_player(state) if state.pending else 0
            picked.append(harbour.observe(state, max(seat, 0)))
            picked.append(harbour.observe(state, (max(seat, 0) + 1) % len(state.players)))
    return picked


OBSERVATIONS = _observations()


def test_the_observations_hold_every_kind_of_hidden_choice() -> None:
    kinds = {type(p).__name__ for seen in OBSERVATIONS for p in seen.stack}
    assert {"HiddenCharacterChoice", "HiddenFreeBuildingChoice", "PendingCharacter"} <= kinds


#: Values for an observation's fields: hostile ones, and those fields' values of another kind.
OBSERVED_VALUES: tuple[object, ...] = (*HOSTILE, *INNER[:8], UNSET, (CardSite(0),), (None,))


def meet_determinize(seen: Any) -> None:
    out = refused(InvalidValueError, harbour.determinize, seen, SplitMix64(1))
    if not isinstance(out, Exception):
        assert harbour.validate(out) == ()
        assert harbour.observe(out, seen.viewer) == seen


@pytest.mark.rules("OBS-7")
def test_determinize_refuses_an_observation_with_any_field_forged() -> None:
    for seen in OBSERVATIONS[::5]:
        for forgery in every_field(seen, OBSERVED_VALUES):
            meet_determinize(forgery)


@pytest.mark.rules("OBS-7")
def test_determinize_refuses_an_observation_with_a_forged_hidden_choice() -> None:
    hidden = [
        s for s in OBSERVATIONS if any(type(p).__name__.startswith("Hidden") for p in s.stack)
    ]
    assert hidden
    for seen in hidden:
        for forgery in every_field(seen, OBSERVED_VALUES, inner=2):
            meet_determinize(forgery)


# --------------------------------------------------------------------------- position

KEYS = [b.key for b in ORIGINAL_SET.buildings]
#: A valid position's arguments, each of which the test below replaces.
VALID: dict[str, Any] = {
    "goods": [{"fish": 1}, (0, 2, 0, 0)],
    "market": ["fish", "livestock", "wood", "stone"],
    "display": KEYS[:5],
    "owned": [[KEYS[6]], []],
    "free": [[], []],
    "pawns": [CardSite(1), None],
    "boards": [None, None],
    "bonus_cards": [None, None],
}
#: Where one entry of a list argument goes: the argument and the value around the entry.
ENTRIES: dict[str, Callable[[object], object]] = {
    "goods": lambda entry: [entry, {}],
    "market": lambda entry: [entry, "livestock", "wood", "stone"],
    "display": lambda entry: [entry, *KEYS[1:5]],
    "deck": lambda entry: [entry],
    "owned": lambda entry: [[entry], []],
    "free": lambda entry: [[], [entry]],
    "pawns": lambda entry: [entry, None],
    "boards": lambda entry: [entry, None],
    "bonus_cards": lambda entry: [None, entry],
    "stack": lambda entry: [entry],
}


@pytest.mark.rules("INPUT-6")
def test_position_refuses_any_value_of_any_argument_with_invalid_state_error() -> None:
    assert harbour.validate(harbour.position(**VALID)) == ()
    for name in inspect.signature(harbour.position).parameters:
        for value in (*HOSTILE, *INNER[:8]):
            arguments = {**VALID, name: value}
            out = refused(InvalidStateError, harbour.position, **arguments)
            if not isinstance(out, Exception):  # a value the argument takes as it is
                assert harbour.validate(out) == ()
            if name in ENTRIES:
                arguments = {**VALID, name: ENTRIES[name](value)}
                out = refused(InvalidStateError, harbour.position, **arguments)
                if not isinstance(out, Exception):  # {} is no goods, a position's or another
                    assert harbour.validate(out) == ()


@pytest.mark.rules("INPUT-6", "STATE-1")
@pytest.mark.parametrize(
    ("arguments", "match"),
    [
        ({"goods": -1}, "goods must be a list or a tuple, got -1"),
        ({"goods": [{}] * 5}, r"COMP-1\] a game has 2 to 4 players, got 5"),
        ({"cards": -1}, "cards must be a CardSet, got -1"),
        ({"display": DEEP}, "the card set has no building \\[\\[\\[\\[\\[\\.\\.\\.\\]\\]\\]\\]\\]"),
        ({"display": KEYS * 4}, "display has 144 entries, more than 36"),
        ({"goods": [{"fish": -1}, {}]}, r"not goods: \{'fish': -1\}"),
        ({"turn": HUGE}, "turn must be a whole number from 0 to 2\\*\\*63 - 1"),
        ({"owned": [["net-loft"]]}, r"owned: give one entry per player \(2\), not 1"),
    ],
)
def test_position_names_what_is_wrong(arguments: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidStateError, match=match):
        harbour.position(**{**VALID, **arguments})
