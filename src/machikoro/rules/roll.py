"""Rolling: how many dice, the dice, the Radio Tower's re-roll and the Harbor's +2.

Rules MK-ROLL-1, MK-ROLL-2, MK-LANDMARK-3 (Train Station), MK-LANDMARK-6 (Radio Tower),
MKH-HARBOR-1 to MKH-HARBOR-3 and the readings MK-INT-2 to MK-INT-4. When the roll is final,
:func:`machikoro.rules.income.settle` resolves it.
"""

from __future__ import annotations

from machikoro.cards.model import Landmark
from machikoro.events import DiceRolled, HarborDecided, RollChosen, RollKept
from machikoro.moves import (
    ADD_TWO as ADD_TWO_MOVES,
)
from machikoro.moves import (
    KEEP,
    ONE_DIE,
    ROLL,
    TWO_DICE,
    AddTwo,
    Dice,
    KeepRoll,
    Move,
    RollDice,
)
from machikoro.options import RerollDice
from machikoro.rules.income import settle
from machikoro.rules.step import Refusal, Step
from machikoro.rules.work import ADD_TWO, DICE, REROLL, Work
from machikoro.state import GameState, PendingAddTwo, PendingDice, PendingRoll

__all__ = ["ADD", "DICE_ROLL", "ROLL_CHOICE", "dice_allowed"]

_TRAIN = Landmark.TRAIN_STATION
_RADIO = Landmark.RADIO_TOWER
_HARBOR = Landmark.HARBOR
_FIRST_ONE = (ROLL[0],)
_FIRST_BOTH = ROLL
_OUTCOMES = ((), ONE_DIE, TWO_DICE)


def dice_allowed(state: GameState, pending: PendingRoll) -> tuple[int, ...]:
    """The numbers of dice the turn player may roll now (MK-ROLL-1, MK-INT-2)."""
    if pending.reroll and state.options.reroll_dice is RerollDice.SAME:
        return (len(state.rolls[-1]),)
    if state.landmarks[state.current][_TRAIN]:
        return (1, 2)
    return (1,)


class _RollChoice(Step[PendingRoll, RollDice | KeepRoll]):
    """How many dice to roll; at the Radio Tower's re-roll, also whether to keep the roll."""

    answers = (RollDice, KeepRoll)
    owns = frozenset({"MK-ROLL-1", "MK-INT-2"})

    def question(self, pending: PendingRoll) -> str:
        return "deciding whether to roll again" if pending.reroll else "rolling the dice"

    def moves(self, state: GameState, pending: PendingRoll) -> tuple[Move, ...]:
        allowed = dice_allowed(state, pending)
        if not pending.reroll:
            return _FIRST_BOTH if len(allowed) == 2 else _FIRST_ONE
        return (*(ROLL[n - 1] for n in allowed), KEEP)

    def refusal(
        self, state: GameState, pending: PendingRoll, move: RollDice | KeepRoll
    ) -> Refusal | None:
        if isinstance(move, KeepRoll):
            if pending.reroll:
                return None
            return Refusal("MK-ROLL-1", "There is no roll to keep yet: roll the dice first.")
        allowed = dice_allowed(state, pending)
        if move.dice in allowed:
            return None
        if pending.reroll and state.options.reroll_dice is RerollDice.SAME:
            return Refusal(
                "MK-INT-2",
                f"The re-roll uses the same number of dice as the roll it replaces ({allowed[0]}).",
            )
        return Refusal("MK-ROLL-1", "Rolling 2 dice needs a completed Train Station.")

    def apply(self, work: Work, pending: PendingRoll, move: RollDice | KeepRoll) -> None:
        if isinstance(move, KeepRoll):
            if work.log is not None:
                work.log.append(RollKept(work.current))
            after_roll(work)
            return
        if work.log is not None:
            work.log.append(RollChosen(work.current, move.dice, pending.reroll))
        work.stack.append(DICE[move.dice])


class _DiceRoll(Step[PendingDice, Dice]):
    """Chance: the faces of the dice rolled (MK-CHANCE-2)."""

    answers = (Dice,)
    owns = frozenset({"MK-CHANCE-2"})

    def question(self, pending: PendingDice) -> str:
        return f"rolling {pending.dice} {'die' if pending.dice == 1 else 'dice'}"

    def moves(self, state: GameState, pending: PendingDice) -> tuple[Move, ...]:
        return _OUTCOMES[pending.dice]

    def refusal(self, state: GameState, pending: PendingDice, move: Dice) -> Refusal | None:
        if len(move.faces) != pending.dice:
            return Refusal(
                "MK-CHANCE-2",
                f"{pending.dice} {'die was' if pending.dice == 1 else 'dice were'} rolled, "
                f"not {len(move.faces)}.",
            )
        return None

    def apply(self, work: Work, pending: PendingDice, move: Dice) -> None:
        faces = move.faces
        rolls = work.rolls = (*work.rolls, faces)
        if work.log is not None:
            work.log.append(DiceRolled(work.current, faces))
        lms = work.landmarks  # Work.built, inline
        built = (work.state.landmarks if lms is None else lms)[work.current]
        if len(rolls) == 1 and built[_RADIO]:
            work.stack.append(REROLL)  # MK-LANDMARK-6: once per turn
            return
        _kept(work, sum(faces), built)


def after_roll(work: Work) -> None:
    """The roll is kept: offer the Harbor's +2 (MKH-HARBOR-1, MK-INT-3), or settle it."""
    _kept(work, sum(work.rolls[-1]), work.built(work.current))


def _kept(work: Work, total: int, built: tuple[bool, ...]) -> None:
    """:func:`after_roll` of the roll of ``total``, the roller's landmarks ``built``."""
    if total >= work.t.harbor_minimum and built[_HARBOR]:
        work.stack.append(ADD_TWO)
        return
    settle(work, total)


class _AddTwo(Step[PendingAddTwo, AddTwo]):
    """The Harbor: add 2 to a total of 10 or more, or not (MKH-HARBOR-1 to MKH-HARBOR-3)."""

    answers = (AddTwo,)
    owns = frozenset()

    def question(self, pending: PendingAddTwo) -> str:
        return "deciding whether to add 2 with the Harbor"

    def moves(self, state: GameState, pending: PendingAddTwo) -> tuple[Move, ...]:
        return ADD_TWO_MOVES

    def refusal(self, state: GameState, pending: PendingAddTwo, move: AddTwo) -> Refusal | None:
        return None

    def apply(self, work: Work, pending: PendingAddTwo, move: AddTwo) -> None:
        if work.log is not None:
            work.log.append(HarborDecided(work.current, move.add))
        total = sum(work.rolls[-1])
        settle(work, total + work.t.harbor_add if move.add else total)


#: The roll decision (and the Radio Tower's re-roll).
ROLL_CHOICE = _RollChoice()
#: The dice chance node.
DICE_ROLL = _DiceRoll()
#: The Harbor's decision.
ADD = _AddTwo()
