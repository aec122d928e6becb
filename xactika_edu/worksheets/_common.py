"""Shared parts of every worksheet kind: page primitives, number wording, PDF files.

Each kind lives in its own module (:mod:`.bar_graph`, ...) with a frozen worksheet
class and a builder; :mod:`xactika_edu.worksheets` registers the builders and exports
class sets. A kind's page class subclasses :class:`_Page`, which draws the shared
header (title, label, name/date/class lines or the ANSWER KEY badge) and footer.
"""

from __future__ import annotations

import abc
import io
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, Protocol

from .. import svg
from ..cards import Card
from ..checks import shown
from ..errors import XactikaError
from ..palette import INK, OKABE_ITO, PAPER
from .layout import MIN_TEXT_PT, Recorder

if TYPE_CHECKING:
    from fpdf import FPDF


#: Paper sizes a worksheet can be printed on.
PAPERS: tuple[str, ...] = ("letter", "a4")

MIN_CARDS = 4
MAX_CARDS = 40
MAX_STUDENTS = 200
#: The largest seed a worksheet prints (and the command line accepts).
MAX_SEED = 2**31 - 1

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
_CARD_GAP_TIGHT = 2.0  # between cards when more than 10 share a row
_CARD_ROW_GAP = 1.5
_CARD_LABEL = 6.8  # under each card: its number and a box for its value
_CARD_MAX_WIDTH = 21.5
#: The narrowest a card picture may print, in mm: its smallest text (the count
#: digits) is then :data:`~xactika_edu.worksheets.layout.MIN_TEXT_PT` (7 pt).
MIN_CARD_WIDTH = (
    MIN_TEXT_PT * 25.4 / 72 * svg.CARD_WIDTH / min(svg.COUNT_FONT_SIZE, svg.VALUE_FONT_SIZE)
)

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


def _check_paper(paper: object) -> str:
    key = paper.strip().lower() if isinstance(paper, str) else paper
    if not isinstance(key, str) or key not in PAPERS:
        raise XactikaError(
            f"unknown paper size {shown(paper)}; use one of {', '.join(map(repr, PAPERS))}"
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


def exact_text(value: Fraction) -> str:
    """An exact fraction in lowest terms, a whole number without ``/1``.

    The one place a worksheet writes an exact fraction.

    >>> exact_text(Fraction(27 * 27, 81)), exact_text(Fraction(30 * 27, 81))
    ('9', '10')
    >>> exact_text(Fraction(6, 16))
    '3/8'
    """
    value = Fraction(value)
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def _fraction_text(count: int, total: int) -> str:
    """``6, 16`` -> ``'6/16 = 3/8'``; ``3, 16`` -> ``'3/16'``; ``8, 8`` -> ``'8/8 = 1'``."""
    simple = Fraction(count, total)
    text = f"{count}/{total}"
    if simple.denominator != total:
        text += f" = {exact_text(simple)}"
    return text


def _one_decimal(value: Fraction) -> str:
    """``value`` rounded to one decimal place, halves up: ``Fraction(304, 81)`` -> ``'3.8'``."""
    return f"{math.floor(value * 10 + Fraction(1, 2)) / 10:.1f}"


def _check_run_seeds(seed: int, students: int) -> None:
    """Every student's seed, ``seed`` to ``seed + students - 1``, must be at most
    :data:`MAX_SEED`, so any printed seed can be typed in again."""
    last = seed + students - 1
    if last > MAX_SEED:
        raise XactikaError(
            f"seed {seed} with {students} students would give the last student seed {last}, "
            f"above the largest seed {MAX_SEED}; use a seed up to {MAX_SEED - students + 1}"
        )


def _check_seed(seed: object) -> int:
    """A worksheet seed: a whole number >= 0 (it is printed, so ``None`` will not do)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise XactikaError(f"seed must be a whole number >= 0, got {shown(seed)}")
    return int(seed)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# --- what every worksheet kind provides -------------------------------------------


class _Worksheet(Protocol):
    """What every worksheet kind provides to :func:`export_worksheets`."""

    kind: ClassVar[str]
    title: ClassVar[str]

    @property
    def number(self) -> int: ...

    @property
    def of(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def label(self) -> str: ...

    def add_page(self, pdf: FPDF | Recorder, *, key: bool = False) -> None: ...


def new_pdf(paper: str = "letter", *, title: str = "Xactika worksheets") -> FPDF:
    """An empty, deterministic ``fpdf.FPDF`` document (mm units) for worksheet pages.

    The creation date is fixed, so the same pages give the same bytes.

    Raises:
        XactikaError: for an unknown ``paper``.
    """
    from fpdf import FPDF

    pdf = FPDF(orientation="portrait", unit="mm", format=_check_paper(paper))
    pdf.set_creation_date(_CREATED)
    pdf.set_auto_page_break(False, margin=_MARGIN_BOTTOM)
    pdf.set_margins(_MARGIN_X, _MARGIN_TOP, _MARGIN_X)
    pdf.set_title(title)
    pdf.set_author("xactika-edu")
    pdf.set_creator("xactika-edu worksheets")
    pdf.set_lang("en-US")
    return pdf


def _finish(pdf: FPDF | Recorder) -> bytes:
    return bytes(pdf.output())


def _single_pdf(sheet: _Worksheet, *, key: bool, paper: str) -> bytes:
    return _finish(page_layout(sheet, key=key, paper=paper))


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


def page_layout(sheet: _Worksheet, *, key: bool = False, paper: str = "letter") -> Recorder:
    """Draw ``sheet`` (its answer key if ``key``) as a one-page PDF, recording what
    its page printed where; ``.output()`` gives the PDF of ``student_pdf``/``key_pdf``.

    The returned :class:`~xactika_edu.worksheets.layout.Recorder` holds every
    element (``.elements``) and the printable area (``.area``), for
    :func:`~xactika_edu.worksheets.layout.layout_problems`.

    Raises:
        XactikaError: for an unknown ``paper``.
    """
    which = "answer key" if key else "student sheet"
    recorder = Recorder(new_pdf(paper, title=f"{sheet.title} ({which}, {sheet.label})"))
    sheet.add_page(recorder, key=key)
    return recorder


class _Sheet(abc.ABC):
    """Mixin for a worksheet dataclass with ``number``, ``of`` and ``seed``.

    Gives it the printed label, :meth:`add_page` and one-page student/key PDFs. Each
    kind sets ``page``, the :class:`_Page` subclass that draws it.
    """

    number: int
    of: int
    seed: int
    kind: ClassVar[str]
    title: ClassVar[str]
    page: ClassVar[type[_Page]]

    @property
    def label(self) -> str:
        """What the sheet prints to identify itself: ``'Worksheet 7 of 30 · seed 1006'``."""
        return f"Worksheet {self.number} of {self.of} · seed {self.seed}"

    def add_page(self, pdf: FPDF | Recorder, *, key: bool = False) -> None:
        """Draw this worksheet (or its answer key) on a new page of ``pdf``.

        For combining several worksheets in one file; ``pdf`` is an ``fpdf.FPDF``
        in millimetres, as made by :func:`~xactika_edu.worksheets.new_pdf`, or a
        :class:`~xactika_edu.worksheets.layout.Recorder` around one.
        """
        self.page(self, pdf, key=key).draw()

    def student_pdf(self, paper: str = "letter") -> bytes:
        """The student sheet as a PDF (answers blank).

        Args:
            paper: ``"letter"`` (US Letter) or ``"a4"``.

        Returns:
            the PDF file's bytes; the same worksheet always gives the same bytes.

        Raises:
            XactikaError: for an unknown ``paper``.
        """
        return _single_pdf(self, key=False, paper=paper)

    def key_pdf(self, paper: str = "letter") -> bytes:
        """The answer key as a PDF: the same page with every answer filled in.

        Args:
            paper: ``"letter"`` (US Letter) or ``"a4"``.

        Returns:
            the PDF file's bytes; the same worksheet always gives the same bytes.

        Raises:
            XactikaError: for an unknown ``paper``.
        """
        return _single_pdf(self, key=True, paper=paper)


class _QuestionSheet(_Sheet):
    """A worksheet whose key answers three questions: the kind builds them, with a
    line of working each, in ``_questions()``."""

    @abc.abstractmethod
    def _questions(self) -> list[tuple[str, str, str]]:
        """(question, answer, one-line working) for each of the three questions."""

    def questions(self) -> list[tuple[str, str]]:
        """The three questions with their answers, computed by the library.

        Returns:
            a list of 3 (question text, answer text) pairs.
        """
        return [(question, answer) for question, answer, _ in self._questions()]

    def workings(self) -> list[str]:
        """One line of working for each answer, as the answer key prints it."""
        return [working for _, _, working in self._questions()]


# --- drawing ----------------------------------------------------------------------


class _Page(abc.ABC):
    """Draws one worksheet page on a PDF: primitives, the header and the footer.

    Subclasses implement :meth:`draw`; ``key_note`` is the line printed next to the
    ANSWER KEY badge.
    """

    key_note: ClassVar[str] = "For the teacher: compare each student's answers with this page."
    footer_note: ClassVar[str] = "the same seed always gives the same worksheet"

    def __init__(self, sheet: _Worksheet, pdf: FPDF | Recorder, *, key: bool) -> None:
        self.sheet = sheet
        self.pdf = pdf if isinstance(pdf, Recorder) else Recorder(pdf)
        self.key = key
        self.group = self.pdf.group
        self.background = self.pdf.background

    def start(self) -> float:
        """Add the page, set ``left``, ``width``, ``bottom``; draw the header; return y."""
        pdf = self.pdf
        pdf.add_page()
        self.left = _MARGIN_X
        self.width = pdf.w - 2 * _MARGIN_X
        self.bottom = pdf.h - _MARGIN_BOTTOM
        with self.group("header"):
            return self.header(_MARGIN_TOP)

    @abc.abstractmethod
    def draw(self) -> None:
        """Draw the whole page: ``start()``, the kind's parts, ``footer()``."""

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

    def paragraph_height(self, w: float, text: str, line: float) -> float:
        """How tall :meth:`paragraph` would make ``text`` in the current font, in mm."""
        lines = self.pdf.multi_cell(
            w, line, text, align="L", markdown=True, dry_run=True, output="LINES"
        )
        return len(lines) * line

    @staticmethod
    def stack_gap(y: float, bottom: float, used: float, count: int, most: float) -> float:
        """The gap after each of ``count`` stacked blocks that take ``used`` mm in all
        from ``y``: ``most`` mm if the room down to ``bottom`` allows, else what fits
        (at least 1 mm). An answer key stacks its answers this way."""
        return max(1.0, min(most, (bottom - y - used) / count))

    @staticmethod
    def rooms(y: float, bottom: float, needs: list[float]) -> list[float]:
        """Heights for blocks that need ``needs`` mm, sharing the room left from ``y``
        to ``bottom`` out evenly (students get space to write in)."""
        spare = max(0.0, (bottom - y - sum(needs)) / len(needs))
        return [need + spare for need in needs]

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
                self.key_note,
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

    def footer(self) -> None:
        which = "answer key" if self.key else "student sheet"
        self.font(7.5, "", _MUTED)
        with self.group("footer"):
            self.text_at(
                self.left,
                self.pdf.h - _MARGIN_BOTTOM - 3.5,
                self.width,
                4,
                f"xactika-edu · {self.sheet.kind} worksheet · {which} · {self.sheet.label} · "
                f"{self.footer_note}",
                align="C",
            )


@dataclass(frozen=True)
class _CardGrid:
    """Where a sheet's card pictures go: ``rows`` x ``cols`` cards ``w`` x ``h`` mm,
    each with its label (number and answer box) below it."""

    left: float
    top: float
    w: float
    h: float
    rows: int
    cols: int
    gap: float

    def at(self, index: int) -> tuple[float, float]:
        """The top-left corner (x, y) in mm of card ``index`` (from 0)."""
        row, col = divmod(index, self.cols)
        return (
            self.left + col * (self.w + self.gap),
            self.top + row * (self.h + _CARD_LABEL + _CARD_ROW_GAP),
        )

    @property
    def bottom(self) -> float:
        """The y below the last row's labels, in mm."""
        return self.top + self.rows * (self.h + _CARD_LABEL) + (self.rows - 1) * _CARD_ROW_GAP


def _card_grid(n: int, left: float, width: float, top: float, band: float) -> _CardGrid:
    """The biggest cards that fit ``n`` to a ``width`` x ``band`` mm area, centred.

    Cards are at most ``_CARD_MAX_WIDTH`` wide; with more than 10 to a row they
    stand closer together. If cards that fit the band would be narrower than
    :data:`MIN_CARD_WIDTH`, the grid grows taller than ``band`` instead (the page
    below moves down; the layout test checks that it still fits).
    """
    best = (0.0, 1, n, _CARD_GAP)
    ratio = svg.CARD_WIDTH / svg.CARD_HEIGHT
    for rows in range(1, n + 1):
        cols = math.ceil(n / rows)
        gap = _CARD_GAP if cols <= 10 else _CARD_GAP_TIGHT
        by_width = (width - (cols - 1) * gap) / cols
        by_height = (band - rows * _CARD_LABEL - (rows - 1) * _CARD_ROW_GAP) / rows * ratio
        if by_height < MIN_CARD_WIDTH <= by_width:
            by_height = MIN_CARD_WIDTH  # readable cards: the band grows
        w = min(_CARD_MAX_WIDTH, by_width, by_height)
        if w > best[0] + 1e-9:
            best = (w, rows, cols, gap)
    w, rows, cols, gap = best
    x0 = left + (width - (cols * w + (cols - 1) * gap)) / 2
    return _CardGrid(x0, top, w, w / ratio, rows, cols, gap)


def _card_image(card: Card, *, show_value: bool) -> io.BytesIO:
    """The card's SVG without ``<title>`` elements (fpdf2 warns about each one)."""
    text = _TITLE_RE.sub("", str(svg.card(card, show_value=show_value)))
    return io.BytesIO(text.encode("utf-8"))


def _draw_tally(pdf: Recorder, count: int, x: float, y: float, w: float, h: float) -> None:
    """Tally marks for ``count`` centred in a box: groups of four strokes and a slash."""
    if count <= 0:
        return
    with pdf.group("tally"):
        _tally_marks(pdf, count, x, y, w, h)


def _tally_marks(pdf: Recorder, count: int, x: float, y: float, w: float, h: float) -> None:
    groups = math.ceil(count / 5)
    stroke = min(5.5, h * 0.62)
    while True:
        step = stroke * 0.3
        group_w = 3 * step
        gap = step * 2.0
        per_line = max(1, int((w - 5.0 + gap) // (group_w + gap)))  # a margin each side
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


def _hatched_bar(pdf: Recorder, x: float, y: float, w: float, h: float) -> None:
    """A bar filled with the palette colour, hatched and outlined so it prints in grey."""
    pdf.set_fill_color(*_rgb(_BAR_FILL))
    pdf.rect(x, y, w, h, style="F")
    pdf.set_line_width(0.2)
    pdf.set_draw_color(*_rgb(INK))
    spacing = 1.8
    with pdf.rect_clip(x, y, w, h), pdf.background():
        offset = -h
        while offset < w:
            pdf.line(x + offset, y + h, x + offset + h, y)
            offset += spacing
    pdf.set_line_width(0.45)
    pdf.rect(x, y, w, h, style="D")
