"""Pictures of cards and positions as SVG (BH-PIC-1 to BH-PIC-3), drawn with the standard library.

:func:`card` draws a Ship, Contract, Building, Price or Newspaper card from its data;
:func:`position` draws a whole table as a viewer may see it. Both return a
:class:`~meeplekit.views.svg.SvgImage`, a ``str`` that Jupyter shows as a picture (a state and an
observation show themselves as their pictures too):

>>> import bremerhaven
>>> from bremerhaven.views import svg
>>> state = bremerhaven.new_game(2, seed=42)
>>> picture = svg.position(state)
>>> picture.startswith("<svg") and "Player 2" in picture
True
>>> "Refinery" in svg.card(state.cards.buildings[0])
True

The four goods have one icon each, drawn in code with a shape of its own (a barrel with
hoops, a ribbed container, a crate with a cross, a passenger), a wild good is a
four-pointed star, and every amount is also written in words, so the pictures read in black
and white and for colour-blind readers; the colours are from the Okabe-Ito palette. A card
placed face down that the viewer may not see is drawn as a card back in its owner's colour,
without a value (BH-PIC-3). The conventions every picture of the project keeps, and the
primitives they are drawn with, are the shared layer's (:mod:`meeplekit.views.svg`): a
``<title>``, a ``viewBox``, ``max-width:100%``, no text smaller than :data:`MIN_TEXT`
pixels at the natural size (a position is :data:`TABLE_WIDTH` wide) and every class name
beginning with ``bremerhaven-``. Pictures are for people and may change between versions;
for programs there is :func:`bremerhaven.to_json`.
"""

from __future__ import annotations

import functools
from html import escape
from typing import Final

from bremerhaven.cards.describe import describe_prices
from bremerhaven.cards.model import (
    BuildingCard,
    Charge,
    ContractCard,
    FreeConversion,
    Good,
    HoldsGoods,
    IncomePerNewShip,
    MoneyStore,
    NewspaperCard,
    PriceCard,
    PriceChoiceWhenUnbid,
    Produce,
    ShipCard,
    Space,
    TrainBidBonus,
)
from bremerhaven.observation import Observation, bidding_open
from bremerhaven.options import GoodsSupply
from bremerhaven.rules.harbours import berth_size, capacity, is_accessible, used_spaces
from bremerhaven.rules.table import deciding_seat
from bremerhaven.scoring import harbour_score, rating
from bremerhaven.state import GameState, Harbour
from bremerhaven.views.view import (
    RANKS,
    SPACE_NAMES,
    bids_on,
    effect_words,
    event_words,
    goods_words,
    headline,
    origin_mark,
    seat_name,
    seen_by,
    stake_words,
    standings,
)
from meeplekit.views import svg as shared
from meeplekit.views.svg import SvgImage

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "MIN_TEXT",
    "TABLE_WIDTH",
    "Card",
    "SvgImage",
    "card",
    "position",
]

#: A card's size in SVG user units (a playing card's 5:7), the shared layer's.
CARD_WIDTH: Final = shared.CARD_WIDTH
#: A card's height in SVG user units, the shared layer's.
CARD_HEIGHT: Final = shared.CARD_HEIGHT
#: A position's width in SVG user units, its natural width in pixels (BH-PIC-3;
#: :data:`meeplekit.views.svg.TABLE_WIDTH`).
TABLE_WIDTH: Final = shared.TABLE_WIDTH
#: The smallest font size of any text in a picture at its natural size (BH-PIC-3;
#: :data:`meeplekit.views.svg.MIN_TEXT`).
MIN_TEXT: Final = shared.MIN_TEXT

#: Every kind of card :func:`card` draws.
Card = ShipCard | ContractCard | BuildingCard | PriceCard | NewspaperCard

# Okabe-Ito colours: distinguishable with the common colour-vision deficiencies.
_GOOD_COLOURS: Final = {
    Good.BARREL: "#D55E00",
    Good.CONTAINER: "#0072B2",
    Good.CRATE: "#E69F00",
    Good.PASSENGER: "#009E73",
}
_WILD: Final = "#BBBBBB"
_SEAT_COLOURS: Final = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
_GOLD: Final = "#F0E442"
_SEA: Final = "#56B4E9"
_INK: Final = shared.INK
_GREY: Final = "#555555"
_PAPER: Final = "#FFFDF7"
_PENALTY: Final = "#A63603"
_REWARD: Final = "#00734F"

_text = shared.text
_lines = shared.lines


# --------------------------------------------------------------------------- icons

# Each icon on a 16 x 16 grid, a shape of its own: what tells them apart without colour.
_GOOD_SHAPES: Final = {
    Good.BARREL: (
        '<rect x="3" y="1.5" width="10" height="13" rx="4"/>'
        '<path d="M3.4 5.5 H12.6 M3.4 10.5 H12.6" fill="none" stroke-width="1"/>'
    ),
    Good.CONTAINER: (
        '<rect x="0.5" y="4" width="15" height="8.5"/>'
        '<path d="M4 4 V12.5 M7.5 4 V12.5 M11 4 V12.5" fill="none" stroke-width="0.8"/>'
    ),
    Good.CRATE: (
        '<rect x="2" y="2" width="12" height="12"/>'
        '<path d="M2 2 L14 14 M14 2 L2 14" fill="none" stroke-width="1"/>'
    ),
    Good.PASSENGER: (
        '<circle cx="8" cy="4" r="3"/><path d="M2.5 15.5 Q2.5 8 8 8 Q13.5 8 13.5 15.5 Z"/>'
    ),
}
_WILD_SHAPE: Final = '<path d="M8 0.5 L10 6 L15.5 8 L10 10 L8 15.5 L6 10 L0.5 8 L6 6 Z"/>'
_SHAPES: Final = {
    "time": '<path d="M3 1 H13 L8 8 L13 15 H3 L8 8 Z"/>',
    "bollard": '<rect x="5" y="6" width="6" height="9.5"/><rect x="3" y="2" width="10" height="4.5" rx="2"/>',
    "prestige": (
        '<path d="M8 0.8 L10.1 5.6 L15.3 6.1 L11.4 9.6 L12.5 14.8 L8 12.1 L3.5 14.8 L4.6 9.6 '
        'L0.7 6.1 L5.9 5.6 Z"/>'
    ),
    "money": '<circle cx="8" cy="8" r="7"/><circle cx="8" cy="8" r="4" fill="none"/>',
    "train": (
        '<rect x="1" y="5" width="9" height="7"/><rect x="10" y="2" width="4.5" height="10"/>'
        '<circle cx="4" cy="13.5" r="2"/><circle cx="11.5" cy="13.5" r="2"/>'
    ),
    "gear": (
        '<path d="M6.6 1 H9.4 L9.8 3.2 L11.7 4.3 L13.8 3.5 L15.2 5.9 L13.5 7.3 V8.7 L15.2 10.1 '
        "L13.8 12.5 L11.7 11.7 L9.8 12.8 L9.4 15 H6.6 L6.2 12.8 L4.3 11.7 L2.2 12.5 L0.8 10.1 "
        'L2.5 8.7 V7.3 L0.8 5.9 L2.2 3.5 L4.3 4.3 L6.2 3.2 Z"/>'
        '<circle cx="8" cy="8" r="2.4" fill="#fff"/>'
    ),
}
_SHAPE_FILLS: Final = {
    "time": "#DDDDDD",
    "bollard": "#777777",
    "prestige": _GOLD,
    "money": _GOLD,
    "train": "#999999",
    "gear": "#CCCCCC",
}


def _good_icon(good: Good | None, x: float, y: float, size: float = 16) -> str:
    """A good's icon (``None``: a wild good) in a ``size`` square whose corner is ``(x, y)``."""
    shape = _WILD_SHAPE if good is None else _GOOD_SHAPES[good]
    fill = _WILD if good is None else _GOOD_COLOURS[good]
    label = "any good (wild)" if good is None else good.key
    return (
        f'<g transform="translate({x:g} {y:g}) scale({size / 16:g})" fill="{fill}" '
        f'stroke="{_INK}" stroke-width="0.7" class="bremerhaven-good">'
        f"<title>{label}</title>{shape}</g>"
    )


def _icon(kind: str, x: float, y: float, size: float = 16, label: str = "") -> str:
    """One of the small icons (time marker, bollard, prestige, money, train, cogwheel)."""
    return (
        f'<g transform="translate({x:g} {y:g}) scale({size / 16:g})" fill="{_SHAPE_FILLS[kind]}" '
        f'stroke="{_INK}" stroke-width="0.7" class="bremerhaven-icon">'
        f"<title>{escape(label or kind)}</title>{_SHAPES[kind]}</g>"
    )


def _cut(words: str, width: float, size: float) -> str:
    """``words`` cut to about ``width`` units at ``size``, an ellipsis marking the cut."""
    chars = int(width / (size * 0.6))
    return words if len(words) <= chars else words[: max(1, chars - 1)] + "…"


def _goods_row(goods: list[Good | None], x: float, y: float, size: float, step: float) -> str:
    return "".join(_good_icon(good, x + i * step, y, size) for i, good in enumerate(goods))


# --------------------------------------------------------------------------- cards


def card(item: Card) -> SvgImage:
    """A picture of one card, drawn from its data (BH-PIC-1).

    A Ship card shows its cargo as icons and in words, its lay time, required berth size,
    prestige, the player counts on its back (those where an arrow makes it a long-game
    card) and its back number; a Contract card its required goods (a wild symbol as a
    star), delivery time, penalty, reward and train symbol; a Building card its prestige,
    a cogwheel for production and its abilities in words; a Price card the price of each
    good; a Newspaper card its progress side ("Ship ahoy!" and the spaces the Ship token
    advances), its event side and the bidding space it names for the solo dummy. Every card
    shows the rules that govern it in small print and its mark: "original" for the
    library's own cards, "card file" for a card read from a file (BH-CARD-1).
    """
    title = f"Price card: {describe_prices(item)}" if isinstance(item, PriceCard) else item.name
    return shared.document(CARD_WIDTH, CARD_HEIGHT, title, _card_drawing(item))


def _frame(band: str, title: str, kind: str, mark: str, rules: str) -> list[str]:
    """A card's paper, coloured band with its name, and the small print at the bottom."""
    w, h = CARD_WIDTH, CARD_HEIGHT
    out = [
        f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="10" fill="{_PAPER}" '
        f'stroke="{_INK}" stroke-width="2"/>',
        f'<rect x="1" y="1" width="{w - 2}" height="44" rx="10" fill="{band}" '
        f'stroke="{_INK}" stroke-width="2" class="bremerhaven-band"/>',
    ]
    longest = max(len(word) for word in title.split()) if title.split() else 1
    size = max(MIN_TEXT, min(14.0, (w - 56) / (0.62 * longest)))
    two = len(shared.wrap(title, shared.chars_fitting(w - 56, size, bold=True))) > 1
    name, _ = _lines(w / 2, 20 if two else 28, title, w - 56, size, anchor="middle", weight="bold")
    out.append(name)
    small = shared.wrap(rules, int((w - 24) / (MIN_TEXT * 0.56)))
    bottom = h - 9 - 11 * (len(small) - 1)
    for i, line in enumerate(small):
        out.append(_text(12, bottom + 11 * i, line, MIN_TEXT, fill=_GREY))
    out.append(_text(12, bottom - 14, kind, MIN_TEXT, fill=_GREY))
    out.append(
        _text(w - 12, bottom - 14, mark, MIN_TEXT, anchor="end", fill=_GREY, weight="bold",
              css="bremerhaven-mark")
    )  # fmt: skip
    return out


def _fact(kind: str, x: float, y: float, words: str, label: str = "") -> str:
    """An icon and its words on one line, the icon's corner at ``(x, y)``."""
    return _icon(kind, x, y, 16, label or words) + _text(x + 22, y + 13, words, 12)


def _counts(players: frozenset[int], long_only: frozenset[int]) -> str:
    counts = ", ".join(str(n) for n in sorted(players))
    arrows = (
        f"; long game only at {', '.join(str(n) for n in sorted(long_only))}" if long_only else ""
    )
    return f"players {counts}{arrows}"


# Positions draw the same few cards again and again; a card's drawing depends on its data.
@functools.lru_cache(maxsize=512)
def _card_drawing(item: Card) -> str:
    mark = origin_mark(item.origin)
    if isinstance(item, ShipCard):
        return "".join(_ship_card(item, mark))
    if isinstance(item, ContractCard):
        return "".join(_contract_card(item, mark))
    if isinstance(item, BuildingCard):
        return "".join(_building_card(item, mark))
    if isinstance(item, PriceCard):
        return "".join(_price_card(item, mark))
    return "".join(_newspaper_card(item, mark))


def _ship_card(item: ShipCard, mark: str) -> list[str]:
    rules = "BH-SEA-3 · BH-SEA-4 · BH-SEA-5 · BH-SEA-7 · BH-CARD-2"
    out = _frame(_SEA, item.name, f"Ship card, back {item.back}", mark, rules)
    cargo = [item.cargo] * item.count
    out.append(_goods_row(cargo, 14, 58, 28, 34))
    words = goods_words(item.count, item.cargo) + (" (wild)" if item.cargo is None else "")
    text, y = _lines(14, 108, words, CARD_WIDTH - 28, 12, weight="bold")
    out.append(text)
    out.append(_fact("time", 14, y, f"lay time {item.lay_time}"))
    out.append(_fact("bollard", 14, y + 22, f"berth size {item.berth}"))
    out.append(_fact("prestige", 14, y + 44, f"prestige {item.prestige}"))
    counts = _counts(item.players, item.long_only)
    out.append(_lines(14, y + 80, counts, CARD_WIDTH - 28, 10, fill=_GREY)[0])
    return out


def _contract_card(item: ContractCard, mark: str) -> list[str]:
    rules = "BH-LAND-3 · BH-LAND-4 · BH-LAND-5 · BH-LAND-6 · BH-CARD-3"
    if item.train:
        rules += " · BH-BID-8"
    out = _frame("#E8E1CF", item.name, f"Contract card, back {item.back}", mark, rules)
    out.append(_goods_row(list(item.goods), 14, 58, 28, 34))
    needs = " + ".join("any good" if g is None else g.key for g in item.goods)
    text, y = _lines(14, 108, needs, CARD_WIDTH - 28, 12, weight="bold")
    out.append(text)
    out.append(_fact("time", 14, y, f"delivery time {item.delivery}"))
    out.append(
        _text(14, y + 36, f"penalty: {stake_words(item.penalty)}", 12, fill=_PENALTY,
              weight="bold", css="bremerhaven-penalty")
    )  # fmt: skip
    out.append(
        _text(14, y + 54, f"reward: {stake_words(item.reward)}", 12, fill=_REWARD,
              weight="bold", css="bremerhaven-reward")
    )  # fmt: skip
    if item.train:
        out.append(_fact("train", 120, y, "train"))
    counts = _counts(item.players, item.long_only)
    out.append(_lines(14, y + 76, counts, CARD_WIDTH - 28, 10, fill=_GREY)[0])
    return out


def _building_rules(item: BuildingCard) -> str:
    rules = ["BH-CARD-4", "BH-CARD-12"]
    for effect in item.effects:
        if isinstance(effect, Produce):
            rules.append("BH-PROD-3")
        elif isinstance(effect, IncomePerNewShip):
            rules.append("BH-SEA-2")
        elif isinstance(effect, TrainBidBonus):
            rules.append("BH-BID-8")
        elif isinstance(effect, FreeConversion):
            rules.append("BH-MOVE-7")
        elif isinstance(effect, PriceChoiceWhenUnbid):
            rules.append("BH-PRICE-3")
        elif isinstance(effect, MoneyStore):
            rules.append("BH-MONEY-3")
        elif isinstance(effect, HoldsGoods):
            rules.append("BH-MOVE-2")
    return " · ".join(dict.fromkeys(rules))


def _building_card(item: BuildingCard, mark: str) -> list[str]:
    out = _frame("#D9D9D9", item.name, "Building card", mark, _building_rules(item))
    out.append(_icon("prestige", 14, 58, 24, f"prestige {item.prestige}"))
    out.append(_text(44, 76, f"prestige {item.prestige}", 13, weight="bold"))
    production = item.production
    if production is not None:
        out.append(_icon("gear", CARD_WIDTH - 40, 56, 28, "production building (cogwheel)"))
        good = production.good
        if good is not None:
            out.append(_good_icon(good, CARD_WIDTH - 66, 60, 22))
        else:
            out.append(_icon("money", CARD_WIDTH - 66, 60, 22, f"{production.money} money"))
    y = 110.0
    abilities = [effect_words(e) for e in item.effects] or ["prestige only, no ability"]
    for words in abilities:
        text, y = _lines(14, y, words[:1].upper() + words[1:] + ".", CARD_WIDTH - 28, 11)
        out.append(text)
        y += 4
    return out


def _price_card(item: PriceCard, mark: str) -> list[str]:
    out = _frame(_GOLD, "Price card", "Price card", mark, "BH-CARD-6 · BH-PRICE-1 · BH-TIME-2")
    for row, good in enumerate(Good):
        y = 62 + row * 40
        out.append(_good_icon(good, 20, y, 28))
        out.append(_text(60, y + 20, good.key, 14))
        out.append(
            _text(CARD_WIDTH - 24, y + 22, str(item.price(good)), 22, anchor="end", weight="bold")
        )
    return out


def _newspaper_card(item: NewspaperCard, mark: str) -> list[str]:
    rules = "BH-CARD-7 · BH-PROGRESS-1 · BH-EVENT-1 · BH-SOLO-8"
    out = _frame("#EEEEEE", item.name, "Newspaper card", mark, rules)
    out.append(
        f'<rect x="12" y="54" width="{CARD_WIDTH - 24}" height="50" rx="6" fill="#fff" '
        f'stroke="{_INK}" class="bremerhaven-progress"/>'
    )
    out.append(_text(22, 74, "Progress side: Ship ahoy!", 11, weight="bold"))
    out.append(_text(22, 94, f"the Ship token advances {item.progress}", 12))
    text, y = _lines(14, 124, "Event side: " + event_words(item.event) + ".", CARD_WIDTH - 28, 11)
    out.append(text)
    kind = "charge" if isinstance(item.event, Charge) else "reward"
    out.append(_text(14, y + 4, f"({kind})", 10, fill=_GREY))
    space = item.solo_space
    name = SPACE_NAMES.get(space, "")
    solo = f"Solo: the dummy bids on {space.label} {name}".rstrip()
    out.append(_lines(14, y + 24, solo, CARD_WIDTH - 28, 10)[0])
    return out


# --------------------------------------------------------------------------- positions


def position(
    state: GameState | Observation, viewer: int | None = None, *, caption: str = ""
) -> SvgImage:
    """A picture of the whole table as a viewer may see it (BH-PIC-2).

    It shows what the text view shows (BH-VIEW-1): the headline (the round, the phase, who
    decides what, or the end with the scores), the progress track with the Ship token, the
    Price card on top, the Event card and the newspapers left, the ranks, the Town, Sea and
    Land boards with the cards on offer and the influence cards on every space (values where
    the viewer may see them, else card backs in the owner's colour), and for every player
    their money, prestige, rank, influence cards and harbour: the Loading docks with their
    Contracts, goods delivered and time markers, the twelve spaces with covers and
    buildings, the Docks between the quay walls with their bollards and the Ships with
    their goods and time markers, and the storage. ``viewer`` (a seat) draws that seat's
    observation and marks it "(you)"; without one the picture is the table as every player
    sees it; an :class:`~bremerhaven.observation.Observation` is drawn for its viewer.
    ``caption`` adds a line under the headline. Raises
    :class:`~bremerhaven.errors.InvalidValueError` for a viewer that is no deciding seat.
    """
    who = state.viewer if isinstance(state, Observation) else viewer
    seen = seen_by(state, viewer)
    w = TABLE_WIDTH
    out: list[str] = []
    title, y = _lines(16, 26, headline(seen), w - 32, 15, weight="bold")
    out.append(title)
    if caption:
        text, y = _lines(16, y, caption, w - 32, 12, fill=_GREY)
        out.append(text)
    status, y = _status(seen, 16, y + 4, w - 32)
    out.append(status)
    town, y = _town(seen, 16, y + 8, w - 32)
    out.append(town)
    boards, y = _offers(seen, 16, y + 10, w - 32)
    out.append(boards)
    y += 12
    decider = None if seen.pending is None else deciding_seat(seen.pending)
    for seat in range(len(seen.players)):
        panel, height = _player(seen, seat, who, decider, 16, y, w - 32)
        out.append(panel)
        y += height + 12
    if seen.is_over:
        end, y = _scores(seen, 16, y + 4, w - 32)
        out.append(end)
    height = y + 4
    background = f'<rect width="{w}" height="{height:g}" fill="#F4F7FA"/>'
    return shared.document(w, height, headline(seen), background + "".join(out))


def _status(seen: Observation, x: float, y: float, w: float) -> tuple[str, float]:
    """The progress track, the Price card on top, the event and the ranks."""
    board = seen.cards.board
    last = board.track_last
    out = [_text(x, y + 14, "Progress track", 12, weight="bold")]
    cell = min(24.0, (w - 110) / (last + 1))
    for space in range(last + 1):
        cx = x + 104 + space * cell
        here = space == seen.track
        out.append(
            f'<rect x="{cx:g}" y="{y:g}" width="{cell - 2:g}" height="20" rx="3" '
            f'fill="{_SEA if here else "#fff"}" stroke="{_INK}" stroke-width="{1.6 if here else 0.6}"/>'
        )
        if space % 5 == 0 or space == last or here:
            out.append(
                _text(cx + (cell - 2) / 2, y + 14, str(space), MIN_TEXT, anchor="middle",
                      weight="bold" if here else "normal")
            )  # fmt: skip
    y += 28
    facts = [f"the Ship token on space {seen.track} of {last}"]
    if seen.options.short or seen.solo:
        facts.append("it advances 2 spaces a round")
    else:
        top = "none left" if seen.progress is None else f"top advances {seen.progress}"
        facts.append(f"newspapers: {len(seen.newspapers)} ({top})")
    if seen.solo:
        facts.append(f"the dummy's draws to come: {sum(len(p) for p in seen.dummy_news)}")
    text, y = _lines(x, y + 12, "; ".join(facts), w, 11)
    out.append(text)
    # The Price card on top.
    price = seen.prices[0]
    out.append(_text(x, y + 16, "Price card on top", 12, weight="bold"))
    px = x + 124
    for good in Good:
        out.append(_good_icon(good, px, y + 2, 18))
        out.append(_text(px + 22, y + 16, f"{good.key} {price.price(good)}", 12))
        px += 30 + 8 * (len(good.key) + 2)
    out.append(
        _text(x + w, y + 16, f"{len(seen.prices)} in the stack", 10, anchor="end", fill=_GREY)
    )
    y += 26
    if not (seen.options.short or seen.solo):
        event = (
            "none" if seen.event is None else f"{seen.event.name}: {event_words(seen.event.event)}"
        )
        text, y = _lines(x, y + 12, f"Event card (carried out in 5.1 this round): {event}", w, 11)
        out.append(text)
    ranks = ", ".join(
        f"{RANKS[rank]}: {seat_name(seat, seen.dummy)}" for rank, seat in enumerate(seen.ranks)
    )
    text, y = _lines(x, y + 12, f"Ranks: {ranks}", w, 11)
    out.append(text)
    if seen.options.goods_supply is GoodsSupply.UNLIMITED:
        supply = "unlimited"
    else:
        supply = ", ".join(f"{good.key} {n}" for good, n in zip(Good, seen.goods, strict=True))
    facts = [
        f"Supply: {supply}",
        f"decks: {len(seen.ship_deck)} Ships, {len(seen.contract_deck)} Contracts",
        f"discarded: {seen.discarded_ships} Ships, {seen.discarded_contracts} Contracts",
    ]
    text, y = _lines(x, y, "; ".join(facts), w, 11, fill=_GREY)
    out.append(text)
    return "".join(out), y


# An influence card on a bidding space: this size, this far apart.
_BID_W: Final = 16.0
_BID_H: Final = 22.0
_BID_STEP: Final = 19.0


def _bid_card(seen: Observation, seat: int, value: int | None, x: float, y: float) -> str:
    """One influence card: its value on white, or (face down, unseen) a back in its colour."""
    colour = _SEAT_COLOURS[seat % len(_SEAT_COLOURS)]
    name = seat_name(seat, seen.dummy)
    if value is None:
        return (
            f'<g class="bremerhaven-back"><title>{escape(name)}: a card face down</title>'
            f'<rect x="{x:g}" y="{y:g}" width="{_BID_W:g}" height="{_BID_H:g}" rx="2" '
            f'fill="{colour}" stroke="{_INK}" stroke-width="0.8"/>'
            f'<path d="M{x + 3:g} {y + 3:g} L{x + _BID_W - 3:g} {y + _BID_H - 3:g} '
            f'M{x + _BID_W - 3:g} {y + 3:g} L{x + 3:g} {y + _BID_H - 3:g}" stroke="#fff" '
            'stroke-width="1.2"/></g>'
        )
    down = " (face down)" if bidding_open(seen) else ""
    return (
        f'<g class="bremerhaven-influence"><title>{escape(name)}: {value}{down}</title>'
        f'<rect x="{x:g}" y="{y:g}" width="{_BID_W:g}" height="{_BID_H:g}" rx="2" fill="#fff" '
        f'stroke="{colour}" stroke-width="2"/>'
        + _text(x + _BID_W / 2, y + 15, str(value), 11, anchor="middle", weight="bold")
        + "</g>"
    )


def _bids(seen: Observation, space: Space, x: float, y: float, w: float) -> tuple[str, float]:
    """The cards on ``space``, one row per seat; the SVG and the ``y`` below."""
    out = []
    rows = bids_on(seen, space)
    if not rows:
        return _text(x, y + 12, "no bids", 10, fill="#777777"), y + 18
    for seat, values in rows:
        colour = _SEAT_COLOURS[seat % len(_SEAT_COLOURS)]
        short = "D" if seat == seen.dummy else f"P{seat + 1}"
        out.append(_text(x, y + 15, short, 10, weight="bold", fill=colour))
        cx = x + 22
        for value in values:
            if cx + _BID_W > x + w:
                break
            out.append(_bid_card(seen, seat, value, cx, y))
            cx += _BID_STEP
        y += _BID_H + 3
    return "".join(out), y


def _town(seen: Observation, x: float, y: float, w: float) -> tuple[str, float]:
    """The Town board: its six spaces with the cards on them."""
    out = [_text(x, y + 14, "Town board", 13, weight="bold")]
    y += 20
    spaces = tuple(SPACE_NAMES)
    gap = 6.0
    sw = (w - gap * (len(spaces) - 1)) / len(spaces)
    parts = []
    bottom = y
    for i, space in enumerate(spaces):
        sx = x + i * (sw + gap)
        inner = [_text(sx + 6, y + 16, space.label, 12, weight="bold")]
        text, ty = _lines(sx + 6, y + 30, SPACE_NAMES[space], sw - 12, 10)
        inner.append(text)
        if space is Space.BUILDING:
            top = seen.buildings[0].name if seen.buildings else "none left"
            text, ty = _lines(sx + 6, ty, f"top: {top}", sw - 12, MIN_TEXT, fill=_GREY)
            inner.append(text)
        bids, by = _bids(seen, space, sx + 6, ty, sw - 12)
        inner.append(bids)
        parts.append((sx, inner))
        bottom = max(bottom, by + 4)
    for sx, inner in parts:
        out.append(
            f'<g class="bremerhaven-space"><rect x="{sx:g}" y="{y:g}" width="{sw:g}" '
            f'height="{bottom - y:g}" rx="6" fill="#fff" stroke="{_INK}"/>'
            + "".join(inner)
            + "</g>"
        )
    return "".join(out), bottom


def _step(width: float, count: int) -> float:
    """How far apart ``count`` icons of 16 units stand to fit in ``width``."""
    return min(19.0, (width - 16) / max(1, count - 1)) if count > 1 else 19.0


def _mini_ship(item: ShipCard, x: float, y: float, w: float) -> tuple[str, float]:
    """A Ship card on offer, small: name, cargo icons, lay time, berth size, prestige."""
    name, ty = _lines(x, y + 12, item.name, w, 11, weight="bold")
    out = [name, _goods_row([item.cargo] * item.count, x, ty - 8, 16, _step(w, item.count))]
    words = goods_words(item.count, item.cargo) + (" (wild)" if item.cargo is None else "")
    text, ty = _lines(x, ty + 22, words, w, 10)
    out.append(text)
    facts = f"lay time {item.lay_time} · berth {item.berth} · prestige {item.prestige}"
    text, ty = _lines(x, ty, facts, w, MIN_TEXT, fill=_GREY)
    out.append(text)
    return "".join(out), ty


def _mini_contract(item: ContractCard, x: float, y: float, w: float) -> tuple[str, float]:
    """A Contract card on offer, small: name, goods, delivery time, penalty, reward, train."""
    name, ty = _lines(x, y + 12, item.name, w, 11, weight="bold")
    out = [name, _goods_row(list(item.goods), x, ty - 8, 16, _step(w - 18, len(item.goods)))]
    if item.train:
        out.append(_icon("train", x + w - 16, ty - 8, 16, "train"))
    needs = " + ".join("any" if g is None else g.key for g in item.goods)
    text, ty = _lines(x, ty + 22, needs, w, 10)
    out.append(text)
    facts = (
        f"delivery {item.delivery} · penalty {stake_words(item.penalty)} · "
        f"reward {stake_words(item.reward)}"
    )
    text, ty = _lines(x, ty, facts, w, MIN_TEXT, fill=_GREY)
    out.append(text)
    return "".join(out), ty


def _offers(seen: Observation, x: float, y: float, w: float) -> tuple[str, float]:
    """The Sea and Land boards side by side: each space's card and the cards bid on it."""
    out = []
    half = (w - 10) / 2
    bottom = y
    for column, (label, cards, spaces) in enumerate(
        (
            ("Sea board", seen.sea, [Space.sea(i + 1) for i in range(len(seen.sea))]),
            ("Land board", seen.land, [Space.land(i + 1) for i in range(len(seen.land))]),
        )
    ):
        bx = x + column * (half + 10)
        out.append(_text(bx, y + 14, label, 13, weight="bold"))
        n = max(1, len(spaces))
        sw = (half - 4 * (n - 1)) / n
        parts = []
        low = y + 20
        for i, (space, item) in enumerate(zip(spaces, cards, strict=True)):
            sx = bx + i * (sw + 4)
            inner = [_text(sx + 5, y + 34, space.label, 11, weight="bold")]
            if item is None:
                inner.append(_text(sx + 5, y + 50, "(empty)", 10, fill="#777777"))
                ty = y + 56
            elif isinstance(item, ShipCard):
                drawn, ty = _mini_ship(item, sx + 5, y + 36, sw - 10)
                inner.append(f'<g class="bremerhaven-ship">{drawn}</g>')
            else:
                drawn, ty = _mini_contract(item, sx + 5, y + 36, sw - 10)
                inner.append(f'<g class="bremerhaven-contract">{drawn}</g>')
            bids, by = _bids(seen, space, sx + 5, ty + 2, sw - 10)
            inner.append(bids)
            parts.append((sx, inner))
            low = max(low, by + 4)
        for sx, inner in parts:
            out.append(
                f'<g class="bremerhaven-space"><rect x="{sx:g}" y="{y + 20:g}" width="{sw:g}" '
                f'height="{low - y - 20:g}" rx="6" fill="#fff" stroke="{_INK}"/>'
                + "".join(inner)
                + "</g>"
            )
        bottom = max(bottom, low)
    return "".join(out), bottom


# A harbour's drawing: the docks on the left, the loading docks and spaces to the right.
_DOCKS_W: Final = 190.0
_DOCK_H: Final = 56.0
_LOADING_H: Final = 62.0
_CELL_H: Final = 28.0


def _influence(seen: Observation, seat: int) -> str:
    harbour = seen.players[seat]
    supply = ", ".join(str(v) for v in harbour.supply) or "none"
    if seen.unseen[seat]:
        together = ", ".join(str(v) for v in seen.unseen[seat])
        return (
            f"Influence cards: {seen.hand_sizes[seat]} in hand; in hand and face down "
            f"together {together}; supply {supply}"
        )
    hand = ", ".join(str(v) for v in harbour.hand) or "empty"
    return f"Influence cards: hand {hand}; supply {supply}"


def _player(
    seen: Observation, seat: int, viewer: int | None, decider: int | None,
    x: float, y: float, w: float,
) -> tuple[str, float]:  # fmt: skip
    """One player's panel: money, prestige, rank, influence cards and harbour."""
    harbour = seen.players[seat]
    colour = _SEAT_COLOURS[seat % len(_SEAT_COLOURS)]
    rank = RANKS[seen.ranks.index(seat)]
    you = " (you)" if seat == viewer else ""
    mark = "  ▶ to decide" if seat == decider else ""
    inner: list[str] = []
    if seat == seen.dummy:
        inner.append(_text(x + 20, y + 22, f"The dummy: {rank}", 14, weight="bold"))
        text, ty = _lines(x + 20, y + 40, _influence(seen, seat), w - 30, 10)
        inner.append(text)
        h = ty - y
    else:
        head = f"{seat_name(seat)}{you}: {rank}{mark}"
        inner.append(_text(x + 20, y + 22, head, 14, weight="bold"))
        bank = f" (+{harbour.bank} on the Bank)" if harbour.bank else ""
        inner.append(_icon("money", x + w - 250, y + 9, 16, "money"))
        inner.append(_text(x + w - 230, y + 22, f"{harbour.money} money{bank}", 12, weight="bold"))
        inner.append(_icon("prestige", x + w - 100, y + 9, 16, "prestige"))
        inner.append(
            _text(
                x + w - 12, y + 22, f"prestige {harbour.prestige}", 12, anchor="end", weight="bold"
            )
        )
        text, ty = _lines(x + 20, y + 40, _influence(seen, seat), w - 30, 10)
        inner.append(text)
        drawing, bottom = _harbour(seen, harbour, x + 20, ty + 2, w - 30)
        inner.append(drawing)
        h = bottom - y + 8
    out = [
        f'<g class="bremerhaven-player" data-seat="{seat}">',
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="8" fill="#fff" '
        f'stroke="{colour}" stroke-width="{4 if seat == decider else 2}"/>',
        f'<rect x="{x:g}" y="{y:g}" width="10" height="{h:g}" rx="4" fill="{colour}"/>',
        *inner,
        "</g>",
    ]
    return "".join(out), h


def _walls(harbour: Harbour, x: float, y: float) -> str:
    """The four quay walls as lines, each with its bollards as dots."""
    out = []
    for wall, count in enumerate(harbour.walls):
        wy = y + wall * _DOCK_H
        out.append(
            f'<g class="bremerhaven-wall"><title>quay wall {wall}: {count} bollard(s)</title>'
            f'<rect x="{x:g}" y="{wy - 2:g}" width="{_DOCKS_W:g}" height="4" fill="#999999"/>'
        )
        for b in range(count):
            out.append(_icon("bollard", x + 6 + b * 14, wy - 6, 12, "bollard"))
        out.append("</g>")
    return "".join(out)


def _dock(harbour: Harbour, dock: int, x: float, y: float) -> str:
    """A dock between its walls: its berth size and its Ship with goods and time markers."""
    ship = harbour.docks[dock]
    size = berth_size(harbour, dock)
    out = [
        f'<rect x="{x:g}" y="{y + 2:g}" width="{_DOCKS_W:g}" height="{_DOCK_H - 4:g}" '
        f'fill="#DCEFFA" stroke="none"/>',
        _text(x + _DOCKS_W - 4, y + 14, f"dock {dock} · berth {size}", MIN_TEXT, anchor="end",
              fill=_GREY),
    ]  # fmt: skip
    if ship is None:
        out.append(_text(x + 6, y + 34, "empty", 10, fill="#777777"))
        return "".join(out)
    name = ship.card.name
    out.append(_text(x + 6, y + 16, _cut(name, _DOCKS_W - 80, 10), 10, weight="bold"))
    icons = "".join(
        _good_icon(ship.good, x + 6 + i * 15, y + 22, 13) for i in range(min(ship.goods, 5))
    )
    out.append(icons)
    out.append(_text(x + 6, y + 48, f"{goods_words(ship.goods, ship.good)}", MIN_TEXT))
    for t in range(ship.timers):
        out.append(_icon("time", x + _DOCKS_W - 16 - t * 14, y + 22, 12, "time marker"))
    out.append(
        _text(x + _DOCKS_W - 4, y + 48, f"{ship.timers} time · prestige {ship.card.prestige}",
              MIN_TEXT, anchor="end", fill=_GREY)
    )  # fmt: skip
    return f'<g class="bremerhaven-ship"><title>{escape(name)}</title>{"".join(out)}</g>'


def _loading(harbour: Harbour, same_round: bool, dock: int, x: float, y: float, w: float) -> str:
    """A loading dock: its Contract with the goods needed and delivered, and time markers."""
    placed = harbour.loading[dock]
    reach = is_accessible(harbour, dock, same_round=same_round)
    dash = "" if reach else ' stroke-dasharray="4 3"'
    out = [
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{_LOADING_H:g}" rx="4" '
        f'fill="{"#F6F1E4" if reach else "#EEEEEE"}" stroke="{_INK}"{dash}/>',
        _text(x + w - 4, y + 11, f"loading {dock}", MIN_TEXT, anchor="end", fill=_GREY),
    ]
    if not reach:
        out.append(_text(x + 4, y + _LOADING_H - 5, "not accessible", MIN_TEXT, fill=_GREY))
    if placed is None:
        out.append(_text(x + 4, y + 30, "empty", 10, fill="#777777"))
        return "".join(out)
    item = placed.card
    name = _cut(item.name, w - 8, 10)
    out.append(_text(x + 4, y + 11 + 12, name, 10, weight="bold"))
    for i, good in enumerate(item.goods):
        out.append(_good_icon(good, x + 4 + i * 16, y + 27, 14))
    got = ", ".join(
        goods_words(n, good) for good, n in zip(Good, placed.delivered, strict=True) if n
    )
    time = f"{placed.timers} time"
    if reach:
        out.append(_text(x + 4, y + 52, _cut(f"in: {got or 'none'}", w - 44, MIN_TEXT), MIN_TEXT))
    out.append(
        _text(x + w - 4, y + 52 if reach else y + 40, time, MIN_TEXT, anchor="end", fill=_GREY)
    )
    return f'<g class="bremerhaven-contract"><title>{escape(item.name)}</title>{"".join(out)}</g>'


def _harbour(
    seen: Observation, harbour: Harbour, x: float, y: float, w: float
) -> tuple[str, float]:
    """A harbour drawn at ``(x, y)``; the SVG and the ``y`` below it."""
    drawing, height = _harbour_drawing(harbour, seen.options.cleared_dock_same_round, w)
    return f'<g transform="translate({x:g} {y:g})">{drawing}</g>', y + height


# A position draws every harbour, and most harbours stay as they were from one move to the
# next: a harbour's drawing at the origin depends on the harbour, the reading of BH-INT-5
# and the width only.
@functools.lru_cache(maxsize=256)
def _harbour_drawing(harbour: Harbour, same_round: bool, w: float) -> tuple[str, float]:
    """A harbour at the origin and its height: docks, loading docks, spaces and storage."""
    x = y = 0.0
    out = []
    for dock in range(3):
        out.append(_dock(harbour, dock, x, y + 8 + dock * _DOCK_H))
    out.append(_walls(harbour, x, y + 8))
    gx = x + _DOCKS_W + 10
    cw = (w - _DOCKS_W - 10 - 3 * 4) / 4
    for dock in range(4):
        out.append(_loading(harbour, same_round, dock, gx + dock * (cw + 4), y, cw))
    top = y + _LOADING_H + 4
    for space in range(12):
        row, column = divmod(space, 4)
        cx, cy = gx + column * (cw + 4), top + row * (_CELL_H + 3)
        building = harbour.buildings[space]
        cover = harbour.covers[space]
        if building is not None:
            fill, words, css = "#D9D9D9", building.name, "bremerhaven-building"
        elif cover is not None:
            fill, words, css = "#9E9E9E", f"cover {cover}", "bremerhaven-cover"
        else:
            fill, words, css = "#fff", "open", "bremerhaven-open"
        words = _cut(words, cw - 8, 10)
        out.append(
            f'<g class="{css}"><title>space {space}: {escape(words)}</title>'
            f'<rect x="{cx:g}" y="{cy:g}" width="{cw:g}" height="{_CELL_H:g}" rx="3" '
            f'fill="{fill}" stroke="{_INK}" stroke-width="0.7"/>'
            + _text(
                cx + 4,
                cy + 18,
                words,
                10,
                fill="#fff" if cover is not None and building is None else _INK,
            )
            + "</g>"
        )
    sy = top + 3 * (_CELL_H + 3) + 4
    used, room = used_spaces(harbour.storage), capacity(harbour)
    out.append(_text(gx, sy + 13, "Storage", 11, weight="bold"))
    sx = gx + 52
    for good, count in zip(Good, harbour.storage, strict=True):
        if count:
            out.append(_good_icon(good, sx, sy + 1, 15))
            out.append(_text(sx + 18, sy + 13, f"x{count}", 10))
            sx += 48
    out.append(
        _text(gx + (w - _DOCKS_W - 10), sy + 13, f"{used} of {room} spaces used", 10, anchor="end",
              fill=_GREY)
    )  # fmt: skip
    bottom = max(sy + 20, y + 8 + 3 * _DOCK_H + 4)
    if harbour.held:
        held = "Held, not built: " + ", ".join(card.name for card in harbour.held)
        text, bottom = _lines(x, bottom + 12, held, w, 10)
        out.append(text)
    return "".join(out), bottom


def _scores(seen: Observation, x: float, y: float, w: float) -> tuple[str, float]:
    """The final scores, in order."""
    out = [_text(x, y + 14, "Final scores (money x prestige)", 13, weight="bold")]
    y += 20
    for place, seat in enumerate(standings(seen), start=1):
        harbour = seen.players[seat]
        points = harbour_score(harbour, seen.options)
        band = f", {rating(points)}" if seen.solo else ""
        line = f"{place}. {seat_name(seat)}: {points} ({harbour.money} money, prestige {harbour.prestige}{band})"
        out.append(_text(x, y + 14, line, 12))
        y += 18
    return "".join(out), y
