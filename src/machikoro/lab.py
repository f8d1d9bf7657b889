"""Machi Koro for the rules lab: its :class:`~meeplekit.lab.LabGame` description.

The lab is the shared layer's (:mod:`meeplekit.lab`: jobs, results as JSON Lines, runs on
workers or Ray, the statistics and comparisons, :mod:`meeplekit.lab_report`); :data:`LAB`
tells it how Machi Koro is played there (MK-LAB-1): 2 to 5 players (5 with the Harbor
expansion, MK-PLAYERS-1), the random, greedy and search bots (:mod:`machikoro.bots`,
:mod:`machikoro.search`), :class:`~machikoro.options.RulesOptions` and no variant; chance
is drawn with :func:`machikoro.chance.sample`, as the demo and the tournament draw it.
A result line adds what each seat built, in order, and the landmarks each completed
(MK-LAB-2). Needs no extra (``[lab]`` for a report's plots, ``[cluster]`` for Ray).

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
from machikoro.bots import Bot, GreedyBot, RandomBot
from machikoro.chance import sample
from machikoro.extras import require
from machikoro.learning import LEARNING
from machikoro.moves import BuildEstablishment, BuildLandmark, Move
from machikoro.options import RulesOptions
from machikoro.scoring import landmarks_built
from machikoro.search import ISMCTSBot
from machikoro.setup import new_game
from machikoro.state import GameState
from machikoro.tables import tables_of
from meeplekit.lab import LabGame

__all__ = ["BOT_NAMES", "LAB", "MAX_DECISIONS", "make_bot"]

#: The bots a job may seat, by name.
BOT_NAMES: Final = ("random", "greedy", "ismcts")

#: The default decision limit of a job (the learning adapters' cap, MK-LAB-2): a game still
#: running after this many decisions (chance outcomes are not decisions) is stopped and
#: reported unfinished. Bot games end far sooner: 4 random bots take under 500 decisions.
MAX_DECISIONS: Final = LEARNING.max_decisions


def make_bot(name: str, seed: int, playouts: int = 1000) -> Bot:
    """The bot called ``name`` (one of :data:`BOT_NAMES`) with its seed.

    ``playouts`` is the search bot's number of iterations per decision. Raises
    ``ValueError`` for an unknown name.
    """
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "ismcts":
        return ISMCTSBot(playouts=playouts, seed=seed)
    raise ValueError(f"unknown bot {name!r}: choose from {', '.join(BOT_NAMES)}")


def _new_game(players: int, seed: int, options: RulesOptions, variant: None) -> GameState:
    return new_game(players, seed=seed, options=options)


def _points(state: GameState) -> tuple[int, ...]:
    return tuple(landmarks_built(state, seat) for seat in range(len(state.coins)))


def _turns(state: GameState) -> int:
    return state.turn


def _result_fields(
    state: GameState, variant: None, moves: Sequence[tuple[int, Move]]
) -> Mapping[str, Any]:
    """A result's extra fields (MK-LAB-2): ``built`` and ``landmarks``.

    ``built``: each seat's establishments and landmarks built, by name, in order;
    ``landmarks``: each seat's completed landmarks (City Hall not counted), by number.
    """
    t = tables_of(state)
    built: list[list[str]] = [[] for _ in state.coins]
    for seat, move in moves:
        if type(move) is BuildEstablishment:
            built[seat].append(t.cards.establishment(move.establishment).name)
        elif type(move) is BuildLandmark:
            built[seat].append(t.cards.landmark(move.landmark).name)
    landmarks = tuple(
        tuple(t.cards.landmark(lm).name for lm in sorted(t.to_build) if state.landmarks[seat][lm])
        for seat in range(len(state.coins))
    )
    return {"built": tuple(map(tuple, built)), "landmarks": landmarks}


#: Machi Koro for the lab (MK-LAB-1, MK-LAB-2).
LAB: Final[LabGame[GameState, Move]] = LabGame(
    name="machikoro",
    game=machikoro,
    min_players=LEARNING.min_players,
    max_players=LEARNING.max_players,
    bot_names=BOT_NAMES,
    default_bot="greedy",
    make_bot=make_bot,
    options_type=RulesOptions,
    new_game=_new_game,
    points=_points,
    turns=_turns,
    max_decisions=MAX_DECISIONS,
    require=require,
    sample=sample,
    result_fields=_result_fields,
    purchases="built",
    purchase_noun="card",
)
