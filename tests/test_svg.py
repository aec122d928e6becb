"""Card pictures: one glyph per shape shown, valid SVG, readable titles."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from xactika_edu import DECK, Card, Hand, deal
from xactika_edu.base.errors import XactikaError
from xactika_edu.core import svg

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
    # review 5: 8 cards (682 px) are drawn at most 600 px wide, the viewBox keeps them whole
    assert root.get("viewBox") == f"0 0 {8 * svg.CARD_WIDTH + 7 * 6} {svg.CARD_HEIGHT + 18}"
    assert root.get("width") == str(svg.MAX_PICTURE_WIDTH)
    assert Card.parse("1111")._repr_svg_().startswith("<svg")
    two_rows = ET.fromstring(svg.hand(list(DECK[:10]), per_row=5))
    assert two_rows.get("height") == str(2 * (svg.CARD_HEIGHT + 18) + 6)
    plain = ET.fromstring(svg.hand(list(DECK[:2]), names=False))
    assert plain.get("height") == str(svg.CARD_HEIGHT)


def test_each_card_of_a_hand_has_its_name_under_it():
    # review 5: "your 7, 2131" in a hand of four 7s: the name is printed under each card
    hand = deal(4, seed=3)[0]
    texts = [t.text for t in ET.fromstring(hand._repr_svg_()).findall("svg:text", NS)]
    assert texts == [str(c) for c in hand]


def test_dimmed_cards_are_marked():
    hand = Hand.parse("1111 2222")
    picture = svg.hand(hand, dimmed=["2222"])
    assert picture.count('fill-opacity="0.6"') == 1


def test_svg_image_displays_itself():
    picture = svg.card("1111")
    assert isinstance(picture, str)
    assert picture._repr_svg_() == picture


def _label(picture: str) -> str:
    return ET.fromstring(picture).get("aria-label")


def test_a_card_is_described_by_its_name_first():
    # The lessons call cards by their 4 digits ("your 8, 2213"): the alt text leads with it.
    picture = svg.card("2213")
    assert _label(picture) == "2213 (8): 2 balls, 2 cubes, 1 cone, 3 stars"
    assert ET.fromstring(picture).find("svg:g/svg:title", NS).text == _label(picture)
    assert _label(svg.card("2213", show_value=False)) == "2213: 2 balls, 2 cubes, 1 cone, 3 stars"
    assert _label(svg.hand(["2213", "1111"])) == (
        "2 cards: 2213 (8): 2 balls, 2 cubes, 1 cone, 3 stars; "
        "1111 (4): 1 ball, 1 cube, 1 cone, 1 star"
    )


def test_a_big_pile_is_described_by_names_and_values():
    cards = [c for c in DECK if c.value == 8]  # 19 cards
    label = _label(svg.hand(cards))
    assert label.startswith("19 cards, each as its 4 digits (balls, cubes, cones, stars, then")
    assert label.endswith(": " + ", ".join(f"{c} (8)" for c in cards))
    assert len(label) < 400
    hidden = _label(svg.hand(cards, show_value=False))
    assert "(8)" not in hidden and hidden.endswith(", ".join(map(str, cards)))
