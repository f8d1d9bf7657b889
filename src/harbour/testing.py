"""A testing kit for code built on the engine: Hypothesis strategies and a state machine.

Install it with ``pip install 'harbour-rules[testing]'`` (it needs `Hypothesis
<https://hypothesis.readthedocs.io>`_; ``import harbour`` alone never imports it).

- :func:`rules_options`, :func:`card_sets`, :func:`states`, :func:`positions` and
  :func:`moves` draw rule readings, card sets, positions reached by play, arbitrary valid
  positions and legal moves;
- :func:`check_invariants` fails a test on any invariant :func:`harbour.validate` finds
  broken;
- :class:`StateMachine` (the same name in every game; :class:`HarbourStateMachine` is
  its earlier name) plays whole games and calls a frontend's hooks after every move.

Importing this module registers :func:`states` for :class:`~harbour.state.GameState` and
:func:`rules_options` for :class:`~harbour.options.RulesOptions`, so
``st.from_type(harbour.GameState)`` draws positions reached by play.

Every strategy shrinks towards the simplest example: two players, the documented readings,
the original card set, seed 0 and the shortest game.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from harbour.info import EXTRAS

EXTRAS.require("testing")  # before the imports below: one line naming the extra if it is missing

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

import harbour
from harbour.cards.abilities import (
    AlchemistConversion,
    FreeBuildingAtSetup,
    OncePerTurnConversion,
)
from harbour.cards.limits import MAX_COST, MAX_POINTS, MAX_PRICE
from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.engine import apply_move_unchecked, is_over, legal_moves
from harbour.errors import InvalidValueError
from harbour.facts import GAME
from harbour.goods import GOODS, MAX_GOODS, Goods
from harbour.moves import Move
from harbour.options import RulesOptions
from harbour.positions import position
from harbour.setup import new_game
from harbour.specification import SPECIFICATION
from harbour.state import BoardSite, CardSite, GameState, Pending, PendingMove, Site
from harbour.validation import validate
from meeplekit import testing as shared
from meeplekit.testing import GameMachine, as_strategy, check_players

__all__ = [
    "HarbourStateMachine",
    "StateMachine",
    "card_sets",
    "check_invariants",
    "moves",
    "positions",
    "rules_options",
    "states",
]

#: Player counts in the order they shrink to.
_PLAYER_COUNTS = tuple(GAME.player_counts)
#: Buildings of a custom card set given another price and victory points.
_MAX_CHANGED = 4
#: Bought buildings per player in a position whose deck still holds buildings.
_MAX_OWNED = 6
#: Turn numbers of :func:`positions`.
_MAX_TURN = 40
#: The variants ``new_game`` may refuse for a card set or a table, switched off in turn.
_VARIANTS = (
    "characters",
    "bonus_cards",
    "market_from_bonus_cards",
    "first_game",
    "inland_traders",
    "reshuffle_display",
)


def _check_players(players: int | None) -> None:
    check_players(players, _PLAYER_COUNTS)


# --------------------------------------------------------------------------- rule readings


def _for_table(players: int | None, options: RulesOptions) -> RulesOptions:
    """The options with the variants ``new_game`` refuses for ``players`` switched off.

    Characters exclude the first-game setup (CHAR-2); the Inland Traders need 3 or more
    players (INLAND-1) unless the INT-37 reading allows 2. ``None``: every player count.
    """
    if options.characters and options.first_game:
        options = attrs.evolve(options, first_game=False)
    fewest = GAME.inland_traders_min_players
    too_few = players is None or players < fewest
    if options.inland_traders and too_few and not options.inland_traders_two_players:
        options = attrs.evolve(options, inland_traders=False)
    return options


def rules_options(
    players: int | None = None, *, include_refused: bool = False
) -> st.SearchStrategy[RulesOptions]:
    """Rule readings and variants: every field drawn independently from all its values.

    The options are those :func:`harbour.new_game` accepts for ``players`` players with a
    card set of :func:`card_sets` (``None``: for every player count, 2 to 4). With
    ``include_refused`` they are any combination, including those ``new_game`` refuses
    (characters with the first-game setup, the Inland Traders with too few players), to
    test the refusal. Each field shrinks to its default.
    """
    _check_players(players)
    drawn = shared.readings(RulesOptions)
    if include_refused:
        return drawn
    return drawn.map(lambda options: _for_table(players, options))


# --------------------------------------------------------------------------- card sets


@st.composite
def _custom_card_sets(draw: st.DrawFn) -> CardSet:
    """The original set with its buildings reordered and a few re-priced and re-scored."""
    buildings = list(ORIGINAL_SET.buildings)
    changed = draw(
        st.lists(st.integers(0, len(buildings) - 1), max_size=_MAX_CHANGED, unique=True),
        label="changed buildings",
    )
    for index in changed:
        cost = draw(st.integers(0, MAX_COST), label="cost")
        points = draw(st.integers(0, MAX_POINTS), label="points")
        buildings[index] = attrs.evolve(buildings[index], cost=cost, points=points)
    order = draw(st.permutations(range(len(buildings))), label="building order")
    price = draw(st.integers(1, MAX_PRICE), label="Inland Traders price")
    return attrs.evolve(
        ORIGINAL_SET,
        name="custom",
        original=False,
        buildings=tuple(buildings[i] for i in order),
        inland_traders_price=price,
    )


def card_sets() -> st.SearchStrategy[CardSet]:
    """Card sets every game of :func:`rules_options` accepts; shrinks to the original set.

    The original set (:data:`harbour.cards.ORIGINAL_SET`), and custom sets made from it
    (``attrs.evolve``): the buildings in another order (so indices differ), a few of them
    with another price and other victory points, and another Inland Traders price, all
    within :mod:`harbour.cards.limits`.
    """
    return st.one_of(st.just(ORIGINAL_SET), _custom_card_sets())


# --------------------------------------------------------------------------- games


def _new_game(players: int, seed: int, options: RulesOptions, cards: CardSet) -> GameState | None:
    try:
        return new_game(players, seed=seed, options=options, cards=cards)
    except InvalidValueError:
        return None


def _fitted_game(players: int, seed: int, options: RulesOptions, cards: CardSet) -> GameState:
    """A new game with the variants the card set cannot play switched off, one by one."""
    for name in _VARIANTS:
        state = _new_game(players, seed, options, cards)
        if state is not None:
            return state
        switched: dict[str, Any] = {name: False}
        options = attrs.evolve(options, **switched)
    try:
        return new_game(players, seed=seed, options=options, cards=cards)
    except InvalidValueError as exc:
        raise InvalidArgument(f"new_game refuses the card set {cards!r}: {exc}") from None


@st.composite
def _states(
    draw: st.DrawFn,
    players: int | None,
    options: RulesOptions | st.SearchStrategy[RulesOptions] | None,
    cards: st.SearchStrategy[CardSet],
    max_decisions: int,
) -> GameState:
    card_set = draw(cards, label="cards")
    if options is None:
        table = players if players is not None else draw(st.sampled_from(_PLAYER_COUNTS))
        readings = draw(rules_options(table), label="options")
        seed = draw(st.integers(0, 2**64 - 1), label="seed")
        state = _fitted_game(table, seed, readings, card_set)
    else:
        readings = draw(as_strategy(options), label="options")
        tables = _PLAYER_COUNTS if players is None else (players,)
        playable = [n for n in tables if _new_game(n, 0, readings, card_set) is not None]
        if not playable:
            raise InvalidArgument(
                f"new_game refuses {readings!r} with the card set {card_set!r} for "
                f"{' or '.join(map(str, tables))} players"
            )
        table = draw(st.sampled_from(playable), label="players")
        seed = draw(st.integers(0, 2**64 - 1), label="seed")
        state = new_game(table, seed=seed, options=readings, cards=card_set)
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
    cards: CardSet | st.SearchStrategy[CardSet] | None = None,
    max_decisions: int = 200,
) -> st.SearchStrategy[GameState]:
    """Positions reached by play: a new game, then up to ``max_decisions`` legal moves.

    The game is :func:`harbour.new_game` with a drawn seed for ``players`` players (``None``:
    2 to 4), ``options`` (a value or a strategy; ``None``: :func:`rules_options` for the
    table) and ``cards`` (a value or a strategy; ``None``: :func:`card_sets`). Variants a
    card set of your own cannot play (too few character boards, no bonus cards) are then
    switched off; explicit ``options`` it refuses raise
    :class:`~hypothesis.errors.InvalidArgument`. Each decision is drawn as an index ``i``
    and plays ``legal_moves(state)[i % len(legal_moves(state))]``, so failing examples
    shrink to short games and the first legal moves. A game may end before
    ``max_decisions``; ``max_decisions=0`` draws games at their start.
    """
    _check_players(players)
    if type(max_decisions) is not int or max_decisions < 0:
        raise InvalidArgument(f"max_decisions must be a whole number >= 0, got {max_decisions!r}")
    if options is not None and not isinstance(options, RulesOptions | st.SearchStrategy):
        raise InvalidArgument(f"options must be RulesOptions or a strategy, got {options!r}")
    if cards is not None and not isinstance(cards, CardSet | st.SearchStrategy):
        raise InvalidArgument(f"cards must be a CardSet or a strategy, got {cards!r}")
    card_strategy = card_sets() if cards is None else as_strategy(cards)
    return _states(players, options, card_strategy, max_decisions)


def moves(state: GameState) -> st.SearchStrategy[Move]:
    """One of the legal moves of ``state`` (shrinks to the first of ``legal_moves``).

    Raises :class:`~hypothesis.errors.InvalidArgument` for a finished game, which has none.
    """
    return shared.legal_move(legal_moves(state))


# --------------------------------------------------------------------------- positions


def _has_ability(cards: CardSet, board: int | None, kinds: type | tuple[type, ...]) -> bool:
    return board is not None and isinstance(cards.characters[board].ability, kinds)


@st.composite
def _positions(
    draw: st.DrawFn, players: int | None, cards: st.SearchStrategy[CardSet]
) -> GameState:
    card_set = draw(cards, label="cards")
    n = players if players is not None else draw(st.sampled_from(_PLAYER_COUNTS))
    options = draw(rules_options(n), label="options")
    if options.characters and len(card_set.characters) < n:
        options = attrs.evolve(options, characters=False)
    if options.bonus_cards and len(card_set.bonus_cards) < n:
        options = attrs.evolve(options, bonus_cards=False)

    boards: list[int | None] = [None] * n
    if options.characters:
        dealt = draw(st.permutations(range(len(card_set.characters))), label="boards")
        boards = list(dealt[:n])
    bonus: list[int | None] = [None] * n
    if options.bonus_cards:
        dealt = draw(st.permutations(range(len(card_set.bonus_cards))), label="bonus cards")
        bonus = list(dealt[:n])

    # Every building once: in the display, the deck, or a player's (STATE-1, BUY-7).
    buildings = card_set.buildings
    order = draw(st.permutations(range(len(buildings))), label="building order")
    unpriced = [i for i in order if buildings[i].cost is None]
    size = GAME.display_size(n)
    can_refill = len(order) > size
    can_run_out = len(unpriced) <= size
    ran_out = draw(st.booleans(), label="deck empty") if can_refill and can_run_out else False
    owned: list[list[int]] = [[] for _ in range(n)]
    free: list[list[int]] = [[] for _ in range(n)]
    if ran_out:
        priced = [i for i in order if buildings[i].cost is not None]
        shown = draw(st.integers(0, size - len(unpriced)), label="display size")
        display = [i for i in order if i in unpriced or i in priced[:shown]]
        rest = priced[shown:]
    else:
        display = list(order[:size])
        rest = list(order[size:])
    # ABIL-8: a free building for a board with that ability.
    for seat in range(n):
        may = _has_ability(card_set, boards[seat], FreeBuildingAtSetup) and len(rest) > 1
        if may and draw(st.booleans(), label="free building"):
            free[seat].append(rest.pop(1 if not ran_out else 0))
    if ran_out:
        for card in rest:
            owned[draw(st.sampled_from(range(n)), label="owner")].append(card)
        deck: list[int] = []
    else:
        # The top of the deck always stays there, so the display stays full (DISPLAY-1).
        deck = rest[:1]
        pool = rest[1:]
        for seat in range(n):
            count = draw(st.integers(0, _MAX_OWNED), label="bought")
            for card in [c for c in pool if buildings[c].cost is not None][:count]:
                owned[seat].append(card)
                pool.remove(card)
        deck.extend(pool)

    # Pawns on distinct buildings in play (TURN-1, TURN-3), or not yet moved.
    sites: list[Site] = [BoardSite(p) for p in range(n)]
    sites.extend(CardSite(c) for c in display)
    for seat in range(n):
        sites.extend(CardSite(c) for c in (*owned[seat], *free[seat]))
    pawns: list[Site | None] = []
    for _ in range(n):
        pawn = draw(st.sampled_from([None, *sites]), label="pawn")
        if pawn is not None:
            sites.remove(pawn)
        pawns.append(pawn)

    current = draw(st.integers(0, n - 1), label="current")
    turn = draw(st.integers(1, _MAX_TURN), label="turn")
    # END-1, INT-8: a last round follows a 4th building or the deck running out.
    ending = any(len(o) >= GAME.end_buildings for o in owned) or ran_out
    phase = draw(st.sampled_from(("playing", "last round", "over")), label="phase")
    stack: tuple[Pending, ...] = (PendingMove(),)
    last_round_turns: int | None = None
    if ending and phase == "last round":
        last_round_turns = draw(st.integers(1, n), label="last round turns")
    elif ending and phase == "over":
        stack, last_round_turns = (), 0
    conversion = (OncePerTurnConversion, AlchemistConversion)
    ability_used = False
    if stack and _has_ability(card_set, boards[current], conversion):
        ability_used = draw(st.booleans(), label="ability used")  # ABIL-11
    return position(
        goods=[
            draw(st.builds(Goods, *[st.integers(0, MAX_GOODS)] * len(GOODS)), label="goods")
            for _ in range(n)
        ],
        market=draw(st.permutations(GOODS), label="market"),
        display=display,
        deck=deck,
        owned=owned,
        free=free,
        pawns=pawns,
        boards=boards,
        bonus_cards=bonus,
        current=current,
        turn=turn,
        stack=stack,
        last_round_turns=last_round_turns,
        ability_used=ability_used,
        options=options,
        cards=card_set,
        seed=draw(st.integers(0, 2**64 - 1), label="seed"),
    )


def positions(
    players: int | None = None, cards: CardSet | st.SearchStrategy[CardSet] | None = None
) -> st.SearchStrategy[GameState]:
    """Arbitrary valid positions in play, made with :func:`harbour.position`.

    Unlike :func:`states`, the positions need not be reachable by play: every player holds
    any goods from 0 to 6, the market is any order of the goods, the buildings are split
    between a full display, the deck (empty or not) and the players, pawns stand on
    distinct buildings in play (or have not moved), with characters and bonus cards when
    the drawn options play them, a pawn move to decide, a last round or the end of the
    game. ``players``: 2 to 4 when ``None``; ``cards``: a value, a strategy or ``None`` for
    :func:`card_sets`. Every position passes :func:`harbour.validate`.
    """
    _check_players(players)
    card_strategy = card_sets() if cards is None else as_strategy(cards)
    return _positions(players, card_strategy)


# --------------------------------------------------------------------------- checks


def check_invariants(state: GameState) -> None:
    """Raise ``AssertionError`` listing every invariant :func:`harbour.validate` finds broken."""
    shared.assert_valid(validate(state))


class StateMachine(GameMachine[GameState, Move]):
    """Plays whole games of drawn legal moves; a frontend's tests override the hooks.

    The machine starts a game drawn from :meth:`initial_states` (by default a new game of
    any table, options and card set), then plays drawn legal moves, one or several per
    step, checking :func:`check_invariants` after every move; a finished game is followed
    by a new one. After each move it calls :meth:`on_move`, after each step
    :meth:`check_adapter`. It is the shared layer's :class:`meeplekit.testing.GameMachine`
    for Harbour, so it also checks what every game promises (every listed move is legal,
    moves not listed are refused naming a rule, inputs never change, JSON round-trips,
    the same moves replay to the same end). Subclass it and collect its ``TestCase`` with
    pytest or unittest::

        from harbour.testing import StateMachine

        class MyAdapterMachine(StateMachine):
            def on_start(self, state):
                self.view = MyView(state)

            def on_move(self, before, move, after):
                self.view.update(move, after)

            def check_adapter(self):
                assert self.view.shows(self.state)

        TestMyAdapter = MyAdapterMachine.TestCase

    Hypothesis settings (``max_examples``, ``stateful_step_count``) apply as to any state
    machine: ``TestMyAdapter.settings = settings(max_examples=20)``.
    """

    game: ClassVar[Any] = harbour
    rule_ids = frozenset(SPECIFICATION.rule_ids())
    players = (2, 3, 4)

    def initial_states(self) -> st.SearchStrategy[GameState]:
        """The games the machine starts from: by default ``states(max_decisions=0)``."""
        return states(max_decisions=0)

    def check_state(self, state: GameState) -> None:
        """Harbour's invariants: :func:`check_invariants`."""
        check_invariants(state)


#: :class:`StateMachine` by its earlier name (kept: the same class).
HarbourStateMachine = StateMachine


def _register() -> None:
    st.register_type_strategy(GameState, states())
    st.register_type_strategy(RulesOptions, rules_options())


_register()
