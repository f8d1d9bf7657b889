"""Card files: a Bremerhaven card set written in TOML or JSON (BH-CARD-14).

The published cards' values are not public (BH-CARD-13), so an owner of the game enters
them in a card file, and the library's own set (:mod:`bremerhaven.cards.original`) is one
too. A file holds a whole :class:`~bremerhaven.cards.model.CardSet`:

.. code-block:: toml

    name = "my copy"
    # partial = true          # fewer cards than the box holds (counts not checked)

    [board]
    covers = { 2 = 4, 3 = 5, 6 = 2, 7 = 3, 10 = 3, 11 = 4 }    # space = cost, spaces 0-11
    bollard_costs = [[2, 3, 5], [0, 2, 4], [0, 2, 4], [2, 3, 5]]  # per quay wall, top first
    track_last = 20
    track_start = [0, 0, 2, 4]                                   # 1, 2, 3, 4 players

    [[ships]]
    key = "little-marta"            # optional: "ship-N" by default
    name = "Little Marta"
    lay_time = 2
    cargo = "barrel"                # barrel, container, crate, passenger or wild
    count = 2
    berth = 0
    prestige = 1
    players = [2, 3, 4]             # the player-count icons on the back
    long_only = []                  # icons with an arrow under them (optional)
    back = 1                        # the number on the back

    [[contracts]]
    name = "Corner Grocer"
    delivery = 2
    goods = ["barrel", "wild"]
    penalty = { money = 1 }         # or { prestige = 1 }; optional: none
    reward = { money = 1 }          # likewise
    train = false                   # optional
    players = [2, 3, 4]
    back = 1

    [[buildings]]
    name = "Refinery"
    prestige = 1
    effects = [{ type = "produce", good = "barrel" }]

    [[prices]]
    barrel = 3
    container = 1
    crate = 4
    passenger = 6

    [[newspapers]]
    name = "Fall"
    progress = 1
    event = { type = "charge", per = "contracts", money = 1 }
    solo_space = "1.2"

Every bound of the model and of the rulebook is checked, and every problem is a
:class:`~bremerhaven.errors.CardFileError` naming the field (``ships[3].lay_time``, lists
counted from 0) and saying what was expected. Unknown keys are refused. Unless the file
says ``partial = true``, each deck must hold as many cards as the box (004:30-38).

A card set read from a file is labelled :attr:`~bremerhaven.cards.model.Origin.FILE` on
every card; only the library's own file is read as the original set, and a file may not
claim to be it (BH-CARD-1).

>>> from bremerhaven.cards.original import ORIGINAL
>>> read_cards(write_cards(ORIGINAL), origin=Origin.ORIGINAL) == ORIGINAL
True
>>> read_cards('name = "x"')
Traceback (most recent call last):
...
bremerhaven.errors.CardFileError: board: missing
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any, Final, Literal, TypeVar

from bremerhaven.cards.model import (
    BOLLARD_WALLS,
    SPACES,
    BoardData,
    BuildingCard,
    CardSet,
    Charge,
    ContractCard,
    Counted,
    Effect,
    EventEffect,
    FreeConversion,
    Good,
    HoldsGoods,
    IncomePerNewShip,
    MoneyStore,
    NewspaperCard,
    Origin,
    PriceCard,
    PriceChoiceWhenUnbid,
    Produce,
    Reward,
    ShipCard,
    Space,
    Stake,
    TrainBidBonus,
)
from bremerhaven.errors import CardFileError
from meeplekit import cardfiles
from meeplekit.documents import Limits, show
from meeplekit.values import number

__all__ = [
    "COMPONENTS",
    "COVERED_SPACES",
    "EFFECT_TYPES",
    "EVENT_TYPES",
    "MAX_FILE_BYTES",
    "SHORT_ROUNDS",
    "SOLO_SPACES",
    "cards_from_data",
    "cards_to_data",
    "load_cards",
    "read_cards",
    "read_packaged",
    "shortfall",
    "write_cards",
]

T = TypeVar("T")

#: The cards of each deck in the box (004:31-36), checked unless a file is ``partial``.
COMPONENTS: Final[Mapping[str, int]] = {
    "ships": 48,
    "contracts": 56,
    "buildings": 20,
    "prices": 24,
    "newspapers": 18,
}
#: The spaces the Cover cards lie on: the 3rd and 4th columns (004:225-228), numbered row by
#: row from 0 at the top left. 24 covers over 4 boards are 6 a board, one on each.
COVERED_SPACES: Final = (2, 3, 6, 7, 10, 11)
#: The exact number of rounds of a short game by players (004:1059-1063); the solo game is
#: a 2-player short game of 10 rounds (004:1075-1076).
SHORT_ROUNDS: Final[Mapping[int, int]] = {1: 10, 2: 10, 3: 9, 4: 8}
#: The spaces a Newspaper card may send the solo dummy to: those of a 2-player game
#: (004:1070, 004:1092-1096).
SOLO_SPACES: Final = (
    Space.PARKING,
    Space.BUILDING,
    Space.PERMIT,
    Space.GROW,
    Space.PRICE,
    Space.CAREER,
    Space.SEA_1,
    Space.SEA_2,
    Space.LAND_1,
    Space.LAND_2,
)
#: The largest card file read, in bytes.
MAX_FILE_BYTES: Final = 1 << 20
#: How deeply tables and lists may nest in a card file.
MAX_NESTING: Final = 8
#: The most digits a number in a card file may have.
MAX_DIGITS: Final = 6
#: The bounds of a card file, for the shared reader (:mod:`meeplekit.cardfiles`).
_LIMITS: Final = Limits(max_bytes=MAX_FILE_BYTES, max_nesting=MAX_NESTING, max_digits=MAX_DIGITS)
#: The longest name and key.
MAX_NAME: Final = 80
MAX_KEY: Final = 40
#: The most money a Cover card or a bollard position may cost (a sanity bound of the
#: library; the seed gives no costs).
MAX_COST: Final = 99
#: The most effects a building may have.
MAX_EFFECTS: Final = 4

#: The ``type`` of each building effect in a file, and its class (BH-CARD-12).
EFFECT_TYPES: Final[Mapping[str, type]] = {
    "produce": Produce,
    "income-per-new-ship": IncomePerNewShip,
    "train-bid-bonus": TrainBidBonus,
    "free-conversion": FreeConversion,
    "price-choice-when-unbid": PriceChoiceWhenUnbid,
    "money-store": MoneyStore,
    "holds-goods": HoldsGoods,
}
#: The ``type`` of each event in a file, and its class.
EVENT_TYPES: Final[Mapping[str, type]] = {"charge": Charge, "reward": Reward}

_WILD: Final = "wild"
_GOODS: Final = {g.key: g for g in Good}
_SPACES_BY_LABEL: Final = {s.label: s for s in Space}
_COUNTED: Final = {c.value: c for c in Counted}
_KEY: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_TOP: Final = ("name", "origin", "partial", "board", *COMPONENTS)


def _join(path: str, name: str | int) -> str:
    if isinstance(name, int):
        return f"{path}[{number(name)}]"
    return f"{path}.{name}" if path else name


def _words(names: Sequence[str]) -> str:
    return ", ".join(names)


# --------------------------------------------------------------------------- reading values


def _table(value: object, path: str, what: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise CardFileError(path, f"must be a table of {what}, got {show(value)}")
    return value


def _fields(
    table: Mapping[str, object],
    path: str,
    what: str,
    required: Sequence[str],
    optional: Sequence[str],
) -> None:
    """Refuse unknown keys and missing required ones, in the order the table gives them."""
    allowed = (*required, *optional)
    for key in table:
        if key not in allowed:
            raise CardFileError(
                _join(path, key), f"is not a field of {what}; expected {_words(allowed)}"
            )
    for key in required:
        if key not in table:
            raise CardFileError(_join(path, key), "missing")


def _int(value: object, path: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CardFileError(path, f"must be a whole number {low}-{high}, got {show(value)}")
    if not low <= value <= high:
        raise CardFileError(path, f"must be {low}-{high}, got {show(value)}")
    return value


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise CardFileError(path, f"must be true or false, got {show(value)}")
    return value


def _text(value: object, path: str, limit: int = MAX_NAME) -> str:
    if not isinstance(value, str) or not value.strip():
        raise CardFileError(path, f"must be a non-empty string, got {show(value)}")
    if len(value) > limit:
        raise CardFileError(path, f"must be at most {limit} characters, got {len(value)}")
    control = _CONTROL.search(value)
    if control is not None:
        raise CardFileError(
            path, f"must not hold control characters, got U+{ord(control.group()):04X}"
        )
    return value


def _key(value: object, path: str) -> str:
    text = _text(value, path, MAX_KEY)
    if _KEY.fullmatch(text) is None:
        raise CardFileError(
            path, f"must be lower-case letters and digits joined by hyphens, got {show(value)}"
        )
    return text


def _list(value: object, path: str, most: int, what: str) -> list[object]:
    if not isinstance(value, list):
        raise CardFileError(path, f"must be a list of {what}, got {show(value)}")
    if len(value) > most:
        raise CardFileError(path, f"must hold at most {most} {what}, got {len(value)}")
    return value


def _choice(value: object, path: str, choices: Mapping[str, T], what: str) -> T:
    if not isinstance(value, str) or value not in choices:
        raise CardFileError(path, f"must be {what}: {_words(list(choices))}; got {show(value)}")
    return choices[value]


def _good(value: object, path: str) -> Good | None:
    if value == _WILD:
        return None
    options: dict[str, Good | None] = {**_GOODS, _WILD: None}
    return _choice(value, path, options, "a good or wild")


def _icons(value: object, path: str) -> frozenset[int]:
    items = _list(value, path, 4, "player counts")
    found = [_int(item, _join(path, i), 1, 4) for i, item in enumerate(items)]
    if len(set(found)) != len(found):
        raise CardFileError(path, f"must not repeat a player count, got {found}")
    return frozenset(found)


def _build(path: str, make: Callable[[], T]) -> T:
    """Construct a model value; a bound the checks above missed still names the field."""
    try:
        return make()
    except (ValueError, TypeError) as exc:
        raise CardFileError(path, str(exc)) from None


# --------------------------------------------------------------------------- cards


def _deck_icons(raw: Mapping[str, object], path: str) -> tuple[frozenset[int], frozenset[int]]:
    players = _icons(raw["players"], _join(path, "players"))
    if not players:
        raise CardFileError(_join(path, "players"), "must name at least one player count")
    long_only = _icons(raw.get("long_only", []), _join(path, "long_only"))
    if not long_only <= players:
        raise CardFileError(
            _join(path, "long_only"),
            f"must be among the card's players {sorted(players)} (an arrow is printed under "
            f"an icon: the rulebook, lines 93–95), got {sorted(long_only)}",
        )
    return players, long_only


_SHIP_FIELDS: Final = ("name", "lay_time", "cargo", "count", "berth", "prestige", "players", "back")


def _ship(raw: object, path: str, index: int, origin: Origin) -> ShipCard:
    table = _table(raw, path, "Ship card fields")
    _fields(table, path, "a Ship card", _SHIP_FIELDS, ("key", "long_only"))
    key = _key(table.get("key", f"ship-{index + 1}"), _join(path, "key"))
    name = _text(table["name"], _join(path, "name"))
    lay_time = _int(table["lay_time"], _join(path, "lay_time"), 1, 5)
    cargo = _good(table["cargo"], _join(path, "cargo"))
    count = _int(table["count"], _join(path, "count"), 1, 5)
    berth = _int(table["berth"], _join(path, "berth"), 0, 3)
    prestige = _int(table["prestige"], _join(path, "prestige"), 1, 5)
    players, long_only = _deck_icons(table, path)
    back = _int(table["back"], _join(path, "back"), 1, 4)
    return _build(
        path,
        lambda: ShipCard(
            key, name, lay_time, cargo, count, berth, prestige, players, long_only, back, origin
        ),
    )


def _stake(raw: object, path: str, most_money: int) -> Stake:
    table = _table(raw, path, "money or prestige")
    _fields(table, path, "a penalty or reward", (), ("money", "prestige"))
    if len(table) != 1:
        raise CardFileError(path, f"must give money or prestige (one of them), got {len(table)}")
    if "money" in table:
        return Stake(money=_int(table["money"], _join(path, "money"), 1, most_money))
    return Stake(prestige=_int(table["prestige"], _join(path, "prestige"), 1, 1))


_CONTRACT_FIELDS: Final = ("name", "delivery", "goods", "players", "back")
_CONTRACT_OPTIONAL: Final = ("key", "penalty", "reward", "train", "long_only")


def _contract(raw: object, path: str, index: int, origin: Origin) -> ContractCard:
    table = _table(raw, path, "Contract card fields")
    _fields(table, path, "a Contract card", _CONTRACT_FIELDS, _CONTRACT_OPTIONAL)
    key = _key(table.get("key", f"contract-{index + 1}"), _join(path, "key"))
    name = _text(table["name"], _join(path, "name"))
    delivery = _int(table["delivery"], _join(path, "delivery"), 1, 5)
    goods_path = _join(path, "goods")
    items = _list(table["goods"], goods_path, 4, "goods")
    if not items:
        raise CardFileError(goods_path, "must require 1-4 goods (the rulebook, line 662), got 0")
    goods = tuple(_good(item, _join(goods_path, i)) for i, item in enumerate(items))
    penalty = _stake(table["penalty"], _join(path, "penalty"), 5) if "penalty" in table else Stake()
    reward = _stake(table["reward"], _join(path, "reward"), 4) if "reward" in table else Stake()
    train = _bool(table.get("train", False), _join(path, "train"))
    players, long_only = _deck_icons(table, path)
    back = _int(table["back"], _join(path, "back"), 1, 4)
    return _build(
        path,
        lambda: ContractCard(
            key, name, delivery, goods, penalty, reward, train, players, long_only, back, origin
        ),
    )


def _effect(raw: object, path: str) -> Effect:
    table = _table(raw, path, "effect fields")
    kind = _choice(table.get("type"), _join(path, "type"), EFFECT_TYPES, "an effect type")
    if kind is Produce:
        _fields(table, path, 'a "produce" effect', ("type",), ("good", "money"))
        if ("good" in table) == ("money" in table):
            raise CardFileError(path, "a production building produces one good or some money")
        if "good" in table:
            good = _choice(table["good"], _join(path, "good"), _GOODS, "a good")
            return Produce(good=good)
        return Produce(money=_int(table["money"], _join(path, "money"), 1, 5))
    if kind is IncomePerNewShip:
        _fields(table, path, 'an "income-per-new-ship" effect', ("type", "money"), ())
        return IncomePerNewShip(_int(table["money"], _join(path, "money"), 1, 5))
    if kind is TrainBidBonus:
        _fields(table, path, 'a "train-bid-bonus" effect', ("type", "per_card"), ())
        return TrainBidBonus(_int(table["per_card"], _join(path, "per_card"), 1, 3))
    if kind is MoneyStore:
        _fields(table, path, 'a "money-store" effect', ("type", "per_round"), ())
        return MoneyStore(_int(table["per_round"], _join(path, "per_round"), 1, 5))
    if kind is HoldsGoods:
        _fields(table, path, 'a "holds-goods" effect', ("type", "spaces"), ())
        return HoldsGoods(_int(table["spaces"], _join(path, "spaces"), 1, 2))
    if kind is FreeConversion:
        _fields(table, path, 'a "free-conversion" effect', ("type",), ())
        return FreeConversion()
    _fields(table, path, 'a "price-choice-when-unbid" effect', ("type",), ())
    return PriceChoiceWhenUnbid()


def _building(raw: object, path: str, index: int, origin: Origin) -> BuildingCard:
    table = _table(raw, path, "Building card fields")
    _fields(table, path, "a Building card", ("name", "prestige"), ("key", "effects"))
    name = _text(table["name"], _join(path, "name"))
    key = _key(table.get("key", _slug(name) or f"building-{index + 1}"), _join(path, "key"))
    prestige = _int(table["prestige"], _join(path, "prestige"), 0, 3)
    effects_path = _join(path, "effects")
    items = _list(table.get("effects", []), effects_path, MAX_EFFECTS, "effects")
    effects = tuple(_effect(item, _join(effects_path, i)) for i, item in enumerate(items))
    return _build(path, lambda: BuildingCard(key, name, prestige, effects, origin))


def _price(raw: object, path: str, index: int, origin: Origin) -> PriceCard:
    table = _table(raw, path, "Price card fields")
    _fields(table, path, "a Price card", tuple(_GOODS), ("key",))
    key = _key(table.get("key", f"price-{index + 1}"), _join(path, "key"))
    prices = tuple(_int(table[g.key], _join(path, g.key), 1, 9) for g in Good)
    if len(set(prices)) != len(prices):
        raise CardFileError(
            path,
            "the four prices must differ, since the top card ranks the goods (the rulebook, lines "
            "256–259), "
            f"got {dict(zip(_GOODS, prices, strict=True))}",
        )
    return _build(path, lambda: PriceCard(key, prices, origin))


def _event(raw: object, path: str) -> EventEffect:
    table = _table(raw, path, "event fields")
    kind = _choice(table.get("type"), _join(path, "type"), EVENT_TYPES, "an event type")
    _fields(table, path, f'a "{table["type"]}" event', ("type", "per", "money"), ())
    per = _choice(table["per"], _join(path, "per"), _COUNTED, "what the event counts")
    money = _int(table["money"], _join(path, "money"), 1, 3)
    return Charge(per, money) if kind is Charge else Reward(per, money)


def _newspaper(raw: object, path: str, index: int, origin: Origin) -> NewspaperCard:
    table = _table(raw, path, "Newspaper card fields")
    _fields(table, path, "a Newspaper card", ("name", "progress", "event", "solo_space"), ("key",))
    key = _key(table.get("key", f"newspaper-{index + 1}"), _join(path, "key"))
    name = _text(table["name"], _join(path, "name"))
    progress = _int(table["progress"], _join(path, "progress"), 1, 3)
    event = _event(table["event"], _join(path, "event"))
    solo = {s.label: s for s in SOLO_SPACES}
    space_path = _join(path, "solo_space")
    said = table["solo_space"]
    if isinstance(said, str) and said in _SPACES_BY_LABEL and said not in solo:
        raise CardFileError(
            space_path,
            f"must be a space of a 2-player game (the solo game's: the rulebook, line 1070): "
            f"{_words(list(solo))}; got {show(table['solo_space'])}",
        )
    space = _choice(table["solo_space"], space_path, solo, "a space of a 2-player game")
    return _build(path, lambda: NewspaperCard(key, name, progress, event, space, origin))


def _slug(name: str) -> str:
    return "-".join(re.findall(r"[a-z0-9]+", name.casefold()))


# --------------------------------------------------------------------------- the board


def _board(raw: object, path: str, partial: bool, origin: Origin) -> BoardData:
    table = _table(raw, path, "board fields")
    _fields(table, path, "the board", ("covers", "bollard_costs", "track_last", "track_start"), ())
    covers_path = _join(path, "covers")
    raw_covers = _table(table["covers"], covers_path, "space = cost")
    covers: list[int | None] = [None] * SPACES
    labels = {str(s): s for s in COVERED_SPACES}
    for label, cost in raw_covers.items():
        space = labels.get(label)
        if space is None:
            raise CardFileError(
                _join(covers_path, label),
                "Cover cards lie on the 3rd and 4th columns (the rulebook, lines 225–228): "
                "spaces "
                f"{_words(list(labels))}",
            )
        covers[space] = _int(cost, _join(covers_path, label), 0, MAX_COST)
    missing = [s for s in COVERED_SPACES if covers[s] is None]
    if missing and not partial:
        raise CardFileError(
            covers_path,
            f"must give the cost of the Cover card on each of the spaces {_words(list(labels))} "
            f"(24 covers, 6 a board: the rulebook, lines 30 and 225–228); missing {missing}",
        )
    walls_path = _join(path, "bollard_costs")
    walls_raw = _list(table["bollard_costs"], walls_path, BOLLARD_WALLS, "quay walls")
    if len(walls_raw) != BOLLARD_WALLS:
        raise CardFileError(
            walls_path, f"must give the {BOLLARD_WALLS} quay walls, got {len(walls_raw)}"
        )
    walls: list[tuple[int, ...]] = []
    for w, wall in enumerate(walls_raw):
        wall_path = _join(walls_path, w)
        items = _list(wall, wall_path, 3, "bollard positions")
        if not items:
            raise CardFileError(wall_path, "must give 1-3 bollard positions, got 0")
        costs = tuple(_int(c, _join(wall_path, i), 0, MAX_COST) for i, c in enumerate(items))
        if w in (1, 2) and costs[0] != 0:
            raise CardFileError(
                _join(wall_path, 0),
                "is the pre-printed starting bollard of the middle dock (the rulebook, lines "
                f"232–233 and 705–707) and costs 0, got {costs[0]}",
            )
        walls.append(costs)
    last = _int(table["track_last"], _join(path, "track_last"), 1, 60)
    starts_path = _join(path, "track_start")
    starts_raw = _list(table["track_start"], starts_path, 4, "start spaces")
    if len(starts_raw) != 4:
        raise CardFileError(
            starts_path, f"must give the start for 1, 2, 3 and 4 players, got {len(starts_raw)}"
        )
    starts = tuple(_int(s, _join(starts_path, i), 0, last - 1) for i, s in enumerate(starts_raw))
    for players, rounds in SHORT_ROUNDS.items():
        distance = last - starts[players - 1]
        if math.ceil(distance / 2) != rounds:
            raise CardFileError(
                _join(starts_path, players - 1),
                f"a {players}-player short game lasts exactly {rounds} rounds at 2 spaces a round "
                "(the rulebook, lines 1059–1063 and 1075–1076): "
                f"the start must lie {2 * rounds - 1}-{2 * rounds} "
                f"spaces before the last space {last}, got {starts[players - 1]}",
            )
    return _build(
        path,
        lambda: BoardData(tuple(covers), tuple(walls), last, starts, origin),
    )


# --------------------------------------------------------------------------- the set


def shortfall(cards: CardSet, players: int, *, short: bool) -> str | None:
    """What a game of ``players`` (1: the solo game) lacks of ``cards``; ``None`` if nothing.

    Every game needs a Price card: the Price stack only cycles (BH-INT-14). A long game
    needs Newspaper cards whose progress carries the Ship token from its start to the last
    space, as they come off the rack one a round (BH-INT-14). The solo game needs Newspaper
    cards, each sending the dummy to a space of a 2-player game (BH-SOLO-4). Ship, Contract
    and Building cards may run out (BH-INT-14), and Cover cards may be missing.
    """
    if not cards.prices:
        return "it has no Price card; every game needs one (the stack only cycles, BH-INT-14)"
    if players == 1:
        if not cards.newspapers:
            return "it has no Newspaper card; the solo dummy draws them (BH-SOLO-4)"
        for card in cards.newspapers:
            if card.solo_space not in SOLO_SPACES:
                return (
                    f"its Newspaper card {show(card.key)} sends the solo dummy to "
                    f"{card.solo_space.label}, not a space of a 2-player game (BH-SOLO-4)"
                )
    elif not short:
        board = cards.board
        start, last = board.track_start[players - 1], board.track_last
        progress = sum(card.progress for card in cards.newspapers)
        if progress < last - start:
            return (
                f"its Newspaper cards advance the Ship token {progress} "
                f"space{'' if progress == 1 else 's'} in all; a "
                f"{players}-player long game needs {last - start}, from space {start} to the "
                "last space (BH-INT-14)"
            )
    return None


_READERS: Final[Mapping[str, Callable[[object, str, int, Origin], Any]]] = {
    "ships": _ship,
    "contracts": _contract,
    "buildings": _building,
    "prices": _price,
    "newspapers": _newspaper,
}


def cards_from_data(data: object, *, origin: Origin = Origin.FILE) -> CardSet:
    """A card set from data already parsed from TOML or JSON (tables as dicts).

    ``origin`` labels the set and every card; a file read as :attr:`Origin.FILE` may not say
    ``origin = "original"``. Raises :class:`~bremerhaven.errors.CardFileError` naming the
    first bad field.
    """
    top = _table(data, "", "card set fields")
    _fields(
        top,
        "",
        "a card file",
        ("name", "board"),
        tuple(f for f in _TOP if f not in ("name", "board")),
    )
    name = _text(top["name"], "name")
    if "origin" in top:
        said = _choice(top["origin"], "origin", {o.value: o for o in Origin}, "an origin")
        if said is not origin:
            raise CardFileError(
                "origin",
                f'this file is read as "{origin.value}", got "{said.value}" (only the library\'s '
                "own set, bremerhaven.cards.original, is the original set)",
            )
    partial = _bool(top.get("partial", False), "partial")
    board = _board(top["board"], "board", partial, origin)
    decks: dict[str, tuple[Any, ...]] = {}
    for deck, size in COMPONENTS.items():
        if deck not in top and not partial:
            raise CardFileError(deck, f"missing: the box holds {size} (or say partial = true)")
        items = _list(top.get(deck, []), deck, size, "cards")
        if len(items) != size and not partial:
            raise CardFileError(
                deck,
                f"must hold the {size} cards of the box (the rulebook, lines 30–38), "
                f"got {len(items)} "
                "(or say partial = true)",
            )
        cards = tuple(
            _READERS[deck](item, _join(deck, i), i, origin) for i, item in enumerate(items)
        )
        seen: dict[str, int] = {}
        for i, card in enumerate(cards):
            if card.key in seen:
                raise CardFileError(
                    _join(_join(deck, i), "key"),
                    f'must differ from every other card\'s, got "{card.key}" (also {deck}[{seen[card.key]}])',
                )
            seen[card.key] = i
        decks[deck] = cards
    made = CardSet(name=name, origin=origin, board=board, **decks)
    if not partial:  # a whole set serves every game; a partial one is checked at new_game
        for players in range(2, 5):
            problem = shortfall(made, players, short=False)
            if problem is not None:
                raise CardFileError("newspapers", problem)
    return made


def read_cards(
    text: str, *, fmt: Literal["toml", "json"] = "toml", origin: Origin = Origin.FILE
) -> CardSet:
    """A card set from the text of a TOML (default) or JSON card file.

    Raises :class:`~bremerhaven.errors.CardFileError`: for text that is not TOML or JSON
    (the field is ``""``), too large, too deeply nested (counting the parts of dotted
    keys) or holding a number of more than :data:`MAX_DIGITS` digits (read by the shared
    :mod:`meeplekit.cardfiles`), and for every problem :func:`cards_from_data` finds.
    """
    data = cardfiles.parse(text, fmt, _LIMITS, error=lambda reason: CardFileError("", reason))
    return cards_from_data(data, origin=origin)


def load_cards(path: str | os.PathLike[str], *, origin: Origin = Origin.FILE) -> CardSet:
    """A card set from a ``.toml`` or ``.json`` file (by its suffix).

    Raises :class:`~bremerhaven.errors.CardFileError` (field ``""``, the message naming the
    file) for a file that cannot be read, is not a regular file (a folder, a pipe, a
    device), is over :data:`MAX_FILE_BYTES` or not UTF-8, or has another suffix, and as
    :func:`read_cards`.
    """
    data = cardfiles.load(
        path, _LIMITS, error=lambda name, reason: CardFileError("", f"{name}: {reason}")
    )
    return cards_from_data(data, origin=origin)


def read_packaged(resource: str, *, origin: Origin) -> CardSet:
    """A card set from a TOML file shipped in this package (the original set)."""
    text = resources.files("bremerhaven.cards").joinpath(resource).read_text(encoding="utf-8")
    return read_cards(text, origin=origin)


# --------------------------------------------------------------------------- writing


def _stake_data(stake: Stake) -> dict[str, int] | None:
    if stake.money:
        return {"money": stake.money}
    if stake.prestige:
        return {"prestige": stake.prestige}
    return None


def _effect_data(effect: Effect) -> dict[str, object]:
    tag = next(t for t, cls in EFFECT_TYPES.items() if isinstance(effect, cls))
    out: dict[str, object] = {"type": tag}
    if isinstance(effect, Produce):
        if effect.good is not None:
            out["good"] = effect.good.key
        else:
            out["money"] = effect.money
    elif isinstance(effect, IncomePerNewShip):
        out["money"] = effect.money
    elif isinstance(effect, TrainBidBonus):
        out["per_card"] = effect.per_card
    elif isinstance(effect, MoneyStore):
        out["per_round"] = effect.per_round
    elif isinstance(effect, HoldsGoods):
        out["spaces"] = effect.spaces
    return out


def _good_key(good: Good | None) -> str:
    return _WILD if good is None else good.key


def cards_to_data(cards: CardSet) -> dict[str, Any]:
    """A card set as plain data (dicts, lists, strings, numbers, booleans).

    ``json.dumps`` of it is a JSON card file; :func:`cards_from_data` reads it back to an
    equal set (with the set's origin). ``partial`` is written when a deck is not full.
    """
    board = cards.board
    out: dict[str, Any] = {"name": cards.name, "origin": cards.origin.value}
    covered = sum(c is not None for c in board.covers)
    if covered != len(COVERED_SPACES) or any(
        len(getattr(cards, deck)) != size for deck, size in COMPONENTS.items()
    ):
        out["partial"] = True
    out["board"] = {
        "covers": {str(s): c for s, c in enumerate(board.covers) if c is not None},
        "bollard_costs": [list(w) for w in board.bollard_costs],
        "track_last": board.track_last,
        "track_start": list(board.track_start),
    }
    ships: list[dict[str, object]] = []
    for ship in cards.ships:
        ships.append(
            {
                "key": ship.key,
                "name": ship.name,
                "lay_time": ship.lay_time,
                "cargo": _good_key(ship.cargo),
                "count": ship.count,
                "berth": ship.berth,
                "prestige": ship.prestige,
                "players": sorted(ship.players),
                "long_only": sorted(ship.long_only),
                "back": ship.back,
            }
        )
    out["ships"] = ships
    contracts: list[dict[str, object]] = []
    for contract in cards.contracts:
        item: dict[str, object] = {
            "key": contract.key,
            "name": contract.name,
            "delivery": contract.delivery,
            "goods": [_good_key(g) for g in contract.goods],
        }
        for field, stake in (("penalty", contract.penalty), ("reward", contract.reward)):
            data = _stake_data(stake)
            if data is not None:
                item[field] = data
        item["train"] = contract.train
        item["players"] = sorted(contract.players)
        item["long_only"] = sorted(contract.long_only)
        item["back"] = contract.back
        contracts.append(item)
    out["contracts"] = contracts
    out["buildings"] = [
        {
            "key": b.key,
            "name": b.name,
            "prestige": b.prestige,
            "effects": [_effect_data(e) for e in b.effects],
        }
        for b in cards.buildings
    ]
    out["prices"] = [{"key": p.key, **{g.key: p.price(g) for g in Good}} for p in cards.prices]
    out["newspapers"] = [
        {
            "key": n.key,
            "name": n.name,
            "progress": n.progress,
            "event": {
                "type": "charge" if isinstance(n.event, Charge) else "reward",
                "per": n.event.per.value,
                "money": n.event.money,
            },
            "solo_space": n.solo_space.label,
        }
        for n in cards.newspapers
    ]
    return out


_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_DECK_TITLES: Final = {
    "ships": "Ship cards (004:597-637)",
    "contracts": "Contract cards (004:643-683)",
    "buildings": "Building cards (004:403-424)",
    "prices": "Price cards (004:513-526)",
    "newspapers": "Newspaper cards (004:862-907)",
}


def _toml_string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        inner = ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }"
    raise TypeError(f"no TOML form for {type(value).__name__}")  # pragma: no cover


def write_cards(cards: CardSet, *, fmt: Literal["toml", "json"] = "toml") -> str:
    """A card set as the text of a TOML (default) or JSON card file.

    :func:`read_cards` reads it back to an equal set (given the set's origin).
    """
    data = cards_to_data(cards)
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if cards.origin is Origin.ORIGINAL:
        title = "The library's ORIGINAL card set: invented values, NOT the published cards."
    else:
        title = "A Bremerhaven card set (BH-CARD-14)."
    lines = [f"# {title}", ""]
    for key in ("name", "origin", "partial"):
        if key in data:
            lines.append(f"{key} = {_toml_value(data[key])}")
    lines += ["", "[board]"]
    lines += [f"{k} = {_toml_value(v)}" for k, v in data["board"].items()]
    for deck, title in _DECK_TITLES.items():
        lines += ["", f"# {len(data[deck])} {title}"]
        for item in data[deck]:
            lines += ["", f"[[{deck}]]"]
            lines += [f"{k} = {_toml_value(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"
