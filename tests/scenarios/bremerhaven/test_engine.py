"""The library's own rules for decisions, chance and bad input: engine.md's clauses."""

from __future__ import annotations

import random

import attrs
import pytest

import bremerhaven
from bremerhaven import (
    Berth,
    Bid,
    BuyPermit,
    ChoosePrice,
    Deliver,
    EndMovement,
    EndPermits,
    EndProduction,
    Pack,
    PayDifference,
    PlaceBollard,
    PlaceContract,
    Produce,
    SwapRanks,
    Unload,
    Unpack,
)
from bremerhaven.cards.describe import describe_space
from bremerhaven.cards.model import Produce as Production
from bremerhaven.cards.model import Space
from bremerhaven.events import (
    BidPlaced,
    Event,
    GameEnded,
    MoneyBanked,
    MoneyCharged,
    MoneyEarned,
    MoneyPaid,
    event_seat,
)
from bremerhaven.rules.harbours import used_spaces
from bremerhaven.rules.table import STEPS
from bremerhaven.specification import SPECIFICATION
from bremerhaven.state import (
    Berthed,
    PendingBerth,
    PendingCareer,
    PendingContract,
    PendingGrow,
    PendingMovement,
    PendingPermits,
    PendingPrice,
    PendingProduction,
    PendingStep,
    Placed,
)
from bremerhaven.views.narrate import sentence
from tests.support.bremerhaven import (
    BARREL,
    CONTAINER,
    CRATE,
    WRONG_DECISION,
    after_bidding,
    after_bidding_with_events,
    asking,
    bid_moves,
    building,
    card_set,
    contract,
    game,
    play,
    refused,
    rules_of,
    ship,
    with_harbour,
)

# --------------------------------------------------------------------------- decisions


@pytest.mark.rules("BH-ENGINE-1")
def test_one_decision_at_a_time_answered_by_its_own_moves() -> None:
    rng = random.Random(3)
    state = bremerhaven.new_game(3, seed=3)
    for _ in range(400):
        if bremerhaven.is_over(state):
            break
        top = state.stack[-1]
        step = STEPS[type(top)]
        assert not isinstance(top, PendingStep)  # a step without a choice is never asked
        assert bremerhaven.current_player(state) == top.seat
        moves = bremerhaven.legal_moves(state)
        assert moves and all(isinstance(m, step.answers) for m in moves)
        state = bremerhaven.apply_move(state, rng.choice(moves))


@pytest.mark.rules("BH-ENGINE-1")
def test_a_steps_moves_are_its_candidates_it_does_not_refuse_by_a_rule_it_owns() -> None:
    rng = random.Random(5)
    refused_by: set[str] = set()
    for players in (1, 2, 3, 4):
        state = bremerhaven.new_game(players, seed=players)
        while not bremerhaven.is_over(state):
            top = state.stack[-1]
            step = STEPS[type(top)]
            moves = bremerhaven.legal_moves(state)
            for move in step.candidates(state, top):
                found = bremerhaven.explain(state, move)
                assert (found is None) == (move in moves), (move, found)
                if found is not None:
                    assert found.rule_id in step.owns, (type(step).__name__, found)
                    refused_by.add(found.rule_id)
            state = bremerhaven.apply_move(state, rng.choice(moves))
    assert len(refused_by) >= 5, refused_by  # the games met refusals of several steps


@pytest.mark.rules("BH-ENGINE-2")
def test_after_the_end_current_player_is_the_harbour_whose_turn_came_last() -> None:
    """The last mover (the shared protocol's definition), not the winner.

    The final round's harbour turns are read on the stack: the last turn's settle step lies
    lowest, just above the clean-up.
    """
    read = winner_elsewhere = 0
    for seed in range(16):
        state = bremerhaven.new_game(1 + seed % 4, seed=seed)
        rng = random.Random(seed)
        turns: list[tuple[int, int]] = []  # (round, the seat of the round's last turn)
        while not bremerhaven.is_over(state):
            settles = [p for p in state.stack if type(p) is PendingStep and p.phase == "settle"]
            if settles:
                turns.append((state.round, settles[0].index))
            state = bremerhaven.apply_move(state, rng.choice(bremerhaven.legal_moves(state)))
        last = [seat for played, seat in turns if played == state.round]
        if not last:  # no harbour of the final round was asked anything
            continue
        read += 1
        assert bremerhaven.current_player(state) == last[-1]
        winners = bremerhaven.outcome(state).winners
        winner_elsewhere += bool(winners) and winners[0] != last[-1]
    assert read >= 12 and winner_elsewhere >= 2, (read, winner_elsewhere)


@pytest.mark.rules("BH-ENGINE-2", "BH-ENGINE-4", "BH-ENGINE-5", "BH-FLOW-4")
def test_the_decisions_of_a_round_come_in_a_fixed_order() -> None:
    refinery = building("refinery", Production(good=BARREL))
    state = game(2)
    for seat in (0, 1):
        state = with_harbour(state, seat, money=20, buildings=(refinery, *(None,) * 11))
    state = after_bidding(
        state,
        [
            (0, Space.PERMIT, 3),
            (0, Space.GROW, 5),
            (1, Space.GROW, 1),
            (0, Space.PRICE, 1),
            (0, Space.CAREER, 2),
            (0, Space.sea(1), 4),
            (1, Space.land(1), 2),
        ],
        ranks=(0, 1),
    )
    kinds = []
    while state.round == 1:
        kinds.append(type(state.stack[-1]))
        moves = bremerhaven.legal_moves(state)
        state = play(state, moves[-1] if not isinstance(moves[-1], Pack) else EndMovement())
    # Each kind in turn (a kind may repeat: several permits, two harbours).
    seen = list(dict.fromkeys(kinds))
    assert seen == [
        PendingPermits,
        PendingGrow,
        PendingPrice,
        PendingCareer,
        PendingBerth,
        PendingContract,
        PendingProduction,
        PendingMovement,
    ]


@pytest.mark.rules("BH-ENGINE-2", "BH-PROD-2")
def test_the_harbours_go_by_the_ranks_after_the_career_ladder() -> None:
    refinery = building("refinery", Production(good=BARREL))
    state = game(2)
    for seat in (0, 1):
        state = with_harbour(state, seat, buildings=(refinery, *(None,) * 11))
    state = after_bidding(state, [(1, Space.CAREER, 1)], ranks=(0, 1))
    state = play(state, SwapRanks(0))
    assert state.ranks == (1, 0)
    assert state.stack[-1] == PendingProduction(1, frozenset())


@pytest.mark.rules("BH-ENGINE-3")
def test_a_bid_move_names_a_space_and_a_value_in_the_hand() -> None:
    state = game(2)
    seat = bremerhaven.current_player(state)
    state = with_harbour(state, seat, hand=(2, 5, 5, 7, 9))
    moves = bid_moves(state)
    assert {m.value for m in moves} == {2, 5, 7, 9}  # one move per value, not per card
    assert len(moves) == 10 * 4


@pytest.mark.rules("BH-ENGINE-4")
def test_the_general_action_moves() -> None:
    state = after_bidding(
        with_harbour(game(2), 0, money=20),
        [(0, Space.PERMIT, 3), (0, Space.PRICE, 1), (0, Space.CAREER, 2)],
        ranks=(0, 1),
    )
    assert {type(m) for m in bremerhaven.legal_moves(state)} >= {BuyPermit, EndPermits}
    state = play(state, EndPermits())
    assert {type(m) for m in bremerhaven.legal_moves(state)} == {ChoosePrice}
    state = play(state, ChoosePrice(0))
    assert {type(m) for m in bremerhaven.legal_moves(state)} == {SwapRanks}


@pytest.mark.rules("BH-ENGINE-5")
def test_the_individual_action_moves() -> None:
    refinery = building("refinery", Production(good=BARREL))
    ferry = Berthed(ship("ferry"), CRATE, 2, 2)
    state = with_harbour(
        game(2),
        0,
        money=5,
        buildings=(refinery, *(None,) * 11),
        docks=(ferry, None, None),
        storage=(0, 1, 2, 0),
    )
    state = asking(state, PendingProduction(0, frozenset()))
    assert set(bremerhaven.legal_moves(state)) == {Produce(0), EndProduction()}
    state = asking(with_harbour(state, 0), PendingMovement(0, 0))
    assert set(bremerhaven.legal_moves(state)) == {Unload(0), Pack(), Unpack(), EndMovement()}


@pytest.mark.rules("BH-ENGINE-7")
def test_steps_without_a_choice_run_by_themselves() -> None:
    state, events = after_bidding_with_events(
        game(2), [(0, Space.sea(1), 1)], sea=(ship("one", berth=1), ship("b")), ranks=(0, 1)
    )
    # 1.1, 1.4 and 1.5 needed no decision; the ship fits one dock only and was berthed by
    # itself; the first decision is seat 0's 4.2 (it may unload the new ship).
    assert rules_of(events)[:4] == ["BH-BUILDING-3", "BH-PRICE-2", "BH-CAREER-2", "BH-CAREER-2"]
    assert "BH-SEA-2" in rules_of(events)
    assert state.players[0].docks[1] is not None
    assert state.stack[-1] == PendingMovement(0, 0)


@pytest.mark.rules("BH-ENGINE-7", "BH-LAND-2")
def test_a_contract_with_one_free_loading_dock_goes_there_by_itself() -> None:
    busy = Placed(contract("busy", delivery=5), (0, 0, 0, 0), 5)
    card = contract("new", delivery=3)
    state = with_harbour(game(2), 0, loading=(busy, None, busy, busy))
    state = after_bidding(state, [(0, Space.land(1), 2)], land=(card, contract("o")), ranks=(0, 1))
    placed = state.players[0].loading[1]
    assert placed is not None and placed.card == card


@pytest.mark.rules("BH-ENGINE-7")
def test_a_decision_with_one_legal_answer_is_taken_by_itself() -> None:
    state = with_harbour(game(2), 1, money=0)
    state = after_bidding(state, [(0, Space.GROW, 5), (1, Space.GROW, 1)], ranks=(0, 1))
    assert not any(isinstance(p, PendingGrow) for p in state.stack)


# --------------------------------------------------------------------------- movement


@pytest.mark.rules("BH-ENGINE-8")
def test_storage_is_counts_and_conversions_keep_the_spaces_used() -> None:
    assert used_spaces((1, 2, 3, 4)) == 1 + 2 + 2 + 4
    state = asking(with_harbour(game(2), 0, storage=(0, 1, 3, 0), money=5), PendingMovement(0, 0))
    before = used_spaces(state.players[0].storage)
    packed = play(state, Pack())
    assert packed.players[0].storage == (0, 2, 1, 0)
    assert used_spaces(packed.players[0].storage) == before


@pytest.mark.rules("BH-ENGINE-8", "BH-ENGINE-9", "BH-INPUT-3")
def test_a_conversion_is_not_undone_before_an_unload_or_delivery() -> None:
    ferry = Berthed(ship("ferry"), BARREL, 2, 2)
    state = asking(
        with_harbour(game(2), 0, storage=(0, 1, 2, 0), money=9, docks=(ferry, None, None)),
        PendingMovement(0, 0),
    )
    state = play(state, Pack())
    assert refused(state, Unpack()) == "BH-ENGINE-8"
    state = play(state, Pack()) if Pack() in bremerhaven.legal_moves(state) else state
    state = play(state, Unload(0))
    assert bremerhaven.explain(state, Unpack()) is None
    state = play(state, Unpack())
    assert refused(state, Pack()) == "BH-ENGINE-8"


@pytest.mark.rules("BH-ENGINE-9")
def test_the_movement_phase_ends_within_its_bound() -> None:
    card = contract("big", goods=(CRATE, CRATE, CONTAINER, None), delivery=3)
    ships = (
        Berthed(ship("a", cargo=CRATE, count=5), CRATE, 5, 2),
        Berthed(ship("b", cargo=CONTAINER, count=3), CONTAINER, 3, 2),
        None,
    )
    base = with_harbour(
        game(2),
        0,
        covers=(None,) * 12,
        money=50,
        storage=(0, 2, 4, 0),
        docks=ships,
        loading=(Placed(card, (0, 0, 0, 0), 3), None, None, None),
    )
    goods_on_ships = 8
    open_slots = 4
    units = 2 + 4 // 2 + goods_on_ships  # containers + crates // 2, bounded over the phase
    bound = (goods_on_ships + open_slots + 1) * (units + 1)
    for seed in range(20):
        rng = random.Random(seed)
        state = asking(base, PendingMovement(0, 0))
        moves = 0
        while isinstance(state.stack[-1], PendingMovement):
            options = [m for m in bremerhaven.legal_moves(state) if m != EndMovement()]
            if not options:
                break
            state = play(state, rng.choice(options))
            moves += 1
        assert moves <= bound


# --------------------------------------------------------------------------- chance


@pytest.mark.rules("BH-ENGINE-10")
def test_there_are_no_chance_nodes_everything_is_drawn_at_setup() -> None:
    state = bremerhaven.new_game(4, seed=77)
    again = bremerhaven.new_game(4, seed=77)
    assert state == again
    rng = random.Random(1)
    while not bremerhaven.is_over(state):
        assert bremerhaven.chance_outcomes(state) == ()
        moves = bremerhaven.legal_moves(state)
        move = rng.choice(moves)
        state = bremerhaven.apply_move(state, move)
        again = bremerhaven.apply_move(again, move)
        assert state == again
    assert bremerhaven.new_game(4, seed=78) != bremerhaven.new_game(4, seed=77)


@pytest.mark.rules("BH-ENGINE-11", "BH-BID-4")
def test_events_never_show_a_bids_value() -> None:
    state = bremerhaven.new_game(1, seed=2)
    log: list[Event] = []
    while not bremerhaven.is_over(state) and state.round == 1:
        moves = bremerhaven.legal_moves(state)
        state, events = bremerhaven.apply_move_with_events(state, moves[len(log) % len(moves)])
        log.extend(events)
    bids = [sentence(e) for e in log if isinstance(e, BidPlaced)]
    assert len(bids) == 10  # the player's five and the dummy's five
    # The space in words (and the card on it), never the value (BH-NARR-2).
    spaces = {describe_space(s) for s in Space} | {s.label for s in Space}
    for text in bids:
        head, _, card = text.removeprefix("bids on ").partition(" (")
        assert head in spaces, text
        assert not any(ch.isdigit() for ch in card), text  # a card's name, no value


@pytest.mark.rules("BH-ENGINE-12")
def test_the_dummy_sits_at_index_1_and_in_the_ranks() -> None:
    state = bremerhaven.new_game(1, seed=3)
    assert state.dummy == 1 and state.seats == 1
    assert 1 in state.ranks and len(state.players) == 2
    assert bremerhaven.new_game(2, seed=3).dummy is None


@pytest.mark.rules("BH-ENGINE-13")
def test_the_solo_seat_wins_above_1250() -> None:
    base = attrs.evolve(bremerhaven.new_game(1, seed=1), stack=())
    for money, winners in ((1251, (0,)), (1250, ())):
        state = with_harbour(base, 0, money=money, prestige=1)
        assert bremerhaven.outcome(state).winners == winners
        assert bremerhaven.outcome(state).points == (money,)


@pytest.mark.rules("BH-ENGINE-13", "BH-END-4")
def test_returns_give_the_winner_1_and_split_minus_1() -> None:
    state = game(3)
    for seat, money in enumerate((10, 30, 20)):
        state = with_harbour(state, seat, money=money, prestige=1)
    state = attrs.evolve(state, stack=())
    assert bremerhaven.returns(state) == (-0.5, 1.0, -0.5)
    assert bremerhaven.returns(game(3)) == (0.0, 0.0, 0.0)  # while the game goes on


@pytest.mark.rules("BH-ENGINE-13", "BH-SOLO-18")
def test_the_solo_seat_wins_above_1250_and_returns_0() -> None:
    base = attrs.evolve(bremerhaven.new_game(1, seed=1), stack=())
    above = with_harbour(base, 0, money=1251, prestige=1)
    at = with_harbour(base, 0, money=1250, prestige=1)
    assert bremerhaven.outcome(above).winners == (0,)
    assert bremerhaven.outcome(at).winners == ()
    assert bremerhaven.rating(1251) == "Captain" and bremerhaven.rating(1250) != "Captain"
    # The shared protocol's returns add up to 0: one seat returns 0 either way.
    assert bremerhaven.returns(above) == bremerhaven.returns(at) == (0.0,)


def _earned(events: tuple[Event, ...], seat: int) -> int:
    """What the events say ``seat`` earned and put on the Bank."""
    return sum(
        e.money for e in events if isinstance(e, MoneyEarned | MoneyBanked) and e.seat == seat
    )


def _paid(events: tuple[Event, ...], seat: int) -> int:
    """What the events say ``seat`` paid: prices, and what it could pay of charges."""
    return sum(e.money for e in events if isinstance(e, MoneyPaid) and e.seat == seat) + sum(
        e.paid for e in events if isinstance(e, MoneyCharged) and e.seat == seat
    )


@pytest.mark.rules("BH-ENGINE-14", "BH-MONEY-1")
def test_every_money_movement_is_an_event() -> None:
    """A seat's money (and Bank) after a move is its money before, plus what the events say
    it earned (and put on the Bank), minus what they say it paid."""
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 1)):
        rng = random.Random(seed)
        state = bremerhaven.new_game(players, seed=seed)
        while not bremerhaven.is_over(state):
            after, events = bremerhaven.apply_move_with_events(
                state, rng.choice(bremerhaven.legal_moves(state))
            )
            for seat in range(len(state.players)):
                before, now = state.players[seat], after.players[seat]
                change = now.money + now.bank - before.money - before.bank
                assert change == _earned(events, seat) - _paid(events, seat)
            state = after


@pytest.mark.rules("BH-ENGINE-14")
def test_a_move_reports_what_happened_naming_rules() -> None:
    ids = set(SPECIFICATION.rule_ids())
    state = bremerhaven.new_game(2, seed=4)
    rng = random.Random(4)
    last: tuple[Event, ...] = ()
    while not bremerhaven.is_over(state):
        state, last = bremerhaven.apply_move_with_events(
            state, rng.choice(bremerhaven.legal_moves(state))
        )
        for event in last:
            assert event.rule_id in ids
            seat = event_seat(event)
            assert sentence(event) and (seat is None or 0 <= seat < 2)
    assert isinstance(last[-1], GameEnded)
    assert last[-1].scores == bremerhaven.scores(state)


# --------------------------------------------------------------------------- bad input


@pytest.mark.rules("BH-INPUT-1")
@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 0},
        {"players": 5},
        {"players": True},
        {"players": "2"},
        {"players": 2, "seed": -1},
        {"players": 2, "seed": 2**64},
        {"players": 2, "seed": 1.5},
        {"players": 2, "options": {"game": "short"}},
        {"players": 2, "cards": "original"},
    ],
)
def test_new_game_refuses_bad_arguments(kwargs: dict[str, object]) -> None:
    with pytest.raises(bremerhaven.InvalidValueError):
        bremerhaven.new_game(**kwargs)  # type: ignore[arg-type]


@pytest.mark.rules("BH-INPUT-1")
def test_rules_options_take_only_their_listed_values() -> None:
    with pytest.raises(bremerhaven.InvalidValueError, match="'limited', 'unlimited'"):
        bremerhaven.RulesOptions(goods_supply="none")
    with pytest.raises(bremerhaven.InvalidValueError):
        bremerhaven.RulesOptions(cleared_dock_same_round=1)  # type: ignore[arg-type]
    assert bremerhaven.RulesOptions(tied_top="excluded").tied_top.value == "excluded"


@pytest.mark.rules("BH-INPUT-1")
def test_new_game_takes_good_arguments() -> None:
    state = bremerhaven.new_game(2, seed=0, options=bremerhaven.RulesOptions(), cards=card_set())
    assert state.seats == 2
    assert bremerhaven.new_game(3, seed=2**64 - 1).seats == 3


@pytest.mark.rules("BH-INPUT-2", "BH-ENGINE-1")
def test_a_move_that_answers_another_decision_is_refused_and_changes_nothing() -> None:
    state = game(2)
    assert refused(state, BuyPermit()) == WRONG_DECISION
    assert refused(state, Deliver(0, BARREL)) == WRONG_DECISION
    berth = after_bidding(game(2), [(0, Space.sea(1), 2)], ranks=(0, 1))
    assert isinstance(berth.stack[-1], PendingBerth)
    before = berth
    assert refused(berth, Bid(Space.PERMIT, 1)) == WRONG_DECISION
    assert refused(berth, PlaceContract(1)) == WRONG_DECISION
    assert refused(berth, PayDifference(True)) == WRONG_DECISION
    assert berth == before


@pytest.mark.rules("BH-INPUT-2")
def test_a_move_that_answers_another_decision_names_the_one_question_rule() -> None:
    assert refused(game(2), BuyPermit()) == "BH-ENGINE-1"
    over = attrs.evolve(game(2), stack=())
    assert refused(over, Bid(Space.PARKING, 1)) == "BH-END-1"


@pytest.mark.rules("BH-INPUT-3")
def test_a_forbidden_move_raises_naming_its_rule() -> None:
    state = game(2)
    move = Bid(Space.PARKING, 9)
    refusal = bremerhaven.explain(state, move)
    assert refusal is not None and refusal.rule_id == "BH-BID-2" and refusal.reason
    with pytest.raises(bremerhaven.IllegalMoveError) as err:
        bremerhaven.apply_move(state, move)
    assert err.value.rule_id == "BH-BID-2"
    assert isinstance(err.value, ValueError)
    with pytest.raises(bremerhaven.IllegalMoveError):
        bremerhaven.verify_move(state, move)
    assert not bremerhaven.can_apply(state, move)
    assert bremerhaven.can_apply(state, Bid(Space.PARKING, 1))
    assert bremerhaven.explain(state, Bid(Space.PARKING, 1)) is None


@pytest.mark.rules("BH-INPUT-4")
@pytest.mark.parametrize(
    "make",
    [
        lambda: Bid(Space.PERMIT, 0),
        lambda: Bid(Space.PERMIT, 10),
        lambda: Bid(99, 1),
        lambda: Bid(Space.PERMIT, True),
        lambda: Berth(3, BARREL),
        lambda: Bid(Space.PERMIT, 3.0),  # type: ignore[arg-type]
        lambda: Unload(1.0),  # type: ignore[arg-type]
        lambda: SwapRanks(True),
        lambda: PlaceBollard(4),
        lambda: PayDifference(1),  # type: ignore[arg-type]
        lambda: SwapRanks(3),
        lambda: Deliver(4, BARREL),
        lambda: ChoosePrice(-1),
    ],
)
def test_a_malformed_move_cannot_be_made(make: object) -> None:
    with pytest.raises(bremerhaven.InvalidMoveError):
        make()  # type: ignore[operator]


@pytest.mark.rules("BH-INPUT-4")
def test_a_malformed_value_is_refused_by_explain_and_apply() -> None:
    state = game(2)
    forged = object.__new__(Bid)
    object.__setattr__(forged, "space", Space.PARKING)
    object.__setattr__(forged, "value", 12)
    for bad in (forged, "Bid(PARKING, 1)", None, (Space.PARKING, 1)):
        with pytest.raises(bremerhaven.InvalidMoveError):
            bremerhaven.explain(state, bad)  # type: ignore[arg-type]
        with pytest.raises(bremerhaven.InvalidMoveError):
            bremerhaven.apply_move(state, bad)  # type: ignore[arg-type]
        assert not bremerhaven.can_apply(state, bad)  # type: ignore[arg-type]
