"""What Harbour's command shows: menu labels and groups, the summary, a record's moves, the cards.

The ``harbour`` command is the shell every game's command is (:mod:`meeplekit.cli`),
served from Harbour's description (:data:`harbour.info.INFO`); these are the parts of it
that are Harbour's own: the human's menu (:func:`menu_label`, :func:`menu_group`), what
matters to a seat in three lines (:func:`summary`), a record's moves narrated as the demo
narrates a game (:func:`narrate_moves`) and the cards (:func:`card_entries`,
:func:`find_cards`, :func:`card_tables`). The tables need rich (the extra ``[cli]``),
imported when a table is drawn; the rest needs no extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

import harbour
from harbour import demo
from harbour.cards.describe import (
    card_rules,
    describe_bonus_card,
    describe_building,
    describe_effect,
    describe_symbols,
)
from harbour.cards.model import BonusCard, Building, CardSet, PlayerBoard
from harbour.facts import GAME
from harbour.goods import GOODS, Goods
from harbour.interchange.notation import describe_move
from harbour.moves import (
    ChooseCharacter,
    ChooseFreeBuilding,
    ChooseStartingGoods,
    DeferToll,
    ExchangeGoods,
    Move,
    MovePawn,
    PayToll,
    Purchase,
    Ship,
    SwapSquares,
    TakeGoods,
    UseAbility,
)
from harbour.observation import Observation
from harbour.state import BoardSite, GameState, Site
from harbour.views.view import headline, seen_by
from meeplekit.info import CardEntry

if TYPE_CHECKING:
    from rich.table import Table

__all__ = [
    "Card",
    "bonus_card_table",
    "building_table",
    "card_entries",
    "card_tables",
    "character_table",
    "describe_card",
    "find_cards",
    "menu_group",
    "menu_label",
    "narrate_moves",
    "summary",
]

#: A card of a set: a building, a character board or a bonus point card.
Card = Building | PlayerBoard | BonusCard


# --------------------------------------------------------------------------- the menu


def menu_label(state: GameState, move: Move) -> str:
    """The text of ``move`` in the human's menu: :func:`harbour.interchange.notation.describe_move`, more.

    A character board comes with its ability's text and its starting building, a free
    building with its price, points, symbols and action, so that the choice can be made
    from the menu alone. A move after which the player's only move is to ship nothing
    (an either-or action's buy, a pawn sent to a buying building, a two-part action's
    first part, when no good reaches its market square or pays for a building, BUY-2)
    says so: it is legal (ACT-8, INT-6), and buys nothing.
    """
    label = describe_move(state, move)
    match move:
        case ChooseCharacter(board=index):
            board = state.cards.characters[index]
            ability = f" Ability: {board.text}" if board.text else ""
            label += (
                f".{ability} Starting building (symbols: {describe_symbols(board.symbols)}): "
                f"{describe_effect(board.action)}."
            )
        case ChooseFreeBuilding(card=index):
            label = f"Take for free: {describe_building(state.cards.buildings[index])}"
    if _ships_nothing(state, move):
        label += "; then nothing can be shipped (BUY-2)"
    return label


def _ships_nothing(state: GameState, move: Move) -> bool:
    """Whether the player's only move after ``move`` is to ship nothing (a buy that buys nothing).

    ``False`` for a move that is not legal now.
    """
    if not harbour.can_apply(state, move):
        return False
    after = harbour.apply_move(state, move)
    if after.is_over or after.decider != state.decider:
        return False
    then = harbour.legal_moves(after)
    return bool(then) and all(isinstance(m, Ship) and not m.goods for m in then)


def _mostly(verb: str, goods: Goods) -> str:
    """A choice of goods by the good it takes most of: ``"Start with mostly fish"``."""
    counts = [goods[good] for good in GOODS]
    most = max(counts)
    kinds = [good for good, n in zip(GOODS, counts, strict=True) if n == most]
    if len(kinds) == 1:
        return f"{verb} mostly {kinds[0].label}"
    return f"{verb} one each of {len(kinds)} goods"


def _owner(state: GameState, site: Site) -> int | None:
    """The seat whose building ``site`` is, or ``None`` for a building of the display."""
    if isinstance(site, BoardSite):
        return site.player
    for seat, player in enumerate(state.players):
        if site.card in player.buildings or site.card in player.free_buildings:
            return seat
    return None


def menu_group(state: GameState, move: Move) -> tuple[str, ...]:
    """The group of ``move`` in a menu too long for the screen (:mod:`meeplekit.cli.play`).

    Starting goods and goods of one's choice by the good taken most of; pawn moves by
    whose buildings they go to (the display's, one's own, another player's); tolls
    together; shipments by the goods shipped; purchases by the first building bought; an
    exchange by the good spent; the other moves by what they are. Options and parts
    stand on their own.
    """
    match move:
        case ChooseStartingGoods(goods=goods):
            return (_mostly("Start with", goods),)
        case TakeGoods(goods=goods):
            return (_mostly("Take", goods),)
        case MovePawn(site=site):
            owner = _owner(state, site)
            if owner is None:
                return ("Go to a building of the display",)
            if owner == state.decider:
                return ("Go to one of your buildings",)
            return (f"Go to one of Player {owner + 1}'s buildings",)
        case PayToll() | DeferToll():
            return ("Pay the toll",)
        case Ship(goods=goods):
            return (f"Ship {', '.join(good.label for good in goods) or 'nothing'}",)
        case Purchase(cards=cards) if cards:
            return (f"Buy the {state.cards.buildings[cards[0]].name}",)
        case ExchangeGoods(spend=good):
            return (f"Exchange {good.label}",)
        case UseAbility():
            return ("Use your ability",)
        case SwapSquares():
            return ("Swap two market squares",)
        case ChooseCharacter():
            return ("Keep a character board",)
        case ChooseFreeBuilding():
            return ("Take a free building",)
    return ()


def summary(state: GameState, seat: int) -> str:
    """What matters to ``seat`` now, in three lines (shown above the menu without the table).

    The view's first line, the market, then the seat's goods, buildings and points.
    """
    seen = seen_by(state, seat)
    me = seen.players[seat]
    squares = "   ".join(
        f"${value} {good.label}"
        for value, good in zip(GAME.market_values, seen.market, strict=True)
    )
    goods = ", ".join(f"{good.label} {me.goods[good]}" for good in GOODS)
    owned = len(me.buildings)
    points = sum(seen.cards.buildings[c].points for c in me.buildings)
    buildings = "1 building" if owned == 1 else f"{owned} buildings"
    return "\n".join(
        (headline(seen), f"Market: {squares}", f"You: {goods}; {buildings}, {points} VP")
    )


# --------------------------------------------------------------------------- a record's moves


class _RecordEnds(Exception):
    """The record has no more moves."""


class _Recorded:
    """A bot that plays the moves of a record in order (the narration is the demo's)."""

    def __init__(self, moves: Sequence[Move]) -> None:
        self._moves = iter(moves)

    def choose(self, observation: Observation) -> Move:
        """The record's next move."""
        for move in self._moves:
            return move
        raise _RecordEnds


def narrate_moves(start: GameState, moves: Sequence[Move], out: TextIO) -> None:
    """Write the narration of ``moves`` from ``start`` to ``out`` as the demo narrates a game.

    The narration stops where the moves stop (``harbour replay``).
    """
    player = _Recorded(moves)
    try:
        demo.play(start, [player] * len(start.players), out)
    except _RecordEnds:
        return


# --------------------------------------------------------------------------- the cards


def find_cards(card_set: CardSet, name: str) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """The cards of ``card_set`` that ``name`` names, and suggestions when none does.

    Buildings, character boards and bonus point cards are searched. A name matches when
    it is the card's name (case, apostrophes and full stops do not matter) or, failing
    that, the start of only one card's name (as in move notation: ``Kiln`` for the Kiln
    Works). Otherwise the first result is empty and the second lists the names that start
    with it, contain it or look like it (:func:`meeplekit.cli.reference.find_by_name`).
    """
    from meeplekit.cli.reference import find_by_name  # the shell's (Click: the extra [cli])

    return find_by_name(_cards(card_set), name, _name)


def _cards(card_set: CardSet) -> list[Card]:
    return [*card_set.buildings, *card_set.characters, *card_set.bonus_cards]


def _name(card: Card) -> str:
    return card.name


def describe_card(card: Card) -> str:
    """A building, a character board or a bonus point card in full (``harbour cards NAME``)."""
    if isinstance(card, Building):
        return describe_building(card)
    if isinstance(card, PlayerBoard):
        ability = f"Ability: {card.text}\n" if card.text else ""
        return (
            f"{card.name} (character board)\n{ability}Starting building (symbols: "
            f"{describe_symbols(card.symbols)}): {describe_effect(card.action)}."
        )
    return f"{card.name} (bonus point card): {describe_bonus_card(card)} at the end."


def building_table(card_set: CardSet, width: int = 80) -> Table:
    """The buildings of ``card_set`` as a rich table ``width`` columns wide at most."""
    from meeplekit.cli.common import fit_table  # rich: the extra [cli]

    rows = [
        (
            str(index),
            b.name,
            "-" if b.cost is None else f"${b.cost}",
            str(b.points),
            describe_symbols(b.symbols),
            describe_effect(b.action),
        )
        for index, b in enumerate(card_set.buildings)
    ]
    columns = (
        ("#", "right", 0),
        ("building", "left", 1),
        ("price", "right", 0),
        ("VP", "right", 0),
        ("symbols", "left", 1),
        ("action", "left", 4),
    )
    return fit_table(f"{card_set.name}: buildings", columns, rows, width)


def character_table(card_set: CardSet, width: int = 80) -> Table:
    """The character boards of ``card_set``: starting building and ability (CHAR-1)."""
    from meeplekit.cli.common import fit_table  # rich: the extra [cli]

    rows = [
        (c.name, f"{describe_effect(c.action)} ({describe_symbols(c.symbols)})", c.text or "-")
        for c in card_set.characters
    ]
    columns = (
        ("character", "left", 0),
        ("starting building (symbols)", "left", 1),
        ("ability", "left", 1),
    )
    return fit_table(f"{card_set.name}: characters", columns, rows, width)


def bonus_card_table(card_set: CardSet, width: int = 80) -> Table:
    """The bonus point cards of ``card_set`` and what each scores (BONUS-2)."""
    from meeplekit.cli.common import fit_table  # rich: the extra [cli]

    rows = [(c.name, describe_bonus_card(c)) for c in card_set.bonus_cards]
    columns = (("bonus card", "left", 0), ("scores at the end", "left", 1))
    return fit_table(f"{card_set.name}: bonus point cards", columns, rows, width)


def card_tables(card_set: CardSet, width: int = 80) -> list[Table]:
    """The tables of ``card_set`` (``harbour cards``): its buildings, characters and bonus cards."""
    tables = [building_table(card_set, width)]
    if card_set.characters:
        tables.append(character_table(card_set, width))
    if card_set.bonus_cards:
        tables.append(bonus_card_table(card_set, width))
    return tables


def card_entries(card_set: CardSet) -> list[CardEntry]:
    """Every card of ``card_set`` as ``harbour cards NAME`` finds and shows it, in lookup order."""
    return [
        CardEntry(name=card.name, text=describe_card(card), rules=tuple(card_rules(card)))
        for card in _cards(card_set)
    ]
