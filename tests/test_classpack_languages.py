"""The class pack in English and Spanish (issue 14): a lesson translated from its
catalogue and run in Spanish, both languages in one pack with a language switch, the
Spanish pages free of English, the bilingual glossary, and ``--lang``."""

from __future__ import annotations

import gettext
import html
import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from spanish_leaks import english_leaks

from xactika_edu.base.errors import LessonError
from xactika_edu.base.language import LANGUAGE_VARIABLE, use_language
from xactika_edu.outputs import classpack, docpages, lessonpages
from xactika_edu.teaching.glossary import glossary

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r'href="([^"#]+)"')

#: The tiny lesson's markdown cells and their Spanish (a stand-in for its catalogue).
TITLE, TITLE_ES = "# Lesson 9: A tiny lesson", "# Lección 9: Una lección pequeña"
INTRO, INTRO_ES = "Count the **cards** with your class.", "Cuenta las **cartas** con tu clase."
UNTRANSLATED = "This cell has no translation yet."


class _Catalogue(gettext.NullTranslations):
    """Translations from a dict (a lesson's catalogue, for a test)."""

    def __init__(self, messages: dict[str, str]) -> None:
        super().__init__()
        self.messages = messages

    def gettext(self, message: str) -> str:
        return self.messages.get(message, message)


def _tiny_lesson(folder: Path, *, untranslated: bool = False) -> Path:
    """A lesson with two markdown cells (three with ``untranslated``), a setup cell and
    a cell that prints the kernel's language and a message of the library."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell(TITLE),
        nbformat.v4.new_code_cell(
            "# Setup: load the tools for this lesson.\n"
            "from xactika_edu.base.language import gettext as _, language",
            metadata={"tags": ["hide-input"]},
        ),
        nbformat.v4.new_markdown_cell(INTRO),
        nbformat.v4.new_code_cell("print(language(), '/', _('Xactika class pack'))"),
    ]
    if untranslated:
        notebook.cells.append(nbformat.v4.new_markdown_cell(UNTRANSLATED))
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = folder / "09_tiny.ipynb"
    nbformat.write(notebook, path)
    return path


@pytest.fixture
def catalogue(monkeypatch):
    """The tiny lesson's Spanish, as if it were in the compiled catalogue."""
    real = lessonpages.translations

    def translations(code: str):
        if code == "es":
            return _Catalogue({TITLE: TITLE_ES, INTRO: INTRO_ES})
        return real(code)

    monkeypatch.setattr(lessonpages, "translations", translations)


def _visible_text(page: str, *, skip_english: bool = True) -> str:
    """A page's text as a reader sees it: no style, script or tags; without the parts
    marked English (``lang="en"``: a name, a link to the other language) and code."""
    body = page[page.find("<body") :]
    body = re.sub(r"(?s)<(style|script|code|pre)\b.*?</\1>", " ", body)
    if skip_english:
        body = re.sub(r'(?s)<(\w+)\b[^>]*\blang="en"[^>]*>.*?</\1>', " ", body)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


# --- a lesson in Spanish ------------------------------------------------------------


def test_a_spanish_lesson_is_the_english_one_with_its_markdown_translated(tmp_path, catalogue):
    path = _tiny_lesson(tmp_path)
    english = nbformat.read(path, as_version=4)
    spanish = lessonpages.spanish_lesson(path)
    assert [cell.cell_type for cell in spanish.cells] == [c.cell_type for c in english.cells]
    assert spanish.cells[0].source == TITLE_ES and spanish.cells[2].source == INTRO_ES
    # the setup cell starts with the language, visible to a teacher in Jupyter
    setup = spanish.cells[1].source
    assert setup.startswith("# El idioma de la lección.")
    assert 'set_language("es")' in setup.splitlines()[:4]
    assert setup.endswith(english.cells[1].source)  # the rest as it was
    assert spanish.cells[3].source == english.cells[3].source  # other code untouched
    # English is the notebook itself
    assert lessonpages.translated_lesson(path, "en") == english


def test_a_markdown_cell_with_no_translation_fails_or_is_listed(tmp_path, catalogue):
    path = _tiny_lesson(tmp_path, untranslated=True)
    with pytest.raises(LessonError, match=r"09_tiny\.ipynb.*Español.*cell 5.*no translation"):
        lessonpages.spanish_lesson(path)
    missing: list[str] = []
    spanish = lessonpages.spanish_lesson(path, untranslated=missing)
    assert spanish.cells[-1].source == UNTRANSLATED  # kept in English
    assert len(missing) == 1 and "cell 5" in missing[0] and "This cell" in missing[0]


def _run(notebook_path: Path, folder: Path, env: dict[str, str]) -> str:
    """Run a notebook on a fresh kernel; all its text output."""
    from nbclient import NotebookClient

    notebook = nbformat.read(notebook_path, as_version=4)
    NotebookClient(notebook, timeout=120, resources={"metadata": {"path": str(folder)}}).execute(
        env=env
    )
    return "".join(
        output.get("text", "")
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
    )


def test_the_spanish_notebook_runs_in_spanish_without_the_environment_variable(tmp_path, catalogue):
    # What a teacher gets who opens the pack's Spanish notebook in Jupyter: its own
    # first lines set the language, whatever the environment says.
    import os

    path = tmp_path / "es.ipynb"
    nbformat.write(lessonpages.spanish_lesson(_tiny_lesson(tmp_path)), path)
    env = {k: v for k, v in os.environ.items() if k != LANGUAGE_VARIABLE}
    assert _run(path, tmp_path, env).strip() == "es / Paquete de clase de Xactika"
    # the English lesson, in the same environment, stays English
    english = _run(_tiny_lesson(tmp_path), tmp_path, env)
    assert english.strip() == "en / Xactika class pack"


# --- the pack in both languages -----------------------------------------------------

QUICK = {"guide", "glossary", "lessons", "app"}


@pytest.fixture
def two_language_pack(tmp_path, monkeypatch, catalogue) -> Path:
    lesson = _tiny_lesson(tmp_path, untranslated=True)
    monkeypatch.setattr(classpack, "lesson_notebooks", lambda: [lesson])
    steps = [step for step in classpack.STEPS if step.name in QUICK]
    lines: list[str] = []
    index = classpack.build_class_pack(
        tmp_path / "pack", students=1, steps=steps, progress=lines.append, jobs=1
    )
    (tmp_path / "progress.txt").write_text("\n".join(lines), "utf-8")
    return index.parent


def test_the_pack_has_both_languages_with_a_switch_both_ways(two_language_pack, tmp_path):
    root = two_language_pack
    english = (root / "index.html").read_text("utf-8")
    spanish = (root / "es" / "index.html").read_text("utf-8")
    assert '<html lang="en">' in english and '<html lang="es">' in spanish
    assert '<a href="es/index.html" hreflang="es" lang="es">Español</a>' in english
    assert '<a href="../index.html" hreflang="en" lang="en">English</a>' in spanish
    assert "<h1>Paquete de clase de Xactika</h1>" in spanish
    for folder, page in ((root, english), (root / "es", spanish)):
        links = LINK.findall(page)
        assert links
        for link in links:
            assert (folder / link).resolve().is_file(), (folder, link)
            assert (folder / link).resolve().is_relative_to(root.resolve()), link
        assert 'glossary.html"' in page  # the glossary from both indexes
    # the same lesson in both, Spanish from its catalogue, run in Spanish
    lesson_en = (root / "lessons" / "09_tiny.html").read_text("utf-8")
    lesson_es = (root / "es" / "lessons" / "09_tiny.html").read_text("utf-8")
    assert '<html lang="en">' in lesson_en and '<html lang="es">' in lesson_es
    assert "en / Xactika class pack" in lesson_en
    assert "es / Paquete de clase de Xactika" in lesson_es
    assert "Lección 9: Una lección pequeña" in lesson_es and "Una lección pequeña</a>" in spanish
    # the Spanish notebook, for Jupyter, linked from the Spanish index
    notebook = nbformat.read(root / "es" / "notebooks" / "09_tiny.ipynb", as_version=4)
    assert notebook.cells[0].source == TITLE_ES
    assert 'href="notebooks/09_tiny.ipynb"' in spanish
    assert not (root / "notebooks").exists()  # English: the notebooks are the source
    # the cell with no translation yet: shown in English, reported, in the manifest
    manifest = json.loads((root / "manifest.json").read_text("utf-8"))
    assert manifest["languages"] == ["en", "es"]
    assert [lesson["name"] for lesson in manifest["lessons"]] == ["09_tiny"]
    (warning,) = manifest["es"]["lessons"][0]["warnings"]
    assert "cell 5 has no translation yet" in warning
    progress = (tmp_path / "progress.txt").read_text("utf-8")
    assert "1 markdown cell of the lessons had no translation yet" in progress


def test_the_spanish_pages_of_the_pack_have_no_english(two_language_pack):
    root = two_language_pack / "es"
    index = (root / "index.html").read_text("utf-8")
    assert english_leaks(_visible_text(index)) == []
    # the tiny lesson's Spanish cells and output (the untranslated cell left out)
    lesson = (root / "lessons" / "09_tiny.html").read_text("utf-8")
    assert english_leaks(_visible_text(lesson), allow=(UNTRANSLATED, "09_tiny")) == []
    # a test that can fail: the English index is full of leaks
    assert english_leaks(_visible_text((two_language_pack / "index.html").read_text("utf-8")))


def test_one_language_only(tmp_path, monkeypatch):
    monkeypatch.setattr(classpack, "lesson_notebooks", lambda: [])
    steps = [step for step in classpack.STEPS if step.name in QUICK]
    index = classpack.build_class_pack(
        tmp_path / "es-only", students=1, steps=steps, progress=None, languages=["es"]
    )
    page = index.read_text("utf-8")
    assert '<html lang="es">' in page and "hreflang" not in page  # no switch
    assert not (index.parent / "es").exists()
    for link in LINK.findall(page):
        assert (index.parent / link).is_file(), link
    assert json.loads((index.parent / "manifest.json").read_text("utf-8"))["languages"] == ["es"]
    english = classpack.build_class_pack(
        tmp_path / "en-only", students=1, steps=steps, progress=None, languages="en"
    )
    assert not (english.parent / "es").exists() and "hreflang" not in english.read_text("utf-8")
    with pytest.raises(Exception, match="language 'fr' is not one of en, es"):
        classpack.build_class_pack(tmp_path / "fr", students=1, steps=steps, languages=["fr"])


def test_the_command_takes_lang(tmp_path, monkeypatch, capsys):
    from xactika_edu.outputs import cli

    calls: list[dict] = []

    def fake(out, **kwargs):
        calls.append(kwargs)
        return Path(out) / "index.html"

    monkeypatch.setattr(classpack, "build_class_pack", fake)
    assert cli.main(["class-pack", "--out", str(tmp_path / "a"), "--lang", "es"]) == 0
    assert cli.main(["class-pack", "--out", str(tmp_path / "b")]) == 0
    assert [call["languages"] for call in calls] == [("es",), ("en", "es")]
    with pytest.raises(SystemExit) as stopped:
        cli.main(["class-pack", "--out", str(tmp_path / "c"), "--lang", "fr"])
    assert stopped.value.code == 2
    assert "--lang" in capsys.readouterr().err and len(calls) == 2


# --- the glossary -------------------------------------------------------------------


def test_the_glossary_has_every_word_in_both_languages_from_one_list():
    english, spanish = glossary("en"), glossary("es")
    assert len(english) == len(spanish) >= 40
    assert len({word.term for word in english}) == len(english)  # each word once
    pairs = {e.term: s.term for e, s in zip(english, spanish, strict=True)}
    # the project's Spanish words (GLOSARIO), the publisher's for the game
    for word, wanted in {
        "card": "carta",
        "trick": "baza",
        "bid": "apuesta",
        "dealer": "repartidor",
        "ball": "bala",
        "pie chart": "gráfica circular",
        "expected value": "valor esperado",
        "tree diagram": "diagrama de árbol",
        "relative frequency": "frecuencia relativa",
    }.items():
        assert pairs[word] == wanted
    for word in spanish:
        assert english_leaks(f"{word.term}. {word.meaning}") == [], word
    with use_language("es"):
        assert glossary() == spanish  # the current language


def test_the_glossary_page_shows_each_word_with_both_meanings():
    page = docpages.glossary_page()
    assert page.count("<tr>") == 2 * (len(glossary("en")) + 1)  # two tables
    assert '<td lang="es">baza</td>' in page and '<td lang="en"><b>trick</b></td>' in page
    assert english_leaks(_visible_text(page)) == []  # what is marked Spanish is Spanish
    spanish_order = page[page.index("Español: en orden alfabético") :]
    terms = re.findall(r'<td lang="es"><b>([^<]+)</b>', spanish_order)
    assert terms.index("apuesta") < terms.index("baraja (el mazo)") < terms.index("ensayo")
    assert terms.index("diagrama de árbol") < terms.index("distribución")


def test_every_message_of_the_pack_is_translated():
    tool = subprocess.run(
        [sys.executable, "tools/translations.py", "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    mine = ("outputs.classpack", "outputs.docpages", "outputs.lessonpages", "outputs.packsheets")
    mine += ("outputs.teacherpack", "teaching.glossary")
    assert [line for line in tool.stdout.splitlines() if any(m in line for m in mine)] == []


# --- the real lessons (slow) --------------------------------------------------------


@pytest.mark.parametrize("lesson", classpack.lesson_notebooks(), ids=lambda path: path.stem)
def test_a_spanish_lessons_title_is_its_spanish_heading(lesson):
    spanish = lessonpages.spanish_lesson(lesson)
    assert spanish.metadata["title"].startswith("Lección ")
    assert f"# {spanish.metadata['title']}" in spanish.cells[0].source


@pytest.mark.parametrize("lesson", classpack.lesson_notebooks(), ids=lambda path: path.stem)
def test_every_lesson_has_every_markdown_cell_translated(lesson):
    # The lesson translators' work: until it is done the pack shows such a cell in
    # English and says so; this test names the cells.
    lessonpages.spanish_lesson(lesson)


#: English a Spanish lesson page shows on purpose: the command's name, JupyterLab's
#: menu items (JupyterLab is in English) and the score sheet's CSV column names (a data
#: format: Lesson 7 shows a sheet as the file has it and names its columns).
STAYS_ENGLISH = (
    "xactika-edu app",
    "Run → Run Selected Cell and All Below",
    "game hand player bid tricks",
    "columna 'bid'",
    "columna 'tricks'",
)


@pytest.mark.slow
@pytest.mark.xdist_group("class-pack")
@pytest.mark.runs_notebooks(*classpack.lesson_notebooks())
def test_the_whole_pack_in_spanish(class_pack, tmp_path):
    # Every lesson's Spanish page and notebook, the Spanish index and its links, and the
    # Spanish notebook of a lesson run as a teacher would in Jupyter. English left in a
    # Spanish page (a lesson not translated yet, a library text) is listed, page by page.
    import os

    out = class_pack.out
    spanish = (out / "es" / "index.html").read_text("utf-8")
    for link in LINK.findall(spanish):
        assert (out / "es" / link).resolve().is_file(), link
    leaks: dict[str, list[str]] = {}
    found = english_leaks(_visible_text(spanish))
    if found:
        leaks["es/index.html"] = found
    for notebook in classpack.lesson_notebooks():
        page = out / "es" / "lessons" / f"{notebook.stem}.html"
        text = page.read_text("utf-8")
        assert '<html lang="es">' in text and "Traceback" not in text
        assert "<title>Lección " in text  # the browser tab too
        assert f'href="lessons/{notebook.stem}.html"' in spanish
        found = english_leaks(" ".join(_visible_text(text).split()), allow=STAYS_ENGLISH)
        if found:
            leaks[notebook.stem] = found
        ipynb = nbformat.read(out / "es" / "notebooks" / f"{notebook.stem}.ipynb", as_version=4)
        setup = next(cell.source for cell in ipynb.cells if cell.cell_type == "code")
        assert 'set_language("es")' in setup.splitlines()[:4]
    # the Spanish notebook of a lesson, run without XACTIKA_EDU_LANG: its own first
    # lines make the library answer in Spanish (the self-checks' button: Comprobar)
    env = {k: v for k, v in os.environ.items() if k != LANGUAGE_VARIABLE}
    ipynb = out / "es" / "notebooks" / "02_pie_charts.ipynb"
    notebook = nbformat.read(ipynb, as_version=4)
    probe = "from xactika_edu.base.language import language\nprint('language:', language())"
    notebook.cells.append(nbformat.v4.new_code_cell(probe))
    nbformat.write(notebook, tmp_path / "probe.ipynb")
    assert "language: es" in _run(tmp_path / "probe.ipynb", tmp_path, env)
    summary = "; ".join(f"{page}: {len(words)} ({words[0]!r} ...)" for page, words in leaks.items())
    assert leaks == {}, f"English in the Spanish pages: {summary}"
