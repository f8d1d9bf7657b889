"""Building a position from plain values: :func:`position`.

A rules discussion, a puzzle or a test starts from a position rather than a game's
beginning. :func:`position` makes one from plain values (establishments and landmarks by
key, enum member or number) and refuses it with
:class:`~machikoro.errors.InvalidStateError`, listing every broken invariant, unless
:func:`machikoro.validate` accepts it.

>>> import machikoro
>>> options = machikoro.RulesOptions(market="all-piles")
>>> state = machikoro.position(
...     coins=[5, 0],
...     establishments=[{"wheat-field": 3, "bakery": 1}, {"cafe": 1}],
...     landmarks=[["train-station"], []],
...     options=options,
... )
>>> state.establishments[0][machikoro.Establishment.WHEAT_FIELD]
3
>>> machikoro.legal_moves(state)
(RollDice(dice=1), RollDice(dice=2))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from machikoro.cards.model import Establishment, Landmark
from machikoro.errors import InvalidStateError
from machikoro.options import RulesOptions
from machikoro.rules.work import ROLL
from machikoro.state import GameState, Pending, make_state
from machikoro.tables import tables_for
from machikoro.validation import Violation, validate

__all__ = ["position"]

#: An establishment by key (``"tv-station"``), member or number.
EstablishmentRef = Establishment | str | int
#: A landmark by key, member or number.
LandmarkRef = Landmark | str | int


def position(
    *,
    coins: Sequence[int],
    establishments: Sequence[Mapping[Any, int]] | None = None,
    landmarks: Sequence[Iterable[Any]] | None = None,
    market: Mapping[Any, int] | None = None,
    deck: Mapping[Any, int] | None = None,
    current: int = 0,
    turn: int = 1,
    rolls: Sequence[Sequence[int]] = (),
    total: int = 0,
    extra_turn: bool = False,
    stack: Sequence[Pending] = (ROLL,),
    options: RulesOptions | None = None,
    seed: int = 0,
) -> GameState:
    """A valid position with exactly these values; one entry per player in ``coins``.

    Establishments are named by :data:`EstablishmentRef` (key, member or number) and
    landmarks by :data:`LandmarkRef`. ``establishments`` gives each player's cards as counts
    by establishment (default: the
    starting Wheat Field and Bakery; give them explicitly when you give the others);
    ``landmarks`` each player's completed landmarks (City Hall is added with the expansion).
    ``market`` defaults to every card not elsewhere in the base marketplace
    (``Market.ALL_PILES``, or ``Market.EDITION`` without the expansion), and must be given
    for the Harbor marketplace; ``deck`` defaults
    to every supply card not in the market or a city. The other arguments are the
    :class:`~machikoro.state.GameState` fields of the same names; ``options`` defaults to
    the documented readings.

    Raises :class:`~machikoro.errors.InvalidStateError` listing every broken invariant
    (:func:`machikoro.validate`), including names that do not exist.
    """
    options = options if options is not None else RulesOptions()
    problems: list[Violation] = []
    n = len(coins)
    if not 2 <= n <= 5:
        raise InvalidStateError([Violation("MK-PLAYERS-1", f"2 to 5 players, not {n}")])
    t = tables_for(options, n)
    size = len(Establishment)

    def counts(value: Mapping[Any, int], what: str) -> list[int]:
        out = [0] * size
        for ref, count in value.items():
            kind = _establishment(ref)
            if kind is None:
                problems.append(Violation("MK-STATE-1", f"{what}: no establishment {ref!r}"))
            elif type(count) is not int or count < 0:
                problems.append(Violation("MK-STATE-1", f"{what}: {count!r} {ref} is not a count"))
            else:
                out[kind] = count
        return out

    if establishments is None:
        rows = [list(t.starting) for _ in range(n)]
    else:
        if len(establishments) != n:
            problems.append(Violation("MK-STATE-1", f"give {n} cities, not {len(establishments)}"))
        rows = [counts(e, f"Player {i + 1}") for i, e in enumerate(establishments)][:n]
        rows += [list(t.starting)] * (n - len(rows))
    built = [list(t.starting_landmarks) for _ in range(n)]
    for seat, refs in enumerate((landmarks or [])[:n]):
        for ref in refs:
            lm = _landmark(ref)
            if lm is None:
                problems.append(Violation("MK-STATE-1", f"Player {seat + 1}: no landmark {ref!r}"))
            else:
                built[seat][lm] = True
    owned = [sum(row[k] for row in rows) for k in range(size)]
    if market is None:
        if t.harbor_market:
            problems.append(Violation("MK-STATE-4", "give the Harbor marketplace's cards"))
        shown = [max(0, t.box[k] + n * t.starting[k] - owned[k]) for k in range(size)]
    else:
        shown = counts(market, "market")
    if deck is None:
        pile = [
            max(0, t.box[k] + n * t.starting[k] - owned[k] - shown[k]) if t.harbor_market else 0
            for k in range(size)
        ]
    else:
        pile = counts(deck, "deck")
    if problems:
        raise InvalidStateError(problems)
    try:
        made_rolls = tuple(tuple(r) for r in rolls)
    except TypeError:
        raise InvalidStateError([Violation("MK-STATE-1", f"not rolls: {rolls!r}")]) from None
    state = make_state(
        options,
        seed,
        tuple(coins),
        tuple(tuple(row) for row in rows),
        tuple(tuple(b) for b in built),
        tuple(shown),
        tuple(pile),
        current,
        turn,
        made_rolls,
        total,
        extra_turn,
        tuple(stack),
    )
    found = validate(state)
    if found:
        raise InvalidStateError(found)
    return state


def _establishment(ref: object) -> Establishment | None:
    if type(ref) is Establishment:
        return ref
    if type(ref) is int and 0 <= ref < len(Establishment):
        return Establishment(ref)
    if isinstance(ref, str):
        try:
            return Establishment[ref.upper().replace("-", "_")]
        except KeyError:
            return None
    return None


def _landmark(ref: object) -> Landmark | None:
    if type(ref) is Landmark:
        return ref
    if type(ref) is int and 0 <= ref < len(Landmark):
        return Landmark(ref)
    if isinstance(ref, str):
        try:
            return Landmark[ref.upper().replace("-", "_")]
        except KeyError:
            return None
    return None
