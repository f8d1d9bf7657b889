"""Game records, Bremerhaven's PGN: a header of tags and the moves in notation (BH-RECORD-1..8).

:func:`write_record` writes a game as text, :func:`read_record` reads it back (checking
every move) and :func:`replay` gives every state of it. The game has no chance after the
setup (BH-ENGINE-10), so a record's header (the players, the seed or the start position,
the options and the card set) and its moves give the whole game. What every game's records
share (the tags' syntax, reading with line numbers and bounds, comments, the result's
tags, the replay's checks) is the shared layer's (:mod:`meeplekit.interchange.records`); this module
writes and reads the tags that carry Bremerhaven's setup, and lays a round out on one
line per phase.

>>> import bremerhaven
>>> from meeplekit.rng import SplitMix64
>>> start = state = bremerhaven.new_game(2, seed=7, options=bremerhaven.RulesOptions(game="short"))
>>> rng, moves = SplitMix64(7), []
>>> while len(moves) < 29:
...     move = rng.choice(bremerhaven.legal_moves(state))
...     moves.append(move)
...     state = bremerhaven.apply_move(state, move)
>>> text = write_record(start, moves, seed=7, tags={"Event": "Doctest"}, comments={6: "ready"})
>>> print(text)  # doctest: +ELLIPSIS
[Format "bremerhaven-record/1"]
[Library "..."]
[Players "2"]
[Seed "7"]
[Options "game=short"]
[Cards "original v1"]
[Event "Doctest"]
<BLANKLINE>
setup: start passenger; start container; start container; start barrel; start crate; start barrel {ready}
1. bid land-2 4; bid sea-1 3; bid sea-1 2; bid sea-1 2; bid price 3; bid career 4; bid career 1; ...
   end permits; price 23; swap captain first-mate
   berth 1 barrel; contract 2
   end production; deliver 0 barrel; end movement
   unpack; deliver 2 crate; unpack; deliver 0 crate; deliver 2 crate
<BLANKLINE>
>>> record = read_record(text)
>>> record.moves == tuple(moves) and record.seed == 7 and replay(record)[-1] == state
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from bremerhaven.cards.model import CardSet, Origin
from bremerhaven.cards.original import ORIGINAL
from bremerhaven.engine import apply_move_unchecked
from bremerhaven.errors import (
    BremerhavenError,
    InvalidValueError,
    RecordError,
)
from bremerhaven.interchange.gamerecord import (
    MAX_RECORD_CHARS,
    RECORD_FORMAT,
    RULES,
    STANDARD_TAGS,
    GameRecord,
    Result,
    turn,
)
from bremerhaven.interchange.notation import format_move
from bremerhaven.interchange.serialization import from_data, to_data
from bremerhaven.moves import Move
from bremerhaven.options import RulesOptions
from bremerhaven.setup import new_game
from bremerhaven.state import (
    GameState,
    PendingBerth,
    PendingBid,
    PendingCareer,
    PendingContract,
    PendingDue,
    PendingGrow,
    PendingMovement,
    PendingPermits,
    PendingPrice,
    PendingProduction,
)
from meeplekit.interchange import records as core
from meeplekit.interchange.records import Tag
from meeplekit.values import shown

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

#: The player counts a record may state (1 is the solo game).
_PLAYERS: Final = (1, 2, 3, 4)
#: What starts a line that goes on with a round, before its first move (BH-RECORD-1).
_INDENT: Final = "  "
#: Why a card set labelled original that is not the library's is refused (BH-CARD-1).
_NOT_ORIGINAL: Final = (
    "the card set {!r} is labelled original but is not the library's original set: only "
    "that set is (BH-CARD-1)"
)
#: The phase each decision belongs to in a record's layout (BH-RECORD-1).
_PHASES: Final[Mapping[type, str]] = {
    PendingBid: "bidding",
    PendingPermits: "town",
    PendingGrow: "town",
    PendingPrice: "town",
    PendingCareer: "town",
    PendingBerth: "boards",
    PendingContract: "boards",
    PendingProduction: "harbour",
    PendingMovement: "harbour",
    PendingDue: "harbour",
}


# --------------------------------------------------------------------------- writing


def write_record(
    start: GameState,
    moves: Sequence[Move],
    *,
    seed: int | None = None,
    tags: Mapping[str, str] | None = None,
    comments: Mapping[int, str] | None = None,
) -> str:
    """The record of the game from ``start`` through ``moves``, as text (BH-RECORD-1 to -4).

    ``seed`` is the seed ``start`` was made from (``new_game(players, seed=seed, ...)``): the
    record then starts from it; without one, the start is written whole as a position. A
    seed that does not make ``start`` raises :class:`~bremerhaven.errors.InvalidValueError`,
    and a start :func:`bremerhaven.validate` refuses
    :class:`~bremerhaven.errors.InvalidStateError`. ``tags`` adds header fields such as
    ``Event``, ``Date`` (PGN's ``"2024.05.01"``), ``Round`` or ``Player1`` (names of
    letters, digits and ``_``; not one of :data:`STANDARD_TAGS`; one line without control
    characters), else :class:`~bremerhaven.errors.InvalidValueError`. ``comments`` maps a
    move count to a comment (0: before the first move). The moves are checked: an illegal
    one raises :class:`RecordError` naming its number, round and rule. A card set other
    than the original is written in full (BH-RECORD-3).
    """
    parts = core.make_parts(RULES, start, moves, tags or {}, comments or {})
    if seed is not None:
        _check_seed(start, seed)
    record = _record(parts, seed)
    return _text(_header(record), start, record.moves, dict(record.comments))


def _record(parts: core.RecordParts[GameState, Move], seed: int | None) -> GameRecord:
    result = None if parts.result is None else Result(*parts.result)
    return GameRecord(
        start=parts.start,
        moves=parts.moves,
        tags=parts.tags,
        comments=parts.comments,
        result=result,
        seed=seed,
    )


def _check_seed(start: GameState, seed: object) -> None:
    """``seed`` must be the seed :func:`bremerhaven.new_game` made ``start`` from."""
    if type(seed) is not int or not 0 <= seed < 1 << 64:
        raise InvalidValueError(
            f"seed must be a whole number from 0 to 2**64 - 1, got {shown(seed)}"
        )
    fresh = new_game(start.seats, seed=seed, options=start.options, cards=start.cards)
    if fresh != start:
        raise InvalidValueError(
            f"the start is not the game new_game makes from seed {seed}; leave the seed out "
            "to record the start as a position"
        )


def _cards_data(cards: CardSet) -> Any:
    """The card set's JSON data, checked to read back equal (BH-RECORD-3)."""
    if cards.origin is Origin.ORIGINAL:
        raise InvalidValueError(_NOT_ORIGINAL.format(cards.name))
    data = to_data(cards)
    try:
        again = from_data(data, CardSet, "cards")
    except BremerhavenError as exc:
        raise InvalidValueError(f"the card set cannot be recorded: {exc}") from None
    if again != cards:
        raise InvalidValueError(
            f"the card set {cards.name!r} cannot be recorded: it does not read back equal"
        )
    return data


def _compact_json(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _header(record: GameRecord) -> list[tuple[str, str]]:
    """The tags of BH-RECORD-2, in order, then the result's and the caller's."""
    start = record.start
    cards = start.cards
    header = [
        ("Format", RECORD_FORMAT),
        ("Library", core.library_version(__name__)),
        ("Players", str(start.seats)),
    ]
    if record.seed is not None:
        header.append(("Seed", str(record.seed)))
    options = core.options_text(start.options)
    if options:
        header.append(("Options", options))
    original = cards == ORIGINAL
    if not original:
        data = _cards_data(cards)
    header.append(("Cards", cards.name))
    if not original:
        header.append(("CardsData", _compact_json(data)))
    if record.seed is None:
        position = to_data(start)
        del position["cards"]  # the Cards tags carry them
        header.append(("Position", _compact_json(position)))
    if record.result is not None and record.result.winners:
        header += core.result_tags(record.result.scores, record.result.winners)
    return header + list(record.tags)


def _phase(state: GameState) -> str:
    """The part of a round the decision now belongs to: a record's line (BH-RECORD-1)."""
    top = state.stack[-1]
    phase = _PHASES.get(type(top), "setup")
    return f"{phase} {getattr(top, 'seat', 0)}" if phase == "harbour" else phase


def _text(
    header: Sequence[tuple[str, str]],
    start: GameState,
    moves: Sequence[Move],
    comments: Mapping[int, str],
) -> str:
    """A record's text: the tags, a blank line, and the moves round by round, phase by phase.

    Each round starts a line labelled with its number (``setup:`` for the starting goods);
    each phase of it (the bids; 1.2 to 1.5; the Sea and Land boards; each harbour's 4.1 and
    4.2) goes on a line of its own, indented. The moves of a line are separated by ``;``;
    a comment follows the move it is placed after (0: before the first move).
    """
    lines = [core.format_tag(name, value) for name, value in header]
    lines.append("")
    if 0 in comments:
        lines.append(f"{{{comments[0]}}}")
    state = start
    line: list[str] = []
    at: tuple[int, str] | None = None
    for count, move in enumerate(moves, start=1):
        now = (turn(state), _phase(state))
        if now != at:
            if line:
                lines.append(" ".join(line))
            label = "setup:" if now[0] == 0 else f"{now[0]}."
            line = [label if at is None or now[0] != at[0] else _INDENT]
            at = now
        elif not line[-1].startswith("{"):
            line[-1] += ";"
        line.append(format_move(state, move))
        if count in comments:
            line.append(f"{{{comments[count]}}}")
        state = apply_move_unchecked(state, move)
    if line:
        lines.append(" ".join(line))
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- reading


def read_record(text: str | bytes) -> GameRecord:
    """The game a record (text written by :func:`write_record`) holds, every move checked.

    ``text`` is a string, or UTF-8 bytes, of at most :data:`MAX_RECORD_CHARS` characters
    (BH-RECORD-7). Raises :class:`RecordError` naming the line and showing it (and for a
    move its round and, when a rule forbids it, the rule) for anything wrong: a control or
    bidirectional formatting character on any line, a header that is not ``[Name
    "value"]`` lines, another format, tags that disagree with each other or with the
    position, a card set that cannot be read, a move that cannot be read or is illegal, a
    round number that is not the game's, a stated result that is not the game's.
    """
    seeds: list[int] = []
    try:
        parts = core.read_text(RULES, text, lambda tags: _start(tags, seeds.append))
    except RecordError as exc:
        if exc.line is None or exc.text is not None:
            raise
        raise RecordError(
            exc.reason,
            line=exc.line,
            turn=exc.turn,
            rule_id=exc.rule_id,
            text=_line(text, exc.line),
        ) from None
    return _record(parts, seeds[0] if seeds else None)


def _line(text: str | bytes, number: int) -> str | None:
    """Line ``number`` (from 1) of the record, as the reader split it."""
    if type(text) is bytes:
        text = text.decode("utf-8-sig", errors="replace")
    if type(text) is not str:
        return None
    lines = text.replace("\r\n", "\n").split("\n")
    return lines[number - 1] if 0 < number <= len(lines) else None


def _cards(tags: Mapping[str, Tag]) -> tuple[CardSet, Any]:
    """The card set the ``Cards`` and ``CardsData`` tags give, and its JSON data (BH-RECORD-3)."""
    named = tags.get("Cards")
    given = tags.get("CardsData")
    if given is None:
        if named is not None and named.value != ORIGINAL.name:
            raise RecordError(
                f"the card set {named.value!r} is not the original set {ORIGINAL.name!r}: "
                "its cards must be given in a CardsData tag",
                line=named.line,
            )
        return ORIGINAL, ORIGINAL.name
    data = core.json_tag(RULES, given, "JSON card data")
    cards: CardSet = core.load(RULES, lambda: from_data(data, CardSet, "CardsData"), given.line)
    if cards.origin is Origin.ORIGINAL and cards != ORIGINAL:
        raise RecordError(_NOT_ORIGINAL.format(cards.name), line=given.line)
    if named is None or named.value != cards.name:
        raise RecordError(
            f"the Cards tag must name the card set of CardsData, {cards.name!r}",
            line=given.line if named is None else named.line,
        )
    return cards, data


def _start(tags: Mapping[str, Tag], seed_found: Callable[[int], None]) -> GameState:
    """The start position the tags give (BH-RECORD-2)."""
    players_tag = core.tag(RULES, tags, "Players")
    players = core.players_tag(RULES, players_tag, _PLAYERS)
    options = core.options_tag(RULES, tags, RulesOptions)
    cards, data = _cards(tags)
    seed_tag, position = tags.get("Seed"), tags.get("Position")
    if seed_tag is not None and position is not None:
        raise RecordError(
            "a record starts from its Seed or from its Position, not both", line=position.line
        )
    if position is not None:
        payload = core.json_tag(RULES, position, "a JSON position")
        if type(payload) is not dict or "cards" in payload:
            raise RecordError(
                "Position must be a JSON object without cards (the Cards tags give them)",
                line=position.line,
            )
        payload["cards"] = data
        start: GameState = core.load(
            RULES, lambda: from_data(payload, GameState, "Position"), position.line
        )
        if (start.seats, start.options) != (players, options):
            raise RecordError(
                "the Position's players or options differ from the tags", line=position.line
            )
        return start
    if seed_tag is None:
        raise RecordError("the record has no Seed or Position tag: it has no start")
    seed = core.seed_tag(RULES, seed_tag)
    seed_found(seed)
    return core.load(
        RULES, lambda: new_game(players, seed=seed, options=options, cards=cards), seed_tag.line
    )


# --------------------------------------------------------------------------- replaying


def replay(record: GameRecord) -> tuple[GameState, ...]:
    """Every state of the game, from ``record.start`` to the end (BH-RECORD-4).

    Every move is applied with the checked :func:`bremerhaven.apply_move`; the first that
    is not legal raises :class:`RecordError` naming its number, round and rule. A stated
    result must be the game's: the game over, with those scores and winners; if not, the
    error names the last round. A record read from text was already checked line by line
    by :func:`read_record`, which names the line.
    """
    return core.replay_record(RULES, record, GameRecord)
