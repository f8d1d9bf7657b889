"""Moving the pawn at the start of a turn (rules TURN-1 to TURN-4, and ABIL-10's sharing)."""

from __future__ import annotations

import functools

from harbour.cards.effects import Effect
from harbour.events import GiftOwed, PawnMoved
from harbour.moves import Move, MovePawn
from harbour.rules import toll
from harbour.rules.abilities import ability_of, shares_occupied
from harbour.rules.step import Refusal, Step
from harbour.rules.work import Work, pending_effect
from harbour.state import (
    BoardSite,
    GameState,
    Layout,
    PendingGift,
    PendingMove,
    Site,
)

__all__ = ["PAWN", "site_action", "sites_in_play"]


# Pawn moves are immutable, so one of each is made and shared (the cache holds at most one
# entry per building and seat of the card sets played).
_move_to = functools.cache(MovePawn)


def sites_in_play(state: GameState) -> tuple[Site, ...]:
    """Every building a pawn may stand on, in canonical order (TURN-3).

    Starting buildings by seat, then the display in display order, then each player's
    bought buildings in purchase order followed by their free buildings
    (:class:`harbour.state.Layout` lists them).
    """
    return state.layout.sites


@functools.lru_cache(maxsize=1024)
def _pawn_moves(layout: Layout) -> tuple[MovePawn, ...]:
    """A pawn move to each site in play (a layout is shared by the states it belongs to)."""
    return tuple(map(_move_to, layout.sites))


def site_action(state: GameState, site: Site) -> Effect:
    """The action printed on a building (TURN-4: the player performs it)."""
    if isinstance(site, BoardSite):
        return state.board_of(site.player).action
    return state.cards.buildings[site.card].action


def _blocked(state: GameState, player: int) -> set[Site | None]:
    """The sites ``player`` may not move to: their own (TURN-2) and occupied ones (TURN-1).

    A player whose ability shares occupied buildings is blocked only by their own pawn
    (ABIL-10).
    """
    here = state.players[player].pawn
    if state.players[player].board is not None and shares_occupied(ability_of(state, player)):
        return {here}
    return {p.pawn for p in state.players}  # the mover's own pawn is among them


class _Pawn(Step[PendingMove, MovePawn]):
    """The turn player moves their pawn to a vacant building."""

    answers = (MovePawn,)
    owns = frozenset({"TURN-1", "TURN-2", "TURN-3"})

    def question(self, pending: PendingMove) -> str:
        return "moving the pawn"

    def moves(self, state: GameState, pending: PendingMove) -> tuple[Move, ...]:
        layout = state.layout
        places = layout.places
        moves = list(_pawn_moves(layout))
        for place in sorted(
            [places[site] for site in _blocked(state, state.current) if site in places],
            reverse=True,
        ):
            del moves[place]
        return tuple(moves)

    def refusal(self, state: GameState, pending: PendingMove, move: MovePawn) -> Refusal | None:
        site = move.site
        if site not in sites_in_play(state):
            # Every seat's starting building is in play: only a card can be missing.
            return Refusal("TURN-3", f"The {state.site_name(site)} is not a building in play.")
        player = state.current
        if site not in _blocked(state, player):
            return None
        if site == state.players[player].pawn:
            return Refusal(
                "TURN-2",
                f"Your pawn is already on {state.site_name(site)}; move to another building.",
            )
        seat = next(s for s, p in enumerate(state.players) if p.pawn == site)
        return Refusal(
            "TURN-1", f"{state.site_name(site)} is occupied by Player {seat + 1}'s pawn."
        )

    def apply(self, work: Work, pending: PendingMove, move: MovePawn) -> None:
        state = work.state
        player = work.current
        site = move.site
        gift = shares_occupied(work.ability(player))
        joined = tuple(s for s, p in enumerate(work.players) if p.pawn == site) if gift else ()
        origin = work.pawn(player)
        work.move_pawn(player, site)
        if work.log is not None:
            rule = "ABIL-10" if joined else "TURN-1"
            work.log.append(PawnMoved(player, site, origin, state.owner_of(site), joined, rule))
        work.stack.append(pending_effect(site_action(state, site)))
        toll.arrive(work, player, site)
        if joined:  # ABIL-10, INT-30: the players joined choose their gift first, in seat order
            work.stack.extend(PendingGift(seat, gift, "ABIL-10") for seat in reversed(joined))
            if work.log is not None:
                work.log.extend(GiftOwed(seat, gift, "ABIL-10") for seat in joined)


#: The pawn move.
PAWN = _Pawn()
