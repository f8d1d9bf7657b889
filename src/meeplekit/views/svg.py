"""Picture primitives every game's pictures share: SVG drawn with the standard library.

A game's picture module (``harbour.views.svg``, ``machikoro.views.svg``) draws its cards and
positions with these: :func:`text` and :func:`lines` (text wrapped by an estimate of its
width), :func:`document` (the standalone SVG document) and :class:`SvgImage` (a ``str``
that Jupyter shows as a picture, as python-chess's ``chess.svg`` does). They hold the
conventions every picture of the project keeps:

- every picture is a standalone SVG document with a ``<title>``, a ``viewBox`` and a
  natural size, shrinks to the width it is given (``max-width:100%``) and holds its words
  as SVG text;
- at its natural size no text is smaller than :data:`MIN_TEXT` pixels, and a position is
  :data:`TABLE_WIDTH` wide, so that a documentation page's column and a notebook show it
  at that size;
- every class name begins with the game's name (``harbour-``, ``machikoro-``), so that the
  styles of a page the picture is put in cannot match it (:func:`class_names` lists them
  for a test).

>>> picture = document(100, 40, "A & B", text(4, 20, "x < y", MIN_TEXT))
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40"')
True
>>> "<title>A &amp; B</title>" in picture and "x &lt; y" in picture
True
>>> smallest_text(picture)
9.0
"""

from __future__ import annotations

import functools
import re
import textwrap
from html import escape
from xml.etree import ElementTree

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "FONT",
    "INK",
    "MIN_TEXT",
    "TABLE_WIDTH",
    "SvgImage",
    "chars_fitting",
    "class_names",
    "document",
    "lines",
    "smallest_text",
    "text",
    "wrap",
]

#: A card's size in SVG user units (a playing card's 5:7).
CARD_WIDTH = 200
#: A card's height in SVG user units (its width times 7/5).
CARD_HEIGHT = 280
#: A position's width in SVG user units: its natural width in pixels, narrower than a
#: documentation page's column (Furo's is 736 px on a laptop), so that the position is shown
#: at its natural size there and in a notebook.
TABLE_WIDTH = 720
#: The smallest font size of any text in a picture, in user units: at the natural size, no
#: text is smaller than this many pixels.
MIN_TEXT = 9
#: The colour of text and lines.
INK = "#222222"
#: The font every picture asks for (a sans-serif found on most systems, then any).
FONT = "font-family:DejaVu Sans,Verdana,Arial,sans-serif"

_SVG = "{http://www.w3.org/2000/svg}"


class SvgImage(str):
    """An SVG document as a ``str`` that shows itself as a picture in Jupyter."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def text(
    x: float,
    y: float,
    words: str,
    size: float = 12,
    *,
    anchor: str = "start",
    weight: str = "normal",
    fill: str = INK,
    css: str = "",
) -> str:
    """One line of text, ``words`` escaped; its baseline at ``y``, ``css`` its class (if any)."""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" '
        f'font-weight="{weight}" fill="{fill}"'
        + (f' class="{css}"' if css else "")
        + f">{escape(words)}</text>"
    )


def chars_fitting(width: float, size: float, *, bold: bool = False) -> int:
    """About how many characters of a ``size`` font fit in ``width`` units (at least 8).

    An estimate from the average width of a character of a sans-serif font (0.56 of the
    size, 0.62 in bold): the pictures need no font metrics, so they draw alike everywhere.
    """
    return max(8, int(width / (size * (0.62 if bold else 0.56))))


def lines(
    x: float, y: float, words: str, width: float, size: float = 12, **options: str
) -> tuple[str, float]:
    """``words`` wrapped to ``width`` user units from ``(x, y)``: the SVG and the next ``y``.

    ``options`` are those of :func:`text`; lines are ``1.25 * size`` apart.
    """
    chars = chars_fitting(width, size, bold=options.get("weight") == "bold")
    out = []
    for line in wrap(words, chars) or ("",):
        out.append(text(x, y, line, size, **options))
        y += size * 1.25
    return "".join(out), y


@functools.lru_cache(maxsize=4096)
def wrap(words: str, chars: int) -> tuple[str, ...]:
    """``words`` in lines of at most ``chars`` characters (the same texts recur: cached).

    Words are never broken, at hyphens or otherwise.
    """
    return tuple(textwrap.wrap(words, chars, break_on_hyphens=False, break_long_words=False))


def document(width: float, height: float, title: str, body: str) -> SvgImage:
    """The standalone SVG document around ``body``: natural size, ``viewBox``, ``<title>``.

    It shrinks to the width it is given (``max-width:100%``) and asks for :data:`FONT`.
    """
    return SvgImage(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
        f'width="{width:g}" height="{height:g}" role="img" '
        f'style="max-width:100%;height:auto;{FONT}">'
        f"<title>{escape(title)}</title>{body}</svg>"
    )


def _scale(transform: str) -> float:
    """The scale factor of a ``transform`` of translations and uniform scales."""
    factor = 1.0
    for kind, values in re.findall(r"(\w+)\(([^)]*)\)", transform):
        if kind == "scale":
            factor *= float(values.replace(",", " ").split()[0])
    return factor


def smallest_text(picture: str) -> float:
    """The smallest font size of the texts of ``picture``, in pixels at its natural size.

    Each ``font-size`` is multiplied by the scales of the groups around it; a picture
    without text gives infinity. A game's tests check it against :data:`MIN_TEXT`.
    """

    def smallest(element: ElementTree.Element, scale: float) -> float:
        scale *= _scale(element.get("transform", ""))
        sizes = [scale * float(element.attrib["font-size"])] if element.tag == f"{_SVG}text" else []
        sizes += [smallest(child, scale) for child in element]
        return min(sizes, default=float("inf"))

    return smallest(ElementTree.fromstring(picture), 1.0)


def class_names(picture: str) -> frozenset[str]:
    """Every class name used in ``picture`` (each should begin with the game's name)."""
    root = ElementTree.fromstring(picture)
    return frozenset(name for element in root.iter() for name in element.get("class", "").split())
