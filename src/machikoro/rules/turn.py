"""The end of a turn and the beginning of the next (rules MK-TURN-1, MK-TURN-2).

A turn ends by itself (MK-FLOW-2) once the construction phase is over and the market is
replenished; the next player clockwise (MK-SETUP-3), or the same player after an
Amusement Park's doubles (:mod:`machikoro.rules.build`), then begins a turn with the roll.
"""

from __future__ import annotations

from machikoro.events import TurnBegan, TurnEnded
from machikoro.moves import Move
from machikoro.rules.step import Refusal, Step
from machikoro.rules.work import ROLL, Work
from machikoro.state import GameState, PendingEndTurn

__all__ = ["END_OF_TURN"]


class _EndOfTurn(Step[PendingEndTurn, Move]):
    """The end of the turn: never a decision."""

    answers = ()
    owns = frozenset()
    may_be_automatic = True

    def question(self, pending: PendingEndTurn) -> str:
        return "ending the turn"

    def moves(self, state: GameState, pending: PendingEndTurn) -> tuple[Move, ...]:
        return ()

    def refusal(self, state: GameState, pending: PendingEndTurn, move: Move) -> Refusal | None:
        return Refusal("MK-FLOW-2", "The turn ends by itself.")

    def automatic(self, work: Work, pending: PendingEndTurn) -> bool:
        work.stack.pop()
        player = work.current
        log = work.log
        if log is not None:
            log.append(TurnEnded(player, work.turn))
        if not pending.extra:
            work.current = (player + 1) % len(work.coins)
        work.turn += 1
        work.rolls = ()
        work.total = 0
        work.extra_turn = pending.extra
        work.stack.append(ROLL)
        if log is not None:
            rule = "MK-TURN-2" if pending.extra else "MK-TURN-1"
            log.append(TurnBegan(work.current, work.turn, pending.extra, rule))
        return True


#: The end of a turn.
END_OF_TURN = _EndOfTurn()
