"""Card pictures on a worksheet page: where they go, and drawn with PDF primitives.

:func:`card_grid` fits a sheet's cards into rows; :func:`draw_card` draws one card
with the same layout, glyphs and colours as :func:`xactika_edu.core.svg.card` (its sizes
come from :mod:`xactika_edu.core.svg`), about twenty times faster to print than placing
the SVG (:func:`card_image`), which keeps a class set quick to make.

>>> grid = card_grid(16, 0.0, 190.0, 0.0, CARD_BAND)
>>> grid.rows, grid.cols
(2, 8)
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...base.palette import INK, PAPER, SHAPE_COLORS
from ...core import svg
from ...core.cards import Card, Combination, Hand, Shape
from ..pdftext import FONT_FAMILY, use_pdf_font
from .layout import MIN_TEXT_PT
from .page import ANSWER, MUTED, Page, rgb

if TYPE_CHECKING:
    from .layout import Recorder

__all__ = [
    "CARD_BAND",
    "CARD_GAP",
    "MIN_CARD_WIDTH",
    "CardGrid",
    "card_grid",
    "card_image",
    "draw_card",
    "draw_card_rows",
    "draw_glyph",
    "draw_hand_row",
]

_TITLE_RE = re.compile(r"<title>.*?</title>", re.DOTALL)

# Card picture geometry, in millimetres.
#: The height a page gives its card pictures and their labels, by default.
CARD_BAND = 68.0
#: The gap between cards in a row.
CARD_GAP = 3.0
_CARD_GAP_TIGHT = 2.0  # between cards when more than 10 share a row
_CARD_ROW_GAP = 1.5
#: Under each card: its number and a box for its value.
CARD_LABEL = 6.8
_CARD_MAX_WIDTH = 21.5
#: The narrowest a card picture may print, in mm: its smallest text (the count
#: digits) is then :data:`~xactika_edu.outputs.worksheets.layout.MIN_TEXT_PT` (7 pt).
MIN_CARD_WIDTH = (
    MIN_TEXT_PT * 25.4 / 72 * svg.CARD_WIDTH / min(svg.COUNT_FONT_SIZE, svg.VALUE_FONT_SIZE)
)


@dataclass(frozen=True)
class CardGrid:
    """Where a sheet's card pictures go: ``rows`` x ``cols`` cards ``w`` x ``h`` mm,
    each with its label (number and answer box) below it."""

    left: float
    top: float
    w: float
    h: float
    rows: int
    cols: int
    gap: float

    def at(self, index: int) -> tuple[float, float]:
        """The top-left corner (x, y) in mm of card ``index`` (from 0)."""
        row, col = divmod(index, self.cols)
        return (
            self.left + col * (self.w + self.gap),
            self.top + row * (self.h + CARD_LABEL + _CARD_ROW_GAP),
        )

    @property
    def bottom(self) -> float:
        """The y below the last row's labels, in mm."""
        return self.top + self.rows * (self.h + CARD_LABEL) + (self.rows - 1) * _CARD_ROW_GAP


def card_grid(n: int, left: float, width: float, top: float, band: float) -> CardGrid:
    """The biggest cards that fit ``n`` to a ``width`` x ``band`` mm area, centred.

    Cards are at most ``_CARD_MAX_WIDTH`` wide; with more than 10 to a row they
    stand closer together. If cards that fit the band would be narrower than
    :data:`MIN_CARD_WIDTH`, the grid grows taller than ``band`` instead (the page
    below moves down; the layout test checks that it still fits).
    """
    best = (0.0, 1, n, CARD_GAP)
    ratio = svg.CARD_WIDTH / svg.CARD_HEIGHT
    for rows in range(1, n + 1):
        cols = math.ceil(n / rows)
        gap = CARD_GAP if cols <= 10 else _CARD_GAP_TIGHT
        by_width = (width - (cols - 1) * gap) / cols
        by_height = (band - rows * CARD_LABEL - (rows - 1) * _CARD_ROW_GAP) / rows * ratio
        if by_height < MIN_CARD_WIDTH <= by_width:
            by_height = MIN_CARD_WIDTH  # readable cards: the band grows
        w = min(_CARD_MAX_WIDTH, by_width, by_height)
        if w > best[0] + 1e-9:
            best = (w, rows, cols, gap)
    w, rows, cols, gap = best
    x0 = left + (width - (cols * w + (cols - 1) * gap)) / 2
    return CardGrid(x0, top, w, w / ratio, rows, cols, gap)


def card_image(card: Card, *, show_value: bool, highlight: Combination | None = None) -> io.BytesIO:
    """The card's SVG (:func:`xactika_edu.core.svg.card`, the ``highlight`` combination
    marked) without ``<title>`` elements (fpdf2 warns about each one), to place with
    ``pdf.image``."""
    picture = svg.card(card, show_value=show_value, highlight=highlight)
    text = _TITLE_RE.sub("", str(picture))
    return io.BytesIO(text.encode("utf-8"))


def draw_glyph(pdf: Recorder, shape: Shape, cx: float, cy: float, size: float, fill: str) -> None:
    """One shape's glyph (as in :func:`xactika_edu.core.svg.glyph`) centred at (cx, cy), in mm."""
    pdf.set_fill_color(*rgb(fill))
    half = size / 2
    if shape is Shape.BALLS:
        pdf.circle(cx, cy, half, style="FD")
    elif shape is Shape.CUBES:
        s = size * 0.88
        pdf.rect(cx - s / 2, cy - s / 2, s, s, style="FD")
    elif shape is Shape.CONES:
        pdf.polygon([(cx, cy - half), (cx + half, cy + half), (cx - half, cy + half)], style="FD")
    else:
        r, inner, cy = half * 1.15, half * 1.15 * 0.45, cy + size * 0.05
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else inner
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        pdf.polygon(points, style="FD")


def draw_card(pdf: Recorder, card: Card, x: float, y: float, w: float, *, show_value: bool) -> None:
    """The card picture of :func:`xactika_edu.core.svg.card`, ``w`` mm wide, drawn directly.

    Same layout, glyphs and colours as the SVG (a "?" for the face value on student
    sheets), drawn with PDF primitives: about twenty times faster than placing the
    SVG, which keeps a class set quick to print.
    """
    scale = w / svg.CARD_WIDTH  # mm per SVG pixel
    pt = scale * 72 / 25.4  # points per SVG pixel
    pdf.set_draw_color(*rgb(INK))
    pdf.set_fill_color(*rgb(PAPER))
    pdf.set_line_width(1.5 * scale)
    pdf.rect(
        x + scale,
        y + scale,
        (svg.CARD_WIDTH - 2) * scale,
        (svg.CARD_HEIGHT - 2) * scale,
        style="FD",
        round_corners=True,
        corner_radius=7 * scale,
    )
    pdf.set_text_color(*rgb(INK))
    pdf.set_font(use_pdf_font(pdf), "B", svg.VALUE_FONT_SIZE * pt)
    value_x, value_y = svg.VALUE_AT
    pdf.text(x + value_x * scale, y + value_y * scale, str(card.value) if show_value else "?")
    pdf.set_font(FONT_FAMILY, "", svg.COUNT_FONT_SIZE * pt)
    pdf.set_line_width(scale)
    for shape, count in zip(Shape, card.counts, strict=True):
        cy = svg.row_centre(shape)
        pdf.text(x + svg.COUNT_X * scale, y + (cy + svg.COUNT_BASELINE) * scale, str(count))
        for i in range(count):
            draw_glyph(
                pdf,
                shape,
                x + (svg.GLYPH_X + i * svg.GLYPH_STEP) * scale,
                y + cy * scale,
                svg.GLYPH_SIZE * scale,
                SHAPE_COLORS[shape],
            )


def draw_card_rows(
    page: Page,
    cards: Hand,
    y: float,
    band: float,
    boxes: list[str] | None,
    *,
    asks_values: bool = True,
) -> float:
    """The cards in rows filling the page width, each with its number and an answer box.

    ``boxes`` holds what the key writes in each box (None: a student sheet, blank
    boxes). ``asks_values``: the sheet asks for each card's face value, so the
    student sheet shows "?" where the value goes and the key fills it in; when
    False (the sheet asks something else) sheet and key both print the value.
    Returns the y below the cards.
    """
    show_value = boxes is not None or not asks_values
    pdf = page.pdf
    grid = card_grid(len(cards), page.left, page.width, y, band)
    w, h = grid.w, grid.h
    for i, card in enumerate(cards):
        x, top = grid.at(i)
        with page.group("card"):
            draw_card(pdf, card, x, top, w, show_value=show_value)
        # the card's number and a box for the student's answer
        with page.group("card label"):
            box_h = CARD_LABEL - 1.4
            size = 8.5 if w >= 15 else 7.0
            # narrow cards: the number (without its #) and the answer in the regular
            # weight, so both fit in DejaVu Sans
            style = "B" if w >= 15 else ""
            page.font(size, style, MUTED)
            label = f"#{i + 1}" if w >= 15 else str(i + 1)
            label_w = pdf.get_string_width(label) + 1.8
            box_w = min(w - label_w, box_h * 1.9)
            start = x + (w - label_w - box_w) / 2
            ly = top + h + 0.8
            page.text_at(start, ly, label_w, box_h, label)
            page.line_style(0.3)
            pdf.rect(start + label_w, ly, box_w, box_h)
            if boxes is not None:
                page.font(size + 1, style, ANSWER)
                page.text_at(start + label_w, ly, box_w, box_h, boxes[i], align="C")
    return grid.bottom


def draw_hand_row(
    page: Page,
    y: float,
    hand: Iterable[Card],
    *,
    widest: float,
    label_gap: float = 0.6,
    label_overhang: float = 0.0,
    below: float = 5.0,
) -> float:
    """A hand's cards in one centred row on ``page``, face values shown, each labelled
    "#1 3213" under it; cards at most ``widest`` mm wide. Returns the y ``below`` mm
    under the pictures."""
    cards = list(hand)
    n = len(cards)
    w = min(widest, (page.width - (n - 1) * CARD_GAP) / n)
    h = w * svg.CARD_HEIGHT / svg.CARD_WIDTH
    x0 = page.left + (page.width - (n * w + (n - 1) * CARD_GAP)) / 2
    for i, card in enumerate(cards):
        x = x0 + i * (w + CARD_GAP)
        with page.group("card"):
            draw_card(page.pdf, card, x, y, w, show_value=True)
        page.font(8.5, "B", MUTED)
        page.text_at(
            x - label_overhang,
            y + h + label_gap,
            w + 2 * label_overhang,
            4,
            f"#{i + 1}  {card}",
            align="C",
        )
    return y + h + below
