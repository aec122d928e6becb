"""Drawing the simulation worksheet's page (student sheet or answer key).

The data (the event, the draws, the running relative frequency, the questions) come
from :class:`~xactika_edu.outputs.worksheets.simulation.SimulationWorksheet`; this module
only lays them out: the draws as tick boxes with a running table, the deck table,
the graph of the relative frequency and the questions with the class-total box.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ...base.formatting import percent_tail
from ...base.language import N_
from ...base.language import gettext as _
from ...base.palette import INK, SHAPE_COLORS
from ...core.cards import Shape
from ..pdftext import use_pdf_font
from .card_pictures import draw_glyph
from .layout import Recorder
from .levels import EXTENSION, SUPPORT, Frame, draw_frame, level_note
from .page import ANSWER, MUTED, SHADE, TIGHT, Page, rgb
from .simulation_parts import DRAWS_PER_ROW, draw_cell, draw_deck_table, draw_graph

if TYPE_CHECKING:
    from fpdf import FPDF

    from .simulation import SimulationWorksheet

__all__ = ["DRAWS_PER_ROW", "SimulationPage"]

#: The room a line to write an answer on takes, in mm.
ANSWER_LINE = 10.5
#: The layouts tried in turn until the questions fit above the footer: (the graph's
#: share of the width, the room a line to write on takes in mm, the gap between
#: questions in mm). A fifth row of draws or a support sheet's frames need the later ones;
#: the last two only a longer language (Spanish) with a fifth row or an extension's d.
LAYOUTS: tuple[tuple[float, float, float], ...] = (
    (0.42, ANSWER_LINE, 2.0),
    (0.34, 8.5, 2.0),
    (0.34, 8.5, 1.0),
    (0.30, 8.0, 0.5),
    (0.28, 7.5, 0.3),
    (0.26, 7.0, 0.3),
    (0.24, 7.0, 0.3),
)


class SimulationPage(Page["SimulationWorksheet"]):
    """Draws one simulation worksheet page (student sheet or answer key) on a PDF."""

    key_note = N_("For the teacher: compare each student's marks, table, graph and answers.")
    footer_note = N_("the same seed always gives the same draws")

    def __init__(self, sheet: SimulationWorksheet, pdf: FPDF, *, key: bool, name: str = "") -> None:
        super().__init__(sheet, pdf, key=key, name=name)
        self.n = len(sheet.draws)
        #: the room a line to write an answer on takes, and the gap between questions,
        #: in mm (set by :meth:`draw` from :data:`LAYOUTS`)
        _share, self.answer_room, self.gap = LAYOUTS[0]

    @property
    def limit(self) -> float:
        """The lowest y text may reach: clear of the footer."""
        return self.bottom - 4.5

    def questions_end(self, top: float, share: float) -> float:
        """Where the questions column would end if the graph took ``share`` of the
        width: drawn on a scratch page, in mm."""
        from fpdf import FPDF

        real = self.pdf
        scratch = FPDF(unit="mm", format=(real.w, real.h))
        scratch.set_auto_page_break(False)
        scratch.add_page()
        use_pdf_font(scratch)
        self.pdf = Recorder(scratch, record=False)
        self.group, self.background = self.pdf.group, self.pdf.background
        try:
            left_w = self.width * share
            x, w = self.left + left_w + 6.0, self.width - left_w - 6.0
            return self.questions(x, top, w, self.bottom - 6.0, check=False)
        finally:
            self.pdf, self.group, self.background = real, real.group, real.background

    def draw(self) -> None:
        y = self.sections(
            ("intro", 2.5, self.intro),
            ("draws", 3.0, self.draws),
            ("deck_table", 3.0, lambda y: draw_deck_table(self, y)),
        )
        top = y + 4.0
        for share, self.answer_room, self.gap in LAYOUTS:
            if self.questions_end(top, share) <= self.limit:
                break
        self.beside(top, share, ("graph", self.graph), ("questions", self.draw_questions))
        self.footer()

    def intro(self, y: float) -> float:
        text = level_note(self.sheet.level) + _(
            "**The event: the card {event}.** Each box below is one draw "
            "from a full Xactika deck; the card goes back and the deck is shuffled before "
            "the next draw. A box shows how many balls, cubes, cones and stars the card has."
        ).format(event=self.sheet.phrase)
        self.font(10.5)
        return self.paragraph(self.left, y, self.width, text, 5.0)

    def draws(self, y: float) -> float:
        pdf, sheet = self.pdf, self.sheet
        y = (
            self.step(
                self.left,
                y,
                "1",
                _(
                    "Tick the box of every draw where the card {event}: that draw is "
                    "a success. After each row of 10, fill in the row's table."
                ).format(event=sheet.phrase)
                + (_(" Row 1 is a worked example.") if sheet.example_rows else ""),
                self.width,
            )
            + 1.5
        )
        columns = (
            (_("Successes in this row"), 17.0),
            (_("Successes so far"), 17.0),
            (_("Draws so far"), 14.0),
            (_("Relative frequency so far"), 25.0),
        )
        table_w = sum(w for _name, w in columns)
        cell_w = (self.width - table_w - 2.0) / DRAWS_PER_ROW
        head_h, row_h = 9.0, 15.0
        x = self.left
        tx = x + DRAWS_PER_ROW * cell_w + 2.0
        pdf.set_fill_color(*rgb(SHADE))
        pdf.rect(x, y, DRAWS_PER_ROW * cell_w, head_h, style="F")
        pdf.rect(tx, y, table_w, head_h, style="F")
        # the glyph key in the header: which shape each column of digits counts
        self.font(8.5, "B")
        self.text_at(x + 1.5, y, 30, head_h, _("Each draw:"))
        gx = x + 20
        pdf.set_line_width(0.15)
        pdf.set_draw_color(*rgb(INK))
        for shape in Shape:
            draw_glyph(pdf, shape, gx + 2, y + head_h / 2, 3.0, SHAPE_COLORS[shape])
            self.font(8.5)
            self.text_at(gx + 4.2, y, 14, head_h, shape.plural)
            gx += 19
        cx = tx
        for name, w in columns:
            self.font(8, "B")
            pdf.set_xy(cx, y + 0.6)
            pdf.multi_cell(w, 3.8, name, align="C", new_x="RIGHT", new_y="TOP")
            cx += w
        hits = sheet.hits
        running = sheet.running()
        for row in range(self.n // DRAWS_PER_ROW):
            top = y + head_h + row * row_h
            for col in range(DRAWS_PER_ROW):
                i = row * DRAWS_PER_ROW + col
                draw_cell(self, i, sheet.draws[i], hits[i], x + col * cell_w, top, cell_w, row_h)
            if self.key or row < sheet.example_rows:
                so_far, draws = running[row]
                in_row = sum(hits[row * DRAWS_PER_ROW : (row + 1) * DRAWS_PER_ROW])
                share = Fraction(so_far, draws)
                cells = (str(in_row), str(so_far), str(draws))
                cx = tx
                self.font(11, "B", ANSWER)
                for text, (_name, w) in zip(cells, columns, strict=False):
                    self.text_at(cx, top, w, row_h, text, align="C")
                    cx += w
                self.font(9.5, "B", ANSWER)
                self.text_at(cx, top + 2, columns[-1][1], 5, f"{so_far}/{draws}", align="C")
                # as the lesson writes it: "8/10 = 80%", "27/40, about 68%"
                self.rate_cell(cx, top, columns[-1][1], percent_tail(share).lstrip(", "))
        bottom = y + head_h + (self.n // DRAWS_PER_ROW) * row_h
        self.line_style(0.3)
        for r in range(self.n // DRAWS_PER_ROW + 1):
            gy = y + head_h + r * row_h
            pdf.line(x, gy, x + DRAWS_PER_ROW * cell_w, gy)
            pdf.line(tx, gy, tx + table_w, gy)
        for c in range(DRAWS_PER_ROW + 1):
            pdf.line(x + c * cell_w, y + head_h, x + c * cell_w, bottom)
        cx = tx
        for _name, w in columns:
            pdf.line(cx, y, cx, bottom)
            cx += w
        self.line_style(0.6)
        pdf.rect(x, y, DRAWS_PER_ROW * cell_w, bottom - y)
        pdf.rect(tx, y, table_w, bottom - y)
        return bottom

    def rate_cell(self, x: float, top: float, w: float, tail: str) -> None:
        """A key's percent under the row's relative frequency in the column at ``x``,
        ``w`` mm wide; a longer word for "about" (Spanish "aproximadamente") that would
        not fit goes on a line of its own above the percent, in regular type."""
        if self.pdf.get_string_width(tail) <= w - 1.0:
            self.text_at(x, top + 7.5, w, 5, tail, "C")
            return
        words, number = tail.rsplit(" ", 1)
        self.font(self.fitting(8.5, "", words, w - 1.5), "", ANSWER)
        self.text_at(x, top + 6.6, w, 3.4, words, "C")
        self.font(9.5, "B", ANSWER)
        self.text_at(x, top + 10.0, w, 4.2, number, "C")

    def graph(self, x: float, y: float, w: float, bottom: float) -> None:
        """Step 2, the graph, in the left column; on an extension sheet question d sits
        under it (the right column holds a to c)."""
        if self.sheet.level == EXTENSION:
            letter = "d"
            question, answer, working = self.sheet.worked_questions()[3]
            top = bottom - self.question_height(w, question, answer, working)
            with self.group("question d"):
                self.one_question(x, top, w, letter, (question, answer, working))
            bottom = top - 4.0
        draw_graph(self, x, y, w, bottom)

    def question_height(self, w: float, question: str, answer: str, working: str) -> float:
        """How tall :meth:`one_question` draws a question and its answer (or line), in mm."""
        self.font(TIGHT.size)
        height = self.paragraph_height(w - 6, question, TIGHT.line) + TIGHT.after
        if not self.key:
            return height + self.answer_room
        self.font(TIGHT.answer_size, "B")
        height += self.paragraph_height(w - 6, answer, TIGHT.answer_line)
        if working:
            self.font(TIGHT.working_size, "I")
            height += 0.3 + self.paragraph_height(w - 6, working, TIGHT.working_line)
        return height

    def one_question(
        self, x: float, y: float, w: float, letter: str, item: tuple[str, str, str]
    ) -> float:
        """A lettered question with the key's answer or a line to write on; returns the
        y below."""
        question, answer, working = item
        y = self.question(x, y, w, letter, question, TIGHT)
        if self.key:
            return self.key_answer(x, y, w, answer, working, TIGHT)
        return self.answer_line(x + 6, y, w - 6)

    def draw_questions(self, x: float, y: float, w: float, bottom: float) -> None:
        """:meth:`questions`, checked to stay above the footer."""
        self.questions(x, y, w, bottom)

    def questions(
        self, x: float, y: float, w: float, bottom: float, *, check: bool = True
    ) -> float:
        """Step 3: questions a to c (d is under the graph) in the right column; returns
        the y below the last.

        Raises:
            XactikaError: if ``check`` and they reach the footer (a layout bug).
        """
        y = self.step(x, y, "3", _("Answer the questions."), w) + 1.5
        items = self.sheet.worked_questions()[:3]
        frames = self.sheet.frames() if self.sheet.level == SUPPORT else None
        gap = self.gap  # under an answer
        for index, (item, letter) in enumerate(zip(items, "abc", strict=True)):
            if letter == "c":
                y = self.question(x, y, w, letter, item[0], TIGHT)
                y = self.class_question(x, y, w, frames is not None)
            elif frames is not None:
                y = self.question(x, y, w, letter, item[0], TIGHT)
                y = draw_frame(self, x + 6, y, w - 6, frames[index]) + 0.5
            else:
                y = self.one_question(x, y, w, letter, item)
            y += gap
        if check:
            self.check_fits(y - gap, self.limit)
        return y - gap

    def answer_line(self, x: float, y: float, w: float, label: str = "") -> float:
        """A line to write an answer on, :attr:`answer_room` mm in all; after a
        ``label`` the line is 5 mm below ``y``. Returns the y 5 mm below the line."""
        self.line_style(0.3)
        y += 5.0 if label else self.answer_room - 5.0
        start = x
        if label:
            self.font(9.5)
            self.text_at(x, y - 4.4, w, 4.2, label)
            start = x + self.pdf.get_string_width(label) + 1.5
        self.pdf.line(start, y, x + w, y)
        return y + 5.0

    def class_question(self, x: float, y: float, w: float, support: bool) -> float:
        """Question c's answers under it, in the order the lesson asks: the prediction
        before the "Class total" box, then whether the class is closer. A support sheet
        has sentence frames; the key gives :meth:`~.simulation.SimulationWorksheet.class_answer`.
        Returns the y below."""
        sheet = self.sheet
        answer = sheet.class_answer()
        x, w = x + 6, w - 6
        if self.key:
            self.font(TIGHT.answer_size, "B", ANSWER)
            y = self.paragraph(x, y, w, answer.prediction, TIGHT.answer_line)
        elif support:
            y = draw_frame(self, x, y, w, sheet.frames()[2])
        else:
            y = self.answer_line(x, y, w, _("Prediction:")) - 3.5
        if self.key:
            # the printed sheets' class total in words, not in a box
            self.font(TIGHT.answer_size, "B", ANSWER)
            y = self.paragraph(x, y + 0.5, w, answer.comparison, TIGHT.answer_line)
            self.font(TIGHT.working_size, "I", MUTED)
            return self.paragraph(x, y + 0.3, w, answer.working, TIGHT.working_line)
        y = self.class_box(x, y + 1.5, w) + 1.5
        if support:
            frame = Frame(_("Closer than mine: {} (yes or no)."), ("",))
            self.font(10)
            return self.paragraph(x, y, w, frame.blank(), 5.6)
        return self.answer_line(x, y, w, _("Closer than mine?")) - 4.5  # the last mark

    def class_box(
        self, x: float, y: float, w: float, filled: tuple[str, str, str] | None = None
    ) -> float:
        """The box where the class pools its results: blank, or on a key ``filled``
        with the printed sheets' successes, draws and relative frequency."""
        pdf = self.pdf
        # three writing lines 5 mm apart, the last well clear of the bottom border
        h = 22.5
        self.line_style(0.6)
        pdf.rect(x, y, w, h)
        self.font(9.5, "B")
        self.text_at(x + 2, y + 1, w - 4, 5, _("Class total"))
        self.line_style(0.3)
        labels = (_("Successes:"), _("Draws:"), _("Relative frequency:"))
        for k, label in enumerate(labels):
            ly = y + 6.0 + k * 5.0
            self.font(9.5)
            self.text_at(x + 2, ly, w - 4, 5, label)
            start = x + 3 + pdf.get_string_width(label)
            pdf.line(start, ly + 4.3, x + w - 3, ly + 4.3)
            if filled is not None:
                self.font(9.5, "B", ANSWER)
                self.text_at(start + 1, ly, x + w - 4 - start, 4.2, filled[k])
        return y + h
