"""Pictures of cards and positions as SVG (PIC-1 to PIC-4), drawn with the standard library.

:func:`card` draws a building, a player board (generic or character) or a bonus card
from its data; :func:`position` draws a whole table from what a viewer may see. Both
return an :class:`~meeplekit.views.svg.SvgImage`, a ``str`` that Jupyter shows as a picture, as
python-chess's ``chess.svg`` does:

>>> import harbour
>>> from harbour.views import svg
>>> state = harbour.new_game(2, seed=42)
>>> picture = svg.position(state)
>>> picture.startswith("<svg") and "Player 2" in picture
True
>>> "Net Loft" in svg.card(harbour.cards.ORIGINAL_SET.buildings[0])
True

Goods and owner symbols share one small icon set drawn in code. Each icon differs in
shape as well as colour (fish: a fish; livestock: a round head with horns; wood: a log;
stone: a hexagon; coin: a disc marked $; anchor; warehouse: a house; top hat), so the
pictures read in black and white and for colour-blind readers; the colours are from the
Okabe-Ito palette. Every picture has a natural size and a ``viewBox``, shrinks to the
width it is given (``max-width:100%``), holds its text as real SVG text, and has a
``<title>``. At its natural size no text is smaller than :data:`MIN_TEXT` pixels (a
position is :data:`TABLE_WIDTH` wide, so it fits a documentation page's column and a
notebook's output at that size), and every class name begins with ``harbour-``, so that
the styles of a page the picture is put in cannot match it (PIC-4). Pictures are for
people and may change between versions; for programs there is :func:`harbour.to_json`.
The primitives (text, wrapping, the document, ``SvgImage``) and these conventions are the
shared layer's, :mod:`meeplekit.views.svg`, which every game's pictures use.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from html import escape
from typing import NamedTuple

from harbour.cards.describe import (
    card_rules,
    describe_bonus_card,
    describe_effect,
    describe_symbols,
)
from harbour.cards.effects import Convert, Effect, Gain, GainPerSymbol, Symbol
from harbour.cards.model import BonusCard, Building, CardSet, PlayerBoard
from harbour.facts import GAME
from harbour.goods import GOODS, Good, Goods
from harbour.moves import MovePawn
from harbour.observation import Observation, PlayerView
from harbour.rules.abilities import market_points, scored_good
from harbour.rules.shipping import traders_price
from harbour.state import BoardSite, CardSite, GameState, Site
from harbour.views.view import headline, seen_by
from meeplekit.views import svg as shared
from meeplekit.views.svg import SvgImage

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "MIN_TEXT",
    "TABLE_WIDTH",
    "SvgImage",
    "card",
    "destinations",
    "position",
]

#: A card's size in SVG user units (a playing card's 5:7), the shared layer's.
CARD_WIDTH = shared.CARD_WIDTH
#: A card's height in SVG user units, the shared layer's.
CARD_HEIGHT = shared.CARD_HEIGHT
#: A position's width in SVG user units: its natural width in pixels, narrower than a
#: documentation page's column (Furo's is 736 px on a laptop), so that the position is shown
#: at its natural size there and in a notebook (PIC-4; :data:`meeplekit.views.svg.TABLE_WIDTH`).
TABLE_WIDTH = shared.TABLE_WIDTH
#: The smallest font size of any text in a picture, in user units: at the natural size, no
#: text is smaller than this many pixels (PIC-4; :data:`meeplekit.views.svg.MIN_TEXT`).
MIN_TEXT = shared.MIN_TEXT

# The display's cards are drawn at their full size, this many in a row.
_DISPLAY_COLUMNS = 3
_DISPLAY_GAP = 16
# Okabe-Ito colours: distinguishable with the common colour-vision deficiencies.
_GOOD_COLOURS = {
    Good.FISH: "#0072B2",
    Good.LIVESTOCK: "#D55E00",
    Good.WOOD: "#E69F00",
    Good.STONE: "#999999",
}
_SYMBOL_COLOUR = "#56B4E9"
_SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
_INK = shared.INK
_PAPER = "#FFFDF7"
_HIGHLIGHT = "#E69F00"

# --------------------------------------------------------------------------- primitives

# The shared primitives (:mod:`meeplekit.views.svg`): one line of text, text wrapped to a width,
# lines of at most a number of characters, the standalone document.
_text = shared.text
_lines = shared.lines
_wrap = shared.wrap
_svg = shared.document


def _icon(kind: Good | Symbol, x: float, y: float, size: float = 16) -> str:
    """The icon of a good or an owner symbol in a ``size`` square whose corner is ``(x, y)``."""
    s = size / 16  # every icon is drawn on a 16 x 16 grid
    shapes: str
    if kind is Good.FISH:
        shapes = (
            '<path d="M1 8 Q6 2 11 8 Q6 14 1 8 Z M10 8 L15 4 L15 12 Z"/>'
            '<circle cx="4.5" cy="7.2" r="0.9" fill="#fff"/>'
        )
    elif kind is Good.LIVESTOCK:
        shapes = '<path d="M2 2 L6 6 L10 6 L14 2 L13 7 Z"/><circle cx="8" cy="10" r="5"/>'
    elif kind is Good.WOOD:
        shapes = (
            '<rect x="1" y="5" width="12" height="7" rx="1"/>'
            '<ellipse cx="13" cy="8.5" rx="2.5" ry="3.5"/>'
            '<ellipse cx="13" cy="8.5" rx="1.2" ry="1.8" fill="#fff"/>'
        )
    elif kind is Good.STONE:
        shapes = '<path d="M8 1 L14.5 4.5 L14.5 11.5 L8 15 L1.5 11.5 L1.5 4.5 Z"/>'
    elif kind is Symbol.COIN:
        shapes = (
            '<circle cx="8" cy="8" r="7"/>'
            '<text x="8" y="12" font-size="11" text-anchor="middle" fill="#fff" '
            'font-weight="bold">$</text>'
        )
    elif kind is Symbol.ANCHOR:
        shapes = (
            '<circle cx="8" cy="3" r="1.8" fill="none" stroke-width="1.4"/>'
            '<path d="M8 5 V14 M4.5 7.5 H11.5 M2 10 Q8 17 14 10" fill="none" '
            'stroke-width="1.6"/>'
        )
    elif kind is Symbol.WAREHOUSE:
        shapes = '<path d="M1 7 L8 1.5 L15 7 V15 H1 Z"/><rect x="6" y="9" width="4" height="6" fill="#fff"/>'
    else:  # Symbol.TOP_HAT
        shapes = (
            '<rect x="4.5" y="2" width="7" height="9"/><rect x="1" y="11" width="14" height="2.5"/>'
        )
    colour = _GOOD_COLOURS[kind] if isinstance(kind, Good) else _SYMBOL_COLOUR
    label = kind.label if isinstance(kind, Good) else kind.value
    return (
        f'<g transform="translate({x:g} {y:g}) scale({s:g})" fill="{colour}" stroke="{_INK}" '
        f'stroke-width="0.6"><title>{escape(label)}</title>{shapes}</g>'
    )


def _goods_icons(goods: Goods, x: float, y: float, size: float = 14) -> tuple[str, float]:
    """Icons of ``goods`` in canonical order; the SVG and the next ``x``.

    One icon per unit; beyond 5 units (a card file may name up to 6 of each good), one
    icon per good followed by its count, so that the strip stays inside a card.
    """
    out = []
    many = goods.total > 5
    for good in GOODS:
        if many and goods[good]:
            out.append(_icon(good, x, y, size))
            out.append(_text(x + size + 1, y + size - 3, f"×{goods[good]}", size * 0.75))
            x += size + 22
            continue
        for _ in range(goods[good]):
            out.append(_icon(good, x, y, size))
            x += size + 2
    return "".join(out), x


def _effect_icons(effect: Effect, x: float, y: float) -> str:
    """A strip of icons for the actions that name their goods (ACT-1, ACT-3, ACT-4)."""
    if isinstance(effect, Gain):
        return _goods_icons(effect.goods, x, y)[0]
    if isinstance(effect, Convert):
        spent, x = _goods_icons(effect.spend, x, y)
        arrow = _text(x + 2, y + 12, "→", 14)
        gained, _ = _goods_icons(effect.gain, x + 20, y)
        return spent + arrow + gained
    if isinstance(effect, GainPerSymbol):
        return (
            _goods_icons(Goods.single(effect.good, effect.amount), x, y)[0]
            + _text(x + 16 * effect.amount + 4, y + 12, "per", 11)
            + _icon(effect.symbol, x + 16 * effect.amount + 28, y, 14)
        )
    return ""


# --------------------------------------------------------------------------- cards


def card(item: Building | PlayerBoard | BonusCard, cards: CardSet | None = None) -> SvgImage:
    """A picture of one card, drawn from its data (PIC-1).

    A building shows its name, price (or "no price"), victory points, owner symbols as
    icons, its action as text with goods icons, and the rule IDs that govern it in small
    print; a player board its starting building and, for a character, the ability; a
    bonus card its rate. ``cards``, the set the card belongs to, decides the mark in the
    corner: "original" for the library's own content (:attr:`CardSet.original`), else
    "official"; without it the card is marked "original".
    """
    return _svg(CARD_WIDTH, CARD_HEIGHT, item.name, _card_body(item, cards))


def _card_body(item: Building | PlayerBoard | BonusCard, cards: CardSet | None) -> str:
    return _card_drawing(item, "original" if cards is None or cards.original else "official")


# Positions draw the same few display cards again and again; a card's drawing depends on
# its data and mark only.
@functools.lru_cache(maxsize=1024)
def _card_drawing(item: Building | PlayerBoard | BonusCard, mark: str) -> str:
    w, h = CARD_WIDTH, CARD_HEIGHT
    out = [
        f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="10" fill="{_PAPER}" '
        f'stroke="{_INK}" stroke-width="2"/>',
        f'<rect x="1" y="1" width="{w - 2}" height="46" rx="10" fill="#E8E1CF" '
        f'stroke="{_INK}" stroke-width="2"/>',
    ]
    name = _lines(w / 2, 20, item.name, w - 40, 14, anchor="middle", weight="bold")[0]
    if isinstance(item, Building):
        out.append(f'<circle cx="22" cy="24" r="17" fill="#F0E442" stroke="{_INK}"/>')
        price = "—" if item.cost is None else f"${item.cost}"
        out.append(_text(22, 29, price, 13, anchor="middle", weight="bold"))
        out.append(
            f'<path d="M{w - 38} 8 H{w - 6} V28 L{w - 22} 42 L{w - 38} 28 Z" fill="#fff" '
            f'stroke="{_INK}"/>'
        )
        out.append(_text(w - 22, 25, f"{item.points}", 14, anchor="middle", weight="bold"))
        out.append(_text(w - 22, 36, "VP", MIN_TEXT, anchor="middle"))
        # Between the price and the points: a smaller size keeps a long word whole, down
        # to the smallest size that reads.
        longest = max(len(word) for word in item.name.split())
        size = max(MIN_TEXT, min(13.0, (w - 90) / (0.62 * longest)))
        out.append(_lines(w / 2, 20, item.name, w - 90, size, anchor="middle", weight="bold")[0])
        kind = "building" + (", first game" if item.first_game else "")
        kind += ", no price" if item.cost is None else ""
        body = _action_box(item.action, item.symbols, 60)
    elif isinstance(item, PlayerBoard):
        out.append(name)
        kind = "player board" if item.ability is None else "character"
        body = _action_box(item.action, item.symbols, 60, lead="Starting building: ")
        if item.ability is not None:
            text, _ = _lines(12, 196, item.text, w - 24, 10, css="harbour-ability")
            body += _text(12, 182, "Ability", 10, weight="bold") + text
    else:
        out.append(name)
        kind = "bonus card"
        icons = _icon(item.good, 30, 80, 28) + _text(
            66, 102, f"× {item.goods} → {item.points} VP", 16, weight="bold"
        )
        rate, _ = _lines(12, 140, describe_bonus_card(item) + ".", w - 24, 12)
        body = icons + rate
    out.append(body)
    small = _wrap(" · ".join(card_rules(item)), int((w - 24) / (MIN_TEXT * 0.56)))
    bottom = h - 9 - 11 * (len(small) - 1)
    for i, line in enumerate(small):
        out.append(_text(12, bottom + 11 * i, line, MIN_TEXT, fill="#555555"))
    out.append(_text(12, bottom - 14, kind, MIN_TEXT, fill="#555555"))
    out.append(
        _text(w - 12, bottom - 14, mark, MIN_TEXT, anchor="end", fill="#555555", weight="bold")
    )
    return "".join(out)


def _action_box(effect: Effect, symbols: tuple[Symbol, ...], y: float, lead: str = "") -> str:
    """Owner symbols, the action's icons and its text, from ``y`` down."""
    out = []
    x = 12.0
    for symbol in symbols:
        out.append(_icon(symbol, x, y, 18))
        x += 22
    if symbols:
        out.append(_text(x + 2, y + 13, describe_symbols(symbols), 10, fill="#555555"))
    icons = _effect_icons(effect, 12, y + 28)
    out.append(icons)
    below = y + (62 if icons else 40)
    text, _ = _lines(12, below, lead + describe_effect(effect) + ".", CARD_WIDTH - 24, 11)
    out.append(text)
    return "".join(out)


# --------------------------------------------------------------------------- positions


def destinations(state: GameState) -> tuple[Site, ...]:
    """The sites the current player's legal pawn moves lead to (for highlighting)."""
    from harbour.engine import legal_moves

    return tuple(m.site for m in legal_moves(state) if isinstance(m, MovePawn))


def position(
    state: GameState | Observation,
    viewer: int | None = None,
    *,
    public: bool = False,
    highlight: Iterable[Site] = (),
    caption: str = "",
) -> SvgImage:
    """A picture of the whole table (PIC-2).

    It shows the market squares with their prices and goods (and, with the Inland
    Traders, the price they pay for one of each good,
    :func:`harbour.rules.shipping.traders_price`), the display with the pawns on its
    cards, every player's board, warehouse (a track of counters 0 to 6 per good),
    buildings, points and pawn, the deck's size, whose turn it is and the decision
    pending, and the last round. ``viewer`` and ``public`` choose what may be shown, as
    for :func:`harbour.render` (VIEW-2): the picture is drawn from
    :func:`harbour.views.view.seen_by` alone, so a seat's picture holds nothing
    :func:`harbour.observe` hides. An :class:`~harbour.observation.Observation` is
    drawn as it is. ``highlight`` outlines sites (for example :func:`destinations`, or
    where a pawn just went); ``caption`` is a line printed under the headline (for
    example the move just played).
    """
    who: int | None
    if isinstance(state, Observation):
        seen, who = state, state.viewer
    else:
        seen, who = seen_by(state, viewer, public=public), viewer
    marked = frozenset(highlight)
    w = TABLE_WIDTH
    out: list[str] = []
    title, y = _lines(16, 26, headline(seen), w - 32, 15, weight="bold")
    out.append(title)
    if caption:
        text, y = _lines(16, y, caption, w - 32, 12, fill="#555555")
        out.append(text)
    out.append(_market(seen, 16, y + 4))
    status, y = _lines(16, y + 110, " · ".join(_status(seen)), w - 32, 12)
    out.append(status)
    y += 10
    out.append(_text(16, y, "Display", 13, weight="bold"))
    y += 10
    display, y = _display(seen, 16, y, marked)
    out.append(display)
    y += 14
    panel_w = w - 32
    for seat, view in enumerate(seen.players):
        layout = _layout(seen, view, panel_w)
        out.append(_player(seen, seat, view, layout, who, 16, y, panel_w, layout.height, marked))
        y += layout.height + 14
    height = y + 2
    background = f'<rect width="{w}" height="{height:g}" fill="#F4F7FA"/>'
    return _svg(w, height, headline(seen), background + "".join(out))


def _market(seen: Observation, x: float, y: float) -> str:
    """The market squares and, in a game with them, the Inland Traders (84 units high)."""
    out = [_text(x, y + 14, "Market", 13, weight="bold")]
    for i, (value, good) in enumerate(zip(GAME.market_values, seen.market, strict=True)):
        sx = x + i * 96
        out.append(
            f'<rect x="{sx:g}" y="{y + 22:g}" width="88" height="62" rx="6" fill="#fff" '
            f'stroke="{_INK}"/>'
        )
        out.append(_text(sx + 44, y + 40, f"${value}", 14, anchor="middle", weight="bold"))
        out.append(_icon(good, sx + 8, y + 52, 22))
        out.append(_text(sx + 34, y + 68, good.label, 11))
    price = traders_price(seen)
    if price is not None:  # INLAND-2: what the traders pay for one of each good
        tx = x + 4 * 96 + 12
        icons, after = _goods_icons(Goods(1, 1, 1, 1), tx + 10, y + 52, 18)
        out.append(
            f'<g class="harbour-traders"><title>The Inland Traders pay ${price} for one of '
            f'each good (INLAND-2)</title><rect x="{tx:g}" y="{y + 22:g}" width="196" '
            f'height="62" rx="6" fill="#fff" stroke="{_INK}" stroke-dasharray="4 2"/>'
            + _text(tx + 10, y + 40, "Inland Traders", 12, weight="bold")
            + icons
            + _text(after + 4, y + 66, f"→ ${price}", 14, weight="bold")
            + "</g>"
        )
    return "".join(out)


def _status(seen: Observation) -> list[str]:
    """The deck, the turn and the last round, as short facts."""
    facts = [f"Deck: {seen.deck_size} building(s)"]
    if seen.deck_top:  # OBS-4: what the viewer saw on top of the deck
        facts.append("Top of the deck as seen: " + ", ".join(_name(seen, c) for c in seen.deck_top))
    if seen.is_over:
        facts.append(f"Game over after {seen.turn} turns")
    elif seen.turn == 0:
        facts.append("Setup")
    else:
        facts.append(f"Turn {seen.turn}: Player {seen.current + 1}")
    if seen.last_round_turns is not None:
        facts.append(f"Last round: {seen.last_round_turns} turn(s) left")
    if seen.deck_ran_out:
        facts.append("The deck ran out this turn")
    return facts


def _name(seen: Observation, index: int) -> str:
    return seen.cards.buildings[index].name


def _pawns(seen: Observation, site: Site, x: float, y: float) -> str:
    """The pawns standing on ``site``, in a row from ``(x, y)``."""
    out = []
    for seat, view in enumerate(seen.players):
        if view.pawn == site:
            out.append(
                f'<circle cx="{x:g}" cy="{y:g}" r="11" fill="{_SEAT_COLOURS[seat]}" '
                f'stroke="{_INK}" stroke-width="1.5"><title>Player {seat + 1}\'s pawn</title>'
                "</circle>"
            )
            out.append(
                _text(x, y + 4, f"P{seat + 1}", 10, anchor="middle", fill="#fff", weight="bold")
            )
            x += 26
    return "".join(out)


def _site_name(site: Site) -> str:
    """The value of ``data-site``, which ties a highlight to the site it marks."""
    return f"card-{site.card}" if isinstance(site, CardSite) else f"board-{site.player}"


def _outline(site: Site, x: float, y: float, w: float, h: float) -> str:
    """A dashed outline just inside the edge of the site drawn at ``(x, y, w, h)``."""
    return (
        f'<rect x="{x + 2:g}" y="{y + 2:g}" width="{w - 4:g}" height="{h - 4:g}" rx="6" '
        f'fill="none" stroke="{_HIGHLIGHT}" stroke-width="4" stroke-dasharray="8 4" '
        f'class="harbour-highlight" data-marks="{_site_name(site)}"/>'
    )


def _display(seen: Observation, x: float, y: float, marked: frozenset[Site]) -> tuple[str, float]:
    """The display's cards at full size, in rows; the SVG and the ``y`` below it."""
    if not seen.display:
        return _text(x, y + 20, "(empty)", 12), y + 30
    out = []
    step_x, step_y = CARD_WIDTH + _DISPLAY_GAP, CARD_HEIGHT + _DISPLAY_GAP
    for i, index in enumerate(seen.display):
        row, column = divmod(i, _DISPLAY_COLUMNS)
        cx, cy = x + column * step_x, y + row * step_y
        site = CardSite(index)
        out.append(
            f'<g transform="translate({cx:g} {cy:g})" class="harbour-site" '
            f'data-site="{_site_name(site)}">'
            f"{_card_body(seen.cards.buildings[index], seen.cards)}</g>"
        )
        if site in marked:
            out.append(_outline(site, cx, cy, CARD_WIDTH, CARD_HEIGHT))
        out.append(_pawns(seen, site, cx + 22, cy + CARD_HEIGHT * 0.75))
    rows = (len(seen.display) + _DISPLAY_COLUMNS - 1) // _DISPLAY_COLUMNS
    return "".join(out), y + rows * step_y - _DISPLAY_GAP


@functools.lru_cache(maxsize=64)
def _track(good: Good, count: int) -> str:
    """A warehouse row at the origin: the good's icon, counters 0 to 6, ``count`` filled."""
    out = [_icon(good, 0, 0, 18)]
    for n in range(GAME.goods_cap + 1):
        filled = n == count
        out.append(
            f'<rect x="{26 + n * 22}" y="0" width="18" height="18" rx="3" '
            f'fill="{_GOOD_COLOURS[good] if filled else "#fff"}" stroke="{_INK}" '
            'stroke-width="0.8"/>'
        )
        out.append(
            _text(
                35 + n * 22,
                13,
                str(n),
                10,
                anchor="middle",
                fill="#fff" if filled else "#777777",
                weight="bold" if filled else "normal",
            )
        )
    out.append(_text(26 + 7 * 22 + 4, 13, f"{good.label} {count}", 10))
    return "".join(out)


# A player panel's notes (ability, bonus card) begin below the warehouse.
_NOTES_TOP = 148
_NOTE_LINE = 13


def _notes(seen: Observation, view: PlayerView) -> list[str]:
    """The player's ability and bonus card, as a viewer of ``seen`` may see them."""
    board = seen.cards.player_board(view.board)
    notes = []
    if board.ability is not None and board.text:
        worth = ""
        if scored_good(board.ability) is not None:  # ABIL-9, at the current market
            worth = f" (now {market_points(board.ability, seen.market)} VP)"
        notes.append(f"Ability: {board.text}{worth}")
    if view.bonus_card is not None:
        bonus = seen.cards.bonus_cards[view.bonus_card]
        now = bonus.trades(view.goods[bonus.good]) * bonus.points  # BONUS-2, goods held now
        notes.append(f"Bonus card: {bonus.name}, {describe_bonus_card(bonus)} (now {now} VP)")
    elif view.has_bonus_card:
        notes.append("Bonus card: hidden")
    return notes


class _Layout(NamedTuple):
    """A player panel below the warehouse."""

    #: The notes' wrapped lines.
    notes: list[str]
    #: The building tiles: index, label, x, y (from :attr:`top`) and width.
    tiles: list[tuple[int, str, float, float, float]]
    #: Where the tiles begin, from the panel's top.
    top: float

    @property
    def height(self) -> float:
        """The panel's height."""
        rows = 1 + (int(self.tiles[-1][3]) // 30 if self.tiles else 0)
        return self.top + rows * 30 + 6


def _layout(seen: Observation, view: PlayerView, width: float) -> _Layout:
    """The layout of a player panel ``width`` wide below the warehouse."""
    chars = int((width - 40) / (10 * 0.56))
    lines = [line for note in _notes(seen, view) for line in _wrap(note, chars)]
    top = _NOTES_TOP + len(lines) * _NOTE_LINE + (22 if lines else 8)
    tiles = []
    x, y = 20.0, 0.0
    owned = [(c, False) for c in view.buildings] + [(c, True) for c in view.free_buildings]
    for index, free in owned:
        b = seen.cards.buildings[index]
        label = f"{b.name} ({0 if free else b.points} VP{', free' if free else ''})"
        tw = min(width - 40, 36 + len(label) * 5.8)
        if x + tw > width - 10:
            x, y = 20.0, y + 30
        tiles.append((index, label, x, y, tw))
        x += tw + 6
    return _Layout(lines, tiles, top)


def _player(
    seen: Observation,
    seat: int,
    view: PlayerView,
    layout: _Layout,
    viewer: int | None,
    x: float,
    y: float,
    w: float,
    h: float,
    marked: frozenset[Site],
) -> str:
    cards = seen.cards
    board = cards.player_board(view.board)
    turn = not seen.is_over and seat == seen.current
    out = [
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="8" fill="#fff" '
        f'stroke="{_SEAT_COLOURS[seat]}" stroke-width="{4 if turn else 2}"/>',
        f'<rect x="{x:g}" y="{y:g}" width="10" height="{h:g}" rx="4" fill="{_SEAT_COLOURS[seat]}"/>',
    ]
    points = sum(cards.buildings[c].points for c in view.buildings)
    you = " (you)" if seat == viewer else ""
    mover = "  ▶ to play" if turn else ""
    out.append(
        _text(x + 20, y + 22, f"Player {seat + 1}{you}: {board.name}{mover}", 14, weight="bold")
    )
    out.append(_text(x + w - 12, y + 22, f"{points} VP", 14, anchor="end", weight="bold"))
    # The warehouse: a track of counters 0..6 per good (GOODS-2), the count filled.
    for row, good in enumerate(GOODS):
        out.append(
            f'<g transform="translate({x + 20:g} {y + 36 + row * 24:g})">'
            f"{_track(good, view.goods[good])}</g>"
        )
    # The starting building, with any pawn on it.
    start_x, start_y = x + 270, y + 34
    site = BoardSite(seat)
    sw, sh = w - 282, 50
    out.append(
        f'<rect x="{start_x:g}" y="{start_y:g}" width="{sw:g}" height="{sh:g}" rx="5" '
        f'fill="#E8E1CF" stroke="{_INK}" class="harbour-site" data-site="{_site_name(site)}"/>'
    )
    text, _ = _lines(start_x + 8, start_y + 16, describe_effect(board.action), sw - 16, 10)
    out.append(text)
    if site in marked:
        out.append(_outline(site, start_x, start_y, sw, sh))
    out.append(_pawns(seen, site, start_x + sw - 14, start_y + sh - 4))
    # The ability and bonus card, across the panel, then the buildings owned as tiles a
    # pawn can stand on.
    notes, tiles, top = layout
    for i, line in enumerate(notes):
        out.append(_text(x + 20, y + _NOTES_TOP + i * _NOTE_LINE, line, 10))
    out.append(_text(x + 20, y + top - 8, "Buildings", 11, weight="bold"))
    if not tiles:
        out.append(_text(x + 20, y + top + 16, "none", 10, fill="#777777"))
    for index, label, dx, dy, tw in tiles:
        tx, ty = x + dx, y + top + dy
        tile = CardSite(index)
        out.append(
            f'<rect x="{tx:g}" y="{ty:g}" width="{tw:g}" height="24" rx="4" fill="#F2F2F2" '
            f'stroke="{_INK}" stroke-width="0.8" class="harbour-site" '
            f'data-site="{_site_name(tile)}"/>'
        )
        out.append(_text(tx + 6, ty + 16, label, 10))
        if tile in marked:
            out.append(_outline(tile, tx, ty, tw, 24))
        out.append(_pawns(seen, tile, tx + tw - 10, ty + 12))
    if view.pawn is None and not seen.is_over:
        out.append(
            _text(x + w - 12, y + h - 10, "pawn not moved yet", 10, anchor="end", fill="#777777")
        )
    return "".join(out)
