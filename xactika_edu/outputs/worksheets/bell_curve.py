"""The bell-curve worksheet: the publisher's graphing activity with one shape's columns.

The deck table (seed 000) lists, for each face value, how many cards show a shape
once, twice and three times; each of those columns is a bell curve, and one more of
the shape moves the curve one face value to the right. On this sheet a student
tallies drawn cards by face value and by how many times they show one shape
(chosen by the seed), plots the three columns as three lines and compares them
with the whole deck. Every number in a question or an answer is computed from the
cards, never typed in.

>>> sheet = bell_curve_worksheet(1006, number=7, of=30)
>>> sheet.label, sheet.shape
('Worksheet 7 of 30 · seed 1006', <Shape.CONES: 2>)
>>> sum(sum(column.values()) for column in sheet.columns), len(sheet.questions())
(27, 3)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from ...base.checks import check_whole
from ...base.errors import XactikaError
from ...base.formatting import about_one_decimal, and_list, fraction, one_decimal, plural
from ...base.palette import INK, SERIES
from ...core.cards import COUNTS, Combination, Hand, Shape, draw_cards
from ...core.probability import FACE_VALUES, shape_count_table
from .card_pictures import draw_card_rows
from .page import ANSWER, GRID_MAJOR, GRID_MINOR, MUTED, SHADE, TIGHT, Page, draw_tally, rgb
from .sheet import QuestionSheet, check_seed

if TYPE_CHECKING:
    from fpdf import FPDF

    from .layout import Recorder

__all__ = ["BellCurveWorksheet", "bell_curve_worksheet"]

MIN_BELL_CARDS = 18
MAX_BELL_CARDS = 30

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


@dataclass(frozen=True)
class BellCurveWorksheet(QuestionSheet):
    """One student's bell-curve worksheet: the cards, the shape, the questions, the answers.

    Build it with :func:`bell_curve_worksheet` (which draws the cards and picks the
    shape from the seed); the constructor takes any cards and shape.

    >>> from xactika_edu.core.cards import draw_cards
    >>> sheet = BellCurveWorksheet(1, 1, 4, draw_cards(18, 4), "stars")
    >>> sheet.columns[2]
    {4: 0, 5: 0, 6: 1, 7: 1, 8: 3, 9: 1, 10: 0, 11: 0, 12: 0}
    >>> sheet.peaks()
    ((5, 6), (7, 9), (8,))

    Attributes:
        number: which worksheet of the run this is, 1 to ``of``.
        of: how many worksheets the run has (students in the class).
        seed: the seed the cards were drawn with (printed on the sheet).
        cards: 18 to 30 distinct cards in the order shown (a :class:`Hand`;
            notation is accepted).
        shape: the shape whose count splits the cards into three lines (a
            :class:`Shape` or its name).

    Raises:
        XactikaError: if ``number`` is not 1 to ``of``, ``seed`` is not a whole
            number >= 0, there are not 18 to 30 distinct cards or ``shape`` is
            unknown.
    """

    number: int
    of: int
    seed: int
    cards: Hand
    shape: Shape = Shape.CUBES

    kind: ClassVar[str] = "bell-curve"
    title: ClassVar[str] = "Xactika graphing page: bell curves"

    def __post_init__(self) -> None:
        self.check_numbering()
        cards = Hand.parse(self.cards) if isinstance(self.cards, str) else Hand(self.cards)
        if not MIN_BELL_CARDS <= len(cards) <= MAX_BELL_CARDS:
            raise XactikaError(
                f"a bell-curve worksheet needs {MIN_BELL_CARDS} to {MAX_BELL_CARDS} cards, "
                f"got {len(cards)}"
            )
        shape = self.shape if isinstance(self.shape, Shape) else Shape.parse(self.shape)
        self.set_checked(cards=cards, shape=shape)

    def __str__(self) -> str:
        return f"{self.label}: {len(self.cards)} cards by {self.shape} {self.cards}"

    def __repr__(self) -> str:
        return (
            f"BellCurveWorksheet(number={self.number}, of={self.of}, seed={self.seed}, "
            f"cards={self.cards!r}, shape=Shape.{self.shape.name})"
        )

    # ---- the data ----------------------------------------------------------------

    @property
    def combinations(self) -> tuple[str, str, str]:
        """The three lines' names: ``('1 cube', '2 cubes', '3 cubes')``."""
        one, two, three = (str(Combination(self.shape, k)) for k in COUNTS)
        return (one, two, three)

    @property
    def columns(self) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
        """The student's table: for 1, 2 and 3 of the shape, cards per face value 4 to 12.

        Like the deck's columns in :func:`~xactika_edu.core.probability.shape_count_table`,
        but for these cards only (zeros included; new dicts each time).
        """
        found = [dict.fromkeys(FACE_VALUES, 0) for _ in COUNTS]
        for card in self.cards:
            found[card.count(self.shape) - 1][card.value] += 1
        return (found[0], found[1], found[2])

    @property
    def ymax(self) -> int:
        """Top of the graph's axis: at least 6, and room above the highest point."""
        return max(6, max(max(column.values()) for column in self.columns) + 1)

    def peaks(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Each line's peak: the face value(s) with the most cards (ties kept; () if none)."""
        found = []
        for column in self.columns:
            top = max(column.values())
            found.append(tuple(v for v, n in column.items() if n == top) if top else ())
        return (found[0], found[1], found[2])

    def means(self) -> tuple[Fraction | None, Fraction | None, Fraction | None]:
        """Mean face value of the cards with 1, 2 and 3 of the shape (None: no such cards)."""
        found: list[Fraction | None] = []
        for column in self.columns:
            n = sum(column.values())
            found.append(Fraction(sum(v * k for v, k in column.items()), n) if n else None)
        return (found[0], found[1], found[2])

    @staticmethod
    def deck_peaks(shape: Shape | str = Shape.CUBES) -> tuple[int, int, int]:
        """Where the deck's three columns peak (:func:`shape_count_table`): 7, 8 and 9.

        >>> BellCurveWorksheet.deck_peaks()
        (7, 8, 9)
        """
        table = shape_count_table(shape)
        a, b, c = (int(table[column].idxmax()) for column in table.columns[1:])
        return (a, b, c)

    def worked_questions(self) -> list[tuple[str, str, str]]:
        """(question, answer, one-line working) for each of the three questions.

        a) each line's peak (ties kept), b) the mean face value of the cards with 1
        and with 3 of the shape (one decimal) and the gap, c) how many cards would
        show 2 of the shape if the cards matched the deck (n x 27/81) and how many do.

        >>> for question, answer in bell_curve_worksheet(1).questions():
        ...     print(answer)
        1 cube: 7; 2 cubes: 8; 3 cubes: 8 and 10
        1 cube: 6.8; 3 cubes: 9.7. 3 cubes is bigger by 2.9.
        9 expected; you have 10.
        """
        n = len(self.cards)
        names = self.combinations
        shape = self.shape
        columns = self.columns

        question_a = (
            "Where is the peak (the highest point) of each line? Write its face value; "
            "if there is a tie, write every one."
        )
        parts = []
        for name, peak in zip(names, self.peaks(), strict=True):
            parts.append(f"{name}: {and_list(peak) if peak else 'no cards'}")
        answer_a = "; ".join(parts)
        tops = [max(column.values()) for column in columns]
        working_a = (
            "Highest counts: "
            + ", ".join(
                f"{plural(top, 'card')} ({name})" for top, name in zip(tops, names, strict=True)
            )
            + "."
        )

        one, three = names[0], names[2]
        question_b = (
            f"Find the mean face value of your cards with {one}, and of your cards with "
            f"{three}. Which mean is bigger, and by about how much?"
        )
        means = self.means()
        rounded = [None if m is None else one_decimal(m) for m in means]
        shown = [
            f"{name}: {r}" if r is not None else f"{name}: no cards"
            for name, r in zip(names, rounded, strict=True)
        ]
        working = []
        for name, column in ((one, columns[0]), (three, columns[2])):
            count = sum(column.values())
            if count:
                total = sum(v * k for v, k in column.items())
                working.append(f"{name}: {total} ÷ {count} = {one_decimal(Fraction(total, count))}")
        working_b = "; ".join(working) + "." if working else "No cards to average."
        low, high = means[0], means[2]
        if low is None or high is None:
            answer_b = f"{shown[0]}; {shown[2]}: no difference to find."
        else:
            gap = high - low
            if gap == 0:
                answer_b = f"{shown[0]}; {shown[2]}: the same."
            else:
                # the exact means' difference, rounded once
                bigger = three if gap > 0 else one
                by = one_decimal(abs(gap))
                by = "less than 0.05" if by == "0.0" else by
                # a student who subtracts the printed rounded means is right too
                printed = Fraction(one_decimal(high)) - Fraction(one_decimal(low))
                subtracted = one_decimal(abs(printed))
                if subtracted != one_decimal(abs(gap)):
                    by += f" ({subtracted} if you subtract the rounded means)"
                answer_b = f"{shown[0]}; {shown[2]}. {bigger} is bigger by {by}."
                working_b += f" Exact difference: {fraction(abs(gap))}."

        peaks = self.deck_peaks(shape)
        in_deck = int(shape_count_table(shape)[names[1]].sum())
        expected = Fraction(n * in_deck, 81)
        about = about_one_decimal(expected)
        got = sum(columns[1].values())
        question_c = (
            f"The whole deck's lines peak at {and_list(peaks)}. {in_deck} of its 81 cards "
            f"show {names[1]}. If your {n} cards matched the deck, how many would show "
            f"{names[1]}? How many do?"
        )
        answer_c = f"{about.capitalize()} expected; you have {got}."
        working_c = (
            f"{n} × {in_deck}/81 = {fraction(expected)}"
            + (f", {about}." if expected.denominator != 1 else ".")
            + f" Cards in the {names[1]} row: {got}."
        )
        return [
            (question_a, answer_a, working_a),
            (question_b, answer_b, working_b),
            (question_c, answer_c, working_c),
        ]


def bell_curve_worksheet(
    seed: int, *, number: int = 1, of: int = 1, cards: int = 27
) -> BellCurveWorksheet:
    """A bell-curve worksheet: ``cards`` cards drawn with ``seed``, one shape picked by it.

    The shape is ``Shape(seed % 4)``, so neighbours in a class get different shapes
    (balls, cubes, cones, stars in turn), and a class can pool its tables by shape.

    >>> sheet = bell_curve_worksheet(5, number=2, of=3)
    >>> sheet.label, len(sheet.cards), sheet.combinations
    ('Worksheet 2 of 3 · seed 5', 27, ('1 cube', '2 cubes', '3 cubes'))
    >>> bell_curve_worksheet(5, cards=40)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: cards must be from 18 to 30, got 40

    Args:
        seed: a whole number >= 0; the cards are ``draw_cards(cards, seed)``.
        number: which worksheet of the run, 1 to ``of``.
        of: how many worksheets the run has.
        cards: how many cards to draw, 18 to 30 (27 fill three rows of 9, a third
            of the deck).

    Returns:
        a :class:`BellCurveWorksheet`.

    Raises:
        XactikaError: if ``cards``, ``number``, ``of`` or ``seed`` is out of range.
    """
    count = check_whole(cards, "cards", MIN_BELL_CARDS, MAX_BELL_CARDS)
    seed = check_seed(seed)
    return BellCurveWorksheet(number, of, seed, draw_cards(count, seed), Shape(seed % 4))


# --- drawing the page -----------------------------------------------------------


class _BellCurvePage(Page[BellCurveWorksheet]):
    """Draws one bell-curve worksheet page (student sheet or answer key) on a PDF."""

    key_note = "For the teacher: compare each student's table, graph and answers with this page."
    footer_note = "the same seed always gives the same cards"

    def __init__(self, sheet: BellCurveWorksheet, pdf: FPDF, *, key: bool) -> None:
        super().__init__(sheet, pdf, key=key)
        self.n = len(sheet.cards)

    def draw(self) -> None:
        y = self.sections(
            ("intro", 2.5, self.intro), ("cards", 2.5, self.cards), ("table", 3.0, self.table)
        )
        self.beside(y + 3.5, 0.5, ("graph", self.graph), ("questions", self.questions))
        self.footer()

    def intro(self, y: float) -> float:
        shape = self.sheet.shape
        text = (
            f"These {self.n} cards were drawn from a shuffled Xactika deck. For each card you "
            f"need two numbers: its **face value** (the number of shapes on it) and how many "
            f"**{shape}** it shows (1, 2 or 3)."
        )
        self.font(10.5)
        return self.paragraph(self.left, y, self.width, text, 5.0)

    def cards(self, y: float) -> float:
        text = "Find each card's face value. Add up its shapes. Write the total in its box."
        y = self.step(self.left, y, "1", text, self.width) + 1.5
        answers = [str(card.value) for card in self.sheet.cards] if self.key else None
        return draw_card_rows(self, self.sheet.cards, y, 72.0, answers)

    def table(self, y: float) -> float:
        pdf, sheet = self.pdf, self.sheet
        y = (
            self.step(
                self.left,
                y,
                "2",
                f"Tally each card in its row (how many {sheet.shape}) and column (face value). "
                f"Write each count in the corner box. Check: the total is {self.n}.",
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
        self.text_at(x + 1.5, y, label_w, head_h, "Face value")
        tx = x + label_w + len(FACE_VALUES) * cell_w
        self.text_at(tx, y, total_w, head_h, "Total", align="C")
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
        text = "Plot each row of the table as a line: a marker at each face value, joined up."
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
        self.text_at(left, top + plot_h + 6.4, plot_w, 5, "Face value", align="C")
        self.vertical_text(x + 3.5, top, plot_h, "Number of cards")
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
            self.font(8, "I", MUTED)
            self.text_at(
                lx,
                ly + 4.8,
                plot_w,
                4,
                f"Dashed: the whole deck scaled to {self.n} cards (count × {self.n}/81).",
            )

    def questions(self, x: float, y: float, w: float, bottom: float) -> None:
        pdf = self.pdf
        y = self.step(x, y, "4", "Answer the questions.", w) + 1.5
        items = self.sheet.worked_questions()
        self.font(9.5)
        needs = [self.paragraph_height(w - 6, q, 4.4) + 1.0 + 6.5 + 2.0 for q, _, _ in items]
        rooms = self.rooms(y, bottom, needs)
        # the key stacks question, answer and working, 2.5 mm apart if the room allows
        gap = self.key_gap(items, y, bottom, w, TIGHT, 2.5) if self.key else 2.5
        for (question, answer, working), letter, room in zip(items, "abc", rooms, strict=True):
            top = y
            y = self.question(x, y, w, letter, question, TIGHT)
            if self.key:
                y = self.key_answer(x, y, w, answer, working, TIGHT)
                y += gap
            else:
                self.line_style(0.3)
                y += 6.5
                pdf.line(x + 6, y, x + w, y)
                y = top + room


BellCurveWorksheet.page = _BellCurvePage
