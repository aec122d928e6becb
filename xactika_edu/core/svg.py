"""Card and hand pictures as SVG, shared by notebooks, widgets and worksheets.

Each shape has its own glyph (ball = circle, cube = square, cone = triangle,
star = five-pointed star), drawn as many times as the card shows it, with the count
as a digit beside the row and the face value in the top-left corner. The glyphs, not
their colours, carry the meaning, so a black-and-white print reads the same.

>>> from xactika_edu import Card
>>> picture = card(Card.parse("3213"))
>>> picture.startswith("<svg")
True
>>> "<title>3213 (9): 3 balls, 2 cubes, 1 cone, 3 stars</title>" in picture
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape

from ..base.errors import XactikaError
from ..base.language import gettext as _
from ..base.language import ngettext
from ..base.palette import INK, OKABE_ITO, PAPER, SHAPE_COLORS
from .cards import Card, Combination, Shape, as_card, as_combination

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "COUNT_FONT_SIZE",
    "LISTED_IN_FULL",
    "VALUE_FONT_SIZE",
    "SvgImage",
    "card",
    "glyph",
    "hand",
    "row_centre",
]

CARD_WIDTH = 80
CARD_HEIGHT = 112
#: Font size (px at scale 1) of the face value in a card's corner.
VALUE_FONT_SIZE = 20
#: Font size (px at scale 1) of the count digit beside each row of shapes: as tall
#: as the glyphs, so a card printed 11 mm wide still shows it at 7 pt.
COUNT_FONT_SIZE = 18
#: Where the face value's baseline starts, (x, y) px.
VALUE_AT = (7.0, 22.0)
#: Where each count digit starts, x px, and its baseline below the row's centre, px.
COUNT_X = 9.0
COUNT_BASELINE = 6.5
#: The first glyph's centre x, and the step to the next glyph in a row, px.
GLYPH_X = 32.0
GLYPH_STEP = 18.0
GLYPH_SIZE = 13.0  # glyph size in px at scale 1
_ROW_TOP = 30.0
_ROW_STEP = 19.0
_GAP = 6.0  # space between cards in a hand
#: A picture of more cards than this (a hand) is described by each card's 4 digits
#: and face value only, so its description stays short enough to listen to.
LISTED_IN_FULL = 8
#: The widest a picture of several cards is drawn, px: it fits a narrow window and a
#: printed page (a wider one is scaled down; its ``viewBox`` keeps it sharp).
MAX_PICTURE_WIDTH = 600
#: The height of the line under each card of a hand that prints its 4-digit name, px.
NAME_LINE = 18.0
_FONT = "Helvetica, Arial, sans-serif"


def row_centre(shape: Shape) -> float:
    """The y (px from the card's top) of the centre of ``shape``'s row of glyphs."""
    return _ROW_TOP + 9 + int(shape) * _ROW_STEP


class SvgImage(str):
    """An SVG document as a ``str`` that Jupyter displays as a picture."""

    def _repr_svg_(self) -> str:
        return str(self)


def _star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    inner = r * 0.45
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def glyph(
    shape: Shape, cx: float, cy: float, size: float = GLYPH_SIZE, fill: str | None = None
) -> str:
    """One shape's glyph centred at (cx, cy), ``size`` px across, as an SVG element."""
    fill = SHAPE_COLORS[shape] if fill is None else fill
    style = f'fill="{fill}" stroke="{INK}" stroke-width="1"'
    half = size / 2
    if shape is Shape.BALLS:
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{half:.1f}" {style}/>'
    if shape is Shape.CUBES:
        s = size * 0.88
        return (
            f'<rect x="{cx - s / 2:.1f}" y="{cy - s / 2:.1f}" width="{s:.1f}" '
            f'height="{s:.1f}" {style}/>'
        )
    if shape is Shape.CONES:
        points = [(cx, cy - half), (cx + half, cy + half), (cx - half, cy + half)]
    else:
        points = _star_points(cx, cy + size * 0.05, half * 1.15)
    text = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return f'<polygon points="{text}" {style} stroke-linejoin="round"/>'


def _card_body(
    card: Card,
    x: float,
    y: float,
    *,
    show_value: bool,
    highlight: Combination | None,
    dimmed: bool,
) -> str:
    parts = [f'<g transform="translate({x:.1f},{y:.1f})">']
    parts.append(f"<title>{escape(card.caption(show_value=show_value))}</title>")
    parts.append(
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="7" '
        f'fill="{PAPER}" stroke="{INK}" stroke-width="1.5"/>'
    )
    value = str(card.value) if show_value else "?"
    parts.append(
        f'<text x="{VALUE_AT[0]:g}" y="{VALUE_AT[1]:g}" font-family="Helvetica, Arial, '
        f'sans-serif" font-size="{VALUE_FONT_SIZE}" font-weight="bold" fill="{INK}">'
        f"{value}</text>"
    )
    for shape, count in zip(Shape, card.counts, strict=True):
        cy = row_centre(shape)
        if highlight is not None and highlight == Combination(shape, count):
            parts.append(
                f'<rect x="4" y="{cy - 9:.1f}" width="{CARD_WIDTH - 8}" height="18" rx="4" '
                f'fill="{OKABE_ITO["yellow"]}" stroke="{INK}" stroke-width="2" '
                f'stroke-dasharray="4 2"/>'
            )
        parts.append(
            f'<text x="{COUNT_X:g}" y="{cy + COUNT_BASELINE:.1f}" font-family="Helvetica, '
            f'Arial, sans-serif" font-size="{COUNT_FONT_SIZE}" fill="{INK}">{count}</text>'
        )
        for i in range(count):
            parts.append(glyph(shape, GLYPH_X + i * GLYPH_STEP, cy))
    if dimmed:
        parts.append(
            f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="7" '
            f'fill="{PAPER}" fill-opacity="0.6" stroke="{INK}" stroke-dasharray="5 3"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _document(body: str, width: float, height: float, scale: float, label: str) -> SvgImage:
    return SvgImage(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:.0f}" '
        f'height="{height * scale:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'role="img" aria-label="{escape(label)}">{body}</svg>'
    )


def card(
    card: Card | str,
    *,
    scale: float = 1.0,
    show_value: bool = True,
    highlight: Combination | str | None = None,
    dimmed: bool = False,
) -> SvgImage:
    """A picture of one card, 80 x 112 px at ``scale`` 1.

    Args:
        card: a :class:`Card` or its notation.
        scale: size multiplier (1.0 = 80 px wide).
        show_value: draw the face value in the corner (worksheets hide it with a "?"
            so students add up the shapes).
        highlight: a combination on the card to mark with a dashed box (a call).
        dimmed: grey the card out (already played).

    Raises:
        XactikaError: if ``highlight`` is not one of the card's combinations.
    """
    card = as_card(card)
    mark = None if highlight is None else as_combination(highlight)
    if mark is not None and not card.has(mark):
        raise XactikaError(
            _("card {card} does not show {mark}, so it cannot be highlighted").format(
                card=card, mark=mark
            )
        )
    body = _card_body(card, 0, 0, show_value=show_value, highlight=mark, dimmed=dimmed)
    label = card.caption(show_value=show_value)
    return _document(body, CARD_WIDTH, CARD_HEIGHT, scale, label)


def hand(
    cards: Iterable[Card | str],
    *,
    scale: float = 1.0,
    per_row: int = 8,
    show_value: bool = True,
    dimmed: Iterable[Card | str] = (),
    names: bool = True,
) -> SvgImage:
    """A picture of several cards side by side, ``per_row`` to a row, each with its
    4-digit name printed under it if ``names`` (the lessons call cards by it: "your 7,
    2131"). The picture is at most :data:`MAX_PICTURE_WIDTH` px wide (scaled down).

    ``dimmed`` cards are drawn greyed out (for cards already played). The picture's
    description (``aria-label``, the lesson pages' alt text) names each card as
    :meth:`~xactika_edu.core.cards.Card.caption` does: in full for up to
    :data:`LISTED_IN_FULL` cards, else by its 4 digits and face value.

    >>> hand(["2213", "1111"]).split('aria-label="')[1].split('"')[0]
    '2 cards: 2213 (8): 2 balls, 2 cubes, 1 cone, 3 stars; 1111 (4): 1 ball, 1 cube, 1 cone, 1 star'
    """
    shown = [as_card(c) for c in cards]
    faded = {as_card(c) for c in dimmed}
    per_row = max(1, per_row)
    columns = min(per_row, max(1, len(shown)))
    rows = max(1, math.ceil(len(shown) / per_row))
    step = CARD_HEIGHT + (NAME_LINE if names else 0.0)
    width = columns * CARD_WIDTH + (columns - 1) * _GAP
    height = rows * step + (rows - 1) * _GAP
    body = "".join(
        _card_body(
            c,
            (i % per_row) * (CARD_WIDTH + _GAP),
            (i // per_row) * (step + _GAP),
            show_value=show_value,
            highlight=None,
            dimmed=c in faded,
        )
        + (
            f'<text x="{(i % per_row) * (CARD_WIDTH + _GAP) + CARD_WIDTH / 2:.1f}" '
            f'y="{(i // per_row) * (step + _GAP) + step - 3:.1f}" text-anchor="middle" '
            f'font-family="{_FONT}" font-size="15" fill="{INK}">{c}</text>'
            if names
            else ""
        )
        for i, c in enumerate(shown)
    )
    scale = min(scale, MAX_PICTURE_WIDTH / width)
    label = ngettext("{count} card: {cards}", "{count} cards: {cards}", len(shown)).format(
        count=len(shown), cards="; ".join(c.caption(show_value=show_value) for c in shown)
    )
    if len(shown) > LISTED_IN_FULL:
        message = (
            _(
                "{count} cards, each as its 4 digits ({balls}, {cubes}, {cones}, {stars}, "
                "then the face value): {cards}"
            )
            if show_value
            else _(
                "{count} cards, each as its 4 digits ({balls}, {cubes}, {cones}, {stars}): {cards}"
            )
        )
        label = message.format(
            count=len(shown),
            cards=", ".join(c.caption(show_value=show_value, shapes=False) for c in shown),
            **{shape.key: shape.plural for shape in Shape},
        )
    return _document(body, width, height, scale, label)
