"""A lesson notebook run on a fresh kernel and rendered as a page for the projector.

:func:`render_lesson` runs a lesson top to bottom (nbclient) and renders it to
self-contained HTML (nbconvert) the way a class sees it projected: no code unless the
lesson says the code is the point (cells tagged ``show-code``), no error text, no
warnings, every figure described, every live widget replaced by its static picture
with a line saying where to try the real thing. :mod:`xactika_edu.outputs.classpack`
renders every lesson this way, in English and in Spanish.

A lesson in another language (:func:`translated_lesson`, :func:`spanish_lesson`) is the
English notebook with each markdown cell replaced by its translation from the lesson's
catalogue (``lessons.<stem>``: each markdown cell, whole, is one message; see
``tools/translations.py``) and two lines at the top of its setup cell that set the
language (``set_language("es")``), so a teacher who opens it in Jupyter gets it in that
language too; the class pack also runs its kernel with ``XACTIKA_EDU_LANG`` set.
"""

from __future__ import annotations

import contextlib
import html
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base.errors import LessonError
from ..base.language import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGE_VARIABLE,
    N_,
    check_language,
    translations,
    use_language,
)
from ..base.language import gettext as _
from ..base.language import language as _current_language
from ..teaching.question_html import question_title

if TYPE_CHECKING:
    from nbformat import NotebookNode

__all__ = [
    "APP_CAPTION",
    "HIDE_INPUT_TAG",
    "PAPER_FIRST",
    "SHOW_CODE_TAG",
    "TEACHER_TAG",
    "LessonError",
    "RenderedLesson",
    "number_checks",
    "render_lesson",
    "spanish_lesson",
    "translated_lesson",
]

#: Cells tagged like this show only their output in the rendered lesson (as every
#: code cell does, unless tagged :data:`SHOW_CODE_TAG`; the tag still matters in
#: Jupyter, where it folds the code away).
HIDE_INPUT_TAG = "hide-input"
#: A code cell tagged like this shows its code in the rendered lesson: the code is the
#: point (ISSUE12-PLAN, "Cell tags"). Every other code cell shows only its output.
SHOW_CODE_TAG = "show-code"
#: A markdown cell for the teacher only: left out of the projected page (the lesson
#: plan and the teacher guide carry what it says).
TEACHER_TAG = "teacher"
#: Under the static picture of an app widget (the hand explorer, the play table, the
#: deck explorer: the widgets of the student app) in a rendered lesson.
APP_CAPTION = N_(
    "A picture of the app. Try it yourself: run this lesson in Jupyter, or open the "
    "student app (xactika-edu app)."
)
#: In the first self-check of a rendered lesson: the projected page has no box to
#: type in, only the answer fold.
PAPER_FIRST = N_("Work it out on paper, then open Show the answer.")
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
#: The root of an app widget's static picture: the root classes of the student app's
#: widgets (xactika_edu.ui.widgets: ``xe-hand``, ``xe-deck``, ``xe-table``).
_APP_PICTURE = re.compile(r"""^\s*<div class=['"]xe-(?:hand|deck|table)['"]""")


@dataclass(frozen=True)
class RenderedLesson:
    """A lesson run and rendered: its title, HTML, seconds taken and any warnings (a
    markdown cell shown in English for want of a translation is one), its ``language``
    and, in a language other than English, the translated notebook (``.ipynb`` text,
    not run) that a teacher opens in Jupyter."""

    name: str
    title: str
    html: str
    seconds: float
    warnings: tuple[str, ...]
    language: str = DEFAULT_LANGUAGE
    notebook: str = ""


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
    picture of themselves next to the widget view: that is kept, and a picture of one
    of the student app's widgets gets :data:`APP_CAPTION` under it, so nobody looks for
    a button that a picture cannot press. A bare widget (``IntSlider(value=3)`` as
    text) is dropped; a progress bar keeps its text.
    """
    data = output.get("data")
    if not data or _WIDGET_VIEW not in data:
        return True
    del data[_WIDGET_VIEW]
    picture = data.get("text/html")
    if picture is not None:
        if isinstance(picture, list):  # nbformat may keep text as a list of lines
            picture = "".join(picture)
        if _APP_PICTURE.match(picture):
            picture += f'<p class="xe-app-caption"><i>{html.escape(_(APP_CAPTION))}</i></p>'
        data["text/html"] = picture
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


def number_checks(page: str) -> str:
    """Title the page's self-checks "Check 1", "Check 2", ... in page order (the
    numbers the lessons and plans use), and tell the class, in the first one, to work
    on paper and then open the answer fold; in the current language (the titles are
    :func:`~xactika_edu.teaching.question_html.question_title`'s).

    >>> page = number_checks("<p><b>Question:</b> A?</p><p><b>Question:</b> B?</p>")
    >>> page.split("</p>")[:3]
    ['<p><b>Check 1:</b> A?', '<p><i>Work it out on paper, then open Show the answer.</i>', \
'<p><b>Check 2:</b> B?']
    """
    count = 0

    def numbered(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"<b>{html.escape(question_title(count))}:</b>"

    untitled = re.compile(re.escape(f"<b>{html.escape(question_title(None))}:</b>"))
    numbered_page = untitled.sub(numbered, page)
    first = numbered_page.find(f"<b>{html.escape(question_title(1))}:</b>")
    if first < 0:
        return numbered_page
    end = numbered_page.find("</p>", first) + len("</p>")
    paper = html.escape(_(PAPER_FIRST))
    return f"{numbered_page[:end]}<p><i>{paper}</i></p>{numbered_page[end:]}"


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


def _projected_cells(cells: list[Any]) -> list[Any]:
    """The cells as the projected page shows them: a code cell shows its code only if
    tagged :data:`SHOW_CODE_TAG`; a code cell left with nothing to show is left out."""
    shown = []
    for cell in cells:
        if cell.cell_type == "code" and SHOW_CODE_TAG not in cell.metadata.get("tags", ()):
            if not cell.outputs:
                continue
            # what nbconvert's TagRemovePreprocessor sets to leave the input out
            cell.metadata["transient"] = {"remove_source": True}
        shown.append(cell)
    return shown


#: A translated lesson's setup cell starts with this (``{code}``: the language), so a
#: teacher who opens the lesson in Jupyter gets it in its language.
_LANGUAGE_LINES = (
    '{comment}\nfrom xactika_edu.base.language import set_language\n\nset_language("{code}")\n'
)


def translated_lesson(
    path: Path | str, code: str, *, untranslated: list[str] | None = None
) -> NotebookNode:
    """A lesson notebook in language ``code``, not run: each markdown cell replaced by
    its translation from the lesson's catalogue (the whole cell is the message), and
    the language set in the first lines of its setup cell (its first code cell; a new
    one at the top if it has none).

    >>> from pathlib import Path
    >>> lesson = Path("notebooks/02_pie_charts.ipynb")
    >>> translated_lesson(lesson, "en") == __import__("nbformat").read(lesson, as_version=4)
    True

    Args:
        path: the English ``.ipynb`` file.
        code: the language, one of :data:`~xactika_edu.base.language.LANGUAGES`
            (English gives the notebook as it is).
        untranslated: None to refuse a markdown cell with no translation; a list to
            keep such a cell in English and add a line naming it to the list.

    Returns:
        the notebook (nbformat version 4).

    Raises:
        LessonError: naming the lesson and its cells with no translation (if
            ``untranslated`` is None).
        XactikaError: if ``code`` is not a language the toolkit writes.
    """
    import nbformat

    code = check_language(code)
    path = Path(path)
    notebook = nbformat.read(path, as_version=4)
    if code == DEFAULT_LANGUAGE:
        return notebook
    catalogue = translations(code)
    missing: list[str] = []
    for number, cell in enumerate(notebook.cells, start=1):
        if cell.cell_type != "markdown" or not cell.source.strip():
            continue
        translated = catalogue.gettext(cell.source)
        if translated == cell.source:
            first = cell.source.strip().splitlines()[0][:60]
            missing.append(f"cell {number} has no translation yet, shown in English: {first!r}")
        cell.source = translated
    if missing and untranslated is None:
        raise LessonError(
            f"lesson {path.name!r} in {LANGUAGE_NAMES[code]}: {len(missing)} markdown "
            f"cells with no translation in lessons.{path.stem}.po: " + "; ".join(missing)
        )
    if untranslated is not None:
        untranslated += missing
    with use_language(code):
        comment = _('# The lesson\'s language. For English: set_language("en")')
    lines = _LANGUAGE_LINES.format(comment=comment, code=code)
    setup = next((cell for cell in notebook.cells if cell.cell_type == "code"), None)
    if setup is None:
        notebook.cells.insert(0, nbformat.v4.new_code_cell(lines.rstrip("\n")))
    else:
        setup.source = f"{lines}\n{setup.source}"
    notebook.metadata["language_info"] = {"name": "python"}
    # the browser tab and Jupyter show the translated heading, not the English title
    notebook.metadata["title"] = _title(notebook, notebook.metadata.get("title", path.stem))
    return notebook


def spanish_lesson(path: Path | str, *, untranslated: list[str] | None = None) -> NotebookNode:
    """The lesson in Spanish: :func:`translated_lesson` (see there) with ``code="es"``.

    Raises:
        LessonError: as :func:`translated_lesson`.
    """
    return translated_lesson(path, "es", untranslated=untranslated)


def render_lesson(
    path: Path | str,
    *,
    timeout: int = 600,
    workdir: Path | str | None = None,
    language: str | None = None,
) -> RenderedLesson:
    """Run one lesson notebook on a fresh kernel and render it to HTML.

    Code cells show only their output, unless tagged :data:`SHOW_CODE_TAG` (the code
    is the point); a code cell without output is left out. A cell's error stops the
    lesson (:class:`LessonError`), so no error text reaches the page; text written to
    stderr (warnings) is left out of the page and returned in ``warnings``. A live
    widget shows its static picture (:func:`_static_widget`). Every figure
    gets its description (:func:`xactika_edu.teaching.alt_text.describe_figure`) as alt text,
    and the page loads nothing from another host.

    The kernel runs in a new folder, which is also its temporary folder (``TMPDIR``)
    and holds its connection file, and which is removed afterwards.

    In a language other than English the lesson is :func:`translated_lesson` (a
    markdown cell with no translation yet stays English, with a warning) and its
    kernel runs with ``XACTIKA_EDU_LANG`` set to the language.

    Args:
        path: the ``.ipynb`` file.
        timeout: seconds one cell may take.
        workdir: an existing folder to make the kernel's folder in; ``None`` for the
            system's temporary folder.
        language: the language of the page, one of
            :data:`~xactika_edu.base.language.LANGUAGES`; None for the current one.

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
    code = check_language(language) if language is not None else _current_language()
    warnings: list[str] = []
    notebook = translated_lesson(path, code, untranslated=warnings)
    translated = "" if code == DEFAULT_LANGUAGE else nbformat.writes(notebook)
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
        environment = {
            **os.environ,
            "TMPDIR": str(folder),
            "TEMP": str(folder),
            "TMP": str(folder),
            LANGUAGE_VARIABLE: code,
        }
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
    notebook.cells = _projected_cells(notebook.cells)

    config = Config()
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_cell_tags = {"remove-cell", TEACHER_TAG}
    # One printed block per cell, however the kernel happened to split the text.
    config.CoalesceStreamsPreprocessor.enabled = True
    config.TemplateExporter.exclude_input_prompt = True
    config.TemplateExporter.exclude_output_prompt = True
    config.HTMLExporter.language_code = code  # <html lang="...">
    exporter = HTMLExporter(config=config, template_name="lab", raw_template=_PAGE_TEMPLATE)
    title = _title(notebook, path.stem)
    body, _resources = exporter.from_notebook_node(
        notebook, resources={"metadata": {"name": title}}
    )
    with use_language(code):
        page = number_checks(_describe_pictures(body))
    return RenderedLesson(
        name=path.stem,
        title=title,
        html=page,
        seconds=seconds,
        warnings=tuple(warnings),
        language=code,
        notebook=translated,
    )
