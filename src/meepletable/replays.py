"""Games stepped through move by move: a finished table's, or any record a visitor uploads.

A :class:`Replay` holds every position of a game, from its start through its moves, and
the narration of each move. :func:`position` is what a replay page shows at a move number:
the picture and text view of that position for a viewer (a seat, or ``None`` for the view
every player has), the move that led there and its narration. A finished game hides
nothing from anyone, so every seat's view of it may be shown; a table's replay is given
only once its game is over (it would tell the seed and every seat's secrets).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from meeplekit.info import GameInfo
from meeplekit.registry import UnknownGameError, load_info
from meepletable.service import LiveTable, TableError

__all__ = ["RECORD_LIMIT", "Replay", "from_record", "from_table", "position"]

#: The largest record a visitor may upload, in bytes.
RECORD_LIMIT = 512 * 1024


@attrs.frozen
class Replay:
    """Every position of a game and what each move did."""

    #: The game's description.
    info: GameInfo[Any, Any]
    #: The positions: the start, then the one after each move.
    states: tuple[Any, ...]
    #: Each move's notation, in the position it was made in.
    notations: tuple[str, ...]
    #: Each move's narration.
    narration: tuple[str, ...]

    @property
    def total(self) -> int:
        """The number of moves."""
        return len(self.notations)


def _build(info: GameInfo[Any, Any], start: Any, moves: Sequence[Any]) -> Replay:
    game, notation, narrator = info.game, info.notation, info.narration
    states = [start]
    notations: list[str] = []
    narration: list[str] = []
    for move in moves:
        before = states[-1]
        after, events = game.apply_move_with_events(before, move)
        notations.append(notation.format(before, move))
        narration.append(narrator.describe_events(before, move, events, after))
        states.append(after)
    return Replay(info, tuple(states), tuple(notations), tuple(narration))


def from_table(table: LiveTable) -> Replay:
    """The replay of a finished table (:class:`TableError` ``not-over`` before its end)."""
    if not table.over:
        raise TableError("not-over", "a table's game is stepped through once it is over")
    return _build(table.info, table.start, table.moves)


def from_record(game: str, text: str) -> Replay:
    """The replay of a record of ``game`` (its text), every move checked by the game's reader."""
    try:
        info = load_info(game)
    except UnknownGameError as error:
        raise TableError("bad-request", str(error)) from None
    if info.records is None:
        raise TableError("bad-request", f"{info.title} has no records")
    if len(text.encode("utf-8", "surrogatepass")) > RECORD_LIMIT:
        raise TableError("too-large", f"a record is at most {RECORD_LIMIT} bytes")
    try:
        record = info.records.read(text)
    except ValueError as error:
        raise TableError("bad-request", str(error), rule=getattr(error, "rule_id", None)) from None
    return _build(info, record.start, list(record.moves))


def position(replay: Replay, number: int, viewer: int | None) -> dict[str, Any]:
    """What a replay page shows after ``number`` moves for ``viewer`` (``None``: every player's view)."""
    if not 0 <= number <= replay.total:
        raise TableError("not-found", f"the game has moves 0 to {replay.total}, not {number}")
    info, game = replay.info, replay.info.game
    state = replay.states[number]
    seats = _seats(replay)
    if viewer is not None and not 0 <= viewer < seats:
        raise TableError("not-found", f"the game has seats 0 to {seats - 1}, not {viewer}")
    observation = game.observe(state, viewer)
    return {
        "type": "position",
        "game": info.name,
        "title": info.title,
        "number": number,
        "total": replay.total,
        "viewer": viewer,
        "seats": [str(info.narration.player_name(seat)) for seat in range(seats)],
        "move": replay.notations[number - 1] if number else None,
        "narration": replay.narration[number - 1] if number else None,
        "text": info.views.render(observation),
        "picture": None if info.views.picture is None else info.views.picture(observation),
        "over": bool(game.is_over(state)),
    }


def _seats(replay: Replay) -> int:
    """The number of seats of the replay's game (as the game's returns count them)."""
    return len(replay.info.game.returns(replay.states[-1]))
