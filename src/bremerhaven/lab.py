"""Bremerhaven for the rules lab: its :class:`~meeplekit.lab.LabGame` description.

The lab is the shared layer's (:mod:`meeplekit.lab`: jobs, results as JSON Lines, runs on
workers or Ray, the statistics and comparisons, :mod:`meeplekit.lab_report`); :data:`LAB`
tells it how Bremerhaven is played there (BH-LAB-1): 1 to 4 players (1 is the solo game
against the rule-driven dummy, BH-SOLO-1), the random, greedy and search bots
(:mod:`bremerhaven.bots`, :mod:`bremerhaven.search`), :class:`~bremerhaven.options.RulesOptions`
and the card set as the variant (``"cards"``: ``original`` or a card file, BH-CARD-14). The
game has no chance after its setup (BH-ENGINE-10): a job's seed deals everything.

A result line's points are the final scores (money times prestige, BH-END-3), its turns the
rounds begun, and it adds, per seat, what a balance study of a card set counts (BH-LAB-2):
the buildings built (``built``), the ships berthed (``berthed``), the contracts taken
(``contracts``) and those fulfilled (``fulfilled``), each by card name, in order. The last
three need the game's start (:func:`start_fields`, ``LabGame.start_fields``): the moves alone
do not replay a game whose setup drew its cards. Needs no extra
(``[lab]`` for a report's plots, ``[cluster]`` for Ray).

>>> from meeplekit.lab import Job, play_one
>>> result = play_one(Job("bremerhaven", seed=1, bots=("greedy", "random")))
>>> result.finished, result.variant, len(result.points), result.turns > 1
(True, ('cards', 'original v1'), 2, True)
>>> list(result.extra)[0], len(result.extra["built"])  # one list of buildings a seat
('built', 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import bremerhaven
from bremerhaven.bots import GreedyBot, RandomBot
from bremerhaven.cards.files import load_cards
from bremerhaven.cards.model import CardSet
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.engine import apply_move_with_events
from bremerhaven.errors import InvalidValueError
from bremerhaven.events import ContractPlaced, ContractResolved, ShipBerthed
from bremerhaven.extras import require
from bremerhaven.facts import GAME
from bremerhaven.moves import Build, Deliver, Move
from bremerhaven.observation import Observation
from bremerhaven.options import RulesOptions
from bremerhaven.scoring import scores
from bremerhaven.search import ISMCTSBot
from bremerhaven.setup import new_game
from bremerhaven.state import GameState, Harbour, Placed
from meeplekit.bots import Bot
from meeplekit.lab import LabGame

__all__ = [
    "BOT_NAMES",
    "LAB",
    "MAX_DECISIONS",
    "load_card_set",
    "make_bot",
    "played_fields",
    "start_fields",
]

#: The bots a job may seat, by name.
BOT_NAMES: Final = ("random", "greedy", "ismcts")

#: The default decision limit of a job (BH-LAB-2), the learning adapters' cap too
#: (:data:`bremerhaven.learning.MAX_DECISIONS`): a game still running after this many
#: decisions is stopped and reported unfinished. Bot games end far sooner: 4 random bots'
#: long games take under 500 decisions.
MAX_DECISIONS: Final = 1000


def make_bot(name: str, seed: int, playouts: int = 1000) -> Bot[Observation, Move]:
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


def load_card_set(text: str) -> CardSet:
    """The card set ``text`` names: ``original`` (:data:`bremerhaven.cards.ORIGINAL`) or a card file.

    Raises :class:`~bremerhaven.errors.InvalidValueError` for a text that is neither, and
    :class:`~bremerhaven.errors.CardFileError` (one of them) naming the field for a card
    file that cannot be read (BH-CARD-14).
    """
    if text == "original":
        return ORIGINAL
    if not Path(text).is_file():
        raise InvalidValueError(f"{text!r} is neither 'original' nor a card file")
    return load_cards(text)


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


def _new_game(players: int, seed: int, options: RulesOptions, cards: CardSet) -> GameState:
    return new_game(players, seed=seed, options=options, cards=cards)


def _points(state: GameState) -> tuple[int, ...]:
    return scores(state)


def _rounds(state: GameState) -> int:
    return state.round


def _card_set_name(cards: CardSet) -> str:
    return cards.name


#: Bremerhaven for the lab (BH-LAB-1, BH-LAB-2).
LAB: Final[LabGame[GameState, Move]] = LabGame(
    name="bremerhaven",
    game=bremerhaven,
    min_players=GAME.min_players,
    max_players=GAME.max_players,
    bot_names=BOT_NAMES,
    default_bot="greedy",
    make_bot=make_bot,
    options_type=RulesOptions,
    new_game=_new_game,
    points=_points,
    turns=_rounds,
    max_decisions=MAX_DECISIONS,
    require=require,
    variant_name="cards",
    default_variant=ORIGINAL,
    load_variant=load_card_set,
    variant_label=_card_set_name,
    result_fields=played_fields,
    purchases="built",
    purchase_noun="building",
    start_fields=start_fields,
)
