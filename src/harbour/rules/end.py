"""The end of a turn, the last round and the end of the game (rules TURN-5, END-1, END-2).

The readings INT-1 (who takes a last turn) and INT-8 (an empty deck) apply here. Scoring
a finished game is :mod:`harbour.scoring`.
"""

from __future__ import annotations

from typing import Final

from harbour.events import Event, GameEnded, LastRoundBegan, TurnBegan, TurnEnded
from harbour.facts import GAME
from harbour.options import EmptyDeck, LastRound
from harbour.rules.work import PENDING_MOVE, Work
from harbour.scoring import outcome
from harbour.state import GameState

# Enum members read once: read through its class, a member costs about four plain
# attribute reads (each read looks the name up on the enum's type first).
_ALL_PLAYERS: Final = LastRound.ALL_PLAYERS
_LAST_ROUND: Final = EmptyDeck.LAST_ROUND

__all__ = ["end_turn", "game_ended"]


def _last_round_cause(work: Work) -> str | None:
    """The rule that makes the turn just played begin the last round, if one does (END-1, INT-8)."""
    if len(work.players[work.current].buildings) >= GAME.end_buildings:
        return "END-1"
    if work.deck_ran_out and work.state.options.empty_deck is _LAST_ROUND:
        return "INT-8"
    return None


def end_turn(work: Work) -> None:
    """TURN-5: the action and any toll are done; the next player moves, unless the game ends."""
    n = work.seats
    player = work.current
    log = work.log
    if log is not None:
        log.append(TurnEnded(player, work.turn))
    if work.last_round_turns is not None:
        work.last_round_turns -= 1
    else:
        cause = _last_round_cause(work)
        if cause is not None:
            everyone = work.state.options.last_round is _ALL_PLAYERS  # INT-1
            work.last_round_turns = n if everyone else n - 1
            if log is not None:
                log.append(LastRoundBegan(player, work.last_round_turns, cause))
    if work.last_round_turns == 0:
        return  # END-2: the game is over; the stack stays empty
    work.current = (player + 1) % n
    work.turn += 1
    work.ability_used = False
    work.deck_ran_out = False
    work.bought_this_turn = 0
    work.stack.append(PENDING_MOVE)
    if log is not None:
        log.append(TurnBegan(work.current, work.turn))


def game_ended(state: GameState) -> Event:
    """END-2: the event of a game that has just ended, with its outcome."""
    return GameEnded(outcome(state))
