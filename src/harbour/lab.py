"""The rules lab for Harbour: its :data:`LAB` description and the lab's names, Harbour-shaped.

The lab itself is the shared layer's (:mod:`meeplekit.lab`), the same for every game;
:data:`LAB` tells it how Harbour is set up (its options and card set), which bots it may
seat, and what a result line adds (``cards``, the card set's name, and ``bought``, each
seat's buildings in purchase order). The names here keep Harbour's shapes: a :class:`Job`
names the card set (``cards``) rather than a variant and no game, a :class:`GameResult`
has ``cards`` and ``bought``, and :func:`compare_results` counts the buildings bought.

A :class:`Job` names one game completely: its seed, the bots in each seat, the rule
readings, the card set and the search bot's playouts. :func:`play_one` plays it and
returns a :class:`GameResult`; :func:`run` plays many, in this process, in local worker
processes or as `Ray <https://www.ray.io>`_ tasks (optional extra ``[cluster]``), and
returns the results in job order whatever the workers, so the same jobs always give the
same results. Every bot is seeded from the game seed and its seat
(:func:`harbour.demo.bot_seed`) and sees only its observation.

The statistics are those of :doc:`the command-line page </cli>`: Wilson score intervals for win
rates, McNemar's exact test for paired wins, and a normal-approximation interval for
paired mean differences (:mod:`meeplekit.lab`'s). They use only the standard library.

>>> from harbour.lab import Job, play_one
>>> result = play_one(Job(seed=3, bots=("random", "random")))
>>> result.seed, len(result.points), result.winners[0] in (0, 1)
(3, 2, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

import harbour
from harbour import demo, extras
from harbour.bots import Bot, GreedyBot, RandomBot
from harbour.cards.identity import BUILT_IN_CARD_SETS, card_set_digest
from harbour.cards.model import CardSet
from harbour.cards.original import ORIGINAL_SET
from harbour.errors import InvalidValueError
from harbour.moves import Move
from harbour.options import RulesOptions
from harbour.scoring import victory_points
from harbour.search import ISMCTSBot
from harbour.setup import new_game
from harbour.state import GameState
from meeplekit import lab as shared
from meeplekit.lab import (
    Comparison,
    Interval,
    LabGame,
    SeatChange,
    Variant,
    mcnemar,
    paired_difference,
    seat_wins,
    wilson,
)
from meeplekit.options import changed_readings as shared_changed_readings

__all__ = [
    "BOT_NAMES",
    "LAB",
    "MAX_DECISIONS",
    "Comparison",
    "GameResult",
    "Interval",
    "Job",
    "SeatChange",
    "Variant",
    "changed_readings",
    "compare_results",
    "make_bot",
    "mcnemar",
    "paired_difference",
    "play_one",
    "run",
    "seat_wins",
    "wilson",
]

#: The bots a job may seat, by name.
BOT_NAMES = ("random", "greedy", "ismcts")

#: The default length limit of a job: a game still running after this many decisions is
#: stopped and reported unfinished. Nothing in the rules ends a game in which nobody buys
#: (players may gather goods for ever), and weak bots can do just that; bot games of the
#: original set end in well under 1,000 decisions.
MAX_DECISIONS = 3000


#: The seed of the bot in a seat, from the game seed: the demo's (:func:`harbour.demo.bot_seed`,
#: the shared :func:`meeplekit.demo.bot_seed`), with which the lab seeds every bot.
bot_seed = demo.bot_seed


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


def changed_readings(options: RulesOptions) -> dict[str, Any]:
    """The readings of ``options`` that differ from the default, as JSON values."""
    return dict(shared_changed_readings(options))


# --------------------------------------------------------------------------- the description


def _new_game(players: int, seed: int, options: RulesOptions, cards: CardSet) -> GameState:
    return new_game(players, seed=seed, options=options, cards=cards)


def _check(players: int, options: RulesOptions, cards: CardSet) -> None:
    card_set_digest(cards)  # a bad card set fails here, not in a worker


def _points(state: GameState) -> tuple[int, ...]:
    return tuple(victory_points(state, seat) for seat in range(len(state.players)))


def _turns(state: GameState) -> int:
    return state.turn


def _bought(
    state: GameState, cards: CardSet, moves: Sequence[tuple[int, Move]]
) -> Mapping[str, Any]:
    names = cards.buildings
    return {"bought": tuple(tuple(names[i].name for i in p.buildings) for p in state.players)}


def _load_cards(text: str) -> CardSet:
    """The card set ``text`` names: ``original``, a built-in set's name, or a card file.

    Raises :class:`~harbour.errors.InvalidValueError` for a text that is none of these,
    and :class:`~harbour.cards.files.CardFileError` for a card file that cannot be read.
    """
    if text == "original":
        return BUILT_IN_CARD_SETS[next(iter(BUILT_IN_CARD_SETS))]
    if text in BUILT_IN_CARD_SETS:
        return BUILT_IN_CARD_SETS[text]
    from harbour.cards.files import load_card_file

    if not Path(text).is_file():
        raise InvalidValueError(f"{text!r} is neither 'original' nor a card file")
    return load_card_file(text)


def _card_set_name(cards: CardSet) -> str:
    return cards.name


#: Harbour for the lab (:mod:`meeplekit.lab`): 2 to 4 players, the random, greedy and
#: search bots, the rule readings and the card set (``"cards"``); a result line adds each
#: seat's buildings in purchase order (``bought``).
LAB: Final[LabGame[GameState, Move]] = LabGame(
    name="harbour",
    game=harbour,
    min_players=2,
    max_players=4,
    bot_names=BOT_NAMES,
    default_bot="greedy",
    make_bot=make_bot,
    options_type=RulesOptions,
    new_game=_new_game,
    points=_points,
    turns=_turns,
    max_decisions=MAX_DECISIONS,
    require=extras.require,
    variant_name="cards",
    default_variant=ORIGINAL_SET,
    load_variant=_load_cards,
    variant_label=_card_set_name,
    check=_check,
    result_fields=_bought,
    purchases="bought",
    purchase_noun="building",
)


# --------------------------------------------------------------------------- jobs and results


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class Job:
    """One game to play: everything its result depends on.

    ``bots`` names the bot in each seat (its length is the number of players). Checked on
    construction as the shared :class:`meeplekit.lab.Job` is (a ``ValueError`` naming the
    problem); :meth:`shared` is that job.
    """

    #: The game seed (0 to 2**64 - 1), also the source of the bots' seeds.
    seed: int
    #: The bot in each seat, by name (:data:`BOT_NAMES`).
    bots: tuple[str, ...] = attrs.field(converter=_names)
    #: The rule readings.
    options: RulesOptions = attrs.field(factory=RulesOptions)
    #: The card set.
    cards: CardSet = ORIGINAL_SET
    #: The search bot's iterations per decision.
    playouts: int = 1000
    #: Decisions after which an unfinished game is stopped (:data:`MAX_DECISIONS`).
    max_decisions: int = MAX_DECISIONS

    def __attrs_post_init__(self) -> None:
        self.shared()

    def shared(self) -> shared.Job:
        """The same job for the shared lab: ``meeplekit.lab.Job("harbour", ...)``."""
        return shared.Job(
            "harbour",
            self.seed,
            self.bots,
            options=self.options,
            variant=self.cards,
            playouts=self.playouts,
            max_decisions=self.max_decisions,
        )


class GameResult(shared.GameResult):
    """What a game of a :class:`Job` gave. Tuples are indexed by seat.

    The shared :class:`meeplekit.lab.GameResult` with Harbour's fields by name:
    :attr:`cards` (the variant) and :attr:`bought` (the extra field). Its line is
    ``seed``, ``players``, ``bots``, ``options`` (JSON-2 values), ``cards``, ``points``
    (END-3), ``winners``, ``decisions`` (setup included), ``turns``, ``bought``,
    ``finished``. A game stopped at the job's decision limit has the points of the
    buildings bought so far and no winner.
    """

    def __init__(
        self,
        seed: int,
        bots: tuple[str, ...],
        options: dict[str, Any],
        *,
        cards: str,
        points: tuple[int, ...],
        winners: tuple[int, ...],
        decisions: int,
        turns: int,
        bought: tuple[tuple[str, ...], ...],
        finished: bool = True,
    ) -> None:
        shared.GameResult.__init__(
            self,
            seed,
            bots,
            options,
            points=points,
            winners=winners,
            decisions=decisions,
            turns=turns,
            finished=finished,
            variant=("cards", cards),
            extra={"bought": bought},
        )

    @property
    def cards(self) -> str:
        """The card set's name."""
        return self.variant[1] if self.variant is not None else ""

    @property
    def bought(self) -> tuple[tuple[str, ...], ...]:
        """The buildings each seat bought, by name, in purchase order."""
        names: tuple[tuple[str, ...], ...] = self.extra.get("bought", ())
        return names


def play_one(job: Job) -> GameResult:
    """Play the game of ``job`` to the end, or to its decision limit, and return its result."""
    return GameResult.of(shared.play_one(job.shared()))


def run(
    jobs: Sequence[Job],
    *,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GameResult]:
    """The results of ``jobs``, in job order (:func:`meeplekit.lab.run`).

    ``workers`` 1 plays in this process; more use that many local processes. With
    ``ray_address`` (``"auto"``, a cluster address, or ``"local"`` for a new local
    instance) the games run as Ray tasks instead (the ``[cluster]`` extra; without it
    :class:`~harbour.extras.MissingExtraError`). ``progress`` is called with the number of
    games finished so far after each game. The results do not depend on how the games
    were run.
    """
    results = shared.run(
        [job.shared() for job in jobs],
        workers=workers,
        ray_address=ray_address,
        progress=progress,
    )
    return [GameResult.of(result) for result in results]


def compare_results(
    labels: Sequence[str], batches: Sequence[Sequence[shared.GameResult]]
) -> Comparison:
    """Compare batches played on the same seeds; the first batch is the baseline.

    A shared win counts as a win of each winner for McNemar's test and as ``1/k`` for
    the win rates; the purchase rates are the buildings bought
    (:func:`meeplekit.lab.compare_results` for Harbour).
    """
    return shared.compare_results(labels, batches, game="harbour")
