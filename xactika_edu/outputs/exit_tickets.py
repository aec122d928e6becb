"""Exit tickets: per lesson three short questions on half a page, with a key.

Each student gets a variant by seed, as with the worksheets: student k of a class
run with seed s gets seed s + k - 1, printed on the ticket, so a ticket can be made
again. Two tickets share a page of Letter or A4 paper (a dashed line to cut along);
the key prints the same tickets with the answers and a line of working. The
questions, and the table some tickets print above them, come from
:mod:`xactika_edu.outputs.exit_questions` (every number computed by the library);
the title is the lesson's own, from its notebook's metadata.

>>> ticket = exit_ticket("7", seed=3)
>>> ticket.label
'Lesson 7 · ticket 1 · seed 3'
>>> ticket.title
'Exit ticket · Lesson 7: Play and reflect'
>>> [answer for _, answer, _ in ticket.worked_questions()] == [
...     a for _, a, _ in exit_ticket("7", seed=3).worked_questions()]
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.checks import check_whole, shown
from ..base.errors import XactikaError
from ..base.files import staged_entries
from ..base.language import gettext as _
from ..base.language import pgettext
from ..teaching.lessonmeta import lesson_notebooks, lesson_titles
from .exit_questions import QUESTIONS, TicketTable, ticket_questions
from .pdftext import FONT_FAMILY, pdf_text
from .worksheets.page import ANSWER, MUTED, SHADE, fitted_size, new_pdf, rgb
from .worksheets.sheet import MAX_STUDENTS, check_run_seeds, check_seed

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = [
    "LESSONS",
    "ExitTicket",
    "TicketTable",
    "class_tickets",
    "draw_ticket",
    "exit_ticket",
    "lesson_title",
    "tickets_pdf",
    "write_exit_tickets",
]

#: The lessons with an exit ticket, in lesson order.
LESSONS: tuple[str, ...] = tuple(QUESTIONS)

_MARGIN = 13.0

#: Width in mm of the "Name ____" field (or "ANSWER KEY") at the top right of a ticket.
_NAME_WIDTH = 72.0


@cache
def _titles() -> dict[str, str]:
    try:
        notebooks = lesson_notebooks()
    except XactikaError:  # an install without the lessons: no subtitles
        return {}
    return lesson_titles(notebooks)


def lesson_title(lesson: str) -> str | None:
    """The title of ``lesson`` from its notebook's ``xactika_lesson`` metadata (the one
    source of lesson titles), in the current language (the catalogue ``lessons.plans``
    holds the metadata's words), or None if no lesson notebook has that lesson.

    >>> lesson_title("1")
    'Meet the deck'

    Raises:
        XactikaError: if a lesson notebook's metadata is malformed (naming it).
    """
    title = _titles().get(lesson)
    return _(title) if title else title


@dataclass(frozen=True)
class ExitTicket:
    """One student's exit ticket for a lesson.

    Attributes:
        lesson: one of :data:`LESSONS` ("1" to "8", and "4b").
        seed: the seed its numbers come from (printed on the ticket).
        number: which ticket of the class set (1 to ``of``).
        of: how many tickets the class set has.
    """

    lesson: str
    seed: int
    number: int = 1
    of: int = 1

    def __post_init__(self) -> None:
        if self.lesson not in LESSONS:
            raise XactikaError(
                _("no exit ticket for lesson {lesson}; lessons are {lessons}").format(
                    lesson=shown(self.lesson), lessons=", ".join(LESSONS)
                )
            )
        of = check_whole(self.of, _("of (the number of tickets)"), 1, MAX_STUDENTS)
        object.__setattr__(self, "of", of)
        object.__setattr__(self, "number", check_whole(self.number, _("ticket number"), 1, of))
        object.__setattr__(self, "seed", check_seed(self.seed))

    @property
    def title(self) -> str:
        """``'Exit ticket · Lesson 4: Can anyone beat my lead?'``: the lesson's title
        from its notebook (:func:`lesson_title`); just the lesson's number if it has none."""
        title = lesson_title(self.lesson)
        if title:
            return _("Exit ticket · Lesson {lesson}: {title}").format(
                lesson=self.lesson, title=title
            )
        return _("Exit ticket · Lesson {lesson}").format(lesson=self.lesson)

    @property
    def label(self) -> str:
        """What the ticket prints to identify itself: ``'Lesson 4 · ticket 3 · seed 11'``.

        It does not depend on the size of the class set, so a lesson plan quoting
        ticket 1 quotes exactly what student 1's ticket prints.
        """
        return _("Lesson {lesson} · ticket {number} · seed {seed}").format(
            lesson=self.lesson, number=self.number, seed=self.seed
        )

    def worked_questions(self) -> list[tuple[str, str, str]]:
        """The three (question, answer, one line of working), computed for this seed."""
        return list(ticket_questions(self.lesson, self.seed).questions)

    @property
    def table(self) -> TicketTable | None:
        """The table printed above the questions (Lessons 1, 5, 6 and 8), or None."""
        return ticket_questions(self.lesson, self.seed).table


def exit_ticket(lesson: str, seed: int, *, number: int = 1, of: int = 1) -> ExitTicket:
    """One exit ticket. Raises XactikaError for an unknown lesson or a bad seed."""
    return ExitTicket(str(lesson).strip(), seed, number, of)


def class_tickets(lesson: str, students: int, seed: int) -> list[ExitTicket]:
    """A class set: student k gets seed ``seed + k - 1``.

    Raises:
        XactikaError: for an unknown lesson, ``students`` not 1 to 200, or a seed
            that would pass the largest printable seed.
    """
    students = check_whole(students, _("students"), 1, MAX_STUDENTS)
    seed = check_seed(seed)
    check_run_seeds(seed, students)
    return [exit_ticket(lesson, seed + k, number=k + 1, of=students) for k in range(students)]


# --- drawing --------------------------------------------------------------------


def _paragraph(pdf: FPDF, x: float, y: float, w: float, text: str, line: float) -> float:
    pdf.set_xy(x, y)
    pdf.multi_cell(w, line, pdf_text(text), align="L", new_x="LEFT", new_y="NEXT")
    return pdf.get_y()


def _draw_table(pdf: FPDF, table: TicketTable, x: float, y: float, width: float) -> float:
    """Draw ``table`` (its caption, then a grid of cells, the first column its labels)
    from ``y`` down; return the y below it."""
    pdf.set_font(FONT_FAMILY, "", fitted_size(10.0, ""))
    y = _paragraph(pdf, x, y, width, table.caption, 4.6) + 0.8
    columns = max(len(row) for row in table.rows)
    pdf.set_font(FONT_FAMILY, "B", fitted_size(9.5, "B"))
    label_w = max(pdf.get_string_width(pdf_text(row[0])) for row in table.rows) + 3.0
    cell_w = min(12.0, (width - label_w) / (columns - 1))
    pdf.set_draw_color(*rgb(MUTED))
    pdf.set_line_width(0.2)
    for i, row in enumerate(table.rows):
        for j, text in enumerate(row):
            cell_x = x if j == 0 else x + label_w + (j - 1) * cell_w
            w = label_w if j == 0 else cell_w
            pdf.set_font(
                FONT_FAMILY,
                "B" if i == 0 or j == 0 else "",
                fitted_size(9.5, "B" if i == 0 or j == 0 else ""),
            )
            pdf.set_fill_color(*rgb(SHADE))
            pdf.set_xy(cell_x, y)
            pdf.cell(
                w,
                5.2,
                pdf_text(text),
                border=1,
                align="L" if j == 0 else "C",
                fill=i == 0 or j == 0,
            )
        y += 5.2
    pdf.set_draw_color(0, 0, 0)
    return y


def draw_ticket(pdf: FPDF, ticket: ExitTicket, top: float, *, key: bool = False) -> float:
    """Draw ``ticket`` on the current page of ``pdf`` from ``top`` (mm) down; return
    the y below it. The caller checks it fits its half page."""
    left, width = _MARGIN, pdf.w - 2 * _MARGIN
    y = top + 9.0
    pdf.set_text_color(0, 0, 0)
    title = pdf_text(ticket.title)
    size = 12.5  # smaller for a long title, so it never runs into "Name"
    pdf.set_font(FONT_FAMILY, "B", fitted_size(size, "B"))
    while pdf.get_string_width(title) > width - _NAME_WIDTH - 2 and size > 8.0:
        size -= 0.5
        pdf.set_font(FONT_FAMILY, "B", fitted_size(size, "B"))
    pdf.set_xy(left, y)
    pdf.cell(width - _NAME_WIDTH - 2, 6, title)
    pdf.set_font(FONT_FAMILY, "", fitted_size(8.5, ""))
    pdf.set_text_color(*rgb(MUTED))
    pdf.set_xy(left, y + 6)
    pdf.cell(width, 4.5, pdf_text(ticket.label))
    pdf.set_text_color(0, 0, 0)
    pdf.set_font(FONT_FAMILY, "B" if key else "", fitted_size(10.5, "B" if key else ""))
    pdf.set_xy(left + width - _NAME_WIDTH, y + 0.5)
    if key:
        pdf.set_text_color(*rgb(ANSWER))
        pdf.cell(_NAME_WIDTH, 6, pdf_text(pgettext("exit ticket", "ANSWER KEY")), align="R")
        pdf.set_text_color(0, 0, 0)
    else:
        pdf.cell(14, 6, pdf_text(pgettext("exit ticket", "Name")))
        pdf.set_line_width(0.3)
        pdf.line(left + width - 58, y + 5.5, left + width, y + 5.5)
    y += 13.0
    worked = ticket_questions(ticket.lesson, ticket.seed)
    room = 22.0
    if worked.table is not None:
        y = _draw_table(pdf, worked.table, left, y, width) + 2.0
        room = 18.0
    for letter, (question, answer, working) in zip("abc", worked.questions, strict=True):
        pdf.set_font(FONT_FAMILY, "B", fitted_size(10.5, "B"))
        pdf.set_xy(left, y)
        pdf.cell(6, 5, f"{letter})")
        pdf.set_font(FONT_FAMILY, "", fitted_size(10.5, ""))
        y = _paragraph(pdf, left + 6, y, width - 6, question, 5.0)
        if key:
            pdf.set_font(FONT_FAMILY, "B", fitted_size(10.5, "B"))
            pdf.set_text_color(*rgb(ANSWER))
            after = _paragraph(pdf, left + 6, y + 0.5, width - 6, answer, 5.0)
            pdf.set_font(FONT_FAMILY, "I", fitted_size(8.5, "I"))
            pdf.set_text_color(*rgb(MUTED))
            after = _paragraph(pdf, left + 6, after, width - 6, working, 4.0)
            pdf.set_text_color(0, 0, 0)
            y = max(after, y + room) + 2.0
        else:
            pdf.set_draw_color(*rgb(MUTED))
            pdf.line(left + 6, y + room - 3, left + width, y + room - 3)
            pdf.set_draw_color(0, 0, 0)
            y += room + 2.0
    return y


def tickets_pdf(
    tickets: Sequence[ExitTicket], *, key: bool = False, paper: str = "letter"
) -> bytes:
    """The tickets two to a page (a dashed line between them) as a PDF's bytes.

    Raises:
        XactikaError: for an unknown ``paper``, no tickets, or a ticket too tall for
            half a page (a layout bug, never silent).
    """
    if not tickets:
        raise XactikaError(_("no exit tickets to print"))
    title = (
        _("Exit tickets, lesson {lesson} (answer key)")
        if key
        else _("Exit tickets, lesson {lesson} (student tickets)")
    )
    pdf = new_pdf(paper, title=title.format(lesson=tickets[0].lesson))
    half = pdf.h / 2
    for i, ticket in enumerate(tickets):
        top = 0.0 if i % 2 == 0 else half
        if i % 2 == 0:
            pdf.add_page()
            pdf.set_draw_color(*rgb(MUTED))
            pdf.set_line_width(0.2)
            with pdf.local_context():
                pdf.set_dash_pattern(dash=2, gap=2)
                pdf.line(6, half, pdf.w - 6, half)
        bottom = draw_ticket(pdf, ticket, top, key=key)
        if bottom > top + half - 5.0:
            raise XactikaError(
                _("{label}: the exit ticket runs {overflow} mm past its half page").format(
                    label=ticket.label, overflow=f"{bottom - top - half + 5.0:.1f}"
                )
            )
    return bytes(pdf.output())


def write_exit_tickets(
    out_dir: Path | str,
    students: int,
    seed: int,
    paper: str = "letter",
    lessons: Iterable[str] = LESSONS,
) -> list[Path]:
    """Write each lesson's class set and its key into the existing folder ``out_dir``:
    ``exit-ticket-lesson-N.pdf`` and ``exit-ticket-lesson-N-key.pdf``, all or none
    (:func:`~xactika_edu.base.files.staged_entries`).

    Returns:
        the paths written, two per lesson.

    Raises:
        XactikaError: as :func:`class_tickets` and :func:`tickets_pdf`, or if
            ``out_dir`` is missing or a file exists already (nothing is written).
    """
    sets = [(lesson, class_tickets(lesson, students, seed)) for lesson in lessons]
    written = []
    with staged_entries(out_dir) as staging:
        for lesson, tickets in sets:
            for key, suffix in ((False, ""), (True, "-key")):
                name = f"exit-ticket-lesson-{lesson}{suffix}.pdf"
                (staging / name).write_bytes(tickets_pdf(tickets, key=key, paper=paper))
                written.append(Path(out_dir) / name)
    return written
