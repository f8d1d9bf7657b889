"""Starting a game: dealing, the market, and the setup decisions (rules SETUP-1 to SETUP-7).

Also the setup parts of the variants: dealing character boards and keeping one (CHAR-2),
the free building of ABIL-8, and dealing the bonus cards (BONUS-1).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from harbour.cards.model import CardSet
from harbour.errors import InvalidValueError
from harbour.events import (
    CharacterChosen,
    FreeBuildingOffered,
    FreeBuildingTaken,
    StartingGoodsChosen,
    TurnBegan,
)
from harbour.facts import GAME
from harbour.goods import GOODS, Good, Goods, multisets
from harbour.moves import ChooseCharacter, ChooseFreeBuilding, ChooseStartingGoods, Move
from harbour.options import RulesOptions
from harbour.rules import abilities
from harbour.rules.step import Refusal, Step
from harbour.rules.work import PENDING_MOVE, Work
from harbour.state import (
    GameState,
    Pending,
    PendingCharacter,
    PendingFreeBuilding,
    PendingStartingGoods,
    PlayerState,
)
from meeplekit.options import made_options
from meeplekit.rng import SplitMix64
from meeplekit.values import shown

__all__ = ["CHARACTER", "FREE_BUILDING", "STARTING_GOODS", "new_game"]

_MAX_DEALS = 10_000


def new_game(
    players: object,
    *,
    seed: object = None,
    options: object = None,
    cards: object = None,
) -> GameState:
    """The setup of a new game: :func:`harbour.new_game`, which documents it.

    The arguments are typed ``object`` because this function checks them itself: a
    compiled build checks annotations before the body runs, which would turn a bad
    argument into a ``TypeError`` instead of the library's error.
    """
    if cards is None:
        from harbour.cards.original import ORIGINAL_SET

        cards = ORIGINAL_SET
    if options is None:
        options = RulesOptions()
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidValueError(
            f"players must be an integer from {GAME.min_players} to {GAME.max_players}, "
            f"got {shown(players)}"
        )
    if players not in GAME.player_counts:
        raise InvalidValueError(
            f"Harbour is played by {GAME.min_players} to {GAME.max_players} players, got {shown(players)}"
        )
    if seed is None:
        seed = secrets.randbits(64)
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise InvalidValueError(
            f"seed must be an integer with 0 <= seed < 2**64, got {shown(seed)}"
        )
    if not isinstance(options, RulesOptions):
        raise InvalidValueError(f"options must be a RulesOptions, got {type(options).__name__}")
    if not made_options(options, RulesOptions):  # made around its constructor (INPUT-2)
        raise InvalidValueError(
            "options must be RulesOptions as their constructor makes them, each reading one "
            f"of its enum's members, got {shown(options)}"
        )
    if not isinstance(cards, CardSet):
        raise InvalidValueError(f"cards must be a CardSet, got {type(cards).__name__}")

    _check_variants(players, options, cards)

    rng = SplitMix64(seed)
    display, deck = _deal(cards, players, options, rng)
    if options.market_from_bonus_cards:  # BONUS-4
        market = _market_from_bonus_cards(cards, rng)
    else:
        market = rng.shuffled(GOODS)  # SETUP-3
    stack: list[Pending] = [PendingStartingGoods()]
    if options.characters:  # CHAR-2: boards dealt at random, one kept after seeing the display
        boards = rng.shuffled(range(len(cards.characters)))
        k = GAME.boards_offered
        offers = [boards[k * p : k * p + k] for p in range(players)]
        stack.extend(PendingCharacter(p, offers[p]) for p in reversed(range(players)))
    bonus: list[int | None] = [None] * players
    if options.bonus_cards:  # BONUS-1: one each, secretly
        bonus = list(rng.shuffled(range(len(cards.bonus_cards)))[:players])
    return GameState(
        cards=cards,
        options=options,
        seed=seed,
        players=tuple(PlayerState(Goods(), bonus_card=bonus[p]) for p in range(players)),
        market=(market[0], market[1], market[2], market[3]),
        display=display,
        deck=deck,
        current=0,
        stack=tuple(stack),
    )


def _check_variants(players: int, options: RulesOptions, cards: CardSet) -> None:
    if options.characters and options.first_game:
        raise InvalidValueError(
            "the first-game setup uses the generic side of the player boards, not characters "
            "(SETUP-5, CHAR-2)"
        )
    offered = GAME.boards_offered * players
    if options.characters and len(cards.characters) < offered:
        raise InvalidValueError(
            f"card set {cards.name!r} has {len(cards.characters)} character boards; dealing "
            f"{GAME.boards_offered} to each of {players} players needs {offered} (CHAR-2)"
        )
    if options.bonus_cards and len(cards.bonus_cards) < players:
        raise InvalidValueError(
            f"card set {cards.name!r} has {len(cards.bonus_cards)} bonus point cards; "
            f"{players} players need {players} (BONUS-1)"
        )
    fewest = GAME.inland_traders_min_players
    if options.inland_traders and players < fewest and not options.inland_traders_two_players:
        raise InvalidValueError(
            f"the Inland Traders side is played with at least {fewest} players, not {players} "
            "(INLAND-1; inland_traders_two_players allows 2, INT-37)"
        )
    if options.market_from_bonus_cards and {c.good for c in cards.bonus_cards} != set(GOODS):
        raise InvalidValueError(
            f"card set {cards.name!r}: placing the market with the bonus point cards needs "
            "cards naming each of the four goods (BONUS-4)"
        )


def _deal(
    cards: CardSet, players: int, options: RulesOptions, rng: SplitMix64
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    size = GAME.display_size(players)  # SETUP-1
    count = len(cards.buildings)
    if count < size:
        raise InvalidValueError(
            f"card set {cards.name!r} has {count} buildings; {players} players need at least {size}"
        )
    if options.first_game:  # SETUP-5
        trio = cards.first_game_buildings
        if len(trio) != GAME.first_game_buildings:
            raise InvalidValueError(
                f"card set {cards.name!r} marks {len(trio)} first-game buildings; the "
                f"first-game setup needs exactly {GAME.first_game_buildings}"
            )
        rest = rng.shuffled([i for i in range(count) if i not in trio])
        return trio + rest[:players], rest[players:]
    limit = GAME.reshuffle_buy_symbols
    plain = sum(1 for b in cards.buildings if not b.shows_buy_symbol)
    if options.reshuffle_display and plain < size - limit + 1:
        raise InvalidValueError(
            f"card set {cards.name!r} has only {plain} buildings without the buy symbol: "
            f"every display of {size} would show {limit} or more buy symbols (SETUP-2)"
        )
    for _ in range(_MAX_DEALS):
        order = rng.shuffled(range(count))
        display = order[:size]
        buys = sum(1 for i in display if cards.buildings[i].shows_buy_symbol)
        if not options.reshuffle_display or buys < limit:  # SETUP-2
            return display, order[size:]
    # pragma: no mutate start - needs a card set whose displays almost always fail
    raise InvalidValueError(  # pragma: no cover
        f"card set {cards.name!r}: no display without {limit} buy symbols in {_MAX_DEALS} deals"
    )
    # pragma: no mutate end


def _market_from_bonus_cards(cards: CardSet, rng: SplitMix64) -> tuple[Good, ...]:
    """BONUS-4: shuffle the bonus cards and reveal one per market square, from the $2 square.

    A card naming a good already placed is passed over (only a card set with repeated goods
    has one).
    """
    market: list[Good] = []
    for index in rng.shuffled(range(len(cards.bonus_cards))):
        good = cards.bonus_cards[index].good
        if good not in market:
            market.append(good)
    return tuple(market)


# --------------------------------------------------------------------------- setup decisions

_FIRST_GAME_GOODS = Goods(1, 1, 1, 1)
_STARTING_CHOICES: tuple[Move, ...] = tuple(
    ChooseStartingGoods(g) for g in multisets(GAME.starting_goods)
)
_FIRST_GAME_CHOICE: tuple[Move, ...] = (ChooseStartingGoods(_FIRST_GAME_GOODS),)


class _StartingGoods(Step[PendingStartingGoods, ChooseStartingGoods]):
    """Each player in seat order chooses their starting goods (SETUP-4, SETUP-5)."""

    answers = (ChooseStartingGoods,)
    owns = frozenset({"SETUP-4", "SETUP-5"})
    turn_decision = False

    def question(self, pending: PendingStartingGoods) -> str:
        return "choosing starting goods"

    def moves(self, state: GameState, pending: PendingStartingGoods) -> tuple[Move, ...]:
        return _FIRST_GAME_CHOICE if state.options.first_game else _STARTING_CHOICES

    def refusal(
        self, state: GameState, pending: PendingStartingGoods, move: ChooseStartingGoods
    ) -> Refusal | None:
        goods = move.goods
        if state.options.first_game:
            if goods == _FIRST_GAME_GOODS:
                return None
            return Refusal(
                "SETUP-5", "In the first-game setup every player starts with 1 of each good."
            )
        if goods.total != GAME.starting_goods:
            return Refusal(
                "SETUP-4",
                f"Choose exactly {GAME.starting_goods} starting goods, not {goods.total}.",
            )
        return None

    def apply(self, work: Work, pending: PendingStartingGoods, move: ChooseStartingGoods) -> None:
        player = work.current
        work.row(player)[:] = move.goods.as_tuple()  # the warehouse was empty (STATE-2)
        if work.log is not None:
            rule = "SETUP-5" if work.state.options.first_game else "SETUP-4"
            work.log.append(StartingGoodsChosen(player, move.goods, rule))
        if player + 1 < work.seats:
            work.current = player + 1
            work.stack.append(PendingStartingGoods())
            return
        work.current = 0  # SETUP-6: play begins with seat 0
        work.turn = 1
        work.stack.append(PENDING_MOVE)
        if work.log is not None:
            work.log.append(TurnBegan(0, 1, "SETUP-6"))


def _either(names: Iterable[str]) -> str:
    """``"the Cooper or the Heiress"``: the choices of a refusal, by name."""
    *rest, last = [f"the {name}" for name in names]
    return f"{', '.join(rest)} or {last}" if rest else last


def _next_in_setup(work: Work) -> None:
    """The next setup decision is taken by its player; the starting goods begin at seat 0."""
    nxt = work.stack[-1]
    work.current = nxt.player if isinstance(nxt, PendingCharacter | PendingFreeBuilding) else 0


class _Character(Step[PendingCharacter, ChooseCharacter]):
    """A player keeps one of the character boards dealt to them (CHAR-2)."""

    answers = (ChooseCharacter,)
    owns = frozenset({"CHAR-2"})
    turn_decision = False

    def question(self, pending: PendingCharacter) -> str:
        return "choosing a character board"

    def moves(self, state: GameState, pending: PendingCharacter) -> tuple[Move, ...]:
        return tuple(ChooseCharacter(b) for b in pending.offered)

    def refusal(
        self, state: GameState, pending: PendingCharacter, move: ChooseCharacter
    ) -> Refusal | None:
        if move.board in pending.offered:
            return None
        offered = _either(state.cards.characters[b].name for b in pending.offered)
        return Refusal("CHAR-2", f"Keep one of the boards offered: {offered}.")

    def apply(self, work: Work, pending: PendingCharacter, move: ChooseCharacter) -> None:
        player = pending.player
        work.take_board(player, move.board)
        if work.log is not None:
            returned = tuple(b for b in pending.offered if b != move.board)
            work.log.append(CharacterChosen(player, move.board, returned))
        look = abilities.free_building_look(work.ability(player))
        if look and work.deck:  # ABIL-8: right after keeping the board
            options = work.deck[:look]
            work.stack.append(PendingFreeBuilding(player, options))
            if work.log is not None:
                work.log.append(FreeBuildingOffered(player, options))
        _next_in_setup(work)


class _FreeBuilding(Step[PendingFreeBuilding, ChooseFreeBuilding]):
    """A player takes one of the top deck buildings for free (ABIL-8, INT-28)."""

    answers = (ChooseFreeBuilding,)
    owns = frozenset({"ABIL-8"})
    turn_decision = False

    def question(self, pending: PendingFreeBuilding) -> str:
        return "choosing a free building"

    def moves(self, state: GameState, pending: PendingFreeBuilding) -> tuple[Move, ...]:
        return tuple(ChooseFreeBuilding(c) for c in pending.options)

    def refusal(
        self, state: GameState, pending: PendingFreeBuilding, move: ChooseFreeBuilding
    ) -> Refusal | None:
        if move.card in pending.options:
            return None
        options = _either(state.cards.buildings[c].name for c in pending.options)
        return Refusal("ABIL-8", f"Take one of the top deck buildings: {options}.")

    def apply(self, work: Work, pending: PendingFreeBuilding, move: ChooseFreeBuilding) -> None:
        player = pending.player
        p = work.players[player]
        work.own(player, p.buildings, (*p.free_buildings, move.card))
        work.deck = tuple(c for c in work.deck if c != move.card)  # INT-28: the rest stay
        if work.log is not None:
            work.log.append(FreeBuildingTaken(player, move.card))
        _next_in_setup(work)


#: Choosing the starting goods.
STARTING_GOODS = _StartingGoods()
#: Keeping a character board.
CHARACTER = _Character()
#: Taking the free building.
FREE_BUILDING = _FreeBuilding()
