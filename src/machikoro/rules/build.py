"""Construction: City Hall's coin, building one thing or nothing, the Airport, the end.

Rules MK-BUILD-1, MK-BUILD-2, MKH-MAJOR-1, MKH-CITYHALL-2, MK-WIN-1, MKH-LANDMARK-1,
MK-LANDMARK-5 and MK-LANDMARK-7, the readings MK-INT-5 to MK-INT-7, MK-INT-13 and
MK-INT-14; after a purchase the Harbor marketplace is replenished
(:mod:`machikoro.rules.market`) before the turn ends (:mod:`machikoro.rules.turn`).
"""

from __future__ import annotations

from itertools import compress

from machikoro.cards.model import Landmark
from machikoro.events import EstablishmentBuilt, LandmarkBuilt, NothingBuilt
from machikoro.facts import GAME
from machikoro.moves import (
    BUILD as BUILD_MOVES,
)
from machikoro.moves import (
    BUILD_LANDMARK,
    NOTHING,
    BuildEstablishment,
    BuildLandmark,
    BuildNothing,
    Move,
)
from machikoro.options import AmusementParkBuilt, ExtraTurns
from machikoro.rules.income import doubles
from machikoro.rules.market import piles, remove_unbuyable
from machikoro.rules.step import Refusal, Step
from machikoro.rules.work import DRAW, END_TURN, Work
from machikoro.state import GameState, PendingBuild
from machikoro.tables import tables_of

__all__ = ["CONSTRUCTION", "complete"]

_CITY_HALL = Landmark.CITY_HALL
_PARK = Landmark.AMUSEMENT_PARK
_AIRPORT = Landmark.AIRPORT
_PILES = GAME.market_piles
#: Every establishment's number, in order.
_KINDS = range(len(BUILD_MOVES))
Build = BuildEstablishment | BuildLandmark | BuildNothing


def complete(built: tuple[bool, ...], to_build: tuple[int, ...]) -> bool:
    """Whether every landmark to build is built (MK-WIN-1)."""
    return all(built[lm] for lm in to_build)


class _Construction(Step[PendingBuild, Build]):
    """Build an establishment from the market, complete a landmark, or build nothing."""

    answers = (BuildEstablishment, BuildLandmark, BuildNothing)
    owns = frozenset({"MK-BUILD-1", "MK-BUILD-2", "MKH-CITYHALL-1", "MK-COMP-1"})
    may_be_automatic = True

    def question(self, pending: PendingBuild) -> str:
        return "building"

    def moves(self, state: GameState, pending: PendingBuild) -> tuple[Move, ...]:
        t = tables_of(state)
        player = state.current
        coins = state.coins[player]
        row = state.establishments[player]
        cost = t.cost
        major = t.major
        out: list[Move] = [
            BUILD_MOVES[k]
            for k in compress(_KINDS, state.market)  # the piles the market shows
            if cost[k] <= coins and not (major[k] and row[k])
        ]
        built = state.landmarks[player]
        lcost = t.landmark_cost
        for lm in t.to_build:
            if not built[lm] and lcost[lm] <= coins:
                out.append(BUILD_LANDMARK[lm])
        out.append(NOTHING)
        return tuple(out)

    def refusal(self, state: GameState, pending: PendingBuild, move: Build) -> Refusal | None:
        if isinstance(move, BuildNothing):
            return None
        t = tables_of(state)
        player = state.current
        coins = state.coins[player]
        if isinstance(move, BuildLandmark):
            lm = move.landmark
            name = t.cards.landmark(lm).name
            if not t.landmark_in_play[lm]:
                return Refusal("MK-COMP-1", f"The {name} is not in the base game.")
            if lm is _CITY_HALL:
                return Refusal("MKH-CITYHALL-1", "City Hall is pre-constructed; it is never built.")
            if state.landmarks[player][lm]:
                return Refusal("MK-BUILD-1", f"Your {name} is already completed.")
            cost = t.landmark_cost[lm]
        else:
            kind = move.establishment
            name = t.cards.establishment(kind).name
            if not state.market[kind]:
                return Refusal("MK-BUILD-1", f"There is no {name} in the market.")
            if t.major[kind] and state.establishments[player][kind]:
                return Refusal("MK-BUILD-2", f"You already own a {name}, a major establishment.")
            cost = t.cost[kind]
        if cost > coins:
            return Refusal("MK-BUILD-1", f"The {name} costs {cost} coins; you have {coins}.")
        return None

    def automatic(self, work: Work, pending: PendingBuild) -> bool:
        """MKH-CITYHALL-2, MK-INT-13: City Hall's coin, once, as the phase begins."""
        player = work.current
        if work.coins[player] == 0 and work.built(player)[_CITY_HALL]:
            work.earn(player, work.t.city_hall_coins, _CITY_HALL.key, 1, "MKH-CITYHALL-2")
        return False

    def apply(self, work: Work, pending: PendingBuild, move: Build) -> None:
        t = work.t
        player = work.current
        log = work.log
        built_park = False
        if isinstance(move, BuildEstablishment):
            kind = move.establishment
            cost = t.cost[kind]
            work.coins[player] -= cost
            market = list(work.market)
            market[kind] -= 1
            work.market = tuple(market)
            rows = work.rows()
            row = list(rows[player])
            row[kind] += 1
            rows[player] = tuple(row)
            if log is not None:
                log.append(EstablishmentBuilt(player, kind, cost))
            if t.harbor_market:
                remove_unbuyable(work, kind)
        elif isinstance(move, BuildLandmark):
            lm = move.landmark
            cost = t.landmark_cost[lm]
            work.coins[player] -= cost
            rows_lm = work.landmark_rows()
            built = list(rows_lm[player])
            built[lm] = True
            rows_lm[player] = tuple(built)
            if log is not None:
                log.append(LandmarkBuilt(player, lm, cost))
            if complete(rows_lm[player], t.to_build):
                work.stack.clear()  # MK-WIN-1: the game ends at once
                return
            built_park = lm is _PARK
        else:
            if log is not None:
                log.append(NothingBuilt(player))
            if work.built(player)[_AIRPORT]:  # MK-INT-14
                work.earn(player, t.airport_coins, _AIRPORT.key, 1, "MK-LANDMARK-7")
        work.stack.append(END_TURN[_extra_turn(work, built_park)])
        if t.harbor_market and piles(work.market) < _PILES and any(work.deck):  # needs_cards
            work.stack.append(DRAW)


def _extra_turn(work: Work, built_park: bool) -> bool:
    """MK-TURN-2, MK-LANDMARK-5: whether the player takes another turn (MK-INT-5 to MK-INT-7)."""
    options = work.t.options
    if not work.built(work.current)[_PARK]:
        return False
    if built_park and options.amusement_park_built is AmusementParkBuilt.NEXT_TURN:
        return False
    if work.extra_turn and options.extra_turns is ExtraTurns.ONE:
        return False
    return doubles(work.rolls, options.amusement_park_roll)


#: The construction phase.
CONSTRUCTION = _Construction()
