"""The class pack's teacher papers: lesson plans, exit tickets and the rules card.

Each part is drawn by jobs that run side by side (module-level functions returning
bytes and text, which travel between processes) and written by a function the class
pack calls in its own process, into its staging folder
(:mod:`xactika_edu.outputs.classpack`, :data:`~xactika_edu.outputs.classpack.STEPS`):

* ``plans/lesson-plan-N.pdf`` and ``.html``: one page per lesson
  (:mod:`~xactika_edu.outputs.lessonplans`, from the notebook's metadata);
* ``exit-tickets/exit-ticket-lesson-N.pdf`` and ``-key.pdf``: one ticket per student,
  two to a page, student k with seed + k - 1 (:mod:`~xactika_edu.outputs.exit_tickets`);
* ``rules-card.pdf``: the one-page student rules card (:mod:`~xactika_edu.outputs.rules_card`).

The class pack runs the jobs and the writing in the language of the pack's part
(:func:`~xactika_edu.base.language.use_language`): the papers and the index's sections
come in that language.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base.language import DEFAULT_LANGUAGE
from ..base.language import gettext as _
from ..base.language import language as _current_language
from ..teaching.lessonmeta import lesson_meta
from .docpages import html_link
from .exit_tickets import LESSONS as TICKET_LESSONS
from .exit_tickets import class_tickets, tickets_pdf
from .lessonplans import lesson_plan, plan_html, plan_pdf
from .parallel import Job
from .rules_card import rules_card_pdf

if TYPE_CHECKING:
    from .classpack import Pack, PackOptions

__all__ = [
    "PLANS_FOLDER",
    "RULES_CARD",
    "TICKETS_FOLDER",
    "draw_plan",
    "draw_rules_card",
    "draw_tickets",
    "plan_jobs",
    "rules_card_jobs",
    "ticket_jobs",
    "write_plans",
    "write_rules_card_page",
    "write_tickets",
]

#: The pack's folders and file for the teacher's papers.
PLANS_FOLDER = "plans"
TICKETS_FOLDER = "exit-tickets"
RULES_CARD = "rules-card.pdf"


def _lesson_ids(options: PackOptions) -> list[tuple[Path, str, str]]:
    """(notebook, lesson id, title) of every pack lesson with metadata, in order."""
    found = []
    for path in options.lessons:
        meta = lesson_meta(path)
        if meta is not None:
            found.append((path, meta.lesson, meta.title))
    return found


# lesson plans


def draw_plan(
    notebook: Path, paper: str, seed: int, students: int = 1
) -> tuple[str, str, str, bytes]:
    """One lesson's plan: (file stem, lesson title, HTML page, PDF bytes)."""
    plan = lesson_plan(notebook, seed=seed, students=students)
    return (
        plan.name,
        _("Lesson {lesson}: {title}").format(lesson=plan.meta.lesson, title=plan.meta.title),
        plan_html(plan),
        plan_pdf(plan, paper),
    )


def plan_jobs(options: PackOptions) -> list[Job]:
    """A job per lesson with metadata."""
    return [
        Job(
            f"lesson plan {lesson}",
            draw_plan,
            (path, options.paper, options.seed, options.students),
            weight=0.5,
        )
        for path, lesson, _title in _lesson_ids(options)
    ]


def write_plans(pack: Pack, plans: list[tuple[str, str, str, bytes]]) -> None:
    """Write the plans and their index section."""
    folder = pack.root / PLANS_FOLDER
    folder.mkdir()
    rows = []
    lessons = [lesson for _path, lesson, _title in _lesson_ids(pack.options)]  # the jobs' order
    titles = _rendered_titles(pack)
    to_print, on_screen = _("plan to print"), _("on screen")
    for (stem, title, page, pdf), lesson in zip(plans, lessons, strict=True):
        (folder / f"{stem}.html").write_text(page, "utf-8")
        (folder / f"{stem}.pdf").write_bytes(pdf)
        pack.paper(lesson, "Plan", html_link(f"{PLANS_FOLDER}/{stem}.pdf", to_print))
        rows.append(
            f"<li>{html.escape(titles.get(lesson, title))}: "
            f'<a href="{PLANS_FOLDER}/{stem}.pdf">{html.escape(to_print)}</a> · '
            f'<a href="{PLANS_FOLDER}/{stem}.html">{html.escape(on_screen)}</a></li>'
        )
    pack.sections["plans"] = (
        _(
            "<h2>Lesson plans</h2>\n<p>One page per lesson: the objective, the standards with "
            "their exact wording, a minute-by-minute plan, materials, vocabulary and the exit "
            "ticket's answers.</p>\n"
        )
        + "<ul>\n"
        + "\n".join(rows)
        + "\n</ul>"
    )
    pack.manifest["plans"] = {
        "plans": [
            f"{PLANS_FOLDER}/{stem}.{ext}" for stem, *_rest in plans for ext in ("pdf", "html")
        ]
    }


def _rendered_titles(pack: Pack) -> dict[str, str]:
    """Each lesson's title as its page in the pack's language has it, by lesson id, in a
    language other than English (where the notebook's metadata has only the English
    title); empty in English, or without the lessons step."""
    if _current_language() == DEFAULT_LANGUAGE:
        return {}
    rendered = pack.made.get("lessons", [])
    ids = [lesson_meta(path) for path in pack.options.lessons]
    return {
        meta.lesson: lesson.title
        for meta, lesson in zip(ids, rendered, strict=False)
        if meta is not None
    }


# exit tickets


def draw_tickets(lesson: str, students: int, seed: int, paper: str) -> tuple[str, bytes, bytes]:
    """One lesson's class set: (lesson id, the tickets' PDF, the keys' PDF)."""
    tickets = class_tickets(lesson, students, seed)
    return lesson, tickets_pdf(tickets, paper=paper), tickets_pdf(tickets, key=True, paper=paper)


def ticket_jobs(options: PackOptions) -> list[Job]:
    """A job per lesson that has an exit ticket."""
    return [
        Job(
            f"exit tickets {lesson}",
            draw_tickets,
            (lesson, options.students, options.seed, options.paper),
            weight=0.5,
        )
        for _path, lesson, _title in _lesson_ids(options)
        if lesson in TICKET_LESSONS
    ]


def write_tickets(pack: Pack, sets: list[tuple[str, bytes, bytes]]) -> None:
    """Write the class sets and keys, and their index section."""
    folder = pack.root / TICKETS_FOLDER
    folder.mkdir()
    rows, written = [], []
    for lesson, tickets, keys in sets:
        names = (f"exit-ticket-lesson-{lesson}.pdf", f"exit-ticket-lesson-{lesson}-key.pdf")
        for name, data in zip(names, (tickets, keys), strict=True):
            (folder / name).write_bytes(data)
            written.append(f"{TICKETS_FOLDER}/{name}")
        pack.paper(
            lesson,
            "Exit tickets",
            html_link(f"{TICKETS_FOLDER}/{names[0]}", _("tickets"))
            + " · "
            + html_link(f"{TICKETS_FOLDER}/{names[1]}", _("key")),
        )
        rows.append(
            _(
                '<li>Lesson {lesson}: <a href="{tickets}">tickets</a> · '
                '<a href="{keys}">answer key</a></li>'
            ).format(
                lesson=html.escape(lesson),
                tickets=f"{TICKETS_FOLDER}/{names[0]}",
                keys=f"{TICKETS_FOLDER}/{names[1]}",
            )
        )
    pack.sections["exit tickets"] = (
        _(
            "<h2>Exit tickets</h2>\n<p>Three short questions at the end of a lesson, two "
            "tickets to a page (cut along the dashed line). Each student's ticket is different "
            "(student <i>k</i> has the same seed as on the worksheets); the key matches them "
            "by number.</p>\n"
        )
        + "<ul>\n"
        + "\n".join(rows)
        + "\n</ul>"
    )
    pack.manifest["exit tickets"] = {"exit tickets": written}


# the rules card


def draw_rules_card(paper: str) -> bytes:
    """The rules card's PDF bytes."""
    return rules_card_pdf(paper)


def rules_card_jobs(options: PackOptions) -> list[Job]:
    """One job: the card."""
    return [Job("rules card", draw_rules_card, (options.paper,), weight=0.3)]


def write_rules_card_page(pack: Pack, cards: list[Any]) -> None:
    """Write the rules card and its index section."""
    (pack.root / RULES_CARD).write_bytes(cards[0])
    pack.sections["rules card"] = _(
        '<h3>Rules card</h3><p>Print <a href="{card}">the rules card</a>: one page '
        "per table, with the rules and how to read a card's four digits.</p>"
    ).format(card=RULES_CARD)
    pack.manifest["rules card"] = {"rules card": RULES_CARD}
