"""One-page lesson plans (xactika_edu.outputs.lessonplans) from a notebook's
``xactika_lesson`` metadata, its vocabulary box and the standards table.

Issue 12, item 4: "a one-page lesson plan (objective, standards with their exact
wording, a minute-by-minute timing table, materials, exit-ticket answers)".
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import nbformat
import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.outputs.exit_tickets import class_tickets
from xactika_edu.outputs.lessonplans import (
    lesson_plan,
    plan_html,
    plan_pdf,
    standards_section,
    timing_rows,
    write_lesson_plans,
)
from xactika_edu.teaching.standards import full_wording

PDFINFO = shutil.which("pdfinfo")
PDFTOTEXT = shutil.which("pdftotext")

META: dict[str, Any] = {
    "lesson": "4",
    "title": "Will my lead win?",
    "objective": "Students find the chance that nobody can beat a lead, so it wins at "
    "least this often.",
    "standards": [
        {"code": "7.SP.C.5", "activity": "a lead nobody can beat has probability 1"},
        {"code": "7.SP.C.7a", "activity": "each unseen card is equally likely to be held"},
        {"code": "7.SP.C.8b", "activity": "the tree diagram of two threats"},
    ],
    "going_further_standards": [{"code": "HSS-CP.B.9", "activity": "C(n, k)"}],
    "timing": [
        {"minutes": 5, "activity": "Warm-up: which card would you lead?"},
        {"minutes": 15, "activity": "Threats and the cards set aside"},
        {"minutes": 15, "activity": "Tree diagram: two threats"},
        {"minutes": 7, "activity": "Talk about it"},
        {"minutes": 6, "activity": "Exit ticket"},
    ],
    "materials": ["projector", "one Xactika deck per 4 students (optional)"],
    "exit_ticket": "Threats and the chance nobody can beat a lead.",
}
VOCAB = (
    "| Word | What it means | Example |\n|---|---|---|\n"
    "| threat | an unseen card that would beat your lead | 3213 beats 2213 calling 1 cone |\n"
    "| set aside | the cards nobody holds this hand | with 4 players, 49 cards |\n"
    "| unbeatable | nobody holds a threat | <svg width='9'><circle r='3'/></svg> |\n"
)


def _notebook(meta: dict[str, Any] | None = META) -> Any:
    cells = [
        nbformat.v4.new_markdown_cell("# Lesson 4"),
        nbformat.v4.new_markdown_cell(VOCAB, metadata={"tags": ["vocabulary"]}),
    ]
    nb = nbformat.v4.new_notebook(cells=cells)
    if meta is not None:
        nb.metadata["xactika_lesson"] = meta
    return nb


def _pdf_text(data: bytes, tmp_path: Path) -> tuple[str, str]:
    path = tmp_path / "plan.pdf"
    path.write_bytes(data)
    info = subprocess.run([PDFINFO, str(path)], capture_output=True, text=True).stdout
    text = subprocess.run([PDFTOTEXT, "-raw", str(path), "-"], capture_output=True, text=True)
    return info, " ".join(text.stdout.split())


def test_plan_holds_every_part_with_exact_wording() -> None:
    plan = lesson_plan(_notebook(), seed=9, students=30)
    page = plan_html(plan)
    assert "<h1>Lesson plan · Lesson 4: Will my lead win?</h1>" in page
    for citation in META["standards"]:
        assert html.escape(full_wording(citation["code"])) in page
        assert html.escape(citation["activity"]) in page
    assert "HSS-CP.B.9" not in page  # Going further standards are not the lesson's core
    assert "<td>35-42</td><td>7</td><td>Talk about it</td>" in page
    assert "<td>48</td><td>in all</td>" in page
    assert "<circle r='3'/>" in page  # the vocabulary picture is kept in HTML
    ticket = class_tickets("4", 30, 9)[0]
    assert plan.ticket_label == ticket.label == "Lesson 4 · ticket 1 · seed 9"
    for question, answer, _ in ticket.worked_questions():
        assert f"{html.escape(question)} <b>{html.escape(answer)}</b>" in page
    # review 12: the exit-ticket line came from the metadata's free text and disagreed
    # with the printed ticket; now it is built from the ticket (3 questions)
    assert html.escape(META["exit_ticket"]) not in page
    assert "3 questions on half a page" in page


def test_timing_rows_run_the_clock() -> None:
    assert timing_rows([(5, "a"), (10, "b"), (30, "c")]) == [
        ("0-5", "5", "a"),
        ("5-15", "10", "b"),
        ("15-45", "30", "c"),
    ]


@pytest.mark.skipif(PDFINFO is None or PDFTOTEXT is None, reason="poppler-utils missing")
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_pdf_is_one_page(paper: str, tmp_path: Path) -> None:
    info, text = _pdf_text(plan_pdf(lesson_plan(_notebook()), paper), tmp_path)
    assert re.search(r"^Pages:\s+1$", info, re.MULTILINE)
    assert ("A4" in info) == (paper == "a4")
    assert "Understand that the probability of a chance event is a number between 0 and 1" in text
    assert "(a picture in the lesson)" in text
    assert "it wins at least this often" in text
    assert "Minutes" in text and "35-42" in text


@pytest.mark.skipif(PDFINFO is None, reason="poppler-utils missing")
def test_a_long_plan_shrinks_to_one_page_or_is_refused(tmp_path: Path) -> None:
    longer = dict(META, timing=[{"minutes": 2, "activity": f"Step {i}: talk"} for i in range(24)])
    info, _ = _pdf_text(plan_pdf(lesson_plan(_notebook(longer))), tmp_path)
    assert re.search(r"^Pages:\s+1$", info, re.MULTILINE)
    too_long = dict(META, timing=[{"minutes": 1, "activity": "x " * 60} for _ in range(40)])
    with pytest.raises(XactikaError, match="lesson plan of lesson 4 does not fit one page"):
        plan_pdf(lesson_plan(_notebook(too_long)))


def test_no_metadata_no_plan(tmp_path: Path) -> None:
    with pytest.raises(XactikaError, match="has no xactika_lesson metadata"):
        lesson_plan(_notebook(None))
    bad = dict(META, lesson="")
    with pytest.raises(XactikaError, match="field 'lesson' must be text"):
        lesson_plan(_notebook(bad))


def test_write_plans_and_the_guide_table(tmp_path: Path) -> None:
    folder = tmp_path / "nb"
    folder.mkdir()
    nbformat.write(_notebook(), folder / "04_lead.ipynb")
    nbformat.write(_notebook(dict(META, lesson="4b", title="Two threats")), folder / "04b_x.ipynb")
    nbformat.write(_notebook(None), folder / "05_old.ipynb")
    notebooks = sorted(folder.glob("*.ipynb"))
    out = tmp_path / "out"
    out.mkdir()
    written = write_lesson_plans(notebooks, out, "a4")
    assert [p.name for p in written] == [
        "lesson-plan-4.html",
        "lesson-plan-4.pdf",
        "lesson-plan-4b.html",
        "lesson-plan-4b.pdf",
    ]
    assert all(p.stat().st_size > 500 for p in written)
    with pytest.raises(XactikaError, match="already exists"):
        write_lesson_plans(notebooks, out)
    guide = standards_section(notebooks)
    assert "### Lesson 4: Will my lead win?" in guide and "### Lesson 4b: Two threats" in guide
    assert "| (+) HSS-CP.B.9 | Use permutations and combinations" in guide
    assert "Going further (optional):" in guide


def test_lesson_4b_plan_gives_its_own_exit_ticket_answers() -> None:
    # before: "4b" was read as lesson 4, so the 4b plan printed Lesson 4's answers
    from xactika_edu.outputs.exit_tickets import exit_ticket
    from xactika_edu.outputs.lessonplans import lesson_plan

    root = Path(__file__).resolve().parent.parent / "notebooks"
    plan = lesson_plan(next(root.glob("04b_*.ipynb")), seed=1)
    questions = [question for question, _ in plan.ticket_answers]
    ours = [question for question, _, _ in exit_ticket("4b", 1).worked_questions()]
    lesson_4 = [question for question, _, _ in exit_ticket("4", 1).worked_questions()]
    assert questions == ours and questions != lesson_4


@pytest.mark.parametrize("lesson", ["1", "4", "4b", "6"])
def test_plan_describes_the_printed_ticket_not_the_metadata_text(lesson: str) -> None:
    # review 12: "Two questions" for a ticket of three, "one threat left unseen" for a
    # ticket with two, and a project path ("see outputs/exit_tickets")
    from xactika_edu.outputs.exit_tickets import exit_ticket
    from xactika_edu.teaching.lessonmeta import lesson_meta, lesson_notebooks

    notebook = next(p for p in lesson_notebooks() if lesson_meta(p).lesson == lesson)
    plan = lesson_plan(notebook, seed=3)
    page = plan_html(plan)
    ticket = exit_ticket(lesson, 3)
    questions = ticket.worked_questions()
    assert f"{len(questions)} questions on half a page" in page
    assert "outputs/exit_tickets" not in page and "Two questions" not in page
    for question, answer, _ in questions:
        assert f"{html.escape(question)} <b>{html.escape(answer)}</b>" in page
    if ticket.table is not None:  # Lessons 1 and 6 print a table the questions read
        assert html.escape(ticket.table.caption) in page
        for row in ticket.table.rows[1:]:
            cells = "".join(f"<td>{html.escape(c)}</td>" for c in row)
            assert f"<tr>{cells}</tr>" in page
    assert (ticket.table is not None) == (lesson in ("1", "6"))


@pytest.mark.skipif(PDFTOTEXT is None, reason="poppler-utils missing")
def test_plan_label_is_what_ticket_1_of_the_class_set_prints(tmp_path: Path) -> None:
    # review 12: the plan said "ticket 1 of 1" (made without the class size), the
    # class set's PDF "1 of 3"
    from xactika_edu.outputs.exit_tickets import tickets_pdf

    plan = lesson_plan(_notebook(), seed=9)  # the class pack makes plans without students
    path = tmp_path / "tickets.pdf"
    path.write_bytes(tickets_pdf(class_tickets("4", 3, 9)))
    text = subprocess.run([PDFTOTEXT, "-raw", str(path), "-"], capture_output=True, text=True)
    first = text.stdout.split("Exit ticket")[1]
    assert plan.ticket_label in first
    assert plan.ticket_label in plan_html(plan)


def test_the_on_screen_plan_shows_bold_words_not_asterisks() -> None:
    # the new teacher saw "**face value**" in plans/lesson-plan-1.html
    from xactika_edu.outputs.lessonplans import lesson_plan, plan_html

    root = Path(__file__).resolve().parent.parent / "notebooks"
    for notebook in sorted(root.glob("[0-9][0-9]*_*.ipynb")):
        page = plan_html(lesson_plan(notebook))
        assert "**" not in page, notebook.name
