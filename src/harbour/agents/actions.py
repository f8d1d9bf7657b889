"""Integer actions: every move as a number of a fixed range, for learning agents (CODE-1 to CODE-6).

Reinforcement-learning frameworks (OpenSpiel, PettingZoo, gymnasium) name a decision by an
integer of a fixed range and choose among the legal ones with a mask. This module lays out
every move a card set's rules can ever make legal in one range, ``0`` to
``num_distinct_actions(cards) - 1``: a block of codes per move type, each move's fields
numbered inside its block (the table is on the "Integer actions" page of the
specification).

- :func:`encode` gives a move's code and :func:`decode` the move of a code. A move has the
  same code in every state of every game played with the same card set, whatever the
  number of players (CODE-2).
- :func:`legal_actions` gives the codes of :func:`harbour.legal_moves`, ascending, one per
  legal move (CODE-4); :func:`legal_action_mask` the same as bytes (CODE-5).
- :func:`encode` and :func:`decode` read only the card set and the number of players, so
  they take anything that has ``cards`` and ``players`` (:class:`Table`): a
  :class:`~harbour.state.GameState`, or a player's observation.

>>> import harbour
>>> from harbour.agents import actions
>>> state = harbour.new_game(2, seed=42)
>>> actions.num_distinct_actions(state.cards)
4991
>>> codes = actions.legal_actions(state)
>>> len(codes) == len(harbour.legal_moves(state)), codes[:3]
(True, (0, 1, 2))
>>> actions.decode(state, 2)
ChooseStartingGoods(goods=Goods(fish=2, livestock=0, wood=1, stone=0))
>>> actions.encode(state, harbour.ChooseStartingGoods(harbour.Goods(fish=2, wood=1)))
2
>>> state = harbour.apply_move(state, actions.decode(state, 2))
>>> mask = actions.legal_action_mask(state)
>>> len(mask), list(mask[:4]), sum(mask) == len(harbour.legal_moves(state))
(4991, [1, 1, 1, 1], True)

A code that is in range but names a move not legal now decodes to that move, which
:func:`harbour.apply_move` then refuses with the rule it breaks (CODE-6).
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb
from typing import Final, Protocol

import attrs

from harbour.cards.abilities import (
    AlchemistConversion,
    FreeBuildingAtSetup,
    GainOnPurchase,
    GainWhenOthersUseStart,
    OncePerTurnConversion,
    ShareOccupiedBuildings,
)
from harbour.cards.effects import Buy, Effect, GainChoice, OneOf, Symbol, TwoPart
from harbour.cards.limits import MAX_OPTIONS
from harbour.cards.model import CardSet
from harbour.engine import legal_moves
from harbour.errors import InvalidMoveError, InvalidValueError
from harbour.facts import GAME
from harbour.goods import GOODS, Good, Goods
from harbour.moves import (
    MOVE_TYPES,
    ChooseCharacter,
    ChooseFreeBuilding,
    ChooseOption,
    ChoosePart,
    ChooseStartingGoods,
    DeferToll,
    ExchangeGoods,
    Move,
    MovePawn,
    PayToll,
    Purchase,
    SellToTraders,
    Ship,
    SwapSquares,
    TakeGoods,
    UseAbility,
    out_of_range,
    well_formed_in,
)
from harbour.options import AlchemistReading
from harbour.state import BoardSite, CardSite, GameState
from meeplekit.memo import Memo
from meeplekit.values import integer, not_a, shown

__all__ = [
    "BLOCK_ORDER",
    "MAX_MASK",
    "ActionBlock",
    "Table",
    "action_blocks",
    "decode",
    "encode",
    "goods_rank",
    "legal_action_mask",
    "legal_actions",
    "num_distinct_actions",
]

#: The move types in the order of their blocks (CODE-1).
BLOCK_ORDER: Final[tuple[type, ...]] = (
    ChooseStartingGoods,
    ChooseCharacter,
    ChooseFreeBuilding,
    MovePawn,
    PayToll,
    DeferToll,
    ChooseOption,
    ChoosePart,
    TakeGoods,
    ExchangeGoods,
    SwapSquares,
    Ship,
    SellToTraders,
    UseAbility,
    Purchase,
)
assert set(BLOCK_ORDER) == set(MOVE_TYPES)

#: Starting buildings have a code for every seat a game can have (COMP-1), so the action
#: space does not depend on the number of players.
_SEATS: Final = GAME.max_players
#: The ranks (:func:`goods_rank`) of 3 goods start here (SETUP-4): ranks below hold fewer.
_THREE_GOODS_START: Final = comb(GAME.starting_goods + 3, 4)
#: The choices of starting goods (SETUP-4), and the first game's one of each (SETUP-5).
_STARTING_CHOICES: Final = comb(GAME.starting_goods + 3, 3)
_FIRST_GAME_GOODS: Final = Goods(1, 1, 1, 1)
#: Nonempty sets of goods (ACT-5) and ordered pairs of different goods (ABIL-11).
_GOOD_SETS: Final = (1 << len(GOODS)) - 1
_GOOD_PAIRS: Final = len(GOODS) * (len(GOODS) - 1)
#: The market swaps in order (ACT-6).
_SWAPS: Final = tuple(combinations(range(GAME.market_squares), 2))
_SWAP_CODES: Final = {pair: i for i, pair in enumerate(_SWAPS)}


class Table(Protocol):
    """What :func:`encode` and :func:`decode` read: the card set and the seats.

    A :class:`~harbour.state.GameState` is one, and so is any value with these two
    attributes, such as a player's observation.
    """

    @property
    def cards(self) -> CardSet:
        """The card set the game is played with."""
        ...

    @property
    def players(self) -> Sequence[object]:
        """One entry per seat."""
        ...


@attrs.frozen(slots=True)
class ActionBlock:
    """The codes of one move type: ``offset`` up to ``offset + size`` (not included) (CODE-1).

    A block of size 0 holds a move type no game with the card set can ever offer.
    """

    #: The move class whose moves the block codes.
    move_type: type
    #: The first code of the block.
    offset: int
    #: The number of codes in the block.
    size: int

    @property
    def stop(self) -> int:
        """The first code after the block."""
        return self.offset + self.size


# --------------------------------------------------------------------------- ranks


def goods_rank(goods: Goods) -> int:
    """The number of a count of goods: 0 for none, then by total, as CODE-1 writes it.

    With counts ``f, l, w, s`` (fish, livestock, wood, stone) the rank is
    ``C(s, 1) + C(s+w+1, 2) + C(s+w+l+2, 3) + C(s+w+l+f+3, 4)``: the colex rank of the
    stars-and-bars set ``{s, s+w+1, s+w+l+2, s+w+l+f+3}``. The counts of total at most
    ``t`` are exactly the ranks below ``C(t+4, 4)``.

    >>> [goods_rank(Goods(*g)) for g in [(0, 0, 0, 0), (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 0, 1)]]
    [0, 1, 2, 4]
    """
    f, li, w, s = goods.as_tuple()
    b = s + w + 1
    c = b + li + 1
    return s + comb(b, 2) + comb(c, 3) + comb(c + f + 1, 4)


def _unrank(rank: int, size: int) -> list[int]:
    """The ``size``-set of numbers whose colex rank is ``rank``, ascending."""
    out = []
    for i in range(size, 0, -1):
        top = i - 1
        while comb(top + 1, i) <= rank:
            top += 1
        rank -= comb(top, i)
        out.append(top)
    out.reverse()
    return out


def _colex(positions: Sequence[int]) -> int:
    """The colex rank of a set of numbers given ascending."""
    return sum(comb(p, i) for i, p in enumerate(positions, 1))


def _goods_of(rank: int) -> Goods:
    """The count of goods of this :func:`goods_rank`."""
    a, b, c, d = _unrank(rank, 4)
    return Goods(d - c - 1, c - b - 1, b - a - 1, a)


# --------------------------------------------------------------------------- the space


def _effects(cards: CardSet) -> Iterator[Effect]:
    """Every action and part of an action printed in the card set (buildings and boards)."""
    todo: list[Effect] = [b.action for b in cards.buildings]
    todo += [board.action for board in (cards.board, *cards.characters)]
    while todo:
        effect = todo.pop()
        yield effect
        if isinstance(effect, TwoPart):
            todo.extend(effect.parts)
        elif isinstance(effect, OneOf):
            todo.extend(effect.options)


class _NoCode(Exception):
    """A well-formed move outside the card set's action space; the text says why."""


class _Space:
    """One card set's action space: its bounds, blocks and memos of codes and moves."""

    __slots__ = (
        "blocks",
        "buy_count",
        "by_position",
        "characters",
        "codes",
        "fee_most",
        "free",
        "gift_most",
        "keep_most",
        "moves",
        "name",
        "offsets",
        "position",
        "purchase_offsets",
        "radix",
        "size",
        "starts",
    )

    def __init__(self, cards: CardSet) -> None:
        self.name = cards.name
        buildings = len(cards.buildings)
        self.characters = len(cards.characters)
        effects = list(_effects(cards))
        abilities = [board.ability for board in cards.characters]
        # BUY-5: the most buildings one purchase buys.
        self.buy_count = max((e.count for e in effects if isinstance(e, Buy)), default=0)
        # ACT-2, ABIL-6 (INT-31), ABIL-7, ABIL-10: the most goods of choice one decision takes.
        gifts = [e.amount for e in effects if isinstance(e, GainChoice)]
        for ability in abilities:
            if isinstance(ability, GainOnPurchase):
                gifts.append(ability.amount * self.buy_count)
            elif isinstance(ability, GainWhenOthersUseStart):
                gifts.append(ability.amount)
            elif isinstance(ability, ShareOccupiedBuildings):
                gifts.append(ability.gift)
        self.gift_most = max(gifts, default=0)
        # SYM-3, GOODS-2: units of one shipped good kept by warehouse symbols, at most the
        # symbols one player can own and never above the goods cap.
        warehouses = max(
            b.symbols.count(Symbol.WAREHOUSE) for b in (cards.board, *cards.characters)
        )
        warehouses += sum(b.symbols.count(Symbol.WAREHOUSE) for b in cards.buildings)
        self.keep_most = min(GAME.goods_cap, warehouses)
        self.radix = self.keep_most + 2
        # ABIL-11, INT-24: the largest fee of a once-per-turn conversion (-1: none).
        fees = [-1]
        for ability in abilities:
            if isinstance(ability, AlchemistConversion):
                fees.extend(reading.terms[0] for reading in AlchemistReading)
            elif isinstance(ability, OncePerTurnConversion):
                fees.append(ability.fee)
        self.fee_most = max(fees)
        # ABIL-8: free buildings only where a character takes one.
        takes = any(isinstance(a, FreeBuildingAtSetup) for a in abilities)
        self.free = buildings if takes else 0
        # BUY-7: only buildings with a price are bought.
        self.by_position = tuple(i for i, b in enumerate(cards.buildings) if b.cost is not None)
        position = [-1] * buildings
        for p, card in enumerate(self.by_position):
            position[card] = p
        self.position = tuple(position)
        priced = len(self.by_position)
        self.purchase_offsets = [0]
        for size in range(self.buy_count + 1):
            self.purchase_offsets.append(self.purchase_offsets[-1] + comb(priced, size))
        sizes = (
            _STARTING_CHOICES + 1,
            self.characters,
            self.free,
            _SEATS + buildings,
            len(GOODS),
            1,
            MAX_OPTIONS,
            2,
            comb(self.gift_most + 4, 4) - 1,
            len(GOODS) * _GOOD_SETS,
            len(_SWAPS),
            self.radix ** len(GOODS),
            1,
            _GOOD_PAIRS * comb(self.fee_most + 4, 4) if self.fee_most >= 0 else 0,
            self.purchase_offsets[-1],
        )
        blocks = []
        offset = 0
        for kind, size in zip(BLOCK_ORDER, sizes, strict=True):
            blocks.append(ActionBlock(kind, offset, size))
            offset += size
        self.blocks = tuple(blocks)
        self.offsets = {block.move_type: block.offset for block in blocks}
        self.starts = [block.offset for block in blocks]
        self.size = offset
        #: Memos: the code of each move met, and the move of each code decoded.
        self.codes: dict[Move, int] = {}
        self.moves: dict[int, Move] = {}

    # ----------------------------------------------------------------------- encoding

    def code(self, move: Move) -> int:
        """The code of a well-formed move of the card set; :class:`_NoCode` if it has none."""
        found = self.codes.get(move)
        if found is None:
            found = self.offsets[type(move)] + self._local(move)
            if len(self.codes) >= _MEMO_LIMIT:
                self.codes.clear()
            self.codes[move] = found
        return found

    def _local(self, move: Move) -> int:
        """The move's number inside its block."""
        match move:
            case ChooseStartingGoods(goods=goods):
                if goods == _FIRST_GAME_GOODS:
                    return _STARTING_CHOICES
                if goods.total != GAME.starting_goods:
                    raise _NoCode(
                        f"starting goods are {GAME.starting_goods} goods (SETUP-4) or one of "
                        "each in the first game (SETUP-5)"
                    )
                return goods_rank(goods) - _THREE_GOODS_START
            case ChooseCharacter(board=board):
                return board
            case ChooseFreeBuilding(card=card):
                if not self.free:
                    raise _NoCode("no character of the card set takes a free building (ABIL-8)")
                return card
            case MovePawn(site=BoardSite(player=seat)):
                if seat >= _SEATS:
                    raise _NoCode(f"a game has at most {_SEATS} seats (COMP-1)")
                return seat
            case MovePawn(site=CardSite(card=card)):
                return _SEATS + card
            case PayToll(good=good):
                return int(good)
            case ChooseOption(index=index):
                if index >= MAX_OPTIONS:
                    raise _NoCode(f"an either-or action has at most {MAX_OPTIONS} options (ACT-8)")
                return index
            case ChoosePart(index=index):
                return index
            case TakeGoods(goods=goods):
                if not 1 <= goods.total <= self.gift_most:
                    raise _NoCode(
                        f"a choice of goods takes 1 to {self.gift_most} goods with this card "
                        "set (ACT-2, ABIL-6, ABIL-7, ABIL-10)"
                    )
                return goods_rank(goods) - 1
            case ExchangeGoods(spend=spend, gain=gain):
                return _GOOD_SETS * int(spend) + sum(1 << int(g) for g in gain) - 1
            case SwapSquares(first=first, second=second):
                return _SWAP_CODES[first, second]
            case Ship(goods=shipped, keep=keep):
                return self._ship(shipped, keep)
            case UseAbility(fee=fee, spend=spend, gain=gain):
                if self.fee_most < 0:
                    raise _NoCode("no character of the card set has a conversion (ABIL-11)")
                if spend == gain:
                    raise _NoCode("the conversion turns goods into another kind (ABIL-11)")
                if fee.total > self.fee_most:
                    raise _NoCode(
                        f"a conversion's fee is at most {self.fee_most} good(s) with this card "
                        "set (ABIL-11, INT-24)"
                    )
                pair = (len(GOODS) - 1) * spend + gain - (gain > spend)
                return _GOOD_PAIRS * goods_rank(fee) + pair
            case Purchase(cards=cards):
                return self._purchase(cards)
            case DeferToll() | SellToTraders():
                return 0
        raise AssertionError(move)  # pragma: no cover - every move type is matched

    def _ship(self, shipped: tuple[Good, ...], keep: Goods) -> int:
        code = 0
        for good in reversed(GOODS):
            kept = keep[good]
            if good in shipped:
                if kept > self.keep_most:
                    raise _NoCode(
                        f"at most {self.keep_most} unit(s) of a good are kept with this card "
                        "set (SYM-3, GOODS-2)"
                    )
                digit = 1 + kept
            elif kept:
                raise _NoCode("only shipped goods are kept (SYM-3)")
            else:
                digit = 0
            code = code * self.radix + digit
        return code

    def _purchase(self, cards: tuple[int, ...]) -> int:
        positions = [self.position[card] for card in cards]
        if -1 in positions:
            raise _NoCode("a building without a price is never bought (BUY-7)")
        if len(cards) > self.buy_count:
            raise _NoCode(
                f"a purchase buys at most {self.buy_count} building(s) with this card set (BUY-5)"
            )
        return self.purchase_offsets[len(cards)] + _colex(positions)

    # ----------------------------------------------------------------------- decoding

    def move(self, code: int) -> Move:
        """The move of a code in range."""
        found = self.moves.get(code)
        if found is None:
            # An empty block starts where the next one does, so the last block starting at
            # or before the code is the code's (the last block, Purchase, is never empty).
            block = self.blocks[bisect_right(self.starts, code) - 1]
            found = self._decode(block.move_type, code - block.offset)
            if len(self.moves) >= _MEMO_LIMIT:
                self.moves.clear()
            self.moves[code] = found
        return found

    def _decode(self, kind: type, local: int) -> Move:
        if kind is ChooseStartingGoods:
            if local == _STARTING_CHOICES:
                return ChooseStartingGoods(_FIRST_GAME_GOODS)
            return ChooseStartingGoods(_goods_of(local + _THREE_GOODS_START))
        if kind is ChooseCharacter:
            return ChooseCharacter(local)
        if kind is ChooseFreeBuilding:
            return ChooseFreeBuilding(local)
        if kind is MovePawn:
            return MovePawn(BoardSite(local) if local < _SEATS else CardSite(local - _SEATS))
        if kind is PayToll:
            return PayToll(GOODS[local])
        if kind is DeferToll:
            return DeferToll()
        if kind is ChooseOption:
            return ChooseOption(local)
        if kind is ChoosePart:
            return ChoosePart(local)
        if kind is TakeGoods:
            return TakeGoods(_goods_of(local + 1))
        if kind is ExchangeGoods:
            spend, gained = divmod(local, _GOOD_SETS)
            return ExchangeGoods(GOODS[spend], tuple(g for g in GOODS if (gained + 1) >> g & 1))
        if kind is SwapSquares:
            return SwapSquares(*_SWAPS[local])
        if kind is Ship:
            shipped = []
            kept = [0, 0, 0, 0]
            for good in GOODS:
                local, digit = divmod(local, self.radix)
                if digit:
                    shipped.append(good)
                    kept[good] = digit - 1
            return Ship(tuple(shipped), Goods.of((kept[0], kept[1], kept[2], kept[3])))
        if kind is SellToTraders:
            return SellToTraders()
        if kind is UseAbility:
            fee, pair = divmod(local, _GOOD_PAIRS)
            spend, other = divmod(pair, len(GOODS) - 1)
            gain = other + (other >= spend)
            return UseAbility(_goods_of(fee), GOODS[spend], GOODS[gain])
        assert kind is Purchase
        size = bisect_right(self.purchase_offsets, local) - 1
        positions = _unrank(local - self.purchase_offsets[size], size)
        return Purchase(tuple(self.by_position[p] for p in positions))


#: A memo of codes or moves is emptied when it reaches this many entries (only a card set
#: with a huge action space gets there).
_MEMO_LIMIT: Final = 200_000


@functools.lru_cache(maxsize=16)
def _space(cards: CardSet) -> _Space:
    return _Space(cards)


#: The card set met last and its space: a memo (one tuple, replaced whole) for the common
#: case of many calls in a row about the same game.
_LAST_SPACE: Memo[CardSet, _Space] = Memo()


def _space_of(cards: CardSet) -> _Space:
    space = _LAST_SPACE.get(cards)
    if space is not None:
        return space
    if type(cards) is not CardSet:
        raise InvalidValueError(f"expected a CardSet, got {shown(cards)}")
    return _LAST_SPACE.put(cards, _space(cards))


def _table(state: object) -> tuple[_Space, CardSet, int]:
    """The action space, card set and number of seats of ``state``, a :class:`Table`.

    Raises :class:`~harbour.errors.InvalidValueError` for a value without a card set and a
    tuple of seats (INPUT-5).
    """
    cards = getattr(state, "cards", None)
    players = getattr(state, "players", None)
    if type(cards) is not CardSet or type(players) is not tuple:
        raise InvalidValueError(
            f"expected a GameState or an Observation (a card set and a tuple of seats), got "
            f"{shown(state)} ({type(state).__qualname__})"
        )
    return _space_of(cards), cards, len(players)


def _state(state: object) -> GameState:
    """``state`` if it is a :class:`~harbour.state.GameState`; else InvalidValueError (INPUT-5)."""
    if not isinstance(state, GameState):
        raise not_a(GameState, state, InvalidValueError)
    return state


# --------------------------------------------------------------------------- public API


def num_distinct_actions(cards: CardSet) -> int:
    """The number of action codes of the card set: codes run from 0 to this minus 1 (CODE-1).

    It depends on the card set only, not on the number of players or the rule readings.
    """
    return _space_of(cards).size


def action_blocks(cards: CardSet) -> tuple[ActionBlock, ...]:
    """The blocks of the card set's action space, one per move type, in code order (CODE-1).

    >>> from harbour.cards import ORIGINAL_SET
    >>> [(b.move_type.__name__, b.size) for b in action_blocks(ORIGINAL_SET)][:4]
    [('ChooseStartingGoods', 21), ('ChooseCharacter', 8), ('ChooseFreeBuilding', 36), ('MovePawn', 40)]
    """
    return _space_of(cards).blocks


def encode(state: Table, move: Move) -> int:
    """The code of ``move`` in the game of ``state`` (CODE-2).

    The code depends only on the move and the card set: the same in every state of every
    game with that card set. A move whose fields name a set (a purchase, a shipment) has
    one code whatever order they were given in. Raises
    :class:`~harbour.errors.InvalidMoveError` for a value that is not a move (also one
    made around its constructor that the constructor refuses, INPUT-1), a move naming a
    building, board or seat the game does not have, and a move no game with the card set
    can ever offer (the message names the rule that bounds it) (CODE-6);
    :class:`~harbour.errors.InvalidValueError` for a ``state`` that is no :class:`Table`.
    """
    space, cards, players = _table(state)
    made = well_formed_in(move, cards, players)
    try:
        return space.code(made)
    except _NoCode as why:
        raise InvalidMoveError(
            f"{shown(made)} has no action code: no game with the card set {space.name!r} "
            f"offers it, as {why}"
        ) from None


def decode(state: Table, action: int) -> Move:
    """The move whose code is ``action`` in the game of ``state`` (CODE-2, CODE-6).

    ``action`` is an ``int`` (or an integer such as ``numpy.int64``; not a ``bool``) from 0
    to :func:`num_distinct_actions` minus 1. Every such code decodes to its move, legal now
    or not: :func:`harbour.apply_move` refuses an illegal one, naming the rule. Raises
    :class:`~harbour.errors.InvalidMoveError` for anything else, and for a code naming a
    seat the game does not have (``MovePawn(BoardSite(3))`` in a game of 2 players);
    :class:`~harbour.errors.InvalidValueError` for a ``state`` that is no :class:`Table`.
    """
    space, cards, players = _table(state)
    code = integer(action)
    if code is None:
        raise InvalidMoveError(f"an action is a whole number, got {shown(action)}")
    if not 0 <= code < space.size:
        raise InvalidMoveError(
            f"no action {shown(code)}: the card set {space.name!r} has actions 0 to "
            f"{space.size - 1}"
        )
    move = space.move(code)
    problem = out_of_range(move, len(cards.buildings), space.characters, players)
    if problem is not None:
        raise InvalidMoveError(f"action {code} is {move!r}: {problem}")
    return move


#: The last state :func:`legal_actions` listed and its codes: a memo (one tuple, replaced
#: whole) for a mask asked for right after the codes, as environments do.
_LAST_ACTIONS: Memo[GameState, tuple[int, ...]] = Memo()


def legal_actions(state: GameState) -> tuple[int, ...]:
    """The codes of the legal moves now, ascending, one per legal move (CODE-4).

    Empty exactly when the game is over. Raises :class:`~harbour.errors.InvalidValueError`
    for a value that is not a :class:`~harbour.state.GameState` (INPUT-5).
    """
    found = _LAST_ACTIONS.get(state)
    if found is not None:
        return found
    space = _space_of(_state(state).cards)
    codes = space.codes
    out = []
    for move in legal_moves(state):
        code = codes.get(move)
        out.append(space.code(move) if code is None else code)
    out.sort()
    return _LAST_ACTIONS.put(state, tuple(out))


#: The most codes a card set may have for :func:`legal_action_mask` (CODE-5).
MAX_MASK: Final = 2**24


def legal_action_mask(state: GameState) -> bytes:
    """One byte per action code: 1 at the codes of the legal moves, 0 elsewhere (CODE-5).

    Its length is :func:`num_distinct_actions`. NumPy is not needed; with it,
    ``numpy.frombuffer(mask, dtype=numpy.bool_)`` views the mask as an array without a copy.
    Raises :class:`~harbour.errors.InvalidValueError` for a card set of more than
    :data:`MAX_MASK` codes (CODE-3), whose mask would not fit in memory, and for a value
    that is not a :class:`~harbour.state.GameState` (INPUT-5).
    """
    size = _space_of(_state(state).cards).size
    if size > MAX_MASK:
        raise InvalidValueError(
            f"the card set {state.cards.name!r} has {size:,} action codes, too many for a mask "
            f"(at most {MAX_MASK:,}); use legal_actions"
        )
    mask = bytearray(size)
    for code in legal_actions(state):
        mask[code] = 1
    return bytes(mask)
