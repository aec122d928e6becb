"""Drawing the bar-graph worksheet's page (student sheet or answer key).

The numbers come from :class:`~xactika_edu.outputs.worksheets.bar_graph.BarGraphWorksheet`;
this module only lays them out.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...base.language import N_
from ...base.language import gettext as _
from ...base.palette import INK
from ...core.probability import FACE_VALUES
from .card_pictures import CARD_BAND, draw_card_rows
from .levels import EXTENSION, SUPPORT, level_note, worked_examples
from .page import (
    ANSWER,
    GRID_MAJOR,
    GRID_MINOR,
    KEY_TIGHTER,
    MUTED,
    ROOMY,
    SHADE,
    TIGHT,
    TIGHTER,
    Page,
    draw_tally,
    hatched_bar,
    rgb,
)

if TYPE_CHECKING:
    from fpdf import FPDF

    from .bar_graph import BarGraphWorksheet

__all__ = ["BarGraphPage"]

_DIVISION_RE = re.compile(r"\S+ ÷ \S+( = \S+)?")


class BarGraphPage(Page["BarGraphWorksheet"]):
    """Draws one bar-graph worksheet page (student sheet or answer key) on a PDF."""

    key_note = N_(
        "For the teacher: compare each student's values, table, graph and answers with this page."
    )
    footer_note = N_("the same seed always gives the same cards")

    def __init__(self, sheet: BarGraphWorksheet, pdf: FPDF, *, key: bool, name: str = "") -> None:
        super().__init__(sheet, pdf, key=key, name=name)
        self.n = len(sheet.cards)

    def draw(self) -> None:
        y = self.sections(
            ("intro", 2.5, self.intro), ("cards", 3.0, self.cards), ("table", 3.0, self.table)
        )
        self.beside(y + 3.5, 0.53, ("graph", self.graph), ("questions", self.questions))
        self.footer()

    def intro(self, y: float) -> float:
        self.font(10.5)
        text = level_note(self.sheet.level) + _(
            "These {n} cards were drawn from a shuffled Xactika deck. A card's "
            "**face value** is the number of shapes on it. Example: 3 balls, 2 cubes, "
            "1 cone and 3 stars make 3 + 2 + 1 + 3 = 9."
        ).format(n=self.n)
        return self.paragraph(self.left, y, self.width, text, 5.0)

    def cards(self, y: float) -> float:
        text = _("Find each card's face value. Add up its shapes. Write the total in its box.")
        y = self.step(self.left, y, "1", text, self.width) + 1.5
        if self.sheet.examples:
            y = self.worked_examples(y) + 1.0
        answers = [str(card.value) for card in self.sheet.cards] if self.key else None
        return draw_card_rows(self, self.sheet.cards, y, CARD_BAND, answers)

    def worked_examples(self, y: float) -> float:
        """The support sheet's worked examples: the first cards' sums, written out."""
        self.font(10, "I", MUTED)
        text = worked_examples(self.sheet.cards[: self.sheet.examples])
        return self.paragraph(self.left + 7.6, y, self.width - 7.6, text, 4.8)

    def table(self, y: float) -> float:
        pdf = self.pdf
        y = (
            self.step(
                self.left,
                y,
                "2",
                _(
                    "Tally the face values: one mark for each card. Then write each frequency "
                    "(the number of marks). Check: the total should be {n}."
                ).format(n=self.n),
                self.width,
            )
            + 1.5
        )
        frequencies = self.sheet.frequencies
        label_w, total_w = 27.0, 17.0
        cell_w = (self.width - label_w - total_w) / len(FACE_VALUES)
        heights = (7.0, 12.5 if self.n <= 24 else 15.0, 8.0)
        x = self.left
        # shading: the header row and the label column
        pdf.set_fill_color(*rgb(SHADE))
        pdf.rect(x, y, self.width, heights[0], style="F")
        pdf.rect(x, y, label_w, sum(heights), style="F")
        self.line_style(0.3)
        rows_y = [y, y + heights[0], y + heights[0] + heights[1]]
        for label, top, h in zip(
            (_("Face value"), _("Tally"), _("Frequency")), rows_y, heights, strict=True
        ):
            self.font(10, "B")
            self.text_at(x + 2, top, label_w - 2, h, label)
        for i, value in enumerate(FACE_VALUES):
            cx = x + label_w + i * cell_w
            self.font(11, "B")
            self.text_at(cx, rows_y[0], cell_w, heights[0], str(value), align="C")
            if self.key:
                draw_tally(pdf, frequencies[value], cx, rows_y[1], cell_w, heights[1])
                self.font(11, "B", ANSWER)
                self.text_at(cx, rows_y[2], cell_w, heights[2], str(frequencies[value]), "C")
        tx = x + label_w + len(FACE_VALUES) * cell_w
        self.font(10, "B")
        self.text_at(tx, rows_y[0], total_w, heights[0], _("Total"), align="C")
        pdf.set_fill_color(*rgb(SHADE))
        pdf.rect(tx, rows_y[1], total_w, heights[1], style="F")
        if self.key:
            self.font(11, "B", ANSWER)
            self.text_at(tx, rows_y[2], total_w, heights[2], str(self.n), align="C")
        # grid lines
        self.line_style(0.3)
        bottom = y + sum(heights)
        for top in [*rows_y, bottom]:
            pdf.line(x, top, x + self.width, top)
        for i in range(len(FACE_VALUES) + 1):
            gx = x + label_w + i * cell_w
            pdf.line(gx, y, gx, bottom)
        pdf.line(x, y, x, bottom)
        pdf.line(x + self.width, y, x + self.width, bottom)
        self.line_style(0.6)
        pdf.rect(x, y, self.width, bottom - y)
        pdf.line(tx, y, tx, bottom)
        return bottom

    def graph(self, x: float, y: float, w: float, bottom: float) -> None:
        pdf, sheet = self.pdf, self.sheet
        y = self.step(x, y, "3", _("Draw a bar graph of the frequencies."), w) + 1.0
        self.font(10, "B")
        self.text_at(x, y, 14, 6, _("Title:"))
        if self.key:
            self.font(10, "B", ANSWER)
            self.text_at(
                x + 12, y, w - 12, 6, _("Face values of {n} Xactika cards").format(n=self.n)
            )
        else:
            self.line_style(0.3)
            pdf.line(x + 12, y + 5.2, x + w, y + 5.2)
        y += 8.0
        # plot area
        left = x + 15.0
        top = y + 2.0
        plot_w = w - 15.0 - 1.0
        plot_h = bottom - top - 12.0
        ymax = sheet.ymax
        unit = plot_h / ymax
        cols = len(FACE_VALUES)
        col_w = plot_w / cols
        sub_x = 4  # minor squares per column: bars fill the middle two
        minor_w = col_w / sub_x
        sub_y = max(1, round(unit / minor_w))
        with self.background():
            # minor grid
            self.line_style(0.12, GRID_MINOR)
            for i in range(cols * sub_x + 1):
                gx = left + i * minor_w
                pdf.line(gx, top, gx, top + plot_h)
            for j in range(ymax * sub_y + 1):
                gy = top + plot_h - j * unit / sub_y
                pdf.line(left, gy, left + plot_w, gy)
            # major grid: whole numbers and column edges
            self.line_style(0.25, GRID_MAJOR)
            for i in range(cols + 1):
                gx = left + i * col_w
                pdf.line(gx, top, gx, top + plot_h)
            for j in range(ymax + 1):
                gy = top + plot_h - j * unit
                pdf.line(left, gy, left + plot_w, gy)
        # bars (answer key)
        if self.key:
            for i, value in enumerate(FACE_VALUES):
                count = sheet.frequencies[value]
                if count == 0:
                    continue
                bx = left + i * col_w + minor_w
                by = top + plot_h - count * unit
                hatched_bar(pdf, bx, by, 2 * minor_w, count * unit)
                self.font(9, "B", INK)
                self.text_at(bx, by - 4.6, 2 * minor_w, 4.4, str(count), align="C")
        # axes
        self.line_style(0.6)
        pdf.line(left, top + plot_h, left + plot_w, top + plot_h)
        pdf.line(left, top, left, top + plot_h)
        step = 1 if ymax <= 12 else 2
        self.font(9)
        for j in range(0, ymax + 1, step):
            gy = top + plot_h - j * unit
            pdf.line(left - 1.2, gy, left, gy)
            self.text_at(left - 9.5, gy - 2, 8, 4, str(j), align="R")
        self.font(10, "B")
        for i, value in enumerate(FACE_VALUES):
            self.text_at(left + i * col_w, top + plot_h + 0.8, col_w, 5, str(value), "C")
        self.font(10, "B")
        self.text_at(left, top + plot_h + 5.8, plot_w, 5, _("Face value"), align="C")
        self.vertical_text(x + 4.5, top, plot_h, _("Number of cards (frequency)"))

    def questions(self, x: float, y: float, w: float, bottom: float) -> None:
        pdf = self.pdf
        y = self.step(x, y, "4", _("Answer the questions."), w) + 1.5
        items = [(q, a, _keep_divisions(how)) for q, a, how in self.sheet.worked_questions()]
        blanks = (
            (_("Answer:"),),
            (_("Fraction:"), _("Percent:")),
            (_("Expected:"), _("You got:")),
            (_("Yours:"), _("Deck:")),
        )
        frames = self.sheet.frames() if self.sheet.level == SUPPORT else None
        style = ROOMY if self.sheet.level != EXTENSION else TIGHT
        self.font(10)
        needs = [
            self.paragraph_height(w - 6, q, 4.7) + 1.5 + 2.0 + 6.0 + 3.0
            for q, _answer, _working in items
        ]
        frame_line = 5.6
        if not self.key and sum(needs) > bottom - y:
            # too long for the column (a longer language): the questions set tighter
            style, frame_line = TIGHTER, 5.0
            self.font(style.size)
            needs = [
                self.paragraph_height(w - 6, q, style.line) + style.after + 2.0 + 6.0 + 2.0
                for q, _answer, _working in items
            ]
        if frames is not None:
            base = needs

            def framed(line: float) -> list[float]:
                return [
                    need - 7.0 + self.paragraph_height(w - 6, frame.blank(), line)
                    for need, frame in zip(base, frames, strict=True)
                ]

            needs = framed(frame_line)
            if sum(needs) > bottom - y:  # the frames' lines closer, to clear the footer
                frame_line = 5.0
                needs = framed(frame_line)
        rooms = self.rooms(y, bottom, needs)
        # the key stacks question, answer and working, 6 mm apart if the room allows
        if self.key and self.key_gap(items, y, bottom, w, style, 99.0) <= 1.0:
            style = KEY_TIGHTER  # a longer language: the key's answers set tighter
        gap = self.key_gap(items, y, bottom, w, style, 6.0) if self.key else 6.0
        for index, ((question, answer, working), letter, fields, room) in enumerate(
            zip(items, "abcd", blanks, rooms, strict=False)
        ):
            top = y
            y = self.question(x, y, w, letter, question, style)
            if self.key:
                # on a support key the filled frame is the working
                y = self.key_answer(x, y, w, answer, "" if frames else working, style)
            elif frames is not None:
                self.font(10)
                y = self.paragraph(x + 6, y + 0.5, w - 6, frames[index].blank(), frame_line)
            else:
                self.line_style(0.3)
                self.font(10)
                y += 2.0
                slot = (w - 6) / len(fields)
                for k, field in enumerate(fields):
                    fx = x + 6 + k * slot
                    self.text_at(fx, y, slot, 6, field)
                    start = fx + pdf.get_string_width(field) + 1.5
                    pdf.line(start, y + 5.2, fx + slot - (3 if k < len(fields) - 1 else 0), y + 5.2)
                y += 6.0
            # students get the room spread out to write in; the key just stacks
            y = y + gap if self.key else top + room


def _keep_divisions(working: str) -> str:
    """Keep a division such as ``4 ÷ 16 = 0.25`` on one line (no-break spaces)."""
    return _DIVISION_RE.sub(lambda m: m[0].replace(" ", "\u00a0"), working)
