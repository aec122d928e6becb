"""Drawing the bell-curve worksheet's page (student sheet or answer key).

The numbers come from :class:`~xactika_edu.outputs.worksheets.bell_curve.BellCurveWorksheet`;
this module only lays them out.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import TYPE_CHECKING

from ...base.language import N_
from ...base.language import gettext as _
from ...base.palette import INK, SERIES
from ...core.cards import Card, Combination
from ...core.probability import FACE_VALUES, shape_count_table
from .card_pictures import draw_card_rows
from .levels import (
    EXTENSION,
    SUPPORT,
    draw_frame,
    level_note,
    worked_examples,
)
from .page import (
    ANSWER,
    GRID_MAJOR,
    GRID_MINOR,
    KEY_TIGHTER,
    MUTED,
    SHADE,
    TIGHT,
    TIGHTER,
    Page,
    QuestionStyle,
    draw_tally,
    rgb,
)

if TYPE_CHECKING:
    from fpdf import FPDF

    from .bell_curve import BellCurveWorksheet
    from .layout import Recorder

__all__ = ["BellCurvePage"]

# One line per count of the shape: colour, and a marker (diamond, cross, plus) so the
# lines differ without colour too. Not circle, square, triangle: those are the card's
# balls, cubes and cones, and "1 cube" drawn as a circle would read as a ball.
_LINE_COLOURS = (SERIES[0], SERIES[1], SERIES[2])
_MARKERS = ("diamond", "cross", "plus")


def _marker(pdf: Recorder, kind: str, x: float, y: float, size: float, fill: str) -> None:
    """A plot marker centred at (x, y): ``"diamond"``, ``"cross"`` (×) or ``"plus"``."""
    pdf.set_fill_color(*rgb(fill))
    pdf.set_draw_color(*rgb(INK))
    pdf.set_line_width(0.3)
    half = size / 2
    if kind == "diamond":
        pdf.polygon(
            [(x, y - half * 1.2), (x + half, y), (x, y + half * 1.2), (x - half, y)],
            style="FD",
        )
        return
    # A cross or a plus: a thick stroke in the line's colour with a thin dark outline.
    if kind == "cross":
        low, high = (x - half, y + half), (x + half, y - half)
        arms = [((x - half, y - half), (x + half, y + half)), (low, high)]
    else:
        reach = half * 1.2
        arms = [((x - reach, y), (x + reach, y)), ((x, y - reach), (x, y + reach))]
    for width, colour in ((size * 0.42, INK), (size * 0.26, fill)):
        pdf.set_draw_color(*rgb(colour))
        pdf.set_line_width(width)
        for start, end in arms:
            pdf.line(*start, *end)
    pdf.set_line_width(0.3)


class BellCurvePage(Page["BellCurveWorksheet"]):
    """Draws one bell-curve worksheet page (student sheet or answer key) on a PDF."""

    key_note = N_(
        "For the teacher: compare each student's table, graph and answers with this page."
    )
    footer_note = N_("the same seed always gives the same cards")

    def __init__(self, sheet: BellCurveWorksheet, pdf: FPDF, *, key: bool, name: str = "") -> None:
        super().__init__(sheet, pdf, key=key, name=name)
        self.n = len(sheet.cards)

    def draw(self) -> None:
        y = self.sections(
            ("intro", 2.5, self.intro), ("cards", 2.5, self.cards), ("table", 3.0, self.table)
        )
        # an extension sheet gives its four questions a wider column
        share = 0.44 if self.sheet.level == EXTENSION else 0.5
        self.beside(y + 3.5, share, ("graph", self.graph), ("questions", self.questions))
        self.footer()

    def intro(self, y: float) -> float:
        shape = self.sheet.shape
        text = level_note(self.sheet.level) + _(
            "These {n} cards were drawn from a shuffled Xactika deck. For each card you "
            "need two numbers: its **face value** (the number of shapes on it) and how many "
            "**{shape}** it shows (1, 2 or 3)."
        ).format(n=self.n, shape=shape)
        self.font(10.5)
        return self.paragraph(self.left, y, self.width, text, 5.0)

    def cards(self, y: float) -> float:
        text = _("Find each card's face value. Add up its shapes. Write the total in its box.")
        y = self.step(self.left, y, "1", text, self.width) + 1.5
        sheet = self.sheet
        if sheet.examples:
            shape = sheet.shape

            def shows(card: Card) -> str:
                return _(", with {combination}").format(
                    combination=Combination(shape, card.count(shape))
                )

            self.font(10, "I", MUTED)
            text = worked_examples(sheet.cards[: sheet.examples], shows)
            y = self.paragraph(self.left + 7.6, y, self.width - 7.6, text, 4.8) + 1.0
        answers = [str(card.value) for card in sheet.cards] if self.key else None
        return draw_card_rows(self, sheet.cards, y, 72.0, answers)

    def tally_example(self) -> str:
        """One worked tally, from card #1: 'For example, card #1 (face value 8, 3 cubes)
        is a mark in the row 3 cubes, column 8.'"""
        card = self.sheet.cards[0]
        shows = Combination(self.sheet.shape, card.count(self.sheet.shape))
        return _(
            "For example, card #1 (face value {value}, {shows}) is a mark in the row "
            "{shows}, column {value}."
        ).format(value=card.value, shows=shows)

    def table(self, y: float) -> float:
        pdf, sheet = self.pdf, self.sheet
        y = (
            self.step(
                self.left,
                y,
                "2",
                _(
                    "Tally each card in its row (how many {shape}) and column (face value). "
                    "Write each count in the corner box. Check: the total is {n}. "
                ).format(shape=sheet.shape, n=self.n)
                + self.tally_example(),
                self.width,
            )
            + 1.5
        )
        label_w, total_w = 24.0, 16.0
        cell_w = (self.width - label_w - total_w) / len(FACE_VALUES)
        head_h, row_h = 6.5, 10.0
        x = self.left
        bottom = y + head_h + 3 * row_h
        pdf.set_fill_color(*rgb(SHADE))
        pdf.rect(x, y, self.width, head_h, style="F")
        pdf.rect(x, y, label_w, bottom - y, style="F")
        self.font(10, "B")
        self.text_at(x + 1.5, y, label_w, head_h, _("Face value"))
        tx = x + label_w + len(FACE_VALUES) * cell_w
        self.text_at(tx, y, total_w, head_h, _("Total"), align="C")
        for i, value in enumerate(FACE_VALUES):
            self.font(11, "B")
            self.text_at(x + label_w + i * cell_w, y, cell_w, head_h, str(value), align="C")
        box = 4.6
        for row, (name, column) in enumerate(zip(sheet.combinations, sheet.columns, strict=True)):
            top = y + head_h + row * row_h
            # the line's marker, then its name, both centred in the row and clear of the rules
            with pdf.symbol(f"{name} marker"):
                _marker(pdf, _MARKERS[row], x + 4.0, top + row_h / 2, 3.0, _LINE_COLOURS[row])
            self.font(10, "B")
            self.text_at(x + 7.0, top, label_w - 7.5, row_h, name)
            for i, value in enumerate(FACE_VALUES):
                cx = x + label_w + i * cell_w
                self.line_style(0.25, MUTED)
                pdf.rect(cx + cell_w - box, top + row_h - box, box, box)
                if self.key:
                    draw_tally(pdf, column[value], cx, top, cell_w - box, row_h - 1.0)
                    self.font(9, "B", ANSWER)
                    self.text_at(
                        cx + cell_w - box, top + row_h - box, box, box, str(column[value]), "C"
                    )
            if self.key:
                self.font(11, "B", ANSWER)
                self.text_at(tx, top, total_w, row_h, str(sum(column.values())), align="C")
        self.line_style(0.3)
        for r in range(4):
            gy = y + head_h + r * row_h
            pdf.line(x, gy, x + self.width, gy)
        for i in range(len(FACE_VALUES) + 1):
            gx = x + label_w + i * cell_w
            pdf.line(gx, y, gx, bottom)
        self.line_style(0.6)
        pdf.rect(x, y, self.width, bottom - y)
        pdf.line(tx, y, tx, bottom)
        return bottom

    def graph(self, x: float, y: float, w: float, bottom: float) -> None:
        pdf, sheet = self.pdf, self.sheet
        text = _("Plot each row of the table as a line: a marker at each face value, joined up.")
        y = self.step(x, y, "3", text, w) + 1.0
        legend_h = 11.0 if self.key else 6.0
        left = x + 13.0
        top = y + 2.0
        plot_w = w - 13.0 - 1.0
        plot_h = bottom - top - 12.0 - legend_h
        ymax = sheet.ymax
        unit = plot_h / ymax
        cols = len(FACE_VALUES)
        col_w = plot_w / cols
        with self.background():
            # grid: a line at each face value, minor lines halfway, one per card upwards
            self.line_style(0.12, GRID_MINOR)
            for i in range(2 * cols + 1):
                pdf.line(left + i * col_w / 2, top, left + i * col_w / 2, top + plot_h)
            for j in range(2 * ymax + 1):
                pdf.line(
                    left, top + plot_h - j * unit / 2, left + plot_w, top + plot_h - j * unit / 2
                )
            self.line_style(0.25, GRID_MAJOR)
            for i in range(cols):
                gx = left + (i + 0.5) * col_w
                pdf.line(gx, top, gx, top + plot_h)
            for j in range(ymax + 1):
                gy = top + plot_h - j * unit
                pdf.line(left, gy, left + plot_w, gy)

        def at(i: int, count: float) -> tuple[float, float]:
            return (left + (i + 0.5) * col_w, top + plot_h - count * unit)

        if self.key:
            # the whole deck's columns scaled to these cards: dashed, no markers
            table = shape_count_table(sheet.shape)
            for row, name in enumerate(sheet.combinations):
                expected = [Fraction(int(table.loc[v, name]) * self.n, 81) for v in FACE_VALUES]
                self.line_style(0.35, _LINE_COLOURS[row])
                with pdf.local_context():
                    pdf.set_dash_pattern(dash=1.4, gap=1.0)
                    for i in range(cols - 1):
                        pdf.line(*at(i, float(expected[i])), *at(i + 1, float(expected[i + 1])))
            for row, column in enumerate(sheet.columns):
                points = [at(i, column[v]) for i, v in enumerate(FACE_VALUES)]
                self.line_style(0.7, _LINE_COLOURS[row])
                for a, b in itertools.pairwise(points):
                    pdf.line(*a, *b)
            for row, column in enumerate(sheet.columns):
                for i, v in enumerate(FACE_VALUES):
                    # nudge markers sideways where lines share a point
                    shift = (row - 1) * 0.9 if column[v] == 0 else 0.0
                    px, py = at(i, column[v])
                    _marker(pdf, _MARKERS[row], px + shift, py, 2.6, _LINE_COLOURS[row])
        # axes
        self.line_style(0.6)
        pdf.line(left, top + plot_h, left + plot_w, top + plot_h)
        pdf.line(left, top, left, top + plot_h)
        self.font(9)
        for j in range(ymax + 1):
            gy = top + plot_h - j * unit
            pdf.line(left - 1.2, gy, left, gy)
            self.text_at(left - 9.0, gy - 2, 7.5, 4, str(j), align="R")
        self.font(10, "B")
        for i, value in enumerate(FACE_VALUES):
            # below the markers a count of 0 puts on the axis
            self.text_at(left + i * col_w, top + plot_h + 1.8, col_w, 5, str(value), "C")
        self.text_at(left, top + plot_h + 6.4, plot_w, 5, _("Face value"), align="C")
        self.vertical_text(x + 3.5, top, plot_h, _("Number of cards"))
        # legend
        ly = top + plot_h + 13.0
        lx = left
        self.font(9)
        slot = plot_w / 3
        for row, name in enumerate(sheet.combinations):
            sx = lx + row * slot
            self.line_style(0.7, _LINE_COLOURS[row])
            pdf.line(sx, ly + 2, sx + 7, ly + 2)
            _marker(pdf, _MARKERS[row], sx + 3.5, ly + 2, 2.6, _LINE_COLOURS[row])
            self.font(9, "", INK)
            self.text_at(sx + 8.5, ly, slot - 9, 4, name)
        if self.key:
            note = _("Dashed: the deck scaled to {n} cards (count × {n}/81).").format(n=self.n)
            self.font(self.fitting(8, "I", note, plot_w), "I", MUTED)
            self.text_at(lx, ly + 4.8, plot_w, 4, note)

    def questions(self, x: float, y: float, w: float, bottom: float) -> None:
        pdf = self.pdf
        y = self.step(x, y, "4", _("Answer the questions."), w) + 1.5
        items = self.sheet.worked_questions()
        frames = self.sheet.frames() if self.sheet.level == SUPPORT else None
        style, frame_line = TIGHT, 5.6

        def heights(style: QuestionStyle) -> list[float]:
            self.font(style.size)
            return [
                self.paragraph_height(w - 6, q, style.line) + style.after + 6.5 + 2.0
                for q, _answer, _working in items
            ]

        def framed(needs: list[float], line: float) -> list[float]:
            self.font(10)
            return [
                need - 6.5 + self.paragraph_height(w - 6, frame.blank(), line)
                for need, frame in zip(needs, frames or [], strict=True)
            ]

        needs = heights(style)
        if frames is not None and sum(framed(needs, frame_line)) > bottom - y:
            frame_line = 5.0  # a longer language: the frames' lines closer
        if not self.key and sum(framed(needs, frame_line) if frames else needs) > bottom - y:
            # too long for the column (a longer language): the questions set tighter
            style = TIGHTER
            needs = heights(style)
        if frames is not None:
            needs = framed(needs, frame_line)
        rooms = self.rooms(y, bottom, needs)
        # the key stacks question, answer and working, 2.5 mm apart if the room allows
        if self.key and frames is None and self.key_gap(items, y, bottom, w, style, 99.0) <= 1.0:
            style = KEY_TIGHTER  # a longer language: the key's answers set tighter
        gap = self.key_gap(items, y, bottom, w, style, 2.5) if self.key else 2.5
        if self.key and frames is not None:
            self.font(10, "B")
            filled = sum(self.paragraph_height(w - 6, f.filled(), 5.0) + gap for f in frames)
            if sum(heights(style)) - 8.5 * len(items) + filled > bottom - y:
                style = KEY_TIGHTER  # a longer language: the support key's questions tighter
        for index, ((question, answer, working), letter, room) in enumerate(
            zip(items, "abcd", rooms, strict=False)
        ):
            top = y
            y = self.question(x, y, w, letter, question, style)
            if frames is not None and self.key:
                # on a support key the filled frame is the working
                y = draw_frame(self, x + 6, y, w - 6, frames[index]) + gap
            elif frames is not None:
                self.font(10)
                self.paragraph(x + 6, y, w - 6, frames[index].blank(), frame_line)
                y = top + room
            elif self.key:
                y = self.key_answer(x, y, w, answer, working, style)
                y += gap
            else:
                self.line_style(0.3)
                y += 6.5
                pdf.line(x + 6, y, x + w, y)
                y = top + room
