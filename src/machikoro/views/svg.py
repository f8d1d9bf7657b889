"""Pictures of cards and positions as SVG (MK-PIC-1 to MK-PIC-3), drawn with the standard library.

:func:`card` draws an establishment or a landmark from its data; :func:`position` draws a
whole table. Both return a :class:`~meeplekit.views.svg.SvgImage`, a ``str`` that Jupyter
shows as a picture (a state, an establishment card and a landmark card show themselves as
their pictures too):

>>> import machikoro
>>> from machikoro.views import svg
>>> state = machikoro.new_game(2, seed=42)
>>> picture = svg.position(state)
>>> picture.startswith("<svg") and "Player 2" in picture
True
>>> "Wheat Field" in svg.card(machikoro.Establishment.WHEAT_FIELD)
True

Every card's icon (wheat, cow, bread, cup, gear, factory, fruit, boat, tower) is drawn in
code with a shape of its own, and every colour (blue, green, red, purple) is also written
in words on the card, so the pictures read in black and white and for colour-blind
readers; the colours are from the Okabe-Ito palette. The conventions every picture of the
project keeps, and the primitives they are drawn with, are the shared layer's
(:mod:`meeplekit.views.svg`): a ``<title>``, a ``viewBox``, ``max-width:100%``, no text smaller
than :data:`MIN_TEXT` pixels at the natural size (a position is :data:`TABLE_WIDTH` wide)
and every class name beginning with ``machikoro-`` (MK-PIC-3). Pictures are for people and
may change between versions; for programs there is :func:`machikoro.to_json`.
"""

from __future__ import annotations

import functools
from html import escape
from typing import NamedTuple

import attrs

from machikoro.cards.catalogue import (
    CATALOGUE,
    CardSet,
    Conflict,
    EstablishmentEntry,
    LandmarkEntry,
    card_set,
)
from machikoro.cards.describe import (
    WHEN,
    activation_text,
    describe_establishment,
    describe_landmark,
    effect_rule,
)
from machikoro.cards.model import (
    Colour,
    Edition,
    Establishment,
    EstablishmentCard,
    Icon,
    Landmark,
    LandmarkCard,
)
from machikoro.cards.pages import card_rule, landmark_rule
from machikoro.observation import Observation
from machikoro.state import GameState
from machikoro.tables import Tables
from machikoro.views.view import headline, landmarks_done, seen_by, tables
from meeplekit.views import svg as shared
from meeplekit.views.svg import SvgImage

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "MIN_TEXT",
    "TABLE_WIDTH",
    "SvgImage",
    "card",
    "position",
]

#: A card's size in SVG user units (a playing card's 5:7), the shared layer's.
CARD_WIDTH = shared.CARD_WIDTH
#: A card's height in SVG user units, the shared layer's.
CARD_HEIGHT = shared.CARD_HEIGHT
#: A position's width in SVG user units, its natural width in pixels (MK-PIC-3;
#: :data:`meeplekit.views.svg.TABLE_WIDTH`).
TABLE_WIDTH = shared.TABLE_WIDTH
#: The smallest font size of any text in a picture at its natural size (MK-PIC-3;
#: :data:`meeplekit.views.svg.MIN_TEXT`).
MIN_TEXT = shared.MIN_TEXT

# Okabe-Ito colours: distinguishable with the common colour-vision deficiencies.
_COLOURS = {
    Colour.BLUE: "#0072B2",
    Colour.GREEN: "#009E73",
    Colour.RED: "#D55E00",
    Colour.PURPLE: "#CC79A7",
}
_LANDMARK = "#E69F00"
_COIN = "#F0E442"
_SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#56B4E9")
_INK = shared.INK
_GREY = "#555555"
_PAPER = "#FFFDF7"

_text = shared.text
_lines = shared.lines


# --------------------------------------------------------------------------- icons

# Each icon on a 16 x 16 grid, a shape of its own: what tells them apart without colour.
_ICON_SHAPES: dict[Icon, str] = {
    Icon.WHEAT: (
        '<path d="M8 15 V3" fill="none" stroke-width="1.4"/>'
        '<ellipse cx="8" cy="2.6" rx="1.4" ry="2.2"/>'
        '<ellipse cx="5.6" cy="6" rx="1.3" ry="2.2" transform="rotate(-30 5.6 6)"/>'
        '<ellipse cx="10.4" cy="6" rx="1.3" ry="2.2" transform="rotate(30 10.4 6)"/>'
        '<ellipse cx="5.6" cy="9.6" rx="1.3" ry="2.2" transform="rotate(-30 5.6 9.6)"/>'
        '<ellipse cx="10.4" cy="9.6" rx="1.3" ry="2.2" transform="rotate(30 10.4 9.6)"/>'
    ),
    Icon.COW: (
        '<path d="M1 3 L5 5.5 M15 3 L11 5.5" fill="none" stroke-width="1.6"/>'
        '<rect x="4" y="4" width="8" height="9" rx="3.5"/>'
        '<ellipse cx="8" cy="12" rx="3.2" ry="2.2" fill="#fff"/>'
        '<circle cx="6.5" cy="8" r="0.9" fill="#fff"/><circle cx="9.5" cy="8" r="0.9" fill="#fff"/>'
    ),
    Icon.BREAD: (
        '<path d="M1.5 13 V8 Q1.5 3 8 3 Q14.5 3 14.5 8 V13 Z"/>'
        '<path d="M5 6 L6.5 9 M8 5.5 L9.5 8.5 M11 6 L12.5 9" fill="none" stroke="#fff" '
        'stroke-width="1"/>'
    ),
    Icon.CUP: (
        '<path d="M2.5 4 H11.5 L10.5 12 H3.5 Z"/>'
        '<path d="M11.3 5.5 Q15 5.5 14 8.5 Q13.3 10 10.8 10" fill="none" stroke-width="1.4"/>'
        '<rect x="1" y="12.5" width="12" height="2" rx="1"/>'
    ),
    Icon.GEAR: (
        '<path d="M6.6 1 H9.4 L9.8 3.2 L11.7 4.3 L13.8 3.5 L15.2 5.9 L13.5 7.3 V8.7 L15.2 10.1 '
        "L13.8 12.5 L11.7 11.7 L9.8 12.8 L9.4 15 H6.6 L6.2 12.8 L4.3 11.7 L2.2 12.5 L0.8 10.1 "
        'L2.5 8.7 V7.3 L0.8 5.9 L2.2 3.5 L4.3 4.3 L6.2 3.2 Z"/>'
        '<circle cx="8" cy="8" r="2.4" fill="#fff"/>'
    ),
    Icon.FACTORY: (
        '<path d="M1 15 V7 L5 9.5 V7 L9 9.5 V2 H12 V9.5 L15 7.5 V15 Z"/>'
        '<rect x="3" y="11.5" width="2" height="2" fill="#fff"/>'
        '<rect x="7" y="11.5" width="2" height="2" fill="#fff"/>'
    ),
    Icon.FRUIT: (
        '<path d="M8 5 Q12 2.5 14 6 Q15.5 11 11 14.5 Q8 15.5 5 14.5 Q0.5 11 2 6 Q4 2.5 8 5 Z"/>'
        '<path d="M8 5 Q8 2.5 9.5 1" fill="none" stroke-width="1.2"/>'
        '<path d="M9 3 Q12 0.5 13.5 2.5 Q11.5 4.5 9 3 Z"/>'
    ),
    Icon.BOAT: (
        '<path d="M1 10 H15 L12.5 14.5 H3.5 Z"/>'
        '<path d="M8 1.5 V9 H3 Z"/><path d="M9 3 V9 H13.5 Z"/>'
    ),
    Icon.TOWER: (
        '<path d="M8 0.5 V3" fill="none" stroke-width="1.2"/>'
        '<path d="M6 3 H10 L11.5 15 H4.5 Z"/>'
        '<rect x="6.6" y="6" width="2.8" height="2.5" fill="#fff"/>'
        '<rect x="6.3" y="10.5" width="3.4" height="2.5" fill="#fff"/>'
    ),
}
# A landmark's emblem: a pennant on a pole over a base (landmarks carry no icon).
_LANDMARK_SHAPE = (
    '<path d="M4 1 V13" fill="none" stroke-width="1.4"/>'
    '<path d="M4.7 1.5 L13.5 4.5 L4.7 7.5 Z"/>'
    '<rect x="1" y="12.5" width="14" height="2.5" rx="1"/>'
)


def _icon(icon: Icon | None, x: float, y: float, size: float, fill: str) -> str:
    """An icon (``None``: a landmark's emblem) in a ``size`` square whose corner is ``(x, y)``."""
    shape = _LANDMARK_SHAPE if icon is None else _ICON_SHAPES[icon]
    label = "landmark" if icon is None else icon.value
    return (
        f'<g transform="translate({x:g} {y:g}) scale({size / 16:g})" fill="{fill}" '
        f'stroke="{_INK}" stroke-width="0.6" class="machikoro-icon">'
        f"<title>{escape(label)}</title>{shape}</g>"
    )


def _coin(cx: float, cy: float, r: float, amount: int, size: float) -> str:
    """A coin (the cost) with ``amount`` written on it."""
    return f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{_COIN}" stroke="{_INK}"/>' + _text(
        cx, cy + size * 0.36, str(amount), size, anchor="middle", weight="bold"
    )


def _die(face: int, x: float, y: float, size: float) -> str:
    """A die showing ``face`` with its pips, corner at ``(x, y)``."""
    pips = {
        1: ((2, 2),),
        2: ((1, 1), (3, 3)),
        3: ((1, 1), (2, 2), (3, 3)),
        4: ((1, 1), (3, 1), (1, 3), (3, 3)),
        5: ((1, 1), (3, 1), (2, 2), (1, 3), (3, 3)),
        6: ((1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)),
    }[face]
    step = size / 4
    dots = "".join(
        f'<circle cx="{x + px * step:g}" cy="{y + py * step:g}" r="{size / 11:g}"/>'
        for px, py in pips
    )
    return (
        f'<g class="machikoro-die" fill="{_INK}"><title>{face}</title>'
        f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="{size / 6:g}" '
        f'fill="#fff" stroke="{_INK}" stroke-width="1.2"/>{dots}</g>'
    )


# --------------------------------------------------------------------------- cards


def card(item: EstablishmentCard | LandmarkCard | Establishment | Landmark) -> SvgImage:
    """A picture of one card, drawn from its data (MK-PIC-1).

    An establishment shows its activation numbers on a band of its colour, its name, its
    colour in words with when it activates (MK-COLOR-1 to MK-COLOR-4), its icon, its
    effect as the card reference words it, its cost on a coin, its clause and colour rule
    and its box in small print; a landmark its name, benefit, cost, clause and box. Where
    the sources disagree on a field of the card (the catalogue's
    :class:`~machikoro.cards.catalogue.Conflict`: the Sushi Bar's cost), the picture says so
    with each value and its sources. An :class:`~machikoro.cards.model.Establishment` or
    :class:`~machikoro.cards.model.Landmark` is drawn as the default card set has it.
    """
    if isinstance(item, Establishment):
        item = card_set().establishment(item)
    elif isinstance(item, Landmark):
        item = card_set().landmark(item)
    return shared.document(CARD_WIDTH, CARD_HEIGHT, item.name, _card_drawing(item))


def _conflicts(item: EstablishmentCard | LandmarkCard) -> list[str]:
    """A line per field the sources disagree on: its values, each with its sources."""
    entry: EstablishmentEntry | LandmarkEntry
    if isinstance(item, EstablishmentCard):
        entry = CATALOGUE.establishment(item.number)
    else:
        entry = CATALOGUE.landmark(item.number)
    notes = []
    for field in attrs.fields(type(entry)):
        value = getattr(entry, field.name)
        if isinstance(value, Conflict):
            each = "; ".join(f"{v} ({', '.join(sources)})" for v, sources in value.values)
            notes.append(f"Sources disagree on the {field.name}: {each}.")
    return notes


# Pictures of positions draw the same few cards' parts again and again.
@functools.lru_cache(maxsize=256)
def _card_drawing(item: EstablishmentCard | LandmarkCard) -> str:
    w, h = CARD_WIDTH, CARD_HEIGHT
    establishment = isinstance(item, EstablishmentCard)
    colour = _COLOURS[item.colour] if isinstance(item, EstablishmentCard) else _LANDMARK
    band = activation_text(item) if isinstance(item, EstablishmentCard) else "landmark"
    out = [
        f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="10" fill="{_PAPER}" '
        f'stroke="{_INK}" stroke-width="2"/>',
        f'<rect x="1" y="1" width="{w - 2}" height="44" rx="10" fill="{colour}" '
        f'stroke="{_INK}" stroke-width="2" class="machikoro-band"/>',
    ]
    pill = 20 + len(band) * (10 if establishment else 8)
    out.append(
        f'<rect x="{(w - pill) / 2:g}" y="10" width="{pill:g}" height="26" rx="13" fill="#fff" '
        f'stroke="{_INK}"/>'
    )
    out.append(_text(w / 2, 29, band, 17 if establishment else 13, anchor="middle", weight="bold"))
    # The icon at the left, the name beside it, as large as its longest word allows.
    out.append(
        _icon(item.icon if isinstance(item, EstablishmentCard) else None, 12, 54, 36, colour)
    )
    longest = max(len(word) for word in item.name.split())
    size = max(MIN_TEXT, min(14.0, (w - 68) / (0.62 * longest)))
    name, y = _lines(56, 54 + size, item.name, w - 68, size, weight="bold")
    out.append(name)
    y = max(y, 100.0)
    if isinstance(item, EstablishmentCard):
        major = " · major" if item.major else ""
        kind = f"{item.colour.value} · {item.icon.value}{major} · {WHEN[item.colour]}"
        effect = describe_establishment(item)
        rules = f"{card_rule(item.number)} · {effect_rule(item)}"
        box = "Harbor expansion" if item.edition is Edition.HARBOR else "base game"
    else:
        kind = "landmark" + (": built from the start" if item.pre_built else "")
        effect = describe_landmark(item)
        rules = landmark_rule(item.number)
        box = "Harbor expansion" if item.edition is Edition.HARBOR else "base game"
    text, y = _lines(12, y, kind, w - 24, 10, fill=_GREY)
    out.append(text)
    # The bottom: the conflicts' notes over the coin and the small print.
    notes = [line for note in _conflicts(item) for line in shared.wrap(note, 34)]
    bottom = h - 52 - 11 * len(notes)
    for i, line in enumerate(notes):
        out.append(
            _text(12, bottom + 4 + 11 * i, line, MIN_TEXT, fill="#A63603", css="machikoro-conflict")
        )
    # The effect between, at the largest size that fits.
    for effect_size in (12.0, 11.0, 10.0, MIN_TEXT):
        text, end = _lines(12, y + 6 + effect_size, effect, w - 24, effect_size)
        if end - effect_size <= bottom - 6:
            break
    out.append(text)
    out.append(_coin(30, h - 30, 18, item.cost, 15))
    out.append(_text(54, h - 34, rules, MIN_TEXT, fill=_GREY))
    out.append(_text(54, h - 21, box, MIN_TEXT, fill=_GREY))
    return "".join(out)


# --------------------------------------------------------------------------- positions


def position(
    state: GameState | Observation, viewer: int | None = None, *, caption: str = ""
) -> SvgImage:
    """A picture of the whole table (MK-PIC-2).

    It shows what the text view shows (MK-VIEW-1): the headline (players, turn, who decides
    what, or the winner), the dice of the turn's rolls and the settled total, the market's
    piles (activation numbers, colour, icon, name, cost and cards showing) and the deck's
    size, and for every player their coins, their landmarks (built, or still to build with
    their costs) and their establishments with their counts and activation numbers, whose
    turn it is marked. ``viewer`` (a seat) marks that player "(you)"; an
    :class:`~machikoro.observation.Observation` is drawn for its viewer. ``caption`` is a
    line printed under the headline (for example the move just played). Raises
    :class:`~machikoro.errors.InvalidValueError` for a viewer that is no seat of the game.
    """
    who = state.viewer if isinstance(state, Observation) else viewer
    seen = seen_by(state, viewer)
    t = tables(seen)
    w = TABLE_WIDTH
    out: list[str] = []
    title, y = _lines(16, 26, headline(seen), w - 32, 15, weight="bold")
    out.append(title)
    if caption:
        text, y = _lines(16, y, caption, w - 32, 12, fill=_GREY)
        out.append(text)
    dice, y = _dice(seen, 16, y)
    out.append(dice)
    market, y = _market(seen, t, 16, y + 6)
    out.append(market)
    y += 14
    for seat in range(seen.players):
        panel, height = _player(seen, t, seat, who, 16, y, w - 32)
        out.append(panel)
        y += height + 12
    height = y + 2
    background = f'<rect width="{w}" height="{height:g}" fill="#F4F7FA"/>'
    return shared.document(w, height, headline(seen), background + "".join(out))


def _dice(state: Observation, x: float, y: float) -> tuple[str, float]:
    """The turn's rolls as dice, and what they mean; the SVG and the ``y`` below."""
    out = [_text(x, y + 20, f"Player {state.current + 1}'s dice:", 13, weight="bold")]
    dx = x + 138
    if not state.rolls:
        out.append(_text(dx, y + 20, "none rolled yet this turn", 12, fill=_GREY))
    for i, roll in enumerate(state.rolls):
        if i:
            out.append(_text(dx, y + 20, "then", 11, fill=_GREY))
            dx += 30
        for face in roll:
            out.append(_die(face, dx, y + 3, 24))
            dx += 28
        out.append(_text(dx + 2, y + 20, f"= {sum(roll)}", 12, weight="bold"))
        dx += 40
    if state.total and state.rolls and state.total != sum(state.rolls[-1]):
        out.append(_text(dx, y + 20, f"total {state.total} with the Harbor", 12))
    return "".join(out), y + 34


# The market's piles: this many in a row, each this size.
_PILE_COLUMNS = 5
_PILE_W = 130.0
_PILE_H = 66.0
_PILE_GAP = (TABLE_WIDTH - 32 - _PILE_COLUMNS * _PILE_W) / (_PILE_COLUMNS - 1)


@functools.lru_cache(maxsize=512)
def _pile(item: EstablishmentCard, count: int) -> str:
    """A market pile at the origin: colour, activation numbers, icon, name, cost, count."""
    colour = _COLOURS[item.colour]
    out = [
        f'<g class="machikoro-pile"><title>{escape(item.name)}: {item.colour.value}, '
        f"activates on {activation_text(item)}, costs {item.cost}, {count} in the market"
        "</title>",
        f'<rect width="{_PILE_W:g}" height="{_PILE_H:g}" rx="6" fill="#fff" stroke="{_INK}"/>',
        f'<rect width="{_PILE_W:g}" height="18" rx="6" fill="{colour}" stroke="{_INK}"/>',
        f'<rect x="{_PILE_W / 2 - 22:g}" y="2" width="44" height="14" rx="7" fill="#fff"/>',
        _text(_PILE_W / 2, 13, activation_text(item), 11, anchor="middle", weight="bold"),
    ]
    name, _ = _lines(6, 31, item.name, _PILE_W - 12, 10, weight="bold")
    out.append(name)
    out.append(_coin(14, _PILE_H - 11, 8, item.cost, 10))
    out.append(_icon(item.icon, 26, _PILE_H - 19, 16, colour))
    out.append(_text(46, _PILE_H - 7, f"{item.colour.value}", MIN_TEXT, fill=_GREY))
    out.append(_text(_PILE_W - 6, _PILE_H - 7, f"x{count}", 12, anchor="end", weight="bold"))
    out.append("</g>")
    return "".join(out)


def _market(state: Observation, t: Tables, x: float, y: float) -> tuple[str, float]:
    """The market's piles in rows and the deck; the SVG and the ``y`` below."""
    piles = [(n, k) for n, k in enumerate(state.market) if k]
    deck = sum(state.deck)
    kind = "the Harbor marketplace" if t.harbor_market else "every pile face up"
    out = [
        _text(x, y + 14, "Market", 13, weight="bold"),
        _text(
            x + 60, y + 14, f"{kind}; deck: {deck} card{'' if deck == 1 else 's'}", 12, fill=_GREY
        ),
    ]
    y += 22
    if not piles:
        out.append(_text(x, y + 16, "(empty)", 12))
        return "".join(out), y + 24
    for i, (number, count) in enumerate(piles):
        row, column = divmod(i, _PILE_COLUMNS)
        px = x + column * (_PILE_W + _PILE_GAP)
        py = y + row * (_PILE_H + 8)
        out.append(
            f'<g transform="translate({px:g} {py:g})">'
            f"{_pile(t.cards.establishment(number), count)}</g>"
        )
    rows = (len(piles) + _PILE_COLUMNS - 1) // _PILE_COLUMNS
    return "".join(out), y + rows * (_PILE_H + 8) - 8


class _Tile(NamedTuple):
    """An establishment owned, as a tile: its card, copies owned, place and width."""

    item: EstablishmentCard
    copies: int
    x: float
    y: float
    width: float


def _tiles(cards: CardSet, owned: tuple[int, ...], width: float) -> tuple[list[_Tile], float]:
    """The establishments owned as tiles in rows ``width`` wide; the tiles and their height."""
    tiles = []
    x, y = 0.0, 0.0
    for number, count in enumerate(owned):
        if not count:
            continue
        item = cards.establishment(number)
        label = f"{item.name} x{count}"
        tw = min(width, 72 + len(label) * 5.8)
        if x + tw > width:
            x, y = 0.0, y + 30
        tiles.append(_Tile(item, count, x, y, tw))
        x += tw + 6
    return tiles, (y + 30 if tiles else 24)


def _player(
    state: Observation, t: Tables, seat: int, viewer: int | None, x: float, y: float, w: float
) -> tuple[str, float]:
    """One player's panel: coins, landmarks and establishments; the SVG and its height."""
    cards = t.cards
    turn = not state.is_over and seat == state.current
    winner = state.is_over and seat == state.current
    tiles, tiles_h = _tiles(cards, state.establishments[seat], w - 30)
    landmarks = [lm for lm, in_play in enumerate(t.landmark_in_play) if in_play]
    h = 30 + 50 + 22 + tiles_h + 8
    colour = _SEAT_COLOURS[seat % len(_SEAT_COLOURS)]
    out = [
        f'<g class="machikoro-player" data-seat="{seat}">',
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="8" fill="#fff" '
        f'stroke="{colour}" stroke-width="{4 if turn else 2}"/>',
        f'<rect x="{x:g}" y="{y:g}" width="10" height="{h:g}" rx="4" fill="{colour}"/>',
    ]
    you = " (you)" if seat == viewer else ""
    mark = "  ▶ to play" if turn else ("  ★ winner" if winner else "")
    out.append(_text(x + 20, y + 22, f"Player {seat + 1}{you}{mark}", 14, weight="bold"))
    coins = state.coins[seat]
    out.append(
        f'<circle cx="{x + w - 96:g}" cy="{y + 17:g}" r="8" fill="{_COIN}" stroke="{_INK}"/>'
    )
    out.append(
        _text(
            x + w - 12, y + 22, f"{coins} coin{'' if coins == 1 else 's'}", 14, anchor="end",
            weight="bold",
        )
    )  # fmt: skip
    built = landmarks_done(state, seat)
    out.append(
        _text(x + w - 120, y + 22, f"{built} of {len(t.to_build)} landmarks", 11, anchor="end")
    )
    # The landmarks: built ones filled, the others dashed with their costs.
    lw = (w - 30 - 6 * (len(landmarks) - 1)) / len(landmarks)
    for i, lm in enumerate(landmarks):
        item = cards.landmark(lm)
        done = state.landmarks[seat][lm]
        lx, ly = x + 20 + i * (lw + 6), y + 32
        dash = "" if done else ' stroke-dasharray="4 2"'
        status = "built" if done else f"to build: {item.cost}"
        out.append(
            f'<g class="machikoro-landmark"><title>{escape(item.name)}: {status}</title>'
            f'<rect x="{lx:g}" y="{ly:g}" width="{lw:g}" height="42" rx="5" '
            f'fill="{_LANDMARK if done else "#fff"}" stroke="{_INK}"{dash}/>'
        )
        size = max(MIN_TEXT, min(11.0, (lw - 6) / (0.64 * len(item.name))))
        out.append(_text(lx + lw / 2, ly + 17, item.name, size, anchor="middle"))
        below = "built" if done else f"cost {item.cost}"
        out.append(_text(lx + lw / 2, ly + 34, below, 10, anchor="middle"))
        out.append("</g>")
    # The establishments, as tiles: colour, activation numbers, icon, name and count.
    ty0 = y + 32 + 50 + 16
    out.append(_text(x + 20, ty0 - 4, "Establishments", 11, weight="bold"))
    if not tiles:
        out.append(_text(x + 20, ty0 + 16, "none", 10, fill="#777777"))
    for tile in tiles:
        tx, ty = x + 20 + tile.x, ty0 + tile.y
        out.append(_establishment_tile(tile.item, tile.copies, tx, ty, tile.width))
    out.append("</g>")
    return "".join(out), h


def _establishment_tile(item: EstablishmentCard, count: int, x: float, y: float, w: float) -> str:
    colour = _COLOURS[item.colour]
    label = f"{item.name} x{count}"
    number = activation_text(item)
    return (
        f'<g class="machikoro-establishment"><title>{escape(item.name)} x{count}: '
        f"{item.colour.value}, activates on {number}</title>"
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="24" rx="4" fill="#F2F2F2" '
        f'stroke="{_INK}" stroke-width="0.8"/>'
        f'<rect x="{x:g}" y="{y:g}" width="44" height="24" rx="4" fill="{colour}" '
        f'stroke="{_INK}" stroke-width="0.8"/>'
        f'<rect x="{x + 3:g}" y="{y + 5:g}" width="38" height="14" rx="7" fill="#fff"/>'
        + _text(x + 22, y + 16, number, 10, anchor="middle", weight="bold")
        + _icon(item.icon, x + 48, y + 4, 16, colour)
        + _text(x + 68, y + 16, label, 10)
        + "</g>"
    )
