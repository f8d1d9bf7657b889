"""The game's fixed numbers as one record (BH-COMP-2, BH-SETUP-6, BH-SETUP-11, ...).

Every number the rulebook fixes lives here once; the rules modules read :data:`GAME`
instead of writing the number again. The numbers printed on cards and boards that the
rulebook does not give (cover and bollard costs, the progress track, every card's values)
are card data: :mod:`bremerhaven.cards`.

>>> GAME.starting_income, GAME.rank_income
((4, 6, 8, 12), (4, 3, 2, 1))
"""

from __future__ import annotations

import attrs

__all__ = ["GAME", "GameFacts"]


@attrs.frozen(slots=True)
class GameFacts:
    """The numbers the rulebook fixes for every game of Bremerhaven."""

    #: The fewest and most players (BH-COMP-1): 1 is the solo game.
    min_players: int = 1
    max_players: int = 4
    #: The influence cards of a colour (BH-COMP-2, 004:542).
    influence: tuple[int, ...] = (1, 2, 3, 4, 5, 5, 6, 6, 7, 7, 8, 9)
    #: The hand each player starts with, and keeps at the start of a round (BH-SETUP-6,
    #: BH-RETURN-1).
    hand: tuple[int, ...] = (1, 2, 3, 4, 5)
    #: The influence cards set aside as the supply (BH-SETUP-6).
    supply: tuple[int, ...] = (5, 6, 6, 7, 7, 8, 9)
    #: Starting income by rank, Captain first (BH-SETUP-11).
    starting_income: tuple[int, ...] = (4, 6, 8, 12)
    #: Income by rank after the career ladder, Captain first (BH-CAREER-2).
    rank_income: tuple[int, ...] = (4, 3, 2, 1)
    #: Money per influence card on the Parking lot (BH-PARK-1).
    parking: int = 1
    #: Money per conversion of a container and two crates (BH-MOVE-5).
    conversion: int = 1
    #: Goods of each kind in the box (BH-COMP-5).
    goods: int = 40
    #: The bollards on the middle dock's walls at the start (BH-SETUP-8, BH-HARBOR-5).
    starting_walls: tuple[int, int, int, int] = (0, 1, 1, 0)
    #: Spaces the short game's cards advance the Ship token (BH-SHORT-7).
    short_advance: int = 2
    #: The short game's starting goods (BH-SHORT-6).
    starting_goods: int = 3
    #: The solo player's starting income, as First Mate (BH-SOLO-5).
    solo_income: int = 6
    #: The solo game's rounds (BH-SOLO-3, BH-SOLO-17).
    solo_rounds: int = 10


#: The numbers of the game.
GAME = GameFacts()
