"""Machi Koro's pieces for the command shell: :data:`PIECES` (:mod:`meeplekit.cli.pieces`).

The ``machikoro`` command is the shell every game's command is built from
(:mod:`meeplekit.cli`), told here what is Machi Koro's: its lab description
(:data:`machikoro.lab.LAB`: bots, 2 to 5 players, readings, the chance sampler), its view
of a seat (:func:`machikoro.render`) and its summary (:func:`summary`), its notation and
menu labels (:mod:`machikoro.notation`) and menu groups (:func:`menu_group`), its
narration (:mod:`machikoro.narrate`, and the demo's for a
record), its records (:mod:`machikoro.records`), its cards under the chosen readings
(:func:`establishment_table`, :func:`landmark_table`, :func:`describe_establishment_card`,
:func:`describe_landmark_card`) and its specification
(:data:`machikoro.specification.SPECIFICATION`).

Chance during play (the dice, the Tuna Boat's roll and the market's draws) is drawn by
the command itself, with :func:`machikoro.chance.sample` from a generator seeded from the
game's secret seed, and narrated as it happens (MK-CLI-2); ``undo`` never takes it back
(MK-CLI-3).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final, TextIO

import attrs
from rich.table import Table

import machikoro
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
from machikoro.lab import LAB
from machikoro.moves import (
    Activate,
    BuildEstablishment,
    BuildLandmark,
    ChooseOpponent,
    Move,
    RollDice,
    Trade,
)
from machikoro.narrate import describe_events, describe_outcome, describe_setup, player_name
from machikoro.notation import describe_move, format_move, parse_move
from machikoro.observation import Observation
from machikoro.options import RulesOptions
from machikoro.records import read_record, replay, write_record
from machikoro.rng import SplitMix64
from machikoro.specification import SPECIFICATION
from machikoro.state import GameState
from machikoro.tables import Tables, tables_for, tables_of
from machikoro.view import describe_rolls, headline, landmarks_done, render, seen_by
from meeplekit.cli.common import fit_table
from meeplekit.cli.pieces import Cards, GamePieces, Narration, Notation, Records

__all__ = [
    "PIECES",
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


def _tables(options: RulesOptions) -> Tables:
    """The tables of a game under ``options`` (the cards do not depend on the players)."""
    return tables_for(options, LAB.min_players)


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


@attrs.frozen
class _Card:
    """A card as ``machikoro cards`` finds and shows it."""

    name: str
    text: str
    rules: tuple[str, ...]


def _cards(tables: Tables) -> list[_Card]:
    cards = tables.cards
    found = [
        _Card(
            card.name,
            describe_establishment_card(tables, card),
            (card_rule(card.number), effect_rule(card), *(("MK-BUILD-2",) if card.major else ())),
        )
        for card in cards.establishments
        if tables.in_play[card.number]
    ]
    found += [
        _Card(card.name, describe_landmark_card(tables, card), (landmark_rule(card.number),))
        for card in cards.landmarks
        if tables.landmark_in_play[card.number]
    ]
    return found


def _title(tables: Tables) -> str:
    return "Machi Koro with the Harbor expansion" if tables.expansion else "Machi Koro"


def establishment_table(tables: Tables, width: int = 80) -> Table:
    """The establishments in play as a rich table ``width`` columns wide at most.

    In activation order, with their colour, cost under the readings and effect.
    """
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
    return fit_table(f"{_title(tables)}: establishments", columns, rows, width)


def landmark_table(tables: Tables, width: int = 80) -> Table:
    """The landmarks in play as a rich table ``width`` columns wide at most."""
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
    return fit_table(f"{_title(tables)}: landmarks", columns, rows, width)


def _card_tables(tables: Tables, width: int) -> list[Table]:
    return [establishment_table(tables, width), landmark_table(tables, width)]


def _load(options: RulesOptions, variant: None) -> Tables:
    return _tables(options)


def _card_name(card: _Card) -> str:
    return card.name


def _card_text(card: _Card) -> str:
    return card.text


def _card_rules(card: _Card) -> tuple[str, ...]:
    return card.rules


# --------------------------------------------------------------------------- the pieces


def _view(state: GameState, seat: int) -> str:
    return render(state, viewer=seat)


def _setup(state: GameState, show_seed: bool) -> str:
    return describe_setup(state, show_seed=show_seed)


def _write(
    start: GameState,
    moves: Sequence[Move],
    tags: Mapping[str, str],
    comments: Mapping[int, str],
) -> str:
    return write_record(start, moves, tags=tags, comments=comments)


def _replay(record: Any) -> tuple[GameState, ...]:
    return replay(record)


#: Machi Koro's pieces: the ``machikoro`` command is the shell built from them
#: (:func:`meeplekit.cli.app.command_group`).
PIECES: Final[GamePieces[GameState, Move]] = GamePieces(
    name="machikoro",
    title="Machi Koro",
    version=machikoro.__version__,
    lab=LAB,
    view=_view,
    notation=Notation(
        format=format_move,
        parse=parse_move,
        label=describe_move,
        examples="'roll 2', 'build bak', 'landmark train', 'trade cafe with 2 for ranch'",
        group=menu_group,
    ),
    narration=Narration(
        setup=_setup,
        events=describe_events,
        outcome=describe_outcome,
        player=player_name,
        game=narrate_moves,
    ),
    records=Records(rule="MK-REC-1", write=_write, read=read_record, replay=_replay),
    cards=Cards(
        load=_load,
        title=_title,
        cards=_cards,
        name=_card_name,
        describe=_card_text,
        rules=_card_rules,
        tables=_card_tables,
        kinds="establishment or landmark",
        help=(
            "The cards of a game under the readings given, as tables, or the card NAME in "
            "full.\n\n"
            "NAME is an establishment or a landmark; case does not matter and any start of a "
            "name that fits one card only will do (Tuna for the Tuna Boat). "
            "--no-expansion shows the base game's cards, --sushi-bar-cost the Sushi Bar's cost."
        ),
        readings=True,
        of_state=tables_of,
    ),
    specification=SPECIFICATION,
    rule_examples="MK-BUILD-2 or MKH-TUNA-3",
    reading_example="reroll-dice=same",
    chance="the dice and the market's draws",
    summary=summary,
)
