"""What one player may see of a game (rule BONUS-3).

:func:`observe` builds a player's view by allow-list: it copies only what that player may
know. The deck's order and the other players' bonus point cards are secret; the top
deck buildings a free-building ability shows (ABIL-8) and the character boards dealt to a
player (INT-40) are seen only by the player choosing.
"""

from __future__ import annotations

import attrs

from harbour.errors import InvalidValueError
from harbour.goods import Good, Goods
from harbour.state import GameState, Pending, PendingCharacter, PendingFreeBuilding, Site

__all__ = ["Observation", "PlayerView", "observe"]


@attrs.frozen(slots=True)
class PlayerView:
    """The public part of one player's state, plus their bonus card when it is the viewer's."""

    goods: Goods
    buildings: tuple[int, ...]
    free_buildings: tuple[int, ...]
    pawn: Site | None
    board: int | None
    #: The viewer's own bonus card; ``None`` for everyone else's (and without bonus cards).
    bonus_card: int | None
    #: Whether this player holds a bonus card (public knowledge).
    has_bonus_card: bool


@attrs.frozen(slots=True)
class Observation:
    """A game as seen by player :attr:`viewer`."""

    viewer: int
    players: tuple[PlayerView, ...]
    market: tuple[Good, Good, Good, Good]
    display: tuple[int, ...]
    #: Only the number of buildings in the deck, not their order.
    deck_size: int
    current: int
    decider: int
    turn: int
    last_round_turns: int | None
    #: The pending decision; ``None`` when the game is over or it shows the viewer nothing
    #: they may see (another player's free-building choice).
    pending: Pending | None


def observe(state: GameState, viewer: int) -> Observation:
    """The part of ``state`` that player ``viewer`` (a seat) may see."""
    if type(viewer) is not int or not 0 <= viewer < len(state.players):
        raise InvalidValueError(
            f"viewer must be a seat, a whole number from 0 to {len(state.players) - 1}, "
            f"got {viewer!r}"
        )
    views = tuple(
        PlayerView(
            goods=p.goods,
            buildings=p.buildings,
            free_buildings=p.free_buildings,
            pawn=p.pawn,
            board=p.board,
            bonus_card=p.bonus_card if seat == viewer else None,
            has_bonus_card=p.bonus_card is not None,
        )
        for seat, p in enumerate(state.players)
    )
    pending = state.pending
    if isinstance(pending, PendingFreeBuilding | PendingCharacter) and pending.player != viewer:
        # The top of the deck (ABIL-8) and the boards dealt (INT-40) are the chooser's secret.
        pending = None
    return Observation(
        viewer=viewer,
        players=views,
        market=state.market,
        display=state.display,
        deck_size=len(state.deck),
        current=state.current,
        decider=state.decider,
        turn=state.turn,
        last_round_turns=state.last_round_turns,
        pending=pending,
    )
