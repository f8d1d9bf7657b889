"""The library's exceptions."""

from __future__ import annotations

__all__ = ["GameNotOverError", "HarbourError", "IllegalMoveError"]


class HarbourError(Exception):
    """Base class of every exception the library raises on purpose."""


class IllegalMoveError(HarbourError, ValueError):
    """A move that is not legal in the given state.

    :attr:`rule_id` names the clause of the rules specification that forbids it and
    :attr:`reason` says why in a plain sentence.
    """

    def __init__(self, rule_id: str, reason: str) -> None:
        super().__init__(f"[{rule_id}] {reason}")
        #: The rule ID (for example ``"TOLL-1"``) of the specification.
        self.rule_id = rule_id
        #: A plain-English explanation.
        self.reason = reason


class GameNotOverError(HarbourError, ValueError):
    """Asked for the outcome of a game that has not ended."""
