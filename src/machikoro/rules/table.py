"""The table of decisions: which step owns each pending decision.

:func:`step_of` maps every pending decision to the :class:`~machikoro.rules.step.Step`
that owns it; ``match`` with ``assert_never`` lets mypy prove that every kind is handled.
:mod:`machikoro.engine` runs the steps.
"""

from __future__ import annotations

from typing import Any, assert_never

from machikoro.moves import (
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
)
from machikoro.rules import build, income, majors, market, roll, turn
from machikoro.rules.step import Step
from machikoro.state import (
    Pending,
    PendingActivate,
    PendingAddTwo,
    PendingBuild,
    PendingDice,
    PendingDraw,
    PendingEndTurn,
    PendingOpponent,
    PendingRoll,
    PendingTrade,
    PendingTunaRoll,
)

__all__ = ["STEPS", "move_kind", "step_of"]


def _owner(pending: Pending) -> Step[Any, Any]:
    """The table: the step that owns each kind of pending decision."""
    match pending:
        case PendingRoll():
            return roll.ROLL_CHOICE
        case PendingDice():
            return roll.DICE_ROLL
        case PendingAddTwo():
            return roll.ADD
        case PendingTunaRoll():
            return income.TUNA_ROLL
        case PendingActivate():
            return majors.ACTIVATION
        case PendingOpponent():
            return majors.CHOOSE_OPPONENT
        case PendingTrade():
            return majors.TRADING
        case PendingBuild():
            return build.CONSTRUCTION
        case PendingDraw():
            return market.DRAWING
        case PendingEndTurn():
            return turn.END_OF_TURN
        case _:  # pragma: no cover - mypy proves it unreachable
            assert_never(pending)


#: The step of each pending type (filled once from :func:`_owner`).
STEPS: dict[type, Step[Any, Any]] = {
    kind: _owner(example)
    for kind, example in (
        (PendingRoll, PendingRoll(False)),
        (PendingDice, PendingDice(1)),
        (PendingAddTwo, PendingAddTwo()),
        (PendingTunaRoll, PendingTunaRoll()),
        (PendingActivate, PendingActivate(())),
        (PendingOpponent, PendingOpponent()),
        (PendingTrade, PendingTrade()),
        (PendingBuild, PendingBuild()),
        (PendingDraw, PendingDraw()),
        (PendingEndTurn, PendingEndTurn(False)),
    )
}


def step_of(pending: Pending) -> Step[Any, Any]:
    """The step that owns a pending decision."""
    return STEPS[type(pending)]


def move_kind(move: Move) -> str:
    """What a move does, in a few words (``"a roll"``), for messages."""
    match move:
        case RollDice():
            return "a roll"
        case KeepRoll():
            return "keeping the roll"
        case AddTwo():
            return "the Harbor's choice"
        case Dice():
            return "a dice outcome"
        case Draw():
            return "a card drawn"
        case Activate():
            return "a choice of major establishment"
        case ChooseOpponent():
            return "a choice of opponent"
        case Trade():
            return "a trade"
        case NoTrade():
            return "declining a trade"
        case BuildEstablishment() | BuildLandmark() | BuildNothing():
            return "a build"
        case _:  # pragma: no cover - mypy proves it unreachable
            assert_never(move)
