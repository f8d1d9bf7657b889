"""The engine's entry points: checked moves, explanations, events and input at the door."""

from __future__ import annotations

import pickle
import typing

import attrs
import pytest

import machikoro
from machikoro import Dice, RollDice, RulesOptions
from machikoro.events import CoinsEarned, CoinsTaken, EstablishmentBuilt, Event, LandmarkBuilt
from machikoro.moves import MOVE_TYPES
from meeplekit.errors import RulesError
from meeplekit.protocol import Game
from meeplekit.rng import SplitMix64
from meeplekit.spec import Specification
from tests.support.machikoro import E, L, at_roll, roll

RULE_IDS = frozenset(Specification("machikoro").rule_ids())
#: The module satisfies the shared protocol (checked by mypy).
GAME: Game[machikoro.GameState, machikoro.Move] = machikoro


@pytest.mark.rules("MK-FLOW-1")
def test_the_pending_stack_holds_what_is_still_to_decide() -> None:
    state = machikoro.new_game(2, seed=5)
    assert state.pending == machikoro.state.PendingRoll(False)
    assert machikoro.current_player(state) == 0
    machikoro.verify_move(state, RollDice(1))  # legal: no exception
    assert machikoro.can_apply(state, RollDice(1)) and not machikoro.can_apply(state, RollDice(2))
    assert not machikoro.can_apply(state, "roll")  # type: ignore[arg-type]
    with pytest.raises(machikoro.IllegalMoveError) as err:
        machikoro.verify_move(state, machikoro.BuildNothing())
    assert err.value.rule_id == "MK-FLOW-1" and "rolling the dice" in err.value.reason
    assert isinstance(err.value, ValueError) and isinstance(err.value, RulesError)


@pytest.mark.rules("MK-FLOW-2")
def test_steps_without_a_choice_happen_by_themselves() -> None:
    # The end of the turn and the next roll: a build answered, and Player 2 is asked to roll.
    state = roll(at_roll(coins=[3, 3]), 5)
    after = machikoro.apply_move(state, machikoro.BuildNothing())
    assert after.current == 1 and after.stack == (machikoro.state.PendingRoll(False),)
    # The build is asked even when nothing is affordable.
    broke = roll(
        at_roll(coins=[0, 0], options=RulesOptions(expansion=False, market="all-piles")), 5
    )
    assert machikoro.legal_moves(broke) == (machikoro.BuildNothing(),)


@pytest.mark.rules("MK-EVENT-1")
def test_events_name_their_rules_and_account_for_every_coin() -> None:
    state = at_roll(coins=[4, 3], cities=[{E.WHEAT_FIELD: 2}, {E.SUSHI_BAR: 1}],
                    landmarks=[[], [L.HARBOR]])  # fmt: skip
    after, events = machikoro.apply_move_with_events(state, RollDice(1))
    after, more = machikoro.apply_move_with_events(after, Dice((1,)))
    after, last = machikoro.apply_move_with_events(after, machikoro.BuildEstablishment(E.FOREST))
    log: list[Event] = [*events, *more, *last]
    assert all(e.rule_id in RULE_IDS for e in log), [e.rule_id for e in log]
    earned = sum(e.coins for e in log if isinstance(e, CoinsEarned))
    paid = sum(e.cost for e in log if isinstance(e, EstablishmentBuilt | LandmarkBuilt))
    assert sum(after.coins) - sum(state.coins) == earned - paid
    taken = [e for e in log if isinstance(e, CoinsTaken)]
    assert [(e.player, e.payer, e.coins, e.card, e.rule_id) for e in taken] == [
        (1, 0, 3, "sushi-bar", "MK-CARD-2")
    ]
    assert after == machikoro.apply_move(
        machikoro.apply_move(machikoro.apply_move(state, RollDice(1)), Dice((1,))),
        machikoro.BuildEstablishment(E.FOREST),
    )
    # Every event class names a rule by default, or is given one by the engine.
    for kind in typing.get_args(Event):
        default = attrs.fields_dict(kind)["rule_id"].default
        assert default is attrs.NOTHING or default in RULE_IDS, kind


@pytest.mark.rules("MK-INPUT-1")
def test_moves_check_their_fields() -> None:
    for bad in (
        lambda: RollDice(3),
        lambda: RollDice(True),
        lambda: RollDice(1.0),  # type: ignore[arg-type]
        lambda: Dice((2, 1)),
        lambda: Dice((0,)),
        lambda: Dice((1, 2, 3)),
        lambda: Dice((True,)),
        lambda: machikoro.Draw(25),
        lambda: machikoro.Draw("castle"),
        lambda: machikoro.BuildLandmark(7),
        lambda: machikoro.ChooseOpponent(5),
        lambda: machikoro.ChooseOpponent(-1),
        lambda: machikoro.AddTwo(1),  # type: ignore[arg-type]
        lambda: machikoro.Trade("cafe", 1.5, "ranch"),  # type: ignore[arg-type]
    ):
        with pytest.raises(machikoro.InvalidMoveError):
            bad()
    assert Dice([2, 5]) == Dice((2, 5))
    assert machikoro.BuildEstablishment("tv-station") == machikoro.BuildEstablishment(E.TV_STATION)
    assert machikoro.BuildLandmark(1).landmark is L.HARBOR


@pytest.mark.rules("MK-INPUT-1")
def test_a_move_made_around_its_constructor_is_refused_at_the_door() -> None:
    state = at_roll(coins=[3, 3], landmarks=[[L.TRAIN_STATION], []])
    forged = RollDice(1)
    object.__setattr__(forged, "dice", True)  # equal to RollDice(1), but not a real one
    for check in (machikoro.apply_move, machikoro.explain, machikoro.verify_move,
                  machikoro.apply_move_with_events):  # fmt: skip
        with pytest.raises(machikoro.InvalidMoveError):
            check(state, forged)
    assert not machikoro.can_apply(state, forged)
    never_set = object.__new__(RollDice)
    with pytest.raises(machikoro.InvalidMoveError):
        machikoro.apply_move(state, never_set)
    with pytest.raises(machikoro.InvalidMoveError):
        machikoro.apply_move(state, 42)  # type: ignore[arg-type]
    # A move round-tripped by pickle is a new object: it is checked, and it applies.
    copy = pickle.loads(pickle.dumps(RollDice(2)))
    assert machikoro.apply_move(state, copy) == machikoro.apply_move(state, RollDice(2))


@pytest.mark.rules("MK-INPUT-1")
def test_a_listed_move_skips_the_check_and_any_other_object_is_checked() -> None:
    state = at_roll(coins=[3, 3])
    listed = machikoro.legal_moves(state)
    assert machikoro.apply_move(state, listed[0]) == machikoro.apply_move(state, RollDice(1))
    assert all(type(m) in MOVE_TYPES for m in listed)


@pytest.mark.rules("MK-INPUT-2")
def test_options_take_members_or_their_exact_values() -> None:
    options = RulesOptions(reroll_dice="same", major_copies=machikoro.MajorCopies.PER_PLAYER)
    assert options.reroll_dice is machikoro.RerollDice.SAME
    for field, bad in (("reroll_dice", "SAME"), ("market", 1), ("expansion", 1),
                       ("sushi_bar_cost", 4), ("tuna_roll", None)):  # fmt: skip
        with pytest.raises(machikoro.InvalidValueError):
            RulesOptions(**{field: bad})  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(options)) == options
    assert machikoro.options.field_rule("tuna_roll") == "MK-INT-8"
    assert machikoro.options.field_meaning("flower_shop_mall").startswith("What the Shopping Mall")
    assert machikoro.options.reading_meaning(machikoro.FlowerShopMall.FLAT).endswith("(metrodice).")
    assert all(f.metadata["rule"] in RULE_IDS for f in attrs.fields(RulesOptions))


@pytest.mark.rules("MK-FLOW-1")
def test_the_public_api() -> None:
    for name in machikoro.__all__:
        assert hasattr(machikoro, name), name
    assert GAME.current_player(machikoro.new_game(2, seed=1)) == 0
    assert machikoro.CHANCE == -1
    state = machikoro.new_game(2, seed=1)
    sample = machikoro.determinize(machikoro.observe(state, 1), SplitMix64(1))
    assert attrs.evolve(sample, seed=state.seed) == state  # the position, a fresh seed (MK-OBS-2)
    with pytest.raises(machikoro.InvalidValueError):
        machikoro.observe(state, 2)
    assert "turn 1" in repr(state)
