"""The class pack: every lesson run and rendered, every worksheet printed, one index.

``xactika-edu class-pack --out DIR`` calls :func:`build_class_pack`. Lessons are
executed top to bottom on a fresh kernel (nbclient) and rendered to self-contained
HTML (nbconvert); a lesson that raises an error stops the build and nothing is
written. Worksheets and answer keys come from :mod:`xactika_edu.outputs.worksheets`.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import html
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base.checks import check_whole
from ..base.errors import LessonError, XactikaError
from ..base.files import atomic_directory, check_output_directory
from ..base.formatting import plural
from ..base.version import __version__
from ..ui.app import DEFAULT_PORT, LOCALHOST, url_for
from .docpages import DOCUMENTS, document_page, document_title, html_page, page_name

if TYPE_CHECKING:
    from nbformat import NotebookNode

__all__ = ["LessonError", "build_class_pack", "lesson_notebooks", "render_lesson"]

#: Cells tagged like this show only their output in the rendered lesson.
HIDE_INPUT_TAG = "hide-input"
_LESSON_GLOB = "[0-9][0-9]_*.ipynb"
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_STUDENT_FILE = re.compile(r"student-(\d+)(-key)?\.pdf")

Progress = Callable[[str], None]

#: Player columns on the class pack's blank score sheet (worksheets/score-sheet.pdf).
SCORE_SHEET_PLAYERS = 6
#: The pack's folder for the teacher's documents as pages (guide/teacher-guide.html).
GUIDE_FOLDER = "guide"


def lesson_notebooks() -> list[Path]:
    """The lesson notebooks, in lesson order (``01_...``, ``02_...``).

    Looks in the installed package (``xactika_edu/lessons``, where a normal install
    puts them) and then in the source checkout's ``notebooks/`` folder.

    Raises:
        XactikaError: if no lesson notebooks are found.
    """
    here = Path(__file__).resolve().parents[1]
    for folder in (here / "lessons", here.parent / "notebooks"):
        found = sorted(folder.glob(_LESSON_GLOB))
        if found:
            return found
    raise XactikaError(
        f"no lesson notebooks found in {str(here / 'lessons')!r} or "
        f"{str(here.parent / 'notebooks')!r}; reinstall the package"
    )


@dataclass(frozen=True)
class RenderedLesson:
    """A lesson run and rendered: its title, HTML, seconds taken and any warnings."""

    name: str
    title: str
    html: str
    seconds: float
    warnings: tuple[str, ...]


def _title(notebook: NotebookNode, fallback: str) -> str:
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_WIDGET_REPR = re.compile(r"^[A-Z]\w*\(")


def _static_widget(output: Any) -> bool:
    """Make a widget output static (in place); False if nothing static is left to show.

    A live widget cannot work in a rendered page. The library's widgets carry an HTML
    picture of themselves next to the widget view: that is kept. A bare widget
    (``IntSlider(value=3)`` as text) is dropped; a progress bar keeps its text.
    """
    data = output.get("data")
    if not data or _WIDGET_VIEW not in data:
        return True
    del data[_WIDGET_VIEW]
    if "text/html" in data:
        return True
    return not _WIDGET_REPR.match(data.get("text/plain", ""))


_IMAGE = re.compile(r"<img\b[^>]*>")
_SVG_DATA = re.compile(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')
_ALT = re.compile(r'\balt="[^"]*"')
_ARIA_LABEL = re.compile(r'aria-label="([^"]*)"')


def _describe_pictures(page: str) -> str:
    """Give each card picture its own description as alt text (its SVG's aria-label).

    nbconvert embeds SVG outputs as images, which drops their labels, and gives every
    image without alt text the same placeholder description.
    """
    import base64

    def described(match: re.Match[str]) -> str:
        tag = match.group(0)
        data = _SVG_DATA.search(tag)
        if data is None:
            return tag
        svg = base64.b64decode(data.group(1)).decode("utf-8", "replace")
        label = _ARIA_LABEL.search(svg)
        if label is None:
            return tag
        alt = f'alt="{label.group(1)}"'  # already escaped inside the SVG
        return _ALT.sub(alt, tag) if _ALT.search(tag) else tag.replace("<img", f"<img {alt}", 1)

    return _IMAGE.sub(described, page)


#: Run first, in a cell left out of the page: every figure shown gets its description
#: (xactika_edu.teaching.alt_text) in the output's metadata, which the page uses as alt text.
_DESCRIBE_FIGURES = (
    "from xactika_edu.teaching.alt_text import describe_shown_figures\ndescribe_shown_figures()"
)

#: The lesson page: nbconvert's "lab" page with each figure's description as its alt
#: text, and without the scripts nbconvert fetches from a CDN (cdnjs): require.js (for
#: live widgets and JavaScript outputs, which the static pages leave out), MathJax (the
#: lessons write math in plain text and Unicode, no TeX; test_classpack checks) and
#: mermaid (no diagrams). A class pack works offline and sends nothing to another host.
_PAGE_TEMPLATE = """{%- extends 'index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block data_png scoped -%}
{%- set alt = output | get_metadata('alt', 'image/png') -%}
{%- if alt -%}
{{ super() | replace('<img ', '<img alt="' ~ (alt | escape_html) ~ '" ', 1) }}
{%- else -%}
{{ super() }}
{%- endif -%}
{%- endblock data_png -%}
"""


@contextlib.contextmanager
def _lesson_folder(workdir: Path | str | None) -> Iterator[Path]:
    """A new empty folder for one lesson's kernel, removed afterwards: inside
    ``workdir`` if given (the class pack's staging folder, so a killed run leaves
    nothing anywhere else), else in the system's temporary folder."""
    if workdir is None:
        with tempfile.TemporaryDirectory(prefix="xactika-lesson-") as temporary:
            yield Path(temporary)
        return
    folder = Path(tempfile.mkdtemp(prefix=".lesson-", dir=workdir))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def render_lesson(
    path: Path | str, *, timeout: int = 600, workdir: Path | str | None = None
) -> RenderedLesson:
    """Run one lesson notebook on a fresh kernel and render it to HTML.

    Cells tagged ``hide-input`` show only their output. Text written to stderr
    (warnings) is left out of the page and returned in ``warnings``. Every figure
    gets its description (:func:`xactika_edu.teaching.alt_text.describe_figure`) as alt text,
    and the page loads nothing from another host.

    The kernel runs in a new folder, which is also its temporary folder (``TMPDIR``)
    and holds its connection file, and which is removed afterwards.

    Args:
        path: the ``.ipynb`` file.
        timeout: seconds one cell may take.
        workdir: an existing folder to make the kernel's folder in; ``None`` for the
            system's temporary folder.

    Raises:
        LessonError: if a cell raises an error or the kernel times out; the message
            names the lesson and the cell.
    """
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError
    from nbconvert import HTMLExporter
    from traitlets.config import Config

    path = Path(path)
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(_DESCRIBE_FIGURES))
    started = time.perf_counter()
    with _lesson_folder(workdir) as folder:
        kernel_config = Config()
        kernel_config.KernelManager.connection_file = str(folder / "kernel.json")
        client = NotebookClient(
            notebook,
            timeout=timeout,
            kernel_name="python3",
            resources={"metadata": {"path": str(folder)}},
            config=kernel_config,
        )
        kernel_log = folder / "kernel.log"
        environment = {**os.environ, "TMPDIR": str(folder), "TEMP": str(folder), "TMP": str(folder)}
        try:
            # The kernel process's own log (start-up notices) goes to a file, not to
            # the teacher's terminal; it is shown only if the kernel dies.
            with kernel_log.open("w", encoding="utf-8") as log:
                client.execute(stderr=log, env=environment)
        except BaseException as error:
            # While it runs, nbclient answers Ctrl-C (SIGINT) itself by shutting the
            # kernel down (it then sets this attribute); the kernel may also get the
            # Ctrl-C and stop the cell. Either way it is a stop, not a broken lesson.
            cleanup = getattr(client, "_async_cleanup_kernel_future", None)
            if cleanup is not None and cleanup.done() and not cleanup.cancelled():
                cleanup.exception()  # seen: keeps asyncio from logging it at exit
            if cleanup is not None or (
                isinstance(error, CellExecutionError) and error.ename == "KeyboardInterrupt"
            ):
                raise KeyboardInterrupt from None
            if isinstance(error, CellExecutionError):
                raise LessonError(
                    f"lesson {path.name!r} failed: {error.ename}: {_ANSI.sub('', error.evalue)}"
                ) from None
            if isinstance(error, CellTimeoutError):
                raise LessonError(
                    f"lesson {path.name!r} took longer than {timeout} s in one cell"
                ) from None
            if isinstance(error, DeadKernelError):
                log_tail = kernel_log.read_text(encoding="utf-8").strip().splitlines()[-3:]
                raise LessonError(
                    f"lesson {path.name!r}: the kernel died ({error}); {' | '.join(log_tail)}"
                ) from None
            raise
    seconds = time.perf_counter() - started
    notebook.cells.pop(0)  # the hidden first cell (_DESCRIBE_FIGURES)

    warnings: list[str] = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        kept = []
        for output in cell.outputs:
            if output.output_type == "error":
                raise LessonError(
                    f"lesson {path.name!r}, cell {index}: {output.ename}: {output.evalue}"
                )
            if output.output_type == "stream" and output.name == "stderr":
                warnings.append(f"cell {index}: {output.text.strip()}")
                continue
            if _static_widget(output):
                kept.append(output)
        cell.outputs = kept
    # Without the widget state nbconvert loads no widget script from the internet:
    # the page works offline, and each widget shows its static picture instead.
    notebook.metadata.pop("widgets", None)

    config = Config()
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_input_tags = {HIDE_INPUT_TAG}
    config.TagRemovePreprocessor.remove_cell_tags = {"remove-cell"}
    # One printed block per cell, however the kernel happened to split the text.
    config.CoalesceStreamsPreprocessor.enabled = True
    config.TemplateExporter.exclude_input_prompt = True
    config.TemplateExporter.exclude_output_prompt = True
    exporter = HTMLExporter(config=config, template_name="lab", raw_template=_PAGE_TEMPLATE)
    title = _title(notebook, path.stem)
    body, _ = exporter.from_notebook_node(notebook, resources={"metadata": {"name": title}})
    return RenderedLesson(
        name=path.stem,
        title=title,
        html=_describe_pictures(body),
        seconds=seconds,
        warnings=tuple(warnings),
    )


def _index_html(
    lessons: Sequence[RenderedLesson],
    worksheets: Sequence[Path],
    root: Path,
    *,
    students: int,
    seed: int,
    score_sheet: Path | None = None,
) -> str:
    esc = html.escape
    lesson_items = "\n".join(
        f'<li><a href="lessons/{esc(lesson.name)}.html">{esc(lesson.title)}</a></li>'
        for lesson in lessons
    )
    by_kind: dict[str, list[Path]] = {}  # in the order written: the lessons' order
    for path in worksheets:
        by_kind.setdefault(path.parent.name, []).append(path)

    def link(path: Path | None, label: str) -> str:
        if path is None:
            return ""
        return f'<a href="{esc(path.relative_to(root).as_posix())}">{label}</a>'

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
    sections = [
        '<div class="wide"><table><thead><tr><th>Student</th><th>Seed</th>'
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    ]
    if score_sheet is not None:
        sections.append(
            "<h3>Score sheet (Lesson 7)</h3><p>Print: "
            f'<a href="{esc(score_sheet.relative_to(root).as_posix())}">a blank score sheet</a>'
            f" for one game (8 hands, up to {SCORE_SHEET_PLAYERS} players), one per table.</p>"
        )
    today = _dt.date.today().isoformat()
    guide_items = "\n".join(
        f'<li><a href="{GUIDE_FOLDER}/{esc(page_name(document))}">'
        f"{esc(document_title(document))}</a></li>"
        for document in DOCUMENTS
    )
    app_address = url_for(LOCALHOST, DEFAULT_PORT)
    body = f"""<h1>Xactika class pack</h1>
<p class="note">Made by xactika-edu {esc(__version__)} on {today}.
{plural(students, "student")}, first seed {seed}: student <i>k</i> has
seed {seed} + <i>k</i> - 1, so the same command makes the same worksheets again.</p>
<h2>For the teacher</h2>
<p>Start with the teacher guide: the unit plan, the pacing of each lesson, the answers to
every self-check and "Talk about it", and how to collect the class's scores.</p>
<ul>
{guide_items}
</ul>
<h2>Lessons</h2>
<p>Open a lesson to project it or to read it on a laptop.</p>
<ol>
{lesson_items}
</ol>
<h2>The student app</h2>
<p>Students can also play and explore with no code. On the computer where xactika-edu
is installed, open a terminal in the toolkit's folder, turn on its environment if you
installed it as the README shows (<code>. .venv/bin/activate</code>; on Windows
<code>.venv\\Scripts\\activate</code>) and type <code>xactika-edu app</code>. It opens the app
in the browser at <code>{esc(app_address)}</code> and runs until you press Ctrl-C in the
terminal. The teacher guide ("Running the student app") says how to open it to other
computers on the school network.</p>
<h2>Worksheets and answer keys</h2>
<p>One column per kind of worksheet, in the order of the lessons; one row per student.
Each student gets a different worksheet of each kind: print the sheets for the class
(the <b>Print</b> row has every sheet of a kind in one file) and keep the answer keys
for yourself.</p>
{"".join(sections)}"""
    return html_page("Xactika class pack", body)


def build_class_pack(
    out: Path | str,
    *,
    force: bool = False,
    students: int = 30,
    seed: int = 1,
    paper: str = "letter",
    progress: Progress | None = print,
) -> Path:
    """Run and render every lesson, export every worksheet with its key, write an index.

    Everything is written to a staging folder first and moved to ``out`` at the end,
    so an error leaves no half-written pack.

    Args:
        out: the folder to create (missing or empty, unless ``force``).
        force: replace the earlier class pack in ``out``, if nothing in it was
            changed or added (see :func:`~xactika_edu.base.files.check_output_directory`).
        students: worksheet variants per kind, 1 to 200.
        seed: seed of student 1 (student k gets seed + k - 1).
        paper: ``"letter"`` or ``"a4"``.
        progress: called with one line per step (``None`` for silence).

    Returns:
        the path of the pack's ``index.html``.

    Raises:
        XactikaError: if ``out`` is not empty (without ``force``), an argument is out
            of range, or a lesson fails (:class:`LessonError`).
    """
    from .worksheets import KINDS, MAX_STUDENTS, export_worksheets, write_score_sheet
    from .worksheets.page import check_paper
    from .worksheets.sheet import MAX_SEED, check_run_seeds

    say = progress or (lambda _line: None)
    # Check every argument before the slow steps, so a typo fails at once.
    students = check_whole(students, "students", 1, MAX_STUDENTS)
    seed = check_whole(seed, "seed", 0, MAX_SEED)
    check_run_seeds(seed, students)
    paper = check_paper(paper)
    check_output_directory(out, force=force, command="class-pack")
    notebooks = lesson_notebooks()
    steps = len(notebooks) + len(KINDS) + 1
    target = Path(out)
    with atomic_directory(target, force=force, command="class-pack") as staging:
        (staging / "lessons").mkdir()
        lessons = []
        for step, notebook in enumerate(notebooks, start=1):
            say(f"[{step}/{steps}] lesson {notebook.stem}: running on a fresh kernel ...")
            lesson = render_lesson(notebook, workdir=staging)
            (staging / "lessons" / f"{lesson.name}.html").write_text(lesson.html, "utf-8")
            for warning in lesson.warnings:
                say(f"      warning from {lesson.name} {warning}")
            say(f"[{step}/{steps}] lesson {notebook.stem}: rendered in {lesson.seconds:.1f} s")
            lessons.append(lesson)
        written: list[Path] = []
        (staging / "worksheets").mkdir()
        for step, kind in enumerate(KINDS, start=len(notebooks) + 1):
            say(f"[{step}/{steps}] worksheets {kind} with their keys, {students} in all ...")

            def say_step(line: str, step: int = step) -> None:
                say(f"[{step}/{steps}]   {line}")

            paths = export_worksheets(
                staging / "worksheets",
                kind=kind,
                students=students,
                seed=seed,
                paper=paper,
                progress=say_step,
            )
            written.extend(paths)
            say(f"[{step}/{steps}] worksheets {kind}: {len(paths)} PDF files")
        score_sheet = write_score_sheet(
            staging / "worksheets" / "score-sheet.pdf", players=SCORE_SHEET_PLAYERS, paper=paper
        )
        index = _index_html(
            lessons, written, staging, students=students, seed=seed, score_sheet=score_sheet
        )
        (staging / GUIDE_FOLDER).mkdir()
        for document in DOCUMENTS:
            page = staging / GUIDE_FOLDER / page_name(document)
            page.write_text(document_page(document), "utf-8")
        (staging / "index.html").write_text(index, "utf-8")
        manifest = {
            "version": __version__,
            "students": students,
            "seed": seed,
            "paper": paper,
            "lessons": [
                {"name": lesson.name, "title": lesson.title, "seconds": round(lesson.seconds, 2)}
                for lesson in lessons
            ],
            "worksheets": [p.relative_to(staging).as_posix() for p in written],
            "score sheet": score_sheet.relative_to(staging).as_posix(),
            "guide": [f"{GUIDE_FOLDER}/{page_name(document)}" for document in DOCUMENTS],
        }
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=2), "utf-8")
        say(f"[{steps}/{steps}] index.html written")
    return target / "index.html"
