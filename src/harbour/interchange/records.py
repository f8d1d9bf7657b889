"""Game records, Harbour's PGN: a header of tags and the moves in notation (REC-1..REC-5).

:func:`write_record` writes a game as text, :func:`read_record` reads it back (checking
every move) and :func:`replay` gives every state of it. A record is also a JSON document
(:func:`harbour.to_json` of a :class:`GameRecord`). What every game's records share (the
tags' syntax, reading with line numbers and bounds, comments, the result's tags, the
replay's checks) is the shared layer's (:mod:`meeplekit.interchange.records`); this module writes and
reads the tags that carry Harbour's setup: its options, cards and start position.

>>> import harbour
>>> from harbour.agents.bots import RandomBot
>>> start = harbour.new_game(2, seed=7)
>>> state, moves = start, []
>>> while not state.is_over and len(moves) < 12:
...     move = harbour.legal_moves(state)[0]
...     moves.append(move)
...     state = harbour.apply_move(state, move)
>>> text = write_record(start, moves, tags={"Event": "Doctest"})
>>> print(text.splitlines()[0])
[Format "harbour-record/1"]
>>> record = read_record(text)
>>> record.moves == tuple(moves) and replay(record)[-1] == state
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from harbour.cards.identity import card_set_digest
from harbour.cards.model import CardSet
from harbour.errors import HarbourError, RecordError
from harbour.interchange.gamerecord import RECORD_FORMAT, RULES, STANDARD_TAGS, GameRecord, Result
from harbour.interchange.serialization import converter, from_data
from harbour.interchange.serialization import record_from_data as record_from_data
from harbour.moves import Move
from harbour.options import RulesOptions
from harbour.setup import new_game
from harbour.state import GameState
from meeplekit.interchange import records as core
from meeplekit.interchange.records import Tag

__all__ = [
    "RECORD_FORMAT",
    "STANDARD_TAGS",
    "GameRecord",
    "Result",
    "read_record",
    "replay",
    "write_record",
]


# --------------------------------------------------------------------------- writing


def write_record(
    start: GameState,
    moves: Sequence[Move],
    *,
    tags: Mapping[str, str] | None = None,
    comments: Mapping[int, str] | None = None,
) -> str:
    """The record of the game from ``start`` through ``moves``, as text (REC-1 to REC-3).

    ``tags`` adds header fields such as ``Event``, ``Date``, ``Round`` or ``Player1``
    (names of letters, digits and ``_``; not one of :data:`STANDARD_TAGS`). ``comments``
    maps a move count to a comment (0: before the first move). The moves are checked:
    an illegal one raises :class:`~harbour.errors.RecordError` naming its turn and rule.
    """
    parts = core.make_parts(RULES, start, moves, tags or {}, comments or {})
    record = _record(parts)
    return core.format_text(RULES, _header(record), start, record.moves, dict(record.comments))


def _record(parts: core.RecordParts[GameState, Move]) -> GameRecord:
    result = None if parts.result is None else Result(*parts.result)
    return GameRecord(
        start=parts.start,
        moves=parts.moves,
        tags=parts.tags,
        comments=parts.comments,
        result=result,
    )


def _is_new_game(start: GameState) -> bool:
    try:
        fresh = new_game(
            len(start.players), seed=start.seed, options=start.options, cards=start.cards
        )
    except HarbourError:
        return False
    return fresh == start


def _header(record: GameRecord) -> list[tuple[str, str]]:
    start = record.start
    cards = start.cards
    header = [
        ("Format", RECORD_FORMAT),
        ("Library", core.library_version(__name__)),
        ("Players", str(len(start.players))),
        ("Seed", str(start.seed)),
    ]
    options = core.options_text(start.options)
    if options:
        header.append(("Options", options))
    header += [("Cards", cards.name), ("CardsDigest", card_set_digest(cards))]
    payload = converter.unstructure(start)
    if "data" in payload["cards"]:
        header.append(("CardsData", json.dumps(payload["cards"]["data"], separators=(",", ":"))))
    if not _is_new_game(start):
        del payload["cards"]  # the Cards tags carry them
        header.append(("Position", json.dumps(payload, separators=(",", ":"))))
    if record.result is not None:
        header += core.result_tags(record.result.scores, record.result.winners)
    return header + list(record.tags)


# --------------------------------------------------------------------------- reading


def read_record(text: str) -> GameRecord:
    """The game a record (text written by :func:`write_record`) holds, every move checked.

    Raises :class:`~harbour.errors.RecordError` naming the line (and for a move its turn
    and, when a rule forbids it, the rule) for anything wrong: a header that is not
    ``[Name "value"]`` lines, another format, tags that disagree with each other or with
    the position, a card set whose digest does not match, a move that cannot be read or
    is illegal, a turn number that is not the game's.
    """
    return _record(core.read_text(RULES, text, _start))


def _start(tags: Mapping[str, Tag]) -> GameState:
    players_tag = core.tag(RULES, tags, "Players")
    seed_tag = core.tag(RULES, tags, "Seed")
    players = core.players_tag(RULES, players_tag, (2, 3, 4))
    seed = core.seed_tag(RULES, seed_tag)
    options = core.options_tag(RULES, tags, RulesOptions)
    cards_data: dict[str, Any] = {
        "name": core.tag(RULES, tags, "Cards").value,
        "digest": core.tag(RULES, tags, "CardsDigest").value,
    }
    if "CardsData" in tags:
        cards_data["data"] = core.json_tag(RULES, tags["CardsData"], "JSON card data")
    cards_line = tags["Cards"].line
    cards = core.load(RULES, lambda: from_data(cards_data, CardSet, "Cards"), cards_line)
    if "Position" in tags:
        position = tags["Position"]
        payload = core.json_tag(RULES, position, "a JSON position")
        if type(payload) is not dict or "cards" in payload:
            raise RecordError("Position must be a JSON object without cards", line=position.line)
        payload["cards"] = cards_data
        start: GameState = core.load(
            RULES, lambda: from_data(payload, GameState, "Position"), position.line
        )
        if (len(start.players), start.seed, start.options) != (players, seed, options):
            raise RecordError(
                "the Position's players, seed or options differ from the tags",
                line=position.line,
            )
        return start
    return core.load(
        RULES,
        lambda: new_game(players, seed=seed, options=options, cards=cards),
        players_tag.line,
    )


# --------------------------------------------------------------------------- replaying


def replay(record: GameRecord) -> tuple[GameState, ...]:
    """Every state of the game, from ``record.start`` to the end (REC-4).

    Every move is applied with the checked :func:`harbour.apply_move`; the first that is
    not legal raises :class:`~harbour.errors.RecordError` naming its turn and rule. A
    stated result must be the game's: the game over, with those scores and winners; if
    not, the error names the last turn (a record read from text was already refused by
    :func:`read_record`, naming the line of its ``Scores`` tag).
    """
    return core.replay_record(RULES, record, GameRecord)
