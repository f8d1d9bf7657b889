"""Starting a game: :func:`new_game` (BH-SETUP-1 to BH-SETUP-12, BH-SHORT-1, BH-SOLO-1).

The setup rules live in :mod:`bremerhaven.rules.setup`; this module keeps the public name.
"""

from __future__ import annotations

from bremerhaven.cards.model import CardSet
from bremerhaven.engine import settle
from bremerhaven.options import RulesOptions
from bremerhaven.rules import setup as _setup
from bremerhaven.state import GameState

__all__ = ["new_game"]


def new_game(
    players: int,
    *,
    seed: int | None = None,
    options: RulesOptions | None = None,
    cards: CardSet | None = None,
) -> GameState:
    """A new game of ``players`` players (1 to 4; 1 is the solo game), from ``seed``.

    ``options`` selects the long or short game and the readings (default: the long game and
    the documented readings); ``cards`` the card set (default: the library's original set,
    :data:`bremerhaven.cards.ORIGINAL`; or a set read from a card file). Every chance of the
    game is drawn from ``seed`` (0 <= seed < 2**64) with :class:`~meeplekit.rng.SplitMix64`;
    without one the library draws a 64-bit seed from the operating system. The game begins
    at the first decision: the short game's starting goods, or the Captain's first bid.

    Raises :class:`~bremerhaven.errors.InvalidValueError` for a bad argument, saying which
    and why (BH-INPUT-1).
    """
    work = _setup.start(players, seed=seed, options=options, cards=cards)
    frozen = settle(work)
    return work.freeze() if frozen is None else frozen
