"""The General action phase in one pass: the same game as one step per space.

The engine carries out the steps without a choice that come up together in one pass, walks
the Sea and Land boards left to right in one step, and counts the round's bids once
(BH-ENGINE-7, BH-FLOW-4). These tests play the same games with a reference engine that
carries out one step per engine round-trip and resolves one board space per step, the
reading before the one pass, and find every decision, legal move, event and state alike.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import bremerhaven
from bremerhaven import GameState, Move
from bremerhaven.cards.model import Good, Space
from bremerhaven.errors import IllegalMoveError, InvalidValueError
from bremerhaven.events import Event, GameEnded
from bremerhaven.moves import well_formed
from bremerhaven.rules.bidding import BIDDING, bidders, leader, shared_totals, totals, winner
from bremerhaven.rules.boards import contract_to, ship_to
from bremerhaven.rules.flow import carry_out
from bremerhaven.rules.step import Refusal
from bremerhaven.rules.table import STEPS, deciding_seat
from bremerhaven.rules.work import Work
from bremerhaven.scoring import scores
from bremerhaven.state import Berthed, PendingBid, PendingStep, Placed
from meeplekit.engine import Engine, Hooks
from meeplekit.rng import SplitMix64


class _OneAtATime:
    """A step without a choice carried out alone, a board's spaces one step each.

    Never on top when moves are listed: only its automatic part is asked for. A plain class
    with the engine's step protocol (:class:`meeplekit.engine.Step`), not a subclass of the
    rules' compiled :class:`~bremerhaven.rules.step.Step`.
    """

    answers: tuple[type, ...] = ()
    owns = frozenset({"BH-ENGINE-7"})
    may_be_automatic = True
    may_have_one_answer = False

    def automatic(self, work: Work, pending: PendingStep) -> bool:
        work.stack.pop()
        if pending.phase not in ("sea", "land"):
            carry_out(work, pending)
            return True
        # One space: the spaces after it wait as the next step, below its decision.
        slot = pending.index
        sea = pending.phase == "sea"
        if slot + 1 < len(work.sea if sea else work.land):
            work.stack.append(PendingStep(pending.phase, slot + 1))
        decision = ship_to(work, slot) if sea else contract_to(work, slot)
        if decision is not None:
            work.stack.append(decision)
        return True


def _reference() -> Engine[GameState, Work, Move, Event]:
    """The engine with one step per engine round-trip and one board space per step."""
    steps: dict[type, Any] = {**STEPS, PendingStep: _OneAtATime()}

    def not_an_answer(state: GameState, top: Any, step: Any, move: Any) -> Refusal:
        return Refusal("BH-ENGINE-1", "not an answer")

    return Engine(
        Hooks(
            state_type=GameState,
            invalid_value=InvalidValueError,
            illegal_move=IllegalMoveError,
            well_formed=lambda state, move: well_formed(move),
            steps=steps,
            work=Work,
            game_over=Refusal("BH-END-1", "The game is over."),
            not_an_answer=not_an_answer,
            decider=lambda state, top: deciding_seat(top),
            last_mover=lambda state: 0,
            game_ended=lambda state: GameEnded(scores(state)),
            single_answers=frozenset(s for s in steps.values() if s.may_have_one_answer),
        )
    )


REFERENCE = _reference()

GAMES = [
    (1, "short", 3),
    (2, "long", 11),
    (2, "short", 5),
    (3, "long", 2014),
    (3, "short", 8),
    (4, "long", 7),
    (4, "short", 21),
]


@pytest.mark.rules("BH-ENGINE-7", "BH-FLOW-4", "BH-SEA-2", "BH-LAND-2")
@pytest.mark.parametrize(("players", "game", "seed"), GAMES)
def test_one_pass_plays_as_one_step_per_space(players: int, game: str, seed: int) -> None:
    """BH-ENGINE-7, BH-FLOW-4, BH-SEA-2, BH-LAND-2: the same decisions, events and states."""
    options = bremerhaven.RulesOptions(game=game)
    state = bremerhaven.new_game(players, seed=seed, options=options)
    rng = SplitMix64(seed)
    while not bremerhaven.is_over(state):
        moves = bremerhaven.legal_moves(state)
        assert REFERENCE.legal_moves(state) == moves
        move = rng.choice(moves)
        after, events = bremerhaven.apply_move_with_events(state, move)
        expected, expected_events = REFERENCE.apply_move_with_events(state, move)
        assert after == expected
        assert events == expected_events
        state = after


def _general_phase_states() -> list[GameState]:
    """The first decision after the bids of each round of a few random games."""
    found: list[GameState] = []
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state = bremerhaven.new_game(players, seed=seed)
        rng = SplitMix64(seed)
        while not bremerhaven.is_over(state):
            bidding = type(state.stack[-1]) is PendingBid
            state = bremerhaven.apply_move_unchecked(
                state, rng.choice(bremerhaven.legal_moves(state))
            )
            if bidding and state.stack and type(state.stack[-1]) is not PendingBid:
                found.append(state)
    return found


@pytest.mark.rules("BH-BID-5", "BH-BID-6", "BH-BID-8")
def test_winner_is_the_first_bidder() -> None:
    """BH-BID-5, BH-BID-6, BH-BID-8: the winner, counted once, heads the bidders' order."""
    states = _general_phase_states()
    assert len(states) > 20
    for state in states:
        for space in Space:
            order = bidders(state, space)
            assert winner(state, space) == (order[0] if order else None)
            assert shared_totals(state, space) == totals(state, space)
            assert leader(totals(state, space), state.ranks) == winner(state, space)


@pytest.mark.rules("BH-BID-6")
def test_ties_go_to_the_higher_rank() -> None:
    """BH-BID-6: equal totals go to the higher rank, whatever the seats' numbers."""
    assert leader({0: 4, 1: 4, 2: 3}, (1, 2, 0)) == 1
    assert leader({0: 4, 1: 4, 2: 3}, (2, 0, 1)) == 0
    assert leader({0: 2, 1: 4, 2: 4}, (0, 1, 2)) == 1
    assert leader({}, (0, 1, 2)) is None


@pytest.mark.rules("BH-BID-2")
def test_bid_lists_are_the_bids_refusal_lets_through() -> None:
    """BH-BID-2: the kept lists are the candidates refusal() lets through, board by board."""
    checked = 0
    for players, seed in ((2, 4), (3, 5), (4, 6)):
        state = bremerhaven.new_game(players, seed=seed)
        rng = SplitMix64(seed)
        while not bremerhaven.is_over(state):
            top = state.stack[-1]
            if isinstance(top, PendingBid):
                # The same hand on boards with spaces emptied: each board its own list.
                for sea, land in ((state.sea, state.land), ((None,) * 4, state.land)):
                    seen = attrs.evolve(state, sea=sea, land=land)
                    expected = tuple(
                        m
                        for m in BIDDING.candidates(seen, top)
                        if BIDDING.refusal(seen, top, m) is None
                    )
                    assert BIDDING.moves(seen, top) == expected
                    checked += 1
            state = bremerhaven.apply_move_unchecked(
                state, rng.choice(bremerhaven.legal_moves(state))
            )
    assert checked > 100


def test_spelled_out_changes_are_change() -> None:
    """The work's setters replace the one field :meth:`Work.change` would, and no other."""
    state = bremerhaven.new_game(3, seed=9)
    ship = state.sea[0] or state.ship_deck[0]
    contract = state.land[0] or state.contract_deck[0]
    docks = (None, Berthed(ship, Good.CRATE, 2, 3), None)
    loading = (Placed(contract, (0, 1, 0, 0), 2), None, None, None)
    storage = (1, 2, 3, 0)
    cases: list[tuple[str, dict[str, Any]]] = [
        ("set_hand", {"hand": (1, 4)}),
        ("set_hand", {"hand": (2, 3), "opened": frozenset({1})}),
        ("set_money", {"money": 17}),
        ("set_storage", {"storage": storage}),
        ("set_docks", {"docks": docks, "storage": storage}),
        ("set_loading", {"loading": loading, "storage": storage}),
    ]
    for name, changes in cases:
        spelled, plain = Work(state, None), Work(state, None)
        getattr(spelled, name)(1, *changes.values())
        plain.change(1, **changes)
        assert spelled.players == plain.players
        assert spelled.players[1] == attrs.evolve(state.players[1], **changes)


def test_a_move_copies_neither_rows_nor_decks() -> None:
    """A bid shares the boards' rows and decks with the state before it.

    (The supply too, as the same value; the compiled build keeps its four counts unboxed.)
    """
    state = bremerhaven.new_game(3, seed=10)
    after = bremerhaven.apply_move_unchecked(state, bremerhaven.legal_moves(state)[0])
    for name in ("sea", "land", "ship_deck", "contract_deck", "prices", "newspapers"):
        assert getattr(after, name) is getattr(state, name)
    assert after.goods == state.goods
    assert isinstance(after, GameState)


@pytest.mark.rules("BH-ENGINE-1", "BH-PERMIT-4", "BH-PERMIT-5", "BH-PERMIT-6", "BH-SEA-5")
def test_every_steps_moves_are_its_candidates_refusal_lets_through_in_order() -> None:
    """The steps' own listings (bids, permits, berths, contracts, ranks) keep the order."""
    for players, seed in ((1, 1), (2, 2), (3, 3), (4, 4)):
        state = bremerhaven.new_game(players, seed=seed)
        rng = SplitMix64(seed)
        while not bremerhaven.is_over(state):
            top = state.stack[-1]
            step = STEPS[type(top)]
            expected = tuple(
                m for m in step.candidates(state, top) if step.refusal(state, top, m) is None
            )
            assert step.moves(state, top) == expected
            state = bremerhaven.apply_move_unchecked(
                state, rng.choice(bremerhaven.legal_moves(state))
            )
