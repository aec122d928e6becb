"""The pie-chart worksheet: sort drawn cards into three groups and draw them as a pie.

Each card is one equal slice of the circle (with 20 cards: 1/20 = 5% = 18 degrees),
so a blank circle with one tick mark per card lets a student shade each group's
slice by counting ticks. The groups are face values (4 to 6, 7 to 9, 10 to 12) or
how many times the card shows one shape (1, 2 or 3 cubes), chosen by the seed.
Every number in a question or an answer is computed from the cards, never typed in.

>>> sheet = pie_chart_worksheet(1006, number=7, of=30)
>>> sheet.label
'Worksheet 7 of 30 · seed 1006'
>>> sum(sheet.counts), len(sheet.questions())
(20, 3)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from ...base.checks import shown
from ...base.errors import XactikaError
from ...base.formatting import (
    about_one_decimal,
    and_list,
    exact_percent,
    fraction,
    fraction_steps,
    plural,
)
from ...base.palette import INK
from ...core.cards import COUNTS, Card, Combination, Hand, Shape, draw_cards
from ...core.probability import shape_count_table, value_distribution
from .card_pictures import draw_card_rows
from .page import ANSWER, MUTED, ROOMY, SHADE, Page, draw_tally, rgb
from .pie_slices import draw_slice, point
from .sheet import QuestionSheet, check_seed

if TYPE_CHECKING:
    from fpdf import FPDF


__all__ = ["GROUPINGS", "PIE_CARDS", "PieChartWorksheet", "pie_chart_worksheet"]

#: How a pie-chart worksheet can sort its cards: by face value, or by how many
#: times a card shows one shape.
GROUPINGS: tuple[str, ...] = ("face value", *(str(shape) for shape in Shape))

#: The card counts a pie chart can have: each card is a whole number of degrees.
PIE_CARDS: tuple[int, ...] = tuple(n for n in range(8, 41) if 360 % n == 0)

#: The face values in each face-value group: low, middle, high.
_VALUE_GROUPS: tuple[tuple[int, int], ...] = ((4, 6), (7, 9), (10, 12))

# The key also prints answers and workings: its questions are set smaller.
_KEY_QUESTIONS = dataclasses.replace(ROOMY, size=9, line=4.2)


# --- the pie-chart worksheet --------------------------------------------------------


@dataclass(frozen=True)
class PieChartWorksheet(QuestionSheet):
    """One student's pie-chart worksheet: the cards, the groups, the questions, the answers.

    Build it with :func:`pie_chart_worksheet` (which draws the cards and picks the
    grouping from the seed); the constructor takes any cards and grouping.

    >>> sheet = PieChartWorksheet(1, 1, 0, "1111 2222 3333 1233 2331 1123 3121 2113", "cubes")
    >>> sheet.groups, sheet.counts, sheet.degrees
    (('1 cube', '2 cubes', '3 cubes'), (4, 2, 2), (180, 90, 90))
    >>> str(sheet)
    'Worksheet 1 of 1 · seed 0: 8 cards by cubes 1111 2222 3333 1233 2331 1123 3121 2113'

    Attributes:
        number: which worksheet of the run this is, 1 to ``of``.
        of: how many worksheets the run has (students in the class).
        seed: the seed the cards were drawn with (printed on the sheet).
        cards: the cards in the order shown, a :class:`Hand` of one of
            :data:`PIE_CARDS` (8 to 40 cards that divide 360 degrees evenly);
            notation is accepted.
        grouping: one of :data:`GROUPINGS`: ``"face value"`` (groups 4 to 6, 7 to
            9, 10 to 12) or a shape (groups 1, 2, 3 of that shape).

    Raises:
        XactikaError: if ``number`` is not 1 to ``of``, ``seed`` is not a whole
            number >= 0, the number of cards is not one of :data:`PIE_CARDS`, a
            card is there twice or ``grouping`` is unknown.
    """

    number: int
    of: int
    seed: int
    cards: Hand
    grouping: str = "face value"

    kind: ClassVar[str] = "pie-chart"
    title: ClassVar[str] = "Xactika graphing page: pie chart"

    def __post_init__(self) -> None:
        self.check_numbering()
        cards = Hand.parse(self.cards) if isinstance(self.cards, str) else Hand(self.cards)
        if len(cards) not in PIE_CARDS:
            raise XactikaError(
                f"a pie-chart worksheet needs {and_list(PIE_CARDS)} cards (so each card "
                f"is a whole number of degrees), got {len(cards)}"
            )
        grouping = self.grouping.strip().lower() if isinstance(self.grouping, str) else None
        if grouping not in GROUPINGS:
            raise XactikaError(
                f"unknown grouping {shown(self.grouping)}; "
                f"use one of {', '.join(map(repr, GROUPINGS))}"
            )
        self.set_checked(cards=cards, grouping=grouping)

    def __str__(self) -> str:
        return f"{self.label}: {len(self.cards)} cards by {self.grouping} {self.cards}"

    # ---- the data ----------------------------------------------------------------

    @property
    def shape(self) -> Shape | None:
        """The shape the cards are grouped by, or None when grouped by face value."""
        return None if self.grouping == "face value" else Shape.parse(self.grouping)

    @property
    def groups(self) -> tuple[str, str, str]:
        """The three groups' names, as the table lists them: ``('4 to 6', ...)``."""
        if self.shape is None:
            low, middle, high = (f"{a} to {b}" for a, b in _VALUE_GROUPS)
            return (low, middle, high)
        one, two, three = (str(Combination(self.shape, k)) for k in COUNTS)
        return (one, two, three)

    def group_of(self, card: Card) -> int:
        """Which group (0, 1 or 2) ``card`` belongs to."""
        if self.shape is None:
            return next(i for i, (a, b) in enumerate(_VALUE_GROUPS) if a <= card.value <= b)
        return card.count(self.shape) - 1

    def _describe(self, group: int) -> str:
        """A group in a sentence: ``'face value 7 to 9'`` or ``'2 cubes'``."""
        name = self.groups[group]
        return f"face value {name}" if self.shape is None else name

    @property
    def counts(self) -> tuple[int, int, int]:
        """How many of the cards are in each group."""
        found = [0, 0, 0]
        for card in self.cards:
            found[self.group_of(card)] += 1
        return (found[0], found[1], found[2])

    @property
    def degrees(self) -> tuple[int, int, int]:
        """Each group's slice in whole degrees: cards x 360 / number of cards."""
        step = 360 // len(self.cards)
        a, b, c = (count * step for count in self.counts)
        return (a, b, c)

    @property
    def deck_counts(self) -> tuple[int, int, int]:
        """How many of the deck's 81 cards are in each group (the whole deck's pie).

        From :func:`~xactika_edu.core.probability.value_distribution` (face value) or
        :func:`~xactika_edu.core.probability.shape_count_table` (a shape).

        >>> pie_chart_worksheet(0).deck_counts
        (15, 51, 15)
        """
        if self.shape is None:
            frequency = value_distribution()["frequency"]
            a, b, c = (int(frequency.loc[lo:hi].sum()) for lo, hi in _VALUE_GROUPS)
        else:
            table = shape_count_table(self.shape)
            a, b, c = (int(table[name].sum()) for name in self.groups)
        return (a, b, c)

    def _extreme(self, pick: Callable[[tuple[int, ...]], int]) -> tuple[int, ...]:
        counts = self.counts
        best = pick(counts)
        return tuple(i for i, n in enumerate(counts) if n == best)

    def worked_questions(self) -> list[tuple[str, str, str]]:
        """(question, answer, one-line working) for each of the three questions.

        a) the biggest slice(s) and their percent, b) the smallest slice(s) and
        their degrees, c) the biggest slice against the same group's slice in a
        pie of the whole deck (360 x deck count / 81 degrees, to one decimal).

        >>> for question, answer in pie_chart_worksheet(0).questions():
        ...     print(answer)
        face value 7 to 9 (13 cards, 65%)
        face value 4 to 6 (2 cards, 36°)
        Bigger, by about 7.3° (yours 234°, deck about 226.7°).
        """
        n = len(self.cards)
        counts, degrees = self.counts, self.degrees
        step = 360 // n

        def names(groups: tuple[int, ...]) -> str:
            return and_list(self._describe(g) for g in groups)

        biggest = self._extreme(max)
        top = counts[biggest[0]]
        each = " each" if len(biggest) > 1 else ""
        question_a = (
            "Which slice of your pie is the biggest? What percent of the circle is it? "
            "If there is a tie, write every one."
        )
        answer_a = (
            f"{names(biggest)} ({plural(top, 'card')}, {exact_percent(Fraction(top, n))}{each})"
        )
        working_a = f"{fraction_steps(top, n)} of the cards = {exact_percent(Fraction(top, n))}."

        smallest = self._extreme(min)
        low = counts[smallest[0]]
        each = " each" if len(smallest) > 1 else ""
        question_b = "Which slice is the smallest? How many degrees is it? Write every one if tied."
        answer_b = f"{names(smallest)} ({plural(low, 'card')}, {degrees[smallest[0]]}°{each})"
        working_b = f"Each card is 360 ÷ {n} = {step}°; {low} × {step}° = {low * step}°."

        group = biggest[0]
        in_deck = self.deck_counts[group]
        deck_degrees = Fraction(360 * in_deck, 81)
        mine = degrees[group]
        gap = mine - deck_degrees
        question_c = (
            f"In a pie of the whole deck, {self._describe(group)} is {in_deck} of the 81 "
            f"cards: 360 × {in_deck}/81 degrees. Is your slice for it bigger or smaller, "
            "and by how many degrees?"
        )
        deck_text = about_one_decimal(deck_degrees)
        if gap == 0:
            answer_c = f"The same: {mine}° in both."
        else:
            word = "bigger" if gap > 0 else "smaller"
            by = about_one_decimal(abs(gap))
            answer_c = f"{word.capitalize()}, by {by}° (yours {mine}°, deck {deck_text}°)."
        working_c = (
            f"Deck: 360 × {in_deck}/81 = {fraction(deck_degrees)}°"
            + (f" = {deck_text}°" if deck_degrees.denominator != 1 else "")
            + f". Yours: {counts[group]} × {step}° = {mine}°."
        )
        return [
            (question_a, answer_a, working_a),
            (question_b, answer_b, working_b),
            (question_c, answer_c, working_c),
        ]


def pie_chart_worksheet(
    seed: int, *, number: int = 1, of: int = 1, cards: int = 20
) -> PieChartWorksheet:
    """A pie-chart worksheet: ``cards`` cards drawn with ``seed``, grouped as the seed picks.

    The grouping is ``GROUPINGS[seed % 5]``, so neighbours in a class get
    different groupings: face value, then balls, cubes, cones and stars.

    >>> sheet = pie_chart_worksheet(1006, number=7, of=30)
    >>> sheet.grouping, sheet.groups
    ('balls', ('1 ball', '2 balls', '3 balls'))
    >>> pie_chart_worksheet(5, cards=16)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: cards for a pie chart must be one of 8, 9, ... got 16

    Args:
        seed: a whole number >= 0; the cards are ``draw_cards(cards, seed)``.
        number: which worksheet of the run, 1 to ``of``.
        of: how many worksheets the run has.
        cards: how many cards, one of :data:`PIE_CARDS` (20 cards: 18° each, 5%).

    Returns:
        a :class:`PieChartWorksheet`.

    Raises:
        XactikaError: if ``cards``, ``number``, ``of`` or ``seed`` is out of range.
    """
    seed = check_seed(seed)
    if isinstance(cards, bool) or not isinstance(cards, int) or cards not in PIE_CARDS:
        raise XactikaError(
            f"cards for a pie chart must be one of {and_list(PIE_CARDS)} (each card a "
            f"whole number of degrees), got {shown(cards)}"
        )
    grouping = GROUPINGS[seed % len(GROUPINGS)]
    return PieChartWorksheet(number, of, seed, draw_cards(cards, seed), grouping)


# --- drawing the page -----------------------------------------------------------


class _PieChartPage(Page[PieChartWorksheet]):
    """Draws one pie-chart worksheet page (student sheet or answer key) on a PDF."""

    key_note = (
        "For the teacher: compare each student's table, pie chart and answers with this page."
    )
    footer_note = "the same seed always gives the same cards"

    def __init__(self, sheet: PieChartWorksheet, pdf: FPDF, *, key: bool) -> None:
        super().__init__(sheet, pdf, key=key)
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
            sort = (
                "by **face value** (the number of shapes on the card): 4 to 6, 7 to 9 or 10 to 12"
            )
        else:
            sort = f"by how many **{sheet.shape}** each card shows: {and_list(sheet.groups)}"
        text = (
            f"These {self.n} cards were drawn from a shuffled Xactika deck. Sort them {sort}. "
            f"In your pie chart each card is one slice of 1/{self.n} of the circle: "
            f"{exact_percent(Fraction(1, self.n))}, or 360 ÷ {self.n} = {step} degrees."
        )
        self.font(10.5)
        return self.paragraph(self.left, y, self.width, text, 5.0)

    def cards(self, y: float) -> float:
        sheet = self.sheet
        if sheet.shape is None:
            text = "Find each card's face value (add up its shapes) and write it in its box."
            answers = [str(card.value) for card in sheet.cards]
        else:
            text = f"Count the {sheet.shape} on each card and write the number in its box."
            answers = [str(card.count(sheet.shape)) for card in sheet.cards]
        y = self.step(self.left, y, "1", text, self.width) + 1.5
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
                "Tally the cards in each group, then fill in the table. Check: the cards "
                f"add up to {self.n} and the degrees to 360.",
                self.width,
            )
            + 1.5
        )
        heading = "Face value" if sheet.shape is None else f"{sheet.shape.plural.capitalize()}"
        columns = (
            (heading, 26.0),
            ("Tally", 0.0),
            ("Cards", 17.0),
            ("Fraction", 30.0),
            ("Percent", 24.0),
            ("Degrees", 22.0),
        )
        fixed = sum(w for _, w in columns)
        widths = [w if w else self.width - fixed for _, w in columns]
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
        for (name, _), w in zip(columns, widths, strict=True):
            self.text_at(cx, y, w, head_h, name, align="C")
            cx += w
        counts, degrees = sheet.counts, sheet.degrees
        for r in range(rows):
            top = y + head_h + r * row_h
            is_total = r == rows - 1
            self.font(10, "B")
            self.text_at(x + 2, top, widths[0] - 2, row_h, "Total" if is_total else sheet.groups[r])
            if not self.key:
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
                    exact_percent(Fraction(count, self.n)),
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

    def pie(self, x: float, y: float, w: float, bottom: float) -> None:
        pdf, sheet = self.pdf, self.sheet
        step = 360 // self.n
        y = self.step(
            x,
            y,
            "3",
            "Shade each group's slice, starting at the arrow and going clockwise: one tick "
            "per card. Label each slice.",
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
        self.text_at(top_x - 14, top_y - 6.8, 13, 4, "start", align="R")
        # the legend: blank lines for the student, the slices on the key
        ly = cy + r + 7.0
        self.font(9.5)
        for index, name in enumerate(sheet.groups):
            gx = x + 4.0
            self.line_style(0.3)
            if self.key:
                draw_slice(pdf, gx + 5.5, ly + 5.2, 5.0, 315, 405, index)
                self.line_style(0.3)
                self.font(9.5, "B", ANSWER)
                count = sheet.counts[index]
                share = exact_percent(Fraction(count, self.n))
                text = f"{name}: {plural(count, 'card')}, {share}, {sheet.degrees[index]}°"
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
        y = self.step(x, y, "4", "Answer the questions.", w) + 1.5
        items = self.sheet.worked_questions()
        self.font(10)
        texts = [self.paragraph_height(w - 6, q, 4.7) + 1.5 + 3.0 for q, _, _ in items]
        # one answer line each, and a second one for each question there is room for
        lines = [1] * len(items)
        for i in range(len(items)):
            if sum(texts) + (sum(lines) + 1) * 7.0 <= bottom - y:
                lines[i] = 2
        rooms = self.rooms(y, bottom, [t + n * 7.0 for t, n in zip(texts, lines, strict=True)])
        for (question, answer, working), letter, room, n in zip(
            items, "abc", rooms, lines, strict=True
        ):
            top = y
            y = self.question(x, y, w, letter, question, _KEY_QUESTIONS if self.key else ROOMY)
            if self.key:
                y = self.key_answer(x, y, w, answer, working, _KEY_QUESTIONS) + 3.5
            else:
                self.line_style(0.3)
                for _ in range(n):
                    y += 7.0
                    pdf.line(x + 6, y, x + w, y)
                y = top + room


PieChartWorksheet.page = _PieChartPage
