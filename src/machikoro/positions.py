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
from machikoro.validation import Violation, options_ok, validate
from meeplekit.values import member_test, shown

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
    the documented readings. Sequences are lists or tuples, counts are given by mappings.

    Raises :class:`~machikoro.errors.InvalidStateError` listing every broken invariant
    (:func:`machikoro.validate`), including names that do not exist, a card named twice in
    one mapping and values of the wrong type, whatever they are (MK-INPUT-4).
    """
    options = options if options is not None else RulesOptions()
    if not options_ok(options):
        raise InvalidStateError(
            [Violation("MK-STATE-1", f"options must be RulesOptions, got {shown(options)}")]
        )
    problems: list[Violation] = []

    def listed(value: object, what: str) -> tuple[Any, ...]:
        if type(value) in (list, tuple):
            return tuple(value)  # type: ignore[arg-type]
        problems.append(
            Violation("MK-STATE-1", f"{what} must be a list or tuple, got {shown(value)}")
        )
        return ()

    player_coins = listed(coins, "coins")
    n = len(player_coins)
    if not 2 <= n <= 5:
        problems.append(Violation("MK-PLAYERS-1", f"2 to 5 players, not {n}"))
        raise InvalidStateError(problems)
    t = tables_for(options, n)
    size = len(Establishment)

    def counts(value: object, what: str) -> list[int]:
        out = [0] * size
        if not isinstance(value, Mapping):
            problems.append(
                Violation("MK-STATE-1", f"{what}: counts by establishment, got {shown(value)}")
            )
            return out
        named: set[Establishment] = set()
        for ref, count in value.items():
            kind = _establishment(ref)
            if kind is None:
                problems.append(Violation("MK-STATE-1", f"{what}: no establishment {shown(ref)}"))
            elif kind in named:
                problems.append(Violation("MK-STATE-1", f"{what}: the {kind.key} named twice"))
            elif type(count) is not int or count < 0:
                problems.append(
                    Violation("MK-STATE-1", f"{what}: {shown(count)} {kind.key} is not a count")
                )
            else:
                out[kind] = count
            if kind is not None:
                named.add(kind)
        return out

    if establishments is None:
        rows = [list(t.starting) for _ in range(n)]
    else:
        cities = listed(establishments, "establishments")
        if len(cities) != n:
            problems.append(Violation("MK-STATE-1", f"give {n} cities, not {len(cities)}"))
        rows = [counts(e, f"Player {i + 1}") for i, e in enumerate(cities)][:n]
        rows += [list(t.starting)] * (n - len(rows))
    built = [list(t.starting_landmarks) for _ in range(n)]
    for seat, refs in enumerate(
        listed(landmarks, "landmarks")[:n] if landmarks is not None else ()
    ):
        if type(refs) not in (list, tuple, set, frozenset):
            problems.append(
                Violation("MK-STATE-1", f"Player {seat + 1}: landmarks, got {shown(refs)}")
            )
            continue
        for ref in refs:
            lm = _landmark(ref)
            if lm is None:
                problems.append(
                    Violation("MK-STATE-1", f"Player {seat + 1}: no landmark {shown(ref)}")
                )
            else:
                built[seat][lm] = True
    owned = [sum(row[k] for row in rows) for k in range(size)]
    if market is None:
        if t.harbor_market:
            problems.append(Violation("MK-STATE-4", "give the Harbor marketplace's cards"))
        shown_cards = [max(0, t.box[k] + n * t.starting[k] - owned[k]) for k in range(size)]
    else:
        shown_cards = counts(market, "market")
    if deck is None:
        pile = [
            max(0, t.box[k] + n * t.starting[k] - owned[k] - shown_cards[k])
            if t.harbor_market
            else 0
            for k in range(size)
        ]
    else:
        pile = counts(deck, "deck")
    made_rolls = tuple(tuple(r) if type(r) in (list, tuple) else r for r in listed(rolls, "rolls"))
    pending = listed(stack, "stack")
    if problems:
        raise InvalidStateError(problems)
    state = make_state(
        options,
        seed,
        player_coins,
        tuple(tuple(row) for row in rows),
        tuple(tuple(b) for b in built),
        tuple(shown_cards),
        tuple(pile),
        current,
        turn,
        made_rolls,
        total,
        extra_turn,
        pending,
    )
    found = validate(state)
    if found:
        raise InvalidStateError(found)
    return state


#: Each establishment and each landmark by its key (``"tv-station"``).
_ESTABLISHMENT_KEYS = {kind.key: kind for kind in Establishment}
_LANDMARK_KEYS = {lm.key: lm for lm in Landmark}
_ESTABLISHMENTS = tuple(Establishment)
_LANDMARKS = tuple(Landmark)
_is_establishment = member_test(Establishment)
_is_landmark = member_test(Landmark)


def _establishment(ref: object) -> Establishment | None:
    """The establishment ``ref`` names: a member itself, its number or its key; else None."""
    if _is_establishment(ref):
        return ref  # type: ignore[return-value]
    if type(ref) is int:
        return _ESTABLISHMENTS[ref] if 0 <= ref < len(_ESTABLISHMENTS) else None
    if type(ref) is str:
        return _ESTABLISHMENT_KEYS.get(ref)
    return None


def _landmark(ref: object) -> Landmark | None:
    """The landmark ``ref`` names: a member itself, its number or its key; else None."""
    if _is_landmark(ref):
        return ref  # type: ignore[return-value]
    if type(ref) is int:
        return _LANDMARKS[ref] if 0 <= ref < len(_LANDMARKS) else None
    if type(ref) is str:
        return _LANDMARK_KEYS.get(ref)
    return None
