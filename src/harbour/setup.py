"""Starting a game (rules SETUP-1 to SETUP-7): :func:`new_game`.

The setup rules live in :mod:`harbour.rules.setup`; this module keeps the public names.
"""

from __future__ import annotations

from harbour.cards.model import CardSet
from harbour.facts import GAME
from harbour.options import RulesOptions
from harbour.rules import setup as _setup
from harbour.state import GameState

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "new_game"]

#: The fewest players (``GAME.min_players``).
MIN_PLAYERS = GAME.min_players
#: The most players (``GAME.max_players``).
MAX_PLAYERS = GAME.max_players


def new_game(
    players: int,
    *,
    seed: int | None = None,
    options: RulesOptions | None = None,
    cards: CardSet | None = None,
) -> GameState:
    """A new game of ``players`` players (2 to 4), shuffled from ``seed`` (0 <= seed < 2**64).

    Without a ``seed`` the library draws a 64-bit one from the operating system's secure
    source (:mod:`secrets`; SETUP-7, INPUT-3). Use that for real play: with hidden
    information (the deck, the bonus cards) anyone who can guess the seed can recompute
    them, and a small seed is guessed in seconds. Fixed seeds are for tests and for
    replaying a game. ``options`` selects rule readings and variants (default: the documented readings, the
    standard setup); ``cards`` the card set (default: the library's original set,
    :data:`harbour.cards.ORIGINAL_SET`). The state starts with the setup decisions, seat 0
    first: with characters each player keeps one of two boards (and a free building where
    an ability says so), then each player chooses their starting goods. Bonus cards are
    dealt here (all chance is at setup).

    Raises :class:`~harbour.errors.InvalidValueError` (a ``ValueError``) for a bad argument,
    with a message saying which and why.
    """
    return _setup.new_game(players, seed=seed, options=options, cards=cards)
