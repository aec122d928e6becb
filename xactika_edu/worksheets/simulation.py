"""The simulation worksheet: a tally sheet for a class experiment on one event.

The sheet lists random draws from a full deck (each card put back and the deck
shuffled before the next draw), so no deck is needed. A student marks each draw
where the event happens ("the card's face value is 8 or more"), fills in the
relative frequency after every 10 draws, plots it against the exact probability
(counted from the deck) and adds their results to a class total: the law of large
numbers, one class at a time. Every number in a question or an answer is computed
by the library, never typed in.

>>> sheet = simulation_worksheet(1006, number=7, of=30)
>>> sheet.label, sheet.event, sheet.probability
('Worksheet 7 of 30 · seed 1006', 'face value 8 or more', Fraction(50, 81))
>>> len(sheet.draws), sheet.running()[-1][0] <= 40
(40, True)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from ..cards import DECK, Card, Shape, as_card, make_rng
from ..checks import check_whole, shown
from ..errors import XactikaError
from ..formatting import (
    exact_percent,
    fraction_steps,
    plural,
)
from ..palette import INK, OKABE_ITO, SHAPE_COLORS
from ..probability import FACE_VALUES, value_distribution
from .card_pictures import draw_glyph
from .layout import TEXT_SIDE_GAP, segment_crosses_box
from .page import (
    ANSWER,
    GRID_MAJOR,
    GRID_MINOR,
    MUTED,
    SHADE,
    Page,
    rgb,
)
from .sheet import (
    MAX_STUDENTS,
    QuestionSheet,
    check_seed,
)

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = ["DEFAULT_EVENT", "EVENTS", "SimulationWorksheet", "simulation_worksheet"]


def _value_at_least(value: int) -> Callable[[Card], bool]:
    return lambda card: card.value >= value


def _shows(combination: str) -> Callable[[Card], bool]:
    return lambda card: card.has(combination)


# The events a class can simulate: the test each draw gets, and the words that
# finish "the card ...".
_EVENT_WORDS: dict[str, str] = {
    "face value 8 or more": "has a face value of 8 or more",
    "face value 10 or more": "has a face value of 10 or more",
    "face value exactly 8": "has a face value of exactly 8",
    "an even face value": "has an even face value",
    "3 cubes": "shows 3 cubes",
    "1 star": "shows 1 star",
}
_EVENT_TESTS: dict[str, Callable[[Card], bool]] = {
    "face value 8 or more": _value_at_least(8),
    "face value 10 or more": _value_at_least(10),
    "face value exactly 8": lambda card: card.value == 8,
    "an even face value": lambda card: card.value % 2 == 0,
    "3 cubes": _shows("3 cubes"),
    "1 star": _shows("1 star"),
}

#: The events a simulation worksheet can be about.
EVENTS: tuple[str, ...] = tuple(_EVENT_TESTS)
#: The event unless another is asked for: Lesson 5's experiment.
DEFAULT_EVENT = "face value 8 or more"

MIN_DRAWS = 20  # question b compares the first 10 draws with all of them
MAX_DRAWS = 50
_BLOCK = 10  # draws per row: the relative frequency is written after each block


def _two_places(value: Fraction) -> str:
    """``value`` to two decimals, halves up; ``'about'`` in front unless exact."""
    rounded = math.floor(value * 100 + Fraction(1, 2))
    text = f"{rounded // 100}.{rounded % 100:02d}"
    return text if (value * 100).denominator == 1 else f"about {text}"


@dataclass(frozen=True)
class SimulationWorksheet(QuestionSheet):
    """One student's simulation worksheet: the event, the draws and the answers.

    Build it with :func:`simulation_worksheet` (which draws the cards from the
    seed and picks the class's event); the constructor takes any draws.

    >>> sheet = SimulationWorksheet(1, 1, 0, "3 cubes", "1311 2122 1111 3333 " * 5)
    >>> sheet.hits[:4], sheet.probability
    ((True, False, False, True), Fraction(1, 3))
    >>> sheet.running()
    [(5, 10), (10, 20)]
    >>> str(sheet)
    'Worksheet 1 of 1 · seed 0: 20 draws, event 3 cubes, 10 yes'

    Attributes:
        number: which worksheet of the run this is, 1 to ``of``.
        of: how many worksheets the run has (students in the class).
        seed: the seed the draws were made with (printed on the sheet).
        event: one of :data:`EVENTS`.
        draws: 20 to 50 cards (a multiple of 10), each a draw from the full deck,
            so a card can come up more than once; notation is accepted.

    Raises:
        XactikaError: if ``number`` is not 1 to ``of``, ``seed`` is not a whole
            number >= 0, ``event`` is unknown, or the number of draws is not 10,
            20, 30, 40 or 50.
    """

    number: int
    of: int
    seed: int
    event: str
    draws: tuple[Card, ...]

    kind: ClassVar[str] = "simulation"
    title: ClassVar[str] = "Xactika class experiment: simulation"

    def __post_init__(self) -> None:
        of = check_whole(self.of, "of (the number of worksheets)", 1, MAX_STUDENTS)
        number = check_whole(self.number, "worksheet number", 1, of)
        seed = check_seed(self.seed)
        if self.event not in _EVENT_TESTS:
            raise XactikaError(
                f"unknown event {shown(self.event)}; use one of {', '.join(map(repr, EVENTS))}"
            )
        items: Iterable[Card | str] = (
            self.draws.split() if isinstance(self.draws, str) else self.draws
        )
        draws = tuple(as_card(card) for card in items)
        if len(draws) % _BLOCK or not MIN_DRAWS <= len(draws) <= MAX_DRAWS:
            raise XactikaError(
                f"a simulation worksheet needs 20, 30, 40 or 50 draws, got {len(draws)}"
            )
        object.__setattr__(self, "of", of)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "draws", draws)

    def __str__(self) -> str:
        return f"{self.label}: {len(self.draws)} draws, event {self.event}, {sum(self.hits)} yes"

    # ---- the data ----------------------------------------------------------------

    @property
    def phrase(self) -> str:
        """The event as the end of a sentence about the card: ``'shows 3 cubes'``."""
        return _EVENT_WORDS[self.event]

    @property
    def hits(self) -> tuple[bool, ...]:
        """Whether the event happens on each draw, in order."""
        test = _EVENT_TESTS[self.event]
        return tuple(test(card) for card in self.draws)

    @property
    def probability(self) -> Fraction:
        """The event's exact probability for one draw: its cards in the deck / 81."""
        return Fraction(self.deck_count, len(DECK))

    @property
    def deck_count(self) -> int:
        """How many of the 81 cards have the event (counted over the deck)."""
        test = _EVENT_TESTS[self.event]
        return sum(1 for card in DECK if test(card))

    def class_total(self) -> int | None:
        """The real number of yes answers on all ``of`` sheets of this run.

        The run's sheets are numbered 1 to ``of`` with consecutive seeds (as
        :func:`~xactika_edu.worksheets.export_worksheets` makes them), so sheet 1 has
        seed ``seed - number + 1``. None when this sheet's draws are not its seed's
        (made with the constructor) or that first seed would be below 0.

        >>> simulation_worksheet(6, number=1, of=30).class_total()
        754
        """
        first = self.seed - self.number + 1
        if first < 0 or self.draws != seeded_draws(self.seed, len(self.draws)):
            return None
        return _run_total(first, self.of, len(self.draws), self.event)

    def running(self) -> list[tuple[int, int]]:
        """(yes so far, draws so far) after every 10 draws."""
        hits = self.hits
        return [(sum(hits[:end]), end) for end in range(_BLOCK, len(self.draws) + 1, _BLOCK)]

    def worked_questions(self) -> list[tuple[str, str, str]]:
        """(question, answer, one-line working) for each of the three questions.

        a) the exact probability (deck count / 81, and a percent), b) whether the
        relative frequency after the first 10 draws or after all of them was closer
        to it, c) the class total to expect from all ``of`` sheets.

        >>> for question, answer in simulation_worksheet(6, number=1, of=30).questions():
        ...     print(answer)  # doctest: +ELLIPSIS
        50/81, about 61.7%
        After 40 draws.
        30 sheets, 1200 draws: expect about 741 yes. The 30 sheets ... have 754 yes in all.
        """
        p = self.probability
        count = self.deck_count
        if "face value" in self.event:
            how = "Use the deck table."
            working_a = f"{count} of the 81 cards in the deck table have {self.event}."
        else:
            how = "Hint: the deck has every mix of 1, 2 or 3 of each shape exactly once."
            working_a = f"The other three shapes can be anything: 3 × 3 × 3 = {count} cards."
        question_a = (
            f"What is the exact probability that a drawn card {self.phrase}? "
            f"Write it as a fraction of the 81 cards and as a percent. {how}"
        )
        answer_a = f"{fraction_steps(count, 81)}, {exact_percent(p)}"

        first, last = self.running()[0], self.running()[-1]
        near_first = abs(Fraction(*first) - p)
        near_last = abs(Fraction(*last) - p)
        question_b = (
            f"Which was closer to the exact probability: your relative frequency after "
            f"{first[1]} draws or after {last[1]} draws?"
        )
        if near_first == near_last:
            closer = "Both were the same distance"
        elif near_last < near_first:
            closer = f"After {last[1]} draws"
        else:
            closer = f"After {first[1]} draws (it can happen)"
        answer_b = closer + "."
        working_b = (
            f"{first[0]}/{first[1]} = {exact_percent(Fraction(*first))} and {last[0]}/{last[1]} = "
            f"{exact_percent(Fraction(*last))}, against {exact_percent(p)}."
        )

        draws = self.of * len(self.draws)
        expected = p * draws
        question_c = (
            "Add up the whole class's results in the box. Is the class's relative "
            "frequency closer to the exact probability than yours?"
        )
        answer_c = (
            f"{plural(self.of, 'sheet')}, {draws} draws: expect about "
            f"{math.floor(expected + Fraction(1, 2))} yes."
        )
        total = self.class_total()
        if total is not None and self.of > 1:
            first_seed = self.seed - self.number + 1
            answer_c += (
                f" The {self.of} sheets printed with seeds {first_seed} to "
                f"{first_seed + self.of - 1} "
                f"have {total} yes in all."
            )
        working_c = f"{draws} × {count}/81 = " + (
            f"{expected.numerator}/{expected.denominator}, about {float(expected):.1f}."
            if expected.denominator != 1
            else f"{expected}."
        )
        return [
            (question_a, answer_a, working_a),
            (question_b, answer_b, working_b),
            (question_c, answer_c, working_c),
        ]


def simulation_worksheet(
    seed: int,
    *,
    number: int = 1,
    of: int = 1,
    cards: int = 40,
    event: str = DEFAULT_EVENT,
) -> SimulationWorksheet:
    """A simulation worksheet: ``cards`` draws (with the card put back) made with ``seed``.

    The event is the same for the whole class, so results can be pooled; by default
    it is Lesson 5's, "face value 8 or more". The draws are
    ``make_rng(seed).integers(81, size=cards)``, positions in
    :data:`~xactika_edu.cards.DECK`, so every student's draws differ and a lost
    sheet can be printed again alone.

    >>> sheet = simulation_worksheet(5, number=2, of=3)
    >>> sheet.event, simulation_worksheet(4, event="3 cubes").event
    ('face value 8 or more', '3 cubes')
    >>> simulation_worksheet(5, cards=45)
    Traceback (most recent call last):
    ...
    xactika_edu.errors.XactikaError: cards (draws) must be 20, 30, 40 or 50, got 45

    Args:
        seed: a whole number >= 0.
        number: which worksheet of the run, 1 to ``of``.
        of: how many worksheets the run has.
        cards: how many draws, 20, 30, 40 or 50 (a row of 10 per block).
        event: one of :data:`EVENTS`.

    Returns:
        a :class:`SimulationWorksheet`.

    Raises:
        XactikaError: if ``cards``, ``number``, ``of``, ``seed`` or ``event`` is out of
            range.
    """
    seed = check_seed(seed)
    if (
        isinstance(cards, bool)
        or not isinstance(cards, int)
        or cards % _BLOCK
        or not MIN_DRAWS <= cards <= MAX_DRAWS
    ):
        raise XactikaError(f"cards (draws) must be 20, 30, 40 or 50, got {shown(cards)}")
    return SimulationWorksheet(number, of, seed, event, seeded_draws(seed, cards))


def seeded_draws(seed: int, cards: int) -> tuple[Card, ...]:
    """The draws :func:`simulation_worksheet` makes: ``cards`` positions in the deck
    from ``make_rng(seed)``, with the card put back each time.

    >>> seeded_draws(5, 20) == simulation_worksheet(5, cards=20).draws
    True
    """
    positions = make_rng(seed).integers(len(DECK), size=cards)
    return tuple(DECK[int(i)] for i in positions)


@functools.lru_cache(maxsize=64)
def _run_total(first: int, of: int, cards: int, event: str) -> int:
    """Yes answers on the ``of`` seeded sheets with seeds ``first`` onwards."""
    test = _EVENT_TESTS[event]
    return sum(
        test(card) for seed in range(first, first + of) for card in seeded_draws(seed, cards)
    )


# --- drawing the page -----------------------------------------------------------


class _SimulationPage(Page):
    """Draws one simulation worksheet page (student sheet or answer key) on a PDF."""

    key_note = "For the teacher: compare each student's marks, table, graph and answers."
    footer_note = "the same seed always gives the same draws"

    def __init__(self, sheet: SimulationWorksheet, pdf: FPDF, *, key: bool) -> None:
        super().__init__(sheet, pdf, key=key)
        self.sheet: SimulationWorksheet = sheet
        self.n = len(sheet.draws)

    def draw(self) -> None:
        y = self.start()
        with self.group("intro"):
            y = self.intro(y + 2.5)
        with self.group("draws"):
            y = self.draws(y + 3.0)
        with self.group("deck_table"):
            y = self.deck_table(y + 3.0)
        self.graph_and_questions(y + 4.0, self.bottom - 6.0)
        self.footer()

    def intro(self, y: float) -> float:
        text = (
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
                f"Tick the box of every draw where the card {sheet.phrase}. After each "
                "row of 10, fill in the row's table.",
                self.width,
            )
            + 1.5
        )
        columns = (
            ("Yes in this row", 15.0),
            ("Yes so far", 14.0),
            ("Draws so far", 15.0),
            ("Relative frequency so far", 27.0),
        )
        table_w = sum(w for _, w in columns)
        cell_w = (self.width - table_w - 2.0) / _BLOCK
        head_h, row_h = 9.0, 15.0
        x = self.left
        tx = x + _BLOCK * cell_w + 2.0
        pdf.set_fill_color(*rgb(SHADE))
        pdf.rect(x, y, _BLOCK * cell_w, head_h, style="F")
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
        for row in range(self.n // _BLOCK):
            top = y + head_h + row * row_h
            for col in range(_BLOCK):
                i = row * _BLOCK + col
                self.draw_cell(i, sheet.draws[i], hits[i], x + col * cell_w, top, cell_w, row_h)
            if self.key:
                so_far, draws = running[row]
                in_row = sum(hits[row * _BLOCK : (row + 1) * _BLOCK])
                share = Fraction(so_far, draws)
                cells = (str(in_row), str(so_far), str(draws))
                cx = tx
                self.font(11, "B", ANSWER)
                for text, (_, w) in zip(cells, columns, strict=False):
                    self.text_at(cx, top, w, row_h, text, align="C")
                    cx += w
                self.font(9.5, "B", ANSWER)
                self.text_at(cx, top + 2, columns[-1][1], 5, f"{so_far}/{draws}", align="C")
                self.text_at(cx, top + 7.5, columns[-1][1], 5, f"= {_two_places(share)}", "C")
        bottom = y + head_h + (self.n // _BLOCK) * row_h
        self.line_style(0.3)
        for r in range(self.n // _BLOCK + 1):
            gy = y + head_h + r * row_h
            pdf.line(x, gy, x + _BLOCK * cell_w, gy)
            pdf.line(tx, gy, tx + table_w, gy)
        for c in range(_BLOCK + 1):
            pdf.line(x + c * cell_w, y + head_h, x + c * cell_w, bottom)
        cx = tx
        for _, w in columns:
            pdf.line(cx, y, cx, bottom)
            cx += w
        self.line_style(0.6)
        pdf.rect(x, y, _BLOCK * cell_w, bottom - y)
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
        if self.key and hit:
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
        if self.key and "face value" in self.sheet.event:
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

    def graph_and_questions(self, y: float, bottom: float) -> None:
        graph_w = self.width * 0.5
        gap = 6.0
        with self.group("graph"):
            self.graph(self.left, y, graph_w, bottom)
        with self.group("questions"):
            self.questions(self.left + graph_w + gap, y, self.width - graph_w - gap, bottom)

    def graph(self, x: float, y: float, w: float, bottom: float) -> None:
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
            for i in range(self.n // _BLOCK + 1):
                gx = left + i * plot_w * _BLOCK / self.n
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
            label = f"exact: {exact_percent(sheet.probability)}"
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
        self.font(8.5)
        for j in range(11):
            gy = top + plot_h - j * plot_h / 10
            self.text_at(left - 9.0, gy - 2, 8, 4, f"{j / 10:.1f}", align="R")
        self.font(9, "B")
        for i in range(self.n // _BLOCK + 1):
            gx = left + i * plot_w * _BLOCK / self.n
            self.text_at(gx - 5, top + plot_h + 0.8, 10, 4.5, str(i * _BLOCK), align="C")
        self.text_at(left, top + plot_h + 5.2, plot_w, 5, "Number of draws", align="C")
        title = "Relative frequency"
        start_y = top + (plot_h + pdf.get_string_width(title)) / 2
        with pdf.rotation(90, x + 3.0, start_y):
            pdf.text(x + 3.0, start_y, title)

    def questions(self, x: float, y: float, w: float, bottom: float) -> None:
        pdf = self.pdf
        y = self.step(x, y, "3", "Answer the questions.", w) + 1.5
        items = self.sheet.worked_questions()
        for (question, answer, working), letter in zip(items, "abc", strict=True):
            self.font(9.5, "B")
            self.text_at(x, y, 6, 5, f"{letter})")
            self.font(9.5)
            y = self.paragraph(x + 6, y, w - 6, question, 4.4) + 1.0
            if letter == "c":
                y = self.class_box(x + 6, y + 1.0, w - 6) + 1.5
            if self.key:
                self.font(9.5, "B", ANSWER)
                y = self.paragraph(x + 6, y, w - 6, answer, 4.5)
                self.font(8, "I", MUTED)
                y = self.paragraph(x + 6, y + 0.3, w - 6, working, 3.8)
                y += 2.0
            elif letter != "c":
                self.line_style(0.3)
                y += 7.0
                pdf.line(x + 6, y, x + w, y)
                y += 5.0

    def class_box(self, x: float, y: float, w: float) -> float:
        """The blank box where the class pools its results."""
        pdf = self.pdf
        # three writing lines 5 mm apart, the last well clear of the bottom border
        h = 22.5
        self.line_style(0.6)
        pdf.rect(x, y, w, h)
        self.font(9.5, "B")
        self.text_at(x + 2, y + 1, w - 4, 5, "Class total")
        self.font(9.5)
        self.line_style(0.3)
        for k, label in enumerate(("Yes:", "Draws:", "Relative frequency:")):
            ly = y + 6.0 + k * 5.0
            self.text_at(x + 2, ly, w - 4, 5, label)
            start = x + 3 + pdf.get_string_width(label)
            pdf.line(start, ly + 4.3, x + w - 3, ly + 4.3)
        return y + h


SimulationWorksheet.page = _SimulationPage
