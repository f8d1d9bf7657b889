"""A text view of a position: :func:`render` (MK-VIEW-1, MK-VIEW-2).

>>> import machikoro
>>> state = machikoro.new_game(2, seed=42)
>>> print(machikoro.render(state).splitlines()[0])
Machi Koro, 2 players, turn 1: Player 1 is rolling the dice

``str(state)`` is the same view. It is drawn from :func:`machikoro.observe` alone
(:func:`seen_by`); nothing of a position of Machi Koro is hidden from anyone at the table,
so every viewer sees the whole table, their own seat marked "(you)".
"""

from __future__ import annotations

from machikoro.cards.catalogue import CardSet
from machikoro.cards.describe import activation_text
from machikoro.errors import InvalidValueError
from machikoro.observation import Observation, observe
from machikoro.rules.table import step_of
from machikoro.state import GameState, Pending, PendingActivate, PendingBuild
from machikoro.tables import Tables, tables_for
from meeplekit.text import DEFAULT_WIDTH, width_problem, wrap
from meeplekit.values import seat as check_seat

__all__ = ["WIDTH", "describe_rolls", "headline", "landmarks_done", "render", "seen_by", "tables"]

#: The width :func:`render` writes at by default, and ``str(state)`` always (a value has
#: no terminal): 80 columns (:data:`meeplekit.text.DEFAULT_WIDTH`, MK-VIEW-3).
WIDTH = DEFAULT_WIDTH


def render(
    state: GameState | Observation,
    viewer: int | None = None,
    *,
    public: bool = False,
    width: int = WIDTH,
) -> str:
    """The position as text: the decision pending, the last roll, the market, every city.

    ``viewer`` (a seat) marks that player "(you)"; an
    :class:`~machikoro.observation.Observation` is drawn for its viewer. ``public=True``
    (without a viewer) is what every player may see, as in every game; here that is the
    view without a viewer, as nothing a view shows is secret. Lines are at most
    ``width`` characters (default :data:`WIDTH`, 80), longer ones wrapped with their
    continuation indented (MK-VIEW-3, :func:`meeplekit.text.wrap`). The text is for people
    and may change between versions; for programs there is :func:`machikoro.to_json`.
    Raises :class:`~machikoro.errors.InvalidValueError` for a viewer that is no seat of the
    game, or a width under 40 columns.
    """
    problem = width_problem(width)
    if problem is not None:
        raise InvalidValueError(problem)
    if public and viewer is not None:
        raise InvalidValueError("a view takes a viewer or public=True, not both")
    who = None if public else state.viewer if isinstance(state, Observation) else viewer
    return wrap("\n".join(_lines(seen_by(state, viewer), who)), width) + "\n"


def seen_by(state: GameState | Observation, viewer: int | None = None) -> Observation:
    """What a view of ``state`` shows, as an :class:`~machikoro.observation.Observation`.

    A seat gets its own observation; ``viewer=None`` the table as every player sees it
    (seat 0's observation, the viewer marked nowhere); an observation is itself. Every view
    of the library (:func:`render`, :mod:`machikoro.views.svg`) is drawn from this alone
    (MK-VIEW-2). Raises :class:`~machikoro.errors.InvalidValueError` for a viewer that is
    no seat of the game.
    """
    if isinstance(state, Observation):
        return state
    return observe(state, 0 if viewer is None else viewer)


def tables(seen: Observation) -> Tables:
    """The per-game tables of the game ``seen`` is a view of (its cards among them)."""
    return tables_for(seen.options, seen.players)


def landmarks_done(seen: Observation, seat: int) -> int:
    """How many of the landmarks to build ``seat`` has completed (City Hall not counted)."""
    check_seat(seat, len(seen.landmarks), InvalidValueError, "seat")
    return sum(1 for lm in tables(seen).to_build if seen.landmarks[seat][lm])


def _details(state: Observation, pending: Pending, cards: CardSet) -> str:
    """What the decision is about, beyond its question."""
    if isinstance(pending, PendingActivate):
        names = [cards.establishment(k).name for k in pending.establishments]
        return ": " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1])
    if isinstance(pending, PendingBuild):
        coins = state.coins[state.current]
        return f" with {coins} coin{'' if coins == 1 else 's'}"
    return ""


def headline(state: Observation) -> str:
    """The view's first line: players, turn, who decides what (a player, or chance)."""
    n = state.players
    pending = state.pending
    if pending is None:
        return (
            f"Machi Koro, {n} players, the game is over after {state.turn} turns: "
            f"Player {state.current + 1} won"
        )
    extra = " (an extra turn)" if state.extra_turn else ""
    doing = step_of(pending).question(pending) + _details(state, pending, tables(state).cards)
    if pending.chance:
        return (
            f"Machi Koro, {n} players, turn {state.turn}{extra}: chance is {doing} "
            f"(Player {state.current + 1}'s turn)"
        )
    return (
        f"Machi Koro, {n} players, turn {state.turn}{extra}: Player {state.current + 1} is {doing}"
    )


def describe_rolls(state: Observation) -> str:
    """The turn's rolls and the settled total: ``"3 and 4 (7)"``, ``"5, then 2 (total 4)"``."""
    if not state.rolls:
        return "none rolled yet"
    said = ", then ".join(
        str(r[0]) if len(r) == 1 else f"{r[0]} and {r[1]} ({sum(r)})" for r in state.rolls
    )
    if state.total and state.total != sum(state.rolls[-1]):
        said += f", total {state.total} with the Harbor"
    return said


def _lines(state: Observation, viewer: int | None) -> list[str]:
    t = tables(state)
    cards = t.cards
    over = state.is_over
    out = [headline(state)]
    out.append(f"Dice (Player {state.current + 1}'s turn): {describe_rolls(state)}")
    kind = "Harbor marketplace" if t.harbor_market else "every pile face up"
    piles = sum(1 for n in state.market if n)
    deck = sum(state.deck)
    out.append(f"Market ({kind}, {piles} piles); deck: {deck} card{'' if deck == 1 else 's'}")
    for number, count in enumerate(state.market):
        if count:
            card = cards.establishment(number)
            roll = f"roll {activation_text(card)}"
            line = f"  {roll:<11}{card.name:<28}{card.colour.value:<8}cost {card.cost:<4}x{count}"
            out.append(line.rstrip())
    if not piles:
        out.append("  (empty)")
    for seat in range(state.players):
        you = " (you)" if seat == viewer else ""
        turn = " *" if seat == state.current and not over else ""
        coins = state.coins[seat]
        built = landmarks_done(state, seat)
        out.append(
            f"Player {seat + 1}{you}{turn}: {coins} coin{'' if coins == 1 else 's'}, "
            f"{built} of {len(t.to_build)} landmarks"
        )
        owned = ", ".join(
            f"{card.name} x{count} (roll {activation_text(card)})"
            for card, count in zip(cards.establishments, state.establishments[seat], strict=True)
            if count
        )
        out.append(f"  establishments: {owned or 'none'}")
        done = [
            cards.landmark(lm).name
            for lm, flag in enumerate(state.landmarks[seat])
            if flag and t.landmark_in_play[lm]
        ]
        todo = [
            f"{cards.landmark(lm).name} (cost {cards.landmark(lm).cost})"
            for lm in t.to_build
            if not state.landmarks[seat][lm]
        ]
        out.append(f"  landmarks built: {', '.join(done) or 'none'}")
        out.append(f"  to build: {', '.join(todo) or 'none'}")
    return out
