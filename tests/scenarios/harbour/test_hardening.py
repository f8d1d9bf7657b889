"""Regression tests for hostile or careless input: each example that once got past the door.

Moves that are not moves, options that are not readings, card data beyond the rules'
ceilings, files that are not card files, positions that break the invariants, guessable
seeds, and the two mutants that once survived the whole suite.
"""

from __future__ import annotations

import copy
import json
import os
import threading
from pathlib import Path
from typing import Any

import attrs
import pytest

import harbour
from harbour.cards import ORIGINAL_SET
from harbour.cards.abilities import GainOnPurchase, OncePerTurnConversion
from harbour.cards.effects import Buy, GainChoice, OneOf, TwoPart
from harbour.cards.files import CardFileError, dump_card_set, load_card_data, load_card_file
from harbour.goods import Good, Goods
from harbour.positions import replace
from harbour.state import (
    BoardSite,
    CardSite,
    PendingEffect,
    PendingGift,
    PendingMove,
    PendingPurchase,
    PendingToll,
)
from tests.support.harbour import COMPILED, card, play, position, with_options

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE


# --------------------------------------------------------------------------- INPUT-1: moves


@pytest.mark.rules("INPUT-1")
@pytest.mark.parametrize(
    "make",
    [
        lambda: harbour.ChooseStartingGoods(Goods(fish=2.0, stone=1.0)),  # type: ignore[arg-type]
        lambda: harbour.MovePawn(CardSite(3.0)),  # type: ignore[arg-type]
        lambda: harbour.Purchase((2.0,)),
        lambda: harbour.ChooseStartingGoods(None),  # type: ignore[arg-type]
        lambda: harbour.PayToll(7),  # type: ignore[arg-type]
        lambda: harbour.Ship((9,)),
        lambda: harbour.Purchase(None),
        lambda: harbour.ChooseOption(True),
        lambda: harbour.TakeGoods(Goods(fish=43)),
        lambda: harbour.ChooseStartingGoods(Goods(fish=7)),
        lambda: Goods(fish=-1),
        lambda: Goods(fish=True),
    ],
)
def test_values_that_are_no_move_are_refused_when_made(make: Any) -> None:
    with pytest.raises(harbour.InvalidValueError):
        make()


@pytest.mark.rules("INPUT-1")
def test_values_that_are_no_move_of_this_game_are_refused_by_the_check() -> None:
    state = harbour.new_game(2, seed=1)
    for value in (None, 7, "go", Goods(), (harbour.DeferToll(),)):
        with pytest.raises(harbour.InvalidMoveError):
            harbour.apply_move(state, value)  # type: ignore[arg-type]
        assert not harbour.can_apply(state, value)  # type: ignore[arg-type]
    state = play(state, *[harbour.ChooseStartingGoods(Goods(fish=3))] * 2)
    for move in (harbour.MovePawn(CardSite(999)), harbour.MovePawn(BoardSite(2))):
        with pytest.raises(harbour.InvalidMoveError, match=r"no building 999|no seat 2"):
            harbour.verify_move(state, move)


@pytest.mark.rules("INPUT-1", "BUY-2", "BUY-5")
def test_sets_of_goods_and_buildings_may_be_given_in_any_order() -> None:
    # A Ship listing its goods out of order was once refused as breaking BUY-3.
    assert harbour.Ship((S, F)) == harbour.Ship((F, S))
    assert harbour.Purchase((5, 2)).cards == (2, 5)
    assert harbour.ExchangeGoods(F, (S, L)).gain == (L, S)
    state = position(goods=[Goods(fish=2, stone=5), Goods()], display=["net-loft", "smokehouse"])
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))
    state = harbour.apply_move(state, harbour.Ship((S, F)))
    both = (card("smokehouse"), card("net-loft"))  # $3 + $3 of $7; the Net Loft shows first
    assert harbour.explain(state, harbour.Purchase(both)) is not None  # one building only
    assert harbour.explain(state, harbour.Purchase(both[:1])) is None


def forged(value: Any, **fields: Any) -> Any:
    """A copy of ``value`` with fields set around its constructor (``object.__setattr__``)."""
    twin = copy.copy(value)
    for name, field in fields.items():
        object.__setattr__(twin, name, field)
    return twin


def refused_everywhere(state: harbour.GameState, move: Any, match: str) -> None:
    """The four move functions refuse ``move`` with ``InvalidMoveError`` (``can_apply``: False)."""
    harbour.legal_moves(state)  # listed just now: only the listed objects skip the check
    for check in (harbour.apply_move, harbour.verify_move, harbour.explain):
        with pytest.raises(harbour.InvalidMoveError, match=match):
            check(state, move)
    assert harbour.can_apply(state, move) is False


@pytest.mark.rules("INPUT-1", "ACT-6", "ACT-5")
def test_moves_made_around_their_constructors_are_refused_by_the_checks() -> None:
    # Each of these once reached the rules: raw TypeError, IndexError or AttributeError,
    # a square read from the end of the market, or an exchange gaining one good twice.
    swap = position(goods=[Goods(fish=1), Goods()], display=["harbour-crier"])
    swap = play(swap, harbour.MovePawn(CardSite(card("harbour-crier"))), harbour.ChoosePart(0))
    assert harbour.SwapSquares(0, 1) in harbour.legal_moves(swap)
    refused_everywhere(swap, forged(harbour.SwapSquares(0, 1), first=-1), "from 0 to 3, got -1")
    refused_everywhere(swap, forged(harbour.SwapSquares(0, 1), first=True), "got True")
    refused_everywhere(swap, forged(harbour.SwapSquares(0, 1), first=1, second=0), "first < second")
    state = harbour.new_game(2, seed=1)
    for move, match in [
        (forged(harbour.ChooseStartingGoods(Goods(fish=3)), goods=(F, 3)), "must be Goods"),
        (
            forged(harbour.ChooseStartingGoods(Goods(fish=3)), goods=forged(Goods(), fish=-3)),
            "fish",
        ),
        (
            forged(harbour.ChooseStartingGoods(Goods(fish=3)), goods=forged(Goods(), fish="3")),
            "'3'",
        ),
        (forged(harbour.PayToll(F), good=0), "must be a Good"),
        (forged(harbour.PayToll(F), good=int.__new__(Good, 7)), "must be a Good"),
        (forged(harbour.ExchangeGoods(F, (W,)), gain=(W, W)), "twice"),
        (forged(harbour.Ship((F, S)), goods=(S, F)), "not as its constructor makes it"),
        (forged(harbour.Ship((F,)), goods=[F]), "not as its constructor makes it"),
        (forged(harbour.Purchase((2,)), cards=(S,)), "whole number"),
        (forged(harbour.MovePawn(CardSite(1)), site=forged(CardSite(1), card=-1)), "CardSite.card"),
        (forged(harbour.MovePawn(BoardSite(1)), site=forged(BoardSite(1), player=1.0)), "1.0"),
        (object.__new__(harbour.ChooseOption), "never set"),
    ]:
        with pytest.raises(harbour.InvalidMoveError, match=match):
            harbour.explain(state, move)
        assert harbour.can_apply(state, move) is False
    # A well-formed move with an index too long to print is refused, not a ValueError.
    huge = 10**5000
    with pytest.raises(
        harbour.InvalidMoveError, match=r"no building 10000000\.\.\.00000000 \(5001"
    ):
        harbour.verify_move(state, harbour.MovePawn(CardSite(huge)))
    refusal = harbour.explain(state, harbour.ChooseOption(huge))
    assert refusal is not None and refusal.rule_id == "TURN-6"


@pytest.mark.rules("INPUT-1")
def test_a_forged_move_equal_to_a_listed_one_does_not_skip_the_check() -> None:
    # The engine skips the check of a move legal_moves just listed. ChooseOption(True) ==
    # ChooseOption(1), so equality would let a forged move through: only the very object
    # listed skips it.
    state = position(goods=[Goods(fish=2, stone=5), Goods()], display=["net-loft"])
    state = harbour.apply_move(state, harbour.MovePawn(BoardSite(0)))
    listed = harbour.legal_moves(state)
    option = next(m for m in listed if m == harbour.ChooseOption(1))
    twin = forged(option, index=True)
    assert twin == option and twin is not option
    refused_everywhere(state, twin, "got True")
    listed = harbour.legal_moves(state)
    assert harbour.apply_move(state, option) == harbour.apply_move(state, harbour.ChooseOption(1))


@pytest.mark.rules("INPUT-1", "STATE-1")
def test_a_forged_move_that_is_accepted_leaves_only_values_its_constructors_made() -> None:
    # Goods whose hash was cached before a count was changed: equal to good goods, but
    # hashed as others. The checked path applies the move as its constructors make it.
    state = harbour.new_game(2, seed=1)
    goods = Goods(fish=2, stone=1)
    hash(goods)
    stale = forged(goods)
    hash(stale)
    object.__setattr__(stale, "fish", 3)
    object.__setattr__(stale, "stone", 0)
    move = harbour.ChooseStartingGoods(stale)
    after = harbour.apply_move(state, move)
    clean = harbour.apply_move(state, harbour.ChooseStartingGoods(Goods(fish=3)))
    assert after == clean and hash(after) == hash(clean)
    assert harbour.validate(after) == ()
    assert harbour.from_json(harbour.to_json(after)) == after


@pytest.mark.rules("INPUT-1", "STATE-1", "GOODS-1", "STATE-6")
def test_validate_reports_goods_and_sites_made_around_their_constructors() -> None:
    # A string count once made validate raise TypeError; -1, True and 2.0 passed.
    state = in_play()
    for count in (-1, True, 2.0, "2", None, 10**5000):
        broken = with_player(state, 0, goods=forged(Goods(fish=1), fish=count))
        assert "STATE-1" in rules_broken(broken) or "GOODS-2" in rules_broken(broken), count
    assert "GOODS-2" in rules_broken(with_player(state, 0, goods=forged(Goods(), fish=10**5000)))
    for pawn in (
        forged(CardSite(1), card=-1),
        forged(BoardSite(0), player="0"),
        object.__new__(CardSite),
    ):
        assert "STATE-1" in rules_broken(with_player(state, 0, pawn=pawn))
    if COMPILED:  # STATE-6: native states refuse both at once
        with pytest.raises(TypeError, match="can't apply this __setattr__"):
            forged(state, turn=object.__new__(Goods))
        with pytest.raises(TypeError, match="not safe"):
            object.__new__(harbour.GameState)
        return
    assert harbour.validate(forged(state, turn=object.__new__(Goods))) != ()
    half_made = object.__new__(harbour.GameState)
    assert [v.rule_id for v in harbour.validate(half_made)] == ["STATE-1"]


# --------------------------------------------------------------------------- INPUT-2: options


@pytest.mark.rules("INPUT-2", "INT-3", "INT-1", "INT-24")
def test_options_read_from_a_configuration_select_the_reading_they_name() -> None:
    # "reversed" was once accepted as a string and silently played the other reading.
    options = harbour.RulesOptions(reentry="reversed", last_round="all-players")
    assert options.reentry is harbour.ReentryOrder.REVERSED
    assert options.last_round is harbour.LastRound.ALL_PLAYERS
    assert options == harbour.RulesOptions(
        reentry=harbour.ReentryOrder.REVERSED, last_round=harbour.LastRound.ALL_PLAYERS
    )
    # "two-for-one" once raised AttributeError in the middle of a game.
    alchemist = harbour.RulesOptions(alchemist="two-for-one")
    assert alchemist.alchemist.terms == (0, 2, 1)
    with pytest.raises(harbour.InvalidValueError, match="'reversed', 'kept'"):
        harbour.RulesOptions(reentry="backwards")
    with pytest.raises(harbour.InvalidValueError, match="True or False"):
        harbour.RulesOptions(characters=1)  # type: ignore[arg-type]
    with pytest.raises(harbour.InvalidValueError):
        harbour.RulesOptions(tie_break=None)  # type: ignore[arg-type]


@pytest.mark.rules("INPUT-2", "BONUS-3")
def test_observe_refuses_a_viewer_that_is_not_a_seat() -> None:
    state = harbour.new_game(2, seed=1)
    for viewer in (1.5, True, -1, 2, "0"):
        with pytest.raises(harbour.InvalidValueError):
            harbour.observe(state, viewer)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- INPUT-3: seeds


@pytest.mark.rules("INPUT-3", "SETUP-7")
def test_a_game_without_a_seed_gets_an_unguessable_one() -> None:
    seeds = {harbour.new_game(2).seed for _ in range(8)}
    assert len(seeds) == 8 and all(0 <= s < 2**64 for s in seeds)
    assert max(seeds) > 2**40  # drawn from 64 bits, not a small number
    assert not hasattr(harbour.observe(harbour.new_game(2), 0), "seed")
    with pytest.raises(harbour.InvalidValueError):
        harbour.new_game(2, seed=True)


# --------------------------------------------------------------------------- FILE-3: ceilings


@pytest.mark.rules("FILE-3", "BOUND-1")
@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"type": "gain-choice", "amount": 400}, "action.amount"),
        ({"type": "buy", "count": 50}, "action.count"),
        ({"type": "exchange", "spend_amount": 99, "gain_amount": 1}, "action.spend_amount"),
    ],
)
def test_card_data_beyond_the_rules_ceilings_is_refused(change: dict[str, Any], field: str) -> None:
    data = dump_card_set(ORIGINAL_SET)
    data["buildings"][0]["action"] = change
    with pytest.raises(CardFileError) as err:
        load_card_data(data)
    assert err.value.field == field and "from 1 to" in err.value.reason


@pytest.mark.rules("FILE-3")
def test_ceilings_hold_for_cards_made_in_code_too() -> None:
    for make in (
        lambda: GainChoice(400),
        lambda: Buy(8),
        lambda: OncePerTurnConversion(fee=50),
        lambda: GainOnPurchase(1000),
        lambda: OneOf((Buy(), Buy(), Buy(), Buy(), Buy())),
        lambda: TwoPart(TwoPart(TwoPart(TwoPart(Buy(), Buy()), Buy()), Buy()), Buy()),
        lambda: attrs.evolve(ORIGINAL_SET, name="x" * 5000),
    ):
        with pytest.raises(harbour.InvalidValueError):
            make()


@pytest.mark.rules("INPUT-4", "FILE-2", "COMP-4")
@pytest.mark.parametrize("control", ["\x00", "\x1b", "\x7f", "\x9b", "\u202e", "\u2066", "\u2028"])
def test_texts_with_control_characters_are_refused_where_they_are_made(control: str) -> None:
    # A NUL made the pictures ill-formed XML; ESC and U+202E reached the terminal.
    name = f"Net{control}Loft"
    with pytest.raises(harbour.InvalidValueError, match=r"Building\.name must not hold control"):
        attrs.evolve(ORIGINAL_SET.buildings[0], name=name)
    with pytest.raises(harbour.InvalidValueError, match=r"CardSet\.name"):
        attrs.evolve(ORIGINAL_SET, name=name)
    data = dump_card_set(ORIGINAL_SET)
    data["buildings"][0]["name"] = name
    with pytest.raises(CardFileError) as caught:
        load_card_data(data)
    assert caught.value.field == "name" and f"U+{ord(control):04X} at character 4" in str(
        caught.value
    )
    assert control not in str(caught.value)  # shown escaped


# --------------------------------------------------------------------------- FILE-4: files


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.rules("FILE-4")
def test_a_huge_number_is_refused_naming_the_file(tmp_path: Path) -> None:
    data = dump_card_set(ORIGINAL_SET)
    text = json.dumps(data).replace('"size": 36', '"size": ' + "9" * 5000)
    for path in (write(tmp_path, "big.json", text),):
        with pytest.raises(CardFileError, match=r"big\.json"):
            load_card_file(path)
    toml = write(tmp_path, "big.toml", 'name = "x"\nsize = ' + "9" * 5000 + "\n")
    with pytest.raises(CardFileError, match=r"big\.toml"):
        load_card_file(toml)


@pytest.mark.rules("FILE-4")
def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    deep_json = write(tmp_path, "deep.json", "[" * 1000 + "]" * 1000)
    with pytest.raises(CardFileError, match="nested"):
        load_card_file(deep_json)
    action = "x = 1"
    for _ in range(330):
        action = '{ type = "two-part", first = ' + action.replace("x = 1", "{}") + " }"
    deep_toml = write(tmp_path, "deep.toml", f'name = "x"\nbuildings = [{{ action = {action} }}]\n')
    with pytest.raises(CardFileError, match="nested"):
        load_card_file(deep_toml)
    nested = {"type": "two-part", "first": {"type": "buy"}, "second": {"type": "buy"}}
    for _ in range(6):
        nested = {"type": "two-part", "first": nested, "second": {"type": "buy"}}
    data = dump_card_set(ORIGINAL_SET)
    data["buildings"][0]["action"] = nested
    with pytest.raises(CardFileError, match="nest at most"):
        load_card_data(data)


@pytest.mark.rules("FILE-4")
def test_repeated_json_keys_and_non_numbers_are_refused(tmp_path: Path) -> None:
    text = json.dumps(dump_card_set(ORIGINAL_SET))
    repeated = write(tmp_path, "twice.json", text.replace('{"name": ', '{"name": "a", "name": ', 1))
    with pytest.raises(CardFileError, match="given twice"):
        load_card_file(repeated)
    nan = write(tmp_path, "nan.json", text.replace('"size": 36', '"size": NaN'))
    with pytest.raises(CardFileError, match="NaN"):
        load_card_file(nan)


@pytest.mark.rules("FILE-4", "FILE-3")
def test_oversized_files_and_names_are_refused(tmp_path: Path) -> None:
    data = dump_card_set(ORIGINAL_SET)
    data["buildings"][0]["name"] = "N" * (50 * 1024 * 1024)
    with pytest.raises(CardFileError, match="at most 60 characters"):
        load_card_data(data)
    big = tmp_path / "big.json"
    with big.open("w") as handle:
        handle.write('{"name": "' + "N" * (2 << 20) + '"}')
    with pytest.raises(CardFileError, match="at most 1048576 bytes"):
        load_card_file(big)


@pytest.mark.rules("FILE-4")
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX pipes and devices")
def test_devices_and_pipes_are_refused_without_hanging(tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(CardFileError, match="regular file"):
        load_card_file(link)
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    outcome: list[BaseException | None] = []

    def load() -> None:
        try:
            load_card_file(fifo)
        except CardFileError as exc:
            outcome.append(exc)

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert not worker.is_alive(), "reading a pipe hung"
    assert outcome and "regular file" in str(outcome[0])


# --------------------------------------------------------------------------- STATE: positions


def in_play() -> harbour.GameState:
    return position(
        goods=[Goods(fish=1), Goods(fish=1)],
        display=["net-loft", "smokehouse", "chandlery", "gossip-tavern", "salt-pans"],
    )


def rules_broken(state: harbour.GameState) -> set[str]:
    return {v.rule_id for v in harbour.validate(state)}


def with_player(state: harbour.GameState, seat: int, **changes: Any) -> harbour.GameState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


@pytest.mark.rules("STATE-1", "STATE-3", "STATE-4", "STATE-5", "GOODS-2", "TURN-3", "DISPLAY-1")
def test_positions_edited_by_hand_are_reported() -> None:
    state = in_play()
    assert harbour.validate(state) == ()
    net_loft = card("net-loft")
    cases: list[tuple[harbour.GameState, str]] = [
        (with_player(state, 0, goods=Goods(fish=100)), "GOODS-2"),
        (with_player(state, 0, pawn=CardSite(999)), "STATE-1"),
        (with_player(state, 0, pawn=CardSite(card("admiralty"))), "TURN-3"),
        (with_player(state, 0, buildings=(999,)), "STATE-1"),
        (with_player(state, 0, buildings=(net_loft,)), "STATE-1"),  # owned and in the display
        (replace(state, stack=(PendingPurchase(-5, 1, True),)), "STATE-1"),
        (replace(state, stack=(PendingGift(0, -1, "ABIL-6"),)), "STATE-1"),
        (replace(state, stack=(PendingGift(0, 10**6, "ABIL-6"),)), "STATE-4"),
        # A toll with no action under it once made legal_moves pop an empty list.
        (replace(with_player(state, 0, goods=Goods()), stack=(PendingToll(1),)), "STATE-3"),
        (replace(state, last_round_turns=-1), "STATE-1"),
        (replace(state, last_round_turns=7), "STATE-5"),
        (replace(state, display=state.display[:4]), "DISPLAY-1"),
        (replace(state, market=(F, F, W, S)), "SETUP-3"),
        (replace(state, players=state.players[:1]), "COMP-1"),
        (replace(state, current=5), "STATE-2"),
        (replace(state, stack=(PendingEffect(GainChoice(2)),)), "STATE-3"),
    ]
    for broken, rule in cases:
        assert rule in rules_broken(broken), (rule, harbour.validate(broken))


@pytest.mark.rules("STATE-1", "BUY-5")
def test_a_building_owned_and_shown_can_no_longer_be_bought_again() -> None:
    # A hand-built position with a building both owned and in the display once let its
    # owner buy it a second time; the position builder refuses it now.
    keys = ["net-loft", "smokehouse", "chandlery", "gossip-tavern", "salt-pans"]
    with pytest.raises(harbour.InvalidStateError) as err:
        harbour.position(
            goods=[Goods(stone=5), Goods()],
            market=[F, L, W, S],
            display=keys,
            owned=[["net-loft"], []],
        )
    assert "STATE-1" in {v.rule_id for v in err.value.violations}
    assert "Net Loft" in str(err.value)


@pytest.mark.rules("STATE-1", "STATE-2")
def test_the_position_builder_makes_valid_positions_from_plain_values() -> None:
    keys = [b.key for b in ORIGINAL_SET.buildings]
    state = harbour.position(
        goods=[{"fish": 2}, (0, 0, 3, 0)],
        market=["stone", "fish", "wood", "livestock"],
        display=keys[:5],
        owned=[[keys[6]], [9]],
        pawns=[CardSite(6), None],
        current=1,
        turn=4,
    )
    assert state.players[0].buildings == (6,) and state.players[1].goods == Goods(wood=3)
    assert state.market == (S, F, W, L) and state.stack == (PendingMove(),)
    assert harbour.legal_moves(state)
    with pytest.raises(harbour.InvalidStateError, match="no building 'nowhere'"):
        harbour.position(goods=[{}, {}], market=[F, L, W, S], display=["nowhere"])
    with pytest.raises(harbour.InvalidStateError, match="not goods"):
        harbour.position(goods=[{"fish": -1}, {}], market=[F, L, W, S], display=keys[:5])


# --------------------------------------------------------------------------- the two mutants


@pytest.mark.rules("INT-6", "BUY-6")
def test_mandatory_buying_when_the_whole_shipment_pays_exactly_the_cheapest_building() -> None:
    # Stone on the $5 square pays exactly for the Salt Pans ($5): buying is possible, so
    # under mandatory buying "ship nothing" is not offered (a mutant once made it so by
    # reading "cheaper than" for "no dearer than").
    state = position(
        goods=[Goods(stone=5), Goods()],
        market=(F, L, W, S),
        display=["salt-pans", "admiralty"],
        options=harbour.RulesOptions(buying=harbour.BuyRule.MANDATORY),
    )
    state = play(state, harbour.MovePawn(BoardSite(0)), harbour.ChooseOption(1))
    assert harbour.legal_moves(state) == (harbour.Ship((S,)),)
    refusal = harbour.explain(state, harbour.Ship(()))
    assert refusal is not None and refusal.rule_id == "INT-6"


@pytest.mark.rules("INT-6", "TOLL-5")
def test_mandatory_buying_forbids_deferring_a_toll_the_shipment_would_leave_unpaid() -> None:
    # At Player 2's Counting House holding exactly the 5 stone that must be shipped to buy,
    # deferring the toll would leave nothing to pay it with: only paying now is legal (a
    # mutant once inverted the DeferToll filter).
    state = with_options(
        position(
            goods=[Goods(stone=5), Goods()],
            market=(F, L, W, S),
            display=["salt-pans", "admiralty"],
            owned=[[], ["counting-house"]],
        ),
        buying=harbour.BuyRule.MANDATORY,
    )
    state = harbour.apply_move(state, harbour.MovePawn(CardSite(card("counting-house"))))
    assert harbour.legal_moves(state) == (harbour.PayToll(S),)
    refusal = harbour.explain(state, harbour.DeferToll())
    assert refusal is not None and refusal.rule_id == "TOLL-5"
    # Under the default (buying is optional) the player may defer and then ship nothing.
    optional = with_options(state, buying=harbour.BuyRule.OPTIONAL)
    assert harbour.DeferToll() in harbour.legal_moves(optional)


@pytest.mark.rules("INPUT-1", "REC-4")
def test_a_record_made_around_a_state_is_refused_when_replayed() -> None:
    from harbour.interchange.records import GameRecord, replay

    with pytest.raises(harbour.InvalidValueError, match="starts from a GameState, got None"):
        replay(GameRecord(start=None, moves=()))  # type: ignore[arg-type]
    start = harbour.new_game(2, seed=3)
    with pytest.raises(harbour.InvalidValueError, match="moves are a tuple of moves"):
        replay(GameRecord(start=start, moves=5))  # type: ignore[arg-type]
    assert replay(GameRecord(start=start, moves=())) == (start,)


@pytest.mark.rules("INPUT-1")
def test_a_move_naming_what_the_game_lacks_is_named_in_the_refusal() -> None:
    state = harbour.new_game(2, seed=3)
    move = harbour.MovePawn(harbour.CardSite(999))
    with pytest.raises(harbour.InvalidMoveError) as refused:
        harbour.explain(state, move)
    assert str(refused.value) == (
        "MovePawn(site=CardSite(card=999)): there is no building 999: the card set has 36"
    )
