"""The toy race's description for the shared tools: :data:`INFO`, all the glue it has.

The distribution ``toy-race`` registers the package ``tests.meeplekit.toy`` under the
entry-point group ``meeplekit.games``; :func:`meeplekit.registry.load_info` then finds this
module's ``INFO``, as it finds ``harbour.info.INFO``.
"""

from __future__ import annotations

from typing import Any, Final

from meeplekit.agents.bots import Bot, RandomBot, bot_game
from meeplekit.extras import Extras
from meeplekit.info import (
    Bots,
    Chance,
    Evaluation,
    GameInfo,
    Notation,
    Players,
    Records,
    Views,
)
from meeplekit.spec import Specification
from tests.meeplekit import toy


def _seats(state: toy.State) -> int:
    return state.players


def _turns(state: toy.State) -> int:
    return state.turns


def _evaluate(state: toy.State, seat: int) -> float:
    return float(state.scores[seat])


#: The toy for the shared bots and search: its module, its seats, turns and evaluation.
PLAY: Final = bot_game(toy, seats=_seats, turn=_turns, evaluate=_evaluate)


def random_bot(seed: int) -> Bot[Any, str]:
    """The toy's random bot (the shared one), from its seed."""
    return RandomBot(PLAY, seed)


#: The toy race for the shared tools (:class:`meeplekit.info.GameInfo`).
INFO: Final[GameInfo[toy.State, str]] = GameInfo(
    name="toy",
    title="Toy Race",
    version="0.1",
    game=toy,
    players=Players(fewest=2, most=3, default=2),
    perfect_information=True,
    readings=toy.Options,
    chance=Chance(in_play=True, during_play="the die's rolls", setup_seeds=16),
    play=PLAY,
    bots=Bots(random=random_bot, default="random"),
    max_decisions=100,
    evaluation=Evaluation(points=toy.standings, utilities=toy.utilities),
    codes=toy,
    tensors=toy,
    notation=Notation(
        format=toy.format_move, parse=toy.parse_move, label=toy.format_move, examples="'roll'"
    ),
    views=Views(render=toy.render),
    narration=toy,
    records=Records(
        rule="TOY-1",
        write=toy.write_record,
        read=toy.read_record,
        replay=toy.replay,
        narrate=toy.narrate_moves,
    ),
    errors=toy.ERRORS,
    extras=Extras("toy-race", {}),
    specification=Specification("tests.meeplekit.toy"),
    rule_examples="TOY-2",
    reading_example="target=10",
)
