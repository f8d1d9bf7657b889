"""The engine's private working copy of a state, changed by one move and frozen again.

Applying a move copies the frozen :class:`~machikoro.state.GameState` into a :class:`Work`,
lets the rules modules change that, and freezes it back: the input state is never changed,
and rows that did not change are shared with it, not copied. The work holds only generic
mechanics (coins moving, the event log); every rule lives in its own rules module.
"""

from __future__ import annotations

from machikoro.events import CoinsEarned, CoinsTaken, Event
from machikoro.state import (
    GameState,
    Pending,
    PendingAddTwo,
    PendingBuild,
    PendingDice,
    PendingDraw,
    PendingEndTurn,
    PendingOpponent,
    PendingRoll,
    PendingTrade,
    PendingTunaRoll,
    make_state,
)
from machikoro.tables import LAST_TABLES, Tables, tables_for

__all__ = [
    "ADD_TWO",
    "BUILD",
    "DICE",
    "DRAW",
    "END_TURN",
    "OPPONENT",
    "REROLL",
    "ROLL",
    "TRADE",
    "TUNA",
    "Work",
]

# Pending decisions are immutable values, so each is made once and shared: a new state's
# hash then reuses their cached hashes.
#: The roll decision that begins every turn.
ROLL = PendingRoll(False)
#: The Radio Tower's re-roll decision.
REROLL = PendingRoll(True)
#: The dice chance nodes, by the number of dice (index 1 and 2).
DICE = (PendingDice(0), PendingDice(1), PendingDice(2))
#: The Harbor's decision.
ADD_TWO = PendingAddTwo()
#: The Tuna Boat's roll.
TUNA = PendingTunaRoll()
#: The TV Station's choice of opponent.
OPPONENT = PendingOpponent()
#: The Business Center's trade.
TRADE = PendingTrade()
#: The construction phase.
BUILD = PendingBuild()
#: A market draw.
DRAW = PendingDraw()
#: The end of a turn, without and with an extra turn.
END_TURN = (PendingEndTurn(False), PendingEndTurn(True))


class Work:
    """A mutable copy of a state with an optional event log (``None``: events cost nothing)."""

    __slots__ = (
        "coins",
        "current",
        "deck",
        "establishments",
        "extra_turn",
        "landmarks",
        "log",
        "market",
        "rolls",
        "stack",
        "state",
        "t",
        "total",
        "turn",
    )

    def __init__(self, state: GameState, log: list[Event] | None) -> None:
        #: The state the move is applied to (read-only).
        self.state = state
        options = state.options
        players = len(state.coins)
        entry = LAST_TABLES.entry  # tables_for, its memo read inline: every move asks
        if entry is not None and entry[0] is options and entry[1].players == players:
            t = entry[1]
        else:
            t = tables_for(options, players)
        #: The game's tables.
        self.t: Tables = t
        #: Where events go, or ``None`` when nobody asked for them.
        self.log = log
        self.coins = list(state.coins)
        #: Each player's establishments (tuples, replaced whole when one changes).
        self.establishments: list[tuple[int, ...]] | None = None
        #: Each player's landmarks (tuples, replaced whole when one changes).
        self.landmarks: list[tuple[bool, ...]] | None = None
        self.market = state.market
        self.deck = state.deck
        self.current = state.current
        self.turn = state.turn
        self.rolls = state.rolls
        self.total = state.total
        self.extra_turn = state.extra_turn
        self.stack: list[Pending] = list(state.stack)

    def freeze(self) -> GameState:
        """The frozen state; rows that did not change are shared with the input."""
        s = self.state
        e = self.establishments
        lm = self.landmarks
        return make_state(
            s.options,
            s.seed,
            tuple(self.coins),
            s.establishments if e is None else tuple(e),
            s.landmarks if lm is None else tuple(lm),
            self.market,
            self.deck,
            self.current,
            self.turn,
            self.rolls,
            self.total,
            self.extra_turn,
            tuple(self.stack),
        )

    # -- rows

    def rows(self) -> list[tuple[int, ...]]:
        """Each player's establishments, as a list whose rows may be replaced."""
        e = self.establishments
        if e is None:
            e = self.establishments = list(self.state.establishments)
        return e

    def landmark_rows(self) -> list[tuple[bool, ...]]:
        """Each player's landmarks, as a list whose rows may be replaced."""
        lm = self.landmarks
        if lm is None:
            lm = self.landmarks = list(self.state.landmarks)
        return lm

    def owned(self, player: int) -> tuple[int, ...]:
        """``player``'s establishments now."""
        e = self.establishments
        return self.state.establishments[player] if e is None else e[player]

    def built(self, player: int) -> tuple[bool, ...]:
        """``player``'s landmarks now."""
        lm = self.landmarks
        return self.state.landmarks[player] if lm is None else lm[player]

    # -- coins

    def earn(self, player: int, coins: int, card: str, count: int, rule_id: str) -> None:
        """The bank pays ``player`` ``coins`` (for ``count`` copies of ``card``)."""
        self.coins[player] += coins
        if self.log is not None:
            self.log.append(CoinsEarned(player, coins, card, count, rule_id))

    def take(self, player: int, payer: int, owed: int, card: str, count: int, rule_id: str) -> None:
        """``player`` takes ``owed`` coins from ``payer``, or all they have (MK-ORDER-2)."""
        coins = self.coins
        paid = owed if owed <= coins[payer] else coins[payer]
        coins[payer] -= paid
        coins[player] += paid
        if self.log is not None:
            self.log.append(CoinsTaken(player, payer, paid, owed, card, count, rule_id))
