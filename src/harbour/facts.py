"""The game's fixed facts as one record (rules COMP-1, SETUP-1, SETUP-2, SETUP-4, BUY-2, GOODS-2, END-1).

Every number the rules fix lives here once; the rules modules, the narration and the
documentation read :data:`GAME` instead of writing the number again.

>>> from harbour.facts import GAME
>>> GAME.display_size(3)
6
>>> GAME.market_values
(2, 3, 4, 5)
"""

from __future__ import annotations

import attrs

__all__ = ["GAME", "GameFacts"]


@attrs.frozen(slots=True)
class GameFacts:
    """The numbers the printed rules fix for every game of Harbour."""

    #: The fewest players (COMP-1, INT-18).
    min_players: int = 2
    #: The most players (COMP-1, INT-18).
    max_players: int = 4
    #: The display holds this many buildings more than there are players (SETUP-1).
    display_extra: int = 3
    #: A display dealt with this many buy symbols or more is reshuffled (SETUP-2).
    reshuffle_buy_symbols: int = 3
    #: Goods each player chooses at setup (SETUP-4).
    starting_goods: int = 3
    #: No player holds more than this many units of one good (GOODS-2).
    goods_cap: int = 6
    #: The dollar value of the market squares, lowest to highest (BUY-2).
    market_values: tuple[int, int, int, int] = (2, 3, 4, 5)
    #: Buying this many buildings begins the last round (END-1).
    end_buildings: int = 4
    #: Character boards dealt to each player, of which they keep one (CHAR-2).
    boards_offered: int = 2
    #: Buildings named for the first-game display (SETUP-5).
    first_game_buildings: int = 3
    #: The fewest players the Inland Traders are played with (INLAND-1, INT-37).
    inland_traders_min_players: int = 3

    @property
    def market_squares(self) -> int:
        """The number of market squares (COMP-1): one per good."""
        return len(self.market_values)

    @property
    def player_counts(self) -> range:
        """Every allowed number of players."""
        return range(self.min_players, self.max_players + 1)

    def display_size(self, players: int) -> int:
        """The number of buildings face up for ``players`` players (SETUP-1)."""
        return players + self.display_extra


#: The facts of Harbour.
GAME = GameFacts()
