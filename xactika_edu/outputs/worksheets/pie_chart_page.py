"""Drawing the pie-chart worksheet's page (student sheet or answer key).

The numbers come from :class:`~xactika_edu.outputs.worksheets.pie_chart.PieChartWorksheet`;
this module only lays them out.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import TYPE_CHECKING

from ...base.formatting import (
    and_list,
    exact_percent,
    fraction_steps,
)
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from ...base.palette import INK
from .card_pictures import draw_card_rows
from .levels import EXTENSION, SUPPORT, draw_frame, frame_height, level_note, worked_examples
from .page import ANSWER, MUTED, ROOMY, SHADE, TIGHT, Page, QuestionStyle, draw_tally, rgb
from .pie_slices import draw_slice, point

if TYPE_CHECKING:
    from fpdf import FPDF

    from .pie_chart import PieChartWorksheet

__all__ = ["PieChartPage"]

# The key also prints answers and workings: its questions are set smaller.
_KEY_QUESTIONS = dataclasses.replace(ROOMY, size=9, line=4.2)
# ... and tighter still when a longer language would run it into the footer.
_KEY_TIGHT = dataclasses.replace(
    TIGHT, size=8.5, line=4.0, answer_size=9, answer_line=4.2, working_line=3.6
)


class PieChartPage(Page["PieChartWorksheet"]):
    """Draws one pie-chart worksheet page (student sheet or answer key) on a PDF."""

    key_note = N_(
        "For the teacher: compare each student's table, pie chart and answers with this page."
    )
    footer_note = N_("the same seed always gives the same cards")

    def __init__(self, sheet: PieChartWorksheet, pdf: FPDF, *, key: bool, name: str = "") -> None:
        super().__init__(sheet, pdf, key=key, name=name)
        self.n = len(sheet.cards)

    def draw(self) -> None:
        y = self.sections(
            ("intro", 2.5, self.intro), ("cards", 2.5, self.cards), ("table", 3.0, self.table)
        )
        # the questions' column gets the more room
        self.beside(y + 3.5, 0.45, ("pie", self.pie), ("questions", self.questions))
        self.footer()

    def intro(self, y: float) -> float:
        sheet = self.sheet
        step = 360 // self.n
        if sheet.shape is None:
            sort = _(
                "by **face value** (the number of shapes on the card): 4 to 6, 7 to 9 or 10 to 12"
            )
        else:
            sort = _("by how many **{shape}** each card shows: {groups}").format(
                shape=sheet.shape, groups=and_list(sheet.groups)
            )
        text = level_note(sheet.level) + _(
            "These {n} cards were drawn from a shuffled Xactika deck. Sort them {sort}. "
            "In your pie chart each card is one slice of 1/{n} of the circle: "
            "{percent}, or 360 ÷ {n} = {step} degrees."
        ).format(
            n=self.n, sort=sort, percent=exact_percent(Fraction(1, self.n), places=0), step=step
        )
        self.font(10.5)
        return self.paragraph(self.left, y, self.width, text, 5.0)

    def cards(self, y: float) -> float:
        sheet = self.sheet
        if sheet.shape is None:
            text = _("Find each card's face value (add up its shapes) and write it in its box.")
            answers = [str(card.value) for card in sheet.cards]
        else:
            text = _("Count the {shape} on each card and write the number in its box.").format(
                shape=sheet.shape
            )
            answers = [str(card.count(sheet.shape)) for card in sheet.cards]
        y = self.step(self.left, y, "1", text, self.width) + 1.5
        if sheet.examples:
            shown = sheet.cards[: sheet.examples]
            if sheet.shape is None:
                text = worked_examples(shown)
            else:
                shape = sheet.shape
                found = [
                    _("card #{number} shows {count}").format(number=i, count=card.count(shape))
                    for i, card in enumerate(shown, start=1)
                ]
                text = _("Worked examples: {examples}. Copy them into their boxes.").format(
                    examples="; ".join(found)
                )
            self.font(10, "I", MUTED)
            y = self.paragraph(self.left + 7.6, y, self.width - 7.6, text, 4.8) + 1.0
        band = 58.0 if self.n <= 20 else 66.0
        # sorted by a shape, the sheet never asks for face values: print them, not "?"
        return draw_card_rows(
            self,
            sheet.cards,
            y,
            band,
            answers if self.key else None,
            asks_values=sheet.shape is None,
        )

    def table(self, y: float) -> float:
        pdf, sheet = self.pdf, self.sheet
        y = (
            self.step(
                self.left,
                y,
                "2",
                _(
                    "Tally the cards in each group, then fill in the table. Check: the cards "
                    "add up to {n} and the degrees to 360."
                ).format(n=self.n)
                + (_(" The first row is a worked example.") if sheet.examples else ""),
                self.width,
            )
            + 1.5
        )
        heading = _("Face value") if sheet.shape is None else f"{sheet.shape.plural.capitalize()}"
        columns = (
            (heading, 26.0),
            (_("Tally"), 0.0),
            (_("Cards"), 17.0),
            (_("Fraction"), 30.0),
            (_("Percent"), self.percent_width()),
            (_("Degrees"), 22.0),
        )
        fixed = sum(w for _name, w in columns)
        widths = [w if w else self.width - fixed for _name, w in columns]
        head_h, row_h = 7.0, 8.5
        rows = len(sheet.groups) + 1
        x = self.left
        pdf.set_fill_color(*rgb(SHADE))
        pdf.rect(x, y, self.width, head_h, style="F")
        pdf.rect(x, y, widths[0], head_h + rows * row_h, style="F")
        total_top = y + head_h + (rows - 1) * row_h
        pdf.rect(x + widths[0], total_top, widths[1], row_h, style="F")
        self.font(10, "B")
        cx = x
        for (name, _width), w in zip(columns, widths, strict=True):
            self.text_at(cx, y, w, head_h, name, align="C")
            cx += w
        counts, degrees = sheet.counts, sheet.degrees
        for r in range(rows):
            top = y + head_h + r * row_h
            is_total = r == rows - 1
            self.font(10, "B")
            self.text_at(
                x + 2, top, widths[0] - 2, row_h, _("Total") if is_total else sheet.groups[r]
            )
            if not self.key and not (sheet.examples and r == 0):
                continue
            cells: list[int | str | None]
            if is_total:
                cells = [None, str(self.n), f"{self.n}/{self.n} = 1", "100%", "360°"]
            else:
                count = counts[r]
                cells = [
                    count,
                    str(count),
                    fraction_steps(count, self.n),
                    exact_percent(Fraction(count, self.n), places=0),
                    f"{degrees[r]}°",
                ]
            cx = x + widths[0]
            for cell, w in zip(cells, widths[1:], strict=True):
                if isinstance(cell, int):
                    draw_tally(pdf, cell, cx, top, w, row_h)
                elif cell is not None:
                    self.font(10, "B", ANSWER)
                    self.text_at(cx, top, w, row_h, cell, align="C")
                cx += w
        bottom = y + head_h + rows * row_h
        self.line_style(0.3)
        for r in range(rows + 1):
            gy = y + head_h + r * row_h
            pdf.line(x, gy, x + self.width, gy)
        cx = x
        for w in widths[:-1]:
            cx += w
            pdf.line(cx, y, cx, bottom)
        self.line_style(0.6)
        pdf.rect(x, y, self.width, bottom - y)
        pdf.line(x, total_top, x + self.width, total_top)
        return bottom

    def percent_width(self) -> float:
        """The table's Percent column: 24 mm, or wider if a group's percent needs it
        (a longer word for "about"), with 2 mm either side, in mm."""
        self.font(10, "B")
        percents = [exact_percent(Fraction(count, self.n), places=0) for count in self.sheet.counts]
        return max(24.0, *(self.pdf.get_string_width(text) + 4.0 for text in percents))

    def pie(self, x: float, y: float, w: float, bottom: float) -> None:
        pdf, sheet = self.pdf, self.sheet
        step = 360 // self.n
        y = self.step(
            x,
            y,
            "3",
            _(
                "Shade each group's slice, starting at the arrow and going clockwise: one tick "
                "per card. Label each slice."
            ),
            w,
        )
        legend_h = 3 * 6.0 + 1.0
        r = min((w - 16.0) / 2, (bottom - y - legend_h - 14.0) / 2, 38.0)
        cx, cy = x + w / 2, y + 7.0 + r
        if self.key:
            start = 0.0
            for index, count in enumerate(sheet.counts):
                if count:
                    end = start + count * step
                    draw_slice(pdf, cx, cy, r, start, end, index)
                    start = end
        # the circle, its tick marks (one per card) and the start arrow
        self.line_style(0.6)
        pdf.circle(cx, cy, r)
        self.line_style(0.35)
        label_every = 1 if self.n <= 12 else (5 if self.n % 5 == 0 else 3)
        for k in range(self.n):
            degrees = k * step
            long = k % label_every == 0
            pdf.line(
                *point(cx, cy, r - (2.2 if long else 1.4), degrees),
                *point(cx, cy, r + (2.2 if long else 1.4), degrees),
            )
            if long and k:
                lx, ly = point(cx, cy, r + 5.0, degrees)
                self.font(7.5, "", MUTED)
                self.text_at(lx - 4, ly - 2, 8, 4, str(k), align="C")
        pdf.set_fill_color(*rgb(INK))
        pdf.circle(cx, cy, 0.7, style="F")
        top_x, top_y = point(cx, cy, r, 0)
        self.line_style(0.45)
        pdf.line(top_x, top_y - 2.6, top_x + 6, top_y - 2.6)
        pdf.polygon(
            [(top_x + 7.6, top_y - 2.6), (top_x + 5.4, top_y - 3.7), (top_x + 5.4, top_y - 1.5)],
            style="F",
        )
        self.font(8, "B")
        self.text_at(top_x - 14, top_y - 6.8, 13, 4, _("start"), align="R")
        # the legend: blank lines for the student, the slices on the key
        ly = cy + r + 7.0
        self.font(9.5)
        for index, name in enumerate(sheet.groups):
            gx = x + 4.0
            self.line_style(0.3)
            if self.key:
                draw_slice(pdf, gx + 5.5, ly + 5.2, 5.0, 315, 405, index)
                self.line_style(0.3)
                count = sheet.counts[index]
                share = exact_percent(Fraction(count, self.n), places=0)
                text = ngettext(
                    "{group}: {count} card, {share}, {degrees}°",
                    "{group}: {count} cards, {share}, {degrees}°",
                    count,
                ).format(group=name, count=count, share=share, degrees=sheet.degrees[index])
                self.font(self.fitting(9.5, "B", text, w - 18), "B", ANSWER)
                self.text_at(gx + 12, ly, w - 16, 5.5, text)
            else:
                pdf.rect(gx, ly + 0.6, 9, 4.4)
                self.font(9.5)
                self.text_at(gx + 12, ly, w - 16, 5.5, f"{name}:")
                start = gx + 13 + pdf.get_string_width(f"{name}:")
                pdf.line(start, ly + 4.8, x + w - 2, ly + 4.8)
            ly += 6.0

    def questions(self, x: float, y: float, w: float, bottom: float) -> None:
        pdf = self.pdf
        y = self.step(x, y, "4", _("Answer the questions."), w) + 1.5
        items = self.sheet.worked_questions()
        frames = self.sheet.frames() if self.sheet.level == SUPPORT else None
        gap = 1.0 if self.sheet.level == EXTENSION else 3.5  # under a key's answer
        style, spacing = (_KEY_QUESTIONS if self.key else ROOMY), 7.0

        def heights(style: QuestionStyle) -> list[float]:
            self.font(style.size)
            return [
                self.paragraph_height(w - 6, q, style.line) + style.after + 3.0
                for q, _answer, _working in items
            ]

        texts = heights(ROOMY)
        if self.key and frames is None and self.key_gap(items, y, bottom, w, style, 99.0) <= gap:
            style = _KEY_TIGHT  # a longer language: the key's answers set tighter
        if not self.key and frames is None and sum(texts) + 7.0 * len(items) > bottom - y:
            # too long for the column (a longer language): tighter questions and lines
            style, spacing = TIGHT, 6.0
            texts = heights(TIGHT)
        if frames is not None:  # a frame instead of the answer lines
            texts = [
                t + frame_height(self, w - 6, frame) - 7.0
                for t, frame in zip(texts, frames, strict=True)
            ]
        # one answer line each, and a second one for each question there is room for
        lines = [1] * len(items)
        for i in range(len(items)):
            if sum(texts) + (sum(lines) + 1) * spacing <= bottom - y:
                lines[i] = 2
        rooms = self.rooms(y, bottom, [t + n * spacing for t, n in zip(texts, lines, strict=True)])
        for index, ((question, answer, working), letter, room, n) in enumerate(
            zip(items, "abcd", rooms, lines, strict=False)
        ):
            top = y
            y = self.question(x, y, w, letter, question, style)
            if frames is not None:
                y = draw_frame(self, x + 6, y, w - 6, frames[index])
                y = y + 3.5 if self.key else top + room
            elif self.key:
                y = self.key_answer(x, y, w, answer, working, style) + gap
            else:
                self.line_style(0.3)
                for _line in range(n):
                    y += spacing
                    pdf.line(x + 6, y, x + w, y)
                y = top + room
