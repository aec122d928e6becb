"""Every lesson's core fits one period (issue 12, "Done when"): this test PRINTS per
lesson its core word count, code cells a student runs and self-checks
(``pytest -s tests/test_lesson_limits.py``), and asserts the limits for every lesson
notebook, which must have ``xactika_lesson`` metadata (its lesson plan is built from it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import nbformat
import pytest

from xactika_edu.base.errors import XactikaError
from xactika_edu.teaching.lessonmeta import (
    MAX_CELLS,
    MAX_CHECKS,
    MAX_MINUTES,
    MAX_WORDS,
    MIN_MINUTES,
    check_lesson_meta,
    count_words,
    lesson_meta,
    lesson_metrics,
    vocabulary,
)

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))

META: dict[str, Any] = {
    "lesson": "4",
    "title": "Will my lead win?",
    "objective": "Students find the chance that nobody can beat a lead.",
    "standards": [{"code": "7.SP.C.5", "activity": "a sure trick has probability 1"}],
    "going_further_standards": [{"code": "HSS-CP.B.6", "activity": "threats set aside"}],
    "timing": [
        {"minutes": 5, "activity": "Warm-up"},
        {"minutes": 30, "activity": "Explore"},
        {"minutes": 10, "activity": "Exit ticket"},
    ],
    "materials": ["projector"],
    "exit_ticket": "chance nobody can beat it",
}


def _notebook(cells: list[Any], meta: dict[str, Any] | None = META) -> Any:
    nb = nbformat.v4.new_notebook(cells=cells)
    if meta is not None:
        nb.metadata["xactika_lesson"] = meta
    return nb


def _md(text: str, *tags: str) -> Any:
    return nbformat.v4.new_markdown_cell(text, metadata={"tags": list(tags)})


def _code(text: str, *tags: str) -> Any:
    return nbformat.v4.new_code_cell(text, metadata={"tags": list(tags)})


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_lesson_core_fits_one_period(path: Path) -> None:
    metrics = lesson_metrics(path)
    meta = lesson_meta(path)
    minutes = "no timing yet" if meta is None else f"{meta.minutes} min"
    print(
        f"\n{path.stem}: {metrics.words} words (<= {MAX_WORDS}), {metrics.cells} cells "
        f"(<= {MAX_CELLS}), {metrics.checks} checks (<= {MAX_CHECKS}), {minutes}"
    )
    assert meta is not None, f"{path.name} has no xactika_lesson metadata"
    assert metrics.problems() == [], f"{path.name}: {metrics.problems()}"
    assert MIN_MINUTES <= meta.minutes <= MAX_MINUTES, f"{path.name}: {meta.minutes} minutes"
    assert vocabulary(path), f"{path.name} has no vocabulary box"


def test_metrics_count_only_the_core_students_see() -> None:
    nb = _notebook(
        [
            _md("# Lesson 4\n\nYou lead a card."),  # 6 words
            _md("Teacher: skip this if time is short.", "teacher"),  # not counted
            _md(
                "| Word | What it means | Example |\n|---|---|---|\n| threat | beats you | 3213 |",
                "vocabulary",
            ),  # Word What it means Example threat beats you 3213 = 9
            _code("from x import y\nsetup = 1", "hide-input"),  # no page text
            _code('Markdown(f"You have **{n}** threats, {who}.")', "hide-input"),  # 3 + 2 = 5
            _code(
                'q1 = Question("How many threats?", answer=3, hint="Count them.")\nanswer_box(q1)',
                "hide-input",
            ),  # 3 words, 1 check
            _code("chance_unbeatable(card, call)"),  # a cell the student runs
            _code("%matplotlib inline\nplot()"),  # another
            _md("## Going further (optional)", "going-further"),
            _md("Lots of words here that do not count at all " * 20),
            _code("more()"),
            _code("answer_box(q9)", "hide-input"),
        ]
    )
    metrics = lesson_metrics(nb)
    assert (metrics.words, metrics.cells, metrics.checks) == (6 + 9 + 5 + 3, 2, 1)
    assert metrics.problems() == []
    prompt = _code('q = Question(prompt="Which card wins?", answer="3213")', "hide-input")
    assert lesson_metrics(_notebook([prompt])).words == 3


@pytest.mark.parametrize(
    ("code", "words"),
    [
        # a translated message: each {placeholder} is one word, {first_drawn} too
        (
            'Markdown(_("You hold {count} cards, {first_drawn}%.").format(count=n, first_drawn=d))',
            5,
        ),
        # an argument that is text puts its words in place of the placeholder's one
        ('Markdown(_("Hi {who}.").format(who=_("the example class")))', 4),
        # one run prints one of two alternatives: the longer counts
        ('Markdown(_("One two three.") if a else _("One."))', 3),
        ('if a:\n    t = _("One two three four.")\nelse:\n    t = _("One.")\nMarkdown(t)', 4),
        (
            'try:\n    x = f()\nexcept E:\n    t = _("A b c.")\nexcept F:\n    t = _("A.")\n'
            'else:\n    t = _("A b.")\nMarkdown(t)',
            3,
        ),
        # ngettext: only the plural (one run shows one form); pgettext: never the context
        ('Markdown(ngettext("{n} card is left.", "{n} cards are left.", n).format(n=n))', 4),
        ('Markdown(pgettext("lead kind", "sure"))', 1),
    ],
)
def test_metrics_count_what_one_run_prints(code: str, words: int) -> None:
    assert lesson_metrics(_notebook([_code(code, "hide-input")])).words == words


def test_metrics_report_what_is_over() -> None:
    cells = [_md("word " * (MAX_WORDS + 1))]
    cells += [_code(f"q{i}.check(a)") for i in range(MAX_CHECKS + 5)]
    metrics = lesson_metrics(_notebook(cells))
    assert metrics.words == MAX_WORDS + 1
    assert metrics.cells == MAX_CHECKS + 5 > MAX_CELLS
    assert metrics.checks == MAX_CHECKS + 5
    assert [p.split(" (")[0] for p in metrics.problems()] == [
        f"{MAX_WORDS + 1} words of student text",
        f"{MAX_CHECKS + 5} code cells a student runs",
        f"{MAX_CHECKS + 5} self-checks",
    ]


def test_word_count_rules() -> None:
    assert count_words("Round to the nearest whole percent: 67%, not 66%.") == 9
    assert count_words("<b>Bold</b> and [a link](http://example.com/x y) ![pic](p.svg)") == 4
    assert count_words("8,000 cards; 3/4 of them; 0.75") == 6


def test_metadata_is_read_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "04_x.ipynb"
    nbformat.write(_notebook([_md("Hi")]), path)
    meta = lesson_meta(path)
    assert meta is not None and meta.minutes == 45 and meta.lesson == "4"
    assert meta.going_further_standards[0].code == "HSS-CP.B.6"
    assert lesson_meta(_notebook([_md("Hi")], meta=None)) is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"title": ""}, "field 'title' must be text, got ''"),
        (
            {"timing": [{"minutes": 0, "activity": "x"}]},
            r"timing\[0\]: 'minutes' must be a whole number 1 to 50, got 0",
        ),
        (
            {"timing": [{"minutes": "5", "activity": "x"}]},
            r"'minutes' must be a whole number 1 to 50, got '5'",
        ),
        ({"timing": []}, "timing is empty"),
        ({"materials": ["ok", 3]}, r"materials\[1\] must be text, got 3"),
        (
            {"standards": [{"code": "HSS-CP.B.6", "activity": "x"}]},
            "HSS-CP.B.6 is a high-school standard",
        ),
        (
            {"standards": [{"code": "7.SP.C.5", "activity": ""}]},
            r"standards\[0\] \(7\.SP\.C\.5\): 'activity'",
        ),
        ({"standards": "7.SP.C.5"}, "field 'standards' must be a list"),
        ({"teacher": "x"}, "unknown field 'teacher'"),
    ],
)
def test_bad_metadata_names_the_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(XactikaError, match=message):
        check_lesson_meta({**META, **change}, "04_x.ipynb: ")
    missing = dict(META)
    del missing["objective"]
    with pytest.raises(XactikaError, match="lacks the field 'objective'"):
        check_lesson_meta(missing)


def test_vocabulary_rows(tmp_path: Path) -> None:
    cell = _md(
        "**Words to use**\n\n| Word | What it means | Example |\n|---|---|---|\n"
        "| face value | the total of the four counts | 2213: 2 + 2 + 1 + 3 = 8 |\n"
        "| threat | a card that beats your lead \\| ties | 3213 beats 2213 |\n",
        "vocabulary",
    )
    rows = vocabulary(_notebook([cell]))
    assert [r.word for r in rows] == ["face value", "threat"]
    assert rows[1].meaning == "a card that beats your lead | ties"
    assert vocabulary(_notebook([_md("no box")])) == []
    bad = _md("| Word | Meaning |\n|---|---|\n| a | b |", "vocabulary")
    with pytest.raises(XactikaError, match="has 2 columns, not 3"):
        vocabulary(_notebook([bad]))
    path = tmp_path / "broken.ipynb"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(XactikaError, match="cannot read notebook"):
        lesson_metrics(path)
    path.write_text(json.dumps({"cells": 3}), encoding="utf-8")
    with pytest.raises(XactikaError, match="is not a Jupyter notebook"):
        lesson_metrics(path)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_hidden_code_is_collapsed_in_jupyterlab(path: Path) -> None:
    """Review 8 (a 7th grader): JupyterLab does not read the ``hide-input`` tag the class
    pack hides code by, so a student who opened a lesson scrolled past hundreds of lines
    of Python (and an answer list above Check 4). Each such cell is also collapsed
    (``metadata.jupyter.source_hidden``), which JupyterLab shows as a "..." bar."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    open_cells = [
        index
        for index, cell in enumerate(notebook["cells"])
        if cell["cell_type"] == "code"
        and {"hide-input", "remove-cell"} & set(cell["metadata"].get("tags", []))
        and not cell["metadata"].get("jupyter", {}).get("source_hidden")
    ]
    assert not open_cells, f"{path.name}: cells {open_cells} hide their code only when rendered"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_review_10_jupyter_says_run_all_first_and_numbers_each_check(path: Path) -> None:
    """Review 10 (two 7th graders): a student who opened a lesson in Jupyter saw text and
    rows of collapsed cells, no pictures and no boxes, and no word on running them; and
    the boxes said "Question:" where the page and the plan say "Check 2". A Jupyter-only
    line (left out of the projected page) says to run all cells, and each answer box has
    its check's number, 1, 2, 3 ... in order."""
    import re

    notebook = json.loads(path.read_text(encoding="utf-8"))
    first = [c for c in notebook["cells"][:3] if "remove-cell" in c["metadata"].get("tags", [])]
    assert first and "Run All Cells" in "".join(first[0]["source"]), path.name
    numbers = [
        int(n)
        for cell in notebook["cells"]
        for n in re.findall(r"answer_box\(\w+, number=(\d+)\)", "".join(cell["source"]))
    ]
    calls = sum("".join(c["source"]).count("answer_box(") for c in notebook["cells"])
    assert numbers == list(range(1, calls)) or numbers == list(range(1, calls + 1)), path.name
