"""The turn (moving the pawn, doing the action, passing on) and tolls."""

from __future__ import annotations

import attrs
import pytest

import harbour
from harbour.cards.original import ORIGINAL_SET
from harbour.goods import Good, Goods
from harbour.state import (
    BoardSite,
    CardSite,
    GameState,
    PendingEffect,
    PendingMove,
    PendingPurchase,
    PendingToll,
    PendingTollAfter,
)
from tests.support.harbour import card, play, position, with_options

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE


def go(key: str) -> harbour.MovePawn:
    """Move the pawn to the original building with this key."""
    return harbour.MovePawn(CardSite(card(key)))


def pawn_targets(state: GameState) -> set[harbour.Site]:
    return {m.site for m in harbour.legal_moves(state) if isinstance(m, harbour.MovePawn)}


def refused(state: GameState, move: harbour.Move) -> str:
    """The rule ID an illegal move is refused with."""
    with pytest.raises(harbour.IllegalMoveError) as err:
        harbour.apply_move(state, move)
    return err.value.rule_id


# --------------------------------------------------------------------------- TURN


@pytest.mark.rules("TURN-3")
def test_eligible_buildings_are_boards_display_and_bought_buildings_not_the_deck() -> None:
    state = position(
        goods=[Goods(1, 1, 1, 1), Goods(1, 1, 1, 1)],
        display=["chandlery", "gossip-tavern"],
        owned=[["net-loft"], ["smokehouse"]],
    )
    assert pawn_targets(state) == {
        BoardSite(0),  # own starting building
        BoardSite(1),  # another player's starting building
        CardSite(card("chandlery")),  # display
        CardSite(card("gossip-tavern")),
        CardSite(card("net-loft")),  # bought by the player
        CardSite(card("smokehouse")),  # bought by another player
    }
    assert card("admiralty") in state.deck
    assert refused(state, go("admiralty")) == "TURN-3"


@pytest.mark.rules("TURN-1")
def test_pawns_start_off_the_board_and_occupied_buildings_are_not_vacant() -> None:
    state = harbour.new_game(2, seed=3)
    assert [p.pawn for p in state.players] == [None, None]
    state = position(
        goods=[Goods(1, 1, 1, 1), Goods(1, 1, 1, 1)],
        display=["net-loft", "smokehouse"],
        pawns=[None, BoardSite(0)],
    )
    # Player 2 stands on Player 1's own starting building: Player 1 may not go there.
    targets = pawn_targets(state)
    assert BoardSite(0) not in targets
    assert targets == {BoardSite(1), CardSite(card("net-loft")), CardSite(card("smokehouse"))}
    assert refused(state, harbour.MovePawn(BoardSite(0))) == "TURN-1"
    # Player 1 takes the Net Loft; Player 2 may not follow there.
    state = harbour.apply_move(state, go("net-loft"))
    assert CardSite(card("net-loft")) not in pawn_targets(state)
    assert refused(state, go("net-loft")) == "TURN-1"
    # A building becomes vacant again when the pawn on it leaves.
    state = harbour.apply_move(state, go("smokehouse"))
    assert state.current == 0
    assert BoardSite(0) in pawn_targets(state)


@pytest.mark.rules("TURN-2")
def test_a_pawn_may_not_stay_where_it_is() -> None:
    state = position(
        goods=[Goods(1, 1, 1, 1), Goods(1, 1, 1, 1)],
        display=["chandlery", "gossip-tavern"],
        pawns=[CardSite(card("gossip-tavern")), None],
    )
    assert CardSite(card("gossip-tavern")) not in pawn_targets(state)
    assert refused(state, go("gossip-tavern")) == "TURN-2"
    # Its own starting building likewise, when it stands there.
    state = position(goods=[Goods(1, 1, 1, 1), Goods()], pawns=[BoardSite(0), None])
    assert refused(state, harbour.MovePawn(BoardSite(0))) == "TURN-2"


@pytest.mark.rules("TURN-4", "ACT-4", "ACT-7")
def test_an_action_is_done_to_the_best_of_ones_ability() -> None:
    # Harbourmaster's House: spend 1 wood for 2 stone, and gain 1 livestock. Without wood,
    # only the livestock is gained, in whichever order the parts are taken.
    for part in (0, 1):
        state = position(goods=[Goods(fish=2), Goods()], display=["harbourmasters-house"])
        state = play(state, go("harbourmasters-house"), harbour.ChoosePart(part))
        assert state.players[0].goods == Goods(fish=2, livestock=1)
        assert state.current == 1


@pytest.mark.rules("TURN-4", "INT-13", "ACT-4")
def test_moving_to_a_building_whose_action_cannot_be_done_is_allowed() -> None:
    # Kiln Works spends 2 wood; with 1 wood the action has no effect.
    state = position(goods=[Goods(fish=1, wood=1), Goods()], display=["kiln-works"])
    assert go("kiln-works") in harbour.legal_moves(state)
    after = harbour.apply_move(state, go("kiln-works"))
    assert after.players[0].goods == Goods(fish=1, wood=1)
    assert after.players[0].pawn == CardSite(card("kiln-works"))
    assert after.current == 1 and isinstance(after.pending, PendingMove)


@pytest.mark.rules("TURN-5")
def test_the_turn_ends_when_the_action_is_done_and_the_next_player_moves() -> None:
    state = position(goods=[Goods(), Goods(), Goods()], display=["net-loft", "smokehouse"])
    state = harbour.apply_move(state, go("net-loft"))
    assert state.players[0].goods == Goods(fish=2)
    assert state.current == 1 and state.turn == 2 and state.stack == (PendingMove(),)


@pytest.mark.rules("TURN-5", "TOLL-2")
def test_the_turn_does_not_end_before_a_deferred_toll_is_paid() -> None:
    state = position(goods=[Goods(stone=1), Goods()], owned=[[], ["smokehouse"]])
    state = play(state, go("smokehouse"), harbour.DeferToll())
    # The action is done (fish and livestock gained) but the toll is still owed.
    assert state.players[0].goods == Goods(fish=1, livestock=1, stone=1)
    assert state.current == 0 and state.pending == PendingTollAfter(1)
    state = harbour.apply_move(state, harbour.PayToll(S))
    assert state.current == 1 and isinstance(state.pending, PendingMove)


@pytest.mark.rules("TURN-6", "ACT-8", "ACT-2")
def test_every_decision_is_a_separate_move() -> None:
    state = position(goods=[Goods(), Goods()], display=["net-loft"])
    state = harbour.apply_move(state, harbour.MovePawn(BoardSite(0)))
    # The either-or of the starting building is a move ...
    assert harbour.legal_moves(state) == (harbour.ChooseOption(0), harbour.ChooseOption(1))
    state = harbour.apply_move(state, harbour.ChooseOption(0))
    # ... and so is the choice of goods: every mix of 2 of the 4 goods.
    moves = harbour.legal_moves(state)
    assert all(isinstance(m, harbour.TakeGoods) for m in moves)
    assert len(moves) == 10
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(fish=1, stone=1)))
    assert state.players[0].goods == Goods(fish=1, stone=1) and state.current == 1


@pytest.mark.rules("TURN-6", "ACT-1")
def test_steps_without_a_choice_are_automatic() -> None:
    # A fixed gain at a display building offers no choice: one move completes the turn.
    state = position(goods=[Goods(), Goods()], display=["smokehouse"])
    state = harbour.apply_move(state, go("smokehouse"))
    assert state.players[0].goods == Goods(fish=1, livestock=1)
    assert state.current == 1 and isinstance(state.pending, PendingMove)


@pytest.mark.rules("TURN-6")
@pytest.mark.parametrize(
    "move",
    [
        harbour.PayToll(F),
        harbour.DeferToll(),
        harbour.TakeGoods(Goods(fish=2)),
        harbour.ChooseOption(0),
        harbour.Ship(()),
        harbour.Purchase(()),
        harbour.ChooseStartingGoods(Goods(fish=3)),
        harbour.SwapSquares(0, 1),
    ],
)
def test_a_move_of_the_wrong_kind_is_refused(move: harbour.Move) -> None:
    state = position(goods=[Goods(fish=3), Goods()], display=["net-loft"])
    assert refused(state, move) == "TURN-6"


# --------------------------------------------------------------------------- TOLL


@pytest.mark.rules("TOLL-1", "TOLL-2", "BUY-8")
def test_using_another_players_building_costs_one_good_of_the_payers_choice() -> None:
    state = position(goods=[Goods(fish=1, stone=2), Goods(stone=1)], owned=[[], ["smokehouse"]])
    state = harbour.apply_move(state, go("smokehouse"))
    assert state.pending == PendingToll(1)
    assert set(harbour.legal_moves(state)) == {
        harbour.PayToll(F),
        harbour.PayToll(S),
        harbour.DeferToll(),
    }
    state = harbour.apply_move(state, harbour.PayToll(S))
    assert state.players[1].goods == Goods(stone=2)  # the owner gains the unit
    assert state.players[0].goods == Goods(fish=2, livestock=1, stone=1)  # toll, then action
    assert state.current == 1


@pytest.mark.rules("TOLL-1", "COMP-3")
def test_another_players_starting_building_is_tolled() -> None:
    state = position(goods=[Goods(wood=2), Goods()])
    state = play(state, harbour.MovePawn(BoardSite(1)), harbour.PayToll(W))
    assert state.players[1].goods == Goods(wood=1)
    assert isinstance(state.pending, PendingEffect)  # now the either-or action
    assert state.players[0].goods == Goods(wood=1)


@pytest.mark.rules("TOLL-1")
def test_own_and_display_buildings_cost_no_toll() -> None:
    for target in (go("net-loft"), go("smokehouse"), harbour.MovePawn(BoardSite(0))):
        state = position(
            goods=[Goods(stone=1), Goods(stone=1)],
            display=["smokehouse"],
            owned=[["net-loft"], []],
        )
        state = harbour.apply_move(state, target)
        assert not isinstance(state.pending, PendingToll)
        assert state.players[1].goods == Goods(stone=1)
        assert state.players[0].goods.stone == 1


@pytest.mark.rules("TOLL-1", "GOODS-2", "INT-17")
def test_the_owners_toll_gain_is_capped_at_6() -> None:
    state = position(goods=[Goods(fish=2), Goods(fish=6)], owned=[[], ["smokehouse"]])
    state = harbour.apply_move(state, go("smokehouse"))
    assert harbour.PayToll(F) in harbour.legal_moves(state)
    state = harbour.apply_move(state, harbour.PayToll(F))
    assert state.players[1].goods == Goods(fish=6)
    assert state.players[0].goods == Goods(fish=2, livestock=1)  # 2 - 1 + 1


@pytest.mark.rules("TOLL-2")
def test_the_toll_may_be_paid_after_the_action() -> None:
    state = position(
        goods=[Goods(wood=1), Goods()], owned=[[], ["chandlery"]]
    )  # Chandlery: 2 goods of choice
    state = play(state, go("chandlery"), harbour.DeferToll())
    assert isinstance(state.pending, PendingEffect)  # the action comes first
    state = harbour.apply_move(state, harbour.TakeGoods(Goods(stone=2)))
    assert state.pending == PendingTollAfter(1)
    # After the action only paying is possible, with any good held.
    assert set(harbour.legal_moves(state)) == {harbour.PayToll(W), harbour.PayToll(S)}
    state = harbour.apply_move(state, harbour.PayToll(W))
    assert state.players[0].goods == Goods(stone=2)
    assert state.players[1].goods == Goods(wood=1)


@pytest.mark.rules("TOLL-3", "TOLL-5")
def test_a_deferred_toll_can_be_paid_with_goods_the_action_gave() -> None:
    # Holding nothing, Player 1 may still use Player 2's Net Loft (gain 2 fish): the toll
    # cannot be paid now, only after the action, with a fish it gives.
    state = position(goods=[Goods(), Goods()], owned=[[], ["net-loft"]])
    assert go("net-loft") in harbour.legal_moves(state)
    state = harbour.apply_move(state, go("net-loft"))
    assert harbour.legal_moves(state) == (harbour.DeferToll(),)
    state = harbour.apply_move(state, harbour.DeferToll())
    assert harbour.legal_moves(state) == (harbour.PayToll(F),)
    state = harbour.apply_move(state, harbour.PayToll(F))
    assert state.players[0].goods == Goods(fish=1)
    assert state.players[1].goods == Goods(fish=1)


@pytest.mark.rules("TOLL-4", "SYM-4")
def test_a_top_hat_waives_every_toll() -> None:
    # Stonecutters' Yard shows a top hat.
    for target in (go("smokehouse"), harbour.MovePawn(BoardSite(1))):
        state = position(
            goods=[Goods(stone=1), Goods()],
            owned=[["stonecutters-yard"], ["smokehouse"]],
        )
        state = harbour.apply_move(state, target)
        assert not isinstance(state.pending, PendingToll)
        assert not any(isinstance(m, harbour.PayToll) for m in harbour.legal_moves(state))
        assert state.players[1].goods == Goods()


@pytest.mark.rules("TOLL-4", "SYM-4")
def test_without_a_top_hat_the_same_move_is_tolled() -> None:
    state = position(goods=[Goods(stone=1), Goods()], owned=[["timber-wharf"], ["smokehouse"]])
    state = harbour.apply_move(state, go("smokehouse"))
    assert state.pending == PendingToll(1)


@pytest.mark.rules("TOLL-5", "INT-5")
def test_a_building_whose_toll_can_never_be_paid_is_closed() -> None:
    # Holding nothing: Counting House (buy) and Kiln Works (spend wood) give nothing to pay
    # with, so Player 1 may not use them; Player 2's starting building can give goods.
    state = position(
        goods=[Goods(), Goods(fish=1)],
        display=["net-loft"],
        owned=[[], ["counting-house", "kiln-works"]],
    )
    targets = pawn_targets(state)
    assert CardSite(card("counting-house")) not in targets
    assert CardSite(card("kiln-works")) not in targets
    assert BoardSite(1) in targets and CardSite(card("net-loft")) in targets
    assert refused(state, go("counting-house")) == "TOLL-5"
    assert refused(state, go("kiln-works")) == "TOLL-5"


def _shipping_all_but_the_toll() -> GameState:
    # Fish is on the $2 square; Quarry Steps' coin makes the Net Loft cost $2. Player 1 holds
    # only 3 fish and uses Player 2's Counting House (buy a building).
    return position(
        goods=[Goods(fish=3), Goods()],
        market=(F, L, W, S),
        display=["net-loft", "admiralty"],
        owned=[["quarry-steps"], ["counting-house"]],
    )


@pytest.mark.rules("TOLL-5", "TOLL-2", "BUY-1")
def test_a_deferred_toll_must_stay_payable() -> None:
    state = harbour.apply_move(_shipping_all_but_the_toll(), go("counting-house"))
    assert set(harbour.legal_moves(state)) == {harbour.PayToll(F), harbour.DeferToll()}
    # Paying first leaves 2 fish: shipping them buys the Net Loft.
    paid = harbour.apply_move(state, harbour.PayToll(F))
    assert harbour.Ship((F,)) in harbour.legal_moves(paid)
    paid = play(paid, harbour.Ship((F,)), harbour.Purchase((card("net-loft"),)))
    assert paid.players[0].goods == Goods() and paid.players[1].goods == Goods(fish=1)
    # Deferring, shipping all fish would leave nothing for the toll: refused.
    deferred = harbour.apply_move(state, harbour.DeferToll())
    assert harbour.legal_moves(deferred) == (harbour.Ship(()),)
    assert refused(deferred, harbour.Ship((F,))) == "TOLL-5"
    done = harbour.apply_move(deferred, harbour.Ship(()))
    assert done.pending == PendingTollAfter(1)


@pytest.mark.rules("TOLL-5", "INT-5")
def test_forgiven_reading_lets_the_toll_lapse_when_nothing_is_held() -> None:
    state = with_options(
        _shipping_all_but_the_toll(), unpayable_toll=harbour.UnpayableToll.FORGIVEN
    )
    state = play(state, go("counting-house"), harbour.DeferToll())
    assert harbour.Ship((F,)) in harbour.legal_moves(state)
    state = play(state, harbour.Ship((F,)))
    assert isinstance(state.pending, PendingPurchase)
    state = harbour.apply_move(state, harbour.Purchase((card("net-loft"),)))
    assert state.players[0].goods == Goods() and state.players[1].goods == Goods()
    assert state.current == 1 and isinstance(state.pending, PendingMove)


@pytest.mark.rules("TURN-5", "ABIL-11", "INT-8", "INT-36")
def test_the_flags_of_a_turn_start_afresh_with_the_next_turn() -> None:
    from harbour.cards.abilities import OncePerTurnConversion
    from tests.support.harbour import character

    alchemist = character("alch", OncePerTurnConversion(0, 2, 1))
    cards = attrs.evolve(
        ORIGINAL_SET, characters=(alchemist, character("plain", None), *ORIGINAL_SET.characters)
    )
    state = position(
        goods=[Goods(fish=2, stone=5), Goods(fish=1)],
        display=["net-loft", "smokehouse"],
        deck=[],
        cards=cards,
        boards=["alch", "plain"],
        options=harbour.RulesOptions(characters=True),
    )
    state = play(
        state,
        harbour.UseAbility(Goods(), F, L),
        harbour.MovePawn(BoardSite(0)),
        harbour.ChooseOption(1),
        harbour.Ship((S,)),
    )
    assert state.ability_used
    state = harbour.apply_move(state, harbour.Purchase((card("net-loft"),)))
    # The turn ended: the next one starts with every flag cleared.
    assert state.current == 1 and state.turn == 2
    assert state.ability_used is False and state.deck_ran_out is False
    assert state.bought_this_turn == 0
    assert len(state.display) == 1  # the deck had run out (INT-8)
