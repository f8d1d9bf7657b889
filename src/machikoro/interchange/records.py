"""Game records, Machi Koro's PGN: a header of tags and the moves in notation (MK-REC-1..7).

:func:`write_record` writes a game as text, :func:`read_record` reads it back (checking
every move) and :func:`replay` gives every state of it. Chance outcomes (dice, the cards
drawn for the market) are moves, so a record holds the whole game and replays it exactly.
A record is also a JSON document (:func:`machikoro.to_json` of a :class:`GameRecord`).
What every game's records share (the tags' syntax, reading with line numbers and bounds,
comments, the result's tags, the replay's checks) is the shared layer's
(:mod:`meeplekit.interchange.records`); this module writes and reads the tags that carry Machi Koro's
setup: its player count, seed, options and, for a game that does not start as
:func:`machikoro.new_game` starts it, the start position.

>>> import machikoro
>>> from meeplekit.rng import SplitMix64
>>> start = state = machikoro.new_game(2, seed=7)
>>> rng, moves = SplitMix64(7), []
>>> while len(moves) < 16:
...     if machikoro.current_player(state) == machikoro.CHANCE:
...         move = machikoro.sample_chance(state, rng)
...     else:
...         move = machikoro.legal_moves(state)[0]
...     moves.append(move)
...     state = machikoro.apply_move(state, move)
>>> text = write_record(start, moves, tags={"Event": "Doctest", "Date": "2024.05.01"})
>>> print(text)  # doctest: +ELLIPSIS
[Format "machikoro-record/1"]
[Library "..."]
[Players "2"]
[Seed "7"]
[Event "Doctest"]
[Date "2024.05.01"]
<BLANKLINE>
1. roll 1; dice 4; build ranch; draw bakery; draw tuna-boat
2. roll 1; dice 4; build bakery
3. roll 1; dice 5; build bakery; draw food-warehouse
4. roll 1; dice 5; build convenience-store; draw tuna-boat
<BLANKLINE>
>>> record = read_record(text)
>>> record.moves == tuple(moves) and replay(record)[-1] == state
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from machikoro.errors import MachiKoroError, RecordError
from machikoro.interchange.gamerecord import (
    MAX_RECORD_CHARS,
    RECORD_FORMAT,
    RULES,
    STANDARD_TAGS,
    GameRecord,
    Result,
)
from machikoro.interchange.serialization import from_data, to_data
from machikoro.interchange.serialization import record_from_data as record_from_data
from machikoro.moves import Move
from machikoro.options import RulesOptions
from machikoro.setup import new_game
from machikoro.state import GameState
from meeplekit.interchange import records as core
from meeplekit.interchange.records import Tag

__all__ = [
    "MAX_RECORD_CHARS",
    "RECORD_FORMAT",
    "STANDARD_TAGS",
    "GameRecord",
    "Result",
    "read_record",
    "replay",
    "write_record",
]

#: The player counts a record may state (the expansion's 5 too; MK-PLAYERS-1).
_PLAYERS = (2, 3, 4, 5)


# --------------------------------------------------------------------------- writing


def write_record(
    start: GameState,
    moves: Sequence[Move],
    *,
    tags: Mapping[str, str] | None = None,
    comments: Mapping[int, str] | None = None,
) -> str:
    """The record of the game from ``start`` through ``moves``, as text (MK-REC-1 to MK-REC-3).

    ``moves`` are every move played, chance outcomes included (MK-REC-5). ``tags`` adds
    header fields such as ``Event``, ``Date`` (PGN's ``"2024.05.01"``), ``Round`` or
    ``Player1`` (names of letters, digits and ``_``; not one of :data:`STANDARD_TAGS`;
    one line without control characters), else
    :class:`~machikoro.errors.InvalidValueError`. ``comments`` maps a move count to a
    comment (0: before the first move). The moves are checked: an illegal one raises
    :class:`~machikoro.errors.RecordError` naming its number, turn and rule.
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
    """Whether ``start`` is the position :func:`machikoro.new_game` makes from its tags."""
    try:
        fresh = new_game(len(start.coins), seed=start.seed, options=start.options)
    except MachiKoroError:
        return False
    return fresh == start


def _header(record: GameRecord) -> list[tuple[str, str]]:
    """The tags of MK-REC-2, in order, then the result's and the caller's."""
    start = record.start
    header = [
        ("Format", RECORD_FORMAT),
        ("Library", core.library_version(__name__)),
        ("Players", str(len(start.coins))),
        ("Seed", str(start.seed)),
    ]
    options = core.options_text(start.options)
    if options:
        header.append(("Options", options))
    if not _is_new_game(start):
        header.append(("Position", _compact_json(to_data(start))))
    if record.result is not None:
        header += core.result_tags(record.result.scores, record.result.winners)
    return header + list(record.tags)


def _compact_json(data: object) -> str:
    return json.dumps(data, separators=(",", ":"))


# --------------------------------------------------------------------------- reading


def read_record(text: str | bytes) -> GameRecord:
    """The game a record (text written by :func:`write_record`) holds, every move checked.

    ``text`` is a string, or UTF-8 bytes, of at most :data:`MAX_RECORD_CHARS` characters
    (MK-REC-6). Raises :class:`~machikoro.errors.RecordError` naming the line (and for a
    move its turn and, when a rule forbids it, the rule) for anything wrong: a control or
    bidirectional formatting character on any line, a header that is not ``[Name
    "value"]`` lines, another format, tags that disagree with each other or with the
    position, a move that cannot be read or is illegal, a turn number that is not the
    game's, a stated result that is not the game's.
    """
    return _record(core.read_text(RULES, text, _start))


def _start(tags: Mapping[str, Tag]) -> GameState:
    """The start position the tags give (MK-REC-2)."""
    players_tag = core.tag(RULES, tags, "Players")
    seed_tag = core.tag(RULES, tags, "Seed")
    players = core.players_tag(RULES, players_tag, _PLAYERS)
    seed = core.seed_tag(RULES, seed_tag)
    options = core.options_tag(RULES, tags, RulesOptions)
    if "Position" in tags:
        position = tags["Position"]
        payload = core.json_tag(RULES, position, "a JSON position")
        start: GameState = core.load(
            RULES, lambda: from_data(payload, GameState, "Position"), position.line
        )
        if (len(start.coins), start.seed, start.options) != (players, seed, options):
            raise RecordError(
                "the Position's players, seed or options differ from the tags",
                line=position.line,
            )
        return start
    return core.load(RULES, lambda: new_game(players, seed=seed, options=options), players_tag.line)


# --------------------------------------------------------------------------- replaying


def replay(record: GameRecord) -> tuple[GameState, ...]:
    """Every state of the game, from ``record.start`` to the end (MK-REC-4).

    Every move is applied with the checked :func:`machikoro.apply_move`; the first that is
    not legal raises :class:`~machikoro.errors.RecordError` naming its number, turn and
    rule. A stated result must be the game's: the game over, with those landmarks and
    that winner; if not, the error names the last turn.
    """
    return core.replay_record(RULES, record, GameRecord)
