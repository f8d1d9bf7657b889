"""Income: the settled roll activates the red, then the green and blue establishments.

Rules MK-COLOR-1 to MK-COLOR-3, MK-ORDER-1, MK-ORDER-2, MK-ACT-1, MK-ICON-1, the
Shopping Mall's bonus (MK-LANDMARK-4, MKH-FLOWER-1, MK-INT-19), the Harbor's condition
(MK-INT-16) and the Tuna Boat (MKH-TUNA-1 to MKH-TUNA-4, MK-INT-8). The purple
establishments are :mod:`machikoro.rules.majors`.
"""

from __future__ import annotations

from collections.abc import Sequence

from machikoro.cards.model import Establishment, Landmark
from machikoro.events import CoinsEarned, RollSettled, TunaRolled
from machikoro.moves import TWO_DICE, Dice, Move
from machikoro.options import AmusementParkRoll, FlowerShopMall, TunaRoll
from machikoro.rules.step import Refusal, Step
from machikoro.rules.work import BUILD, TUNA, Work
from machikoro.state import GameState, PendingActivate, PendingTunaRoll
from machikoro.tables import FLAT

__all__ = ["TUNA_ROLL", "card_rule", "doubles", "settle"]

_HARBOR = Landmark.HARBOR
_MALL = Landmark.SHOPPING_MALL
_TUNA = Establishment.TUNA_BOAT
#: Each establishment's key and clause, by number (events name them).
_KEY = tuple(e.key for e in Establishment)
_RULE = tuple(f"MK-CARD-{e + 1}" for e in Establishment)


def card_rule(establishment: int) -> str:
    """The clause of an establishment's card (``MK-CARD-1`` for the Wheat Field)."""
    return _RULE[establishment]


def doubles(rolls: tuple[tuple[int, ...], ...], reading: AmusementParkRoll) -> bool:
    """Whether the turn's rolls count as doubles for the Amusement Park (MK-ROLL-2, MK-INT-5)."""
    if reading is AmusementParkRoll.ANY:
        return any(len(r) == 2 and r[0] == r[1] for r in rolls)
    last = rolls[-1] if rolls else ()
    return len(last) == 2 and last[0] == last[1]


def settle(work: Work, total: int) -> None:
    """The roll is final: resolve the income of ``total`` and queue the rest of the turn.

    Red establishments first, then green and blue (MK-ORDER-1); then, on the stack, the
    Tuna Boat's roll (if one is made), the roller's purple establishments and the
    construction phase, in that order. Without an event log nothing is made but the coins
    paid and the decisions queued: no event, no table.
    """
    t = work.t
    work.total = total
    roller = work.current
    log = work.log
    if log is not None:
        d = doubles(work.rolls, t.options.amusement_park_roll)
        log.append(RollSettled(roller, total, d))
    reds, blues, greens, purples, tuna = t.income[total]
    # Income moves coins only: the rows of cards read here stay as they are.
    rows = work.establishments
    owned = work.state.establishments if rows is None else rows
    lms = work.landmarks
    built = work.state.landmarks if lms is None else lms
    if reds:
        _reds(work, reds, owned, built)
    if blues:
        _blues(work, blues, owned, built)
    if greens:
        _greens(work, greens, owned[roller], built[roller])
    stack = work.stack
    stack.append(BUILD)
    if purples:
        row = owned[roller]
        found = tuple([k for k in purples if row[k]])
        if found:
            stack.append(PendingActivate(found))
    if tuna and _tuna_rolled(work):
        stack.append(TUNA)


Rows = Sequence[tuple[int, ...]]
Built = Sequence[tuple[bool, ...]]


def _reds(
    work: Work, reds: tuple[tuple[int, int, bool, bool], ...], owned: Rows, built: Built
) -> None:
    """MK-COLOR-3, MK-ORDER-2: restaurants take from the roller, counter-clockwise."""
    roller = work.current
    n = len(work.coins)
    bonus_amount = work.t.mall_bonus
    for i in range(1, n):
        owner = (roller - i) % n
        row = owned[owner]
        landmarks = built[owner]
        for kind, amount, bonus, needs_harbor in reds:
            count = row[kind]
            if not count or (needs_harbor and not landmarks[_HARBOR]):
                continue
            each = amount + bonus_amount if bonus and landmarks[_MALL] else amount
            work.take(owner, roller, each * count, _KEY[kind], count, _RULE[kind])


def _blues(work: Work, blues: tuple[tuple[int, int, bool], ...], owned: Rows, built: Built) -> None:
    """MK-COLOR-1: the bank pays every owner (the Tuna Boat is :data:`TUNA_ROLL`)."""
    coins = work.coins
    log = work.log
    for player in range(len(coins)):
        row = owned[player]
        for kind, amount, needs_harbor in blues:
            count = row[kind]
            if count and (not needs_harbor or built[player][_HARBOR]):
                coins[player] += amount * count  # Work.earn, inline
                if log is not None:
                    log.append(CoinsEarned(player, amount * count, _KEY[kind], count, _RULE[kind]))


def _greens(
    work: Work,
    greens: tuple[tuple[int, int, int, tuple[int, ...], bool], ...],
    row: tuple[int, ...],
    built: tuple[bool, ...],
) -> None:
    """MK-COLOR-2: the bank pays the roller for their own green establishments."""
    t = work.t
    roller = work.current
    mall = t.mall_bonus if built[_MALL] else 0
    flat = t.options.flower_shop_mall is FlowerShopMall.FLAT
    for kind, how, amount, counted, bonus in greens:
        count = row[kind]
        if not count:
            continue
        extra = mall if bonus else 0
        if how == FLAT:
            coins = (amount + extra) * count
        else:  # per establishment of an icon or a kind (MK-ICON-1, MKH-FLOWER-1, MK-INT-19)
            per = sum([row[k] for k in counted])
            coins = (amount * per + extra) * count if flat else (amount + extra) * per * count
        if coins:
            work.coins[roller] += coins  # Work.earn, inline
            if work.log is not None:
                work.log.append(CoinsEarned(roller, coins, _KEY[kind], count, _RULE[kind]))


def _tuna_rolled(work: Work) -> bool:
    """MK-INT-8: whether the Tuna Boat's roll is made (an owner, with a Harbor when it pays)."""
    always = work.t.options.tuna_roll is TunaRoll.ALWAYS
    for player in range(len(work.coins)):
        if work.owned(player)[_TUNA] and (always or work.built(player)[_HARBOR]):
            return True
    return False


class _TunaRoll(Step[PendingTunaRoll, Dice]):
    """Chance: the Tuna Boat's one roll of 2 dice pays every owner with a Harbor."""

    answers = (Dice,)
    owns = frozenset({"MKH-TUNA-3"})

    def question(self, pending: PendingTunaRoll) -> str:
        return "rolling the Tuna Boat's dice"

    def moves(self, state: GameState, pending: PendingTunaRoll) -> tuple[Move, ...]:
        return TWO_DICE

    def refusal(self, state: GameState, pending: PendingTunaRoll, move: Dice) -> Refusal | None:
        if len(move.faces) != 2:
            return Refusal("MKH-TUNA-3", "The Tuna Boat's roll is 2 dice.")
        return None

    def apply(self, work: Work, pending: PendingTunaRoll, move: Dice) -> None:
        faces = move.faces
        roll = faces[0] + faces[1]
        if work.log is not None:
            work.log.append(TunaRolled(work.current, faces))
        for player in range(len(work.coins)):
            count = work.owned(player)[_TUNA]
            if count and work.built(player)[_HARBOR]:  # MKH-TUNA-4
                work.earn(player, roll * count, _KEY[_TUNA], count, _RULE[_TUNA])


#: The Tuna Boat's roll.
TUNA_ROLL = _TunaRoll()
