"""Moving the pawn at the start of a turn (rules TURN-1 to TURN-4, and ABIL-10's sharing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from harbour.cards.effects import Effect
from harbour.events import GiftOwed, PawnMoved
from harbour.moves import Move, MovePawn
from harbour.rules import toll
from harbour.rules.abilities import ability_of, shares_occupied
from harbour.rules.step import Refusal, Step
from harbour.rules.work import Work
from harbour.state import (
    BoardSite,
    CardSite,
    GameState,
    PendingEffect,
    PendingGift,
    PendingMove,
    Site,
)

__all__ = ["PAWN", "site_action", "sites_in_play"]

K = TypeVar("K")
V = TypeVar("V")


class _Made(dict[K, V]):
    """Values made once per key and shared: sites and moves are immutable, so one will do."""

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self._make(key)
        return value


_CARD_SITES: _Made[int, CardSite] = _Made(CardSite)
_BOARD_SITES: _Made[int, BoardSite] = _Made(BoardSite)
_MOVES: _Made[Site, MovePawn] = _Made(MovePawn)


def sites_in_play(state: GameState) -> tuple[Site, ...]:
    """Every building a pawn may stand on, in canonical order (TURN-3).

    Starting buildings by seat, then the display in display order, then each player's
    bought buildings in purchase order followed by their free buildings.
    """
    card = _CARD_SITES.__getitem__
    sites: list[Site] = [_BOARD_SITES[p] for p in range(len(state.players))]
    sites.extend(map(card, state.display))
    for player in state.players:
        sites.extend(map(card, player.buildings))
        sites.extend(map(card, player.free_buildings))
    return tuple(sites)


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

    def question(self, state: GameState, pending: PendingMove) -> str:
        return "moving the pawn"

    def moves(self, state: GameState, pending: PendingMove) -> tuple[Move, ...]:
        blocked = _blocked(state, state.current)
        moves = _MOVES
        return tuple(moves[s] for s in sites_in_play(state) if s not in blocked)

    def refusal(self, state: GameState, pending: PendingMove, move: MovePawn) -> Refusal | None:
        site = move.site
        if site not in sites_in_play(state):
            return Refusal("TURN-3", f"{site!r} is not a building in play.")
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
        ability = work.ability(player)
        gift = shares_occupied(ability) if ability is not None else 0
        joined = tuple(s for s, pawn in enumerate(work.pawns) if pawn == site) if gift else ()
        origin = work.pawns[player]
        work.pawns[player] = site
        if work.log is not None:
            rule = "ABIL-10" if joined else "TURN-1"
            work.log.append(PawnMoved(player, site, origin, state.owner_of(site), joined, rule))
        work.stack.append(PendingEffect(site_action(state, site)))
        toll.arrive(work, player, site)
        if joined:  # ABIL-10, INT-30: the players joined choose their gift first, in seat order
            work.stack.extend(PendingGift(seat, gift, "ABIL-10") for seat in reversed(joined))
            if work.log is not None:
                work.log.extend(GiftOwed(seat, gift, "ABIL-10") for seat in joined)


#: The pawn move.
PAWN = _Pawn()
