"""What Machi Koro's command shows: menu groups, the summary, a record's moves, the cards.

The ``machikoro`` command is the shell every game's command is (:mod:`meeplekit.cli`),
served from Machi Koro's description (:data:`machikoro.info.INFO`); these are the parts of
it that are Machi Koro's own: the groups of a long menu (:func:`menu_group`), what matters
to a seat in a few lines (:func:`summary`), a record's moves narrated as the demo narrates
a game (:func:`narrate_moves`) and the cards of a game under its readings
(:func:`catalogue`, :func:`card_entries`, :func:`card_tables`). The tables need rich (the
extra ``[cli]``), imported when a table is drawn; the rest needs no extra.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Final, TextIO

from machikoro import demo
from machikoro.cards.catalogue import CardSet
from machikoro.cards.describe import (
    WHEN,
    activation_text,
    describe_establishment,
    describe_landmark,
    effect_rule,
)
from machikoro.cards.model import Edition, EstablishmentCard, LandmarkCard
from machikoro.cards.pages import card_rule, landmark_rule
from machikoro.facts import GAME
from machikoro.moves import (
    Activate,
    BuildEstablishment,
    BuildLandmark,
    ChooseOpponent,
    Move,
    RollDice,
    Trade,
)
from machikoro.observation import Observation
from machikoro.options import RulesOptions
from machikoro.state import GameState
from machikoro.tables import Tables, tables_for, tables_of
from machikoro.views.view import describe_rolls, headline, landmarks_done, seen_by
from meeplekit.info import CardEntry
from meeplekit.rng import SplitMix64

if TYPE_CHECKING:
    from rich.table import Table

__all__ = [
    "card_entries",
    "card_tables",
    "catalogue",
    "catalogue_title",
    "describe_establishment_card",
    "describe_landmark_card",
    "establishment_table",
    "landmark_table",
    "menu_group",
    "narrate_moves",
    "summary",
]

#: Each edition as the cards name it.
_EDITIONS: Final = {Edition.BASE: "base game", Edition.HARBOR: "Harbor expansion"}


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


# --------------------------------------------------------------------------- the menu


def menu_group(state: GameState, move: Move) -> tuple[str, ...]:
    """The group of ``move`` in a menu too long for the screen (:mod:`meeplekit.cli.play`).

    Establishments by colour, landmarks together, the Business Center's trades by the
    opponent and then by the establishment given, the TV Station's targets together, the
    establishments to resolve next together; the other moves stand on their own.
    """
    cards = tables_of(state).cards
    match move:
        case BuildEstablishment(establishment=kind):
            return (f"Build a {cards.establishment(kind).colour.value} establishment",)
        case BuildLandmark():
            return ("Complete a landmark",)
        case Trade(give=give, opponent=seat):
            return (
                f"Trade with Player {seat + 1}",
                f"Give your {cards.establishment(give).name}",
            )
        case ChooseOpponent():
            return ("Take coins from an opponent (TV Station)",)
        case Activate():
            return ("Resolve an establishment next",)
        case RollDice():
            return ("Roll the dice",)
    return ()


def summary(state: GameState, seat: int) -> str:
    """What matters to ``seat`` now, in a few lines (shown above the menu without the table).

    The view's first line, the dice of the turn, the seat's coins, landmarks and
    establishments, and the others' coins.
    """
    seen = seen_by(state, seat)
    cards = tables_of(state).cards
    to_build = len(tables_of(state).to_build)
    owned = ", ".join(
        f"{card.name} x{count}"
        for card, count in zip(cards.establishments, seen.establishments[seat], strict=True)
        if count
    )
    others = ", ".join(
        f"Player {other + 1} {_coins(seen.coins[other])}"
        for other in range(seen.players)
        if other != seat
    )
    return "\n".join(
        (
            headline(seen),
            f"Dice (Player {seen.current + 1}'s turn): {describe_rolls(seen)}",
            f"You: {_coins(seen.coins[seat])}, {landmarks_done(seen, seat)} of {to_build} "
            f"landmarks; {owned or 'no establishments'}",
            f"Others: {others}",
        )
    )


# --------------------------------------------------------------------------- a record's moves


class _RecordEnds(Exception):
    """The record has no more moves."""


class _Recorded:
    """The moves of a record, in order: each seat's bot and chance's draws take the next."""

    def __init__(self, moves: Sequence[Move]) -> None:
        self._moves: Iterator[Move] = iter(moves)

    def next(self) -> Move:
        for move in self._moves:
            return move
        raise _RecordEnds

    def choose(self, observation: Observation) -> Move:
        """The record's next move (a player's decision)."""
        return self.next()

    def draw(self, state: GameState, rng: SplitMix64) -> Move:
        """The record's next move (a chance outcome)."""
        return self.next()


def narrate_moves(start: GameState, moves: Sequence[Move], out: TextIO) -> None:
    """Write the narration of ``moves`` from ``start`` to ``out`` as the demo narrates a game.

    The record's chance outcomes are its own (MK-REC-5): nothing is drawn. The narration
    stops where the moves stop (``machikoro replay``).
    """
    recorded = _Recorded(moves)
    try:
        demo.play(start, [recorded] * start.players, out, SplitMix64(0), draw=recorded.draw)
    except _RecordEnds:
        return


# --------------------------------------------------------------------------- the cards


def catalogue(options: RulesOptions, variant: None = None) -> Tables:
    """The tables of a game under ``options`` (the cards do not depend on the players)."""
    return tables_for(options, GAME.min_players)


def describe_establishment_card(tables: Tables, card: EstablishmentCard) -> str:
    """An establishment in full, as the game under ``tables``' readings plays it."""
    major = " A major establishment: at most one per player (MK-BUILD-2)." if card.major else ""
    return (
        f"{card.name} ({card.colour.value} establishment, {card.icon.value} icon, "
        f"{_EDITIONS[card.edition]}): costs {_coins(tables.cost[card.number])}; activated by "
        f"{activation_text(card)} {WHEN[card.colour]}. {describe_establishment(card)}"
        f"{major}"
    )


def describe_landmark_card(tables: Tables, card: LandmarkCard) -> str:
    """A landmark in full, as the game under ``tables``' readings plays it."""
    built = " Built from the start of the game." if card.pre_built else ""
    return (
        f"{card.name} (landmark, {_EDITIONS[card.edition]}): costs "
        f"{_coins(tables.landmark_cost[card.number])}. {describe_landmark(card)}{built}"
    )


def card_entries(tables: Tables) -> list[CardEntry]:
    """Every card in play under ``tables``' readings, as ``machikoro cards NAME`` shows it."""
    cards = tables.cards
    found = [
        CardEntry(
            name=card.name,
            text=describe_establishment_card(tables, card),
            rules=(
                card_rule(card.number),
                effect_rule(card),
                *(("MK-BUILD-2",) if card.major else ()),
            ),
        )
        for card in cards.establishments
        if tables.in_play[card.number]
    ]
    found += [
        CardEntry(
            name=card.name,
            text=describe_landmark_card(tables, card),
            rules=(landmark_rule(card.number),),
        )
        for card in cards.landmarks
        if tables.landmark_in_play[card.number]
    ]
    return found


def catalogue_title(tables: Tables) -> str:
    """The game the cards are of: with the Harbor expansion or the base game."""
    return "Machi Koro with the Harbor expansion" if tables.expansion else "Machi Koro"


def establishment_table(tables: Tables, width: int = 80) -> Table:
    """The establishments in play as a rich table ``width`` columns wide at most.

    In activation order, with their colour, cost under the readings and effect.
    """
    from meeplekit.cli.common import fit_table  # rich: the extra [cli]

    cards: CardSet = tables.cards
    shown = sorted(
        (card for card in cards.establishments if tables.in_play[card.number]),
        key=lambda card: (card.activation, card.number),
    )
    rows = [
        (
            activation_text(card),
            card.name,
            card.colour.value,
            str(tables.cost[card.number]),
            describe_establishment(card),
        )
        for card in shown
    ]
    columns = (
        ("roll", "right", 0),
        ("establishment", "left", 1),
        ("colour", "left", 0),
        ("cost", "right", 0),
        ("effect", "left", 4),
    )
    return fit_table(f"{catalogue_title(tables)}: establishments", columns, rows, width)


def landmark_table(tables: Tables, width: int = 80) -> Table:
    """The landmarks in play as a rich table ``width`` columns wide at most."""
    from meeplekit.cli.common import fit_table  # rich: the extra [cli]

    rows = [
        (
            card.name,
            "built" if card.pre_built else str(tables.landmark_cost[card.number]),
            describe_landmark(card),
        )
        for card in tables.cards.landmarks
        if tables.landmark_in_play[card.number]
    ]
    columns = (("landmark", "left", 0), ("cost", "right", 0), ("effect", "left", 1))
    return fit_table(f"{catalogue_title(tables)}: landmarks", columns, rows, width)


def card_tables(tables: Tables, width: int = 80) -> list[Table]:
    """The cards in play as tables (``machikoro cards``): the establishments, the landmarks."""
    return [establishment_table(tables, width), landmark_table(tables, width)]
