"""Integer actions: every move as a number of one fixed range, for learning agents (MK-CODE-1 to MK-CODE-6).

Reinforcement-learning frameworks (OpenSpiel, PettingZoo, gymnasium) name a decision by an
integer of a fixed range and choose among the legal ones with a mask. This module lays out
every move the rules can ever make legal, chance outcomes included, in one range, ``0`` to
``num_distinct_actions() - 1`` (2,000 codes): a block of codes per move type, each move's
fields numbered inside its block (the table is on the "Integer actions" page of the
specification). The functions have the names and signatures of :mod:`harbour.agents.actions`,
with the rule options where Harbour has its card set, so one adapter serves both games.

- :func:`encode` gives a move's code and :func:`decode` the move of a code. The space is
  the same for every game of Machi Koro, whatever the options and the number of players,
  so a move has the same code in every state of every game (MK-CODE-2).
- Chance outcomes are moves (MK-CHANCE-1), so they have codes too, in the last two blocks:
  at a chance node :func:`legal_actions` gives the outcomes' codes and
  :func:`chance_actions` each with its exact probability, as an OpenSpiel game's chance
  node does (MK-CODE-4).
- :func:`legal_actions` gives the codes of :func:`machikoro.legal_moves`, ascending;
  :func:`legal_action_mask` the same as bytes (MK-CODE-5).
- :func:`encode` and :func:`decode` read only the number of players, so they take anything
  with ``options`` and ``players`` (:class:`Table`): a state or an observation.

>>> import machikoro
>>> from machikoro.agents import actions
>>> state = machikoro.new_game(2, seed=42)
>>> actions.num_distinct_actions(state.options)
2000
>>> actions.legal_actions(state)  # roll one die
(0,)
>>> state = machikoro.apply_move(state, actions.decode(state, 0))
>>> actions.legal_actions(state)[:2], actions.decode(state, 1948)  # chance: the die
((1948, 1949), Dice(faces=(1,)))
>>> [(code, str(p)) for code, p in actions.chance_actions(state)][:2]
[(1948, '1/6'), (1949, '1/6')]
>>> actions.encode(state, machikoro.BuildEstablishment("cafe"))
1920

A code that is in range but names a move not legal now decodes to that move, which
:func:`machikoro.apply_move` then refuses with the rule it breaks (MK-CODE-6).
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from typing import Final, Protocol

import attrs

from machikoro.cards.catalogue import card_set
from machikoro.cards.model import Establishment, Landmark
from machikoro.chance import chance_outcomes
from machikoro.engine import legal_moves
from machikoro.errors import InvalidMoveError, InvalidValueError
from machikoro.facts import GAME
from machikoro.moves import (
    ACTIVATE,
    ADD_TWO,
    BUILD,
    BUILD_LANDMARK,
    DRAW,
    KEEP,
    MOVE_TYPES,
    NO_TRADE,
    NOTHING,
    ONE_DIE,
    OPPONENT,
    ROLL,
    TRADE,
    TWO_DICE,
    Activate,
    AddTwo,
    BuildEstablishment,
    BuildLandmark,
    BuildNothing,
    ChooseOpponent,
    Dice,
    Draw,
    KeepRoll,
    Move,
    NoTrade,
    RollDice,
    Trade,
    well_formed,
)
from machikoro.options import RulesOptions
from machikoro.state import GameState
from meeplekit.memo import Memo
from meeplekit.values import integer, shown

__all__ = [
    "BLOCK_ORDER",
    "CHANCE_TYPES",
    "MAJORS",
    "NON_MAJORS",
    "SEATS",
    "ActionBlock",
    "Table",
    "action_blocks",
    "block_of",
    "chance_actions",
    "decode",
    "encode",
    "legal_action_mask",
    "legal_actions",
    "num_distinct_actions",
]

#: The move types in the order of their blocks (MK-CODE-1): the players' decisions in the
#: order a turn asks them, then chance's outcomes.
BLOCK_ORDER: Final[tuple[type, ...]] = (
    RollDice,
    KeepRoll,
    AddTwo,
    Activate,
    ChooseOpponent,
    Trade,
    NoTrade,
    BuildEstablishment,
    BuildLandmark,
    BuildNothing,
    Dice,
    Draw,
)
assert set(BLOCK_ORDER) == set(MOVE_TYPES)

#: The move types of chance's outcomes (MK-CHANCE-1): the last two blocks.
CHANCE_TYPES: Final[tuple[type, ...]] = (Dice, Draw)

#: Every seat a game can have (MKH-PLAYERS-1): seats in moves are coded up to this.
SEATS: Final = GAME.max_players_expansion

_ALL_CARDS = card_set(expansion=True, sushi_bar_cost=4)
#: The major establishments, in card order: only these are activated by choice (MK-INT-9).
MAJORS: Final[tuple[Establishment, ...]] = tuple(
    c.number for c in _ALL_CARDS.establishments if c.major
)
#: The other establishments, in card order: only these are traded (MK-CARD-12).
NON_MAJORS: Final[tuple[Establishment, ...]] = tuple(
    c.number for c in _ALL_CARDS.establishments if not c.major
)
#: The landmarks a player builds (City Hall is built from the start, MKH-CITYHALL-1).
_BUILT: Final[tuple[Landmark, ...]] = tuple(
    c.number for c in _ALL_CARDS.landmarks if not c.pre_built
)


class Table(Protocol):
    """What :func:`encode` and :func:`decode` read: the options and the number of players.

    A :class:`~machikoro.state.GameState` is one, and so is a player's
    :class:`~machikoro.observation.Observation`.
    """

    @property
    def options(self) -> RulesOptions:
        """The edition, market and readings in force."""
        ...

    @property
    def players(self) -> int:
        """The number of players."""
        ...


@attrs.frozen(slots=True)
class ActionBlock:
    """The codes of one move type: ``offset`` up to ``offset + size`` (not included) (MK-CODE-1)."""

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


def _trades() -> tuple[Trade, ...]:
    """The Trade block in code order: give, then seat, then take (take differs from give)."""
    return tuple(
        TRADE[give][seat][take]
        for give in NON_MAJORS
        for seat in range(SEATS)
        for take in NON_MAJORS
        if take is not give
    )


#: Every move of the space, by code, block by block.
_BLOCK_MOVES: Final[tuple[tuple[type, tuple[Move, ...]], ...]] = (
    (RollDice, ROLL),
    (KeepRoll, (KEEP,)),
    (AddTwo, (ADD_TWO[1], ADD_TWO[0])),  # AddTwo(False) 0, AddTwo(True) 1
    (Activate, tuple(ACTIVATE[k] for k in MAJORS)),
    (ChooseOpponent, OPPONENT[:SEATS]),
    (Trade, _trades()),
    (NoTrade, (NO_TRADE,)),
    (BuildEstablishment, BUILD),
    (BuildLandmark, tuple(BUILD_LANDMARK[lm] for lm in _BUILT)),
    (BuildNothing, (NOTHING,)),
    (Dice, ONE_DIE + TWO_DICE),
    (Draw, DRAW),
)
assert tuple(kind for kind, _ in _BLOCK_MOVES) == BLOCK_ORDER


def _layout() -> tuple[tuple[ActionBlock, ...], tuple[Move, ...]]:
    blocks = []
    moves: list[Move] = []
    for kind, block in _BLOCK_MOVES:
        blocks.append(ActionBlock(kind, len(moves), len(block)))
        moves.extend(block)
    return tuple(blocks), tuple(moves)


_BLOCKS, _MOVES = _layout()
#: The code of every move of the space.
_CODES: Final[dict[Move, int]] = {move: code for code, move in enumerate(_MOVES)}
assert len(_CODES) == len(_MOVES)
_STARTS: Final = [block.offset for block in _BLOCKS]
_SIZE: Final = len(_MOVES)


def _check_options(options: RulesOptions | None) -> None:
    if options is not None and type(options) is not RulesOptions:
        raise InvalidValueError(f"expected RulesOptions, got {type(options).__name__}")


def num_distinct_actions(options: RulesOptions | None = None) -> int:
    """The number of action codes: codes run from 0 to this minus 1 (MK-CODE-1).

    The same, 2,000, for every options and number of players; ``options`` (the counterpart
    of :func:`harbour.agents.actions.num_distinct_actions`' card set) is checked and otherwise
    changes nothing.
    """
    _check_options(options)
    return _SIZE


def action_blocks(options: RulesOptions | None = None) -> tuple[ActionBlock, ...]:
    """The blocks of the action space, one per move type, in code order (MK-CODE-1).

    >>> [(b.move_type.__name__, b.offset, b.size) for b in action_blocks()][4:6]
    [('ChooseOpponent', 10, 5), ('Trade', 15, 1900)]
    """
    _check_options(options)
    return _BLOCKS


def _seat_problem(move: Move, players: int) -> str | None:
    seat = getattr(move, "opponent", None)
    if seat is not None and seat >= players:
        return f"there is no seat {seat}: the game has {players} players"
    return None


def _no_code(move: Move) -> str:
    """Why a well-formed move has no code (MK-CODE-3)."""
    if isinstance(move, Activate):
        return "only a major establishment is activated by choice (MK-INT-9)"
    if isinstance(move, Trade):
        if move.give is move.take:
            return "a trade exchanges establishments of two kinds (MK-INT-15)"
        return "major establishments are never traded (MK-CARD-12)"
    assert isinstance(move, BuildLandmark)
    return "City Hall is built from the start, never by a move (MKH-CITYHALL-1)"


def encode(state: Table, move: Move) -> int:
    """The code of ``move`` in the game of ``state`` (MK-CODE-2).

    The code depends on the move only: the same in every state of every game. Raises
    :class:`~machikoro.errors.InvalidMoveError` for a value that is not a well-formed move
    (MK-INPUT-1), a move naming a seat the game does not have, and a move no game can ever
    offer (the message names the rule that bounds it) (MK-CODE-6).
    """
    made = well_formed(move)
    problem = _seat_problem(made, state.players)
    if problem is not None:
        raise InvalidMoveError(f"{shown(made)}: {problem}")
    code = _CODES.get(made)
    if code is None:
        raise InvalidMoveError(
            f"{shown(made)} has no action code: no game offers it, as {_no_code(made)}"
        )
    return code


def decode(state: Table, action: int) -> Move:
    """The move whose code is ``action`` in the game of ``state`` (MK-CODE-2, MK-CODE-6).

    ``action`` is an ``int`` (or an integer such as ``numpy.int64``; not a ``bool``) from 0
    to :func:`num_distinct_actions` minus 1. Every such code decodes to its move, legal now
    or not: :func:`machikoro.apply_move` refuses an illegal one, naming the rule. Raises
    :class:`~machikoro.errors.InvalidMoveError` for anything else, and for a code naming a
    seat the game does not have (``ChooseOpponent(3)`` in a game of 2 players).
    """
    code = integer(action)
    if code is None:
        raise InvalidMoveError(f"an action is a whole number, got {shown(action)}")
    if not 0 <= code < _SIZE:
        raise InvalidMoveError(f"no action {shown(code)}: the actions are 0 to {_SIZE - 1}")
    move = _MOVES[code]
    problem = _seat_problem(move, state.players)
    if problem is not None:
        raise InvalidMoveError(f"action {code} is {move!r}: {problem}")
    return move


def block_of(action: int) -> ActionBlock:
    """The block a code in range belongs to."""
    return _BLOCKS[bisect_right(_STARTS, action) - 1]


#: The last state :func:`legal_actions` listed and its codes: a memo (one tuple, replaced
#: whole) for a mask asked for right after the codes, as environments do.
_LAST_ACTIONS: Memo[GameState, tuple[int, ...]] = Memo()


def legal_actions(state: GameState) -> tuple[int, ...]:
    """The codes of the legal moves now, ascending, one per legal move (MK-CODE-4).

    At a chance node, the codes of chance's outcomes. Empty exactly when the game is over.
    """
    found = _LAST_ACTIONS.get(state)
    if found is not None:
        return found
    codes = _CODES
    return _LAST_ACTIONS.put(state, tuple(sorted(codes[move] for move in legal_moves(state))))


def chance_actions(state: GameState) -> tuple[tuple[int, Fraction], ...]:
    """At a chance node, each outcome's code with its exact probability, codes ascending.

    The codes are :func:`legal_actions`' and the probabilities
    :func:`machikoro.chance_outcomes`' (they sum to 1); elsewhere the result is empty
    (MK-CODE-4).
    """
    codes = _CODES
    return tuple(sorted((codes[move], p) for move, p in chance_outcomes(state)))


def legal_action_mask(state: GameState) -> bytes:
    """One byte per action code: 1 at the codes of the legal moves, 0 elsewhere (MK-CODE-5).

    Its length is :func:`num_distinct_actions`. NumPy is not needed; with it,
    ``numpy.frombuffer(mask, dtype=numpy.bool_)`` views the mask as an array without a copy.
    """
    mask = bytearray(_SIZE)
    for code in legal_actions(state):
        mask[code] = 1
    return bytes(mask)
