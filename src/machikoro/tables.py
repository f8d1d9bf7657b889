"""Per-game tables, computed once per rules options and player count.

The engine reads the cards through these tables rather than through the card objects: for
each total, which red, green, blue and purple establishments activate and how they pay;
each establishment's cost, whether it is major, how many copies the supply holds; the
landmarks in play. They are derived from the catalogue (:mod:`machikoro.cards.catalogue`)
and the options, so a number is written once, on its card.

>>> from machikoro.options import RulesOptions
>>> t = tables_for(RulesOptions(), 4)
>>> [int(k) for k, *_ in t.red[3]]  # the Cafe
[4]
>>> t.box[9], t.box[14]  # a Stadium, a Publisher: 4 and 5 copies (MK-INT-10)
(4, 5)
"""

from __future__ import annotations

import functools

import attrs

from machikoro.cards.catalogue import CardSet, card_set
from machikoro.cards.model import (
    AddToRoll,
    BonusForIcons,
    BuildNothingBonus,
    CoinWhenBroke,
    Colour,
    Earn,
    EarnPerEstablishment,
    EarnPerIcon,
    EarnTunaRoll,
    Establishment,
    Icon,
    Landmark,
    TakeFromRoller,
)
from machikoro.facts import GAME
from machikoro.options import MajorCopies, RulesOptions
from machikoro.state import GameState
from meeplekit.memo import Memo

__all__ = ["LAST_TABLES", "MAX_TOTAL", "Income", "Tables", "tables_for", "tables_of"]

#: The highest total: two sixes and the Harbor's 2.
MAX_TOTAL = 14

#: Kinds of green income (a code in :attr:`Tables.green`).
FLAT, PER_ICON, PER_KIND = 0, 1, 2

#: What one total activates, as :attr:`Tables.income` gives it: the red, blue and green
#: establishments as :attr:`Tables.red`, :attr:`Tables.blue` and :attr:`Tables.green` give
#: them, the purple ones as :attr:`Tables.purple`, and whether the Tuna Boat activates.
Income = tuple[
    tuple[tuple[int, int, bool, bool], ...],
    tuple[tuple[int, int, bool], ...],
    tuple[tuple[int, int, int, tuple[int, ...], bool], ...],
    tuple[Establishment, ...],
    bool,
]


@attrs.frozen(slots=True, eq=False)
class Tables:
    """What the engine needs to know about the cards of one game, precomputed."""

    options: RulesOptions
    players: int
    cards: CardSet
    #: Whether the Harbor expansion is played.
    expansion: bool
    #: Whether the market is the Harbor's (10 different establishments).
    harbor_market: bool
    #: Each establishment's cost, by number.
    cost: tuple[int, ...]
    #: Whether each establishment is major.
    major: tuple[bool, ...]
    #: Whether each establishment's edition is in play.
    in_play: tuple[bool, ...]
    #: Supply copies of each establishment in this game (MK-COMP-2, MK-INT-10, MK-INT-12).
    box: tuple[int, ...]
    #: Copies of each establishment each player starts with (MK-SETUP-1).
    starting: tuple[int, ...]
    #: The major establishments in play.
    majors: tuple[int, ...]
    #: The non-major establishments in play (the Business Center trades these).
    tradeable: tuple[int, ...]
    #: Whether each landmark's edition is in play.
    landmark_in_play: tuple[bool, ...]
    #: The landmarks a player builds to win (MK-WIN-1, MKH-LANDMARK-1).
    to_build: tuple[int, ...]
    #: Each landmark's cost.
    landmark_cost: tuple[int, ...]
    #: A player's landmarks at the start (City Hall with the expansion).
    starting_landmarks: tuple[bool, ...]
    #: Per total: red establishments as (number, coins, gets the Mall's bonus, needs a Harbor).
    red: tuple[tuple[tuple[int, int, bool, bool], ...], ...]
    #: Per total: blue establishments but the Tuna Boat, as (number, coins, needs a Harbor).
    blue: tuple[tuple[tuple[int, int, bool], ...], ...]
    #: Per total: green establishments as (number, kind, coins, counted numbers, Mall's bonus).
    green: tuple[tuple[tuple[int, int, int, tuple[int, ...], bool], ...], ...]
    #: Per total: whether the Tuna Boat activates.
    tuna: tuple[bool, ...]
    #: Per total: the major establishments that activate, in card order.
    purple: tuple[tuple[Establishment, ...], ...]
    #: Per total: the five above in one tuple (:data:`Income`), read at once by the income.
    income: tuple[Income, ...]
    #: The Shopping Mall's bonus per activation (MK-LANDMARK-4).
    mall_bonus: int
    #: The Harbor's +2 and its minimum total (MKH-HARBOR-1).
    harbor_add: int
    harbor_minimum: int
    #: City Hall's coin (MK-LANDMARK-1) and the Airport's coins (MK-LANDMARK-7).
    city_hall_coins: int
    airport_coins: int
    #: The establishments in play with each icon (MK-ICON-1).
    with_icon: dict[Icon, tuple[int, ...]]


def _box(cards: CardSet, options: RulesOptions, players: int) -> tuple[int, ...]:
    """Supply copies of each establishment in a game (MK-COMP-2, MKH-PLAYERS-2, MK-INT-10/12)."""
    fifth = players >= GAME.fifth_copy_players
    out = []
    for card in cards.establishments:
        if card.edition not in cards.editions:
            out.append(0)
        elif not card.major:
            out.append(card.copies)
        elif options.major_copies is MajorCopies.PER_PLAYER:
            out.append(players)
        elif options.major_copies is MajorCopies.FOUR_OR_FIVE:
            out.append(GAME.fifth_copy_players if fifth else GAME.fifth_copy_players - 1)
        else:  # BOX: the physical cards, the 5th copy of a base major only for 5 players
            out.append(card.copies + (card.fifth_player_copies if fifth else 0))
    return tuple(out)


def _build(options: RulesOptions, players: int) -> Tables:
    cards = card_set(expansion=options.expansion, sushi_bar_cost=options.sushi_bar_cost.coins)
    ests = cards.establishments
    in_play = tuple(c.edition in cards.editions for c in ests)
    lms = cards.landmarks
    lm_in_play = tuple(c.edition in cards.editions for c in lms)

    def effect_of(number: Landmark) -> object:
        return lms[number].effect

    mall = effect_of(Landmark.SHOPPING_MALL)
    assert isinstance(mall, BonusForIcons)
    harbor = effect_of(Landmark.HARBOR)
    assert isinstance(harbor, AddToRoll)
    city_hall = effect_of(Landmark.CITY_HALL)
    assert isinstance(city_hall, CoinWhenBroke)
    airport = effect_of(Landmark.AIRPORT)
    assert isinstance(airport, BuildNothingBonus)
    with_icon = {
        icon: tuple(c.number for c in ests if c.icon is icon and in_play[c.number]) for icon in Icon
    }
    red: list[list[tuple[int, int, bool, bool]]] = [[] for _ in range(MAX_TOTAL + 1)]
    blue: list[list[tuple[int, int, bool]]] = [[] for _ in range(MAX_TOTAL + 1)]
    green: list[list[tuple[int, int, int, tuple[int, ...], bool]]] = [
        [] for _ in range(MAX_TOTAL + 1)
    ]
    tuna = [False] * (MAX_TOTAL + 1)
    purple: list[list[Establishment]] = [[] for _ in range(MAX_TOTAL + 1)]
    for card in ests:
        if not in_play[card.number]:
            continue
        bonus = card.icon in mall.icons
        needs_harbor = card.requires is Landmark.HARBOR
        effect = card.effect
        for total in card.activation:
            if card.colour is Colour.RED:
                assert isinstance(effect, TakeFromRoller)
                red[total].append((card.number, effect.amount, bonus, needs_harbor))
            elif card.colour is Colour.BLUE:
                if isinstance(effect, EarnTunaRoll):
                    tuna[total] = True
                else:
                    assert isinstance(effect, Earn)
                    blue[total].append((card.number, effect.amount, needs_harbor))
            elif card.colour is Colour.GREEN:
                if isinstance(effect, Earn):
                    green[total].append((card.number, FLAT, effect.amount, (), bonus))
                elif isinstance(effect, EarnPerIcon):
                    counted = tuple(map(int, with_icon[effect.icon]))
                    green[total].append((card.number, PER_ICON, effect.amount, counted, bonus))
                else:
                    assert isinstance(effect, EarnPerEstablishment)
                    kinds = (int(effect.establishment),)
                    green[total].append((card.number, PER_KIND, effect.amount, kinds, bonus))
            else:
                purple[total].append(card.number)
    to_build = tuple(c.number for c in lms if lm_in_play[c.number] and not c.pre_built)
    return Tables(
        options=options,
        players=players,
        cards=cards,
        expansion=options.expansion,
        harbor_market=options.harbor_market,
        cost=tuple(c.cost for c in ests),
        major=tuple(c.major for c in ests),
        in_play=in_play,
        box=_box(cards, options, players),
        starting=tuple(c.starting for c in ests),
        majors=tuple(c.number for c in ests if c.major and in_play[c.number]),
        tradeable=tuple(c.number for c in ests if not c.major and in_play[c.number]),
        landmark_in_play=lm_in_play,
        to_build=to_build,
        landmark_cost=tuple(c.cost for c in lms),
        starting_landmarks=tuple(c.pre_built and lm_in_play[c.number] for c in lms),
        red=tuple(tuple(r) for r in red),
        blue=tuple(tuple(b) for b in blue),
        green=tuple(tuple(g) for g in green),
        tuna=tuple(tuna),
        purple=tuple(tuple(p) for p in purple),
        income=tuple(
            (tuple(r), tuple(b), tuple(g), tuple(p), u)
            for r, b, g, p, u in zip(red, blue, green, purple, tuna, strict=True)
        ),
        mall_bonus=mall.amount,
        harbor_add=harbor.amount,
        harbor_minimum=harbor.minimum,
        city_hall_coins=city_hall.amount,
        airport_coins=airport.amount,
        with_icon={icon: tuple(map(int, kinds)) for icon, kinds in with_icon.items()},
    )


@functools.lru_cache(maxsize=256)
def _cached(options: RulesOptions, players: int) -> Tables:
    return _build(options, players)


#: The last tables asked for, by their options object (a one-entry memo; the tables name
#: their player count). The engine's work reads it inline, as :func:`tables_for` does.
LAST_TABLES: Memo[RulesOptions, Tables] = Memo()


def tables_for(options: RulesOptions, players: int) -> Tables:
    """The tables of a game of ``players`` players under ``options`` (computed once)."""
    entry = LAST_TABLES.entry  # Memo.get, inline
    if entry is not None and entry[0] is options and (found := entry[1]).players == players:
        return found
    return LAST_TABLES.put(options, _cached(options, players))


def tables_of(state: GameState) -> Tables:
    """The tables of the game ``state`` is a position of."""
    return tables_for(state.options, len(state.coins))
