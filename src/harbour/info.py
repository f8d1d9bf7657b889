"""Harbour's description for the shared tools: :data:`INFO` (:class:`meeplekit.info.GameInfo`).

The OpenSpiel game ``python_harbour`` (SPIEL-1 to SPIEL-7), the PettingZoo environment
``harbour_v0`` (ENV-1 to ENV-6), the rules lab, the ``harbour`` command and the conformance
tests serve Harbour from this one value, which the distribution registers under the
entry-point group ``meeplekit.games`` (:func:`meeplekit.registry.load_info`). It says who
Harbour is (2 to 4 players, 3 when none is said, SPIEL-6), how it is set up (its
:class:`~harbour.options.RulesOptions` and its card set, ``--cards``), how it is played
(its bots, its decision cap), coded (:mod:`harbour.agents.actions`, :mod:`harbour.agents.tensors`),
shown (:func:`harbour.render`, :func:`harbour.views.svg.position`, :mod:`harbour.cli.pieces`),
narrated (:mod:`harbour.views.narrate`) and recorded (:mod:`harbour.interchange.records`), and what a lab
result adds: ``cards``, the card set's name, and ``bought``, each seat's buildings in
purchase order. Needs no extra.

>>> from harbour.info import INFO
>>> INFO.players.fewest, INFO.players.most, INFO.players.default
(2, 4, 3)
>>> INFO.new_game(2, 42) == harbour.new_game(2, seed=42)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any, Final

import harbour
from harbour.agents import actions, tensors
from harbour.agents.bots import BOT_GAME, GreedyBot, RandomBot
from harbour.agents.search import ISMCTSBot
from harbour.cards.identity import card_set_digest, load_card_set
from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.cli.pieces import card_entries, card_tables, menu_group, menu_label, narrate_moves
from harbour.cli.pieces import summary as seat_summary
from harbour.demo import DEMO
from harbour.errors import ERRORS
from harbour.facts import GAME
from harbour.interchange.notation import format_move, parse_move
from harbour.interchange.records import read_record, replay, write_record
from harbour.moves import Move
from harbour.scoring import standings, utilities
from harbour.specification import SPECIFICATION
from harbour.state import GameState
from harbour.views import narrate
from harbour.views.view import render
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

__all__ = ["DEFAULT_PLAYERS", "EXTRAS", "INFO", "MAX_DECISIONS", "bought", "picture"]

#: The number of players both learning adapters play when none is given (SPIEL-6): 3, the
#: game the rulebooks' setup examples lay out ("for a 3 player game") and the demo plays.
DEFAULT_PLAYERS: Final = 3

#: The default cap on the decisions of one game (SPIEL-4, ENV-3) and the lab's limit. 300
#: random games per number of players took at most 652 decisions (4 players; the docs
#: list the distribution), but the rules bound no game's length: nothing ends a game in
#: which nobody buys, and weak bots can do just that.
MAX_DECISIONS: Final = 3000

#: The distribution ``harbour-rules`` (the name ``harbour`` on the package index belongs to
#: an unrelated project) and its optional extras, each with the modules it provides and
#: what it is for: the one home of every install hint.
EXTRAS: Final = Extras.of_game(
    "harbour-rules",
    "harbour",
    ERRORS.MissingExtraError,
    lab="the plots of harbour compare's reports",
    cluster="running harbour simulate and compare on Ray",
)


def picture(state: GameState) -> str:
    """The position picture of ``state`` (:func:`harbour.views.svg.position`), drawn when asked for."""
    from harbour.views.svg import position  # the pictures are loaded only when one is drawn

    return position(state)


def bought(end: GameState, cards: CardSet, moves: Sequence[tuple[int, Move]]) -> Mapping[str, Any]:
    """A lab result's ``bought``: each seat's buildings by name, in purchase order."""
    names = cards.buildings
    return {"bought": tuple(tuple(names[i].name for i in p.buildings) for p in end.players)}


#: Harbour for the shared tools (:mod:`meeplekit.info`).
INFO: Final[GameInfo[GameState, Move]] = GameInfo(
    name="harbour",
    title="Harbour",
    version=harbour.__version__,
    game=harbour,
    players=Players(fewest=GAME.min_players, most=GAME.max_players, default=DEFAULT_PLAYERS),
    perfect_information=False,
    readings=harbour.RulesOptions,
    variants=Variants(
        name="cards",
        default=ORIGINAL_SET,
        load=load_card_set,
        label=attrgetter("name"),
        option=VariantOption(
            default="original",
            help="'original' or a card file",
            metavar="FILE",
            singular="card set",
            plural="card sets",
        ),
        check=card_set_digest,  # a bad card set fails here, not in a worker
    ),
    chance=Chance(in_play=False),
    play=BOT_GAME,
    bots=Bots(random=RandomBot, greedy=GreedyBot, ismcts=ISMCTSBot, default="greedy"),
    max_decisions=MAX_DECISIONS,
    evaluation=Evaluation(points=standings, utilities=utilities),
    codes=actions,
    tensors=tensors,
    notation=Notation(
        format=format_move,
        parse=parse_move,
        label=menu_label,
        examples="'go kiln', 'take 2F', 'buy admiralty'",
        group=menu_group,
    ),
    views=Views(render=render, summary=seat_summary, picture=picture),
    narration=narrate,
    cards=Cards(
        load=None,
        of_state=attrgetter("cards"),
        title=attrgetter("name"),
        entries=card_entries,
        tables=card_tables,
        kinds="building, character or bonus point card",
        help=(
            "The cards of a card set as tables, or the card NAME in full.\n\n"
            "NAME is a building, a character board or a bonus point card; case does not "
            "matter and any start of a name that fits one card only will do (Kiln for the "
            "Kiln Works)."
        ),
    ),
    records=Records(
        rule="REC-1",
        write=write_record,
        read=read_record,
        replay=replay,
        narrate=narrate_moves,
    ),
    results=Results(fields=bought, purchases="bought", purchase_noun="building"),
    demo=DEMO,
    errors=ERRORS,
    extras=EXTRAS,
    specification=SPECIFICATION,
    rule_examples="TOLL-2 or INT-3",
    reading_example="reentry=kept",
)
