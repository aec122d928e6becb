"""The class pack's pages: every figure described, nothing loaded from another host,
the teacher guide and the student app on the index, no lesson files left behind, and
the lessons' own self-checks (the browser test is in test_browser.py)."""

from __future__ import annotations

import contextlib
import html
import io
import os
import re
import shutil
import signal
import time
from pathlib import Path

import nbformat
import pytest
from conftest import start_cli

from xactika_edu.core.probability import value_distribution
from xactika_edu.outputs import classpack
from xactika_edu.outputs.parallel import cores as classpack_cores

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = "No description has been provided for this image"
IMG = re.compile(r"<img\b[^>]*>")
ALT = re.compile(r"""\balt=(?:"([^"]*)"|'([^']*)')""")


def _lesson(tmp_path: Path, name: str, *sources: str) -> Path:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell(f"# {name}")]
    notebook.cells += [nbformat.v4.new_code_cell(source) for source in sources]
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = tmp_path / f"01_{name}.ipynb"
    nbformat.write(notebook, path)
    return path


def _alts(page: str) -> list[str]:
    """The alt text of every image on a page ('' for an image without one)."""
    alts = []
    for tag in IMG.findall(page):
        found = ALT.search(tag)
        alts.append(html.unescape(found.group(1) or found.group(2) or "") if found else "")
    return alts


@pytest.fixture(scope="module")
def figures_page(tmp_path_factory) -> str:
    """A lesson with the kinds of figure the lessons show, rendered."""
    folder = tmp_path_factory.mktemp("figures")
    path = _lesson(
        folder,
        "figures",
        "import matplotlib.pyplot as plt\n"
        "from xactika_edu.teaching.plots import value_bar_graph, value_pie_chart\n"
        "graph = value_bar_graph()",
        # two graphs in one figure, shown with plt.show()
        "fig, (left, right) = plt.subplots(1, 2)\n"
        "value_pie_chart(['3213', '1111', '2222', '2223'], ax=left)\n"
        "value_bar_graph(['3213', '1111'], ax=right)\n"
        "plt.show()",
        # plain matplotlib with text categories, as a lesson's own helper draws them
        "_, ax = plt.subplots()\n"
        "ax.bar(['2', '3', '4'], [79, 61, 45])\n"
        "ax.set_title('Chance to \"win\" & <players>')\n"
        "ax.plot([1, 2, 3], [0.5, 0.7, 0.6], label='run 1')\n"
        "plt.show()",
        # a figure returned as the cell's value
        "plt.figure()\nplt.plot([0, 10], [1, 3], label='a line')\nplt.legend()\nplt.gcf()",
    )
    return classpack.render_lesson(path).html


@pytest.fixture(scope="module")
def projected_lesson(tmp_path_factory) -> classpack.RenderedLesson:
    """A lesson with a plain code cell, a ``show-code`` cell, a cell that shows
    nothing, a warning, an app widget and a bare widget, rendered."""
    notebook = nbformat.v4.new_notebook()
    code = nbformat.v4.new_code_cell
    notebook.cells = [
        nbformat.v4.new_markdown_cell("# Projected"),
        nbformat.v4.new_markdown_cell(
            "Teacher's note: only for the teacher.", metadata={"tags": ["teacher"]}
        ),
        code("secret_sum = 6 * 7\nprint('The sum is', secret_sum)"),
        code("shown_sum = 2 + 3\nprint('Shown:', shown_sum)", metadata={"tags": ["show-code"]}),
        code("quiet_name = 1"),
        code("import sys\nprint('a warning for the teacher', file=sys.stderr)"),
        code("from xactika_edu.widgets import DeckExplorer\nDeckExplorer()"),
        code("import ipywidgets\nipywidgets.IntSlider(value=3)"),
    ]
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = tmp_path_factory.mktemp("projected") / "01_projected.ipynb"
    nbformat.write(notebook, path)
    return classpack.render_lesson(path)


def _page_text(page: str) -> str:
    """What a page shows as text: its body without tags (the page's own style left out)."""
    body = re.sub(r"<style.*?</style>|<script.*?</script>", "", page, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", "", body))


def test_a_projected_lesson_shows_no_code_unless_the_code_is_the_point(projected_lesson):
    page = projected_lesson.html
    text = _page_text(page)
    assert "The sum is 42" in text  # the output stays
    assert "secret_sum" not in text  # its code does not
    assert "quiet_name" not in text
    assert "only for the teacher" not in text  # the teacher's note is in the plan
    assert "shown_sum = 2" in re.sub(r"\s+", " ", text)  # tagged show-code: the code is shown
    assert "Shown: 5" in text
    assert page.count("hl-ipython3") == 1  # one code block on the page: the show-code cell
    # No empty cell for the cells left with nothing to show (no output, only a warning,
    # a bare widget): the markdown cell and three code cells.
    assert page.count('class="jp-Cell ') == 1 + 3


def test_a_projected_lesson_shows_no_error_text_or_warnings(projected_lesson):
    text = _page_text(projected_lesson.html)
    assert "a warning for the teacher" not in text
    assert any("a warning for the teacher" in w for w in projected_lesson.warnings)
    assert "Traceback" not in text
    assert 'data-mime-type="application/vnd.jupyter.stderr"' not in projected_lesson.html


def test_an_app_widget_picture_says_it_is_a_picture_and_where_to_try_it(projected_lesson):
    page = projected_lesson.html
    # The deck explorer's static picture, once, with the caption; the bare slider is
    # dropped (no picture, no caption).
    assert len(re.findall(r"""class=["']xe-deck["']""", page)) == 1
    assert page.count(html.escape(classpack.APP_CAPTION)) == 1
    assert "IntSlider" not in page
    caption = classpack.APP_CAPTION
    assert caption.startswith("A picture of the app.") and "xactika-edu app" in caption


def test_every_figure_of_a_rendered_lesson_has_its_own_description(figures_page):
    alts = _alts(figures_page)
    assert len(alts) == 4 + 1  # the last figure is shown once as the value, once at the end
    assert PLACEHOLDER not in figures_page
    assert all(len(alt) > 40 for alt in alts), alts
    # The deck's bar graph: its title, what the axes measure and every bar's count,
    # from the same table the graph draws (the deck has 19 cards of face value 8).
    deck = value_distribution()
    bars = ", ".join(f"{value}: {int(n)}" for value, n in deck["frequency"].items())
    assert alts[0].startswith("Bar graph: Face values of the 81 cards in the deck.")
    assert f"Bars: {bars}." in alts[0]
    assert "Up: frequency (number of cards)." in alts[0]
    # Two graphs in one figure: both, each with its own numbers.
    assert alts[1].startswith("2 graphs side by side. Graph 1: Pie chart:")
    assert "3 slices: 4: 1 card (25%); 8: 1 card (25%); 9: 2 cards (50%)." in alts[1]
    assert "Graph 2: Bar graph: Face values of 2 cards." in alts[1]
    # Text categories and a line over the bars; quotes and brackets kept as text.
    assert alts[2].startswith('Bar graph: Chance to "win" & <players>.')
    assert "Bars: 2: 79, 3: 61, 4: 45." in alts[2]
    # the line's numbers as the bars' axis (ticks every 10) shows them
    assert "Over it: Line run 1: rises from nearly 0 at 1 to 1 at 3." in alts[2]
    assert "Line a line: rises from 1 at 0 to 3 at 10." in alts[3] and alts[3] == alts[4]


def test_a_figure_that_cannot_be_described_is_still_shown(tmp_path, monkeypatch):
    # A broken description must not break a lesson: the figure is shown without one
    # and the reason comes back as a warning.
    path = _lesson(
        tmp_path,
        "odd",
        "import matplotlib.pyplot as plt\n"
        "import xactika_edu.teaching.alt_text as alt_text\n"
        "def broken(figure):\n"
        "    raise ValueError('odd figure')\n"
        "alt_text.describe_figure = broken\n"
        "plt.plot([1, 2], [3, 4])\nplt.show()",
    )
    lesson = classpack.render_lesson(path)
    assert len(_alts(lesson.html)) == 1
    assert any("no description for a figure: ValueError: odd figure" in w for w in lesson.warnings)


def test_rendered_lessons_ask_no_other_host_for_anything(figures_page):
    # nbconvert's page loads require.js, MathJax and mermaid from cdnjs; a class pack
    # must work offline and send nothing about a class anywhere.
    assert "cdnjs" not in figures_page
    assert not re.search(r"""\b(?:src|href)\s*=\s*["']?(?:https?:)?//""", figures_page)
    assert not re.search(r"""import\(\s*["'](?:https?:)?//""", figures_page)
    assert not re.search(r"""url\(\s*["']?(?:https?:)?//""", figures_page)
    assert "<script src=" not in figures_page


def test_lessons_write_no_tex_math():
    # The pages carry no MathJax, so lesson math is plain text and Unicode (×, ÷, √, ≈):
    # TeX such as $\frac{1}{2}$ would show as code.
    tex = re.compile(r"\$[^$\n]*[\\^_{][^$\n]*\$|\\\(|\\\[|\$\$")
    for path in classpack.lesson_notebooks():
        for index, cell in enumerate(nbformat.read(path, as_version=4).cells):
            assert not tex.search(cell.source), f"{path.name}, cell {index}"


def test_a_lesson_kernel_keeps_its_files_in_the_folder_it_is_given(tmp_path):
    # The class pack runs each lesson's kernel inside its staging folder: its working
    # folder, its temporary folder and its connection file, all removed afterwards.
    path = _lesson(
        tmp_path,
        "where",
        "import os, tempfile\nprint(os.getcwd())\nprint(tempfile.gettempdir())\n"
        "scratch = tempfile.mkdtemp()",
    )
    work = tmp_path / "staging"
    work.mkdir()
    page = classpack.render_lesson(path, workdir=work).html
    printed = re.findall(re.escape(str(work)) + r"/[^\s<]+", page)  # the printed folders
    assert len(printed) == 2
    assert all(Path(p).parent == work and Path(p).name.startswith(".lesson-") for p in printed)
    assert list(work.iterdir()) == []


def _kill_started_under(folder: Path) -> None:
    """Stop any process whose command line names ``folder`` (a kernel this test
    started), by its id."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            command = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if str(folder) in command:
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(proc.name), signal.SIGKILL)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find the kernel")
def test_kill_9_of_class_pack_leaves_nothing_in_the_temporary_folder(tmp_path):
    # kill -9 runs no clean-up code: the lesson's folder must be where a later run
    # cleans up (the staging folder), not in the system's temporary folder, and the
    # kernel's connection file not in Jupyter's runtime folder.
    temp, runtime, work = tmp_path / "tmp", tmp_path / "runtime", tmp_path / "work"
    for folder in (temp, runtime, work):
        folder.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "JUPYTER_RUNTIME_DIR": str(runtime)}
    process = start_cli("class-pack", "--students", 1, "--out", work / "pack", env=env)
    try:
        assert "lesson" in process.stdout.readline()
        deadline = time.monotonic() + 60
        while not [*temp.glob("*/kernel.log"), *work.rglob("kernel.log")]:
            assert time.monotonic() < deadline, "no lesson kernel started"
            time.sleep(0.2)
        time.sleep(1.0)  # the kernel is running the lesson
        process.kill()
        process.communicate(timeout=30)
        time.sleep(1.0)
        assert list(temp.iterdir()) == []
        assert list(runtime.glob("kernel-*.json")) == []
    finally:
        process.kill()
        _kill_started_under(tmp_path)


@pytest.fixture(scope="module")
def pack_without_lessons(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pack") / "class-pack"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(classpack, "lesson_notebooks", lambda: [])
        return classpack.build_class_pack(out, students=1, progress=None)


def test_the_index_links_the_teacher_guide_as_a_page(pack_without_lessons):
    index = pack_without_lessons.read_text(encoding="utf-8")
    root = pack_without_lessons.parent
    assert '<a href="guide/teacher-guide.html">Teacher guide</a>' in index
    guide = (root / "guide" / "teacher-guide.html").read_text(encoding="utf-8")
    assert "<title>Teacher guide</title>" in guide
    source = (ROOT / "docs" / "teacher-guide.md").read_text(encoding="utf-8")
    for heading in re.findall(r"^## (.+)$", source, re.MULTILINE):  # all of it
        assert f"<h2>{html.escape(heading, quote=False)}</h2>" in guide, heading
    assert "<table>" in guide  # the unit at a glance
    # Its link to the class-data format leads to that document's page in the pack.
    assert 'href="class-data.html"' in guide and 'href="class-data.md"' not in guide
    assert (root / "guide" / "class-data.html").is_file()
    for page in [index, guide]:
        for link in re.findall(r'href="([^"#]+)"', page):
            assert not re.match(r"[a-z]+:", link), link
    for link in re.findall(r'href="([^"#]+)"', index):
        assert (root / link).is_file(), link


def test_the_index_says_how_to_start_the_student_app(pack_without_lessons):
    index = pack_without_lessons.read_text(encoding="utf-8")
    assert "<h2>The student app</h2>" in index
    assert "<code>xactika-edu app</code>" in index
    # After the README's quick start the command is in .venv: the index says so.
    assert "<code>. .venv/bin/activate</code>" in index
    assert "<code>.venv\\Scripts\\activate</code>" in index
    assert "http://127.0.0.1:8866/" in index
    assert "1 student, first seed 1" in index


def test_the_documents_travel_in_the_wheel():
    # A plain (non-editable) install has no docs/ folder: the wheel carries it.
    import tomllib

    from xactika_edu.outputs import docpages

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included["docs"] == "xactika_edu/docs"
    for document in docpages.DOCUMENTS:
        assert (ROOT / "docs" / document).is_file()


def _run_lesson_cells(name: str, upto: int) -> dict[str, object]:
    """Run a lesson's code cells before cell ``upto`` in this process; its names."""
    notebook = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    names: dict[str, object] = {}
    for index, cell in enumerate(notebook.cells[:upto]):
        if cell.cell_type == "code":
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(cell.source, f"{name}, cell {index}", "exec"), names)
    return names


def test_the_pack_holds_a_plan_and_exit_tickets_per_lesson_and_the_rules_card(tmp_path):
    # issue 12, item 4: what teachers expect around a lesson, in the class pack
    import subprocess

    from xactika_edu.outputs.exit_tickets import LESSONS as TICKET_LESSONS
    from xactika_edu.teaching.lessonmeta import lesson_meta

    wanted = {"plans", "exit tickets", "rules card"}
    steps = [step for step in classpack.STEPS if step.name in wanted]
    index = classpack.build_class_pack(
        tmp_path / "pack", students=2, steps=steps, progress=None, jobs=1
    )
    root = index.parent
    lessons = [lesson_meta(path).lesson for path in classpack.lesson_notebooks()]
    assert set(lessons) <= set(TICKET_LESSONS)
    for lesson in lessons:
        plan = root / "plans" / f"lesson-plan-{lesson}.pdf"
        pages = subprocess.run(["pdfinfo", plan], capture_output=True, text=True).stdout
        assert re.search(r"Pages:\s+1\n", pages), plan  # one page
        assert (root / "plans" / f"lesson-plan-{lesson}.html").is_file()
        for name in (f"exit-ticket-lesson-{lesson}.pdf", f"exit-ticket-lesson-{lesson}-key.pdf"):
            assert (root / "exit-tickets" / name).is_file()
    assert (root / "rules-card.pdf").is_file()
    page = index.read_text(encoding="utf-8")
    for heading in ("Lesson plans", "Exit tickets", "Rules card"):
        assert heading in page
    for link in re.findall(r'href="([^"#]+)"', page):
        assert (root / link).is_file(), link


def test_the_index_gives_each_lesson_its_papers_in_one_row(tmp_path):
    """A new teacher looked for tomorrow's plan, tickets, sheets and keys in four
    sections of the index (issue 12 review): its first table has them in one row per
    lesson, the worksheets named in the lesson's metadata, and the long worksheet table
    comes last."""
    from xactika_edu.teaching.lessonmeta import lesson_meta

    wanted = {"plans", "exit tickets", "worksheets", "score sheet"}
    steps = [step for step in classpack.STEPS if step.name in wanted]
    index = classpack.build_class_pack(tmp_path / "pack", students=1, steps=steps, progress=None)
    page = index.read_text(encoding="utf-8")
    root = index.parent
    table = page[page.index("<h2>Each lesson's papers</h2>") : page.index("</table>")]
    assert page.index("Each lesson's papers") < page.index("<h2>Lesson plans</h2>")
    assert page.index("<h2>Exit tickets</h2>") < page.index("<h2>Worksheets and answer keys")
    rows = table.split("<tr>")[2:]
    metas = [lesson_meta(path) for path in classpack.lesson_notebooks()]
    assert len(rows) == len(metas)
    for meta, row in zip(metas, rows, strict=True):
        assert f'href="plans/lesson-plan-{meta.lesson}.pdf"' in row
        assert f'href="exit-tickets/exit-ticket-lesson-{meta.lesson}-key.pdf"' in row
        assert meta.worksheet is not None, meta.lesson
        if meta.worksheet == classpack.SCORE_SHEET:
            assert 'href="worksheets/score-sheet.pdf"' in row
        else:
            for folder in (meta.worksheet, f"{meta.worksheet}-support"):
                assert f'href="worksheets/{folder}/all-keys.pdf"' in row, (meta.lesson, folder)
        for link in re.findall(r'href="([^"#]+)"', row):
            assert (root / link).is_file(), link


def test_the_pack_holds_the_spreadsheets_the_class_results_are_typed_into(tmp_path):
    """A new teacher (review 9) found the score-sheet CSV template only in the source
    folder: the pack has it and a file for the cards drawn, and both read back empty
    as the lessons read them (no rows yet, the right columns)."""
    from xactika_edu.classroom import template_csv
    from xactika_edu.teaching.classdata.class_results import CLASS_RESULT_COLUMNS

    steps = [step for step in classpack.STEPS if step.name == "score sheet"]
    index = classpack.build_class_pack(tmp_path / "pack", students=1, steps=steps, progress=None)
    root, page = index.parent, index.read_text(encoding="utf-8")
    scores = root / "worksheets" / "score-sheet.csv"
    draws = root / "worksheets" / "class-draws.csv"
    assert (
        'href="worksheets/score-sheet.csv"' in page and 'href="worksheets/class-draws.csv"' in page
    )
    assert scores.read_bytes() == template_csv(players=4).encode("utf-8")
    assert draws.read_bytes().decode("utf-8").splitlines() == [",".join(CLASS_RESULT_COLUMNS)]


# --- worksheets: each page drawn once ------------------------------------------------


@pytest.mark.xfail(
    strict=True,
    reason="since the worksheets embed DejaVu Sans (issue 14), pdfpages.copy_page refuses "
    "their pages (it pastes core-font pages only), so each page is drawn for both files: "
    "12 drawings, not 6 (a known slowdown, left for a follow-up)",
)
def test_a_class_set_draws_each_page_once(tmp_path, monkeypatch):
    # A class set prints each page twice (the student's file and the all-in-one
    # file); it is drawn once and copied (outputs/worksheets/pdfpages.py).
    from xactika_edu.outputs.worksheets import export_worksheets
    from xactika_edu.outputs.worksheets.sheet import Sheet

    drawn: list[str] = []
    add_page = Sheet.add_page

    def counting(self, pdf, *, key=False, **named):
        drawn.append(f"{self.label} {key}")
        add_page(self, pdf, key=key, **named)

    monkeypatch.setattr(Sheet, "add_page", counting)
    paths = export_worksheets(tmp_path, kind="bar-graph", students=3, seed=4)
    assert len(paths) == 3 * 2 + 2
    assert len(drawn) == 3 * 2  # each student's sheet and key, once


def _pixels(data: bytes, folder: Path, name: str) -> list[bytes]:
    """Each page of a PDF as a PNG at 40 dots per inch (pdftoppm)."""
    import subprocess

    path = folder / f"{name}.pdf"
    path.write_bytes(data)
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(path), str(folder / name)], check=True)
    return [png.read_bytes() for png in sorted(folder.glob(f"{name}-*.png"))]


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="needs pdftoppm (poppler-utils)")
@pytest.mark.parametrize("kind", ["bar-graph", "probability", "estimation"])
def test_pages_copied_into_the_all_in_one_file_look_as_drawn(tmp_path, kind):
    # probability and estimation place card pictures (SVG: graphics states to rename),
    # bar-graph draws its cards with PDF primitives.
    from xactika_edu.outputs.worksheets import _BUILDERS, export_worksheets, new_pdf

    export_worksheets(tmp_path, kind=kind, students=2, seed=11, paper="a4")
    folder = tmp_path / kind
    for which, key in (("all-students", False), ("all-keys", True)):
        combined = _pixels((folder / f"{which}.pdf").read_bytes(), tmp_path, which)
        own = [
            _pixels(
                (folder / f"student-0{k}{'-key' if key else ''}.pdf").read_bytes(),
                tmp_path,
                f"{which}-own-{k}",
            )[0]
            for k in (1, 2)
        ]
        # and as before the copy: every sheet drawn again on a page of one document
        again = new_pdf("a4")
        for k in (1, 2):
            _BUILDERS[kind](11 + k - 1, number=k, of=2).add_page(again, key=key)
        assert combined == own == _pixels(bytes(again.output()), tmp_path, f"{which}-again")


# --- the pack made side by side -----------------------------------------------------


def _files(root: Path) -> dict[str, bytes]:
    """Every file the pack holds, but the marker (it records when it was written)."""
    from xactika_edu.base.files import MARKER

    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and p.name != MARKER
    }


def test_the_pack_is_the_same_made_side_by_side_or_one_after_another(tmp_path, monkeypatch):
    monkeypatch.setattr(classpack, "lesson_notebooks", lambda: [])
    one = tmp_path / "one-after-another"
    both = tmp_path / "side-by-side"
    classpack.build_class_pack(one, students=3, seed=8, progress=None, jobs=1)
    timings: list = []
    classpack.build_class_pack(both, students=3, seed=8, progress=None, jobs=2, timings=timings)
    assert _files(one) == _files(both)
    assert {t.job.step for t in timings} >= {"worksheets", "score sheet", "guide"}


@pytest.mark.slow
@pytest.mark.skipif(classpack_cores() < 2, reason="needs 2 cores")
def test_lessons_run_on_kernels_side_by_side(tmp_path, monkeypatch):
    # Two lessons that each take 4 s: run side by side, their runs overlap in time.
    lessons = [
        _lesson(tmp_path, name, "import time\ntime.sleep(4)\nprint('done')")
        for name in ("first", "second")
    ]
    monkeypatch.setattr(classpack, "lesson_notebooks", lambda: lessons)
    steps = [step for step in classpack.STEPS if step.name == "lessons"]
    timings: list = []
    out = tmp_path / "pack"
    classpack.build_class_pack(
        out, students=1, progress=None, steps=steps, timings=timings, languages=("en",)
    )
    runs = [t for t in timings if t.job.label.startswith("lesson ")]
    assert len(runs) == 2
    assert max(t.start for t in runs) < min(t.end for t in runs)  # they overlap
    assert sorted(p.name for p in (out / "lessons").iterdir()) == [
        "01_first.html",
        "01_second.html",
    ]


def test_a_lesson_naming_an_unknown_worksheet_is_refused_before_the_slow_steps(tmp_path):
    import json

    from xactika_edu import XactikaError

    source = classpack.lesson_notebooks()[0]
    data = json.loads(source.read_text(encoding="utf-8"))
    data["metadata"]["xactika_lesson"]["worksheet"] = "bar-graf"
    bad = tmp_path / source.name
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(
        XactikaError, match="lesson 1: worksheet 'bar-graf' is not a worksheet kind"
    ):
        classpack.check_lesson_papers([bad])
    classpack.check_lesson_papers(classpack.lesson_notebooks())  # the real ones pass
