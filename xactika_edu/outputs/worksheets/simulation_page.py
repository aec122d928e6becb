"""Drawing the simulation worksheet's page (student sheet or answer key).

The data (the event, the draws, the running relative frequency, the questions) come
from :class:`~xactika_edu.outputs.worksheets.simulation.SimulationWorksheet`; this module
only lays them out: the draws as tick boxes with a running table, the deck table,
the graph of the relative frequency and the questions with the class-total box.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import TYPE_CHECKING

from ...base.formatting import exact_percent, percent_tail
from ...base.palette import INK, OKABE_ITO, SHAPE_COLORS
from ...core.cards import Card, Shape
from ...core.probability import FACE_VALUES, value_distribution
from .card_pictures import draw_glyph
from .layout import TEXT_SIDE_GAP, segment_crosses_box
from .levels import EXTENSION, SUPPORT, Frame, draw_frame, level_note
from .page import ANSWER, GRID_MAJOR, GRID_MINOR, MUTED, SHADE, TIGHT, Page, rgb

if TYPE_CHECKING:
    from fpdf import FPDF

    from .simulation import SimulationWorksheet

__all__ = ["DRAWS_PER_ROW", "SimulationPage"]

#: Draws per row of the sheet: the relative frequency is written after each row.
DRAWS_PER_ROW = 10
#: The room a line to write an answer on takes, in mm.
ANSWER_LINE = 10.5


class SimulationPage(Page["SimulationWorksheet"]):
    """Draws one simulation worksheet page (student sheet or answer key) on a PDF."""

    key_note = "For the teacher: compare each student's marks, table, graph and answers."
    footer_note = "the same seed always gives the same draws"

    def __init__(self, sheet: SimulationWorksheet, pdf: FPDF, *, key: bool) -> None:
        super().__init__(sheet, pdf, key=key)
        self.n = len(sheet.draws)

    def draw(self) -> None:
        y = self.sections(
            ("intro", 2.5, self.intro),
            ("draws", 3.0, self.draws),
            ("deck_table", 3.0, self.deck_table),
        )
        self.beside(y + 4.0, 0.42, ("graph", self.graph), ("questions", self.questions))
        self.footer()

    def intro(self, y: float) -> float:
        text = level_note(self.sheet.level) + (
            f"**The event: the card {self.sheet.phrase}.** Each box below is one draw "
            "from a full Xactika deck; the card goes back and the deck is shuffled before "
            "the next draw. A box shows how many balls, cubes, cones and stars the card has."
        )
        self.font(10.5)
        return self.paragraph(self.left, y, self.width, text, 5.0)

    def draws(self, y: float) -> float:
        pdf, sheet = self.pdf, self.sheet
        y = (
            self.step(
                self.left,
                y,
                "1",
                f"Tick the box of every draw where the card {sheet.phrase}: that draw is "
                "a success. After each row of 10, fill in the row's table."
                + (" Row 1 is a worked example." if sheet.example_rows else ""),
                self.width,
            )
            + 1.5
        )
        columns = (
            ("Successes in this row", 17.0),
            ("Successes so far", 17.0),
            ("Draws so far", 14.0),
            ("Relative frequency so far", 25.0),
        )
        table_w = sum(w for _, w in columns)
        cell_w = (self.width - table_w - 2.0) / DRAWS_PER_ROW
        head_h, row_h = 9.0, 15.0
        x = self.left
        tx = x + DRAWS_PER_ROW * cell_w + 2.0
        pdf.set_fill_color(*rgb(SHADE))
        pdf.rect(x, y, DRAWS_PER_ROW * cell_w, head_h, style="F")
        pdf.rect(tx, y, table_w, head_h, style="F")
        # the glyph key in the header: which shape each column of digits counts
        self.font(8.5, "B")
        self.text_at(x + 1.5, y, 30, head_h, "Each draw:")
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
                self.draw_cell(i, sheet.draws[i], hits[i], x + col * cell_w, top, cell_w, row_h)
            if self.key or row < sheet.example_rows:
                so_far, draws = running[row]
                in_row = sum(hits[row * DRAWS_PER_ROW : (row + 1) * DRAWS_PER_ROW])
                share = Fraction(so_far, draws)
                cells = (str(in_row), str(so_far), str(draws))
                cx = tx
                self.font(11, "B", ANSWER)
                for text, (_, w) in zip(cells, columns, strict=False):
                    self.text_at(cx, top, w, row_h, text, align="C")
                    cx += w
                self.font(9.5, "B", ANSWER)
                self.text_at(cx, top + 2, columns[-1][1], 5, f"{so_far}/{draws}", align="C")
                # as the lesson writes it: "8/10 = 80%", "27/40, about 68%"
                self.text_at(
                    cx, top + 7.5, columns[-1][1], 5, percent_tail(share).lstrip(", "), "C"
                )
        bottom = y + head_h + (self.n // DRAWS_PER_ROW) * row_h
        self.line_style(0.3)
        for r in range(self.n // DRAWS_PER_ROW + 1):
            gy = y + head_h + r * row_h
            pdf.line(x, gy, x + DRAWS_PER_ROW * cell_w, gy)
            pdf.line(tx, gy, tx + table_w, gy)
        for c in range(DRAWS_PER_ROW + 1):
            pdf.line(x + c * cell_w, y + head_h, x + c * cell_w, bottom)
        cx = tx
        for _, w in columns:
            pdf.line(cx, y, cx, bottom)
            cx += w
        self.line_style(0.6)
        pdf.rect(x, y, DRAWS_PER_ROW * cell_w, bottom - y)
        pdf.rect(tx, y, table_w, bottom - y)
        return bottom

    def draw_cell(
        self, i: int, card: Card, hit: bool, x: float, y: float, w: float, h: float
    ) -> None:
        """One draw: its number, a tick box, and the four shapes with their counts."""
        pdf = self.pdf
        self.font(7, "", MUTED)
        self.text_at(x + 0.6, y + 0.6, 8, 3.6, f"#{i + 1}")
        box = 3.6
        bx, by = x + w - box - 0.8, y + 0.8
        self.line_style(0.3)
        pdf.rect(bx, by, box, box)
        if (self.key or i < self.sheet.examples) and hit:
            self.line_style(0.6, ANSWER)
            pdf.line(bx + 0.6, by + box * 0.55, bx + box * 0.4, by + box - 0.6)
            pdf.line(bx + box * 0.4, by + box - 0.6, bx + box - 0.3, by + 0.3)
        step = (w - 1.6) / 4
        pdf.set_line_width(0.12)
        pdf.set_draw_color(*rgb(INK))
        for shape, count in zip(Shape, card.counts, strict=True):
            cx = x + 0.8 + (shape + 0.5) * step
            draw_glyph(pdf, shape, cx, y + 6.4, min(2.4, step * 0.7), SHAPE_COLORS[shape])
            self.font(9.5, "B")
            self.text_at(cx - step / 2, y + 7.9, step, 4.4, str(count), align="C")
        if (self.key or i < self.sheet.examples) and "face value" in self.sheet.event:
            self.font(7, "B", ANSWER)
            # "value 12" when it fits clear of the cell's rules, else the number alone
            room = w - 2 * (TEXT_SIDE_GAP + 0.3)
            word = "value " if self.pdf.get_string_width("value 12") <= room else ""
            self.text_at(x + 0.6, y + h - 2.9, w - 1.2, 2.6, f"{word}{card.value}", align="C")

    def deck_table(self, y: float) -> float:
        """The deck table of face values, for question a."""
        pdf = self.pdf
        frequency = value_distribution()["frequency"]
        label_w, total_w = 40.0, 18.0
        cell_w = (self.width - label_w - total_w) / len(FACE_VALUES)
        h = 6.0
        x = self.left
        pdf.set_fill_color(*rgb(SHADE))
        pdf.rect(x, y, label_w, 2 * h, style="F")
        self.font(9, "B")
        self.text_at(x + 1.5, y, label_w, h, "Deck table: face value")
        self.text_at(x + 1.5, y + h, label_w, h, "cards in the deck")
        for i, value in enumerate(FACE_VALUES):
            cx = x + label_w + i * cell_w
            self.font(9.5, "B")
            self.text_at(cx, y, cell_w, h, str(value), align="C")
            self.font(9.5)
            self.text_at(cx, y + h, cell_w, h, str(int(frequency[value])), align="C")
        tx = x + label_w + len(FACE_VALUES) * cell_w
        self.font(9.5, "B")
        self.text_at(tx, y, total_w, h, "Total", align="C")
        self.text_at(tx, y + h, total_w, h, str(int(frequency.sum())), align="C")
        self.line_style(0.3)
        for r in range(3):
            pdf.line(x, y + r * h, x + self.width, y + r * h)
        for i in range(len(FACE_VALUES) + 1):
            pdf.line(x + label_w + i * cell_w, y, x + label_w + i * cell_w, y + 2 * h)
        pdf.rect(x, y, self.width, 2 * h)
        return y + 2 * h

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
        self.plot(x, y, w, bottom)

    def question_height(self, w: float, question: str, answer: str, working: str) -> float:
        """How tall :meth:`one_question` draws a question and its answer (or line), in mm."""
        self.font(TIGHT.size)
        height = self.paragraph_height(w - 6, question, TIGHT.line) + TIGHT.after
        if not self.key:
            return height + ANSWER_LINE
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

    def plot(self, x: float, y: float, w: float, bottom: float) -> None:
        """The graph of the relative frequency (the key plots it) from ``y`` down to
        ``bottom``."""
        pdf, sheet = self.pdf, self.sheet
        y = (
            self.step(
                x,
                y,
                "2",
                "Plot the relative frequency after each row. Then draw a dashed line across "
                "at the exact probability (question a).",
                w,
            )
            + 1.0
        )
        left = x + 13.0
        top = y + 3.0
        plot_w = w - 13.0 - 3.0
        plot_h = min(bottom - top - 12.0, 85.0)
        with self.background():
            # grid: every 0.05 faint, every 0.1 stronger; a column per 5 draws
            self.line_style(0.12, GRID_MINOR)
            for j in range(21):
                gy = top + plot_h - j * plot_h / 20
                pdf.line(left, gy, left + plot_w, gy)
            for i in range(2 * self.n // 5 + 1):
                gx = left + i * plot_w / (2 * self.n // 5)
                pdf.line(gx, top, gx, top + plot_h)
            self.line_style(0.25, GRID_MAJOR)
            for j in range(11):
                gy = top + plot_h - j * plot_h / 10
                pdf.line(left, gy, left + plot_w, gy)
            for i in range(self.n // DRAWS_PER_ROW + 1):
                gx = left + i * plot_w * DRAWS_PER_ROW / self.n
                pdf.line(gx, top, gx, top + plot_h)

        def at(draws: int, share: float) -> tuple[float, float]:
            return (left + draws * plot_w / self.n, top + plot_h - share * plot_h)

        if self.key:
            p = float(sheet.probability)
            self.line_style(0.6, OKABE_ITO["vermillion"])
            with pdf.local_context():
                pdf.set_dash_pattern(dash=2.0, gap=1.2)
                pdf.line(*at(0, p), *at(self.n, p))
            self.font(8, "B", INK)
            label = f"exact: {exact_percent(sheet.probability, places=0)}"
            points = [at(draws, so_far / draws) for so_far, draws in sheet.running()]
            label_w = self.pdf.get_string_width(label) + 1.5
            # above the dashed line (below near the top), as far left as the plotted
            # line and its dots leave room
            line_y = at(0, p)[1]
            rows = (line_y - 4.6, line_y + 0.6) if p < 0.85 else (line_y + 0.6, line_y - 4.6)
            steps = int((plot_w - 2.0 - label_w) // 2.5)
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
            self.pdf.set_xy(lx, ly)
            self.pdf.cell(label_w, 4, label, fill=True)
            self.line_style(0.6, OKABE_ITO["blue"])
            for a, b in itertools.pairwise(points):
                pdf.line(*a, *b)
            for px, py in points:
                pdf.set_fill_color(*rgb(OKABE_ITO["blue"]))
                self.line_style(0.3)
                pdf.circle(px, py, 1.2, style="FD")
        self.line_style(0.6)
        pdf.line(left, top + plot_h, left + plot_w, top + plot_h)
        pdf.line(left, top, left, top + plot_h)
        self.font(8)
        for j in range(11):
            gy = top + plot_h - j * plot_h / 10
            self.text_at(left - 10.0, gy - 2, 9, 4, f"{10 * j}%", align="R")
        self.font(9, "B")
        for i in range(self.n // DRAWS_PER_ROW + 1):
            gx = left + i * plot_w * DRAWS_PER_ROW / self.n
            self.text_at(gx - 5, top + plot_h + 0.8, 10, 4.5, str(i * DRAWS_PER_ROW), align="C")
        self.text_at(left, top + plot_h + 5.2, plot_w, 5, "Number of draws", align="C")
        self.vertical_text(x + 3.0, top, plot_h, "Relative frequency")

    def questions(self, x: float, y: float, w: float, bottom: float) -> None:
        """Step 3: questions a to c (d is under the graph) in the right column."""
        y = self.step(x, y, "3", "Answer the questions.", w) + 1.5
        items = self.sheet.worked_questions()[:3]
        frames = self.sheet.frames() if self.sheet.level == SUPPORT else None
        gap = 2.0  # under an answer
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
        self.check_fits(y - gap, self.bottom - 4.5)

    def answer_line(self, x: float, y: float, w: float, label: str = "") -> float:
        """A line to write an answer on (after ``label``), :data:`ANSWER_LINE` mm in
        all; returns the y below it."""
        self.line_style(0.3)
        y += ANSWER_LINE - 5.0
        start = x
        if label:
            self.font(9.5)
            self.text_at(x, y - 4.6, w, 5, label)
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
            y = self.answer_line(x, y - 1.5, w, "Prediction:") - 3.5
        if self.key:
            # the printed sheets' class total in words, not in a box
            self.font(TIGHT.answer_size, "B", ANSWER)
            y = self.paragraph(x, y + 0.5, w, answer.comparison, TIGHT.answer_line)
            self.font(TIGHT.working_size, "I", MUTED)
            return self.paragraph(x, y + 0.3, w, answer.working, TIGHT.working_line)
        y = self.class_box(x, y + 1.5, w) + 1.5
        if support:
            frame = Frame("Closer than mine: {} (yes or no).", ("",))
            self.font(10)
            return self.paragraph(x, y, w, frame.blank(), 5.6)
        return self.answer_line(x, y - 3.0, w) - 4.5  # the line itself is the last mark

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
        self.text_at(x + 2, y + 1, w - 4, 5, "Class total")
        self.line_style(0.3)
        labels = ("Successes:", "Draws:", "Relative frequency:")
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
