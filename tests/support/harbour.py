"""Helpers shared by the tests: build exact positions without playing up to them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

import harbour
from harbour.cards.abilities import (
    Ability,
)
from harbour.cards.effects import Buy, Effect, GainChoice, OneOf, Symbol
from harbour.cards.model import Building, CardSet, PlayerBoard
from harbour.cards.original import ORIGINAL_BOARD, ORIGINAL_SET
from harbour.goods import Good, Goods
from harbour.positions import replace
from harbour.specification import SPECIFICATION
from harbour.state import (
    BoardSite,
    CardSite,
    GameState,
    Pending,
    PendingMove,
    PlayerState,
    Site,
)
from meeplekit.rng import SplitMix64

F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE

#: Whether the tests run against the compiled build, whose state classes are native and
#: refuse ill-typed values with ``TypeError`` (STATE-6; ``make test-compiled``).
COMPILED: bool = hasattr(GameState, "__mypyc_attrs__")


def card(key: str, cards: CardSet = ORIGINAL_SET) -> int:
    """The index of a building by key."""
    return cards.index_of(key)


def position(
    *,
    goods: Sequence[Goods],
    market: tuple[Good, Good, Good, Good] = (F, L, W, S),
    display: Sequence[str] = (),
    owned: Sequence[Sequence[str]] | None = None,
    pawns: Sequence[Site | None] | None = None,
    current: int = 0,
    deck: Sequence[str] | None = None,
    options: harbour.RulesOptions | None = None,
    cards: CardSet = ORIGINAL_SET,
    stack: tuple[Pending, ...] = (PendingMove(),),
    turn: int = 1,
    last_round_turns: int | None = None,
    boards: Sequence[str | None] | None = None,
) -> GameState:
    """A state in play with exactly these goods, market, display and owned buildings.

    ``display``, ``owned`` and ``deck`` name buildings by key. When ``deck`` is None,
    every building not placed elsewhere goes to the deck in card-set order. ``boards``
    names each seat's character board by key (``None``: the generic side).
    """
    n = len(goods)
    owned = owned or [() for _ in range(n)]
    pawns = pawns or [None for _ in range(n)]
    shown = tuple(card(k, cards) for k in display)
    owned_idx = [tuple(card(k, cards) for k in keys) for keys in owned]
    if deck is None:
        used = set(shown) | {c for keys in owned_idx for c in keys}
        deck_idx = tuple(i for i in range(len(cards.buildings)) if i not in used)
    else:
        deck_idx = tuple(card(k, cards) for k in deck)
    keys = [c.key for c in cards.characters]
    board_idx = [None if k is None else keys.index(k) for k in boards or [None] * n]
    return GameState(
        cards=cards,
        options=options or harbour.RulesOptions(),
        seed=0,
        players=tuple(
            PlayerState(g, o, p, b)
            for g, o, p, b in zip(goods, owned_idx, pawns, board_idx, strict=True)
        ),
        market=market,
        display=shown,
        deck=deck_idx,
        current=current,
        stack=stack,
        turn=turn,
        last_round_turns=last_round_turns,
    )


def custom_set(buildings: Sequence[Building], board: PlayerBoard = ORIGINAL_BOARD) -> CardSet:
    """A small card set for tests that need particular cards."""
    return CardSet(name="test set", buildings=tuple(buildings), board=board, original=False)


def with_options(state: GameState, **changes: Any) -> GameState:
    """The same state under other rule readings."""
    return replace(state, options=attrs.evolve(state.options, **changes))


def play(state: GameState, *moves: harbour.Move) -> GameState:
    """Apply moves one by one, checked."""
    for move in moves:
        state = harbour.apply_move(state, move)
    return state


def greedy_game(players: int = 2, seed: int = 4) -> tuple[GameState, list[harbour.Move]]:
    """The start and the moves of a whole game between greedy bots (seeded 1, 2, ...)."""
    from harbour.agents.bots import GreedyBot

    start = state = harbour.new_game(players, seed=seed)
    bots = [GreedyBot(seat + 1) for seat in range(players)]
    moves: list[harbour.Move] = []
    while not state.is_over:
        seat = harbour.current_player(state)
        moves.append(bots[seat].choose(harbour.observe(state, seat)))
        state = harbour.apply_move(state, moves[-1])
    return start, moves


def _every_ability_set() -> CardSet:
    """The original buildings with one character for every ability hook (ABIL-1 to ABIL-11).

    The original characters do not use every hook (no Diplomat-like or Alchemist-like
    board), so whole-game tests play with this set too.
    """
    from harbour.cards import abilities as ab
    from harbour.cards.effects import Buy, GainChoice, OneOf

    hooks: list[ab.Ability] = [
        ab.ExtraGain(F),
        ab.ShippingKeepsExcess(),
        ab.ShippingKeepsOneEach(),
        ab.ShippingBonus(0),
        ab.CollectWhenShipped(S),
        ab.GainOnPurchase(1),
        ab.GainWhenOthersUseStart(1),
        ab.FreeBuildingAtSetup(2),
        ab.PointsForMarketValue(S),
        ab.ShareOccupiedBuildings(1),
        ab.AlchemistConversion(),
        ab.OncePerTurnConversion(0, 3, 2),
    ]
    symbols = [(Symbol.ANCHOR,), (Symbol.COIN,), (Symbol.WAREHOUSE,), (Symbol.TOP_HAT,)]
    boards = tuple(
        PlayerBoard(
            f"hook-{i}",
            f"Hook {i} ({type(hook).__name__})",
            symbols[i % 4],
            OneOf((GainChoice(1, fixed=Goods.single(Good(i % 4))), Buy())),
            hook,
            f"test board for {type(hook).__name__}",
            "tests/support.py",
        )
        for i, hook in enumerate(hooks)
    )
    return attrs.evolve(ORIGINAL_SET, name="every ability", original=False, characters=boards)


#: The original buildings and one character board per ability hook.
EVERY_ABILITY_SET = _every_ability_set()


def spec_ids() -> set[str]:
    return set(SPECIFICATION.rule_ids())


F, L, W, S = Good.FISH, Good.LIVESTOCK, Good.WOOD, Good.STONE


def start(good: Good) -> Effect:
    """The published starting building shape: 1 ``good`` and 1 good of choice, or buy."""
    return OneOf((GainChoice(1, fixed=Goods.single(good)), Buy()))


def character(key: str, ability: Ability | None, good: Good = F) -> PlayerBoard:
    return PlayerBoard(key, key.title(), (), start(good), ability, f"test {key}", "test")


def fixed() -> GameState:
    return position(
        goods=[Goods(fish=2, stone=1), Goods(wood=3), Goods(livestock=6)],
        display=["net-loft", "kiln-works", "admiralty", "town-pump", "tannery", "rope-walk"],
        owned=[["smokehouse"], [], ["chandlery", "salt-pans"]],
        pawns=[CardSite(card("kiln-works")), None, BoardSite(1)],
        current=1,
        turn=9,
        last_round_turns=2,
    )


def played(players: int, seed: int, decisions: int, **options: object) -> list[GameState]:
    state = harbour.new_game(players, seed=seed, options=harbour.RulesOptions(**options))  # type: ignore[arg-type]
    rng = SplitMix64(seed)
    states = [state]
    while not state.is_over and len(states) < decisions:
        state = harbour.apply_move(state, rng.choice(harbour.legal_moves(state)))
        states.append(state)
    return states


# --------------------------------------------------------------------------- conformance
# The game's own parameter sets for the conformance suite (tests/property/test_conformance.py),
# which runs every registered game through the same checks.

#: OpenSpiel parameter sets: ``random_sim_test`` plays each (every player count, readings
#: that change who decides what); the game's own OpenSpiel tests use them too.
OPENSPIEL_GAMES: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3, "characters": True, "bonus_cards": True},
    {"players": 4, "inland_traders": True, "last_round": "all-players", "buying": "mandatory"},
]
#: Keyword arguments of the PettingZoo environments ``api_test`` checks (``env`` and
#: ``raw_env`` each).
PETTINGZOO_GAMES: list[dict[str, Any]] = [
    {"players": 2, "options": harbour.RulesOptions(characters=True, bonus_cards=True)},
    {"players": 4, "options": harbour.RulesOptions(characters=True, bonus_cards=True)},
]
#: The cycles ``api_test`` plays in each environment.
PETTINGZOO_CYCLES = 60
