"""Victory points, tie-breakers and the winner (rules END-3 to END-5)."""

from __future__ import annotations

import attrs

from harbour.errors import GameNotOverError, InvalidValueError
from harbour.facts import GAME
from harbour.options import TieBreak
from harbour.rules.abilities import market_points
from harbour.state import GameState
from meeplekit.values import not_a, seat, shown

__all__ = [
    "Outcome",
    "ability_points",
    "bonus_trade",
    "outcome",
    "returns",
    "shares",
    "standings",
    "utilities",
    "victory_points",
]


@attrs.frozen(slots=True)
class Outcome:
    """The result of a finished game. Tuples are indexed by seat unless said otherwise."""

    #: Total victory points: buildings + ability + bonus card (END-3).
    points: tuple[int, ...]
    #: Buildings bought (the first tie-breaker, END-4).
    buildings: tuple[int, ...]
    #: Goods held in total after bonus-card trades (the second tie-breaker, INT-2, INT-27).
    goods: tuple[int, ...]
    #: Seats from first to last after tie-breakers; tied seats in seat order.
    ranking: tuple[int, ...]
    #: Each seat's place, 1 for the winners; tied seats share a place.
    places: tuple[int, ...]
    #: The seat(s) that won; several when still tied (END-5).
    winners: tuple[int, ...]
    #: Points from the buildings owned.
    building_points: tuple[int, ...] = ()
    #: Points from character abilities (ABIL-9).
    ability_points: tuple[int, ...] = ()
    #: Points from bonus point cards (BONUS-2).
    bonus_points: tuple[int, ...] = ()


def victory_points(state: GameState, player: int) -> int:
    """The victory points of the buildings ``player`` bought (END-3; free buildings score 0).

    Raises :class:`~harbour.errors.InvalidValueError` for a value that is not a state or a
    seat of its game (INPUT-2).
    """
    if type(state) is not GameState:
        raise not_a(GameState, state, InvalidValueError)
    seat(player, len(state.players), InvalidValueError)
    return sum(state.cards.buildings[c].points for c in state.players[player].buildings)


def ability_points(state: GameState, player: int) -> int:
    """Points the player's ability adds at the end (ABIL-9), from the current market."""
    seat(player, len(state.players), InvalidValueError)
    return market_points(state.board_of(player).ability, state.market)


def bonus_trade(state: GameState, player: int) -> tuple[int, int]:
    """(points, goods spent) of the player's bonus card trade at the end (BONUS-2)."""
    seat(player, len(state.players), InvalidValueError)
    index = state.players[player].bonus_card
    if index is None:
        return (0, 0)
    card = state.cards.bonus_cards[index]
    trades = card.trades(state.players[player].goods[card.good])
    return (trades * card.points, trades * card.goods)


def outcome(state: GameState) -> Outcome:
    """Points, ranking and winner(s) of a finished game.

    Raises :class:`GameNotOverError` (a ``ValueError``) while the game is still going.
    """
    if state.stack:
        raise GameNotOverError("the game is not over; outcome() needs a finished game")
    n = len(state.players)
    built = tuple(victory_points(state, p) for p in range(n))
    able = tuple(ability_points(state, p) for p in range(n))
    trades = [bonus_trade(state, p) for p in range(n)]
    bonus = tuple(t[0] for t in trades)
    points = tuple(built[p] + able[p] + bonus[p] for p in range(n))
    buildings = tuple(len(p.buildings) for p in state.players)
    goods = tuple(state.players[p].goods.total - trades[p][1] for p in range(n))
    # END-4, INT-2: points, then buildings bought, then (by default) goods left.
    keys: list[tuple[int, ...]] = [(points[p], buildings[p]) for p in range(n)]
    if state.options.tie_break is TieBreak.BUILDINGS_THEN_GOODS:
        keys = [(*keys[p], goods[p]) for p in range(n)]
    ranking = tuple(sorted(range(n), key=lambda p: (tuple(-k for k in keys[p]), p)))
    places = tuple(1 + sum(1 for q in range(n) if keys[q] > keys[p]) for p in range(n))
    winners = tuple(p for p in range(n) if places[p] == 1)
    return Outcome(points, buildings, goods, ranking, places, winners, built, able, bonus)


def shares(winners: tuple[int, ...], players: int) -> tuple[float, ...]:
    """Each seat's share of a result (SPIEL-3, ENV-2): zero-sum, winners split +1.

    Each winner gets +1 divided by the number of winners and every other seat -1 divided
    by their number; when every seat wins (a tie the tie-breakers leave), each gets 0.
    Raises :class:`~harbour.errors.InvalidValueError` for a number of players no game has,
    or winners that are not its seats (INPUT-7).
    """
    if type(players) is not int or players not in GAME.player_counts:
        raise InvalidValueError(
            f"players must be {GAME.min_players} to {GAME.max_players}, got {shown(players)}"
        )
    if type(winners) is not tuple or not all(type(w) is int and 0 <= w < players for w in winners):
        raise InvalidValueError(f"winners must be seats of the game, got {shown(winners)}")
    if len(winners) == players:
        return (0.0,) * players
    return tuple(
        1.0 / len(winners) if seat in winners else -1.0 / (players - len(winners))
        for seat in range(players)
    )


def returns(state: GameState) -> tuple[float, ...]:
    """Each seat's reward: 0 while the game goes on, then :func:`shares` of its winners.

    The shared game protocol's returns (:class:`meeplekit.protocol.Game`), used by the
    OpenSpiel game (SPIEL-3) and the PettingZoo environment (ENV-2).
    """
    if state.stack:
        return (0.0,) * len(state.players)
    return shares(outcome(state).winners, len(state.players))


def utilities(state: GameState) -> tuple[float, ...]:
    """Each seat's utility from the scores of ``state`` as they stand (SPIEL-3).

    Each winner (:func:`harbour.outcome`, tie-breakers included) gets +1 divided by the
    number of winners, every other player -1 divided by their number; when all players
    tie, every one gets 0. The utilities add up to 0. A game cut short by the cap
    (SPIEL-4) is scored as if it ended now: its pending decisions are dropped.
    """
    if state.stack:  # made again by its constructor, as harbour.positions.replace makes it
        fields = {field.name: getattr(state, field.name) for field in attrs.fields(GameState)}
        state = GameState(**{**fields, "stack": ()})
    return shares(outcome(state).winners, len(state.players))


def standings(state: GameState) -> tuple[int, ...]:
    """Each seat's victory points now (a lab result's ``points`` of a game stopped unfinished)."""
    return tuple(victory_points(state, seat) for seat in range(len(state.players)))
