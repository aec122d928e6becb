"""Parts of the simulation worksheet's page: one draw's cell, the deck table and the
graph of the relative frequency (the key plots it against the exact probability).

Each function draws on a :class:`~xactika_edu.outputs.worksheets.simulation_page.SimulationPage`
(its PDF, fonts and the sheet); the page module lays the parts out.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from ...base.formatting import exact_percent
from ...base.language import gettext as _
from ...base.palette import INK, OKABE_ITO, SHAPE_COLORS
from ...core.cards import Card, Shape
from ...core.probability import FACE_VALUES, value_distribution
from .card_pictures import draw_glyph
from .layout import TEXT_SIDE_GAP, segment_crosses_box
from .page import ANSWER, GRID_MAJOR, GRID_MINOR, MUTED, SHADE, rgb

if TYPE_CHECKING:
    from .simulation_page import SimulationPage

__all__ = ["DRAWS_PER_ROW", "draw_cell", "draw_deck_table", "draw_graph"]

#: Draws per row of the sheet: the relative frequency is written after each row.
DRAWS_PER_ROW = 10


def draw_cell(
    page: SimulationPage, i: int, card: Card, hit: bool, x: float, y: float, w: float, h: float
) -> None:
    """One draw: its number, a tick box, and the four shapes with their counts."""
    pdf = page.pdf
    box = 3.6
    bx, by = x + w - box - 0.8, y + 0.8
    page.font(7, "", MUTED)
    # the draw's number, without its # where the # would crowd the tick box
    label = f"#{i + 1}"
    if pdf.get_string_width(label) + 2.4 > bx - x:
        label = str(i + 1)
    page.text_at(x + 0.6, y + 0.6, 8, 3.6, label)
    page.line_style(0.3)
    pdf.rect(bx, by, box, box)
    if (page.key or i < page.sheet.examples) and hit:
        page.line_style(0.6, ANSWER)
        pdf.line(bx + 0.6, by + box * 0.55, bx + box * 0.4, by + box - 0.6)
        pdf.line(bx + box * 0.4, by + box - 0.6, bx + box - 0.3, by + 0.3)
    step = (w - 1.6) / 4
    pdf.set_line_width(0.12)
    pdf.set_draw_color(*rgb(INK))
    for shape, count in zip(Shape, card.counts, strict=True):
        cx = x + 0.8 + (shape + 0.5) * step
        draw_glyph(pdf, shape, cx, y + 6.4, min(2.4, step * 0.7), SHAPE_COLORS[shape])
        page.font(9.5, "B")
        page.text_at(cx - step / 2, y + 7.9, step, 4.4, str(count), align="C")
    if (page.key or i < page.sheet.examples) and "face value" in page.sheet.event:
        page.font(7, "B", ANSWER)
        # "value 12" when it fits clear of the cell's rules, else the number alone
        room = w - 2 * (TEXT_SIDE_GAP + 0.3)
        worded = _("value {value}").format(value=card.value)
        fits = page.pdf.get_string_width(_("value {value}").format(value=12)) <= room
        page.text_at(x + 0.6, y + h - 2.9, w - 1.2, 2.6, worded if fits else str(card.value), "C")


def draw_deck_table(page: SimulationPage, y: float) -> float:
    """The deck table of face values, for question a."""
    pdf = page.pdf
    frequency = value_distribution()["frequency"]
    label_w, total_w = 40.0, 18.0
    cell_w = (page.width - label_w - total_w) / len(FACE_VALUES)
    h = 6.0
    x = page.left
    pdf.set_fill_color(*rgb(SHADE))
    pdf.rect(x, y, label_w, 2 * h, style="F")
    page.font(9, "B")
    page.text_at(x + 1.5, y, label_w, h, _("Deck table: face value"))
    page.text_at(x + 1.5, y + h, label_w, h, _("cards in the deck"))
    for i, value in enumerate(FACE_VALUES):
        cx = x + label_w + i * cell_w
        page.font(9.5, "B")
        page.text_at(cx, y, cell_w, h, str(value), align="C")
        page.font(9.5)
        page.text_at(cx, y + h, cell_w, h, str(int(frequency[value])), align="C")
    tx = x + label_w + len(FACE_VALUES) * cell_w
    page.font(9.5, "B")
    page.text_at(tx, y, total_w, h, _("Total"), align="C")
    page.text_at(tx, y + h, total_w, h, str(int(frequency.sum())), align="C")
    page.line_style(0.3)
    for r in range(3):
        pdf.line(x, y + r * h, x + page.width, y + r * h)
    for i in range(len(FACE_VALUES) + 1):
        pdf.line(x + label_w + i * cell_w, y, x + label_w + i * cell_w, y + 2 * h)
    pdf.rect(x, y, page.width, 2 * h)
    return y + 2 * h


def draw_graph(page: SimulationPage, x: float, y: float, w: float, bottom: float) -> None:
    """The graph of the relative frequency (the key plots it) from ``y`` down to
    ``bottom``."""
    pdf, sheet = page.pdf, page.sheet
    y = (
        page.step(
            x,
            y,
            "2",
            _(
                "Plot the relative frequency after each row. Then draw a dashed line across "
                "at the exact probability (question a)."
            ),
            w,
        )
        + 1.0
    )
    left = x + 13.0
    top = y + 3.0
    plot_w = w - 13.0 - 3.0
    plot_h = min(bottom - top - 12.0, 85.0)
    with page.background():
        # grid: every 0.05 faint, every 0.1 stronger; a column per 5 draws
        page.line_style(0.12, GRID_MINOR)
        for j in range(21):
            gy = top + plot_h - j * plot_h / 20
            pdf.line(left, gy, left + plot_w, gy)
        for i in range(2 * page.n // 5 + 1):
            gx = left + i * plot_w / (2 * page.n // 5)
            pdf.line(gx, top, gx, top + plot_h)
        page.line_style(0.25, GRID_MAJOR)
        for j in range(11):
            gy = top + plot_h - j * plot_h / 10
            pdf.line(left, gy, left + plot_w, gy)
        for i in range(page.n // DRAWS_PER_ROW + 1):
            gx = left + i * plot_w * DRAWS_PER_ROW / page.n
            pdf.line(gx, top, gx, top + plot_h)

    def at(draws: int, share: float) -> tuple[float, float]:
        return (left + draws * plot_w / page.n, top + plot_h - share * plot_h)

    if page.key:
        p = float(sheet.probability)
        page.line_style(0.6, OKABE_ITO["vermillion"])
        with pdf.local_context():
            pdf.set_dash_pattern(dash=2.0, gap=1.2)
            pdf.line(*at(0, p), *at(page.n, p))
        page.font(8, "B", INK)
        label = _("exact: {percent}").format(percent=exact_percent(sheet.probability, places=0))
        points = [at(draws, so_far / draws) for so_far, draws in sheet.running()]
        label_w = page.pdf.get_string_width(label) + 1.5
        if label_w > plot_w - 4.5:  # a longer language on a narrow graph: set it smaller
            page.font(page.fitting(8, "B", label, plot_w - 6.0), "B", INK)
            label_w = page.pdf.get_string_width(label) + 1.5
        # above the dashed line (below near the top), as far left as the plotted
        # line and its dots leave room
        line_y = at(0, p)[1]
        rows: tuple[float, ...] = (
            (line_y - 4.6, line_y + 0.6) if p < 0.85 else (line_y + 0.6, line_y - 4.6)
        )
        # then further from the line, a millimetre at a time, inside the plot (a narrow
        # graph's line and dots may cover both rows next to it)
        rows += tuple(
            row
            for k in range(1, int(plot_h))
            for base in rows[:2]
            if top <= (row := base + (k if base > line_y else -k)) <= top + plot_h - 4
        )
        steps = max(0, int((plot_w - 2.0 - label_w) // 2.5))
        places = [(left + 1.0 + 2.5 * k, ly) for ly in rows for k in range(steps + 1)]
        path = [(*a, *b) for a, b in itertools.pairwise(points)]
        dots = 1.2 + 0.3

        def free(lx: float, ly: float) -> bool:
            box = (lx - dots, ly - dots, lx + label_w + dots, ly + 4 + dots)
            inner = (lx, ly, lx + label_w, ly + 4)
            return not any(segment_crosses_box(s, inner) for s in path) and not any(
                box[0] < px < box[2] and box[1] < py < box[3] for px, py in points
            )

        lx, ly = next((place for place in places if free(*place)), places[0])
        pdf.set_fill_color(255, 255, 255)
        page.pdf.set_xy(lx, ly)
        page.pdf.cell(label_w, 4, label, fill=True)
        page.line_style(0.6, OKABE_ITO["blue"])
        for a, b in itertools.pairwise(points):
            pdf.line(*a, *b)
        for px, py in points:
            pdf.set_fill_color(*rgb(OKABE_ITO["blue"]))
            page.line_style(0.3)
            pdf.circle(px, py, 1.2, style="FD")
    page.line_style(0.6)
    pdf.line(left, top + plot_h, left + plot_w, top + plot_h)
    pdf.line(left, top, left, top + plot_h)
    page.font(8)
    # every 10% in percents as the lesson writes them; every 20% on a short graph
    step = 10 if plot_h >= 50 else 20
    for j in range(0, 101, step):
        gy = top + plot_h - j * plot_h / 100
        page.text_at(left - 10.0, gy - 2, 9, 4, f"{j}%", align="R")
    page.font(9, "B")
    for i in range(page.n // DRAWS_PER_ROW + 1):
        gx = left + i * plot_w * DRAWS_PER_ROW / page.n
        page.text_at(gx - 5, top + plot_h + 0.8, 10, 4.5, str(i * DRAWS_PER_ROW), align="C")
    axis = _("Number of draws")
    page.font(page.fitting(9, "B", axis, plot_w - 3.0), "B")  # smaller only if too long
    page.text_at(left, top + plot_h + 5.2, plot_w, 5, axis, align="C")
    page.vertical_text(x + 3.0, top, plot_h, _("Relative frequency"))
