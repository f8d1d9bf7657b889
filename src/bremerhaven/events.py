"""What a move did, as frozen events (BH-ENGINE-14).

:func:`bremerhaven.apply_move_with_events` returns, with the new state, the events of the
move and of every step the engine carried out after it, in order. Each event names the
rule that produced it, the seat it concerns (``None`` for the whole table) and says what
happened in a sentence, so a frontend can narrate a game from events alone.

Events never reveal hidden information: a bid's event names the space, not the value
(BH-ENGINE-11).
"""

from __future__ import annotations

import attrs

__all__ = ["Event", "GameEnded"]


@attrs.frozen
class Event:
    """Something that happened: the rule, the seat (or ``None``) and a sentence."""

    rule_id: str
    seat: int | None
    text: str


@attrs.frozen
class GameEnded:
    """The game is over; ``scores`` by seat (BH-END-3)."""

    scores: tuple[int, ...]

    @property
    def rule_id(self) -> str:
        """The rule of the final score."""
        return "BH-END-3"
