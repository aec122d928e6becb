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
worksheets and answer keys come from :mod:`xactika_edu.outputs.worksheets`
(:mod:`~xactika_edu.outputs.packsheets` writes them into the pack).

The pack is made in each of its ``languages`` (English and Spanish by default): the
first language's pack in the folder itself, each other one in a folder named by its
code (``es/index.html``, ``es/lessons/...``), with the same files and links; every
index links to the others (a language switch). Each language's jobs and writing run
in that language (:func:`~xactika_edu.base.language.use_language`); a Spanish lesson
is the lesson translated and run in Spanish, and its notebook (``es/notebooks/``) is
in the pack for Jupyter. The teacher guide (English) and the bilingual glossary are
written once, in the pack's folder, and linked from every index.

To add a part to the pack, write its :class:`Step` (its jobs, if any, and what it
writes) and put it in :data:`STEPS`, where its index section should appear.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import html
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..base.checks import check_whole
from ..base.errors import LessonError, XactikaError
from ..base.files import atomic_directory, check_output_directory
from ..base.formatting import plural
from ..base.language import LANGUAGE_NAMES, LANGUAGES, N_, check_language, ngettext, use_language
from ..base.language import gettext as _
from ..base.version import __version__
from ..teaching.lessonmeta import lesson_meta, lesson_notebooks
from ..ui.app import DEFAULT_PORT, LOCALHOST, url_for
from . import packsheets, teacherpack
from .docpages import (
    DOCUMENTS,
    document_page,
    document_title,
    glossary_page,
    html_link,
    html_page,
    language_switch,
    page_name,
)
from .lessonpages import (
    APP_CAPTION,
    HIDE_INPUT_TAG,
    SHOW_CODE_TAG,
    RenderedLesson,
    render_lesson,
)
from .packsheets import SCORE_SHEET, SCORE_SHEET_PLAYERS, WORKSHEETS_COLUMN
from .parallel import Job, JobTiming, cpu_seconds, run_jobs

__all__ = [
    "APP_CAPTION",
    "HIDE_INPUT_TAG",
    "SCORE_SHEET",
    "SCORE_SHEET_PLAYERS",
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

Progress = Callable[[str], None]

#: The pack's folder for the teacher's documents as pages (guide/teacher-guide.html).
GUIDE_FOLDER = "guide"
#: The bilingual glossary's page, in the pack's folder.
GLOSSARY_PAGE = "glossary.html"
#: Each translated lesson's notebook, to open in Jupyter (es/notebooks/02_pie_charts.ipynb).
NOTEBOOKS_FOLDER = "notebooks"


# --- the steps ----------------------------------------------------------------------


@dataclass(frozen=True)
class PackOptions:
    """What the teacher asked for: worksheet variants per kind (``students``), the
    first student's ``seed`` and the ``paper`` size; the ``lessons`` to render; and the
    pack's staging folder ``workdir``, where jobs may keep files while they run (a
    lesson's kernel does); the ``language`` of this part of the pack, and ``top``, the
    way from its folder up to the pack's folder (``""`` or ``"../"``)."""

    students: int
    seed: int
    paper: str
    lessons: tuple[Path, ...]
    workdir: Path
    language: str = LANGUAGES[0]
    top: str = ""


@dataclass
class Pack:
    """One language's part of the pack being made, in its folder ``root`` (in the
    staging folder ``top``): each step adds its files (under ``root``), its ``sections``
    of ``index.html`` (HTML) and its entries of ``manifest.json``, keyed by the step's
    name; ``say`` reports a line; ``switch`` links this language's index to the others'
    (language code -> address)."""

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
    top: Path | None = None
    switch: dict[str, str] = field(default_factory=dict)

    @property
    def folder(self) -> Path:
        """The pack's own folder (the staging folder): where the shared pages go."""
        return self.root if self.top is None else self.top

    def paper(self, lesson: str, column: str, links: str) -> None:
        """Add ``links`` (HTML) to ``lesson``'s row of the index's first table."""
        row = self.papers.setdefault(lesson, {})
        row[column] = f"{row[column]}<br>{links}" if column in row else links


#: The columns of the index's table of each lesson's papers, in order (translated where
#: shown).
PAPER_COLUMNS = (N_("Lesson"), N_("Plan"), N_("Exit tickets"), WORKSHEETS_COLUMN)


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
    settings = {"workdir": options.workdir, "language": options.language}
    return [
        Job(f"lesson {path.stem}", render_lesson, (path,), settings, 10.0)
        for path in options.lessons
    ]


def _write_lessons(pack: Pack, lessons: list[RenderedLesson]) -> None:
    (pack.root / "lessons").mkdir()
    items = []
    for lesson in lessons:
        (pack.root / "lessons" / f"{lesson.name}.html").write_text(lesson.html, "utf-8")
        item = html_link(f"lessons/{lesson.name}.html", lesson.title)
        if lesson.notebook:
            notebook = f"{NOTEBOOKS_FOLDER}/{lesson.name}.ipynb"
            (pack.root / NOTEBOOKS_FOLDER).mkdir(exist_ok=True)
            (pack.root / notebook).write_text(lesson.notebook, "utf-8")
            item += " · " + html_link(notebook, _("the notebook, for Jupyter"))
        items.append(f"<li>{item}</li>")
    intro = _("Open a lesson to project it or to read it on a laptop.")
    pack.sections["lessons"] = (
        f"<h2>{html.escape(_('Lessons'))}</h2>\n<p>{html.escape(intro)}</p>\n"
        "<ul>\n" + "\n".join(items) + "\n</ul>"
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
            | ({"warnings": list(lesson.warnings)} if lesson.notebook else {})
            for lesson in lessons
        ]
    }


# the guide, the glossary, the app


def _write_guide(pack: Pack, _results: list[Any]) -> None:
    folder = pack.folder / GUIDE_FOLDER
    if not folder.exists():  # once, for every language (the documents are English)
        folder.mkdir()
        for document in DOCUMENTS:
            (folder / page_name(document)).write_text(document_page(document), "utf-8")
    top = pack.options.top
    # the documents are English: a page in another language says so (lang)
    english = "" if pack.options.language == LANGUAGES[0] else f' lang="{LANGUAGES[0]}"'
    items = "\n".join(
        f'<li><a href="{top}{GUIDE_FOLDER}/{html.escape(page_name(document))}"{english}>'
        f"{html.escape(document_title(document))}</a>"
        + (html.escape(_(" (in English)")) if english else "")
        + "</li>"
        for document in DOCUMENTS
    )
    pack.sections["guide"] = _(
        "<h2>For the teacher</h2>\n"
        "<p>Start with the teacher guide: the unit at a glance, the answers to every self-check\n"
        "and \"Talk about it\", and how to collect the class's results. Each lesson's timing is\n"
        "in its lesson plan.</p>\n"
        "<ul>\n{items}\n</ul>"
    ).format(items=items)
    pack.manifest["guide"] = {
        "guide": [f"{top}{GUIDE_FOLDER}/{page_name(document)}" for document in DOCUMENTS]
    }


def _write_glossary(pack: Pack, _results: list[Any]) -> None:
    page = pack.folder / GLOSSARY_PAGE
    if not page.exists():  # once, for every language: the page has both
        page.write_text(glossary_page(), "utf-8")
    link = f"{pack.options.top}{GLOSSARY_PAGE}"
    pack.sections["glossary"] = _(
        '<h3>Glossary</h3><p><a href="{link}">The glossary</a>: the words of the unit in '
        "English and in Spanish, each with its meaning in both languages.</p>"
    ).format(link=html.escape(link))
    pack.manifest["glossary"] = {"glossary": link}


def _write_app(pack: Pack, _results: list[Any]) -> None:
    address = html.escape(url_for(LOCALHOST, DEFAULT_PORT))
    language = pack.options.language
    command = "xactika-edu app" + ("" if language == LANGUAGES[0] else f" --lang {language}")
    pack.sections["app"] = _(
        "<h2>The student app</h2>\n"
        "<p>Students can also play and explore with no code. On the computer where xactika-edu\n"
        "is installed, open a terminal in the toolkit's folder, turn on its environment if you\n"
        "installed it as the README shows (<code>. .venv/bin/activate</code>; on Windows\n"
        "<code>.venv\\Scripts\\activate</code>) and type <code>{command}</code>. It opens the "
        "app\nin the browser at <code>{address}</code> and runs until you press Ctrl-C in the\n"
        'terminal. The teacher guide ("Running the student app") says how to open it to other\n'
        "computers on the school network.</p>"
    ).format(command=command, address=address)


#: The parts of the class pack, in the order of the index. To add one: one more
#: :class:`Step` here.
STEPS: tuple[Step, ...] = (
    Step("guide", _write_guide),
    Step("glossary", _write_glossary),
    Step("lessons", _write_lessons, _lesson_jobs),
    Step("plans", teacherpack.write_plans, teacherpack.plan_jobs),
    Step("app", _write_app),
    Step("worksheets", packsheets.write_worksheets, packsheets.worksheet_jobs),
    Step("exit tickets", teacherpack.write_tickets, teacherpack.ticket_jobs),
    Step("score sheet", packsheets.write_score_sheet),
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
    "glossary",
    "app",
    "worksheets",
)


def _papers_table(pack: Pack) -> str:
    """The index's first table: one row per lesson with its page, plan, exit tickets
    and worksheets (or paper), so tomorrow's lesson is all in one row."""
    if not pack.papers:
        return ""
    head = "".join(f"<th>{html.escape(_(column))}</th>" for column in PAPER_COLUMNS)
    rows = "".join(
        "<tr>" + "".join(f"<td>{row.get(column, '')}</td>" for column in PAPER_COLUMNS) + "</tr>"
        for row in pack.papers.values()
    )
    return _(
        "<h2>Each lesson's papers</h2>\n<p>Everything for one lesson in one row: the page "
        "to project, the plan, the exit tickets with their key, and the worksheets that go "
        "with it (all the students' sheets in one file to print, and all the keys), at "
        "each level. Each part also has its own section below.</p>\n"
    ) + (
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
        seeds = _("student <i>k</i> has seed <i>k</i>")
    else:
        seeds = _("student <i>k</i> has seed {seed} + <i>k</i> - 1").format(seed=options.seed)
    students = ngettext("{count} student", "{count} students", options.students).format(
        count=options.students
    )
    note = _(
        "Made by xactika-edu {version} on {today}.\n{students}, first seed {seed}: "
        "{seeds}, so the same\ncommand makes the same worksheets again."
    ).format(
        version=html.escape(__version__),
        today=today,
        students=students,
        seed=options.seed,
        seeds=seeds,
    )
    switch = language_switch(pack.switch) + "\n" if pack.switch else ""
    title = _("Xactika class pack")
    body = f"""{switch}<h1>{html.escape(title)}</h1>
<p class="note">{note}</p>
{sections}"""
    return html_page(title, body)


def _in_language(code: str, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)`` in language ``code`` (a job, in a worker process)."""
    with use_language(code):
        return function(*args, **kwargs)


def _languages(languages: Sequence[str] | None) -> tuple[str, ...]:
    """The pack's languages, checked, each once, in the order of
    :data:`~xactika_edu.base.language.LANGUAGES`; None for all of them."""
    if languages is None:
        return LANGUAGES
    if isinstance(languages, str):
        languages = [languages]
    chosen = {check_language(code) for code in languages}
    if not chosen:
        raise XactikaError(f"no language for the class pack; use one of {', '.join(LANGUAGES)}")
    return tuple(code for code in LANGUAGES if code in chosen)


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
    languages: Sequence[str] | None = None,
) -> Path:
    """Run and render every lesson, export every worksheet with its key, write an index,
    in each language.

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
            (benchmarks/bench_classpack.py); a step of a language after the first is
            named with its code (``"lessons [es]"``).
        languages: the pack's languages (codes of
            :data:`~xactika_edu.base.language.LANGUAGES`), None for all: the first one
            in ``out``, each other one in ``out/<code>``.

    Returns:
        the path of the pack's ``index.html`` (the first language's).

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
    codes = _languages(languages)
    check_output_directory(out, force=force, command="class-pack")
    check_lesson_papers(lesson_notebooks())
    steps = STEPS if steps is None else tuple(steps)
    lessons = tuple(lesson_notebooks())
    target = Path(out)
    first = codes[0]
    with atomic_directory(target, force=force, command="class-pack") as staging:
        options = {
            code: PackOptions(
                students, seed, paper, lessons, staging, code, "" if code == first else "../"
            )
            for code in codes
        }
        work: list[Job] = []
        owners: list[tuple[str, Step]] = []
        for code in codes:
            for step in steps:
                for job in step.jobs(options[code]):
                    tag = "" if code == first else f" [{code}]"
                    work.append(
                        dataclasses.replace(
                            job,
                            label=job.label + tag,
                            function=_in_language,
                            args=(code, job.function, *job.args),
                            step=step.name + tag,
                        )
                    )
                    owners.append((code, step))
        languages_said = ", ".join(LANGUAGE_NAMES[code] for code in codes)
        say(
            f"Making the class pack ({languages_said}): "
            f"{plural(len(lessons) * len(codes), 'lesson')} on fresh kernels, then "
            f"the worksheets; {plural(len(work), 'job')} in all, side by side ..."
        )
        finished = 0
        untranslated = 0

        def done(timing: JobTiming, result: Any) -> None:
            nonlocal finished, untranslated
            finished += 1
            say(f"[{finished}/{len(work)}] {timing.job.label}: done in {timing.wall:.1f} s")
            for warning in getattr(result, "warnings", ()):
                say(f"      warning from {timing.job.label} {warning}")
                untranslated += "no translation yet" in warning
            if timings is not None:
                timings.append(timing)

        began = time.time()
        results = run_jobs(work, workers=jobs, done=done)
        manifest: dict[str, Any] = {
            "version": __version__,
            "students": students,
            "seed": seed,
            "paper": paper,
            "languages": list(codes),
        }
        folders = {code: staging if code == first else staging / code for code in codes}
        for code in codes:
            folders[code].mkdir(exist_ok=True)
            pack = Pack(folders[code], options[code], say, top=staging)
            pack.switch = {
                other: f"{options[code].top}{'' if other == first else other + '/'}index.html"
                for other in codes
                if other != code
            }
            with use_language(code):
                for step in steps:
                    start, cpu = time.time(), cpu_seconds()
                    mine = [
                        r for r, owner in zip(results, owners, strict=True) if owner == (code, step)
                    ]
                    step.write(pack, mine)
                    if timings is not None:
                        tag = "" if code == first else f" [{code}]"
                        writing = Job(
                            f"{step.name}{tag}: written", step.write, step=step.name + tag
                        )
                        timings.append(
                            JobTiming(
                                writing, start - began, time.time() - began, cpu_seconds() - cpu
                            )
                        )
                (folders[code] / "index.html").write_text(_index_html(pack, steps), "utf-8")
            entries: dict[str, Any] = {}
            for step in steps:
                entries.update(pack.manifest.get(step.name, {}))
            if code == first:
                manifest.update(entries)
            else:
                manifest[code] = entries
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=2), "utf-8")
        say("index.html written" + ("" if len(codes) == 1 else f" ({len(codes)} languages)"))
        if untranslated:
            say(
                f"warning: {plural(untranslated, 'markdown cell')} of the lessons had no "
                "translation yet and are shown in English (manifest.json lists them)"
            )
    return target / "index.html"
