"""Machi Koro's description for the shared tools: :data:`INFO` (:class:`meeplekit.info.GameInfo`).

The OpenSpiel game ``python_machikoro`` (MK-SPIEL-1 to MK-SPIEL-7), the PettingZoo
environment ``machikoro_v0`` (MK-ENV-1 to MK-ENV-6), the rules lab (MK-LAB-1, MK-LAB-2),
the ``machikoro`` command and the conformance tests serve Machi Koro from this one value,
which the distribution registers under the entry-point group ``meeplekit.games``
(:func:`meeplekit.registry.load_info`). It says who Machi Koro is (2 to 5 players, 5 with
the Harbor expansion, MK-PLAYERS-1; 3 when none is said, MK-SPIEL-6), how it is set up
(its :class:`~machikoro.options.RulesOptions`, no variant; all of its chance is explicit,
the market drawn at setup included: :func:`machikoro.setup.start`, MK-SPIEL-2), how it is
played (the random, greedy and search bots, :mod:`machikoro.agents.bots`,
:mod:`machikoro.agents.search`; chance drawn with :func:`machikoro.sample_chance`), coded
(:mod:`machikoro.agents.actions`, :mod:`machikoro.agents.tensors`), shown, narrated and recorded, and
what a lab result adds (MK-LAB-2): what each seat built, in order, and the landmarks each
completed. Needs no extra.

>>> from machikoro.info import INFO
>>> INFO.players.fewest, INFO.players.most, INFO.players.default
(2, 5, 3)
>>> from meeplekit.lab import Job, play_one
>>> result = play_one(Job("machikoro", seed=1, bots=("greedy", "random")))
>>> result.winners, result.extra["landmarks"][0]
((0,), ('Harbor', 'Train Station', 'Shopping Mall', 'Amusement Park', 'Radio Tower', 'Airport'))
>>> result.extra["built"][0][:3]  # Player 1's first three builds
('Convenience Store', 'Convenience Store', 'Cafe')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import machikoro
from machikoro.agents import actions, tensors
from machikoro.agents.bots import BOT_GAME, GreedyBot, RandomBot
from machikoro.agents.search import ISMCTSBot
from machikoro.cli.pieces import (
    card_entries,
    card_tables,
    catalogue,
    catalogue_title,
    menu_group,
    narrate_moves,
)
from machikoro.cli.pieces import summary as seat_summary
from machikoro.demo import DEMO
from machikoro.errors import ERRORS
from machikoro.facts import GAME
from machikoro.interchange.notation import describe_move, format_move, parse_move
from machikoro.interchange.records import read_record, replay, write_record
from machikoro.moves import BuildEstablishment, BuildLandmark, Move
from machikoro.options import RulesOptions
from machikoro.scoring import standings, utilities
from machikoro.setup import start
from machikoro.specification import SPECIFICATION
from machikoro.state import GameState
from machikoro.tables import tables_of
from machikoro.views import narrate
from machikoro.views.svg import position
from machikoro.views.view import render
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
    Views,
)

__all__ = ["DEFAULT_PLAYERS", "EXTRAS", "INFO", "MAX_DECISIONS", "built_and_landmarks"]

#: The number of players both learning adapters play when none is given (MK-SPIEL-6): 3,
#: the middle of the base game's 2 to 4 (MK-PLAYERS-1), a count both editions allow, and
#: the game the demo plays.
DEFAULT_PLAYERS: Final = 3

#: The default cap on the decisions of one game (MK-SPIEL-4) and the lab's limit (MK-LAB-2):
#: 300 random games per row took at most 513 decisions (the specification lists the
#: distribution); 4 random bots take under 500.
MAX_DECISIONS: Final = 3000

#: The distribution ``machikoro-rules`` and its optional extras, each with the modules it
#: provides and what it is for: the one home of every install hint.
EXTRAS: Final = Extras.of_game("machikoro-rules", "machikoro", ERRORS.MissingExtraError)


def built_and_landmarks(
    end: GameState, variant: None, moves: Sequence[tuple[int, Move]]
) -> Mapping[str, Any]:
    """A lab result's extra fields (MK-LAB-2): ``built`` and ``landmarks``.

    ``built``: each seat's establishments and landmarks built, by name, in order;
    ``landmarks``: each seat's completed landmarks (City Hall not counted), by number.
    """
    t = tables_of(end)
    built: list[list[str]] = [[] for _ in end.coins]
    for seat, move in moves:
        if type(move) is BuildEstablishment:
            built[seat].append(t.cards.establishment(move.establishment).name)
        elif type(move) is BuildLandmark:
            built[seat].append(t.cards.landmark(move.landmark).name)
    landmarks = tuple(
        tuple(t.cards.landmark(lm).name for lm in sorted(t.to_build) if end.landmarks[seat][lm])
        for seat in range(len(end.coins))
    )
    return {"built": tuple(map(tuple, built)), "landmarks": landmarks}


#: Machi Koro for the shared tools (:mod:`meeplekit.info`).
INFO: Final[GameInfo[GameState, Move]] = GameInfo(
    name="machikoro",
    title="Machi Koro",
    version=machikoro.__version__,
    game=machikoro,
    players=Players(
        fewest=GAME.min_players, most=GAME.max_players_expansion, default=DEFAULT_PLAYERS
    ),
    perfect_information=True,
    readings=RulesOptions,
    chance=Chance(in_play=True, during_play="the dice and the market's draws", start=start),
    play=BOT_GAME,
    bots=Bots(random=RandomBot, greedy=GreedyBot, ismcts=ISMCTSBot, default="greedy"),
    max_decisions=MAX_DECISIONS,
    evaluation=Evaluation(points=standings, utilities=utilities),
    codes=actions,
    tensors=tensors,
    notation=Notation(
        format=format_move,
        parse=parse_move,
        label=describe_move,
        examples="'roll 2', 'build bak', 'landmark train', 'trade cafe with 2 for ranch'",
        group=menu_group,
    ),
    views=Views(render=render, summary=seat_summary, picture=position),
    narration=narrate,
    cards=Cards(
        load=catalogue,
        of_state=tables_of,
        title=catalogue_title,
        entries=card_entries,
        tables=card_tables,
        kinds="establishment or landmark",
        help=(
            "The cards of a game under the readings given, as tables, or the card NAME in "
            "full.\n\n"
            "NAME is an establishment or a landmark; case does not matter and any start of a "
            "name that fits one card only will do (Tuna for the Tuna Boat). "
            "--no-expansion shows the base game's cards, --sushi-bar-cost the Sushi Bar's cost."
        ),
        readings=True,
    ),
    records=Records(
        rule="MK-REC-1",
        write=write_record,
        read=read_record,
        replay=replay,
        narrate=narrate_moves,
    ),
    results=Results(fields=built_and_landmarks, purchases="built", purchase_noun="card"),
    demo=DEMO,
    errors=ERRORS,
    extras=EXTRAS,
    specification=SPECIFICATION,
    rule_examples="MK-BUILD-2 or MKH-TUNA-3",
    reading_example="reroll-dice=same",
)
