"""Immutable game state and the pending decisions it holds (rule TURN-6).

A :class:`GameState` is a frozen value. What remains to be decided in the current turn
is a stack of pending decisions (:attr:`GameState.pending`, the last item is the one to
decide now), never a callback: a frontend only ever asks "what can be chosen now?"
(:func:`harbour.legal_moves`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final, TypeAlias

import attr
import attrs

from harbour._pending import (
    BoardSite,
    CardSite,
    PendingCharacter,
    PendingEffect,
    PendingFreeBuilding,
    PendingGift,
    PendingMove,
    PendingPurchase,
    PendingShip,
    PendingStartingGoods,
    PendingToll,
    PendingTollAfter,
)
from harbour.cards.effects import Symbol
from harbour.cards.identity import built_in_card_set, card_set_digest, is_built_in
from harbour.cards.model import Building, CardSet, PlayerBoard
from harbour.facts import GAME
from harbour.goods import Good, Goods
from harbour.market import square_values
from harbour.options import RulesOptions
from meeplekit.display import shown_by

__all__ = [
    "MARKET_VALUES",
    "BoardSite",
    "CardSite",
    "GameState",
    "Layout",
    "Pending",
    "PendingCharacter",
    "PendingEffect",
    "PendingFreeBuilding",
    "PendingGift",
    "PendingMove",
    "PendingPurchase",
    "PendingShip",
    "PendingStartingGoods",
    "PendingToll",
    "PendingTollAfter",
    "PlayerState",
    "Site",
    "count_symbol",
    "make_player",
    "make_state",
]

#: The dollar value of the market squares, lowest to highest (BUY-2; ``GAME.market_values``).
MARKET_VALUES: tuple[int, int, int, int] = GAME.market_values


def count_symbol(cards: CardSet, board: int | None, owned: tuple[int, ...], symbol: Symbol) -> int:
    """How many ``symbol`` symbols a player owns (SYM-5): on their board and ``owned`` buildings.

    The one count of owner symbols, for frozen states and the engine's working copies.
    """
    return _symbol_counts(cards, board, owned)[symbol]


@functools.lru_cache(maxsize=4096)
def _symbol_counts(cards: CardSet, board: int | None, owned: tuple[int, ...]) -> dict[Symbol, int]:
    """Each owner symbol's count on a board and buildings (a player's change only by purchase)."""
    counts = dict.fromkeys(Symbol, 0)
    for symbol in cards.player_board(board).symbols:
        counts[symbol] += 1
    buildings = cards.buildings
    for index in owned:
        for symbol in buildings[index].symbols:
            counts[symbol] += 1
    return counts


_render = shown_by("harbour.views.view:render", "The referee's text view (VIEW-1).")
_picture = shown_by("harbour.views.svg:position", "The whole position as a picture.")

#: A building a pawn can stand on.
Site: TypeAlias = CardSite | BoardSite

#: A decision still to be taken in the current turn.
Pending: TypeAlias = (
    PendingCharacter
    | PendingFreeBuilding
    | PendingGift
    | PendingShip
    | PendingStartingGoods
    | PendingMove
    | PendingToll
    | PendingTollAfter
    | PendingEffect
    | PendingPurchase
)


class _PlayerSlots:
    """The storage of :class:`PlayerState`, shared with its builder (:data:`make_player`)."""

    __slots__ = ("_hash", "board", "bonus_card", "buildings", "free_buildings", "goods", "pawn")

    goods: Goods
    buildings: tuple[int, ...]
    pawn: Site | None
    board: int | None
    free_buildings: tuple[int, ...]
    bonus_card: int | None
    _hash: int


@attr.s(slots=True, frozen=True, init=False, eq=False, repr=False, hash=False, weakref_slot=False)
class PlayerState(_PlayerSlots):
    """One player's warehouse, buildings and pawn (immutable, equal and hashed by value)."""

    # One source for both builds. Compiled (mypyc), this is a native class, whose fields
    # the compiled engine reads and sets directly; of attrs' work only the fields list
    # (``attrs.fields``, cattrs) carries over to it, so ``__init__``, ``__eq__``,
    # ``__repr__``, ``__reduce__`` and the frozen ``__setattr__`` are written here, and
    # the fields' types are given to ``attr.ib`` as values (mypyc's annotations lose them).
    # ``object.__setattr__(self, name, value)`` goes around the frozen ``__setattr__``.

    #: Goods held, each 0..6.
    goods = attr.ib(type=Goods)
    #: Indices of the buildings bought, in the order bought.
    buildings = attr.ib(type=tuple[int, ...], default=())
    #: Where the pawn stands; ``None`` before the first move.
    pawn = attr.ib(type=Site | None, default=None)
    #: The character board (index into ``CardSet.characters``), or ``None`` for the generic side.
    board = attr.ib(type=int | None, default=None)
    #: Buildings received for free (ABIL-8): owned, but 0 VP and not counted for END-1.
    free_buildings = attr.ib(type=tuple[int, ...], default=())
    #: The secret bonus point card (index into ``CardSet.bonus_cards``), if any (BONUS-1).
    bonus_card = attr.ib(type=int | None, default=None)
    # The hidden slot (not a field), declared here too: compiled, a direct store finds
    # only the class's own attributes.
    _hash: int

    def __init__(
        self,
        goods: Goods,
        buildings: tuple[int, ...] = (),
        pawn: Site | None = None,
        board: int | None = None,
        free_buildings: tuple[int, ...] = (),
        bonus_card: int | None = None,
    ) -> None:
        object.__setattr__(self, "goods", goods)
        object.__setattr__(self, "buildings", buildings)
        object.__setattr__(self, "pawn", pawn)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "free_buildings", free_buildings)
        object.__setattr__(self, "bonus_card", bonus_card)

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if type(other) is not PlayerState:
            return NotImplemented
        return (
            self.goods == other.goods
            and self.buildings == other.buildings
            and self.pawn == other.pawn
            and self.board == other.board
            and self.free_buildings == other.free_buildings
            and self.bonus_card == other.bonus_card
        )

    def __repr__(self) -> str:
        return (
            f"PlayerState(goods={self.goods!r}, buildings={self.buildings!r}, "
            f"pawn={self.pawn!r}, board={self.board!r}, "
            f"free_buildings={self.free_buildings!r}, bonus_card={self.bonus_card!r})"
        )

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (
            PlayerState,
            (
                self.goods,
                self.buildings,
                self.pawn,
                self.board,
                self.free_buildings,
                self.bonus_card,
            ),
        )

    def __hash__(self) -> int:
        # Computed once, on first use (a slot, not a field: equality and copies ignore it).
        try:
            return self._hash
        except AttributeError:
            found = hash(
                (
                    self.goods,
                    self.buildings,
                    self.pawn,
                    self.board,
                    self.free_buildings,
                    self.bonus_card,
                )
            )
            object.__setattr__(self, "_hash", found)
            return found


class _PlayerBuilder(_PlayerSlots):
    """Fills a :class:`_PlayerSlots` and turns it into a :class:`PlayerState` (:data:`make_player`)."""

    __slots__ = ()

    def __init__(
        self,
        goods: Goods,
        buildings: tuple[int, ...],
        pawn: Site | None,
        board: int | None,
        free_buildings: tuple[int, ...],
        bonus_card: int | None,
    ) -> None:
        self.goods = goods
        self.buildings = buildings
        self.pawn = pawn
        self.board = board
        self.free_buildings = free_buildings
        self.bonus_card = bonus_card
        self.__class__ = PlayerState  # type: ignore[assignment]


#: Whether this module is compiled: mypyc makes :class:`GameState` and :class:`PlayerState`
#: native classes, whose own constructors store their fields directly (a native object
#: cannot change its class, so the builders serve the interpreted classes only).
_NATIVE: Final = hasattr(PlayerState, "__mypyc_attrs__")

#: The engine's constructor of :class:`PlayerState`: every field given, in order, nothing
#: checked. It builds the same value as ``PlayerState(...)`` in half the time (the builder
#: twin fills the slots and becomes a :class:`PlayerState`; compiled, the class itself):
#: the engine makes a new player for every move that changes one. Values from outside go
#: through the class (and :func:`harbour.validate`).
make_player: Callable[
    [Goods, tuple[int, ...], Site | None, int | None, tuple[int, ...], int | None], PlayerState
] = PlayerState if _NATIVE else _PlayerBuilder  # type: ignore[assignment]


_card_site = functools.cache(CardSite)
_board_site = functools.cache(BoardSite)


class Layout:
    """What a position's buildings are: derived from the state, never part of its value.

    It changes only when a building changes hands or the display changes (a purchase, a
    free building) or a player takes a character board (its symbols), so the engine hands
    a new state the layout of the state it came from unless the move changed one of those
    (:data:`make_state`).
    Every other way of making a state (the constructor, :func:`harbour.positions.replace`, a
    document, a pickle) leaves it to be worked out on first use (:attr:`GameState.layout`).
    Not for callers to change.
    """

    __slots__ = ("owners", "places", "sites", "symbols")

    def __init__(self, state: GameState) -> None:
        card = _card_site
        sites: list[Site] = [_board_site(p) for p in range(len(state.players))]
        sites.extend(map(card, state.display))
        owners: dict[int, int] = {}
        symbols = []
        cards = state.cards
        for seat, player in enumerate(state.players):
            # TURN-3's order: each player's bought buildings, then their free ones.
            owned = player.buildings + player.free_buildings
            for index in owned:
                sites.append(card(index))
                owners.setdefault(index, seat)
            symbols.append(_symbol_counts(cards, player.board, owned))
        #: Every building a pawn may stand on, in canonical order (TURN-3).
        self.sites: tuple[Site, ...] = tuple(sites)
        #: The seat owning each owned building, by card index.
        self.owners = owners
        #: Each site's place in :attr:`sites`.
        self.places = {site: i for i, site in enumerate(self.sites)}
        #: Each seat's count of each owner symbol (SYM-5).
        self.symbols: tuple[dict[Symbol, int], ...] = tuple(symbols)


class _StateSlots:
    """The storage of :class:`GameState`, shared with its builder (:data:`make_state`)."""

    __slots__ = (
        "_hash",
        "_layout",
        "ability_used",
        "bought_this_turn",
        "cards",
        "current",
        "deck",
        "deck_ran_out",
        "display",
        "last_round_turns",
        "market",
        "options",
        "players",
        "seed",
        "stack",
        "turn",
    )

    cards: CardSet
    options: RulesOptions
    seed: int
    players: tuple[PlayerState, ...]
    market: tuple[Good, Good, Good, Good]
    display: tuple[int, ...]
    deck: tuple[int, ...]
    current: int
    stack: tuple[Pending, ...]
    turn: int
    last_round_turns: int | None
    ability_used: bool
    deck_ran_out: bool
    bought_this_turn: int
    _hash: int
    _layout: Layout


@attr.s(slots=True, frozen=True, init=False, eq=False, repr=False, hash=False, weakref_slot=False)
class GameState(_StateSlots):
    """The whole state of a game of Harbour; create it with :func:`harbour.new_game`.

    Its ``repr`` is a one-line summary (the card set by name and digest); ``str(state)``
    is the text view of the whole position, the referee's (:func:`harbour.render` with no
    viewer: every secret shown; a player's view is ``render(state, viewer=seat)``), as
    python-chess's ``str(board)`` prints the board; :func:`harbour.to_json` writes every field.
    """

    # Immutable to callers: setting or deleting a field raises ``FrozenInstanceError``;
    # equality compares every field; the hash, computed once on first use, leaves out the
    # fields that stay the same through a game (cards, options, seed) and the deck, which
    # changes only with the display or a player's buildings (both hashed). Written out
    # for the compiled build, like :class:`PlayerState` (see there).

    #: The cards the game is played with.
    cards = attr.ib(type=CardSet, hash=False)
    #: The rule readings in force.
    options = attr.ib(type=RulesOptions, hash=False)
    #: The seed the setup was shuffled with.
    seed = attr.ib(type=int, hash=False)
    #: Players by seat; seat 0 is the starting player (SETUP-6).
    players = attr.ib(type=tuple[PlayerState, ...])
    #: The good on each market square, from the $2 square to the $5 square.
    market = attr.ib(type=tuple[Good, Good, Good, Good])
    #: Indices of the buildings face up in the display.
    display = attr.ib(type=tuple[int, ...])
    #: Indices of the buildings in the deck, top card first (secret).
    deck = attr.ib(type=tuple[int, ...], hash=False)
    #: The seat of the player whose turn (or setup step) it is; see :attr:`decider`.
    current = attr.ib(type=int)
    #: Pending decisions of the current turn, the one to decide now last.
    stack = attr.ib(type=tuple[Pending, ...])
    #: Number of turns begun (0 during setup).
    turn = attr.ib(type=int, default=0)
    #: Turns left in the last round, or ``None`` before it began (END-1).
    last_round_turns = attr.ib(type=int | None, default=None)
    #: Whether the once-per-turn ability was used this turn (ABIL-11).
    ability_used = attr.ib(type=bool, default=False)
    #: Whether a purchase this turn found the deck empty (INT-8, read when the turn ends).
    deck_ran_out = attr.ib(type=bool, default=False)
    #: Buildings bought in the current turn (INT-36 under ``PurchaseLimit.PER_TURN``).
    bought_this_turn = attr.ib(type=int, default=0)
    # The hidden slots (not fields), declared here too (see PlayerState).
    _hash: int
    _layout: Layout

    def __init__(
        self,
        cards: CardSet,
        options: RulesOptions,
        seed: int,
        players: tuple[PlayerState, ...],
        market: tuple[Good, Good, Good, Good],
        display: tuple[int, ...],
        deck: tuple[int, ...],
        current: int,
        stack: tuple[Pending, ...],
        turn: int = 0,
        last_round_turns: int | None = None,
        ability_used: bool = False,
        deck_ran_out: bool = False,
        bought_this_turn: int = 0,
    ) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "market", market)
        object.__setattr__(self, "display", display)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "current", current)
        object.__setattr__(self, "stack", stack)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "last_round_turns", last_round_turns)
        object.__setattr__(self, "ability_used", ability_used)
        object.__setattr__(self, "deck_ran_out", deck_ran_out)
        object.__setattr__(self, "bought_this_turn", bought_this_turn)

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if type(other) is not GameState:
            return NotImplemented
        return (
            self.cards == other.cards
            and self.options == other.options
            and self.seed == other.seed
            and self.players == other.players
            and self.market == other.market
            and self.display == other.display
            and self.deck == other.deck
            and self.current == other.current
            and self.stack == other.stack
            and self.turn == other.turn
            and self.last_round_turns == other.last_round_turns
            and self.ability_used == other.ability_used
            and self.deck_ran_out == other.deck_ran_out
            and self.bought_this_turn == other.bought_this_turn
        )

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            found = hash(
                (
                    self.players,
                    self.market,
                    self.display,
                    self.current,
                    self.stack,
                    self.turn,
                    self.last_round_turns,
                    self.ability_used,
                    self.deck_ran_out,
                    self.bought_this_turn,
                )
            )
            object.__setattr__(self, "_hash", found)
            return found

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # A built-in card set travels by name and digest, not by value (JSON-3).
        cards: object = self.cards
        if is_built_in(self.cards):
            cards = (self.cards.name, card_set_digest(self.cards))
        fields = tuple(getattr(self, f.name) for f in attrs.fields(GameState)[1:])
        return (_unpickle_state, (cards, *fields))

    def __repr__(self) -> str:
        if not self.stack:
            now = "over"
        elif self.turn == 0:
            now = f"setup, Player {self.decider + 1} to decide {self.stack[-1]!r}"
        else:
            now = f"turn {self.turn}, Player {self.decider + 1} to decide {self.stack[-1]!r}"
        return f"<GameState {len(self.players)} players, {now}, {self.cards!r}>"

    # Methods, not shown_by's functions as class attributes: a native class (compiled)
    # takes only methods; the views are found by name, as shown_by does (no import circle).
    def __str__(self) -> str:
        """The referee's text view of the position (:func:`harbour.render`, VIEW-1)."""
        return _render(self)

    def _repr_svg_(self) -> str:
        """The whole position as a picture, for Jupyter (:func:`harbour.views.svg.position`)."""
        return _picture(self)

    @property
    def is_over(self) -> bool:
        """True when the game has ended (END-2)."""
        return not self.stack

    @property
    def pending(self) -> Pending | None:
        """The decision to take now, or ``None`` when the game is over."""
        return self.stack[-1] if self.stack else None

    @property
    def in_setup(self) -> bool:
        """True while setup decisions (characters, free buildings, starting goods) remain."""
        return self.turn == 0 and bool(self.stack)

    @property
    def decider(self) -> int:
        """The seat of the player who decides now (a gift may be decided out of turn)."""
        top = self.pending
        if isinstance(top, PendingGift | PendingCharacter | PendingFreeBuilding):
            return top.player
        return self.current

    def board_of(self, player: int) -> PlayerBoard:
        """The player board side ``player`` plays with (generic or character)."""
        return self.cards.player_board(self.players[player].board)

    def building(self, index: int) -> Building:
        """The building card with this index."""
        return self.cards.buildings[index]

    def owner_of(self, site: Site) -> int | None:
        """The seat owning a building, or ``None`` for a display building."""
        if isinstance(site, BoardSite):
            return site.player
        return self.layout.owners.get(site.card)

    @property
    def layout(self) -> Layout:
        """The buildings in play and their owners, worked out once (see :class:`Layout`)."""
        try:
            return self._layout
        except AttributeError:
            found = Layout(self)
            object.__setattr__(self, "_layout", found)
            return found

    def symbols(self, player: int) -> tuple[Symbol, ...]:
        """Every owner symbol the player owns, starting building included (SYM-5)."""
        out = list(self.board_of(player).symbols)
        state = self.players[player]
        for index in state.buildings + state.free_buildings:
            out.extend(self.cards.buildings[index].symbols)
        return tuple(out)

    def symbol_count(self, player: int, symbol: Symbol) -> int:
        """How many of one owner symbol the player owns (SYM-5)."""
        return self.layout.symbols[player][symbol]

    def square_of(self, good: Good) -> int:
        """The market square (0 = $2 .. 3 = $5) the good is on."""
        return self.market.index(good)

    def value_of(self, good: Good) -> int:
        """The dollar value of the good's market square (BUY-2)."""
        return square_values(self.market)[good]

    def site_name(self, site: Site) -> str:
        """The building's name, for messages."""
        if isinstance(site, BoardSite):
            return f"Player {site.player + 1}'s {self.board_of(site.player).name}"
        return self.cards.buildings[site.card].name


class _StateBuilder(_StateSlots):
    """Fills a :class:`_StateSlots` and turns it into a :class:`GameState` (:data:`make_state`)."""

    __slots__ = ()

    def __init__(
        self,
        cards: CardSet,
        options: RulesOptions,
        seed: int,
        players: tuple[PlayerState, ...],
        market: tuple[Good, Good, Good, Good],
        display: tuple[int, ...],
        deck: tuple[int, ...],
        current: int,
        stack: tuple[Pending, ...],
        turn: int,
        last_round_turns: int | None,
        ability_used: bool,
        deck_ran_out: bool,
        bought_this_turn: int,
        layout: Layout | None = None,
    ) -> None:
        if layout is not None:
            self._layout = layout
        self.cards = cards
        self.options = options
        self.seed = seed
        self.players = players
        self.market = market
        self.display = display
        self.deck = deck
        self.current = current
        self.stack = stack
        self.turn = turn
        self.last_round_turns = last_round_turns
        self.ability_used = ability_used
        self.deck_ran_out = deck_ran_out
        self.bought_this_turn = bought_this_turn
        self.__class__ = GameState  # type: ignore[assignment]


def _native_state(
    cards: CardSet,
    options: RulesOptions,
    seed: int,
    players: tuple[PlayerState, ...],
    market: tuple[Good, Good, Good, Good],
    display: tuple[int, ...],
    deck: tuple[int, ...],
    current: int,
    stack: tuple[Pending, ...],
    turn: int,
    last_round_turns: int | None,
    ability_used: bool,
    deck_ran_out: bool,
    bought_this_turn: int,
    layout: Layout | None = None,
) -> GameState:
    """:data:`make_state` of the compiled build, where the class's own constructor is fast."""
    made = GameState(
        cards,
        options,
        seed,
        players,
        market,
        display,
        deck,
        current,
        stack,
        turn,
        last_round_turns,
        ability_used,
        deck_ran_out,
        bought_this_turn,
    )
    if layout is not None:
        object.__setattr__(made, "_layout", layout)
    return made


#: The engine's constructor of :class:`GameState`: every field given in order (then the
#: :class:`Layout` of the state it came from when the move changed no building's place, or
#: ``None``), nothing checked. It builds the same value as ``GameState(...)`` in a third of
#: the time, by filling the slots the two classes share and then making the object a
#: :class:`GameState` (compiled, through the class's own constructor): the engine makes a
#: new state for every move. Values from outside go through the class (and
#: :func:`harbour.validate`).
make_state: Callable[
    [
        CardSet,
        RulesOptions,
        int,
        tuple[PlayerState, ...],
        tuple[Good, Good, Good, Good],
        tuple[int, ...],
        tuple[int, ...],
        int,
        tuple[Pending, ...],
        int,
        int | None,
        bool,
        bool,
        int,
        Layout | None,
    ],
    GameState,
] = _native_state if _NATIVE else _StateBuilder  # type: ignore[assignment]


def _unpickle_state(cards: CardSet | tuple[str, str], *fields: object) -> GameState:
    """Rebuild a pickled :class:`GameState`, finding a built-in card set by name and digest."""
    if isinstance(cards, tuple):
        cards = built_in_card_set(*cards)
    return GameState(cards, *fields)  # type: ignore[arg-type]
