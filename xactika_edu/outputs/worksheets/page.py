"""What every worksheet page shares: paper, colours, the header and footer, drawing helpers.

A kind's page class subclasses :class:`Page`, which draws the shared header (title,
label, name/date/class lines or the ANSWER KEY badge) and footer and gives the
primitives every kind draws with: fonts, lines, wrapped text, numbered steps, the
questions with their answers, tally marks and hatched bars. Colours come from
:mod:`xactika_edu.base.palette`; the greys here are tints of its ink.

>>> rgb(ANSWER), check_paper(" A4 ")
((0, 114, 178), 'a4')
"""

from __future__ import annotations

import abc
import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, ClassVar, Generic, Protocol, TypeVar

from ...base.checks import shown
from ...base.errors import XactikaError
from ...base.language import N_, language
from ...base.language import gettext as _
from ...base.palette import INK, OKABE_ITO, PAPER
from ..pdftext import FONT_FAMILY, use_pdf_font
from .layout import MIN_TEXT_PT, Recorder
from .wrap import draw_paragraph, line_count

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = [
    "ANSWER",
    "CREATED",
    "GRID_MAJOR",
    "GRID_MINOR",
    "KEY_TIGHTER",
    "KIND_NAMES",
    "MUTED",
    "PAPERS",
    "PDF_LANGUAGES",
    "ROOMY",
    "SHADE",
    "TIGHT",
    "TIGHTER",
    "FittedPage",
    "Page",
    "QuestionStyle",
    "Worksheet",
    "check_paper",
    "draw_tally",
    "fitted_size",
    "hatched_bar",
    "kind_name",
    "new_pdf",
    "rgb",
]

#: Paper sizes a worksheet can be printed on.
PAPERS: tuple[str, ...] = ("letter", "a4")

#: The language tag each PDF's metadata gives for the text's language (``pdf.set_lang``).
PDF_LANGUAGES: dict[str, str] = {"en": "en-US", "es": "es-MX"}

#: How the footer names each worksheet kind (English: the ``--kind`` value itself).
KIND_NAMES: dict[str, str] = {
    "bar-graph": N_("bar-graph"),
    "pie-chart": N_("pie-chart"),
    "bell-curve": N_("bell-curve"),
    "probability": N_("probability"),
    "simulation": N_("simulation"),
    "estimation": N_("estimation"),
}

# How much wider DejaVu Sans is than Helvetica, regular and bold: the ratio of the two
# fonts' widths (fpdf2's get_string_width) of the worksheets' English sentences,
# 1.12 to 1.14 regular, 1.17 to 1.20 bold (measured for this module).
_WIDER = {False: 1.14, True: 1.2}

#: Every PDF carries this creation date, so the same seed gives the same bytes.
CREATED = datetime(2024, 1, 1, tzinfo=timezone.utc)

# Page geometry, in millimetres.
_MARGIN_X = 13.0
_MARGIN_TOP = 11.0
_MARGIN_BOTTOM = 10.0

# Greys are tints of INK; colours come from the palette.
#: Graph paper's faint lines.
GRID_MINOR = "#DCDCDC"
#: Graph paper's stronger lines (whole numbers, column edges).
GRID_MAJOR = "#A0A0A0"
#: Notes, hints and workings.
MUTED = "#555555"
#: The fill of table headers and scaffold boxes.
SHADE = "#EDEDED"
#: What an answer key writes in: the palette's blue.
ANSWER = OKABE_ITO["blue"]
_BAR_FILL = OKABE_ITO["sky blue"]


def rgb(colour: str) -> tuple[int, int, int]:
    """A ``"#RRGGBB"`` colour as fpdf2 takes it: ``"#56B4E9"`` -> ``(86, 180, 233)``."""
    colour = colour.lstrip("#")
    return (int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16))


def fitted_size(size: float, style: str = "") -> float:
    """The DejaVu Sans size, in pt, whose text is as wide as Helvetica's at ``size``
    (``style`` "", "B", "I" or "BI"): DejaVu Sans is wider, so the pages, laid out in
    Helvetica, set it smaller, never below :data:`~.layout.MIN_TEXT_PT`.

    >>> fitted_size(10), fitted_size(10, "B"), fitted_size(7.5)
    (8.8, 8.3, 7.0)
    """
    return max(MIN_TEXT_PT, round(size / _WIDER["B" in style], 1))


def kind_name(kind: str) -> str:
    """A worksheet kind as the footer names it in the current language: ``"pie-chart"``
    (English), ``"gráfica circular"`` (Spanish); an unknown kind as it is."""
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind


def check_paper(paper: object) -> str:
    """A paper size of :data:`PAPERS`, any case, spaces around allowed.

    >>> check_paper("Letter")
    'letter'
    >>> check_paper("A5")
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: unknown paper size 'A5'; use one of 'letter', 'a4'

    Raises:
        XactikaError: for anything else.
    """
    key = paper.strip().lower() if isinstance(paper, str) else paper
    if not isinstance(key, str) or key not in PAPERS:
        raise XactikaError(
            f"unknown paper size {shown(paper)}; use one of {', '.join(map(repr, PAPERS))}"
        )
    return key


class Worksheet(Protocol):
    """What every worksheet kind provides to its page and to
    :func:`~xactika_edu.outputs.worksheets.export_worksheets`."""

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

    def add_page(self, pdf: FPDF | Recorder, *, key: bool = False, name: str = "") -> None: ...


def new_pdf(paper: str = "letter", *, title: str = "Xactika worksheets") -> FPDF:
    """An empty, deterministic ``fpdf.FPDF`` document (mm units) for worksheet pages.

    The creation date is fixed, so the same pages give the same bytes.

    Raises:
        XactikaError: for an unknown ``paper``.
    """
    from fpdf import FPDF

    pdf = FPDF(orientation="portrait", unit="mm", format=check_paper(paper))
    pdf.set_creation_date(CREATED)
    pdf.set_auto_page_break(False, margin=_MARGIN_BOTTOM)
    pdf.set_margins(_MARGIN_X, _MARGIN_TOP, _MARGIN_X)
    pdf.set_title(title)
    pdf.set_author("xactika-edu")
    pdf.set_creator("xactika-edu worksheets")
    pdf.set_lang(PDF_LANGUAGES[language()])
    use_pdf_font(pdf)
    return pdf


@dataclass(frozen=True)
class QuestionStyle:
    """How a page prints its lettered questions and, on the key, their answers.

    Attributes:
        letter: the font size of the ``a)`` before a question, in pt.
        size: the question's font size, in pt.
        line: the question's line height, in mm.
        after: the gap under the question, in mm.
        answer_size: the key's answer (bold, in :data:`ANSWER`): font size in pt.
        answer_line: its line height, in mm.
        working_size: the key's line of working (italic, in :data:`MUTED`): font size in pt.
        working_line: its line height, in mm.
    """

    letter: float
    size: float
    line: float
    after: float
    answer_size: float
    answer_line: float
    working_size: float
    working_line: float


#: Questions beside a graph with room to spare (bar graph, pie chart).
ROOMY = QuestionStyle(10, 10, 4.7, 1.5, 10, 4.8, 8.5, 4.0)
#: Questions in a tighter column (bell curve, simulation).
TIGHT = QuestionStyle(9.5, 9.5, 4.4, 1.0, 9.5, 4.5, 8, 3.8)
#: A student sheet's questions when even :data:`TIGHT` would run them into the footer
#: (a longer language, such as Spanish; English fits with TIGHT).
TIGHTER = dataclasses.replace(TIGHT, size=9, line=4.1, after=0.8)
#: ... and a key's questions, answers and workings then.
KEY_TIGHTER = dataclasses.replace(
    TIGHT, size=8.5, line=3.9, after=0.6, answer_size=9, answer_line=4.1, working_line=3.5
)


#: The worksheet class a :class:`Page` subclass draws.
SheetT = TypeVar("SheetT", bound=Worksheet)


class Page(abc.ABC, Generic[SheetT]):
    """Draws one worksheet page of a ``SheetT`` on a PDF: primitives, the header and
    the footer.

    Subclasses implement :meth:`draw`, most with :meth:`sections`, :meth:`beside` and
    :meth:`footer`; ``key_note`` is the line printed next to the ANSWER KEY badge.
    """

    key_note: ClassVar[str] = N_("For the teacher: compare each student's answers with this page.")
    footer_note: ClassVar[str] = N_("the same seed always gives the same worksheet")

    def __init__(self, sheet: SheetT, pdf: FPDF | Recorder, *, key: bool, name: str = "") -> None:
        self.sheet = sheet
        self.name = name
        self.pdf = pdf if isinstance(pdf, Recorder) else Recorder(pdf)
        self.key = key
        self.group = self.pdf.group
        self.background = self.pdf.background
        use_pdf_font(self.pdf)

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
        """Set DejaVu Sans (:mod:`~xactika_edu.outputs.pdftext`) in ``style`` ("", "B",
        "I", "BI") at ``size`` pt as the pages were drawn in Helvetica, in ``colour``: the
        size is :func:`fitted_size`, so a line takes the room it took in Helvetica."""
        self.pdf.set_font(FONT_FAMILY, style, fitted_size(size, style))
        self.pdf.set_text_color(*rgb(colour))

    def line_style(self, width: float, colour: str = INK) -> None:
        self.pdf.set_line_width(width)
        self.pdf.set_draw_color(*rgb(colour))

    def text_at(self, x: float, y: float, w: float, h: float, text: str, align: str = "L") -> None:
        """One line of ``text`` in the box (x, y, w, h) mm, aligned ``"L"``, ``"C"`` or
        ``"R"`` as a cell aligns it (:meth:`~.layout.Recorder.cell_text`)."""
        self.pdf.cell_text(x, y, w, h, text, align)

    def paragraph(self, x: float, y: float, w: float, text: str, line: float) -> float:
        """``text`` wrapped in a column ``w`` mm wide from (x, y), a line every ``line``
        mm, ``**`` marking bold (:func:`~.wrap.draw_paragraph`); returns the y below."""
        return draw_paragraph(self.pdf, x, y, w, line, text)

    def paragraph_height(self, w: float, text: str, line: float) -> float:
        """How tall :meth:`paragraph` would make ``text`` in the current font, in mm."""
        return line_count(self.pdf, w, text) * line

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
        pdf.set_fill_color(*rgb(INK))
        pdf.ellipse(x, y, size, size, style="F")
        self.font(10, "B", PAPER)
        self.text_at(x, y + 0.1, size, size, number, align="C")
        self.font(10.5)
        return self.paragraph(x + size + 2.2, y + 0.1, w - size - 2.2, text, 5.2)

    def vertical_text(self, x: float, top: float, height: float, text: str) -> None:
        """``text`` turned to read upwards, centred on the span ``top`` to ``top +
        height``, its baseline at ``x``: a graph's vertical axis title."""
        start_y = top + (height + self.pdf.get_string_width(text)) / 2
        with self.pdf.rotation(90, x, start_y):
            self.pdf.text(x, start_y, text)

    # -- lettered questions and the key's answers

    def question(
        self, x: float, y: float, w: float, letter: str, question: str, style: QuestionStyle
    ) -> float:
        """``a)`` and the question wrapped in a column ``w`` mm wide; returns the y below."""
        self.font(style.letter, "B")
        self.text_at(x, y, 6, 5, f"{letter})")
        self.font(style.size)
        return self.paragraph(x + 6, y, w - 6, question, style.line) + style.after

    def key_answer(
        self, x: float, y: float, w: float, answer: str, working: str, style: QuestionStyle
    ) -> float:
        """The key's answer and its line of working under a :meth:`question`; returns
        the y below."""
        self.font(style.answer_size, "B", ANSWER)
        y = self.paragraph(x + 6, y, w - 6, answer, style.answer_line)
        self.font(style.working_size, "I", MUTED)
        return self.paragraph(x + 6, y + 0.3, w - 6, working, style.working_line)

    def key_gap(
        self,
        items: Sequence[tuple[str, str, str]],
        y: float,
        bottom: float,
        w: float,
        style: QuestionStyle,
        most: float,
    ) -> float:
        """The gap after each (question, answer, working) the key stacks from ``y`` to
        ``bottom`` in a column ``w`` mm wide: :meth:`stack_gap` of their heights."""
        used = 0.0
        for question, answer, working in items:
            self.font(style.size)
            used += self.paragraph_height(w - 6, question, style.line) + style.after
            self.font(style.answer_size, "B")
            used += self.paragraph_height(w - 6, answer, style.answer_line) + 0.3
            self.font(style.working_size, "I")
            used += self.paragraph_height(w - 6, working, style.working_line)
        return self.stack_gap(y, bottom, used, len(items), most)

    # -- the page

    def sections(self, *parts: tuple[str, float, Callable[[float], float]]) -> float:
        """Start the page (:meth:`start`), then draw ``parts`` one below the other,
        each in its own group: (group name, gap above it in mm, a function drawing
        it at a y and returning the y below). Returns the y below the last."""
        y = self.start()
        for name, gap, part in parts:
            with self.group(name):
                y = part(y + gap)
        return y

    def beside(
        self,
        y: float,
        share: float,
        left: tuple[str, Callable[[float, float, float, float], None]],
        right: tuple[str, Callable[[float, float, float, float], None]],
    ) -> None:
        """Two columns from ``y`` down to 6 mm above the footer, each in its group:
        ``left`` takes ``share`` of the width, then a 6 mm gap, then ``right``. Each is
        (group name, a function drawing at ``(x, y, w, bottom)``)."""
        bottom = self.bottom - 6.0
        left_w = self.width * share
        gap = 6.0
        name, draw = left
        with self.group(name):
            draw(self.left, y, left_w, bottom)
        name, draw = right
        with self.group(name):
            draw(self.left + left_w + gap, y, self.width - left_w - gap, bottom)

    def check_fits(self, y: float, limit: float) -> None:
        """Refuse a page whose content, down to ``y``, runs below ``limit`` into the
        footer (a layout bug, never silent).

        Raises:
            XactikaError: naming the sheet and by how many mm.
        """
        if y > limit:
            raise XactikaError(
                f"{self.sheet.label}: the {self.sheet.kind} page runs {y - limit:.1f} mm "
                "into the footer"
            )

    # -- the page

    def header(self, y: float) -> float:
        """The title and the label, a rule, then the name, date and class lines (a
        student sheet: the student's name written on its line if the sheet has one) or
        the ANSWER KEY badge with the student's name and the key's note; returns the y
        below."""
        pdf, sheet = self.pdf, self.sheet
        self.font(15, "B")
        self.text_at(self.left, y, self.width, 7, _(sheet.title))
        self.font(10, "B")
        self.text_at(self.left, y + 0.6, self.width, 7, sheet.label, align="R")
        y += 8.5
        self.line_style(0.6)
        pdf.line(self.left, y, self.left + self.width, y)
        y += 3.0
        if self.key:
            self.font(12, "B", PAPER)
            pdf.set_fill_color(*rgb(INK))
            label = _("ANSWER KEY")
            box = pdf.get_string_width(label) + 8
            pdf.rect(self.left, y, box, 7.5, style="F")
            self.text_at(self.left, y, box, 7.5, label, align="C")
            x = self.left + box + 4
            room = self.left + self.width - x
            if self.name:
                size = self.fitting(10, "B", self.name, room)
                self.font(size, "B")
                self.text_at(x, y, room, 7.5, self.name)
                used = pdf.get_string_width(self.name) + 4
                x, room = x + used, room - used
            note = _(self.key_note)
            size = self.fitting(10, "", note, room)
            self.font(size, "", MUTED)
            if pdf.get_string_width(note) <= room - 1:
                self.text_at(x, y, room, 7.5, note)
            return y + 7.5
        self.font(11)
        gap = 7.0
        space = self.width - 2 * gap
        fields = (
            (_("Name"), 0.5 * space, self.name),
            (_("Date"), 0.28 * space, ""),
            (_("Class"), 0.22 * space, ""),
        )
        x = self.left
        self.line_style(0.3)
        for label, w, written in fields:
            self.font(11)
            self.text_at(x, y, w, 7.5, label)
            start = x + pdf.get_string_width(label) + 2
            pdf.line(start, y + 6.2, x + w, y + 6.2)
            if written:
                room = x + w - start - 2
                self.font(self.fitting(11, "B", written, room), "B")
                self.text_at(start + 1, y - 0.4, room, 6.2, written)
            x += w + gap
        return y + 7.5

    def fitting(self, size: float, style: str, text: str, room: float) -> float:
        """The largest font size from ``size`` pt down to :data:`~.layout.MIN_TEXT_PT`,
        in half points, at which ``text`` is at most ``room`` mm wide (the smallest if
        none is)."""
        while size > MIN_TEXT_PT:
            self.font(size, style)
            if self.pdf.get_string_width(text) <= room:
                break
            size -= 0.5
        return size

    def footer(self) -> None:
        which = _("answer key") if self.key else _("student sheet")
        self.font(7.5, "", MUTED)
        with self.group("footer"):
            self.text_at(
                self.left,
                self.pdf.h - _MARGIN_BOTTOM - 3.5,
                self.width,
                4,
                _("xactika-edu · {kind} worksheet · {which} · {label} · {note}").format(
                    kind=kind_name(self.sheet.kind),
                    which=which,
                    label=self.sheet.label,
                    note=_(self.footer_note),
                ),
                align="C",
            )


class FittedPage(Page[SheetT]):
    """A page that sets itself :attr:`tight` (smaller type, closer lines, smaller
    cards) only when it would otherwise run into the footer: a longer language, such
    as Spanish, can; English never does. Subclasses implement :meth:`draw_parts`."""

    #: Set by :meth:`draw` from :meth:`runs_over`.
    tight = False

    def draw(self) -> None:
        self.tight = self.runs_over()
        self.draw_parts()
        self.footer()

    @abc.abstractmethod
    def draw_parts(self) -> None:
        """Everything but the footer, refused by :meth:`check_fits` if it runs into it."""

    def runs_over(self) -> bool:
        """Whether the page as usually set (not :attr:`tight`) would run into the footer:
        drawn first on a scratch PDF of the same paper (nothing of it is kept)."""
        from fpdf import FPDF

        scratch = FPDF(unit="mm", format=(self.pdf.w, self.pdf.h))
        scratch.set_auto_page_break(False)
        trial = type(self)(
            self.sheet, Recorder(scratch, record=False), key=self.key, name=self.name
        )
        try:
            trial.draw_parts()
        except XactikaError:
            return True
        return False


def draw_tally(pdf: Recorder, count: int, x: float, y: float, w: float, h: float) -> None:
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
    pdf.set_draw_color(*rgb(INK))
    top = y + (h - block_h) / 2
    left_count = count
    for line in range(lines):
        in_line = min(per_line, groups - line * per_line)
        line_w = in_line * group_w + (in_line - 1) * gap
        gx = x + (w - line_w) / 2
        ly = top + line * (stroke + 1.2)
        for _group in range(in_line):
            marks = min(5, left_count)
            left_count -= marks
            for m in range(min(marks, 4)):
                pdf.line(gx + m * step, ly, gx + m * step, ly + stroke)
            if marks == 5:
                pdf.line(gx - step * 0.6, ly + stroke * 0.78, gx + 3.6 * step, ly + stroke * 0.22)
            gx += group_w + gap


def hatched_bar(pdf: Recorder, x: float, y: float, w: float, h: float) -> None:
    """A bar filled with the palette colour, hatched and outlined so it prints in grey."""
    pdf.set_fill_color(*rgb(_BAR_FILL))
    pdf.rect(x, y, w, h, style="F")
    pdf.set_line_width(0.2)
    pdf.set_draw_color(*rgb(INK))
    spacing = 1.8
    with pdf.rect_clip(x, y, w, h), pdf.background():
        offset = -h
        while offset < w:
            pdf.line(x + offset, y + h, x + offset + h, y)
            offset += spacing
    pdf.set_line_width(0.45)
    pdf.rect(x, y, w, h, style="D")
