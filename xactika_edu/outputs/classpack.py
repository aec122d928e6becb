"""The class pack: every lesson run and rendered, every worksheet printed, one index.

``xactika-edu class-pack --out DIR`` calls :func:`build_class_pack`. The pack is made
in steps (:data:`STEPS`): each step names the jobs it needs done (a lesson run on a
fresh kernel and rendered, ten students' worksheets of one kind drawn) and then
writes their results into the pack and adds its part of the index and the manifest.
The jobs of every step run side by side in worker processes, at most one per core
(:mod:`xactika_edu.outputs.parallel`), the lessons first; the pack is the same
whichever job ends first. A lesson that raises an error stops the build and nothing
is written (everything goes to a staging folder first).

Lessons are rendered by :func:`xactika_edu.outputs.lessonpages.render_lesson`;
worksheets and answer keys come from :mod:`xactika_edu.outputs.worksheets`.

To add a part to the pack, write its :class:`Step` (its jobs, if any, and what it
writes) and put it in :data:`STEPS`, where its index section should appear.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import html
import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..base.checks import check_whole
from ..base.csvtext import write_text_file
from ..base.errors import LessonError, XactikaError
from ..base.files import atomic_directory, check_output_directory
from ..base.formatting import plural
from ..base.version import __version__
from ..teaching.classdata.class_results import CLASS_RESULT_COLUMNS
from ..teaching.classdata.scoresheet import write_template
from ..teaching.lessonmeta import lesson_meta, lesson_notebooks
from ..ui.app import DEFAULT_PORT, LOCALHOST, url_for
from . import teacherpack
from .docpages import DOCUMENTS, document_page, document_title, html_link, html_page, page_name
from .lessonpages import (
    APP_CAPTION,
    HIDE_INPUT_TAG,
    SHOW_CODE_TAG,
    RenderedLesson,
    render_lesson,
)
from .parallel import Job, JobTiming, cpu_seconds, run_jobs

__all__ = [
    "APP_CAPTION",
    "HIDE_INPUT_TAG",
    "SHOW_CODE_TAG",
    "STEPS",
    "LessonError",
    "Pack",
    "PackOptions",
    "RenderedLesson",
    "Step",
    "build_class_pack",
    "lesson_notebooks",
    "render_lesson",
]

_STUDENT_FILE = re.compile(r"student-(\d+)(-key)?\.pdf")

Progress = Callable[[str], None]

#: Player columns on the class pack's blank score sheet (worksheets/score-sheet.pdf).
SCORE_SHEET_PLAYERS = 6
#: Players in the class pack's score-sheet CSV (worksheets/score-sheet.csv): a table of 4.
CSV_TEMPLATE_PLAYERS = 4
#: The pack's folder for the teacher's documents as pages (guide/teacher-guide.html).
GUIDE_FOLDER = "guide"
#: Students' worksheets of one kind drawn by one job.
SHEETS_PER_JOB = 10


# --- the steps ----------------------------------------------------------------------


@dataclass(frozen=True)
class PackOptions:
    """What the teacher asked for: worksheet variants per kind (``students``), the
    first student's ``seed`` and the ``paper`` size; the ``lessons`` to render; and the
    pack's staging folder ``workdir``, where jobs may keep files while they run (a
    lesson's kernel does)."""

    students: int
    seed: int
    paper: str
    lessons: tuple[Path, ...]
    workdir: Path


@dataclass
class Pack:
    """The pack being made, in its staging folder ``root``: each step adds its files
    (under ``root``), its ``sections`` of ``index.html`` (HTML) and its entries of
    ``manifest.json``, keyed by the step's name; ``say`` reports a line."""

    root: Path
    options: PackOptions
    say: Progress
    sections: dict[str, str] = field(default_factory=dict)
    manifest: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: what a step made, by its name, for the steps after it: the lessons step its
    #: :class:`RenderedLesson` list, the worksheets step the paths it wrote
    made: dict[str, Any] = field(default_factory=dict)
    #: each lesson's papers for the index's first table, by lesson id ("4b"): column
    #: name -> the HTML of its links; filled by the steps that make them
    papers: dict[str, dict[str, str]] = field(default_factory=dict)

    def paper(self, lesson: str, column: str, links: str) -> None:
        """Add ``links`` (HTML) to ``lesson``'s row of the index's first table."""
        row = self.papers.setdefault(lesson, {})
        row[column] = f"{row[column]}<br>{links}" if column in row else links


#: A lesson's ``worksheet`` metadata naming the blank score sheet, not a worksheet kind.
SCORE_SHEET = "score-sheet"

#: The columns of the index's table of each lesson's papers, in order.
PAPER_COLUMNS = ("Lesson", "Plan", "Exit tickets", "Worksheets (homework) or paper")


@dataclass(frozen=True)
class Step:
    """One part of the class pack.

    ``jobs(options)`` lists the work to run side by side in worker processes (a
    :class:`~xactika_edu.outputs.parallel.Job` each: a module-level function and
    arguments that pickle); once they are all done, ``write(pack, results)`` runs in
    this process with their results, in the order of the jobs: it writes files under
    ``pack.root`` and sets ``pack.sections[name]`` and ``pack.manifest[name]``. The
    index shows the sections, and the manifest the entries, in the order of
    :data:`STEPS`.
    """

    name: str
    write: Callable[[Pack, list[Any]], None]
    jobs: Callable[[PackOptions], list[Job]] = lambda _options: []


# lessons


def _lesson_jobs(options: PackOptions) -> list[Job]:
    return [
        Job(f"lesson {path.stem}", render_lesson, (path,), {"workdir": options.workdir}, 10.0)
        for path in options.lessons
    ]


def _write_lessons(pack: Pack, lessons: list[RenderedLesson]) -> None:
    (pack.root / "lessons").mkdir()
    for lesson in lessons:
        (pack.root / "lessons" / f"{lesson.name}.html").write_text(lesson.html, "utf-8")
    items = "\n".join(
        f"<li>{html_link(f'lessons/{lesson.name}.html', lesson.title)}</li>" for lesson in lessons
    )
    pack.sections["lessons"] = (
        f"<h2>Lessons</h2>\n<p>Open a lesson to project it or to read it on a laptop.</p>\n"
        f"<ul>\n{items}\n</ul>"
    )
    for path, lesson in zip(pack.options.lessons, lessons, strict=True):
        meta = lesson_meta(path)
        if meta is not None:
            pack.paper(
                meta.lesson, "Lesson", html_link(f"lessons/{lesson.name}.html", lesson.title)
            )
    pack.made["lessons"] = lessons
    pack.manifest["lessons"] = {
        "lessons": [
            {"name": lesson.name, "title": lesson.title, "seconds": round(lesson.seconds, 2)}
            for lesson in lessons
        ]
    }


# worksheets


def _worksheet_sets() -> list[tuple[str, str]]:
    """(kind, level) of every class set in the pack: each kind at each level."""
    from .worksheets import KINDS, LEVELS

    return [(kind, level) for kind in KINDS for level in LEVELS]


def _worksheet_jobs(options: PackOptions) -> list[Job]:
    from .worksheets import draw_worksheets

    jobs = []
    for kind, level in _worksheet_sets():
        for first in range(1, options.students + 1, SHEETS_PER_JOB):
            numbers = range(first, min(first + SHEETS_PER_JOB, options.students + 1))
            settings = {"kind": kind, "students": options.students, "seed": options.seed}
            jobs.append(
                Job(
                    f"worksheets {kind} ({level}), students {numbers[0]} to {numbers[-1]}",
                    draw_worksheets,
                    kwargs={**settings, "paper": options.paper, "level": level, "numbers": numbers},
                    weight=len(numbers) / SHEETS_PER_JOB,
                )
            )
    return jobs


def _write_worksheets(pack: Pack, drawn: list[Any]) -> None:
    from .worksheets import write_worksheets
    from .worksheets.levels import LEVELS, sheet_folder

    options = pack.options
    folder = pack.root / "worksheets"
    folder.mkdir(exist_ok=True)
    per_set = len(range(1, options.students + 1, SHEETS_PER_JOB))
    written: list[Path] = []
    for index, (kind, level) in enumerate(_worksheet_sets()):
        pages = [page for part in drawn[index * per_set : (index + 1) * per_set] for page in part]
        paths = write_worksheets(
            folder,
            pages,
            kind=kind,
            students=options.students,
            seed=options.seed,
            paper=options.paper,
            level=level,
        )
        pack.say(f"      worksheets {kind} ({level}): {len(paths)} PDF files")
        written += paths
    pack.sections["worksheets"] = (
        "<h2>Worksheets and answer keys</h2>\n<p>One column per kind of worksheet, in the "
        "order of the lessons; one row per student.\nEach student gets a different "
        "worksheet of each kind: print the sheets for the class\n(the <b>Print</b> row has "
        "every sheet of a kind in one file) and keep the answer keys\nfor yourself. Each "
        "kind comes at three levels: <b>support</b> (fewer cards, worked examples and "
        "sentence frames), <b>core</b> and <b>extension</b> (one more question that goes "
        "further); student <i>k</i> has the same seed at every level.</p>\n"
        + _worksheet_table(written, pack.root, seed=options.seed)
    )
    pack.made["worksheets"] = written
    for path in pack.options.lessons:
        meta = lesson_meta(path)
        if meta is None or meta.worksheet is None:
            continue
        for level in LEVELS:
            kind_folder = sheet_folder(meta.worksheet, level)
            sheets = folder / kind_folder / "all-students.pdf"
            if sheets.exists():
                pack.paper(
                    meta.lesson,
                    PAPER_COLUMNS[3],
                    f"{html.escape(meta.worksheet.replace('-', ' '))} ({level}): "
                    + html_link(f"worksheets/{kind_folder}/all-students.pdf", "all sheets")
                    + " · "
                    + html_link(f"worksheets/{kind_folder}/all-keys.pdf", "all keys"),
                )
    pack.manifest["worksheets"] = {
        "worksheets": [path.relative_to(pack.root).as_posix() for path in written]
    }


def _worksheet_table(worksheets: Sequence[Path], root: Path, *, seed: int) -> str:
    esc = html.escape
    by_kind: dict[str, list[Path]] = {}  # in the order written: the lessons' order
    for path in worksheets:
        by_kind.setdefault(path.parent.name, []).append(path)

    def link(path: Path | None, label: str) -> str:
        return "" if path is None else html_link(path.relative_to(root).as_posix(), label)

    files: dict[str, dict[str, Path]] = {}
    for kind, paths in by_kind.items():
        for path in paths:
            match = _STUDENT_FILE.fullmatch(path.name)
            role = f"{int(match.group(1))}{match.group(2) or ''}" if match else path.name
            files.setdefault(kind, {})[role] = path
    numbers = sorted({int(role) for roles in files.values() for role in roles if role.isdigit()})
    head = "".join(f"<th>{esc(kind.replace('-', ' ').capitalize())}</th>" for kind in by_kind)
    print_row = "".join(
        f"<td>{link(files[kind].get('all-students.pdf'), 'all sheets')} · "
        f"{link(files[kind].get('all-keys.pdf'), 'all keys')}</td>"
        for kind in by_kind
    )
    rows = [f'<tr class="print"><th>Print</th><td></td>{print_row}</tr>']
    for k in numbers:
        cells = "".join(
            f"<td>{link(files[kind].get(str(k)), 'sheet')} · "
            f"{link(files[kind].get(f'{k}-key'), 'key')}</td>"
            for kind in by_kind
        )
        rows.append(f"<tr><td>{k}</td><td>{seed + k - 1}</td>{cells}</tr>")
    return (
        '<div class="wide"><table><thead><tr><th>Student</th><th>Seed</th>'
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


# the score sheet, the guide, the app


def _write_score_sheet(pack: Pack, _results: list[Any]) -> None:
    from .worksheets import write_score_sheet

    (pack.root / "worksheets").mkdir(exist_ok=True)
    path = write_score_sheet(
        pack.root / "worksheets" / "score-sheet.pdf",
        players=SCORE_SHEET_PLAYERS,
        paper=pack.options.paper,
    )
    relative = path.relative_to(pack.root).as_posix()
    # the files the class's results are typed into (the guide's "Collecting class data")
    scores = write_template(pack.root / "worksheets" / "score-sheet.csv", CSV_TEMPLATE_PLAYERS)
    draws = write_text_file(
        pack.root / "worksheets" / "class-draws.csv",
        ",".join(CLASS_RESULT_COLUMNS) + "\r\n",
        encoding="utf-8",
    )
    scores_link, draws_link = (f.relative_to(pack.root).as_posix() for f in (scores, draws))
    pack.sections["score sheet"] = (
        "<h3>Score sheet (Lesson 7)</h3><p>Print: "
        f'<a href="{html.escape(relative)}">a blank score sheet</a>'
        f" for one game (8 hands, up to {SCORE_SHEET_PLAYERS} players), one per table.</p>"
        "<p>Type the class's results into a copy of these spreadsheet files (CSV): "
        f'<a href="{html.escape(scores_link)}">the scores</a> (one game of '
        f"{CSV_TEMPLATE_PLAYERS} players, rows in bidding order) and "
        f'<a href="{html.escape(draws_link)}">the cards drawn</a> (Lessons 1, 3 and 5). '
        "The teacher guide's <i>Collecting class data</i> says how.</p>"
    )
    pack.manifest["score sheet"] = {
        "score sheet": relative,
        "scores template": scores_link,
        "draws template": draws_link,
    }
    for notebook in pack.options.lessons:
        meta = lesson_meta(notebook)
        if meta is not None and meta.worksheet == SCORE_SHEET:
            pack.paper(meta.lesson, PAPER_COLUMNS[3], html_link(relative, "the score sheet"))


def _write_guide(pack: Pack, _results: list[Any]) -> None:
    (pack.root / GUIDE_FOLDER).mkdir()
    for document in DOCUMENTS:
        page = pack.root / GUIDE_FOLDER / page_name(document)
        page.write_text(document_page(document), "utf-8")
    items = "\n".join(
        f'<li><a href="{GUIDE_FOLDER}/{html.escape(page_name(document))}">'
        f"{html.escape(document_title(document))}</a></li>"
        for document in DOCUMENTS
    )
    pack.sections["guide"] = f"""<h2>For the teacher</h2>
<p>Start with the teacher guide: the unit at a glance, the answers to every self-check
and "Talk about it", and how to collect the class's results. Each lesson's timing is
in its lesson plan.</p>
<ul>
{items}
</ul>"""
    pack.manifest["guide"] = {
        "guide": [f"{GUIDE_FOLDER}/{page_name(document)}" for document in DOCUMENTS]
    }


def _write_app(pack: Pack, _results: list[Any]) -> None:
    address = html.escape(url_for(LOCALHOST, DEFAULT_PORT))
    pack.sections["app"] = f"""<h2>The student app</h2>
<p>Students can also play and explore with no code. On the computer where xactika-edu
is installed, open a terminal in the toolkit's folder, turn on its environment if you
installed it as the README shows (<code>. .venv/bin/activate</code>; on Windows
<code>.venv\\Scripts\\activate</code>) and type <code>xactika-edu app</code>. It opens the app
in the browser at <code>{address}</code> and runs until you press Ctrl-C in the
terminal. The teacher guide ("Running the student app") says how to open it to other
computers on the school network.</p>"""


#: The parts of the class pack, in the order of the index. To add one: one more
#: :class:`Step` here.
STEPS: tuple[Step, ...] = (
    Step("guide", _write_guide),
    Step("lessons", _write_lessons, _lesson_jobs),
    Step("plans", teacherpack.write_plans, teacherpack.plan_jobs),
    Step("app", _write_app),
    Step("worksheets", _write_worksheets, _worksheet_jobs),
    Step("exit tickets", teacherpack.write_tickets, teacherpack.ticket_jobs),
    Step("score sheet", _write_score_sheet),
    Step("rules card", teacherpack.write_rules_card_page, teacherpack.rules_card_jobs),
)


def check_lesson_papers(notebooks: Sequence[Path | str]) -> None:
    """Check that each lesson's ``worksheet`` metadata names a worksheet kind or the
    score sheet, before the slow steps.

    Raises:
        XactikaError: naming the lesson and the unknown paper.
    """
    from .worksheets import KINDS

    for notebook in notebooks:
        meta = lesson_meta(notebook)
        if meta is not None and meta.worksheet not in (None, SCORE_SHEET, *KINDS):
            raise XactikaError(
                f"lesson {meta.lesson}: worksheet {meta.worksheet!r} is not a worksheet kind; "
                f"use one of {', '.join(KINDS)} or {SCORE_SHEET!r}"
            )


#: The order of the index's sections (the steps run in :data:`STEPS` order, the
#: lessons first, since they take longest); the table of each lesson's papers
#: comes first of all, and the big worksheet table last.
INDEX_ORDER = (
    "guide",
    "lessons",
    "plans",
    "exit tickets",
    "rules card",
    "score sheet",
    "app",
    "worksheets",
)


def _papers_table(pack: Pack) -> str:
    """The index's first table: one row per lesson with its page, plan, exit tickets
    and worksheets (or paper), so tomorrow's lesson is all in one row."""
    if not pack.papers:
        return ""
    head = "".join(f"<th>{html.escape(column)}</th>" for column in PAPER_COLUMNS)
    rows = "".join(
        "<tr>" + "".join(f"<td>{row.get(column, '')}</td>" for column in PAPER_COLUMNS) + "</tr>"
        for row in pack.papers.values()
    )
    return (
        "<h2>Each lesson's papers</h2>\n<p>Everything for one lesson in one row: the page "
        "to project, the plan, the exit tickets with their key, and the worksheets that go "
        "with it (all the students' sheets in one file to print, and all the keys), at "
        "each level. Each part also has its own section below.</p>\n"
        f'<div class="wide"><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody>'
        "</table></div>"
    )


def _index_html(pack: Pack, steps: Sequence[Step]) -> str:
    options = pack.options
    today = _dt.date.today().isoformat()
    names = [step.name for step in steps]
    order = [name for name in INDEX_ORDER if name in names] + [
        name for name in names if name not in INDEX_ORDER
    ]
    parts = [_papers_table(pack)] + [pack.sections[n] for n in order if n in pack.sections]
    sections = "\n".join(part for part in parts if part)
    if options.seed == 1:
        seeds = "student <i>k</i> has seed <i>k</i>"
    else:
        seeds = f"student <i>k</i> has seed {options.seed} + <i>k</i> - 1"
    body = f"""<h1>Xactika class pack</h1>
<p class="note">Made by xactika-edu {html.escape(__version__)} on {today}.
{plural(options.students, "student")}, first seed {options.seed}: {seeds}, so the same
command makes the same worksheets again.</p>
{sections}"""
    return html_page("Xactika class pack", body)


def build_class_pack(
    out: Path | str,
    *,
    force: bool = False,
    students: int = 30,
    seed: int = 1,
    paper: str = "letter",
    progress: Progress | None = print,
    jobs: int | None = None,
    steps: Sequence[Step] | None = None,
    timings: list[JobTiming] | None = None,
) -> Path:
    """Run and render every lesson, export every worksheet with its key, write an index.

    Everything is written to a staging folder first and moved to ``out`` at the end,
    so an error leaves no half-written pack. The lessons and the worksheets are made
    side by side, ``jobs`` at a time; the pack is the same for any ``jobs``.

    Args:
        out: the folder to create (missing or empty, unless ``force``).
        force: replace the earlier class pack in ``out``, if nothing in it was
            changed or added (see :func:`~xactika_edu.base.files.check_output_directory`).
        students: worksheet variants per kind, 1 to 200.
        seed: seed of student 1 (student k gets seed + k - 1).
        paper: ``"letter"`` or ``"a4"``.
        progress: called with one line per finished job (``None`` for silence).
        jobs: how many jobs run at once, in worker processes: None for one per core
            (:func:`~xactika_edu.outputs.parallel.cores`); 1 for one after another
            in this process.
        steps: the parts to make; None for :data:`STEPS`.
        timings: if given, each job's :class:`~xactika_edu.outputs.parallel.JobTiming`
            is added to it, and one for each step's writing (its job's label ends in
            ": written"), times counted from the start of the jobs
            (benchmarks/bench_classpack.py).

    Returns:
        the path of the pack's ``index.html``.

    Raises:
        XactikaError: if ``out`` is not empty (without ``force``), an argument is out
            of range, or a lesson fails (:class:`LessonError`).
    """
    from .worksheets import MAX_STUDENTS
    from .worksheets.page import check_paper
    from .worksheets.sheet import MAX_SEED, check_run_seeds

    say = progress or (lambda _line: None)
    # Check every argument before the slow steps, so a typo fails at once.
    students = check_whole(students, "students", 1, MAX_STUDENTS)
    seed = check_whole(seed, "seed", 0, MAX_SEED)
    check_run_seeds(seed, students)
    paper = check_paper(paper)
    if jobs is not None:
        jobs = check_whole(jobs, "jobs", 1, 256)
    check_output_directory(out, force=force, command="class-pack")
    check_lesson_papers(lesson_notebooks())
    steps = STEPS if steps is None else tuple(steps)
    lessons = tuple(lesson_notebooks())
    target = Path(out)
    with atomic_directory(target, force=force, command="class-pack") as staging:
        options = PackOptions(students, seed, paper, lessons, staging)
        work: list[Job] = []
        owners: list[Step] = []
        for step in steps:
            for job in step.jobs(options):
                work.append(dataclasses.replace(job, step=step.name))
                owners.append(step)
        say(
            f"Making the class pack: {plural(len(lessons), 'lesson')} on fresh kernels, then "
            f"the worksheets; {plural(len(work), 'job')} in all, side by side ..."
        )
        finished = 0

        def done(timing: JobTiming, result: Any) -> None:
            nonlocal finished
            finished += 1
            say(f"[{finished}/{len(work)}] {timing.job.label}: done in {timing.wall:.1f} s")
            for warning in getattr(result, "warnings", ()):
                say(f"      warning from {timing.job.label} {warning}")
            if timings is not None:
                timings.append(timing)

        began = time.time()
        results = run_jobs(work, workers=jobs, done=done)
        pack = Pack(staging, options, say)
        for step in steps:
            start, cpu = time.time(), cpu_seconds()
            step.write(pack, [r for r, owner in zip(results, owners, strict=True) if owner is step])
            if timings is not None:
                writing = Job(f"{step.name}: written", step.write, step=step.name)
                timings.append(
                    JobTiming(writing, start - began, time.time() - began, cpu_seconds() - cpu)
                )
        (staging / "index.html").write_text(_index_html(pack, steps), "utf-8")
        manifest: dict[str, Any] = {
            "version": __version__,
            "students": students,
            "seed": seed,
            "paper": paper,
        }
        for step in steps:
            manifest.update(pack.manifest.get(step.name, {}))
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=2), "utf-8")
        say("index.html written")
    return target / "index.html"
