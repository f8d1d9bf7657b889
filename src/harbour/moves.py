"""Moves: every decision a player takes is one of these frozen values (rule TURN-6).

:func:`harbour.legal_moves` lists the moves legal now; :func:`harbour.apply_move` applies
one. Each move class names the pending decision it answers.

A move checks its own fields when it is made (INPUT-1): each field has an exact type (an
``int`` field refuses ``bool`` and ``float``, a good is a :class:`~harbour.goods.Good`),
goods chosen are counts from 0 to 6, and a field that names several goods or buildings is
a set: it may be given in any order and is kept in the canonical order (goods: fish,
livestock, wood, stone; buildings: by index), but never with repeats. Anything else raises
:class:`~harbour.errors.InvalidMoveError`, so a move value is always well formed; whether
the rules allow it now is :func:`harbour.explain`'s question.

A value made around its constructor (``object.__setattr__`` on a frozen move, a tampered
pickle) skips those checks; the checked functions (:func:`harbour.apply_move`,
:func:`harbour.verify_move`, :func:`harbour.can_apply`, :func:`harbour.explain`) make
every move they are given again through its constructor (:func:`well_formed`), so the
same checks refuse it there (INPUT-1).

>>> from harbour import Good, Ship
>>> Ship((Good.STONE, Good.FISH)) == Ship((Good.FISH, Good.STONE))
True
>>> Ship((Good.FISH, Good.FISH))
Traceback (most recent call last):
...
harbour.errors.InvalidMoveError: Ship.goods must not list a good twice, got (<Good.FISH: 0>, <Good.FISH: 0>)
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any, TypeAlias

import attrs

from harbour.cards.limits import MAX_BUILDINGS, MAX_CHARACTERS, MAX_GIFT, MAX_OPTIONS
from harbour.cards.model import CardSet
from harbour.errors import InvalidMoveError, InvalidValueError
from harbour.facts import GAME
from harbour.goods import Good, Goods, is_good
from harbour.state import BoardSite, CardSite, Site
from meeplekit.display import shown_by
from meeplekit.values import not_a, rechecked, remaker, shown

__all__ = [
    "MOVE_TYPES",
    "ChooseCharacter",
    "ChooseFreeBuilding",
    "ChooseOption",
    "ChoosePart",
    "ChooseStartingGoods",
    "DeferToll",
    "ExchangeGoods",
    "Move",
    "MovePawn",
    "PayToll",
    "Purchase",
    "SellToTraders",
    "Ship",
    "SwapSquares",
    "TakeGoods",
    "UseAbility",
    "of_some_game",
    "out_of_range",
    "well_formed",
    "well_formed_in",
]


def _field_name(instance: object, attribute: attrs.Attribute[Any]) -> str:
    return f"{type(instance).__name__}.{attribute.name}"


def _index(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    """A whole number from 0 up (an ``int``, not a ``bool``)."""
    if type(value) is not int or value < 0:
        raise InvalidMoveError(
            f"{_field_name(instance, attribute)} must be a whole number >= 0, got {shown(value)}"
        )


def _good(instance: object, attribute: attrs.Attribute[Good], value: Good) -> None:
    if not is_good(value):
        raise InvalidMoveError(
            f"{_field_name(instance, attribute)} must be a Good (Good.FISH, Good.LIVESTOCK, "
            f"Good.WOOD or Good.STONE), got {shown(value)}"
        )


def _inner(instance: object, attribute: attrs.Attribute[Any], value: Goods | Site) -> None:
    """Check goods or a site by their constructor, for a value made around it (INPUT-1)."""
    try:
        rechecked(value, error=InvalidValueError)
    except InvalidValueError as exc:
        raise InvalidMoveError(f"{_field_name(instance, attribute)}: {exc}") from None


def _goods_up_to(most: int) -> Callable[[object, attrs.Attribute[Goods], Goods], None]:
    """Goods counting at most ``most`` of each good."""

    def check(instance: object, attribute: attrs.Attribute[Goods], value: Goods) -> None:
        if type(value) is not Goods:
            raise InvalidMoveError(
                f"{_field_name(instance, attribute)} must be Goods, got {shown(value)}"
            )
        _inner(instance, attribute, value)
        if max(value.as_tuple()) > most:
            raise InvalidMoveError(
                f"{_field_name(instance, attribute)} must count at most {most} of each good, "
                f"got {shown(value)}"
            )

    return check


#: Goods a player can hold or pay: each count from 0 to 6 (GOODS-1, GOODS-2).
_goods = _goods_up_to(GAME.goods_cap)
#: Goods of choice: at most the largest gift (ABIL-6, INT-31), the rest lost over 6.
_chosen = _goods_up_to(MAX_GIFT)


def _site(instance: object, attribute: attrs.Attribute[Site], value: Site) -> None:
    if type(value) not in (CardSite, BoardSite):
        raise InvalidMoveError(
            f"{_field_name(instance, attribute)} must be a CardSite or a BoardSite, "
            f"got {shown(value)}"
        )
    _inner(instance, attribute, value)


def _set_of(
    item: Callable[[object, attrs.Attribute[Any], Any], None],
) -> Callable[[object, attrs.Attribute[Any], Any], None]:
    """A validator of a set given as a tuple: each item valid, no repeats.

    A set holds at most every good, or every building a card set may have (its constructor
    refuses more than :data:`~harbour.cards.limits.MAX_BUILDINGS`): a longer tuple is
    refused before its items are read.
    """
    noun, most = ("good", len(Good)) if item is _good else ("building", MAX_BUILDINGS)

    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is not tuple:
            raise InvalidMoveError(
                f"{_field_name(instance, attribute)} must be a tuple, got {shown(value)}"
            )
        if len(value) > most:
            raise InvalidMoveError(
                f"{_field_name(instance, attribute)} names {len(value):,} {noun}s; there are "
                f"at most {most}"
            )
        for element in value:
            item(instance, attribute, element)
        if len(set(value)) != len(value):
            raise InvalidMoveError(
                f"{_field_name(instance, attribute)} must not list a {noun} twice, got "
                f"{shown(value)}"
            )

    return check


def _canonical(value: Any) -> Any:
    """A set given as a tuple or list, as a sorted tuple; anything else is for the validator."""
    if type(value) not in (tuple, list):
        return value
    items = tuple(value)
    if all(type(v) is int or isinstance(v, Good) for v in items):
        return tuple(sorted(items))
    return items


class _Described:
    """The base of every move: ``str(move)`` is what the move does, in words (NOTE-5)."""

    __slots__ = ()

    __str__ = shown_by(
        "harbour.interchange.notation:move_text",
        "What the move does, without a position (:func:`harbour.interchange.notation.move_text`).",
    )


@attrs.frozen(slots=True)
class ChooseStartingGoods(_Described):
    """Setup: start with these goods (SETUP-4, SETUP-5)."""

    goods: Goods = attrs.field(validator=_goods)


@attrs.frozen(slots=True)
class ChooseCharacter(_Described):
    """Setup: keep the character board with this index in ``CardSet.characters`` (CHAR-2)."""

    board: int = attrs.field(validator=_index)


@attrs.frozen(slots=True)
class ChooseFreeBuilding(_Described):
    """Setup: take this building (card index) from the top of the deck for free (ABIL-8)."""

    card: int = attrs.field(validator=_index)


@attrs.frozen(slots=True)
class MovePawn(_Described):
    """Move your pawn to a vacant building (TURN-1 to TURN-3)."""

    site: Site = attrs.field(validator=_site)


@attrs.frozen(slots=True)
class PayToll(_Described):
    """Pay the toll with one unit of ``good`` (TOLL-1, TOLL-2)."""

    good: Good = attrs.field(validator=_good)


@attrs.frozen(slots=True)
class DeferToll(_Described):
    """Pay the toll after the action instead of now (TOLL-2)."""


@attrs.frozen(slots=True)
class ChooseOption(_Described):
    """Choose option ``index`` of an either-or action (ACT-8)."""

    index: int = attrs.field(validator=_index)


def _part(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value not in (0, 1):
        raise InvalidMoveError(
            f"{_field_name(instance, attribute)} must be 0 or 1, got {shown(value)}"
        )


@attrs.frozen(slots=True)
class ChoosePart(_Described):
    """Do part ``index`` (0 or 1) of a two-part action first (ACT-7)."""

    index: int = attrs.field(validator=_part)


@attrs.frozen(slots=True)
class TakeGoods(_Described):
    """The goods chosen for a gain of your choice (ACT-2) or an ability's gift (ABIL-6/7/10).

    For a gain with a fixed part (``GainChoice.fixed``) only the chosen part is given.
    """

    goods: Goods = attrs.field(validator=_chosen)


def _gains(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    _set_of(_good)(instance, attribute, value)
    if not value:
        raise InvalidMoveError(f"{_field_name(instance, attribute)} must name a good")


@attrs.frozen(slots=True)
class ExchangeGoods(_Described):
    """A flexible conversion: spend ``spend``, gain each of ``gain`` (ACT-5).

    ``gain`` is a set of different goods, kept in canonical order.
    """

    spend: Good = attrs.field(validator=_good)
    gain: tuple[Good, ...] = attrs.field(converter=_canonical, validator=_gains)


def _square(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value < GAME.market_squares:
        raise InvalidMoveError(
            f"{_field_name(instance, attribute)} must be a market square from 0 to "
            f"{GAME.market_squares - 1}, got {shown(value)}"
        )


@attrs.frozen(slots=True)
class SwapSquares(_Described):
    """Swap the goods on market squares ``first`` < ``second`` (0 = $2 .. 3 = $5) (ACT-6)."""

    first: int = attrs.field(validator=_square)
    second: int = attrs.field(validator=_square)

    def __attrs_post_init__(self) -> None:
        if self.first >= self.second:
            raise InvalidMoveError(
                f"SwapSquares needs first < second, got {self.first} and {self.second}"
            )


@attrs.frozen(slots=True)
class Ship(_Described):
    """Ship all of each good in ``goods`` and keep ``keep`` by warehouse symbols (BUY-1 to BUY-4).

    ``goods`` is a set of different goods, kept in canonical order, and may be empty (ship
    nothing).
    """

    goods: tuple[Good, ...] = attrs.field(converter=_canonical, validator=_set_of(_good))
    keep: Goods = attrs.field(factory=Goods, validator=_goods)


@attrs.frozen(slots=True)
class SellToTraders(_Described):
    """Sell one of each good to the Inland Traders, before shipping (INLAND-2)."""


@attrs.frozen(slots=True)
class UseAbility(_Described):
    """The once-per-turn conversion (ABIL-11): pay ``fee``, turn ``spend`` goods into ``gain``.

    ``fee`` holds the goods paid as the fee (empty when the ability has none).
    """

    fee: Goods = attrs.field(validator=_goods)
    spend: Good = attrs.field(validator=_good)
    gain: Good = attrs.field(validator=_good)


@attrs.frozen(slots=True)
class Purchase(_Described):
    """Buy these display buildings (by card index); empty to buy nothing (BUY-5, BUY-6).

    ``cards`` is a set of different buildings, kept in index order; the engine refills
    their places in the display's order (DISPLAY-1).
    """

    cards: tuple[int, ...] = attrs.field(converter=_canonical, validator=_set_of(_index))


#: Any move.
Move: TypeAlias = (
    ChooseCharacter
    | ChooseFreeBuilding
    | SellToTraders
    | UseAbility
    | ChooseStartingGoods
    | MovePawn
    | PayToll
    | DeferToll
    | ChooseOption
    | ChoosePart
    | TakeGoods
    | ExchangeGoods
    | SwapSquares
    | Ship
    | Purchase
)

#: Every move class.
MOVE_TYPES: tuple[type, ...] = typing.get_args(Move)


def out_of_range(move: Move, buildings: int, characters: int, players: int) -> str | None:
    """Why ``move`` names something a game of this size does not have (INPUT-1), or ``None``.

    ``buildings`` and ``characters`` are the card set's counts, ``players`` the seats.
    """
    return _beyond(move, (buildings, characters, players), "the card set has", "the game has")


def of_some_game(move: Move) -> Move:
    """``move``, a well-formed move, if some game can have it; its texts are then short.

    A card set holds at most :data:`~harbour.cards.limits.MAX_BUILDINGS` buildings and
    :data:`~harbour.cards.limits.MAX_CHARACTERS` character boards (its constructor refuses
    more), an either-or action at most :data:`~harbour.cards.limits.MAX_OPTIONS` options
    (ACT-8), and a game seats at most 4 players (COMP-1): a move naming an index beyond
    these is no game's, whatever its card set, and raises
    :class:`~harbour.errors.InvalidMoveError` (INPUT-1). The functions that write a move
    (:func:`harbour.interchange.notation.move_text` and ``str(move)``,
    :func:`~harbour.interchange.notation.format_move`, :func:`~harbour.interchange.notation.describe_move`,
    :func:`harbour.to_json`) check it, so that no text they write is long: the checking
    functions of the engine do not, as a rule refuses such an option (ACT-8, TURN-6).
    """
    if type(move) is ChooseOption and move.index >= MAX_OPTIONS:
        problem: str | None = (
            f"there is no option {shown(move.index + 1)}: an either-or action has at most "
            f"{MAX_OPTIONS} (ACT-8)"
        )
    else:
        problem = _beyond(
            move,
            (MAX_BUILDINGS, MAX_CHARACTERS, GAME.max_players),
            "a card set has at most",
            "a game has at most",
        )
    if problem is not None:
        raise InvalidMoveError(f"{shown(move)}: {problem}")
    return move


def _beyond(move: Move, most: tuple[int, int, int], card_set: str, game: str) -> str | None:
    """Why ``move`` names a building, board or seat beyond ``most`` of each, or ``None``."""
    buildings, characters, players = most
    match move:
        case MovePawn(site=CardSite(card=card)) | ChooseFreeBuilding(card=card):
            if card >= buildings:
                return f"there is no building {shown(card)}: {card_set} {buildings}"
        case MovePawn(site=BoardSite(player=player)):
            if player >= players:
                return f"there is no seat {shown(player)}: {game} {players} players"
        case ChooseCharacter(board=board):
            if board >= characters:
                return f"there is no character board {shown(board)}: {card_set} {characters}"
        case Purchase(cards=cards):
            for card in cards:
                if card >= buildings:
                    return f"there is no building {shown(card)}: {card_set} {buildings}"
        case _:
            pass
    return None


#: A move made again through its constructor, with the goods and sites inside it. The
#: validators take each field's exact type, so the copy need only equal the move.
_remake = remaker(
    MOVE_TYPES, error=InvalidMoveError, inner=(Goods, CardSite, BoardSite), exact_types=False
)


def well_formed(value: object) -> Move:
    """``value`` as its constructor makes it, checked as the constructor checks it (INPUT-1).

    A move made by its constructor comes back as an equal copy. A value made around the
    constructor (``object.__setattr__`` on a frozen move, a tampered pickle, fields never
    set) is made again through the constructors of the move and of the goods and sites
    inside it, so it meets the same checks; the copy holds only values those constructors
    made. Raises :class:`~harbour.errors.InvalidMoveError` for anything that is not a move,
    for a field the constructor refuses, and for a value the constructor would keep in
    another form (a set of goods or buildings out of the canonical order, a list where a
    tuple belongs). The shared layer makes it again (:func:`meeplekit.values.remaker`).
    """
    made: Move = _remake(value)
    return made


def well_formed_in(value: object, cards: CardSet, players: int) -> Move:
    """``value`` as :func:`well_formed` makes it, naming only what the game has (INPUT-1).

    The one check of a move at the door of every function that takes a move and a game:
    the checking functions of the engine, :func:`harbour.interchange.notation.format_move` and
    :func:`~harbour.interchange.notation.describe_move`, :func:`harbour.agents.actions.encode`. ``cards`` is
    the game's card set and ``players`` its number of seats. Raises
    :class:`~harbour.errors.InvalidMoveError` as :func:`well_formed` does, and for a move
    naming a building, character board or seat the game does not have
    (:func:`out_of_range`); :class:`~harbour.errors.InvalidValueError` when ``cards`` is
    not a card set.
    """
    if type(cards) is not CardSet:
        raise not_a(CardSet, cards, InvalidValueError)
    made = well_formed(value)
    problem = out_of_range(made, len(cards.buildings), len(cards.characters), players)
    if problem is not None:
        raise InvalidMoveError(f"{shown(made)}: {problem}")
    return made
