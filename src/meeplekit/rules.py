"""What every game's rules engine shares: why a move is refused.

A game's ``explain(state, move)`` answers ``None`` for a legal move and a :class:`Refusal`
otherwise, naming the clause of the game's specification that forbids the move and saying
why in a plain sentence; its ``apply_move`` raises the game's
:class:`~meeplekit.errors.IllegalMoveError` with the same rule and reason.

>>> refusal = Refusal("TOLL-1", "The toll is owed.")
>>> refusal.rule_id, refusal.reason
('TOLL-1', 'The toll is owed.')
"""

from __future__ import annotations

import attrs

__all__ = ["Refusal"]


@attrs.frozen(slots=True)
class Refusal:
    """Why a move is not legal: the rule that forbids it and a plain sentence."""

    #: The rule ID (for example ``"TOLL-1"``) of the game's specification.
    rule_id: str
    #: A plain-English explanation.
    reason: str
