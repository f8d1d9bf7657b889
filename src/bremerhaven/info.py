"""Bremerhaven's description for the shared tools: :data:`INFO` (:class:`meeplekit.info.GameInfo`).

The OpenSpiel game ``python_bremerhaven`` (BH-SPIEL-1 to BH-SPIEL-7), the PettingZoo
environment ``bremerhaven_v0`` (BH-ENV-1 to BH-ENV-6), the rules lab (BH-LAB-1 to
BH-LAB-4), the ``bremerhaven`` command and the conformance tests serve Bremerhaven from
this one value, which the distribution registers under the entry-point group
``meeplekit.games`` (:func:`meeplekit.registry.load_info`). It says who Bremerhaven is (1
to 4 players, 1 the solo game; 3 when none is said, BH-SPIEL-6), how it is set up (its
:class:`~bremerhaven.options.RulesOptions`, the game's length among them, and its card set,
``--cards``, BH-LAB-4), how it is played (the random, greedy and search bots; no chance
after its setup, BH-ENGINE-10), coded (:mod:`bremerhaven.agents.actions`,
:mod:`bremerhaven.agents.tensors`), shown, narrated and recorded, and what a lab result adds
(BH-LAB-2): :func:`played_fields` and :func:`start_fields`. Needs no extra.

>>> from bremerhaven.info import INFO
>>> INFO.players.fewest, INFO.players.most, INFO.players.default
(1, 4, 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any, Final

import bremerhaven
from bremerhaven.agents import actions, tensors
from bremerhaven.agents.bots import BOT_GAME, GreedyBot, RandomBot
from bremerhaven.agents.search import ISMCTSBot
from bremerhaven.cards.model import CardSet
from bremerhaven.cards.original import ORIGINAL, load_card_set
from bremerhaven.cli.pieces import (
    card_entries,
    card_set_title,
    card_tables,
    menu_group,
    narrate_moves,
)
from bremerhaven.cli.pieces import summary as seat_summary
from bremerhaven.demo import DEMO
from bremerhaven.engine import apply_move_with_events
from bremerhaven.errors import ERRORS
from bremerhaven.events import ContractPlaced, ContractResolved, ShipBerthed
from bremerhaven.facts import GAME
from bremerhaven.interchange.notation import describe_move, format_move, parse_move
from bremerhaven.interchange.records import read_record, replay, write_record
from bremerhaven.moves import Build, Deliver, Move
from bremerhaven.options import RulesOptions
from bremerhaven.scoring import scores, utilities
from bremerhaven.specification import SPECIFICATION
from bremerhaven.state import GameState, Harbour, Placed
from bremerhaven.views import narrate
from bremerhaven.views.svg import position
from bremerhaven.views.view import render
from meeplekit.extras import Extras
from meeplekit.info import (
    Bots,
    Cards,
    Chance,
    Evaluation,
    GameInfo,
    Notation,
    Players,
    Records,
    Results,
    VariantOption,
    Variants,
    Views,
)

__all__ = [
    "DEFAULT_PLAYERS",
    "EXTRAS",
    "INFO",
    "MAX_DECISIONS",
    "played_fields",
    "start_fields",
]

#: The number of players both learning adapters play when none is given (BH-SPIEL-6): 3,
#: the middle of the table game's 2 to 4 (the rulebook's "Even with 3 or 4 players"), not
#: the solo game, and the game the demo plays.
DEFAULT_PLAYERS: Final = 3

#: The default cap on the decisions of one game in both learning adapters (BH-SPIEL-4,
#: BH-ENV-3) and the lab's limit (BH-LAB-2): 300 random games per number of players and
#: game length took at most 456 decisions (the specification lists the distribution); 4
#: random bots' long games take under 500.
MAX_DECISIONS: Final = 1000

#: The distribution ``bremerhaven-rules`` and its optional extras, each with the modules it
#: provides and what it is for: the one home of every install hint.
EXTRAS: Final = Extras.of_game("bremerhaven-rules", "bremerhaven", ERRORS.MissingExtraError)


# --------------------------------------------------------------------------- result fields


def _seated(seats: int) -> list[list[str]]:
    return [[] for _ in range(seats)]


def _frozen(names: list[list[str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(seat) for seat in names)


def played_fields(
    end: GameState, cards: CardSet, moves: Sequence[tuple[int, Move]]
) -> Mapping[str, Any]:
    """The result fields the moves alone give (BH-LAB-2): ``built``.

    ``built``: the buildings each seat built with a permit (BH-PERMIT-6), by name, in the
    order built; the short game's starting building is dealt, not built (BH-SHORT-5).
    """
    names = {card.key: card.name for card in cards.buildings}
    built = _seated(end.seats)
    for seat, move in moves:
        if type(move) is Build:
            built[seat].append(names[move.building])
    return {"built": _frozen(built)}


def _resolved(before: Harbour, after: Harbour) -> list[tuple[int, Placed]]:
    """The contracts that left their loading docks during a move, by dock: they were resolved.

    A contract leaves its dock only when it is resolved (BH-TIME-3, BH-END-2).
    """
    found = []
    for dock, placed in enumerate(before.loading):
        now = after.loading[dock]
        if placed is not None and (now is None or now.card != placed.card):
            found.append((dock, placed))
    return found


def start_fields(
    start: GameState, end: GameState, cards: CardSet, moves: Sequence[tuple[int, Move]]
) -> Mapping[str, Any]:
    """The result fields that need the game's start (BH-LAB-2): the ships and contracts.

    The game is replayed from ``start`` through ``moves`` with its events (BH-ENGINE-14):
    the setup dealt the cards (BH-ENGINE-10) and the engine takes a decision with one
    answer by itself (BH-ENGINE-7), so neither the moves nor ``end`` name them. Per seat,
    by card name, in the order they happened: ``berthed``, the ships berthed (BH-SEA-2);
    ``contracts``, the contracts taken, the starting contract first (BH-SETUP-9,
    BH-LAND-2); ``fulfilled``, the contracts resolved with every required good delivered,
    when due (BH-TIME-3) or at the end (BH-END-2). The solo dummy's discards are nobody's.
    """
    seats = start.seats
    berthed, taken, fulfilled = _seated(seats), _seated(seats), _seated(seats)
    for seat in range(seats):
        taken[seat] += [p.card.name for p in start.players[seat].loading if p is not None]
    state = start
    for mover, move in moves:
        after, events = apply_move_with_events(state, move)
        left: dict[int, list[tuple[int, Placed]]] = {}  # by seat: resolved, not yet named
        for event in events:
            if isinstance(event, ShipBerthed) and event.seat < seats:
                berthed[event.seat].append(event.card.name)
            elif isinstance(event, ContractPlaced) and event.seat < seats:
                taken[event.seat].append(event.card.name)
            elif isinstance(event, ContractResolved) and event.seat < seats:
                # The dock it left, its goods before the move, and the good the move itself
                # delivered to it when the engine went on to resolve it (BH-ENGINE-7). One
                # placed during the move is in no dock before it, and had no goods.
                seat = event.seat
                if seat not in left:
                    left[seat] = _resolved(state.players[seat], after.players[seat])
                docks = left[seat]
                found = next(((k, p) for k, p in docks if p.card == event.card), None)
                if found is None:
                    continue
                docks.remove(found)
                dock, placed = found
                delivered = sum(placed.delivered)
                if type(move) is Deliver and mover == seat and move.loading_dock == dock:
                    delivered += 1
                if delivered == len(placed.card.goods):
                    fulfilled[seat].append(event.card.name)
        state = after
    return {
        "berthed": _frozen(berthed),
        "contracts": _frozen(taken),
        "fulfilled": _frozen(fulfilled),
    }


# --------------------------------------------------------------------------- the description


#: Bremerhaven for the shared tools (:mod:`meeplekit.info`).
INFO: Final[GameInfo[GameState, Move]] = GameInfo(
    name="bremerhaven",
    title="Bremerhaven",
    version=bremerhaven.__version__,
    game=bremerhaven,
    players=Players(fewest=GAME.min_players, most=GAME.max_players, default=DEFAULT_PLAYERS),
    perfect_information=False,
    readings=RulesOptions,
    variants=Variants(
        name="cards",
        default=ORIGINAL,
        load=load_card_set,
        label=attrgetter("name"),
        option=VariantOption(
            default="original",
            help="'original' or a card file (TOML or JSON)",
            metavar="FILE",
            singular="card set",
            plural="card sets",
        ),
    ),
    chance=Chance(in_play=False),
    play=BOT_GAME,
    bots=Bots(random=RandomBot, greedy=GreedyBot, ismcts=ISMCTSBot, default="greedy"),
    max_decisions=MAX_DECISIONS,
    evaluation=Evaluation(points=scores, utilities=utilities),
    codes=actions,
    tensors=tensors,
    notation=Notation(
        format=format_move,
        parse=parse_move,
        label=describe_move,
        examples="'bid sea-1 3', 'berth 0 barrel', 'deliver 1 crate', 'end movement'",
        group=menu_group,
    ),
    views=Views(render=render, summary=seat_summary, picture=position),
    narration=narrate,
    cards=Cards(
        load=None,
        of_state=attrgetter("cards"),
        title=card_set_title,
        entries=card_entries,
        tables=card_tables,
        kinds="ship, contract, building, newspaper or Price card",
        help=(
            "The cards of a card set as tables, or the card NAME in full, with where its "
            "values come from and what the rulebook gives about it.\n\n"
            "NAME is a ship, contract, building or newspaper, or a Price card's key; case "
            "does not matter and any start of a name that fits one card only will do "
            "(Light for the Lighthouse). --cards FILE shows a card file's set."
        ),
    ),
    records=Records(
        rule="BH-RECORD-1",
        write=write_record,
        read=read_record,
        replay=replay,
        narrate=narrate_moves,
    ),
    results=Results(
        fields=played_fields,
        start_fields=start_fields,
        purchases="built",
        purchase_noun="building",
    ),
    demo=DEMO,
    errors=ERRORS,
    extras=EXTRAS,
    specification=SPECIFICATION,
    rule_examples="BH-SEA-2 or BH-INT-7",
    reading_example="leftover-contracts=ignored",
)
