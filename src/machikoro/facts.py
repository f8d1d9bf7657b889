"""The game's fixed numbers as one record (rules MK-PLAYERS-1, MK-SETUP-1, MKH-MARKET-4, ...).

Every number the printed rules fix lives here once; the rules modules and the
documentation read :data:`GAME` instead of writing the number again. The numbers printed
on the cards (costs, incomes, the Harbor's 10 and 2, the Tax Office's 10) are card data:
:mod:`machikoro.cards.catalogue`.

>>> from machikoro.facts import GAME
>>> GAME.player_counts(expansion=True)
range(2, 6)
>>> GAME.market_piles
10
"""

from __future__ import annotations

import attrs

__all__ = ["GAME", "GameFacts"]


@attrs.frozen(slots=True)
class GameFacts:
    """The numbers the printed rules fix for every game of Machi Koro."""

    #: The fewest players (MK-PLAYERS-1).
    min_players: int = 2
    #: The most players of the base game (MK-PLAYERS-1).
    max_players_base: int = 4
    #: The most players with the Harbor expansion: its cards seat a 5th (MKH-PLAYERS-1).
    max_players_expansion: int = 5
    #: Coins each player starts with (MK-SETUP-1).
    starting_coins: int = 3
    #: The faces of a die (MK-ROLL-1).
    die_faces: int = 6
    #: The most dice a player rolls (MK-ROLL-1, with a Train Station).
    max_dice: int = 2
    #: Different establishments the Harbor marketplace shows (MKH-MARKET-4).
    market_piles: int = 10
    #: The player count that adds the 5th copy of each base major establishment (MKH-PLAYERS-2).
    fifth_copy_players: int = 5

    def player_counts(self, *, expansion: bool) -> range:
        """Every allowed number of players, with or without the expansion."""
        top = self.max_players_expansion if expansion else self.max_players_base
        return range(self.min_players, top + 1)


#: The facts of Machi Koro.
GAME = GameFacts()
