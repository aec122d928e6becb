"""Printable worksheets: one variant per student, each with its own answer key, as PDF.

The first kind is the publisher's "graphing page" idea: a student adds up the
shapes on some cards drawn from a shuffled deck, tallies the face values, draws a
bar graph on graph paper and answers three questions about it. Every number in a
question or an answer is computed from the cards, never typed in.

A variant is a seed: student k (1-based) of a run with base seed S gets seed
S + k - 1, printed on the sheet ("Worksheet 7 of 30 · seed 1006"), so the same seed
always gives the same cards, the same questions and byte-identical PDF files.

>>> sheet = bar_graph_worksheet(1006, number=7, of=30)
>>> sheet.label
'Worksheet 7 of 30 · seed 1006'
>>> sum(sheet.frequencies.values()), len(sheet.questions())
(16, 3)
>>> sheet.student_pdf()[:5]
b'%PDF-'

Pages are laid out with fpdf2; the cards are the SVG pictures of
:mod:`xactika_edu.svg`, so a worksheet shows the same cards as a notebook.
"""

from __future__ import annotations

import functools
import io
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Protocol

from . import svg
from .cards import Card, Hand, _check_whole, draw_cards
from .errors import XactikaError
from .palette import INK, OKABE_ITO, PAPER
from .probability import FACE_VALUES, value_distribution

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = [
    "KINDS",
    "PAPERS",
    "BarGraphWorksheet",
    "bar_graph_worksheet",
    "export_worksheets",
    "new_pdf",
]

#: Paper sizes a worksheet can be printed on.
PAPERS: tuple[str, ...] = ("letter", "a4")

MIN_CARDS = 4
MAX_CARDS = 40
MAX_STUDENTS = 200

#: The value the estimation question compares with the whole deck: the deck's
#: most common face value (19 of the 81 cards).
ESTIMATE_VALUE = 8

# Every PDF carries this creation date, so the same seed gives the same bytes.
_CREATED = datetime(2024, 1, 1, tzinfo=timezone.utc)
_TITLE_RE = re.compile(r"<title>.*?</title>", re.DOTALL)
_DIVISION_RE = re.compile(r"\S+ ÷ \S+( = \S+)?")

# Page geometry, in millimetres.
_MARGIN_X = 13.0
_MARGIN_TOP = 11.0
_MARGIN_BOTTOM = 10.0
_CARD_BAND = 68.0  # height available for the card pictures and their labels
_CARD_GAP = 3.0
_CARD_LABEL = 6.8  # under each card: its number and a box for its value
_CARD_MAX_WIDTH = 21.5

# Greys are tints of INK; colours come from the palette.
_GRID_MINOR = "#DCDCDC"
_GRID_MAJOR = "#A0A0A0"
_MUTED = "#555555"
_SHADE = "#EDEDED"
_BAR_FILL = OKABE_ITO["sky blue"]
_ANSWER = OKABE_ITO["blue"]


# --- small helpers ----------------------------------------------------------------


def _rgb(colour: str) -> tuple[int, int, int]:
    """``"#56B4E9"`` -> ``(86, 180, 233)``."""
    colour = colour.lstrip("#")
    return (int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16))


def _check_paper(paper: str) -> str:
    key = paper.strip().lower() if isinstance(paper, str) else paper
    if key not in PAPERS:
        raise XactikaError(
            f"unknown paper size {paper!r}; use one of {', '.join(map(repr, PAPERS))}"
        )
    return key


def _and_list(items: Iterable[object]) -> str:
    """``[6, 7, 9]`` -> ``'6, 7 and 9'``."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _decimal(value: Fraction, places: int = 4) -> str | None:
    """The exact decimal for ``value`` if it needs at most ``places`` decimals, else None."""
    scaled = value * 10**places
    if scaled.denominator != 1:
        return None
    whole, rest = divmod(scaled.numerator, 10**places)
    if rest == 0:
        return str(whole)
    return f"{whole}.{rest:0{places}d}".rstrip("0")


def _percent(value: Fraction) -> str:
    """A fraction as a percent: exact if it has at most two decimals, else about 1.

    >>> _percent(Fraction(3, 16)), _percent(Fraction(1, 4)), _percent(Fraction(1, 3))
    ('18.75%', '25%', 'about 33.3%')
    """
    exact = _decimal(value * 100, places=2)
    if exact is not None:
        return f"{exact}%"
    return f"about {float(value * 100):.1f}%"


def _fraction_text(count: int, total: int) -> str:
    """``6, 16`` -> ``'6/16 = 3/8'``; ``3, 16`` -> ``'3/16'``."""
    simple = Fraction(count, total)
    text = f"{count}/{total}"
    if simple.denominator != total:
        text += f" = {simple.numerator}" if simple.denominator == 1 else f" = {simple}"
    return text


def _one_decimal(value: Fraction) -> str:
    """``value`` rounded to one decimal place, halves up: ``Fraction(304, 81)`` -> ``'3.8'``."""
    return f"{math.floor(value * 10 + Fraction(1, 2)) / 10:.1f}"


def _check_seed(seed: object) -> int:
    """A worksheet seed: a whole number >= 0 (it is printed, so ``None`` will not do)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise XactikaError(f"seed must be a whole number >= 0, got {seed!r}")
    return int(seed)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# --- the bar-graph worksheet ------------------------------------------------------


@dataclass(frozen=True)
class BarGraphWorksheet:
    """One student's bar-graph worksheet: the cards, the questions and the answers.

    Build it with :func:`bar_graph_worksheet` (which draws the cards from the seed);
    the constructor takes any cards and prints ``seed`` as given.

    >>> sheet = bar_graph_worksheet(1, cards=8)
    >>> sheet.cards
    Hand.parse('2321 3121 3321 3233 1223 3322 1233 1133')
    >>> sheet.frequencies[8], sheet.mode
    (3, (8,))
    >>> sheet.questions()[0][1]
    '8 (3 cards)'

    Attributes:
        number: which worksheet of the run this is, 1 to ``of``.
        of: how many worksheets the run has (students in the class).
        seed: the seed the cards were drawn with (printed on the sheet).
        cards: the cards, 4 to 40, in the order shown (a :class:`Hand`;
            notation is accepted).

    Raises:
        XactikaError: if ``number`` is not 1 to ``of``, ``seed`` is not a whole
            number >= 0 or there are not 4 to 40 distinct cards.
    """

    number: int
    of: int
    seed: int
    cards: Hand

    kind: ClassVar[str] = "bar-graph"
    title: ClassVar[str] = "Xactika graphing page: bar graph of face values"

    def __post_init__(self) -> None:
        of = _check_whole(self.of, "of (the number of worksheets)", 1, MAX_STUDENTS)
        number = _check_whole(self.number, "worksheet number", 1, of)
        seed = _check_seed(self.seed)
        if isinstance(self.cards, str):
            cards = Hand.parse(self.cards)
        elif isinstance(self.cards, Card):
            cards = Hand([self.cards])
        else:
            cards = Hand(self.cards)
        if not MIN_CARDS <= len(cards) <= MAX_CARDS:
            raise XactikaError(
                f"a bar-graph worksheet needs {MIN_CARDS} to {MAX_CARDS} cards, got {len(cards)}"
            )
        object.__setattr__(self, "of", of)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "cards", cards)

    def __str__(self) -> str:
        return f"{self.label}: {len(self.cards)} cards {self.cards}"

    @property
    def label(self) -> str:
        """What the sheet prints to identify itself: ``'Worksheet 7 of 30 · seed 1006'``."""
        return f"Worksheet {self.number} of {self.of} · seed {self.seed}"

    # ---- the data ----------------------------------------------------------------

    @functools.cached_property
    def _counts(self) -> tuple[tuple[int, int], ...]:
        table = value_distribution(self.cards)
        return tuple((int(value), int(n)) for value, n in table["frequency"].items())

    @property
    def frequencies(self) -> dict[int, int]:
        """How many of the cards have each face value, 4 to 12 (zeros included).

        Counted by :func:`~xactika_edu.probability.value_distribution`; a new dict
        each time, so changing it changes nothing here.
        """
        return dict(self._counts)

    @property
    def mode(self) -> tuple[int, ...]:
        """The most common face value(s) among the cards, smallest first (ties kept)."""
        frequencies = self.frequencies
        top = max(frequencies.values())
        return tuple(value for value, n in frequencies.items() if n == top)

    @property
    def ymax(self) -> int:
        """Top of the graph's frequency axis: room for the tallest bar plus one.

        At least 6, and at least half the number of cards, so on almost every sheet
        the axis is the same and does not give the tallest bar away (with 16 cards,
        a bar of 8 or more is rare).
        """
        n = len(self.cards)
        return max(6, math.ceil(n / 2), max(self.frequencies.values()) + 1)

    @property
    def threshold(self) -> tuple[int, str]:
        """The face value V and direction (``"or more"``/``"or less"``) of question b.

        Chosen from the cards: ask about the side of 8 with more cards (high cards
        on a tie), and pick V so the answer is neither none nor all of the cards
        and is as close as possible to a quarter of them (ties: V nearer 8).
        """
        frequencies = self.frequencies
        above = sum(n for value, n in frequencies.items() if value > 8)
        below = sum(n for value, n in frequencies.items() if value < 8)
        n = len(self.cards)
        if above >= below:
            direction, candidates = "or more", (9, 10, 11)
        else:
            direction, candidates = "or less", (7, 6, 5)

        def score(index: int) -> tuple[bool, int, int]:
            count = self._count_beyond(candidates[index], direction)
            return (not 0 < count < n, abs(4 * count - n), index)

        best = min(range(len(candidates)), key=score)
        return candidates[best], direction

    def _count_beyond(self, value: int, direction: str) -> int:
        frequencies = self.frequencies
        if direction == "or more":
            return sum(n for v, n in frequencies.items() if v >= value)
        return sum(n for v, n in frequencies.items() if v <= value)

    def _questions(self) -> list[tuple[str, str, str]]:
        """(question, answer, one-line working) for each question."""
        frequencies = self.frequencies
        n = len(self.cards)

        mode = self.mode
        top = frequencies[mode[0]]
        if len(mode) == 1:
            answer_a = f"{mode[0]} ({_plural(top, 'card')})"
            working_a = f"The tallest bar is {mode[0]}, with {_plural(top, 'card')}."
        else:
            each = f"{_plural(top, 'card')} each"
            answer_a = f"{_and_list(mode)} ({each})"
            working_a = f"The tallest bars tie: {_and_list(mode)} have {each}."
        question_a = (
            "Which face value appears most often in your cards? If there is a tie, write every one."
        )

        value, direction = self.threshold
        values = [v for v in FACE_VALUES if (v >= value if direction == "or more" else v <= value)]
        count = self._count_beyond(value, direction)
        share = Fraction(count, n)
        question_b = (
            f"What fraction of your cards have a face value of {value} {direction}? "
            "Simplify it and write it as a percent."
        )
        answer_b = f"{_fraction_text(count, n)} = {_percent(share)}"
        decimal = _decimal(share)
        division = f"{count} ÷ {n} = {decimal}" if decimal is not None else f"{count} ÷ {n}"
        added = " + ".join(str(frequencies[v]) for v in values)
        working_b = (
            f"Face values {_and_list(values)}: {added} = {count} of the {n} cards; {division}."
        )
        if len(values) == 1:
            working_b = f"Face value {value}: {count} of the {n} cards; {division}."

        deck = value_distribution()
        in_deck = int(deck.loc[ESTIMATE_VALUE, "frequency"])
        deck_size = int(deck["frequency"].sum())
        expected = Fraction(n * in_deck, deck_size)
        # To one decimal. No tie to break: 10 n x 19/81 = k + 1/2 would need 81 to
        # divide 380 n, so 81 to divide n, and n <= 40.
        about = _one_decimal(expected)
        got = frequencies[ESTIMATE_VALUE]
        question_c = (
            f"In the whole deck, {in_deck} of the {deck_size} cards have face value "
            f"{ESTIMATE_VALUE}. If your {n} cards matched the deck exactly, about how many "
            f"would be {ESTIMATE_VALUE}s? How many {ESTIMATE_VALUE}s did you get?"
        )
        answer_c = f"About {about} expected; you got {got}."
        working_c = (
            f"{n} × {in_deck}/{deck_size} = {expected.numerator}/{expected.denominator}, "
            f"about {about}. Frequency of {ESTIMATE_VALUE} in the table: {got}."
        )
        return [
            (question_a, answer_a, working_a),
            (question_b, answer_b, working_b),
            (question_c, answer_c, working_c),
        ]

    def questions(self) -> list[tuple[str, str]]:
        """The three questions with their answers, computed from the cards.

        a) the mode (every tied value), b) the fraction of the cards at or beyond
        :attr:`threshold`, simplified and as a percent, c) how many 8s the cards
        would hold if they matched the deck (n x 19/81, to one decimal) and how
        many they hold.

        >>> sheet = bar_graph_worksheet(1)
        >>> for question, answer in sheet.questions():
        ...     print(answer)
        8 (5 cards)
        3/16 = 18.75%
        About 3.8 expected; you got 5.

        Returns:
            a list of 3 (question text, answer text) pairs.
        """
        return [(question, answer) for question, answer, _ in self._questions()]

    def workings(self) -> list[str]:
        """One line of working for each answer, as the answer key prints it.

        >>> bar_graph_worksheet(1).workings()[2]
        '16 × 19/81 = 304/81, about 3.8. Frequency of 8 in the table: 5.'
        """
        return [working for _, _, working in self._questions()]

    # ---- the PDFs ----------------------------------------------------------------

    def student_pdf(self, paper: str = "letter") -> bytes:
        """The student sheet as a one-page PDF (values hidden, table and graph blank).

        Args:
            paper: ``"letter"`` (US Letter) or ``"a4"``.

        Returns:
            the PDF file's bytes; the same worksheet always gives the same bytes.

        Raises:
            XactikaError: for an unknown ``paper``.
        """
        return _single_pdf(self, key=False, paper=paper)

    def key_pdf(self, paper: str = "letter") -> bytes:
        """The answer key as a one-page PDF: values, tallies, bars and answers filled in.

        Args:
            paper: ``"letter"`` (US Letter) or ``"a4"``.

        Returns:
            the PDF file's bytes; the same worksheet always gives the same bytes.

        Raises:
            XactikaError: for an unknown ``paper``.
        """
        return _single_pdf(self, key=True, paper=paper)

    def add_page(self, pdf: FPDF, *, key: bool = False) -> None:
        """Draw this worksheet (or its answer key) on a new page of ``pdf``.

        For combining several worksheets in one file; ``pdf`` is an ``fpdf.FPDF``
        in millimetres, as made by :func:`new_pdf`.
        """
        _BarGraphPage(self, pdf, key=key).draw()


def bar_graph_worksheet(
    seed: int, *, number: int = 1, of: int = 1, cards: int = 16
) -> BarGraphWorksheet:
    """A bar-graph worksheet with ``cards`` cards drawn from a deck shuffled with ``seed``.

    >>> sheet = bar_graph_worksheet(5, number=2, of=3, cards=8)
    >>> sheet.label, len(sheet.cards)
    ('Worksheet 2 of 3 · seed 5', 8)
    >>> bar_graph_worksheet(5, cards=41)
    Traceback (most recent call last):
    ...
    xactika_edu.errors.XactikaError: cards must be from 4 to 40, got 41

    Args:
        seed: a whole number >= 0; the cards are ``draw_cards(cards, seed)``.
        number: which worksheet of the run, 1 to ``of``.
        of: how many worksheets the run has.
        cards: how many cards to draw, 4 to 40 (16 fill two rows of 8).

    Returns:
        a :class:`BarGraphWorksheet`.

    Raises:
        XactikaError: if ``cards``, ``number``, ``of`` or ``seed`` is out of range.
    """
    count = _check_whole(cards, "cards", MIN_CARDS, MAX_CARDS)
    seed = _check_seed(seed)
    return BarGraphWorksheet(number=number, of=of, seed=seed, cards=draw_cards(count, seed))


# --- kinds and export -------------------------------------------------------------


class _Worksheet(Protocol):
    """What every worksheet kind provides to :func:`export_worksheets`."""

    kind: ClassVar[str]
    title: ClassVar[str]
    number: int
    of: int
    seed: int

    @property
    def label(self) -> str: ...

    def add_page(self, pdf: FPDF, *, key: bool = False) -> None: ...


# To add a kind: write its worksheet class (with ``add_page``) and a builder taking
# ``(seed, *, number, of, cards)``, then register the builder here.
_BUILDERS: dict[str, Callable[..., _Worksheet]] = {
    "bar-graph": bar_graph_worksheet,
}

#: The worksheet kinds :func:`export_worksheets` can make.
KINDS: tuple[str, ...] = tuple(_BUILDERS)


def new_pdf(paper: str = "letter", *, title: str = "Xactika worksheets") -> FPDF:
    """An empty, deterministic ``fpdf.FPDF`` document (mm units) for worksheet pages.

    The creation date is fixed, so the same pages give the same bytes.

    Raises:
        XactikaError: for an unknown ``paper``.
    """
    from fpdf import FPDF

    pdf = FPDF(orientation="portrait", unit="mm", format=_check_paper(paper))
    pdf.set_creation_date(_CREATED)
    pdf.set_auto_page_break(False)
    pdf.set_margins(_MARGIN_X, _MARGIN_TOP, _MARGIN_X)
    pdf.set_title(title)
    pdf.set_author("xactika-edu")
    pdf.set_creator("xactika-edu worksheets")
    pdf.set_lang("en-US")
    return pdf


def _finish(pdf: FPDF) -> bytes:
    return bytes(pdf.output())


def _single_pdf(sheet: _Worksheet, *, key: bool, paper: str) -> bytes:
    which = "answer key" if key else "student sheet"
    pdf = new_pdf(paper, title=f"{sheet.title} ({which}, {sheet.label})")
    sheet.add_page(pdf, key=key)
    return _finish(pdf)


def export_worksheets(
    out_dir: str | Path,
    *,
    kind: str = "bar-graph",
    students: int = 30,
    seed: int = 1,
    cards: int = 16,
    paper: str = "letter",
    progress: Callable[[str], None] | None = None,
) -> list[Path]:
    """Write a class set of worksheets and answer keys as PDF files into ``out_dir``.

    Student k (1 to ``students``) gets seed ``seed + k - 1``. Into
    ``out_dir/<kind>/`` go ``student-01.pdf`` and ``student-01-key.pdf`` for each
    student (three digits from 100 students on, so the files sort), then
    ``all-students.pdf`` and ``all-keys.pdf`` with every page in one file for
    printing. Nothing is written unless every file name is free.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     paths = export_worksheets(folder, students=2, seed=7)
    ...     for path in paths:
    ...         print(path.relative_to(folder).as_posix())
    bar-graph/student-01.pdf
    bar-graph/student-01-key.pdf
    bar-graph/student-02.pdf
    bar-graph/student-02-key.pdf
    bar-graph/all-students.pdf
    bar-graph/all-keys.pdf

    Args:
        out_dir: an existing directory (the caller chooses and cleans it up).
        kind: one of :data:`KINDS`.
        students: how many worksheets, 1 to 200.
        seed: the first student's seed, a whole number >= 0.
        cards: cards per worksheet, 4 to 40.
        paper: ``"letter"`` or ``"a4"``.
        progress: called with a short line now and then (about every 10 students).

    Returns:
        the paths written, in the order above.

    Raises:
        XactikaError: for an unknown ``kind`` or ``paper``, ``students``, ``cards``
            or ``seed`` out of range, a missing ``out_dir``, or a file that already
            exists (files are never overwritten).
    """
    if not isinstance(kind, str) or kind not in _BUILDERS:
        raise XactikaError(
            f"unknown worksheet kind {kind!r}; the kinds are {', '.join(map(repr, KINDS))}"
        )
    students = _check_whole(students, "students", 1, MAX_STUDENTS)
    paper = _check_paper(paper)
    folder = Path(out_dir)
    if not folder.is_dir():
        raise XactikaError(f"output directory {str(folder)!r} does not exist")
    builder = _BUILDERS[kind]
    seed = _check_seed(seed)
    sheets = [
        builder(seed + k - 1, number=k, of=students, cards=cards) for k in range(1, students + 1)
    ]

    width = max(2, len(str(students)))
    files: list[tuple[Path, Callable[[], bytes]]] = []
    target = folder / kind
    for sheet in sheets:
        stem = f"student-{sheet.number:0{width}d}"
        files.append((target / f"{stem}.pdf", _page_maker([sheet], key=False, paper=paper)))
        files.append((target / f"{stem}-key.pdf", _page_maker([sheet], key=True, paper=paper)))
    files.append((target / "all-students.pdf", _page_maker(sheets, key=False, paper=paper)))
    files.append((target / "all-keys.pdf", _page_maker(sheets, key=True, paper=paper)))

    for path, _ in files:
        if path.exists():
            raise XactikaError(f"{str(path)!r} already exists; worksheets never overwrite a file")
    if target.exists() and not target.is_dir():
        raise XactikaError(f"{str(target)!r} already exists and is not a directory")
    target.mkdir(exist_ok=True)
    written = []
    for index, (path, make) in enumerate(files, start=1):
        if progress is not None and index % 20 == 0:
            progress(f"{index} of {len(files)} files")
        data = make()
        try:
            with open(path, "xb") as handle:
                handle.write(data)
        except FileExistsError:
            raise XactikaError(
                f"{str(path)!r} already exists; worksheets never overwrite a file"
            ) from None
        written.append(path)
    return written


def _page_maker(sheets: list[_Worksheet], *, key: bool, paper: str) -> Callable[[], bytes]:
    def make() -> bytes:
        if len(sheets) == 1:
            return _single_pdf(sheets[0], key=key, paper=paper)
        first = sheets[0]
        which = "answer keys" if key else "student sheets"
        pdf = new_pdf(
            paper, title=f"{first.title} ({which}, {len(sheets)} worksheets from seed {first.seed})"
        )
        for sheet in sheets:
            sheet.add_page(pdf, key=key)
        return _finish(pdf)

    return make


# --- drawing the bar-graph page ---------------------------------------------------


class _BarGraphPage:
    """Draws one bar-graph worksheet page (student sheet or answer key) on a PDF."""

    def __init__(self, sheet: BarGraphWorksheet, pdf: FPDF, *, key: bool) -> None:
        self.sheet = sheet
        self.pdf = pdf
        self.key = key
        self.n = len(sheet.cards)

    # -- primitives

    def font(self, size: float, style: str = "", colour: str = INK) -> None:
        self.pdf.set_font("helvetica", style, size)
        self.pdf.set_text_color(*_rgb(colour))

    def line_style(self, width: float, colour: str = INK) -> None:
        self.pdf.set_line_width(width)
        self.pdf.set_draw_color(*_rgb(colour))

    def text_at(self, x: float, y: float, w: float, h: float, text: str, align: str = "L") -> None:
        self.pdf.set_xy(x, y)
        self.pdf.cell(w, h, text, align=align)

    def paragraph(self, x: float, y: float, w: float, text: str, line: float) -> float:
        """Wrapped text at (x, y); returns the y below it."""
        self.pdf.set_xy(x, y)
        self.pdf.multi_cell(w, line, text, align="L", markdown=True, new_x="LEFT", new_y="NEXT")
        return self.pdf.get_y()

    def step(self, x: float, y: float, number: str, text: str, w: float) -> float:
        """A numbered step heading (a black disc with the number); returns the y below."""
        pdf = self.pdf
        size = 5.4
        pdf.set_fill_color(*_rgb(INK))
        pdf.ellipse(x, y, size, size, style="F")
        self.font(10, "B", PAPER)
        self.text_at(x, y + 0.1, size, size, number, align="C")
        self.font(10.5)
        return self.paragraph(x + size + 2.2, y + 0.1, w - size - 2.2, text, 5.2)

    # -- the page

    def draw(self) -> None:
        pdf = self.pdf
        pdf.add_page()
        self.left = _MARGIN_X
        self.width = pdf.w - 2 * _MARGIN_X
        self.bottom = pdf.h - _MARGIN_BOTTOM
        y = self.header(_MARGIN_TOP)
        y = self.intro(y + 2.5)
        y = self.cards(y + 3.0)
        y = self.table(y + 3.0)
        self.graph_and_questions(y + 3.5, self.bottom - 6.0)
        self.footer()

    def header(self, y: float) -> float:
        pdf, sheet = self.pdf, self.sheet
        self.font(15, "B")
        self.text_at(self.left, y, self.width, 7, sheet.title)
        self.font(10, "B")
        self.text_at(self.left, y + 0.6, self.width, 7, sheet.label, align="R")
        y += 8.5
        self.line_style(0.6)
        pdf.line(self.left, y, self.left + self.width, y)
        y += 3.0
        if self.key:
            self.font(12, "B", PAPER)
            pdf.set_fill_color(*_rgb(INK))
            label = "ANSWER KEY"
            box = pdf.get_string_width(label) + 8
            pdf.rect(self.left, y, box, 7.5, style="F")
            self.text_at(self.left, y, box, 7.5, label, align="C")
            self.font(10, "", _MUTED)
            self.text_at(
                self.left + box + 4,
                y,
                self.width - box - 4,
                7.5,
                "For the teacher: compare each student's card values, table, graph "
                "and answers with this page.",
            )
            return y + 7.5
        self.font(11)
        gap = 7.0
        space = self.width - 2 * gap
        fields = (("Name", 0.5 * space), ("Date", 0.28 * space), ("Class", 0.22 * space))
        x = self.left
        self.line_style(0.3)
        for label, w in fields:
            self.text_at(x, y, w, 7.5, label)
            pdf.line(x + pdf.get_string_width(label) + 2, y + 6.2, x + w, y + 6.2)
            x += w + gap
        return y + 7.5

    def intro(self, y: float) -> float:
        self.font(10.5)
        text = (
            f"These {self.n} cards were drawn from a shuffled Xactika deck. A card's "
            "**face value** is the number of shapes on it. Example: 3 balls, 2 cubes, "
            "1 cone and 3 stars make 3 + 2 + 1 + 3 = 9."
        )
        return self.paragraph(self.left, y, self.width, text, 5.0)

    def cards(self, y: float) -> float:
        pdf = self.pdf
        text = "Find each card's face value. Add up its shapes. Write the total in its box."
        y = self.step(self.left, y, "1", text, self.width) + 1.5
        w, rows, cols = _card_grid(self.n, self.width, _CARD_BAND)
        h = w * svg.CARD_HEIGHT / svg.CARD_WIDTH
        x0 = self.left + (self.width - (cols * w + (cols - 1) * _CARD_GAP)) / 2
        for i, card in enumerate(self.sheet.cards):
            row, col = divmod(i, cols)
            x = x0 + col * (w + _CARD_GAP)
            top = y + row * (h + _CARD_LABEL + _CARD_GAP / 2)
            pdf.image(_card_image(card, show_value=self.key), x=x, y=top, w=w, h=h)
            self.card_label(i + 1, card, x, top + h + 0.8, w, _CARD_LABEL - 1.4)
        return y + rows * (h + _CARD_LABEL) + (rows - 1) * _CARD_GAP / 2

    def card_label(self, number: int, card: Card, x: float, y: float, w: float, h: float) -> None:
        """The card's number and a box for its face value (filled in on the key)."""
        pdf = self.pdf
        size = 8.5 if w >= 15 else 7.0
        self.font(size, "B", _MUTED)
        label = f"#{number}"
        label_w = pdf.get_string_width(label) + 1.8
        box_w = min(w - label_w, h * 1.9)
        start = x + (w - label_w - box_w) / 2
        self.text_at(start, y, label_w, h, label)
        self.line_style(0.3)
        pdf.rect(start + label_w, y, box_w, h)
        if self.key:
            self.font(size + 1, "B", _ANSWER)
            self.text_at(start + label_w, y, box_w, h, str(card.value), align="C")

    def table(self, y: float) -> float:
        pdf = self.pdf
        y = (
            self.step(
                self.left,
                y,
                "2",
                "Tally the face values: one mark for each card. Then write each frequency "
                f"(the number of marks). Check: the total should be {self.n}.",
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
        pdf.set_fill_color(*_rgb(_SHADE))
        pdf.rect(x, y, self.width, heights[0], style="F")
        pdf.rect(x, y, label_w, sum(heights), style="F")
        self.line_style(0.3)
        rows_y = [y, y + heights[0], y + heights[0] + heights[1]]
        for label, top, h in zip(
            ("Face value", "Tally", "Frequency"), rows_y, heights, strict=True
        ):
            self.font(10, "B")
            self.text_at(x + 2, top, label_w - 2, h, label)
        for i, value in enumerate(FACE_VALUES):
            cx = x + label_w + i * cell_w
            self.font(11, "B")
            self.text_at(cx, rows_y[0], cell_w, heights[0], str(value), align="C")
            if self.key:
                _draw_tally(pdf, frequencies[value], cx, rows_y[1], cell_w, heights[1])
                self.font(11, "B", _ANSWER)
                self.text_at(cx, rows_y[2], cell_w, heights[2], str(frequencies[value]), "C")
        tx = x + label_w + len(FACE_VALUES) * cell_w
        self.font(10, "B")
        self.text_at(tx, rows_y[0], total_w, heights[0], "Total", align="C")
        pdf.set_fill_color(*_rgb(_SHADE))
        pdf.rect(tx, rows_y[1], total_w, heights[1], style="F")
        if self.key:
            self.font(11, "B", _ANSWER)
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

    def graph_and_questions(self, y: float, bottom: float) -> None:
        graph_w = self.width * 0.53
        gap = 6.0
        self.graph(self.left, y, graph_w, bottom)
        self.questions(self.left + graph_w + gap, y, self.width - graph_w - gap, bottom)

    def graph(self, x: float, y: float, w: float, bottom: float) -> None:
        pdf, sheet = self.pdf, self.sheet
        y = self.step(x, y, "3", "Draw a bar graph of the frequencies.", w) + 1.0
        self.font(10, "B")
        self.text_at(x, y, 14, 6, "Title:")
        if self.key:
            self.font(10, "B", _ANSWER)
            self.text_at(x + 12, y, w - 12, 6, f"Face values of {self.n} Xactika cards")
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
        # minor grid
        self.line_style(0.12, _GRID_MINOR)
        for i in range(cols * sub_x + 1):
            gx = left + i * minor_w
            pdf.line(gx, top, gx, top + plot_h)
        for j in range(ymax * sub_y + 1):
            gy = top + plot_h - j * unit / sub_y
            pdf.line(left, gy, left + plot_w, gy)
        # major grid: whole numbers and column edges
        self.line_style(0.25, _GRID_MAJOR)
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
                _hatched_bar(pdf, bx, by, 2 * minor_w, count * unit)
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
        self.text_at(left, top + plot_h + 5.8, plot_w, 5, "Face value", align="C")
        title = "Number of cards (frequency)"
        start_y = top + (plot_h + pdf.get_string_width(title)) / 2
        with pdf.rotation(90, x + 4.5, start_y):
            pdf.text(x + 4.5, start_y, title)

    def questions(self, x: float, y: float, w: float, bottom: float) -> None:
        pdf = self.pdf
        y = self.step(x, y, "4", "Answer the questions.", w) + 1.5
        items = self.sheet._questions()
        blanks = (("Answer:",), ("Fraction:", "Percent:"), ("Expected:", "You got:"))
        space = (bottom - y) / len(items)
        for (question, answer, working), letter, fields in zip(items, "abc", blanks, strict=True):
            top = y
            self.font(10, "B")
            self.text_at(x, y, 6, 5, f"{letter})")
            self.font(10)
            y = self.paragraph(x + 6, y, w - 6, question, 4.7) + 1.5
            if self.key:
                self.font(10, "B", _ANSWER)
                y = self.paragraph(x + 6, y, w - 6, answer, 4.8)
                self.font(8.5, "I", _MUTED)
                # keep a division such as "4 ÷ 16 = 0.25" on one line
                working = _DIVISION_RE.sub(lambda m: m[0].replace(" ", "\u00a0"), working)
                y = self.paragraph(x + 6, y + 0.3, w - 6, working, 4.0)
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
            y = y + 6.0 if self.key else max(y + 3.0, top + space)

    def footer(self) -> None:
        which = "answer key" if self.key else "student sheet"
        self.font(7.5, "", _MUTED)
        self.text_at(
            self.left,
            self.pdf.h - _MARGIN_BOTTOM - 3.5,
            self.width,
            4,
            f"xactika-edu · {self.sheet.kind} worksheet · {which} · {self.sheet.label} · "
            "the same seed always gives the same cards",
            align="C",
        )


def _card_grid(n: int, width: float, height: float) -> tuple[float, int, int]:
    """(card width, rows, columns) for the biggest cards that fit ``width`` x ``height``."""
    best = (0.0, 1, n)
    ratio = svg.CARD_WIDTH / svg.CARD_HEIGHT
    for rows in range(1, n + 1):
        cols = math.ceil(n / rows)
        by_width = (width - (cols - 1) * _CARD_GAP) / cols
        by_height = (height - rows * _CARD_LABEL - (rows - 1) * _CARD_GAP / 2) / rows * ratio
        w = min(_CARD_MAX_WIDTH, by_width, by_height)
        if w > best[0] + 1e-9:
            best = (w, rows, cols)
    return best


def _card_image(card: Card, *, show_value: bool) -> io.BytesIO:
    """The card's SVG without ``<title>`` elements (fpdf2 warns about each one)."""
    text = _TITLE_RE.sub("", str(svg.card(card, show_value=show_value)))
    return io.BytesIO(text.encode("utf-8"))


def _draw_tally(pdf: FPDF, count: int, x: float, y: float, w: float, h: float) -> None:
    """Tally marks for ``count`` centred in a box: groups of four strokes and a slash."""
    if count <= 0:
        return
    groups = math.ceil(count / 5)
    stroke = min(5.5, h * 0.62)
    while True:
        step = stroke * 0.3
        group_w = 3 * step
        gap = step * 2.0
        per_line = max(1, int((w - 2.5 + gap) // (group_w + gap)))
        lines = math.ceil(groups / per_line)
        block_h = lines * stroke + (lines - 1) * 1.2
        if block_h <= h * 0.86 or stroke < 1.5:
            break
        stroke *= 0.9
    pdf.set_line_width(0.35)
    pdf.set_draw_color(*_rgb(INK))
    top = y + (h - block_h) / 2
    left_count = count
    for line in range(lines):
        in_line = min(per_line, groups - line * per_line)
        line_w = in_line * group_w + (in_line - 1) * gap
        gx = x + (w - line_w) / 2
        ly = top + line * (stroke + 1.2)
        for _ in range(in_line):
            marks = min(5, left_count)
            left_count -= marks
            for m in range(min(marks, 4)):
                pdf.line(gx + m * step, ly, gx + m * step, ly + stroke)
            if marks == 5:
                pdf.line(gx - step * 0.6, ly + stroke * 0.78, gx + 3.6 * step, ly + stroke * 0.22)
            gx += group_w + gap


def _hatched_bar(pdf: FPDF, x: float, y: float, w: float, h: float) -> None:
    """A bar filled with the palette colour, hatched and outlined so it prints in grey."""
    pdf.set_fill_color(*_rgb(_BAR_FILL))
    pdf.rect(x, y, w, h, style="F")
    pdf.set_line_width(0.2)
    pdf.set_draw_color(*_rgb(INK))
    spacing = 1.8
    with pdf.rect_clip(x, y, w, h):
        offset = -h
        while offset < w:
            pdf.line(x + offset, y + h, x + offset + h, y)
            offset += spacing
    pdf.set_line_width(0.45)
    pdf.rect(x, y, w, h, style="D")
