"""Lessons 1, 2 and 3 in Spanish (issue 14): their catalogues and what their code writes.

The Spanish lesson is the English notebook with each markdown cell replaced by its
translation (the lesson's catalogue) and its code run in Spanish. Here: every message of
the three lessons is translated; a translated markdown cell keeps its headings, numbers,
code, tags and table; and the lessons' code cells, run as Jupyter runs them (pictures
off screen) once in English and once in Spanish, write Spanish with the same numbers.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from _support import translations_tool
from babel.messages.pofile import read_po
from spanish_leaks import english_leaks

from xactika_edu import DECK
from xactika_edu.base.formatting import exact_percent
from xactika_edu.base.language import use_language

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ("01_meet_the_deck", "02_pie_charts", "03_bell_curves")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _tool():
    return translations_tool()


def _catalogue(stem: str) -> dict[str, str]:
    with (ROOT / f"xactika_edu/locale/es/po/lessons.{stem}.po").open("rb") as file:
        catalog = read_po(file, locale="es")
    return {m.id: m.string for m in catalog if m.id and isinstance(m.id, str)}


def test_lessons_1_to_3_catalogues_are_complete():
    mine = tuple(f"lessons.{stem}:" for stem in LESSONS)
    problems = [p for p in _tool().check() if p.startswith(tuple(f"es {m}" for m in mine))]
    problems += [p for p in _tool().check() if "stale" in p]
    assert not problems, "\n".join(problems)


def _shape(markdown: str) -> dict[str, object]:
    """What a translation must keep of a markdown cell: its headings' levels and numbers,
    its numbers, its code spans, HTML tags, links and the rows and columns of its tables."""
    return {
        "headings": re.findall(r"^(#+ (?:\d+\.)?)", markdown, re.MULTILINE),
        "numbers": Counter(NUMBER.findall(markdown)),
        "code": sorted(re.findall(r"`[^`]+`", markdown)),
        "tags": re.findall(r"</?[a-z]+", markdown),
        "links": re.findall(r"\]\([^)]*\)", markdown),
        "table": [line.count("|") for line in markdown.splitlines() if line.startswith("|")],
    }


@pytest.mark.parametrize("stem", LESSONS)
def test_lessons_1_to_3_markdown_translations_keep_the_cells_shape(stem):
    cells = json.loads((ROOT / f"notebooks/{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    catalogue = _catalogue(stem)
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] != "markdown" or not source.strip():
            continue
        spanish = catalogue[source]
        assert _shape(spanish) == _shape(source), source[:60]
        # the Jupyter menu keeps its English name, and code (the class sheet's columns)
        # stays code; nothing else English
        prose = re.sub(r"`[^`]*`", " ", spanish)
        assert not english_leaks(prose, allow=("Run → Run All Cells",)), source[:60]


def _written(stem: str, language: str) -> list[str]:
    """What the lesson's code cells write, in ``language``: each Markdown text and each
    self-check's prompt, hint and explanation, in order."""
    import matplotlib.pyplot as plt

    from xactika_edu.selfcheck import Question

    cells = json.loads((ROOT / f"notebooks/{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    namespace: dict = {"__name__": "__lesson__"}
    shown: list[str] = []

    def capture(text: object) -> object:  # the lesson's Markdown(...): its text, kept
        shown.append(str(text))
        return text

    with use_language(language), contextlib.redirect_stdout(io.StringIO()):
        for cell in cells:
            if cell["cell_type"] != "code":
                continue
            before = {k: v for k, v in namespace.items() if isinstance(v, Question)}
            exec(compile("".join(cell["source"]), stem, "exec"), namespace)
            namespace["Markdown"] = capture  # after the setup cell's import
            for name, value in namespace.items():
                if isinstance(value, Question) and before.get(name) is not value:
                    shown += [value.prompt, value.hint, value.explanation]
            plt.close("all")
    return shown


def _from_the_library() -> tuple[str, ...]:
    """Words the library writes into the lessons' sentences (the shapes' names, the
    answer keys' percents), in the current language: translated and tested with the
    library's own modules, so they are not counted here."""
    combinations = {str(c) for card in DECK for c in card.combinations}
    percents = {exact_percent(Fraction(k, len(DECK)), places=2) for k in range(len(DECK) + 1)}
    return tuple(sorted(combinations | percents, key=len, reverse=True))


@pytest.mark.slow
@pytest.mark.parametrize("stem", LESSONS)
def test_lessons_1_to_3_code_writes_spanish_with_the_english_numbers(stem):
    english, spanish = _written(stem, "en"), _written(stem, "es")
    assert len(spanish) == len(english) > 5
    with use_language("es"):
        allow = _from_the_library()
    pictures = re.compile(r'src="data:[^"]*"')  # a picture's own words are the library's
    for said, text in zip(english, spanish, strict=True):
        said, text = pictures.sub("src", said), pictures.sub("src", text)
        assert text != said or not re.search(r"[a-z]{4}", said), said  # translated
        assert not english_leaks(text, allow=allow), (text, english_leaks(text, allow=allow))
        # every number computed as in English ("41st" is "la número 41")
        assert Counter(NUMBER.findall(text)) == Counter(NUMBER.findall(said)), (said, text)
    joined = " ".join(spanish)
    for word in ("cartas", "valor"):
        assert word in joined


@pytest.mark.slow
def test_lesson_3_check_3_takes_the_words_spanish_speaking_students_write():
    import matplotlib.pyplot as plt

    cells = json.loads((ROOT / "notebooks/03_bell_curves.ipynb").read_text(encoding="utf-8"))
    namespace: dict = {"__name__": "__lesson__"}
    with use_language("es"), contextlib.redirect_stdout(io.StringIO()):
        for cell in cells["cells"]:
            if cell["cell_type"] == "code":
                exec(compile("".join(cell["source"]), "lesson 3", "exec"), namespace)
                plt.close("all")
            if cell.get("id") == "c30f562c":  # check 3
                break
        q3 = namespace["q3"]
        right = ("menos", "Menos dispersas", "la campana es más estrecha", "más juntas")
        right += ("n = 1 es más ancha", "menos, porque hay más cartas", "narrower")
        wrong = ("más dispersas", "más ancha", "igual", "n = 1 es más estrecha")
        assert [said for said in right if not q3.check(said).correct] == []
        assert [said for said in wrong if q3.check(said).correct] == []
        assert q3.answer_text.startswith("menos")
