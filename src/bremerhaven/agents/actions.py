"""Integer actions: every move as a number of one fixed range, for learning agents (BH-CODE-1 to BH-CODE-6).

Reinforcement-learning frameworks (OpenSpiel, PettingZoo, gymnasium) name a decision by an
integer of a fixed range and choose among the legal ones with a mask. This module lays out
every move a card set's rules can ever make legal in one range, ``0`` to
``num_distinct_actions(cards) - 1`` (254 codes for the original set): a block of codes per
move type, each move's fields numbered inside its block (the table is on the "Integer
actions" page of the specification). The functions have the names and signatures of
:mod:`harbour.agents.actions`: like Harbour's, the space depends on the card set, whose Building
and Price cards the ``Build`` and ``ChoosePrice`` blocks count, and on nothing else.

- :func:`encode` gives a move's code and :func:`decode` the move of a code. A move has the
  same code in every state of every game played with the same card set, whatever the
  options and the number of players (BH-CODE-2).
- Bremerhaven has no chance nodes (BH-ENGINE-10), so every code is a player's decision.
- :func:`legal_actions` gives the codes of :func:`bremerhaven.legal_moves`, ascending;
  :func:`legal_action_mask` the same as bytes (BH-CODE-4, BH-CODE-5).
- :func:`encode` and :func:`decode` read only the card set and the number of seats at the
  table, so they take anything with ``cards`` and ``players`` (:class:`Table`).

>>> import bremerhaven
>>> from bremerhaven.agents import actions
>>> state = bremerhaven.new_game(2, seed=42)
>>> actions.num_distinct_actions(state.cards)
254
>>> actions.legal_actions(state)[:3]  # the Captain's first bid
(4, 5, 6)
>>> actions.decode(state, 4), actions.encode(state, bremerhaven.Bid(bremerhaven.Space.GROW, 5))
(Bid(space=<Space.PARKING: 0>, value=1), 35)
>>> mask = actions.legal_action_mask(state)
>>> len(mask), sum(mask) == len(bremerhaven.legal_moves(state))
(254, True)

A code that is in range but names a move not legal now decodes to that move, which
:func:`bremerhaven.apply_move` then refuses with the rule it breaks (BH-CODE-6).
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections.abc import Sequence
from typing import Final, Protocol, get_args

import attrs

from bremerhaven.cards.model import (
    BOLLARD_WALLS,
    DOCKS,
    LOADING_DOCKS,
    SPACES,
    CardSet,
    Good,
    Space,
)
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.engine import legal_moves
from bremerhaven.errors import InvalidMoveError, InvalidValueError
from bremerhaven.moves import (
    Berth,
    Bid,
    Build,
    BuyPermit,
    ChoosePrice,
    ClearCover,
    Deliver,
    EndMovement,
    EndPermits,
    EndProduction,
    Move,
    Pack,
    PayDifference,
    PlaceBollard,
    PlaceContract,
    Produce,
    ResolveContract,
    RotatePrices,
    StartingGood,
    SwapRanks,
    Unload,
    Unpack,
    well_formed,
)
from bremerhaven.state import GameState
from meeplekit.memo import Memo
from meeplekit.values import integer, shown

__all__ = [
    "BLOCK_ORDER",
    "PRICE_POSITIONS",
    "VALUES",
    "ActionBlock",
    "Table",
    "action_blocks",
    "block_of",
    "decode",
    "encode",
    "legal_action_mask",
    "legal_actions",
    "num_distinct_actions",
]

#: The move types in the order of their blocks (BH-CODE-1): the order a game asks them
#: (BH-ENGINE-2), the order of :data:`bremerhaven.moves.Move`; the move types added later
#: (the readings' ``ResolveContract`` and ``RotatePrices``) come last, so that every
#: earlier move keeps its code.
BLOCK_ORDER: Final[tuple[type, ...]] = (
    StartingGood,
    Bid,
    BuyPermit,
    PlaceBollard,
    ClearCover,
    Build,
    EndPermits,
    PayDifference,
    ChoosePrice,
    SwapRanks,
    Berth,
    PlaceContract,
    Produce,
    EndProduction,
    Unload,
    Deliver,
    Pack,
    Unpack,
    EndMovement,
    ResolveContract,
    RotatePrices,
)
assert get_args(Move) == BLOCK_ORDER

#: The influence values a bid can have (BH-INPUT-4).
VALUES: Final = range(1, 10)
#: The positions of the Price stack a ``ChoosePrice`` can name (its ``index`` is 0-63):
#: a card set with more Price cards has codes for the top 64 only, as the engine offers.
PRICE_POSITIONS: Final = 64
#: The rank swaps (BH-CAREER-1): ranks 0-2 swap with the next, at most 4 ranks.
_SWAPS: Final = 3


class Table(Protocol):
    """What :func:`encode` and :func:`decode` read: the card set and the seats at the table.

    A :class:`~bremerhaven.state.GameState` is one (``players`` holds a harbour per seat, the
    solo dummy's too), and so is any value with these two attributes.
    """

    @property
    def cards(self) -> CardSet:
        """The card set the game is played with."""
        ...

    @property
    def players(self) -> Sequence[object]:
        """One entry per seat at the table: per rank, and per Sea and Land space."""
        ...


@attrs.frozen(slots=True)
class ActionBlock:
    """The codes of one move type: ``offset`` up to ``offset + size`` (not included) (BH-CODE-1).

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


def _block_moves(cards: CardSet) -> tuple[tuple[type, tuple[Move, ...]], ...]:
    """Every move of the card set's space, block by block, in code order (BH-CODE-1)."""
    keys = tuple(dict.fromkeys(card.key for card in cards.buildings))
    positions = min(len(cards.prices), PRICE_POSITIONS)
    return (
        (StartingGood, tuple(StartingGood(good) for good in Good)),
        (Bid, tuple(Bid(space, value) for space in Space for value in VALUES)),
        (BuyPermit, (BuyPermit(),)),
        (PlaceBollard, tuple(PlaceBollard(wall) for wall in range(BOLLARD_WALLS))),
        (ClearCover, tuple(ClearCover(space) for space in range(SPACES))),
        (Build, tuple(Build(key) for key in keys)),
        (EndPermits, (EndPermits(),)),
        (PayDifference, (PayDifference(False), PayDifference(True))),
        (ChoosePrice, tuple(ChoosePrice(index) for index in range(positions))),
        (SwapRanks, (SwapRanks(None), *(SwapRanks(rank) for rank in range(_SWAPS)))),
        (Berth, tuple(Berth(dock, good) for dock in range(DOCKS) for good in Good)),
        (PlaceContract, tuple(PlaceContract(k) for k in range(LOADING_DOCKS))),
        (Produce, tuple(Produce(space) for space in range(SPACES))),
        (EndProduction, (EndProduction(),)),
        (Unload, tuple(Unload(dock) for dock in range(DOCKS))),
        (Deliver, tuple(Deliver(k, good) for k in range(LOADING_DOCKS) for good in Good)),
        (Pack, (Pack(),)),
        (Unpack, (Unpack(),)),
        (EndMovement, (EndMovement(),)),
        (ResolveContract, tuple(ResolveContract(k) for k in range(LOADING_DOCKS))),
        (RotatePrices, (RotatePrices(),)),
    )


@attrs.frozen(eq=False)
class _Space:
    """One card set's action space: its blocks, its moves by code and its codes by move."""

    name: str
    blocks: tuple[ActionBlock, ...]
    moves: tuple[Move, ...]
    codes: dict[Move, int]
    starts: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.moves)


@functools.lru_cache(maxsize=16)
def _space(cards: CardSet) -> _Space:
    blocks = []
    moves: list[Move] = []
    for kind, block in _block_moves(cards):
        blocks.append(ActionBlock(kind, len(moves), len(block)))
        moves.extend(block)
    codes = {move: code for code, move in enumerate(moves)}
    assert len(codes) == len(moves)
    return _Space(cards.name, tuple(blocks), tuple(moves), codes, tuple(b.offset for b in blocks))


#: The card set met last and its space: a memo (one tuple, replaced whole) for the common
#: case of many calls in a row about the same game.
_LAST_SPACE: Memo[CardSet, _Space] = Memo()


def _space_of(cards: CardSet | None) -> _Space:
    if cards is None:
        cards = ORIGINAL
    space = _LAST_SPACE.get(cards)
    if space is not None:
        return space
    if type(cards) is not CardSet:
        raise InvalidValueError(f"expected a CardSet, got {type(cards).__name__}")
    return _LAST_SPACE.put(cards, _space(cards))


def num_distinct_actions(cards: CardSet | None = None) -> int:
    """The number of action codes of the card set: codes run from 0 to this minus 1 (BH-CODE-1).

    ``cards`` defaults to the library's original set (:data:`bremerhaven.cards.ORIGINAL`,
    254 codes). The number depends on the card set only, not on the options or the number
    of players. Raises :class:`~bremerhaven.errors.InvalidValueError` for a value that is
    not a :class:`~bremerhaven.cards.model.CardSet`.
    """
    return _space_of(cards).size


def action_blocks(cards: CardSet | None = None) -> tuple[ActionBlock, ...]:
    """The blocks of the card set's action space, one per move type, in code order (BH-CODE-1).

    >>> [(b.move_type.__name__, b.offset, b.size) for b in action_blocks()][4:6]
    [('ClearCover', 135, 12), ('Build', 147, 20)]
    """
    return _space_of(cards).blocks


def block_of(action: int, cards: CardSet | None = None) -> ActionBlock:
    """The block of the card set's space that the code ``action``, in range, belongs to.

    >>> block_of(4).move_type.__name__
    'Bid'
    """
    space = _space_of(cards)
    code = integer(action)
    if code is None or not 0 <= code < space.size:
        raise InvalidValueError(f"no action {shown(action)}: the actions are 0 to {space.size - 1}")
    return space.blocks[bisect_right(space.starts, code) - 1]


def _table_problem(move: Move, table: int) -> str | None:
    """Why ``move`` names a rank or a board space a game of ``table`` seats lacks, if it does."""
    if type(move) is Bid and (move.space.is_sea or move.space.is_land):
        if move.space.slot >= table:
            board = "Sea" if move.space.is_sea else "Land"
            return (
                f"there is no space {move.space.label}: the {board} board has {table} spaces "
                "in this game (BH-ENGINE-3)"
            )
    elif type(move) is SwapRanks and move.rank is not None and move.rank + 1 >= table:
        return (
            f"there is no rank {move.rank + 2} to swap with: the game has {table} ranks "
            "(BH-CAREER-1)"
        )
    return None


def _no_code(move: Move, cards: CardSet) -> str:
    """Why a well-formed move has no code in the card set's space (BH-CODE-3)."""
    if isinstance(move, Build):
        return f"the card set has no Building {shown(move.building)} (BH-PERMIT-6)"
    assert isinstance(move, ChoosePrice)
    return f"the card set's Price stack has {len(cards.prices)} cards (BH-PRICE-1)"


def encode(state: Table, move: Move) -> int:
    """The code of ``move`` in the game of ``state`` (BH-CODE-2).

    The code depends only on the move and the card set: the same in every state of every
    game with that card set. Raises :class:`~bremerhaven.errors.InvalidMoveError` for a
    value that is not a well-formed move (BH-INPUT-4), a move naming a rank or a Sea or
    Land space the game does not have, and a move no game with the card set can ever offer:
    a Building the set lacks, a Price card below its stack (BH-CODE-6).
    """
    space = _space_of(state.cards)
    made = well_formed(move)
    problem = _table_problem(made, len(state.players))
    if problem is not None:
        raise InvalidMoveError(f"{shown(made)}: {problem}")
    code = space.codes.get(made)
    if code is None:
        raise InvalidMoveError(
            f"{shown(made)} has no action code: no game with the card set {space.name!r} offers "
            f"it, as {_no_code(made, state.cards)}"
        )
    return code


def decode(state: Table, action: int) -> Move:
    """The move whose code is ``action`` in the game of ``state`` (BH-CODE-2, BH-CODE-6).

    ``action`` is an ``int`` (or an integer such as ``numpy.int64``; not a ``bool``) from 0
    to :func:`num_distinct_actions` minus 1. Every such code decodes to its move, legal now
    or not: :func:`bremerhaven.apply_move` refuses an illegal one, naming the rule. Raises
    :class:`~bremerhaven.errors.InvalidMoveError` for anything else, and for a code naming
    a rank or a board space the game does not have (``SwapRanks(2)`` or a bid on Sea space
    2.3 in a game of 2 players).
    """
    space = _space_of(state.cards)
    code = integer(action)
    if code is None:
        raise InvalidMoveError(f"an action is a whole number, got {shown(action)}")
    if not 0 <= code < space.size:
        raise InvalidMoveError(
            f"no action {shown(code)}: the card set {space.name!r} has actions 0 to {space.size - 1}"
        )
    move = space.moves[code]
    problem = _table_problem(move, len(state.players))
    if problem is not None:
        raise InvalidMoveError(f"action {code} is {move!r}: {problem}")
    return move


#: The last state :func:`legal_actions` listed and its codes: a memo (one tuple, replaced
#: whole) for a mask asked for right after the codes, as environments do.
_LAST_ACTIONS: Memo[GameState, tuple[int, ...]] = Memo()


def legal_actions(state: GameState) -> tuple[int, ...]:
    """The codes of the legal moves now, ascending, one per legal move (BH-CODE-4).

    Empty exactly when the game is over.
    """
    found = _LAST_ACTIONS.get(state)
    if found is not None:
        return found
    codes = _space_of(state.cards).codes
    out = []
    for move in legal_moves(state):
        code = codes.get(move)
        out.append(encode(state, move) if code is None else code)
    out.sort()
    return _LAST_ACTIONS.put(state, tuple(out))


def legal_action_mask(state: GameState) -> bytes:
    """One byte per action code: 1 at the codes of the legal moves, 0 elsewhere (BH-CODE-5).

    Its length is :func:`num_distinct_actions` of the game's card set. NumPy is not needed;
    with it, ``numpy.frombuffer(mask, dtype=numpy.bool_)`` views the mask as an array
    without a copy.
    """
    mask = bytearray(_space_of(state.cards).size)
    for code in legal_actions(state):
        mask[code] = 1
    return bytes(mask)
