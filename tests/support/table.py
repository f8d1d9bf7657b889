"""The web table's tests' helpers: tables played by their first moves, chance and bots."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from typing import Any

from meeplekit.protocol import CHANCE
from meepletable import service
from meepletable.service import LiveTable
from meepletable.storage import Storage, TableRecord


def first_move(view: dict[str, Any]) -> str:
    entry = view["moves"][0]
    while "group" in entry:
        entry = entry["entries"][0]
    return str(entry["move"])


def run_bots(storage: Storage, table: LiveTable) -> None:
    """Chance and bots, as the server's runner plays them, until a person decides or the end."""
    while not table.over:
        if table.decider == CHANCE:
            service.play_chance(storage, table)
            continue
        kind = table.bot_to_move()
        if kind is None:
            return
        decider = table.decider
        assert decider is not None
        observation = table.info.game.observe(table.state, decider)
        move = service.bot_move(
            table.info.name, kind, service.bot_seed(table, decider), observation, 1.0
        )
        service.play_bot(storage, table, table.version, move)


def play_out(storage: Storage, table: LiveTable, seat: int = 0) -> int:
    """Play ``seat`` by its first move and the rest by bots to the end; the seat's decisions."""
    decisions = 0
    run_bots(storage, table)
    while not table.over:
        service.play(storage, table, seat, table.version, first_move(service.view(table, seat)))
        decisions += 1
        run_bots(storage, table)
    return decisions


def post_table(url: str, fields: dict[str, str]) -> dict[str, Any]:
    """Make a table at the server ``url`` with a form's fields, as a program does: its answer."""
    body = urllib.parse.urlencode(fields).encode()
    with urllib.request.urlopen(f"{url}tables", data=body, timeout=30) as answer:
        made: dict[str, Any] = json.load(answer)
    return made


def record(table_id: str = "t1", created: float = 1.0, players: int = 2) -> TableRecord:
    """A table's record for the storage's tests: Harbour, a seed past 64-bit integers' range."""
    return TableRecord(
        table_id=table_id,
        game="harbour",
        players=players,
        options='{"format": "harbour/1"}',
        cards=None,
        seed=2**64 - 1,  # beyond SQLite's and PostgreSQL's integers: kept exactly
        created=created,
    )
