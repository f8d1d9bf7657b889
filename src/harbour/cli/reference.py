"""``harbour rule``, ``harbour cards`` and ``harbour replay``: the rules, the cards, a record.

:func:`clause` gives a clause of the specification as its Markdown source,
:func:`clause_text` as plain text for a terminal (no MyST roles, labels or emphasis
markers; the rulebooks named by their titles, :data:`RULEBOOKS`), :func:`rule_ids` and
:func:`rule_titles` list the clauses. :func:`find_cards` looks a card up by name. The
commands are every game's (:mod:`meeplekit.cli.reference`) on Harbour's pieces
(:mod:`harbour.cli.pieces`).
"""

from __future__ import annotations

from pathlib import Path

from harbour.cli import common
from harbour.cli.pieces import (
    PIECES,
    bonus_card_table,
    building_table,
    character_table,
    find_cards,
)
from harbour.specification import RULEBOOKS, SPECIFICATION
from meeplekit.cli.reference import cards_command, replay_command, rule_command

__all__ = [
    "RULEBOOKS",
    "bonus_card_table",
    "building_table",
    "cards",
    "character_table",
    "clause",
    "clause_text",
    "find_cards",
    "replay",
    "rule",
    "rule_ids",
    "rule_titles",
]


def rule_ids() -> list[str]:
    """Every rule ID the specification defines, page by page as the documentation orders them."""
    return SPECIFICATION.rule_ids()


def rule_titles() -> list[tuple[str, str]]:
    """Every rule ID the specification defines with its clause's title, in page order."""
    return SPECIFICATION.rule_titles()


def clause(rule_id: str) -> str | None:
    """The clause of ``rule_id`` as Markdown (heading, text, sources, readings), or ``None``."""
    return SPECIFICATION.clause(rule_id)


def clause_text(rule_id: str, width: int = 100) -> str | None:
    """The clause of ``rule_id`` as plain text wrapped to ``width`` columns, or ``None``.

    The heading reads ``"INT-3: title"``; cross-references become the IDs or titles they
    show, emphasis and code markers are dropped, each rulebook is named by its title
    (:data:`RULEBOOKS`), list items and tables keep their shape.
    """
    return SPECIFICATION.clause_text(rule_id, width)


def _read(path: Path, what: str) -> str:
    # harbour.cli.common's bound, looked up when the file is read.
    return common.read_input(path, what)


#: The ``harbour rule`` command.
rule = rule_command(PIECES)

#: The ``harbour cards`` command.
cards = cards_command(PIECES)

#: The ``harbour replay`` command.
replay = replay_command(PIECES, read=_read)
