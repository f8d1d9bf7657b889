"""The shared picture primitives: text, wrapping, the document and the checks of a picture."""

from __future__ import annotations

from xml.etree import ElementTree

import harbour.views.svg
import machikoro.views.svg
from meeplekit.views import svg
from meeplekit.views.svg import (
    MIN_TEXT,
    TABLE_WIDTH,
    SvgImage,
    chars_fitting,
    class_names,
    document,
    lines,
    smallest_text,
    text,
    wrap,
)

SVG = "{http://www.w3.org/2000/svg}"


def test_a_line_of_text_is_escaped_and_placed() -> None:
    line = text(10, 20.5, "Fish & <chips>", 11, anchor="middle", weight="bold", css="x-y")
    assert line == (
        '<text x="10" y="20.5" font-size="11" text-anchor="middle" font-weight="bold" '
        'fill="#222222" class="x-y">Fish &amp; &lt;chips&gt;</text>'
    )
    assert 'class="' not in text(0, 0, "plain")
    assert text(0, 0, "grey", fill="#555555").count('fill="#555555"') == 1


def test_text_is_wrapped_to_a_width_without_breaking_words() -> None:
    assert chars_fitting(113, 10) == 20 and chars_fitting(125, 10, bold=True) == 20
    assert chars_fitting(10, 12) == 8  # never fewer than 8 characters
    assert wrap("a well-known word list", 8) == ("a", "well-known", "word", "list")
    drawn, below = lines(5, 30, "one two three four five six", 60, 10)
    root = ElementTree.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{drawn}</svg>')
    rows = [(t.get("y"), t.text) for t in root.iter(f"{SVG}text")]
    assert rows == [("30", "one two"), ("42.5", "three four"), ("55", "five six")]
    assert below == 30 + 3 * 12.5
    empty, after = lines(0, 10, "", 100, 8)
    assert empty.count("<text") == 1 and after == 20


def test_a_document_is_standalone_titled_and_scalable() -> None:
    picture = document(300, 120.5, 'A "title" & more', text(0, 10, "hi", MIN_TEXT))
    assert isinstance(picture, SvgImage) and picture._repr_svg_() == str(picture)
    root = ElementTree.fromstring(picture)
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 300 120.5"
    assert (root.get("width"), root.get("height"), root.get("role")) == ("300", "120.5", "img")
    assert root.get("style", "").startswith("max-width:100%;height:auto;font-family:")
    assert root.findtext(f"{SVG}title") == 'A "title" & more'


def test_the_checks_read_sizes_through_scales_and_list_classes() -> None:
    body = (
        '<g transform="translate(4 5) scale(0.5)" class="g-a">'
        + text(0, 0, "small", 20, css="g-b g-c")
        + "</g>"
        + text(0, 0, "large", 12)
    )
    picture = document(50, 50, "t", body)
    assert smallest_text(picture) == 10.0
    assert class_names(picture) == {"g-a", "g-b", "g-c"}
    assert smallest_text(document(10, 10, "none", "")) == float("inf")


def test_both_games_draw_with_the_shared_primitives_and_sizes() -> None:
    for game in (harbour.views.svg, machikoro.views.svg):
        assert game.SvgImage is SvgImage
        assert (game.MIN_TEXT, game.TABLE_WIDTH) == (MIN_TEXT, TABLE_WIDTH) == (9, 720)
        assert (game.CARD_WIDTH, game.CARD_HEIGHT) == (svg.CARD_WIDTH, svg.CARD_HEIGHT)
    assert isinstance(harbour.views.svg.position(harbour.new_game(2, seed=1)), SvgImage)
    assert isinstance(machikoro.views.svg.position(machikoro.new_game(2, seed=1)), SvgImage)
