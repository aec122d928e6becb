"""One-page lesson plans, built from each lesson notebook's ``xactika_lesson`` metadata.

A plan holds the objective, the standards with their exact wording (from
:data:`xactika_edu.teaching.standards.STANDARDS`) and the activity that meets each, a
minute-by-minute timing table, the materials, the vocabulary box of the lesson and
its exit ticket, described from the ticket itself: how many questions, then the first
ticket of the class set as printed (its table, if any, its questions and their
answers; the key has every student's).
It is written as HTML and as a one-page PDF (Letter or A4), in the worksheets' font
(:data:`~xactika_edu.outputs.pdftext.FONT_FAMILY`, embedded, at the sizes
:func:`~xactika_edu.outputs.worksheets.page.fitted_size` gives); a plan that does not
fit one page at 7 pt is refused (a translated one takes two pages: :func:`plan_pdf`).

A plan is written in the language that is current when it is made (:func:`lesson_plan`):
the metadata's words come from the catalogue ``lessons.plans`` and the vocabulary box
from the lesson's own (its cell translated whole), the ticket's from
:mod:`.exit_questions`. The standards' wording is the official one, in English in every
language: the Common Core is published in English only, a translation of ours shown as
"the wording" could pass for an official one, and the Spanish heading says so
("texto oficial, en inglés").

>>> print(timing_rows([(5, "Warm-up"), (30, "Explore")]))
[('0-5', '5', 'Warm-up'), ('5-35', '30', 'Explore')]
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base.errors import XactikaError
from ..base.files import staged_entries
from ..base.language import DEFAULT_LANGUAGE, language, ngettext, pgettext, use_language
from ..base.language import gettext as _
from ..teaching.lessonmeta import (
    LessonMeta,
    VocabularyRow,
    lesson_meta,
    load_notebook,
    vocabulary,
)
from ..teaching.standards import standards_markdown, standards_rows
from .exit_tickets import LESSONS, TicketTable, class_tickets
from .pdftext import FONT_FAMILY, pdf_text
from .worksheets.layout import MIN_TEXT_PT
from .worksheets.page import MUTED, SHADE, check_paper, fitted_size, new_pdf, rgb

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = [
    "LessonPlan",
    "lesson_plan",
    "lesson_text",
    "plan_html",
    "plan_pdf",
    "standards_section",
    "ticket_summary",
    "timing_rows",
    "translated_meta",
    "write_lesson_plans",
]

_MARGIN = 13.0
#: Font sizes tried, largest first, until the plan fits its page.
_SCALES = (1.0, 0.93, 0.86, 0.8, 0.78, 0.75, 0.7)
#: The standards table's column widths (mm) tried at each size, the first first: the
#: second gives a translation's longer activities more room beside the English wording.
_STANDARD_WIDTHS = ((22.0, 120.0, 48.0), (20.0, 90.0, 80.0))
_BASE_PT = 10.0


@dataclass(frozen=True)
class LessonPlan:
    """What a lesson plan shows.

    Attributes:
        meta: the lesson's checked metadata.
        vocabulary: the rows of its vocabulary box.
        ticket_answers: (question, answer) of the first exit ticket, or empty if the
            lesson has no exit ticket kind.
        ticket_label: which ticket those answers are for, as the ticket prints it
            (``'Lesson 4 · ticket 1 · seed 9'``).
        ticket_table: the table that ticket prints above its questions, or None.
        language: the language the plan is written in (its texts were translated when
            it was made; its HTML and PDF are written in it).
    """

    meta: LessonMeta
    vocabulary: tuple[VocabularyRow, ...]
    ticket_answers: tuple[tuple[str, str], ...]
    ticket_label: str
    ticket_table: TicketTable | None = None
    language: str = DEFAULT_LANGUAGE

    @property
    def name(self) -> str:
        """The file name stem: ``'lesson-plan-4b'``."""
        return f"lesson-plan-{self.meta.lesson}"

    def standard_rows(self) -> list[tuple[str, str, str]]:
        """(code, exact wording, activity) of the core standards; the wording is the
        official English one in every language (see the module's text)."""
        with use_language("en"):
            return standards_rows((c.code, c.activity) for c in self.meta.standards)


def _drawn(text: str, missing: str = "?") -> str:
    """``text`` as the plan's embedded font, DejaVu Sans, draws it: :func:`pdf_text`
    with ``unicode`` (suit signs, arrows and math signs print as themselves)."""
    return pdf_text(text, missing, unicode=True)


def lesson_text(text: str) -> str:
    """A text of a lesson (its metadata, a markdown cell) in the current language: its
    translation from the catalogues, or itself if it has none (English, or a text not
    translated yet); an empty text stays empty."""
    return _(text) if text.strip() else text


def translated_meta(meta: LessonMeta) -> LessonMeta:
    """``meta`` with every text a plan shows in the current language (:func:`lesson_text`);
    the lesson's number, the codes and the minutes stay."""
    return dataclasses.replace(
        meta,
        title=lesson_text(meta.title),
        objective=lesson_text(meta.objective),
        standards=tuple(
            dataclasses.replace(c, activity=lesson_text(c.activity)) for c in meta.standards
        ),
        going_further_standards=tuple(
            dataclasses.replace(c, activity=lesson_text(c.activity))
            for c in meta.going_further_standards
        ),
        timing=tuple(dataclasses.replace(s, activity=lesson_text(s.activity)) for s in meta.timing),
        materials=tuple(lesson_text(m) for m in meta.materials),
        exit_ticket=lesson_text(meta.exit_ticket),
    )


def _translated_notebook(notebook: Path | str | Mapping[str, Any]) -> Mapping[str, Any]:
    """The notebook with each markdown cell in the current language (the lesson's
    catalogue holds each cell whole), for its vocabulary box."""
    data = load_notebook(notebook)
    if language() == DEFAULT_LANGUAGE:
        return data
    cells = [
        {**cell, "source": lesson_text("".join(cell["source"]))}
        if cell.get("cell_type") == "markdown"
        else cell
        for cell in data.get("cells", [])
    ]
    return {**data, "cells": cells}


def _ticket_kind(lesson: str) -> str | None:
    """The exit ticket of ``lesson`` ("4b" has its own), or None if it has none."""
    return lesson if lesson in LESSONS else None


def lesson_plan(
    notebook: Path | str | Mapping[str, Any], *, seed: int = 1, students: int = 1
) -> LessonPlan:
    """The plan of one lesson notebook.

    Args:
        notebook: a lesson notebook (path or nbformat dict) with ``xactika_lesson``
            metadata.
        seed: the class set's seed; the plan shows the first ticket's answers.
        students: how many tickets the class set has (printed on the ticket label).

    The plan is in the current language (``with use_language("es"):``); its numbers are
    the same in every language.

    Raises:
        XactikaError: if the notebook has no ``xactika_lesson`` metadata, or it or
            its vocabulary box is malformed (naming the field).
    """
    meta = lesson_meta(notebook)
    if meta is None:
        shown = Path(notebook).name if isinstance(notebook, (str, Path)) else _("the notebook")
        raise XactikaError(
            _("{notebook} has no xactika_lesson metadata, so it has no lesson plan").format(
                notebook=shown
            )
        )
    kind = _ticket_kind(meta.lesson)
    answers: tuple[tuple[str, str], ...] = ()
    label = ""
    table = None
    if kind is not None:
        ticket = class_tickets(kind, students, seed)[0]
        answers = tuple((q, a) for q, a, _ in ticket.worked_questions())
        label = ticket.label
        table = ticket.table
    return LessonPlan(
        translated_meta(meta),
        tuple(vocabulary(_translated_notebook(notebook))),
        answers,
        label,
        table,
        language(),
    )


def ticket_summary(plan: LessonPlan) -> str:
    """The plan's sentence on the exit ticket, built from the ticket itself.

    >>> from xactika_edu.teaching.lessonmeta import check_lesson_meta
    >>> meta = check_lesson_meta({"lesson": "9", "title": "T", "objective": "O",
    ...     "standards": [], "timing": [{"minutes": 45, "activity": "all"}],
    ...     "materials": [], "exit_ticket": "a note"})
    >>> plan = LessonPlan(meta, (), (("q1", "a1"), ("q2", "a2")), "Lesson 9 · ticket 1 · seed 4")
    >>> text = ticket_summary(plan)
    >>> text.startswith("2 questions on half a page"), text.endswith("seed 4, with its answers:")
    (True, True)

    A lesson without an exit ticket gets its metadata's ``exit_ticket`` note.
    """
    if not plan.ticket_answers:
        return plan.meta.exit_ticket
    count = len(plan.ticket_answers)
    return ngettext(
        "{count} question on half a page; each student's ticket has its own numbers and "
        "the key has every ticket's answers. {label}, with its answers:",
        "{count} questions on half a page; each student's ticket has its own numbers and "
        "the key has every ticket's answers. {label}, with its answers:",
        count,
    ).format(count=count, label=plan.ticket_label)


def timing_rows(steps: Iterable[tuple[int, str]]) -> list[tuple[str, str, str]]:
    """(clock "from-to" in minutes, minutes, activity) for each step of a timing table."""
    rows, clock = [], 0
    for minutes, activity in steps:
        rows.append((f"{clock}-{clock + minutes}", str(minutes), activity))
        clock += minutes
    return rows


def _plain(text: str) -> str:
    """Markdown and HTML of a notebook cell as plain text (for the PDF)."""
    text = re.sub(r"<svg.*?</svg>", " ", text, flags=re.DOTALL)
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]*>", " ", text)
    text = text.replace("**", "").replace("__", "").replace("`", "")
    return " ".join(text.split())


def _pdf_cell(text: str) -> str:
    """A table cell for the PDF: plain text; a picture or emoji alone becomes a note."""
    return " ".join(_drawn(_plain(text), missing="").split()) or _("(a picture in the lesson)")


def _title(meta: LessonMeta) -> str:
    return _("Lesson {lesson}: {title}").format(lesson=meta.lesson, title=meta.title)


def _standards_heading() -> tuple[str, str, str]:
    return (
        pgettext("lesson plan", "Code"),
        pgettext("lesson plan", "Standard (exact wording)"),
        pgettext("lesson plan", "Activity"),
    )


def _timing_heading() -> tuple[str, str, str]:
    return (
        pgettext("lesson plan", "Clock (min)"),
        pgettext("lesson plan", "Minutes"),
        pgettext("lesson plan", "Activity"),
    )


def _vocabulary_heading() -> tuple[str, str, str]:
    return (
        pgettext("lesson plan", "Word"),
        pgettext("lesson plan", "What it means"),
        pgettext("lesson plan", "Example"),
    )


def _timing_table(meta: LessonMeta) -> list[tuple[str, str, str]]:
    return [
        *timing_rows((s.minutes, s.activity) for s in meta.timing),
        ("", str(meta.minutes), pgettext("lesson plan", "in all")),
    ]


# --- HTML -----------------------------------------------------------------------

_CSS = (
    "body{font-family:Helvetica,Arial,sans-serif;max-width:48rem;margin:1rem auto;"
    "font-size:11pt;line-height:1.35}h1{font-size:16pt;margin:0 0 .3rem}"
    "h2{font-size:12pt;margin:.8rem 0 .3rem}table{border-collapse:collapse;width:100%}"
    "th,td{border:1px solid #999;padding:.2rem .4rem;vertical-align:top;text-align:left}"
    "th{background:#EDEDED}.code{white-space:nowrap;font-weight:bold}"
    "@media print{body{margin:0}}"
)


def _inline_html(text: str, *, escape: bool = True) -> str:
    """A table cell's Markdown emphasis as HTML: ``**word**`` bold, backticks dropped."""
    text = html.escape(text) if escape else text
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    return text.replace("`", "")


def _table_html(heading: Sequence[str], rows: Iterable[Sequence[str]], *, raw: int = -1) -> str:
    """An HTML table; column ``raw`` (the vocabulary example) keeps its own HTML."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in heading)
    body = "".join(
        "<tr>"
        + "".join(f"<td>{_inline_html(cell, escape=i != raw)}</td>" for i, cell in enumerate(row))
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def plan_html(plan: LessonPlan) -> str:
    """The plan as a self-contained HTML page (UTF-8, no outside files), in the plan's
    language."""
    with use_language(plan.language):
        return _plan_html(plan)


def _plan_html(plan: LessonPlan) -> str:
    meta = plan.meta
    title = html.escape(pgettext("lesson plan", "Lesson plan · {title}").format(title=_title(meta)))
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{plan.language}"><head><meta charset="utf-8">',
        f"<title>{title}</title><style>{_CSS}</style></head><body>",
        f"<h1>{title}</h1>",
        "<p><b>{label}</b> {objective}</p>".format(
            label=html.escape(pgettext("lesson plan", "Objective.")),
            objective=html.escape(meta.objective),
        ),
        f"<h2>{html.escape(pgettext('lesson plan', 'Standards'))}</h2>",
        _table_html(_standards_heading(), plan.standard_rows()),
        f"<h2>{html.escape(pgettext('lesson plan', 'Timing'))}</h2>",
        _table_html(_timing_heading(), _timing_table(meta)),
        f"<h2>{html.escape(pgettext('lesson plan', 'Materials'))}</h2>",
        "<ul>" + "".join(f"<li>{html.escape(m)}</li>" for m in meta.materials) + "</ul>",
    ]
    if plan.vocabulary:
        parts += [
            f"<h2>{html.escape(pgettext('lesson plan', 'Vocabulary'))}</h2>",
            _table_html(
                _vocabulary_heading(),
                [(v.word, v.meaning, v.example) for v in plan.vocabulary],
                raw=2,
            ),
        ]
    parts += [
        f"<h2>{html.escape(pgettext('lesson plan', 'Exit ticket'))}</h2>"
        f"<p>{html.escape(ticket_summary(plan))}</p>"
    ]
    if plan.ticket_table is not None:
        rows = plan.ticket_table.rows
        parts += [
            f"<p>{html.escape(plan.ticket_table.caption)}</p>",
            _table_html(rows[0], rows[1:]),
        ]
    if plan.ticket_answers:
        parts += [
            "<ol type='a'>",
            *(f"<li>{html.escape(q)} <b>{html.escape(a)}</b></li>" for q, a in plan.ticket_answers),
            "</ol>",
        ]
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


# --- PDF ------------------------------------------------------------------------


def _heading(pdf: FPDF, text: str, size: float) -> None:
    pdf.ln(size * 0.25)
    pdf.set_font(FONT_FAMILY, "B", fitted_size(size * 1.1, "B"))
    pdf.cell(0, size * 0.5, _drawn(text), new_x="LMARGIN", new_y="NEXT")


def _table(
    pdf: FPDF,
    size: float,
    widths: Sequence[float],
    heading: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    cell: Callable[[str], str] = _drawn,
) -> None:
    from fpdf.fonts import FontFace

    pdf.set_font(FONT_FAMILY, "", fitted_size(size, ""))
    pdf.set_draw_color(*rgb(MUTED))
    pdf.set_line_width(0.2)
    with pdf.table(
        col_widths=tuple(widths),
        line_height=size * 0.42,
        text_align="LEFT",
        headings_style=FontFace(emphasis="BOLD", fill_color=rgb(SHADE)),
        padding=0.8,
        width=pdf.w - 2 * _MARGIN,
        v_align="TOP",
    ) as table:
        head = table.row()
        for text in heading:
            head.cell(_drawn(text))
        for row in rows:
            line = table.row()
            for text in row:
                line.cell(cell(text))


def _draw(
    plan: LessonPlan, paper: str, scale: float, widths: Sequence[float] = _STANDARD_WIDTHS[0]
) -> FPDF:
    meta = plan.meta
    size = _BASE_PT * scale
    pdf = new_pdf(
        paper,
        title=_("Lesson plan, lesson {lesson}: {title}").format(
            lesson=meta.lesson, title=meta.title
        ),
    )
    pdf.set_auto_page_break(True, margin=10.0)
    pdf.add_page()
    pdf.set_font(FONT_FAMILY, "B", fitted_size(size * 1.5, "B"))
    pdf.multi_cell(  # a title longer than the line wraps (Spanish 4b's did not fit)
        0,
        size * 0.75,
        _drawn(pgettext("lesson plan", "Lesson plan · {title}").format(title=_title(meta))),
        new_x="LMARGIN",
        new_y="NEXT",
    )
    pdf.set_font(FONT_FAMILY, "", fitted_size(size, ""))
    pdf.multi_cell(
        0,
        size * 0.45,
        _drawn(f"**{pgettext('lesson plan', 'Objective.')}** {meta.objective}"),
        markdown=True,
        new_x="LMARGIN",
        new_y="NEXT",
    )
    _heading(pdf, pgettext("lesson plan", "Standards"), size)
    _table(pdf, size * 0.9, widths, _standards_heading(), plan.standard_rows())
    _heading(pdf, pgettext("lesson plan", "Timing"), size)
    _table(pdf, size * 0.9, (22, 16, 152), _timing_heading(), _timing_table(meta))
    _heading(pdf, pgettext("lesson plan", "Materials"), size)
    pdf.set_font(FONT_FAMILY, "", fitted_size(size, ""))
    pdf.multi_cell(
        0,
        size * 0.45,
        _drawn("; ".join(meta.materials) or pgettext("lesson plan", "none")),
        new_x="LMARGIN",
        new_y="NEXT",
    )
    if plan.vocabulary:
        _heading(pdf, pgettext("lesson plan", "Vocabulary"), size)
        _table(
            pdf,
            size * 0.9,
            (35, 85, 70),
            _vocabulary_heading(),
            [(v.word, v.meaning, v.example) for v in plan.vocabulary],
            cell=_pdf_cell,
        )
    _heading(pdf, pgettext("lesson plan", "Exit ticket"), size)
    pdf.set_font(FONT_FAMILY, "", fitted_size(size, ""))
    text = ticket_summary(plan)
    if not text.endswith((".", "!", "?", ":")):
        text += "."
    pdf.multi_cell(0, size * 0.45, _drawn(text), new_x="LMARGIN", new_y="NEXT")
    if plan.ticket_table is not None:
        rows = plan.ticket_table.rows
        pdf.multi_cell(
            0, size * 0.45, _drawn(plan.ticket_table.caption), new_x="LMARGIN", new_y="NEXT"
        )
        label_w = 30.0
        rest = (pdf.w - 2 * _MARGIN - label_w) / (len(rows[0]) - 1)
        _table(pdf, size * 0.9, (label_w, *[rest] * (len(rows[0]) - 1)), rows[0], rows[1:])
    for letter, (question, answer) in zip("abc", plan.ticket_answers, strict=False):
        pdf.multi_cell(
            0,
            size * 0.45,
            _drawn(f"{letter}) {question} **{answer}**"),
            markdown=True,
            new_x="LMARGIN",
            new_y="NEXT",
        )
    return pdf


def plan_pdf(plan: LessonPlan, paper: str = "letter") -> bytes:
    """The plan as a one-page PDF's bytes; the font shrinks (not below 7 pt) to fit.

    A translated plan (Spanish runs about a fifth longer than the English its authors
    kept to one page, and the standards keep their English wording) that does not fit
    one page even at 7 pt is printed at full size on two pages; an English one is
    refused, so the lesson's authors shorten it.

    Raises:
        XactikaError: for an unknown ``paper``, or an English plan too long for one
            page even at the smallest font (naming the lesson).
    """
    paper = check_paper(paper)
    with use_language(plan.language):
        for scale in _SCALES:
            if _BASE_PT * scale * 0.9 < MIN_TEXT_PT:
                break
            for widths in _STANDARD_WIDTHS:
                pdf = _draw(plan, paper, scale, widths)
                if pdf.page == 1:
                    return bytes(pdf.output())
        if plan.language != DEFAULT_LANGUAGE:
            return bytes(_draw(plan, paper, _SCALES[0], _STANDARD_WIDTHS[-1]).output())
        raise XactikaError(
            _(
                "the lesson plan of lesson {lesson} does not fit one page: shorten its "
                "objective, timing or vocabulary"
            ).format(lesson=plan.meta.lesson)
        )


def standards_section(notebooks: Iterable[Path | str]) -> str:
    """The teacher guide's standards table: per lesson with metadata, every code it
    cites (core, then Going further) with its exact wording and the activity.

    Raises:
        XactikaError: for a malformed notebook or an unknown code.
    """
    parts = []
    for notebook in notebooks:
        meta = lesson_meta(notebook)
        if meta is None:
            continue
        cited = [(c.code, c.activity) for c in meta.standards]
        further = [(c.code, c.activity) for c in meta.going_further_standards]
        parts.append(f"### Lesson {meta.lesson}: {meta.title}\n")
        parts.append(standards_markdown(cited) + "\n")
        if further:
            parts.append("Going further (optional):\n")
            parts.append(standards_markdown(further) + "\n")
    return "\n".join(parts)


def write_lesson_plans(
    notebooks: Iterable[Path | str],
    out_dir: Path | str,
    paper: str = "letter",
    *,
    seed: int = 1,
    students: int = 1,
) -> list[Path]:
    """Write ``lesson-plan-N.html`` and ``lesson-plan-N.pdf`` for every notebook with
    ``xactika_lesson`` metadata into the existing folder ``out_dir``, all or none.

    Notebooks without metadata (not yet rewritten) are skipped.

    Returns:
        the paths written, two per lesson.

    Raises:
        XactikaError: for malformed metadata, a plan that does not fit one page, a
            missing ``out_dir`` or a file that exists already (nothing is written).
    """
    plans = [
        lesson_plan(nb, seed=seed, students=students)
        for nb in notebooks
        if lesson_meta(nb) is not None
    ]
    written = []
    with staged_entries(out_dir) as staging:
        for plan in plans:
            (staging / f"{plan.name}.html").write_text(plan_html(plan), encoding="utf-8")
            (staging / f"{plan.name}.pdf").write_bytes(plan_pdf(plan, paper))
            written += [Path(out_dir) / f"{plan.name}.html", Path(out_dir) / f"{plan.name}.pdf"]
    return written
