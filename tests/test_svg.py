"""Card pictures: one glyph per shape shown, valid SVG, readable titles."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from xactika_edu import DECK, Card, Hand, deal, svg
from xactika_edu.errors import XactikaError

NS = {"svg": "http://www.w3.org/2000/svg"}


def _glyph_counts(element: ET.Element) -> dict[str, int]:
    # Glyphs are the shapes drawn with a stroke width of 1 (the card outline is 1.5).
    counts = {"circle": 0, "rect": 0, "polygon": 0}
    for tag in counts:
        counts[tag] = sum(
            1 for e in element.iter(f"{{{NS['svg']}}}{tag}") if e.get("stroke-width") == "1"
        )
    return counts


@pytest.mark.parametrize("card", DECK, ids=str)
def test_card_picture_shows_each_shape_count_times(card):
    root = ET.fromstring(svg.card(card))
    counts = _glyph_counts(root)
    assert counts["circle"] == card.balls
    assert counts["rect"] == card.cubes
    assert counts["polygon"] == card.cones + card.stars  # triangles and stars
    texts = [t.text for t in root.iter(f"{{{NS['svg']}}}text")]
    assert texts[0] == str(card.value)
    assert texts[1:] == [str(n) for n in card.counts]
    assert root.find("svg:g/svg:title", NS).text == card.title


def test_hidden_value_and_highlight():
    picture = svg.card("3213", show_value=False, highlight="2 cubes")
    root = ET.fromstring(picture)
    assert next(t.text for t in root.iter(f"{{{NS['svg']}}}text")) == "?"
    assert "9:" not in picture
    assert 'stroke-dasharray="4 2"' in picture
    with pytest.raises(XactikaError, match="card 3213 does not show 3 cubes"):
        svg.card("3213", highlight="3 cubes")


def test_hand_picture_and_notebook_display():
    hand = deal(4, seed=3)[0]
    picture = hand._repr_svg_()
    root = ET.fromstring(picture)
    assert len(root.findall("svg:g", NS)) == 8
    assert root.get("width") == str(8 * svg.CARD_WIDTH + 7 * 6)
    assert Card.parse("1111")._repr_svg_().startswith("<svg")
    two_rows = ET.fromstring(svg.hand(list(DECK[:10]), per_row=5))
    assert root.get("height") == str(svg.CARD_HEIGHT)
    assert two_rows.get("height") == str(2 * svg.CARD_HEIGHT + 6)


def test_dimmed_cards_are_marked():
    hand = Hand.parse("1111 2222")
    picture = svg.hand(hand, dimmed=["2222"])
    assert picture.count('fill-opacity="0.6"') == 1


def test_svg_image_displays_itself():
    picture = svg.card("1111")
    assert isinstance(picture, str)
    assert picture._repr_svg_() == picture
