"""A testing kit for code built on the engine: Hypothesis strategies and a state machine.

It needs `Hypothesis <https://hypothesis.readthedocs.io>`_; ``import bremerhaven`` alone
never imports it.

- :func:`rules_options`, :func:`states` and :func:`moves` draw rule readings (the long and
  the short game among them), positions reached by play for 1 to 4 players (1 is the solo
  game), and legal moves;
- :func:`check_invariants` fails a test on any invariant
  :func:`bremerhaven.validation.validate` finds broken; :func:`movement_bound` is the
  bound of BH-ENGINE-9 on the moves of a movement phase;
- :class:`StateMachine` (the same name in every game; :class:`BremerhavenMachine` is its
  earlier name) plays whole games and checks Bremerhaven's invariants after every move,
  and a frontend's hooks.

Every strategy shrinks towards the simplest example: two players, the documented readings
(the long game), seed 0 and the shortest game. The game-independent parts (drawing every
reading, playing drawn decisions, the machine itself) are the shared layer's
(:mod:`meeplekit.testing`), as for :mod:`machikoro.testing`.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

import bremerhaven
from bremerhaven.cards.model import Good
from bremerhaven.engine import apply_move_unchecked, is_over, legal_moves
from bremerhaven.events import GameEnded, PrestigeLost, event_seat
from bremerhaven.facts import GAME
from bremerhaven.moves import Move
from bremerhaven.options import GoodsSupply, RulesOptions
from bremerhaven.rules.harbours import berth_size, capacity, used_spaces
from bremerhaven.setup import new_game
from bremerhaven.specification import SPECIFICATION
from bremerhaven.state import GameState, PendingBid, PendingMovement
from bremerhaven.validation import validate
from meeplekit import testing as shared
from meeplekit.testing import GameMachine, as_strategy, check_players

__all__ = [
    "PLAYER_COUNTS",
    "BremerhavenMachine",
    "StateMachine",
    "check_invariants",
    "movement_bound",
    "moves",
    "rules_options",
    "states",
]

#: Player counts in the order they shrink to: 1 is the solo game.
PLAYER_COUNTS = (2, 3, 4, 1)
#: Every rule ID of the specification.
_RULE_IDS = frozenset(SPECIFICATION.rule_ids())


def _check_players(players: int | None) -> None:
    check_players(players, sorted(PLAYER_COUNTS))


# --------------------------------------------------------------------------- readings


def rules_options() -> st.SearchStrategy[RulesOptions]:
    """The long or short game and every reading, each field drawn from all its values.

    Every combination is one :func:`bremerhaven.new_game` accepts at every table (the solo
    game is always short, whatever ``game`` says). Each field shrinks to its default.
    """
    return _rules_options()


@functools.cache
def _rules_options() -> st.SearchStrategy[RulesOptions]:
    """Made once: the strategies below draw from it in every example."""
    return shared.readings(RulesOptions)


# --------------------------------------------------------------------------- games


@st.composite
def _states(
    draw: st.DrawFn,
    players: int | None,
    options: RulesOptions | st.SearchStrategy[RulesOptions] | None,
    max_decisions: int,
) -> GameState:
    table = players if players is not None else draw(st.sampled_from(PLAYER_COUNTS))
    readings = draw(rules_options() if options is None else as_strategy(options), label="options")
    seed = draw(st.integers(0, 2**64 - 1), label="seed")
    state = new_game(table, seed=seed, options=readings)
    return shared.play_drawn(
        draw,
        state,
        max_decisions,
        legal_moves=legal_moves,
        apply_move=apply_move_unchecked,
        is_over=is_over,
    )


def states(
    players: int | None = None,
    options: RulesOptions | st.SearchStrategy[RulesOptions] | None = None,
    max_decisions: int = 300,
) -> st.SearchStrategy[GameState]:
    """Positions reached by play: a new game, then up to ``max_decisions`` drawn legal moves.

    The game is :func:`bremerhaven.new_game` with a drawn seed for ``players`` players
    (``None``: 1 to 4) under ``options`` (a value or a strategy; ``None``:
    :func:`rules_options`). Each decision is drawn as an index into the legal moves, so
    failing examples shrink to short games and the first legal moves. A game may end before
    ``max_decisions``; ``max_decisions=0`` draws games at their first decision.
    """
    _check_players(players)
    if type(max_decisions) is not int or max_decisions < 0:
        raise InvalidArgument(f"max_decisions must be a whole number >= 0, got {max_decisions!r}")
    if options is not None and not isinstance(options, RulesOptions | st.SearchStrategy):
        raise InvalidArgument(f"options must be RulesOptions or a strategy, got {options!r}")
    return _states(players, options, max_decisions)


def moves(state: GameState) -> st.SearchStrategy[Move]:
    """One of the legal moves of ``state`` (shrinks to the first of ``legal_moves``).

    Raises :class:`~hypothesis.errors.InvalidArgument` for a finished game, which has none.
    """
    return shared.legal_move(legal_moves(state))


# --------------------------------------------------------------------------- checks


def check_invariants(state: GameState) -> None:
    """Raise ``AssertionError`` listing every invariant :func:`~bremerhaven.validation.validate` finds broken."""
    shared.assert_valid(validate(state))


def movement_bound(state: GameState) -> int:
    """The most moves the movement phase on top of ``state`` can take, EndMovement included.

    BH-ENGINE-9: with ``U`` the goods on the player's ships, ``D`` the goods its contracts
    still need and ``K`` the container-units it can ever hold (containers, on ships and in
    storage, and every pair of crates), each Unload or Delivery uses up one of ``U + D``,
    and between two of them the conversions run one way, each changing the containers by
    one within ``[0, K]``; so the phase ends within ``(U + D + 1) * (K + 1)`` moves.

    Raises ``ValueError`` unless a movement phase is on top of the stack.
    """
    top = state.stack[-1] if state.stack else None
    if not isinstance(top, PendingMovement):
        raise ValueError("no movement phase is on top of the stack")
    harbour = state.players[top.seat]
    on_ships = [0, 0, 0, 0]
    for ship in harbour.docks:
        if ship is not None:
            on_ships[ship.good] += ship.goods
    unloads = sum(on_ships)
    deliveries = sum(
        len(placed.card.goods) - sum(placed.delivered)
        for placed in harbour.loading
        if placed is not None
    )
    storage = harbour.storage
    containers = storage[Good.CONTAINER] + on_ships[Good.CONTAINER]
    crates = storage[Good.CRATE] + on_ships[Good.CRATE]
    units = containers + crates // 2
    return (unloads + deliveries + 1) * (units + 1)


def _restated(state: GameState) -> None:
    """Bremerhaven's invariants, stated again independently of ``validate``."""
    if state.options.goods_supply is GoodsSupply.LIMITED:
        for good in Good:
            total = state.goods[good]
            for h in state.players:
                total += h.storage[good]
                total += sum(s.goods for s in h.docks if s is not None and s.good is good)
                total += sum(p.delivered[good] for p in h.loading if p is not None)
            assert total == GAME.goods, f"{good.key}s: {total} in the game, not {GAME.goods}"
    else:
        assert state.goods == (GAME.goods,) * 4
    bidding = any(isinstance(p, PendingBid) for p in state.stack)
    for seat, h in enumerate(state.players):
        assert h.money >= 0 and h.bank >= 0, f"seat {seat} is in debt"
        assert h.prestige >= 0
        assert used_spaces(h.storage) <= capacity(h), f"seat {seat} stores too many goods"
        for dock, ship in enumerate(h.docks):
            if ship is not None:
                assert ship.card.berth <= berth_size(h, dock), f"seat {seat}'s dock {dock}"
        cards = len(h.hand) + sum(1 for b in state.bids if b.seat == seat)
        assert cards == len(GAME.hand) or (cards == len(GAME.hand) + 1 and not bidding)
        assert not (Counter(h.hand) - Counter(GAME.influence))


class StateMachine(GameMachine[GameState, Move]):
    """Plays whole games of drawn legal moves; a frontend's tests override the hooks.

    The machine starts a game drawn from :meth:`initial_states` (a new game of 1 to 4
    players under drawn options, made twice from its seed: the two must be equal), then
    plays drawn legal moves, one or several per step, checking :meth:`check_state` after
    every move and :meth:`on_move`'s checks of the move; a finished game is followed by a
    new one. It is the shared layer's :class:`meeplekit.testing.GameMachine` for
    Bremerhaven, so it also checks what every game promises (every listed move is legal,
    moves not listed are refused naming a rule, inputs never change, JSON round-trips, the
    same moves replay to the same end). Subclass it and collect its ``TestCase``; an
    ``on_move`` of your own calls ``super().on_move(...)``.
    """

    game: ClassVar[Any] = bremerhaven
    rule_ids = _RULE_IDS
    players = PLAYER_COUNTS

    def new_game(self, players: int, seed: int, options: RulesOptions | None = None) -> GameState:
        """A new game of ``players`` from ``seed`` under ``options`` (default: the documented)."""
        return new_game(players, seed=seed, options=options)

    def initial_states(self) -> st.SearchStrategy[GameState]:
        """New games of 1 to 4 players under drawn options, each made twice from its seed."""

        def twice(players: int, seed: int, options: RulesOptions) -> GameState:
            first = self.new_game(players, seed, options)
            assert self.new_game(players, seed, options) == first, "the same seed gave another game"
            return first

        return st.builds(
            twice,
            st.sampled_from(self.players),
            st.integers(0, 2**64 - 1),
            rules_options(),
        )

    def check_state(self, state: GameState) -> None:
        """Bremerhaven's invariants of every position.

        :func:`check_invariants`, and, stated again independently of ``validate``: each
        good's 40 pieces are all in the game under the limited supply (BH-INT-3); storage
        holds no more than the harbour's spaces (BH-MOVE-2); every ship fits its dock
        (BH-SEA-5); no money or Bank below 0 (BH-MONEY-2); prestige not below 0; hand and
        bids make 5 influence cards, 6 after growing (BH-RETURN-1).
        """
        check_invariants(state)
        _restated(state)

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        """Check the move's events; a subclass that overrides this calls ``super().on_move``.

        ``apply_move_with_events`` gives the same position; every event names a clause of
        the specification (BH-ENGINE-14); the last event is the end of the game exactly
        when the game is over; prestige falls only by contracts' prestige penalties, one a
        penalty (BH-PRESTIGE-3, BH-LAND-7), and rises only with an event saying why.
        """
        again, events = bremerhaven.apply_move_with_events(before, move)
        assert again == after
        assert all(e.rule_id in _RULE_IDS for e in events), events
        assert (bool(events) and isinstance(events[-1], GameEnded)) == is_over(after)
        for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            said = [e for e in events if event_seat(e) == seat]
            penalties = sum(1 for e in said if isinstance(e, PrestigeLost))
            if new.prestige < old.prestige:
                assert old.prestige - new.prestige <= penalties, (seat, said)
            if new.prestige > old.prestige:
                assert any(e.rule_id in ("BH-PRESTIGE-2", "BH-LAND-7") for e in said), said


#: :class:`StateMachine` by its earlier name (kept: the same class).
BremerhavenMachine = StateMachine
