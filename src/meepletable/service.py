"""The table's play without the web: tables made, moves checked and stored, each seat's view.

The web application (:mod:`meepletable.app`) is a thin layer over this module. Everything a
game offers comes from its description in the registry (:func:`meeplekit.registry.load_info`),
so a newly registered game is served with no change here.

- :func:`create_table` checks a :class:`Setup` (the game, the players, who sits in each seat,
  the readings and the card set), stores it with its secret seed and returns the
  :class:`LiveTable` and the capability of each person's seat.
- :func:`load_table` makes a table live again from the storage: its record replayed move
  by move (a server resumes every unfinished table so).
- :func:`play` applies one seat's move, given as the game's notation with the version of
  the state it was chosen on, once the storage has committed it; :func:`play_chance` and
  :func:`bot_move` bring in chance and bots.
- :func:`view` is what a seat (or a spectator) is sent: made from the game's observation for
  that viewer alone, never from the state, except the seat's own legal moves, which are its
  own to know.

Chance and bots are drawn from the table's secret seed, so a table's game follows from its
seed and its people's moves alone: the same moves at a table of the same seed give the same
game, after a restart too. The seed is shown when the game is over.
"""

from __future__ import annotations

import enum
import json
import logging
import secrets
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from meeplekit.agents.search import ISMCTSBot
from meeplekit.demo import chance_seed
from meeplekit.info import BOT_KINDS, GameInfo
from meeplekit.protocol import CHANCE
from meeplekit.registry import UnknownGameError, load_info, registered_names
from meeplekit.rng import SplitMix64
from meeplekit.views.menu import MenuGroup, menu_tree
from meepletable.storage import (
    HUMAN,
    Seat,
    StaleMoveError,
    Storage,
    StorageError,
    StoredMove,
    TableRecord,
    holds,
    new_capability,
)

__all__ = [
    "MENU_LINES",
    "MENU_WIDTH",
    "NARRATION",
    "OPEN",
    "PLAYOUTS",
    "SEAT_KINDS",
    "SNAPSHOT_EVERY",
    "LiveTable",
    "Refusal",
    "Setup",
    "TableError",
    "bot_move",
    "bot_seed",
    "catch_up",
    "check_capability",
    "claim_seat",
    "create_table",
    "dumps",
    "load_table",
    "play",
    "play_bot",
    "play_chance",
    "record_text",
    "seat_name",
    "table_setup",
    "view",
]

#: A person's seat that no one holds yet: the first visitor to claim it from the lobby does.
OPEN: Final = "open"
#: Who may sit in a seat when a table is made: a person with a link, an open seat, a bot.
SEAT_KINDS: Final = (HUMAN, OPEN, *BOT_KINDS)
#: The search bot's iterations per decision at most (its time budget stops it sooner).
PLAYOUTS: Final = 1000
#: A snapshot of the state is stored after every this many moves, and when the game ends.
SNAPSHOT_EVERY: Final = 64
#: The legal moves are grouped as the terminal play groups them on a screen of this many
#: lines and :data:`MENU_WIDTH` columns (:func:`meeplekit.views.menu.menu_tree`).
MENU_LINES: Final = 20
#: See :data:`MENU_LINES`.
MENU_WIDTH: Final = 80
#: A view holds the narration of this many last moves at most (the record holds them all).
NARRATION: Final = 60
#: The largest card file a table accepts, in bytes.
CARD_FILE_LIMIT: Final = 256 * 1024
#: The odd constant that spreads a table's versions over the seeds of its draws.
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MASK: Final = 2**64 - 1
_log = logging.getLogger("meepletable")


class TableError(Exception):
    """A request the table refuses, as a structured error: a code, a reason, maybe a rule.

    ``code`` is one of a few words (``"bad-request"``, ``"no-table"``, ``"not-your-seat"``,
    ``"not-your-turn"``, ``"stale"``, ``"illegal"``, ``"over"``, ``"not-over"``,
    ``"seat-taken"``, ``"too-large"``, ``"too-many"``, ``"unavailable"``); ``rule`` is the game's rule ID when a rule refuses the move.
    """

    def __init__(self, code: str, reason: str, *, rule: str | None = None) -> None:
        super().__init__(reason)
        #: What kind of refusal it is.
        self.code = code
        #: What was refused and why, for people.
        self.reason = reason
        #: The rule that refuses it, or ``None``.
        self.rule = rule

    def as_dict(self) -> dict[str, Any]:
        """The error as a JSON object: ``{"type": "error", "code", "reason", "rule"}``."""
        return {"type": "error", "code": self.code, "reason": self.reason, "rule": self.rule}


@attrs.frozen
class Refusal:
    """Why a move was refused: the rule and its reason (the game's ``explain``)."""

    #: The rule's ID.
    rule: str
    #: The reason, for people.
    reason: str


@attrs.frozen(kw_only=True)
class Setup:
    """A table to make: its game, players, who sits where, readings and card set."""

    #: The registered name of the game.
    game: str
    #: Who sits in each seat, in order: one of :data:`SEAT_KINDS` each.
    seats: tuple[str, ...]
    #: The readings: the game's readings value, or ``None`` for its defaults.
    readings: Any = None
    #: The card set (the game's variant), or ``None`` for its default.
    cards: Any = None

    @property
    def players(self) -> int:
        """The number of players: one per seat."""
        return len(self.seats)


@attrs.define
class LiveTable:
    """A table in play, held in memory by the server that serves it.

    Mutable by :func:`play` and :func:`play_chance` only, and only after the storage has
    committed the move.
    """

    #: What the table is (its game, seed, readings and card set).
    record: TableRecord
    #: The game's description.
    info: GameInfo[Any, Any]
    #: Who sits in each seat.
    seats: tuple[Seat, ...]
    #: The position before the first move.
    start: Any
    #: The position now.
    state: Any
    #: The moves so far (chance outcomes included), in order.
    moves: list[Any] = attrs.Factory(list)
    #: The moves' notation, as stored.
    notations: list[str] = attrs.Factory(list)
    #: What each move did, narrated for every player (the game's narrator).
    narration: list[str] = attrs.Factory(list)

    @property
    def version(self) -> int:
        """The state's version: the number of moves made."""
        return len(self.moves)

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return bool(self.info.game.is_over(self.state))

    @property
    def decider(self) -> int | None:
        """The seat deciding now, :data:`meeplekit.protocol.CHANCE`, or ``None`` when over."""
        return None if self.over else int(self.info.game.current_player(self.state))

    def bot_to_move(self) -> str | None:
        """The kind of bot that decides now, or ``None`` (a person, chance, or the end)."""
        decider = self.decider
        if decider is None or decider == CHANCE:
            return None
        kind = self.seats[decider].kind
        return None if kind == HUMAN else kind


# --------------------------------------------------------------------------- making tables


def _reject(reason: str) -> TableError:
    return TableError("bad-request", reason)


def table_setup(
    game: str,
    seats: Sequence[str],
    readings: Mapping[str, str] | None = None,
    cards: str | None = None,
    *,
    card_file: tuple[str, bytes] | None = None,
) -> Setup:
    """A :class:`Setup` from what a form sends, every part checked; :class:`TableError` if not.

    ``readings`` maps a reading's field name to its value as text (an enum reading's value,
    or ``on``/``off`` for a switch); a field left out keeps its default. ``cards`` is the
    game's name for a card set (``"original"``), and ``card_file`` an uploaded card file
    (its name, whose suffix says its format, and its bytes), for a game with card sets.
    """
    try:
        info = load_info(game)
    except UnknownGameError:
        raise _reject(
            f"no game {game!r}; the table serves {', '.join(registered_names())}"
        ) from None
    players = len(seats)
    if players not in info.players.counts:
        raise _reject(
            f"{info.title} seats {info.players.fewest} to {info.players.most} players, not {players}"
        )
    for seat in seats:
        if seat not in SEAT_KINDS:
            raise _reject(f"a seat is one of {', '.join(SEAT_KINDS)}, not {seat!r}")
        if seat in BOT_KINDS and seat not in info.bots.names:
            raise _reject(f"{info.title} has no {seat} bot (it has {', '.join(info.bots.names)})")
    chosen = _readings(info, readings or {})
    variant = _variant(info, cards, card_file)
    try:
        info.check_game(players, chosen, variant)
    except ValueError as error:
        raise _reject(str(error)) from None
    return Setup(game=game, seats=tuple(seats), readings=chosen, cards=variant)


def _readings(info: GameInfo[Any, Any], given: Mapping[str, str]) -> Any:
    base = info.default_readings()
    fields = attrs.fields_dict(type(base))
    changes: dict[str, Any] = {}
    for name, value in given.items():
        field = fields.get(name)
        if field is None:
            raise _reject(f"{info.title} has no reading {name!r}")
        if isinstance(field.default, enum.Enum):
            kind = type(field.default)
            members = {member.value: member for member in kind}
            if value not in members:
                raise _reject(f"the reading {name} is one of {', '.join(members)}, not {value!r}")
            changes[name] = members[value]
        else:
            switch = {"on": True, "true": True, "off": False, "false": False}.get(value.lower())
            if switch is None:
                raise _reject(f"the reading {name} is on or off, not {value!r}")
            changes[name] = switch
    try:
        return attrs.evolve(base, **changes)
    except ValueError as error:  # the game's RulesError: a combination it refuses
        raise _reject(str(error)) from None


def _variant(
    info: GameInfo[Any, Any], cards: str | None, card_file: tuple[str, bytes] | None
) -> Any:
    variants = info.variants
    if variants is None:
        if card_file is not None or cards not in (None, ""):
            raise _reject(f"{info.title} has no card sets")
        return None
    if card_file is None:
        if cards in (None, "", variants.option.default):
            return variants.default
        raise _reject(f"the card set is {variants.option.default!r} or an uploaded card file")
    name, data = card_file
    if len(data) > CARD_FILE_LIMIT:
        raise _reject(f"a card file is at most {CARD_FILE_LIMIT} bytes")
    suffix = Path(name).suffix.lower()
    if suffix not in (".toml", ".json"):
        raise _reject("a card file is a .toml or .json file")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"cards{suffix}"  # the uploaded name is not used as a path
        path.write_bytes(data)
        try:
            variant = variants.load(str(path))
            if variants.check is not None:
                variants.check(variant)
        except ValueError as error:
            reason = str(error).replace(str(path), "the card file")
            raise _reject(reason) from None
    return variant


def create_table(
    storage: Storage,
    setup: Setup,
    *,
    seed: int | None = None,
    table_id: str | None = None,
    now: float | None = None,
) -> tuple[LiveTable, dict[int, str]]:
    """Make and store a table: the live table and the capability of each person's seat.

    ``seed`` is the game's secret seed (default: 64 random bits from the operating system);
    ``table_id`` its identifier (default: random). Open seats get their capability when
    they are claimed (:func:`claim_seat`).
    """
    info = load_info(setup.game)
    game = info.game
    chosen_seed = secrets.randbits(64) if seed is None else seed
    tokens: dict[int, str] = {}
    seats: list[Seat] = []
    for number, kind in enumerate(setup.seats):
        if kind == HUMAN:
            token, digest = new_capability()
            tokens[number] = token
            seats.append(Seat(HUMAN, digest))
        elif kind == OPEN:
            seats.append(Seat(HUMAN))
        else:
            seats.append(Seat(kind))
    record = TableRecord(
        table_id=secrets.token_urlsafe(12) if table_id is None else table_id,
        game=setup.game,
        players=setup.players,
        options=game.to_json(info.default_readings() if setup.readings is None else setup.readings),
        cards=None if setup.cards is None else game.to_json(setup.cards),
        seed=chosen_seed,
        created=time.time() if now is None else now,
    )
    storage.create(record, seats)
    start = info.new_game(setup.players, chosen_seed, setup.readings, setup.cards)
    return LiveTable(record, info, tuple(seats), start, start), tokens


def claim_seat(storage: Storage, table: LiveTable, seat: int) -> str:
    """Claim the open seat ``seat``: its new capability (the table's seats are updated)."""
    if not 0 <= seat < len(table.seats) or not table.seats[seat].is_open:
        raise TableError("seat-taken", f"seat {seat + 1} is not open")
    token, digest = new_capability()
    try:
        storage.claim(table.record.table_id, seat, digest)
    except StorageError:
        raise TableError("seat-taken", f"seat {seat + 1} is not open") from None
    table.seats = tuple(
        Seat(HUMAN, digest) if number == seat else held for number, held in enumerate(table.seats)
    )
    return token


def load_table(storage: Storage, table_id: str) -> LiveTable:
    """The table ``table_id`` made live again: its record replayed move by move.

    Each stored move is read with the game's notation and checked as it is replayed; the
    latest snapshot must be the state the replay reaches at its version (a table whose
    moves a newer library would play differently is refused, not resumed wrongly).
    """
    try:
        record = storage.table(table_id)
    except StorageError:
        raise TableError("no-table", f"no table {table_id}") from None
    info = load_info(record.game)
    game = info.game
    readings = game.from_json(record.options)
    cards = None if record.cards is None else game.from_json(record.cards)
    start = info.new_game(record.players, record.seed, readings, cards)
    table = LiveTable(record, info, storage.seats(table_id), start, start)
    snapshot = storage.snapshot(table_id)
    for stored in storage.moves(table_id):
        move = info.notation.parse(table.state, stored.notation)
        _advance(table, move, stored.notation)
        due = snapshot is not None and snapshot[0] == table.version
        if due and snapshot is not None and game.to_json(table.state) != snapshot[1]:
            raise StorageError(f"table {table_id}: the replay differs from its snapshot")
    return table


def catch_up(storage: Storage, table: LiveTable) -> int:
    """Apply the moves another server process stored since ``table``'s version: how many.

    The seats are read again too (another process may have given an open seat away).
    """
    stored = storage.moves_since(table.record.table_id, table.version)
    for move in stored:
        if move.version != table.version:  # pragma: no cover - the versions are dense
            raise StorageError(
                f"table {table.record.table_id}: move {move.version} is out of order"
            )
        _advance(table, table.info.notation.parse(table.state, move.notation), move.notation)
    if table.over:
        table.record = attrs.evolve(table.record, finished=True)
    table.seats = storage.seats(table.record.table_id)
    return len(stored)


def _advance(table: LiveTable, move: Any, notation: str) -> None:
    before = table.state
    after, events = table.info.game.apply_move_with_events(before, move)
    table.narration.append(table.info.narration.describe_events(before, move, events, after))
    table.moves.append(move)
    table.notations.append(notation)
    table.state = after


def _commit(storage: Storage, table: LiveTable, move: Any) -> str:
    """Store ``move`` at the table's version, then apply it: its notation."""
    info = table.info
    notation = info.notation.format(table.state, move)
    after = info.game.apply_move(table.state, move)
    finished = bool(info.game.is_over(after))
    try:
        storage.append(
            table.record.table_id, StoredMove(table.version, notation), finished=finished
        )
    except StaleMoveError as error:
        raise TableError("stale", str(error)) from None
    _advance(table, move, notation)
    if finished or table.version % SNAPSHOT_EVERY == 0:
        try:
            storage.save_snapshot(
                table.record.table_id, table.version, info.game.to_json(table.state)
            )
        except StorageError as error:  # the move is stored; a snapshot is only a check
            _log.warning("table %s: no snapshot: %s", table.record.table_id, error)
    if finished:
        table.record = attrs.evolve(table.record, finished=True)
    return notation


# --------------------------------------------------------------------------- moves


def check_capability(table: LiveTable, seat: int, token: str) -> None:
    """:class:`TableError` unless ``token`` is the capability of the person's seat ``seat``."""
    if not 0 <= seat < len(table.seats):
        raise TableError("not-your-seat", "no such seat at this table")
    digest = table.seats[seat].digest
    if digest is None or not holds(token, digest):
        raise TableError("not-your-seat", "this link does not hold that seat")


def play(storage: Storage, table: LiveTable, seat: int, version: int, text: str) -> str:
    """Apply ``seat``'s move ``text`` (notation) chosen on ``version``; its notation as stored.

    Refused with a :class:`TableError` when the game is over, it is not the seat's
    decision, the version is not the table's (stale or repeated), or the notation names
    no legal move (with the rule and reason the game's ``explain`` gives). The move is
    applied only once the storage has committed it.
    """
    if table.over:
        raise TableError("over", "the game is over")
    if version != table.version:
        raise TableError(
            "stale",
            f"the table is at version {table.version}; a move chosen on version {version} "
            "is stale or repeated and was not applied",
        )
    if table.decider != seat:
        raise TableError("not-your-turn", f"it is not {seat_name(table, seat)}'s decision")
    info = table.info
    try:
        move = info.notation.parse(table.state, text)
    except ValueError as error:
        raise TableError("illegal", str(error), rule=getattr(error, "rule_id", None)) from None
    refusal = info.game.explain(table.state, move)
    if refusal is not None:
        raise TableError("illegal", refusal.reason, rule=refusal.rule_id)
    return _commit(storage, table, move)


def play_chance(storage: Storage, table: LiveTable) -> str:
    """Draw and apply the outcome of the chance node the table is at: its notation.

    The draw's generator is seeded from the table's seed and version, so a table's
    chance follows from its seed alone, after a restart too.
    """
    if table.decider != CHANCE:
        raise TableError("bad-request", "the table is not at a chance node")
    seed = (chance_seed(table.record.seed) + table.version * _GOLDEN) & _MASK
    move = table.info.draw(table.state, SplitMix64(seed))
    return _commit(storage, table, move)


def bot_seed(table: LiveTable, seat: int) -> int:
    """The seed of the bot deciding for ``seat`` at the table's version."""
    return (
        table.record.seed ^ ((seat + 1) * _GOLDEN) ^ (table.version * 0xBF58476D1CE4E5B9)
    ) & _MASK


def bot_move(game: str, kind: str, seed: int, observation: Any, seconds: float) -> Any:
    """A bot's move: the bot ``kind`` of ``game``, made from ``seed``, choosing on ``observation``.

    A module-level function, so that a process pool can run it. The search bot stops after
    :data:`PLAYOUTS` iterations or ``seconds`` (its time budget), whichever comes first.
    """
    bot = load_info(game).bots.make(kind, seed, PLAYOUTS)
    if isinstance(bot, ISMCTSBot):
        bot.seconds = seconds
    return bot.choose(observation)


def play_bot(storage: Storage, table: LiveTable, version: int, move: Any) -> str:
    """Apply a bot's ``move`` chosen on ``version``: its notation (stale: :class:`TableError`)."""
    if version != table.version:
        raise TableError("stale", "the table moved on while the bot thought")
    if table.info.game.explain(table.state, move) is not None:
        raise TableError("illegal", "the bot chose an illegal move")
    return _commit(storage, table, move)


# --------------------------------------------------------------------------- views


def seat_name(table: LiveTable, seat: int) -> str:
    """The name of ``seat`` at the table, as the game's narrator calls it (``"Player 1"``)."""
    return str(table.info.narration.player_name(seat))


def _menu(info: GameInfo[Any, Any], state: Any, group: MenuGroup[Any]) -> list[Any]:
    notation = info.notation
    entries: list[Any] = []
    for entry in group.entries:
        if isinstance(entry, MenuGroup):
            entries.append(
                {"group": entry.label, "size": entry.size, "entries": _menu(info, state, entry)}
            )
        else:
            entries.append(
                {"move": notation.format(state, entry), "label": notation.label(state, entry)}
            )
    return entries


def _standings(table: LiveTable) -> list[dict[str, Any]]:
    outcome = table.info.game.outcome(table.state)
    return [
        {
            "seat": seat,
            "name": seat_name(table, seat),
            "points": outcome.points[seat],
            "winner": seat in outcome.winners,
        }
        for seat in outcome.ranking
    ]


def view(table: LiveTable, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` (a seat, or ``None`` for a spectator) is sent, as a JSON object.

    Every field is made from the game's observation for that viewer (the picture, the text
    view, the summary) or is public (the narration, whose narrators tell only what every
    player sees, the seats, the version, the standings and seed once the game is over),
    except ``moves``: the viewer's own legal moves, grouped as the terminal play groups
    them, when the viewer decides now. Nothing else of the state is sent.
    """
    info, game = table.info, table.info.game
    observation = game.observe(table.state, viewer)
    text = info.views.render(observation)
    decider = table.decider
    payload: dict[str, Any] = {
        "type": "view",
        "game": info.name,
        "title": info.title,
        "version": table.version,
        "viewer": viewer,
        "seats": [
            {
                "name": seat_name(table, number),
                "kind": OPEN if seat.is_open else seat.kind,
            }
            for number, seat in enumerate(table.seats)
        ],
        "headline": text.split("\n", 1)[0],
        "deciding": None if decider is None or decider == CHANCE else decider,
        "over": decider is None,
        "text": text,
        "summary": None if viewer is None else info.views.summarize(table.state, viewer),
        "picture": None if info.views.picture is None else info.views.picture(observation),
        "narration": table.narration[-NARRATION:],
        "narration_from": max(0, len(table.narration) - NARRATION),
        "moves": None,
        "standings": None,
        "seed": None,
    }
    if decider is not None and decider == viewer:
        moves = game.legal_moves(table.state)
        tree = menu_tree(info.notation, table.state, moves, MENU_LINES, MENU_WIDTH)
        payload["moves"] = _menu(info, table.state, tree)
    if decider is None:
        payload["standings"] = _standings(table)
        payload["seed"] = str(table.record.seed)
    return payload


def dumps(payload: Mapping[str, Any]) -> str:
    """A payload as the JSON text sent: keys sorted, no spaces (the same payload, the same bytes)."""
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_text(table: LiveTable) -> str:
    """The game's record (its PGN-like text, which the game's ``replay`` reads), once over."""
    if not table.over:
        raise TableError(
            "not-over", "the record is given once the game is over (it holds the seed)"
        )
    records = table.info.records
    if records is None:
        raise TableError("bad-request", f"{table.info.title} has no records")
    tags = {"Event": "meepletable", "Table": table.record.table_id}
    for number, seat in enumerate(table.seats):
        tags[f"Player{number + 1}"] = "Human" if seat.kind == HUMAN else f"{seat.kind} bot"
    return records.write(table.start, table.moves, tags=tags)
