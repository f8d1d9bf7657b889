"""Checking a position: :func:`validate` lists every broken invariant (MK-STATE-1 to MK-STATE-6).

A state reached by playing from :func:`machikoro.new_game` is always valid. A state made
or edited by hand (``attrs.evolve``, a JSON document, :func:`machikoro.position`) may not
be, and the engine's promises hold only for valid states.

>>> import attrs, machikoro
>>> state = machikoro.new_game(2, seed=1)
>>> machikoro.validate(state)
()
>>> machikoro.validate(attrs.evolve(state, coins=(3, -1)))[0]
Violation(rule_id='MK-STATE-1', reason='coins of Player 2 must be a whole number from 0 to 2**63 - 1, got -1')
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from machikoro.cards.model import Establishment, Landmark
from machikoro.facts import GAME
from machikoro.options import PurpleOrder, RerollDice, RulesOptions
from machikoro.rules.build import complete
from machikoro.rules.market import piles
from machikoro.state import (
    GameState,
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
from machikoro.tables import MAX_TOTAL, Tables, tables_of
from meeplekit import options as shared_options
from meeplekit.values import member_test, shown

__all__ = ["Violation", "validate"]

_N_EST = len(Establishment)
#: The most coins a player holds and the last turn: a 64-bit whole number (MK-STATE-1), so
#: that a valid position fits a JSON document (MK-JSON-2) and a 64-bit integer.
_MOST = (1 << 63) - 1
_is_establishment = member_test(Establishment)
_N_LM = len(Landmark)
_TRAIN, _RADIO, _HARBOR = Landmark.TRAIN_STATION, Landmark.RADIO_TOWER, Landmark.HARBOR
_PENDING_FIELDS: dict[type, tuple[tuple[str, type], ...]] = {
    PendingRoll: (("reroll", bool),),
    PendingDice: (("dice", int),),
    PendingAddTwo: (),
    PendingTunaRoll: (),
    PendingActivate: (("establishments", tuple),),
    PendingOpponent: (),
    PendingTrade: (),
    PendingBuild: (),
    PendingDraw: (),
    PendingEndTurn: (("extra", bool),),
}


@attrs.frozen(slots=True)
class Violation:
    """One broken invariant: the rule it breaks and what is wrong."""

    rule_id: str
    reason: str


def validate(state: object) -> tuple[Violation, ...]:
    """Every invariant ``state`` breaks, each naming its rule; ``()`` for a valid position.

    The checks follow the specification: values of the right types and sizes
    (MK-STATE-1) and player count (MK-PLAYERS-1), every card somewhere (MK-STATE-2), one
    of each major per player (MK-STATE-3), the market (MK-STATE-4), landmarks and the end
    (MK-STATE-5) and the pending stack (MK-STATE-6). Checks that depend on broken ones are
    skipped, so that this function never raises, whatever it is given.
    """
    found = list(_types(state))
    if found:
        return tuple(found)
    assert isinstance(state, GameState)
    t = tables_of(state)
    for check in (_cards, _majors, _market, _landmarks):
        found.extend(check(state, t))
    if not found:
        found.extend(_stack(state, t))
    return tuple(found)


# --------------------------------------------------------------------------- MK-STATE-1


def _whole(value: object) -> bool:
    """A count: a whole number from 0 to 2**63 - 1 (MK-STATE-1)."""
    return type(value) is int and 0 <= value <= _MOST


def options_ok(options: object) -> bool:
    """Whether ``options`` is :class:`RulesOptions` as its constructor makes it (MK-STATE-1).

    Each field holds one of its enum's members itself (a value made around the enum is
    none) or a bool, and the value equals, and hashes as, what the constructor makes of
    its fields (a value edited after its hash was cached does not).
    """
    return shared_options.made_options(options, RulesOptions)


def _counts(value: object, size: int) -> bool:
    return type(value) is tuple and len(value) == size and all(_whole(v) for v in value)


def _types(state: object) -> Iterator[Violation]:
    """MK-STATE-1 and MK-PLAYERS-1: exact types, sizes and ranges, before anything else."""
    if type(state) is not GameState:
        yield Violation("MK-STATE-1", f"not a GameState: {type(state).__name__}")
        return
    try:
        values = {f.name: getattr(state, f.name) for f in attrs.fields(GameState)}
    except AttributeError:
        yield Violation("MK-STATE-1", "a field of the state was never set")
        return
    options = values["options"]
    if not options_ok(options):
        yield Violation(
            "MK-STATE-1", "options must be RulesOptions as their constructor makes them"
        )
        return
    seed = values["seed"]
    if not (type(seed) is int and 0 <= seed < 1 << 64):
        yield Violation("MK-STATE-1", "the seed must be a whole number from 0 to 2**64 - 1")
    coins = values["coins"]
    if type(coins) is not tuple:
        yield Violation("MK-STATE-1", "coins must be a tuple, one entry per player")
        return
    n = len(coins)
    allowed = GAME.player_counts(expansion=options.expansion)
    if n not in allowed:
        yield Violation(
            "MK-PLAYERS-1",
            f"this edition is played by {allowed[0]} to {allowed[-1]} players, not {n}",
        )
        return
    for seat, c in enumerate(coins):
        if not _whole(c):
            yield Violation(
                "MK-STATE-1",
                f"coins of Player {seat + 1} must be a whole number from 0 to 2**63 - 1, "
                f"got {shown(c)}",
            )
    for name, size, kind in (("establishments", _N_EST, int), ("landmarks", _N_LM, bool)):
        rows = values[name]
        if type(rows) is not tuple or len(rows) != n:
            yield Violation("MK-STATE-1", f"{name} must be a tuple of {n} rows")
            continue
        for seat, row in enumerate(rows):
            ok = type(row) is tuple and len(row) == size
            ok = ok and all((_whole(v) if kind is int else type(v) is bool) for v in row)
            if not ok:
                yield Violation(
                    "MK-STATE-1",
                    f"{name} of Player {seat + 1} must be {size} "
                    f"{'whole numbers from 0 to 2**63 - 1' if kind is int else 'True/False values'}",
                )
    for name in ("market", "deck"):
        if not _counts(values[name], _N_EST):
            yield Violation(
                "MK-STATE-1", f"the {name} must be {_N_EST} whole numbers from 0 to 2**63 - 1"
            )
    current, turn, total = values["current"], values["turn"], values["total"]
    if type(current) is not int or not 0 <= current < n:
        yield Violation("MK-STATE-1", f"the current seat must be from 0 to {n - 1}")
    if type(turn) is not int or not 1 <= turn <= _MOST:
        yield Violation("MK-STATE-1", "the turn must be a whole number from 1 to 2**63 - 1")
    if type(total) is not int or not (total == 0 or 1 <= total <= MAX_TOTAL):
        yield Violation("MK-STATE-1", f"the total must be 0 or from 1 to {MAX_TOTAL}")
    if type(values["extra_turn"]) is not bool:
        yield Violation("MK-STATE-1", "extra_turn must be True or False")
    rolls = values["rolls"]
    faces = range(1, GAME.die_faces + 1)
    if (
        type(rolls) is not tuple
        or len(rolls) > 2
        or not all(
            type(r) is tuple
            and 1 <= len(r) <= GAME.max_dice
            and all(type(f) is int and f in faces for f in r)
            and list(r) == sorted(r)
            for r in rolls
        )
    ):
        yield Violation(
            "MK-STATE-1", "rolls must be at most 2 rolls of 1 or 2 dice from 1 to 6, in order"
        )
    stack = values["stack"]
    if type(stack) is not tuple:
        yield Violation("MK-STATE-6", "the stack must be a tuple of pending decisions")
        return
    for pending in stack:
        problem = _pending_problem(pending)
        if problem:
            yield Violation("MK-STATE-6", problem)


def _pending_problem(pending: object) -> str | None:
    fields = _PENDING_FIELDS.get(type(pending))
    if fields is None:
        return f"not a pending decision: {type(pending).__name__}"
    for name, kind in fields:
        value = getattr(pending, name, None)
        if type(value) is not kind:
            return f"{type(pending).__name__}.{name} must be a {kind.__name__}"
    if type(pending) is PendingDice and pending.dice not in (1, 2):
        return "PendingDice.dice must be 1 or 2"
    if type(pending) is PendingActivate:
        kinds = pending.establishments
        if (
            not kinds
            or not all(_is_establishment(k) for k in kinds)
            or list(kinds) != sorted(set(kinds))
        ):
            return "PendingActivate.establishments must be different establishments in card order"
    try:
        hash(pending)
    except Exception:  # a value made around its constructor
        return f"a {type(pending).__name__} that cannot be hashed"
    return None


# --------------------------------------------------------------------------- MK-STATE-2..5


def _cards(state: GameState, t: Tables) -> Iterator[Violation]:
    """MK-STATE-2: each kind's copies in the deck, the market and the cities."""
    n = len(state.coins)
    for kind in Establishment:
        held = state.deck[kind] + state.market[kind]
        owners = [state.establishments[p][kind] for p in range(n)]
        held += sum(owners)
        expected = t.box[kind] + n * t.starting[kind]
        if not t.in_play[kind] and held:
            yield Violation("MK-STATE-2", f"the {kind.key} is not in this edition")
        elif held > expected or (held < expected and not t.major[kind]):
            yield Violation(
                "MK-STATE-2",
                f"{held} copies of the {kind.key} in the game, but the game has {expected}",
            )
        elif held < expected and not all(owners):
            yield Violation(
                "MK-STATE-2",
                f"copies of the {kind.key} left the game, but not every player owns one",
            )


def _majors(state: GameState, t: Tables) -> Iterator[Violation]:
    """MK-STATE-3: one of each major per player."""
    for seat, row in enumerate(state.establishments):
        for kind in t.majors:
            if row[kind] > 1:
                yield Violation(
                    "MK-STATE-3",
                    f"Player {seat + 1} owns {row[kind]} copies of the major "
                    f"{Establishment(kind).key}",
                )


def _market(state: GameState, t: Tables) -> Iterator[Violation]:
    """MK-STATE-4: the market's piles."""
    if not t.harbor_market:
        if any(state.deck):
            yield Violation("MK-STATE-4", "the base marketplace has every card face up: no deck")
        return
    shown = piles(state.market)
    drawing = bool(state.stack) and type(state.stack[-1]) is PendingDraw
    if shown > GAME.market_piles:
        yield Violation("MK-STATE-4", f"the market shows {shown} establishments, more than 10")
    elif not drawing and shown < GAME.market_piles and any(state.deck):
        yield Violation(
            "MK-STATE-4", f"the market shows {shown} establishments and the deck is not empty"
        )
    for kind in t.majors:
        if state.market[kind] and all(row[kind] for row in state.establishments):
            yield Violation(
                "MK-STATE-4",
                f"every player owns the {Establishment(kind).key}: it cannot be in the market",
            )


def _landmarks(state: GameState, t: Tables) -> Iterator[Violation]:
    """MK-STATE-5: City Hall with the expansion, no landmark of another edition; the end."""
    for seat, built in enumerate(state.landmarks):
        if t.expansion and not built[Landmark.CITY_HALL]:
            yield Violation("MK-STATE-5", f"Player {seat + 1} has no City Hall")
        for lm in Landmark:
            if built[lm] and not t.landmark_in_play[lm]:
                yield Violation(
                    "MK-STATE-5", f"Player {seat + 1} has the {lm.key}, not in the base game"
                )
    done = [p for p, built in enumerate(state.landmarks) if complete(built, t.to_build)]
    if state.stack and done:
        yield Violation(
            "MK-STATE-5", f"Player {done[0] + 1} has every landmark but the game is not over"
        )
    if not state.stack and done != [state.current]:
        yield Violation(
            "MK-STATE-5", "a finished game has one winner, with every landmark, whose turn it was"
        )


# --------------------------------------------------------------------------- MK-STATE-6


def _stack(state: GameState, t: Tables) -> Iterator[Violation]:
    """MK-STATE-6: a stack of a shape the engine makes, consistent with the position."""
    stack = state.stack
    if not stack:
        return
    problem = _shape(state, t)
    if problem:
        yield Violation("MK-STATE-6", problem)


def _shape(state: GameState, t: Tables) -> str | None:
    stack = state.stack
    top = stack[-1]
    player = state.current
    built = state.landmarks[player]
    rolls = state.rolls
    owned = state.establishments[player]
    if len(stack) == 2 and type(stack[0]) in (PendingRoll, PendingEndTurn):
        if type(top) is not PendingDraw:
            return "only a market draw waits above a turn's end or beginning"
        if not t.harbor_market:
            return "the base marketplace never draws"
        if not any(state.deck) or piles(state.market) >= GAME.market_piles:
            return "a draw needs a card in the deck and fewer than 10 establishments showing"
        if type(stack[0]) is PendingRoll and (stack[0].reroll or rolls or state.total):
            return "the market is filled before the first roll"
        if type(stack[0]) is PendingEndTurn and not rolls:
            return "a turn ends after its roll"
        return None
    if type(stack[0]) is not PendingBuild:
        if len(stack) != 1:
            return "a roll decision stands alone on the stack"
        return _roll_shape(state, t)
    # After the roll: the construction phase below the rest of the income.
    if not rolls or not state.total:
        return "the income comes after a settled roll"
    last = sum(rolls[-1])
    if state.total not in (last, last + t.harbor_add) or (
        state.total != last and not (built[_HARBOR] and last >= t.harbor_minimum)
    ):
        return f"the total {state.total} does not follow from the dice {rolls[-1]}"
    rest = list(stack[1:])
    tuna = bool(rest) and type(rest[-1]) is PendingTunaRoll
    if tuna:
        rest.pop()
        if not t.tuna[state.total]:
            return f"the Tuna Boat does not activate on {state.total}"
    choice = None
    if rest and type(rest[-1]) in (PendingOpponent, PendingTrade):
        if tuna:
            return "the Tuna Boat's roll comes before the majors"
        choice = rest.pop()
    activate: PendingActivate | None = None
    if rest and isinstance(rest[-1], PendingActivate):
        popped = rest.pop()
        assert isinstance(popped, PendingActivate)
        activate = popped
    if rest:
        return "an unexpected pending decision in the income"
    if activate is not None:
        kinds = activate.establishments
        purples = t.purple[state.total]
        if any(k not in purples or not owned[k] for k in kinds):
            return "only the roller's majors of this total wait to resolve"
        on_top = not tuna and choice is None
        if on_top and (
            len(kinds) < 2 or state.options.purple_order is not PurpleOrder.OWNER_CHOOSES
        ):
            return "the majors resolve by themselves in card order"
    if type(choice) is PendingOpponent and (
        not owned[Establishment.TV_STATION] or len(state.coins) < 3
    ):
        return "the TV Station's owner chooses an opponent among two or more"
    if type(choice) is PendingTrade and not owned[Establishment.BUSINESS_CENTER]:
        return "a trade needs the Business Center"
    return None


def _roll_shape(state: GameState, t: Tables) -> str | None:
    top = state.stack[0]
    player = state.current
    built = state.landmarks[player]
    rolls = state.rolls
    if state.total:
        return "the total is settled only after the roll"
    if type(top) is PendingRoll:
        if not top.reroll:
            return "the roll decision comes before any roll" if rolls else None
        if len(rolls) != 1 or not built[_RADIO]:
            return "a re-roll needs a Radio Tower and one roll made"
        return None
    if type(top) is PendingDice:
        if len(rolls) > 1 or (rolls and not built[_RADIO]):
            return "dice are rolled once, or twice with a Radio Tower"
        if (
            top.dice == 2
            and not built[_TRAIN]
            and not (rolls and state.options.reroll_dice is RerollDice.SAME and len(rolls[0]) == 2)
        ):
            return "rolling 2 dice needs a Train Station"
        if rolls and state.options.reroll_dice is RerollDice.SAME and top.dice != len(rolls[0]):
            return "the re-roll uses as many dice as the roll it replaces"
        return None
    if type(top) is PendingAddTwo:
        if not rolls or not built[_HARBOR] or sum(rolls[-1]) < t.harbor_minimum:
            return "the Harbor's +2 needs a Harbor and a roll of 10 or more"
        return None
    return f"a {type(top).__name__} is not a turn's first decision"
