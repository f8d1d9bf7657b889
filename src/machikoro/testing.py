"""A testing kit for code built on the engine: Hypothesis strategies and a state machine.

Install it with ``pip install 'machikoro-rules[testing]'`` (it needs `Hypothesis
<https://hypothesis.readthedocs.io>`_; ``import machikoro`` alone never imports it).

- :func:`rules_options`, :func:`states`, :func:`positions` and :func:`moves` draw rule
  readings, positions reached by play, arbitrary valid positions and legal moves (chance
  outcomes at a chance node);
- :func:`check_invariants` fails a test on any invariant :func:`machikoro.validate` finds
  broken;
- :class:`StateMachine` (the same name in every game; :class:`MachiKoroStateMachine` is
  its earlier name) plays whole games, chance included, and calls a frontend's hooks
  after every move.

Importing this module registers :func:`states` for :class:`~machikoro.state.GameState` and
:func:`rules_options` for :class:`~machikoro.options.RulesOptions`, so
``st.from_type(machikoro.GameState)`` draws positions reached by play.

Every strategy shrinks towards the simplest example: two players, the documented readings
(the Harbor expansion), seed 0 and the shortest game. The game-independent parts (drawing
every reading, playing drawn decisions, the machine itself) are the shared layer's
(:mod:`meeplekit.testing`), as for :mod:`harbour.testing`.
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar

import attrs

from machikoro.info import EXTRAS

EXTRAS.require("testing")  # before the imports below: one line naming the extra if it is missing

from hypothesis import strategies as st  # noqa: E402
from hypothesis.errors import InvalidArgument  # noqa: E402

import machikoro  # noqa: E402
from machikoro.cards.model import Establishment, Landmark  # noqa: E402
from machikoro.determinize import determinize  # noqa: E402
from machikoro.engine import apply_move_unchecked, is_over, legal_moves  # noqa: E402
from machikoro.events import (  # noqa: E402
    CoinsEarned,
    EstablishmentBuilt,
    GameEnded,
    LandmarkBuilt,
)
from machikoro.facts import GAME  # noqa: E402
from machikoro.moves import Move  # noqa: E402
from machikoro.observation import observe  # noqa: E402
from machikoro.options import RulesOptions  # noqa: E402
from machikoro.positions import position  # noqa: E402
from machikoro.rules.build import complete  # noqa: E402
from machikoro.rules.market import piles  # noqa: E402
from machikoro.rules.work import BUILD, DRAW, REROLL, ROLL  # noqa: E402
from machikoro.setup import new_game  # noqa: E402
from machikoro.specification import SPECIFICATION  # noqa: E402
from machikoro.state import GameState, Pending, PendingDraw  # noqa: E402
from machikoro.tables import Tables, tables_for  # noqa: E402
from machikoro.validation import validate  # noqa: E402
from meeplekit import testing as shared  # noqa: E402
from meeplekit.rng import SplitMix64  # noqa: E402
from meeplekit.testing import GameMachine, as_strategy, check_players  # noqa: E402

__all__ = [
    "MachiKoroStateMachine",
    "StateMachine",
    "check_invariants",
    "moves",
    "positions",
    "rules_options",
    "states",
]

#: Player counts in the order they shrink to: every table of either edition.
_PLAYER_COUNTS = tuple(GAME.player_counts(expansion=True))
#: Establishments a player bought, in :func:`positions`.
_MAX_BOUGHT = 12
#: Coins of a player and turn numbers of :func:`positions`.
_MAX_COINS = 60
_MAX_TURN = 60
#: The kinds of position :func:`positions` draws, in the order they shrink to.
_PHASES = ("roll", "build", "reroll", "draw", "over")


def _check_players(players: int | None) -> None:
    check_players(players, _PLAYER_COUNTS)


# --------------------------------------------------------------------------- rule readings


def _for_table(players: int, options: RulesOptions) -> RulesOptions:
    """The options with the expansion switched on when the base game refuses the table.

    The base game is played by 2 to 4 players (MK-PLAYERS-1), the expansion by 2 to 5
    (MKH-PLAYERS-1).
    """
    if players not in GAME.player_counts(expansion=options.expansion):
        return attrs.evolve(options, expansion=True)
    return options


def rules_options(
    players: int | None = None, *, include_refused: bool = False
) -> st.SearchStrategy[RulesOptions]:
    """The edition, the market and every reading: each field drawn independently from all its values.

    The options are those :func:`machikoro.new_game` accepts for ``players`` players (2 to
    5): with 5 players always the Harbor expansion, which the base game refuses. ``None``:
    for 2 to 4 players, the tables of both editions, so every combination. With
    ``include_refused`` they are any combination, including the base game for 5 players,
    to test the refusal. Each field shrinks to its default.
    """
    _check_players(players)
    return _rules_options(players if not include_refused else None)


@functools.cache
def _rules_options(players: int | None) -> st.SearchStrategy[RulesOptions]:
    """One strategy per table, made once: positions and states draw from it every example."""
    drawn = shared.readings(RulesOptions)
    if players is None:
        return drawn
    return drawn.map(lambda options: _for_table(players, options))


# --------------------------------------------------------------------------- games


@st.composite
def _states(
    draw: st.DrawFn,
    players: int | None,
    options: RulesOptions | st.SearchStrategy[RulesOptions] | None,
    max_decisions: int,
) -> GameState:
    if options is None:
        table = players if players is not None else draw(st.sampled_from(_PLAYER_COUNTS))
        readings = draw(rules_options(table), label="options")
    else:
        readings = draw(as_strategy(options), label="options")
        tables = _PLAYER_COUNTS if players is None else (players,)
        allowed = GAME.player_counts(expansion=readings.expansion)
        playable = [n for n in tables if n in allowed]
        if not playable:
            raise InvalidArgument(
                f"new_game refuses {readings!r} for {' or '.join(map(str, tables))} players"
            )
        table = draw(st.sampled_from(playable), label="players")
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
    max_decisions: int = 200,
) -> st.SearchStrategy[GameState]:
    """Positions reached by play: a new game, then up to ``max_decisions`` decisions.

    The game is :func:`machikoro.new_game` with a drawn seed for ``players`` players
    (``None``: 2 to 5) and ``options`` (a value or a strategy; ``None``:
    :func:`rules_options` for the table). With explicit ``options`` the table is drawn
    among those the edition allows; options no allowed table accepts (the base game for 5
    players) raise :class:`~hypothesis.errors.InvalidArgument`. Each decision is drawn as an
    index ``i`` and plays ``legal_moves(state)[i % len(legal_moves(state))]``: at a chance
    node the legal moves are the chance outcomes, so the dice and the market draws are drawn
    too (every outcome can be, whatever its probability). Failing examples shrink to short
    games, the first legal moves and low dice. A game may end before ``max_decisions``;
    ``max_decisions=0`` draws games at their start (the Harbor market already drawn).
    """
    _check_players(players)
    if type(max_decisions) is not int or max_decisions < 0:
        raise InvalidArgument(f"max_decisions must be a whole number >= 0, got {max_decisions!r}")
    if options is not None and not isinstance(options, RulesOptions | st.SearchStrategy):
        raise InvalidArgument(f"options must be RulesOptions or a strategy, got {options!r}")
    return _states(players, options, max_decisions)


def moves(state: GameState) -> st.SearchStrategy[Move]:
    """One of the legal moves of ``state`` (shrinks to the first of ``legal_moves``).

    At a chance node these are the chance outcomes (``Dice``, ``Draw``), drawn alike
    whatever their probabilities. Raises :class:`~hypothesis.errors.InvalidArgument` for a
    finished game, which has none.
    """
    return shared.legal_move(legal_moves(state))


# --------------------------------------------------------------------------- positions

# The strategies positions draw from in every example are made once (making one costs more
# than drawing from it).


@functools.cache
def _lists(values: tuple[int, ...], most: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.sampled_from(values), max_size=most)


@functools.cache
def _subsets(size: int) -> st.SearchStrategy[frozenset[int]]:
    return st.frozensets(st.sampled_from(range(size)))


def _cities(
    draw: st.DrawFn, t: Tables, n: int, ran_out: bool
) -> tuple[list[list[int]], dict[int, int], dict[int, int]]:
    """Each player's establishments, and the copies left of the other kinds.

    Returns the cities, the copies left of each kind a player may buy, and those of each
    major every player owns (MK-STATE-2, MK-STATE-3). When the Harbor's deck ``ran_out``,
    the players own every copy of all but 9 kinds or fewer (the market shows the rest).
    """
    kinds = tuple(k for k in range(len(Establishment)) if t.in_play[k])
    left = [t.box[k] + n * t.starting[k] for k in range(len(Establishment))]
    rows = [list(t.starting) for _ in range(n)]  # what each city shrinks to
    for row in rows:
        traded = draw(_lists(kinds, 2), label="traded away")
        bought = draw(_lists(kinds, _MAX_BOUGHT), label="bought")
        for kind in traded:  # the Business Center trades any establishment but majors
            if row[kind] and not t.major[kind]:
                row[kind] -= 1
        for kind in bought:
            if t.major[kind] and row[kind]:
                continue  # one of each major
            row[kind] += 1
        for kind in kinds:
            left[kind] -= row[kind]
    for row in rows:  # more copies than the game has: the first owners give some back
        for kind in kinds:
            back = min(row[kind], max(0, -left[kind]))
            row[kind] -= back
            left[kind] += back
    if ran_out:
        spare = draw(st.permutations(tuple(k for k in kinds if left[k])), label="left")
        kept = draw(st.integers(0, min(GAME.market_piles - 1, len(spare))), label="kinds left")
        for kind in spare[kept:]:
            if t.major[kind]:  # each player owns one; the other copies leave the game
                for row in rows:
                    left[kind] -= 1 - row[kind]
                    row[kind] = 1
            else:
                rows[draw(st.integers(0, n - 1), label="owner")][kind] += left[kind]
                left[kind] = 0
    left_over: dict[int, int] = {}
    unbuyable: dict[int, int] = {}
    for kind in kinds:
        if t.major[kind] and all(row[kind] for row in rows):
            unbuyable[kind] = left[kind]  # nobody may buy it: it leaves the market (MKH-MARKET-8)
        elif left[kind]:
            left_over[kind] = left[kind]
    return rows, left_over, unbuyable


def _harbor_market(
    draw: st.DrawFn, left_over: dict[int, int], unbuyable: dict[int, int], drawing: bool
) -> tuple[list[int], list[int]]:
    """The Harbor's market and deck (MK-STATE-4).

    The market shows 10 different establishments while the deck lasts; fewer while a draw
    is pending (then the deck is not empty) or once the deck ran out (then it shows every
    card left).
    """
    market = [0] * len(Establishment)
    deck = [0] * len(Establishment)
    kinds = draw(st.permutations(tuple(sorted(left_over))), label="market order")
    if drawing:
        shown = draw(st.integers(0, min(GAME.market_piles - 1, len(kinds) - 1)), label="piles")
    elif len(kinds) >= GAME.market_piles:
        shown = GAME.market_piles
    else:
        shown = len(kinds)
    ran_out = not drawing and shown < GAME.market_piles
    for index, kind in enumerate(kinds):
        copies = left_over[kind]
        if index < shown and ran_out:
            market[kind] = copies
        elif index < shown:
            market[kind] = draw(st.integers(1, copies), label="copies shown")
        deck[kind] = copies - market[kind]
    if drawing or shown == GAME.market_piles:
        for kind, copies in unbuyable.items():  # still in the deck, or discarded (MKH-MARKET-9)
            deck[kind] = draw(st.integers(0, copies), label="unbuyable in the deck")
    return market, deck


@st.composite
def _positions(draw: st.DrawFn, players: int | None) -> GameState:
    n = players if players is not None else draw(st.sampled_from(_PLAYER_COUNTS), label="players")
    options = draw(rules_options(n), label="options")
    t = tables_for(options, n)
    ran_out = t.harbor_market and draw(st.booleans(), label="deck ran out")
    rows, left_over, unbuyable = _cities(draw, t, n, ran_out)
    drawable = t.harbor_market and left_over and not ran_out
    phases = tuple(p for p in _PHASES if p != "draw" or drawable)
    phase = draw(st.sampled_from(phases), label="phase")
    current = draw(st.integers(0, n - 1), label="current")

    # Landmarks: nobody has them all until the game is over, and then the current player
    # alone (MK-STATE-5); a re-roll needs the Radio Tower (MK-STATE-6).
    to_build = list(t.to_build)
    built = [
        [i in draw(_subsets(len(to_build)), label="landmarks") for i in range(len(to_build))]
        for _ in range(n)
    ]
    radio = to_build.index(Landmark.RADIO_TOWER)
    if phase == "over":
        built[current] = [True] * len(to_build)
    if phase == "reroll":
        built[current][radio] = True
    for seat, row in enumerate(built):
        if all(row) and not (phase == "over" and seat == current):
            forced = radio if phase == "reroll" and seat == current else None
            unbuilt = tuple(i for i in range(len(row)) if i != forced)
            row[draw(st.sampled_from(unbuilt), label="not built")] = False
    flags = list(t.starting_landmarks)
    for i, lm in enumerate(to_build):
        flags[lm] = flags[lm] or built[current][i]

    if t.harbor_market:
        market, deck = _harbor_market(draw, left_over, unbuyable, phase == "draw")
    else:  # the base marketplace: every card face up, no deck
        market = [left_over.get(kind, 0) for kind in range(len(Establishment))]
        deck = [0] * len(Establishment)

    def roll() -> tuple[int, ...]:
        two = flags[Landmark.TRAIN_STATION] and draw(st.booleans(), label="two dice")
        return tuple(sorted(draw(st.integers(1, GAME.die_faces)) for _ in range(1 + two)))

    rolls: tuple[tuple[int, ...], ...] = ()
    total = 0
    stack: tuple[Pending, ...] = (ROLL,)
    if phase == "draw":
        stack = (ROLL, DRAW)
    elif phase == "reroll":
        rolls, stack = (roll(),), (REROLL,)
    elif phase in ("build", "over"):
        rerolled = flags[Landmark.RADIO_TOWER] and draw(st.booleans(), label="re-rolled")
        first = (roll(),) if rerolled else ()
        harbor = flags[Landmark.HARBOR] and flags[Landmark.TRAIN_STATION]
        if harbor and draw(st.booleans(), label="Harbor's +2"):  # MKH-HARBOR-1
            high = draw(st.integers(t.harbor_minimum - GAME.die_faces, GAME.die_faces))
            low = draw(st.integers(t.harbor_minimum - high, GAME.die_faces))
            last = tuple(sorted((high, low)))
            total = sum(last) + t.harbor_add
        else:  # with a Harbor, a roll of 10 or more whose +2 was declined
            last = roll()
            total = sum(last)
        rolls = (*first, last)
        stack = (BUILD,) if phase == "build" else ()
    turn = draw(st.integers(1, _MAX_TURN), label="turn")
    extra = flags[Landmark.AMUSEMENT_PARK] and turn > 1 and draw(st.booleans(), label="extra")
    return position(
        coins=[draw(st.integers(0, _MAX_COINS), label="coins") for _ in range(n)],
        establishments=[{Establishment(k): c for k, c in enumerate(row) if c} for row in rows],
        landmarks=[
            [Landmark(lm) for lm, b in zip(to_build, row, strict=True) if b] for row in built
        ],
        market={Establishment(k): c for k, c in enumerate(market) if c},
        deck={Establishment(k): c for k, c in enumerate(deck) if c},
        current=current,
        turn=turn,
        rolls=rolls,
        total=total,
        extra_turn=bool(extra),
        stack=stack,
        options=options,
        seed=draw(st.integers(0, 2**64 - 1), label="seed"),
    )


def positions(players: int | None = None) -> st.SearchStrategy[GameState]:
    """Arbitrary valid positions, made with :func:`machikoro.position`.

    Unlike :func:`states`, the positions need not be reachable by play: any options for the
    table, every player's city the starting one with up to 12 establishments bought (one of
    each major) and up to 2 traded away, any completed landmarks and coins, the market
    and the deck holding the rest (the Harbor's 10 different establishments while the deck
    lasts, or fewer with a market draw pending, majors every player owns discarded), at a
    turn's roll, its Radio Tower re-roll, its construction after a settled roll (the
    Harbor's +2 taken or not), a market draw, or the end of the game. ``players``: 2 to 5
    when ``None``. Every position passes :func:`machikoro.validate`.
    """
    _check_players(players)
    return _positions(players)


# --------------------------------------------------------------------------- checks


def check_invariants(state: GameState) -> None:
    """Raise ``AssertionError`` listing every invariant :func:`machikoro.validate` finds broken."""
    shared.assert_valid(validate(state))


def _made_again(state: GameState) -> GameState:
    again = new_game(state.players, seed=state.seed, options=state.options)
    assert again == state, "the same seed gave another game"
    return state


class StateMachine(GameMachine[GameState, Move]):
    """Plays whole games of drawn legal moves, chance included; a frontend's tests override the hooks.

    The machine starts a game drawn from :meth:`initial_states` (by default a new game of
    any table and options, made twice from its seed: the two must be equal), then plays
    drawn legal moves, the dice and market draws too, one or several per step, checking
    :meth:`check_state` after every move and :meth:`on_move`'s checks of the move; a
    finished game is followed by a new one. After each step it calls
    :meth:`check_adapter`. It is the shared layer's :class:`meeplekit.testing.GameMachine`
    for Machi Koro, so it also checks what every game promises (every listed move is legal,
    chance outcomes' probabilities sum to 1, moves not listed are refused naming a rule,
    inputs never change, JSON round-trips, the same moves replay to the same end). Subclass
    it and collect its ``TestCase`` with pytest or unittest; an ``on_move`` of your own
    calls ``super().on_move(...)`` to keep the checks of the move::

        from machikoro.testing import StateMachine

        class MyAdapterMachine(StateMachine):
            def on_start(self, state):
                self.view = MyView(state)

            def on_move(self, before, move, after):
                super().on_move(before, move, after)
                self.view.update(move, after)

            def check_adapter(self):
                assert self.view.shows(self.state)

        TestMyAdapter = MyAdapterMachine.TestCase

    Hypothesis settings (``max_examples``, ``stateful_step_count``) apply as to any state
    machine: ``TestMyAdapter.settings = settings(max_examples=20)``.
    """

    game: ClassVar[Any] = machikoro
    rule_ids = frozenset(SPECIFICATION.rule_ids())
    players = _PLAYER_COUNTS

    def initial_states(self) -> st.SearchStrategy[GameState]:
        """The games the machine starts from: by default ``states(max_decisions=0)``."""
        return states(max_decisions=0).map(_made_again)

    def check_state(self, state: GameState) -> None:
        """Machi Koro's invariants of every position.

        :func:`check_invariants`, and, stated again independently of
        :func:`machikoro.validate`: no player's coins below 0 (MK-BANK-1); one of each major
        per player (MK-STATE-3); the Harbor market shows 10 different establishments while
        the deck lasts, except during a draw (MK-STATE-4); the game is over exactly when
        the current player has every landmark, and nobody else has (MK-STATE-5); the
        current player's view of a determinization of their view is that view.
        """
        check_invariants(state)
        t = tables_for(state.options, state.players)
        assert min(state.coins) >= 0
        for row in state.establishments:
            assert all(row[k] <= 1 for k in t.majors)
        drawing = bool(state.stack) and type(state.stack[-1]) is PendingDraw
        if t.harbor_market and not drawing:
            assert piles(state.market) == GAME.market_piles or not any(state.deck)
        finished = [p for p, built in enumerate(state.landmarks) if complete(built, t.to_build)]
        assert finished == ([state.current] if is_over(state) else [])
        seen = observe(state, state.current)
        assert observe(determinize(seen, SplitMix64(0)), state.current) == seen

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        """Check the move's events; a subclass that overrides this calls ``super().on_move``.

        ``apply_move_with_events`` gives the same position; the coins on the table change
        by what the events say was earned from the bank less what was paid to build
        (MK-EVENT-1); the last event is the end of the game exactly when the game is over.
        """
        again, events = machikoro.apply_move_with_events(before, move)
        assert again == after
        earned = sum(e.coins for e in events if isinstance(e, CoinsEarned))
        paid = sum(e.cost for e in events if isinstance(e, EstablishmentBuilt | LandmarkBuilt))
        assert sum(after.coins) - sum(before.coins) == earned - paid
        assert (bool(events) and isinstance(events[-1], GameEnded)) == is_over(after)


#: :class:`StateMachine` by its earlier name (kept: the same class).
MachiKoroStateMachine = StateMachine


def _register() -> None:
    st.register_type_strategy(GameState, states())
    st.register_type_strategy(RulesOptions, rules_options())


_register()
